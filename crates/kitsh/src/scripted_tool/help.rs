//! The texts of the `help` and `discover` builtins and of `NAME --help` (ST-18..ST-23).
//! Pure functions over the tool definitions, in registration order.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::def::ToolDef;
use super::schema::{self, Kind};

/// `help`'s usage error (ST-22).
const HELP_USAGE: &str = "usage: help [--list] [TOOL] [--json]\n";

/// `discover`'s usage error (ST-23).
const DISCOVER_USAGE: &str = "usage: discover --categories | --category NAME | --tag TAG | --search TEXT [--json]\n";

/// The category name of tools without one (ST-23).
const UNCATEGORIZED: &str = "uncategorized";

/// `to_string_pretty` + `\n` (ST-18).
fn pretty(value: &Value) -> String {
    let mut out = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_string());
    out.push('\n');
    out
}

/// The enum values of a schema as `a|b`, when it has an `enum`.
fn enum_alternatives(root: &Value, prop: &Value) -> Option<String> {
    let values = schema::enum_values(root, prop)?;
    Some(values.iter().map(schema::display_value).collect::<Vec<_>>().join("|"))
}

/// The ST-21 token of one flag: `--id <integer>`, `--tier <gold|silver>`, `--verbose`,
/// `--tags <string>...`, `--filter <json>`, `--x <value>`.
fn flag_token(root: &Value, name: &str, prop: &Value) -> String {
    let kind = schema::kind_of(root, prop);
    if kind == Kind::Boolean {
        return format!("--{name}");
    }
    if let Some(alternatives) = enum_alternatives(root, prop) {
        return format!("--{name} <{alternatives}>");
    }
    match kind {
        Kind::Integer => format!("--{name} <integer>"),
        Kind::Number => format!("--{name} <number>"),
        Kind::String => format!("--{name} <string>"),
        Kind::Boolean => format!("--{name}"),
        Kind::Object => format!("--{name} <json>"),
        Kind::Unknown => format!("--{name} <value>"),
        Kind::Array(item) => {
            let items = schema::resolve(root, prop).get("items").or_else(|| prop.get("items"));
            let item_text = match items.and_then(|items| enum_alternatives(root, items)) {
                Some(alternatives) => alternatives,
                None => match *item {
                    Kind::Integer => "integer".to_string(),
                    Kind::Number => "number".to_string(),
                    Kind::String => "string".to_string(),
                    Kind::Boolean => "boolean".to_string(),
                    Kind::Object => "object".to_string(),
                    Kind::Array(_) => "array".to_string(),
                    Kind::Unknown => "value".to_string(),
                },
            };
            format!("--{name} <{item_text}>...")
        }
    }
}

/// The schema's properties when it declares at least one.
fn declared_properties(def: &ToolDef) -> Option<&Map<String, Value>> {
    schema::properties(&def.input_schema).filter(|props| !props.is_empty())
}

/// The usage of a tool with flags: `get_user --id <integer> --tier <gold|silver> --verbose`
/// (ST-21 tokens in schema property order); `None` when the schema has no properties.
pub(crate) fn usage(def: &ToolDef) -> Option<String> {
    let props = declared_properties(def)?;
    let mut out = def.name.clone();
    for (name, prop) in props {
        out.push(' ');
        out.push_str(&flag_token(&def.input_schema, name, prop));
    }
    Some(out)
}

