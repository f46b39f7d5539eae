//! The piece explorer as data: a piece alone on a board (with blockers) and where it goes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{PieceInfo, Side};

/// Where the explored piece can go: one landing square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExplorerMove {
    /// The landing square.
    pub to: String,
    /// Squares whose pieces the moves landing here capture.
    pub captures: Vec<String>,
    /// Promotion choices on this square (letters), if it promotes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub promotions: Vec<char>,
}

/// `/api/piece`: a piece on an empty board of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Explorer {
    /// The piece.
    pub piece: PieceInfo,
    /// Whether the piece is the game's (false: the library's, on the game's board).
    pub in_game: bool,
    /// Its side.
    pub color: Side,
    /// Its square.
    pub at: String,
    /// Square name -> letter of the pieces on the board (the piece and its blockers).
    pub board: BTreeMap<String, char>,
    /// One entry per landing square.
    pub moves: Vec<ExplorerMove>,
}
