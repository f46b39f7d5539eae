//! Hostile clients: connections that never finish their request, bodies announced huge
//! or sent slowly, more connections than the server can hold, a page elsewhere reaching
//! the API through a rebound DNS name, and one client asking for every thinking slot.
//! Each is answered in bounded time and leaves the server serving others.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::think::{open_think, wait_for};
use super::*;
use crate::serve::conn::Connections;

/// A server whose connection limits are small, to reach them quickly.
async fn small(max: usize, header_ms: u64, body_ms: u64) -> Server {
    Server::with(Config {
        body_timeout: Duration::from_millis(body_ms),
        connections: Connections {
            max,
            header_timeout: Duration::from_millis(header_ms),
        },
        ..Config::with_workers(1)
    })
    .await
}

/// Sends `bytes` on a new connection and returns what the server answers until it closes
/// the connection, failing past `secs` seconds.
async fn exchange(s: &Server, bytes: &[u8], secs: u64) -> String {
    let mut c = TcpStream::connect(s.addr).await.unwrap();
    c.write_all(bytes).await.unwrap();
    read_until_closed(&mut c, secs).await
}

async fn read_until_closed(c: &mut TcpStream, secs: u64) -> String {
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(secs), c.read_to_end(&mut answer))
        .await
        .unwrap_or_else(|_| panic!("the server kept the connection past {secs} s"))
        .unwrap_or(0);
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn a_request_whose_headers_never_end_is_closed_after_the_header_timeout() {
    let s = small(8, 300, 10_000).await;
    let t = Instant::now();
    let half = format!("GET /api/status HTTP/1.1\r\nhost: {}\r\n", s.addr);
    let answer = exchange(&s, half.as_bytes(), 5).await;
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
    assert!(
        t.elapsed() >= Duration::from_millis(250),
        "{:?}",
        t.elapsed()
    );
    // A connection that sends nothing at all is closed as well.
    let answer = exchange(&s, b"", 5).await;
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
}

#[tokio::test]
async fn a_body_announced_over_the_limit_is_refused_before_it_is_sent() {
    let s = Server::start().await;
    let head = format!(
        "POST /api/validate HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\ncontent-length: 99999999999\r\n\r\n",
        s.addr
    );
    let answer = exchange(&s, head.as_bytes(), 5).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(
        answer.ends_with(
            r#"{"kind":"too-large","error":"the request body is larger than the limit of 262144 bytes"}"#
        ),
        "{answer}"
    );
}

#[tokio::test]
async fn a_body_that_does_not_arrive_in_time_is_a_408() {
    let s = small(8, 10_000, 300).await;
    let head = format!(
        "POST /api/validate HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{{\"var",
        s.addr
    );
    let t = Instant::now();
    let answer = exchange(&s, head.as_bytes(), 5).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.ends_with(
            r#"{"kind":"timeout","error":"the request body did not arrive within 0.3 s"}"#
        ),
        "{answer}"
    );
    assert!(
        t.elapsed() >= Duration::from_millis(250),
        "{:?}",
        t.elapsed()
    );
}

#[tokio::test]
async fn connections_past_the_cap_are_refused_at_once_and_idle_ones_time_out() {
    let s = small(4, 500, 10_000).await;
    // Four half-open connections fill the server.
    let mut idle = Vec::new();
    for _ in 0..4 {
        let mut c = TcpStream::connect(s.addr).await.unwrap();
        c.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        idle.push(c);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    // The fifth is answered 503 and closed at once, not left waiting.
    let get = format!(
        "GET /api/status HTTP/1.1\r\nhost: {}\r\nconnection: close\r\n\r\n",
        s.addr
    );
    let answer = exchange(&s, get.as_bytes(), 2).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains(r#""kind":"busy""#), "{answer}");
    // Once the idle ones have timed out, requests are served again.
    for c in &mut idle {
        read_until_closed(c, 5).await;
    }
    let answer = exchange(&s, get.as_bytes(), 5).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test]
async fn only_this_servers_own_names_are_answered() {
    let s = Server::start().await;
    let port = s.addr.port();
    let ask = |host: String| {
        format!("GET /api/status HTTP/1.1\r\nhost: {host}\r\nconnection: close\r\n\r\n")
    };
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
    ] {
        let answer = exchange(&s, ask(host.clone()).as_bytes(), 5).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{host}: {answer}");
    }
    // A page of another site whose name now points here, and a wrong port.
    for host in [
        format!("rebound.example:{port}"),
        format!("localhost:{}", port.wrapping_add(1)),
        "localhost".to_string(),
    ] {
        let answer = exchange(&s, ask(host.clone()).as_bytes(), 5).await;
        assert!(answer.starts_with("HTTP/1.1 421"), "{host}: {answer}");
        assert!(
            answer.contains(&format!(
                r#"{{"kind":"bad-host","error":"this server answers only to its own address (localhost, 127.0.0.1 or [::1], port {port}), not to `{host}`"}}"#
            )),
            "{host}: {answer}"
        );
    }
}

#[tokio::test]
async fn one_client_cannot_take_every_place_in_the_queue() {
    let s = Server::with(Config {
        queue: 4,
        queue_per_client: 2,
        ..Config::with_workers(1)
    })
    .await;
    // This client (127.0.0.1) holds the worker and two places in the queue ...
    let running = open_think(&s, 20_000).await;
    wait_for(&s, "running", 1).await;
    let queued = [open_think(&s, 20_000).await, open_think(&s, 20_000).await];
    wait_for(&s, "queued", 2).await;
    // ... and no more, while the queue has room for others.
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
        "the computer is busy: 2 of your jobs are waiting already; try again when one is done"
    );
    drop(queued);
    drop(running);
    wait_for(&s, "running", 0).await;
}

#[tokio::test]
async fn another_client_is_served_before_the_rest_of_one_clients_queue() {
    let s = Server::with(Config {
        queue: 8,
        queue_per_client: 4,
        ..Config::with_workers(1)
    })
    .await;
    // 127.0.0.1 holds the worker and two places in the queue.
    let running = open_think(&s, 20_000).await;
    wait_for(&s, "running", 1).await;
    let queued = [open_think(&s, 20_000).await, open_think(&s, 20_000).await];
    wait_for(&s, "queued", 2).await;
    // 127.0.0.2 asks after them ...
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
    let mut other = socket.connect(s.addr).await.unwrap();
    let body = json!({ "variant": chess(), "depth": 1 }).to_string();
    let req = format!(
        "POST /api/think HTTP/1.1\r\nhost: {}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        s.addr,
        body.len()
    );
    other.write_all(req.as_bytes()).await.unwrap();
    wait_for(&s, "queued", 3).await;
    // ... and is served as soon as the worker is free, before the two waiting (each of
    // which would take 20 s).
    drop(running);
    let answer = read_until_closed(&mut other, 10).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    wait_for(&s, "queued", 1).await;
    drop(queued);
}
