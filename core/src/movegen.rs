//! Move generation: pseudo-legal moves from the compiled tables, drops and castling, and
//! legality (rules.md § Check and legal moves: a move is legal if afterwards the mover's king is not attacked).
//!
//! Generation reads only the compiled per-square tables: no parsing, no name lookups and,
//! once the move buffer has grown, no allocation.

use crate::atom::{
    Atom, AtomSpan, BoardView, LeapAtom, RayStep, Sink, SlideAtom, Target, leap_targets,
    slide_targets, targets,
};
use crate::attack::{attacked_on, pinned_first, royals_face};
use crate::def::Facing;
use crate::moves::{Move, MoveKind};
use crate::position::{EnPassant, Position};
use crate::sqset::SquareSet;
use crate::types::{Board, ByPiece, CastlingRights, Color, Kind, Piece, Square};
use crate::variant::{CastleOption, CastleRook, PromoRule, Variant};

/// The moves of a position.
impl Position {
    /// The legal moves of the side to move (docs/rules.md, "Check and legal moves").
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut p = self.without_history();
        let mut out = Vec::new();
        p.generate_legal(&mut out);
        out
    }

    /// Puts the legal moves of the side to move in `out` (cleared first): the same moves
    /// as [`Position::legal_moves`], in a buffer the caller reuses.
    pub fn generate_legal(&mut self, out: &mut Vec<Move>) {
        if self.has_gates() {
            legal::<true>(self, out)
        } else {
            legal::<false>(self, out)
        }
    }

    /// [`Position::generate_legal`] for a caller that knows whether the game has gating
    /// (`GATING`, [`Position::has_gates`]) once for many positions, as perft does.
    #[inline]
    pub(crate) fn generate_legal_as<const GATING: bool>(&mut self, out: &mut Vec<Move>) {
        debug_assert_eq!(GATING, self.has_gates());
        legal::<GATING>(self, out)
    }

    /// Pseudo-legal moves of `us` (ignoring whose turn it is), without castling.
    #[inline]
    pub(crate) fn gen_pseudo(&self, us: Color, out: &mut Vec<Move>) {
        pseudo(self, us, out)
    }

    /// Was the move that led here illegal for `c`: is its royal piece attacked, or facing
    /// the other where the game forbids it (rules.md § Check and legal moves)? For
    /// searches that play pseudo-legal moves.
    pub(crate) fn royal_exposed(&self, c: Color) -> bool {
        let k = self.king(c);
        if k.is_none() {
            return false;
        }
        let v = &**self.variant();
        attacked_on(v, self.board(), k, !c)
            || v.facing.is_some_and(|f| {
                royals_face(v, k, self.king(!c), f, |s| {
                    self.board()[s.index()].is_some()
                })
            })
    }

    /// How many squares the pieces of `c` could move to (see [`mobility`]).
    #[inline]
    pub(crate) fn mobility(&self, c: Color) -> u32 {
        mobility(self, c)
    }
}

/// A check of attack detection against its definition, for tests (the `oracle` feature).
#[cfg(any(test, feature = "oracle"))]
impl Position {
    /// The definition of attack itself (docs/rules.md, "Check and legal moves"), a check
    /// of [`Position::is_attacked`]: does some pseudo-legal move of `by` capture a piece
    /// standing on `sq` (by landing there, jumping it or using it as an enemy screen)?
    /// Slow.
    pub fn is_attacked_slow(&self, sq: Square, by: Color) -> bool {
        let mut out = Vec::new();
        self.gen_pseudo(by, &mut out);
        out.iter().any(|m| match m.kind() {
            MoveKind::Drop | MoveKind::Castle => false,
            MoveKind::EnPassant => m.extra_capture() == Some(sq),
            _ => m.to() == sq || m.extra_capture() == Some(sq),
        })
    }
}

/// The board of a position with its en-passant targets, as atoms see it.
struct Live<'a> {
    board: &'a Board,
    /// The first en-passant target, the only one after a two-square step (or none): found
    /// by a comparison, where the other targets of longer steps need arithmetic.
    near: Square,
    ep: EnPassant,
    v: &'a Variant,
}

impl BoardView for Live<'_> {
    #[inline(always)]
    fn at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    #[inline(always)]
    fn ep_victim(&self, sq: Square) -> Option<Square> {
        if sq == self.near || (self.ep.steps > 2 && self.ep.is_target(self.v, sq)) {
            Some(self.ep.to)
        } else {
            None
        }
    }
}

