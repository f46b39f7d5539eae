//! `Position`: a game in progress, with its moves (for `undo`) and its own searcher.

use std::sync::Arc;
use std::time::Duration;

use fairyforge::contract::{self, ApiError};
use fairyforge::limits::MAX_SEARCH_DEPTH;
use fairyforge::nnue::Network;
use fairyforge::search::{Searcher, StopProbe};
use fairyforge::service::{self, Game, ThinkLimits};
use wasm_bindgen::prelude::*;

use crate::js::{error, thrown, to_js};

/// The transposition table of a position's searcher, in megabytes.
const TT_MB: usize = 16;
/// The thinking time of a search given no limit.
const DEFAULT_TIME_MS: f64 = 1000.0;

/// A position of a game, with the moves that led to it from where it started. Moves are
/// accepted as move text (`e2e5`, `J@e2e4`, `f1h1i1g1`) or in the short forms players
/// type (`e5`, `Fxf8`, `J@e4`, `O-O`); moves come back as `MoveInfo`: the move text, the
/// readable text, from, to, every square whose piece it captures, every square it
/// empties, and when they apply the promotion, the dropped piece and the castling rook.
#[wasm_bindgen]
pub struct Position {
    game: Game,
    /// Made at the first search; keeps what it learnt for the searches that follow.
    searcher: Option<Searcher>,
    /// The network the searches evaluate with (`setNetwork`; none: the game's built-in
    /// one, if it has one).
    network: Option<Arc<Network>>,
    /// Whether networks evaluate at all (`setNnue`).
    nnue: bool,
}

impl Position {
    pub(crate) fn new(game: Game) -> Position {
        Position {
            game,
            searcher: None,
            network: None,
            nnue: true,
        }
    }

    fn not_over(&self) -> Result<(), JsValue> {
        match self.game.outcome() {
            Some(o) => Err(error(&ApiError::invalid(
                "game-over",
                format!("the game is over: {o}"),
            ))),
            None => Ok(()),
        }
    }
}

#[wasm_bindgen]
impl Position {
    /// The position string.
    pub fn fen(&self) -> String {
        self.game.pos.fen()
    }

    /// The side to move: `white` or `black`.
    #[wasm_bindgen(getter, unchecked_return_type = "Side")]
    pub fn turn(&self) -> JsValue {
        to_js(&contract::Side::from(self.game.pos.side_to_move()))
    }

    /// Moves played since the position was made.
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.game.history.len()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.game.pos.is_check()
    }

    /// The end of the game (winner, reason, in words), or `null` while it goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        match self.game.outcome() {
            Some(o) => to_js(&contract::Outcome::from(o)),
            None => JsValue::NULL,
        }
    }

    /// The legal moves (none once the game is over).
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "MoveInfo[]")]
    pub fn legal_moves(&self) -> JsValue {
        if self.game.outcome().is_some() {
            return to_js(&Vec::<contract::MoveInfo>::new());
        }
        to_js(&service::game::move_infos(
            &self.game.pos,
            &self.game.pos.legal_moves(),
        ))
    }

    /// The legal moves of the piece on `square` (or, for drops, dropped on it). Throws
    /// `bad-square` for a square the board does not have.
    #[wasm_bindgen(js_name = movesFrom, unchecked_return_type = "MoveInfo[]")]
    pub fn moves_from(&self, square: &str) -> Result<JsValue, JsValue> {
        if self.game.outcome().is_some() {
            return Ok(to_js(&Vec::<contract::MoveInfo>::new()));
        }
        thrown(service::game::moves_from(&self.game.pos, Some(square))).map(|m| to_js(&m))
    }

    /// Plays a move (text in any form above); returns it as played, check and mate
    /// marked. Throws `bad-move` (saying why) or `game-over`.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo")]
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsValue> {
        self.not_over()?;
        let info = self.game.play_text(text).map_err(|why| {
            error(&ApiError::invalid(
                "bad-move",
                format!("`{}`: {why}", text.trim()),
            ))
        })?;
        Ok(to_js(&info))
    }

    /// Takes back the last move and returns it, or `undefined` when no move was played.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo | undefined")]
    pub fn undo(&mut self) -> JsValue {
        match self.game.undo() {
            Some(m) => to_js(&*m),
            None => JsValue::UNDEFINED,
        }
    }

    /// The moves played since the position was made, check and mate marked.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo[]")]
    pub fn history(&self) -> JsValue {
        to_js(&self.game.history)
    }

    /// Everything a board shows: position string, turn, check (and the checked royal
    /// piece's square), the end, the board (square to letter), reserves, the moves played
    /// and the legal moves (as the studio's `/api/position`).
    #[wasm_bindgen(unchecked_return_type = "State")]
    pub fn state(&self) -> JsValue {
        to_js(&self.game.state())
    }

    /// A copy (without the searcher's memory, with its network).
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> Position {
        let mut p = Position::new(self.game.clone());
        p.network = self.network.clone();
        p.nnue = self.nnue;
        p
    }

    /// Gives the searches a network to evaluate with: the bytes of a network file made
    /// for this game (`fairyforge train GAME -o FILE`; docs/engine.md, "The learned
    /// evaluation"); `null` takes it away (the game's built-in network if it ships one, else
    /// the hand-set evaluation). Throws `bad-network`
    /// with the reason for bytes that are not a network of this game (another game's, a
    /// file cut short, another version of the format...): the searches keep what they had.
    #[wasm_bindgen(js_name = setNetwork)]
    pub fn set_network(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | null")] bytes: Option<Vec<u8>>,
    ) -> Result<(), JsValue> {
        self.network = match bytes {
            Some(b) => Some(thrown(service::engine::network(
                &b,
                self.game.pos.variant(),
            ))?),
            None => None,
        };
        if let Some(s) = &mut self.searcher {
            s.set_network(self.network.clone());
        }
        Ok(())
    }

    /// Switches networks on (the default) or off: off, the searches evaluate by hand,
    /// whatever network was given or ships with the game.
    #[wasm_bindgen(js_name = setNnue)]
    pub fn set_nnue(&mut self, on: bool) {
        self.nnue = on;
        if let Some(s) = &mut self.searcher {
            s.set_nnue(on);
        }
    }

    /// The number of move paths of `depth` plies (perft; the game's end stops a path, the
    /// draw rules do not).
    pub fn perft(&mut self, depth: u32) -> f64 {
        fairyforge::perft(&mut self.game.pos, depth) as f64
    }

    /// Perft split by first move: one entry per legal move (move text, readable text,
    /// count), sorted by move text.
    #[wasm_bindgen(unchecked_return_type = "DivideEntry[]")]
    pub fn divide(&mut self, depth: u32) -> JsValue {
        let never = std::sync::atomic::AtomicBool::new(false);
        let counted =
            service::engine::perft(&mut self.game.pos, depth, true, &never, Duration::MAX);
        match counted {
            Ok(p) => to_js(&p.divide.unwrap_or_default()),
            // No stop and no time limit: a count always finishes.
            Err(_) => to_js(&Vec::<contract::DivideEntry>::new()),
        }
    }

    /// The computer's move: searches within `limits` and returns the move (check and mate
    /// marked) with its line (depth, score, principal variation, nodes, time). `time` is
    /// in milliseconds, `depth` in plies, `nodes` a node budget; with none of them the
    /// search thinks for 1 second. `stop`, an `Int32Array` (on a `SharedArrayBuffer`), stops
    /// the search when another thread stores a value other than 0 at its index 0
    /// (`Atomics.store(stop, 0, 1)`); it is read with `Atomics.load`. Throws `game-over`
    /// or `bad-limit`.
    #[wasm_bindgen(unchecked_return_type = "Thought")]
    pub fn search(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SearchLimits")] limits: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.not_over()?;
        let (lim, stop) = read_limits(&limits)?;
        let network = self.network.clone();
        let nnue = self.nnue;
        let searcher = self.searcher.get_or_insert_with(|| {
            let mut s = Searcher::new(TT_MB);
            s.set_network(network);
            s.set_nnue(nnue);
            s
        });
        searcher.set_stop_probe(stop);
        let lines = service::engine::think(searcher, &self.game.pos, lim);
        searcher.set_stop_probe(None);
        thrown(service::thought(&self.game.pos, lines)).map(|t| to_js(&t))
    }
}

