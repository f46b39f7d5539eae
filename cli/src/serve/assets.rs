//! The page, built into the binary: HTML, CSS and JavaScript modules from `cli/web/`.
//! Nothing is read from the disk at run time.

use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// `(path under /static/, content type, bytes)`.
const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css", include_str!("../../web/style.css")),
    ("app.js", JS, include_str!("../../web/app.js")),
    ("api.js", JS, include_str!("../../web/api.js")),
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

const JS: &str = "text/javascript";

const INDEX: &str = include_str!("../../web/index.html");

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
    with_type("text/html; charset=utf-8", INDEX)
}

pub async fn file(Path(path): Path<String>) -> Response {
    match FILES.iter().find(|(p, _, _)| *p == path) {
        Some((_, t, body)) => with_type(t, body),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// The page runs only its own scripts and talks only to this server.
pub async fn security_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
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