/// Puts the moves of one piece in the buffer: the piece's square, and where its moves
/// start (for the rules.md § Counting moves duplicate check).
struct Moves<'a> {
    out: &'a mut Vec<Move>,
    from: Square,
    start: usize,
}

impl Moves<'_> {
    /// Is the move of this target there already, and does it count once? With `t.dup`, an
    /// earlier primitive of this piece may have produced the same move (rules.md § Counting moves).
    #[inline(always)]
    fn is_dup(&self, t: Target) -> bool {
        t.dup
            && self.out[self.start..]
                .iter()
                .any(|m| m.to() == t.to && m.extra_square() == t.extra)
    }
}

impl Sink for Moves<'_> {
    #[inline]
    fn emit(&mut self, t: Target) {
        if !self.is_dup(t) {
            self.out.push(Move::board(self.from, t.to, t.extra, t.kind));
        }
    }
}

/// The moves of a piece with a promotion rule: one per promotion choice (and the move
/// itself when promotion is not mandatory) when the move lands in the rule's zone.
struct Promoting<'a> {
    moves: Moves<'a>,
    rule: &'a PromoRule,
    /// Where a move of this piece may promote: the rule's zone for its side, or every
    /// square for a move starting in the zone of a `from-zone` rule.
    zone: &'a SquareSet,
    /// Per piece, where it could never move again, so that promotion is forced there:
    /// looked up for this piece only when a promotion is not mandatory.
    dead: &'a ByPiece<SquareSet>,
    piece: Piece,
}

/// Every square: the zone of a move that may promote wherever it lands.
static EVERYWHERE: SquareSet = SquareSet::FULL;

impl Sink for Promoting<'_> {
    // Always inlined: a pawn's moves are most of a chess position's, and a call for each
    // costs more than the code it saves.
    #[inline(always)]
    fn emit(&mut self, t: Target) {
        if self.moves.is_dup(t) {
            return;
        }
        if !self.zone.contains(t.to) {
            let m = Move::board(self.moves.from, t.to, t.extra, t.kind);
            self.moves.out.push(m);
            return;
        }
        // The landing field by field, not as a move, and the sink's fields, not the sink:
        // WebAssembly passes a struct through memory, and the move made before the test
        // was then built in memory for every landing, the common ones too, and the sink
        // kept in memory for every piece that may promote (docs/js.md § Speed).
        let m = &mut self.moves;
        promotions(
            m.out, m.from, t.to, t.extra, t.kind, self.rule, self.dead, self.piece,
        );
    }
}

/// A move of `piece` from `from` to `to` (capturing on `extra` too, of kind `kind`) into
/// its promotion zone: its promotions under `rule`, then the move itself unless promotion
/// is mandatory or the piece could not move again there (`dead`).
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn promotions(
    out: &mut Vec<Move>,
    from: Square,
    to: Square,
    extra: Square,
    kind: MoveKind,
    rule: &PromoRule,
    dead: &ByPiece<SquareSet>,
    piece: Piece,
) {
    let m = Move::board(from, to, extra, kind);
    for &c in &rule.choices {
        out.push(m.promoting(c));
    }
    if !rule.mandatory && !dead.of(piece).contains(m.to()) {
        out.push(m);
    }
}

