//! The fit of piece values in pawns from the results of imbalance matches
//! (docs/values.md, "The model").
//!
//! Each game of a setup is a win, a draw or a loss for the side given the imbalance. Its
//! material difference `Δ` (in the pieces' values, the unit pawn worth 1) sets the
//! strength difference `d = k·Δ`, and Davidson's model for ties gives the chances:
//! `P(win) = e^(d/2)/Z`, `P(loss) = e^(-d/2)/Z`, `P(draw) = ν/Z`, with
//! `Z = e^(d/2) + e^(-d/2) + ν`. Without draws (`ν = 0`) the expected score is the
//! logistic `1/(1+e^(-d))`, the Elo curve with `k·400/ln 10` Elo per pawn.
//!
//! Written with `w_j = k·v_j` (the strength of one piece of term `j`; `w_0 = k` for the
//! unit pawn) and `η = ln ν`, the log-likelihood is concave in `(w, η)`, so Newton's
//! method with a backtracking line search finds the maximum from any start. The values are
//! the ratios `v_j = w_j / w_0`; the pawn-odds setup (a pawn less, `Δ = -1`) is what pins
//! `w_0`, the scale. Their intervals are Fieller's intervals for a ratio of two
//! estimates that are jointly normal with the covariance of the inverse observed
//! information: when the scale itself is not clearly above 0 the interval is open (a bound
//! is `None`). Each setup gets a small prior of virtual draws (one by default, as
//! BayesElo's virtual draws), so that a whitewash (a setup won or lost in every game) gives
//! a finite estimate; the values of the pieces in such a setup are marked `whitewash`,
//! because there the prior, not the games, bounds the value.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::setups::{Diff, Imbalance, Term};

/// The merged result of one setup's match: the games from the point of view of the side
/// given the imbalance, summed over both colours, and the material difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetupResult {
    /// The setup's name ([`Imbalance::name`]).
    pub name: String,
    /// The side given the imbalance's material minus its opponent's
    /// ([`Imbalance::difference`]).
    pub difference: Vec<Diff>,
    /// Games won by the side given the imbalance.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost by the side given the imbalance.
    pub losses: u32,
}

impl SetupResult {
    /// The result of `setup`'s match.
    pub fn new(setup: &Imbalance, wins: u32, draws: u32, losses: u32) -> SetupResult {
        SetupResult {
            name: setup.name.clone(),
            difference: setup.difference.clone(),
            wins,
            draws,
            losses,
        }
    }

    /// The number of games.
    pub fn games(&self) -> u64 {
        self.wins as u64 + self.draws as u64 + self.losses as u64
    }

    /// Won or lost in every game (and at least one game played).
    pub fn is_whitewash(&self) -> bool {
        self.games() > 0 && (self.wins as u64 == self.games() || self.losses as u64 == self.games())
    }
}

/// The settings of a fit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FitSettings {
    /// The confidence of the intervals, between 0 and 1 (0.95).
    pub confidence: f64,
    /// Virtual draws added to each setup, more than 0 (1): the prior that keeps a whitewash
    /// finite.
    pub prior_draws: f64,
}

impl Default for FitSettings {
    fn default() -> FitSettings {
        FitSettings {
            confidence: 0.95,
            prior_draws: 1.0,
        }
    }
}

/// A fitted value, in pawns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Estimate {
    /// The piece and where it is.
    pub term: Term,
    /// The most likely value, in pawns.
    pub value: f64,
    /// The interval's lower bound; `None` when the interval is open below.
    pub low: Option<f64>,
    /// The interval's upper bound; `None` when the interval is open above.
    pub high: Option<f64>,
    /// A setup with this piece was won or lost in every game: its value is bounded by the
    /// prior, not by the games (play setups closer to even).
    pub whitewash: bool,
}

impl Estimate {
    /// Whether `x` lies inside the interval (an open side holds everything).
    pub fn contains(&self, x: f64) -> bool {
        self.low.is_none_or(|l| l <= x) && self.high.is_none_or(|h| x <= h)
    }
}

/// How well the fitted values explain one setup's games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetupFit {
    /// The setup's name.
    pub name: String,
    /// Its games.
    pub games: u64,
    /// The studied side's score in them, 0 to 1.
    pub observed: f64,
    /// The score the fitted values predict.
    pub expected: f64,
    /// The difference in standard errors of a score over these games (by the model's
    /// spread of one game): beyond 3 either way, the values do not explain the setup (the
    /// pieces' worth is not additive there, such as a pair of bishops).
    pub z: f64,
}

