//! API tests: a real server on a loopback port, spoken to over HTTP, one module per group
//! of endpoints, each kind of bad input included.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::http::{Method, Request, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};

use super::{AppState, Config, router};

mod call;
mod file;
mod games;
mod hostile;
mod limits;
mod network;
mod page_engine;
mod pictures;
mod piece;
mod play;
mod think;

/// A server on a free loopback port, running on the test's runtime.
pub struct Server {
    pub addr: SocketAddr,
    pub state: Arc<AppState>,
}

impl Server {
    pub async fn start() -> Server {
        Server::with(Config::with_workers(2)).await
    }

    pub async fn with(config: Config) -> Server {
        Server::with_state(AppState::new(config)).await
    }

    /// A server of this state (its names and port set here).
    pub async fn with_state(state: AppState) -> Server {
        let config = state.config;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let addr = listener.local_addr().unwrap();
        let served = super::guard::Served::new("127.0.0.1", addr.port());
        let state = Arc::new(state.serving(served));
        let app = router(state.clone());
        tokio::spawn(super::conn::serve(
            listener,
            app,
            config.connections,
            std::future::pending(),
        ));
        Server { addr, state }
    }

    /// Sends a request; returns the status and the body (JSON when it is JSON, else the
    /// text as a JSON string).
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> (StatusCode, Value) {
        let client = Client::builder(TokioExecutor::new()).build_http::<Full<Bytes>>();
        let mut req = Request::builder()
            .method(method)
            .uri(format!("http://{}{path}", self.addr));
        if let Some(t) = content_type {
            req = req.header("content-type", t);
        }
        let res = client
            .request(req.body(Full::new(Bytes::from(body))).unwrap())
            .await
            .expect("the server answers");
        let status = res.status();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, value)
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.send(Method::GET, path, None, Vec::new()).await
    }

    pub async fn put(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(
            Method::PUT,
            path,
            Some("application/json"),
            body.to_string().into_bytes(),
        )
        .await
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(
            Method::POST,
            path,
            Some("application/json"),
            body.to_string().into_bytes(),
        )
        .await
    }

    /// Posts and expects success.
    pub async fn ok(&self, path: &str, body: Value) -> Value {
        let (status, v) = self.post(path, body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {v}");
        v
    }

    /// Posts and expects an error with this status and kind; returns the error's message.
    pub async fn fails(&self, path: &str, body: Value, status: StatusCode, kind: &str) -> Value {
        let (s, v) = self.post(path, body).await;
        assert_eq!(s, status, "{path}: {v}");
        assert_eq!(v["kind"], kind, "{path}: {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
        v
    }

    pub async fn status(&self) -> Value {
        let (s, v) = self.get("/api/status").await;
        assert_eq!(s, StatusCode::OK);
        v
    }
}

pub fn birds() -> Value {
    json!({ "game": "birds-and-ninjas" })
}

pub fn chess() -> Value {
    json!({ "game": "chess" })
}

/// The `move` texts of a list of moves.
pub fn texts(moves: &Value) -> Vec<String> {
    let mut v: Vec<String> = moves
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect();
    v.sort();
    v
}

pub fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}
