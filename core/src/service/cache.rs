//! Small least-recently-used caches: compiled variants by what they were compiled from (a
//! built-in game or a file's text, and the options), so that a click does not compile its
//! game again; and replayed games by their moves, so that a click replays only the moves
//! that are new since the last request about the same game.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use super::Compiled;
use super::game::Game;

/// What a variant was compiled from.
#[allow(missing_docs)]
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub enum Key {
    Game(String, Vec<String>),
    /// File name (it appears in messages), text, options.
    Text(String, String, Vec<String>),
}

/// Replayed games by a hash of what they were replayed from: the compiled variant (by
/// address: the cached game holds the variant, so the address is not reused while the
/// entry lives), the start position string and the moves. An entry keeps these too, and a
/// hit is checked against them.
pub struct Games {
    hasher: std::collections::hash_map::RandomState,
    lru: Lru<u64, Arc<CachedGame>>,
}

pub struct CachedGame {
    variant: usize,
    fen: Option<String>,
    moves: Vec<String>,
    game: Game,
}

impl Games {
    pub fn new(capacity: usize) -> Games {
        Games {
            hasher: Default::default(),
            lru: Lru::new(capacity),
        }
    }

    fn key(&self, v: &Compiled, fen: Option<&str>, moves: &[String]) -> u64 {
        use std::hash::BuildHasher;
        self.hasher.hash_one((Arc::as_ptr(v) as usize, fen, moves))
    }

    /// The game replayed from `fen` through `moves`, if it is kept.
    pub fn get(&self, v: &Compiled, fen: Option<&str>, moves: &[String]) -> Option<Game> {
        let e = self.lru.get(&self.key(v, fen, moves))?;
        (e.variant == Arc::as_ptr(v) as usize && e.fen.as_deref() == fen && e.moves == moves)
            .then(|| e.game.clone())
    }

    pub fn insert(&self, v: &Compiled, fen: Option<&str>, moves: &[String], game: Game) {
        let entry = CachedGame {
            variant: Arc::as_ptr(v) as usize,
            fen: fen.map(str::to_string),
            moves: moves.to_vec(),
            game,
        };
        self.lru.insert(self.key(v, fen, moves), Arc::new(entry));
    }

    pub fn len(&self) -> usize {
        self.lru.len()
    }
}

/// A map that forgets its least recently used entry when full. Values are cloned out (use
/// an `Arc` for big ones).
pub struct Lru<K, V> {
    capacity: usize,
    inner: Mutex<Inner<K, V>>,
}

struct Inner<K, V> {
    map: HashMap<K, (V, u64)>,
    clock: u64,
}

impl<K: Hash + Eq + Clone, V: Clone> Lru<K, V> {
    pub fn new(capacity: usize) -> Lru<K, V> {
        Lru {
            capacity: capacity.max(1),
            inner: Mutex::new(Inner {
                map: HashMap::new(),
                clock: 0,
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<K, V>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, key: &K) -> Option<V> {
        let mut inner = self.lock();
        inner.clock += 1;
        let now = inner.clock;
        inner.map.get_mut(key).map(|(v, used)| {
            *used = now;
            v.clone()
        })
    }

    pub fn insert(&self, key: K, v: V) {
        let mut inner = self.lock();
        inner.clock += 1;
        let now = inner.clock;
        if inner.map.len() >= self.capacity
            && !inner.map.contains_key(&key)
            && let Some(oldest) = inner
                .map
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone())
        {
            inner.map.remove(&oldest);
        }
        inner.map.insert(key, (v, now));
    }

    pub fn len(&self) -> usize {
        self.lock().map.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_goes_first() {
        let c: Lru<&str, u32> = Lru::new(2);
        c.insert("a", 1);
        c.insert("b", 2);
        assert_eq!(c.get(&"a"), Some(1));
        c.insert("c", 3);
        assert_eq!(c.get(&"b"), None, "b was used least recently");
        assert_eq!(c.get(&"a"), Some(1));
        assert_eq!(c.get(&"c"), Some(3));
        assert_eq!(c.len(), 2);
    }
}
