//! docs/format.md stays true: every TOML example in it is tested (complete game files load,
//! piece libraries validate, snippets load in the game they come from), every piece
//! diagram lists the moves the engine generates, and every `fairyforge validate` example
//! prints what the page shows.

use std::path::{Path, PathBuf};

use fairyforge::{Checked, Position, Variant};
use fairyforge_tests::markdown::{Block, blocks};
use fairyforge_tests::{moves_from, root};

use crate::FAIRYFORGE;

fn page() -> String {
    std::fs::read_to_string(root().join("docs/format.md")).expect("docs/format.md exists")
}

/// A complete game file: `name` is set at the top level (before any table header).
fn is_game_file(text: &str) -> bool {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with('['))
        .any(|l| l.starts_with("name ="))
}

/// Only `[piece.<id>]` tables (and comments): a piece library.
fn is_library(text: &str) -> bool {
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    lines.next().is_some_and(|l| l.starts_with("[piece."))
}

fn file_marker(b: &Block) -> Option<(&str, bool)> {
    let m = b.marker.as_deref()?.strip_prefix("file:")?.trim();
    Some(match m.strip_suffix(", invalid") {
        Some(name) => (name, true),
        None => (m, false),
    })
}

/// Where the page's files are: the repository, which ships every `<!-- file: PATH -->`
/// block at its path (checked by `the_page_files_are_shipped`).
fn files_dir(_test: &str) -> PathBuf {
    root()
}

/// Every `<!-- file: PATH -->` block is a file of the repository, the same text, so the
/// commands the page runs work as shown.
#[test]
fn the_page_files_are_shipped() {
    let mut shipped = 0;
    for b in blocks(&page()) {
        if let Some((path, _)) = file_marker(&b) {
            let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| {
                panic!("docs/format.md:{}: {path} is not shipped: {e}", b.line)
            });
            assert_eq!(
                text.replace("\r\n", "\n"),
                b.text,
                "{path} differs from the page"
            );
            shipped += 1;
        }
    }
    assert!(shipped >= 2, "zoo.toml and bad.toml");
}

fn load(text: &str, name: &str, dir: &Path) -> Result<(), String> {
    Variant::loader()
        .base_dir(dir)
        .parse(name, text)
        .map(|_| ())
        .map_err(|e| e.render())
}

/// Every TOML block is valid TOML and falls in a tested kind: a complete game file (it
/// loads, unless marked invalid: then it must not), a piece library (it validates), or a
/// snippet marked with the game it belongs to (it loads merged into that game).
#[test]
fn every_toml_example_is_tested() {
    let dir = files_dir("toml");
    let mut games = 0;
    for b in blocks(&page()).into_iter().filter(|b| b.lang == "toml") {
        let at = format!("docs/format.md:{}", b.line);
        assert!(
            b.text.parse::<toml::Table>().is_ok(),
            "{at}: not valid TOML"
        );
        let invalid = file_marker(&b).is_some_and(|(_, bad)| bad);
        if is_game_file(&b.text) {
            games += 1;
            let r = load(&b.text, &at, &dir);
            if invalid {
                assert!(r.is_err(), "{at}: marked invalid but loads");
            } else if let Err(e) = r {
                panic!("{at}: the example game does not load:\n{e}");
            }
        } else if is_library(&b.text) {
            let lib_dir = fairyforge_tests::temp_dir("docs");
            let path = lib_dir.join(format!("library-{}.toml", b.line));
            std::fs::write(&path, &b.text).unwrap();
            match Variant::loader().validate(&path) {
                Ok(Checked::Library(_)) => {}
                Err(e) => panic!("{at}: the example pieces do not validate:\n{}", e.render()),
                Ok(Checked::Game(_)) => panic!("{at}: not read as a piece library"),
            }
        } else if let Some(game) = b
            .marker
            .as_deref()
            .and_then(|m| m.strip_prefix("snippet of:"))
            .map(str::trim)
        {
            let text = format!("extends = \"{game}\"\nname = \"Snippet\"\n{}", b.text);
            if let Err(e) = load(&text, &at, &dir) {
                panic!("{at}: the snippet does not load in {game}:\n{e}");
            }
        } else {
            panic!(
                "{at}: untested TOML example: make it a whole game file, only [piece.<id>] tables, or mark it `<!-- snippet of: GAME -->`"
            );
        }
    }
    assert!(
        games >= 5,
        "only {games} complete game files in docs/format.md"
    );
}

/// The move list under each `fairyforge piece` diagram is the engine's.
#[test]
fn piece_diagrams_list_the_engines_moves() {
    let dir = files_dir("piece");
    let mut checked = 0;
    for b in blocks(&page()).into_iter().filter(|b| b.lang == "text") {
        let Some(cmd) = b
            .text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("$ fairyforge piece "))
        else {
            continue;
        };
        let at = format!("docs/format.md:{}", b.line);
        let (head, fen) = cmd
            .split_once(" --fen ")
            .expect("diagrams are of positions (--fen)");
        let fen = fen.trim().trim_matches('"');
        let mut words = head.split_whitespace();
        let (game, letter) = (words.next().unwrap(), words.next().unwrap());
        let v = match Variant::builtin(game) {
            Some(v) => v,
            None => {
                let text = std::fs::read_to_string(dir.join(game)).unwrap();
                Variant::loader().base_dir(&dir).parse(game, &text).unwrap()
            }
        };
        let p = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{at}: {}", e.render(fen)));
        let letter = letter.chars().next().unwrap();
        let squares: Vec<_> = v
            .geometry()
            .squares()
            .filter(|s| {
                p.piece_at(*s).is_some_and(|(k, c)| {
                    let l = v.piece(k).letter();
                    (if c == fairyforge::Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }) == letter
                })
            })
            .collect();
        assert_eq!(squares.len(), 1, "{at}: the diagram's piece must be alone");
        let from = v.geometry().name(squares[0]);
        let want = format!("moves: {}", moves_from(&p, &from).join(" "));
        let shown = b
            .text
            .lines()
            .find(|l| l.starts_with("moves:"))
            .unwrap_or("");
        assert_eq!(
            shown, want,
            "{at}: the diagram's moves are not the engine's"
        );
        let count = moves_from(&p, &from).len();
        let header = b.text.lines().nth(1).unwrap_or("");
        assert!(
            header.ends_with(&format!(": {count} moves")),
            "{at}: {header}"
        );
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} diagrams checked");
}

/// The `fairyforge validate` examples print exactly what the page shows.
#[test]
fn validate_examples_print_what_the_page_shows() {
    let dir = files_dir("validate");
    let mut checked = 0;
    for b in blocks(&page()).into_iter().filter(|b| b.lang == "text") {
        let mut lines = b.text.lines();
        let Some(cmd) = lines
            .next()
            .and_then(|l| l.strip_prefix("$ fairyforge validate "))
        else {
            continue;
        };
        let out = FAIRYFORGE
            .command()
            .arg("validate")
            .args(cmd.split_whitespace())
            .current_dir(&dir)
            .output()
            .unwrap();
        let shown: String = lines.map(|l| format!("{l}\n")).collect();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            shown,
            "docs/format.md:{}: `fairyforge validate {cmd}` prints something else",
            b.line
        );
        checked += 1;
    }
    assert!(checked >= 1);
}
