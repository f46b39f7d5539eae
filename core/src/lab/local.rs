//! The local executor: a job's shards played on threads of this process, each game once.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};

use crate::Variant;
use crate::contract::{ShardResult, ShardSpec};

use super::shard::{LabError, load_game, play_shard_on};

/// The number of threads that run shards by default: one per core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Plays `specs` on `jobs` threads, handing each result to `on_result` on the calling
/// thread as it comes (in no fixed order). `on_result` returning `Break` stops the job:
/// the shards being played finish (and are handed on), no other starts. The first
/// shard that fails stops the job, and its error is returned.
///
/// Each game is loaded once per job (the specs that name the same game, text and
/// options share it).
pub fn run_local(
    specs: &[ShardSpec],
    jobs: usize,
    mut on_result: impl FnMut(ShardResult) -> ControlFlow<()>,
) -> Result<(), LabError> {
    type Key = (String, Option<String>, Option<String>, Vec<String>);
    let cache: Mutex<HashMap<Key, Arc<Variant>>> = Mutex::default();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let load = |spec: &ShardSpec| -> Result<Arc<Variant>, LabError> {
        let key = (
            spec.game.clone(),
            spec.source.clone(),
            spec.dir.clone(),
            spec.options.clone(),
        );
        if let Some(v) = cache.lock().expect("no thread panics holding it").get(&key) {
            return Ok(v.clone());
        }
        let v = load_game(spec)?;
        cache
            .lock()
            .expect("no thread panics holding it")
            .insert(key, v.clone());
        Ok(v)
    };
    let (tx, rx) = channel::<Result<ShardResult, LabError>>();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, specs.len().max(1)) {
            let tx = tx.clone();
            let (next, stop, load) = (&next, &stop, &load);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(spec) = specs.get(i) else { return };
                    let r = load(spec).and_then(|v| play_shard_on(&v, spec));
                    if tx.send(r).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            match r {
                Ok(r) => {
                    if on_result(r).is_break() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                }
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
