//! `fairyforge import`: the translated files, the report of what is left out, and the
//! errors of a text that cannot be read.

use fairyforge::{Code, Variant, ini};
use fairyforge_tests::root;

use crate::{COMPLETE, EXAMPLES, FAIRYFORGE};

fn examples() -> String {
    std::fs::read_to_string(root().join(EXAMPLES)).unwrap()
}

#[test]
fn complete_sections_translate_into_files_that_load() {
    let text = examples();
    for name in COMPLETE {
        let t = ini::import(EXAMPLES, &text, Some(name)).unwrap();
        assert!(t.is_complete(), "{name}: {:?}", t.diagnostics());
        let v = Variant::parse(&format!("{name}.toml"), t.toml()).unwrap();
        assert!(v.warnings().is_empty(), "{name}: {:?}", v.warnings());
        insta::assert_snapshot!(format!("import_{name}"), t.toml());
    }
}

#[test]
fn the_command_writes_the_file_and_says_it_is_complete() {
    let (code, out, err) = FAIRYFORGE.run(&["import", EXAMPLES, "--variant", "menagerie"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        err,
        format!("{EXAMPLES} [menagerie]: translated completely\n")
    );
    let t = ini::import(EXAMPLES, &examples(), Some("menagerie")).unwrap();
    assert_eq!(out, t.toml());
}

#[test]
fn what_cannot_be_translated_is_reported_at_its_line_and_column() {
    let (code, out, err) = FAIRYFORGE.run(&["import", EXAMPLES, "--variant", "untranslatable"]);
    assert_eq!(code, 0, "{err}");
    // The file is written without what was left out, and loads.
    Variant::parse("untranslatable.toml", &out).unwrap();
    // Its grasshopper (`g:gQ`, line 74) is translated: a hop along every line.
    assert!(out.contains("{ hop = \"orthogonal\" }"), "{out}");
    assert!(out.contains("{ hop = \"diagonal\" }"), "{out}");
    insta::assert_snapshot!("import_untranslatable_report", err);
    let t = ini::import(EXAMPLES, &examples(), Some("untranslatable")).unwrap();
    assert!(!t.is_complete());
    let places: Vec<(Code, usize, usize)> = t
        .diagnostics()
        .iter()
        .map(|d| (d.code(), d.line().unwrap(), d.column().unwrap()))
        .collect();
    assert_eq!(
        places,
        vec![
            (Code::Untranslatable, 80, 18),
            (Code::Untranslatable, 80, 20),
            (Code::Untranslatable, 81, 1),
            // Line 83, `capturesToHand = true`, is translated (`captures-to-hand`).
            (Code::Untranslatable, 85, 27),
            (Code::Untranslatable, 86, 18),
            (Code::Untranslatable, 87, 12),
            (Code::UnknownKey, 88, 1),
        ]
    );
    // --strict makes it an error.
    let (code, _, err) = FAIRYFORGE.run(&[
        "import",
        EXAMPLES,
        "--variant",
        "untranslatable",
        "--strict",
    ]);
    assert_eq!(code, 1);
    assert!(err.ends_with(&format!(
        "error: {EXAMPLES} [untranslatable]: translated in part: 7 things left out (listed above)\n"
    )));
}

#[test]
fn a_text_that_cannot_be_read_is_an_error_at_its_place() {
    let text = "[a]\nking = k\nnonsense here\n\n[b:nosuch]\nking = k\n\n[c]\nknight = 7\n";
    let e = ini::import("x.ini", text, Some("a")).unwrap_err();
    assert_eq!(e.diagnostics()[0].code(), Code::BadIni);
    assert_eq!(e.diagnostics()[0].line(), Some(3));
    insta::assert_snapshot!("import_bad_line", e.render());
    let e = ini::import("x.ini", "[b:nosuch]\nking = k\n", None).unwrap_err();
    insta::assert_snapshot!("import_unknown_parent", e.render());
    let e = ini::import("x.ini", "[c]\nking = k\nknight = 7\n", None).unwrap_err();
    assert_eq!(e.diagnostics()[0].code(), Code::BadIni);
    assert_eq!(
        (e.diagnostics()[0].line(), e.diagnostics()[0].column()),
        (Some(3), Some(10))
    );
    let e = ini::import("x.ini", "[c]\nking = k\n", Some("d")).unwrap_err();
    assert_eq!(
        e.diagnostics()[0].message(),
        "x.ini has no section [d]: did you mean `c`?"
    );
    // Several sections and none named: the command lists them.
    let (code, _, err) = FAIRYFORGE.run(&["import", EXAMPLES]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!(
            "error: {EXAMPLES} has 14 sections: name one with --variant (sidepawns, knightking,"
        )),
        "{err}"
    );
}

