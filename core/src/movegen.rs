//! Move generation: pseudo-legal moves from the compiled tables, drops and castling, and
//! legality (R23: a move is legal if afterwards the mover's king is not attacked).
//!
//! Generation reads only the compiled per-square tables: no parsing, no name lookups and,
//! once the move buffer has grown, no allocation.

use crate::attack::{attacked_on, over_ok, pinned_first};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::sqset::SquareSet;
use crate::types::{Color, Piece, Square};
use crate::variant::{Atom, CAPTURE, EP_CAPTURE, EP_CREATE, MOVE, NOLAND, PromoRule, Variant};

/// Emits the moves of one piece: who moves, its promotion rule, and where its moves start
/// in the buffer (for the R30 duplicate check).
struct Emit<'a> {
    us: Color,
    rule: Option<&'a PromoRule>,
    from: Square,
    start: usize,
}

impl Emit<'_> {
    /// Adds a move (one per promotion choice when it promotes). `dup`: an earlier primitive
    /// of this piece may already have produced the same move, which counts once (R30).
    #[inline]
    fn push(&self, out: &mut Vec<Move>, to: Square, aux: Square, mk: MoveKind, dup: bool) {
        if dup
            && out[self.start..]
                .iter()
                .any(|m| m.to() == to && m.extra_square() == aux)
        {
            return;
        }
        let base = Move::board(self.from, to, aux, mk);
        match self.rule.filter(|r| r.zone[self.us].contains(to)) {
            Some(rule) => {
                for &c in &rule.choices {
                    out.push(base.promoting(c));
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

/// Pseudo-legal moves of `us` (ignoring whose turn it is), without castling.
pub(crate) fn pseudo(pos: &Position, us: Color, out: &mut Vec<Move>) {
    let v = &**pos.variant();
    let board = pos.board();
    let ep = pos.en_passant();
    for &from in pos.pieces_of(us) {
        let kind = board[from.index()].kind();
        let e = Emit {
            us,
            rule: v.promotion_rule(kind, us),
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
                        if mode & EP_CAPTURE != 0 && ep.is_some() && ep.is_target(v, to) {
                            e.push(out, to, ep.to, MoveKind::EnPassant, dup);
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
        drops(pos, us, out);
    }
}

/// The drops of `us` (R18, R19): each reserve piece on each empty square of its zone, and
/// pushed on along its push line while the squares are empty.
fn drops(pos: &Position, us: Color, out: &mut Vec<Move>) {
    let v = &**pos.variant();
    let board = pos.board();
    let reserves = pos.reserves_of(us);
    for k in v.kinds() {
        if reserves[k.index()] == 0 {
            continue;
        }
        for &(sq, ray, len) in &v.drops[(k, us)].squares {
            if board[sq.index()].is_some() {
                continue;
            }
            out.push(Move::drop(k, sq, sq));
            for e in v.ray(ray, len) {
                let to = Square(*e);
                if board[to.index()].is_some() {
                    break;
                }
                out.push(Move::drop(k, sq, to));
            }
        }
    }
}

/// Castling moves (R22), fully checked.
fn castling(pos: &mut Position, us: Color, in_check: bool, out: &mut Vec<Move>) {
    let rights = pos.castling_rights();
    let king_sq = pos.king(us);
    let (v, board) = pos.variant_and_board_mut();
    let Some(cs) = &v.castling else { return };
    if in_check || !rights.any(us) {
        return;
    }
    let home = cs.king_home[us];
    let king = board[home.index()];
    for rook in cs
        .rooks
        .iter()
        .filter(|r| r.color == us && rights.contains(r.right))
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
            let m = Move::castle(home, opt.king_to, rook.rook_home, opt.rook_to);
            if safe_after(v, board, king_sq, &m, us) {
                out.push(m);
            }
        }
    }
}

/// Puts the legal moves of the side to move in `out` (cleared first).
pub(crate) fn legal(pos: &mut Position, out: &mut Vec<Move>) {
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
        let sens = &v.sensitive[!us][k.index()];
        let pins = if in_check {
            SquareSet::EMPTY
        } else {
            pinned_first(v, board, k, !us)
        };
        // Usually both sets are empty (always in orthodox chess outside pins): then only
        // the king's own moves need a test.
        let simple = sens.is_empty() && pins.is_empty();
        let mut i = 0;
        while i < out.len() {
            let m = out[i];
            let aux = m.extra_square();
            let quick = !in_check
                && (m.kind() == MoveKind::Drop || m.from() != k)
                && (simple
                    || (!sens.contains(m.from())
                        && !sens.contains(m.to())
                        && !pins.contains(m.from())
                        && (aux.is_none() || !(sens.contains(aux) || pins.contains(aux)))));
            if quick || safe_after(v, board, k, &m, us) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }
    if v.castling.is_some() {
        castling(pos, us, in_check, out);
    }
}

/// Applies a move to the board only (no lists, hash or counters), for legality tests.
/// Returns the saved squares, for `restore_board`.
#[inline]
fn apply_board(board: &mut [Piece], m: &Move, us: Color) -> [(Square, Piece); 4] {
    let none = (Square::NONE, Piece::EMPTY);
    let save = |b: &[Piece], s: Square| if s.is_some() { (s, b[s.index()]) } else { none };
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
fn safe_after(v: &Variant, board: &mut [Piece], king: Square, m: &Move, us: Color) -> bool {
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

/// How many squares the pieces of `c` could move to (pseudo-legal board moves, each
/// landing once, promotions and drops not counted): the evaluation's mobility, counted
/// without building the moves.
pub(crate) fn mobility(pos: &Position, c: Color) -> u32 {
    let v = &**pos.variant();
    let board = pos.board();
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
    for &from in pos.pieces_of(c) {
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
