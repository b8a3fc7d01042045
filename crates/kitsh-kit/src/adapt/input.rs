//! Input adapters (KIT-13): `defaults` overlaid by the call's input, then argv words and stdin
//! bytes for the script.

use serde_json::{Map, Value};

use crate::spec::{InputAdapter, ToolSpec};

/// What a script receives from a call: the words after the entrypoint and, for the `json` and
/// `mixed` adapters, the bytes written to its stdin before EOF (`None`: stdin is empty).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProcessInput {
    /// The adapter's argv words (after the interpreter and the entrypoint).
    pub args: Vec<String>,
    /// Bytes written to stdin, then EOF; `None` gives the script an empty stdin (`/dev/null`).
    pub stdin: Option<Vec<u8>>,
}

/// The tool's `defaults` overlaid by the call's `input` (a key of `input` wins, a JSON `null`
/// included). A top-level value that is an empty object where the input schema declares
/// `array`, or an empty array where it declares `object`, is turned into the declared kind: an
/// empty Lua table converts to either (KIT-15).
pub fn merge_defaults(spec: &ToolSpec, input: Map<String, Value>) -> Map<String, Value> {
    let mut merged = spec.defaults.clone();
    for (key, value) in input {
        merged.insert(key, value);
    }
    let properties = spec
        .input_schema
        .get("properties")
        .and_then(Value::as_object);
    if let Some(properties) = properties {
        for (key, value) in merged.iter_mut() {
            let declared = properties
                .get(key)
                .and_then(|p| p.get("type"))
                .and_then(Value::as_str);
            match (declared, &*value) {
                (Some("array"), Value::Object(o)) if o.is_empty() => {
                    *value = Value::Array(Vec::new())
                }
                (Some("object"), Value::Array(a)) if a.is_empty() => {
                    *value = Value::Object(Map::new())
                }
                _ => {}
            }
        }
    }
    merged
}

/// The argv words and stdin bytes for `input` under the tool's input adapter (KIT-13).
///
/// `args`: keys in byte order; a string or number gives `--k V`, `true` gives `--k`, `false` and
/// `null` are omitted, an array gives `--k ITEM` per item (an empty one is omitted), an object
/// gives `--k COMPACT_JSON`. `json`: no words, the compact JSON object on stdin.
/// `positional_args`: the values of the `args_order` keys in order (absent or `null` keys
/// skipped), then the other keys as `args`. `mixed`: the keys outside `stdin_fields` as `args`,
/// the `stdin_fields` keys present as a compact JSON object on stdin.
pub fn to_process(spec: &ToolSpec, input: &Map<String, Value>) -> ProcessInput {
    match &spec.input_adapter {
        InputAdapter::Args => ProcessInput {
            args: flags(input, |_| true),
            stdin: None,
        },
        InputAdapter::Json => ProcessInput {
            args: Vec::new(),
            stdin: Some(compact(&Value::Object(input.clone()))),
        },
        InputAdapter::PositionalArgs(order) => {
            let mut args = Vec::new();
            for key in order {
                match input.get(key) {
                    None | Some(Value::Null) => {}
                    Some(value) => args.extend(words(value)),
                }
            }
            args.extend(flags(input, |k| !order.iter().any(|o| o == k)));
            ProcessInput { args, stdin: None }
        }
        InputAdapter::Mixed(fields) => {
            let on_stdin = |k: &str| fields.iter().any(|f| f == k);
            let args = flags(input, |k| !on_stdin(k));
            let object: Map<String, Value> = input
                .iter()
                .filter(|(k, _)| on_stdin(k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            ProcessInput {
                args,
                stdin: Some(compact(&Value::Object(object))),
            }
        }
    }
}

/// Compact JSON text as bytes, object keys in byte order at every level (as kael's Go
/// encoder writes maps), so the script sees the same text whichever surface made the call
/// (Lua tables have no order).
fn compact(value: &Value) -> Vec<u8> {
    sorted(value).to_string().into_bytes()
}

fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            Value::Object(keys.into_iter().map(|k| (k.clone(), sorted(&m[k]))).collect())
        }
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// The `args` adapter's flags for the keys `keep` accepts, in byte order of the keys.
fn flags(input: &Map<String, Value>, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let mut keys: Vec<&String> = input.keys().filter(|k| keep(k)).collect();
    keys.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    let mut out = Vec::new();
    for key in keys {
        let flag = format!("--{key}");
        match &input[key.as_str()] {
            Value::Null | Value::Bool(false) => {}
            Value::Bool(true) => out.push(flag),
            Value::Array(items) => {
                for item in items {
                    out.push(flag.clone());
                    out.push(scalar(item));
                }
            }
            other => {
                out.push(flag);
                out.push(scalar(other));
            }
        }
    }
    out
}

/// The words of a positional value: an array gives one word per item, anything else one word.
fn words(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.iter().map(scalar).collect(),
        other => vec![scalar(other)],
    }
}

