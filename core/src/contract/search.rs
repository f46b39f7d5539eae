//! A search report and a perft count as data.

use serde::{Deserialize, Serialize};

use super::MoveInfo;

/// A search's score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Score {
    /// Centipawns from the side to move's view (absent for a mate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cp: Option<i32>,
    /// Moves to mate: positive when the side to move wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mate: Option<i32>,
    /// In a player's words, from White's side: `White is better by 0.35`.
    pub text: String,
}

/// One finished depth of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Line {
    /// The depth (0: not even the first depth finished).
    pub depth: u32,
    /// Its score.
    pub score: Score,
    /// The principal variation, move text.
    pub pv: Vec<String>,
    /// The same, readable.
    pub pv_san: Vec<String>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time_ms: u64,
}

/// `/api/think`: the computer's move and its line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Thought {
    /// The move the computer plays (check and mate marked).
    #[serde(rename = "move")]
    pub best: MoveInfo,
    /// The line it expects.
    #[serde(flatten)]
    pub line: Line,
}

/// `/api/analyse`: every finished depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Analysis {
    /// One line per finished depth, the deepest last.
    pub lines: Vec<Line>,
}

/// Perft of one root move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DivideEntry {
    /// Its move text.
    #[serde(rename = "move")]
    pub text: String,
    /// Its readable text.
    pub san: String,
    /// Move paths after it.
    pub nodes: u64,
}

/// `/api/perft`: move paths counted to a depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Perft {
    /// The depth.
    pub depth: u32,
    /// The count.
    pub nodes: u64,
    /// How long it took.
    pub time_ms: u64,
    /// Per root move, sorted by move text, when asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub divide: Option<Vec<DivideEntry>>,
}
