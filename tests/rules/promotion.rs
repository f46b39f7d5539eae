//! rules.md § Promotion promotion: every game's choice list for a pawn and a ninja pawn, and mandatory
//! promotion on the last rank.

use fairyforge::Position;
use fairyforge_tests::{moves_from, play, pos};

use crate::util::{has, pick_test};

/// The promotion letters of the legal moves `from`-`to`, sorted.
fn choices(p: &Position, from: &str, to: &str) -> String {
    let head = format!("{from}{to}");
    let mut v: Vec<char> = moves_from(p, from)
        .iter()
        .filter_map(|m| m.strip_prefix(&head).map(str::to_string))
        .filter(|rest| rest.len() == 1)
        .map(|rest| rest.chars().next().unwrap())
        .collect();
    v.sort();
    v.into_iter().collect()
}

/// White pawn a9, white ninja pawn j9, a black rook on b10 to capture.
const W104: &str = "2/1r2k5/P8J/10/10/10/10/10/10/10/5K4/2[] w - - 0 1";
/// Black pawn a2, black ninja pawn j2, a white rook on b1 to capture.
const B104: &str = "2/5k4/10/10/10/10/10/10/10/p8j/1R2K5/2[] b - - 0 1";

/// The snapshot: the moves of the pawn and of the ninja pawn.
fn promo_listing(p: &Position, pawn: &str, ninja: &str) -> String {
    format!(
        "{}\n-- pawn {pawn}\n{}\n-- ninja pawn {ninja}\n{}",
        p.fen(),
        moves_from(p, pawn).join("\n"),
        moves_from(p, ninja).join("\n")
    )
}

/// Checks one 104-square game: both colours, pushes and captures, no plain move onto the
/// last rank.
fn check_104(game: &str, letters: &str) {
    let p = pos(game, W104);
    assert_eq!(choices(&p, "a9", "a10"), letters, "{game} pawn push");
    assert_eq!(choices(&p, "a9", "b10"), letters, "{game} pawn capture");
    assert_eq!(choices(&p, "j9", "j10"), letters, "{game} ninja pawn");
    assert!(
        !has(&p, "a9a10") && !has(&p, "a9b10") && !has(&p, "j9j10"),
        "{game}"
    );
    assert_eq!(moves_from(&p, "a9").len(), 2 * letters.len());
    insta::assert_snapshot!(format!("{game}_white"), promo_listing(&p, "a9", "j9"));
    let p = pos(game, B104);
    assert_eq!(choices(&p, "a2", "a1"), letters, "{game} black pawn");
    assert_eq!(choices(&p, "a2", "b1"), letters, "{game} black capture");
    assert_eq!(choices(&p, "j2", "j1"), letters, "{game} black ninja pawn");
    assert!(!has(&p, "a2a1") && !has(&p, "j2j1"), "{game}");
    insta::assert_snapshot!(format!("{game}_black"), promo_listing(&p, "a2", "j2"));
}

#[test]
fn r17_birds_and_ninjas_q_r_b_n_ninja_guard_flying_bomber() {
    check_104("birds-and-ninjas", "bfgnqr");
}

#[test]
fn r17_stealth_ninja_setup_and_reserve_pieces_never_the_insane_ninja() {
    check_104("stealth-ninja", "abgnqrwy");
    check_104("stealth-ninja-alternate-start", "abgnqrwy");
}

#[test]
fn r17_stealth_ninja_alternative_setup_has_the_leaping_ninja_guard() {
    check_104("stealth-ninja-alternative-setup", "ablnqrwy");
}

#[test]
fn r17_stealth_ninja_alternative_reinforcements_has_cannon_and_bomber() {
    check_104("stealth-ninja-alternative-reinforcements", "bcfgnqrw");
}

#[test]
fn r17_insane_ninja_q_r_b_n_insane_ninja_leaping_ninja_guard() {
    check_104("insane-ninja", "bilnqr");
}

#[test]
fn r16_r17_flying_bombers_grand_ninja_pawn_promotes_in_one_or_two_steps() {
    // Grand ninja pawns on a9 and j8 (rules.md § Pawns: from the upper half it may run two squares).
    let p = pos(
        "flying-bombers-grand",
        "1r2k5/J9/9J/10/10/10/10/10/10/5K4[] w - - 0 1",
    );
    assert_eq!(choices(&p, "a9", "a10"), "bfnqr");
    assert_eq!(choices(&p, "a9", "b10"), "bfnqr");
    assert_eq!(choices(&p, "j8", "j10"), "bfnqr");
    assert!(!has(&p, "a9a10") && !has(&p, "j8j10"));
    assert!(has(&p, "j8j9"));
    insta::assert_snapshot!(promo_listing(&p, "a9", "j8"));
    let p = pos(
        "flying-bombers-grand",
        "5k4/10/10/10/10/10/10/j9/10/1R2K5[] b - - 0 1",
    );
    assert_eq!(choices(&p, "a3", "a1"), "bfnqr");
}

