//! New Pick the Piece games written only as files (no Rust), in a temporary directory: they
//! load, validate and play (moves, perft 2, drops), one of them with a piece of its own;
//! a file may extend another by relative path; and the designer's mistakes get clear
//! messages (snapshots).

use fairyforge::Color::{Black, White};
use fairyforge::{Position, Variant, perft};
use fairyforge_tests::temp_dir;

use super::util::{Line, wrap};
use crate::FAIRYFORGE;

const BOMBER_SLOTS: &str = r#"# A designer's game: no Rust, only this file.
extends = "pick-the-piece"
name = "Bomber Slots"
description = "Pick the Piece with Flying Bombers in the slots; drop a Ninja Guard and 2 ninja pawns."
slots.a.piece = "flying-bomber"
slots.j.piece = "flying-bomber"
reserve = { ninja-guard = 1, ninja-pawn = 2 }
"#;

#[test]
fn a_game_file_loads_validates_and_plays() {
    let dir = temp_dir("bomber-slots");
    std::fs::write(dir.join("bomber-slots.toml"), BOMBER_SLOTS).unwrap();

    let (code, out, err) = FAIRYFORGE.run_in(&dir, &["validate", "bomber-slots.toml"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "bomber-slots.toml: ok (Bomber Slots)\n"),
        "{err}"
    );

    // The start: bombers on a1/j1 (a10/j10 mirrored), the reserve in rules.md § Position strings order.
    let start =
        "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF[GJJgjj] w BIbi - 0 1";
    let (code, out, _) = FAIRYFORGE.run_in(&dir, &["fen", "bomber-slots.toml"]);
    assert_eq!((code, out.trim()), (0, start));

    let (code, moves, _) = FAIRYFORGE.run_in(&dir, &["moves", "bomber-slots.toml"]);
    assert_eq!(code, 0);
    // The corner bombers jump over their own pawns (rules.md § The Flying Bomber); no drop has room yet.
    assert!(moves.lines().any(|m| m == "a1a3") && moves.lines().any(|m| m == "j1j3"));
    assert!(!moves.contains('@'));

    let (code, out, _) = FAIRYFORGE.run_in(&dir, &["perft", "bomber-slots.toml", "2"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("nodes 1296\n"), "{out}");

    // Drops: a ninja pawn pushed from e2 to e3 (rules.md § Reserves and drops), then the guard on the knight's
    // square (rules.md § Reserves and drops: first rank).
    let game = ["e2e4", "e9e6", "J@e2e3", "J@e9e7", "c1d3", "c10d8", "G@c1"];
    let mut args = vec!["fen", "bomber-slots.toml", "--moves"];
    args.extend(game);
    let (code, out, err) = FAIRYFORGE.run_in(&dir, &args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "fr1bqkbnrf/pppp1ppppp/3n6/4j5/4p5/10/4P5/3NJ5/PPPP1PPPPP/FRGBQKBNRF[Jgj] b BIbi - 0 4"
    );

    // The same through the library.
    let v = Variant::load(dir.join("bomber-slots.toml")).unwrap();
    let mut p = Position::start(&v);
    assert_eq!(p.fen(), start);
    assert_eq!(perft(&mut p, 2), 1296);
    let mut l = Line::start(v);
    l.play(&game.join(" "));
    assert_eq!(l.reserve(White, "ninja-pawn"), 1);
    assert_eq!(l.reserve(White, "ninja-guard"), 0);
    assert_eq!(l.reserve(Black, "ninja-pawn"), 1);
    assert_eq!(l.reserve(Black, "ninja-guard"), 1);
    assert_eq!(l.at("c1"), "G");
    // Black may drop its guard on c10, the only empty square of its first rank.
    assert_eq!(l.moves_starting("G@"), vec!["G@c10".to_string()]);
    insta::assert_snapshot!("file_game_bomber_slots", l.snap());
    std::fs::remove_dir_all(&dir).ok();
}

/// A new piece defined in the file from primitives, used in the slots and the reserve;
/// a second file extends the first by relative path and replaces its reserve.
const CAMEL_CORPS: &str = r#"extends = "pick-the-piece"
name = "Camel Corps"
description = "Pick the Piece with Camel Guards of the file's own in the slots; drop one more and 2 ninja pawns."
reserve = { camel-guard = 1, ninja-pawn = 2 }

# A new piece: a (3,1) camel leap that moves or captures, and a one-square orthogonal step
# that only moves.
[piece.camel-guard]
name = "Camel Guard"
letter = "M"
value = 3.5
moves = [
  { leap = [3, 1] },
  { leap = "orthogonal", mode = "move" },
]

[slots.a]
piece = "camel-guard"

[slots.j]
piece = "camel-guard"
"#;

const CAMEL_CORPS_HEAVY: &str = r#"# The same game with a different reserve: the reserve table replaces the parent's whole.
extends = "camel-corps.toml"
name = "Camel Corps (heavy reserve)"
reserve = { camel-guard = 2, super-cannon = 1 }
"#;

#[test]
fn a_game_file_with_a_piece_of_its_own() {
    let dir = temp_dir("camel-corps");
    std::fs::write(dir.join("camel-corps.toml"), CAMEL_CORPS).unwrap();
    std::fs::write(dir.join("camel-corps-heavy.toml"), CAMEL_CORPS_HEAVY).unwrap();

    let (code, out, err) = FAIRYFORGE.run_in(
        &dir,
        &["validate", "camel-corps.toml", "camel-corps-heavy.toml"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        "camel-corps.toml: ok (Camel Corps)\ncamel-corps-heavy.toml: ok (Camel Corps (heavy reserve))\n"
    );

    let v = Variant::load(dir.join("camel-corps.toml")).unwrap();
    let camel = v
        .kind_by_id("camel-guard")
        .expect("the file's own piece is in the game");
    assert_eq!(v.piece(camel).letter(), 'M');
    assert_eq!(v.piece(camel).name(), "Camel Guard");
    let mut p = Position::start(&v);
    assert_eq!(
        p.fen(),
        "mrnbqkbnrm/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM[MJJmjj] w BIbi - 0 1"
    );
    // a1: leaps to b4 (3,1 from a1: b4 and d2 (own pawn)); j1 to i4.
    let mut l = Line::start(v.clone());
    assert_eq!(l.moves_starting("a1"), vec!["a1b4".to_string()]);
    assert_eq!(l.moves_starting("j1"), vec!["j1i4".to_string()]);
    let n2 = perft(&mut p, 2);
    // 30 pawn moves, 4 knight moves and 2 camel leaps a side; no drop has room yet.
    assert_eq!(n2, 36 * 36);

    // A game: the camel leaps out and takes the bishop on d10, the queen takes it back;
    // the knight leaves c1 and the reserve camel drops there (rules.md § Reserves and drops).
    l.play("a1b4 j10i7 b4c7 i7f8");
    assert_eq!(l.capture("c7d10"), vec!["bd10".to_string()]);
    assert_eq!(l.capture("e10d10"), vec!["Md10".to_string()]);
    l.play("c1d3 a9a8 M@c1");
    assert_eq!(l.reserve(White, "camel-guard"), 0);
    assert_eq!(l.at("c1"), "M");
    insta::assert_snapshot!("file_game_camel_corps", l.snap());

    // The heavy reserve: camels and a cannon, no ninja pawns left from the parent (the
    // letters in the order of the game's pieces: its own camel, then the cannon).
    let heavy = Variant::load(dir.join("camel-corps-heavy.toml")).unwrap();
    let mut p = Position::start(&heavy);
    assert_eq!(
        p.fen(),
        "mrnbqkbnrm/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM[MMCmmc] w BIbi - 0 1"
    );
    assert_eq!(perft(&mut p, 2), n2);
    // Promotion choices: Q R B N, the slot's camel and the reserve's cannon.
    let mut l = Line::start(heavy);
    l.play("a2a5 j9j6 a5a6 j6j5 a6a7 i9i6 a7a8 i6i5 a8b9 h9h6");
    assert_eq!(
        l.moves_starting("b9a10"),
        ["b9a10b", "b9a10c", "b9a10m", "b9a10n", "b9a10q", "b9a10r"]
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A designer's usual mistakes, each with its message (snapshots): unknown slot pieces
/// (with the list of known pieces), reserve counts that are not whole numbers, slot
/// squares off the board or already taken, and a mistake in the file's own piece. Long for
/// its table: each mistake is written out as the whole file a designer would write.
#[test]
fn mistakes_in_a_game_file_get_clear_messages() {
    let dir = temp_dir("mistakes");
    let files = [
        (
            "unknown-slot-piece.toml",
            r#"extends = "pick-the-piece"
name = "Unknown Slot Pieces"
slots.a.piece = "ninja-gaurd"
slots.j.piece = "dragon"
reserve = { ninja-pawn = 3 }
"#,
        ),
        (
            "reserve-count.toml",
            r#"extends = "pick-the-piece"
name = "Bad Reserve Counts"
slots.a.piece = "ninja-guard"
slots.j.piece = "ninja-guard"
reserve = { super-cannon = "one", flying-bomber = 1.5, ninja-pawn = -2 }
"#,
        ),
        (
            "unknown-reserve-piece.toml",
            r#"extends = "pick-the-piece"
name = "Unknown Reserve Piece"
reserve = { ninja-pawn = 2, unicorn = 1 }
"#,
        ),
        (
            "slot-off-board.toml",
            r#"extends = "pick-the-piece"
name = "Slots Off the Board"
slots.a.squares = ["a0"]
slots.a.piece = "ninja-guard"
slots.k.squares = ["k1"]
slots.k.piece = "ninja-guard"
"#,
        ),
        (
            "slot-taken.toml",
            r#"extends = "pick-the-piece"
name = "Slot On a Rook"
slots.a.squares = ["b1"]
slots.a.piece = "ninja-guard"
"#,
        ),
        (
            "own-piece-mistake.toml",
            r#"extends = "pick-the-piece"
name = "Bad Own Piece"
slots.a.piece = "sky-lancer"
slots.j.piece = "sky-lancer"

[piece.sky-lancer]
letter = "S"
moves = [{ flyover = "diagonals" }, { slide = "orthogonal", mode = "quiet" }]
"#,
        ),
    ];
    let mut report = String::new();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
        let (code, out, err) = FAIRYFORGE.run_in(&dir, &["validate", name]);
        assert_eq!(code, 1, "{name} must not validate:\n{out}");
        assert!(
            !out.contains("panicked") && !err.contains("panicked"),
            "{err}"
        );
        report.push_str(&format!("$ fairyforge validate {name}\n{out}{err}\n"));
    }
    // An unknown piece always comes with the list of known pieces.
    for unknown in ["`ninja-gaurd`", "`dragon`", "`unicorn`"] {
        let line = report
            .lines()
            .position(|l| l.contains(&format!("unknown piece {unknown}")))
            .unwrap_or_else(|| panic!("no message for {unknown}:\n{report}"));
        let label = report
            .lines()
            .skip(line)
            .take(4)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            label.contains("known pieces: king, queen, rook") && label.contains("super-cannon"),
            "{label}"
        );
    }
    assert!(report.contains("did you mean `ninja-guard`?"), "{report}");
    insta::assert_snapshot!("file_game_mistakes", report);
    std::fs::remove_dir_all(&dir).ok();
}

/// The moves of a file game at the start, as a designer sees them with `fairyforge moves`.
#[test]
fn a_file_game_lists_its_moves() {
    let dir = temp_dir("moves");
    std::fs::write(dir.join("camel-corps.toml"), CAMEL_CORPS).unwrap();
    let (code, out, _) = FAIRYFORGE.run_in(
        &dir,
        &["moves", "camel-corps.toml", "--moves", "e2e5", "e9e6"],
    );
    assert_eq!(code, 0);
    let moves: Vec<String> = out.lines().map(|s| s.to_string()).collect();
    // The drops now have room: the camel on no square (rank 1 full), ninja pawns on e2.
    assert!(moves.contains(&"J@e2e4".to_string()) && !moves.iter().any(|m| m.starts_with("M@")));
    insta::assert_snapshot!("file_game_moves", wrap(&moves, 80));
    std::fs::remove_dir_all(&dir).ok();
}
