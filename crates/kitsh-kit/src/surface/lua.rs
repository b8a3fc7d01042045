//! A kit from Lua (KIT-22): `kitsh run FILE.lua [ARG...]` runs trusted operator code with the
//! full standard library, `arg`, the read-only tree `kit` (`kit.infra.ssl_check{host="x"}`
//! returns the tool's value) and the helpers `json`, `inspect`, `pp`, `keys`, `count`, `pluck`,
//! `jq` and `bash`.

use std::sync::Arc;

use mlua::{Function, Lua, MultiValue, Table, Value as LuaValue};
use serde_json::{Map, Value};

use kitsh::scripted_tool::{Callback, FullToolCallback, ToolArgs, ToolDef};

use super::bash::{builder, KitToolOptions};
use super::call::call;
use crate::load::Kit;
use crate::spec::ToolSpec;

/// A tool that is not in the kit but reachable from Lua and `bash()` the same way (an
/// imported MCP server's tool): its definition and full-result callback.
#[derive(Clone)]
pub struct ExtraTool {
    /// Its definition (the name is the dotted command name).
    pub def: ToolDef,
    /// Its callback.
    pub call: FullToolCallback,
}

/// Run the Lua file `path` with `args` over `kit` and `extras`; its exit status (an uncaught
/// error prints `kitsh: MESSAGE` and gives 1).
pub fn run_file(kit: Arc<Kit>, path: &std::path::Path, args: &[String], extras: Vec<ExtraTool>) -> i32 {
    let extras = Arc::new(extras);
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("kitsh: {}: {e}", path.display());
            return 1;
        }
    };
    let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => Arc::new(rt),
        Err(e) => {
            eprintln!("kitsh: cannot start the runtime: {e}");
            return 1;
        }
    };
    let lua = Lua::new();
    let setup = || -> mlua::Result<()> {
        let g = lua.globals();
        let argt = lua.create_table()?;
        argt.raw_set(0, path.display().to_string())?;
        for (i, a) in args.iter().enumerate() {
            argt.raw_set(i + 1, a.as_str())?;
        }
        g.set("arg", argt)?;
        install_helpers(&lua, &kit, &extras)?;
        g.set("kit", namespace(&lua, kit.clone(), extras.clone(), rt.clone(), String::new())?)?;
        Ok(())
    };
    if let Err(e) = setup() {
        eprintln!("kitsh: {}", message(&e));
        return 1;
    }
    let chunk = lua.load(&source).set_name(format!("@{}", path.display()));
    match chunk.exec() {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("kitsh: {}", message(&e));
            1
        }
    }
}

/// The innermost message of a Lua error, without tracebacks.
fn message(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { cause, .. } => message(cause),
        mlua::Error::RuntimeError(m) | mlua::Error::SyntaxError { message: m, .. } => m.split("\nstack traceback:").next().unwrap_or(m).to_string(),
        mlua::Error::ExternalError(e) => e.to_string(),
        other => other.to_string(),
    }
}

/// A proxy table for the namespace `prefix` (`""` = the root `kit`).
fn namespace(lua: &Lua, kit: Arc<Kit>, extras: Arc<Vec<ExtraTool>>, rt: Arc<tokio::runtime::Runtime>, prefix: String) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    let meta = lua.create_table()?;
    let (k2, e2, rt2, p2) = (kit.clone(), extras.clone(), rt.clone(), prefix.clone());
    let index = lua.create_function(move |lua, (_t, key): (Table, String)| {
        let full = if p2.is_empty() { key } else { format!("{p2}.{key}") };
        if let Some(spec) = k2.tools.iter().find(|s| s.name == full) {
            return Ok((true, LuaValue::Function(tool_function(lua, Arc::new(spec.clone()), rt2.clone())?)));
        }
        if let Some(extra) = e2.iter().find(|e| e.def.name == full) {
            return Ok((true, LuaValue::Function(extra_function(lua, extra.clone(), rt2.clone())?)));
        }
        let ns = format!("{full}.");
        if k2.tools.iter().any(|s| s.name.starts_with(&ns)) || e2.iter().any(|e| e.def.name.starts_with(&ns)) {
            return Ok((true, LuaValue::Table(namespace(lua, k2.clone(), e2.clone(), rt2.clone(), full)?)));
        }
        Ok((false, LuaValue::String(lua.create_string(format!("kit: no tool or namespace '{full}'"))?)))
    })?;
    meta.set("__index", raising(lua, index)?)?;
    let newindex = lua.create_function(|lua, _: MultiValue| Ok((false, LuaValue::String(lua.create_string("kit is read-only")?))))?;
    meta.set("__newindex", raising(lua, newindex)?)?;
    t.set_metatable(Some(meta))?;
    Ok(t)
}

