//! The two sides of a game: a [`Player`] is told the position, the moves so far and its
//! budget, and answers a move. [`Engine`] is this library's search with some settings;
//! the command line adds external engines spoken to over UCI or XBoard.

use std::sync::Arc;

use crate::nnue::Network;
use crate::search::{Clock, Limits, Score, Searcher, Settings};
use crate::{Move, Position};

use super::control::{Control, SideClock};

/// What a player is told when it is its turn.
pub struct Turn<'a> {
    /// The position to move in (its history holds the game's moves).
    pub pos: &'a Position,
    /// The game's start as a position string, when it is not the game's setup.
    pub start_fen: Option<&'a str>,
    /// The game's moves so far, in GUI text.
    pub moves: &'a [String],
    /// The mover's budget.
    pub control: Control,
    /// The mover's clock (with a game clock).
    pub mine: Option<SideClock>,
    /// The opponent's clock (with a game clock).
    pub theirs: Option<SideClock>,
}

/// One side of a game.
pub trait Player: Send {
    /// A new game of the match's variant starts.
    fn new_game(&mut self) -> Result<(), String>;
    /// The move to play.
    fn think(&mut self, turn: &Turn) -> Result<Move, String>;
    /// The score of the last move's search, for the side that moved, when the player
    /// knows one (this library's engine does).
    fn last_score(&self) -> Option<Score> {
        None
    }
}

/// This library's engine with its settings. It forgets everything between games, so a
/// game searched to a node count or a depth is the same whichever games it played before.
pub struct Engine {
    searcher: Searcher,
    last: Option<Score>,
}

impl Engine {
    /// The engine with these settings and a transposition table of `hash_mb` megabytes.
    pub fn new(settings: Settings, hash_mb: usize) -> Engine {
        Engine {
            searcher: Searcher::with_settings(settings, hash_mb),
            last: None,
        }
    }
}

impl Engine {
    /// Evaluates with `net` in the game it was made for (the hand-set evaluation
    /// otherwise, and with `None`).
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.searcher.set_network(net);
    }
}

impl Player for Engine {
    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        self.last = None;
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
        let report = self.searcher.search(&mut pos, limits, |_| {});
        self.last = report.as_ref().map(|r| r.score);
        report
            .map(|r| r.best())
            .ok_or_else(|| "no legal move".to_string())
    }

    fn last_score(&self) -> Option<Score> {
        self.last
    }
}
