//! A compiled variant: the board, the piece types and the per-square tables that move
//! generation and attack detection read. Built once by `compile`; read-only afterwards.

use crate::atom::{Atom, AtomSpan, LeapAtom, Ray, RayStep, SlideAtom};
use crate::def::{Facing, PieceDef, VariantDef};
use crate::geometry::Geometry;
use crate::sqset::SquareSet;
use crate::types::{ByColor, ByPiece, ByPieceSquare, CastlingRights, Color, Kind, Piece, Square};
use crate::zobrist::Zobrist;

/// A piece type of a variant.
#[derive(Clone, Debug)]
pub struct PieceType {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) letter: char,
    /// Value in centipawns.
    pub(crate) value: i32,
    pub(crate) royal: bool,
    pub(crate) pawn: bool,
    /// Its move primitives as its file writes them.
    pub(crate) written: Vec<String>,
}

impl PieceType {
    /// The piece type a file's definition describes.
    pub(crate) fn from_def(p: &PieceDef) -> PieceType {
        PieceType {
            id: p.id.clone(),
            name: p.name.clone(),
            letter: p.letter,
            value: (p.value * 100.0).round() as i32,
            royal: p.royal,
            pawn: p.pawn,
            written: p.written.clone(),
        }
    }

    /// The piece's id in the piece library (`king`, `ninja-pawn`).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The piece's name (`King`, `Ninja Pawn`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// White's letter for it (upper case; Black's is the lower case).
    pub fn letter(&self) -> char {
        self.letter
    }

    /// Its value in centipawns.
    pub fn value(&self) -> i32 {
        self.value
    }

    /// Is it the royal piece (the king), whose capture the rules prevent (rules.md § Check and legal moves)?
    pub fn is_royal(&self) -> bool {
        self.royal
    }

    /// Is it a pawn, whose moves reset the count toward the 100-ply draw (rules.md § The end of the game)?
    pub fn is_pawn(&self) -> bool {
        self.pawn
    }

    /// Its move primitives as the file that defines it (the game's, a game it extends or
    /// a library it imports) writes them, one per entry of `moves`, comments dropped and
    /// spaces collapsed: `{ slide = "orthogonal", mode = "move" }`.
    pub fn primitives(&self) -> &[String] {
        &self.written
    }
}

/// One reverse test of "is square k attacked by colour c" (rules.md § Check and legal moves), beyond the leaps,
/// plain slider lines and jumps that have their own lists. Built by `compile::reverse`.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Probe {
    /// The line back from `k`: its first piece attacks as a slider (`plain`), as a
    /// fly-over landing on `fly_land` (`fly`) or as a cannon whose screen is `k` and
    /// whose victim stands on the line forward from `k` (`screen`, along `fwd`); or,
    /// when `cannon`, the second piece attacks as a cannon over the first.
    Walk {
        start: u32,
        len: u16,
        fly_land: Square,
        fwd: Ray,
        cannon: bool,
    },
    /// Bent sliders reaching `k`: entries into `bents`.
    Bent { start: u32, len: u16 },
    /// Atom `atom` of a piece of `kind` on `src`, read forward (rare shapes).
    Exact { src: Square, kind: Kind, atom: u32 },
}

/// A jump from `src` that captures the target, landing on it or beyond it: the kinds of
/// `masks[0]` attack the target when `sq` (the square jumped over, or the landing square
/// beyond the target) is empty, those of `masks[1]` when it holds a piece of the
/// jumper's side, those of `masks[2]` when it holds one of the other side.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Jump {
    pub src: Square,
    pub sq: Square,
    pub masks: [u32; 3],
}

/// A walk back from a target whose only attacks are fly-overs (no cannon): entries
/// `start..start + len` of `Attacks::walks`, whose first piece, if of a kind of its
/// entry's `fly`, attacks the target when the square `land` beyond the target is empty.
#[derive(Copy, Clone, Debug)]
pub(crate) struct FlyWalk {
    pub land: Square,
    pub len: u16,
    pub start: u32,
}

/// A square of a walk back from a target, and the kinds that attack from it.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct WalkEntry {
    pub sq: Square,
    pub plain: u32,
    pub fly: u32,
    pub cannon: u32,
    pub screen: u32,
}

