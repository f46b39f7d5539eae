//! The studio's only door into the library: compiling variants, replaying games, listing
//! moves, exploring pieces, counting and searching. Everything else in `serve` speaks the
//! plain data of `model`, so a change of the library's API is adapted here alone.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use fairyforge::search::{Limits, Report, Score, Searcher};
use fairyforge::{
    Color, EndReason, LoadError, Loader, Move, MoveKind, OptionSetting, Position, Square, Variant,
};

use super::error::ApiError;
use super::limits;
use super::model;
use super::pool::Cancel;

/// A compiled variant, shared by every request that uses it.
pub type Compiled = Arc<Variant>;

// ---------------------------------------------------------------------------------------
// Games, files and compiling

/// The built-in games, in the library's order.
pub fn game_names() -> Vec<&'static str> {
    fairyforge::builtin::game_names()
}

/// The text of a built-in game.
pub fn game_text(name: &str) -> Option<&'static str> {
    fairyforge::builtin::game(name)
}

/// The text of a built-in piece library (`pieces`).
pub fn library_text(name: &str) -> Option<&'static str> {
    fairyforge::builtin::library(name)
}

pub fn library_names() -> Vec<&'static str> {
    fairyforge::builtin::LIBRARIES
        .iter()
        .map(|(n, _)| *n)
        .collect()
}

/// `unknown game` with the built-in names and a suggestion.
pub fn unknown_game(name: &str) -> ApiError {
    let names = game_names();
    let hint = match did_you_mean(name, names.iter().copied()) {
        Some(s) => format!(" Did you mean `{s}`?"),
        None => String::new(),
    };
    ApiError::invalid(
        "unknown-game",
        format!(
            "`{name}` is not a built-in game.{hint} Built-in games: {}.",
            names.join(", ")
        ),
    )
}

/// The candidate closest to `word` (by edit distance), if it is close enough to be a slip.
pub fn did_you_mean<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    fn distance(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let cur = row[j + 1];
                row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
                prev = cur;
            }
        }
        row[b.len()]
    }
    if word.len() > 64 {
        return None;
    }
    candidates
        .map(|c| (distance(word, c), c))
        .filter(|(d, c)| *d <= (c.len() / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// The optional rules of a request, read as the command line reads `--option`.
fn option_settings(options: &[String]) -> Result<Vec<OptionSetting>, ApiError> {
    options
        .iter()
        .map(|o| {
            o.parse::<OptionSetting>()
                .map_err(|e| ApiError::invalid("unknown-option", e.to_string()))
        })
        .collect()
}

/// The loader of the studio: built-in games and library only, never a file.
fn loader(options: &[String]) -> Result<Loader, ApiError> {
    Ok(Variant::loader()
        .builtin_only()
        .options(option_settings(options)?))
}

/// Compiles a built-in game with optional rules.
pub fn compile_builtin(name: &str, options: &[String]) -> Result<Compiled, ApiError> {
    if game_text(name).is_none() {
        return Err(unknown_game(name));
    }
    // A built-in game can only fail to load because of its options.
    loader(options)?.builtin(name).map_err(|e| {
        ApiError::invalid(
            "unknown-option",
            format!("{name}: {}", e.render().trim_end()),
        )
    })
}

/// Compiles the text of a variant file. Its imports and `extends` resolve to the built-in
/// library and games only: the server reads nothing from its disk.
pub fn compile_text(name: &str, text: &str, options: &[String]) -> Result<Compiled, ApiError> {
    loader(options)?.parse(name, text).map_err(|e| {
        let diags = diagnostics(&e);
        let errors: Vec<&model::Diag> = diags.iter().filter(|d| d.severity == "error").collect();
        let first = errors.first().map_or(String::new(), |d| {
            if d.line > 0 {
                format!(
                    "; the first at line {}, column {}: {}",
                    d.line, d.column, d.message
                )
            } else {
                format!("; the first: {}", d.message)
            }
        });
        let n = errors.len() + e.omitted();
        let mut err = ApiError::invalid(
            "bad-variant",
            format!(
                "{name} has {n} error{}{first}",
                if n == 1 { "" } else { "s" }
            ),
        );
        err.diagnostics = diags;
        err
    })
}

/// Checks a variant file's text: ok with its name (and any warnings), or every problem with
/// line and column.
pub fn validate(name: &str, text: &str) -> model::Validation {
    let loaded = Variant::loader().builtin_only().parse(name, text);
    match loaded {
        Ok(v) => {
            let warnings: Vec<model::Diag> = v.warnings().iter().map(diag).collect();
            let rendered = warnings.iter().map(|d| d.rendered.as_str()).collect();
            model::Validation {
                ok: true,
                name: Some(v.name().to_string()),
                description: Some(v.description().to_string()),
                diagnostics: warnings,
                rendered,
                omitted: 0,
            }
        }
        Err(e) => model::Validation {
            ok: false,
            name: None,
            description: None,
            diagnostics: diagnostics(&e),
            rendered: e.render(),
            omitted: e.omitted(),
        },
    }
}

/// The problems of a load, each with its place (line and column from 1) and its text as
/// `fairyforge validate` prints it.
fn diagnostics(e: &LoadError) -> Vec<model::Diag> {
    e.diagnostics().iter().map(diag).collect()
}

fn diag(d: &fairyforge::Diagnostic) -> model::Diag {
    let start = d.start();
    let end = d.end().or(start);
    model::Diag {
        severity: match d.severity() {
            fairyforge::Severity::Error => "error",
            fairyforge::Severity::Warning => "warning",
        },
        file: d.file().unwrap_or("").to_string(),
        line: start.map_or(0, |l| l.line),
        column: start.map_or(0, |l| l.column),
        end_line: end.map_or(0, |l| l.line),
        end_column: end.map_or(0, |l| l.column),
        message: d.message().to_string(),
        label: d.label().to_string(),
        rendered: format!("{d}\n"),
    }
}

/// A one-line description of a file from its `description` key, without compiling.
pub fn description_of(text: &str) -> (String, String) {
    let mut name = String::new();
    let mut description = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            break;
        }
        if let Some(v) = line.strip_prefix("name = ") {
            name = v.trim_matches('"').to_string();
        }
        if let Some(v) = line.strip_prefix("description = ") {
            description = v.trim_matches('"').to_string();
        }
    }
    (name, description)
}