/// A rule with promotion limits (docs/format.md § `[promotion]`): takes out of
/// `out[start..]` (one piece's moves) the promotions to a choice of which `us` already has
/// its limit on the board, counted from the piece list. Called once per piece of such a
/// rule, after its moves, so that the moves of other games pay nothing; no allocation.
#[inline(never)]
fn close_limited(pos: &Position, us: Color, rule: &PromoRule, out: &mut Vec<Move>, start: usize) {
    let board = pos.board();
    let own = pos.pieces_of(us);
    // The closed choices, as a set of kinds (fewer than 32).
    let mut closed = 0u32;
    for (&c, &limit) in rule.choices.iter().zip(&rule.limits) {
        if limit > 0
            && own
                .iter()
                .filter(|s| board[s.index()].kind() == c)
                .take(limit as usize)
                .count()
                == limit as usize
        {
            closed |= 1 << c.index();
        }
    }
    if closed == 0 {
        return;
    }
    let mut kept = start;
    for i in start..out.len() {
        let m = out[i];
        if m.promotion().is_none_or(|k| closed & (1 << k.index()) == 0) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The variant's tables of atoms, read once a call: stores into the move list could alias
/// them for all the compiler knows, so that `&v.rays` in the loop would be read again for
/// every atom (docs/js.md § Speed).
#[derive(Clone, Copy)]
struct Tables<'a> {
    atoms: &'a [Atom],
    leaps: &'a [LeapAtom],
    slides: &'a [SlideAtom],
    rays: &'a [RayStep],
}

impl Tables<'_> {
    /// Gives `sink` the landings of the atoms of `span`: the leaps and the slides each in
    /// a loop of their own, with no dispatch on the shape, then the other atoms.
    #[inline(always)]
    fn targets<B: BoardView + ?Sized>(
        self,
        span: AtomSpan,
        live: &B,
        us: Color,
        sink: &mut impl Sink,
    ) {
        let (start, leaps, slides, end) = (
            span.start as usize,
            span.leaps as usize,
            span.slides as usize,
            span.end as usize,
        );
        for &a in &self.leaps[start..leaps] {
            leap_targets(a, live, us, sink);
        }
        for &a in &self.slides[leaps..slides] {
            slide_targets(a, self.rays, live, us, sink);
        }
        for atom in &self.atoms[slides..end] {
            targets(atom, self.rays, live, us, sink);
        }
    }
}

/// Pseudo-legal moves of `us` (ignoring whose turn it is), without castling.
pub(crate) fn pseudo(pos: &Position, us: Color, out: &mut Vec<Move>) {
    let v = &**pos.variant();
    let tables = Tables {
        atoms: &v.atoms,
        leaps: &v.leaps,
        slides: &v.slides,
        rays: &v.rays,
    };
    let board = pos.board();
    let ep = pos.en_passant();
    let live = Live {
        board,
        near: ep.first_target(v),
        ep,
        v,
    };
    for &from in pos.pieces_of(us) {
        // Looked up by the piece's code, which is the kind and colour's index in the
        // tables: cheaper than splitting it into its kind and colour first.
        let piece = board[from.index()];
        let span = *v.atom_index.of(piece, from);
        let start = out.len();
        let moves = Moves {
            start,
            out: &mut *out,
            from,
        };
        // Most pieces never promote: their moves go straight in.
        match v.promotion_rule_of(piece) {
            None => {
                let mut sink = moves;
                tables.targets(span, &live, us, &mut sink);
            }
            Some(rule) => {
                let zone = &rule.zone[us];
                let mut sink = Promoting {
                    moves,
                    rule,
                    zone: if rule.leaving && zone.contains(from) {
                        &EVERYWHERE
                    } else {
                        zone
                    },
                    dead: &v.dead,
                    piece,
                };
                tables.targets(span, &live, us, &mut sink);
                if !rule.limits.is_empty() {
                    close_limited(pos, us, rule, out, start);
                }
            }
        }
    }
    if v.has_drops {
        drops(pos, us, out);
    }
}

/// Gating (docs/format.md § Gating): after the legal moves, each legal move of a piece
/// leaving a square that has its gate once more for each kind of the reserve that may
/// gate, the piece put on the square it left; a castling on the king's square and on the
/// rook's, each unless the king or the rook lands there. A promotion does not gate. As in
/// Fairy-Stockfish, a gating move is legal when the move without its gate is: the gated
/// piece shields nothing.
#[inline(never)]
fn gating(pos: &Position, us: Color, out: &mut Vec<Move>) {
    let v = &**pos.variant();
    let Some(gating) = &v.gating else { return };
    let gates = pos.gates();
    let reserves = pos.reserves_of(us);
    if gates.is_empty()
        || !v
            .kinds()
            .any(|k| reserves[k.index()] > 0 && gating.gates(k))
    {
        return;
    }
    let board = pos.board();
    for i in 0..out.len() {
        let m = out[i];
        let squares = match m.castling_rook() {
            Some((rook_from, rook_to)) => [(m.from(), false), (rook_from, true)]
                .map(|(sq, rook)| (sq != m.to() && sq != rook_to).then_some((sq, rook))),
            None if m.is_drop() || m.promotion().is_some() => [None, None],
            None => [Some((m.from(), false)), None],
        };
        for (sq, on_rook) in squares.into_iter().flatten() {
            if !gates.contains(sq) || board[sq.index()].get().is_none_or(|(_, c)| c != us) {
                continue;
            }
            for k in v.kinds() {
                if reserves[k.index()] > 0 && gating.gates(k) {
                    out.push(m.gating(k, on_rook));
                }
            }
        }
    }
}

