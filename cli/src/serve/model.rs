//! The JSON of the studio's API: what requests carry and answers hold (docs/api.md).
//!
//! Plain data only (strings, numbers, lists): the adapter fills these from the library's
//! types, so that the wire format does not change when the library's API does.

use serde::{Deserialize, Serialize};

/// Which game: a built-in one by name, or the text of a variant file (the studio's editor).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VariantRef {
    /// A built-in game (`birds-and-ninjas`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The text of a variant file; it may import the built-in piece library and extend
    /// built-in games, nothing else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The file name used in messages about `text` (default `variant.toml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Optional rules: `NAME` or `NAME=on` turns one on, `NAME=off` turns it off.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

/// A position: a game, an optional start position string, and moves played from it.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PositionRef {
    pub variant: VariantRef,
    /// The position string to start from; default: the game's setup.
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves from the start, as R29 text (`e2e5`, `J@e2e4`) or the short forms players type
    /// (`e5`, `Fxf8`, `J@e4`).
    #[serde(default)]
    pub moves: Vec<String>,
}

#[derive(Deserialize)]
pub struct VariantRequest {
    pub variant: VariantRef,
}

#[derive(Deserialize)]
pub struct ValidateRequest {
    pub text: String,
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Deserialize)]
pub struct PlayRequest {
    #[serde(flatten)]
    pub at: PositionRef,
    /// The move to play, in any form `moves` accepts.
    #[serde(rename = "move")]
    pub mv: String,
}

#[derive(Deserialize)]
pub struct MovesRequest {
    #[serde(flatten)]
    pub at: PositionRef,
    /// Only the moves of the piece on this square (or, for drops, dropped on it).
    #[serde(default)]
    pub from: Option<String>,
}

#[derive(Deserialize)]
pub struct ThinkRequest {
    #[serde(flatten)]
    pub at: PositionRef,
    /// Thinking time in milliseconds (default 1000).
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// A fixed depth instead of (or besides) a time.
    #[serde(default)]
    pub depth: Option<u32>,
    /// A fixed number of nodes instead of (or besides) a time: the same answer every run.
    #[serde(default)]
    pub nodes: Option<u64>,
}

#[derive(Deserialize)]
pub struct PerftRequest {
    #[serde(flatten)]
    pub at: PositionRef,
    pub depth: u32,
    #[serde(default)]
    pub divide: bool,
}

