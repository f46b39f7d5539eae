//! rules.md § The end of the game the end of a game: checkmate, stalemate, threefold repetition, 100 plies without a
//! capture, pawn move or drop; rules.md § Optional rules Capture the Scepter. Perft ignores the draw rules.

use fairyforge::{Color, EndReason, Outcome, Position, perft};
use fairyforge_tests::{play, pos};

use crate::util::{moves, pos_with};

fn ended(p: &Position) -> String {
    match p.outcome() {
        Some(o) => format!("{o:?} / {o}"),
        None => "None".to_string(),
    }
}

/// Black king a10; white rooks on a2 (checking) and b3.
const MATE: &str = "2/k9/10/10/10/10/10/10/1R8/R9/5K4/2[] b - - 0 1";
/// Black king a10, white queen c9: no check and no move.
const STALEMATE: &str = "2/k9/2Q7/10/10/10/10/10/10/10/5K4/2[] b - - 0 1";
/// Kings, rooks, Ninja Guards, a white pawn c2, black pawn d3 and rook e3, a white bomber
/// e0, reserves, and 99 plies without a capture, pawn move or drop.
const CLOCK: &str = "2/gr3k2rg/10/10/10/10/10/10/3pr5/2P7/GR3K2RG/F1[JJJJjjjj] w BIbi - 99 60";

#[test]
fn r24_checkmate_is_a_loss() {
    let p = pos("birds-and-ninjas", MATE);
    assert!(p.is_check());
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        })
    );
    // With a ninja pawn in reserve Black blocks the a-file (rules.md § Reserves and drops): the drops on a9, pushed
    // or not, are the only moves.
    let p = pos("birds-and-ninjas", &MATE.replace("[]", "[j]"));
    assert_eq!(
        moves(&p),
        crate::util::strs(&["J@a9", "J@a9a6", "J@a9a7", "J@a9a8"])
    );
    assert!(p.outcome().is_none());
}

#[test]
fn r24_stalemate_is_a_draw_and_a_reserve_can_prevent_it() {
    let p = pos("birds-and-ninjas", STALEMATE);
    assert!(!p.is_check());
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
    // A ninja pawn in reserve is a move (a drop on rank 9 and pushes): no stalemate.
    let p = pos("birds-and-ninjas", &STALEMATE.replace("[]", "[j]"));
    assert!(p.outcome().is_none());
    // Nine empty squares on rank 9, each without a push or pushed 1-3 squares.
    assert_eq!(moves(&p).len(), 9 * 4);
}

#[test]
fn r24_threefold_repetition() {
    let mut p = Position::start(&fairyforge_tests::game("birds-and-ninjas"));
    let cycle = ["c1b3", "c10b8", "b3c1", "b8c10"];
    play(&mut p, &cycle);
    assert_eq!(p.repetitions(), 2);
    assert!(p.outcome().is_none());
    play(&mut p, &cycle[..3]);
    assert!(p.outcome().is_none());
    play(&mut p, &cycle[3..]);
    assert_eq!(p.repetitions(), 3);
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Repetition
        })
    );
    // Perft ignores the draw rules: the repeated position counts its moves as the start does.
    let mut fresh = Position::start(&fairyforge_tests::game("birds-and-ninjas"));
    assert_eq!(perft(&mut p, 2), perft(&mut fresh, 2));
}

#[test]
fn r24_repetition_needs_the_same_rights_too() {
    // The rooks go out and back: the board repeats, but the rights are gone, so the
    // positions after the first return are new ones.
    let mut p = pos(
        "birds-and-ninjas",
        "2/gr3k2rg/10/10/10/10/10/10/10/10/GR3K2RG/2[] w BIbi - 0 1",
    );
    let cycle = ["i1h1", "i10h10", "h1i1", "h10i10"];
    play(&mut p, &cycle);
    play(&mut p, &cycle);
    assert_eq!(p.repetitions(), 2);
    assert!(p.outcome().is_none());
    play(&mut p, &cycle);
    assert_eq!(p.outcome().unwrap().reason, EndReason::Repetition);
}

