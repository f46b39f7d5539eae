//! What changed between two description texts, in words: which section (piece, square,
//! rule), which fact, and how (`moves 16 -> 14; no longer e5e7; new e5e8`, `depth 3: 51914
//! -> 51002`). Reads the text of [`super::Description::text`]: headings give the section,
//! each other line is one `label: value` fact, list items and pictures are facts too.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One difference between an old and a new description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Change {
    /// The section, headings from the top joined by ` > `: `Pieces > W Ninja Warrior
    /// (ninja-warrior) > From e5 (the centre)`. Empty for the game's name.
    pub section: String,
    /// What changed, in words.
    pub what: String,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.section.is_empty() {
            write!(f, "{}", self.what)
        } else {
            write!(f, "{}: {}", self.section, self.what)
        }
    }
}

/// One fact of a text.
#[derive(Clone, Debug, PartialEq)]
struct Fact {
    section: String,
    /// The label without a count in brackets (`moves` for `moves (16)`).
    key: String,
    /// The count in the label's brackets, if any.
    count: Option<String>,
    value: String,
}

/// Splits `moves (16)` into `moves` and `16`.
fn split_count(label: &str) -> (String, Option<String>) {
    if let Some(open) = label.rfind(" (")
        && let Some(n) = label[open + 2..].strip_suffix(')')
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return (label[..open].to_string(), Some(n.to_string()));
    }
    (label.to_string(), None)
}

