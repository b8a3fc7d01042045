//! [`CancellationToken`]: the host's way to stop a running script from another task or thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};

use crate::interp::shared::Shared;
use crate::limits::LimitExceeded;

/// Stops the scripts it was given to ([`crate::Bash::exec_cancellable`],
/// [`crate::tool::BashTool::execute_cancellable`]) at their next command boundary (also inside
/// `sleep`, `read` and pipeline stages): they end with exit status 130 and the output so far.
/// Cloning gives another handle to the same token. A token stays cancelled.
///
/// ```
/// let token = kitsh::CancellationToken::new();
/// let t2 = token.clone();
/// t2.cancel();
/// assert!(token.is_cancelled());
/// ```
#[derive(Clone, Default)]
pub struct CancellationToken {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    cancelled: AtomicBool,
    /// The runs this token watches now.
    runs: Mutex<Vec<Weak<Shared>>>,
}

impl std::fmt::Debug for CancellationToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CancellationToken").field("cancelled", &self.is_cancelled()).finish()
    }
}

impl CancellationToken {
    /// A token not cancelled yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Cancel: every script running under this token stops at its next command boundary,
    /// and scripts started under it later stop at once.
    pub fn cancel(&self) {
        self.inner.cancelled.store(true, Ordering::SeqCst);
        let runs = self.inner.runs.lock().unwrap_or_else(|e| e.into_inner());
        for r in runs.iter().filter_map(Weak::upgrade) {
            r.trip(LimitExceeded::Cancelled);
        }
    }

    /// Was [`CancellationToken::cancel`] called?
    pub fn is_cancelled(&self) -> bool {
        self.inner.cancelled.load(Ordering::SeqCst)
    }

    /// Watch a run (its shared counters) until [`CancellationToken::detach`].
    pub(crate) fn attach(&self, shared: &Arc<Shared>) {
        let mut runs = self.inner.runs.lock().unwrap_or_else(|e| e.into_inner());
        runs.retain(|w| w.strong_count() > 0);
        runs.push(Arc::downgrade(shared));
    }

    /// Stop watching a run.
    pub(crate) fn detach(&self, shared: &Arc<Shared>) {
        let mut runs = self.inner.runs.lock().unwrap_or_else(|e| e.into_inner());
        let p = Arc::as_ptr(shared);
        if let Some(i) = runs.iter().position(|w| std::ptr::eq(w.as_ptr(), p)) {
            runs.swap_remove(i);
        }
    }
}