/// A setup's misfit beyond this many standard errors is reported.
pub const MISFIT_Z: f64 = 3.0;

/// The values fitted from a set of matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ValueFit {
    /// The unit pawn (worth 1).
    pub unit: Term,
    /// The value of every other term of the differences, in the order they first appear.
    pub values: Vec<Estimate>,
    /// The scale: Elo per pawn (`k·400/ln 10`), the strength one pawn is worth.
    pub elo_per_pawn: f64,
    /// Its interval (a Wald interval from the observed information).
    pub elo_per_pawn_low: f64,
    /// Its interval's upper bound.
    pub elo_per_pawn_high: f64,
    /// Davidson's draw parameter `ν`: between equal sides `ν/(2+ν)` of the games are drawn.
    pub draw_nu: f64,
    /// The model's expected score of a side a pawn down (H.G. Muller's yardstick: about 0.35).
    pub pawn_odds_score: f64,
    /// The confidence of the intervals.
    pub confidence: f64,
    /// The games fitted (virtual draws not counted).
    pub games: u64,
    /// The setups fitted.
    pub setups: usize,
    /// The setups won or lost in every game.
    pub whitewashes: Vec<String>,
    /// Each setup with games: its score beside the score the values predict.
    pub checks: Vec<SetupFit>,
}

impl ValueFit {
    /// The estimate of a term.
    pub fn get(&self, term: &Term) -> Option<&Estimate> {
        self.values.iter().find(|e| &e.term == term)
    }
}

/// Why values cannot be fitted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// No game at all.
    #[error("no game was played: there is nothing to fit")]
    NoGames,
    /// No setup with games changes the unit pawn, so nothing sets the scale.
    #[error(
        "no setup with games has a difference in `{unit}`: the values cannot be put in pawns (play the pawn-odds setup)"
    )]
    NoScale {
        /// The unit pawn.
        unit: Term,
    },
    /// A setup names one term twice.
    #[error("setup `{setup}` names `{term}` twice in its difference")]
    Repeated {
        /// The setup.
        setup: String,
        /// The term.
        term: Term,
    },
    /// The setups cannot tell a value from the others.
    #[error(
        "the setups cannot tell the value of `{term}` apart from the others' (it only ever changes together with them): add a setup that trades it alone, for pawns or for one other piece"
    )]
    NotIdentifiable {
        /// The term.
        term: Term,
    },
    /// The settings are out of range.
    #[error("the confidence must be strictly between 0 and 1 and the prior draws more than 0")]
    Settings,
}

/// One setup as the fit reads it.
struct Row {
    x: Vec<f64>,
    w: f64,
    d: f64,
    l: f64,
}

/// Fits the values of the terms of `results` in units of `unit` (the pawn of the
/// pawn-odds setup, [`super::Study::unit`]).
pub fn fit_from_results(
    results: &[SetupResult],
    unit: &Term,
    settings: &FitSettings,
) -> Result<ValueFit, FitError> {
    if !(settings.confidence > 0.0 && settings.confidence < 1.0 && settings.prior_draws > 0.0) {
        return Err(FitError::Settings);
    }
    let games: u64 = results.iter().map(SetupResult::games).sum();
    if games == 0 {
        return Err(FitError::NoGames);
    }
    let terms = terms_of(results, unit)?;
    let rows = rows_of(results, &terms, settings.prior_draws);
    if rows.iter().all(|r| r.x[0] == 0.0) {
        return Err(FitError::NoScale { unit: unit.clone() });
    }
    let n = terms.len() + 1;
    let theta = maximise(&rows, n).map_err(|j| FitError::NotIdentifiable {
        term: terms[j.min(terms.len() - 1)].clone(),
    })?;
    let (_, _, info) = derivatives(&rows, &theta);
    let cov = invert(&info).map_err(|j| FitError::NotIdentifiable {
        term: terms[j.min(terms.len() - 1)].clone(),
    })?;
    let z = normal_quantile(0.5 + settings.confidence / 2.0);
    let whitewashes: Vec<&SetupResult> = results.iter().filter(|r| r.is_whitewash()).collect();
    let w0 = theta[0];
    let values = (1..terms.len())
        .map(|j| {
            let (low, high) = fieller(theta[j], w0, cov[j][j], cov[j][0], cov[0][0], z);
            Estimate {
                term: terms[j].clone(),
                value: theta[j] / w0,
                low,
                high,
                whitewash: whitewashes
                    .iter()
                    .any(|r| r.difference.iter().any(|d| d.term == terms[j])),
            }
        })
        .collect();
    let nu = theta[n - 1].exp();
    let checks = checks_of(results, &rows, &theta, nu);
    let elo = 400.0 / std::f64::consts::LN_10;
    let se0 = cov[0][0].sqrt();
    let (pw, pd, _) = chances(-w0, nu);
    Ok(ValueFit {
        unit: unit.clone(),
        values,
        elo_per_pawn: w0 * elo,
        elo_per_pawn_low: (w0 - z * se0) * elo,
        elo_per_pawn_high: (w0 + z * se0) * elo,
        draw_nu: nu,
        pawn_odds_score: pw + pd / 2.0,
        confidence: settings.confidence,
        games,
        setups: rows.len(),
        whitewashes: whitewashes.iter().map(|r| r.name.clone()).collect(),
        checks,
    })
}

