//! Issue 21: a network file wherever the engine plays: `play --net`, `uci` and `xboard`
//! with `--net` and the options `EvalFile` and `Use NNUE`. A network of core's, written to
//! a file here, gives the protocols the score and move that `analyse --net` gives, and a
//! file that cannot be used leaves the hand-set evaluation in play with core's reason.

use fairyforge_tests::{temp_dir, tiny_network_file};

use super::FAIRYFORGE;

/// The position searched: a few moves into a game, so that the pieces have left their
/// squares and the network's weights tell them apart.
const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
const DEPTH: &str = "5";

/// `analyse chess` to `DEPTH` from `FEN`, with the network at `net` if given: the last
/// iteration's score and line, and the best move.
fn analyse(net: Option<&str>) -> (String, String, String) {
    let mut args = vec!["analyse", "chess", "--fen", FEN, "--depth", DEPTH];
    if let Some(n) = net {
        args.extend(["--net", n]);
    }
    let (code, out, err) = FAIRYFORGE.run(&args);
    assert_eq!(code, 0, "{err}\n{out}");
    let last = out
        .lines()
        .rfind(|l| l.starts_with(&format!("depth {DEPTH} ")))
        .unwrap_or_else(|| panic!("no iteration of depth {DEPTH}: {out}"));
    let score = last
        .split(" score cp ")
        .nth(1)
        .unwrap_or_else(|| panic!("{last}"));
    let pv = last.split(" pv ").nth(1).unwrap().to_string();
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap()
        .to_string();
    (score.split(' ').next().unwrap().to_string(), pv, best)
}

/// A protocol session: its output.
fn session(args: &[&str], lines: &[&str]) -> String {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (code, out, err) = FAIRYFORGE.run_with_stdin(args, &input);
    assert_eq!(code, 0, "{args:?} failed: {err}\n{out}");
    assert!(err.is_empty(), "{args:?} wrote to standard error: {err}");
    out
}

/// The UCI `info` line of depth `DEPTH` as (score, line), and the best move.
fn uci_result(out: &str) -> (String, String, String) {
    let last = out
        .lines()
        .rfind(|l| l.starts_with(&format!("info depth {DEPTH} ")))
        .unwrap_or_else(|| panic!("no info of depth {DEPTH}: {out}"));
    let score = last.split(" score cp ").nth(1).unwrap();
    let score = score.split(' ').next().unwrap().to_string();
    let pv = last.split(" pv ").nth(1).unwrap().to_string();
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap()
        .to_string();
    (score, pv, best)
}

fn uci_search(setup: &[&str]) -> (String, (String, String, String)) {
    let position = format!("position fen {FEN}");
    let go = format!("go depth {DEPTH}");
    let mut lines = vec!["uci"];
    lines.extend_from_slice(setup);
    lines.extend([position.as_str(), go.as_str(), "d", "quit"]);
    let out = session(&["uci"], &lines);
    let r = uci_result(&out);
    (out, r)
}

