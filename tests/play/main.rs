//! Issue 6: play the games. Whole games typed into `fairyforge play` (human against
//! human, to checkmate and to the other ends of rules.md § The end of the game/§ Optional rules), the short forms a player may
//! type, the error messages for bad input (and that the game goes on after each), the
//! text board of `show` on the 104-square and the 10x10 board, the SVG picture of a
//! position, and the computer playing both sides to the end of a game.

mod boards;
mod computer;
mod errors;
pub mod games;
mod readme;
mod svg;
pub mod util;

use fairyforge_tests::Binary;

/// The `fairyforge` binary under test, built by cargo for the tests of its package.
pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));
