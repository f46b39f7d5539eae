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
//! - [`lab`]: a shard of a match, a balance or a values study, and the games it played;
//! - [`ApiError`]: the error of any request.
//!
//! A game's description (`fairyforge describe --json`) is [`crate::describe::Description`].

pub mod explorer;
pub mod game;
pub mod lab;
pub mod request;
pub mod search;
pub mod variant;

pub use explorer::*;
pub use game::*;
pub use lab::*;
pub use request::*;
pub use search::*;
pub use variant::*;

use serde::{Deserialize, Serialize};

/// A side: `white` or `black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub diagnostics: Vec<Diag>,
    /// For `bad-move`: the 0-based index in `moves` of the move that failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
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

/// The TypeScript definitions of the contract, for the npm package: written to
/// `bindings/wasm/types/contract.d.ts` by
/// `cargo test -p fairyforge --features ts --lib contract::typescript`; with `CI=true` the
/// test fails instead when the file is not up to date.
#[cfg(all(test, feature = "ts"))]
mod typescript {
    use ts_rs::{Config, TS};

    use super::*;
    use crate::describe;

    /// Every type of the contract, in the file's order. Long only by its list: one line a
    /// type, grouped as the file is, so that the file's order is read here at a glance.
    fn declarations() -> String {
        let cfg = Config::new().with_large_int("number");
        let decls = [
            // Requests.
            VariantRef::decl(&cfg),
            PositionRef::decl(&cfg),
            VariantRequest::decl(&cfg),
            ValidateRequest::decl(&cfg),
            PlayRequest::decl(&cfg),
            MovesRequest::decl(&cfg),
            ThinkRequest::decl(&cfg),
            PerftRequest::decl(&cfg),
            PieceRequest::decl(&cfg),
            Blocker::decl(&cfg),
            SourceQuery::decl(&cfg),
            // Games, moves, positions.
            Side::decl(&cfg),
            MoveType::decl(&cfg),
            MoveInfo::decl(&cfg),
            Reason::decl(&cfg),
            Outcome::decl(&cfg),
            ReserveEntry::decl(&cfg),
            Reserves::decl(&cfg),
            State::decl(&cfg),
            Played::decl(&cfg),
            MoveList::decl(&cfg),
            // Variants and files.
            Catalog::decl(&cfg),
            GameInfo::decl(&cfg),
            SourceInfo::decl(&cfg),
            Limits::decl(&cfg),
            OptionInfo::decl(&cfg),
            Source::decl(&cfg),
            VariantInfo::decl(&cfg),
            BoardInfo::decl(&cfg),
            Cell::decl(&cfg),
            PieceInfo::decl(&cfg),
            Level::decl(&cfg),
            Diag::decl(&cfg),
            Validation::decl(&cfg),
            Status::decl(&cfg),
            // Searching and counting.
            Score::decl(&cfg),
            Line::decl(&cfg),
            Thought::decl(&cfg),
            Analysis::decl(&cfg),
            DivideEntry::decl(&cfg),
            Perft::decl(&cfg),
            // The piece explorer.
            ExplorerMove::decl(&cfg),
            Explorer::decl(&cfg),
            // Errors.
            ApiError::decl(&cfg),
            // A game's description (`fairyforge describe --json`).
            describe::Description::decl(&cfg),
            describe::BoardFacts::decl(&cfg),
            describe::SetupFacts::decl(&cfg),
            describe::ReserveFacts::decl(&cfg),
            describe::PieceFacts::decl(&cfg),
            describe::DiagramFacts::decl(&cfg),
            describe::PromotionFacts::decl(&cfg),
            describe::DropFacts::decl(&cfg),
            describe::GatingFacts::decl(&cfg),
            describe::CastlingFacts::decl(&cfg),
            describe::CastlingSide::decl(&cfg),
            describe::CastlingRook::decl(&cfg),
            describe::Castling::decl(&cfg),
            describe::OptionFacts::decl(&cfg),
            describe::Change::decl(&cfg),
        ];
        let mut out = String::from(
            "// The data contract of fairyforge (core/src/contract/): what the studio's JSON API,\n\
             // the WebAssembly API and the Python objects return. Generated from the Rust types by\n\
             // `cargo test -p fairyforge --features ts --lib contract::typescript`: do not edit.\n",
        );
        for d in decls {
            out.push_str("\nexport ");
            out.push_str(d.trim());
            out.push('\n');
        }
        out
    }

    #[test]
    fn typescript_definitions_are_up_to_date() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../bindings/wasm/types/contract.d.ts");
        let want = declarations();
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have == want {
            return;
        }
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!(
                "{} is out of date: run `cargo test -p fairyforge --features ts --lib contract::typescript`",
                path.display()
            );
        }
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, want).unwrap();
    }
}
