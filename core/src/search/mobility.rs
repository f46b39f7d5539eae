//! The evaluation's mobility (how many squares the pieces of a side could move to:
//! pseudo-legal board moves, each landing of each primitive once, en passant, promotions
//! and drops not counted, as [`Position::mobility`] counts them) with square sets, on
//! boards of up to 128 squares.
//!
//! For each piece on each square, computed once from the variant's compiled moves:
//!
//! - its leaps as two sets, the squares it lands on when they are empty and those it
//!   lands on when an enemy stands there;
//! - each straight slide whose squares come in increasing (or decreasing) order of index
//!   as three sets: the ray's squares, and its landings on an empty square and on an
//!   enemy. The first piece on the ray is then the lowest (highest) square of the ray's
//!   occupied squares, and the slide reaches the ray up to that square.
//!
//! A piece's count is then the size of one set: its landings on the empty squares and on
//! the enemy's pieces. Its landings on an enemy, whatever stands there, are the squares it
//! attacks with these primitives (a piece of the other side standing there could be
//! captured): king safety reads them instead of testing each square. This is what the walk counts only when no two of these primitives
//! land on the same square (each would count it), which is checked when the sets are
//! made. Every other primitive (hops, fly-overs, cannons, jumps, bent sliders), the slides
//! of a piece with a ray in no order of index, and the leaps of a piece with two leaps to
//! one square, are walked square by square as move generation does. Boards of more than
//! 128 squares are walked entirely.

use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

use crate::atom::{AtomSpan, leap_targets, slide_targets, targets};
use crate::position::Position;
use crate::types::{Board, Color, Kind, Piece, Square};
use crate::variant::Variant;

use super::tables::Bits;

/// A set of squares in one machine word (or two): the squares of a board of up to
/// [`Word::BITS`] squares.
pub(crate) trait Word:
    Copy
    + Default
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
{
    /// How many squares the set can hold.
    const BITS: usize;
    /// The set of one square (of index below [`Word::BITS`]).
    fn bit(i: usize) -> Self;
    /// The number of squares.
    fn count(self) -> u32;
    /// The squares up to and including the lowest of the set; every square when the set
    /// is empty.
    fn through_lowest(self) -> Self;
    /// The squares from the highest of the set up; every square when the set is empty.
    fn through_highest(self) -> Self;
    /// The set as [`Bits`].
    fn bits(self) -> Bits;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: usize = <$t>::BITS as usize;

            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn through_lowest(self) -> Self {
                self ^ self.wrapping_sub(1)
            }

            #[inline(always)]
            fn through_highest(self) -> Self {
                // The squares below the highest, none when the set is empty (a shift by
                // the whole width or more).
                !<$t>::MAX.checked_shr(self.leading_zeros() + 1).unwrap_or(0)
            }

            #[inline(always)]
            fn bits(self) -> Bits {
                Bits::from_u128(self as u128)
            }
        }
    };
}

word!(u64);
word!(u128);

/// A straight slide: its ray's squares (passed or landed on), and its landings on an
/// empty square and on an enemy.
#[derive(Copy, Clone, Default)]
struct Line<W> {
    all: W,
    empty: W,
    enemy: W,
}

/// A piece on a square.
#[derive(Copy, Clone, Default)]
struct Entry<W> {
    /// The landings of its leaps on an empty square and on an enemy (none when its leaps
    /// are walked).
    empty: W,
    enemy: W,
    /// Its straight slides: `lines[lines..]`, `up` of increasing squares, then `down` of
    /// decreasing squares.
    lines: u32,
    up: u16,
    down: u16,
    /// The primitives walked (its span in the variant's tables, without those counted with
    /// the sets).
    walk: AtomSpan,
}

/// The sets of every piece on every square of one variant.
pub(crate) struct Plan<W> {
    squares: usize,
    /// No piece on any square walks a primitive: the sets find every attack.
    sees_all: bool,
    /// Per `kind * 2 + colour` and square.
    entries: Vec<Entry<W>>,
    lines: Vec<Line<W>>,
}

/// What [`Mobility::count`] finds, per side (White's first).
pub(crate) struct Counts {
    /// The mobility.
    pub moves: [u32; 2],
    /// Squares the side attacks, found with the sets: all of them when `complete`, else
    /// some of them (the others need the attack test).
    pub attacks: [Bits; 2],
    pub complete: [bool; 2],
}

/// The mobility counter of a variant.
pub(crate) enum Mobility {
    /// Boards of up to 64 squares.
    Narrow(Plan<u64>),
    /// Boards of up to 128 squares.
    Wide(Plan<u128>),
    /// Larger boards: move generation's walk.
    Walk,
}

