//! Fuzzing variant files: random games written from the format's parts, and mutations of a
//! corpus (the built-in games and library, the test files, the hostile files of issue 13).
//! Every input loads and plays, or is refused with diagnostics that render; none panics or
//! hangs. The loader reads no file (`builtin_only`): what reading files does is tested in
//! tests/validation/limits.rs.

use fairyforge::limits::MAX_DIAGNOSTICS;
use fairyforge::{Position, Variant, builtin};
use fairyforge_tests::{Rng, VARIANT_TOKENS, root};

use super::harness::{Verdict, assert_clean, mutate, run};

/// The corpus: every game and library the project ships, the test files, and the hostile
/// files of issue 13 in small.
fn corpus() -> Vec<String> {
    let mut out: Vec<String> = builtin::GAMES.iter().map(|(_, t)| t.to_string()).collect();
    out.extend(builtin::LIBRARIES.iter().map(|(_, t)| t.to_string()));
    for dir in [
        "tests/data/good",
        "tests/data/bad",
        "tests/data",
        "docs/examples",
    ] {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            if e.path().extension().is_some_and(|x| x == "toml") {
                out.extend(std::fs::read_to_string(e.path()).ok());
            }
        }
    }
    out.extend([
        format!("name = \"{}\"\n", "\\q".repeat(300)),
        (0..300).map(|i| format!("k{i} = 1\n")).collect(),
        "x\n".repeat(300),
        format!(
            "extends = \"chess\"\nname = \"P\"\npieces = [{}]\n",
            vec!["\"king\", \"queen\", \"rook\""; 50].join(", ")
        ),
        "extends = \"chess\"\nname = \"Knights\"\n[promotion]\npieces = [\"knight\"]\nzone = \"all\"\nchoices = [\"knight\"]\n".into(),
        "extends = \"chess\"\nname = \"Royal pawn\"\n[piece.king]\nletter = \"K\"\nroyal = true\npawn = true\nmoves = [{ leap = \"all\" }]\n[promotion]\npieces = [\"king\"]\nchoices = [\"queen\"]\n".into(),
        "extends = \"pick-the-piece\"\nname = \"K\"\nslots.a.piece = \"king\"\nreserve = { king = 1, ninja-pawn = 65 }\n".into(),
        "extends = \"/etc/passwd\"\nimport = [\"/etc/shadow\", \"../../../../proc/self/environ\", \"../single/lib.toml\"]\n".into(),
    ]);
    out
}

/// A random game written from the format's parts: a board, a king and a few pieces made
/// of random primitives, a setup that is often a position of the game, and sometimes
/// promotion, drops, castling, slots, options.
fn random_game(rng: &mut Rng) -> String {
    let files = 1 + rng.below(16);
    let ranks = 2 + rng.below(15);
    let mut pool: Vec<char> = "ABCDEFGHIJLMNOPRSTUVWXYZ".chars().collect();
    let n = 1 + rng.below(6);
    let letters: Vec<char> = (0..n).map(|_| pool.remove(rng.below(pool.len()))).collect();
    let extra = rng.one_in(4).then(|| rng.below(files));
    let droppable = rng.below(n);
    let mut t = format!(
        "name = \"Fuzz\"\nimport = \"pieces.toml\"\nsetup = \"{}\"\n",
        setup(rng, files, ranks, extra, &letters, droppable)
    );
    t.push_str("pieces = [\"king\"");
    for i in 0..n {
        t.push_str(&format!(", \"p{i}\""));
    }
    t.push_str("]\n");
    t.push_str(&format!("[board]\nfiles = {files}\nranks = {ranks}\n"));
    if let Some(f) = extra {
        let f = (b'a' + f as u8) as char;
        t.push_str(&format!("extra = [\"{f}0\", \"{f}{}\"]\n", ranks + 1));
    }
    for (i, letter) in letters.iter().enumerate() {
        t.push_str(&format!(
            "[piece.p{i}]\nletter = \"{letter}\"\nvalue = {}\n",
            rng.below(12)
        ));
        if rng.one_in(4) {
            t.push_str("pawn = true\n");
        }
        let moves: Vec<String> = (0..1 + rng.below(4)).map(|_| primitive(rng)).collect();
        t.push_str(&format!("moves = [{}]\n", moves.join(", ")));
    }
    t.push_str(&format!(
        "[drops.p{droppable}]\nzone = {}\npush = {}\n",
        zone(rng),
        rng.below(4)
    ));
    rules(rng, &mut t, files, n);
    t
}