/// A piece on an empty board of the game, with optional blockers.
#[derive(Deserialize)]
pub struct PieceRequest {
    pub variant: VariantRef,
    /// The piece's id (`flying-bomber`) or letter; a piece of the game or of the built-in
    /// library.
    pub piece: String,
    /// `white` (default) or `black`.
    #[serde(default)]
    pub color: Option<String>,
    /// Its square; default: the middle of the board.
    #[serde(default)]
    pub at: Option<String>,
    /// Other pieces on the board: friends and enemies that block or can be captured.
    #[serde(default)]
    pub blockers: Vec<Blocker>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct Blocker {
    pub square: String,
    /// `white` or `black`.
    pub color: String,
}

#[derive(Deserialize)]
pub struct SourceQuery {
    pub name: String,
}

// ---------------------------------------------------------------------------------------
// Answers

#[derive(Serialize)]
pub struct Catalog {
    pub version: &'static str,
    pub games: Vec<GameInfo>,
    /// Example files of the documentation (`examples/dive-bombers`).
    pub examples: Vec<SourceInfo>,
    /// The built-in piece library (`pieces`).
    pub libraries: Vec<SourceInfo>,
    pub limits: Limits,
}

#[derive(Serialize)]
pub struct GameInfo {
    pub id: String,
    pub name: String,
    pub description: String,
    pub options: Vec<OptionInfo>,
}

#[derive(Serialize)]
pub struct SourceInfo {
    pub id: String,
    pub name: String,
    pub description: String,
}

#[derive(Serialize)]
pub struct Limits {
    pub text_bytes: usize,
    pub body_bytes: usize,
    pub moves: usize,
    pub fen_bytes: usize,
    pub think_ms: u64,
    pub perft_depth: u32,
    pub perft_ms: u64,
    pub blockers: usize,
}

#[derive(Clone, Serialize)]
pub struct OptionInfo {
    pub name: String,
    pub description: String,
    /// On in this variant (for `/api/games`: on by default).
    pub on: bool,
}

#[derive(Serialize)]
pub struct Source {
    pub id: String,
    /// The file name to show and to use in messages.
    pub file: String,
    pub text: String,
}

#[derive(Serialize)]
pub struct VariantInfo {
    pub name: String,
    pub description: String,
    pub board: BoardInfo,
    pub pieces: Vec<PieceInfo>,
    /// Pieces of the built-in library that this game does not use (for the piece
    /// explorer).
    pub library: Vec<PieceInfo>,
    pub setup: String,
    pub options: Vec<OptionInfo>,
    /// Whether positions have reserves (the game has drops).
    pub reserves: bool,
}

#[derive(Serialize)]
pub struct BoardInfo {
    pub files: u8,
    /// Main ranks (1..=ranks).
    pub ranks: u8,
    /// Lowest and highest rank, rear squares included (0 and 11 on the 104-square board).
    pub rank_min: i8,
    pub rank_max: i8,
    /// Every square that exists, holes left out, from the lowest rank up.
    pub squares: Vec<String>,
}

#[derive(Clone, Serialize)]
pub struct PieceInfo {
    pub id: String,
    pub name: String,
    pub letter: char,
    /// In pawns.
    pub value: f64,
    pub royal: bool,
    pub pawn: bool,
    /// One line per move primitive, as written in a variant file.
    pub primitives: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct Diag {
    /// The kind of problem, a stable name to key on (`unknown-key`, `bad-setup`, ...:
    /// docs/format.md, "Diagnostic codes").
    pub code: &'static str,
    /// `error` (the file does not load) or `warning` (it loads, but probably does not say
    /// what its author meant).
    pub severity: &'static str,
    /// The file the problem is in (the edited file, or a built-in file it pulls in).
    pub file: String,
    /// 1-based; 0 when the problem has no place (then column is 0 too).
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub message: String,
    pub label: String,
    /// The problem as `fairyforge validate` prints it.
    pub rendered: String,
}

#[derive(Serialize)]
pub struct Validation {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub diagnostics: Vec<Diag>,
    /// The whole report as `fairyforge validate` prints it (empty when ok).
    pub rendered: String,
    /// Problems found past the most reported (they are counted, not listed).
    pub omitted: usize,
}

#[derive(Clone, Serialize)]
pub struct MoveInfo {
    /// R29 text: what to send back in `moves`.
    #[serde(rename = "move")]
    pub text: String,
    /// Readable short form (`e5`, `Fxf8`, `J@e4`, `e10=Q`), check marked `+`, mate `#`
    /// for played moves.
    pub san: String,
    /// The square the piece leaves, or for a drop the square it is dropped on.
    pub from: String,
    /// Where the piece ends.
    pub to: String,
    /// `normal`, `double-step`, `en-passant`, `drop` or `castle`.
    pub kind: &'static str,
    /// Squares whose pieces the move captures (`to` first when it captures there).
    pub captures: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<char>,
    /// The dropped piece's letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop: Option<char>,
    /// The rook of a castling: from, to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rook: Option<[String; 2]>,
}

#[derive(Serialize)]
pub struct Outcome {
    /// `white`, `black`, or null for a draw.
    pub winner: Option<&'static str>,
    /// `checkmate`, `stalemate`, `repetition`, `hundred-plies` or `scepter`.
    pub reason: &'static str,
    pub text: String,
}

#[derive(Serialize)]
pub struct ReserveEntry {
    pub letter: char,
    pub count: u8,
}

#[derive(Serialize)]
pub struct Reserves {
    pub white: Vec<ReserveEntry>,
    pub black: Vec<ReserveEntry>,
}

#[derive(Serialize)]
pub struct State {
    pub fen: String,
    /// `white` or `black`.
    pub turn: &'static str,
    pub ply: usize,
    pub check: bool,
    pub outcome: Option<Outcome>,
    /// Square name -> piece letter (upper case White, lower case Black).
    pub board: std::collections::BTreeMap<String, char>,
    pub reserves: Reserves,
    /// The moves played from the start, in order.
    pub history: Vec<std::sync::Arc<MoveInfo>>,
    /// The legal moves (empty when the game is over).
    pub legal: Vec<MoveInfo>,
}

#[derive(Serialize)]
pub struct Played {
    pub played: MoveInfo,
    pub state: State,
}

#[derive(Serialize)]
pub struct MoveList {
    pub moves: Vec<MoveInfo>,
}

#[derive(Serialize)]
pub struct Score {
    /// Centipawns from the side to move's view (absent for a mate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Moves to mate: positive when the side to move wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// In a player's words, from White's side: `White is better by 0.35`.
    pub text: String,
}

#[derive(Serialize)]
pub struct Line {
    pub depth: u32,
    pub score: Score,
    /// Principal variation, R29 text.
    pub pv: Vec<String>,
    /// The same, readable.
    pub pv_san: Vec<String>,
    pub nodes: u64,
    pub time_ms: u64,
}

#[derive(Serialize)]
pub struct Thought {
    /// The move the computer plays.
    #[serde(rename = "move")]
    pub best: MoveInfo,
    #[serde(flatten)]
    pub line: Line,
}

#[derive(Serialize)]
pub struct Analysis {
    /// One line per finished depth, the deepest last.
    pub lines: Vec<Line>,
}

#[derive(Serialize)]
pub struct DivideEntry {
    #[serde(rename = "move")]
    pub text: String,
    pub san: String,
    pub nodes: u64,
}

#[derive(Serialize)]
pub struct Perft {
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<DivideEntry>>,
}

#[derive(Serialize)]
pub struct ExplorerMove {
    pub to: String,
    pub captures: Vec<String>,
    /// Promotion choices on this square (letters), if it promotes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub promotions: Vec<char>,
}

#[derive(Serialize)]
pub struct Explorer {
    pub piece: PieceInfo,
    /// Whether the piece is the game's (false: the library's, on the game's board).
    pub in_game: bool,
    pub color: &'static str,
    pub at: String,
    /// Square name -> letter of the pieces on the board (the piece and its blockers).
    pub board: std::collections::BTreeMap<String, char>,
    /// One entry per landing square.
    pub moves: Vec<ExplorerMove>,
}

#[derive(Serialize)]
pub struct Status {
    pub version: &'static str,
    pub workers: usize,
    /// Searches and perft counts running now.
    pub running: usize,
    /// Waiting for a free worker.
    pub queued: usize,
    /// Jobs stopped because their client went away.
    pub cancelled: u64,
    pub cached_variants: usize,
    pub cached_games: usize,
}
