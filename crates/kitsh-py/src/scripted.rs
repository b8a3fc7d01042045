//! Bindings of `ScriptedTool` and `ScriptingToolSet` (issue 20 item 9): Python callables as
//! tool commands of a logic-only shell. The Python package wraps [`Registry`] as
//! `kitsh.ScriptedTool` / `kitsh.ScriptingToolSet` and [`ToolHandle`] as the tools of a set.
//!
//! Every Python callback is registered as a *sync* Rust callback: it acquires the GIL, calls
//! `callback(params, stdin)` and, when that returns a coroutine, runs it to completion — on the
//! caller's event loop (captured by `execute_async`) with `asyncio.run_coroutine_threadsafe`,
//! else with `asyncio.run`. Scripts run with the GIL released.

use std::sync::{Arc, Mutex};

use kitsh::scripted_tool::{Callback, ScriptedTool, ScriptedToolBuilder, ScriptingToolSet, ToolArgs, ToolCallback, ToolDef};
use kitsh::tool::{Tool, ToolRequest, ToolResponse};
use kitsh::ExecutionLimits;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyModule;

use crate::{limits_from_json, ExecResult};

/// The asyncio event loop of the `execute_async` call in progress (`None` under `execute`):
/// shared by every callback of one registry, set for the duration of one call.
type LoopSlot = Arc<Mutex<Option<Py<PyAny>>>>;

/// One registered tool: its definition and the Python callable.
struct PyToolSpec {
    def: ToolDef,
    f: Arc<Py<PyAny>>,
}

/// `TypeName: message` of a Python exception (the text a tool error carries).
fn error_text(py: Python<'_>, e: &PyErr) -> String {
    let ty = e.get_type(py).name().map(|n| n.to_string()).unwrap_or_else(|_| "Exception".into());
    let msg = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
    if msg.is_empty() {
        ty
    } else {
        format!("{ty}: {msg}")
    }
}

/// Run a coroutine to completion from the script's thread: on `event_loop` when the call came
/// from `execute_async`, else with `asyncio.run` (on a helper thread when this thread already
/// has a running loop, i.e. `execute` was called from async code).
fn run_coroutine<'py>(py: Python<'py>, coro: Bound<'py, PyAny>, event_loop: Option<Py<PyAny>>, args: &ToolArgs) -> PyResult<Bound<'py, PyAny>> {
    let asyncio = py.import("asyncio")?;
    if let Some(lp) = event_loop {
        let fut = asyncio.call_method1("run_coroutine_threadsafe", (coro, lp))?;
        // Wait in short slices (the GIL is released while waiting), so that a coroutine that
        // never finishes is cancelled when the script's timeout or cancellation stops it.
        let timeout_error = py.import("concurrent.futures")?.getattr("TimeoutError")?;
        loop {
            match fut.call_method1("result", (0.005,)) {
                Ok(v) => return Ok(v),
                Err(e) if e.is_instance(py, &timeout_error) => {
                    if args.stopped() {
                        fut.call_method0("cancel")?;
                        return Err(PyRuntimeError::new_err("stopped"));
                    }
                }
                Err(e) => return Err(e),
            }
        }
    }
    // Under `asyncio.run`, the coroutine runs inside a guard that cancels it when the script
    // is stopped (it looks every 5 ms).
    let stop_args = args.clone();
    let stopped = pyo3::types::PyCFunction::new_closure(py, None, None, move |_, _| -> PyResult<bool> { Ok(stop_args.stopped()) })?;
    let coro = until_stopped(py)?.call1((coro, stopped))?;
    if asyncio.call_method0("_get_running_loop")?.is_none() {
        return asyncio.call_method1("run", (coro,));
    }
    let pool = py.import("concurrent.futures")?.call_method1("ThreadPoolExecutor", (1,))?;
    let r = pool.call_method1("submit", (asyncio.getattr("run")?, coro)).and_then(|f| f.call_method0("result"));
    pool.call_method0("shutdown")?;
    r
}

/// `_until_stopped(coro, stopped)`: await `coro`, cancelling it once `stopped()` is true.
const UNTIL_STOPPED_PY: &std::ffi::CStr = c"
import asyncio

async def _until_stopped(coro, stopped):
    task = asyncio.ensure_future(coro)
    while True:
        done, _ = await asyncio.wait({task}, timeout=0.005)
        if done:
            return task.result()
        if stopped():
            task.cancel()
            raise RuntimeError('stopped')
