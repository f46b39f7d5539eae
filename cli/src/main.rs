//! The `fairyforge` command line.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

#[macro_use]
mod out;
mod analyse;
mod balance;
mod bench;
mod bench_search;
mod check;
mod describe;
mod error;
mod files;
mod game;
mod interop;
mod lab;
mod list;
mod matches;
mod numbers;
mod piece;
mod play;
mod protocol;
mod publish;
mod serve;
mod site;
mod testfile;
mod train;
mod tune;
mod values;
mod wasm;

use error::{Error, Result};
use fairyforge::{Checked, Variant};
use game::Start;

#[derive(Parser)]
#[command(
    name = "fairyforge",
    version,
    about = "Chess variants described in TOML files: validate, inspect, count and play them."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check games (built-in names or files) and piece libraries; print every mistake with
    /// its line and column.
    Validate {
        /// Built-in games (`chess`, ...) or paths of variant files or piece libraries.
        #[arg(required = true, value_name = "GAME|FILE")]
        files: Vec<String>,
    },
    /// Print the rules of a game as the engine understands them: board, setup, every piece
    /// with its moves, promotion, drops, castling, options, the end of the game, perft.
    Describe(describe::DescribeArgs),
    /// Keep the rules of games beside their files (`FILE.snap`), or with --check compare
    /// them and say what changed.
    Snapshot(describe::SnapshotArgs),
    /// Run test files: expectations about a game's moves, counts and results
    /// (docs/testing.md).
    Test(testfile::TestArgs),
    /// Count move paths to a depth (perft): `nodes N` on standard output, the time and
    /// speed on standard error.
    Perft {
        #[command(flatten)]
        start: Start,
        /// How many plies deep to count (0 to 64).
        #[arg(value_parser = check::depth)]
        depth: Option<u32>,
        /// One line `MOVE COUNT` per root move.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves, one per line, sorted.
    Moves {
        #[command(flatten)]
        start: Start,
    },
    /// Print the position string after the moves.
    Fen {
        #[command(flatten)]
        start: Start,
    },
    /// Let the computer analyse a position: depth, score, nodes and best line per depth.
    Analyse(analyse::AnalyseArgs),
    /// Draw where a piece can go from a square: moves, captures, double captures.
    Piece(piece::PieceArgs),
    /// Play a game in the terminal (default: Birds and Ninjas, you as White against the
    /// computer).
    Play(play::PlayArgs),
    /// Draw the position (board, reserves, last move); `--svg FILE` writes a picture too.
    Show {
        #[command(flatten)]
        start: Start,
        /// Also write the position as an SVG picture to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        /// Draw without colours even on a terminal.
        #[arg(long)]
        no_color: bool,
    },
    /// Start the studio: a local web page to design, see and play variants (and its JSON
    /// API, docs/api.md).
    Serve(serve::ServeArgs),
    /// Write the studio as static files (the page and the engine compiled to WebAssembly)
    /// that any static file server serves whole, with no fairyforge process behind it.
    Site(site::SiteArgs),
    /// Write one self-contained HTML page for a game: its rules, the piece explorer and a
    /// board to play it against the computer or a friend (works opened from disk).
    Publish(publish::PublishArgs),
    /// Measure move-generation speed (perft nodes per second) on a fixed set of positions.
    Bench(bench::BenchArgs),
    /// Play the computer against itself, one engine configuration against another, or
    /// against an external engine: W/D/L, score, Elo with its error bar, game ends,
    /// White's advantage; the games as PGN.
    Match(matches::MatchArgs),
    /// Is the game fair? Self-play from balanced openings: White's score with its
    /// interval, draws, game ends, length, the opening's weight; with `--option NAME`,
    /// the game with the rule against the game without it.
    Balance(balance::BalanceArgs),
    /// What is a piece worth? Matches from the game's start position with one side given
    /// a material imbalance (a piece removed, traded for another or for pawns), colours
    /// swapped, calibrated by pawn odds: each value in pawns with its interval, beside
    /// the values the file declares (see docs/values.md).
    Values(values::ValuesArgs),
    /// Speak UCI on standard input and output, for chess GUIs and match runners (see
    /// docs/protocols.md).
    Uci(protocol::ProtocolArgs),
    /// Speak XBoard's protocol (CECP v2) on standard input and output (see
    /// docs/protocols.md).
    Xboard(protocol::ProtocolArgs),
    /// Fit the evaluation's weights to the results of games played by `match` (see
    /// docs/engine.md).
    Tune(tune::TuneArgs),
    /// Train a network for a game's evaluation: self-play games, their positions scored
    /// by the search, a network fitted to them, written for `analyse --net`, `match`, `play` and the protocols
    /// (see docs/engine.md).
    Train(train::TrainArgs),
    /// Translate a section of Fairy-Stockfish's variants.ini into a game file, listing
    /// what the format cannot express (see docs/interop.md).
    Import(interop::ImportArgs),
    /// Write a game as a Fairy-Stockfish variants.ini section (`--to fsf`), listing what
    /// the section cannot express (see docs/interop.md).
    Export(interop::ExportArgs),
    /// List the built-in games with a one-line description and their optional rules.
    List {
        /// List the pieces of the shared library instead, with letters and values.
        #[arg(long)]
        pieces: bool,
    },
}

