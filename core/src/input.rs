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
        let g = &self.variant.geometry;
        let matches: Vec<usize> = (0..legal.len())
            .filter(|&i| {
                let m = &legal[i];
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
            })
            .collect();
        let to = p.to;
        self.pick(t, &legal, &texts, matches, None, to)
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
            // `J@e2e5` is R29 text (handled before); here only the final square.
            let to = g
                .parse_square(sq)
                .ok_or_else(|| InputError::NoSuchSquare(sq.to_string()))?;
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
            let c = s.pop().unwrap().to_ascii_uppercase();
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
                p.from_rank =
                    Some(head[i..].parse::<i8>().map_err(|_| {
                        unreadable(&format!("`{head}` is not a file, rank or square"))
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
                    return InputError::Illegal(format!(
                        "{} {} would leave {} king attacked",
                        g.name(f),
                        g.name(to),
                        if us == Color::White {
                            "White's"
                        } else {
                            "Black's"
                        }
                    ));
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
            "error: illegal: `Nd4` matches no legal move (type `moves` to list them)"
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
    fn illegal_because_of_check() {
        let v = Variant::builtin("chess").unwrap();
        let p = Position::from_fen(&v, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
        assert_eq!(text(&p, "Kxe2"), "e1e2");
        assert_eq!(
            text(&p, "e1d2"),
            "error: illegal: e1 d2 would leave White's king attacked"
        );
    }
}
