//! Gating (docs/format.md § Gating): a reserve piece put on the square a piece leaves on
//! its first move, in Seirawan Chess. Every position string and move list below is
//! Fairy-Stockfish's (pyffish 0.0.90, variant `seirawan`).

use fairyforge::{Position, Variant};

use crate::util::{moves, pos_with, strs};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1";
const CASTLE: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1";

fn after(fen: &str, played: &[&str]) -> String {
    let mut p = pos_with("seirawan", &[], fen);
    p.play_text(played)
        .unwrap_or_else(|e| panic!("{played:?}: {e}"));
    p.fen()
}

#[test]
fn the_start_gates_with_each_first_move_from_the_back_rank() {
    let v = Variant::builtin("seirawan").unwrap();
    let p = Position::start(&v);
    assert_eq!(p.fen(), START);
    let knights: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with(['b', 'g']))
        .collect();
    assert_eq!(
        knights,
        strs(&[
            "b1a3", "b1a3e", "b1a3h", "b1c3", "b1c3e", "b1c3h", "b2b3", "b2b4", "g1f3", "g1f3e",
            "g1f3h", "g1h3", "g1h3e", "g1h3h", "g2g3", "g2g4",
        ])
    );
    assert_eq!(moves(&p).len(), 28);
}

#[test]
fn castling_gates_on_the_kings_square_or_the_rooks() {
    let p = pos_with("seirawan", &[], CASTLE);
    let castles: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.len() > 5 && m.starts_with("e1"))
        .collect();
    assert_eq!(
        castles,
        strs(&[
            "e1c1a1d1",
            "e1c1a1d1e",
            "e1c1a1d1ea1",
            "e1c1a1d1h",
            "e1c1a1d1ha1",
            "e1g1h1f1",
            "e1g1h1f1e",
            "e1g1h1f1eh1",
            "e1g1h1f1h",
            "e1g1h1f1hh1",
        ])
    );
    // Fairy-Stockfish's e1g1h, h1e1h, e1c1e, a1e1e and e1g1.
    assert_eq!(
        after(CASTLE, &["e1g1h1f1h"]),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b Akq - 1 1"
    );
    assert_eq!(
        after(CASTLE, &["e1g1h1f1hh1"]),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b Akq - 1 1"
    );
    assert_eq!(
        after(CASTLE, &["e1c1a1d1e"]),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KRE2R[Heh] b Hkq - 1 1"
    );
    assert_eq!(
        after(CASTLE, &["e1c1a1d1ea1"]),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/E1KR3R[Heh] b Hkq - 1 1"
    );
    assert_eq!(
        after(CASTLE, &["e1g1h1f1"]),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1[EHeh] b Akq - 1 1"
    );
}

#[test]
fn gates_are_lost_when_their_piece_moves_or_is_taken() {
    // The f1 bishop gates and takes on d7, where Black's bishop came from c8: both lose
    // their gates.
    assert_eq!(
        after(START, &["e2e4", "d7d5", "f1b5h", "c8d7", "b5d7"]),
        "rn1qkbnr/pppBpppp/8/3p4/4P3/8/PPPP1PPP/RNBQKHNR[Eeh] b KQBCDGkqbdfg - 0 3"
    );
}

#[test]
fn a_side_with_an_empty_reserve_writes_no_gates() {
    assert_eq!(
        after(START, &["b1c3h", "b8c6", "g1f3e", "g8f6"]),
        "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/RHBQKBER[eh] w KQkqcdf - 4 3"
    );
    // Taking the moves back brings White's gates back with its reserve.
    let v = Variant::builtin("seirawan").unwrap();
    let mut p = Position::start(&v);
    p.play_text(&["b1c3h", "b8c6", "g1f3e", "g8f6"]).unwrap();
    for _ in 0..4 {
        p.undo();
    }
    assert_eq!(p.fen(), START);
    assert_eq!(p, Position::start(&v));
}

