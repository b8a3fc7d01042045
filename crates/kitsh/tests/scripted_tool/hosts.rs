//! The host's side: the trace (ST-33), the policy hook (ST-32), full-result callbacks
//! (ST-1c), the tools in a normal shell with files (ST-35), and ScriptingToolSet (ST-29, ST-30).

use std::sync::Arc;

use kitsh::scripted_tool::{DiscoveryMode, PolicyDecision, ScriptedTool, ScriptingToolSet, ToolArgs, ToolDef, ToolFailure, ToolOutcome};
use kitsh::tool::{BashTool, Tool, ToolRequest};
use kitsh::Bash;
use serde_json::json;

use crate::common::{builder, out, run, tool};

#[test]
fn the_trace_records_every_call_in_order() {
    let t = tool();
    run(&t, "get_user --id 42 >/dev/null; fail_tool; get_user; echo hi | upper >/dev/null");
    let trace = t.take_last_execution_trace().expect("trace");
    let calls: Vec<(&str, i32, Option<&str>)> = trace.calls.iter().map(|c| (c.tool.as_str(), c.exit_code, c.error.as_deref())).collect();
    assert_eq!(
        calls,
        [
            ("get_user", 0, None),
            ("fail_tool", 1, Some("connection to 10.0.0.7 refused: token=sk-SECRET")),
            ("get_user", 2, Some("missing required flag --id")),
            ("upper", 0, None)
        ]
    );
    assert_eq!(trace.calls[0].args, json!({"id": 42}));
    assert_eq!(trace.calls[0].stdout_bytes, "{\"id\":42,\"name\":\"Alice\",\"tier\":\"gold\"}\n".len());
    assert!(!trace.calls[0].denied);
    assert!(t.take_last_execution_trace().is_none(), "taken once");
    run(&t, "echo no tools");
    assert_eq!(t.take_last_execution_trace().map(|t| t.calls.len()), Some(0));
}

#[test]
fn the_policy_hook_allows_or_denies_each_call() {
    let t = builder()
        .policy(|call| {
            if call.tool == "create_discount" && call.args["pct"].as_f64().unwrap_or(0.0) > 50.0 {
                PolicyDecision::Deny("discount above 50% needs approval".into())
            } else {
                PolicyDecision::Allow
            }
        })
        .build();
    let (o, e, _) = out(&t, "create_discount --user_id 1 --pct 10 | jq -r .code; create_discount --user_id 1 --pct 90; echo $?");
    assert_eq!((o.as_str(), e.as_str()), ("SAVE10-1\n1\n", "create_discount: denied by policy\n"));
    let trace = t.take_last_execution_trace().expect("trace");
    assert_eq!(trace.calls.len(), 2);
    assert!(trace.calls[1].denied);
    assert_eq!(trace.calls[1].error.as_deref(), Some("discount above 50% needs approval"));
    assert_eq!(trace.calls[1].args, json!({"user_id": 1, "pct": 90}));
}

fn program_tool(sanitize: bool) -> ScriptedTool {
    ScriptedTool::builder("kit")
        .sanitize_errors(sanitize)
        .tool_full(ToolDef::new("prog", "A program of its own"), |a: ToolArgs| async move {
            let code = a.param_str("code").unwrap_or("0").parse::<i32>().unwrap_or(0);
            Ok(ToolOutcome { stdout: "out\n".into(), stderr: "warning: internal detail\n".into(), exit_code: code })
        })
        .tool_full(ToolDef::new("timeouts", "kitsh's own failure"), |_: ToolArgs| async {
            Err(ToolFailure { message: "timed out after 120s".into(), exit_code: 124, public: true })
        })
        .tool_full(ToolDef::new("private", "the tool's failure"), |_: ToolArgs| async {
            Err(ToolFailure { message: "stack trace with SECRET".into(), exit_code: 3, public: false })
        })
        .tool_full(
            ToolDef::new("fetch", "Takes JSON on stdin")
                .with_schema(json!({"type": "object", "properties": {"url": {"type": "string"}, "n": {"type": "integer"}}, "required": ["url"]}))
                .with_stdin_json(true),
            |a: ToolArgs| async move { Ok(ToolOutcome { stdout: format!("{}\n", a.params), stderr: String::new(), exit_code: 0 }) },
        )
        .build()
}

#[test]
fn full_result_callbacks_keep_their_status_and_stderr_rules() {
    let t = program_tool(true);
    assert_eq!(out(&t, "prog; echo $?"), ("out\n0\n".into(), String::new(), 0));
    assert_eq!(out(&t, "prog --code 3; echo $?"), ("out\n3\n".into(), "prog: tool failed\n".into(), 0));
    assert_eq!(out(&t, "timeouts; echo $?"), ("124\n".into(), "timeouts: timed out after 120s\n".into(), 0));
    assert_eq!(out(&t, "private; echo $?"), ("3\n".into(), "private: tool failed\n".into(), 0));
    let t = program_tool(false);
    assert_eq!(out(&t, "prog --code 3; echo $?"), ("out\n3\n".into(), "warning: internal detail\n".into(), 0));
    assert_eq!(out(&t, "private; echo $?"), ("3\n".into(), "private: stack trace with SECRET\n".into(), 0));
}

