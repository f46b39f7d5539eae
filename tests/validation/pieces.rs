//! What a game's pieces may be (issue 13, item 10; issue 12, the designers' findings):
//! royal pieces stay on the board from the start (no pawn, no promotion, no drop, no slot,
//! no reserve); errors caused by the user's file are reported at the user's line, not in
//! the built-in files it builds on; a pawn that never promotes is a warning; a mistyped
//! slot name gets a suggestion. A game that `validate` accepts never crashes a command.

use fairyforge::{Severity, Variant};

use crate::FAIRYFORGE;

/// The report of a user's game extending Pick the Piece (or another built-in game).
fn report(text: &str) -> String {
    Variant::parse("mine.toml", text)
        .map(|_| "ok".to_string())
        .unwrap_or_else(|e| e.render())
}

/// A king in a Pick the Piece slot passed `validate`, then `show`, `moves`, `perft`, `fen`
/// and `play` panicked. It is refused where the file names it.
#[test]
fn a_royal_piece_in_a_slot_is_refused() {
    let r =
        report("extends = \"pick-the-piece\"\nname = \"King slot\"\nslots.a.piece = \"king\"\n");
    assert_eq!(
        r,
        "mine.toml:3:17: [royal-rule] slot `a` holds `king`, a royal piece
  |
3 | slots.a.piece = \"king\"
  |                 ^^^^^^ a royal piece cannot fill a slot: the setup places it
"
    );
}

/// Every command that takes the file reports the error instead of panicking.
#[test]
fn commands_given_a_royal_slot_report_the_error() {
    let dir = fairyforge_tests::temp_dir("royal");
    let path = dir.join("king-slot.toml");
    std::fs::write(
        &path,
        "extends = \"pick-the-piece\"\nname = \"King slot\"\nslots.a.piece = \"king\"\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    for args in [
        vec!["validate", p],
        vec!["show", p],
        vec!["moves", p],
        vec!["perft", p, "1"],
        vec!["fen", p],
    ] {
        let (code, _, err) = FAIRYFORGE.run(&args);
        let out = format!("{args:?}: exit {code}\n{err}");
        assert_eq!(code, 1, "{out}");
        assert!(!err.contains("panicked"), "{out}");
        if args[0] != "validate" {
            assert!(
                err.contains("slot `a` holds `king`, a royal piece"),
                "{out}"
            );
        }
    }
}

/// A king in the reserve let a second king be dropped; then the engine refused its own
/// position string. A royal piece cannot be in a reserve: not in the `reserve` table, not
/// in the setup's brackets, not in a position string.
#[test]
fn a_royal_piece_in_a_reserve_is_refused() {
    let r = report(
        "extends = \"pick-the-piece\"\nname = \"King reserve\"\nreserve = { king = 1, ninja-pawn = 2 }\n",
    );
    assert!(
        r.starts_with("mine.toml:3:13: [royal-rule] `king` is royal and cannot be in a reserve\n"),
        "{r}"
    );
    let r = report(
        "extends = \"pick-the-piece\"\nname = \"King brackets\"\n\
         setup = \"1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1[Kk] w BIbi - 0 1\"\n",
    );
    assert!(
        r.contains("bad setup: `K` is royal (king) and cannot be in a reserve"),
        "{r}"
    );
    let v = Variant::builtin("pick-the-piece").unwrap();
    let e = fairyforge::Setup::parse(
        &v,
        "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1[K] w BIbi - 0 1",
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "`K` is royal (king) and cannot be in a reserve"
    );
}

/// The rest of what a royal piece may not be, each at its place in the file.
#[test]
fn a_royal_piece_cannot_be_a_pawn_promote_or_be_dropped() {
    let r = report(
        "extends = \"chess\"\nname = \"Royal pawn\"\n\
         [piece.king]\nletter = \"K\"\nroyal = true\npawn = true\nmoves = [{ leap = \"all\" }]\n",
    );
    assert!(r.contains("piece `king` is royal and a pawn"), "{r}");
    let r = report(
        "extends = \"chess\"\nname = \"Royal promotion\"\n\
         [[promotion]]\npieces = [\"chess-pawn\"]\nchoices = [\"queen\"]\n\
         [[promotion]]\npieces = [\"king\"]\nchoices = [\"queen\"]\n",
    );
    assert!(
        r.contains("mine.toml:7:11: [royal-rule] promoting piece `king` is royal"),
        "{r}"
    );
    let r = report(
        "extends = \"pick-the-piece\"\nname = \"Royal drop\"\n[drops.king]\nzone = \"first-rank\"\n",
    );
    assert!(
        r.contains("mine.toml:3:8: [royal-rule] `king` is royal and cannot be dropped"),
        "{r}"
    );
}

