//! Diagrams: positions holding arbitrary pieces (no king needed, any number of them) and
//! the pseudo-legal moves of one piece. Used to draw where a piece can go on an empty
//! board (`fairyforge piece`) and by tests that compare attack detection against its
//! definition on random boards.

use std::sync::Arc;

use crate::moves::Move;
use crate::position::Position;
use crate::setup::SetupData;
use crate::types::{Color, Kind, Piece, Square};
use crate::variant::Variant;

/// Positions of arbitrary pieces and the moves of one piece.
impl Position {
    /// A position holding exactly these pieces, with `side` to move, no castling rights,
    /// no en-passant target, empty reserves and fresh counters. Unlike a position string
    /// it is not checked: it may have no king, or several, so that a lone piece can stand
    /// on an empty board. A later piece on the same square replaces an earlier one.
    pub fn with_pieces(
        variant: &Arc<Variant>,
        pieces: &[(Square, Kind, Color)],
        side: Color,
    ) -> Position {
        Position::from_parsed(variant.clone(), setup(variant, pieces, side))
    }

    /// The pseudo-legal moves of the piece on `sq`, whoever's turn it is: every move its
    /// primitives allow here (promotions and en passant included), without asking whether
    /// its own king would be left attacked. No castling, no drops; empty when `sq` is
    /// empty. In a position where the piece's side is to move and has no king, these are
    /// exactly its legal moves.
    pub fn piece_moves(&self, sq: Square) -> Vec<Move> {
        piece_moves(self, sq)
    }
}

/// The setup of [`Position::with_pieces`]: these pieces, `side` to move, nothing else.
fn setup(variant: &Variant, pieces: &[(Square, Kind, Color)], side: Color) -> SetupData {
    let mut board = vec![Piece::EMPTY; variant.num_squares()];
    for &(sq, kind, color) in pieces {
        assert!(
            sq.index() < board.len() && kind.index() < variant.pieces.len(),
            "a piece of this variant on a square of its board"
        );
        board[sq.index()] = Piece::new(kind, color);
    }
    SetupData::with_board(board, side)
}

/// The pseudo-legal moves of the piece on `sq` (see [`Position::piece_moves`]).
fn piece_moves(pos: &Position, sq: Square) -> Vec<Move> {
    let Some((_, color)) = pos.piece_at(sq) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    pos.gen_pseudo(color, &mut out);
    out.retain(|m| m.from() == sq && !m.is_drop() && !m.is_castle());
    out
}

#[cfg(test)]
mod tests {
    use crate::{Color, Position, Variant};

    #[test]
    fn a_lone_rook_on_an_empty_board() {
        let v = Variant::builtin("chess").unwrap();
        let g = &v.geometry;
        let rook = v.kind_by_id("rook").unwrap();
        let d4 = g.parse_square("d4").unwrap();
        let p = Position::with_pieces(&v, &[(d4, rook, Color::Black)], Color::White);
        assert_eq!(p.king_square(Color::White), None);
        assert!(!p.is_check());
        assert_eq!(p.piece_moves(d4).len(), 14);
        assert!(p.piece_moves(g.parse_square("e4").unwrap()).is_empty());
    }
}
