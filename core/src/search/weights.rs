//! The evaluation's weights: named numbers (centipawns, or percent where said), with
//! middle-game and end-game values for the terms whose worth changes as pieces come off.
//! They are the output of the tuning procedure (`docs/engine.md`) and can be overridden
//! one by one in engine settings (`eval.mobility_mg=4`).

/// The weights of the evaluation, by index (see [`Weights::NAMES`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    values: [i32; COUNT],
}

macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident = $text:literal : $value:expr;)*) => {
        /// Indices of the weights.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        #[repr(usize)]
        pub(crate) enum W { $($(#[$doc])* $name,)* }
        const COUNT: usize = [$(W::$name),*].len();
        impl Weights {
            /// The names of the weights, in index order.
            pub const NAMES: [&'static str; COUNT] = [$($text),*];
            const DEFAULTS: [i32; COUNT] = [$($value),*];
        }
    };
}

weights! {
    /// Per square a piece reaches from its square (on an empty board) beyond its average.
    ReachMg = "reach_mg": 3;
    ReachEg = "reach_eg": 3;
    /// Per step nearer the centre.
    CentreMg = "centre_mg": 3;
    CentreEg = "centre_eg": 2;
    /// The royal piece: per square it reaches beyond its average (negative in the middle
    /// game: a king tucked away is safer).
    KingReachMg = "king_reach_mg": -4;
    KingReachEg = "king_reach_eg": 6;
    /// Per pseudo-legal move of a side.
    MobilityMg = "mobility_mg": 3;
    MobilityEg = "mobility_eg": 3;
    /// A piece in reserve, in percent of its value on the board.
    HandMg = "hand_mg": 105;
    HandEg = "hand_eg": 95;
    /// King danger: per (attack units x attacked squares of the king's neighbourhood) / 16.
    KingAttack = "king_attack": 14;
    /// Per own piece in the king's neighbourhood (middle game).
    KingShield = "king_shield": 8;
    /// Attack units per 100 centipawns of the opponent's reserve (pieces it may drop near
    /// the king).
    HandDanger = "hand_danger": 2;
    /// A passed pawn-like piece fully advanced (scaled by the square of its progress).
    PassedMg = "passed_mg": 40;
    PassedEg = "passed_eg": 160;
    /// Per pawn-like piece with another of its side on its file.
    DoubledMg = "doubled_mg": -10;
    DoubledEg = "doubled_eg": -20;
    /// Per pawn-like piece with none of its side on the neighbouring files.
    IsolatedMg = "isolated_mg": -10;
    IsolatedEg = "isolated_eg": -15;
    /// A pawn-like piece fully advanced toward promotion (linear in its progress).
    AdvanceMg = "advance_mg": 10;
    AdvanceEg = "advance_eg": 50;
    /// The side to move.
    Tempo = "tempo": 15;
    /// Lone king: per step of the lone king from the centre, and per step the kings are
    /// closer.
    MopupEdge = "mopup_edge": 50;
    MopupClose = "mopup_close": 20;
    /// Without pawn-like pieces, an advantage smaller than this (centipawns) hardly wins:
    /// the score is divided by 8.
    DrawishMargin = "drawish_margin": 400;
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            values: Weights::DEFAULTS,
        }
    }
}

impl Weights {
    #[inline]
    pub(crate) fn get(&self, w: W) -> i32 {
        self.values[w as usize]
    }

    /// The value of a weight by name.
    pub fn value(&self, name: &str) -> Option<i32> {
        let i = Weights::NAMES.iter().position(|n| *n == name)?;
        Some(self.values[i])
    }

    /// Sets a weight by name; false when there is no such weight.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match Weights::NAMES.iter().position(|n| *n == name) {
            Some(i) => {
                self.values[i] = value;
                true
            }
            None => false,
        }
    }

    /// The weights as `name=value` pairs, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, i32)> + '_ {
        Weights::NAMES
            .iter()
            .copied()
            .zip(self.values.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_by_name() {
        let mut w = Weights::default();
        assert_eq!(w.value("tempo"), Some(15));
        assert_eq!(w.get(W::Tempo), 15);
        assert!(w.set("mobility_mg", 7));
        assert_eq!(w.get(W::MobilityMg), 7);
        assert!(!w.set("nonsense", 1));
        assert_eq!(w.iter().count(), Weights::NAMES.len());
        // Names are unique.
        let mut names = Weights::NAMES.to_vec();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Weights::NAMES.len());
    }
}