/// Two chosen pieces sharing a letter: the error pointed into the built-in `pieces.toml`.
/// It points at the user's choice.
#[test]
fn two_chosen_pieces_with_one_letter_are_reported_at_the_choice() {
    let r = report(
        "extends = \"pick-the-piece\"\nname = \"Letters\"\n\
         slots.a.piece = \"stealth-anti-gryphon\"\nslots.j.piece = \"super-cannon\"\n\
         reserve = { archbishop = 1 }\n",
    );
    assert_eq!(
        r,
        "mine.toml:5:13: [duplicate-letter] two pieces of this game have the letter `A`: `stealth-anti-gryphon` and `archbishop`
  |
5 | reserve = { archbishop = 1 }
  |             ^^^^^^^^^^ both are library pieces with the letter `A`: choose another piece, or define your own with another letter
"
    );
    assert!(!r.contains("<built-in"), "{r}");
}

/// Replacing `pieces` in a file that extends a built-in game reported errors inside the
/// built-in file. They are reported at the user's `pieces`, naming the built-in line.
#[test]
fn replacing_pieces_reports_at_the_users_list() {
    let r = report(
        "extends = \"pick-the-piece\"\nname = \"Replace\"\npieces = [\"king\", \"queen\"]\n",
    );
    assert!(!r.lines().any(|l| l.starts_with("<built-in")), "{r}");
    assert!(
        r.starts_with(
            "mine.toml:3:10: [unknown-piece] `values` names `knight`, which is not a piece of this game\n"
        ),
        "{r}"
    );
    assert!(
        r.contains(
            "from line 16 of <built-in pick-the-piece.toml>: the game's pieces: king, queen"
        ),
        "{r}"
    );
    assert!(
        r.contains(
            "mine.toml:3:10: [bad-setup] bad setup: no piece of this game has the letters `r`, `n`, `b`, `p`"
        ),
        "{r}"
    );
}

/// A pawn that no promotion rule names: a warning, with the fix.
#[test]
fn a_pawn_without_promotion_is_a_warning() {
    let text = "extends = \"chess\"\nname = \"Stuck pawns\"\npromotion = []\n";
    let v = Variant::parse("mine.toml", text).unwrap();
    let w = v.warnings();
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].severity(), Severity::Warning);
    assert_eq!(
        w[0].message(),
        "`chess-pawn` is a pawn (`pawn = true`) that no promotion rule names"
    );
    assert_eq!(
        (w[0].file(), w[0].line(), w[0].column()),
        (Some("mine.toml"), Some(1), Some(11))
    );
    // A pawn of the user's own, named where it is defined.
    let text = "extends = \"chess\"\nname = \"Lazy\"\n\
                pieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"chess-pawn\", \"lazy\"]\n\
                [piece.lazy]\nletter = \"L\"\npawn = true\nmoves = [{ leap = \"forward\" }]\n";
    let v = Variant::parse("mine.toml", text).unwrap();
    let w = v.warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!((w[0].line(), w[0].column()), (Some(3), Some(70)));
    assert!(
        w[0].label().contains("like `pieces = [\"lazy\"]`"),
        "{}",
        w[0]
    );
}

