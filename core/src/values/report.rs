//! The values table (docs/values.md, "Reading the table"): each fitted value beside the
//! value the game's file declares (its `values` table, else the piece's `value`), the
//! declared values outside their interval flagged.

use serde::{Deserialize, Serialize};

use super::fit::{MISFIT_Z, SetupFit, ValueFit};
use super::setups::Term;
use crate::variant::Variant;

/// One row of the table: a piece, on the board or in hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ValueRow {
    /// The piece and where it is.
    pub term: Term,
    /// Its name as the game gives it, `(in hand)` added for a piece in hand.
    pub name: String,
    /// The fitted value, in pawns.
    pub fitted: f64,
    /// The interval's lower bound; `None` when open.
    pub low: Option<f64>,
    /// The interval's upper bound; `None` when open.
    pub high: Option<f64>,
    /// The value the file declares, in pawns; `None` when it declares none (0).
    pub declared: Option<f64>,
    /// The declared value lies outside the interval.
    pub outside: bool,
    /// A setup with this piece was won or lost in every game.
    pub whitewash: bool,
}

/// The values of a study beside the file's, with the scale they were measured on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ValueReport {
    /// The game's name.
    pub game: String,
    /// The unit pawn's name.
    pub unit: String,
    /// The confidence of the intervals.
    pub confidence: f64,
    /// Elo per pawn, and its interval.
    pub elo_per_pawn: f64,
    /// Its lower bound.
    pub elo_per_pawn_low: f64,
    /// Its upper bound.
    pub elo_per_pawn_high: f64,
    /// The model's expected score of a side a pawn down.
    pub pawn_odds_score: f64,
    /// The games and the setups they were played in.
    pub games: u64,
    /// The setups.
    pub setups: usize,
    /// One row per fitted value, in the fit's order.
    pub rows: Vec<ValueRow>,
    /// The setups won or lost in every game.
    pub whitewashes: Vec<String>,
    /// The setups whose score the values do not explain (beyond [`MISFIT_Z`] standard
    /// errors).
    pub misfits: Vec<SetupFit>,
}

/// The report of `fit`, a study of `variant`: names and declared values from the game.
/// A term whose piece the game does not have keeps its id as its name and declares no
/// value.
pub fn report(variant: &Variant, fit: &ValueFit) -> ValueReport {
    let piece = |t: &Term| variant.kind_by_id(&t.piece).map(|k| variant.piece(k));
    let name = |t: &Term| {
        let base = piece(t).map_or(t.piece.clone(), |p| p.name().to_string());
        if t.in_hand {
            format!("{base} (in hand)")
        } else {
            base
        }
    };
    let rows = fit
        .values
        .iter()
        .map(|e| {
            let declared = piece(&e.term)
                .map(|p| p.value())
                .filter(|&cp| cp != 0)
                .map(|cp| cp as f64 / 100.0);
            ValueRow {
                term: e.term.clone(),
                name: name(&e.term),
                fitted: e.value,
                low: e.low,
                high: e.high,
                declared,
                outside: declared.is_some_and(|d| !e.contains(d)),
                whitewash: e.whitewash,
            }
        })
        .collect();
    ValueReport {
        game: variant.name().to_string(),
        unit: name(&fit.unit),
        confidence: fit.confidence,
        elo_per_pawn: fit.elo_per_pawn,
        elo_per_pawn_low: fit.elo_per_pawn_low,
        elo_per_pawn_high: fit.elo_per_pawn_high,
        pawn_odds_score: fit.pawn_odds_score,
        games: fit.games,
        setups: fit.setups,
        rows,
        whitewashes: fit.whitewashes.clone(),
        misfits: fit
            .checks
            .iter()
            .filter(|c| c.z.abs() > MISFIT_Z)
            .cloned()
            .collect(),
    }
}

/// A number of pawns as a table shows it: two decimals.
fn pawns(x: f64) -> String {
    format!("{x:.2}")
}

