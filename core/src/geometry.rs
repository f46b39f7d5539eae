//! Board geometry: which squares exist, their names (rules.md § The board) and how they relate.

use crate::limits::{MAX_BOARD_FILES, MAX_SQUARES};
use crate::sqset::SquareSet;
use crate::types::{Color, Square};

/// The shape of a board: a rectangle of `files` x `ranks` (ranks 1..=ranks), minus holes,
/// plus extra squares on rank 0 or rank `ranks + 1` (the rear squares of rules.md § The board).
#[derive(Clone, Debug)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    rank_lo: i8,
    rank_hi: i8,
    coords: Vec<(u8, i8)>,
    grid: Vec<Square>,
}

/// File letter of a 0-based file index.
pub fn file_char(file: u8) -> char {
    (b'a' + file) as char
}

/// The name of a square from its coordinates, existing or not (`e0`, `j10`).
pub fn coord_name(file: u8, rank: i8) -> String {
    format!("{}{}", file_char(file), rank)
}

/// Reads a square name into coordinates without checking that the square exists.
/// Accepts a file letter `a`..`p` followed by a rank number (`e0`, `f11`).
pub fn parse_coords(s: &str) -> Option<(u8, i8)> {
    let b = s.as_bytes();
    if b.len() < 2 || b.len() > 3 {
        return None;
    }
    let f = b[0];
    if !(b'a'..b'a' + MAX_BOARD_FILES).contains(&f) {
        return None;
    }
    let digits = &s[1..];
    if !digits.bytes().all(|c| c.is_ascii_digit()) || (digits.len() > 1 && digits.starts_with('0'))
    {
        return None;
    }
    let r: i8 = digits.parse().ok()?;
    Some((f - b'a', r))
}

impl Geometry {
    /// Builds a board. The caller (the loader) has checked sizes and that extras lie on
    /// rank 0 or `ranks + 1` within the files; holes must lie on the main rectangle.
    pub fn new(files: u8, ranks: u8, extra: &[(u8, i8)], holes: &[(u8, i8)]) -> Geometry {
        let mut rank_lo = 1i8;
        let mut rank_hi = ranks as i8;
        for &(_, r) in extra {
            rank_lo = rank_lo.min(r);
            rank_hi = rank_hi.max(r);
        }
        let height = (rank_hi - rank_lo + 1) as usize;
        let mut grid = vec![Square::NONE; height * files as usize];
        let mut coords = Vec::new();
        for r in rank_lo..=rank_hi {
            for f in 0..files {
                let main = r >= 1 && r <= ranks as i8;
                let exists = if main {
                    !holes.contains(&(f, r))
                } else {
                    extra.contains(&(f, r))
                };
                if exists && coords.len() < MAX_SQUARES {
                    grid[(r - rank_lo) as usize * files as usize + f as usize] =
                        Square(coords.len() as u16);
                    coords.push((f, r));
                }
            }
        }
        Geometry {
            files,
            ranks,
            rank_lo,
            rank_hi,
            coords,
            grid,
        }
    }

    /// Number of files (a to the last).
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of main ranks (rank 1 to this).
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The ranks that hold squares, extra squares included (0 and `ranks + 1` when the
    /// board has rear squares).
    pub fn rank_range(&self) -> std::ops::RangeInclusive<i8> {
        self.rank_lo..=self.rank_hi
    }

    /// Number of squares.
    pub fn num_squares(&self) -> usize {
        self.coords.len()
    }

    /// Every square, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.coords.len()).map(|i| Square(i as u16))
    }

    /// Every square, as a set.
    pub fn all(&self) -> SquareSet {
        self.squares().collect()
    }

