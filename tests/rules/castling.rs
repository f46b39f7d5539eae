//! rules.md § Castling flexible castling: seven options per side, and every way it is refused.

use fairyforge_tests::{Rng, play, pos};

use crate::FAIRYFORGE;
use crate::util::{castlings, game_with, has, listing, pos_with, strs};

/// Birds and Ninjas with only kings, rooks and the corner Ninja Guards (which may stay
/// on a1/j1 while castling, as the seed page says).
const BN_WHITE: &str = "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1";
const BN_BLACK: &str = "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] b BIbi - 0 1";

/// The seven transpositions of the seed pages, king's move then rook's (rules.md § Move text).
const SEVEN_WHITE: [&str; 7] = [
    "f1b1b1c1", "f1c1b1d1", "f1d1b1e1", "f1e1b1f1", "f1g1i1f1", "f1h1i1g1", "f1i1i1h1",
];
const SEVEN_BLACK: [&str; 7] = [
    "f10b10b10c10",
    "f10c10b10d10",
    "f10d10b10e10",
    "f10e10b10f10",
    "f10g10i10f10",
    "f10h10i10g10",
    "f10i10i10h10",
];

#[test]
fn r22_birds_and_ninjas_all_seven_castlings_white() {
    let p = pos("birds-and-ninjas", BN_WHITE);
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE));
    // rules.md § Counting moves: castling and a plain king step to the same square are different moves.
    assert!(has(&p, "f1e1") && has(&p, "f1g1"));
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r22_birds_and_ninjas_all_seven_castlings_black() {
    let p = pos("birds-and-ninjas", BN_BLACK);
    assert_eq!(castlings(&p), strs(&SEVEN_BLACK));
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r22_castling_moves_king_and_rook_and_drops_both_rights() {
    for (opt, fen) in SEVEN_WHITE.iter().zip([
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GKR5RG/2[] b bi - 1 1",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/G1KR4RG/2[] b bi - 1 1",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/G2KR3RG/2[] b bi - 1 1",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/G3KR2RG/2[] b bi - 1 1",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3RK2G/2[] b bi - 1 1",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR4RK1G/2[] b bi - 1 1",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR5RKG/2[] b bi - 1 1",
    ]) {
        let mut p = pos("birds-and-ninjas", BN_WHITE);
        play(&mut p, &[opt]);
        assert_eq!(p.fen(), fen, "{opt}");
        p.undo();
        assert_eq!(p.fen(), BN_WHITE);
    }
    // Black's 4-square castling: king f10-b10, rook b10-c10.
    let mut p = pos("birds-and-ninjas", BN_BLACK);
    play(&mut p, &["f10b10b10c10"]);
    assert_eq!(
        p.fen(),
        "2/gkr5rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w BI - 1 2"
    );
}

#[test]
fn r22_stealth_alternate_start_castles_with_corner_rooks() {
    // Rooks on a1/j1: the king still ends on files b..i, the rook beside it.
    let fen = "2/r4k3r/10/10/10/10/10/10/10/10/R4K3R/2[] w AJaj - 0 1";
    let p = pos("stealth-ninja-alternate-start", fen);
    let want = [
        "f1b1a1c1", "f1c1a1d1", "f1d1a1e1", "f1e1a1f1", "f1g1j1f1", "f1h1j1g1", "f1i1j1h1",
    ];
    assert_eq!(castlings(&p), strs(&want));
    assert!(
        !castlings(&p)
            .iter()
            .any(|m| m.starts_with("f1a1") || m.starts_with("f1j1"))
    );
    insta::assert_snapshot!("stealth_alternate_start_white", listing(&p));

    let p = pos("stealth-ninja-alternate-start", &fen.replace(" w ", " b "));
    let want = [
        "f10b10a10c10",
        "f10c10a10d10",
        "f10d10a10e10",
        "f10e10a10f10",
        "f10g10j10f10",
        "f10h10j10g10",
        "f10i10j10h10",
    ];
    assert_eq!(castlings(&p), strs(&want));
    insta::assert_snapshot!("stealth_alternate_start_black", listing(&p));

    // In the real start position nothing can castle yet: pieces stand between.
    let p = fairyforge::Position::start(&game_with("stealth-ninja-alternate-start", &[]));
    assert!(p.fen().contains(" w AJaj - 0 1"));
    assert!(castlings(&p).is_empty());
}

#[test]
fn r22_refused_after_the_king_moved() {
    // Rights in the position string: Black's only.
    let p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w bi - 0 1",
    );
    assert!(castlings(&p).is_empty());
    // Moving the king away and back loses both rights for good.
    let mut p = pos(
        "birds-and-ninjas",
        "2/grn2k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1",
    );
    play(&mut p, &["f1e1", "c10d8", "e1f1", "d8c10"]);
    assert_eq!(
        p.fen(),
        "2/grn2k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w bi - 4 3"
    );
    assert!(castlings(&p).is_empty());
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r22_refused_after_the_rook_moved() {
    // Rights in the position string: the b-rook only.
    let p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w Bbi - 0 1",
    );
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE[..4]));
    // The i-rook goes to h1 and back: its right is lost, the b-rook's kept.
    let mut p = pos(
        "birds-and-ninjas",
        "2/grn2k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1",
    );
    play(&mut p, &["i1h1", "c10d8", "h1i1", "d8c10"]);
    assert_eq!(
        p.fen(),
        "2/grn2k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w Bbi - 4 3"
    );
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE[..4]));
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r22_refused_with_a_piece_between_king_and_rook() {
    // A knight on c1: no b-side option at all, even f1e1 whose king path is clear.
    let p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GRN2K2RG/2[] w BIbi - 0 1",
    );
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE[4..]));
    // An enemy piece on h1 blocks the i-side the same way.
    let p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K1nRG/2[] w BIbi - 0 1",
    );
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE[..4]));
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r22_refused_out_of_check() {
    // A black rook on f5 checks the king: no castling, king moves remain.
    let p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/1p6p1/10/10/10/5r4/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1",
    );
    assert!(p.is_check());
    assert!(castlings(&p).is_empty());
    assert!(has(&p, "f1e1") && has(&p, "f1g1"));
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r22_refused_through_or_onto_an_attacked_square_but_the_rook_may_pass_one() {
    // A black rook on h5 attacks h1: f1g1 stays, f1h1 and f1i1 (passing h1) go.
    let p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/1p6p1/10/10/10/7r2/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1",
    );
    let c = castlings(&p);
    assert!(c.contains(&"f1g1i1f1".to_string()));
    assert!(!c.contains(&"f1h1i1g1".to_string()) && !c.contains(&"f1i1i1h1".to_string()));
    assert_eq!(c.len(), 5);
    // A black rook on c5 attacks c1: the king may not pass c1 (f1c1, f1b1), but the rook
    // of f1e1 and f1d1 passes c1 and that is allowed.
    let p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/1p6p1/10/10/10/2r7/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1",
    );
    let c = castlings(&p);
    assert!(c.contains(&"f1e1b1f1".to_string()) && c.contains(&"f1d1b1e1".to_string()));
    assert!(!c.contains(&"f1c1b1d1".to_string()) && !c.contains(&"f1b1b1c1".to_string()));
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r22_the_destination_is_judged_with_the_rook_on_its_new_square() {
    // A Black Stealth Gryphon on e0 reaches b1 only through c1 (one diagonal step to d1,
    // then at least two squares along rank 1). The king of f1b1b1c1 passes e1, d1 and c1,
    // none attacked with the king there and the rest unmoved; on b1 it is shielded by the
    // rook that lands on c1. Tested with the king on b1 and the rook still on b1 instead,
    // the castling would be refused.
    let p = pos(
        "stealth-ninja",
        "2/9k/10/10/10/10/10/10/10/10/1R3K4/y1[] w B - 0 1",
    );
    assert_eq!(
        castlings(&p),
        strs(&["f1b1b1c1", "f1c1b1d1", "f1d1b1e1", "f1e1b1f1"])
    );
    // A Gryphon on g2 reaches d1 through f1 and e1: f1d1b1e1 lands its rook on e1, in
    // between; f1c1b1d1 and f1b1b1c1 pass over d1, attacked once the king has left f1.
    let p = pos(
        "stealth-ninja",
        "2/9k/10/10/10/10/10/10/10/6y3/1R3K4/2[] w B - 0 1",
    );
    assert_eq!(castlings(&p), strs(&["f1d1b1e1", "f1e1b1f1"]));
    // The same shield for Black, mirrored: a White Gryphon on e11 and on g9.
    let p = pos(
        "stealth-ninja",
        "Y1/1r3k4/10/10/10/10/10/10/10/10/9K/2[] b b - 0 1",
    );
    assert_eq!(
        castlings(&p),
        strs(&[
            "f10b10b10c10",
            "f10c10b10d10",
            "f10d10b10e10",
            "f10e10b10f10"
        ])
    );
    let p = pos(
        "stealth-ninja",
        "2/1r3k4/6Y3/10/10/10/10/10/10/10/9K/2[] b b - 0 1",
    );
    assert_eq!(castlings(&p), strs(&["f10d10b10e10", "f10e10b10f10"]));
}

