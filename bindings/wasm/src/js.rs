//! Carrying the data contract and its errors across to JavaScript.

use fairyforge::contract::ApiError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

/// A value of the data contract as a plain JavaScript object, through its JSON (the same
/// JSON the studio's HTTP API answers).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    match serde_json::to_string(value) {
        Ok(text) => js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL),
        // The contract's types are strings, numbers and lists: their JSON cannot fail.
        Err(e) => JsValue::from_str(&format!("unwritable value: {e}")),
    }
}

/// A plain JavaScript object (or `undefined`) read as a value of a Rust type, through its
/// JSON; a value that does not fit is a `bad-request` error naming what is wrong.
pub fn from_js<T: DeserializeOwned + Default>(value: &JsValue, what: &str) -> Result<T, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    let text: String = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| {
            error(&ApiError::bad_request(format!(
                "{what}: not a plain object"
            )))
        })?;
    serde_json::from_str(&text).map_err(|e| error(&ApiError::bad_request(format!("{what}: {e}"))))
}

/// The error of a failed call: a JavaScript `Error` (named `FairyforgeError`) whose
/// message is the error's text, with the fields of the contract's error besides: `kind`,
/// `error`, and when they apply `diagnostics` and `move_index`.
pub fn error(e: &ApiError) -> JsValue {
    let err = js_sys::Error::new(&e.error);
    err.set_name("FairyforgeError");
    let fields = to_js(e);
    let target: &js_sys::Object = err.unchecked_ref();
    let _ = js_sys::Object::assign(target, fields.unchecked_ref::<js_sys::Object>());
    err.into()
}

/// A call's result with its error made a JavaScript error.
pub fn thrown<T>(r: Result<T, ApiError>) -> Result<T, JsValue> {
    r.map_err(|e| error(&e))
}
