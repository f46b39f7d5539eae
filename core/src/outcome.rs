//! The end of a game (rules.md § The end of the game, § Optional rules): checkmate, stalemate, threefold repetition, 100 plies
//! without capture, pawn move or drop, and Capture the Scepter; and the game's own rules of
//! its `[end]` table (docs/format.md § The end of the game): the stalemate's result, the bare king,
//! another count of plies.

use std::fmt;

use crate::def::Result3;
use crate::moves::Move;
use crate::position::Position;
use crate::types::Color;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The same position (board, side, rights, en passant, reserves) a third time.
    Repetition,
    /// 100 plies without a capture, a pawn move or a drop.
    HundredPlies,
    /// A king reached an opponent's rear square with Capture the Scepter on (rules.md § Optional rules).
    Scepter,
    /// A side's royal piece was left alone (docs/format.md § The end of the game).
    BareKing,
    /// The game's own count of plies without a capture, a pawn move or a drop
    /// (`draw-plies`, docs/format.md § The end of the game), other than 100.
    PlyLimit,
    /// A side gave the game's number of checks (n-check, docs/format.md § The end of the game).
    Checks,
}

/// A finished game: the winner (none for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
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
            EndReason::BareKing => "bare king",
            EndReason::PlyLimit => "the game's count of plies without a capture, pawn move or drop",
            EndReason::Checks => "giving the game's number of checks",
        };
        match self.winner {
            Some(c) => write!(f, "{} wins by {why}", c.name()),
            None => write!(f, "draw by {why}"),
        }
    }
}

/// The end of the game.
impl Position {
    /// The result if the game is over, considering every rule of docs/rules.md, "The end
    /// of the game".
    pub fn outcome(&self) -> Option<Outcome> {
        outcome(self)
    }

    /// [`Position::outcome`] for a caller that holds the position's legal moves
    /// (`legal`, as [`Position::legal_moves`] gives them): the same answer without
    /// generating them again.
    pub fn outcome_with_moves(&self, legal: &[Move]) -> Option<Outcome> {
        outcome_knowing(self, || legal.is_empty())
    }

    /// The result by Capture the Scepter, if a royal piece stands on an opponent's rear
    /// square, whether a move or the position string put it there: cheaper than
    /// [`Position::outcome`], which also looks for moves.
    pub fn scepter_outcome(&self) -> Option<Outcome> {
        scepter_outcome(self)
    }

    /// The result of the rules that end a game from the position alone, before any move
    /// is looked for: Capture the Scepter, then the bare king (docs/format.md § The end of the
    /// game). A position with such a result has no legal move.
    pub fn immediate_outcome(&self) -> Option<Outcome> {
        immediate_outcome(self)
    }

    /// Has the game's count of plies without a capture, a pawn move or a drop (100, or
    /// its `draw-plies`) been reached? The game is drawn unless this very move mated.
    pub fn draw_plies_reached(&self) -> bool {
        let limit = self.variant().def.end.draw_plies;
        limit > 0 && self.halfmove_clock() >= limit
    }

    /// The result for the side to move if it had no legal move and were not in check
    /// (the game's `stalemate`, docs/format.md § The end of the game): the winner, or `None` for a draw.
    pub fn stalemate_winner(&self) -> Option<Color> {
        self.result_winner(self.variant().def.end.stalemate)
    }

    /// The result for the side to move if it were checkmated (the game's `checkmate`,
    /// docs/format.md § The end of the game: a loss, or in misère chess a win): the
    /// winner, or `None` for a draw.
    pub fn checkmate_winner(&self) -> Option<Color> {
        self.result_winner(self.variant().def.end.checkmate)
    }

    /// The winner of an end that would be a draw (threefold repetition, the count of
    /// plies, a stalemate or checkmate that draws): `None`, or the side that has draw
    /// odds (`draw-odds`, docs/format.md § The end of the game: Armageddon's Black).
    pub fn draw_winner(&self) -> Option<Color> {
        self.variant().def.end.draw_odds
    }

