//! Whole games typed into `fairyforge play`, human against human, to the end.

use super::util::{answer_to, dialogue, hvh, session};

/// Birds and Ninjas to checkmate in move text (rules.md § Move text) (17 plies). White pins the pawns beside
/// Black's king (bishop b6 on e9, queen j6 on g9), castles to open the f-file, and a
/// Flying Bomber jumps from f6 to f8 taking both knights (rules.md § The Flying Bomber rule 3); from f8 it attacks
/// the king across the f9 pawn, no piece can take it and the king has no square.
pub const DOUBLE_CAPTURE_MATE: &[&str] = &[
    "f2f5", "a10c8", "g1b6", "c8e6", "f5e6", "c10d8", "e1j6", "d8f7", "h1i3", "h10g8", "f1h1i1g1",
    "g8e7", "a1c3", "e7g6", "f0f6", "g6f8", "f6f8",
];

#[test]
fn checkmate_by_a_bomber_double_capture() {
    let out = hvh(DOUBLE_CAPTURE_MATE);
    // Every move was accepted: one announcement per move and no complaint.
    assert_eq!(
        out.matches(" plays ").count(),
        DOUBLE_CAPTURE_MATE.len(),
        "{out}"
    );
    assert!(
        !out.contains("illegal") && !out.contains("not a move"),
        "{out}"
    );
    assert_eq!(
        answer_to(&out, "f6f8")[0],
        "White plays f6f8 (takes the knight on f7 and the knight on f8)"
    );
    assert_eq!(
        answer_to(&out, "f1h1i1g1")[0],
        "White plays f1h1i1g1 (castling: king to h1, rook to g1)"
    );
    assert!(
        out.contains("Black to move (in check)\nGame over: White wins by checkmate.\n"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("\n> quit"), "{out}");
    insta::assert_snapshot!("double_capture_mate", out);
}

/// A second mate (15 plies), typed the way a player types: piece letter and square,
/// pawn moves by square, `fxe6`, castling as the king's move `Kh1`, a drop by its final
/// square `J@a8` (dropped on a9 and pushed), and the mate `Fxf8`, a Flying Bomber's
/// fly-over capture of the knight on f7 from f0 (rules.md § The Flying Bomber rule 2).
const SHORT_FORMS: &[(&str, &str)] = &[
    ("f5", "f2f5"),
    ("Nd8", "c10d8"),
    ("Bb6", "g1b6"),
    ("Ne6", "d8e6"),
    ("fxe6", "f5e6"),
    ("Ng8", "h10g8"),
    ("Ni3", "h1i3"),
    ("Nh6", "g8h6"),
    ("Kh1", "f1h1i1g1"),
    ("a7", "a9a7"),
    ("Qj6", "e1j6"),
    ("J@a8", "J@a9a8"),
    ("Gc3", "a1c3"),
    ("Nf7", "h6f7"),
    ("Fxf8", "f0f8"),
];

#[test]
fn checkmate_typed_in_short_forms() {
    let mut lines: Vec<&str> = SHORT_FORMS.iter().map(|(typed, _)| *typed).collect();
    // After the end: a move is refused, `undo` takes the mate back, and play goes on.
    lines.extend(["e2e3", "undo", "Ff8", "quit"]);
    let out = hvh(&lines);
    for (i, (typed, text)) in SHORT_FORMS.iter().enumerate() {
        let who = if i % 2 == 0 { "White" } else { "Black" };
        let first = &answer_to(&out, typed)[0];
        assert!(
            first.starts_with(&format!("{who} plays {text}")),
            "`{typed}` should play {text}, got: {first}"
        );
    }
    assert_eq!(
        answer_to(&out, "Fxf8")[0],
        "White plays f0f8 (takes the knight on f7)"
    );
    assert_eq!(
        out.matches("Game over: White wins by checkmate.\n").count(),
        2,
        "announced at the mate, and at the mate again after `undo`:\n{out}"
    );
    assert_eq!(
        answer_to(&out, "e2e3"),
        ["The game is over (White wins by checkmate): type `new`, `undo` or `quit`."]
    );
    assert_eq!(answer_to(&out, "undo")[0], "Took back f0f8.");
    // The same mate typed again without the `x`.
    assert_eq!(
        answer_to(&out, "Ff8")[0],
        "White plays f0f8 (takes the knight on f7)"
    );
    insta::assert_snapshot!("short_forms_mate", dialogue(&out));
}

/// Capture the Scepter (rules.md § Optional rules), turned on with `--option`: White's king walks onto Black's
/// rear square e11, taking the Flying Bomber there, and wins at once. From f10 the king
/// may not go to e10 or e9, which that bomber attacks (rules.md § The Flying Bomber rule 3, § Check and legal moves).
#[test]
fn capture_the_scepter_wins() {
    let fen = "f1/1k8/ppp2K4/10/10/10/10/10/5PPP2/10/1R8/2[JJjj] w - - 0 40";
    let out = session(
        &[
            "birds-and-ninjas",
            "--white",
            "human",
            "--black",
            "human",
            "--option",
            "capture-the-scepter",
            "--fen",
            fen,
        ],
        &["Kf10", "Kc10", "Ke10", "Kxe11"],
    );
    assert!(
        out.contains("Optional rules on: capture-the-scepter\n"),
        "{out}"
    );
    assert_eq!(
        answer_to(&out, "Ke10")[0],
        "illegal: White's king would be attacked on e10"
    );
    assert_eq!(
        answer_to(&out, "Kxe11")[0],
        "White plays f10e11 (takes the flying bomber on e11)"
    );
    assert!(
        out.contains("Game over: White wins by Capture the Scepter.\n"),
        "{out}"
    );
    insta::assert_snapshot!("capture_the_scepter", out);
}

/// Threefold repetition (rules.md § The end of the game): both sides' knights go out and back twice; the start
/// position stands on the board for the third time and the game is drawn.
#[test]
fn threefold_repetition_draws() {
    let out = hvh(&[
        "Nd3", "Nd8", "Nc1", "Nc10", "Nd3", "Nd8", "Nc1", "Nc10", "Nd3",
    ]);
    assert!(
        out.contains("Game over: draw by threefold repetition.\n"),
        "{out}"
    );
    assert_eq!(answer_to(&out, "Nd3")[0], "White plays c1d3");
    // The ninth line came after the end: refused.
    assert!(
        out.ends_with(
            "> Nd3\nThe game is over (draw by threefold repetition): type `new`, `undo` or `quit`.\n> quit\n"
        ),
        "{out}"
    );
    insta::assert_snapshot!("threefold_repetition", dialogue(&out));
}
