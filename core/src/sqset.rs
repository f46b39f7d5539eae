//! A fixed-size set of squares, big enough for every board the format allows.

use crate::types::Square;

pub use crate::limits::MAX_SQUARES;
const WORDS: usize = MAX_SQUARES / 64;

/// A set of squares as a bit set. Copy, no allocation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

    /// Every square a board of the format can have.
    pub const FULL: SquareSet = SquareSet([u64::MAX; WORDS]);

    /// Is the square in the set?
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        i < MAX_SQUARES && (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Is the set empty?
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// The number of squares in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The squares in either set.
    pub fn union(&self, other: &SquareSet) -> SquareSet {
        let mut r = *self;
        for (a, b) in r.0.iter_mut().zip(other.0.iter()) {
            *a |= *b;
        }
        r
    }

    /// Do the sets share a square?
    pub fn intersects(&self, other: &SquareSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The squares, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        (0..MAX_SQUARES)
            .filter(move |&i| (self.0[i >> 6] >> (i & 63)) & 1 != 0)
            .map(|i| Square(i as u16))
    }
}

impl std::fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}
