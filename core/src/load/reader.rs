//! Spanned TOML: the text of a file read into a small tree ([`Node`]) whose every value
//! knows where it was written, and the typed reads of that tree that report a wrong type
//! or a value out of range at its place.

use indexmap::IndexMap;

use crate::def::Named;
use crate::source::{Ctx, Span, did_you_mean, one_of, suggest};

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
    /// An integer past the 64-bit range, as written (without `_`).
    BigInt(String),
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
            Value::Int(_) | Value::BigInt(_) => "an integer",
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
    for e in errors {
        // The parser's recursion limit on keys comes without a place: the key with the
        // most parts is the one that reached it.
        let range = e.span().or_else(|| longest_key(text)).unwrap_or(0..0);
        let msg = e.message().trim();
        let msg = msg.lines().next().unwrap_or("syntax error");
        cx.err(
            Span {
                file,
                start: range.start,
                end: range.end,
            },
            format!("TOML syntax error: {msg}"),
            "the file must be valid TOML",
        );
    }
    None
}

/// The key (a table header's or a dotted key's) with the most parts, where it is written.
fn longest_key(text: &str) -> Option<std::ops::Range<usize>> {
    let mut best: Option<(usize, std::ops::Range<usize>)> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at + (line.len() - line.trim_start().len());
        at += line.len();
        let body = line.trim();
        let key = if let Some(h) = body.strip_prefix('[') {
            h.trim_start_matches('[').split(']').next().unwrap_or("")
        } else {
            match body.split_once('=') {
                Some((k, _)) => k,
                None => continue,
            }
        };
        let parts = key.matches('.').count() + 1;
        let offset = body.find(key).unwrap_or(0);
        let range = start + offset..start + offset + key.trim_end().len();
        if parts > 1 && best.as_ref().is_none_or(|(n, _)| parts > *n) {
            best = Some((parts, range));
        }
    }
    best.map(|(_, r)| r)
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
                None => Value::BigInt(i.as_str().replace('_', "")),
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
        Value::BigInt(t) => t.clone(),
        Value::Float(f) => f.to_string(),
        v => v.type_name().to_string(),
    }
}

/// Typed reads of table entries: a value of the wrong type or out of range is reported at
/// its place and read as absent.
impl Ctx {
    pub(crate) fn check_keys(&mut self, t: &Table, allowed: &[&str], what: &str) {
        for (k, (kspan, _)) in &t.entries {
            if !allowed.contains(&k.as_str()) {
                let hint = suggest(k, allowed.iter().copied());
                self.err(
                    *kspan,
                    format!("unknown key `{k}` in {what}{hint}"),
                    format!("expected {}", one_of(allowed)),
                );
            }
        }
    }

    pub(crate) fn type_err(&mut self, node: &Node, key: &str, expected: &str) {
        self.err(
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
            Value::Int(_) | Value::BigInt(_) => {
                self.err(
                    n.span,
                    format!("`{key}` is {}, out of range", describe(n)),
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
            Value::BigInt(t) => t.parse::<f64>().ok().filter(|f| f.is_finite()),
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
