//! [`BashTool`]: one bash session handed to a model as a tool (TC-10..TC-17).

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use super::docs::{self, DocConfig};
use super::execution::{ToolError, ToolExecution};
use super::types::{ErrorCategory, ToolRequest, ToolResponse, ToolStatus};
use super::{async_trait, schema, StatusCallback, Tool};
use crate::bash::{Outcome, RunOptions, Session};
use crate::builtins::Builtin;
use crate::cancel::CancellationToken;
use crate::fs::{DirEntry, FileSystem, WriteMode};
use crate::limits::{ExecutionLimits, LimitExceeded};
use crate::{Bash, BashBuilder};

/// The configuration a [`BashTool`] and its clones share.
#[derive(Default)]
struct Config {
    name: Option<String>,
    username: Option<String>,
    hostname: Option<String>,
    limits: Option<ExecutionLimits>,
    env: Vec<(String, String)>,
    builtins: Vec<(String, Arc<dyn Builtin>)>,
    fs: Option<Arc<dyn FileSystem>>,
    mounts: Vec<(PathBuf, String, bool)>,
    cwd: Option<String>,
    fresh_per_call: bool,
    #[cfg_attr(not(feature = "net"), allow(dead_code))] // without `net`, no URL is reachable
    allow_urls: Vec<String>,
    network: Option<Arc<dyn crate::builtins::net::Network>>,
    /// Command groups (ScriptedTool tools) with the names they add.
    command_sets: Vec<(Vec<String>, Arc<dyn crate::builtins::command_set::CommandSet>)>,
}

/// A bash interpreter as an LLM tool. It keeps one [`Bash`] session: variables, functions,
/// the working directory and files persist from one call to the next, as in a terminal an
/// agent keeps using ([`BashTool::reset`] starts over; [`BashToolBuilder::fresh_per_call`]
/// makes every call start fresh). A clone shares the configuration and starts a session of
/// its own. The host reads and writes the session's files between calls
/// ([`BashTool::read_file`], [`BashTool::write_file`]).
pub struct BashTool {
    config: Arc<Config>,
    session: OnceLock<Bash>,
    /// A call ran on `session` (with `fresh_per_call`, the next call starts a new one).
    used: bool,
}

impl Clone for BashTool {
    fn clone(&self) -> Self {
        BashTool { config: self.config.clone(), session: OnceLock::new(), used: false }
    }
}

impl Default for BashTool {
    fn default() -> Self {
        BashTool::builder().build()
    }
}

/// Configures a [`BashTool`]; every option is optional.
#[derive(Default)]
pub struct BashToolBuilder {
    config: Config,
}

