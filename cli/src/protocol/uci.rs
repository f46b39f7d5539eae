//! `fairyforge uci`: the Universal Chess Interface, so that chess GUIs and match runners
//! can use the engine. Games are chosen as Fairy-Stockfish does: the `UCI_Variant` combo
//! lists the built-in games, and `VariantPath` names a variant file to play instead.
//! Moves are fairyforge's move text, castling as the king's move (`e1g1`) as GUIs send
//! it (the full form is read too). See `docs/protocols.md`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use fairyforge::limits::MAX_SEARCH_DEPTH;
use fairyforge::search::{Clock, Limits, Report, Score, Searcher, Settings};
use fairyforge::{Color, Position, Variant};

use super::net::{EvalFile, Note};
use super::thinker::Thinker;

const DEFAULT_HASH_MB: usize = 64;

struct Uci {
    variant: Arc<Variant>,
    pos: Position,
    thinker: Thinker,
    hash_mb: usize,
    settings: Settings,
    /// Set by `stop` (an infinite search reports its move only then).
    told_to_stop: Arc<AtomicBool>,
    /// The running search (if any) is infinite.
    infinite: bool,
    /// The network file (`--net`, `EvalFile`, `Use NNUE`).
    eval: EvalFile,
}

fn say(line: &str) {
    println!("{line}");
}

fn error(msg: &str) {
    say(&format!("info string error: {msg}"));
}

/// What a change of the network or of the game did, as an `info string`.
fn tell(note: Note) {
    match note {
        Note::Using(s) => say(&format!("info string {s}")),
        Note::Refused(s) => error(&s),
    }
}

/// Runs the protocol on standard input and output until `quit` or the end of input.
/// `net`: the network file `--net` names, the `EvalFile` option's first value.
pub fn run(net: Option<&std::path::Path>) -> crate::error::Result {
    let variant = Variant::builtin("chess").ok_or("no built-in chess")?;
    let eval = EvalFile::from_arg(net, &variant)?;
    let mut searcher = Searcher::new(DEFAULT_HASH_MB);
    searcher.set_network(eval.network());
    let mut uci = Uci {
        eval,
        pos: Position::start(&variant),
        variant,
        thinker: Thinker::new(searcher),
        hash_mb: DEFAULT_HASH_MB,
        settings: Settings::default(),
        told_to_stop: Arc::new(AtomicBool::new(false)),
        infinite: false,
    };
    let stdin = std::io::stdin();
    for line in super::lines::lines(stdin.lock()) {
        match line.map_err(|e| format!("cannot read the input: {e}"))? {
            Ok(line) => {
                if !uci.command(line.trim()) {
                    break;
                }
            }
            Err(e) => error(&e.to_string()),
        }
    }
    uci.told_to_stop.store(true, Ordering::Relaxed);
    uci.thinker.stop();
    Ok(())
}

impl Uci {
    /// Lets a running search finish (an infinite one is stopped: it would never end)
    /// before a command that changes the position or the engine.
    fn settle(&mut self) {
        if self.infinite {
            self.told_to_stop.store(true, Ordering::Relaxed);
            self.thinker.stop();
        } else {
            self.thinker.wait();
        }
        self.infinite = false;
    }

