//! Helpers of the `play` tests.

use crate::FAIRYFORGE;

/// Plays a session: `fairyforge play ARGS` with `lines` typed one per line, then `quit`
/// when the last line is not already one. Returns standard output; asserts a clean exit.
pub fn session(args: &[&str], lines: &[&str]) -> String {
    let mut input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    if lines.last() != Some(&"quit") {
        input.push_str("quit\n");
    }
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let (code, out, err) = FAIRYFORGE.run_with_stdin(&all, &input);
    assert_eq!(code, 0, "play {args:?} failed: {err}\n{out}");
    assert!(
        err.is_empty(),
        "play {args:?} wrote to standard error: {err}"
    );
    assert!(!out.contains('\x1b'), "colours in piped output:\n{out}");
    out
}

/// A human-against-human game of Birds and Ninjas.
pub fn hvh(lines: &[&str]) -> String {
    session(
        &["birds-and-ninjas", "--white", "human", "--black", "human"],
        lines,
    )
}

/// Is this a line of a drawn board: the file letters, or a rank between its numbers?
pub fn is_board_line(l: &str) -> bool {
    let t = l.trim();
    let words: Vec<&str> = t.split_whitespace().collect();
    let files = t.starts_with("a  b");
    let rank =
        words.len() > 2 && words[0] == words[words.len() - 1] && words[0].parse::<i32>().is_ok();
    files || rank
}

/// The transcript without the boards: prompts with what was typed, the answers, the
/// reserve and status lines.
pub fn dialogue(out: &str) -> String {
    out.lines()
        .filter(|l| !is_board_line(l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines the program printed after reading `input` at a prompt, up to the next prompt.
pub fn answer_to(out: &str, input: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| is_prompt(l) && l.split_once("> ").is_some_and(|(_, t)| t == input))
        .unwrap_or_else(|| panic!("no prompt with input `{input}` in:\n{out}"));
    lines[at + 1..]
        .iter()
        .take_while(|l| !is_prompt(l))
        .map(|l| l.to_string())
        .collect()
}

/// A prompt line: `White> ...` or `Black> ...`.
pub fn is_prompt(l: &str) -> bool {
    l.starts_with("White> ")
        || l.starts_with("Black> ")
        || l.starts_with("> ")
        || l == "White>"
        || l == "Black>"
        || l == ">"
}
