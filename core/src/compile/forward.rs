//! Forward tables: each piece's primitives compiled into atoms, per kind, colour and
//! square (rules.md § Black mirrors White: Black's directions are White's mirrored).

use crate::atom::{Atom, AtomSpan, JumpRule, Landing, LeapAtom, Over, Ray, RayStep, SlideAtom};
use crate::def::{self, Mode, MoveDef, PieceDef, Primitive, Range, VariantDef};
use crate::geometry::Geometry;
use crate::sqset::SquareSet;
use crate::types::{ByPieceSquare, Color, Kind, Square};

use super::zones::zone_set;

/// The atoms of every piece kind, colour and square, and where each list starts and ends;
/// the leaps and the slides among them also in tables of their own, at the same index
/// (see [`AtomSpan`]).
pub(super) struct Forward {
    pub atoms: Vec<Atom>,
    pub leaps: Vec<LeapAtom>,
    pub slides: Vec<SlideAtom>,
    pub index: ByPieceSquare<AtomSpan>,
}

/// Compiles the moves of the first `npieces` pieces; their rays go to the pool `rays`.
pub(super) fn build(
    def: &VariantDef,
    g: &Geometry,
    npieces: usize,
    rays: &mut Vec<RayStep>,
) -> Forward {
    let mut f = Forward {
        atoms: Vec::new(),
        leaps: Vec::new(),
        slides: Vec::new(),
        index: ByPieceSquare::new(npieces, g.num_squares(), AtomSpan::default()),
    };
    for (k, p) in def.pieces.iter().enumerate().take(npieces) {
        for c in Color::BOTH {
            piece(&mut f, g, Kind::new(k), p, c, rays);
        }
    }
    f.leaps = f
        .atoms
        .iter()
        .map(|a| a.as_leap().unwrap_or(LeapAtom::NONE))
        .collect();
    f.slides = f
        .atoms
        .iter()
        .map(|a| a.as_slide().unwrap_or(SlideAtom::NONE))
        .collect();
    f
}

/// The shapes in the order move generation reads them: leaps, slides, then the rest.
fn shape(a: &Atom) -> u8 {
    match a {
        Atom::Leap { .. } => 0,
        Atom::Slide { .. } => 1,
        _ => 2,
    }
}

/// Puts the leaps of a piece on one square first, then its slides, then the other atoms,
/// when that changes no move: when no leap or slide moved ahead of an atom may land where
/// that atom may (two atoms that may land on the same square may make the same move, and
/// the earlier one decides its kind: a slide's double step, a leap's plain step; rules.md
/// § Counting moves). The duplicate flags are then those of the new order. Returns how
/// many leaps lead the list and how many slides follow them: otherwise the list is left
/// as written, and only its leading leaps and slides go to the loops of their own.
fn group(atoms: &mut [Atom], rays: &[RayStep]) -> (usize, usize) {
    // Most lists are in this order already (a pawn's is not: its step, its longer
    // steps, then its captures), and are left as they are, at no cost to loading.
    if !atoms.is_sorted_by_key(shape) {
        let mut listed: Vec<(Atom, SquareSet)> = atoms
            .iter()
            .map(|a| (*a, a.landings(rays).collect()))
            .collect();
        // Where the atoms read so far land, by shape: an atom moves ahead of the earlier
        // atoms of a later shape.
        let mut seen = [SquareSet::EMPTY; 3];
        let changes_a_move = listed.iter().any(|(a, set)| {
            let s = shape(a) as usize;
            let hit = seen[s + 1..].iter().any(|l| l.intersects(set));
            seen[s] = seen[s].union(set);
            hit
        });
        if !changes_a_move {
            // A stable sort: each shape keeps its order.
            listed.sort_by_key(|(a, _)| shape(a));
            let mut landed = SquareSet::EMPTY;
            for (a, (b, set)) in atoms.iter_mut().zip(listed) {
                *a = b;
                a.set_dup(set.intersects(&landed));
                landed = landed.union(&set);
            }
        }
    }
    let leaps = atoms.iter().take_while(|a| shape(a) == 0).count();
    let slides = atoms[leaps..].iter().take_while(|a| shape(a) == 1).count();
    (leaps, slides)
}

