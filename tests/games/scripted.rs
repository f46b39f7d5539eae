//! Scripted games (move text (rules.md § Move text)) from the start of every game, through its drops, the captures
//! of its special pieces, castling, en passant and promotion. Each checkpoint is a
//! snapshot (moves, position string, perft 1-2), and the key facts are asserted here.

use fairyforge::Color::{Black, White};

use super::util::Line;

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

// ---------------------------------------------------------------------------------------
// Birds and Ninjas

/// rules.md § The Flying Bomber: the Flying Bomber jumps over its own queen (e0-e2), then takes two pawns in one
/// jump (e3-e5 over e4 onto e5); the black queen takes it back.
#[test]
fn birds_and_ninjas_bomber_double_capture() {
    let mut l = Line::new("birds-and-ninjas");
    l.play("e2e4 e9e6 e0e2 d9d6 e2e3 d6d5 a2a3 e6e5 b2b3");
    // rules.md § Pawns: a pawn capture, d5xe4.
    assert_eq!(l.capture("d5e4"), s(&["Pe4"]));
    // The bomber on e3: the fly-over and the jump onto e5 are one move (rules.md § Counting moves).
    assert_eq!(l.moves_starting("e3e5"), s(&["e3e5"]));
    assert_eq!(l.capture("e3e5"), s(&["pe4", "pe5"]));
    assert_eq!(l.at("e5"), "F");
    insta::assert_snapshot!("bn_bomber_double_capture", l.snap());
    assert_eq!(l.capture("e10e5"), s(&["Fe5"]));
    insta::assert_snapshot!("bn_queen_takes_bomber", l.snap());
}

/// rules.md § The Flying Bomber fly-over from afar (e4 over f4 g4 and the pawn on h4, landing on i4); § Reserves and drops ninja pawn
/// drops with a push, for both sides; rules.md § Reserves and drops the reserve count goes down.
#[test]
fn birds_and_ninjas_fly_over_and_drops() {
    let mut l = Line::new("birds-and-ninjas");
    l.play("e2e5 h9h6 e0e2 h6h5 e2e4 h5h4");
    // Not i4 beyond the victim's next square, never h4 itself (no replacement capture
    // three squares away).
    let bomber = l.moves_starting("e4");
    assert!(bomber.contains(&"e4i4".to_string()) && !bomber.contains(&"e4h4".to_string()));
    assert!(!bomber.contains(&"e4j4".to_string()));
    assert_eq!(l.capture("e4i4"), s(&["ph4"]));
    assert_eq!(l.reserve(Black, "ninja-pawn"), 4);
    l.play("J@h9h6");
    assert_eq!(l.reserve(Black, "ninja-pawn"), 3);
    assert_eq!(l.at("h6"), "j");
    assert_eq!(l.at("h9"), ".");
    // rules.md § Reserves and drops: White's drop on e2 with pushes to e3 and e4 (e5 holds the pawn).
    assert_eq!(l.moves_starting("J@e2"), s(&["J@e2", "J@e2e3", "J@e2e4"]));
    l.play("J@e2e3");
    assert_eq!(l.reserve(White, "ninja-pawn"), 3);
    assert_eq!(l.at("e3"), "J");
    insta::assert_snapshot!("bn_fly_over_and_drops", l.snap());
}

/// rules.md § En passant extended en passant (e2-e5 passes e3 and e4; d4 takes on e3) and § Castling flexible
/// castling (the king three squares to i1, the rook to h1).
#[test]
fn birds_and_ninjas_en_passant_and_castling() {
    let mut l = Line::new("birds-and-ninjas");
    l.play("h1i3 d9d6 g2g3 d6d5 h2h3 d5d4 e2e5");
    assert!(l.fen().contains(" e3e4 "), "{}", l.fen());
    insta::assert_snapshot!("bn_en_passant_targets", l.snap());
    assert_eq!(l.capture("d4e3"), s(&["Pe5"]));
    assert_eq!(l.at("e5"), ".");
    l.play("g1h2 c10d8");
    assert_eq!(
        l.moves_starting("f1"),
        s(&["f1e2", "f1g1", "f1g1i1f1", "f1g2", "f1h1i1g1", "f1i1i1h1"])
    );
    l.play("f1i1i1h1");
    assert_eq!((l.at("i1"), l.at("h1")), ("K".into(), "R".into()));
    assert!(l.fen().contains(" bi "), "{}", l.fen());
    insta::assert_snapshot!("bn_castled", l.snap());
}