#[test]
fn r22_r23_refused_through_a_square_attacked_only_as_a_jumped_over_square() {
    // A black Flying Bomber on e2, a white Ninja Warrior on e0. A king on e1 would be
    // captured only as the jumped-over piece of the bomber's e2-e0 jump (landing on the
    // warrior); the fly-over needs an empty e0 and the bomber never captures by landing
    // on an adjacent square (rules.md § The Flying Bomber). So e1 is attacked (§ Check and legal moves): no b-side castling, no f1e1.
    let fen = "2/4k5/10/10/10/10/10/10/10/4f5/1R3K2R1/W1[] w BI - 0 1";
    let p = pos("stealth-ninja-alternative-reinforcements", fen);
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE[4..]));
    assert!(!has(&p, "f1e1"));
    insta::assert_snapshot!(listing(&p));
    // Without the warrior on e0 the bomber's e2-e0 jump is still possible (onto an empty
    // square), so the b-side stays refused.
    let p = pos(
        "birds-and-ninjas",
        "2/4k5/10/10/10/10/10/10/10/4f5/1R3K2R1/2[] w BI - 0 1",
    );
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE[4..]));
    // A black Ninja Guard on d2 attacks e1 by its step and by its jump to f0 over e1.
    let p = pos(
        "birds-and-ninjas",
        "2/4k5/10/10/10/10/10/10/10/3g6/1R3K2R1/2[] w BI - 0 1",
    );
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE[4..]));
}

