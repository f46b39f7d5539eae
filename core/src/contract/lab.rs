//! The balance lab's shards: what one shard of games is ([`ShardSpec`]) and what it
//! played ([`ShardResult`]). A match, a balance study or a values study is a list of
//! shards, each played on its own (by a thread, another process or a Ray worker: see
//! [`crate::lab`]) and merged exactly. The JSON shape is the one the Python package's
//! `play_shard` takes and returns and the one `python -m fairyforge.lab` streams.
//!
//! ```
//! use fairyforge::contract::{MoveLimit, ShardSpec};
//! let spec: ShardSpec = serde_json::from_str(
//!     r#"{"id": 3, "game": "chess", "first": 6, "count": 2, "limit": {"nodes": 500}}"#,
//! ).unwrap();
//! assert_eq!(spec.limit, MoveLimit::Nodes(500));
//! assert_eq!((spec.a.as_str(), spec.openings.as_str(), spec.max_plies), ("modern", "none", 600));
//! ```

use serde::{Deserialize, Serialize};

use super::Side;

/// One shard of games: games `first .. first + count` of a match between engine
/// settings `a` and `b`. Game `i` is played from opening `i / 2` with A as White when `i`
/// is even, so a shard of whole pairs plays each of its openings with either colour.
/// Played with a node or depth limit, the same spec gives the same games on any machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardSpec {
    /// The shard's number in its job: results are merged by it, and a shard delivered
    /// twice counts once.
    pub id: u64,
    /// The match the shard belongs to, when a job holds several (a values study plays
    /// one match per setup); empty for a single match.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// A built-in game's name, or the name of the game whose text is `source`.
    pub game: String,
    /// The variant file's text, when the game is not built in. Its `extends` and
    /// `import` name built-in games and pieces, or files under `dir`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The directory where `source` finds the files it imports (every machine that plays
    /// the shard needs it at this path).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dir: Option<String>,
    /// Optional rules turned on or off: `NAME`, `NAME=on`, `NAME=off`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// The position string every game starts from (before its opening); default: the
    /// game's setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// `none` or `random-plies:K` (K random legal plies, drawn from `seed` and the
    /// opening's number).
    #[serde(default = "none")]
    pub openings: String,
    /// The seed of the random openings.
    #[serde(default = "one")]
    pub seed: u64,
    /// The first game's number in the match (0-based).
    pub first: u64,
    /// How many games the shard plays.
    pub count: u64,
    /// Side A's engine settings, as `fairyforge match --a` takes them (`modern`,
    /// `classic`, `lmr=off`, `eval.tempo=20`, ...).
    #[serde(default = "modern")]
    pub a: String,
    /// Side B's engine settings.
    #[serde(default = "modern")]
    pub b: String,
    /// Each move's budget, for both sides.
    pub limit: MoveLimit,
    /// Side B's budget when it differs (node odds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_b: Option<MoveLimit>,
    /// A game still going after this many plies is a draw.
    #[serde(default = "max_plies")]
    pub max_plies: u32,
    /// Each engine's transposition table in megabytes.
    #[serde(default = "hash_mb")]
    pub hash_mb: u32,
    /// The PGN records' `Event` tag.
    #[serde(default = "event")]
    pub event: String,
    /// The network file side A evaluates with (`fairyforge train`; docs/engine.md § The
    /// learned evaluation): its path, which every machine that plays the shard needs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net_a: Option<String>,
    /// Side B's network file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net_b: Option<String>,
    /// What the shard plays: a match (the default) or self-play that records training
    /// positions in its games' `samples`.
    #[serde(default, skip_serializing_if = "ShardKind::is_match")]
    pub kind: ShardKind,
}

/// What a shard plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShardKind {
    /// Games between settings `a` and `b`.
    #[default]
    Match,
    /// Games between settings `a` and `b` (the same, for self-play) whose positions are
    /// recorded, with the search's score and the game's result, as training data
    /// (docs/engine.md § Training a network).
    Selfplay,
}

impl ShardKind {
    /// A match?
    pub fn is_match(&self) -> bool {
        *self == ShardKind::Match
    }
}

fn none() -> String {
    "none".into()
}
fn one() -> u64 {
    1
}
fn modern() -> String {
    "modern".into()
}
fn max_plies() -> u32 {
    600
}
fn hash_mb() -> u32 {
    16
}
fn event() -> String {
    "fairyforge match".into()
}

/// The budget of one move: `{"nodes": 2000}`, `{"depth": 4}` or `{"movetime_ms": 100}`
/// (a time makes the games depend on the machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveLimit {
    /// Nodes searched per move.
    Nodes(u64),
    /// Plies searched per move.
    Depth(u32),
    /// Milliseconds per move.
    MovetimeMs(u64),
}

/// What a shard played: its games in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardResult {
    /// The spec's `id`.
    pub id: u64,
    /// The spec's `label`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// Games `first .. first + count`, in order.
    pub games: Vec<GameRecord>,
}

/// How a game ended for side A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameScore {
    /// A won.
    Win,
    /// A draw.
    Draw,
    /// B won.
    Loss,
}

/// One finished game of a shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The game's number in the match (0-based).
    pub index: u64,
    /// The opening's number: `index / 2`.
    pub opening: u64,
    /// Did A play White?
    pub a_white: bool,
    /// The result for A.
    pub score: GameScore,
    /// The winning colour; `None` for a draw.
    pub winner: Option<Side>,
    /// The kind of end: `checkmate`, `stalemate`, `repetition`, `100-ply rule`,
    /// `scepter`, `ply limit`, `time forfeit`, `resignation` or `engine failure`.
    pub reason: String,
    /// The end in words, as the PGN's `Termination` tag: `White wins by checkmate`.
    pub termination: String,
    /// Plies played, the opening's included.
    pub plies: u32,
    /// The game as a PGN record.
    pub pgn: String,
    /// The positions recorded for training, in the order played (self-play shards only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub samples: Vec<crate::nnue::Sample>,
}
