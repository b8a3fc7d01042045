//! Running scripts: pipelines with jq, orchestration, fallbacks, stdin, loops, environment,
//! state between calls, status events, the seed's call style, and a model's JSON tool call.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use kitsh::scripted_tool::{ScriptedTool, ToolArgs, ToolDef};
use kitsh::tool::{Tool, ToolRequest, ToolResponse, ToolStatus};

use crate::common::{builder, counting, out, run, tool};

#[test]
fn single_tool_through_jq() {
    assert_eq!(out(&tool(), "get_user --id 42 | jq -r .name"), ("Alice\n".into(), String::new(), 0));
}

#[test]
fn multi_step_orchestration_with_variables_and_substitution() {
    let script = r#"
user=$(get_user --id 1)
name=$(echo "$user" | jq -r .name)
orders=$(list_orders --user_id "$(echo "$user" | jq .id)")
total=$(echo "$orders" | jq '[.[].total] | add')
for sku in $(echo "$orders" | jq -r '.[].sku'); do
  stock=$(get_inventory --sku "$sku" | jq .in_stock)
  if [ "$stock" -eq 0 ]; then echo "$sku out of stock"; fi
done
code=$(create_discount --user_id 1 --pct 10 | jq -r .code)
echo "$name spent $total; code $code"
"#;
    assert_eq!(out(&tool(), script), ("A1 out of stock\nAda spent 42.5; code SAVE10-1\n".into(), String::new(), 0));
}

#[test]
fn fallback_with_or() {
    assert_eq!(out(&tool(), "fail_tool || echo fallback"), ("fallback\n".into(), "fail_tool: tool failed\n".into(), 0));
    assert_eq!(out(&tool(), "get_user --id 7 || echo none; echo $?").0, "none\n0\n");
    assert_eq!(out(&tool(), "fail_tool; echo $?").0, "1\n");
}

#[test]
fn stdin_reaches_the_callback_only_when_given() {
    let t = tool();
    assert_eq!(out(&t, "echo hi | upper").0, "HI\n");
    assert_eq!(out(&t, "upper").0, "(no stdin)\n");
    assert_eq!(out(&t, "upper <<'EOF'\nab\ncd\nEOF").0, "AB\nCD\n");
    assert_eq!(out(&t, "upper <<< 'x y'").0, "X Y\n");
    assert_eq!(out(&t, "echo_args < /dev/null | jq -c .stdin").0, "\"\"\n");
    assert_eq!(out(&t, "echo_args | jq -c .stdin").0, "null\n");
    assert_eq!(out(&t, "true | echo_args | jq -c .stdin").0, "\"\"\n");
    // inherited from an enclosing compound command
    assert_eq!(out(&t, "printf 'a\\nb\\n' | while read -r l; do echo \"$l\" | upper; done").0, "A\nB\n");
    assert_eq!(out(&t, "printf 'a\\nb\\n' | { read -r first; upper; }").0, "B\n");
}

#[test]
fn loops_conditionals_functions_and_arrays() {
    let script = r#"
ids=(1 42 7)
found() { get_user --id "$1" >/dev/null 2>&1; }
for id in "${ids[@]}"; do
  if found "$id"; then echo "$id yes"; else echo "$id no"; fi
done
case $(get_user --id 42 | jq -r .tier) in gold) echo gold;; *) echo other;; esac
i=0; while (( i < 3 )); do i=$((i + 1)); done; echo $i
"#;
    assert_eq!(out(&tool(), script).0, "1 yes\n42 yes\n7 no\ngold\n3\n");
}

#[test]
fn environment_variables_are_exported_to_the_script() {
    let t = builder().env("API_REGION", "eu-west").build();
    assert_eq!(out(&t, "echo \"$API_REGION\"; printenv API_REGION || echo no-printenv").0, "eu-west\nno-printenv\n");
}

#[test]
fn no_script_state_survives_a_call_but_callback_state_does() {
    let calls = Arc::new(AtomicUsize::new(0));
    let t = counting("tick", calls.clone());
    assert_eq!(out(&t, "X=1; f() { echo f; }; tick").0, "1\n");
    assert_eq!(out(&t, "echo \"[$X]\"; f 2>/dev/null || echo nof; tick").0, "[]\nnof\n2\n");
    for _ in 0..10 {
        run(&t, "tick");
    }
    assert_eq!(calls.load(Ordering::SeqCst), 12);
}