#[test]
fn a_gated_piece_shields_nothing() {
    // As Fairy-Stockfish judges it: the bishop pinned on d1 may not move, gate or not,
    // and the king in check from a1 may not step to f1 behind a piece it gates on e1.
    let p = pos_with("seirawan", &[], "4k3/8/8/8/8/8/8/r2BK3[Hh] w D - 0 1");
    assert_eq!(moves(&p), strs(&["e1d2", "e1e2", "e1f1", "e1f2"]));
    let p = pos_with("seirawan", &[], "4k3/8/8/8/8/8/8/r3K3[Hh] w E - 0 1");
    assert_eq!(
        moves(&p),
        strs(&["e1d2", "e1d2h", "e1e2", "e1e2h", "e1f2", "e1f2h"])
    );
}

#[test]
fn gating_moves_are_written_and_read_in_every_form() {
    let v = Variant::builtin("seirawan").unwrap();
    let p = Position::start(&v);
    let m = p.parse_move("b1c3h").unwrap();
    assert_eq!(m.gate().map(|(k, _)| v.piece(k).letter()), Some('H'));
    assert_eq!(p.readable_text(&m), "Nc3/H");
    assert_eq!(p.parse_input("Nc3/H").unwrap(), m);
    assert_eq!(p.readable_text(&p.parse_move("g1f3").unwrap()), "Nf3");
    assert_eq!(p.move_text(&p.parse_input("Nf3").unwrap()), "g1f3");
    assert_eq!(p.gui_text(&m), "b1c3h");
    let p = pos_with("seirawan", &[], CASTLE);
    for (long, readable, gui) in [
        ("e1g1h1f1h", "O-O/He1", "e1g1h"),
        ("e1g1h1f1hh1", "O-O/Hh1", "h1e1h"),
        ("e1c1a1d1ea1", "O-O-O/Ea1", "a1e1e"),
        ("e1g1h1f1", "O-O", "e1g1"),
    ] {
        let m = p.parse_move(long).unwrap();
        assert_eq!(p.readable_text(&m), readable);
        assert_eq!(p.parse_input(readable).unwrap(), m);
        assert_eq!(p.gui_text(&m), gui);
        assert_eq!(p.parse_gui_text(gui).unwrap(), m);
    }
}

#[test]
fn position_strings_name_gates_on_pieces_of_the_zone() {
    let v = Variant::builtin("seirawan").unwrap();
    let empty = "4k3/8/8/8/8/8/8/4K3[Hh] w B - 0 1";
    assert_eq!(
        Position::from_fen(&v, empty).unwrap_err().to_string(),
        "gate `B` but no White piece stands on b1"
    );
    let off = "4k3/8/8/8/8/8/8/1N2K3[Hh] w X - 0 1";
    assert_eq!(
        Position::from_fen(&v, off).unwrap_err().to_string(),
        "`X` is not a castling right or a gate of this game"
    );
}

#[test]
fn a_gating_zone_with_two_squares_on_a_file_is_refused() {
    let text = r#"
extends = "seirawan"
name = "Two Ranks"
gating = { pieces = ["hawk"], zone = "ranks 1..2" }
"#;
    let err = Variant::parse("two-ranks.toml", text).unwrap_err().render();
    assert!(
        err.contains("the gating zone has two squares on the a file for White"),
        "{err}"
    );
    let text = r#"
extends = "seirawan"
name = "No Such Piece"
gating = { pieces = ["dragon"] }
"#;
    let err = Variant::parse("no-such.toml", text).unwrap_err().render();
    assert!(
        err.contains("gating piece `dragon` is not a piece of this game"),
        "{err}"
    );
}

/// A side with nothing in reserve has no gates: its gate letters are read and dropped,
/// so that the string read and the position's string agree, as Fairy-Stockfish writes
/// it (`KQkqbcdfg`). A string the fuzzing of position strings found.
#[test]
fn the_gates_of_a_side_with_an_empty_reserve_are_dropped() {
    let v = Variant::builtin("seirawan").unwrap();
    let text = "rnbqkbnr/ppp2ppp/8/3pp3/6P1/N7/PPPPPP1P/REBQKBNR[eh] w KQCDFGkqbcdfg - 0 3";
    let setup = fairyforge::Setup::parse(&v, text).unwrap();
    let written = "rnbqkbnr/ppp2ppp/8/3pp3/6P1/N7/PPPPPP1P/REBQKBNR[eh] w KQkqbcdfg - 0 3";
    assert_eq!(setup.to_string(), written);
    assert_eq!(Position::from_setup(setup).fen(), written);
}