    /// The winner of a result for the side to move, a draw counted for the side with
    /// draw odds.
    fn result_winner(&self, r: Result3) -> Option<Color> {
        match r {
            Result3::Draw => self.draw_winner(),
            Result3::Loss => Some(!self.side_to_move()),
            Result3::Win => Some(self.side_to_move()),
        }
    }

    /// How many times the current position has occurred in this game, counting now.
    pub fn repetitions(&self) -> usize {
        repetitions(self)
    }
}

/// How many times the current position has occurred in this game, counting now.
/// Only positions since the last irreversible move can repeat.
fn repetitions(pos: &Position) -> usize {
    let window = pos.halfmove_clock() as usize;
    1 + pos
        .hash_history()
        .rev()
        .take(window)
        .skip(1)
        .step_by(2)
        .filter(|h| *h == pos.hash())
        .count()
}

/// The result if the game is over, considering every rule of rules.md § The end of the game and § Optional rules.
pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    outcome_knowing(pos, || pos.legal_moves().is_empty())
}

/// The same, with `stuck` saying whether the side to move has no legal move (asked only
/// when the rules before it have not ended the game): for callers that hold the moves.
pub(crate) fn outcome_knowing(pos: &Position, stuck: impl FnOnce() -> bool) -> Option<Outcome> {
    if let Some(o) = immediate_outcome(pos) {
        return Some(o);
    }
    if stuck() {
        let reason = if pos.is_check() {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        let winner = if reason == EndReason::Checkmate {
            // A mate by a `no-mate` drop loses for the side that dropped
            // (docs/format.md § Reserves and drops).
            let us = pos.side_to_move();
            let v = pos.variant();
            let foul = v.drop_mate_rule
                && pos.moves_played().last().is_some_and(|m| {
                    m.is_drop() && m.dropped().is_some_and(|k| v.drops[(k, !us)].no_mate)
                });
            if foul {
                Some(us)
            } else {
                pos.checkmate_winner()
            }
        } else {
            pos.stalemate_winner()
        };
        return Some(Outcome { winner, reason });
    }
    if repetitions(pos) >= 3 {
        return Some(Outcome {
            winner: pos.draw_winner(),
            reason: EndReason::Repetition,
        });
    }
    let limit = pos.variant().def.end.draw_plies;
    if limit > 0 && pos.halfmove_clock() >= limit {
        let reason = if limit == 100 {
            EndReason::HundredPlies
        } else {
            EndReason::PlyLimit
        };
        return Some(Outcome {
            winner: pos.draw_winner(),
            reason,
        });
    }
    None
}

/// Capture the Scepter, n-check, then the bare king: the rules that end a game from the
/// position alone.
fn immediate_outcome(pos: &Position) -> Option<Outcome> {
    if let Some(o) = scepter_outcome(pos) {
        return Some(o);
    }
    if let Some(winner) = pos.checks_winner() {
        return Some(Outcome {
            winner: Some(winner),
            reason: EndReason::Checks,
        });
    }
    let loser = pos.bare_king_loser()?;
    Some(Outcome {
        winner: Some(!loser),
        reason: EndReason::BareKing,
    })
}

/// A game over by Capture the Scepter (a royal piece on an opponent's rear square), if
/// any: won by that piece's side, or drawn, as the game says (rules.md § Optional rules).
fn scepter_outcome(pos: &Position) -> Option<Outcome> {
    let holder = pos.scepter_holder()?;
    let win = pos.variant().scepter.as_ref().is_some_and(|(_, w)| *w);
    Some(Outcome {
        winner: if win { Some(holder) } else { pos.draw_winner() },
        reason: EndReason::Scepter,
    })
}

#[cfg(test)]
impl Position {
    /// Plays a random legal move (the tests' random games); `false`, and nothing played,
    /// when the game is over here.
    pub(crate) fn play_random(&mut self, rng: &mut crate::testrng::Rng) -> bool {
        let moves = self.legal_moves();
        if moves.is_empty() || self.immediate_outcome().is_some() {
            return false;
        }
        self.play_unchecked(&moves[rng.below(moves.len())]);
        true
    }
}
