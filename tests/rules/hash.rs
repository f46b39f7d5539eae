//! The incremental hash equals the hash computed from scratch after every move and unmove
//! of random games in every built-in game (drops, castling, en passant, promotions and
//! the rules.md § Optional rules options included), and unmake restores the exact position string (§ Position strings).

use fairyforge::{Move, MoveKind, Position};
use fairyforge_tests::Rng;
use proptest::prelude::*;

use crate::util::game_with;

/// Every built-in game, some with their optional rules on (rules.md § Optional rules), from the start position
/// or from a position string with the kings out (so that Capture the Scepter happens).
const GAMES: &[(&str, &[&str], Option<&str>)] = &[
    ("chess", &[], None),
    ("capablanca", &[], None),
    ("birds-and-ninjas", &[], None),
    ("birds-and-ninjas", &["capture-the-scepter"], None),
    (
        "birds-and-ninjas",
        &["capture-the-scepter"],
        Some(KINGS_OUT),
    ),
    ("stealth-ninja", &[], None),
    (
        "stealth-ninja",
        &["capture-the-scepter", "insane-ninja-promotion"],
        None,
    ),
    (
        "stealth-ninja",
        &["capture-the-scepter", "insane-ninja-promotion"],
        Some(KINGS_OUT_STEALTH),
    ),
    (
        "stealth-ninja-alternate-start",
        &["insane-ninja-promotion"],
        None,
    ),
    (
        "stealth-ninja-alternative-setup",
        &["insane-ninja-promotion"],
        None,
    ),
    ("stealth-ninja-alternative-reinforcements", &[], None),
    ("flying-bombers-grand", &[], None),
    ("insane-ninja", &["capture-the-scepter"], None),
    (
        "insane-ninja",
        &["capture-the-scepter"],
        Some(KINGS_OUT_INSANE),
    ),
    ("pick-the-piece", &[], None),
    ("air-and-trench-warfare", &[], None),
    // Captures to the reserve, promoted pieces marked (`~`, `+P`): docs/format.md § Reserves and drops.
    ("crazyhouse", &[], None),
    ("minishogi", &[], Some(MINISHOGI)),
    ("shogi", &[], Some(SHOGI)),
    // Gating: a reserve piece put on the square a piece leaves (docs/format.md § Gating).
    ("seirawan", &[], None),
    // Promotion limits (docs/format.md § `[promotion]`).
    ("grand", &[], Some(GRAND)),
];

/// Minishogi's start (it has no castling, which the coverage test asks of a start).
const MINISHOGI: &str = "rbsgk/4p/5/P4/KGSBR[] w - - 0 1";
/// Grand Chess's start, which has no castling either.
const GRAND: &str = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
/// Shogi's start, for the same reason.
const SHOGI: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";

const KINGS_OUT: &str = "ff/gr6rg/ppp4ppp/10/3K6/10/10/6k3/10/PPP4PPP/GR6RG/FF[JJJJjjjj] w - - 0 1";
const KINGS_OUT_STEALTH: &str =
    "ww/gr6rg/ppp4ppp/10/3K6/10/10/6k3/10/PPP4PPP/GR6RG/WW[YAJJJJyajjjj] w - - 0 1";
const KINGS_OUT_INSANE: &str =
    "ll/ir6ri/ppp4ppp/10/3K6/10/10/6k3/10/PPP4PPP/IR6RI/LL[JJJJjjjj] w - - 0 1";

#[derive(Default, Debug)]
struct Stats {
    plies: usize,
    drops: usize,
    castlings: usize,
    en_passant: usize,
    promotions: usize,
    double_captures: usize,
    /// Moves that gate (docs/format.md § Gating).
    gatings: usize,
    /// Games ended at once by Capture the Scepter (rules.md § Optional rules).
    scepter_ends: usize,
}

/// Moves worth steering toward: they touch the parts of the hash that plain moves do not.
fn special(m: &Move) -> bool {
    matches!(
        m.kind(),
        MoveKind::Drop | MoveKind::Castle | MoveKind::EnPassant
    ) || m.promotion().is_some()
        || m.extra_capture().is_some()
        || m.gate().is_some()
}

/// Plays one random game from the start, checking the hash after every move, then takes
/// every move back checking the hash and the exact position string.
fn walk(game: usize, choices: &[u32], stats: &mut Stats) -> Result<(), String> {
    let (name, opts, fen) = GAMES[game];
    let v = game_with(name, opts);
    let mut p = match fen {
        Some(f) => Position::from_fen(&v, f).map_err(|e| e.render(f))?,
        None => Position::start(&v),
    };
    let mut trail: Vec<(String, u64)> = Vec::new();
    let mut buf = Vec::new();
    for (ply, &c) in choices.iter().enumerate() {
        p.generate_legal(&mut buf);
        if buf.is_empty() {
            stats.scepter_ends += p.scepter_outcome().is_some() as usize;
            break;
        }
        every_pawn_promotes(&p, &buf, name)?;
        let m = choose(&p, &buf, c, ply > 100 || fen.is_some());
        count(stats, &p, &m);
        let text = p.move_text(&m);
        trail.push((p.fen(), p.hash()));
        p.play_unchecked(&m);
        let here = format!(
            "{name} {opts:?} after {text} in {}",
            trail.last().unwrap().0
        );
        check_played(&p, &here)?;
    }
    while let Some((fen, hash)) = trail.pop() {
        let m = p.undo().ok_or("nothing to unmake")?;
        if p.fen() != fen || p.hash() != hash || p.hash() != p.compute_hash() {
            return Err(format!(
                "{name} {opts:?}: unmake of {m:?} gives {} (hash {:x}/{:x}), expected {fen} ({hash:x})",
                p.fen(),
                p.hash(),
                p.compute_hash()
            ));
        }
    }
    Ok(())
}