/// rules.md § Promotion: a pawn promotes on rank 10 by capturing, to one of Q R B N, Ninja Guard, Bomber.
#[test]
fn birds_and_ninjas_promotion() {
    let mut l = Line::new("birds-and-ninjas");
    l.play("a2a5 j9j6 a5a6 j6j5 a6a7 i9i6 a7a8 i6i5");
    assert_eq!(l.capture("a8b9"), s(&["pb9"]));
    l.play("h9h6");
    assert_eq!(
        l.moves_starting("b9"),
        s(&[
            "b9a10b", "b9a10f", "b9a10g", "b9a10n", "b9a10q", "b9a10r", "b9c10b", "b9c10f",
            "b9c10g", "b9c10n", "b9c10q", "b9c10r",
        ])
    );
    assert_eq!(l.capture("b9a10g"), s(&["ga10"]));
    assert_eq!(l.id_at("a10").as_deref(), Some("ninja-guard"));
    insta::assert_snapshot!("bn_promotion", l.snap());
}

/// rules.md § The Ninja Guard: the Ninja Guard jumps over its own pawn (j1-h3), then takes two pawns in one jump
/// (h3 over g4 onto f5).
#[test]
fn birds_and_ninjas_guard_double_capture() {
    let mut l = Line::new("birds-and-ninjas");
    l.play("j1h3 g9g6 a2a3 f9f6 a3a4 g6g5 b2b3 f6f5 b3b4 g5g4");
    assert_eq!(l.capture("h3f5"), s(&["pf5", "pg4"]));
    assert_eq!(l.at("f5"), "G");
    insta::assert_snapshot!("bn_guard_double_capture", l.snap());
}

// ---------------------------------------------------------------------------------------
// Stealth Ninja Chess

/// rules.md § Reserves and drops: the Anti-Gryphon drops on e0; § The Ninja Warrior the Ninja Warrior jumps over its queen and later
/// captures by landing two squares away; rules.md § The Stealth Anti-Gryphon the Anti-Gryphon goes e0-e1 then diagonally
/// to b4 and takes a pawn.
#[test]
fn stealth_ninja_anti_gryphon_and_warrior() {
    let mut l = Line::new("stealth-ninja");
    l.play("e2e4 d9d6 e0e2 d6d5");
    assert_eq!(l.moves_starting("A@"), s(&["A@e0"]));
    assert_eq!(l.moves_starting("Y@"), s(&["Y@e0"]));
    l.play("A@e0");
    assert_eq!(l.reserve(White, "stealth-anti-gryphon"), 0);
    assert_eq!(l.reserve(White, "stealth-gryphon"), 1);
    assert_eq!(l.capture("d5e4"), s(&["Pe4"]));
    // The warrior on e2: e3 empty, e4 an enemy: a step to e3 or a landing capture on e4.
    assert_eq!(l.capture("e2e4"), s(&["pe4"]));
    insta::assert_snapshot!("sn_warrior_capture", l.snap());
    l.play("b9b6 d2d4 b6b5 e1e2 b5b4");
    // e1, d2, c3 empty: the Anti-Gryphon lands on c3 or b4 (capture), never on e1 (rules.md § The Stealth Anti-Gryphon:
    // at least two diagonal squares); a5 is behind the pawn.
    assert_eq!(l.moves_starting("e0"), s(&["e0b4", "e0c3"]));
    assert_eq!(l.capture("e0b4"), s(&["pb4"]));
    insta::assert_snapshot!("sn_anti_gryphon_capture", l.snap());
}

