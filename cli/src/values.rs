//! `fairyforge values GAME [--piece NAME ...]`: piece values by imbalance matches
//! (docs/values.md). Core builds the study's setups, fits the values and writes the table
//! and the chart (`fairyforge::values`); this command only turns each setup into a match
//! of shards, plays them on the lab's executor (this machine's cores or a Ray cluster, as
//! `balance` does) and counts each setup's games for the side given the imbalance.
//!
//! Each setup is played with colours swapped: half its games from its `white` position
//! (White given the imbalance), half from its `black` position (Black given it, White
//! still moving first). Both sides are the same engine; as in `balance`, each random
//! opening is played twice, by the engine at two budgets that swap colours, so that the
//! two games of an opening differ and neither budget holds the imbalance more often.

use std::time::Duration;

use fairyforge::contract::{GameRecord, MoveLimit, ShardKind, ShardSpec, Side};
use fairyforge::lab::Openings;
use fairyforge::values::{self, FitSettings, SetupResult, score_series};

use crate::lab::{ExecArgs, run_merged, shards};

#[derive(clap::Args)]
pub struct ValuesArgs {
    /// A built-in game or the path of a variant file.
    variant: String,
    /// A piece to value (its id, name or letter); may be given several times. Default:
    /// every piece but the royal one and the pawn that is the unit.
    #[arg(long = "piece", value_name = "NAME")]
    pieces: Vec<String>,
    /// Games per setup (rounded up to a multiple of 4: each setup is played with either
    /// colour given the imbalance, each opening twice).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Nodes a move of the first budget (the second is a quarter more; the two swap
    /// colours). The default, 2000: the same games on every machine.
    #[arg(long, value_parser = clap::value_parser!(u64).range(4..), conflicts_with_all = ["depth", "time"])]
    nodes: Option<u64>,
    /// Plies a move of the first budget (the second is one ply more; the two swap
    /// colours).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..fairyforge::limits::MAX_SEARCH_DEPTH as i64), conflicts_with = "time")]
    depth: Option<u32>,
    /// Seconds a move, for both sides (the games then depend on the machine and its load).
    #[arg(long, value_parser = crate::numbers::positive_seconds)]
    time: Option<Duration>,
    /// How games start from each setup: `random-plies:K` (K random legal plies) or `none`.
    #[arg(long, default_value = "random-plies:4")]
    openings: Openings,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The engine's settings (`modern`, `classic`, `eval.tempo=20`, ...), for both sides.
    #[arg(long, default_value = "modern")]
    engine: String,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Transposition table of each engine, in megabytes.
    #[arg(long, default_value = "16", value_parser = crate::numbers::hash_mb)]
    hash: usize,
    /// Study the game with an optional rule turned on (`NAME`, `NAME=on`) or off
    /// (`NAME=off`); may be given several times.
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Write the games to this PGN file, setup by setup (in each, the games where White
    /// has the imbalance first).
    #[arg(long, value_name = "FILE")]
    pgn: Option<String>,
    /// Write an SVG chart to this file: the values with their intervals beside the
    /// declared ones, and the pawn-odds setup's score as its games accumulate.
    #[arg(long, value_name = "FILE")]
    plot: Option<String>,
    #[command(flatten)]
    exec: ExecArgs,
}

/// The two budgets that swap colours, and their description.
fn budgets(a: &ValuesArgs) -> (MoveLimit, MoveLimit, String) {
    if let Some(d) = a.depth {
        let second = d + 1;
        return (
            MoveLimit::Depth(d),
            MoveLimit::Depth(second),
            format!("{d} and {second} plies a move (the budgets swap colours)"),
        );
    }
    if let Some(t) = a.time {
        let ms = (t.as_millis() as u64).max(1);
        return (
            MoveLimit::MovetimeMs(ms),
            MoveLimit::MovetimeMs(ms),
            format!("{} s a move", t.as_secs_f64()),
        );
    }
    let n = a.nodes.unwrap_or(2000);
    let second = n + n / 4;
    (
        MoveLimit::Nodes(n),
        MoveLimit::Nodes(second),
        format!("{n} and {second} nodes a move (the budgets swap colours)"),
    )
}

pub fn run(a: ValuesArgs) -> crate::error::Result {
    let variant = crate::game::load(&a.variant, &a.options)?;
    fairyforge::search::Settings::parse(&a.engine).map_err(|e| format!("--engine: {e}"))?;
    let names: Vec<&str> = a.pieces.iter().map(String::as_str).collect();
    let kinds = values::pieces_named(&variant, &names).map_err(|e| e.to_string())?;
    let study = values::study(&variant, &kinds).map_err(|e| e.to_string())?;
    // Half the games with White given the imbalance, half with Black; whole pairs each.
    let half = (a.games as u64).div_ceil(4) * 2;
    let game = std::path::Path::new(&a.variant)
        .file_stem()
        .map_or_else(|| a.variant.clone(), |s| s.to_string_lossy().into_owned());
    let (source, dir) = crate::lab::game_source(&a.variant)?;
    let (limit, limit_b, budget) = budgets(&a);
    let mut specs = Vec::new();
    for setup in &study.setups {
        for (side, offset) in [(Side::White, 0), (Side::Black, half)] {
            let template = ShardSpec {
                id: 0,
                label: setup.name.clone(),
                game: game.clone(),
                source: source.clone(),
                dir: dir.clone(),
                options: a.options.clone(),
                start: Some(match side {
                    Side::White => setup.white.clone(),
                    Side::Black => setup.black.clone(),
                }),
                openings: a.openings.to_string(),
                seed: a.seed,
                first: 0,
                count: 0,
                a: a.engine.clone(),
                b: a.engine.clone(),
                limit,
                limit_b: (limit_b != limit).then_some(limit_b),
                max_plies: a.max_plies,
                hash_mb: a.hash.min(u32::MAX as usize) as u32,
                event: "fairyforge values".into(),
                net_a: None,
                net_b: None,
                kind: ShardKind::Match,
            };
            // The Black half's games are numbered after the White half's, so that the two
            // merge into one match per setup and their openings differ.
            let first_id = specs.len() as u64;
            specs.extend(
                shards(&template, half, first_id)
                    .into_iter()
                    .map(|s| ShardSpec {
                        first: s.first + offset,
                        ..s
                    }),
            );
        }
    }
    say!(
        "{}: values from {} setups, {} games each (half with White given the imbalance, half with Black), {budget}, openings {}",
        variant.name(),
        study.setups.len(),
        2 * half,
        a.openings
    );
    let merged = run_merged(&specs, &a.exec.executor())?;
    if let Some(path) = &a.pgn {
        let mut text = String::new();
        for setup in &study.setups {
            for g in merged.get(&setup.name).map_or(&[][..], |m| &m.games) {
                text.push_str(&g.pgn);
            }
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let mut results = Vec::new();
    let mut pawn_odds = Vec::new();
    for (i, setup) in study.setups.iter().enumerate() {
        let games = merged.get(&setup.name).map_or(&[][..], |m| &m.games);
        let scores = imbalance_scores(games, half);
        let (w, d, l) = scores.iter().fold((0, 0, 0), |(w, d, l), &s| {
            if s == 1.0 {
                (w + 1, d, l)
            } else if s == 0.0 {
                (w, d, l + 1)
            } else {
                (w, d + 1, l)
            }
        });
        say!(
            "{}: won {w}, drew {d}, lost {l} ({:.1}%)",
            setup.name,
            100.0 * (w as f64 + d as f64 / 2.0) / scores.len().max(1) as f64
        );
        if i == 0 {
            pawn_odds = scores;
        }
        results.push(SetupResult::new(setup, w, d, l));
    }
    for s in &study.skipped {
        say!("Not studied: {}: {}", s.piece, s.reason);
    }
    say!();
    let settings = FitSettings::default();
    let fit =
        values::fit_from_results(&results, &study.unit, &settings).map_err(|e| e.to_string())?;
    let report = values::report(&variant, &fit);
    say_raw!("{}", values::table(&report));
    if let Some(path) = &a.plot {
        let label = format!("{}: the side given it", study.setups[0].name);
        let series = score_series(&label, &pawn_odds, settings.confidence);
        std::fs::write(path, values::values_svg(&report, &[series]))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        say!("wrote {path}");
    }
    Ok(())
}

/// The score of the side given the imbalance in each game of a setup's match (1 a win,
/// 0.5 a draw, 0 a loss): games `0 .. half` were played from the position where White has
/// it, games `half ..` from the one where Black has it. In the order White's first game,
/// Black's first game, White's second, ..., so that the running score mixes both colours.
fn imbalance_scores(games: &[GameRecord], half: u64) -> Vec<f64> {
    let score = |g: &GameRecord| {
        let given = if g.index < half {
            Side::White
        } else {
            Side::Black
        };
        match g.winner {
            Some(w) if w == given => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    };
    let (white, black): (Vec<&GameRecord>, Vec<&GameRecord>) =
        games.iter().partition(|g| g.index < half);
    let mut out = Vec::with_capacity(games.len());
    for i in 0..white.len().max(black.len()) {
        out.extend(white.get(i).map(|g| score(g)));
        out.extend(black.get(i).map(|g| score(g)));
    }
    out
}
