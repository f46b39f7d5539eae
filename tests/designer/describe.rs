//! `fairyforge describe`: the rules of every built-in game as text (an insta snapshot each)
//! and as data (`--json`, the same facts).

use fairyforge::Variant;
use fairyforge::describe::Description;
use fairyforge_tests::game;

use crate::FAIRYFORGE;

/// Every built-in game (`fairyforge list`).
fn games() -> Vec<&'static str> {
    fairyforge::builtin::game_names()
}

#[test]
fn every_built_in_game() {
    let names = games();
    assert_eq!(names.len(), 60, "{names:?}");
    for name in names {
        let text = Description::of(&game(name)).text();
        insta::assert_snapshot!(format!("describe_{name}"), text);
    }
}

/// The command prints exactly the library's text.
#[test]
fn the_command_prints_the_library_text() {
    for name in ["chess", "birds-and-ninjas", "stealth-ninja"] {
        let (code, out, err) = FAIRYFORGE.run(&["describe", name]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, Description::of(&game(name)).text(), "{name}");
    }
}

/// The facts a designer looks for, in the text of Birds and Ninjas: the 104 squares with
/// the rear squares, the reserve, a piece with its letter, value and moves in words, its
/// diagram from a rear square, promotion, drops with the push, the seven castlings a side,
/// the option (off), the end rules and perft to depth 3.
#[test]
fn what_birds_and_ninjas_says() {
    let text = Description::of(&game("birds-and-ninjas")).text();
    for line in [
        "size: 10 files (a-j), 10 ranks (1-10), 104 squares\n",
        "extra squares: e0 f0 e11 f11\n",
        "White's reserve: Ninja Pawn (J) x4\n",
        "### F Flying Bomber (flying-bomber)\n\nvalue: 5.5\n",
        "- flies orthogonally over the first piece on the line, when it is an enemy, onto the empty square just beyond, capturing it\n",
        "#### From e0 (a rear square)\n",
        "zone: rank 10 (White), rank 1 (Black)\n",
        "choices: Queen (Q), Rook (R), Bishop (B), Knight (N), Ninja Guard (G), Flying Bomber (F)\n",
        "### Ninja Pawn (J)\n\nzone: rank 2 (White), rank 9 (Black)\npush: then up to 3 squares straight forward over empty squares\nexample: J@e2, J@e2e5\n",
        "rook b1 (right B): f1b1b1c1 f1c1b1d1 f1d1b1e1 f1e1b1f1\n",
        "rook i1 (right I): f1g1i1f1 f1h1i1g1 f1i1i1h1\n",
        "### capture-the-scepter\n\non: no\n",
        "depth 3: 51770\n",
    ] {
        assert!(text.contains(line), "missing {line:?}");
    }
    // With the option on, it says so and the end rules name the scepter squares.
    let on = Variant::loader()
        .option("capture-the-scepter", true)
        .resolve("birds-and-ninjas")
        .unwrap();
    let text = Description::of(&on).text();
    assert!(
        text.contains("### capture-the-scepter\n\non: yes\n"),
        "{text}"
    );
    assert!(
        text.contains("- Capture the Scepter: a king that legally ends its move on e11 f11 (White's) or e0 f0 (Black's) wins the game at once.\n"),
        "{text}"
    );
    let (code, out, _) = FAIRYFORGE.run(&[
        "describe",
        "birds-and-ninjas",
        "--option",
        "capture-the-scepter",
    ]);
    assert_eq!((code, out), (0, text));
}

/// `--json` is the same description as data.
#[test]
fn json_is_the_same_facts() {
    let (code, out, err) = FAIRYFORGE.run(&["describe", "stealth-ninja", "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let d = Description::of(&game("stealth-ninja"));
    assert_eq!(json, serde_json::to_value(&d).unwrap());
    assert_eq!(json["name"], "Stealth Ninja Chess");
    assert_eq!(json["board"]["squares"], 104);
    assert_eq!(json["perft"], serde_json::json!([36, 1296, 51770]));
    let gryphon = json["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "stealth-gryphon")
        .expect("the Gryphon");
    assert_eq!(gryphon["letter"], "Y");
    let centre = &gryphon["diagrams"][0];
    assert_eq!(centre["square"], "e5");
    assert_eq!(centre["moves"].as_array().unwrap().len(), 22);
    assert_eq!(json["drops"][0]["piece"], "stealth-gryphon");
    assert_eq!(json["drops"][0]["white_zone"], "e0 f0");
}

/// A board with holes: they are listed, the centre that is a hole is skipped, and a
/// square next to a hole is shown, where the hole stops the bishop's diagonal.
#[test]
fn a_board_with_holes() {
    let text = "name = \"Holes\"\nimport = \"pieces.toml\"\npieces = [\"king\", \"bishop\"]\n\
        setup = \"4k3/8/8/7/7/8/8/B3K3 w - - 0 1\"\n[board]\nfiles = 8\nranks = 8\n\
        holes = [\"d4\", \"d5\"]\n";
    let v = Variant::parse("holes.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let d = Description::of(&v);
    assert_eq!(d.board.holes, ["d4", "d5"]);
    assert_eq!(d.board.squares, 62);
    let bishop = d.pieces.iter().find(|p| p.id == "bishop").unwrap();
    let whys: Vec<(&str, &str)> = bishop
        .diagrams
        .iter()
        .map(|g| (g.square.as_str(), g.why.as_str()))
        .collect();
    assert_eq!(whys, [("a1", "a corner"), ("c3", "next to a hole")]);
    assert_eq!(
        bishop.diagrams[1].moves,
        ["c3a1", "c3a5", "c3b2", "c3b4", "c3d2", "c3e1"]
    );
    let text = d.text();
    assert!(text.contains("holes: d4 d5\n"), "{text}");
    assert!(text.contains("#### From c3 (next to a hole)\n"), "{text}");
}
