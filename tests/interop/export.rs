//! `fairyforge export --to fsf`: the sections of the games a variants.ini section can say
//! whole, and for the others the exact list of what it cannot, at its place in the TOML.

use fairyforge::{Code, Variant, builtin, ini};

use crate::FAIRYFORGE;

/// The built-in games that a section says whole.
const WHOLE: &[&str] = &["chess", "capablanca", "chigorin", "sortofalmost"];

#[test]
fn whole_games_export_completely() {
    for game in WHOLE {
        let v = Variant::builtin(game).unwrap();
        let e = ini::export(&v, game);
        assert!(e.is_complete(), "{game}: {:?}", e.diagnostics());
        insta::assert_snapshot!(format!("export_{game}"), e.section());
    }
    let (code, out, err) = FAIRYFORGE.run(&["export", "chess", "--to", "fsf"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "chess: exported completely\n");
    assert!(out.contains("\n[chess]\n"), "{out}");
}

/// Charles Daniel's games, whose pieces Fairy-Stockfish cannot all state.
const SEED: &[&str] = &[
    "birds-and-ninjas",
    "stealth-ninja",
    "stealth-ninja-alternate-start",
    "stealth-ninja-alternative-setup",
    "stealth-ninja-alternative-reinforcements",
    "flying-bombers-grand",
    "insane-ninja",
    "pick-the-piece",
    "air-and-trench-warfare",
];

/// A game with a rule of the `[end]` table that the section does not write yet is never
/// said to export completely.
#[test]
fn end_rules_not_written_are_listed() {
    for (game, rule) in [
        ("shatranj", "`[end] bare-king = true`"),
        ("shatranj", "`[end] stalemate = \"loss\"`"),
        ("3check", "`[end] checks = 3`"),
        ("xiangqi", "`[end] stalemate = \"loss\"`"),
        ("xiangqi", "`royal-facing = \"file\"`"),
        ("minixiangqi", "`royal-facing = \"file\"`"),
    ] {
        let v = Variant::builtin(game).unwrap();
        let e = ini::export(&v, game);
        assert!(!e.is_complete(), "{game}");
        assert!(
            e.diagnostics()
                .iter()
                .any(|d| d.message().starts_with(rule)),
            "{game}: {rule} in {:?}",
            e.diagnostics()
        );
    }
}

#[test]
fn what_the_seed_games_cannot_export_is_listed_at_its_place() {
    let mut report = String::new();
    for game in builtin::game_names() {
        if WHOLE.contains(&game) || !SEED.contains(&game) {
            continue;
        }
        let v = Variant::builtin(game).unwrap();
        let e = ini::export(&v, "x");
        assert!(!e.is_complete(), "{game}");
        report.push_str(&format!("## {game}\n"));
        for d in e.diagnostics() {
            assert_eq!(d.code(), Code::NotExportable);
            report.push_str(&format!(
                "{}:{}:{}: {}\n",
                d.file().unwrap(),
                d.line().unwrap(),
                d.column().unwrap(),
                d.message()
            ));
        }
    }
    insta::assert_snapshot!("export_seed_games", report);
    let (code, _, err) = FAIRYFORGE.run(&["export", "birds-and-ninjas", "--to", "fsf"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("export_birds_and_ninjas_report", err);
}
