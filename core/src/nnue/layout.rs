//! The inputs of a game's network: which feature a piece on a square, or a piece in
//! reserve, turns on. Sized from the compiled game, so that every game the format can
//! express has one, and identified by a fingerprint so that a network trained for one
//! game is never read for another.

use std::sync::Arc;

use crate::position::Position;
use crate::types::{Color, Kind, Square};
use crate::variant::Variant;

/// The most reserve features per piece kind and colour: the first pieces of a kind in
/// reserve each have a feature, further ones none.
pub const MAX_RESERVE_SLOTS: usize = 16;

/// The features of a game's network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    squares: usize,
    kinds: usize,
    /// Reserve features per kind and colour (0 without drops).
    slots: usize,
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
        let mut layout = Layout {
            squares,
            kinds,
            slots,
            fingerprint: 0,
        };
        layout.fingerprint = fingerprint(v, &layout);
        layout
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
    /// the reserve slots): two games with the same fingerprint read the same network.
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

    /// Calls `f` with every feature of the position that is on.
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
    eat(b"fairyforge-nnue-layout-1");
    let g = &v.geometry;
    for sq in g.squares() {
        eat(g.name(sq).as_bytes());
    }
    for p in &v.pieces {
        eat(p.id.as_bytes());
    }
    eat(&(l.slots as u32).to_le_bytes());
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
}