/// One value as a word: strings as they are, numbers by the KIT-13 rule, everything else
/// (booleans, `null`, arrays, objects) as compact JSON.
pub(crate) fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => number(n),
        other => other.to_string(),
    }
}

/// Integers, and integral floats within ±2^53, without a fraction (`3.0` → `3`); other
/// numbers as serde_json writes them (`0.5`).
fn number(n: &serde_json::Number) -> String {
    if n.is_i64() || n.is_u64() {
        return n.to_string();
    }
    match n.as_f64() {
        Some(f) if f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0 => {
            format!("{}", f as i64)
        }
        _ => n.to_string(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;
    use serde_json::json;

    pub(crate) fn spec(adapter: InputAdapter) -> ToolSpec {
        ToolSpec {
            name: "t".into(),
            file: "/k/t.lua".into(),
            rel_file: "t.lua".into(),
            source: crate::spec::Source::Local("/k".into()),
            subdir: None,
            entrypoint: None,
            kind: None,
            executor: None,
            timeout: crate::spec::DEFAULT_TIMEOUT,
            input_adapter: adapter,
            output_adapter: Default::default(),
            input_schema: json!({"type":"object","properties":{"ids":{"type":"array"},"opts":{"type":"object"}}}),
            output_schema: None,
            deps: vec![],
            env: vec![],
            defaults: Map::new(),
            description: String::new(),
            tags: vec![],
            category: None,
            network: false,
            image: None,
            max_output: crate::spec::DEFAULT_MAX_OUTPUT,
            limits: Default::default(),
            sandbox_weak: false,
            resolved: None,
        }
    }

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn args_follow_kit13() {
        let input = obj(json!({
            "name": "world", "count": 3, "ratio": 0.5, "whole": 3.0, "big": 1e300, "verbose": true,
            "quiet": false, "none": null, "ids": [1, "b"], "empty": [], "opts": {"a": [1, 2], "b": "x"},
            "Zed": "z", "_u": "u"
        }));
        let p = to_process(&spec(InputAdapter::Args), &input);
        assert_eq!(p.stdin, None);
        assert_eq!(
            p.args,
            [
                "--Zed",
                "z",
                "--_u",
                "u",
                "--big",
                "1e+300",
                "--count",
                "3",
                "--ids",
                "1",
                "--ids",
                "b",
                "--name",
                "world",
                "--opts",
                r#"{"a":[1,2],"b":"x"}"#,
                "--ratio",
                "0.5",
                "--verbose",
                "--whole",
                "3"
            ]
        );
    }

    #[test]
    fn positional_and_json_and_mixed() {
        let input = obj(json!({"tenant_name": "acme", "region": "us-east-1", "verbose": true}));
        let order = vec![
            "tenant_name".to_string(),
            "region".to_string(),
            "absent".to_string(),
        ];
        let p = to_process(&spec(InputAdapter::PositionalArgs(order)), &input);
        assert_eq!(p.args, ["acme", "us-east-1", "--verbose"]);
        assert_eq!(p.stdin, None);

        let p = to_process(&spec(InputAdapter::Json), &input);
        assert!(p.args.is_empty());
        assert_eq!(
            String::from_utf8(p.stdin.unwrap()).unwrap(),
            r#"{"region":"us-east-1","tenant_name":"acme","verbose":true}"#
        );

        let p = to_process(
            &spec(InputAdapter::Mixed(vec!["region".into(), "missing".into()])),
            &input,
        );
        assert_eq!(p.args, ["--tenant_name", "acme", "--verbose"]);
        assert_eq!(p.stdin.unwrap(), br#"{"region":"us-east-1"}"#);

        let p = to_process(&spec(InputAdapter::Mixed(vec!["missing".into()])), &input);
        assert_eq!(p.stdin.unwrap(), b"{}");
    }

    #[test]
    fn defaults_are_overlaid_and_empty_tables_take_the_declared_kind() {
        let mut s = spec(InputAdapter::Args);
        s.defaults = obj(json!({"port": 443, "host": "a"}));
        let merged = merge_defaults(&s, obj(json!({"host": "b", "ids": {}, "opts": []})));
        assert_eq!(
            Value::Object(merged),
            json!({"port": 443, "host": "b", "ids": [], "opts": {}})
        );
    }
}
