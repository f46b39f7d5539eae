//! Playing one shard: the game a spec names is loaded, both engines are made from their
//! settings, and the spec's games are played in order.

use std::sync::Arc;
use std::time::Duration;

use crate::contract::{ShardKind, ShardResult, ShardSpec};
use crate::nnue::Network;
use crate::search::Settings;
use crate::{LoadError, OptionSetting, Position, Variant};

use super::control::Control;
use super::game::{Match, play_game};
use super::openings::Openings;
use super::player::{Engine, Player};
use super::selfplay::play_selfplay_game;

/// The largest transposition table a shard may ask for, in megabytes (a terabyte).
pub const MAX_HASH_MB: u32 = 1 << 20;

/// Why a shard could not be played.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// The game did not load.
    #[error("shard {shard}: the game `{game}` does not load: {error}")]
    Game {
        /// The shard's id.
        shard: u64,
        /// The game's name.
        game: String,
        /// What went wrong.
        error: LoadError,
    },
    /// A field of the spec is wrong.
    #[error("shard {shard}: `{field}`: {message}")]
    Spec {
        /// The shard's id.
        shard: u64,
        /// The field's name in the spec.
        field: &'static str,
        /// What is wrong, and what it takes.
        message: String,
    },
    /// An executor failed (a worker could not start, a driver stopped).
    #[error("{0}")]
    Executor(String),
}

fn bad(spec: &ShardSpec, field: &'static str, message: impl Into<String>) -> LabError {
    LabError::Spec {
        shard: spec.id,
        field,
        message: message.into(),
    }
}

/// Loads the game a spec names: a built-in game, or the text of `source`, with the
/// spec's options.
pub fn load_game(spec: &ShardSpec) -> Result<Arc<Variant>, LabError> {
    let options = spec
        .options
        .iter()
        .map(|o| o.parse::<OptionSetting>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| bad(spec, "options", e.to_string()))?;
    let mut loader = Variant::loader().options(options);
    let loaded = match &spec.source {
        Some(text) => {
            if let Some(dir) = &spec.dir {
                loader = loader.base_dir(dir);
            }
            loader.parse(&format!("{}.toml", spec.game), text)
        }
        None => loader.builtin_only().builtin(&spec.game),
    };
    loaded.map_err(|error| LabError::Game {
        shard: spec.id,
        game: spec.game.clone(),
        error,
    })
}

/// The name of a side playing `v` with `settings`, in reports and PGN. It names the
/// network the side evaluates with: the file `net` it was given, else the game's built-in
/// network (`fairyforge modern (network capablanca.nnue)`), unless the settings switch
/// networks off.
pub fn engine_name(settings: &Settings, v: &Arc<Variant>, net: Option<&str>) -> String {
    let name = format!("fairyforge {settings}");
    let learned = settings.engine == crate::search::Engine::Modern && settings.features.network;
    match net
        .map(str::to_string)
        .or_else(|| crate::nnue::builtin_file(v))
    {
        Some(file) if learned => format!("{name} (network {file})"),
        _ => name,
    }
}

/// Plays a shard: loads its game and plays its games in order (a self-play shard records
/// its positions too). With a node or depth
/// limit, the same spec gives the same result on any machine.
pub fn play_shard(spec: &ShardSpec) -> Result<ShardResult, LabError> {
    let variant = load_game(spec)?;
    play_shard_on(&variant, spec)
}

/// Plays a shard of a game already loaded (the game the spec names, with its options).
pub fn play_shard_on(variant: &Arc<Variant>, spec: &ShardSpec) -> Result<ShardResult, LabError> {
    let m = prepare(variant, spec)?;
    let settings = [&spec.a, &spec.b].map(|s| Settings::parse(s));
    let mut players: Vec<Box<dyn Player>> = Vec::new();
    let nets = [(&spec.net_a, "net_a"), (&spec.net_b, "net_b")];
    for ((s, field), (net, net_field)) in settings.into_iter().zip(["a", "b"]).zip(nets) {
        let s = s.map_err(|e| bad(spec, field, e.to_string()))?;
        let mut engine = Engine::new(s, spec.hash_mb as usize);
        if let Some(path) = net {
            engine.set_network(Some(Arc::new(
                read_network(variant, path).map_err(|e| bad(spec, net_field, e))?,
            )));
        }
        players.push(Box::new(engine));
    }
    let games = (spec.first..spec.first + spec.count)
        .map(|i| match spec.kind {
            ShardKind::Match => play_game(&m, &mut players, i),
            ShardKind::Selfplay => play_selfplay_game(&m, &mut players, i),
        })
        .collect();
    Ok(ShardResult {
        id: spec.id,
        label: spec.label.clone(),
        games,
    })
}

