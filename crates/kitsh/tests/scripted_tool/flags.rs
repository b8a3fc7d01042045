//! Flag parsing end to end (ST-13..ST-15): what the callback receives for each row of the
//! spec's table, and the errors (status 2, callback not run).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use kitsh::scripted_tool::{ScriptedTool, ToolArgs, ToolDef};
use serde_json::{json, Value};

use crate::common::out;

/// `t` prints the params it receives; `calls` counts its calls.
fn typed(calls: Arc<AtomicUsize>) -> ScriptedTool {
    let schema = json!({
        "type": "object",
        "properties": {
            "id": {"type": "integer"},
            "name": {"type": "string"},
            "verbose": {"type": "boolean"},
            "ratio": {"type": "number"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "ids": {"type": "array", "items": {"type": "integer"}},
            "filter": {"type": "object", "properties": {"a": {"type": "integer"}, "tier": {"type": "string", "enum": ["gold", "silver"]}}},
            "tier": {"type": "string", "enum": ["gold", "silver"]},
            "offset": {"type": ["null", "integer"]},
            "ref": {"$ref": "#/$defs/count"}
        },
        "$defs": {"count": {"type": "integer", "minimum": 0}}
    });
    ScriptedTool::builder("flags")
        .tool_fn(ToolDef::new("t", "Typed flags").with_schema(schema), move |a: &ToolArgs| {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok(format!("{}\n", a.params))
        })
        .tool_fn(
            ToolDef::new("strict", "No extra flags").with_schema(json!({
                "type": "object", "properties": {"limit": {"type": "integer"}, "offset": {"type": "integer"}},
                "required": ["limit", "offset"], "additionalProperties": false
            })),
            |a: &ToolArgs| Ok(format!("{}\n", a.params)),
        )
        .tool_fn(ToolDef::new("free", "Positional words"), |a: &ToolArgs| Ok(format!("{} {:?}\n", a.params, a.positional)))
        .build()
}

fn params(script: &str) -> Value {
    let (o, e, s) = out(&typed(Arc::new(AtomicUsize::new(0))), script);
    assert_eq!((e.as_str(), s), ("", 0), "{script}");
    serde_json::from_str(o.trim()).unwrap_or_else(|_| panic!("{script}: {o}"))
}

#[test]
fn every_row_of_the_table() {
    let rows: &[(&str, Value)] = &[
        ("t --id 42", json!({"id": 42})),
        ("t --id=42", json!({"id": 42})),
        ("t --name Alice", json!({"name": "Alice"})),
        ("t --verbose", json!({"verbose": true})),
        ("t --verbose=false", json!({"verbose": false})),
        ("t --verbose false", json!({"verbose": false})),
        ("t --verbose=YES", json!({"verbose": true})),
        ("t --no-verbose", json!({"verbose": false})),
        ("t --debug", json!({"debug": true})),
        ("t --debug --id 1", json!({"debug": true, "id": 1})),
        ("t --count 3", json!({"count": "3"})),
        ("t --tags a --tags b", json!({"tags": ["a", "b"]})),
        ("t --tags '[\"a\",\"b\"]' --tags c", json!({"tags": ["a", "b", "c"]})),
        ("t --tags '[WIP] fix'", json!({"tags": ["[WIP] fix"]})),
        ("t --ids 1 --ids '[2,3]'", json!({"ids": [1, 2, 3]})),
        ("t --filter '{\"a\":1}'", json!({"filter": {"a": 1}})),
        ("t --filter a=1 --filter tier=gold", json!({"filter": {"a": 1, "tier": "gold"}})),
        ("t --filter a=1 tier=silver --id 2", json!({"filter": {"a": 1, "tier": "silver"}, "id": 2})),
        ("t --ratio 1e3", json!({"ratio": 1000.0})),
        ("t --ratio .5", json!({"ratio": 0.5})),
        ("t --ratio 2", json!({"ratio": 2})),
        ("t --name 42", json!({"name": "42"})),
        ("t --id 1 --id 2", json!({"id": 2})),
        ("t --offset -5", json!({"offset": -5})),
        ("t --name=--x", json!({"name": "--x"})),
        ("t --name=", json!({"name": ""})),
        ("t --ref 3", json!({"ref": 3})),
        ("t --tier silver", json!({"tier": "silver"})),
    ];
    for (script, want) in rows {
        assert_eq!(&params(script), want, "{script}");
    }
}

#[test]
fn errors_name_the_tool_and_flag_and_skip_the_callback() {
    let calls = Arc::new(AtomicUsize::new(0));
    let t = typed(calls.clone());
    let cases = [
        ("t abc", "t: unexpected argument 'abc' (use --key value)"),
        ("t -x", "t: unexpected argument '-x' (use --key value)"),
        ("t --=x", "t: invalid flag '--=x'"),
        ("t --id", "t: missing value for --id"),
        ("t --id abc", "t: invalid value for --id: expected integer, got 'abc'"),
        ("t --id 1.5", "t: invalid value for --id: expected integer, got '1.5'"),
        ("t --ratio x", "t: invalid value for --ratio: expected number, got 'x'"),
        ("t --verbose=maybe", "t: invalid value for --verbose: expected boolean, got 'maybe'"),
        ("t --ids 1 --ids x", "t: invalid value for --ids[1]: expected integer, got 'x'"),
        ("t --tier bronze", "t: invalid value for --tier: expected one of gold, silver, got 'bronze'"),
        ("t --id 1 -- extra", "t: unexpected argument 'extra' (use --key value)"),
        ("t --ref -1", "t: invalid value for --ref: -1 is less than the minimum of 0"),
        ("strict --limit 1", "strict: missing required flag --offset"),
        ("strict", "strict: missing required flags --limit, --offset"),
        ("strict --limit 1 --offset 0 --limti 2", "strict: unknown flag --limti (expected one of --limit, --offset)"),
    ];
    for (script, msg) in cases {
        let (o, e, s) = out(&t, &format!("{script}; echo $?"));
        assert_eq!((o.as_str(), e.as_str(), s), ("2\n", format!("{msg}\n").as_str(), 0), "{script}");
    }
    assert_eq!(calls.load(Ordering::SeqCst), 0);
    let big = "x".repeat(1100 * 1024);
    let (_, e, _) = out(&t, &format!("t --name {big}"));
    assert_eq!(e, "t: arguments too large\n");
}

#[test]
fn filter_enum_inside_an_object_is_checked_by_the_validator() {
    let (o, e, _) = out(&typed(Arc::new(AtomicUsize::new(0))), "t --filter tier=bronze; echo $?");
    assert_eq!(o, "2\n");
    assert!(e.starts_with("t: invalid value for --filter.tier: "), "{e}");
}

#[test]
fn positional_words_reach_tools_without_properties() {
    let t = typed(Arc::new(AtomicUsize::new(0)));
    assert_eq!(out(&t, "free a b --k v c").0, "{\"k\":\"v\"} [\"a\", \"b\", \"c\"]\n");
    assert_eq!(out(&t, "free -- --x y").0, "{} [\"--x\", \"y\"]\n");
}

#[test]
fn help_and_dry_run_call_nothing() {
    let calls = Arc::new(AtomicUsize::new(0));
    let t = typed(calls.clone());
    let (o, _, s) = out(&t, "t --id 1 --help");
    assert!(o.starts_with("t - Typed flags\nUsage: t --id <integer>"), "{o}");
    assert_eq!(s, 0);
    assert_eq!(out(&t, "t -h").0, o);
    assert_eq!(out(&t, "help t").0, o);
    assert_eq!(out(&t, "t --id 1 --tags a --dry-run").0, "{\n  \"id\": 1,\n  \"tags\": [\n    \"a\"\n  ]\n}\n");
    assert_eq!(calls.load(Ordering::SeqCst), 0);
}
