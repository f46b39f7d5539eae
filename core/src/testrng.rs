//! The unit tests' deterministic generator (xorshift), so that a failure repeats with
//! the same seed. Built for tests only.

/// A small xorshift generator; the seed is the tuple's field and must not be zero.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next value, reduced to `0..n`. `n` must not be zero.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