";

/// The `_until_stopped` coroutine function (compiled once per interpreter).
fn until_stopped(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static CELL: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
    CELL.get_or_try_init(py, || {
        let m = PyModule::from_code(py, UNTIL_STOPPED_PY, c"<kitsh until_stopped>", c"_kitsh_until_stopped")?;
        Ok(m.getattr("_until_stopped")?.unbind())
    })
    .map(|f| f.bind(py))
}

/// Call the Python tool `f` with `args`: `Ok(stdout)` for a `str` result, `Err(text)` for an
/// exception or any other result type.
fn call_tool(f: &Py<PyAny>, event_loop: &LoopSlot, args: &ToolArgs) -> Result<String, String> {
    Python::attach(|py| {
        let run = || -> PyResult<Result<String, String>> {
            let params = py.import("json")?.call_method1("loads", (args.params.to_string(),))?;
            let mut v = f.bind(py).call1((params, args.stdin.clone()))?;
            if py.import("inspect")?.call_method1("iscoroutine", (&v,))?.is_truthy()? {
                let lp = event_loop.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map(|l| l.clone_ref(py));
                v = run_coroutine(py, v, lp, args)?;
            }
            Ok(v.extract::<String>().map_err(|_| "callback must return str".to_string()))
        };
        run().unwrap_or_else(|e| Err(error_text(py, &e)))
    })
}

/// The logging hook: calls `hook(tool, message)`; an exception it raises is reported as
/// unraisable and otherwise ignored.
fn error_hook(hook: Arc<Py<PyAny>>) -> impl Fn(&str, &str) + Send + Sync + 'static {
    move |tool: &str, message: &str| {
        Python::attach(|py| {
            if let Err(e) = hook.bind(py).call1((tool, message)) {
                e.write_unraisable(py, None);
            }
        })
    }
}

/// The configuration and tools of a `ScriptedTool` or `ScriptingToolSet`; the Rust tool is
/// (re)built lazily on first use after a change.
#[pyclass(module = "kitsh")]
pub struct Registry {
    name: String,
    short_description: Option<String>,
    env: Vec<(String, String)>,
    limits: Option<ExecutionLimits>,
    compact: bool,
    sanitize: bool,
    discovery: bool,
    on_error: Option<Arc<Py<PyAny>>>,
    tools: Vec<PyToolSpec>,
    event_loop: LoopSlot,
    built: Option<ScriptedTool>,
}

impl Registry {
    /// The Rust callbacks of the registered tools, reading the event loop from `slot`.
    fn callbacks(&self, slot: &LoopSlot) -> Vec<(ToolDef, Callback)> {
        self.tools
            .iter()
            .map(|t| {
                let (f, lp) = (t.f.clone(), slot.clone());
                let cb: ToolCallback = Arc::new(move |args: &ToolArgs| call_tool(&f, &lp, args));
                (t.def.clone(), Callback::Sync(cb))
            })
            .collect()
    }

    /// A `ScriptedTool` builder with everything configured.
    fn scripted_builder(&self) -> ScriptedToolBuilder {
        let mut b = ScriptedTool::builder(self.name.clone()).compact_prompt(self.compact).sanitize_errors(self.sanitize);
        if let Some(d) = &self.short_description {
            b = b.short_description(d.clone());
        }
        for (k, v) in &self.env {
            b = b.env(k.clone(), v.clone());
        }
        if let Some(l) = &self.limits {
            b = b.limits(l.clone());
        }
        if let Some(h) = &self.on_error {
            b = b.on_tool_error(error_hook(h.clone()));
        }
        for (def, cb) in self.callbacks(&self.event_loop) {
            b = b.tool_callback(def, cb);
        }
        b
    }

