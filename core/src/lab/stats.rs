//! The figures of a match: wins, draws and losses, the score with an Elo estimate and its
//! error bar, how the games ended, their length and White's advantage.

use std::collections::BTreeMap;

use crate::contract::{GameRecord, GameScore, Side};

/// The tally of a match so far: games added in the match's order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// How many games ended each way (`checkmate`, `repetition`, ...).
    pub reasons: BTreeMap<String, u32>,
    /// Plies of all games.
    pub plies: u64,
    /// Games White won.
    pub white_wins: u32,
    /// Games White lost.
    pub white_losses: u32,
    /// Pairs of games from one opening (with either colour) by A's points in the pair,
    /// counted in half points: 0, 1/2, 1, 3/2, 2 (the pentanomial counts).
    pub pairs: [u32; 5],
    /// The first game of a pair whose second game is still to come: its opening and A's
    /// points, doubled.
    pending: Option<(u64, u8)>,
}

impl Tally {
    /// Counts a game. Games are added in order, so that the two games of an opening meet.
    pub fn add(&mut self, g: &GameRecord) {
        let a2 = match g.score {
            GameScore::Win => {
                self.wins += 1;
                2
            }
            GameScore::Draw => {
                self.draws += 1;
                1
            }
            GameScore::Loss => {
                self.losses += 1;
                0
            }
        };
        *self.reasons.entry(g.reason.clone()).or_default() += 1;
        self.plies += g.plies as u64;
        match g.winner {
            Some(Side::White) => self.white_wins += 1,
            Some(Side::Black) => self.white_losses += 1,
            None => {}
        }
        match self.pending.take() {
            Some((opening, first)) if opening == g.opening => {
                self.pairs[(first + a2) as usize] += 1;
            }
            _ => self.pending = Some((g.opening, a2)),
        }
    }

    /// The number of complete pairs.
    pub fn pair_count(&self) -> u32 {
        self.pairs.iter().sum()
    }

    /// White's points (wins 1, draws 1/2), doubled to stay whole.
    pub fn white_points2(&self) -> u32 {
        2 * self.white_wins + (self.games() - self.white_wins - self.white_losses)
    }

    /// White's score as a fraction and the half-width of its 95% interval (from the
    /// spread of the games' results, each game counted as independent).
    pub fn white_score(&self) -> (f64, f64) {
        let n = self.games();
        if n == 0 {
            return (0.5, f64::INFINITY);
        }
        let nf = n as f64;
        let (w, l) = (self.white_wins as f64 / nf, self.white_losses as f64 / nf);
        let d = 1.0 - w - l;
        let s = w + d / 2.0;
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        (s, 1.96 * (var / nf).sqrt())
    }

    /// The number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score as a fraction.
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }

    /// The Elo difference of A over B and the half-width of its 95% interval (from the
    /// spread of the games' results); `None` with no game yet.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.games();
        if n == 0 {
            return None;
        }
        let n = n as f64;
        let s = self.score();
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        let se = (var / n).sqrt();
        if self.wins == self.games() || self.losses == self.games() {
            // One side won every game: no finite bound.
            return Some((elo_of(s), f64::INFINITY));
        }
        let lo = elo_of(s - 1.96 * se);
        let hi = elo_of(s + 1.96 * se);
        Some((elo_of(s), (hi - lo) / 2.0))
    }

    /// The summary lines printed after a match.
    pub fn summary(&self, a: &str, b: &str) -> String {
        let mut out = String::new();
        let n = self.games();
        out.push_str(&format!(
            "A: {a}\nB: {b}\n{n} games: A won {}, drew {}, lost {}\n",
            self.wins, self.draws, self.losses
        ));
        let points = self.wins as f64 + 0.5 * self.draws as f64;
        out.push_str(&format!(
            "Score of A: {points}/{n} = {:.1}%\n",
            100.0 * self.score()
        ));
        if let Some((elo, err)) = self.elo() {
            out.push_str(&format!(
                "Elo of A over B: {} ± {} (95%)\n",
                fmt_elo(elo),
                fmt_err(err)
            ));
        }
        if n > 0 {
            let ends: Vec<String> = sorted_reasons(&self.reasons)
                .iter()
                .map(|(r, c)| format!("{r} {:.0}%", 100.0 * *c as f64 / n as f64))
                .collect();
            out.push_str(&format!("Game ends: {}\n", ends.join(", ")));
            out.push_str(&format!(
                "Average length: {:.1} plies\n",
                self.plies as f64 / n as f64
            ));
            let white = self.white_points2() as f64 / 2.0 / n as f64;
            out.push_str(&format!(
                "White scored {:.1}% ({})\n",
                100.0 * white,
                white_elo(white)
            ));
        }
        out
    }
}

