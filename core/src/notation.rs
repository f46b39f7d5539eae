//! Move text (R29): long algebraic for every interface. `e2e5`, `e9e10q`, `J@e2`,
//! `J@e2e5`, castling as the king's move then the rook's: `f1h1i1g1`.

use crate::position::Position;
use crate::types::{Move, MoveKind};

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("`{0}` is not move text: {1}")]
    Malformed(String, String),
    #[error("`{0}` is not a legal move in this position")]
    Illegal(String),
}

impl Position {
    /// The R29 text of a move of this position.
    pub fn move_text(&self, m: &Move) -> String {
        let v = &self.variant;
        let g = &v.geometry;
        match m.kind {
            MoveKind::Drop => {
                let l = v.pieces[m.piece as usize].letter;
                if m.to == m.from {
                    format!("{l}@{}", g.name(m.from))
                } else {
                    format!("{l}@{}{}", g.name(m.from), g.name(m.to))
                }
            }
            MoveKind::Castle => format!(
                "{}{}{}{}",
                g.name(m.from),
                g.name(m.to),
                g.name(m.aux),
                g.name(m.aux2)
            ),
            _ => {
                let mut s = format!("{}{}", g.name(m.from), g.name(m.to));
                if let Some(k) = m.promotion() {
                    let mover = self.board[m.from.index()];
                    let suffix =
                        mover.is_empty() || v.promotion_suffix(mover.kind(), mover.color(), m.to);
                    if suffix {
                        s.push(v.pieces[k as usize].letter.to_ascii_lowercase());
                    }
                }
                s
            }
        }
    }

    /// Finds the legal move with this R29 text.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        check_shape(self, t)?;
        let moves = self.legal_moves();
        let found: Vec<Move> = moves
            .into_iter()
            .filter(|m| self.move_text(m) == t)
            .collect();
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(t.to_string())),
            // Two legal moves with one text can only come from a user-defined piece whose
            // primitives differ in captures on the same path; take the one capturing more.
            [first, ..] => Ok(*found
                .iter()
                .max_by_key(|m| m.aux.is_some() as u8)
                .unwrap_or(first)),
        }
    }

    /// Plays moves given as text, in order.
    pub fn play_text(&mut self, moves: &[&str]) -> Result<(), (usize, MoveError)> {
        for (i, t) in moves.iter().enumerate() {
            let m = self.parse_move(t).map_err(|e| (i, e))?;
            self.make(m);
        }
        Ok(())
    }
}

/// Checks the text's shape against the board, so that malformed text gets its own message.
fn check_shape(pos: &Position, t: &str) -> Result<(), MoveError> {
    let g = &pos.variant.geometry;
    let bad = |why: &str| Err(MoveError::Malformed(t.to_string(), why.to_string()));
    if t.is_empty() {
        return bad("it is empty");
    }
    let squares_of = |s: &str| -> Result<Vec<String>, String> {
        let b = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if !b[i].is_ascii_lowercase() {
                return Err(format!("unexpected `{}`", b[i] as char));
            }
            let st = i;
            i += 1;
            let ds = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == ds {
                // A trailing letter is a promotion suffix.
                if i == b.len() && !out.is_empty() {
                    return Ok(out);
                }
                return Err(format!("`{}` is not a square", &s[st..i]));
            }
            let name = &s[st..i];
            if g.parse_square(name).is_none() {
                return Err(format!("there is no square `{name}` on this board"));
            }
            out.push(name.to_string());
        }
        Ok(out)
    };
    if let Some((piece, rest)) = t.split_once('@') {
        let mut ch = piece.chars();
        let (Some(l), None) = (ch.next(), ch.next()) else {
            return bad("a drop is a piece letter, `@` and a square, like `J@e2`");
        };
        if pos.variant.kind_by_letter(l).is_none() {
            return bad(&format!("no piece of this game has the letter `{l}`"));
        }
        match squares_of(rest) {
            Ok(sq) if sq.len() == 1 || sq.len() == 2 => Ok(()),
            Ok(_) => bad("a drop names one square, or two with a push"),
            Err(e) => bad(&e),
        }
    } else {
        match squares_of(t) {
            Ok(sq) if sq.len() == 2 || sq.len() == 4 => Ok(()),
            Ok(_) => bad("expected two squares (`e2e4`), four for castling, or a drop (`J@e2`)"),
            Err(e) => bad(&e),
        }
    }
}
