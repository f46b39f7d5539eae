//! A position of a game: board, side to move, castling rights, en-passant targets,
//! reserves and counters; playing and taking back moves with an incremental hash.
//!
//! This module holds [`Position`]'s state and what changes it. The rules that read a
//! position add their own methods in their own modules, which come after this one in the
//! layers (docs/architecture.md): the moves in `movegen`, the end of the game in
//! `outcome`, positions of arbitrary pieces in `diagram`, move text and checked play
//! in `notation`.

use std::sync::Arc;

use crate::limits::MAX_SQUARES;
use crate::moves::{Move, MoveKind};
use crate::setup::{self, MAX_COUNTER, Setup, SetupData, SetupError};
use crate::sqset::SquareSet;
use crate::types::{Board, ByColor, CastlingRights, Color, Kind, MAX_KINDS, Piece, Square};
use crate::variant::{END_SCEPTER, Variant};

/// The last move's en-passant line (rules.md § En passant): it went from `from` to `to` in `steps` equal
/// steps, and the squares between are the targets. `to` is the piece a capture en passant
/// takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct EnPassant {
    pub from: Square,
    pub to: Square,
    pub steps: u8,
}

impl EnPassant {
    /// No en-passant target.
    pub const NONE: EnPassant = EnPassant {
        from: Square::NONE,
        to: Square::NONE,
        steps: 0,
    };

    /// Is there any target?
    #[inline]
    pub fn is_some(&self) -> bool {
        self.to.is_some()
    }

    /// Is `t` one of the targets?
    #[inline(always)]
    pub fn is_target(&self, v: &Variant, t: Square) -> bool {
        if self.to.is_none() {
            return false;
        }
        let g = &v.geometry;
        let (f0, r0) = g.coords(self.from);
        let (f1, r1) = g.coords(self.to);
        let (ft, rt) = g.coords(t);
        let s = self.steps as i32;
        let (dx, dy) = ((f1 as i32 - f0 as i32) / s, (r1 as i32 - r0 as i32) / s);
        let (ox, oy) = (ft as i32 - f0 as i32, rt as i32 - r0 as i32);
        let i = if dx != 0 { ox / dx } else { oy / dy };
        i > 0 && i < s && ox == dx * i && oy == dy * i
    }

    /// The first target: the square one step from `from` towards `to` (the only target
    /// of a two-square step), or none.
    pub fn first_target(&self, v: &Variant) -> Square {
        if !self.is_some() || self.steps < 2 {
            return Square::NONE;
        }
        let g = &v.geometry;
        let (f0, r0) = g.coords(self.from);
        let (f1, r1) = g.coords(self.to);
        let s = self.steps as i32;
        let (dx, dy) = ((f1 as i32 - f0 as i32) / s, (r1 as i32 - r0 as i32) / s);
        g.square(f0 as i32 + dx, r0 as i32 + dy)
            .unwrap_or(Square::NONE)
    }

    /// The hash key of this line.
    fn key(&self, v: &Variant) -> u64 {
        if self.to.is_none() {
            0
        } else {
            v.zobrist.ep(self.from, self.to)
        }
    }
}

/// What a move may take away that taking it back restores as it was: the castling rights
/// and, in an n-check game, the checks each side still has to give (docs/format.md § The
/// end of the game). One word of four bytes, so that saving it with each move and
/// restoring it costs what the castling rights alone cost, whether the game counts checks
/// or not.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(C, align(4))]
struct Rights {
    castling: CastlingRights,
    checks: ByColor<u8>,
}

#[derive(Clone, Debug)]
struct Undo {
    mv: Move,
    moved: Piece,
    captured: Piece,
    captured_extra: Piece,
    rights: Rights,
    ep: EnPassant,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// `captures-to-hand` games only: which of the moved piece (1), the captured piece (2)
    /// and the piece captured besides (4) were promoted pieces. Gating games only: which
    /// of the move's first square (8), its destination (16) and its second square (32,
    /// the castling rook's or a captured piece's) lost a gate (docs/format.md § Gating).
    marks: u8,
}

/// What a null move (the side to move passes, for the search) changed.
pub(crate) struct NullUndo {
    ep: EnPassant,
    hash: u64,
}

/// A position of a game: where the pieces stand, whose move it is, the rights and
/// counters of the rules, and the moves played to reach it (which [`Position::undo`]
/// takes back). Cloning copies all of it, with the room a new position has: playing on
/// a copy allocates no more than playing on the original.
///
/// ```
/// use fairyforge::{Position, Variant};
/// let chess = Variant::builtin("chess").unwrap();
/// let mut pos = Position::start(&chess);
/// pos.play_text(&["e2e4", "e7e5"]).unwrap();
/// let m = pos.parse_move("g1f3").unwrap();
/// pos.play(&m).unwrap();
/// assert_eq!(pos.legal_moves().len(), 29);
/// assert_eq!(pos.undo(), Some(m));
/// ```
pub struct Position {
    variant: Arc<Variant>,
    board: Box<Board>,
    side: Color,
    /// The castling rights and, in an n-check game, the checks each side still has to
    /// give (docs/format.md § The end of the game).
    rights: Rights,
    ep: EnPassant,
    halfmove: u32,
    fullmove: u32,
    reserves: ByColor<[u8; MAX_KINDS]>,
    /// The squares of promoted pieces, which return to a reserve as the piece they were
    /// (`captures-to-hand`, docs/format.md § Reserves and drops); always empty in other games.
    promoted: SquareSet,
    /// The squares that still have a gate (docs/format.md § Gating), each held by the
    /// piece standing there, which has not moved; always empty in other games. A gate
    /// counts while its side has a piece in reserve (or, with `captures-to-hand`, always),
    /// as Fairy-Stockfish's gates do: see [`Position::live_gates`].
    gates: SquareSet,
    king: ByColor<Square>,
    /// The squares of each side's pieces, in no order, and each square's place in its list.
    lists: ByColor<Vec<Square>>,
    index: Vec<u16>,
    hash: u64,
    history: Vec<Undo>,
}

