//! Reading a test file over the spanned TOML tree: every mistake reported at its place,
//! all of them at once.

use std::path::Path;
use std::sync::Arc;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::load::reader::{Node, Table, Value, parse_toml};
use crate::source::{Ctx, Problem, Span, one_of, suggest};
use crate::variant::Variant;
use crate::{OptionSetting, Severity};

/// A value and where it was written.
#[derive(Clone, Debug)]
pub(super) struct Sp<T> {
    pub v: T,
    pub span: Span,
}

/// One `[[test]]` table.
#[derive(Clone, Debug, Default)]
pub(super) struct Test {
    pub name: String,
    /// The table's first key, for messages about the whole test.
    pub at: Span,
    pub fen: Option<Sp<String>>,
    pub moves: Vec<Sp<String>>,
    pub legal: Option<Sp<Vec<Sp<String>>>>,
    pub count: Option<Sp<u64>>,
    pub includes: Vec<Sp<String>>,
    pub excludes: Vec<Sp<String>>,
    pub perft: Vec<Sp<u64>>,
    pub result: Option<Sp<String>>,
    pub position: Option<Sp<String>>,
    pub illegal: Vec<Sp<String>>,
    pub because: Option<Sp<String>>,
}

/// A test file read: the game and its tests.
pub(super) struct File {
    pub game: Arc<Variant>,
    pub tests: Vec<Test>,
}

const TOP_KEYS: &[&str] = &["game", "options", "test"];
const TEST_KEYS: &[&str] = &[
    "name", "fen", "moves", "legal", "count", "includes", "excludes", "perft", "result",
    "position", "illegal", "because",
];
/// The keys that expect something of the engine.
pub(super) const EXPECTATIONS: &[&str] = &[
    "legal", "count", "includes", "excludes", "perft", "result", "position", "illegal",
];

