//! The computer opponent (issue 6): mates it must find, found by an independent brute-force
//! solver as well, and self-play of every built-in game without an illegal move.
//!
//! Positions are position string (rules.md § Position strings)s of Birds and Ninjas: ranks 11 down to 0, the rear ranks 11
//! and 0 listing only their squares e and f (rules.md § The board), the reserves in brackets.

use fairyforge::search::{Limits, Score, Searcher, Settings};
use fairyforge::{Position, builtin};
use fairyforge_tests::{game, pos};

/// Is the side to move checkmated (no legal move, in check: rules.md § The end of the game)?
fn checkmated(p: &Position) -> bool {
    p.is_check() && p.legal_moves().is_empty()
}

/// Can the side to move force checkmate within `n` of its moves (brute force)?
fn mates_within(p: &mut Position, n: u32) -> bool {
    !first_moves_mating_within(p, n).is_empty()
}

/// The moves (move text (rules.md § Move text), sorted) after which the side to move mates within `n` moves
/// whatever the defence.
fn first_moves_mating_within(p: &mut Position, n: u32) -> Vec<String> {
    let mut out = Vec::new();
    for m in p.legal_moves() {
        p.play_unchecked(&m);
        let replies = p.legal_moves();
        let wins = if replies.is_empty() {
            p.is_check()
        } else {
            n > 1
                && replies.iter().all(|r| {
                    p.play_unchecked(r);
                    let w = mates_within(p, n - 1);
                    p.undo();
                    w
                })
        };
        p.undo();
        if wins {
            out.push(p.move_text(&m));
        }
    }
    out.sort();
    out
}

/// Checks a composed mate: the brute-force solver finds exactly `mating_move` as the only
/// way to mate in `n` (and no faster mate), and the engine at a fixed depth plays it with
/// the score `Mate(n)`.
fn check_mate_in(fen: &str, n: u32, depth: u32, mating_move: &str) {
    let mut p = pos("birds-and-ninjas", fen);
    if n > 1 {
        assert!(!mates_within(&mut p, n - 1), "{fen}: a faster mate exists");
    }
    assert_eq!(
        first_moves_mating_within(&mut p, n),
        vec![mating_move.to_string()],
        "{fen}"
    );
    let before = p.clone();
    let mut seen = Vec::new();
    let r = Searcher::new(4)
        .search(&mut p, Limits::depth(depth), |r| seen.push(r.depth))
        .expect("a legal move exists");
    assert!(p == before, "the search changed the position");
    assert_eq!(p.move_text(&r.best()), mating_move, "{fen}");
    assert_eq!(r.score, Score::Mate(n as i32), "{fen}");
    assert_eq!(
        seen,
        (1..=r.depth).collect::<Vec<_>>(),
        "one report per depth"
    );
    // The principal variation is a legal line ending in checkmate.
    let mut q = p.clone();
    for m in &r.pv {
        assert!(q.legal_moves().contains(m), "{fen}: pv {:?}", r.pv);
        q.play_unchecked(m);
    }
    assert_eq!(r.pv.len() as u32, 2 * n - 1, "{fen}: pv {:?}", r.pv);
    assert!(checkmated(&q), "{fen}: the pv does not end in mate");
}

/// A Flying Bomber's two-square jump (rules.md § The Flying Bomber) capturing the knight on h9 and the rook on h10
/// lands on h10, from where it attacks j10 by jumping over i10: the jump cannot be
/// blocked, i10 is attacked the same way, i9 and j9 hold Black's own pawns and nothing
/// Black has reaches h10.
#[test]
fn mate_in_one_by_a_flying_bomber_double_capture() {
    check_mate_in(
        "2/7r1k/7npp/7F2/10/10/10/10/10/10/K9/2[] w - - 0 1",
        1,
        3,
        "h8h10",
    );
}

