//! Pieces placed by hand, written `"Kf1 Fe0 kf10"`: a piece's letter (upper case White,
//! lower case Black) followed by its square, space-separated.

use fairyforge::{Color, Kind, Square, Variant};

/// The pieces of a placement, in order. Panics on an unknown letter or square, or on a
/// square given twice: a placement is a test's own text.
pub fn pieces(v: &Variant, text: &str) -> Vec<(Square, Kind, Color)> {
    let g = v.geometry();
    let mut out: Vec<(Square, Kind, Color)> = Vec::new();
    for item in text.split_whitespace() {
        let mut chars = item.chars();
        let letter = chars.next().expect("a letter");
        let name = chars.as_str();
        let kind = v
            .kind_by_letter(letter.to_ascii_uppercase())
            .unwrap_or_else(|| panic!("{} has no letter {letter}", v.name()));
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let sq = g
            .parse_square(name)
            .unwrap_or_else(|| panic!("no square {name}"));
        assert!(out.iter().all(|p| p.0 != sq), "{name} twice");
        out.push((sq, kind, color));
    }
    out
}

/// A position string (rules.md § Position strings) holding the pieces of a placement, with the reserve letters
/// and the side to move (`w` or `b`); no castling, no en passant.
pub fn fen(v: &Variant, text: &str, reserve: &str, side: char) -> String {
    let g = v.geometry();
    let placed = pieces(v, text);
    let mut rows = Vec::new();
    for r in g.rank_range().rev() {
        let squares: Vec<_> = g.rank_squares(r).collect();
        if squares.is_empty() {
            continue;
        }
        let (mut row, mut empty) = (String::new(), 0);
        for s in squares {
            match placed.iter().find(|p| p.0 == s) {
                Some(&(_, kind, color)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(letter(v, kind, color));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{}[{reserve}] {side} - - 0 1", rows.join("/"))
}

/// A piece's letter, upper case for White.
pub fn letter(v: &Variant, kind: Kind, color: Color) -> char {
    let l = v.piece(kind).letter();
    if color == Color::White {
        l.to_ascii_uppercase()
    } else {
        l.to_ascii_lowercase()
    }
}
