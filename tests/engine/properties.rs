//! Property tests of positions (issue 2, core), on random positions reached by random legal
//! playouts in every built-in game (and with each of its optional rules on):
//!
//! - rules.md § Position strings position strings round-trip: printing a position and reading it back gives the
//!   same position (`==`, hash included), and printing that gives the same string;
//! - make then unmake restores the position exactly (`==`, hash, position string, legal
//!   moves) for every legal move;
//! - the incremental hash equals `compute_hash()` after every move;
//! - reading a damaged position string never panics, and what it reads prints and reads back
//!   the same.

use std::sync::Arc;

use fairyforge::{Move, Position, Variant, builtin};
use fairyforge_tests::Rng;
use proptest::prelude::*;

/// Every built-in game, plain and with each optional rule turned on (rules.md § Optional rules). Compiled once.
fn games() -> Vec<(String, Arc<Variant>)> {
    static GAMES: std::sync::OnceLock<Vec<(String, Arc<Variant>)>> = std::sync::OnceLock::new();
    GAMES.get_or_init(compile_games).clone()
}

fn compile_games() -> Vec<(String, Arc<Variant>)> {
    let mut out = Vec::new();
    for name in builtin::game_names() {
        let v = Variant::builtin(name).unwrap();
        for (opt, _, _) in v.options() {
            let with =
                fairyforge_tests::game_with_options(name, std::slice::from_ref(&opt)).unwrap();
            out.push((format!("{name} --option {opt}"), with));
        }
        out.push((name.to_string(), v));
    }
    out
}

/// Moves that change more than the board squares they touch: captures (double ones
/// included), promotions, castling, drops, en-passant moves. Playouts favour them so that
/// the rarer rules are reached often.
fn special(p: &Position, m: &Move) -> bool {
    m.promotion().is_some()
        || m.is_castle()
        || m.is_drop()
        || !matches!(m.kind(), fairyforge::MoveKind::Normal)
        || !p.captures_of(m).is_empty()
}

