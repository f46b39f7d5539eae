//! `/api/pictures`: core's picture of every piece of a game, for each side; the chess
//! pieces as such, the others made from their data.

use axum::http::StatusCode;
use serde_json::json;

use super::*;

#[tokio::test]
async fn every_piece_of_the_game_has_a_picture_for_each_side() {
    let s = Server::start().await;
    let v = s.ok("/api/pictures", json!({ "variant": birds() })).await;
    let pieces = v["pieces"].as_array().unwrap();
    let letters: String = pieces
        .iter()
        .map(|p| p["letter"].as_str().unwrap())
        .collect();
    assert_eq!(letters, "KQRBNGFPJ");
    for p in pieces {
        for side in ["white", "black"] {
            let svg = p[side].as_str().unwrap();
            assert!(
                svg.starts_with(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" role=\"img\"><title>"
                ),
                "{svg}"
            );
        }
    }
    let svg = |l: &str, side: &str| {
        pieces.iter().find(|p| p["letter"] == l).unwrap()[side]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(svg("P", "white").contains("<title>White Pawn</title>"));
    assert!(svg("J", "black").contains("<title>Black Ninja Pawn</title>"));
    // The pawn is drawn as such, unlettered; the ninja pawn carries its letter.
    assert!(!svg("P", "white").contains(">P</text>"));
    assert!(svg("J", "white").contains(">J</text>"));
    assert_ne!(svg("P", "white"), svg("P", "black"));
    // The library's pieces, for the explorer: the Super Cannon is not in this game.
    let cannon = v["library"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "super-cannon")
        .unwrap();
    assert_eq!(cannon["letter"], "C");
    assert!(
        cannon["white"]
            .as_str()
            .unwrap()
            .contains("<title>White Super Cannon</title>"),
        "{cannon}"
    );
}

#[tokio::test]
async fn an_edited_file_gets_pictures_of_its_own_pieces_and_errors_are_said() {
    let s = Server::start().await;
    let text = "extends = \"chess\"\npieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"pawn\", \"hopper\"]\n\n[piece.hopper]\nletter = \"H\"\nmoves = [{ jump = \"all\" }]\n";
    let v = s
        .ok(
            "/api/pictures",
            json!({ "variant": { "text": text, "name": "mine.toml" } }),
        )
        .await;
    let h = v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["letter"] == "H")
        .unwrap();
    assert!(h["white"].as_str().unwrap().contains(">H</text>"), "{h}");
    s.fails(
        "/api/pictures",
        json!({ "variant": { "game": "no-such-game" } }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown-game",
    )
    .await;
    let v = s
        .fails(
            "/api/pictures",
            json!({ "variant": { "text": "name = 3" } }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-variant",
        )
        .await;
    assert!(!v["diagnostics"].as_array().unwrap().is_empty(), "{v}");
}