    /// Handles one command; false to quit.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => self.identify(),
            "isready" => say("readyok"),
            "setoption" => {
                self.settle();
                self.set_option(&rest);
            }
            "ucinewgame" => {
                self.settle();
                self.thinker.searcher().clear();
                self.pos = Position::start(&self.variant);
            }
            "position" => {
                self.settle();
                if let Err(e) = self.position(&rest) {
                    error(&e);
                }
            }
            "go" => {
                self.settle();
                // A `go` that cannot be read starts no search: the error line is the
                // whole answer (a `bestmove (none)` would read as a resignation).
                if let Err(e) = self.go(&rest) {
                    error(&e);
                }
            }
            "stop" => {
                self.told_to_stop.store(true, Ordering::Relaxed);
                self.thinker.stop();
                self.infinite = false;
            }
            "ponderhit" => {}
            "quit" => return false,
            "d" => {
                self.settle();
                say(&format!("info string position {}", self.pos.fen()));
            }
            _ => error(&format!("unknown command `{cmd}`")),
        }
        true
    }

    fn identify(&self) {
        say(&format!("id name fairyforge {}", env!("CARGO_PKG_VERSION")));
        say("id author the fairyforge authors");
        say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {}",
            crate::numbers::MAX_HASH_MB
        ));
        let games: Vec<String> = fairyforge::builtin::game_names()
            .iter()
            .map(|g| format!("var {g}"))
            .collect();
        say(&format!(
            "option name UCI_Variant type combo default chess {}",
            games.join(" ")
        ));
        say("option name VariantPath type string default <empty>");
        say("option name Engine type string default modern");
        say("option name Clear Hash type button");
        say(&format!(
            "option name EvalFile type string default {}",
            self.eval.shown()
        ));
        say("option name Use NNUE type check default true");
        say("uciok");
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return error("expected `setoption name NAME value VALUE`");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => match crate::numbers::hash_mb(value) {
                Ok(mb) => {
                    self.hash_mb = mb;
                    self.rebuild();
                }
                Err(e) => error(&format!("Hash: {e}")),
            },
            "uci_variant" => match Variant::builtin(value) {
                Some(v) => self.set_variant(v),
                None => error(&format!(
                    "UCI_Variant: no built-in game `{value}` (the games are {})",
                    fairyforge::builtin::game_names().join(", ")
                )),
            },
            "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    return;
                }
                match crate::game::load(value, &[]) {
                    Ok(v) => self.set_variant(v),
                    Err(e) => error(&format!(
                        "VariantPath: {}",
                        e.to_string().replace('\n', " ")
                    )),
                }
            }
            "engine" => match Settings::parse(value) {
                Ok(s) => {
                    self.settings = s;
                    self.rebuild();
                }
                Err(e) => error(&e.to_string()),
            },
            "clear hash" => self.thinker.searcher().clear(),
            "evalfile" => {
                let note = self.eval.set_path(value, &self.variant);
                self.eval.apply(self.thinker.searcher(), &self.settings);
                tell(note);
            }
            "use nnue" => match value.to_ascii_lowercase().as_str() {
                v @ ("true" | "false") => {
                    let note = self.eval.set_on(v == "true", &self.variant);
                    self.eval.apply(self.thinker.searcher(), &self.settings);
                    tell(note);
                }
                _ => error(&format!("Use NNUE: `{value}`: give true or false")),
            },
            _ => error(&format!("no option `{name}`")),
        }
    }

    fn rebuild(&mut self) {
        let mut s = Searcher::with_settings(self.settings.clone(), self.hash_mb);
        self.eval.apply(&mut s, &self.settings);
        if let Some(note) = crate::numbers::hash_note(self.hash_mb, s.hash_bytes()) {
            say(&format!("info string {note}"));
        }
        self.thinker.replace(s);
    }

    fn set_variant(&mut self, v: Arc<Variant>) {
        self.thinker.stop();
        self.pos = Position::start(&v);
        self.variant = v;
        say(&format!("info string variant {}", self.variant.name()));
        // A network is read for its own game only: read the file again for this one.
        if let Some(note) = self.eval.load(&self.variant) {
            tell(note);
        }
        self.eval.apply(self.thinker.searcher(), &self.settings);
    }

    /// `position startpos|fen FEN [moves M...]`.
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let at = words.iter().position(|w| *w == "moves");
        let (head, moves) = match at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let mut pos = match head.first() {
            Some(&"startpos") if head.len() == 1 => Position::start(&self.variant),
            Some(&"fen") if head.len() > 1 => {
                let fen = head[1..].join(" ");
                Position::from_fen(&self.variant, &fen)
                    .map_err(|e| format!("bad position for {}: {e}", self.variant.name()))?
            }
            _ => {
                return Err(
                    "expected `position startpos` or `position fen FEN`, then `moves ...`".into(),
                );
            }
        };
        for (i, t) in moves.iter().enumerate() {
            let m = pos
                .parse_gui_text(t)
                .map_err(|e| format!("move {} {e}", i + 1))?;
            pos.play_unchecked(&m);
        }
        self.pos = pos;
        Ok(())
    }

    /// `go [wtime N] [btime N] [winc N] [binc N] [movestogo N] [movetime N] [depth N]
    /// [nodes N] [infinite]`.
    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        let mut limits = Limits::default();
        let mut infinite = false;
        let (mut wtime, mut btime, mut winc, mut binc, mut to_go) = (None, None, 0u64, 0u64, None);
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            if key == "infinite" {
                infinite = true;
                i += 1;
                continue;
            }
            if key == "ponder" {
                i += 1;
                continue;
            }
            let value = words
                .get(i + 1)
                .ok_or_else(|| format!("go {key}: a number must follow"))?;
            let n: u64 = value
                .parse()
                .map_err(|_| format!("go {key} {value}: not a whole number"))?;
            let ms = |n: u64| Duration::from_millis(n.min(crate::check::MAX_SECONDS as u64 * 1000));
            match key {
                "wtime" => wtime = Some(ms(n)),
                "btime" => btime = Some(ms(n)),
                "winc" => winc = n,
                "binc" => binc = n,
                "movestogo" => to_go = Some(n.clamp(1, 1000) as u32),
                "movetime" => limits.time = Some(ms(n)),
                "depth" => limits.depth = Some(n.clamp(1, MAX_SEARCH_DEPTH as u64) as u32),
                "nodes" => limits.nodes = Some(n.max(1)),
                "mate" => limits.depth = Some((2 * n).clamp(1, MAX_SEARCH_DEPTH as u64) as u32),
                _ => return Err(format!("go: unknown parameter `{key}`")),
            }
            i += 2;
        }
        let white = self.pos.side_to_move() == Color::White;
        let (mine, inc) = if white { (wtime, winc) } else { (btime, binc) };
        if let Some(left) = mine {
            limits.clock = Some(Clock {
                remaining: left,
                increment: Duration::from_millis(inc.min(3_600_000)),
                moves_to_go: to_go,
            });
        }
        if infinite {
            limits = Limits::default();
        }
        self.told_to_stop.store(false, Ordering::Relaxed);
        self.infinite = infinite;
        let told = self.told_to_stop.clone();
        // The nodes of the last iteration reported: a search stopped inside an iteration
        // reports its whole nodes and time once more before its move, as engines do.
        let reported = Arc::new(AtomicU64::new(u64::MAX));
        let seen = reported.clone();
        self.thinker.start(
            self.pos.clone(),
            limits,
            move |pos: &Position, r: &Report| {
                seen.store(r.nodes, Ordering::Relaxed);
                say(&info(pos, r))
            },
            move |pos: &Position, r: Option<Report>| {
                if infinite {
                    // An infinite search reports its move only when told to stop.
                    while !told.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                }
                if let Some(r) = &r
                    && reported.load(Ordering::Relaxed) != r.nodes
                {
                    say(&info(pos, r));
                }
                match r {
                    Some(r) => say(&format!("bestmove {}", pos.gui_text(&r.best()))),
                    None => say("bestmove (none)"),
                }
            },
        );
        Ok(())
    }
}

/// An `info` line of a finished iteration.
fn info(pos: &Position, r: &Report) -> String {
    let mut p = pos.clone();
    let mut pv = Vec::with_capacity(r.pv.len());
    for m in &r.pv {
        pv.push(p.gui_text(m));
        p.play_unchecked(m);
    }
    let score = match r.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {} pv {}",
        r.depth,
        r.sel_depth.max(r.depth),
        r.nodes,
        r.nps(),
        r.elapsed.as_millis(),
        pv.join(" ")
    )
}
