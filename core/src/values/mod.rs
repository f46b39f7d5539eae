//! Piece values by imbalance matches, the method of `fairyforge values`
//! (docs/values.md): the setups to play ([`setups`]), the fit of values in pawns with
//! their intervals from the matches' results ([`fit`]), the table beside the game file's
//! own values ([`report`]) and the SVG charts ([`chart`]). Playing the matches is not
//! done here: a match runner plays each setup with colours swapped and hands the merged
//! results to [`fit_from_results`].
//!
//! ```
//! use fairyforge::Variant;
//! use fairyforge::values::{self, FitSettings, SetupResult, Term};
//!
//! let chess = Variant::builtin("chess").unwrap();
//! let study = values::study(&chess, &[]).unwrap();
//! assert_eq!(study.setups[0].name, "pawn odds");
//! assert_eq!(study.setups[0].white, "rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1");
//!
//! // The merged results of each setup's match (here made up: 200 games scored as if the
//! // pieces were worth what chess.toml says, a pawn worth 100 Elo).
//! let results: Vec<SetupResult> = study
//!     .setups
//!     .iter()
//!     .map(|s| {
//!         let delta: f64 = s
//!             .difference
//!             .iter()
//!             .map(|d| {
//!                 let k = chess.kind_by_id(&d.term.piece).unwrap();
//!                 d.count as f64 * chess.piece(k).value() as f64 / 100.0
//!             })
//!             .sum();
//!         let score = 1.0 / (1.0 + 10f64.powf(-delta * 100.0 / 400.0));
//!         let wins = (200.0 * score).round() as u32;
//!         SetupResult::new(s, wins, 0, 200 - wins)
//!     })
//!     .collect();
//! let fit = values::fit_from_results(&results, &study.unit, &FitSettings::default()).unwrap();
//! let knight = fit.get(&Term::board("knight")).unwrap();
//! assert!(knight.contains(3.0), "{knight:?}");
//! let table = values::table(&values::report(&chess, &fit));
//! assert!(table.starts_with("Piece values of Chess in pawns, 95% intervals, from 3000 games in 15 setups"));
//! ```

pub mod chart;
pub mod fit;
pub mod report;
pub mod setups;

pub use chart::{MAX_POINTS, ScorePoint, ScoreSeries, score_series, score_svg, values_svg};
pub use fit::{
    Estimate, FitError, FitSettings, MISFIT_Z, SetupFit, SetupResult, ValueFit, fit_from_results,
};
pub use report::{ValueReport, ValueRow, report, table};
pub use setups::{
    Count, Diff, Imbalance, SetupChange, Skipped, Study, StudyError, Term, pieces_named, study,
};
