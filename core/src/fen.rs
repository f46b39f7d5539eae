//! The position string of R28: reading (with errors that point at the offending
//! character) and writing. Orthodox chess also reads and writes plain FEN castling `KQkq`.

use crate::geometry::coord_name;
use crate::position::Position;
use crate::types::{ByColor, CastlingRights, Color, Kind, MAX_KINDS, Piece, Square};
use crate::variant::Variant;

/// A position string that cannot be read: what is wrong, and where (byte offset, length).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FenError {
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub hint: String,
}

impl FenError {
    fn new(
        offset: usize,
        len: usize,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> FenError {
        FenError {
            offset,
            len,
            message: message.into(),
            hint: hint.into(),
        }
    }

    /// The error with the position string and a caret under the offending part.
    pub fn render(&self, text: &str) -> String {
        let caret = format!(
            "{}{}",
            " ".repeat(text[..self.offset.min(text.len())].chars().count()),
            "^".repeat(self.len.max(1))
        );
        let hint = if self.hint.is_empty() {
            String::new()
        } else {
            format!(" {}", self.hint)
        };
        format!("{}\n  {}\n  {}{}", self.message, text, caret, hint)
    }
}

pub(crate) struct ParsedFen {
    pub board: Vec<Piece>,
    pub side: Color,
    pub castling: CastlingRights,
    pub ep_from: Square,
    pub ep_to: Square,
    pub ep_steps: u8,
    pub halfmove: u32,
    pub fullmove: u32,
    pub reserves: ByColor<[u8; MAX_KINDS]>,
}

/// The note under an unknown letter: the letters the game has.
pub(crate) fn letters_hint(letters: impl Iterator<Item = char>) -> String {
    // `?` stands for a piece whose letter is missing or wrong (already reported).
    let list: Vec<String> = letters
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_string())
        .collect();
    if list.is_empty() {
        "the game has no pieces with letters".to_string()
    } else {
        format!("the letters are {}", list.join(" "))
    }
}

