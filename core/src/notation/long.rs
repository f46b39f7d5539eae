//! The long form of move text (docs/rules.md, "Move text"), which every interface reads
//! and writes: `e2e5`, `e9e10q`, `J@e2`, `J@e2e5`, castling as the king's move then the
//! rook's: `f1h1i1g1`; a gating move (docs/format.md § Gating) ends with the gated piece's
//! letter, and a castling gating on the rook's square with that square too: `b1c3h`,
//! `e1g1h1f1h`, `e1g1h1f1hh1`. Its writer and its reader.

use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::refusal::{self, CastlingRefusal, Verdict};

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text does not have the shape of move text.
    #[error("`{text}` is not move text: {reason}")]
    Malformed {
        /// The text, trimmed.
        text: String,
        /// What is wrong with its shape.
        reason: Malformed,
    },
    /// The text has the right shape but names no legal move.
    #[error("`{text}` is not a legal move in this position")]
    Illegal {
        /// The text, trimmed.
        text: String,
    },
    /// A castling (four squares: the king's move then the rook's) that is not legal now,
    /// and the rule it breaks.
    #[error("`{text}` is not a legal move in this position: {why}")]
    Castling {
        /// The text, trimmed.
        text: String,
        /// Why not (boxed: the error stays small).
        why: Box<CastlingRefusal>,
    },
    /// Several legal moves fit a text read loosely (as GUIs write moves: castling as the
    /// king's move, promotion letters in upper case).
    #[error("`{text}` names more than one legal move")]
    Ambiguous {
        /// The text, trimmed.
        text: String,
    },
    /// The game is over (checkmate, stalemate, Capture the Scepter): no move is legal.
    #[error("`{text}` cannot be played: the game is over ({outcome})")]
    GameOver {
        /// The text, trimmed.
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
}

/// What is wrong with the shape of a move text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Malformed {
    /// Nothing was given.
    #[error("it is empty")]
    Empty,
    /// A character where a square's file letter should be.
    #[error("unexpected `{0}`")]
    Unexpected(char),
    /// A file letter without a rank.
    #[error("`{0}` is not a square")]
    NotASquare(String),
    /// A square name the board does not have.
    #[error("there is no square `{0}` on this board")]
    NoSuchSquare(String),
    /// Something other than one letter before `@`.
    #[error("a drop is a piece letter, `@` and a square, like `J@e2`")]
    DropShape,
    /// A piece letter the game does not have.
    #[error("no piece of this game has the letter `{0}`")]
    UnknownLetter(char),
    /// A drop naming no square or more than two.
    #[error("a drop names one square, or two with a push")]
    DropSquares,
    /// A board move naming other than two or four squares.
    #[error("expected two squares (`e2e4`), four for castling, or a drop (`J@e2`)")]
    SquareCount,
}

/// The long text of a move of this position.
pub(super) fn move_text(pos: &Position, m: &Move) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let (from, to) = (m.from(), m.to());
    if let Some(k) = m.dropped() {
        let l = v.piece(k).letter;
        return if to == from {
            format!("{l}@{}", g.name(from))
        } else {
            format!("{l}@{}{}", g.name(from), g.name(to))
        };
    }
    // Gating (docs/format.md § Gating): the gated piece's letter, and its square when it
    // is not the move's first square (Fairy-Stockfish's rule).
    let gate = |s: &mut String| {
        if let Some((k, sq)) = m.gate() {
            s.push(v.piece(k).letter.to_ascii_lowercase());
            if sq != from {
                s.push_str(&g.name(sq));
            }
        }
    };
    if let Some((rook_from, rook_to)) = m.castling_rook() {
        let mut s = format!(
            "{}{}{}{}",
            g.name(from),
            g.name(to),
            g.name(rook_from),
            g.name(rook_to)
        );
        gate(&mut s);
        return s;
    }
    let mut s = format!("{}{}", g.name(from), g.name(to));
    gate(&mut s);
    if let Some(k) = m.promotion() {
        let mover = pos.board()[from.index()];
        let rule = mover
            .get()
            .and_then(|(kind, color)| v.promotion_rule(kind, color));
        if rule.is_some_and(|r| r.plus) {
            // Shogi's writing (docs/format.md § `[promotion]`): `+` for the one choice.
            s.push('+');
        } else if mover.is_empty() || v.promotion_suffix(mover.kind(), mover.color(), to) {
            s.push(v.piece(k).letter.to_ascii_lowercase());
        }
    }
    s
}

/// Finds the legal move with this long text.
pub(super) fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    check_shape(pos, t).map_err(|reason| MoveError::Malformed {
        text: t.to_string(),
        reason,
    })?;
    let moves = pos.legal_moves();
    if moves.is_empty()
        && let Some(outcome) = pos.outcome()
    {
        return Err(MoveError::GameOver {
            text: t.to_string(),
            outcome,
        });
    }
    let found: Vec<Move> = moves
        .into_iter()
        .filter(|m| move_text(pos, m) == t)
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(
            match refusal::four_squares(pos, t).map(|sq| refusal::judge(pos, sq)) {
                Some(Verdict::Refused(why)) => MoveError::Castling {
                    text: t.to_string(),
                    why: Box::new(why),
                },
                _ => MoveError::Illegal {
                    text: t.to_string(),
                },
            },
        ),
        // Two legal moves with one text can only come from a user-defined piece whose
        // primitives differ in captures on the same path; take the one capturing more.
        [first, ..] => Ok(*found
            .iter()
            .max_by_key(|m| m.extra_capture().is_some())
            .unwrap_or(first)),
    }
}

/// Checks the text's shape against the board, so that malformed text gets its own message.
fn check_shape(pos: &Position, t: &str) -> Result<(), Malformed> {
    let g = &pos.variant().geometry;
    if t.is_empty() {
        return Err(Malformed::Empty);
    }
    let squares_of = |s: &str| -> Result<Vec<String>, Malformed> {
        let b = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if !b[i].is_ascii_lowercase() {
                return Err(Malformed::Unexpected(b[i] as char));
            }
            let st = i;
            i += 1;
            let ds = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == ds {
                // A trailing letter is a promotion or a gate; a gate may name its square.
                if !out.is_empty() && (i == b.len() || g.parse_square(&s[i..]).is_some()) {
                    return Ok(out);
                }
                return Err(Malformed::NotASquare(s[st..i].to_string()));
            }
            let name = &s[st..i];
            if g.parse_square(name).is_none() {
                return Err(Malformed::NoSuchSquare(name.to_string()));
            }
            out.push(name.to_string());
        }
        Ok(out)
    };
    if let Some((piece, rest)) = t.split_once('@') {
        let mut ch = piece.chars();
        let (Some(l), None) = (ch.next(), ch.next()) else {
            return Err(Malformed::DropShape);
        };
        if pos.variant().kind_by_letter(l).is_none() {
            return Err(Malformed::UnknownLetter(l));
        }
        match squares_of(rest)?.len() {
            1 | 2 => Ok(()),
            _ => Err(Malformed::DropSquares),
        }
    } else {
        // A shogi promotion ends with `+` (docs/format.md § `[promotion]`).
        let t = t.strip_suffix('+').unwrap_or(t);
        match squares_of(t)?.len() {
            2 | 4 => Ok(()),
            _ => Err(Malformed::SquareCount),
        }
    }
}
