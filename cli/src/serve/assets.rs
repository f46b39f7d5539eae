//! The page, built into the binary: HTML, CSS and JavaScript modules from `cli/web/`, and
//! the documentation's example variant files. Nothing is read from the disk at run time.
//! When the binary has the engine compiled to WebAssembly (`crate::wasm`), the page runs it
//! in the browser: its two files are served beside the scripts and the page says so.

use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// `(path under /static/, content type, bytes)`: the page's files (`fairyforge site` writes
/// them out, `fairyforge publish` inlines them).
pub const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css", include_str!("../../web/style.css")),
    ("app.js", JS, include_str!("../../web/app.js")),
    ("api.js", JS, include_str!("../../web/api.js")),
    ("engine.js", JS, include_str!("../../web/engine.js")),
    ("worker.js", JS, include_str!("../../web/worker.js")),
    ("board.js", JS, include_str!("../../web/board.js")),
    ("address.js", JS, include_str!("../../web/address.js")),
    ("play.js", JS, include_str!("../../web/play.js")),
    ("design.js", JS, include_str!("../../web/design.js")),
    ("pieces.js", JS, include_str!("../../web/pieces.js")),
    ("analysis.js", JS, include_str!("../../web/analysis.js")),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../web/favicon.svg"),
    ),
];

pub const JS: &str = "text/javascript";

/// The built-in games' networks, `(file name, bytes)`: served and written beside the
/// engine's module, which carries none and loads a game's own when it first searches it
/// (cli/web/worker.js).
pub fn networks() -> impl Iterator<Item = (String, &'static [u8])> {
    fairyforge::nnue::builtin_files()
        .into_iter()
        .zip(fairyforge::builtin::NETS.iter().copied())
}

/// The page as written, asking the server over HTTP.
pub const INDEX: &str = include_str!("../../web/index.html");

/// What the page says it runs on (cli/web/engine.js, `pageMode`): the server over HTTP,
/// the engine in the browser with this server behind it, or the engine alone.
const HTTP_ENGINE: &str = r#"<meta name="fairyforge-engine" content="http">"#;

/// The page running the engine in the browser (the WebAssembly files beside it): with
/// `fairyforge serve` behind it (`server`), or alone (the static site).
pub fn index_with_wasm(server: bool) -> String {
    let mode = if server { "wasm+http" } else { "wasm" };
    INDEX.replacen(
        HTTP_ENGINE,
        &format!(r#"<meta name="fairyforge-engine" content="{mode}">"#),
        1,
    )
}

fn with_type(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // Always ask again, so a new build's page is seen on reload.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub async fn index() -> Response {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let page = match crate::wasm::engine() {
        Some(_) => PAGE.get_or_init(|| index_with_wasm(true)).as_str(),
        None => INDEX,
    };
    with_type("text/html; charset=utf-8", page)
}

pub async fn file(Path(path): Path<String>) -> Response {
    if let Some(engine) = crate::wasm::engine() {
        if path == crate::wasm::GLUE_FILE {
            return with_type(JS, engine.glue);
        }
        if path == crate::wasm::WASM_FILE {
            return (
                [
                    (header::CONTENT_TYPE, "application/wasm"),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                engine.wasm,
            )
                .into_response();
        }
    }
    if let Some((_, bytes)) = networks().find(|(name, _)| *name == path) {
        return (
            [
                (header::CONTENT_TYPE, "application/octet-stream"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response();
    }
    match FILES.iter().find(|(p, _, _)| *p == path) {
        Some((_, t, body)) => with_type(t, body),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// The page runs only its own scripts (and its own WebAssembly) and talks only to this
/// server.
pub async fn security_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    r
}
