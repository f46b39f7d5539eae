//! Hostile position strings (issue 13, items 7 and 8): counters that would wrap, reserves
//! past the limit or in games that cannot drop them. Each is an error that names the piece
//! and the limit; what the engine writes it reads back.

use fairyforge::{MAX_COUNTER, MAX_RESERVE, Position, Setup, SetupErrorKind, Variant};
use fairyforge_tests::game;

fn error(game_name: &str, fen: &str) -> String {
    let v = game(game_name);
    let e = Setup::parse(&v, fen).unwrap_err();
    format!("{e} ({})", e.hint())
}

/// A half-move clock of 4294967295 wrapped to 0 after a move, and a move number of
/// 4294967295 became 0, which the program then refused. Counters are bounded on input.
#[test]
fn counters_past_the_limit_are_refused() {
    assert_eq!(
        error("chess", "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1"),
        "`4294967295` is too large for a move counter (at most 1000000)"
    );
    assert_eq!(
        error("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295"),
        "`4294967295` is too large for a move counter (at most 1000000)"
    );
    assert_eq!(
        error(
            "chess",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999999"
        ),
        "`99999999999999999999999` is too large for a move counter (at most 1000000)"
    );
    assert_eq!(
        error("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
        "`0` is not a move counter (expected a whole number from 1)"
    );
    assert!(Setup::parse(&game("chess"), "4k3/8/8/8/8/8/8/4K3 w - - 1000000 1000000").is_ok());
}

/// At the limit the counters stay there: the position's string is read back as it is.
#[test]
fn counters_at_the_limit_stay_and_read_back() {
    let v = game("chess");
    let max = MAX_COUNTER;
    let mut p = Position::from_fen(&v, &format!("4k3/8/8/8/8/8/8/4K3 b - - {max} {max}")).unwrap();
    for m in ["e8d8", "e1d1", "d8c8"] {
        p.play_text(&[m]).unwrap();
        assert_eq!(p.halfmove_clock(), max);
        assert_eq!(p.fullmove_number(), max);
        let again = Position::from_fen(&v, &p.fen()).unwrap_or_else(|e| panic!("{}: {e}", p.fen()));
        assert_eq!(again.fen(), p.fen());
    }
    // Taking the moves back restores the counters.
    p.undo();
    p.undo();
    p.undo();
    assert_eq!(p.fen(), format!("4k3/8/8/8/8/8/8/4K3 b - - {max} {max}"));
}

/// More than the documented 64 pieces of one kind in a reserve was clamped to 255.
#[test]
fn a_reserve_past_the_limit_is_refused() {
    let ok = format!(
        "2/4k5/10/10/10/10/10/10/10/10/4K5/2[{}] w - - 0 1",
        "J".repeat(64)
    );
    assert!(Setup::parse(&game("birds-and-ninjas"), &ok).is_ok());
    let bad = format!(
        "2/4k5/10/10/10/10/10/10/10/10/4K5/2[{}] w - - 0 1",
        "J".repeat(65)
    );
    assert_eq!(
        error("birds-and-ninjas", &bad),
        format!(
            "White has more than {MAX_RESERVE} of `J` (ninja pawn) in the reserve (a reserve holds at most 64 pieces of each kind)"
        )
    );
    let e = Setup::parse(&game("birds-and-ninjas"), &bad).unwrap_err();
    assert_eq!(bad[e.offset()..].len(), 65 - 64 + "] w - - 0 1".len());
}

/// A reserve in a game without drops was silently dropped from the position.
#[test]
fn a_reserve_in_a_game_without_drops_is_refused() {
    let fen = "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1";
    assert_eq!(
        error("chess", fen),
        "a reserve, but this game has no drops (leave the brackets out: this game has no drop rules)"
    );
    let e = Setup::parse(&game("chess"), fen).unwrap_err();
    assert_eq!(&fen[e.offset()..e.offset() + e.len()], "[Qq]");
    assert_eq!(e.kind(), &SetupErrorKind::ReserveWithoutDrops);
    // Empty brackets say nothing: they are read.
    assert!(Setup::parse(&game("chess"), "4k3/8/8/8/8/8/8/4K3[] w - - 0 1").is_ok());
}

/// A king, or a piece with no drop rule, in a reserve was accepted and kept.
#[test]
fn a_king_or_an_undroppable_piece_in_a_reserve_is_refused() {
    assert_eq!(
        error(
            "birds-and-ninjas",
            "2/4k5/10/10/10/10/10/10/10/10/4K5/2[Kk] w - - 0 1"
        ),
        "`K` is royal (king) and cannot be in a reserve (a royal piece is never dropped)"
    );
    assert_eq!(
        error(
            "birds-and-ninjas",
            "2/4k5/10/10/10/10/10/10/10/10/4K5/2[JQ] w - - 0 1"
        ),
        "`Q` (queen) has no drop rule, so it cannot be in a reserve (only pieces the game can drop (or gate) may be in a reserve)"
    );
}

/// What the engine writes, it reads: every built-in game's start, and the strings above.
#[test]
fn written_strings_read_back() {
    for name in fairyforge::builtin::game_names() {
        let v = Variant::builtin(name).unwrap();
        let s = Setup::start(&v);
        let again = Setup::parse(&v, &s.to_string()).unwrap();
        assert_eq!(again.to_string(), v.setup(), "{name}");
    }
}

/// Each castling right is given once: `KQkqKQkq` was read as `KQkq`, and so was `KH` in
/// chess, where both letters name the h-file rook.
#[test]
fn a_castling_right_given_twice_is_refused() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w";
    assert_eq!(
        error("chess", &format!("{start} KQkqKQkq - 0 1")),
        "castling right `K` is given twice (give each castling right once, like `KQkq`)"
    );
    assert_eq!(
        error("chess", &format!("{start} KHkq - 0 1")),
        "castling right `H` is given twice (give each castling right once, like `KQkq`)"
    );
    let e = Setup::parse(&game("chess"), &format!("{start} KQkqKQkq - 0 1")).unwrap_err();
    assert_eq!(e.kind(), &SetupErrorKind::CastlingRightTwice('K'));
    assert_eq!(e.offset(), start.len() + 5);
}

