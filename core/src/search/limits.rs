//! When a search stops: a time for the move, a game clock, a depth, a node budget, or a
//! stop flag; and the plan that turns them into deadlines.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use crate::limits::MAX_SEARCH_DEPTH;

/// When to stop thinking. Unset fields do not limit; with no limit at all the search runs
/// to [`MAX_SEARCH_DEPTH`] (or until its stop flag is set). Every limit is honoured, in any
/// position: a search stops within its time (plus a few milliseconds) and within its node
/// budget, even before its first iteration is over (it then plays the best move it has).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for this move.
    pub time: Option<Duration>,
    /// Deepest iteration (plies of full-width search before the quiescence search).
    pub depth: Option<u32>,
    /// Nodes (positions visited) for the whole search.
    pub nodes: Option<u64>,
    /// A game clock: the search plans how much of it to spend on this move.
    pub clock: Option<Clock>,
}

/// The mover's clock in a game with a time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves to play before the next time control (`None`: the rest of the game).
    pub moves_to_go: Option<u32>,
}

impl Limits {
    /// Search to a fixed depth (deterministic).
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for a time.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// Search a number of nodes (deterministic).
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Play with a game clock.
    pub fn clock(clock: Clock) -> Limits {
        Limits {
            clock: Some(clock),
            ..Limits::default()
        }
    }
}

/// Time kept back on a game clock for the moves' transmission and the program's own
/// overhead.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(30);
/// Moves a clock without a move count is planned for.
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// The most a fixed time per move keeps back, so that the answer arrives in time on a
/// busy machine: the search stops at the time less this (or less a 25th of it, when that
/// is smaller).
const MOVE_TIME_MARGIN: Duration = Duration::from_millis(20);

/// A question a running search asks whenever it looks at its clock (every few hundred
/// nodes) and after each iteration: `true` stops it, as its stop flag does. For a caller
/// that cannot share an `AtomicBool` with the search, such as a WebAssembly page that
/// stops it through shared memory.
pub type StopProbe = Arc<dyn Fn() -> bool + Send + Sync>;

/// What stops a search from outside: the searcher's flag and the caller's probe.
#[derive(Clone)]
pub(crate) struct Stop {
    pub flag: Arc<AtomicBool>,
    pub probe: Option<StopProbe>,
}

impl Stop {
    pub fn new(flag: Arc<AtomicBool>) -> Stop {
        Stop { flag, probe: None }
    }

    /// Whether the search must stop now.
    #[inline]
    pub fn asked(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.probe.as_ref().is_some_and(|p| p())
    }
}

/// The deadlines of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    pub start: Instant,
    /// After an iteration, start no other once this much time has passed (scaled by how
    /// stable the best move is). `None` with a fixed time per move: that time is used.
    pub soft: Option<Duration>,
    /// Stop at once at this instant.
    pub hard: Option<Instant>,
    /// Whether time limits the search at all (a position with one legal move is then
    /// answered at once).
    pub timed: bool,
    pub nodes: Option<u64>,
    pub depth: u32,
}

impl Plan {
    pub fn new(limits: &Limits, start: Instant) -> Plan {
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(t) = limits.time {
            // A fixed time is thought through to its end, less the margin.
            hard = Some(t.saturating_sub(MOVE_TIME_MARGIN.min(t / 25)));
        }
        if let Some(c) = limits.clock {
            let (s, h) = clock_budget(&c);
            soft = Some(s);
            hard = Some(hard.map_or(h, |x| x.min(h)));
        }
        Plan {
            start,
            soft,
            // A deadline beyond what the clock can represent is no deadline.
            hard: hard.and_then(|h| start.checked_add(h)),
            timed: hard.is_some(),
            nodes: limits.nodes,
            depth: limits
                .depth
                .unwrap_or(MAX_SEARCH_DEPTH)
                .clamp(1, MAX_SEARCH_DEPTH),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// The target and the most this move may use of a game clock: the time left over the
/// moves to go (30 when the control does not say) and three quarters of the increment,
/// never more than a third of the time left (all of it on the last move before the
/// control); the move may run to four times its target while its best move keeps
/// changing. (A plan that spent the whole increment over 35 moves and started no
/// iteration past half its share did not play better: docs/engine.md § Time.)
fn clock_budget(c: &Clock) -> (Duration, Duration) {
    let usable = c.remaining.saturating_sub(CLOCK_OVERHEAD);
    let to_go = c
        .moves_to_go
        .unwrap_or(DEFAULT_MOVES_TO_GO)
        .clamp(1, DEFAULT_MOVES_TO_GO);
    let target = usable / to_go + c.increment.mul_f64(0.75);
    let most = if to_go == 1 { usable } else { usable / 3 };
    let target = target.min(most);
    (target, (target * 4).min(most))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_time_is_used_to_its_margin() {
        let start = Instant::now();
        let p = Plan::new(&Limits::time(Duration::from_millis(400)), start);
        // No iteration ends the move early: only the deadline, 16 ms (a 25th) before.
        assert_eq!(p.soft, None);
        assert_eq!(p.hard, Some(start + Duration::from_millis(384)));
        assert!(p.timed);
        let long = Plan::new(&Limits::time(Duration::from_secs(5)), start);
        assert_eq!(long.hard, Some(start + Duration::from_millis(4980)));
        let depth = Plan::new(&Limits::depth(3), start);
        assert_eq!((depth.soft, depth.hard, depth.timed), (None, None, false));
    }

    #[test]
    fn a_clock_is_spread_over_the_moves_to_go() {
        let c = Clock {
            remaining: Duration::from_secs(60),
            increment: Duration::from_secs(1),
            moves_to_go: None,
        };
        let (target, most) = clock_budget(&c);
        // (60 s - 30 ms) / 30 + 0.75 s.
        assert_eq!(target.as_millis(), 2749);
        assert_eq!(most, target * 4);
        // The last move before the control may use everything but the overhead; with
        // little left the search never plans past the flag.
        let last = Clock {
            remaining: Duration::from_millis(500),
            increment: Duration::ZERO,
            moves_to_go: Some(1),
        };
        assert_eq!(
            clock_budget(&last),
            (Duration::from_millis(470), Duration::from_millis(470))
        );
        // An increment larger than the time left is not spent before it arrives.
        let short = Clock {
            remaining: Duration::from_millis(130),
            increment: Duration::from_secs(1),
            moves_to_go: None,
        };
        assert_eq!(clock_budget(&short).1.as_millis(), 33);
        let flagged = Clock {
            remaining: Duration::from_millis(10),
            ..c
        };
        assert_eq!(clock_budget(&flagged).1, Duration::ZERO);
    }

    #[test]
    fn an_unrepresentable_deadline_is_no_deadline() {
        let p = Plan::new(&Limits::time(Duration::MAX), Instant::now());
        assert_eq!(p.hard, None);
        assert_eq!(p.depth, MAX_SEARCH_DEPTH);
    }
}
