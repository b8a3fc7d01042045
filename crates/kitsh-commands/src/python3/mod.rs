//! `python3` / `python`: an embedded Python 3 (RustPython 0.6, feature `python`).
//!
//! Every run gets a fresh interpreter with the standard library frozen into the binary and
//! none of RustPython's host modules (no `host_env`): the script sees kitsh's pipes as
//! `sys.stdin/stdout/stderr` (streamed as it reads and writes), the exported variables as
//! `os.environ`, and kitsh's virtual filesystem through `open()`, `os`, `os.path`, `pathlib`,
//! `shutil`, `glob`, ... (a `posix` module of our own, [`natives`] + `posix.py`). Starting
//! processes (`subprocess`, `os.system`, `os.fork`, ...), sockets and `ctypes` raise
//! `PermissionError: [Errno 1] Operation not permitted: '<what> is disabled in the kitsh
//! sandbox'`.
//!
//! Bounds: the interpreter runs on an interpreter thread ([`STACK_SIZE`], kept for later runs:
//! [`pool`]; RustPython raises
//! `RecursionError` before the native stack runs out), is interrupted when the script is
//! cancelled or times out ([`host::serve`]; one that does not stop in time is left behind, see
//! `run_job`), and its output goes through kitsh's output limit. Its memory is bounded where
//! [`kitsh_core::alloc::MeteredAlloc`] is the allocator (`ExecutionLimits::max_heap_bytes`).

mod args;
mod interp;
mod natives;
#[cfg(feature = "python-wasi")]
pub mod wasi;


use rustpython_vm::signal::{user_signal_channel, UserSignal, UserSignalSender};

use crate::guest::{host, pool};
use crate::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError};
use args::{Exit, Script};

/// The `python3` and `python` commands.
pub struct Python3;

/// Stack of an interpreter thread. Virtual memory: only what deep recursion touches is used.
pub use crate::guest::STACK_SIZE;

impl Builtin for Python3 {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let name = ctx.name.to_string();
        let opts = match args::parse(&name, argv) {
            Ok(o) => o,
            Err(Exit::Print(s)) => {
                return match ctx.stdout.write_all(s.as_bytes()) {
                    Ok(()) => 0,
                    Err(e) => crate::args::write_failed(ctx, &e),
                }
            }
            Err(Exit::Usage(s)) => {
                let _ = ctx.stderr.write_all(s.as_bytes());
                return 2;
            }
        };
        let (kind, payload, filename, argv0) = match &opts.script {
            Script::Command(code) => ("source", code.clone(), "<string>".to_string(), "-c".to_string()),
            Script::Module(m) => ("module", m.clone(), String::new(), "-m".to_string()),
            Script::Stdin { dash } => {
                let mut buf = Vec::new();
                if let Err(e) = ctx.read_stdin_all(&mut buf) {
                    ctx.error(&format!("can't read the script from standard input: {e}"));
                    return 1;
                }
                let argv0 = if *dash { "-" } else { "" };
                ("source", String::from_utf8_lossy(&buf).into_owned(), "<stdin>".to_string(), argv0.to_string())
            }
            Script::File(f) => match read_script(ctx, f) {
                Ok(src) => ("file", src, f.clone(), f.clone()),
                Err(status) => return status,
            },
        };
        let mut argv_py = vec![argv0];
        argv_py.extend(opts.args.iter().cloned());
        let job = interp::Job {
            argv: argv_py,
            env: ctx.env.exported(),
            cwd: ctx.cwd.to_string(),
            unbuffered: opts.unbuffered,
            isolated: opts.isolated,
            kind,
            payload,
            filename,
        };
        #[cfg(feature = "python-wasi")]
        if let Some(engine) = wasi::engine() {
            return match engine {
                Ok(loaded) => run_wasi_job(ctx, job, loaded),
                Err(msg) => {
                    ctx.error(&format!("cannot load CPython on WASI: {msg}"));
                    70
                }
            };
        }
        run_job(ctx, job)
    }
}

/// Run `job` on CPython compiled to WASI ([`wasi`]) on an interpreter thread while this
/// thread serves its I/O; a cancelled guest is stopped at its next loop iteration or call.
#[cfg(feature = "python-wasi")]
fn run_wasi_job(ctx: &mut Ctx<'_>, job: interp::Job, loaded: &'static wasi::Loaded) -> i32 {
    let (link, rx) = host::channel();
    let vm_link = link.clone();
    let max_heap = ctx.cancel.heap_limit();
    let spawned = pool::spawn("kitsh-python3", STACK_SIZE, move || wasi::run(loaded, job, vm_link, max_heap));
    let handle = match spawned {
        Ok(h) => h,
        Err(e) => {
            ctx.error(&format!("cannot start the interpreter thread: {e}"));
            return 1;
        }
    };
    let interrupt = || loaded.interrupt();
    let status = match host::serve(ctx, rx, &link, &interrupt, None) {
        host::Served::Abandoned => return 1,
        host::Served::Status(status) => Ok(status),
        host::Served::Gone => handle.join(),
    };
    finished(ctx, &link, status)
}

