//! Attack detection (R23): is a square attacked by a colour? Fast, from the reverse tables
//! built by `compile`; and the slow definition ("some pseudo-legal enemy move captures it")
//! for tests to compare against.

use crate::def::Over;
use crate::types::{Color, Kind, Piece, Square};
use crate::variant::{Atom, NOLAND, Probe, Variant};

#[inline]
pub(crate) fn over_ok(cond: Over, p: Piece, attacker: Color) -> bool {
    match cond {
        Over::Any => true,
        Over::Friend => p.is_color(attacker),
        Over::Enemy => p.is_enemy_of(attacker),
        Over::Empty => p.is_empty(),
        Over::Piece => p.is_some(),
    }
}

/// Would a piece of the other colour standing on `k` be capturable by `by`?
/// (The content of `k` itself is not read.)
#[inline]
pub(crate) fn attacked_on(v: &Variant, board: &[Piece], k: Square, by: Color) -> bool {
    for &(src, mask) in v.leaps_of(by, k) {
        if has(board[src.index()], by, mask) {
            return true;
        }
    }
    for &(start, len) in v.plain_of(by, k) {
        for e in &v.plain_walks[start as usize..start as usize + len as usize] {
            let p = board[e.sq.index()];
            if p.is_some() {
                if has(p, by, e.plain) {
                    return true;
                }
                break;
            }
        }
    }
    for probe in v.probes_of(by, k) {
        if probe_hits(v, board, k, by, probe) {
            return true;
        }
    }
    false
}

#[inline]
fn has(p: Piece, by: Color, mask: u32) -> bool {
    p.is_color(by) && mask & p.kind().bit() != 0
}

#[inline]
fn probe_hits(v: &Variant, board: &[Piece], k: Square, by: Color, probe: &Probe) -> bool {
    match *probe {
        Probe::Walk {
            start,
            len,
            fly_land,
            fwd,
            fwd_len,
            cannon,
        } => {
            let entries = &v.walks[start as usize..start as usize + len as usize];
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
                        if e.fly & b != 0
                            && fly_land.is_some()
                            && board[fly_land.index()].is_empty()
                        {
                            return true;
                        }
                        if e.screen & b != 0 {
                            for s in v.ray(fwd, fwd_len) {
                                let q = board[(*s & !NOLAND) as usize];
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
        Probe::JumpLand {
            src,
            mid,
            cond,
            mask,
        } => has(board[src.index()], by, mask) && over_ok(cond, board[mid.index()], by),
        Probe::JumpOver {
            src,
            land,
            mask_move,
            mask_cap,
        } => {
            let p = board[src.index()];
            if !p.is_color(by) {
                return false;
            }
            let l = board[land.index()];
            if l.is_empty() {
                has(p, by, mask_move)
            } else if l.is_enemy_of(by) {
                has(p, by, mask_cap)
            } else {
                false
            }
        }
        Probe::Bent { start, len } => {
            for e in &v.bents[start as usize..start as usize + len as usize] {
                if e.q.is_none() || board[e.q.index()].is_some() {
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

/// Does this atom, for a piece of colour `by`, capture (or jump-capture) on `k`, given that
/// `k` holds an enemy of `by`? The slow, forward reading of one primitive.
pub(crate) fn atom_captures(v: &Variant, board: &[Piece], a: &Atom, by: Color, k: Square) -> bool {
    let at = |s: Square| {
        if s == k {
            Piece::new(Kind::new(0), !by)
        } else {
            board[s.index()]
        }
    };
    let sq = |e: u16| Square(e & !NOLAND);
    match *a {
        Atom::Leap { to, mode, .. } => to == k && mode & crate::variant::CAPTURE != 0,
        Atom::Slide { ray, len, mode, .. } => {
            if mode & crate::variant::CAPTURE == 0 {
                return false;
            }
            for e in v.ray(ray, len) {
                let p = at(sq(*e));
                if p.is_some() {
                    return sq(*e) == k && e & NOLAND == 0;
                }
            }
            false
        }
        Atom::Fly { ray, len, .. } => {
            let r = v.ray(ray, len);
            for (i, e) in r.iter().enumerate() {
                let p = at(sq(*e));
                if p.is_some() {
                    return sq(*e) == k
                        && i + 1 < r.len()
                        && r[i + 1] & NOLAND == 0
                        && at(sq(r[i + 1])).is_empty();
                }
            }
            false
        }
        Atom::Jump {
            over,
            nover,
            to,
            cond,
            cap_over,
            mode,
            ..
        } => {
            let mids = v.ray(over, nover);
            if !mids.iter().all(|e| over_ok(cond, at(sq(*e)), by)) {
                return false;
            }
            let t = at(to);
            let lands = if t.is_empty() {
                mode & crate::variant::MOVE != 0
            } else {
                t.is_enemy_of(by) && mode & crate::variant::CAPTURE != 0
            };
            lands && (to == k || (cap_over && mids.len() == 1 && sq(mids[0]) == k))
        }
        Atom::Cannon {
            ray,
            len,
            cap_screen,
            ..
        } => {
            let r = v.ray(ray, len);
            let mut screen = None;
            for e in r {
                let s = sq(*e);
                let p = at(s);
                if p.is_empty() {
                    continue;
                }
                match screen {
                    None => screen = Some(s),
                    Some(sc) => {
                        let ok = p.is_enemy_of(by) && e & NOLAND == 0;
                        return ok && (s == k || (cap_screen && sc == k));
                    }
                }
            }
            false
        }
        Atom::Bent {
            bend,
            ray,
            len,
            mode,
            ..
        } => {
            if mode & crate::variant::CAPTURE == 0 || at(bend).is_some() {
                return false;
            }
            for e in v.ray(ray, len) {
                let p = at(sq(*e));
                if p.is_some() {
                    return sq(*e) == k && e & NOLAND == 0;
                }
            }
            false
        }
    }
}

/// Squares holding the first piece on a plain slider line from `k` with an attacker of
/// `by` further along it: vacating one of them may expose `k` (a pin, generalised).
pub(crate) fn pinned_first(
    v: &Variant,
    board: &[Piece],
    k: Square,
    by: Color,
) -> crate::sqset::SquareSet {
    let mut out = crate::sqset::SquareSet::EMPTY;
    for &(start, len) in v.plain_of(by, k) {
        let mut first = Square::NONE;
        for e in &v.plain_walks[start as usize..start as usize + len as usize] {
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
