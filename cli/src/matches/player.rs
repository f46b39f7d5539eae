//! The two sides of a match: this program's engine with some settings, or an external
//! engine spoken to over UCI or XBoard (`uci:/path/to/engine`,
//! `xboard:/usr/games/fairymax`).

use std::sync::Arc;
use std::time::Duration;

use fairyforge::Variant;
use fairyforge::lab::{Control, Engine as Own, Player, SideClock};
use fairyforge::search::Settings;

use super::external::Engine;

/// A side as written on the command line.
#[derive(Clone, Debug)]
pub enum Spec {
    Internal(Settings),
    Uci(String),
    Xboard(String),
}

impl std::str::FromStr for Spec {
    type Err = String;

    fn from_str(s: &str) -> Result<Spec, String> {
        if let Some(cmd) = s.strip_prefix("uci:") {
            return Ok(Spec::Uci(cmd.to_string()));
        }
        if let Some(cmd) = s.strip_prefix("xboard:") {
            return Ok(Spec::Xboard(cmd.to_string()));
        }
        Settings::parse(s)
            .map(Spec::Internal)
            .map_err(|e| e.to_string())
    }
}

impl Spec {
    /// Makes a player of this spec for the variant (`game`: its name for external
    /// engines, which wait at most `watchdog` for a move searched to a node count or a
    /// depth).
    pub fn player(
        &self,
        game: &str,
        hash_mb: usize,
        watchdog: Duration,
    ) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            Spec::Internal(s) => Box::new(Own::new(s.clone(), hash_mb)),
            Spec::Uci(cmd) => Box::new(Engine::uci(cmd, game, hash_mb, watchdog)?),
            Spec::Xboard(cmd) => Box::new(Engine::xboard(cmd, game, hash_mb, watchdog)?),
        })
    }

    /// The side's name in reports and PGN, playing `v` (with the network file `net`, if
    /// one was given: this program's engine names the network it evaluates with).
    pub fn name(&self, v: &Arc<Variant>, net: Option<&str>) -> String {
        match self {
            Spec::Internal(s) => fairyforge::lab::engine_name(s, v, net),
            Spec::Uci(c) | Spec::Xboard(c) => {
                // The program's file name: without its arguments, and without the UCI
                // options written after it (`;Use NNUE=false` has a space too).
                let command = c.split(';').next().unwrap_or(c);
                let exe = command.split_whitespace().next().unwrap_or(command);
                std::path::Path::new(exe)
                    .file_name()
                    .map_or_else(|| c.clone(), |f| f.to_string_lossy().into_owned())
            }
        }
    }
}

/// How long to wait for an external engine's move before declaring it lost: its time
/// and `watchdog` more, or `watchdog` when its budget is not a time.
pub fn grace(control: &Control, mine: Option<SideClock>, watchdog: Duration) -> Duration {
    match control {
        Control::MoveTime(t) => *t + watchdog,
        Control::Clock(_) => mine.map_or(Duration::ZERO, |c| c.left) + watchdog,
        Control::Nodes(_) | Control::Depth(_) => watchdog,
    }
}

#[cfg(test)]
mod tests {
    use super::Spec;

    #[test]
    fn an_external_engine_is_named_by_its_program_alone() {
        let chess = fairyforge::Variant::builtin("chess").unwrap();
        let named = |s: Spec| s.name(&chess, None);
        assert_eq!(
            named(Spec::Uci(
                "/opt/fsf/stockfish;Threads=1;Use NNUE=false".into()
            )),
            "stockfish"
        );
        assert_eq!(
            named(Spec::Uci("node engine.mjs pkg;Hash=16".into())),
            "node"
        );
        assert_eq!(
            named(Spec::Xboard("/usr/games/fairymax -x".into())),
            "fairymax"
        );
    }
}
