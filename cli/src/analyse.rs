//! `fairyforge analyse VARIANT [--fen POSITION] [--moves M ...] [--time SECONDS]
//! [--depth N] [--nodes N]`: the computer's view of a position. One line per finished
//! iteration of the search:
//!
//! ```text
//! depth 5 score cp 31 nodes 48213 nps 612000 time 0.079 pv e2e5 e9e6 ...
//! ```
//!
//! (`score mate 2`: the side to move wins with its second move; `mate -2`: it loses), then
//! `bestmove MOVE` in move text (rules.md § Move text), or `bestmove (none)` when the game is over.

use std::time::Duration;

use fairyforge::nnue::Network;
use fairyforge::search::{Limits, Report, Searcher, Settings};

use crate::error::{Error, Result};
use crate::game::Start;

#[derive(clap::Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    start: Start,
    /// Seconds to think (default 5 when neither --depth nor --nodes is given).
    #[arg(long)]
    time: Option<f64>,
    /// Search to this depth (plies).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=fairyforge::limits::MAX_SEARCH_DEPTH as i64))]
    depth: Option<u32>,
    /// Stop after this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Size of the transposition table in megabytes (less when the machine cannot hold
    /// it).
    #[arg(long, default_value = "64", value_parser = crate::numbers::hash_mb)]
    hash: usize,
    /// Engine settings (`classic`, `lmr=off`, `eval.tempo=20`, ...): see docs/engine.md.
    #[arg(long, default_value = "modern")]
    engine: String,
    /// A network file to evaluate with (docs/engine.md, "The learned evaluation"): it
    /// must have been made for this game.
    #[arg(long, value_name = "FILE")]
    net: Option<std::path::PathBuf>,
}

impl AnalyseArgs {
    /// Checks the numbers before any work starts.
    pub fn check(&self) -> Result {
        if let Some(t) = self.time {
            crate::check::seconds("--time", t, true)?;
        }
        Ok(())
    }
}

/// Runs the command.
pub fn run(a: AnalyseArgs) -> Result {
    let mut pos = a.start.position()?;
    let time = match a.time {
        Some(t) => Some(crate::check::seconds("--time", t, true)?),
        None if a.depth.is_none() && a.nodes.is_none() => Some(Duration::from_secs(5)),
        None => None,
    };
    let limits = Limits {
        time,
        depth: a.depth,
        nodes: a.nodes,
        clock: None,
    };
    let settings = Settings::parse(&a.engine).map_err(|e| e.to_string())?;
    let mut searcher = Searcher::with_settings(settings, a.hash);
    if let Some(path) = &a.net {
        let net = Network::load(path, pos.variant()).map_err(|e| e.to_string())?;
        searcher.set_network(Some(std::sync::Arc::new(net)));
    }
    if let Some(note) = crate::numbers::hash_note(a.hash, searcher.hash_bytes()) {
        eprintln!("{note}");
    }
    let text_pos = pos.clone();
    // A failed write stops the search; the error is returned after it.
    let stop = searcher.stop_flag();
    let mut failed: Option<Error> = None;
    let line = |r: &Report| {
        let mut p = text_pos.clone();
        let mut pv = Vec::with_capacity(r.pv.len());
        for m in &r.pv {
            pv.push(p.move_text(m));
            p.play_unchecked(m);
        }
        let text = format!(
            "depth {} score {} nodes {} nps {} time {:.3} pv {}\n",
            r.depth,
            r.score,
            r.nodes,
            r.nps(),
            r.elapsed.as_secs_f64(),
            pv.join(" ")
        );
        if failed.is_none()
            && let Err(e) = crate::out::write(&text).and_then(|_| crate::out::flush())
        {
            failed = Some(e);
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let result = searcher.search(&mut pos, limits, line);
    if let Some(e) = failed {
        return Err(e);
    }
    match result {
        Some(r) => say!("bestmove {}", pos.move_text(&r.best())),
        None => {
            if let Some(o) = pos.outcome() {
                say!("{o}");
            }
            say!("bestmove (none)");
        }
    }
    Ok(())
}