/// rules.md § Castling castling (king to i1); § Reserves and drops the Gryphon enters on e0; Black drops a ninja pawn with
/// a push (rules.md § Reserves and drops); § The Stealth Gryphon the Gryphon goes e0-f1 then up the f-file.
#[test]
fn stealth_ninja_castling_and_gryphon() {
    let mut l = Line::new("stealth-ninja");
    l.play("h2h3 a9a6 g1h2 a6a5 h1i3 a5a4 f1i1i1h1");
    insta::assert_snapshot!("sn_castled", l.snap());
    l.play("a4a3 e2e4 b9b6 e0e2 b6b5 Y@e0 J@a9a6 f2f4 b5b4");
    assert_eq!(l.reserve(Black, "ninja-pawn"), 3);
    assert_eq!(l.moves_starting("e0"), s(&["e0f3"]));
    l.play("e0f3");
    assert_eq!(l.at("f3"), "Y");
    insta::assert_snapshot!("sn_gryphon", l.snap());
}

/// rules.md § Promotion: the Stealth Ninja promotion choices (Q R B N G W Y A, never the Insane Ninja).
#[test]
fn stealth_ninja_promotion() {
    let mut l = Line::new("stealth-ninja");
    l.play("a2a5 j9j6 a5a6 j6j5 a6a7 i9i6 a7a8 i6i5 a8b9 h9h6");
    let promos: Vec<String> = l.moves_starting("b9a10");
    assert_eq!(
        promos,
        s(&[
            "b9a10a", "b9a10b", "b9a10g", "b9a10n", "b9a10q", "b9a10r", "b9a10w", "b9a10y"
        ])
    );
    assert_eq!(l.capture("b9a10y"), s(&["ga10"]));
    assert_eq!(l.id_at("a10").as_deref(), Some("stealth-gryphon"));
    insta::assert_snapshot!("sn_promotion", l.snap());
}

/// rules.md § Optional rules Insane Ninja promotion (option on): the Ninja Guard raids h9 and jumps over the
/// bishop on g10 onto the warrior on f11 (a double capture on the rear square), and
/// becomes an Insane Ninja there; the move text has no suffix. It checks the king at once.
#[test]
fn stealth_ninja_insane_ninja_promotion() {
    let mut l = Line::with_options("stealth-ninja", &["insane-ninja-promotion"]);
    l.play("j1h3 a9a8 h3f5 a8a7 f5h7 b9b8 h7i8 b8b7");
    assert_eq!(l.capture("i8h9"), s(&["ph9"]));
    l.play("c9c8");
    assert_eq!(l.moves_starting("h9f11"), s(&["h9f11"]));
    assert_eq!(l.capture("h9f11"), s(&["bg10", "wf11"]));
    assert_eq!(l.id_at("f11").as_deref(), Some("insane-ninja"));
    assert!(l.pos.is_check());
    insta::assert_snapshot!("sn_insane_ninja_promotion", l.snap());
    // Without the option the guard stays a guard.
    let mut plain = Line::new("stealth-ninja");
    plain.play("j1h3 a9a8 h3f5 a8a7 f5h7 b9b8 h7i8 b8b7 i8h9 c9c8 h9f11");
    assert_eq!(plain.id_at("f11").as_deref(), Some("ninja-guard"));
}

// ---------------------------------------------------------------------------------------
// Stealth Ninja Chess, alternate start (rooks in the corners)

/// rules.md § Castling with rooks on a1/j1: the king ends on i1 (rook to h1) for White, and on b10 (rook
/// to c10) for Black: four squares toward the a-rook.
#[test]
fn stealth_alternate_start_castling() {
    let mut l = Line::new("stealth-ninja-alternate-start");
    l.play("i1j3 b10c8 g1e3 d9d7 g2g3 c10e8 h1g2 d10b8");
    assert_eq!(
        l.moves_starting("f1"),
        s(&["f1g1", "f1g1j1f1", "f1h1j1g1", "f1i1j1h1"])
    );
    l.play("f1i1j1h1");
    assert_eq!(
        (l.at("i1"), l.at("h1"), l.at("j1")),
        ("K".into(), "R".into(), ".".into())
    );
    insta::assert_snapshot!("sa_white_castled", l.snap());
    l.play("e10d9 a2a3");
    assert_eq!(
        l.moves_starting("f10"),
        s(&[
            "f10b10a10c10",
            "f10c10a10d10",
            "f10d10a10e10",
            "f10e10",
            "f10e10a10f10",
        ])
    );
    l.play("f10b10a10c10");
    assert!(l.fen().contains(" - "), "both sides castled: {}", l.fen());
    insta::assert_snapshot!("sa_black_castled", l.snap());
}

