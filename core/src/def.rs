//! The variant file format as data: what a file says, before it is checked against a board
//! and compiled. `load` reads files into these types; `compile` turns them into tables.

use crate::source::Span;

/// The named direction sets of the file format: one step each, `(files, ranks)` in
/// White's view. The file's names for them are in the schema; `describe` says them in words.
pub mod dirs {
    /// Up, right, down, left.
    pub const ORTHOGONAL: &[(i8, i8)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
    /// The four diagonal steps.
    pub const DIAGONAL: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, -1), (-1, 1)];
    /// The orthogonal steps, then the diagonal ones.
    pub const ALL: &[(i8, i8)] = &[
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ];
    /// One step toward the opponent.
    pub const FORWARD: &[(i8, i8)] = &[(0, 1)];
    /// One step toward the own side.
    pub const BACKWARD: &[(i8, i8)] = &[(0, -1)];
    /// One step left or right.
    pub const SIDEWAYS: &[(i8, i8)] = &[(1, 0), (-1, 0)];
    /// The two diagonal steps toward the opponent.
    pub const FORWARD_DIAGONAL: &[(i8, i8)] = &[(1, 1), (-1, 1)];
    /// The two diagonal steps toward the own side.
    pub const BACKWARD_DIAGONAL: &[(i8, i8)] = &[(1, -1), (-1, -1)];

    /// The 8 images of an offset under the board's mirrors and its diagonal flip (the same
    /// offset more than once when it lies on an axis or a diagonal).
    pub fn images((x, y): (i8, i8)) -> [(i8, i8); 8] {
        [
            (x, y),
            (-x, y),
            (x, -y),
            (-x, -y),
            (y, x),
            (-y, x),
            (y, -x),
            (-y, -x),
        ]
    }
}

/// How a move primitive treats its landing square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Only onto an empty square.
    Move,
    /// Only onto an enemy piece, capturing it.
    Capture,
    /// Either.
    Both,
}

impl Mode {
    pub fn can_capture(self) -> bool {
        matches!(self, Mode::Capture | Mode::Both)
    }
}

/// What a jump may pass over.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Over {
    Any,
    Friend,
    Enemy,
    Empty,
    Piece,
}

/// The least and most squares a line travels; `max` 0 is no limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Range {
    pub min: u8,
    pub max: u8,
}

/// A move primitive with its own parameters (docs/format.md, "Moves"). The file format's
/// name and keys of each are in `load::schema`.
#[derive(Clone, Debug)]
pub enum Primitive {
    /// Straight to the square at each offset.
    Leap {
        mode: Mode,
        /// May also capture en passant (docs/rules.md, "En passant").
        en_passant: bool,
    },
    /// Along a line over empty squares.
    Slide {
        mode: Mode,
        range: Range,
        /// Every square it passes becomes an en-passant target.
        en_passant: bool,
    },
    /// Over the first piece on the line, an enemy, onto the empty square beyond, capturing it.
    Flyover,
    /// Over the first piece on the line, of either side, onto the square just beyond it
    /// (the grasshopper).
    Hop { mode: Mode },
    /// `distance` steps along a line, over squares that hold what `over` says.
    Jump {
        mode: Mode,
        distance: u8,
        over: Over,
        /// Captures the enemy it jumps over too (`distance` 2).
        capture_over: bool,
    },
    /// Over a screen onto the next piece, an enemy, capturing it.
    Cannon {
        /// Captures an enemy screen too.
        capture_screen: bool,
    },
    /// One step, then a slide outward in the directions `then`.
    Bent {
        then: Vec<(i8, i8)>,
        mode: Mode,
        /// Of the slide after the bend.
        range: Range,
    },
}

/// One entry of a piece's `moves` list, in White's view (Black's is mirrored:
/// docs/rules.md, "Black mirrors White"): a primitive, its directions, and where it applies.
#[derive(Clone, Debug)]
pub struct MoveDef {
    pub prim: Primitive,
    /// Step vectors (for leaps: the leap vectors; for bent sliders: the first step).
    pub dirs: Vec<(i8, i8)>,
    /// Where the move is available.
    pub from: Option<ZoneDef>,
    /// Where it may land.
    pub to: Option<ZoneDef>,
    /// The move's table in the file.
    pub span: Span,
}

