//! Helpers shared by the cross-crate tests.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;

use fairyforge::{Position, Variant};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A built-in game.
pub fn game(name: &str) -> Arc<Variant> {
    Variant::builtin(name).unwrap_or_else(|| panic!("no built-in game {name}"))
}

/// A built-in game (or a file) with optional rules turned on or off as the command line
/// writes them (`NAME`, `NAME=on`, `NAME=off`).
pub fn game_with_options(
    spec: &str,
    options: &[impl AsRef<str>],
) -> Result<Arc<Variant>, fairyforge::LoadError> {
    let settings = options
        .iter()
        .map(|o| o.as_ref().parse::<fairyforge::OptionSetting>().unwrap());
    Variant::loader().options(settings).resolve(spec)
}

/// A position of a built-in game from a position string.
pub fn pos(name: &str, fen: &str) -> Position {
    let v = game(name);
    Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("bad position {fen}: {}", e.render(fen)))
}

/// The legal moves as sorted R29 text, one per line (as `fairyforge moves` prints them).
pub fn moves_text(p: &Position) -> String {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v.join("\n")
}

/// The legal moves of the piece on `from` as sorted R29 text.
pub fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_text(m))
        .filter(|t| {
            t.starts_with(from) && !t[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    v.sort();
    v
}

/// The built `fairyforge` binary (built by cargo for the test run).
pub fn fairyforge() -> Command {
    // Beside this test executable's `deps/` folder, wherever cargo builds (CARGO_TARGET_DIR).
    let dir = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent()?.parent().map(|p| p.to_path_buf()))
        .unwrap_or_else(|| root().join("target").join(profile_dir()));
    let exe = dir.join(format!("fairyforge{}", std::env::consts::EXE_SUFFIX));
    if !exe.exists() {
        let status = Command::new(env!("CARGO"))
            .args(["build", "-q", "-p", "fairyforge-cli"])
            .current_dir(root())
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the fairyforge binary failed");
    }
    Command::new(exe)
}

fn profile_dir() -> &'static str {
    if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    }
}

/// Runs the binary; returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = fairyforge()
        .args(args)
        .current_dir(root())
        .output()
        .expect("fairyforge runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Like [`run`], but first brings the `fairyforge` binary up to date (once per test
/// process), so that tests of its output never read a stale build.
pub fn run_fresh(args: &[&str]) -> (i32, String, String) {
    build_once();
    run(args)
}

/// Brings the `fairyforge` binary up to date, once per test process.
fn build_once() {
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(["build", "-q", "-p", "fairyforge-cli"])
            .current_dir(root());
        if !cfg!(debug_assertions) {
            cmd.arg("--release");
        }
        let status = cmd.status().expect("cargo runs");
        assert!(status.success(), "building the fairyforge binary failed");
    });
}

/// Like [`run_fresh`], with `input` as standard input. Standard input is then a pipe, so
/// `fairyforge play` echoes each line it reads after its prompt and the output reads like
/// a session at the terminal.
pub fn run_with_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    build_once();
    let mut child = fairyforge()
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fairyforge runs");
    let mut stdin = child.stdin.take().expect("a pipe to standard input");
    let input = input.to_string();
    // Written from a thread so that a long output can never block the input.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("fairyforge runs");
    writer.join().expect("the input is written");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
