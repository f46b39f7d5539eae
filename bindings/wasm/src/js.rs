//! Carrying plain data and errors across to JavaScript.

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A value of the data contract as a plain JavaScript object (through its JSON).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // The contract's types are strings, numbers and lists: their JSON cannot fail.
    let text = serde_json::to_string(value)
        .unwrap_or_else(|e| format!("{{\"error\":{}}}", serde_json::Value::String(e.to_string())));
    js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL)
}

/// A JavaScript `Error` with a stable `kind` word and optional extra fields (such as
/// `diagnostics`).
pub fn error(kind: &str, message: &str) -> JsValue {
    let e = js_sys::Error::new(message);
    e.set_name("FairyforgeError");
    set(&e, "kind", &JsValue::from_str(kind));
    e.into()
}

/// Sets a property on an object (on a plain object it cannot fail).
pub fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), value);
}
