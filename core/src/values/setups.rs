//! The imbalance setups of a values study (docs/values.md, "Setups"): from a game's start
//! position, one side is given a material imbalance (a piece removed, traded for another
//! piece or for pawns, a pawn given as odds, a piece in hand removed or put on the board),
//! and the same imbalance is given to the other side in the mirrored position, so that a
//! match plays each setup with colours swapped. Every position is read back with the
//! game's own position reader, and its material is counted from the position itself.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::setup::{Setup, SetupData, write_data};
use crate::types::{ByColor, Color, Kind, Piece, Square};
use crate::variant::Variant;

/// One term of a material balance: a piece kind on the board, or in hand.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Term {
    /// The piece's id (`rook`, `ninja-pawn`).
    pub piece: String,
    /// In hand (the reserve) rather than on the board.
    pub in_hand: bool,
}

impl Term {
    /// A piece on the board.
    pub fn board(piece: &str) -> Term {
        Term {
            piece: piece.to_string(),
            in_hand: false,
        }
    }

    /// A piece in hand.
    pub fn hand(piece: &str) -> Term {
        Term {
            piece: piece.to_string(),
            in_hand: true,
        }
    }
}

impl std::fmt::Display for Term {
    /// `rook`, `ninja-pawn in hand`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.piece)?;
        if self.in_hand {
            f.write_str(" in hand")?;
        }
        Ok(())
    }
}

/// How many pieces of one term each side has in a setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Count {
    /// The piece and where it is.
    pub term: Term,
    /// The side given the imbalance.
    pub studied: u32,
    /// Its opponent.
    pub opponent: u32,
}

/// A term of a material difference: the studied side's count minus its opponent's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Diff {
    /// The piece and where it is.
    pub term: Term,
    /// The studied side's count minus its opponent's (never 0 in a difference).
    pub count: i32,
}

/// What was changed in the start position, for the side given the imbalance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "change", rename_all = "kebab-case")]
pub enum SetupChange {
    /// The pawn-odds calibration: one pawn removed (the f-pawn of chess, see docs/values.md).
    PawnOdds {
        /// The pawn's id.
        pawn: String,
    },
    /// A piece removed from the board.
    Removed {
        /// The piece's id.
        piece: String,
    },
    /// A piece on the board replaced by another on the same square.
    Replaced {
        /// The piece that was there.
        from: String,
        /// The piece put in its place.
        to: String,
    },
    /// A piece removed, and the opponent's pawns removed in exchange.
    ForPawns {
        /// The piece's id.
        piece: String,
        /// The pawns' id.
        pawn: String,
        /// How many of the opponent's pawns were removed.
        pawns: u32,
    },
    /// A piece in hand removed from the reserve.
    HandRemoved {
        /// The piece's id.
        piece: String,
    },
    /// A piece in hand put on the board instead (the opponent keeps its own in hand).
    HandOnBoard {
        /// The piece's id.
        piece: String,
    },
}

/// One imbalance setup, given to either colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Imbalance {
    /// A name unique within the study (`rook removed`, `knight for 3 pawns`), the key under
    /// which a match's results are merged.
    pub name: String,
    /// The piece this setup studies.
    pub studied: String,
    /// What was changed.
    pub change: SetupChange,
    /// The position where White has the imbalance.
    pub white: String,
    /// The mirrored position where Black has it.
    pub black: String,
    /// The material of each side, counted from the positions (the same in both).
    pub material: Vec<Count>,
    /// The studied side's material minus its opponent's, the terms that differ.
    pub difference: Vec<Diff>,
}

impl Imbalance {
    /// The position where `color` has the imbalance.
    pub fn position(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// The setups of a values study of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Study {
    /// The game's name.
    pub game: String,
    /// The pawn that is the unit of the values (worth 1 by definition): the one the
    /// pawn-odds setup removes.
    pub unit: Term,
    /// The pawn-odds setup first, then the setups of each studied piece.
    pub setups: Vec<Imbalance>,
    /// The pieces asked for that no setup could study, each with the reason.
    pub skipped: Vec<Skipped>,
}

/// A studied piece, or one setup of it, that could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Skipped {
    /// The piece's id.
    pub piece: String,
    /// Why.
    pub reason: String,
}

