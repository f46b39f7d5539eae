//! The thinking pool: searches and perft counts run here, never on the threads that answer
//! requests. One worker thread per core, each with its own searcher (its transposition
//! table kept between searches); further jobs wait in a bounded queue. Workers run at a
//! lower priority, so that clicks are answered quickly while the computer thinks.
//!
//! The queue is fair between clients (a client is an address): each has at most
//! `per_client` jobs waiting, and a free worker takes the next job of the client after the
//! one it served last, so that one client's many searches cannot keep the others waiting.
//!
//! A job's future owns a guard: when the client goes away, the server drops the future,
//! the guard raises the job's [`Cancel`], a queued job is skipped and a running search
//! stops at its next look at the clock.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use fairyforge::search::Searcher;

use super::error::ApiError;

/// Transposition table of each worker's searcher, in megabytes.
const TT_MB: usize = 16;

/// A job's cancellation: set when its client goes away. A running search links its own
/// stop flag here, so that setting it stops the search at once.
#[derive(Default)]
pub struct Cancel {
    flag: AtomicBool,
    linked: Mutex<Option<Arc<AtomicBool>>>,
}

impl Cancel {
    pub fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    pub fn set(&self) {
        self.flag.store(true, Ordering::Relaxed);
        if let Some(stop) = &*self.linked.lock().unwrap_or_else(|e| e.into_inner()) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Raises `stop` too when this is set, until the returned guard is dropped.
    pub fn link(&self, stop: Arc<AtomicBool>) -> Link<'_> {
        *self.linked.lock().unwrap_or_else(|e| e.into_inner()) = Some(stop);
        Link(self)
    }
}

pub struct Link<'a>(&'a Cancel);

impl Drop for Link<'_> {
    fn drop(&mut self) {
        *self.0.linked.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// What a job gets to work with.
pub struct Worker {
    pub searcher: Searcher,
}

/// A job's body; returns whether it panicked.
type Work = Box<dyn FnOnce(&mut Worker) -> bool + Send>;

struct Job {
    work: Work,
    cancel: Arc<Cancel>,
}

/// Who asked for a job: the client's address (`None` when it is not known).
pub type Client = Option<IpAddr>;

/// The waiting jobs, by client, in the order clients are served.
#[derive(Default)]
struct Queue {
    clients: VecDeque<(Client, VecDeque<Job>)>,
    len: usize,
    /// The client whose job was taken last.
    last: Option<Client>,
}

impl Queue {
    fn len(&self) -> usize {
        self.len
    }

    fn of(&self, client: Client) -> usize {
        self.clients
            .iter()
            .find(|(c, _)| *c == client)
            .map_or(0, |(_, jobs)| jobs.len())
    }

    fn push(&mut self, client: Client, job: Job) {
        match self.clients.iter_mut().find(|(c, _)| *c == client) {
            Some((_, jobs)) => jobs.push_back(job),
            None => self.clients.push_back((client, VecDeque::from([job]))),
        }
        self.len += 1;
    }

    /// The next client's first job (another client's than the one served last, when
    /// another waits); that client goes to the back of the line.
    fn pop(&mut self) -> Option<Job> {
        if self.clients.len() > 1 && self.clients.front().map(|(c, _)| Some(*c)) == Some(self.last)
        {
            self.clients.rotate_left(1);
        }
        let (client, mut jobs) = self.clients.pop_front()?;
        self.last = Some(client);
        let job = jobs.pop_front();
        if !jobs.is_empty() {
            self.clients.push_back((client, jobs));
        }
        if job.is_some() {
            self.len -= 1;
        }
        job
    }

    fn drain(&mut self) -> impl Iterator<Item = Job> + '_ {
        self.len = 0;
        self.clients.drain(..).flat_map(|(_, jobs)| jobs)
    }
}

struct Inner {
    queue: Mutex<Queue>,
    ready: Condvar,
    closed: AtomicBool,
    running: AtomicUsize,
    cancelled: AtomicU64,
}

pub struct Pool {
    inner: Arc<Inner>,
    workers: usize,
    max_queue: usize,
    per_client: usize,
}

