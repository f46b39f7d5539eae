//! Move generation: pseudo-legal moves from the compiled tables, drops and castling, and
//! legality (R23: a move is legal if afterwards the mover's king is not attacked).
//!
//! Generation reads only the compiled per-square tables: no parsing, no name lookups and,
//! once the move buffer has grown, no allocation.

use crate::attack::{attacked_on, over_ok, pinned_first};
use crate::position::Position;
use crate::sqset::SquareSet;
use crate::types::{Color, Kind, Move, MoveKind, Piece, Square};
use crate::variant::{Atom, CAPTURE, EP_CAPTURE, EP_CREATE, MOVE, NOLAND, PromoRule};

/// Emits the moves of one piece: who moves, its promotion rule, and where its moves start
/// in the buffer (for the R30 duplicate check).
struct Emit<'a> {
    us: Color,
    rule: Option<&'a PromoRule>,
    kind: Kind,
    from: Square,
    start: usize,
}

impl Emit<'_> {
    /// Adds a move (one per promotion choice when it promotes). `dup`: an earlier primitive
    /// of this piece may already have produced the same move, which counts once (R30).
    #[inline]
    fn push(&self, out: &mut Vec<Move>, to: Square, aux: Square, mk: MoveKind, dup: bool) {
        if dup && out[self.start..].iter().any(|m| m.to == to && m.aux == aux) {
            return;
        }
        let base = Move {
            from: self.from,
            to,
            aux,
            aux2: Square::NONE,
            kind: mk,
            piece: self.kind,
            promo: 0,
        };
        match self.rule.filter(|r| r.zone[self.us as usize].contains(to)) {
            Some(rule) => {
                for &c in &rule.choices {
                    out.push(Move {
                        promo: c + 1,
                        ..base
                    });
                }
                if !rule.mandatory {
                    out.push(base);
                }
            }
            None => out.push(base),
        }
    }

    /// A slide along a compiled ray: quiet moves onto empty landing squares, a capture of
    /// the first piece if it is an enemy. Moves past the first square are of kind `long`
    /// (en-passant creating slides, R14).
    #[inline]
    fn slide(
        &self,
        out: &mut Vec<Move>,
        board: &[Piece],
        ray: &[u16],
        mode: u8,
        long: MoveKind,
        dup: bool,
    ) {
        for (i, x) in ray.iter().enumerate() {
            let to = Square(x & !NOLAND);
            let p = board[to.index()];
            let land = x & NOLAND == 0;
            if p.is_empty() {
                if land && mode & MOVE != 0 {
                    let k = if i == 0 { MoveKind::Normal } else { long };
                    self.push(out, to, Square::NONE, k, dup);
                }
            } else {
                if land && mode & CAPTURE != 0 && p.is_enemy_of(self.us) {
                    self.push(out, to, Square::NONE, MoveKind::Normal, dup);
                }
                break;
            }
        }
    }
}

