//! Fuzzing position strings: strings written from a game's parts (its letters, rook files,
//! squares, counters from 0 to past the limit) and mutations of a corpus (the built-in
//! games' setups, positions reached by random games, the hostile strings of issue 13), in
//! every built-in game. Every string is read or refused with an error that renders; what
//! is read plays, and the engine reads back what it writes.

use std::sync::{Arc, OnceLock};

use fairyforge::{Position, Setup, Variant, builtin};
use fairyforge_tests::Rng;

use super::harness::{Verdict, assert_clean, mutate, run};

const TOKENS: &[&str] = &[
    "",
    " ",
    "/",
    "//",
    "[",
    "]",
    "[]",
    "0",
    "1",
    "9",
    "10",
    "11",
    "99",
    "-",
    "w",
    "b",
    "K",
    "k",
    "J",
    "j",
    "Q",
    "@",
    "\u{e9}",
    "a3a4",
    "KQkq",
    "4294967295",
    "1000000",
    "1000001",
    "99999999999999999999",
    "[Kk]",
    "[QQQQ]",
];

fn games() -> &'static [(String, Arc<Variant>)] {
    static GAMES: OnceLock<Vec<(String, Arc<Variant>)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        builtin::game_names()
            .into_iter()
            .map(|n| (n.to_string(), Variant::builtin(n).unwrap()))
            .collect()
    })
}

/// A position reached by a few random moves from the start.
fn played(rng: &mut Rng, v: &Arc<Variant>) -> String {
    let mut p = Position::start(v);
    for _ in 0..rng.below(40) {
        let moves = p.legal_moves();
        if moves.is_empty() || p.outcome().is_some() {
            break;
        }
        p.play_unchecked(rng.pick(&moves));
    }
    p.fen()
}

/// A string written from the game's parts, often close to a position.
fn written(rng: &mut Rng, v: &Variant) -> String {
    let g = v.geometry();
    let letters: Vec<char> = v
        .pieces()
        .iter()
        .flat_map(|p| [p.letter(), p.letter().to_ascii_lowercase()])
        .chain(['x', '?'])
        .collect();
    let mut rows = Vec::new();
    for rank in g.rank_range().rev() {
        let n = g.rank_squares(rank).count();
        if n == 0 {
            continue;
        }
        let mut row = String::new();
        let mut left = n;
        while left > 0 {
            if rng.one_in(2) {
                let run = 1 + rng.below(left);
                row.push_str(&run.to_string());
                left -= run;
            } else {
                row.push(*rng.pick(&letters));
                left -= 1;
            }
        }
        rows.push(row);
    }
    let mut s = rows.join("/");
    if v.has_reserves() || rng.one_in(8) {
        let reserve: String = (0..rng.below(8)).map(|_| *rng.pick(&letters)).collect();
        s.push_str(&format!("[{reserve}]"));
    }
    let side = *rng.pick(&["w", "b", "x"]);
    let rights: String = (0..rng.below(4))
        .map(|_| *rng.pick(&['A', 'B', 'I', 'J', 'K', 'Q', 'b', 'i', 'k', 'q', 'h', 'a']))
        .collect();
    let rights = if rights.is_empty() {
        "-".to_string()
    } else {
        rights
    };
    let ep = match rng.below(3) {
        0 => "-".to_string(),
        _ => (0..1 + rng.below(3))
            .map(|_| g.name(g.squares().nth(rng.below(g.num_squares())).unwrap()))
            .collect(),
    };
    let counter = |rng: &mut Rng| match rng.below(4) {
        0 => rng.below(200).to_string(),
        1 => (rng.next_u64() % 2_000_000).to_string(),
        2 => u32::MAX.to_string(),
        _ => "1".to_string(),
    };
    let (h, f) = (counter(rng), counter(rng));
    format!("{s} {side} {rights} {ep} {h} {f}")
}

fn check((game, text): (usize, String)) -> Verdict {
    let v = &games()[game].1;
    match Setup::parse(v, &text) {
        Ok(setup) => {
            let written = setup.to_string();
            let mut p = Position::from_setup(setup);
            assert_eq!(p.fen(), written);
            let again = Setup::parse(v, &written)
                .unwrap_or_else(|e| panic!("{text:?} read, its print {written:?} is not: {e}"));
            assert_eq!(again.to_string(), written);
            let mut rng = Rng(text.len() as u64);
            for _ in 0..4 {
                let moves = p.legal_moves();
                let _ = p.outcome();
                if moves.is_empty() {
                    break;
                }
                p.play(rng.pick(&moves)).expect("a legal move plays");
                let fen = p.fen();
                let back = Position::from_fen(v, &fen)
                    .unwrap_or_else(|e| panic!("the engine's own {fen:?} is refused: {e}"));
                assert_eq!(back.fen(), fen);
            }
            Verdict::Accepted
        }
        Err(e) => {
            let _ = e.render(&text);
            assert!(
                e.offset() <= text.len(),
                "{e:?} is past the end of {text:?}"
            );
            Verdict::Rejected
        }
    }
}

#[test]
fn position_strings() {
    let stats = run(
        "position strings",
        |rng| {
            let game = rng.below(games().len());
            let v = &games()[game].1;
            let text = match rng.below(3) {
                0 => written(rng, v),
                1 => {
                    let fen = played(rng, v);
                    mutate(rng, &fen, TOKENS)
                }
                _ => mutate(rng, v.setup(), TOKENS),
            };
            (game, text)
        },
        check,
    );
    assert_clean("position strings", &stats);
}
