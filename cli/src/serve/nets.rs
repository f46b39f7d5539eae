//! The networks of `fairyforge serve --net FILE` (docs/engine.md, "The learned
//! evaluation"): files for any number of games, each read by core for the game it names in
//! its header. A search of a game that has a network evaluates with it; every other game,
//! and an edited game whose squares, pieces or reserves no longer fit the network, keeps
//! the hand-set evaluation (core's fallback).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use fairyforge::Variant;
use fairyforge::nnue::{Layout, Network, NetworkFileError, game_of};

/// A network file and the game it is for.
struct NetFile {
    game: String,
    bytes: Vec<u8>,
}

/// A game's name and the fingerprint of its features (`Layout::fingerprint`).
type Version = (String, u64);

/// The studio's networks, read for each version of a game at its first search.
#[derive(Default)]
pub struct Networks {
    files: Vec<NetFile>,
    /// By game name and the fingerprint of its features: the network, or none when the
    /// game's version does not fit it.
    read: Mutex<HashMap<Version, Option<Arc<Network>>>>,
}

impl Networks {
    /// Reads the files: each must be a network file, one per game, and a network for a
    /// built-in game must fit it (core's loader and its errors). Returns the networks
    /// and a line per file for the console.
    pub fn open(paths: &[PathBuf]) -> Result<(Networks, Vec<String>), String> {
        let mut files: Vec<NetFile> = Vec::new();
        let mut said = Vec::new();
        let builtins: Vec<Arc<Variant>> = if paths.is_empty() {
            Vec::new()
        } else {
            fairyforge::builtin::game_names()
                .iter()
                .filter_map(|g| Variant::builtin(g))
                .collect()
        };
        for path in paths {
            let name = path.display().to_string();
            let bytes = std::fs::read(path).map_err(|e| {
                NetworkFileError::Unreadable {
                    path: name.clone(),
                    why: e.to_string(),
                }
                .to_string()
            })?;
            let game = game_of(&bytes).map_err(|error| {
                NetworkFileError::Refused {
                    path: name.clone(),
                    error,
                }
                .to_string()
            })?;
            if files.iter().any(|f| f.game == game) {
                return Err(format!(
                    "--net {name}: a second network for `{game}`: give one network per game"
                ));
            }
            let net = match builtins.iter().find(|v| v.name() == game) {
                Some(v) => {
                    let net = Network::load(path, v).map_err(|e| e.to_string())?;
                    format!("network for {game}: {name} ({} hidden units)", net.hidden())
                }
                None => format!("network for {game} (not a built-in game): {name}"),
            };
            said.push(net);
            files.push(NetFile { game, bytes });
        }
        Ok((
            Networks {
                files,
                read: Mutex::default(),
            },
            said,
        ))
    }

    /// The network for the game `v`, if one was given and fits this version of it.
    pub fn for_variant(&self, v: &Arc<Variant>) -> Option<Arc<Network>> {
        let file = self.files.iter().find(|f| f.game == v.name())?;
        let key = (file.game.clone(), Layout::new(v).fingerprint());
        let mut read = self.read.lock().unwrap_or_else(|e| e.into_inner());
        read.entry(key)
            .or_insert_with(|| Network::read(&file.bytes, v).ok().map(Arc::new))
            .clone()
    }
}
