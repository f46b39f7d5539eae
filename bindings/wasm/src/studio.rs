//! `Studio`: the studio's HTTP API (docs/api.md) answered in the caller's thread, for a
//! page that runs without a server (in a Web Worker).

use wasm_bindgen::prelude::*;

/// The studio's endpoints without a server: each call takes an endpoint's path (with its
/// query) and JSON body and returns exactly what `fairyforge serve` answers. Each studio
/// keeps its own cache of compiled variants and replayed games.
#[wasm_bindgen]
pub struct Studio {
    inner: fairyforge::service::Studio,
}

impl Default for Studio {
    fn default() -> Studio {
        Studio::new()
    }
}

#[wasm_bindgen]
impl Studio {
    /// A studio with the server's cache sizes and limits.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Studio {
        Studio {
            inner: fairyforge::service::Studio::default(),
        }
    }

    /// The file of the built-in network a request would search with and the module
    /// lacks (`capablanca.nnue`): a page loads it and hands it to `supplyNetwork` before
    /// it makes the call. `undefined` when nothing is missing.
    #[wasm_bindgen(js_name = networkWanted)]
    pub fn network_wanted(&self, path: &str, body: &str) -> Option<String> {
        self.inner.network_wanted(path, body)
    }

    /// Answers one request: `path` is the endpoint's path with its query
    /// (`/api/games`, `/api/source?name=chess`, `/api/play`), `body` the request's JSON
    /// (`""` for the `GET` endpoints). Returns JSON text: `{"status": <the HTTP status>,
    /// "body": <the JSON the server answers>}`. Searches and perft counts run in this
    /// thread, within their limits.
    pub fn call(&self, path: &str, body: &str) -> String {
        let reply = self.inner.call(path, body);
        format!("{{\"status\":{},\"body\":{}}}", reply.status, reply.body)
    }
}
