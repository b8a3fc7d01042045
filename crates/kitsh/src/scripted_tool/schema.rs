//! What the flag layer needs from a tool's JSON Schema: the effective kind of a property
//! (ST-13), its `enum`, the `required` list, and whole-input validation with `jsonschema`
//! (ST-15 last row, decision 12).

use std::sync::OnceLock;

use serde_json::{Map, Value};

/// How deep local `$ref` chains are followed (ST-13).
const MAX_REF_DEPTH: usize = 16;

/// The effective type of a property (ST-13).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `"type": "integer"`.
    Integer,
    /// `"type": "number"`.
    Number,
    /// `"type": "boolean"`.
    Boolean,
    /// `"type": "string"`.
    String,
    /// An array; the kind of its items (`Unknown` when `items` is absent or a tuple).
    Array(Box<Kind>),
    /// An object.
    Object,
    /// No type the flag layer can tell (values stay strings).
    Unknown,
}

/// Follows one local `$ref` (`#/definitions/x`, `#/$defs/x`, `#`) against `root`.
fn follow_ref<'a>(root: &'a Value, schema: &'a Value) -> Option<&'a Value> {
    let reference = schema.get("$ref")?.as_str()?;
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    root.pointer(pointer)
}

/// `schema` with its local `$ref` chain followed (at most [`MAX_REF_DEPTH`] steps): the first
/// schema in the chain that has no `$ref`, or the last one reached.
pub(crate) fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    let mut current = schema;
    for _ in 0..MAX_REF_DEPTH {
        match follow_ref(root, current) {
            Some(next) => current = next,
            None => break,
        }
    }
    current
}

/// The kind a JSON Schema `type` name stands for (`None` for `null` and unknown names).
fn kind_of_name(root: &Value, schema: &Value, name: &str) -> Option<Kind> {
    Some(match name {
        "integer" => Kind::Integer,
        "number" => Kind::Number,
        "boolean" => Kind::Boolean,
        "string" => Kind::String,
        "object" => Kind::Object,
        "array" => Kind::Array(Box::new(item_kind(root, schema))),
        _ => return None,
    })
}

/// The kind of an array schema's items (`Unknown` without a single `items` schema).
fn item_kind(root: &Value, schema: &Value) -> Kind {
    match schema.get("items") {
        Some(items) if items.is_object() => kind_of(root, items),
        _ => Kind::Unknown,
    }
}

/// The effective kind of the property schema `prop` of the tool schema `root` (ST-13): its
/// `type` (in a type array the first non-`"null"`), else `items` → array, `properties` →
/// object, else a local `$ref` followed (depth ≤ 16), else [`Kind::Unknown`].
pub(crate) fn kind_of(root: &Value, prop: &Value) -> Kind {
    let mut current = prop;
    for _ in 0..=MAX_REF_DEPTH {
        match current.get("type") {
            Some(Value::String(name)) => {
                return kind_of_name(root, current, name).unwrap_or(Kind::Unknown);
            }
            Some(Value::Array(names)) => {
                let first = names.iter().filter_map(Value::as_str).find(|n| *n != "null");
                return first.and_then(|n| kind_of_name(root, current, n)).unwrap_or(Kind::Unknown);
            }
            _ => {}
        }
        if current.get("items").is_some() {
            return Kind::Array(Box::new(item_kind(root, current)));
        }
        if current.get("properties").is_some() {
            return Kind::Object;
        }
        match follow_ref(root, current) {
            Some(next) => current = next,
            None => return Kind::Unknown,
        }
    }
    Kind::Unknown
}

/// The `properties` of an object schema (after a root `$ref`), in schema order.
pub(crate) fn properties(schema: &Value) -> Option<&Map<String, Value>> {
    resolve(schema, schema).get("properties")?.as_object()
}

