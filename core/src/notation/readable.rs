//! The readable form of move text: what a player types, read into a legal move with a
//! helpful error when it is not one, and the shortest such text of a move, written.
//!
//! Read, besides the long form of [`super::long`]:
//! - a piece letter and the destination, with an optional origin file, rank or square and
//!   an optional `x`: `Fd8`, `Gxc3`, `Nbd2`, `R1e1`;
//! - a pawn's move as its destination or origin file and destination: `e5`, `exd6`;
//! - a promotion letter after the destination, with or without `=`: `e10q`, `e10=Q`;
//! - a drop as the piece letter, `@` and the square where the piece ends (the push
//!   included): `J@e5` for `J@e2e5`;
//! - castling as the king's move to its square (`f1h1`, `Kh1`) when that is unambiguous,
//!   or `O-O` (toward the higher files) and `O-O-O` (toward the lower files) when the
//!   game allows one castling that way.
//!
//! A castling written in full (`f1b1b1c1`, `f10b10b10c10`) that is not legal now is
//! answered with the rule it breaks ([`CastlingRefusal`]).
//!
//! Written: `O-O` or `O-O-O` for a castling that is the only one that way, else the first
//! of these forms that names the move alone among the legal moves (`e5`, `exd6`, `Fxf8`,
//! `Nbd2`, `e10=Q`, `J@e4`, `Kh1`), else the long form. Every text
//! written reads back to its move.

use crate::geometry::{Geometry, file_char};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::refusal::{self, CastlingRefusal, Verdict};
use crate::types::{Color, Kind, Square};

/// Why an input is not a move of this position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// The text cannot be read as a move.
    #[error("`{text}` is not a move: {reason}")]
    Unreadable {
        /// The text, trimmed.
        text: String,
        /// What could not be read.
        reason: Unreadable,
    },
    /// A square name the board does not have.
    #[error("there is no square `{0}` on this board")]
    NoSuchSquare(String),
    /// The move starts from an empty square (named).
    #[error("there is no piece on {0}")]
    EmptySquare(String),
    /// The move starts from a square (named) holding an opponent's piece.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(String),
    /// The text reads as a move, but no legal move fits it.
    #[error("illegal: {0}")]
    Illegal(Illegal),
    /// Several legal moves fit the text: their long texts.
    #[error("ambiguous: could be {}", .0.join(" or "))]
    Ambiguous(Vec<String>),
    /// The game is over (checkmate, stalemate, Capture the Scepter): no move fits.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
}

/// What could not be read in an input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    /// Nothing was given.
    #[error("it is empty")]
    Empty,
    /// Something other than one letter before `@`.
    #[error("a drop is a piece letter, `@` and a square, like `J@e5`")]
    DropShape,
    /// A piece letter the game does not have.
    #[error("no piece of this game has the letter `{0}`")]
    UnknownLetter(char),
    /// A file letter at the end, with no rank after it.
    #[error("`{0}` at the end is a file without a rank (a square is a file and a rank, like `e4`)")]
    FileWithoutRank(char),
    /// No square at all.
    #[error("expected a square")]
    NoSquare,
    /// No destination square at the end.
    #[error("expected a destination square, like `e4`")]
    NoDestination,
    /// Text before the destination that names no file, rank or square.
    #[error("`{origin}` before the destination `{dest}` is not a file, rank or square")]
    BadOrigin {
        /// The text before the destination.
        origin: String,
        /// The destination's text.
        dest: String,
    },
}

