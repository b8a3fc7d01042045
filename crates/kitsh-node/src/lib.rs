//! kitsh for Node.js and TypeScript hosts: the `kitsh` npm package's native half (`kitsh.node`).
//! `index.js` wraps it (AbortSignal, ESM); `index.d.ts` gives its types.
//!
//! A `Bash` is one sandboxed shell session (kitsh's `BashTool`: its virtual filesystem and shell
//! state last across calls). `exec` runs a script on kitsh's thread pool and resolves with its
//! result (`exec.rs`), so a long script never blocks the event loop; a `CancelToken` (what an
//! `AbortSignal` becomes) stops it at its next command with exit status 130. Calls from a
//! script into JavaScript (commands, a ScriptedTool's tools and hooks) go through `bridge.rs`;
//! streamed output through `status.rs`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

mod bridge;
mod commands;
mod exec;
mod scripted;
mod status;
mod store;

use kitsh::tool::{BashTool, BashToolBuilder, Tool, ToolRequest, ToolResponse};
use kitsh::{CancellationToken, ExecutionLimits};
use napi::bindgen_prelude::*;

use napi_derive::napi;

/// The limits of a `Bash` (kitsh's `ExecutionLimits`, in camelCase; unset fields keep kitsh's
/// defaults).
#[napi(object)]
#[derive(Default)]
pub struct Limits {
    /// The whole script's time limit, in milliseconds.
    pub timeout_ms: Option<u32>,
    /// Commands a script may run.
    pub max_commands: Option<u32>,
    /// Iterations of one loop.
    pub max_loop_iterations: Option<u32>,
    /// Nested function calls.
    pub max_function_depth: Option<u32>,
    /// Bytes of output a script may write.
    pub max_output_bytes: Option<u32>,
    /// Bytes the virtual filesystem may hold.
    pub max_fs_bytes: Option<u32>,
    /// Bytes an embedded interpreter (`python3`, `node`) may hold.
    pub max_heap_bytes: Option<u32>,
}

/// How a `Bash` starts.
#[napi(object)]
#[derive(Default)]
pub struct BashOptions {
    /// Files to create first: path -> text.
    pub files: Option<std::collections::HashMap<String, String>>,
    /// Exported variables.
    pub env: Option<std::collections::HashMap<String, String>>,
    /// The working directory.
    pub cwd: Option<String>,
    /// `$USER`, `whoami`.
    pub username: Option<String>,
    /// `$HOSTNAME`, `hostname`.
    pub hostname: Option<String>,
    /// Resource limits.
    pub limits: Option<Limits>,
}

/// What a script gave (the tool contract's result).
#[napi(object)]
pub struct ExecResult {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit status (124 timeout, 130 cancelled).
    pub exit_code: i32,
    /// Why it failed when kitsh stopped it (`timeout`, `cancelled`, `resource_limit`, ...).
    pub error: Option<String>,
}

impl From<ToolResponse> for ExecResult {
    fn from(r: ToolResponse) -> Self {
        ExecResult { stdout: r.stdout, stderr: r.stderr, exit_code: r.exit_code, error: r.error }
    }
}

/// Stops a running `exec` (an `AbortSignal` becomes one).
#[napi]
pub struct CancelToken {
    inner: CancellationToken,
}

#[napi]
impl CancelToken {
    /// A token not yet cancelled.
    #[napi(constructor)]
    pub fn new() -> Self {
        CancelToken { inner: CancellationToken::new() }
    }

    /// Stop the call that holds this token.
    #[napi]
    pub fn cancel(&self) {
        self.inner.cancel();
    }

    /// Was it cancelled?
    #[napi(getter)]
    pub fn cancelled(&self) -> bool {
        self.inner.is_cancelled()
    }
}

impl Default for CancelToken {
    fn default() -> Self {
        Self::new()
    }
}

type Shared = Arc<Mutex<BashTool>>;

