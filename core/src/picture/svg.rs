//! A board as an SVG picture: light and dark squares (holes left out), pieces as
//! lettered discs (white or black), marks for moves, captures and double captures, the
//! piece itself highlighted, file and rank labels on all four sides, and the legend.

use std::fmt::Write;

use crate::types::Color;

use super::{Board, Cell, Mark};

const SQ: i32 = 48;
const TITLE_SIZE: i32 = 15;
const TITLE_LINE: i32 = 19;
const MARGIN: i32 = 28;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const ORIGIN: &str = "#f7ec59";
const LAST_LIGHT: &str = "#cdd26a";
const LAST_DARK: &str = "#aaa23a";
const MOVE: &str = "#2e7d32";
const CAPTURE: &str = "#c62828";
const DOUBLE: &str = "#6a1b9a";

/// Escapes text for XML content and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Draws the board as a standalone SVG document; `title` (if any) is written above the
/// board and as the document's title.
pub(crate) fn draw(b: &Board, title: Option<&str>) -> String {
    draw_with(b, title, true, None)
}

/// A reserve to draw beside the board: the side and its (letter, count) pairs.
pub(crate) type Reserve = (Color, Vec<(char, u8)>);

/// Draws a position: the board (last-move squares highlighted) with both reserves beside
/// it, and no legend.
pub(crate) fn draw_position(b: &Board, title: Option<&str>, reserves: &[Reserve]) -> String {
    draw_with(b, title, false, Some(reserves))
}

fn draw_with(b: &Board, title: Option<&str>, legend: bool, side: Option<&[Reserve]>) -> String {
    let g = b.geometry();
    let ranks = b.ranks_top_down();
    let files = g.files() as i32;
    let side_w = if side.is_some() { 180 } else { 0 };
    let width = files * SQ + 2 * MARGIN + side_w;
    let lines = title.map(|t| wrap(t, width - 8)).unwrap_or_default();
    let title_h = if lines.is_empty() {
        0
    } else {
        10 + TITLE_LINE * lines.len() as i32
    };
    let legend_h = if legend { 30 } else { 0 };
    let height = title_h + ranks.len() as i32 * SQ + 2 * MARGIN + legend_h;
    let top = title_h + MARGIN;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    let _ = writeln!(
        s,
        r##"  <rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    if let Some(t) = title {
        let _ = writeln!(s, "  <title>{}</title>", escape(t));
        for (i, line) in lines.iter().enumerate() {
            let _ = writeln!(
                s,
                r#"  <text x="{}" y="{}" font-size="{TITLE_SIZE}" text-anchor="middle">{}</text>"#,
                width / 2,
                4 + TITLE_LINE * (i as i32 + 1),
                escape(line)
            );
        }
    }
    // Labels: files above and below, ranks left and right.
    for (i, f) in b.file_labels().iter().enumerate() {
        let x = MARGIN + i as i32 * SQ + SQ / 2;
        for y in [top - 9, top + ranks.len() as i32 * SQ + 19] {
            let _ = writeln!(
                s,
                r#"  <text x="{x}" y="{y}" font-size="14" text-anchor="middle">{f}</text>"#
            );
        }
    }
    for (row, r) in ranks.iter().enumerate() {
        let y = top + row as i32 * SQ + SQ / 2 + 5;
        for x in [MARGIN / 2, MARGIN + files * SQ + MARGIN / 2] {
            let _ = writeln!(
                s,
                r#"  <text x="{x}" y="{y}" font-size="14" text-anchor="middle">{r}</text>"#
            );
        }
    }
    // Squares, pieces and marks.
    for (row, &r) in ranks.iter().enumerate() {
        for f in 0..g.files() {
            let Some(cell) = b.cell_at(f, r) else {
                continue;
            };
            let x = MARGIN + f as i32 * SQ;
            let y = top + row as i32 * SQ;
            square(&mut s, x, y, f, r, cell, b);
        }
    }
    if let Some(reserves) = side {
        draw_reserves(&mut s, 2 * MARGIN + files * SQ, top, reserves, b);
    }
    if !legend {
        s.push_str("</svg>\n");
        return s;
    }
    draw_legend(&mut s, height - legend_h / 2 + 2);
    s.push_str("</svg>\n");
    s
}

/// Both reserves in a column starting at `x0`, level with the board's `top`: a lettered
/// disc and a count per piece, three to a row.
fn draw_reserves(s: &mut String, x0: i32, top: i32, reserves: &[Reserve], b: &Board) {
    let mut y = top + 14;
    for (color, list) in reserves {
        let _ = writeln!(
            s,
            r#"  <text x="{x0}" y="{y}" font-size="14">{} reserve</text>"#,
            color.name()
        );
        y += 12;
        if list.is_empty() {
            y += 18;
            let _ = writeln!(
                s,
                r#"  <text x="{x0}" y="{y}" font-size="13">(empty)</text>"#
            );
        }
        for (i, (letter, count)) in list.iter().enumerate() {
            let cx = x0 + 18 + (i as i32 % 3) * 54;
            let cy = y + 20 + (i as i32 / 3) * 44;
            let cell = Cell {
                piece: Some((*letter, *color)),
                mark: Mark::None,
            };
            piece_disc(s, cx, cy, &cell, b);
            let _ = writeln!(
                s,
                r#"  <text x="{}" y="{}" font-size="13">x{count}</text>"#,
                cx + 19,
                cy + 5
            );
        }
        y += 20 + 44 * ((list.len() as i32 + 2) / 3).max(1);
    }
}

