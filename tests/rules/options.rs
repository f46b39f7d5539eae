//! rules.md § Optional rules optional rules: Capture the Scepter and Insane Ninja promotion. Both are off by
//! default and exist only where the variant file declares them.

use fairyforge::{Color, EndReason, Outcome, Variant, divide, perft};
use fairyforge_tests::{play, pos};

use crate::FAIRYFORGE;
use crate::util::{game_with, has, listing, moves, pos_with};

const SCEPTER: &str = "capture-the-scepter";
const INSANE: &str = "insane-ninja-promotion";

/// White king e10 next to Black's rear squares; Black king a1.
const KING_E10: &str = "2/4K5/10/10/10/10/10/10/10/10/k9/2[] w - - 0 1";

fn scepter_result(game: &str) -> Outcome {
    let mut p = pos_with(game, &[SCEPTER], KING_E10);
    assert!(p.outcome().is_none());
    play(&mut p, &["e10e11"]);
    assert_eq!(p.fen(), "K1/10/10/10/10/10/10/10/10/10/k9/2[] b - - 1 1");
    // The game is over at once: no legal moves, even though Black could move.
    assert!(moves(&p).is_empty(), "{game}");
    assert!(!p.is_check());
    let o = p.outcome().expect("the game ended");
    assert_eq!(p.scepter_outcome(), Some(o));
    // Taking the move back reopens the game.
    p.undo();
    assert!(p.outcome().is_none());
    assert!(!moves(&p).is_empty());
    o
}

#[test]
fn r25_capture_the_scepter_is_off_by_default() {
    for g in ["birds-and-ninjas", "stealth-ninja", "insane-ninja"] {
        let mut p = pos(g, KING_E10);
        play(&mut p, &["e10e11"]);
        assert!(p.outcome().is_none(), "{g}");
        assert!(has(&p, "a1a2"), "{g}");
        let on = game_with(g, &[SCEPTER]);
        assert!(
            on.options()
                .iter()
                .any(|(n, _, enabled)| n == SCEPTER && *enabled)
        );
        let off = Variant::builtin(g).unwrap();
        assert!(
            off.options()
                .iter()
                .any(|(n, _, enabled)| n == SCEPTER && !*enabled)
        );
    }
}

#[test]
fn r25_capture_the_scepter_wins_in_birds_and_ninjas_and_insane_ninja() {
    for g in ["birds-and-ninjas", "insane-ninja"] {
        let o = scepter_result(g);
        assert_eq!(
            o,
            Outcome {
                winner: Some(Color::White),
                reason: EndReason::Scepter
            },
            "{g}"
        );
        assert_eq!(o.to_string(), "White wins by Capture the Scepter");
    }
    insta::assert_snapshot!(format!("{:?}", scepter_result("birds-and-ninjas")), @"Outcome { winner: Some(White), reason: Scepter }");
}

#[test]
fn r25_capture_the_scepter_draws_in_stealth_ninja() {
    for g in [
        "stealth-ninja",
        "stealth-ninja-alternate-start",
        "stealth-ninja-alternative-setup",
        "stealth-ninja-alternative-reinforcements",
    ] {
        let o = scepter_result(g);
        assert_eq!(
            o,
            Outcome {
                winner: None,
                reason: EndReason::Scepter
            },
            "{g}"
        );
        assert_eq!(o.to_string(), "draw by Capture the Scepter");
    }
}

