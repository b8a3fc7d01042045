//! The tool-call corpus (`tests/python/tools`): Python snippets that `import kitsh_tools`, run in
//! a shell whose `ScriptedTool` serves a small CRM from `crm.json`, compared with CPython 3.11
//! running the same snippets over `stub/kitsh_tools.py` (the same tools, in Python).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use kitsh::scripted_tool::{PolicyDecision, ScriptedTool, ToolArgs, ToolDef};
use kitsh::{Bash, ExecutionLimits};
use serde_json::{json, Value};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/python/tools")
}

fn schema(props: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": props, "required": required})
}

/// `s` lower-cased, every run of other characters than `[a-z0-9]` one `-`, no `-` at the ends.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.to_lowercase().chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The CRM's tools, as `stub/kitsh_tools.py` describes them (the same order).
fn crm() -> ScriptedTool {
    let db: Value = serde_json::from_str(&std::fs::read_to_string(corpus().join("crm.json")).unwrap()).unwrap();
    let db = Arc::new(db);
    let rows = |db: &Value, table: &str| db[table].as_array().cloned().unwrap_or_default();
    let (d1, d2, d3) = (db.clone(), db.clone(), db);
    ScriptedTool::builder("crm")
        .tool_fn(
            ToolDef::new("get_user", "Fetch a user by id").with_schema(schema(json!({"id": {"type": "integer"}}), &["id"])),
            move |a: &ToolArgs| {
                let id = a.param_i64("id").unwrap_or_default();
                rows(&d1, "users")
                    .into_iter()
                    .find(|u| u["id"] == id)
                    .map(|u| format!("{u}\n"))
                    .ok_or_else(|| format!("no user with id {id}"))
            },
        )
        .tool_fn(
            ToolDef::new("list_orders", "A user's orders").with_schema(schema(
                json!({"user_id": {"type": "integer"}, "status": {"type": "string"}}),
                &["user_id"],
            )),
            move |a: &ToolArgs| {
                let uid = a.param_i64("user_id").unwrap_or_default();
                let status = a.param_str("status");
                let found: Vec<Value> = rows(&d2, "orders")
                    .into_iter()
                    .filter(|o| o["user_id"] == uid && status.is_none_or(|s| o["status"] == s))
                    .collect();
                Ok(format!("{}\n", Value::from(found)))
            },
        )
        .tool_fn(
            ToolDef::new("orders.total", "A user's paid total")
                .with_schema(schema(json!({"user_id": {"type": "integer"}}), &["user_id"])),
            move |a: &ToolArgs| {
                let uid = a.param_i64("user_id").unwrap_or_default();
                let paid: Vec<f64> = rows(&d3, "orders")
                    .iter()
                    .filter(|o| o["user_id"] == uid && o["status"] == "paid")
                    .filter_map(|o| o["total"].as_f64())
                    .collect();
                // (A fold from 0.0: `sum` of no floats is -0.0, where Python's is 0.)
                let total = (paid.iter().fold(0.0, |s, x| s + x) * 100.0).round() / 100.0;
                Ok(format!("{}\n", json!({"user_id": uid, "total": total, "count": paid.len()})))
            },
        )
        .tool_fn(
            ToolDef::new("slugify", "A URL slug of text").with_schema(schema(json!({"text": {"type": "string"}}), &["text"])),
            |a: &ToolArgs| Ok(format!("{}\n", slug(a.param_str("text").unwrap_or_default()))),
        )
        .tool_fn(ToolDef::new("word-count", "Count stdin's lines, words and characters"), |a: &ToolArgs| {
            let text = a.stdin.as_deref().unwrap_or_default();
            let counts = json!({"lines": text.matches('\n').count(), "words": text.split_whitespace().count(), "chars": text.chars().count()});
            Ok(format!("{counts}\n"))
        })
        .tool_fn(
            ToolDef::new("admin.delete_user", "Delete a user").with_schema(schema(json!({"id": {"type": "integer"}}), &["id"])),
            |_: &ToolArgs| Ok("deleted\n".into()),
        )
        .policy(|call| {
            if call.tool.starts_with("admin.") {
                PolicyDecision::Deny("admin tools are off".into())
            } else {
                PolicyDecision::Allow
            }
        })
        .build()
}

#[test]
fn tool_corpus_matches_cpython_with_stubs() {
    let tools = crm();
    let dir = corpus();
    let mut sh = Bash::builder()
        .name("bash")
        .mount(dir.join("snippets"), "/snippets", false)
        .cwd("/snippets")
        .limits(ExecutionLimits::new().timeout(Duration::from_secs(60)))
        .tools(&tools)
        .build()
        .unwrap();
    let mut names: Vec<String> = std::fs::read_dir(dir.join("snippets"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok()?.strip_suffix(".py").map(str::to_string))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "the tool corpus is missing: {names:?}");
    let failed: Vec<String> = names
        .iter()
        .filter_map(|n| super::run_snippet(&mut sh, &dir, n).err().map(|why| format!("{n}: {why}")))
        .collect();
    assert!(failed.is_empty(), "tool corpus failures:\n{}", failed.join("\n"));
    // Every call the snippets made is in the trace, as bash-made calls are.
    let trace = tools.take_last_execution_trace();
    assert!(trace.is_some_and(|t| t.calls.iter().any(|c| c.tool == "orders.total")));
}