/// Wrap `f`, which returns `(true, value)` or `(false, message)`, in a Lua function that
/// returns the value or raises the message as a plain string (so `pcall` gives the text).
fn raising(lua: &Lua, f: Function) -> mlua::Result<Function> {
    lua.load("local f = ...; return function(...) local ok, v = f(...); if ok then return v end; error(v, 0) end").set_name("=kit").call(f)
}

/// The fields of a tool call from Lua (`nil` = none), or the error `NAME: invalid input: ...`.
fn call_input(name: &str, input: Option<LuaValue>) -> Result<Map<String, Value>, String> {
    match input {
        None | Some(LuaValue::Nil) => Ok(Map::new()),
        Some(v) => match to_json(&v, "") {
            Ok(Value::Object(m)) => Ok(m),
            Ok(Value::Array(a)) if a.is_empty() => Ok(Map::new()),
            Ok(_) => Err(format!("{name}: invalid input: expected a table of fields")),
            Err(field) => Err(format!("{name}: invalid input: field '{field}' cannot be converted to JSON")),
        },
    }
}

/// `kit.NAME(input)`: run the tool, return its value; failures raise `NAME: message`.
fn tool_function(lua: &Lua, spec: Arc<ToolSpec>, rt: Arc<tokio::runtime::Runtime>) -> mlua::Result<Function> {
    let f = lua.create_function(move |lua, input: Option<LuaValue>| {
        let name = spec.name.clone();
        let fail = |m: String| -> mlua::Result<(bool, LuaValue)> { Ok((false, LuaValue::String(lua.create_string(m)?))) };
        let input = match call_input(&name, input) {
            Ok(m) => m,
            Err(m) => return fail(m),
        };
        match rt.block_on(call(&spec, input)) {
            Ok(c) => Ok((true, from_json(lua, &c.value)?)),
            Err(e) => fail(format!("{name}: {}", e.message())),
        }
    })?;
    raising(lua, f)
}

/// `kit.SERVER.TOOL(input)` for an extra tool: its stdout parsed as JSON (else the text);
/// failures raise `NAME: message`.
fn extra_function(lua: &Lua, extra: ExtraTool, rt: Arc<tokio::runtime::Runtime>) -> mlua::Result<Function> {
    let f = lua.create_function(move |lua, input: Option<LuaValue>| {
        let name = extra.def.name.clone();
        let fail = |m: String| -> mlua::Result<(bool, LuaValue)> { Ok((false, LuaValue::String(lua.create_string(m)?))) };
        let params = match call_input(&name, input) {
            Ok(m) => Value::Object(m),
            Err(m) => return fail(m),
        };
        match rt.block_on((extra.call)(ToolArgs::new(params, None))) {
            Ok(o) if o.exit_code == 0 => match serde_json::from_str::<Value>(o.stdout.trim_end()) {
                Ok(v) => Ok((true, from_json(lua, &v)?)),
                Err(_) => Ok((true, LuaValue::String(lua.create_string(&o.stdout)?))),
            },
            Ok(o) => {
                let detail = if o.stderr.trim().is_empty() { format!("exited with status {}", o.exit_code) } else { o.stderr.trim_end().to_string() };
                fail(format!("{name}: {detail}"))
            }
            Err(e) => fail(format!("{name}: {}", e.message)),
        }
    })?;
    raising(lua, f)
}