/// The atoms of one piece kind and colour, square by square.
fn piece(f: &mut Forward, g: &Geometry, k: Kind, p: &PieceDef, c: Color, rays: &mut Vec<RayStep>) {
    let zones: Vec<(Option<SquareSet>, Option<SquareSet>)> = p
        .moves
        .iter()
        .map(|m| {
            (
                m.from.as_ref().map(|z| zone_set(g, z, c)),
                m.to.as_ref().map(|z| zone_set(g, z, c)),
            )
        })
        .collect();
    for src in g.squares() {
        let start = f.atoms.len() as u32;
        let mut b = Builder {
            g,
            src,
            fy: if c == Color::White { 1 } else { -1 },
            landed: SquareSet::EMPTY,
            atoms: &mut f.atoms,
            rays,
        };
        for (m, (from_z, to_z)) in p.moves.iter().zip(&zones) {
            if from_z.as_ref().is_none_or(|z| z.contains(src)) {
                b.primitive(m, to_z.as_ref());
            }
        }
        let (leaps, slides) = group(&mut f.atoms[start as usize..], rays);
        *f.index.get_mut(k, c, src) = AtomSpan {
            start,
            leaps: start + leaps as u32,
            slides: start + (leaps + slides) as u32,
            end: f.atoms.len() as u32,
        };
    }
}

/// The whole line: from the first square to the edge.
const ANY: Range = Range { min: 1, max: 0 };

/// Compiles the primitives of a piece on one square.
struct Builder<'a> {
    g: &'a Geometry,
    src: Square,
    /// White's forward rank step, or Black's.
    fy: i32,
    /// Where the atoms so far land (for the rules.md § Counting moves duplicate flag).
    landed: SquareSet,
    atoms: &'a mut Vec<Atom>,
    rays: &'a mut Vec<RayStep>,
}

impl Builder<'_> {
    /// The atoms of one primitive, one per direction; `to_zone` limits where it lands.
    fn primitive(&mut self, m: &MoveDef, to_zone: Option<&SquareSet>) {
        let landable = |sq: Square| to_zone.is_none_or(|z| z.contains(sq));
        let fy = self.fy;
        let dirs = m.dirs.iter().map(|&(dx, dy)| (dx as i32, dy as i32 * fy));
        match &m.prim {
            &Primitive::Leap { mode, en_passant } => {
                let mode = landing(mode, en_passant.then_some(Landing::EP_CAPTURE));
                for d in dirs {
                    self.leap(d, mode, &landable);
                }
            }
            &Primitive::Slide {
                mode,
                range,
                en_passant,
            } => {
                let mode = landing(mode, en_passant.then_some(Landing::EP_CREATE));
                for d in dirs {
                    if let Some((ray, dup)) = self.ray(self.src, d, range, true, &landable) {
                        self.atoms.push(Atom::Slide { ray, mode, dup });
                    }
                }
            }
            Primitive::Flyover => {
                for d in dirs {
                    if let Some((ray, dup)) = self.ray(self.src, d, ANY, false, &landable) {
                        self.atoms.push(Atom::Fly { ray, dup });
                    }
                }
            }
            &Primitive::Hop { mode } => {
                let mode = landing(mode, None);
                for d in dirs {
                    if let Some((ray, dup)) = self.ray(self.src, d, ANY, false, &landable) {
                        self.atoms.push(Atom::Hop { ray, mode, dup });
                    }
                }
            }
            &Primitive::Cannon { capture_screen } => {
                for d in dirs {
                    if let Some((ray, dup)) = self.ray(self.src, d, ANY, false, &landable) {
                        self.atoms.push(Atom::Cannon {
                            ray,
                            cap_screen: capture_screen,
                            dup,
                        });
                    }
                }
            }
            &Primitive::Jump {
                mode,
                distance,
                over,
                capture_over,
            } => {
                let rule = JumpRule {
                    cond: over_cond(over),
                    cap_over: capture_over,
                    mode: landing(mode, None),
                };
                for d in dirs {
                    self.jump(d, distance, rule, &landable);
                }
            }
            Primitive::Bent { then, mode, range } => {
                let mode = landing(*mode, None);
                for d in dirs {
                    self.bent(d, then, *range, mode, &landable);
                }
            }
        }
    }

    fn leap(&mut self, (dx, dy): (i32, i32), mode: Landing, landable: &impl Fn(Square) -> bool) {
        let Some(to) = self.g.offset(self.src, dx, dy) else {
            return;
        };
        if !landable(to) {
            return;
        }
        let dup = self.landed.contains(to);
        self.atoms.push(Atom::Leap { to, mode, dup });
        self.landed.insert(to);
    }

    /// A jump of `distance` steps over the squares between, which must exist.
    fn jump(
        &mut self,
        (dx, dy): (i32, i32),
        distance: u8,
        rule: JumpRule,
        landable: &impl Fn(Square) -> bool,
    ) {
        let d = distance as i32;
        let Some(to) = self.g.offset(self.src, dx * d, dy * d) else {
            return;
        };
        let path = line(self.g, self.src, dx, dy, d as usize);
        if path.len() != d as usize || !landable(to) {
            return;
        }
        let start = self.rays.len() as u32;
        let over = &path[..path.len() - 1];
        self.rays
            .extend(over.iter().map(|s| RayStep::new(*s, true)));
        let dup = self.landed.contains(to);
        self.landed.insert(to);
        self.atoms.push(Atom::Jump {
            over: Ray {
                start,
                len: over.len() as u16,
            },
            to,
            rule,
            dup,
        });
    }

    /// A bent slider: one step to the bend, then a slide in each outward direction of
    /// `then`.
    fn bent(
        &mut self,
        (dx, dy): (i32, i32),
        then: &[(i8, i8)],
        range: Range,
        mode: Landing,
        landable: &impl Fn(Square) -> bool,
    ) {
        let Some(bend) = self.g.offset(self.src, dx, dy) else {
            return;
        };
        for &(ex, ey) in then {
            let e = (ex as i32, ey as i32 * self.fy);
            if !outward((dx, dy), e) {
                continue;
            }
            if let Some((ray, dup)) = self.ray(bend, e, range, true, landable) {
                self.atoms.push(Atom::Bent {
                    bend,
                    ray,
                    mode,
                    dup,
                });
            }
        }
    }

    /// The one ray builder (slides, fly-overs, cannons, bent sliders): the squares from
    /// `from` stepping `d`, at most `range.max` (0: to the edge), landing from the
    /// `range.min`-th on where `landable`; trailing squares it may not land on are dropped. Puts the ray in
    /// the pool and returns it with its rules.md § Counting moves duplicate flag, or `None` when it is empty.
    /// `first_lands`: the first square can be a landing square (not for fly-overs and
    /// cannons, which need a piece before it).
    fn ray(
        &mut self,
        from: Square,
        (dx, dy): (i32, i32),
        Range { min, max }: Range,
        first_lands: bool,
        landable: &impl Fn(Square) -> bool,
    ) -> Option<(Ray, bool)> {
        let limit = if max > 0 { max as usize } else { usize::MAX };
        // Written straight into the pool, and taken back if it has no landing square.
        let start = self.rays.len();
        let mut cur = from;
        let mut n = 0;
        while n < limit
            && let Some(sq) = self.g.offset(cur, dx, dy)
        {
            n += 1;
            self.rays
                .push(RayStep::new(sq, n >= min as usize && landable(sq)));
            cur = sq;
        }
        while self.rays.len() > start && self.rays.last().is_some_and(|s| !s.lands()) {
            self.rays.pop();
        }
        let steps = &self.rays[start..];
        if steps.is_empty() {
            return None;
        }
        // The squares of a line are distinct: each landing square can be tested and
        // added in one pass.
        let mut dup = false;
        for (i, s) in steps.iter().enumerate() {
            if s.lands() && (first_lands || i > 0) {
                dup |= self.landed.contains(s.square());
                self.landed.insert(s.square());
            }
        }
        let ray = Ray {
            start: start as u32,
            len: steps.len() as u16,
        };
        Some((ray, dup))
    }
}

