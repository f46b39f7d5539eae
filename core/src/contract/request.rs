//! What requests name: a game (built in, or a file's text), a position in it, a move, a
//! search's limits, a perft depth, a piece to explore.

use serde::{Deserialize, Serialize};

/// Which game: a built-in one by name, or the text of a variant file (the studio's editor).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct VariantRef {
    /// A built-in game (`birds-and-ninjas`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game: Option<String>,
    /// The text of a variant file; it may import the built-in piece library and extend
    /// built-in games, nothing else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
    /// The file name used in messages about `text` (default `variant.toml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    /// Optional rules: `NAME` or `NAME=on` turns one on, `NAME=off` turns it off.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub options: Vec<String>,
}

/// A position: a game, an optional start position string, and moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PositionRef {
    /// The game.
    pub variant: VariantRef,
    /// The position string to start from; default: the game's setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub fen: Option<String>,
    /// Moves from the start, as move text (`e2e5`, `J@e2e4`; docs/rules.md) or the short
    /// forms players type (`e5`, `Fxf8`, `J@e4`).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub moves: Vec<String>,
}

/// `/api/variant`: a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VariantRequest {
    /// The game.
    pub variant: VariantRef,
}

/// `/api/validate`: a variant file's text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ValidateRequest {
    /// The file's text.
    pub text: String,
    /// The file name used in messages (default `variant.toml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
}

/// `/api/play`: a position and the move to play there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayRequest {
    /// The position.
    #[serde(flatten)]
    pub at: PositionRef,
    /// The move to play, in any form `moves` accepts.
    #[serde(rename = "move")]
    pub mv: String,
}

/// `/api/moves`: a position, and optionally a square.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MovesRequest {
    /// The position.
    #[serde(flatten)]
    pub at: PositionRef,
    /// Only the moves of the piece on this square (or, for drops, dropped on it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub from: Option<String>,
}

/// `/api/think` and `/api/analyse`: a position and the search's limits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ThinkRequest {
    /// The position.
    #[serde(flatten)]
    pub at: PositionRef,
    /// Thinking time in milliseconds (default 1000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub time_ms: Option<u64>,
    /// A fixed depth instead of (or besides) a time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub depth: Option<u32>,
    /// A fixed number of nodes instead of (or besides) a time: the same answer every run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub nodes: Option<u64>,
}

/// `/api/perft`: a position and a depth.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PerftRequest {
    /// The position.
    #[serde(flatten)]
    pub at: PositionRef,
    /// How many plies to count (0 to 8 in the studio).
    pub depth: u32,
    /// Count per root move too.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub divide: bool,
}

/// `/api/piece`: a piece on an empty board of the game, with optional blockers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceRequest {
    /// The game whose board is used.
    pub variant: VariantRef,
    /// The piece's id (`flying-bomber`) or letter; a piece of the game or of the built-in
    /// library.
    pub piece: String,
    /// `white` (default) or `black`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub color: Option<String>,
    /// Its square; default: the centre of the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub at: Option<String>,
    /// Other pieces on the board: friends and enemies that block or can be captured.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub blockers: Vec<Blocker>,
}

/// A piece that stands in the explored piece's way.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Blocker {
    /// Its square.
    pub square: String,
    /// `white` or `black`.
    pub color: String,
}

/// `/api/source?name=NAME`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceQuery {
    /// A built-in game (`chess`), an example (`examples/dive-bombers`) or the piece
    /// library (`pieces`).
    pub name: String,
}
