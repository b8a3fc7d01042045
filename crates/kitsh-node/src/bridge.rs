//! Calls from a script's thread into JavaScript. The script's thread sends a call through a
//! thread-safe function with a ticket and waits on the ticket; the event loop's thread runs the
//! JavaScript function (sync or `async`) and settles the ticket (`settle`). The wait gives up
//! when the script is stopped (its timeout, an `AbortSignal`, a limit), so a JavaScript
//! function that never settles cannot hold a script past its limits.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use kitsh_core::util::spin::spin_recv;

use napi::bindgen_prelude::*;
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi_derive::napi;

/// What a call asks of the JavaScript side.
#[derive(Clone, Copy)]
pub enum Kind {
    /// A tool's function: `json` is its parameters (an object).
    Tool = 0,
    /// The policy hook: `json` is the call's parameters; an error answer denies (its text is
    /// the reason).
    Policy = 1,
    /// The error hook: `json` is the error's text as a JSON string; the answer is ignored.
    ToolError = 2,
    /// A command of a `Bash`: `json` is its arguments (an array of strings).
    Command = 3,
}

/// What the thread-safe function carries: the ticket, the kind, a name (the tool or command),
/// JSON text, and piped input. It reaches JavaScript as ONE array argument.
pub type Call = (u32, u32, String, String, Option<String>);

/// The function every call of one object (a `ScriptedTool`, a `Bash`) goes through. Weak: it
/// does not keep the event loop alive by itself (a running call does).
pub type Dispatch = ThreadsafeFunction<Call, (), Call, Status, false, true>;

/// An answer: the function's output, or its error's message.
pub type Answer = std::result::Result<String, String>;

/// The tickets waiting for an answer.
static PENDING: Mutex<Option<HashMap<u32, mpsc::Sender<Answer>>>> = Mutex::new(None);
static NEXT: AtomicU32 = AtomicU32::new(1);

/// How long a waiting call spins before it sleeps: a JavaScript function that answers at once
/// is seen without a thread wake-up.
const SPIN: Duration = Duration::from_micros(40);

/// How often a sleeping call looks whether its script was stopped.
const POLL: Duration = Duration::from_millis(5);

/// The `dispatch` function as a weak thread-safe function.
pub fn dispatcher(dispatch: Function<'_, Call, ()>) -> Result<Dispatch> {
    dispatch.build_threadsafe_function::<Call>().callee_handled::<false>().weak::<true>().build()
}

/// Settle the call `ticket` (the JavaScript side, when a function returned or threw).
#[napi]
pub fn settle(ticket: u32, ok: bool, text: String) {
    let tx = PENDING.lock().unwrap_or_else(|e| e.into_inner()).as_mut().and_then(|m| m.remove(&ticket));
    if let Some(tx) = tx {
        let _ = tx.send(if ok { Ok(text) } else { Err(text) });
    }
}

/// Call the JavaScript side and wait for its answer; `None` when `stopped` said so first.
pub fn call(dispatch: &Dispatch, kind: Kind, name: &str, json: String, stdin: Option<String>, stopped: &dyn Fn() -> bool) -> Option<Answer> {
    let ticket = NEXT.fetch_add(1, Ordering::Relaxed);
    let (tx, rx) = mpsc::channel();
    PENDING.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashMap::new).insert(ticket, tx);
    if dispatch.call((ticket, kind as u32, name.to_string(), json, stdin), ThreadsafeFunctionCallMode::NonBlocking) != Status::Ok {
        settle(ticket, false, format!("{name}: the JavaScript side is gone"));
    }
    if let Some(a) = spin_recv(&rx, SPIN) {
        return Some(a);
    }
    loop {
        match rx.recv_timeout(POLL) {
            Ok(a) => return Some(a),
            Err(mpsc::RecvTimeoutError::Disconnected) => return Some(Err(format!("{name}: no answer from JavaScript"))),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if stopped() {
                    // A late answer finds no ticket and is dropped.
                    PENDING.lock().unwrap_or_else(|e| e.into_inner()).as_mut().map(|m| m.remove(&ticket));
                    return None;
                }
            }
        }
    }
}
