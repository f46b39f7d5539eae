//! Issue 21: `fairyforge train`, from nothing to a network file that `analyse --net`
//! reads: self-play data the same on one thread and on two, a designer's own file with
//! drops, and its errors.

use fairyforge::nnue::DataSet;

use super::FAIRYFORGE;

fn train(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["train"];
    all.extend_from_slice(args);
    FAIRYFORGE.run(&all)
}

#[test]
fn train_writes_a_network_that_analyse_reads() {
    let dir = fairyforge_tests::temp_dir("train-chess");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (net, data1, data2) = (path("chess.nnue"), path("one.data"), path("two.data"));
    let common = [
        "chess",
        "--games",
        "4",
        "--nodes",
        "100",
        "--max-plies",
        "80",
        "--epochs",
        "2",
        "--hidden",
        "8",
    ];
    let (code, out, err) = train(
        &[
            &common[..],
            &["-o", &net, "--save-data", &data1, "--jobs", "1"],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(
        out.starts_with(
            "Chess: 4 self-play games, 100 and 125 nodes a move (the budgets swap colours), \
             openings random-plies:6\n"
        ),
        "{out}"
    );
    assert!(out.contains("\nepoch   1: loss 0."), "{out}");
    assert!(out.contains("\nepoch   2: loss 0."), "{out}");
    assert!(out.contains(". Cost: 4 games, "), "{out}");
    // The data: the game's positions with their scores and results; the same on two
    // threads.
    let text = std::fs::read_to_string(&data1).unwrap();
    let data = DataSet::read(&text).unwrap();
    assert_eq!(data.game, "Chess");
    assert!(data.samples.len() > 20, "{}", data.samples.len());
    assert!(
        out.contains(&format!("on {} positions", data.samples.len())),
        "{out}"
    );
    let (code, _, err) = train(
        &[
            &common[..],
            &["-o", &net, "--save-data", &data2, "--jobs", "2"],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&data2).unwrap(), text);
    // The network evaluates in the search.
    let (code, out, err) = FAIRYFORGE.run(&["analyse", "chess", "--net", &net, "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bestmove "), "{out}");
    // It plays a match as side A; another game refuses it.
    let (code, out, err) = FAIRYFORGE.run(&[
        "match",
        "chess",
        "--games",
        "2",
        "--nodes",
        "50",
        "--max-plies",
        "20",
        "--net-a",
        &net,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(&format!(
            "Chess: fairyforge modern (network {net}) against fairyforge modern, 2 games"
        )),
        "{out}"
    );
    let (code, _, err) = FAIRYFORGE.run(&["match", "capablanca", "--nodes", "50", "--net-b", &net]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!(
            "the network {net}: this network is for `Chess`, not for `Capablanca Chess`"
        )),
        "{err}"
    );
    let (code, _, err) = FAIRYFORGE.run(&["match", "chess", "--clock", "10", "--net-a", &net]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: --net-a and --net-b play with --nodes, --depth or --time"
    );
    // The next generation: self-play evaluates with the network, so its games are others.
    let data3 = path("three.data");
    let (code, out, err) = train(
        &[
            &common[..],
            &[
                "-o",
                &path("next.nnue"),
                "--save-data",
                &data3,
                "--net",
                &net,
            ],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("\nSelf-play evaluates with the network {net}\n")),
        "{out}"
    );
    let next = std::fs::read_to_string(&data3).unwrap();
    assert!(next.starts_with("fairyforge-data 1 "), "{next}");
    assert_ne!(
        next, text,
        "the network plays other games than the hand-set evaluation"
    );
    let (code, _, err) = train(&["capablanca", "--net", &net, "-o", &path("capa.nnue")]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        format!(
            "error: --net: the network {net}: this network is for `Chess`, not for \
             `Capablanca Chess`: a network is read only by the game it was trained for"
        )
    );
    let (code, _, err) = train(&["chess", "--data", &data1, "--net", &net, "-o", &net]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: --net is the network self-play evaluates with: with --data no game is played"
    );
    let (code, _, err) = train(&["chess", "--engine", "nnue=off", "--net", &net, "-o", &net]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: --net: the engine `nnue=off` evaluates by hand, so it would not read the \
         network: leave out `nnue=off` (or `classic`)"
    );
    // Trained again from the saved data, without playing.
    let (code, out, err) = train(&[
        "chess", "--data", &data1, "--epochs", "1", "--hidden", "4", "-o", &net,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(&format!(
            "Chess: {} positions from {data1}\n",
            data.samples.len()
        )),
        "{out}"
    );
    // The data of one game does not train another.
    let (code, _, err) = train(&["capablanca", "--data", &data1, "-o", &path("capa.nnue")]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        format!("error: {data1}: the data is for `Chess`, not for `Capablanca Chess`")
    );
}

/// A designer's Pick the Piece game with a reserve (docs/examples/cannon-corners.toml),
/// trained as a built-in game is.
#[test]
fn a_designer_s_file_with_drops_trains_too() {
    let dir = fairyforge_tests::temp_dir("train-file");
    let net = dir.join("cc.nnue").to_string_lossy().into_owned();
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/examples/cannon-corners.toml"
    );
    let (code, out, err) = train(&[
        file,
        "--games",
        "2",
        "--nodes",
        "60",
        "--max-plies",
        "50",
        "--epochs",
        "1",
        "--hidden",
        "4",
        "-o",
        &net,
    ]);
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(
        out.starts_with("Cannon Corners: 2 self-play games"),
        "{out}"
    );
    let (code, out, err) = FAIRYFORGE.run(&["analyse", file, "--net", &net, "--depth", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn train_errors_say_what_is_wrong() {
    let dir = fairyforge_tests::temp_dir("train-errors");
    let net = dir.join("x.nnue").to_string_lossy().into_owned();
    let (code, _, err) = train(&["no-such-game", "-o", &net]);
    assert_eq!(code, 1);
    assert!(err.contains("no-such-game"), "{err}");
    let missing = dir.join("no-such-dir").join("x.nnue");
    let missing = missing.to_string_lossy();
    let (code, out, err) = train(&["chess", "--games", "2", "-o", &missing]);
    assert_eq!(code, 1);
    assert_eq!(
        out, "",
        "nothing is played before the output is known to be writable"
    );
    assert!(
        err.starts_with(&format!("error: cannot write {missing}: ")),
        "{err}"
    );
    // Games too short to keep a position: every position is in the first plies.
    let (code, _, err) = train(&[
        "chess",
        "--games",
        "2",
        "--nodes",
        "20",
        "--max-plies",
        "8",
        "-o",
        &net,
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: no positions to learn from in 2 games: play more or longer games (--games, --max-plies)"
    );
    let (code, _, err) = train(&["chess", "--lambda", "2", "-o", &net]);
    assert_eq!(code, 1);
    assert_eq!(err.trim(), "error: --lambda 2: give a weight from 0 to 1");
}
