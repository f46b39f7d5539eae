//! Spanned TOML: the text of a file read into a small tree ([`Node`]) whose every value
//! knows where it was written, and the typed reads of that tree that report a wrong type
//! or a value out of range at its place.

use indexmap::IndexMap;

use crate::code::Code;
use crate::def::Named;
use crate::source::{Ctx, Span, did_you_mean, one_of, suggest};

use super::schema;

/// A value of a TOML document, with where it came from.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub value: Value,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub(crate) enum Value {
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
pub(crate) struct Table {
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

/// Parses TOML text into a spanned tree; syntax errors become diagnostics.
pub(crate) fn parse_toml(file: u32, text: &str, cx: &mut Ctx) -> Option<Table> {
    let (doc, errors) = toml::de::DeTable::parse_recoverable(text);
    if errors.is_empty() {
        return Some(convert_table(file, doc.get_ref()));
    }
    // The parser goes on after a mistake, but what it finds next on the same line mostly
    // follows from it (an unclosed string), and so does everything after an array or
    // inline table left open: the root cause alone is reported then, the first mistake
    // of each line otherwise. An array left open is found where the next key starts.
    let mut errors: Vec<_> = errors
        .iter()
        .map(|e| {
            let range = e.span().unwrap_or(0..0);
            let msg = e.message().trim();
            (
                range,
                msg.lines().next().unwrap_or("syntax error").to_string(),
            )
        })
        .collect();
    errors.sort_by_key(|(r, _)| r.start);
    let unclosed = errors.iter().any(|(_, m)| m.starts_with("unclosed"));
    if unclosed {
        errors.truncate(1);
    }
    // Lines counted as the sorted errors go, so that the cost stays linear in the text.
    let (mut at, mut line) = (0, 0);
    let mut last_line = None;
    for (range, msg) in errors {
        let to = range.start.min(text.len()).max(at);
        line += text.as_bytes()[at..to]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        at = to;
        if last_line == Some(line) {
            continue;
        }
        last_line = Some(line);
        let (msg, label) = if unclosed && msg.starts_with("missing comma between array elements") {
            (
                "unclosed array, expected `]` before this".to_string(),
                "the array above is not closed: end it with `]`",
            )
        } else {
            (msg, "the file must be valid TOML")
        };
        cx.err(
            Code::SyntaxError,
            Span {
                file,
                start: range.start,
                end: range.end,
            },
            format!("TOML syntax error: {msg}"),
            label,
        );
    }
    None
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

/// A value as a message shows it: a string quoted, anything else by its type.
pub(crate) fn describe(n: &Node) -> String {
    match &n.value {
        Value::Str(s) => format!("the string \"{s}\""),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => f.to_string(),
        v => v.type_name().to_string(),
    }
}

/// Typed reads of table entries: a value of the wrong type or out of range is reported at
/// its place and read as absent.
impl Ctx {
    /// Reports the keys of `t` that are not `allowed`. A key of the top level found in
    /// another table was most likely written after a `[table]` header, which takes every
    /// key up to the next header: the message says so.
    pub(crate) fn check_keys(&mut self, t: &Table, allowed: &[&str], what: &str) {
        let top = schema::GAME.names();
        let nested = top != allowed && schema::LIBRARY.names() != allowed;
        for (k, (kspan, _)) in &t.entries {
            if !allowed.contains(&k.as_str()) {
                let (hint, label) = if nested && top.contains(&k.as_str()) {
                    (
                        format!(
                            ": `{k}` is a top-level key, and top-level keys go before the first table"
                        ),
                        "move it above the first `[table]` header".to_string(),
                    )
                } else {
                    (
                        suggest(k, allowed.iter().copied()),
                        format!("expected {}", one_of(allowed)),
                    )
                };
                self.err(
                    Code::UnknownKey,
                    *kspan,
                    format!("unknown key `{k}` in {what}{hint}"),
                    label,
                );
            }
        }
    }

    pub(crate) fn type_err(&mut self, node: &Node, key: &str, expected: &str) {
        self.err(
            Code::WrongType,
            node.span,
            format!(
                "`{key}` must be {expected}, found {}",
                node.value.type_name()
            ),
            format!("expected {expected}"),
        );
    }

    pub(crate) fn str<'a>(&mut self, t: &'a Table, key: &str) -> Option<(&'a str, Span)> {
        let n = t.get(key)?;
        match &n.value {
            Value::Str(s) => Some((s.as_str(), n.span)),
            _ => {
                self.type_err(n, key, "a string");
                None
            }
        }
    }

    /// A string as a [`Named`].
    pub(crate) fn named(&mut self, t: &Table, key: &str) -> Option<Named> {
        self.str(t, key).map(|(s, span)| Named {
            name: s.to_string(),
            span,
        })
    }

    pub(crate) fn int(&mut self, t: &Table, key: &str, lo: i64, hi: i64) -> Option<(i64, Span)> {
        let n = t.get(key)?;
        match &n.value {
            Value::Int(i) if (lo..=hi).contains(i) => Some((*i, n.span)),
            Value::Int(i) => {
                self.err(
                    Code::OutOfRange,
                    n.span,
                    format!("`{key}` is {i}, out of range"),
                    format!("expected a whole number from {lo} to {hi}"),
                );
                None
            }
            _ => {
                self.type_err(n, key, &format!("a whole number from {lo} to {hi}"));
                None
            }
        }
    }

    pub(crate) fn bool(&mut self, t: &Table, key: &str) -> Option<bool> {
        let n = t.get(key)?;
        match &n.value {
            Value::Bool(b) => Some(*b),
            _ => {
                self.type_err(n, key, "`true` or `false`");
                None
            }
        }
    }

    pub(crate) fn number(&mut self, t: &Table, key: &str) -> Option<f64> {
        let n = t.get(key)?;
        match &n.value {
            Value::Int(i) => Some(*i as f64),
            Value::Float(f) if f.is_finite() => Some(*f),
            _ => {
                self.type_err(n, key, "a number");
                None
            }
        }
    }

    pub(crate) fn table<'a>(&mut self, t: &'a Table, key: &str) -> Option<&'a Table> {
        let n = t.get(key)?;
        match &n.value {
            Value::Table(x) => Some(x),
            _ => {
                self.type_err(n, key, "a table");
                None
            }
        }
    }

    /// The entries of a table of tables (`[slots.<name>]`, `[drops.<piece>]`): each with
    /// its name, the span of its key and its table; an entry that is no table is reported
    /// with `example` as the expected shape.
    pub(crate) fn subtables<'a>(
        &mut self,
        t: &'a Table,
        key: &str,
        example: &str,
    ) -> Vec<(&'a str, Span, &'a Table)> {
        let Some(outer) = self.table(t, key) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (name, (kspan, node)) in &outer.entries {
            match &node.value {
                Value::Table(x) => out.push((name.as_str(), *kspan, x)),
                _ => self.type_err(node, name, example),
            }
        }
        out
    }

    /// Reports a missing key, unless the table has a misspelling of it (already reported as
    /// an unknown key with a suggestion).
    pub(crate) fn missing(&mut self, t: &Table, span: Span, key: &str, what: &str, example: &str) {
        if t.entries
            .keys()
            .any(|k| k != key && did_you_mean(k, [key]).is_some())
        {
            return;
        }
        self.err(
            Code::MissingKey,
            span,
            format!("{what} has no `{key}`"),
            format!("add `{key}`, for example `{example}`"),
        );
    }

    /// A string or an array of strings.
    pub(crate) fn names(&mut self, t: &Table, key: &str) -> Option<Vec<Named>> {
        let n = t.get(key)?;
        match &n.value {
            Value::Str(s) => Some(vec![Named {
                name: s.clone(),
                span: n.span,
            }]),
            Value::Array(items) => {
                let mut out = Vec::new();
                for it in items {
                    match &it.value {
                        Value::Str(s) => out.push(Named {
                            name: s.clone(),
                            span: it.span,
                        }),
                        _ => self.type_err(it, key, "a string"),
                    }
                }
                Some(out)
            }
            _ => {
                self.type_err(n, key, "a string or an array of strings");
                None
            }
        }
    }
}
