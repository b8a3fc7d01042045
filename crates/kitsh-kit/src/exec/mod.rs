//! Executors (KIT-16, KIT-17): running a tool's script for one call, with the common rules
//! (own process group, cleared environment, bounded output, timeout, cancellation, no process
//! left behind) and the KIT-16 failure messages.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::adapt::ProcessInput;
use crate::spec::{Resolved, ToolSpec};

pub mod docker;
pub mod native;
/// The sandbox executor (KIT-18).
#[cfg(target_os = "linux")]
pub mod sandbox;
/// The sandbox executor (KIT-18): unavailable off Linux.
#[cfg(not(target_os = "linux"))]
#[path = "sandbox_other.rs"]
pub mod sandbox;

mod reaper;

pub use docker::{base_image, container_cli, docker_status, image_present, refresh_image, run_docker};
pub use native::run_native;
pub use sandbox::{run_sandbox, sandbox_status};

/// How many trailing bytes of a script's stderr are kept.
pub const STDERR_TAIL: usize = 64 * 1024;

/// How many trailing bytes of stderr an `exited with status N: TAIL` message quotes.
const MESSAGE_TAIL: usize = 1000;

/// How long a group has between SIGTERM and SIGKILL.
pub const KILL_GRACE: Duration = Duration::from_secs(2);

/// A cancellation signal for runs: clone it into a [`RunRequest`], call [`CancelToken::cancel`]
/// from anywhere; the run's group gets SIGTERM, then SIGKILL after [`KILL_GRACE`].
#[derive(Debug, Clone)]
pub struct CancelToken(Arc<watch::Sender<bool>>);

impl Default for CancelToken {
    fn default() -> Self {
        Self::new()
    }
}

impl CancelToken {
    /// A token not yet cancelled.
    pub fn new() -> Self {
        CancelToken(Arc::new(watch::channel(false).0))
    }

    /// Cancels every run holding this token (and any started with it later).
    pub fn cancel(&self) {
        self.0.send_replace(true);
    }

    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        *self.0.borrow()
    }

    /// Completes once the token is cancelled.
    pub async fn cancelled(&self) {
        let mut rx = self.0.subscribe();
        // The sender lives in `self`, so `wait_for` cannot fail for a closed channel.
        let _ = rx.wait_for(|cancelled| *cancelled).await;
    }
}

/// One call of a tool: its definition, its resolved files and the adapted input.
#[derive(Debug)]
pub struct RunRequest<'a> {
    /// The tool (name, timeout, `max_output`, `env`).
    pub spec: &'a ToolSpec,
    /// Its directory, entrypoint and type.
    pub resolved: &'a Resolved,
    /// The argv words and stdin bytes from the input adapter.
    pub input: ProcessInput,
    /// Cancels the run when triggered.
    pub cancel: Option<CancelToken>,
}

/// A successful run (exit status 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutput {
    /// Everything the script wrote on stdout (at most `max_output` bytes).
    pub stdout: Vec<u8>,
    /// The last [`STDERR_TAIL`] bytes of its stderr.
    pub stderr: Vec<u8>,
    /// The exit status (0).
    pub status: i32,
}

/// Why a run failed (KIT-16). [`RunError::message`] has no `NAME: ` prefix; the surfaces add it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The script exited with a non-zero status.
    #[error("{}", self.message())]
    Exited {
        /// The exit status.
        status: i32,
        /// The trimmed last 1000 bytes of stderr (on a char boundary); empty when stderr was.
        stderr_tail: String,
        /// What the script wrote on stdout before it failed.
        stdout: Vec<u8>,
        /// The last 64 KiB of its stderr.
        stderr: Vec<u8>,
    },
    /// The script was killed by this signal (not by kitsh).
    #[error("{}", self.message())]
    Signaled(i32),
    /// The tool's timeout passed.
    #[error("{}", self.message())]
    TimedOut(Duration),
    /// stdout went past `max_output` bytes (the limit).
    #[error("{}", self.message())]
    OutputTooLarge(u64),
    /// The caller cancelled the run.
    #[error("{}", self.message())]
    Cancelled,
    /// The script could not be started (no interpreter, entrypoint not executable, spawn error).
    #[error("{}", self.message())]
    CouldNotRun(String),
}