/// `validate`: every game and library named; an error when any has mistakes.
fn validate(files: &[String]) -> Result {
    let mut bad = 0;
    for f in files {
        // A built-in name, or a bare word that is no file, as every other command reads
        // it; else a file: a game, or a piece library (like `variants/pieces.toml`).
        let path = std::path::Path::new(f);
        let by_name = fairyforge::builtin::game(f).is_some()
            || !(path.exists() || f.contains('/') || f.contains('\\') || f.ends_with(".toml"));
        let checked = if by_name {
            Variant::loader()
                .every_option()
                .resolve(f)
                .map(Checked::Game)
        } else {
            Variant::loader().validate(f)
        };
        match checked {
            Ok(Checked::Library(ids)) => say!("{f}: ok (piece library, {} pieces)", ids.len()),
            Ok(Checked::Game(v)) => {
                for w in v.warnings() {
                    say!("{w}");
                }
                match v.warnings().len() {
                    0 => say!("{f}: ok ({})", v.name()),
                    1 => say!("{f}: ok ({}), 1 warning", v.name()),
                    n => say!("{f}: ok ({}), {n} warnings", v.name()),
                }
            }
            Err(e) => {
                bad += 1;
                say_raw!("{}", e.render());
            }
        }
    }
    if bad > 0 {
        return Err(format!("{bad} of {} files have errors", files.len()).into());
    }
    Ok(())
}

fn perft(mut start: Start, depth: Option<u32>, divide: bool) -> Result {
    // `perft GAME --moves e2e5 e9e6 3`: the depth was read as a move.
    let depth = match depth {
        Some(d) => d,
        None => match start.take_trailing(|s| s.bytes().all(|b| b.is_ascii_digit())) {
            Some(d) => check::depth(&d)?,
            None => return Err("perft needs a depth: `fairyforge perft GAME DEPTH`".into()),
        },
    };
    let mut pos = start.position()?;
    let over = pos.outcome();
    let t = Instant::now();
    let nodes = if divide {
        let rows = fairyforge::divide(&mut pos, depth);
        for (m, n) in &rows {
            say!("{m} {n}");
        }
        if depth == 0 {
            1
        } else {
            rows.iter().map(|(_, n)| n).sum()
        }
    } else if std::io::stderr().is_terminal() && std::io::stdout().is_terminal() {
        // On a terminal, a progress bar once the run takes over a second.
        let bar = |done: usize, total: usize| {
            let secs = t.elapsed().as_secs_f64();
            if secs > 1.0 {
                let width = 30;
                let fill = done * width / total.max(1);
                eprint!(
                    "\r[{}{}] {done}/{total} root moves, {secs:.1} s ",
                    "#".repeat(fill),
                    ".".repeat(width - fill)
                );
            }
        };
        let n = fairyforge::perft_with_progress(&mut pos, depth, bar);
        if t.elapsed().as_secs_f64() > 1.0 {
            eprint!("\r{}\r", " ".repeat(60));
        }
        n
    } else {
        fairyforge::perft(&mut pos, depth)
    };
    let secs = t.elapsed().as_secs_f64();
    say!("nodes {nodes}");
    // The time and speed vary from run to run: standard error, so that standard output
    // can be compared as it is.
    out::flush()?;
    note!("time {:.3} s", secs);
    note!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    note_outcome(over);
    Ok(())
}