/// How many squares the pieces of `c` could move to (pseudo-legal board moves, each
/// landing once, promotions, en passant and drops not counted): the evaluation's
/// mobility, counted without building the moves.
pub(crate) fn mobility(pos: &Position, c: Color) -> u32 {
    let v = &**pos.variant();
    let tables = Tables {
        atoms: &v.atoms,
        leaps: &v.leaps,
        slides: &v.slides,
        rays: &v.rays,
    };
    // The board without en-passant targets: en-passant captures do not count.
    let board = pos.board();
    let mut n = 0u32;
    for &from in pos.pieces_of(c) {
        let span = *v.atom_index.of(board[from.index()], from);
        tables.targets(span, board, c, &mut |_| n += 1);
    }
    n
}

/// The drops of `us` (rules.md § Reserves and drops): each reserve piece on each empty square of its zone, and
/// pushed on along its push line while the squares are empty.
fn drops(pos: &Position, us: Color, out: &mut Vec<Move>) {
    let v = &**pos.variant();
    let board = pos.board();
    let reserves = pos.reserves_of(us);
    for k in v.kinds() {
        if reserves[k.index()] == 0 {
            continue;
        }
        let table = &v.drops[(k, us)];
        if table.one_per_file {
            drops_one_per_file(pos, k, us, &table.squares, out);
            continue;
        }
        for &(sq, push) in &table.squares {
            if board[sq.index()].is_some() {
                continue;
            }
            out.push(Move::drop(k, sq, sq));
            for step in v.ray(push) {
                let to = step.square();
                if board[to.index()].is_some() {
                    break;
                }
                out.push(Move::drop(k, sq, to));
            }
        }
    }
}

/// The drops of a `one-per-file` piece (docs/format.md § Reserves and drops): not onto a
/// file that holds a piece of its kind and side already (a push stays on the file).
#[inline(never)]
fn drops_one_per_file(
    pos: &Position,
    k: Kind,
    us: Color,
    squares: &[(Square, crate::atom::Ray)],
    out: &mut Vec<Move>,
) {
    let (v, board) = (&**pos.variant(), pos.board());
    let own = Piece::new(k, us);
    let mut files = 0u32;
    for &sq in pos.pieces_of(us) {
        if board[sq.index()] == own {
            files |= 1 << v.geometry.file(sq);
        }
    }
    for &(sq, push) in squares {
        if board[sq.index()].is_some() || files & (1 << v.geometry.file(sq)) != 0 {
            continue;
        }
        out.push(Move::drop(k, sq, sq));
        for step in v.ray(push) {
            let to = step.square();
            if board[to.index()].is_some() {
                break;
            }
            out.push(Move::drop(k, sq, to));
        }
    }
}

/// Castling moves (rules.md § Castling), fully checked.
fn castling(pos: &mut Position, us: Color, in_check: bool, out: &mut Vec<Move>) {
    let rights = pos.castling_rights();
    let king_sq = pos.king(us);
    let (v, board) = pos.variant_and_board_mut();
    let Some(cs) = &v.castling else { return };
    if in_check || !rights.any(us) {
        return;
    }
    let home = cs.king_home[us];
    for rook in cs.rooks.iter().filter(|r| r.color == us) {
        if rook_refusal(board, rights, rook).is_some() {
            continue;
        }
        for opt in &rook.options {
            if let Ok(m) = king_path(v, board, home, king_sq, us, rook, opt) {
                out.push(m);
            }
        }
    }
}

/// Why a castling is refused (rules.md § Castling), in the order the rules are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The side has lost the right to castle with this rook (the king or the rook moved).
    NoRight,
    /// This square between the king and the rook is not empty.
    Occupied(Square),
    /// The king is in check.
    InCheck,
    /// The king would pass over this attacked square.
    PassesAttacked(Square),
    /// The king would be attacked on its destination in the final position.
    EndsAttacked,
}

/// Why `rook` cannot castle at all now, whatever the king's destination: the right is
/// gone, or a square between king and rook is occupied (the first from the king's side).
#[inline]
fn rook_refusal(board: &Board, rights: CastlingRights, rook: &CastleRook) -> Option<Refusal> {
    if !rights.contains(rook.right) {
        return Some(Refusal::NoRight);
    }
    rook.between
        .iter()
        .find(|s| board[s.index()].is_some())
        .map(|s| Refusal::Occupied(*s))
}

