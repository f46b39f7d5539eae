//! Reading a position string, field by field: board, reserves, side, castling rights,
//! en-passant targets, counters; then what a position must be (one royal piece per side,
//! the side that just moved not in check). The first mistake is reported.

use crate::sqset::SquareSet;
use crate::types::{ByColor, CastlingRights, Color, MAX_KINDS, Piece, Square, board_of};
use crate::variant::Variant;

use super::error::{SetupError, SetupErrorKind as E};
use super::{MAX_COUNTER, MAX_RESERVE, SetupData};

/// A field of the string and its byte offset.
type Field<'a> = (usize, &'a str);

/// Splits on spaces, keeping each field's byte offset.
fn fields(s: &str) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        if c == ' ' {
            if let Some(st) = start.take() {
                out.push((st, &s[st..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..]));
    }
    out
}

pub(crate) fn parse(v: &Variant, s: &str) -> Result<SetupData, SetupError> {
    let f = fields(s);
    let Some(&(board_off, board_field)) = f.first() else {
        return Err(SetupError::new(0, 1, E::Empty));
    };
    // An n-check game may give the checks left before the counters (`3+3`).
    let checks_field = v.def.end.checks > 0 && f.get(4).is_some_and(|(_, t)| t.contains('+'));
    let counters = if checks_field { 5 } else { 4 };
    if let Some(&(o, t)) = f.get(counters + 2) {
        return Err(SetupError::new(o, t.len(), E::TooManyFields));
    }
    let (placement, reserve) = split_reserve(board_off, board_field)?;
    let whole_board = (board_off, placement.len());
    let (board, promoted) = read_board(v, board_off, placement)?;
    let reserves = read_reserves(v, reserve)?;
    let side = read_side(f.get(1))?;
    check_royals(v, &board, whole_board)?;
    let (castling, gates) = read_castling(v, &board, f.get(2))?;
    // The gates of a side with nothing in reserve count for nothing and are not kept, as
    // the position string of the position would not show them.
    let gates = super::live_gates(v, &board, &reserves, gates);
    let (ep_from, ep_to, ep_steps) = read_ep(v, &board, side, f.get(3))?;
    let data = SetupData {
        board,
        promoted,
        gates,
        side,
        castling,
        ep_from,
        ep_to,
        ep_steps,
        halfmove: counter(f.get(counters), 0, 0)?,
        fullmove: counter(f.get(counters + 1), 1, 1)?,
        reserves,
        checks: if checks_field {
            Some(read_checks(v, f[4])?)
        } else {
            None
        },
    };
    check_not_in_check(v, &data, whole_board)?;
    Ok(data)
}

/// The board field without its reserve, and the reserve's text and offset.
fn split_reserve(off: usize, field: &str) -> Result<(&str, Option<Field<'_>>), SetupError> {
    let Some(i) = field.find('[') else {
        return Ok((field, None));
    };
    if !field.ends_with(']') {
        return Err(SetupError::new(
            off + i,
            field.len() - i,
            E::ReserveNotClosed,
        ));
    }
    let reserve = (off + i + 1, &field[i + 1..field.len() - 1]);
    Ok((&field[..i], Some(reserve)))
}

/// The game's letters, for messages about unknown ones.
fn letters(v: &Variant) -> String {
    // `?` stands for a piece whose letter is missing or wrong (already reported).
    let list: Vec<String> = v
        .pieces
        .iter()
        .map(|p| p.letter)
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_string())
        .collect();
    list.join(" ")
}

