//! Keys for the incremental position hash (board, side, castling, en passant, reserves).

use crate::types::MAX_KINDS;
use crate::variant::Zobrist;

/// Reserve counts above this share a key (no game comes near it).
pub(crate) const MAX_RESERVE_KEYED: usize = 64;

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

pub(crate) fn keys(squares: usize, _kinds: usize) -> Zobrist {
    let mut rng = SplitMix(0x0F0A_1121_F0A6_E5ED);
    let codes = 2 * (MAX_KINDS + 1);
    Zobrist {
        pieces: (0..codes * squares).map(|_| rng.next()).collect(),
        side: rng.next(),
        castling: std::array::from_fn(|_| rng.next()),
        ep: (0..2 * squares).map(|_| rng.next()).collect(),
        reserve: (0..2 * MAX_KINDS * MAX_RESERVE_KEYED)
            .map(|_| rng.next())
            .collect(),
    }
}

impl Zobrist {
    #[inline]
    pub(crate) fn piece(&self, code: u8, sq: usize, squares: usize) -> u64 {
        self.pieces[code as usize * squares + sq]
    }

    #[inline]
    pub(crate) fn reserve(&self, color: usize, kind: usize, count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            self.reserve[(color * MAX_KINDS + kind) * MAX_RESERVE_KEYED
                + (count as usize).min(MAX_RESERVE_KEYED - 1)]
        }
    }
}