/// The castling along `opt` when the king's way allows it (rules.md § Castling): no square the king passes
/// over is attacked, tested with the king placed there and everything else unmoved. Its
/// destination is not one of them: it is judged by the legality test of the final
/// position, with the rook on its new square (a rook landing between the king and an
/// attacker shields it). The king (on `king_sq`) must not be in check and the rook must
/// be free to castle: the caller knows.
#[inline]
fn king_path(
    v: &Variant,
    board: &mut Board,
    home: Square,
    king_sq: Square,
    us: Color,
    rook: &CastleRook,
    opt: &CastleOption,
) -> Result<Move, Refusal> {
    let king = board[home.index()];
    board[home.index()] = Piece::EMPTY;
    for &t in &opt.transit {
        let saved = board[t.index()];
        board[t.index()] = king;
        let hit = attacked_on(v, board, t, !us) || facing_on(v, board, t, us);
        board[t.index()] = saved;
        if hit {
            board[home.index()] = king;
            return Err(Refusal::PassesAttacked(t));
        }
    }
    board[home.index()] = king;
    let m = Move::castle(home, opt.king_to, rook.rook_home, opt.rook_to);
    if safe_after(v, board, king_sq, &m, us) {
        Ok(m)
    } else {
        Err(Refusal::EndsAttacked)
    }
}

/// Would the royal piece of `us` on `t` face the other's where the game forbids it (the
/// castling king's transit squares)? False in games without `royal-facing`.
#[inline]
fn facing_on(v: &Variant, board: &Board, t: Square, us: Color) -> bool {
    let (Some(facing), Some(royal)) = (v.facing, v.royal) else {
        return false;
    };
    let theirs = Piece::new(royal, !us);
    match board.iter().position(|p| *p == theirs) {
        Some(i) => royals_face(v, t, Square(i as u16), facing, |s| {
            board[s.index()].is_some()
        }),
        None => false,
    }
}

/// Why the side to move may not castle with `rook` along `opt` now (rules.md § Castling), the rules
/// checked in order; `None` when it may. For the messages of a refused castling text.
pub(crate) fn castle_refusal(
    pos: &Position,
    rook: &CastleRook,
    opt: &CastleOption,
) -> Option<Refusal> {
    let v = &**pos.variant();
    let us = pos.side_to_move();
    let mut board = *pos.board();
    if let Some(r) = rook_refusal(&board, pos.castling_rights(), rook) {
        return Some(r);
    }
    let king_sq = pos.king(us);
    if king_sq.is_some() && attacked_on(v, &board, king_sq, !us) {
        return Some(Refusal::InCheck);
    }
    let home = v.castling.as_ref()?.king_home[us];
    king_path(v, &mut board, home, king_sq, us, rook, opt).err()
}

/// Puts the legal moves of the side to move in `out` (cleared first). `GATING`: the game
/// has gating, whose moves come after the others ([`gating`]).
pub(crate) fn legal<const GATING: bool>(pos: &mut Position, out: &mut Vec<Move>) {
    out.clear();
    if pos.ended() {
        return;
    }
    let us = pos.side_to_move();
    pseudo(pos, us, out);
    let k = pos.king(us);
    let (v, board) = pos.variant_and_board_mut();
    let in_check = k.is_some() && attacked_on(v, board, k, !us);
    if k.is_some() {
        // Without check, a move other than the king's can expose the king only by
        // changing a square of a special attack (fly-over, cannon, jump, bent: the static
        // sensitivity) or by vacating the first square of a slider line with an attacker
        // behind it (computed here). Other moves need no test.
        let sens = &v.attacks.sensitive[!us][k.index()];
        let pins = if in_check {
            SquareSet::EMPTY
        } else {
            pinned_first(v, board, k, !us)
        };
        // A move needs a test if it is the king's, if it leaves or passes a square of
        // either set, or if it lands on a square of `sens` (landing on a pinned piece's
        // square keeps the line closed): one set for the squares left, so that a move
        // reads two sets, not three. (A drop's first square is empty, never the king's,
        // and a move without a second square passes `Square::NONE`, in no set.)
        let left = sens.union(&pins);
        // One loop for each case, so that each carries only what its test reads
        // (docs/js.md § Speed). In check, every move is tested. Usually both sets are
        // empty (always in orthodox chess outside pins): then only the king's own moves
        // need a test.
        if in_check {
            keep_safe(out, v, board, k, us, |_| true);
        } else if left.is_empty() {
            keep_safe(out, v, board, k, us, |m| m.from() == k);
        } else {
            keep_safe(out, v, board, k, us, |m| {
                m.from() == k
                    || left.contains(m.from())
                    || sens.contains(m.to())
                    || left.contains(m.extra_square())
            });
        }
    }
    let facing = v.facing.is_some();
    if v.castling.is_some() {
        castling(pos, us, in_check, out);
    }
    if facing {
        drop_facing(pos, us, out);
    }
    if GATING {
        gating(pos, us, out);
    }
}

