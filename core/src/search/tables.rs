//! What the evaluation knows of a game, computed once from the variant's own data: piece
//! values from the file, and for every piece on every square how many squares its
//! compiled moves reach on an empty board, which squares it could hit, how far a pawn-like
//! piece has come toward promotion, and the neighbourhood of the king. No piece and no
//! game is named here.

use std::sync::Arc;

use crate::atom::Atom;
use crate::position::Position;
use crate::types::{Color, Kind, Square};
use crate::variant::Variant;

use super::mobility::Mobility;

/// A set of squares as bits (enough for every board the format allows), with the one
/// operation the evaluation needs fast: the size of an intersection.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bits([u64; 5]);

impl Bits {
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    /// The set of the first 128 squares given as one number.
    #[inline]
    pub fn from_u128(w: u128) -> Bits {
        Bits([w as u64, (w >> 64) as u64, 0, 0, 0])
    }

    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The size of the intersection, over the first `words` words (those a board of the
    /// game uses: see [`Tables::words`]).
    #[inline]
    pub fn common_in(&self, o: &Bits, words: usize) -> u32 {
        let mut n = 0;
        for i in 0..words {
            let w = self.0[i] & o.0[i];
            if w != 0 {
                n += w.count_ones();
            }
        }
        n
    }

    /// Adds the squares `a` and `b` have in common, over the first `words` words.
    #[inline]
    pub fn add_common_in(&mut self, a: &Bits, b: &Bits, words: usize) {
        for i in 0..words {
            self.0[i] |= a.0[i] & b.0[i];
        }
    }

    /// The squares in the set, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                if b == 0 {
                    return None;
                }
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                Some(Square((w * 64 + i) as u16))
            })
        })
    }
}

/// The per-variant tables. Indices: `slot(kind, color) * squares + square`.
pub(crate) struct Tables {
    pub squares: usize,
    pub kinds: usize,
    /// Value in centipawns per kind (0 for the royal piece).
    pub value: Vec<i32>,
    pub royal: Option<Kind>,
    pub pawn: Vec<bool>,
    /// Squares the piece's moves reach from the square on an empty board.
    pub reach: Vec<u16>,
    /// Average of `reach` over the board, times 16, per slot.
    pub mean_reach16: Vec<i32>,
    /// Squares the piece could move to or capture on from the square (ignoring what
    /// stands between).
    pub targets: Vec<Bits>,
    /// Per `color * squares + square`: the neighbourhood of a royal piece of that colour
    /// standing there (its square and those it reaches).
    pub zone: Vec<Bits>,
    /// Per slot and square: every square the piece's moves could capture on from there
    /// on some board (where they land, or what they take in passing): the leaps' squares
    /// and every square of the rays, whatever stands on them. A piece never attacks a
    /// square outside its set, so the attack tests may pass it by.
    pub captures: Vec<Bits>,
    /// The words of a [`Bits`] the board's squares use.
    pub words: usize,
    /// Per square: steps nearer the centre than the farthest square (0 at the rim).
    pub centre: Vec<i32>,
    pub max_centre: i32,
    /// Per slot and square: progress of a pawn-like piece toward promotion, 0..=100.
    pub progress: Vec<u8>,
    pub file: Vec<u8>,
    pub rank: Vec<i8>,
    pub files: usize,
    /// Non-pawn material (board and reserves, both sides) at the game's setup: the
    /// middle-game end of the phase scale.
    pub phase_total: i32,
    /// Mobility counted with square sets.
    pub mobility: Mobility,
}

#[inline]
pub(crate) fn slot(kind: Kind, color: Color) -> usize {
    kind.index() * 2 + color.index()
}

impl Tables {
    pub fn new(v: &Arc<Variant>) -> Tables {
        let n = v.num_squares();
        let kinds = v.pieces.len();
        let royal = v.royal_kind();
        let value: Vec<i32> = (0..kinds)
            .map(|k| {
                if royal == Some(Kind::new(k)) {
                    0
                } else {
                    v.pieces[k].value
                }
            })
            .collect();
        let pawn: Vec<bool> = v.pieces.iter().map(|p| p.pawn).collect();
        let g = &v.geometry;
        let file: Vec<u8> = g.squares().map(|s| g.file(s)).collect();
        let rank: Vec<i8> = g.squares().map(|s| g.rank(s)).collect();
        let mut t = Tables {
            squares: n,
            kinds,
            value,
            royal,
            pawn,
            reach: vec![0; kinds * 2 * n],
            mean_reach16: vec![0; kinds * 2],
            targets: vec![Bits::default(); kinds * 2 * n],
            zone: vec![Bits::default(); 2 * n],
            captures: vec![Bits::default(); kinds * 2 * n],
            words: n.div_ceil(64).clamp(1, 5),
            centre: Vec::new(),
            max_centre: 0,
            progress: vec![0; kinds * 2 * n],
            file,
            rank,
            files: g.files() as usize,
            phase_total: 1,
            mobility: Mobility::new(v),
        };
        t.reach_and_targets(v);
        t.captures(v);
        t.centre(v);
        t.progress(v);
        t.phase_total = phase_total(v, &t);
        t
    }

