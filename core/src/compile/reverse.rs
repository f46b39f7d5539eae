//! Reverse (attack) tables, built from the compiled atoms (rules.md § Check and legal moves).
//!
//! Every capture an atom can make is inverted into a probe on the captured square: leaps
//! into lists of attacker squares, slides, fly-overs and cannons into walks back along
//! their lines (shared by every atom on the line), jumps into lists of their own (those
//! landing on the target and those over it), bent sliders into probes, and the rare
//! shapes that fit none of these into exact probes that read the atom forward. So the
//! reverse tables agree with move generation by construction, for any piece a file can
//! describe.

use std::collections::BTreeMap;

use crate::atom::{Atom, AtomSpan, JumpRule, Over, Ray, RayStep, steps};
use crate::geometry::Geometry;
use crate::sqset::SquareSet;
use crate::types::{ByColor, ByPieceSquare, Color, Kind, Square};
use crate::variant::{Attacks, BentEntry, FlyWalk, Jump, Probe, WalkEntry};

use super::forward::line;

/// A walk back from a target along one direction, as it is built.
#[derive(Default)]
struct WalkBuild {
    entries: Vec<WalkEntry>,
    fly_land: Option<Square>,
    screen: bool,
}

/// The walks found so far, one for each colour, target and direction (a direction is an
/// index into `dirs`): a table rather than a map keyed by all three, since every square a
/// slide may land on adds to a walk, which made the map's lookups most of the cost of
/// building these tables when a game is loaded.
#[derive(Default)]
struct Walks {
    /// The number of squares.
    n: usize,
    /// Each direction seen so far.
    dirs: Vec<(i8, i8)>,
    /// For each direction in `dirs`: the walk of each colour and target, by
    /// `colour * n + target`.
    by_dir: Vec<Vec<Option<WalkBuild>>>,
}

impl Walks {
    /// The index of the direction `(dx, dy)`, added if new (a game has a few of them).
    fn dir(&mut self, (dx, dy): (i32, i32)) -> usize {
        let d = (dx as i8, dy as i8);
        if let Some(i) = self.dirs.iter().position(|&e| e == d) {
            return i;
        }
        self.dirs.push(d);
        self.by_dir.push((0..2 * self.n).map(|_| None).collect());
        self.dirs.len() - 1
    }

    /// The walks in the order of their keys: colour, target, direction.
    fn into_sorted(self) -> impl Iterator<Item = (WalkKey, WalkBuild)> {
        let Walks {
            n,
            dirs,
            mut by_dir,
        } = self;
        let mut order: Vec<usize> = (0..dirs.len()).collect();
        order.sort_unstable_by_key(|&i| dirs[i]);
        let mut out = Vec::new();
        for c in Color::BOTH {
            for k in 0..n {
                for &i in &order {
                    if let Some(w) = by_dir[i][c.index() * n + k].take() {
                        out.push(((c, Square(k as u16), dirs[i].0, dirs[i].1), w));
                    }
                }
            }
        }
        out.into_iter()
    }
}

/// The probes found so far, keyed so that probes on the same line or jump share an entry,
/// in the order of their keys.
#[derive(Default)]
struct Reverse {
    leaps: BTreeMap<(Color, Square, Square), u32>,
    walks: Walks,
    jump_land: BTreeMap<JumpLandKey, (Over, u32)>,
    jump_over: BTreeMap<(Color, Square, Square, Square), (u32, u32)>,
    bents: BTreeMap<BentKey, Vec<BentEntry>>,
    exact: Vec<(Color, Square, Probe)>,
}

/// Colour, target, jumper's square, jumped square, condition.
type JumpLandKey = (Color, Square, Square, Square, Over);
/// Colour, target, second leg's step, first leg's step: the lines back along one
/// second leg, whatever the first, follow each other (they share their bend squares).
type BentKey = (Color, Square, i8, i8, i8, i8);
/// Colour, target, direction.
type WalkKey = (Color, Square, i8, i8);

/// An atom of a piece: its kind, colour, square and index in the atom table.
#[derive(Copy, Clone)]
struct Source {
    kind: Kind,
    color: Color,
    src: Square,
    atom: u32,
}