#[test]
fn piped_json_is_merged_under_the_flags() {
    let t = program_tool(true);
    assert_eq!(out(&t, r#"echo '{"url":"x","n":1}' | fetch --n 2"#).0, "{\"url\":\"x\",\"n\":2}\n");
    assert_eq!(out(&t, r#"echo '{"url":"x"}' | fetch"#).0, "{\"url\":\"x\"}\n");
    assert_eq!(out(&t, "echo '[1]' | fetch --url y; echo $?"), ("2\n".into(), "fetch: stdin must be a JSON object\n".into(), 0));
    assert_eq!(out(&t, "fetch; echo $?"), ("2\n".into(), "fetch: missing required flag --url\n".into(), 0));
}

#[test]
fn tools_in_a_normal_shell_with_files() {
    let tools = tool();
    let mut bash = Bash::builder().tools(&tools).build().expect("bash");
    let r = bash.exec_sync("get_user --id 42 > /tmp/u.json; jq -r .name /tmp/u.json; ls /tmp; fail_tool; help --list | head -2 | cut -c1-8");
    assert_eq!(r.stdout, "Alice\nu.json\nget_user\nlist_ord\n");
    assert_eq!(r.stderr, "fail_tool: tool failed\n");
    let r = bash.exec_sync("cat /tmp/u.json | jq .id; echo hi | upper");
    assert_eq!(r.stdout, "42\nHI\n");
    let trace = tools.take_last_execution_trace().expect("trace");
    assert_eq!(trace.calls.iter().map(|c| c.tool.as_str()).collect::<Vec<_>>(), ["get_user", "fail_tool", "upper"]);
    assert_eq!(trace.calls[0].args, json!({"id": 42}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bash_tool_with_registered_tools_keeps_files() {
    let tools = builder()
        .async_tool_fn(ToolDef::new("later", "Async"), |_: ToolArgs| async { Ok("later\n".to_string()) })
        .build();
    let mut bt = BashTool::builder().tools(&tools).build();
    assert!(bt.description().contains("get_user") && bt.help().contains("get_user"));
    let r = bt.execute(ToolRequest::new("later; get_user --id 1 > /tmp/u; echo saved")).await;
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("later\nsaved\n", ""));
    let r = bt.execute(ToolRequest::new("jq -r .name /tmp/u; later | cat")).await;
    assert_eq!(r.stdout, "Ada\nlater\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn toolset_exclusive_and_with_discovery() {
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let c2 = calls.clone();
    let mk = |mode| {
        let c = c2.clone();
        ScriptingToolSet::builder("crm")
            .short_description("CRM tools")
            .tool_fn(
                ToolDef::new("get_user", "Fetch user").with_schema(json!({"type": "object", "properties": {"id": {"type": "integer"}}})).with_category("users"),
                move |_: &ToolArgs| {
                    c.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    Ok("{}\n".into())
                },
            )
            .mode(mode)
            .build()
    };
    let ex = mk(DiscoveryMode::Exclusive);
    let tools = ex.tools();
    assert_eq!(tools.len(), 1);
    assert!(tools[0].system_prompt().contains("Usage: `get_user --id <integer>`"));
    let wd = mk(DiscoveryMode::WithDiscovery);
    let mut tools = wd.tools();
    assert_eq!(tools.iter().map(|t| t.name().to_string()).collect::<Vec<_>>(), ["crm", "crm_discover"]);
    assert!(!tools[0].system_prompt().contains("Usage:"));
    assert_eq!(tools[1].short_description(), "Browse the crm tool commands");
    assert_eq!(
        tools[1].system_prompt(),
        "# crm_discover\n\nBrowse the commands of the crm tool before writing a script.\n\nInput: {\"commands\": \"discover ... | help ...\"}\nOutput: {stdout, stderr, exit_code}\n"
    );
    assert_eq!(tools[1].input_schema(), BashTool::default().input_schema());
    let r = tools[1].execute(ToolRequest::new("discover --category users")).await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("get_user  Fetch user\n", 0));
    let r = tools[1].execute(ToolRequest::new("help get_user --json")).await;
    assert!(r.stdout.contains("\"input_schema\""), "{}", r.stdout);
    for bad in ["get_user --id 1", "help; get_user", "discover --search x | cat", "help $(get_user)", "echo hi", "help\nget_user", "help > /dev/null"] {
        let r = tools[1].execute(ToolRequest::new(bad)).await;
        assert_eq!((r.stderr.as_str(), r.exit_code, r.error.as_deref()), ("only a single discover or help command is accepted\n", 2, Some("invalid_request")), "{bad}");
    }
    let r = tools[1].execute(ToolRequest::new("help get_user --id")).await;
    assert_ne!(r.stdout, "{}\n");
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 0, "the discover tool never runs a callback");
    let r = tools[0].execute(ToolRequest::new("get_user --id 1")).await;
    assert_eq!(r.stdout, "{}\n");
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1);
}
