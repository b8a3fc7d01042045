//! Python bindings of kitsh: the extension module `kitsh._kitsh`, wrapped by the `kitsh`
//! Python package (python/kitsh/__init__.py). One `Session` is one `BashTool`: its state
//! persists between calls; scripts run with the GIL released. `ScriptedTool` and
//! `ScriptingToolSet` are bound in [`scripted`].

use std::sync::Arc;

mod scripted;
mod store;

/// The extension's own allocations (the interpreter's, jq's values, `python3`'s objects) go
/// through kitsh's metering allocator, so `max_heap_bytes` binds in the Python package as in the
/// CLI. A cdylib's global allocator is its own: the host Python's allocations are not affected.
#[global_allocator]
static ALLOC: kitsh::alloc::MeteredAlloc = kitsh::alloc::MeteredAlloc;

use kitsh::builtins::{Builtin, Ctx};
use kitsh::tool::{BashTool, BashToolBuilder, ErrorCategory, Tool, ToolRequest, ToolResponse};
use kitsh::ExecutionLimits;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

pyo3::create_exception!(kitsh, SnapshotError, PyValueError, "A session snapshot could not be taken, read or restored.");

/// The result of one `execute`.
#[pyclass(get_all, frozen, module = "kitsh")]
#[derive(Clone)]
pub struct ExecResult {
    /// Standard output.
    stdout: String,
    /// Standard error.
    stderr: String,
    /// Exit status.
    exit_code: i32,
    /// The failure category (`parse_error`, `resource_limit`, `timeout`, `cancelled`,
    /// `internal_error`), or `None` when the script ran to its end.
    error: Option<String>,
    /// Standard output was cut by the output limit.
    stdout_truncated: bool,
    /// Standard error was cut by the output limit.
    stderr_truncated: bool,
}

#[pymethods]
impl ExecResult {
    fn __repr__(&self) -> String {
        format!(
            "ExecResult(stdout={:?}, stderr={:?}, exit_code={}, error={:?}, stdout_truncated={}, stderr_truncated={})",
            self.stdout, self.stderr, self.exit_code, self.error, self.stdout_truncated, self.stderr_truncated
        )
    }
    /// The result as the tool's JSON response text.
    fn to_json(&self) -> String {
        serde_json::to_string(&self.response()).unwrap_or_default()
    }
}

impl ExecResult {
    fn response(&self) -> ToolResponse {
        ToolResponse {
            stdout: self.stdout.clone(),
            stderr: self.stderr.clone(),
            exit_code: self.exit_code,
            error: self.error.clone(),
            stdout_truncated: self.stdout_truncated,
            stderr_truncated: self.stderr_truncated,
        }
    }
}

impl From<ToolResponse> for ExecResult {
    fn from(r: ToolResponse) -> Self {
        ExecResult { stdout: r.stdout, stderr: r.stderr, exit_code: r.exit_code, error: r.error, stdout_truncated: r.stdout_truncated, stderr_truncated: r.stderr_truncated }
    }
}

/// A Python callable as a command: `fn(args: list[str], stdin: str) -> str | None`.
struct PyCommand {
    f: Py<PyAny>,
}

impl Builtin for PyCommand {
    fn run(&self, ctx: &mut Ctx<'_>, args: &[String]) -> i32 {
        let mut input = Vec::new();
        let _ = ctx.stdin.read_to_end(&mut input);
        let stdin = String::from_utf8_lossy(&input).into_owned();
        let name = ctx.name.to_string();
        let r: Result<Option<String>, String> = Python::attach(|py| match self.f.call1(py, (args.to_vec(), stdin)) {
            Ok(v) if v.is_none(py) => Ok(None),
            Ok(v) => match v.extract::<String>(py) {
                Ok(s) => Ok(Some(s)),
                Err(_) => v.bind(py).str().map(|s| Some(s.to_string())).map_err(|e| e.to_string()),
            },
            Err(e) => {
                let ty = e.get_type(py).name().map(|n| n.to_string()).unwrap_or_else(|_| "Exception".into());
                let msg = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
                Err(if msg.is_empty() { ty } else { format!("{ty}: {msg}") })
            }
        });
        match r {
            Ok(out) => {
                if let Some(s) = out {
                    let _ = ctx.stdout.write_all(s.as_bytes());
                }
                0
            }
            Err(e) => {
                let _ = writeln!(ctx.stderr, "{name}: {e}");
                1
            }
        }
    }
}

