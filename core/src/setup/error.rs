//! Why a position string cannot be read: what is wrong ([`SetupErrorKind`]) and where.

use crate::types::Color;

/// A position string that cannot be read: what is wrong and where (a byte range of the
/// string). `Display` gives the message; [`SetupError::hint`] what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct SetupError {
    offset: usize,
    len: usize,
    kind: SetupErrorKind,
}

/// What is wrong with a position string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupErrorKind {
    /// Nothing but spaces.
    #[error("the position string is empty")]
    Empty,
    /// More than six fields (seven with the checks of an n-check game).
    #[error("too many fields in the position string")]
    TooManyFields,
    /// The checks left of an n-check game are not `W+B` within the game's count.
    #[error("`{text}` is not the checks each side has left")]
    BadChecks {
        /// The field.
        text: String,
        /// The game's count of checks.
        max: u8,
    },
    /// A `[` without its `]`.
    #[error("the reserve is not closed by `]`")]
    ReserveNotClosed,
    /// The board field has the wrong number of ranks.
    #[error("the board has {ranks} ranks but the position string gives {given}")]
    RankCount {
        /// The ranks of the board that have squares.
        ranks: usize,
        /// The ranks given.
        given: usize,
    },
    /// A rank is given more squares than it has.
    #[error("rank {rank} has {squares} squares, more are given")]
    RankTooLong {
        /// The rank.
        rank: i8,
        /// Its squares.
        squares: usize,
    },
    /// A rank is given fewer squares than it has.
    #[error("rank {rank} has {squares} squares, the position string gives {given}")]
    RankTooShort {
        /// The rank.
        rank: i8,
        /// Its squares.
        squares: usize,
        /// The squares given.
        given: usize,
    },
    /// A piece or an empty square written where the board has a hole, in a game whose
    /// position strings mark holes.
    #[error("{square} is a hole of the board, not a square")]
    Hole {
        /// The hole.
        square: String,
    },
    /// A `*` (a hole) where the board has a square.
    #[error("`*` marks a hole, but {square} is a square of the board")]
    NotAHole {
        /// The square.
        square: String,
    },
    /// A character that is neither a letter nor a digit in the board.
    #[error("unexpected `{0}` in the board")]
    UnexpectedChar(char),
    /// A `~` (promoted) after a piece that cannot be marked so.
    #[error(
        "`{letter}~`: only a piece that a promotion makes can be marked promoted with `~`, in a game whose captures go to the reserve"
    )]
    BadPromotedMark {
        /// The piece's letter.
        letter: char,
    },
    /// A letter of no piece of the game on the board.
    #[error("no piece of this game has the letter `{letter}`")]
    UnknownLetter {
        /// The letter.
        letter: char,
        /// The game's letters, separated by spaces.
        letters: String,
    },
    /// A letter of no piece of the game in the reserve.
    #[error("no piece of this game has the letter `{letter}` (in the reserve)")]
    UnknownReserveLetter {
        /// The letter.
        letter: char,
        /// The game's letters, separated by spaces.
        letters: String,
    },
    /// Pieces in the reserve of a game without drops.
    #[error("a reserve, but this game has no drops")]
    ReserveWithoutDrops,
    /// A royal piece in a reserve.
    #[error("`{letter}` is royal ({piece}) and cannot be in a reserve")]
    RoyalInReserve {
        /// Its letter as written.
        letter: char,
        /// Its name, in lower case.
        piece: String,
    },
    /// A piece that the game never drops in a reserve.
    #[error("`{letter}` ({piece}) has no drop rule, so it cannot be in a reserve")]
    NoDropRule {
        /// Its letter as written.
        letter: char,
        /// Its name, in lower case.
        piece: String,
    },
    /// More pieces of one kind in one reserve than [`crate::MAX_RESERVE`].
    #[error("{color} has more than {max} of `{letter}` ({piece}) in the reserve", max = super::MAX_RESERVE)]
    ReserveTooLarge {
        /// Whose reserve.
        color: Color,
        /// Its letter as written.
        letter: char,
        /// Its name, in lower case.
        piece: String,
    },
    /// The side to move is neither `w` nor `b`.
    #[error("`{0}` is not a side to move")]
    BadSide(String),
    /// A side has no royal piece, or several.
    #[error("{color} has {count} {piece}s on the board")]
    RoyalCount {
        /// The side.
        color: Color,
        /// How many it has.
        count: usize,
        /// The royal piece's name, in lower case.
        piece: String,
    },
    /// Castling rights in a game without castling.
    #[error("castling rights `{0}`, but this game has no castling")]
    NoCastling(String),
    /// A character that names no castling rook.
    #[error("`{0}` is not a castling right of this game")]
    NotCastlingRight(char),
    /// A gate (docs/format.md § Gating) on a file where the game has no gate square.
    #[error("`{0}` is not a castling right or a gate of this game")]
    NotGate(char),
    /// A gate whose square holds no piece of its side.
    #[error("gate `{gate}` but no {color} piece stands on {square}")]
    GateEmpty {
        /// The gate as written.
        gate: char,
        /// Whose.
        color: Color,
        /// The gate's square.
        square: String,
    },
    /// A castling right given twice (`KQkqKQkq`, or `KH` in chess, where both name the
    /// h-file rook).
    #[error("castling right `{0}` is given twice")]
    CastlingRightTwice(char),
    /// A castling right whose king is not home.
    #[error("castling right `{right}` but {color}'s king is not on {square}")]
    CastlingKingAway {
        /// The right as written.
        right: char,
        /// Whose.
        color: Color,
        /// The king's home square.
        square: String,
    },
    /// A castling right whose rook is not home.
    #[error("castling right `{right}` but there is no {color} {rook} on {square}")]
    CastlingRookAway {
        /// The right as written.
        right: char,
        /// Whose.
        color: Color,
        /// The rook piece's name, in lower case.
        rook: String,
        /// The rook's home square.
        square: String,
    },
    /// An en-passant target that is no square of the board.
    #[error("`{0}` is not a square of the board")]
    BadEpSquare(String),
    /// En-passant targets that one move cannot have passed.
    #[error("the en-passant targets are not squares passed by one move")]
    EpNotALine,
    /// En-passant targets without the piece that passed them.
    #[error("en-passant targets but no {color} piece on {square} that just passed them")]
    EpNoMover {
        /// The side that moved.
        color: Color,
        /// Where its piece should stand.
        square: String,
    },
    /// A counter that is no whole number (or 0 for the move number).
    #[error("`{text}` is not a move counter")]
    BadCounter {
        /// The field as written.
        text: String,
        /// Whether the counter starts at 1 (the move number).
        from_one: bool,
    },
    /// A counter above [`crate::MAX_COUNTER`].
    #[error("`{0}` is too large for a move counter")]
    CounterTooLarge(String),
    /// The side that just moved is in check.
    #[error("{checked} is in check but it is {to_move}'s move")]
    InCheck {
        /// The side in check.
        checked: Color,
        /// The side to move.
        to_move: Color,
    },
    /// The royal pieces face each other on a line where the game forbids it
    /// (docs/format.md § Royal pieces that may not face each other).
    #[error("the royal pieces face each other with nothing between them")]
    RoyalsFace,
}