/// A game whose position strings mark its holes (`holes-in-position`, Gustav III's chess):
/// each hole is `*` in its place, an empty run stops at it, and a piece, an empty square
/// or a missing `*` where a hole is, or a `*` on a square, is refused at the hole.
#[test]
fn holes_written_as_walls() {
    let v = game("gustav3");
    let start = "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1";
    let mut p = Position::start(&v);
    assert_eq!(p.fen(), start);
    p.play_text(&["b1c3"]).unwrap_err();
    p.play_text(&["c1d3", "b7b5"]).unwrap();
    assert_eq!(
        p.fen(),
        "arnbqkbnra/*1ppppppp*/*8*/*p7*/*8*/*2N5*/*PPPPPPPP*/AR1BQKBNRA w KQkq b6 0 2"
    );
    assert_eq!(Position::from_fen(&v, &p.fen()).unwrap().fen(), p.fen());
    assert_eq!(
        error(
            "gustav3",
            "arnbqkbnra/*pppppppp*/10/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
        ),
        "a6 is a hole of the board, not a square (write `*` for each hole: this game's position strings mark them)"
    );
    assert_eq!(
        error(
            "gustav3",
            "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/PPPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
        ),
        "a2 is a hole of the board, not a square (write `*` for each hole: this game's position strings mark them)"
    );
    assert_eq!(
        error(
            "gustav3",
            "*rnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
        ),
        "`*` marks a hole, but a8 is a square of the board (write a piece letter or a digit for a square)"
    );
    // In a game whose position strings leave holes out, `*` is no character of the board.
    assert_eq!(
        error("chess", "4k3/8/8/8/8/8/8/*3K3 w - - 0 1"),
        "unexpected `*` in the board (expected piece letters and digits)"
    );
}
