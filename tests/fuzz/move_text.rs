//! Fuzzing move text: in positions reached by random games of every built-in game, the
//! engine's move texts changed a little, the short forms a player types (`e5`, `J@e4`,
//! `Nbd2`, `O-O`) and random strings. `parse_move` (the exact text) and `parse_input`
//! (what a player types) read a legal move or refuse with an error, never panic; what they
//! read is a legal move of the position.

use std::sync::{Arc, OnceLock};

use fairyforge::{Position, Variant, builtin};
use fairyforge_tests::Rng;

use super::harness::{Verdict, assert_clean, mutate, run};

const TOKENS: &[&str] = &[
    "",
    " ",
    "-",
    "x",
    "=",
    "@",
    "+",
    "#",
    "0",
    "1",
    "10",
    "11",
    "99",
    "O-O",
    "O-O-O",
    "e",
    "j",
    "p",
    "q",
    "Q",
    "K",
    "J@",
    "\u{e9}",
    "\u{1F600}",
    "\t",
    "a0",
    "e11",
    "z9",
];

fn games() -> &'static [Arc<Variant>] {
    static GAMES: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        builtin::game_names()
            .into_iter()
            .map(|n| Variant::builtin(n).unwrap())
            .collect()
    })
}

/// A position of a built-in game reached by random moves, as its position string.
fn position(rng: &mut Rng) -> (usize, String) {
    let game = rng.below(games().len());
    let mut p = Position::start(&games()[game]);
    for _ in 0..rng.below(60) {
        let moves = p.legal_moves();
        if moves.is_empty() || p.outcome().is_some() {
            break;
        }
        p.play_unchecked(rng.pick(&moves));
    }
    (game, p.fen())
}

/// What a player might type in a position.
fn typed(rng: &mut Rng, p: &Position) -> String {
    let moves = p.legal_moves();
    let texts: Vec<String> = moves.iter().map(|m| p.move_text(m)).collect();
    let alphabet: Vec<char> = "abcdefghijklmnop0123456789@x=-+ KQRBNJYFGCWPkqrbnjyfgcwpO"
        .chars()
        .collect();
    match rng.below(4) {
        0 if !texts.is_empty() => rng.pick(&texts).clone(),
        1 if !texts.is_empty() => {
            let t = rng.pick(&texts).clone();
            mutate(rng, &t, TOKENS)
        }
        // The destination alone, or a letter and a destination: the short forms.
        2 if !texts.is_empty() => {
            let t = rng.pick(&texts);
            let to: String = t
                .chars()
                .rev()
                .take(3)
                .collect::<String>()
                .chars()
                .rev()
                .collect();
            match rng.below(3) {
                0 => to,
                1 => format!("{}{to}", rng.pick(&['N', 'Q', 'J', 'G', 'F', 'K'])),
                _ => format!("{}@{to}", rng.pick(&['J', 'Y', 'A', 'C', 'F'])),
            }
        }
        _ => (0..rng.below(12)).map(|_| *rng.pick(&alphabet)).collect(),
    }
}

fn check((game, fen, text): (usize, String, String)) -> Verdict {
    let p = Position::from_fen(&games()[game], &fen).expect("the engine's own string");
    let legal = p.legal_moves();
    let exact = p.parse_move(&text);
    if let Ok(m) = &exact {
        assert!(
            legal.contains(m),
            "{text:?} read as an illegal move in {fen}"
        );
        assert_eq!(
            p.move_text(m),
            text.trim(),
            "{text:?} is not the move's text"
        );
    }
    let input = p.parse_input(&text);
    if let Ok(m) = &input {
        assert!(
            legal.contains(m),
            "{text:?} typed reads as an illegal move in {fen}"
        );
        let mut q = p.clone();
        q.play(m).expect("a legal move plays");
    } else if let Err(e) = &input {
        assert!(!e.to_string().is_empty());
    }
    if exact.is_ok() || input.is_ok() {
        Verdict::Accepted
    } else {
        Verdict::Rejected
    }
}

#[test]
fn move_text() {
    let stats = run(
        "move text",
        |rng| {
            let (game, fen) = position(rng);
            let p = Position::from_fen(&games()[game], &fen).unwrap();
            let text = typed(rng, &p);
            (game, fen, text)
        },
        check,
    );
    assert_clean("move text", &stats);
}
