//! The data contract: the plain data, with its JSON shape, that every front end of the
//! library speaks. The studio server's JSON API (docs/api.md), the WebAssembly API, the
//! npm package's TypeScript types and the Python objects all return these types; none
//! invents its own shape. They hold strings, numbers and lists only, filled from the
//! library's types by [`crate::service`], so that the wire format does not follow every
//! change of the library's API.
//!
//! - [`request`]: what a request names (a game, a position, a move, a search's limits);
//! - [`game`]: a move (with every square it empties), a position's state, the end of a
//!   game;
//! - [`variant`]: the catalogue of games, a game's board, pieces and options, a source
//!   file, a file's problems;
//! - [`search`]: a search report (best move, score in numbers and in words, line), perft;
//! - [`explorer`]: a piece alone on a board and where it goes;
//! - [`ApiError`]: the error of any request.
//!
//! A game's description (`fairyforge describe --json`) is [`crate::describe::Description`].

pub mod explorer;
pub mod game;
pub mod request;
pub mod search;
pub mod variant;

pub use explorer::*;
pub use game::*;
pub use request::*;
pub use search::*;
pub use variant::*;

use serde::{Deserialize, Serialize};

/// A side: `white` or `black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl From<crate::Color> for Side {
    fn from(c: crate::Color) -> Side {
        match c {
            crate::Color::White => Side::White,
            crate::Color::Black => Side::Black,
        }
    }
}

impl From<Side> for crate::Color {
    fn from(s: Side) -> crate::Color {
        match s {
            Side::White => crate::Color::White,
            Side::Black => crate::Color::Black,
        }
    }
}

/// The answer to a request that failed: an HTTP status (not in the JSON), a stable word
/// for programs, a message for people and, for a variant file, every problem with its
/// place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ApiError {
    /// The HTTP status: 400, 404, 413, 415, 422, 500 or 503 (docs/api.md).
    #[serde(skip)]
    pub status: u16,
    /// A stable word for programs: `bad-request`, `unknown-game`, `bad-variant`, ...
    pub kind: String,
    /// What is wrong and what to do, for people.
    pub error: String,
    /// For `bad-variant`: every problem of the file, with line and column.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diag>,
    /// For `bad-move`: the 0-based index in `moves` of the move that failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_index: Option<usize>,
}

impl ApiError {
    /// An error with this status and kind.
    pub fn new(status: u16, kind: &str, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind: kind.to_string(),
            error: error.into(),
            diagnostics: Vec::new(),
            move_index: None,
        }
    }

    /// 400: the request itself is malformed (not JSON, a field of the wrong type).
    pub fn bad_request(error: impl Into<String>) -> ApiError {
        ApiError::new(400, "bad-request", error)
    }

    /// 422: well-formed, but a value does not make sense here.
    pub fn invalid(kind: &str, error: impl Into<String>) -> ApiError {
        ApiError::new(422, kind, error)
    }

    /// 404: no such endpoint or source.
    pub fn not_found(error: impl Into<String>) -> ApiError {
        ApiError::new(404, "not-found", error)
    }

    /// 413: past one of the size limits.
    pub fn too_large(error: impl Into<String>) -> ApiError {
        ApiError::new(413, "too-large", error)
    }

    /// 503: every worker is busy and the queue is full.
    pub fn busy(error: impl Into<String>) -> ApiError {
        ApiError::new(503, "busy", error)
    }

    /// 503: the job was stopped before it finished.
    pub fn cancelled(error: impl Into<String>) -> ApiError {
        ApiError::new(503, "cancelled", error)
    }

    /// 500: a bug; the message says so.
    pub fn internal(error: impl Into<String>) -> ApiError {
        ApiError::new(500, "internal", error)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.kind, self.status, self.error)
    }
}

impl std::error::Error for ApiError {}
