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

/// Median wall time of `f` over the runs that fill about `budget` (at least 5, after one
/// warm-up run): on a shared VM a median is steadier than a mean, which one stalled run moves.
pub fn median(budget: Duration, mut f: impl FnMut()) -> Duration {
    f();
    let start = Instant::now();
    let mut times = Vec::new();
    while start.elapsed() < budget || times.len() < 5 {
        let t = Instant::now();
        f();
        times.push(t.elapsed());
    }
    times.sort_unstable();
    times[times.len() / 2]
}

/// Microseconds, for printing.
pub fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// Median time of `bash -c SCRIPT` as a process (start-up included) with `stdin` as its input,
/// or `None` when bash cannot run here. Panics when the script fails: a bench must compare
/// working scripts.
pub fn bash_process(script: &str, stdin: &[u8], budget: Duration) -> Option<Duration> {
    shell_process("bash", script, stdin, budget)
}

/// [`bash_process`] for another shell that takes `-c SCRIPT` (bashkit's CLI; `program` may
/// carry options after its path, split at blanks): `None` also when the script fails there on
/// a first try (a shell that cannot run it is not timed).
pub fn shell_process(program: &str, script: &str, stdin: &[u8], budget: Duration) -> Option<Duration> {
    // `program` may carry options after the path, split at blanks.
    let mut words = program.split_whitespace();
    let path = words.next()?;
    let opts: Vec<&str> = words.collect();
    let run = || -> bool {
        let Ok(mut child) = Command::new(path).args(&opts).arg("-c").arg(script).stdin(Stdio::piped()).stdout(Stdio::null()).stderr(Stdio::null()).spawn()
        else {
            return false;
        };
        if let Some(mut input) = child.stdin.take() {
            // A script may stop reading early; a broken pipe is fine.
            let _ = input.write_all(stdin);
        }
        child.wait().is_ok_and(|s| s.success())
    };
    if !run() {
        return None;
    }
    Some(median(budget, || assert!(run(), "{program}: {script}")))
}