/// A declared value as a file writes it: no trailing zeros (`4`, `3.25`).
fn declared(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The interval as the table shows it: `4.68 .. 4.98`, `open` when unbounded.
fn interval(low: Option<f64>, high: Option<f64>) -> String {
    match (low, high) {
        (Some(l), Some(h)) => format!("{} .. {}", pawns(l), pawns(h)),
        (Some(l), None) => format!("{} .. open", pawns(l)),
        (None, Some(h)) => format!("open .. {}", pawns(h)),
        (None, None) => "open".to_string(),
    }
}

/// The table as text: a heading with the scale, one line per value, then the declared
/// values outside their interval and the whitewashes.
pub fn table(r: &ValueReport) -> String {
    let pct = (r.confidence * 100.0).round();
    let mut out = format!(
        "Piece values of {} in pawns, {pct}% intervals, from {} games in {} setups\n",
        r.game, r.games, r.setups
    );
    out.push_str(&format!(
        "Unit: {} = 1. A pawn is worth {:.0} Elo ({:.0} .. {:.0}); a side a pawn down scores {:.1}%.\n\n",
        r.unit,
        r.elo_per_pawn,
        r.elo_per_pawn_low,
        r.elo_per_pawn_high,
        r.pawn_odds_score * 100.0
    ));
    let width = r
        .rows
        .iter()
        .map(|x| x.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(5);
    out.push_str(&format!(
        "{:<width$}  {:>7}  {:^16}  {:>8}\n",
        "piece", "fitted", "interval", "declared"
    ));
    for x in &r.rows {
        let mut line = format!(
            "{:<width$}  {:>7}  {:^16}  {:>8}",
            x.name,
            pawns(x.fitted),
            interval(x.low, x.high),
            x.declared.map_or("-".to_string(), declared)
        );
        if x.outside {
            line.push_str("  outside");
        }
        if x.whitewash {
            line.push_str("  whitewash");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let outside: Vec<String> = r
        .rows
        .iter()
        .filter(|x| x.outside)
        .map(|x| format!("{} {}", x.name, x.declared.map_or(String::new(), declared)))
        .collect();
    out.push('\n');
    if outside.is_empty() {
        out.push_str("Every declared value lies inside its interval.\n");
    } else {
        out.push_str(&format!(
            "Declared values outside their interval: {}.\n",
            outside.join(", ")
        ));
    }
    if !r.whitewashes.is_empty() {
        out.push_str(&format!(
            "Won or lost in every game: {}. The values in these setups are bounded by the prior, not by the games: trade the piece for something closer to its worth.\n",
            r.whitewashes.join(", ")
        ));
    }
    for m in &r.misfits {
        out.push_str(&format!(
            "Not explained by the values: {} scored {:.1}% in {} games, the values predict {:.1}% ({:+.1} standard errors).\n",
            m.name,
            m.observed * 100.0,
            m.games,
            m.expected * 100.0,
            m.z
        ));
    }
    if r.rows.iter().any(|x| x.low.is_none() || x.high.is_none()) {
        out.push_str(
            "An open interval: the games do not pin the value (or the pawn's worth) down; play more games.\n",
        );
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::values::fit::Estimate;

    /// A fixed fit of Tower Chess: the tower found worth a rook (its file says 4), the
    /// queen in a whitewash, the knight with an open interval.
    pub(crate) fn fixed_fit() -> ValueFit {
        let e =
            |p: &str, in_hand: bool, v: f64, lo: Option<f64>, hi: Option<f64>, ww: bool| Estimate {
                term: Term {
                    piece: p.to_string(),
                    in_hand,
                },
                value: v,
                low: lo,
                high: hi,
                whitewash: ww,
            };
        ValueFit {
            unit: Term::board("chess-pawn"),
            values: vec![
                e("queen", false, 9.46, Some(8.9), Some(10.2), true),
                e("rook", false, 5.02, Some(4.87), Some(5.17), false),
                e("tower", false, 4.98, Some(4.82), Some(5.15), false),
                e("bishop", false, 3.31, Some(3.12), Some(3.5), false),
                e("knight", false, 3.05, None, None, false),
                e("knight", true, 3.6, Some(3.1), None, false),
            ],
            elo_per_pawn: 104.2,
            elo_per_pawn_low: 98.6,
            elo_per_pawn_high: 109.9,
            draw_nu: 0.5,
            pawn_odds_score: 0.3612,
            confidence: 0.95,
            games: 7000,
            setups: 7,
            whitewashes: vec!["queen removed".to_string()],
            checks: vec![
                SetupFit {
                    name: "pawn odds".to_string(),
                    games: 1000,
                    observed: 0.357,
                    expected: 0.3612,
                    z: -0.27,
                },
                SetupFit {
                    name: "bishop for knight".to_string(),
                    games: 1000,
                    observed: 0.612,
                    expected: 0.531,
                    z: 5.14,
                },
            ],
        }
    }

    fn tower_chess() -> std::sync::Arc<Variant> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/tower-chess.toml"
        );
        Variant::load(path).unwrap()
    }

    #[test]
    fn the_table_beside_the_files_values() {
        let r = report(&tower_chess(), &fixed_fit());
        let tower = r.rows.iter().find(|x| x.name == "Tower").unwrap();
        assert_eq!(tower.declared, Some(4.0));
        assert!(tower.outside);
        let bishop = r.rows.iter().find(|x| x.name == "Bishop").unwrap();
        assert_eq!((bishop.declared, bishop.outside), (Some(3.25), false));
        // An open interval holds every declared value.
        let knight = r.rows.iter().find(|x| x.name == "Knight").unwrap();
        assert!(!knight.outside);
        insta::assert_snapshot!(table(&r));
        // docs/values.md shows this very table.
        let doc = include_str!("../../../docs/values.md");
        assert!(
            doc.contains(&table(&r)),
            "docs/values.md shows another table"
        );
    }
}
