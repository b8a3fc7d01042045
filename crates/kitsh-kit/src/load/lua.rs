//! The restricted Lua state definition files run in (KIT-5): a fresh environment table per
//! file, a kit-only `require`, `tools.define_tool`, an instruction limit and a memory limit.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use mlua::{ChunkMode, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};

use super::fields;
use crate::spec::ToolSpec;

/// Instructions between two hook calls.
const HOOK_EVERY: u32 = 10_000;
/// Hook calls allowed per definition file (10 million instructions in all).
const HOOK_CALLS: u32 = 1_000;
/// Memory of the whole Lua state.
const MEMORY_LIMIT: usize = 64 * 1024 * 1024;

/// The message of a definition file that runs into the instruction limit.
pub(crate) const TOO_LONG: &str = "definition took too long (instruction limit)";
/// The message of a definition file that runs into the memory limit.
pub(crate) const TOO_BIG: &str = "definition uses too much memory (memory limit)";

/// Base-library functions a definition sees (not `dofile`, `loadfile`, `collectgarbage`; `load`
/// and `print` are wrapped).
const BASE: [&str; 16] = [
    "assert",
    "error",
    "getmetatable",
    "ipairs",
    "next",
    "pairs",
    "pcall",
    "rawequal",
    "rawget",
    "rawlen",
    "rawset",
    "select",
    "setmetatable",
    "tonumber",
    "tostring",
    "type",
];
/// Libraries copied (shallowly) into each environment.
const LIBS: [&str; 4] = ["string", "table", "math", "utf8"];

/// Lua set-up run once per state: the wrappers that must stay Lua closures (so that each
/// environment can be collected), and the metatable that marks tool values.
const PRELUDE: &str = r#"
local real_load, xpcall_, select_ = load, xpcall, select
local function make_load(env)
  return function(chunk, name, mode, e)
    if e == nil then e = env end
    return real_load(chunk, name, "t", e)
  end
end
local tool_mt = {
  __metatable = "kitsh tool",
  __call = function() error("tools cannot run while the kit is loading", 2) end,
}
local os_ = { getenv = os.getenv, time = os.time, date = os.date, clock = os.clock }
-- The string metatable is shared by every file: hide it so no file can change `("x"):rep` for the others.
getmetatable("").__metatable = false
return make_load, tool_mt, os_, xpcall_, select_
"#;

/// The error `define_tool` raises for a bad definition (reported without a line).
#[derive(Debug)]
pub(crate) struct DefineError(pub String);

impl std::fmt::Display for DefineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for DefineError {}

/// The error the instruction hook raises.
#[derive(Debug)]
struct InstructionLimit;

impl std::fmt::Display for InstructionLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(TOO_LONG)
    }
}
impl std::error::Error for InstructionLimit {}

/// What a failed file reports: a Lua message (`CHUNK:LINE: msg`, where CHUNK is a kit-relative
/// path) or a plain one.
pub(crate) enum Failure {
    /// A Lua error message, located by Lua.
    Lua(String),
    /// A message without a location (definition errors, limits).
    Plain(String),
}

/// Finds the root cause of an mlua error.
fn classify(e: &mlua::Error) -> Failure {
    match e {
        mlua::Error::CallbackError { cause, .. } => classify(cause),
        mlua::Error::WithContext { cause, .. } => classify(cause),
        mlua::Error::ExternalError(inner) => {
            if let Some(d) = inner.downcast_ref::<DefineError>() {
                Failure::Plain(d.0.clone())
            } else if inner.downcast_ref::<InstructionLimit>().is_some() {
                Failure::Plain(TOO_LONG.into())
            } else {
                Failure::Plain(inner.to_string())
            }
        }
        mlua::Error::MemoryError(_) => Failure::Plain(TOO_BIG.into()),
        mlua::Error::SyntaxError { message, .. } => Failure::Lua(message.clone()),
        mlua::Error::RuntimeError(m) => {
            let m = m.split("\nstack traceback:").next().unwrap_or(m);
            Failure::Lua(m.to_string())
        }
        other => Failure::Plain(other.to_string()),
    }
}

/// State shared by the Rust callbacks of one load.
struct Ctx {
    kit: PathBuf,
    home: Option<PathBuf>,
    /// Tools made by `define_tool`: the address of the returned table, and its spec.
    defined: Mutex<Vec<(usize, ToolSpec)>>,
    /// Modules being loaded (cycle detection).
    loading: Mutex<Vec<String>>,
    /// Hook calls in the current file (C-loop work counts too: [`charge_c_work`]).
    ticks: AtomicU32,
    /// Steps of C-loop work not yet worth a hook call.
    c_work: AtomicU32,
    /// The current file ran out of instructions: the hook now fires on every instruction.
    tripped: AtomicBool,
}

