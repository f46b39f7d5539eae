//! docs/format.md § Royal pieces that may not face each other, and promotion rules of one
//! side (`side`): errors at their place, refused position strings, exact move lists.

use fairyforge::{Position, Variant};
use fairyforge_tests::pos;

use crate::util::moves;

/// A small game whose kings may not face each other on the lines given.
fn game(facing: &str) -> String {
    format!(
        "name = \"Facing\"\nimport = \"pieces.toml\"\npieces = [\"king\", \"rook\", \"knight\"]\n\
         setup = \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"\nroyal-facing = \"{facing}\"\n\
         [board]\nfiles = 8\nranks = 8\n"
    )
}

#[test]
fn a_king_may_not_step_onto_the_open_file_of_the_other() {
    let v = Variant::parse("facing.toml", &game("file")).unwrap();
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/3K4 w - - 0 1").unwrap();
    assert_eq!(moves(&p), ["d1c1", "d1c2", "d1d2"]);
    // On a rank, only `orthogonal` forbids it.
    let p = Position::from_fen(&v, "8/8/8/8/8/8/k7/3K4 w - - 0 1").unwrap();
    assert!(moves(&p).contains(&"d1d2".to_string()));
    let v = Variant::parse("facing.toml", &game("orthogonal")).unwrap();
    let p = Position::from_fen(&v, "8/8/8/8/8/8/k7/3K4 w - - 0 1").unwrap();
    assert!(!moves(&p).contains(&"d1d2".to_string()), "{:?}", moves(&p));
}

#[test]
fn the_last_piece_between_the_kings_stays_on_their_file() {
    let v = Variant::parse("facing.toml", &game("file")).unwrap();
    // The knight cannot move: each of its moves leaves the file.
    let p = Position::from_fen(&v, "3k4/8/8/8/8/8/3N4/3K4 w - - 0 1").unwrap();
    assert_eq!(moves(&p), ["d1c1", "d1c2", "d1e1", "d1e2"]);
}

#[test]
fn a_position_with_facing_kings_is_refused() {
    let v = Variant::parse("facing.toml", &game("file")).unwrap();
    let fen = "3k4/8/8/8/8/8/8/3K4 w - - 0 1";
    let e = Position::from_fen(&v, fen).unwrap_err();
    assert_eq!(
        e.render(fen),
        "the royal pieces face each other with nothing between them\n  3k4/8/8/8/8/8/8/3K4 w - - 0 1\n  ^^^^^^^^^^^^^^^^^^^ in this game the royal pieces may not face each other: put a piece between them"
    );
    // Without the rule it is an ordinary position.
    assert!(Position::from_fen(&Variant::builtin("chess").unwrap(), fen).is_ok());
}

#[test]
fn an_unknown_line_is_an_error_at_its_value() {
    let e = Variant::parse("facing.toml", &game("diagonal")).unwrap_err();
    let text = e.render();
    assert!(
        text.contains("facing.toml:5:16: [unknown-value] unknown `royal-facing` line `diagonal`"),
        "{text}"
    );
}

#[test]
fn each_side_promotes_by_its_own_rule() {
    let p = pos("chigorin", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1");
    let white: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("b7"))
        .collect();
    assert_eq!(white, ["b7b8c", "b7b8n", "b7b8r"]);
    let p = pos("chigorin", "4k3/1P6/8/8/8/8/6p1/3K4 b - - 0 1");
    let black: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("g2"))
        .collect();
    assert_eq!(black, ["g2g1b", "g2g1q", "g2g1r"]);
}

#[test]
fn two_rules_of_one_side_for_a_piece_are_an_error() {
    let text = "name = \"Two\"\nimport = \"pieces.toml\"\n\
                pieces = [\"king\", \"queen\", \"rook\", \"chess-pawn\"]\n\
                setup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n[board]\nfiles = 8\nranks = 8\n\
                [[promotion]]\npieces = [\"chess-pawn\"]\nside = \"white\"\nchoices = [\"queen\"]\n\
                [[promotion]]\npieces = [\"chess-pawn\"]\nchoices = [\"rook\"]\n";
    let e = Variant::parse("two.toml", text).unwrap_err().render();
    assert!(
        e.contains("two.toml:13:11: [two-promotions] piece `chess-pawn` is in two promotion rules"),
        "{e}"
    );
    // One rule for each side is allowed.
    let ok = text.replace(
        "choices = [\"rook\"]",
        "side = \"black\"\nchoices = [\"rook\"]",
    );
    assert!(Variant::parse("two.toml", &ok).is_ok());
}

#[test]
fn the_palace_and_the_halves_are_the_regions_of_xiangqi() {
    let v = Variant::builtin("xiangqi").unwrap();
    let g = v.geometry();
    let regions: Vec<Vec<String>> = v
        .regions()
        .map(|r| r.iter().map(|s| g.name(*s)).collect())
        .collect();
    let palace = |r: [u8; 3]| -> Vec<String> {
        r.iter()
            .flat_map(|rank| ["d", "e", "f"].map(|f| format!("{f}{rank}")))
            .collect()
    };
    let half = |ranks: std::ops::RangeInclusive<u8>| -> Vec<String> {
        ranks
            .flat_map(|rank| "abcdefghi".chars().map(move |f| format!("{f}{rank}")))
            .collect()
    };
    assert_eq!(
        regions,
        [
            palace([1, 2, 3]),
            palace([8, 9, 10]),
            half(1..=5),
            half(6..=10)
        ]
    );
    assert_eq!(Variant::builtin("chess").unwrap().regions().count(), 0);
}
