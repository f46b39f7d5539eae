//! The piece explorer: a piece of the game or of the library alone on an empty board of
//! the game, with blockers.

use std::collections::BTreeMap;

use crate::contract::{self, ApiError};
use crate::{Color, Kind, Position, Variant};

use super::game::{letter, parse_color, parse_square};
use super::variants::{did_you_mean, piece_info};
use super::{Compiled, limits};

/// Finds a piece of the game by id or letter (upper case White, lower case Black).
fn game_piece(v: &Compiled, name: &str) -> Option<(Kind, Option<Color>)> {
    if let Some(k) = v.kind_by_id(name) {
        return Some((k, None));
    }
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next())
        && c.is_ascii_alphabetic()
        && let Some(k) = v.kind_by_letter(c)
    {
        let color = if c.is_ascii_lowercase() {
            Color::Black
        } else {
            Color::White
        };
        return Some((k, Some(color)));
    }
    None
}

/// A variant with the game's board and one library piece (and a king, which every game
/// needs), to show a piece the game does not use.
fn library_variant(v: &Compiled, id: &str) -> Result<Compiled, ApiError> {
    let g = v.geometry();
    // The board's shape: the rear squares beyond the main ranks, the holes within them.
    let ranks = g.ranks() as i8;
    let mut extra = Vec::new();
    let mut holes = Vec::new();
    for r in g.rank_range() {
        for f in 0..g.files() {
            let exists = g.square(f as i32, r as i32).is_some();
            let name = format!("\"{}\"", crate::geometry::coord_name(f, r));
            match ((1..=ranks).contains(&r), exists) {
                (false, true) => extra.push(name),
                (true, false) => holes.push(name),
                _ => {}
            }
        }
    }
    // Every game has a king on each side: the setup puts them on the first and last
    // squares (the explorer draws its own board). The game's own position string writer
    // gives the board's shape.
    let royal = v
        .royal_kind()
        .ok_or_else(|| ApiError::internal("the game has no royal piece"))?;
    let (Some(first), Some(last)) = (g.squares().next(), g.squares().last()) else {
        return Err(ApiError::internal("the board has no squares"));
    };
    let kings = Position::with_pieces(
        v,
        &[(first, royal, Color::White), (last, royal, Color::Black)],
        Color::White,
    )
    .fen();
    let king = v.piece(royal).letter();
    let board: String = kings
        .split(' ')
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| {
            if c == king.to_ascii_uppercase() {
                'K'
            } else if c == king.to_ascii_lowercase() {
                'k'
            } else {
                c
            }
        })
        .collect();
    let pieces = if id == "king" {
        "[\"king\"]".to_string()
    } else {
        format!("[\"king\", \"{id}\"]")
    };
    let text = format!(
        "name = \"{} with {id}\"\nimport = \"pieces.toml\"\npieces = {pieces}\nsetup = \"{board} w - - 0 1\"\n[board]\nfiles = {}\nranks = {}\nextra = [{}]\nholes = [{}]\n",
        v.name().replace(['"', '\\'], ""),
        g.files(),
        g.ranks(),
        extra.join(", "),
        holes.join(", "),
    );
    Variant::loader()
        .builtin_only()
        .parse("<piece explorer>", &text)
        .map_err(|e| {
            ApiError::internal(format!(
                "the library piece `{id}` cannot be shown on this board: {}",
                e.render().lines().next().unwrap_or("")
            ))
        })
}

/// The piece to explore, by id or letter: the game's (on the game itself), or the
/// library's (on a variant with the game's board and that piece); its colour, and whether
/// it is the game's.
fn explored_piece(
    v: &Compiled,
    name: &str,
    asked: Color,
) -> Result<(Compiled, Kind, Color, bool), ApiError> {
    Ok(match game_piece(v, name) {
        Some((k, c)) => (v.clone(), k, c.unwrap_or(asked), true),
        None => {
            let lib = crate::library_pieces();
            let Some(p) = lib.iter().find(|p| p.id() == name) else {
                let mut names: Vec<&str> = v.pieces().iter().map(|p| p.id()).collect();
                names.extend(lib.iter().map(|p| p.id()));
                let hint = match did_you_mean(name, names.into_iter()) {
                    Some(s) => format!("; did you mean `{s}`?"),
                    None => String::new(),
                };
                return Err(ApiError::invalid(
                    "unknown-piece",
                    format!(
                        "`{}` is neither a piece of {} nor of the built-in library{hint}",
                        name,
                        v.name()
                    ),
                ));
            };
            let lv = library_variant(v, p.id())?;
            let k = lv
                .kind_by_id(p.id())
                .ok_or_else(|| ApiError::internal("the library piece is missing"))?;
            (lv, k, asked, false)
        }
    })
}

/// A piece alone (with blockers) on an empty board of the game, and where it can go.
pub fn explore(v: &Compiled, req: &contract::PieceRequest) -> Result<contract::Explorer, ApiError> {
    let asked = parse_color(req.color.as_deref())?;
    let (variant, kind, color, in_game) = explored_piece(v, &req.piece, asked)?;
    let g = &variant.geometry();
    let square = |s: &str| parse_square(&variant, s);
    let at = match &req.at {
        Some(s) => square(s)?,
        None => g
            .centre()
            .or_else(|| g.squares().next())
            .ok_or_else(|| ApiError::internal("the board has no squares"))?,
    };
    if req.blockers.len() > limits::BLOCKERS {
        return Err(ApiError::too_large(format!(
            "at most {} blockers",
            limits::BLOCKERS
        )));
    }
    // Blockers are pieces of the explored kind: only their colour matters to a move.
    let mut pieces = Vec::with_capacity(req.blockers.len() + 1);
    for b in &req.blockers {
        let sq = square(&b.square)?;
        if sq != at {
            pieces.push((sq, kind, parse_color(Some(&b.color))?));
        }
    }
    pieces.push((at, kind, color));
    let pos = Position::with_pieces(&variant, &pieces, color);
    let mut by_square: BTreeMap<usize, contract::ExplorerMove> = BTreeMap::new();
    for m in pos.piece_moves(at) {
        let entry = by_square
            .entry(m.to().index())
            .or_insert_with(|| contract::ExplorerMove {
                to: g.name(m.to()),
                captures: Vec::new(),
                promotions: Vec::new(),
            });
        for (s, _, _) in pos.captures_of(&m) {
            let name = g.name(s);
            if !entry.captures.contains(&name) {
                entry.captures.push(name);
            }
        }
        if let Some(k) = m.promotion() {
            entry.promotions.push(variant.piece(k).letter());
        }
    }
    let mut board = BTreeMap::new();
    for (sq, k, c) in &pieces {
        board.insert(g.name(*sq), letter(&variant, *k, *c));
    }
    let p = variant.piece(kind);
    Ok(contract::Explorer {
        piece: piece_info(p),
        in_game,
        color: color.into(),
        at: g.name(at),
        board,
        moves: by_square.into_values().collect(),
    })
}
