//! Positions and moves: a game replayed from its start, its state for the page, moves as
//! data.

use std::collections::BTreeMap;
use std::sync::Arc;

use fairyforge::{Color, EndReason, Move, MoveKind, Position, Variant};

use super::*;
use crate::serve::error::ApiError;
use crate::serve::limits;
use crate::serve::model;

/// Reads a position string of the variant, with the error's caret as text.
pub fn start_position(v: &Compiled, fen: Option<&str>) -> Result<Position, ApiError> {
    match fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => Ok(Position::start(v)),
        Some(f) => {
            if f.len() > limits::FEN_BYTES {
                return Err(ApiError::too_large(format!(
                    "the position string is longer than {} bytes",
                    limits::FEN_BYTES
                )));
            }
            Position::from_fen(v, f).map_err(|e| {
                ApiError::invalid(
                    "bad-position",
                    format!("bad position string: {}", e.render(f)),
                )
            })
        }
    }
}

/// Removes what players write around a move but that is not part of it: `+`, `#`, `!`, `?`.
fn strip_annotations(t: &str) -> &str {
    t.trim().trim_end_matches(['+', '#', '!', '?'])
}

/// Resolves one move text (R29 or a short form) in a position.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    if text.len() > limits::MOVE_TEXT_BYTES {
        return Err(format!(
            "a move is at most {} characters",
            limits::MOVE_TEXT_BYTES
        ));
    }
    let t = strip_annotations(text);
    if let Ok(m) = pos.parse_move(t) {
        return Ok(m);
    }
    pos.parse_input(t).map_err(|e| e.to_string())
}

/// A game replayed from its start: the position now, the moves played (with their readable
/// texts) and the legal moves now. Each ply generates the legal moves once.
#[derive(Clone)]
pub struct Game {
    pub pos: Position,
    /// Shared with the cached copies of this game: cloning a game copies no move text.
    pub history: Vec<Arc<model::MoveInfo>>,
    legal: Vec<Move>,
}

impl Game {
    pub fn start(v: &Compiled, fen: Option<&str>) -> Result<Game, ApiError> {
        let pos = start_position(v, fen)?;
        let legal = pos.legal_moves();
        Ok(Game {
            pos,
            history: Vec::new(),
            legal,
        })
    }

    /// Whether the game has ended (as `Position::outcome` decides, from the moves at hand).
    pub fn is_over(&self) -> bool {
        self.legal.is_empty()
            || self.pos.scepter_outcome().is_some()
            || self.pos.repetitions() >= 3
            || self.pos.halfmove_clock() >= 100
    }

    pub fn outcome(&self) -> Option<fairyforge::Outcome> {
        if self.is_over() {
            self.pos.outcome()
        } else {
            None
        }
    }

    /// Plays a move given as text (R29 or a short form): the move, or why not.
    pub fn play_text(&mut self, text: &str) -> Result<model::MoveInfo, String> {
        if let Some(o) = self.outcome() {
            return Err(format!("the game is already over: {o}"));
        }
        let m = match find_exact(&self.pos, &self.legal, strip_annotations(text)) {
            Some(m) => m,
            None => parse_move(&self.pos, text)?,
        };
        Ok(self.play(m))
    }

    /// Plays a legal move of the position; describes it (check and mate marked).
    fn play(&mut self, m: Move) -> model::MoveInfo {
        let info = describe(&self.pos, &m, self.pos.readable_text_marked(&m));
        self.pos.play_unchecked(&m);
        self.legal = self.pos.legal_moves();
        self.history.push(Arc::new(info.clone()));
        info
    }

    /// Plays more moves; a move that does not fit is a `bad-move` error naming it and its
    /// index (counted in the whole list, of which `moves` starts at `first`).
    pub fn replay(&mut self, moves: &[String], first: usize) -> Result<(), ApiError> {
        for (i, t) in moves.iter().enumerate() {
            let n = first + i;
            self.play_text(t).map_err(|why| {
                let mut e = ApiError::invalid("bad-move", format!("move {} (`{t}`): {why}", n + 1));
                e.move_index = Some(n);
                e
            })?;
        }
        Ok(())
    }
}

/// The move whose R29 text is exactly `t`, found without writing out every legal move's
/// text: only those leaving the square the text starts with are compared.
fn find_exact(pos: &Position, legal: &[Move], t: &str) -> Option<Move> {
    let g = pos.variant().geometry();
    let (drop, rest) = match t.split_once('@') {
        Some((_, r)) => (true, r),
        None => (false, t),
    };
    let b = rest.as_bytes();
    let mut end = 1;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
    }
    let from = g.parse_square(rest.get(..end)?)?;
    let mut found = legal
        .iter()
        .filter(|m| m.is_drop() == drop && m.from() == from && pos.move_text(m) == t);
    match (found.next(), found.next()) {
        (Some(m), None) => Some(*m),
        // Two moves with one text: the library's reading decides.
        _ => None,
    }
}