/// The squares that decide which moves of the king's side need a legality test, for a
/// king on `k` attacked by `them` (`in_check`). Without check, a move other than the
/// king's can expose the king only by changing a square of a special attack (fly-over,
/// cannon, jump, bent: the static sensitivity, `sens`) or by vacating the first square
/// of a slider line with an attacker behind it (computed here). A move needs a test if it
/// is the king's, if it leaves or passes a square of either set, or if it lands on a
/// square of `sens` (landing on a pinned piece's square keeps the line closed): one set
/// for the squares left (`left`, returned first), so that a move reads two sets, not
/// three. (A drop's first square is empty, never the king's, and a move without a second
/// square passes `Square::NONE`, in no set.) [`legal`] reads the same sets inline, for
/// the speed of perft.
#[inline(always)]
fn exposure<'v>(
    v: &'v Variant,
    board: &Board,
    k: Square,
    them: Color,
    in_check: bool,
) -> (SquareSet, &'v SquareSet) {
    let sens = &v.attacks.sensitive[them][k.index()];
    let pins = if in_check {
        SquareSet::EMPTY
    } else {
        pinned_first(v, board, k, them)
    };
    (sens.union(&pins), sens)
}

/// Which pseudo-legal moves of the side to move could leave its king attacked, and so
/// need the test of [`safe_after`] (docs/rules.md § Check and legal moves): the squares
/// that decide it, computed once for a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Legality {
    /// The king of the side to move (`Square::NONE`: none, and every move is legal).
    king: Square,
    us: Color,
    in_check: bool,
    /// The squares a move may not leave or pass without a test: those of a special
    /// attack on the king (fly-over, cannon, jump, bent: the static sensitivity) and
    /// the first squares of slider lines with an attacker behind them.
    left: SquareSet,
    /// The squares of a special attack on the king: a move landing there is tested too
    /// (landing on a pinned piece's square keeps the line closed).
    sens: SquareSet,
}

impl Legality {
    fn of(pos: &mut Position, us: Color, in_check: bool) -> Legality {
        let k = pos.king(us);
        let (v, board) = pos.variant_and_board_mut();
        if k.is_none() {
            return Legality {
                king: k,
                us,
                in_check: false,
                left: SquareSet::EMPTY,
                sens: SquareSet::EMPTY,
            };
        }
        debug_assert_eq!(in_check, attacked_on(v, board, k, !us));
        let (left, sens) = exposure(v, board, k, !us, in_check);
        Legality {
            king: k,
            us,
            in_check,
            left,
            sens: *sens,
        }
    }

    /// Does the move need the test? In check, every move; else as [`exposure`] says.
    #[inline]
    fn needs_test(&self, m: &Move) -> bool {
        self.in_check
            || m.from() == self.king
            || self.left.contains(m.from())
            || self.sens.contains(m.to())
            || self.left.contains(m.extra_square())
    }

    /// Is this move of [`Position::generate_for_search`]'s list legal? Only the moves
    /// that need it are tested.
    #[inline]
    pub(crate) fn allows(&self, pos: &mut Position, m: &Move) -> bool {
        if self.king.is_none() || m.kind() == MoveKind::Castle || !self.needs_test(m) {
            return true;
        }
        let (v, board) = pos.variant_and_board_mut();
        safe_after(v, board, self.king, m, self.us)
    }

    /// Every move of the list is legal.
    pub(crate) fn all() -> Legality {
        Legality {
            king: Square::NONE,
            us: Color::White,
            in_check: false,
            left: SquareSet::EMPTY,
            sens: SquareSet::EMPTY,
        }
    }
}

