//! The endpoints by path: a request's path (with its query) and JSON body in, the HTTP
//! API's status and JSON body out, with the server's error bodies for a body that is not
//! JSON, a missing field or an unknown path.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::contract::ApiError;

use super::Studio;

/// The answer to [`Studio::call`]: an HTTP status and a JSON body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// 200, or the error's status (docs/api.md).
    pub status: u16,
    /// The answer's JSON, or for an error `{"kind": ..., "error": ...}`.
    pub body: String,
}

impl Reply {
    fn ok(value: &impl Serialize) -> Reply {
        match serde_json::to_string(value) {
            Ok(body) => Reply { status: 200, body },
            Err(e) => Reply::error(&ApiError::internal(format!(
                "the answer could not be written as JSON (a bug): {e}"
            ))),
        }
    }

    /// The reply of an error: its status and its JSON.
    pub fn error(e: &ApiError) -> Reply {
        Reply {
            status: e.status,
            body: serde_json::to_string(e).unwrap_or_else(|_| {
                r#"{"kind":"internal","error":"the error could not be written"}"#.to_string()
            }),
        }
    }

    fn of<T: Serialize>(r: Result<T, ApiError>) -> Reply {
        match r {
            Ok(v) => Reply::ok(&v),
            Err(e) => Reply::error(&e),
        }
    }
}

/// Reads a request body as the server's JSON extractor does, with its messages: 400 for
/// text that is not JSON, 422 for JSON that does not fit (a missing field, a wrong type,
/// an unknown field of `variant`), the path of the field in question included.
pub fn decode<T: DeserializeOwned>(body: &str) -> Result<T, ApiError> {
    use serde_json::error::Category;
    let syntax = |e: &dyn std::fmt::Display| {
        ApiError::bad_request(format!("Failed to parse the request body as JSON: {e}"))
    };
    let mut de = serde_json::Deserializer::from_str(body);
    let value: T =
        serde_path_to_error::deserialize(&mut de).map_err(|e| match e.inner().classify() {
            Category::Data => ApiError::invalid(
                "bad-request",
                format!("Failed to deserialize the JSON body into the target type: {e}"),
            ),
            _ => syntax(&e),
        })?;
    de.end().map_err(|e| syntax(&e))?;
    Ok(value)
}

/// The value of `key` in a query string (`name=examples%2Fzoo`), read as the server reads
/// it: `+` is a space, `%XX` a byte; missing or given twice is a 400.
fn query_field(query: &str, key: &str) -> Result<String, ApiError> {
    let bad =
        |what: String| ApiError::bad_request(format!("Failed to deserialize query string: {what}"));
    let mut found = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        if percent_decode(k) == key {
            if found.is_some() {
                return Err(bad(format!("duplicate field `{key}`")));
            }
            found = Some(percent_decode(v));
        }
    }
    found.ok_or_else(|| bad(format!("missing field `{key}`")))
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl Studio {
    /// Answers one request of the HTTP API (docs/api.md) as the server does: `path` is
    /// the request's path with its query (`/api/source?name=chess`), `body` its JSON
    /// body (ignored by the `GET` endpoints). Searches and perft counts run in this
    /// thread.
    pub fn call(&self, path: &str, body: &str) -> Reply {
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        match path {
            "/api/games" => Reply::ok(self.games()),
            "/api/source" => Reply::of(query_field(query, "name").and_then(|n| self.source(&n))),
            "/api/status" => Reply::ok(&self.status()),
            "/api/validate" => Reply::of(decode(body).and_then(|r| self.validate(&r))),
            "/api/variant" => Reply::of(decode(body).and_then(|r| self.variant(&r))),
            "/api/position" => Reply::of(decode(body).and_then(|r| self.position(&r))),
            "/api/play" => Reply::of(decode(body).and_then(|r| self.play(&r))),
            "/api/moves" => Reply::of(decode(body).and_then(|r| self.moves(&r))),
            "/api/think" => Reply::of(decode(body).and_then(|r| self.think(&r))),
            "/api/analyse" => Reply::of(decode(body).and_then(|r| self.analyse(&r))),
            "/api/perft" => Reply::of(decode(body).and_then(|r| self.perft(&r))),
            "/api/piece" => Reply::of(decode(body).and_then(|r| self.piece(&r))),
            "/api/pictures" => Reply::of(decode(body).and_then(|r| self.pictures(&r))),
            _ => Reply::error(&not_found()),
        }
    }
}

impl Studio {
    /// The built-in network a request would search with but the library lacks (built
    /// without `builtin-nets`, and not yet handed it by `nnue::supply`): its file name
    /// (`capablanca.nnue`), for a front end to load and supply before it makes the call.
    /// `None` for a request that does not search, a game without a network, a request
    /// the call will refuse, or a network the library has.
    pub fn network_wanted(&self, path: &str, body: &str) -> Option<String> {
        let path = path.split_once('?').map_or(path, |(p, _)| p);
        if !matches!(path, "/api/think" | "/api/analyse") {
            return None;
        }
        let r: crate::contract::ThinkRequest = decode(body).ok()?;
        crate::nnue::wanted(&self.compiled(&r.at.variant).ok()?)
    }
}

/// The 404 of a path that is no endpoint.
pub fn not_found() -> ApiError {
    ApiError::not_found("no such endpoint: see docs/api.md for the API")
}