/// History room a new position reserves: playing this many moves allocates nothing.
const HISTORY_ROOM: usize = 256;

impl Clone for Position {
    /// A copy with the room a new position has: its piece lists hold every square and
    /// its history 256 more moves, so playing on the copy (a perft, a search) reallocates
    /// nothing and runs as on the original. (A derived clone would keep only the lengths,
    /// and the first drop or move played would move the lists elsewhere.)
    fn clone(&self) -> Position {
        let n = self.variant.num_squares();
        let list = |l: &Vec<Square>| {
            let mut v = Vec::with_capacity(n.max(l.len()));
            v.extend_from_slice(l);
            v
        };
        let mut history = Vec::with_capacity(self.history.len() + HISTORY_ROOM);
        history.extend_from_slice(&self.history);
        self.copy_with(
            ByColor::new(
                list(&self.lists[Color::White]),
                list(&self.lists[Color::Black]),
            ),
            history,
        )
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl PartialEq for Position {
    /// Same game state: board, side, rights, en passant, reserves and counters.
    fn eq(&self, o: &Position) -> bool {
        self.board == o.board
            && self.side == o.side
            && self.rights == o.rights
            && self.ep == o.ep
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
            && self.reserves == o.reserves
            && self.promoted == o.promoted
            && self.live_gates() == o.live_gates()
            && self.king == o.king
            && self.hash == o.hash
    }
}

/// Building positions.
impl Position {
    /// The start position of a variant.
    pub fn start(variant: &Arc<Variant>) -> Position {
        Position::from_setup(Setup::start(variant))
    }

    /// Reads an rules.md § Position strings position string (or, for orthodox chess, a FEN with `KQkq`): the
    /// [`Setup`] it gives, as a position.
    pub fn from_fen(variant: &Arc<Variant>, s: &str) -> Result<Position, SetupError> {
        Setup::parse(variant, s).map(Position::from_setup)
    }

    /// The position a setup describes.
    pub fn from_setup(setup: Setup) -> Position {
        let (variant, data) = setup.into_parts();
        Position::from_parsed(variant, data)
    }

    /// The position as a setup (whose position string is [`Position::fen`]).
    pub fn setup(&self) -> Setup {
        Setup::from_data(self.variant.clone(), self.setup_data())
    }

    /// The parts a position string gives.
    fn setup_data(&self) -> SetupData {
        SetupData {
            board: self.board[..self.variant.num_squares()].to_vec(),
            promoted: self.promoted,
            gates: self.live_gates(),
            side: self.side,
            castling: self.rights.castling,
            ep_from: self.ep.from,
            ep_to: self.ep.to,
            ep_steps: self.ep.steps,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            reserves: self.reserves,
            checks: (self.variant.def.end.checks > 0).then_some(self.rights.checks),
        }
    }

    pub(crate) fn from_parsed(variant: Arc<Variant>, p: SetupData) -> Position {
        let n = variant.num_squares();
        let mut pos = Position {
            board: Box::new([Piece::EMPTY; MAX_SQUARES]),
            side: p.side,
            rights: Rights {
                castling: p.castling,
                checks: p.checks.unwrap_or({
                    let n = variant.def.end.checks;
                    ByColor::new(n, n)
                }),
            },
            ep: EnPassant {
                from: p.ep_from,
                to: p.ep_to,
                steps: p.ep_steps,
            },
            halfmove: p.halfmove,
            fullmove: p.fullmove,
            reserves: p.reserves,
            promoted: p.promoted,
            gates: p.gates,
            king: ByColor::new(Square::NONE, Square::NONE),
            lists: ByColor::new(Vec::with_capacity(n), Vec::with_capacity(n)),
            index: vec![0; n],
            hash: 0,
            history: Vec::with_capacity(HISTORY_ROOM),
            variant,
        };
        for (i, piece) in p.board.iter().enumerate() {
            if piece.is_some() {
                pos.put(Square(i as u16), *piece);
            }
        }
        pos.hash = pos.hash_from_scratch();
        pos
    }
}

/// Reading a position.
impl Position {
    /// The variant played.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// Whose move it is.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The kind and colour of the piece on a square, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Kind, Color)> {
        self.board[sq.index()].get()
    }

    /// How many pieces of a kind a side has in reserve, to drop.
    pub fn reserve(&self, color: Color, kind: Kind) -> u8 {
        self.reserves[color][kind.index()]
    }

    /// The square of a side's royal piece, if it has one on the board.
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.king[color].some()
    }

