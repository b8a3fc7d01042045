//! `schema.input` / `schema.output` → JSON Schema (KIT-7, KIT-8).

use mlua::{Lua, LuaSerdeExt, Table, Value};
use serde_json::{Map, Value as Json};

use super::valid_segment;

/// The field types of the shorthand and long forms.
const TYPES: [&str; 6] = ["string", "number", "integer", "boolean", "array", "object"];

/// Parses `"T"` / `"T?"`: (type, optional).
fn parse_type<'a>(written: &'a str, at: &str) -> Result<(&'a str, bool), String> {
    let (base, optional) = match written.strip_suffix('?') {
        Some(b) => (b, true),
        None => (written, false),
    };
    if TYPES.contains(&base) {
        Ok((base, optional))
    } else {
        Err(format!("{at}: unknown type '{base}'"))
    }
}

/// A Lua value as JSON (for `default` and `enum`).
pub(crate) fn to_json(lua: &Lua, v: Value, at: &str) -> Result<Json, String> {
    lua.from_value::<Json>(v)
        .map_err(|e| format!("{at}: cannot convert to JSON: {e}"))
}

fn lua_str(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => s.to_str().ok().map(|s| s.to_string()),
        _ => None,
    }
}

/// Maps one schema side (`which` = `schema.input` or `schema.output`) to
/// `{"type":"object","properties":{..},"required":[..]}`: properties and `required` sorted by
/// name, `required` left out when empty. A field named in `defaults` is optional.
pub(crate) fn map_schema(lua: &Lua, table: &Table, which: &str, defaults: &Map<String, Json>) -> Result<Json, String> {
    let mut fields: Vec<(String, Value)> = Vec::new();
    for pair in table.pairs::<Value, Value>() {
        let (k, v) = pair.map_err(|e| format!("{which}: {e}"))?;
        let name = match &k {
            Value::String(s) => s.to_string_lossy(),
            Value::Integer(i) => i.to_string(),
            Value::Number(n) => n.to_string(),
            other => other.type_name().to_string(),
        };
        if !matches!(k, Value::String(_)) || !valid_segment(&name) {
            return Err(format!("{which}: invalid field name '{name}'"));
        }
        fields.push((name, v));
    }
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (name, v) in fields {
        let at = format!("{which}.{name}");
        let (prop, is_required) = map_field(lua, v, &at)?;
        if is_required && !defaults.contains_key(&name) {
            required.push(Json::String(name.clone()));
        }
        properties.insert(name, prop);
    }
    let mut schema = Map::new();
    schema.insert("type".into(), Json::String("object".into()));
    schema.insert("properties".into(), Json::Object(properties));
    if !required.is_empty() {
        schema.insert("required".into(), Json::Array(required));
    }
    Ok(Json::Object(schema))
}

/// One field: shorthand string or long-form table. Returns (property schema, required).
/// Long-form key order: type, description, items, enum, default.
fn map_field(lua: &Lua, v: Value, at: &str) -> Result<(Json, bool), String> {
    let mut prop = Map::new();
    match v {
        Value::String(s) => {
            let written = s
                .to_str()
                .map_err(|_| format!("{at}: unknown type '{}'", s.to_string_lossy()))?
                .to_string();
            let (ty, optional) = parse_type(&written, at)?;
            prop.insert("type".into(), Json::String(ty.into()));
            Ok((Json::Object(prop), !optional))
        }
        Value::Table(t) => {
            let mut ty = None;
            let mut description = None;
            let mut required = true;
            let mut enum_ = None;
            let mut default = None;
            let mut items = None;
            for pair in t.pairs::<Value, Value>() {
                let (k, val) = pair.map_err(|e| format!("{at}: {e}"))?;
                let key = lua_str(&k).unwrap_or_else(|| format!("{k:?}"));
                match key.as_str() {
                    "type" => {
                        let s = lua_str(&val).ok_or_else(|| format!("{at}: 'type' must be a string"))?;
                        let (base, optional) = parse_type(&s, at)?;
                        if optional {
                            required = false;
                        }
                        ty = Some(base.to_string());
                    }
                    "description" => {
                        description =
                            Some(lua_str(&val).ok_or_else(|| format!("{at}: 'description' must be a string"))?);
                    }
                    "required" => match val {
                        Value::Boolean(b) => required = required && b,
                        _ => return Err(format!("{at}: 'required' must be a boolean")),
                    },
                    "enum" => {
                        let Value::Table(_) = &val else {
                            return Err(format!("{at}: 'enum' must be a list"));
                        };
                        match to_json(lua, val, at)? {
                            Json::Array(a) => enum_ = Some(Json::Array(a)),
                            Json::Object(o) if o.is_empty() => enum_ = Some(Json::Array(Vec::new())),
                            _ => return Err(format!("{at}: 'enum' must be a list")),
                        }
                    }
                    "default" => default = Some(to_json(lua, val, at)?),
                    "items" => {
                        let s = lua_str(&val).ok_or_else(|| format!("{at}: 'items' must be a type string"))?;
                        let (base, _) = parse_type(&s, &format!("{at}.items"))?;
                        items = Some(base.to_string());
                    }
                    _ => return Err(format!("{at}: unknown key '{key}'")),
                }
            }
            let ty = ty.ok_or_else(|| format!("{at}: missing 'type'"))?;
            prop.insert("type".into(), Json::String(ty));
            if let Some(d) = description {
                prop.insert("description".into(), Json::String(d));
            }
            if let Some(i) = items {
                let mut m = Map::new();
                m.insert("type".into(), Json::String(i));
                prop.insert("items".into(), Json::Object(m));
            }
            if let Some(e) = enum_ {
                prop.insert("enum".into(), e);
            }
            if let Some(d) = default {
                prop.insert("default".into(), d);
                required = false;
            }
            Ok((Json::Object(prop), required))
        }
        other => Err(format!(
            "{at}: must be a type string or a table (got {})",
            other.type_name()
        )),
    }
}
