//! fairyforge: chess variants described in TOML files.
//!
//! A variant file describes a board, pieces built from move primitives, a setup and the
//! rules around them. [`Variant`] loads and compiles it (reporting every mistake with its
//! line and column); [`Position`] plays it with exact legal move generation.
//!
//! Load a game from its file, play moves given as text, and ask for the result:
//!
//! ```
//! use fairyforge::{Color, EndReason, Position, Variant, perft};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let chess = Variant::load("../variants/chess.toml")?;
//! let mut pos = Position::start(&chess);
//! assert_eq!(perft(&mut pos, 2), 400);
//! pos.play_text(&["f2f3", "e7e5", "g2g4"])?;
//! let mate = pos.parse_move("d8h4")?;
//! pos.play(&mate)?;
//! let outcome = pos.outcome().expect("the game is over");
//! assert_eq!(outcome.winner, Some(Color::Black));
//! assert_eq!(outcome.reason, EndReason::Checkmate);
//! assert_eq!(outcome.to_string(), "Black wins by checkmate");
//! # Ok(())
//! # }
//! ```
//!
//! `docs/architecture.md` in the repository maps the modules.
//!
//! The `oracle` feature adds slow readings of a position that the project's tests check the
//! fast ones against (`Position::compute_hash`, `Position::is_attacked_slow`); a library
//! user does not need it.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod atom;
mod attack;
pub mod builtin;
mod code;
mod compile;
pub mod contract;
mod def;
pub mod describe;
mod diagnostic;
mod diagram;
pub mod geometry;
pub mod ini;
pub mod lab;
#[cfg(test)]
mod layers;
pub mod limits;
mod load;
mod movegen;
mod moves;
pub mod nnue;
mod notation;
mod options;
mod outcome;
mod perft;
pub mod picture;
mod position;
mod refusal;
pub mod search;
pub mod service;
mod setup;
mod source;
mod sqset;
pub mod testfile;
#[cfg(test)]
mod testrng;
mod types;
pub mod values;
mod variant;
pub mod xbetza;
mod zobrist;

pub use code::Code;
pub use diagnostic::{Diagnostic, Location};
pub use geometry::Geometry;
pub use load::{Checked, LoadError, Loader, library_pieces};
pub use moves::{Move, MoveKind};
pub use notation::{
    Illegal, IllegalMove, InputError, Malformed, MoveError, PlayTextError, Unreadable,
};
pub use options::{OptionError, OptionSetting};
pub use outcome::{EndReason, Outcome};
pub use perft::{divide, perft, perft_with_progress};
pub use position::Position;
pub use refusal::CastlingRefusal;
pub use setup::{MAX_COUNTER, MAX_RESERVE, Setup, SetupError, SetupErrorKind};
pub use source::Severity;
pub use sqset::SquareSet;
pub use types::{ByColor, CastlingRights, Color, Kind, Square};
pub use variant::{PieceType, Variant};