/// Limits from a JSON object of `ExecutionLimits` field names.
fn limits_from_json(text: &str) -> PyResult<ExecutionLimits> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| PyValueError::new_err(format!("limits: {e}")))?;
    let obj = v.as_object().ok_or_else(|| PyValueError::new_err("limits must be a dict"))?;
    let mut l = ExecutionLimits::default();
    for (k, v) in obj {
        let n = || v.as_u64().ok_or_else(|| PyValueError::new_err(format!("limits: {k} must be a non-negative integer")));
        match k.as_str() {
            "max_commands" => l.max_commands = n()?,
            "max_loop_iterations" => l.max_loop_iterations = n()?,
            "max_total_loop_iterations" => l.max_total_loop_iterations = n()?,
            "max_function_depth" => l.max_function_depth = n()? as usize,
            "max_output_bytes" => l.max_output_bytes = n()?,
            "max_string_bytes" => l.max_string_bytes = n()? as usize,
            "max_fields" => l.max_fields = n()? as usize,
            "max_fs_bytes" => l.max_fs_bytes = n()?,
            "max_fs_files" => l.max_fs_files = n()?,
            "max_input_bytes" => l.max_input_bytes = n()? as usize,
            "max_parse_depth" => l.max_parse_depth = n()? as usize,
            "max_concurrent_stages" => l.max_concurrent_stages = n()? as usize,
            "max_heap_bytes" => l.max_heap_bytes = n()?,
            "timeout_ms" => l.timeout = if v.is_null() { None } else { Some(std::time::Duration::from_millis(n()?)) },
            _ => return Err(PyValueError::new_err(format!("limits: unknown field {k}"))),
        }
    }
    Ok(l)
}

/// What a [`Session`] holds: its configuration and its tool (built on first use).
struct State {
    username: Option<String>,
    hostname: Option<String>,
    limits: Option<ExecutionLimits>,
    env: Vec<(String, String)>,
    cwd: Option<String>,
    name: Option<String>,
    fresh_per_call: bool,
    commands: Vec<(String, Arc<dyn Builtin>)>,
    tool: Option<BashTool>,
}

impl State {
    fn build(&self, fs: Option<Arc<dyn kitsh::fs::FileSystem>>) -> BashTool {
        let mut b: BashToolBuilder = BashTool::builder().fresh_per_call(self.fresh_per_call);
        if let Some(n) = &self.name {
            b = b.name(n.clone());
        }
        if let Some(u) = &self.username {
            b = b.username(u.clone());
        }
        if let Some(h) = &self.hostname {
            b = b.hostname(h.clone());
        }
        if let Some(l) = &self.limits {
            b = b.limits(l.clone());
        }
        for (k, v) in &self.env {
            b = b.env(k.clone(), v.clone());
        }
        if let Some(c) = &self.cwd {
            b = b.cwd(c.clone());
        }
        for (n, f) in &self.commands {
            b = b.builtin(n.clone(), f.clone());
        }
        if let Some(fs) = fs {
            b = b.filesystem(fs);
        }
        b.build()
    }

    fn tool(&mut self) -> &mut BashTool {
        if self.tool.is_none() {
            self.tool = Some(self.build(None));
        }
        match &mut self.tool {
            Some(t) => t,
            None => unreachable_tool(),
        }
    }
}

#[allow(clippy::panic)]
fn unreachable_tool() -> ! {
    panic!("the tool was just built")
}

/// A token that stops a call from another thread: a queued call that sees it never runs, a
/// running one ends at its next command (exit 130, `error: "cancelled"`).
#[pyclass(frozen, module = "kitsh")]
pub struct CancelToken {
    inner: kitsh::CancellationToken,
}

#[pymethods]
impl CancelToken {
    #[new]
    fn new() -> Self {
        CancelToken { inner: kitsh::CancellationToken::new() }
    }

    /// Stop the call.
    fn cancel(&self) {
        self.inner.cancel();
    }

    /// Was it cancelled?
    #[getter]
    fn cancelled(&self) -> bool {
        self.inner.is_cancelled()
    }
}

/// One bash session (a `BashTool`), configured once; commands may be registered later. Calls
/// from several threads (or `asyncio` tasks) are queued, one at a time, in arrival order; the
/// wait counts against a call's `timeout_ms`.
#[pyclass(frozen, module = "kitsh")]
pub struct Session {
    state: parking_lot::Mutex<State>,
}

