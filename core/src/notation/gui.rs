//! The long form as chess GUIs and other engines write it (UCI, XBoard): the long form of
//! [`super::long`], except castling, which they write as the king's move (`e1g1`) where
//! the long form writes the king's move then the rook's (`e1g1h1f1`). Both forms are read,
//! and promotion letters in either case (`e7e8Q`).

use super::long::MoveError;
use crate::moves::Move;
use crate::position::Position;

/// The move as a GUI writes it: castling as the king's move when no other legal move has
/// that text, everything else in the long form. A castling with a gate (docs/format.md §
/// Gating) as Fairy-Stockfish writes it: the king's move and the letter (`e1g1h`) for a
/// gate on the king's square, the rook's square, the king's and the letter (`h1e1h`) for a
/// gate on the rook's.
pub(super) fn write(pos: &Position, m: &Move) -> String {
    let text = pos.move_text(m);
    if !m.is_castle() {
        return text;
    }
    let short = king_move(pos, m);
    let clash = pos.legal_moves().iter().any(|o| {
        o != m && (pos.move_text(o) == short || (o.is_castle() && king_move(pos, o) == short))
    });
    if clash { text } else { short }
}

/// The king's two squares of a castling move (`e1g1` of `e1g1h1f1`), with its gate
/// (`e1g1h`, or `h1e1h` on the rook's square).
fn king_move(pos: &Position, m: &Move) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    match m.gate() {
        None => format!("{}{}", g.name(m.from()), g.name(m.to())),
        Some((k, sq)) => {
            let l = v.piece(k).letter.to_ascii_lowercase();
            if sq == m.from() {
                format!("{}{}{l}", g.name(m.from()), g.name(m.to()))
            } else {
                format!("{}{}{l}", g.name(sq), g.name(m.from()))
            }
        }
    }
}

/// Reads a move written by a GUI or another engine: the long form, castling as the
/// king's move, promotion letters in either case. When nothing fits, the long form's
/// reason.
pub(super) fn read(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    let error = match pos.parse_move(t) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    let lower = t.to_ascii_lowercase();
    let legal = pos.legal_moves();
    let found: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            (!m.is_drop() && pos.move_text(m).to_ascii_lowercase() == lower)
                || (m.is_castle() && king_move(pos, m) == t)
        })
        .collect();
    match found.as_slice() {
        [m] => Ok(**m),
        [] => Err(error),
        _ => Err(MoveError::Ambiguous {
            text: t.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use crate::{MoveError, Position, Variant};

    #[test]
    fn castling_is_the_kings_move_for_guis() {
        let v = Variant::builtin("chess").unwrap();
        let p = Position::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let m = p.parse_gui_text("e1g1").unwrap();
        assert!(m.is_castle());
        assert_eq!(p.move_text(&m), "e1g1h1f1");
        assert_eq!(p.gui_text(&m), "e1g1");
        assert_eq!(p.parse_gui_text("e1g1h1f1").unwrap(), m);
        assert_eq!(p.gui_text(&p.parse_gui_text("e1c1").unwrap()), "e1c1");
        assert_eq!(
            p.parse_gui_text("e1b1").unwrap_err().to_string(),
            "`e1b1` is not a legal move in this position"
        );
        let v = Variant::builtin("capablanca").unwrap();
        let p = Position::from_fen(&v, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1").unwrap();
        let m = p.parse_gui_text("f1i1").unwrap();
        assert!(m.is_castle());
        assert_eq!(p.gui_text(&m), "f1i1");
    }

    #[test]
    fn castling_stays_long_where_the_kings_move_is_another_move() {
        // Birds and Ninjas: the king may castle to g1 with either rook, and step to g1.
        let v = Variant::builtin("birds-and-ninjas").unwrap();
        let p = Position::from_fen(&v, "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GR3K2RG/FF[JJJJjjjj] w BIbi - 0 1").unwrap();
        let castle = p.parse_move("f1g1i1f1").unwrap();
        assert_eq!(p.gui_text(&castle), "f1g1i1f1");
        assert_eq!(p.move_text(&p.parse_gui_text("f1g1").unwrap()), "f1g1");
    }

    #[test]
    fn other_moves_are_the_long_form() {
        let v = Variant::builtin("chess").unwrap();
        let p = Position::from_fen(&v, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let m = p.parse_gui_text("e7e8Q").unwrap();
        assert_eq!(p.gui_text(&m), "e7e8q");
        assert_eq!(
            p.parse_gui_text("e7e9").unwrap_err().to_string(),
            "`e7e9` is not move text: there is no square `e9` on this board"
        );
        assert_eq!(
            p.parse_gui_text("e7e6").unwrap_err().to_string(),
            "`e7e6` is not a legal move in this position"
        );
        assert!(matches!(
            p.parse_gui_text("e7"),
            Err(MoveError::Malformed { .. })
        ));
    }
}
