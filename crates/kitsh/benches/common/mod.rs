//! Helpers shared by the bench binaries: timing loops and table cells.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Mean wall time of `f` over enough runs to fill about `budget` (at least 3, after one
/// warm-up run).
pub fn mean(budget: Duration, mut f: impl FnMut()) -> Duration {
    f();
    let start = Instant::now();
    let mut n = 0u32;
    while start.elapsed() < budget || n < 3 {
        f();
        n += 1;
    }
    start.elapsed() / n
}

/// Microseconds, for printing.
pub fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// Mean time of `bash -c SCRIPT` as a process (start-up included) with `stdin` as its input,
/// or `None` when bash cannot run here. Panics when the script fails: a bench must compare
/// working scripts.
pub fn bash_process(script: &str, stdin: &[u8], budget: Duration) -> Option<Duration> {
    Command::new("bash").arg("-c").arg("true").output().ok()?;
    Some(mean(budget, || {
        let mut child = Command::new("bash")
            .arg("-c")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("bash starts");
        let mut input = child.stdin.take().expect("piped stdin");
        // A script may stop reading early; a broken pipe is fine.
        let _ = input.write_all(stdin);
        drop(input);
        let status = child.wait().expect("bash runs");
        assert!(status.success(), "bash: {script}");
    }))
}