/// The names in the schema's `required` list, in schema order (strings only).
pub(crate) fn required(schema: &Value) -> Vec<&str> {
    match resolve(schema, schema).get("required") {
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// The `enum` values of a property schema, looked up along its local `$ref` chain.
pub(crate) fn enum_values<'a>(root: &'a Value, prop: &'a Value) -> Option<&'a Vec<Value>> {
    let mut current = prop;
    for _ in 0..=MAX_REF_DEPTH {
        if let Some(Value::Array(values)) = current.get("enum") {
            return Some(values);
        }
        current = follow_ref(root, current)?;
    }
    None
}

/// A keyword of a property schema (`description`, `default`), looked up along its `$ref` chain.
pub(crate) fn keyword<'a>(root: &'a Value, prop: &'a Value, key: &str) -> Option<&'a Value> {
    let mut current = prop;
    for _ in 0..=MAX_REF_DEPTH {
        if let Some(value) = current.get(key) {
            return Some(value);
        }
        current = follow_ref(root, current)?;
    }
    None
}

/// A value as the flag messages show it: strings bare, anything else as compact JSON.
pub(crate) fn display_value(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A tool's input schema with its `jsonschema` validator, built on first use.
///
/// A schema `jsonschema` cannot compile (not a valid JSON Schema, or a `$ref` to a remote
/// document, which this build does not fetch) is not an error: whole-input validation is then
/// skipped and only the flag layer's own checks (types, enums, required) apply.
pub(crate) struct Compiled {
    /// The tool's `input_schema`.
    schema: Value,
    /// The validator, or `None` when the schema does not compile.
    validator: OnceLock<Option<jsonschema::Validator>>,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compiled").field("schema", &self.schema).finish_non_exhaustive()
    }
}

impl Compiled {
    /// Keeps a copy of `schema`; nothing is compiled until [`Compiled::validate`] runs.
    pub(crate) fn new(schema: &Value) -> Self {
        Compiled { schema: schema.clone(), validator: OnceLock::new() }
    }

    /// The validator (formats are checked too), or `None` for a schema that does not compile.
    fn validator(&self) -> Option<&jsonschema::Validator> {
        self.validator
            .get_or_init(|| jsonschema::options().should_validate_formats(true).build(&self.schema).ok())
            .as_ref()
    }

    /// Validates the mapped input; the first violation becomes the ST-15 message
    /// `invalid value for --PATH: DETAIL` (PATH like `filter.tier` or `ids[1]`, DETAIL the
    /// `jsonschema` error text). A violation of the input as a whole (empty path, as a root
    /// `anyOf`) reads `invalid input: DETAIL`. Always `Ok` when the schema does not compile.
    pub(crate) fn validate(&self, input: &Value) -> Result<(), String> {
        let Some(validator) = self.validator() else { return Ok(()) };
        let Some(error) = validator.iter_errors(input).next() else { return Ok(()) };
        let path = flag_path(input, error.instance_path.as_str());
        if path.is_empty() {
            Err(format!("invalid input: {error}"))
        } else {
            Err(format!("invalid value for --{path}: {error}"))
        }
    }
}

/// A JSON pointer into `input` written as a flag path: `/filter/tier` → `filter.tier`,
/// `/ids/1` → `ids[1]` (a segment is an index when the value it indexes is an array).
pub(crate) fn flag_path(input: &Value, pointer: &str) -> String {
    let mut out = String::new();
    let mut current = Some(input);
    for raw in pointer.split('/').skip(1) {
        let segment = raw.replace("~1", "/").replace("~0", "~");
        match current {
            Some(Value::Array(items)) if segment.parse::<usize>().is_ok() => {
                let index: usize = segment.parse().unwrap_or(0);
                out.push_str(&format!("[{index}]"));
                current = items.get(index);
            }
            _ => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&segment);
                current = current.and_then(|v| v.get(&segment));
            }
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;
    use serde_json::json;

    fn kind(root: &Value, name: &str) -> Kind {
        kind_of(root, &root["properties"][name])
    }

    #[test]
    fn kinds_follow_st13() {
        let root = json!({
            "type": "object",
            "definitions": {"tier": {"type": "string", "enum": ["gold", "silver"]}, "loop": {"$ref": "#/definitions/loop"}},
            "$defs": {"n": {"type": ["null", "number"]}, "chain": {"$ref": "#/$defs/n"}},
            "properties": {
                "i": {"type": "integer"},
                "n": {"type": ["null", "number"]},
                "b": {"type": "boolean"},
                "s": {"type": "string"},
                "a": {"type": "array", "items": {"type": "integer"}},
                "a2": {"items": {"type": "string"}},
                "a3": {"type": "array"},
                "o": {"type": "object"},
                "o2": {"properties": {"x": {}}},
                "r": {"$ref": "#/definitions/tier"},
                "r2": {"$ref": "#/$defs/chain"},
                "loop": {"$ref": "#/definitions/loop"},
                "remote": {"$ref": "http://example.com/x.json"},
                "u": {"description": "anything"},
                "onlynull": {"type": "null"}
            }
        });
        assert_eq!(kind(&root, "i"), Kind::Integer);
        assert_eq!(kind(&root, "n"), Kind::Number);
        assert_eq!(kind(&root, "b"), Kind::Boolean);
        assert_eq!(kind(&root, "s"), Kind::String);
        assert_eq!(kind(&root, "a"), Kind::Array(Box::new(Kind::Integer)));
        assert_eq!(kind(&root, "a2"), Kind::Array(Box::new(Kind::String)));
        assert_eq!(kind(&root, "a3"), Kind::Array(Box::new(Kind::Unknown)));
        assert_eq!(kind(&root, "o"), Kind::Object);
        assert_eq!(kind(&root, "o2"), Kind::Object);
        assert_eq!(kind(&root, "r"), Kind::String);
        assert_eq!(kind(&root, "r2"), Kind::Number);
        assert_eq!(kind(&root, "loop"), Kind::Unknown);
        assert_eq!(kind(&root, "remote"), Kind::Unknown);
        assert_eq!(kind(&root, "u"), Kind::Unknown);
        assert_eq!(kind(&root, "onlynull"), Kind::Unknown);
        let tier = enum_values(&root, &root["properties"]["r"]).unwrap();
        assert_eq!(tier, &vec![json!("gold"), json!("silver")]);
        assert!(enum_values(&root, &root["properties"]["loop"]).is_none());
    }

    #[test]
    fn properties_and_required_in_order() {
        let root = json!({"properties": {"z": {}, "a": {}}, "required": ["a", "z", 3]});
        let names: Vec<&String> = properties(&root).unwrap().keys().collect();
        assert_eq!(names, ["z", "a"]);
        assert_eq!(required(&root), ["a", "z"]);
        assert!(properties(&json!({})).is_none());
        assert!(required(&json!({})).is_empty());
    }

    #[test]
    fn flag_paths() {
        let input = json!({"filter": {"tier": "x", "0": 1}, "ids": [1, "x"], "a/b": 1});
        assert_eq!(flag_path(&input, "/filter/tier"), "filter.tier");
        assert_eq!(flag_path(&input, "/ids/1"), "ids[1]");
        assert_eq!(flag_path(&input, "/filter/0"), "filter.0");
        assert_eq!(flag_path(&input, "/a~1b"), "a/b");
        assert_eq!(flag_path(&input, ""), "");
    }

    #[test]
    fn validate_reports_the_first_violation() {
        let schema = json!({
            "type": "object",
            "properties": {"filter": {"type": "object", "properties": {"tier": {"enum": ["gold", "silver"]}}},
                           "ids": {"type": "array", "items": {"type": "integer", "minimum": 1}}}
        });
        let compiled = Compiled::new(&schema);
        assert_eq!(compiled.validate(&json!({"filter": {"tier": "gold"}, "ids": [1]})), Ok(()));
        assert_eq!(
            compiled.validate(&json!({"filter": {"tier": "x"}})),
            Err(r#"invalid value for --filter.tier: "x" is not one of "gold" or "silver""#.to_string())
        );
        assert_eq!(
            compiled.validate(&json!({"ids": [1, 0]})),
            Err("invalid value for --ids[1]: 0 is less than the minimum of 1".to_string())
        );
        let any = Compiled::new(&json!({"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}));
        assert!(any.validate(&json!({})).unwrap_err().starts_with("invalid input: "));
    }

    #[test]
    fn a_schema_that_does_not_compile_skips_validation() {
        let compiled = Compiled::new(&json!({"type": 12, "properties": {"a": {"$ref": "http://example.com/s.json"}}}));
        assert_eq!(compiled.validate(&json!({"a": 1})), Ok(()));
        let remote = Compiled::new(&json!({"properties": {"a": {"$ref": "http://example.com/s.json"}}}));
        assert_eq!(remote.validate(&json!({"a": 1})), Ok(()));
    }
}
