//! The computer through `play`: both sides played by the engine end a game by the rules.
//! The positions are a few moves from the end so that the game is short; what is checked
//! is the course of the game, never how fast it went.

use super::util::session;
use crate::FAIRYFORGE;

/// Black's king on j10 has one move (rules.md § The end of the game counts it), then White's rooks mate on rank 10.
#[test]
fn computer_against_computer_plays_to_mate() {
    let fen = "2/9k/R9/10/10/10/10/10/10/10/1R3K4/2[] b - - 0 50";
    let out = session(
        &[
            "birds-and-ninjas",
            "--white",
            "computer",
            "--black",
            "computer",
            "--time",
            "0.05",
            "--fen",
            fen,
        ],
        &[],
    );
    let plays: Vec<&str> = out.lines().filter(|l| l.contains(" plays ")).collect();
    assert_eq!(plays.len(), 2, "{out}");
    assert!(plays[0].starts_with("Black (computer, "), "{out}");
    assert!(plays[0].ends_with(") plays j10i10"), "{out}");
    assert!(plays[1].starts_with("White (computer, "), "{out}");
    assert!(plays[1].ends_with(") plays b1b10"), "the only mate: {out}");
    assert!(
        out.ends_with("Black to move (in check)\nGame over: White wins by checkmate.\n"),
        "the program ends with the game, without reading input:\n{out}"
    );
}

/// You against the computer: your move, its reply (a legal move, announced), `undo`
/// takes both back.
#[test]
fn human_against_computer() {
    let out = session(
        &["birds-and-ninjas", "--time", "0.05"],
        &["e2e5", "undo", "fen"],
    );
    assert!(out.contains("White> e2e5\nWhite plays e2e5\n"), "{out}");
    let reply = out
        .lines()
        .find(|l| l.starts_with("Black (computer, "))
        .unwrap_or_else(|| panic!("the computer replies:\n{out}"));
    let text = reply.split(" plays ").nth(1).unwrap();
    let mv = text.split(' ').next().unwrap();
    let legal = FAIRYFORGE
        .run(&["moves", "birds-and-ninjas", "--moves", "e2e5"])
        .1;
    assert!(legal.lines().any(|l| l == mv), "{mv} is legal");
    let took: Vec<&str> = out.lines().filter(|l| l.starts_with("Took back")).collect();
    assert_eq!(
        took,
        [format!("Took back {mv}.").as_str(), "Took back e2e5."]
    );
    assert!(
        out.contains(
            "White> fen\nff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1\n"
        ),
        "{out}"
    );
}

/// The computer plays both sides of every built-in game for 40 plies through `play`
/// (a fixed node budget per move, so every run plays the same game): the session ends
/// cleanly at the ply limit or at the end of the game, and replaying the announced moves
/// with `fairyforge fen --moves`, which refuses an illegal one, reaches the same position.
#[test]
fn computer_plays_both_sides_of_every_game_for_40_plies() {
    for name in fairyforge::builtin::game_names() {
        let out = session(
            &[
                name, "--white", "computer", "--black", "computer", "--nodes", "2000", "--plies",
                "40",
            ],
            &[],
        );
        assert!(!out.contains("Type `help`"), "nobody types here:\n{out}");
        let played: Vec<&str> = out
            .lines()
            .filter_map(|l| l.split_once(") plays "))
            .map(|(_, rest)| rest.split([' ', ':']).next().expect("a move after `plays`"))
            .collect();
        let last = out.lines().last().unwrap_or_default();
        let reached = if played.len() == 40 {
            last.strip_prefix("Stopped after 40 plies at ")
                .unwrap_or_else(|| panic!("{name}: no stop line:\n{out}"))
                .to_string()
        } else {
            assert!(last.starts_with("Game over: "), "{name}:\n{out}");
            assert!(played.len() < 40, "{name}: {} plies", played.len());
            String::new()
        };
        let mut args = vec!["fen", name, "--moves"];
        args.extend_from_slice(&played);
        let (code, fen, err) = FAIRYFORGE.run(&args);
        assert_eq!(
            code, 0,
            "{name}: a move the computer played is refused: {err}"
        );
        if !reached.is_empty() {
            assert_eq!(fen.trim_end(), reached, "{name}");
        }
    }
}