#[test]
fn output_is_written_unchanged() {
    let t = ScriptedTool::builder("x")
        .tool_fn(ToolDef::new("nonl", "No newline"), |_: &ToolArgs| Ok("abc".into()))
        .tool_fn(ToolDef::new("empty", "Nothing"), |_: &ToolArgs| Ok(String::new()))
        .build();
    assert_eq!(out(&t, "nonl; nonl; empty; echo"), ("abcabc\n".into(), String::new(), 0));
    assert_eq!(out(&t, "v=$(nonl); echo \"<$v>\"").0, "<abc>\n");
}

#[test]
fn status_events_include_each_tool_call() {
    let events = Arc::new(Mutex::new(Vec::<ToolStatus>::new()));
    let e2 = events.clone();
    let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
    let resp = rt.block_on(async {
        let mut t = tool();
        t.execute_with_status(ToolRequest::new("get_user --id 1 >/dev/null; echo x; list_orders --user_id 1 | jq length"), Box::new(move |s| e2.lock().unwrap().push(s))).await
    });
    assert_eq!(resp.stdout, "x\n2\n");
    let ev = events.lock().unwrap();
    let calls: Vec<_> = ev.iter().filter(|s| s.phase == "tool_call").map(|s| s.message.clone().unwrap_or_default()).collect();
    assert_eq!(calls, ["get_user", "list_orders"]);
    assert!(ev.iter().all(|s| s.phase != "tool_call" || s.percent_complete.is_none()));
    assert_eq!(ev.first().map(|s| s.phase.as_str()), Some("validate"));
    assert_eq!(ev.last().map(|s| s.phase.as_str()), Some("complete"));
    let streamed: String = ev.iter().filter(|s| s.phase == "output" && s.stream.as_deref() == Some("stdout")).filter_map(|s| s.output.clone()).collect();
    assert_eq!(streamed, "x\n2\n");
}

#[test]
fn the_seed_call_style_works_as_written() {
    let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
    rt.block_on(async {
        let tool = tool();
        let out = tool.execution(serde_json::json!({"commands": "get_user --id 1 | jq -r '.name'"})).unwrap().execute().await.unwrap();
        assert_eq!(out.result["stdout"], "Ada\n");
        assert_eq!(out.result["exit_code"], 0);
        let err = tool.execution(serde_json::json!({"commands": 5})).unwrap_err();
        assert_eq!(err.to_string(), "invalid arguments: \"commands\" must be a string");
        let err = tool.execution(serde_json::json!("echo")).unwrap_err();
        assert_eq!(err.to_string(), "invalid arguments: \"commands\" must be a string");
    });
}

#[test]
fn an_llm_framework_round_trip() {
    // The model's tool call arrives as JSON text; the response goes back as JSON text.
    let call = r#"{"name": "ecommerce_api", "arguments": {"commands": "get_user --id 42 | jq -r .name; fail_tool", "timeout_ms": 5000}}"#;
    let v: serde_json::Value = serde_json::from_str(call).unwrap();
    let req: ToolRequest = serde_json::from_value(v["arguments"].clone()).unwrap();
    assert_eq!(req.timeout_ms, Some(5000));
    let resp = run_req(&tool(), req);
    let text = serde_json::to_string(&resp).unwrap();
    assert_eq!(text, r#"{"stdout":"Alice\n","stderr":"fail_tool: tool failed\n","exit_code":1}"#);
    let back: ToolResponse = serde_json::from_str(&text).unwrap();
    assert_eq!(back, resp);
}

fn run_req(t: &ScriptedTool, req: ToolRequest) -> ToolResponse {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).build().expect("runtime");
    rt.block_on(async {
        let mut t = t.clone();
        t.execute(req).await
    })
}

#[test]
fn parse_errors_limits_and_timeouts_are_tool_responses() {
    let r = run(&tool(), "echo ok; if then");
    assert_eq!((r.exit_code, r.error.as_deref()), (2, Some("parse_error")));
    let t = builder().limits(kitsh::ExecutionLimits::new().max_commands(50)).build();
    let r = run(&t, "while true; do get_user --id 1 >/dev/null; done");
    assert_eq!(r.error.as_deref(), Some("resource_limit"));
    assert!(r.stderr.contains("kitsh: maximum command count exceeded"), "{}", r.stderr);
    let r = run_req(&tool(), ToolRequest::new("echo a; sleep 5; echo b").with_timeout_ms(100));
    assert_eq!((r.stdout.as_str(), r.exit_code, r.error.as_deref()), ("a\n", 124, Some("timeout")));
}

#[test]
fn execute_sync_runs_without_a_runtime() {
    let t = tool();
    let r = t.execute_sync(ToolRequest::new("get_user --id 1 | jq -r .name"));
    assert_eq!(r.stdout, "Ada\n");
}
