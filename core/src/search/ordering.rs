//! Move ordering: the order in which a node tries its moves decides how much alpha-beta
//! can cut. The table's move first, then captures that win material (most valuable victims
//! first, by the least valuable attacker), killers and the counter-move, quiet moves by
//! their history, and captures that lose material by exchange last.

use crate::moves::Move;
use crate::types::{Color, Kind, Square};

use super::moves::NO_MOVE;
use super::tables::slot;

pub(crate) const ORDER_TT: i32 = 1 << 30;
pub(crate) const ORDER_GOOD_TACTICAL: i32 = 1 << 28;
pub(crate) const ORDER_KILLER: i32 = 1 << 27;
pub(crate) const ORDER_COUNTER: i32 = ORDER_KILLER - 2;
/// Below every quiet move.
pub(crate) const ORDER_BAD_TACTICAL: i32 = -(1 << 28);

/// History values stay within this.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// Learnt statistics of quiet moves, kept between the searches of one game.
pub(crate) struct History {
    squares: usize,
    /// Per (piece kind and colour, destination): how often the move cut off.
    quiet: Vec<i32>,
    /// Per (piece kind and colour, destination) of the previous move: the reply that
    /// refuted it.
    counter: Vec<Move>,
}

impl History {
    pub fn new(kinds: usize, squares: usize) -> History {
        History {
            squares,
            quiet: vec![0; kinds * 2 * squares],
            counter: vec![NO_MOVE; kinds * 2 * squares],
        }
    }

    /// Older lessons count for less in a new search.
    pub fn age(&mut self) {
        for h in &mut self.quiet {
            *h /= 2;
        }
    }

    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.counter.fill(NO_MOVE);
    }

    #[inline]
    fn index(&self, kind: Kind, color: Color, to: Square) -> usize {
        slot(kind, color) * self.squares + to.index()
    }

    #[inline]
    pub fn quiet(&self, kind: Kind, color: Color, to: Square) -> i32 {
        self.quiet[self.index(kind, color, to)]
    }

    /// Rewards (positive `bonus`) or punishes a quiet move; values saturate at
    /// [`HISTORY_MAX`].
    #[inline]
    pub fn update(&mut self, kind: Kind, color: Color, to: Square, bonus: i32) {
        let i = self.index(kind, color, to);
        let e = &mut self.quiet[i];
        *e += bonus - *e * bonus.abs() / HISTORY_MAX;
    }

    #[inline]
    pub fn counter(&self, prev: Option<(Kind, Color, Square)>) -> Move {
        match prev {
            Some((k, c, to)) => self.counter[self.index(k, c, to)],
            None => NO_MOVE,
        }
    }

    #[inline]
    pub fn set_counter(&mut self, prev: Option<(Kind, Color, Square)>, m: Move) {
        if let Some((k, c, to)) = prev {
            let i = self.index(k, c, to);
            self.counter[i] = m;
        }
    }
}

/// The history bonus of a cut-off at `depth`.
#[inline]
pub(crate) fn bonus(depth: i32) -> i32 {
    (depth * depth * 16 + 32 * depth).min(1600)
}

/// Picks the best-keyed remaining move into slot `i` (a selection sort step: most nodes
/// cut after the first few moves).
#[inline]
pub(crate) fn pick(moves: &mut [Move], keys: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    keys.swap(i, best);
}

/// The MVV-LVA key of a capture: victims first, then the cheaper attacker.
#[inline]
pub(crate) fn mvv_lva(victims: i32, attacker: i32) -> i32 {
    victims.min(1 << 20) * 32 - attacker.min(1 << 14) / 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_saturates() {
        let mut h = History::new(2, 4);
        for _ in 0..1000 {
            h.update(Kind::new(1), Color::Black, Square(3), bonus(20));
        }
        let v = h.quiet(Kind::new(1), Color::Black, Square(3));
        assert!(v > HISTORY_MAX * 9 / 10 && v <= HISTORY_MAX, "{v}");
        assert_eq!(h.quiet(Kind::new(1), Color::White, Square(3)), 0);
        for _ in 0..1000 {
            h.update(Kind::new(1), Color::Black, Square(3), -bonus(20));
        }
        assert!(h.quiet(Kind::new(1), Color::Black, Square(3)) < -HISTORY_MAX * 9 / 10);
        h.age();
        h.clear();
        assert_eq!(h.quiet(Kind::new(1), Color::Black, Square(3)), 0);
    }

    #[test]
    fn picking_takes_the_highest_key() {
        let m = |i: u16| super::super::moves::test_move(Square(i), Square(i + 1));
        let mut moves = vec![m(1), m(2), m(3)];
        let mut keys = vec![5, 9, 7];
        pick(&mut moves, &mut keys, 0);
        assert_eq!((moves[0], keys[0]), (m(2), 9));
        pick(&mut moves, &mut keys, 1);
        assert_eq!(keys, [9, 7, 5]);
        assert!(mvv_lva(900, 100) > mvv_lva(500, 100));
        assert!(mvv_lva(500, 100) > mvv_lva(500, 300));
    }
}
