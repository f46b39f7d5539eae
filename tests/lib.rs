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
    Command::new(fairyforge_path())
}

/// The path of the built `fairyforge` binary (built first when missing).
pub fn fairyforge_path() -> PathBuf {
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
    exe
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

/// Runs `f` on a thread and returns its result, failing the test when it takes more than
/// `secs` seconds: a guard against hangs for inputs that take well under a second (not a
/// measure of speed). The thread of a hang is left behind.
pub fn within<T: Send + 'static>(
    secs: u64,
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
    });
    match rx.recv_timeout(std::time::Duration::from_secs(secs)) {
        Ok(Ok(v)) => v,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => panic!("{what} took more than {secs} s"),
    }
}

/// A count with thousands separators, as messages write counts: `32,933`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A small deterministic generator (splitmix64), so that a failing seed replays exactly.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// An element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Pieces of variant-file text likely to reach deep into the checks when spliced in: the
/// fuzzing of variant files mutates files with them.
pub const VARIANT_TOKENS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "8",
    "16",
    "17",
    "64",
    "65",
    "99",
    "255",
    "-128",
    "1e9",
    "0.5",
    "4294967295",
    "true",
    "false",
    "\"\"",
    "\"a0\"",
    "\"e0\"",
    "\"p1\"",
    "\"a99\"",
    "\"z1\"",
    "\"rank 0\"",
    "\"ranks 3..1\"",
    "\"ranks ..\"",
    "\"all\"",
    "\"own-rear\"",
    "\"enemy-rear\"",
    "[0, 0]",
    "[17, 1]",
    "[1]",
    "[]",
    "{}",
    "[[]]",
    "\"@slots\"",
    "\"@reserve\"",
    "royal = true",
    "pawn = true",
    "min = 32",
    "max = 1",
    "distance = 16",
    "capture-over = true",
    "capture-screen = true",
    "over = \"friend\"",
    "en-passant = \"create\"",
    "en-passant = \"capture\"",
    "mode = \"capture\"",
    "symmetry = \"none\"",
    "extra = [\"a0\", \"a11\"]",
    "holes = [\"e4\", \"e5\"]",
    "files = 16",
    "ranks = 16",
    "files = 1",
    "ranks = 1",
    "\n[board]\n",
    "\n[piece.x]\n",
    "\nletter = \"K\"\n",
    "[JJjj]",
    "[Kk]",
    "/",
    "//",
    "10",
    "K",
    "k",
    "w",
    "b",
    "-",
    " ",
    "\n",
    "=",
    "\"",
    "'",
    "#",
    ",",
    ".",
    "[",
    "]",
    "{",
    "}",
    "\\q",
    "\\u0000",
    "extends = \"chess\"\n",
    "extends = \"/etc/passwd\"\n",
    "import = \"pieces.toml\"\n",
    "import = [\"/etc/shadow\", \"../../proc/self/environ\"]\n",
    "slots.a.piece = \"king\"\n",
    "reserve = { king = 1 }\n",
    "[drops.king]\nzone = \"all\"\n",
    "\u{e9}",
    "\u{1F600}",
    "\t",
    "\r\n",
    "\0",
];
