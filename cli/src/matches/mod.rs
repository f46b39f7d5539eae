//! `fairyforge match GAME`: the computer against itself, one configuration against
//! another, or against an external engine; colours alternate and each opening is played
//! once with either colour; games end by the game's own rules. Prints W/D/L, the score
//! with an Elo estimate and its error bar, how the games ended, their average length and
//! White's advantage; saves the games as PGN.
//!
//! For a designer this is the balance test of a new game (does White win too often?); for
//! the engine it is the measure of every change (`docs/engine.md`).

mod external;
mod player;

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::Duration;

use fairyforge::Position;
use fairyforge::contract::{GameRecord, GameScore, MoveLimit, ShardKind, ShardResult, ShardSpec};
use fairyforge::lab::{Control, InOrder, Match, Openings, Sprt, Tally, TimeControl, Verdict};

use crate::lab::{ExecArgs, Executor, Progress};
use player::Spec;

#[derive(clap::Args)]
pub struct MatchArgs {
    /// A built-in game or the path of a variant file.
    variant: String,
    /// Number of games (an odd number leaves the last opening played once).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Seconds per move.
    #[arg(long, value_parser = crate::numbers::positive_seconds, conflicts_with_all = ["nodes", "depth", "clock"])]
    time: Option<Duration>,
    /// Nodes per move (deterministic: the same games on every machine, whatever the load).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["depth", "clock"])]
    nodes: Option<u64>,
    /// Plies of search per move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=fairyforge::limits::MAX_SEARCH_DEPTH as i64), conflicts_with = "clock")]
    depth: Option<u32>,
    /// A game clock for each side: MOVES/SECONDS (40/20), SECONDS+INCREMENT (60+0.5) or
    /// SECONDS. A side whose flag falls loses.
    #[arg(long)]
    clock: Option<TimeControl>,
    /// Side B's clock when it differs from --clock (time odds: `--clock 40/20 --clock-b
    /// 40/2`).
    #[arg(long, requires = "clock")]
    clock_b: Option<TimeControl>,
    /// How games start: `none` (the game's setup) or `random-plies:K`.
    #[arg(long, default_value = "none")]
    openings: Openings,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the games to this PGN file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<String>,
    #[command(flatten)]
    exec: ExecArgs,
    /// Stop as soon as the result is significant: a sequential probability ratio test
    /// of A's Elo over B, `elo0=0,elo1=10[,alpha=0.05,beta=0.05]` (docs/engine.md).
    /// `--games` is then the most games played.
    #[arg(long, value_name = "elo0=…,elo1=…")]
    sprt: Option<Sprt>,
    /// Side A: engine settings (`modern`, `classic`, `lmr=off`, `eval.tempo=20`, ...) or
    /// an external engine (`uci:/path/to/engine`, options as `;NAME=VALUE` after it,
    /// or `xboard:/usr/games/fairymax`).
    #[arg(long, default_value = "modern")]
    a: String,
    /// Side B, as side A.
    #[arg(long, default_value = "modern")]
    b: String,
    /// A network file side A evaluates with (`fairyforge train`); with --nodes, --depth
    /// or --time.
    #[arg(long, value_name = "FILE")]
    net_a: Option<String>,
    /// A network file side B evaluates with.
    #[arg(long, value_name = "FILE")]
    net_b: Option<String>,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Transposition table of each engine, in megabytes.
    #[arg(long, default_value = "16", value_parser = crate::numbers::hash_mb)]
    hash: usize,
    /// Milliseconds a side may overstep its clock before it loses on time.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
    /// Seconds an external engine may stay silent before it loses the game: with --nodes
    /// or --depth, this long for each move; with --time or --clock, its time and this
    /// much more.
    #[arg(long, default_value = "30", value_parser = crate::numbers::positive_seconds)]
    engine_timeout: Duration,
    /// Turn an optional rule of the game on (`NAME`, `NAME=on`) or off (`NAME=off`).
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Print one line per finished game.
    #[arg(long)]
    verbose: bool,
}

/// The games of a match as they come: counted, reported and written in the match's
/// order, and tested by the SPRT after each pair.
struct Collector {
    order: InOrder,
    tally: Tally,
    pgn: Option<std::fs::File>,
    verbose: bool,
    sprt: Option<Sprt>,
    /// The SPRT's decision and the games it was made after.
    verdict: Option<Verdict>,
    bar: Progress,
}

