//! Serde round trips against hand-written JSON, and the schemas as JSON Schema.

use serde_json::{json, Value};

use crate::tool::{BashTool, ErrorCategory, Tool, ToolRequest, ToolResponse, ToolStatus};

#[test]
fn request_round_trips() {
    let r: ToolRequest = serde_json::from_str(r#"{"commands":"echo hi"}"#).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r, ToolRequest::new("echo hi"));
    assert_eq!(serde_json::to_string(&r).ok().as_deref(), Some(r#"{"commands":"echo hi"}"#));
    let r: ToolRequest = serde_json::from_str(r#"{"commands":"ls","timeout_ms":2500,"extra":1}"#).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r, ToolRequest::new("ls").with_timeout_ms(2500));
    assert_eq!(serde_json::to_string(&r).ok().as_deref(), Some(r#"{"commands":"ls","timeout_ms":2500}"#));
    assert!(serde_json::from_str::<ToolRequest>(r#"{"timeout_ms":1}"#).is_err());
    assert!(serde_json::from_str::<ToolRequest>(r#"{"commands":5}"#).is_err());
}

#[test]
fn response_round_trips() {
    let text = r#"{"stdout":"a\n","stderr":"","exit_code":0}"#;
    let r: ToolResponse = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r, ToolResponse { stdout: "a\n".into(), ..Default::default() });
    assert_eq!(serde_json::to_string(&r).ok().as_deref(), Some(text));
    let text = r#"{"stdout":"xx","stderr":"kitsh: maximum output size exceeded (2 bytes)\n","exit_code":1,"error":"resource_limit","stdout_truncated":true}"#;
    let r: ToolResponse = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.category(), Some(ErrorCategory::ResourceLimit));
    assert!(r.stdout_truncated && !r.stderr_truncated);
    assert_eq!(serde_json::to_string(&r).ok().as_deref(), Some(text));
}

#[test]
fn status_round_trips() {
    let s = ToolStatus::new("parse").with_percent(10.0).with_message("parsing").with_eta(5);
    let text = r#"{"phase":"parse","message":"parsing","percent_complete":10.0,"eta_ms":5}"#;
    assert_eq!(serde_json::to_string(&s).ok().as_deref(), Some(text));
    assert_eq!(serde_json::from_str::<ToolStatus>(text).ok(), Some(s));
    let o = ToolStatus::stdout("hi\n");
    let text = r#"{"phase":"output","output":"hi\n","stream":"stdout"}"#;
    assert_eq!(serde_json::to_string(&o).ok().as_deref(), Some(text));
    assert_eq!(serde_json::from_str::<ToolStatus>(text).ok(), Some(o));
    assert_eq!(ToolStatus::stderr("e").stream.as_deref(), Some("stderr"));
}

#[test]
fn categories() {
    for (c, s, code) in [
        (ErrorCategory::ParseError, "parse_error", 2),
        (ErrorCategory::ResourceLimit, "resource_limit", 1),
        (ErrorCategory::Timeout, "timeout", 124),
        (ErrorCategory::Cancelled, "cancelled", 130),
        (ErrorCategory::InternalError, "internal_error", 1),
    ] {
        assert_eq!((c.as_str(), c.exit_code(), ErrorCategory::parse(s)), (s, code, Some(c)));
        assert_eq!(serde_json::to_value(c).ok(), Some(Value::String(s.into())));
    }
}

fn validator(schema: &Value) -> jsonschema::Validator {
    assert!(jsonschema::meta::is_valid(schema), "not a valid JSON Schema: {schema}");
    jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn input_schema_is_json_schema_accepting_requests() {
    let v = validator(&BashTool::default().input_schema());
    assert!(v.is_valid(&json!({"commands": "echo hi"})));
    assert!(v.is_valid(&serde_json::to_value(ToolRequest::new("x").with_timeout_ms(5)).unwrap_or_default()));
    assert!(!v.is_valid(&json!({"timeout_ms": 5})));
    assert!(!v.is_valid(&json!({"commands": 1})));
    assert!(!v.is_valid(&json!({"commands": "x", "timeout_ms": 0})));
}

#[test]
fn output_schema_is_json_schema_accepting_responses() {
    let v = validator(&BashTool::default().output_schema());
    let mut tool = BashTool::default();
    for cmd in ["echo hi", "exit 3", "if", "yes | head -3 >&2"] {
        let r = super::run(&mut tool, ToolRequest::new(cmd));
        assert!(v.is_valid(&serde_json::to_value(&r).unwrap_or_default()), "{r:?}");
    }
    assert!(!v.is_valid(&json!({"stdout": ""})));
}

#[test]
fn execution_validates_then_runs_on_the_session() {
    use crate::tool::ToolError;
    let mut t = BashTool::default();
    let rt = super::rt();
    let ex = t.execution(json!({"commands": "x=7; echo hi", "timeout_ms": 5000, "other": true})).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ex.request(), &ToolRequest::new("x=7; echo hi").with_timeout_ms(5000));
    let out = rt.block_on(ex.execute()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.result, json!({"stdout": "hi\n", "stderr": "", "exit_code": 0}));
    // the same session as execute()
    assert_eq!(rt.block_on(t.execute(ToolRequest::new("echo $x"))).stdout, "7\n");
    let ex = t.execution(json!({"commands": "echo $x"})).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rt.block_on(ex.execute()).map(|o| o.result["stdout"].clone()).ok(), Some(json!("7\n")));
    for bad in [json!({"cmd": "x"}), json!({"commands": 1}), json!("echo"), json!(null)] {
        let e = t.execution(bad).err();
        assert_eq!(e, Some(ToolError::InvalidCommands));
        assert_eq!(e.map(|e| e.to_string()).as_deref(), Some("invalid arguments: \"commands\" must be a string"));
    }
    assert_eq!(t.execution(json!({"commands": "x", "timeout_ms": -1})).err(), Some(ToolError::InvalidTimeout));
    // through the trait object too
    let dyn_tool: Box<dyn Tool> = Box::new(BashTool::builder().fresh_per_call(true).build());
    let out = rt.block_on(dyn_tool.execution(json!({"commands": "echo \"[$x]\""})).unwrap_or_else(|e| panic!("{e}")).execute());
    assert_eq!(out.map(|o| o.result["stdout"].clone()).ok(), Some(json!("[]\n")));
}