/// The fit's terms: the unit first, then the others as they first appear in the setups
/// that were played. A term written twice in one setup is an error.
fn terms_of(results: &[SetupResult], unit: &Term) -> Result<Vec<Term>, FitError> {
    let mut terms = vec![unit.clone()];
    for r in results.iter().filter(|r| r.games() > 0) {
        let mut seen = BTreeSet::new();
        for d in &r.difference {
            if !seen.insert(&d.term) {
                return Err(FitError::Repeated {
                    setup: r.name.clone(),
                    term: d.term.clone(),
                });
            }
            if d.count != 0 && !terms.contains(&d.term) {
                terms.push(d.term.clone());
            }
        }
    }
    Ok(terms)
}

/// The played setups as the fit reads them: each term's count, and the results with the
/// prior's draws added.
fn rows_of(results: &[SetupResult], terms: &[Term], prior_draws: f64) -> Vec<Row> {
    results
        .iter()
        .filter(|r| r.games() > 0)
        .map(|r| {
            let mut x = vec![0.0; terms.len()];
            for d in &r.difference {
                if let Some(j) = terms.iter().position(|t| t == &d.term) {
                    x[j] = d.count as f64;
                }
            }
            Row {
                x,
                w: r.wins as f64,
                d: r.draws as f64 + prior_draws,
                l: r.losses as f64,
            }
        })
        .collect()
}

/// Each played setup's observed score against the fitted one, with its z-score.
fn checks_of(results: &[SetupResult], rows: &[Row], theta: &[f64], nu: f64) -> Vec<SetupFit> {
    results
        .iter()
        .filter(|r| r.games() > 0)
        .zip(rows)
        .map(|(r, row)| {
            let d: f64 = row.x.iter().zip(theta).map(|(x, w)| x * w).sum();
            let (pw, pd, pl) = chances(d, nu);
            let expected = pw + pd / 2.0;
            let var = pw * (1.0 - expected).powi(2)
                + pd * (0.5 - expected).powi(2)
                + pl * expected.powi(2);
            let g = r.games() as f64;
            let observed = (r.wins as f64 + r.draws as f64 / 2.0) / g;
            SetupFit {
                name: r.name.clone(),
                games: r.games(),
                observed,
                expected,
                z: (observed - expected) / (var.max(1e-12) / g).sqrt(),
            }
        })
        .collect()
}

/// Davidson's chances of a win, a draw and a loss at strength difference `d`.
fn chances(d: f64, nu: f64) -> (f64, f64, f64) {
    // Scaled by the largest exponent, so that no term overflows.
    let m = (d / 2.0).abs();
    let (a, b) = ((d / 2.0 - m).exp(), (-d / 2.0 - m).exp());
    let c = nu * (-m).exp();
    let z = a + b + c;
    (a / z, c / z, b / z)
}

