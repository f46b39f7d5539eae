//! Issue 14: `fairyforge match`, the computer against itself or another engine: the
//! summary it prints, the PGN it writes (the game's name in a `Variant` tag, moves that
//! replay legally), the same games whatever the concurrency at a fixed node count, and
//! external engines driven over UCI and XBoard (this program's own `uci` and `xboard`
//! commands stand in for them here).

use fairyforge::Position;
use fairyforge_tests::game;

use super::FAIRYFORGE;

/// Runs a match; returns its standard output and the PGN it wrote.
fn run_match(args: &[&str], tag: &str) -> (String, String) {
    let dir = fairyforge_tests::temp_dir(&format!("match-{tag}"));
    let pgn = dir.join("games.pgn");
    let pgn_s = pgn.to_string_lossy().into_owned();
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--pgn", &pgn_s]);
    let (code, out, err) = FAIRYFORGE.run(&all);
    assert_eq!(code, 0, "match {args:?}: {err}\n{out}");
    let text = std::fs::read_to_string(&pgn).expect("the PGN file is written");
    (out, text)
}

/// A game of a PGN text: its tags and its moves.
type Game = (Vec<(String, String)>, Vec<String>);

/// The games of a PGN text.
fn games(pgn: &str) -> Vec<Game> {
    let mut out = Vec::new();
    for block in pgn.split("\n\n[").filter(|b| !b.trim().is_empty()) {
        let block = block.trim_start_matches('[');
        let (head, body) = block.split_once("\n\n").expect("tags, then moves");
        let tags = head
            .lines()
            .map(|l| {
                let l = l.trim_start_matches('[').trim_end_matches(']');
                let (k, v) = l.split_once(' ').unwrap();
                (k.to_string(), v.trim_matches('"').to_string())
            })
            .collect();
        let moves = body
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !w.starts_with('{') && !w.ends_with('}'))
            .filter(|w| {
                ![
                    "1-0", "0-1", "1/2-1/2", "*", "random", "opening", "the", "of", "end",
                ]
                .contains(w)
            })
            .map(str::to_string)
            .collect();
        out.push((tags, moves));
    }
    out
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> &'a str {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {name} tag in {tags:?}"))
}

