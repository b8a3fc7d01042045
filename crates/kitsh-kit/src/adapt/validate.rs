//! Input and output validation (KIT-15, decisions 11 and 12): our own messages for the common
//! mistakes (a missing field, a wrong type, a value outside `enum`), then whatever else the
//! `jsonschema` validator finds.

use serde_json::{Map, Value};

/// Checks a call's input (defaults merged) against the tool's input schema.
///
/// Errors, in this order: `invalid input: missing required field 'url' (string)`;
/// `invalid input: field 'port' must be number, got string`; `invalid input: field 'tier' must
/// be one of gold, silver`; then the first violation `jsonschema` reports, as
/// `invalid input: DETAIL` (`field 'PATH': DETAIL` below the top level). `integer` accepts
/// integral floats, `array` an empty object and `object` an empty array (both are an empty Lua
/// table); unknown fields pass; a `null` field counts as absent. A schema `jsonschema` cannot
/// compile only gets our own checks.
pub fn check_input(schema: &Value, input: &Map<String, Value>) -> Result<(), String> {
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let present = |k: &str| !matches!(input.get(k), None | Some(Value::Null));
    if let Some(required) = schema.get("required").and_then(Value::as_array) {
        for name in required.iter().filter_map(Value::as_str) {
            if !present(name) {
                let kind = properties
                    .get(name)
                    .and_then(|p| p.get("type"))
                    .and_then(Value::as_str);
                return Err(match kind {
                    Some(kind) => {
                        format!("invalid input: missing required field '{name}' ({kind})")
                    }
                    None => format!("invalid input: missing required field '{name}'"),
                });
            }
        }
    }
    for (name, property) in properties {
        let Some(value) = input.get(name).filter(|v| !v.is_null()) else {
            continue;
        };
        if let Some(kind) = property.get("type").and_then(Value::as_str) {
            if !has_kind(value, kind) {
                return Err(format!(
                    "invalid input: field '{name}' must be {kind}, got {}",
                    kind_of(value)
                ));
            }
        }
        if let Some(choices) = property.get("enum").and_then(Value::as_array) {
            if !choices.iter().any(|c| same(c, value)) {
                let list: Vec<String> = choices.iter().map(crate::adapt::input::scalar).collect();
                return Err(format!(
                    "invalid input: field '{name}' must be one of {}",
                    list.join(", ")
                ));
            }
        }
    }
    let normalized = normalize(properties, input);
    match first_violation(schema, &normalized) {
        Some(detail) => Err(format!("invalid input: {detail}")),
        None => Ok(()),
    }
}

/// Checks a tool's value against its output schema (decision 11):
/// `output does not match schema: DETAIL`.
pub fn check_output(schema: &Value, value: &Value) -> Result<(), String> {
    match first_violation(schema, value) {
        Some(detail) => Err(format!("output does not match schema: {detail}")),
        None => Ok(()),
    }
}

/// The first `jsonschema` violation as `DETAIL` (or `field 'a.b[1]': DETAIL` when it is not at
/// the top level); `None` when valid or when the schema does not compile.
fn first_violation(schema: &Value, instance: &Value) -> Option<String> {
    let validator = jsonschema::validator_for(schema).ok()?;
    let error = validator.iter_errors(instance).next()?;
    let path = field_path(error.instance_path.as_str());
    Some(if path.is_empty() {
        error.to_string()
    } else {
        format!("field '{path}': {error}")
    })
}

/// A JSON pointer as a dotted path: `/filter/tier` → `filter.tier`, `/ids/1` → `ids[1]`.
fn field_path(pointer: &str) -> String {
    let mut out = String::new();
    for raw in pointer.split('/').skip(1) {
        let segment = raw.replace("~1", "/").replace("~0", "~");
        if !out.is_empty() && segment.parse::<usize>().is_ok() {
            out.push_str(&format!("[{segment}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(&segment);
        }
    }
    out
}

/// The input as `jsonschema` should see it: `null` fields dropped, empty tables turned into the
/// declared kind (the same rule as `merge_defaults`).
fn normalize(properties: &Map<String, Value>, input: &Map<String, Value>) -> Value {
    let mut out = Map::new();
    for (key, value) in input {
        if value.is_null() {
            continue;
        }
        let declared = properties
            .get(key)
            .and_then(|p| p.get("type"))
            .and_then(Value::as_str);
        let value = match (declared, value) {
            (Some("array"), Value::Object(o)) if o.is_empty() => Value::Array(Vec::new()),
            (Some("object"), Value::Array(a)) if a.is_empty() => Value::Object(Map::new()),
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    Value::Object(out)
}

/// Whether `value` is of the schema type `kind` (KIT-15); unknown kinds accept anything.
fn has_kind(value: &Value, kind: &str) -> bool {
    match kind {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => match value {
            Value::Number(n) => {
                n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
            }
            _ => false,
        },
        "boolean" => value.is_boolean(),
        "array" => value.is_array() || value.as_object().is_some_and(Map::is_empty),
        "object" => value.is_object() || value.as_array().is_some_and(Vec::is_empty),
        "null" => value.is_null(),
        _ => true,
    }
}

/// The type name of a value for messages (`got string`).
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// `enum` membership: numbers compare by value (`3` equals `3.0`), the rest structurally.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type":"object","properties":{
            "count":{"type":"integer"},
            "ids":{"type":"array","items":{"type":"string"}},
            "port":{"type":"number","default":443},
            "tier":{"type":"string","enum":["gold","silver"]},
            "url":{"type":"string"}
        },"required":["url"]})
    }

    fn check(v: Value) -> Result<(), String> {
        check_input(&schema(), v.as_object().unwrap())
    }

    #[test]
    fn kit15_messages() {
        assert_eq!(
            check(json!({})).unwrap_err(),
            "invalid input: missing required field 'url' (string)"
        );
        assert_eq!(
            check(json!({"url": null})).unwrap_err(),
            "invalid input: missing required field 'url' (string)"
        );
        assert_eq!(
            check(json!({"url": "u", "port": "80"})).unwrap_err(),
            "invalid input: field 'port' must be number, got string"
        );
        assert_eq!(
            check(json!({"url": "u", "tier": "bronze"})).unwrap_err(),
            "invalid input: field 'tier' must be one of gold, silver"
        );
        assert_eq!(
            check(json!({"url": "u", "count": 2.5})).unwrap_err(),
            "invalid input: field 'count' must be integer, got number"
        );
        check(json!({"url": "u", "count": 3.0, "extra": [1], "ids": {}})).unwrap();
        check(json!({"url": "u", "count": 3, "tier": "gold", "port": 8.5})).unwrap();
    }

    #[test]
    fn jsonschema_catches_the_rest() {
        let err = check(json!({"url": "u", "ids": ["a", 3]})).unwrap_err();
        assert!(err.starts_with("invalid input: field 'ids[1]': "), "{err}");
        let s = json!({"type":"object","anyOf":[{"required":["a"]},{"required":["b"]}]});
        let err = check_input(&s, &Map::new()).unwrap_err();
        assert!(err.starts_with("invalid input: "), "{err}");
    }

    #[test]
    fn output_schema() {
        let s = json!({"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]});
        check_output(&s, &json!({"n": 1})).unwrap();
        let err = check_output(&s, &json!({"n": "x"})).unwrap_err();
        assert!(
            err.starts_with("output does not match schema: field 'n': "),
            "{err}"
        );
    }
}
