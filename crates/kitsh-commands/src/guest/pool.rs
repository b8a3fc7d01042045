//! The interpreter threads, kept between runs.
//!
//! RustPython (built without its `threading` feature) keeps its type objects, exception
//! classes and interned strings in per-thread statics that are built at a thread's first
//! interpreter and never freed. A new thread for every `python3` call would build them again
//! each time (a large share of a start) and leak them when the thread ends (some 4 MB a call).
//! So every run gets a fresh interpreter, as before, but on a thread that has run one before:
//! an idle thread is taken when there is one, and a new thread is made otherwise (so concurrent
//! calls never wait for each other). A run that panics ends its thread; a thread left behind by
//! a cancelled run (see `run_job`) never comes back.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;

/// One run, as the thread runs it: `true` when it ended normally (the thread is reusable).
/// Before it reports a normal end, it calls its argument, which makes the thread idle again: a
/// caller that starts the next run as soon as this one reports finds the thread waiting.
type Task = Box<dyn FnOnce(&dyn Fn()) -> bool + Send>;

/// The threads waiting for a run, most recently used last.
static IDLE: Mutex<Vec<Sender<Task>>> = Mutex::new(Vec::new());

/// A run on a pooled thread: wait for its status with [`Run::join`].
pub struct Run {
    rx: Receiver<std::thread::Result<i32>>,
}

impl Run {
    /// The run's status; `Err` when it panicked (or its thread went away).
    pub fn join(self) -> Result<i32, ()> {
        match self.rx.recv() {
            Ok(Ok(status)) => Ok(status),
            _ => Err(()),
        }
    }
}

/// Run `f` on an idle interpreter thread, or on a new one (named `name`, with `stack_size`).
pub fn spawn<F>(name: &str, stack_size: usize, f: F) -> std::io::Result<Run>
where
    F: FnOnce() -> i32 + Send + 'static,
{
    let (done_tx, rx) = mpsc::sync_channel(1);
    let mut task: Task = Box::new(move |idle: &dyn Fn()| {
        let outcome = catch_unwind(AssertUnwindSafe(f));
        let ok = outcome.is_ok();
        if ok {
            idle();
        }
        let _ = done_tx.send(outcome);
        ok
    });
    loop {
        let idle = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let Some(worker) = idle else { break };
        match worker.send(task) {
            Ok(()) => return Ok(Run { rx }),
            Err(mpsc::SendError(back)) => task = back, // that thread has ended: try another
        }
    }
    let (tx, tasks) = mpsc::channel::<Task>();
    std::thread::Builder::new().name(name.into()).stack_size(stack_size).spawn(move || {
        let idle = || IDLE.lock().unwrap_or_else(|e| e.into_inner()).push(tx.clone());
        let mut next = Some(task);
        while let Some(task) = next.take() {
            if !task(&idle) {
                return; // after a panic the thread's interpreter state is not trusted again
            }
            next = tasks.recv().ok();
        }
    })?;
    Ok(Run { rx })
}

#[cfg(test)]
mod tests {
    use super::spawn;
    use std::cell::Cell;

    thread_local! {
        static RUNS: Cell<i32> = const { Cell::new(0) };
    }

    fn run(f: impl FnOnce() -> i32 + Send + 'static) -> Result<i32, ()> {
        spawn("kitsh-test", 1 << 20, f).unwrap().join()
    }

    fn count() -> i32 {
        RUNS.with(|r| {
            r.set(r.get() + 1);
            r.get()
        })
    }

    #[test]
    fn threads_are_reused_and_a_panic_ends_only_its_run() {
        let counts: Vec<_> = (0..4).map(|_| run(count).unwrap()).collect();
        assert!(counts[1..].iter().all(|&n| n > 1), "a thread was not reused: {counts:?}");
        assert_eq!(run(|| panic!("boom")), Err(()));
        assert_eq!(run(|| 3), Ok(3));
        // Concurrent runs each get a thread: this one does not wait for the blocked one.
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let blocked = spawn("kitsh-test", 1 << 20, move || rx.recv().map_or(0, |()| 1)).unwrap();
        assert_eq!(run(|| 2), Ok(2));
        tx.send(()).unwrap();
        assert_eq!(blocked.join(), Ok(1));
    }
}