/// The attack tables of these atoms. Screen lines of cannons go to the ray pool `rays`.
pub(super) fn build(
    g: &Geometry,
    atoms: &[Atom],
    index: &ByPieceSquare<AtomSpan>,
    npieces: usize,
    rays: &mut Vec<RayStep>,
) -> Attacks {
    let mut rev = Reverse {
        walks: Walks {
            n: g.num_squares(),
            ..Walks::default()
        },
        ..Reverse::default()
    };
    for kind in (0..npieces).map(Kind::new) {
        for color in Color::BOTH {
            for src in g.squares() {
                let span = *index.get(kind, color, src);
                for atom in span.start..span.end {
                    let s = Source {
                        kind,
                        color,
                        src,
                        atom,
                    };
                    rev.add(g, rays, s, &atoms[atom as usize]);
                }
            }
        }
    }
    rev.tables(g, atoms, rays)
}

/// A ray's steps and its direction from `src`.
fn ray_of<'r>(
    g: &Geometry,
    rays: &'r [RayStep],
    src: Square,
    ray: Ray,
) -> (&'r [RayStep], (i32, i32)) {
    let line = steps(rays, ray);
    (line, step(g, src, line[0].square()))
}

/// The step from `a` to `b`.
fn step(g: &Geometry, a: Square, b: Square) -> (i32, i32) {
    let (fa, ra) = g.coords(a);
    let (fb, rb) = g.coords(b);
    (fb as i32 - fa as i32, rb as i32 - ra as i32)
}

impl Reverse {
    /// The probes of one atom.
    fn add(&mut self, g: &Geometry, rays: &[RayStep], s: Source, atom: &Atom) {
        let bit = s.kind.bit();
        let c = s.color;
        match *atom {
            Atom::Leap { to, mode, .. } => {
                if mode.captures() {
                    *self.leaps.entry((c, to, s.src)).or_default() |= bit;
                }
            }
            Atom::Slide { ray, mode, .. } => {
                if mode.captures() {
                    let (ray_steps, d) = ray_of(g, rays, s.src, ray);
                    let di = self.walks.dir(d);
                    for (i, st) in ray_steps.iter().enumerate() {
                        if st.lands() {
                            self.entry(g, c, st.square(), d, di, i + 1).plain |= bit;
                        }
                    }
                }
            }
            Atom::Fly { ray, .. } => {
                let (ray_steps, d) = ray_of(g, rays, s.src, ray);
                let di = self.walks.dir(d);
                for (i, pair) in ray_steps.windows(2).enumerate() {
                    if pair[1].lands() {
                        let k = pair[0].square();
                        self.walk(c, k, di).fly_land = Some(pair[1].square());
                        self.entry(g, c, k, d, di, i + 1).fly |= bit;
                    }
                }
            }
            Atom::Hop { ray, mode, .. } => {
                // Rare enough to be read forward: an exact probe on each square it may
                // land on beyond a screen.
                if mode.captures() {
                    for st in steps(rays, ray).iter().skip(1).filter(|st| st.lands()) {
                        self.exact.push((c, st.square(), exact(s)));
                    }
                }
            }
            Atom::Cannon {
                ray, cap_screen, ..
            } => self.cannon(g, rays, s, ray, cap_screen),
            Atom::Jump { over, to, rule, .. } => self.jump(rays, s, over, to, rule),
            Atom::Bent {
                bend, ray, mode, ..
            } => {
                if mode.captures() {
                    self.bent(g, rays, s, bend, ray);
                }
            }
        }
    }

    /// A cannon captures the second piece on its line (walks back from it through the
    /// screen), and, with `cap_screen`, the screen: when everything beyond the screen is a
    /// landing square to the edge, a walk whose first piece is the cannon checks the line
    /// forward from the target; else an exact probe.
    fn cannon(&mut self, g: &Geometry, rays: &[RayStep], s: Source, ray: Ray, cap_screen: bool) {
        let bit = s.kind.bit();
        let c = s.color;
        let (ray_steps, d) = ray_of(g, rays, s.src, ray);
        let di = self.walks.dir(d);
        for (j, st) in ray_steps.iter().enumerate().skip(1) {
            if st.lands() {
                self.entry(g, c, st.square(), d, di, j + 1).cannon |= bit;
            }
        }
        if !cap_screen {
            return;
        }
        for (i, st) in ray_steps.iter().enumerate().take(ray_steps.len() - 1) {
            let k = st.square();
            let beyond_all = line(g, k, d.0, d.1, 0).len() == ray_steps.len() - i - 1
                && ray_steps[i + 1..].iter().all(|x| x.lands());
            if beyond_all {
                self.walk(c, k, di).screen = true;
                self.entry(g, c, k, d, di, i + 1).screen |= bit;
            } else {
                self.exact.push((c, k, exact(s)));
            }
        }
    }