impl Collector {
    /// Takes a shard's result; `Break` when the SPRT has decided (the games after its
    /// decision are not counted).
    fn take(&mut self, r: ShardResult) -> crate::error::Result<ControlFlow<()>> {
        for g in self.order.add(r) {
            if self.verdict.is_some() {
                break;
            }
            self.count(&g)?;
        }
        let extra = self.progress_text();
        self.bar.show(self.tally.games() as u64, &extra);
        Ok(if self.verdict.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        })
    }

    fn count(&mut self, g: &GameRecord) -> crate::error::Result {
        self.tally.add(g);
        if self.verbose {
            let llr = self
                .llr()
                .map_or(String::new(), |l| format!(", LLR {l:.2}"));
            say!(
                "game {}: {} ({}, {} plies, A as {}{llr})",
                g.index + 1,
                match g.score {
                    GameScore::Win => "A wins",
                    GameScore::Draw => "draw",
                    GameScore::Loss => "B wins",
                },
                g.reason,
                g.plies,
                if g.a_white { "White" } else { "Black" }
            );
        }
        if let Some(f) = self.pgn.as_mut() {
            f.write_all(g.pgn.as_bytes())
                .map_err(|e| format!("cannot write the PGN file: {e}"))?;
        }
        if let (Some(t), Some(llr)) = (self.sprt, self.llr())
            && !g.index.is_multiple_of(2)
        {
            self.verdict = t.verdict(llr);
        }
        Ok(())
    }

    /// The SPRT's LLR over the pairs so far.
    fn llr(&self) -> Option<f64> {
        self.sprt.map(|t| t.llr_pentanomial(&self.tally.pairs))
    }

    fn progress_text(&self) -> String {
        let t = &self.tally;
        let elo = t
            .elo()
            .map_or(String::new(), |(e, err)| format!(" Elo {e:+.0}±{err:.0}"));
        let llr = match (self.sprt, self.llr()) {
            (Some(s), Some(l)) => {
                let (lo, hi) = s.bounds();
                format!(" LLR {l:.2} [{lo:.2}, {hi:.2}]")
            }
            _ => String::new(),
        };
        format!(" +{} ={} -{}{elo}{llr}", t.wins, t.draws, t.losses)
    }

    /// The SPRT's closing line.
    fn sprt_line(&self) -> Option<String> {
        let t = self.sprt?;
        let (lo, hi) = t.bounds();
        let llr = self.llr()?;
        let n = self.tally.games();
        let end = match self.verdict {
            Some(v) => format!("{v} after {n} games"),
            None => format!("no decision after {n} games"),
        };
        Some(format!(
            "SPRT ({t}): LLR {llr:.2} (bounds {lo:.2}, {hi:.2}): {end}"
        ))
    }
}

