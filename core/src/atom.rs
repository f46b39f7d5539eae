//! The compiled move primitive ([`Atom`]: one primitive of a piece, from one square, in
//! one direction) and the one reading of it ([`targets`]): where it lands on a given board,
//! what it captures besides its landing square, and what kind of move it makes.
//!
//! Move generation, mobility, attack detection and the compiler all read atoms through
//! [`targets`] (and [`Atom::squares`] for the squares an atom depends on), so they cannot
//! disagree about what a primitive does; move generation calls its parts for leaps and
//! slides, [`leap_targets`] and [`slide_targets`], directly on the tables of their own.

use crate::moves::MoveKind;
use crate::types::{Board, Color, Piece, Square};

/// What a primitive may do on its landing square (rules.md § The Flying Bomber to § En passant).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Landing(u8);

impl Landing {
    /// Onto an empty square.
    pub const MOVE: Landing = Landing(1);
    /// Onto an enemy piece, capturing it.
    pub const CAPTURE: Landing = Landing(2);
    /// Also onto an en-passant target, capturing the piece that passed it (rules.md § En passant).
    pub const EP_CAPTURE: Landing = Landing(4);
    /// The squares a slide passes become en-passant targets (rules.md § En passant).
    pub const EP_CREATE: Landing = Landing(8);

    /// These abilities and `other`'s.
    pub const fn with(self, other: Landing) -> Landing {
        Landing(self.0 | other.0)
    }

    /// May land on an empty square?
    #[inline]
    pub fn moves(self) -> bool {
        self.0 & Self::MOVE.0 != 0
    }

    /// May capture on its landing square?
    #[inline]
    pub fn captures(self) -> bool {
        self.0 & Self::CAPTURE.0 != 0
    }

    /// May capture en passant?
    #[inline]
    pub fn captures_ep(self) -> bool {
        self.0 & Self::EP_CAPTURE.0 != 0
    }

    /// Makes en-passant targets?
    #[inline]
    pub fn creates_ep(self) -> bool {
        self.0 & Self::EP_CREATE.0 != 0
    }

    /// Would a piece of `us` land on a square holding `p`?
    #[inline]
    pub fn lands_on(self, p: Piece, us: Color) -> bool {
        if p.is_empty() {
            self.moves()
        } else {
            self.captures() && p.is_enemy_of(us)
        }
    }
}

/// What a jump may pass over (rules.md § The Leaping Ninja Guard).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Over {
    /// Anything.
    Any,
    /// Only its own side's pieces.
    Friend,
    /// Only the other side's pieces.
    Enemy,
    /// Only empty squares.
    Empty,
    /// Only pieces of either side.
    Piece,
}

impl Over {
    /// May a piece of `mover` pass over a square holding `p`?
    #[inline]
    pub fn allows(self, p: Piece, mover: Color) -> bool {
        match self {
            Over::Any => true,
            Over::Friend => p.is_color(mover),
            Over::Enemy => p.is_enemy_of(mover),
            Over::Empty => p.is_empty(),
            Over::Piece => p.is_some(),
        }
    }
}

/// One square of a ray: the square, and whether the primitive may land there or only pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct RayStep(u16);

impl RayStep {
    const PASS_ONLY: u16 = 0x8000;

    /// A square of a ray, a landing square or not.
    pub fn new(sq: Square, lands: bool) -> RayStep {
        RayStep(sq.0 | if lands { 0 } else { Self::PASS_ONLY })
    }

    /// The square.
    #[inline]
    pub fn square(self) -> Square {
        Square(self.0 & !Self::PASS_ONLY)
    }

    /// May the primitive land here (else only pass)?
    #[inline]
    pub fn lands(self) -> bool {
        self.0 & Self::PASS_ONLY == 0
    }
}

/// A run of squares in the variant's ray pool (`Variant::rays`).
/// Packed to 2-byte alignment, so that atoms stay small.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ray {
    pub start: u32,
    pub len: u16,
}