struct Reader<'a> {
    text: &'a str,
    problems: &'a mut Vec<Problem>,
    /// The mistakes of the game named, when it does not load.
    game_errors: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn err(
        &mut self,
        code: Code,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) {
        self.problems.push(Problem::new(code, span, message, label));
    }

    fn unknown_keys(&mut self, t: &Table, known: &[&str], what: &str) {
        for (k, (span, _)) in &t.entries {
            if !known.contains(&k.as_str()) {
                let hint = suggest(k, known.iter().copied());
                self.err(
                    Code::UnknownKey,
                    *span,
                    format!("unknown key `{k}` in {what}{hint}"),
                    format!("expected {}", one_of(known)),
                );
            }
        }
    }

    fn string(&mut self, n: &Node, key: &str, example: &str) -> Option<Sp<String>> {
        match &n.value {
            Value::Str(s) => Some(Sp {
                v: s.clone(),
                span: n.span,
            }),
            other => {
                self.err(
                    Code::WrongType,
                    n.span,
                    format!("`{key}` must be a string, found {}", other.type_name()),
                    format!("write it like `{key} = {example}`"),
                );
                None
            }
        }
    }

    /// Words of a string (each with its own place when the string has no escapes), or the
    /// strings of an array.
    fn words(&mut self, n: &Node, key: &str, example: &str) -> Vec<Sp<String>> {
        match &n.value {
            Value::Str(s) => {
                let raw = self.text.get(n.span.start..n.span.end).unwrap_or("");
                let plain = raw.len() == s.len() + 2 && raw.get(1..raw.len() - 1) == Some(s);
                let mut out = Vec::new();
                let mut at = 0;
                for w in s.split_whitespace() {
                    let i = at + s[at..].find(w).unwrap_or(0);
                    at = i + w.len();
                    let span = if plain {
                        Span {
                            file: n.span.file,
                            start: n.span.start + 1 + i,
                            end: n.span.start + 1 + at,
                        }
                    } else {
                        n.span
                    };
                    out.push(Sp {
                        v: w.to_string(),
                        span,
                    });
                }
                out
            }
            Value::Array(items) => items
                .iter()
                .filter_map(|i| self.string(i, key, example))
                .collect(),
            other => {
                self.err(
                    Code::WrongType,
                    n.span,
                    format!(
                        "`{key}` must be a string or an array of strings, found {}",
                        other.type_name()
                    ),
                    format!("write it like `{key} = {example}`"),
                );
                Vec::new()
            }
        }
    }

    fn count(&mut self, n: &Node, key: &str) -> Option<Sp<u64>> {
        match &n.value {
            Value::Int(i) if *i >= 0 => Some(Sp {
                v: *i as u64,
                span: n.span,
            }),
            other => {
                let found = match other {
                    Value::Int(i) => i.to_string(),
                    v => v.type_name().to_string(),
                };
                self.err(
                    Code::WrongType,
                    n.span,
                    format!("`{key}` must be a whole number from 0 up, found {found}"),
                    format!("write it like `{key} = 20`"),
                );
                None
            }
        }
    }

    fn perft(&mut self, n: &Node) -> Vec<Sp<u64>> {
        let Value::Array(items) = &n.value else {
            self.err(
                Code::WrongType,
                n.span,
                format!(
                    "`perft` must be an array of counts, found {}",
                    n.value.type_name()
                ),
                "the counts at depth 1, 2, ...: `perft = [20, 400, 8902]`",
            );
            return Vec::new();
        };
        if items.len() > crate::limits::MAX_PERFT_DEPTH as usize {
            self.err(
                Code::TooMany,
                n.span,
                format!(
                    "`perft` has {} counts: at most {} (one per depth)",
                    items.len(),
                    crate::limits::MAX_PERFT_DEPTH
                ),
                "remove the deepest counts",
            );
            return Vec::new();
        }
        items
            .iter()
            .filter_map(|i| self.count(i, "perft"))
            .collect()
    }

    fn test(&mut self, t: &Table, index: usize) -> Test {
        self.unknown_keys(t, TEST_KEYS, "a test");
        let mut test = Test {
            name: format!("test {}", index + 1),
            at: t
                .entries
                .values()
                .next()
                .map(|(s, _)| *s)
                .unwrap_or_default(),
            ..Test::default()
        };
        for (key, (_, n)) in &t.entries {
            match key.as_str() {
                "name" => {
                    if let Some(s) = self.string(n, key, "\"the start\"") {
                        test.name = s.v;
                    }
                }
                "fen" => test.fen = self.string(n, key, "\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\""),
                "moves" => test.moves = self.words(n, key, "\"e2e4 e7e5\""),
                "legal" => {
                    test.legal = Some(Sp {
                        v: self.words(n, key, "[\"e2e4\", \"d2d4\"]"),
                        span: n.span,
                    })
                }
                "count" => test.count = self.count(n, key),
                "includes" => test.includes = self.words(n, key, "[\"e2e4\"]"),
                "excludes" => test.excludes = self.words(n, key, "[\"e2e5\"]"),
                "perft" => test.perft = self.perft(n),
                "result" => test.result = self.string(n, key, "\"checkmate\""),
                "position" => test.position = self.string(n, key, "\"8/8/8/8/8/8/8/8 w - - 0 1\""),
                "illegal" => test.illegal = self.words(n, key, "\"e2e5\""),
                "because" => test.because = self.string(n, key, "\"would leave\""),
                _ => {}
            }
        }
        if !t.entries.keys().any(|k| EXPECTATIONS.contains(&k.as_str())) {
            self.err(
                Code::NoTest,
                test.at,
                format!("`{}` expects nothing", test.name),
                format!("add one of {}", one_of(EXPECTATIONS)),
            );
        }
        if let (Some(b), true) = (&test.because, test.illegal.is_empty()) {
            self.err(
                Code::ConflictingKeys,
                b.span,
                "`because` explains an `illegal` move, and this test has none",
                "add `illegal = \"MOVE\"`",
            );
        }
        test
    }
}