    /// The castlings each side may still make (rules.md § Castling).
    pub fn castling_rights(&self) -> CastlingRights {
        self.rights.castling
    }

    /// The en-passant target squares, in the order the pawn passed them (rules.md § En passant, § Position strings).
    pub fn ep_targets(&self) -> Vec<Square> {
        setup::ep_line(&self.variant, self.ep.from, self.ep.to, self.ep.steps)
    }

    /// Plies since the last capture, pawn move or drop (rules.md § The end of the game).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The number of the move, from 1, counting up after Black's moves.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Number of moves played since the position was created (what [`Position::undo`]
    /// can take back).
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// The moves played since the position was created, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The incremental hash of the position (board, side, castling, en passant, reserves).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The position string (rules.md § Position strings).
    pub fn fen(&self) -> String {
        setup::write_data(&self.variant, &self.setup_data())
    }
}

/// Playing moves.
impl Position {
    /// The pieces a move captures, with their squares.
    pub fn captures_of(&self, m: &Move) -> Vec<(Square, Kind, Color)> {
        let mut out = Vec::new();
        if matches!(m.kind(), MoveKind::Drop | MoveKind::Castle) {
            return out;
        }
        // The mover's colour, not the side to move: also right for the pseudo-legal moves
        // of either side's pieces (`piece_moves`).
        let mover = self.board[m.from().index()];
        let us = if mover.is_some() {
            mover.color()
        } else {
            self.side
        };
        for sq in [Some(m.to()), m.extra_capture()].into_iter().flatten() {
            let p = self.board[sq.index()];
            if p.is_enemy_of(us) {
                out.push((sq, p.kind(), p.color()));
            }
        }
        out
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        let k = self.king[self.side];
        k.is_some() && self.is_attacked(k, !self.side)
    }

