//! The transposition table: what earlier searches learnt about a position, keyed by its
//! hash. Buckets of two entries; a new result replaces the entry worth least (shallow or
//! from an older search), so deep results survive. Mate scores are stored relative to the
//! node (see [`super::score::to_tt`]).

use crate::moves::Move;

use super::moves::NO_MOVE;

/// What a stored score says about the true score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true score is at most this (no move reached alpha).
    Upper,
    /// At least this (a move reached beta).
    Lower,
    Exact,
}

/// A stored result.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    key: u64,
    pub mv: Move,
    pub score: i32,
    /// The static evaluation of the position (or [`NO_EVAL`]).
    pub eval: i32,
    pub depth: i16,
    pub bound: Bound,
    generation: u8,
}

/// No static evaluation stored.
pub(crate) const NO_EVAL: i32 = i32::MIN;

const EMPTY: Entry = Entry {
    key: 0,
    mv: NO_MOVE,
    score: 0,
    eval: NO_EVAL,
    depth: -1,
    bound: Bound::Upper,
    generation: 0,
};

impl Entry {
    /// The stored move, if any.
    pub fn best(&self) -> Option<Move> {
        (self.mv != NO_MOVE).then_some(self.mv)
    }

    fn used(&self) -> bool {
        self.depth >= 0 || self.key != 0
    }
}

/// The table: a power-of-two number of entries, in buckets of two.
pub(crate) struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

/// Smallest table: one bucket.
const MIN_ENTRIES: usize = 2;

impl Table {
    /// A table of about `mb` megabytes, or of what the machine can give when that much
    /// memory cannot be had.
    pub fn new(mb: usize) -> Table {
        Table {
            entries: allocate(mb, EMPTY),
            generation: 0,
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.generation = 0;
    }

    /// A new search starts: older results give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 2)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e.key == key && e.used())
            .copied()
    }

    /// Stores a result. Without a move, the move already known for the position stays.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let b = self.bucket(key);
        let generation = self.generation;
        let depth = depth.clamp(0, i16::MAX as i32) as i16;
        let slot = match (b..b + 2).find(|&i| self.entries[i].key == key && self.entries[i].used())
        {
            Some(i) => {
                let old = self.entries[i];
                // A shallower non-exact result of the same search does not replace a
                // deeper one.
                if bound != Bound::Exact
                    && old.generation == generation
                    && (old.depth as i32) > depth as i32 + 2
                {
                    if mv.is_some() && old.mv == NO_MOVE {
                        self.entries[i].mv = mv.unwrap_or(NO_MOVE);
                    }
                    return;
                }
                i
            }
            None => {
                let worth = |e: &Entry| {
                    if !e.used() {
                        return i32::MIN;
                    }
                    let age = generation.wrapping_sub(e.generation) as i32;
                    e.depth as i32 - 8 * age
                };
                if worth(&self.entries[b]) <= worth(&self.entries[b + 1]) {
                    b
                } else {
                    b + 1
                }
            }
        };
        let old = self.entries[slot];
        let mv = match mv {
            Some(m) => m,
            None if old.key == key => old.mv,
            None => NO_MOVE,
        };
        self.entries[slot] = Entry {
            key,
            mv,
            score,
            eval,
            depth,
            bound,
            generation,
        };
    }

    /// Permille of a sample of entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.used() && e.generation == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// A power-of-two number (at least two) of `empty` entries taking about `mb` megabytes,
/// fewer when the machine cannot hold that many: at most [`memory_cap`] bytes, halved
/// until the allocation succeeds.
pub(crate) fn allocate<T: Copy>(mb: usize, empty: T) -> Vec<T> {
    allocate_within(mb, empty, memory_cap())
}