    /// Reach (empty board) and targets (empty board, plus captures with an enemy on every
    /// other square) of every piece on every square.
    fn reach_and_targets(&mut self, v: &Arc<Variant>) {
        let n = self.squares;
        for k in 0..self.kinds {
            for c in Color::BOTH {
                let s = slot(Kind::new(k), c);
                let mut total = 0i32;
                for i in 0..n {
                    let sq = Square(i as u16);
                    let alone = Position::with_pieces(v, &[(sq, Kind::new(k), c)], c);
                    let mut bits = Bits::default();
                    for m in alone.piece_moves(sq) {
                        bits.insert(m.to());
                    }
                    let reach = bits.len();
                    // The same piece with an enemy on every other square: its captures.
                    let crowd: Vec<(Square, Kind, Color)> = std::iter::once((sq, Kind::new(k), c))
                        .chain(
                            (0..n)
                                .filter(|&j| j != i)
                                .map(|j| (Square(j as u16), filler(self, k), !c)),
                        )
                        .collect();
                    let crowded = Position::with_pieces(v, &crowd, c);
                    for m in crowded.piece_moves(sq) {
                        bits.insert(m.to());
                        for cap in super::moves::capture_squares(&m) {
                            if cap.is_some() {
                                bits.insert(cap);
                            }
                        }
                    }
                    self.reach[s * n + i] = reach as u16;
                    self.targets[s * n + i] = bits;
                    total += reach as i32;
                }
                self.mean_reach16[s] = total * 16 / n.max(1) as i32;
            }
        }
        if let Some(r) = self.royal {
            for c in Color::BOTH {
                for i in 0..n {
                    let mut z = self.targets[slot(r, c) * n + i];
                    z.insert(Square(i as u16));
                    self.zone[c.index() * n + i] = z;
                }
            }
        }
    }

    /// The squares each piece could ever capture on (see [`Tables::captures`]), from the
    /// shapes of its compiled moves: a leap's square, every square of a ray (a slide, a
    /// fly-over, a hop, a cannon, a bent slider after its bend), a jump's square and
    /// those it passes over.
    fn captures(&mut self, v: &Variant) {
        let n = self.squares;
        for k in 0..self.kinds {
            for c in Color::BOTH {
                let s = slot(Kind::new(k), c);
                for i in 0..n {
                    let mut bits = Bits::default();
                    let mut add = |sq: Square| {
                        if sq.is_some() {
                            bits.insert(sq);
                        }
                    };
                    for atom in v.atoms_of(Kind::new(k), c, Square(i as u16)) {
                        match *atom {
                            Atom::Leap { to, .. } => add(to),
                            Atom::Jump { over, to, .. } => {
                                add(to);
                                v.ray(over).iter().for_each(|r| add(r.square()));
                            }
                            Atom::Bent { bend, ray, .. } => {
                                add(bend);
                                v.ray(ray).iter().for_each(|r| add(r.square()));
                            }
                            Atom::Slide { ray, .. }
                            | Atom::Fly { ray, .. }
                            | Atom::Hop { ray, .. }
                            | Atom::Cannon { ray, .. } => {
                                v.ray(ray).iter().for_each(|r| add(r.square()));
                            }
                        }
                    }
                    self.captures[s * n + i] = bits;
                }
            }
        }
    }

    /// Distance from the rim, in half steps of the longer axis.
    fn centre(&mut self, v: &Variant) {
        let g = &v.geometry;
        let (lo, hi) = (*g.rank_range().start() as i32, *g.rank_range().end() as i32);
        let files = g.files() as i32;
        let d: Vec<i32> = g
            .squares()
            .map(|s| {
                let (f, r) = g.coords(s);
                let dx = (2 * f as i32 - (files - 1)).abs();
                let dy = (2 * r as i32 - (lo + hi)).abs();
                dx.max(dy)
            })
            .collect();
        let far = d.iter().copied().max().unwrap_or(0);
        self.centre = d.iter().map(|x| (far - x) / 2).collect();
        self.max_centre = self.centre.iter().copied().max().unwrap_or(0);
    }

