//! `fairyforge piece VARIANT PIECE [--at SQUARE] [--fen POSITION] [--svg FILE]`: where a
//! piece can go from a square, drawn as a board with its moves, captures and double
//! captures marked. On an empty board by default (no king: the piece's pseudo-legal moves,
//! which are then its legal ones); in a given position, the legal moves of the piece on
//! `--at`.

use std::path::PathBuf;
use std::sync::Arc;

use fairyforge::{Color, Kind, Move, Position, Square, Variant};

use crate::render::{self, Board, Mark};

#[derive(clap::Args)]
pub struct PieceArgs {
    /// A built-in game (`birds-and-ninjas`, ...) or the path of a variant file.
    variant: String,
    /// The piece: its letter (upper case White, lower case Black) or its id (`flying-bomber`).
    piece: String,
    /// The square it stands on. Default: the middle of the board, or in a position (--fen)
    /// the square of the only such piece.
    #[arg(long)]
    at: Option<String>,
    /// Show its legal moves in this position (R28) instead of on an empty board.
    #[arg(long)]
    fen: Option<String>,
    /// A piece given by id is Black's (letters say it by their case).
    #[arg(long)]
    black: bool,
    /// Also write the diagram as an SVG picture to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
}

/// Runs the command: prints the diagram, the legend and the moves (R29, sorted).
pub fn run(a: PieceArgs) -> Result<(), String> {
    let v = crate::load(&a.variant, &[])?;
    let (kind, color) = piece_of(&v, &a.piece, a.black)?;
    let g = v.geometry();
    let square = |s: &str| {
        g.parse_square(s)
            .ok_or_else(|| format!("there is no square `{s}` on the board of {}", v.name()))
    };
    let pt = v.piece(kind);
    let (pos, sq, moves, context) = match &a.fen {
        None => {
            let sq = match &a.at {
                Some(s) => square(s)?,
                None => g
                    .square((g.files() as i32 - 1) / 2, (g.ranks() as i32 + 1) / 2)
                    .ok_or("the middle of the board is a hole: give a square with --at")?,
            };
            let pos = Position::with_pieces(&v, &[(sq, kind, color)], color);
            let moves = pos.piece_moves(sq);
            (pos, sq, moves, format!(", empty board of {}", v.name()))
        }
        Some(f) => {
            let pos = Position::from_fen(&v, f)
                .map_err(|e| format!("bad position string: {}", e.render(f)))?;
            let color_given = a.piece.chars().count() == 1 || a.black;
            let matches = |s: Square| {
                pos.piece_at(s)
                    .is_some_and(|(k, c)| k == kind && (!color_given || c == color))
            };
            let who = if color_given {
                format!("{} {}", color.name(), pt.name())
            } else {
                pt.name().to_string()
            };
            let sq = match &a.at {
                Some(s) => {
                    let sq = square(s)?;
                    if !matches(sq) {
                        let there = match pos.piece_at(sq) {
                            Some((k, c)) => format!("a {} {}", c.name(), v.piece(k).name()),
                            None => "nothing".to_string(),
                        };
                        return Err(format!("there is no {who} on {s}: it holds {there}"));
                    }
                    sq
                }
                None => {
                    let found: Vec<Square> = g.squares().filter(|s| matches(*s)).collect();
                    match found.as_slice() {
                        [s] => *s,
                        [] => return Err(format!("there is no {who} in this position")),
                        _ => {
                            let names: Vec<String> = found.iter().map(|s| g.name(*s)).collect();
                            return Err(format!(
                                "there are several: {} (give one with --at)",
                                names.join(", ")
                            ));
                        }
                    }
                }
            };
            let mover = pos.piece_at(sq).map(|(_, c)| c).unwrap_or(color);
            if pos.side_to_move() == mover {
                let moves: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from() == sq && !m.is_drop())
                    .collect();
                (pos, sq, moves, " in the given position".to_string())
            } else {
                let moves = pos.piece_moves(sq);
                let note = format!(
                    " in the given position (it is {}'s turn: pseudo-legal moves)",
                    pos.side_to_move().name()
                );
                (pos, sq, moves, note)
            }
        }
    };
    let (_, color) = pos.piece_at(sq).expect("the piece stands on its square");
    let title = format!(
        "{} ({}, {}) on {}{}: {}",
        pt.name(),
        pt.letter(),
        color.name(),
        g.name(sq),
        context,
        count(moves.len())
    );
    let board = diagram(&pos, sq, &moves);
    println!("{title}");
    println!();
    print!("{}", render::text::draw(&board));
    println!();
    println!("{}", render::text::LEGEND);
    let mut texts: Vec<String> = moves.iter().map(|m| pos.move_text(m)).collect();
    texts.sort();
    if texts.is_empty() {
        println!("moves: none");
    } else {
        print!("{}", wrap("moves:", &texts, 78));
    }
    if let Some(path) = &a.svg {
        std::fs::write(path, render::svg::draw(&board, Some(&title)))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

fn count(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// The board of `pos` with the piece on `sq` and the landing squares of `moves` marked by
/// how many pieces each captures.
pub fn diagram(pos: &Position, sq: Square, moves: &[Move]) -> Board {
    let mut b = Board::of_position(pos);
    b.mark(sq, Mark::Origin);
    for m in moves {
        let mark = match pos.captures_of(m).len() {
            0 => Mark::Move,
            1 => Mark::Capture,
            _ => Mark::Double,
        };
        b.mark(m.to(), mark);
    }
    b
}

/// A piece given by letter (its case gives the colour) or by id.
fn piece_of(v: &Arc<Variant>, name: &str, black: bool) -> Result<(Kind, Color), String> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next())
        && c.is_ascii_alphabetic()
        && let Some(k) = v.kind_by_letter(c)
    {
        let color = if c.is_ascii_lowercase() || black {
            Color::Black
        } else {
            Color::White
        };
        return Ok((k, color));
    }
    if let Some(k) = v.kind_by_id(name) {
        return Ok((k, if black { Color::Black } else { Color::White }));
    }
    let list: Vec<String> = v
        .pieces()
        .iter()
        .map(|p| format!("{} {}", p.letter(), p.id()))
        .collect();
    Err(format!(
        "{} has no piece `{name}`; its pieces are {}",
        v.name(),
        list.join(", ")
    ))
}

/// `head` then the words, wrapped to `width` columns, continuation lines indented.
fn wrap(head: &str, words: &[String], width: usize) -> String {
    let mut out = String::from(head);
    let mut col = head.len();
    let indent = " ".repeat(head.len());
    for w in words {
        if col + 1 + w.len() > width && col > head.len() {
            out.push('\n');
            out.push_str(&indent);
            col = head.len();
        }
        out.push(' ');
        out.push_str(w);
        col += 1 + w.len();
    }
    out.push('\n');
    out
}
