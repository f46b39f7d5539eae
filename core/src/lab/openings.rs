//! Openings of a match: the game's start, or `random-plies:K` — K random legal plies from
//! the start, the same for both games of a pair (each engine plays each opening once with
//! either colour).

use crate::{Move, Position};

/// How games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// From the start position.
    Start,
    /// K random legal plies first.
    RandomPlies(u32),
}

impl std::str::FromStr for Openings {
    type Err = String;

    fn from_str(s: &str) -> Result<Openings, String> {
        if s == "none" || s == "start" {
            return Ok(Openings::Start);
        }
        if let Some(k) = s.strip_prefix("random-plies:") {
            let k: u32 = k
                .parse()
                .map_err(|_| format!("`{k}` is not a number of plies"))?;
            if k > 100 {
                return Err(format!("{k} random plies is too many: at most 100"));
            }
            return Ok(Openings::RandomPlies(k));
        }
        Err(format!(
            "`{s}`: openings are `none` or `random-plies:K` (K random legal plies first)"
        ))
    }
}

/// A small seeded generator (SplitMix64): the same seed gives the same openings on every
/// machine.
pub struct Rng(u64);

impl Rng {
    /// A generator from its seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

impl std::fmt::Display for Openings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Openings::Start => f.write_str("none"),
            Openings::RandomPlies(k) => write!(f, "random-plies:{k}"),
        }
    }
}

impl Openings {
    /// The opening moves of pair `pair` from `start` (never a finished game).
    pub fn moves(&self, start: &Position, seed: u64, pair: u64) -> Vec<Move> {
        let Openings::RandomPlies(k) = *self else {
            return Vec::new();
        };
        let mut rng = Rng::new(seed ^ pair.wrapping_mul(0x2545_f491_4f6c_dd1d));
        // A few tries for an opening that leaves the game going; else a shorter one.
        for _ in 0..100 {
            let mut p = start.clone();
            let mut moves = Vec::new();
            for _ in 0..k {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                p.play_unchecked(&m);
                moves.push(m);
            }
            if moves.len() == k as usize && p.outcome().is_none() {
                return moves;
            }
        }
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn openings_are_read_and_repeatable() {
        assert_eq!("random-plies:8".parse(), Ok(Openings::RandomPlies(8)));
        assert_eq!("none".parse(), Ok(Openings::Start));
        assert!("random:8".parse::<Openings>().is_err());
        assert!("random-plies:x".parse::<Openings>().is_err());
        let v = Variant::builtin("capablanca").unwrap();
        let p = Position::start(&v);
        let o = Openings::RandomPlies(6);
        let a = o.moves(&p, 1, 3);
        assert_eq!(a.len(), 6);
        assert_eq!(a, o.moves(&p, 1, 3));
        assert_ne!(a, o.moves(&p, 1, 4));
        assert!(Openings::Start.moves(&p, 1, 3).is_empty());
        assert_eq!(o.to_string(), "random-plies:6");
        assert_eq!(Openings::Start.to_string(), "none");
    }
}
