//! Every command takes games the same way (built-in names, files, `--option`, `--moves` in
//! the forms `play` accepts, with reasons when a move is refused, and arguments after
//! `--moves` kept), and `play`'s help speaks of the game being played.

use fairyforge_tests::temp_dir;

use super::util::MY_GAME;
use crate::FAIRYFORGE;

#[test]
fn validate_accepts_built_in_names() {
    let (code, out, err) = FAIRYFORGE.run(&[
        "validate",
        "chess",
        "birds-and-ninjas",
        "variants/chess.toml",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "chess: ok (Chess)\nbirds-and-ninjas: ok (Birds and Ninjas)\nvariants/chess.toml: ok (Chess)\n"
    );
    // A mistyped name gets the same answer as in every other command.
    let (code, out, _) = FAIRYFORGE.run(&["validate", "chesss"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with(
            "[unknown-game] `chesss` is neither a built-in game nor a file. Did you mean `chess`?"
        ),
        "{out}"
    );
}

/// A piece of the shared library that the game does not use is shown on its board.
#[test]
fn piece_shows_any_library_piece() {
    let (code, out, err) = FAIRYFORGE.run(&["piece", "pick-the-piece", "ninja-warrior"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "Ninja Warrior (W, White) on e5, empty board of Pick the Piece Big Chess: 8 moves\n"
        ),
        "{out}"
    );
    assert!(
        out.ends_with("moves: e5c5 e5d5 e5e3 e5e4 e5e6 e5e7 e5f5 e5g5\n"),
        "{out}"
    );
    // The same piece where a game uses it moves the same way.
    let (_, there, _) = FAIRYFORGE.run(&["piece", "stealth-ninja", "W"]);
    assert_eq!(out.lines().last(), there.lines().last());
    // In a file of the user's, beside it.
    let dir = temp_dir("piece-library");
    std::fs::write(dir.join("my-game.toml"), MY_GAME).unwrap();
    let (code, out, err) = FAIRYFORGE.run_in(
        &dir,
        &["piece", "my-game.toml", "super-cannon", "--at", "e4"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Super Cannon (C, White) on e4, empty board of My Game"),
        "{out}"
    );
    // A library piece whose letter the game uses already cannot join it.
    let (code, _, err) = FAIRYFORGE.run(&["piece", "chess", "pawn"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("the library piece `pawn` has the letter P, which Chess gives to its Pawn (`chess-pawn`)"),
        "{err}"
    );
}

#[test]
fn piece_takes_options() {
    let (code, _, err) =
        FAIRYFORGE.run(&["piece", "birds-and-ninjas", "K", "--option", "no-such-rule"]);
    assert_eq!(code, 1);
    assert!(err.contains("no-such-rule"), "{err}");
    // With Capture the Scepter on, a king next to the rear squares: its moves there end
    // the game, and they are still shown.
    let (code, out, err) = FAIRYFORGE.run(&[
        "piece",
        "birds-and-ninjas",
        "K",
        "--at",
        "f10",
        "--option",
        "capture-the-scepter",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("f10e11") && out.contains("f10f11"), "{out}");
}

/// `--moves` in `piece`, `perft` and `play`, in the short forms of `play`.
#[test]
fn moves_everywhere_in_short_forms() {
    let (code, fen, err) = FAIRYFORGE.run(&[
        "fen",
        "birds-and-ninjas",
        "--moves",
        "e5",
        "e6",
        "J@e4",
        "Nd8",
    ]);
    assert_eq!(code, 0, "{err}");
    let fen = fen.trim();
    let (_, long, _) = FAIRYFORGE.run(&[
        "fen",
        "birds-and-ninjas",
        "--moves",
        "e2e5",
        "e9e6",
        "J@e2e4",
        "c10d8",
    ]);
    assert_eq!(fen, long.trim());
    assert!(fen.contains("/4J5/"), "the ninja pawn on e4: {fen}");
    // perft and piece reach the same position.
    let (_, a, _) = FAIRYFORGE.run(&[
        "perft",
        "birds-and-ninjas",
        "2",
        "--moves",
        "e5",
        "e6",
        "J@e4",
        "Nd8",
    ]);
    let (_, b, _) = FAIRYFORGE.run(&["perft", "birds-and-ninjas", "2", "--fen", fen]);
    assert_eq!(a, b);
    let (code, out, err) = FAIRYFORGE.run(&[
        "piece",
        "birds-and-ninjas",
        "J",
        "--moves",
        "e5",
        "e6",
        "J@e4",
        "Nd8",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Ninja Pawn (J, White) on e4 in the given position"),
        "{out}"
    );
    // play goes on from there; `undo` takes the last one back.
    let (code, out, err) = FAIRYFORGE.run_with_stdin(
        &[
            "play", "chess", "--white", "human", "--black", "human", "--moves", "e4", "e5",
        ],
        "fen\nundo\nfen\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("White> fen\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"),
        "{out}"
    );
    assert!(out.contains("Took back e7e5."), "{out}");
}

/// A move that `--moves` refuses is named, with the side to move and the reason.
#[test]
fn a_refused_move_says_why() {
    let (code, _, err) = FAIRYFORGE.run(&["moves", "chess", "--moves", "e4", "e4"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: move 2 of --moves, `e4` (Black to move): illegal: no pawn of Black's can move to e4 (type `moves` to list the legal moves)\n"
    );
    let (_, _, err) = FAIRYFORGE.run(&[
        "fen",
        "chess",
        "--fen",
        "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
        "--moves",
        "e2c3",
    ]);
    assert_eq!(
        err,
        "error: move 1 of --moves, `e2c3` (White to move): illegal: the knight on e2 cannot move to c3: that would leave White's king attacked\n"
    );
}

/// An argument after `--moves` is not taken as a move.
#[test]
fn arguments_after_moves_are_kept() {
    let (code, out, err) =
        FAIRYFORGE.run(&["perft", "birds-and-ninjas", "--moves", "e2e5", "e9e6", "3"]);
    assert_eq!(code, 0, "{err}");
    let (_, same, _) =
        FAIRYFORGE.run(&["perft", "birds-and-ninjas", "3", "--moves", "e2e5", "e9e6"]);
    assert_eq!(out, same);
    assert!(out.starts_with("nodes "), "{out}");
    let (code, out, err) = FAIRYFORGE.run(&[
        "piece", "chess", "--moves", "e2e4", "e7e5", "N", "--at", "g1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Knight (N, White) on g1 in the given position: 3 moves"),
        "{out}"
    );
    let (code, _, err) = FAIRYFORGE.run(&["perft", "chess", "--moves", "e2e4"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: perft needs a depth: `fairyforge perft GAME DEPTH`\n"
    );
}

/// `help` in `play` gives examples of the game being played.
#[test]
fn play_help_speaks_of_the_game() {
    let help = |game: &str| {
        let (code, out, err) =
            FAIRYFORGE.run_with_stdin(&["play", game, "--black", "human"], "help\nquit\n");
        assert_eq!(code, 0, "{err}");
        let start = out.find("Type a move, or a command.").expect("the help");
        let end = out[start..].find("  quit     leave").expect("its end") + start;
        out[start..end].to_string()
    };
    let chess = help("chess");
    assert!(
        chess.contains("e2e4 (from, to), e7e8q (promotion), e1g1h1f1 (castling"),
        "{chess}"
    );
    assert!(chess.contains("Na3 (piece letter and"), "{chess}");
    assert!(
        !chess.contains('@') && !chess.contains("e9"),
        "no drops, no rank 9 in chess:\n{chess}"
    );
    let bn = help("birds-and-ninjas");
    assert!(
        bn.contains("e2e5 (from, to), e9e10q (promotion), J@e2 / J@e2e5 (drop, with push)"),
        "{bn}"
    );
    let stealth = help("stealth-ninja");
    assert!(stealth.contains("Y@e0 (drop)"), "{stealth}");
    let capa = help("capablanca");
    assert!(capa.contains("f1i1j1h1 (castling"), "{capa}");
}