/// `enPassantRegion = -`: no square is ever an en-passant target, so the pawn's double
/// step makes none (Georgian chess's pawn); a region of some squares only is reported.
#[test]
fn an_empty_en_passant_region_means_double_steps_without_targets() {
    let t = ini::import("x.ini", "[g:chess]\nenPassantRegion = -\n", None).unwrap();
    assert!(t.is_complete(), "{:?}", t.diagnostics());
    let toml = t.toml();
    assert!(
        toml.contains(r#"{ slide = "forward", mode = "move", min = 2, max = 2, from = "rank 2" }"#),
        "{toml}"
    );
    let g = Variant::parse("g.toml", toml).unwrap();
    let chess = Variant::builtin("chess").unwrap();
    // After e2e4 a black pawn on d4 may take en passant in chess only.
    let fen = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3";
    let replies = |v: &std::sync::Arc<Variant>| {
        let mut pos = fairyforge::Position::from_fen(v, fen).unwrap();
        let e4 = pos
            .legal_moves()
            .into_iter()
            .find(|m| pos.move_text(m) == "e2e4")
            .unwrap();
        pos.play(&e4).unwrap();
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
        moves.sort();
        (pos.fen(), moves)
    };
    let (chess_fen, mut chess_moves) = replies(&chess);
    let (g_fen, g_moves) = replies(&g);
    assert!(chess_fen.contains(" e3 "), "{chess_fen}");
    assert!(g_fen.contains(" - 0 3"), "{g_fen}");
    chess_moves.retain(|m| m != "d4e3");
    assert_eq!(g_moves, chess_moves);

    let t = ini::import("x.ini", "[g:chess]\nenPassantRegion = *3 *6\n", None).unwrap();
    let found: Vec<(usize, usize, &str)> = t
        .diagnostics()
        .iter()
        .map(|d| (d.line().unwrap(), d.column().unwrap(), d.message()))
        .collect();
    assert_eq!(
        found,
        vec![(
            2,
            19,
            "an en-passant region smaller than the board has no counterpart in the format yet"
        )]
    );
}

/// `dropLoop = true` (loop chess): a captured promoted piece goes to the reserve as it
/// stands, `captures-to-hand = "as-is"`; the export of Loop Chess writes it back.
#[test]
fn drop_loop_returns_promoted_pieces_as_they_stand() {
    let section = "[g:chess]\npieceDrops = true\ncapturesToHand = true\ndropLoop = true\n";
    let t = ini::import("x.ini", section, None).unwrap();
    assert!(t.is_complete(), "{:?}", t.diagnostics());
    assert!(
        t.toml().contains("captures-to-hand = \"as-is\"\n"),
        "{}",
        t.toml()
    );
    let after = |toml: &str| {
        let v = Variant::parse("g.toml", toml).unwrap();
        let fen = "r6r/6P1/3k4/8/8/8/8/4K3[] w - - 0 1";
        let mut pos = fairyforge::Position::from_fen(&v, fen).unwrap();
        for text in ["g7h8q", "a8h8"] {
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|m| pos.move_text(m) == text)
                .unwrap();
            pos.play(&m).unwrap();
        }
        pos.fen()
    };
    assert_eq!(after(t.toml()), "7r/8/3k4/8/8/8/8/4K3[Rq] w - - 0 2");
    let crazyhouse = section.replace("dropLoop = true\n", "");
    let t2 = ini::import("x.ini", &crazyhouse, None).unwrap();
    assert_eq!(after(t2.toml()), "7r/8/3k4/8/8/8/8/4K3[Rp] w - - 0 2");

    let e = ini::export(&Variant::builtin("loop").unwrap(), "loop");
    assert!(e.is_complete(), "{:?}", e.diagnostics());
    assert!(
        e.section()
            .contains("capturesToHand = true\ndropLoop = true\n"),
        "{}",
        e.section()
    );
    let back = ini::import("loop.ini", e.section(), None).unwrap();
    assert!(
        back.toml().contains("captures-to-hand = \"as-is\"\n"),
        "{}",
        back.toml()
    );
}

