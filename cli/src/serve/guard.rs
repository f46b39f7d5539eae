//! What every request passes before its handler (docs/api.md, "Limits"):
//! - its `Host` must name this server: a loopback name or address (`localhost`,
//!   `127.0.0.1`, `[::1]`) or a name given with `--host`, with the port served. A page
//!   elsewhere whose DNS name was rebound to 127.0.0.1 sends its own name and gets 421;
//! - a body announced larger than the limit is refused with 413 before it is read, and a
//!   body must arrive within the body timeout (else 408).

use std::net::IpAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::AppState;
use super::error::ApiError;
use super::limits;

/// The names this server answers to besides the loopback ones, and its port.
#[derive(Clone, Debug, Default)]
pub struct Served {
    /// The port served; `None` leaves the port unchecked.
    pub port: Option<u16>,
    /// Names given with `--host` (lowercase).
    pub names: Vec<String>,
    /// Served on every address (`--host 0.0.0.0` or `::`): any IP address is a name of
    /// this server (an address, unlike a DNS name, cannot be rebound).
    pub any_address: bool,
}

impl Served {
    /// The server listening on `host` (as given with `--host`) and `port`.
    pub fn new(host: &str, port: u16) -> Served {
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let any_address = host.parse::<IpAddr>().is_ok_and(|ip| ip.is_unspecified());
        Served {
            port: Some(port),
            names: vec![host.to_ascii_lowercase()],
            any_address,
        }
    }

    /// Whether a `Host` header's value names this server.
    pub fn accepts(&self, host: &str) -> bool {
        let Some((name, port)) = split_host(host) else {
            return false;
        };
        if let Some(served) = self.port
            && port != served
        {
            return false;
        }
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        match name.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || self.any_address || self.names.contains(&name),
            Err(_) => name == "localhost" || self.names.contains(&name),
        }
    }
}

/// A `Host` value's name and port (80 when none is written): `localhost:7700`,
/// `[::1]:7700`, `127.0.0.1`.
fn split_host(host: &str) -> Option<(&str, u16)> {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (name, after) = rest.split_once(']')?;
        match after {
            "" => (name, None),
            p => (name, Some(p.strip_prefix(':')?)),
        }
    } else {
        match host.rsplit_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (host, None),
        }
    };
    let port = match port {
        Some(p) => p.parse().ok()?,
        None => 80,
    };
    (!name.is_empty()).then_some((name, port))
}

/// Answers a request whose `Host` does not name this server with 421.
pub async fn host(State(st): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    if let Some(h) = req.headers().get(header::HOST) {
        let ok = h.to_str().is_ok_and(|h| st.served.accepts(h));
        if !ok {
            return ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                "bad-host",
                format!(
                    "this server answers only to its own address (localhost, 127.0.0.1 or [::1]{}), not to `{}`",
                    st.served
                        .port
                        .map_or(String::new(), |p| format!(", port {p}")),
                    String::from_utf8_lossy(h.as_bytes())
                ),
            )
            .into_response();
        }
    }
    next.run(req).await
}

/// Refuses a body announced over the limit at once (413) and reads the body within the
/// body timeout (408), before the handler sees it.
pub async fn body(State(st): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    let too_large = || {
        let mut r = ApiError::too_large(format!(
            "the request body is larger than the limit of {} bytes",
            limits::BODY_BYTES
        ))
        .into_response();
        // The rest of the body is not read: the connection cannot carry another request.
        r.headers_mut().insert(
            header::CONNECTION,
            header::HeaderValue::from_static("close"),
        );
        r
    };
    let announced = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > limits::BODY_BYTES as u64) {
        return too_large();
    }
    let (parts, body) = req.into_parts();
    let read = tokio::time::timeout(
        st.config.body_timeout,
        axum::body::to_bytes(body, limits::BODY_BYTES),
    )
    .await;
    let bytes = match read {
        Ok(Ok(b)) => b,
        Ok(Err(_)) if announced.is_none() => return too_large(),
        Ok(Err(_)) => {
            return ApiError::bad_request("the request body could not be read").into_response();
        }
        Err(_) => {
            let mut r = ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                format!(
                    "the request body did not arrive within {} s",
                    st.config.body_timeout.as_secs_f64()
                ),
            )
            .into_response();
            r.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
            return r;
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_names_and_the_given_host_with_the_port_are_accepted() {
        let s = Served::new("127.0.0.1", 7700);
        for ok in [
            "localhost:7700",
            "LOCALHOST:7700",
            "localhost.:7700",
            "127.0.0.1:7700",
            "127.1.2.3:7700",
            "[::1]:7700",
        ] {
            assert!(s.accepts(ok), "{ok}");
        }
        for bad in [
            "evil.example:7700",
            "localhost.evil.example:7700",
            "localhost:7701",
            "localhost",
            "127.0.0.1",
            "192.168.1.5:7700",
            "[::1]",
            "[::1:7700",
            ":7700",
            "localhost:port",
        ] {
            assert!(!s.accepts(bad), "{bad}");
        }
        let named = Served::new("studio.lan", 80);
        assert!(named.accepts("studio.lan"));
        assert!(named.accepts("Studio.LAN:80"));
        assert!(!named.accepts("other.lan"));
        let every = Served::new("0.0.0.0", 7700);
        assert!(every.accepts("192.168.1.5:7700"));
        assert!(every.accepts("[fe80::1]:7700"));
        assert!(!every.accepts("rebound.example:7700"));
    }
}
