//! `Position`: a game in progress.

use wasm_bindgen::prelude::*;

use crate::js::error;

/// A position of a game, with the moves that led to it (for `undo`).
#[wasm_bindgen]
pub struct Position {
    pos: fairyforge::Position,
}

impl Position {
    pub(crate) fn new(pos: fairyforge::Position) -> Position {
        Position { pos }
    }
}

#[wasm_bindgen]
impl Position {
    /// The position string.
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// Plays a move given as move text or in a short form.
    pub fn play(&mut self, text: &str) -> Result<String, JsValue> {
        let m = self
            .pos
            .parse_input(text)
            .map_err(|e| error("bad-move", &e.to_string()))?;
        let t = self.pos.move_text(&m);
        self.pos
            .play(&m)
            .map_err(|e| error("bad-move", &e.to_string()))?;
        Ok(t)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<String> {
        self.pos.undo().map(|_| String::new())
    }

    /// The number of move paths of `depth` plies (perft).
    pub fn perft(&mut self, depth: u32) -> f64 {
        fairyforge::perft(&mut self.pos, depth) as f64
    }

    /// The legal moves as move text.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.pos
            .legal_moves()
            .iter()
            .map(|m| self.pos.move_text(m))
            .collect()
    }
}