/// rules.md § En passant: a2-a5 passes a3 and a4; the pawn on b5 takes it en passant on a4.
#[test]
fn stealth_alternate_start_en_passant() {
    let mut l = Line::new("stealth-ninja-alternate-start");
    l.play("h2h3 b9b6 h3h4 b6b5 a2a5");
    assert!(l.fen().contains(" a3a4 "), "{}", l.fen());
    assert_eq!(l.moves_starting("b5"), s(&["b5a4", "b5b4"]));
    assert_eq!(l.capture("b5a4"), s(&["Pa5"]));
    insta::assert_snapshot!("sa_en_passant", l.snap());
}

/// rules.md § The Ninja Guard: the Ninja Guard beside the king jumps over its own pawn (g1-e3), then over the
/// black pawn on d4 onto the empty c5, capturing the pawn it jumps.
#[test]
fn stealth_alternate_start_guard_jump_capture() {
    let mut l = Line::new("stealth-ninja-alternate-start");
    l.play("g1e3 d9d6 a2a3 d6d5 a3a4 d5d4");
    assert_eq!(l.capture("e3c5"), s(&["pd4"]));
    insta::assert_snapshot!("sa_guard_jump_capture", l.snap());
}

// ---------------------------------------------------------------------------------------
// Stealth Ninja Chess, alternative setup (Leaping Ninja Guards on the rear squares)

/// rules.md § The Leaping Ninja Guard: the Leaping Ninja Guard leaps (3,1) from e0 to d3, on to e6, and takes the pawn on
/// f9 by a (1,3) leap (replacement only); the king takes it back.
#[test]
fn stealth_alternative_setup_leaping_guard() {
    let mut l = Line::new("stealth-ninja-alternative-setup");
    l.play("e0d3 a9a6 d3e6 a6a5");
    assert_eq!(l.capture("e6f9"), s(&["pf9"]));
    insta::assert_snapshot!("sl_leaping_guard_capture", l.snap());
    assert_eq!(l.capture("f10f9"), s(&["Lf9"]));
    assert!(l.fen().contains(" BI "), "Black's king moved: {}", l.fen());
    insta::assert_snapshot!("sl_king_takes_back", l.snap());
}

/// rules.md § The Ninja Warrior: the Ninja Warrior in the corner jumps over its pawn (a1-a3), steps to a4 and takes
/// two pawns in one jump (a4 over b4 onto c4).
#[test]
fn stealth_alternative_setup_warrior_double_capture() {
    let mut l = Line::new("stealth-ninja-alternative-setup");
    l.play("a1a3 b9b6 a3a4 b6b5 h2h3 c9c6 h3h4 c6c5 g2g3 b5b4 g3g4 c5c4");
    assert_eq!(l.capture("a4c4"), s(&["pb4", "pc4"]));
    insta::assert_snapshot!("sl_warrior_double_capture", l.snap());
}

/// rules.md § Promotion: the alternative setup promotes to Q R B N W L Y A.
#[test]
fn stealth_alternative_setup_promotion() {
    let mut l = Line::new("stealth-ninja-alternative-setup");
    l.play("a2a5 j9j6 a5a6 j6j5 a6a7 i9i6 a7a8 i6i5 a8b9 h9h6");
    assert_eq!(
        l.moves_starting("b9a10"),
        s(&[
            "b9a10a", "b9a10b", "b9a10l", "b9a10n", "b9a10q", "b9a10r", "b9a10w", "b9a10y"
        ])
    );
    assert_eq!(l.capture("b9a10l"), s(&["wa10"]));
    assert_eq!(l.id_at("a10").as_deref(), Some("leaping-ninja-guard"));
    insta::assert_snapshot!("sl_promotion", l.snap());
}

// ---------------------------------------------------------------------------------------
// Stealth Ninja Chess, alternative reinforcements (Super Cannon and Flying Bomber)

