//! Async callbacks (ST-2, ST-7): awaited on the host's runtime, concurrent in background jobs
//! and pipeline stages, dropped when the script times out; mixed freely with sync ones.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use kitsh::scripted_tool::{ScriptedTool, ToolArgs, ToolDef};
use kitsh::tool::{Tool, ToolRequest};
use tokio::sync::Barrier;

/// Two tools that each wait at a barrier for the other: the script only finishes when both
/// calls run at the same time (a sequential run would hit the time limit).
fn rendezvous() -> ScriptedTool {
    let barrier = Arc::new(Barrier::new(2));
    let (b1, b2) = (barrier.clone(), barrier);
    ScriptedTool::builder("async_api")
        .async_tool_fn(ToolDef::new("left", "Waits for right"), move |_: ToolArgs| {
            let b = b1.clone();
            async move {
                b.wait().await;
                Ok("left\n".to_string())
            }
        })
        .async_tool_fn(ToolDef::new("right", "Waits for left"), move |a: ToolArgs| {
            let b = b2.clone();
            async move {
                b.wait().await;
                Ok(format!("right:{}\n", a.stdin.is_some()))
            }
        })
        .tool_fn(ToolDef::new("sync_one", "Sync"), |_: &ToolArgs| Ok("sync\n".into()))
        .build()
}

async fn exec(t: &ScriptedTool, script: &str, ms: u64) -> kitsh::tool::ToolResponse {
    let mut t = t.clone();
    t.execute(ToolRequest::new(script).with_timeout_ms(ms)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn background_jobs_run_async_tools_concurrently() {
    let t = rendezvous();
    let r = exec(&t, "left > /dev/null & right </dev/null & wait; sync_one", 10_000).await;
    assert_eq!((r.stdout.as_str(), r.error.as_deref()), ("right:true\nsync\n", None));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pipeline_stages_run_async_tools_concurrently() {
    let t = rendezvous();
    // `right` has its own input, so it runs while `left` still writes to the pipe.
    let r = exec(&t, "left | { right </dev/null; cat; }", 10_000).await;
    assert_eq!((r.stdout.as_str(), r.error.as_deref()), ("right:true\nleft\n", None));
}

#[tokio::test(flavor = "current_thread")]
async fn a_current_thread_runtime_drives_the_callbacks() {
    let t = rendezvous();
    let r = exec(&t, "left >/dev/null & right; wait", 10_000).await;
    assert_eq!((r.stdout.as_str(), r.error.as_deref()), ("right:false\n", None));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_drops_the_in_flight_future() {
    let finished = Arc::new(AtomicBool::new(false));
    let f2 = finished.clone();
    let t = ScriptedTool::builder("slow_api")
        .async_tool_fn(ToolDef::new("slow", "Sleeps"), move |_: ToolArgs| {
            let f = f2.clone();
            async move {
                tokio::time::sleep(Duration::from_secs(3)).await;
                f.store(true, Ordering::SeqCst);
                Ok("late\n".to_string())
            }
        })
        .build();
    let started = std::time::Instant::now();
    let r = exec(&t, "echo before; slow; echo after", 200).await;
    assert_eq!((r.stdout.as_str(), r.exit_code, r.error.as_deref()), ("before\n", 124, Some("timeout")));
    assert!(started.elapsed() < Duration::from_secs(2));
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(!finished.load(Ordering::SeqCst));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn async_errors_and_panics_are_sanitised() {
    let t = ScriptedTool::builder("a")
        .async_tool_fn(ToolDef::new("bad", "Fails"), |_: ToolArgs| async { Err::<String, String>("SECRET".into()) })
        .async_tool_fn(ToolDef::new("boom", "Panics"), |_: ToolArgs| async {
            #[allow(clippy::panic)]
            {
                panic!("SECRET panic")
            }
        })
        .build();
    let r = exec(&t, "bad; boom; echo $?", 10_000).await;
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("1\n", "bad: tool failed\nboom: tool failed\n"));
}

#[test]
fn async_tools_work_without_a_host_runtime() {
    let t = ScriptedTool::builder("a")
        .async_tool_fn(ToolDef::new("later", "Async"), |a: ToolArgs| async move { Ok(format!("{}\n", a.params)) })
        .build();
    let r = t.execute_sync(ToolRequest::new("later --n 1 | jq .n"));
    assert_eq!(r.stdout, "\"1\"\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_sync_callback_sees_the_stop_and_gives_up() {
    // A sync callback that waits on something slow polls `ToolArgs::stopped` (the Node
    // package's JavaScript tools do): the timeout and the host's cancellation end it.
    let polls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let p2 = polls.clone();
    let t = ScriptedTool::builder("waiter")
        .tool_fn(ToolDef::new("wait_forever", "Waits until stopped"), move |a: &ToolArgs| {
            while !a.stopped() {
                p2.fetch_add(1, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(5));
            }
            Err("stopped".into())
        })
        .build();
    let started = std::time::Instant::now();
    let r = exec(&t, "echo before; wait_forever; echo after", 200).await;
    assert_eq!((r.stdout.as_str(), r.exit_code, r.error.as_deref()), ("before\n", 124, Some("timeout")));
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(polls.load(Ordering::SeqCst) > 0);
    let token = kitsh::CancellationToken::new();
    let t2 = token.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        t2.cancel();
    });
    let r = t.execute_cancellable(ToolRequest::new("wait_forever; echo after"), &token).await;
    assert_eq!((r.stdout.as_str(), r.exit_code, r.error.as_deref()), ("", 130, Some("cancelled")));
    // Outside a script nothing stops.
    assert!(!ToolArgs::new(serde_json::json!({}), None).stopped());
}

#[test]
fn execute_sync_with_status_streams_and_cancels() {
    let t = ScriptedTool::builder("s").tool_fn(ToolDef::new("ping", "Pong"), |_: &ToolArgs| Ok("pong\n".into())).build();
    let events = Arc::new(std::sync::Mutex::new(Vec::new()));
    let e2 = events.clone();
    let cb: kitsh::tool::StatusCallback = Box::new(move |st| e2.lock().unwrap().push((st.phase.clone(), st.message.clone(), st.output.clone())));
    let r = t.execute_sync_with_status(ToolRequest::new("ping; echo done"), Some(cb), None);
    assert_eq!(r.stdout, "pong\ndone\n");
    let events = events.lock().unwrap().clone();
    assert!(events.contains(&("tool_call".into(), Some("ping".into()), None)));
    let out: String = events.iter().filter_map(|(p, _, o)| (p == "output").then(|| o.clone().unwrap_or_default())).collect();
    assert_eq!(out, "pong\ndone\n");
    let token = kitsh::CancellationToken::new();
    token.cancel();
    let r = t.execute_sync_with_status(ToolRequest::new("ping"), None, Some(&token));
    assert_eq!((r.exit_code, r.error.as_deref()), (130, Some("cancelled")));
}