/// A set of squares written in White's view.
#[derive(Clone, Debug)]
pub struct ZoneDef {
    pub items: Vec<ZoneItem>,
    /// Some item could not be read (reported): the zone may be smaller than meant.
    pub unread: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneItem {
    Square(u8, i8, Span),
    /// Inclusive rank range; `None` is open.
    Ranks(Option<i8>, Option<i8>, Span),
    OwnHalf,
    EnemyHalf,
    MiddleRank,
    FirstRank,
    LastRank,
    OwnRear,
    EnemyRear,
    All,
}

/// A piece type.
#[derive(Clone, Debug)]
pub struct PieceDef {
    pub id: String,
    pub name: String,
    pub letter: char,
    pub letter_span: Span,
    /// In pawns.
    pub value: f64,
    pub royal: bool,
    /// A pawn: its moves reset the count of plies toward the 100-ply draw (rules.md § The end of the game, § Position strings).
    pub pawn: bool,
    pub moves: Vec<MoveDef>,
    /// Each of `moves` as the file writes it (`{ leap = [1, 2] }`), for showing.
    pub written: Vec<String>,
    /// The span of the piece's table key, for messages about the whole piece.
    pub span: Span,
    /// Where the game named the piece (its `pieces` entry, slot or reserve key), or its key
    /// for a piece the game's file defines: where messages about its choice point.
    pub named_at: Span,
}

/// A name written in a file, with where.
#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct SquareRef {
    pub file: u8,
    pub rank: i8,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct PromotionDef {
    pub pieces: Vec<Named>,
    pub zone: ZoneDef,
    pub choices: Vec<Named>,
    pub mandatory: bool,
    pub suffix: bool,
    /// The promotion resets the count of plies toward the draw, whatever the piece.
    pub resets_count: bool,
    /// A move that starts in the zone may promote too, wherever it lands (shogi).
    pub leaving: bool,
    /// Shogi's writing: the promoted piece is `+` and the letter of the piece it was in
    /// position strings, and a promotion's move text ends with `+`.
    pub plus: bool,
    /// Per choice, how many of it a side may have on the board for a piece to still
    /// promote to it (Grand Chess: one queen, two rooks); the choices not named have none.
    pub limits: Vec<(Named, u8)>,
    /// The side whose pieces the rule is for; `None` for both.
    pub side: Option<crate::types::Color>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct CastlingDef {
    pub king: SquareRef,
    pub rooks: Vec<SquareRef>,
    pub king_to: Vec<SquareRef>,
    pub rook_piece: Named,
    pub fen_kq: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct DropDef {
    pub piece: Named,
    pub zone: ZoneDef,
    pub push: u8,
    /// Never dropped on a file that holds a piece of its kind and side (shogi's nifu).
    pub one_per_file: bool,
    /// A checkmate by dropping it loses for the side that dropped (shogi's uchifuzume).
    pub no_mate: bool,
    pub span: Span,
}

/// Seirawan-style gating (docs/format.md § Gating): a piece leaving a square that still
/// has its gate may put one of these reserve pieces on the square it left.
#[derive(Clone, Debug)]
pub struct GatingDef {
    /// The reserve pieces that may gate, in the order position strings list them.
    pub pieces: Vec<Named>,
    /// The squares that may hold a gate (White's view; Black's mirrored).
    pub zone: ZoneDef,
    /// The `[gating]` table's key.
    pub span: Span,
}

/// A whole game, as read from its file and the files it imports.
#[derive(Clone, Debug)]
pub struct VariantDef {
    pub name: String,
    pub description: String,
    pub files: u8,
    pub ranks: u8,
    pub board_span: Span,
    pub extra: Vec<SquareRef>,
    pub holes: Vec<SquareRef>,
    /// Position strings write each hole as `*` (`[board] holes-in-position`), as
    /// Fairy-Stockfish writes its wall squares.
    pub holes_in_position: bool,
    pub pieces: Vec<PieceDef>,
    /// The `pieces` list (or the file's start when it has none), for messages about the
    /// game's set of pieces.
    pub pieces_span: Span,
    /// The `pieces` key is there but could not be read (reported): the game's pieces are
    /// not known, so no rule naming a piece can be checked.
    pub pieces_unread: bool,
    pub setup: String,
    pub setup_span: Span,
    pub promotions: Vec<PromotionDef>,
    pub castling: Option<CastlingDef>,
    pub drops: Vec<DropDef>,
    /// Drop zone of reserve pieces that have no `[drops.<piece>]` entry (rules.md § Reserves and drops).
    pub drop_zone: Option<ZoneDef>,
    /// Captured pieces go to the captor's reserve, promoted ones as the piece they were
    /// (docs/format.md § Reserves and drops); the key's span when the file sets it.
    pub captures_to_hand: Option<Span>,
    /// `captures-to-hand = "as-is"`: a promoted piece goes to the reserve as it stands on
    /// the board, not as the piece it was promoted from (loop chess).
    pub captures_as_is: bool,
    /// Seirawan-style gating (docs/format.md § Gating), if the game has it.
    pub gating: Option<GatingDef>,
    pub scepter: Option<ScepterDef>,
    /// The `[end]` table: results besides checkmate (docs/format.md § The end of the game).
    pub end: EndDef,
    /// The lines on which the royal pieces may not face each other (docs/format.md § Royal
    /// pieces that may not face each other); `None` when they may.
    pub royal_facing: Option<Facing>,
    /// Where the file says `royal-facing` (its value), for messages about it.
    pub royal_facing_span: Option<Span>,
    pub options: Vec<OptionDef>,
    pub slots: Vec<SlotDef>,
    /// Each side's reserve, replacing the one in the setup string.
    pub reserve: Option<Vec<(Named, u8)>>,
    /// Every piece id the file could use (its own and its libraries'), for messages and
    /// for rules that name pieces a game does not use.
    pub known: std::collections::HashSet<String>,
    pub span: Span,
}

/// Capture the Scepter (rules.md § Optional rules): a royal piece that legally ends its move in the zone ends the
/// game, won by its side (`win`) or drawn.
#[derive(Clone, Debug)]
pub struct ScepterDef {
    pub zone: ZoneDef,
    pub win: bool,
    /// Its `zone`, or the `scepter` table without one.
    pub span: Span,
}

/// The lines on which two royal pieces may not face each other with nothing between
/// them (`royal-facing`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Facing {
    /// On a file (xiangqi's generals).
    File,
    /// On a file or a rank (Fairy-Stockfish's `flyingGeneral`).
    Orthogonal,
}

/// The result of a game for one side: `"win"`, `"loss"` or `"draw"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Result3 {
    Win,
    Loss,
    #[default]
    Draw,
}

/// The `[end]` table (docs/format.md § The end of the game): how a game ends besides
/// checkmate.
#[derive(Clone, Debug)]
pub struct EndDef {
    /// The result for the side to move when it has no legal move and is not in check.
    pub stalemate: Result3,
    /// The result for the side to move when it is checkmated (`loss`; misère: `win`).
    pub checkmate: Result3,
    /// The side for which an end that would be a draw is a win instead (Armageddon:
    /// Black); `None` for draws that stay draws.
    pub draw_odds: Option<crate::types::Color>,
    /// A side left with its royal piece alone loses (docs/format.md § The end of the game).
    pub bare_king: bool,
    /// Plies without a capture, a pawn move or a drop that draw the game; 0 for never.
    pub draw_plies: u32,
    /// The checks a side gives to win (n-check); 0 for no such rule.
    pub checks: u8,
    /// Where `draw-plies` and `checks` were written, if they were (for the places of
    /// what `export` cannot write).
    pub draw_plies_span: Option<Span>,
    pub checks_span: Option<Span>,
}

impl Default for EndDef {
    fn default() -> EndDef {
        EndDef {
            stalemate: Result3::Draw,
            checkmate: Result3::Loss,
            draw_odds: None,
            bare_king: false,
            draw_plies: 100,
            checks: 0,
            draw_plies_span: None,
            checks_span: None,
        }
    }
}

/// An optional rule (rules.md § Optional rules): off unless `default` or the user turns it on.
#[derive(Clone, Debug)]
pub struct OptionDef {
    pub name: String,
    pub description: String,
    pub default: bool,
    pub promotions: Vec<PromotionDef>,
    pub scepter: Option<ScepterDef>,
    /// The option's key, for messages about the whole option.
    pub span: Span,
}

/// A setup slot (Pick the Piece): squares in White's view, filled with a chosen piece.
#[derive(Clone, Debug)]
pub struct SlotDef {
    pub name: String,
    pub squares: Vec<SquareRef>,
    pub piece: Option<Named>,
}