/// Why a study cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StudyError {
    /// The game's start position has no pawn to give as odds.
    #[error(
        "{game} has no pawn on the board in its start position, so there is no pawn-odds setup to calibrate the values in pawns (a piece with `pawn = true`, docs/format.md)"
    )]
    NoPawn {
        /// The game's name.
        game: String,
    },
    /// The two sides start with different pieces.
    #[error(
        "{game}'s two sides start with different pieces, so no setup can be played with the same material from either side (the study needs armies alike)"
    )]
    UnequalArmies {
        /// The game's name.
        game: String,
    },
    /// A name that is no piece of the game.
    #[error(
        "`{name}` is not a piece of {game}: its pieces are {pieces} (an id, a name or a letter)"
    )]
    UnknownPiece {
        /// The name asked for.
        name: String,
        /// The game's name.
        game: String,
        /// The game's piece ids.
        pieces: String,
    },
    /// A piece asked for is the royal piece, which has no value.
    #[error("`{piece}` is the royal piece of {game}: it cannot be traded, so it has no value")]
    Royal {
        /// The piece's id.
        piece: String,
        /// The game's name.
        game: String,
    },
}

/// The piece kinds that `names` name (the `--piece` arguments of `fairyforge values`): each
/// a piece's id (`ninja-guard`), its name in any case (`Ninja Guard`) or its letter (`G`).
pub fn pieces_named(variant: &Variant, names: &[&str]) -> Result<Vec<Kind>, StudyError> {
    let mut out = Vec::new();
    for &name in names {
        let found = variant.kinds().find(|&k| {
            let p = variant.piece(k);
            p.id() == name
                || p.name().eq_ignore_ascii_case(name)
                || (name.chars().count() == 1
                    && name.chars().next().map(|c| c.to_ascii_uppercase()) == Some(p.letter()))
        });
        match found {
            Some(k) if !out.contains(&k) => out.push(k),
            Some(_) => {}
            None => {
                let ids: Vec<&str> = variant.pieces().iter().map(|p| p.id()).collect();
                return Err(StudyError::UnknownPiece {
                    name: name.to_string(),
                    game: variant.name().to_string(),
                    pieces: ids.join(", "),
                });
            }
        }
    }
    Ok(out)
}

/// The setups of a values study of `variant` (the options in force are those it was
/// compiled with). `pieces` are the piece kinds studied; empty means every piece but the
/// royal one and the unit pawn. A piece that no setup can reach is listed in `skipped`.
pub fn study(variant: &Arc<Variant>, pieces: &[Kind]) -> Result<Study, StudyError> {
    let start = Setup::parse_data(variant, variant.setup()).expect("the setup was checked");
    let no_pawn = || StudyError::NoPawn {
        game: variant.name().to_string(),
    };
    let unit = unit_pawn(variant, &start).ok_or_else(no_pawn)?;
    if !equal_armies(variant, &start) {
        return Err(StudyError::UnequalArmies {
            game: variant.name().to_string(),
        });
    }
    let b = Builder {
        v: variant,
        start: &start,
        unit,
        rotated: rotated(variant, &start),
    };
    let mut setups = vec![b.pawn_odds().ok_or_else(no_pawn)?];
    let studied = studied_pieces(variant, unit, pieces);
    for (i, &k) in studied.iter().enumerate() {
        let p = variant.piece(k);
        if p.is_royal() {
            return Err(StudyError::Royal {
                piece: p.id().to_string(),
                game: variant.name().to_string(),
            });
        }
        b.piece_setups(k, &studied[..i], &mut setups);
    }
    let skipped = unchanged(variant, &studied, &setups);
    Ok(Study {
        game: variant.name().to_string(),
        unit: Term::board(variant.piece(unit).id()),
        setups,
        skipped,
    })
}

/// Whether both sides start with the same pieces, on the board and in reserve.
fn equal_armies(variant: &Variant, start: &SetupData) -> bool {
    let count = |k: Kind, c: Color| {
        let on = start
            .board
            .iter()
            .filter(|p| **p == Piece::new(k, c))
            .count();
        on + start.reserves[c][k.index()] as usize
    };
    variant
        .kinds()
        .all(|k| count(k, Color::White) == count(k, Color::Black))
}

/// The pieces to study: those asked, each once and in the order asked, or else every
/// piece but the royal one and the unit pawn.
fn studied_pieces(variant: &Variant, unit: Kind, pieces: &[Kind]) -> Vec<Kind> {
    if pieces.is_empty() {
        return variant
            .kinds()
            .filter(|&k| Some(k) != variant.royal_kind() && k != unit)
            .collect();
    }
    let mut once = Vec::new();
    for &k in pieces {
        if !once.contains(&k) {
            once.push(k);
        }
    }
    once
}

/// The studied pieces that no setup changes (a trade made by a piece studied before
/// counts as a change), each with why.
fn unchanged(variant: &Variant, studied: &[Kind], setups: &[Imbalance]) -> Vec<Skipped> {
    let mut skipped = Vec::new();
    for &k in studied {
        let id = variant.piece(k).id();
        let changed = setups
            .iter()
            .any(|s| s.difference.iter().any(|d| d.term.piece == id));
        if !changed {
            skipped.push(Skipped {
                piece: id.to_string(),
                reason: "it is neither on the board nor in hand, and no piece of its side can be replaced by it legally".to_string(),
            });
        }
    }
    skipped
}

