//! Perft: counting move paths to a depth, the standard test of move generation.
//! It counts the last ply without playing it, ignores the draw rules and stops at a
//! finished game (rules.md § The end of the game).

use crate::moves::Move;
use crate::position::Position;

/// Counts the move paths of `depth` plies from the position (its leaf nodes). Reuses one
/// move buffer per ply.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect();
    // Whether the game counts checks is asked once here, not at every move.
    // So is whether captured pieces go to the reserve.
    // And whether the game has gating, which comes with the reserves' way.
    match (pos.counts_checks(), pos.reserve_way(), pos.has_gates()) {
        (false, false, _) => count::<false, false, false>(pos, depth, &mut bufs),
        (true, false, _) => count::<true, false, false>(pos, depth, &mut bufs),
        (false, true, false) => count::<false, true, false>(pos, depth, &mut bufs),
        (true, true, false) => count::<true, true, false>(pos, depth, &mut bufs),
        (false, true, true) => count::<false, true, true>(pos, depth, &mut bufs),
        (true, true, true) => count::<true, true, true>(pos, depth, &mut bufs),
    }
}

fn count<const CHECKS: bool, const TO_HAND: bool, const GATING: bool>(
    pos: &mut Position,
    depth: u32,
    bufs: &mut [Vec<Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    pos.generate_legal_as::<GATING>(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for &m in buf.iter() {
        pos.play_as::<CHECKS, TO_HAND, GATING>(&m);
        n += count::<CHECKS, TO_HAND, GATING>(pos, depth - 1, rest);
        pos.undo_as::<TO_HAND, GATING>();
    }
    n
}

/// Perft split by root move: `(move text, count)` sorted by move text.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    for m in pos.legal_moves() {
        let text = pos.move_text(&m);
        pos.play_unchecked(&m);
        let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
        pos.undo();
        out.push((text, n));
    }
    out.sort();
    out
}

/// Perft that reports progress after each root move: `on_root(done, total)`.
pub fn perft_with_progress(
    pos: &mut Position,
    depth: u32,
    mut on_root: impl FnMut(usize, usize),
) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    let mut root = Vec::new();
    pos.generate_legal(&mut root);
    let mut n = 0;
    for (i, m) in root.iter().enumerate() {
        pos.play_unchecked(m);
        n += perft(pos, depth - 1);
        pos.undo();
        on_root(i + 1, root.len());
    }
    n
}