/// One primitive of a piece, from one square, in one direction, compiled against the
/// board: the squares it goes through are listed, so no geometry is done while playing.
/// `dup`: an earlier atom of the same piece on the same square may produce the same move,
/// which counts once (rules.md § Counting moves).
#[derive(Copy, Clone, Debug)]
pub(crate) enum Atom {
    /// A leap to one square (rules.md § The Flying Bomber).
    Leap {
        to: Square,
        mode: Landing,
        dup: bool,
    },
    /// A slide along a ray up to the first piece (rules.md § The Ninja Guard, § The Ninja Warrior, § En passant).
    Slide { ray: Ray, mode: Landing, dup: bool },
    /// A fly-over capture: over the first piece, if an enemy, onto the empty square
    /// just beyond, capturing it (rules.md § The Insane Ninja).
    Fly { ray: Ray, dup: bool },
    /// A hop: over the first piece on the ray, of either side, onto the square just beyond
    /// it, empty or an enemy as `mode` allows (format.md § `hop`, the grasshopper).
    Hop { ray: Ray, mode: Landing, dup: bool },
    /// A jump to `to` over the squares of `over` (rules.md § The Leaping Ninja Guard).
    Jump {
        over: Ray,
        to: Square,
        rule: JumpRule,
        dup: bool,
    },
    /// A cannon capture: over one piece (the screen) onto the next piece, an enemy; also
    /// captures an enemy screen when `cap_screen` (rules.md § The Super Cannon, § Pawns).
    Cannon {
        ray: Ray,
        cap_screen: bool,
        dup: bool,
    },
    /// A bent slider: one step to `bend`, which must be empty, then a slide (rules.md § The Stealth Gryphon, § The Stealth Anti-Gryphon).
    Bent {
        bend: Square,
        ray: Ray,
        mode: Landing,
        dup: bool,
    },
}

/// Where a piece's atoms on one square lie in the variant's tables
/// (`Variant::atom_index`): `atoms[start..end]` all of them, of which the first,
/// `start..leaps`, are leaps and the next, `leaps..slides`, slides, each also listed in its
/// own table at the same index (`Variant::leaps`, `Variant::slides`), so that move
/// generation reads them in a loop of their own, with no dispatch on the shape.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct AtomSpan {
    pub start: u32,
    pub leaps: u32,
    pub slides: u32,
    pub end: u32,
}

/// An [`Atom::Leap`] on its own.
#[derive(Copy, Clone, Debug)]
pub(crate) struct LeapAtom {
    pub to: Square,
    pub mode: Landing,
    pub dup: bool,
}

/// An [`Atom::Slide`] on its own.
#[derive(Copy, Clone, Debug)]
pub(crate) struct SlideAtom {
    pub ray: Ray,
    pub mode: Landing,
    pub dup: bool,
}

impl LeapAtom {
    /// The entry of the leap table at an atom that is not a leap: never read.
    pub const NONE: LeapAtom = LeapAtom {
        to: Square::NONE,
        mode: Landing(0),
        dup: false,
    };
}

impl SlideAtom {
    /// The entry of the slide table at an atom that is not a slide: never read.
    pub const NONE: SlideAtom = SlideAtom {
        ray: Ray { start: 0, len: 0 },
        mode: Landing(0),
        dup: false,
    };
}

impl Atom {
    /// The atom as a leap, if it is one.
    pub fn as_leap(&self) -> Option<LeapAtom> {
        match *self {
            Atom::Leap { to, mode, dup } => Some(LeapAtom { to, mode, dup }),
            _ => None,
        }
    }

    /// The atom as a slide, if it is one.
    pub fn as_slide(&self) -> Option<SlideAtom> {
        match *self {
            Atom::Slide { ray, mode, dup } => Some(SlideAtom { ray, mode, dup }),
            _ => None,
        }
    }

    /// Every square the atom may land on (whatever the board): the squares of the
    /// rules.md § Counting moves duplicate flag.
    pub fn landings<'a>(&self, rays: &'a [RayStep]) -> impl Iterator<Item = Square> + 'a {
        // A fly-over, a hop and a cannon need a piece before their landing square, so
        // never land on their ray's first square.
        let on = |r: Ray, first: bool| {
            steps(rays, r)
                .iter()
                .enumerate()
                .filter(move |&(i, s)| s.lands() && (first || i > 0))
                .map(|(_, s)| s.square())
        };
        let (ray, one) = match *self {
            Atom::Leap { to, .. } | Atom::Jump { to, .. } => (None, Some(to)),
            Atom::Slide { ray, .. } | Atom::Bent { ray, .. } => (Some((ray, true)), None),
            Atom::Fly { ray, .. } | Atom::Hop { ray, .. } | Atom::Cannon { ray, .. } => {
                (Some((ray, false)), None)
            }
        };
        ray.into_iter()
            .flat_map(move |(r, first)| on(r, first))
            .chain(one)
    }

    /// Sets the rules.md § Counting moves duplicate flag.
    pub fn set_dup(&mut self, to: bool) {
        match self {
            Atom::Leap { dup, .. }
            | Atom::Slide { dup, .. }
            | Atom::Fly { dup, .. }
            | Atom::Hop { dup, .. }
            | Atom::Jump { dup, .. }
            | Atom::Cannon { dup, .. }
            | Atom::Bent { dup, .. } => *dup = to,
        }
    }

    /// Every square whose content the atom reads.
    pub fn squares<'a>(&self, rays: &'a [RayStep]) -> impl Iterator<Item = Square> + 'a {
        let on = |r: Ray| steps(rays, r).iter().map(|s| s.square());
        let (ray, one) = match *self {
            Atom::Leap { to, .. } => (None, Some(to)),
            Atom::Slide { ray, .. }
            | Atom::Fly { ray, .. }
            | Atom::Hop { ray, .. }
            | Atom::Cannon { ray, .. } => (Some(ray), None),
            Atom::Jump { over, to, .. } => (Some(over), Some(to)),
            Atom::Bent { bend, ray, .. } => (Some(ray), Some(bend)),
        };
        ray.into_iter().flat_map(on).chain(one)
    }
}

