//! Every shipped and documented file validates, and `fairyforge list` names every built-in
//! game with its one-line description.

use std::path::{Path, PathBuf};

use fairyforge_tests::root;

use super::start::GAMES;
use crate::FAIRYFORGE;

/// Example files that are wrong on purpose (docs/format.md shows what `validate` says).
pub const INVALID_EXAMPLES: &[&str] = &["docs/examples/bad.toml"];

/// The `.toml` files under a directory, recursively, sorted: variant files and piece
/// libraries (not test files, nor the examples that are wrong on purpose).
pub fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(toml_files(&p));
        } else if p.extension().is_some_and(|x| x == "toml")
            // Test files (`*.test.toml`) are not variant files.
            && !p.to_string_lossy().ends_with(".test.toml")
            && !INVALID_EXAMPLES.iter().any(|x| p.ends_with(x))
        {
            out.push(p);
        }
    }
    out.sort();
    out
}

#[test]
fn every_file_in_variants_and_docs_validates() {
    let mut files = toml_files(&root().join("variants"));
    assert!(
        files.len() >= 12,
        "the game files and the piece library: {files:?}"
    );
    let docs = toml_files(&root().join("docs"));
    assert!(
        docs.len() >= 3,
        "the example games of docs/pick-the-piece.md: {docs:?}"
    );
    files.extend(docs);
    for f in &files {
        let rel = f.strip_prefix(root()).unwrap().display().to_string();
        let (code, out, err) = FAIRYFORGE.run(&["validate", &rel]);
        assert_eq!(code, 0, "{rel}:\n{out}{err}");
        assert!(out.starts_with(&format!("{rel}: ok")), "{out}");
    }
}

#[test]
fn every_game_validates_in_one_call() {
    let files: Vec<String> = toml_files(&root().join("variants"))
        .iter()
        .map(|f| f.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    let mut args = vec!["validate"];
    args.extend(files.iter().map(|s| s.as_str()));
    let (code, out, err) = FAIRYFORGE.run(&args);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().count(), files.len(), "{out}");
}

/// Every built-in game is listed with a one-line description.
#[test]
fn list_names_every_game_with_a_description() {
    let (code, out, err) = FAIRYFORGE.run(&["list"]);
    assert_eq!(code, 0, "{err}");
    for name in GAMES {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(*name))
            .unwrap_or_else(|| panic!("`{name}` is not listed:\n{out}"));
        let desc = line[name.len()..].trim();
        assert!(desc.len() > 20 && !desc.contains('\n'), "{line}");
    }
    insta::assert_snapshot!("list", out);
}
