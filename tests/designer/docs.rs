//! The docs teach what the program does: they refer to nothing outside the repository,
//! every command they show with its output prints that output, every count they state is
//! the engine's, and the Rust example of docs/testing.md is a test of this repository.

use std::path::{Path, PathBuf};

use fairyforge::{Position, Variant, perft};
use fairyforge_tests::markdown::{Block, blocks};
use fairyforge_tests::{root, temp_dir};

use crate::FAIRYFORGE;

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .replace("\r\n", "\n")
}

/// The Markdown pages of the repository.
fn pages() -> Vec<String> {
    let mut out = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    docs.sort();
    out.extend(docs);
    out
}

/// Files users read besides the pages: the shipped games, libraries, examples, tests.
fn shipped_files() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["variants", "variants/tests", "docs/examples"] {
        for e in std::fs::read_dir(root().join(dir)).unwrap().flatten() {
            let p = e.path();
            if p.is_file() {
                out.push(p.strip_prefix(root()).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// A reference to a document users do not have: a ruling number, the rulings file, the
/// seed pages.
fn outside_reference(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for word in [
        "rulings.md",
        "ruling",
        "seed page",
        "seed game",
        "seed diagram",
    ] {
        if let Some(i) = lower.find(word) {
            return Some(text[i.saturating_sub(20)..(i + 30).min(text.len())].to_string());
        }
    }
    ruling_number(text)
}

/// A ruling number (`R5`, `R22`) in a text, with its surroundings.
fn ruling_number(text: &str) -> Option<String> {
    let b = text.as_bytes();
    for i in 0..b.len() {
        let starts_word = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if b[i] == b'R' && starts_word {
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let ends_word = b
                .get(i + 1 + digits)
                .is_none_or(|c| !c.is_ascii_alphanumeric());
            if (1..=2).contains(&digits) && ends_word {
                return Some(text[i.saturating_sub(20)..(i + 20).min(text.len())].to_string());
            }
        }
    }
    None
}

#[test]
fn the_docs_refer_to_nothing_outside_the_repository() {
    for f in pages().into_iter().chain(shipped_files()) {
        for (n, line) in read(&f).lines().enumerate() {
            if let Some(what) = outside_reference(line) {
                panic!("{f}:{}: refers outside the repository: {what}", n + 1);
            }
        }
    }
    // The help of every command.
    let commands = [
        "", "validate", "describe", "snapshot", "test", "perft", "moves", "fen", "analyse",
        "piece", "play", "show", "bench", "list", "import", "export",
    ];
    for c in commands {
        let args: Vec<&str> = [c, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let (code, out, _) = FAIRYFORGE.run(&args);
        assert_eq!(code, 0, "{c} --help");
        assert!(outside_reference(&out).is_none(), "`{c} --help`: {out}");
    }
    assert!(outside_reference("see R22 and R5.").is_some());
    assert!(ruling_number("// castling (R22)").is_some());
    assert!(outside_reference("R3K2R w KQkq, 1R8").is_none());
}

/// `GAME DEPTH ... COUNT` after a `perft `: a built-in game or a shipped file, a depth and
/// the first number of four or more digits after it on the line. (`my-game.toml` is the
/// file of docs/pick-the-piece.md's steps, checked with them.)
fn perft_claim(rest: &str) -> Option<(&str, u32, u64)> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let game = words.first()?.trim_matches('`');
    if game == "my-game.toml"
        || (fairyforge::builtin::game(game).is_none() && !game.ends_with(".toml"))
    {
        return None;
    }
    let depth = words
        .get(1)?
        .trim_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .ok()?;
    let count = rest
        .split(|c: char| !(c.is_ascii_digit() || c == ','))
        .map(|w| w.trim_matches(','))
        .filter(|w| w.chars().filter(|c| c.is_ascii_digit()).count() >= 4)
        .map(|w| w.replace(',', "").parse().unwrap())
        .next()?;
    Some((game, depth, count))
}

/// Every `perft GAME DEPTH` with a count on the same line states the engine's count.
#[test]
fn every_perft_count_in_the_docs_is_the_engines() {
    let mut checked = 0;
    for page in pages() {
        for (n, line) in read(&page).lines().enumerate() {
            for (i, _) in line.match_indices("perft ") {
                if let Some((game, depth, count)) = perft_claim(&line[i + 6..]) {
                    let v = match Variant::builtin(game) {
                        Some(v) => v,
                        None => Variant::load(root().join(game)).unwrap(),
                    };
                    let got = perft(&mut Position::start(&v), depth);
                    assert_eq!(got, count, "{page}:{}: `{line}`", n + 1);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 4, "only {checked} counts found");
}

/// Words of a command line, `"quoted words"` kept together, a trailing `# comment` left
/// out.
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in cmd.chars() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && cur.is_empty() => break,
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Whether `actual` shows `expected`: equal, or with `...` lines standing for any lines,
/// the parts between them found in order.
fn shows(actual: &str, expected: &str) -> bool {
    if !expected.lines().any(|l| l == "...") {
        return actual == expected;
    }
    let mut at = 0;
    for part in expected.split("...\n") {
        match actual[at..].find(part) {
            Some(i) => at += i + part.len(),
            None => return false,
        }
    }
    true
}

/// Runs every `$ fairyforge ...` line of a console block in `dir` and compares what it
/// prints on standard output with the lines shown after it. Commands shown without
/// output, and `cargo` lines, are only described.
fn check_console(page: &str, b: &Block, dir: &Path, skip: impl Fn(&[String]) -> bool) -> usize {
    let mut checked = 0;
    let lines: Vec<&str> = b.text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let Some(cmd) = lines[i].strip_prefix("$ fairyforge ") else {
            i += 1;
            continue;
        };
        let mut shown = String::new();
        i += 1;
        while i < lines.len() && !lines[i].starts_with("$ ") {
            shown.push_str(lines[i]);
            shown.push('\n');
            i += 1;
        }
        let args = words(cmd);
        if shown.is_empty() || skip(&args) {
            continue;
        }
        let refs: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let (_, out, _) = FAIRYFORGE.run_in(dir, &refs);
        assert!(
            shows(&out, &shown),
            "{page}:{}: `fairyforge {cmd}` prints\n{out}\nnot\n{shown}",
            b.line
        );
        checked += 1;
    }
    checked
}

/// A copy of `docs/examples` under a fresh directory, so that commands that write files
/// (`snapshot`) leave the repository alone.
fn examples_copy(tag: &str) -> fairyforge_tests::TempDir {
    let dir = temp_dir(tag);
    let to = dir.join("docs/examples");
    std::fs::create_dir_all(&to).unwrap();
    for e in std::fs::read_dir(root().join("docs/examples"))
        .unwrap()
        .flatten()
    {
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
    dir
}

/// The Dive Bombers files with one of the edits docs/testing.md makes.
fn edited(tag: &str, edit: &str) -> fairyforge_tests::TempDir {
    let dir = temp_dir(tag);
    for f in [
        "dive-bombers.toml",
        "dive-bombers.toml.snap",
        "dive-bombers.test.toml",
    ] {
        std::fs::copy(root().join("docs/examples").join(f), dir.join(f)).unwrap();
    }
    let game = read("docs/examples/dive-bombers.toml");
    let changed = match edit {
        "edited slide" => game.replace(
            "  { slide = \"diagonal\", mode = \"move\" },         # quiet moves like a bishop",
            "  { slide = \"diagonal\", mode = \"move\", max = 3 }, # quiet moves, 3 squares at most",
        ),
        "edited flyover" => game
            .lines()
            .filter(|l| !l.contains("{ flyover = \"diagonal\" }"))
            .map(|l| format!("{l}\n"))
            .collect(),
        other => panic!("unknown edit `{other}`"),
    };
    assert_ne!(changed, game, "the edit {edit} applies");
    std::fs::write(dir.join("dive-bombers.toml"), changed).unwrap();
    dir
}

#[test]
fn testing_md_shows_what_the_commands_print() {
    let page = read("docs/testing.md");
    let mut checked = 0;
    for b in blocks(&page).iter().filter(|b| b.lang == "console") {
        let dir = match b.marker.as_deref().and_then(|m| m.strip_prefix("run: ")) {
            Some(edit) => edited("testing-md", edit),
            None => examples_copy("testing-md"),
        };
        checked += check_console("docs/testing.md", b, &dir, |_| false);
    }
    assert!(checked >= 5, "only {checked} commands checked");
    // The slide edit is shown as it is made.
    assert!(page.contains(
        "  { slide = \"diagonal\", mode = \"move\", max = 3 }, # quiet moves, 3 squares at most"
    ));
    // The example test file is shown whole, and the Rust example is this repository's test.
    assert!(page.contains(&read("docs/examples/dive-bombers.test.toml")));
    assert!(page.contains(&read("tests/designer/library.rs")));
    // The dependency line names the library's package in its folder.
    assert!(page.contains("fairyforge = { path = \"../fairyforge/core\" }\ninsta = \"1\"\n"));
    assert!(read("core/Cargo.toml").contains("\nname = \"fairyforge\"\n"));
}

/// The commands of docs/pick-the-piece.md that run shipped files print what it shows.
#[test]
fn pick_the_piece_md_shows_what_the_commands_print() {
    let page = read("docs/pick-the-piece.md");
    let dir = examples_copy("pick-md");
    let mut checked = 0;
    for b in blocks(&page).iter().filter(|b| b.lang == "console") {
        checked += check_console("docs/pick-the-piece.md", b, &dir, |args| {
            args.iter().any(|a| a == "my-game.toml") || args[0] == "list"
        });
    }
    assert!(checked >= 3, "only {checked} commands checked");
}

/// Step 4 of docs/pick-the-piece.md runs the file of Steps 2 and 3 (without the optional
/// drop table): its commands print what the page shows, and the count it gives for the
/// file with the drop table is the engine's too.
#[test]
fn pick_the_piece_md_step_4() {
    let page = read("docs/pick-the-piece.md");
    let all = blocks(&page);
    let step2 = all
        .iter()
        .find(|b| b.lang == "toml" && b.text.contains("slots.j.piece = \"ninja-warrior\""))
        .expect("the file of Step 2");
    let reserve = all
        .iter()
        .find(|b| b.lang == "toml" && b.text.starts_with("reserve = "))
        .expect("the reserve of Step 3");
    let drops = all
        .iter()
        .find(|b| b.lang == "toml" && b.text.starts_with("[drops.flying-bomber]"))
        .expect("the drop table of Step 3");
    let dir = temp_dir("pick-step-4");
    let file = format!("{}{}", step2.text, reserve.text);
    std::fs::write(dir.join("my-game.toml"), &file).unwrap();
    let step4 = &page[page.find("## Step 4").unwrap()..page.find("## Step 5").unwrap()];
    let mut checked = 0;
    for b in blocks(step4).iter().filter(|b| b.lang == "console") {
        checked += check_console("docs/pick-the-piece.md (Step 4)", b, &dir, |a| {
            a[0] == "play"
        });
    }
    assert!(checked >= 4, "only {checked} commands checked");
    assert!(step4.contains("nodes 51914\n"));
    // With the optional drop table: the count the page gives.
    std::fs::write(dir.join("my-game.toml"), format!("{file}\n{}", drops.text)).unwrap();
    let (_, out, _) = FAIRYFORGE.run_in(&dir, &["perft", "my-game.toml", "3"]);
    let n = out.trim().strip_prefix("nodes ").unwrap();
    assert!(
        step4.contains(&format!("`perft my-game.toml 3` counts\n{n}.")),
        "the page gives another count than {n}"
    );
}

/// The example of docs/testing.md's section 3 fails as the page shows when the
/// fly-over is removed; unchanged, it passes (also in `fairyforge test`).
#[test]
fn the_shipped_examples_pass() {
    let (code, out, err) = FAIRYFORGE.run(&["test", "docs/examples/dive-bombers.test.toml"]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) =
        FAIRYFORGE.run(&["snapshot", "--check", "docs/examples/dive-bombers.toml"]);
    assert_eq!(code, 0, "the shipped snapshot is current: {out}{err}");
}

/// The code's comments cite the sections of docs/rules.md, never a ruling number: every
/// comment of the project's Rust, JavaScript, Python and shell sources is read.
#[test]
fn code_comments_cite_the_docs_not_ruling_numbers() {
    let root = root();
    let mut found = Vec::new();
    let mut files = 0;
    let mut stack: Vec<PathBuf> = ["core", "cli", "tests", "bindings", "bench", "tools"]
        .iter()
        .map(|d| root.join(d))
        .collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if path.is_dir() {
                if !["target", "node_modules", "pkg", "snapshots"].contains(&name.as_str()) {
                    stack.push(path);
                }
                continue;
            }
            let marker = match path.extension().and_then(|x| x.to_str()) {
                Some("rs" | "js" | "ts" | "mjs") => "//",
                Some("py" | "sh") => "#",
                _ => continue,
            };
            // This file names ruling numbers on purpose, to test the check.
            if path.ends_with("designer/docs.rs") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            files += 1;
            for (n, line) in text.lines().enumerate() {
                if let Some(at) = line.find(marker)
                    && let Some(what) = ruling_number(&line[at..])
                {
                    found.push(format!("{}:{}: {what}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(files > 100, "only {files} source files read");
    assert!(found.is_empty(), "{}", found.join("\n"));
}
