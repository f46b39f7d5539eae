//! `/api/games`, `/api/source`, `/api/variant`, `/api/validate`.

use axum::http::StatusCode;
use serde_json::json;

use super::*;

#[tokio::test]
async fn the_catalog_lists_every_built_in_game_its_options_and_the_examples() {
    let s = Server::start().await;
    let (status, v) = s.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, fairyforge::builtin::game_names());
    let birds = &v["games"][2];
    assert_eq!(birds["name"], "Birds and Ninjas");
    assert_eq!(birds["options"][0]["name"], "capture-the-scepter");
    assert_eq!(birds["options"][0]["on"], false);
    let examples: Vec<&str> = v["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        examples,
        [
            "examples/dive-bombers",
            "examples/cannon-corners",
            "examples/stealth-slots",
            "examples/zoo",
            "examples/bad"
        ]
    );
    assert_eq!(v["examples"][1]["name"], "Cannon Corners");
    assert_eq!(v["libraries"][0]["id"], "pieces");
    assert_eq!(v["limits"]["text_bytes"], 65536);
}

#[tokio::test]
async fn sources_are_the_built_in_files_and_nothing_else() {
    let s = Server::start().await;
    let (status, v) = s.get("/api/source?name=chess").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["file"], "chess.toml");
    assert_eq!(v["text"], fairyforge::builtin::game("chess").unwrap());
    let (status, v) = s.get("/api/source?name=examples/dive-bombers").await;
    assert_eq!(status, StatusCode::OK);
    assert!(v["text"].as_str().unwrap().contains("[piece.dive-bomber]"));
    let (status, v) = s.get("/api/source?name=pieces").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        v["text"]
            .as_str()
            .unwrap()
            .contains("[piece.flying-bomber]")
    );

    let (status, v) = s.get("/api/source?name=chesss").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(v["kind"], "not-found");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("`chesss` is not a built-in game. Did you mean `chess`?"),
        "{v}"
    );
    for path in [
        "/etc/passwd",
        "../../../../etc/passwd",
        "examples/../../../etc/passwd",
        "../variants/chess",
    ] {
        let (status, v) = s
            .get(&format!("/api/source?name={}", path.replace('/', "%2F")))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(!v.to_string().contains("root:"), "{v}");
    }
    let (status, v) = s.get("/api/source").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["kind"], "bad-request");
}

#[tokio::test]
async fn the_104_square_board_has_its_rear_squares_and_no_others() {
    let s = Server::start().await;
    let v = s.ok("/api/variant", json!({ "variant": birds() })).await;
    let squares = strs(&v["board"]["squares"]);
    assert_eq!(squares.len(), 104);
    assert_eq!(&squares[..2], ["e0", "f0"]);
    assert_eq!(&squares[102..], ["e11", "f11"]);
    assert!(!squares.contains(&"d0".to_string()));
    assert_eq!(v["board"]["rank_min"], 0);
    assert_eq!(v["board"]["rank_max"], 11);
    assert_eq!(v["board"]["files"], 10);
    assert_eq!(v["reserves"], true);
    let letters: String = v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["letter"].as_str().unwrap())
        .collect();
    assert_eq!(letters, "KQRBNGFPJ");
    let bomber = &v["pieces"][6];
    assert_eq!(bomber["id"], "flying-bomber");
    assert_eq!(bomber["value"], 5.5);
    assert_eq!(
        strs(&bomber["primitives"]),
        [
            "{ slide = \"orthogonal\", mode = \"move\" }",
            "{ flyover = \"orthogonal\" }",
            "{ jump = \"orthogonal\", capture-over = true }"
        ]
    );
    // The library's pieces that the game does not use, for the piece explorer.
    let library: Vec<&str> = v["library"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert!(library.contains(&"super-cannon"));
    assert!(!library.contains(&"flying-bomber"));
    assert_eq!(v["options"][0]["on"], false);

    let on = json!({ "game": "birds-and-ninjas", "options": ["capture-the-scepter"] });
    let v = s.ok("/api/variant", json!({ "variant": on })).await;
    assert_eq!(v["options"][0]["on"], true);
}