pub fn run(a: MatchArgs) -> crate::error::Result {
    // The match writes to its engines' pipes: one that exits or crashes must cost its
    // game, not end the match through SIGPIPE (main restores the signal for the other
    // commands). A closed standard output is then a write error like any other.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition; no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let variant = crate::game::load(&a.variant, &a.options)?;
    let control = if let Some(t) = a.time {
        Control::MoveTime(t)
    } else if let Some(n) = a.nodes {
        Control::Nodes(n)
    } else if let Some(d) = a.depth {
        Control::Depth(d)
    } else if let Some(c) = a.clock {
        Control::Clock(c)
    } else {
        Control::MoveTime(Duration::from_millis(100))
    };
    let control_b = match a.clock_b {
        Some(c) => Control::Clock(c),
        None => control,
    };
    let specs: [Spec; 2] = [
        a.a.parse().map_err(|e| format!("--a: {e}"))?,
        a.b.parse().map_err(|e| format!("--b: {e}"))?,
    ];
    let game = std::path::Path::new(&a.variant)
        .file_stem()
        .map_or_else(|| a.variant.clone(), |s| s.to_string_lossy().into_owned());
    for (i, (net, flag)) in [(&a.net_a, "--net-a"), (&a.net_b, "--net-b")]
        .into_iter()
        .enumerate()
    {
        if let Some(path) = net {
            if !matches!(specs[i], Spec::Internal(_)) {
                return Err(format!("{flag}: only fairyforge's own engine reads a network").into());
            }
            fairyforge::lab::read_network(&variant, path)?;
        }
    }
    let names = [
        specs[0].name(&variant, a.net_a.as_deref()),
        specs[1].name(&variant, a.net_b.as_deref()),
    ];
    let controls = [control, control_b];
    // This program's engine on both sides, each move with a budget: the match is a job
    // of shards. External engines and game clocks play on this machine's threads.
    let limit = match (&specs, control.move_limit()) {
        ([Spec::Internal(_), Spec::Internal(_)], Some(l)) if control_b == control => Some(l),
        _ => None,
    };
    if limit.is_none() && (a.net_a.is_some() || a.net_b.is_some()) {
        return Err("--net-a and --net-b play with --nodes, --depth or --time".into());
    }
    let exec = a.exec.executor();
    if limit.is_none() && matches!(exec, Executor::Ray { .. }) {
        return Err("--ray plays fairyforge's own engine with --nodes, --depth or --time: external engines and game clocks play on this machine".into());
    }
    let pgn = match &a.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?)
        }
        None => None,
    };
    say!(
        "{}: {} against {}, {} games, {}, openings {}",
        variant.name(),
        names[0],
        names[1],
        a.games,
        describe_both(&controls),
        match a.openings {
            Openings::Start => "from the setup".to_string(),
            Openings::RandomPlies(k) => format!("random-plies:{k}"),
        }
    );
    if let Some(t) = a.sprt {
        let (lo, hi) = t.bounds();
        say!("SPRT {t}: stops when the LLR leaves ({lo:.2}, {hi:.2})");
    }
    let total = a.games as u64;
    let mut c = Collector {
        order: InOrder::default(),
        tally: Tally::default(),
        pgn,
        verbose: a.verbose,
        sprt: a.sprt,
        verdict: None,
        bar: Progress::new(total),
    };
    let outcome = match limit {
        Some(limit) => {
            let template = shard_template(&a, &game, limit)?;
            let shards = crate::lab::shards(&template, total, 0);
            let mut failure = None;
            let ran = crate::lab::run(&shards, &exec, |r| match c.take(r) {
                Ok(flow) => flow,
                Err(e) => {
                    failure = Some(e);
                    ControlFlow::Break(())
                }
            });
            match failure {
                Some(e) => Err(e),
                None => ran,
            }
        }
        None => {
            let m = Arc::new(Match {
                start: Position::start(&variant),
                variant,
                game: game.clone(),
                start_fen: None,
                names: names.clone(),
                controls,
                openings: a.openings.clone(),
                seed: a.seed,
                max_plies: a.max_plies as usize,
                margin: Duration::from_millis(a.time_margin),
                event: "fairyforge match".into(),
            });
            let jobs = match exec {
                Executor::Local { jobs } => jobs,
                Executor::Ray { .. } => 1,
            };
            play_here(&m, &specs, a.hash, a.engine_timeout, jobs, total, &mut c)
        }
    };
    c.bar.clear();
    // The games played are reported even when the match could not go on.
    if c.tally.games() > 0 || outcome.is_ok() {
        say_raw!("{}", c.tally.summary(&names[0], &names[1]));
        if let Some(line) = c.sprt_line() {
            say!("{line}");
        }
    }
    outcome
}

/// A file's path as every worker reads it: absolute.
pub(crate) fn absolute(path: &str) -> String {
    std::fs::canonicalize(path)
        .map_or_else(|_| path.to_string(), |p| p.to_string_lossy().into_owned())
}

/// The shard every shard of the match is cut from.
fn shard_template(a: &MatchArgs, game: &str, limit: MoveLimit) -> crate::error::Result<ShardSpec> {
    let (source, dir) = crate::lab::game_source(&a.variant)?;
    Ok(ShardSpec {
        id: 0,
        label: String::new(),
        game: game.to_string(),
        source,
        dir,
        options: a.options.clone(),
        start: None,
        openings: a.openings.to_string(),
        seed: a.seed,
        first: 0,
        count: 0,
        a: a.a.clone(),
        b: a.b.clone(),
        limit,
        limit_b: None,
        max_plies: a.max_plies,
        hash_mb: a.hash.min(u32::MAX as usize) as u32,
        event: "fairyforge match".into(),
        net_a: a.net_a.as_deref().map(absolute),
        net_b: a.net_b.as_deref().map(absolute),
        kind: ShardKind::Match,
    })
}