/// rules.md § Reserves and drops: the Super Cannon drops on e0; § The Super Cannon it takes the pawn on e4 over its own queen
/// (friendly screen), then the pawn on e9 and the queen on e10 at once (enemy screen).
/// On e10 it attacks the king as a screen (rules.md § Check and legal moves): f10 screens g10, so Black is in check
/// and the warrior takes the cannon.
#[test]
fn stealth_alternative_reinforcements_super_cannon() {
    let mut l = Line::new("stealth-ninja-alternative-reinforcements");
    l.play("e2e4 d9d6 e0e2 d6d5 e2e3");
    assert_eq!(l.capture("d5e4"), s(&["Pe4"]));
    l.play("e3d3 a9a8 C@e0 a8a7");
    assert_eq!(l.reserve(White, "super-cannon"), 0);
    assert_eq!(l.capture("e0e4"), s(&["pe4"]));
    insta::assert_snapshot!("sr_cannon_friendly_screen", l.snap());
    l.play("b9b8");
    assert_eq!(l.capture("e4e10"), s(&["pe9", "qe10"]));
    assert!(l.pos.is_check(), "the king is the cannon's screen for g10");
    assert_eq!(l.moves_starting(""), s(&["e11e10", "e11e9"]));
    insta::assert_snapshot!("sr_cannon_enemy_screen", l.snap());
    assert_eq!(l.capture("e11e10"), s(&["Ce10"]));
}

/// Both sides castle (rules.md § Castling), then the Flying Bomber and the Super Cannon enter on the rear
/// squares (rules.md § Reserves and drops) once the warriors have left them.
#[test]
fn stealth_alternative_reinforcements_castling_and_drops() {
    let mut l = Line::new("stealth-ninja-alternative-reinforcements");
    l.play("h2h3 h9h8 g1h2 g10h9 h1i3 h10i8 f1h1i1g1 f10h10i10g10");
    assert!(l.fen().contains(" - "), "{}", l.fen());
    l.play("e2e4 e9e6 e0e2 e11e9");
    assert_eq!(l.moves_starting("F@"), s(&["F@e0"]));
    l.play("F@e0");
    assert_eq!(l.moves_starting("C@"), s(&["C@e11"]));
    l.play("C@e11");
    assert_eq!((l.at("e0"), l.at("e11")), ("F".into(), "c".into()));
    assert_eq!(l.reserve(White, "flying-bomber"), 0);
    assert_eq!(l.reserve(Black, "super-cannon"), 0);
    insta::assert_snapshot!("sr_castling_and_drops", l.snap());
}

/// rules.md § Promotion: here pawns may become Super Cannons and Flying Bombers.
#[test]
fn stealth_alternative_reinforcements_promotion() {
    let mut l = Line::new("stealth-ninja-alternative-reinforcements");
    l.play("a2a5 j9j6 a5a6 j6j5 a6a7 i9i6 a7a8 i6i5 a8b9 h9h6");
    assert_eq!(
        l.moves_starting("b9a10"),
        s(&[
            "b9a10b", "b9a10c", "b9a10f", "b9a10g", "b9a10n", "b9a10q", "b9a10r", "b9a10w"
        ])
    );
    assert_eq!(l.capture("b9a10c"), s(&["ga10"]));
    insta::assert_snapshot!("sr_promotion", l.snap());
}

// ---------------------------------------------------------------------------------------
// Flying Bombers Grand Chess

