//! Issue 3, rules.md § Check and legal moves: fast attack detection agrees with its definition. `is_attacked` reads the
//! reverse tables `compile` builds; `is_attacked_slow` is rules.md § Check and legal moves itself: some pseudo-legal
//! move of the attacker captures the piece (landing on it, jumping it or using it as an
//! enemy screen). They must agree on every square holding a piece of the other colour, in
//! positions of every game in `variants/` and of the test games with every seed piece,
//! reached by random legal playouts from the start and by random placements.

use std::sync::{Arc, OnceLock};

use fairyforge::{Color, Position, Variant};
use fairyforge_tests::{Rng, root};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The test games of tests/data with the seed pieces (the 8x8 bomber board; every seed
/// piece on the 104-square board). Flying Bombers Grand Chess in `variants/` has the grand
/// ninja pawn.
const TEST_GAMES: &[&str] = &[
    "tests/data/bomber-8x8.toml",
    "tests/data/every-seed-piece.toml",
];

/// Every game file of `variants/` (piece libraries left out) and the test games.
fn games() -> &'static [(String, Arc<Variant>)] {
    static GAMES: OnceLock<Vec<(String, Arc<Variant>)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let libraries: Vec<&str> = fairyforge::builtin::LIBRARIES
            .iter()
            .map(|(n, _)| *n)
            .collect();
        let mut paths: Vec<_> = std::fs::read_dir(root().join("variants"))
            .expect("variants/ exists")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .filter(|p| !libraries.contains(&p.file_stem().unwrap().to_str().unwrap()))
            .collect();
        paths.sort();
        paths.extend(TEST_GAMES.iter().map(|t| root().join(t)));
        let games: Vec<_> = paths
            .iter()
            .map(|p| {
                let v =
                    Variant::load(p).unwrap_or_else(|e| panic!("{}: {}", p.display(), e.render()));
                (p.file_name().unwrap().to_string_lossy().into_owned(), v)
            })
            .collect();
        assert!(games.iter().any(|(n, _)| n == "birds-and-ninjas.toml"));
        games
    })
}

/// Fast and slow agree on every square holding a piece, attacked by the other colour.
fn check(name: &str, pos: &Position) -> Result<(), TestCaseError> {
    let g = pos.variant().geometry();
    // The pawn that just moved two or three squares (rules.md § En passant) can be taken en passant: the
    // slow definition counts that move as capturing it, but it is no attack in rules.md § Check and legal moves's
    // sense (a capture on a passed square, never of a king), and the fast tables, which
    // answer "would a piece standing here be captured", leave it out. So its square is
    // skipped.
    let victim = pos.ep_victim();
    for sq in g.squares() {
        let Some((_, color)) = pos.piece_at(sq) else {
            continue;
        };
        if Some(sq) == victim {
            continue;
        }
        let by = !color;
        prop_assert_eq!(
            pos.is_attacked(sq, by),
            pos.is_attacked_slow(sq, by),
            "{}: the piece on {} attacked by {} in {}",
            name,
            g.name(sq),
            by,
            pos.fen()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// rules.md § Check and legal moves on positions reached by random legal playouts from each game's start.
    #[test]
    fn r23_fast_attacks_match_slow_in_playouts(
        game in 0usize..64,
        choices in proptest::collection::vec(any::<u32>(), 0..120),
    ) {
        let (name, v) = &games()[game % games().len()];
        let mut pos = Position::start(v);
        check(name, &pos)?;
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[c as usize % moves.len()]);
            check(name, &pos)?;
        }
    }

    /// rules.md § Check and legal moves on random placements of any pieces of each game (kings or not, anywhere,
    /// rear squares included), with either side to move.
    #[test]
    fn r23_fast_attacks_match_slow_on_random_boards(
        game in 0usize..64,
        pieces in proptest::collection::vec((any::<u16>(), any::<u8>(), any::<bool>()), 1..48),
        white in any::<bool>(),
    ) {
        let (name, v) = &games()[game % games().len()];
        let n = v.num_squares();
        let placed: Vec<_> = pieces
            .iter()
            .map(|&(s, k, w)| {
                let sq = v.geometry().squares().nth(s as usize % n).unwrap();
                let kind = v.kinds().nth(k as usize % v.pieces().len()).unwrap();
                (sq, kind, if w { Color::White } else { Color::Black })
            })
            .collect();
        let side = if white { Color::White } else { Color::Black };
        let pos = Position::with_pieces(v, &placed, side);
        check(name, &pos)?;
    }
}

/// Every game's start position, and a thousand plies of seeded playouts per game: a fixed
/// sample that runs the same way every time, beside the proptests above.
#[test]
fn r23_fast_attacks_match_slow_in_fixed_playouts() {
    for (name, v) in games() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..10 {
            let mut pos = Position::start(v);
            for _ in 0..100 {
                check(name, &pos).unwrap();
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(rng.pick(&moves));
            }
        }
    }
}
