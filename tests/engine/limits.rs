//! Issue 13, items 1 and 6: every search stops within its time (plus a small margin) and
//! its node budget, in any position of any valid game, quiescence included; a depth limit
//! alone ends too; numeric options out of range are refused with a message, never a panic.
//!
//! The positions are the reproducers: boards full of queens or rooks whose
//! captures give check after check, a busy Stealth Ninja middle game, and a chess variant
//! whose knights promote to knights on every square (every knight move a "promotion").

use std::time::{Duration, Instant};

use fairyforge::search::{Limits, Searcher, Settings};
use fairyforge::{Position, Variant};
use fairyforge_tests::pos;

use super::FAIRYFORGE;

const QUEENS: &str = "qqqqkqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQKQQQ w - - 0 1";
const ROOKS: &str = "rrrrkrrr/rrrrrrrr/8/8/8/8/RRRRRRRR/RRRRKRRR w - - 0 1";
const STEALTH: &str = "RP/1a1jNk1pqy/wqr1p1J2g/3QJ2R2/4N1RRja/2RY1J2R1/2gr1gWJn1/1N2n2p2/A1j4Q2/rpRnaaKR2/2J2B2q1/2[AAJJJJJjj] b - - 0 40";

/// The chess variant whose knights promote to knights anywhere.
fn knights() -> Position {
    let v = Variant::parse(
        "knights.toml",
        "name = \"Knight promotions\"\nextends = \"chess\"\n\n[promotion]\npieces = [\"knight\"]\nzone = \"all\"\nchoices = [\"knight\"]\n",
    )
    .unwrap_or_else(|e| panic!("{}", e.render()));
    Position::start(&v)
}

fn reproducers() -> Vec<(&'static str, Position)> {
    vec![
        ("queens", pos("chess", QUEENS)),
        ("rooks", pos("chess", ROOKS)),
        ("stealth ninja", pos("stealth-ninja", STEALTH)),
        ("knight promotions", knights()),
    ]
}

/// Both engines: the modern one and the classic baseline.
fn engines() -> [Settings; 2] {
    [Settings::default(), Settings::classic()]
}

#[test]
fn a_time_limit_is_kept_from_the_first_node() {
    let limit = Duration::from_millis(200);
    for settings in engines() {
        for (name, mut p) in reproducers() {
            let mut s = Searcher::with_settings(settings.clone(), 16);
            let t = Instant::now();
            let r = s
                .search(&mut p, Limits::time(limit), |_| {})
                .expect("a legal move");
            let took = t.elapsed();
            // The margin covers a loaded test machine; without the fix these never ended.
            assert!(
                took < limit + Duration::from_millis(800),
                "{name} ({settings}): {took:?}"
            );
            assert!(p.legal_moves().contains(&r.best()), "{name}");
        }
    }
}

#[test]
fn a_node_budget_is_kept_exactly() {
    for settings in engines() {
        for (name, mut p) in reproducers() {
            for budget in [1, 1_000, 5_000] {
                let mut s = Searcher::with_settings(settings.clone(), 16);
                let r = s
                    .search(&mut p, Limits::nodes(budget), |_| {})
                    .expect("a legal move");
                assert!(
                    r.nodes <= budget,
                    "{name} ({settings}): {} > {budget}",
                    r.nodes
                );
                assert!(p.legal_moves().contains(&r.best()), "{name}");
            }
        }
    }
}

#[test]
fn a_depth_limit_alone_ends_the_quiescence_search_too() {
    for (name, mut p) in reproducers() {
        let r = Searcher::new(16)
            .search(&mut p, Limits::depth(1), |_| {})
            .expect("a legal move");
        assert_eq!(r.depth, 1, "{name}");
        // Bounded work, not a clock: each leaf's quiescence search has a node budget.
        assert!(r.nodes < 200_000, "{name}: {} nodes", r.nodes);
    }
}

#[test]
fn a_stop_flag_ends_a_search_without_limits() {
    let mut p = pos("chess", QUEENS);
    let mut s = Searcher::new(16);
    let stop = s.stop_flag();
    let t = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let r = s.search(&mut p, Limits::default(), |_| {}).unwrap();
    stopper.join().unwrap();
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert!(p.legal_moves().contains(&r.best()));
    // The stop was spent on that search: the next one runs to its limit.
    let r = s.search(&mut p, Limits::depth(1), |_| {}).unwrap();
    assert_eq!(r.depth, 1);
}

