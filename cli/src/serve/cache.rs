//! Compiled variants by what they were compiled from (a built-in game or a file's text,
//! and the options), so that a click does not compile its game again. The least recently
//! used entry goes when the cache is full.

use std::collections::HashMap;
use std::sync::Mutex;

use super::adapter::Compiled;

/// What a variant was compiled from.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub enum Key {
    Game(String, Vec<String>),
    /// File name (it appears in messages), text, options.
    Text(String, String, Vec<String>),
}

pub struct Cache {
    capacity: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    map: HashMap<Key, (Compiled, u64)>,
    clock: u64,
}

impl Cache {
    pub fn new(capacity: usize) -> Cache {
        Cache {
            capacity: capacity.max(1),
            inner: Mutex::new(Inner::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, key: &Key) -> Option<Compiled> {
        let mut inner = self.lock();
        inner.clock += 1;
        let now = inner.clock;
        inner.map.get_mut(key).map(|(v, used)| {
            *used = now;
            v.clone()
        })
    }

    pub fn insert(&self, key: Key, v: Compiled) {
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
        let chess = fairyforge::Variant::builtin("chess").unwrap();
        let c = Cache::new(2);
        let k = |n: &str| Key::Game(n.to_string(), Vec::new());
        c.insert(k("a"), chess.clone());
        c.insert(k("b"), chess.clone());
        assert!(c.get(&k("a")).is_some());
        c.insert(k("c"), chess.clone());
        assert!(c.get(&k("b")).is_none(), "b was used least recently");
        assert!(c.get(&k("a")).is_some());
        assert!(c.get(&k("c")).is_some());
        assert_eq!(c.len(), 2);
    }
}
