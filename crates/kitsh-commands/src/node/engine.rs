//! One `node` run on its interpreter thread: a fresh QuickJS runtime and context, bounded
//! (memory, stack, the script's deadline and cancellation through the interrupt handler), the
//! JavaScript half of the sandbox (`js/`) on top of the natives ([`super::natives`]), the
//! script, then Node's event loop: promise jobs, unhandled rejections, timers and streamed
//! standard input, until nothing is left or `process.exit` ends it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rquickjs::{CatchResultExt, Context, Ctx, Function, Object, Persistent, Runtime, Value};

use crate::guest::host::Link;

/// What the command's side hands the interpreter thread.
pub struct Job {
    /// The script's text.
    pub code: String,
    /// How it runs: `eval` (`-e`, and `-p` with `print`), `file` (a CommonJS module) or
    /// `stdin` (as `-e`, named `[stdin]`).
    pub kind: &'static str,
    /// `-p`: print the completion value.
    pub print: bool,
    /// `-c`: only check the syntax.
    pub check: bool,
    /// The script file's absolute path (`file`).
    pub filename: String,
    /// `process.argv`.
    pub argv: Vec<String>,
    /// `process.env`.
    pub env: Vec<(String, String)>,
    /// `process.cwd()`.
    pub cwd: String,
    /// `-r MODULE`s.
    pub preload: Vec<String>,
    /// `--input-type=module`.
    pub module: bool,
    /// When the script must have ended (its timeout).
    pub deadline: Option<Instant>,
    /// The script's cancellation, readable from this thread.
    pub watcher: Option<Arc<dyn Fn() -> bool + Send + Sync>>,
    /// Bytes the JavaScript heap may hold ([`kitsh_core::ExecutionLimits::max_heap_bytes`]).
    pub heap_limit: u64,
}

/// Bytes of native stack the interpreter may use: about Node's depth of simple recursion
/// (some 11 000 frames) before `RangeError: Maximum call stack size exceeded`. Far below the
/// thread's [`crate::guest::STACK_SIZE`].
const JS_STACK: usize = 8 << 20;

/// Why the interpreter was stopped through its interrupt handler.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    /// Running.
    No,
    /// `process.exit(code)`.
    Exit(i32),
    /// The script was cancelled (timeout, a limit, the host).
    Cancelled,
}

/// What the natives and the loop share on the interpreter thread.
pub struct State {
    /// The bridge to the command's `Ctx`.
    pub link: Link,
    /// Why the interpreter is being stopped.
    pub stop: Cell<Stop>,
    /// Standard output not written yet (flushed by size, age, before standard error, reads,
    /// tool calls, sleeps, and at the end).
    pub out: RefCell<Vec<u8>>,
    /// When the output was last flushed.
    pub flushed: Cell<Instant>,
    /// The JavaScript side's hook for promise rejections (`(promise, reason, handled)`).
    pub on_rejection: RefCell<Option<Persistent<Function<'static>>>>,
    /// The JavaScript side's hooks for ES modules (`resolve`, `source`).
    pub esm: RefCell<Option<Persistent<Object<'static>>>>,
    /// The job's deadline.
    pub deadline: Option<Instant>,
    /// When the run started (`process.hrtime`, `performance.now`).
    pub started: Instant,
}

/// Flush standard output once this much is buffered.
const FLUSH_BYTES: usize = 32 << 10;
/// ... or once the oldest buffered output is this old.
const FLUSH_AGE: Duration = Duration::from_millis(50);

impl State {
    /// Write what standard output holds; on a failed write (a closed pipe, a limit), stop the
    /// script with the status the shell's writers use.
    pub fn flush(&self) {
        let data = std::mem::take(&mut *self.out.borrow_mut());
        self.flushed.set(Instant::now());
        if data.is_empty() {
            return;
        }
        let r = self.link.call(move |ctx| match ctx.stdout.write_all(&data).and_then(|()| ctx.stdout.flush()) {
            Ok(()) => None,
            Err(e) => Some(kitsh_core::command::args::write_failed(ctx, &e)),
        });
        if let Some(Some(status)) = r {
            self.stop.set(Stop::Exit(status));
        }
    }

