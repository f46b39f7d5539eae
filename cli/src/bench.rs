//! `fairyforge bench`: move-generation speed on a fixed set of positions, as perft leaf
//! nodes per second (median of several runs, release builds only give meaningful figures).

use std::time::Instant;

use fairyforge::{Position, Variant, perft};

use crate::error::Result;

/// (game, position string or "" for the start, depth)
const SUITE: &[(&str, &str, u32)] = &[
    ("chess", "", 5),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("capablanca", "", 4),
    ("birds-and-ninjas", "", 4),
    ("stealth-ninja", "", 4),
    ("flying-bombers-grand", "", 4),
    ("insane-ninja", "", 4),
    ("air-and-trench-warfare", "", 4),
];

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Runs per position; the median is reported.
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// Time the engine instead: to --depth from the start of Birds and Ninjas,
    /// Capablanca and chess.
    #[arg(long)]
    search: bool,
    /// The depth of --search.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=fairyforge::limits::MAX_SEARCH_DEPTH as i64))]
    depth: u32,
    /// Engine settings of --search (`modern`, `classic`, ...).
    #[arg(long, default_value = "modern")]
    engine: String,
}

impl BenchArgs {
    /// Runs per position asked for.
    pub fn runs(&self) -> usize {
        self.runs
    }
}

pub fn run(a: BenchArgs) -> Result {
    if a.search {
        return crate::bench_search::run(a.runs, a.depth, &a.engine);
    }
    let runs = a.runs.max(1);
    if cfg!(debug_assertions) {
        say!("(a debug build: figures are not meaningful; use `cargo run --release -- bench`)");
    }
    say!(
        "{:<24} {:>5} {:>12} {:>14}",
        "position",
        "depth",
        "nodes",
        "nodes/s (median)"
    );
    let (mut all_nodes, mut all_secs) = (0u64, 0f64);
    for (game, fen, depth) in SUITE {
        let v = Variant::builtin(game).ok_or_else(|| format!("no built-in game {game}"))?;
        let start = if fen.is_empty() {
            Position::start(&v)
        } else {
            Position::from_fen(&v, fen).map_err(|e| e.to_string())?
        };
        let mut rates = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs {
            let mut p = start.clone();
            let t = Instant::now();
            nodes = perft(&mut p, *depth);
            let secs = t.elapsed().as_secs_f64().max(1e-9);
            rates.push(nodes as f64 / secs);
            all_nodes += nodes;
            all_secs += secs;
        }
        rates.sort_by(|a, b| a.total_cmp(b));
        let median = rates[rates.len() / 2];
        let label = if fen.is_empty() {
            format!("{game} start")
        } else {
            format!("{game} kiwipete")
        };
        say!("{label:<24} {depth:>5} {nodes:>12} {:>14.0}", median);
    }
    say!(
        "total {all_nodes} nodes in {all_secs:.2} s: {:.0} nodes/s",
        all_nodes as f64 / all_secs.max(1e-9)
    );
    Ok(())
}
