//! Load: many executions at once on one tokio runtime, with no cross-talk of variables, files
//! or output between them, and a host callback that panics taking nothing else down.
//! (The soak — 100 000 scripts in a row with flat memory — is a release-mode bench:
//! `cargo bench -p kitsh --bench soak`.)

#![allow(clippy::panic)] // tests report failures by panicking

use std::sync::Arc;

use kitsh::builtins::{Builtin, Ctx};
use kitsh::tool::{BashTool, Tool, ToolRequest};
use kitsh::{Bash, ExecutionLimits};

/// A mixed script for execution `i`: variables, a file of its own, a pipeline, a loop, a
/// function, a subshell and jq, each step tagged with `i` so any cross-talk shows.
fn script(i: usize) -> String {
    match i % 4 {
        0 => format!("id={i}; echo \"v=$id\" > /tmp/own; for k in 1 2 3; do x=$x$k; done; echo \"$id $x $(cat /tmp/own)\""),
        1 => format!("f(){{ echo \"$1-$((i=$1*2))\"; }}; f {i}; printf '%s\\n' {i} | sort | tr 0-9 0-9"),
        2 => format!("echo '{{\"n\":{i}}}' | jq -c '.n'; (cd /tmp && echo {i} > f && cat f)"),
        _ => format!("declare -A m=([k]={i}); echo ${{m[k]}}; seq 3 | while read l; do echo {i}:$l; done | tail -1"),
    }
}

fn expected(i: usize) -> String {
    match i % 4 {
        0 => format!("{i} 123 v={i}\n"),
        1 => format!("{i}-{}\n{i}\n", i * 2),
        2 => format!("{i}\n{i}\n"),
        _ => format!("{i}\n{i}:3\n"),
    }
}

#[test]
fn a_thousand_concurrent_executions_do_not_cross_talk() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).max_blocking_threads(256).enable_all().build().unwrap_or_else(|e| panic!("{e}"));
    rt.block_on(async {
        let mut tasks = Vec::new();
        for i in 0..1000 {
            tasks.push(tokio::spawn(async move {
                let mut sh = Bash::builder().limits(ExecutionLimits::new()).build().unwrap_or_else(|e| panic!("{e}"));
                let r = sh.exec(&script(i)).await.unwrap_or_else(|e| panic!("{e}"));
                (i, r)
            }));
        }
        let mut done = 0;
        for t in tasks {
            let (i, r) = t.await.unwrap_or_else(|e| panic!("{e}"));
            assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.exit_code), (expected(i).as_str(), "", 0), "execution {i}");
            done += 1;
        }
        assert_eq!(done, 1000);
    });
}

#[test]
fn sessions_in_parallel_keep_their_own_state() {
    // Long-lived sessions (one BashTool each), driven in turns from many tasks at once.
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap_or_else(|e| panic!("{e}"));
    rt.block_on(async {
        let mut tasks = Vec::new();
        for i in 0..100 {
            tasks.push(tokio::spawn(async move {
                let mut tool = BashTool::builder().build();
                for turn in 0..10 {
                    let r = tool.execute(ToolRequest::new(format!("n=$((${{n:-0}}+1)); echo {i} >> /tmp/log; echo $n $(wc -l < /tmp/log)"))).await;
                    assert_eq!(r.stdout, format!("{} {}\n", turn + 1, turn + 1), "session {i}");
                }
            }));
        }
        for t in tasks {
            t.await.unwrap_or_else(|e| panic!("{e}"));
        }
    });
}

/// A host command that panics.
struct Boom;

impl Builtin for Boom {
    fn run(&self, _ctx: &mut Ctx<'_>, _args: &[String]) -> i32 {
        panic!("host callback failed");
    }
}

#[test]
fn a_panicking_host_callback_does_not_take_the_runtime_down() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap_or_else(|e| panic!("{e}"));
    rt.block_on(async {
        let mut tasks = Vec::new();
        for i in 0..50 {
            tasks.push(tokio::spawn(async move {
                let mut sh = Bash::builder().builtin("boom", Arc::new(Boom)).build().unwrap_or_else(|e| panic!("{e}"));
                let script = if i % 2 == 0 { "echo before; boom; echo after" } else { "echo fine" };
                let r = sh.exec(script).await.unwrap_or_else(|e| panic!("{e}"));
                // the same session goes on working
                let again = sh.exec("echo again").await.unwrap_or_else(|e| panic!("{e}"));
                (i, r, again)
            }));
        }
        for t in tasks {
            let (i, r, again) = t.await.unwrap_or_else(|e| panic!("{e}"));
            if i % 2 == 0 {
                assert!(r.stdout.starts_with("before\n") && r.stderr.contains("internal error") && r.exit_code != 0, "{r:?}");
            } else {
                assert_eq!(r.stdout, "fine\n");
            }
            assert_eq!(again.stdout, "again\n");
        }
    });
}
