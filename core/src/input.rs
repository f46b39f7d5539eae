//! What a player types, resolved to a legal move with a helpful error when it is not one.
//!
//! Accepted, besides the R29 text of [`crate::notation`]:
//! - a piece letter and the destination, with an optional origin file, rank or square and
//!   an optional `x`: `Fd8`, `Gxc3`, `Nbd2`, `R1e1`;
//! - a pawn's move as its destination or origin file and destination: `e5`, `exd6`;
//! - a promotion letter after the destination, with or without `=`: `e10q`, `e10=Q`;
//! - a drop as the piece letter, `@` and the square where the piece ends (the push
//!   included): `J@e5` for `J@e2e5`;
//! - castling as the king's move to its square (`f1h1`, `Kh1`) when that is unambiguous,
//!   or `O-O` (toward the higher files) and `O-O-O` (toward the lower files) when the
//!   game allows one castling that way.

use crate::position::Position;
use crate::types::{Color, Move, MoveKind, Square};

/// Why an input is not a move of this position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("`{0}` is not a move: {1}")]
    Unreadable(String, String),
    #[error("there is no square `{0}` on this board")]
    NoSuchSquare(String),
    #[error("there is no piece on {0}")]
    EmptySquare(String),
    #[error("the piece on {0} is not yours")]
    NotYourPiece(String),
    #[error("illegal: {0}")]
    Illegal(String),
    #[error("ambiguous: could be {}", .0.join(" or "))]
    Ambiguous(Vec<String>),
}

struct Pattern {
    letter: Option<char>,
    from_file: Option<u8>,
    from_rank: Option<i8>,
    to: Option<Square>,
    capture: bool,
    promo: Option<char>,
    drop: bool,
    /// The drop square of a drop with a push (`J@e2e5`).
    drop_from: Option<Square>,
}

impl Position {
    /// Resolves what a player typed (see the module documentation) to a legal move.
    pub fn parse_input(&self, input: &str) -> Result<Move, InputError> {
        let t = input.trim();
        if t.is_empty() {
            return Err(InputError::Unreadable(t.into(), "it is empty".into()));
        }
        let legal = self.legal_moves();
        let texts: Vec<String> = legal.iter().map(|m| self.move_text(m)).collect();
        // Exact R29 text first.
        if let Some(i) = texts.iter().position(|x| x == t) {
            return Ok(legal[i]);
        }
        if let Some(m) = self.castle_shortcut(t, &legal, &texts)? {
            return Ok(m);
        }
        // Spaces and hyphens between the squares (`e2-e5`, `e2 e5`) are only separators.
        let spaced: String = t
            .chars()
            .filter(|c| *c != '-' && !c.is_whitespace())
            .collect();
        let t = spaced.as_str();
        if let Some(i) = texts.iter().position(|x| x == t) {
            return Ok(legal[i]);
        }
        // Four-character coordinate forms such as `f1h1` may name a castling king move.
        if let Some((from, to)) = self.two_squares(t) {
            let matches: Vec<usize> = (0..legal.len())
                .filter(|&i| {
                    legal[i].from == from && legal[i].to == to && legal[i].kind != MoveKind::Drop
                })
                .collect();
            return self.pick(t, &legal, &texts, matches, Some(from), Some(to));
        }
        let p = self.pattern(t)?;
        let matches: Vec<usize> = (0..legal.len())
            .filter(|&i| self.fits(&p, &legal[i]))
            .collect();
        if matches.is_empty() {
            return Err(self.why_not_pattern(t, &p));
        }
        let to = p.to;
        self.pick(t, &legal, &texts, matches, None, to)
    }

    /// Does the move fit what the player typed?
    fn fits(&self, p: &Pattern, m: &Move) -> bool {
        let g = &self.variant.geometry;
        if p.drop != (m.kind == MoveKind::Drop) {
            return false;
        }
        if p.to.is_some_and(|to| to != m.to) {
            return false;
        }
        let kind = if m.kind == MoveKind::Drop {
            m.piece
        } else {
            self.board[m.from.index()].kind()
        };
        let piece = &self.variant.pieces[kind as usize];
        match p.letter {
            Some(l) if l != piece.letter => return false,
            None if !piece.pawn => return false,
            _ => {}
        }
        if p.drop_from.is_some_and(|f| f != m.from) {
            return false;
        }
        if m.kind != MoveKind::Drop {
            let (f, r) = g.coords(m.from);
            if p.from_file.is_some_and(|x| x != f) || p.from_rank.is_some_and(|x| x != r) {
                return false;
            }
        }
        if p.capture && self.captures_of(m).is_empty() {
            return false;
        }
        match (p.promo, m.promotion()) {
            (Some(c), Some(k)) => self.variant.pieces[k as usize].letter == c,
            (Some(_), None) => false,
            (None, _) => true,
        }
    }