#[test]
fn r22_r23_refused_through_a_square_attacked_only_as_a_cannon_screen() {
    // A black Super Cannon on e5 and a white Ninja Warrior on e0: a king on e1 would be
    // the enemy screen the cannon destroys when it captures e0 (rules.md § The Super Cannon).
    let fen = "2/4k5/10/10/10/10/4c5/10/10/10/1R3K2R1/W1[] w BI - 0 1";
    let p = pos("stealth-ninja-alternative-reinforcements", fen);
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE[4..]));
    assert!(!has(&p, "f1e1"));
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r22_rook_right_lost_when_its_home_square_is_captured_on() {
    // (why, game, position, Black's move, the position after it).
    let cases = [
        (
            "a black bishop takes the rook on i1",
            "birds-and-ninjas",
            "2/4k5/10/10/10/10/4b5/10/10/10/1R3K2R1/2[] b BI - 0 1",
            "e5i1",
            "2/4k5/10/10/10/10/10/10/10/10/1R3K2b1/2[] w B - 0 2",
        ),
        (
            "a black Flying Bomber jumps c1-a1 over the rook on b1 (a jumped-over capture)",
            "birds-and-ninjas",
            "2/4k5/10/10/10/10/10/10/10/10/GRf2KN1R1/2[] b BI - 0 1",
            "c1a1",
            "2/4k5/10/10/10/10/10/10/10/10/f4KN1R1/2[] w I - 0 2",
        ),
        (
            "a black Ninja Warrior does the same (rules.md § The Ninja Warrior)",
            "stealth-ninja",
            "2/4k5/10/10/10/10/10/10/10/10/1Rw2KN1R1/2[] b BI - 0 1",
            "c1a1",
            "2/4k5/10/10/10/10/10/10/10/10/w4KN1R1/2[] w I - 0 2",
        ),
        (
            "a black Super Cannon takes a1 over the rook on b1, which as an enemy screen dies \
             too (rules.md § The Super Cannon): the b-right goes",
            "stealth-ninja-alternative-reinforcements",
            "2/4k5/10/10/10/10/10/10/10/10/GRcnnKN1R1/2[] b BI - 0 1",
            "c1a1",
            "2/4k5/10/10/10/10/10/10/10/10/c2nnKN1R1/2[] w I - 0 2",
        ),
    ];
    for (why, game, fen, m, after) in cases {
        let mut p = pos(game, fen);
        assert!(has(&p, m), "{why}");
        play(&mut p, &[m]);
        assert_eq!(p.fen(), after, "{why}");
    }
}