/// The `help NAME` text (also `NAME --help`), exactly as ST-21 shows it.
pub(crate) fn tool_help(def: &ToolDef) -> String {
    let root = &def.input_schema;
    let mut out = String::new();
    if def.description.is_empty() {
        out.push_str(&def.name);
    } else {
        out.push_str(&format!("{} - {}", def.name, def.description));
    }
    out.push('\n');
    match declared_properties(def) {
        None => out.push_str(&format!("Usage: {} [--key value ...]\n", def.name)),
        Some(props) => {
            out.push_str(&format!("Usage: {}\n", usage(def).unwrap_or_default()));
            out.push_str("Flags:\n");
            let required = schema::required(root);
            let rows: Vec<(String, String)> = props
                .iter()
                .map(|(name, prop)| {
                    let mut parts: Vec<String> = Vec::new();
                    if required.contains(&name.as_str()) {
                        parts.push("(required)".to_string());
                    }
                    if let Some(Value::String(text)) = schema::keyword(root, prop, "description") {
                        if !text.is_empty() {
                            parts.push(text.clone());
                        }
                    }
                    if let Some(default) = schema::keyword(root, prop, "default") {
                        parts.push(format!("[default: {default}]"));
                    }
                    (flag_token(root, name, prop), parts.join(" "))
                })
                .collect();
            let width = rows.iter().map(|(token, _)| token.chars().count()).max().unwrap_or(0);
            for (token, text) in rows {
                let line = format!("  {token:<width$}  {text}");
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
    }
    if let Some(category) = &def.category {
        out.push_str(&format!("Category: {category}\n"));
    }
    if !def.tags.is_empty() {
        out.push_str(&format!("Tags: {}\n", def.tags.join(", ")));
    }
    out
}

/// List lines (ST-18): `format!("{name:<W$}  {desc}")` right-trimmed, W = longest name listed.
fn list_lines(defs: &[&ToolDef]) -> String {
    let width = defs.iter().map(|d| d.name.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for def in defs {
        let line = format!("{:<width$}  {}", def.name, def.summary());
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A tool as a JSON object: `name`, `description`, then `category` and `tags` when set.
fn summary_json(def: &ToolDef) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("name".into(), Value::String(def.name.clone()));
    map.insert("description".into(), Value::String(def.description.clone()));
    if let Some(category) = &def.category {
        map.insert("category".into(), Value::String(category.clone()));
    }
    if !def.tags.is_empty() {
        map.insert("tags".into(), Value::Array(def.tags.iter().cloned().map(Value::String).collect()));
    }
    map
}

/// The ST-19 JSON list of these tools.
fn list_json(defs: &[&ToolDef]) -> String {
    pretty(&Value::Array(defs.iter().map(|d| Value::Object(summary_json(d))).collect()))
}

/// The `help` builtin (ST-19..ST-22): `help`, `help --list`, `help --list --json`, `help NAME`,
/// `help NAME --json`. Returns stdout, stderr and the exit status.
pub(crate) fn help_command(defs: &[ToolDef], args: &[String]) -> (String, String, i32) {
    let usage_error = || (String::new(), HELP_USAGE.to_string(), 2);
    let (mut list, mut json, mut tool) = (false, false, None);
    for arg in args {
        match arg.as_str() {
            "--list" => list = true,
            "--json" => json = true,
            word if word.starts_with('-') => return usage_error(),
            word if tool.is_none() => tool = Some(word),
            _ => return usage_error(),
        }
    }
    match tool {
        Some(_) if list => usage_error(),
        Some(name) => match defs.iter().find(|d| d.name == name) {
            None => (String::new(), format!("help: unknown tool: {name}\n"), 1),
            Some(def) if json => {
                let mut map = summary_json(def);
                map.insert("input_schema".into(), def.input_schema.clone());
                (pretty(&Value::Object(map)), String::new(), 0)
            }
            Some(def) => (tool_help(def), String::new(), 0),
        },
        None => {
            let all: Vec<&ToolDef> = defs.iter().collect();
            let out = if json { list_json(&all) } else { list_lines(&all) };
            (out, String::new(), 0)
        }
    }
}

/// What `discover` was asked for.
enum Selector {
    /// `--categories`.
    Categories,
    /// `--category NAME`.
    Category(String),
    /// `--tag TAG`.
    Tag(String),
    /// `--search TEXT`.
    Search(String),
}

/// Reads `discover`'s words: exactly one selector plus an optional `--json`.
fn parse_discover(args: &[String]) -> Option<(Selector, bool)> {
    let mut selector = None;
    let mut json = false;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        if arg == "--json" {
            json = true;
            continue;
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) => (flag, Some(value.to_string())),
            None => (arg, None),
        };
        let chosen = if flag == "--categories" && inline.is_none() {
            Selector::Categories
        } else if matches!(flag, "--category" | "--tag" | "--search") {
            let value = match inline {
                Some(value) => value,
                None => {
                    let next = args.get(i).filter(|w| !w.starts_with("--"))?;
                    i += 1;
                    next.clone()
                }
            };
            match flag {
                "--category" => Selector::Category(value),
                "--tag" => Selector::Tag(value),
                _ => Selector::Search(value),
            }
        } else {
            return None;
        };
        if selector.replace(chosen).is_some() {
            return None;
        }
    }
    Some((selector?, json))
}

/// `(1 tool)` / `(N tools)`.
fn count_text(n: usize) -> String {
    if n == 1 {
        "1 tool".to_string()
    } else {
        format!("{n} tools")
    }
}

/// The `discover` builtin (ST-23). Returns stdout, stderr and the exit status.
pub(crate) fn discover_command(defs: &[ToolDef], args: &[String]) -> (String, String, i32) {
    let Some((selector, json)) = parse_discover(args) else {
        return (String::new(), DISCOVER_USAGE.to_string(), 2);
    };
    let no_match = || {
        if json {
            ("[]\n".to_string(), String::new(), 1)
        } else {
            (String::new(), "discover: no matching tools\n".to_string(), 1)
        }
    };
    let matching: Vec<&ToolDef> = match &selector {
        Selector::Categories => {
            let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
            let mut uncategorized = 0;
            for def in defs {
                match def.category.as_deref() {
                    Some(category) if category != UNCATEGORIZED => *counts.entry(category).or_default() += 1,
                    _ => uncategorized += 1,
                }
            }
            let mut rows: Vec<(&str, usize)> = counts.into_iter().collect();
            if uncategorized > 0 {
                rows.push((UNCATEGORIZED, uncategorized));
            }
            if rows.is_empty() {
                return no_match();
            }
            let out = if json {
                let items = rows
                    .iter()
                    .map(|(category, count)| {
                        let mut map = Map::new();
                        map.insert("category".into(), Value::String(category.to_string()));
                        map.insert("count".into(), Value::from(*count));
                        Value::Object(map)
                    })
                    .collect();
                pretty(&Value::Array(items))
            } else {
                rows.iter().map(|(category, count)| format!("{category} ({})\n", count_text(*count))).collect()
            };
            return (out, String::new(), 0);
        }
        Selector::Category(name) => defs
            .iter()
            .filter(|d| match d.category.as_deref() {
                Some(category) => category == name,
                None => name == UNCATEGORIZED,
            })
            .collect(),
        Selector::Tag(tag) => defs.iter().filter(|d| d.tags.iter().any(|t| t == tag)).collect(),
        Selector::Search(text) => {
            let needle = text.to_lowercase();
            let hit = |s: &str| s.to_lowercase().contains(&needle);
            defs.iter()
                .filter(|d| {
                    hit(&d.name)
                        || hit(&d.description)
                        || d.category.as_deref().is_some_and(hit)
                        || d.tags.iter().any(|t| hit(t))
                })
                .collect()
        }
    };
    if matching.is_empty() {
        return no_match();
    }
    let out = if json { list_json(&matching) } else { list_lines(&matching) };
    (out, String::new(), 0)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;
    use serde_json::json;

    fn defs() -> Vec<ToolDef> {
        vec![
            ToolDef::new("get_user", "Fetch user by ID")
                .with_schema(json!({
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer", "description": "User ID"},
                        "tier": {"type": "string", "enum": ["gold", "silver"], "default": "gold", "description": "Membership tier"},
                        "verbose": {"type": "boolean", "description": "Include details"}
                    },
                    "required": ["id"]
                }))
                .with_tags(&["read", "api"])
                .with_category("users"),
            ToolDef::new("charge_card", "Charge a card\nAmounts are in cents.")
                .with_schema(json!({
                    "type": "object",
                    "definitions": {"cur": {"enum": ["usd", "eur"], "description": "Currency"}},
                    "properties": {
                        "amount": {"type": "number"},
                        "ids": {"type": "array", "items": {"type": "integer"}, "description": "Order IDs"},
                        "meta": {"type": "object", "default": {"a": 1}},
                        "currency": {"$ref": "#/definitions/cur"},
                        "labels": {"type": "array", "items": {"enum": ["x", "y"]}},
                        "note": {},
                        "any": {"type": "array"}
                    },
                    "required": ["amount", "currency"]
                }))
                .with_tags(&["write"])
                .with_category("payments"),
            ToolDef::new("refund", "Refund a charge").with_category("payments").with_tags(&["write", "API"]),
            ToolDef::new("ping", "Check the service"),
        ]
    }

    fn words(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    fn help(args: &[&str]) -> (String, String, i32) {
        help_command(&defs(), &words(args))
    }

    fn discover(args: &[&str]) -> (String, String, i32) {
        discover_command(&defs(), &words(args))
    }

    fn ok(out: &str) -> (String, String, i32) {
        (out.to_string(), String::new(), 0)
    }

    const LIST: &str = "\
get_user     Fetch user by ID
charge_card  Charge a card
refund       Refund a charge
ping         Check the service
";

    #[test]
    fn st21_example_byte_for_byte() {
        let expected = "\
get_user - Fetch user by ID
Usage: get_user --id <integer> --tier <gold|silver> --verbose
Flags:
  --id <integer>        (required) User ID
  --tier <gold|silver>  Membership tier [default: \"gold\"]
  --verbose             Include details
Category: users
Tags: read, api
";
        assert_eq!(tool_help(&defs()[0]), expected);
        assert_eq!(help(&["get_user"]), ok(expected));
        assert_eq!(usage(&defs()[0]).as_deref(), Some("get_user --id <integer> --tier <gold|silver> --verbose"));
    }

    #[test]
    fn tool_help_tokens_and_edges() {
        let expected = "\
charge_card - Charge a card
Amounts are in cents.
Usage: charge_card --amount <number> --ids <integer>... --meta <json> --currency <usd|eur> --labels <x|y>... --note <value> --any <value>...
Flags:
  --amount <number>     (required)
  --ids <integer>...    Order IDs
  --meta <json>         [default: {\"a\":1}]
  --currency <usd|eur>  (required) Currency
  --labels <x|y>...
  --note <value>
  --any <value>...
Category: payments
Tags: write
";
        assert_eq!(tool_help(&defs()[1]), expected);
        assert_eq!(tool_help(&defs()[3]), "ping - Check the service\nUsage: ping [--key value ...]\n");
        assert_eq!(usage(&defs()[3]), None);
        let empty = ToolDef::new("x", "").with_schema(json!({"properties": {}}));
        assert_eq!(tool_help(&empty), "x\nUsage: x [--key value ...]\n");
        assert_eq!(usage(&empty), None);
    }

    #[test]
    fn help_lists() {
        assert_eq!(help(&[]), ok(LIST));
        assert_eq!(help(&["--list"]), ok(LIST));
        assert_eq!(help_command(&[], &[]), ok(""));
        let expected = r#"[
  {
    "name": "get_user",
    "description": "Fetch user by ID",
    "category": "users",
    "tags": [
      "read",
      "api"
    ]
  },
  {
    "name": "charge_card",
    "description": "Charge a card\nAmounts are in cents.",
    "category": "payments",
    "tags": [
      "write"
    ]
  },
  {
    "name": "refund",
    "description": "Refund a charge",
    "category": "payments",
    "tags": [
      "write",
      "API"
    ]
  },
  {
    "name": "ping",
    "description": "Check the service"
  }
]
"#;
        assert_eq!(help(&["--list", "--json"]), ok(expected));
        assert_eq!(help(&["--json", "--list"]), ok(expected));
    }

    #[test]
    fn help_tool_json_key_order() {
        let expected = r#"{
  "name": "ping",
  "description": "Check the service",
  "input_schema": {}
}
"#;
        assert_eq!(help(&["ping", "--json"]), ok(expected));
        let (out, _, code) = help(&["--json", "get_user"]);
        assert_eq!(code, 0);
        let keys: Vec<&str> = out.lines().filter(|l| l.starts_with("  \"")).map(|l| l[3..].split('"').next().unwrap()).collect();
        assert_eq!(keys, ["name", "description", "category", "tags", "input_schema"]);
        let value: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(value["input_schema"], defs()[0].input_schema);
    }

    #[test]
    fn help_errors() {
        let usage = (String::new(), HELP_USAGE.to_string(), 2);
        assert_eq!(help(&["nope"]), (String::new(), "help: unknown tool: nope\n".to_string(), 1));
        assert_eq!(help(&["--bad"]), usage);
        assert_eq!(help(&["-x"]), usage);
        assert_eq!(help(&["get_user", "ping"]), usage);
        assert_eq!(help(&["--list", "ping"]), usage);
        assert_eq!(HELP_USAGE, "usage: help [--list] [TOOL] [--json]\n");
    }

    #[test]
    fn discover_categories() {
        assert_eq!(discover(&["--categories"]), ok("payments (2 tools)\nusers (1 tool)\nuncategorized (1 tool)\n"));
        let expected = r#"[
  {
    "category": "payments",
    "count": 2
  },
  {
    "category": "users",
    "count": 1
  },
  {
    "category": "uncategorized",
    "count": 1
  }
]
"#;
        assert_eq!(discover(&["--json", "--categories"]), ok(expected));
        let all_set = &defs()[..3];
        assert_eq!(discover_command(all_set, &words(&["--categories"])), ok("payments (2 tools)\nusers (1 tool)\n"));
        assert_eq!(
            discover_command(&[], &words(&["--categories"])),
            (String::new(), "discover: no matching tools\n".to_string(), 1)
        );
    }

    #[test]
    fn discover_selectors() {
        assert_eq!(discover(&["--category", "payments"]), ok("charge_card  Charge a card\nrefund       Refund a charge\n"));
        assert_eq!(discover(&["--category=users"]), ok("get_user  Fetch user by ID\n"));
        assert_eq!(discover(&["--category", "uncategorized"]), ok("ping  Check the service\n"));
        assert_eq!(discover(&["--tag", "write"]), ok("charge_card  Charge a card\nrefund       Refund a charge\n"));
        assert_eq!(discover(&["--tag", "WRITE"]).2, 1);
        // Search: name, description, category, tag; case-insensitive.
        assert_eq!(discover(&["--search", "USER"]), ok("get_user  Fetch user by ID\n"));
        assert_eq!(discover(&["--search", "cents"]), ok("charge_card  Charge a card\n"));
        assert_eq!(discover(&["--search", "PAYMENTS"]), ok("charge_card  Charge a card\nrefund       Refund a charge\n"));
        assert_eq!(discover(&["--search", "api"]), ok("get_user  Fetch user by ID\nrefund    Refund a charge\n"));
        let expected = r#"[
  {
    "name": "ping",
    "description": "Check the service"
  }
]
"#;
        assert_eq!(discover(&["--search", "service", "--json"]), ok(expected));
    }

    #[test]
    fn discover_no_match_and_usage() {
        assert_eq!(discover(&["--tag", "nope"]), (String::new(), "discover: no matching tools\n".to_string(), 1));
        assert_eq!(discover(&["--search", "zzz", "--json"]), ("[]\n".to_string(), String::new(), 1));
        let usage = (String::new(), DISCOVER_USAGE.to_string(), 2);
        for args in [
            &[][..],
            &["--json"][..],
            &["--categories", "--tag", "x"][..],
            &["--tag"][..],
            &["--tag", "--json"][..],
            &["--categories", "extra"][..],
            &["--bogus"][..],
            &["--categories=x"][..],
        ] {
            assert_eq!(discover(args), usage, "{args:?}");
        }
        assert_eq!(DISCOVER_USAGE, "usage: discover --categories | --category NAME | --tag TAG | --search TEXT [--json]\n");
    }
}
