//! `/api/think`, `/api/analyse`, `/api/perft`, `/api/status` and the thinking pool: time
//! limits, the queue, and a client that goes away.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::*;

#[tokio::test]
async fn the_computer_answers_with_a_legal_move_and_its_line() {
    let s = Server::start().await;
    let at = json!({ "variant": birds(), "moves": ["e2e5"], "time_ms": 300 });
    let v = s.ok("/api/think", at).await;
    let legal = s
        .ok(
            "/api/moves",
            json!({ "variant": birds(), "moves": ["e2e5"] }),
        )
        .await;
    let mv = v["move"]["move"].as_str().unwrap();
    assert!(texts(&legal["moves"]).contains(&mv.to_string()), "{v}");
    assert_eq!(v["pv"][0], mv);
    assert_eq!(
        v["pv"].as_array().unwrap().len(),
        v["pv_san"].as_array().unwrap().len()
    );
    assert!(v["depth"].as_u64().unwrap() >= 1);
    assert!(v["time_ms"].as_u64().unwrap() <= 300 + 200, "{v}");
    assert!(v["score"]["text"].is_string());
}

#[tokio::test]
async fn a_fixed_depth_finds_the_mate() {
    let s = Server::start().await;
    let v = s
        .ok(
            "/api/think",
            json!({ "variant": chess(), "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "depth": 3 }),
        )
        .await;
    assert_eq!(v["move"]["move"], "a1a8");
    assert_eq!(v["move"]["san"], "Ra8#");
    assert_eq!(v["score"]["mate"], 1);
    assert_eq!(v["score"]["text"], "White mates in 1");
}

#[tokio::test]
async fn analysis_gives_every_depth() {
    let s = Server::start().await;
    let v = s
        .ok("/api/analyse", json!({ "variant": chess(), "depth": 4 }))
        .await;
    let lines = v["lines"].as_array().unwrap();
    let depths: Vec<u64> = lines.iter().map(|l| l["depth"].as_u64().unwrap()).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    for l in lines {
        assert!(!l["pv"].as_array().unwrap().is_empty());
    }
    // The line is played out from the position: it replays without error.
    let pv = strs(&lines[3]["pv"]);
    s.ok("/api/position", json!({ "variant": chess(), "moves": pv }))
        .await;
}

#[tokio::test]
async fn thinking_limits_are_checked() {
    let s = Server::start().await;
    for body in [
        json!({ "variant": chess(), "time_ms": 0 }),
        json!({ "variant": chess(), "time_ms": 30_001 }),
        json!({ "variant": chess(), "depth": 0 }),
        json!({ "variant": chess(), "depth": 65 }),
        json!({ "variant": chess(), "nodes": 0 }),
    ] {
        s.fails(
            "/api/think",
            body,
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-limit",
        )
        .await;
    }
    let (status, v) = s
        .post("/api/think", json!({ "variant": chess(), "time_ms": -5 }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["kind"], "bad-request");
    let v = s
        .fails(
            "/api/think",
            json!({ "variant": chess(), "moves": ["f2f3", "e7e5", "g2g4", "d8h4"] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "game-over",
        )
        .await;
    assert_eq!(v["error"], "the game is over: Black wins by checkmate");
}

#[tokio::test]
async fn perft_counts_and_divides() {
    let s = Server::start().await;
    let v = s
        .ok("/api/perft", json!({ "variant": chess(), "depth": 3 }))
        .await;
    assert_eq!(v["nodes"], 8902);
    assert!(v.get("divide").is_none());
    let v = s
        .ok(
            "/api/perft",
            json!({ "variant": birds(), "depth": 2, "divide": true }),
        )
        .await;
    assert_eq!(v["nodes"], 1296);
    let rows = v["divide"].as_array().unwrap();
    assert_eq!(rows.len(), 36);
    assert_eq!(
        rows.iter()
            .map(|r| r["nodes"].as_u64().unwrap())
            .sum::<u64>(),
        1296
    );
    // Sorted by move text, as `fairyforge perft --divide` prints them.
    assert_eq!(rows[0]["move"], "a1c3");
    assert_eq!(rows[0]["san"], "Gc3");
    let v = s
        .ok(
            "/api/perft",
            json!({ "variant": chess(), "depth": 0, "divide": true }),
        )
        .await;
    assert_eq!(v["nodes"], 1);
    assert_eq!(v["divide"], json!([]));
    let v = s
        .fails(
            "/api/perft",
            json!({ "variant": chess(), "depth": 9 }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-limit",
        )
        .await;
    assert_eq!(
        v["error"],
        "perft depth 9: the studio counts to depth 8 (the command line `fairyforge perft` has no limit)"
    );
    let (status, _) = s
        .post(
            "/api/perft",
            json!({ "variant": chess(), "depth": 4294967296u64 }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_perft_past_its_time_budget_stops_with_a_message() {
    let s = Server::with(Config {
        perft_ms: 50,
        ..Config::with_workers(1)
    })
    .await;
    let t = Instant::now();
    let v = s
        .fails(
            "/api/perft",
            json!({ "variant": birds(), "depth": 6 }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "too-long",
        )
        .await;
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_eq!(
        v["error"],
        "perft 6 takes longer than the studio's 0.05 s here: try a smaller depth, or `fairyforge perft` on the command line"
    );
}

/// Sends a request on a raw connection and returns it, so that the test can drop it.
pub async fn open_think(s: &Server, time_ms: u64) -> tokio::net::TcpStream {
    let body = json!({ "variant": birds(), "time_ms": time_ms }).to_string();
    let mut c = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let req = format!(
        "POST /api/think HTTP/1.1\r\nhost: {}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        s.addr,
        body.len()
    );
    c.write_all(req.as_bytes()).await.unwrap();
    c
}

pub async fn wait_for(s: &Server, what: &str, want: u64) -> serde_json::Value {
    let t = Instant::now();
    loop {
        let v = s.status().await;
        if v[what].as_u64() == Some(want) {
            return v;
        }
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "{what} never became {want}: {v}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_client_that_goes_away_stops_its_search() {
    let s = Server::with(Config::with_workers(1)).await;
    let c = open_think(&s, 20_000).await;
    wait_for(&s, "running", 1).await;
    let t = Instant::now();
    drop(c);
    let v = wait_for(&s, "running", 0).await;
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert_eq!(v["cancelled"], 1);
    // The worker is free again at once.
    let v = s
        .ok("/api/think", json!({ "variant": chess(), "depth": 2 }))
        .await;
    assert!(v["move"]["move"].is_string());
    // ... and its search is not cut short by the stop meant for the one before.
    assert_eq!(v["depth"], 2, "{v}");
}

#[tokio::test]
async fn searches_wait_in_a_bounded_queue() {
    let s = Server::with(Config {
        queue: 1,
        ..Config::with_workers(1)
    })
    .await;
    let running = open_think(&s, 20_000).await;
    wait_for(&s, "running", 1).await;
    let queued = open_think(&s, 20_000).await;
    wait_for(&s, "queued", 1).await;
    let v = s
        .fails(
            "/api/think",
            json!({ "variant": chess(), "depth": 1 }),
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
        )
        .await;
    assert_eq!(
        v["error"],
        "the computer is busy: 1 jobs are waiting; try again shortly"
    );
    // A queued job whose client leaves is dropped without running.
    drop(queued);
    drop(running);
    wait_for(&s, "running", 0).await;
    wait_for(&s, "queued", 0).await;
    assert_eq!(s.status().await["cancelled"], 2);
}

#[tokio::test]
async fn a_search_keeps_to_its_time() {
    let s = Server::start().await;
    let mut c = open_think(&s, 400).await;
    let t = Instant::now();
    let mut answer = Vec::new();
    c.read_to_end(&mut answer).await.unwrap_or(0);
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    // The default keep-alive would hold the connection open: the answer's arrival counts.
    assert!(
        t.elapsed() < Duration::from_millis(400 + 1000),
        "{:?}",
        t.elapsed()
    );
}

#[tokio::test]
async fn a_busy_position_is_answered_within_a_tiny_time() {
    // Sixteen queens a side: a first iteration takes far longer than a millisecond, so the
    // answer is the best of the moves searched when the time ran out.
    let s = Server::start().await;
    let fen = "qqqqkqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQKQQQ w - - 0 1";
    let t = Instant::now();
    let v = s
        .ok(
            "/api/think",
            json!({ "variant": chess(), "fen": fen, "time_ms": 2 }),
        )
        .await;
    // Generous bounds: this machine may be busy, and a search that ignored its time would
    // take many seconds on this position.
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert!(v["time_ms"].as_u64().unwrap() <= 1000, "{v}");
    let legal = s
        .ok("/api/moves", json!({ "variant": chess(), "fen": fen }))
        .await;
    let mv = v["move"]["move"].as_str().unwrap();
    assert!(texts(&legal["moves"]).contains(&mv.to_string()), "{v}");
    assert_eq!(v["pv"][0], mv);
}