#[test]
fn a_self_play_match_reports_and_saves_its_games() {
    let (out, pgn) = run_match(
        &[
            "capablanca",
            "--games",
            "2",
            "--nodes",
            "400",
            "--openings",
            "random-plies:4",
            "--a",
            "modern",
            "--b",
            "classic",
            "--max-plies",
            "60",
        ],
        "self",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Capablanca Chess: fairyforge modern (network capablanca.nnue) against fairyforge classic, 2 games, 400 nodes a move, openings random-plies:4"
    );
    // The default engine names the built-in network it evaluates with.
    assert_eq!(lines[1], "A: fairyforge modern (network capablanca.nnue)");
    assert_eq!(lines[2], "B: fairyforge classic");
    assert!(lines[3].starts_with("2 games: A won "), "{out}");
    assert!(lines[4].starts_with("Score of A: "), "{out}");
    assert!(lines[5].starts_with("Elo of A over B: "), "{out}");
    assert!(lines[6].starts_with("Game ends: "), "{out}");
    assert!(lines[7].starts_with("Average length: "), "{out}");
    assert!(lines[8].starts_with("White scored "), "{out}");
    let games = games(&pgn);
    assert_eq!(games.len(), 2);
    for (i, (tags, moves)) in games.iter().enumerate() {
        assert_eq!(tag(tags, "Variant"), "capablanca");
        assert_eq!(tag(tags, "Round"), (i + 1).to_string());
        // Colours alternate: A is White in the first game.
        let a_white = i == 0;
        assert_eq!(
            tag(tags, "White") == "fairyforge modern (network capablanca.nnue)",
            a_white
        );
        assert!(
            !tags.iter().any(|(k, _)| k == "FEN"),
            "the games start from the setup"
        );
        // The moves replay legally, each written in readable text (SAN in chess).
        let mut p = Position::start(&game("capablanca"));
        for m in moves {
            let mv = p.parse_input(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            assert_eq!(*m, p.readable_text_marked(&mv));
            p.play_unchecked(&mv);
        }
        let result = tag(tags, "Result");
        match p.outcome() {
            Some(o) => assert_eq!(
                result,
                match o.winner {
                    Some(fairyforge::Color::White) => "1-0",
                    Some(fairyforge::Color::Black) => "0-1",
                    None => "1/2-1/2",
                }
            ),
            None => {
                assert_eq!(moves.len(), 60, "only the ply limit ends a game early");
                assert_eq!(result, "1/2-1/2");
            }
        }
        // Both games of a pair share their opening.
        assert_eq!(moves[..4], games[0].1[..4]);
    }
}

#[test]
fn fixed_node_matches_are_the_same_at_any_concurrency() {
    let args = [
        "chess",
        "--games",
        "4",
        "--nodes",
        "300",
        "--openings",
        "random-plies:2",
        "--max-plies",
        "40",
        "--a",
        "modern",
        "--b",
        "nmp=off",
    ];
    let (one, pgn_one) = run_match(&[&args[..], &["--concurrency", "1"]].concat(), "c1");
    let (two, pgn_two) = run_match(&[&args[..], &["--concurrency", "2"]].concat(), "c2");
    assert_eq!(one, two);
    assert_eq!(pgn_one, pgn_two);
}

#[test]
fn external_engines_over_uci_and_xboard() {
    let exe = FAIRYFORGE.path().to_string_lossy().into_owned();
    let uci = format!("uci:{exe} uci");
    let xboard = format!("xboard:{exe} xboard");
    // UCI with a node budget; XBoard (no node budgets in its protocol) with a depth.
    let (out, pgn) = run_match(
        &[
            "chess",
            "--games",
            "2",
            "--nodes",
            "300",
            "--max-plies",
            "30",
            "--a",
            "modern",
            "--b",
            &uci,
        ],
        "uci",
    );
    assert!(out.contains("2 games: A won "), "{out}");
    assert!(!out.contains("engine failure"), "{out}\n{pgn}");
    let (out, pgn) = run_match(
        &[
            "capablanca",
            "--games",
            "2",
            "--depth",
            "2",
            "--max-plies",
            "30",
            "--a",
            &xboard,
            "--b",
            "classic",
        ],
        "xboard",
    );
    assert!(out.contains("2 games: A won "), "{out}");
    assert!(!out.contains("engine failure"), "{out}\n{pgn}");
    for (tags, moves) in games(&pgn) {
        assert_eq!(tag(&tags, "Variant"), "capablanca");
        assert!(!moves.is_empty());
    }
}

#[test]
fn a_missing_engine_is_an_error() {
    let (code, _, err) = FAIRYFORGE.run(&[
        "match",
        "chess",
        "--games",
        "1",
        "--b",
        "uci:/nonexistent/engine",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("cannot start the engine `/nonexistent/engine`"),
        "{err}"
    );
    let (code, _, err) = FAIRYFORGE.run(&["match", "chess", "--a", "lmr=sometimes"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: --a: engine setting `lmr=sometimes`: `sometimes` is neither `on` nor `off`\n"
    );
}

/// A fake engine: a shell script in a fresh directory that runs `body` with `$FF` set to
/// this program's binary; returns the directory (removed when dropped) and the script's path.
fn fake_engine(tag: &str, body: &str) -> (fairyforge_tests::TempDir, String) {
    use std::os::unix::fs::PermissionsExt;
    let dir = fairyforge_tests::temp_dir(tag);
    let path = dir.join("engine.sh");
    let exe = FAIRYFORGE.path().to_string_lossy().into_owned();
    std::fs::write(&path, format!("#!/bin/sh\nFF='{exe}'\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = path.to_string_lossy().into_owned();
    (dir, path)
}

/// The body of a fake UCI engine: this program's, its input passed on line by line by a
/// shell loop that runs `third` (`exit 0`, `continue`) at the third `go`; `after` follows
/// the pipeline.
fn forward(third: &str, after: &str) -> String {
    format!(
        "n=0
         while IFS= read -r l; do
           case \"$l\" in go*) n=$((n + 1)); if [ $n -eq 3 ]; then {third}; fi;; esac
           printf '%s\\n' \"$l\"
         done | \"$FF\" uci{after}"
    )
}

/// Runs a match of two games of chess between this program's engine (A) and `b`;
/// returns the exit code, standard output and the PGN written.
fn match_against(b: &str, budget: &[&str], tag: &str) -> (i32, String, String, String) {
    let dir = fairyforge_tests::temp_dir(&format!("match-{tag}"));
    let pgn = dir.join("games.pgn");
    let pgn_s = pgn.to_string_lossy().into_owned();
    let mut args = vec![
        "match",
        "chess",
        "--games",
        "2",
        "--max-plies",
        "20",
        "--verbose",
        "--engine-timeout",
        "1",
        "--a",
        "modern",
        "--b",
        b,
        "--pgn",
        &pgn_s,
    ];
    args.extend_from_slice(budget);
    let (code, out, err) = FAIRYFORGE.run(&args);
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    (code, out, err, text)
}

/// The summary of a match that B lost every game of by engine failure.
fn assert_b_failed_every_game(code: i32, out: &str, err: &str, pgn: &str, why: &str) {
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("game 1: A wins (engine failure, "), "{out}");
    assert!(out.contains("game 2: A wins (engine failure, "), "{out}");
    assert!(out.contains("2 games: A won 2, drew 0, lost 0\n"), "{out}");
    assert!(out.contains("Game ends: engine failure 100%\n"), "{out}");
    assert_eq!(pgn.matches(why).count(), 2, "{pgn}");
}

#[test]
fn an_engine_that_exits_or_crashes_loses_its_games_and_the_match_goes_on() {
    // Exits at its third search, in each of its runs: it is started anew for game 2.
    let (_exits_dir, exits) = fake_engine("exits", &forward("exit 0", ""));
    let (code, out, err, pgn) =
        match_against(&format!("uci:{exits}"), &["--nodes", "100"], "exits");
    assert_b_failed_every_game(code, &out, &err, &pgn, "exited");
    assert!(
        pgn.contains("[Termination \"Black loses: the engine `"),
        "{pgn}"
    );
    // Crashes (SIGSEGV) at its third search.
    let (_crashes_dir, crashes) = fake_engine("crashes", &forward("exit 0", "; kill -SEGV $$"));
    let (code, out, err, pgn) =
        match_against(&format!("uci:{crashes}"), &["--depth", "1"], "crashes");
    assert_b_failed_every_game(code, &out, &err, &pgn, "exited");
    // An XBoard engine that exits at once loses both games without a move.
    let (_gone_dir, gone) = fake_engine("gone", "exit 0");
    let (code, out, err, pgn) = match_against(&format!("xboard:{gone}"), &["--depth", "1"], "gone");
    assert_b_failed_every_game(code, &out, &err, &pgn, "loses: the engine `");
    assert!(out.contains("Average length: 0.0 plies"), "{out}");
}

#[test]
fn an_engine_that_stops_answering_loses_on_the_watchdog() {
    // Answers its first two searches, then never again; the watchdog (1 s here) ends its
    // game in every mode, and it is started anew for the next.
    let (_silent_dir, silent) = fake_engine("silent", &forward("continue", ""));
    let b = format!("uci:{silent}");
    for budget in [
        &["--nodes", "100"][..],
        &["--depth", "1"],
        &["--time", "0.05"],
        &["--clock", "5+0"],
    ] {
        let (code, out, err, pgn) = match_against(&b, budget, "silent");
        assert_b_failed_every_game(code, &out, &err, &pgn, "did not answer within");
    }
}

#[test]
fn bytes_that_are_not_utf8_from_an_engine_are_read_on() {
    // Every line of the engine's gets a Latin-1 byte in front of its end.
    let (_latin_dir, latin) = fake_engine(
        "latin1",
        "\"$FF\" uci | while IFS= read -r l; do
           case \"$l\" in info*) printf '%s \\351\\n' \"$l\";; *) printf '%s\\n' \"$l\";; esac
         done",
    );
    let (code, out, err, pgn) =
        match_against(&format!("uci:{latin}"), &["--nodes", "100"], "latin1");
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("2 games: "), "{out}");
    assert!(!out.contains("engine failure"), "{out}\n{pgn}");
}

/// A match ignores SIGPIPE (its engines may exit), yet ends quietly when its own reader
/// goes away, as the other commands do, with the status a shell shows for them.
#[test]
fn a_match_whose_reader_goes_away_ends_quietly() {
    let mut child = FAIRYFORGE
        .command()
        .args(["match", "chess", "--games", "2", "--depth", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// The SPRT's closing line of a match's output.
fn sprt_line(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("SPRT ("))
        .unwrap_or_else(|| panic!("no SPRT line in\n{out}"))
}

#[test]
fn sprt_stops_early_on_a_clearly_stronger_side() {
    // The modern search against the classic one (hundreds of Elo apart, docs/engine.md):
    // H1 (A is 100 Elo stronger) is accepted well before the 200 games.
    let args = [
        "chess",
        "--games",
        "200",
        "--nodes",
        "300",
        "--openings",
        "random-plies:4",
        "--max-plies",
        "120",
        "--a",
        "modern",
        "--b",
        "classic",
        "--sprt",
        "elo0=0,elo1=100",
    ];
    let (out, pgn) = run_match(&[&args[..], &["--jobs", "2"]].concat(), "sprt-h1");
    assert!(
        out.contains(
            "SPRT elo0=0,elo1=100,alpha=0.05,beta=0.05: stops when the LLR leaves (-2.94, 2.94)\n"
        ),
        "{out}"
    );
    let line = sprt_line(&out);
    let n: usize = line
        .strip_suffix(" games")
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(line.contains(": H1 accepted after "), "{line}");
    assert!(n < 200 && n.is_multiple_of(2), "{line}");
    // The report and the PGN file hold exactly the games counted, in order.
    assert!(out.contains(&format!("\n{n} games: A won ")), "{out}");
    let played = games(&pgn);
    assert_eq!(played.len(), n);
    for (i, (tags, _)) in played.iter().enumerate() {
        assert_eq!(tag(tags, "Round"), (i + 1).to_string());
    }
    // The LLR reached the upper bound.
    let llr: f64 = line
        .split("LLR ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|x| x.parse().ok())
        .unwrap();
    assert!(llr >= 2.94, "{line}");
    // On one thread: the same stop, the same games.
    let (one, pgn_one) = run_match(&[&args[..], &["--jobs", "1"]].concat(), "sprt-h1-one");
    assert_eq!(one, out);
    assert_eq!(pgn_one, pgn);
}

#[test]
fn sprt_does_not_accept_h1_between_equals() {
    let (out, _) = run_match(
        &[
            "chess",
            "--games",
            "40",
            "--nodes",
            "200",
            "--openings",
            "random-plies:4",
            "--max-plies",
            "60",
            "--sprt",
            "elo0=0,elo1=20",
        ],
        "sprt-equal",
    );
    let line = sprt_line(&out);
    assert!(!line.contains("H1 accepted"), "{line}");
    assert!(
        line.contains(": H0 accepted after ") || line.ends_with(": no decision after 40 games"),
        "{line}"
    );
}

#[test]
fn a_bad_sprt_is_refused() {
    let (code, _, err) = FAIRYFORGE.run(&["match", "chess", "--sprt", "elo0=5,elo1=0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("elo0 (5) must be below elo1 (0)"), "{err}");
}

#[test]
fn matches_play_the_games_they_played_before_the_shards() {
    // Recorded with `fairyforge match` as it was before matches were cut into shards
    // (one process playing game after game): the same report and the same PGN, byte for
    // byte, on two threads now. Side A is the default engine of then (null-move pruning,
    // futility pruning and razoring were on by default until SPRT matches turned them
    // off; null-move pruning and futility pruning are on by default again, so the
    // engines' names in the report and the PGN tags spell out razoring, and side B's
    // `nmp=off`). Both sides of a game with a built-in network evaluate by hand
    // (`nnue=off`), as every engine did then, and every modern side lists all its moves'
    // legality at once (`lazy_legality=off`).
    let data = fairyforge_tests::root().join("tests/data/match");
    for (name, args) in [
        (
            "chess-modern-classic",
            &[
                "chess",
                "--games",
                "8",
                "--nodes",
                "200",
                "--openings",
                "random-plies:4",
                "--max-plies",
                "60",
                "--a",
                "futility=on,razoring=on,lazy_legality=off",
                "--b",
                "classic",
                "--seed",
                "5",
            ][..],
        ),
        (
            "birds-and-ninjas-scepter",
            &[
                "birds-and-ninjas",
                "--games",
                "6",
                "--depth",
                "2",
                "--openings",
                "random-plies:3",
                "--max-plies",
                "40",
                "--a",
                "futility=on,razoring=on,nnue=off,lazy_legality=off",
                "--b",
                "nmp=off,futility=on,razoring=on,nnue=off,lazy_legality=off",
                "--seed",
                "3",
                "--option",
                "capture-the-scepter",
            ][..],
        ),
    ] {
        let (out, pgn) = run_match(&[args, &["--jobs", "2"]].concat(), name);
        let want = |ext: &str| std::fs::read_to_string(data.join(format!("{name}.{ext}"))).unwrap();
        assert_eq!(out, want("txt"), "{name}");
        assert_eq!(pgn, want("pgn"), "{name}");
    }
}