    /// Explains why no legal move fits a short form (`Fd8`, `exd6`, `J@e5`).
    fn why_not_pattern(&self, t: &str, p: &Pattern) -> InputError {
        let g = &self.variant.geometry;
        let us = self.side;
        let side = if us == Color::White { "White" } else { "Black" };
        let name = |k: u8| self.variant.pieces[k as usize].name.to_lowercase();
        let Some(to) = p.to else {
            return InputError::Illegal(format!(
                "`{t}` matches no legal move (type `moves` to list them)"
            ));
        };
        if p.drop {
            let Some(k) = p.letter.and_then(|l| self.variant.kind_by_letter(l)) else {
                return InputError::Illegal(format!("`{t}` matches no legal drop"));
            };
            if self.reserve(us, k) == 0 {
                return InputError::Illegal(format!("{side} has no {} in reserve", name(k)));
            }
            let place = match p.drop_from {
                Some(f) => format!("dropped on {} and pushed to {}", g.name(f), g.name(to)),
                None => format!("dropped to end on {}", g.name(to)),
            };
            return InputError::Illegal(format!(
                "a {} cannot be {place} now (type `moves` to list the drops)",
                name(k)
            ));
        }
        // A pseudo-legal move that fits: it fails only because of the king.
        let mut pseudo = Vec::new();
        self.gen_pseudo(us, &mut pseudo);
        if let Some(m) = pseudo.iter().find(|m| self.fits(p, m)) {
            return self.leaves_king_attacked(m.from, m.to);
        }
        let what = match p.letter.and_then(|l| self.variant.kind_by_letter(l)) {
            Some(k) => name(k),
            None => "pawn".to_string(),
        };
        let verb = if p.capture {
            format!("capture on {}", g.name(to))
        } else {
            format!("move to {}", g.name(to))
        };
        InputError::Illegal(format!(
            "no {what} of {side}'s can {verb} (type `moves` to list the legal moves)"
        ))
    }

    /// The message for a move that would leave the mover's own king attacked.
    fn leaves_king_attacked(&self, from: Square, to: Square) -> InputError {
        let g = &self.variant.geometry;
        let side = if self.side == Color::White {
            "White's"
        } else {
            "Black's"
        };
        let kind = self.board[from.index()].kind();
        let piece = &self.variant.pieces[kind as usize];
        if piece.royal {
            return InputError::Illegal(format!(
                "{side} {} would be attacked on {}",
                piece.name.to_lowercase(),
                g.name(to)
            ));
        }
        InputError::Illegal(format!(
            "the {} on {} cannot move to {}: that would leave {side} king attacked",
            piece.name.to_lowercase(),
            g.name(from),
            g.name(to)
        ))
    }

    fn pick(
        &self,
        t: &str,
        legal: &[Move],
        texts: &[String],
        matches: Vec<usize>,
        from: Option<Square>,
        to: Option<Square>,
    ) -> Result<Move, InputError> {
        match matches.as_slice() {
            [i] => Ok(legal[*i]),
            [] => Err(self.why_not(t, from, to)),
            many => {
                // Promotions differ only by the new piece: ask for it.
                let mut list: Vec<String> = many.iter().map(|i| texts[*i].clone()).collect();
                list.sort();
                list.dedup();
                Err(InputError::Ambiguous(list))
            }
        }
    }

    fn two_squares(&self, t: &str) -> Option<(Square, Square)> {
        let g = &self.variant.geometry;
        let b = t.as_bytes();
        if b.is_empty() || !t.is_ascii() {
            return None;
        }
        let mut cut = 1;
        while cut < b.len() && b[cut].is_ascii_digit() {
            cut += 1;
        }
        let from = g.parse_square(&t[..cut])?;
        let to = g.parse_square(&t[cut..])?;
        Some((from, to))
    }