/// The unit pawn: the pawn kind White has most of on the board at the start (the first
/// such kind of the game on a tie).
fn unit_pawn(v: &Variant, start: &SetupData) -> Option<Kind> {
    let mut best: Option<(Kind, usize)> = None;
    for k in v.kinds().filter(|&k| v.piece(k).is_pawn()) {
        let n = squares_of(start, k, Color::White).len();
        if n > 0 && best.is_none_or(|(_, m)| n > m) {
            best = Some((k, n));
        }
    }
    best.map(|(k, _)| k)
}

/// The squares holding `color`'s pieces of `kind`.
fn squares_of(d: &SetupData, kind: Kind, color: Color) -> Vec<Square> {
    (0..d.board.len())
        .filter(|&i| d.board[i] == Piece::new(kind, color))
        .map(|i| Square(i as u16))
        .collect()
}

/// One side's change of a position: applied to White, or to Black on the mirror squares.
type Edit<'a> = &'a dyn Fn(&mut SetupData, Color) -> Option<()>;

/// An edit held among the candidates of a setup.
type EditBox<'a> = Box<dyn Fn(&mut SetupData, Color) -> Option<()> + 'a>;

struct Builder<'a> {
    v: &'a Arc<Variant>,
    start: &'a SetupData,
    unit: Kind,
    /// Black's army is White's turned half a turn (each square's counterpart lies across
    /// the centre point), not White's mirror image across the middle line.
    rotated: bool,
}

/// Whether Black's start is White's turned half a turn rather than mirrored: true when the
/// mirror image does not match piece for piece and the half turn does (a start such as
/// Modern chess's, whose queen and minister face each other's opposite).
fn rotated(v: &Variant, start: &SetupData) -> bool {
    let g = v.geometry();
    let matches = |map: &dyn Fn(Square) -> Option<Square>| {
        g.squares().all(|sq| {
            let p = start.board[sq.index()];
            if p.is_empty() || p.color() != Color::White {
                return true;
            }
            map(sq).is_some_and(|o| start.board[o.index()] == Piece::new(p.kind(), Color::Black))
        })
    };
    !matches(&|sq| g.mirror(sq)) && matches(&|sq| half_turn(v, sq))
}

/// The square across the board's centre point from `sq`, if it exists.
fn half_turn(v: &Variant, sq: Square) -> Option<Square> {
    let g = v.geometry();
    let (f, _) = g.coords(sq);
    g.mirror(sq)
        .and_then(|m| g.square(g.files() as i32 - 1 - f as i32, g.rank(m) as i32))
}

