//! The rules of a game as the engine understands them, as data ([`Description`]) and as a
//! stable text ([`Description::text`]) to read, keep beside a variant file and compare
//! after every edit ([`diff`]).
//!
//! Everything here is computed from the compiled game: the board with its holes and extra
//! squares, the setup, each piece with its letter, value, primitives in words and the
//! squares it reaches from a few telling squares of an empty board, promotion, drops,
//! castling, the optional rules, the end of the game and the perft counts of the start
//! position. The same game always gives the same text.
//!
//! ```
//! use fairyforge::{Variant, describe::Description};
//! let chess = Variant::builtin("chess").unwrap();
//! let d = Description::of(&chess);
//! assert_eq!(d.perft, [20, 400, 8902]);
//! assert!(d.text().contains("\n### N Knight (knight)\n"));
//! ```

mod diff;
mod rules;
mod text;
mod words;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use diff::{Change, diff};

use crate::picture::Board;
use crate::position::Position;
use crate::types::{Color, Square};
use crate::variant::Variant;

/// How deep [`Description::of`] counts move paths from the start.
pub const PERFT_DEPTH: u32 = 3;

/// A game's rules as data. Squares are named as in move text (`e4`, `j10`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Description {
    /// The game's name.
    pub name: String,
    /// Its one-line description.
    pub description: String,
    /// The board.
    pub board: BoardFacts,
    /// The start position.
    pub setup: SetupFacts,
    /// The pieces, in the game's order.
    pub pieces: Vec<PieceFacts>,
    /// The promotion rules in force.
    pub promotions: Vec<PromotionFacts>,
    /// The pieces that can be dropped from a reserve, and where.
    pub drops: Vec<DropFacts>,
    /// Whether a captured piece goes to the captor's reserve, a promoted one as the piece
    /// it was promoted from (`captures-to-hand`).
    pub captures_to_hand: bool,
    /// With `captures_to_hand`: whether a promoted piece goes to the reserve as it stands
    /// (`captures-to-hand = "as-is"`).
    pub captures_as_is: bool,
    /// Seirawan-style gating (docs/format.md § Gating), if the game has it.
    pub gating: Option<GatingFacts>,
    /// Castling, if the game has it.
    pub castling: Option<CastlingFacts>,
    /// The optional rules of the game, on or off.
    pub options: Vec<OptionFacts>,
    /// How a game ends, one rule a line.
    pub end: Vec<String>,
    /// Perft of the start position at depths 1, 2, ... [`PERFT_DEPTH`].
    pub perft: Vec<u64>,
}

/// The board: its size, extra squares and holes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardFacts {
    /// Number of files (`a` upward).
    pub files: u8,
    /// Number of main ranks (`1` upward).
    pub ranks: u8,
    /// Number of existing squares.
    pub squares: usize,
    /// Squares added behind the main ranks (rank 0 and rank `ranks + 1`).
    pub extra: Vec<String>,
    /// Squares of the main rectangle that do not exist.
    pub holes: Vec<String>,
}

/// The start position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetupFacts {
    /// Its position string.
    pub position: String,
    /// The side to move.
    pub to_move: String,
    /// The board as text ([`Board::text`]).
    pub picture: String,
    /// Each side's reserve, White's then Black's, pieces with none left out. Empty lists in
    /// a game without drops.
    pub reserves: Vec<Vec<ReserveFacts>>,
}

/// Pieces of one kind in a reserve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReserveFacts {
    /// The piece's id.
    pub piece: String,
    /// How many.
    pub count: u8,
}

/// One piece type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceFacts {
    /// Its letter, upper case (Black's is the lower case).
    pub letter: char,
    /// Its id in the file.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its value in pawns.
    pub value: f64,
    /// The royal piece: it must never be left attacked.
    pub royal: bool,
    /// A pawn: its moves reset the count toward the 100-ply draw.
    pub pawn: bool,
    /// Its move primitives in words, in White's view.
    pub moves: Vec<String>,
    /// Where it goes from a few telling squares of an empty board (White's piece).
    pub diagrams: Vec<DiagramFacts>,
}

/// Where a lone White piece goes from one square of an empty board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DiagramFacts {
    /// The square.
    pub square: String,
    /// Why this square is shown: `the centre`, `a corner`, `next to a hole`, `a rear
    /// square`, `where it starts`.
    pub why: String,
    /// Its moves on the empty board as move text, sorted.
    pub moves: Vec<String>,
    /// The squares where it captures an enemy piece standing there alone, sorted like the
    /// board's squares (rank by rank from the lowest).
    pub captures: Vec<String>,
    /// The board with the moves marked, and with `x` where it captures but cannot move
    /// ([`Board::text`]).
    pub picture: String,
}

