//! `define_tool{..}` fields (KIT-6): types, allowed values, cross-field rules, defaults.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use mlua::{Lua, Table, Value};
use serde_json::{Map, Value as Json};

use super::schema::{map_schema, to_json};
use super::source::{resolve, SourceFields};
use super::valid_segment;
use crate::spec::{
    EnvEntry, ExecutorKind, InputAdapter, Limits, OutputAdapter, ToolSpec, ToolType, DEFAULT_MAX_OUTPUT,
    DEFAULT_TIMEOUT,
};

/// Every field `define_tool` accepts.
const FIELDS: [&str; 23] = [
    "args_order",
    "category",
    "defaults",
    "deps",
    "description",
    "entrypoint",
    "env",
    "executor",
    "image",
    "input_adapter",
    "limits",
    "max_output",
    "network",
    "output_adapter",
    "sandbox_weak",
    "schema",
    "source",
    "stdin_fields",
    "subdir",
    "tag",
    "tags",
    "timeout",
    "type",
];

/// The longest `timeout`, in seconds (one day).
const MAX_TIMEOUT_SECS: f64 = 86_400.0;

type Fields = BTreeMap<String, Value>;

fn key_name(k: &Value) -> String {
    match k {
        Value::String(s) => s.to_string_lossy(),
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        other => format!("<{}>", other.type_name()),
    }
}

fn string(f: &Fields, name: &str) -> Result<Option<String>, String> {
    match f.get(name) {
        None => Ok(None),
        Some(Value::String(s)) => match s.to_str() {
            Ok(s) => Ok(Some(s.to_string())),
            Err(_) => Err(format!("field '{name}' must be a string")),
        },
        Some(_) => Err(format!("field '{name}' must be a string")),
    }
}

fn boolean(f: &Fields, name: &str) -> Result<Option<bool>, String> {
    match f.get(name) {
        None => Ok(None),
        Some(Value::Boolean(b)) => Ok(Some(*b)),
        Some(_) => Err(format!("field '{name}' must be a boolean")),
    }
}

fn number(f: &Fields, name: &str) -> Result<Option<f64>, String> {
    match f.get(name) {
        None => Ok(None),
        Some(Value::Integer(i)) => Ok(Some(*i as f64)),
        Some(Value::Number(n)) => Ok(Some(*n)),
        Some(_) => Err(format!("field '{name}' must be a number")),
    }
}

/// A whole, non-negative Lua number.
fn as_integer(v: &Value) -> Option<u64> {
    match v {
        Value::Integer(i) if *i >= 0 => Some(*i as u64),
        Value::Number(n) if *n >= 0.0 && n.fract() == 0.0 && *n < 1.8e19 => Some(*n as u64),
        _ => None,
    }
}

/// A Lua sequence of strings (`{}` is an empty list).
fn string_list_value(v: &Value) -> Option<Vec<String>> {
    let Value::Table(t) = v else { return None };
    let len = t.raw_len();
    let mut out = Vec::with_capacity(len);
    for i in 1..=len {
        match t.raw_get::<Value>(i).ok()? {
            Value::String(s) => out.push(s.to_str().ok()?.to_string()),
            _ => return None,
        }
    }
    // No keys besides 1..len.
    let count = t.pairs::<Value, Value>().count();
    (count == len).then_some(out)
}

fn string_list(f: &Fields, name: &str) -> Result<Option<Vec<String>>, String> {
    match f.get(name) {
        None => Ok(None),
        Some(v) => string_list_value(v)
            .map(Some)
            .ok_or_else(|| format!("field '{name}' must be a string list")),
    }
}

fn table<'a>(f: &'a Fields, name: &str) -> Result<Option<&'a Table>, String> {
    match f.get(name) {
        None => Ok(None),
        Some(Value::Table(t)) => Ok(Some(t)),
        Some(_) => Err(format!("field '{name}' must be a table")),
    }
}

/// One of `allowed`, else `FIELD must be one of a, b, c (got 'X')`.
fn choice<'a>(f: &Fields, name: &str, allowed: &[&'a str]) -> Result<Option<&'a str>, String> {
    let Some(s) = string(f, name)? else { return Ok(None) };
    match allowed.iter().find(|a| **a == s) {
        Some(a) => Ok(Some(a)),
        None => Err(format!("{name} must be one of {} (got '{s}')", allowed.join(", "))),
    }
}

/// `NAME` or `NAME=value`.
fn env_entry(s: &str) -> Result<EnvEntry, String> {
    let (name, value) = match s.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (s, None),
    };
    if !valid_segment(name) {
        return Err(format!("invalid env entry '{s}'"));
    }
    Ok(match value {
        Some(v) => EnvEntry::Set(name.to_string(), v.to_string()),
        None => EnvEntry::Copy(name.to_string()),
    })
}

fn limits(t: &Table) -> Result<Limits, String> {
    let mut out = Limits::default();
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair.map_err(|e| e.to_string())?;
        let key = key_name(&k);
        let slot = match key.as_str() {
            "memory_mb" => &mut out.memory_mb,
            "processes" => &mut out.processes,
            "cpu_seconds" => &mut out.cpu_seconds,
            _ => return Err(format!("unknown field 'limits.{key}'")),
        };
        *slot = Some(as_integer(&v).ok_or_else(|| format!("field 'limits.{key}' must be an integer"))?);
    }
    Ok(out)
}

