//! Tuning the evaluation's weights on games (a Texel-style fit): positions from finished
//! games, each labelled with its game's result, and weights chosen so that the evaluation,
//! through a logistic curve, predicts the results as well as it can. The procedure and its
//! command (`fairyforge tune`) are described in `docs/engine.md`.

use std::collections::HashMap;
use std::sync::Arc;

use crate::position::Position;
use crate::types::Color;

use super::eval::Evaluator;
use super::settings::Features;
use super::tables::Tables;
use super::weights::Weights;

/// Weights the fit leaves alone: the endgame helpers matter in positions that games
/// between equals rarely reach (a lone king); they are set so that the endgame tests
/// (`tests/search.rs`) mate quickly.
const UNTUNED: [&str; 3] = ["mopup_edge", "mopup_close", "drawish_margin"];

/// Labelled positions of one or more games.
#[derive(Default)]
pub struct Dataset {
    /// Per variant (by name): its tables, built once.
    tables: HashMap<String, Arc<Tables>>,
    samples: Vec<Sample>,
}

struct Sample {
    variant: String,
    pos: Position,
    /// White's result: 1, 1/2 or 0.
    result: f64,
    /// Held out of the fit, to see when it starts fitting noise.
    held_out: bool,
}

impl Dataset {
    /// An empty dataset.
    pub fn new() -> Dataset {
        Dataset::default()
    }

