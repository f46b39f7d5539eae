//! The sequential probability ratio test of a match, as fishtest runs it: a generalized
//! SPRT on the pentanomial model (pairs of games from one opening, with either colour) or
//! the trinomial one (single games), with logistic Elo.
//!
//! The scores `s0`, `s1` that Elo differences `elo0`, `elo1` give are
//! `s = 1 / (1 + 10^(-elo/400))`. Of all distributions over the results (0, 1/4, 1/2,
//! 3/4, 1 for a pair; 0, 1/2, 1 for a game) whose mean is `s0`, take the most likely given
//! the results seen, and likewise for `s1`; the LLR is the log of the ratio of the two
//! likelihoods. The most likely distribution with mean `s` given the frequencies `f` is
//! `p[i] = f[i] / (1 + λ (x[i] - s))`, with `λ` found by bisection, so with `n` results
//! `LLR = n Σ f[i] (ln(1 + λ0 (x[i] - s0)) - ln(1 + λ1 (x[i] - s1)))`. The test accepts
//! H1 (A is at least `elo1` stronger) when the LLR reaches `ln((1 - beta) / alpha)` and H0
//! (at most `elo0`) when it falls to `ln(beta / (1 - alpha))`. A result never seen counts
//! as 0.001 of one (as fishtest regularizes), so that every mean between 0 and 1 has a
//! most likely distribution.

use std::fmt;

/// An SPRT's hypotheses and error rates: `elo0=0,elo1=10[,alpha=0.05,beta=0.05]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What a test decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A is at most `elo0` stronger.
    H0,
    /// A is at least `elo1` stronger.
    H1,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
        })
    }
}

impl std::str::FromStr for Sprt {
    type Err = String;