/// A promotion rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PromotionFacts {
    /// The ids of the pieces that promote.
    pub pieces: Vec<String>,
    /// Where White's pieces promote (a compact list: `rank 10`, or squares).
    pub white_zone: String,
    /// Where Black's pieces promote.
    pub black_zone: String,
    /// The ids of what they may become.
    pub choices: Vec<String>,
    /// The choices with a limit, each with it: a piece may become one only while its
    /// side has fewer than that many of it on the board (`limits`; empty for none).
    pub limits: Vec<(String, u8)>,
    /// Whether the piece must promote on reaching the zone.
    pub mandatory: bool,
    /// Whether the move text names the new piece (`e9e10q`).
    pub suffix: bool,
    /// Whether a move starting in the zone may promote too, wherever it lands (`from-zone`).
    pub from_zone: bool,
    /// Whether the promoted piece is written `+` and the letter of the piece it was, and
    /// a promotion's move text ends with `+` (`plus`).
    pub plus: bool,
    /// Where White's pieces must promote though the rule lets them stay, because they
    /// could never move again there (empty for none).
    pub white_forced: String,
    /// Where Black's pieces must promote for that reason.
    pub black_forced: String,
    /// A move text of such a promotion, for White (for Black when the rule is Black's alone).
    pub example: String,
}

/// Gating (docs/format.md § Gating): the reserve pieces that may be put on the square a
/// piece leaves on its first move, and the squares that may hold a gate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GatingFacts {
    /// The ids of the pieces that may gate.
    pub pieces: Vec<String>,
    /// White's squares that may hold a gate.
    pub white_zone: String,
    /// Black's squares that may hold a gate.
    pub black_zone: String,
    /// A gating move of the start, in the long form (`b1c3h`), if there is one.
    pub example: Option<String>,
}

/// A piece that can be dropped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DropFacts {
    /// Its id.
    pub piece: String,
    /// Where White drops it.
    pub white_zone: String,
    /// Where Black drops it.
    pub black_zone: String,
    /// How many squares straight forward it may be pushed in the same move (0: none).
    pub push: u8,
    /// A move text of such a drop, for White (`J@e2`).
    pub example: String,
    /// The same drop pushed as far as it goes (`J@e2e5`), when it may be pushed.
    pub pushed: Option<String>,
    /// Whether it may not be dropped on a file holding an unpromoted piece of its kind
    /// and side (`one-per-file`).
    pub one_per_file: bool,
    /// Whether a checkmate by dropping it loses for the side that dropped (`no-mate`).
    pub no_mate: bool,
}

/// Castling.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CastlingFacts {
    /// The id of the castling rook piece.
    pub rook_piece: String,
    /// Each side's castlings, White's then Black's.
    pub sides: Vec<CastlingSide>,
}

/// One side's castling: its king square and, per rook, the moves it may make.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CastlingSide {
    /// `White` or `Black`.
    pub color: String,
    /// The king's square.
    pub king: String,
    /// One entry per castling rook.
    pub rooks: Vec<CastlingRook>,
}

/// The castlings with one rook.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CastlingRook {
    /// The rook's square.
    pub rook: String,
    /// The letter of this right in position strings.
    pub right: char,
    /// The castlings with this rook.
    pub moves: Vec<Castling>,
}

/// One castling move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Castling {
    /// Its move text: the king's move then the rook's (`f1h1i1g1`).
    pub text: String,
    /// Where the king goes.
    pub king_to: String,
    /// Where the rook goes.
    pub rook_to: String,
}

/// An optional rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptionFacts {
    /// Its name (`--option NAME`).
    pub name: String,
    /// What it does.
    pub description: String,
    /// Whether it is on in this description.
    pub on: bool,
}

impl Description {
    /// Describes a game (with the optional rules it was loaded with).
    pub fn of(v: &Arc<Variant>) -> Description {
        let start = Position::start(v);
        let mut counting = start.clone();
        let perft = (1..=PERFT_DEPTH)
            .map(|d| crate::perft(&mut counting, d))
            .collect();
        Description {
            name: v.name.clone(),
            description: v.description.clone(),
            board: board_facts(v),
            setup: setup_facts(&start),
            pieces: v.kinds().map(|k| piece_facts(v, k)).collect(),
            promotions: rules::promotions(v),
            drops: rules::drops(v),
            captures_to_hand: v.captures_to_hand(),
            captures_as_is: v.captures_as_is(),
            gating: rules::gating(v, &start),
            castling: rules::castling(v),
            options: v
                .options()
                .into_iter()
                .map(|(name, description, on)| OptionFacts {
                    name,
                    description,
                    on,
                })
                .collect(),
            end: rules::end(v),
            perft,
        }
    }

    /// The description as text (Markdown): the same game always gives the same text.
    pub fn text(&self) -> String {
        text::write(self)
    }
}

/// The promotion rules of a game (a part of [`Description::of`], without its cost).
pub fn promotions(v: &Variant) -> Vec<PromotionFacts> {
    rules::promotions(v)
}

/// The drops of a game (a part of [`Description::of`], without its cost).
pub fn drops(v: &Variant) -> Vec<DropFacts> {
    rules::drops(v)
}