/// The Ninja Guard on g7 is pinned against its king on a1 by the bishop on h8; its jump
/// (rules.md § The Ninja Guard) captures the bishop and the pawn on i9 at once and lands next to the king on j10,
/// protected by the rook on i1. i10 and j9 hold Black's own knight and pawn; the knight
/// reaches h8, g9 and j8, not i9.
#[test]
fn mate_in_one_by_a_ninja_guard_double_capture() {
    check_mate_in(
        "2/8nk/8pp/7b2/6G3/10/10/10/10/10/K7R1/2[] w - - 0 1",
        1,
        3,
        "g7i9",
    );
}

/// A ninja pawn dropped on b2 and pushed to b5 (rules.md § Reserves and drops) attacks a6 diagonally forward (§ Pawns):
/// the bishop on a4 protects it, the knight on c4 covers a5 and b6, Black's pawns stand on
/// a7 and b7, and a pawn's contact check cannot be blocked (Black's drops do not help).
#[test]
fn mate_in_one_by_a_ninja_pawn_drop_with_push() {
    check_mate_in(
        "2/10/10/10/pp8/k9/10/B1N7/10/10/9K/2[JJJJjjjj] w - - 0 1",
        1,
        3,
        "J@b2b5",
    );
}

/// The knight's check e5-c4 leaves the king on b6 only a6: the knight covers a5, the
/// bishop on a4 covers b5, the rook on c10 covers c5, c6 and c7, Black's pawns stand on
/// a7 and b7, and nothing takes the knight. Then the drop J@b2b5 mates as above.
#[test]
fn mate_in_two_ending_with_a_drop() {
    check_mate_in(
        "2/2R7/10/10/pp8/1k8/4N5/B9/10/10/9K/2[JJJJjjjj] w - - 0 1",
        2,
        4,
        "e5c4",
    );
}

/// The Flying Bomber's check h5-j5 leaves Black's king on j7 one move, to j8; then the
/// Ninja Guard's jump (rules.md § The Ninja Guard) takes the bishop on h8 and the pawn on i9 at once and mates.
/// The solver finds no other first move that mates in two, and after j8 the double capture
/// is White's only mate.
#[test]
fn mate_in_two_ending_with_a_double_capture() {
    check_mate_in(
        "2/8n1/8pp/7b2/6G2k/10/7F2/10/10/10/K7R1/2[] w - - 0 1",
        2,
        4,
        "h5j5",
    );
}

/// The knight's check e5-d7 drives the king from b6 to b7, the bishop's check a4-c6 on to
/// a6, and a ninja pawn dropped on b2 and pushed to b5 (rules.md § Reserves and drops) mates. The solver finds no
/// mate in two and no other first move that mates in three. The hand-set evaluation's line
/// ends with the drop (which of Black's losing defences the line follows, and so how White
/// mates, is the evaluation's choice).
#[test]
fn mate_in_three_ending_with_a_drop() {
    let fen = "2/2R7/10/10/p9/1k8/p3N5/B9/10/10/9K/2[JJJJjjjj] w - - 0 1";
    check_mate_in(fen, 3, 6, "e5d7");
    let mut p = pos("birds-and-ninjas", fen);
    let hand_set = Settings::parse("nnue=off").unwrap();
    let r = Searcher::with_settings(hand_set, 4)
        .search(&mut p, Limits::depth(6), |_| {})
        .unwrap();
    assert!(r.pv.last().is_some_and(|m| m.is_drop()), "{:?}", r.pv);
}

/// The computer plays both sides of every built-in game: each move it chooses is legal,
/// the hash stays consistent and the search leaves the position as it found it.
#[test]
fn self_play_of_every_built_in_game() {
    let limits = Limits {
        depth: Some(4),
        nodes: Some(6_000),
        ..Limits::default()
    };
    for name in builtin::game_names() {
        let mut p = Position::start(&game(name));
        let mut searcher = Searcher::new(4);
        for ply in 0..40 {
            if p.outcome().is_some() {
                break;
            }
            let before = p.clone();
            let fen = p.fen();
            let r = searcher
                .search(&mut p, limits, |_| {})
                .unwrap_or_else(|| panic!("{name} ply {ply}: no move in {fen}"));
            assert!(p == before, "{name} ply {ply}: the search changed {fen}");
            assert_eq!(p.fen(), fen);
            let m = r.best();
            assert!(
                p.legal_moves().contains(&m),
                "{name} ply {ply}: illegal {m:?} in {fen}"
            );
            p.play_unchecked(&m);
            assert_eq!(p.hash(), p.compute_hash(), "{name} ply {ply}");
        }
    }
}

