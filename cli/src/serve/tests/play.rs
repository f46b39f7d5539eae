//! `/api/position`, `/api/play`, `/api/moves`.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::*;

const CASTLE_FEN: &str =
    "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GR3K2RG/FF[JJJJjjjj] w BIbi - 0 1";

fn perft1(game: &str, fen: Option<&str>, moves: &[&str]) -> usize {
    let v = fairyforge::Variant::builtin(game).unwrap();
    let mut p = match fen {
        Some(f) => fairyforge::Position::from_fen(&v, f).unwrap(),
        None => fairyforge::Position::start(&v),
    };
    p.play_text(moves).unwrap();
    p.legal_moves().len()
}

#[tokio::test]
async fn the_start_of_birds_and_ninjas() {
    let s = Server::start().await;
    let v = s.ok("/api/position", json!({ "variant": birds() })).await;
    assert_eq!(
        v["fen"],
        "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1"
    );
    assert_eq!(v["turn"], "white");
    assert_eq!(v["ply"], 0);
    assert_eq!(v["check"], false);
    assert_eq!(v["outcome"], Value::Null);
    let board = v["board"].as_object().unwrap();
    assert_eq!(board.len(), 44);
    assert_eq!(board["e0"], "F");
    assert_eq!(board["f11"], "f");
    assert_eq!(board["f1"], "K");
    assert_eq!(
        v["reserves"],
        json!({ "white": [{ "letter": "J", "count": 4 }], "black": [{ "letter": "j", "count": 4 }] })
    );
    assert_eq!(v["history"], json!([]));
    assert_eq!(v["legal"].as_array().unwrap().len(), 36);
    assert_eq!(perft1("birds-and-ninjas", None, &[]), 36);
}

#[tokio::test]
async fn moves_replay_in_any_form_and_come_back_as_text_and_readable_text() {
    let s = Server::start().await;
    // move text (rules.md § Move text), a short form, a drop by its final square, annotations players add.
    let v = s
        .ok(
            "/api/position",
            json!({ "variant": birds(), "moves": ["e2e5", "e6", "J@e4!?"] }),
        )
        .await;
    let history = v["history"].as_array().unwrap();
    let got: Vec<(&str, &str, &str)> = history
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap(),
                m["san"].as_str().unwrap(),
                m["kind"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("e2e5", "e5", "double-step"),
            ("e9e6", "e6", "double-step"),
            ("J@e2e4", "J@e4", "drop")
        ]
    );
    assert_eq!(history[2]["from"], "e2");
    assert_eq!(history[2]["to"], "e4");
    assert_eq!(history[2]["drop"], "J");
    assert_eq!(
        v["reserves"]["white"],
        json!([{ "letter": "J", "count": 3 }])
    );
    assert_eq!(v["turn"], "black");
    assert_eq!(
        v["legal"].as_array().unwrap().len(),
        perft1("birds-and-ninjas", None, &["e2e5", "e9e6", "J@e2e4"])
    );
}

#[tokio::test]
async fn a_double_capture_lists_both_victims() {
    let s = Server::start().await;
    // The White bomber on e6 jumps over the Black pawn on e7 onto the Black pawn on e8.
    let fen = "ff/grnbqkbnrg/pppp1ppppp/4p5/4p5/4F5/10/10/10/PPPPPPPPPP/GRNBQKBNRG/F1[JJJJjjjj] w BIbi - 0 1";
    let v = s
        .ok(
            "/api/moves",
            json!({ "variant": birds(), "fen": fen, "from": "e6" }),
        )
        .await;
    let jump = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "e6e8")
        .expect("the jump");
    assert_eq!(jump["captures"], json!(["e8", "e7"]));
    assert_eq!(jump["san"], "Fxe8");
    for m in v["moves"].as_array().unwrap() {
        assert_eq!(m["from"], "e6");
    }
}