impl Pool {
    /// A pool of `workers` threads (at least one) and room for `max_queue` waiting jobs,
    /// `per_client` of them from one client.
    pub fn new(workers: usize, max_queue: usize, per_client: usize) -> Pool {
        let inner = Arc::new(Inner {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            closed: AtomicBool::new(false),
            running: AtomicUsize::new(0),
            cancelled: AtomicU64::new(0),
        });
        let workers = workers.max(1);
        for i in 0..workers {
            let inner = inner.clone();
            std::thread::Builder::new()
                .name(format!("think-{i}"))
                .spawn(move || work(inner))
                .expect("a thread for the thinking pool");
        }
        Pool {
            inner,
            workers,
            max_queue,
            per_client,
        }
    }

    pub fn workers(&self) -> usize {
        self.workers
    }

    pub fn running(&self) -> usize {
        self.inner.running.load(Ordering::Relaxed)
    }

    pub fn queued(&self) -> usize {
        self.lock().len()
    }

    pub fn cancelled(&self) -> u64 {
        self.inner.cancelled.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.inner.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on a worker for `client` and waits for its answer. Dropping the returned
    /// future (the client went away) cancels the job.
    pub async fn run<T, F>(&self, client: Client, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Worker, &Cancel) -> T + Send + 'static,
    {
        let cancel = Arc::new(Cancel::default());
        let (tx, rx) = tokio::sync::oneshot::channel();
        let c = cancel.clone();
        let work: Work = Box::new(move |w: &mut Worker| {
            let r = catch_unwind(AssertUnwindSafe(|| f(w, &c)));
            let panicked = r.is_err();
            let _ = tx.send(r);
            panicked
        });
        {
            let mut q = self.lock();
            if q.len() >= self.max_queue {
                return Err(ApiError::busy(format!(
                    "the computer is busy: {} jobs are waiting; try again shortly",
                    q.len()
                )));
            }
            let mine = q.of(client);
            if mine >= self.per_client {
                return Err(ApiError::busy(format!(
                    "the computer is busy: {mine} of your jobs are waiting already; try again when one is done"
                )));
            }
            q.push(
                client,
                Job {
                    work,
                    cancel: cancel.clone(),
                },
            );
        }
        self.inner.ready.notify_one();
        let mut guard = CancelOnDrop {
            cancel,
            inner: self.inner.clone(),
            armed: true,
        };
        let answer = rx.await;
        guard.armed = false;
        match answer {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(_)) => Err(ApiError::internal(
                "the computer stopped on an internal error (a bug: please report it with the game and moves)",
            )),
            Err(_) => Err(ApiError::internal("the job was dropped")),
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.inner.closed.store(true, Ordering::Relaxed);
        for job in self.lock().drain() {
            job.cancel.set();
        }
        self.inner.ready.notify_all();
    }
}

struct CancelOnDrop {
    cancel: Arc<Cancel>,
    inner: Arc<Inner>,
    armed: bool,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if self.armed {
            self.cancel.set();
            self.inner.cancelled.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// A worker's loop: take the next job not cancelled, run it, until the pool closes.
fn work(inner: Arc<Inner>) {
    lower_priority();
    let mut worker = Worker {
        searcher: Searcher::new(TT_MB),
    };
    loop {
        let job = {
            let mut q = inner.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if inner.closed.load(Ordering::Relaxed) {
                    return;
                }
                match q.pop() {
                    Some(job) if job.cancel.is_set() => continue,
                    Some(job) => break job,
                    None => q = inner.ready.wait(q).unwrap_or_else(|e| e.into_inner()),
                }
            }
        };
        inner.running.fetch_add(1, Ordering::Relaxed);
        if (job.work)(&mut worker) {
            // A panic may have left the searcher half-way through anything.
            worker.searcher = Searcher::new(TT_MB);
        } else if job.cancel.is_set() {
            // A search stopped half-way may leave odd entries in its tables: start afresh.
            worker.searcher.clear();
        }
        inner.running.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Thinking yields to the threads that answer requests (Linux: this thread's nice 10).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only changes the scheduling priority of the calling thread
    // (`who = 0` is the caller on Linux); lowering it needs no privilege.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}
