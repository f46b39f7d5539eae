//! Positions and moves: a game replayed from its start, its state as data, moves as data.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::contract::{self, ApiError, MoveInfo};
use crate::{Color, Kind, Move, Position, Variant};

use super::Compiled;
use super::limits;

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

/// Resolves one move text (move text or a short form) in a position.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    if text.len() > limits::MOVE_TEXT_BYTES {
        return Err(format!(
            "a move is at most {} characters",
            limits::MOVE_TEXT_BYTES
        ));
    }
    // The move text first, as written: a shogi-style promotion ends with `+` (`e4e5+`,
    // docs/format.md § `[promotion]`), which is no check mark there.
    if let Ok(m) = pos.parse_move(text.trim()) {
        return Ok(m);
    }
    let t = strip_annotations(text);
    if let Ok(m) = pos.parse_move(t) {
        return Ok(m);
    }
    pos.parse_input(t).map_err(|e| e.to_string())
}

/// A game replayed from its start: the position now, the moves played (as data) and the
/// legal moves now. Each ply generates the legal moves once.
#[derive(Clone)]
pub struct Game {
    /// The position now.
    pub pos: Position,
    /// Shared with the cached copies of this game: cloning a game copies no move text.
    pub history: Vec<Arc<MoveInfo>>,
    legal: Vec<Move>,
    /// The side to move and the move number before the first move.
    start: (Color, u32),
}

impl Game {
    /// The game at `fen` (default: the game's setup) with no move played.
    pub fn start(v: &Compiled, fen: Option<&str>) -> Result<Game, ApiError> {
        let pos = start_position(v, fen)?;
        let legal = pos.legal_moves();
        let start = (pos.side_to_move(), pos.fullmove_number());
        Ok(Game {
            pos,
            history: Vec::new(),
            legal,
            start,
        })
    }

    /// The end of the game, if it is over (the rules of `Position::outcome`, from the
    /// legal moves at hand).
    pub fn outcome(&self) -> Option<crate::Outcome> {
        self.pos.outcome_with_moves(&self.legal)
    }

    /// Plays a move given as text (move text or a short form): the move, or why not.
    pub fn play_text(&mut self, text: &str) -> Result<MoveInfo, String> {
        if let Some(o) = self.outcome() {
            return Err(format!("the game is already over: {o}"));
        }
        // The move text as written first (a shogi-style promotion ends with `+`).
        let exact = find_exact(&self.pos, &self.legal, text.trim())
            .or_else(|| find_exact(&self.pos, &self.legal, strip_annotations(text)));
        let m = match exact {
            Some(m) => m,
            None => parse_move(&self.pos, text)?,
        };
        Ok(self.play(m))
    }

    /// Plays a legal move of the position; describes it (check and mate marked).
    fn play(&mut self, m: Move) -> MoveInfo {
        let info = describe(&self.pos, &m, self.pos.readable_text_marked(&m));
        self.pos.play_unchecked(&m);
        self.legal = self.pos.legal_moves();
        self.history.push(Arc::new(info.clone()));
        info
    }