/// One kit's Lua state.
pub(crate) struct Loader {
    lua: Lua,
    ctx: Arc<Ctx>,
}

/// The registry keys of this module.
const R_MAKE_LOAD: &str = "kitsh.make_load";
const R_TOOL_MT: &str = "kitsh.tool_mt";
const R_OS: &str = "kitsh.os";
const R_BASE: &str = "kitsh.base";
const R_LOADED: &str = "kitsh.loaded";
const R_KEEP: &str = "kitsh.tools";

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Loader {
    /// A fresh state for the kit folder `kit` (absolute).
    pub(crate) fn new(kit: &Path) -> mlua::Result<Loader> {
        let libs = StdLib::STRING | StdLib::TABLE | StdLib::MATH | StdLib::UTF8 | StdLib::OS;
        let lua = Lua::new_with(libs, LuaOptions::default())?;
        let globals = lua.globals();
        let (make_load, tool_mt, os, xpcall, select): (Value, Value, Value, Value, Value) =
            lua.load(PRELUDE).set_name("=kitsh").call(())?;
        lua.set_named_registry_value(R_MAKE_LOAD, make_load)?;
        lua.set_named_registry_value(R_TOOL_MT, tool_mt)?;
        lua.set_named_registry_value(R_OS, os)?;
        let base = lua.create_table()?;
        for name in BASE {
            base.raw_set(name, globals.raw_get::<Value>(name)?)?;
        }
        base.raw_set("xpcall", xpcall)?;
        base.raw_set("select", select)?;
        base.raw_set("_VERSION", globals.raw_get::<Value>("_VERSION")?)?;
        base.raw_set(
            "print",
            lua.create_function(|_, args: mlua::Variadic<Value>| {
                // Definitions never write to stdout (it may carry a protocol): stderr.
                let words: Vec<String> = args.iter().map(|v| v.to_string().unwrap_or_default()).collect();
                eprintln!("{}", words.join("\t"));
                Ok(())
            })?,
        )?;
        bound_string_rep(&lua, &globals)?;
        for name in LIBS {
            base.raw_set(name, globals.raw_get::<Value>(name)?)?;
        }
        lua.set_named_registry_value(R_BASE, base)?;
        lua.set_named_registry_value(R_LOADED, lua.create_table()?)?;
        lua.set_named_registry_value(R_KEEP, lua.create_table()?)?;
        // Nothing outside the environments should reach the unrestricted functions.
        for name in [
            "dofile",
            "loadfile",
            "load",
            "os",
            "collectgarbage",
            "require",
            "package",
            "io",
            "debug",
        ] {
            globals.raw_set(name, Value::Nil)?;
        }
        let ctx = Arc::new(Ctx {
            kit: kit.to_path_buf(),
            home: std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from),
            defined: Mutex::new(Vec::new()),
            loading: Mutex::new(Vec::new()),
            ticks: AtomicU32::new(0),
            c_work: AtomicU32::new(0),
            tripped: AtomicBool::new(false),
        });
        arm_hook(&lua, &ctx, HOOK_EVERY)?;
        charge_c_work(&lua, &ctx)?;
        lua.set_memory_limit(MEMORY_LIMIT)?;
        Ok(Loader { lua, ctx })
    }

    /// Runs one candidate file (`rel` relative to the kit). `Ok(Some(spec))` when the chunk
    /// returns a `define_tool` value, `Ok(None)` for a helper module.
    pub(crate) fn load_file(&self, abs: &Path, rel: &str) -> Result<Option<ToolSpec>, Failure> {
        self.ctx.ticks.store(0, Ordering::Relaxed);
        self.ctx.c_work.store(0, Ordering::Relaxed);
        if self.ctx.tripped.swap(false, Ordering::Relaxed) {
            arm_hook(&self.lua, &self.ctx, HOOK_EVERY).map_err(|e| Failure::Plain(e.to_string()))?;
        }
        let result = self.run_file(abs, rel);
        if result.is_err() {
            let _ = self.lua.gc_collect();
        }
        result
    }

    fn run_file(&self, abs: &Path, rel: &str) -> Result<Option<ToolSpec>, Failure> {
        let src = std::fs::read(abs).map_err(|e| Failure::Plain(format!("cannot read: {e}")))?;
        let folder = abs.parent().unwrap_or(&self.ctx.kit).to_path_buf();
        let env = make_env(&self.lua, &self.ctx, folder).map_err(|e| classify(&e))?;
        let value: Value = self
            .lua
            .load(src)
            .set_name(format!("@{rel}"))
            .set_mode(ChunkMode::Text)
            .set_environment(env)
            .call(())
            .map_err(|e| classify(&e))?;
        let Value::Table(t) = value else { return Ok(None) };
        let addr = t.to_pointer() as usize;
        Ok(lock(&self.ctx.defined)
            .iter()
            .find(|(a, _)| *a == addr)
            .map(|(_, s)| s.clone()))
    }
}

