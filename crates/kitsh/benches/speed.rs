//! Speed benchmark: kitsh against `bash -c` on the same scripts (`cargo bench -p kitsh`).
//!
//! Prints, for each case, kitsh's mean time, bash's mean time and the ratio; plus the heap an
//! idle `Bash` holds, measured with a counting allocator. Not a test: nothing is asserted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::process::Command;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Duration;

use kitsh::tool::{BashTool, Tool, ToolRequest};
use kitsh::Bash;

mod common;
use common::{mean, us};

/// Counts live heap bytes.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        LIVE.fetch_add(n as isize - l.size() as isize, Ordering::Relaxed);
        System.realloc(p, l, n)
    }
}

#[global_allocator]
static A: Counting = Counting;

const WHILE_LOOP: &str = "i=0; while (( i < 10000 )); do i=$((i + 1)); done; echo $i";
const FUNC_CALLS: &str = "f() { r=$1; }; for ((i = 0; i < 1000; i++)); do f $i; done; echo $r";
const PIPELINE: &str = "seq 1 20000 | sort -rn | head -n 3";
const STRINGS: &str = "s=; for i in $(seq 1 2000); do s+=\"x$i,\"; done; a=(${s//,/ }); echo ${#a[@]} ${a[-1]}";

fn kitsh_run(script: &str) -> Duration {
    mean(Duration::from_millis(700), || {
        let mut b = Bash::new();
        let r = b.exec_sync(script);
        assert_eq!(r.exit_code, 0, "{script}: {}", r.stderr);
    })
}

fn bash_run(script: &str) -> Option<Duration> {
    Command::new("bash").arg("-c").arg("true").output().ok()?;
    Some(mean(Duration::from_millis(700), || {
        let out = Command::new("bash").arg("-c").arg(script).output();
        assert!(out.is_ok_and(|o| o.status.success()));
    }))
}

fn show(name: &str, k: Duration, b: Option<Duration>) {
    match b {
        Some(b) => println!("{name:<34} kitsh {:>10.1} µs   bash -c {:>10.1} µs   {:>6.1}× faster", us(k), us(b), us(b) / us(k)),
        None => println!("{name:<34} kitsh {:>10.1} µs", us(k)),
    }
}

fn main() {
    // `cargo bench -p kitsh --bench speed -- profile`: only the interpreter start-up, for perf;
    // `-- tool-parts`: the parts of a tool call (sync tool path, async hop, bare spawn_blocking).
    if std::env::args().any(|a| a == "profile-loop") {
        mean(Duration::from_secs(3), || {
            std::hint::black_box(Bash::new().exec_sync(WHILE_LOOP));
        });
        return;
    }
    if std::env::args().any(|a| a == "profile-calls") {
        mean(Duration::from_secs(3), || {
            std::hint::black_box(Bash::new().exec_sync(FUNC_CALLS));
        });
        return;
    }
    if std::env::args().any(|a| a == "profile") {
        mean(Duration::from_secs(3), || {
            let mut b = Bash::new();
            std::hint::black_box(b.exec_sync("echo hi"));
        });
        return;
    }
    // Creating a fresh interpreter and running `echo hi`: the per-tool-call cost.
    let k = mean(Duration::from_millis(700), || {
        let mut b = Bash::new();
        let r = b.exec_sync("echo hi");
        assert_eq!(r.stdout, "hi\n");
    });
    show("new Bash + `echo hi`", k, bash_run("echo hi"));
    if std::env::args().any(|a| a == "tool-parts") {
        let mut tool = BashTool::default();
        let t = mean(Duration::from_millis(700), || {
            std::hint::black_box(tool.execute_sync(ToolRequest::new("echo hi")));
        });
        show("same BashTool, execute_sync", t, None);
        let t = mean(Duration::from_millis(700), || {
            std::hint::black_box(BashTool::default().execute_sync(ToolRequest::new("echo hi")));
        });
        show("new BashTool, execute_sync", t, None);
        let Ok(rt) = tokio::runtime::Builder::new_current_thread().build() else { return };
        let mut b = Bash::new();
        let t = mean(Duration::from_millis(700), || {
            std::hint::black_box(rt.block_on(b.exec("echo hi")).ok());
        });
        show("same Bash, exec (async)", t, None);
        let t = mean(Duration::from_millis(700), || {
            std::hint::black_box(rt.block_on(async { tokio::task::spawn_blocking(|| 1).await.ok() }));
        });
        show("bare spawn_blocking hop", t, None);
        return;
    }
    // The tool call through the async API: a fresh BashTool, `execute` hops to the blocking
    // pool and back. On both runtime flavours.
    for (label, rt) in [
        ("tool call, current-thread runtime", tokio::runtime::Builder::new_current_thread().build()),
        ("tool call, multi-thread runtime", tokio::runtime::Builder::new_multi_thread().worker_threads(2).build()),
    ] {
        let Ok(rt) = rt else { continue };
        let t = mean(Duration::from_millis(700), || {
            let r = rt.block_on(async {
                let mut tool = BashTool::default();
                tool.execute(ToolRequest::new("echo hi")).await
            });
            assert_eq!(r.stdout, "hi\n");
        });
        show(&format!("{label}: new BashTool + execute"), t, None);
        // and on a tool kept across calls (state persists, no new session)
        let mut tool = BashTool::default();
        let t = mean(Duration::from_millis(700), || {
            let r = rt.block_on(tool.execute(ToolRequest::new("echo hi")));
            assert_eq!(r.stdout, "hi\n");
        });
        show(&format!("{label}: same BashTool, execute"), t, None);
    }
    for (name, script) in [
        ("10 000-iteration arithmetic while", WHILE_LOOP),
        ("1 000 function calls", FUNC_CALLS),
        ("seq 20000 | sort -rn | head", PIPELINE),
        ("string building + array split", STRINGS),
    ] {
        show(name, kitsh_run(script), bash_run(script));
    }
    // Heap held by an idle interpreter (allocations still live after `Bash::new()`).
    let before = LIVE.load(Ordering::SeqCst);
    let b = Bash::new();
    let idle = LIVE.load(Ordering::SeqCst) - before;
    std::hint::black_box(&b);
    println!("{:<34} {:.1} KiB", "idle Bash heap", idle as f64 / 1024.0);
}