    /// The square of a file (from 0) and rank, if the board has it.
    #[inline]
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0
            || file >= self.files as i32
            || rank < self.rank_lo as i32
            || rank > self.rank_hi as i32
        {
            return None;
        }
        let s =
            self.grid[(rank - self.rank_lo as i32) as usize * self.files as usize + file as usize];
        if s.is_none() { None } else { Some(s) }
    }

    /// The file (from 0) and rank of a square.
    #[inline]
    pub fn coords(&self, sq: Square) -> (u8, i8) {
        self.coords[sq.index()]
    }

    /// The file of a square, from 0.
    pub fn file(&self, sq: Square) -> u8 {
        self.coords[sq.index()].0
    }

    /// The rank of a square.
    pub fn rank(&self, sq: Square) -> i8 {
        self.coords[sq.index()].1
    }

    /// The square `(dx, dy)` away, if it exists.
    #[inline]
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let (f, r) = self.coords[sq.index()];
        self.square(f as i32 + dx, r as i32 + dy)
    }

    /// The rank as seen by `color` (rules.md § Black mirrors White): Black's rank 10 is White's rank 1.
    pub fn relative_rank(&self, rank: i8, color: Color) -> i8 {
        match color {
            Color::White => rank,
            Color::Black => self.ranks as i8 + 1 - rank,
        }
    }

    /// The mirror image of a square across the middle line (rules.md § Black mirrors White), if it exists.
    pub fn mirror(&self, sq: Square) -> Option<Square> {
        let (f, r) = self.coords(sq);
        self.square(f as i32, self.ranks as i32 + 1 - r as i32)
    }

    /// Coordinates given in White's view, seen by `color`.
    pub fn relative_square(&self, file: u8, rank: i8, color: Color) -> Option<Square> {
        self.square(file as i32, self.relative_rank(rank, color) as i32)
    }

    /// The name of a square (`e4`, `a0`).
    pub fn name(&self, sq: Square) -> String {
        let (f, r) = self.coords(sq);
        coord_name(f, r)
    }

    /// The square with this name, if the board has it.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        let (f, r) = parse_coords(s)?;
        self.square(f as i32, r as i32)
    }

    /// The square in the middle of the board, where a piece is first shown (`e5` on 10 by
    /// 10, `d4` on 8 by 8: the lower left of the middle four squares): `None` when
    /// it is a hole.
    pub fn centre(&self) -> Option<Square> {
        self.square((self.files as i32 - 1) / 2, (self.ranks as i32 + 1) / 2)
    }

    /// The squares of one rank, from file a upward.
    pub fn rank_squares(&self, rank: i8) -> impl Iterator<Item = Square> + '_ {
        (0..self.files).filter_map(move |f| self.square(f as i32, rank as i32))
    }

    /// The square beyond `b` on the line from `a` through `b`, when a and b share a line
    /// (same file, rank or diagonal) and the step is a unit step.
    pub fn step_between(&self, a: Square, b: Square) -> Option<(i32, i32)> {
        let (fa, ra) = self.coords(a);
        let (fb, rb) = self.coords(b);
        let dx = fb as i32 - fa as i32;
        let dy = rb as i32 - ra as i32;
        if dx == 0 && dy == 0 {
            return None;
        }
        if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
            return None;
        }
        Some((dx.signum(), dy.signum()))
    }

    /// The squares strictly between two squares on a line (same file, rank or diagonal).
    pub fn between(&self, a: Square, b: Square) -> Vec<Square> {
        let mut out = Vec::new();
        if let Some((dx, dy)) = self.step_between(a, b) {
            let mut s = a;
            while let Some(n) = self.offset(s, dx, dy) {
                if n == b {
                    break;
                }
                out.push(n);
                s = n;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board104() -> Geometry {
        Geometry::new(10, 10, &[(4, 0), (5, 0), (4, 11), (5, 11)], &[])
    }

    #[test]
    fn r1_the_104_square_board() {
        let g = board104();
        assert_eq!(g.num_squares(), 104);
        assert_eq!(g.rank_range(), 0..=11);
        assert!(g.parse_square("e0").is_some());
        assert!(g.parse_square("f11").is_some());
        assert!(
            g.parse_square("d0").is_none(),
            "d0 is a hole (rules.md § The board)"
        );
        assert!(g.parse_square("k1").is_none());
        assert_eq!(g.name(g.parse_square("j10").unwrap()), "j10");
    }

    #[test]
    fn r2_mirror_maps_rear_squares() {
        let g = board104();
        let e0 = g.parse_square("e0").unwrap();
        assert_eq!(g.name(g.mirror(e0).unwrap()), "e11");
        let b2 = g.parse_square("b2").unwrap();
        assert_eq!(g.name(g.mirror(b2).unwrap()), "b9");
    }

    #[test]
    fn square_names_reject_garbage() {
        assert_eq!(parse_coords("e01"), None);
        assert_eq!(parse_coords("z1"), None);
        assert_eq!(parse_coords("e"), None);
        assert_eq!(parse_coords("e10"), Some((4, 10)));
    }
}
