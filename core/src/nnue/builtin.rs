//! The networks that ship with the built-in games (`variants/nets/<game>.nnue`): built
//! into the library beside the games' files (the `builtin-nets` feature) or handed to it
//! by a front end that loads them itself ([`supply`]: a page fetches only the network of
//! the game it plays). Each is read once, on first use, and given to a game only when it
//! is the built-in game it was trained for.

use std::sync::{Arc, OnceLock};

use crate::builtin::{NET_GAMES, NETS};
use crate::variant::Variant;

use super::file::{NetworkError, game_of};
use super::network::Network;

/// One read network per entry of [`NET_GAMES`], filled when a game that fits it first
/// asks, or when it is supplied.
static READ: [OnceLock<Arc<Network>>; NET_GAMES.len()] =
    [const { OnceLock::new() }; NET_GAMES.len()];

/// The names of the games of [`NET_GAMES`] (`Capablanca Chess`), as their files say
/// them and a network's header repeats them.
fn game_names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        NET_GAMES
            .iter()
            .map(|g| Variant::builtin(g).map_or_else(String::new, |v| v.name().to_string()))
            .collect()
    })
}

/// The entry of [`NET_GAMES`] for a game of this name.
fn entry_of(game: &str) -> Option<usize> {
    game_names().iter().position(|n| n == game)
}

/// The built-in network of the game `v`, when `v` is a built-in game with a network that
/// fits it (the same name, squares, pieces and reserves: a game that extends a built-in
/// one and changes its pieces gets none) and the library has its bytes (built in, or
/// supplied). `None`: the hand-set evaluation plays.
pub fn builtin(v: &Arc<Variant>) -> Option<Arc<Network>> {
    let i = entry_of(v.name())?;
    if let Some(net) = READ[i].get() {
        return net.fits(v).then(|| net.clone());
    }
    // A game of the built-in's name whose pieces differ is refused here, and not kept.
    let net = Network::read(NETS.get(i)?, v).ok()?;
    Some(READ[i].get_or_init(|| Arc::new(net)).clone())
}

/// The file of the built-in network `v` plays with (`capablanca.nnue`), if any: for a
/// front end that says which evaluation plays.
pub fn builtin_file(v: &Arc<Variant>) -> Option<String> {
    builtin(v)?;
    entry_of(v.name()).map(file_name)
}

/// The file of the network that ships for `v`'s game, when this library was built
/// without it (no `builtin-nets`) and it has not been supplied yet: what a front end
/// loads and hands to [`supply`] before a search of `v`. `None` when the game ships no
/// network or the library already has it.
pub fn wanted(v: &Arc<Variant>) -> Option<String> {
    let i = entry_of(v.name())?;
    (READ[i].get().is_none() && NETS.get(i).is_none()).then(|| file_name(i))
}

/// Every built-in network's file name, in the order of [`NET_GAMES`].
pub fn builtin_files() -> Vec<String> {
    (0..NET_GAMES.len()).map(file_name).collect()
}

fn file_name(i: usize) -> String {
    format!("{}.nnue", NET_GAMES[i])
}

/// Why [`supply`] refuses a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SupplyError {
    /// The bytes are not a network of the game they name.
    #[error("{0}")]
    Read(#[from] NetworkError),
    /// The network is for a game that ships none.
    #[error(
        "this network is for `{0}`, which has no built-in network: give it to a position's searcher instead"
    )]
    NotBuiltIn(String),
    /// The game has another built-in network already.
    #[error(
        "`{0}` has its built-in network already, and this is another one: give it to a position's searcher instead"
    )]
    Other(String),
}

