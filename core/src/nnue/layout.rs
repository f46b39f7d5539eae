//! The inputs of a game's network: which feature a piece on a square, or a piece in
//! reserve, turns on. Sized from the compiled game, so that every game the format can
//! express has one, and identified by a fingerprint so that a network trained for one
//! game is never read for another.
//!
//! The network sees each position twice, through the same weights: as White sees it (the
//! features as they are) and as Black sees it (each feature *mirrored*: its square
//! carried by the game's colour symmetry, its colour swapped). The symmetry is found
//! from the game's setup ([`Symmetry`]).

use std::fmt;
use std::sync::Arc;

use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Color, Kind, Piece, Square};
use crate::variant::Variant;

/// The most reserve features per piece kind and colour: the first pieces of a kind in
/// reserve each have a feature, further ones none.
pub const MAX_RESERVE_SLOTS: usize = 16;

/// The map of squares that carries a game's setup onto itself with the colours swapped:
/// how Black's view of the board is drawn from White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// File `f`, rank `r` to file `f`, the rank as far from the last as `r` is from the
    /// first (chess, xiangqi).
    RanksFlipped,
    /// The half turn: file and rank both counted from the other end (shogi).
    Turned,
    /// Neither fits the setup: each square is its own image, only colours swap.
    None,
}

impl Symmetry {
    /// The image of each square under this map, in square order, if every square has
    /// one on the board.
    fn images(self, g: &Geometry) -> Option<Vec<Square>> {
        let (files, ranks) = (g.files() as i32, g.ranks() as i32);
        g.squares()
            .map(|sq| {
                let (f, r) = g.coords(sq);
                let (f, r) = (f as i32, r as i32);
                match self {
                    Symmetry::RanksFlipped => g.square(f, ranks + 1 - r),
                    Symmetry::Turned => g.square(files - 1 - f, ranks + 1 - r),
                    Symmetry::None => Some(sq),
                }
            })
            .collect()
    }

    /// The first of the rank flip and the half turn that carries every square to a
    /// square and the setup onto itself with colours swapped (a piece to the same kind of
    /// the other colour, an empty square to an empty one), else [`Symmetry::None`]; with
    /// the images of the squares.
    fn of(v: &Arc<Variant>) -> (Symmetry, Vec<Square>) {
        let g = &v.geometry;
        let start = Position::start(v);
        let board = start.board();
        let swapped = |p: Piece| {
            if p.is_some() {
                Piece::new(p.kind(), !p.color())
            } else {
                p
            }
        };
        for s in [Symmetry::RanksFlipped, Symmetry::Turned] {
            if let Some(images) = s.images(g) {
                let fits = g
                    .squares()
                    .all(|sq| board[images[sq.index()].index()] == swapped(board[sq.index()]));
                if fits {
                    return (s, images);
                }
            }
        }
        let images = Symmetry::None
            .images(g)
            .expect("every square is its own image");
        (Symmetry::None, images)
    }

    fn name(self) -> &'static str {
        match self {
            Symmetry::RanksFlipped => "ranks flipped",
            Symmetry::Turned => "turned",
            Symmetry::None => "none",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The features of a game's network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    squares: usize,
    kinds: usize,
    /// Reserve features per kind and colour (0 without drops).
    slots: usize,
    symmetry: Symmetry,
    /// Each feature's mirror: the feature Black's view turns on where White's turns on
    /// this one.
    mirror: Vec<u32>,
    fingerprint: u64,
}

impl Layout {
    /// The layout of a game: `squares x kinds x 2` board features, then
    /// `kinds x 2 x slots` reserve features, where `slots` is the most pieces of one
    /// kind and colour in reserve at the game's setup (at least 1 in a game with drops,
    /// at most [`MAX_RESERVE_SLOTS`]).
    pub fn new(v: &Arc<Variant>) -> Layout {
        let squares = v.num_squares();
        let kinds = v.pieces.len();
        let slots = if v.has_reserves() {
            let start = Position::start(v);
            let most = Color::BOTH
                .iter()
                .flat_map(|&c| start.reserves_of(c)[..kinds].iter().copied())
                .max()
                .unwrap_or(0) as usize;
            most.clamp(1, MAX_RESERVE_SLOTS)
        } else {
            0
        };
        let (symmetry, images) = Symmetry::of(v);
        let mut layout = Layout {
            squares,
            kinds,
            slots,
            symmetry,
            mirror: Vec::new(),
            fingerprint: 0,
        };
        let mut mirror = vec![0u32; layout.features()];
        for k in 0..kinds {
            let k = Kind::new(k);
            for c in Color::BOTH {
                for (sq, image) in images.iter().enumerate() {
                    mirror[layout.board(k, c, Square(sq as u16))] =
                        layout.board(k, !c, *image) as u32;
                }
                for i in 0..slots {
                    let f = layout.reserve(k, c, i).expect("i < slots");
                    mirror[f] = layout.reserve(k, !c, i).expect("i < slots") as u32;
                }
            }
        }
        layout.mirror = mirror;
        layout.fingerprint = fingerprint(v, &layout);
        layout
    }

