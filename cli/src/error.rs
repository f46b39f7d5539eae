//! The one error type of the command line: every command returns it, and `main` prints it
//! after `error: ` on standard error and exits with status 1.

use std::io;

use fairyforge::{LoadError, OptionError, SetupError};

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A game or piece library that does not load, with its problems at their lines.
    #[error("{0}")]
    Load(#[from] LoadError),
    /// An `--option` that is not `NAME`, `NAME=on` or `NAME=off`.
    #[error("{0}")]
    Option(#[from] OptionError),
    /// A `--fen` that is not a position of the game.
    #[error("bad position string: {}", .error.render(.text))]
    Position {
        /// The position string as given.
        text: String,
        /// What is wrong with it.
        error: SetupError,
    },
    /// Standard output could not be written (a full disk, `> /dev/full`).
    #[error("cannot write the output: {0}")]
    Output(io::Error),
    /// Standard input could not be read.
    #[error("cannot read the input: {0}")]
    Input(io::Error),
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file as the user named it.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// Anything else (arguments out of range, a move or piece that is not there, how many
    /// files failed): the text says what and where.
    #[error("{0}")]
    Message(String),
}

impl From<String> for Error {
    fn from(text: String) -> Error {
        Error::Message(text)
    }
}

impl From<&str> for Error {
    fn from(text: &str) -> Error {
        Error::Message(text.to_string())
    }
}

/// What every command returns.
pub type Result<T = (), E = Error> = std::result::Result<T, E>;