/// A step of a bent slider's line back from a target: the kinds of `mask` attack from
/// `src` (whose bend square is `q`) if `q` and the squares before it on the line are
/// empty. The entries of one bend square follow each other; the first of them (`check`)
/// tests that `q` is empty.
#[derive(Copy, Clone, Debug)]
pub(crate) struct BentEntry {
    pub q: Square,
    pub src: Square,
    pub mask: u32,
    pub check: bool,
}

/// The reverse tables: for each colour and square, what could attack a piece there.
pub(crate) struct Attacks {
    pub probes: Vec<Probe>,
    /// `(start, end)` into `probes` per colour and square: attacks by that colour.
    pub probe_index: ByColor<Vec<(u32, u32)>>,
    /// Leap attacks per target: (attacker square, kinds), indexed like `probe_index`.
    pub leap_probes: Vec<(Square, u32)>,
    pub leap_index: ByColor<Vec<(u32, u32)>>,
    /// Plain slider walks per target: ranges into `plain_walks`, indexed like `probe_index`.
    pub plain_probes: Vec<(u32, u16)>,
    pub plain_index: ByColor<Vec<(u32, u32)>>,
    pub plain_walks: Vec<WalkEntry>,
    /// Jumps landing on a target or over it, indexed like `probe_index`: a list of one
    /// shape, not probes, so that their test is a loop with no dispatch (docs/js.md §
    /// Speed).
    pub jumps: Vec<Jump>,
    pub jump_index: ByColor<Vec<(u32, u32)>>,
    /// Fly-over walks per target, indexed like `probe_index`: a list of one shape, not
    /// probes, so that their test is a loop with no dispatch (docs/js.md § Speed).
    pub flys: Vec<FlyWalk>,
    pub fly_index: ByColor<Vec<(u32, u32)>>,
    /// Are there any jumps, fly-over walks or probes (none in orthodox chess)? When not, a
    /// test reads the leaps and plain slider lines only.
    pub special: bool,
    pub walks: Vec<WalkEntry>,
    pub bents: Vec<BentEntry>,
    /// Per colour and square: squares whose change of occupant may change whether a piece
    /// there is attacked by that colour.
    pub sensitive: ByColor<Vec<SquareSet>>,
}

impl Attacks {
    #[inline]
    pub fn probes_of(&self, color: Color, sq: Square) -> &[Probe] {
        let (s, e) = self.probe_index[color][sq.index()];
        &self.probes[s as usize..e as usize]
    }

    #[inline]
    pub fn leaps_of(&self, color: Color, sq: Square) -> &[(Square, u32)] {
        let (s, e) = self.leap_index[color][sq.index()];
        &self.leap_probes[s as usize..e as usize]
    }

    #[inline]
    pub fn plain_of(&self, color: Color, sq: Square) -> &[(u32, u16)] {
        let (s, e) = self.plain_index[color][sq.index()];
        &self.plain_probes[s as usize..e as usize]
    }

    #[inline]
    pub fn jumps_of(&self, color: Color, sq: Square) -> &[Jump] {
        let (s, e) = self.jump_index[color][sq.index()];
        &self.jumps[s as usize..e as usize]
    }

    #[inline]
    pub fn flys_of(&self, color: Color, sq: Square) -> &[FlyWalk] {
        let (s, e) = self.fly_index[color][sq.index()];
        &self.flys[s as usize..e as usize]
    }

    #[inline]
    pub fn fly_walk(&self, w: &FlyWalk) -> &[WalkEntry] {
        &self.walks[w.start as usize..w.start as usize + w.len as usize]
    }

    #[inline]
    pub fn plain_walk(&self, start: u32, len: u16) -> &[WalkEntry] {
        &self.plain_walks[start as usize..start as usize + len as usize]
    }
}