fn allocate_within<T: Copy>(mb: usize, empty: T, cap: usize) -> Vec<T> {
    let bytes = mb.max(1).saturating_mul(1024 * 1024).min(cap);
    let mut n = (bytes / std::mem::size_of::<T>().max(1)).max(MIN_ENTRIES);
    if !n.is_power_of_two() {
        n = n.next_power_of_two() / 2;
    }
    loop {
        let mut entries = Vec::new();
        if entries.try_reserve_exact(n).is_ok() {
            entries.resize(n, empty);
            return entries;
        }
        if n <= MIN_ENTRIES {
            // Not even one bucket: the allocator is out of memory altogether.
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<[T; MIN_ENTRIES]>());
        }
        n /= 2;
    }
}

/// Most bytes a table may take: half the memory the system says is available (where it
/// says so), so that a huge request falls back to what the machine can hold instead of
/// taking it all.
fn memory_cap() -> usize {
    available_memory().map_or(usize::MAX, |b| b / 2)
}

#[cfg(target_os = "linux")]
fn available_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

#[cfg(not(target_os = "linux"))]
fn available_memory() -> Option<usize> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    fn mv(from: u16, to: u16) -> Move {
        super::super::moves::test_move(Square(from), Square(to))
    }

    #[test]
    fn stores_and_finds() {
        let mut t = Table::new(1);
        assert!(t.probe(42).is_none());
        t.store(42, Some(mv(1, 2)), 17, 5, 5, Bound::Exact);
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.best(), e.score, e.eval, e.depth, e.bound),
            (Some(mv(1, 2)), 17, 5, 5, Bound::Exact)
        );
        // A store without a move keeps the known move.
        t.store(42, None, -3, 5, 6, Bound::Upper);
        let e = t.probe(42).unwrap();
        assert_eq!((e.best(), e.score, e.depth), (Some(mv(1, 2)), -3, 6));
        // Another key in the same bucket takes the other slot.
        let other = 42 + t.entries.len() as u64 * 7;
        assert_eq!(t.bucket(other), t.bucket(42));
        t.store(other, Some(mv(3, 4)), 1, 0, 1, Bound::Lower);
        assert_eq!(t.probe(42).unwrap().depth, 6);
        assert_eq!(t.probe(other).unwrap().best(), Some(mv(3, 4)));
        // A third key evicts the shallower of the two.
        let third = 42 + t.entries.len() as u64 * 9;
        t.store(third, None, 0, 0, 3, Bound::Lower);
        assert!(t.probe(other).is_none());
        assert_eq!(t.probe(42).unwrap().depth, 6);
        t.clear();
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn a_shallow_bound_does_not_replace_a_deep_result() {
        let mut t = Table::new(1);
        t.store(7, Some(mv(1, 2)), 50, 0, 10, Bound::Exact);
        t.store(7, Some(mv(3, 4)), 10, 0, 2, Bound::Upper);
        let e = t.probe(7).unwrap();
        assert_eq!((e.depth, e.score, e.best()), (10, 50, Some(mv(1, 2))));
    }

    #[test]
    fn old_generations_give_way() {
        let mut t = Table::new(1);
        let step = t.entries.len() as u64;
        t.store(5, None, 0, 0, 20, Bound::Exact);
        t.store(5 + step, None, 0, 0, 20, Bound::Exact);
        for _ in 0..4 {
            t.new_search();
        }
        t.store(5 + 2 * step, None, 0, 0, 1, Bound::Exact);
        assert!(t.probe(5 + 2 * step).is_some());
        assert_eq!(t.hashfull(), 1);
    }

    #[test]
    fn a_huge_request_falls_back_to_what_can_be_had() {
        // More than the machine holds (here said to be 1 MB): the table is still made,
        // as large as allowed.
        let entries = allocate_within(usize::MAX, EMPTY, 1 << 20);
        assert_eq!(entries.len() * std::mem::size_of::<Entry>(), 1 << 20);
        // Half of the memory available is the cap, where the system tells it.
        if let Some(avail) = available_memory() {
            assert_eq!(memory_cap(), avail / 2);
        }
    }
}