/// Loads the game a test file names: a built-in game, or a file relative to `dir`.
fn game(
    r: &mut Reader,
    spec: &Sp<String>,
    options: &[Sp<String>],
    dir: &Path,
) -> Option<Arc<Variant>> {
    let mut settings = Vec::new();
    for o in options {
        match o.v.parse::<OptionSetting>() {
            Ok(s) => settings.push(s),
            Err(e) => r.err(
                Code::UnknownOption,
                o.span,
                e.to_string(),
                "`NAME`, `NAME=on` or `NAME=off`",
            ),
        }
    }
    let builtin = crate::builtin::game(&spec.v).is_some();
    let path = dir.join(&spec.v);
    if !builtin && !path.is_file() {
        let names = crate::builtin::game_names();
        let hint = suggest(&spec.v, names.iter().copied());
        r.err(
            Code::UnknownGame,
            spec.span,
            format!(
                "`{}` is neither a built-in game nor a file beside this test file{hint}",
                spec.v
            ),
            "a path relative to this file, or a name of `fairyforge list`",
        );
        return None;
    }
    let loader = Variant::loader().options(settings);
    let loaded = if builtin {
        loader.builtin(&spec.v)
    } else {
        loader.load(&path)
    };
    match loaded {
        Ok(v) => Some(v),
        Err(e) => {
            r.err(
                Code::GameDoesNotLoad,
                spec.span,
                format!("the game `{}` does not load", spec.v),
                "its mistakes follow; `fairyforge validate` shows them too",
            );
            r.game_errors = e.diagnostics().to_vec();
            None
        }
    }
}

/// Reads a test file; `None` when it cannot run (its mistakes are in `problems`).
/// The mistakes of the game, when it does not load, go to `game_errors`, after the file's.
pub(super) fn read(
    file: u32,
    text: &str,
    dir: &Path,
    problems: &mut Vec<Problem>,
    game_errors: &mut Vec<Diagnostic>,
) -> Option<File> {
    let mut cx = Ctx::default();
    let Some(top) = parse_toml(file, text, &mut cx) else {
        problems.extend(cx.diags);
        return None;
    };
    let mut r = Reader {
        text,
        problems,
        game_errors: Vec::new(),
    };
    r.unknown_keys(&top, TOP_KEYS, "a test file");
    let options: Vec<Sp<String>> = match top.get("options") {
        Some(n) => r.words(n, "options", "[\"capture-the-scepter\"]"),
        None => Vec::new(),
    };
    let spec = match top.get("game") {
        Some(n) => r.string(n, "game", "\"my-game.toml\""),
        None => {
            r.problems.push(Problem::new(
                Code::NoTest,
                Span {
                    file,
                    start: 0,
                    end: 0,
                },
                "the test file names no `game`",
                "add `game = \"my-game.toml\"` (a file beside this one) or a built-in game",
            ));
            None
        }
    };
    let tests = r.tests(&top, file);
    // In the order of the file; a game's own mistakes (no place here) last.
    r.problems
        .sort_by_key(|d| d.span.map_or(usize::MAX, |s| s.start));
    let game = game(&mut r, &spec?, &options, dir);
    game_errors.append(&mut r.game_errors);
    let game = game?;
    if r.problems.iter().any(|d| d.severity == Severity::Error) {
        return None;
    }
    Some(File { game, tests })
}

impl Reader<'_> {
    /// The `[[test]]` tables of the file, each read; a missing or mistyped `test` is a
    /// problem.
    fn tests(&mut self, top: &Table, file: u32) -> Vec<Test> {
        let r = self;
        let mut tests = Vec::new();
        match top.get("test").map(|n| &n.value) {
            Some(Value::Array(items)) => {
                for (i, n) in items.iter().enumerate() {
                    match &n.value {
                        Value::Table(t) => tests.push(r.test(t, i)),
                        other => r.err(
                            Code::WrongType,
                            n.span,
                            format!("a test must be a table, found {}", other.type_name()),
                            "write each test under `[[test]]`",
                        ),
                    }
                }
            }
            Some(other) => {
                let span = top.get("test").map(|n| n.span).unwrap_or_default();
                r.err(
                    Code::WrongType,
                    span,
                    format!(
                        "`test` must be a list of tables, found {}",
                        other.type_name()
                    ),
                    "write each test under `[[test]]`",
                );
            }
            None => r.problems.push(Problem::new(
                Code::NoTest,
                Span {
                    file,
                    start: 0,
                    end: 0,
                },
                "the test file has no test",
                "add a `[[test]]` table (docs/testing.md)",
            )),
        }
        tests
    }
}