#[test]
fn r22_black_refusals_mirror_white() {
    // A white rook on h5 attacks h10: Black keeps 5 options.
    let p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/1p6p1/10/10/10/10/7R2/10/1P6P1/GR3K2RG/2[] b BIbi - 0 1",
    );
    let c = castlings(&p);
    assert_eq!(c.len(), 5);
    assert!(!c.contains(&"f10h10i10g10".to_string()));
    // A white Flying Bomber on e9 over e10 onto a black piece on e11.
    let p = pos(
        "birds-and-ninjas",
        "f1/1r3k2r1/4F5/10/10/10/10/10/10/10/4K5/2[] b bi - 0 1",
    );
    assert_eq!(castlings(&p), strs(&SEVEN_BLACK[4..]));
}

#[test]
fn r22_options_in_the_seed_start_positions_need_room() {
    // Every built-in game with flexible castling starts with pieces between: none yet.
    for g in [
        "birds-and-ninjas",
        "stealth-ninja",
        "stealth-ninja-alternative-setup",
        "stealth-ninja-alternative-reinforcements",
        "flying-bombers-grand",
        "insane-ninja",
        "pick-the-piece",
        "air-and-trench-warfare",
    ] {
        let p = fairyforge::Position::start(&game_with(g, &[]));
        assert!(p.fen().contains(" w BIbi - 0 1"), "{g}");
        assert!(castlings(&p).is_empty(), "{g}");
    }
    // Flying Bombers Grand with the way cleared: all seven.
    let p = pos(
        "flying-bombers-grand",
        "fr3k2rf/1j6j1/10/10/10/10/10/10/1J6J1/FR3K2RF[] w BIbi - 0 1",
    );
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE));
    let p = pos_with(
        "insane-ninja",
        &[],
        "2/ir3k2ri/1p6p1/10/10/10/10/10/10/1P6P1/IR3K2RI/2[] w BIbi - 0 1",
    );
    assert_eq!(castlings(&p), strs(&SEVEN_WHITE));
}

