//! Random mutations of good variant files never panic the loader: every input either
//! loads (and then plays) or is rejected with diagnostics that render.

use fairyforge::{Position, Variant, builtin};
use fairyforge_tests::VARIANT_TOKENS;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Mutation {
    /// Replace the byte at a position (as a fraction of the length) by another.
    Byte(f64, u8),
    /// Delete a few bytes.
    Delete(f64, usize),
    /// Insert one of `VARIANT_TOKENS`.
    Insert(f64, usize),
    /// Replace a few bytes by one of `VARIANT_TOKENS`.
    Replace(f64, usize, usize),
    /// Duplicate or drop a whole line.
    Line(f64, bool),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0.0..1.0f64, any::<u8>()).prop_map(|(p, b)| Mutation::Byte(p, b)),
        (0.0..1.0f64, 1..6usize).prop_map(|(p, n)| Mutation::Delete(p, n)),
        (0.0..1.0f64, 0..VARIANT_TOKENS.len()).prop_map(|(p, t)| Mutation::Insert(p, t)),
        (0.0..1.0f64, 1..4usize, 0..VARIANT_TOKENS.len())
            .prop_map(|(p, n, t)| Mutation::Replace(p, n, t)),
        (0.0..1.0f64, any::<bool>()).prop_map(|(p, d)| Mutation::Line(p, d)),
    ]
}

fn apply(text: &[u8], m: &Mutation) -> Vec<u8> {
    let mut v = text.to_vec();
    let at = |p: f64, len: usize| ((p * len as f64) as usize).min(len);
    match *m {
        Mutation::Byte(p, b) => {
            if !v.is_empty() {
                let i = at(p, v.len() - 1);
                v[i] = b;
            }
        }
        Mutation::Delete(p, n) => {
            let i = at(p, v.len());
            let j = (i + n).min(v.len());
            v.drain(i..j);
        }
        Mutation::Insert(p, t) => {
            let i = at(p, v.len());
            v.splice(i..i, VARIANT_TOKENS[t].bytes());
        }
        Mutation::Replace(p, n, t) => {
            let i = at(p, v.len());
            let j = (i + n).min(v.len());
            v.splice(i..j, VARIANT_TOKENS[t].bytes());
        }
        Mutation::Line(p, dup) => {
            let text = String::from_utf8_lossy(&v).into_owned();
            let mut lines: Vec<&str> = text.split('\n').collect();
            let i = at(p, lines.len().saturating_sub(1));
            if dup {
                lines.insert(i, lines[i]);
            } else if lines.len() > 1 {
                lines.remove(i);
            }
            v = lines.join("\n").into_bytes();
        }
    }
    v
}

/// Loads the text; a loaded game must give a start position and its moves, a rejected one
/// a rendered report naming at least one problem.
fn exercise(text: &str) {
    match Variant::parse("fuzz.toml", text) {
        Ok(v) => {
            let mut p = Position::start(&v);
            let moves = p.legal_moves();
            for m in moves.iter().take(8) {
                let _ = p.move_text(m);
                p.play_unchecked(m);
                let _ = p.fen();
                let _ = p.legal_moves();
                p.undo();
            }
        }
        Err(e) => {
            assert!(!e.diagnostics().is_empty(), "rejected without a diagnostic");
            let report = e.render();
            assert!(!report.trim().is_empty());
        }
    }
}

fn sources() -> Vec<&'static str> {
    let mut v: Vec<&str> = builtin::GAMES.iter().map(|(_, t)| *t).collect();
    v.push(include_str!("../../tests/data/good/every-key.toml"));
    v
}

proptest! {
    // `FUZZ_CASES=100000` for a longer run.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(600),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_files_never_panic(
        which in 0..64usize,
        muts in proptest::collection::vec(mutation(), 1..6),
    ) {
        let all = sources();
        let base = all[which % all.len()];
        let mut bytes = base.as_bytes().to_vec();
        for m in &muts {
            bytes = apply(&bytes, m);
        }
        let text = String::from_utf8_lossy(&bytes);
        exercise(&text);
    }
}

/// Inputs that once panicked or that stress a boundary.
#[test]
fn edge_inputs_never_panic() {
    let cases = [
        "",
        "\u{feff}",
        "name = \"x\"",
        "[board]\nfiles = 0\nranks = 0",
        "name = \"x\"\nsetup = \"\"\n[board]\nfiles = 16\nranks = 16\nextra = [\"a0\", \"p17\"]",
        "name = \"x\"\nimport = \"pieces.toml\"\npieces = [\"king\"]\nsetup = \"k/K\"\n[board]\nfiles = 1\nranks = 2",
        "name = \"x\"\nimport = \"pieces.toml\"\npieces = [\"king\"]\nsetup = \"k7/8/8/8/8/8/8/K7 w - - 0 1\"\n[board]\nfiles = 8\nranks = 8\nholes = [\"z1\", \"a99\", \"h9\", \"a0\"]",
        "extends = \"x.toml\"",
        "extends = \"../../../../etc/passwd\"",
        "import = [\"pieces.toml\", \"pieces.toml\", 3]",
        "piece = 3\nboard = []\noptions = 1\nslots = \"a\"\nreserve = []\ndrops = true\ncastling = 0\npromotion = 2\nscepter = 5",
    ];
    for c in cases {
        exercise(c);
    }
}
