//! The async API never blocks the executor; a token, `timeout_ms` and dropping the future
//! stop a script with the spec's status and the output so far; no thread is left running.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::rt;
use crate::tool::{BashTool, Tool, ToolRequest, ToolResponse, ToolStatus};
use crate::{Bash, CancellationToken};

#[test]
fn an_endless_script_does_not_stop_other_tasks_on_a_current_thread_runtime() {
    rt().block_on(async {
        let unlimited = crate::ExecutionLimits::new().max_loop_iterations(u64::MAX).max_total_loop_iterations(u64::MAX).max_commands(u64::MAX);
        let mut tool = BashTool::builder().limits(unlimited).build();
        let ticks = Arc::new(Mutex::new(0u32));
        let t2 = ticks.clone();
        let ticker = tokio::spawn(async move {
            for _ in 0..10 {
                tokio::time::sleep(Duration::from_millis(20)).await;
                *t2.lock().unwrap_or_else(|e| e.into_inner()) += 1;
            }
        });
        let resp = tool.execute(ToolRequest::new("while :; do :; done").with_timeout_ms(1000)).await;
        let done = *ticks.lock().unwrap_or_else(|e| e.into_inner());
        assert_eq!(done, 10, "the ticker ran while the script did");
        assert_eq!((resp.exit_code, resp.error.as_deref()), (124, Some("timeout")));
        assert!(ticker.await.is_ok());
    });
}

#[test]
fn a_token_cancels_with_partial_output() {
    rt().block_on(async {
        let mut tool = BashTool::default();
        let token = CancellationToken::new();
        let t2 = token.clone();
        let canceller = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            t2.cancel();
        });
        let start = Instant::now();
        let resp = tool.execute_cancellable(ToolRequest::new("echo a; sleep 10; echo never"), &token).await;
        assert!(start.elapsed() < Duration::from_secs(3));
        assert_eq!(resp, ToolResponse { stdout: "a\n".into(), stderr: "kitsh: execution cancelled\n".into(), exit_code: 130, error: Some("cancelled".into()), ..Default::default() });
        assert!(canceller.await.is_ok());
        // a cancelled token stops the next run at once; the session is kept
        let resp = tool.execute_cancellable(ToolRequest::new("echo x"), &token).await;
        assert_eq!((resp.stdout.as_str(), resp.exit_code), ("", 130));
        let resp = tool.execute(ToolRequest::new("echo fine")).await;
        assert_eq!((resp.stdout.as_str(), resp.error), ("fine\n", None));
    });
}

#[test]
fn cancel_reaches_pipeline_stages_loops_and_read() {
    for script in ["echo a; sleep 10 | cat", "echo a; while :; do :; done", "echo a; yes | while read l; do :; done", "echo a; (sleep 10)"] {
        rt().block_on(async {
            let mut tool = BashTool::builder().limits(crate::ExecutionLimits::new().no_timeout().max_loop_iterations(u64::MAX).max_total_loop_iterations(u64::MAX).max_commands(u64::MAX)).build();
            let token = CancellationToken::new();
            let t2 = token.clone();
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(150)).await;
                t2.cancel();
            });
            let start = Instant::now();
            let resp = tool.execute_cancellable(ToolRequest::new(script), &token).await;
            assert!(start.elapsed() < Duration::from_secs(3), "{script}");
            assert_eq!((resp.stdout.as_str(), resp.exit_code, resp.error.as_deref()), ("a\n", 130, Some("cancelled")), "{script}");
            assert_eq!(tool.bash().map(|b| b.running_threads()), Some(0), "{script}");
        });
    }
}

#[test]
fn dropping_the_future_stops_the_script_and_leaves_no_thread() {
    rt().block_on(async {
        let mut bash = Bash::new();
        let r = tokio::time::timeout(Duration::from_millis(150), bash.exec("x=1; sleep 10 | cat; x=2")).await;
        assert!(r.is_err(), "timed out");
        let start = Instant::now();
        while bash.is_running() && start.elapsed() < Duration::from_secs(3) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(!bash.is_running());
        assert_eq!(bash.running_threads(), 0);
        // the session is kept: the script stopped where it was
        let r = bash.exec("echo $x").await.map(|r| r.stdout).unwrap_or_default();
        assert_eq!(r, "1\n");
    });
}

#[test]
fn bash_level_cancellation_and_sync_entry_point() {
    rt().block_on(async {
        let mut bash = Bash::new();
        let token = CancellationToken::new();
        token.cancel();
        let r = bash.exec_cancellable("echo a", &token).await.unwrap_or_default();
        assert_eq!((r.stdout.as_str(), r.exit_code), ("", 130));
        assert!(r.stderr.ends_with("execution cancelled\n"), "{r:?}");
    });
    let mut bash = Bash::new();
    assert_eq!(bash.exec_sync("echo sync").stdout, "sync\n");
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Bash>();
}