    /// The `ScriptingToolSet` of this registry, its callbacks reading the event loop from `slot`.
    fn set(&self, slot: &LoopSlot) -> PyResult<ScriptingToolSet> {
        let mut b = ScriptingToolSet::builder(self.name.clone()).sanitize_errors(self.sanitize);
        if let Some(d) = &self.short_description {
            b = b.short_description(d.clone());
        }
        for (k, v) in &self.env {
            b = b.env(k.clone(), v.clone());
        }
        if let Some(l) = &self.limits {
            b = b.limits(l.clone());
        }
        if let Some(h) = &self.on_error {
            b = b.on_tool_error(error_hook(h.clone()));
        }
        for (def, cb) in self.callbacks(slot) {
            b = b.tool_callback(def, cb);
        }
        if self.discovery {
            b = b.with_discovery();
        }
        b.try_build().map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The built tool (building it when the registry changed). For a set, its script tool.
    fn tool(&mut self) -> PyResult<ScriptedTool> {
        if self.built.is_none() {
            let t = if self.discovery {
                self.set(&self.event_loop)?.scripted_tool().clone()
            } else {
                self.scripted_builder().try_build().map_err(|e| PyValueError::new_err(e.to_string()))?
            };
            self.built = Some(t);
        }
        self.built.clone().ok_or_else(|| PyRuntimeError::new_err("the tool was not built"))
    }
}

/// Run `req` on `tool` with the GIL released and `event_loop` in `slot` for its duration.
fn run_with_loop(py: Python<'_>, slot: &LoopSlot, event_loop: Option<Py<PyAny>>, run: impl FnOnce() -> ToolResponse + Send) -> ExecResult {
    *slot.lock().unwrap_or_else(|e| e.into_inner()) = event_loop;
    let resp = py.detach(run);
    slot.lock().unwrap_or_else(|e| e.into_inner()).take();
    resp.into()
}

/// A request for `commands` with an optional timeout.
fn request(commands: String, timeout_ms: Option<u64>) -> ToolRequest {
    let mut req = ToolRequest::new(commands);
    req.timeout_ms = timeout_ms;
    req
}

#[pymethods]
impl Registry {
    /// A registry; the name is checked now (`ValueError` with the core's message).
    #[new]
    #[pyo3(signature = (name, short_description=None, env=None, limits_json=None, compact_prompt=false, sanitize_errors=true, on_tool_error=None, discovery=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        name: String,
        short_description: Option<String>,
        env: Option<Vec<(String, String)>>,
        limits_json: Option<String>,
        compact_prompt: bool,
        sanitize_errors: bool,
        on_tool_error: Option<Py<PyAny>>,
        discovery: bool,
    ) -> PyResult<Self> {
        let limits = limits_json.as_deref().map(limits_from_json).transpose()?;
        let mut r = Registry {
            name,
            short_description,
            env: env.unwrap_or_default(),
            limits,
            compact: compact_prompt,
            sanitize: sanitize_errors,
            discovery,
            on_error: on_tool_error.map(Arc::new),
            tools: Vec::new(),
            event_loop: Arc::new(Mutex::new(None)),
            built: None,
        };
        r.tool()?;
        Ok(r)
    }

    /// Register `callback(params, stdin) -> str` as the tool command `name`. The names are
    /// checked now: an invalid, duplicate or reserved name raises `ValueError`.
    #[pyo3(signature = (name, description, callback, schema_json=None, tags=None, category=None))]
    fn add_tool(
        &mut self,
        name: String,
        description: String,
        callback: Py<PyAny>,
        schema_json: Option<String>,
        tags: Option<Vec<String>>,
        category: Option<String>,
    ) -> PyResult<()> {
        let mut def = ToolDef::new(name, description);
        if let Some(s) = schema_json {
            let v: serde_json::Value = serde_json::from_str(&s).map_err(|e| PyValueError::new_err(format!("schema: {e}")))?;
            if !v.is_object() {
                return Err(PyValueError::new_err("schema must be a dict"));
            }
            def = def.with_schema(v);
        }
        def.tags = tags.unwrap_or_default();
        def.category = category;
        self.tools.push(PyToolSpec { def, f: Arc::new(callback) });
        let previous = self.built.take();
        if let Err(e) = self.tool() {
            self.tools.pop();
            self.built = previous;
            return Err(e);
        }
        Ok(())
    }

    /// Run `commands` in a fresh logic-only shell; the GIL is released while it runs.
    /// `event_loop`: the caller's running loop (from `execute_async`), where coroutine
    /// callbacks are awaited.
    #[pyo3(signature = (commands, timeout_ms=None, event_loop=None))]
    fn execute(&mut self, py: Python<'_>, commands: String, timeout_ms: Option<u64>, event_loop: Option<Py<PyAny>>) -> PyResult<ExecResult> {
        let tool = self.tool()?;
        let req = request(commands, timeout_ms);
        Ok(run_with_loop(py, &self.event_loop, event_loop, move || tool.execute_sync(req)))
    }

