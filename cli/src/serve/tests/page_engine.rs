//! The page and the engine compiled to WebAssembly: with it built in, the page says so and
//! its two files are served beside the scripts; without it, the page asks this server.

use super::*;

#[tokio::test]
async fn the_page_says_what_it_runs_on() {
    let s = Server::start().await;
    let (status, page) = s.get("/").await;
    assert_eq!(status, StatusCode::OK);
    let page = page.as_str().unwrap();
    let (glue, _) = s.get("/static/fairyforge.js").await;
    let (wasm, _) = s.get("/static/fairyforge_bg.wasm").await;
    if crate::wasm::engine().is_some() {
        assert!(
            page.contains(r#"<meta name="fairyforge-engine" content="wasm+http">"#),
            "{page}"
        );
        assert_eq!(glue, StatusCode::OK);
        assert_eq!(wasm, StatusCode::OK);
    } else {
        assert!(
            page.contains(r#"<meta name="fairyforge-engine" content="http">"#),
            "{page}"
        );
        assert_eq!(glue, StatusCode::NOT_FOUND);
        assert_eq!(wasm, StatusCode::NOT_FOUND);
    }
    // The scripts that run the engine are served either way: the page loads api.js, which
    // loads them.
    for f in ["engine.js", "worker.js", "api.js"] {
        let (status, _) = s.get(&format!("/static/{f}")).await;
        assert_eq!(status, StatusCode::OK, "{f}");
    }
}

/// The built-in games' networks are served beside the engine's module, which carries
/// none and fetches a game's own when it first searches it (cli/web/worker.js).
#[tokio::test]
async fn the_built_in_networks_are_served_beside_the_engine() {
    use axum::extract::Path;
    use axum::response::IntoResponse;
    let nets: Vec<(String, &[u8])> = crate::serve::assets::networks().collect();
    let names: Vec<&str> = nets.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "capablanca.nnue",
            "birds-and-ninjas.nnue",
            "stealth-ninja.nnue",
            "flying-bombers-grand.nnue",
            "insane-ninja.nnue",
            "pick-the-piece.nnue",
        ]
    );
    for (name, bytes) in nets {
        let r = crate::serve::assets::file(Path(name.clone()))
            .await
            .into_response();
        assert_eq!(r.status(), StatusCode::OK, "{name}");
        assert_eq!(
            r.headers()["content-type"],
            "application/octet-stream",
            "{name}"
        );
        let body = axum::body::to_bytes(r.into_body(), usize::MAX)
            .await
            .unwrap();
        assert_eq!(&body[..], bytes, "{name}");
    }
    let s = Server::start().await;
    let (status, _) = s.get("/static/chess.nnue").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