/// `validate` prints the warning and says the file is ok.
#[test]
fn validate_prints_warnings_of_a_good_file() {
    let dir = fairyforge_tests::temp_dir("warn");
    let path = dir.join("stuck.toml");
    std::fs::write(
        &path,
        "extends = \"chess\"\nname = \"Stuck pawns\"\npromotion = []\n",
    )
    .unwrap();
    let (code, out, _) = FAIRYFORGE.run(&["validate", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(": warning: [pawn-without-promotion] `chess-pawn` is a pawn"),
        "{out}"
    );
    assert!(
        out.ends_with("stuck.toml: ok (Stuck pawns), 1 warning\n"),
        "{out}"
    );
}

/// `slots.A` made a new slot and asked for its squares; it is taken for the slot `a`.
#[test]
fn a_mistyped_slot_name_gets_a_suggestion() {
    let r = report(
        "extends = \"pick-the-piece\"\nname = \"Slot A\"\nslots.A.piece = \"ninja-guard\"\n",
    );
    assert_eq!(
        r,
        "mine.toml:3:7: [unknown-slot] there is no slot `A`: did you mean `a`?
  |
3 | slots.A.piece = \"ninja-guard\"
  |       ^ the slots of this game: a, j; a new slot needs `squares`
"
    );
}

/// Every example a message gives (`for example `...``) is valid TOML: the missing-board
/// hint was `[board] files = 8, ranks = 8`.
#[test]
fn the_examples_in_messages_are_valid_toml() {
    let r = report("# nothing\n");
    assert!(
        r.contains("for example `board = { files = 8, ranks = 8 }`"),
        "{r}"
    );
    let snaps = fairyforge_tests::root().join("tests/validation/snapshots");
    let mut seen = 0;
    for e in std::fs::read_dir(snaps).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        for part in text.split("for example `").skip(1) {
            let example = part.split('`').next().unwrap();
            assert!(
                example.parse::<toml::Table>().is_ok(),
                "not valid TOML: {example}"
            );
            seen += 1;
        }
    }
    assert!(seen >= 3, "{seen}");
}

/// The start position is checked once the slots and the reserve are filled in, as every
/// command that plays the game reads it: a slot piece giving check at the start passed
/// `validate`, then `Position::start` panicked.
#[test]
fn the_filled_setup_is_checked() {
    let text = "extends = \"pick-the-piece\"\nname = \"Sniper\"\nslots.a.piece = \"sniper\"\n\
                [piece.sniper]\nletter = \"S\"\nmoves = [{ leap = [5, 9], symmetry = \"none\" }]\n";
    let r = report(text);
    assert!(
        r.starts_with("mine.toml:1:11: [bad-setup] bad setup once the slots and the reserve are filled: Black is in check but it is White's move\n"),
        "{r}"
    );
    assert!(
        r.contains("the start position would be `srnbqkbnr1/"),
        "{r}"
    );
}

/// Move text does not mark captures, so two entries of a piece landing on one square with
/// different captures give two moves with one text (docs/format.md, "Several entries"):
/// the pieces of the built-in games never do, in positions of random games.
#[test]
fn the_built_in_games_move_texts_name_one_move_each() {
    let mut rng = fairyforge_tests::Rng(2026);
    for name in fairyforge::builtin::game_names() {
        let v = Variant::builtin(name).unwrap();
        for _ in 0..20 {
            let mut p = fairyforge::Position::start(&v);
            for _ in 0..60 {
                let moves = p.legal_moves();
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                let mut texts: Vec<String> = moves.iter().map(|m| p.move_text(m)).collect();
                texts.sort();
                let n = texts.len();
                texts.dedup();
                assert_eq!(texts.len(), n, "{name}: {}", p.fen());
                p.play_unchecked(rng.pick(&moves));
            }
        }
    }
}

/// `[pieces.soldier]` (for `[piece.soldier]`) said only that `pieces` must be a list, then
/// gave one "not a piece of this game" error, listing no pieces, for every rule of the
/// game naming a piece. Now one error with the likely fix: the game's pieces are unknown,
/// so nothing naming them is checked.
#[test]
fn an_unreadable_pieces_list_is_the_only_error() {
    let r = report("extends = \"chess\"\nname = \"Soldiers\"\n[pieces.soldier]\nletter = \"S\"\n");
    assert_eq!(
        r,
        "mine.toml:3:2: [wrong-type] `pieces` is the list of the game's pieces, found a table: did you mean `[piece.soldier]`?
  |
3 | [pieces.soldier]
  |  ^^^^^^ a piece is defined in a `[piece.<id>]` table (singular) and listed in `pieces = [\"king\", ...]`
"    );
}
