//! Small strong types shared by every module: colours and tables by colour, squares, piece
//! kinds, the content of a square, tables by piece, and castling rights.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A side. White moves first; Black's moves are White's mirrored across the middle (rules.md § Black mirrors White).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first, from the low ranks.
    White = 0,
    /// The side that moves second, from the high ranks.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, as in the position string (rules.md § Position strings).
    pub fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `White` or `Black`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per colour, indexed by [`Color`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T>([T; 2]);

impl<T> ByColor<T> {
    /// White's value and Black's.
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor([white, black])
    }

    /// The value of each colour computed from it, White's first.
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        let white = f(Color::White);
        ByColor([white, f(Color::Black)])
    }

    /// Each value transformed, White's first.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        let [white, black] = self.0;
        let white = f(white);
        ByColor([white, f(black)])
    }

    /// The colours with their values, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        Color::BOTH.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        &self.0[c as usize]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c as usize]
    }
}

/// An existing square of a board, as an index into the board's square list.
/// Indices run rank by rank from the lowest rank, files a upward within a rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u16);

impl Default for Square {
    fn default() -> Square {
        Square::NONE
    }
}

impl Square {
    /// No square: used inside compiled tables for absent fields.
    pub const NONE: Square = Square(u16::MAX);

    /// The index into the board's square list.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Is this [`Square::NONE`]?
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == u16::MAX
    }

    /// Is this a square (not [`Square::NONE`])?
    #[inline]
    pub fn is_some(self) -> bool {
        self.0 != u16::MAX
    }

    /// `Some(self)`, or `None` for [`Square::NONE`].
    #[inline]
    pub fn some(self) -> Option<Square> {
        if self.is_some() { Some(self) } else { None }
    }
}

pub use crate::limits::MAX_KINDS;

/// A piece type of a variant, by its place in the variant's piece list
/// ([`crate::Variant::kinds`] lists them; [`crate::Variant::piece`] describes one).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(u8);

impl Kind {
    /// The kind at this place of a variant's piece list (below [`MAX_KINDS`]).
    #[inline]
    pub(crate) const fn new(index: usize) -> Kind {
        debug_assert!(index < MAX_KINDS);
        Kind(index as u8)
    }

    /// The place of this kind in its variant's piece list.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// This kind's bit in a mask of kinds.
    #[inline]
    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }
}

/// The content of every square, by index, the squares past the board's empty: of a length
/// known at compile time, so that reading a square compares its index with a constant
/// rather than with a length kept in a register or the stack (docs/js.md § Speed).
pub(crate) type Board = [Piece; crate::limits::MAX_SQUARES];

/// The board whose first squares hold `squares` (at most [`crate::limits::MAX_SQUARES`]).
pub(crate) fn board_of(squares: &[Piece]) -> Box<Board> {
    let mut b = Box::new([Piece::EMPTY; crate::limits::MAX_SQUARES]);
    b[..squares.len()].copy_from_slice(squares);
    b
}

