//! The studio's only door into the library: compiling variants, replaying games, listing
//! moves, exploring pieces, counting and searching. Everything else in `serve` speaks the
//! plain data of `model`, so a change of the library's API is adapted here alone.

use std::sync::Arc;

use fairyforge::Variant;

mod engine;
mod explorer;
mod game;
mod variants;

pub use engine::*;
pub use explorer::*;
pub use game::*;
pub use variants::*;

/// A compiled variant, shared by every request that uses it.
pub type Compiled = Arc<Variant>;
