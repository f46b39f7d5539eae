//! `fairyforge play`: a game in the terminal, human or computer on each side.
//!
//! Reads one line at a time from standard input, so a whole game can be scripted:
//! `printf 'e2e5\nquit\n' | fairyforge play --black human`.

use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

use fairyforge::search::{Limits, Score, Searcher};
use fairyforge::{Move, Position};

use crate::render::position as board;

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Player {
    Human,
    Computer,
}

#[derive(clap::Args)]
pub struct PlayArgs {
    /// A built-in game or the path of a variant file (default: Birds and Ninjas).
    #[arg(default_value = "birds-and-ninjas")]
    variant: String,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Player::Human)]
    white: Player,
    /// Who plays Black.
    #[arg(long, value_enum, default_value_t = Player::Computer)]
    black: Player,
    /// Seconds the computer thinks per move.
    #[arg(long, default_value_t = 3.0)]
    time: f64,
    /// Think this many nodes per move instead of a time: the same moves every run.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Stop the session after this many plies (say, to watch the computer open a game).
    #[arg(long, value_name = "N")]
    plies: Option<usize>,
    /// Turn an optional rule of the game on (`NAME`, `NAME=on`) or off (`NAME=off`) (R25);
    /// `fairyforge list` shows them.
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Start from this position string (R28) instead of the game's setup.
    #[arg(long)]
    fen: Option<String>,
    /// Draw without colours even on a terminal.
    #[arg(long)]
    no_color: bool,
}

