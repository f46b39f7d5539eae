//! `Variant`: a game loaded from a built-in name or from the text of a variant file.

use std::sync::Arc;

use fairyforge::{Diagnostic, LoadError, Loader, OptionSetting};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::js::{error, set, to_js};
use crate::position::Position;

/// A problem of a variant file.
#[derive(Serialize)]
struct Diag {
    severity: &'static str,
    file: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: String,
    label: String,
    rendered: String,
}

fn diag(d: &Diagnostic) -> Diag {
    let start = d.start();
    let end = d.end();
    Diag {
        severity: match d.severity() {
            fairyforge::Severity::Error => "error",
            fairyforge::Severity::Warning => "warning",
        },
        file: d.file().unwrap_or_default().to_string(),
        line: start.map_or(0, |l| l.line),
        column: start.map_or(0, |l| l.column),
        end_line: end.map_or(0, |l| l.line),
        end_column: end.map_or(0, |l| l.column),
        message: d.message().to_string(),
        label: d.label().to_string(),
        rendered: d.to_string(),
    }
}

fn load_error(e: &LoadError) -> JsValue {
    let diags: Vec<Diag> = e.diagnostics().iter().map(diag).collect();
    let err = error("bad-variant", e.render().trim_end());
    set(&err, "diagnostics", &to_js(&diags));
    err
}

fn loader(options: Option<Vec<String>>) -> Result<Loader, JsValue> {
    let settings = options
        .unwrap_or_default()
        .iter()
        .map(|o| o.parse::<OptionSetting>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| error("unknown-option", &e.to_string()))?;
    Ok(fairyforge::Variant::loader()
        .builtin_only()
        .options(settings))
}

/// A game: its board, pieces and rules, compiled once.
#[wasm_bindgen]
pub struct Variant {
    pub(crate) inner: Arc<fairyforge::Variant>,
}

#[wasm_bindgen]
impl Variant {
    /// A built-in game (`chess`, `birds-and-ninjas`, ...: `games()` lists them), with
    /// optional rules (`NAME`, `NAME=on`, `NAME=off`).
    pub fn builtin(name: &str, options: Option<Vec<String>>) -> Result<Variant, JsValue> {
        if fairyforge::builtin::game(name).is_none() {
            return Err(error(
                "unknown-game",
                &format!("no built-in game is called `{name}`"),
            ));
        }
        let inner = loader(options)?.builtin(name).map_err(|e| load_error(&e))?;
        Ok(Variant { inner })
    }

    /// A game from the text of a variant file, named `name` in messages (default
    /// `variant.toml`). It may import the built-in piece library and extend the built-in
    /// games. A file with errors throws an error whose `diagnostics` list every problem.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(
        text: &str,
        name: Option<String>,
        options: Option<Vec<String>>,
    ) -> Result<Variant, JsValue> {
        let name = name.unwrap_or_else(|| "variant.toml".to_string());
        let inner = loader(options)?
            .parse(&name, text)
            .map_err(|e| load_error(&e))?;
        Ok(Variant { inner })
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The start position.
    pub fn start(&self) -> Position {
        Position::new(fairyforge::Position::start(&self.inner))
    }

    /// A position of this game from its position string.
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(&self, fen: &str) -> Result<Position, JsValue> {
        fairyforge::Position::from_fen(&self.inner, fen)
            .map(Position::new)
            .map_err(|e| error("bad-position", &e.to_string()))
    }

    /// The game's rules as data (`fairyforge describe --json`).
    pub fn describe(&self) -> JsValue {
        to_js(&fairyforge::describe::Description::of(&self.inner))
    }
}

/// The built-in games' names.
#[wasm_bindgen]
pub fn games() -> Vec<String> {
    fairyforge::builtin::game_names()
        .into_iter()
        .map(String::from)
        .collect()
}

/// Checks the text of a variant file: every problem with its line and column (an empty
/// list for a good file without warnings).
#[wasm_bindgen]
pub fn validate(text: &str, name: Option<String>) -> JsValue {
    let name = name.unwrap_or_else(|| "variant.toml".to_string());
    match fairyforge::Variant::loader()
        .builtin_only()
        .parse(&name, text)
    {
        Ok(v) => to_js(&v.warnings().iter().map(diag).collect::<Vec<_>>()),
        Err(e) => to_js(&e.diagnostics().iter().map(diag).collect::<Vec<_>>()),
    }
}
