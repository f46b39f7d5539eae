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
