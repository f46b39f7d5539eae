//! rules.md § En passant extended en passant in the seed games: every passed square is a target for the next
//! move only; ninja pawns never take or are taken so; Flying Bombers Grand has none.

use fairyforge::{Position, Variant};
use fairyforge_tests::{game, moves_from, play, pos};

use crate::util::{has, listing};

#[test]
fn r14_r28_every_passed_square_is_a_target() {
    let mut p = Position::start(&game("birds-and-ninjas"));
    play(&mut p, &["a2a5"]);
    assert!(p.fen().ends_with(" b BIbi a3a4 0 1"), "{}", p.fen());
    play(&mut p, &["d9d6"]);
    assert!(p.fen().ends_with(" w BIbi d8d7 0 2"), "{}", p.fen());
    play(&mut p, &["b2b4"]);
    assert!(p.fen().ends_with(" b BIbi b3 0 2"), "{}", p.fen());
    play(&mut p, &["c9c8"]);
    assert!(p.fen().ends_with(" w BIbi - 0 3"), "{}", p.fen());
    // rules.md § Pawns: from rank 3 a pawn still slides two to the middle, leaving one target.
    play(&mut p, &["e2e3", "j9j8", "e3e5"]);
    assert!(p.fen().ends_with(" b BIbi e4 0 4"), "{}", p.fen());
}

#[test]
fn r14_both_passed_squares_can_be_taken_on() {
    // Black pawns on b5 and b4; White plays a2-a5 past both.
    let fen = "2/4k5/10/10/10/10/1p8/1p8/10/P9/5K4/2[] w - - 0 1";
    let mut p = pos("birds-and-ninjas", fen);
    play(&mut p, &["a2a5"]);
    assert!(has(&p, "b4a3") && has(&p, "b5a4"));
    insta::assert_snapshot!(listing(&p));
    let mut q = p.clone();
    play(&mut q, &["b4a3"]);
    assert_eq!(q.fen(), "2/4k5/10/10/10/10/1p8/10/p9/10/5K4/2[] w - - 0 2");
    let mut q = p.clone();
    play(&mut q, &["b5a4"]);
    assert_eq!(q.fen(), "2/4k5/10/10/10/10/10/pp8/10/10/5K4/2[] w - - 0 2");
    // After a one-square step there is no target: b4-a3 is a plain capture of the pawn on
    // a3, and b5-a4 does not exist.
    let mut p = pos("birds-and-ninjas", fen);
    play(&mut p, &["a2a3"]);
    assert!(p.fen().ends_with(" b - - 0 1"));
    assert!(!has(&p, "b5a4"));
    play(&mut p, &["b4a3"]);
    assert_eq!(p.fen(), "2/4k5/10/10/10/10/1p8/10/p9/10/5K4/2[] w - - 0 2");
}

#[test]
fn r14_white_takes_black_en_passant_on_both_squares() {
    // White pawns c6 and e7; Black plays d9-d6 past d8 and d7.
    let fen = "2/4k5/3p6/10/4P5/2P7/10/10/10/10/5K4/2[] b - - 0 1";
    let mut p = pos("birds-and-ninjas", fen);
    play(&mut p, &["d9d6"]);
    assert!(p.fen().ends_with(" w - d8d7 0 2"));
    assert_eq!(moves_from(&p, "c6"), ["c6c7", "c6d7"]);
    assert_eq!(moves_from(&p, "e7"), ["e7d8", "e7e8"]);
    let mut q = p.clone();
    play(&mut q, &["e7d8"]);
    assert_eq!(q.fen(), "2/4k5/10/3P6/10/2P7/10/10/10/10/5K4/2[] b - - 0 2");
}

#[test]
fn r14_the_targets_last_one_move_only() {
    let fen = "2/4k5/10/10/10/10/10/1p8/10/P9/5K4/2[] w - - 0 1";
    let mut p = pos("birds-and-ninjas", fen);
    play(&mut p, &["a2a5"]);
    assert!(has(&p, "b4a3"));
    play(&mut p, &["e10e9", "f1f2"]);
    assert!(p.fen().ends_with(" b - - 2 2"), "{}", p.fen());
    assert!(!has(&p, "b4a3"));
}

#[test]
fn r14_ninja_pawns_never_take_en_passant() {
    // A black ninja pawn on b4 beside the passed squares.
    let mut p = pos(
        "birds-and-ninjas",
        "2/4k5/10/10/10/10/10/1j8/10/P9/5K4/2[] w - - 0 1",
    );
    play(&mut p, &["a2a5"]);
    assert!(p.fen().ends_with(" b - a3a4 0 1"));
    assert_eq!(moves_from(&p, "b4"), ["b4a4", "b4b3", "b4c4"]);
}