/// Replaces `string.rep` (also what `("x"):rep(n)` calls) with one that decides before Lua's
/// loop: Lua's C loop runs once per repetition, where the instruction hook never fires, even
/// when every piece is empty (`(""):rep(9e9)` spun for minutes). An empty result is given at
/// once, one larger than the memory limit is refused as the allocator would refuse it, and
/// anything else is Lua's own `string.rep`.
fn bound_string_rep(lua: &Lua, globals: &Table) -> mlua::Result<()> {
    let string: Table = globals.raw_get("string")?;
    let rep: mlua::Function = string.raw_get("rep")?;
    let bounded = lua.create_function(move |lua, (s, n, sep): (mlua::String, mlua::Integer, Option<mlua::String>)| {
        if n <= 0 {
            return lua.create_string("");
        }
        let piece = s.as_bytes().len() as u128;
        let gap = sep.as_ref().map_or(0, |x| x.as_bytes().len()) as u128;
        let total = piece * n as u128 + gap * (n as u128 - 1);
        if total == 0 {
            return lua.create_string("");
        }
        if total > MEMORY_LIMIT as u128 {
            return Err(mlua::Error::MemoryError("not enough memory".into()));
        }
        rep.call::<mlua::String>((s, n, sep))
    })?;
    string.raw_set("rep", bounded)
}

/// Installs the instruction-limit hook, called every `every` instructions. Once the file's
/// budget is spent, the hook re-arms itself to fire on every instruction, so a script that
/// catches the error with `pcall` fails again at its next instruction and cannot keep running.
fn arm_hook(lua: &Lua, ctx: &Arc<Ctx>, every: u32) -> mlua::Result<()> {
    let hook_ctx = Arc::clone(ctx);
    lua.set_hook(HookTriggers::new().every_nth_instruction(every), move |lua, _| {
        spend(lua, &hook_ctx, 1)?;
        Ok(VmState::Continue)
    })
}

/// Counts `calls` hook calls' worth of work against the file's budget; past it, the hook
/// fires on every instruction from now on and the instruction-limit error is raised.
fn spend(lua: &Lua, ctx: &Arc<Ctx>, calls: u32) -> mlua::Result<()> {
    // One Lua state runs on one thread at a time: a load and a store are enough.
    let spent = ctx.ticks.load(Ordering::Relaxed).saturating_add(calls);
    ctx.ticks.store(spent, Ordering::Relaxed);
    if spent <= HOOK_CALLS {
        return Ok(());
    }
    if !ctx.tripped.swap(true, Ordering::Relaxed) {
        arm_hook(lua, ctx, 1)?;
    }
    Err(mlua::Error::external(InstructionLimit))
}

/// Registers the function the patched string and table libraries call with the steps of
/// their C loops (pattern matching, plain `find`, `table.insert`/`remove`/`move`: see
/// `crates/kitsh-lua/lua-5.4.8/lkitsh.h`): each [`HOOK_EVERY`] steps count as one hook
/// call, so `("a"):rep(1e5):find(".-.-.-b")` meets the instruction limit like a Lua loop.
fn charge_c_work(lua: &Lua, ctx: &Arc<Ctx>) -> mlua::Result<()> {
    let tick_ctx = Arc::clone(ctx);
    let tick = lua.create_function(move |lua, steps: mlua::Integer| {
        let steps = u64::try_from(steps).unwrap_or(0) + u64::from(tick_ctx.c_work.load(Ordering::Relaxed));
        let every = u64::from(HOOK_EVERY);
        tick_ctx.c_work.store((steps % every) as u32, Ordering::Relaxed);
        spend(lua, &tick_ctx, u32::try_from(steps / every).unwrap_or(u32::MAX))
    })?;
    lua.set_named_registry_value("kitsh.match_tick", tick)
}