#[test]
fn uci_evalfile_searches_as_analyse_net_does() {
    let dir = temp_dir("netplay-uci");
    let chess = tiny_network_file(&dir, "chess", 16, 21);
    let capa = tiny_network_file(&dir, "capablanca", 8, 5);
    let with = analyse(Some(&chess));
    let without = analyse(None);
    assert_ne!(with, without, "the network changes the search");
    let expect = |r: &(String, String, String)| r.clone();

    // The option, offered as Fairy-Stockfish offers it, and set.
    let set = format!("setoption name EvalFile value {chess}");
    let (out, got) = uci_search(&[&set]);
    assert!(
        out.contains("\noption name EvalFile type string default <empty>\n"),
        "{out}"
    );
    assert!(
        out.contains("\noption name Use NNUE type check default true\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "\ninfo string evaluation: the network {chess} (Chess, 16 hidden units)\n"
        )),
        "{out}"
    );
    assert_eq!(got, expect(&with));

    // `--net` is the option's first value.
    let out = session(&["uci", "--net", &chess], &["uci", "quit"]);
    assert!(
        out.contains(&format!(
            "\noption name EvalFile type string default {chess}\n"
        )),
        "{out}"
    );
    let position = format!("position fen {FEN}");
    let go = format!("go depth {DEPTH}");
    let out = session(&["uci", "--net", &chess], &[&position, &go, "d", "quit"]);
    assert_eq!(uci_result(&out), expect(&with));

    // Switched off, and emptied: the hand-set evaluation.
    let (out, got) = uci_search(&[&set, "setoption name Use NNUE value false"]);
    assert!(
        out.contains("\ninfo string evaluation: hand-set (Use NNUE is off) for Chess\n"),
        "{out}"
    );
    assert_eq!(got, expect(&without));
    let (out, got) = uci_search(&[&set, "setoption name EvalFile value <empty>"]);
    assert!(
        out.contains("\ninfo string evaluation: hand-set (no network file) for Chess\n"),
        "{out}"
    );
    assert_eq!(got, expect(&without));
    // A new hash size keeps the network.
    let (_, got) = uci_search(&[&set, "setoption name Hash value 64"]);
    assert_eq!(got, expect(&with));

    // A network for another game: core's reason, and the game plays on without it; the
    // network is read again when the game changes, and used in its own game.
    let set_capa = format!("setoption name EvalFile value {capa}");
    let (out, got) = uci_search(&[
        &set_capa,
        "setoption name UCI_Variant value capablanca",
        "setoption name UCI_Variant value chess",
    ]);
    let refused = format!(
        "info string error: the network {capa}: this network is for `Capablanca Chess`, not for \
         `Chess`: a network is read only by the game it was trained for; Chess plays with the \
         hand-set evaluation"
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("info string") && !l.starts_with("info string position"))
            .collect::<Vec<_>>(),
        [
            refused.as_str(),
            "info string variant Capablanca Chess",
            &format!(
                "info string evaluation: the network {capa} (Capablanca Chess, 8 hidden units)"
            ),
            "info string variant Chess",
            refused.as_str(),
        ],
        "{out}"
    );
    assert_eq!(got, expect(&without));
    // `--net` with another game's network starts, waiting for its game.
    let out = session(
        &["uci", "--net", &capa],
        &["setoption name UCI_Variant value capablanca", "quit"],
    );
    assert_eq!(
        out,
        format!(
            "info string variant Capablanca Chess\ninfo string evaluation: the network {capa} \
             (Capablanca Chess, 8 hidden units)\n"
        )
    );

    // A file missing or damaged: core's reason; the engine keeps playing.
    let missing = dir.join("missing.nnue").to_string_lossy().into_owned();
    let damaged = dir.join("damaged.nnue");
    std::fs::write(&damaged, b"FFNNUE\0\0\x02\0\0\0").unwrap();
    let damaged = damaged.to_string_lossy().into_owned();
    let (out, got) = uci_search(&[
        &format!("setoption name EvalFile value {missing}"),
        &format!("setoption name EvalFile value {damaged}"),
        "setoption name Use NNUE value maybe",
    ]);
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("info string") && !l.starts_with("info string position"))
            .collect::<Vec<_>>(),
        [
            format!(
                "info string error: cannot read the network {missing}: No such file or \
                 directory (os error 2); Chess plays with the hand-set evaluation"
            ),
            format!(
                "info string error: the network {damaged}: the network file ends at byte 12, \
                 in its game's name: it is cut short; Chess plays with the hand-set evaluation"
            ),
            "info string error: Use NNUE: `maybe`: give true or false".to_string(),
        ],
        "{out}"
    );
    assert_eq!(got, expect(&without));
}

