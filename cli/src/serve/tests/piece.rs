//! `/api/piece`: the piece explorer.

use axum::http::StatusCode;
use serde_json::json;

use super::*;

#[tokio::test]
async fn a_flying_bomber_with_blockers() {
    let s = Server::start().await;
    let blockers = json!([
        { "square": "c5", "color": "white" },
        { "square": "h5", "color": "black" },
        { "square": "e7", "color": "black" },
        { "square": "e8", "color": "black" },
    ]);
    let v = s
        .ok(
            "/api/piece",
            json!({ "variant": birds(), "piece": "flying-bomber", "at": "e5", "blockers": blockers }),
        )
        .await;
    assert_eq!(v["in_game"], true);
    assert_eq!(v["color"], "white");
    assert_eq!(v["at"], "e5");
    assert_eq!(v["piece"]["name"], "Flying Bomber");
    assert_eq!(
        v["board"],
        json!({ "c5": "F", "e5": "F", "e7": "f", "e8": "f", "h5": "f" })
    );
    let moves: Vec<(String, Vec<String>)> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["to"].as_str().unwrap().to_string(), strs(&m["captures"])))
        .collect();
    let want: Vec<(String, Vec<String>)> = [
        ("e0", vec![]),
        ("e1", vec![]),
        ("e2", vec![]),
        ("e3", vec![]),
        ("e4", vec![]),
        ("d5", vec![]),
        ("f5", vec![]),
        ("g5", vec![]),
        // Flying over the enemy on h5 onto the empty square beyond captures it.
        ("i5", vec!["h5"]),
        ("e6", vec![]),
        // The two-square jump onto an enemy.
        ("e7", vec!["e7"]),
    ]
    .iter()
    .map(|(t, c)| (t.to_string(), c.iter().map(|x| x.to_string()).collect()))
    .collect();
    assert_eq!(moves, want);
}

#[tokio::test]
async fn a_jump_over_an_enemy_onto_an_enemy_captures_both() {
    let s = Server::start().await;
    let v = s
        .ok(
            "/api/piece",
            json!({ "variant": birds(), "piece": "F", "at": "e5",
                    "blockers": [{ "square": "e6", "color": "black" }, { "square": "e7", "color": "black" }] }),
        )
        .await;
    let e7 = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "e7")
        .expect("the double capture");
    assert_eq!(e7["captures"], json!(["e7", "e6"]));
}

#[tokio::test]
async fn a_library_piece_on_the_games_board() {
    let s = Server::start().await;
    let v = s
        .ok(
            "/api/piece",
            json!({ "variant": birds(), "piece": "super-cannon" }),
        )
        .await;
    assert_eq!(v["in_game"], false);
    assert_eq!(v["at"], "e5");
    assert_eq!(v["piece"]["letter"], "C");
    let mut to: Vec<String> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect();
    to.sort();
    // A rook's quiet moves on the 104-square board: e11 above, e0 below.
    assert_eq!(
        to,
        [
            "a5", "b5", "c5", "d5", "e0", "e1", "e10", "e11", "e2", "e3", "e4", "e6", "e7", "e8",
            "e9", "f5", "g5", "h5", "i5", "j5"
        ]
    );
    // Black's pieces move the other way: a Black ninja pawn steps down.
    let v = s
        .ok(
            "/api/piece",
            json!({ "variant": birds(), "piece": "j", "at": "e9" }),
        )
        .await;
    assert_eq!(v["color"], "black");
    assert!(
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["to"] == "e8"),
        "{v}"
    );
}

#[tokio::test]
async fn explorer_inputs_are_checked() {
    let s = Server::start().await;
    let v = s
        .fails(
            "/api/piece",
            json!({ "variant": birds(), "piece": "flying-bombr" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown-piece",
        )
        .await;
    assert!(
        v["error"].as_str().unwrap().contains("flying-bomber"),
        "{v}"
    );
    s.fails(
        "/api/piece",
        json!({ "variant": birds(), "piece": "F", "at": "d0" }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad-square",
    )
    .await;
    s.fails(
        "/api/piece",
        json!({ "variant": birds(), "piece": "F", "blockers": [{ "square": "e99", "color": "black" }] }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad-square",
    )
    .await;
    s.fails(
        "/api/piece",
        json!({ "variant": birds(), "piece": "F", "color": "green" }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad-request",
    )
    .await;
    let many: Vec<_> = (0..65)
        .map(|_| json!({ "square": "a1", "color": "white" }))
        .collect();
    s.fails(
        "/api/piece",
        json!({ "variant": birds(), "piece": "F", "blockers": many }),
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
    )
    .await;
}