impl Position {
    /// The moves of the side to move for a search that plays few of them: the legal
    /// moves and, mixed in, pseudo-legal moves that may leave the king attacked, which
    /// the returned [`Legality`] tells apart (`allows`) when a move comes up. Its legal
    /// moves are [`Position::generate_legal`]'s, in another order; the legality tests
    /// of the moves never searched are saved. A game with gating or facing royal pieces
    /// gets the legal moves alone. `in_check`: [`Position::is_check`], which the search
    /// knows already.
    pub(crate) fn generate_for_search(&mut self, out: &mut Vec<Move>, in_check: bool) -> Legality {
        if self.has_gates() || self.variant().facing.is_some() || self.ended() {
            self.generate_legal(out);
            return Legality::all();
        }
        out.clear();
        let us = self.side_to_move();
        pseudo(self, us, out);
        let t = Legality::of(self, us, in_check);
        if self.variant().castling.is_some() {
            castling(self, us, t.in_check, out);
        }
        t
    }
}

/// Keeps in `out` the moves after which the king of `us` (on `k`) is safe, testing only
/// those for which `needs_test` says that the move could expose it; the others are kept
/// untested. The moves that need no test are skipped by a loop of their own over a slice,
/// which carries only what `needs_test` reads (docs/js.md § Speed). An illegal move is
/// swapped to the end (the kept moves' order is that of `Vec::swap_remove`), and the end
/// cut off once.
#[inline(always)]
fn keep_safe(
    out: &mut Vec<Move>,
    v: &Variant,
    board: &mut Board,
    k: Square,
    us: Color,
    needs_test: impl Fn(&Move) -> bool,
) {
    let moves = out.as_mut_slice();
    let mut n = moves.len();
    let mut i = 0;
    while let Some(skip) = moves[i..n].iter().position(&needs_test) {
        i += skip;
        // Read in place, not copied: a move is 10 bytes, which WebAssembly passes to
        // `safe_after` through memory (docs/js.md § Speed).
        if safe_after(v, board, k, &moves[i], us) {
            i += 1;
        } else {
            n -= 1;
            moves.swap(i, n);
        }
    }
    out.truncate(n);
}

/// Removes the moves after which the royal pieces face each other where the game forbids
/// it (docs/format.md § Royal pieces that may not face each other): such a move is illegal,
/// like a move into check. Only games with `royal-facing` come here.
#[cold]
#[inline(never)]
fn drop_facing(pos: &Position, us: Color, out: &mut Vec<Move>) {
    let (ours, theirs) = (pos.king(us), pos.king(!us));
    let (v, board) = (&**pos.variant(), pos.board());
    let Some(facing) = v.facing else { return };
    if ours.is_none() || theirs.is_none() {
        return;
    }
    let g = &v.geometry;
    let (of, or) = g.coords(ours);
    let (tf, tr) = g.coords(theirs);
    // Unless the royal piece moves, the royal pieces can face each other afterwards only
    // if they share a line now.
    let aligned = of == tf || (or == tr && facing == Facing::Orthogonal);
    out.retain(|m| {
        let moves_king =
            m.kind() == MoveKind::Castle || (m.kind() != MoveKind::Drop && m.from() == ours);
        if !moves_king && !aligned {
            return true;
        }
        // The squares the move empties and fills (the board itself is not changed).
        let none = Square::NONE;
        let (emptied, filled) = match m.kind() {
            MoveKind::Castle => {
                let (rook_from, rook_to) = m.castling_rook().unwrap_or((m.from(), m.to()));
                ([m.from(), rook_from, none], [m.to(), rook_to])
            }
            MoveKind::Drop => ([none; 3], [m.to(), none]),
            _ => ([m.from(), m.extra_square(), none], [m.to(), none]),
        };
        let occupied = |s: Square| {
            filled.contains(&s) || (!emptied.contains(&s) && board[s.index()].is_some())
        };
        let k = if moves_king { m.to() } else { ours };
        !royals_face(v, k, theirs, facing, occupied)
    });
}