fn color_of(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// The ranks of the board field, highest first, each with its squares from file `a`.
fn read_board(
    v: &Variant,
    board_off: usize,
    placement: &str,
) -> Result<(Vec<Piece>, SquareSet), SetupError> {
    let ranks = super::ranks(v);
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != ranks.len() {
        let kind = E::RankCount {
            ranks: ranks.len(),
            given: rows.len(),
        };
        return Err(SetupError::new(board_off, placement.len(), kind));
    }
    let mut board = vec![Piece::EMPTY; v.geometry.num_squares()];
    let mut promoted = SquareSet::EMPTY;
    let mut off = board_off;
    for (row, (rank, slots)) in rows.iter().zip(ranks.iter()) {
        read_rank(v, row, off, *rank, slots, &mut board, &mut promoted)?;
        off += row.len() + 1;
    }
    Ok((board, promoted))
}

/// One rank of the board field: letters and runs of empty squares, exactly filling it.
fn read_rank(
    v: &Variant,
    row: &str,
    off: usize,
    rank: i8,
    squares: &[(u8, Option<Square>)],
    board: &mut [Piece],
    promoted: &mut SquareSet,
) -> Result<(), SetupError> {
    // A hole where a piece or an empty square is written, in a game whose position
    // strings mark their holes (`*`).
    let hole = |at: usize, len: usize, i: usize| {
        let square = format!("{}{}", (b'a' + squares[i].0) as char, rank);
        SetupError::new(off + at, len, E::Hole { square })
    };
    let too_long = |at: usize, len: usize| {
        let squares = squares.len();
        SetupError::new(off + at, len, E::RankTooLong { rank, squares })
    };
    let bytes = row.as_bytes();
    let (mut i, mut j) = (0usize, 0usize);
    while j < bytes.len() {
        let c = bytes[j] as char;
        if c.is_ascii_digit() {
            let st = j;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            let n: usize = row[st..j].parse().unwrap_or(usize::MAX);
            if n == 0 || n > squares.len() - i {
                return Err(too_long(st, j - st));
            }
            if let Some(h) = (i..i + n).find(|&k| squares[k].1.is_none()) {
                return Err(hole(st, j - st, h));
            }
            i += n;
            continue;
        }
        if c == '*' && v.def.holes_in_position {
            if i >= squares.len() {
                return Err(too_long(j, 1));
            }
            if let Some(sq) = squares[i].1 {
                let square = v.geometry.name(sq);
                return Err(SetupError::new(off + j, 1, E::NotAHole { square }));
            }
            i += 1;
            j += 1;
            continue;
        }
        // `+X`: the piece a `plus` promotion makes of X (docs/format.md § `[promotion]`).
        let plus = c == '+'
            && bytes.get(j + 1).is_some_and(|b| b.is_ascii_alphabetic())
            && v.kind_by_letter(bytes[j + 1] as char)
                .and_then(|k| v.plus_kind(k))
                .is_some();
        if plus {
            if i >= squares.len() {
                return Err(too_long(j, 2));
            }
            let Some(sq) = squares[i].1 else {
                return Err(hole(j, 2, i));
            };
            let l = bytes[j + 1] as char;
            if let Some(k) = v.kind_by_letter(l).and_then(|k| v.plus_kind(k)) {
                board[sq.index()] = Piece::new(k, color_of(l));
                if v.to_hand {
                    promoted.insert(sq);
                }
            }
            i += 1;
            j += 2;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            let c = row[j..].chars().next().unwrap_or(c);
            return Err(SetupError::new(off + j, c.len_utf8(), E::UnexpectedChar(c)));
        }
        let Some(kind) = v.kind_by_letter(c) else {
            let kind = E::UnknownLetter {
                letter: c,
                letters: letters(v),
            };
            return Err(SetupError::new(off + j, 1, kind));
        };
        if i >= squares.len() {
            return Err(too_long(j, 1));
        }
        let Some(sq) = squares[i].1 else {
            return Err(hole(j, 1, i));
        };
        board[sq.index()] = Piece::new(kind, color_of(c));
        if v.to_hand && v.plus[kind.index()] {
            // Written by its own letter, it is still a promoted piece.
            promoted.insert(sq);
        }
        if bytes.get(j + 1) == Some(&b'~') {
            // A promoted piece (Fairy-Stockfish's crazyhouse strings): docs/format.md § Reserves and drops.
            if !v.to_hand || v.promoted_from(kind).is_none() {
                return Err(SetupError::new(
                    off + j,
                    2,
                    E::BadPromotedMark { letter: c },
                ));
            }
            promoted.insert(sq);
            j += 1;
        }
        i += 1;
        j += 1;
    }
    if i != squares.len() {
        let kind = E::RankTooShort {
            rank,
            squares: squares.len(),
            given: i,
        };
        return Err(SetupError::new(off, row.len().max(1), kind));
    }
    Ok(())
}

/// The reserve letters: pieces of the game that it can drop, none royal, at most
/// [`MAX_RESERVE`] of a kind per side.
fn read_reserves(
    v: &Variant,
    reserve: Option<Field<'_>>,
) -> Result<ByColor<[u8; MAX_KINDS]>, SetupError> {
    let mut counts = ByColor::new([0u8; MAX_KINDS], [0u8; MAX_KINDS]);
    let Some((roff, text)) = reserve else {
        return Ok(counts);
    };
    for (j, c) in text.char_indices() {
        let at = |kind| SetupError::new(roff + j, 1, kind);
        let Some(kind) = v.kind_by_letter(c).filter(|_| c.is_ascii_alphabetic()) else {
            return Err(at(E::UnknownReserveLetter {
                letter: c,
                letters: letters(v),
            }));
        };
        if !v.has_drops {
            return Err(SetupError::new(
                roff - 1,
                text.len() + 2,
                E::ReserveWithoutDrops,
            ));
        }
        let color = color_of(c);
        let piece = v.piece(kind).name.to_lowercase();
        if v.royal == Some(kind) {
            return Err(at(E::RoyalInReserve { letter: c, piece }));
        }
        if v.drops[(kind, color)].squares.is_empty() && !v.gates(kind) {
            return Err(at(E::NoDropRule { letter: c, piece }));
        }
        let n = &mut counts[color][kind.index()];
        if *n == MAX_RESERVE {
            return Err(at(E::ReserveTooLarge {
                color,
                letter: c,
                piece,
            }));
        }
        *n += 1;
    }
    Ok(counts)
}

fn read_side(field: Option<&Field<'_>>) -> Result<Color, SetupError> {
    match field {
        None | Some((_, "w")) => Ok(Color::White),
        Some((_, "b")) => Ok(Color::Black),
        Some(&(o, t)) => Err(SetupError::new(o, t.len(), E::BadSide(t.to_string()))),
    }
}

/// Each side has exactly one royal piece on the board.
fn check_royals(
    v: &Variant,
    board: &[Piece],
    (off, len): (usize, usize),
) -> Result<(), SetupError> {
    let Some(rk) = v.royal else {
        return Ok(());
    };
    for color in Color::BOTH {
        let count = board
            .iter()
            .filter(|p| **p == Piece::new(rk, color))
            .count();
        if count != 1 {
            let piece = v.piece(rk).name.to_lowercase();
            let kind = E::RoyalCount {
                color,
                count,
                piece,
            };
            return Err(SetupError::new(off, len, kind));
        }
    }
    Ok(())
}

/// The castling rights: each names a rook of the game whose king and rook stand home. In
/// a game with gating (docs/format.md § Gating), the gates too: `K` and `Q` give the king's
/// and the rook's squares their gates, and any other letter is the file of a gate.
fn read_castling(
    v: &Variant,
    board: &[Piece],
    field: Option<&Field<'_>>,
) -> Result<(CastlingRights, SquareSet), SetupError> {
    let mut rights = CastlingRights::NONE;
    let mut gates = SquareSet::EMPTY;
    let Some(&(coff, text)) = field.filter(|(_, t)| *t != "-") else {
        return Ok((rights, gates));
    };
    let g = &v.geometry;
    if let Some(gating) = &v.gating {
        for (j, ch) in text.char_indices() {
            let upper = ch.to_ascii_uppercase();
            if v.castling.is_some() && matches!(upper, 'K' | 'Q') {
                continue;
            }
            let color = color_of(ch);
            let square = gating.zone[color]
                .iter()
                .find(|sq| g.file(*sq) as u32 + 'A' as u32 == upper as u32);
            let Some(sq) = square else {
                return Err(SetupError::new(coff + j, ch.len_utf8(), E::NotGate(ch)));
            };
            if board[sq.index()].get().is_none_or(|(_, c)| c != color) {
                return Err(SetupError::new(
                    coff + j,
                    1,
                    E::GateEmpty {
                        gate: ch,
                        color,
                        square: g.name(sq),
                    },
                ));
            }
            gates.insert(sq);
        }
    }
    let Some(cs) = v.castling.as_ref() else {
        if v.gating.is_some() {
            return Ok((rights, gates));
        }
        let kind = E::NoCastling(text.to_string());
        return Err(SetupError::new(coff, text.len(), kind));
    };
    for (j, ch) in text.char_indices() {
        let color = color_of(ch);
        let at = |kind| SetupError::new(coff + j, 1, kind);
        if v.gating.is_some() && !matches!(ch.to_ascii_uppercase(), 'K' | 'Q') {
            continue;
        }
        let Some(rook) = super::castling_rook(v, cs, ch, color) else {
            return Err(SetupError::new(
                coff + j,
                ch.len_utf8(),
                E::NotCastlingRight(ch),
            ));
        };
        let home = cs.king_home[color];
        if v.royal
            .is_none_or(|rk| board[home.index()] != Piece::new(rk, color))
        {
            let square = g.name(home);
            return Err(at(E::CastlingKingAway {
                right: ch,
                color,
                square,
            }));
        }
        if board[rook.rook_home.index()] != Piece::new(cs.rook_kind, color) {
            return Err(at(E::CastlingRookAway {
                right: ch,
                color,
                rook: v.piece(cs.rook_kind).name.to_lowercase(),
                square: g.name(rook.rook_home),
            }));
        }
        if rights.contains(rook.right) {
            return Err(at(E::CastlingRightTwice(ch)));
        }
        rights = rights.union(rook.right);
        // With gating, a castling right keeps the gates of its king and rook.
        if let Some(gating) = &v.gating {
            for sq in [home, rook.rook_home] {
                if gating.zone[color].contains(sq) {
                    gates.insert(sq);
                }
            }
        }
    }
    Ok((rights, gates))
}

/// The en-passant targets: the squares the last move passed, in order, with the piece
/// that passed them just beyond. Returns (from, to, steps) of that move.
fn read_ep(
    v: &Variant,
    board: &[Piece],
    side: Color,
    field: Option<&Field<'_>>,
) -> Result<(Square, Square, u8), SetupError> {
    let Some(&(eoff, text)) = field.filter(|(_, t)| *t != "-") else {
        return Ok((Square::NONE, Square::NONE, 0));
    };
    let g = &v.geometry;
    let mut targets = Vec::new();
    let b = text.as_bytes();
    let mut j = 0;
    while j < b.len() {
        let st = j;
        // One character (a file letter), then the rank's digits.
        j += text[st..].chars().next().map_or(1, char::len_utf8);
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        let Some(sq) = g.parse_square(&text[st..j]) else {
            let kind = E::BadEpSquare(text[st..j].to_string());
            return Err(SetupError::new(eoff + st, j - st, kind));
        };
        targets.push(sq);
    }
    let mover = !side;
    let fwd = if mover == Color::White { 1 } else { -1 };
    let (first, last) = (targets[0], targets[targets.len() - 1]);
    let (dx, dy) = match targets.get(1) {
        None => (0, fwd),
        Some(&second) => {
            let (a, b2) = (g.coords(first), g.coords(second));
            (b2.0 as i32 - a.0 as i32, b2.1 as i32 - a.1 as i32)
        }
    };
    let not_a_line = || SetupError::new(eoff, text.len(), E::EpNotALine);
    if targets
        .windows(2)
        .any(|w| g.offset(w[0], dx, dy) != Some(w[1]))
    {
        return Err(not_a_line());
    }
    let (Some(from), Some(to)) = (g.offset(first, -dx, -dy), g.offset(last, dx, dy)) else {
        return Err(not_a_line());
    };
    if !board[to.index()].is_color(mover) || board[from.index()].is_some() {
        let kind = E::EpNoMover {
            color: mover,
            square: g.name(to),
        };
        return Err(SetupError::new(eoff, text.len(), kind));
    }
    Ok((from, to, (targets.len() + 1) as u8))
}

/// The checks each side still has to give in an n-check game: `W+B`, each from 0 to the
/// game's `checks`.
fn read_checks(v: &Variant, (o, t): Field<'_>) -> Result<ByColor<u8>, SetupError> {
    let max = v.def.end.checks;
    let one = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= max);
    match t.split_once('+') {
        Some((w, b)) if one(w).is_some() && one(b).is_some() => {
            Ok(ByColor::new(one(w).unwrap_or(0), one(b).unwrap_or(0)))
        }
        _ => Err(SetupError::new(
            o,
            t.len(),
            E::BadChecks {
                text: t.to_string(),
                max,
            },
        )),
    }
}

