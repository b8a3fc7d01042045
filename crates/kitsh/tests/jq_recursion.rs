//! `jq` programs that recurse or loop without bound must end with a jq-style error (or at the
//! script's timeout), never overflow the stack and abort the host process.

#![allow(clippy::panic)] // tests report failures by panicking

use std::time::{Duration, Instant};

use kitsh::{Bash, ExecutionLimits};

fn run(script: &str, timeout: Duration) -> kitsh::ExecResult {
    let limits = ExecutionLimits::new().timeout(timeout);
    let mut sh = match Bash::builder().limits(limits).build() {
        Ok(sh) => sh,
        Err(e) => panic!("cannot build a shell: {e}"),
    };
    sh.exec_sync(script)
}

/// Unbounded recursion stops with "maximum recursion depth exceeded" and status 5.
#[test]
fn unbounded_recursion_is_an_error() {
    let programs = [
        "def f: 1 + f; f",
        "def f: [f]; f",
        "def f: def g: 3; [g, f]; f",
        "def f: {a: f}; f",
        "def f: try f catch f; f",
        "def f($n): $n + f($n + 1); f(0)",
        "def f: def g: f; [g]; f",
        "def f: .a |= f; f",
    ];
    for p in programs {
        let script = format!("jq -n '{p}'; echo \"status $?\"");
        let r = run(&script, Duration::from_secs(60));
        assert!(
            r.stderr
                .contains("jq: error: maximum recursion depth exceeded"),
            "{p}: stderr {:?}",
            r.stderr
        );
        assert!(
            r.stdout.ends_with("status 5\n"),
            "{p}: stdout {:?}",
            r.stdout
        );
    }
}

/// A recursive program that ends in time is not affected.
#[test]
fn bounded_recursion_works() {
    let r = run(
        "jq -n 'def f: if . < 3000 then .+1 | f else . end; 0 | f'",
        Duration::from_secs(60),
    );
    assert_eq!(r.stdout, "3000\n", "stderr {:?}", r.stderr);
    let r = run(
        "jq -n 'def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; 10 | fac'",
        Duration::from_secs(60),
    );
    assert_eq!(r.stdout, "3628800\n");
    let r = run(
        "jq -c -n 'def f: .a; {} | (f |= 1), path(f), (def g: f; g += 2)'",
        Duration::from_secs(60),
    );
    assert_eq!(
        r.stdout, "{\"a\":1}\n[\"a\"]\n{\"a\":2}\n",
        "stderr {:?}",
        r.stderr
    );
}

/// Tail-recursive loops (jaq runs tail calls without growing the stack) and endless generators stop at the script's timeout.
#[test]
fn endless_loops_stop_at_the_timeout() {
    for p in [
        "def f: f; f",
        "def f: .+1 | f; 0 | f",
        "last(repeat(1))",
        "def f: ., f; last(f)",
        "def f(g): g | f(g); f(.)",
        "def f(g): [g | f(g)]; f(.)",
        "[recurse(.+1)] | length",
        "[repeat(1)] | length",
        "def f(g): if . > 300000 then g else .+1 | f(g | .) end; 0 | f(.)",
    ] {
        let start = Instant::now();
        let _ = run(
            &format!("jq -n '{p}'; echo \"status $?\""),
            Duration::from_secs(2),
        );
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{p} ran {:?}",
            start.elapsed()
        );
    }
}
