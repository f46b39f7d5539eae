//! rules.md § Reserves and drops reserves and drops, § Position strings reserves in the position string, § Move text drop text.

use fairyforge::{Color, EndReason, Outcome, Position, Variant};
use fairyforge_tests::{play, pos};

use crate::util::{drops, has, listing, moves, pick_test, strs};

#[test]
fn r19_ninja_pawn_drops_on_rank_2_with_pushes_white() {
    // a2, e2 and j2 are empty; a black pawn on a4 stops the a-push after one square (a
    // drop never captures).
    let fen = "ff/grnbqkbnrg/1ppppppppp/10/10/10/10/p9/10/1PPP1PPPP1/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1";
    let p = pos("birds-and-ninjas", fen);
    assert_eq!(
        drops(&p),
        strs(&[
            "J@a2", "J@a2a3", "J@e2", "J@e2e3", "J@e2e4", "J@e2e5", "J@j2", "J@j2j3", "J@j2j4",
            "J@j2j5",
        ])
    );
    insta::assert_snapshot!(listing(&p));
    // The drop with its push is one move: the reserve loses one J, the clock resets (rules.md § The end of the game),
    // and a ninja pawn's push leaves no en-passant targets (rules.md § En passant).
    let mut p = pos("birds-and-ninjas", &fen.replace(" 0 1", " 7 1"));
    play(&mut p, &["J@e2e5"]);
    assert_eq!(
        p.fen(),
        "ff/grnbqkbnrg/1ppppppppp/10/10/10/4J5/p9/10/1PPP1PPPP1/GRNBQKBNRG/FF[JJJjjjj] b BIbi - 0 1"
    );
    p.undo();
    assert_eq!(p.fen(), fen.replace(" 0 1", " 7 1"));
}

#[test]
fn r19_r29_black_ninja_pawn_drops_use_upper_case_letters() {
    let fen = "ff/grnbqkbnrg/1ppp1ppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] b BIbi - 0 1";
    let p = pos("birds-and-ninjas", fen);
    assert_eq!(
        drops(&p),
        strs(&[
            "J@a9", "J@a9a6", "J@a9a7", "J@a9a8", "J@e9", "J@e9e6", "J@e9e7", "J@e9e8",
        ])
    );
    assert!(!moves(&p).iter().any(|m| m.starts_with("j@")));
    let mut p = p;
    play(&mut p, &["J@e9e6"]);
    assert_eq!(
        p.fen(),
        "ff/grnbqkbnrg/1ppp1ppppp/10/10/4j5/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjj] w BIbi - 0 2"
    );
}

#[test]
fn r18_no_drop_without_a_reserve_piece() {
    let p = pos(
        "birds-and-ninjas",
        "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/1PPPPPPPPP/GRNBQKBNRG/FF[jjjj] w BIbi - 0 1",
    );
    assert!(drops(&p).is_empty());
    // Four drops, and the fifth is impossible.
    let mut p = pos(
        "birds-and-ninjas",
        "ff/grnbqkbnrg/1ppppppppp/10/10/10/10/10/10/1PPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1",
    );
    play(
        &mut p,
        &[
            "J@a2a5", "J@a9a6", "J@a2a4", "J@a9a7", "J@a2a3", "J@a9a8", "J@a2",
        ],
    );
    assert_eq!(
        p.fen(),
        "ff/grnbqkbnrg/1ppppppppp/j9/j9/j9/J9/J9/J9/JPPPPPPPPP/GRNBQKBNRG/FF[j] b BIbi - 0 4"
    );
    play(&mut p, &["b9b8"]);
    assert!(drops(&p).is_empty());
}

#[test]
fn r20_stealth_gryphons_drop_on_an_empty_own_rear_square_only() {
    // e0 holds a Ninja Warrior, f0 is empty; e2 is empty.
    let fen = "ww/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPP1PPPPP/GRNBQKBNRG/W1[YAJJJJyajjjj] w BIbi - 0 1";
    let p = pos("stealth-ninja", fen);
    assert_eq!(
        drops(&p),
        strs(&["A@f0", "J@e2", "J@e2e3", "J@e2e4", "J@e2e5", "Y@f0"])
    );
    insta::assert_snapshot!("stealth_white", listing(&p));
    // Black: e11 empty; upper-case letters in the move text (rules.md § Move text).
    let fen = "1w/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/WW[YAJJJJyajjjj] b BIbi - 0 1";
    let mut p = pos("stealth-ninja", fen);
    assert_eq!(drops(&p), strs(&["A@e11", "Y@e11"]));
    insta::assert_snapshot!("stealth_black", listing(&p));
    play(&mut p, &["Y@e11"]);
    assert_eq!(
        p.fen(),
        "yw/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/WW[YAJJJJajjjj] w BIbi - 0 2"
    );
    // The same in the alternate start and the alternative setup.
    let p = pos(
        "stealth-ninja-alternate-start",
        "ww/rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR/1W[YAJJJJyajjjj] w AJaj - 0 1",
    );
    assert_eq!(drops(&p), strs(&["A@e0", "Y@e0"]));
    let p = pos(
        "stealth-ninja-alternative-setup",
        "ll/wrnbqkbnrw/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/WRNBQKBNRW/2[YAJJJJyajjjj] w BIbi - 0 1",
    );
    assert_eq!(drops(&p), strs(&["A@e0", "A@f0", "Y@e0", "Y@f0"]));
}

