//! fairyforge in WebAssembly: the library's rules and search for JavaScript, through
//! wasm-bindgen (the npm package built by `bindings/wasm/build.sh`; `docs/js.md`).
//!
//! A thin translation over the core crate's public API: every rule, move text, outcome
//! and answer comes from `fairyforge`, this crate only carries it across. No global state:
//! each [`Variant`], [`Position`] and [`Studio`] is an object of its own.

mod js;
mod position;
mod studio;
mod variant;

pub use position::Position;
pub use studio::Studio;
pub use variant::{Variant, games, validate};
