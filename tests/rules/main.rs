//! Issue 4: reserves and drops, flexible castling, promotion, optional rules and the end
//! of a game. Each module proves one group of rulings (rules.md § En passant, § Promotion to § Optional rules, § Position strings to § Counting moves) with
//! exact move lists, exact outcomes and checked insta snapshots.

mod castling;
mod drops;
mod en_passant;
mod ending;
mod facing;
mod gating;
mod hash;
mod options;
mod promotion;
pub mod util;

use fairyforge_tests::Binary;

/// The `fairyforge` binary under test, built by cargo for the tests of its package.
pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));
