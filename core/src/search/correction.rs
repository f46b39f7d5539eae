//! Correction history: the static evaluation errs alike in positions that share their
//! pawn-like pieces, so the search learns, per side to move and arrangement of those
//! pieces, how far its results fell from the evaluation, and adds that to later
//! evaluations of the same arrangement (docs/engine.md, § Search). The pieces are the
//! game's own pawn-like ones: no piece and no game is named here.

use crate::position::Position;
use crate::types::Color;

/// Entries per side (a power of two: the key's low bits index it).
const ENTRIES: usize = 1 << 14;
/// Units of an entry per centipawn.
const GRAIN: i32 = 16;
/// The largest correction, in centipawns.
const LIMIT_CP: i32 = 200;

/// The learnt corrections, kept between the searches of one game.
pub(crate) struct Correction {
    table: Vec<i32>,
}

impl Correction {
    pub fn new() -> Correction {
        Correction {
            table: vec![0; 2 * ENTRIES],
        }
    }

    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    /// The key of the position's pawn-like pieces (`pawn`: per kind): the same hash keys
    /// as the position's own hash, for those pieces only.
    pub fn key(pos: &Position, pawn: &[bool]) -> u64 {
        let z = &pos.variant().zobrist;
        let board = pos.board();
        let mut key = 0;
        for c in Color::BOTH {
            for &sq in pos.pieces_of(c) {
                let p = board[sq.index()];
                if pawn[p.kind().index()] {
                    key ^= z.piece(p, sq);
                }
            }
        }
        key
    }

    #[inline]
    fn index(us: Color, key: u64) -> usize {
        us.index() * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    /// The correction, in centipawns, for the side to move `us`.
    #[inline]
    pub fn get(&self, us: Color, key: u64) -> i32 {
        self.table[Self::index(us, key)] / GRAIN
    }

    /// Moves the entry toward `diff` (the searched score less the raw evaluation), the
    /// more so the deeper the search that found it.
    pub fn update(&mut self, us: Color, key: u64, diff: i32, depth: i32) {
        let w = (depth + 1).clamp(1, 16);
        let e = &mut self.table[Self::index(us, key)];
        let target = diff.clamp(-LIMIT_CP, LIMIT_CP) * GRAIN;
        *e = (*e * (256 - w) + target * w) / 256;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn corrections_follow_the_pawns_and_the_side() {
        let v = Variant::builtin("chess").unwrap();
        let pawn: Vec<bool> = v.pieces.iter().map(|p| p.pawn).collect();
        let start = Position::start(&v);
        let key = Correction::key(&start, &pawn);
        let mut knight = start.clone();
        knight.play_text(&["g1f3"]).unwrap();
        // A knight's move keeps the pawns: the same key.
        assert_eq!(Correction::key(&knight, &pawn), key);
        let mut pawn_move = start.clone();
        pawn_move.play_text(&["e2e4"]).unwrap();
        assert_ne!(Correction::key(&pawn_move, &pawn), key);

        let mut c = Correction::new();
        for _ in 0..200 {
            c.update(Color::White, key, 80, 10);
        }
        // The entry approaches the searched difference, for that side only.
        assert!(
            (75..=80).contains(&c.get(Color::White, key)),
            "{}",
            c.get(Color::White, key)
        );
        assert_eq!(c.get(Color::Black, key), 0);
        // Differences beyond the limit count as the limit.
        for _ in 0..400 {
            c.update(Color::Black, key, -5000, 16);
        }
        let black = c.get(Color::Black, key);
        assert!((-LIMIT_CP..=-LIMIT_CP + 5).contains(&black), "{black}");
        c.clear();
        assert_eq!(c.get(Color::White, key), 0);
    }
}