/// rules.md § Promotion: no pawn or ninja pawn ends a move on its last rank without promoting.
fn every_pawn_promotes(p: &Position, moves: &[Move], name: &str) -> Result<(), String> {
    let v = p.variant();
    let last = if p.side_to_move() == fairyforge::Color::White {
        v.geometry().ranks() as i8
    } else {
        1
    };
    for m in moves {
        if m.kind() != MoveKind::Drop
            && v.geometry().rank(m.to()) == last
            && p.piece_at(m.from())
                .is_some_and(|(k, _)| v.piece(k).is_pawn())
            && m.promotion().is_none()
        {
            return Err(format!(
                "{name}: {} does not promote in {}",
                p.move_text(m),
                p.fen()
            ));
        }
    }
    Ok(())
}

/// The move that the random number `c` picks: steered toward drops, castling, captures and
/// promotions, toward the rear squares (rules.md § Optional rules) and, `late` in the game, toward king walks
/// (Capture the Scepter).
fn choose(p: &Position, moves: &[Move], c: u32, late: bool) -> Move {
    let g = p.variant().geometry();
    let rear = |m: &Move| m.kind() != MoveKind::Drop && matches!(g.rank(m.to()), 0 | 11);
    let specials: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| special(m) || rear(m))
        .collect();
    let king = p.king_square(p.side_to_move());
    let walks: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.kind() != MoveKind::Drop && Some(m.from()) == king)
        .collect();
    if !specials.is_empty() && c.is_multiple_of(3) {
        specials[(c / 3) as usize % specials.len()]
    } else if !walks.is_empty() && late && c % 5 == 1 {
        walks[(c / 5) as usize % walks.len()]
    } else {
        moves[c as usize % moves.len()]
    }
}

/// Counts the kinds of move played (before `m` is played in `p`).
fn count(stats: &mut Stats, p: &Position, m: &Move) {
    stats.plies += 1;
    match m.kind() {
        MoveKind::Drop => stats.drops += 1,
        MoveKind::Castle => stats.castlings += 1,
        MoveKind::EnPassant => stats.en_passant += 1,
        _ => {}
    }
    stats.promotions += m.promotion().is_some() as usize;
    stats.gatings += m.gate().is_some() as usize;
    stats.double_captures += (m.kind() == MoveKind::Normal && p.captures_of(m).len() == 2) as usize;
}

/// After a move: the incremental hash equals the hash from scratch, the fast check test
/// agrees with the slow definition (rules.md § Check and legal moves), and the position string reads back to the same
/// position and hash.
fn check_played(p: &Position, here: &str) -> Result<(), String> {
    if p.hash() != p.compute_hash() {
        return Err(format!("incremental hash differs from scratch: {here}"));
    }
    if let Some(k) = p.king_square(p.side_to_move())
        && p.is_check() != p.is_attacked_slow(k, !p.side_to_move())
    {
        return Err(format!(
            "in_check disagrees with the slow attack test: {here}"
        ));
    }
    let fen = p.fen();
    let again =
        Position::from_fen(p.variant(), &fen).map_err(|e| format!("{here}: {}", e.render(&fen)))?;
    if again.hash() != p.hash() {
        return Err(format!(
            "hash differs from the position string's: {here} -> {fen}"
        ));
    }
    if again.fen() != fen {
        return Err(format!(
            "position string does not round-trip: {fen} -> {}",
            again.fen()
        ));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn hash_is_incremental_and_unmake_restores_the_position(
        game in 0..GAMES.len(),
        choices in proptest::collection::vec(any::<u32>(), 1..240),
    ) {
        let mut stats = Stats::default();
        walk(game, &choices, &mut stats).map_err(TestCaseError::fail)?;
    }
}

/// A fixed sequence of choices, so the coverage below does not depend on luck.
fn fixed_choices(seed: u64, n: usize) -> Vec<u32> {
    let mut rng = Rng(seed);
    (0..n).map(|_| (rng.next_u64() >> 32) as u32).collect()
}

#[test]
fn random_games_reach_drops_castling_en_passant_and_promotions() {
    let mut all = Stats::default();
    for (game, &(name, _, fen)) in GAMES.iter().enumerate() {
        let mut s = Stats::default();
        for seed in 0..12 {
            walk(game, &fixed_choices(seed * 31 + game as u64, 300), &mut s).unwrap();
        }
        assert!(s.plies > 1000, "{name}: {s:?}");
        assert!(
            fen.is_some() || s.castlings > 0,
            "{name} never castled: {s:?}"
        );
        // Seirawan's reserve is gated, never dropped.
        let has_reserve = !matches!(
            name,
            "chess" | "capablanca" | "pick-the-piece" | "seirawan" | "grand"
        );
        assert!(!has_reserve || s.drops > 0, "{name} never dropped: {s:?}");
        assert!(
            name != "seirawan" || s.gatings > 0,
            "{name} never gated: {s:?}"
        );
        all.drops += s.drops;
        all.castlings += s.castlings;
        all.en_passant += s.en_passant;
        all.promotions += s.promotions;
        all.double_captures += s.double_captures;
        all.scepter_ends += s.scepter_ends;
    }
    assert!(
        all.en_passant > 0 && all.promotions > 0 && all.double_captures > 0,
        "{all:?}"
    );
}
