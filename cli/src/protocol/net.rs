//! The network a protocol plays with (docs/engine.md, "The learned evaluation"): the file
//! named by `--net FILE` or the `EvalFile` option, switched by `Use NNUE`, read by core
//! (`Network::load`) for the game being played, and read again whenever the game
//! changes. Without a file, the game's built-in network plays if it has one (core's
//! default, `nnue::builtin`); `Use NNUE` off switches every network off. A file that cannot
//! be used leaves the built-in network or the hand-set evaluation in play and says why, in
//! core's words; the engine never stops for it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairyforge::Variant;
use fairyforge::nnue::{Network, NetworkError, NetworkFileError};
use fairyforge::search::{Searcher, Settings};

/// The network setting and the network it gave for the current game.
#[derive(Default)]
pub struct EvalFile {
    path: Option<PathBuf>,
    off: bool,
    net: Option<Arc<Network>>,
}

/// What a change of the setting or of the game did, for the protocol to say.
pub enum Note {
    /// The network (or the hand-set evaluation) now in play.
    Using(String),
    /// The file cannot be used in this game: core's reason, and the fallback.
    Refused(String),
}

impl EvalFile {
    /// The setting of `--net FILE`, checked before the protocol starts: a file that
    /// cannot be read or is not a network stops the command with core's error; a
    /// network for another game than `v` waits for its game (`UCI_Variant`, `variant`).
    pub fn from_arg(path: Option<&Path>, v: &Arc<Variant>) -> Result<EvalFile, String> {
        let mut e = EvalFile {
            path: path.map(Path::to_path_buf),
            ..EvalFile::default()
        };
        if let Some(p) = path {
            match Network::load(p, v) {
                Ok(net) => e.net = Some(Arc::new(net)),
                Err(NetworkFileError::Refused {
                    error: NetworkError::OtherGame { .. } | NetworkError::Changed(_),
                    ..
                }) => {}
                Err(err) => return Err(err.to_string()),
            }
        }
        Ok(e)
    }

    /// The file as the option shows it (`<empty>` for none).
    pub fn shown(&self) -> String {
        match &self.path {
            Some(p) => p.display().to_string(),
            None => "<empty>".to_string(),
        }
    }

    /// Names the file (`""` or `<empty>`: none, the hand-set evaluation) and reads it
    /// for the game `v`.
    pub fn set_path(&mut self, value: &str, v: &Arc<Variant>) -> Note {
        let value = value.trim();
        self.path = (!value.is_empty() && value != "<empty>").then(|| PathBuf::from(value));
        self.load(v)
            .unwrap_or_else(|| Note::Using(fallback(v, "no network file")))
    }

    /// Turns the network on or off (`Use NNUE`) and reads it for the game `v`.
    pub fn set_on(&mut self, on: bool, v: &Arc<Variant>) -> Note {
        self.off = !on;
        self.load(v).unwrap_or_else(|| {
            let why = if self.off {
                "Use NNUE is off"
            } else {
                "no network file"
            };
            if self.off {
                Note::Using(hand_set(v, why))
            } else {
                Note::Using(fallback(v, why))
            }
        })
    }

    /// Reads the file again for the game `v` (the game changed): `None` when no file is
    /// named or the network is switched off.
    pub fn load(&mut self, v: &Arc<Variant>) -> Option<Note> {
        self.net = None;
        if self.off {
            return None;
        }
        let path = self.path.as_ref()?;
        Some(match Network::load(path, v) {
            Ok(net) => {
                let note = format!(
                    "evaluation: the network {} ({}, {} hidden units)",
                    path.display(),
                    net.game(),
                    net.hidden()
                );
                self.net = Some(Arc::new(net));
                Note::Using(note)
            }
            Err(e) => Note::Refused(format!("{e}; {} plays with {}", v.name(), without_file(v))),
        })
    }

    /// The network of the file for the current game, if one is in play.
    pub fn network(&self) -> Option<Arc<Network>> {
        self.net.clone()
    }

    /// Gives the searcher the file's network (none: the game's built-in one) and switches
    /// networks off when `Use NNUE` is off or the engine's `settings` say `nnue=off`.
    pub fn apply(&self, s: &mut Searcher, settings: &Settings) {
        s.set_network(self.net.clone());
        s.set_nnue(!self.off && settings.features.network);
    }
}

/// What plays in `v` without a file: the built-in network, or the hand-set evaluation.
fn without_file(v: &Arc<Variant>) -> String {
    match fairyforge::nnue::builtin(v) {
        Some(net) => format!(
            "the built-in network ({}, {} hidden units)",
            fairyforge::nnue::builtin_file(v).unwrap_or_default(),
            net.hidden()
        ),
        None => "the hand-set evaluation".to_string(),
    }
}

/// The note for a game without a file (`why`): its built-in network, or the hand-set
/// evaluation.
fn fallback(v: &Arc<Variant>, why: &str) -> String {
    if fairyforge::nnue::builtin(v).is_some() {
        format!("evaluation: {} for {}", without_file(v), v.name())
    } else {
        hand_set(v, why)
    }
}

fn hand_set(v: &Arc<Variant>, why: &str) -> String {
    format!("evaluation: hand-set ({why}) for {}", v.name())
}