#[derive(Clone, Debug)]
pub(crate) struct PromoRule {
    pub zone: ByColor<SquareSet>,
    pub choices: Vec<Kind>,
    /// Per choice, in the order of `choices`: a piece may promote to it only while its
    /// side has fewer than this many on the board (0: no limit). Empty when no choice
    /// has a limit (docs/format.md § `[promotion]`).
    pub limits: Vec<u8>,
    pub mandatory: bool,
    pub suffix: bool,
    /// The promotion resets the count of plies toward the draw, whatever the piece
    /// (docs/format.md § `[promotion]`).
    pub resets_count: bool,
    /// A move starting in the zone may promote too (docs/format.md § `[promotion]`).
    pub leaving: bool,
    /// Written shogi's way: `+P` in position strings, `+` ending the move text.
    pub plus: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct CastleOption {
    pub king_to: Square,
    pub rook_to: Square,
    /// Squares the king passes over, in order, its destination excluded (rules.md § Castling: the
    /// destination is judged only in the final position, with the rook moved).
    pub transit: Vec<Square>,
}

#[derive(Clone, Debug)]
pub(crate) struct CastleRook {
    pub color: Color,
    /// The right to castle with this rook.
    pub right: CastlingRights,
    pub rook_home: Square,
    pub between: Vec<Square>,
    pub options: Vec<CastleOption>,
}

#[derive(Clone, Debug)]
pub(crate) struct Castling {
    pub king_home: ByColor<Square>,
    pub rooks: Vec<CastleRook>,
    pub rook_kind: Kind,
    pub fen_kq: bool,
}

/// Where a piece of a kind and colour may be dropped: each square with its push line.
#[derive(Clone, Debug, Default)]
pub(crate) struct DropTable {
    pub squares: Vec<(Square, Ray)>,
    /// Not onto a file holding a piece of this kind and side (docs/format.md § Reserves and drops).
    pub one_per_file: bool,
    /// A checkmate by dropping this kind loses for the side that dropped.
    pub no_mate: bool,
}

/// Seirawan-style gating (docs/format.md § Gating): the reserve pieces that may gate and
/// the squares that may hold a gate.
#[derive(Clone, Debug)]
pub(crate) struct Gating {
    /// The kinds that may gate, as bits (`1 << kind`).
    pub pieces: u32,
    /// Per colour: the squares that may hold a gate, at most one per file.
    pub zone: ByColor<SquareSet>,
}

impl Gating {
    /// May a piece of this kind gate?
    #[inline]
    pub fn gates(&self, k: Kind) -> bool {
        self.pieces & (1 << k.index()) != 0
    }
}

/// A bit of [`Variant::end_rules`]: Capture the Scepter (rules.md § Optional rules).
pub(crate) const END_SCEPTER: u8 = 1;
/// A bit of [`Variant::end_rules`]: the bare king (docs/format.md § The end of the game).
pub(crate) const END_BARE_KING: u8 = 2;
/// A bit of [`Variant::end_rules`]: n-check (docs/format.md § The end of the game).
pub(crate) const END_CHECKS: u8 = 4;

/// A variant ready to play: geometry, piece types, compiled tables.
pub struct Variant {
    pub(crate) name: String,
    pub(crate) description: String,
    pub(crate) geometry: Geometry,
    pub(crate) pieces: Vec<PieceType>,
    /// The start position string (rules.md § Position strings).
    pub(crate) setup: String,
    pub(crate) def: VariantDef,
    pub(crate) royal: Option<Kind>,
    pub(crate) atoms: Vec<Atom>,
    /// `atoms[i]` when it is a leap (else a filler never read), so that move generation
    /// reads a piece's leaps in a loop of their own (see [`AtomSpan`]).
    pub(crate) leaps: Vec<LeapAtom>,
    /// `atoms[i]` when it is a slide (else a filler never read).
    pub(crate) slides: Vec<SlideAtom>,
    /// Where the atoms of each piece kind, colour and square lie in `atoms`, and which of
    /// them are leaps and slides.
    pub(crate) atom_index: ByPieceSquare<AtomSpan>,
    /// The squares of every ray of atoms, drop pushes and attack walks.
    pub(crate) rays: Vec<RayStep>,
    pub(crate) attacks: Attacks,
    pub(crate) promo_rules: Vec<PromoRule>,
    /// Per piece kind and colour: its rule's index into `promo_rules`, if any.
    pub(crate) promo_of: ByPiece<Option<u8>>,
    pub(crate) castling: Option<Castling>,
    /// Per square: castling rights cleared by a move touching it (rules.md § Castling).
    pub(crate) castle_clear: Vec<CastlingRights>,
    pub(crate) drops: ByPiece<DropTable>,
    pub(crate) zobrist: Zobrist,
    pub(crate) has_drops: bool,
    /// `captures-to-hand` (docs/format.md § Reserves and drops): a captured piece goes to
    /// the captor's reserve. Played by its own path (`Position::capture_to_hand`), so that
    /// other games pay nothing for it.
    pub(crate) to_hand: bool,
    /// `captures-to-hand = "as-is"`: a captured promoted piece goes to the reserve as it
    /// stands (no piece then has an `origin` but a `plus` one).
    pub(crate) hand_as_is: bool,
    /// Seirawan-style gating (docs/format.md § Gating); `None` in most games, which play
    /// their moves by paths that never look at gates.
    pub(crate) gating: Option<Gating>,
    /// Per kind: the piece a promotion made it from, which a promoted piece of this kind
    /// returns to a reserve as.
    pub(crate) origin: Vec<Option<Kind>>,
    /// Per kind: whether it is written shogi's way, `+` and the letter of the piece it
    /// was promoted from (a `plus` promotion rule makes it).
    pub(crate) plus: Vec<bool>,
    /// Per kind and colour: the squares where a piece of it could never move (no move of
    /// any primitive from there). Drops never land there; a promotion is forced there.
    pub(crate) dead: ByPiece<SquareSet>,
    /// Some drop rule makes a checkmate by a drop lose (`no-mate`).
    pub(crate) drop_mate_rule: bool,
    /// The lines on which the royal pieces may not face each other (docs/format.md § Royal
    /// pieces that may not face each other); `None` in most games, which never test it.
    pub(crate) facing: Option<Facing>,
    /// The rules that end the game from the position alone, as bits: [`END_SCEPTER`]
    /// (Capture the Scepter), [`END_BARE_KING`], [`END_CHECKS`] (n-check). Move generation
    /// asks the position only about the rules the game has.
    pub(crate) end_rules: u8,
    /// Capture the Scepter (rules.md § Optional rules): the zone per colour and whether it wins (else draws).
    pub(crate) scepter: Option<(ByColor<SquareSet>, bool)>,
    /// The zones that confine a piece (every move of it lands in a zone, `to`), per piece
    /// and colour, each once: a xiangqi palace, each side's half. The studio outlines them.
    pub(crate) regions: Vec<SquareSet>,
    /// Names of the optional rules in force.
    pub(crate) enabled: Vec<String>,
    /// What the loader found doubtful in the file (the game loads).
    pub(crate) warnings: Vec<crate::Diagnostic>,
    /// The files the game was read from, for messages about places in them (what a
    /// variants.ini section cannot express, `ini::export`).
    pub(crate) sources: crate::source::Sources,
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Variant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Variant {
    /// The game's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A line describing the game.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The board: its squares and their names.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The piece types, in the order of [`Variant::kinds`].
    pub fn pieces(&self) -> &[PieceType] {
        &self.pieces
    }

    /// The piece kinds of the game.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + use<> {
        (0..self.pieces.len()).map(Kind::new)
    }

