//! Is a game fair? White's score over games from balanced openings, with its interval,
//! the draw rate, how games end, how long they last, and how much the result depends on
//! the opening.
//!
//! Each opening is played twice, once with each engine budget on White (see
//! `fairyforge balance`), so White's score does not favour the stronger budget. The
//! interval of White's score treats the two games of an opening as one sample (they are
//! not independent). The opening's weight is the intraclass correlation of White's
//! points within an opening: 0 when the second game of an opening is no more like the
//! first than any other game, 1 when the opening alone decides the result.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::contract::{GameRecord, Side};

/// What a balance run found.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    /// Games played.
    pub games: u32,
    /// Games White won.
    pub white_wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games Black won.
    pub black_wins: u32,
    /// White's score, a fraction.
    pub white_score: f64,
    /// The half-width of its 95% interval.
    pub white_interval: f64,
    /// How many games ended each way.
    pub reasons: BTreeMap<String, u32>,
    /// The mean length in plies.
    pub mean_plies: f64,
    /// The shortest and the longest game.
    pub plies_range: (u32, u32),
    /// Openings played twice.
    pub pairs: u32,
    /// Of those, the openings where one colour won both games.
    pub same_colour_won_both: u32,
    /// The openings where each colour won once.
    pub each_colour_won_once: u32,
    /// The share of the spread of White's points that the opening explains (0 to 1),
    /// `None` with fewer than two pairs.
    pub opening_share: Option<f64>,
}

fn white_points(g: &GameRecord) -> f64 {
    match g.winner {
        Some(Side::White) => 1.0,
        Some(Side::Black) => 0.0,
        None => 0.5,
    }
}

/// The balance of these games (the games of one run, any order).
pub fn balance(games: &[GameRecord]) -> Balance {
    let n = games.len() as u32;
    let white_wins = games
        .iter()
        .filter(|g| g.winner == Some(Side::White))
        .count() as u32;
    let black_wins = games
        .iter()
        .filter(|g| g.winner == Some(Side::Black))
        .count() as u32;
    let mut by_opening: BTreeMap<u64, Vec<&GameRecord>> = BTreeMap::new();
    for g in games {
        by_opening.entry(g.opening).or_default().push(g);
    }
    let total: f64 = games.iter().map(white_points).sum();
    let s = if n == 0 { 0.5 } else { total / n as f64 };
    // The variance of a ratio of sums over clusters (the openings).
    let k = by_opening.len() as f64;
    let white_interval = if k < 2.0 {
        f64::INFINITY
    } else {
        let sum2: f64 = by_opening
            .values()
            .map(|gs| {
                let pts: f64 = gs.iter().map(|g| white_points(g)).sum();
                (pts - s * gs.len() as f64).powi(2)
            })
            .sum();
        1.96 * (sum2 * k / (k - 1.0)).sqrt() / n as f64
    };
    let mut reasons = BTreeMap::new();
    for g in games {
        *reasons.entry(g.reason.clone()).or_default() += 1;
    }
    let pairs: Vec<[f64; 2]> = by_opening
        .values()
        .filter(|gs| gs.len() == 2)
        .map(|gs| [white_points(gs[0]), white_points(gs[1])])
        .collect();
    let same = pairs.iter().filter(|p| p[0] == p[1] && p[0] != 0.5).count() as u32;
    let split = pairs
        .iter()
        .filter(|p| p[0] != p[1] && p[0] != 0.5 && p[1] != 0.5)
        .count() as u32;
    let opening_share = (pairs.len() >= 2).then(|| {
        let k = pairs.len() as f64;
        let grand = pairs.iter().map(|p| p[0] + p[1]).sum::<f64>() / (2.0 * k);
        let msb = 2.0
            * pairs
                .iter()
                .map(|p| ((p[0] + p[1]) / 2.0 - grand).powi(2))
                .sum::<f64>()
            / (k - 1.0);
        let msw = pairs
            .iter()
            .map(|p| (p[0] - p[1]).powi(2) / 2.0)
            .sum::<f64>()
            / k;
        if msb + msw == 0.0 {
            0.0
        } else {
            ((msb - msw) / (msb + msw)).clamp(0.0, 1.0)
        }
    });
    Balance {
        games: n,
        white_wins,
        draws: n - white_wins - black_wins,
        black_wins,
        white_score: s,
        white_interval,
        reasons,
        mean_plies: if n == 0 {
            0.0
        } else {
            games.iter().map(|g| g.plies as f64).sum::<f64>() / n as f64
        },
        plies_range: (
            games.iter().map(|g| g.plies).min().unwrap_or(0),
            games.iter().map(|g| g.plies).max().unwrap_or(0),
        ),
        pairs: pairs.len() as u32,
        same_colour_won_both: same,
        each_colour_won_once: split,
        opening_share,
    }
}

/// A share as a percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

impl Balance {
    /// The draw rate.
    pub fn draw_rate(&self) -> f64 {
        self.draws as f64 / self.games.max(1) as f64
    }