/// The command's status once the interpreter's thread has reported `status` (1 when the script
/// was cancelled: kitsh reports the limit).
fn finished(ctx: &mut Ctx<'_>, link: &host::Link, status: Result<i32, ()>) -> i32 {
    if link.cancelled() {
        return 1;
    }
    status.unwrap_or_else(|()| {
        ctx.error("internal error: the interpreter thread panicked");
        70
    })
}

/// Read the script file `f` from the VFS; on failure CPython's message and status.
fn read_script(ctx: &mut Ctx<'_>, f: &str) -> Result<String, i32> {
    let abs = ctx.abs_path(f);
    let fail = |ctx: &mut Ctx<'_>, e: FsError| {
        let errno = match e {
            FsError::NotFound => 2,
            FsError::PermissionDenied => 13,
            FsError::NotDir => 20,
            _ => 5,
        };
        let _ = writeln!(ctx.stderr, "{}: can't open file '{abs}': [Errno {errno}] {e}", ctx.name);
        2
    };
    match ctx.fs.stat(&abs) {
        Ok(m) if m.file_type == FileType::Dir => {
            let _ = writeln!(ctx.stderr, "{}: can't find '__main__' module in '{f}'", ctx.name);
            Err(1)
        }
        Ok(_) => match ctx.read_input(&abs) {
            Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
            Err(e) => Err(fail(ctx, e)),
        },
        Err(e) => Err(fail(ctx, e)),
    }
}

/// Run `job` on the interpreter thread while this thread serves its I/O.
///
/// A cancelled interpreter that does not stop within [`host::GRACE`] (a long native operation
/// never checks for the interrupt) is left behind so that the script ends on time: its thread
/// is detached and, where [`kitsh_core::alloc::MeteredAlloc`] is the allocator, stopped for good at
/// its next allocation (so it neither grows nor, when it allocates as it computes, spins).
/// Stopping `re` matches (RustPython's `sre_engine`, patched) of a cancelled script: a match
/// that backtracks for ever never reaches a point where the interpreter's interrupt is raised.
mod sre_stop {
    use std::cell::RefCell;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Once};

    thread_local! {
        /// The cancellation flag of the script this interpreter thread runs.
        static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
    }

    fn stop_requested() -> bool {
        FLAG.with(|f| f.borrow().as_ref().is_some_and(|f| f.load(Ordering::Relaxed)))
    }

    /// On this thread, matches give up once `flag` is set.
    pub fn watch(flag: Arc<AtomicBool>) {
        static HOOK: Once = Once::new();
        HOOK.call_once(|| rustpython_sre_engine::set_interrupt_hook(stop_requested));
        FLAG.with(|f| *f.borrow_mut() = Some(flag));
    }

    /// No more checks on this thread.
    pub fn watch_none() {
        FLAG.with(|f| *f.borrow_mut() = None);
    }
}

fn run_job(ctx: &mut Ctx<'_>, job: interp::Job) -> i32 {
    let (link, rx) = host::channel();
    let (signal_tx, signal_rx) = user_signal_channel();
    let vm_link = link.clone();
    // What the interpreter's thread holds, where the program's allocator can tell.
    let meter = ctx
        .cancel
        .heap_limit()
        .and_then(|limit| Some((std::sync::Arc::new(kitsh_core::alloc::Meter::start()?), limit)));
    let vm_meter = meter.as_ref().map(|(m, _)| m.clone());
    let stopper = kitsh_core::alloc::Stopper::new();
    let vm_stopper = stopper.clone();
    let spawned = pool::spawn("kitsh-python3", STACK_SIZE, move || {
        if let Some(m) = &vm_meter {
            m.attach();
        }
        vm_stopper.arm();
        sre_stop::watch(vm_link.cancel_flag());
        let status = interp::run(job, vm_link, signal_rx);
        sre_stop::watch_none();
        kitsh_core::alloc::Stopper::disarm();
        kitsh_core::alloc::Meter::detach();
        status
    });
    let handle = match spawned {
        Ok(h) => h,
        Err(e) => {
            ctx.error(&format!("cannot start the interpreter thread: {e}"));
            return 1;
        }
    };
    let interrupt = || {
        let _ = signal_tx.send(keyboard_interrupt(signal_tx.clone()));
    };
    let served = host::serve(ctx, rx, &link, &interrupt, meter.as_ref().map(|(m, l)| (&**m, *l)));
    let status = match served {
        host::Served::Abandoned => {
            stopper.trigger();
            return 1;
        }
        // The thread goes on to free the interpreter; nothing waits for that.
        host::Served::Status(status) => Ok(status),
        host::Served::Gone => handle.join(),
    };
    finished(ctx, &link, status)
}

/// A signal raising `KeyboardInterrupt` at the interpreter's next safe point (the next
/// bytecode instruction). It re-arms itself as it fires, so a script catching it
/// (`except BaseException: pass` in a loop) is interrupted again at its very next
/// instruction — inside its handler, where nothing catches it. (`serve` also re-sends it every
/// tick: the eval-breaker flag is process-wide, another interpreter may consume it.)
pub fn keyboard_interrupt(tx: UserSignalSender) -> UserSignal {
    Box::new(move |vm| {
        let _ = tx.send(keyboard_interrupt(tx.clone()));
        Err(vm.new_exception_msg(vm.ctx.exceptions.keyboard_interrupt.to_owned(), host::INTERRUPTED.into()))
    })
}
