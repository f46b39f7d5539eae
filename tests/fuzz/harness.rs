//! The fuzzing loop: inputs made by a generator are checked one by one on a worker thread,
//! each within a time limit, until the time budget is spent. A panic or an input that runs
//! past the limit (a hang) is recorded with the input that caused it.
//!
//! Settings, from the environment:
//! - `FUZZ_SECONDS`: the budget of each target (default 3; an hour's run sets 1200 for each
//!   of the three targets);
//! - `FUZZ_TIMEOUT`: the most seconds one input may take (default 10);
//! - `FUZZ_SEED`: the first seed (default: from the clock, printed so a run replays).

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use fairyforge_tests::Rng;

/// What a check says of an input that neither panicked nor hung.
pub enum Verdict {
    /// Read (and played, where it applies).
    Accepted,
    /// Refused with an error.
    Rejected,
}

/// The numbers of one run.
#[derive(Default, Debug)]
pub struct Stats {
    pub inputs: u64,
    pub accepted: u64,
    pub errors: u64,
    pub panics: Vec<String>,
    pub hangs: Vec<String>,
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

type Check<I> = Arc<dyn Fn(I) -> Verdict + Send + Sync>;
type Outcome = Result<Verdict, String>;

/// A thread that checks the inputs it is sent.
struct Worker<I> {
    to: Sender<I>,
    from: Receiver<Outcome>,
}

impl<I: Send + 'static> Worker<I> {
    fn new(check: Check<I>) -> Worker<I> {
        let (to, inputs) = mpsc::channel::<I>();
        let (results, from) = mpsc::channel();
        std::thread::spawn(move || {
            for input in inputs {
                let r = catch_unwind(AssertUnwindSafe(|| check(input)));
                let r = r.map_err(|p| {
                    p.downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "a panic".into())
                });
                if results.send(r).is_err() {
                    return;
                }
            }
        });
        Worker { to, from }
    }
}

/// Runs `target`: inputs from `generate` checked by `check` until the budget is spent.
/// Prints the numbers and returns them.
pub fn run<I>(
    target: &str,
    mut generate: impl FnMut(&mut Rng) -> I,
    check: impl Fn(I) -> Verdict + Send + Sync + 'static,
) -> Stats
where
    I: Clone + Debug + Send + 'static,
{
    let budget = Duration::from_secs(env("FUZZ_SECONDS", 3));
    let timeout = Duration::from_secs(env("FUZZ_TIMEOUT", 10));
    let seed = env("FUZZ_SEED", 0).max(1);
    let seed = if std::env::var("FUZZ_SEED").is_ok() {
        seed
    } else {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    };
    let mut rng = Rng(seed);
    let check: Check<I> = Arc::new(check);
    let mut worker = Worker::new(check.clone());
    let mut stats = Stats::default();
    let start = Instant::now();
    quiet_panics();
    while start.elapsed() < budget {
        let input = generate(&mut rng);
        stats.inputs += 1;
        worker
            .to
            .send(input.clone())
            .expect("the worker is waiting");
        match worker.from.recv_timeout(timeout) {
            Ok(Ok(Verdict::Accepted)) => stats.accepted += 1,
            Ok(Ok(Verdict::Rejected)) => stats.errors += 1,
            Ok(Err(message)) => stats.panics.push(format!("{message}\ninput: {input:?}")),
            Err(_) => {
                stats
                    .hangs
                    .push(format!("more than {timeout:?}\ninput: {input:?}"));
                // The hung thread is left behind; a new one takes the next inputs.
                worker = Worker::new(check.clone());
            }
        }
    }
    println!(
        "fuzz {target}: {} inputs in {:.0} s ({} accepted, {} errors), {} panics, {} hangs; seed {seed}",
        stats.inputs,
        start.elapsed().as_secs_f64(),
        stats.accepted,
        stats.errors,
        stats.panics.len(),
        stats.hangs.len(),
    );
    stats
}

/// Reports a panic in one line (the input is shown with the numbers), for all the tests.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::panic::set_hook(Box::new(|info| eprintln!("fuzz panic: {info}"))));
}

/// Fails the test on a panic or a hang, showing the first of each.
pub fn assert_clean(target: &str, stats: &Stats) {
    assert!(stats.inputs > 0, "{target}: no input was tried");
    let first = |v: &[String]| v.first().cloned().unwrap_or_default();
    assert!(
        stats.panics.is_empty() && stats.hangs.is_empty(),
        "{target}: {} panics, {} hangs\nfirst panic: {}\nfirst hang: {}",
        stats.panics.len(),
        stats.hangs.len(),
        first(&stats.panics),
        first(&stats.hangs),
    );
}

/// Text mutations shared by the targets: an input from a corpus, changed a few times.
pub fn mutate(rng: &mut Rng, text: &str, tokens: &[&str]) -> String {
    let mut v = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(5) {
        let at = rng.below(v.len() + 1);
        let end = (at + rng.below(6)).min(v.len());
        match rng.below(6) {
            0 if !v.is_empty() => {
                let i = at.min(v.len() - 1);
                v[i] = rng.next_u64() as u8;
            }
            1 => {
                v.drain(at..end);
            }
            2 => {
                v.splice(at..at, rng.pick(tokens).bytes());
            }
            3 => {
                v.splice(at..end, rng.pick(tokens).bytes());
            }
            4 => {
                // A piece of the text repeated: lists and tables that grow.
                let piece = v[at..end].to_vec();
                for _ in 0..rng.below(20) {
                    v.splice(at..at, piece.iter().copied());
                }
            }
            _ => {
                let text = String::from_utf8_lossy(&v).into_owned();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let i = rng.below(lines.len());
                if rng.one_in(2) {
                    lines.insert(i, lines[i]);
                } else if lines.len() > 1 {
                    lines.remove(i);
                }
                v = lines.join("\n").into_bytes();
            }
        }
    }
    String::from_utf8_lossy(&v).into_owned()
}
