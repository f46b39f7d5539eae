//! What `play` answers to bad input: every message says what is wrong, and after each the
//! prompt comes back for the same player and the game goes on.

use super::util::{answer_to, dialogue, hvh, is_prompt, session};

/// Checks that after each refused line the same player is asked again.
fn prompt_returns(out: &str, refused: &[&str]) {
    let lines: Vec<&str> = out.lines().collect();
    for input in refused {
        let at = lines
            .iter()
            .position(|l| is_prompt(l) && l.split_once("> ").is_some_and(|(_, t)| t == *input))
            .unwrap_or_else(|| panic!("`{input}` was not typed"));
        let who = &lines[at][..5];
        let answer = answer_to(out, input);
        assert_eq!(answer.len(), 1, "`{input}`: one line of answer: {answer:?}");
        assert!(
            lines[at + 2].starts_with(&format!("{who}> ")),
            "`{input}`: {who} is asked again, got `{}`",
            lines[at + 2]
        );
    }
}

/// One game of Birds and Ninjas with a mistake of every kind between real moves.
#[test]
fn bad_input_is_explained_and_the_game_goes_on() {
    let script = [
        "z9",     // no such square
        "e5e6",   // no piece there
        "e9e8",   // not your piece
        "f2f7",   // the piece cannot move there
        "Bc4",    // no bishop can go there
        "e6",     // no pawn can go there
        "Nxd3",   // the knight could go there but not capture
        "hello",  // a word that is not a command
        "e2e",    // a square cut short
        "e2e4e5", // malformed
        "12",     // no square at all
        "@e4",    // a drop without a piece letter
        "Z@e2",   // a letter no piece has
        "G@e2",   // a piece this side has none of in reserve
        "J@e6",   // a ninja pawn cannot be dropped to end there
        "J@e2e7", // nor pushed that far
        "O-O",    // no castling possible yet
        "f2f5",   // a move
        "J@e5",   // Black: not a square a drop can reach
        "a9a8",   // a move
        "g1b6",   // the bishop now pins the e9 pawn against the king on f10
        "e9e8",   // Black: the pinned pawn may not move
        "Kf9",    // the king has no square either
        "b9b8", "c1d3", "c9c8", "h1g3", "j9j8", "d3f4", "i9i8",
        "Nh5",  // two knights can reach h5
        "Ngh5", // one of them named by its file
        "moves z3", "moves e5", "moves b1", "undo", "Nh5", // after `undo`: ambiguous again
        "Nfh5",
    ];
    let out = hvh(&script);
    let refused = [
        "z9", "e5e6", "e9e8", "f2f7", "Bc4", "e6", "Nxd3", "hello", "e2e", "e2e4e5", "12", "@e4",
        "Z@e2", "G@e2", "J@e6", "J@e2e7", "O-O", "J@e5", "Kf9", "moves z3", "moves e5", "moves b1",
    ];
    prompt_returns(&out, &refused);
    let said = |input: &str| answer_to(&out, input)[0].clone();
    assert_eq!(said("z9"), "there is no square `z9` on this board");
    assert_eq!(said("e5e6"), "there is no piece on e5");
    assert_eq!(said("f2f7"), "illegal: the pawn on f2 cannot move to f7");
    assert_eq!(
        said("hello"),
        "`hello` is neither a command nor a move (type `help` for the commands)"
    );
    assert_eq!(said("G@e2"), "illegal: White has no ninja guard in reserve");
    assert_eq!(
        said("Nh5"),
        "ambiguous: could be f4h5 or g3h5",
        "two knights can reach h5"
    );
    // The pinned pawn (rules.md § Check and legal moves): the message names the piece and the reason.
    let lines: Vec<&str> = out.lines().collect();
    let pinned = lines
        .iter()
        .position(|l| *l == "Black> e9e8")
        .expect("Black tried e9e8");
    assert_eq!(
        lines[pinned + 1],
        "illegal: the pawn on e9 cannot move to e8: that would leave Black's king attacked"
    );
    assert!(out.contains("White plays g3h5\n") && out.contains("White plays f4h5\n"));
    insta::assert_snapshot!("bad_input", dialogue(&out));
}

/// Dropping from an empty reserve: White drops its four ninja pawns (rules.md § Reserves and drops), then asks for
/// a fifth; Black mirrors.
#[test]
fn drop_from_an_empty_reserve() {
    let out = hvh(&[
        "e2e5", "e9e6", "J@e4", "J@e7", "J@e3", "J@e8", "J@e2", "J@e9", "d2d5", "d9d6", "J@d4",
        "J@d7", "J@d3", "moves d2", "fen",
    ]);
    prompt_returns(&out, &["J@d3"]);
    assert_eq!(
        answer_to(&out, "J@d3")[0],
        "illegal: White has no ninja pawn in reserve"
    );
    assert!(
        out.contains("Reserve  White: -   Black: -\n"),
        "the empty reserves are shown:\n{out}"
    );
    assert_eq!(
        answer_to(&out, "fen")[0],
        "ff/grnbqkbnrg/ppp1jppppp/4j5/3jj5/3pp5/3PP5/3JJ5/4J5/PPP1JPPPPP/GRNBQKBNRG/FF[] w BIbi - 0 7"
    );
    insta::assert_snapshot!("empty_reserve", dialogue(&out));
}

/// The commands besides moves: help, moves, fen, board, undo, new and quit.
#[test]
fn commands() {
    let out = hvh(&[
        "help", "moves", "moves f0", "e2e5", "fen", "undo", "undo", "board", "new", "", "quit",
    ]);
    let help = answer_to(&out, "help");
    assert!(
        help[0].starts_with("Type a move, or a command."),
        "{help:?}"
    );
    assert!(help.iter().any(|l| l.contains("J@e5")), "{help:?}");
    assert_eq!(
        answer_to(&out, "moves")[0].split(':').next(),
        Some("36 legal moves")
    );
    assert_eq!(
        answer_to(&out, "moves f0"),
        ["the piece on f0 has no legal move"]
    );
    assert_eq!(
        answer_to(&out, "fen"),
        [
            "ff/grnbqkbnrg/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/GRNBQKBNRG/FF[JJJJjjjj] b BIbi e3e4 0 1"
        ]
    );
    let mut undo = out
        .lines()
        .filter(|l| l.starts_with("Took back") || l.starts_with("There is no"));
    assert_eq!(undo.next(), Some("Took back e2e5."));
    assert_eq!(undo.next(), Some("There is no move to take back."));
    insta::assert_snapshot!("commands", dialogue(&out));
}

/// A line that is not UTF-8 is refused alone and the game goes on.
#[test]
fn a_line_that_is_not_utf8_is_refused() {
    let (code, out, err) = crate::FAIRYFORGE.run_with_bytes(
        &["play", "chess", "--white", "human", "--black", "human"],
        b"e2e4\n\xe92e4\ne7e5\nquit\n",
    );
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(
        out.contains(
            "Black> \nthe line is not UTF-8 text (byte 0xE9 at column 1): it was ignored\nBlack> e7e5\n"
        ),
        "{out}"
    );
}

/// One legal move is `1 legal move`, not `1 legal moves`.
#[test]
fn one_legal_move_is_singular() {
    let out = session(
        &[
            "chess",
            "--fen",
            "1r6/8/8/8/8/2k5/8/K7 w - - 0 1",
            "--white",
            "human",
            "--black",
            "human",
        ],
        &["moves"],
    );
    assert_eq!(answer_to(&out, "moves"), ["1 legal move:", "  a1a2"]);
}