#[test]
fn xboard_evalfile_searches_as_analyse_net_does() {
    let dir = temp_dir("netplay-xboard");
    let chess = tiny_network_file(&dir, "chess", 16, 21);
    let capa = tiny_network_file(&dir, "capablanca", 8, 5);
    let with = analyse(Some(&chess));
    let without = analyse(None);
    assert_ne!(with, without, "the network changes the search");
    let search = |setup: &[&str]| {
        let setboard = format!("setboard {FEN}");
        let sd = format!("sd {DEPTH}");
        let mut lines = vec!["xboard", "protover 2"];
        lines.extend_from_slice(setup);
        lines.extend([
            "new", "force", &setboard, "post", &sd, "go", "ping 1", "quit",
        ]);
        let out = session(&["xboard"], &lines);
        // The thinking line of the last depth: depth, score, time, nodes, line.
        let last = out
            .lines()
            .rfind(|l| l.starts_with(&format!("{DEPTH} ")))
            .unwrap_or_else(|| panic!("no thinking of depth {DEPTH}: {out}"));
        let w: Vec<&str> = last.splitn(5, ' ').collect();
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("move "))
            .unwrap_or_else(|| panic!("no move: {out}"))
            .to_string();
        (out.clone(), (w[1].to_string(), w[4].to_string(), best))
    };
    let expect = |r: &(String, String, String)| r.clone();

    let (out, got) = search(&[&format!("option EvalFile={chess}")]);
    assert!(
        out.contains("\nfeature option=\"EvalFile -file <empty>\"\n"),
        "{out}"
    );
    assert!(
        out.contains("\nfeature option=\"Use NNUE -check 1\"\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "\n# evaluation: the network {chess} (Chess, 16 hidden units)\n"
        )),
        "{out}"
    );
    assert_eq!(got, expect(&with));
    let (_, got) = search(&[&format!("option EvalFile={chess}"), "option Use NNUE=0"]);
    assert_eq!(got, expect(&without));

    // Another game's network: an error line with core's reason, for the option and again
    // when the variant changes; the game plays on with the hand-set evaluation.
    let (out, got) = search(&[
        &format!("option EvalFile={capa}"),
        "variant capablanca",
        "variant normal",
    ]);
    let why = format!(
        "the network {capa}: this network is for `Capablanca Chess`, not for `Chess`: a network \
         is read only by the game it was trained for; Chess plays with the hand-set evaluation"
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("Error") || l.starts_with('#'))
            .collect::<Vec<_>>(),
        [
            format!("Error ({why}): option EvalFile={capa}"),
            format!("# evaluation: the network {capa} (Capablanca Chess, 8 hidden units)"),
            format!("Error ({why}): variant normal"),
        ],
        "{out}"
    );
    assert_eq!(got, expect(&without));
    let missing = dir.join("missing.nnue").to_string_lossy().into_owned();
    let (out, got) = search(&[&format!("option EvalFile={missing}")]);
    assert!(
        out.contains(&format!(
            "\nError (cannot read the network {missing}: No such file or directory (os error \
             2); Chess plays with the hand-set evaluation): option EvalFile={missing}\n"
        )),
        "{out}"
    );
    assert_eq!(got, expect(&without));
}

