//! Streaming: a run's status events (output chunks, progress, `tool_call`) carried to a
//! JavaScript callback as JSON text, in order, then an empty string when the run is over, so
//! that the JavaScript side resolves only after the last chunk arrived (a task's promise and a
//! thread-safe function's calls do not keep order with each other).

use std::sync::Arc;

use kitsh::tool::{StatusCallback, ToolStatus};
use napi::bindgen_prelude::*;
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};

/// The JavaScript callback, `(json: string) => void`. Strong: it keeps the event loop alive
/// until the run ends and it is dropped.
pub type StatusFn = ThreadsafeFunction<String, (), String, Status, false>;

/// Where one run's events go.
#[derive(Clone)]
pub struct Sink(Arc<StatusFn>);

impl Sink {
    /// The sink of `f`.
    pub fn new(f: Function<'_, String, ()>) -> Result<Sink> {
        Ok(Sink(Arc::new(f.build_threadsafe_function::<String>().callee_handled::<false>().build()?)))
    }

    /// The status callback kitsh calls for each event.
    pub fn callback(&self) -> StatusCallback {
        let f = Arc::clone(&self.0);
        Box::new(move |st: ToolStatus| {
            if let Ok(text) = serde_json::to_string(&st) {
                f.call(text, ThreadsafeFunctionCallMode::NonBlocking);
            }
        })
    }

    /// The run is over: no event follows.
    pub fn end(&self) {
        self.0.call(String::new(), ThreadsafeFunctionCallMode::NonBlocking);
    }
}
