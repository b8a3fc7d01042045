//! The bridge between an interpreter thread and the command's [`Ctx`].
//!
//! An embedded interpreter (`python3`, `node`) runs on a thread of its own (with a stack large
//! enough for deep recursion: RustPython measures the real thread stack to raise
//! `RecursionError` in time, QuickJS is given a stack bound below it). The command's thread keeps the [`Ctx`] — its pipes are not `Send` — and serves the
//! interpreter's requests: each request is a closure run against the `Ctx` ([`Link::call`]),
//! so stdout writes, stdin reads and VFS operations happen as the script makes them
//! (streaming, lazily). Between requests, and every [`TICK`], it checks the script's
//! cancellation (timeout, limits, the host's token) and, once cancelled, keeps interrupting the
//! interpreter until it ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::Ctx;
use kitsh_core::util::spin::spin_recv;

/// A request: a closure run on the command's thread with its [`Ctx`].
pub type Job = Box<dyn FnOnce(&mut Ctx<'_>) + Send>;

/// What the interpreter thread sends.
pub enum Msg {
    /// Run this against the `Ctx`.
    Job(Job),
    /// The script ended (with this exit status); stop serving.
    Done(i32),
}

/// How often cancellation is checked while the interpreter computes without asking for I/O,
/// and how often a cancelled interpreter is interrupted again.
pub const TICK: Duration = Duration::from_millis(20);

/// How long either side of the bridge waits awake (yielding its core) for the other before
/// sleeping: a script's requests come in bursts (a tool called in a loop, many small writes), and
/// a thread put to sleep and woken costs tens of microseconds on a busy machine.
const SPIN: Duration = Duration::from_micros(50);

/// [`TICK`] while the interpreter's memory is metered.
const METERED_TICK: Duration = Duration::from_millis(5);

/// The interpreter's side of the bridge. Cheap to clone.
#[derive(Clone)]
pub struct Link {
    tx: mpsc::Sender<Msg>,
    cancelled: Arc<AtomicBool>,
}

impl Link {
    /// Run `f` against the command's `Ctx` and wait for its result; `None` when the command's
    /// side is gone (the script is being torn down).
    pub fn call<T: Send + 'static>(&self, f: impl FnOnce(&mut Ctx<'_>) -> T + Send + 'static) -> Option<T> {
        let (tx, rx) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |ctx| {
            let _ = tx.send(f(ctx));
        });
        self.tx.send(Msg::Job(job)).ok()?;
        // Most requests are answered within microseconds (a write, a stat, a tool's callback).
        spin_recv(&rx, SPIN).or_else(|| rx.recv().ok())
    }

    /// Tell the command's side that the script ended.
    pub fn done(&self, status: i32) {
        let _ = self.tx.send(Msg::Done(status));
    }

    /// The flag [`Link::cancelled`] reads (for checks that cannot hold the link).
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancelled)
    }

    /// The script was cancelled (timeout, a limit, the host): it must stop.
    pub fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }

    /// Sleep `dur`, waking early (`false`) when the script is cancelled.
    pub fn sleep(&self, dur: Duration) -> bool {
        let end = Instant::now().checked_add(dur);
        loop {
            if self.cancelled() {
                return false;
            }
            let now = Instant::now();
            let left = match end {
                Some(e) if now >= e => return true,
                Some(e) => e - now,
                None => TICK,
            };
            std::thread::sleep(left.min(TICK));
        }
    }
}

/// A new bridge: the interpreter's [`Link`] and the receiving end for [`serve`].
pub fn channel() -> (Link, mpsc::Receiver<Msg>) {
    let (tx, rx) = mpsc::channel();
    (Link { tx, cancelled: Arc::new(AtomicBool::new(false)) }, rx)
}

/// How long a cancelled interpreter may take to stop after the first interrupt before it is
/// abandoned: a long native operation (a regex that backtracks for ever, `sum(range(10**12))`)
/// never reaches a point where the interrupt is raised.
pub const GRACE: Duration = Duration::from_millis(500);

/// How serving the interpreter ended.
pub enum Served {
    /// The script ended with this status.
    Status(i32),
    /// The interpreter's side went away without a status.
    Gone,
    /// Cancelled, and still running [`GRACE`] after the first interrupt: left behind.
    Abandoned,
}

/// The message a cancelled script is interrupted with (never printed: kitsh reports the limit).
pub const INTERRUPTED: &str = "kitsh: the script was stopped (timeout or limit)";

/// Serve the interpreter's requests until it reports [`Msg::Done`] (its status), goes away, or
/// is abandoned ([`Served`]). `link` is the interpreter's link (for the shared cancellation
/// flag); `interrupt` asks the interpreter to stop at its next safe point (called again every
/// [`TICK`] until it ends).
pub fn serve(
    ctx: &mut Ctx<'_>,
    rx: mpsc::Receiver<Msg>,
    link: &Link,
    interrupt: &dyn Fn(),
    meter: Option<(&kitsh_core::alloc::Meter, u64)>,
) -> Served {
    let mut last_signal: Option<Instant> = None;
    let mut first_signal: Option<Instant> = None;
    // Memory grows between checks: look more often while it is metered.
    let tick = if meter.is_some() { METERED_TICK } else { TICK };
    let mut served = false;
    loop {
        if let Some((m, limit)) = meter {
            if !link.cancelled() && m.bytes() > limit {
                ctx.cancel.hit(kitsh_core::limits::LimitExceeded::Heap);
                link.cancelled.store(true, Ordering::SeqCst);
            }
        }
        if !link.cancelled() && is_cancelled(ctx) {
            link.cancelled.store(true, Ordering::SeqCst);
        }
        if link.cancelled() && !matches!(last_signal, Some(t) if t.elapsed() < TICK) {
            if first_signal.is_some_and(|t| t.elapsed() >= GRACE) {
                return Served::Abandoned;
            }
            last_signal = Some(Instant::now());
            first_signal.get_or_insert(Instant::now());
            interrupt();
        }
        // After a request, the next one often follows at once (see [`SPIN`]).
        let next = if served { spin_recv(&rx, SPIN) } else { None };
        served = false;
        match next.map_or_else(|| rx.recv_timeout(tick), Ok) {
            Ok(Msg::Job(job)) => {
                job(ctx);
                served = true;
            }
            Ok(Msg::Done(status)) => return Served::Status(status),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return Served::Gone,
        }
    }
}

/// The script must stop: cancelled, or past its deadline.
fn is_cancelled(ctx: &Ctx<'_>) -> bool {
    ctx.cancel.cancelled() || ctx.cancel.deadline().is_some_and(|d| Instant::now() >= d)
}

/// Call the shell's tool `name` (`kitsh_tools` in Python and JavaScript) on the command's thread: with `params` (a JSON
/// object's text) or, when it is `None`, with the words `words` (`help`, `discover`). `None`
/// when the shell has no such tool or the command's side is gone.
pub fn call_tool(
    link: &Link,
    name: String,
    params: Option<String>,
    words: Vec<String>,
    stdin: Option<Vec<u8>>,
) -> Option<kitsh_core::command::command_set::FunctionOutput> {
    link.call(move |ctx| {
        use kitsh_core::command::command_set::FunctionArgs;
        let args = match &params {
            Some(p) => FunctionArgs::Json(p),
            None => FunctionArgs::Words(&words),
        };
        ctx.functions.call(&name, args, stdin.as_deref())
    })
    .flatten()
}