/// What a primitive of `mode` may do where it lands, with its part in en passant.
fn landing(mode: Mode, en_passant: Option<Landing>) -> Landing {
    let mode = match mode {
        Mode::Move => Landing::MOVE,
        Mode::Capture => Landing::CAPTURE,
        Mode::Both => Landing::MOVE.with(Landing::CAPTURE),
    };
    en_passant.map_or(mode, |ep| mode.with(ep))
}

/// The file's `over` as the atom's condition.
fn over_cond(o: def::Over) -> Over {
    match o {
        def::Over::Any => Over::Any,
        def::Over::Friend => Over::Friend,
        def::Over::Enemy => Over::Enemy,
        def::Over::Empty => Over::Empty,
        def::Over::Piece => Over::Piece,
    }
}

/// An rules.md § The Stealth Gryphon/§ The Stealth Anti-Gryphon second leg continues outward: on every axis where both legs move they move
/// the same way, and they share at least one such axis.
fn outward(first: (i32, i32), then: (i32, i32)) -> bool {
    let agree = |a: i32, b: i32| a == 0 || b == 0 || a.signum() == b.signum();
    let share = (first.0 != 0 && then.0 != 0) || (first.1 != 0 && then.1 != 0);
    agree(first.0, then.0) && agree(first.1, then.1) && share && first != then
}

/// The squares from `src` stepping `(dx, dy)`, up to `limit` squares (0 = to the edge),
/// stopping at the first square that does not exist (rules.md § The board: holes stop lines).
pub(super) fn line(g: &Geometry, src: Square, dx: i32, dy: i32, limit: usize) -> Vec<Square> {
    let mut out = Vec::with_capacity(if limit != 0 { limit } else { 8 });
    let mut cur = src;
    while let Some(n) = g.offset(cur, dx, dy) {
        out.push(n);
        cur = n;
        if limit != 0 && out.len() >= limit {
            break;
        }
    }
    out
}
