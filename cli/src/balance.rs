//! `fairyforge balance GAME`: is the game fair? The engine plays itself from balanced
//! openings; the report gives White's score with its interval, the draw rate, how games
//! end, their length and how much the result depends on the opening. With `--option
//! NAME` it plays the game with and without the optional rule and gives the difference.
//!
//! Each random opening is played twice, by the engine at two node budgets (N and N + N/4)
//! that swap colours: two games of one opening differ (an engine at one budget against
//! itself would play the same game twice), and White's score favours neither budget
//! (docs/scale.md, "Balance").

use fairyforge::contract::{GameRecord, MoveLimit, ShardKind, ShardSpec, Side};
use fairyforge::lab::{Openings, balance, difference};
use fairyforge::values::{score_series, score_svg};

use crate::lab::{ExecArgs, run_merged, shards};

#[derive(clap::Args)]
pub struct BalanceArgs {
    /// A built-in game or the path of a variant file.
    variant: String,
    /// Number of games (rounded up to an even number: each opening is played twice).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    games: u32,
    /// Nodes a move of the first budget (the second is a quarter more). The same
    /// command gives the same games on every machine.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(4..))]
    nodes: u64,
    /// How games start: `random-plies:K` (K random legal plies) or `none`.
    #[arg(long, default_value = "random-plies:4")]
    openings: Openings,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The engine's settings (`modern`, `classic`, `eval.tempo=20`, ...).
    #[arg(long, default_value = "modern")]
    engine: String,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Transposition table of each engine, in megabytes.
    #[arg(long, default_value = "16", value_parser = crate::numbers::hash_mb)]
    hash: usize,
    /// Compare the game with this optional rule (`NAME`, `NAME=on`, or `NAME=off`)
    /// against the game as it is; may be given several times (all apply together).
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Write the games to this PGN file (with `--option`, the games without it first).
    #[arg(long, value_name = "FILE")]
    pgn: Option<String>,
    /// Write an SVG chart to this file: White's score as the games accumulate, with its
    /// interval (with `--option`, one line with the rule and one without).
    #[arg(long, value_name = "FILE")]
    plot: Option<String>,
    #[command(flatten)]
    exec: ExecArgs,
}

pub fn run(a: BalanceArgs) -> crate::error::Result {
    let variant = crate::game::load(&a.variant, &[])?;
    if !a.options.is_empty() {
        // The options exist and the game loads with them.
        crate::game::load(&a.variant, &a.options)?;
    }
    fairyforge::search::Settings::parse(&a.engine).map_err(|e| format!("--engine: {e}"))?;
    let games = (a.games as u64).div_ceil(2) * 2;
    let game = std::path::Path::new(&a.variant)
        .file_stem()
        .map_or_else(|| a.variant.clone(), |s| s.to_string_lossy().into_owned());
    let (source, dir) = crate::lab::game_source(&a.variant)?;
    let second = a.nodes + a.nodes / 4;
    let template = ShardSpec {
        id: 0,
        label: "as it is".into(),
        game,
        source,
        dir,
        options: Vec::new(),
        start: None,
        openings: a.openings.to_string(),
        seed: a.seed,
        first: 0,
        count: 0,
        a: a.engine.clone(),
        b: a.engine.clone(),
        limit: MoveLimit::Nodes(a.nodes),
        limit_b: Some(MoveLimit::Nodes(second)),
        max_plies: a.max_plies,
        hash_mb: a.hash.min(u32::MAX as usize) as u32,
        event: "fairyforge balance".into(),
        net_a: None,
        net_b: None,
        kind: ShardKind::Match,
    };
    let mut specs = shards(&template, games, 0);
    let with = format!("with {}", a.options.join(", "));
    if !a.options.is_empty() {
        let other = ShardSpec {
            label: with.clone(),
            options: a.options.clone(),
            ..template.clone()
        };
        let first_id = specs.len() as u64;
        specs.extend(shards(&other, games, first_id));
    }
    say!(
        "{}: balance from {games} games{}, {} and {second} nodes a move (the budgets swap colours), openings {}",
        variant.name(),
        if a.options.is_empty() {
            String::new()
        } else {
            format!(" {with} and as many without")
        },
        a.nodes,
        a.openings
    );
    let results = run_merged(&specs, &a.exec.executor())?;
    if let Some(path) = &a.pgn {
        let mut text = String::new();
        for label in ["as it is", with.as_str()] {
            for g in results.get(label).map_or(&[][..], |r| &r.games) {
                text.push_str(&g.pgn);
            }
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if let Some(path) = &a.plot {
        let mut series = Vec::new();
        for label in ["as it is", with.as_str()] {
            if let Some(r) = results.get(label) {
                let scores: Vec<f64> = r.games.iter().map(white_score).collect();
                series.push(score_series(&format!("White, {label}"), &scores, 0.95));
            }
        }
        let title = format!("{}: White's score as the games accumulate", variant.name());
        std::fs::write(path, score_svg(&title, &series))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let base = balance(&results["as it is"].games);
    if a.options.is_empty() {
        say_raw!("{}", base.summary());
        return Ok(());
    }
    let other = balance(&results[&with].games);
    say!("As it is:");
    say_raw!("{}", base.summary());
    say!("{}:", capitalize(&with));
    say_raw!("{}", other.summary());
    let (d, e) = difference(&base, &other);
    let shown = if d - e > 0.0 {
        "White does better with it"
    } else if d + e < 0.0 {
        "White does worse with it"
    } else {
        "no difference shown"
    };
    say!(
        "White's score {with} minus as it is: {:+.1}% ± {:.1}% (95%): {shown}",
        100.0 * d,
        100.0 * e
    );
    Ok(())
}

/// White's score in a game: 1 a win, 0.5 a draw, 0 a loss.
fn white_score(g: &GameRecord) -> f64 {
    match g.winner {
        Some(Side::White) => 1.0,
        Some(Side::Black) => 0.0,
        None => 0.5,
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}
