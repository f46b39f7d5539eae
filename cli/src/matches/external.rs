//! An external engine in a match, driven over UCI or XBoard (CECP v2): started once per
//! worker, told the game's moves, asked for its move within the match's budget.
//!
//! An engine that exits, crashes, sends what is not a move or stops answering loses the
//! game it is playing ("engine failure"); it is stopped and started anew for its next
//! game, whose loss it is too when it cannot be started. A command that cannot be run at
//! all ends the match before its first game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use fairyforge::Move;

use fairyforge::lab::{Control, Player, Turn};

use super::player::grace;

/// The protocol spoken.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Proto {
    Uci,
    Xboard,
}

/// A running engine process.
pub struct External {
    proto: Proto,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    /// The game's variant as the protocol names it.
    variant: String,
    /// XBoard: prefix moves with `usermove`.
    usermove: bool,
    /// XBoard: the moves the engine has been told in this game.
    told: Vec<String>,
    /// XBoard: a game is set up (`new` sent).
    started: bool,
    /// XBoard: the engine plays its side (out of force mode).
    playing: bool,
    level_sent: bool,
    /// The longest wait for a move when the budget is not a time (nodes, depth).
    watchdog: Duration,
}

/// The name of a built-in game in the protocols (XBoard calls orthodox chess `normal`).
fn protocol_variant(game: &str, proto: Proto) -> String {
    match (game, proto) {
        ("chess", Proto::Xboard) => "normal".into(),
        (g, _) => g.to_string(),
    }
}