#[tokio::test]
async fn the_seven_castlings_are_moves_of_the_king() {
    let s = Server::start().await;
    let v = s
        .ok(
            "/api/moves",
            json!({ "variant": birds(), "fen": CASTLE_FEN, "from": "f1" }),
        )
        .await;
    let castles: Vec<(String, String, Value)> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "castle")
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["san"].as_str().unwrap().to_string(),
                m["rook"].clone(),
            )
        })
        .collect();
    assert_eq!(castles.len(), 7, "{v}");
    assert!(castles.contains(&("f1h1i1g1".into(), "Kh1".into(), json!(["i1", "g1"]))));
    assert!(castles.contains(&("f1b1b1c1".into(), "Kb1".into(), json!(["b1", "c1"]))));
    // A king's step and a castling that end on the same square: the castling with the
    // king's square.
    assert!(castles.contains(&("f1g1i1f1".into(), "O-O-g1".into(), json!(["i1", "f1"]))));
    let played = s
        .ok(
            "/api/play",
            json!({ "variant": birds(), "fen": CASTLE_FEN, "move": "Kh1" }),
        )
        .await;
    assert_eq!(played["played"]["move"], "f1h1i1g1");
    assert_eq!(played["state"]["board"]["h1"], "K");
    assert_eq!(played["state"]["board"]["g1"], "R");
}

#[tokio::test]
async fn playing_a_move_gives_the_move_and_the_new_state() {
    let s = Server::start().await;
    let v = s
        .ok(
            "/api/play",
            json!({ "variant": birds(), "moves": ["e2e5"], "move": "e9e6" }),
        )
        .await;
    assert_eq!(v["played"]["move"], "e9e6");
    assert_eq!(v["played"]["san"], "e6");
    assert_eq!(v["state"]["ply"], 2);
    assert_eq!(v["state"]["history"][1]["move"], "e9e6");
    assert_eq!(v["state"]["turn"], "white");
    assert_eq!(v["state"]["board"]["e6"], "p");
}