impl RunError {
    /// The KIT-16 message, without the `NAME: ` prefix: `exited with status N[: TAIL]`,
    /// `killed by signal N`, `timed out after 120s` / `2.5s`, `output exceeded N bytes`,
    /// `cancelled`, or the could-not-run reason.
    pub fn message(&self) -> String {
        match self {
            RunError::Exited {
                status,
                stderr_tail,
                ..
            } if stderr_tail.is_empty() => format!("exited with status {status}"),
            RunError::Exited {
                status,
                stderr_tail,
                ..
            } => format!("exited with status {status}: {stderr_tail}"),
            RunError::Signaled(signal) => format!("killed by signal {signal}"),
            RunError::TimedOut(after) => format!("timed out after {}s", after.as_secs_f64()),
            RunError::OutputTooLarge(limit) => format!("output exceeded {limit} bytes"),
            RunError::Cancelled => "cancelled".to_string(),
            RunError::CouldNotRun(reason) => reason.clone(),
        }
    }

    /// The bash exit status of the tool's command (decision 1): the script's status N, 128+N
    /// when killed by signal N, 124 on timeout, 125 when kitsh could not run it or the output
    /// was too large, 130 when cancelled.
    pub fn exit_code(&self) -> i32 {
        match self {
            RunError::Exited { status, .. } => *status,
            RunError::Signaled(signal) => 128 + signal,
            RunError::TimedOut(_) => 124,
            RunError::OutputTooLarge(_) | RunError::CouldNotRun(_) => 125,
            RunError::Cancelled => 130,
        }
    }

    /// Whether the message is kitsh's own (decision 13: never sanitised) rather than carrying
    /// the tool's output (`Exited`, `Signaled`).
    pub fn is_public(&self) -> bool {
        !matches!(self, RunError::Exited { .. } | RunError::Signaled(_))
    }
}

/// The `: TAIL` of an exit message: stderr trimmed, its last 1000 bytes on a char boundary.
pub(crate) fn message_tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let text = text.trim();
    let mut start = text.len().saturating_sub(MESSAGE_TAIL);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    text[start..].trim_start().to_string()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;

    #[test]
    fn messages_and_codes() {
        let e = RunError::Exited {
            status: 3,
            stderr_tail: message_tail(b"  boom\n"),
            stdout: Vec::new(),
            stderr: Vec::new(),
        };
        assert_eq!(
            (e.message(), e.exit_code(), e.is_public()),
            ("exited with status 3: boom".into(), 3, false)
        );
        let e = RunError::Exited {
            status: 2,
            stderr_tail: message_tail(b"\n"),
            stdout: Vec::new(),
            stderr: Vec::new(),
        };
        assert_eq!(e.message(), "exited with status 2");
        assert_eq!(
            (
                RunError::Signaled(9).message(),
                RunError::Signaled(9).exit_code()
            ),
            ("killed by signal 9".into(), 137)
        );
        let t = RunError::TimedOut(Duration::from_secs(120));
        assert_eq!(
            (t.message(), t.exit_code(), t.is_public()),
            ("timed out after 120s".into(), 124, true)
        );
        assert_eq!(
            RunError::TimedOut(Duration::from_millis(2500)).message(),
            "timed out after 2.5s"
        );
        let o = RunError::OutputTooLarge(1048576);
        assert_eq!(
            (o.message(), o.exit_code()),
            ("output exceeded 1048576 bytes".into(), 125)
        );
        assert_eq!(RunError::CouldNotRun("x".into()).exit_code(), 125);
        assert_eq!(RunError::Cancelled.to_string(), "cancelled");
        let long = "é".repeat(800);
        let tail = message_tail(long.as_bytes());
        assert!(
            tail.len() <= 1000 && tail.chars().all(|c| c == 'é'),
            "{}",
            tail.len()
        );
    }
}