/// Without a legal move there is nothing to play; with one, even a budget of one node
/// yields it.
#[test]
fn no_move_and_tiny_budgets() {
    let mut mated = pos(
        "birds-and-ninjas",
        "2/7F1k/8pp/10/10/10/10/10/10/10/K9/2[] b - - 0 1",
    );
    assert!(checkmated(&mated));
    assert!(
        Searcher::new(1)
            .search(&mut mated, Limits::depth(5), |_| {})
            .is_none()
    );
    let mut p = Position::start(&game("birds-and-ninjas"));
    let r = Searcher::new(1)
        .search(&mut p, Limits::nodes(1), |_| {})
        .unwrap();
    assert!(p.legal_moves().contains(&r.best()));
}

/// Capture the Scepter (rules.md § Optional rules) ends the game at once: in Birds and Ninjas the king stepping
/// onto e11 wins (a forced win scores as a mate), in Stealth Ninja it draws, which the side
/// a queen down takes. Without the option the same squares are plain squares.
#[test]
fn capture_the_scepter_ends_the_search() {
    let scepter = ["capture-the-scepter".to_string()];
    let search = |name: &str, options: &[String], fen: &str| {
        let v = fairyforge_tests::game_with_options(name, options).unwrap();
        let mut p = Position::from_fen(&v, fen).unwrap();
        let r = Searcher::new(1)
            .search(&mut p, Limits::depth(4), |_| {})
            .unwrap();
        (p.move_text(&r.best()), r.score)
    };
    // White's king on e10, Black's queen on a2 watches neither e11 nor f11.
    let win = "2/4K5/10/k9/10/10/10/10/10/q9/10/2[] w - - 0 1";
    let (m, score) = search("birds-and-ninjas", &scepter, win);
    assert!(m == "e10e11" || m == "e10f11", "{m}");
    assert_eq!(score, Score::Mate(1));
    let (_, score) = search("birds-and-ninjas", &[], win);
    assert!(matches!(score, Score::Cp(c) if c < -500), "{score:?}");
    // Black's lone king on e1 against king and queen.
    let draw = "2/K8Q/10/10/10/10/10/10/10/10/4k5/2[] b - - 0 1";
    let (m, score) = search("stealth-ninja", &scepter, draw);
    assert!(m == "e1e0" || m == "e1f0", "{m}");
    assert_eq!(score, Score::Cp(0));
    let (_, score) = search("stealth-ninja", &[], draw);
    assert!(matches!(score, Score::Cp(c) if c < -500), "{score:?}");
}

/// Plays the engine against itself from `fen` with `nodes` a move; returns the outcome and
/// the plies it took (at most `max_plies`).
fn self_play(
    game_name: &str,
    fen: &str,
    nodes: u64,
    max_plies: usize,
) -> (Option<fairyforge::Outcome>, usize) {
    let mut p = pos(game_name, fen);
    let mut s = [Searcher::new(16), Searcher::new(16)];
    for ply in 0..max_plies {
        if let Some(o) = p.outcome() {
            return (Some(o), ply);
        }
        let side = p.side_to_move().index();
        let r = s[side]
            .search(&mut p, Limits::nodes(nodes), |_| {})
            .unwrap();
        p.play_unchecked(&r.best());
    }
    (p.outcome(), max_plies)
}

