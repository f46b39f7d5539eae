//! The two sides of a match: this program's engine with some settings, or an external
//! engine spoken to over UCI or XBoard (`uci:/path/to/engine`,
//! `xboard:/usr/games/fairymax`).

use std::time::Duration;

use fairyforge::search::{Clock, Limits, Searcher, Settings};
use fairyforge::{Move, Position};

use super::control::{Control, SideClock};
use super::external::Engine;

/// What a player is told when it is its turn.
pub struct Turn<'a> {
    /// The position to move in (its history holds the game's moves).
    pub pos: &'a Position,
    /// The game's start as a position string, when it is not the game's setup.
    pub start_fen: Option<&'a str>,
    /// The game's moves so far, in GUI text.
    pub moves: &'a [String],
    pub control: Control,
    /// The mover's clock and the opponent's (with a game clock).
    pub mine: Option<SideClock>,
    pub theirs: Option<SideClock>,
}

/// One side of a match.
pub trait Player: Send {
    /// A new game of the match's variant starts.
    fn new_game(&mut self) -> Result<(), String>;
    /// The move to play.
    fn think(&mut self, turn: &Turn) -> Result<Move, String>;
}

/// A side as written on the command line.
#[derive(Clone, Debug)]
pub enum Spec {
    Internal(Settings),
    Uci(String),
    Xboard(String),
}

impl std::str::FromStr for Spec {
    type Err = String;

    fn from_str(s: &str) -> Result<Spec, String> {
        if let Some(cmd) = s.strip_prefix("uci:") {
            return Ok(Spec::Uci(cmd.to_string()));
        }
        if let Some(cmd) = s.strip_prefix("xboard:") {
            return Ok(Spec::Xboard(cmd.to_string()));
        }
        Settings::parse(s)
            .map(Spec::Internal)
            .map_err(|e| e.to_string())
    }
}

impl Spec {
    /// Makes a player of this spec for the variant (`game`: its name for external
    /// engines, which wait at most `watchdog` for a move searched to a node count or a
    /// depth).
    pub fn player(
        &self,
        game: &str,
        hash_mb: usize,
        watchdog: Duration,
    ) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            Spec::Internal(s) => Box::new(Internal {
                searcher: Searcher::with_settings(s.clone(), hash_mb),
            }),
            Spec::Uci(cmd) => Box::new(Engine::uci(cmd, game, hash_mb, watchdog)?),
            Spec::Xboard(cmd) => Box::new(Engine::xboard(cmd, game, hash_mb, watchdog)?),
        })
    }

    /// The side's name in reports and PGN.
    pub fn name(&self) -> String {
        match self {
            Spec::Internal(s) => format!("fairyforge {s}"),
            Spec::Uci(c) | Spec::Xboard(c) => {
                let exe = c.split_whitespace().next().unwrap_or(c);
                std::path::Path::new(exe)
                    .file_name()
                    .map_or_else(|| c.clone(), |f| f.to_string_lossy().into_owned())
            }
        }
    }
}

/// This program's engine.
struct Internal {
    searcher: Searcher,
}

impl Player for Internal {
    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        Ok(())
    }

    fn think(&mut self, turn: &Turn) -> Result<Move, String> {
        let limits = match turn.control {
            Control::MoveTime(t) => Limits::time(t),
            Control::Nodes(n) => Limits::nodes(n),
            Control::Depth(d) => Limits::depth(d),
            Control::Clock(tc) => {
                let mine = turn.mine.unwrap_or_else(|| tc.start());
                Limits::clock(Clock {
                    remaining: mine.left,
                    increment: tc.inc,
                    moves_to_go: mine.to_go,
                })
            }
        };
        let mut pos = turn.pos.clone();
        self.searcher
            .search(&mut pos, limits, |_| {})
            .map(|r| r.best())
            .ok_or_else(|| "no legal move".to_string())
    }
}

/// How long to wait for an external engine's move before declaring it lost: its time
/// and `watchdog` more, or `watchdog` when its budget is not a time.
pub fn grace(control: &Control, mine: Option<SideClock>, watchdog: Duration) -> Duration {
    match control {
        Control::MoveTime(t) => *t + watchdog,
        Control::Clock(_) => mine.map_or(Duration::ZERO, |c| c.left) + watchdog,
        Control::Nodes(_) | Control::Depth(_) => watchdog,
    }
}