impl BashToolBuilder {
    /// The tool's `name()` (default `kitsh`).
    pub fn name(mut self, n: impl Into<String>) -> Self {
        self.config.name = Some(n.into());
        self
    }
    /// The user name (`$USER`, `whoami`, home `/home/NAME`).
    pub fn username(mut self, u: impl Into<String>) -> Self {
        self.config.username = Some(u.into());
        self
    }
    /// The host name (`$HOSTNAME`, `hostname`).
    pub fn hostname(mut self, h: impl Into<String>) -> Self {
        self.config.hostname = Some(h.into());
        self
    }
    /// Resource limits (shown in `help()`'s CONFIGURATION).
    pub fn limits(mut self, l: ExecutionLimits) -> Self {
        self.config.limits = Some(l);
        self
    }
    /// An exported environment variable (only its name appears in the documentation).
    pub fn env(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.config.env.push((key.into(), value.into()));
        self
    }
    /// A command implemented by the host (listed in `description()` and `help()`), given as
    /// the core [`BashBuilder::builtin`] takes it.
    pub fn builtin(mut self, name: impl Into<String>, b: Arc<dyn Builtin>) -> Self {
        self.config.builtins.push((name.into(), b));
        self
    }
    /// [`BashToolBuilder::builtin`] in the seed's boxed form.
    pub fn builtin_boxed(self, name: impl Into<String>, b: Box<dyn Builtin>) -> Self {
        self.builtin(name, Arc::from(b))
    }
    /// Use this filesystem instead of a fresh in-memory one (shared by clones and resets).
    pub fn filesystem(mut self, fs: Arc<dyn FileSystem>) -> Self {
        self.config.fs = Some(fs);
        self
    }
    /// Make host directory `host` visible at `vpath`, read-only (writes stay in memory).
    pub fn mount_readonly(mut self, host: impl Into<PathBuf>, vpath: impl Into<String>) -> Self {
        self.config.mounts.push((host.into(), vpath.into(), false));
        self
    }
    /// Make host directory `host` visible at `vpath`, read-write.
    pub fn mount_rw(mut self, host: impl Into<PathBuf>, vpath: impl Into<String>) -> Self {
        self.config.mounts.push((host.into(), vpath.into(), true));
        self
    }
    /// The starting working directory (default: the home directory).
    pub fn cwd(mut self, cwd: impl Into<String>) -> Self {
        self.config.cwd = Some(cwd.into());
        self
    }
    /// Let `curl`/`wget` reach URLs starting with `prefix` (repeatable; none by default).
    #[cfg(feature = "net")]
    pub fn allow_url(mut self, prefix: impl Into<String>) -> Self {
        self.config.allow_urls.push(prefix.into());
        self
    }
    /// Serve `curl`/`wget` with the host's own network (a proxy, a mock).
    pub fn network(mut self, net: Arc<dyn crate::builtins::net::Network>) -> Self {
        self.config.network = Some(net);
        self
    }
    /// Start every call from a fresh session (stateless tool). Files the host writes before
    /// a call reach it; after a call, the host reads what it left until the next call.
    pub fn fresh_per_call(mut self, on: bool) -> Self {
        self.config.fresh_per_call = on;
        self
    }
    /// Add a group of commands named `names` (listed in `description()` and `help()`).
    #[cfg_attr(not(feature = "scripted_tool"), allow(dead_code))] // used by ScriptingToolSet
    pub(crate) fn command_set(mut self, names: Vec<String>, set: Arc<dyn crate::builtins::command_set::CommandSet>) -> Self {
        self.config.command_sets.push((names, set));
        self
    }
    /// The tool.
    pub fn build(self) -> BashTool {
        BashTool { config: Arc::new(self.config), session: OnceLock::new(), used: false }
    }
}

impl BashTool {
    /// A builder.
    pub fn builder() -> BashToolBuilder {
        BashToolBuilder::default()
    }

    /// The current session, if one was started.
    pub fn bash(&self) -> Option<&Bash> {
        self.session.get()
    }

    /// Drop the session: the next call starts a fresh one.
    pub fn reset(&mut self) {
        self.session = OnceLock::new();
        self.used = false;
    }

