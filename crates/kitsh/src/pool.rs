//! The threads the async API runs scripts on.
//!
//! [`crate::Bash::exec`] and the tool layer must never block the host's executor, so the
//! interpreter runs on a thread of this pool and the caller awaits a [`Task`]. A hop through
//! tokio's blocking pool costs two thread wake-ups (about 25 µs on a small VM), more than a
//! short script itself; this pool avoids both in the common case of back-to-back calls:
//!
//! - a worker that finishes a job keeps looking for the next one for [`WORKER_SPIN`] before it
//!   sleeps on the condition variable, so a new job is usually taken without a wake-up;
//! - the awaiting task, when first polled, watches its job for up to [`WAITER_SPIN`] before it
//!   registers its waker and yields, so a short script's result is usually taken without one.
//!
//! Both waits are bounded and short (tens of microseconds, less than a short script costs to
//! start), so neither side holds a core for long. A job that outlasts them completes through the
//! waker as usual. Workers are started on demand (at most [`MAX_THREADS`]; beyond that jobs
//! queue) and end after [`KEEP_ALIVE`] without work. The host's tokio runtime, when the job
//! was submitted from one, is entered on the worker so that embedders' async callbacks can
//! reach it.
//!
//! A second pool of the same kind runs the concurrent parts of a script: pipeline stages,
//! background jobs, `>(…)` lists ([`run`], joined with [`Joinable::join`]). Starting a thread
//! per stage cost a `mmap` of its stack, a `clone` and, at its end, a `munmap` with a TLB
//! shoot-down on every core — most of a short pipeline's time. Its workers are never capped:
//! stages wait on each other through pipes, so a stage queued behind busy workers could
//! deadlock; the script's own `max_concurrent_stages` bounds how many it starts.

use std::collections::VecDeque;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

/// How long an idle worker looks for new work before it sleeps.
const WORKER_SPIN: Duration = Duration::from_micros(50);
/// How long a task's first poll watches its job before it yields to the runtime.
const WAITER_SPIN: Duration = Duration::from_micros(20);
/// How long a sleeping worker waits for work before its thread ends.
const KEEP_ALIVE: Duration = Duration::from_secs(10);
/// Most worker threads at once (tokio's blocking pool has the same bound).
const MAX_THREADS: usize = 512;
/// A worker's stack: the interpreter recurses (functions, nested substitutions).
const STACK_SIZE: usize = 16 << 20;

type Job = Box<dyn FnOnce() + Send>;

struct Pool {
    state: Mutex<State>,
    work: Condvar,
    /// Workers spinning for work now (read without the lock by submitters).
    spinning: AtomicUsize,
    /// Most worker threads at once (beyond that jobs queue).
    max_threads: usize,
    /// The workers' thread name.
    name: &'static str,
}

#[derive(Default)]
struct State {
    queue: VecDeque<Job>,
    /// Workers asleep on `work` that no submitter has woken yet.
    sleeping: usize,
    /// Wake-ups sent to sleepers and not yet taken by one.
    notified: usize,
    threads: usize,
}

impl Pool {
    fn new(max_threads: usize, name: &'static str) -> Pool {
        Pool { state: Mutex::new(State::default()), work: Condvar::new(), spinning: AtomicUsize::new(0), max_threads, name }
    }
}

/// The pool that runs whole scripts for the async API.
fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool::new(MAX_THREADS, "kitsh-exec"))
}

/// The pool that runs a script's concurrent parts (no cap: see the module documentation).
fn stage_pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool::new(usize::MAX, "kitsh-stage"))
}