/// Sometimes promotion, castling, a slot, an option.
fn rules(rng: &mut Rng, t: &mut String, files: usize, n: usize) {
    let some = |rng: &mut Rng| format!("p{}", rng.below(n));
    if rng.one_in(2) {
        let (p, c) = (some(rng), some(rng));
        t.push_str(&format!(
            "[promotion]\npieces = [\"{p}\"]\nchoices = [\"{c}\", \"@reserve\"]\nzone = {}\nmandatory = {}\n",
            zone(rng),
            !rng.one_in(3)
        ));
    }
    if rng.one_in(3) && files >= 3 {
        t.push_str(&format!(
            "[castling]\nking = \"{}1\"\nrooks = [\"a1\", \"{}1\"]\nking-to = [\"b1\", \"{}1\"]\nrook = \"{}\"\n",
            (b'a' + (files / 2) as u8) as char,
            (b'a' + (files - 1) as u8) as char,
            (b'a' + (files - 2) as u8) as char,
            some(rng)
        ));
    }
    if rng.one_in(4) {
        t.push_str(&format!(
            "[slots.s]\nsquares = [\"a1\"]\npiece = \"{}\"\n",
            some(rng)
        ));
    }
    if rng.one_in(4) {
        t.push_str(&format!(
            "[options.o]\ndefault = {}\nscepter = {{ zone = {}, result = \"draw\" }}\n",
            rng.one_in(2),
            zone(rng)
        ));
    }
}

fn zone(rng: &mut Rng) -> String {
    const ZONES: &[&str] = &[
        "\"all\"",
        "\"own-half\"",
        "\"enemy-half\"",
        "\"last-rank\"",
        "\"first-rank\"",
        "\"rank 2\"",
        "\"ranks 1..3\"",
        "\"own-rear\"",
        "\"enemy-rear\"",
        "[\"a1\", \"b2\"]",
        "\"middle-rank\"",
    ];
    rng.pick(ZONES).to_string()
}

fn direction(rng: &mut Rng) -> String {
    const NAMES: &[&str] = &[
        "\"orthogonal\"",
        "\"diagonal\"",
        "\"all\"",
        "\"forward\"",
        "\"backward\"",
        "\"sideways\"",
        "\"forward-diagonal\"",
        "\"backward-diagonal\"",
    ];
    if rng.one_in(2) {
        rng.pick(NAMES).to_string()
    } else {
        let c = |rng: &mut Rng| rng.below(9) as i32 - 4;
        let (x, y) = (c(rng), c(rng));
        let (x, y) = if (x, y) == (0, 0) && !rng.one_in(8) {
            (1, 0)
        } else {
            (x, y)
        };
        format!("[{x}, {y}]")
    }
}

/// One entry of `moves`, of a random primitive with random keys.
fn primitive(rng: &mut Rng) -> String {
    const MODES: &[&str] = &["", ", mode = \"move\"", ", mode = \"capture\""];
    const SYMMETRY: &[&str] = &[
        "",
        ", symmetry = \"left-right\"",
        ", symmetry = \"none\"",
        ", symmetry = \"forward-back\"",
    ];
    let d = direction(rng);
    let mut m = match rng.below(6) {
        0 => format!("leap = {d}{}", *rng.pick(MODES)),
        1 => format!("slide = {d}{}", *rng.pick(MODES)),
        2 => format!("flyover = {d}"),
        3 => format!(
            "jump = {d}{}, over = \"{}\"",
            rng.pick(MODES),
            rng.pick(&["any", "empty", "piece", "friend", "enemy"])
        ),
        4 => format!("cannon = {d}, capture-screen = {}", rng.one_in(2)),
        _ => format!("bent = {d}, then = {}", direction(rng)),
    };
    let symmetry = SYMMETRY[rng.below(SYMMETRY.len())];
    m.push_str(symmetry);
    if rng.one_in(4) {
        m.push_str(&format!(", from = {}", zone(rng)));
    }
    if rng.one_in(4) {
        m.push_str(&format!(", to = {}", zone(rng)));
    }
    if m.starts_with("slide") && rng.one_in(3) {
        m.push_str(&format!(", max = {}", 1 + rng.below(4)));
    }
    format!("{{ {m} }}")
}

