//! The start of every built-in game: the position string (rules.md § Position strings), the sorted legal moves
//! (rules.md § Move text) and perft 1-3.

use fairyforge::{Position, perft};
use fairyforge_tests::game;

use super::util::{board_diagram, wrap};

/// The built-in games of issue 5 (and the two orthodox references).
pub const GAMES: &[&str] = &[
    "birds-and-ninjas",
    "stealth-ninja",
    "stealth-ninja-alternate-start",
    "stealth-ninja-alternative-setup",
    "stealth-ninja-alternative-reinforcements",
    "flying-bombers-grand",
    "insane-ninja",
    "pick-the-piece",
    "air-and-trench-warfare",
    "chess",
    "capablanca",
];

fn start_text(name: &str) -> String {
    let v = game(name);
    let mut p = Position::start(&v);
    let mut moves: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    moves.sort();
    let mut out = format!("game: {} ({name})\nposition: {}\n\n", v.name(), p.fen());
    out.push_str(&board_diagram(&p));
    out.push_str(&format!(
        "\nlegal moves ({}):\n{}\n\n",
        moves.len(),
        wrap(&moves, 80)
    ));
    for d in 1..=3 {
        out.push_str(&format!("perft {d}: {}\n", perft(&mut p, d)));
    }
    out
}

macro_rules! start_tests {
    ($($f:ident => $name:literal),* $(,)?) => {$(
        #[test]
        fn $f() {
            insta::assert_snapshot!(concat!("start_", $name), start_text($name));
        }
    )*};
}

start_tests! {
    birds_and_ninjas => "birds-and-ninjas",
    stealth_ninja => "stealth-ninja",
    stealth_ninja_alternate_start => "stealth-ninja-alternate-start",
    stealth_ninja_alternative_setup => "stealth-ninja-alternative-setup",
    stealth_ninja_alternative_reinforcements => "stealth-ninja-alternative-reinforcements",
    flying_bombers_grand => "flying-bombers-grand",
    insane_ninja => "insane-ninja",
    pick_the_piece => "pick-the-piece",
    air_and_trench_warfare => "air-and-trench-warfare",
    chess => "chess",
    capablanca => "capablanca",
}

/// rules.md § Position strings: the exact example string of the rulings.
#[test]
fn r28_birds_and_ninjas_start_string() {
    let p = Position::start(&game("birds-and-ninjas"));
    assert_eq!(
        p.fen(),
        "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1"
    );
}

/// The start positions of the rulings' table (rules.md § Black mirrors White mirrored, § Piece letters letters, § Position strings reserve order),
/// written out independently of the game files.
#[test]
fn start_positions_match_the_rulings_table() {
    let table = [
        (
            "birds-and-ninjas",
            "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1",
        ),
        (
            "stealth-ninja",
            "ww/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/WW[YAJJJJyajjjj] w BIbi - 0 1",
        ),
        (
            "stealth-ninja-alternate-start",
            "ww/rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR/WW[YAJJJJyajjjj] w AJaj - 0 1",
        ),
        (
            "stealth-ninja-alternative-setup",
            "ll/wrnbqkbnrw/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/WRNBQKBNRW/LL[YAJJJJyajjjj] w BIbi - 0 1",
        ),
        (
            "stealth-ninja-alternative-reinforcements",
            "ww/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/WW[CFJJJJcfjjjj] w BIbi - 0 1",
        ),
        (
            "flying-bombers-grand",
            "frnbqkbnrf/jjjjjjjjjj/10/10/10/10/10/10/JJJJJJJJJJ/FRNBQKBNRF[JJJJJjjjjj] w BIbi - 0 1",
        ),
        (
            "insane-ninja",
            "ll/irnbqkbnri/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/IRNBQKBNRI/LL[JJJJjjjj] w BIbi - 0 1",
        ),
        (
            "pick-the-piece",
            "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1[] w BIbi - 0 1",
        ),
        (
            "air-and-trench-warfare",
            "grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG[CFJJJcfjjj] w BIbi - 0 1",
        ),
    ];
    for (name, want) in table {
        assert_eq!(Position::start(&game(name)).fen(), want, "{name}");
    }
}
