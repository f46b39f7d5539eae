//! The networks that ship with the built-in games (`variants/nets/<game>.nnue`, built into
//! the library beside the games' files): read once, on first use, and given to a game only
//! when it is the built-in game they were trained for.

use std::sync::{Arc, OnceLock};

use crate::builtin::NETS;
use crate::variant::Variant;

use super::file::game_of;
use super::network::Network;

/// One read network per entry of [`NETS`], filled when a game that fits it first asks.
static READ: [OnceLock<Arc<Network>>; NETS.len()] = [const { OnceLock::new() }; NETS.len()];

/// The built-in network of the game `v`, when `v` is a built-in game with a network that
/// fits it (the same name, squares, pieces and reserves: a game that extends a built-in
/// one and changes its pieces gets none). `None`: the hand-set evaluation plays.
pub fn builtin(v: &Arc<Variant>) -> Option<Arc<Network>> {
    let i = entry(v)?;
    if let Some(net) = READ[i].get() {
        return net.fits(v).then(|| net.clone());
    }
    // A game of the built-in's name whose pieces differ is refused here, and not kept.
    let net = Network::read(NETS[i].1, v).ok()?;
    Some(READ[i].get_or_init(|| Arc::new(net)).clone())
}

/// The file of the built-in network `v` plays with (`capablanca.nnue`), if any: for a
/// front end that says which evaluation plays.
pub fn builtin_file(v: &Arc<Variant>) -> Option<String> {
    builtin(v)?;
    entry(v).map(|i| format!("{}.nnue", NETS[i].0))
}

/// The entry of [`NETS`] whose network was made for a game of `v`'s name.
fn entry(v: &Arc<Variant>) -> Option<usize> {
    NETS.iter()
        .enumerate()
        .position(|(i, (_, bytes))| match READ[i].get() {
            Some(net) => net.game() == v.name(),
            None => game_of(bytes).is_ok_and(|g| g == v.name()),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn every_shipped_network_reads_for_its_game() {
        for (name, bytes) in NETS {
            let v = Variant::builtin(name).unwrap_or_else(|| panic!("`{name}` is not a game"));
            let read = Network::read(bytes, &v);
            assert!(read.is_ok(), "{name}.nnue: {:?}", read.err());
            let net = builtin(&v).unwrap_or_else(|| panic!("{name}: no built-in network"));
            assert!(net.fits(&v), "{name}");
            assert!(
                Arc::ptr_eq(&net, &builtin(&v).unwrap()),
                "{name}: read twice"
            );
        }
    }

    /// Every file of `variants/nets/` is in the table, under its game's file name.
    #[test]
    fn every_network_file_is_built_in() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants/nets");
        for e in std::fs::read_dir(&dir).expect("variants/nets") {
            let path = e.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            assert_eq!(
                path.extension().and_then(|x| x.to_str()),
                Some("nnue"),
                "{stem}"
            );
            let built_in = NETS.iter().find(|(n, _)| *n == stem);
            let (_, bytes) = built_in.unwrap_or_else(|| panic!("{stem}.nnue is not in NETS"));
            assert_eq!(*bytes, std::fs::read(&path).unwrap().as_slice(), "{stem}");
        }
    }

    #[test]
    fn a_game_without_a_shipped_network_has_none() {
        for name in ["chess", "gothic", "janus"] {
            let v = Variant::builtin(name).unwrap();
            assert!(builtin(&v).is_none(), "{name}");
        }
    }
}