impl External {
    /// Starts the engine's process; an error only when the command cannot be run.
    fn spawn(cmd: &str, proto: Proto, game: &str, watchdog: Duration) -> Result<External, String> {
        let mut words = cmd.split_whitespace();
        let exe = words.next().ok_or_else(|| {
            "an external engine needs a command, as in `uci:/path/to/engine`".to_string()
        })?;
        let mut child = Command::new(exe)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the engine `{cmd}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("no pipe to the engine")?;
        let stdout = child.stdout.take().ok_or("no pipe from the engine")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            // Lines as bytes: a byte that is not UTF-8 is shown as U+FFFD and the line
            // read on, instead of ending the conversation.
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                let line = String::from_utf8_lossy(&bytes);
                let line = line.trim_end_matches(['\n', '\r']).to_string();
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(External {
            proto,
            child,
            stdin,
            lines: rx,
            name: cmd.to_string(),
            variant: protocol_variant(game, proto),
            usermove: false,
            told: Vec::new(),
            started: false,
            playing: false,
            level_sent: false,
            watchdog,
        })
    }

    /// UCI's handshake: `uci`, the hash size, the game, the options, `isready`.
    fn hello_uci(&mut self, options: &[(String, String)], hash_mb: usize) -> Result<(), String> {
        self.send("uci")?;
        self.wait_for(|l| l == "uciok", Duration::from_secs(20))?;
        self.send(&format!("setoption name Hash value {hash_mb}"))?;
        if self.variant != "chess" {
            self.send(&format!(
                "setoption name UCI_Variant value {}",
                self.variant
            ))?;
        }
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready()
    }

    /// XBoard's handshake: `xboard`, `protover 2`, the engine's features.
    fn hello_xboard(&mut self, hash_mb: usize) -> Result<(), String> {
        self.send("xboard")?;
        self.send("protover 2")?;
        // Features until `done=1` (an engine of protocol 1 sends none: give up after 2 s).
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_line(left)? else {
                break;
            };
            if let Some(features) = line.strip_prefix("feature ") {
                if features.contains("usermove=1") {
                    self.usermove = true;
                }
                if features.contains("san=1") {
                    self.send("rejected san")?;
                }
                if features.contains("done=0") {
                    // The engine asks for time to start up: wait for its done=1.
                    continue;
                }
                if features.contains("done=1") {
                    break;
                }
            }
        }
        self.send(&format!("memory {hash_mb}"))?;
        self.send("easy")
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("the engine `{}` stopped listening: {e}", self.name))
    }

    /// The next line, or `None` after `timeout`.
    fn next_line(&mut self, timeout: Duration) -> Result<Option<String>, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => Ok(Some(l)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("the engine `{}` exited", self.name))
            }
        }
    }

    fn wait_for(
        &mut self,
        want: impl Fn(&str) -> bool,
        timeout: Duration,
    ) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left)? {
                Some(l) if want(l.trim()) => return Ok(l),
                Some(_) => {}
                None => {
                    return Err(format!(
                        "the engine `{}` did not answer within {:.1} s",
                        self.name,
                        timeout.as_secs_f64()
                    ));
                }
            }
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", Duration::from_secs(30))
            .map(|_| ())
    }

    fn think_uci(&mut self, turn: &Turn) -> Result<String, String> {
        let start = match turn.start_fen {
            Some(f) => format!("fen {f}"),
            None => "startpos".to_string(),
        };
        let moves = if turn.moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", turn.moves.join(" "))
        };
        self.send(&format!("position {start}{moves}"))?;
        let white = turn.pos.side_to_move() == fairyforge::Color::White;
        let go = match turn.control {
            Control::MoveTime(t) => format!("go movetime {}", t.as_millis().max(1)),
            Control::Nodes(n) => format!("go nodes {n}"),
            Control::Depth(d) => format!("go depth {d}"),
            Control::Clock(tc) => {
                let (m, t) = (
                    turn.mine.unwrap_or(tc.start()),
                    turn.theirs.unwrap_or(tc.start()),
                );
                let (w, b) = if white { (m, t) } else { (t, m) };
                let mut s = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    w.left.as_millis(),
                    b.left.as_millis(),
                    tc.inc.as_millis(),
                    tc.inc.as_millis()
                );
                if let Some(n) = m.to_go {
                    s.push_str(&format!(" movestogo {n}"));
                }
                s
            }
        };
        self.send(&go)?;
        let line = self.wait_for(
            |l| l.starts_with("bestmove"),
            grace(&turn.control, turn.mine, self.watchdog),
        )?;
        line.split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| format!("the engine `{}` sent `{line}`", self.name))
    }

    /// XBoard as a GUI drives it: the engine is set up in force mode and started with
    /// `go`; from then on it plays its side, thinking as soon as it is told the
    /// opponent's move (engines count their moves toward the time control that way).
    fn think_xboard(&mut self, turn: &Turn) -> Result<String, String> {
        let prefix_ok = self.started
            && self.told.len() <= turn.moves.len()
            && turn.moves[..self.told.len()] == self.told[..];
        // Playing on: exactly the opponent's reply is new.
        let on = prefix_ok && self.playing && turn.moves.len() == self.told.len() + 1;
        if !prefix_ok {
            self.send("new")?;
            if self.variant != "normal" {
                self.send(&format!("variant {}", self.variant))?;
            }
            self.send("force")?;
            if let Some(f) = turn.start_fen {
                self.send(&format!("setboard {f}"))?;
            }
            self.told.clear();
            self.started = true;
            self.level_sent = false;
            self.playing = false;
        } else if !on && self.playing {
            self.send("force")?;
            self.playing = false;
        }
        if !on {
            self.tell_moves(&turn.moves[self.told.len()..])?;
        }
        match turn.control {
            Control::MoveTime(t) => {
                // Whole seconds in the protocol; at least one.
                self.send(&format!("st {}", t.as_secs().max(1)))?;
            }
            Control::Clock(tc) => {
                if !self.level_sent {
                    self.send(&format!("level {}", tc.xboard_level()))?;
                    self.level_sent = true;
                }
                let (m, t) = (
                    turn.mine.unwrap_or(tc.start()),
                    turn.theirs.unwrap_or(tc.start()),
                );
                self.send(&format!("time {}", m.left.as_millis() / 10))?;
                self.send(&format!("otim {}", t.left.as_millis() / 10))?;
            }
            Control::Depth(d) => self.send(&format!("sd {d}"))?,
            Control::Nodes(_) => {
                return Err(
                    "an XBoard engine cannot be given a node budget: use --time or --clock".into(),
                );
            }
        }
        if on {
            self.tell_moves(&turn.moves[self.told.len()..])?;
        } else {
            self.send("go")?;
            self.playing = true;
        }
        let limit = grace(&turn.control, turn.mine, self.watchdog);
        let deadline = Instant::now() + limit;
        let mv = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_line(left)? else {
                return Err(format!("the engine `{}` did not move in time", self.name));
            };
            let l = line.trim();
            if let Some(m) = l.strip_prefix("move ") {
                break m.trim().to_string();
            }
            if let Some(rest) = l.strip_prefix("My move is:") {
                break rest.trim().to_string();
            }
            if l == "resign" || l.starts_with("tellics resign") {
                return Err("resigns".into());
            }
            if l.starts_with("Illegal move") || l.starts_with("Error") {
                return Err(format!("the engine `{}` refused a move: {l}", self.name));
            }
        };
        self.told.push(mv.clone());
        Ok(mv)
    }

    fn tell_moves(&mut self, moves: &[String]) -> Result<(), String> {
        for m in moves {
            let line = if self.usermove {
                format!("usermove {m}")
            } else {
                m.clone()
            };
            self.send(&line)?;
            self.told.push(m.clone());
        }
        Ok(())
    }
}

impl External {
    fn new_game(&mut self) -> Result<(), String> {
        match self.proto {
            Proto::Uci => {
                self.send("ucinewgame")?;
                self.ready()
            }
            Proto::Xboard => {
                if self.playing {
                    self.send("force")?;
                }
                self.started = false;
                self.playing = false;
                Ok(())
            }
        }
    }

    fn think(&mut self, turn: &Turn) -> Result<Move, String> {
        let text = match self.proto {
            Proto::Uci => self.think_uci(turn)?,
            Proto::Xboard => self.think_xboard(turn)?,
        };
        turn.pos
            .parse_gui_text(&text)
            .map_err(|e| format!("the engine `{}` played {e}", self.name))
    }
}

/// An external engine as a player: its command, and its process while it runs well.
pub struct Engine {
    cmd: String,
    proto: Proto,
    game: String,
    hash_mb: usize,
    /// UCI options set after the handshake.
    options: Vec<(String, String)>,
    watchdog: Duration,
    /// The running process; `None` after a failure, until the next game starts it anew.
    process: Option<External>,
    /// Why the process could not be started (reported as the next game's loss).
    failure: Option<String>,
}

impl Engine {
    /// A UCI engine. `spec` is its command line, then options as `;NAME=VALUE` (set after
    /// the hash size and the game: `stockfish;Use NNUE=false`).
    pub fn uci(
        spec: &str,
        game: &str,
        hash_mb: usize,
        watchdog: Duration,
    ) -> Result<Engine, String> {
        let mut parts = spec.split(';');
        let cmd = parts.next().unwrap_or("");
        let mut options = Vec::new();
        for opt in parts.filter(|p| !p.trim().is_empty()) {
            let (name, value) = opt.split_once('=').ok_or_else(|| {
                format!("`{opt}`: engine options are written `;NAME=VALUE` after the command")
            })?;
            options.push((name.trim().to_string(), value.trim().to_string()));
        }
        Engine::start(cmd, Proto::Uci, game, hash_mb, options, watchdog)
    }

    pub fn xboard(
        cmd: &str,
        game: &str,
        hash_mb: usize,
        watchdog: Duration,
    ) -> Result<Engine, String> {
        Engine::start(cmd, Proto::Xboard, game, hash_mb, Vec::new(), watchdog)
    }

    /// Starts the engine: an error when its command cannot be run; a failed handshake is
    /// kept as the loss of its first game.
    fn start(
        cmd: &str,
        proto: Proto,
        game: &str,
        hash_mb: usize,
        options: Vec<(String, String)>,
        watchdog: Duration,
    ) -> Result<Engine, String> {
        let mut e = Engine {
            cmd: cmd.to_string(),
            proto,
            game: game.to_string(),
            hash_mb,
            options,
            watchdog,
            process: None,
            failure: None,
        };
        let mut p = External::spawn(cmd, proto, game, watchdog)?;
        match e.hello(&mut p) {
            Ok(()) => e.process = Some(p),
            Err(why) => e.failure = Some(why),
        }
        Ok(e)
    }

    fn hello(&self, p: &mut External) -> Result<(), String> {
        match self.proto {
            Proto::Uci => p.hello_uci(&self.options, self.hash_mb),
            Proto::Xboard => p.hello_xboard(self.hash_mb),
        }
    }

    /// The running process, started anew after a failure.
    fn process(&mut self) -> Result<&mut External, String> {
        if let Some(why) = self.failure.take() {
            return Err(why);
        }
        if self.process.is_none() {
            let mut p = External::spawn(&self.cmd, self.proto, &self.game, self.watchdog)?;
            self.hello(&mut p)?;
            self.process = Some(p);
        }
        Ok(self.process.as_mut().expect("started above"))
    }
}

impl Player for Engine {
    fn new_game(&mut self) -> Result<(), String> {
        let result = self.process()?.new_game();
        if result.is_err() {
            self.process = None;
        }
        result
    }

    fn think(&mut self, turn: &Turn) -> Result<Move, String> {
        let result = self.process()?.think(turn);
        // After a failure the engine's state is unknown (it may still be thinking, or be
        // gone): it is stopped, and its next game starts it anew. A resignation is a move.
        if let Err(e) = &result
            && e != "resigns"
        {
            self.process = None;
        }
        result
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