/// rules.md § Pawns: the grand ninja pawn takes on d6, runs d6-d8 (two squares in the enemy half), takes
/// on c9 and promotes on d10 by capturing; no en passant anywhere (rules.md § En passant).
#[test]
fn flying_bombers_grand_pawn_run_and_promotion() {
    let mut l = Line::new("flying-bombers-grand");
    l.play("e2e5");
    assert!(l.fen().contains(" - 0 1"), "no en passant: {}", l.fen());
    l.play("d9d6");
    assert_eq!(l.capture("e5d6"), s(&["jd6"]));
    l.play("a9a8");
    assert_eq!(l.moves_starting("d6"), s(&["d6c6", "d6d7", "d6d8", "d6e6"]));
    l.play("d6d8 a8a7");
    assert_eq!(l.capture("d8c9"), s(&["jc9"]));
    l.play("a7a6");
    assert_eq!(
        l.moves_starting("c9"),
        s(&[
            "c9b10b", "c9b10f", "c9b10n", "c9b10q", "c9b10r", "c9b9", "c9d10b", "c9d10f", "c9d10n",
            "c9d10q", "c9d10r", "c9d9",
        ])
    );
    assert_eq!(l.capture("c9d10f"), s(&["bd10"]));
    // The new bomber checks at once: it would jump over the queen on e10 onto the king.
    assert!(l.pos.is_check());
    assert_eq!(l.moves_starting(""), s(&["e10d10"]));
    insta::assert_snapshot!("fb_promotion", l.snap());
}

/// rules.md § The Flying Bomber: the corner bomber slides up to a4, then flies over the pawn on e4 from three squares
/// away and lands on f4; Black drops a ninja pawn with a push (5 in reserve).
#[test]
fn flying_bombers_grand_fly_over_and_drop() {
    let mut l = Line::new("flying-bombers-grand");
    l.play("a2a5 e9e6 a1a4 e6e5 j2j3 e5e4");
    assert_eq!(l.capture("a4f4"), s(&["je4"]));
    assert_eq!(l.reserve(Black, "grand-ninja-pawn"), 5);
    l.play("J@e9e6");
    assert_eq!(l.reserve(Black, "grand-ninja-pawn"), 4);
    insta::assert_snapshot!("fb_fly_over_and_drop", l.snap());
}

/// rules.md § Castling: the four-square castling toward the b-rook (king f1-b1, rook b1-c1).
#[test]
fn flying_bombers_grand_long_castling() {
    let mut l = Line::new("flying-bombers-grand");
    l.play("c1d3 j9j8 c2c4 j8j7 d1c2 i9i8 e2e4 i8i7 e1e3 h9h8");
    assert_eq!(
        l.moves_starting("f1"),
        s(&[
            "f1b1b1c1", "f1c1b1d1", "f1d1b1e1", "f1e1", "f1e1b1f1", "f1e2"
        ])
    );
    l.play("f1b1b1c1");
    assert_eq!((l.at("b1"), l.at("c1")), ("K".into(), "R".into()));
    insta::assert_snapshot!("fb_long_castling", l.snap());
}

// ---------------------------------------------------------------------------------------
// Insane Ninja Chess

/// rules.md § The Insane Ninja: the Insane Ninja jumps diagonally over its pawn, then takes two pawns in one jump.
#[test]
fn insane_ninja_double_capture() {
    let mut l = Line::new("insane-ninja");
    l.play("j1h3 g9g6 a2a3 f9f6 a3a4 g6g5 b2b3 f6f5 b3b4 g5g4");
    assert_eq!(l.capture("h3f5"), s(&["pf5", "pg4"]));
    assert_eq!(l.at("f5"), "I");
    insta::assert_snapshot!("in_double_capture", l.snap());
}

/// rules.md § The Leaping Ninja Guard the Mad Leaping Ninja Guard leaps from the rear square, § Castling castling one square,
/// then the guard's (1,3) leap takes f9 and the king takes back.
#[test]
fn insane_ninja_leaping_guard_and_castling() {
    let mut l = Line::new("insane-ninja");
    l.play("e0d3 a9a6 h2h3 a6a5 g1h2 a5a4 h1i3 a4a3 f1g1i1f1");
    assert_eq!((l.at("g1"), l.at("f1")), ("K".into(), "R".into()));
    insta::assert_snapshot!("in_castled", l.snap());
    l.play("b9b6 d3e6 b6b5");
    assert_eq!(l.capture("e6f9"), s(&["pf9"]));
    assert_eq!(l.capture("f10f9"), s(&["Lf9"]));
    insta::assert_snapshot!("in_leaping_guard_taken", l.snap());
}