    fn doc_config(&self) -> DocConfig<'_> {
        let c = &self.config;
        let mut env_names: Vec<&str> = Vec::with_capacity(c.env.len());
        for (k, _) in &c.env {
            if !env_names.contains(&k.as_str()) {
                env_names.push(k);
            }
        }
        DocConfig {
            name: self.name(),
            username: c.username.as_deref(),
            hostname: c.hostname.as_deref(),
            limits: c.limits.as_ref(),
            env_names,
            custom: c.builtins.iter().map(|(n, _)| n.as_str()).chain(c.command_sets.iter().flat_map(|(names, _)| names.iter().map(String::as_str))).collect(),
        }
    }

    fn new_bash(&self) -> Result<Bash, crate::Error> {
        self.bash_builder().build()
    }

    /// A builder with this tool's configuration.
    fn bash_builder(&self) -> BashBuilder {
        let c = &self.config;
        let mut b: BashBuilder = Bash::builder();
        if let Some(u) = &c.username {
            b = b.username(u);
        }
        if let Some(h) = &c.hostname {
            b = b.hostname(h);
        }
        if let Some(l) = &c.limits {
            b = b.limits(l.clone());
        }
        for (k, v) in &c.env {
            b = b.env(k, v);
        }
        for (n, f) in &c.builtins {
            b = b.builtin(n, f.clone());
        }
        for (_, set) in &c.command_sets {
            b = b.command_set(set.clone());
        }
        if let Some(fs) = &c.fs {
            b = b.filesystem(fs.clone());
        }
        for (h, v, rw) in &c.mounts {
            b = b.mount(h.clone(), v, *rw);
        }
        if let Some(cwd) = &c.cwd {
            b = b.cwd(cwd);
        }
        #[cfg(feature = "net")]
        for p in &c.allow_urls {
            b = b.allow_url(p);
        }
        if let Some(n) = &c.network {
            b = b.network(n.clone());
        }
        b
    }

    /// A snapshot of this tool's session (a session not started yet is started first): its
    /// files and shell state, for [`BashTool::restore`] here or in another process (SES-3).
    pub fn snapshot(&mut self) -> Result<crate::Snapshot, crate::SnapshotError> {
        self.session(false).map_err(|e| crate::SnapshotError::Filesystem(e.to_string()))?.snapshot()
    }

    /// Replace this tool's session with `snapshot` restored under this tool's configuration
    /// (limits, mounts, commands); the next call runs on it. A restore into a second tool is a
    /// fork: both go on independently. On error the session is unchanged.
    pub fn restore(&mut self, snapshot: &crate::Snapshot) -> Result<(), crate::SnapshotError> {
        let bash = self.bash_builder().restore(snapshot).build().map_err(|e| match e {
            crate::Error::Snapshot(e) => e,
            e => crate::SnapshotError::Filesystem(e.to_string()),
        })?;
        self.session = OnceLock::from(bash);
        self.used = false;
        Ok(())
    }

    /// The session, started if needed (fresh for each call with `fresh_per_call`).
    fn session(&mut self, for_call: bool) -> Result<&mut Bash, crate::Error> {
        if self.session.get().is_none() || (for_call && self.config.fresh_per_call && self.used) {
            self.session = OnceLock::from(self.new_bash()?);
            self.used = false;
        }
        if for_call {
            self.used = true;
        }
        match self.session.get_mut() {
            Some(b) => Ok(b),
            None => Err(crate::Error::Internal("no session".into())),
        }
    }

    /// The session's filesystem (the session is started if needed), for the host to put
    /// inputs in and take artifacts out between calls.
    pub fn filesystem(&mut self) -> std::io::Result<Arc<dyn FileSystem>> {
        Ok(self.session(false).map_err(std::io::Error::other)?.filesystem())
    }

    /// Read a file of the session (a path as the scripts see it).
    pub fn read_file(&mut self, path: &str) -> std::io::Result<Vec<u8>> {
        self.filesystem()?.read_file(path).map_err(crate::interp::io::fs_io)
    }

    /// Write (create or replace) a file of the session, creating its parent directories.
    pub fn write_file(&mut self, path: &str, data: &[u8]) -> std::io::Result<()> {
        let fs = self.filesystem()?;
        if let Some((parent, _)) = path.rsplit_once('/') {
            if !parent.is_empty() && fs.stat(parent).is_err() {
                fs.mkdir(parent, true).map_err(crate::interp::io::fs_io)?;
            }
        }
        fs.write_file(path, data, WriteMode::Truncate).map_err(crate::interp::io::fs_io)
    }

    /// The entries of a directory of the session.
    pub fn list_dir(&mut self, path: &str) -> std::io::Result<Vec<DirEntry>> {
        self.filesystem()?.read_dir(path).map_err(crate::interp::io::fs_io)
    }

    /// [`Tool::execute`] that `token` can stop (exit 130, `error: "cancelled"`, output so far).
    pub async fn execute_cancellable(&mut self, req: ToolRequest, token: &CancellationToken) -> ToolResponse {
        self.run(req, None, Some(token.clone())).await
    }

    /// [`Tool::execute_with_status`] that `token` can also stop (an MCP server's cancellable,
    /// progress-reporting call).
    pub async fn execute_with_status_cancellable(&mut self, req: ToolRequest, status: StatusCallback, token: &CancellationToken) -> ToolResponse {
        self.run(req, Some(status), Some(token.clone())).await
    }

    /// [`Tool::execute`] on the calling thread, for hosts without an async runtime.
    pub fn execute_sync(&mut self, req: ToolRequest) -> ToolResponse {
        self.execute_sync_with(req, None)
    }

    /// [`BashTool::execute_sync`] that `token` can stop from another thread (exit 130,
    /// `error: "cancelled"`, output so far).
    pub fn execute_sync_cancellable(&mut self, req: ToolRequest, token: &CancellationToken) -> ToolResponse {
        self.execute_sync_with(req, Some(token.clone()))
    }

    /// [`BashTool::execute_sync`] reporting progress and output chunks to `status` as
    /// [`Tool::execute_with_status`] does, that `token` (if any) can stop: the call a host
    /// without an async runtime streams with.
    pub fn execute_sync_with_status(&mut self, req: ToolRequest, status: Option<StatusCallback>, token: Option<&CancellationToken>) -> ToolResponse {
        self.execute_sync_inner(req, status, token.cloned())
    }

    fn execute_sync_with(&mut self, req: ToolRequest, token: Option<CancellationToken>) -> ToolResponse {
        self.execute_sync_inner(req, None, token)
    }

    fn execute_sync_inner(&mut self, req: ToolRequest, status: Option<StatusCallback>, token: Option<CancellationToken>) -> ToolResponse {
        match self.session(true) {
            Ok(b) => {
                let mut out = None;
                b.with_session(|s| out = Some(run_request(s, req, status, token, None)));
                out.unwrap_or_else(|| internal("no result"))
            }
            Err(e) => internal(&e.to_string()),
        }
    }

    /// [`BashTool::execute_with_status_cancellable`] as a `'static` future that holds the
    /// session, not a borrow of the tool: a host with an event loop of its own (Node's, through
    /// the npm package) keeps it and polls it there. The script runs on kitsh's pool; a first
    /// poll watches it for a few microseconds, so a short script is usually done by then.
    /// `token` stops it (130); dropping the future stops it too. Calls on one session run one
    /// after the other.
    ///
    /// ```
    /// use kitsh::tool::{BashTool, ToolRequest};
    /// let mut tool = BashTool::default();
    /// let call = tool.execute_owned(ToolRequest::new("echo hi"), None, None);
    /// let r = tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(call);
    /// assert_eq!(r.stdout, "hi\n");
    /// ```
    pub fn execute_owned(
        &mut self,
        req: ToolRequest,
        status: Option<StatusCallback>,
        token: Option<CancellationToken>,
    ) -> impl std::future::Future<Output = ToolResponse> + Send + 'static {
        let bash = self.session(true).map(|b| b.handle()).map_err(|e| e.to_string());
        async move {
            match bash {
                Ok(mut b) => run_on(&mut b, req, status, token).await,
                Err(e) => internal(&e),
            }
        }
    }

    async fn run(&mut self, req: ToolRequest, status: Option<StatusCallback>, token: Option<CancellationToken>) -> ToolResponse {
        match self.session(true) {
            Ok(bash) => run_on(bash, req, status, token).await,
            Err(e) => internal(&e.to_string()),
        }
    }

    /// Seed 002's call style (ST-34): validate tool-call arguments now, run them later with
    /// [`ToolExecution::execute`], on this tool's session (with `fresh_per_call`, on a fresh
    /// one). `input` must be an object with a string `commands` (and an optional
    /// non-negative integer `timeout_ms`).
    pub fn execution(&self, input: serde_json::Value) -> Result<ToolExecution, ToolError> {
        let req = ToolRequest::from_arguments(input)?;
        let existing = if self.config.fresh_per_call { None } else { self.session.get() };
        let mut bash = match existing {
            Some(b) => b.handle(),
            None => {
                let b = self.new_bash().map_err(|e| ToolError::Internal(e.to_string()))?;
                if self.config.fresh_per_call {
                    b
                } else {
                    // The first use starts the session the tool keeps.
                    let _ = self.session.set(b);
                    match self.session.get() {
                        Some(b) => b.handle(),
                        None => return Err(ToolError::Internal("no session".into())),
                    }
                }
            }
        };
        Ok(ToolExecution::new(req, Box::new(move |req| Box::pin(async move { run_on(&mut bash, req, None, None).await }))))
    }
}

