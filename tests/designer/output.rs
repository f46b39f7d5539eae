//! Output a program can compare and never a panic: `perft` prints only the count on
//! standard output; a depth out of range is a clear error; a full disk (`> /dev/full`)
//! makes every command say that its output could not be written and exit 1.

use crate::FAIRYFORGE;

#[test]
fn perft_prints_only_the_count_on_standard_output() {
    let (code, out, err) = FAIRYFORGE.run(&["perft", "chess", "3"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "nodes 8902\n");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("time ") && lines[0].ends_with(" s"),
        "{err}"
    );
    assert!(lines[1].starts_with("nps "), "{err}");
    let (code, out, _) = FAIRYFORGE.run(&["perft", "chess", "2", "--divide"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().count(),
        21,
        "20 root moves and the total:\n{out}"
    );
    assert!(
        out.starts_with("a2a3 20\n") && out.ends_with("nodes 400\n"),
        "{out}"
    );
}

/// Issue 13, item 6: depths that overflowed the stack or asked for 100 GB.
#[test]
fn depths_out_of_range_are_errors() {
    for depth in ["100000", "4294967295", "65", "18446744073709551616"] {
        let (code, out, err) = FAIRYFORGE.run(&["perft", "chess", depth]);
        assert_eq!(code, 2, "clap's usage error for {depth}: {out}{err}");
        assert!(
            err.contains(&format!(
                "a depth of {depth} plies is too deep: perft counts to depth 64 at most"
            )),
            "{err}"
        );
    }
    let (code, _, err) = FAIRYFORGE.run(&["perft", "chess", "--moves", "e2e4", "100000"]);
    assert_eq!(code, 1);
    assert!(err.contains("perft counts to depth 64 at most"), "{err}");
    let (code, _, err) = FAIRYFORGE.run(&["perft", "chess", "-3"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = FAIRYFORGE.run(&["perft", "chess", "three"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`three` is not a depth: expected a whole number of plies from 0 to 64"),
        "{err}"
    );
    let (code, _, err) = FAIRYFORGE.run(&["play", "chess", "--time", "1e300"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "--time 1e300: expected a number of seconds more than 0 up to 31536000 (a year)"
        ),
        "{err}"
    );
}

/// Issue 13, item 9: every command, its output sent to a full disk.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    use std::process::Stdio;
    let dir = fairyforge_tests::temp_dir("full");
    std::fs::write(dir.join("my-game.toml"), super::util::MY_GAME).unwrap();
    let my = dir.join("my-game.toml");
    let my = my.to_str().unwrap();
    let test_file = fairyforge_tests::root().join("variants/tests/chess.test.toml");
    let commands: Vec<Vec<&str>> = vec![
        vec!["show", "chess"],
        vec!["moves", "chess"],
        vec!["perft", "chess", "2", "--divide"],
        vec!["perft", "chess", "1"],
        vec!["fen", "chess"],
        vec!["describe", "chess"],
        vec!["describe", "chess", "--json"],
        vec!["list"],
        vec!["list", "--pieces"],
        vec!["validate", "chess"],
        vec!["piece", "chess", "N"],
        vec!["test", test_file.to_str().unwrap()],
        vec!["snapshot", my],
        vec!["analyse", "chess", "--depth", "2"],
        vec!["bench", "--runs", "1"],
        vec!["play", "chess", "--white", "human", "--black", "human"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = FAIRYFORGE
            .command()
            .args(&args)
            .current_dir(fairyforge_tests::root())
            .stdin(Stdio::null())
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.ends_with(
                "error: cannot write the output: No space left on device (os error 28)\n"
            ),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
