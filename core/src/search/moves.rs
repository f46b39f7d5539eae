//! What the search reads of a move and of the board around it, in one place: the layout
//! of [`Move`] belongs to the core, and only these few functions know it.

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Color, Kind, Square};

/// No move (empty killer slots, table entries without a move).
pub(crate) const NO_MOVE: Move = Move::NONE;

/// The square a move ends on (where the moved or dropped piece stands afterwards; the
/// king's square for castling).
#[inline]
pub(crate) fn dest(m: &Move) -> Square {
    m.to()
}

/// The square a board move starts from (`None` for drops).
#[inline]
pub(crate) fn origin(m: &Move) -> Option<Square> {
    (!m.is_drop()).then(|| m.from())
}

#[inline]
pub(crate) fn is_castle(m: &Move) -> bool {
    m.is_castle()
}

/// The kind a move promotes to.
#[inline]
pub(crate) fn promotion(m: &Move) -> Option<Kind> {
    m.promotion()
}

/// The kind of the piece that moves (or is dropped). The board must be the one before the
/// move.
#[inline]
pub(crate) fn moved_kind(pos: &Position, m: &Move) -> Kind {
    match m.dropped() {
        Some(k) => k,
        None => pos.board()[m.from().index()].kind(),
    }
}

/// The squares whose pieces the move may capture (the landing square and the second
/// captured square of a double capture, a fly-over or en passant). A capture is there only
/// if an enemy stands on it.
#[inline]
pub(crate) fn capture_squares(m: &Move) -> [Square; 2] {
    match m.kind() {
        MoveKind::Drop | MoveKind::Castle => [Square::NONE; 2],
        _ => [m.to(), m.extra_capture().unwrap_or(Square::NONE)],
    }
}

/// Calls `f` with the kind and square of each enemy piece the move captures.
#[inline]
pub(crate) fn for_each_victim(
    pos: &Position,
    m: &Move,
    us: Color,
    mut f: impl FnMut(Kind, Square),
) {
    let board = pos.board();
    for sq in capture_squares(m) {
        if sq.is_some() {
            let p = board[sq.index()];
            if p.is_enemy_of(us) {
                f(p.kind(), sq);
            }
        }
    }
}

/// A plain move from one square to another, for tests.
#[cfg(test)]
pub(crate) fn test_move(from: Square, to: Square) -> Move {
    Move::board(from, to, Square::NONE, MoveKind::Normal)
}