/// Why no legal move fits an input that reads as a move. Squares and pieces are named as
/// the messages show them (`e4`, `ninja pawn`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// Nothing more precise is known.
    #[error("`{0}` matches no legal move (type `moves` to list them)")]
    NoMove(String),
    /// A drop of a piece the text does not name.
    #[error("`{0}` matches no legal drop")]
    NoDrop(String),
    /// A drop of a piece the side does not have in reserve.
    #[error("{side} has no {piece} in reserve")]
    NotInReserve {
        /// The side to move.
        side: Color,
        /// The piece's name.
        piece: String,
    },
    /// A drop that the zone, the push or the board does not allow now.
    #[error("a {piece} cannot be {} now (type `moves` to list the drops)", drop_place(.at, .to))]
    CannotDrop {
        /// The piece's name.
        piece: String,
        /// The drop square, when the text named it besides the final square.
        at: Option<String>,
        /// The square where the piece would end.
        to: String,
    },
    /// No piece of the kind the text names can make that move.
    #[error(
        "no {piece} of {side}'s can {} {to} (type `moves` to list the legal moves)",
        if *.capture { "capture on" } else { "move to" }
    )]
    NoPieceCan {
        /// The piece's name.
        piece: String,
        /// The side to move.
        side: Color,
        /// Whether the text asked for a capture.
        capture: bool,
        /// The destination.
        to: String,
    },
    /// The royal piece would move to an attacked square.
    #[error("{side}'s {king} would be attacked on {to}")]
    KingAttacked {
        /// The side to move.
        side: Color,
        /// The royal piece's name.
        king: String,
        /// The destination.
        to: String,
    },
    /// The move would leave the mover's royal piece attacked.
    #[error("the {piece} on {from} cannot move to {to}: that would leave {side}'s king attacked")]
    LeavesKingAttacked {
        /// The moving piece's name.
        piece: String,
        /// Its square.
        from: String,
        /// The destination.
        to: String,
        /// The side to move.
        side: Color,
    },
    /// The piece's primitives do not reach the destination.
    #[error("the {piece} on {from} cannot move to {to}")]
    CannotMove {
        /// The moving piece's name.
        piece: String,
        /// Its square.
        from: String,
        /// The destination.
        to: String,
    },
    /// A castling written as text (the king's move then the rook's) that is not legal
    /// now, and the rule it breaks.
    #[error("cannot castle {text}: {why}")]
    Castling {
        /// The text, as typed without separators.
        text: String,
        /// Why not.
        why: CastlingRefusal,
    },
    /// Four squares, as castling is written, that name no castling of this game.
    #[error(
        "`{0}` is no castling of this game: castling is the king's move then the rook's (type `moves` to list the legal moves)"
    )]
    NoSuchCastling(String),
    /// `O-O` or `O-O-O` with no castling that way now.
    #[error("no castling toward the {} files now", if *.higher { "higher" } else { "lower" })]
    NoCastling {
        /// Toward the higher files (`O-O`).
        higher: bool,
    },
}

fn drop_place(at: &Option<String>, to: &str) -> String {
    match at {
        Some(at) => format!("dropped on {at} and pushed to {to}"),
        None => format!("dropped to end on {to}"),
    }
}

/// What a short form says about a move: what the reader takes from a text, and what the
/// writer tries, shortest first.
#[derive(Clone, Copy, Default)]
struct Pattern {
    letter: Option<char>,
    from_file: Option<u8>,
    from_rank: Option<i8>,
    to: Option<Square>,
    capture: bool,
    promo: Option<char>,
    drop: bool,
    /// The drop square of a drop with a push (`J@e2e5`).
    drop_from: Option<Square>,
}

impl Pattern {
    /// The text of this pattern, as the reader reads it (for a board move or a drop
    /// named by its final square).
    fn text(&self, g: &Geometry) -> String {
        let mut s = String::new();
        if let Some(l) = self.letter {
            s.push(l);
        }
        if self.drop {
            s.push('@');
        }
        if let Some(f) = self.from_file {
            s.push(file_char(f));
        }
        if let Some(r) = self.from_rank {
            s.push_str(&r.to_string());
        }
        if self.capture {
            s.push('x');
        }
        if let Some(to) = self.to {
            s.push_str(&g.name(to));
        }
        if let Some(p) = self.promo {
            s.push('=');
            s.push(p);
        }
        s
    }
}

/// The error for an input that cannot be read.
fn unreadable(t: &str, reason: Unreadable) -> InputError {
    InputError::Unreadable {
        text: t.to_string(),
        reason,
    }
}

/// Resolves what a player typed (see the module documentation) to a legal move.
pub(super) fn parse_input(pos: &Position, input: &str) -> Result<Move, InputError> {
    Reader { pos }.parse(input)
}

