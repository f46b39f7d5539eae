//! Small strong types shared by every module: colours, squares, piece codes and moves.

use std::fmt;

/// A side. White moves first; Black's moves are White's mirrored across the middle (R2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub fn from_index(i: usize) -> Color {
        if i == 0 { Color::White } else { Color::Black }
    }

    /// `w` or `b`, as in the position string (R28).
    pub fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

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

/// An existing square of a board, as an index into the board's square list.
/// Indices run rank by rank from the lowest rank, files a upward within a rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u16);

impl Default for Square {
    fn default() -> Square {
        Square::NONE
    }
}

impl Square {
    /// No square: used inside moves for absent fields.
    pub const NONE: Square = Square(u16::MAX);

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == u16::MAX
    }

    #[inline]
    pub fn is_some(self) -> bool {
        self.0 != u16::MAX
    }
}

/// Index of a piece type within a variant (0-based, at most [`MAX_KINDS`]).
pub type Kind = u8;

/// Most piece types a variant may use (attack masks are 32-bit).
pub const MAX_KINDS: usize = 32;

/// The content of a square: empty, or a piece of a kind and colour, packed in a byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(pub u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    #[inline]
    pub fn new(kind: Kind, color: Color) -> Piece {
        Piece(((kind + 1) << 1) | color as u8)
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
        (self.0 >> 1) - 1
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
}

/// What a move does besides moving a piece from one square to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A piece moves (and captures on `to` and, when `aux` is set, on `aux`).
    Normal,
    /// A move that makes the squares it passed en-passant targets (R14).
    DoubleStep,
    /// An en-passant capture: the victim stands on `aux` (R14).
    EnPassant,
    /// A drop of `piece` on `from`, pushed to `to` (equal to `from` without a push) (R18, R19).
    Drop,
    /// Castling: king `from` -> `to`, rook `aux` -> `aux2` (R22).
    Castle,
}

/// A move. Squares are indices of the variant's board; text conversion lives in `notation`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// A second captured square (jumped-over piece, enemy screen, en-passant victim),
    /// or the rook's origin for castling.
    pub aux: Square,
    /// The rook's destination for castling.
    pub aux2: Square,
    pub kind: MoveKind,
    /// The dropped kind for drops; unused otherwise.
    pub piece: Kind,
    /// The promoted-to kind plus one; 0 when the move does not promote.
    pub promo: u8,
}

impl Move {
    pub fn promotion(&self) -> Option<Kind> {
        if self.promo == 0 {
            None
        } else {
            Some(self.promo - 1)
        }
    }

    pub fn is_drop(&self) -> bool {
        self.kind == MoveKind::Drop
    }

    pub fn is_castle(&self) -> bool {
        self.kind == MoveKind::Castle
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