/// The legend of the marks, on the line at `ly`.
fn draw_legend(s: &mut String, ly: i32) {
    let mut lx = MARGIN;
    for (mark, label) in [
        (Mark::Origin, "the piece"),
        (Mark::Move, "move"),
        (Mark::Capture, "capture"),
        (Mark::Double, "double capture"),
    ] {
        let cell = Cell { piece: None, mark };
        marker(s, lx + 9, ly - 4, 9, &cell);
        let _ = writeln!(
            s,
            r#"  <text x="{}" y="{}" font-size="12">{label}</text>"#,
            lx + 22,
            ly
        );
        lx += 26 + 7 * label.len() as i32 + 12;
    }
}

/// The title split at spaces into lines of at most `width` pixels (0.6 em a letter).
fn wrap(t: &str, width: i32) -> Vec<String> {
    let max = ((width as f64) / (TITLE_SIZE as f64 * 0.6)).max(10.0) as usize;
    let mut lines: Vec<String> = Vec::new();
    for word in t.split(' ') {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= max => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn square(s: &mut String, x: i32, y: i32, f: u8, r: i8, cell: &Cell, b: &Board) {
    // a1 is dark: a square is dark when file + rank is odd (files from 0).
    let dark = (f as i32 + r as i32) % 2 != 0;
    let fill = if cell.mark == Mark::Origin {
        ORIGIN
    } else if cell.mark == Mark::Last {
        if dark { LAST_DARK } else { LAST_LIGHT }
    } else if dark {
        DARK
    } else {
        LIGHT
    };
    let _ = writeln!(
        s,
        r#"  <rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#
    );
    let (cx, cy) = (x + SQ / 2, y + SQ / 2);
    piece_disc(s, cx, cy, cell, b);
    marker(s, cx, cy, SQ / 2, cell);
}

/// A piece centred on (cx, cy): its picture (see `pieces`), or a lettered disc.
fn piece_disc(s: &mut String, cx: i32, cy: i32, cell: &Cell, b: &Board) {
    if let Some((letter, color)) = cell.piece {
        if let Some(p) = b.picture(letter) {
            let size = SQ * 92 / 100;
            let _ = writeln!(
                s,
                r#"  <g transform="translate({} {}) scale({})">{}</g>"#,
                cx - size / 2,
                cy - size / 2,
                size as f64 / 100.0,
                p.body(color)
            );
            return;
        }
        let (disc, ink) = match color {
            Color::White => ("#ffffff", "#000000"),
            Color::Black => ("#222222", "#ffffff"),
        };
        let _ = writeln!(
            s,
            r##"  <circle cx="{cx}" cy="{cy}" r="{}" fill="{disc}" stroke="#000000" stroke-width="1.5"/>"##,
            SQ * 36 / 100
        );
        let _ = writeln!(
            s,
            r#"  <text x="{cx}" y="{}" font-size="20" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
            cy + 7,
            escape(&letter.to_string())
        );
    }
}

/// The mark of a cell, centred on (cx, cy) within a square of half-size `h`.
fn marker(s: &mut String, cx: i32, cy: i32, h: i32, cell: &Cell) {
    match cell.mark {
        Mark::None | Mark::Last => {}
        Mark::Origin => {
            if cell.piece.is_none() {
                let _ = writeln!(
                    s,
                    r##"  <rect x="{}" y="{}" width="{}" height="{}" fill="{ORIGIN}" stroke="#000000"/>"##,
                    cx - h,
                    cy - h,
                    2 * h,
                    2 * h
                );
            }
        }
        Mark::Move => {
            let _ = writeln!(
                s,
                r#"  <circle cx="{cx}" cy="{cy}" r="{}" fill="{MOVE}" fill-opacity="0.8"/>"#,
                (h * 30 / 100).max(3)
            );
        }
        Mark::Capture => ring(s, cx, cy, h * 85 / 100, CAPTURE),
        Mark::Double => {
            ring(s, cx, cy, h * 85 / 100, DOUBLE);
            ring(s, cx, cy, h * 55 / 100, DOUBLE);
        }
    }
}

fn ring(s: &mut String, cx: i32, cy: i32, r: i32, color: &str) {
    let _ = writeln!(
        s,
        r#"  <circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{color}" stroke-width="{}"/>"#,
        (r / 6).max(2)
    );
}
