//! Exact perft of orthodox chess and Capablanca (issue: core). Any wrong count is a bug.

use fairyforge::{Position, perft};
use fairyforge_tests::{game, pos};

fn check(name: &str, fen: Option<&str>, expected: &[u64]) {
    let v = game(name);
    let mut p = match fen {
        Some(f) => pos(name, f),
        None => Position::start(&v),
    };
    for (i, want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&mut p, depth), *want, "{name} {fen:?} depth {depth}");
    }
}

#[test]
fn chess_start() {
    check("chess", None, &[20, 400, 8902, 197281, 4865609]);
}

#[test]
fn chess_kiwipete() {
    check(
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        &[48, 2039, 97862, 4085603],
    );
}

#[test]
fn chess_endgame_en_passant() {
    check(
        "chess",
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        &[14, 191, 2812, 43238, 674624],
    );
}

#[test]
fn chess_promotions_and_castling() {
    check(
        "chess",
        Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
        &[6, 264, 9467, 422333],
    );
}

#[test]
fn chess_position_five() {
    check(
        "chess",
        Some("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
        &[44, 1486, 62379, 2103487],
    );
}

#[test]
fn capablanca_start() {
    check(
        "capablanca",
        Some("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
        &[28, 784, 25228, 805128],
    );
}

#[test]
fn fen_round_trips_plain_chess_fen() {
    let f = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(pos("chess", f).fen(), f);
    let mut p = Position::start(&game("chess"));
    p.play_text(&["e2e4"]).unwrap();
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}