/// Validates a `define_tool` table and builds its [`ToolSpec`] with the defaults of KIT-6
/// applied. `name`, `file` and `rel_file` are left empty and `description` empty / `category`
/// `None` when not given: the loader fills them from the file that returns the tool.
/// `folder` is the folder of the Lua file that called `define_tool` (relative sources).
pub(crate) fn parse(lua: &Lua, cfg: &Table, folder: &Path, home: Option<&Path>) -> Result<ToolSpec, String> {
    let mut f = Fields::new();
    for pair in cfg.pairs::<Value, Value>() {
        let (k, v) = pair.map_err(|e| e.to_string())?;
        f.insert(key_name(&k), v);
    }
    if let Some(unknown) = f.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(format!("unknown field '{unknown}'"));
    }

    let source = string(&f, "source")?.ok_or("field 'source' is required")?;
    let entrypoint = string(&f, "entrypoint")?;
    let kind = choice(&f, "type", &["python", "shell", "node", "other"])?.map(|t| match t {
        "python" => ToolType::Python,
        "shell" => ToolType::Shell,
        "node" => ToolType::Node,
        _ => ToolType::Other,
    });
    let executor = choice(&f, "executor", &["native", "sandbox", "docker"])?.map(|e| match e {
        "native" => ExecutorKind::Native,
        "sandbox" => ExecutorKind::Sandbox,
        _ => ExecutorKind::Docker,
    });
    let subdir = string(&f, "subdir")?;
    let tag = string(&f, "tag")?;
    let timeout = match number(&f, "timeout")? {
        None => DEFAULT_TIMEOUT,
        Some(t) if t > 0.0 && t <= MAX_TIMEOUT_SECS => Duration::from_secs_f64(t),
        Some(t) => {
            return Err(format!(
                "timeout must be more than 0 and at most 86400 seconds (got {t})"
            ))
        }
    };

    let adapter = choice(&f, "input_adapter", &["args", "json", "positional_args", "mixed"])?.unwrap_or("args");
    let args_order = string_list(&f, "args_order")?;
    let stdin_fields = string_list(&f, "stdin_fields")?;
    if adapter != "positional_args" && args_order.is_some() {
        return Err("args_order is only valid with input_adapter 'positional_args'".into());
    }
    if adapter != "mixed" && stdin_fields.is_some() {
        return Err("stdin_fields is only valid with input_adapter 'mixed'".into());
    }
    let input_adapter = match adapter {
        "json" => InputAdapter::Json,
        "positional_args" => InputAdapter::PositionalArgs(
            args_order.ok_or("args_order is required for input_adapter 'positional_args'")?,
        ),
        "mixed" => InputAdapter::Mixed(stdin_fields.ok_or("stdin_fields is required for input_adapter 'mixed'")?),
        _ => InputAdapter::Args,
    };
    let output_adapter = match choice(&f, "output_adapter", &["text", "json", "lines"])? {
        Some("json") => OutputAdapter::Json,
        Some("lines") => OutputAdapter::Lines,
        _ => OutputAdapter::Text,
    };

    let deps = string_list(&f, "deps")?.unwrap_or_default();
    let env = string_list(&f, "env")?
        .unwrap_or_default()
        .iter()
        .map(|s| env_entry(s))
        .collect::<Result<_, _>>()?;
    let defaults = match table(&f, "defaults")? {
        None => Map::new(),
        Some(t) => match to_json(lua, Value::Table(t.clone()), "defaults")? {
            Json::Object(m) => m,
            Json::Array(a) if a.is_empty() => Map::new(),
            _ => return Err("field 'defaults' must be a table".into()),
        },
    };
    let description = string(&f, "description")?.unwrap_or_default();
    let tags = string_list(&f, "tags")?.unwrap_or_default();
    let category = string(&f, "category")?;
    let network = boolean(&f, "network")?.unwrap_or(false);
    let image = string(&f, "image")?;
    let max_output = match f.get("max_output") {
        None => DEFAULT_MAX_OUTPUT,
        Some(v) => match as_integer(v) {
            Some(0) => return Err("max_output must be more than 0".into()),
            Some(n) => n,
            None => return Err("field 'max_output' must be an integer".into()),
        },
    };
    let limits = match table(&f, "limits")? {
        None => Limits::default(),
        Some(t) => limits(t)?,
    };
    let sandbox_weak = boolean(&f, "sandbox_weak")?.unwrap_or(false);

    let (mut input_schema, mut output_schema) = (None, None);
    if let Some(schema) = table(&f, "schema")? {
        for pair in schema.pairs::<Value, Value>() {
            let (k, v) = pair.map_err(|e| e.to_string())?;
            let key = key_name(&k);
            let slot = match key.as_str() {
                "input" => &mut input_schema,
                "output" => &mut output_schema,
                _ => return Err(format!("unknown field 'schema.{key}'")),
            };
            let Value::Table(t) = v else {
                return Err(format!("field 'schema.{key}' must be a table"));
            };
            *slot = Some(t);
        }
    }
    let input_schema = match input_schema {
        Some(t) => map_schema(lua, &t, "schema.input", &defaults)?,
        None => serde_json::json!({"type": "object", "properties": {}}),
    };
    let output_schema = match output_schema {
        Some(t) => Some(map_schema(lua, &t, "schema.output", &Map::new())?),
        None => None,
    };

    let fields = SourceFields {
        source: &source,
        subdir: subdir.as_deref(),
        entrypoint: entrypoint.as_deref(),
        tag: tag.as_deref(),
        kind,
    };
    let (source, resolved) = resolve(&fields, folder, home)?;

    Ok(ToolSpec {
        name: String::new(),
        file: Default::default(),
        rel_file: String::new(),
        source,
        subdir,
        entrypoint,
        kind,
        executor,
        timeout,
        input_adapter,
        output_adapter,
        input_schema,
        output_schema,
        deps,
        env,
        defaults,
        description,
        tags,
        category,
        network,
        image,
        max_output,
        limits,
        sandbox_weak,
        resolved,
    })
}