/// What a jump may pass over and land on, and whether it captures a single jumped enemy
/// piece (`cap_over`).
#[derive(Copy, Clone, Debug)]
pub(crate) struct JumpRule {
    pub cond: Over,
    pub cap_over: bool,
    pub mode: Landing,
}

/// The steps of a ray.
#[inline]
pub(crate) fn steps(rays: &[RayStep], r: Ray) -> &[RayStep] {
    &rays[r.start as usize..r.start as usize + r.len as usize]
}

/// A board as an atom sees it: the content of squares and the en-passant targets.
pub(crate) trait BoardView {
    /// The content of a square.
    fn at(&self, sq: Square) -> Piece;
    /// When `sq` is an en-passant target: the square of the piece a capture there takes.
    fn ep_victim(&self, sq: Square) -> Option<Square>;
}

/// A bare board has no en-passant target.
impl BoardView for Board {
    #[inline]
    fn at(&self, sq: Square) -> Piece {
        self[sq.index()]
    }

    #[inline]
    fn ep_victim(&self, _: Square) -> Option<Square> {
        None
    }
}

/// A landing of an atom: where it lands, what it captures besides (or
/// [`Square::NONE`]), the kind of move, and the atom's rules.md § Counting moves duplicate flag.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Target {
    pub to: Square,
    pub extra: Square,
    pub kind: MoveKind,
    pub dup: bool,
}

impl Target {
    #[inline(always)]
    fn new(to: Square, extra: Square, kind: MoveKind, dup: bool) -> Target {
        Target {
            to,
            extra,
            kind,
            dup,
        }
    }
}

/// What receives the landings of an atom. Any `FnMut(Target)` closure is one; move
/// generation uses its own sink whose method is always inlined.
pub(crate) trait Sink {
    /// One landing.
    fn emit(&mut self, t: Target);
}

impl<F: FnMut(Target)> Sink for F {
    #[inline(always)]
    fn emit(&mut self, t: Target) {
        self(t)
    }
}

/// Gives `sink` every landing of `atom`, for a piece of `us`, on `board`: the one reading
/// of a primitive. Inlined into each caller, so that move generation stays allocation-free
/// and monomorphic.
#[inline(always)]
pub(crate) fn targets<B: BoardView + ?Sized>(
    atom: &Atom,
    rays: &[RayStep],
    board: &B,
    us: Color,
    sink: &mut impl Sink,
) {
    match *atom {
        Atom::Leap { to, mode, dup } => leap_targets(LeapAtom { to, mode, dup }, board, us, sink),
        Atom::Slide { ray, mode, dup } => {
            slide_targets(SlideAtom { ray, mode, dup }, rays, board, us, sink)
        }
        Atom::Bent {
            bend,
            ray,
            mode,
            dup,
        } => {
            if board.at(bend).is_empty() {
                slide(
                    steps(rays, ray),
                    mode,
                    MoveKind::Normal,
                    dup,
                    board,
                    us,
                    sink,
                );
            }
        }
        Atom::Fly { ray, dup } => fly(steps(rays, ray), dup, board, us, sink),
        Atom::Hop { ray, mode, dup } => hop(steps(rays, ray), mode, dup, board, us, sink),
        Atom::Jump {
            over,
            to,
            rule,
            dup,
        } => {
            let mids = steps(rays, over);
            if mids
                .iter()
                .all(|s| rule.cond.allows(board.at(s.square()), us))
                && rule.mode.lands_on(board.at(to), us)
            {
                let mut extra = Square::NONE;
                if let [mid] = mids
                    && rule.cap_over
                    && board.at(mid.square()).is_enemy_of(us)
                {
                    extra = mid.square();
                }
                sink.emit(Target::new(to, extra, MoveKind::Normal, dup));
            }
        }
        Atom::Cannon {
            ray,
            cap_screen,
            dup,
        } => cannon(steps(rays, ray), cap_screen, dup, board, us, sink),
    }
}

