//! Every limit of the library, each under one name: what a file, a game, a position
//! string, a test file, perft and the search may reach. docs/format.md ("Limits") states
//! those of the format; past each one the input is refused with an error that names it.

// Files.

/// The most a variant or library file may hold, in bytes: a larger file is refused from
/// its size, before it is read (so is a text handed to the library).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The most a test file may hold, in bytes; a larger file is refused unread.
pub const MAX_TEST_FILE_BYTES: u64 = 4 << 20;

/// The deepest chain of `extends`, and of `import` (libraries importing libraries).
pub const MAX_COMPOSITION_DEPTH: usize = 8;

/// The most files one game reads, itself, its parents and its libraries included.
pub const MAX_GAME_FILES: usize = 64;

/// The most diagnostics a failed load reports; the rest are counted.
pub const MAX_DIAGNOSTICS: usize = 100;

// The board.

/// The most files a board may have.
pub const MAX_BOARD_FILES: u8 = 16;

/// The most main ranks a board may have.
pub const MAX_BOARD_RANKS: u8 = 16;

/// The most squares a board may have (16 files by up to 20 ranks, rear squares included).
pub const MAX_SQUARES: usize = 320;

// A game.

/// The most piece types a game may use (attack masks are 32-bit).
pub const MAX_KINDS: usize = 32;

/// The most move directions of a game's pieces, all entries of all pieces together (for a
/// `bent` entry, each pair of a first step and a `then` direction): what its tables grow
/// with. The built-in games have at most 116.
pub const MAX_DIRECTIONS: usize = 1024;

/// The most optional rules of a game.
pub const MAX_OPTIONS: usize = 64;

/// The most promotion rules of a game, its options' included.
pub const MAX_PROMOTIONS: usize = 64;

// Positions.

/// The most pieces of one kind in one side's reserve.
pub const MAX_RESERVE: u8 = 64;

/// The largest half-move clock and move number a position string may give. A position
/// counts no further: past it the counters stay at this value.
pub const MAX_COUNTER: u32 = 1_000_000;

/// The most checks an n-check game may ask for (`checks` of `[end]`).
pub const MAX_CHECKS: u8 = 100;

// Counting and searching.

/// The deepest perft, of the command line and of test files: 64 plies already take longer
/// than anyone waits, and deeper counts would only exhaust the memory and the stack.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// The deepest iteration a search starts, whatever depth is asked for.
pub const MAX_SEARCH_DEPTH: u32 = 64;