/// rules.md § The games (4 ninja pawns) with a drop and push, then a promotion to an Insane Ninja (§ Promotion).
#[test]
fn insane_ninja_drop_and_promotion() {
    let mut l = Line::new("insane-ninja");
    l.play("a2a5 j9j6 a5a6 j6j5 J@a2a4 i9i6 a6a7 i6i5 a7a8 h9h6");
    assert_eq!(l.reserve(White, "ninja-pawn"), 3);
    assert_eq!(l.at("a4"), "J");
    assert_eq!(l.capture("a8b9"), s(&["pb9"]));
    l.play("h6h5");
    assert_eq!(
        l.moves_starting("b9a10"),
        s(&["b9a10b", "b9a10i", "b9a10l", "b9a10n", "b9a10q", "b9a10r"])
    );
    assert_eq!(l.capture("b9a10i"), s(&["ia10"]));
    insta::assert_snapshot!("in_promotion", l.snap());
}

// ---------------------------------------------------------------------------------------
// Pick the Piece Big Chess (the base: empty slots, no reserve)

/// The empty slots: nothing stands on a1/j1, a rook may go there; the four-square castling.
#[test]
fn pick_the_piece_castling() {
    let mut l = Line::new("pick-the-piece");
    assert_eq!(l.moves_starting("b1"), s(&["b1a1"]));
    l.play("c1d3 j9j8 c2c4 j8j7 d1c2 i9i8 e2e4 i8i7 e1e3 h9h8");
    l.play("f1b1b1c1");
    assert_eq!(
        (l.at("a1"), l.at("b1"), l.at("c1")),
        (".".into(), "K".into(), "R".into())
    );
    l.play("b10a10");
    assert!(l.fen().contains(" i "), "Black's b-rook moved: {}", l.fen());
    insta::assert_snapshot!("pp_castling", l.snap());
}

/// rules.md § Promotion: with nothing chosen, pawns promote to Q R B N only; a10 is an empty slot.
#[test]
fn pick_the_piece_promotion() {
    let mut l = Line::new("pick-the-piece");
    l.play("a2a5 j9j6 a5a6 j6j5 a6a7 i9i6 a7a8 i6i5");
    assert_eq!(l.capture("a8b9"), s(&["pb9"]));
    l.play("h9h6");
    assert_eq!(
        l.moves_starting("b9"),
        s(&["b9c10b", "b9c10n", "b9c10q", "b9c10r"])
    );
    assert_eq!(l.capture("b9c10q"), s(&["nc10"]));
    insta::assert_snapshot!("pp_promotion", l.snap());
}

/// rules.md § En passant en passant in Pick the Piece.
#[test]
fn pick_the_piece_en_passant() {
    let mut l = Line::new("pick-the-piece");
    l.play("h2h3 b9b6 h3h4 b6b5 a2a5");
    assert_eq!(l.capture("b5a4"), s(&["Pa5"]));
    insta::assert_snapshot!("pp_en_passant", l.snap());
}

// ---------------------------------------------------------------------------------------
// Air and Trench Warfare

/// rules.md § Reserves and drops: the Super Cannon drops on c1 (the knight's square); § The Super Cannon it takes the pawn on c9
/// (an enemy screen) and the knight on c10 at once; the rook takes it back.
#[test]
fn air_and_trench_cannon_drop_and_double_capture() {
    let mut l = Line::new("air-and-trench-warfare");
    l.play("c1d3 j9j8 c2c5 d9d6");
    assert_eq!(l.capture("c5d6"), s(&["pd6"]));
    l.play("j8j7");
    assert_eq!(l.moves_starting("C@"), s(&["C@c1"]));
    assert_eq!(l.moves_starting("F@"), s(&["F@c1"]));
    l.play("C@c1");
    assert_eq!(l.reserve(White, "super-cannon"), 0);
    l.play("i9i8");
    assert_eq!(l.capture("c1c10"), s(&["nc10", "pc9"]));
    insta::assert_snapshot!("at_cannon_double_capture", l.snap());
    assert_eq!(l.capture("b10c10"), s(&["Cc10"]));
    insta::assert_snapshot!("at_rook_takes_cannon", l.snap());
}