#[test]
fn r14_ninja_pawns_are_never_taken_en_passant() {
    // A black ninja pawn slides e9-e6 past white pawns that could take on e7 and e8.
    let fen = "2/4k5/4j5/10/5P4/3P6/10/10/10/10/5K4/2[] b - - 0 1";
    let mut p = pos("birds-and-ninjas", fen);
    play(&mut p, &["e9e6"]);
    assert!(p.fen().ends_with(" w - - 0 2"), "{}", p.fen());
    assert_eq!(moves_from(&p, "d6"), ["d6d7"]);
    assert_eq!(moves_from(&p, "f7"), ["f7f8"]);
    // Nor after a drop with a push.
    let mut p = pos(
        "birds-and-ninjas",
        "2/4k5/10/10/5P4/3P6/10/10/10/10/5K4/2[j] b - - 0 1",
    );
    play(&mut p, &["J@e9e6"]);
    assert!(p.fen().ends_with(" w - - 0 2"), "{}", p.fen());
    assert_eq!(moves_from(&p, "d6"), ["d6d7"]);
}

#[test]
fn r14_r26_the_other_pawn_games_have_the_same_en_passant() {
    for g in [
        "stealth-ninja",
        "stealth-ninja-alternate-start",
        "stealth-ninja-alternative-setup",
        "stealth-ninja-alternative-reinforcements",
        "insane-ninja",
        "pick-the-piece",
        "air-and-trench-warfare",
    ] {
        let mut p = Position::start(&game(g));
        play(&mut p, &["a2a5", "j9j6"]);
        assert!(p.fen().contains(" j8j7 0 2"), "{g}: {}", p.fen());
    }
    // Insane Ninja (rules.md § The games): a black pawn on b4 takes en passant.
    let mut p = pos(
        "insane-ninja",
        "2/4k5/10/10/10/10/10/1p8/10/P9/5K4/2[] w - - 0 1",
    );
    play(&mut p, &["a2a5", "b4a3"]);
    assert_eq!(p.fen(), "2/4k5/10/10/10/10/10/10/p9/10/5K4/2[] w - - 0 2");
}

#[test]
fn r14_flying_bombers_grand_has_no_en_passant() {
    let mut p = Position::start(&game("flying-bombers-grand"));
    play(&mut p, &["a2a5"]);
    assert!(p.fen().ends_with(" b BIbi - 0 1"), "{}", p.fen());
    // A grand ninja pawn beside the passed squares cannot take on them.
    let mut p = pos(
        "flying-bombers-grand",
        "4k5/10/10/10/10/1j8/10/J9/10/5K4[] w - - 0 1",
    );
    play(&mut p, &["a3a5"]);
    assert!(p.fen().ends_with(" b - - 0 1"), "{}", p.fen());
    assert_eq!(moves_from(&p, "b5"), ["b5a5", "b5b3", "b5b4", "b5c5"]);
    // The two-square run in the upper half leaves no target either (rules.md § Pawns).
    let mut p = pos(
        "flying-bombers-grand",
        "4k5/10/10/J9/1j8/10/10/10/10/5K4[] w - - 0 1",
    );
    play(&mut p, &["a7a9"]);
    assert!(p.fen().ends_with(" b - - 0 1"), "{}", p.fen());
}

#[test]
fn r14_r28_targets_read_from_the_position_string() {
    // `a3a4`: the pawn came from a2; both squares can be taken on.
    let p = pos(
        "birds-and-ninjas",
        "2/4k5/10/10/10/10/Pp8/1p8/10/10/5K4/2[] b - a3a4 0 1",
    );
    assert!(has(&p, "b4a3") && has(&p, "b5a4"));
    // `a4`: the pawn came from a3 (rules.md § Pawns), passing a4 only.
    let p = pos(
        "birds-and-ninjas",
        "2/4k5/10/10/10/10/Pp8/1p8/10/10/5K4/2[] b - a4 0 1",
    );
    assert!(!has(&p, "b4a3") && has(&p, "b5a4"));
    // Targets that no pawn just passed are refused.
    let v = game("birds-and-ninjas");
    assert!(Position::from_fen(&v, "2/4k5/10/10/10/10/Pp8/1p8/10/10/5K4/2[] b - a3 0 1").is_err());
}

/// A piece whose double step is written before a leap to the same square: the double step
/// decides the move (rules.md § Counting moves: a move made by two primitives counts once),
/// so it still leaves an en-passant target. (Move generation reads a piece's leaps before
/// its slides only where no move can change by it: docs/js.md § Speed.)
const LANCER: &str = r#"extends = "chess"
name = "Lancers"
pieces = ["king", "queen", "rook", "bishop", "knight", "chess-pawn", "lancer"]
setup = "4k3/8/8/8/1p6/8/L7/4K3 w - - 0 1"

[piece.lancer]
name = "Lancer"
letter = "L"
value = 2
moves = [
  { slide = "forward", mode = "move", min = 2, max = 2, en-passant = "create" },
  { leap = [0, 2], mode = "move" },
]
"#;

#[test]
fn a_double_step_written_before_a_leap_to_its_square_still_leaves_a_target() {
    let v = Variant::parse("lancers.toml", LANCER).unwrap();
    let mut p = Position::start(&v);
    // The slide and the leap land on a4 (one move); the leap alone on c2.
    assert_eq!(moves_from(&p, "a2"), ["a2a4", "a2c2"]);
    play(&mut p, &["a2a4"]);
    assert_eq!(p.fen(), "4k3/8/8/8/Lp6/8/8/4K3 b - a3 1 1");
    assert!(has(&p, "b4a3"));
}