#[test]
fn chunks_arrive_while_the_script_runs() {
    rt().block_on(async {
        let mut bash = Bash::new();
        let start = Instant::now();
        let seen = Arc::new(Mutex::new(Vec::<(String, Duration)>::new()));
        let s2 = seen.clone();
        let r = bash
            .exec_streaming(
                "for i in 1 2 3; do echo $i; sleep 0.3; done",
                Box::new(move |out, _| s2.lock().unwrap_or_else(|e| e.into_inner()).push((out.to_string(), start.elapsed()))),
            )
            .await
            .unwrap_or_default();
        let total = start.elapsed();
        assert_eq!(r.stdout, "1\n2\n3\n");
        let seen = seen.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let texts: Vec<&str> = seen.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["1\n", "2\n", "3\n"]);
        assert!(seen[0].1 < Duration::from_millis(250), "1 came before the first sleep ended: {seen:?}");
        assert!(seen[1].1 < Duration::from_millis(550) && seen[1].1 >= Duration::from_millis(300), "{seen:?}");
        assert!(total >= Duration::from_millis(900));
    });
}

#[test]
fn status_events_arrive_while_the_tool_runs() {
    rt().block_on(async {
        let mut tool = BashTool::default();
        let start = Instant::now();
        let seen = Arc::new(Mutex::new(Vec::<(ToolStatus, Duration)>::new()));
        let s2 = seen.clone();
        let resp = tool
            .execute_with_status(
                ToolRequest::new("echo 1; sleep 0.4; echo 2"),
                Box::new(move |st| s2.lock().unwrap_or_else(|e| e.into_inner()).push((st, start.elapsed()))),
            )
            .await;
        assert_eq!(resp.stdout, "1\n2\n");
        let seen = seen.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let first = seen.iter().find(|(s, _)| s.output.as_deref() == Some("1\n")).map(|(_, t)| *t);
        assert!(first.is_some_and(|t| t < Duration::from_millis(350)), "{seen:?}");
    });
}

#[test]
fn the_sync_entry_point_streams_and_stops() {
    // `execute_sync_with_status`: the events of the async API, on the calling thread.
    let mut tool = BashTool::default();
    let seen = Arc::new(Mutex::new(Vec::<ToolStatus>::new()));
    let s2 = seen.clone();
    let cb: crate::tool::StatusCallback = Box::new(move |st| s2.lock().unwrap_or_else(|e| e.into_inner()).push(st));
    let resp = tool.execute_sync_with_status(ToolRequest::new("echo a; echo b >&2"), Some(cb), None);
    assert_eq!((resp.stdout.as_str(), resp.stderr.as_str()), ("a\n", "b\n"));
    let seen = seen.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let phases: Vec<&str> = seen.iter().map(|s| s.phase.as_str()).collect();
    assert_eq!((phases.first().copied(), phases.last().copied()), (Some("validate"), Some("complete")));
    let chunks: Vec<(Option<&str>, Option<&str>)> =
        seen.iter().filter(|s| s.phase == "output").map(|s| (s.stream.as_deref(), s.output.as_deref())).collect();
    assert_eq!(chunks, vec![(Some("stdout"), Some("a\n")), (Some("stderr"), Some("b\n"))]);
    let token = CancellationToken::new();
    let t2 = token.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        t2.cancel();
    });
    let started = Instant::now();
    let resp = tool.execute_sync_with_status(ToolRequest::new("echo x; sleep 5; echo y"), None, Some(&token));
    let _ = stopper.join();
    assert_eq!((resp.stdout.as_str(), resp.exit_code, resp.error.as_deref()), ("x\n", 130, Some("cancelled")));
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
fn an_owned_call_outlives_the_borrow_and_stops_when_dropped() {
    // `execute_owned`: a 'static future over the session (the npm package polls it on Node's
    // event loop); the session's state is the tool's.
    let mut tool = BashTool::default();
    let call = tool.execute_owned(ToolRequest::new("x=kept; echo one"), None, None);
    let resp = rt().block_on(call);
    assert_eq!(resp.stdout, "one\n");
    let resp = rt().block_on(tool.execute_owned(ToolRequest::new("echo $x"), None, None));
    assert_eq!(resp.stdout, "kept\n");
    let started = Instant::now();
    rt().block_on(async {
        let call = tool.execute_owned(ToolRequest::new("sleep 5"), None, None);
        let _ = tokio::time::timeout(Duration::from_millis(100), call).await;
    });
    // Dropping it stopped the script: the session is free at once.
    let resp = tool.execute_sync(ToolRequest::new("echo free"));
    assert_eq!(resp.stdout, "free\n");
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
fn a_thousand_concurrent_calls_do_not_cross_talk() {
    let rt = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_time().build() {
        Ok(rt) => rt,
        Err(e) => panic!("{e}"),
    };
    rt.block_on(async {
        let mut tasks = Vec::with_capacity(1000);
        for i in 0..1000u32 {
            tasks.push(tokio::spawn(async move {
                let mut tool = BashTool::builder().env("ID", i.to_string()).build();
                let a = tool.execute(ToolRequest::new("n=$ID; echo \"$n $((n * 2))\"; echo $ID > /tmp/me")).await;
                let b = tool.execute(ToolRequest::new("cat /tmp/me; echo $n >&2")).await;
                (i, a, b)
            }));
        }
        for t in tasks {
            let (i, a, b) = t.await.unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(a.stdout, format!("{i} {}\n", i * 2));
            assert_eq!((b.stdout, b.stderr), (format!("{i}\n"), format!("{i}\n")));
        }
    });
}