    /// The calls of the last finished `execute` as JSON text (a list of records), taken.
    fn take_last_execution_trace_json(&mut self) -> PyResult<Option<String>> {
        let Some(trace) = self.tool()?.take_last_execution_trace() else { return Ok(None) };
        Ok(Some(trace.to_json().to_string()))
    }

    /// The registered tool names, in registration order.
    fn tool_names(&self) -> Vec<String> {
        self.tools.iter().map(|t| t.def.name.clone()).collect()
    }

    /// The tool's name.
    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }
    /// The one-liner (default `ScriptedTool: NAME`).
    #[getter]
    fn short_description(&mut self) -> PyResult<String> {
        Ok(self.tool()?.short_description().to_string())
    }
    /// `description()` of the tool.
    fn description(&mut self) -> PyResult<String> {
        Ok(self.tool()?.description())
    }
    /// The man-page help.
    fn help(&mut self) -> PyResult<String> {
        Ok(self.tool()?.help())
    }
    /// The system prompt.
    fn system_prompt(&mut self) -> PyResult<String> {
        Ok(self.tool()?.system_prompt())
    }
    /// `input_schema()` as JSON text.
    fn input_schema_json(&mut self) -> PyResult<String> {
        Ok(self.tool()?.input_schema().to_string())
    }
    /// `output_schema()` as JSON text.
    fn output_schema_json(&mut self) -> PyResult<String> {
        Ok(self.tool()?.output_schema().to_string())
    }

    /// The tools of the set: the script tool, and with discovery the `NAME_discover` tool.
    /// Each call builds a new set with its own event-loop slot; the registry's trace is the
    /// latest set's.
    fn set_tools(&mut self) -> PyResult<Vec<ToolHandle>> {
        let slot: LoopSlot = Arc::new(Mutex::new(None));
        let set = self.set(&slot)?;
        self.built = Some(set.scripted_tool().clone());
        Ok(set
            .tools()
            .into_iter()
            .enumerate()
            .map(|(i, tool)| {
                let scripted = (i == 0).then(|| set.scripted_tool().clone());
                ToolHandle { tool, scripted, event_loop: slot.clone() }
            })
            .collect())
    }
}

/// One tool of a `ScriptingToolSet` as handed to a model.
#[pyclass(module = "kitsh")]
pub struct ToolHandle {
    tool: Box<dyn Tool>,
    /// The script tool itself (runs without an async runtime), `None` for the discover tool.
    scripted: Option<ScriptedTool>,
    event_loop: LoopSlot,
}

#[pymethods]
impl ToolHandle {
    /// Run `commands` with the GIL released (see `Registry.execute`).
    #[pyo3(signature = (commands, timeout_ms=None, event_loop=None))]
    fn execute(&mut self, py: Python<'_>, commands: String, timeout_ms: Option<u64>, event_loop: Option<Py<PyAny>>) -> ExecResult {
        let req = request(commands, timeout_ms);
        if let Some(tool) = self.scripted.clone() {
            return run_with_loop(py, &self.event_loop, event_loop, move || tool.execute_sync(req));
        }
        // The discover tool runs no callback: no event loop to hand over.
        drop(event_loop);
        let tool = &mut self.tool;
        py.detach(move || match tokio::runtime::Builder::new_current_thread().build() {
            Ok(rt) => rt.block_on(tool.execute(req)),
            Err(e) => ToolResponse::failure(kitsh::tool::ErrorCategory::InternalError, format!("runtime: {e}\n")),
        })
        .into()
    }

    /// The tool's name.
    #[getter]
    fn name(&self) -> String {
        self.tool.name().to_string()
    }
    /// The one-liner.
    #[getter]
    fn short_description(&self) -> String {
        self.tool.short_description().to_string()
    }
    /// `description()` of the tool.
    fn description(&self) -> String {
        self.tool.description()
    }
    /// The man-page help.
    fn help(&self) -> String {
        self.tool.help()
    }
    /// The system prompt.
    fn system_prompt(&self) -> String {
        self.tool.system_prompt()
    }
    /// `input_schema()` as JSON text.
    fn input_schema_json(&self) -> String {
        self.tool.input_schema().to_string()
    }
    /// `output_schema()` as JSON text.
    fn output_schema_json(&self) -> String {
        self.tool.output_schema().to_string()
    }
}