/// The castling of a game, if any (a part of [`Description::of`], without its cost).
pub fn castling(v: &Variant) -> Option<CastlingFacts> {
    rules::castling(v)
}

fn board_facts(v: &Variant) -> BoardFacts {
    let g = &v.geometry;
    let mut extra = Vec::new();
    let mut holes = Vec::new();
    for r in g.rank_range() {
        for f in 0..g.files() {
            let main = r >= 1 && r <= g.ranks() as i8;
            let exists = g.square(f as i32, r as i32).is_some();
            let name = crate::geometry::coord_name(f, r);
            if main && !exists {
                holes.push(name);
            } else if !main && exists {
                extra.push(name);
            }
        }
    }
    BoardFacts {
        files: g.files(),
        ranks: g.ranks(),
        squares: g.num_squares(),
        extra,
        holes,
    }
}

fn setup_facts(start: &Position) -> SetupFacts {
    let v = start.variant();
    let reserves = Color::BOTH
        .iter()
        .map(|&c| {
            v.reserve_order()
                .into_iter()
                .filter(|&k| start.reserve(c, k) > 0)
                .map(|k| ReserveFacts {
                    piece: v.piece(k).id.clone(),
                    count: start.reserve(c, k),
                })
                .collect()
        })
        .collect();
    SetupFacts {
        position: start.fen(),
        to_move: start.side_to_move().name().to_string(),
        picture: Board::of_position(start).text(),
        reserves,
    }
}

fn piece_facts(v: &Arc<Variant>, kind: crate::Kind) -> PieceFacts {
    let p = v.piece(kind);
    let diagrams = telling_squares(v, kind)
        .into_iter()
        .map(|(sq, why)| {
            let pos = Position::with_pieces(v, &[(sq, kind, Color::White)], Color::White);
            let moves = pos.piece_moves(sq);
            let mut texts: Vec<String> = moves.iter().map(|m| pos.move_text(m)).collect();
            texts.sort();
            let captures = captures_from(v, kind, sq);
            let mut picture = Board::piece_moves(&pos, sq, &moves);
            for &c in &captures {
                if !moves.iter().any(|m| m.to() == c) {
                    picture.mark(c, crate::picture::Mark::Capture);
                }
            }
            DiagramFacts {
                square: v.geometry.name(sq),
                why: why.to_string(),
                moves: texts,
                captures: captures.iter().map(|s| v.geometry.name(*s)).collect(),
                picture: picture.text(),
            }
        })
        .collect();
    PieceFacts {
        letter: p.letter,
        id: p.id.clone(),
        name: p.name.clone(),
        value: p.value as f64 / 100.0,
        royal: p.royal,
        pawn: p.pawn,
        moves: v.def.pieces[kind.index()]
            .moves
            .iter()
            .map(words::primitive)
            .collect(),
        diagrams,
    }
}

/// The squares where a White piece of `kind` on `from` captures a Black piece of the same
/// kind standing there alone on an otherwise empty board.
fn captures_from(v: &Arc<Variant>, kind: crate::Kind, from: Square) -> Vec<Square> {
    v.geometry
        .squares()
        .filter(|&s| s != from)
        .filter(|&s| {
            let pos = Position::with_pieces(
                v,
                &[(from, kind, Color::White), (s, kind, Color::Black)],
                Color::White,
            );
            pos.piece_moves(from)
                .iter()
                .any(|m| pos.captures_of(m).iter().any(|(c, _, _)| *c == s))
        })
        .collect()
}

/// The squares a piece's diagrams start from: the centre, the corner a1, a square next to
/// a hole, a rear square and the piece's first square in the setup, each once.
fn telling_squares(v: &Arc<Variant>, kind: crate::Kind) -> Vec<(Square, &'static str)> {
    let g = &v.geometry;
    let mut out: Vec<(Square, &'static str)> = Vec::new();
    let mut add = |sq: Option<Square>, why: &'static str| {
        if let Some(sq) = sq
            && !out.iter().any(|(s, _)| *s == sq)
        {
            out.push((sq, why));
        }
    };
    add(g.centre(), "the centre");
    add(g.square(0, 1), "a corner");
    let next_to_hole = g.squares().find(|&sq| {
        let (f, r) = g.coords(sq);
        (1..=g.ranks() as i8).contains(&r)
            && (-1..=1).any(|dx| {
                (-1..=1).any(|dy| {
                    let (nf, nr) = (f as i32 + dx, r as i32 + dy);
                    (0..g.files() as i32).contains(&nf)
                        && (1..=g.ranks() as i32).contains(&nr)
                        && g.square(nf, nr).is_none()
                })
            })
    });
    add(next_to_hole, "next to a hole");
    add(g.squares().find(|&sq| g.rank(sq) < 1), "a rear square");
    let start = Position::start(v);
    add(
        g.squares()
            .find(|&sq| start.piece_at(sq) == Some((kind, Color::White))),
        "where it starts",
    );
    out
}
