//! Counting and thinking: perft with a time budget and a stop flag, searches as lines.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use crate::contract::{self, ApiError, MoveInfo};
use crate::nnue::Network;
use crate::search::{Limits, Report, Searcher};
use crate::{Move, Position, Variant};

use super::game::{move_infos, play};
use super::limits;

/// Why a long job stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Its stop flag was raised (its client went away).
    Cancelled,
    /// It ran past its time.
    Timeout,
}

/// Perft (with divide) that gives up when `stop` is raised or after `budget`.
pub fn perft(
    pos: &mut Position,
    depth: u32,
    divide: bool,
    stop: &AtomicBool,
    budget: Duration,
) -> Result<contract::Perft, Stopped> {
    let t = Instant::now();
    let mut counter = Counter {
        stop,
        deadline: t.checked_add(budget),
        ticks: 0,
        stopped: None,
        bufs: (0..depth.max(1)).map(|_| Vec::with_capacity(128)).collect(),
    };
    let root = pos.legal_moves();
    let mut total = 0;
    let mut rows = Vec::new();
    if depth == 0 {
        total = 1;
    } else {
        for (m, info) in root.iter().zip(move_infos(pos, &root)) {
            pos.play_unchecked(m);
            let n = counter.count(pos, depth - 1, 0);
            pos.undo();
            if let Some(s) = counter.stopped.take() {
                return Err(s);
            }
            total += n;
            rows.push(contract::DivideEntry {
                text: info.text,
                san: info.san,
                nodes: n,
            });
        }
    }
    rows.sort_by(|a, b| a.text.cmp(&b.text));
    Ok(contract::Perft {
        depth,
        nodes: total,
        time_ms: t.elapsed().as_millis() as u64,
        divide: divide.then_some(rows),
    })
}

/// The 422 `too-long` or 503 `cancelled` error of a perft count that stopped.
pub fn perft_stopped(why: Stopped, depth: u32, budget: Duration) -> ApiError {
    match why {
        Stopped::Timeout => ApiError::invalid(
            "too-long",
            format!(
                "perft {depth} takes longer than the studio's {} s here: try a smaller depth, or `fairyforge perft` on the command line",
                budget.as_millis() as f64 / 1000.0
            ),
        ),
        Stopped::Cancelled => ApiError::cancelled("the count was stopped"),
    }
}

struct Counter<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    ticks: u32,
    stopped: Option<Stopped>,
    bufs: Vec<Vec<Move>>,
}

impl Counter<'_> {
    /// Leaf nodes at `depth`, the last ply counted from the move list (as `perft` does).
    fn count(&mut self, pos: &mut Position, depth: u32, ply: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.stopped.is_some() {
            return 0;
        }
        self.ticks += 1;
        if self.ticks.is_multiple_of(1024) {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = Some(Stopped::Cancelled);
            } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = Some(Stopped::Timeout);
            }
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        buf.clear();
        pos.generate_legal(&mut buf);
        let n = if depth == 1 {
            buf.len() as u64
        } else {
            let mut n = 0;
            for &m in &buf {
                pos.play_unchecked(&m);
                n += self.count(pos, depth - 1, ply + 1);
                pos.undo();
            }
            n
        };
        self.bufs[ply] = buf;
        n
    }
}

/// A search's line as data: its moves as move text and readable text (check and mate
/// marked), its score in numbers and in words.
fn line(pos: &Position, r: &Report) -> contract::Line {
    let mut p = pos.clone();
    let mut pv = Vec::new();
    let mut pv_san = Vec::new();
    for m in &r.pv {
        let legal = p.legal_moves();
        if !legal.contains(m) {
            break;
        }
        let info = play(&mut p, *m);
        pv.push(info.text);
        pv_san.push(info.san);
    }
    let mover = pos.side_to_move();
    let (cp, mate) = match r.score {
        crate::search::Score::Cp(c) => (Some(c), None),
        crate::search::Score::Mate(n) => (None, Some(n)),
    };
    contract::Line {
        depth: r.depth,
        score: contract::Score {
            cp,
            mate,
            text: r.score.words(mover),
        },
        pv,
        pv_san,
        nodes: r.nodes,
        time_ms: r.elapsed.as_millis() as u64,
    }
}