/// `json`, `inspect`, `pp`, `keys`, `count`, `pluck`, `jq`, `bash`.
fn install_helpers(lua: &Lua, kit: &Arc<Kit>, extras: &[ExtraTool]) -> mlua::Result<()> {
    let g = lua.globals();
    let json = lua.create_table()?;
    json.set("null", LuaValue::NULL)?;
    json.set("encode", lua.create_function(|_, v: LuaValue| encode(&v, false))?)?;
    json.set("pretty", lua.create_function(|_, v: LuaValue| encode(&v, true))?)?;
    json.set(
        "decode",
        lua.create_function(|lua, s: String| {
            let v: Value = serde_json::from_str(&s).map_err(|e| mlua::Error::RuntimeError(format!("json.decode: {e}")))?;
            from_json(lua, &v)
        })?,
    )?;
    g.set("json", json)?;
    g.set("inspect", lua.create_function(|_, v: LuaValue| encode(&v, true))?)?;
    g.set(
        "pp",
        lua.create_function(|_, v: LuaValue| {
            println!("{}", encode(&v, true)?);
            Ok(())
        })?,
    )?;
    g.set(
        "keys",
        lua.create_function(|lua, t: Table| {
            let mut ks: Vec<String> = Vec::new();
            for pair in t.pairs::<LuaValue, LuaValue>() {
                let (k, _) = pair?;
                ks.push(match k {
                    LuaValue::String(s) => s.to_str()?.to_string(),
                    other => lua_scalar_text(&other),
                });
            }
            ks.sort();
            lua.create_sequence_from(ks)
        })?,
    )?;
    g.set("count", lua.create_function(|_, t: Table| Ok(t.pairs::<LuaValue, LuaValue>().count()))?)?;
    g.set(
        "pluck",
        lua.create_function(|lua, (list, field): (Table, LuaValue)| {
            let out = lua.create_table()?;
            for item in list.sequence_values::<LuaValue>() {
                if let LuaValue::Table(t) = item? {
                    out.raw_push(t.get::<LuaValue>(field.clone())?)?;
                }
            }
            Ok(out)
        })?,
    )?;
    g.set(
        "jq",
        lua.create_function(move |lua, (v, filter): (LuaValue, String)| {
            let input = to_json(&v, "").map_err(|f| mlua::Error::RuntimeError(format!("jq: field '{f}' cannot be converted to JSON")))?;
            let values = run_jq(&input, &filter).map_err(mlua::Error::RuntimeError)?;
            match values.len() {
                1 => from_json(lua, &values[0]),
                _ => from_json(lua, &Value::Array(values)),
            }
        })?,
    )?;
    let mut b = builder(kit, &KitToolOptions { show_errors: true, ..Default::default() });
    for e in extras {
        b = b.tool_callback(e.def.clone(), Callback::Full(e.call.clone()));
    }
    let tool = b.try_build().map_err(|e| mlua::Error::RuntimeError(e.to_string()))?;
    g.set(
        "bash",
        lua.create_function(move |lua, script: String| {
            let r = tool.execute_sync(kitsh::tool::ToolRequest::new(script));
            let t = lua.create_table()?;
            t.set("stdout", r.stdout)?;
            t.set("stderr", r.stderr)?;
            t.set("exit_code", r.exit_code)?;
            Ok(t)
        })?,
    )?;
    Ok(())
}

/// Run `jq -c FILTER` over `input` in a logic-only kitsh; the results.
fn run_jq(input: &Value, filter: &str) -> Result<Vec<Value>, String> {
    let mut bash = kitsh::Bash::builder().logic_mode().stdin(format!("{input}\n").into_bytes()).build().map_err(|e| e.to_string())?;
    let r = bash.exec_with_args("jq -c -- \"$1\"", Some("jq"), &[filter.to_string()]);
    if r.exit_code != 0 {
        return Err(format!("jq: {}", r.stderr.trim_end()));
    }
    r.stdout.lines().map(|l| serde_json::from_str(l).map_err(|e| format!("jq: {e}"))).collect()
}

fn lua_scalar_text(v: &LuaValue) -> String {
    match v {
        LuaValue::Integer(i) => i.to_string(),
        LuaValue::Number(n) => n.to_string(),
        LuaValue::Boolean(b) => b.to_string(),
        _ => String::new(),
    }
}

