//! The facts the studio reads from core, checked against the position itself: the squares
//! a move empties, the checked king's square, the end of a game from the moves at hand;
//! a piece's primitives as its file (or the library it imports) writes them; the stop of
//! a search or count.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::*;
use crate::contract::{PositionRef, VariantRef};

use crate::testrng::Rng;

fn occupied(pos: &Position) -> BTreeSet<String> {
    let g = pos.variant().geometry();
    g.squares()
        .filter(|s| pos.piece_at(*s).is_some())
        .map(|s| g.name(s))
        .collect()
}

#[test]
fn a_move_empties_exactly_the_squares_it_leaves_empty() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for name in crate::builtin::game_names() {
        let v = Variant::builtin(name).unwrap();
        for _ in 0..2 {
            let mut pos = Position::start(&v);
            for _ in 0..80 {
                let legal = pos.legal_moves();
                if pos.outcome_with_moves(&legal).is_some() {
                    break;
                }
                let before = occupied(&pos);
                for (m, info) in legal.iter().zip(game::move_infos(&pos, &legal)) {
                    pos.play_unchecked(m);
                    let after = occupied(&pos);
                    pos.undo();
                    let emptied: BTreeSet<String> = before.difference(&after).cloned().collect();
                    let said: BTreeSet<String> = info.empties.iter().cloned().collect();
                    assert_eq!(said, emptied, "{name} {} {}", pos.fen(), info.text);
                    assert_eq!(said.len(), info.empties.len(), "listed once each");
                    checked += 1;
                }
                pos.play_unchecked(&legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn the_end_of_a_game_from_the_moves_at_hand_is_the_position_s() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut ends = 0;
    for name in ["chess", "birds-and-ninjas", "insane-ninja"] {
        let v = Variant::builtin(name).unwrap();
        for _ in 0..30 {
            let mut pos = Position::start(&v);
            for _ in 0..400 {
                let legal = pos.legal_moves();
                assert_eq!(
                    pos.outcome_with_moves(&legal),
                    pos.outcome(),
                    "{}",
                    pos.fen()
                );
                if pos.outcome().is_some() {
                    ends += 1;
                    break;
                }
                pos.play_unchecked(&legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(ends >= 4, "{ends}");
}

#[test]
fn the_state_names_the_checked_king_s_square() {
    let studio = Studio::default();
    let at = |moves: &[&str]| PositionRef {
        variant: VariantRef {
            game: Some("chess".into()),
            ..VariantRef::default()
        },
        fen: None,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    };
    let st = studio
        .position(&at(&["f2f3", "e7e5", "g2g4", "Qh4"]))
        .unwrap();
    assert!(st.check);
    assert_eq!(st.check_square.as_deref(), Some("e1"));
    let o = st.outcome.unwrap();
    assert_eq!(o.text, "Black wins by checkmate");
    assert_eq!(o.reason, contract::Reason::Checkmate);
    let st = studio.position(&at(&["e2e4"])).unwrap();
    assert_eq!(st.check_square, None);
    assert!(st.outcome.is_none());
    assert_eq!(
        (st.start_turn, st.start_move_number),
        (contract::Side::White, 1)
    );
    let from_fen = PositionRef {
        fen: Some("6k1/5ppp/8/8/8/8/8/R5K1 b - - 3 41".into()),
        ..at(&["g8h8", "a1a8"])
    };
    let st = studio.position(&from_fen).unwrap();
    assert_eq!(
        (st.start_turn, st.start_move_number),
        (contract::Side::Black, 41)
    );
    assert_eq!(
        (st.turn, st.ply, st.check_square.as_deref()),
        (contract::Side::Black, 2, Some("h8"))
    );
    assert_eq!(st.outcome.unwrap().text, "White wins by checkmate");
}

#[test]
fn primitives_are_read_from_the_file_that_defines_the_piece_imports_included() {
    // The game's own piece, written over two lines with a comment; a piece of the
    // imported library; the library's own view of its pieces.
    let text = "name = \"T\"\nimport = \"pieces.toml\"\npieces = [\"king\", \"knight\", \"hopper\"]\nsetup = \"4k3/8/8/8/8/8/8/H3K1N1 w - - 0 1\"\n[board]\nfiles = 8\nranks = 8\n[piece.hopper]\nletter = \"H\"\nmoves = [\n  { leap = [1, 1],   # short\n    mode = \"move\" },\n  { slide = \"orthogonal\", max = 2 },\n]\n";
    let v = Variant::loader()
        .builtin_only()
        .parse("t.toml", text)
        .unwrap();
    let of = |id: &str| v.piece(v.kind_by_id(id).unwrap()).primitives().to_vec();
    assert_eq!(
        of("hopper"),
        [
            "{ leap = [1, 1], mode = \"move\" }",
            "{ slide = \"orthogonal\", max = 2 }"
        ]
    );
    assert_eq!(of("knight"), ["{ leap = [1, 2] }"]);
    let library = crate::library_pieces();
    let bomber = library.iter().find(|p| p.id() == "flying-bomber").unwrap();
    assert_eq!(
        bomber.primitives(),
        [
            "{ slide = \"orthogonal\", mode = \"move\" }",
            "{ flyover = \"orthogonal\" }",
            "{ jump = \"orthogonal\", capture-over = true }"
        ]
    );
}

#[test]
fn the_board_s_centre_and_cells() {
    let studio = Studio::default();
    let info = |game: &str| {
        studio
            .variant(&contract::VariantRequest {
                variant: VariantRef {
                    game: Some(game.into()),
                    ..VariantRef::default()
                },
            })
            .unwrap()
    };
    let chess = info("chess");
    assert_eq!(chess.board.centre.as_deref(), Some("d4"));
    let a1 = &chess.board.cells[0];
    assert_eq!(
        (a1.name.as_str(), a1.file, a1.rank, a1.dark),
        ("a1", 0, 1, true)
    );
    let h1 = &chess.board.cells[7];
    assert_eq!((h1.name.as_str(), h1.dark), ("h1", false));
    let birds = info("birds-and-ninjas");
    assert_eq!(birds.board.centre.as_deref(), Some("e5"));
    let e0 = &birds.board.cells[0];
    assert_eq!(
        (e0.name.as_str(), e0.file, e0.rank, e0.dark),
        ("e0", 4, 0, false)
    );
    assert_eq!(birds.board.file_names.concat(), "abcdefghij");
    let names: Vec<&str> = birds.board.cells.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, birds.board.squares);
}

#[test]
fn a_stop_ends_a_count_or_a_search_with_cancelled() {
    let studio = Studio::default();
    // A stop that comes before the call is for it.
    studio.stop();
    let r = studio.call(
        "/api/perft",
        &json!({ "variant": { "game": "chess" }, "depth": 6 }).to_string(),
    );
    assert_eq!(r.status, 503, "{}", r.body);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["kind"], "cancelled");
    // The next call is not stopped.
    let r = studio.call(
        "/api/perft",
        &json!({ "variant": { "game": "chess" }, "depth": 2 }).to_string(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    studio.stop();
    let think = json!({ "variant": { "game": "chess" }, "time_ms": 30000 }).to_string();
    let r = studio.call("/api/think", &think);
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(
        serde_json::from_str::<Value>(&r.body).unwrap()["error"],
        "the search was stopped"
    );
    // From another thread, while it runs.
    std::thread::scope(|s| {
        let t = s.spawn(|| studio.call("/api/think", &think));
        std::thread::sleep(Duration::from_millis(200));
        studio.stop();
        let r = t.join().unwrap();
        assert_eq!(r.status, 503, "{}", r.body);
    });
    let r = studio.call(
        "/api/think",
        &json!({ "variant": { "game": "chess" }, "depth": 2 }).to_string(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn contract_values_read_back_from_their_json() {
    let studio = Studio::default();
    let r = studio.call(
        "/api/play",
        &json!({ "variant": { "game": "chess" }, "moves": ["f2f3", "e7e5", "g2g4"], "move": "Qh4" })
            .to_string(),
    );
    let played: contract::Played = serde_json::from_str(&r.body).unwrap();
    assert_eq!(played.played.san, "Qh4#");
    assert_eq!(serde_json::to_string(&played).unwrap(), r.body);
    let r = studio.call(
        "/api/variant",
        &json!({ "variant": { "game": "birds-and-ninjas" } }).to_string(),
    );
    let info: contract::VariantInfo = serde_json::from_str(&r.body).unwrap();
    assert_eq!(serde_json::to_string(&info).unwrap(), r.body);
    let r = studio.call(
        "/api/play",
        &json!({ "variant": {} , "move": "e4" }).to_string(),
    );
    let e: contract::ApiError = serde_json::from_str(&r.body).unwrap();
    assert_eq!(e.kind, "bad-request");
}

/// A shogi-style promotion's move text ends with `+` (docs/format.md § `[promotion]`):
/// read as written it is the promotion, not a check mark to strip, both by `parse_move`
/// and by a replayed game; without the `+` it is the move that does not promote.
#[test]
fn a_plus_promotion_is_read_as_written() {
    let v = Variant::builtin("minishogi").unwrap();
    let moves = ["c1d2", "b5e2", "d1e2", "a5b5", "d2c1", "b5b2", "B@e3"];
    let mut pos = Position::start(&v);
    pos.play_text(&moves).unwrap();
    let promoting = game::parse_move(&pos, "b2b1+").unwrap();
    assert!(promoting.promotion().is_some());
    assert!(
        game::parse_move(&pos, "b2b1")
            .unwrap()
            .promotion()
            .is_none()
    );
    let mut g = game::Game::start(&v, None).unwrap();
    for m in moves.iter().chain(&["b2b1+"]) {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.pos.fen(), "2sgk/4p/4B/P3B/K+rS1R[g] w - - 0 5");
}