/// Says on standard error that the game of a position is over, and how, for the commands
/// whose standard output is only data (`moves`, `perft`, `fen`): a finished game has no
/// moves, and that empty list should not pass for anything else.
fn note_outcome(outcome: Option<fairyforge::Outcome>) {
    if let Some(o) = outcome {
        note!("Game over: {o}.");
    }
}

fn show(start: Start, svg: Option<String>, no_color: bool) -> Result {
    let pos = start.position()?;
    let last = pos.moves_played().last();
    let color =
        !no_color && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    say_raw!("{}", fairyforge::picture::position_text(&pos, last, color));
    if let Some(o) = pos.outcome() {
        say!("Game over: {o}.");
    }
    if let Some(path) = svg {
        let title = pos.variant().name().to_string();
        std::fs::write(
            &path,
            fairyforge::picture::position_svg(&pos, last, Some(&title)),
        )
        .map_err(|source| Error::Write {
            path: path.clone(),
            source,
        })?;
        say!("wrote {path}");
    }
    Ok(())
}

fn run(cli: Cli) -> Result {
    check::check(&cli)?;
    match cli.command {
        Command::Validate { files } => validate(&files)?,
        Command::Describe(args) => describe::describe(args)?,
        Command::Import(args) => interop::import(args)?,
        Command::Export(args) => interop::export(args)?,
        Command::Snapshot(args) => describe::snapshot(args)?,
        Command::Test(args) => testfile::run(args)?,
        Command::Perft {
            start,
            depth,
            divide,
        } => perft(start, depth, divide)?,
        Command::Moves { start } => {
            let pos = start.position()?;
            let mut texts: Vec<String> =
                pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
            texts.sort();
            let mut text = String::new();
            for t in texts {
                text.push_str(&t);
                text.push('\n');
            }
            out::write(&text)?;
            out::flush()?;
            note_outcome(pos.outcome());
        }
        Command::Bench(args) => bench::run(args)?,
        Command::Play(args) => play::run(args)?,
        Command::Show {
            start,
            svg,
            no_color,
        } => show(start, svg, no_color)?,
        Command::List { pieces } => out::write(&list::list(pieces))?,
        Command::Piece(args) => piece::run(args)?,
        Command::Analyse(args) => analyse::run(args)?,
        Command::Match(args) => matches::run(args)?,
        Command::Balance(args) => balance::run(args)?,
        Command::Values(args) => values::run(args)?,
        Command::Uci(args) => protocol::uci::run(args.net.as_deref())?,
        Command::Tune(args) => tune::run(args)?,
        Command::Train(args) => train::run(args)?,
        Command::Xboard(args) => protocol::xboard::run(args.net.as_deref())?,
        Command::Serve(args) => serve::run(args)?,
        Command::Site(args) => site::run(args)?,
        Command::Publish(args) => publish::run(args)?,
        Command::Fen { start } => {
            let pos = start.position()?;
            say!("{}", pos.fen());
            out::flush()?;
            note_outcome(pos.outcome());
        }
    }
    out::flush()
}

/// Exit code 1: the command failed (bad input, a mistake in a file, a failed test).
fn main() -> ExitCode {
    // Piped into `head` and the like, end quietly like other command-line tools instead of
    // failing on a closed pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    if let Command::Train(args) = &cli.command {
        // Before any thread starts (the environment is read by candle when it first
        // computes).
        train::set_fit_threads(args);
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A command that ignores SIGPIPE (`match`, whose engines may exit) ends as quietly
        // as the others when its reader goes away, with the status a shell shows for them.
        Err(Error::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(e) => {
            note!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
