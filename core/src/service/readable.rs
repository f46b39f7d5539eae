//! Readable move texts (a stand-in until core's notation module writes them): the
//! shortest form a player could type that names a move alone.

use crate::{Move, Position, Square};

/// What a short form says about a board move (see `Position::parse_input`).
struct Pattern {
    letter: Option<char>,
    file: Option<u8>,
    rank: Option<i8>,
    to: Square,
    capture: bool,
    promo: Option<char>,
}

impl Pattern {
    /// Whether `Position::parse_input` would take move `m` for this pattern.
    fn fits(&self, pos: &Position, m: &Move) -> bool {
        if m.is_drop() || m.to() != self.to {
            return false;
        }
        let v = pos.variant();
        let Some((kind, _)) = pos.piece_at(m.from()) else {
            return false;
        };
        let piece = v.piece(kind);
        match self.letter {
            Some(l) if l != piece.letter() => return false,
            None if !piece.is_pawn() => return false,
            _ => {}
        }
        let (f, r) = v.geometry().coords(m.from());
        if self.file.is_some_and(|x| x != f) || self.rank.is_some_and(|x| x != r) {
            return false;
        }
        if self.capture && pos.captures_of(m).is_empty() {
            return false;
        }
        match (self.promo, m.promotion()) {
            (Some(c), Some(k)) => v.piece(k).letter() == c,
            (Some(_), None) => false,
            (None, _) => true,
        }
    }

    fn text(&self, pos: &Position) -> String {
        let g = &pos.variant().geometry();
        let mut s = String::new();
        if let Some(l) = self.letter {
            s.push(l);
        }
        if let Some(f) = self.file {
            s.push(crate::geometry::file_char(f));
        }
        if let Some(r) = self.rank {
            s.push_str(&r.to_string());
        }
        if self.capture {
            s.push('x');
        }
        s.push_str(&g.name(self.to));
        if let Some(p) = self.promo {
            s.push('=');
            s.push(p);
        }
        s
    }
}

/// The shortest text a player could type for `m` that names it alone among `legal`
/// (`e5`, `exd6`, `Fxf8`, `Nbd2`, `e10=Q`, `J@e4`, `Kh1`), else its R29 text. Every text
/// made here reads back to the same move with `Position::parse_input` (tested). Only the
/// moves of `legal` that end where `m` does matter: those are enough.
pub(crate) fn readable(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let v = pos.variant();
    let g = v.geometry();
    if m.is_drop() {
        let l = v.piece(m.dropped().expect("a drop drops a piece")).letter();
        let same_end = legal
            .iter()
            .filter(|x| x.is_drop() && x.dropped() == m.dropped() && x.to() == m.to())
            .count();
        return if same_end == 1 {
            format!("{l}@{}", g.name(m.to()))
        } else {
            pos.move_text(m)
        };
    }
    let Some((kind, _)) = pos.piece_at(m.from()) else {
        return pos.move_text(m);
    };
    let piece = v.piece(kind);
    let (f, r) = g.coords(m.from());
    let capture = !pos.captures_of(m).is_empty();
    let promo = m.promotion().map(|k| v.piece(k).letter());
    let base = Pattern {
        letter: None,
        file: None,
        rank: None,
        to: m.to(),
        capture,
        promo,
    };
    let mut ladder = Vec::with_capacity(5);
    if piece.is_pawn() && !m.is_castle() {
        ladder.push(if capture {
            Pattern {
                file: Some(f),
                ..base
            }
        } else {
            Pattern { ..base }
        });
    }
    let l = Some(piece.letter());
    ladder.push(Pattern { letter: l, ..base });
    ladder.push(Pattern {
        letter: l,
        file: Some(f),
        ..base
    });
    ladder.push(Pattern {
        letter: l,
        rank: Some(r),
        ..base
    });
    ladder.push(Pattern {
        letter: l,
        file: Some(f),
        rank: Some(r),
        ..base
    });
    for p in &ladder {
        if legal.iter().filter(|x| p.fits(pos, x)).count() == 1 {
            return p.text(pos);
        }
    }
    pos.move_text(m)
}