/// The content of a square: empty, or a piece of a kind and colour, packed in a byte
/// (`(kind + 1) * 2 + colour`, so 0 is empty).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Piece(u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    #[inline]
    pub fn new(kind: Kind, color: Color) -> Piece {
        Piece(((kind.0 + 1) << 1) | color as u8)
    }

    /// The packed code: 0 for empty, 2 and up for pieces.
    #[inline]
    pub fn code(self) -> usize {
        self.0 as usize
    }

    /// The piece's index in a table by kind and colour (`kind * 2 + colour`, what
    /// [`ByPiece`] and [`ByPieceSquare`] compute from the kind and colour): its code less
    /// two, read without splitting the code into kind and colour first. Out of any
    /// table's range for the empty square.
    #[inline]
    pub fn table_index(self) -> usize {
        (self.0 as usize).wrapping_sub(2)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn is_some(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub fn kind(self) -> Kind {
        Kind((self.0 >> 1).wrapping_sub(1))
    }

    #[inline]
    pub fn color(self) -> Color {
        if self.0 & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline]
    pub fn is_color(self, c: Color) -> bool {
        self.0 != 0 && (self.0 & 1) == c as u8
    }

    /// Occupied by a piece of the other colour than `c`.
    #[inline]
    pub fn is_enemy_of(self, c: Color) -> bool {
        self.0 != 0 && (self.0 & 1) != c as u8
    }

    /// The kind and colour, or `None` when empty.
    #[inline]
    pub fn get(self) -> Option<(Kind, Color)> {
        if self.is_empty() {
            None
        } else {
            Some((self.kind(), self.color()))
        }
    }
}

/// One value per piece kind and colour of a variant.
#[derive(Clone, Debug)]
pub(crate) struct ByPiece<T>(Vec<T>);

impl<T: Clone> ByPiece<T> {
    /// A table for `kinds` piece kinds, every entry `value`.
    pub fn new(kinds: usize, value: T) -> ByPiece<T> {
        ByPiece(vec![value; kinds * 2])
    }
}

impl<T> ByPiece<T> {
    /// Every entry.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    #[inline]
    fn at(kind: Kind, color: Color) -> usize {
        kind.index() * 2 + color as usize
    }
}

impl<T> ByPiece<T> {
    /// The entry of the piece `p` (of a kind and colour, not empty).
    #[inline]
    pub fn of(&self, p: Piece) -> &T {
        &self.0[p.table_index()]
    }
}

impl<T> Index<(Kind, Color)> for ByPiece<T> {
    type Output = T;
    #[inline]
    fn index(&self, (kind, color): (Kind, Color)) -> &T {
        &self.0[Self::at(kind, color)]
    }
}

impl<T> IndexMut<(Kind, Color)> for ByPiece<T> {
    #[inline]
    fn index_mut(&mut self, (kind, color): (Kind, Color)) -> &mut T {
        &mut self.0[Self::at(kind, color)]
    }
}

/// One value per piece kind, colour and square of a variant.
#[derive(Clone, Debug)]
pub(crate) struct ByPieceSquare<T> {
    squares: usize,
    data: Vec<T>,
}

impl<T: Clone> ByPieceSquare<T> {
    /// A table for `kinds` piece kinds on `squares` squares, every entry `value`.
    pub fn new(kinds: usize, squares: usize, value: T) -> ByPieceSquare<T> {
        ByPieceSquare {
            squares,
            data: vec![value; kinds * 2 * squares],
        }
    }
}

impl<T> ByPieceSquare<T> {
    #[inline]
    fn at(&self, kind: Kind, color: Color, sq: Square) -> usize {
        (kind.index() * 2 + color as usize) * self.squares + sq.index()
    }

    #[inline]
    pub fn get(&self, kind: Kind, color: Color, sq: Square) -> &T {
        &self.data[self.at(kind, color, sq)]
    }

    /// The entry of the piece `p` (of a kind and colour, not empty) on `sq`.
    #[inline]
    pub fn of(&self, p: Piece, sq: Square) -> &T {
        &self.data[p.table_index().wrapping_mul(self.squares) + sq.index()]
    }

    #[inline]
    pub fn get_mut(&mut self, kind: Kind, color: Color, sq: Square) -> &mut T {
        let i = self.at(kind, color, sq);
        &mut self.data[i]
    }
}

/// Which castlings (rules.md § Castling) each side may still make: one right per castling rook of the
/// game (at most four per side), lost when the king or that rook moves or is captured.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No right.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// Most castling rooks per side.
    pub const MAX_ROOKS: usize = 4;

    /// The right of `color` to castle with its `rook`-th castling rook (in the order of
    /// the game's castling rooks).
    pub fn has(self, color: Color, rook: usize) -> bool {
        rook < Self::MAX_ROOKS && self.contains(Self::rook(color, rook))
    }

    /// Has `color` any right left?
    #[inline]
    pub fn any(self, color: Color) -> bool {
        self.0 & Self::all_of(color).0 != 0
    }

    /// Has neither side a right left?
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The one right of `color`'s `rook`-th castling rook.
    #[inline]
    pub(crate) const fn rook(color: Color, rook: usize) -> CastlingRights {
        CastlingRights(1 << (color as usize * Self::MAX_ROOKS + rook))
    }

    /// Every right of `color`.
    #[inline]
    pub(crate) const fn all_of(color: Color) -> CastlingRights {
        CastlingRights(0x0f << (color as usize * Self::MAX_ROOKS))
    }

    /// Holds every right of `other`?
    #[inline]
    pub(crate) fn contains(self, other: CastlingRights) -> bool {
        self.0 & other.0 == other.0
    }

    /// These rights and `other`'s.
    #[inline]
    pub(crate) fn union(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 | other.0)
    }

    /// These rights without `other`'s.
    #[inline]
    pub(crate) fn without(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 & !other.0)
    }

    /// The rights as bits, `colour * 4 + rook` (the index of their hash key).
    #[inline]
    pub(crate) fn bits(self) -> usize {
        self.0 as usize
    }
}