/// The readable text of `m`, a legal move of `pos`: the shortest form that names it alone
/// among `legal`, else its long text. `legal` must hold at least the legal moves that end
/// where `m` does: a short form can only be mistaken for one of those.
pub(super) fn write(pos: &Position, m: &Move, legal: &[Move]) -> String {
    if m.gate().is_some() {
        return write_gated(pos, m, legal);
    }
    let v = pos.variant();
    let high = |x: &Move| v.geometry.file(x.to()) > v.geometry.file(x.from());
    // `O-O` toward the higher files, `O-O-O` toward the lower, when it is the only
    // castling that way.
    if m.is_castle() && castlings_alike(pos, m, false) == 1 {
        return (if high(m) { "O-O" } else { "O-O-O" }).to_string();
    }
    let Some(ladder) = ladder(pos, m) else {
        return pos.move_text(m);
    };
    let reader = Reader { pos };
    for p in ladder.iter().flatten() {
        if legal.iter().filter(|x| reader.fits(p, x)).count() == 1 {
            return p.text(&v.geometry);
        }
    }
    // A castling that shares its short form with another move (the king's plain step to
    // the same square): `O-O-` or `O-O-O-` and the king's square, when that names it alone.
    if m.is_castle() && castlings_alike(pos, m, true) == 1 {
        let way = if high(m) { "O-O" } else { "O-O-O" };
        return format!("{way}-{}", v.geometry.name(m.to()));
    }
    pos.move_text(m)
}

/// Gating (docs/format.md § Gating): the move's text without its gate, then `/` and the
/// gated piece's letter, with its square for a castling (`Nf3/H`, `O-O/Hh1`), as
/// Fairy-Stockfish writes them.
fn write_gated(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let Some((k, sq)) = m.gate() else {
        return write(pos, m, legal);
    };
    let v = pos.variant();
    let base = m.without_gate();
    if !legal.contains(&base) {
        return pos.move_text(m);
    }
    let mut s = write(pos, &base, legal);
    s.push('/');
    s.push(v.piece(k).letter);
    if m.is_castle() {
        s.push_str(&v.geometry.name(sq));
    }
    s
}

/// How many legal castlings without a gate go the castling `m`'s way (toward the higher
/// files or the lower), landing on its square too when `same_square`.
fn castlings_alike(pos: &Position, m: &Move, same_square: bool) -> usize {
    let g = &pos.variant().geometry;
    let high = |x: &Move| g.file(x.to()) > g.file(x.from());
    pos.legal_moves()
        .iter()
        .filter(|x| {
            x.is_castle()
                && x.gate().is_none()
                && high(x) == high(m)
                && (!same_square || x.to() == m.to())
        })
        .count()
}

/// The forms tried in turn for `m`, shortest first: a drop's letter, or a pawn's form,
/// then the piece's letter with no origin, its file, its rank, both. `None` when no piece
/// stands on the move's origin.
fn ladder(pos: &Position, m: &Move) -> Option<[Option<Pattern>; 5]> {
    let v = pos.variant();
    let base = Pattern {
        to: Some(m.to()),
        ..Pattern::default()
    };
    if let Some(k) = m.dropped() {
        let drop = Pattern {
            letter: Some(v.piece(k).letter),
            drop: true,
            ..base
        };
        return Some([Some(drop), None, None, None, None]);
    }
    let piece = pos.board()[m.from().index()];
    if piece.is_empty() {
        return None;
    }
    let piece = v.piece(piece.kind());
    let (f, r) = v.geometry.coords(m.from());
    let base = Pattern {
        capture: !pos.captures_of(m).is_empty(),
        promo: m.promotion().map(|k| v.piece(k).letter),
        ..base
    };
    let letter = Some(piece.letter);
    let pawn = (piece.pawn && !m.is_castle()).then_some(Pattern {
        from_file: base.capture.then_some(f),
        ..base
    });
    Some([
        pawn,
        Some(Pattern { letter, ..base }),
        Some(Pattern {
            letter,
            from_file: Some(f),
            ..base
        }),
        Some(Pattern {
            letter,
            from_rank: Some(r),
            ..base
        }),
        Some(Pattern {
            letter,
            from_file: Some(f),
            from_rank: Some(r),
            ..base
        }),
    ])
}

/// The readable texts of `moves`, legal moves of `pos`, each worked out among the legal
/// moves that end on its square.
pub(super) fn write_all(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut by_end = pos.legal_moves();
    by_end.sort_by_key(|m| m.to().index());
    moves
        .iter()
        .map(|m| {
            let to = m.to().index();
            let a = by_end.partition_point(|x| x.to().index() < to);
            let b = by_end.partition_point(|x| x.to().index() <= to);
            write(pos, m, &by_end[a..b])
        })
        .collect()
}

/// Reads inputs against a position.
struct Reader<'a> {
    pos: &'a Position,
}

