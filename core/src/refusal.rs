//! Why a castling written as text (rules.md § Move text: the king's move then the rook's, `f1b1b1c1`,
//! `f10b10b10c10`) is not legal now: the reason of the rules.md § Castling rule it breaks, for the
//! messages of the move-text readers ([`crate::notation`]). The rules are checked by the move generator itself
//! ([`crate::movegen::castle_refusal`]), so a message never disagrees with the moves.

use crate::movegen::{Refusal, castle_refusal};
use crate::position::Position;
use crate::types::{Color, Square};

/// Why a castling is not legal now. Squares and pieces are named as the messages show
/// them (`b1`, `rook`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CastlingRefusal {
    /// The right to castle with this rook is gone: the king or that rook has moved, or the
    /// rook was taken.
    #[error(
        "{side} may no longer castle with the {rook} on {square} (the {king} or that {rook} has moved, or the {rook} was taken)"
    )]
    NoRight {
        /// The side to move.
        side: Color,
        /// The royal piece's name.
        king: String,
        /// The castling rook's name.
        rook: String,
        /// The rook's home square.
        square: String,
    },
    /// A square between the king and the rook is not empty.
    #[error("{square}, between the {king} and the {rook}, is not empty")]
    Occupied {
        /// The royal piece's name.
        king: String,
        /// The castling rook's name.
        rook: String,
        /// The first occupied square from the king's side.
        square: String,
    },
    /// The king is in check: no castling out of check.
    #[error("{side}'s {king} is in check, and may not castle out of it")]
    InCheck {
        /// The side to move.
        side: Color,
        /// The royal piece's name.
        king: String,
    },
    /// The king would pass over an attacked square.
    #[error("the {king} would pass over {square}, which is attacked")]
    PassesAttacked {
        /// The royal piece's name.
        king: String,
        /// The first attacked square on its way.
        square: String,
    },
    /// The king would be attacked on its destination, with the rook on its new square.
    #[error("the {king} would be attacked on {square}")]
    EndsAttacked {
        /// The royal piece's name.
        king: String,
        /// The king's destination.
        square: String,
    },
}

/// What four squares of castling text name in a position.
pub(crate) enum Verdict {
    /// No castling of this game moves the king and the rook so.
    NoSuchCastling,
    /// A castling of this game, refused now.
    Refused(CastlingRefusal),
    /// A castling of this game, legal now.
    Legal,
}

/// The four squares of a text written as castling is (`f1b1b1c1`, `f10b10b10c10`): each
/// a file letter and its rank's digits, all on the board. `None` for any other text.
pub(crate) fn four_squares(pos: &Position, t: &str) -> Option<[Square; 4]> {
    let g = &pos.variant().geometry;
    let b = t.as_bytes();
    let mut out = [Square::NONE; 4];
    let mut i = 0;
    for slot in &mut out {
        let start = i;
        if !b.get(i)?.is_ascii_lowercase() {
            return None;
        }
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        *slot = g.parse_square(&t[start..i])?;
    }
    (i == b.len()).then_some(out)
}

/// Judges the castling of the side to move named by `[king from, king to, rook from,
/// rook to]`.
pub(crate) fn judge(pos: &Position, sq: [Square; 4]) -> Verdict {
    let v = pos.variant();
    let us = pos.side_to_move();
    let Some(cs) = &v.castling else {
        return Verdict::NoSuchCastling;
    };
    let [king_from, king_to, rook_from, rook_to] = sq;
    if cs.king_home[us] != king_from {
        return Verdict::NoSuchCastling;
    }
    let found = cs
        .rooks
        .iter()
        .filter(|r| r.color == us && r.rook_home == rook_from)
        .find_map(|r| {
            let opt = r
                .options
                .iter()
                .find(|o| o.king_to == king_to && o.rook_to == rook_to)?;
            Some((r, opt))
        });
    let Some((rook, opt)) = found else {
        return Verdict::NoSuchCastling;
    };
    let Some(why) = castle_refusal(pos, rook, opt) else {
        return Verdict::Legal;
    };
    let g = &v.geometry;
    let king = v
        .royal
        .map_or("king".to_string(), |k| v.piece(k).name.to_lowercase());
    let rook_name = v.piece(cs.rook_kind).name.to_lowercase();
    Verdict::Refused(match why {
        Refusal::NoRight => CastlingRefusal::NoRight {
            side: us,
            king,
            rook: rook_name,
            square: g.name(rook_from),
        },
        Refusal::Occupied(s) => CastlingRefusal::Occupied {
            king,
            rook: rook_name,
            square: g.name(s),
        },
        Refusal::InCheck => CastlingRefusal::InCheck { side: us, king },
        Refusal::PassesAttacked(s) => CastlingRefusal::PassesAttacked {
            king,
            square: g.name(s),
        },
        Refusal::EndsAttacked => CastlingRefusal::EndsAttacked {
            king,
            square: g.name(king_to),
        },
    })
}