    /// Queue `data` for standard output.
    pub fn write_out(&self, data: &[u8]) {
        let len = {
            let mut out = self.out.borrow_mut();
            out.extend_from_slice(data);
            out.len()
        };
        if len >= FLUSH_BYTES || self.flushed.get().elapsed() >= FLUSH_AGE {
            self.flush();
        }
    }

    /// The script must stop (its interrupt handler's answer).
    fn stopping(&self) -> bool {
        self.stop.get() != Stop::No
    }
}

/// The JavaScript half of the sandbox, run first in every context: it returns the loop's
/// entry points (`runMain`, `step`, `fatal`, `finish`).
const BOOTSTRAP: &str = include_str!("js/bootstrap.js");

/// Run `job`; its exit status.
pub fn run(job: Job, link: Link) -> i32 {
    let state = Rc::new(State {
        link: link.clone(),
        stop: Cell::new(Stop::No),
        out: RefCell::new(Vec::with_capacity(1024)),
        flushed: Cell::new(Instant::now()),
        on_rejection: RefCell::new(None),
        esm: RefCell::new(None),
        deadline: job.deadline,
        started: Instant::now(),
    });
    let status = run_in(&job, &state);
    state.flush();
    let status = match state.stop.get() {
        Stop::Exit(code) => code,
        Stop::Cancelled => 1,
        Stop::No => status,
    };
    link.done(status);
    status
}

fn run_in(job: &Job, state: &Rc<State>) -> i32 {
    let Ok(rt) = Runtime::new() else {
        return internal(state, "cannot create the JavaScript runtime");
    };
    rt.set_memory_limit(usize::try_from(job.heap_limit).unwrap_or(usize::MAX));
    rt.set_max_stack_size(JS_STACK);
    {
        let state = Rc::clone(state);
        let cancel = state.link.cancel_flag();
        let watcher = job.watcher.clone();
        rt.set_interrupt_handler(Some(Box::new(move || {
            if state.stopping() {
                return true;
            }
            // The shell's own check first: it records the limit (a timeout) as it answers.
            let cancelled = cancel.load(Ordering::Relaxed)
                || match &watcher {
                    Some(w) => w(),
                    None => state.deadline.is_some_and(|d| Instant::now() >= d),
                };
            if cancelled {
                state.stop.set(Stop::Cancelled);
            }
            cancelled
        })));
    }
    {
        let state = Rc::clone(state);
        rt.set_host_promise_rejection_tracker(Some(Box::new(move |ctx, promise, reason, handled| {
            let hook = state.on_rejection.borrow().clone();
            if let Some(Ok(f)) = hook.map(|h| h.restore(&ctx)) {
                let _ = f.call::<_, ()>((promise, reason, handled));
            }
        })));
    }
    rt.set_loader(super::esm::EsmResolver(Rc::clone(state)), super::esm::EsmLoader(Rc::clone(state)));
    let Ok(context) = Context::full(&rt) else {
        return internal(state, "cannot create the JavaScript context");
    };
    let status = context.with(|ctx| drive(&ctx, job, state));
    // Nothing of the runtime may outlive it (QuickJS asserts that its objects are all freed).
    drop(state.on_rejection.borrow_mut().take());
    drop(state.esm.borrow_mut().take());
    drop(context);
    status
}

/// Print an internal failure (`node: ...`) on standard error; status 70.
fn internal(state: &State, msg: &str) -> i32 {
    let msg = format!("node: internal error: {msg}\n");
    state.link.call(move |ctx| {
        let _ = ctx.stderr.write_all(msg.as_bytes());
    });
    70
}

/// How a call into JavaScript ended, for the loop.
enum Flow {
    Go,
    End(i32),
}