const HELP: &str = "\
Type a move, or a command.
  Moves    e2e5 (from, to), e9e10q (promotion), J@e2 / J@e2e5 (drop, with push),
           f1h1i1g1 (castling: the king's move then the rook's).
           Short forms when they name one legal move: Fd8 (piece letter and square),
           Gxc3 (x: a capture), Nbd2 (with origin file), e5 / exd6 (pawns),
           J@e5 (drop ending on e5, push included), Kh1 or f1h1 (castling by the king's
           move), O-O / O-O-O (castling toward the higher / lower files).
  moves    list the legal moves;  moves f4: those of the piece on f4
  undo     take back your last move (and the computer's reply)
  fen      print the position string
  board    draw the board again
  new      start a new game
  help     this text
  quit     leave";

struct Game {
    start: Position,
    pos: Position,
    players: [Player; 2],
    limits: Limits,
    color: bool,
    /// Input and output are a terminal (not a script): show progress while thinking.
    interactive: bool,
    searcher: Searcher,
}

/// The computer's view of the game in a player's words, from White's side: `White is
/// better by 0.35`, `level`, `Black mates in 3`.
fn verdict(score: Score, mover: fairyforge::Color) -> String {
    let white = mover == fairyforge::Color::White;
    match score {
        Score::Mate(n) => {
            let winner = if (n > 0) == white { "White" } else { "Black" };
            format!("{winner} mates in {}", n.unsigned_abs())
        }
        Score::Cp(cp) => {
            let cp = if white { cp } else { -cp };
            match cp {
                -10..=10 => "level".to_string(),
                c if c > 0 => format!("White is better by {:.2}", c as f64 / 100.0),
                c => format!("Black is better by {:.2}", -c as f64 / 100.0),
            }
        }
    }
}

/// Runs the game loop. Output goes to `out`; errors only for unreadable input streams.
pub fn run(a: PlayArgs) -> Result<(), String> {
    let v = crate::load(&a.variant, &a.options)?;
    let start = match &a.fen {
        Some(f) => Position::from_fen(&v, f)
            .map_err(|e| format!("bad position string: {}", e.render(f)))?,
        None => Position::start(&v),
    };
    if !(a.time > 0.0 && a.time.is_finite()) {
        return Err(format!(
            "--time {}: expected a positive number of seconds",
            a.time
        ));
    }
    let color =
        !a.no_color && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut game = Game {
        pos: start.clone(),
        start,
        players: [a.white, a.black],
        limits: match a.nodes {
            Some(n) => Limits::nodes(n.max(1)),
            None => Limits::time(Duration::from_secs_f64(a.time)),
        },
        color,
        interactive: std::io::stdin().is_terminal() && std::io::stdout().is_terminal(),
        searcher: Searcher::new(64),
    };
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{} ({})", v.name(), v.description());
    let opts: Vec<String> = v
        .options()
        .into_iter()
        .filter(|(_, _, on)| *on)
        .map(|(n, _, _)| n)
        .collect();
    if !opts.is_empty() {
        let _ = writeln!(out, "Optional rules on: {}", opts.join(", "));
    }
    let humans = game.players.contains(&Player::Human);
    if humans {
        let _ = writeln!(out, "Type `help` for the commands.");
    }
    game.show(&mut out);
    // The end of the game is announced once, when it happens (and again if it happens
    // again after `undo` or `new`).
    let mut announced = false;
    loop {
        if let Some(n) = a.plies
            && game.pos.ply_count() >= n
        {
            let _ = writeln!(out, "Stopped after {n} plies at {}", game.pos.fen());
            return Ok(());
        }
        if let Some(o) = game.pos.outcome() {
            if !announced {
                announced = true;
                let _ = writeln!(out, "Game over: {o}.");
                if !humans {
                    return Ok(());
                }
                let _ = writeln!(out, "Type `new`, `undo` or `quit`.");
            }
        } else {
            announced = false;
            if game.players[game.pos.side_to_move() as usize] == Player::Computer {
                game.computer_move(&mut out);
                continue;
            }
        }
        // After the end of the game the prompt names nobody: no one is to move.
        let prompt = if game.pos.outcome().is_some() {
            String::new()
        } else {
            game.pos.side_to_move().name().to_string()
        };
        let _ = write!(out, "{prompt}> ");
        let _ = out.flush();
        let Some(line) = lines.next() else {
            let _ = writeln!(out);
            return Ok(());
        };
        let line = line.map_err(|e| format!("cannot read the input: {e}"))?;
        if echo {
            // Input from a file or a pipe: show it, so the transcript reads like a session.
            let _ = writeln!(out, "{}", line.trim());
        }
        if !game.command(line.trim(), &mut out) {
            return Ok(());
        }
    }
}

impl Game {
    fn show(&self, out: &mut impl Write) {
        let last = self.pos.moves_played().last();
        let _ = write!(out, "{}", board::draw(&self.pos, last, self.color));
    }

    /// Announces what a move did: check, and the end of the game.
    fn announce(&self, out: &mut impl Write, who: &str, text: &str) {
        let mut line = format!("{who} plays {text}");
        if self.pos.outcome().is_none() && self.pos.is_check() {
            line.push_str(": check!");
        }
        let _ = writeln!(out, "{line}");
        self.show(out);
    }

    fn computer_move(&mut self, out: &mut impl Write) {
        let mover = self.pos.side_to_move();
        let limits = self.limits;
        if self.interactive {
            let _ = write!(out, "{} is thinking...\r", mover.name());
            let _ = out.flush();
        }
        let report = self.searcher.search(&mut self.pos, limits, |_| {});
        let Some(r) = report else { return };
        let m = r.best();
        let text = self.describe(&m);
        self.pos.play_unchecked(&m);
        let who = format!("{} (computer, {})", mover.name(), verdict(r.score, mover));
        self.announce(out, &who, &text);
    }

    /// Handles one line; false to quit.
    fn command(&mut self, input: &str, out: &mut impl Write) -> bool {
        let mut words = input.split_whitespace();
        let first = words.next().unwrap_or("");
        match first {
            "" => {}
            "quit" | "exit" | "q" => return false,
            "help" | "?" => {
                let _ = writeln!(out, "{HELP}");
            }
            "board" | "show" => self.show(out),
            "fen" => {
                let _ = writeln!(out, "{}", self.pos.fen());
            }
            "new" => {
                self.pos = self.start.clone();
                self.searcher.clear();
                let _ = writeln!(out, "New game.");
                self.show(out);
            }
            "undo" => self.undo(out),
            "moves" => self.list_moves(words.next(), out),
            _ if self.pos.outcome().is_some() => {
                let o = self.pos.outcome().expect("the game is over");
                let _ = writeln!(out, "The game is over ({o}): type `new`, `undo` or `quit`.");
            }
            // A word of letters only can never be a move (castling is `O-O`).
            w if w.len() > 1 && w.chars().all(|c| c.is_ascii_alphabetic()) => {
                let _ = writeln!(
                    out,
                    "`{w}` is neither a command nor a move (type `help` for the commands)"
                );
            }
            _ => match self.pos.parse_input(input) {
                Ok(m) => self.human_move(m, out),
                Err(e) => {
                    let _ = writeln!(out, "{e}");
                }
            },
        }
        true
    }

    /// The move's text with what it captures: `f2f8 (takes the knight on f7)`.
    fn describe(&self, m: &Move) -> String {
        let text = self.pos.move_text(m);
        let v = self.pos.variant();
        if m.is_castle() {
            let g = v.geometry();
            return format!(
                "{text} (castling: king to {}, rook to {})",
                g.name(m.to()),
                g.name(m.castling_rook().map_or(m.to(), |(_, to)| to))
            );
        }
        let mut captures = self.pos.captures_of(m);
        // In the order the piece meets them: nearest to its square first.
        let (f0, r0) = v.geometry().coords(m.from());
        captures.sort_by_key(|(sq, _, _)| {
            let (f, r) = v.geometry().coords(*sq);
            (f as i32 - f0 as i32).abs() + (r as i32 - r0 as i32).abs()
        });
        let taken: Vec<String> = captures
            .iter()
            .map(|(sq, k, _)| {
                format!(
                    "the {} on {}",
                    v.piece(*k).name().to_lowercase(),
                    v.geometry().name(*sq)
                )
            })
            .collect();
        if taken.is_empty() {
            text
        } else {
            format!("{text} (takes {})", taken.join(" and "))
        }
    }

    fn human_move(&mut self, m: Move, out: &mut impl Write) {
        let mover = self.pos.side_to_move();
        let text = self.describe(&m);
        self.pos.play_unchecked(&m);
        self.announce(out, mover.name(), &text);
    }

    fn undo(&mut self, out: &mut impl Write) {
        if self.pos.ply_count() == 0 {
            let _ = writeln!(out, "There is no move to take back.");
            return;
        }
        // Take back until it is a human's turn again (the computer's reply and yours).
        while let Some(m) = self.pos.undo() {
            let _ = writeln!(out, "Took back {}.", self.pos.move_text(&m));
            let human = self.players[self.pos.side_to_move() as usize] == Player::Human;
            if human || self.pos.ply_count() == 0 {
                break;
            }
        }
        self.show(out);
    }

    fn list_moves(&self, square: Option<&str>, out: &mut impl Write) {
        let g = self.pos.variant().geometry();
        let mut texts: Vec<String> = self
            .pos
            .legal_moves()
            .iter()
            .map(|m| self.pos.move_text(m))
            .collect();
        texts.sort();
        if let Some(s) = square {
            let Some(sq) = g.parse_square(s) else {
                let _ = writeln!(out, "there is no square `{s}` on this board");
                return;
            };
            let moves: Vec<Move> = self
                .pos
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_drop() && m.from() == sq)
                .collect();
            let mut t: Vec<String> = moves.iter().map(|m| self.pos.move_text(m)).collect();
            t.sort();
            let side = self.pos.side_to_move();
            let _ = match (t.is_empty(), self.pos.piece_at(sq)) {
                (_, None) => writeln!(out, "there is no piece on {s}"),
                (_, Some((_, c))) if c != side => writeln!(
                    out,
                    "the piece on {s} is {}'s, and it is {}'s turn",
                    c.name(),
                    side.name()
                ),
                (true, Some(_)) => writeln!(out, "the piece on {s} has no legal move"),
                (false, _) => writeln!(out, "{}", t.join(" ")),
            };
            return;
        }
        let _ = writeln!(out, "{} legal moves:", texts.len());
        // Ten to a line, so long lists stay readable.
        for chunk in texts.chunks(10) {
            let _ = writeln!(out, "  {}", chunk.join(" "));
        }
    }
}
