//! `fairyforge xboard`: the Chess Engine Communication Protocol (CECP, version 2), as
//! XBoard and WinBoard speak it. Orthodox chess is XBoard's `normal` and Capablanca its
//! `capablanca`; for the other games, which XBoard does not know, the engine answers
//! `variant` with a `setup` command (board size, pieces, start position) and a `piece`
//! command in XBetza for each piece that can be written so, and answers `lift` with the
//! squares the lifted piece may go to (`highlight`), so that a person plays every game by
//! hand with the engine's rules. See `docs/protocols.md`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use fairyforge::limits::MAX_SEARCH_DEPTH;
use fairyforge::search::{Clock, Limits, Report, Score, Searcher, Settings};
use fairyforge::{Color, Kind, Move, Position, Variant};

use super::net::{EvalFile, Note};
use super::setup::{Layout, from_xboard_fen, rows};
use super::thinker::Thinker;

const DEFAULT_HASH_MB: usize = 64;

/// The games XBoard knows by another name.
const XBOARD_NAMES: &[(&str, &str)] = &[("normal", "chess"), ("capablanca", "capablanca")];

/// How long the engine may think.
#[derive(Clone, Copy, Debug)]
enum Budget {
    /// `st`: seconds per move.
    PerMove(Duration),
    /// `level MPS BASE INC`.
    Level { mps: u32, inc: Duration },
}

struct Xboard {
    variant: Arc<Variant>,
    pos: Position,
    thinker: Thinker,
    settings: Settings,
    hash_mb: usize,
    force: bool,
    post: bool,
    budget: Budget,
    depth: Option<u32>,
    /// The engine's clock (`time`), in centiseconds.
    time_left: Option<u64>,
    /// Moves the engine made and was told about, by the thinking thread.
    made: Receiver<Move>,
    made_tx: Sender<Move>,
    /// Set when a search's move must not be played (`force`, `new`, `undo`...).
    discard: Arc<AtomicBool>,
    /// Where the game's pieces are among XBoard's, for a game it does not know.
    layout: Option<Layout>,
    /// The network file (`--net`, the options `EvalFile` and `Use NNUE`).
    eval: EvalFile,
}

fn say(line: &str) {
    println!("{line}");
}

/// Runs the protocol on standard input and output until `quit` or the end of input.
/// `net`: the network file `--net` names, the `EvalFile` option's first value.
pub fn run(net: Option<&std::path::Path>) -> crate::error::Result {
    let variant = Variant::builtin("chess").ok_or("no built-in chess")?;
    let eval = EvalFile::from_arg(net, &variant)?;
    let mut searcher = Searcher::new(DEFAULT_HASH_MB);
    searcher.set_network(eval.network());
    let (made_tx, made) = channel();
    let mut x = Xboard {
        pos: Position::start(&variant),
        variant,
        thinker: Thinker::new(searcher),
        settings: Settings::default(),
        hash_mb: DEFAULT_HASH_MB,
        force: false,
        post: false,
        budget: Budget::PerMove(Duration::from_secs(5)),
        depth: None,
        time_left: None,
        made,
        made_tx,
        discard: Arc::new(AtomicBool::new(false)),
        layout: None,
        eval,
    };
    let stdin = std::io::stdin();
    for line in super::lines::lines(stdin.lock()) {
        match line.map_err(|e| format!("cannot read the input: {e}"))? {
            Ok(line) => {
                if !x.command(line.trim()) {
                    break;
                }
            }
            Err(e) => say(&format!(
                "Error (not UTF-8 text): byte 0x{:02X} at column {}",
                e.byte, e.column
            )),
        }
    }
    x.abandon();
    Ok(())
}

/// The rank shift between fairyforge's square names and XBoard's, whose ranks start at 1.
pub(super) fn shift(v: &Variant) -> i32 {
    1 - *v.geometry().rank_range().start() as i32
}

/// Rewrites the square names in a move text by `by` ranks (`e0f1` to `e1f2`).
pub(super) fn shift_text(text: &str, by: i32) -> String {
    if by == 0 {
        return text.to_string();
    }
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            let r: i32 = digits.parse().unwrap_or(0);
            out.push_str(&(r + by).to_string());
            digits.clear();
        }
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