#[test]
fn a_stop_probe_ends_a_search_without_limits_in_both_engines() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};
    for engine in ["modern", "classic"] {
        let settings = Settings::parse(engine).unwrap();
        let mut p = pos("chess", QUEENS);
        let mut s = Searcher::with_settings(settings, 16);
        // The probe says "stop" the tenth time it is asked.
        let asked = Arc::new(AtomicU32::new(0));
        let counter = asked.clone();
        s.set_stop_probe(Some(Arc::new(move || {
            counter.fetch_add(1, Ordering::Relaxed) + 1 >= 10
        })));
        let r = s.search(&mut p, Limits::default(), |_| {}).unwrap();
        assert!(p.legal_moves().contains(&r.best()), "{engine}");
        assert!(
            (10..=12).contains(&asked.load(Ordering::Relaxed)),
            "{engine}: asked {asked:?}"
        );
        assert!(r.nodes < 100_000, "{engine}: {} nodes", r.nodes);
        // Taken away, it stops nothing: a depth limit ends the next search.
        s.set_stop_probe(None);
        let mut p = pos(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        let r = s.search(&mut p, Limits::depth(2), |_| {}).unwrap();
        assert_eq!(r.depth, 2, "{engine}");
    }
}

#[test]
fn analyse_and_play_return_within_their_time() {
    let t = Instant::now();
    let (code, out, err) = FAIRYFORGE.run(&["analyse", "chess", "--fen", QUEENS, "--time", "0.3"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines().last().unwrap_or("").starts_with("bestmove "),
        "{out}"
    );
    let (code, out, err) = FAIRYFORGE.run(&[
        "play",
        "stealth-ninja",
        "--fen",
        STEALTH,
        "--white",
        "computer",
        "--black",
        "computer",
        "--time",
        "0.2",
        "--plies",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Stopped after 2 plies") || out.contains("Game over"),
        "{out}"
    );
    // Two processes, three searches of at most 0.3 s: well within a minute even loaded.
    assert!(t.elapsed() < Duration::from_secs(60));
}

#[test]
fn numeric_options_out_of_range_are_refused() {
    let cases: [(&[&str], i32, &str); 8] = [
        (
            &["analyse", "chess", "--time", "1e300"],
            1,
            "--time 1e300: expected a number of seconds more than 0 up to 31536000 (a year)",
        ),
        (
            &["analyse", "chess", "--time", "18446744073709551616"],
            1,
            "--time 1.8446744073709552e19: expected a number of seconds more than 0 up to 31536000 (a year)",
        ),
        // No time to think is refused as `play` refuses it.
        (
            &["analyse", "chess", "--time", "0"],
            1,
            "--time 0: expected a number of seconds more than 0 up to 31536000 (a year)",
        ),
        (
            &["play", "chess", "--time", "0"],
            1,
            "--time 0: expected a number of seconds more than 0 up to 31536000 (a year)",
        ),
        (
            &["analyse", "chess", "--hash", "18446744073709551615"],
            2,
            "invalid value '18446744073709551615' for '--hash <HASH>': 18446744073709551615 MB is out of range: give a size from 1 to 1048576 megabytes",
        ),
        (
            &["play", "chess", "--time", "1e300"],
            1,
            "--time 1e300: expected a number of seconds more than 0 up to 31536000 (a year)",
        ),
        (
            &["match", "chess", "--time", "0"],
            2,
            "invalid value '0' for '--time <TIME>': 0 seconds is out of range: give a number of seconds above 0, at most 31536000",
        ),
        (
            &["match", "chess", "--hash", "1000000000"],
            2,
            "invalid value '1000000000' for '--hash <HASH>': 1000000000 MB is out of range: give a size from 1 to 1048576 megabytes",
        ),
    ];
    for (args, exit, message) in cases {
        let (code, out, err) = FAIRYFORGE.run(args);
        assert_eq!(code, exit, "{args:?}: {out}{err}");
        assert!(err.contains(message), "{args:?}:\n{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