/// A move counter: absent (the default), or a whole number from `min` to [`MAX_COUNTER`].
fn counter(field: Option<&Field<'_>>, default: u32, min: u32) -> Result<u32, SetupError> {
    let Some(&(o, t)) = field else {
        return Ok(default);
    };
    let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    match t.parse::<u64>() {
        Ok(n) if n > MAX_COUNTER as u64 => Err(SetupError::new(
            o,
            t.len(),
            E::CounterTooLarge(t.to_string()),
        )),
        Ok(n) if n >= min as u64 => Ok(n as u32),
        Err(_) if digits => Err(SetupError::new(
            o,
            t.len(),
            E::CounterTooLarge(t.to_string()),
        )),
        _ => {
            let kind = E::BadCounter {
                text: t.to_string(),
                from_one: min > 0,
            };
            Err(SetupError::new(o, t.len(), kind))
        }
    }
}

/// The side that just moved may not be in check.
fn check_not_in_check(
    v: &Variant,
    data: &SetupData,
    (off, len): (usize, usize),
) -> Result<(), SetupError> {
    let Some(rk) = v.royal else {
        return Ok(());
    };
    let them = !data.side;
    let king = data.board.iter().position(|p| *p == Piece::new(rk, them));
    if let Some(k) = king
        && crate::attack::attacked_on(v, &board_of(&data.board), Square(k as u16), data.side)
    {
        let kind = E::InCheck {
            checked: them,
            to_move: data.side,
        };
        return Err(SetupError::new(off, len, kind));
    }
    // Royal pieces facing each other where the game forbids it: the last move was illegal.
    if let (Some(facing), Some(k)) = (v.facing, king) {
        let ours = Piece::new(rk, data.side);
        if let Some(o) = data.board.iter().position(|p| *p == ours)
            && crate::attack::royals_face(v, Square(k as u16), Square(o as u16), facing, |s| {
                data.board[s.index()].is_some()
            })
        {
            return Err(SetupError::new(off, len, E::RoyalsFace));
        }
    }
    Ok(())
}
