//! `fairyforge analyse VARIANT [--fen POSITION] [--moves M ...] [--time SECONDS]
//! [--depth N] [--nodes N]`: the computer's view of a position. One line per finished
//! iteration of the search:
//!
//! ```text
//! depth 5 score cp 31 nodes 48213 nps 612000 time 0.079 pv e2e5 e9e6 ...
//! ```
//!
//! (`score mate 2`: the side to move wins with its second move; `mate -2`: it loses), then
//! `bestmove MOVE` in R29 text, or `bestmove (none)` when the game is over.

use std::time::Duration;

use fairyforge::search::{Limits, Report, Searcher};

use crate::Start;

#[derive(clap::Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    start: Start,
    /// Seconds to think (default 5 when neither --depth nor --nodes is given).
    #[arg(long)]
    time: Option<f64>,
    /// Search to this depth (plies).
    #[arg(long)]
    depth: Option<u32>,
    /// Stop after about this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Size of the transposition table in megabytes.
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

/// Runs the command.
pub fn run(a: AnalyseArgs) -> Result<(), String> {
    let mut pos = crate::position(&a.start)?;
    let time = match a.time {
        Some(t) if !(t >= 0.0 && t.is_finite()) => {
            return Err(format!("--time {t}: expected a number of seconds"));
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None if a.depth.is_none() && a.nodes.is_none() => Some(Duration::from_secs(5)),
        None => None,
    };
    let limits = Limits {
        time,
        depth: a.depth,
        nodes: a.nodes,
    };
    let mut searcher = Searcher::new(a.hash);
    let text_pos = pos.clone();
    let line = |r: &Report| {
        let mut p = text_pos.clone();
        let mut pv = Vec::with_capacity(r.pv.len());
        for m in &r.pv {
            pv.push(p.move_text(m));
            p.play_unchecked(m);
        }
        println!(
            "depth {} score {} nodes {} nps {} time {:.3} pv {}",
            r.depth,
            r.score,
            r.nodes,
            r.nps(),
            r.elapsed.as_secs_f64(),
            pv.join(" ")
        );
    };
    match searcher.search(&mut pos, limits, line) {
        Some(r) => println!("bestmove {}", pos.move_text(&r.best())),
        None => {
            if let Some(o) = pos.outcome() {
                println!("{o}");
            }
            println!("bestmove (none)");
        }
    }
    Ok(())
}
