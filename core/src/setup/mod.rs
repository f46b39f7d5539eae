//! Position strings (docs/format.md, "Position strings and move text"; rules.md § Position strings): a [`Setup`]
//! is a string read and checked against a game, from which a [`Position`] is built, and
//! into which a position is written back. Orthodox chess also reads and writes plain FEN
//! castling `KQkq`.

mod error;
mod parse;
mod write;

use std::sync::Arc;

pub use error::{SetupError, SetupErrorKind};
pub(crate) use write::ep_line;

use crate::sqset::SquareSet;
use crate::types::{ByColor, CastlingRights, Color, Kind, MAX_KINDS, Piece, Square};
use crate::variant::{CastleRook, Castling, Variant};

pub use crate::limits::{MAX_COUNTER, MAX_RESERVE};

/// The gates that count (docs/format.md § Gating): those of a side with a piece in
/// reserve, or all in a game with `captures-to-hand`, where a reserve may fill again.
/// Fairy-Stockfish drops a side's gates once its reserve is empty, so a position string
/// never shows the others.
pub(crate) fn live_gates(
    v: &Variant,
    board: &[Piece],
    reserves: &ByColor<[u8; MAX_KINDS]>,
    gates: SquareSet,
) -> SquareSet {
    if gates.is_empty() || v.to_hand {
        return gates;
    }
    let mut out = gates;
    for sq in gates.iter() {
        let c = board[sq.index()].color();
        if reserves[c].iter().all(|&n| n == 0) {
            out.remove(sq);
        }
    }
    out
}

/// The parts of a position as a position string gives them.
#[derive(Clone, Debug)]
pub(crate) struct SetupData {
    pub board: Vec<Piece>,
    /// The squares of promoted pieces, which return to a reserve as the piece they were
    /// (`~` after the letter; only in a game with `captures-to-hand`).
    pub promoted: SquareSet,
    /// The squares that have a gate (docs/format.md § Gating; only in a game with gating).
    pub gates: SquareSet,
    pub side: Color,
    pub castling: CastlingRights,
    pub ep_from: Square,
    pub ep_to: Square,
    pub ep_steps: u8,
    pub halfmove: u32,
    pub fullmove: u32,
    pub reserves: ByColor<[u8; MAX_KINDS]>,
    /// In an n-check game, the checks each side still has to give; `None` for all of them.
    pub checks: Option<ByColor<u8>>,
}

impl SetupData {
    /// The given pieces, White to move, nothing else: no rights, no targets, empty
    /// reserves, fresh counters.
    pub fn with_board(board: Vec<Piece>, side: Color) -> SetupData {
        SetupData {
            board,
            promoted: SquareSet::EMPTY,
            gates: SquareSet::EMPTY,
            side,
            castling: CastlingRights::NONE,
            ep_from: Square::NONE,
            ep_to: Square::NONE,
            ep_steps: 0,
            halfmove: 0,
            fullmove: 1,
            reserves: ByColor::new([0; MAX_KINDS], [0; MAX_KINDS]),
            checks: None,
        }
    }
}

/// A position string read and checked against a game: every field valid, one royal piece
/// per side, castling rights only for pieces at home, en-passant targets behind the piece
/// that passed them, reserves the game can drop, the side that just moved not in check.
///
/// ```
/// use fairyforge::{Position, Setup, Variant};
/// let chess = Variant::builtin("chess").unwrap();
/// let setup = Setup::parse(&chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
/// assert_eq!(setup.fullmove_number(), 1);
/// let pos = Position::from_setup(setup);
/// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
///
/// let err = Setup::parse(&chess, "4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
/// assert_eq!(err.to_string(), "castling right `K` but there is no White rook on h1");
/// ```
#[derive(Clone)]
pub struct Setup {
    variant: Arc<Variant>,
    data: SetupData,
}

impl Setup {
    /// Reads a position string of `variant`.
    pub fn parse(variant: &Arc<Variant>, text: &str) -> Result<Setup, SetupError> {
        Ok(Setup {
            variant: variant.clone(),
            data: parse::parse(variant, text)?,
        })
    }

    /// The start position of the game.
    pub fn start(variant: &Arc<Variant>) -> Setup {
        Setup::parse(variant, &variant.setup).expect("the setup was checked when the game loaded")
    }

    pub(crate) fn parse_data(v: &Variant, text: &str) -> Result<SetupData, SetupError> {
        parse::parse(v, text)
    }

