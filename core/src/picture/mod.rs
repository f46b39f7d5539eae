//! Board pictures: what the terminal and the SVG files show, for library users and tests as
//! much as for the command line.
//!
//! A [`Board`] holds what to show on each existing square of a variant's board (a piece and
//! a [`Mark`]); holes have no cell and are left blank. [`Board::text`] draws it as text and
//! [`Board::svg`] as a picture, both with file and rank labels. [`position_text`] and
//! [`position_svg`] draw a whole position (board, last move, reserves, who is to move).
//!
//! ```
//! use fairyforge::{Position, Variant, picture::Board};
//! let chess = Variant::builtin("chess").unwrap();
//! let pos = Position::start(&chess);
//! let text = Board::of_position(&pos).text();
//! assert!(text.starts_with("   a  b  c  d  e  f  g  h\n8  r  n  b  q  k  b  n  r  8\n"));
//! ```

mod pieces;
mod position;
mod svg;
mod text;

pub use pieces::{Family, Made, Picture, Standard, library_pictures, piece_svg};
pub use position::{position_svg, position_text};
pub use text::LEGEND;

pub(crate) use svg::escape;

use crate::Move;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Color, Square};

/// A mark on a square. When several apply, the strongest is kept (see [`Board::mark`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Mark {
    /// No mark.
    #[default]
    None,
    /// A square of the last move played (position drawings).
    Last,
    /// A move lands here and captures nothing.
    Move,
    /// A move lands here and captures one piece (here, or jumped over, or a screen).
    Capture,
    /// A move lands here and captures two pieces.
    Double,
    /// The piece whose moves are shown.
    Origin,
}

/// What one existing square shows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The piece's letter (upper case) and colour.
    pub piece: Option<(char, Color)>,
    /// The square's mark.
    pub mark: Mark,
}

impl Cell {
    /// The letter as a position string writes it: upper case White, lower case Black.
    pub fn letter(&self) -> Option<char> {
        self.piece.map(|(l, c)| match c {
            Color::White => l.to_ascii_uppercase(),
            Color::Black => l.to_ascii_lowercase(),
        })
    }
}

/// A board to draw: the geometry (which squares exist) and one cell per existing square.
#[derive(Clone, Debug)]
pub struct Board {
    geometry: Geometry,
    cells: Vec<Cell>,
    /// The pictures of the pieces by letter (upper case); a piece without one is drawn as
    /// a lettered disc.
    pictures: Vec<(char, Picture)>,
}

impl Board {
    /// An empty board of this shape.
    pub fn new(geometry: &Geometry) -> Board {
        Board {
            geometry: geometry.clone(),
            cells: vec![Cell::default(); geometry.num_squares()],
            pictures: Vec::new(),
        }
    }

    /// The pieces of a position, unmarked.
    pub fn of_position(pos: &Position) -> Board {
        let v = pos.variant();
        let mut b = Board::new(v.geometry());
        b.pictures = v
            .kinds()
            .map(|k| (v.piece(k).letter(), Picture::of(v, k)))
            .collect();
        for sq in v.geometry().squares() {
            if let Some((kind, color)) = pos.piece_at(sq) {
                b.cells[sq.index()].piece = Some((v.piece(kind).letter(), color));
            }
        }
        b
    }

    /// The pieces of a position with the piece on `from` marked as the origin and the
    /// landing squares of `moves` marked by how many pieces each captures: the picture of
    /// where one piece can go (`fairyforge piece`).
    pub fn piece_moves(pos: &Position, from: Square, moves: &[Move]) -> Board {
        let mut b = Board::of_position(pos);
        b.mark(from, Mark::Origin);
        for m in moves {
            let mark = match pos.captures_of(m).len() {
                0 => Mark::Move,
                1 => Mark::Capture,
                _ => Mark::Double,
            };
            b.mark(m.to(), mark);
        }
        b
    }

    /// The board's shape.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The cell of a square given by file (0 = a) and rank; `None` for a hole.
    pub fn cell_at(&self, file: u8, rank: i8) -> Option<&Cell> {
        self.geometry
            .square(file as i32, rank as i32)
            .map(|sq| &self.cells[sq.index()])
    }

    /// The cell of an existing square.
    pub fn cell(&self, sq: Square) -> &Cell {
        &self.cells[sq.index()]
    }

    /// Marks a square, keeping the stronger mark when it already has one
    /// (origin > double capture > capture > move > last move).
    pub fn mark(&mut self, sq: Square, mark: Mark) {
        let c = &mut self.cells[sq.index()];
        c.mark = c.mark.max(mark);
    }

    /// The board as text: three characters a square, rank labels on both sides and file
    /// labels above and below, holes blank; see [`LEGEND`] for the marks.
    pub fn text(&self) -> String {
        text::draw(self)
    }

    /// The board as a standalone SVG document with the legend of the marks; `title` (if
    /// any) is written above the board and as the document's title.
    pub fn svg(&self, title: Option<&str>) -> String {
        svg::draw(self, title)
    }

    /// The picture of a piece, by its letter.
    pub(crate) fn picture(&self, letter: char) -> Option<&Picture> {
        let l = letter.to_ascii_uppercase();
        self.pictures.iter().find(|(x, _)| *x == l).map(|(_, p)| p)
    }

    /// File letters, a first.
    pub(crate) fn file_labels(&self) -> Vec<char> {
        (0..self.geometry.files())
            .map(crate::geometry::file_char)
            .collect()
    }

    /// The ranks from the highest down; a rank with no existing square is left out.
    pub(crate) fn ranks_top_down(&self) -> Vec<i8> {
        self.geometry
            .rank_range()
            .rev()
            .filter(|r| self.geometry.rank_squares(*r).next().is_some())
            .collect()
    }
}
