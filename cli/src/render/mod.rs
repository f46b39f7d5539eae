//! Drawing boards. A [`Board`] holds what to show on each existing square of a variant's
//! board (a piece and a mark); holes (R1) have no cell and are left blank. [`text`] draws
//! it for the terminal and [`svg`] as a picture, both with file and rank labels. Commands
//! fill a `Board` (`piece` marks where one piece can go; whole positions can be shown the
//! same way) and pick a drawing.

pub mod position;
pub mod svg;
pub mod text;

use fairyforge::{Color, Geometry, Position, Square};

/// A mark on a square. When several apply, the strongest is kept (see [`Board::mark`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Mark {
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
}

impl Board {
    /// An empty board of this shape.
    pub fn new(geometry: &Geometry) -> Board {
        Board {
            geometry: geometry.clone(),
            cells: vec![Cell::default(); geometry.num_squares()],
        }
    }

    /// The pieces of a position, unmarked.
    pub fn of_position(pos: &Position) -> Board {
        let v = pos.variant();
        let mut b = Board::new(v.geometry());
        for sq in v.geometry().squares() {
            if let Some((kind, color)) = pos.piece_at(sq) {
                b.cells[sq.index()].piece = Some((v.piece(kind).letter(), color));
            }
        }
        b
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The cell of a square given by file (0 = a) and rank; `None` for a hole.
    pub fn cell_at(&self, file: u8, rank: i8) -> Option<&Cell> {
        self.geometry
            .square(file as i32, rank as i32)
            .map(|sq| &self.cells[sq.index()])
    }

    /// Marks a square, keeping the stronger mark when it already has one
    /// (origin > double capture > capture > move).
    pub fn mark(&mut self, sq: Square, mark: Mark) {
        let c = &mut self.cells[sq.index()];
        c.mark = c.mark.max(mark);
    }

    /// File letters, a first.
    pub(crate) fn file_labels(&self) -> Vec<char> {
        (0..self.geometry.files())
            .map(fairyforge::geometry::file_char)
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
