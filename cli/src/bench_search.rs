//! `fairyforge bench --search`: the engine's speed, as the time to reach a depth from the
//! start of a game (median of several runs, each with a fresh table), with nodes and
//! nodes per second. Release builds only give meaningful figures.

use std::time::Duration;

use fairyforge::search::{Limits, Searcher, Settings};
use fairyforge::{Position, Variant};

/// The games timed, from their start.
const GAMES: &[&str] = &["birds-and-ninjas", "capablanca", "chess"];

pub fn run(runs: usize, depth: u32, engine: &str) -> crate::error::Result {
    let settings = Settings::parse(engine).map_err(|e| e.to_string())?;
    if cfg!(debug_assertions) {
        println!(
            "(a debug build: figures are not meaningful; use `cargo run --release -- bench --search`)"
        );
    }
    println!(
        "{:<20} {:>5} {:>12} {:>10} {:>12}",
        "start of", "depth", "nodes", "time (s)", "nodes/s"
    );
    for game in GAMES {
        let v = Variant::builtin(game).ok_or_else(|| format!("no built-in game {game}"))?;
        let mut times = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs.max(1) {
            let mut s = Searcher::with_settings(settings.clone(), 64);
            let mut p = Position::start(&v);
            let r = s
                .search(&mut p, Limits::depth(depth), |_| {})
                .ok_or("no legal move at the start")?;
            times.push(r.elapsed);
            nodes = r.nodes;
        }
        times.sort();
        let median: Duration = times[times.len() / 2];
        println!(
            "{:<20} {:>5} {:>12} {:>10.3} {:>12.0}",
            game,
            depth,
            nodes,
            median.as_secs_f64(),
            nodes as f64 / median.as_secs_f64().max(1e-9)
        );
    }
    Ok(())
}
