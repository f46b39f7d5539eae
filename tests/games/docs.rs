//! The documentation agrees with the engine: every board picture and move diagram of
//! `docs/games.md` is what the engine draws, and every example game of
//! `docs/pick-the-piece.md` is a file of `docs/examples/` shown whole in the text, loads
//! and runs (perft 2).
//!
//! To print every diagram (when writing the docs):
//! `cargo test -p fairyforge-cli --test games print_doc_diagrams -- --ignored --nocapture`

use fairyforge::{Position, Variant, perft};
use fairyforge_tests::{game, root};

use super::files::toml_files;
use super::start::GAMES;
use super::util::{LEGEND, board_diagram, piece_diagram, piece_diagram_in};

/// The move diagrams of `docs/games.md`: (title, game, pieces placed, square of the piece).
/// The pieces are a placement (`"Ff4 bf7"`: letter and square, upper case White); no king
/// is needed (the piece's own moves).
pub const PIECE_DIAGRAMS: &[(&str, &str, &str, &str)] = &[
    // rules.md § The Flying Bomber Flying Bomber.
    ("bomber-empty", "birds-and-ninjas", "Fe5", "e5"),
    (
        "bomber-seed-1",
        "birds-and-ninjas",
        "Ff4 bf7 Pe4 rd4 pg4 rh4 kf2 nf1",
        "f4",
    ),
    (
        "bomber-seed-2",
        "birds-and-ninjas",
        "Fd4 kd7 rd8 re4 Pf4 pd2",
        "d4",
    ),
    // rules.md § The Ninja Guard Ninja Guard.
    ("guard-empty", "birds-and-ninjas", "Ge5", "e5"),
    (
        "guard-seed",
        "birds-and-ninjas",
        "Gd4 Nc5 pb6 nc3 re5 pf6",
        "d4",
    ),
    // rules.md § The Ninja Warrior Ninja Warrior.
    ("warrior-empty", "stealth-ninja", "We5", "e5"),
    (
        "warrior-captures",
        "stealth-ninja",
        "We5 pe6 ne7 Pd5 bc5 rf5 Pe3",
        "e5",
    ),
    // rules.md § The Insane Ninja Insane Ninja.
    ("insane-empty", "insane-ninja", "Ie5", "e5"),
    (
        "insane-seed",
        "insane-ninja",
        "Id4 pd5 pd6 Pc4 nb4 re4",
        "d4",
    ),
    // rules.md § The Leaping Ninja Guard Leaping (Mad) Ninja Guard.
    ("leaping-empty", "insane-ninja", "Le5", "e5"),
    (
        "leaping-seed",
        "insane-ninja",
        "Ld5 pc4 pb3 Pe6 nf7 re4",
        "d5",
    ),
    // rules.md § The Stealth Gryphon Stealth Gryphon.
    ("gryphon-empty", "stealth-ninja", "Ye5", "e5"),
    ("gryphon-seed", "stealth-ninja", "yh1 Ke0", "h1"),
    // rules.md § The Stealth Anti-Gryphon Stealth Anti-Gryphon.
    ("anti-gryphon-empty", "stealth-ninja", "Ae5", "e5"),
    (
        "anti-gryphon-blocked",
        "stealth-ninja",
        "ae4 Pe5 pd4 Ng5 Rg1",
        "e4",
    ),
    // rules.md § The Super Cannon Super Cannon.
    (
        "cannon-empty",
        "stealth-ninja-alternative-reinforcements",
        "Ce5",
        "e5",
    ),
    (
        "cannon-captures",
        "stealth-ninja-alternative-reinforcements",
        "Ce4 Pe6 re8 pc4 na4 Nf4 bi4",
        "e4",
    ),
    // rules.md § Pawns pawn and § Pawns ninja pawns.
    ("pawn", "birds-and-ninjas", "Pe2 nd3 pe5", "e2"),
    (
        "ninja-pawn-own-half",
        "birds-and-ninjas",
        "Je3 pd4 Pf3",
        "e3",
    ),
    (
        "ninja-pawn-enemy-half",
        "birds-and-ninjas",
        "Jh9 bi9 ng10",
        "h9",
    ),
    (
        "grand-ninja-pawn",
        "flying-bombers-grand",
        "Je6 jd6 nf7",
        "e6",
    ),
];

/// The move diagrams of `docs/pick-the-piece.md`: (title, example file, pieces, square).
pub const EXAMPLE_DIAGRAMS: &[(&str, &str, &str, &str)] = &[
    ("dive-bomber-empty", "dive-bombers.toml", "De5", "e5"),
    (
        "dive-bomber-captures",
        "dive-bombers.toml",
        "De5 pf6 pg7 Pd6 nc7 rc3",
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
