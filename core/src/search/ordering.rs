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

/// The most entries a continuation table may have (each an `i16`): a game whose pieces
/// and squares would need more plays without continuation history.
const CONT_MAX_ENTRIES: usize = 1 << 24;

/// A move as the histories know it: the kind that moved and where it landed (its colour
/// follows from the side to move).
pub(crate) type Played = (Kind, Color, Square);

/// Learnt statistics of quiet moves, kept between the searches of one game.
pub(crate) struct History {
    squares: usize,
    /// Per (piece kind and colour, destination): how often the move cut off.
    quiet: Vec<i32>,
    /// Per (piece kind and colour, destination) of the previous move: the reply that
    /// refuted it.
    counter: Vec<Move>,
    /// Continuation history: how often a quiet move cut off after a given move one ply
    /// before it (`cont[0]`) and two plies before it (`cont[1]`). Indexed by the side to
    /// move, the earlier move (kind, destination) and the quiet move (kind, destination);
    /// empty when the game is too large for it (see `CONT_MAX_ENTRIES`).
    cont: [Vec<i16>; 2],
    /// The indexes of `cont`'s entries that may be nonzero, each once: aging and
    /// clearing touch these alone. A table has up to millions of entries; a search of a
    /// few thousand nodes changes a few thousand, and halving every entry at each
    /// search's start cost a quarter of a self-play game's instructions.
    live: [Vec<u32>; 2],
    /// One bit per entry of `cont`: is its index in `live`?
    listed: [Vec<u64>; 2],
    /// Kinds times squares: the size of one move's index.
    moves: usize,
}

impl History {
    pub fn new(kinds: usize, squares: usize) -> History {
        let moves = kinds * squares;
        let entries = 2 * moves * moves;
        let cont = if entries <= CONT_MAX_ENTRIES {
            entries
        } else {
            0
        };
        History {
            squares,
            quiet: vec![0; kinds * 2 * squares],
            counter: vec![NO_MOVE; kinds * 2 * squares],
            cont: [vec![0; cont], vec![0; cont]],
            live: [Vec::new(), Vec::new()],
            listed: [vec![0; cont.div_ceil(64)], vec![0; cont.div_ceil(64)]],
            moves,
        }
    }