/// The log-likelihood at `theta` (`w` then `η`), its gradient and the observed
/// information (minus its Hessian).
fn derivatives(rows: &[Row], theta: &[f64]) -> (f64, Vec<f64>, Vec<Vec<f64>>) {
    let n = theta.len();
    let eta = theta[n - 1];
    let mut ll = 0.0;
    let mut g = vec![0.0; n];
    let mut h = vec![vec![0.0; n]; n];
    for r in rows {
        let d: f64 = r.x.iter().zip(theta).map(|(x, w)| x * w).sum();
        let total = r.w + r.d + r.l;
        // log Z, written so that it does not overflow: |d|/2 + log(1 + e^-|d| + ν e^-|d|/2).
        let m = (d / 2.0).abs();
        let log_z = m + ((d / 2.0 - m).exp() + (-d / 2.0 - m).exp() + (eta - m).exp()).ln();
        ll += r.w * d / 2.0 - r.l * d / 2.0 + r.d * eta - total * log_z;
        let (pw, pd, pl) = chances(d, eta.exp());
        let gd = (r.w - r.l) / 2.0 - total * (pw - pl) / 2.0;
        let ge = r.d - total * pd;
        // The information of `log Z`'s curvature, times the games.
        let hdd = total * ((pw + pl) / 4.0 - (pw - pl).powi(2) / 4.0);
        let hde = total * (-pd * (pw - pl) / 2.0);
        let hee = total * (pd - pd * pd);
        for i in 0..n - 1 {
            g[i] += gd * r.x[i];
            for (hij, xj) in h[i].iter_mut().zip(&r.x) {
                *hij += hdd * r.x[i] * xj;
            }
            h[i][n - 1] += hde * r.x[i];
            h[n - 1][i] += hde * r.x[i];
        }
        g[n - 1] += ge;
        h[n - 1][n - 1] += hee;
    }
    (ll, g, h)
}

/// Newton's method with backtracking from `w = 0`, `ν = 1`. `Err(j)`: the information is
/// singular at parameter `j`.
fn maximise(rows: &[Row], n: usize) -> Result<Vec<f64>, usize> {
    let mut theta = vec![0.0; n];
    let (mut ll, mut g, mut info) = derivatives(rows, &theta);
    for _ in 0..200 {
        let step = solve(&info, &g)?;
        let mut t = 1.0;
        let mut moved = false;
        for _ in 0..60 {
            let next: Vec<f64> = theta.iter().zip(&step).map(|(a, s)| a + t * s).collect();
            let (ll2, g2, info2) = derivatives(rows, &next);
            if ll2.is_finite() && ll2 >= ll - 1e-12 * ll.abs().max(1.0) {
                theta = next;
                (ll, g, info) = (ll2, g2, info2);
                moved = true;
                break;
            }
            t /= 2.0;
        }
        let size = step.iter().fold(0.0f64, |m, s| m.max((t * s).abs()));
        if !moved || size < 1e-10 {
            break;
        }
    }
    Ok(theta)
}

