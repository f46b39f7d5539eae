//! Round trips keep perft: a game exported then imported, and a section imported, exported
//! and imported again, count the same move paths as the original (depth 3 from the start
//! and from positions part-way through a game).

use std::sync::Arc;

use fairyforge::{Position, Variant, ini, perft};
use fairyforge_tests::root;

use crate::{COMPLETE, EXAMPLES};

/// Positions of a game: the start and every 10th ply of a game chosen by a fixed rule.
fn positions(v: &Arc<Variant>) -> Vec<String> {
    let mut pos = Position::start(v);
    let mut out = vec![pos.fen()];
    for ply in 0..40 {
        let mut moves: Vec<(String, _)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| (pos.move_text(&m), m))
            .collect();
        if moves.is_empty() {
            break;
        }
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        let m = moves[(ply * 7 + 3) % moves.len()].1;
        pos.play(&m).unwrap();
        if ply % 10 == 9 {
            out.push(pos.fen());
        }
    }
    out
}

fn counts(v: &Arc<Variant>, fens: &[String], depth: u32) -> Vec<u64> {
    fens.iter()
        .map(|f| perft(&mut Position::from_fen(v, f).unwrap(), depth))
        .collect()
}

/// Every built-in game that a section says whole (`crate::export::WHOLE`), exported then
/// imported, counts what the game counts.
#[test]
fn export_then_import_keeps_perft() {
    for game in crate::export::WHOLE {
        let v = Variant::builtin(game).unwrap();
        let section = ini::export(&v, game).section().to_string();
        let t = ini::import("exported.ini", &section, None).unwrap();
        assert!(t.is_complete(), "{game}: {:?}", t.diagnostics());
        let back = Variant::parse("back.toml", t.toml()).unwrap();
        let fens = positions(&v);
        assert_eq!(counts(&v, &fens, 3), counts(&back, &fens, 3), "{game}");
        // Every rule is read back as it was written, the end of the game's included:
        // the file exports to the same section (after its first line, which names the
        // file's description).
        let again = ini::export(&back, game).section().to_string();
        let body = |s: &str| s.split_once('\n').map(|(_, b)| b.to_string());
        assert_eq!(body(&again), body(&section), "{game}");
    }
}

#[test]
fn import_then_export_then_import_keeps_perft() {
    let text = std::fs::read_to_string(root().join(EXAMPLES)).unwrap();
    for name in COMPLETE {
        let first = ini::import(EXAMPLES, &text, Some(name)).unwrap();
        let v = Variant::parse("first.toml", first.toml()).unwrap();
        let e = ini::export(&v, name);
        assert!(e.is_complete(), "{name}: {:?}", e.diagnostics());
        let second = ini::import("exported.ini", e.section(), None).unwrap();
        assert!(second.is_complete(), "{name}: {:?}", second.diagnostics());
        let w = Variant::parse("second.toml", second.toml()).unwrap();
        let fens = positions(&v);
        let depth = if *name == "handchess" { 2 } else { 3 };
        assert_eq!(counts(&v, &fens, depth), counts(&w, &fens, depth), "{name}");
    }
}