impl Reader<'_> {
    fn parse(&self, input: &str) -> Result<Move, InputError> {
        let t = input.trim();
        if t.is_empty() {
            return Err(unreadable(t, Unreadable::Empty));
        }
        let legal = self.pos.legal_moves();
        let texts: Vec<String> = legal.iter().map(|m| self.pos.move_text(m)).collect();
        if legal.is_empty()
            && let Some(o) = self.pos.outcome()
        {
            return Err(InputError::GameOver(o));
        }
        // The exact long text first.
        if let Some(i) = texts.iter().position(|x| x == t) {
            return Ok(legal[i]);
        }
        // A gating move as it is written (`Nf3/H`, `O-O/Hh1`; docs/format.md § Gating).
        if t.contains('/') {
            let gated: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.gate().is_some())
                .collect();
            if let Some(m) = gated.iter().find(|m| write(self.pos, m, &legal) == t) {
                return Ok(*m);
            }
            return Err(InputError::Illegal(Illegal::NoMove(t.to_string())));
        }
        if let Some(m) = self.castle_shortcut(t, &legal, &texts)? {
            return Ok(m);
        }
        // Spaces and hyphens between the squares (`e2-e5`, `e2 e5`) are only separators.
        let spaced: String = t
            .chars()
            .filter(|c| *c != '-' && !c.is_whitespace())
            .collect();
        let t = spaced.as_str();
        if let Some(i) = texts.iter().position(|x| x == t) {
            return Ok(legal[i]);
        }
        // Four squares are castling text (`f1b1b1c1`, `f10b10b10c10`): say why it is not
        // legal.
        if let Some(sq) = refusal::four_squares(self.pos, t) {
            return Err(self.why_not_castling(t, sq));
        }
        // Four-character coordinate forms such as `f1h1` may name a castling king move.
        if let Some((from, to)) = self.two_squares(t) {
            let matches: Vec<usize> = (0..legal.len())
                .filter(|&i| {
                    let m = &legal[i];
                    m.from() == from && m.to() == to && !m.is_drop() && m.gate().is_none()
                })
                .collect();
            return self.pick(t, &legal, &texts, matches, Some(from), Some(to));
        }
        let p = self.pattern(t)?;
        let matches: Vec<usize> = (0..legal.len())
            .filter(|&i| self.fits(&p, &legal[i]))
            .collect();
        if matches.is_empty() {
            return Err(self.why_not_pattern(t, &p));
        }
        let to = p.to;
        self.pick(t, &legal, &texts, matches, None, to)
    }

    /// Does the move fit what the player typed?
    fn fits(&self, p: &Pattern, m: &Move) -> bool {
        let g = &self.pos.variant().geometry;
        // A gating move is read only with its gate (`/H`).
        if p.drop != m.is_drop() || m.gate().is_some() {
            return false;
        }
        if p.to.is_some_and(|to| to != m.to()) {
            return false;
        }
        let kind = match m.dropped() {
            Some(k) => k,
            None => self.pos.board()[m.from().index()].kind(),
        };
        let piece = self.pos.variant().piece(kind);
        match p.letter {
            Some(l) if l != piece.letter => return false,
            None if !piece.pawn => return false,
            _ => {}
        }
        if p.drop_from.is_some_and(|f| f != m.from()) {
            return false;
        }
        if !m.is_drop() {
            let (f, r) = g.coords(m.from());
            if p.from_file.is_some_and(|x| x != f) || p.from_rank.is_some_and(|x| x != r) {
                return false;
            }
        }
        if p.capture && self.pos.captures_of(m).is_empty() {
            return false;
        }
        match (p.promo, m.promotion()) {
            (Some(c), Some(k)) => self.pos.variant().piece(k).letter == c,
            (Some(_), None) => false,
            (None, _) => true,
        }
    }

    /// Explains why the castling that four squares name is not legal: whose piece is on
    /// the first square, then the rule it breaks.
    fn why_not_castling(&self, t: &str, sq: [Square; 4]) -> InputError {
        match refusal::judge(self.pos, sq) {
            Verdict::Refused(why) => InputError::Illegal(Illegal::Castling {
                text: t.to_string(),
                why,
            }),
            Verdict::NoSuchCastling => match self.why_not(t, Some(sq[0]), None) {
                InputError::Illegal(Illegal::NoMove(_)) => {
                    InputError::Illegal(Illegal::NoSuchCastling(t.to_string()))
                }
                e => e,
            },
            Verdict::Legal => InputError::Illegal(Illegal::NoMove(t.to_string())),
        }
    }

    /// Explains why no legal move fits a short form (`Fd8`, `exd6`, `J@e5`).
    fn why_not_pattern(&self, t: &str, p: &Pattern) -> InputError {
        let g = &self.pos.variant().geometry;
        let us = self.pos.side_to_move();
        let name = |k: Kind| self.pos.variant().piece(k).name.to_lowercase();
        let Some(to) = p.to else {
            return InputError::Illegal(Illegal::NoMove(t.to_string()));
        };
        if p.drop {
            let Some(k) = p.letter.and_then(|l| self.pos.variant().kind_by_letter(l)) else {
                return InputError::Illegal(Illegal::NoDrop(t.to_string()));
            };
            if self.pos.reserve(us, k) == 0 {
                return InputError::Illegal(Illegal::NotInReserve {
                    side: us,
                    piece: name(k),
                });
            }
            return InputError::Illegal(Illegal::CannotDrop {
                piece: name(k),
                at: p.drop_from.map(|f| g.name(f)),
                to: g.name(to),
            });
        }
        // A pseudo-legal move that fits: it fails only because of the king.
        let mut pseudo = Vec::new();
        self.pos.gen_pseudo(us, &mut pseudo);
        if let Some(m) = pseudo.iter().find(|m| self.fits(p, m)) {
            return self.leaves_king_attacked(m.from(), m.to());
        }
        let piece = match p.letter.and_then(|l| self.pos.variant().kind_by_letter(l)) {
            Some(k) => name(k),
            None => "pawn".to_string(),
        };
        InputError::Illegal(Illegal::NoPieceCan {
            piece,
            side: us,
            capture: p.capture,
            to: g.name(to),
        })
    }

    /// The message for a move that would leave the mover's own king attacked.
    fn leaves_king_attacked(&self, from: Square, to: Square) -> InputError {
        let g = &self.pos.variant().geometry;
        let side = self.pos.side_to_move();
        let kind = self.pos.board()[from.index()].kind();
        let piece = self.pos.variant().piece(kind);
        if piece.royal {
            return InputError::Illegal(Illegal::KingAttacked {
                side,
                king: piece.name.to_lowercase(),
                to: g.name(to),
            });
        }
        InputError::Illegal(Illegal::LeavesKingAttacked {
            piece: piece.name.to_lowercase(),
            from: g.name(from),
            to: g.name(to),
            side,
        })
    }

    fn pick(
        &self,
        t: &str,
        legal: &[Move],
        texts: &[String],
        matches: Vec<usize>,
        from: Option<Square>,
        to: Option<Square>,
    ) -> Result<Move, InputError> {
        match matches.as_slice() {
            [i] => Ok(legal[*i]),
            [] => Err(self.why_not(t, from, to)),
            many => {
                // Promotions differ only by the new piece: ask for it.
                let mut list: Vec<String> = many.iter().map(|i| texts[*i].clone()).collect();
                list.sort();
                list.dedup();
                Err(InputError::Ambiguous(list))
            }
        }
    }

    fn two_squares(&self, t: &str) -> Option<(Square, Square)> {
        let g = &self.pos.variant().geometry;
        let b = t.as_bytes();
        if b.is_empty() || !t.is_ascii() {
            return None;
        }
        let mut cut = 1;
        while cut < b.len() && b[cut].is_ascii_digit() {
            cut += 1;
        }
        let from = g.parse_square(&t[..cut])?;
        let to = g.parse_square(&t[cut..])?;
        Some((from, to))
    }

    fn castle_shortcut(
        &self,
        t: &str,
        legal: &[Move],
        texts: &[String],
    ) -> Result<Option<Move>, InputError> {
        let g = &self.pos.variant().geometry;
        // `O-O`, `O-O-O`, or either with the king's square (`O-O-g1`); zeros for the
        // letters O are read too, in the part before the square.
        let cut = t.rfind('-').map_or(t.len(), |i| i + 1);
        let cut = if t[cut..].chars().all(|c| c == '0' || c == 'O') {
            t.len()
        } else {
            cut
        };
        let t = format!("{}{}", t[..cut].replace('0', "O"), &t[cut..]);
        let (high, to) = match t.as_str() {
            "O-O" => (true, None),
            "O-O-O" => (false, None),
            _ => match (t.strip_prefix("O-O-O-"), t.strip_prefix("O-O-")) {
                (Some(sq), _) | (None, Some(sq)) => match g.parse_square(sq) {
                    Some(sq) => (!t.starts_with("O-O-O-"), Some(sq)),
                    None => return Ok(None),
                },
                _ => return Ok(None),
            },
        };
        let found: Vec<usize> = (0..legal.len())
            .filter(|&i| {
                legal[i].is_castle()
                    && legal[i].gate().is_none()
                    && (g.file(legal[i].to()) > g.file(legal[i].from())) == high
                    && to.is_none_or(|sq| legal[i].to() == sq)
            })
            .collect();
        match found.as_slice() {
            [i] => Ok(Some(legal[*i])),
            [] => Err(InputError::Illegal(Illegal::NoCastling { higher: high })),
            many => Err(InputError::Ambiguous(
                many.iter().map(|i| texts[*i].clone()).collect(),
            )),
        }
    }

    /// Reads a short form: a drop (`J@e5`, `J@e2e5`) or a board move (`Fd8`, `exd6`).
    fn pattern(&self, t: &str) -> Result<Pattern, InputError> {
        match t.split_once('@') {
            Some((letter, squares)) => self.drop_pattern(t, letter, squares),
            None => self.board_pattern(t),
        }
    }

    /// A drop: the piece letter, `@`, and the final square (`J@e5`) or, as in the long form,
    /// the drop square and the final square (`J@e2e5`).
    fn drop_pattern(&self, t: &str, letter: &str, sq: &str) -> Result<Pattern, InputError> {
        let g = &self.pos.variant().geometry;
        let mut ch = letter.chars();
        let (Some(c), None) = (ch.next(), ch.next()) else {
            return Err(unreadable(t, Unreadable::DropShape));
        };
        let c = c.to_ascii_uppercase();
        if self.pos.variant().kind_by_letter(c).is_none() {
            return Err(unreadable(t, Unreadable::UnknownLetter(c)));
        }
        // A check or mate mark after the squares (`N@f7+`, as game records write it).
        let sq = sq.trim_end_matches(['+', '#']);
        let (drop_from, to) = match (g.parse_square(sq), self.two_squares(sq)) {
            (Some(to), _) => (None, to),
            (None, Some((from, to))) => (Some(from), to),
            (None, None) => return Err(InputError::NoSuchSquare(sq.to_string())),
        };
        Ok(Pattern {
            letter: Some(c),
            to: Some(to),
            drop: true,
            drop_from,
            ..Pattern::default()
        })
    }

    /// A board move: an optional piece letter, an optional origin file, rank or square,
    /// an optional `x`, the destination and an optional promotion letter (`=`, `+` and `#`
    /// are ignored).
    fn board_pattern(&self, t: &str) -> Result<Pattern, InputError> {
        let g = &self.pos.variant().geometry;
        let mut p = Pattern::default();
        let mut s: Vec<char> = t
            .chars()
            .filter(|c| *c != '+' && *c != '#' && *c != '=')
            .collect();
        if s.first().is_some_and(|c| c.is_ascii_uppercase()) {
            let c = s.remove(0);
            if self.pos.variant().kind_by_letter(c).is_none() {
                return Err(unreadable(t, Unreadable::UnknownLetter(c)));
            }
            p.letter = Some(c);
        }
        p.promo = self.promotion_letter(t, &mut s)?;
        let text: String = s.iter().collect();
        // The destination is the last square in the text.
        let digits_at = text
            .rfind(|c: char| !c.is_ascii_digit())
            .ok_or_else(|| unreadable(t, Unreadable::NoSquare))?;
        let dest = &text[digits_at..];
        if dest.len() < 2 {
            return Err(unreadable(t, Unreadable::NoDestination));
        }
        p.to = Some(
            g.parse_square(dest)
                .ok_or_else(|| InputError::NoSuchSquare(dest.to_string()))?,
        );
        let mut head: &str = &text[..digits_at];
        if let Some(h) = head.strip_suffix('x') {
            p.capture = true;
            head = h;
        }
        if !head.is_empty() {
            self.origin(t, head, dest, &mut p)?;
        }
        Ok(p)
    }

    /// A promotion letter at the end of `s` (upper or lower case) after a square: taken off.
    fn promotion_letter(&self, t: &str, s: &mut Vec<char>) -> Result<Option<char>, InputError> {
        let g = &self.pos.variant().geometry;
        if s.len() < 3
            || !s.last().is_some_and(|c| c.is_ascii_alphabetic())
            || !s[s.len() - 2].is_ascii_digit()
        {
            return Ok(None);
        }
        let last = *s.last().unwrap();
        let c = last.to_ascii_uppercase();
        if self.pos.variant().kind_by_letter(c).is_none()
            && last.is_ascii_lowercase()
            && (last as u8 - b'a') < g.files()
        {
            // `e2e`: a square cut short rather than a promotion letter.
            return Err(unreadable(t, Unreadable::FileWithoutRank(last)));
        }
        s.pop();
        if self.pos.variant().kind_by_letter(c).is_none() {
            return Err(unreadable(t, Unreadable::UnknownLetter(c)));
        }
        Ok(Some(c))
    }

    /// The origin before the destination: a file, a rank or both (a square of the board).
    fn origin(&self, t: &str, head: &str, dest: &str, p: &mut Pattern) -> Result<(), InputError> {
        let g = &self.pos.variant().geometry;
        let b = head.as_bytes();
        let mut i = 0;
        if b[0].is_ascii_lowercase() {
            p.from_file = Some(b[0] - b'a');
            i = 1;
        }
        if i < b.len() {
            p.from_rank = Some(head[i..].parse::<i8>().map_err(|_| {
                unreadable(
                    t,
                    Unreadable::BadOrigin {
                        origin: head.to_string(),
                        dest: dest.to_string(),
                    },
                )
            })?);
        }
        if let (Some(f), Some(r)) = (p.from_file, p.from_rank)
            && g.square(f as i32, r as i32).is_none()
        {
            return Err(InputError::NoSuchSquare(head.to_string()));
        }
        Ok(())
    }

    /// Explains why no legal move matches.
    fn why_not(&self, t: &str, from: Option<Square>, to: Option<Square>) -> InputError {
        let g = &self.pos.variant().geometry;
        let us = self.pos.side_to_move();
        if let Some(f) = from {
            let p = self.pos.board()[f.index()];
            if p.is_empty() {
                return InputError::EmptySquare(g.name(f));
            }
            if !p.is_color(us) {
                return InputError::NotYourPiece(g.name(f));
            }
            let name = self.pos.variant().piece(p.kind()).name.to_lowercase();
            if let Some(to) = to {
                let mut pseudo = Vec::new();
                self.pos.gen_pseudo(us, &mut pseudo);
                if pseudo.iter().any(|m| m.from() == f && m.to() == to) {
                    return self.leaves_king_attacked(f, to);
                }
                return InputError::Illegal(Illegal::CannotMove {
                    piece: name,
                    from: g.name(f),
                    to: g.name(to),
                });
            }
        }
        InputError::Illegal(Illegal::NoMove(t.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Variant};

    use crate::testrng::Rng;

    /// In random games of every built-in game, every legal move's readable text reads
    /// back (as a player would type it) to that move and no other.
    #[test]
    fn every_readable_text_names_its_move_alone() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        let mut short = 0;
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            for _game in 0..3 {
                let mut pos = Position::start(&v);
                for _ply in 0..60 {
                    let legal = pos.legal_moves();
                    if legal.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let texts = pos.readable_texts(&legal);
                    for (m, text) in legal.iter().zip(&texts) {
                        // Worked out among all the legal moves: the same.
                        assert_eq!(*text, super::write(&pos, m, &legal));
                        let back = pos.parse_input(text);
                        assert_eq!(back, Ok(*m), "{name} {}: `{text}`", pos.fen());
                        checked += 1;
                        short += (*text != pos.move_text(m)) as usize;
                    }
                    pos.play_unchecked(&legal[rng.below(legal.len())]);
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
        // Nearly every move gets a short form; the long form is the exception.
        assert!(short * 100 > checked * 95, "{short} of {checked}");
    }

    #[test]
    fn readable_texts_of_the_start_of_birds_and_ninjas() {
        let v = Variant::builtin("birds-and-ninjas").unwrap();
        let mut pos = Position::start(&v);
        pos.play_text(&["e2e5", "e9e6"]).unwrap();
        let legal = pos.legal_moves();
        let mut texts = pos.readable_texts(&legal);
        texts.sort();
        assert_eq!(
            texts.join(" "),
            "Be2 Bf3 Bg4 Bh5 Bi6 Bj7 Fe2 Gc3 Gh3 J@e2 J@e3 J@e4 Ke2 Nb3 Nd3 Ne2 Ng3 Ni3 Qe2 Qe3 Qe4 a3 a4 a5 b3 b4 b5 c3 c4 c5 d3 d4 d5 f3 f4 f5 g3 g4 g5 h3 h4 h5 i3 i4 i5 j3 j4 j5"
        );
    }

    #[test]
    fn readable_texts_of_chess_with_checks_and_promotions() {
        let v = Variant::builtin("chess").unwrap();
        let p = Position::from_fen(&v, "r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1").unwrap();
        let read = |t: &str| p.readable_text_marked(&p.parse_input(t).unwrap());
        assert_eq!(read("b7b8q"), "b8=Q+");
        assert_eq!(read("b7a8r"), "bxa8=R+");
        assert_eq!(read("e1g1h1f1"), "O-O");
        assert_eq!(read("a1a8"), "Rxa8+");
        assert_eq!(read("h1h8"), "Rh8+");
        let p = Position::from_fen(&v, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(
            p.readable_text_marked(&p.parse_input("a1a8").unwrap()),
            "Ra8#"
        );
    }

    fn start(name: &str) -> Position {
        Position::start(&Variant::builtin(name).unwrap())
    }

    fn text(p: &Position, input: &str) -> String {
        match p.parse_input(input) {
            Ok(m) => p.move_text(&m),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn short_forms_resolve() {
        let p = start("chess");
        assert_eq!(text(&p, "e4"), "e2e4");
        assert_eq!(text(&p, "Nf3"), "g1f3");
        assert_eq!(text(&p, "g1f3"), "g1f3");
        assert_eq!(
            text(&p, "Nd4"),
            "error: illegal: no knight of White's can move to d4 (type `moves` to list the legal moves)"
        );
        assert_eq!(
            text(&p, "e2e5"),
            "error: illegal: the pawn on e2 cannot move to e5"
        );
        assert_eq!(text(&p, "e7e5"), "error: the piece on e7 is not yours");
        assert_eq!(text(&p, "e3e4"), "error: there is no piece on e3");
        assert_eq!(
            text(&p, "z9"),
            "error: there is no square `z9` on this board"
        );
    }

    #[test]
    fn drops_by_final_square_and_castling_by_king_move() {
        let p = start("birds-and-ninjas");
        let mut q = p.clone();
        q.play_text(&["e2e5", "e9e6"]).unwrap();
        assert_eq!(text(&q, "J@e4"), "J@e2e4");
        assert_eq!(text(&q, "J@e2"), "J@e2");
        let v = Variant::builtin("birds-and-ninjas").unwrap();
        let c = Position::from_fen(&v, "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GR3K2RG/FF[JJJJjjjj] w BIbi - 0 1").unwrap();
        assert_eq!(text(&c, "f1h1"), "f1h1i1g1");
        assert_eq!(text(&c, "Kh1"), "f1h1i1g1");
        assert_eq!(
            text(&c, "Kg1"),
            "error: ambiguous: could be f1g1 or f1g1i1f1"
        );
        assert_eq!(
            text(&c, "O-O"),
            "error: ambiguous: could be f1g1i1f1 or f1h1i1g1 or f1i1i1h1"
        );
        // The castling to g1 shares `Kg1` with the king's step: it is written with the
        // king's square, and that reads back.
        let legal = c.legal_moves();
        let castle = *legal.iter().find(|m| c.move_text(m) == "f1g1i1f1").unwrap();
        assert_eq!(c.readable_text(&castle), "O-O-g1");
        assert_eq!(text(&c, "O-O-g1"), "f1g1i1f1");
        assert_eq!(text(&c, "0-0-g1"), "f1g1i1f1");
        // The step itself has no short form that names it alone (`Kg1` could be either).
        let step = *legal.iter().find(|m| c.move_text(m) == "f1g1").unwrap();
        assert_eq!(c.readable_text(&step), "f1g1");
    }

    #[test]
    fn separators_drops_and_reasons() {
        let p = start("birds-and-ninjas");
        assert_eq!(text(&p, "e2-e5"), "e2e5");
        assert_eq!(text(&p, "e2 e5"), "e2e5");
        assert_eq!(
            text(&p, "J@e2e7"),
            "error: illegal: a ninja pawn cannot be dropped on e2 and pushed to e7 now (type `moves` to list the drops)"
        );
        assert_eq!(
            text(&p, "F@e2"),
            "error: illegal: White has no flying bomber in reserve"
        );
        assert_eq!(
            text(&p, "e2e"),
            "error: `e2e` is not a move: `e` at the end is a file without a rank (a square is a file and a rank, like `e4`)"
        );
    }

    #[test]
    fn illegal_because_of_check() {
        let v = Variant::builtin("chess").unwrap();
        let p = Position::from_fen(&v, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
        assert_eq!(text(&p, "Kxe2"), "e1e2");
        assert_eq!(
            text(&p, "e1d2"),
            "error: illegal: White's king would be attacked on d2"
        );
    }
}