    /// A jump captures on its landing square (one jumped square: a jump probe; more: an
    /// exact probe) and, with `capture-over`, the jumped piece.
    fn jump(&mut self, rays: &[RayStep], s: Source, over: Ray, to: Square, rule: JumpRule) {
        let JumpRule {
            cond,
            cap_over,
            mode,
        } = rule;
        let bit = s.kind.bit();
        let c = s.color;
        let mids = steps(rays, over);
        if mode.captures() {
            if let [mid] = mids {
                let e = self
                    .jump_land
                    .entry((c, to, s.src, mid.square(), cond))
                    .or_insert((cond, 0));
                e.1 |= bit;
            } else {
                self.exact.push((c, to, exact(s)));
            }
        }
        if let [mid] = mids
            && cap_over
            && matches!(cond, Over::Any | Over::Enemy | Over::Piece)
        {
            let e = self
                .jump_over
                .entry((c, mid.square(), s.src, to))
                .or_default();
            if mode.moves() {
                e.0 |= bit;
            }
            if mode.captures() {
                e.1 |= bit;
            }
        }
    }

    /// A bent slider captures on each landing square of its second leg: the walk back from
    /// there along the second leg, each square with the source whose bend it is.
    fn bent(&mut self, g: &Geometry, rays: &[RayStep], s: Source, bend: Square, ray: Ray) {
        let bit = s.kind.bit();
        let c = s.color;
        let (dx, dy) = step(g, s.src, bend);
        let line = steps(rays, ray);
        let (ex, ey) = step(g, bend, line[0].square());
        for (i, st) in line.iter().enumerate() {
            if !st.lands() {
                continue;
            }
            let kq = st.square();
            let key = (c, kq, ex as i8, ey as i8, dx as i8, dy as i8);
            let list = self.bents.entry(key).or_default();
            // Entry j (1-based) of the walk back from kq is the bend square.
            let j = i + 1;
            while list.len() < j {
                let n = list.len() as i32 + 1;
                let q = g.offset(kq, -ex * n, -ey * n);
                let src = q
                    .and_then(|q| g.offset(q, -dx, -dy))
                    .unwrap_or(Square::NONE);
                list.push(BentEntry {
                    q: q.unwrap_or(Square::NONE),
                    src,
                    mask: 0,
                    check: true,
                });
            }
            list[j - 1].mask |= bit;
        }
    }

    /// The walk of `c` back from `k` against the direction of index `di`.
    fn walk(&mut self, c: Color, k: Square, di: usize) -> &mut WalkBuild {
        let n = self.walks.n;
        self.walks.by_dir[di][c.index() * n + k.index()].get_or_insert_default()
    }

    /// Entry `j` (1-based) of the walk back from `k` against direction `d`, of index `di`.
    fn entry(
        &mut self,
        g: &Geometry,
        c: Color,
        k: Square,
        d: (i32, i32),
        di: usize,
        j: usize,
    ) -> &mut WalkEntry {
        let w = self.walk(c, k, di);
        while w.entries.len() < j {
            let i = w.entries.len() as i32 + 1;
            let sq = g
                .offset(k, -d.0 * i, -d.1 * i)
                .expect("a walk retraces an existing line");
            w.entries.push(WalkEntry {
                sq,
                ..Default::default()
            });
        }
        &mut w.entries[j - 1]
    }
}

/// The exact probe of an atom.
fn exact(s: Source) -> Probe {
    Probe::Exact {
        src: s.src,
        kind: s.kind,
        atom: s.atom,
    }
}

/// The probes of each colour and target, in a fixed order (walks, bent sliders, exact
/// probes), and the squares each target's attacks depend on.
struct Targets {
    probes: PerTarget<Probe>,
    sensitive: ByColor<Vec<SquareSet>>,
}

