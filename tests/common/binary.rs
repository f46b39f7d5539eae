//! Running the `fairyforge` binary.
//!
//! Cargo builds the binary before the tests of its own package and tells them where it is
//! (`CARGO_BIN_EXE_fairyforge`, at compile time): every area is a test target of the
//! `fairyforge-cli` package (see `cli/Cargo.toml`), and an area whose tests run the binary
//! names it once in its `main.rs`:
//!
//! ```text
//! pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));
//! ```

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::root;

/// The `fairyforge` binary at a path.
#[derive(Clone, Copy, Debug)]
pub struct Binary {
    path: &'static str,
}

impl Binary {
    /// The binary at `path`.
    pub const fn new(path: &'static str) -> Binary {
        Binary { path }
    }

    /// Where the binary is.
    pub fn path(self) -> &'static Path {
        Path::new(self.path)
    }

    /// A command running the binary in the repository's root.
    pub fn command(self) -> Command {
        let mut cmd = Command::new(self.path);
        cmd.current_dir(root());
        cmd
    }

    /// Runs the binary in the repository's root; returns (exit code, stdout, stderr).
    pub fn run(self, args: &[&str]) -> (i32, String, String) {
        self.run_in(&root(), args)
    }

    /// Runs the binary in a directory; returns (exit code, stdout, stderr).
    pub fn run_in(self, dir: &Path, args: &[&str]) -> (i32, String, String) {
        let out = self
            .command()
            .args(args)
            .current_dir(dir)
            .output()
            .expect("fairyforge runs");
        parts(out)
    }

    /// Like [`Binary::run`], with `input` as standard input. Standard input is then a pipe,
    /// so `fairyforge play` echoes each line it reads after its prompt and the output reads
    /// like a session at the terminal.
    pub fn run_with_stdin(self, args: &[&str], input: &str) -> (i32, String, String) {
        self.run_with_bytes(args, input.as_bytes())
    }

    /// Like [`Binary::run_with_stdin`], with input that need not be UTF-8 text.
    pub fn run_with_bytes(self, args: &[&str], input: &[u8]) -> (i32, String, String) {
        use std::io::Write;
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("fairyforge runs");
        let mut stdin = child.stdin.take().expect("a pipe to standard input");
        let input = input.to_vec();
        // Written from a thread so that a long output can never block the input.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let out = child.wait_with_output().expect("fairyforge runs");
        writer.join().expect("the input is written");
        parts(out)
    }
}

/// The exit code (-1 for a signal), standard output and standard error of a run.
fn parts(out: Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
