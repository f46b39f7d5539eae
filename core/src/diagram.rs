//! Diagrams: positions holding arbitrary pieces (no king needed, any number of them) and
//! the pseudo-legal moves of one piece. Used to draw where a piece can go on an empty
//! board (`fairyforge piece`) and by tests that compare attack detection against its
//! definition on random boards.

use std::sync::Arc;

use crate::position::Position;
use crate::setup::SetupData;
use crate::types::{Color, Kind, Move, MoveKind, Piece, Square};
use crate::variant::Variant;

impl Position {
    /// A position holding exactly these pieces, with `side` to move, no castling rights,
    /// no en-passant target, empty reserves and fresh counters. Unlike a position string
    /// (R28) it is not checked: it may have no king, or several, so that a lone piece can
    /// stand on an empty board. A later piece on the same square replaces an earlier one.
    pub fn with_pieces(
        variant: &Arc<Variant>,
        pieces: &[(Square, Kind, Color)],
        side: Color,
    ) -> Position {
        let mut board = vec![Piece::EMPTY; variant.num_squares()];
        for &(sq, kind, color) in pieces {
            assert!(
                sq.index() < board.len() && (kind as usize) < variant.pieces.len(),
                "a piece of this variant on a square of its board"
            );
            board[sq.index()] = Piece::new(kind, color);
        }
        let parsed = SetupData::with_board(board, side);
        Position::from_parsed(variant.clone(), parsed)
    }

    /// The pseudo-legal moves of the piece on `sq`, whoever's turn it is: every move its
    /// primitives allow here (promotions and en passant included), without asking whether
    /// its own king would be left attacked (R23). No castling, no drops; empty when `sq`
    /// is empty. In a position where the piece's side is to move and has no king, these are
    /// exactly its legal moves.
    pub fn piece_moves(&self, sq: Square) -> Vec<Move> {
        let Some((_, color)) = self.piece_at(sq) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.gen_pseudo(color, &mut out);
        out.retain(|m| m.from == sq && !matches!(m.kind, MoveKind::Drop | MoveKind::Castle));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_rook_on_an_empty_board() {
        let v = Variant::builtin("chess").unwrap();
        let g = &v.geometry;
        let rook = v.kind_by_id("rook").unwrap();
        let d4 = g.parse_square("d4").unwrap();
        let p = Position::with_pieces(&v, &[(d4, rook, Color::Black)], Color::White);
        assert_eq!(p.king_square(Color::White), None);
        assert!(!p.in_check());
        assert_eq!(p.piece_moves(d4).len(), 14);
        assert!(p.piece_moves(g.parse_square("e4").unwrap()).is_empty());
    }
}
