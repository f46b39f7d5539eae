//! What a failed load reports: the [`Diagnostic`]s, each placed by file, line and column,
//! rendered as `fairyforge validate` prints them, at most [`MAX_DIAGNOSTICS`] of them.

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::limits::MAX_DIAGNOSTICS;

use super::files::thousands;

/// A variant that could not be loaded: every problem found, in file order, at most
/// [`MAX_DIAGNOSTICS`] of them (the others are counted).
#[derive(Clone, Debug, thiserror::Error)]
#[error("{}", self.render().trim_end())]
pub struct LoadError {
    diagnostics: Vec<Diagnostic>,
    omitted: usize,
}

impl LoadError {
    pub(crate) fn new(diagnostics: Vec<Diagnostic>, omitted: usize) -> LoadError {
        LoadError {
            diagnostics,
            omitted,
        }
    }

    /// An error of no file.
    pub(crate) fn global(code: Code, message: String) -> LoadError {
        LoadError::new(vec![Diagnostic::global(code, message)], 0)
    }

    /// The problems reported, errors and warnings, in file order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// How many further problems were found but not kept.
    pub fn omitted(&self) -> usize {
        self.omitted
    }

    /// The report as `fairyforge validate` prints it, ending with a newline.
    pub fn render(&self) -> String {
        let mut out: String = self.diagnostics.iter().map(|d| d.rendered()).collect();
        if self.omitted > 0 {
            out.push_str(&format!(
                "and {} more problems (only the first {MAX_DIAGNOSTICS} are shown)\n",
                thousands(self.omitted as u64)
            ));
        }
        out
    }
}