fn drive<'js>(ctx: &Ctx<'js>, job: &Job, state: &Rc<State>) -> i32 {
    let natives = match super::natives::install(ctx, state, job) {
        Ok(n) => n,
        Err(e) => return internal(state, &format!("natives: {e}")),
    };
    let boot = super::bytecode::eval(ctx, "node:internal/bootstrap", || BOOTSTRAP.to_string())
        .and_then(Function::from_value)
        .catch(ctx);
    let boot: Function<'js> = match boot {
        Ok(f) => f,
        Err(e) => return internal(state, &format!("bootstrap: {e}")),
    };
    let api: Object<'js> = match boot.call((natives,)).catch(ctx) {
        Ok(a) => a,
        Err(e) => return internal(state, &format!("bootstrap: {e}")),
    };
    let call = |name: &str| -> Result<Value<'js>, Flow> {
        let f: Function<'js> = api.get(name).map_err(|_| Flow::End(70))?;
        match f.call::<_, Value<'js>>(()) {
            Ok(v) => Ok(v),
            Err(rquickjs::Error::Exception) => Err(uncaught(ctx, &api, state, ctx.catch())),
            Err(e) => Err(Flow::End(internal(state, &e.to_string()))),
        }
    };
    // After each callback, as Node: the `process.nextTick` queue, then the promise jobs, until
    // both are empty.
    let settle = || -> Result<(), i32> {
        loop {
            let ran_ticks = match call("ticks") {
                Ok(v) => v.as_number().unwrap_or(0.0) > 0.0,
                Err(Flow::End(status)) => return Err(status),
                Err(Flow::Go) => true,
            };
            let mut ran_jobs = false;
            while ctx.execute_pending_job() {
                ran_jobs = true;
                if state.stopping() {
                    return Err(1);
                }
            }
            if state.stopping() {
                return Err(1);
            }
            if !ran_ticks && !ran_jobs {
                return Ok(());
            }
        }
    };
    if let Err(Flow::End(status)) = call("runMain") {
        return status;
    }
    loop {
        if let Err(status) = settle() {
            return status;
        }
        match call("rejections") {
            Err(Flow::End(status)) => return status,
            Ok(v) if v.as_bool() == Some(true) => continue, // a listener ran: settle what it queued
            Ok(v) => {
                if let Some(status) = v.as_number() {
                    return status as i32;
                }
            }
            Err(Flow::Go) => continue,
        }
        let wait = match call("step") {
            Ok(v) => v.as_number().unwrap_or(-1.0),
            Err(Flow::End(status)) => return status,
            Err(Flow::Go) => 0.0,
        };
        if wait < 0.0 {
            break;
        }
        if wait > 0.0 {
            state.flush();
            if !state.link.sleep(Duration::from_secs_f64(wait / 1000.0)) {
                state.stop.set(Stop::Cancelled);
                return 1;
            }
        }
    }
    match call("finish") {
        Ok(v) => v.as_number().map_or(0, |n| n as i32),
        Err(Flow::End(status)) => status,
        Err(Flow::Go) => 0,
    }
}

/// An exception reached the top: the script was stopped (`process.exit`, cancellation), the
/// heap limit was hit, or the JavaScript side handles it as Node does (`uncaughtException`
/// listeners, else the report on standard error and status 1).
fn uncaught<'js>(ctx: &Ctx<'js>, api: &Object<'js>, state: &State, exc: Value<'js>) -> Flow {
    if let Stop::Exit(code) = state.stop.get() {
        return Flow::End(code);
    }
    if state.stopping() {
        return Flow::End(1);
    }
    if is_out_of_memory(&exc) {
        state.link.call(|ctx| ctx.cancel.hit(kitsh_core::limits::LimitExceeded::Heap));
        state.stop.set(Stop::Cancelled);
        return Flow::End(1);
    }
    let Ok(fatal) = api.get::<_, Function<'js>>("fatal") else {
        return Flow::End(70);
    };
    match fatal.call::<_, Value<'js>>((exc,)) {
        Ok(v) => match v.as_number() {
            Some(n) if n >= 0.0 => Flow::End(n as i32),
            _ => Flow::Go,
        },
        Err(_) => {
            let _ = ctx.catch();
            if let Stop::Exit(code) = state.stop.get() {
                return Flow::End(code);
            }
            Flow::End(if state.stopping() { 1 } else { 7 })
        }
    }
}

/// QuickJS's `InternalError: out of memory` (the heap limit).
fn is_out_of_memory(exc: &Value<'_>) -> bool {
    let Some(obj) = exc.as_object() else { return false };
    let msg: Option<String> = obj.get("message").ok();
    let name: Option<String> = obj.get("name").ok();
    name.as_deref() == Some("InternalError") && msg.as_deref() == Some("out of memory")
}
