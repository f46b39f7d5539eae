//! The balance lab: matches, balance runs and values studies cut into independent shards
//! of games that play anywhere (a thread, another process, a Ray worker) and merge
//! exactly.
//!
//! A job is a list of [`ShardSpec`](crate::contract::ShardSpec)s (the data contract):
//! each names its game, its games' numbers, both engines' settings and their budget.
//! [`play_shard`] plays one; with a node or depth budget the same spec gives the same
//! games on any machine, because every game starts from its own opening with engines
//! that have forgotten the games before. [`merge`] combines the results, each shard
//! counted once, and [`InOrder`] hands on a running match's games in their order.
//! [`run_local`] plays a job on this machine's cores; the command line adds a Ray
//! executor through the Python package, which calls [`play_shard`] too.
//!
//! - [`control`]: each move's budget and game clocks;
//! - [`openings`]: how games open (the setup, or random plies from a seed);
//! - [`player`]: the [`Player`] of one side, and this library's [`Engine`];
//! - [`game`]: one game played to its end, and its record;
//! - [`pgn`]: a game as a PGN record;
//! - [`selfplay`]: self-play that records training positions;
//! - [`shard`]: a shard played;
//! - [`merge`](mod@merge): shards' results merged;
//! - [`local`]: the local executor;
//! - [`stats`]: wins, draws and losses, Elo and its error bar;
//! - [`sprt`]: the sequential test of a match;
//! - [`balance`](mod@balance): White's score, draws, ends, lengths, the opening's weight.

pub mod balance;
pub mod control;
pub mod game;
pub mod local;
pub mod merge;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod selfplay;
pub mod shard;
pub mod sprt;
pub mod stats;

pub use balance::{Balance, balance, difference};
pub use control::{Control, SideClock, TimeControl};
pub use game::{Match, play_game, play_game_seen};
pub use local::{default_jobs, run_local};
pub use merge::{InOrder, MatchResult, merge};
pub use openings::Openings;
pub use player::{Engine, Player, Turn};
pub use shard::{LabError, engine_name, load_game, play_shard, play_shard_on, read_network};
pub use sprt::{Sprt, Verdict};
pub use stats::Tally;
