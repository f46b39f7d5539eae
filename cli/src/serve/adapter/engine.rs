//! Counting and thinking, run on the thinking pool: perft with a time budget and a
//! cancellation, searches whose client may go away.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use fairyforge::search::{Limits, Report, Score, Searcher};
use fairyforge::{Color, Move, Position};

use super::*;
use crate::serve::model;
use crate::serve::pool::Cancel;

/// Why a long job stopped early.
pub enum Stopped {
    /// Its client went away.
    Cancelled,
    /// It ran past its time.
    Timeout,
}

/// Perft (with divide) that gives up when `cancel` is set or after `budget`.
pub fn perft(
    pos: &mut Position,
    depth: u32,
    divide: bool,
    cancel: &Cancel,
    budget: Duration,
) -> Result<model::Perft, Stopped> {
    let t = Instant::now();
    let deadline = t + budget;
    let mut counter = Counter {
        cancel,
        deadline,
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
            rows.push(model::DivideEntry {
                text: info.text,
                san: info.san,
                nodes: n,
            });
        }
    }
    rows.sort_by(|a, b| a.text.cmp(&b.text));
    Ok(model::Perft {
        depth,
        nodes: total,
        time_ms: t.elapsed().as_millis() as u64,
        divide: divide.then_some(rows),
    })
}

struct Counter<'a> {
    cancel: &'a Cancel,
    deadline: Instant,
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
            if self.cancel.is_set() {
                self.stopped = Some(Stopped::Cancelled);
            } else if Instant::now() >= self.deadline {
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

/// The score in a player's words, from White's side.
fn score(s: Score, mover: Color) -> model::Score {
    let white = mover == Color::White;
    match s {
        Score::Mate(n) => {
            let winner = if (n > 0) == white { "White" } else { "Black" };
            model::Score {
                cp: None,
                mate: Some(n),
                text: format!("{winner} mates in {}", n.unsigned_abs()),
            }
        }
        Score::Cp(cp) => {
            let w = if white { cp } else { -cp };
            let text = match w {
                -10..=10 => "level".to_string(),
                c if c > 0 => format!("White is better by {:.2}", c as f64 / 100.0),
                c => format!("Black is better by {:.2}", -c as f64 / 100.0),
            };
            model::Score {
                cp: Some(cp),
                mate: None,
                text,
            }
        }
    }
}

fn line(pos: &Position, r: &Report) -> model::Line {
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
    model::Line {
        depth: r.depth,
        score: score(r.score, pos.side_to_move()),
        pv,
        pv_san,
        nodes: r.nodes,
        time_ms: r.elapsed.as_millis() as u64,
    }
}

/// What to think within.
#[derive(Clone, Copy, Debug)]
pub struct ThinkLimits {
    pub time: Duration,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// Lets the computer think within `limits` (the search stops within its time, node
/// budget and depth); every finished depth as a line, the move it plays last. Once
/// `cancel` is set the search stops at its next look at the clock.
pub fn think(
    searcher: &mut Searcher,
    pos: &mut Position,
    limits: ThinkLimits,
    cancel: &Cancel,
) -> Result<Vec<model::Line>, Stopped> {
    let stop = searcher.stop_flag();
    let link = cancel.link(stop.clone());
    // A cancellation from here on raises the searcher's stop flag, which stops the search
    // even before it starts (the search clears its flag only as it returns).
    if cancel.is_set() {
        drop(link);
        stop.store(false, Ordering::Relaxed);
        return Err(Stopped::Cancelled);
    }
    let lim = Limits {
        time: Some(limits.time),
        depth: limits.depth,
        nodes: limits.nodes,
        clock: None,
    };
    let mut reports = Vec::new();
    let start = pos.clone();
    let last = searcher.search(pos, lim, |r| reports.push(r.clone()));
    // A cancellation that came after the search returned must not stop the worker's next
    // search: unlink, then lower the flag.
    drop(link);
    stop.store(false, Ordering::Relaxed);
    if cancel.is_set() {
        return Err(Stopped::Cancelled);
    }
    // The move played may come from an iteration the limit cut short (a move that beat
    // the finished iteration's best), or be the best of the first moves searched when no
    // iteration finished: it is the last line.
    if let Some(last) = last
        && reports.last() != Some(&last)
    {
        reports.push(last);
    }
    Ok(reports.iter().map(|r| line(&start, r)).collect())
}

/// The best move of a search's last line, as move data (check and mate marked).
pub fn best_move(pos: &Position, l: &model::Line) -> Option<model::MoveInfo> {
    let text = l.pv.first()?;
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| pos.move_text(m) == *text)?;
    Some(play(&mut pos.clone(), m))
}