// ---------------------------------------------------------------------------------------
// What a variant is

/// What a game is: its board, pieces, options and setup. `source` is the text it was
/// compiled from (its pieces' primitives are read there).
pub fn variant_info(v: &Compiled, source: Option<&str>) -> model::VariantInfo {
    let g = v.geometry();
    let range = g.rank_range();
    let in_game: Vec<&str> = v.pieces().iter().map(|p| p.id()).collect();
    model::VariantInfo {
        name: v.name().to_string(),
        description: v.description().to_string(),
        board: model::BoardInfo {
            files: g.files(),
            ranks: g.ranks(),
            rank_min: *range.start(),
            rank_max: *range.end(),
            squares: g.squares().map(|s| g.name(s)).collect(),
        },
        pieces: v.pieces().iter().map(|p| piece_info(p, source)).collect(),
        library: fairyforge::library_pieces()
            .iter()
            .filter(|p| !in_game.contains(&p.id()))
            .map(|p| piece_info(p, None))
            .collect(),
        setup: v.setup().to_string(),
        options: options(v),
        reserves: v.has_reserves(),
    }
}

pub fn options(v: &Compiled) -> Vec<model::OptionInfo> {
    v.options()
        .into_iter()
        .map(|(name, description, on)| model::OptionInfo {
            name,
            description,
            on,
        })
        .collect()
}

fn piece_info(p: &fairyforge::PieceType, source: Option<&str>) -> model::PieceInfo {
    model::PieceInfo {
        id: p.id().to_string(),
        name: p.name().to_string(),
        letter: p.letter(),
        value: p.value() as f64 / 100.0,
        royal: p.is_royal(),
        pawn: p.is_pawn(),
        primitives: super::primitives::of(p.id(), source),
    }
}

