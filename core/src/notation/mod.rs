//! Move text, one submodule per form, each with its reader and its writer:
//! - [`long`]: the long form every interface reads and writes (docs/rules.md, "Move
//!   text"): `e2e5`, `e9e10q`, `J@e2e5`, `f1h1i1g1`;
//! - [`readable`]: the short forms players type and read (`e5`, `Nf3`, `exd6`, `e10=Q`,
//!   `J@e4`, `O-O`), also used in PGN;
//! - [`gui`]: the long form as chess GUIs and engines write it, castling as the king's
//!   move (`e1g1`).
//!
//! The methods of [`Position`] below are the API: the command line, the studio, the engine
//! protocols and PGN call them, and write no move text of their own.

mod gui;
mod long;
mod readable;

pub use long::{Malformed, MoveError};
pub use readable::{Illegal, InputError, Unreadable};

use crate::moves::Move;
use crate::position::Position;

/// A move of a list of move texts that could not be played ([`Position::play_text`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {} ({}): {error}", .index + 1, .text)]
pub struct PlayTextError {
    /// The place of the move in the list, from 0.
    pub index: usize,
    /// The move's text.
    pub text: String,
    /// Why it was not played.
    pub error: MoveError,
}

/// Move text.
impl Position {
    /// The long text of a move of this position (docs/rules.md, "Move text"): `e2e5`,
    /// `e9e10q`, `J@e2e5`, castling as the king's move then the rook's, `f1h1i1g1`.
    pub fn move_text(&self, m: &Move) -> String {
        long::move_text(self, m)
    }

    /// Finds the legal move with this long text.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        long::parse_move(self, text)
    }

    /// Resolves what a player typed to a legal move: the long text, or a short form such
    /// as `Nf3`, `exd6`, `e10=Q`, `J@e5` or `O-O` (see [`InputError`] for the reasons one
    /// is refused).
    pub fn parse_input(&self, input: &str) -> Result<Move, InputError> {
        readable::parse_input(self, input)
    }

    /// The readable text of a legal move (the SAN of chess, extended to every game):
    /// `O-O` or `O-O-O` for the only castling that way, else the shortest short form that
    /// names it alone among the legal moves (`e5`, `exd6`, `Fxf8`, `Nbd2`, `e10=Q`,
    /// `J@e4`, `Kh1`), else its long text. [`Position::parse_input`] reads it back to the same move.
    ///
    /// ```
    /// use fairyforge::{Position, Variant};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let pos = Position::start(&chess);
    /// let m = pos.parse_move("g1f3").unwrap();
    /// assert_eq!(pos.readable_text(&m), "Nf3");
    /// assert_eq!(pos.parse_input("Nf3"), Ok(m));
    /// ```
    pub fn readable_text(&self, m: &Move) -> String {
        let to = m.to();
        let same_end: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|x| x.to() == to)
            .collect();
        readable::write(self, m, &same_end)
    }

    /// The readable text of a legal move as a game record writes it: followed by `+` when
    /// it gives check, by `#` when it gives check and leaves no legal move (`Qxf7#`).
    pub fn readable_text_marked(&self, m: &Move) -> String {
        let mut text = self.readable_text(m);
        let mut after = self.clone();
        after.play_unchecked(m);
        if after.is_check() {
            text.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        text
    }

    /// The readable texts of legal moves of this position ([`Position::readable_text`] of
    /// each), with one move generation for all.
    pub fn readable_texts(&self, moves: &[Move]) -> Vec<String> {
        readable::write_all(self, moves)
    }

    /// A legal move as chess GUIs and engines write it (UCI, XBoard): its long text, except
    /// castling, written as the king's move (`e1g1`) unless another legal move has that
    /// text.
    pub fn gui_text(&self, m: &Move) -> String {
        gui::write(self, m)
    }

    /// Reads a move as chess GUIs and engines write it: the long text, castling as the
    /// king's move (`e1g1`), promotion letters in either case (`e7e8Q`).
    pub fn parse_gui_text(&self, text: &str) -> Result<Move, MoveError> {
        gui::read(self, text)
    }

    /// Plays moves given as long text, in order, stopping at the first that is not legal.
    pub fn play_text(&mut self, moves: &[&str]) -> Result<(), PlayTextError> {
        for (index, t) in moves.iter().enumerate() {
            let m = self.parse_move(t).map_err(|error| PlayTextError {
                index,
                text: t.to_string(),
                error,
            })?;
            self.play_unchecked(&m);
        }
        Ok(())
    }
}
