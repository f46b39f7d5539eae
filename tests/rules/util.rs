//! Helpers of the rules tests.

use std::sync::Arc;

use fairyforge::{Position, Variant};
use fairyforge_tests::moves_text;

/// A built-in game with optional rules (rules.md § Optional rules) turned on.
pub fn game_with(name: &str, options: &[&str]) -> Arc<Variant> {
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    fairyforge_tests::game_with_options(name, &opts)
        .unwrap_or_else(|e| panic!("{name} with {options:?}: {}", e.render()))
}

/// A Pick the Piece game written by a user (rules.md § Promotion, § Reserves and drops): a Flying Bomber and a Super Cannon
/// in the slots, a Ninja Guard and two ninja pawns in reserve.
pub fn pick_test() -> Arc<Variant> {
    let text = r#"
extends = "pick-the-piece"
name = "Pick Test"
slots.a.piece = "flying-bomber"
slots.j.piece = "super-cannon"
reserve = { ninja-guard = 1, ninja-pawn = 2 }
"#;
    Variant::parse("pick-test.toml", text).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// A position of a built-in game with optional rules turned on.
pub fn pos_with(name: &str, options: &[&str], fen: &str) -> Position {
    let v = game_with(name, options);
    Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("bad position {fen}: {}", e.render(fen)))
}

/// The sorted legal move texts (rules.md § Move text) as a vector.
pub fn moves(p: &Position) -> Vec<String> {
    let t = moves_text(p);
    if t.is_empty() {
        Vec::new()
    } else {
        t.lines().map(str::to_string).collect()
    }
}

/// Does the position have a legal move with this text?
pub fn has(p: &Position, text: &str) -> bool {
    moves(p).iter().any(|m| m == text)
}

/// The legal castling moves as sorted text (rules.md § Castling, § Move text).
pub fn castlings(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

/// The legal drops as sorted text (rules.md § Reserves and drops, § Move text).
pub fn drops(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_drop())
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

/// A snapshot body: the position string, then the sorted legal moves.
pub fn listing(p: &Position) -> String {
    format!("{}\n--\n{}", p.fen(), moves_text(p))
}

/// Text vectors from string literals, for exact comparisons.
pub fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}
