//! The engine compiled to WebAssembly for the page, when `cli/build.rs` could build it: the
//! module and wasm-bindgen's JavaScript glue (`--target web`), served beside the studio's
//! page (`serve`), written out with it (`site`) or inlined into a one-file page (`publish`).

/// The two files wasm-bindgen writes.
pub struct Engine {
    /// `fairyforge.js`: loads the module and exposes its `Studio` class.
    pub glue: &'static str,
    /// `fairyforge_bg.wasm`: the engine.
    pub wasm: &'static [u8],
}

/// The glue's file name, as `worker.js` imports it.
pub const GLUE_FILE: &str = "fairyforge.js";
/// The module's file name, as `engine.js` fetches it.
pub const WASM_FILE: &str = "fairyforge_bg.wasm";

#[cfg(fairyforge_wasm)]
const BUILT: Option<Engine> = Some(Engine {
    glue: include_str!(concat!(env!("OUT_DIR"), "/wasm/fairyforge.js")),
    wasm: include_bytes!(concat!(env!("OUT_DIR"), "/wasm/fairyforge_bg.wasm")),
});

#[cfg(not(fairyforge_wasm))]
const BUILT: Option<Engine> = None;

/// The engine, if this binary was built with it.
pub fn engine() -> Option<&'static Engine> {
    BUILT.as_ref()
}

/// The engine, or an error saying why this binary has none and what to install.
pub fn required(command: &str) -> crate::error::Result<&'static Engine> {
    match engine() {
        Some(e) => Ok(e),
        None => Err(format!(
            "`fairyforge {command}` needs the engine compiled to WebAssembly, and this binary was built without it ({}). Install the wasm32 target and wasm-bindgen (rustup target add wasm32-unknown-unknown; cargo install wasm-bindgen-cli --version {} --locked), then build fairyforge again; docs/js.md says more",
            WHY,
            env!("FAIRYFORGE_WASM_BINDGEN"),
        )
        .into()),
    }
}

#[cfg(fairyforge_wasm)]
const WHY: &str = "";
#[cfg(not(fairyforge_wasm))]
const WHY: &str = env!("FAIRYFORGE_NO_WASM_WHY");
