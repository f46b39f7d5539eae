//! Issue 12: the designer's loop without Rust. `describe` (the rules as text and data, a
//! snapshot of every built-in game), `snapshot` and `snapshot --check` (what changed, by
//! piece, square and count), `test` (test files, the built-in games' own, and broken ones
//! reported at the expectation's line), every command taking games, options and moves the
//! same way, output that is comparable (perft) and never a panic on a full disk, and the
//! docs that teach it (self-contained, every number checked).

mod commands;
mod describe;
mod docs;
mod library;
mod output;
mod snapshot;
mod testfiles;
pub mod util;

use fairyforge_tests::Binary;

/// The `fairyforge` binary under test, built by cargo for the tests of its package.
pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));