impl Mobility {
    pub fn new(v: &Variant) -> Mobility {
        let n = v.num_squares();
        if n <= 64 {
            Mobility::Narrow(Plan::new(v))
        } else if n <= 128 {
            Mobility::Wide(Plan::new(v))
        } else {
            Mobility::Walk
        }
    }

    /// The mobility of White and of Black, and the squares they attack.
    #[inline]
    pub fn count(&self, pos: &Position) -> Counts {
        match self {
            Mobility::Narrow(p) => p.count(pos),
            Mobility::Wide(p) => p.count(pos),
            Mobility::Walk => Counts {
                moves: [pos.mobility(Color::White), pos.mobility(Color::Black)],
                attacks: [Bits::default(); 2],
                complete: [false; 2],
            },
        }
    }

    /// Do the sets find every attack in every position of the game (no piece of the game
    /// on any square has a primitive they do not hold)?
    pub fn sees_all(&self) -> bool {
        match self {
            Mobility::Narrow(p) => p.sees_all,
            Mobility::Wide(p) => p.sees_all,
            Mobility::Walk => false,
        }
    }
}

/// Adds square `sq` to `set`; false when it is there already or outside the word.
fn add<W: Word>(set: &mut W, sq: Square) -> bool {
    let i = sq.index();
    if sq.is_none() || i >= W::BITS {
        return false;
    }
    let b = W::bit(i);
    if *set & b != W::default() {
        return false;
    }
    *set |= b;
    true
}

impl<W: Word> Plan<W> {
    pub fn new(v: &Variant) -> Plan<W> {
        let n = v.num_squares();
        let kinds = v.pieces.len();
        let mut plan = Plan {
            squares: n,
            sees_all: true,
            entries: vec![Entry::default(); kinds * 2 * n],
            lines: Vec::new(),
        };
        for k in 0..kinds {
            for c in Color::BOTH {
                let piece = Piece::new(Kind::new(k), c);
                for i in 0..n {
                    let sq = Square(i as u16);
                    let span = *v.atom_index.of(piece, sq);
                    let e = plan.entry(v, span);
                    plan.sees_all &= e.walk.start == e.walk.end;
                    plan.entries[piece.table_index() * n + i] = e;
                }
            }
        }
        plan
    }

    /// The entry of a piece whose primitives are `span`.
    fn entry(&mut self, v: &Variant, span: AtomSpan) -> Entry<W> {
        let (start, leaps, slides) = (
            span.start as usize,
            span.leaps as usize,
            span.slides as usize,
        );
        let walk_all = Entry {
            walk: span,
            ..Entry::default()
        };
        let (mut empty, mut enemy) = (W::default(), W::default());
        for a in &v.leaps[start..leaps] {
            if (a.mode.moves() && !add(&mut empty, a.to))
                || (a.mode.captures() && !add(&mut enemy, a.to))
            {
                return walk_all;
            }
        }
        let leaps_only = Entry {
            empty,
            enemy,
            walk: AtomSpan {
                start: span.leaps,
                ..span
            },
            ..Entry::default()
        };
        let (mut ups, mut downs) = (Vec::new(), Vec::new());
        for a in &v.slides[leaps..slides] {
            let steps = v.ray(a.ray);
            let up = steps.windows(2).all(|w| w[0].square().0 < w[1].square().0);
            let down = steps.windows(2).all(|w| w[0].square().0 > w[1].square().0);
            if !up && !down {
                return leaps_only;
            }
            let mut line = Line::<W>::default();
            for s in steps {
                let sq = s.square();
                if !add(&mut line.all, sq) {
                    return leaps_only;
                }
                if s.lands() {
                    if a.mode.moves() && !(add(&mut line.empty, sq) && add(&mut empty, sq)) {
                        return leaps_only;
                    }
                    if a.mode.captures() && !(add(&mut line.enemy, sq) && add(&mut enemy, sq)) {
                        return leaps_only;
                    }
                }
            }
            if up {
                ups.push(line);
            } else {
                downs.push(line);
            }
        }
        let lines = self.lines.len() as u32;
        self.lines.extend(ups.iter().chain(&downs));
        Entry {
            empty: leaps_only.empty,
            enemy: leaps_only.enemy,
            lines,
            up: ups.len() as u16,
            down: downs.len() as u16,
            walk: AtomSpan {
                start: span.slides,
                leaps: span.slides,
                ..span
            },
        }
    }

