//! `Studio`: the studio's API (docs/api.md) answered in the browser, for the studio's page
//! (`cli/web/worker.js`): core's `service::Studio`, which also answers `fairyforge serve`'s
//! requests, so the page gets the same answers from either.

use wasm_bindgen::prelude::*;

/// The studio's engine: compiled variants and replayed games kept between calls.
#[wasm_bindgen]
pub struct Studio(fairyforge::service::Studio);

impl Default for Studio {
    fn default() -> Studio {
        Studio::new()
    }
}

#[wasm_bindgen]
impl Studio {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Studio {
        Studio(fairyforge::service::Studio::default())
    }

    /// Answers one request as `fairyforge serve` does: `path` with its query
    /// (`/api/source?name=chess`), `body` the request's JSON (`""` for a GET). Returns the
    /// JSON text `{"status": N, "body": ...}`, the body exactly the server's.
    pub fn call(&self, path: &str, body: &str) -> String {
        let reply = self.0.call(path, body);
        format!("{{\"status\":{},\"body\":{}}}", reply.status, reply.body)
    }
}
