//! The README shows real output: the start of its `play` transcript is what `play`
//! prints, and every example of its command table runs.

use fairyforge_tests::root;

use super::util::session;
use crate::FAIRYFORGE;

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

/// The transcript up to the first trimmed board is the program's output, line for line.
#[test]
fn play_transcript_is_real() {
    let text = readme();
    let start = text
        .find("$ cargo run --release -- play\n")
        .expect("the README has a play transcript");
    let shown: Vec<&str> = text[start..]
        .lines()
        .skip(1)
        .take_while(|l| *l != " ...")
        .collect();
    assert!(shown.len() > 20, "{shown:?}");
    // The computer's reply comes later; up to the first trimmed board, a human plays both.
    let out = session(&["--black", "human"], &["e2e5"]);
    let real: Vec<&str> = out.lines().take(shown.len()).collect();
    assert_eq!(shown, real);
}

/// Every `fairyforge ...` example in the README's command table succeeds (but `bench`,
/// which measures, and writes its SVG to a temporary file). Examples that start with
/// another program (a GUI starting `fairyforge xboard`) are not run.
#[test]
fn command_examples_run() {
    let text = readme();
    let dir = fairyforge_tests::temp_dir("readme");
    let svg = dir.join("picture.svg");
    let mut ran = 0;
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let Some(example) = line.split('`').nth(3) else {
            continue;
        };
        let Some(args) = example.strip_prefix("fairyforge ") else {
            continue;
        };
        let args: Vec<String> = args
            .split_whitespace()
            .map(|a| {
                if a.ends_with(".svg") {
                    svg.to_str().unwrap().to_string()
                } else {
                    a.to_string()
                }
            })
            .collect();
        if args[0] == "bench" {
            continue;
        }
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = FAIRYFORGE.run(&refs);
        assert_eq!(code, 0, "README example `{example}` failed: {err}{out}");
        assert!(!out.is_empty(), "`{example}` printed nothing");
        ran += 1;
    }
    assert_eq!(
        ran, 15,
        "the README's tables have 18 rows that start with a command: bench and the lines that are not fairyforge's not run"
    );
}
