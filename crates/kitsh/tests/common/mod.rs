//! Shared support for kitsh's integration tests: a wall-clock guard, a `bash`-named shell
//! builder and assertions about limits.

#![allow(clippy::panic, dead_code)] // tests report failures by panicking; not every test uses every helper

use std::sync::mpsc;
use std::time::{Duration, Instant};

use kitsh::{Bash, ExecResult, ExecutionLimits};

pub mod guest;

/// Wall-clock budget of one test.
pub const GUARD: Duration = Duration::from_secs(20);

/// Run `f` on its own thread; fail the test if it takes longer than [`GUARD`].
pub fn guarded<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(GUARD) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("test exceeded the {GUARD:?} wall-clock guard")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => match handle.join() {
            Err(p) => std::panic::resume_unwind(p),
            Ok(()) => panic!("test thread ended without a result"),
        },
    }
}

/// A `Bash` named `bash` (so messages read like `/bin/bash -c`) with the given limits.
pub fn shell(limits: ExecutionLimits) -> Bash {
    match Bash::builder().name("bash").limits(limits).build() {
        Ok(b) => b,
        Err(e) => panic!("build failed: {e}"),
    }
}

/// Default limits with a 10 s timeout, so a runaway script cannot reach the guard first.
pub fn limits() -> ExecutionLimits {
    ExecutionLimits::new().timeout(Duration::from_secs(10))
}

/// Run `script`, returning the result and the elapsed time.
pub fn timed(sh: &mut Bash, script: &str) -> (ExecResult, Duration) {
    let t = Instant::now();
    let r = sh.exec_sync(script);
    (r, t.elapsed())
}

/// The shell still works after whatever happened before.
pub fn assert_still_works(sh: &mut Bash) {
    let r = sh.exec_sync("echo ok");
    assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.exit_code), ("ok\n", "", 0));
}

/// Run `script` with `limits`; it must stop within `max` with `status` and a stderr ending in
/// `msg`, and the shell must keep working.
pub fn assert_limit(limits: ExecutionLimits, script: &'static str, status: i32, msg: &'static str, max: Duration) {
    guarded(move || {
        let mut sh = shell(limits);
        let (r, took) = timed(&mut sh, script);
        let out = &r.stdout[..r.stdout.len().min(200)];
        assert_eq!(
            r.exit_code, status,
            "exit status; stderr: {:?} stdout: {out:?} took {took:?}",
            r.stderr
        );
        // the last line names the limit and its value: `bash: line 1: MSG (VALUE)`
        let last = r.stderr.lines().last().unwrap_or("");
        let valued = !msg.contains("timed out");
        assert!(
            last.contains(msg) && (!valued || last.contains(&format!("{msg} (")) && last.ends_with(')')),
            "stderr should end with {msg:?} and the limit's value: {:?}",
            r.stderr
        );
        assert!(took < max, "took {took:?}, more than {max:?}");
        assert_still_works(&mut sh);
    });
}
