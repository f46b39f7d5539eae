//! `fairyforge play`: a game in the terminal, human or computer on each side.
//!
//! Reads one line at a time from standard input, so a whole game can be scripted:
//! `printf 'e2e5\nquit\n' | fairyforge play --black human`.

use std::io::{IsTerminal, Write};

use fairyforge::search::{Limits, Score, Searcher};
use fairyforge::{Move, Position, describe};

use fairyforge::picture;

use crate::error::{Error, Result};

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
    /// Seconds the computer thinks per move (more than 0, up to a year).
    #[arg(long, default_value_t = 3.0)]
    time: f64,
    /// Think this many nodes per move instead of a time: the same moves every run.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Stop the session after this many plies (say, to watch the computer open a game).
    #[arg(long, value_name = "N")]
    plies: Option<usize>,
    /// Turn an optional rule of the game on (`NAME`, `NAME=on`) or off (`NAME=off`);
    /// `fairyforge list` shows them.
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Start from this position string (docs/rules.md, "Position strings") instead of
    /// the game's setup.
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, as typed at the prompt (`e2e5`, `e5`, `J@e4`); `undo` takes
    /// them back, `new` starts again without them.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    /// Draw without colours even on a terminal.
    #[arg(long)]
    no_color: bool,
    /// The computer's engine settings (`modern`, `classic`, ...; see docs/engine.md).
    #[arg(long, default_value = "modern")]
    engine: String,
    /// A network file for the computer to evaluate with (docs/engine.md, "The learned
    /// evaluation"): it must have been made for this game.
    #[arg(long, value_name = "FILE")]
    net: Option<std::path::PathBuf>,
}