    fn castle_shortcut(
        &self,
        t: &str,
        legal: &[Move],
        texts: &[String],
    ) -> Result<Option<Move>, InputError> {
        let high = match t.replace('0', "O").as_str() {
            "O-O" => true,
            "O-O-O" => false,
            _ => return Ok(None),
        };
        let g = &self.variant.geometry;
        let found: Vec<usize> = (0..legal.len())
            .filter(|&i| {
                legal[i].kind == MoveKind::Castle
                    && (g.file(legal[i].to) > g.file(legal[i].from)) == high
            })
            .collect();
        match found.as_slice() {
            [i] => Ok(Some(legal[*i])),
            [] => Err(InputError::Illegal(format!(
                "no castling toward the {} files now",
                if high { "higher" } else { "lower" }
            ))),
            many => Err(InputError::Ambiguous(
                many.iter().map(|i| texts[*i].clone()).collect(),
            )),
        }
    }

    fn pattern(&self, t: &str) -> Result<Pattern, InputError> {
        let g = &self.variant.geometry;
        let unreadable = |why: &str| InputError::Unreadable(t.to_string(), why.to_string());
        let mut p = Pattern {
            letter: None,
            from_file: None,
            from_rank: None,
            to: None,
            capture: false,
            promo: None,
            drop: false,
            drop_from: None,
        };
        if let Some((l, sq)) = t.split_once('@') {
            let mut ch = l.chars();
            let (Some(c), None) = (ch.next(), ch.next()) else {
                return Err(unreadable(
                    "a drop is a piece letter, `@` and a square, like `J@e5`",
                ));
            };
            let c = c.to_ascii_uppercase();
            if self.variant.kind_by_letter(c).is_none() {
                return Err(unreadable(&format!(
                    "no piece of this game has the letter `{c}`"
                )));
            }
            // `J@e5` names the final square; `J@e2e5` (R29 text) both squares.
            let to = match (g.parse_square(sq), self.two_squares(sq)) {
                (Some(to), _) => to,
                (None, Some((from, to))) => {
                    p.drop_from = Some(from);
                    to
                }
                (None, None) => return Err(InputError::NoSuchSquare(sq.to_string())),
            };
            p.letter = Some(c);
            p.to = Some(to);
            p.drop = true;
            return Ok(p);
        }
        let mut s: Vec<char> = t
            .chars()
            .filter(|c| *c != '+' && *c != '#' && *c != '=')
            .collect();
        if s.first().is_some_and(|c| c.is_ascii_uppercase()) {
            let c = s.remove(0);
            if self.variant.kind_by_letter(c).is_none() {
                return Err(unreadable(&format!(
                    "no piece of this game has the letter `{c}`"
                )));
            }
            p.letter = Some(c);
        }
        // A promotion letter at the end (upper or lower case) after a square.
        if s.len() >= 3
            && s.last().is_some_and(|c| c.is_ascii_alphabetic())
            && s[s.len() - 2].is_ascii_digit()
        {
            let last = *s.last().unwrap();
            let c = last.to_ascii_uppercase();
            if self.variant.kind_by_letter(c).is_none()
                && last.is_ascii_lowercase()
                && (last as u8 - b'a') < g.files()
            {
                // `e2e`: a square cut short rather than a promotion letter.
                return Err(unreadable(&format!(
                    "`{last}` at the end is a file without a rank (a square is a file and a rank, like `e4`)"
                )));
            }
            s.pop();
            if self.variant.kind_by_letter(c).is_none() {
                return Err(unreadable(&format!(
                    "no piece of this game has the letter `{c}`"
                )));
            }
            p.promo = Some(c);
        }
        let text: String = s.iter().collect();
        // The destination is the last square in the text.
        let digits_at = text
            .rfind(|c: char| !c.is_ascii_digit())
            .ok_or_else(|| unreadable("expected a square"))?;
        let dest = &text[digits_at..];
        if dest.len() < 2 {
            return Err(unreadable("expected a destination square, like `e4`"));
        }
        p.to = Some(
            g.parse_square(dest)
                .ok_or_else(|| InputError::NoSuchSquare(dest.to_string()))?,
        );
        let mut head: &str = &text[..digits_at];
        if let Some(h) = head.strip_suffix('x') {
            p.capture = true;
            head = h;
        }
        if !head.is_empty() {
            let b = head.as_bytes();
            let mut i = 0;
            if b[0].is_ascii_lowercase() {
                p.from_file = Some(b[0] - b'a');
                i = 1;
            }
            if i < b.len() {
                p.from_rank = Some(head[i..].parse::<i8>().map_err(|_| {
                    unreadable(&format!(
                        "`{head}` before the destination `{dest}` is not a file, rank or square"
                    ))
                })?);
            }
            if let (Some(f), Some(r)) = (p.from_file, p.from_rank)
                && g.square(f as i32, r as i32).is_none()
            {
                return Err(InputError::NoSuchSquare(head.to_string()));
            }
        }
        Ok(p)
    }

