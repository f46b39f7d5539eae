//! What every endpoint does with malformed requests: not JSON, the wrong content type, a
//! body or text past its limit, an unknown path or method. Each is a 4xx with a message.

use axum::http::{Method, StatusCode};
use serde_json::json;

use super::*;

const POSTS: &[&str] = &[
    "/api/variant",
    "/api/validate",
    "/api/position",
    "/api/play",
    "/api/moves",
    "/api/think",
    "/api/analyse",
    "/api/perft",
    "/api/piece",
    "/api/pictures",
];

#[tokio::test]
async fn malformed_bodies_are_400s_on_every_endpoint() {
    let s = Server::start().await;
    for path in POSTS {
        let (status, v) = s
            .send(
                Method::POST,
                path,
                Some("application/json"),
                b"{not json".to_vec(),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {v}");
        assert_eq!(v["kind"], "bad-request", "{path}");
        assert!(
            v["error"].as_str().unwrap().contains("line 1 column 2"),
            "{path}: {v}"
        );

        let (status, v) = s
            .send(Method::POST, path, Some("text/plain"), b"{}".to_vec())
            .await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{path}: {v}");
        assert_eq!(
            v["error"],
            "send the request body as JSON with `Content-Type: application/json`"
        );

        let (status, v) = s.post(path, json!({ "nothing": true })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {v}");
        assert!(
            v["error"].as_str().unwrap().contains("missing field"),
            "{path}: {v}"
        );

        let (status, v) = s.send(Method::GET, path, None, Vec::new()).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{path}: {v}");
    }
}

#[tokio::test]
async fn bodies_and_texts_past_their_limits_are_413s() {
    let s = Server::start().await;
    let huge = "#".repeat(300 * 1024);
    let (status, v) = s.post("/api/validate", json!({ "text": huge })).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(
        v["error"],
        "the request body is larger than the limit of 262144 bytes"
    );
    let big = "#".repeat(70 * 1024);
    let v = s
        .fails(
            "/api/validate",
            json!({ "text": big }),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
        )
        .await;
    assert_eq!(
        v["error"],
        "the variant file is 71680 bytes; the studio takes files up to 65536 bytes"
    );
    s.fails(
        "/api/variant",
        json!({ "variant": { "text": big } }),
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
    )
    .await;
    let moves: Vec<&str> = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(251);
    let v = s
        .fails(
            "/api/position",
            json!({ "variant": chess(), "moves": moves }),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
        )
        .await;
    assert_eq!(
        v["error"],
        "at most 1000 moves may be replayed; start from a position string instead"
    );
    let options: Vec<String> = (0..17).map(|i| format!("o{i}")).collect();
    s.fails(
        "/api/variant",
        json!({ "variant": { "game": "chess", "options": options } }),
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
    )
    .await;
}

#[tokio::test]
async fn a_long_game_is_replayed_in_full() {
    let s = Server::start().await;
    // Knights back and forth: the third repetition ends the game after 8 plies, so shuffle
    // different pieces to reach many plies without repeating.
    let mut moves = Vec::new();
    for _ in 0..2 {
        moves.extend(["g1f3", "g8f6", "f3g1", "f6g8"]);
    }
    let v = s
        .ok(
            "/api/position",
            json!({ "variant": chess(), "moves": moves }),
        )
        .await;
    assert_eq!(v["outcome"]["reason"], "repetition");
    assert_eq!(v["outcome"]["winner"], serde_json::Value::Null);
    let more = [moves.clone(), vec!["e2e4"]].concat();
    let v = s
        .fails(
            "/api/position",
            json!({ "variant": chess(), "moves": more }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-move",
        )
        .await;
    assert_eq!(
        v["error"],
        "move 9 (`e2e4`): the game is already over: draw by threefold repetition"
    );
}

#[tokio::test]
async fn unknown_paths_are_404s_and_the_page_is_served() {
    let s = Server::start().await;
    let (status, v) = s.get("/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(v["kind"], "not-found");
    let (status, v) = s.get("/static/../../Cargo.toml").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
    let (status, v) = s.get("/static/nothing.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
    let (status, v) = s.get("/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        v.as_str()
            .unwrap()
            .contains("<title>fairyforge studio</title>")
    );
    for f in ["app.js", "board.js", "style.css"] {
        let (status, _) = s.get(&format!("/static/{f}")).await;
        assert_eq!(status, StatusCode::OK, "{f}");
    }
}

#[tokio::test]
async fn status_reports_the_pool_and_the_cache() {
    let s = Server::start().await;
    s.ok("/api/variant", json!({ "variant": chess() })).await;
    let v = s.status().await;
    assert_eq!(v["workers"], 2);
    assert_eq!(v["running"], 0);
    assert_eq!(v["queued"], 0);
    assert_eq!(v["cached_variants"], 1);
    // A second request for the same game uses the compiled variant.
    s.ok("/api/position", json!({ "variant": chess() })).await;
    assert_eq!(s.status().await["cached_variants"], 1);
    assert!(std::sync::Arc::strong_count(&s.state) >= 1);
}

#[tokio::test]
async fn the_page_runs_only_its_own_scripts() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let s = Server::start().await;
    let mut c = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let req = format!(
        "GET / HTTP/1.1\r\nhost: localhost:{}\r\nconnection: close\r\n\r\n",
        s.addr.port()
    );
    c.write_all(req.as_bytes()).await.unwrap();
    let mut answer = String::new();
    c.read_to_string(&mut answer).await.unwrap();
    let head = answer.split("\r\n\r\n").next().unwrap().to_lowercase();
    assert!(
        head.contains("content-security-policy: default-src 'self';"),
        "{head}"
    );
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    assert!(head.contains("content-type: text/html"), "{head}");
    // Nothing on the page comes from elsewhere.
    assert!(!answer.contains("http://") && !answer.contains("https://"));
}
