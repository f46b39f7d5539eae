//! The studio's connections: its own accept loop, so that no client can hold the server
//! (docs/api.md, "Limits"). At most [`Connections::max`] connections are open at once
//! (each costs a file descriptor; past the cap a new one gets a 503 and is closed at
//! once, so the process never runs out of descriptors); a request's headers must arrive
//! within [`Connections::header_timeout`], a connection kept alive between requests
//! being closed after the same time; the body's own timeout and size are checked by the
//! router (`guard.rs`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The limits on connections.
#[derive(Clone, Copy, Debug)]
pub struct Connections {
    /// Connections open at once.
    pub max: usize,
    /// Time to send a request's headers (and longest idle time between requests).
    pub header_timeout: Duration,
}

/// The answer to a connection past the cap, before it is closed.
fn full() -> Vec<u8> {
    let body =
        r#"{"kind":"busy","error":"the studio has too many open connections; try again shortly"}"#;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Serves `app` on `listener` until `shutdown` completes. Each request carries its
/// client's address (`ConnectInfo<SocketAddr>`).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Connections,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.max));
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            () = &mut shutdown => return,
        };
        let (stream, peer) = match accepted {
            Ok(c) => c,
            Err(_) => {
                // Out of descriptors or a connection reset before it was accepted: wait
                // a little rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            let _ = stream.try_write(&full());
            drop(stream);
            continue;
        };
        let app = app.clone();
        tokio::spawn(async move {
            let service = tower::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                app.clone().oneshot(req)
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .await;
            drop(permit);
        });
    }
}

/// The client of a request, as an extractor: its address, or none when the request did
/// not come through [`serve`].
pub struct Client(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Client, Self::Rejection> {
        Ok(Client(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}
