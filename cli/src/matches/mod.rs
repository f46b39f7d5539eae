//! `fairyforge match GAME`: the computer against itself, one configuration against
//! another, or against an external engine; colours alternate and each opening is played
//! once with either colour; games end by the game's own rules. Prints W/D/L, the score
//! with an Elo estimate and its error bar, how the games ended, their average length and
//! White's advantage; saves the games as PGN.
//!
//! For a designer this is the balance test of a new game (does White win too often?); for
//! the engine it is the measure of every change (`docs/engine.md`).

mod control;
mod external;
mod openings;
mod pgn;
mod player;
mod stats;

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use fairyforge::{Color, Position, Variant};

use control::{Control, TimeControl};
use openings::Openings;
use player::{Player, Spec, Turn};
use stats::{GameResult, Result3, Tally};

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
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    concurrency: u32,
    /// Side A: engine settings (`modern`, `classic`, `lmr=off`, `eval.tempo=20`, ...) or
    /// an external engine (`uci:/path/to/engine`, options as `;NAME=VALUE` after it,
    /// or `xboard:/usr/games/fairymax`).
    #[arg(long, default_value = "modern")]
    a: String,
    /// Side B, as side A.
    #[arg(long, default_value = "modern")]
    b: String,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Transposition table of each engine, in megabytes.
    #[arg(long, default_value = "16", value_parser = crate::numbers::hash_mb)]
    hash: usize,
    /// Milliseconds a side may overstep its clock before it loses on time.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
    /// Turn an optional rule of the game on (`NAME`, `NAME=on`) or off (`NAME=off`).
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Print one line per finished game.
    #[arg(long)]
    verbose: bool,
}

/// Everything a worker needs to play games.
struct Setup {
    variant: Arc<Variant>,
    game: String,
    specs: [Spec; 2],
    /// The budget of side A and of side B.
    controls: [Control; 2],
    openings: Openings,
    seed: u64,
    max_plies: usize,
    hash: usize,
    margin: Duration,
}

/// One finished game and its record.
struct Played {
    index: usize,
    result: GameResult,
    pgn: String,
}

pub fn run(a: MatchArgs) -> crate::error::Result {
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
    let setup = Arc::new(Setup {
        variant,
        game,
        specs,
        controls: [control, control_b],
        openings: a.openings.clone(),
        seed: a.seed,
        max_plies: a.max_plies as usize,
        hash: a.hash,
        margin: Duration::from_millis(a.time_margin),
    });
    let names = [setup.specs[0].name(), setup.specs[1].name()];
    let mut pgn = match &a.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?)
        }
        None => None,
    };
    println!(
        "{}: {} against {}, {} games, {}, openings {}",
        setup.variant.name(),
        names[0],
        names[1],
        a.games,
        describe_both(&setup.controls),
        match a.openings {
            Openings::Start => "from the setup".to_string(),
            Openings::RandomPlies(k) => format!("random-plies:{k}"),
        }
    );
    let total = a.games as usize;
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = channel::<Result<Played, String>>();
    let mut workers = Vec::new();
    for _ in 0..a.concurrency.min(a.games) {
        let (setup, next, tx) = (setup.clone(), next.clone(), tx.clone());
        workers.push(std::thread::spawn(move || {
            worker(&setup, &next, total, &tx)
        }));
    }
    drop(tx);
    let started = Instant::now();
    let bar = std::io::stderr().is_terminal();
    let mut tally = Tally::default();
    // PGN records are written in game order.
    let mut pending: std::collections::BTreeMap<usize, String> = Default::default();
    let mut next_pgn = 0;
    let mut failure = None;
    for msg in rx {
        let played = match msg {
            Ok(p) => p,
            Err(e) => {
                failure = Some(e);
                next.store(total, Ordering::Relaxed);
                continue;
            }
        };
        tally.add(&played.result);
        if a.verbose {
            let r = &played.result;
            println!(
                "game {}: {} ({}, {} plies, A as {})",
                played.index + 1,
                match r.result {
                    Result3::Win => "A wins",
                    Result3::Draw => "draw",
                    Result3::Loss => "B wins",
                },
                r.reason,
                r.plies,
                if r.a_white { "White" } else { "Black" }
            );
        }
        pending.insert(played.index, played.pgn);
        if let Some(f) = pgn.as_mut() {
            while let Some(text) = pending.remove(&next_pgn) {
                f.write_all(text.as_bytes())
                    .map_err(|e| format!("cannot write the PGN file: {e}"))?;
                next_pgn += 1;
            }
        }
        if bar {
            progress(&tally, total, started);
        }
    }
    for w in workers {
        let _ = w.join();
    }
    if bar {
        eprint!("\r{}\r", " ".repeat(78));
    }
    if let Some(e) = failure {
        return Err(e.into());
    }
    print!("{}", tally.summary(&names[0], &names[1]));
    Ok(())
}

/// Both sides' budget: one text when they are the same, `A ..., B ...` under time odds.
fn describe_both(c: &[Control; 2]) -> String {
    if c[0] == c[1] {
        describe(&c[0])
    } else {
        format!("A {}, B {}", describe(&c[0]), describe(&c[1]))
    }
}

fn describe(c: &Control) -> String {
    match c {
        Control::MoveTime(t) => format!("{} s a move", t.as_secs_f64()),
        Control::Nodes(n) => format!("{n} nodes a move"),
        Control::Depth(d) => format!("depth {d} a move"),
        Control::Clock(tc) => match tc.moves {
            Some(m) => format!("clock {m} moves in {} s", tc.base.as_secs_f64()),
            None => format!(
                "clock {} s + {} s a move",
                tc.base.as_secs_f64(),
                tc.inc.as_secs_f64()
            ),
        },
    }
}