    /// Is `sq` attacked by `by` (rules.md § Check and legal moves): could `by` capture a piece of the other colour
    /// standing there?
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        crate::attack::attacked_on(&self.variant, &self.board, sq, by)
    }

    /// Plays a move without checking it: it must be one of this position's legal moves
    /// (or, for a search, at least pseudo-legal). Fast.
    pub fn play_unchecked(&mut self, m: &Move) {
        match (self.counts_checks(), self.reserve_way()) {
            (false, false) => self.play_as::<false, false, false>(m),
            (true, false) => self.play_as::<true, false, false>(m),
            (checks, true) => self.play_in_hand_game(checks, m),
        }
    }

    /// [`Position::play_unchecked`] in a `captures-to-hand` or a gating game, out of the
    /// way of the others.
    #[inline(never)]
    fn play_in_hand_game(&mut self, checks: bool, m: &Move) {
        match (checks, self.has_gates()) {
            (false, false) => self.play_as::<false, true, false>(m),
            (true, false) => self.play_as::<true, true, false>(m),
            (false, true) => self.play_as::<false, true, true>(m),
            (true, true) => self.play_as::<true, true, true>(m),
        }
    }

    /// Has the game Seirawan-style gating (docs/format.md § Gating)? What
    /// [`Position::play_as`] and [`Position::undo_as`] must be told (`GATING`, which
    /// comes only with `TO_HAND`: a gating game plays by the way of the games with
    /// reserves, whose captures go to a reserve only if it has `captures-to-hand`).
    #[inline]
    pub(crate) fn has_gates(&self) -> bool {
        self.variant.gating.is_some()
    }

    /// Do captured pieces go to the captor's reserve (`captures-to-hand`, docs/format.md
    /// § Reserves and drops), or has the game gating? What [`Position::play_as`] and
    /// [`Position::undo_as`] must be told (`TO_HAND`): the games that take the way of
    /// reserves, out of the way of the others.
    #[inline]
    pub(crate) fn reserve_way(&self) -> bool {
        self.variant.to_hand || self.variant.gating.is_some()
    }

    /// Does the game count the checks given (n-check, docs/format.md § The end of the
    /// game)? What [`Position::play_as`] must be told.
    #[inline]
    pub(crate) fn counts_checks(&self) -> bool {
        self.variant.def.end.checks > 0
    }

    /// [`Position::play_unchecked`] for a caller that knows whether the game counts checks
    /// (`CHECKS`, [`Position::counts_checks`]) and whether captured pieces go to the
    /// reserve (`TO_HAND`, [`Position::reserve_way`]) once for many moves, as perft
    /// does: a game without these rules then plays its moves without asking, and pays
    /// nothing for them.
    #[inline(always)]
    pub(crate) fn play_as<const CHECKS: bool, const TO_HAND: bool, const GATING: bool>(
        &mut self,
        m: &Move,
    ) {
        debug_assert_eq!(CHECKS, self.counts_checks());
        debug_assert_eq!(TO_HAND, self.reserve_way());
        debug_assert_eq!(GATING, self.has_gates());
        let us = self.side;
        let gate_key = if GATING { self.gates_key() } else { 0 };
        let mut undo = Undo {
            mv: *m,
            moved: Piece::EMPTY,
            captured: Piece::EMPTY,
            captured_extra: Piece::EMPTY,
            rights: self.rights,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            marks: 0,
        };
        self.hash ^= self.ep.key(&self.variant);
        self.ep = EnPassant::NONE;
        // Whether the move resets the count toward the 100-ply draw (rules.md § The end of the game).
        let reset = match m.kind() {
            MoveKind::Drop => {
                let k = m.dropped().expect("a drop drops a piece");
                let count = self.reserves[us][k.index()];
                self.set_reserve(us, k, count - 1);
                self.put(m.to(), Piece::new(k, us));
                true
            }
            MoveKind::Castle => {
                let (rook_from, rook_to) = m.castling_rook().expect("castling moves a rook");
                let king = self.remove(m.from());
                let rook = self.remove(rook_from);
                undo.moved = king;
                self.put(m.to(), king);
                self.put(rook_to, rook);
                self.clear_rights([m.from(), rook_from, Square::NONE]);
                false
            }
            _ if TO_HAND && (!GATING || self.variant.to_hand) => {
                self.play_hand_move(m, us, &mut undo)
            }
            _ => self.play_board_move(m, us, &mut undo),
        };
        if GATING {
            self.play_gate(m, us, &mut undo, gate_key);
        }
        // The counters stop at the largest a position string may give (no wrap).
        self.halfmove = if reset {
            0
        } else {
            (self.halfmove + 1).min(MAX_COUNTER)
        };
        if us == Color::Black {
            self.fullmove = (self.fullmove + 1).min(MAX_COUNTER);
        }
        self.side = !us;
        self.hash ^= self.variant.zobrist.side;
        if CHECKS {
            self.count_check(us);
        }
        self.history.push(undo);
    }

    /// n-check (docs/format.md § The end of the game): after `us` moved, a check it gives counts.
    fn count_check(&mut self, us: Color) {
        let left = self.rights.checks[us];
        if left > 0 && self.is_check() {
            let z = &self.variant.zobrist;
            self.hash ^= z.checks(us, left) ^ z.checks(us, left - 1);
            self.rights.checks[us] = left - 1;
        }
    }

    /// A piece moves on the board (with its captures, promotion and en-passant targets).
    /// Returns whether the move resets the count toward the 100-ply draw.
    #[inline(always)]
    fn play_board_move(&mut self, m: &Move, us: Color, undo: &mut Undo) -> bool {
        let moved = self.remove(m.from());
        undo.moved = moved;
        let mut reset = self.variant.pieces[moved.kind().index()].pawn;
        let extra = m.extra_square();
        if extra.is_some() && self.board[extra.index()].is_some() {
            undo.captured_extra = self.remove(extra);
            reset = true;
        }
        if self.board[m.to().index()].is_some() {
            undo.captured = self.remove(m.to());
            reset = true;
        }
        let placed = match m.promotion() {
            Some(k) => {
                // A promotion resets the count, whatever the piece that promotes, unless
                // its rule says `resets-count = false` (docs/format.md § `[promotion]`).
                reset |= self
                    .variant
                    .promotion_rule_of(moved)
                    .is_none_or(|r| r.resets_count);
                Piece::new(k, us)
            }
            None => moved,
        };
        self.put(m.to(), placed);
        self.clear_rights([m.from(), m.to(), extra]);
        if m.kind() == MoveKind::DoubleStep {
            self.set_double_step(m);
        }
        reset
    }

    /// A piece moves on the board in a `captures-to-hand` game (docs/format.md § Reserves
    /// and drops): as [`Position::play_board_move`], and each captured piece goes to the
    /// mover's reserve, a promoted one as the piece it was; the promoted mark follows the
    /// piece, and a promotion sets it.
    fn play_hand_move(&mut self, m: &Move, us: Color, undo: &mut Undo) -> bool {
        let (from, to, extra) = (m.from(), m.to(), m.extra_square());
        let mut hand = 0;
        if self.promoted.contains(from) {
            hand |= 1;
            self.set_promoted(from, false);
        }
        if extra.is_some() && self.board[extra.index()].is_some() && self.capture_to_hand(extra, us)
        {
            hand |= 4;
        }
        if self.board[to.index()].is_some() && self.capture_to_hand(to, us) {
            hand |= 2;
        }
        let reset = self.play_board_move(m, us, undo);
        // A promotion marks the piece only where a captured one returns demoted (not
        // with `captures-to-hand = "as-is"`, where no piece has an origin).
        let made = m
            .promotion()
            .is_some_and(|k| self.variant.origin[k.index()].is_some());
        if hand & 1 != 0 || made {
            self.set_promoted(to, true);
        }
        undo.marks = hand;
        reset
    }

    /// The piece on `sq`, captured by `us`, goes to `us`'s reserve (as the piece it was,
    /// if promoted). It stays on its square for [`Position::play_board_move`] to take.
    /// Returns whether it was a promoted piece.
    fn capture_to_hand(&mut self, sq: Square, us: Color) -> bool {
        let kind = self.board[sq.index()].kind();
        let promoted = self.promoted.contains(sq);
        let back = match self.variant.origin[kind.index()] {
            Some(o) if promoted => o,
            _ => kind,
        };
        if promoted {
            self.set_promoted(sq, false);
        }
        let count = self.reserves[us][back.index()];
        self.set_reserve(us, back, count.saturating_add(1));
        promoted
    }

    /// Marks or unmarks the piece on `sq` as promoted, with the hash.
    fn set_promoted(&mut self, sq: Square, on: bool) {
        if self.promoted.contains(sq) != on {
            if on {
                self.promoted.insert(sq);
            } else {
                self.promoted.remove(sq);
            }
            self.hash ^= self.variant.zobrist.promoted(sq);
        }
    }

    /// Takes back a board move of a `captures-to-hand` game: the reserve and the promoted
    /// marks (the board is put back by the caller).
    fn undo_hand_move(&mut self, m: &Move, us: Color, u: &Undo) {
        let (from, to, extra) = (m.from(), m.to(), m.extra_square());
        self.promoted.remove(to);
        if u.marks & 1 != 0 {
            self.promoted.insert(from);
        }
        for (sq, p, bit) in [(to, u.captured, 2), (extra, u.captured_extra, 4)] {
            if p.is_empty() {
                continue;
            }
            let promoted = u.marks & bit != 0;
            let back = match self.variant.origin[p.kind().index()] {
                Some(o) if promoted => o,
                _ => p.kind(),
            };
            self.reserves[us][back.index()] -= 1;
            if promoted {
                self.promoted.insert(sq);
            }
        }
    }

    /// Gating (docs/format.md § Gating), after the move is made: the squares it touched
    /// lose their gates, and the gated piece comes from the reserve to its square. The
    /// hash follows the gates that count (`before`: their key before the move).
    #[inline(never)]
    fn play_gate(&mut self, m: &Move, us: Color, undo: &mut Undo, before: u64) {
        if !m.is_drop() {
            for (sq, bit) in [(m.from(), 8), (m.to(), 16), (m.extra_square(), 32)] {
                if sq.is_some() && self.gates.contains(sq) {
                    self.gates.remove(sq);
                    undo.marks |= bit;
                }
            }
        }
        if let Some((k, sq)) = m.gate() {
            let count = self.reserves[us][k.index()];
            self.set_reserve(us, k, count - 1);
            self.put(sq, Piece::new(k, us));
        }
        self.hash ^= before ^ self.gates_key();
    }

    /// Takes back what [`Position::play_gate`] did (the hash is restored by the caller).
    fn undo_gate(&mut self, m: &Move, us: Color, u: &Undo) {
        if let Some((k, sq)) = m.gate() {
            self.remove(sq);
            self.reserves[us][k.index()] += 1;
        }
        for (sq, bit) in [(m.from(), 8), (m.to(), 16), (m.extra_square(), 32)] {
            if u.marks & bit != 0 {
                self.gates.insert(sq);
            }
        }
    }

    /// The gates that count ([`crate::setup::live_gates`]). Fairy-Stockfish drops a side's
    /// gates once its reserve is empty; here they stay but count for nothing, so that
    /// taking moves back needs no copy of them.
    pub(crate) fn live_gates(&self) -> SquareSet {
        crate::setup::live_gates(&self.variant, &self.board[..], &self.reserves, self.gates)
    }

    /// The hash key of the gates that count.
    fn gates_key(&self) -> u64 {
        let z = &self.variant.zobrist;
        self.live_gates().iter().fold(0, |h, sq| h ^ z.gate(sq))
    }

    /// Clears the castling rights of a move touching these squares (rules.md § Castling).
    #[inline]
    fn clear_rights(&mut self, touched: [Square; 3]) {
        let clear = &self.variant.castle_clear;
        let mut rights = self.rights.castling;
        for sq in touched {
            if sq.is_some() {
                rights = rights.without(clear[sq.index()]);
            }
        }
        if rights != self.rights.castling {
            let z = &self.variant.zobrist;
            self.hash ^= z.castling(self.rights.castling) ^ z.castling(rights);
            self.rights.castling = rights;
        }
    }

    /// After a double step: the squares it passed become en-passant targets (rules.md § En passant).
    #[inline]
    fn set_double_step(&mut self, m: &Move) {
        let g = &self.variant.geometry;
        let (f0, r0) = g.coords(m.from());
        let (f1, r1) = g.coords(m.to());
        let steps = gcd(
            (f1 as i32 - f0 as i32).unsigned_abs(),
            (r1 as i32 - r0 as i32).unsigned_abs(),
        );
        if steps >= 2 {
            self.ep = EnPassant {
                from: m.from(),
                to: m.to(),
                steps: steps as u8,
            };
            self.hash ^= self.ep.key(&self.variant);
        }
    }

    /// Takes back the last move played. Returns it, or `None` when there is none.
    pub fn undo(&mut self) -> Option<Move> {
        if self.reserve_way() {
            self.undo_in_hand_game()
        } else {
            self.undo_as::<false, false>()
        }
    }

    /// [`Position::undo`] in a `captures-to-hand` or a gating game, out of the way of the
    /// others.
    #[inline(never)]
    fn undo_in_hand_game(&mut self) -> Option<Move> {
        if self.has_gates() {
            self.undo_as::<true, true>()
        } else {
            self.undo_as::<true, false>()
        }
    }

    /// [`Position::undo`] for a caller that knows whether captured pieces go to the
    /// reserve (`TO_HAND`, [`Position::reserve_way`]), as perft does.
    #[inline(always)]
    pub(crate) fn undo_as<const TO_HAND: bool, const GATING: bool>(&mut self) -> Option<Move> {
        debug_assert_eq!(TO_HAND, self.reserve_way());
        debug_assert_eq!(GATING, self.has_gates());
        let u = self.history.pop()?;
        let m = u.mv;
        let us = !self.side;
        self.side = us;
        if GATING {
            self.undo_gate(&m, us, &u);
        }
        self.fullmove = u.fullmove;
        match m.kind() {
            MoveKind::Drop => {
                let k = m.dropped().expect("a drop drops a piece");
                self.remove(m.to());
                let count = self.reserves[us][k.index()];
                self.set_reserve(us, k, count + 1);
            }
            MoveKind::Castle => {
                let (rook_from, rook_to) = m.castling_rook().expect("castling moves a rook");
                let king = self.remove(m.to());
                let rook = self.remove(rook_to);
                self.put(m.from(), king);
                self.put(rook_from, rook);
            }
            _ => {
                if TO_HAND && (!GATING || self.variant.to_hand) {
                    self.undo_hand_move(&m, us, &u);
                }
                self.remove(m.to());
                if u.captured.is_some() {
                    self.put(m.to(), u.captured);
                }
                if u.captured_extra.is_some() {
                    self.put(m.extra_square(), u.captured_extra);
                }
                self.put(m.from(), u.moved);
            }
        }
        self.rights = u.rights;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
        Some(m)
    }
}