    /// The map of squares that draws Black's view from White's.
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// The feature Black's view turns on where White's view turns on `feature`: the
    /// piece's square mapped by the game's [`Symmetry`] and its colour swapped (a reserve
    /// feature: the colour swapped). Mirroring twice gives the feature back.
    #[inline]
    pub fn mirrored(&self, feature: usize) -> usize {
        self.mirror[feature] as usize
    }

    /// The number of input features.
    pub fn features(&self) -> usize {
        self.board_features() + self.kinds * 2 * self.slots
    }

    fn board_features(&self) -> usize {
        self.squares * self.kinds * 2
    }

    /// Reserve features per kind and colour.
    pub fn reserve_slots(&self) -> usize {
        self.slots
    }

    /// A hash of what the features mean (the squares' names, the pieces' ids in order,
    /// the reserve slots, the symmetry of the two views): two games with the same
    /// fingerprint read the same network.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The feature of a piece on a square.
    #[inline]
    pub fn board(&self, kind: Kind, color: Color, sq: Square) -> usize {
        (kind.index() * 2 + color.index()) * self.squares + sq.index()
    }

    /// The feature of the `i`-th piece (from 0) of a kind and colour in reserve, if it
    /// has one.
    #[inline]
    pub fn reserve(&self, kind: Kind, color: Color, i: usize) -> Option<usize> {
        (i < self.slots)
            .then(|| self.board_features() + (kind.index() * 2 + color.index()) * self.slots + i)
    }

    /// Calls `f` with every feature of the position that is on, in White's view (Black's
    /// view turns on their [mirrors](Layout::mirrored)).
    pub fn active(&self, pos: &Position, mut f: impl FnMut(usize)) {
        for c in Color::BOTH {
            for &sq in pos.pieces_of(c) {
                let p = pos.board()[sq.index()];
                f(self.board(p.kind(), p.color(), sq));
            }
            if self.slots > 0 {
                for (k, &n) in pos.reserves_of(c)[..self.kinds].iter().enumerate() {
                    for i in 0..(n as usize).min(self.slots) {
                        f(self.reserve(Kind::new(k), c, i).expect("i < slots"));
                    }
                }
            }
        }
    }

    /// The most features that can be on at once: one per square and every reserve slot.
    pub fn most_active(&self) -> usize {
        self.squares + self.kinds * 2 * self.slots
    }
}

/// FNV-1a over the meaning of the features.
fn fingerprint(v: &Variant, l: &Layout) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        h ^= 0xff;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    eat(b"fairyforge-nnue-layout-2");
    let g = &v.geometry;
    for sq in g.squares() {
        eat(g.name(sq).as_bytes());
    }
    for p in &v.pieces {
        eat(p.id.as_bytes());
    }
    eat(&(l.slots as u32).to_le_bytes());
    eat(l.symmetry.name().as_bytes());
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_sized_from_the_game() {
        let chess = Variant::builtin("chess").unwrap();
        let l = Layout::new(&chess);
        // 64 squares x 6 kinds x 2 colours, no reserve.
        assert_eq!((l.features(), l.reserve_slots()), (768, 0));
        let capa = Variant::builtin("capablanca").unwrap();
        assert_eq!(Layout::new(&capa).features(), 80 * 8 * 2);
        assert_ne!(Layout::new(&capa).fingerprint(), l.fingerprint());
        // Birds and Ninjas: 104 squares and a reserve of ninja pawns.
        let bn = Variant::builtin("birds-and-ninjas").unwrap();
        let l = Layout::new(&bn);
        let kinds = bn.pieces.len();
        assert_eq!(bn.num_squares(), 104);
        assert!(l.reserve_slots() >= 1);
        assert_eq!(
            l.features(),
            104 * kinds * 2 + kinds * 2 * l.reserve_slots()
        );
        let start = Position::start(&bn);
        let mut on = Vec::new();
        l.active(&start, |f| on.push(f));
        let pieces = start.pieces_of(Color::White).len() + start.pieces_of(Color::Black).len();
        let held: usize = Color::BOTH
            .iter()
            .flat_map(|&c| bn.kinds().map(move |k| (c, k)))
            .map(|(c, k)| (start.reserve(c, k) as usize).min(l.reserve_slots()))
            .sum();
        assert!(held > 0);
        assert_eq!(on.len(), pieces + held);
        on.sort();
        on.dedup();
        assert_eq!(on.len(), pieces + held, "no feature twice");
        assert!(on.iter().all(|&f| f < l.features()));
    }