/// Run a request on `bash` through the async API (`bash_tool::run_on`).
pub(crate) async fn run_on(bash: &mut Bash, req: ToolRequest, status: Option<StatusCallback>, token: Option<CancellationToken>) -> ToolResponse {
    let r = bash.run_blocking(move |s, drop_token| run_request(s, req, status, token, drop_token)).await;
    r.unwrap_or_else(|e| internal(&e.to_string()))
}

impl BashTool {
}

/// The response when kitsh itself failed outside the script (the session could not be set
/// up, the blocking task was lost).
pub(crate) fn internal(detail: &str) -> ToolResponse {
    ToolResponse::failure(ErrorCategory::InternalError, format!("kitsh: internal error: {detail}\n"))
}

/// Run one request on a session (on the thread that runs scripts).
pub(crate) fn run_request(
    s: &mut Session,
    req: ToolRequest,
    status: Option<StatusCallback>,
    token: Option<CancellationToken>,
    drop_token: Option<CancellationToken>,
) -> ToolResponse {
    run_request_as(s, req, status, RunOptions { token, drop_token, ..Default::default() })
}

/// Run a request on `bash`, on the calling thread, as `bash -c COMMANDS NAME ARGS...` would
/// (`name` is `$0` and the name in messages): the response a [`BashTool`] would give. The
/// CLI's `--json` uses it.
pub fn execute_on(bash: &mut Bash, req: ToolRequest, name: Option<&str>, args: &[String]) -> ToolResponse {
    let mut out = None;
    let base = RunOptions { name: name.map(str::to_string), args: args.to_vec(), ..Default::default() };
    bash.with_session(|s| out = Some(run_request_as(s, req, None, base)));
    out.unwrap_or_else(|| internal("no result"))
}