    /// Whether `text` is a position of `v` (the loader's last check of a game).
    pub(crate) fn check(v: &Variant, text: &str) -> Result<(), SetupError> {
        parse::parse(v, text).map(|_| ())
    }

    pub(crate) fn from_data(variant: Arc<Variant>, data: SetupData) -> Setup {
        Setup { variant, data }
    }

    pub(crate) fn into_parts(self) -> (Arc<Variant>, SetupData) {
        (self.variant, self.data)
    }

    /// The game.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.data.side
    }

    /// The piece on a square, by kind and colour.
    pub fn piece_at(&self, sq: Square) -> Option<(Kind, Color)> {
        let p = *self.data.board.get(sq.index())?;
        p.is_some().then(|| (p.kind(), p.color()))
    }

    /// How many pieces of `kind` are in `color`'s reserve.
    pub fn reserve(&self, color: Color, kind: Kind) -> u8 {
        self.data.reserves[color]
            .get(kind.index())
            .copied()
            .unwrap_or(0)
    }

    /// Plies since the last capture, pawn move or drop.
    pub fn halfmove_clock(&self) -> u32 {
        self.data.halfmove
    }

    /// The move number, from 1.
    pub fn fullmove_number(&self) -> u32 {
        self.data.fullmove
    }

    /// The en-passant target squares, in the order the last move passed them.
    pub fn ep_targets(&self) -> Vec<Square> {
        ep_line(
            &self.variant,
            self.data.ep_from,
            self.data.ep_to,
            self.data.ep_steps,
        )
    }
}

impl std::fmt::Display for Setup {
    /// The position string.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write::write(&self.variant, &self.data))
    }
}

impl std::fmt::Debug for Setup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Setup({self})")
    }
}

/// The position string of a setup's parts.
pub(crate) fn write_data(v: &Variant, d: &SetupData) -> String {
    write::write(v, d)
}

/// The places of one rank of the board field, from file `a`: (file, its square, or `None`
/// for a hole written `*`).
pub(crate) type Places = Vec<(u8, Option<Square>)>;

/// The ranks of the board field, highest first, each with its places from file `a`: its
/// squares (file, square) and, in a game whose position strings mark holes
/// (`holes-in-position`), its holes (file, `None`), written `*`. Ranks with no place are
/// left out.
pub(crate) fn ranks(v: &Variant) -> Vec<(i8, Places)> {
    let g = &v.geometry;
    g.rank_range()
        .rev()
        .map(|rank| {
            let places = (0..g.files())
                .filter_map(|f| match g.square(f as i32, rank as i32) {
                    Some(sq) => Some((f, Some(sq))),
                    None if v.def.holes_in_position
                        && v.def.holes.iter().any(|h| (h.file, h.rank) == (f, rank)) =>
                    {
                        Some((f, None))
                    }
                    None => None,
                })
                .collect::<Vec<_>>();
            (rank, places)
        })
        .filter(|(_, places)| !places.is_empty())
        .collect()
}

/// The note under an unknown letter: the letters the game has.
pub(crate) fn letters_hint(letters: impl Iterator<Item = char>) -> String {
    // `?` stands for a piece whose letter is missing or wrong (already reported).
    let list: Vec<String> = letters
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_string())
        .collect();
    if list.is_empty() {
        "the game has no pieces with letters".to_string()
    } else {
        format!("the letters are {}", list.join(" "))
    }
}

/// The castling rook a character of the castling field names: the rook's file, or `K`
/// (`k`) and `Q` (`q`) for the outermost rook toward the higher (lower) files.
pub(crate) fn castling_rook<'a>(
    v: &Variant,
    cs: &'a Castling,
    ch: char,
    color: Color,
) -> Option<&'a CastleRook> {
    let g = &v.geometry;
    let kf = g.file(cs.king_home[color]);
    let mine: Vec<&CastleRook> = cs.rooks.iter().filter(|r| r.color == color).collect();
    let lower = ch.to_ascii_lowercase();
    let on_file = |l: char| {
        mine.iter()
            .find(|r| g.file(r.rook_home) as u32 + 'a' as u32 == l as u32)
            .copied()
    };
    let kq = matches!(lower, 'k' | 'q') && (cs.fen_kq || on_file(lower).is_none());
    if !kq {
        return on_file(lower);
    }
    let high = lower == 'k';
    mine.into_iter()
        .filter(|r| (g.file(r.rook_home) > kf) == high)
        .max_by_key(|r| (g.file(r.rook_home) as i32 - kf as i32).abs())
}
