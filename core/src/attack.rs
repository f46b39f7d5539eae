//! Attack detection (rules.md § Check and legal moves): is a square attacked by a colour? Fast, from the reverse tables
//! built by `compile::reverse`. (The definition itself, "some pseudo-legal enemy move
//! captures it", is `Position::is_attacked_slow`, which tests compare against.)

use crate::atom::{Atom, BoardView, Target, targets};
use crate::def::Facing;
use crate::sqset::SquareSet;
use crate::types::{Board, Color, Kind, Piece, Square};
use crate::variant::{Probe, Variant};

/// Would a piece of the other colour standing on `k` be capturable by `by`?
/// (The content of `k` itself is not read.)
#[inline]
pub(crate) fn attacked_on(v: &Variant, board: &Board, k: Square, by: Color) -> bool {
    let a = &v.attacks;
    for &(src, mask) in a.leaps_of(by, k) {
        if has(board[src.index()], by, mask) {
            return true;
        }
    }
    for &(start, len) in a.plain_of(by, k) {
        for e in a.plain_walk(start, len) {
            let p = board[e.sq.index()];
            if p.is_some() {
                if has(p, by, e.plain) {
                    return true;
                }
                break;
            }
        }
    }
    if !a.special {
        return false;
    }
    for j in a.jumps_of(by, k) {
        let p = board[j.src.index()];
        if p.is_color(by) {
            let q = board[j.sq.index()];
            let state = if q.is_empty() {
                0
            } else if q.is_color(by) {
                1
            } else {
                2
            };
            if j.masks[state] & p.kind().bit() != 0 {
                return true;
            }
        }
    }
    for f in a.flys_of(by, k) {
        if board[f.land.index()].is_some() {
            continue;
        }
        for e in a.fly_walk(f) {
            let p = board[e.sq.index()];
            if p.is_some() {
                if has(p, by, e.fly) {
                    return true;
                }
                break;
            }
        }
    }
    for probe in a.probes_of(by, k) {
        if probe_hits(v, board, k, by, probe) {
            return true;
        }
    }
    false
}

/// Is `p` a piece of `by` of a kind in `mask`?
#[inline]
fn has(p: Piece, by: Color, mask: u32) -> bool {
    p.is_color(by) && mask & p.kind().bit() != 0
}

#[inline]
fn probe_hits(v: &Variant, board: &Board, k: Square, by: Color, probe: &Probe) -> bool {
    match *probe {
        Probe::Walk {
            start,
            len,
            fly_land,
            fwd,
            cannon,
        } => walk_hits(v, board, by, start, len, fly_land, fwd, cannon),
        Probe::Bent { start, len } => {
            for e in &v.attacks.bents[start as usize..start as usize + len as usize] {
                if e.check && (e.q.is_none() || board[e.q.index()].is_some()) {
                    return false;
                }
                if e.mask != 0 && e.src.is_some() && has(board[e.src.index()], by, e.mask) {
                    return true;
                }
            }
            false
        }
        Probe::Exact { src, kind, atom } => {
            let p = board[src.index()];
            p.is_color(by)
                && p.kind() == kind
                && atom_captures(v, board, &v.atoms[atom as usize], by, k)
        }
    }
}

/// A walk back from the target (see [`Probe::Walk`]).
#[allow(clippy::too_many_arguments)]
#[inline]
fn walk_hits(
    v: &Variant,
    board: &Board,
    by: Color,
    start: u32,
    len: u16,
    fly_land: Square,
    fwd: crate::atom::Ray,
    cannon: bool,
) -> bool {
    let entries = &v.attacks.walks[start as usize..start as usize + len as usize];
    let mut screened = false;
    for e in entries {
        let p = board[e.sq.index()];
        if p.is_empty() {
            continue;
        }
        if !screened {
            if p.is_color(by) {
                let b = p.kind().bit();
                if e.plain & b != 0 {
                    return true;
                }
                if e.fly & b != 0 && fly_land.is_some() && board[fly_land.index()].is_empty() {
                    return true;
                }
                if e.screen & b != 0 {
                    // The target is this cannon's screen: it needs an enemy to capture
                    // beyond the target.
                    for s in v.ray(fwd) {
                        let q = board[s.square().index()];
                        if q.is_some() {
                            if q.is_enemy_of(by) {
                                return true;
                            }
                            break;
                        }
                    }
                }
            }
            if !cannon {
                return false;
            }
            screened = true;
        } else {
            return has(p, by, e.cannon);
        }
    }
    false
}