impl Position {
    /// Is `sq` attacked by `by` (R23)? Assumes a piece of the other colour stands there.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        attacked_on(&self.variant, &self.board, sq, by)
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        let k = self.king[self.side as usize];
        k.is_some() && self.is_attacked(k, !self.side)
    }

    /// Pseudo-legal moves of `us` (ignoring whose turn it is), without castling.
    pub(crate) fn gen_pseudo(&self, us: Color, out: &mut Vec<Move>) {
        let v = &*self.variant;
        let board = &self.board[..];
        for &from in self.pieces_of(us) {
            let kind = board[from.index()].kind();
            let e = Emit {
                us,
                rule: v.promotion_rule(kind, us),
                kind,
                from,
                start: out.len(),
            };
            for atom in v.atoms_of(kind, us, from) {
                match *atom {
                    Atom::Leap { to, mode, dup } => {
                        let p = board[to.index()];
                        if p.is_empty() {
                            if mode & MOVE != 0 {
                                e.push(out, to, Square::NONE, MoveKind::Normal, dup);
                            }
                            if mode & EP_CAPTURE != 0
                                && self.ep_to.is_some()
                                && self.is_ep_target(to)
                            {
                                e.push(out, to, self.ep_to, MoveKind::EnPassant, dup);
                            }
                        } else if mode & CAPTURE != 0 && p.is_enemy_of(us) {
                            e.push(out, to, Square::NONE, MoveKind::Normal, dup);
                        }
                    }
                    Atom::Slide {
                        ray,
                        len,
                        mode,
                        dup,
                    } => {
                        let long = if mode & EP_CREATE != 0 {
                            MoveKind::DoubleStep
                        } else {
                            MoveKind::Normal
                        };
                        e.slide(out, board, v.ray(ray, len), mode, long, dup);
                    }
                    Atom::Bent {
                        bend,
                        ray,
                        len,
                        mode,
                        dup,
                    } => {
                        if board[bend.index()].is_empty() {
                            e.slide(out, board, v.ray(ray, len), mode, MoveKind::Normal, dup);
                        }
                    }
                    Atom::Fly { ray, len, dup } => {
                        let r = v.ray(ray, len);
                        for (i, x) in r.iter().enumerate() {
                            let s = Square(x & !NOLAND);
                            let p = board[s.index()];
                            if p.is_empty() {
                                continue;
                            }
                            if p.is_enemy_of(us) && i + 1 < r.len() && r[i + 1] & NOLAND == 0 {
                                let to = Square(r[i + 1]);
                                if board[to.index()].is_empty() {
                                    e.push(out, to, s, MoveKind::Normal, dup);
                                }
                            }
                            break;
                        }
                    }
                    Atom::Jump {
                        over,
                        nover,
                        to,
                        cond,
                        cap_over,
                        mode,
                        dup,
                    } => {
                        let mids = v.ray(over, nover);
                        if !mids.iter().all(|x| over_ok(cond, board[*x as usize], us)) {
                            continue;
                        }
                        let t = board[to.index()];
                        let ok = if t.is_empty() {
                            mode & MOVE != 0
                        } else {
                            mode & CAPTURE != 0 && t.is_enemy_of(us)
                        };
                        if !ok {
                            continue;
                        }
                        let mut aux = Square::NONE;
                        if cap_over && nover == 1 && board[mids[0] as usize].is_enemy_of(us) {
                            aux = Square(mids[0]);
                        }
                        e.push(out, to, aux, MoveKind::Normal, dup);
                    }
                    Atom::Cannon {
                        ray,
                        len,
                        cap_screen,
                        dup,
                    } => {
                        let mut screen = Square::NONE;
                        for x in v.ray(ray, len) {
                            let s = Square(x & !NOLAND);
                            let p = board[s.index()];
                            if p.is_empty() {
                                continue;
                            }
                            if screen.is_none() {
                                screen = s;
                                continue;
                            }
                            if p.is_enemy_of(us) && x & NOLAND == 0 {
                                let aux = if cap_screen && board[screen.index()].is_enemy_of(us) {
                                    screen
                                } else {
                                    Square::NONE
                                };
                                e.push(out, s, aux, MoveKind::Normal, dup);
                            }
                            break;
                        }
                    }
                }
            }
        }
        if v.has_drops {
            self.gen_drops(us, out);
        }
    }

    fn gen_drops(&self, us: Color, out: &mut Vec<Move>) {
        let v = &*self.variant;
        for k in 0..v.pieces.len() {
            if self.reserves[us as usize][k] == 0 {
                continue;
            }
            for &(sq, ray, len) in &v.drops[k * 2 + us as usize].squares {
                if self.board[sq.index()].is_some() {
                    continue;
                }
                let m = Move {
                    from: sq,
                    to: sq,
                    aux: Square::NONE,
                    aux2: Square::NONE,
                    kind: MoveKind::Drop,
                    piece: k as Kind,
                    promo: 0,
                };
                out.push(m);
                for e in v.ray(ray, len) {
                    let to = Square(*e);
                    if self.board[to.index()].is_some() {
                        break;
                    }
                    out.push(Move { to, ..m });
                }
            }
        }
    }

    /// Castling moves (R22), fully checked.
    fn gen_castling(&mut self, us: Color, in_check: bool, out: &mut Vec<Move>) {
        let v = &*self.variant;
        let board = &mut self.board;
        let Some(cs) = &v.castling else { return };
        if in_check || self.castling & (0x0f << (us as u8 * 4)) == 0 {
            return;
        }
        let home = cs.king_home[us as usize];
        let king = board[home.index()];
        let rights = self.castling;
        for rook in cs
            .rooks
            .iter()
            .filter(|r| r.color == us && rights & (1 << r.bit) != 0)
        {
            if !rook.between.iter().all(|s| board[s.index()].is_empty()) {
                continue;
            }
            'option: for opt in &rook.options {
                // R22: no square the king passes or lands on may be attacked, tested with the
                // king placed there and everything else unmoved.
                board[home.index()] = Piece::EMPTY;
                for &t in &opt.transit {
                    let saved = board[t.index()];
                    board[t.index()] = king;
                    let hit = attacked_on(v, board, t, !us);
                    board[t.index()] = saved;
                    if hit {
                        board[home.index()] = king;
                        continue 'option;
                    }
                }
                board[home.index()] = king;
                let m = Move {
                    from: home,
                    to: opt.king_to,
                    aux: rook.rook_home,
                    aux2: opt.rook_to,
                    kind: MoveKind::Castle,
                    piece: king.kind(),
                    promo: 0,
                };
                if safe_after(v, board, self.king[us as usize], &m, us) {
                    out.push(m);
                }
            }
        }
    }

    /// Appends the legal moves of the side to move to `out` (cleared first).
    pub fn generate_legal(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.ended {
            return;
        }
        let us = self.side;
        self.gen_pseudo(us, out);
        let v = &*self.variant;
        let k = self.king[us as usize];
        let in_check = k.is_some() && attacked_on(v, &self.board, k, !us);
        if k.is_some() {
            // Without check, a move other than the king's can expose the king only by
            // changing a square of a special attack (fly-over, cannon, jump, bent: the static
            // sensitivity) or by vacating the first square of a slider line with an attacker
            // behind it (computed here). Other moves need no test.
            let sens = &v.sensitive[(!us) as usize * v.num_squares() + k.index()];
            let pins = if in_check {
                SquareSet::EMPTY
            } else {
                pinned_first(v, &self.board, k, !us)
            };
            // Usually both sets are empty (always in orthodox chess outside pins): then only
            // the king's own moves need a test.
            let simple = sens.is_empty() && pins.is_empty();
            let board = &mut self.board;
            let mut i = 0;
            while i < out.len() {
                let m = out[i];
                let quick = !in_check
                    && (m.kind == MoveKind::Drop || m.from != k)
                    && (simple
                        || (!sens.contains(m.from)
                            && !sens.contains(m.to)
                            && !pins.contains(m.from)
                            && (m.aux.is_none()
                                || !(sens.contains(m.aux) || pins.contains(m.aux)))));
                if quick || safe_after(v, board, k, &m, us) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
        if v.castling.is_some() {
            self.gen_castling(us, in_check, out);
        }
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut p = self.clone();
        let mut out = Vec::new();
        p.generate_legal(&mut out);
        out
    }

    /// The slow definition of R23, for tests: does some pseudo-legal move of `by` capture a
    /// piece standing on `sq` (by landing there, jumping it or using it as an enemy screen)?
    pub fn is_attacked_slow(&self, sq: Square, by: Color) -> bool {
        let mut out = Vec::new();
        self.gen_pseudo(by, &mut out);
        out.iter().any(|m| match m.kind {
            MoveKind::Drop | MoveKind::Castle => false,
            MoveKind::EnPassant => m.aux == sq,
            _ => m.to == sq || m.aux == sq,
        })
    }
}

/// Applies a move to the board only (no lists, hash or counters), for legality tests.
/// Returns the saved squares, for `restore_board`.
#[inline]
fn apply_board(board: &mut [Piece], m: &Move, us: Color) -> [(Square, Piece); 4] {
    let none = (Square::NONE, Piece::EMPTY);
    let save = |b: &[Piece], s: Square| if s.is_some() { (s, b[s.index()]) } else { none };
    match m.kind {
        MoveKind::Drop => {
            let saved = [save(board, m.to), none, none, none];
            board[m.to.index()] = Piece::new(m.piece, us);
            saved
        }
        MoveKind::Castle => {
            let saved = [
                save(board, m.from),
                save(board, m.aux),
                save(board, m.to),
                save(board, m.aux2),
            ];
            let king = board[m.from.index()];
            let rook = board[m.aux.index()];
            board[m.from.index()] = Piece::EMPTY;
            board[m.aux.index()] = Piece::EMPTY;
            board[m.to.index()] = king;
            board[m.aux2.index()] = rook;
            saved
        }
        _ => {
            let saved = [
                save(board, m.from),
                save(board, m.to),
                save(board, m.aux),
                none,
            ];
            let moved = board[m.from.index()];
            let placed = match m.promotion() {
                Some(k) => Piece::new(k, us),
                None => moved,
            };
            if m.aux.is_some() {
                board[m.aux.index()] = Piece::EMPTY;
            }
            board[m.from.index()] = Piece::EMPTY;
            board[m.to.index()] = placed;
            saved
        }
    }
}

#[inline]
fn restore_board(board: &mut [Piece], saved: [(Square, Piece); 4]) {
    for (s, p) in saved.iter().rev() {
        if s.is_some() {
            board[s.index()] = *p;
        }
    }
}

/// Is the king of `us` (on `king`, or wherever the move takes it) safe after this
/// pseudo-legal move (R23)?
#[inline]
fn safe_after(
    v: &crate::variant::Variant,
    board: &mut [Piece],
    king: Square,
    m: &Move,
    us: Color,
) -> bool {
    if king.is_none() {
        return true;
    }
    let k = if m.kind == MoveKind::Castle || (m.kind != MoveKind::Drop && m.from == king) {
        m.to
    } else {
        king
    };
    let saved = apply_board(board, m, us);
    let attacked = attacked_on(v, board, k, !us);
    restore_board(board, saved);
    !attacked
}

impl Position {
    /// How many squares the pieces of `c` could move to (pseudo-legal board moves, each
    /// landing once, promotions and drops not counted): the evaluation's mobility, counted
    /// without building the moves.
    pub fn mobility(&self, c: Color) -> u32 {
        let v = &*self.variant;
        let board = &self.board[..];
        let mut n = 0u32;
        let lands = |p: Piece, mode: u8| {
            if p.is_empty() {
                mode & MOVE != 0
            } else {
                mode & CAPTURE != 0 && p.is_enemy_of(c)
            }
        };
        let slide = |ray: &[u16], mode: u8| {
            let mut k = 0;
            for x in ray {
                let p = board[(x & !NOLAND) as usize];
                if x & NOLAND == 0 && lands(p, mode) {
                    k += 1;
                }
                if p.is_some() {
                    break;
                }
            }
            k
        };
        for &from in self.pieces_of(c) {
            let kind = board[from.index()].kind();
            for atom in v.atoms_of(kind, c, from) {
                n += match *atom {
                    Atom::Leap { to, mode, .. } => lands(board[to.index()], mode) as u32,
                    Atom::Slide { ray, len, mode, .. } => slide(v.ray(ray, len), mode),
                    Atom::Bent {
                        bend,
                        ray,
                        len,
                        mode,
                        ..
                    } => {
                        if board[bend.index()].is_empty() {
                            slide(v.ray(ray, len), mode)
                        } else {
                            0
                        }
                    }
                    Atom::Fly { ray, len, .. } => {
                        let r = v.ray(ray, len);
                        let i = r
                            .iter()
                            .position(|x| board[(x & !NOLAND) as usize].is_some());
                        match i {
                            Some(i) if i + 1 < r.len() => {
                                let target = board[(r[i] & !NOLAND) as usize];
                                (target.is_enemy_of(c)
                                    && r[i + 1] & NOLAND == 0
                                    && board[r[i + 1] as usize].is_empty())
                                    as u32
                            }
                            _ => 0,
                        }
                    }
                    Atom::Jump {
                        over,
                        nover,
                        to,
                        cond,
                        mode,
                        ..
                    } => {
                        let ok = v
                            .ray(over, nover)
                            .iter()
                            .all(|x| over_ok(cond, board[*x as usize], c));
                        (ok && lands(board[to.index()], mode)) as u32
                    }
                    Atom::Cannon { ray, len, .. } => {
                        let mut seen = 0;
                        let mut hit = 0;
                        for x in v.ray(ray, len) {
                            let p = board[(x & !NOLAND) as usize];
                            if p.is_empty() {
                                continue;
                            }
                            seen += 1;
                            if seen == 2 {
                                hit = (p.is_enemy_of(c) && x & NOLAND == 0) as u32;
                                break;
                            }
                        }
                        hit
                    }
                };
            }
        }
        n
    }
}