    /// Explains why no legal move matches.
    fn why_not(&self, t: &str, from: Option<Square>, to: Option<Square>) -> InputError {
        let g = &self.variant.geometry;
        let us = self.side;
        if let Some(f) = from {
            let p = self.board[f.index()];
            if p.is_empty() {
                return InputError::EmptySquare(g.name(f));
            }
            if !p.is_color(us) {
                return InputError::NotYourPiece(g.name(f));
            }
            let name = self.variant.pieces[p.kind() as usize].name.to_lowercase();
            if let Some(to) = to {
                let mut pseudo = Vec::new();
                self.gen_pseudo(us, &mut pseudo);
                if pseudo.iter().any(|m| m.from == f && m.to == to) {
                    return self.leaves_king_attacked(f, to);
                }
                return InputError::Illegal(format!(
                    "the {name} on {} cannot move to {}",
                    g.name(f),
                    g.name(to)
                ));
            }
        }
        InputError::Illegal(format!(
            "`{t}` matches no legal move (type `moves` to list them)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Variant};

    fn start(name: &str) -> Position {
        Position::start(&Variant::builtin(name).unwrap())
    }

    fn text(p: &Position, input: &str) -> String {
        match p.parse_input(input) {
            Ok(m) => p.move_text(&m),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn short_forms_resolve() {
        let p = start("chess");
        assert_eq!(text(&p, "e4"), "e2e4");
        assert_eq!(text(&p, "Nf3"), "g1f3");
        assert_eq!(text(&p, "g1f3"), "g1f3");
        assert_eq!(
            text(&p, "Nd4"),
            "error: illegal: no knight of White's can move to d4 (type `moves` to list the legal moves)"
        );
        assert_eq!(
            text(&p, "e2e5"),
            "error: illegal: the pawn on e2 cannot move to e5"
        );
        assert_eq!(text(&p, "e7e5"), "error: the piece on e7 is not yours");
        assert_eq!(text(&p, "e3e4"), "error: there is no piece on e3");
        assert_eq!(
            text(&p, "z9"),
            "error: there is no square `z9` on this board"
        );
    }

    #[test]
    fn drops_by_final_square_and_castling_by_king_move() {
        let p = start("birds-and-ninjas");
        let mut q = p.clone();
        q.play_text(&["e2e5", "e9e6"]).unwrap();
        assert_eq!(text(&q, "J@e4"), "J@e2e4");
        assert_eq!(text(&q, "J@e2"), "J@e2");
        let v = Variant::builtin("birds-and-ninjas").unwrap();
        let c = Position::from_fen(&v, "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GR3K2RG/FF[JJJJjjjj] w BIbi - 0 1").unwrap();
        assert_eq!(text(&c, "f1h1"), "f1h1i1g1");
        assert_eq!(text(&c, "Kh1"), "f1h1i1g1");
        assert_eq!(
            text(&c, "Kg1"),
            "error: ambiguous: could be f1g1 or f1g1i1f1"
        );
        assert_eq!(
            text(&c, "O-O"),
            "error: ambiguous: could be f1g1i1f1 or f1h1i1g1 or f1i1i1h1"
        );
    }

    #[test]
    fn separators_drops_and_reasons() {
        let p = start("birds-and-ninjas");
        assert_eq!(text(&p, "e2-e5"), "e2e5");
        assert_eq!(text(&p, "e2 e5"), "e2e5");
        assert_eq!(
            text(&p, "J@e2e7"),
            "error: illegal: a ninja pawn cannot be dropped on e2 and pushed to e7 now (type `moves` to list the drops)"
        );
        assert_eq!(
            text(&p, "F@e2"),
            "error: illegal: White has no flying bomber in reserve"
        );
        assert_eq!(
            text(&p, "e2e"),
            "error: `e2e` is not a move: `e` at the end is a file without a rank (a square is a file and a rank, like `e4`)"
        );
    }

    #[test]
    fn illegal_because_of_check() {
        let v = Variant::builtin("chess").unwrap();
        let p = Position::from_fen(&v, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
        assert_eq!(text(&p, "Kxe2"), "e1e2");
        assert_eq!(
            text(&p, "e1d2"),
            "error: illegal: White's king would be attacked on d2"
        );
    }
}
