//! Errors of the API as HTTP answers: the data contract's error (a status, a short kind
//! for programs, a message for people, and for variant files every problem with its line
//! and column) with the server's own cases (a body that is not JSON, too large, a busy
//! pool).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use fairyforge::contract;

/// An error answer; its JSON is [`contract::ApiError`]'s.
#[derive(Debug)]
pub struct ApiError(pub contract::ApiError);

impl ApiError {
    /// 400: a request that cannot be read.
    pub fn bad_request(error: impl Into<String>) -> ApiError {
        ApiError(contract::ApiError::bad_request(error))
    }

    /// Any status, kind and message.
    pub fn new(status: StatusCode, kind: &str, error: impl Into<String>) -> ApiError {
        ApiError(contract::ApiError::new(status.as_u16(), kind, error))
    }

    /// 422: a request that does not fit.
    pub fn invalid(kind: &str, error: impl Into<String>) -> ApiError {
        ApiError(contract::ApiError::invalid(kind, error))
    }

    /// 413: past one of the size limits.
    pub fn too_large(error: impl Into<String>) -> ApiError {
        ApiError(contract::ApiError::too_large(error))
    }

    /// 503: every worker is busy and the queue is full.
    pub fn busy(error: impl Into<String>) -> ApiError {
        ApiError(contract::ApiError::busy(error))
    }

    /// 500: a bug; the message says so.
    pub fn internal(error: impl Into<String>) -> ApiError {
        ApiError(contract::ApiError::internal(error))
    }
}

impl From<contract::ApiError> for ApiError {
    fn from(e: contract::ApiError) -> ApiError {
        ApiError(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.0.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, Json(&self.0)).into_response()
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(r: axum::extract::rejection::JsonRejection) -> ApiError {
        use axum::extract::rejection::JsonRejection as J;
        let status = r.status();
        match r {
            J::MissingJsonContentType(_) => ApiError(contract::ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE.as_u16(),
                "bad-request",
                "send the request body as JSON with `Content-Type: application/json`",
            )),
            J::BytesRejection(_) if status == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::too_large(format!(
                    "the request body is larger than the limit of {} bytes",
                    super::limits::BODY_BYTES
                ))
            }
            other => ApiError(contract::ApiError::new(
                if status.is_client_error() {
                    status.as_u16()
                } else {
                    StatusCode::BAD_REQUEST.as_u16()
                },
                "bad-request",
                other.body_text(),
            )),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(r: axum::extract::rejection::QueryRejection) -> ApiError {
        ApiError(contract::ApiError::bad_request(r.body_text()))
    }
}
