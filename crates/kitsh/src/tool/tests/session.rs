//! Session state across calls, reset, fresh_per_call, clones, host file access (TC-2, TC-11).

use super::run;
use crate::tool::{BashTool, Tool, ToolRequest};

fn out(t: &mut BashTool, c: &str) -> String {
    run(t, ToolRequest::new(c)).stdout
}

#[test]
fn state_persists_between_calls() {
    let mut t = BashTool::default();
    out(&mut t, "x=5; f() { echo f$1; }; cd /tmp; echo data > file");
    assert_eq!(out(&mut t, "echo $x; f 1; pwd; cat file"), "5\nf1\n/tmp\ndata\n");
}

#[test]
fn reset_starts_over() {
    let mut t = BashTool::default();
    out(&mut t, "x=5; echo hi > /tmp/f");
    t.reset();
    assert_eq!(out(&mut t, "echo \"[$x]\"; cat /tmp/f 2>&1 | wc -l; pwd"), "[]\n1\n/home/user\n");
}

#[test]
fn fresh_per_call_is_stateless() {
    let mut t = BashTool::builder().fresh_per_call(true).username("agent").build();
    out(&mut t, "x=5; cd /tmp");
    assert_eq!(out(&mut t, "echo \"[$x]\"; pwd; whoami"), "[]\n/home/agent\nagent\n");
}

#[test]
fn fresh_per_call_sees_files_written_before_the_call() {
    let mut t = BashTool::builder().fresh_per_call(true).build();
    t.write_file("/in/x", b"1").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out(&mut t, "cat /in/x; echo 2 > /in/y"), "1");
    assert_eq!(t.read_file("/in/y").ok(), Some(b"2\n".to_vec()));
    assert_eq!(out(&mut t, "cat /in/x 2>/dev/null || echo gone"), "gone\n");
}

#[test]
fn a_clone_has_a_session_of_its_own() {
    let mut a = BashTool::builder().env("GREETING", "hello").build();
    out(&mut a, "x=1");
    let mut b = a.clone();
    assert_eq!(out(&mut b, "echo \"[$x] $GREETING\"; x=2"), "[] hello\n");
    assert_eq!(out(&mut a, "echo $x"), "1\n");
    assert_eq!(b.name(), a.name());
}

#[test]
fn configuration_reaches_the_session() {
    let mut t = BashTool::builder().username("agent").hostname("sandbox").env("API_KEY", "k").cwd("/work").build();
    assert_eq!(out(&mut t, "whoami; hostname; echo $API_KEY $HOME; pwd"), "agent\nsandbox\nk /home/agent\n/work\n");
}

#[test]
fn host_reads_and_writes_session_files() {
    let mut t = BashTool::default();
    t.write_file("/data/in.txt", b"b\na\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out(&mut t, "sort /data/in.txt > /data/out.txt; echo done"), "done\n");
    assert_eq!(t.read_file("/data/out.txt").ok(), Some(b"a\nb\n".to_vec()));
    let names: Vec<String> = t.list_dir("/data").unwrap_or_default().into_iter().map(|e| e.name).collect();
    assert_eq!(names, ["in.txt", "out.txt"]);
    assert!(t.read_file("/nope").is_err());
    assert!(t.filesystem().is_ok());
}

#[test]
fn the_tool_is_send_sync_and_object_safe() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<BashTool>();
    send_sync::<Box<dyn Tool>>();
    let mut tools: Vec<Box<dyn Tool>> = vec![Box::new(BashTool::default()), Box::new(BashTool::builder().name("bash").build())];
    let rt = super::rt();
    for t in &mut tools {
        let r = rt.block_on(t.execute(ToolRequest::new("echo ok")));
        assert_eq!(r.stdout, "ok\n");
    }
    assert_eq!(tools[1].name(), "bash");
}

#[test]
fn execute_sync_without_a_runtime() {
    let mut t = BashTool::default();
    let r = t.execute_sync(ToolRequest::new("y=2; echo $((y * 21))"));
    assert_eq!(r.stdout, "42\n");
    assert_eq!(t.execute_sync(ToolRequest::new("echo $y")).stdout, "2\n");
}
