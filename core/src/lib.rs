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
pub mod builtin;
mod compile;
mod def;
pub mod describe;
mod diagram;
pub mod geometry;
mod input;
mod load;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
pub mod picture;
mod position;
pub mod search;
mod setup;
mod source;
mod sqset;
pub mod testfile;
mod types;
mod variant;
mod zobrist;

pub use geometry::Geometry;
pub use input::{Illegal, InputError, Unreadable};
pub use load::{
    Checked, Diagnostic, LoadError, Loader, Location, MAX_DEPTH, MAX_DIAGNOSTICS, MAX_FILE_BYTES,
    MAX_FILES, OptionError, OptionSetting, library_pieces,
};
pub use moves::{Move, MoveKind};
pub use notation::{Malformed, MoveError};
pub use outcome::{EndReason, Outcome};
pub use perft::{divide, perft, perft_with_progress};
pub use position::{IllegalMove, PlayTextError, Position};
pub use setup::{MAX_COUNTER, MAX_RESERVE, Setup, SetupError, SetupErrorKind};
pub use source::Severity;
pub use sqset::SquareSet;
pub use types::{ByColor, CastlingRights, Color, Kind, Square};
pub use variant::{PieceType, Variant};