/// Splits on spaces, keeping each field's byte offset.
fn fields(s: &str) -> Vec<(usize, &str)> {
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

pub(crate) fn parse(v: &Variant, s: &str) -> Result<ParsedFen, FenError> {
    let g = &v.geometry;
    let f = fields(s);
    if f.is_empty() {
        return Err(FenError::new(
            0,
            1,
            "the position string is empty",
            "expected a board, like the game's setup",
        ));
    }
    if f.len() > 6 {
        return Err(FenError::new(
            f[6].0,
            f[6].1.len(),
            "too many fields in the position string",
            "expected at most six fields",
        ));
    }
    let (board_off, board_field) = f[0];
    // Reserves in brackets at the end of the board field.
    let (placement, reserve) = match board_field.find('[') {
        Some(i) => {
            if !board_field.ends_with(']') {
                return Err(FenError::new(
                    board_off + i,
                    board_field.len() - i,
                    "the reserve is not closed by `]`",
                    "write it like `[JJJJjjjj]`",
                ));
            }
            (
                &board_field[..i],
                Some((
                    board_off + i + 1,
                    &board_field[i + 1..board_field.len() - 1],
                )),
            )
        }
        None => (board_field, None),
    };
    let mut board = vec![Piece::EMPTY; g.num_squares()];
    let ranks: Vec<i8> = g
        .rank_range()
        .rev()
        .filter(|r| g.rank_squares(*r).next().is_some())
        .collect();
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != ranks.len() {
        return Err(FenError::new(
            board_off,
            placement.len(),
            format!(
                "the board has {} ranks but the position string gives {}",
                ranks.len(),
                rows.len()
            ),
            format!("give {} ranks separated by `/`, highest first", ranks.len()),
        ));
    }
    let mut off = board_off;
    for (row, &rank) in rows.iter().zip(ranks.iter()) {
        let squares: Vec<Square> = g.rank_squares(rank).collect();
        let mut i = 0usize;
        let bytes = row.as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            let c = bytes[j] as char;
            if c.is_ascii_digit() {
                let st = j;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                let n: usize = row[st..j].parse().unwrap_or(usize::MAX);
                if n == 0 || i + n > squares.len() {
                    return Err(FenError::new(
                        off + st,
                        j - st,
                        format!("rank {rank} has {} squares, more are given", squares.len()),
                        format!("rank {rank} has {} squares", squares.len()),
                    ));
                }
                i += n;
                continue;
            }
            if !c.is_ascii_alphabetic() {
                let c = row[j..].chars().next().unwrap_or(c);
                return Err(FenError::new(
                    off + j,
                    c.len_utf8(),
                    format!("unexpected `{c}` in the board"),
                    "expected piece letters and digits",
                ));
            }
            let Some(kind) = v.kind_by_letter(c) else {
                return Err(FenError::new(
                    off + j,
                    1,
                    format!("no piece of this game has the letter `{c}`"),
                    letters_hint(v.pieces.iter().map(|p| p.letter)),
                ));
            };
            if i >= squares.len() {
                return Err(FenError::new(
                    off + j,
                    1,
                    format!("rank {rank} has {} squares, more are given", squares.len()),
                    format!("rank {rank} has {} squares", squares.len()),
                ));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            board[squares[i].index()] = Piece::new(kind, color);
            i += 1;
            j += 1;
        }
        if i != squares.len() {
            return Err(FenError::new(
                off,
                row.len().max(1),
                format!(
                    "rank {rank} has {} squares, the position string gives {i}",
                    squares.len()
                ),
                format!("rank {rank} has {} squares", squares.len()),
            ));
        }
        off += row.len() + 1;
    }
    let mut reserves = ByColor::new([0u8; MAX_KINDS], [0u8; MAX_KINDS]);
    if let Some((roff, text)) = reserve {
        for (j, c) in text.char_indices() {
            let Some(kind) = v.kind_by_letter(c).filter(|_| c.is_ascii_alphabetic()) else {
                return Err(FenError::new(
                    roff + j,
                    1,
                    format!("no piece of this game has the letter `{c}` (in the reserve)"),
                    letters_hint(v.pieces.iter().map(|p| p.letter)),
                ));
            };
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let r = &mut reserves[color][kind.index()];
            *r = r.saturating_add(1);
        }
    }
    let side = match f.get(1) {
        None => Color::White,
        Some((_, "w")) => Color::White,
        Some((_, "b")) => Color::Black,
        Some((o, t)) => {
            return Err(FenError::new(
                *o,
                t.len(),
                format!("`{t}` is not a side to move"),
                "expected `w` or `b`",
            ));
        }
    };
    // Kings.
    if let Some(rk) = v.royal {
        for c in Color::BOTH {
            let count = board
                .iter()
                .filter(|p| p.is_some() && p.kind() == rk && p.color() == c)
                .count();
            if count != 1 {
                let name = &v.piece(rk).name;
                return Err(FenError::new(
                    board_off,
                    placement.len(),
                    format!(
                        "{} has {count} {}s on the board",
                        c.name(),
                        name.to_lowercase()
                    ),
                    "each side has exactly one",
                ));
            }
        }
    }
    // Castling.
    let mut castling = CastlingRights::NONE;
    if let Some(&(coff, text)) = f.get(2)
        && text != "-"
    {
        for (j, ch) in text.char_indices() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let cs = v.castling.as_ref();
            let rook = cs.and_then(|cs| {
                let home = cs.king_home[color];
                let kf = g.file(home);
                let mine: Vec<_> = cs.rooks.iter().filter(|r| r.color == color).collect();
                match ch.to_ascii_lowercase() {
                    'k' | 'q'
                        if cs.fen_kq
                            || !mine.iter().any(|r| {
                                g.file(r.rook_home) == (ch.to_ascii_lowercase() as u8 - b'a')
                            }) =>
                    {
                        let high = ch.eq_ignore_ascii_case(&'k');
                        mine.iter()
                            .filter(|r| (g.file(r.rook_home) > kf) == high)
                            .max_by_key(|r| (g.file(r.rook_home) as i32 - kf as i32).abs())
                            .copied()
                    }
                    l => mine
                        .iter()
                        .find(|r| g.file(r.rook_home) as u32 + 'a' as u32 == l as u32)
                        .copied(),
                }
            });
            let Some(rook) = rook else {
                if v.castling.is_none() {
                    return Err(FenError::new(
                        coff,
                        text.len(),
                        format!("castling rights `{text}`, but this game has no castling"),
                        "write `-` (or add a `[castling]` table to the game)",
                    ));
                }
                return Err(FenError::new(
                    coff + j,
                    ch.len_utf8(),
                    format!("`{ch}` is not a castling right of this game"),
                    "castling rights are the files of the castling rooks, upper case for White, or `-`",
                ));
            };
            let cs = v.castling.as_ref().unwrap();
            let home = cs.king_home[color];
            let king_ok = v
                .royal
                .is_some_and(|rk| board[home.index()] == Piece::new(rk, color));
            if !king_ok {
                return Err(FenError::new(
                    coff + j,
                    1,
                    format!(
                        "castling right `{ch}` but {}'s king is not on {}",
                        color.name(),
                        g.name(home)
                    ),
                    "remove the right or put the king home",
                ));
            }
            if board[rook.rook_home.index()] != Piece::new(cs.rook_kind, color) {
                return Err(FenError::new(
                    coff + j,
                    1,
                    format!(
                        "castling right `{ch}` but there is no {} {} on {}",
                        color.name(),
                        v.piece(cs.rook_kind).name.to_lowercase(),
                        g.name(rook.rook_home)
                    ),
                    "remove the right or put the rook home",
                ));
            }
            castling = castling.union(rook.right);
        }
    }
    // En passant.
    let (mut ep_from, mut ep_to, mut ep_steps) = (Square::NONE, Square::NONE, 0u8);
    if let Some(&(eoff, text)) = f.get(3)
        && text != "-"
    {
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
            match g.parse_square(&text[st..j]) {
                Some(sq) => targets.push((st, sq)),
                None => {
                    return Err(FenError::new(
                        eoff + st,
                        j - st,
                        format!("`{}` is not a square of the board", &text[st..j]),
                        "en-passant targets are squares, like `e3` or `a3a4`",
                    ));
                }
            }
        }
        let mover = !side;
        let fwd = if mover == Color::White { 1 } else { -1 };
        let (first, last) = (targets[0].1, targets[targets.len() - 1].1);
        let (dx, dy) = if targets.len() == 1 {
            (0, fwd)
        } else {
            let (a, b2) = (g.coords(targets[0].1), g.coords(targets[1].1));
            (b2.0 as i32 - a.0 as i32, b2.1 as i32 - a.1 as i32)
        };
        let bad = || {
            FenError::new(
                eoff,
                text.len(),
                "the en-passant targets are not squares passed by one move",
                "list the squares the pawn passed, in order, like `a3a4`",
            )
        };
        for w in targets.windows(2) {
            if g.offset(w[0].1, dx, dy) != Some(w[1].1) {
                return Err(bad());
            }
        }
        let (Some(from), Some(to)) = (g.offset(first, -dx, -dy), g.offset(last, dx, dy)) else {
            return Err(bad());
        };
        if !board[to.index()].is_color(mover) || board[from.index()].is_some() {
            return Err(FenError::new(
                eoff,
                text.len(),
                format!(
                    "en-passant targets but no {} piece on {} that just passed them",
                    mover.name(),
                    g.name(to)
                ),
                "the pawn that moved stands just beyond the last target",
            ));
        }
        let _ = coord_name;
        ep_from = from;
        ep_to = to;
        ep_steps = (targets.len() + 1) as u8;
    }
    let num = |i: usize, default: u32, min: u32| -> Result<u32, FenError> {
        match f.get(i) {
            None => Ok(default),
            Some((o, t)) => t.parse::<u32>().ok().filter(|n| *n >= min).ok_or_else(|| {
                FenError::new(
                    *o,
                    t.len(),
                    format!("`{t}` is not a move counter"),
                    if min == 0 {
                        "expected a whole number"
                    } else {
                        "expected a whole number from 1"
                    },
                )
            }),
        }
    };
    let halfmove = num(4, 0, 0)?;
    let fullmove = num(5, 1, 1)?;
    let parsed = ParsedFen {
        board,
        side,
        castling,
        ep_from,
        ep_to,
        ep_steps,
        halfmove,
        fullmove,
        reserves,
    };
    // The side that just moved may not be in check.
    if let Some(rk) = v.royal {
        let them = !side;
        let ksq = parsed
            .board
            .iter()
            .position(|p| *p == Piece::new(rk, them))
            .map(|i| Square(i as u16));
        if let Some(k) = ksq
            && crate::attack::attacked_on(v, &parsed.board, k, side)
        {
            return Err(FenError::new(
                board_off,
                placement.len(),
                format!(
                    "{} is in check but it is {}'s move",
                    them.name(),
                    side.name()
                ),
                "the side that just moved cannot be in check",
            ));
        }
    }
    Ok(parsed)
}