    /// The start position string (rules.md § Position strings), slot pieces and reserve filled in.
    pub fn setup(&self) -> &str {
        &self.setup
    }

    /// Whether the game has drops or gating, so reserves are part of its positions (rules.md § Position strings).
    pub fn has_reserves(&self) -> bool {
        self.has_drops
    }

    /// Piece kinds in the order position strings list reserves (rules.md § Position strings).
    ///
    /// Pieces come before pawns (rules.md § Position strings: `[YAJJJJyajjjj]`, `[CFJJJJcfjjjj]`), each group in
    /// the order the file's `[drops]` lists them, then in piece order.
    pub fn reserve_order(&self) -> Vec<Kind> {
        let gating = self.def.gating.iter().flat_map(|g| g.pieces.iter());
        let mut order: Vec<Kind> = Vec::new();
        for name in self
            .def
            .drops
            .iter()
            .map(|d| &d.piece.name)
            .chain(gating.map(|n| &n.name))
        {
            if let Some(k) = self.kind_by_id(name).filter(|k| !order.contains(k)) {
                order.push(k);
            }
        }
        for k in self.kinds() {
            if !order.contains(&k) {
                order.push(k);
            }
        }
        order.sort_by_key(|k| self.piece(*k).pawn);
        order
    }

    /// The optional rules of this game: (name, description, on).
    pub fn options(&self) -> Vec<(String, String, bool)> {
        self.def
            .options
            .iter()
            .map(|o| {
                (
                    o.name.clone(),
                    o.description.clone(),
                    self.enabled.contains(&o.name),
                )
            })
            .collect()
    }