/// The Cholesky factor of `a` (lower). `Err(j)`: not positive definite at column `j`.
fn cholesky(a: &[Vec<f64>]) -> Result<Vec<Vec<f64>>, usize> {
    let n = a.len();
    let scale = (0..n)
        .fold(0.0f64, |m, i| m.max(a[i][i].abs()))
        .max(f64::MIN_POSITIVE);
    let mut l = vec![vec![0.0; n]; n];
    for j in 0..n {
        let s = a[j][j] - (0..j).map(|k| l[j][k] * l[j][k]).sum::<f64>();
        if s.is_nan() || s <= 1e-12 * scale {
            return Err(j);
        }
        l[j][j] = s.sqrt();
        for i in j + 1..n {
            let s = a[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>();
            l[i][j] = s / l[j][j];
        }
    }
    Ok(l)
}

/// The solution `x` of `a·x = b`, `a` positive definite.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Result<Vec<f64>, usize> {
    let l = cholesky(a)?;
    let n = b.len();
    let mut y = vec![0.0; n];
    for i in 0..n {
        y[i] = (b[i] - (0..i).map(|k| l[i][k] * y[k]).sum::<f64>()) / l[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        x[i] = (y[i] - (i + 1..n).map(|k| l[k][i] * x[k]).sum::<f64>()) / l[i][i];
    }
    Ok(x)
}

/// The inverse of a positive definite matrix, a column at a time.
fn invert(a: &[Vec<f64>]) -> Result<Vec<Vec<f64>>, usize> {
    let n = a.len();
    let mut cols = Vec::with_capacity(n);
    for j in 0..n {
        let mut e = vec![0.0; n];
        e[j] = 1.0;
        cols.push(solve(a, &e)?);
    }
    Ok((0..n)
        .map(|i| (0..n).map(|j| cols[j][i]).collect())
        .collect())
}

/// Fieller's interval for `a/b`, `(a, b)` normal with variances `vaa`, `vbb` and
/// covariance `vab`: the `v` with `(a - v·b)² ≤ z²·(vaa - 2v·vab + v²·vbb)`. When `b` is not
/// clearly away from 0 the set is unbounded: both bounds are `None`.
fn fieller(a: f64, b: f64, vaa: f64, vab: f64, vbb: f64, z: f64) -> (Option<f64>, Option<f64>) {
    let z2 = z * z;
    let qa = b * b - z2 * vbb;
    let qb = -2.0 * (a * b - z2 * vab);
    let qc = a * a - z2 * vaa;
    let disc = qb * qb - 4.0 * qa * qc;
    if qa <= 0.0 || disc < 0.0 {
        return (None, None);
    }
    let r = disc.sqrt();
    let (x1, x2) = ((-qb - r) / (2.0 * qa), (-qb + r) / (2.0 * qa));
    (Some(x1.min(x2)), Some(x1.max(x2)))
}

/// The standard normal quantile (Acklam's rational approximation, relative error under
/// 1.2e-9), for `0 < p < 1`.
pub(crate) fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969683028665376e1,
        2.209460984245205e2,
        -2.759285104469687e2,
        1.38357751867269e2,
        -3.066479806614716e1,
        2.506628277459239,
    ];
    const B: [f64; 5] = [
        -5.447609879822406e1,
        1.615858368580409e2,
        -1.556989798598866e2,
        6.680131188771972e1,
        -1.328068155288572e1,
    ];
    const C: [f64; 6] = [
        -7.784894002430293e-3,
        -3.223964580411365e-1,
        -2.400758277161838,
        -2.549732539343734,
        4.374664141464968,
        2.938163982698783,
    ];
    const D: [f64; 4] = [
        7.784695709041462e-3,
        3.224671290700398e-1,
        2.445134137142996,
        3.754408661907416,
    ];
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < 0.02425 {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - 0.02425 {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::testrng::Rng;
    use crate::values::setups::study;

    fn uniform(rng: &mut Rng) -> f64 {
        rng.below(1 << 30) as f64 / (1u64 << 30) as f64
    }

    /// Games played by Davidson's model with the true values `truth` (pawns; the unit 1),
    /// `k` strength per pawn and draw parameter `nu`.
    fn simulate(
        setups: &[Imbalance],
        truth: &dyn Fn(&Term) -> f64,
        k: f64,
        nu: f64,
        games: u32,
        rng: &mut Rng,
    ) -> Vec<SetupResult> {
        setups
            .iter()
            .map(|s| {
                let delta: f64 = s
                    .difference
                    .iter()
                    .map(|d| d.count as f64 * truth(&d.term))
                    .sum();
                let (pw, pd, _) = chances(k * delta, nu);
                let (mut w, mut d, mut l) = (0, 0, 0);
                for _ in 0..games {
                    let u = uniform(rng);
                    if u < pw {
                        w += 1;
                    } else if u < pw + pd {
                        d += 1;
                    } else {
                        l += 1;
                    }
                }
                SetupResult::new(s, w, d, l)
            })
            .collect()
    }

    fn chess_truth(t: &Term) -> f64 {
        match t.piece.as_str() {
            "chess-pawn" => 1.0,
            "knight" => 3.0,
            "bishop" => 3.3,
            "rook" | "tower" => 5.0,
            "queen" => 9.5,
            other => panic!("no true value for {other}"),
        }
    }

    #[test]
    fn the_fit_recovers_known_values_and_its_intervals_cover_them() {
        let s = study(&Variant::builtin("chess").unwrap(), &[]).unwrap();
        let (mut covered, mut total) = (0, 0);
        let mut sum_error = [0.0; 4];
        let seeds = 100;
        for seed in 1..=seeds {
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ seed);
            // k = 0.6: a side a pawn down scores about 36% with these draws.
            let results = simulate(&s.setups, &chess_truth, 0.6, 0.5, 300, &mut rng);
            let fit = fit_from_results(&results, &s.unit, &FitSettings::default()).unwrap();
            assert_eq!(fit.values.len(), 4);
            for (i, e) in fit.values.iter().enumerate() {
                let truth = chess_truth(&e.term);
                assert!(e.value.is_finite() && e.low.is_some() && e.high.is_some());
                total += 1;
                covered += e.contains(truth) as u32;
                sum_error[i] += e.value - truth;
            }
        }
        // 400 intervals at 95%: the binomial standard deviation is 1.1 points.
        let rate = covered as f64 / total as f64;
        assert!((0.915..=0.985).contains(&rate), "coverage {rate}");
        for (i, e) in sum_error.iter().enumerate() {
            assert!(
                (e / seeds as f64).abs() < 0.1,
                "term {i}: mean error {}",
                e / seeds as f64
            );
        }
    }

    #[test]
    fn the_scale_and_the_draws_are_recovered() {
        let s = study(&Variant::builtin("chess").unwrap(), &[]).unwrap();
        let mut rng = Rng(77);
        let results = simulate(&s.setups, &chess_truth, 0.6, 0.5, 4000, &mut rng);
        let fit = fit_from_results(&results, &s.unit, &FitSettings::default()).unwrap();
        let elo = 0.6 * 400.0 / std::f64::consts::LN_10;
        assert!(
            fit.elo_per_pawn_low < elo && elo < fit.elo_per_pawn_high,
            "{fit:?}"
        );
        assert!((fit.draw_nu - 0.5).abs() < 0.05, "{}", fit.draw_nu);
        let (pw, pd, _) = chances(-0.6, 0.5);
        assert!((fit.pawn_odds_score - (pw + pd / 2.0)).abs() < 0.01);
        assert_eq!(fit.games, 4000 * 15);
        assert_eq!(fit.setups, 15);
    }

    #[test]
    fn a_tower_is_worth_a_rook() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/tower-chess.toml"
        );
        let v = Variant::load(path).unwrap();
        let s = study(&v, &[]).unwrap();
        let (mut covered, mut gap) = (0, 0.0);
        for seed in 1..=20u64 {
            let mut rng = Rng(2024 * seed);
            let results = simulate(&s.setups, &chess_truth, 0.6, 0.5, 1000, &mut rng);
            let fit = fit_from_results(&results, &s.unit, &FitSettings::default()).unwrap();
            let tower = fit.get(&Term::board("tower")).unwrap();
            let rook = fit.get(&Term::board("rook")).unwrap();
            covered += tower.contains(5.0) as u32;
            gap += tower.value - rook.value;
            // The file's 4 is outside the tower's interval.
            assert!(!tower.contains(4.0), "{tower:?}");
        }
        assert!(
            covered >= 16,
            "the tower's interval held 5 in {covered} of 20 runs"
        );
        assert!((gap / 20.0).abs() < 0.1, "tower - rook: {}", gap / 20.0);
    }

    #[test]
    fn a_setup_the_values_do_not_explain_is_found() {
        let s = study(&Variant::builtin("chess").unwrap(), &[]).unwrap();
        let mut rng = Rng(11);
        let mut results = simulate(&s.setups, &chess_truth, 0.6, 0.5, 1000, &mut rng);
        let fit = fit_from_results(&results, &s.unit, &FitSettings::default()).unwrap();
        assert_eq!(fit.checks.len(), 15);
        assert!(
            fit.checks.iter().all(|c| c.z.abs() < MISFIT_Z),
            "{:?}",
            fit.checks
        );
        // The bishop for a knight played as if the bishop were worth a pawn more.
        let mut rng = Rng(12);
        let odd = |t: &Term| chess_truth(t) + if t.piece == "bishop" { 1.0 } else { 0.0 };
        let i = s
            .setups
            .iter()
            .position(|x| x.name == "bishop for knight")
            .unwrap();
        results[i] = simulate(&s.setups[i..=i], &odd, 0.6, 0.5, 1000, &mut rng).remove(0);
        let fit = fit_from_results(&results, &s.unit, &FitSettings::default()).unwrap();
        let worst = fit
            .checks
            .iter()
            .max_by(|a, b| a.z.abs().total_cmp(&b.z.abs()))
            .unwrap();
        assert_eq!(worst.name, "bishop for knight");
        assert!(worst.z.abs() > MISFIT_Z, "{worst:?}");
    }

    #[test]
    fn a_whitewash_gives_finite_values_marked_as_such() {
        let s = study(&Variant::builtin("chess").unwrap(), &[]).unwrap();
        let mut rng = Rng(5);
        let mut results = simulate(&s.setups, &chess_truth, 0.6, 0.5, 200, &mut rng);
        for r in results.iter_mut().filter(|r| r.name == "queen removed") {
            (r.wins, r.draws, r.losses) = (0, 0, 200);
        }
        let fit = fit_from_results(&results, &s.unit, &FitSettings::default()).unwrap();
        assert_eq!(fit.whitewashes, ["queen removed"]);
        for e in &fit.values {
            assert!(e.value.is_finite(), "{e:?}");
            assert!(e.low.is_none_or(f64::is_finite) && e.high.is_none_or(f64::is_finite));
            assert_eq!(e.whitewash, e.term.piece == "queen", "{e:?}");
        }
        // Every game of every setup lost: still numbers, and no NaN anywhere.
        for r in results.iter_mut() {
            (r.wins, r.draws, r.losses) = (0, 0, 50);
        }
        let fit = fit_from_results(&results, &s.unit, &FitSettings::default()).unwrap();
        assert_eq!(fit.whitewashes.len(), 15);
        assert!(fit.elo_per_pawn.is_finite() && fit.pawn_odds_score.is_finite());
        for e in &fit.values {
            assert!(e.value.is_finite() && e.whitewash, "{e:?}");
        }
    }

    #[test]
    fn errors() {
        let unit = Term::board("pawn");
        let r = |diff: &[(&str, i32)], w, d, l| SetupResult {
            name: format!("{diff:?}"),
            difference: diff
                .iter()
                .map(|(p, n)| Diff {
                    term: Term::board(p),
                    count: *n,
                })
                .collect(),
            wins: w,
            draws: d,
            losses: l,
        };
        let s = FitSettings::default();
        let err = |rs: &[SetupResult], s: &FitSettings| {
            fit_from_results(rs, &unit, s).unwrap_err().to_string()
        };
        assert_eq!(
            err(&[r(&[("pawn", -1)], 0, 0, 0)], &s),
            "no game was played: there is nothing to fit"
        );
        assert_eq!(
            err(&[r(&[("knight", -1)], 1, 2, 3)], &s),
            "no setup with games has a difference in `pawn`: the values cannot be put in pawns (play the pawn-odds setup)"
        );
        // The knight and the bishop only ever go together.
        assert_eq!(
            err(
                &[
                    r(&[("pawn", -1)], 3, 4, 5),
                    r(&[("knight", -1), ("bishop", -1), ("pawn", 6)], 3, 4, 5)
                ],
                &s
            ),
            "the setups cannot tell the value of `bishop` apart from the others' (it only ever changes together with them): add a setup that trades it alone, for pawns or for one other piece"
        );
        assert_eq!(
            err(&[r(&[("pawn", -1), ("pawn", 1)], 3, 4, 5)], &s),
            "setup `[(\"pawn\", -1), (\"pawn\", 1)]` names `pawn` twice in its difference"
        );
        let bad = FitSettings {
            confidence: 1.0,
            ..s
        };
        assert_eq!(
            err(&[r(&[("pawn", -1)], 3, 4, 5)], &bad),
            "the confidence must be strictly between 0 and 1 and the prior draws more than 0"
        );
    }

    #[test]
    fn fieller_is_open_when_the_scale_is_not_clear_and_the_quantile_is_right() {
        assert!((normal_quantile(0.975) - 1.959964).abs() < 1e-6);
        assert!((normal_quantile(0.005) + 2.575829).abs() < 1e-6);
        assert!((normal_quantile(0.5)).abs() < 1e-12);
        // 3/1 with small errors: about 3, bounded.
        let (lo, hi) = fieller(3.0, 1.0, 0.01, 0.0, 0.0001, 1.96);
        assert!(lo.unwrap() < 3.0 && 3.0 < hi.unwrap() && hi.unwrap() - lo.unwrap() < 0.5);
        // The denominator's interval holds 0: open.
        assert_eq!(fieller(3.0, 0.1, 0.01, 0.0, 0.01, 1.96), (None, None));
    }
}
