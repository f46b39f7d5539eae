//! Whole positions: the board with its pieces, the last move marked, both reserves with
//! counts and who is to move. Text for the terminal (ANSI colours when asked) and SVG.

use crate::Move;
use crate::position::Position;
use crate::types::{Color, Square};

use super::{Board, Mark, svg, text};

/// The board of a position with the squares of the last move marked.
fn board(pos: &Position, last: Option<Move>) -> Board {
    let mut b = Board::of_position(pos);
    if let Some(m) = last {
        let mut squares: Vec<Square> = vec![m.from(), m.to()];
        if let Some((rook_from, rook_to)) = m.castling_rook() {
            squares.extend([rook_from, rook_to]);
        }
        for sq in squares {
            b.mark(sq, Mark::Last);
        }
    }
    b
}

/// Each side's reserve as (letter, count), in the position string's order.
fn reserves(pos: &Position) -> Vec<svg::Reserve> {
    let v = pos.variant();
    Color::BOTH
        .iter()
        .map(|&c| {
            let list = v
                .reserve_order()
                .into_iter()
                .filter_map(|k| {
                    let n = pos.reserve(c, k);
                    (n > 0).then_some((v.piece(k).letter(), n))
                })
                .collect();
            (c, list)
        })
        .collect()
}

/// The status line: who moves, and check.
fn status(pos: &Position) -> String {
    let mut s = format!("{} to move", pos.side_to_move().name());
    if pos.is_check() {
        s.push_str(" (in check)");
    }
    s
}

/// The reserve line, when the game has reserves: `Reserve  White: Cx1 Jx3   Black: jx3`.
fn reserve_line(pos: &Position) -> Option<String> {
    if !pos.variant().has_reserves() {
        return None;
    }
    let side = |(c, list): &svg::Reserve| {
        let items: Vec<String> = list
            .iter()
            .map(|(l, n)| {
                let l = if *c == Color::White {
                    *l
                } else {
                    l.to_ascii_lowercase()
                };
                format!("{l}x{n}")
            })
            .collect();
        format!(
            "{}: {}",
            c.name(),
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(" ")
            }
        )
    };
    let r = reserves(pos);
    Some(format!("Reserve  {}   {}", side(&r[0]), side(&r[1])))
}

/// The position as text. Plain text marks the last move's squares with brackets; with
/// `color` the squares are shaded and the last move highlighted instead (ANSI colours).
pub fn position_text(pos: &Position, last: Option<Move>, color: bool) -> String {
    let b = board(pos, last);
    let mut out = if color { coloured(&b) } else { text::draw(&b) };
    if let Some(line) = reserve_line(pos) {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&status(pos));
    out.push('\n');
    out
}

fn coloured(b: &Board) -> String {
    const RESET: &str = "\x1b[0m";
    let ranks = b.ranks_top_down();
    let w = ranks.iter().map(|r| r.to_string().len()).max().unwrap_or(1);
    let files: String = b.file_labels().iter().map(|f| format!(" {f} ")).collect();
    let header = format!("{}{}\n", " ".repeat(w + 1), files.trim_end());
    let mut out = header.clone();
    for &r in &ranks {
        out.push_str(&format!("{r:>w$} "));
        for f in 0..b.geometry().files() {
            let Some(c) = b.cell_at(f, r) else {
                out.push_str("   ");
                continue;
            };
            let dark = (f as i32 + r as i32) % 2 != 0;
            let bg = match (c.mark == Mark::Last, dark) {
                (true, false) => "\x1b[48;5;186m",
                (true, true) => "\x1b[48;5;142m",
                (false, false) => "\x1b[48;5;180m",
                (false, true) => "\x1b[48;5;137m",
            };
            let piece = match c.piece {
                Some((l, Color::White)) => format!("\x1b[1;97m{}", l.to_ascii_uppercase()),
                Some((l, Color::Black)) => format!("\x1b[1;30m{}", l.to_ascii_lowercase()),
                None => " ".to_string(),
            };
            out.push_str(&format!("{bg} {piece} {RESET}"));
        }
        out.push_str(&format!(" {r}\n"));
    }
    out.push_str(&header);
    out
}

/// The position as an SVG picture: the board in its real shape, pieces, the last move
/// highlighted, both reserves beside the board.
pub fn position_svg(pos: &Position, last: Option<Move>, title: Option<&str>) -> String {
    let b = board(pos, last);
    let full = match title {
        Some(t) => format!("{t} - {}", status(pos)),
        None => status(pos),
    };
    let reserves = if pos.variant().has_reserves() {
        reserves(pos)
    } else {
        Vec::new()
    };
    svg::draw_position(&b, Some(&full), &reserves)
}
