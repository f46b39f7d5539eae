//! The text board of `fairyforge show`, as a pipe sees it (plain text, no colours): the
//! 104-square board with its holes and rear squares, the last move in brackets, the
//! reserves, the status line; and the plain 10x10 board. (`fairyforge list` has its
//! snapshot in the `games` tests, `games/files.rs`.)

use crate::FAIRYFORGE;

fn show(args: &[&str]) -> String {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    let (code, out, err) = FAIRYFORGE.run(&all);
    assert_eq!(code, 0, "show {args:?}: {err}");
    assert!(!out.contains('\x1b'), "no colours when piped:\n{out}");
    // `--no-color` draws the same.
    let mut plain = all.clone();
    plain.push("--no-color");
    assert_eq!(FAIRYFORGE.run(&plain).1, out, "--no-color");
    out
}

#[test]
fn birds_and_ninjas_start() {
    let out = show(&["birds-and-ninjas"]);
    let lines: Vec<&str> = out.lines().collect();
    // Rank 11 and rank 0 draw only e and f (rules.md § The board); the other squares are holes, blank.
    assert_eq!(lines[1], "11              f  f              11");
    assert_eq!(lines[12], " 0              F  F              0");
    assert_eq!(lines[14], "Reserve  White: Jx4   Black: jx4");
    assert_eq!(lines[15], "White to move");
    insta::assert_snapshot!("show_birds_and_ninjas_start", out);
}

/// After seven plies: drops with a push on both sides (reserves down to 3 each), and the
/// last move, the capture f5xg6, in brackets on both its squares.
#[test]
fn birds_and_ninjas_after_drops_and_a_capture() {
    let out = show(&[
        "birds-and-ninjas",
        "--moves",
        "e2e5",
        "e9e6",
        "J@e2e4",
        "J@e9e7",
        "f2f5",
        "g9g6",
        "f5g6",
    ]);
    assert!(
        out.contains(" 6  .  .  .  .  p  . [P] .  .  .  6\n"),
        "{out}"
    );
    assert!(
        out.contains(" 5  .  .  .  .  P [.] .  .  .  .  5\n"),
        "{out}"
    );
    assert!(out.contains("Reserve  White: Jx3   Black: jx3\n"), "{out}");
    insta::assert_snapshot!("show_birds_and_ninjas_after_moves", out);
}

/// The end of a game: the status line says the king is in check and a line gives the result.
#[test]
fn birds_and_ninjas_checkmate() {
    let mut args = vec!["birds-and-ninjas", "--moves"];
    args.extend_from_slice(super::games::DOUBLE_CAPTURE_MATE);
    let out = show(&args);
    assert!(
        out.ends_with("Black to move (in check)\nGame over: White wins by checkmate.\n"),
        "{out}"
    );
    insta::assert_snapshot!("show_birds_and_ninjas_mate", out);
}

#[test]
fn flying_bombers_grand_start() {
    let out = show(&["flying-bombers-grand"]);
    assert_eq!(
        out.lines().count(),
        14,
        "10 ranks, 2 label lines, reserves, status"
    );
    insta::assert_snapshot!("show_flying_bombers_grand_start", out);
}

/// A grand ninja pawn's two-square step in the upper half (rules.md § Pawns), e6-e8, marked.
#[test]
fn flying_bombers_grand_after_moves() {
    let out = show(&[
        "flying-bombers-grand",
        "--moves",
        "e2e5",
        "d9d6",
        "J@e2e4",
        "d6d5",
        "e5e6",
        "a10a8",
        "e6e8",
    ]);
    assert!(
        out.contains(" 8  f  .  .  . [J] .  .  .  .  .  8\n"),
        "{out}"
    );
    assert!(
        out.contains(" 6  .  .  .  . [.] .  .  .  .  .  6\n"),
        "{out}"
    );
    insta::assert_snapshot!("show_flying_bombers_grand_after_moves", out);
}