/// Applies a move to the board only (no lists, hash or counters), for legality tests.
/// Returns the saved squares, for `restore_board`.
#[inline]
fn apply_board(board: &mut Board, m: &Move, us: Color) -> [(Square, Piece); 4] {
    let none = (Square::NONE, Piece::EMPTY);
    let save = |b: &Board, s: Square| if s.is_some() { (s, b[s.index()]) } else { none };
    let (from, to) = (m.from(), m.to());
    match m.kind() {
        MoveKind::Drop => {
            let saved = [save(board, to), none, none, none];
            if let Some(k) = m.dropped() {
                board[to.index()] = Piece::new(k, us);
            }
            saved
        }
        MoveKind::Castle => {
            let (rook_from, rook_to) = m.castling_rook().unwrap_or((from, to));
            let saved = [
                save(board, from),
                save(board, rook_from),
                save(board, to),
                save(board, rook_to),
            ];
            let king = board[from.index()];
            let rook = board[rook_from.index()];
            board[from.index()] = Piece::EMPTY;
            board[rook_from.index()] = Piece::EMPTY;
            board[to.index()] = king;
            board[rook_to.index()] = rook;
            saved
        }
        _ => {
            let extra = m.extra_square();
            let saved = [save(board, from), save(board, to), save(board, extra), none];
            let moved = board[from.index()];
            let placed = match m.promotion() {
                Some(k) => Piece::new(k, us),
                None => moved,
            };
            if extra.is_some() {
                board[extra.index()] = Piece::EMPTY;
            }
            board[from.index()] = Piece::EMPTY;
            board[to.index()] = placed;
            saved
        }
    }
}

#[inline]
fn restore_board(board: &mut Board, saved: [(Square, Piece); 4]) {
    for (s, p) in saved.iter().rev() {
        if s.is_some() {
            board[s.index()] = *p;
        }
    }
}

/// Is the king of `us` (on `king`, or wherever the move takes it) safe after this
/// pseudo-legal move (rules.md § Check and legal moves)?
#[inline]
fn safe_after(v: &Variant, board: &mut Board, king: Square, m: &Move, us: Color) -> bool {
    if king.is_none() {
        return true;
    }
    let k = if m.kind() == MoveKind::Castle || (m.kind() != MoveKind::Drop && m.from() == king) {
        m.to()
    } else {
        king
    };
    let saved = apply_board(board, m, us);
    let attacked = attacked_on(v, board, k, !us);
    restore_board(board, saved);
    !attacked
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mobility read atom by atom through [`targets`]' dispatch, as it was before the
    /// grouped tables.
    fn mobility_by_atoms(pos: &Position, c: Color) -> u32 {
        let v = &**pos.variant();
        let board = pos.board();
        let mut n = 0u32;
        for &from in pos.pieces_of(c) {
            let kind = board[from.index()].kind();
            for atom in v.atoms_of(kind, c, from) {
                targets(atom, &v.rays, board, c, &mut |_| n += 1);
            }
        }
        n
    }

    /// The search's list with its lazy legality gives exactly the legal moves, in every
    /// built-in game, in positions of random games (checks, pins and drops among them).
    #[test]
    fn the_search_list_holds_the_legal_moves_and_tells_them_apart() {
        let mut rng = crate::testrng::Rng(7);
        let (mut tested, mut refused) = (0, 0);
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            for _ in 0..4 {
                let mut p = Position::start(&v);
                for _ in 0..80 {
                    let mut want = Vec::new();
                    p.generate_legal(&mut want);
                    let mut listed = Vec::new();
                    let legality = p.generate_for_search(&mut listed, p.is_check());
                    let before = p.fen();
                    let mut got = Vec::new();
                    for m in &listed {
                        tested += 1;
                        if legality.allows(&mut p, m) {
                            got.push(*m);
                        } else {
                            refused += 1;
                        }
                    }
                    assert_eq!(p.fen(), before, "{name}: the tests left the board changed");
                    let key = |m: &Move| format!("{m:?}");
                    want.sort_by_key(key);
                    got.sort_by_key(key);
                    assert_eq!(got, want, "{name}: {}", p.fen());
                    if !p.play_random(&mut rng) {
                        break;
                    }
                }
            }
        }
        assert!(
            refused > 100,
            "{refused} of {tested} refused: too few to test anything"
        );
    }

    /// [`mobility`] through the grouped tables counts what the atoms give one by one, for
    /// both sides, in positions of random games in every built-in game.
    #[test]
    fn mobility_through_the_grouped_tables_counts_every_atom() {
        let mut rng = crate::testrng::Rng(21);
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            for _ in 0..3 {
                let mut p = Position::start(&v);
                for _ in 0..60 {
                    for c in Color::BOTH {
                        assert_eq!(
                            mobility(&p, c),
                            mobility_by_atoms(&p, c),
                            "{name}, {c:?}: {}",
                            p.fen()
                        );
                    }
                    if !p.play_random(&mut rng) {
                        break;
                    }
                }
            }
        }
    }
}