    /// The mobility of White and of Black, and the squares they attack.
    #[inline]
    pub fn count(&self, pos: &Position) -> Counts {
        let v = &**pos.variant();
        let board = pos.board();
        let mut own = [W::default(); 2];
        for c in Color::BOTH {
            for &sq in pos.pieces_of(c) {
                own[c.index()] |= W::bit(sq.index());
            }
        }
        let occupied = own[0] | own[1];
        let free = !occupied;
        let mut counts = Counts {
            moves: [0; 2],
            attacks: [Bits::default(); 2],
            complete: [true; 2],
        };
        for c in Color::BOTH {
            let enemy = own[(!c).index()];
            let mut k = 0;
            let mut attacks = W::default();
            let mut complete = true;
            for &from in pos.pieces_of(c) {
                let e =
                    &self.entries[board[from.index()].table_index() * self.squares + from.index()];
                let (mut to_empty, mut to_enemy) = (e.empty, e.enemy);
                let start = e.lines as usize;
                let (up, down) = (e.up as usize, e.down as usize);
                for l in &self.lines[start..start + up] {
                    let reach = (l.all & occupied).through_lowest();
                    to_empty |= l.empty & reach;
                    to_enemy |= l.enemy & reach;
                }
                for l in &self.lines[start + up..start + up + down] {
                    let reach = (l.all & occupied).through_highest();
                    to_empty |= l.empty & reach;
                    to_enemy |= l.enemy & reach;
                }
                // Landings on empty squares and on enemies are disjoint: one count.
                k += ((to_empty & free) | (to_enemy & enemy)).count();
                attacks |= to_enemy;
                if e.walk.start < e.walk.end {
                    k += walk(v, e.walk, board, c);
                    complete = false;
                }
            }
            counts.moves[c.index()] = k;
            counts.attacks[c.index()] = attacks.bits();
            counts.complete[c.index()] = complete;
        }
        counts
    }
}

/// The landings of the primitives of `span` for a piece of `c`, walked square by square:
/// the leaps in one loop, the slides in another, the others through the dispatch.
#[inline(never)]
fn walk(v: &Variant, span: AtomSpan, board: &Board, c: Color) -> u32 {
    let (start, leaps, slides, end) = (
        span.start as usize,
        span.leaps as usize,
        span.slides as usize,
        span.end as usize,
    );
    let mut n = 0u32;
    for &a in &v.leaps[start..leaps] {
        leap_targets(a, board, c, &mut |_| n += 1);
    }
    for &a in &v.slides[leaps..slides] {
        slide_targets(a, &v.rays, board, c, &mut |_| n += 1);
    }
    for atom in &v.atoms[slides..end] {
        targets(atom, &v.rays, board, c, &mut |_| n += 1);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts with square sets (on one word and on two for the small boards, and the
    /// walk) equal move generation's, and the squares found attacked are attacked (and are
    /// all of them when the sets say so), for both sides, in positions of random games in
    /// every built-in game.
    #[test]
    fn the_sets_count_what_move_generation_walks() {
        let mut rng = crate::testrng::Rng(34);
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            let mut counters = vec![Mobility::new(&v), Mobility::Walk];
            if v.num_squares() <= 128 {
                counters.push(Mobility::Wide(Plan::new(&v)));
            }
            for _ in 0..3 {
                let mut p = Position::start(&v);
                for _ in 0..60 {
                    let walked = [p.mobility(Color::White), p.mobility(Color::Black)];
                    for m in &counters {
                        let counts = m.count(&p);
                        assert_eq!(counts.moves, walked, "{name}: {}", p.fen());
                        for by in Color::BOTH {
                            let a = &counts.attacks[by.index()];
                            for i in 0..v.num_squares() {
                                let s = Square(i as u16);
                                let attacked = p.is_attacked(s, by);
                                assert!(attacked || !a.contains(s), "{name}: {}", p.fen());
                                if counts.complete[by.index()] {
                                    assert_eq!(a.contains(s), attacked, "{name}: {}", p.fen());
                                }
                            }
                        }
                    }
                    if !p.play_random(&mut rng) {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn the_first_piece_of_a_line_bounds_the_reach() {
        assert_eq!(0b0110_1000u64.through_lowest(), 0b1111);
        assert_eq!(0u64.through_lowest(), u64::MAX);
        assert_eq!(0b0110_1000u64.through_highest(), !0b11_1111);
        assert_eq!(0u64.through_highest(), u64::MAX);
        assert_eq!(1u64.through_highest(), u64::MAX);
        assert_eq!((1u128 << 100).through_highest(), !((1u128 << 100) - 1));
        assert_eq!((1u128 << 100).through_lowest(), (1u128 << 101) - 1);
        assert_eq!(0u128.through_highest(), u128::MAX);
    }
}