    /// Older lessons count for less in a new search.
    pub fn age(&mut self) {
        for h in &mut self.quiet {
            *h /= 2;
        }
        // Every nonzero entry is listed: halving the listed ones halves the table.
        for t in 0..2 {
            let (table, listed) = (&mut self.cont[t], &mut self.listed[t]);
            self.live[t].retain(|&i| {
                let h = &mut table[i as usize];
                *h /= 2;
                let kept = *h != 0;
                if !kept {
                    listed[i as usize / 64] &= !(1 << (i % 64));
                }
                kept
            });
        }
    }

    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.counter.fill(NO_MOVE);
        for t in 0..2 {
            for i in self.live[t].drain(..) {
                self.cont[t][i as usize] = 0;
            }
            self.listed[t].fill(0);
        }
    }

    /// Where the continuation entry of `cur` after `earlier` lives, if the game has the
    /// tables and the earlier move was a move (not a null move, not the root).
    #[inline]
    fn cont_index(&self, earlier: Option<Played>, cur: (Kind, Color, Square)) -> Option<usize> {
        let (pk, _, pto) = earlier?;
        if self.cont[0].is_empty() {
            return None;
        }
        let (k, us, to) = cur;
        let e = pk.index() * self.squares + pto.index();
        let c = k.index() * self.squares + to.index();
        Some((us.index() * self.moves + e) * self.moves + c)
    }

    /// The continuation history of a quiet move after the moves one and two plies before.
    #[inline]
    pub fn continuation(&self, earlier: [Option<Played>; 2], cur: Played) -> i32 {
        let mut sum = 0;
        for (table, e) in self.cont.iter().zip(earlier) {
            if let Some(i) = self.cont_index(e, cur) {
                sum += table[i] as i32;
            }
        }
        sum
    }

    /// Rewards or punishes a quiet move after the moves one and two plies before it.
    #[inline]
    pub fn update_continuation(&mut self, earlier: [Option<Played>; 2], cur: Played, bonus: i32) {
        for (t, e) in earlier.into_iter().enumerate() {
            if let Some(i) = self.cont_index(e, cur) {
                let v = self.cont[t][i] as i32;
                let new = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
                self.cont[t][i] = new;
                let (word, bit) = (&mut self.listed[t][i / 64], 1 << (i % 64));
                if new != 0 && *word & bit == 0 {
                    *word |= bit;
                    self.live[t].push(i as u32);
                }
            }
        }
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
    pub fn counter(&self, prev: Option<Played>) -> Move {
        match prev {
            Some((k, c, to)) => self.counter[self.index(k, c, to)],
            None => NO_MOVE,
        }
    }

    #[inline]
    pub fn set_counter(&mut self, prev: Option<Played>, m: Move) {
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

/// Brings the best-keyed move from slot `i` on to slot `i` (a selection sort step: most
/// nodes cut after the first few moves), the first of equals. A move whose key is
/// `unsure` (its exchange not yet judged) is settled when it comes out on top: `settle`
/// gives its key (never higher) or, when `drops`, `None` to drop it (the others keep
/// their order); then the choice is made again. The moves come out in the order, and
/// with the keys, that settling every key up front and dropping those moves would give:
/// settling only lowers a key, and a move with the highest key that comes first among
/// equals still does without the moves dropped. (With drops, the move in slot `i` is
/// settled too before it is swapped away: a move that is dropped later must not have
/// moved another.) False when no move is left from `i` on.
#[inline]
pub(crate) fn pick(
    moves: &mut Vec<Move>,
    keys: &mut Vec<i32>,
    unsure: &mut Vec<bool>,
    i: usize,
    drops: bool,
    mut settle: impl FnMut(&Move, i32) -> Option<i32>,
) -> bool {
    while i < moves.len() {
        let j = best_from(keys, i);
        let k = if unsure[j] {
            j
        } else if drops && unsure[i] {
            i
        } else {
            moves.swap(i, j);
            keys.swap(i, j);
            unsure.swap(i, j);
            return true;
        };
        match settle(&moves[k], keys[k]) {
            Some(key) => {
                debug_assert!(key <= keys[k]);
                keys[k] = key;
                unsure[k] = false;
            }
            None => {
                debug_assert!(drops);
                moves.remove(k);
                keys.remove(k);
                unsure.remove(k);
            }
        }
    }
    false
}

/// The index of the highest key from `i` on (the first of equals).
#[inline]
fn best_from(keys: &[i32], i: usize) -> usize {
    let mut best = i;
    let mut top = keys[i];
    for (j, &k) in keys.iter().enumerate().skip(i + 1) {
        if k > top {
            top = k;
            best = j;
        }
    }
    best
}

/// Is `key` the key of a quiet move (a killer, the counter-move, a history value), not
/// of the table's move nor of a capture or gaining promotion?
#[inline]
pub(crate) fn is_quiet_key(key: i32) -> bool {
    key > ORDER_BAD_TACTICAL / 2 && key <= ORDER_KILLER
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
    fn aging_the_listed_entries_halves_the_whole_continuation_table() {
        // A shadow table updated and halved entry by entry, as aging did before the
        // live lists: both must agree after random updates (some bringing an entry back
        // to zero and up again), ages and clears.
        let (kinds, squares) = (3, 5);
        let mut h = History::new(kinds, squares);
        let mut shadow = h.cont.clone();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let played = |k: u64, c: u64, sq: u64| {
            let color = if c == 0 { Color::White } else { Color::Black };
            (Kind::new(k as usize), color, Square(sq as u16))
        };
        for round in 0..190 {
            for _ in 0..next(40) {
                let earlier = [
                    Some(played(next(3), next(2), next(5))),
                    (next(4) > 0).then(|| played(next(3), next(2), next(5))),
                ];
                let cur = played(next(3), next(2), next(5));
                let bonus = [-400, -37, -1, 1, 2, 37, 400, 5000][next(8) as usize];
                h.update_continuation(earlier, cur, bonus);
                for (t, e) in earlier.into_iter().enumerate() {
                    if let Some(i) = h.cont_index(e, cur) {
                        let v = shadow[t][i] as i32;
                        shadow[t][i] = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
                    }
                }
            }
            assert_eq!(h.cont, shadow, "round {round}");
            if round % 50 == 49 {
                h.clear();
                shadow.iter_mut().for_each(|t| t.fill(0));
            } else {
                h.age();
                shadow.iter_mut().flatten().for_each(|v| *v /= 2);
            }
            assert_eq!(h.cont, shadow, "round {round}, aged");
            for t in 0..2 {
                let mut live = h.live[t].clone();
                live.sort_unstable();
                live.dedup();
                assert_eq!(live.len(), h.live[t].len(), "an entry listed twice");
            }
        }
        assert!(shadow.iter().flatten().any(|&v| v != 0));
    }

    #[test]
    fn picking_takes_the_highest_key() {
        let m = |i: u16| super::super::moves::test_move(Square(i), Square(i + 1));
        let mut moves = vec![m(1), m(2), m(3)];
        let mut keys = vec![5, 9, 7];
        let mut unsure = vec![false; 3];
        assert!(pick(
            &mut moves,
            &mut keys,
            &mut unsure,
            0,
            false,
            |_, k| Some(k)
        ));
        assert_eq!((moves[0], keys[0]), (m(2), 9));
        assert!(pick(
            &mut moves,
            &mut keys,
            &mut unsure,
            1,
            false,
            |_, k| Some(k)
        ));
        assert_eq!(keys, [9, 7, 5]);
        assert!(mvv_lva(900, 100) > mvv_lva(500, 100));
        assert!(mvv_lva(500, 100) > mvv_lva(500, 300));
        assert!(is_quiet_key(ORDER_KILLER) && is_quiet_key(-HISTORY_MAX));
        assert!(
            !is_quiet_key(ORDER_TT) && !is_quiet_key(ORDER_GOOD_TACTICAL + mvv_lva(0, 1 << 14))
        );
        assert!(!is_quiet_key(ORDER_BAD_TACTICAL + mvv_lva(1 << 20, 0)));
    }

    /// Keys settled when picked give the order of keys settled up front, ties, drops and
    /// all, over many random lists.
    #[test]
    fn settling_keys_when_picked_keeps_the_order() {
        let mut rng = crate::testrng::Rng(5);
        for _ in 0..2000 {
            let n = 1 + rng.below(24);
            let moves: Vec<Move> = (0..n as u16)
                .map(|i| super::super::moves::test_move(Square(i), Square(i + 1)))
                .collect();
            // Few distinct keys: many ties. A move's settled key is `None` (dropped),
            // lower or the same.
            let keys: Vec<i32> = (0..n).map(|_| rng.below(6) as i32).collect();
            let unsure: Vec<bool> = (0..n).map(|_| rng.below(2) == 0).collect();
            let drops = rng.below(2) == 0;
            let settled: Vec<Option<i32>> = (0..n)
                .map(|i| match rng.below(3) {
                    0 if drops => None,
                    0 => Some(keys[i] - 1),
                    1 => Some(keys[i] - rng.below(4) as i32),
                    _ => Some(keys[i]),
                })
                .collect();
            let of = |m: &Move| m.from().index();
            let settle = |m: &Move, _k: i32| settled[of(m)];
            // Up front: settle, drop, then pick.
            let (mut um, mut uk): (Vec<Move>, Vec<i32>) = (Vec::new(), Vec::new());
            for i in 0..n {
                let k = if unsure[i] { settled[i] } else { Some(keys[i]) };
                if let Some(k) = k {
                    um.push(moves[i]);
                    uk.push(k);
                }
            }
            let mut uu = vec![false; um.len()];
            let mut up_front = Vec::new();
            let mut i = 0;
            while pick(&mut um, &mut uk, &mut uu, i, false, |_, k| Some(k)) {
                up_front.push((um[i], uk[i]));
                i += 1;
            }
            // When picked.
            let (mut lm, mut lk, mut lu) = (moves.clone(), keys.clone(), unsure.clone());
            let mut lazily = Vec::new();
            let mut i = 0;
            while pick(&mut lm, &mut lk, &mut lu, i, drops, settle) {
                lazily.push((lm[i], lk[i]));
                i += 1;
            }
            assert_eq!(lazily, up_front, "{keys:?} {unsure:?} {settled:?} {drops}");
        }
    }
}
