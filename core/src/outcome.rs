//! The end of a game (R24, R25): checkmate, stalemate, threefold repetition, 100 plies
//! without capture, pawn move or drop, and Capture the Scepter.

use std::fmt;

use crate::position::Position;
use crate::types::Color;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// The same position (board, side, rights, en passant, reserves) a third time.
    Repetition,
    /// 100 plies without a capture, a pawn move or a drop.
    HundredPlies,
    /// A king reached an opponent's rear square with Capture the Scepter on (R25).
    Scepter,
}

/// A finished game: the winner (none for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "threefold repetition",
            EndReason::HundredPlies => "100 plies without a capture, pawn move or drop",
            EndReason::Scepter => "Capture the Scepter",
        };
        match self.winner {
            Some(c) => write!(f, "{} wins by {why}", c.name()),
            None => write!(f, "draw by {why}"),
        }
    }
}

impl Position {
    /// How many times the current position has occurred in this game, counting now.
    /// Only positions since the last irreversible move can repeat.
    pub fn repetitions(&self) -> usize {
        let hashes: Vec<u64> = self.hash_history().collect();
        let window = (self.halfmove as usize).min(hashes.len());
        1 + hashes[hashes.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|h| **h == self.hash)
            .count()
    }

    /// The result if the game is over, considering every rule of R24 and R25.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.scepter_outcome() {
            return Some(o);
        }
        if self.legal_moves().is_empty() {
            let reason = if self.in_check() {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            let winner = if reason == EndReason::Checkmate {
                Some(!self.side)
            } else {
                None
            };
            return Some(Outcome { winner, reason });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            });
        }
        if self.halfmove >= 100 {
            return Some(Outcome {
                winner: None,
                reason: EndReason::HundredPlies,
            });
        }
        None
    }

    /// A game ended by the last move itself (Capture the Scepter), if any.
    pub fn scepter_outcome(&self) -> Option<Outcome> {
        if !self.ended {
            return None;
        }
        let win = self.variant.scepter.as_ref().is_some_and(|(_, w)| *w);
        Some(Outcome {
            winner: if win { Some(!self.side) } else { None },
            reason: EndReason::Scepter,
        })
    }
}