#[tokio::test]
async fn check_and_mate_are_shown() {
    let s = Server::start().await;
    let moves = ["f2f3", "e7e5", "g2g4"];
    let v = s
        .ok(
            "/api/play",
            json!({ "variant": chess(), "moves": moves, "move": "Qh4" }),
        )
        .await;
    assert_eq!(v["played"]["san"], "Qh4#");
    let st = &v["state"];
    assert_eq!(st["check"], true);
    assert_eq!(
        st["outcome"],
        json!({ "winner": "black", "reason": "checkmate", "text": "Black wins by checkmate" })
    );
    assert_eq!(st["legal"], json!([]));
    let v = s
        .fails(
            "/api/play",
            json!({ "variant": chess(), "moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "move": "e2e4" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "game-over",
        )
        .await;
    assert_eq!(v["error"], "the game is over: Black wins by checkmate");
    let v = s
        .ok(
            "/api/position",
            json!({ "variant": chess(), "moves": ["e2e4", "f7f6", "d2d4", "g7g5"] }),
        )
        .await;
    assert_eq!(v["check"], false);
    let v = s
        .ok(
            "/api/play",
            json!({ "variant": chess(), "moves": ["e2e4", "f7f5"], "move": "Qh5" }),
        )
        .await;
    assert_eq!(v["played"]["san"], "Qh5+");
    assert_eq!(v["state"]["check"], true);
    assert_eq!(v["state"]["outcome"], Value::Null);
}

#[tokio::test]
async fn bad_moves_say_which_and_why() {
    let s = Server::start().await;
    let v = s
        .fails(
            "/api/position",
            json!({ "variant": birds(), "moves": ["e2e5", "e9e6", "e5e6"] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-move",
        )
        .await;
    assert_eq!(v["move_index"], 2);
    assert_eq!(
        v["error"],
        "move 3 (`e5e6`): illegal: the pawn on e5 cannot move to e6"
    );
    let v = s
        .fails(
            "/api/play",
            json!({ "variant": birds(), "move": "F@e2" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-move",
        )
        .await;
    assert_eq!(
        v["error"],
        "`F@e2`: illegal: White has no flying bomber in reserve"
    );
    let cases = [
        ("", "`` is not a move: it is empty"),
        ("z99z98", "there is no square `z98` on this board"),
        (
            "e2e",
            "`e2e` is not a move: `e` at the end is a file without a rank (a square is a file and a rank, like `e4`)",
        ),
        ("\u{1F600}", "there is no square `\u{1F600}` on this board"),
    ];
    for (mv, message) in cases {
        let v = s
            .fails(
                "/api/play",
                json!({ "variant": birds(), "move": mv }),
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad-move",
            )
            .await;
        assert!(v["error"].as_str().unwrap().contains(message), "{mv}: {v}");
    }
    let long = "e".repeat(10_000);
    let v = s
        .fails(
            "/api/play",
            json!({ "variant": birds(), "move": long }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-move",
        )
        .await;
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .ends_with("a move is at most 64 characters")
    );
}

#[tokio::test]
async fn bad_position_strings_point_at_the_problem() {
    let s = Server::start().await;
    let v = s
        .fails(
            "/api/position",
            json!({ "variant": chess(), "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-position",
        )
        .await;
    assert_eq!(
        v["error"].as_str().unwrap(),
        format!(
            "bad position string: no piece of this game has the letter `X`\n  {}\n  {}^ the letters are K Q R B N P",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            " ".repeat(42)
        )
    );
    for fen in ["", "   "] {
        // An empty position string is the game's setup.
        let v = s
            .ok("/api/position", json!({ "variant": chess(), "fen": fen }))
            .await;
        assert_eq!(v["legal"].as_array().unwrap().len(), 20);
    }
    for fen in [
        "x",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ] {
        s.fails(
            "/api/position",
            json!({ "variant": chess(), "fen": fen }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-position",
        )
        .await;
    }
    let v = s
        .fails(
            "/api/position",
            json!({ "variant": chess(), "fen": "8/".repeat(2000) }),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
        )
        .await;
    assert_eq!(v["error"], "the position string is longer than 2048 bytes");
}

#[tokio::test]
async fn legal_moves_of_one_square() {
    let s = Server::start().await;
    let v = s
        .ok(
            "/api/moves",
            json!({ "variant": birds(), "moves": ["e2e5", "e9e6"], "from": "e0" }),
        )
        .await;
    // The bomber on e0 jumps over the queen on e1 onto the emptied e2.
    assert_eq!(texts(&v["moves"]), ["e0e2"]);
    assert_eq!(v["moves"][0]["captures"], json!([]));
    let v = s
        .ok(
            "/api/moves",
            json!({ "variant": birds(), "moves": ["e2e5", "e9e6"], "from": "e2" }),
        )
        .await;
    assert_eq!(texts(&v["moves"]), ["J@e2", "J@e2e3", "J@e2e4"]);
    let v = s.ok("/api/moves", json!({ "variant": birds() })).await;
    assert_eq!(v["moves"].as_array().unwrap().len(), 36);
    s.fails(
        "/api/moves",
        json!({ "variant": birds(), "from": "k1" }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad-square",
    )
    .await;
}

#[tokio::test]
async fn a_promotion_offers_every_choice() {
    let s = Server::start().await;
    let fen =
        "ff/grnbqkbnr1/ppppppppP1/10/10/10/10/10/10/PPPPPPPP2/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1";
    let v = s
        .ok(
            "/api/moves",
            json!({ "variant": birds(), "fen": fen, "from": "i9" }),
        )
        .await;
    // i10 is taken: the pawn promotes by capturing the knight on h10.
    let promotions: Vec<(&str, &str, &str)> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap(),
                m["san"].as_str().unwrap(),
                m["promotion"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        promotions,
        [
            ("i9h10q", "ixh10=Q", "Q"),
            ("i9h10r", "ixh10=R", "R"),
            ("i9h10b", "ixh10=B", "B"),
            ("i9h10n", "ixh10=N", "N"),
            ("i9h10g", "ixh10=G", "G"),
            ("i9h10f", "ixh10=F", "F")
        ]
    );
}

#[tokio::test]
async fn a_click_replays_from_the_last_game_and_agrees_with_a_full_replay() {
    let cached = Server::start().await;
    let cold = Server::with(Config {
        cached_games: 0,
        ..Config::with_workers(1)
    })
    .await;
    let mut moves: Vec<String> = Vec::new();
    for mv in ["e2e5", "e9e6", "J@e4", "j9j7", "e0e2", "j7j6", "a3"] {
        let v = cached
            .ok(
                "/api/play",
                json!({ "variant": birds(), "moves": moves, "move": mv }),
            )
            .await;
        moves.push(v["played"]["move"].as_str().unwrap().to_string());
        let full = cold
            .ok(
                "/api/position",
                json!({ "variant": birds(), "moves": moves }),
            )
            .await;
        assert_eq!(v["state"], full, "after {moves:?}");
    }
    assert_eq!(cached.status().await["cached_games"], 8);
    assert_eq!(cold.status().await["cached_games"], 0);
    // A bad move after a cached start is still named by its place in the whole list.
    let mut bad = moves.clone();
    bad.push("e1e9".into());
    let v = cached
        .fails(
            "/api/position",
            json!({ "variant": birds(), "moves": bad }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-move",
        )
        .await;
    assert_eq!(v["move_index"], 7);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("move 8 (`e1e9`): "),
        "{v}"
    );
}