#[test]
fn r25_capture_the_scepter_for_black_and_only_by_a_legal_king_move() {
    // Black king f1 beside White's rear squares; a white Ninja Guard on d1 guards e0.
    let fen = "2/9K/10/10/10/10/10/10/10/10/3G1k4/2[] b - - 0 1";
    let p = pos_with("birds-and-ninjas", &[SCEPTER], fen);
    assert!(!has(&p, "f1e0"));
    assert!(has(&p, "f1f0"));
    let mut p = p;
    play(&mut p, &["f1f0"]);
    let o = p.outcome().unwrap();
    assert_eq!(o.to_string(), "Black wins by Capture the Scepter");
    // A king capturing on the rear square captures the scepter too.
    let mut p = pos_with(
        "birds-and-ninjas",
        &[SCEPTER],
        "f1/4K5/10/10/10/10/10/10/10/10/k9/2[] w - - 0 1",
    );
    play(&mut p, &["e10e11"]);
    assert_eq!(p.outcome().unwrap().winner, Some(Color::White));
    // Any other piece on the rear square ends nothing.
    let mut p = pos_with(
        "birds-and-ninjas",
        &[SCEPTER],
        "2/4R5/10/10/10/10/10/10/10/10/k4K4/2[] w - - 0 1",
    );
    play(&mut p, &["e10e11"]);
    assert!(p.outcome().is_none());
}

#[test]
fn r25_capture_the_scepter_exists_only_on_the_104_square_board() {
    for g in [
        "flying-bombers-grand",
        "pick-the-piece",
        "air-and-trench-warfare",
        "chess",
    ] {
        let r = fairyforge_tests::game_with_options(g, &[SCEPTER]);
        assert!(r.is_err(), "{g} accepted {SCEPTER}");
    }
    let err = fairyforge_tests::game_with_options("birds-and-ninjas", &[INSANE]).unwrap_err();
    assert!(
        err.render().contains("capture-the-scepter"),
        "{}",
        err.render()
    );
}

