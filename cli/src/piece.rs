//! `fairyforge piece GAME PIECE [--at SQUARE] [--fen POSITION] [--moves M...] [--option
//! NAME] [--svg FILE]`: where a piece can go from a square, drawn as a board with its moves,
//! captures and double captures marked. On an empty board by default (no king: the piece's
//! pseudo-legal moves, which are then its legal ones); in a given position (`--fen`,
//! `--moves`), the legal moves of the piece on `--at`. Any piece the game's file can name
//! may be shown, also a library piece the game does not use.

use std::path::PathBuf;
use std::sync::Arc;

use fairyforge::{Color, Kind, Move, Position, Square, Variant};

use fairyforge::picture::{self, Board};

use crate::error::{Error, Result};
use crate::game::Start;

#[derive(clap::Args)]
pub struct PieceArgs {
    #[command(flatten)]
    start: Start,
    /// The piece: its letter (upper case White, lower case Black) or its id
    /// (`flying-bomber`); any piece of the game's libraries (`fairyforge list --pieces`).
    piece: Option<String>,
    /// The square it stands on. Default: the middle of the board, or in a position
    /// (--fen, --moves) the square of the only such piece.
    #[arg(long)]
    at: Option<String>,
    /// A piece given by id is Black's (letters say it by their case).
    #[arg(long)]
    black: bool,
    /// Also write the diagram as an SVG picture to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
}

/// Runs the command: prints the diagram, the legend and the moves (sorted).
pub fn run(mut a: PieceArgs) -> Result {
    // `piece GAME --moves e2e4 e7e5 N`: the piece was read as a move.
    let name = match a.piece.take() {
        Some(p) => p,
        None => a
            .start
            .take_trailing(|s| !s.bytes().any(|b| b.is_ascii_digit()) && !s.starts_with("O-O"))
            .ok_or("which piece? `fairyforge piece GAME PIECE` (a letter or an id)")?,
    };
    let game = a.start.game.load()?;
    let v = with_piece(&a.start, &game, &name)?;
    let (kind, color) = piece_of(&v, &name, a.black)?;
    let g = &v.geometry();
    let square = |s: &str| {
        g.parse_square(s)
            .ok_or_else(|| format!("there is no square `{s}` on the board of {}", v.name()))
    };
    let pt = v.piece(kind);
    let (pos, sq, moves, context) = match a.start.moved() {
        false => {
            let sq = match &a.at {
                Some(s) => square(s)?,
                None => g
                    .centre()
                    .ok_or("the middle of the board is a hole: give a square with --at")?,
            };
            let pos = Position::with_pieces(&v, &[(sq, kind, color)], color);
            let moves = pos.piece_moves(sq);
            (pos, sq, moves, format!(", empty board of {}", v.name()))
        }
        true => in_position(&a, &v, &name, kind, color)?,
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
    let board = Board::piece_moves(&pos, sq, &moves);
    say!("{title}");
    say!();
    say_raw!("{}", board.text());
    say!();
    say!("{}", picture::LEGEND);
    let mut texts: Vec<String> = moves.iter().map(|m| pos.move_text(m)).collect();
    texts.sort();
    if texts.is_empty() {
        say!("moves: none");
    } else {
        say_raw!("{}", wrap("moves:", &texts, 78));
    }
    if let Some(path) = &a.svg {
        std::fs::write(path, board.svg(Some(&title))).map_err(|source| Error::Write {
            path: path.display().to_string(),
            source,
        })?;
        note!("wrote {}", path.display());
    }
    Ok(())
}

/// The piece in the position of `--fen` and `--moves`: its square (`--at`, or the only
/// such piece), its moves (legal when its side is to move, else pseudo-legal) and the
/// title's words for the position.
fn in_position(
    a: &PieceArgs,
    v: &Arc<Variant>,
    name: &str,
    kind: Kind,
    color: Color,
) -> Result<(Position, Square, Vec<Move>, String)> {
    let g = v.geometry();
    let pt = v.piece(kind);
    let square = |s: &str| {
        g.parse_square(s)
            .ok_or_else(|| format!("there is no square `{s}` on the board of {}", v.name()))
    };
    let pos = a.start.position_in(v)?;
    let color_given = name.chars().count() == 1 || a.black;
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
                return Err(format!("there is no {who} on {s}: it holds {there}").into());
            }
            sq
        }
        None => {
            let found: Vec<Square> = g.squares().filter(|s| matches(*s)).collect();
            match found.as_slice() {
                [s] => *s,
                [] => return Err(format!("there is no {who} in this position").into()),
                _ => {
                    let names: Vec<String> = found.iter().map(|s| g.name(*s)).collect();
                    return Err(format!(
                        "there are several: {} (give one with --at)",
                        names.join(", ")
                    )
                    .into());
                }
            }
        }
    };
    // A finished game has no legal moves: say why the piece has none.
    if let Some(o) = pos.outcome() {
        note!("Game over: {o}.");
    }
    let mover = pos.piece_at(sq).map(|(_, c)| c).unwrap_or(color);
    if pos.side_to_move() == mover {
        let moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == sq && !m.is_drop())
            .collect();
        Ok((pos, sq, moves, " in the given position".to_string()))
    } else {
        let moves = pos.piece_moves(sq);
        let note = format!(
            " in the given position (it is {}'s turn: pseudo-legal moves)",
            pos.side_to_move().name()
        );
        Ok((pos, sq, moves, note))
    }
}

fn count(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// A piece given by letter (its case gives the colour) or by id.
fn piece_of(v: &Arc<Variant>, name: &str, black: bool) -> Result<(Kind, Color)> {
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
    )
    .into())
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

/// The game, or when `name` is the id of a piece that the game's file can name but the
/// game does not use (a piece of the shared library, say), the game with that piece added,
/// its optional rules as asked.
fn with_piece(start: &Start, v: &Arc<Variant>, name: &str) -> Result<Arc<Variant>> {
    if name.chars().count() == 1 || v.kind_by_id(name).is_some() {
        return Ok(v.clone());
    }
    if let Some(lib) = fairyforge::library_pieces()
        .into_iter()
        .find(|p| p.id() == name)
        && let Some(k) = v.kind_by_letter(lib.letter())
    {
        let other = v.piece(k);
        return Err(format!(
            "the library piece `{name}` has the letter {}, which {} gives to its {} (`{}`): they cannot be shown on one board",
            lib.letter(),
            v.name(),
            other.name(),
            other.id()
        ).into());
    }
    // A game that extends this one and lists the piece among its own; it inherits the
    // game's libraries, so any piece they define can join.
    let spec = &start.game.variant;
    let (base, dir) = if fairyforge::builtin::game(spec).is_some() {
        (spec.clone(), std::env::current_dir().unwrap_or_default())
    } else {
        let path = std::path::Path::new(spec);
        let file = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| spec.clone());
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        (file, dir)
    };
    let mut ids: Vec<String> = v.pieces().iter().map(|p| format!("{:?}", p.id())).collect();
    ids.push(format!("{name:?}"));
    let text = format!(
        "extends = {base:?}\nname = {:?}\npieces = [{}]\n",
        v.name(),
        ids.join(", ")
    );
    Variant::loader()
        .options(crate::game::settings(&start.game.options)?)
        .base_dir(dir)
        .parse(&format!("{} with {name}", v.name()), &text)
        .or_else(|e| {
            if e.to_string().contains("letter") {
                Err(format!("the piece `{name}` cannot join {}:\n{e}", v.name()).into())
            } else {
                // Not a piece any of the game's libraries defines: say which it has.
                Ok(v.clone())
            }
        })
}