fn facts(text: &str) -> Vec<Fact> {
    let mut out: Vec<Fact> = Vec::new();
    let mut path: Vec<String> = Vec::new();
    let mut fence: Option<String> = None;
    for line in text.lines() {
        if let Some(block) = fence.as_mut() {
            if line.starts_with("```") {
                let value = fence.take().unwrap_or_default();
                out.push(Fact {
                    section: path.join(" > "),
                    key: "picture".to_string(),
                    count: None,
                    value,
                });
            } else {
                block.push_str(line);
                block.push('\n');
            }
            continue;
        }
        if line.starts_with("```") {
            fence = Some(String::new());
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let level = line.bytes().take_while(|b| *b == b'#').count();
        if level > 0 && line[level..].starts_with(' ') {
            let title = line[level + 1..].trim().to_string();
            if level == 1 {
                out.push(Fact {
                    section: String::new(),
                    key: "name".to_string(),
                    count: None,
                    value: title,
                });
                path.clear();
            } else {
                path.truncate(level - 2);
                path.push(title);
            }
            continue;
        }
        let section = path.join(" > ");
        if line.starts_with(' ')
            && let Some(last) = out.last_mut().filter(|f| f.section == section)
        {
            last.value.push(' ');
            last.value.push_str(line.trim());
            continue;
        }
        let (label, value) = if let Some(item) = line.strip_prefix("- ") {
            ("item".to_string(), item.to_string())
        } else if let Some((l, v)) = line.split_once(':') {
            (l.to_string(), v.trim().to_string())
        } else {
            ("text".to_string(), line.to_string())
        };
        let (key, count) = split_count(&label);
        out.push(Fact {
            section,
            key,
            count,
            value,
        });
    }
    out
}

/// Labels whose value is a list of words (moves, squares) compared as sets.
fn is_word_list(key: &str) -> bool {
    matches!(key, "moves" | "captures" | "extra squares" | "holes") || key.starts_with("rook ")
}

/// What left a list and what joined it; items are words, or with `comma` the parts
/// between commas.
fn words_diff(old: &str, new: &str, comma: bool) -> String {
    let items = |s: &str| -> Vec<String> {
        if comma {
            s.split(", ").map(str::to_string).collect()
        } else {
            s.split_whitespace().map(str::to_string).collect()
        }
    };
    let (o, n) = (items(old), items(new));
    let gone: Vec<&str> = o
        .iter()
        .filter(|w| !n.contains(w))
        .map(|s| s.as_str())
        .collect();
    let added: Vec<&str> = n
        .iter()
        .filter(|w| !o.contains(w))
        .map(|s| s.as_str())
        .collect();
    let sep = if comma { ", " } else { " " };
    let mut parts = Vec::new();
    if !gone.is_empty() {
        parts.push(format!("no longer {}", gone.join(sep)));
    }
    if !added.is_empty() {
        parts.push(format!("new {}", added.join(sep)));
    }
    parts.join("; ")
}

/// How one fact changed, in words.
fn changed(key: &str, old: &Fact, new: &Fact) -> String {
    let mut what = key.to_string();
    if let (Some(a), Some(b)) = (&old.count, &new.count)
        && a != b
    {
        what.push_str(&format!(" {a} -> {b}"));
    }
    let comma = old.value.contains(", ") && new.value.contains(", ");
    if is_word_list(key) || comma {
        let d = words_diff(&old.value, &new.value, comma && !is_word_list(key));
        if !d.is_empty() {
            let sep = if what == key { ": " } else { "; " };
            what.push_str(&format!("{sep}{d}"));
        }
        return what;
    }
    format!("{what}: {} -> {}", old.value, new.value)
}

/// What changed among the facts of one section that both texts have.
fn section_changes(o: &[&Fact], n: &[&Fact]) -> Vec<String> {
    let mut here: Vec<String> = Vec::new();
    // List items: what is no longer there and what is new.
    let items = |v: &[&Fact]| -> Vec<String> {
        v.iter()
            .filter(|f| f.key == "item")
            .map(|f| f.value.clone())
            .collect()
    };
    let (oi, ni) = (items(o), items(n));
    for i in oi.iter().filter(|i| !ni.contains(i)) {
        here.push(format!("no longer: {i}"));
    }
    for i in ni.iter().filter(|i| !oi.contains(i)) {
        here.push(format!("new: {i}"));
    }
    let mut keys: Vec<&str> = Vec::new();
    for f in n.iter().chain(o.iter()) {
        if f.key != "item" && f.key != "picture" && !keys.contains(&f.key.as_str()) {
            keys.push(&f.key);
        }
    }
    for k in keys {
        let of: Vec<&&Fact> = o.iter().filter(|f| f.key == k).collect();
        let nf: Vec<&&Fact> = n.iter().filter(|f| f.key == k).collect();
        for i in 0..of.len().max(nf.len()) {
            match (of.get(i), nf.get(i)) {
                (Some(a), Some(b)) if a.value != b.value || a.count != b.count => {
                    here.push(changed(k, a, b));
                }
                (Some(a), None) => here.push(format!("no longer: {k}: {}", a.value)),
                (None, Some(b)) => here.push(format!("new: {k}: {}", b.value)),
                _ => {}
            }
        }
    }
    if here.is_empty() {
        let pic = |v: &[&Fact]| -> Vec<String> {
            v.iter()
                .filter(|f| f.key == "picture")
                .map(|f| f.value.clone())
                .collect()
        };
        if pic(o) != pic(n) {
            here.push("the picture changed".to_string());
        }
    }
    here
}

/// The differences between an old and a new description text, in the order of the new
/// text (then what only the old one had). Empty when the texts say the same.
pub fn diff(old: &str, new: &str) -> Vec<Change> {
    let (old, new) = (facts(old), facts(new));
    let has_section =
        |facts: &[Fact], s: &str| s.is_empty() || facts.iter().any(|f| f.section == s);
    let mut out: Vec<Change> = Vec::new();
    // Sections only one side has: reported once, at the top of the missing part.
    let mut reported: Vec<String> = Vec::new();
    let mut whole = |section: &str, what: &str, out: &mut Vec<Change>| {
        if reported
            .iter()
            .any(|r| section == r || section.starts_with(&format!("{r} > ")))
        {
            return;
        }
        reported.push(section.to_string());
        out.push(Change {
            section: section.to_string(),
            what: what.to_string(),
        });
    };
    for f in &new {
        if !has_section(&old, &f.section) {
            whole(&f.section, "new", &mut out);
        }
    }
    for f in &old {
        if !has_section(&new, &f.section) {
            whole(&f.section, "no longer there", &mut out);
        }
    }
    // Facts of sections both sides have, matched by section, label and rank among equals.
    let mut sections: Vec<&str> = Vec::new();
    for f in new.iter().chain(old.iter()) {
        if !sections.contains(&f.section.as_str()) {
            sections.push(&f.section);
        }
    }
    for s in sections {
        if !has_section(&old, s) || !has_section(&new, s) {
            continue;
        }
        let o: Vec<&Fact> = old.iter().filter(|f| f.section == s).collect();
        let n: Vec<&Fact> = new.iter().filter(|f| f.section == s).collect();
        let here = section_changes(&o, &n);
        out.extend(here.into_iter().map(|what| Change {
            section: s.to_string(),
            what,
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = "# Game\n\n## Pieces\n\n### W Warrior (warrior)\n\nvalue: 3.8\nmoves:\n- leaps one square forward; moves or captures\n\n#### From e5 (the centre)\n\nmoves (3): e5d5 e5e6\n  e5f5\n\n```text\n . W .\n```\n\n## Perft from the start\n\ndepth 1: 20\ndepth 2: 400\n";

    #[test]
    fn the_same_text_has_no_changes() {
        assert_eq!(diff(OLD, OLD), []);
    }

    #[test]
    fn changes_name_the_section_the_fact_and_how() {
        let new = OLD
            .replace("e5d5 e5e6\n  e5f5", "e5d5 e5e7")
            .replace("moves (3)", "moves (2)")
            .replace("depth 2: 400", "depth 2: 401")
            .replace("forward;", "backward;");
        let changes: Vec<String> = diff(OLD, &new).iter().map(|c| c.to_string()).collect();
        assert_eq!(
            changes,
            [
                "Pieces > W Warrior (warrior): no longer: leaps one square forward; moves or captures",
                "Pieces > W Warrior (warrior): new: leaps one square backward; moves or captures",
                "Pieces > W Warrior (warrior) > From e5 (the centre): moves 3 -> 2; no longer e5e6 e5f5; new e5e7",
                "Perft from the start: depth 2: 400 -> 401",
            ]
        );
    }

    #[test]
    fn a_new_or_removed_section_is_reported_once() {
        let new = OLD.replace("### W Warrior (warrior)", "### V Warrior (warrior)");
        let changes: Vec<String> = diff(OLD, &new).iter().map(|c| c.to_string()).collect();
        assert_eq!(
            changes,
            [
                "Pieces > V Warrior (warrior): new",
                "Pieces > W Warrior (warrior): no longer there",
            ]
        );
    }

    #[test]
    fn a_picture_alone_is_reported() {
        let new = OLD.replace(" . W .", " . W *");
        let changes: Vec<String> = diff(OLD, &new).iter().map(|c| c.to_string()).collect();
        assert_eq!(
            changes,
            ["Pieces > W Warrior (warrior) > From e5 (the centre): the picture changed"]
        );
    }
}