/// The commands, after the move examples of [`help`].
const COMMANDS: &str = "  moves    list the legal moves;  moves f4: those of the piece on f4
  undo     take back your last move (and the computer's reply)
  fen      print the position string
  board    draw the board again
  new      start a new game
  help     this text
  quit     leave";

/// Words after a head, wrapped to lines of at most 80 columns; continuation lines are
/// indented to the first word.
fn wrap_help(head: &str, clauses: &[String]) -> String {
    let indent = " ".repeat(head.len());
    let mut out = head.to_string();
    let mut col = head.len();
    let mut first = true;
    for c in clauses {
        for (i, w) in c.split(' ').enumerate() {
            let sep = if first && i == 0 { 0 } else { 1 };
            if col + sep + w.len() > 80 && col > head.len() {
                out.push('\n');
                out.push_str(&indent);
                col = head.len();
            } else if sep == 1 {
                out.push(' ');
                col += 1;
            }
            out.push_str(w);
            col += w.len();
        }
        first = false;
    }
    out
}

/// Example moves for the help: full move text, and the short forms.
#[derive(Default)]
struct Examples {
    full: Vec<String>,
    short: Vec<String>,
}

/// The help text, its examples taken from the game being played: a move of its start,
/// its promotion, drops and castling, and the short forms with its own pieces.
fn help(start: &Position) -> String {
    let mut ex = Examples::default();
    move_examples(start, &mut ex);
    drop_examples(start, &mut ex);
    castling_examples(start, &mut ex);
    for list in [&mut ex.full, &mut ex.short] {
        if let Some(last) = list.last_mut() {
            last.pop();
            last.push('.');
        }
    }
    let mut out = String::from("Type a move, or a command.\n");
    out.push_str(&wrap_help("  Moves    ", &ex.full));
    out.push('\n');
    if !ex.short.is_empty() {
        let mut s = vec!["Short forms when they name one legal move:".to_string()];
        s.extend(ex.short);
        out.push_str(&wrap_help("           ", &s));
        out.push('\n');
    }
    out.push_str(COMMANDS);
    out
}

/// A pawn's move of the start (or another move), a promotion, and the short forms of a
/// piece's move and a pawn's.
fn move_examples(start: &Position, ex: &mut Examples) {
    let v = start.variant();
    let g = &v.geometry();
    let legal = start.legal_moves();
    let kind_of = |m: &Move| start.piece_at(m.from()).map(|(k, _)| v.piece(k));
    let is_pawn = |m: &Move| !m.is_drop() && kind_of(m).is_some_and(|p| p.is_pawn());
    // The e-file, as chess players expect, or the middle of a narrow board.
    let mid = if g.files() > 4 {
        4
    } else {
        (g.files() as i32 - 1) / 2
    };
    // A pawn's longest move nearest that file, else the first legal move.
    let plain = legal
        .iter()
        .filter(|m| is_pawn(m))
        .min_by_key(|m| {
            let (f, r) = g.coords(m.from());
            let r2 = g.rank(m.to());
            ((f as i32 - mid).abs(), -(r2 as i32 - r as i32).abs(), f)
        })
        .or_else(|| {
            legal
                .iter()
                .filter(|m| !m.is_drop() && !m.is_castle())
                .min_by_key(|m| start.move_text(m))
        });
    if let Some(m) = plain {
        ex.full.push(format!("{} (from, to),", start.move_text(m)));
    }
    if let Some(p) = describe::promotions(v)
        .into_iter()
        .find(|p| !p.example.is_empty())
    {
        ex.full.push(format!("{} (promotion),", p.example));
    }
    // Short forms with a piece of the game that can move at the start.
    let piece_move = legal
        .iter()
        .filter(|m| !m.is_drop() && !m.is_castle())
        .filter(|m| kind_of(m).is_some_and(|p| !p.is_pawn() && !p.is_royal()))
        .min_by_key(|m| (g.file(m.from()) == g.file(m.to()), start.move_text(m)));
    if let Some(m) = piece_move {
        let l = kind_of(m).map(|p| p.letter()).unwrap_or('?');
        let to = g.name(m.to());
        let file = fairyforge::geometry::file_char(g.file(m.from()));
        ex.short.push(format!("{l}{to} (piece letter and square),"));
        ex.short.push(format!("{l}x{to} (x: a capture),"));
        ex.short.push(format!("{l}{file}{to} (with origin file),"));
    }
    if let Some(m) = plain.filter(|m| is_pawn(m)) {
        let (f, r) = g.coords(m.to());
        let next = if f + 1 < g.files() {
            f + 1
        } else {
            f.saturating_sub(1)
        };
        ex.short.push(format!(
            "{} / {}x{}{r} (pawns),",
            g.name(m.to()),
            fairyforge::geometry::file_char(f),
            fairyforge::geometry::file_char(next)
        ));
    }
}

/// A drop, and with a push its short form.
fn drop_examples(start: &Position, ex: &mut Examples) {
    let v = start.variant();
    if let Some(d) = describe::drops(v)
        .into_iter()
        .find(|d| !d.example.is_empty())
    {
        match &d.pushed {
            Some(p) => {
                ex.full
                    .push(format!("{} / {p} (drop, with push),", d.example));
                let (l, squares) = p.split_once('@').unwrap_or(("", ""));
                let end = &squares[d.example.len() - l.len() - 1..];
                ex.short
                    .push(format!("{l}@{end} (drop ending on {end}, push included),"));
            }
            None => ex.full.push(format!("{} (drop),", d.example)),
        }
    }
}

/// White's castling with its last rook whose king goes two files (else the first), and
/// its short forms.
fn castling_examples(start: &Position, ex: &mut Examples) {
    let v = start.variant();
    let g = v.geometry();
    if let Some(c) = describe::castling(v) {
        let side = &c.sides[0];
        let king = g.parse_square(&side.king);
        let moves: Vec<&describe::Castling> = side
            .rooks
            .iter()
            .rev()
            .flat_map(|r| r.moves.iter())
            .collect();
        let two = moves.iter().find(|m| {
            let to = g.parse_square(&m.king_to);
            king.zip(to)
                .is_some_and(|(k, t)| (g.file(k) as i32 - g.file(t) as i32).abs() == 2)
        });
        if let Some(m) = two.or(moves.first()) {
            ex.full.push(format!(
                "{} (castling: the king's move then the rook's),",
                m.text
            ));
            let royal = v.royal_kind().map(|k| v.piece(k).letter()).unwrap_or('K');
            ex.short.push(format!(
                "{royal}{0} or {1}{0} (castling by the king's move), O-O / O-O-O (castling toward the higher / lower files),",
                m.king_to, side.king
            ));
        }
    }
}

struct Game {
    /// The help text, with examples from this game.
    help: String,
    start: Position,
    pos: Position,
    players: [Player; 2],
    limits: Limits,
    color: bool,
    /// Input and output are a terminal (not a script): show progress while thinking.
    interactive: bool,
    searcher: Searcher,
    /// The network file the computer evaluates with, as the header names it.
    network: Option<String>,
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

impl PlayArgs {
    /// Checks the numbers before any work starts.
    pub fn check(&self) -> Result {
        crate::check::seconds("--time", self.time, true)?;
        Ok(())
    }
}

/// Standard output that remembers the first failed write, so that the game loop (which
/// writes everywhere) can stop with an error at the next prompt.
struct Tracked {
    inner: std::io::Stdout,
    error: Option<std::io::Error>,
}

impl Write for Tracked {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        if let Err(e) = &r
            && self.error.is_none()
        {
            self.error = Some(std::io::Error::new(e.kind(), e.to_string()));
        }
        r
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        if let Err(e) = &r
            && self.error.is_none()
        {
            self.error = Some(std::io::Error::new(e.kind(), e.to_string()));
        }
        r
    }
}

impl Tracked {
    /// The first failed write, as the command's error.
    fn check(&mut self) -> Result {
        let _ = self.flush();
        match self.error.take() {
            Some(e) => Err(crate::out::failed(e)),
            None => Ok(()),
        }
    }
}

impl Game {
    /// The game the arguments ask for: its start (the setup or `--fen`), the position
    /// after `--moves`, the players and the computer's limits.
    fn new(a: &PlayArgs) -> Result<Game> {
        let v = crate::game::load(&a.variant, &a.options)?;
        let start = match &a.fen {
            Some(f) => Position::from_fen(&v, f).map_err(|error| Error::Position {
                text: f.clone(),
                error,
            })?,
            None => Position::start(&v),
        };
        let mut pos = start.clone();
        crate::game::play_moves(&mut pos, &a.moves)?;
        let time = crate::check::seconds("--time", a.time, true)?;
        let mut searcher = Searcher::with_settings(
            fairyforge::search::Settings::parse(&a.engine).map_err(|e| e.to_string())?,
            64,
        );
        let mut network = None;
        if let Some(path) = &a.net {
            let net = fairyforge::nnue::Network::load(path, &v).map_err(|e| e.to_string())?;
            network = Some(format!(
                "The computer evaluates with the network {} ({} hidden units).",
                path.display(),
                net.hidden()
            ));
            searcher.set_network(Some(std::sync::Arc::new(net)));
        }
        let color = !a.no_color
            && std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none();
        Ok(Game {
            help: help(&start),
            pos,
            start,
            players: [a.white, a.black],
            limits: match a.nodes {
                Some(n) => Limits::nodes(n.max(1)),
                None => Limits::time(time),
            },
            color,
            interactive: std::io::stdin().is_terminal() && std::io::stdout().is_terminal(),
            searcher,
            network,
        })
    }
}

/// Runs the game loop. Errors for unreadable input and unwritable output.
pub fn run(a: PlayArgs) -> Result {
    let mut game = Game::new(&a)?;
    let v = game.start.variant().clone();
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut lines = crate::protocol::lines::lines(stdin.lock());
    let mut out = Tracked {
        inner: std::io::stdout(),
        error: None,
    };
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
    if let Some(n) = &game.network {
        let _ = writeln!(out, "{n}");
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
            return out.check();
        }
        if let Some(o) = game.pos.outcome() {
            if !announced {
                announced = true;
                let _ = writeln!(out, "Game over: {o}.");
                if !humans {
                    return out.check();
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
        out.check()?;
        let Some(line) = lines.next() else {
            let _ = writeln!(out);
            return out.check();
        };
        let line = match line.map_err(Error::Input)? {
            Ok(line) => line,
            Err(e) => {
                if echo {
                    let _ = writeln!(out);
                }
                let _ = writeln!(out, "{e}");
                continue;
            }
        };
        if echo {
            // Input from a file or a pipe: show it, so the transcript reads like a session.
            let _ = writeln!(out, "{}", line.trim());
        }
        if !game.command(line.trim(), &mut out) {
            return out.check();
        }
    }
}

impl Game {
    fn show(&self, out: &mut impl Write) {
        let last = self.pos.moves_played().last();
        let _ = write!(
            out,
            "{}",
            picture::position_text(&self.pos, last, self.color)
        );
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
                let _ = writeln!(out, "{}", self.help);
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
        let plural = if texts.len() == 1 { "" } else { "s" };
        let _ = writeln!(out, "{} legal move{plural}:", texts.len());
        // Ten to a line, so long lists stay readable.
        for chunk in texts.chunks(10) {
            let _ = writeln!(out, "  {}", chunk.join(" "));
        }
    }
}
