//! Issue 19: `fairyforge values`, piece values by imbalance matches played on the lab's
//! executor: the study of Tower Chess's tower end to end, each setup's games counted for
//! the side given the imbalance, the same result on one thread and on two, the chart,
//! and the error for a piece the game does not have. (That the fit recovers a tower worth
//! a rook is shown on games drawn from known values in core's `values::fit` tests: from
//! real matches it takes thousands of games, far too slow for a debug test build.)

use super::FAIRYFORGE;

/// The path of Tower Chess, whose Tower is a rook under another name.
fn tower_chess() -> String {
    fairyforge_tests::root()
        .join("tests/data/tower-chess.toml")
        .to_string_lossy()
        .into_owned()
}

fn values(args: &[&str]) -> String {
    let mut all = vec!["values"];
    all.extend_from_slice(args);
    let (code, out, err) = FAIRYFORGE.run(&all);
    assert_eq!(code, 0, "values {args:?}: {err}\n{out}");
    out
}

/// A path named `name` in a fresh temporary directory, and the directory (removed when
/// dropped).
fn temp(name: &str) -> (fairyforge_tests::TempDir, String) {
    let dir = fairyforge_tests::temp_dir("values");
    let path = dir.join(name).to_string_lossy().into_owned();
    (dir, path)
}

/// The `(won, drew, lost)` a setup's line reports.
fn setup_line(out: &str, name: &str) -> (u32, u32, u32) {
    let line = out
        .lines()
        .find(|l| l.starts_with(&format!("{name}: won ")))
        .unwrap_or_else(|| panic!("no line for {name}:\n{out}"));
    let n: Vec<u32> = line[name.len()..]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .take(3)
        .map(|t| t.parse().unwrap())
        .collect();
    (n[0], n[1], n[2])
}

#[test]
fn a_values_study_of_the_tower_runs_end_to_end() {
    let (_pgn_dir, pgn) = temp("tower.pgn");
    let (_plot_dir, plot) = temp("tower.svg");
    let tower = tower_chess();
    let args = [
        tower.as_str(),
        "--piece",
        "tower",
        "--games",
        "8",
        "--nodes",
        "30",
        "--max-plies",
        "24",
        "--hash",
        "1",
        "--pgn",
        &pgn,
        "--plot",
        &plot,
    ];
    let out = values(&[&args[..], &["--jobs", "2"]].concat());
    let text = std::fs::read_to_string(&pgn).unwrap();
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(
        out.starts_with("Tower Chess: values from 7 setups, 8 games each (half with White given the imbalance, half with Black), 30 and 37 nodes a move (the budgets swap colours), openings random-plies:4\n"),
        "{out}"
    );
    // The pawn-odds calibration and every setup of the tower, 8 games each.
    let setups = [
        "pawn odds",
        "tower removed",
        "tower for 4 pawns",
        "tower for queen",
        "tower for rook",
        "tower for bishop",
        "tower for knight",
    ];
    for name in setups {
        let (w, d, l) = setup_line(&out, name);
        assert_eq!(w + d + l, 8, "{name}\n{out}");
    }
    assert_eq!(text.matches("[Event \"fairyforge values\"]").count(), 56);
    // The pawn-odds games counted for the side a pawn down, whichever colour it had: its
    // f-pawn is missing from the start position in the FEN tag.
    let (mut w, mut d, mut l) = (0, 0, 0);
    let (mut as_white, mut as_black) = (0, 0);
    for game in text.split("[Event ").skip(1) {
        let white_down = game.contains("/PPPPP1PP/");
        let black_down = game.contains("/ppppp1pp/");
        if !(white_down || black_down) {
            continue;
        }
        assert!(white_down != black_down, "{game}");
        if white_down {
            as_white += 1;
        } else {
            as_black += 1;
        }
        let result = if game.contains("[Result \"1-0\"]") {
            Some(white_down)
        } else if game.contains("[Result \"0-1\"]") {
            Some(black_down)
        } else {
            assert!(game.contains("[Result \"1/2-1/2\"]"), "{game}");
            None
        };
        match result {
            Some(true) => w += 1,
            Some(false) => l += 1,
            None => d += 1,
        }
    }
    assert_eq!((as_white, as_black), (4, 4));
    assert_eq!(setup_line(&out, "pawn odds"), (w, d, l), "{out}");
    // The table: a row for the tower beside its declared 4, the pawn's worth from the
    // pawn-odds calibration.
    assert!(
        out.contains(
            "\nPiece values of Tower Chess in pawns, 95% intervals, from 56 games in 7 setups\n"
        ),
        "{out}"
    );
    assert!(out.contains("\nUnit: Pawn = 1. A pawn is worth "), "{out}");
    assert!(out.contains("; a side a pawn down scores "), "{out}");
    let tower = out
        .lines()
        .find(|l| l.starts_with("Tower ") && !l.starts_with("Tower Chess"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(tower.split_whitespace().any(|t| t == "4"), "{tower}");
    assert!(out.ends_with(&format!("wrote {plot}\n")), "{out}");
    // The chart: the values panel and the pawn-odds setup's running score.
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.contains(">Tower<"), "{svg}");
    assert!(svg.contains("pawn odds: the side given it"), "{svg}");

    // One thread: the same report, the same games.
    let (_pgn1_dir, pgn1) = temp("tower1.pgn");
    let mut one = args[..11].to_vec();
    one.extend(["--pgn", &pgn1, "--jobs", "1"]);
    let one_out = values(&one);
    let one_text = std::fs::read_to_string(&pgn1).unwrap();
    assert_eq!(one_out, out.replace(&format!("wrote {plot}\n"), ""));
    assert_eq!(one_text, text);
}

#[test]
fn values_names_the_game_s_pieces_for_an_unknown_one() {
    let (code, out, err) = FAIRYFORGE.run(&["values", &tower_chess(), "--piece", "wazir"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("`wazir` is not a piece of Tower Chess: its pieces are king, queen, rook, tower, bishop, knight, chess-pawn (an id, a name or a letter)"),
        "{err}"
    );
    let (code, _, err) = FAIRYFORGE.run(&["values", "chess", "--piece", "king"]);
    assert_eq!(code, 1);
    assert!(err.contains("`king` is the royal piece of Chess"), "{err}");
}

#[test]
fn balance_draws_white_s_score_as_the_games_accumulate() {
    let (_plot_dir, plot) = temp("balance.svg");
    let out = FAIRYFORGE.run(&[
        "balance",
        "chess",
        "--games",
        "4",
        "--nodes",
        "40",
        "--max-plies",
        "20",
        "--hash",
        "1",
        "--plot",
        &plot,
    ]);
    assert_eq!(out.0, 0, "{}", out.2);
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.contains("s score as the games accumulate"), "{svg}");
    assert!(svg.contains("White, as it is"), "{svg}");
}