impl Targets {
    fn at(&mut self, c: Color, k: Square) -> (&mut Vec<Probe>, &mut SquareSet) {
        (
            &mut self.probes[c][k.index()],
            &mut self.sensitive[c][k.index()],
        )
    }
}

/// A list for each colour and target.
type PerTarget<T> = ByColor<Vec<Vec<T>>>;

/// An empty list for each colour and target.
fn per_target<T: Clone>(n: usize) -> PerTarget<T> {
    ByColor::from_fn(|_| vec![Vec::new(); n])
}

impl Reverse {
    /// The finished tables.
    fn tables(self, g: &Geometry, atoms: &[Atom], rays: &mut Vec<RayStep>) -> Attacks {
        let n = g.num_squares();
        let mut t = Targets {
            probes: per_target(n),
            sensitive: ByColor::from_fn(|_| vec![SquareSet::EMPTY; n]),
        };
        let mut leap_per_target = per_target(n);
        for ((c, k, src), mask) in self.leaps {
            leap_per_target[c][k.index()].push((src, mask));
        }
        // Both kinds of jump in one list: by the state of the square jumped over, or
        // landed on beyond the target, the kinds that attack.
        let mut jumps: BTreeMap<(Color, Square, Square, Square), [u32; 3]> = BTreeMap::new();
        for ((c, k, src, mid, _), (cond, mask)) in self.jump_land {
            let masks = jumps.entry((c, k, src, mid)).or_default();
            let states = match cond {
                Over::Any => [true, true, true],
                Over::Empty => [true, false, false],
                Over::Friend => [false, true, false],
                Over::Enemy => [false, false, true],
                Over::Piece => [false, true, true],
            };
            for (m, on) in masks.iter_mut().zip(states) {
                if on {
                    *m |= mask;
                }
            }
        }
        for ((c, k, src, land), (mask_move, mask_cap)) in self.jump_over {
            let masks = jumps.entry((c, k, src, land)).or_default();
            masks[0] |= mask_move;
            masks[2] |= mask_cap;
        }
        let mut jump_per_target = per_target(n);
        for ((c, k, src, sq), masks) in jumps {
            jump_per_target[c][k.index()].push(Jump { src, sq, masks });
            t.sensitive[c][k.index()].insert(sq);
        }
        let mut walks = Vec::new();
        let mut fly_per_target = per_target(n);
        let (plain_per_target, plain_walks) =
            walk_probes(g, self.walks, &mut t, &mut walks, &mut fly_per_target, rays);
        // One probe for the lines back along one second leg, whatever the first leg: they
        // pass the same bend squares, so that each is tested once for all of them.
        let mut lines: BTreeMap<(Color, Square, i8, i8), Vec<Vec<BentEntry>>> = BTreeMap::new();
        for ((c, k, ex, ey, ..), list) in self.bents {
            lines.entry((c, k, ex, ey)).or_default().push(list);
        }
        let mut bents: Vec<BentEntry> = Vec::new();
        for ((c, k, ..), lists) in lines {
            let (probes, sens) = t.at(c, k);
            let start = bents.len();
            let steps = lists.iter().map(Vec::len).max().unwrap_or(0);
            for j in 0..steps {
                let at_j = || lists.iter().filter_map(|l| l.get(j));
                let q = at_j().next().map_or(Square::NONE, |e| e.q);
                debug_assert!(at_j().all(|e| e.q == q));
                if q.is_some() {
                    sens.insert(q);
                }
                let first = bents.len();
                for e in at_j().filter(|e| e.mask != 0 && e.src.is_some()) {
                    bents.push(BentEntry { check: false, ..*e });
                }
                if bents.len() == first {
                    // No attacker from this bend: its square must still be empty.
                    bents.push(BentEntry {
                        q,
                        src: Square::NONE,
                        mask: 0,
                        check: true,
                    });
                }
                bents[first].check = true;
            }
            probes.push(Probe::Bent {
                start: start as u32,
                len: (bents.len() - start) as u16,
            });
        }
        for (c, k, probe) in self.exact {
            let (probes, sens) = t.at(c, k);
            if let Probe::Exact { atom, .. } = probe {
                for s in atoms[atom as usize].squares(rays) {
                    sens.insert(s);
                }
            }
            probes.push(probe);
        }
        let (leap_probes, leap_index) = flatten(leap_per_target);
        let (plain_probes, plain_index) = flatten(plain_per_target);
        let (jumps, jump_index) = flatten(jump_per_target);
        let (flys, fly_index) = flatten(fly_per_target);
        let (probes, probe_index) = flatten(t.probes);
        Attacks {
            special: !jumps.is_empty() || !flys.is_empty() || !probes.is_empty(),
            flys,
            fly_index,
            probes,
            probe_index,
            leap_probes,
            leap_index,
            plain_probes,
            plain_index,
            plain_walks,
            jumps,
            jump_index,
            walks,
            bents,
            sensitive: t.sensitive,
        }
    }
}