    /// The number of squares of the board.
    pub fn num_squares(&self) -> usize {
        self.geometry.num_squares()
    }

    /// The kind whose letter this is (either case).
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        let up = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up)
            .map(Kind::new)
    }

    /// The kind with this piece id.
    pub fn kind_by_id(&self, id: &str) -> Option<Kind> {
        self.pieces.iter().position(|p| p.id == id).map(Kind::new)
    }

    /// The piece type of a kind.
    pub fn piece(&self, kind: Kind) -> &PieceType {
        &self.pieces[kind.index()]
    }

    /// The royal kind (the king), if the game has one.
    pub fn royal_kind(&self) -> Option<Kind> {
        self.royal
    }

    #[inline]
    pub(crate) fn atoms_of(&self, kind: Kind, color: Color, sq: Square) -> &[Atom] {
        let span = *self.atom_index.get(kind, color, sq);
        &self.atoms[span.start as usize..span.end as usize]
    }

    /// The squares of a ray.
    #[inline]
    pub(crate) fn ray(&self, r: Ray) -> &[RayStep] {
        crate::atom::steps(&self.rays, r)
    }

    /// The promotion rule for a piece of `kind` and `color` landing on `to`, if any.
    #[inline]
    pub(crate) fn promotion_at(&self, kind: Kind, color: Color, to: Square) -> Option<&PromoRule> {
        self.promotion_rule(kind, color)
            .filter(|rule| rule.zone[color].contains(to))
    }

    /// The promotion rule of a piece kind and colour, if it has one.
    #[inline]
    pub(crate) fn promotion_rule(&self, kind: Kind, color: Color) -> Option<&PromoRule> {
        self.promo_of[(kind, color)].map(|r| &self.promo_rules[r as usize])
    }

    /// [`Variant::promotion_rule`] for the piece `p` (not empty), looked up by its code.
    #[inline]
    pub(crate) fn promotion_rule_of(&self, p: Piece) -> Option<&PromoRule> {
        self.promo_of.of(p).map(|r| &self.promo_rules[r as usize])
    }

    /// Whether the move text of a promotion to this square names the new piece.
    pub(crate) fn promotion_suffix(&self, kind: Kind, color: Color, to: Square) -> bool {
        self.promotion_at(kind, color, to).is_none_or(|r| r.suffix)
    }

    /// Whether the game has Seirawan-style gating (docs/format.md § Gating).
    pub fn has_gating(&self) -> bool {
        self.gating.is_some()
    }

    /// Whether pieces of this kind may gate (docs/format.md § Gating).
    pub fn gates(&self, kind: Kind) -> bool {
        self.gating.as_ref().is_some_and(|g| g.gates(kind))
    }

    /// Whether captured pieces go to the captor's reserve (docs/format.md § Reserves and drops).
    pub fn captures_to_hand(&self) -> bool {
        self.to_hand
    }

    /// Whether a captured promoted piece goes to the reserve as it stands rather than as
    /// the piece it was promoted from (`captures-to-hand = "as-is"`).
    pub fn captures_as_is(&self) -> bool {
        self.to_hand && self.hand_as_is
    }

    /// The piece a promoted piece of `kind` returns to a reserve as, if a promotion can
    /// make a `kind`.
    pub fn promoted_from(&self, kind: Kind) -> Option<Kind> {
        self.origin.get(kind.index()).copied().flatten()
    }

    /// The piece a `plus` promotion rule makes of `kind` (shogi's `+P`), if any.
    pub(crate) fn plus_kind(&self, kind: Kind) -> Option<Kind> {
        Color::BOTH.into_iter().find_map(|c| {
            let r = self.promotion_rule(kind, c)?;
            (r.plus && r.choices.len() == 1).then(|| r.choices[0])
        })
    }

    /// The zones that confine a piece, each as its squares (see `regions`): a xiangqi
    /// palace, each side's half (whose common edge is the river).
    pub fn regions(&self) -> impl Iterator<Item = Vec<Square>> + '_ {
        self.regions.iter().map(|set| set.iter().collect())
    }

    /// What the loader found doubtful in the game's file, though the game loads: a pawn
    /// that never promotes, say.
    pub fn warnings(&self) -> &[crate::Diagnostic] {
        &self.warnings
    }
}