/// The board with an enemy of `by` standing on `k`.
struct WithVictim<'a> {
    board: &'a Board,
    k: Square,
    victim: Piece,
}

impl BoardView for WithVictim<'_> {
    #[inline]
    fn at(&self, sq: Square) -> Piece {
        if sq == self.k {
            self.victim
        } else {
            self.board[sq.index()]
        }
    }

    #[inline]
    fn ep_victim(&self, _: Square) -> Option<Square> {
        None
    }
}

/// Does this atom, for a piece of colour `by`, capture on `k` (landing there, or jumping
/// it, or using it as a screen) when `k` holds an enemy of `by`?
pub(crate) fn atom_captures(v: &Variant, board: &Board, a: &Atom, by: Color, k: Square) -> bool {
    capture_on(v, board, a, by, k).is_some()
}

/// How this atom, for a piece of colour `by`, captures a piece of the other colour
/// standing on `k`: `Some(true)` when it ends its move on `k`, `Some(false)` when it takes
/// it in passing (flying over it, jumping it, or taking it as a cannon's screen), `None`
/// when it does not capture it. (The content of `k` itself is not read.)
pub(crate) fn capture_on(
    v: &Variant,
    board: &Board,
    a: &Atom,
    by: Color,
    k: Square,
) -> Option<bool> {
    let view = WithVictim {
        board,
        k,
        victim: Piece::new(Kind::new(0), !by),
    };
    let mut how = None;
    targets(a, &v.rays, &view, by, &mut |t: Target| {
        if t.to == k {
            how = Some(true);
        } else if t.extra == k && how.is_none() {
            how = Some(false);
        }
    });
    how
}

/// Squares holding the first piece on a plain slider line from `k` with an attacker of
/// `by` further along it: vacating one of them may expose `k` (a pin, generalised).
pub(crate) fn pinned_first(v: &Variant, board: &Board, k: Square, by: Color) -> SquareSet {
    let a = &v.attacks;
    let mut out = SquareSet::EMPTY;
    for &(start, len) in a.plain_of(by, k) {
        let mut first = Square::NONE;
        for e in a.plain_walk(start, len) {
            let p = board[e.sq.index()];
            if p.is_empty() {
                continue;
            }
            if first.is_none() {
                first = e.sq;
            } else if has(p, by, e.plain) {
                out.insert(first);
                break;
            }
        }
    }
    out
}

/// Do royal pieces on `a` and `b` face each other on a line of `facing` (a file, or a file
/// or a rank), every square between them existing and not `occupied` (docs/format.md §
/// Royal pieces that may not face each other)? A hole between them closes the line.
pub(crate) fn royals_face(
    v: &Variant,
    a: Square,
    b: Square,
    facing: Facing,
    occupied: impl Fn(Square) -> bool,
) -> bool {
    if a.is_none() || b.is_none() {
        return false;
    }
    let g = &v.geometry;
    let ((fa, ra), (fb, rb)) = (g.coords(a), g.coords(b));
    let (dx, dy) = if fa == fb {
        (0, (rb as i32 - ra as i32).signum())
    } else if ra == rb && facing == Facing::Orthogonal {
        ((fb as i32 - fa as i32).signum(), 0)
    } else {
        return false;
    };
    let mut s = a;
    while let Some(n) = g.offset(s, dx, dy) {
        if n == b {
            return true;
        }
        if occupied(n) {
            return false;
        }
        s = n;
    }
    false
}
