//! A tool command's words → `ToolArgs.params` (ST-14), with the flag errors of ST-15.

use serde_json::{Map, Number, Value};

use super::def::ToolDef;
use super::schema::{self, Kind};

/// Most value bytes one call may carry, over all flags and words (ST-14).
const MAX_VALUE_BYTES: usize = 1 << 20;

/// Most items one array flag may collect (ST-14).
const MAX_ARRAY_ITEMS: usize = 10_000;

/// The ST-15 message for going over the limits.
const TOO_LARGE: &str = "arguments too large";

/// The outcome of [`parse`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Parsed {
    /// The flags mapped to a JSON object (piped JSON merged under them).
    pub params: Value,
    /// Words that are not flags, in order (only for schemas without properties, ST-1b).
    pub positional: Vec<String>,
    /// `--help` or `-h` came before `--`: show `help NAME`, run nothing. Nothing else is
    /// filled in or checked then.
    pub help: bool,
    /// `--dry-run` was given (decision 4) and the schema has no `dry-run`/`dry_run` property.
    pub dry_run: bool,
}

/// Maps a tool command's words to params (ST-14) and checks them (ST-15).
///
/// `args` = the words after the command name. `stdin_json`: the piped JSON object when the def
/// has `stdin_json` (already checked to be an object by the caller), merged under the flags
/// (flags win, top-level keys) before `required` is checked. Then the whole input is validated
/// with `compiled` (ST-15 last row).
///
/// The `Err` string is the ST-15 MESSAGE without the `NAME: ` prefix (the caller prints
/// `NAME: MESSAGE\n` with status 2).
pub(crate) fn parse(
    def: &ToolDef,
    compiled: &schema::Compiled,
    args: &[String],
    stdin_json: Option<Map<String, Value>>,
) -> Result<Parsed, String> {
    let mut parsed = Parsed { params: Value::Object(Map::new()), positional: Vec::new(), help: false, dry_run: false };
    if args.iter().take_while(|a| a.as_str() != "--").any(|a| a == "--help" || a == "-h") {
        parsed.help = true;
        return Ok(parsed);
    }
    let mut mapper = Mapper::new(def);
    let mut params = mapper.run(args, &mut parsed)?;
    if let Some(stdin) = stdin_json {
        let flags = std::mem::replace(&mut params, stdin);
        params.extend(flags);
    }
    let missing: Vec<String> = schema::required(&def.input_schema)
        .into_iter()
        .filter(|name| !params.contains_key(*name))
        .map(|name| format!("--{name}"))
        .collect();
    match missing.len() {
        0 => {}
        1 => return Err(format!("missing required flag {}", missing[0])),
        _ => return Err(format!("missing required flags {}", missing.join(", "))),
    }
    parsed.params = Value::Object(params);
    compiled.validate(&parsed.params)?;
    Ok(parsed)
}

/// Parameters given as JSON (a function call from Python's `kitsh_tools`) checked as flags are:
/// a string where the schema wants a number, boolean, array or object is read as the flag's
/// word would be (`"42"` for an integer), and a value of the wrong kind gets the flag's message
/// (`invalid value for --id: expected integer, got 'x'`).
pub(crate) fn coerce_params(def: &ToolDef, params: Map<String, Value>) -> Result<Map<String, Value>, String> {
    let root = &def.input_schema;
    let Some(props) = schema::properties(root) else { return Ok(params) };
    params
        .into_iter()
        .map(|(k, v)| match props.get(&k) {
            Some(prop) => coerce_json(v, &schema::kind_of(root, prop), &k).map(|v| (k, v)),
            None => Ok((k, v)),
        })
        .collect()
}

/// `invalid value for --PATH: expected KIND, got 'RAW'`.
fn invalid(path: &str, kind: &str, raw: &str) -> String {
    format!("invalid value for --{path}: expected {kind}, got '{raw}'")
}

/// The `=` form of a boolean: `true|false|1|0|yes|no`, case-insensitive.
fn parse_bool(raw: &str) -> Option<bool> {
    match raw.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Some(true),
        "false" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// `^[+-]?[0-9]+$`.
fn is_integer_literal(raw: &str) -> bool {
    let digits = raw.strip_prefix(['+', '-']).unwrap_or(raw);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The type name used in messages.
fn kind_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Integer => "integer",
        Kind::Number => "number",
        Kind::Boolean => "boolean",
        Kind::String | Kind::Unknown => "string",
        Kind::Array(_) => "array",
        Kind::Object => "object",
    }
}