#[tokio::test]
async fn an_unknown_game_or_option_is_a_clear_error() {
    let s = Server::start().await;
    let v = s
        .fails(
            "/api/variant",
            json!({ "variant": { "game": "birds-and-ninja" } }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown-game",
        )
        .await;
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("Did you mean `birds-and-ninjas`?"),
        "{v}"
    );
    // A game name is never a path on the server's disk.
    for name in [
        "/etc/passwd",
        "../variants/chess.toml",
        "variants/chess.toml",
    ] {
        s.fails(
            "/api/variant",
            json!({ "variant": { "game": name } }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown-game",
        )
        .await;
    }
    let v = s
        .fails(
            "/api/variant",
            json!({ "variant": { "game": "chess", "options": ["capture-the-sceptre"] } }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown-option",
        )
        .await;
    assert!(
        v["error"].as_str().unwrap().contains("capture-the-sceptre"),
        "{v}"
    );
    s.fails(
        "/api/variant",
        json!({ "variant": { "game": "chess", "text": "x" } }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad-request",
    )
    .await;
    s.fails(
        "/api/variant",
        json!({ "variant": {} }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad-request",
    )
    .await;
    // A misspelt field of `variant` is not ignored.
    let (status, v) = s
        .post("/api/variant", json!({ "variant": { "gmae": "chess" } }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `gmae`"),
        "{v}"
    );
}

#[tokio::test]
async fn an_edited_file_extends_built_in_games_and_imports_the_built_in_library() {
    let s = Server::start().await;
    // Every example but the one written to show errors.
    for (id, text) in fairyforge::builtin::EXAMPLES
        .iter()
        .filter(|(id, _)| *id != "bad")
    {
        let v = s
            .ok(
                "/api/variant",
                json!({ "variant": { "text": text, "name": format!("{id}.toml") } }),
            )
            .await;
        assert!(!v["name"].as_str().unwrap().is_empty(), "{id}");
    }
    let text = "extends = \"chess\"\nname = \"Bomber chess\"\nimport = \"pieces.toml\"\npieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"flying-bomber\", \"chess-pawn\"]\nsetup = \"rfbqkbfr/pppppppp/8/8/8/8/PPPPPPPP/RFBQKBFR w KQkq - 0 1\"\n";
    let v = s
        .ok("/api/variant", json!({ "variant": { "text": text } }))
        .await;
    assert_eq!(v["name"], "Bomber chess");
    assert_eq!(v["pieces"][5]["letter"], "F");
}

#[tokio::test]
async fn an_edited_file_reads_nothing_from_the_servers_disk() {
    let s = Server::start().await;
    // A real file of the machine, and paths that climb out or name the repository's files.
    let only = "only the built-in games and piece libraries can be used here";
    let cases = [
        (
            "import = \"/etc/passwd\"\n",
            10,
            format!("cannot use `/etc/passwd`: {only}"),
        ),
        (
            "import = \"../variants/pieces.toml\"\n",
            10,
            format!("cannot use `../variants/pieces.toml`: {only}"),
        ),
        (
            "extends = \"/etc/passwd\"\n",
            11,
            format!("cannot use `/etc/passwd`: {only}"),
        ),
        (
            "extends = \"../x\"\n",
            11,
            format!("cannot use `../x`: {only}"),
        ),
        (
            "extends = \"variants/chess.toml\"\n",
            11,
            format!("cannot use `variants/chess.toml`: {only}"),
        ),
        (
            "extends = \"chesss\"\n",
            11,
            "cannot find the game `chesss` to extend: did you mean `chess`?".to_string(),
        ),
    ];
    for (text, column, message) in cases {
        let v = s
            .fails(
                "/api/variant",
                json!({ "variant": { "text": text } }),
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad-variant",
            )
            .await;
        let d = v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["message"] == message.as_str())
            .unwrap_or_else(|| panic!("{text}: {v}"));
        assert_eq!(
            (d["line"].as_u64(), d["column"].as_u64()),
            (Some(1), Some(column)),
            "{text}"
        );
        assert_eq!(d["file"], "variant.toml");
        assert_eq!(d["severity"], "error");
        let all = v.to_string();
        assert!(!all.contains("root:") && !all.contains("/bin/"), "{all}");
        assert!(!all.contains("<built-in chess"), "{all}");
    }
}

/// The studio checks a text as `fairyforge validate` does: each option on in turn, the
/// problem found then named with its option and keyed by its code.
#[tokio::test]
async fn validation_checks_each_option_on() {
    let s = Server::start().await;
    let text = "extends = \"chess\"\nname = \"Twice\"\n\n[options.again]\n\
                promotion = { pieces = [\"chess-pawn\"], choices = [\"queen\"] }\n";
    let v = s
        .ok(
            "/api/validate",
            json!({ "text": text, "name": "twice.toml" }),
        )
        .await;
    assert_eq!(v["ok"], false, "{v}");
    let d = v["diagnostics"].as_array().unwrap();
    assert_eq!(d.len(), 1, "{v}");
    assert_eq!(d[0]["code"], "two-promotions");
    assert_eq!(
        d[0]["message"],
        "with the option `again` on: piece `chess-pawn` is in two promotion rules"
    );
    assert_eq!(
        (d[0]["line"].as_u64(), d[0]["column"].as_u64()),
        (Some(5), Some(25))
    );
}

#[tokio::test]
async fn validation_reports_every_problem_at_its_line_and_column_as_validate_prints_it() {
    let s = Server::start().await;
    let text = "name = \"Broken\"\n[board]\nfiles = \"ten\"\nranks = 8\n";
    let v = s
        .ok(
            "/api/validate",
            json!({ "text": text, "name": "broken.toml" }),
        )
        .await;
    assert_eq!(v["ok"], false);
    let d = v["diagnostics"].as_array().unwrap();
    assert_eq!(d.len(), 2, "{v}");
    assert_eq!(d[0]["message"], "the variant file has no `setup`");
    assert_eq!(
        (d[0]["line"].as_u64(), d[0]["column"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(
        d[1]["message"],
        "`files` must be a whole number from 1 to 16, found a string"
    );
    assert_eq!(
        (d[1]["line"].as_u64(), d[1]["column"].as_u64()),
        (Some(3), Some(9))
    );
    assert_eq!(
        (d[1]["end_line"].as_u64(), d[1]["end_column"].as_u64()),
        (Some(3), Some(14))
    );
    assert_eq!(d[1]["label"], "expected a whole number from 1 to 16");
    // The kind of problem, to key on.
    assert_eq!(
        (&d[0]["code"], &d[1]["code"]),
        (&json!("missing-key"), &json!("wrong-type"))
    );
    // Exactly what `fairyforge validate broken.toml` prints for it.
    assert_eq!(
        d[1]["rendered"],
        "broken.toml:3:9: [wrong-type] `files` must be a whole number from 1 to 16, found a string\n  |\n3 | files = \"ten\"\n  |         ^^^^^ expected a whole number from 1 to 16\n"
    );
    assert_eq!(
        v["rendered"].as_str().unwrap(),
        format!(
            "{}{}",
            d[0]["rendered"].as_str().unwrap(),
            d[1]["rendered"].as_str().unwrap()
        )
    );

    let good = fairyforge::builtin::game("birds-and-ninjas").unwrap();
    let v = s.ok("/api/validate", json!({ "text": good })).await;
    assert_eq!(v["ok"], true);
    assert_eq!(v["name"], "Birds and Ninjas");
    assert_eq!(v["diagnostics"], json!([]));
    assert_eq!(v["rendered"], "");
}

#[tokio::test]
async fn hostile_files_get_errors_not_crashes() {
    let s = Server::start().await;
    let cases = [
        (
            "[board]\nfiles = 1000\nranks = 1000\n",
            "`files` is 1000, out of range",
        ),
        ("\u{0}\u{0}\u{0}", "TOML syntax error"),
        ("name = \"\\q\\q\\q\"\n", "TOML syntax error"),
        (
            "x = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
            "unknown key `x`",
        ),
    ];
    for (text, message) in cases {
        let v = s.ok("/api/validate", json!({ "text": text })).await;
        assert_eq!(v["ok"], false, "{text}");
        assert!(
            v["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d["message"].as_str().unwrap().contains(message)),
            "{text}: {v}"
        );
    }
}

#[tokio::test]
async fn an_edited_file_takes_options_too() {
    let s = Server::start().await;
    let text = fairyforge::builtin::game("birds-and-ninjas").unwrap();
    let on = json!({ "text": text, "options": ["capture-the-scepter"] });
    let v = s.ok("/api/variant", json!({ "variant": on })).await;
    assert_eq!(v["options"][0]["on"], true);
    let v = s
        .ok("/api/variant", json!({ "variant": { "text": text } }))
        .await;
    assert_eq!(v["options"][0]["on"], false);
    let v = s
        .fails(
            "/api/variant",
            json!({ "variant": { "text": text, "options": ["capture-the-scepter=maybe"] } }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown-option",
        )
        .await;
    assert_eq!(
        v["error"],
        "option `capture-the-scepter=maybe`: write `capture-the-scepter` or `capture-the-scepter=on` to turn it on, `capture-the-scepter=off` to turn it off"
    );
    let (status, v) = s
        .post(
            "/api/variant",
            json!({ "variant": { "text": text, "options": ["no-such-rule"] } }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("no-such-rule"), "{v}");
}
