//! Issue 5: every seed game as a variant file, and new Pick the Piece games without code.
//! The start of every game, scripted games through each game's special rules, every
//! shipped and documented file valid, Pick the Piece games written as files in a temporary
//! directory, and the diagrams of `docs/games.md` checked against the engine.

mod docs;
mod files;
mod pick;
mod scripted;
mod start;
pub mod util;

use fairyforge_tests::Binary;

/// The `fairyforge` binary under test, built by cargo for the tests of its package.
pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));