/// Reads the network file at `path` for the game `v`.
pub fn read_network(v: &Arc<Variant>, path: &str) -> Result<Network, String> {
    Network::load(std::path::Path::new(path), v).map_err(|e| e.to_string())
}

/// The match a spec describes, checked.
fn prepare(variant: &Arc<Variant>, spec: &ShardSpec) -> Result<Match, LabError> {
    let openings: Openings = spec
        .openings
        .parse()
        .map_err(|e: String| bad(spec, "openings", e))?;
    let start = match &spec.start {
        Some(fen) => {
            Position::from_fen(variant, fen).map_err(|e| bad(spec, "start", e.to_string()))?
        }
        None => Position::start(variant),
    };
    if spec.hash_mb == 0 || spec.hash_mb > MAX_HASH_MB {
        return Err(bad(
            spec,
            "hash_mb",
            format!(
                "{} MB: give a size from 1 to {} megabytes",
                spec.hash_mb, MAX_HASH_MB
            ),
        ));
    }
    if spec.max_plies == 0 {
        return Err(bad(spec, "max_plies", "a game needs at least one ply"));
    }
    if spec.first.checked_add(spec.count).is_none() {
        return Err(bad(spec, "count", "the games' numbers overflow"));
    }
    let names = [(&spec.a, &spec.net_a), (&spec.b, &spec.net_b)].map(|(s, net)| {
        Settings::parse(s)
            .map(|s| engine_name(&s, variant, net.as_deref()))
            .unwrap_or_default()
    });
    let a = Control::from(spec.limit);
    let b = spec.limit_b.map_or(a, Control::from);
    for (c, field) in [(a, "limit"), (b, "limit_b")] {
        match c {
            Control::Nodes(0) | Control::Depth(0) => {
                return Err(bad(spec, field, "a budget of zero: give at least 1"));
            }
            Control::Depth(d) if d > crate::limits::MAX_SEARCH_DEPTH => {
                return Err(bad(
                    spec,
                    field,
                    format!("at most depth {}", crate::limits::MAX_SEARCH_DEPTH),
                ));
            }
            _ => {}
        }
    }
    Ok(Match {
        variant: variant.clone(),
        game: spec.game.clone(),
        start,
        start_fen: spec.start.clone(),
        names,
        controls: [a, b],
        openings,
        seed: spec.seed,
        max_plies: spec.max_plies as usize,
        margin: Duration::ZERO,
        event: spec.event.clone(),
    })
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::contract::GameScore;
    use crate::lab::{merge, run_local};

    fn spec(id: u64, first: u64, count: u64) -> ShardSpec {
        serde_json::from_value(serde_json::json!({
            "id": id, "game": "chess", "openings": "random-plies:4", "seed": 7,
            "first": first, "count": count, "a": "modern", "b": "classic",
            "limit": {"nodes": 60}, "max_plies": 24, "hash_mb": 1,
        }))
        .unwrap()
    }

    #[test]
    fn a_shard_is_the_same_games_however_the_match_is_cut() {
        let whole = play_shard(&spec(0, 0, 8)).unwrap();
        assert_eq!(whole.games.len(), 8);
        assert_eq!(whole, play_shard(&spec(0, 0, 8)).unwrap());
        let parts: Vec<ShardResult> = (0..4)
            .map(|i| play_shard(&spec(i, 2 * i, 2)).unwrap())
            .collect();
        let cut: Vec<_> = parts.iter().flat_map(|p| p.games.clone()).collect();
        assert_eq!(cut, whole.games);
        for (i, g) in whole.games.iter().enumerate() {
            assert_eq!(
                (g.index, g.opening, g.a_white),
                (i as u64, i as u64 / 2, i.is_multiple_of(2))
            );
            assert!(
                g.pgn.contains(&format!("[Round \"{}\"]", i + 1)),
                "{}",
                g.pgn
            );
            assert!(g.pgn.contains("{end of the random opening}"), "{}", g.pgn);
            assert!(g.plies <= 24);
        }
        // The two games of an opening start with the same four plies.
        let moves = |g: &crate::contract::GameRecord| {
            let body = g.pgn.split("\n\n").nth(1).unwrap().to_string();
            body.split("{end").next().unwrap().to_string()
        };
        assert_eq!(moves(&whole.games[0]), moves(&whole.games[1]));
        assert_ne!(moves(&whole.games[0]), moves(&whole.games[2]));
        // Merged, delivered twice and out of order: the same tally, each game once.
        let mut twice = parts.clone();
        twice.reverse();
        twice.push(parts[1].clone());
        let merged = merge(twice);
        let m = &merged[""];
        assert_eq!(m.games, whole.games);
        assert_eq!(m.tally.games(), 8);
        assert_eq!(m.tally.pair_count(), 4);
        let wins = whole
            .games
            .iter()
            .filter(|g| g.score == GameScore::Win)
            .count() as u32;
        assert_eq!(m.tally.wins, wins);
        // On two threads, in whatever order they finish: the same merge.
        let specs: Vec<ShardSpec> = (0..4).map(|i| spec(i, 2 * i, 2)).collect();
        let mut got = Vec::new();
        run_local(&specs, 2, |r| {
            got.push(r);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(merge(got), merged);
    }

    #[test]
    fn a_bad_spec_says_which_field() {
        let mut s = spec(3, 0, 1);
        s.game = "no-such-game".into();
        let e = play_shard(&s).unwrap_err().to_string();
        assert!(
            e.starts_with("shard 3: the game `no-such-game` does not load: "),
            "{e}"
        );
        let mut s = spec(3, 0, 1);
        s.openings = "random:3".into();
        assert_eq!(
            play_shard(&s).unwrap_err().to_string(),
            "shard 3: `openings`: `random:3`: openings are `none` or `random-plies:K` (K random legal plies first)"
        );
        let mut s = spec(3, 0, 1);
        s.b = "lmr=sometimes".into();
        let e = play_shard(&s).unwrap_err().to_string();
        assert!(e.starts_with("shard 3: `b`: "), "{e}");
        let mut s = spec(3, 0, 1);
        s.start = Some("8/8/8 w".into());
        let e = play_shard(&s).unwrap_err().to_string();
        assert!(e.starts_with("shard 3: `start`: "), "{e}");
        let mut s = spec(3, 0, 1);
        s.limit = crate::contract::MoveLimit::Nodes(0);
        assert_eq!(
            play_shard(&s).unwrap_err().to_string(),
            "shard 3: `limit`: a budget of zero: give at least 1"
        );
    }

    #[test]
    fn a_side_evaluates_with_its_network() {
        let v = Variant::builtin("chess").unwrap();
        let net = crate::nnue::random(&v, 8, 5);
        let dir = tempfile::Builder::new()
            .prefix("fairyforge-shard-net-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("chess.nnue");
        std::fs::write(&path, net.to_bytes()).unwrap();
        let path = path.to_string_lossy().into_owned();
        let plain = play_shard(&spec(0, 0, 2)).unwrap();
        let mut s = spec(0, 0, 2);
        s.net_a = Some(path.clone());
        let with = play_shard(&s).unwrap();
        assert_eq!(with, play_shard(&s).unwrap());
        assert_ne!(with.games, plain.games, "the network changes A's moves");
        s.net_a = Some(format!("{path}.missing"));
        let e = play_shard(&s).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "shard 0: `net_a`: cannot read the network {path}.missing: "
            )),
            "{e}"
        );
        let mut s = spec(0, 0, 2);
        s.game = "capablanca".into();
        s.net_b = Some(path.clone());
        assert_eq!(
            play_shard(&s).unwrap_err().to_string(),
            format!(
                "shard 0: `net_b`: the network {path}: this network is for `Chess`, not for \
                 `Capablanca Chess`: a network is read only by the game it was trained for"
            )
        );
    }

    #[test]
    fn a_shard_from_a_position_and_a_file() {
        // A game given as text, from a position string: the record carries it.
        let text = "extends = \"chess\"\nname = \"Kings and rooks\"\n";
        let mut s = spec(1, 0, 2);
        s.game = "mine".into();
        s.source = Some(text.into());
        s.openings = "none".into();
        s.start = Some("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".into());
        let r = play_shard(&s).unwrap();
        assert_eq!(r.games.len(), 2);
        let pgn = &r.games[0].pgn;
        assert!(pgn.contains("[Variant \"mine\"]\n"), "{pgn}");
        assert!(
            pgn.contains("[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n"),
            "{pgn}"
        );
    }
}