impl Session {
    /// Run `f` on the state once the calls before this one are done (the GIL released meanwhile).
    fn with<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut State) -> T + Send) -> T {
        py.detach(|| f(&mut self.state.lock()))
    }
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(signature = (username=None, hostname=None, limits_json=None, env=None, cwd=None, name=None, fresh_per_call=false))]
    fn new(
        username: Option<String>,
        hostname: Option<String>,
        limits_json: Option<String>,
        env: Option<Vec<(String, String)>>,
        cwd: Option<String>,
        name: Option<String>,
        fresh_per_call: bool,
    ) -> PyResult<Self> {
        let limits = limits_json.as_deref().map(limits_from_json).transpose()?;
        let state = State { username, hostname, limits, env: env.unwrap_or_default(), cwd, name, fresh_per_call, commands: Vec::new(), tool: None };
        Ok(Session { state: parking_lot::Mutex::new(state) })
    }

    /// Run `commands` after the calls queued before it; the GIL is released meanwhile. The wait
    /// counts against `timeout_ms`; a `token` cancelled while the call waits keeps it from
    /// running, while it runs stops it.
    #[pyo3(signature = (commands, timeout_ms=None, token=None))]
    fn execute(&self, py: Python<'_>, commands: String, timeout_ms: Option<u64>, token: Option<PyRef<'_, CancelToken>>) -> ExecResult {
        let token = token.map(|t| t.inner.clone());
        let start = std::time::Instant::now();
        py.detach(|| {
            let limit = timeout_ms.map(std::time::Duration::from_millis);
            let guard = match limit {
                Some(d) => self.state.try_lock_for(d),
                None => Some(self.state.lock()),
            };
            let timed_out = |d: std::time::Duration| {
                let msg = format!("kitsh: execution timed out after {:.1}s\n", d.as_secs_f64());
                ToolResponse::failure(ErrorCategory::Timeout, msg).into()
            };
            let Some(mut state) = guard else { return timed_out(limit.unwrap_or_default()) };
            if token.as_ref().is_some_and(|t| t.is_cancelled()) {
                return ToolResponse::failure(ErrorCategory::Cancelled, "kitsh: execution cancelled\n").into();
            }
            let mut req = ToolRequest::new(commands);
            if let Some(d) = limit {
                let left = d.saturating_sub(start.elapsed());
                if left.is_zero() {
                    return timed_out(d);
                }
                req.timeout_ms = Some(left.as_millis().max(1) as u64);
            }
            let tool = state.tool();
            match &token {
                Some(t) => tool.execute_sync_cancellable(req, t),
                None => tool.execute_sync(req),
            }
            .into()
        })
    }

    /// Register `f(args, stdin) -> str` as the command `name`. The session's files are kept;
    /// its shell variables start afresh.
    fn register_command(&self, py: Python<'_>, name: String, f: Py<PyAny>) -> PyResult<()> {
        if name.is_empty() || name.contains(['/', ' ', '\t', '\n']) {
            return Err(PyValueError::new_err(format!("invalid command name: {name:?}")));
        }
        self.with(py, move |state| {
            state.commands.push((name, Arc::new(PyCommand { f })));
            if let Some(mut t) = state.tool.take() {
                let fs = t.filesystem().ok();
                state.tool = Some(state.build(fs));
            }
        });
        Ok(())
    }

    /// The bytes of a file of the session.
    fn read_file(&self, py: Python<'_>, path: &str) -> PyResult<Vec<u8>> {
        self.with(py, |s| s.tool().read_file(path)).map_err(|e| PyOSError::new_err(format!("{path}: {e}")))
    }

    /// Write a file of the session (parent directories are created).
    fn write_file(&self, py: Python<'_>, path: &str, data: Vec<u8>) -> PyResult<()> {
        self.with(py, |s| s.tool().write_file(path, &data)).map_err(|e| PyOSError::new_err(format!("{path}: {e}")))
    }

    /// The session's snapshot: its files and shell state as bytes (sessions.md SES-3, SES-13).
    fn snapshot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let snap = self.with(py, |s| s.tool().snapshot()).map_err(|e| SnapshotError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &snap.to_bytes()))
    }

    /// Replace the session's state with the snapshot `data` (this session's configuration,
    /// limits and registered commands apply); nothing changes when it fails.
    fn restore(&self, py: Python<'_>, data: &[u8]) -> PyResult<()> {
        let snap = py.detach(|| kitsh::Snapshot::from_bytes(data)).map_err(|e| SnapshotError::new_err(e.to_string()))?;
        self.with(py, |s| s.tool().restore(&snap)).map_err(|e| SnapshotError::new_err(e.to_string()))
    }

    /// Start a fresh session (after the running call).
    fn reset(&self, py: Python<'_>) {
        self.with(py, |s| {
            if let Some(t) = &mut s.tool {
                t.reset();
            }
        });
    }

    /// The tool's name.
    #[getter]
    fn name(&self, py: Python<'_>) -> String {
        self.with(py, |s| s.tool().name().to_string())
    }
    /// description()
    fn description(&self, py: Python<'_>) -> String {
        self.with(py, |s| s.tool().description())
    }
    /// help()
    fn help(&self, py: Python<'_>) -> String {
        self.with(py, |s| s.tool().help())
    }
    /// system_prompt()
    fn system_prompt(&self, py: Python<'_>) -> String {
        self.with(py, |s| s.tool().system_prompt())
    }
    /// input_schema() as JSON text.
    fn input_schema_json(&self, py: Python<'_>) -> String {
        self.with(py, |s| s.tool().input_schema().to_string())
    }
    /// output_schema() as JSON text.
    fn output_schema_json(&self, py: Python<'_>) -> String {
        self.with(py, |s| s.tool().output_schema().to_string())
    }
    /// The kitsh version.
    #[getter]
    fn version(&self, py: Python<'_>) -> String {
        self.with(py, |s| s.tool().version().to_string())
    }
}

/// The extension module.
#[pymodule]
fn _kitsh(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ExecResult>()?;
    m.add_class::<Session>()?;
    m.add_class::<CancelToken>()?;
    m.add_class::<scripted::Registry>()?;
    m.add_class::<scripted::ToolHandle>()?;
    m.add("SnapshotError", m.py().get_type::<SnapshotError>())?;
    store::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