impl Pool {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queue `job`; make sure a worker will take it (a spinning one, a sleeping one woken, or
    /// a new thread). Errs when no thread exists and none can be started.
    fn submit(&'static self, job: Job) -> Result<(), Job> {
        let mut st = self.lock();
        st.queue.push_back(job);
        // A worker that stops spinning looks at the queue once more before it sleeps, so the
        // queued job is seen by one of them (both sides use sequentially consistent atomics).
        if st.queue.len() <= self.spinning.load(Ordering::SeqCst) {
            return Ok(());
        }
        if st.sleeping > 0 {
            st.sleeping -= 1;
            st.notified += 1;
            self.work.notify_one();
            return Ok(());
        }
        if st.threads >= self.max_threads {
            return Ok(());
        }
        st.threads += 1;
        drop(st);
        let started = std::thread::Builder::new().name(self.name.into()).stack_size(STACK_SIZE).spawn(move || self.worker());
        if started.is_err() {
            let mut st = self.lock();
            st.threads -= 1;
            if st.threads == 0 {
                // Nobody will run it: hand the newest job back (it is the one just queued
                // unless another submitter raced in; either way one caller gets an error).
                if let Some(job) = st.queue.pop_back() {
                    return Err(job);
                }
            }
        }
        Ok(())
    }

    fn worker(&'static self) {
        loop {
            if let Some(job) = self.take() {
                job();
                continue;
            }
            self.spinning.fetch_add(1, Ordering::SeqCst);
            let start = Instant::now();
            let mut found = false;
            'spin: while start.elapsed() < WORKER_SPIN {
                for _ in 0..64 {
                    std::hint::spin_loop();
                }
                // Peek without blocking: a submitter holds the lock only briefly.
                if let Ok(st) = self.state.try_lock() {
                    if !st.queue.is_empty() {
                        found = true;
                        break 'spin;
                    }
                }
            }
            self.spinning.fetch_sub(1, Ordering::SeqCst);
            if found {
                continue;
            }
            let mut st = self.lock();
            if !st.queue.is_empty() {
                continue;
            }
            st.sleeping += 1;
            let (mut st, timeout) = self.work.wait_timeout(st, KEEP_ALIVE).unwrap_or_else(|e| e.into_inner());
            // Woken by a submitter (who took us off `sleeping`), or spuriously / by the timeout.
            if st.notified > 0 {
                st.notified -= 1;
            } else {
                st.sleeping -= 1;
            }
            if let Some(job) = st.queue.pop_front() {
                drop(st);
                job();
                continue;
            }
            if timeout.timed_out() {
                st.threads -= 1;
                return;
            }
        }
    }

    fn take(&self) -> Option<Job> {
        self.lock().queue.pop_front()
    }
}

/// What a job leaves for its [`Task`].
struct Slot<R> {
    done: AtomicBool,
    inner: Mutex<Handover<R>>,
}

/// The job's result once it ends, and the waker of the task awaiting it.
type Handover<R> = (Option<Result<R, String>>, Option<Waker>);

impl<R> Slot<R> {
    fn lock(&self) -> MutexGuard<'_, Handover<R>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn finish(&self, r: Result<R, String>) {
        let waker = {
            let mut g = self.lock();
            g.0 = Some(r);
            g.1.take()
        };
        self.done.store(true, Ordering::Release);
        if let Some(w) = waker {
            w.wake();
        }
    }
}

/// The result of a job run on the pool: `Err(message)` when it panicked or could not start.
pub(crate) struct Task<R> {
    slot: Arc<Slot<R>>,
    polled: bool,
}

/// Run `f` on a worker of the pool; await the returned task for its result.
pub(crate) fn spawn<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Task<R> {
    let slot = Arc::new(Slot { done: AtomicBool::new(false), inner: Mutex::new((None, None)) });
    let s2 = slot.clone();
    let rt = tokio::runtime::Handle::try_current().ok();
    let job: Job = Box::new(move || {
        let _rt = rt.as_ref().map(|h| h.enter());
        let r = catch_unwind(AssertUnwindSafe(f)).map_err(|p| panic_text(p.as_ref()));
        s2.finish(r);
    });
    if pool().submit(job).is_err() {
        slot.finish(Err("cannot start a thread to run the script".to_string()));
    }
    Task { slot, polled: false }
}

/// A job of the stage pool, joined by the thread that needs its result.
pub(crate) struct Joinable<R> {
    slot: Arc<(Mutex<Option<Result<R, String>>>, Condvar)>,
}