#[test]
fn r24_hundred_plies_without_capture_pawn_move_or_drop() {
    // A quiet piece move makes the 100th ply: a draw.
    let mut p = pos("birds-and-ninjas", CLOCK);
    assert!(p.outcome().is_none());
    play(&mut p, &["i1i2"]);
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::HundredPlies
        })
    );
    // Castling does not reset the count.
    let mut p = pos("birds-and-ninjas", CLOCK);
    play(&mut p, &["f1h1i1g1"]);
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(p.outcome().unwrap().reason, EndReason::HundredPlies);
    // A drop, a pawn move, a capture, and a fly-over capture (landing on an empty square)
    // reset it.
    for m in ["J@a2", "J@a2a5", "c2c3", "c2d3", "e0e4"] {
        let mut p = pos("birds-and-ninjas", CLOCK);
        play(&mut p, &[m]);
        assert_eq!(p.halfmove_clock(), 0, "{m}");
        assert!(p.outcome().is_none(), "{m}");
    }
    let mut p = pos("birds-and-ninjas", CLOCK);
    play(&mut p, &["e0e4"]);
    assert_eq!(
        p.fen(),
        "2/gr3k2rg/10/10/10/10/10/4F5/3p6/2P7/GR3K2RG/2[JJJJjjjj] b BIbi - 0 60"
    );
    // A position string already at 100 is a finished game.
    let p = pos("birds-and-ninjas", &CLOCK.replace(" 99 60", " 100 60"));
    assert_eq!(p.outcome().unwrap().reason, EndReason::HundredPlies);
    // Perft ignores the rule: the same counts as with a fresh clock.
    let mut a = pos("birds-and-ninjas", CLOCK);
    let mut b = pos("birds-and-ninjas", &CLOCK.replace(" 99 60", " 0 60"));
    assert_eq!(perft(&mut a, 3), perft(&mut b, 3));
}

#[test]
fn r24_checkmate_on_the_hundredth_ply_is_checkmate() {
    // Interpretation: as in chess, a mate ends the game before the count is looked at.
    let mut p = pos(
        "birds-and-ninjas",
        "2/k9/10/10/10/10/10/10/1R8/9R/5K4/2[] w - - 99 80",
    );
    play(&mut p, &["j2a2"]);
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(p.outcome().unwrap().reason, EndReason::Checkmate);
}

#[test]
fn r24_r25_every_end_with_its_reason() {
    let mut out = Vec::new();
    out.push(format!(
        "checkmate: {}",
        ended(&pos("birds-and-ninjas", MATE))
    ));
    out.push(format!(
        "stalemate: {}",
        ended(&pos("birds-and-ninjas", STALEMATE))
    ));
    let mut p = Position::start(&fairyforge_tests::game("birds-and-ninjas"));
    play(
        &mut p,
        &[
            "c1b3", "c10b8", "b3c1", "b8c10", "c1b3", "c10b8", "b3c1", "b8c10",
        ],
    );
    out.push(format!("repetition: {}", ended(&p)));
    let mut p = pos("birds-and-ninjas", CLOCK);
    play(&mut p, &["f1h1i1g1"]);
    out.push(format!("100 plies: {}", ended(&p)));
    let k = "2/4K5/10/10/10/10/10/10/10/10/k9/2[] w - - 0 1";
    for g in ["birds-and-ninjas", "insane-ninja", "stealth-ninja"] {
        let mut p = pos_with(g, &["capture-the-scepter"], k);
        play(&mut p, &["e10f11"]);
        out.push(format!("scepter {g}: {}", ended(&p)));
    }
    out.push(format!(
        "start: {}",
        ended(&Position::start(&fairyforge_tests::game(
            "birds-and-ninjas"
        )))
    ));
    insta::assert_snapshot!(out.join("\n"));
}

/// Misère chess (docs/format.md § The end of the game, `checkmate = "win"`): the side
/// that is checkmated wins, as Fairy-Stockfish's `misere` (pyffish 0.0.90 gives the mated
/// side +32000); stalemate and repetition stay draws.
#[test]
fn misere_the_checkmated_side_wins() {
    let mut p = Position::start(&fairyforge_tests::game("misere"));
    play(&mut p, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(p.checkmate_winner(), Some(Color::White));
    let p = pos("misere", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
    // In chess the same mate loses.
    let mut p = Position::start(&fairyforge_tests::game("chess"));
    play(&mut p, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(p.outcome().unwrap().winner, Some(Color::Black));
}

/// Armageddon (`draw-odds = "black"`): every end that would be a draw is Black's win,
/// whoever is to move, as Fairy-Stockfish's `armageddon` (its material counting
/// `blackdrawodds`); a checkmate is still a checkmate.
#[test]
fn armageddon_black_wins_every_draw() {
    let black = |reason| {
        Some(Outcome {
            winner: Some(Color::Black),
            reason,
        })
    };
    // Black stalemated, and White stalemated.
    let p = pos("armageddon", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.outcome(), black(EndReason::Stalemate));
    let p = pos("armageddon", "8/8/8/8/8/6k1/5q2/7K w - - 0 1");
    assert_eq!(p.outcome(), black(EndReason::Stalemate));
    assert_eq!(p.stalemate_winner(), Some(Color::Black));
    // Threefold repetition.
    let mut p = Position::start(&fairyforge_tests::game("armageddon"));
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play(&mut p, &cycle);
    play(&mut p, &cycle);
    assert_eq!(p.outcome(), black(EndReason::Repetition));
    // The hundredth ply without a capture or a pawn move.
    let mut p = pos("armageddon", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut p, &["a1a2"]);
    assert_eq!(p.outcome(), black(EndReason::HundredPlies));
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "Black wins by 100 plies without a capture, pawn move or drop"
    );
    // White's checkmate wins for White.
    let p = pos("armageddon", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        })
    );
}
