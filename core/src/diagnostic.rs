//! A problem of a variant file as users see it: where (file, line, column), what and how
//! to fix it, and the text `fairyforge validate` prints for it.

use crate::code::Code;
use crate::source::{Problem, Severity, Sources};

/// A line and a column (in characters), both from 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
}

/// One problem found in a variant file: where (file, line, column), what (the message)
/// and how to fix it (the label drawn under the caret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    code: Code,
    severity: Severity,
    file: Option<String>,
    start: Option<Location>,
    end: Option<Location>,
    message: String,
    label: String,
    rendered: String,
}

impl Diagnostic {
    pub(crate) fn resolve(sources: &Sources, d: &Problem) -> Diagnostic {
        let placed = d.span.filter(|s| sources.file(*s).is_some());
        let at = |offset: usize, file: u32| {
            let (line, column) = sources.line_col_at(file, offset);
            Location { line, column }
        };
        Diagnostic {
            code: d.code,
            severity: d.severity,
            file: placed.map(|s| sources.files[s.file as usize].name.clone()),
            start: placed.map(|s| at(s.start, s.file)),
            end: placed.map(|s| at(s.end.max(s.start), s.file)),
            message: d.message.clone(),
            label: d.label.clone(),
            rendered: sources.render(d),
        }
    }

    /// An error of no file (a missing file, an unknown game).
    pub(crate) fn global(code: Code, message: String) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            file: None,
            start: None,
            end: None,
            rendered: format!("[{code}] {message}\n"),
            message,
            label: String::new(),
        }
    }

    /// The report as `fairyforge validate` prints it, ending with a newline.
    pub(crate) fn rendered(&self) -> &str {
        &self.rendered
    }

    /// The kind of problem: a stable name that programs key on, whatever the wording of
    /// the message (docs/format.md, "Diagnostic codes").
    pub fn code(&self) -> Code {
        self.code
    }

    /// Whether it stops the game from loading.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The file, as messages name it (its path as given, or `<built-in NAME.toml>`), or
    /// `None` for a problem of no file (an unknown option, a file that cannot be read).
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// Where the offending text starts.
    pub fn start(&self) -> Option<Location> {
        self.start
    }

    /// Where the offending text ends (exclusive).
    pub fn end(&self) -> Option<Location> {
        self.end
    }

    /// The line of [`Diagnostic::start`].
    pub fn line(&self) -> Option<usize> {
        self.start.map(|l| l.line)
    }

    /// The column of [`Diagnostic::start`].
    pub fn column(&self) -> Option<usize> {
        self.start.map(|l| l.column)
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// What was expected or how to fix it (may be empty).
    pub fn label(&self) -> &str {
        &self.label
    }
}

impl std::fmt::Display for Diagnostic {
    /// `FILE:LINE:COLUMN: [code] message`, the line of the file and a caret under the mistake
    /// with the label.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.rendered.trim_end())
    }
}