/// A fresh environment for a chunk in `folder`: base functions, copies of the libraries,
/// `os` subset, text-only `load`, `require`, `tools.define_tool` (relative sources resolve
/// against `folder`).
fn make_env(lua: &Lua, ctx: &Arc<Ctx>, folder: PathBuf) -> mlua::Result<Table> {
    let env = lua.create_table()?;
    let base: Table = lua.named_registry_value(R_BASE)?;
    for pair in base.pairs::<Value, Value>() {
        let (k, v) = pair?;
        match v {
            Value::Table(lib) => {
                let copy = lua.create_table()?;
                for p in lib.pairs::<Value, Value>() {
                    let (lk, lv) = p?;
                    copy.raw_set(lk, lv)?;
                }
                env.raw_set(k, copy)?;
            }
            other => env.raw_set(k, other)?,
        }
    }
    let os: Table = lua.named_registry_value(R_OS)?;
    let os_copy = lua.create_table()?;
    for p in os.pairs::<Value, Value>() {
        let (k, v) = p?;
        os_copy.raw_set(k, v)?;
    }
    env.raw_set("os", os_copy)?;
    env.raw_set("_G", &env)?;
    let make_load: mlua::Function = lua.named_registry_value(R_MAKE_LOAD)?;
    env.raw_set("load", make_load.call::<Value>(&env)?)?;

    let req_ctx = Arc::clone(ctx);
    env.raw_set(
        "require",
        lua.create_function(move |lua, name: String| require(lua, &req_ctx, &name))?,
    )?;

    let def_ctx = Arc::clone(ctx);
    let define = lua.create_function(move |lua, cfg: Value| define_tool(lua, &def_ctx, &folder, cfg))?;
    let tools = lua.create_table()?;
    tools.raw_set("define_tool", define)?;
    env.raw_set("tools", tools)?;
    Ok(env)
}

/// `tools.define_tool{..}`: validates, records the spec, returns a marked table.
fn define_tool(lua: &Lua, ctx: &Ctx, folder: &Path, cfg: Value) -> mlua::Result<Table> {
    let Value::Table(cfg) = cfg else {
        return Err(mlua::Error::external(DefineError("define_tool expects a table".into())));
    };
    let spec =
        fields::parse(lua, &cfg, folder, ctx.home.as_deref()).map_err(|m| mlua::Error::external(DefineError(m)))?;
    let tool = lua.create_table()?;
    let mt: Table = lua.named_registry_value(R_TOOL_MT)?;
    tool.set_metatable(Some(mt))?;
    // Keep the table alive for the whole load, so its address identifies it.
    let keep: Table = lua.named_registry_value(R_KEEP)?;
    keep.raw_push(&tool)?;
    lock(&ctx.defined).push((tool.to_pointer() as usize, spec));
    Ok(tool)
}

/// A runtime error located like Lua's own `error(msg)`: `CHUNK:LINE: msg`, where CHUNK:LINE is
/// the Lua code that called the running Rust function.
fn located(lua: &Lua, msg: String) -> mlua::Error {
    let at = lua.inspect_stack(1, |d| {
        let src = d.source().short_src.map(|s| s.into_owned());
        src.zip(d.current_line())
    });
    match at.flatten() {
        Some((src, line)) => mlua::Error::runtime(format!("{src}:{line}: {msg}")),
        None => mlua::Error::runtime(msg),
    }
}

/// `require(NAME)` over `KIT/NAME.lua` and `KIT/NAME/init.lua` (dots are folders), cached per
/// load; each module runs in its own environment.
fn require(lua: &Lua, ctx: &Arc<Ctx>, name: &str) -> mlua::Result<Value> {
    let loaded: Table = lua.named_registry_value(R_LOADED)?;
    let cached: Value = loaded.raw_get(name)?;
    if !cached.is_nil() {
        return Ok(cached);
    }
    let valid = !name.is_empty()
        && name
            .split('.')
            .all(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'));
    if !valid {
        return Err(located(lua, format!("invalid module name '{name}'")));
    }
    let rel = name.replace('.', "/");
    let candidates = [format!("{rel}.lua"), format!("{rel}/init.lua")];
    let Some(rel_file) = candidates.iter().find(|c| ctx.kit.join(c).is_file()) else {
        return Err(located(
            lua,
            format!(
                "module '{name}' not found (looked for {} and {} in the kit)",
                candidates[0], candidates[1]
            ),
        ));
    };
    if lock(&ctx.loading).iter().any(|n| n == name) {
        return Err(located(lua, format!("loop while requiring module '{name}'")));
    }
    let abs = ctx.kit.join(rel_file);
    let src = std::fs::read(&abs).map_err(|e| mlua::Error::runtime(format!("cannot read {rel_file}: {e}")))?;
    let folder = abs.parent().unwrap_or(&ctx.kit).to_path_buf();
    lock(&ctx.loading).push(name.to_string());
    let result = (|| {
        let env = make_env(lua, ctx, folder)?;
        lua.load(src)
            .set_name(format!("@{rel_file}"))
            .set_mode(ChunkMode::Text)
            .set_environment(env)
            .call::<Value>((name, abs.display().to_string()))
    })();
    lock(&ctx.loading).retain(|n| n != name);
    let value = match result? {
        Value::Nil => Value::Boolean(true),
        v => v,
    };
    loaded.raw_set(name, &value)?;
    Ok(value)
}