/// Hands the library a built-in game's network file (`variants/nets/<game>.nnue`, named
/// by [`wanted`]), read and checked for that game: from then on the game evaluates with
/// it as if it were built in. Returns the game's name. The same network given again
/// changes nothing.
pub fn supply(bytes: &[u8]) -> Result<String, SupplyError> {
    let game = game_of(bytes)?;
    let i = entry_of(&game).ok_or_else(|| SupplyError::NotBuiltIn(game.clone()))?;
    let v = Variant::builtin(NET_GAMES[i]).ok_or_else(|| SupplyError::NotBuiltIn(game.clone()))?;
    let net = Network::read(bytes, &v)?;
    let have = match builtin(&v) {
        Some(have) => have,
        None => READ[i].get_or_init(|| Arc::new(net.clone())).clone(),
    };
    if *have != net {
        return Err(SupplyError::Other(game));
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// The file of a one-unit network of zeros for `v`'s game.
    fn zero_network(v: &Arc<Variant>) -> Vec<u8> {
        let parts = super::super::Parts {
            hidden: 1,
            scale: 100,
            bias: vec![0],
            weights: vec![0; super::super::Layout::new(v).features()],
            out: vec![0, 0],
            out_bias: 0,
        };
        Network::from_parts(v, parts).unwrap().to_bytes()
    }

    #[cfg(feature = "builtin-nets")]
    #[test]
    fn every_shipped_network_reads_for_its_game() {
        assert_eq!(NETS.len(), NET_GAMES.len());
        for (name, bytes) in NET_GAMES.iter().zip(NETS) {
            let v = Variant::builtin(name).unwrap_or_else(|| panic!("`{name}` is not a game"));
            assert_eq!(game_of(bytes).as_deref(), Ok(v.name()), "{name}");
            let read = Network::read(bytes, &v);
            assert!(read.is_ok(), "{name}.nnue: {:?}", read.err());
            let net = builtin(&v).unwrap_or_else(|| panic!("{name}: no built-in network"));
            assert!(net.fits(&v), "{name}");
            assert!(
                Arc::ptr_eq(&net, &builtin(&v).unwrap()),
                "{name}: read twice"
            );
            assert_eq!(builtin_file(&v), Some(format!("{name}.nnue")));
            // Built in, it is never wanted, and supplying it again changes nothing.
            assert_eq!(wanted(&v), None, "{name}");
            assert_eq!(supply(bytes).as_deref(), Ok(v.name()));
            assert!(Arc::ptr_eq(&net, &builtin(&v).unwrap()), "{name}");
        }
    }

    /// A game's built-in network is not replaced by another one.
    #[cfg(feature = "builtin-nets")]
    #[test]
    fn another_network_does_not_replace_the_built_in_one() {
        let v = Variant::builtin(NET_GAMES[0]).unwrap();
        let shipped = builtin(&v).unwrap();
        let other = zero_network(&v);
        assert_eq!(
            supply(&other).unwrap_err().to_string(),
            format!(
                "`{}` has its built-in network already, and this is another one: give it to a position's searcher instead",
                v.name()
            )
        );
        assert!(Arc::ptr_eq(&shipped, &builtin(&v).unwrap()));
    }

    /// Every file of `variants/nets/` is in the table, under its game's file name.
    #[cfg(feature = "builtin-nets")]
    #[test]
    fn every_network_file_is_built_in() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants/nets");
        let mut files = Vec::new();
        for e in std::fs::read_dir(&dir).expect("variants/nets") {
            let path = e.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            assert_eq!(
                path.extension().and_then(|x| x.to_str()),
                Some("nnue"),
                "{stem}"
            );
            let i = NET_GAMES.iter().position(|n| *n == stem);
            let i = i.unwrap_or_else(|| panic!("{stem}.nnue is not in NET_GAMES"));
            assert_eq!(NETS[i], std::fs::read(&path).unwrap().as_slice(), "{stem}");
            files.push(format!("{stem}.nnue"));
        }
        files.sort();
        let mut listed = builtin_files();
        listed.sort();
        assert_eq!(files, listed);
    }

    /// Built without the networks (as the WebAssembly module is), a game that ships one
    /// wants it, evaluates by hand until it is supplied, and then plays with it.
    #[cfg(not(feature = "builtin-nets"))]
    #[test]
    fn a_supplied_network_plays_as_a_built_in_one() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants/nets");
        for name in NET_GAMES {
            let v = Variant::builtin(name).unwrap();
            assert!(builtin(&v).is_none(), "{name}");
            assert_eq!(wanted(&v), Some(format!("{name}.nnue")));
            let bytes = std::fs::read(dir.join(format!("{name}.nnue"))).unwrap();
            assert_eq!(supply(&bytes).as_deref(), Ok(v.name()));
            assert_eq!(wanted(&v), None, "{name}");
            let net = builtin(&v).unwrap_or_else(|| panic!("{name}: not supplied"));
            assert_eq!(net.to_bytes(), bytes, "{name}");
            assert_eq!(builtin_file(&v), Some(format!("{name}.nnue")));
            assert_eq!(supply(&bytes).as_deref(), Ok(v.name()), "{name}: again");
        }
    }

    #[test]
    fn a_game_without_a_shipped_network_has_none() {
        for name in ["chess", "gothic", "janus"] {
            let v = Variant::builtin(name).unwrap();
            assert!(builtin(&v).is_none(), "{name}");
            assert_eq!(wanted(&v), None, "{name}");
        }
    }

    #[test]
    fn a_network_of_a_game_that_ships_none_is_not_supplied() {
        let chess = Variant::builtin("chess").unwrap();
        let bytes = zero_network(&chess);
        assert_eq!(
            supply(&bytes).unwrap_err().to_string(),
            "this network is for `Chess`, which has no built-in network: give it to a position's searcher instead"
        );
        assert_eq!(
            supply(b"hello").unwrap_err().to_string(),
            "not a fairyforge network file: it does not begin with `FFNNUE`"
        );
        assert!(builtin(&chess).is_none());
    }
}
