//! Errors of the API: a status, a short kind for programs, a message for people, and for
//! variant files every problem with its line and column.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::model::Diag;

#[derive(Debug, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    /// A stable word for programs: `bad-request`, `unknown-game`, `bad-variant`, ...
    pub kind: &'static str,
    /// What is wrong and what to do, for people.
    pub error: String,
    /// For `bad-variant`: every problem of the file, with line and column.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diag>,
    /// For `bad-move`: the 0-based index in `moves` of the move that failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_index: Option<usize>,
}

impl ApiError {
    pub fn new(status: StatusCode, kind: &'static str, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            error: error.into(),
            diagnostics: Vec::new(),
            move_index: None,
        }
    }

    /// 400: the request itself is malformed (not JSON, missing field, wrong type).
    pub fn bad_request(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", error)
    }

    /// 422: well-formed, but a value does not make sense here.
    pub fn invalid(kind: &'static str, error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, kind, error)
    }

    /// 413: past one of the size limits.
    pub fn too_large(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too-large", error)
    }

    /// 503: every worker is busy and the queue is full.
    pub fn busy(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", error)
    }

    /// 500: a bug; the message says so.
    pub fn internal(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", error)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(&self)).into_response()
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(r: axum::extract::rejection::JsonRejection) -> ApiError {
        use axum::extract::rejection::JsonRejection as J;
        let status = r.status();
        match r {
            J::MissingJsonContentType(_) => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "bad-request",
                "send the request body as JSON with `Content-Type: application/json`",
            ),
            J::BytesRejection(_) if status == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::too_large(format!(
                    "the request body is larger than the limit of {} bytes",
                    super::limits::BODY_BYTES
                ))
            }
            other => ApiError::new(
                if status.is_client_error() {
                    status
                } else {
                    StatusCode::BAD_REQUEST
                },
                "bad-request",
                other.body_text(),
            ),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(r: axum::extract::rejection::QueryRejection) -> ApiError {
        ApiError::bad_request(r.body_text())
    }
}