/// A setup: kings on the first and last ranks and a few of the game's pieces, often a
/// position of the game; the extra squares (of file `extra`) empty; sometimes a reserve.
fn setup(
    rng: &mut Rng,
    files: usize,
    ranks: usize,
    extra: Option<usize>,
    letters: &[char],
    droppable: usize,
) -> String {
    let mut rows = vec![vec![None; files]; ranks];
    rows[0][rng.below(files)] = Some('k');
    rows[ranks - 1][rng.below(files)] = Some('K');
    for _ in 0..rng.below(files * ranks / 4 + 1) {
        let (r, f) = (rng.below(ranks), rng.below(files));
        if rows[r][f].is_none() {
            let l = *rng.pick(letters);
            rows[r][f] = Some(if rng.one_in(2) {
                l
            } else {
                l.to_ascii_lowercase()
            });
        }
    }
    let mut out: Vec<String> = Vec::new();
    for row in rows {
        let mut s = String::new();
        let mut empty = 0;
        for sq in row {
            match sq {
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        out.push(s);
    }
    if extra.is_some() {
        out.insert(0, "1".into());
        out.push("1".into());
    }
    let d = letters[droppable];
    let reserve = match rng.below(3) {
        0 => format!("[{d}{}]", d.to_ascii_lowercase()),
        1 => "[]".to_string(),
        _ => String::new(),
    };
    format!("{}{reserve} w - - 0 1", out.join("/"))
}

/// Loads a text; a loaded game gives a start position whose moves play and read back, a
/// refused one a report naming its problems.
fn check(text: String) -> Verdict {
    match Variant::loader().builtin_only().parse("fuzz.toml", &text) {
        Ok(v) => {
            let mut p = Position::start(&v);
            let mut rng = Rng(text.len() as u64);
            for _ in 0..6 {
                let moves = p.legal_moves();
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                let m = *rng.pick(&moves);
                let written = p.move_text(&m);
                // The text reads back as a legal move with that text. It may be another
                // move than `m`: two entries of a piece can land on one square with
                // different captures, which move text does not tell apart (found by this
                // fuzzing; see tests/validation/pieces.rs).
                let read = p.parse_move(&written).expect("a move's own text reads");
                assert_eq!(p.move_text(&read), written);
                p.play(&m).expect("a legal move plays");
                let fen = p.fen();
                let again = Position::from_fen(&v, &fen)
                    .unwrap_or_else(|e| panic!("the engine's own {fen:?} is refused: {e}"));
                assert_eq!(again.fen(), fen);
            }
            Verdict::Accepted
        }
        Err(e) => {
            assert!(!e.diagnostics().is_empty(), "refused without a diagnostic");
            assert!(e.diagnostics().len() <= MAX_DIAGNOSTICS);
            for d in e.diagnostics() {
                assert_eq!(d.file().is_some(), d.line().is_some());
            }
            assert!(!e.render().trim().is_empty());
            Verdict::Rejected
        }
    }
}

#[test]
fn variant_files() {
    let corpus = corpus();
    let stats = run(
        "variant files",
        move |rng| {
            if rng.one_in(3) {
                let game = random_game(rng);
                if rng.one_in(2) {
                    mutate(rng, &game, VARIANT_TOKENS)
                } else {
                    game
                }
            } else {
                let i = rng.below(corpus.len());
                mutate(rng, &corpus[i], VARIANT_TOKENS)
            }
        },
        check,
    );
    assert_clean("variant files", &stats);
}