/// [`targets`] of a leap.
#[inline(always)]
pub(crate) fn leap_targets<B: BoardView + ?Sized>(
    a: LeapAtom,
    board: &B,
    us: Color,
    sink: &mut impl Sink,
) {
    let LeapAtom { to, mode, dup } = a;
    let p = board.at(to);
    if p.is_empty() {
        if mode.moves() {
            sink.emit(Target::new(to, Square::NONE, MoveKind::Normal, dup));
        }
        if mode.captures_ep()
            && let Some(victim) = board.ep_victim(to)
        {
            sink.emit(Target::new(to, victim, MoveKind::EnPassant, dup));
        }
    } else if mode.captures() && p.is_enemy_of(us) {
        sink.emit(Target::new(to, Square::NONE, MoveKind::Normal, dup));
    }
}

/// [`targets`] of a slide.
#[inline(always)]
pub(crate) fn slide_targets<B: BoardView + ?Sized>(
    a: SlideAtom,
    rays: &[RayStep],
    board: &B,
    us: Color,
    sink: &mut impl Sink,
) {
    let long = if a.mode.creates_ep() {
        MoveKind::DoubleStep
    } else {
        MoveKind::Normal
    };
    slide(steps(rays, a.ray), a.mode, long, a.dup, board, us, sink);
}

/// A slide along a ray: onto the empty landing squares, and onto the first piece if it is
/// an enemy. Moves past the first square are of kind `long` (en-passant creating slides).
#[inline(always)]
fn slide<B: BoardView + ?Sized>(
    ray: &[RayStep],
    mode: Landing,
    long: MoveKind,
    dup: bool,
    board: &B,
    us: Color,
    sink: &mut impl Sink,
) {
    for (i, s) in ray.iter().enumerate() {
        let to = s.square();
        let p = board.at(to);
        if p.is_empty() {
            if s.lands() && mode.moves() {
                let kind = if i == 0 { MoveKind::Normal } else { long };
                sink.emit(Target::new(to, Square::NONE, kind, dup));
            }
        } else {
            if s.lands() && mode.captures() && p.is_enemy_of(us) {
                sink.emit(Target::new(to, Square::NONE, MoveKind::Normal, dup));
            }
            break;
        }
    }
}

/// A fly-over: the first piece on the ray, an enemy, with an empty landing square just
/// beyond it.
#[inline(always)]
fn fly<B: BoardView + ?Sized>(
    ray: &[RayStep],
    dup: bool,
    board: &B,
    us: Color,
    sink: &mut impl Sink,
) {
    for (i, s) in ray.iter().enumerate() {
        let p = board.at(s.square());
        if p.is_empty() {
            continue;
        }
        if p.is_enemy_of(us)
            && let Some(beyond) = ray.get(i + 1)
            && beyond.lands()
            && board.at(beyond.square()).is_empty()
        {
            sink.emit(Target::new(
                beyond.square(),
                s.square(),
                MoveKind::Normal,
                dup,
            ));
        }
        break;
    }
}

/// A hop: the first piece on the ray is the screen; land on the square just beyond it.
#[inline(always)]
fn hop<B: BoardView + ?Sized>(
    ray: &[RayStep],
    mode: Landing,
    dup: bool,
    board: &B,
    us: Color,
    sink: &mut impl Sink,
) {
    let Some(i) = ray.iter().position(|s| board.at(s.square()).is_some()) else {
        return;
    };
    if let Some(beyond) = ray.get(i + 1)
        && beyond.lands()
        && mode.lands_on(board.at(beyond.square()), us)
    {
        sink.emit(Target::new(
            beyond.square(),
            Square::NONE,
            MoveKind::Normal,
            dup,
        ));
    }
}

/// A cannon capture: the second piece on the ray, an enemy on a landing square; and the
/// screen too when it is an enemy and `cap_screen`.
#[inline(always)]
fn cannon<B: BoardView + ?Sized>(
    ray: &[RayStep],
    cap_screen: bool,
    dup: bool,
    board: &B,
    us: Color,
    sink: &mut impl Sink,
) {
    let mut screen = Square::NONE;
    for s in ray {
        let p = board.at(s.square());
        if p.is_empty() {
            continue;
        }
        if screen.is_none() {
            screen = s.square();
            continue;
        }
        if p.is_enemy_of(us) && s.lands() {
            let extra = if cap_screen && board.at(screen).is_enemy_of(us) {
                screen
            } else {
                Square::NONE
            };
            sink.emit(Target::new(s.square(), extra, MoveKind::Normal, dup));
        }
        break;
    }
}
