//! Piece values by imbalance matches, the method of `fairyforge values`
//! (docs/balance.md): the setups to play ([`setups`]), the fit of values in pawns with
//! their intervals from the matches' results ([`fit`]), the table beside the game file's
//! own values ([`report`]) and the SVG charts ([`chart`]). Playing the matches is not
//! done here: a match runner plays each setup with colours swapped and hands the merged
//! results to [`fit_from_results`].

pub mod fit;
pub mod setups;

pub use fit::{Estimate, FitError, FitSettings, SetupResult, ValueFit, fit_from_results};
pub use setups::{Change, Count, Diff, Imbalance, Skipped, Study, StudyError, Term, study};