    /// Progress of pawn-like pieces toward their promotion zone (or the far end of the
    /// board when they do not promote).
    fn progress(&mut self, v: &Variant) {
        let g = &v.geometry;
        let n = self.squares;
        for k in 0..self.kinds {
            if !self.pawn[k] {
                continue;
            }
            for c in Color::BOTH {
                let zone: Vec<i32> = match v.promotion_rule(Kind::new(k), c) {
                    Some(rule) => g
                        .squares()
                        .filter(|s| rule.zone[c].contains(*s))
                        .map(|s| g.rank(s) as i32)
                        .collect(),
                    None => Vec::new(),
                };
                let far_rank = match c {
                    Color::White => *g.rank_range().end() as i32,
                    Color::Black => *g.rank_range().start() as i32,
                };
                let dist = |r: i32| match zone.iter().map(|z| (z - r).abs()).min() {
                    Some(d) => d,
                    None => (far_rank - r).abs(),
                };
                let d: Vec<i32> = (0..n).map(|i| dist(self.rank[i] as i32)).collect();
                let max = d.iter().copied().max().unwrap_or(0).max(1);
                let s = slot(Kind::new(k), c);
                for (i, di) in d.iter().enumerate() {
                    self.progress[s * n + i] = (100 * (max - di) / max) as u8;
                }
            }
        }
    }

    #[inline]
    pub fn idx(&self, kind: Kind, color: Color, sq: Square) -> usize {
        slot(kind, color) * self.squares + sq.index()
    }

    /// Chebyshev distance between two squares.
    #[inline]
    pub fn distance(&self, a: Square, b: Square) -> i32 {
        let df = (self.file[a.index()] as i32 - self.file[b.index()] as i32).abs();
        let dr = (self.rank[a.index()] as i32 - self.rank[b.index()] as i32).abs();
        df.max(dr)
    }
}

/// A kind to fill the board with when probing captures: any kind but the piece's own
/// royal one (a board full of kings would be no position to generate in).
fn filler(t: &Tables, k: usize) -> Kind {
    let other = (0..t.kinds).find(|&j| Some(Kind::new(j)) != t.royal && j != k);
    Kind::new(
        other
            .or((0..t.kinds).find(|&j| Some(Kind::new(j)) != t.royal))
            .unwrap_or(0),
    )
}

/// Non-pawn material of the setup, both sides, board and reserves.
fn phase_total(v: &Arc<Variant>, t: &Tables) -> i32 {
    let pos = Position::start(v);
    let mut total = 0;
    for c in Color::BOTH {
        for &sq in pos.pieces_of(c) {
            if let Some((k, _)) = pos.piece_at(sq)
                && !t.pawn[k.index()]
            {
                total += t.value[k.index()];
            }
        }
        for k in 0..t.kinds {
            if !t.pawn[k] {
                total += pos.reserve(c, Kind::new(k)) as i32 * t.value[k];
            }
        }
    }
    total.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_comes_from_the_move_tables() {
        let v = Variant::builtin("chess").unwrap();
        let t = Tables::new(&v);
        let g = &v.geometry;
        let sq = |s: &str| g.parse_square(s).unwrap();
        let knight = v.kind_by_id("knight").unwrap();
        let rook = v.kind_by_id("rook").unwrap();
        let pawn = v.kind_by_id("chess-pawn").unwrap();
        let king = v.royal_kind().unwrap();
        assert_eq!(t.reach[t.idx(knight, Color::White, sq("a1"))], 2);
        assert_eq!(t.reach[t.idx(knight, Color::White, sq("d4"))], 8);
        assert_eq!(t.reach[t.idx(rook, Color::Black, sq("d4"))], 14);
        // A knight averages 336 / 64 = 5.25 squares.
        assert_eq!(t.mean_reach16[slot(knight, Color::White)], 84);
        // A pawn's targets include its captures; its reach only its moves.
        let e2 = t.idx(pawn, Color::White, sq("e2"));
        assert_eq!(t.reach[e2], 2);
        let hits: Vec<String> = t.targets[e2].squares().map(|s| g.name(s)).collect();
        assert_eq!(hits, ["d3", "e3", "f3", "e4"]);
        // Progress toward promotion: none on the first rank, all on the last.
        assert_eq!(t.progress[t.idx(pawn, Color::White, sq("e1"))], 0);
        assert_eq!(t.progress[t.idx(pawn, Color::White, sq("e8"))], 100);
        assert_eq!(t.progress[t.idx(pawn, Color::Black, sq("e1"))], 100);
        // The king's neighbourhood.
        assert_eq!(t.zone[sq("e1").index()].len(), 6);
        assert_eq!(t.zone[64 + sq("d5").index()].len(), 9);
        assert_eq!(t.value[king.index()], 0);
        assert_eq!(
            (t.centre[sq("a1").index()], t.centre[sq("d4").index()]),
            (0, 3)
        );
        assert_eq!(t.distance(sq("a1"), sq("h3")), 7);
        // Two rooks, two knights, two bishops and a queen a side.
        assert_eq!(t.phase_total, 2 * (2 * 500 + 2 * 300 + 2 * 325 + 900));
    }
}