/// A word as a value of `kind` (ST-14); `path` names it in errors (`id`, `ids[1]`, `filter.a`).
fn coerce_text(raw: &str, kind: &Kind, path: &str) -> Result<Value, String> {
    match kind {
        Kind::Integer => {
            if is_integer_literal(raw) {
                if let Ok(n) = raw.parse::<i64>() {
                    return Ok(Value::from(n));
                }
            }
            Err(invalid(path, "integer", raw))
        }
        Kind::Number => {
            if is_integer_literal(raw) {
                if let Ok(n) = raw.parse::<i64>() {
                    return Ok(Value::from(n));
                }
            }
            let looks_numeric = raw.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'));
            match raw.parse::<f64>().ok().filter(|f| looks_numeric && f.is_finite()).and_then(Number::from_f64) {
                Some(n) => Ok(Value::Number(n)),
                None => Err(invalid(path, "number", raw)),
            }
        }
        Kind::Boolean => parse_bool(raw).map(Value::Bool).ok_or_else(|| invalid(path, "boolean", raw)),
        Kind::String | Kind::Unknown => Ok(Value::String(raw.to_string())),
        Kind::Object => match serde_json::from_str::<Value>(raw) {
            Ok(value @ Value::Object(_)) if raw.starts_with('{') => Ok(value),
            _ => Err(invalid(path, "object", raw)),
        },
        Kind::Array(item) => {
            if raw.starts_with('[') {
                if let Ok(Value::Array(items)) = serde_json::from_str::<Value>(raw) {
                    let coerced = items
                        .into_iter()
                        .enumerate()
                        .map(|(i, v)| coerce_json(v, item, &format!("{path}[{i}]")))
                        .collect::<Result<Vec<_>, _>>()?;
                    return Ok(Value::Array(coerced));
                }
            }
            Ok(Value::Array(vec![coerce_text(raw, item, &format!("{path}[0]"))?]))
        }
    }
}

/// An item of a JSON array given on the command line as a value of `kind`: strings are
/// coerced like words, other values must already have the kind.
fn coerce_json(value: Value, kind: &Kind, path: &str) -> Result<Value, String> {
    if let Value::String(s) = &value {
        return coerce_text(s, kind, path);
    }
    let fits = match kind {
        Kind::Integer => value.is_i64() || value.is_u64(),
        Kind::Number => value.is_number(),
        Kind::Boolean => value.is_boolean(),
        Kind::Object => value.is_object(),
        Kind::Array(_) => value.is_array(),
        Kind::String | Kind::Unknown => true,
    };
    if fits {
        Ok(value)
    } else {
        Err(invalid(path, kind_name(kind), &schema::display_value(&value)))
    }
}

/// Checks `value` against the property's `enum` (ST-15 enum row). For a property of unknown
/// type a word equal to an enum value's text takes that value (`--level 1` with `enum: [1, 2]`).
fn check_enum(root: &Value, prop: &Value, kind: &Kind, value: Value, raw: &str, path: &str) -> Result<Value, String> {
    let Some(values) = schema::enum_values(root, prop) else { return Ok(value) };
    if values.contains(&value) {
        return Ok(value);
    }
    if *kind == Kind::Unknown {
        if let Some(found) = values.iter().find(|v| schema::display_value(v) == raw) {
            return Ok(found.clone());
        }
    }
    let expected: Vec<String> = values.iter().map(schema::display_value).collect();
    Err(format!("invalid value for --{path}: expected one of {}, got '{raw}'", expected.join(", ")))
}

/// The state of one left-to-right pass over the words.
struct Mapper<'a> {
    /// The tool's input schema.
    root: &'a Value,
    /// Its top-level properties.
    props: Option<&'a Map<String, Value>>,
    /// The schema declares at least one property (positional words are then rejected).
    has_props: bool,
    /// `additionalProperties: false`.
    closed: bool,
    /// `--dry-run` is ours (no `dry-run`/`dry_run` property).
    ours_dry_run: bool,
    /// Value bytes seen so far.
    bytes: usize,
}