/// Plays up to `plies` random legal moves from the start, calling `visit` on the start and
/// on every position reached. Stops when the game is over (rules.md § The end of the game, § Optional rules).
fn playout(v: &Arc<Variant>, seed: u64, plies: usize, mut visit: impl FnMut(&mut Position)) {
    let mut rng = Rng(seed);
    let mut p = Position::start(v);
    visit(&mut p);
    for _ in 0..plies {
        if p.scepter_outcome().is_some() {
            break;
        }
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let specials: Vec<&Move> = moves.iter().filter(|m| special(&p, m)).collect();
        let m = if !specials.is_empty() && rng.below(2) == 0 {
            *specials[rng.below(specials.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        p.play_unchecked(&m);
        visit(&mut p);
    }
}

fn sorted_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

/// The rules.md § Position strings round trip of one position.
fn check_round_trip(game: &str, v: &Arc<Variant>, p: &Position) {
    let s = p.fen();
    let q = Position::from_fen(v, &s).unwrap_or_else(|e| {
        panic!(
            "{game}: our own position string does not read back: {}",
            e.render(&s)
        )
    });
    assert_eq!(q.fen(), s, "{game}: print(read(s)) != s");
    if p.scepter_outcome().is_none() {
        // (A game just ended by Capture the Scepter is over; its string cannot say so.)
        assert!(q == *p, "{game}: read(print(p)) != p for {s}");
    }
    assert_eq!(
        q.hash(),
        q.compute_hash(),
        "{game}: hash of a read position, {s}"
    );
    let r = Position::from_fen(v, &q.fen()).unwrap();
    assert!(r == q, "{game}: read(print(read(s))) != read(s) for {s}");
}

/// Make and unmake of every legal move of one position.
fn check_make_unmake(game: &str, p: &mut Position) {
    let before = p.clone();
    let fen = p.fen();
    let hash = p.hash();
    assert_eq!(
        hash,
        p.compute_hash(),
        "{game}: incremental hash wrong at {fen}"
    );
    let moves_before = sorted_moves(p);
    for m in p.legal_moves() {
        let text = p.move_text(&m);
        p.play_unchecked(&m);
        assert_eq!(
            p.hash(),
            p.compute_hash(),
            "{game}: incremental hash wrong after {text} from {fen}"
        );
        let after = p.fen();
        let back = p.undo();
        assert_eq!(back, Some(m), "{game}: unmake returned another move");
        assert_eq!(
            p.fen(),
            fen,
            "{game}: {text} then unmake from {fen} (after: {after})"
        );
        assert_eq!(
            p.hash(),
            hash,
            "{game}: hash after {text} and unmake from {fen}"
        );
        assert_eq!(
            p.compute_hash(),
            hash,
            "{game}: board after {text} and unmake from {fen}"
        );
        assert!(
            *p == before,
            "{game}: {text} then unmake does not restore {fen}"
        );
    }
    assert_eq!(
        sorted_moves(p),
        moves_before,
        "{game}: legal moves changed by make/unmake at {fen}"
    );
}

/// Cases per property; `PROPTEST_CASES` gives more (each case plays every game).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(16), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn position_strings_round_trip(seed in any::<u64>(), plies in 0..200usize) {
        for (game, v) in games() {
            playout(&v, seed, plies, |p| check_round_trip(&game, &v, p));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(8), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_and_hash_is_incremental(seed in any::<u64>(), plies in 0..100usize) {
        for (game, v) in games() {
            playout(&v, seed, plies, |p| check_make_unmake(&game, p));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(24), failure_persistence: None, ..ProptestConfig::default() })]

    /// A damaged position string is read or rejected, never a panic; what is read prints
    /// and reads back the same.
    #[test]
    fn damaged_position_strings_never_panic(
        seed in any::<u64>(),
        plies in 0..60usize,
        edits in proptest::collection::vec((any::<u16>(), 0..24usize), 1..4),
    ) {
        const BITS: &[&str] = &[
            "", " ", "/", "//", "[", "]", "[]", "0", "1", "9", "10", "11", "99", "-", "w", "b",
            "K", "k", "J", "j", "@", "\u{e9}", "a3a4", "KQkq",
        ];
        for (game, v) in games() {
            let mut s = String::new();
            playout(&v, seed, plies, |p| s = p.fen());
            let mut bytes = s.into_bytes();
            for (at, bit) in &edits {
                let i = *at as usize % (bytes.len() + 1);
                let j = (i + (*at as usize >> 8) % 3).min(bytes.len());
                bytes.splice(i..j, BITS[*bit].bytes());
            }
            let damaged = String::from_utf8_lossy(&bytes).into_owned();
            match Position::from_fen(&v, &damaged) {
                Ok(q) => {
                    let printed = q.fen();
                    let r = Position::from_fen(&v, &printed).unwrap_or_else(|e| {
                        panic!("{game}: {damaged:?} read, but its print {printed:?} does not: {}", e.render(&printed))
                    });
                    prop_assert!(r == q, "{game}: {damaged:?} -> {printed:?} reads differently");
                    prop_assert_eq!(r.fen(), printed);
                    let _ = q.legal_moves();
                }
                Err(e) => {
                    let _ = e.render(&damaged);
                }
            }
        }
    }
}

/// The playouts reach the rules worth testing, so that the properties above are not vacuous:
/// promotions, castling, drops (with and without a push), en passant, and captures of a
/// second piece (a jumped-over piece or a cannon's screen).
#[test]
fn playouts_reach_every_kind_of_move() {
    let kinds = [
        "promotion",
        "castling",
        "drop",
        "drop with push",
        "en passant",
        "second capture",
    ];
    let mut seen = [0usize; 6];
    for (_, v) in games() {
        for seed in 0..6 {
            playout(&v, seed, 240, |p| {
                let Some(m) = p.moves_played().last() else {
                    return;
                };
                let hit = [
                    m.promotion().is_some(),
                    m.is_castle(),
                    m.is_drop() && m.from() == m.to(),
                    m.is_drop() && m.from() != m.to(),
                    m.kind() == fairyforge::MoveKind::EnPassant,
                    m.kind() == fairyforge::MoveKind::Normal && m.extra_capture().is_some(),
                ];
                for (i, h) in hit.iter().enumerate() {
                    seen[i] += *h as usize;
                }
            });
        }
    }
    for (k, n) in kinds.iter().zip(seen) {
        assert!(n >= 5, "random playouts reached {k} only {n} times");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), failure_persistence: None, ..ProptestConfig::default() })]

    /// Whatever a player types is a move or an error with a reason, never a panic; and a
    /// move it accepts is legal (issue 6: "a wrong input says why ... nothing crashes").
    #[test]
    fn player_input_never_panics(seed in any::<u64>(), plies in 0..40usize, text in "[a-zA-Z0-9@=+#x\\- ]{0,12}") {
        for (game, v) in games() {
            let mut last = None;
            playout(&v, seed, plies, |p| last = Some(p.clone()));
            let p = last.unwrap_or_else(|| Position::start(&v));
            if let Ok(m) = p.parse_input(&text) {
                prop_assert!(p.legal_moves().contains(&m), "{game}: `{text}` gave an illegal move");
            }
            let _ = p.parse_move(&text);
        }
    }
}
