//! A board as text: three characters per square, rank labels on both sides and file
//! labels above and below. Holes are blank.
//!
//! ```text
//!      a  b  c
//!  2   .  X  .   2
//!  1   .  .  .   1
//!      a  b  c
//! ```

use super::{Board, Cell, Mark};

/// What the marks mean, as one line.
pub const LEGEND: &str = "[ ] the piece   * move   x (p) capture   X {p} double capture";

/// The three characters of one existing square.
fn cell_text(c: &Cell) -> String {
    let l = c.letter();
    let ch = l.unwrap_or('.');
    match (c.mark, l) {
        (Mark::None, _) | (Mark::Move, Some(_)) => format!(" {ch} "),
        (Mark::Origin, _) | (Mark::Last, _) => format!("[{ch}]"),
        (Mark::Move, None) => " * ".to_string(),
        (Mark::Capture, None) => " x ".to_string(),
        (Mark::Capture, Some(_)) => format!("({ch})"),
        (Mark::Double, None) => " X ".to_string(),
        (Mark::Double, Some(_)) => format!("{{{ch}}}"),
    }
}

/// Draws the board, one line per rank (highest first), each line ending in a newline.
pub(crate) fn draw(b: &Board) -> String {
    let ranks = b.ranks_top_down();
    let w = ranks.iter().map(|r| r.to_string().len()).max().unwrap_or(1);
    let files: String = b.file_labels().iter().map(|f| format!(" {f} ")).collect();
    let header = format!("{}{}", " ".repeat(w + 1), files.trim_end());
    let mut out = String::new();
    out.push_str(&header);
    out.push('\n');
    for &r in &ranks {
        let mut line = format!("{r:>w$} ");
        for f in 0..b.geometry().files() {
            match b.cell_at(f, r) {
                Some(c) => line.push_str(&cell_text(c)),
                None => line.push_str("   "),
            }
        }
        line.push_str(&format!(" {r}"));
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&header);
    out.push('\n');
    out
}
