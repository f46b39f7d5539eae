//! fairyforge: chess variants described in TOML files.
//!
//! A variant file describes a board, pieces built from move primitives, a setup and the
//! rules around them. [`Variant`] loads and compiles it (reporting every mistake with its
//! line and column); [`Position`] plays it with exact legal move generation.
//!
//! ```
//! use fairyforge::{Position, Variant, perft};
//! let chess = Variant::builtin("chess").unwrap();
//! let mut pos = Position::start(&chess);
//! assert_eq!(perft(&mut pos, 2), 400);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attack;
// TODO(arch-load): document the loading side's public items, then drop this allow.
#[allow(missing_docs)]
pub mod builtin;
mod compile;
// TODO(arch-load): document the loading side's public items, then drop this allow.
#[allow(missing_docs)]
pub mod def;
mod diagram;
// TODO(arch-load): document the loading side's public items, then drop this allow.
#[allow(missing_docs)]
pub mod fen;
pub mod geometry;
mod input;
// TODO(arch-load): document the loading side's public items, then drop this allow.
#[allow(missing_docs)]
mod load;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod position;
pub mod search;
// TODO(arch-load): document the loading side's public items, then drop this allow.
#[allow(missing_docs)]
pub mod source;
mod sqset;
mod types;
mod variant;
mod zobrist;

pub use fen::FenError;
pub use geometry::Geometry;
pub use input::{Illegal, InputError, Unreadable};
pub use load::{LoadError, check_library};
pub use moves::{Move, MoveKind};
pub use notation::{Malformed, MoveError};
pub use outcome::{EndReason, Outcome};
pub use perft::{divide, perft, perft_with_progress};
pub use position::{IllegalMove, PlayTextError, Position};
pub use source::Diagnostic;
pub use sqset::SquareSet;
pub use types::{ByColor, CastlingRights, Color, Kind, Square};
pub use variant::{PieceType, Variant};
