//! Source files, spans and diagnostics that point at the exact line and column.
//!
//! Variant files are read into a small spanned tree ([`Node`]) so that every later check,
//! syntactic or semantic, can say where in which file the problem is.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use indexmap::IndexMap;
use std::fmt;

/// One loaded text file. `name` is how messages refer to it (the path as given).
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

/// A byte range inside one of the loaded files.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub file: u32,
    pub start: usize,
    pub end: usize,
}

/// A value of a TOML document, with where it came from.
#[derive(Clone, Debug)]
pub struct Node {
    pub value: Value,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Value {
    Str(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    Array(Vec<Node>),
    Table(Table),
    Datetime,
}

/// A table: keys in file order, each with the span of the key itself.
#[derive(Clone, Debug, Default)]
pub struct Table {
    pub entries: IndexMap<String, (Span, Node)>,
}

impl Value {
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Int(_) => "an integer",
            Value::Float(_) => "a number",
            Value::Bool(_) => "a boolean",
            Value::Array(_) => "an array",
            Value::Table(_) => "a table",
            Value::Datetime => "a date",
        }
    }
}

impl Table {
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entries.get(key).map(|(_, n)| n)
    }

    pub fn key_span(&self, key: &str) -> Option<Span> {
        self.entries.get(key).map(|(s, _)| *s)
    }
}

/// One problem found in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub span: Option<Span>,
    pub message: String,
    /// A short note drawn under the caret: what was expected, how to fix it.
    pub label: String,
}

impl Diagnostic {
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span: Some(span),
            message: message.into(),
            label: label.into(),
        }
    }

    pub fn global(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span: None,
            message: message.into(),
            label: String::new(),
        }
    }
}

/// All the files of one load and the problems found in them.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    pub files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> u32 {
        self.files.push(SourceFile {
            name: name.into(),
            text: text.into(),
        });
        (self.files.len() - 1) as u32
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, span: Span) -> (usize, usize) {
        let text = &self.files[span.file as usize].text;
        let upto = &text[..floor_char(text, span.start)];
        let line = upto.matches('\n').count() + 1;
        let line_start = upto.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let col = upto[line_start..].chars().count() + 1;
        (line, col)
    }

    /// Renders diagnostics as `FILE:LINE:COLUMN: message`, then the source line with a
    /// caret under the offending text and a note.
    pub fn render(&self, diags: &[Diagnostic]) -> String {
        let mut out = String::new();
        let renderer = Renderer::plain();
        for d in diags {
            match d.span {
                Some(span) if (span.file as usize) < self.files.len() => {
                    let file = &self.files[span.file as usize];
                    let (line, col) = self.line_col(span);
                    out.push_str(&format!("{}:{}:{}: {}\n", file.name, line, col, d.message));
                    // Spans are byte ranges: widen them to whole characters.
                    let start = floor_char(&file.text, span.start);
                    let end = ceil_char(&file.text, span.end.max(start));
                    let annotation =
                        AnnotationKind::Primary
                            .span(start..end)
                            .label(if d.label.is_empty() {
                                None
                            } else {
                                Some(d.label.as_str())
                            });
                    let report = &[Group::with_level(Level::ERROR)
                        .element(Snippet::source(&file.text).annotation(annotation))];
                    out.push_str(&renderer.render(report));
                    out.push('\n');
                }
                _ => {
                    out.push_str(&format!("{}\n", d.message));
                }
            }
        }
        out
    }
}

/// The last character boundary at or before `i` (clamped to the text).
fn floor_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The first character boundary at or after `i` (clamped to the text).
fn ceil_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Parses TOML text into a spanned tree; syntax errors become diagnostics.
pub fn parse_toml(file: u32, text: &str) -> Result<Table, Vec<Diagnostic>> {
    let (doc, errors) = toml::de::DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        let mut out = Vec::new();
        for e in errors {
            let range = e.span().unwrap_or(0..0);
            let msg = e.message().trim().to_string();
            let msg = msg.lines().next().unwrap_or("syntax error").to_string();
            out.push(Diagnostic::new(
                Span {
                    file,
                    start: range.start,
                    end: range.end,
                },
                format!("TOML syntax error: {msg}"),
                "the file must be valid TOML",
            ));
        }
        return Err(out);
    }
    Ok(convert_table(file, doc.get_ref()))
}

fn convert_table(file: u32, t: &toml::de::DeTable<'_>) -> Table {
    let mut entries = IndexMap::new();
    for (k, v) in t.iter() {
        let ks = k.span();
        let key_span = Span {
            file,
            start: ks.start,
            end: ks.end,
        };
        entries.insert(k.get_ref().to_string(), (key_span, convert_value(file, v)));
    }
    Table { entries }
}

fn convert_value(file: u32, v: &toml::Spanned<toml::de::DeValue<'_>>) -> Node {
    use toml::de::DeValue;
    let r = v.span();
    let span = Span {
        file,
        start: r.start,
        end: r.end,
    };
    let value = match v.get_ref() {
        DeValue::String(s) => Value::Str(s.to_string()),
        DeValue::Integer(i) => {
            let s = i.as_str().replace('_', "");
            let parsed = match i.radix() {
                10 => s.parse::<i64>().ok(),
                r => i64::from_str_radix(
                    s.trim_start_matches("0x")
                        .trim_start_matches("0o")
                        .trim_start_matches("0b"),
                    r,
                )
                .ok(),
            };
            match parsed {
                Some(n) => Value::Int(n),
                None => Value::Float(f64::NAN),
            }
        }
        DeValue::Float(f) => Value::Float(
            f.as_str()
                .replace('_', "")
                .parse::<f64>()
                .unwrap_or(f64::NAN),
        ),
        DeValue::Boolean(b) => Value::Bool(*b),
        DeValue::Datetime(_) => Value::Datetime,
        DeValue::Array(a) => Value::Array(a.iter().map(|x| convert_value(file, x)).collect()),
        DeValue::Table(t) => Value::Table(convert_table(file, t)),
    };
    Node { value, span }
}

/// The closest candidate to `word`, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(&word.to_lowercase(), &c.to_lowercase());
        let limit = (c.chars().count().max(word.chars().count()) / 3).max(1);
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
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match did_you_mean(word, candidates) {
        Some(s) => format!(": did you mean `{s}`?"),
        None => String::new(),
    }
}

/// A list of words as `a`, `b` or `c`.
pub fn one_of(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        n => format!("{} or {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
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
}
