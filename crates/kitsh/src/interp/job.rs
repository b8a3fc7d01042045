//! Background jobs: `cmd &` runs in a subshell on its own thread; [`JobSlot`] is where that
//! thread leaves its status for `wait`, `jobs` and `kill` in the shell that started it.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use super::shared::Shared;

/// How a background job ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JobEnd {
    /// Its exit status (`128 + N` when signal N ended it).
    pub status: i32,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
}

/// The completion of one background job, shared with the thread running it.
#[derive(Debug, Default)]
pub struct JobSlot {
    end: Mutex<Option<JobEnd>>,
    done: Condvar,
}

impl JobSlot {
    /// A slot for a job that already ended (one run in place of a thread).
    pub fn finished(end: JobEnd) -> Arc<JobSlot> {
        Arc::new(JobSlot { end: Mutex::new(Some(end)), done: Condvar::new() })
    }

    /// Record the job's end and wake whoever waits for it.
    pub fn finish(&self, end: JobEnd) {
        *self.end.lock().unwrap_or_else(PoisonError::into_inner) = Some(end);
        self.done.notify_all();
    }

    /// How the job ended, if it has.
    pub fn end(&self) -> Option<JobEnd> {
        *self.end.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Wait for the job to end; `Err` when the script is stopped first (a limit, the
    /// timeout: `Err(None)`) or a signal is queued for `pid`, the waiting shell
    /// (`Err(Some(signal))`).
    pub fn wait(&self, shared: &Shared, pid: u64) -> Result<JobEnd, Option<i32>> {
        let mut g = self.end.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            // A signal that came meanwhile interrupts the wait even if the job is done too.
            if let Some(sig) = shared.signal_queued_for(pid) {
                return Err(Some(sig));
            }
            if let Some(e) = *g {
                return Ok(e);
            }
            if shared.cancelled() {
                return Err(None);
            }
            g = self.done.wait_timeout(g, Duration::from_millis(10)).unwrap_or_else(PoisonError::into_inner).0;
        }
    }
}

/// A job of the shell's job table.
#[derive(Debug, Clone)]
pub struct Job {
    /// Its process id (`$!`; the `$BASHPID` of the subshell running it).
    pub pid: u64,
    /// Job number (`%1`).
    pub id: usize,
    /// Command text, as `jobs` shows it.
    pub text: String,
    /// Collected by `wait`: no longer a job, but `wait PID` still reports its status.
    pub reaped: bool,
    /// Where its end is recorded.
    pub slot: Arc<JobSlot>,
    /// Started with job control on (`set -m`): only such a job can be brought to the
    /// foreground with `fg`.
    pub monitor: bool,
}

impl Job {
    /// Is it still in the job table (not collected)? A job that ended stays there until
    /// `wait` collects it or the shell notices its end (see `Shell::note_ended_jobs`); its
    /// process id stays known to `wait` after that.
    pub fn is_live(&self) -> bool {
        !self.reaped
    }
}