/// rules.md § Castling castling to i1, then the Flying Bomber drops on the emptied g1 (§ Reserves and drops) and a ninja
/// pawn on e2 with a push (rules.md § Reserves and drops).
#[test]
fn air_and_trench_castling_and_drops() {
    let mut l = Line::new("air-and-trench-warfare");
    l.play("h2h3 a9a7 g1h2 a7a6 h1i3 b9b7 f1i1i1h1 b7b6");
    assert_eq!(l.moves_starting("F@"), s(&["F@f1", "F@g1"]));
    l.play("F@g1 c9c7 e2e4 c7c6");
    assert_eq!(l.moves_starting("J@"), s(&["J@e2", "J@e2e3"]));
    l.play("J@e2e3");
    assert_eq!(l.reserve(White, "flying-bomber"), 0);
    assert_eq!(l.reserve(White, "ninja-pawn"), 2);
    assert_eq!(l.reserve(White, "super-cannon"), 1);
    insta::assert_snapshot!("at_castling_and_drops", l.snap());
}

/// rules.md § Promotion for Pick the Piece: Q R B N plus the slot piece (Ninja Guard) and the reserve pieces
/// (Super Cannon, Flying Bomber), never a ninja pawn.
#[test]
fn air_and_trench_promotion() {
    let mut l = Line::new("air-and-trench-warfare");
    l.play("a2a5 j9j6 a5a6 j6j5 a6a7 i9i6 a7a8 i6i5 a8b9 h9h6");
    assert_eq!(
        l.moves_starting("b9a10"),
        s(&[
            "b9a10b", "b9a10c", "b9a10f", "b9a10g", "b9a10n", "b9a10q", "b9a10r"
        ])
    );
    assert_eq!(l.capture("b9a10f"), s(&["ga10"]));
    insta::assert_snapshot!("at_promotion", l.snap());
}

/// rules.md § The Ninja Guard: the slot's Ninja Guard takes two pawns in one jump.
#[test]
fn air_and_trench_guard_double_capture() {
    let mut l = Line::new("air-and-trench-warfare");
    l.play("j1h3 g9g6 a2a3 f9f6 a3a4 g6g5 b2b3 f6f5 b3b4 g5g4");
    assert_eq!(l.capture("h3f5"), s(&["pf5", "pg4"]));
    insta::assert_snapshot!("at_guard_double_capture", l.snap());
}

// ---------------------------------------------------------------------------------------
// The orthodox references

#[test]
fn chess_en_passant_castling_promotion() {
    let mut l = Line::new("chess");
    l.play("e2e4 g8f6 e4e5 d7d5");
    assert_eq!(l.capture("e5d6"), s(&["pd5"]));
    insta::assert_snapshot!("chess_en_passant", l.snap());
    let mut l = Line::new("chess");
    l.play("g1f3 g8f6 g2g3 g7g6 f1g2 f8g7 e1g1h1f1 e8g8h8f8");
    insta::assert_snapshot!("chess_castled", l.snap());
    let mut l = Line::new("chess");
    l.play("a2a4 b7b5 a4b5 a7a6 b5a6 c8b7");
    assert_eq!(l.capture("a6b7"), s(&["bb7"]));
    l.play("e7e6");
    assert_eq!(l.capture("b7a8q"), s(&["ra8"]));
    insta::assert_snapshot!("chess_promotion", l.snap());
}

#[test]
fn capablanca_castling_promotion_en_passant() {
    let mut l = Line::new("capablanca");
    l.play("i1j3 i8j6 h1g3 h8g6 h2h3 h7h6 g1h2 g8h7 f1i1j1h1 f8i8j8h8");
    insta::assert_snapshot!("capablanca_castled", l.snap());
    let mut l = Line::new("capablanca");
    l.play("a2a4 b7b5 a4b5 a7a6 b5a6 e7e6 a6a7 e6e5");
    assert_eq!(l.capture("a7b8c"), s(&["nb8"]));
    assert_eq!(l.id_at("b8").as_deref(), Some("chancellor"));
    insta::assert_snapshot!("capablanca_promotion", l.snap());
    let mut l = Line::new("capablanca");
    l.play("e2e4 i8h6 e4e5 d7d5");
    assert_eq!(l.capture("e5d6"), s(&["pd5"]));
    insta::assert_snapshot!("capablanca_en_passant", l.snap());
}