    /// Takes back the last move played; returns it (`None` at the start).
    pub fn undo(&mut self) -> Option<Arc<MoveInfo>> {
        let last = self.history.pop()?;
        self.pos.undo();
        self.legal = self.pos.legal_moves();
        Some(last)
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

    /// The state of the game: board, reserves, turn, check, end, moves.
    pub fn state(&self) -> contract::State {
        let pos = &self.pos;
        let v = pos.variant();
        let g = v.geometry();
        let outcome = self.outcome();
        let legal = if outcome.is_some() {
            Vec::new()
        } else {
            move_infos(pos, &self.legal)
        };
        let mut board = BTreeMap::new();
        for sq in g.squares() {
            if let Some((k, c)) = pos.piece_at(sq) {
                board.insert(g.name(sq), letter(v, k, c));
            }
        }
        let check = pos.is_check();
        contract::State {
            fen: pos.fen(),
            turn: pos.side_to_move().into(),
            ply: self.history.len(),
            start_turn: self.start.0.into(),
            start_move_number: self.start.1,
            check,
            check_square: check
                .then(|| pos.king_square(pos.side_to_move()))
                .flatten()
                .map(|s| g.name(s)),
            outcome: outcome.map(Into::into),
            board,
            reserves: contract::Reserves {
                white: reserve(pos, Color::White),
                black: reserve(pos, Color::Black),
            },
            history: self.history.clone(),
            legal,
        }
    }
}

/// The move whose move text is exactly `t`, found without writing out every legal move's
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

/// At most [`limits::MOVES`] moves are replayed.
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
pub fn play(pos: &mut Position, m: Move) -> MoveInfo {
    let info = describe(pos, &m, pos.readable_text_marked(&m));
    pos.play_unchecked(&m);
    info
}

fn reserve(pos: &Position, c: Color) -> Vec<contract::ReserveEntry> {
    let v = pos.variant();
    if !v.has_reserves() {
        return Vec::new();
    }
    v.reserve_order()
        .into_iter()
        .filter(|k| pos.reserve(c, *k) > 0)
        .map(|k| contract::ReserveEntry {
            letter: letter(v, k, c),
            count: pos.reserve(c, k),
        })
        .collect()
}

/// `white` (the default) or `black`, else a `bad-request` error.
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

/// A piece's letter as position strings write it: upper case White's, lower case Black's.
pub fn letter(v: &Variant, k: Kind, c: Color) -> char {
    let l = v.piece(k).letter();
    match c {
        Color::White => l.to_ascii_uppercase(),
        Color::Black => l.to_ascii_lowercase(),
    }
}

/// A square of the board by name, else a `bad-square` error.
pub fn parse_square(v: &Variant, s: &str) -> Result<crate::Square, ApiError> {
    v.geometry().parse_square(s).ok_or_else(|| {
        ApiError::invalid(
            "bad-square",
            format!("there is no square `{s}` on this board"),
        )
    })
}

/// The legal moves, optionally only those leaving (or dropped on) one square.
pub fn moves_from(pos: &Position, from: Option<&str>) -> Result<Vec<MoveInfo>, ApiError> {
    let from = match from {
        None => None,
        Some(s) => Some(parse_square(pos.variant(), s)?),
    };
    let chosen: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| from.is_none_or(|f| m.from() == f))
        .collect();
    Ok(move_infos(pos, &chosen))
}

/// Legal moves as data, with their readable texts.
pub fn move_infos(pos: &Position, moves: &[Move]) -> Vec<MoveInfo> {
    let texts = pos.readable_texts(moves);
    moves
        .iter()
        .zip(texts)
        .map(|(m, san)| describe(pos, m, san))
        .collect()
}

/// A legal move as data, with its readable text `san`.
fn describe(pos: &Position, m: &Move, san: String) -> MoveInfo {
    let v = pos.variant();
    let g = v.geometry();
    let victims: Vec<crate::Square> = pos.captures_of(m).iter().map(|(s, _, _)| *s).collect();
    // The landing square first, then the other victims.
    let mut captures: Vec<String> = victims.iter().map(|s| g.name(*s)).collect();
    let to = g.name(m.to());
    captures.sort_by_key(|s| *s != to);
    let rook = m.castling_rook();
    // Every square that held a piece and holds none after the move.
    let mut left: Vec<crate::Square> = Vec::with_capacity(victims.len() + 2);
    if !m.is_drop() {
        left.push(m.from());
    }
    left.extend(victims.iter().copied());
    left.extend(rook.map(|(a, _)| a));
    let gate = m.gate();
    let landed = |s: crate::Square| {
        s == m.to() || rook.is_some_and(|(_, b)| b == s) || gate.is_some_and(|(_, g)| g == s)
    };
    let mut empties: Vec<String> = Vec::with_capacity(left.len());
    for s in left {
        let name = g.name(s);
        if !landed(s) && !empties.contains(&name) {
            empties.push(name);
        }
    }
    MoveInfo {
        text: pos.move_text(m),
        san,
        from: g.name(m.from()),
        to,
        kind: m.kind().into(),
        captures,
        empties,
        promotion: m.promotion().map(|k| v.piece(k).letter()),
        drop: m
            .is_drop()
            .then(|| v.piece(m.dropped().expect("a drop drops a piece")).letter()),
        rook: rook.map(|(a, b)| [g.name(a), g.name(b)]),
        gate: gate.map(|(k, s)| (v.piece(k).letter(), g.name(s))),
    }
}