/// Plays the match on `jobs` threads of this process, game by game: external engines
/// and game clocks.
fn play_here(
    m: &Arc<Match>,
    specs: &[Spec; 2],
    hash: usize,
    watchdog: Duration,
    jobs: usize,
    total: u64,
    c: &mut Collector,
) -> crate::error::Result {
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = channel::<Result<ShardResult, String>>();
    let mut workers = Vec::new();
    for _ in 0..(jobs as u64).min(total) {
        let (m, specs, next, tx) = (m.clone(), specs.clone(), next.clone(), tx.clone());
        workers.push(std::thread::spawn(move || {
            worker(&m, &specs, hash, watchdog, &next, total, &tx)
        }));
    }
    drop(tx);
    let mut failure = None;
    for msg in rx {
        let flow = match msg {
            Ok(r) => match c.take(r) {
                Ok(f) => f,
                Err(e) => {
                    failure.get_or_insert(e);
                    ControlFlow::Break(())
                }
            },
            Err(e) => {
                failure.get_or_insert(e.into());
                ControlFlow::Break(())
            }
        };
        if flow.is_break() {
            next.store(total as usize, Ordering::Relaxed);
        }
    }
    for w in workers {
        let _ = w.join();
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Both sides' budget: one text when they are the same, `A ..., B ...` under time odds.
fn describe_both(c: &[Control; 2]) -> String {
    if c[0] == c[1] {
        c[0].describe()
    } else {
        format!("A {}, B {}", c[0].describe(), c[1].describe())
    }
}

/// Plays games until there are none left, each sent as a shard of one game.
fn worker(
    m: &Match,
    specs: &[Spec; 2],
    hash: usize,
    watchdog: Duration,
    next: &AtomicUsize,
    total: u64,
    tx: &std::sync::mpsc::Sender<Result<ShardResult, String>>,
) {
    let mut players = Vec::new();
    for s in specs {
        match s.player(&m.game, hash, watchdog) {
            Ok(p) => players.push(p),
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        }
    }
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed) as u64;
        if i >= total {
            return;
        }
        let g = fairyforge::lab::play_game(m, &mut players, i);
        let r = ShardResult {
            id: i,
            label: String::new(),
            games: vec![g],
        };
        if tx.send(Ok(r)).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairyforge::lab::{Player, Turn, play_game};
    use std::sync::Mutex;

    /// What a player was given at each turn: its budget and its clock.
    type Seen = Arc<Mutex<Vec<(Control, Option<Duration>)>>>;

    /// A player that plays the first legal move after `delay`, recording what it was
    /// given.
    struct Recorder {
        delay: Duration,
        seen: Seen,
    }

    impl Player for Recorder {
        fn new_game(&mut self) -> Result<(), String> {
            Ok(())
        }

        fn think(&mut self, turn: &Turn) -> Result<fairyforge::Move, String> {
            let clock = turn.mine.map(|c| c.left);
            self.seen.lock().unwrap().push((turn.control, clock));
            std::thread::sleep(self.delay);
            Ok(turn.pos.legal_moves()[0])
        }
    }

    #[test]
    fn time_odds_give_side_b_its_own_clock() {
        // A has 20 seconds; B has a tenth of a second and spends 60 ms a move, so B's
        // flag falls on its second move whatever its colour, and A's never does.
        let a = Control::Clock("20".parse().unwrap());
        let b = Control::Clock("0.1".parse().unwrap());
        let variant = crate::game::load("chess", &[]).unwrap();
        let setup = Match {
            start: Position::start(&variant),
            variant,
            game: "chess".into(),
            start_fen: None,
            names: ["fairyforge modern".into(), "fairyforge classic".into()],
            controls: [a, b],
            openings: Openings::Start,
            seed: 1,
            max_plies: 40,
            margin: Duration::ZERO,
            event: "fairyforge match".into(),
        };
        assert_eq!(
            describe_both(&setup.controls),
            "A clock 20 s + 0 s a move, B clock 0.1 s + 0 s a move"
        );
        for index in 0..2 {
            let seen: [Seen; 2] = Default::default();
            let mut players: Vec<Box<dyn Player>> = seen
                .iter()
                .map(|s| {
                    Box::new(Recorder {
                        delay: Duration::from_millis(60),
                        seen: s.clone(),
                    }) as Box<dyn Player>
                })
                .collect();
            let played = play_game(&setup, &mut players, index);
            let b_colour = if index == 0 { "Black" } else { "White" };
            assert_eq!(played.a_white, index == 0);
            assert_eq!(played.score, GameScore::Win, "game {index}");
            assert_eq!(played.reason, "time forfeit");
            assert!(
                played.pgn.contains(&format!("{b_colour} loses on time")),
                "{}",
                played.pgn
            );
            // Each side was told its own control and its own clock: B started with a
            // tenth of a second and had 40 ms left for its second move.
            let [a_seen, b_seen] = seen.map(|s| s.lock().unwrap().clone());
            assert!(a_seen.iter().all(|(c, _)| *c == a), "{a_seen:?}");
            assert_eq!(a_seen[0].1, Some(Duration::from_secs(20)));
            assert_eq!(b_seen.len(), 2, "{b_seen:?}");
            assert!(b_seen.iter().all(|(c, _)| *c == b), "{b_seen:?}");
            assert_eq!(b_seen[0].1, Some(Duration::from_millis(100)));
            assert!(b_seen[1].1.unwrap() <= Duration::from_millis(40));
        }
    }
}
