//! Streaming granularity (TC-19..22): exact chunk sequences, chunks concatenate to the
//! output, phases in order.

use super::run_status;
use crate::tool::{BashTool, ToolRequest, ToolStatus};

/// The stdout chunks of `commands`, checked to concatenate to the response's stdout (and the
/// stderr chunks to its stderr).
fn chunks(commands: &str) -> Vec<String> {
    let (resp, events) = run_status(&mut BashTool::default(), ToolRequest::new(commands));
    let pick = |s: &str| -> Vec<String> {
        events.iter().filter(|e| e.phase == "output" && e.stream.as_deref() == Some(s)).filter_map(|e| e.output.clone()).collect()
    };
    let (out, err) = (pick("stdout"), pick("stderr"));
    assert_eq!(out.concat(), resp.stdout, "{commands}");
    assert_eq!(err.concat(), resp.stderr, "{commands}");
    assert!(events.iter().all(|e| e.output.as_deref() != Some("")));
    out
}

fn v(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn loops_emit_each_iteration() {
    assert_eq!(chunks("for i in 1 2 3; do echo $i; done"), v(&["1\n", "2\n", "3\n"]));
    assert_eq!(chunks("i=0; while [ $i -lt 3 ]; do i=$((i+1)); echo $i; done"), v(&["1\n", "2\n", "3\n"]));
    assert_eq!(chunks("i=0; until [ $i -ge 2 ]; do i=$((i+1)); echo $i; done"), v(&["1\n", "2\n"]));
    assert_eq!(chunks("for ((i=0; i<3; i++)); do printf $i; done"), v(&["0", "1", "2"]));
}

#[test]
fn lists_emit_each_command() {
    assert_eq!(chunks("echo a; echo b"), v(&["a\n", "b\n"]));
    assert_eq!(chunks("echo a; echo b && echo c || echo d"), v(&["a\n", "b\n", "c\n"]));
    assert_eq!(chunks("echo a\necho b\n"), v(&["a\n", "b\n"]));
}

#[test]
fn compound_bodies_emit_each_command() {
    assert_eq!(chunks("if true; then echo a; echo b; else echo c; fi"), v(&["a\n", "b\n"]));
    assert_eq!(chunks("f() { echo a; echo b; }; f; f"), v(&["a\n", "b\n", "a\n", "b\n"]));
    assert_eq!(chunks("{ echo a; echo b; }"), v(&["a\n", "b\n"]));
    assert_eq!(chunks("case x in x) echo a; echo b;; esac"), v(&["a\n", "b\n"]));
}

#[test]
fn nested_loops_emit_once() {
    assert_eq!(chunks("for i in 1 2; do for j in a b; do echo $i$j; done; done"), v(&["1a\n", "1b\n", "2a\n", "2b\n"]));
}

#[test]
fn pipelines_subshells_and_substitutions_emit_when_done() {
    assert_eq!(chunks("echo a | cat"), v(&["a\n"]));
    assert_eq!(chunks("for i in 1 2; do echo $i; done | cat"), v(&["1\n2\n"]));
    assert_eq!(chunks("shopt -s lastpipe; printf '1\\n2\\n' | while read l; do echo $l; done"), v(&["1\n2\n"]));
    assert_eq!(chunks("(echo a; echo b); echo c"), v(&["a\nb\n", "c\n"]));
    assert_eq!(chunks("x=$(echo a; echo b); echo $x"), v(&["a b\n"]));
    assert_eq!(chunks("echo \"$(for i in 1 2; do echo $i; done)\""), v(&["1\n2\n"]));
}

#[test]
fn stderr_chunks_are_their_own_events() {
    let (resp, events) = run_status(&mut BashTool::default(), ToolRequest::new("echo a; echo e >&2; echo b"));
    let outs: Vec<ToolStatus> = events.into_iter().filter(|e| e.phase == "output").collect();
    assert_eq!(outs, vec![ToolStatus::stdout("a\n"), ToolStatus::stderr("e\n"), ToolStatus::stdout("b\n")]);
    assert_eq!(resp.stderr, "e\n");
}

fn phases(commands: &str) -> Vec<String> {
    let (_, events) = run_status(&mut BashTool::default(), ToolRequest::new(commands));
    events.into_iter().map(|e| e.phase).collect()
}

#[test]
fn phases_in_order() {
    assert_eq!(phases("echo a; echo b"), ["validate", "parse", "execute", "output", "output", "complete"]);
    assert_eq!(phases("true"), ["validate", "parse", "execute", "complete"]);
    assert_eq!(phases(""), ["validate", "complete"]);
    assert_eq!(phases("fi"), ["validate", "parse", "output", "complete"]);
    let (_, events) = run_status(&mut BashTool::default(), ToolRequest::new("true"));
    let pct: Vec<Option<f32>> = events.iter().map(|e| e.percent_complete).collect();
    assert_eq!(pct, [Some(0.0), Some(10.0), Some(20.0), Some(100.0)]);
}

#[test]
fn a_stop_message_is_streamed_too() {
    let (resp, events) = run_status(&mut BashTool::default(), ToolRequest::new("echo a; sleep 3").with_timeout_ms(100));
    let err: String = events.iter().filter(|e| e.stream.as_deref() == Some("stderr")).filter_map(|e| e.output.clone()).collect();
    assert_eq!(err, resp.stderr);
    assert_eq!(events.last().map(|e| e.phase.as_str()), Some("complete"));
}

#[test]
fn execute_emits_nothing_and_returns_the_same() {
    let a = super::run1("for i in 1 2; do echo $i; done");
    let (b, _) = run_status(&mut BashTool::default(), ToolRequest::new("for i in 1 2; do echo $i; done"));
    assert_eq!(a, b);
}