/// Checks of the engine against its definitions, for tests: slow readings that the fast
/// ones must always agree with. They are not part of the library's API: the tests turn
/// them on with the `oracle` feature.
#[cfg(any(test, feature = "oracle"))]
impl Position {
    /// The hash computed from scratch, a check of [`Position::hash`]: always equal to it.
    pub fn compute_hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    /// The square of the piece that a capture en passant would take: the one square where
    /// [`Position::is_attacked_slow`] counts a capture that is no attack in rules.md § Check and legal moves's sense.
    pub fn ep_victim(&self) -> Option<Square> {
        self.ep.to.some()
    }
}

/// For the modules of the crate.
impl Position {
    /// The hash computed from the position's state alone (what the incremental hash must
    /// equal).
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let v = &*self.variant;
        let z = &v.zobrist;
        let mut h = 0;
        for (i, p) in self.board[..v.num_squares()].iter().enumerate() {
            if p.is_some() {
                h ^= z.piece(*p, Square(i as u16));
            }
        }
        if self.side == Color::Black {
            h ^= z.side;
        }
        h ^= z.castling(self.rights.castling);
        h ^= self.ep.key(v);
        for (c, counts) in self.reserves.iter() {
            for (k, &count) in counts.iter().enumerate() {
                h ^= z.reserve(c, Kind::new(k), count);
            }
        }
        for sq in self.promoted.iter() {
            h ^= z.promoted(sq);
        }
        for sq in self.live_gates().iter() {
            h ^= z.gate(sq);
        }
        if v.def.end.checks > 0 {
            for c in Color::BOTH {
                h ^= z.checks(c, self.rights.checks[c]);
            }
        }
        h
    }

    /// The board: the content of each square.
    #[inline]
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// The variant and the board to try moves on (for legality tests, which put the board
    /// back as it was).
    #[inline]
    pub(crate) fn variant_and_board_mut(&mut self) -> (&Variant, &mut Board) {
        (&self.variant, &mut self.board)
    }

    /// Squares holding pieces of a colour (in no particular order).
    #[inline]
    pub(crate) fn pieces_of(&self, color: Color) -> &[Square] {
        &self.lists[color]
    }

    /// The squares that still have a gate (docs/format.md § Gating), whether they count
    /// or not: a gating move needs a piece of the reserve anyway.
    #[inline]
    pub(crate) fn gates(&self) -> SquareSet {
        self.gates
    }

    /// A side's reserve counts, by kind.
    #[inline]
    pub(crate) fn reserves_of(&self, color: Color) -> &[u8; MAX_KINDS] {
        &self.reserves[color]
    }

    /// The en-passant line of the last move.
    #[inline]
    pub(crate) fn en_passant(&self) -> EnPassant {
        self.ep
    }

    /// The square of a side's royal piece, or [`Square::NONE`].
    #[inline]
    pub(crate) fn king(&self, color: Color) -> Square {
        self.king[color]
    }

    /// Is the game over by a rule of the position: a royal piece on a square of its
    /// side's scepter zone (Capture the Scepter, rules.md § Optional rules), a bare king
    /// or the checks all given (docs/format.md § The end of the game)? A function of the
    /// position's state, so that a position reached by play and the same position read
    /// from a string agree (and the hash, which covers that state, covers it too).
    ///
    /// Asked before every generation of moves: the game's rules of this kind are one byte
    /// of the variant, so a game without them answers at once, a game with Capture the
    /// Scepter alone asks only for it, and no game pays for a rule it does not have.
    #[inline]
    pub(crate) fn ended(&self) -> bool {
        match self.variant.end_rules {
            0 => false,
            END_SCEPTER => self.scepter_holder().is_some(),
            _ => {
                self.scepter_holder().is_some()
                    || self.bare_king_loser().is_some()
                    || self.checks_winner().is_some()
            }
        }
    }

    /// In an n-check game, the side that has given all its checks (the side that moved
    /// last first), if any.
    pub(crate) fn checks_winner(&self) -> Option<Color> {
        if self.variant.def.end.checks == 0 {
            return None;
        }
        [!self.side, self.side]
            .into_iter()
            .find(|&c| self.rights.checks[c] == 0)
    }

    /// The checks `color` still has to give in an n-check game (docs/format.md § The end of the game).
    pub fn checks_left(&self, color: Color) -> u8 {
        self.rights.checks[color]
    }

    /// The side that loses by the bare king (docs/format.md § The end of the game), if the game has the rule
    /// and a side does. Pieces are counted on the board and in the reserve, the royal
    /// piece included. The side that has just moved loses if it has its royal piece alone
    /// and the side to move has more; the side to move loses if it has its royal piece alone
    /// and the other side has two pieces or more besides its own (with one, the side to
    /// move may still bare it in this move).
    pub(crate) fn bare_king_loser(&self) -> Option<Color> {
        if !self.variant.def.end.bare_king {
            return None;
        }
        let count = |c: Color| {
            self.lists[c].len() + self.reserves[c].iter().map(|&n| n as usize).sum::<usize>()
        };
        let (mover, side) = (!self.side, self.side);
        if count(mover) <= 1 && count(side) >= 2 {
            Some(mover)
        } else if count(side) <= 1 && count(mover) >= 3 {
            Some(side)
        } else {
            None
        }
    }

    /// The side whose royal piece stands in its scepter zone (rules.md § Optional rules), if any. When both do
    /// (only a position string can say so; no game reaches it) the side that moved last
    /// counts, as after the move that ends a game.
    #[inline]
    pub(crate) fn scepter_holder(&self) -> Option<Color> {
        let (zones, _) = self.variant.scepter.as_ref()?;
        let mover = !self.side;
        [mover, self.side]
            .into_iter()
            .find(|&c| zones[c].contains(self.king[c]))
    }

    /// Hashes of the positions before each move played, oldest first.
    pub(crate) fn hash_history(
        &self,
    ) -> impl DoubleEndedIterator<Item = u64> + ExactSizeIterator + '_ {
        self.history.iter().map(|u| u.hash)
    }

    /// A copy of this position without the moves that led to it: what generating the
    /// legal moves needs, at a cost that does not grow with the game's length.
    pub(crate) fn without_history(&self) -> Position {
        self.copy_with(self.lists.clone(), Vec::new())
    }

    /// This position's state with the given piece lists and history (the one place that
    /// copies every field: `Clone` and `without_history` differ only in these two).
    fn copy_with(&self, lists: ByColor<Vec<Square>>, history: Vec<Undo>) -> Position {
        Position {
            variant: self.variant.clone(),
            board: self.board.clone(),
            side: self.side,
            rights: self.rights,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            reserves: self.reserves,
            promoted: self.promoted,
            gates: self.gates,
            king: self.king,
            lists,
            index: self.index.clone(),
            hash: self.hash,
            history,
        }
    }

    /// A null move: the side to move passes (for the search's null-move pruning). The
    /// en-passant targets lapse; nothing else changes.
    pub(crate) fn play_null(&mut self) -> NullUndo {
        let undo = NullUndo {
            ep: self.ep,
            hash: self.hash,
        };
        self.hash ^= self.ep.key(&self.variant);
        self.ep = EnPassant::NONE;
        self.side = !self.side;
        self.hash ^= self.variant.zobrist.side;
        debug_assert_eq!(self.hash, self.hash_from_scratch());
        undo
    }

    /// Takes back a null move.
    pub(crate) fn undo_null(&mut self, u: NullUndo) {
        self.side = !self.side;
        self.ep = u.ep;
        self.hash = u.hash;
    }

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = p;
        self.hash ^= self.variant.zobrist.piece(p, sq);
        let c = p.color();
        self.index[sq.index()] = self.lists[c].len() as u16;
        self.lists[c].push(sq);
        if self.variant.royal == Some(p.kind()) {
            self.king[c] = sq;
        }
    }

    #[inline]
    fn remove(&mut self, sq: Square) -> Piece {
        let p = self.board[sq.index()];
        self.board[sq.index()] = Piece::EMPTY;
        self.hash ^= self.variant.zobrist.piece(p, sq);
        let c = p.color();
        let i = self.index[sq.index()] as usize;
        let last = self.lists[c]
            .pop()
            .expect("a piece is in its colour's list");
        if last != sq {
            self.lists[c][i] = last;
            self.index[last.index()] = i as u16;
        }
        if self.variant.royal == Some(p.kind()) && self.king[c] == sq {
            self.king[c] = Square::NONE;
        }
        p
    }

    fn set_reserve(&mut self, c: Color, k: Kind, count: u8) {
        let z = &self.variant.zobrist;
        let old = self.reserves[c][k.index()];
        self.hash ^= z.reserve(c, k, old) ^ z.reserve(c, k, count);
        self.reserves[c][k.index()] = count;
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a move saves for its undo stays 40 bytes, as before `captures-to-hand` (whose
    /// marks take a byte of the padding): every move of every game pushes one.
    #[test]
    fn the_undo_record_stays_small() {
        assert_eq!(std::mem::size_of::<Undo>(), 40);
    }

    /// The first en-passant target is the square one step from the line's start, the
    /// only target of a two-square step; after a longer step the others are targets too:
    /// after e2e4 in chess, e3; after the ninja pawn's triple step e2e5 in Birds and
    /// Ninjas, e3 first, e4 a target as well (rules.md § En passant).
    #[test]
    fn the_first_en_passant_target() {
        for (game, step, targets) in [
            ("chess", "e2e4", &["e3"][..]),
            ("birds-and-ninjas", "e2e5", &["e3", "e4"][..]),
        ] {
            let v = Variant::builtin(game).unwrap();
            let mut pos = Position::start(&v);
            assert_eq!(pos.en_passant().first_target(&v), Square::NONE, "{game}");
            pos.play_text(&[step]).unwrap();
            let g = &v.geometry;
            let sq = |n: &str| g.parse_square(n).unwrap();
            let ep = pos.en_passant();
            assert_eq!(ep.first_target(&v), sq(targets[0]), "{game}");
            for name in ["e1", "e2", "e3", "e4", "e5", "e6", "d3", "f3"] {
                let want = targets.contains(&name);
                assert_eq!(ep.is_target(&v, sq(name)), want, "{game} {name}");
            }
        }
    }

    /// A `plus` promotion resets the count of plies, whatever the piece, as in
    /// Fairy-Stockfish (docs/format.md § `[promotion]`): its string after a bishop's
    /// promotion in minishogi, a move that neither captures nor moves a pawn.
    #[test]
    fn a_plus_promotion_resets_the_count() {
        let v = Variant::builtin("minishogi").unwrap();
        let mut pos = Position::start(&v);
        let moves = "e1e4 d5e4 d1a4 R@d5 a2a3 a5a4 P@c2 B@d2 a1a2 c5b4 b1b2 b4a3 a2b3 P@d3 \
                     c1d2 a4a5 b2b1 d5d4 d2e1 a3b2 B@a3 d3d2";
        pos.play_text(&moves.split_whitespace().collect::<Vec<_>>())
            .unwrap();
        assert_eq!(pos.halfmove, 1);
        pos.play_text(&["a3c5+"]).unwrap();
        assert_eq!(pos.fen(), "rb+B1k/3rg/1K3/1sPp1/1G2S[] b - - 0 12");
    }

    /// A promotion resets the count of plies, whatever the piece (`resets-count`, on by
    /// default): Pawn Back Chess's pawn is not a `pawn` (its steps back and forth leave the
    /// count running), yet its promotion resets the count, as in Fairy-Stockfish (these
    /// strings are its). The Insane Ninja promotion says `resets-count = false`
    /// (tests/rules/options.rs).
    #[test]
    fn every_promotion_resets_the_count() {
        let v = Variant::builtin("pawnback").unwrap();
        let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 5 40";
        for (mv, after) in [
            ("b7b8n", "1N2k3/8/8/8/8/8/8/4K3 b - - 0 40"),
            ("b7b6", "4k3/8/1P6/8/8/8/8/4K3 b - - 6 40"),
            ("e1e2", "4k3/1P6/8/8/8/8/4K3/8 b - - 6 40"),
        ] {
            let mut pos = Position::from_fen(&v, fen).unwrap();
            pos.play_text(&[mv]).unwrap();
            assert_eq!(pos.fen(), after, "{mv}");
        }
    }

    /// A copy has the room of a new position, so that a perft or a search on it (the
    /// Python package counts on a copy) reallocates nothing: after a drop, which lengthens
    /// a piece list, and a few moves, its lists and history are where they were.
    #[test]
    fn a_copy_plays_without_reallocating() {
        let v = Variant::builtin("birds-and-ninjas").unwrap();
        let mut pos = Position::start(&v);
        pos.play_text(&["e2e4", "e9e7"]).unwrap();
        let mut copy = pos.clone();
        assert!(copy == pos && copy.ply_count() == 2);
        let squares = copy.variant.num_squares();
        assert!(
            [Color::White, Color::Black].map(|c| copy.lists[c].capacity() >= squares) == [true; 2]
        );
        assert!(copy.history.capacity() >= 2 + HISTORY_ROOM);
        let lists = [Color::White, Color::Black].map(|c| copy.lists[c].as_ptr());
        let history = copy.history.as_ptr();
        let drop = copy
            .legal_moves()
            .into_iter()
            .find(|m| m.kind() == MoveKind::Drop)
            .expect("White may drop a ninja pawn on e2");
        copy.play_unchecked(&drop);
        for _ in 0..20 {
            let Some(m) = copy.legal_moves().first().copied() else {
                break;
            };
            copy.play_unchecked(&m);
        }
        assert_eq!(
            [Color::White, Color::Black].map(|c| copy.lists[c].as_ptr()),
            lists
        );
        assert_eq!(copy.history.as_ptr(), history);
        while copy.ply_count() > 2 {
            copy.undo();
        }
        assert!(copy == pos);
    }
}
