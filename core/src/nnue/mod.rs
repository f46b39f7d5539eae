//! A learned evaluation: a small network over the pieces of any game, read from a file
//! and evaluated in integers (docs/engine.md § The learned evaluation).
//!
//! - [`Layout`]: the network's inputs, sized from the compiled game: one feature per
//!   board square, piece kind and colour, and where the game has drops one per piece
//!   a side may hold in reserve, up to a few of each kind; and each feature's mirror, the
//!   feature Black's view turns on for it, from the game's colour [`Symmetry`].
//! - [`Network`]: features -> an accumulator of `i16` per hidden unit in each of two
//!   views (White's and Black's, through the same weights) -> clipped ReLU -> one output
//!   from the side to move's view and the other's, in centipawns; quantized weights,
//!   integer arithmetic.
//! - `file`: the network's file format (versioned, with the game's identity) and its
//!   errors ([`NetworkError`]): a network for another game is refused.
//! - [`data`]: training data (positions with the search's score and the game's result)
//!   in a plain text format, its reader beside its writer.
//! - [`Accumulator`]: the hidden layer before its activation, kept up to date as moves
//!   are played from the squares a move empties and fills ([`Touched`]), and equal to
//!   a full recomputation ([`Accumulator::refresh`]) at every step.
//!
//! - [`builtin()`]: the networks that ship with the built-in games
//!   (`variants/nets/<game>.nnue`), which a searcher evaluates with by default; built in,
//!   or handed to the library by a front end that loads them itself ([`supply`]).
//!
//! The search keeps the accumulators itself (one per ply), so playing a move outside the
//! search (perft, the move generator) pays nothing for them.

mod accumulator;
mod builtin;
pub mod data;
mod file;
mod layout;
mod network;

pub use accumulator::{Accumulator, Touched};
pub use builtin::{SupplyError, builtin, builtin_file, builtin_files, supply, wanted};
pub use data::{DataError, DataSet, Sample, Wdl};
pub use file::{NetworkError, NetworkFileError, game_of};
pub use layout::{Layout, Symmetry};
pub use network::{Bounds, FloatParts, MAX_HIDDEN, Network, Parts, QA, QB};

#[cfg(test)]
pub(crate) use network::tests::random;