    /// Adds a position of game number `game`, labelled with White's result of the game
    /// (1, 0.5 or 0). Only quiet positions help: the caller leaves out those in check or in
    /// the middle of an exchange. Every fifth game is held out of the fit and only checks
    /// it.
    pub fn add(&mut self, pos: &Position, game: usize, white_result: f64) {
        let v = pos.variant();
        let name = v.name().to_string();
        self.tables
            .entry(name.clone())
            .or_insert_with(|| Arc::new(Tables::new(v)));
        // A fresh copy without the game's history.
        let fresh = Position::from_fen(v, &pos.fen()).unwrap_or_else(|_| pos.clone());
        self.samples.push(Sample {
            variant: name,
            pos: fresh.clone(),
            result: white_result,
            held_out: game % 5 == 4,
        });
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Is the dataset empty?
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    fn evaluators(&self, w: &Weights) -> HashMap<&str, Evaluator> {
        let f = Features {
            lazy_eval: false,
            ..Features::default()
        };
        self.tables
            .iter()
            .map(|(name, t)| (name.as_str(), Evaluator::with_tables(t.clone(), w, &f)))
            .collect()
    }

    /// The number of held-out positions (none with fewer than five games).
    pub fn held_out(&self) -> usize {
        self.samples.iter().filter(|s| s.held_out).count()
    }

    /// The mean squared error of the predictions `1 / (1 + 10^(-k * eval / 400))` of
    /// White's results with these weights, over the fitted positions and over the held-out
    /// ones (with none held out, the fitted positions' error again: the fit then runs
    /// until it no longer improves).
    pub fn error(&self, w: &Weights, k: f64) -> (f64, f64) {
        let evals = self.white_evals(w);
        let fit = self.error_of(&evals, k, false);
        if self.held_out() == 0 {
            return (fit, fit);
        }
        (fit, self.error_of(&evals, k, true))
    }

    fn white_evals(&self, w: &Weights) -> Vec<f64> {
        let ev = self.evaluators(w);
        self.samples
            .iter()
            .map(|s| {
                let e = ev[s.variant.as_str()].evaluate(&s.pos) as f64;
                if s.pos.side_to_move() == Color::White {
                    e
                } else {
                    -e
                }
            })
            .collect()
    }

    fn error_of(&self, evals: &[f64], k: f64, held_out: bool) -> f64 {
        let mut sum = 0.0;
        let mut n = 0usize;
        for (s, e) in self.samples.iter().zip(evals) {
            if s.held_out != held_out {
                continue;
            }
            let p = 1.0 / (1.0 + 10f64.powf(-k * e / 400.0));
            sum += (s.result - p).powi(2);
            n += 1;
        }
        sum / n.max(1) as f64
    }

    /// The scale `k` that fits these weights best (a golden-section search on 0.1..3).
    pub fn fit_k(&self, w: &Weights) -> f64 {
        let evals = self.white_evals(w);
        let (mut a, mut b) = (0.1f64, 3.0f64);
        let g = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..40 {
            let c = b - g * (b - a);
            let d = a + g * (b - a);
            if self.error_of(&evals, c, false) < self.error_of(&evals, d, false) {
                b = d;
            } else {
                a = c;
            }
        }
        (a + b) / 2.0
    }

    /// Local search: each weight in turn is moved up or down by a step (a twentieth of
    /// it, at least 1) while that lowers the error on the fitted positions, round after
    /// round, for at most `passes` rounds. It stops early when the error on the held-out
    /// positions stops falling (the fit has begun to learn the games rather than the
    /// positions), and returns the weights of the round that predicted the held-out games
    /// best. `report` hears each round's errors (fitted, held out).
    pub fn tune(
        &self,
        start: &Weights,
        k: f64,
        passes: usize,
        mut report: impl FnMut(usize, (f64, f64), &Weights),
    ) -> Weights {
        let mut current = start.clone();
        let (mut train, mut held) = self.error(&current, k);
        report(0, (train, held), &current);
        let mut best = (held, current.clone());
        for pass in 1..=passes {
            let mut improved = false;
            for name in Weights::NAMES.iter().filter(|n| !UNTUNED.contains(n)) {
                let v = current.value(name).unwrap_or(0);
                let step = (v.abs() / 20).max(1);
                for delta in [step, -step] {
                    let mut w = current.clone();
                    w.set(name, v + delta);
                    let evals = self.white_evals(&w);
                    let e = self.error_of(&evals, k, false);
                    if e < train {
                        current = w;
                        train = e;
                        improved = true;
                        break;
                    }
                }
            }
            held = self.error(&current, k).1;
            report(pass, (train, held), &current);
            if held < best.0 {
                best = (held, current.clone());
            } else {
                break;
            }
            if !improved {
                break;
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn a_fit_moves_weights_toward_the_results() {
        // Positions where White, a knight up, always won: a larger knight value cannot be
        // tuned (values come from the file), but the fit of k must be positive and the
        // error must not rise through tuning.
        let v = Variant::builtin("chess").unwrap();
        let mut d = Dataset::new();
        for fen in [
            "4k3/pp3ppp/8/3N4/8/8/PPP2PPP/4K3 w - - 0 1",
            "4k3/pp3ppp/8/8/3N4/8/PPP2PPP/4K3 b - - 0 1",
            "4k3/pp3ppp/8/8/8/2N5/PPP2PPP/4K3 w - - 0 1",
        ] {
            d.add(&Position::from_fen(&v, fen).unwrap(), 0, 1.0);
        }
        d.add(&Position::start(&v), 4, 0.5);
        assert_eq!(d.len(), 4);
        let w = Weights::default();
        let k = d.fit_k(&w);
        assert!(k > 0.5, "{k}");
        let before = d.error(&w, k);
        let tuned = d.tune(&w, k, 2, |_, _, _| {});
        // The held-out position (the start) is predicted no worse.
        assert!(d.error(&tuned, k).1 <= before.1);
    }

    #[test]
    fn without_held_out_games_the_fit_still_runs() {
        // Fewer than five games hold none out: the fit must not stop at once (an empty
        // held-out set once scored 0 and nothing ever changed).
        let v = Variant::builtin("chess").unwrap();
        let mut d = Dataset::new();
        for (game, fen, result) in [
            (0, "4k3/pp3ppp/8/3N4/8/8/PPP2PPP/4K3 w - - 0 1", 1.0),
            (1, "4k3/pp3ppp/8/8/3N4/8/PPP2PPP/4K3 b - - 0 1", 1.0),
            (2, "4k3/ppp2ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1", 0.0),
            (3, "4k3/ppp2ppp/8/8/8/8/PP3PPP/4K3 b - - 0 1", 0.0),
        ] {
            d.add(&Position::from_fen(&v, fen).unwrap(), game, result);
        }
        assert_eq!(d.held_out(), 0);
        let w = Weights::default();
        let k = d.fit_k(&w);
        let before = d.error(&w, k);
        assert_eq!(before.0, before.1);
        let mut rounds = 0;
        let tuned = d.tune(&w, k, 3, |pass, _, _| rounds = pass);
        assert_ne!(tuned, w, "the fit moved no weight");
        assert!(rounds >= 1);
        assert!(d.error(&tuned, k).0 < before.0);
    }
}
