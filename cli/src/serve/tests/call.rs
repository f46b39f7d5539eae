//! The library's `Studio::call` (what the WebAssembly API exposes) against the server:
//! for every endpoint, answers and errors alike, the same status and the same JSON.

use axum::http::{Method, StatusCode};
use fairyforge::service::Studio;
use serde_json::{Value, json};

use super::*;

/// Drops what depends on the clock (`time_ms`) and the server's own counters.
fn timeless(mut v: Value) -> Value {
    match &mut v {
        Value::Object(m) => {
            m.remove("time_ms");
            for x in m.values_mut() {
                *x = timeless(x.take());
            }
        }
        Value::Array(a) => {
            for x in a.iter_mut() {
                *x = timeless(x.take());
            }
        }
        _ => {}
    }
    v
}

/// Asks both; they must agree. Returns the status and answer.
async fn same(s: &Server, studio: &Studio, method: Method, path: &str, body: &str) -> (u16, Value) {
    let content_type = (method == Method::POST).then_some("application/json");
    let (status, served) = s
        .send(method, path, content_type, body.as_bytes().to_vec())
        .await;
    let reply = studio.call(path, body);
    let called: Value = serde_json::from_str(&reply.body)
        .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {}", reply.body));
    assert_eq!(
        reply.status,
        status.as_u16(),
        "{path} {body}: {}",
        reply.body
    );
    assert_eq!(timeless(called.clone()), timeless(served), "{path} {body}");
    (reply.status, called)
}

#[tokio::test]
async fn every_endpoint_answers_as_the_server_does() {
    let s = Server::start().await;
    let studio = Studio::default();
    let birds = json!({ "game": "birds-and-ninjas" });
    let edited = json!({ "text": fairyforge::builtin::EXAMPLES[0].1, "name": "dive.toml" });
    let gets = [
        "/api/games",
        "/api/source?name=chess",
        "/api/source?name=examples%2Fzoo",
        "/api/source?name=pieces",
        "/api/source?name=chesss",
        "/api/source?name=..%2F..%2Fetc%2Fpasswd",
        "/api/source",
        "/api/source?nam=chess",
        "/api/nothing",
    ];
    for path in gets {
        same(&s, &studio, Method::GET, path, "").await;
    }
    let posts: Vec<(&str, Value)> = vec![
        (
            "/api/validate",
            json!({ "text": "name = \"Broken\"\n[board]\nfiles = \"ten\"\nranks = 8\n", "name": "broken.toml" }),
        ),
        (
            "/api/validate",
            json!({ "text": fairyforge::builtin::game("chess").unwrap() }),
        ),
        ("/api/validate", json!({ "txt": "x" })),
        ("/api/variant", json!({ "variant": birds })),
        ("/api/variant", json!({ "variant": edited })),
        (
            "/api/variant",
            json!({ "variant": { "game": "chess", "options": ["capture-the-sceptre"] } }),
        ),
        ("/api/variant", json!({ "variant": { "gmae": "chess" } })),
        (
            "/api/variant",
            json!({ "variant": { "game": "chess", "text": "x" } }),
        ),
        (
            "/api/variant",
            json!({ "variant": { "text": "extends = \"/etc/passwd\"\n" } }),
        ),
        (
            "/api/position",
            json!({ "variant": birds, "moves": ["e2e5", "e6", "J@e4"] }),
        ),
        (
            "/api/position",
            json!({ "variant": chess(), "moves": ["e2e4", "e5e6"] }),
        ),
        (
            "/api/position",
            json!({ "variant": chess(), "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1" }),
        ),
        (
            "/api/play",
            json!({ "variant": chess(), "moves": ["f2f3", "e7e5", "g2g4"], "move": "Qh4" }),
        ),
        (
            "/api/play",
            json!({ "variant": chess(), "moves": ["f2f3", "e7e5", "g2g4", "Qh4"], "move": "e4" }),
        ),
        ("/api/play", json!({ "variant": chess(), "move": "e5e4" })),
        ("/api/pictures", json!({ "variant": birds })),
        ("/api/pictures", json!({ "variant": { "game": "chesss" } })),
        ("/api/moves", json!({ "variant": birds, "from": "e0" })),
        ("/api/moves", json!({ "variant": birds, "from": "z9" })),
        (
            "/api/think",
            json!({ "variant": chess(), "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "depth": 2 }),
        ),
        ("/api/think", json!({ "variant": chess(), "time_ms": 0 })),
        (
            "/api/analyse",
            json!({ "variant": chess(), "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "depth": 2 }),
        ),
        (
            "/api/analyse",
            json!({ "variant": chess(), "moves": ["f2f3", "e7e5", "g2g4", "Qh4"], "depth": 2 }),
        ),
        (
            "/api/perft",
            json!({ "variant": birds, "depth": 2, "divide": true }),
        ),
        ("/api/perft", json!({ "variant": chess(), "depth": 9 })),
        (
            "/api/piece",
            json!({ "variant": birds, "piece": "flying-bomber", "at": "e5", "blockers": [{ "square": "e6", "color": "black" }] }),
        ),
        (
            "/api/piece",
            json!({ "variant": birds, "piece": "super-cannon" }),
        ),
        (
            "/api/piece",
            json!({ "variant": birds, "piece": "flying-bombr" }),
        ),
        (
            "/api/piece",
            json!({ "variant": birds, "piece": "F", "color": "green" }),
        ),
    ];
    for (path, body) in &posts {
        same(&s, &studio, Method::POST, path, &body.to_string()).await;
    }
    // Bodies that are not what they should be.
    for body in [
        "",
        "{",
        "[1, 2]",
        "{\"variant\": {\"game\": \"chess\"}} x",
        "{\"variant\": 3}",
    ] {
        let (status, v) = same(&s, &studio, Method::POST, "/api/position", body).await;
        assert!([400, 422].contains(&status), "{body}: {v}");
    }
}

#[tokio::test]
async fn a_thought_and_a_perft_count_are_exact() {
    let studio = Studio::default();
    let r = studio.call(
        "/api/think",
        &json!({ "variant": chess(), "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "depth": 3 })
            .to_string(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["move"]["san"], "Ra8#");
    assert_eq!(v["score"], json!({ "mate": 1, "text": "White mates in 1" }));
    let r = studio.call(
        "/api/perft",
        &json!({ "variant": birds(), "depth": 2 }).to_string(),
    );
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["nodes"], 1296, "{v}");
    assert_eq!(StatusCode::OK.as_u16(), r.status);
}
