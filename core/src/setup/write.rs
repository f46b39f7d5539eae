//! Writing a position string: the board (with the reserves in brackets in a game with
//! drops), the side, castling rights, en-passant targets and the counters.

use crate::sqset::SquareSet;
use crate::types::{ByColor, CastlingRights, Color, MAX_KINDS, Piece, Square};
use crate::variant::Variant;

use super::SetupData;

/// The position string of a position's parts.
pub(crate) fn write(v: &Variant, d: &SetupData) -> String {
    let mut out = board(v, &d.board, &d.promoted);
    if v.has_drops {
        out.push_str(&reserves(v, &d.reserves));
    }
    out.push(' ');
    out.push(d.side.char());
    out.push(' ');
    out.push_str(&castling(v, d.castling, &d.gates));
    out.push(' ');
    let eps = ep_line(v, d.ep_from, d.ep_to, d.ep_steps);
    if eps.is_empty() {
        out.push('-');
    }
    for t in eps {
        out.push_str(&v.geometry.name(t));
    }
    let n = v.def.end.checks;
    if n > 0 {
        let left = d.checks.unwrap_or(ByColor::new(n, n));
        out.push_str(&format!(" {}+{}", left[Color::White], left[Color::Black]));
    }
    out.push_str(&format!(" {} {}", d.halfmove, d.fullmove));
    out
}

/// The ranks that have squares, highest first, separated by `/`; a hole is `*` where the
/// game marks them (`holes-in-position`).
fn board(v: &Variant, board: &[Piece], promoted: &SquareSet) -> String {
    let mut rows = Vec::new();
    for (_, places) in super::ranks(v) {
        let mut row = String::new();
        let mut empty = 0;
        for (_, place) in places {
            let p = place.map_or(Piece::EMPTY, |sq| board[sq.index()]);
            if place.is_some() && p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            let Some(sq) = place else {
                row.push('*');
                continue;
            };
            match v.origin[p.kind().index()].filter(|_| v.plus[p.kind().index()]) {
                // Shogi's writing: `+` and the letter of the piece it was.
                Some(o) => {
                    row.push('+');
                    row.push(letter(v, Piece::new(o, p.color())));
                }
                None => {
                    row.push(letter(v, p));
                    if promoted.contains(sq) {
                        row.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// `[...]`: White's reserve letters then Black's, in [`Variant::reserve_order`].
fn reserves(v: &Variant, reserves: &ByColor<[u8; MAX_KINDS]>) -> String {
    let mut out = String::from("[");
    for c in Color::BOTH {
        for k in v.reserve_order() {
            for _ in 0..reserves[c][k.index()] {
                out.push(letter(v, Piece::new(k, c)));
            }
        }
    }
    out.push(']');
    out
}

fn letter(v: &Variant, p: Piece) -> char {
    let l = v.piece(p.kind()).letter;
    if p.color() == Color::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// The rights as the files of the castling rooks (`BIbi`), or as `KQkq`. In a game with
/// gating (docs/format.md § Gating), each side's castling rights (as `KQ`) are followed by
/// the files of its gates, in file order, but for those of the king and the rooks whose
/// castling rights are written (`KQBCDFGkqbcdfg`), as Fairy-Stockfish writes them.
fn castling(v: &Variant, rights: CastlingRights, gates: &SquareSet) -> String {
    let g = &v.geometry;
    let Some(cs) = &v.castling else {
        return if v.gating.is_some() {
            gate_letters(v, gates, &[]).unwrap_or_else(|| "-".into())
        } else {
            "-".into()
        };
    };
    let mut out = String::new();
    let kq = cs.fen_kq || v.gating.is_some();
    for c in Color::BOTH {
        let mut rooks: Vec<_> = cs
            .rooks
            .iter()
            .filter(|r| r.color == c && rights.contains(r.right))
            .collect();
        let kf = g.file(cs.king_home[c]);
        if kq {
            rooks.sort_by_key(|r| std::cmp::Reverse(g.file(r.rook_home)));
        } else {
            rooks.sort_by_key(|r| g.file(r.rook_home));
        }
        // The squares whose gates the castling rights say already.
        let mut said: Vec<Square> = rooks.iter().map(|r| r.rook_home).collect();
        if !rooks.is_empty() {
            said.push(cs.king_home[c]);
        }
        for r in rooks {
            let ch = match (kq, g.file(r.rook_home) > kf) {
                (true, true) => 'K',
                (true, false) => 'Q',
                (false, _) => (b'A' + g.file(r.rook_home)) as char,
            };
            out.push(if c == Color::White {
                ch
            } else {
                ch.to_ascii_lowercase()
            });
        }
        if v.gating.is_some() {
            let mine: SquareSet = gates
                .iter()
                .filter(|sq| v.gating.as_ref().is_some_and(|gt| gt.zone[c].contains(*sq)))
                .collect();
            out.push_str(&gate_letters(v, &mine, &said).unwrap_or_default());
        }
    }
    if out.is_empty() { "-".into() } else { out }
}

/// The files of the gates (upper case for White's), in file order, but for the squares
/// in `said`; `None` for none.
fn gate_letters(v: &Variant, gates: &SquareSet, said: &[Square]) -> Option<String> {
    let g = &v.geometry;
    let gating = v.gating.as_ref()?;
    let mut out = String::new();
    for c in Color::BOTH {
        let mut files: Vec<u8> = gates
            .iter()
            .filter(|sq| gating.zone[c].contains(*sq) && !said.contains(sq))
            .map(|sq| g.file(sq))
            .collect();
        files.sort();
        for f in files {
            let ch = (b'A' + f) as char;
            out.push(if c == Color::White {
                ch
            } else {
                ch.to_ascii_lowercase()
            });
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The squares strictly between `from` and `to`, in `steps` equal steps.
pub(crate) fn ep_line(v: &Variant, from: Square, to: Square, steps: u8) -> Vec<Square> {
    let mut out = Vec::new();
    if to.is_none() || steps < 2 {
        return out;
    }
    let g = &v.geometry;
    let (f0, r0) = g.coords(from);
    let (f1, r1) = g.coords(to);
    let s = steps as i32;
    let (dx, dy) = ((f1 as i32 - f0 as i32) / s, (r1 as i32 - r0 as i32) / s);
    for i in 1..s {
        if let Some(t) = g.square(f0 as i32 + dx * i, r0 as i32 + dy * i) {
            out.push(t);
        }
    }
    out
}