/// The position string of `p` with some squares changed (`None` empties a square), the
/// side to move `side`, no castling rights and no en-passant targets.
fn edited(
    p: &fairyforge::Position,
    changes: &[(fairyforge::Square, Option<char>)],
    side: char,
) -> String {
    let v = p.variant();
    let g = v.geometry();
    let mut ranks = Vec::new();
    for r in g.rank_range().rev() {
        let mut s = String::new();
        let mut empty = 0;
        for sq in g.rank_squares(r) {
            let c = match changes.iter().find(|(s, _)| *s == sq) {
                Some((_, c)) => *c,
                None => p.piece_at(sq).map(|(k, c)| {
                    let l = v.piece(k).letter();
                    if c == fairyforge::Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                }),
            };
            match c {
                Some(ch) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(ch);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if !s.is_empty() {
            ranks.push(s);
        }
    }
    let fen = p.fen();
    let board = fen.split(' ').next().unwrap();
    let reserves = board.find('[').map(|i| &board[i..]).unwrap_or("");
    format!("{}{reserves} {side} - - 0 1", ranks.join("/"))
}

/// rules.md § Castling computed from the ruling's words with the slow attack test (§ Check and legal moves): every option
/// of the side to move, for the ninja games (rights are rook files; king-to files b..i).
/// Long on purpose: the ruling read straight through, as the oracle the move generator is
/// compared with, so that it reads like the rule and shares no step with the engine.
fn reference_castlings(p: &fairyforge::Position) -> Vec<String> {
    use fairyforge::{Color, Position};
    let v = p.variant().clone();
    let g = v.geometry();
    let us = p.side_to_move();
    let (side, them) = if us == Color::White {
        ('w', Color::Black)
    } else {
        ('b', Color::White)
    };
    let fen = p.fen();
    let rights = fen.split(' ').nth(2).unwrap().to_string();
    let home_rank = if us == Color::White {
        1
    } else {
        g.ranks() as i32
    };
    let Some(home) = g.square(5, home_rank) else {
        return vec![];
    };
    if p.king_square(us) != Some(home) || p.is_check() {
        return vec![];
    }
    let king = if us == Color::White { 'K' } else { 'k' };
    let attacked_with = |changes: &[(fairyforge::Square, Option<char>)], at| {
        let f = edited(p, changes, side);
        let q = Position::from_fen(&v, &f).unwrap_or_else(|e| panic!("{}", e.render(&f)));
        q.is_attacked_slow(at, them)
    };
    let mut out = Vec::new();
    for ch in rights.chars().filter(|c| c.is_ascii_alphabetic()) {
        if ch.is_ascii_uppercase() != (us == Color::White) {
            continue;
        }
        let rf = (ch.to_ascii_lowercase() as u8 - b'a') as i32;
        let rook_home = g.square(rf, home_rank).unwrap();
        let rook = p
            .piece_at(rook_home)
            .map(|(k, _)| v.piece(k).letter())
            .unwrap();
        let rook = if us == Color::White {
            rook
        } else {
            rook.to_ascii_lowercase()
        };
        let dir = if rf > 5 { 1 } else { -1 };
        let clear = g
            .between(home, rook_home)
            .iter()
            .all(|s| p.piece_at(*s).is_none());
        if !clear {
            continue;
        }
        'target: for tf in 1..=8 {
            let steps = (tf - 5) * dir;
            if steps < 1 || steps > (rf - 5) * dir {
                continue;
            }
            let t = g.square(tf, home_rank).unwrap();
            // The squares passed over, strictly before the destination, with the king
            // placed there and everything else unmoved.
            for s in 1..steps {
                let x = g.square(5 + s * dir, home_rank).unwrap();
                if attacked_with(&[(x, Some(king)), (home, None)], x) {
                    continue 'target;
                }
            }
            let rook_to = g.square(tf - dir, home_rank).unwrap();
            // Placements first: the king may land on the rook's home, the rook on the king's.
            let after = [
                (t, Some(king)),
                (rook_to, Some(rook)),
                (home, None),
                (rook_home, None),
            ];
            if attacked_with(&after, t) {
                continue;
            }
            out.push(format!(
                "{}{}{}{}",
                g.name(home),
                g.name(t),
                g.name(rook_home),
                g.name(rook_to)
            ));
        }
    }
    out.sort();
    out
}

#[test]
fn r22_r23_castling_matches_the_ruling_in_random_games() {
    // Random games steered toward clearing the back rank and toward castling; at every
    // position with rights, the engine's castlings equal the reference's.
    let games = [
        "birds-and-ninjas",
        "stealth-ninja",
        "stealth-ninja-alternate-start",
        "stealth-ninja-alternative-setup",
        "stealth-ninja-alternative-reinforcements",
        "flying-bombers-grand",
        "insane-ninja",
        "pick-the-piece",
        "air-and-trench-warfare",
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut checked, mut seen) = (0, 0);
    for g in games {
        let v = game_with(g, &[]);
        for _ in 0..40 {
            let mut p = fairyforge::Position::start(&v);
            for _ in 0..70 {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                if p.fen().split(' ').nth(2) != Some("-") {
                    let want = reference_castlings(&p);
                    assert_eq!(castlings(&p), want, "{g}: {}", p.fen());
                    checked += 1;
                    seen += want.len();
                }
                let castles: Vec<_> = legal.iter().filter(|m| m.is_castle()).collect();
                let m = if !castles.is_empty() && rng.one_in(4) {
                    **rng.pick(&castles)
                } else {
                    *rng.pick(&legal)
                };
                p.play_unchecked(&m);
            }
        }
    }
    assert!(
        checked > 1000 && seen > 200,
        "{checked} positions, {seen} castlings"
    );
}

/// A refused castling text, for both sides (one- and two-digit ranks): the reason as the
/// move-text reader and player input give it.
fn refusals(fen: &str, text: &str) -> (String, String) {
    let p = pos("birds-and-ninjas", fen);
    let read = p.parse_move(text).unwrap_err().to_string();
    let typed = p.parse_input(text).unwrap_err().to_string();
    (read, typed)
}

#[test]
fn r22_r29_a_refused_castling_text_says_which_rule_it_breaks() {
    // (White's position, White's castling, the reason). Black's are the mirror images.
    let cases = [
        (
            "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] w Ibi - 0 1",
            "f1b1b1c1",
            "White may no longer castle with the rook on b1 (the king or that rook has moved, \
             or the rook was taken)",
        ),
        (
            "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GRN2K2RG/2[] w BIbi - 0 1",
            "f1b1b1c1",
            "c1, between the king and the rook, is not empty",
        ),
        (
            "2/gr3k2rg/1p6p1/10/10/10/5r4/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1",
            "f1h1i1g1",
            "White's king is in check, and may not castle out of it",
        ),
        (
            "2/gr3k2rg/1p6p1/10/10/10/2r7/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1",
            "f1b1b1c1",
            "the king would pass over c1, which is attacked",
        ),
        (
            "2/gr3k2rg/1p6p1/10/10/10/2r7/10/10/1P6P1/GR3K2RG/2[] w BIbi - 0 1",
            "f1c1b1d1",
            "the king would be attacked on c1",
        ),
    ];
    for (fen, text, why) in cases {
        let (read, typed) = refusals(fen, text);
        assert_eq!(
            read,
            format!("`{text}` is not a legal move in this position: {why}")
        );
        assert_eq!(typed, format!("illegal: cannot castle {text}: {why}"));
        // Black, mirrored: two-digit ranks.
        let black = mirror(fen);
        let btext = mirror_move(text);
        let bwhy = why
            .replace("White", "Black")
            .replace("b1", "b10")
            .replace("c1", "c10");
        let (read, typed) = refusals(&black, &btext);
        assert_eq!(
            read,
            format!("`{btext}` is not a legal move in this position: {bwhy}")
        );
        assert_eq!(typed, format!("illegal: cannot castle {btext}: {bwhy}"));
    }
    // The case: Black types f10b10b10c10 with a knight on c10.
    let (_, typed) = refusals(
        "2/grn2k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] b BIbi - 0 1",
        "f10b10b10c10",
    );
    assert_eq!(
        typed,
        "illegal: cannot castle f10b10b10c10: c10, between the king and the rook, is not empty"
    );
    // Four squares that are no castling, or start on a square that is not the mover's.
    let fen = "2/gr3k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] b BIbi - 0 1";
    let (read, typed) = refusals(fen, "f10a10b10c10");
    assert_eq!(read, "`f10a10b10c10` is not a legal move in this position");
    assert_eq!(
        typed,
        "illegal: `f10a10b10c10` is no castling of this game: castling is the king's move then \
         the rook's (type `moves` to list the legal moves)"
    );
    assert_eq!(refusals(fen, "f1b1b1c1").1, "the piece on f1 is not yours");
    assert_eq!(refusals(fen, "e5e6e7e8").1, "there is no piece on e5");
    // Legal castlings are still read, with or without separators.
    let p = pos("birds-and-ninjas", fen);
    assert_eq!(
        p.move_text(&p.parse_input("f10-b10 b10-c10").unwrap()),
        "f10b10b10c10"
    );
    assert_eq!(
        p.move_text(&p.parse_move("f10b10b10c10").unwrap()),
        "f10b10b10c10"
    );
}

/// The position string of Birds and Ninjas with Black and White exchanged (the board
/// turned over, the colours swapped) for positions without en passant.
fn mirror(fen: &str) -> String {
    let mut f = fen.split(' ');
    let board = f.next().unwrap();
    let (ranks, reserve) = board.split_once('[').unwrap();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let ranks: Vec<String> = ranks.split('/').rev().map(swap).collect();
    let side = if f.next() == Some("w") { "b" } else { "w" };
    let rights = f.next().unwrap();
    let rights = if rights == "-" {
        "-".into()
    } else {
        swap(rights)
    };
    format!(
        "{}[{} {side} {rights} - 0 1",
        ranks.join("/"),
        swap(reserve)
    )
}

/// A White move text on rank 1 as Black's on rank 10.
fn mirror_move(text: &str) -> String {
    text.replace('1', "10")
}

#[test]
fn r22_r29_a_refused_castling_typed_in_play_or_given_to_moves() {
    let fen = "2/grn2k2rg/1p6p1/10/10/10/10/10/10/1P6P1/GR3K2RG/2[] b BIbi - 0 1";
    let (code, _, err) = FAIRYFORGE.run(&[
        "moves",
        "birds-and-ninjas",
        "--fen",
        fen,
        "--moves",
        "f10b10b10c10",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: move 1 of --moves, `f10b10b10c10` (Black to move): illegal: cannot castle \
         f10b10b10c10: c10, between the king and the rook, is not empty"
    );
    let (code, out, _) = FAIRYFORGE.run_with_stdin(
        &[
            "play",
            "birds-and-ninjas",
            "--fen",
            fen,
            "--white",
            "human",
            "--black",
            "human",
        ],
        "f10b10b10c10\nc10d8\nb2b3\nf10b10b10c10\nquit\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "Black> f10b10b10c10\nillegal: cannot castle f10b10b10c10: c10, between the king \
             and the rook, is not empty\nBlack> c10d8\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "Black> f10b10b10c10\nBlack plays f10b10b10c10 (castling: king to b10, rook to c10)\n"
        ),
        "{out}"
    );
}
