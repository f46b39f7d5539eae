//! The network file: its reader beside its writer. Little-endian, in this order:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `FFNNUE` and two zero bytes |
//! | 4 | the format's version, 2 |
//! | 4 + n | the game's name: its length in bytes, then UTF-8 |
//! | 8 | the fingerprint of the game's features (`Layout::fingerprint`) |
//! | 4 | features |
//! | 4 | hidden units `N` |
//! | 4 | the output's scale in centipawns |
//! | 4 | the output's bias |
//! | 2 x N | the hidden units' biases (`i16`) |
//! | 2 x features x N | the input weights (`i16`), feature by feature |
//! | 2 x 2 x N | the output weights (`i16`), the side to move's view then the other's |
//!
//! A file for another game, or for another version of the same game (other squares,
//! pieces or reserves), is refused with an error that says which game it is for. Version
//! 1 (networks with one view of the board and an output for each side to move) is
//! refused: such a network is trained again.

use std::path::Path;
use std::sync::Arc;

use crate::variant::Variant;

use super::layout::Layout;
use super::network::{Network, Parts};

const MAGIC: &[u8; 8] = b"FFNNUE\0\0";
/// The version of the format this library writes and reads.
pub const VERSION: u32 = 2;
/// The longest game name a file may hold.
const MAX_NAME: usize = 1024;

/// Why a network cannot be read or built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// The file does not begin as a network file does.
    #[error("not a fairyforge network file: it does not begin with `FFNNUE`")]
    NotANetwork,
    /// A version of the format this library does not read.
    #[error("{}", version_text(*.0))]
    Version(u32),
    /// The network was made for another game.
    #[error(
        "this network is for `{network}`, not for `{game}`: a network is read only by the game it was trained for"
    )]
    OtherGame {
        /// The game the network was made for.
        network: String,
        /// The game it was read for.
        game: String,
    },
    /// The network was made for a game of this name whose squares, pieces or reserves
    /// were different.
    #[error(
        "this network is for another version of `{0}`: the game's squares, pieces or reserves have changed since it was trained; train it again"
    )]
    Changed(String),
    /// The file ends before the network does.
    #[error("the network file ends at byte {len}, in its {what}: it is cut short")]
    Truncated {
        /// The file's length.
        len: usize,
        /// The part of the network it ends in.
        what: &'static str,
    },
    /// Bytes follow the network.
    #[error("the network file has {0} bytes after its last weight: it is not one network")]
    Trailing(usize),
    /// Sizes that do not fit the game or the format.
    #[error("the network's shape does not fit: {0}")]
    Shape(String),
    /// Weights whose sums could overflow the accumulator, or a scale out of range.
    #[error("the network's numbers are out of range: {0}")]
    Range(String),
}

fn version_text(version: u32) -> String {
    let why = if version < VERSION {
        ", whose networks see the board from both sides"
    } else {
        ""
    };
    format!(
        "network file version {version}: this fairyforge reads version {VERSION}{why}; train \
         the network again"
    )
}

/// A network file that cannot be used: which file, and why. Every front end (the
/// command line, the protocols, the studio, the lab, the bindings) says this same text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetworkFileError {
    /// The file cannot be read.
    #[error("cannot read the network {path}: {why}")]
    Unreadable {
        /// The file, as it was named.
        path: String,
        /// The system's reason.
        why: String,
    },
    /// The file was read but is not a network for the game.
    #[error("the network {path}: {error}")]
    Refused {
        /// The file, as it was named.
        path: String,
        /// What is wrong with it.
        error: NetworkError,
    },
}