/// A number field of the limits, if given: a finite number from `min` to `max`.
fn number(limits: &JsValue, key: &str, min: f64, max: f64) -> Result<Option<f64>, JsValue> {
    let v = js_sys::Reflect::get(limits, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(x) if x.is_finite() && x >= min && x <= max => Ok(Some(x)),
        _ => Err(error(&ApiError::invalid(
            "bad-limit",
            format!("`{key}`: give a number from {min} to {max}"),
        ))),
    }
}

/// `search`'s limits: time (ms), depth, nodes, and the stop flag.
fn read_limits(limits: &JsValue) -> Result<(ThinkLimits, Option<StopProbe>), JsValue> {
    if limits.is_undefined() || limits.is_null() {
        return Ok((
            ThinkLimits {
                time: Duration::from_millis(DEFAULT_TIME_MS as u64),
                depth: None,
                nodes: None,
            },
            None,
        ));
    }
    if !limits.is_object() {
        return Err(error(&ApiError::bad_request(
            "search's limits: give an object such as { time: 1000 }",
        )));
    }
    let time = number(limits, "time", 1.0, 86_400_000.0)?;
    let depth = number(limits, "depth", 1.0, MAX_SEARCH_DEPTH as f64)?;
    let nodes = number(limits, "nodes", 1.0, 9e15)?;
    let time = match (time, depth, nodes) {
        (Some(t), _, _) => Duration::from_millis(t as u64),
        (None, None, None) => Duration::from_millis(DEFAULT_TIME_MS as u64),
        // A depth or a node budget alone: no time limit.
        _ => Duration::MAX,
    };
    let stop =
        js_sys::Reflect::get(limits, &JsValue::from_str("stop")).unwrap_or(JsValue::UNDEFINED);
    let probe = if stop.is_undefined() || stop.is_null() {
        None
    } else {
        let flag = stop.dyn_into::<js_sys::Int32Array>().map_err(|_| {
            error(&ApiError::bad_request(
                "`stop`: give an Int32Array, on a SharedArrayBuffer to stop from another thread",
            ))
        })?;
        Some(stop_probe(flag))
    };
    Ok((
        ThinkLimits {
            time,
            depth: depth.map(|d| d as u32),
            nodes: nodes.map(|n| n as u64),
        },
        probe,
    ))
}

/// The flag of an `Int32Array`, read with `Atomics.load` whenever the search looks at its
/// clock.
#[cfg(target_arch = "wasm32")]
fn stop_probe(flag: js_sys::Int32Array) -> StopProbe {
    struct Shared(js_sys::Int32Array);
    // SAFETY: wasm32-unknown-unknown is built without the `atomics` feature: the module
    // runs in one thread, so the array is never touched from two.
    unsafe impl Send for Shared {}
    unsafe impl Sync for Shared {}
    let shared = Shared(flag);
    Arc::new(move || js_sys::Atomics::load(&shared.0, 0).is_ok_and(|v| v != 0))
}

/// Off WebAssembly there is no JavaScript to read a flag from.
#[cfg(not(target_arch = "wasm32"))]
fn stop_probe(_flag: js_sys::Int32Array) -> StopProbe {
    Arc::new(|| false)
}
