//! Search scores: centipawns or a forced game end at a distance, and the internal integer
//! scale both engines search with.

use std::fmt;

use crate::types::Color;

/// Deepest ply a search may reach (the stack of a search has this many frames).
pub(crate) const MAX_PLY: usize = 128;
/// The score of winning now (checkmate given at the root); a win `n` plies away scores
/// `MATE - n`.
pub(crate) const MATE: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are mates (or other forced game ends).
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score.
pub(crate) const INF: i32 = MATE + 1;

/// A search score from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// `Mate(n)`, `n > 0`: the side to move wins (checkmate, or another game end such as
    /// Capture the Scepter) with its n-th move; `n < 0`: it loses after `-n` moves.
    Mate(i32),
}

impl fmt::Display for Score {
    /// `cp 35` or `mate -2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

impl Score {
    pub(crate) fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }

    /// Is this a forced win or loss?
    pub fn is_mate(&self) -> bool {
        matches!(self, Score::Mate(_))
    }

    /// The score in a player's words, from White's side, for a score of `mover` (the side
    /// to move): `White mates in 2`, `Black is better by 0.35`, or `level` within a tenth
    /// of a pawn.
    pub fn words(&self, mover: Color) -> String {
        let white = mover == Color::White;
        match *self {
            Score::Mate(n) => {
                let winner = if (n > 0) == white { "White" } else { "Black" };
                format!("{winner} mates in {}", n.unsigned_abs())
            }
            Score::Cp(cp) => match if white { cp } else { -cp } {
                -10..=10 => "level".to_string(),
                c if c > 0 => format!("White is better by {:.2}", c as f64 / 100.0),
                c => format!("Black is better by {:.2}", -(c as f64) / 100.0),
            },
        }
    }
}

/// A mate score as stored in a transposition table: relative to the node instead of the
/// root, so that it stays right when the node is reached at another ply.
#[inline]
pub(crate) fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A stored score back at the ply where it is read.
#[inline]
pub(crate) fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// Winning (positive) or losing at `ply` plies from the root.
#[inline]
pub(crate) fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub(crate) fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        // Mate in 3 plies seen from ply 4: 7 plies from the root.
        let s = MATE - 7;
        assert_eq!(to_tt(s, 4), MATE - 3);
        assert_eq!(from_tt(MATE - 3, 4), s);
        // Reached again at ply 2, the same mate is 5 plies from the root.
        assert_eq!(from_tt(MATE - 3, 2), MATE - 5);
        assert_eq!(to_tt(-MATE + 6, 6), -MATE);
        assert_eq!(from_tt(-MATE, 1), -MATE + 1);
        assert_eq!(to_tt(250, 9), 250);
    }

    #[test]
    fn scores_in_words_are_from_white_s_side() {
        use crate::types::Color::{Black, White};
        assert_eq!(Score::Cp(35).words(White), "White is better by 0.35");
        assert_eq!(Score::Cp(35).words(Black), "Black is better by 0.35");
        assert_eq!(Score::Cp(-120).words(White), "Black is better by 1.20");
        assert_eq!(Score::Cp(10).words(Black), "level");
        assert_eq!(Score::Cp(-11).words(Black), "White is better by 0.11");
        assert_eq!(Score::Mate(2).words(Black), "Black mates in 2");
        assert_eq!(Score::Mate(-3).words(Black), "White mates in 3");
        assert_eq!(Score::Mate(1).words(White), "White mates in 1");
    }

    #[test]
    fn internal_scores_convert_to_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_internal(-MATE + 4), Score::Mate(-2));
        assert_eq!(Score::from_internal(-35), Score::Cp(-35));
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
        assert_eq!(Score::Cp(12).to_string(), "cp 12");
        assert_eq!(mated_in(3), -MATE + 3);
        assert_eq!(mate_in(3), MATE - 3);
    }
}