impl Network {
    /// Reads the network file at `path` for the game `v` ([`Network::read`] on the
    /// file's bytes): the one loader of a network file.
    pub fn load(path: &Path, v: &Arc<Variant>) -> Result<Network, NetworkFileError> {
        let name = || path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| NetworkFileError::Unreadable {
            path: name(),
            why: e.to_string(),
        })?;
        Network::read(&bytes, v).map_err(|error| NetworkFileError::Refused {
            path: name(),
            error,
        })
    }

    /// The network in its file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(64 + 2 * self.weights.len());
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&(self.game.len() as u32).to_le_bytes());
        b.extend_from_slice(self.game.as_bytes());
        b.extend_from_slice(&self.layout.fingerprint().to_le_bytes());
        b.extend_from_slice(&(self.layout.features() as u32).to_le_bytes());
        b.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        b.extend_from_slice(&self.scale.to_le_bytes());
        b.extend_from_slice(&self.out_bias.to_le_bytes());
        for x in self.bias.iter().chain(&self.weights).chain(&self.out) {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b
    }

    /// Reads a network file for the game `v`: refused when it is not a network, is of
    /// another version of the format, or was made for another game (or another version of
    /// this one).
    pub fn read(bytes: &[u8], v: &Arc<Variant>) -> Result<Network, NetworkError> {
        let mut r = Reader { b: bytes, at: 0 };
        let name = header(&mut r)?;
        if name != v.name() {
            return Err(NetworkError::OtherGame {
                network: name,
                game: v.name().to_string(),
            });
        }
        let layout = Layout::new(v);
        let fingerprint = r.u64("game's fingerprint")?;
        let features = r.u32("feature count")? as usize;
        if fingerprint != layout.fingerprint() || features != layout.features() {
            return Err(NetworkError::Changed(name));
        }
        let hidden = r.u32("hidden units")? as usize;
        if hidden == 0 || hidden > super::network::MAX_HIDDEN {
            return Err(NetworkError::Shape(format!(
                "{hidden} hidden units; a network has 1 to {}",
                super::network::MAX_HIDDEN
            )));
        }
        let scale = r.i32("output scale")?;
        let out_bias = r.i32("output bias")?;
        let bias = r.i16s(hidden, "hidden biases")?;
        let weights = r.i16s(features * hidden, "input weights")?;
        let out = r.i16s(2 * hidden, "output weights")?;
        if r.at != bytes.len() {
            return Err(NetworkError::Trailing(bytes.len() - r.at));
        }
        Network::checked(
            name,
            layout,
            Parts {
                hidden,
                scale,
                bias,
                weights,
                out,
                out_bias,
            },
        )
    }
}

/// The name of the game a network file was made for, read from its header alone (the
/// rest is read and checked by [`Network::read`], for that game): for a front end given
/// files for several games, to find each file's game.
pub fn game_of(bytes: &[u8]) -> Result<String, NetworkError> {
    header(&mut Reader { b: bytes, at: 0 })
}

