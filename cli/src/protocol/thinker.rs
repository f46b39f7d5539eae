//! The engine thinking on its own thread while the protocol keeps reading commands: a
//! search is started with the position and limits, reports each iteration, and ends with
//! its best move; `stop` ends it early.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use fairyforge::Position;
use fairyforge::search::{Limits, Report, Searcher};

/// Owns the searcher; lends it to a thread while a search runs.
pub struct Thinker {
    searcher: Option<Searcher>,
    running: Option<JoinHandle<Searcher>>,
    stop: Arc<AtomicBool>,
}

impl Thinker {
    pub fn new(searcher: Searcher) -> Thinker {
        Thinker {
            stop: searcher.stop_flag(),
            searcher: Some(searcher),
            running: None,
        }
    }

    /// Starts a search of `pos` on its own thread. `on_iter` gets each finished iteration
    /// and `on_done` the result (after `hold` returns, for searches that must not end
    /// before they are told).
    pub fn start(
        &mut self,
        mut pos: Position,
        limits: Limits,
        mut on_iter: impl FnMut(&Position, &Report) + Send + 'static,
        on_done: impl FnOnce(&Position, Option<Report>) + Send + 'static,
    ) {
        self.wait();
        let mut searcher = self.searcher.take().expect("the searcher is home");
        // A stop meant for an earlier search must not end this one.
        self.stop.store(false, Ordering::Relaxed);
        let shown = pos.clone();
        self.running = Some(std::thread::spawn(move || {
            let r = searcher.search(&mut pos, limits, |r| on_iter(&shown, r));
            on_done(&pos, r);
            searcher
        }));
    }

    /// Is a search running?
    pub fn busy(&self) -> bool {
        self.running.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Stops the running search (it still reports its move) and waits for it.
    pub fn stop(&mut self) {
        if self.running.is_some() {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    /// Waits for the running search to end.
    pub fn wait(&mut self) {
        if let Some(h) = self.running.take() {
            match h.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    // The search thread panicked: start afresh rather than die.
                    self.searcher = Some(Searcher::default());
                    self.stop = self
                        .searcher
                        .as_ref()
                        .map(|s| s.stop_flag())
                        .unwrap_or_default();
                }
            }
        }
    }

    /// The searcher, once no search runs.
    pub fn searcher(&mut self) -> &mut Searcher {
        self.wait();
        self.searcher.as_mut().expect("the searcher is home")
    }

    /// Replaces the searcher (new settings or hash size).
    pub fn replace(&mut self, s: Searcher) {
        self.stop();
        self.stop = s.stop_flag();
        self.searcher = Some(s);
    }
}