impl Builder<'_> {
    fn id(&self, k: Kind) -> String {
        self.v.piece(k).id().to_string()
    }

    /// The file of `color`'s royal piece, if it has one on the board.
    fn king_file(&self, d: &SetupData, color: Color) -> Option<i32> {
        let k = self.v.royal_kind()?;
        let sq = *squares_of(d, k, color).first()?;
        Some(self.v.geometry().file(sq) as i32)
    }

    /// The king's short side: +1 when the nearer board edge is toward the higher files
    /// (chess: the h-file), -1 otherwise; +1 without a king or on a tie.
    fn short_side(&self, d: &SetupData) -> i32 {
        let files = self.v.geometry().files() as i32;
        match self.king_file(d, Color::White) {
            Some(f) if f < files - 1 - f => -1,
            _ => 1,
        }
    }

    /// `color`'s pieces of `kind` in the order a setup takes them: farthest from its own
    /// king first (king distance), then the lower file, then the lower rank as `color`
    /// sees it. Chess: the a-rook, the b-knight, the c-bishop.
    fn instances(&self, d: &SetupData, kind: Kind, color: Color) -> Vec<Square> {
        let g = self.v.geometry();
        let king = self
            .v
            .royal_kind()
            .and_then(|k| squares_of(d, k, color).first().copied());
        let mut sqs = squares_of(d, kind, color);
        sqs.sort_by_key(|&sq| {
            let dist = king.map_or(0, |k| {
                let (f, r) = (g.file(sq) as i32, g.rank(sq) as i32);
                let (kf, kr) = (g.file(k) as i32, g.rank(k) as i32);
                (f - kf).abs().max((r - kr).abs())
            });
            (-dist, g.file(sq), g.relative_rank(g.rank(sq), color))
        });
        sqs
    }

    /// `color`'s pawns of the unit kind ordered by their file's distance from `target`,
    /// the king's short side first on a tie, then the lower rank as `color` sees it.
    fn pawns_from(&self, d: &SetupData, color: Color, target2: i32) -> Vec<Square> {
        let g = self.v.geometry();
        let short = self.short_side(d);
        let mut sqs = squares_of(d, self.unit, color);
        // Distances in half files, so that the centre of an even board is exact.
        sqs.sort_by_key(|&sq| {
            let f2 = 2 * g.file(sq) as i32;
            let off = f2 - target2;
            (
                off.abs(),
                -(off.signum() * short),
                g.relative_rank(g.rank(sq), color),
            )
        });
        sqs
    }

    /// Applies `edit` to White and, mirrored, to Black, drops the castling rights whose
    /// rook left its square, and keeps the pair when both positions are legal and neither
    /// side to move is in check.
    fn both(&self, edit: Edit) -> Option<ByColor<(String, SetupData)>> {
        let mut out = Vec::new();
        for color in Color::BOTH {
            let mut d = self.start.clone();
            edit(&mut d, color)?;
            self.fix_castling(&mut d);
            let text = write_data(self.v, &d);
            let setup = Setup::parse(self.v, &text).ok()?;
            if crate::position::Position::from_setup(setup).is_check() {
                return None;
            }
            out.push((text, d));
        }
        let black = out.pop()?;
        let white = out.pop()?;
        Some(ByColor::new(white, black))
    }

    /// Castling rights only for a castling rook still on its home square.
    fn fix_castling(&self, d: &mut SetupData) {
        let Some(cs) = &self.v.castling else { return };
        for r in &cs.rooks {
            if d.board[r.rook_home.index()] != Piece::new(cs.rook_kind, r.color) {
                d.castling = d.castling.without(r.right);
            }
        }
    }

    /// Builds the imbalance from the first candidate edit that gives legal positions.
    fn first(
        &self,
        name: String,
        studied: Kind,
        change: SetupChange,
        edits: &[EditBox<'_>],
    ) -> Option<Imbalance> {
        let pair = edits.iter().find_map(|e| self.both(e.as_ref()))?;
        let (material, difference) = self.material(&pair[Color::White].1, Color::White);
        Some(Imbalance {
            name,
            studied: self.id(studied),
            change,
            white: pair[Color::White].0.clone(),
            black: pair[Color::Black].0.clone(),
            material,
            difference,
        })
    }

    /// The material of each side of `d`, `studied` being the side given the imbalance,
    /// and the difference.
    fn material(&self, d: &SetupData, studied: Color) -> (Vec<Count>, Vec<Diff>) {
        let mut counts = Vec::new();
        for k in self.v.kinds() {
            if Some(k) == self.v.royal_kind() {
                continue;
            }
            let id = self.id(k);
            let on_board = ByColor::from_fn(|c| squares_of(d, k, c).len() as u32);
            let in_hand = ByColor::from_fn(|c| d.reserves[c][k.index()] as u32);
            for (term, n) in [(Term::board(&id), on_board), (Term::hand(&id), in_hand)] {
                if n[Color::White] + n[Color::Black] > 0 {
                    counts.push(Count {
                        term,
                        studied: n[studied],
                        opponent: n[!studied],
                    });
                }
            }
        }
        let diffs = counts
            .iter()
            .filter(|c| c.studied != c.opponent)
            .map(|c| Diff {
                term: c.term.clone(),
                count: c.studied as i32 - c.opponent as i32,
            })
            .collect();
        (counts, diffs)
    }

    /// The pawn-odds calibration: the unit pawn on the file next to the king toward its
    /// short side (chess: the f-pawn), else the nearest such pawn.
    fn pawn_odds(&self) -> Option<Imbalance> {
        let target = self.king_file(self.start, Color::White).map_or_else(
            || self.v.geometry().files() as i32 - 1,
            |f| f + self.short_side(self.start),
        );
        let edits: Vec<EditBox<'_>> = self
            .pawns_from(self.start, Color::White, 2 * target)
            .into_iter()
            .map(|sq| self.remove_at(sq))
            .collect();
        let pawn = self.id(self.unit);
        self.first(
            "pawn odds".to_string(),
            self.unit,
            SetupChange::PawnOdds { pawn },
            &edits,
        )
    }

    /// An edit removing the piece on White's `sq` (Black's mirror square for Black).
    fn remove_at(&self, sq: Square) -> EditBox<'_> {
        self.put_at(sq, None)
    }

    /// An edit putting `kind` (or nothing) on White's `sq`, Black's mirror for Black.
    fn put_at(&self, sq: Square, kind: Option<Kind>) -> EditBox<'_> {
        Box::new(move |d: &mut SetupData, c: Color| {
            let s = self.side_square(sq, c)?;
            d.board[s.index()] = kind.map_or(Piece::EMPTY, |k| Piece::new(k, c));
            Some(())
        })
    }

    /// White's square `sq` as `color` sees it.
    fn side_square(&self, sq: Square, color: Color) -> Option<Square> {
        match color {
            Color::White => Some(sq),
            Color::Black => self.counterpart(sq),
        }
    }

    /// The square of the other army that answers `sq` in the start position: its mirror
    /// image, or the square a half turn away when the armies face each other so.
    fn counterpart(&self, sq: Square) -> Option<Square> {
        if self.rotated {
            half_turn(self.v, sq)
        } else {
            self.v.geometry().mirror(sq)
        }
    }

    /// Every setup of one studied piece.
    /// `earlier` are the pieces studied before this one, whose trades are not repeated.
    fn piece_setups(&self, k: Kind, earlier: &[Kind], out: &mut Vec<Imbalance>) {
        let id = self.id(k);
        let on_board = self.instances(self.start, k, Color::White);
        let pawn = self.v.piece(k).is_pawn();
        if k == self.unit {
            return;
        }
        if !on_board.is_empty() {
            let edits: Vec<_> = on_board.iter().map(|&sq| self.remove_at(sq)).collect();
            let change = SetupChange::Removed { piece: id.clone() };
            out.extend(self.first(format!("{id} removed"), k, change, &edits));
            self.for_pawns(k, &on_board, out);
        }
        if !pawn {
            self.trades(k, &on_board, earlier, out);
        }
        if self.start.reserves[Color::White][k.index()] > 0 {
            self.hand(k, out);
        }
    }

    /// The piece traded for pawns: removed, and as many of the opponent's unit pawns
    /// removed as the file's values make it worth (at least one, at most all but one),
    /// those on the files nearest the centre first.
    fn for_pawns(&self, k: Kind, on_board: &[Square], out: &mut Vec<Imbalance>) {
        let unit_value = self.v.piece(self.unit).value().max(1) as f64;
        let worth = (self.v.piece(k).value() as f64 / unit_value).round() as i64;
        let centre2 = self.v.geometry().files() as i32 - 1;
        let theirs = self.pawns_from(self.start, Color::Black, centre2);
        let most = theirs.len() as i64 - 1;
        if most < 1 {
            return;
        }
        let n = worth.clamp(1, most) as usize;
        let id = self.id(k);
        let pawn = self.id(self.unit);
        // Black's pawns, written as White's squares of the other side: the edit mirrors.
        let taken: Vec<Square> = theirs[..n]
            .iter()
            .filter_map(|&sq| self.counterpart(sq))
            .collect();
        let edits: Vec<EditBox<'_>> = on_board
            .iter()
            .map(|&sq| {
                let taken = taken.clone();
                Box::new(move |d: &mut SetupData, c: Color| {
                    let s = self.side_square(sq, c)?;
                    d.board[s.index()] = Piece::EMPTY;
                    for &t in &taken {
                        // `t` is the opponent's pawn as White would see it; for White
                        // the opponent is Black, on the mirror square.
                        let theirs = self.side_square(t, !c)?;
                        d.board[theirs.index()] = Piece::EMPTY;
                    }
                    Some(())
                }) as EditBox<'_>
            })
            .collect();
        let change = SetupChange::ForPawns {
            piece: id.clone(),
            pawn,
            pawns: n as u32,
        };
        let plural = if n == 1 { "pawn" } else { "pawns" };
        out.extend(self.first(format!("{id} for {n} {plural}"), k, change, &edits));
    }

    /// The piece traded for each other piece of the game (neither royal nor a pawn): on the
    /// board, the studied piece is replaced by the other; a piece that is not on the board
    /// takes the place of the other instead. A pair already traded by a piece studied
    /// earlier (`earlier`) is not repeated: that piece's pass made the same position.
    fn trades(&self, k: Kind, on_board: &[Square], earlier: &[Kind], out: &mut Vec<Imbalance>) {
        let id = self.id(k);
        for y in self.v.kinds() {
            let py = self.v.piece(y);
            if y == k || py.is_royal() || py.is_pawn() {
                continue;
            }
            if earlier.contains(&y) {
                continue;
            }
            let yid = self.id(y);
            let (from, to, squares) = if !on_board.is_empty() {
                (k, y, on_board.to_vec())
            } else {
                (y, k, self.instances(self.start, y, Color::White))
            };
            if squares.is_empty() {
                continue;
            }
            let edits: Vec<_> = squares
                .iter()
                .map(|&sq| self.put_at(sq, Some(to)))
                .collect();
            let change = SetupChange::Replaced {
                from: self.id(from),
                to: self.id(to),
            };
            let name = if from == k {
                format!("{id} for {yid}")
            } else {
                format!("{id} in place of {yid}")
            };
            out.extend(self.first(name, k, change, &edits));
        }
    }

    /// A piece in hand: one removed from the reserve, and one put on the board instead of
    /// in hand. It goes on an empty square of its drop zone, else an empty square a drop
    /// could be pushed to; the lowest rank as its side sees it first, then the file
    /// nearest the centre (toward the higher files on a tie).
    fn hand(&self, k: Kind, out: &mut Vec<Imbalance>) {
        let id = self.id(k);
        let edits = vec![Box::new(move |d: &mut SetupData, c: Color| {
            d.reserves[c][k.index()] = d.reserves[c][k.index()].checked_sub(1)?;
            Some(())
        }) as EditBox<'_>];
        let change = SetupChange::HandRemoved { piece: id.clone() };
        out.extend(self.first(format!("{id} in hand removed"), k, change, &edits));

        let g = self.v.geometry();
        let table = &self.v.drops[(k, Color::White)];
        let empty = |sq: Square| self.start.board[sq.index()].is_empty();
        let mut zone: Vec<Square> = table.squares.iter().map(|&(sq, _)| sq).collect();
        if !zone.iter().any(|&sq| empty(sq)) {
            zone = table
                .squares
                .iter()
                .flat_map(|&(_, push)| self.v.ray(push).iter().map(|s| s.square()))
                .collect();
        }
        zone.retain(|&sq| empty(sq));
        let centre2 = g.files() as i32 - 1;
        zone.sort_by_key(|&sq| {
            let off = 2 * g.file(sq) as i32 - centre2;
            (g.rank(sq), off.abs(), -off.signum())
        });
        zone.dedup();
        let edits: Vec<EditBox<'_>> = zone
            .into_iter()
            .map(|sq| {
                Box::new(move |d: &mut SetupData, c: Color| {
                    d.reserves[c][k.index()] = d.reserves[c][k.index()].checked_sub(1)?;
                    let s = self.side_square(sq, c)?;
                    d.board[s.index()] = Piece::new(k, c);
                    Some(())
                }) as EditBox<'_>
            })
            .collect();
        let change = SetupChange::HandOnBoard { piece: id.clone() };
        out.extend(self.first(format!("{id} on the board, not in hand"), k, change, &edits));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Arc<Variant> {
        Variant::builtin("chess").unwrap()
    }

    fn tower_chess() -> Arc<Variant> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/tower-chess.toml"
        );
        Variant::load(path).unwrap()
    }

    fn find<'a>(s: &'a Study, name: &str) -> &'a Imbalance {
        s.setups.iter().find(|i| i.name == name).unwrap_or_else(|| {
            let names: Vec<&str> = s.setups.iter().map(|i| i.name.as_str()).collect();
            panic!("no setup `{name}` among {names:?}")
        })
    }

    fn diff(i: &Imbalance) -> Vec<(String, i32)> {
        i.difference
            .iter()
            .map(|d| (d.term.to_string(), d.count))
            .collect()
    }

    fn d(pairs: &[(&str, i32)]) -> Vec<(String, i32)> {
        pairs.iter().map(|(t, n)| (t.to_string(), *n)).collect()
    }

    #[test]
    fn chess_pawn_odds_removes_the_f_pawn_of_either_side() {
        let s = study(&chess(), &[]).unwrap();
        assert_eq!(s.unit, Term::board("chess-pawn"));
        let odds = &s.setups[0];
        assert_eq!(odds.name, "pawn odds");
        assert_eq!(
            odds.white,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(
            odds.black,
            "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(diff(odds), d(&[("chess-pawn", -1)]));
    }

    #[test]
    fn chess_setups_of_the_rook_and_the_knight() {
        let s = study(&chess(), &[]).unwrap();
        let names: Vec<&str> = s.setups.iter().map(|i| i.name.as_str()).collect();
        // Each pair of pieces is traded once, by the piece studied first.
        assert_eq!(
            names,
            [
                "pawn odds",
                "queen removed",
                "queen for 7 pawns",
                "queen for rook",
                "queen for bishop",
                "queen for knight",
                "rook removed",
                "rook for 5 pawns",
                "rook for bishop",
                "rook for knight",
                "bishop removed",
                "bishop for 3 pawns",
                "bishop for knight",
                "knight removed",
                "knight for 3 pawns",
            ]
        );
        // The a-rook goes, with its castling right.
        let r = find(&s, "rook removed");
        assert_eq!(
            r.white,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"
        );
        assert_eq!(
            r.black,
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1"
        );
        assert_eq!(diff(r), d(&[("rook", -1)]));
        // The b-knight for Black's e-, d- and f-pawns (the files nearest the centre, the
        // king's side first on a tie): chess.toml values the knight at 3 pawns.
        let n = find(&s, "knight for 3 pawns");
        assert_eq!(
            n.white,
            "rnbqkbnr/ppp3pp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"
        );
        assert_eq!(
            n.black,
            "r1bqkbnr/pppppppp/8/8/8/8/PPP3PP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(diff(n), d(&[("knight", -1), ("chess-pawn", 3)]));
        let t = find(&s, "bishop for knight");
        assert_eq!(
            t.white,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNNQKBNR w KQkq - 0 1"
        );
        assert_eq!(
            t.black,
            "rnnqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(diff(t), d(&[("bishop", -1), ("knight", 1)]));
        // Nine pawns' worth, but one pawn of the eight stays.
        let q = find(&s, "queen for 7 pawns");
        assert_eq!(
            q.white,
            "rnbqkbnr/p7/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"
        );
    }

    /// Counts every term of a position from the position reader's own answers.
    fn counted(v: &Arc<Variant>, text: &str, studied: Color) -> Vec<Count> {
        let setup = Setup::parse(v, text).unwrap();
        let mut out = Vec::new();
        for k in v.kinds().filter(|&k| Some(k) != v.royal_kind()) {
            let id = v.piece(k).id();
            let on = |c: Color| {
                v.geometry()
                    .squares()
                    .filter(|&sq| setup.piece_at(sq) == Some((k, c)))
                    .count() as u32
            };
            let hand = |c: Color| setup.reserve(c, k) as u32;
            for (term, n) in [
                (Term::board(id), ByColor::from_fn(on)),
                (Term::hand(id), ByColor::from_fn(hand)),
            ] {
                if n[Color::White] + n[Color::Black] > 0 {
                    out.push(Count {
                        term,
                        studied: n[studied],
                        opponent: n[!studied],
                    });
                }
            }
        }
        out
    }

    #[test]
    fn every_setup_of_every_built_in_game_is_legal_mirrored_and_counted() {
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            let no_pawn = !v.kinds().any(|k| v.piece(k).is_pawn());
            let s = match study(&v, &[]) {
                // A game whose pawns are not marked `pawn` has no unit to count in.
                Err(StudyError::NoPawn { .. }) if no_pawn => continue,
                // Chigorin Chess, Sort of Almost Chess: each side its own pieces.
                Err(StudyError::UnequalArmies { .. })
                    if ["chigorin", "sortofalmost"].contains(&name) =>
                {
                    continue;
                }
                r => r.unwrap(),
            };
            let mut names: Vec<&str> = s.setups.iter().map(|i| i.name.as_str()).collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), s.setups.len(), "{name}: names repeat");
            for i in &s.setups {
                let white = counted(&v, &i.white, Color::White);
                let black = counted(&v, &i.black, Color::Black);
                assert_eq!(white, i.material, "{name}: {} (White)", i.name);
                assert_eq!(black, i.material, "{name}: {} (Black)", i.name);
                assert!(!i.difference.is_empty(), "{name}: {}", i.name);
                for d in &i.difference {
                    let c = i.material.iter().find(|c| c.term == d.term).unwrap();
                    assert_eq!(d.count, c.studied as i32 - c.opponent as i32);
                }
                for pos in [&i.white, &i.black] {
                    let p = crate::position::Position::from_setup(Setup::parse(&v, pos).unwrap());
                    assert!(!p.is_check(), "{name}: {} {pos}", i.name);
                }
            }
            assert_eq!(
                s.setups[0].difference,
                [Diff {
                    term: s.unit.clone(),
                    count: -1
                }]
            );
            // Every piece but the king and the unit is studied, or said to be skipped.
            for k in v.kinds().filter(|&k| Some(k) != v.royal_kind()) {
                let id = v.piece(k).id();
                if Term::board(id) == s.unit {
                    continue;
                }
                let changed = s
                    .setups
                    .iter()
                    .any(|i| i.difference.iter().any(|d| d.term.piece == id));
                let skipped = s.skipped.iter().any(|x| x.piece == id);
                assert!(
                    !(changed && skipped),
                    "{name}: {id} both studied and skipped"
                );
                let done = changed || skipped;
                assert!(done, "{name}: {id} neither studied nor skipped");
            }
        }
    }

    #[test]
    fn a_tower_is_studied_like_the_rook_it_is() {
        let v = tower_chess();
        let t = v.kind_by_id("tower").unwrap();
        let s = study(&v, &[t, t]).unwrap();
        let names: Vec<&str> = s.setups.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "pawn odds",
                "tower removed",
                "tower for 4 pawns",
                "tower for queen",
                "tower for rook",
                "tower for bishop",
                "tower for knight",
            ]
        );
        let r = find(&s, "tower removed");
        assert_eq!(
            r.white,
            "tnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Hh - 0 1"
        );
        assert_eq!(
            r.black,
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/TNBQKBNR w Hh - 0 1"
        );
        assert_eq!(diff(r), d(&[("tower", -1)]));
        // The tower becomes a rook where it stands: the material is that of chess.
        let x = find(&s, "tower for rook");
        assert_eq!(
            x.white,
            "tnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Hh - 0 1"
        );
        assert_eq!(diff(x), d(&[("rook", 1), ("tower", -1)]));
        let p = find(&s, "tower for 4 pawns");
        assert_eq!(
            p.white,
            "tnbqkbnr/pp4pp/8/8/8/8/PPPPPPPP/1NBQKBNR w Hh - 0 1"
        );
        assert_eq!(diff(p), d(&[("tower", -1), ("chess-pawn", 4)]));
    }

    #[test]
    fn pieces_in_hand_and_pieces_only_promoted_to() {
        let v = Variant::builtin("stealth-ninja").unwrap();
        let s = study(&v, &[]).unwrap();
        // The king is on f1 of ten files: its short side is toward j, the odds pawn g2.
        assert_eq!(
            s.setups[0].white,
            "ww/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPP1PPP/GRNBQKBNRG/WW[YAJJJJyajjjj] w BIbi - 0 1"
        );
        // A ninja pawn in hand: one fewer, or one on the board (its drop zone, rank 2, is
        // full: it goes where a drop is pushed, rank 3, the file nearest the centre).
        let h = find(&s, "ninja-pawn in hand removed");
        assert_eq!(diff(h), d(&[("ninja-pawn in hand", -1)]));
        assert!(
            h.white.ends_with("[YAJJJyajjjj] w BIbi - 0 1"),
            "{}",
            h.white
        );
        let b = find(&s, "ninja-pawn on the board, not in hand");
        assert_eq!(diff(b), d(&[("ninja-pawn", 1), ("ninja-pawn in hand", -1)]));
        assert_eq!(
            b.white,
            "ww/grnbqkbnrg/pppppppppp/10/10/10/10/10/5J4/PPPPPPPPPP/GRNBQKBNRG/WW[YAJJJyajjjj] w BIbi - 0 1"
        );
        // The Insane Ninja is on no board: it takes the place of other pieces (of the
        // queen when the queen is traded for it).
        let i = find(&s, "queen for insane-ninja");
        assert_eq!(diff(i), d(&[("queen", -1), ("insane-ninja", 1)]));
        assert!(i.white.contains("/GRNBIKBNRG/"), "{}", i.white);
    }

    #[test]
    fn pieces_are_named_by_id_name_or_letter() {
        let v = Variant::builtin("birds-and-ninjas").unwrap();
        let k = pieces_named(&v, &["ninja-guard", "flying bomber", "n", "G"]).unwrap();
        let ids: Vec<&str> = k.iter().map(|&k| v.piece(k).id()).collect();
        assert_eq!(ids, ["ninja-guard", "flying-bomber", "knight"]);
        assert_eq!(
            pieces_named(&v, &["gryphon"]).unwrap_err().to_string(),
            "`gryphon` is not a piece of Birds and Ninjas: its pieces are king, queen, rook, bishop, knight, ninja-guard, flying-bomber, pawn, ninja-pawn (an id, a name or a letter)"
        );
    }

    #[test]
    fn a_pair_is_traded_once_whichever_is_studied_first() {
        let v = Variant::builtin("stealth-ninja").unwrap();
        let ids = |names: &[&str]| pieces_named(&v, names).unwrap();
        for order in [["insane-ninja", "queen"], ["queen", "insane-ninja"]] {
            let s = study(&v, &ids(&order)).unwrap();
            let trades: Vec<&Imbalance> = s
                .setups
                .iter()
                .filter(|i| {
                    let t: Vec<&str> = i.difference.iter().map(|d| d.term.piece.as_str()).collect();
                    t.contains(&"queen") && t.contains(&"insane-ninja")
                })
                .collect();
            assert_eq!(trades.len(), 1, "{order:?}");
            assert_eq!(diff(trades[0]), d(&[("queen", -1), ("insane-ninja", 1)]));
        }
    }

    #[test]
    fn errors_say_what_is_missing() {
        let v = chess();
        let err = study(&v, &[v.royal_kind().unwrap()]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "`king` is the royal piece of Chess: it cannot be traded, so it has no value"
        );
        let text = "name = \"No Pawns\"\nimport = \"pieces.toml\"\npieces = [\"king\", \"rook\"]\nsetup = \"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\"\n[board]\nfiles = 8\nranks = 8\n";
        let v = Variant::parse("nopawns.toml", text).unwrap();
        assert_eq!(
            study(&v, &[]).unwrap_err().to_string(),
            "No Pawns has no pawn on the board in its start position, so there is no pawn-odds setup to calibrate the values in pawns (a piece with `pawn = true`, docs/format.md)"
        );
    }
}
