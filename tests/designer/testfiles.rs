//! `fairyforge test`: the built-in games' test files pass; a broken test file is reported
//! at each expectation's line with what was expected and what the engine says; a test file
//! with mistakes of its own is reported like a variant file.

use std::path::Path;

use fairyforge::testfile;
use fairyforge_tests::root;

use crate::FAIRYFORGE;

/// The test files of the built-in games (`variants/tests/`).
fn builtin_test_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("variants/tests"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".test.toml"))
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    files.sort();
    files
}

/// Every built-in game has a test file, and they all pass through the command.
#[test]
fn the_built_in_games_pass_their_tests() {
    let files = builtin_test_files();
    for name in fairyforge::builtin::game_names() {
        let file = format!("variants/tests/{name}.test.toml");
        assert!(files.contains(&file), "no test file {file}");
    }
    let mut args = vec!["test"];
    args.extend(files.iter().map(|s| s.as_str()));
    let (code, out, err) = FAIRYFORGE.run(&args);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().count(), files.len(), "{out}");
    for line in out.lines() {
        assert!(line.ends_with(" passed"), "{line}");
    }
}

#[test]
fn a_broken_test_file_is_reported_at_each_expectation() {
    let (code, out, err) = FAIRYFORGE.run(&["test", "tests/data/test-files/broken.test.toml"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(err, "error: 7 of 7 tests failed, in 1 of 1 files\n");
    let at = |line: usize, text: &str| {
        let head = format!("tests/data/test-files/broken.test.toml:{line}:");
        assert!(
            out.lines()
                .any(|l| l.starts_with(&head) && l.contains(text)),
            "no `{text}` at line {line}:\n{out}"
        );
    };
    at(7, "the start: perft at depth 3: expected 8903");
    // A short form names the move it stands for: `e5` is legal, `Nf6` too.
    assert!(!out.contains("`e5`"), "{out}");
    at(12, "`e7e4` is not a legal move");
    at(13, "`d7d5` is a legal move");
    at(13, "`Nf6` is a legal move");
    at(14, "expected 21 legal moves");
    at(15, "the position string is not the engine's");
    at(20, "expected the result `Black wins by checkmate`");
    at(25, "the legal moves are not the expected ones");
    at(26, "exactly these moves: expected 1 legal move");
    assert!(
        out.contains(":26:9: [test-failed] exactly these moves: expected 1 legal move\n"),
        "{out}"
    );
    at(31, "`e2e5` is illegal, but not because \"would leave\"");
    at(35, "`e2e4` is legal here");
    at(39, "the move `e4e5` cannot be played (White to move)");
    assert!(out.contains("^^^^ the engine counts 8902"), "{out}");
    assert!(
        out.contains("the engine writes it `g8f6`; the test expects it not to be"),
        "a short form is named in the engine's text:\n{out}"
    );
    insta::assert_snapshot!("broken_test_file", out);
}

#[test]
fn a_test_file_with_mistakes_of_its_own() {
    let (code, out, _) = FAIRYFORGE.run(&["test", "tests/data/test-files/mistakes.test.toml"]);
    assert_eq!(code, 1, "{out}");
    insta::assert_snapshot!("test_file_mistakes", out);
}

/// The library runs the same files: a failure has the line and column of its expectation.
#[test]
fn the_library_reports_lines() {
    let report = testfile::run_file(&root().join("tests/data/test-files/broken.test.toml"));
    assert!(!report.passed());
    assert_eq!((report.tests(), report.failed_tests()), (7, 7));
    let first = &report.problems()[0];
    assert_eq!((first.line(), first.column()), (Some(7), Some(19)));
    assert_eq!(first.label(), "the engine counts 8902");
    let ok = testfile::run_str(
        "inline.test.toml",
        "game = \"chess\"\n[[test]]\nmoves = \"e4 e5 Nf3\"\ncount = 29\nresult = \"none\"\n",
        Path::new("."),
    );
    assert!(ok.passed(), "{}", ok.render());
}