#[test]
fn r17_pick_the_piece_base_promotes_to_q_r_b_n() {
    let p = pos(
        "pick-the-piece",
        "1r2k5/P9/10/10/10/10/10/10/10/5K4[] w - - 0 1",
    );
    assert_eq!(choices(&p, "a9", "a10"), "bnqr");
    assert_eq!(choices(&p, "a9", "b10"), "bnqr");
    assert!(!has(&p, "a9a10"));
    insta::assert_snapshot!(moves_from(&p, "a9").join("\n"));
}

#[test]
fn r17_air_and_trench_adds_the_slot_and_reserve_pieces() {
    let p = pos(
        "air-and-trench-warfare",
        "1r2k5/P8J/10/10/10/10/10/10/10/5K4[] w - - 0 1",
    );
    assert_eq!(choices(&p, "a9", "a10"), "bcfgnqr");
    assert_eq!(choices(&p, "j9", "j10"), "bcfgnqr");
    assert!(!has(&p, "a9a10") && !has(&p, "j9j10"));
    insta::assert_snapshot!(promo_listing(&p, "a9", "j9"));
}

#[test]
fn r17_a_user_pick_the_piece_game_promotes_to_its_chosen_pieces() {
    let v = pick_test();
    let p = Position::from_fen(&v, "1r2k5/P8J/10/10/10/10/10/10/10/5K4[] w - - 0 1").unwrap();
    assert_eq!(choices(&p, "a9", "a10"), "bcfgnqr");
    assert_eq!(choices(&p, "j9", "j10"), "bcfgnqr");
    assert!(!has(&p, "a9a10") && !has(&p, "j9j10"));
    insta::assert_snapshot!(promo_listing(&p, "a9", "j9"));
}

#[test]
fn r17_promotion_replaces_the_pawn() {
    let mut p = pos("birds-and-ninjas", W104);
    play(&mut p, &["a9b10f"]);
    assert_eq!(p.fen(), "2/1F2k5/9J/10/10/10/10/10/10/10/5K4/2[] b - - 0 1");
    p.undo();
    play(&mut p, &["j9j10g"]);
    assert_eq!(
        p.fen(),
        "2/1r2k4G/P9/10/10/10/10/10/10/10/5K4/2[] b - - 0 1"
    );
}

/// Grand Chess (docs/format.md § `[promotion]`, `limits`): promotion is optional on the
/// eighth and ninth ranks, forced on the tenth, and only to a piece of which the side has
/// fewer on the board than its limit. Each move set below is Fairy-Stockfish's (pyffish
/// 0.0.90, variant `grand`).
#[test]
fn grand_promotes_only_to_a_piece_the_side_has_lost() {
    // Every white piece on the board: a7 steps to a8 (or takes on b8) without promoting.
    let p = pos(
        "grand",
        "r8r/1nbqkcabn1/1ppppppppp/P9/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    );
    assert_eq!(moves_from(&p, "a7"), ["a7a8", "a7b8"]);
    // From a8 to a9, still nothing to promote to.
    let p = pos(
        "grand",
        "r8r/2bqkcabn1/P1pppppppp/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    );
    assert_eq!(moves_from(&p, "a8"), ["a8a9"]);
    // On a9 with every piece: the tenth rank forces a promotion there is no piece for, so
    // the pawn cannot move (nor take the rook on b10).
    let all = "1r7r/P1bqkcabn1/2pppppppp/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
    assert!(moves_from(&pos("grand", all), "a9").is_empty());
    // A knight lost: a9 promotes to a knight on a10 or b10, and a8 may step to a9 as a
    // pawn or promote there.
    let p = pos(
        "grand",
        "1r7r/P1bqkcabn1/2pppppppp/10/10/10/10/1PPPPPPPPP/2BQKCABN1/R8R w - - 0 1",
    );
    assert_eq!(moves_from(&p, "a9"), ["a9a10n", "a9b10n"]);
    let p = pos(
        "grand",
        "r8r/2bqkcabn1/P1pppppppp/10/10/10/10/1PPPPPPPPP/2BQKCABN1/R8R w - - 0 1",
    );
    assert_eq!(moves_from(&p, "a8"), ["a8a9", "a8a9n"]);
    // A knight made by promotion counts as well: with one on e1 the pawn is stuck again.
    let p = pos(
        "grand",
        "1r7r/P1bqkcabn1/2pppppppp/10/10/10/10/1PPPPPPPPP/2BQKCABN1/R3N4R w - - 0 1",
    );
    assert!(moves_from(&p, "a9").is_empty());
    // Black's limits are Black's: a black pawn on c2 that lost its queen and a rook.
    let p = pos(
        "grand",
        "9r/1nb1kcabn1/10/10/10/10/10/10/PPp1PPPPPP/1NBQKCABN1 b - - 0 1",
    );
    assert_eq!(moves_from(&p, "c2"), ["c2b1q", "c2b1r", "c2d1q", "c2d1r"]);
}