fn lock<T>(t: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    t.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a session is built from (kept to build it again when commands are registered).
#[derive(Default)]
struct Config {
    username: Option<String>,
    hostname: Option<String>,
    cwd: Option<String>,
    env: Vec<(String, String)>,
    limits: Option<ExecutionLimits>,
}

impl Config {
    fn builder(&self) -> BashToolBuilder {
        let mut b = BashTool::builder();
        if let Some(u) = &self.username {
            b = b.username(u);
        }
        if let Some(h) = &self.hostname {
            b = b.hostname(h);
        }
        if let Some(c) = &self.cwd {
            b = b.cwd(c);
        }
        for (k, v) in &self.env {
            b = b.env(k, v);
        }
        if let Some(l) = &self.limits {
            b = b.limits(l.clone());
        }
        b
    }
}

/// A sandboxed bash session.
#[napi]
pub struct Bash {
    tool: Shared,
    config: Config,
    /// Calls of the session's JavaScript commands go through it (none: no commands possible).
    dispatch: Option<Arc<bridge::Dispatch>>,
    /// The names of the JavaScript commands, in registration order.
    commands: Mutex<Vec<String>>,
    /// `execSync` calls in progress (JavaScript commands cannot run then).
    blocked: Arc<AtomicUsize>,
    /// The files the constructor was given, sorted (written again by `reset`).
    files: Vec<(String, String)>,
}

#[napi]
impl Bash {
    /// A new session (see `BashOptions`); `dispatch` (`([ticket, kind, name, json, stdin]) =>
    /// void`) runs its JavaScript commands.
    #[napi(constructor)]
    pub fn new(options: Option<BashOptions>, dispatch: Option<Function<'_, bridge::Call, ()>>) -> Result<Self> {
        let o = options.unwrap_or_default();
        let mut env: Vec<_> = o.env.unwrap_or_default().into_iter().collect();
        env.sort();
        let config = Config { username: o.username, hostname: o.hostname, cwd: o.cwd, env, limits: o.limits.as_ref().map(limits) };
        let mut tool = config.builder().build();
        let mut files: Vec<_> = o.files.unwrap_or_default().into_iter().collect();
        files.sort();
        for (path, text) in &files {
            tool.write_file(path, text.as_bytes()).map_err(|e| Error::from_reason(format!("{path}: {e}")))?;
        }
        let dispatch = dispatch.map(bridge::dispatcher).transpose()?.map(Arc::new);
        Ok(Bash { tool: Arc::new(Mutex::new(tool)), config, dispatch, commands: Mutex::default(), blocked: Arc::default(), files })
    }

    /// Register JavaScript commands by name (index.js keeps their functions). The session's
    /// files and shell state stay.
    #[napi]
    pub fn register_commands(&self, names: Vec<String>) -> Result<()> {
        let Some(dispatch) = &self.dispatch else {
            return Err(Error::from_reason("this Bash was made without a dispatch function"));
        };
        for n in &names {
            if n.is_empty() || n.contains(['/', ' ', '\t', '\n', '=']) {
                return Err(Error::from_reason(format!("invalid command name: {n:?}")));
            }
        }
        let mut registered = lock(&self.commands);
        for n in names {
            if !registered.contains(&n) {
                registered.push(n);
            }
        }
        let mut tool = lock(&self.tool);
        // The session goes on in a tool that has the commands: its state moves by snapshot.
        let state = tool.snapshot().map_err(|e| Error::from_reason(e.to_string()))?;
        let mut b = self.config.builder();
        for n in registered.iter() {
            let cmd = commands::JsCommand { dispatch: Arc::clone(dispatch), blocked: Arc::clone(&self.blocked) };
            b = b.builtin(n.clone(), Arc::new(cmd));
        }
        let mut next = b.build();
        next.restore(&state).map_err(|e| Error::from_reason(e.to_string()))?;
        *tool = next;
        Ok(())
    }

    /// Run `script` off the event loop: its result when it was done within a few microseconds,
    /// else `undefined`, and `done(result)` is called when it is (`done` may also be called
    /// with `undefined`: ignore it). `timeoutMs` bounds this call; `token` can stop it;
    /// `onStatus` receives each status event as JSON text (output chunks as they are written),
    /// then `""` when the run is over.
    #[napi(ts_return_type = "ExecResult | undefined")]
    pub fn exec_native(
        &self,
        script: String,
        timeout_ms: Option<u32>,
        token: Option<&CancelToken>,
        on_status: Option<Function<'_, String, ()>>,
        done: Function<'_, Option<ExecResult>, ()>,
    ) -> Result<Option<ExecResult>> {
        let sink = on_status.map(status::Sink::new).transpose()?;
        let run = lock(&self.tool).execute_owned(request(script, timeout_ms), sink.as_ref().map(status::Sink::callback), token.map(|t| t.inner.clone()));
        let call: exec::Call = match sink {
            None => Box::pin(run),
            Some(s) => Box::pin(async move {
                let r = run.await;
                s.end();
                r
            }),
        };
        exec::start(call, done)
    }

    /// Run `script` on this thread (it blocks the event loop: for scripts and tests; the
    /// session's JavaScript commands fail under it).
    #[napi]
    pub fn exec_sync(&self, script: String, timeout_ms: Option<u32>) -> ExecResult {
        self.blocked.fetch_add(1, Ordering::AcqRel);
        let r = lock(&self.tool).execute_sync(request(script, timeout_ms));
        self.blocked.fetch_sub(1, Ordering::AcqRel);
        r.into()
    }

    /// A file of the session, as text.
    #[napi]
    pub fn read_file(&self, path: String) -> Result<String> {
        let bytes = lock(&self.tool).read_file(&path).map_err(|e| Error::from_reason(format!("{path}: {e}")))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Write a file of the session (its parent directories are created).
    #[napi]
    pub fn write_file(&self, path: String, content: Either<String, Buffer>) -> Result<()> {
        let data: Vec<u8> = match content {
            Either::A(s) => s.into_bytes(),
            Either::B(b) => b.to_vec(),
        };
        lock(&self.tool).write_file(&path, &data).map_err(|e| Error::from_reason(format!("{path}: {e}")))
    }

    /// The tool's name (`kitsh`).
    #[napi(getter)]
    pub fn tool_name(&self) -> String {
        lock(&self.tool).name().to_string()
    }

    /// The tool's description (the tool contract's, for a model).
    #[napi]
    pub fn description(&self) -> String {
        lock(&self.tool).description()
    }

    /// The system prompt that teaches a model the tool.
    #[napi]
    pub fn system_prompt(&self) -> String {
        lock(&self.tool).system_prompt()
    }

    /// The man page.
    #[napi]
    pub fn help(&self) -> String {
        lock(&self.tool).help()
    }

    /// The JSON schema of a call's input, as JSON text.
    #[napi]
    pub fn input_schema_json(&self) -> String {
        lock(&self.tool).input_schema().to_string()
    }

    /// The JSON schema of a call's output, as JSON text.
    #[napi]
    pub fn output_schema_json(&self) -> String {
        lock(&self.tool).output_schema().to_string()
    }

    /// The session's snapshot: its files and shell state as bytes (sessions.md SES-3, SES-13).
    #[napi]
    pub fn snapshot(&self) -> Result<Buffer> {
        let snap = lock(&self.tool).snapshot().map_err(|e| Error::from_reason(e.to_string()))?;
        Ok(snap.to_bytes().into())
    }

    /// Replace the session's state with a snapshot (this session's configuration and limits
    /// apply); nothing changes when it fails.
    #[napi]
    pub fn restore(&self, data: Buffer) -> Result<()> {
        let snap = kitsh::Snapshot::from_bytes(&data).map_err(|e| Error::from_reason(e.to_string()))?;
        lock(&self.tool).restore(&snap).map_err(|e| Error::from_reason(e.to_string()))
    }

    /// Drop the session's state: the next call starts a fresh session (its files too, but for
    /// `files` given to the constructor, which are written again).
    #[napi]
    pub fn reset(&self) -> Result<()> {
        let mut tool = lock(&self.tool);
        tool.reset();
        for (path, text) in &self.files {
            tool.write_file(path, text.as_bytes()).map_err(|e| Error::from_reason(format!("{path}: {e}")))?;
        }
        Ok(())
    }

    /// The names in a directory of the session, sorted.
    #[napi]
    pub fn list_dir(&self, path: String) -> Result<Vec<String>> {
        let fs = lock(&self.tool).filesystem().map_err(|e| Error::from_reason(e.to_string()))?;
        let mut names: Vec<String> =
            fs.read_dir(&path).map_err(|e| Error::from_reason(format!("{path}: {e}")))?.into_iter().map(|e| e.name).collect();
        names.sort();
        Ok(names)
    }
}

fn request(script: String, timeout_ms: Option<u32>) -> ToolRequest {
    let mut r = ToolRequest::new(script);
    r.timeout_ms = timeout_ms.map(u64::from);
    r
}

fn limits(l: &Limits) -> ExecutionLimits {
    let mut x = ExecutionLimits::default();
    if let Some(t) = l.timeout_ms {
        x.timeout = Some(std::time::Duration::from_millis(u64::from(t)));
    }
    if let Some(n) = l.max_commands {
        x.max_commands = u64::from(n);
    }
    if let Some(n) = l.max_loop_iterations {
        x.max_loop_iterations = u64::from(n);
    }
    if let Some(n) = l.max_function_depth {
        x.max_function_depth = n as usize;
    }
    if let Some(n) = l.max_output_bytes {
        x.max_output_bytes = u64::from(n);
    }
    if let Some(n) = l.max_fs_bytes {
        x.max_fs_bytes = u64::from(n);
    }
    if let Some(n) = l.max_heap_bytes {
        x.max_heap_bytes = u64::from(n);
    }
    x
}