fn encode(v: &LuaValue, pretty: bool) -> mlua::Result<String> {
    let j = to_json(v, "").map_err(|f| mlua::Error::RuntimeError(format!("json.encode: field '{f}' cannot be converted to JSON")))?;
    Ok(if pretty { serde_json::to_string_pretty(&j) } else { serde_json::to_string(&j) }.unwrap_or_default())
}

/// A Lua value as JSON: a non-empty sequence is an array, any other table (also an empty one)
/// an object; `json.null` is null. `Err(field)` names what cannot be converted.
pub fn to_json(v: &LuaValue, path: &str) -> Result<Value, String> {
    Ok(match v {
        LuaValue::Nil => Value::Null,
        LuaValue::LightUserData(p) if p.0.is_null() => Value::Null,
        LuaValue::Boolean(b) => Value::Bool(*b),
        LuaValue::Integer(i) => Value::from(*i),
        LuaValue::Number(n) => serde_json::Number::from_f64(*n).map(Value::Number).ok_or_else(|| path.to_string())?,
        LuaValue::String(s) => Value::String(s.to_string_lossy()),
        LuaValue::Table(t) => {
            let len = t.raw_len();
            let total = t.pairs::<LuaValue, LuaValue>().count();
            if total == 0 && t.metatable().is_some_and(|mt| mt.raw_get::<bool>("__jsonarray").unwrap_or(false)) {
                return Ok(Value::Array(Vec::new()));
            }
            if len > 0 && total == len {
                let mut a = Vec::with_capacity(len);
                for (i, item) in t.sequence_values::<LuaValue>().enumerate() {
                    let item = item.map_err(|_| path.to_string())?;
                    a.push(to_json(&item, &format!("{path}[{}]", i + 1))?);
                }
                Value::Array(a)
            } else {
                let mut m = Map::new();
                for pair in t.pairs::<LuaValue, LuaValue>() {
                    let (k, val) = pair.map_err(|_| path.to_string())?;
                    let key = match &k {
                        LuaValue::String(s) => s.to_string_lossy(),
                        LuaValue::Integer(_) | LuaValue::Number(_) if len == 0 => lua_scalar_text(&k),
                        _ => return Err(if path.is_empty() { lua_scalar_text(&k) } else { path.to_string() }),
                    };
                    let sub = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                    let jv = to_json(&val, &sub)?;
                    if !jv.is_null() || matches!(val, LuaValue::LightUserData(_)) {
                        m.insert(key, jv);
                    }
                }
                Value::Object(m)
            }
        }
        _ => return Err(if path.is_empty() { "(value)".to_string() } else { path.to_string() }),
    })
}

/// A JSON value as Lua: objects and arrays as tables, integers stay integers, null is absent
/// in objects, `json.null` in arrays, nil at top level.
pub fn from_json(lua: &Lua, v: &Value) -> mlua::Result<LuaValue> {
    Ok(match v {
        Value::Null => LuaValue::Nil,
        Value::Bool(b) => LuaValue::Boolean(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => LuaValue::Integer(i),
            None => LuaValue::Number(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => LuaValue::String(lua.create_string(s)?),
        Value::Array(a) => {
            let t = lua.create_table_with_capacity(a.len(), 0)?;
            if a.is_empty() {
                // Remembered as an array, so it encodes back as `[]`.
                let mt = lua.create_table()?;
                mt.raw_set("__jsonarray", true)?;
                t.set_metatable(Some(mt))?;
            }
            for (i, item) in a.iter().enumerate() {
                let lv = if item.is_null() { LuaValue::NULL } else { from_json(lua, item)? };
                t.raw_set(i + 1, lv)?;
            }
            LuaValue::Table(t)
        }
        Value::Object(m) => {
            let t = lua.create_table_with_capacity(0, m.len())?;
            for (k, item) in m {
                if !item.is_null() {
                    t.raw_set(k.as_str(), from_json(lua, item)?)?;
                }
            }
            LuaValue::Table(t)
        }
    })
}