    /// The report's lines.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let n = self.games.max(1) as f64;
        let _ = writeln!(
            out,
            "{} games: White won {}, drew {}, lost {}",
            self.games, self.white_wins, self.draws, self.black_wins
        );
        let interval = if self.white_interval.is_finite() {
            format!(" ± {}", pct(self.white_interval))
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "White's score: {}{interval} (95%){}",
            pct(self.white_score),
            self.verdict()
        );
        let _ = writeln!(out, "Draw rate: {}", pct(self.draw_rate()));
        let mut ends: Vec<(&String, &u32)> = self.reasons.iter().collect();
        ends.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        let ends: Vec<String> = ends
            .iter()
            .map(|(r, c)| format!("{r} {:.0}%", 100.0 * **c as f64 / n))
            .collect();
        let _ = writeln!(out, "Game ends: {}", ends.join(", "));
        let _ = writeln!(
            out,
            "Length: {:.1} plies on average, {} to {}",
            self.mean_plies, self.plies_range.0, self.plies_range.1
        );
        if self.pairs > 0 {
            let _ = writeln!(
                out,
                "Openings: {} played twice; one colour won both games in {} ({}), each colour won once in {}",
                self.pairs,
                self.same_colour_won_both,
                pct(self.same_colour_won_both as f64 / self.pairs as f64),
                self.each_colour_won_once,
            );
        }
        if let Some(share) = self.opening_share {
            let _ = writeln!(
                out,
                "The opening explains {} of the spread of White's results",
                pct(share)
            );
        }
        out
    }

    /// `: White is favoured` when the interval lies above one half, and so on.
    fn verdict(&self) -> &'static str {
        if !self.white_interval.is_finite() {
            ""
        } else if self.white_score - self.white_interval > 0.5 {
            ": White is favoured"
        } else if self.white_score + self.white_interval < 0.5 {
            ": Black is favoured"
        } else {
            ": no side is shown to be favoured"
        }
    }
}

/// The difference of White's score between two runs (`b` minus `a`) and the half-width
/// of its 95% interval (the runs being independent).
pub fn difference(a: &Balance, b: &Balance) -> (f64, f64) {
    (
        b.white_score - a.white_score,
        (a.white_interval.powi(2) + b.white_interval.powi(2)).sqrt(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::GameScore;

    fn g(index: u64, winner: Option<Side>, plies: u32) -> GameRecord {
        GameRecord {
            index,
            opening: index / 2,
            a_white: index.is_multiple_of(2),
            score: GameScore::Draw,
            winner,
            reason: if winner.is_some() {
                "checkmate"
            } else {
                "repetition"
            }
            .into(),
            termination: String::new(),
            plies,
            pgn: String::new(),
            samples: Vec::new(),
        }
    }

    #[test]
    fn figures_of_a_small_run() {
        use Side::{Black, White};
        // Openings 0 and 1: White won both; 2: each colour once; 3: two draws.
        let games = [
            g(0, Some(White), 40),
            g(1, Some(White), 50),
            g(2, Some(White), 60),
            g(3, Some(White), 70),
            g(4, Some(White), 30),
            g(5, Some(Black), 20),
            g(6, None, 100),
            g(7, None, 110),
        ];
        let b = balance(&games);
        assert_eq!((b.games, b.white_wins, b.draws, b.black_wins), (8, 5, 2, 1));
        assert!((b.white_score - 0.75).abs() < 1e-12);
        // Points by opening 2, 2, 1, 1 against 1.5 each: squares sum to 1; times 4/3,
        // root, over 8 games, times 1.96.
        let want = 1.96 * (4.0_f64 / 3.0).sqrt() / 8.0;
        assert!(
            (b.white_interval - want).abs() < 1e-12,
            "{}",
            b.white_interval
        );
        assert_eq!(
            (b.pairs, b.same_colour_won_both, b.each_colour_won_once),
            (4, 2, 1)
        );
        assert_eq!(b.plies_range, (20, 110));
        assert!((b.mean_plies - 60.0).abs() < 1e-12);
        // Pair means 1, 1, .5, .5 around 0.75: MSB = 2 * 0.25 / 3 = 1/6; MSW = (0 + 0
        // + 1/2 + 0) / 4 = 1/8; share (1/6 - 1/8) / (1/6 + 1/8) = 1/7.
        assert!((b.opening_share.unwrap() - 1.0 / 7.0).abs() < 1e-12);
        let s = b.summary();
        assert!(
            s.starts_with("8 games: White won 5, drew 2, lost 1\n"),
            "{s}"
        );
        assert!(s.contains("Draw rate: 25.0%\n"), "{s}");
        assert!(
            s.contains("Game ends: checkmate 75%, repetition 25%\n"),
            "{s}"
        );
        assert!(
            s.contains("Openings: 4 played twice; one colour won both games in 2 (50.0%), each colour won once in 1\n"),
            "{s}"
        );
        assert!(
            s.contains("The opening explains 14.3% of the spread"),
            "{s}"
        );
        let (d, e) = difference(&b, &b);
        assert_eq!(d, 0.0);
        assert!((e - want * 2f64.sqrt()).abs() < 1e-12);
    }
}