#[test]
fn r20_alternative_reinforcements_drop_super_cannon_and_flying_bomber_on_rear_squares() {
    let fen = "2/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/2[CFJJJJcfjjjj] w BIbi - 0 1";
    let p = pos("stealth-ninja-alternative-reinforcements", fen);
    assert_eq!(drops(&p), strs(&["C@e0", "C@f0", "F@e0", "F@f0"]));
    insta::assert_snapshot!(listing(&p));
    let mut p = p;
    play(&mut p, &["F@f0", "C@e11"]);
    assert_eq!(
        p.fen(),
        "c1/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/1F[CJJJJfjjjj] w BIbi - 0 2"
    );
}

#[test]
fn r28_reserves_are_written_in_table_order_and_read_in_any_order() {
    let start = |g: &str| Position::start(&Variant::builtin(g).unwrap()).fen();
    assert!(start("stealth-ninja").contains("/WW[YAJJJJyajjjj] w "));
    assert!(start("stealth-ninja-alternative-reinforcements").contains("/WW[CFJJJJcfjjjj] w "));
    assert!(start("birds-and-ninjas").contains("/FF[JJJJjjjj] w "));
    assert!(start("insane-ninja").contains("/LL[JJJJjjjj] w "));
    assert!(start("flying-bombers-grand").ends_with("/FRNBQKBNRF[JJJJJjjjjj] w BIbi - 0 1"));
    assert!(start("air-and-trench-warfare").ends_with("/GRNBQKBNRG[CFJJJcfjjj] w BIbi - 0 1"));
    assert!(start("pick-the-piece").ends_with("/1RNBQKBNR1[] w BIbi - 0 1"));
    // Any order in, table order out.
    let p = pos(
        "stealth-ninja-alternative-reinforcements",
        "ww/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/WW[jJfcJjFJjCjJ] w BIbi - 0 1",
    );
    assert_eq!(
        p.fen(),
        "ww/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/WW[CFJJJJcfjjjj] w BIbi - 0 1"
    );
    let p = pos(
        "stealth-ninja",
        "ww/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/WW[jaJyJAJYjjJj] w BIbi - 0 1",
    );
    assert!(p.fen().contains("[YAJJJJyajjjj]"));
    assert_eq!(
        p.reserve(Color::White, p.variant().kind_by_letter('J').unwrap()),
        4
    );
}

#[test]
fn r21_air_and_trench_drops_pieces_on_the_first_rank_and_ninja_pawns_on_the_second() {
    let fen = "grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPP1PPPPP/GRN2KBNRG[CFJJJcfjjj] w - - 0 1";
    let p = pos("air-and-trench-warfare", fen);
    assert_eq!(
        drops(&p),
        strs(&[
            "C@d1", "C@e1", "F@d1", "F@e1", "J@e2", "J@e2e3", "J@e2e4", "J@e2e5",
        ])
    );
    insta::assert_snapshot!("air_and_trench_white", listing(&p));
    let fen = "grn2kbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG[CFJJJcfjjj] b - - 0 1";
    let p = pos("air-and-trench-warfare", fen);
    assert_eq!(drops(&p), strs(&["C@d10", "C@e10", "F@d10", "F@e10"]));
    insta::assert_snapshot!("air_and_trench_black", listing(&p));
}

#[test]
fn r21_a_user_pick_the_piece_game_drops_its_reserve_on_the_first_rank() {
    let v = pick_test();
    let start = Position::start(&v);
    assert_eq!(
        start.fen(),
        "frnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRC[GJJgjj] w BIbi - 0 1"
    );
    let p = Position::from_fen(
        &v,
        "frnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPP1PP/FR1BQKBNRC[GJJgjj] w BIbi - 0 1",
    )
    .unwrap();
    assert_eq!(
        drops(&p),
        strs(&["G@c1", "J@h2", "J@h2h3", "J@h2h4", "J@h2h5"])
    );
}

