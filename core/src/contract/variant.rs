//! Games as data: the catalogue, a game's board, pieces and options, a file's text and
//! its problems.

use serde::{Deserialize, Serialize};

/// `/api/games`: the built-in games, the example files, the library and the limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Catalog {
    /// The library's version.
    pub version: String,
    /// The built-in games, in the library's order.
    pub games: Vec<GameInfo>,
    /// Example files of the documentation (`examples/dive-bombers`).
    pub examples: Vec<SourceInfo>,
    /// The built-in piece library (`pieces`).
    pub libraries: Vec<SourceInfo>,
    /// What a request may ask.
    pub limits: Limits,
}

/// A built-in game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameInfo {
    /// Its name for requests (`birds-and-ninjas`).
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Its one-line description.
    pub description: String,
    /// Its optional rules, `on` when on by default.
    pub options: Vec<OptionInfo>,
}

/// A built-in file that is not a game: an example or a library.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceInfo {
    /// Its name for `/api/source`.
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Its one-line description.
    pub description: String,
}

/// The limits of one request (docs/api.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Limits {
    /// Largest variant file text, in bytes.
    pub text_bytes: usize,
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Most moves replayed in one request.
    pub moves: usize,
    /// Longest position string, in bytes.
    pub fen_bytes: usize,
    /// Longest thinking time, in milliseconds.
    pub think_ms: u64,
    /// Deepest perft.
    pub perft_depth: u32,
    /// A perft count's time budget, in milliseconds.
    pub perft_ms: u64,
    /// Most blockers in the piece explorer.
    pub blockers: usize,
}

/// An optional rule of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptionInfo {
    /// Its name (`capture-the-scepter`).
    pub name: String,
    /// What it does.
    pub description: String,
    /// On in this variant (for `/api/games`: on by default).
    pub on: bool,
}

/// `/api/source`: the text of a built-in file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Source {
    /// The name asked for.
    pub id: String,
    /// The file name to show and to use in messages.
    pub file: String,
    /// The file's text.
    pub text: String,
}

/// `/api/variant`: what a game is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VariantInfo {
    /// Its name.
    pub name: String,
    /// Its one-line description.
    pub description: String,
    /// Its board.
    pub board: BoardInfo,
    /// Its pieces, in the game's order.
    pub pieces: Vec<PieceInfo>,
    /// Pieces of the built-in library that this game does not use (for the piece
    /// explorer).
    pub library: Vec<PieceInfo>,
    /// Its start position string.
    pub setup: String,
    /// Its optional rules, `on` when on in this variant.
    pub options: Vec<OptionInfo>,
    /// Whether positions have reserves (the game has drops).
    pub reserves: bool,
}

/// A board's shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardInfo {
    /// Files (`a` upward).
    pub files: u8,
    /// Main ranks (1..=ranks).
    pub ranks: u8,
    /// Lowest and highest rank, rear squares included (0 and 11 on the 104-square board).
    pub rank_min: i8,
    /// See `rank_min`.
    pub rank_max: i8,
    /// Every square that exists, holes left out, from the lowest rank up.
    pub squares: Vec<String>,
    /// The files' letters, from file 0 (`a`).
    pub file_names: Vec<String>,
    /// The same squares with their coordinates and colour, in the same order.
    pub cells: Vec<Cell>,
    /// The square in the middle of the board, where the piece explorer starts (null when
    /// it is a hole).
    pub centre: Option<String>,
    /// The zones that confine a piece (every move of it lands in a zone), each as its
    /// squares, for the board to outline: a xiangqi palace, each side's half (whose
    /// common edge is the river). Empty in most games.
    pub regions: Vec<Vec<String>>,
}

/// A square of a board: its name, where it is, its colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cell {
    /// Its name (`e4`, `e0`).
    pub name: String,
    /// Its file, from 0 (`a`).
    pub file: u8,
    /// Its rank (0 for a rear square below rank 1).
    pub rank: i8,
    /// A dark square (a1 is dark).
    pub dark: bool,
}

/// A piece type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceInfo {
    /// Its id (`flying-bomber`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// White's letter (upper case).
    pub letter: char,
    /// Its value in pawns.
    pub value: f64,
    /// The royal piece: it must never be left attacked.
    pub royal: bool,
    /// A pawn.
    pub pawn: bool,
    /// One line per move primitive, as the file that defines the piece writes it.
    pub primitives: Vec<String>,
}

/// How bad a problem of a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The file does not load.
    Error,
    /// It loads, but probably does not say what its author meant.
    Warning,
}

/// One problem of a variant file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Diag {
    /// The kind of problem, a stable name to key on (`unknown-key`, `bad-setup`, ...:
    /// docs/format.md, "Diagnostic codes").
    pub code: String,
    /// `error` or `warning`.
    pub severity: Level,
    /// The file the problem is in (the edited file, or a built-in file it pulls in).
    pub file: String,
    /// 1-based; 0 when the problem has no place (then column is 0 too).
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    /// Just past the offending text.
    pub end_line: usize,
    /// See `end_line`.
    pub end_column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it (drawn under the caret).
    pub label: String,
    /// The problem as `fairyforge validate` prints it.
    pub rendered: String,
}

/// `/api/validate`: a file checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Validation {
    /// Whether it loads.
    pub ok: bool,
    /// The game's name, when it loads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    /// The game's description, when it loads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub description: Option<String>,
    /// Every problem (warnings only when it loads).
    pub diagnostics: Vec<Diag>,
    /// The whole report as `fairyforge validate` prints it (empty when ok).
    pub rendered: String,
    /// Problems found past the most reported (they are counted, not listed).
    pub omitted: usize,
}

/// `/api/status`: the thinking pool and the caches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Status {
    /// The library's version.
    pub version: String,
    /// Threads that think (0 where searches run in the caller's thread).
    pub workers: usize,
    /// Searches and perft counts running now.
    pub running: usize,
    /// Waiting for a free worker.
    pub queued: usize,
    /// Jobs stopped because their client went away.
    pub cancelled: u64,
    /// Compiled variants kept.
    pub cached_variants: usize,
    /// Replayed games kept.
    pub cached_games: usize,
}

/// `/api/pictures`: the pictures of a game's pieces, as core draws them
/// ([`crate::picture::piece_svg`], the same as `fairyforge show --svg`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pictures {
    /// One entry per piece of the game, in its order.
    pub pieces: Vec<PiecePictures>,
    /// The built-in library's pieces, by id (the piece explorer shows them on the game's
    /// board; a library piece may share its letter with one of the game's).
    pub library: Vec<LibraryPictures>,
}

/// A piece of the built-in library with its pictures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LibraryPictures {
    /// The piece's id in the library (`archbishop`).
    pub id: String,
    /// The piece's letter (upper case).
    pub letter: char,
    /// White's picture: a standalone SVG document in a 100 x 100 box.
    pub white: String,
    /// Black's picture.
    pub black: String,
}

/// One piece's pictures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PiecePictures {
    /// The piece's letter (upper case).
    pub letter: char,
    /// White's picture: a standalone SVG document in a 100 x 100 box.
    pub white: String,
    /// Black's picture.
    pub black: String,
}