/// Won endgames are driven home: the lone king is pushed to the rim and mated, without
/// shuffling into a repetition or the 100-ply rule (issue 14, "finishing games").
#[test]
fn won_endgames_are_mated() {
    for (game_name, fen, within) in [
        ("chess", "8/8/3k4/8/8/4K3/8/7Q w - - 0 1", 30),
        ("chess", "8/8/3k4/8/8/4K3/8/7R w - - 0 1", 50),
        ("capablanca", "10/10/4k5/10/10/5K4/10/9C w - - 0 1", 40),
        (
            "birds-and-ninjas",
            "2/10/10/10/4k5/10/10/10/5K4/10/10/1Q[] b - - 0 1",
            40,
        ),
    ] {
        let (o, plies) = self_play(game_name, fen, 20_000, within);
        let o = o.unwrap_or_else(|| panic!("{game_name} {fen}: no result in {within} plies"));
        assert_eq!(
            o.reason,
            fairyforge::EndReason::Checkmate,
            "{game_name} {fen}: {o}"
        );
        assert!(plies <= within, "{game_name}: {plies}");
    }
}

/// A network file given to `analyse` evaluates the game it was made for, and is refused
/// by another game with the game it was made for named.
#[test]
fn analyse_evaluates_with_a_network_made_for_the_game() {
    use fairyforge::Variant;
    use fairyforge::nnue::{Layout, Network, Parts, QA, QB};
    let chess = Variant::builtin("chess").unwrap();
    let features = Layout::new(&chess).features();
    // Every input weight 0: each position scores its output bias, 1.23 pawns for the side
    // to move whoever it is.
    let net = Network::from_parts(
        &chess,
        Parts {
            hidden: 4,
            scale: 1,
            bias: vec![0; 4],
            weights: vec![0; features * 4],
            out: vec![0; 8],
            out_bias: 123 * QA * QB,
        },
    )
    .unwrap();
    let dir = fairyforge_tests::temp_dir("analyse-net");
    let file = dir.join("chess.nnue");
    std::fs::write(&file, net.to_bytes()).unwrap();
    let file = file.to_str().unwrap();
    let (code, out, err) =
        super::FAIRYFORGE.run(&["analyse", "chess", "--net", file, "--depth", "1"]);
    assert_eq!(code, 0, "{err}");
    // After any move the opponent is to move, at +1.23: the best move scores -123.
    assert!(out.starts_with("depth 1 score cp -123 "), "{out}");
    let (code, out, _) = super::FAIRYFORGE.run(&["analyse", "chess", "--depth", "1"]);
    assert_eq!(code, 0);
    assert!(
        !out.contains("score cp -123 "),
        "the hand-set evaluation: {out}"
    );
    let (code, _, err) =
        super::FAIRYFORGE.run(&["analyse", "capablanca", "--net", file, "--depth", "1"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!(
            "the network {file}: this network is for `Chess`, not for `Capablanca Chess`: a \
             network is read only by the game it was trained for"
        )),
        "{err}"
    );
}

/// The search scores the ends of the game's own `[end]` rules (docs/format.md § The end
/// of the game): in misère chess the fool's mate loses for the side that gives it, and in
/// Armageddon a stalemate wins for Black.
#[test]
fn the_search_plays_by_the_games_end_rules() {
    let best = |game: &str, fen: &str, moves: &[&str]| {
        let mut p = pos(game, fen);
        fairyforge_tests::play(&mut p, moves);
        let r = Searcher::new(4)
            .search(&mut p, Limits::depth(3), |_| {})
            .expect("a legal move exists");
        (p.move_text(&r.best()), r.score)
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let fool = ["f2f3", "e7e5", "g2g4"];
    assert_eq!(
        best("chess", start, &fool),
        ("d8h4".to_string(), Score::Mate(1))
    );
    let (m, score) = best("misere", start, &fool);
    assert_ne!(m, "d8h4");
    assert!(!matches!(score, Score::Mate(_)), "{score:?}");
    // White (a1, a2) has no move while Black's king stands on c2: any knight move that
    // gives no check stalemates White.
    let stuck = "8/8/8/8/8/p7/P1k5/K5n1 b - - 0 1";
    let (_, score) = best("armageddon", stuck, &[]);
    assert_eq!(score, Score::Mate(1));
    let (_, score) = best("chess", stuck, &[]);
    assert!(!matches!(score, Score::Mate(_)), "{score:?}");
}
