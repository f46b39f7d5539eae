//! The documentation agrees with the engine: every board picture and move diagram of
//! `docs/games.md` is what the engine draws, and every example game of
//! `docs/pick-the-piece.md` is a file of `docs/examples/` shown whole in the text, loads
//! and runs (perft 2).
//!
//! To print every diagram (when writing the docs):
//! `cargo test -p fairyforge-tests --test games print_doc_diagrams -- --ignored --nocapture`

use fairyforge::{Position, Variant, perft};
use fairyforge_tests::{game, root};

use super::files::toml_files;
use super::start::GAMES;
use super::util::{LEGEND, board_diagram, piece_diagram, piece_diagram_in};

/// The move diagrams of `docs/games.md`: (title, game, pieces placed, square of the piece).
/// Letters are upper case for White; no king is needed (the piece's own moves).
pub const PIECE_DIAGRAMS: &[(&str, &str, &str, &str)] = &[
    // R5 Flying Bomber.
    ("bomber-empty", "birds-and-ninjas", "F e5", "e5"),
    (
        "bomber-seed-1",
        "birds-and-ninjas",
        "F f4, b f7, P e4, r d4, p g4, r h4, k f2, n f1",
        "f4",
    ),
    (
        "bomber-seed-2",
        "birds-and-ninjas",
        "F d4, k d7, r d8, r e4, P f4, p d2",
        "d4",
    ),
    // R6 Ninja Guard.
    ("guard-empty", "birds-and-ninjas", "G e5", "e5"),
    (
        "guard-seed",
        "birds-and-ninjas",
        "G d4, N c5, p b6, n c3, r e5, p f6",
        "d4",
    ),
    // R7 Ninja Warrior.
    ("warrior-empty", "stealth-ninja", "W e5", "e5"),
    (
        "warrior-captures",
        "stealth-ninja",
        "W e5, p e6, n e7, P d5, b c5, r f5, P e3",
        "e5",
    ),
    // R8 Insane Ninja.
    ("insane-empty", "insane-ninja", "I e5", "e5"),
    (
        "insane-seed",
        "insane-ninja",
        "I d4, p d5, p d6, P c4, n b4, r e4",
        "d4",
    ),
    // R9 Leaping (Mad) Ninja Guard.
    ("leaping-empty", "insane-ninja", "L e5", "e5"),
    (
        "leaping-seed",
        "insane-ninja",
        "L d5, p c4, p b3, P e6, n f7, r e4",
        "d5",
    ),
    // R10 Stealth Gryphon.
    ("gryphon-empty", "stealth-ninja", "Y e5", "e5"),
    ("gryphon-seed", "stealth-ninja", "y h1, K e0", "h1"),
    // R11 Stealth Anti-Gryphon.
    ("anti-gryphon-empty", "stealth-ninja", "A e5", "e5"),
    (
        "anti-gryphon-blocked",
        "stealth-ninja",
        "a e4, P e5, p d4, N g5, R g1",
        "e4",
    ),
    // R12 Super Cannon.
    (
        "cannon-empty",
        "stealth-ninja-alternative-reinforcements",
        "C e5",
        "e5",
    ),
    (
        "cannon-captures",
        "stealth-ninja-alternative-reinforcements",
        "C e4, P e6, r e8, p c4, n a4, N f4, b i4",
        "e4",
    ),
    // R13 pawn and R15, R16 ninja pawns.
    ("pawn", "birds-and-ninjas", "P e2, n d3, p e5", "e2"),
    (
        "ninja-pawn-own-half",
        "birds-and-ninjas",
        "J e3, p d4, P f3",
        "e3",
    ),
    (
        "ninja-pawn-enemy-half",
        "birds-and-ninjas",
        "J h9, b i9, n g10",
        "h9",
    ),
    (
        "grand-ninja-pawn",
        "flying-bombers-grand",
        "J e6, j d6, n f7",
        "e6",
    ),
];