impl SetupError {
    pub(crate) fn new(offset: usize, len: usize, kind: SetupErrorKind) -> SetupError {
        SetupError { offset, len, kind }
    }

    /// The byte offset of the offending part of the string.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The length in bytes of the offending part.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the offending part is empty (never: a part has at least one byte).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// What is wrong.
    pub fn kind(&self) -> &SetupErrorKind {
        &self.kind
    }

    /// What was expected, or how to fix it.
    pub fn hint(&self) -> String {
        use SetupErrorKind::*;
        let letters = |l: &str| {
            if l.is_empty() {
                "the game has no pieces with letters".to_string()
            } else {
                format!("the letters are {l}")
            }
        };
        match &self.kind {
            Empty => "expected a board, like the game's setup".into(),
            TooManyFields => "expected at most six fields (seven in an n-check game)".into(),
            BadChecks { max, .. } => format!(
                "write the checks White and Black still have to give, like `{max}+{max}` (each 0 to {max})"
            ),
            ReserveNotClosed => "write it like `[JJJJjjjj]`".into(),
            RankCount { ranks, .. } => {
                format!("give {ranks} ranks separated by `/`, highest first")
            }
            RankTooLong { rank, squares } | RankTooShort { rank, squares, .. } => {
                format!("rank {rank} has {squares} squares")
            }
            UnexpectedChar(_) => "expected piece letters and digits".into(),
            Hole { .. } => "write `*` for each hole: this game's position strings mark them".into(),
            NotAHole { .. } => "write a piece letter or a digit for a square".into(),
            BadPromotedMark { .. } => "remove the `~`".into(),
            UnknownLetter { letters: l, .. } | UnknownReserveLetter { letters: l, .. } => {
                letters(l)
            }
            ReserveWithoutDrops => "leave the brackets out: this game has no drop rules".into(),
            RoyalInReserve { .. } => "a royal piece is never dropped".into(),
            NoDropRule { .. } => {
                "only pieces the game can drop (or gate) may be in a reserve".into()
            }
            ReserveTooLarge { .. } => format!(
                "a reserve holds at most {} pieces of each kind",
                super::MAX_RESERVE
            ),
            BadSide(_) => "expected `w` or `b`".into(),
            RoyalCount { .. } => "each side has exactly one".into(),
            NoCastling(_) => "write `-` (or add a `[castling]` table to the game)".into(),
            NotCastlingRight(_) => {
                "castling rights are the files of the castling rooks, upper case for White, or `-`"
                    .into()
            }
            NotGate(_) => {
                "after the castling rights, the files of the gates (`KQBCDFGkqbcdfg`): a file with a square of the gating zone"
                    .into()
            }
            GateEmpty { .. } => "remove the gate: a gate belongs to the piece that has not left its square".into(),
            CastlingRightTwice(_) => "give each castling right once, like `KQkq`".into(),
            CastlingKingAway { .. } => "remove the right or put the king home".into(),
            CastlingRookAway { .. } => "remove the right or put the rook home".into(),
            BadEpSquare(_) => "en-passant targets are squares, like `e3` or `a3a4`".into(),
            EpNotALine => "list the squares the pawn passed, in order, like `a3a4`".into(),
            EpNoMover { .. } => "the pawn that moved stands just beyond the last target".into(),
            BadCounter {
                from_one: false, ..
            } => "expected a whole number".into(),
            BadCounter { from_one: true, .. } => "expected a whole number from 1".into(),
            CounterTooLarge(_) => format!("at most {}", super::MAX_COUNTER),
            InCheck { .. } => "the side that just moved cannot be in check".into(),
            RoyalsFace => {
                "in this game the royal pieces may not face each other: put a piece between them"
                    .into()
            }
        }
    }

    /// The error with the position string and a caret under the offending part.
    pub fn render(&self, text: &str) -> String {
        let at = crate::source::floor_char(text, self.offset);
        let caret = format!(
            "{}{}",
            " ".repeat(text[..at].chars().count()),
            "^".repeat(self.len.max(1))
        );
        let hint = self.hint();
        let hint = if hint.is_empty() {
            String::new()
        } else {
            format!(" {hint}")
        };
        format!("{}\n  {}\n  {}{}", self, text, caret, hint)
    }
}
