//! fairyforge in WebAssembly: the library's rules and search for JavaScript, through
//! wasm-bindgen (the npm package `bindings/wasm/build.sh` builds; docs/js.md).
//!
//! A thin translation over the core crate: every rule, move text, outcome and answer
//! comes from `fairyforge` (its data contract, `fairyforge::contract`, and its service,
//! `fairyforge::service`); this crate only carries them across. Nothing is global: each
//! [`Variant`], [`Position`] and [`Studio`] is an object of its own.

mod js;
mod position;
mod studio;
mod variant;

use wasm_bindgen::prelude::*;

pub use position::Position;
pub use studio::Studio;
pub use variant::{Variant, catalog, games, source, validate};

// The data contract's TypeScript types (generated from core's types), then this API's own.
#[wasm_bindgen(typescript_custom_section)]
const CONTRACT: &str = include_str!("../types/contract.d.ts");

#[wasm_bindgen(typescript_custom_section)]
const API: &str = r#"
/** What a search may use: `time` in milliseconds, `depth` in plies, `nodes` a node
 * budget (with none of the three: 1 second); `stop`, an Int32Array on a
 * SharedArrayBuffer, stops it when another thread stores a value other than 0 at index 0
 * (`Atomics.store(stop, 0, 1)`). */
export interface SearchLimits {
  time?: number;
  depth?: number;
  nodes?: number;
  stop?: Int32Array;
}

/** What every failing call throws: an Error (named `FairyforgeError`) with the
 * contract's error fields: a stable `kind` (`bad-variant`, `bad-move`, `unknown-game`,
 * ...), the message `error`, and for a broken file `diagnostics`, for a move of a list
 * `move_index`. */
export interface FairyforgeError extends Error, ApiError {}
"#;

/// Hands the module the network of a built-in game that ships one (the file
/// `Variant.wantedNetwork` names, from the package's `nets/` folder): the module carries
/// none itself, so that a page loads only the one its game plays with. From then on that
/// game's searches evaluate with it, as the native library's do. Returns the game's name.
/// Throws `bad-network` for bytes that are not a built-in game's network.
#[wasm_bindgen(js_name = supplyNetwork)]
pub fn supply_network(bytes: &[u8]) -> Result<String, JsValue> {
    js::thrown(fairyforge::service::engine::supply_network(bytes))
}

/// The library's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