#[test]
fn r19_drops_in_flying_bombers_grand_and_insane_ninja() {
    // Five grand ninja pawns; drop on rank 2 and push up to 3.
    let mut p = pos(
        "flying-bombers-grand",
        "frnbqkbnrf/jjjjjjjjjj/10/10/10/10/10/10/JJJJ1JJJJJ/FRNBQKBNRF[JJJJJjjjjj] w BIbi - 0 1",
    );
    assert_eq!(drops(&p), strs(&["J@e2", "J@e2e3", "J@e2e4", "J@e2e5"]));
    play(&mut p, &["J@e2e5"]);
    assert_eq!(
        p.fen(),
        "frnbqkbnrf/jjjjjjjjjj/10/10/10/4J5/10/10/JJJJ1JJJJJ/FRNBQKBNRF[JJJJjjjjj] b BIbi - 0 1"
    );
    let p = pos(
        "insane-ninja",
        "ll/irnbqkbnri/pppppppppp/10/10/10/10/10/3P6/PPP1PPPPPP/IRNBQKBNRI/LL[JJJJjjjj] w BIbi - 0 1",
    );
    assert_eq!(drops(&p), strs(&["J@d2"]));
}

#[test]
fn r18_a_drop_may_mate() {
    // Black king j6; white rooks a7 and a5, knight h4. J@i2i5 checks from i5 (protected
    // by the a5 rook) and every flight square is covered.
    let fen = "2/10/10/10/R9/9k/R9/7N2/10/10/5K4/2[J] w - - 0 1";
    let mut p = pos("birds-and-ninjas", fen);
    assert!(has(&p, "J@i2i5"));
    play(&mut p, &["J@i2i5"]);
    assert_eq!(p.fen(), "2/10/10/10/R9/9k/R7J1/7N2/10/10/5K4/2[] b - - 0 1");
    assert!(p.is_check());
    assert!(moves(&p).is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(
        o,
        Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        }
    );
    assert_eq!(o.to_string(), "White wins by checkmate");
    // The shorter pushes only check nothing.
    for t in ["J@i2", "J@i2i3", "J@i2i4"] {
        let mut q = pos("birds-and-ninjas", fen);
        play(&mut q, &[t]);
        assert!(!q.is_check(), "{t}");
    }
}

#[test]
fn r18_a_drop_may_give_check_from_a_rear_square() {
    // Y@f0: diagonal step to g1, then up the g-file to the king on g5 (rules.md § The Stealth Gryphon).
    let mut p = pos(
        "stealth-ninja",
        "2/10/10/10/10/10/6k3/10/10/10/4K5/W1[Y] w - - 0 1",
    );
    play(&mut p, &["Y@f0"]);
    assert!(p.is_check());
}

#[test]
fn r18_a_drop_may_block_a_check() {
    // A black rook on f8 checks the king on f1: the blocking drops are the only drops.
    let p = pos(
        "birds-and-ninjas",
        "2/4k5/10/5r4/10/10/10/10/10/10/5K4/2[J] w - - 0 1",
    );
    assert!(p.is_check());
    assert_eq!(drops(&p), strs(&["J@f2", "J@f2f3", "J@f2f4", "J@f2f5"]));
    insta::assert_snapshot!(listing(&p));
    // Stealth Ninja: the Gryphon's rear squares do not block; only ninja pawns can.
    let p = pos(
        "stealth-ninja",
        "2/4k5/10/5r4/10/10/10/10/10/10/5K4/2[YAJ] w - - 0 1",
    );
    assert_eq!(drops(&p), strs(&["J@f2", "J@f2f3", "J@f2f4", "J@f2f5"]));
}

#[test]
fn r12_r23_a_drop_may_not_give_an_enemy_cannon_its_screen() {
    // A black Super Cannon on f9 and the white king on f1: a piece dropped on the f-file
    // becomes the screen (and an enemy screen dies too), so the king would be captured.
    let p = pos(
        "stealth-ninja-alternative-reinforcements",
        "2/4k5/5c4/10/10/10/10/10/10/10/5K4/2[J] w - - 0 1",
    );
    assert!(!p.is_check());
    let d = drops(&p);
    assert_eq!(d.len(), 36);
    assert!(!d.iter().any(|m| m.starts_with("J@f2")));
    let p = pos(
        "air-and-trench-warfare",
        "4k5/5c4/10/10/10/10/10/10/10/5K4[CJ] w - - 0 1",
    );
    let d = drops(&p);
    assert!(!d.iter().any(|m| m.starts_with("J@f2") || m == "C@f1"));
    assert!(d.contains(&"C@e1".to_string()));
}

#[test]
fn a_drop_written_with_its_check_mark_is_read() {
    // Crazyhouse: the knight dropped on f7 checks the king on h8 (`N@f7+` as a game
    // record writes it); the mark is read as a mark, and a drop with no check reads too.
    let p = pos("crazyhouse", "7k/8/8/8/8/8/8/K7[N] w - - 0 1");
    let m = p.parse_input("N@f7+").unwrap();
    assert_eq!(p.move_text(&m), "N@f7");
    assert_eq!(p.readable_text_marked(&m), "N@f7+");
    assert_eq!(p.move_text(&p.parse_input("N@b2").unwrap()), "N@b2");
    assert_eq!(p.move_text(&p.parse_input("N@g6#").unwrap()), "N@g6");
}