fn run_request_as(s: &mut Session, req: ToolRequest, status: Option<StatusCallback>, base: RunOptions) -> ToolResponse {
    let status = status.map(|cb| Arc::new(Mutex::new(cb)));
    let send = |st: ToolStatus| {
        if let Some(cb) = &status {
            (cb.lock().unwrap_or_else(|e| e.into_inner()))(st);
        }
    };
    send(ToolStatus::new("validate").with_percent(0.0));
    let resp = run_phases(s, req, &status, base, &send);
    send(ToolStatus::new("complete").with_percent(100.0));
    resp
}

type SharedStatus = Option<Arc<Mutex<StatusCallback>>>;

fn run_phases(
    s: &mut Session,
    req: ToolRequest,
    status: &SharedStatus,
    base: RunOptions,
    send: &dyn Fn(ToolStatus),
) -> ToolResponse {
    if req.commands.trim().is_empty() {
        return ToolResponse::default();
    }
    if req.timeout_ms == Some(0) {
        let msg = timeout_message(Duration::ZERO);
        send(ToolStatus::stderr(msg.clone()));
        return ToolResponse::failure(ErrorCategory::Timeout, msg);
    }
    let max_input = s.limits().max_input_bytes;
    if req.commands.len() > max_input {
        let msg = format!("kitsh: maximum input size exceeded ({max_input} bytes)\n");
        send(ToolStatus::stderr(msg.clone()));
        return ToolResponse::failure(ErrorCategory::ResourceLimit, msg);
    }
    send(ToolStatus::new("parse").with_percent(10.0));
    if let Some(n) = &base.name {
        // syntax errors are named as the run names them
        s.shell.shell_name = n.clone();
    }
    if let Some(msg) = s.syntax_error(&req.commands) {
        send(ToolStatus::stderr(msg.clone()));
        return ToolResponse::failure(ErrorCategory::ParseError, msg);
    }
    send(ToolStatus::new("execute").with_percent(20.0));
    let on_output = status.clone().map(|cb| {
        Box::new(move |out: &str, err: &str| {
            let mut cb = cb.lock().unwrap_or_else(|e| e.into_inner());
            if !out.is_empty() {
                cb(ToolStatus::stdout(out));
            }
            if !err.is_empty() {
                cb(ToolStatus::stderr(err));
            }
        }) as Box<dyn FnMut(&str, &str) + Send>
    });
    let opts = RunOptions { timeout: req.timeout_ms.map(Duration::from_millis), on_output, quiet_stop: true, ..base };
    let outcome = s.run(&req.commands, opts);
    let limits = s.limits().clone();
    let (resp, extra) = response(outcome, &limits);
    if let Some(m) = extra {
        send(ToolStatus::stderr(m));
    }
    resp
}

