//! Source files, spans and the problems found in them, the lowest layer of loading: the
//! loader and the compiler report [`Problem`]s into a [`Ctx`]; the loader turns them into
//! the public [`crate::Diagnostic`]s of a [`crate::LoadError`].

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::code::Code;

/// How serious a problem is: an error stops the game from loading, a warning does not.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The file cannot be loaded as it is.
    Error,
    /// The file loads, but probably does not say what its author meant.
    Warning,
}

/// One loaded text file. `name` is how messages refer to it (the path as given).
#[derive(Clone, Debug)]
pub(crate) struct SourceFile {
    pub name: String,
    pub text: String,
    /// Byte offset of the start of each line, for line and column in logarithmic time.
    line_starts: Vec<usize>,
    /// Whether the file is one of the texts built into the library.
    pub builtin: bool,
}

/// A byte range inside one of the loaded files.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Span {
    pub file: u32,
    pub start: usize,
    pub end: usize,
}

/// One problem found in a file, before it is placed by line and column (a
/// [`crate::Diagnostic`] once placed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Problem {
    /// The kind of problem, as programs key on it.
    pub code: Code,
    pub span: Option<Span>,
    pub message: String,
    /// A short note drawn under the caret: what was expected, how to fix it.
    pub label: String,
    pub severity: Severity,
}

impl Problem {
    pub fn new(
        code: Code,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Problem {
        Problem {
            code,
            span: Some(span),
            message: message.into(),
            label: label.into(),
            severity: Severity::Error,
        }
    }

    /// A problem that belongs to no place of a file (an option, a missing file).
    pub fn global(code: Code, message: impl Into<String>) -> Problem {
        Problem {
            code,
            span: None,
            message: message.into(),
            label: String::new(),
            severity: Severity::Error,
        }
    }

    /// Where the problem sorts: file by file, top to bottom, problems without a place last.
    pub fn place(&self) -> (u32, usize) {
        self.span.map_or((u32::MAX, 0), |s| (s.file, s.start))
    }
}

/// Collects the problems found while reading and compiling one game.
#[derive(Debug, Default)]
pub(crate) struct Ctx {
    pub diags: Vec<Problem>,
}

impl Ctx {
    pub fn err(
        &mut self,
        code: Code,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) {
        self.diags.push(Problem::new(code, span, message, label));
    }

    pub fn warn(
        &mut self,
        code: Code,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) {
        let mut d = Problem::new(code, span, message, label);
        d.severity = Severity::Warning;
        self.diags.push(d);
    }

    /// Whether an error (not a warning) has been reported.
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.severity == Severity::Error)
    }
}

/// All the files of one load.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sources {
    pub files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>, builtin: bool) -> u32 {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
            builtin,
        });
        (self.files.len() - 1) as u32
    }

    pub fn file(&self, span: Span) -> Option<&SourceFile> {
        self.files.get(span.file as usize)
    }

    /// 1-based line and column (in characters) of a byte offset of a file.
    pub fn line_col_at(&self, file: u32, at: usize) -> (usize, usize) {
        let f = &self.files[file as usize];
        let at = floor_char(&f.text, at);
        let line = f.line_starts.partition_point(|s| *s <= at);
        let start = f.line_starts[line - 1];
        (line, f.text[start..at].chars().count() + 1)
    }

    /// 1-based line and column of the start of a span.
    pub fn line_col(&self, span: Span) -> (usize, usize) {
        self.line_col_at(span.file, span.start)
    }

    /// Renders one diagnostic as `FILE:LINE:COLUMN: [code] message`, then the source line
    /// with a caret under the offending text and a note; a diagnostic without a place is
    /// `[code] message`. Only the lines the span covers are handed to the renderer, so that
    /// the cost does not grow with the file.
    pub fn render(&self, d: &Problem) -> String {
        let warning = if d.severity == Severity::Warning {
            "warning: "
        } else {
            ""
        };
        let code = d.code;
        let Some((span, file)) = d.span.and_then(|s| Some((s, self.file(s)?))) else {
            return format!("{warning}[{code}] {}\n", d.message);
        };
        let (line, col) = self.line_col(span);
        let mut out = format!(
            "{}:{line}:{col}: {warning}[{code}] {}\n",
            file.name, d.message
        );
        // Spans are byte ranges: widen them to whole characters, then to whole lines.
        let start = floor_char(&file.text, span.start);
        let end = ceil_char(&file.text, span.end.max(start));
        let first = file.line_starts[line - 1];
        let last_line = file.line_starts.partition_point(|s| *s <= end.max(start));
        let stop = file
            .line_starts
            .get(last_line)
            .map_or(file.text.len(), |s| s - 1);
        let stop = stop.max(end);
        let annotation = AnnotationKind::Primary
            .span(start - first..end - first)
            .label(if d.label.is_empty() {
                None
            } else {
                Some(d.label.as_str())
            });
        let level = match d.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let report = &[Group::with_level(level).element(
            Snippet::source(&file.text[first..stop])
                .line_start(line)
                .annotation(annotation),
        )];
        out.push_str(&Renderer::plain().render(report));
        out.push('\n');
        out
    }
}

/// The last character boundary at or before `i` (clamped to the text).
pub(crate) fn floor_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The first character boundary at or after `i` (clamped to the text).
pub(crate) fn ceil_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// The closest candidate to `word`, if it is close enough to be a likely typo.
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    // Words far longer than any name are not typos of one (and would cost time).
    if word.len() > 64 {
        return None;
    }
    let word = word.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates.into_iter().filter(|c| c.len() <= 64) {
        let limit = (c.chars().count().max(word.chars().count()) / 3).max(1);
        if c.chars().count().abs_diff(word.chars().count()) > limit {
            continue;
        }
        let d = edit_distance(&word, &c.to_lowercase());
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = if a[i - 1] == b[j - 1] { 0 } else { 1 };
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// `: did you mean `x`?` when a candidate is close to `word`, else nothing: the tail of a
/// message about an unknown name.
pub(crate) fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match did_you_mean(word, candidates) {
        Some(s) => format!(": did you mean `{s}`?"),
        None => String::new(),
    }
}

/// A list of words as `a`, `b` or `c`.
pub(crate) fn one_of(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        n => format!("{} or {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(
            did_you_mean("slidee", ["leap", "slide", "jump"]),
            Some("slide")
        );
        assert_eq!(did_you_mean("zzz", ["leap", "slide", "jump"]), None);
        assert_eq!(did_you_mean("lettr", ["letter", "value"]), Some("letter"));
    }

    #[test]
    fn lines_and_columns() {
        let mut s = Sources::default();
        let f = s.add("x", "ab\ncé\n\nz", false);
        assert_eq!(s.line_col_at(f, 0), (1, 1));
        assert_eq!(s.line_col_at(f, 2), (1, 3));
        assert_eq!(s.line_col_at(f, 3), (2, 1));
        assert_eq!(s.line_col_at(f, 6), (2, 3));
        assert_eq!(s.line_col_at(f, 7), (3, 1));
        assert_eq!(s.line_col_at(f, 8), (4, 1));
        assert_eq!(s.line_col_at(f, 99), (4, 2));
    }
}
