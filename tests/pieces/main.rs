//! The pieces: every seed piece from TOML primitives with the seed pages' diagrams and
//! examples (`seed_pieces`), and the diagrams of `fairyforge piece` (`piece_cmd`).

mod piece_cmd;
mod seed_pieces;

use fairyforge_tests::Binary;

/// The `fairyforge` binary under test, built by cargo for the tests of its package.
pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));
