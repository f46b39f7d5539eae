//! Move text as chess GUIs and other engines write it: fairyforge's own move text
//! (`e2e4`, `e7e8q`, `J@e2e5`), except castling, which GUIs send and expect as the king's
//! move (`e1g1`) where fairyforge writes the king's move then the rook's (`e1g1h1f1`).
//! Both forms are read.

use fairyforge::{Move, Position};

/// Is this a castling move?
fn is_castle(m: &Move) -> bool {
    m.is_castle()
}

/// The move as a GUI writes it: castling as the king's move when no other legal move
/// has that text, everything else as fairyforge writes it.
pub fn to_gui(pos: &Position, m: &Move) -> String {
    let text = pos.move_text(m);
    if !is_castle(m) {
        return text;
    }
    let short = king_move(pos, &text);
    let clash = pos.legal_moves().iter().any(|o| {
        o != m
            && (pos.move_text(o) == short
                || (is_castle(o) && king_move(pos, &pos.move_text(o)) == short))
    });
    if clash { text } else { short }
}

/// The king's two squares of a castling move's text (`e1g1` of `e1g1h1f1`).
fn king_move(pos: &Position, castle_text: &str) -> String {
    let g = &pos.variant().geometry();
    // The text is four square names; find where the second one ends.
    let mut squares = Vec::new();
    let mut start = 0;
    let b = castle_text.as_bytes();
    let mut i = 1;
    while i <= b.len() {
        let at_end = i == b.len() || (b[i].is_ascii_alphabetic() && b[i - 1].is_ascii_digit());
        if at_end {
            squares.push(&castle_text[start..i]);
            start = i;
        }
        i += 1;
    }
    if squares.len() >= 2 && squares.iter().take(2).all(|s| g.parse_square(s).is_some()) {
        format!("{}{}", squares[0], squares[1])
    } else {
        castle_text.to_string()
    }
}

/// Reads a move written by a GUI or another engine: fairyforge's text, castling as the
/// king's move, promotion letters in either case.
pub fn from_gui(pos: &Position, text: &str) -> Result<Move, String> {
    let t = text.trim();
    if let Ok(m) = pos.parse_move(t) {
        return Ok(m);
    }
    let lower = t.to_ascii_lowercase();
    let legal = pos.legal_moves();
    // Promotion letters in upper case (`e7e8Q`), castling as the king's move.
    let found: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            let own = pos.move_text(m);
            (own.to_ascii_lowercase() == lower && !m.is_drop())
                || (is_castle(m) && king_move(pos, &own) == t)
        })
        .collect();
    match found.as_slice() {
        [m] => Ok(**m),
        [] => Err(format!("`{t}` is not a legal move in this position")),
        _ => Err(format!("`{t}` names more than one legal move")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairyforge::Variant;

    #[test]
    fn castling_is_the_kings_move_for_guis() {
        let v = Variant::builtin("chess").unwrap();
        let p = Position::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let m = from_gui(&p, "e1g1").unwrap();
        assert!(m.is_castle());
        assert_eq!(p.move_text(&m), "e1g1h1f1");
        assert_eq!(to_gui(&p, &m), "e1g1");
        assert_eq!(from_gui(&p, "e1g1h1f1").unwrap(), m);
        assert_eq!(to_gui(&p, &from_gui(&p, "e1c1").unwrap()), "e1c1");
        assert!(from_gui(&p, "e1b1").is_err());
        let v = Variant::builtin("capablanca").unwrap();
        let p = Position::from_fen(&v, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1").unwrap();
        let m = from_gui(&p, "f1i1").unwrap();
        assert!(m.is_castle());
        assert_eq!(to_gui(&p, &m), "f1i1");
    }

    #[test]
    fn other_moves_are_fairyforges() {
        let v = Variant::builtin("chess").unwrap();
        let p = Position::from_fen(&v, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let m = from_gui(&p, "e7e8Q").unwrap();
        assert_eq!(to_gui(&p, &m), "e7e8q");
        assert_eq!(
            from_gui(&p, "e7e9").unwrap_err(),
            "`e7e9` is not a legal move in this position"
        );
    }
}