/// Each walk splits in two: its plain slider part (attacks that only the first piece on
/// the line decides, so pins can be found per position) and its special part (fly-over
/// and cannon attacks, which depend on more squares and stay in the static sensitivity).
/// Returns the plain walks per target and their entries; the special parts become
/// probes, or, when their only attacks are fly-overs, fly-over walks (`flys`), a list of
/// their own.
fn walk_probes(
    g: &Geometry,
    list: Walks,
    t: &mut Targets,
    walks: &mut Vec<WalkEntry>,
    flys: &mut PerTarget<FlyWalk>,
    rays: &mut Vec<RayStep>,
) -> (PerTarget<(u32, u16)>, Vec<WalkEntry>) {
    let mut plain_per_target = per_target(g.num_squares());
    let mut plain_walks: Vec<WalkEntry> = Vec::new();
    for ((c, k, dx, dy), mut w) in list.into_sorted() {
        let mut plain: Vec<WalkEntry> = w
            .entries
            .iter()
            .map(|e| WalkEntry {
                sq: e.sq,
                plain: e.plain,
                ..Default::default()
            })
            .collect();
        while plain.last().is_some_and(|e| e.plain == 0) {
            plain.pop();
        }
        if !plain.is_empty() {
            plain_per_target[c][k.index()].push((plain_walks.len() as u32, plain.len() as u16));
            plain_walks.extend_from_slice(&plain);
        }
        for e in w.entries.iter_mut() {
            e.plain = 0;
        }
        while w
            .entries
            .last()
            .is_some_and(|e| e.plain | e.fly | e.cannon | e.screen == 0)
        {
            w.entries.pop();
        }
        if w.entries.is_empty() {
            continue;
        }
        let (probes, sens) = t.at(c, k);
        for e in &w.entries {
            sens.insert(e.sq);
        }
        let fly_land = w.fly_land.unwrap_or(Square::NONE);
        if fly_land.is_some() {
            sens.insert(fly_land);
        }
        let mut fwd = Ray { start: 0, len: 0 };
        if w.screen {
            let f = line(g, k, dx as i32, dy as i32, 0);
            fwd = Ray {
                start: rays.len() as u32,
                len: f.len() as u16,
            };
            for s in &f {
                sens.insert(*s);
                rays.push(RayStep::new(*s, true));
            }
        }
        let cannon = w.entries.iter().any(|e| e.cannon != 0);
        let start = walks.len() as u32;
        walks.extend_from_slice(&w.entries);
        if !w.screen && !cannon && fly_land.is_some() {
            flys[c][k.index()].push(FlyWalk {
                land: fly_land,
                len: w.entries.len() as u16,
                start,
            });
            continue;
        }
        probes.push(Probe::Walk {
            start,
            len: w.entries.len() as u16,
            fly_land,
            fwd,
            cannon,
        });
    }
    (plain_per_target, plain_walks)
}

/// Lists per colour and target into one table, White's first, and `(start, end)` ranges
/// into it.
fn flatten<T>(lists: PerTarget<T>) -> (Vec<T>, ByColor<Vec<(u32, u32)>>) {
    let mut all = Vec::new();
    let index = lists.map(|per_target| {
        per_target
            .into_iter()
            .map(|list| {
                let s = all.len() as u32;
                all.extend(list);
                (s, all.len() as u32)
            })
            .collect()
    });
    (all, index)
}
