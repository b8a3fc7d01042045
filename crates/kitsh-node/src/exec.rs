//! `exec` without libuv's thread pool. A hop through it costs two thread wake-ups (about 25 µs
//! here), more than a short script; kitsh's own pool (`BashTool::execute_owned`) avoids both in
//! the common case: a worker that just finished keeps looking for work for a few microseconds,
//! and the first poll, here on the event loop's thread, watches the job for up to 20 µs. A
//! short script is therefore done before `execNative` returns, and its result goes back at
//! once. A longer one finishes through a waker that calls a thread-safe function, whose
//! callback polls the call again on the event loop's thread and hands the result to
//! JavaScript's `done`. The event loop is held for at most that first watch.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Wake, Waker};

use kitsh::tool::ToolResponse;
use napi::bindgen_prelude::*;
use napi::threadsafe_function::{ThreadsafeCallContext, ThreadsafeFunction, ThreadsafeFunctionCallMode};

use crate::ExecResult;

/// A running call.
pub type Call = Pin<Box<dyn Future<Output = ToolResponse> + Send>>;

/// What wakes a pending call: a thread-safe function to the event loop (strong: it keeps the
/// loop alive while the script runs; dropped once the call is over).
type Notify = ThreadsafeFunction<(), (), Option<ExecResult>, Status, false>;

struct Wakeup {
    notify: Mutex<Option<Notify>>,
    woken: AtomicBool,
}

impl Wake for Wakeup {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.woken.store(true, Ordering::SeqCst);
        if let Some(n) = self.notify.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            n.call((), ThreadsafeFunctionCallMode::NonBlocking);
        }
    }
}

/// Poll `call` once; its result when it is done, else `None` and `done(result)` is called on
/// the event loop's thread when it is (`done` may also be called with `undefined`: ignore it).
pub fn start(mut call: Call, done: Function<'_, Option<ExecResult>, ()>) -> Result<Option<ExecResult>> {
    let wakeup = Arc::new(Wakeup { notify: Mutex::new(None), woken: AtomicBool::new(false) });
    let waker = Waker::from(Arc::clone(&wakeup));
    if let Poll::Ready(r) = call.as_mut().poll(&mut Context::from_waker(&waker)) {
        return Ok(Some(r.into()));
    }
    let slot = Arc::new(Mutex::new(Some(call)));
    let w2 = Arc::clone(&wakeup);
    let notify = done.build_threadsafe_function::<()>().callee_handled::<false>().build_callback(move |_: ThreadsafeCallContext<()>| {
        let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
        let Some(call) = guard.as_mut() else { return Ok(None) };
        let waker = Waker::from(Arc::clone(&w2));
        match call.as_mut().poll(&mut Context::from_waker(&waker)) {
            Poll::Ready(r) => {
                *guard = None;
                // The call is over: let the event loop go (the function is released here).
                w2.notify.lock().unwrap_or_else(|e| e.into_inner()).take();
                Ok(Some(r.into()))
            }
            Poll::Pending => Ok(None),
        }
    })?;
    *wakeup.notify.lock().unwrap_or_else(|e| e.into_inner()) = Some(notify);
    // A wake between the poll and now found no function to call: call it now.
    if wakeup.woken.load(Ordering::SeqCst) {
        wakeup.wake_by_ref();
    }
    Ok(None)
}
