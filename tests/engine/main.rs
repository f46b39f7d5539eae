//! The engine: perft counts, the computer player and its limits, properties of positions
//! and of attack detection on random positions of every game, and the engine's commands
//! (self-play matches, the UCI and XBoard protocols).

mod attack_prop;
mod balance;
mod limits;
mod matches;
mod netplay;
mod perft;
mod properties;
mod protocols;
mod search;
mod train;
mod values;

use fairyforge_tests::Binary;

/// The `fairyforge` binary, built by cargo for this test target.
pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));