pub(crate) fn write(pos: &Position) -> String {
    let eps = pos.ep_targets();
    write_parts(
        pos.variant(),
        pos.board(),
        pos.side_to_move(),
        pos.castling_rights(),
        &eps,
        pos.halfmove_clock(),
        pos.fullmove_number(),
        pos.reserves(),
    )
}

pub(crate) fn write_parsed(v: &Variant, p: &ParsedFen) -> String {
    let eps = ep_line(v, p.ep_from, p.ep_to, p.ep_steps);
    write_parts(
        v,
        &p.board,
        p.side,
        p.castling,
        &eps,
        p.halfmove,
        p.fullmove,
        &p.reserves,
    )
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

#[allow(clippy::too_many_arguments)]
fn write_parts(
    v: &Variant,
    board: &[Piece],
    side: Color,
    castling: CastlingRights,
    eps: &[Square],
    halfmove: u32,
    fullmove: u32,
    reserves: &ByColor<[u8; MAX_KINDS]>,
) -> String {
    let g = &v.geometry;
    let mut out = String::new();
    let mut first = true;
    for rank in g.rank_range().rev() {
        let squares: Vec<Square> = g.rank_squares(rank).collect();
        if squares.is_empty() {
            continue;
        }
        if !first {
            out.push('/');
        }
        first = false;
        let mut empty = 0;
        for sq in squares {
            let p = board[sq.index()];
            if p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(letter(v, p));
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    if v.has_drops {
        out.push('[');
        for c in Color::BOTH {
            for k in reserve_order(v) {
                for _ in 0..reserves[c][k.index()] {
                    out.push(letter(v, Piece::new(k, c)));
                }
            }
        }
        out.push(']');
    }
    out.push(' ');
    out.push(side.char());
    out.push(' ');
    out.push_str(&castling_text(v, castling));
    out.push(' ');
    if eps.is_empty() {
        out.push('-');
    } else {
        for t in eps {
            out.push_str(&g.name(*t));
        }
    }
    out.push_str(&format!(" {halfmove} {fullmove}"));
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

/// Reserve letters print pieces before pawns (R28: `[YAJJJJyajjjj]`, `[CFJJJJcfjjjj]`),
/// each group in the order the file's `[drops]` lists them, then in piece order.
pub(crate) fn reserve_order(v: &Variant) -> Vec<Kind> {
    let mut order: Vec<Kind> = v
        .def
        .drops
        .iter()
        .filter_map(|d| v.kind_by_id(&d.piece.name))
        .collect();
    for k in v.kinds() {
        if !order.contains(&k) {
            order.push(k);
        }
    }
    order.sort_by_key(|k| v.piece(*k).pawn);
    order
}

fn castling_text(v: &Variant, rights: CastlingRights) -> String {
    let g = &v.geometry;
    let Some(cs) = &v.castling else {
        return "-".into();
    };
    let mut out = String::new();
    for c in Color::BOTH {
        let mut rooks: Vec<_> = cs
            .rooks
            .iter()
            .filter(|r| r.color == c && rights.contains(r.right))
            .collect();
        let kf = g.file(cs.king_home[c]);
        if cs.fen_kq {
            rooks.sort_by_key(|r| std::cmp::Reverse(g.file(r.rook_home)));
            for r in rooks {
                let ch = if g.file(r.rook_home) > kf { 'K' } else { 'Q' };
                out.push(if c == Color::White {
                    ch
                } else {
                    ch.to_ascii_lowercase()
                });
            }
        } else {
            rooks.sort_by_key(|r| g.file(r.rook_home));
            for r in rooks {
                let ch = (b'A' + g.file(r.rook_home)) as char;
                out.push(if c == Color::White {
                    ch
                } else {
                    ch.to_ascii_lowercase()
                });
            }
        }
    }
    if out.is_empty() { "-".into() } else { out }
}