impl<R> Joinable<R> {
    /// Wait for the job's result: `Err(message)` when it panicked.
    pub(crate) fn join(self) -> Result<R, String> {
        let (m, cv) = &*self.slot;
        let mut g = m.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(r) = g.take() {
                return r;
            }
            g = cv.wait(g).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Run `f` on a worker of the stage pool (an idle one, or a new thread); `None` when no
/// thread could be started for it.
pub(crate) fn run<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Option<Joinable<R>> {
    let slot: Arc<(Mutex<Option<Result<R, String>>>, Condvar)> = Arc::new((Mutex::new(None), Condvar::new()));
    let s2 = slot.clone();
    let job: Job = Box::new(move || {
        let r = catch_unwind(AssertUnwindSafe(f)).map_err(|p| panic_text(p.as_ref()));
        let (m, cv) = &*s2;
        *m.lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
        cv.notify_all();
    });
    stage_pool().submit(job).ok()?;
    Some(Joinable { slot })
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    let msg = p.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| p.downcast_ref::<String>().cloned());
    format!("the script's thread panicked: {}", msg.unwrap_or_default())
}

impl<R> Future for Task<R> {
    type Output = Result<R, String>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        if !self.polled {
            self.polled = true;
            let start = Instant::now();
            while !self.slot.done.load(Ordering::Acquire) && start.elapsed() < WAITER_SPIN {
                for _ in 0..32 {
                    std::hint::spin_loop();
                }
            }
        }
        let mut g = self.slot.lock();
        if let Some(r) = g.0.take() {
            return Poll::Ready(r);
        }
        if !g.1.as_ref().is_some_and(|w| w.will_wake(cx.waker())) {
            g.1 = Some(cx.waker().clone());
        }
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread().build().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn runs_short_and_long_jobs() {
        let rt = rt();
        assert_eq!(rt.block_on(spawn(|| 6 * 7)), Ok(42));
        let slow = rt.block_on(spawn(|| {
            std::thread::sleep(Duration::from_millis(30));
            "late"
        }));
        assert_eq!(slow, Ok("late"));
    }

    #[test]
    fn many_at_once_each_get_their_own_result() {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).build().unwrap_or_else(|e| panic!("{e}"));
        rt.block_on(async {
            let tasks: Vec<_> = (0..200u64)
                .map(|i| {
                    spawn(move || {
                        if i % 17 == 0 {
                            std::thread::sleep(Duration::from_millis(2));
                        }
                        i * i
                    })
                })
                .collect();
            for (i, t) in tasks.into_iter().enumerate() {
                assert_eq!(t.await, Ok((i * i) as u64));
            }
        });
    }

    #[test]
    fn stage_jobs_run_concurrently_and_join() {
        // Two jobs that need each other (a rendezvous) must both run at once.
        let (tx, rx) = std::sync::mpsc::channel::<u32>();
        let (tx2, rx2) = std::sync::mpsc::channel::<u32>();
        let a = run(move || {
            tx.send(1).ok();
            rx2.recv().unwrap_or(0) + 1
        });
        let b = run(move || {
            let v = rx.recv().unwrap_or(0);
            tx2.send(v + 1).ok();
            v
        });
        assert_eq!(a.map(Joinable::join), Some(Ok(3)));
        assert_eq!(b.map(Joinable::join), Some(Ok(1)));
        let p = run(|| -> u8 { panic!("stage boom") });
        assert!(p.map(Joinable::join).is_some_and(|r| r.is_err_and(|e| e.contains("stage boom"))));
    }

    #[test]
    fn a_panic_is_an_error_and_the_pool_goes_on() {
        let rt = rt();
        let r = rt.block_on(spawn(|| -> u8 { panic!("boom") }));
        assert!(r.is_err_and(|e| e.contains("boom")));
        assert_eq!(rt.block_on(spawn(|| 1)), Ok(1));
    }

    #[test]
    fn the_host_runtime_is_entered_on_the_worker() {
        let rt = rt();
        let seen = rt.block_on(async { spawn(|| tokio::runtime::Handle::try_current().is_ok()).await });
        assert_eq!(seen, Ok(true));
        // and a plain executor without tokio works too
        let r = futures_lite_block_on(spawn(|| tokio::runtime::Handle::try_current().is_ok()));
        assert_eq!(r, Ok(false));
    }

    /// A minimal executor that is not tokio: park the thread until woken.
    fn futures_lite_block_on<F: Future>(fut: F) -> F::Output {
        struct Unpark(std::thread::Thread);
        impl std::task::Wake for Unpark {
            fn wake(self: Arc<Self>) {
                self.0.unpark();
            }
        }
        let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
        let mut cx = Context::from_waker(&waker);
        let mut fut = std::pin::pin!(fut);
        loop {
            if let Poll::Ready(v) = fut.as_mut().poll(&mut cx) {
                return v;
            }
            std::thread::park();
        }
    }
}