/// Shogi's keys: `promotedPieceType` makes one `from-zone`, `plus` promotion rule per
/// piece, optional (with `immobilityIllegal`) unless `mandatoryPiecePromotion`;
/// `dropNoDoubled` and `shogiPawnDropMateIllegal` are the shogi pawn's drop rules. A
/// promoted form that two pieces share (Fairy-Stockfish's own `p:g s:g`) is reported: with
/// captured pieces going to the hand, the format returns a promoted piece as the one
/// piece it is made from.
#[test]
fn shogi_keys_are_read_as_promotion_and_drop_rules() {
    let section = "[mini:chess]\nmaxFile = 5\nmaxRank = 5\npawn = -\nknight = -\nqueen = -\n\
        shogiPawn = p\nsilver = s\ngold = g\ncustomPiece1 = t:WfF\ncustomPiece2 = v:WfF\n\
        startFen = rbsgk/4p/5/P4/KGSBR[] w - - 0 1\npieceDrops = true\ncapturesToHand = true\n\
        castling = false\ndoubleStep = false\npromotionRegionWhite = *5\npromotionRegionBlack = *1\n\
        promotedPieceType = p:t s:v\nimmobilityIllegal = true\ndropNoDoubled = p\n\
        shogiPawnDropMateIllegal = true\nstalemateValue = loss\n";
    let t = ini::import("mini.ini", section, None).unwrap();
    assert!(t.is_complete(), "{:?}", t.diagnostics());
    let toml = t.toml();
    for part in [
        "[[promotion]]\npieces = [\"shogi-pawn\"]\nzone = \"rank 5\"\nchoices = [\"custom-piece-1\"]\nmandatory = false\nfrom-zone = true\nplus = true\n",
        "[[promotion]]\npieces = [\"silver\"]\nzone = \"rank 5\"\nchoices = [\"custom-piece-2\"]\nmandatory = false\nfrom-zone = true\nplus = true\n",
        "[drops.shogi-pawn]\nzone = \"all\"\none-per-file = true\nno-mate = true\n",
    ] {
        assert!(toml.contains(part), "{part} in {toml}");
    }
    let v = Variant::parse("mini.toml", toml).unwrap();
    // A pawn's move into the last rank must promote (it could never move again): the
    // white pawn on a4 of this position has one move, `a4a5+`.
    let pos = fairyforge::Position::from_fen(&v, "r3k/P4/5/5/4K[] w - - 0 1").unwrap();
    let pawn: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_text(m))
        .filter(|m| m.starts_with("a4"))
        .collect();
    assert_eq!(pawn, ["a4a5+"]);

    let shared = section.replace("p:t s:v", "p:g s:g");
    let t = ini::import("mini.ini", &shared, None).unwrap();
    let found: Vec<(usize, usize, &str)> = t
        .diagnostics()
        .iter()
        .map(|d| (d.line().unwrap(), d.column().unwrap(), d.message()))
        .collect();
    assert_eq!(
        found,
        vec![(
            19,
            21,
            "`promotedPieceType`: two pieces promote to `gold`, and with `capturesToHand` the format returns a promoted piece to the hand as the one piece it is made from"
        )]
    );
}
