//! Error sanitising (ST-17, ST-31): a callback's text or panic message never reaches the
//! script; the host gets the original through the logging hook; a panic does not poison.

use std::sync::{Arc, Mutex};

use crate::common::{builder, out, tool};

#[test]
fn secrets_in_errors_never_reach_script_output() {
    let script = "fail_tool; get_user --id 9; panic_tool; x=$(fail_tool 2>&1); echo \"[$x]\"; fail_tool 2>&1 | cat";
    let (o, e, s) = out(&tool(), script);
    assert_eq!(o, "[fail_tool: tool failed]\nfail_tool: tool failed\n");
    assert_eq!(e, "fail_tool: tool failed\nget_user: tool failed\npanic_tool: tool failed\n");
    assert_eq!(s, 0);
    for secret in ["SECRET", "hunter2", "10.0.0.7", "panicked", "index out of bounds"] {
        assert!(!o.contains(secret) && !e.contains(secret), "{secret}");
    }
}

#[test]
fn the_logging_hook_receives_every_original() {
    let seen = Arc::new(Mutex::new(Vec::<(String, String)>::new()));
    let s2 = seen.clone();
    let t = builder().on_tool_error(move |tool, msg| s2.lock().unwrap().push((tool.to_string(), msg.to_string()))).build();
    out(&t, "fail_tool; panic_tool; get_user --id 1 >/dev/null");
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0], ("fail_tool".to_string(), "connection to 10.0.0.7 refused: token=sk-SECRET".to_string()));
    assert_eq!(seen[1].0, "panic_tool");
    assert!(seen[1].1.starts_with("panicked: index out of bounds: SECRET-PANIC"), "{}", seen[1].1);
}

#[test]
fn unsanitised_errors_pass_through() {
    let t = builder().sanitize_errors(false).build();
    let (_, e, _) = out(&t, "fail_tool; panic_tool; get_user --id 5");
    assert_eq!(e, "fail_tool: connection to 10.0.0.7 refused: token=sk-SECRET\npanic_tool: tool panicked\nget_user: user 5 not found (db password=hunter2)\n");
}

#[test]
fn trailing_newlines_of_an_error_are_trimmed() {
    let t = kitsh::scripted_tool::ScriptedTool::builder("x")
        .sanitize_errors(false)
        .tool_fn(kitsh::scripted_tool::ToolDef::new("bad", "Bad"), |_: &kitsh::scripted_tool::ToolArgs| Err("oops\n\n".into()))
        .build();
    assert_eq!(out(&t, "bad; echo $?"), ("1\n".into(), "bad: oops\n".into(), 0));
}

#[test]
fn a_panicking_callback_does_not_poison_the_tool() {
    let t = tool();
    for _ in 0..3 {
        let (o, e, _) = out(&t, "panic_tool; get_user --id 1 | jq -r .name");
        assert_eq!((o.as_str(), e.as_str()), ("Ada\n", "panic_tool: tool failed\n"));
    }
}

#[test]
fn flag_errors_are_ours_and_never_sanitised() {
    assert_eq!(out(&tool(), "get_user; echo $?"), ("2\n".into(), "get_user: missing required flag --id\n".into(), 0));
    assert_eq!(out(&tool(), "get_user --id abc; echo $?"), ("2\n".into(), "get_user: invalid value for --id: expected integer, got 'abc'\n".into(), 0));
    assert_eq!(out(&tool(), "get_user 42; echo $?"), ("2\n".into(), "get_user: unexpected argument '42' (use --key value)\n".into(), 0));
}
