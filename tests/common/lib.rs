//! Helpers shared by the test areas (`tests/<area>/main.rs`): built-in games and positions,
//! move lists as text, playing moves, temporary directories, a random generator ([`Rng`]),
//! pieces placed by hand ([`placement`]), the code blocks of the docs ([`markdown`]), the
//! `fairyforge` binary ([`Binary`]), a guard against hangs ([`within`]) and the fuzzers'
//! pieces of variant files ([`VARIANT_TOKENS`]).

mod binary;
pub mod markdown;
pub mod placement;
mod rng;
mod tokens;

pub use binary::Binary;
pub use rng::Rng;
pub use tokens::VARIANT_TOKENS;

use std::path::{Path, PathBuf};
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

/// The legal moves as sorted move text (rules.md § Move text), one per line (as `fairyforge moves` prints them).
pub fn moves_text(p: &Position) -> String {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v.join("\n")
}

/// The legal moves of the piece on `from` as sorted move text (rules.md § Move text).
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

/// Plays moves given as move text (rules.md § Move text); panics with the position if one is not legal.
pub fn play(p: &mut Position, moves: &[&str]) {
    if let Err(fairyforge::PlayTextError {
        index: i, error: e, ..
    }) = p.play_text(moves)
    {
        panic!(
            "move {} `{}` of {moves:?} in {}: {e}",
            i + 1,
            moves[i],
            p.fen()
        );
    }
}

/// A fresh empty directory under the system's temporary directory, unique to this call,
/// removed with everything in it when the value is dropped (so that a run of the tests
/// leaves nothing behind). It reads as the directory's [`Path`].
pub fn temp_dir(tag: &str) -> TempDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!("fairyforge-{tag}-"))
        .tempdir()
        .expect("a temporary directory");
    TempDir(dir)
}

/// A temporary directory of [`temp_dir`], removed when dropped.
pub struct TempDir(tempfile::TempDir);

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
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

/// A small network of pseudo-random weights for a built-in game, written with core's
/// `Network` (docs/engine.md, "The learned evaluation"): weights large enough to change
/// the search's scores and moves, small enough for every sum of the game's features.
pub fn tiny_network(name: &str, hidden: usize, seed: u64) -> fairyforge::nnue::Network {
    use fairyforge::nnue::{Layout, Network, Parts};
    let v = game(name);
    let layout = Layout::new(&v);
    let mut r = Rng(seed);
    let most = layout.most_active().max(1) as i32;
    let wmax = ((i16::MAX as i32 - 200) / most).min(300) as usize;
    let mut w = |m: usize| r.below(2 * m + 1) as i32 - m as i32;
    let parts = Parts {
        hidden,
        scale: 400,
        bias: (0..hidden).map(|_| w(200) as i16).collect(),
        weights: (0..layout.features() * hidden)
            .map(|_| w(wmax) as i16)
            .collect(),
        out: (0..2 * hidden).map(|_| w(127) as i16).collect(),
        out_bias: w(1000),
    };
    Network::from_parts(&v, parts).expect("weights within the network's bounds")
}

/// [`tiny_network`] written to a file in `dir` named `NAME-HIDDEN-SEED.nnue`; its path.
pub fn tiny_network_file(dir: &std::path::Path, name: &str, hidden: usize, seed: u64) -> String {
    let path = dir.join(format!("{name}-{hidden}-{seed}.nnue"));
    std::fs::write(&path, tiny_network(name, hidden, seed).to_bytes()).unwrap();
    path.to_string_lossy().into_owned()
}
