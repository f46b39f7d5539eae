//! Test files: expectations about a game written in TOML, checked against the engine, each
//! failure reported at the line of the expectation with what was expected and what the
//! engine says (`fairyforge test`, `docs/testing.md`).
//!
//! ```toml
//! game = "my-game.toml"          # a file beside this one, or a built-in game
//! options = ["capture-the-scepter"]
//!
//! [[test]]
//! name = "the start"
//! perft = [36, 1296]
//!
//! [[test]]
//! moves = "e2e5 e9e6"            # from the start, or from `fen`
//! includes = ["J@e2e4"]
//! excludes = ["J@e2e6"]
//! illegal = "e5e7"
//! because = "no pawn of White's can move to e7"
//! ```
//!
//! ```
//! use fairyforge::testfile;
//! let text = "game = \"chess\"\n[[test]]\nperft = [20, 400]\n";
//! let report = testfile::run_str("chess.test.toml", text, std::path::Path::new("."));
//! assert!(report.passed(), "{}", report.render());
//! assert_eq!(report.tests(), 1);
//! ```

mod check;
mod read;

use std::path::Path;

use crate::Diagnostic;
use crate::code::Code;
use crate::limits::MAX_TEST_FILE_BYTES;
use crate::source::{self, Sources};

/// What running a test file found: how many tests ran, and every failure and every mistake
/// of the file, each at its line.
#[derive(Clone, Debug)]
pub struct TestReport {
    tests: usize,
    failed_tests: usize,
    problems: Vec<Diagnostic>,
}

impl TestReport {
    /// Whether every test passed and the file had no mistake.
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }

    /// How many tests ran (none when the file has mistakes of its own).
    pub fn tests(&self) -> usize {
        self.tests
    }

    /// How many tests failed.
    pub fn failed_tests(&self) -> usize {
        self.failed_tests
    }

    /// The failures and mistakes, each with its file, line and column: the message says
    /// what was expected, the label what the engine says.
    pub fn problems(&self) -> &[Diagnostic] {
        &self.problems
    }

    /// The failures and mistakes as `validate` shows mistakes: `FILE:LINE:COLUMN:
    /// message`, the line, and a note under the expectation.
    pub fn render(&self) -> String {
        self.problems.iter().map(|d| format!("{d}\n")).collect()
    }
}

/// Reads and runs a test file. Paths in it (`game`) are relative to its directory.
pub fn run_file(path: &Path) -> TestReport {
    let name = path.display().to_string();
    match read_limited(path) {
        Ok(text) => {
            let dir = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => Path::new(".").to_path_buf(),
            };
            run_str(&name, &text, &dir)
        }
        Err(why) => TestReport {
            tests: 0,
            failed_tests: 0,
            problems: vec![Diagnostic::global(
                Code::CannotRead,
                format!("{name}: {why}"),
            )],
        },
    }
}

/// Reads a regular file of at most [`MAX_TEST_FILE_BYTES`].
fn read_limited(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read the file: {e}"))?;
    if !meta.is_file() {
        return Err("not a regular file: a test file is a TOML text file".to_string());
    }
    if meta.len() > MAX_TEST_FILE_BYTES {
        return Err(format!(
            "the file has {} bytes; a test file may have at most {MAX_TEST_FILE_BYTES}",
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read the file: {e}"))?;
    String::from_utf8(bytes).map_err(|_| "not a text file (it is not UTF-8)".to_string())
}

/// Runs a test file given as text; `name` is how messages name it, `dir` where its paths
/// start.
pub fn run_str(name: &str, text: &str, dir: &Path) -> TestReport {
    let mut sources = Sources::default();
    let file = sources.add(name, text, false);
    let mut problems: Vec<source::Problem> = Vec::new();
    let mut report = TestReport {
        tests: 0,
        failed_tests: 0,
        problems: Vec::new(),
    };
    let mut game_errors = Vec::new();
    if let Some(parsed) = read::read(file, text, dir, &mut problems, &mut game_errors) {
        report.tests = parsed.tests.len();
        for t in &parsed.tests {
            let before = problems.len();
            check::run(&parsed.game, t, &mut problems);
            // In the order of the file.
            problems[before..].sort_by_key(|d| d.place());
            if problems.len() > before {
                report.failed_tests += 1;
            }
        }
    }
    report.problems = problems
        .iter()
        .map(|d| Diagnostic::resolve(&sources, d))
        .chain(game_errors)
        .collect();
    report
}