/// The file's header up to the game's name: checks the magic and the version.
fn header(r: &mut Reader<'_>) -> Result<String, NetworkError> {
    if r.b.len() < MAGIC.len() || &r.b[..MAGIC.len()] != MAGIC {
        return Err(NetworkError::NotANetwork);
    }
    r.at = MAGIC.len();
    let version = r.u32("version")?;
    if version != VERSION {
        return Err(NetworkError::Version(version));
    }
    let len = r.u32("game's name")? as usize;
    if len > MAX_NAME {
        return Err(NetworkError::Shape(format!(
            "a game name of {len} bytes (at most {MAX_NAME})"
        )));
    }
    let name = r.take(len, "game's name")?;
    Ok(String::from_utf8_lossy(name).into_owned())
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], NetworkError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.b.len());
        let Some(end) = end else {
            return Err(NetworkError::Truncated {
                len: self.b.len(),
                what,
            });
        };
        let s = &self.b[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, NetworkError> {
        let s = self.take(4, what)?;
        Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    }

    fn i32(&mut self, what: &'static str) -> Result<i32, NetworkError> {
        self.u32(what).map(|x| x as i32)
    }

    fn u64(&mut self, what: &'static str) -> Result<u64, NetworkError> {
        let s = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(s);
        Ok(u64::from_le_bytes(a))
    }

    fn i16s(&mut self, n: usize, what: &'static str) -> Result<Vec<i16>, NetworkError> {
        let bytes = n.checked_mul(2).ok_or(NetworkError::Truncated {
            len: self.b.len(),
            what,
        })?;
        let s = self.take(bytes, what)?;
        Ok(s.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::tests::random;
    use crate::position::Position;

    #[test]
    fn a_network_reads_back_as_written() {
        let v = Variant::builtin("birds-and-ninjas").unwrap();
        let net = random(&v, 8, 3);
        let bytes = net.to_bytes();
        let back = Network::read(&bytes, &v).unwrap();
        assert_eq!(back, net);
        let p = Position::start(&v);
        assert_eq!(back.evaluate(&p), net.evaluate(&p));
        // The header, then 2 bytes per number.
        let l = Layout::new(&v);
        let header = 8 + 4 + 4 + "Birds and Ninjas".len() + 8 + 4 + 4 + 4 + 4;
        assert_eq!(v.name(), "Birds and Ninjas");
        assert_eq!(bytes.len(), header + 2 * (8 + l.features() * 8 + 16));
    }

    #[test]
    fn a_network_for_another_game_is_refused() {
        let chess = Variant::builtin("chess").unwrap();
        let capa = Variant::builtin("capablanca").unwrap();
        let bytes = random(&chess, 4, 5).to_bytes();
        let e = Network::read(&bytes, &capa).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "this network is for `{}`, not for `{}`: a network is read only by the game it \
                 was trained for",
                chess.name(),
                capa.name()
            )
        );
        // The same name over other squares or pieces: another version of the game.
        let text = format!(
            "name = \"{}\"\nimport = \"pieces.toml\"\npieces = [\"king\", \"rook\"]\nsetup = \"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\"\n[board]\nfiles = 8\nranks = 8\n",
            chess.name()
        );
        let rooks = crate::Variant::parse("rooks.toml", &text).unwrap();
        assert_eq!(rooks.name(), chess.name());
        assert_eq!(
            Network::read(&bytes, &rooks).unwrap_err().to_string(),
            format!(
                "this network is for another version of `{}`: the game's squares, pieces or \
                 reserves have changed since it was trained; train it again",
                chess.name()
            )
        );
    }

    #[test]
    fn the_game_of_a_file_is_read_from_its_header() {
        let capa = Variant::builtin("capablanca").unwrap();
        let bytes = random(&capa, 4, 2).to_bytes();
        assert_eq!(game_of(&bytes).unwrap(), "Capablanca Chess");
        // The header alone is enough.
        assert_eq!(game_of(&bytes[..32]).unwrap(), "Capablanca Chess");
        assert_eq!(
            game_of(b"PK\x03\x04").unwrap_err(),
            NetworkError::NotANetwork
        );
        assert_eq!(
            game_of(&bytes[..14]).unwrap_err(),
            NetworkError::Truncated {
                len: 14,
                what: "game's name"
            }
        );
    }

    #[test]
    fn damaged_files_are_refused_with_what_is_wrong() {
        let v = Variant::builtin("chess").unwrap();
        let bytes = random(&v, 4, 9).to_bytes();
        assert_eq!(
            Network::read(b"PK\x03\x04 a zip", &v).unwrap_err(),
            NetworkError::NotANetwork
        );
        let mut newer = bytes.clone();
        newer[8] = 7;
        assert_eq!(
            Network::read(&newer, &v).unwrap_err().to_string(),
            "network file version 7: this fairyforge reads version 2; train the network again"
        );
        // A network of the first format (one view, an output for each side to move).
        let mut old = bytes.clone();
        old[8] = 1;
        assert_eq!(
            Network::read(&old, &v).unwrap_err().to_string(),
            "network file version 1: this fairyforge reads version 2, whose networks see \
             the board from both sides; train the network again"
        );
        assert_eq!(game_of(&old).unwrap_err(), NetworkError::Version(1));
        let cut = &bytes[..bytes.len() - 3];
        assert_eq!(
            Network::read(cut, &v).unwrap_err(),
            NetworkError::Truncated {
                len: bytes.len() - 3,
                what: "output weights"
            }
        );
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(
            Network::read(&long, &v).unwrap_err(),
            NetworkError::Trailing(1)
        );
    }
}
