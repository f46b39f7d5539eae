//! `Variant`: a game compiled from a built-in name or from the text of a variant file;
//! and the catalogue's free functions (`games`, `catalog`, `source`, `validate`).

use fairyforge::contract;
use fairyforge::service::{self, Compiled, variants};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use crate::js::{from_js, thrown, to_js};
use crate::position::Position;

/// `Variant.fromText`'s options.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TextOptions {
    name: Option<String>,
    #[serde(default)]
    options: Vec<String>,
}

/// `pieceMoves`' options.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceOptions {
    at: Option<String>,
    color: Option<String>,
    #[serde(default)]
    blockers: Vec<contract::Blocker>,
}

/// A game: its board, pieces and rules, compiled once. Any number of variants live side
/// by side; nothing is global.
#[wasm_bindgen]
pub struct Variant {
    pub(crate) inner: Compiled,
}

#[wasm_bindgen]
impl Variant {
    /// A built-in game (`games()` lists them) with optional rules: `NAME` or `NAME=on`
    /// turns one on, `NAME=off` off. Throws `unknown-game` (with a suggestion) or
    /// `unknown-option`.
    pub fn builtin(
        name: &str,
        #[wasm_bindgen(unchecked_param_type = "string[]")] options: Option<Vec<String>>,
    ) -> Result<Variant, JsValue> {
        let options = options.unwrap_or_default();
        thrown(variants::check_options(&options))?;
        let inner = thrown(variants::compile_builtin(name, &options))?;
        Ok(Variant { inner })
    }

    /// A game from the text of a variant file. `name` is the file name used in messages
    /// (default `variant.toml`), `options` as for `builtin`. The file may import the
    /// built-in piece library and extend the built-in games, and reads nothing else. A file
    /// with errors throws a `bad-variant` error whose `diagnostics` list every problem with
    /// its line and column.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(
        text: &str,
        #[wasm_bindgen(unchecked_param_type = "{ name?: string, options?: string[] }")]
        options: JsValue,
    ) -> Result<Variant, JsValue> {
        let o: TextOptions = from_js(&options, "Variant.fromText's options")?;
        thrown(variants::check_options(&o.options))?;
        thrown(variants::check_text(text))?;
        let name = variants::file_name(o.name.as_deref());
        let inner = thrown(variants::compile_text(&name, text, &o.options))?;
        Ok(Variant { inner })
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The file of the built-in network this game plays with (`capablanca.nnue`), when the
    /// module has not been given it yet: load that file from the package's `nets/` folder
    /// and hand it to `supplyNetwork`. `undefined` for a game without a network, or once
    /// it is supplied (until then the game evaluates by hand).
    #[wasm_bindgen(getter, js_name = wantedNetwork)]
    pub fn wanted_network(&self) -> Option<String> {
        fairyforge::nnue::wanted(&self.inner)
    }

    /// What the game is: board (every square, with file, rank and colour), pieces (letter,
    /// name, value, primitives), the library's other pieces, setup, options, reserves.
    #[wasm_bindgen(getter, unchecked_return_type = "VariantInfo")]
    pub fn metadata(&self) -> JsValue {
        to_js(&variants::variant_info(&self.inner))
    }

    /// The warnings of the file it was loaded from (it loads, but probably does not say
    /// what its author meant).
    #[wasm_bindgen(unchecked_return_type = "Diag[]")]
    pub fn warnings(&self) -> JsValue {
        to_js(
            &self
                .inner
                .warnings()
                .iter()
                .map(variants::diag)
                .collect::<Vec<_>>(),
        )
    }

    /// The game's rules as data, as `fairyforge describe --json` prints them.
    #[wasm_bindgen(unchecked_return_type = "Description")]
    pub fn describe(&self) -> JsValue {
        to_js(&fairyforge::describe::Description::of(&self.inner))
    }

    /// The game's rules as text (Markdown), as `fairyforge describe` prints them.
    #[wasm_bindgen(js_name = describeText)]
    pub fn describe_text(&self) -> String {
        fairyforge::describe::Description::of(&self.inner).text()
    }

    /// The start position.
    pub fn start(&self) -> Position {
        Position::new(service::Game::start(&self.inner, None).expect("the setup was checked"))
    }

    /// A position of this game from its position string. Throws `bad-position` with the
    /// string and a caret under the problem.
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(&self, fen: &str) -> Result<Position, JsValue> {
        thrown(service::Game::start(&self.inner, Some(fen))).map(Position::new)
    }

    /// Where a piece goes on an empty board of this game: a piece of the game or of the
    /// built-in library (id such as `flying-bomber`, or letter), on square `at` (default:
    /// the middle of the board), of `color` (`white`, the default, or `black`), with
    /// `blockers`: other pieces, friends or enemies, that block it or that it captures.
    #[wasm_bindgen(js_name = pieceMoves, unchecked_return_type = "Explorer")]
    pub fn piece_moves(
        &self,
        piece: &str,
        #[wasm_bindgen(
            unchecked_param_type = "{ at?: string, color?: Side, blockers?: Blocker[] }"
        )]
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let o: PieceOptions = from_js(&options, "pieceMoves' options")?;
        let req = contract::PieceRequest {
            variant: contract::VariantRef::default(),
            piece: piece.to_string(),
            color: o.color,
            at: o.at,
            blockers: o.blockers,
        };
        thrown(service::explorer::explore(&self.inner, &req)).map(|e| to_js(&e))
    }
}

/// The built-in games' names, in the order `fairyforge list` gives them.
#[wasm_bindgen]
pub fn games() -> Vec<String> {
    variants::catalog()
        .games
        .into_iter()
        .map(|g| g.id)
        .collect()
}

/// The built-in games with their options, the example files, the piece library and the
/// studio's limits (as the studio's `GET /api/games`).
#[wasm_bindgen(unchecked_return_type = "Catalog")]
pub fn catalog() -> JsValue {
    to_js(&variants::catalog())
}

/// The text of a built-in game, example (`examples/NAME`) or piece library (`pieces`).
#[wasm_bindgen(unchecked_return_type = "Source")]
pub fn source(name: &str) -> Result<JsValue, JsValue> {
    thrown(variants::source(name)).map(|s| to_js(&s))
}

/// Checks the text of a variant file: `ok`, and every problem with its file, line,
/// column, end, message and hint (`label`), as `fairyforge validate` finds them. A broken
/// file is an answer here, not an error. `name` is the file name used in messages
/// (default `variant.toml`).
#[wasm_bindgen(unchecked_return_type = "Validation")]
pub fn validate(text: &str, name: Option<String>) -> Result<JsValue, JsValue> {
    thrown(variants::check_text(text))?;
    Ok(to_js(&variants::validate(
        &variants::file_name(name.as_deref()),
        text,
    )))
}