fn timeout_message(d: Duration) -> String {
    format!("kitsh: execution timed out after {:.1}s\n", d.as_secs_f64())
}

/// The response for a run's outcome, and the message appended to stderr, if any.
fn response(o: Outcome, limits: &ExecutionLimits) -> (ToolResponse, Option<String>) {
    let r = o.result;
    let mut resp = ToolResponse {
        stdout: r.stdout,
        stderr: r.stderr,
        exit_code: r.exit_code,
        error: None,
        stdout_truncated: o.stdout_truncated,
        stderr_truncated: o.stderr_truncated,
    };
    let (cat, msg) = if o.panicked {
        (ErrorCategory::InternalError, None)
    } else {
        match o.stop {
            None => return (resp, None),
            Some(LimitExceeded::Timeout) => (ErrorCategory::Timeout, Some(timeout_message(o.timeout.unwrap_or_default()))),
            Some(LimitExceeded::Cancelled) => (ErrorCategory::Cancelled, Some("kitsh: execution cancelled\n".to_string())),
            Some(l) => {
                let m = match l.value(limits) {
                    Some(v) => format!("kitsh: {l} ({v})\n"),
                    None => format!("kitsh: {l}\n"),
                };
                (ErrorCategory::ResourceLimit, Some(m))
            }
        }
    };
    resp.exit_code = cat.exit_code();
    resp.error = Some(cat.as_str().to_string());
    if let Some(m) = &msg {
        resp.stderr.push_str(m);
    }
    (resp, msg)
}

#[async_trait]
impl Tool for BashTool {
    fn name(&self) -> &str {
        self.config.name.as_deref().unwrap_or("kitsh")
    }
    fn short_description(&self) -> &str {
        docs::SHORT_DESCRIPTION
    }
    fn description(&self) -> String {
        docs::description(&self.doc_config().custom)
    }
    fn help(&self) -> String {
        docs::help(&self.doc_config())
    }
    fn system_prompt(&self) -> String {
        docs::system_prompt(self.config.username.as_deref())
    }
    fn input_schema(&self) -> serde_json::Value {
        schema::input_schema()
    }
    fn output_schema(&self) -> serde_json::Value {
        schema::output_schema()
    }
    fn version(&self) -> &str {
        env!("CARGO_PKG_VERSION")
    }
    async fn execute(&mut self, req: ToolRequest) -> ToolResponse {
        self.run(req, None, None).await
    }
    async fn execute_with_status(&mut self, req: ToolRequest, status: StatusCallback) -> ToolResponse {
        self.run(req, Some(status), None).await
    }
    fn execution(&self, input: serde_json::Value) -> Result<ToolExecution, ToolError> {
        BashTool::execution(self, input)
    }
}