impl<'a> Mapper<'a> {
    /// A mapper for `def`'s schema.
    fn new(def: &'a ToolDef) -> Self {
        let root = &def.input_schema;
        let props = schema::properties(root);
        let closed = schema::resolve(root, root).get("additionalProperties") == Some(&Value::Bool(false));
        Mapper {
            root,
            props,
            has_props: props.is_some_and(|p| !p.is_empty()),
            closed,
            ours_dry_run: !props.is_some_and(|p| p.contains_key("dry-run") || p.contains_key("dry_run")),
            bytes: 0,
        }
    }

    /// Counts `n` more value bytes.
    fn add_bytes(&mut self, n: usize) -> Result<(), String> {
        self.bytes += n;
        if self.bytes > MAX_VALUE_BYTES {
            Err(TOO_LARGE.to_string())
        } else {
            Ok(())
        }
    }

    /// A word that is not a flag.
    fn positional(&mut self, word: &str, parsed: &mut Parsed) -> Result<(), String> {
        if self.has_props {
            return Err(format!("unexpected argument '{word}' (use --key value)"));
        }
        self.add_bytes(word.len())?;
        parsed.positional.push(word.to_string());
        Ok(())
    }

    /// Maps every word; returns the flags (without piped JSON).
    fn run(&mut self, args: &[String], parsed: &mut Parsed) -> Result<Map<String, Value>, String> {
        let mut params = Map::new();
        let mut i = 0;
        while i < args.len() {
            let token = &args[i];
            i += 1;
            if token == "--" {
                for word in &args[i..] {
                    self.positional(word, parsed)?;
                }
                break;
            }
            let Some(body) = token.strip_prefix("--") else {
                self.positional(token, parsed)?;
                continue;
            };
            let (name, inline) = match body.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (body, None),
            };
            if name.is_empty() {
                return Err(format!("invalid flag '{token}'"));
            }
            if let Some(value) = inline {
                self.add_bytes(value.len())?;
            }
            if name == "dry-run" && self.ours_dry_run {
                parsed.dry_run = match inline {
                    None => true,
                    Some(v) => parse_bool(v).ok_or_else(|| invalid(name, "boolean", v))?,
                };
                continue;
            }
            if let Some(prop) = self.props.and_then(|p| p.get(name)) {
                i = self.typed(name, prop, inline, args, i, &mut params)?;
                continue;
            }
            if let Some(base) = name.strip_prefix("no-") {
                if let Some(prop) = self.props.and_then(|p| p.get(base)) {
                    if schema::kind_of(self.root, prop) == Kind::Boolean {
                        let value = match inline {
                            None => false,
                            Some(v) => !parse_bool(v).ok_or_else(|| invalid(name, "boolean", v))?,
                        };
                        params.insert(base.to_string(), Value::Bool(value));
                        continue;
                    }
                }
            }
            if self.closed {
                let expected: Vec<String> = self.props.into_iter().flat_map(|p| p.keys()).map(|k| format!("--{k}")).collect();
                if expected.is_empty() {
                    return Err(format!("unknown flag --{name}"));
                }
                return Err(format!("unknown flag --{name} (expected one of {})", expected.join(", ")));
            }
            let value = match inline {
                Some(v) => Value::String(v.to_string()),
                None => match args.get(i) {
                    Some(next) if !next.starts_with("--") => {
                        i += 1;
                        self.add_bytes(next.len())?;
                        Value::String(next.clone())
                    }
                    _ => Value::Bool(true),
                },
            };
            params.insert(name.to_string(), value);
        }
        Ok(params)
    }

    /// A flag declared in the schema; `i` is the index of the next word. Returns the index
    /// after the words it consumed.
    fn typed(
        &mut self,
        name: &str,
        prop: &Value,
        inline: Option<&str>,
        args: &[String],
        mut i: usize,
        params: &mut Map<String, Value>,
    ) -> Result<usize, String> {
        let root = self.root;
        let kind = schema::kind_of(root, prop);
        if kind == Kind::Boolean {
            let (value, raw) = match inline {
                Some(v) => (parse_bool(v).ok_or_else(|| invalid(name, "boolean", v))?, v),
                None => match args.get(i).map(String::as_str) {
                    Some(word @ ("true" | "false")) => {
                        i += 1;
                        (word == "true", word)
                    }
                    _ => (true, "true"),
                },
            };
            let value = check_enum(root, prop, &kind, Value::Bool(value), raw, name)?;
            params.insert(name.to_string(), value);
            return Ok(i);
        }
        let raw: &str = match inline {
            Some(v) => v,
            None => match args.get(i) {
                Some(next) if !next.starts_with("--") => {
                    i += 1;
                    self.add_bytes(next.len())?;
                    next
                }
                _ => return Err(format!("missing value for --{name}")),
            },
        };
        match &kind {
            Kind::Array(item) => {
                let items_schema = schema::resolve(root, prop).get("items").or_else(|| prop.get("items"));
                let start = match params.get(name) {
                    Some(Value::Array(existing)) => existing.len(),
                    _ => 0,
                };
                let mut new_items: Vec<(Value, String)> = Vec::new();
                let mut json_items = None;
                if raw.starts_with('[') {
                    if let Ok(Value::Array(items)) = serde_json::from_str::<Value>(raw) {
                        json_items = Some(items);
                    }
                }
                match json_items {
                    Some(items) => {
                        if start + items.len() > MAX_ARRAY_ITEMS {
                            return Err(TOO_LARGE.to_string());
                        }
                        for (n, v) in items.into_iter().enumerate() {
                            let path = format!("{name}[{}]", start + n);
                            let shown = schema::display_value(&v);
                            new_items.push((coerce_json(v, item, &path)?, shown));
                        }
                    }
                    None => {
                        let path = format!("{name}[{start}]");
                        new_items.push((coerce_text(raw, item, &path)?, raw.to_string()));
                    }
                }
                if start + new_items.len() > MAX_ARRAY_ITEMS {
                    return Err(TOO_LARGE.to_string());
                }
                let entry = params.entry(name.to_string()).or_insert_with(|| Value::Array(Vec::new()));
                if !entry.is_array() {
                    *entry = Value::Array(Vec::new());
                }
                for (n, (value, shown)) in new_items.into_iter().enumerate() {
                    let value = match items_schema {
                        Some(items_schema) => {
                            check_enum(root, items_schema, item, value, &shown, &format!("{name}[{}]", start + n))?
                        }
                        None => value,
                    };
                    if let Value::Array(list) = entry {
                        list.push(value);
                    }
                }
            }
            Kind::Object => {
                let added = if raw.starts_with('{') {
                    match coerce_text(raw, &Kind::Object, name)? {
                        Value::Object(map) => map,
                        _ => Map::new(),
                    }
                } else {
                    let object_schema = if prop.get("properties").is_some() { prop } else { schema::resolve(root, prop) };
                    let sub_props = object_schema.get("properties").and_then(Value::as_object);
                    let mut words = vec![raw];
                    while let Some(next) = args.get(i).filter(|w| !w.starts_with("--")) {
                        i += 1;
                        self.add_bytes(next.len())?;
                        words.push(next);
                    }
                    let mut map = Map::new();
                    for word in words {
                        let (key, text) = match word.split_once('=') {
                            Some((key, text)) if !key.is_empty() => (key, text),
                            _ => return Err(invalid(name, "object", word)),
                        };
                        let path = format!("{name}.{key}");
                        let value = match sub_props.and_then(|p| p.get(key)) {
                            Some(sub) => {
                                let sub_kind = schema::kind_of(root, sub);
                                let value = coerce_text(text, &sub_kind, &path)?;
                                check_enum(root, sub, &sub_kind, value, text, &path)?
                            }
                            None => Value::String(text.to_string()),
                        };
                        map.insert(key.to_string(), value);
                    }
                    map
                };
                match params.get_mut(name) {
                    Some(Value::Object(existing)) => existing.extend(added),
                    _ => {
                        params.insert(name.to_string(), Value::Object(added));
                    }
                }
            }
            scalar => {
                let value = coerce_text(raw, scalar, name)?;
                let value = check_enum(root, prop, scalar, value, raw, name)?;
                params.insert(name.to_string(), value);
            }
        }
        Ok(i)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;
    use serde_json::json;

    fn user_def() -> ToolDef {
        ToolDef::new("get_user", "Fetch user by ID").with_schema(json!({
            "type": "object",
            "definitions": {"tier": {"type": "string", "enum": ["gold", "silver"]}},
            "properties": {
                "id": {"type": "integer"},
                "name": {"type": "string"},
                "verbose": {"type": "boolean"},
                "ratio": {"type": "number"},
                "offset": {"type": "integer"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "ids": {"type": "array", "items": {"type": "integer"}},
                "filter": {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "string"},
                           "tier": {"$ref": "#/definitions/tier"}}},
                "tier": {"$ref": "#/definitions/tier"},
                "level": {"enum": [1, 2]}
            }
        }))
    }

    fn words(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    fn run_def(def: &ToolDef, args: &[&str]) -> Result<Parsed, String> {
        let compiled = schema::Compiled::new(&def.input_schema);
        parse(def, &compiled, &words(args), None)
    }

    fn ok(args: &[&str]) -> Value {
        run_def(&user_def(), args).unwrap().params
    }

    fn err(args: &[&str]) -> String {
        run_def(&user_def(), args).unwrap_err()
    }

    #[test]
    fn st14_table() {
        assert_eq!(ok(&["--id", "42"]), json!({"id": 42}));
        assert_eq!(ok(&["--id=42"]), json!({"id": 42}));
        assert_eq!(ok(&["--name", "Alice"]), json!({"name": "Alice"}));
        assert_eq!(ok(&["--nick", "Alice"]), json!({"nick": "Alice"}));
        assert_eq!(ok(&["--verbose"]), json!({"verbose": true}));
        assert_eq!(ok(&["--verbose=false"]), json!({"verbose": false}));
        assert_eq!(ok(&["--verbose", "false"]), json!({"verbose": false}));
        assert_eq!(ok(&["--no-verbose"]), json!({"verbose": false}));
        assert_eq!(ok(&["--debug"]), json!({"debug": true}));
        assert_eq!(ok(&["--debug", "--id", "1"]), json!({"debug": true, "id": 1}));
        assert_eq!(ok(&["--count", "3"]), json!({"count": "3"}));
        assert_eq!(ok(&["--tags", "a", "--tags", "b"]), json!({"tags": ["a", "b"]}));
        assert_eq!(ok(&["--tags", r#"["a","b"]"#]), json!({"tags": ["a", "b"]}));
        assert_eq!(ok(&["--tags", r#"["a","b"]"#, "--tags", "x"]), json!({"tags": ["a", "b", "x"]}));
        assert_eq!(ok(&["--filter", r#"{"a":1}"#]), json!({"filter": {"a": 1}}));
        assert_eq!(ok(&["--filter", "a=1", "--filter", "b=x"]), json!({"filter": {"a": 1, "b": "x"}}));
    }

    #[test]
    fn st14_rules() {
        // `=` takes everything after the first `=`, even empty or `--…`.
        assert_eq!(ok(&["--name=a=b"]), json!({"name": "a=b"}));
        assert_eq!(ok(&["--name="]), json!({"name": ""}));
        assert_eq!(ok(&["--name=--x"]), json!({"name": "--x"}));
        // Non-boolean flags take a next word starting with a single dash.
        assert_eq!(ok(&["--offset", "-5"]), json!({"offset": -5}));
        assert_eq!(ok(&["--name", "-x"]), json!({"name": "-x"}));
        // Booleans consume only `true`/`false`; `=` accepts more, case-insensitively.
        assert_eq!(ok(&["--verbose", "true"]), json!({"verbose": true}));
        for (word, value) in [("TRUE", true), ("1", true), ("Yes", true), ("false", false), ("0", false), ("NO", false)] {
            assert_eq!(ok(&[&format!("--verbose={word}")]), json!({"verbose": value}));
        }
        assert_eq!(err(&["--verbose", "yes"]), "unexpected argument 'yes' (use --key value)");
        assert_eq!(err(&["--verbose=maybe"]), "invalid value for --verbose: expected boolean, got 'maybe'");
        // Integers and numbers.
        assert_eq!(ok(&["--id", "+7"]), json!({"id": 7}));
        assert_eq!(ok(&["--id", "-9223372036854775808"]), json!({"id": i64::MIN}));
        assert_eq!(err(&["--id", "9223372036854775808"]), "invalid value for --id: expected integer, got '9223372036854775808'");
        assert_eq!(err(&["--id", "1.0"]), "invalid value for --id: expected integer, got '1.0'");
        assert_eq!(err(&["--id", "1e3"]), "invalid value for --id: expected integer, got '1e3'");
        assert_eq!(ok(&["--ratio", "1e3"]), json!({"ratio": 1000.0}));
        assert_eq!(ok(&["--ratio", ".5"]), json!({"ratio": 0.5}));
        assert_eq!(ok(&["--ratio", "3"]), json!({"ratio": 3}));
        assert!(ok(&["--ratio", "3"])["ratio"].is_i64());
        assert_eq!(err(&["--ratio", "inf"]), "invalid value for --ratio: expected number, got 'inf'");
        assert_eq!(err(&["--ratio", "NaN"]), "invalid value for --ratio: expected number, got 'NaN'");
        assert_eq!(err(&["--ratio", "1e999"]), "invalid value for --ratio: expected number, got '1e999'");
        // Strings are never coerced.
        assert_eq!(ok(&["--name", "42"]), json!({"name": "42"}));
        // Arrays: items coerced, `[`-words that are not JSON are one item, no comma split.
        assert_eq!(ok(&["--ids", "1", "--ids", "2"]), json!({"ids": [1, 2]}));
        assert_eq!(ok(&["--ids", "[1, \"2\"]"]), json!({"ids": [1, 2]}));
        assert_eq!(ok(&["--tags", "[WIP] fix"]), json!({"tags": ["[WIP] fix"]}));
        assert_eq!(ok(&["--tags", "a,b"]), json!({"tags": ["a,b"]}));
        assert_eq!(ok(&["--tags=x"]), json!({"tags": ["x"]}));
        // Objects: k=v words until the next `--` word, coerced per the object's properties.
        assert_eq!(ok(&["--filter", "a=1", "b=2", "--id", "3"]), json!({"filter": {"a": 1, "b": "2"}, "id": 3}));
        assert_eq!(ok(&["--filter", "tier=gold", "c=v=w"]), json!({"filter": {"tier": "gold", "c": "v=w"}}));
        assert_eq!(ok(&["--filter", r#"{"a":1,"b":"x"}"#, "--filter", "a=2"]), json!({"filter": {"a": 2, "b": "x"}}));
        // Last scalar wins.
        assert_eq!(ok(&["--id", "1", "--id", "2"]), json!({"id": 2}));
        assert_eq!(ok(&["--verbose", "--no-verbose"]), json!({"verbose": false}));
        // Enums; an untyped enum takes the enum's own value.
        assert_eq!(ok(&["--tier", "silver"]), json!({"tier": "silver"}));
        assert_eq!(ok(&["--level", "2"]), json!({"level": 2}));
        // A property named `no-x` is a flag of its own.
        let def = ToolDef::new("t", "").with_schema(json!({"properties": {"verbose": {"type": "boolean"}, "no-verbose": {"type": "string"}}}));
        assert_eq!(run_def(&def, &["--no-verbose", "x"]).unwrap().params, json!({"no-verbose": "x"}));
        // `--no-x` for a non-boolean is an ordinary unknown flag.
        assert_eq!(ok(&["--no-name"]), json!({"no-name": true}));
    }

    #[test]
    fn help_and_double_dash() {
        let parsed = run_def(&user_def(), &["--id", "x", "--help"]).unwrap();
        assert!(parsed.help);
        assert_eq!(parsed.params, json!({}));
        assert!(run_def(&user_def(), &["abc", "-h"]).unwrap().help);
        assert_eq!(err(&["--", "--help"]), "unexpected argument '--help' (use --key value)");
        assert_eq!(err(&["--id", "1", "--", "x"]), "unexpected argument 'x' (use --key value)");
        assert_eq!(ok(&["--id", "1", "--"]), json!({"id": 1}));
        let free = ToolDef::new("echo_args", "Echo");
        let parsed = run_def(&free, &["a", "-x", "--count", "3", "--", "--y", "b"]).unwrap();
        assert_eq!(parsed.positional, ["a", "-x", "--y", "b"]);
        assert_eq!(parsed.params, json!({"count": "3"}));
        assert!(!parsed.help);
    }

    #[test]
    fn dry_run() {
        let parsed = run_def(&user_def(), &["--dry-run", "--id", "1"]).unwrap();
        assert!(parsed.dry_run);
        assert_eq!(parsed.params, json!({"id": 1}));
        assert!(!run_def(&user_def(), &["--dry-run=false"]).unwrap().dry_run);
        for prop in ["dry-run", "dry_run"] {
            let def = ToolDef::new("t", "").with_schema(json!({"properties": {prop: {"type": "boolean"}}}));
            let parsed = run_def(&def, &["--dry-run"]).unwrap();
            assert!(!parsed.dry_run);
            let key = "dry-run";
            assert_eq!(parsed.params, json!({key: true}));
        }
    }

    #[test]
    fn st15_messages() {
        assert_eq!(err(&["abc"]), "unexpected argument 'abc' (use --key value)");
        assert_eq!(err(&["-x"]), "unexpected argument '-x' (use --key value)");
        assert_eq!(err(&["--=x"]), "invalid flag '--=x'");
        assert_eq!(err(&["--id"]), "missing value for --id");
        assert_eq!(err(&["--id", "--verbose"]), "missing value for --id");
        assert_eq!(err(&["--tags"]), "missing value for --tags");
        assert_eq!(err(&["--filter"]), "missing value for --filter");
        assert_eq!(err(&["--id", "abc"]), "invalid value for --id: expected integer, got 'abc'");
        assert_eq!(err(&["--ratio", "abc"]), "invalid value for --ratio: expected number, got 'abc'");
        assert_eq!(err(&["--verbose=abc"]), "invalid value for --verbose: expected boolean, got 'abc'");
        assert_eq!(err(&["--filter", "{bad"]), "invalid value for --filter: expected object, got '{bad'");
        assert_eq!(err(&["--filter", "[1]"]), "invalid value for --filter: expected object, got '[1]'");
        assert_eq!(err(&["--filter", "a=1", "oops"]), "invalid value for --filter: expected object, got 'oops'");
        assert_eq!(err(&["--filter", "a=x"]), "invalid value for --filter.a: expected integer, got 'x'");
        assert_eq!(
            err(&["--filter", "tier=x"]),
            "invalid value for --filter.tier: expected one of gold, silver, got 'x'"
        );
        assert_eq!(err(&["--ids", "1", "--ids", "x"]), "invalid value for --ids[1]: expected integer, got 'x'");
        assert_eq!(err(&["--ids", "[1, 2.5]"]), "invalid value for --ids[1]: expected integer, got '2.5'");
        assert_eq!(err(&["--ids", "[1, \"x\"]"]), "invalid value for --ids[1]: expected integer, got 'x'");
        assert_eq!(err(&["--tier", "x"]), "invalid value for --tier: expected one of gold, silver, got 'x'");
        assert_eq!(err(&["--level", "3"]), "invalid value for --level: expected one of 1, 2, got '3'");
        assert_eq!(err(&["--id=1", "--=x"]), "invalid flag '--=x'");
    }

    #[test]
    fn required_flags() {
        let def = ToolDef::new("t", "").with_schema(json!({
            "type": "object",
            "properties": {"name": {"type": "string"}, "id": {"type": "integer"}},
            "required": ["id", "name"]
        }));
        assert_eq!(run_def(&def, &[]).unwrap_err(), "missing required flags --id, --name");
        assert_eq!(run_def(&def, &["--id", "1"]).unwrap_err(), "missing required flag --name");
        assert_eq!(run_def(&def, &["--name", "x", "--id", "1"]).unwrap().params, json!({"name": "x", "id": 1}));
        // Errors of the words come first.
        assert_eq!(run_def(&def, &["--id", "x"]).unwrap_err(), "invalid value for --id: expected integer, got 'x'");
    }

    #[test]
    fn stdin_json_merges_under_the_flags() {
        let def = ToolDef::new("fetch", "").with_stdin_json(true).with_schema(json!({
            "type": "object",
            "properties": {"url": {"type": "string"}, "n": {"type": "integer"}},
            "required": ["url"]
        }));
        let compiled = schema::Compiled::new(&def.input_schema);
        let stdin = json!({"url": "x", "n": 1, "extra": true}).as_object().cloned();
        let parsed = parse(&def, &compiled, &words(&["--n", "2"]), stdin).unwrap();
        assert_eq!(parsed.params, json!({"url": "x", "n": 2, "extra": true}));
        let stdin = json!({"n": 1}).as_object().cloned();
        assert_eq!(parse(&def, &compiled, &[], stdin).unwrap_err(), "missing required flag --url");
        let stdin = json!({"url": 5}).as_object().cloned();
        assert_eq!(
            parse(&def, &compiled, &[], stdin).unwrap_err(),
            "invalid value for --url: 5 is not of type \"string\""
        );
    }

    #[test]
    fn additional_properties_false() {
        let def = ToolDef::new("list", "").with_schema(json!({
            "type": "object",
            "properties": {"limit": {"type": "integer"}, "offset": {"type": "integer"}},
            "additionalProperties": false
        }));
        assert_eq!(run_def(&def, &["--limti", "5"]).unwrap_err(), "unknown flag --limti (expected one of --limit, --offset)");
        assert_eq!(run_def(&def, &["--limit", "5"]).unwrap().params, json!({"limit": 5}));
        assert_eq!(run_def(&def, &["--no-limit"]).unwrap_err(), "unknown flag --no-limit (expected one of --limit, --offset)");
        let none = ToolDef::new("t", "").with_schema(json!({"additionalProperties": false}));
        assert_eq!(run_def(&none, &["--x"]).unwrap_err(), "unknown flag --x");
        assert_eq!(run_def(&none, &["word"]).unwrap().positional, ["word"]);
        // Piped keys the schema does not allow are found by the whole-input validation.
        let compiled = schema::Compiled::new(&def.input_schema);
        let stdin = json!({"limti": 1}).as_object().cloned();
        assert!(parse(&def, &compiled, &[], stdin).unwrap_err().starts_with("invalid input: "));
    }

    #[test]
    fn limits() {
        let big = "x".repeat(MAX_VALUE_BYTES + 1);
        assert_eq!(err(&["--name", &big]), TOO_LARGE);
        assert_eq!(err(&[&format!("--name={big}")]), TOO_LARGE);
        let half = "x".repeat(MAX_VALUE_BYTES / 2 + 1);
        assert_eq!(err(&["--name", &half, "--nick", &half]), TOO_LARGE);
        assert!(run_def(&user_def(), &["--name", &half]).is_ok());
        let many: Vec<u32> = (0..=MAX_ARRAY_ITEMS as u32).collect();
        assert_eq!(err(&["--ids", &serde_json::to_string(&many).unwrap()]), TOO_LARGE);
        let enough: Vec<u32> = (0..MAX_ARRAY_ITEMS as u32).collect();
        assert!(run_def(&user_def(), &["--ids", &serde_json::to_string(&enough).unwrap()]).is_ok());
        assert_eq!(err(&["--ids", &serde_json::to_string(&enough).unwrap(), "--ids", "1"]), TOO_LARGE);
    }

    #[test]
    fn whole_input_validation() {
        let def = ToolDef::new("t", "").with_schema(json!({
            "type": "object",
            "properties": {
                "filter": {"type": "object", "properties": {"tier": {"enum": ["gold", "silver"]}}},
                "email": {"type": "string", "format": "email"},
                "n": {"type": "integer", "minimum": 1}
            }
        }));
        assert_eq!(
            run_def(&def, &["--filter", r#"{"tier":"x"}"#]).unwrap_err(),
            r#"invalid value for --filter.tier: "x" is not one of "gold" or "silver""#
        );
        assert_eq!(run_def(&def, &["--n", "0"]).unwrap_err(), "invalid value for --n: 0 is less than the minimum of 1");
        assert_eq!(
            run_def(&def, &["--email", "nope"]).unwrap_err(),
            r#"invalid value for --email: "nope" is not a "email""#
        );
    }
}