#[test]
fn r24_r25_perft_stops_at_a_scepter_win() {
    let mut p = pos_with("birds-and-ninjas", &[SCEPTER], KING_E10);
    let n1 = perft(&mut p, 1);
    assert_eq!(n1, 7);
    let d = divide(&mut p, 2);
    let e11 = d.iter().find(|(m, _)| m == "e10e11").unwrap();
    assert_eq!(e11.1, 0, "no move below a finished game");
    let f11 = d.iter().find(|(m, _)| m == "e10f11").unwrap();
    assert_eq!(f11.1, 0);
    let other = d.iter().find(|(m, _)| m == "e10e9").unwrap();
    assert_eq!(other.1, 3);
    assert_eq!(perft(&mut p, 2), d.iter().map(|(_, n)| n).sum::<u64>());
    insta::assert_snapshot!(
        d.iter()
            .map(|(m, n)| format!("{m} {n}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Without the option the same king moves have replies.
    let mut q = pos("birds-and-ninjas", KING_E10);
    let d = divide(&mut q, 2);
    assert_eq!(d.iter().find(|(m, _)| m == "e10e11").unwrap().1, 3);
}

/// White's king already on e11 (a Black rear square), Black to move: a finished game with
/// Capture the Scepter on (rules.md § Optional rules), as the issue found it.
const KING_ON_E11: &str = "K1/k9/10/10/10/10/10/10/10/10/10/2[] b - - 1 1";

/// The games with Capture the Scepter and its result for the king's side (rules.md § Optional rules).
const SCEPTER_GAMES: [(&str, bool); 6] = [
    ("birds-and-ninjas", true),
    ("insane-ninja", true),
    ("stealth-ninja", false),
    ("stealth-ninja-alternate-start", false),
    ("stealth-ninja-alternative-setup", false),
    ("stealth-ninja-alternative-reinforcements", false),
];

#[test]
fn r25_a_position_string_with_a_king_on_a_rear_square_is_a_finished_game() {
    for (g, wins) in SCEPTER_GAMES {
        let want = Outcome {
            winner: wins.then_some(Color::White),
            reason: EndReason::Scepter,
        };
        let mut p = pos_with(g, &[SCEPTER], KING_ON_E11);
        assert!(moves(&p).is_empty(), "{g}: {:?}", moves(&p));
        assert_eq!(perft(&mut p, 1), 0, "{g}");
        assert_eq!(perft(&mut p, 3), 0, "{g}");
        assert_eq!(p.outcome(), Some(want), "{g}");
        assert_eq!(p.scepter_outcome(), Some(want), "{g}");
        // Black's king could step, but no move may be played, and both readers say why.
        let result = want.to_string();
        assert_eq!(
            p.parse_move("a10a9").unwrap_err().to_string(),
            format!("`a10a9` cannot be played: the game is over ({result})"),
            "{g}"
        );
        assert_eq!(
            p.parse_input("a10a9").unwrap_err().to_string(),
            format!("the game is over: {result}"),
            "{g}"
        );
        // Without the option the same position is an ordinary one.
        let q = pos(g, KING_ON_E11);
        assert_eq!(moves(&q), ["a10a9", "a10b10", "a10b9"], "{g}");
        assert_eq!(q.outcome(), None, "{g}");
    }
}

#[test]
fn r25_a_scepter_position_reached_by_play_equals_the_same_one_read() {
    // The outcome is a function of the position: reached by the king's move or read from
    // its string, the two positions are equal, hash included, and end the same way.
    for (g, _) in SCEPTER_GAMES {
        let mut played = pos_with(g, &[SCEPTER], KING_E10);
        play(&mut played, &["e10e11"]);
        let fen = played.fen();
        let read = pos_with(g, &[SCEPTER], &fen);
        assert_eq!(played, read, "{g}");
        assert_eq!(played.hash(), read.hash(), "{g}");
        assert_eq!(read.hash(), read.compute_hash(), "{g}");
        assert_eq!(played.outcome(), read.outcome(), "{g}");
        assert!(moves(&read).is_empty(), "{g}");
        // Taking the king's move back reopens the game; playing it again ends it.
        played.undo();
        assert_eq!(played.outcome(), None, "{g}");
        play(&mut played, &["e10e11"]);
        assert_eq!(played, read, "{g}");
    }
}

#[test]
fn r25_a_black_king_on_a_white_rear_square_and_both_kings_on_one() {
    // Black's king on e0, White to move: Black has won.
    let p = pos_with(
        "birds-and-ninjas",
        &[SCEPTER],
        "2/9K/10/10/10/10/10/10/10/10/10/k1[] w - - 0 1",
    );
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome().map(|o| o.to_string()).as_deref(),
        Some("Black wins by Capture the Scepter")
    );
    // Both kings on an opponent's rear square (no game reaches it): the side that moved
    // last has won, as after the move that ends a game.
    let both = "K1/10/10/10/10/10/10/10/10/10/10/k1[] w - - 0 1";
    let p = pos_with("birds-and-ninjas", &[SCEPTER], both);
    assert_eq!(p.outcome().unwrap().winner, Some(Color::Black));
    let p = pos_with("birds-and-ninjas", &[SCEPTER], &both.replace(" w ", " b "));
    assert_eq!(p.outcome().unwrap().winner, Some(Color::White));
}

#[test]
fn r25_every_command_reports_a_scepter_position_as_finished() {
    let game = [
        "birds-and-ninjas",
        "--option",
        SCEPTER,
        "--fen",
        KING_ON_E11,
    ];
    // The command and its flags, the game and position, then positional arguments.
    let with = |cmd: &[&str], last: &[&str]| {
        let mut args = cmd.to_vec();
        args.extend(game);
        args.extend(last);
        FAIRYFORGE.run(&args)
    };
    let said = "Game over: White wins by Capture the Scepter.";
    // `moves`: no move on standard output, the result on standard error.
    let (code, out, err) = with(&["moves"], &[]);
    assert_eq!((code, out.as_str(), err.trim()), (0, "", said));
    // `perft`: 0 at every depth but 0.
    let (code, out, err) = with(&["perft", "--divide"], &["2"]);
    assert_eq!((code, out.as_str()), (0, "nodes 0\n"));
    assert!(err.lines().any(|l| l == said), "{err}");
    let (_, out, _) = with(&["perft"], &["3"]);
    assert_eq!(out, "nodes 0\n");
    // `fen`: the position as it is, and the result.
    let (code, out, err) = with(&["fen"], &[]);
    assert_eq!((code, out.trim(), err.trim()), (0, KING_ON_E11, said));
    // `show`: the board, then the result.
    let (code, out, _) = with(&["show", "--no-color"], &[]);
    assert_eq!(code, 0);
    assert!(out.ends_with(&format!("Black to move\n{said}\n")), "{out}");
    // `piece` in the position: Black's king has no move, and why.
    let (code, out, err) = with(&["piece"], &["k"]);
    assert_eq!((code, err.trim()), (0, said));
    assert!(out.contains("moves: none"), "{out}");
    // A move after the end is refused with the reason.
    let (code, _, err) = with(&["moves"], &["--moves", "a10a9"]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: move 1 of --moves, `a10a9` (Black to move): the game is over: White wins by \
         Capture the Scepter"
    );
    // In the Stealth Ninja games the same position is a draw.
    let (_, _, err) = FAIRYFORGE.run(&[
        "moves",
        "stealth-ninja",
        "--option",
        SCEPTER,
        "--fen",
        KING_ON_E11,
    ]);
    assert_eq!(err.trim(), "Game over: draw by Capture the Scepter.");
}

/// White Ninja Guard d10, Ninja Warrior e9; Black king a1.
const NINJAS: &str = "2/3G6/4W5/10/10/10/10/10/10/10/k4K4/2[] w - - 0 1";

#[test]
fn r25_insane_ninja_promotion_in_stealth_ninja() {
    for g in [
        "stealth-ninja",
        "stealth-ninja-alternate-start",
        "stealth-ninja-alternative-reinforcements",
    ] {
        // Off by default: the guard stays a guard.
        let mut p = pos(g, NINJAS);
        play(&mut p, &["d10e11"]);
        assert!(p.fen().starts_with("G1/"), "{g}: {}", p.fen());
        // On: the guard becomes an Insane Ninja; the move text has no suffix, and there
        // is only one move d10e11 (the change is not optional).
        let mut p = pos_with(g, &[INSANE], NINJAS);
        let m = moves(&p);
        assert_eq!(m.iter().filter(|t| *t == "d10e11").count(), 1, "{g}");
        assert!(
            !m.iter().any(|t| t.starts_with("d10e11") && t.len() > 6),
            "{g}"
        );
        play(&mut p, &["d10e11"]);
        assert!(p.fen().starts_with("I1/10/4W5/"), "{g}: {}", p.fen());
        // The warrior by a step and by a two-square jump.
        let mut p = pos_with(g, &[INSANE], NINJAS);
        play(&mut p, &["e9e10"]);
        play(&mut p, &["a1a2", "e10e11"]);
        assert!(p.fen().starts_with("I1/3G6/10/"), "{g}: {}", p.fen());
        let mut p = pos_with(g, &[INSANE], NINJAS);
        play(&mut p, &["e9e11"]);
        assert!(p.fen().starts_with("I1/3G6/10/"), "{g}: {}", p.fen());
    }
    let p = pos_with("stealth-ninja", &[INSANE], NINJAS);
    insta::assert_snapshot!(listing(&p));
}

#[test]
fn r25_insane_ninja_promotion_by_a_capturing_jump_and_for_black() {
    // The guard on c9 jumps d10 (a black knight, captured) and lands on e11.
    let mut p = pos_with(
        "stealth-ninja",
        &[INSANE],
        "2/3n6/2G7/10/10/10/10/10/10/10/k4K4/2[] w - - 0 1",
    );
    play(&mut p, &["c9e11"]);
    assert_eq!(p.fen(), "I1/10/10/10/10/10/10/10/10/10/k4K4/2[] b - - 0 1");
    // Black's Ninja Warrior reaches f0.
    let mut p = pos_with(
        "stealth-ninja",
        &[INSANE],
        "2/k9/10/10/10/10/10/10/10/5w4/K9/2[] b - - 0 1",
    );
    play(&mut p, &["f2f0"]);
    assert_eq!(p.fen(), "2/k9/10/10/10/10/10/10/10/10/K9/1i[] w - - 1 2");
}

#[test]
fn r25_no_insane_ninja_promotion_for_the_leaping_ninja_guard() {
    // Alternative setup: a Leaping Ninja Guard on d10 stays one; a Ninja Warrior changes.
    let fen = "2/3L6/4W5/10/10/10/10/10/10/10/k4K4/2[] w - - 0 1";
    let mut p = pos_with("stealth-ninja-alternative-setup", &[INSANE], fen);
    play(&mut p, &["d10e11"]);
    assert!(p.fen().starts_with("L1/"), "{}", p.fen());
    let mut p = pos_with("stealth-ninja-alternative-setup", &[INSANE], fen);
    play(&mut p, &["e9e11"]);
    assert!(p.fen().starts_with("I1/"), "{}", p.fen());
    // Birds and Ninjas and Insane Ninja have no such option.
    for g in ["birds-and-ninjas", "insane-ninja"] {
        assert!(
            fairyforge_tests::game_with_options(g, &[INSANE]).is_err(),
            "{g}"
        );
    }
}

#[test]
fn r25_both_options_together() {
    let mut p = pos_with(
        "stealth-ninja",
        &[SCEPTER, INSANE],
        "2/3G1K4/10/10/10/10/10/10/10/10/k9/2[] w - - 0 1",
    );
    play(&mut p, &["d10e11"]);
    assert!(p.outcome().is_none());
    assert!(p.fen().starts_with("I1/"));
    play(&mut p, &["a1a2", "f10f11"]);
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "draw by Capture the Scepter"
    );
}

/// A user's game whose optional rule is on by default (`default = true`, docs/format.md).
const HILL: &str = r#"extends = "chess"
name = "Chess with a hill"

[options.hill]
description = "A king that ends its move on d4, e4, d5 or e5 wins."
default = true
scepter = { zone = ["d4", "e4", "d5", "e5"], result = "win" }
"#;

fn hill(options: &[&str]) -> Result<std::sync::Arc<Variant>, String> {
    let dir = fairyforge_tests::temp_dir("hill");
    let path = dir.join("hill.toml");
    std::fs::write(&path, HILL).unwrap();
    // The command line's syntax, read in one place: a bad value is an error of its own.
    let settings = options
        .iter()
        .map(|s| s.parse::<fairyforge::OptionSetting>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    Variant::loader()
        .options(settings)
        .load(&path)
        .map_err(|e| e.render())
}

#[test]
fn r25_an_option_on_by_default_can_be_turned_off() {
    let king_e3 = "8/8/8/8/8/4K3/8/k7 w - - 0 1";
    for (opts, wins) in [
        (&[][..], true),
        (&["hill"][..], true),
        (&["hill=on"][..], true),
        (&["hill=off"][..], false),
        (&["hill=off", "hill"][..], true),
        (&["hill", "hill=off"][..], false),
    ] {
        let v = hill(opts).unwrap();
        assert_eq!(
            v.options(),
            vec![(
                "hill".to_string(),
                "A king that ends its move on d4, e4, d5 or e5 wins.".to_string(),
                wins
            )],
            "{opts:?}"
        );
        let mut p = fairyforge::Position::from_fen(&v, king_e3).unwrap();
        play(&mut p, &["e3e4"]);
        assert_eq!(p.outcome().is_some(), wins, "{opts:?}");
    }
}

#[test]
fn r25_an_option_with_a_bad_value_is_an_error() {
    let e = hill(&["hill=maybe"]).unwrap_err();
    assert_eq!(
        e.trim_end(),
        "option `hill=maybe`: write `hill` or `hill=on` to turn it on, `hill=off` to turn it off"
    );
    let e = hill(&["hil=off"]).unwrap_err();
    assert_eq!(
        e.trim_end(),
        "[unknown-option] Chess with a hill has no option `hil`: did you mean `hill`? (its options: hill)"
    );
}