// ---------------------------------------------------------------------------------------
// Positions and moves

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
        let mut info = move_info(&self.pos, &m, &self.legal);
        self.pos.play_unchecked(&m);
        self.legal = self.pos.legal_moves();
        if self.pos.is_check() {
            info.san.push(if self.legal.is_empty() { '#' } else { '+' });
        }
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
    let legal = pos.legal_moves();
    let mut info = move_info(pos, &m, &legal);
    pos.play_unchecked(&m);
    if pos.is_check() {
        info.san.push(if pos.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
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

fn letter(v: &Variant, k: fairyforge::Kind, c: Color) -> char {
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
    let legal = pos.legal_moves();
    Ok(legal
        .iter()
        .filter(|m| from.is_none_or(|f| m.from() == f))
        .map(|m| move_info(pos, m, &legal))
        .collect())
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

/// A legal move as data, with its readable text among the other legal moves `legal`.
pub fn move_info(pos: &Position, m: &Move, legal: &[Move]) -> model::MoveInfo {
    let same_end: Vec<Move> = legal.iter().filter(|x| x.to() == m.to()).copied().collect();
    move_info_among(pos, m, &same_end)
}

/// Every legal move as data. A short text can only be mistaken for a move that ends on the
/// same square, so each move's readable text is worked out among those alone.
pub fn move_infos(pos: &Position, legal: &[Move]) -> Vec<model::MoveInfo> {
    let mut by_end = legal.to_vec();
    by_end.sort_by_key(|m| m.to().index());
    legal
        .iter()
        .map(|m| {
            let to = m.to().index();
            let a = by_end.partition_point(|x| x.to().index() < to);
            let b = by_end.partition_point(|x| x.to().index() <= to);
            move_info_among(pos, m, &by_end[a..b])
        })
        .collect()
}

/// A move as data, with its readable text among `same_end`, the legal moves that end
/// where it does.
fn move_info_among(pos: &Position, m: &Move, same_end: &[Move]) -> model::MoveInfo {
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
        san: readable(pos, m, same_end),
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

/// What a short form says about a board move (see `Position::parse_input`).
struct Pattern {
    letter: Option<char>,
    file: Option<u8>,
    rank: Option<i8>,
    to: Square,
    capture: bool,
    promo: Option<char>,
}

impl Pattern {
    /// Whether `Position::parse_input` would take move `m` for this pattern.
    fn fits(&self, pos: &Position, m: &Move) -> bool {
        if m.is_drop() || m.to() != self.to {
            return false;
        }
        let v = pos.variant();
        let Some((kind, _)) = pos.piece_at(m.from()) else {
            return false;
        };
        let piece = v.piece(kind);
        match self.letter {
            Some(l) if l != piece.letter() => return false,
            None if !piece.is_pawn() => return false,
            _ => {}
        }
        let (f, r) = v.geometry().coords(m.from());
        if self.file.is_some_and(|x| x != f) || self.rank.is_some_and(|x| x != r) {
            return false;
        }
        if self.capture && pos.captures_of(m).is_empty() {
            return false;
        }
        match (self.promo, m.promotion()) {
            (Some(c), Some(k)) => v.piece(k).letter() == c,
            (Some(_), None) => false,
            (None, _) => true,
        }
    }

    fn text(&self, pos: &Position) -> String {
        let g = &pos.variant().geometry();
        let mut s = String::new();
        if let Some(l) = self.letter {
            s.push(l);
        }
        if let Some(f) = self.file {
            s.push(fairyforge::geometry::file_char(f));
        }
        if let Some(r) = self.rank {
            s.push_str(&r.to_string());
        }
        if self.capture {
            s.push('x');
        }
        s.push_str(&g.name(self.to));
        if let Some(p) = self.promo {
            s.push('=');
            s.push(p);
        }
        s
    }
}

/// The shortest text a player could type for `m` that names it alone among `legal`
/// (`e5`, `exd6`, `Fxf8`, `Nbd2`, `e10=Q`, `J@e4`, `Kh1`), else its R29 text. Every text
/// made here reads back to the same move with `Position::parse_input` (tested). Only the
/// moves of `legal` that end where `m` does matter: those are enough.
pub fn readable(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let v = pos.variant();
    let g = v.geometry();
    if m.is_drop() {
        let l = v.piece(m.dropped().expect("a drop drops a piece")).letter();
        let same_end = legal
            .iter()
            .filter(|x| x.is_drop() && x.dropped() == m.dropped() && x.to() == m.to())
            .count();
        return if same_end == 1 {
            format!("{l}@{}", g.name(m.to()))
        } else {
            pos.move_text(m)
        };
    }
    let Some((kind, _)) = pos.piece_at(m.from()) else {
        return pos.move_text(m);
    };
    let piece = v.piece(kind);
    let (f, r) = g.coords(m.from());
    let capture = !pos.captures_of(m).is_empty();
    let promo = m.promotion().map(|k| v.piece(k).letter());
    let base = Pattern {
        letter: None,
        file: None,
        rank: None,
        to: m.to(),
        capture,
        promo,
    };
    let mut ladder = Vec::with_capacity(5);
    if piece.is_pawn() && !m.is_castle() {
        ladder.push(if capture {
            Pattern {
                file: Some(f),
                ..base
            }
        } else {
            Pattern { ..base }
        });
    }
    let l = Some(piece.letter());
    ladder.push(Pattern { letter: l, ..base });
    ladder.push(Pattern {
        letter: l,
        file: Some(f),
        ..base
    });
    ladder.push(Pattern {
        letter: l,
        rank: Some(r),
        ..base
    });
    ladder.push(Pattern {
        letter: l,
        file: Some(f),
        rank: Some(r),
        ..base
    });
    for p in &ladder {
        if legal.iter().filter(|x| p.fits(pos, x)).count() == 1 {
            return p.text(pos);
        }
    }
    pos.move_text(m)
}

// ---------------------------------------------------------------------------------------
// The piece explorer

/// Finds a piece of the game by id or letter (upper case White, lower case Black).
fn game_piece(v: &Compiled, name: &str) -> Option<(fairyforge::Kind, Option<Color>)> {
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
            let name = format!("\"{}\"", fairyforge::geometry::coord_name(f, r));
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
) -> Result<(Compiled, fairyforge::Kind, Color, bool), ApiError> {
    Ok(match game_piece(v, name) {
        Some((k, c)) => (v.clone(), k, c.unwrap_or(asked), true),
        None => {
            let lib = fairyforge::library_pieces();
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

/// A piece alone (with blockers) on an empty board of the game, and where it can go;
/// `source` is the text the game was compiled from.
pub fn explore(
    v: &Compiled,
    source: Option<&str>,
    req: &model::PieceRequest,
) -> Result<model::Explorer, ApiError> {
    let asked = parse_color(req.color.as_deref())?;
    let (variant, kind, color, in_game) = explored_piece(v, &req.piece, asked)?;
    let g = &variant.geometry();
    let square = |s: &str| {
        g.parse_square(s).ok_or_else(|| {
            ApiError::invalid(
                "bad-square",
                format!("there is no square `{s}` on this board"),
            )
        })
    };
    let at = match &req.at {
        Some(s) => square(s)?,
        None => middle(&variant),
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
    let mut by_square: BTreeMap<usize, model::ExplorerMove> = BTreeMap::new();
    for m in pos.piece_moves(at) {
        let entry = by_square
            .entry(m.to().index())
            .or_insert_with(|| model::ExplorerMove {
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
    Ok(model::Explorer {
        piece: piece_info(p, if in_game { source } else { None }),
        in_game,
        color: color_name(color),
        at: g.name(at),
        board,
        moves: by_square.into_values().collect(),
    })
}

/// The middle of the board (as `fairyforge piece` chooses), or the first square.
fn middle(v: &Variant) -> Square {
    let g = v.geometry();
    g.square((g.files() as i32 - 1) / 2, (g.ranks() as i32 + 1) / 2)
        .or_else(|| g.squares().next())
        .expect("a board has squares")
}

// ---------------------------------------------------------------------------------------
// Counting and thinking (run on the thinking pool)

/// Why a long job stopped early.
pub enum Stopped {
    /// Its client went away.
    Cancelled,
    /// It ran past its time.
    Timeout,
}

/// Perft (with divide) that gives up when `cancel` is set or after `budget`.
pub fn perft(
    pos: &mut Position,
    depth: u32,
    divide: bool,
    cancel: &Cancel,
    budget: Duration,
) -> Result<model::Perft, Stopped> {
    let t = Instant::now();
    let deadline = t + budget;
    let mut counter = Counter {
        cancel,
        deadline,
        ticks: 0,
        stopped: None,
        bufs: (0..depth.max(1)).map(|_| Vec::with_capacity(128)).collect(),
    };
    let root = pos.legal_moves();
    let mut total = 0;
    let mut rows = Vec::new();
    if depth == 0 {
        total = 1;
    } else {
        for m in &root {
            let info = move_info(pos, m, &root);
            pos.play_unchecked(m);
            let n = counter.count(pos, depth - 1, 0);
            pos.undo();
            if let Some(s) = counter.stopped.take() {
                return Err(s);
            }
            total += n;
            rows.push(model::DivideEntry {
                text: info.text,
                san: info.san,
                nodes: n,
            });
        }
    }
    rows.sort_by(|a, b| a.text.cmp(&b.text));
    Ok(model::Perft {
        depth,
        nodes: total,
        time_ms: t.elapsed().as_millis() as u64,
        divide: divide.then_some(rows),
    })
}

struct Counter<'a> {
    cancel: &'a Cancel,
    deadline: Instant,
    ticks: u32,
    stopped: Option<Stopped>,
    bufs: Vec<Vec<Move>>,
}

impl Counter<'_> {
    /// Leaf nodes at `depth`, the last ply counted from the move list (as `perft` does).
    fn count(&mut self, pos: &mut Position, depth: u32, ply: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.stopped.is_some() {
            return 0;
        }
        self.ticks += 1;
        if self.ticks.is_multiple_of(1024) {
            if self.cancel.is_set() {
                self.stopped = Some(Stopped::Cancelled);
            } else if Instant::now() >= self.deadline {
                self.stopped = Some(Stopped::Timeout);
            }
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        buf.clear();
        pos.generate_legal(&mut buf);
        let n = if depth == 1 {
            buf.len() as u64
        } else {
            let mut n = 0;
            for &m in &buf {
                pos.play_unchecked(&m);
                n += self.count(pos, depth - 1, ply + 1);
                pos.undo();
            }
            n
        };
        self.bufs[ply] = buf;
        n
    }
}

/// The score in a player's words, from White's side.
fn score(s: Score, mover: Color) -> model::Score {
    let white = mover == Color::White;
    match s {
        Score::Mate(n) => {
            let winner = if (n > 0) == white { "White" } else { "Black" };
            model::Score {
                cp: None,
                mate: Some(n),
                text: format!("{winner} mates in {}", n.unsigned_abs()),
            }
        }
        Score::Cp(cp) => {
            let w = if white { cp } else { -cp };
            let text = match w {
                -10..=10 => "level".to_string(),
                c if c > 0 => format!("White is better by {:.2}", c as f64 / 100.0),
                c => format!("Black is better by {:.2}", -c as f64 / 100.0),
            };
            model::Score {
                cp: Some(cp),
                mate: None,
                text,
            }
        }
    }
}

fn line(pos: &Position, r: &Report) -> model::Line {
    let mut p = pos.clone();
    let mut pv = Vec::new();
    let mut pv_san = Vec::new();
    for m in &r.pv {
        let legal = p.legal_moves();
        if !legal.contains(m) {
            break;
        }
        let info = play(&mut p, *m);
        pv.push(info.text);
        pv_san.push(info.san);
    }
    model::Line {
        depth: r.depth,
        score: score(r.score, pos.side_to_move()),
        pv,
        pv_san,
        nodes: r.nodes,
        time_ms: r.elapsed.as_millis() as u64,
    }
}

/// What to think within.
#[derive(Clone, Copy, Debug)]
pub struct ThinkLimits {
    pub time: Duration,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// Lets the computer think; every finished depth as a line (the best last). Once `cancel`
/// is set the search stops at its next look at the clock.
pub fn think(
    searcher: &mut Searcher,
    pos: &mut Position,
    limits: ThinkLimits,
    cancel: &Cancel,
) -> Result<Vec<model::Line>, Stopped> {
    let stop = searcher.stop_flag();
    let _link = cancel.link(stop.clone());
    if cancel.is_set() {
        return Err(Stopped::Cancelled);
    }
    let mut lim = Limits::time(limits.time);
    lim.depth = limits.depth;
    lim.nodes = limits.nodes;
    let mut reports = Vec::new();
    let start = pos.clone();
    searcher.search(pos, lim, |r| {
        // The search clears its stop flag as it starts: a cancellation that came just
        // before is raised again here, after the first depth.
        if cancel.is_set() {
            stop.store(true, Ordering::Relaxed);
        }
        reports.push(r.clone());
    });
    if cancel.is_set() {
        return Err(Stopped::Cancelled);
    }
    Ok(reports.iter().map(|r| line(&start, r)).collect())
}

/// The best move of a search's last line, as move data (check and mate marked).
pub fn best_move(pos: &Position, l: &model::Line) -> Option<model::MoveInfo> {
    let text = l.pv.first()?;
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| pos.move_text(m) == *text)?;
    Some(play(&mut pos.clone(), m))
}
