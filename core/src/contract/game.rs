//! A game as data: its moves (with every square each empties), its state, its end.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::Side;

/// What kind of move: `normal`, `double-step`, `en-passant`, `drop` or `castle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum MoveType {
    /// A plain move or capture.
    Normal,
    /// A pawn's double step, which may allow an en-passant capture.
    DoubleStep,
    /// An en-passant capture.
    EnPassant,
    /// A piece dropped from the reserve (and maybe pushed).
    Drop,
    /// A castling: the king's move then the rook's.
    Castle,
}

impl From<crate::MoveKind> for MoveType {
    fn from(k: crate::MoveKind) -> MoveType {
        match k {
            crate::MoveKind::Normal => MoveType::Normal,
            crate::MoveKind::DoubleStep => MoveType::DoubleStep,
            crate::MoveKind::EnPassant => MoveType::EnPassant,
            crate::MoveKind::Drop => MoveType::Drop,
            crate::MoveKind::Castle => MoveType::Castle,
        }
    }
}

/// A legal move as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MoveInfo {
    /// The move text (docs/rules.md): what to send back in `moves`.
    #[serde(rename = "move")]
    pub text: String,
    /// The readable short form (`e5`, `Fxf8`, `J@e4`, `e10=Q`); for played moves check
    /// marked `+` and mate `#`.
    pub san: String,
    /// The square the piece leaves, or for a drop the square it is dropped on.
    pub from: String,
    /// Where the piece ends.
    pub to: String,
    /// What kind of move.
    pub kind: MoveType,
    /// Squares whose pieces the move captures (`to` first when it captures there).
    pub captures: Vec<String>,
    /// Every square the move leaves empty that held a piece: the square the piece leaves
    /// (not for a drop), the captured pieces' squares other than `to`, a castling rook's
    /// square; those where a piece of the move lands are left out.
    pub empties: Vec<String>,
    /// The letter of the piece a promotion makes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub promotion: Option<char>,
    /// The dropped piece's letter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub drop: Option<char>,
    /// The rook of a castling: from, to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rook: Option<[String; 2]>,
    /// A gating move (docs/format.md § Gating): the letter of the reserve piece it puts
    /// on a square it leaves, and that square (which `empties` leaves out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub gate: Option<(char, String)>,
}

/// Why a game ended: `checkmate`, `stalemate`, `repetition`, `hundred-plies`,
/// `scepter`, `bare-king`, `ply-limit` or `checks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The same position a third time.
    Repetition,
    /// 100 plies without a capture, a pawn move or a drop.
    HundredPlies,
    /// A king reached an opponent's rear square with Capture the Scepter on.
    Scepter,
    /// A side's royal piece was left alone (the game's `bare-king` rule).
    BareKing,
    /// The game's own count of plies without a capture, a pawn move or a drop.
    PlyLimit,
    /// A side gave the game's number of checks (n-check).
    Checks,
}

impl From<crate::EndReason> for Reason {
    fn from(r: crate::EndReason) -> Reason {
        match r {
            crate::EndReason::Checkmate => Reason::Checkmate,
            crate::EndReason::Stalemate => Reason::Stalemate,
            crate::EndReason::Repetition => Reason::Repetition,
            crate::EndReason::HundredPlies => Reason::HundredPlies,
            crate::EndReason::Scepter => Reason::Scepter,
            crate::EndReason::BareKing => Reason::BareKing,
            crate::EndReason::PlyLimit => Reason::PlyLimit,
            crate::EndReason::Checks => Reason::Checks,
        }
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outcome {
    /// The winner, or null for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: Reason,
    /// In words: `Black wins by checkmate`, `draw by threefold repetition`.
    pub text: String,
}

impl From<crate::Outcome> for Outcome {
    fn from(o: crate::Outcome) -> Outcome {
        Outcome {
            winner: o.winner.map(Side::from),
            reason: o.reason.into(),
            text: o.to_string(),
        }
    }
}

/// Pieces of one kind in a reserve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReserveEntry {
    /// The piece's letter (upper case White's, lower case Black's).
    pub letter: char,
    /// How many.
    pub count: u8,
}

/// Both sides' reserves (empty lists in a game without drops).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Reserves {
    /// White's.
    pub white: Vec<ReserveEntry>,
    /// Black's.
    pub black: Vec<ReserveEntry>,
}

/// A position of a game: everything a board shows, and the moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct State {
    /// Its position string.
    pub fen: String,
    /// The side to move.
    pub turn: Side,
    /// Moves played from the start.
    pub ply: usize,
    /// The side to move at the start, before `history` (the move list numbers its moves
    /// from here).
    pub start_turn: Side,
    /// The move number at the start, as its position string gives it.
    pub start_move_number: u32,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The square of the side to move's royal piece when it is in check, else null.
    pub check_square: Option<String>,
    /// The end of the game, or null while it goes on.
    pub outcome: Option<Outcome>,
    /// Square name -> piece letter (upper case White, lower case Black).
    pub board: BTreeMap<String, char>,
    /// The pieces in hand.
    pub reserves: Reserves,
    /// The moves played from the start, in order.
    pub history: Vec<Arc<MoveInfo>>,
    /// The legal moves (empty when the game is over).
    pub legal: Vec<MoveInfo>,
}

/// `/api/play`: the move played and the state after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Played {
    /// The move, check and mate marked.
    pub played: MoveInfo,
    /// The position after it.
    pub state: State,
}

/// `/api/moves`: legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MoveList {
    /// The moves.
    pub moves: Vec<MoveInfo>,
}