pub fn check_moves(moves: &[String]) -> Result<(), ApiError> {
    if moves.len() > limits::MOVES {
        return Err(ApiError::too_large(format!(
            "at most {} moves may be replayed; start from a position string instead",
            limits::MOVES
        )));
    }
    Ok(())
}

/// Plays a legal move on a position and describes it (check and mate marked).
pub fn play(pos: &mut Position, m: Move) -> model::MoveInfo {
    let info = describe(pos, &m, pos.readable_text_marked(&m));
    pos.play_unchecked(&m);
    info
}

/// The state of a game for the page: board, reserves, turn, check, end, moves.
pub fn state(game: &Game) -> model::State {
    let pos = &game.pos;
    let v = pos.variant();
    let g = v.geometry();
    let outcome = game.outcome();
    let legal = if outcome.is_some() {
        Vec::new()
    } else {
        move_infos(pos, &game.legal)
    };
    let mut board = BTreeMap::new();
    for sq in g.squares() {
        if let Some((k, c)) = pos.piece_at(sq) {
            board.insert(g.name(sq), letter(v, k, c));
        }
    }
    model::State {
        fen: pos.fen(),
        turn: color_name(pos.side_to_move()),
        ply: game.history.len(),
        check: pos.is_check(),
        outcome: outcome.map(|o| model::Outcome {
            winner: o.winner.map(color_name),
            reason: match o.reason {
                EndReason::Checkmate => "checkmate",
                EndReason::Stalemate => "stalemate",
                EndReason::Repetition => "repetition",
                EndReason::HundredPlies => "hundred-plies",
                EndReason::Scepter => "scepter",
            },
            text: o.to_string(),
        }),
        board,
        reserves: model::Reserves {
            white: reserve(pos, Color::White),
            black: reserve(pos, Color::Black),
        },
        history: game.history.clone(),
        legal,
    }
}

fn reserve(pos: &Position, c: Color) -> Vec<model::ReserveEntry> {
    let v = pos.variant();
    if !v.has_reserves() {
        return Vec::new();
    }
    v.reserve_order()
        .into_iter()
        .filter(|k| pos.reserve(c, *k) > 0)
        .map(|k| model::ReserveEntry {
            letter: letter(v, k, c),
            count: pos.reserve(c, k),
        })
        .collect()
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub fn parse_color(s: Option<&str>) -> Result<Color, ApiError> {
    match s.unwrap_or("white") {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        other => Err(ApiError::invalid(
            "bad-request",
            format!("`{other}` is not a colour: give `white` or `black`"),
        )),
    }
}

pub fn letter(v: &Variant, k: fairyforge::Kind, c: Color) -> char {
    let l = v.piece(k).letter();
    match c {
        Color::White => l.to_ascii_uppercase(),
        Color::Black => l.to_ascii_lowercase(),
    }
}

/// The legal moves, optionally only those leaving (or dropped on) one square.
pub fn moves_from(pos: &Position, from: Option<&str>) -> Result<Vec<model::MoveInfo>, ApiError> {
    let g = &pos.variant().geometry();
    let from = match from {
        None => None,
        Some(s) => Some(g.parse_square(s).ok_or_else(|| {
            ApiError::invalid(
                "bad-square",
                format!("there is no square `{s}` on this board"),
            )
        })?),
    };
    let chosen: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| from.is_none_or(|f| m.from() == f))
        .collect();
    Ok(move_infos(pos, &chosen))
}

fn kind_name(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Normal => "normal",
        MoveKind::DoubleStep => "double-step",
        MoveKind::EnPassant => "en-passant",
        MoveKind::Drop => "drop",
        MoveKind::Castle => "castle",
    }
}

/// Legal moves as data, with their readable texts.
pub fn move_infos(pos: &Position, moves: &[Move]) -> Vec<model::MoveInfo> {
    let texts = pos.readable_texts(moves);
    moves
        .iter()
        .zip(texts)
        .map(|(m, san)| describe(pos, m, san))
        .collect()
}

/// A legal move as data, with its readable text `san`.
fn describe(pos: &Position, m: &Move, san: String) -> model::MoveInfo {
    let v = pos.variant();
    let g = v.geometry();
    let mut captures: Vec<String> = pos
        .captures_of(m)
        .iter()
        .map(|(s, _, _)| g.name(*s))
        .collect();
    // The landing square first, then the other victims.
    let to = g.name(m.to());
    captures.sort_by_key(|s| *s != to);
    model::MoveInfo {
        text: pos.move_text(m),
        san,
        from: g.name(m.from()),
        to,
        kind: kind_name(m.kind()),
        captures,
        promotion: m.promotion().map(|k| v.piece(k).letter()),
        drop: m
            .is_drop()
            .then(|| v.piece(m.dropped().expect("a drop drops a piece")).letter()),
        rook: m.castling_rook().map(|(a, b)| [g.name(a), g.name(b)]),
    }
}
