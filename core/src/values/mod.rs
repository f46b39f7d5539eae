//! Piece values by imbalance matches, the method of `fairyforge values`
//! (docs/values.md): the setups to play ([`setups`]), the fit of values in pawns with
//! their intervals from the matches' results ([`fit`]), the table beside the game file's
//! own values ([`report`]) and the SVG charts ([`chart`]). Playing the matches is not
//! done here: a match runner plays each setup with colours swapped and hands the merged
//! results to [`fit_from_results`].

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
