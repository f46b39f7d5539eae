//! Issue 20: Fairy-Stockfish's variants.ini in and out. `import` translates the sections of
//! `tests/data/ini/examples.ini` (ours, written in the manner of Fairy-Stockfish's own
//! examples) into game files that load, and lists at its line and column each key and
//! Betza atom the format cannot express; `export --to fsf` writes a game as a section and
//! lists what a section cannot say at its place in the game's TOML. Round trips keep
//! perft. The comparison with Fairy-Stockfish itself (pyffish) is in
//! bindings/python/tests/test_ini.py.

mod export;
mod import;
mod roundtrip;

use fairyforge_tests::Binary;

/// The `fairyforge` binary under test, built by cargo for the tests of its package.
pub const FAIRYFORGE: Binary = Binary::new(env!("CARGO_BIN_EXE_fairyforge"));

/// The fixture of variants.ini sections.
pub const EXAMPLES: &str = "tests/data/ini/examples.ini";

/// The sections of the fixture that translate completely.
pub const COMPLETE: &[&str] = &[
    "sidepawns",
    "knightking",
    "bigboard",
    "menagerie",
    "gothiclike",
    "hill",
    "handchess",
    "lazypromo",
    "limited",
    "sidedpromo",
    "generals",
    "bareking",
    "twocheck",
];
