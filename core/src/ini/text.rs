//! The text of a variants.ini file: sections `[name]` or `[name:parent]`, then
//! `key = value` lines; lines starting with `#` or `;` are comments. Every section, key and
//! value keeps its byte range, so that what cannot be translated is reported where it is
//! written.

use std::ops::Range;

/// One `key = value` line.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub key: String,
    pub key_at: Range<usize>,
    /// The value, with the spaces around it removed.
    pub value: String,
    pub value_at: Range<usize>,
}

/// One section: its name, its parent and its lines, in file order.
#[derive(Clone, Debug)]
pub(crate) struct Section {
    pub name: String,
    pub name_at: Range<usize>,
    pub parent: Option<(String, Range<usize>)>,
    pub entries: Vec<Entry>,
}

/// A line that is neither a section, a key nor a comment.
#[derive(Clone, Debug)]
pub(crate) struct BadLine {
    pub at: Range<usize>,
    pub message: String,
}

/// Reads the sections of a text, and the lines that are none of the three.
pub(crate) fn sections(text: &str) -> (Vec<Section>, Vec<BadLine>) {
    let mut out: Vec<Section> = Vec::new();
    let mut bad = Vec::new();
    let mut start = 0;
    for raw in text.split_inclusive('\n') {
        let line_start = start;
        start += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let lead = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        let at0 = line_start + lead;
        if let Some(rest) = trimmed.strip_prefix('[') {
            let Some(inner) = rest.strip_suffix(']') else {
                bad.push(BadLine {
                    at: at0..at0 + trimmed.len(),
                    message: "a section header must end with `]`".into(),
                });
                continue;
            };
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n, Some(p)),
                None => (inner, None),
            };
            let name_at = at0 + 1..at0 + 1 + name.len();
            let parent = parent.map(|p| {
                let s = name_at.end + 1;
                (p.trim().to_string(), s..s + p.len())
            });
            out.push(Section {
                name: name.trim().to_string(),
                name_at,
                parent,
                entries: Vec::new(),
            });
            continue;
        }
        let Some(eq) = trimmed.find('=') else {
            bad.push(BadLine {
                at: at0..at0 + trimmed.len(),
                message: "a line must be a section `[name]`, a `key = value` or a comment".into(),
            });
            continue;
        };
        let key_raw = &trimmed[..eq];
        let key = key_raw.trim();
        let value_raw = &trimmed[eq + 1..];
        let value = value_raw.trim();
        let value_lead = value_raw.len() - value_raw.trim_start().len();
        let value_start = at0 + eq + 1 + value_lead;
        let entry = Entry {
            key: key.to_string(),
            key_at: at0..at0 + key.len(),
            value: value.to_string(),
            value_at: value_start..value_start + value.len(),
        };
        match out.last_mut() {
            Some(s) => s.entries.push(entry),
            None => bad.push(BadLine {
                at: entry.key_at.clone(),
                message: "a key before any section: start the variant with `[name]`".into(),
            }),
        }
    }
    (out, bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_places() {
        let text =
            "# a comment\n[mine:chess]\n  maxFile = 10 \n; another\nbad line\n[two]\nking = k\n";
        let (s, bad) = sections(text);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "mine");
        assert_eq!(s[0].parent.as_ref().unwrap().0, "chess");
        assert_eq!(&text[s[0].parent.as_ref().unwrap().1.clone()], "chess");
        let e = &s[0].entries[0];
        assert_eq!((e.key.as_str(), e.value.as_str()), ("maxFile", "10"));
        assert_eq!(&text[e.key_at.clone()], "maxFile");
        assert_eq!(&text[e.value_at.clone()], "10");
        assert_eq!(bad.len(), 1);
        assert_eq!(&text[bad[0].at.clone()], "bad line");
        assert_eq!(s[1].entries[0].value, "k");
    }
}
