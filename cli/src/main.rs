//! The `fairyforge` command line.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::{Parser, Subcommand};

mod analyse;
mod bench;
mod list;
mod piece;
mod play;
mod render;
mod serve;
use fairyforge::{Checked, OptionSetting, Position, Variant};

#[derive(Parser)]
#[command(
    name = "fairyforge",
    version,
    about = "Chess variants described in TOML files: validate, inspect, count and play them."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a command starts: a variant and a position in it.
#[derive(clap::Args)]
struct Start {
    /// A built-in game (`chess`, `capablanca`, ...) or the path of a variant file.
    variant: String,
    /// The position string (R28) to start from; default: the game's setup.
    #[arg(long)]
    fen: Option<String>,
    /// Moves (R29 text) to play first.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Turn an optional rule of the game on (`NAME`, `NAME=on`) or off (`NAME=off`) (R25);
    /// `fairyforge list` shows them.
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Check variant files; print every mistake with its line and column.
    Validate {
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Count move paths to a depth (perft).
    Perft {
        #[command(flatten)]
        start: Start,
        depth: u32,
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
    /// Measure move-generation speed (perft nodes per second) on a fixed set of positions.
    Bench(bench::BenchArgs),
    /// List the built-in games with a one-line description and their optional rules.
    List {
        /// List the pieces of the shared library instead, with letters and values.
        #[arg(long)]
        pieces: bool,
    },
}

/// A built-in game or a variant file, with the options of `--option` (`NAME`, `NAME=on`,
/// `NAME=off`).
fn load(spec: &str, options: &[String]) -> Result<Arc<Variant>, String> {
    let settings = options
        .iter()
        .map(|o| o.parse::<OptionSetting>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    Variant::loader()
        .options(settings)
        .resolve(spec)
        .map_err(|e| e.to_string())
}

fn position(start: &Start) -> Result<Position, String> {
    let v = load(&start.variant, &start.options)?;
    let mut pos = match &start.fen {
        Some(f) => Position::from_fen(&v, f)
            .map_err(|e| format!("bad position string: {}", e.render(f)))?,
        None => Position::start(&v),
    };
    for (i, t) in start.moves.iter().enumerate() {
        match pos.parse_move(t) {
            Ok(m) => pos.play_unchecked(&m),
            Err(e) => return Err(format!("move {} (`{}`): {}", i + 1, t, e)),
        }
    }
    Ok(pos)
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Validate { files } => {
            let mut bad = 0;
            for f in &files {
                // A piece library (like `variants/pieces.toml`) is checked on its own.
                match Variant::loader().validate(f) {
                    Ok(Checked::Library(ids)) => {
                        println!("{f}: ok (piece library, {} pieces)", ids.len())
                    }
                    Ok(Checked::Game(v)) => {
                        for w in v.warnings() {
                            println!("{w}");
                        }
                        match v.warnings().len() {
                            0 => println!("{f}: ok ({})", v.name()),
                            1 => println!("{f}: ok ({}), 1 warning", v.name()),
                            n => println!("{f}: ok ({}), {n} warnings", v.name()),
                        }
                    }
                    Err(e) => {
                        bad += 1;
                        print!("{}", e.render());
                    }
                }
            }
            if bad > 0 {
                return Err(format!("{bad} of {} files have errors", files.len()));
            }
        }
        Command::Perft {
            start,
            depth,
            divide,
        } => {
            let mut pos = position(&start)?;
            let t = Instant::now();
            let nodes = if divide {
                let rows = fairyforge::divide(&mut pos, depth);
                for (m, n) in &rows {
                    println!("{m} {n}");
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
            println!("nodes {nodes}");
            println!("time {:.3} s", secs);
            println!("nps {:.0}", nodes as f64 / secs.max(1e-9));
        }
        Command::Moves { start } => {
            let pos = position(&start)?;
            let mut texts: Vec<String> =
                pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
            texts.sort();
            for t in texts {
                println!("{t}");
            }
        }
        Command::Bench(args) => bench::run(args)?,
        Command::Play(args) => play::run(args)?,
        Command::Show {
            start,
            svg,
            no_color,
        } => {
            let pos = position(&start)?;
            let last = pos.moves_played().last();
            let color = !no_color
                && std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none();
            print!("{}", render::position::draw(&pos, last, color));
            if let Some(o) = pos.outcome() {
                println!("Game over: {o}.");
            }
            if let Some(path) = svg {
                let title = pos.variant().name().to_string();
                std::fs::write(&path, render::position::draw_svg(&pos, last, Some(&title)))
                    .map_err(|e| format!("cannot write {path}: {e}"))?;
                println!("wrote {path}");
            }
        }
        Command::List { pieces } => print!("{}", list::list(pieces)),
        Command::Piece(args) => piece::run(args)?,
        Command::Analyse(args) => analyse::run(args)?,
        Command::Serve(args) => serve::run(args)?,
        Command::Fen { start } => {
            let pos = position(&start)?;
            println!("{}", pos.fen());
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    // Piped into `head` and the like, end quietly like other command-line tools instead of
    // failing on a closed pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
