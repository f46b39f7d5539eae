//! Validation of variant files (issue 2, core): the exact messages of `fairyforge validate`
//! for bad files, every shipped file valid, the loader never panicking, and the game-file
//! examples of `docs/format.md` loading; hostile files and position strings (issue 13) and
//! what a game's pieces may be (issue 12).

mod composition;
mod docs;
mod fuzz;
mod limits;
mod messages;
mod pieces;
mod position_strings;
mod primitives;

use fairyforge_tests::Binary;

/// The `fairyforge` binary under test, built by cargo for the tests of its package.
pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));