/// The move diagrams of `docs/pick-the-piece.md`: (title, example file, pieces, square).
pub const EXAMPLE_DIAGRAMS: &[(&str, &str, &str, &str)] = &[
    ("dive-bomber-empty", "dive-bombers.toml", "D e5", "e5"),
    (
        "dive-bomber-captures",
        "dive-bombers.toml",
        "D e5, p f6, p g7, P d6, n c7, r c3",
        "e5",
    ),
];

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .replace("\r\n", "\n")
}

fn example(file: &str) -> std::sync::Arc<Variant> {
    Variant::load(root().join("docs/examples").join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Every diagram of `docs/games.md`, with a title.
fn games_md_diagrams() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for name in GAMES {
        let p = Position::start(&game(name));
        out.push((format!("start of {name}"), board_diagram(&p)));
    }
    for (title, name, placed, at) in PIECE_DIAGRAMS {
        out.push((title.to_string(), piece_diagram(name, placed, at)));
    }
    out
}

/// The Pick the Piece games among the examples (the others belong to docs/format.md).
fn pick_examples() -> Vec<std::path::PathBuf> {
    toml_files(&root().join("docs/examples"))
        .into_iter()
        .filter(|f| {
            std::fs::read_to_string(f).is_ok_and(|t| t.contains("extends = \"pick-the-piece\""))
        })
        .collect()
}

fn pick_md_diagrams() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for f in pick_examples() {
        let name = f.file_name().unwrap().to_str().unwrap().to_string();
        let p = Position::start(&example(&name));
        out.push((format!("start of {name}"), board_diagram(&p)));
    }
    for (title, file, placed, at) in EXAMPLE_DIAGRAMS {
        out.push((
            title.to_string(),
            piece_diagram_in(&example(file), placed, at),
        ));
    }
    out
}

#[test]
#[ignore = "prints the diagrams for writing the docs"]
fn print_doc_diagrams() {
    for (title, d) in games_md_diagrams().into_iter().chain(pick_md_diagrams()) {
        println!("### {title}\n\n```text\n{d}```\n");
    }
    println!("{LEGEND}");
}

#[test]
fn games_md_diagrams_are_the_engines() {
    let doc = read("docs/games.md");
    for (title, d) in games_md_diagrams() {
        assert!(
            doc.contains(&d),
            "docs/games.md lacks the diagram `{title}`:\n{d}"
        );
    }
    assert!(doc.contains(LEGEND), "docs/games.md explains the marks");
}

#[test]
fn games_md_has_a_section_per_game() {
    let doc = read("docs/games.md");
    for name in GAMES {
        let v = game(name);
        assert!(
            doc.contains(&format!("## {}", v.name())),
            "no section `## {}` in docs/games.md",
            v.name()
        );
        assert!(
            doc.contains(v.setup()),
            "the start position string of {name}"
        );
    }
}

#[test]
fn pick_the_piece_md_shows_every_example_whole() {
    let doc = read("docs/pick-the-piece.md");
    let files = pick_examples();
    assert!(files.len() >= 3, "{files:?}");
    for f in files {
        let rel = f.strip_prefix(root()).unwrap().display().to_string();
        let text = read(&rel);
        assert!(
            doc.contains(&text),
            "docs/pick-the-piece.md does not show {rel} whole"
        );
        assert!(doc.contains(&rel), "docs/pick-the-piece.md names {rel}");
    }
    for (title, d) in pick_md_diagrams() {
        assert!(
            doc.contains(&d),
            "docs/pick-the-piece.md lacks `{title}`:\n{d}"
        );
    }
}

/// Every example game of the docs loads and runs: its start, perft 1-2.
#[test]
fn every_example_game_runs() {
    let mut report = String::new();
    for f in toml_files(&root().join("docs")) {
        let rel = f.strip_prefix(root()).unwrap().display().to_string();
        let v = Variant::load(&f).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let mut p = Position::start(&v);
        let (n1, n2) = (perft(&mut p, 1), perft(&mut p, 2));
        assert!(n1 > 0 && n2 > n1, "{rel}");
        report.push_str(&format!(
            "{rel}: {}\n  {}\n  perft 1: {n1}\n  perft 2: {n2}\n",
            v.name(),
            p.fen()
        ));
    }
    insta::assert_snapshot!("docs_examples", report);
}