    /// Every built-in game's symmetry, printed (`--nocapture`), and a few asserted: the
    /// chess family and xiangqi flip ranks, shogi turns. In every game the mirror swaps
    /// colours, keeps kinds, is its own inverse, and a setup that fits the symmetry turns
    /// on in Black's view the features White's turns on.
    #[test]
    fn each_game_has_the_symmetry_of_its_setup() {
        let mut seen = std::collections::BTreeMap::new();
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            let l = Layout::new(&v);
            println!("{name}: {}", l.symmetry());
            seen.insert(name, l.symmetry());
            for f in 0..l.features() {
                let m = l.mirrored(f);
                assert!(m < l.features(), "{name}: {f} -> {m}");
                assert_eq!(l.mirrored(m), f, "{name}: feature {f}");
            }
            // Each square has one image, whatever stands on it, and it is where the
            // symmetry says; the kind stays, the colour swaps.
            let g = &v.geometry;
            let (files, ranks) = (g.files() as i32, g.ranks() as i32);
            for sq in g.squares() {
                let (f, r) = g.coords(sq);
                let (f, r) = (f as i32, r as i32);
                let image = match l.symmetry() {
                    Symmetry::RanksFlipped => g.square(f, ranks + 1 - r),
                    Symmetry::Turned => g.square(files - 1 - f, ranks + 1 - r),
                    Symmetry::None => Some(sq),
                }
                .unwrap();
                for k in v.kinds() {
                    for c in Color::BOTH {
                        assert_eq!(
                            l.mirrored(l.board(k, c, sq)),
                            l.board(k, !c, image),
                            "{name}: {k:?} {c:?} on {}",
                            g.name(sq)
                        );
                    }
                }
            }
            for k in v.kinds() {
                for c in Color::BOTH {
                    for i in 0..l.reserve_slots() {
                        assert_eq!(
                            l.mirrored(l.reserve(k, c, i).unwrap()),
                            l.reserve(k, !c, i).unwrap()
                        );
                    }
                }
            }
            // Where the setup fits (and the reserves are the same on both sides), Black's
            // view of it is White's.
            let start = Position::start(&v);
            if l.symmetry() != Symmetry::None
                && start.reserves_of(Color::White) == start.reserves_of(Color::Black)
            {
                let (mut white, mut black) = (Vec::new(), Vec::new());
                l.active(&start, |f| {
                    white.push(f);
                    black.push(l.mirrored(f));
                });
                white.sort();
                black.sort();
                assert_eq!(white, black, "{name}");
            }
        }
        for name in [
            "chess",
            "capablanca",
            "grand",
            "crazyhouse",
            "shako",
            "xiangqi",
        ] {
            assert_eq!(seen[name], Symmetry::RanksFlipped, "{name}");
        }
        for name in ["shogi", "minishogi"] {
            assert_eq!(seen[name], Symmetry::Turned, "{name}");
        }
        assert_eq!(Symmetry::RanksFlipped.to_string(), "ranks flipped");
        assert_eq!(Symmetry::Turned.to_string(), "turned");
        // A knight on b8 is, for Black's view, White's own knight on b1.
        let chess = Variant::builtin("chess").unwrap();
        let l = Layout::new(&chess);
        let g = &chess.geometry;
        let knight = chess
            .kinds()
            .find(|&k| chess.pieces[k.index()].id == "knight")
            .unwrap();
        let (b1, b8) = (g.parse_square("b1").unwrap(), g.parse_square("b8").unwrap());
        assert_eq!(
            l.mirrored(l.board(knight, Color::Black, b8)),
            l.board(knight, Color::White, b1)
        );
        // Shogi: a piece on 1a (file a, rank 9 here) is, turned, on 9i (file i, rank 1).
        let shogi = Variant::builtin("shogi").unwrap();
        let l = Layout::new(&shogi);
        let g = &shogi.geometry;
        let k = Kind::new(0);
        assert_eq!(
            l.mirrored(l.board(k, Color::Black, g.square(0, 9).unwrap())),
            l.board(k, Color::White, g.square(8, 1).unwrap())
        );
    }
}