    fn from_str(s: &str) -> Result<Sprt, String> {
        let mut t = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for item in s.split(',') {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| format!("`{item}`: write elo0=…,elo1=…[,alpha=…,beta=…]"))?;
            let x: f64 = v
                .trim()
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| format!("`{v}` is not a number"))?;
            match k.trim() {
                "elo0" => t.elo0 = x,
                "elo1" => t.elo1 = x,
                "alpha" => t.alpha = x,
                "beta" => t.beta = x,
                other => {
                    return Err(format!(
                        "no `{other}`: the SPRT takes elo0, elo1, alpha and beta"
                    ));
                }
            }
        }
        if t.elo0.is_nan() || t.elo1.is_nan() {
            return Err("the SPRT needs elo0 and elo1: `elo0=0,elo1=10`".into());
        }
        if t.elo0 >= t.elo1 {
            return Err(format!("elo0 ({}) must be below elo1 ({})", t.elo0, t.elo1));
        }
        if t.elo0.abs() >= 1000.0 || t.elo1.abs() >= 1000.0 {
            return Err("elo0 and elo1 lie between -1000 and 1000".into());
        }
        for (name, p) in [("alpha", t.alpha), ("beta", t.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("{name} ({p}) lies strictly between 0 and 0.5"));
            }
        }
        Ok(t)
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// The Lagrange multiplier of the most likely distribution over `scores` with mean `s`
/// given the frequencies `f`: that distribution is `f[i] / (1 + λ (scores[i] - s))`,
/// where `λ` solves `Σ f[i] (scores[i] - s) / (1 + λ (scores[i] - s)) = 0` (a decreasing
/// function of `λ`, solved by bisection between the poles). `s` lies strictly between
/// the least and the greatest score.
fn lambda(scores: &[f64], f: &[f64], s: f64) -> f64 {
    let max = scores.iter().cloned().fold(f64::MIN, f64::max);
    let min = scores.iter().cloned().fold(f64::MAX, f64::min);
    let (mut lo, mut hi) = (-1.0 / (max - s), 1.0 / (s - min));
    let shrink = |x: f64| x * (1.0 - 1e-12);
    (lo, hi) = (shrink(lo), shrink(hi));
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        let g: f64 = scores
            .iter()
            .zip(f)
            .map(|(x, f)| f * (x - s) / (1.0 + mid * (x - s)))
            .sum();
        if g > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// The expected score of a side `elo` stronger (logistic Elo).
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The lower bound (accept H0) and the upper bound (accept H1) of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of results scoring `scores[i]` (as a fraction) `counts[i]` times.
    fn llr(&self, scores: &[f64], counts: &[u32]) -> f64 {
        let n: u32 = counts.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let c: Vec<f64> = counts.iter().map(|&c| (c as f64).max(1e-3)).collect();
        let total: f64 = c.iter().sum();
        let f: Vec<f64> = c.iter().map(|c| c / total).collect();
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        let (l0, l1) = (lambda(scores, &f, s0), lambda(scores, &f, s1));
        n as f64
            * scores
                .iter()
                .zip(&f)
                .map(|(x, f)| f * ((1.0 + l0 * (x - s0)).ln() - (1.0 + l1 * (x - s1)).ln()))
                .sum::<f64>()
    }

    /// The LLR of pairs of games by A's points in the pair: 0, 1/2, 1, 3/2 and 2.
    pub fn llr_pentanomial(&self, pairs: &[u32; 5]) -> f64 {
        self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], pairs)
    }

    /// The LLR of single games: A's losses, draws and wins.
    pub fn llr_trinomial(&self, losses: u32, draws: u32, wins: u32) -> f64 {
        self.llr(&[0.0, 0.5, 1.0], &[losses, draws, wins])
    }

    /// The decision an LLR makes, if any.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(Verdict::H1)
        } else if llr <= lo {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hypotheses_are_read_and_checked() {
        let t: Sprt = "elo0=0,elo1=10".parse().unwrap();
        assert_eq!((t.elo0, t.elo1, t.alpha, t.beta), (0.0, 10.0, 0.05, 0.05));
        let t: Sprt = "elo0=-5, elo1=5,alpha=0.1,beta=0.2".parse().unwrap();
        assert_eq!((t.alpha, t.beta), (0.1, 0.2));
        assert_eq!(t.to_string(), "elo0=-5,elo1=5,alpha=0.1,beta=0.2");
        for (text, err) in [
            ("elo0=10,elo1=0", "elo0 (10) must be below elo1 (0)"),
            ("elo1=5", "the SPRT needs elo0 and elo1: `elo0=0,elo1=10`"),
            (
                "elo0=0,elo1=5,alpha=0.7",
                "alpha (0.7) lies strictly between 0 and 0.5",
            ),
            ("elo0=0,elo1=x", "`x` is not a number"),
            (
                "elo0=0,elo1=5,gamma=1",
                "no `gamma`: the SPRT takes elo0, elo1, alpha and beta",
            ),
            ("elo0", "`elo0`: write elo0=…,elo1=…[,alpha=…,beta=…]"),
        ] {
            assert_eq!(text.parse::<Sprt>().unwrap_err(), err, "{text}");
        }
    }

    #[test]
    fn bounds_are_wald_s() {
        let (lo, hi) = "elo0=0,elo1=5".parse::<Sprt>().unwrap().bounds();
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!((lo + 2.944_438_979).abs() < 1e-8, "{lo}");
        assert!((hi - 2.944_438_979).abs() < 1e-8, "{hi}");
    }

    /// The LLR as computed apart, by the same definition, in Python (bisection for
    /// each multiplier, 200 steps): values taken from that script.
    #[test]
    fn llr_against_values_computed_apart() {
        let t: Sprt = "elo0=0,elo1=50".parse().unwrap();
        assert!((score_of_elo(50.0) - 0.571_463_117_408_381_4).abs() < 1e-12);
        // 40 losses, 20 draws, 60 wins.
        let llr = t.llr_trinomial(40, 20, 60);
        assert!((llr - 1.971_805_7).abs() < 1e-6, "{llr}");
        assert_eq!(t.verdict(llr), None);
        // Four times the games, the same shares: four times the LLR, past the bound.
        let llr4 = t.llr_trinomial(160, 80, 240);
        assert!((llr4 - 7.887_222_9).abs() < 1e-6, "{llr4}");
        assert_eq!(t.verdict(llr4), Some(Verdict::H1));
        // An even match: H0.
        let even = t.llr_trinomial(200, 200, 200);
        assert!((even + 9.264_425_5).abs() < 1e-6, "{even}");
        assert_eq!(t.verdict(even), Some(Verdict::H0));
        // Pairs.
        let t: Sprt = "elo0=-10,elo1=10".parse().unwrap();
        let p = t.llr_pentanomial(&[10, 20, 30, 20, 20]);
        assert!((p - 1.455_844_3).abs() < 1e-6, "{p}");
        // Symmetric results and hypotheses: zero.
        assert!(t.llr_pentanomial(&[10, 20, 40, 20, 10]).abs() < 1e-9);
        let t: Sprt = "elo0=0,elo1=20".parse().unwrap();
        let draws = t.llr_pentanomial(&[0, 0, 10, 0, 0]);
        assert!((draws + 0.585_200_1).abs() < 1e-6, "{draws}");
    }

    #[test]
    fn the_most_likely_distribution_has_the_asked_mean() {
        let xs = [0.0, 0.25, 0.5, 0.75, 1.0];
        let f = [0.1, 0.2, 0.3, 0.2, 0.2];
        for s in [0.3, 0.5, 0.55, 0.8] {
            let l = lambda(&xs, &f, s);
            let p: Vec<f64> = xs.iter().zip(f).map(|(x, f)| f / (1.0 + l * (x - s))).collect();
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{s}: {p:?}");
            let mean: f64 = xs.iter().zip(&p).map(|(x, p)| x * p).sum();
            assert!((mean - s).abs() < 1e-9, "{s}: {mean}");
        }
    }

    #[test]
    fn a_whitewash_is_decided_soon_but_not_at_once() {
        // Every pair won twice: one pair is not enough (0.2464 computed apart), 13 are
        // (3.2099 computed apart).
        let t: Sprt = "elo0=0,elo1=100".parse().unwrap();
        let one = t.llr_pentanomial(&[0, 0, 0, 0, 1]);
        assert!((one - 0.246_384_9).abs() < 1e-6, "{one}");
        assert_eq!(t.verdict(t.llr_pentanomial(&[0, 0, 0, 0, 10])), None);
        let thirteen = t.llr_pentanomial(&[0, 0, 0, 0, 13]);
        assert!((thirteen - 3.209_925_5).abs() < 1e-6, "{thirteen}");
        assert_eq!(t.verdict(thirteen), Some(Verdict::H1));
        assert_eq!(t.verdict(t.llr_pentanomial(&[13, 0, 0, 0, 0])), Some(Verdict::H0));
        assert_eq!(t.llr_pentanomial(&[0; 5]), 0.0);
    }
}