#[test]
fn play_and_the_protocols_refuse_a_file_that_is_no_network() {
    let dir = temp_dir("netplay-play");
    let chess = tiny_network_file(&dir, "chess", 16, 21);
    let capa = tiny_network_file(&dir, "capablanca", 8, 5);
    // `play --net`: the computer plays with it; a network for another game stops it.
    let (code, out, err) = FAIRYFORGE.run_with_stdin(
        &[
            "play",
            "chess",
            "--net",
            &chess,
            "--white",
            "computer",
            "--nodes",
            "200",
            "--plies",
            "1",
            "--no-color",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(
        out.contains(&format!(
            "\nThe computer evaluates with the network {chess} (16 hidden units).\n"
        )),
        "{out}"
    );
    // Its move is the one `analyse --net` finds with the same budget and table.
    let best = |net: &[&str]| {
        let mut args = vec!["analyse", "chess", "--nodes", "200", "--hash", "64"];
        args.extend_from_slice(net);
        let (code, out, err) = FAIRYFORGE.run(&args);
        assert_eq!(code, 0, "{err}");
        out.lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap()
            .to_string()
    };
    let with = best(&["--net", &chess]);
    assert_ne!(with, best(&[]), "the network changes the move");
    let stopped = out
        .lines()
        .find(|l| l.starts_with("Stopped after 1 plies at "))
        .unwrap();
    let mut pos = fairyforge::Position::start(&fairyforge_tests::game("chess"));
    fairyforge_tests::play(&mut pos, &[&with]);
    assert_eq!(stopped, format!("Stopped after 1 plies at {}", pos.fen()));
    let (code, out, err) = FAIRYFORGE.run(&["play", "chess", "--net", &capa]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        err,
        format!(
            "error: the network {capa}: this network is for `Capablanca Chess`, not for \
             `Chess`: a network is read only by the game it was trained for\n"
        )
    );
    // `uci --net` and `xboard --net`: a file that is no network stops them before they
    // speak (another game's network waits for its game, above).
    let missing = dir.join("missing.nnue").to_string_lossy().into_owned();
    for protocol in ["uci", "xboard"] {
        let (code, out, err) = FAIRYFORGE.run_with_stdin(&[protocol, "--net", &missing], "quit\n");
        assert_eq!(code, 1, "{out}");
        assert_eq!(out, "");
        assert_eq!(
            err,
            format!(
                "error: cannot read the network {missing}: No such file or directory (os error \
                 2)\n"
            )
        );
    }
}

/// Capablanca ships a network: `analyse` and `uci` evaluate with it by default, the same
/// search in both; `nnue=off` and `Use NNUE` false give the hand-set evaluation, again the
/// same in both, and the protocol says which evaluation plays.
#[test]
fn the_built_in_network_plays_by_default_and_is_switched_off() {
    const CAPA: &str = "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1";
    let analyse = |extra: &[&str]| {
        let mut args = vec!["analyse", "capablanca", "--fen", CAPA, "--depth", DEPTH];
        args.extend_from_slice(extra);
        let (code, out, err) = FAIRYFORGE.run(&args);
        assert_eq!(code, 0, "{err}\n{out}");
        // `analyse` writes `depth N ...`, UCI `info depth N ...`: the same reader.
        uci_result(&out.replace("\ndepth ", "\ninfo depth "))
    };
    let uci = |setup: &[&str]| {
        let position = format!("position fen {CAPA}");
        let go = format!("go depth {DEPTH}");
        let mut lines = vec!["uci", "setoption name UCI_Variant value capablanca"];
        lines.extend_from_slice(setup);
        lines.extend([position.as_str(), go.as_str(), "d", "quit"]);
        let out = session(&["uci"], &lines);
        let r = uci_result(&out);
        (out, r)
    };
    let net = analyse(&[]);
    let hand = analyse(&["--engine", "nnue=off"]);
    assert_eq!(uci(&[]).1, net);
    let (out, got) = uci(&["setoption name Use NNUE value false"]);
    assert_eq!(got, hand);
    assert!(
        out.contains("\ninfo string evaluation: hand-set (Use NNUE is off) for Capablanca Chess\n"),
        "{out}"
    );
    let (out, got) = uci(&[
        "setoption name Use NNUE value false",
        "setoption name Use NNUE value true",
    ]);
    assert_eq!(got, net);
    assert!(
        out.contains("\ninfo string evaluation: the built-in network (capablanca.nnue, "),
        "{out}"
    );
    // The engine setting `nnue=off` through the protocol's `engine` option.
    assert_eq!(uci(&["setoption name engine value nnue=off"]).1, hand);
}