fn sorted_reasons(r: &BTreeMap<String, u32>) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = r.iter().map(|(k, v)| (k.clone(), *v)).collect();
    v.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    v
}

/// The Elo difference that scores `s`.
pub fn elo_of(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn fmt_elo(e: f64) -> String {
    if e.abs() > 2000.0 {
        if e > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else if e.abs() < 0.5 {
        "+0".into()
    } else {
        format!("{e:+.0}")
    }
}

fn fmt_err(e: f64) -> String {
    if !e.is_finite() || e > 2000.0 {
        "inf".into()
    } else {
        format!("{e:.0}")
    }
}

fn white_elo(s: f64) -> String {
    let e = elo_of(s);
    if e.abs() > 2000.0 {
        "White always wins or always loses".into()
    } else {
        format!("{} Elo for White", fmt_elo(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(score: GameScore, a_white: bool, reason: &str) -> GameRecord {
        let a = if a_white { Side::White } else { Side::Black };
        let b = if a_white { Side::Black } else { Side::White };
        GameRecord {
            index: 0,
            opening: 0,
            a_white,
            score,
            winner: match score {
                GameScore::Win => Some(a),
                GameScore::Draw => None,
                GameScore::Loss => Some(b),
            },
            reason: reason.into(),
            termination: reason.into(),
            plies: 100,
            pgn: String::new(),
            samples: Vec::new(),
        }
    }

    #[test]
    fn elo_and_error_bar() {
        assert!(elo_of(0.5).abs() < 1e-9);
        assert!((elo_of(0.75) - 190.85).abs() < 0.1);
        let mut t = Tally::default();
        for i in 0..100 {
            let r = match i % 4 {
                0 | 1 => GameScore::Win,
                2 => GameScore::Draw,
                _ => GameScore::Loss,
            };
            t.add(&game(
                r,
                i % 2 == 0,
                if i % 4 == 2 {
                    "draw by threefold repetition"
                } else {
                    "checkmate"
                },
            ));
        }
        assert_eq!((t.wins, t.draws, t.losses), (50, 25, 25));
        assert!((t.score() - 0.625).abs() < 1e-9);
        let (elo, err) = t.elo().unwrap();
        assert!((elo - 88.7).abs() < 0.1, "{elo}");
        // Per-game spread 0.415: the 95% interval of the score is ±0.081.
        assert!((err - 61.0).abs() < 1.0, "{err}");
        let s = t.summary("modern", "classic");
        assert!(s.contains("100 games: A won 50, drew 25, lost 25\n"), "{s}");
        assert!(s.contains("Score of A: 62.5/100 = 62.5%\n"), "{s}");
        assert!(s.contains("Elo of A over B: +89 ± 61 (95%)\n"), "{s}");
        assert!(
            s.contains("Game ends: checkmate 75%, draw by threefold repetition 25%\n"),
            "{s}"
        );
        assert!(s.contains("Average length: 100.0 plies\n"), "{s}");
        // A won as White 25 and lost as Black (White won) 13 (odd i with i%4==3).
        assert!(
            s.contains("White scored 62.5% (+89 Elo for White)\n"),
            "{s}"
        );
    }

    #[test]
    fn a_whitewash_has_no_finite_elo() {
        let mut t = Tally::default();
        t.add(&game(GameScore::Win, true, "checkmate"));
        t.add(&game(GameScore::Win, false, "checkmate"));
        let s = t.summary("a", "b");
        assert!(s.contains("Elo of A over B: +inf ± inf (95%)"), "{s}");
        assert!(s.contains("White scored 50.0% (+0 Elo for White)"), "{s}");
    }
}