/// What to think within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkLimits {
    /// The longest time.
    pub time: Duration,
    /// A fixed depth.
    pub depth: Option<u32>,
    /// A fixed number of nodes.
    pub nodes: Option<u64>,
}

impl ThinkLimits {
    /// The limits a request asks for, checked against the studio's (docs/api.md).
    pub fn of(r: &contract::ThinkRequest) -> Result<ThinkLimits, ApiError> {
        let ms = r.time_ms.unwrap_or(limits::DEFAULT_THINK_MS);
        if ms == 0 || ms > limits::THINK_MS {
            return Err(ApiError::invalid(
                "bad-limit",
                format!(
                    "`time_ms` {ms}: give 1 to {} milliseconds",
                    limits::THINK_MS
                ),
            ));
        }
        if r.depth
            .is_some_and(|d| d == 0 || d > crate::limits::MAX_SEARCH_DEPTH)
        {
            return Err(ApiError::invalid(
                "bad-limit",
                format!("`depth`: give 1 to {}", crate::limits::MAX_SEARCH_DEPTH),
            ));
        }
        if r.nodes == Some(0) {
            return Err(ApiError::invalid("bad-limit", "`nodes`: give at least 1"));
        }
        Ok(ThinkLimits {
            time: Duration::from_millis(ms),
            depth: r.depth,
            nodes: r.nodes,
        })
    }
}

/// Lets the computer think within `limits` (the search stops within its time, node
/// budget and depth, or when the searcher's stop flag is raised); every finished depth as
/// a line, the move it plays last. Empty only when the position has no move.
pub fn think(searcher: &mut Searcher, pos: &Position, limits: ThinkLimits) -> Vec<contract::Line> {
    let lim = Limits {
        time: Some(limits.time),
        depth: limits.depth,
        nodes: limits.nodes,
        clock: None,
    };
    let mut reports = Vec::new();
    let mut p = pos.clone();
    let last = searcher.search(&mut p, lim, |r| reports.push(r.clone()));
    // The move played may come from an iteration the limit cut short (a move that beat
    // the finished iteration's best), or be the best of the first moves searched when no
    // iteration finished: it is the last line. When it is the last finished line, that
    // line takes the whole search's nodes and time.
    if let Some(last) = last {
        match reports.last_mut() {
            Some(r) if r.same_line(&last) => *r = last,
            _ => reports.push(last),
        }
    }
    reports.iter().map(|r| line(pos, r)).collect()
}

/// The best move of a search's last line, as move data (check and mate marked).
pub fn best_move(pos: &Position, l: &contract::Line) -> Option<MoveInfo> {
    let text = l.pv.first()?;
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| pos.move_text(m) == *text)?;
    Some(play(&mut pos.clone(), m))
}

/// A network file's bytes read for the game `v` (docs/engine.md, "The learned
/// evaluation"), for a searcher to evaluate with: a file that is not a network for this
/// game is a `bad-network` error with core's reason.
pub fn network(bytes: &[u8], v: &Arc<Variant>) -> Result<Arc<Network>, ApiError> {
    Network::read(bytes, v)
        .map(Arc::new)
        .map_err(|e| ApiError::invalid("bad-network", e.to_string()))
}

/// Hands the library a built-in game's network file (`nnue::supply`): for a front end
/// whose library was built without the networks (the WebAssembly module), which loads the
/// file [`crate::nnue::wanted`] names. Returns the game's name; a file that is not that
/// game's network is a `bad-network` error with core's reason.
pub fn supply_network(bytes: &[u8]) -> Result<String, ApiError> {
    crate::nnue::supply(bytes).map_err(|e| ApiError::invalid("bad-network", e.to_string()))
}