/// The progress bar: games done, the score so far, time.
fn progress(t: &Tally, total: usize, started: Instant) {
    let done = t.games() as usize;
    let width = 24;
    let fill = done * width / total.max(1);
    let elo = t
        .elo()
        .map_or(String::new(), |(e, err)| format!(" Elo {e:+.0}±{err:.0}"));
    eprint!(
        "\r[{}{}] {done}/{total} +{} ={} -{}{elo} {:.0} s ",
        "#".repeat(fill),
        ".".repeat(width - fill),
        t.wins,
        t.draws,
        t.losses,
        started.elapsed().as_secs_f64()
    );
}

/// Plays games until there are none left.
fn worker(
    setup: &Setup,
    next: &AtomicUsize,
    total: usize,
    tx: &std::sync::mpsc::Sender<Result<Played, String>>,
) {
    let mut players: Vec<Box<dyn Player>> = Vec::new();
    for s in &setup.specs {
        match s.player(&setup.game, setup.hash) {
            Ok(p) => players.push(p),
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        }
    }
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= total {
            return;
        }
        match play(setup, &mut players, i) {
            Ok(p) => {
                if tx.send(Ok(p)).is_err() {
                    return;
                }
            }
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        }
    }
}

/// Plays game `index`: A is White in even games; the opening is that of pair `index / 2`.
fn play(setup: &Setup, players: &mut [Box<dyn Player>], index: usize) -> Result<Played, String> {
    let a_white = index.is_multiple_of(2);
    let start = Position::start(&setup.variant);
    let opening = setup.openings.moves(&start, setup.seed, (index / 2) as u64);
    let mut pos = start.clone();
    let mut texts = Vec::new();
    for m in &opening {
        texts.push(pos.gui_text(m));
        pos.play_unchecked(m);
    }
    for p in players.iter_mut() {
        p.new_game()?;
    }
    let side_of = |c: Color| if (c == Color::White) == a_white { 0 } else { 1 };
    // Each colour's time control: that of the side playing it.
    let tc_of = |c: Color| match setup.controls[side_of(c)] {
        Control::Clock(tc) => Some(tc),
        _ => None,
    };
    let tcs = [tc_of(Color::White), tc_of(Color::Black)];
    let mut clocks = match tcs {
        [Some(w), Some(b)] => Some([w.start(), b.start()]),
        _ => None,
    };
    let (winner, reason) = loop {
        if let Some(o) = pos.outcome() {
            break (o.winner, o.to_string());
        }
        if pos.ply_count() >= setup.max_plies {
            break (None, format!("draw by the ply limit ({})", setup.max_plies));
        }
        let mover = pos.side_to_move();
        let who = side_of(mover);
        let turn = Turn {
            pos: &pos,
            start_fen: None,
            moves: &texts,
            control: setup.controls[who],
            mine: clocks.map(|c| c[mover.index()]),
            theirs: clocks.map(|c| c[(!mover).index()]),
        };
        let t0 = Instant::now();
        let mv = match players[who].think(&turn) {
            Ok(m) => m,
            Err(e) => break (Some(!mover), format!("{} loses: {e}", mover.name())),
        };
        let used = t0.elapsed();
        if let (Some(tc), Some(c)) = (tcs[mover.index()], clocks.as_mut())
            && !tc.charge(&mut c[mover.index()], used, setup.margin)
        {
            break (Some(!mover), format!("{} loses on time", mover.name()));
        }
        texts.push(pos.gui_text(&mv));
        pos.play_unchecked(&mv);
    };
    let result = match winner {
        None => Result3::Draw,
        Some(c) if side_of(c) == 0 => Result3::Win,
        Some(_) => Result3::Loss,
    };
    let names = [setup.specs[0].name(), setup.specs[1].name()];
    let (white, black) = if a_white {
        (&names[0], &names[1])
    } else {
        (&names[1], &names[0])
    };
    let pgn_result = match winner {
        None => "1/2-1/2",
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
    };
    let record = pgn::Record {
        event: "fairyforge match",
        round: index + 1,
        white,
        black,
        variant: &setup.game,
        fen: None,
        moves: &texts,
        opening: opening.len(),
        result: pgn_result,
        termination: &reason,
    };
    Ok(Played {
        index,
        result: GameResult {
            result,
            reason: short_reason(&reason),
            plies: pos.ply_count(),
            a_white,
        },
        pgn: record.write(),
    })
}

/// The kind of a game end, without who won: `checkmate`, `threefold repetition`, ...
fn short_reason(r: &str) -> String {
    for (key, short) in [
        ("checkmate", "checkmate"),
        ("stalemate", "stalemate"),
        ("threefold repetition", "repetition"),
        ("100 plies", "100-ply rule"),
        ("Capture the Scepter", "scepter"),
        ("ply limit", "ply limit"),
        ("on time", "time forfeit"),
        ("resigns", "resignation"),
    ] {
        if r.contains(key) {
            return short.into();
        }
    }
    "engine failure".into()
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let setup = Setup {
            variant: crate::game::load("chess", &[]).unwrap(),
            game: "chess".into(),
            specs: ["modern".parse().unwrap(), "classic".parse().unwrap()],
            controls: [a, b],
            openings: Openings::Start,
            seed: 1,
            max_plies: 40,
            hash: 1,
            margin: Duration::ZERO,
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
            let played = play(&setup, &mut players, index).unwrap();
            let b_colour = if index == 0 { "Black" } else { "White" };
            assert_eq!(played.result.a_white, index == 0);
            assert_eq!(played.result.result, Result3::Win, "game {index}");
            assert_eq!(played.result.reason, "time forfeit");
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
