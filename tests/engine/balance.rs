//! Issue 19: `fairyforge balance`, self-play from balanced openings: White's score with
//! its interval, draws, game ends, length and the opening's weight, the same on one
//! thread and on two, and the comparison of a game with an optional rule and without.

use super::FAIRYFORGE;

fn balance(args: &[&str]) -> String {
    let mut all = vec!["balance"];
    all.extend_from_slice(args);
    let (code, out, err) = FAIRYFORGE.run(&all);
    assert_eq!(code, 0, "balance {args:?}: {err}\n{out}");
    out
}

/// White's wins, draws and losses counted from a PGN file's results.
fn results(pgn: &str) -> (usize, usize, usize) {
    let count = |r: &str| pgn.matches(&format!("[Result \"{r}\"]")).count();
    (count("1-0"), count("1/2-1/2"), count("0-1"))
}

#[test]
fn a_balance_run_reports_white_s_score_from_its_games() {
    let dir = fairyforge_tests::temp_dir("balance");
    let pgn = dir.join("games.pgn");
    let pgn_s = pgn.to_string_lossy().into_owned();
    let args = [
        "chess",
        "--games",
        "12",
        "--nodes",
        "60",
        "--max-plies",
        "40",
        "--hash",
        "1",
        "--pgn",
        &pgn_s,
    ];
    let out = balance(&[&args[..], &["--jobs", "2"]].concat());
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        out.starts_with("Chess: balance from 12 games, 60 and 75 nodes a move (the budgets swap colours), openings random-plies:4\n"),
        "{out}"
    );
    let (w, d, l) = results(&text);
    assert_eq!(w + d + l, 12);
    assert!(
        out.contains(&format!("12 games: White won {w}, drew {d}, lost {l}\n")),
        "{out}"
    );
    let score = 100.0 * (w as f64 + d as f64 / 2.0) / 12.0;
    assert!(
        out.contains(&format!("White's score: {score:.1}% ± ")),
        "{score}\n{out}"
    );
    assert!(
        out.contains(&format!("Draw rate: {:.1}%\n", 100.0 * d as f64 / 12.0)),
        "{out}"
    );
    assert!(
        out.contains("Openings: 6 played twice; one colour won both games in "),
        "{out}"
    );
    assert!(out.contains("The opening explains "), "{out}");
    // The two games of an opening are played by the two budgets, colours swapped.
    assert_eq!(text.matches("[White \"fairyforge modern\"]").count(), 12);
    // One thread: the same report, the same games.
    let pgn1 = dir.join("games-one-thread.pgn");
    let pgn1_s = pgn1.to_string_lossy().into_owned();
    let mut one_args = args.to_vec();
    *one_args.last_mut().unwrap() = &pgn1_s;
    let one = balance(&[&one_args[..], &["--jobs", "1"]].concat());
    assert_eq!(one, out);
    assert_eq!(std::fs::read_to_string(&pgn1).unwrap(), text);
}

#[test]
fn balance_compares_a_game_with_an_optional_rule() {
    let out = balance(&[
        "birds-and-ninjas",
        "--games",
        "4",
        "--nodes",
        "40",
        "--max-plies",
        "30",
        "--hash",
        "1",
        "--option",
        "capture-the-scepter",
    ]);
    assert!(out.contains("\nAs it is:\n4 games: White won "), "{out}");
    assert!(
        out.contains("\nWith capture-the-scepter:\n4 games: White won "),
        "{out}"
    );
    assert!(
        out.contains("White's score with capture-the-scepter minus as it is: "),
        "{out}"
    );
    let (code, _, err) = FAIRYFORGE.run(&["balance", "chess", "--option", "no-such-rule"]);
    assert_eq!(code, 1);
    assert!(err.contains("no-such-rule"), "{err}");
}
