//! How every command takes a game and a position: a built-in name or a file, optional
//! rules, a position string and moves to play first (in the forms `play` accepts).

use std::sync::Arc;

use fairyforge::{OptionSetting, Position, Variant};

use crate::error::{Error, Result};

/// A game: a built-in name or the path of a variant file, with optional rules.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// A built-in game (`chess`, `birds-and-ninjas`, ...: `fairyforge list`) or the path of
    /// a variant file.
    pub variant: String,
    /// Turn an optional rule of the game on (`NAME`, `NAME=on`) or off (`NAME=off`);
    /// `fairyforge list` shows them.
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
}

/// Where a command starts: a game and a position in it.
#[derive(clap::Args, Clone, Debug)]
pub struct Start {
    #[command(flatten)]
    pub game: GameArgs,
    /// The position string to start from (docs/rules.md, "Position strings"); default:
    /// the game's setup.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, as `play` accepts them: `e2e5`, `e5`, `Nc3`, `J@e4`,
    /// `f1h1i1g1`, `O-O`. Several may follow one `--moves`.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
}

impl GameArgs {
    /// Loads the game with its options; errors as `validate` prints them.
    pub fn load(&self) -> Result<Arc<Variant>> {
        load(&self.variant, &self.options)
    }
}

/// A built-in game or a variant file, with the options of `--option` (`NAME`, `NAME=on`,
/// `NAME=off`).
pub fn load(spec: &str, options: &[String]) -> Result<Arc<Variant>> {
    Variant::loader()
        .options(settings(options)?)
        .resolve(spec)
        .map_err(Error::from)
}

/// The settings of `--option` arguments.
pub fn settings(options: &[String]) -> Result<Vec<OptionSetting>> {
    options
        .iter()
        .map(|o| o.parse::<OptionSetting>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(Error::from)
}

impl Start {
    /// The position: the setup or `--fen`, then `--moves`.
    pub fn position(&self) -> Result<Position> {
        let v = self.game.load()?;
        self.position_in(&v)
    }

    /// [`Start::position`] in a game already loaded.
    pub fn position_in(&self, v: &Arc<Variant>) -> Result<Position> {
        let mut pos = match &self.fen {
            Some(f) => Position::from_fen(v, f).map_err(|error| Error::Position {
                text: f.clone(),
                error,
            })?,
            None => Position::start(v),
        };
        play_moves(&mut pos, &self.moves)?;
        Ok(pos)
    }

    /// Whether a position other than the setup was asked for.
    pub fn moved(&self) -> bool {
        self.fen.is_some() || !self.moves.is_empty()
    }

    /// A positional argument that `--moves` took as a move because it came after it
    /// (`perft GAME --moves e2e5 e9e6 3`): the last of the moves, when `fits` says it is
    /// not a move but the missing argument.
    pub fn take_trailing(&mut self, fits: impl Fn(&str) -> bool) -> Option<String> {
        match self.moves.last() {
            Some(last) if fits(last) => self.moves.pop(),
            _ => None,
        }
    }
}

/// Plays moves written as a player would type them; an illegal one is an error that says
/// which and why.
pub fn play_moves(pos: &mut Position, moves: &[String]) -> Result {
    for (i, t) in moves.iter().enumerate() {
        match pos.parse_input(t) {
            Ok(m) => pos.play_unchecked(&m),
            Err(e) => {
                return Err(format!(
                    "move {} of --moves, `{t}` ({} to move): {e}",
                    i + 1,
                    pos.side_to_move().name()
                )
                .into());
            }
        }
    }
    Ok(())
}