impl Xboard {
    /// Handles one command; false to quit.
    fn command(&mut self, line: &str) -> bool {
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        if cmd.is_empty() {
            return true;
        }
        // While the engine thinks only these act at once; anything else waits for its move.
        match cmd {
            "?" => {
                self.thinker.stop();
                self.absorb();
                return true;
            }
            "quit" => return false,
            // A piece lifted or put down on the board (the `highlight` feature): answered
            // from the position now, never waiting for a search (a piece lifted while the
            // engine thinks is a premove: XBoard's own marks stay).
            "lift" | "put" | "hover" => {
                if !self.thinker.busy() {
                    // A search that is over: its move joins the position first.
                    self.settle();
                    if cmd == "lift" {
                        self.lift(arg);
                    }
                }
                return true;
            }
            "force" | "new" | "result" | "undo" | "remove" | "setboard" | "variant" | "go"
            | "usermove" | "memory" | "option" => self.abandon(),
            _ => self.settle(),
        }
        match cmd {
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "rating" | "ics" | "cores" | "white" | "black" | "draw" | "otim" => {}
            "protover" => self.features(),
            "new" => {
                self.pos = Position::start(&self.variant);
                self.thinker.searcher().clear();
                self.force = false;
                self.depth = None;
            }
            "variant" => self.variant_cmd(arg),
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.think();
            }
            "usermove" => self.user_move(arg),
            "level" => self.level(arg),
            "st" => match crate::numbers::positive_seconds(arg) {
                Ok(d) => self.budget = Budget::PerMove(d),
                Err(e) => say(&format!("Error (bad st: {e}): {line}")),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if (1..=MAX_SEARCH_DEPTH).contains(&d) => self.depth = Some(d),
                _ => say(&format!(
                    "Error (bad depth, give 1 to {MAX_SEARCH_DEPTH}): {line}"
                )),
            },
            "time" => match arg.parse::<u64>() {
                Ok(cs) => self.time_left = Some(cs.min(crate::check::MAX_SECONDS as u64 * 100)),
                Err(_) => say(&format!("Error (bad time): {line}")),
            },
            // fairyforge's position string, or XBoard's (squares off the board as `*`,
            // ranks from 1) for a game it does not know.
            "setboard" => match Position::from_fen(&self.variant, arg).or_else(|e| {
                Position::from_fen(&self.variant, &from_xboard_fen(&self.variant, arg))
                    .map_err(|_| e)
            }) {
                Ok(p) => self.pos = p,
                Err(_) => say("tellusererror Illegal position"),
            },
            "undo" => {
                self.pos.undo();
            }
            "remove" => {
                self.pos.undo();
                self.pos.undo();
            }
            "result" => self.force = true,
            "ping" => say(&format!("pong {arg}")),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "memory" => match crate::numbers::hash_mb(arg) {
                Ok(mb) => {
                    self.hash_mb = mb;
                    self.rebuild();
                }
                Err(e) => say(&format!("Error (bad memory: {e}): {line}")),
            },
            "option" => self.option(arg),
            _ => {
                // A move without `usermove` (protocol 1 GUIs).
                if self
                    .pos
                    .parse_gui_text(&shift_text(cmd, -shift(&self.variant)))
                    .is_ok()
                {
                    self.user_move(cmd);
                } else {
                    say(&format!("Error (unknown command): {cmd}"));
                }
            }
        }
        true
    }

    fn features(&self) {
        let mut names: Vec<String> = vec!["normal".into(), "capablanca".into()];
        for g in fairyforge::builtin::game_names() {
            if g != "chess" && g != "capablanca" {
                names.push(g.to_string());
            }
        }
        say(&format!(
            "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
             analyze=0 colors=0 san=0 name=0 memory=1 highlight=1 myname=\"fairyforge {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        say("feature option=\"Engine -string modern\"");
        say(&format!(
            "feature option=\"EvalFile -file {}\"",
            self.eval.shown()
        ));
        say("feature option=\"Use NNUE -check 1\"");
        say("feature done=1");
    }

    /// `option NAME=VALUE` (the engine settings).
    fn option(&mut self, arg: &str) {
        match arg.split_once('=') {
            Some(("Engine", v)) => match Settings::parse(v) {
                Ok(s) => {
                    self.settings = s;
                    self.rebuild();
                }
                Err(e) => say(&format!("Error ({e}): option {arg}")),
            },
            Some(("EvalFile", v)) => {
                let note = self.eval.set_path(v, &self.variant);
                self.eval.apply(self.thinker.searcher(), &self.settings);
                self.tell(note, &format!("option {arg}"));
            }
            Some(("Use NNUE", v @ ("0" | "1"))) => {
                let note = self.eval.set_on(v == "1", &self.variant);
                self.eval.apply(self.thinker.searcher(), &self.settings);
                self.tell(note, &format!("option {arg}"));
            }
            Some(("Use NNUE", _)) => say(&format!("Error (give 0 or 1): option {arg}")),
            _ => say(&format!("Error (unknown option): option {arg}")),
        }
    }

    fn variant_cmd(&mut self, name: &str) {
        let builtin = XBOARD_NAMES
            .iter()
            .find(|(x, _)| *x == name)
            .map_or(name, |(_, ours)| ours);
        let Some(v) = Variant::builtin(builtin) else {
            say(&format!("Error (unsupported variant): {name}"));
            return;
        };
        self.variant = v;
        self.pos = Position::start(&self.variant);
        self.layout = None;
        // A network is read for its own game only: read the file again for this one.
        if let Some(note) = self.eval.load(&self.variant) {
            self.tell(note, &format!("variant {name}"));
        }
        self.eval.apply(self.thinker.searcher(), &self.settings);
        if !XBOARD_NAMES.iter().any(|(x, _)| *x == name) {
            for line in super::setup::commands(&self.variant) {
                say(&line);
            }
            self.layout = Layout::of(&self.variant);
        }
    }

    /// A new searcher for new settings or a new hash size, with the network.
    fn rebuild(&mut self) {
        let mut s = Searcher::with_settings(self.settings.clone(), self.hash_mb);
        self.eval.apply(&mut s, &self.settings);
        self.thinker.replace(s);
    }

    /// What a change of the network or of the game did: a comment line for the network
    /// in play, an error line naming the command for a file that cannot be used.
    fn tell(&self, note: Note, command: &str) {
        match note {
            Note::Using(s) => say(&format!("# {s}")),
            Note::Refused(s) => say(&format!("Error ({s}): {command}")),
        }
    }

    /// `lift SQUARE`: marks where the lifted piece may go (yellow a move, red a capture,
    /// magenta a promotion), so that XBoard takes exactly the engine's legal moves even
    /// where its own rules or the `piece` commands cannot tell them; for a promotion, the
    /// pieces it may become (`choice`). A piece lifted from the holdings is marked where
    /// it may be dropped (the square where it ends, its push included).
    fn lift(&self, square: &str) {
        let v = &self.variant;
        let g = v.geometry();
        let by = shift(v);
        let ranks = g.rank_range().end() - g.rank_range().start() + 1;
        let board_square = g.parse_square(&shift_text(square, -by));
        let held = board_square
            .is_none()
            .then(|| self.held_kind(square, ranks))
            .flatten();
        let side = self.pos.side_to_move();
        if board_square.is_none() && held.is_none() {
            say(&format!("Error (no such square): lift {square}"));
            return;
        }
        let moves: Vec<Move> = self
            .pos
            .legal_moves()
            .into_iter()
            .filter(|m| match held {
                Some((k, c)) => c == side && m.dropped() == Some(k),
                None => !m.is_drop() && Some(m.from()) == board_square,
            })
            .collect();
        // Each square's mark: promotion over capture over move.
        let mut marks = vec![None; g.num_squares()];
        let mut choice = String::new();
        for m in &moves {
            let mark = if let Some(k) = m.promotion() {
                let l = v.piece(k).letter();
                if !choice.contains(l) {
                    choice.push(l);
                }
                'M'
            } else if self.pos.captures_of(m).is_empty() {
                'Y'
            } else {
                'R'
            };
            let slot = &mut marks[m.to().index()];
            *slot = Some(match (*slot, mark) {
                (Some('M'), _) | (_, 'M') => 'M',
                (Some('R'), _) | (_, 'R') => 'R',
                _ => 'Y',
            });
        }
        let marked = rows(v, |sq| sq.and_then(|sq| marks[sq.index()]));
        say(&format!("highlight {marked}"));
        if !choice.is_empty() {
            say(&format!("choice {choice}"));
        }
    }

    /// The piece of a holdings cell as XBoard names it in `lift`: White's holdings are the
    /// column right of the board's right edge and one more (file `a` + files + 1), counted
    /// from the bottom; Black's the column two left of file `a`, counted from the top.
    fn held_kind(&self, cell: &str, ranks: i8) -> Option<(Kind, Color)> {
        let layout = self.layout.as_ref()?;
        let files = self.variant.geometry().files();
        let mut chars = cell.chars();
        let file = chars.next()? as u32;
        let rank: i32 = chars.as_str().parse().ok()?;
        let (row, color) = if file == 'a' as u32 + files as u32 + 1 {
            (rank - 1, Color::White)
        } else if file + 2 == 'a' as u32 {
            (ranks as i32 - rank, Color::Black)
        } else {
            return None;
        };
        Some((layout.held(usize::try_from(row).ok()?)?, color))
    }

    /// `level MPS BASE INC`.
    fn level(&mut self, arg: &str) {
        let w: Vec<&str> = arg.split_whitespace().collect();
        let parsed = (|| {
            let mps: u32 = w.first()?.parse().ok()?;
            let inc = crate::numbers::seconds(w.get(2)?).ok()?;
            let _base = w.get(1)?;
            Some(Budget::Level { mps, inc })
        })();
        match parsed {
            Some(b) => self.budget = b,
            None => say(&format!("Error (bad level): level {arg}")),
        }
    }

    fn user_move(&mut self, text: &str) {
        let t = shift_text(text, -shift(&self.variant));
        let mv = self
            .pos
            .parse_gui_text(&t)
            .or_else(|e| self.pos.parse_input(&t).map_err(|_| e));
        match mv {
            Ok(m) => {
                self.pos.play_unchecked(&m);
                if !self.announce_end() && !self.force {
                    self.think();
                }
            }
            Err(_) => say(&format!("Illegal move: {text}")),
        }
    }

    /// Prints the result when the game is over; true then.
    fn announce_end(&self) -> bool {
        match self.pos.outcome() {
            Some(o) => {
                let r = match o.winner {
                    Some(Color::White) => "1-0",
                    Some(Color::Black) => "0-1",
                    None => "1/2-1/2",
                };
                say(&format!("{r} {{{o}}}"));
                true
            }
            None => false,
        }
    }

    fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match self.budget {
            Budget::PerMove(d) => l.time = Some(d),
            Budget::Level { mps, inc } => {
                let left = Duration::from_millis(self.time_left.unwrap_or(6000) * 10);
                let played = self.pos.fullmove_number().saturating_sub(1);
                let to_go = (mps > 0).then(|| mps - played % mps);
                l.clock = Some(Clock {
                    remaining: left,
                    increment: inc,
                    moves_to_go: to_go,
                });
            }
        }
        l
    }

    /// Thinks on the side to move and plays the move found.
    fn think(&mut self) {
        if self.announce_end() {
            return;
        }
        let post = self.post;
        let by = shift(&self.variant);
        let tx = self.made_tx.clone();
        self.discard.store(false, Ordering::Relaxed);
        let discard = self.discard.clone();
        self.thinker.start(
            self.pos.clone(),
            self.limits(),
            move |pos: &Position, r: &Report| {
                if post {
                    say(&thinking(pos, r, by));
                }
            },
            move |pos: &Position, r: Option<Report>| {
                let Some(r) = r else { return };
                if discard.load(Ordering::Relaxed) {
                    return;
                }
                let m = r.best();
                say(&format!("move {}", shift_text(&pos.gui_text(&m), by)));
                let _ = tx.send(m);
            },
        );
    }

    /// Plays the moves the engine made on the protocol's position.
    fn absorb(&mut self) {
        while let Ok(m) = self.made.try_recv() {
            self.pos.play_unchecked(&m);
            self.announce_end();
        }
    }

    /// Waits for the engine's move (and plays it).
    fn settle(&mut self) {
        self.thinker.wait();
        self.absorb();
    }

    /// Stops thinking without playing the move.
    fn abandon(&mut self) {
        if self.thinker.busy() {
            self.discard.store(true, Ordering::Relaxed);
            self.thinker.stop();
        } else {
            self.thinker.wait();
        }
        self.absorb();
    }
}

/// A line of thinking output: `depth score time(cs) nodes pv`.
fn thinking(pos: &Position, r: &Report, by: i32) -> String {
    let score = match r.score {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for m in &r.pv {
        pv.push(shift_text(&p.gui_text(m), by));
        p.play_unchecked(m);
    }
    format!(
        "{} {} {} {} {}",
        r.depth,
        score,
        r.elapsed.as_millis() / 10,
        r.nodes,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_shift_to_ranks_from_one() {
        assert_eq!(shift_text("e0f1", 1), "e1f2");
        assert_eq!(shift_text("J@e2e5", 1), "J@e3e6");
        assert_eq!(shift_text("e10e11q", -1), "e9e10q");
        assert_eq!(shift_text("e2e4", 0), "e2e4");
        let bn = Variant::builtin("birds-and-ninjas").unwrap();
        assert_eq!(shift(&bn), 1);
        assert_eq!(shift(&Variant::builtin("capablanca").unwrap()), 0);
    }
}
