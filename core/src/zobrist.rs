//! Keys for the incremental position hash (board, side, castling, en passant, reserves).

use crate::types::{CastlingRights, Color, Kind, MAX_KINDS, Piece, Square};

/// Reserve counts above this share a key (no game comes near it).
const MAX_RESERVE_KEYED: usize = 64;

/// The hash keys of a variant. Fixed by a seed, so a position hashes the same in every run.
pub(crate) struct Zobrist {
    squares: usize,
    /// Per piece code and square (codes 0 and 1, no piece, are unused).
    pieces: Vec<u64>,
    /// The side to move is Black.
    pub side: u64,
    castling: [u64; 256],
    /// Per square of the en-passant line's origin, then per square of its end.
    ep: Vec<u64>,
    reserve: Vec<u64>,
    /// Per side and count of checks it still has to give (n-check).
    checks: Vec<u64>,
    /// Per square: a promoted piece stands there (`captures-to-hand`).
    promoted: Vec<u64>,
    /// Per square: it holds a gate (docs/format.md § Gating).
    gate: Vec<u64>,
}

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Zobrist {
    /// The keys for a board of `squares` squares.
    pub fn new(squares: usize) -> Zobrist {
        let mut rng = SplitMix(0x0F0A_1121_F0A6_E5ED);
        let codes = 2 * (MAX_KINDS + 1);
        Zobrist {
            squares,
            pieces: (0..codes * squares).map(|_| rng.next()).collect(),
            side: rng.next(),
            castling: std::array::from_fn(|_| rng.next()),
            ep: (0..2 * squares).map(|_| rng.next()).collect(),
            reserve: (0..2 * MAX_KINDS * MAX_RESERVE_KEYED)
                .map(|_| rng.next())
                .collect(),
            checks: (0..2 * (crate::limits::MAX_CHECKS as usize + 1))
                .map(|_| rng.next())
                .collect(),
            promoted: (0..squares).map(|_| rng.next()).collect(),
            gate: (0..squares).map(|_| rng.next()).collect(),
        }
    }

    /// The key of a promoted piece on a square (`captures-to-hand`).
    #[inline]
    pub fn promoted(&self, sq: Square) -> u64 {
        self.promoted[sq.index()]
    }

    /// The key of a gate on a square (docs/format.md § Gating).
    #[inline]
    pub fn gate(&self, sq: Square) -> u64 {
        self.gate[sq.index()]
    }

    /// The key of a piece on a square.
    #[inline]
    pub fn piece(&self, p: Piece, sq: Square) -> u64 {
        self.pieces[p.code() * self.squares + sq.index()]
    }

    /// The key of a set of castling rights.
    #[inline]
    pub fn castling(&self, rights: CastlingRights) -> u64 {
        self.castling[rights.bits()]
    }

    /// The key of an en-passant line from `from` to `to`.
    #[inline]
    pub fn ep(&self, from: Square, to: Square) -> u64 {
        self.ep[from.index()] ^ self.ep[self.squares + to.index()]
    }

    /// The key of a side that has `left` checks to give (n-check).
    #[inline]
    pub fn checks(&self, color: Color, left: u8) -> u64 {
        self.checks[color.index() * (crate::limits::MAX_CHECKS as usize + 1)
            + (left as usize).min(crate::limits::MAX_CHECKS as usize)]
    }

    /// The key of `count` pieces of a kind in a side's reserve (0 for none).
    #[inline]
    pub fn reserve(&self, color: Color, kind: Kind, count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            self.reserve[(color.index() * MAX_KINDS + kind.index()) * MAX_RESERVE_KEYED
                + (count as usize).min(MAX_RESERVE_KEYED - 1)]
        }
    }
}
