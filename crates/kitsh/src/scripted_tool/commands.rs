//! The tool commands inside a script: one [`Commands`] per interpreter, resolving tool names,
//! `help` and `discover`, parsing flags, asking the policy hook, running the callback
//! (inline, or awaited on the host's runtime), sanitising its errors and recording the trace.

use std::future::Future;
use std::io::Read;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::builder::Inner;
use super::def::{Callback, ToolArgs, ToolFailure, ToolOutcome};
use super::trace::{PolicyDecision, ToolCall, ToolCallRecord};
use super::{flags, help};
use crate::builtins::command_set::{CommandSet, Function};
use crate::builtins::Ctx;
use crate::tool::{StatusCallback, ToolStatus};

/// The most stdin a tool command takes from a pipe (more is an error, never a silent cut).
const MAX_STDIN: usize = 64 << 20;

/// The tool commands of one interpreter.
pub(crate) struct Commands {
    pub inner: Arc<Inner>,
    /// The host's runtime, captured when the run started (pipeline stages and background
    /// jobs run on threads of their own, outside it).
    pub handle: Option<tokio::runtime::Handle>,
    /// Where `tool_call` status events go.
    pub status: Option<Arc<Mutex<StatusCallback>>>,
    /// The calls of this run; `None`: append to the tool's open trace instead (a `Bash`
    /// session, ST-35).
    pub trace: Option<Mutex<Vec<ToolCallRecord>>>,
    /// Only `help` and `discover` exist (the discover tool, ST-30).
    pub discovery_only: bool,
}

/// How a callback ended, before sanitising.
enum Ended {
    /// `Ok(stdout)` of a simple callback.
    Out(String),
    /// A full-result callback's own result.
    Full(ToolOutcome),
    /// `Err(message)` of a simple callback.
    Err(String),
    /// A full-result callback's failure.
    Failure(ToolFailure),
    /// The callback panicked.
    Panic(String),
    /// The script was stopped (timeout, cancellation) while an async callback ran.
    Stopped,
}

impl Commands {
    pub(crate) fn new(inner: Arc<Inner>) -> Self {
        Commands { inner, handle: tokio::runtime::Handle::try_current().ok(), status: None, trace: Some(Mutex::new(Vec::new())), discovery_only: false }
    }

    /// Take the calls recorded by this run.
    pub(crate) fn take_trace(&self) -> Vec<ToolCallRecord> {
        match &self.trace {
            Some(t) => std::mem::take(&mut *t.lock().unwrap_or_else(|e| e.into_inner())),
            None => Vec::new(),
        }
    }

    fn record(&self, rec: ToolCallRecord) {
        match &self.trace {
            Some(t) => t.lock().unwrap_or_else(|e| e.into_inner()).push(rec),
            None => self.inner.last_trace.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(Default::default).calls.push(rec),
        }
    }

    fn log_error(&self, tool: &str, message: &str) {
        tracing::debug!(tool, message, "scripted tool error");
        if let Some(hook) = &self.inner.on_error {
            hook(tool, message);
        }
    }

    fn run_tool(&self, id: usize, ctx: &mut Ctx<'_>, args: &[String]) -> i32 {
        let def = &self.inner.defs[id];
        let stdin = match tool_stdin(ctx) {
            Ok(s) => s,
            Err(msg) => return usage_error(ctx, &def.name, &msg),
        };
        let stdin_json = match (&stdin, def.stdin_json) {
            (Some(text), true) if !text.trim().is_empty() => match serde_json::from_str::<Value>(text) {
                Ok(Value::Object(m)) => Some(m),
                _ => return usage_error(ctx, &def.name, "stdin must be a JSON object"),
            },
            _ => None,
        };
        self.invoke(id, ctx, args, stdin, stdin_json)
    }

    /// [`CommandSet::call`]: the parameters as a JSON object (Python's `kitsh_tools`), checked
    /// as flags are; piped input, if any, is the tool's stdin.
    fn call_tool(&self, id: usize, ctx: &mut Ctx<'_>, params: &str) -> i32 {
        let def = &self.inner.defs[id];
        let params = match serde_json::from_str::<Value>(params) {
            Ok(Value::Object(m)) => m,
            _ => return usage_error(ctx, &def.name, "parameters must be a JSON object"),
        };
        let params = match flags::coerce_params(def, params) {
            Ok(p) => p,
            Err(msg) => return usage_error(ctx, &def.name, &msg),
        };
        let stdin = match tool_stdin(ctx) {
            Ok(s) => s,
            Err(msg) => return usage_error(ctx, &def.name, &msg),
        };
        self.invoke(id, ctx, &[], stdin, Some(params))
    }

    /// Run tool `id`: its flags `args` over the parameters `base` (stdin's JSON object, or
    /// the parameters of a function call), the policy hook, the callback, sanitising, trace.
    fn invoke(&self, id: usize, ctx: &mut Ctx<'_>, args: &[String], stdin: Option<String>, base: Option<serde_json::Map<String, Value>>) -> i32 {
        let inner = &*self.inner;
        let def = &inner.defs[id];
        let entry = &inner.entries[id];
        let name = def.name.as_str();
        let started = Instant::now();
        let parsed = match flags::parse(def, &entry.compiled, args, base) {
            Ok(p) => p,
            Err(msg) => {
                self.record(ToolCallRecord {
                    tool: name.to_string(),
                    args: Value::Object(Default::default()),
                    exit_code: 2,
                    duration: started.elapsed(),
                    stdout_bytes: 0,
                    error: Some(msg.clone()),
                    denied: false,
                });
                return usage_error(ctx, name, &msg);
            }
        };
        if parsed.help {
            return write_out(ctx, help::tool_help(def).as_bytes(), 0);
        }
        if parsed.dry_run {
            let mut text = serde_json::to_string_pretty(&parsed.params).unwrap_or_default();
            text.push('\n');
            return write_out(ctx, text.as_bytes(), 0);
        }
        if let Some(status) = &self.status {
            (status.lock().unwrap_or_else(|e| e.into_inner()))(ToolStatus::new("tool_call").with_message(name));
        }
        if let Some(policy) = &inner.policy {
            let call = ToolCall { tool: name.to_string(), args: parsed.params.clone() };
            if let PolicyDecision::Deny(reason) = policy(&call) {
                self.log_error(name, &reason);
                let _ = writeln!(ctx.stderr, "{name}: denied by policy");
                self.record(ToolCallRecord {
                    tool: name.to_string(),
                    args: call.args,
                    exit_code: 1,
                    duration: started.elapsed(),
                    stdout_bytes: 0,
                    error: Some(reason),
                    denied: true,
                });
                return 1;
            }
        }
        // The trace keeps the arguments (also for a `Bash` session's open trace).
        let params = parsed.params.clone();
        let args = ToolArgs::new(parsed.params, stdin).with_positional(parsed.positional).with_stop(ctx.cancel.watcher());
        let ended = self.call(&entry.callback, args, ctx);
        let (stdout, stderr, status, error): (String, String, i32, Option<String>) = match ended {
            Ended::Out(s) => (s, String::new(), 0, None),
            Ended::Full(o) => {
                let err = if inner.sanitize {
                    if o.exit_code != 0 {
                        format!("{name}: tool failed\n")
                    } else {
                        String::new()
                    }
                } else {
                    o.stderr.clone()
                };
                let error = (o.exit_code != 0 && !o.stderr.is_empty()).then(|| o.stderr.clone());
                (o.stdout, err, o.exit_code, error)
            }
            Ended::Err(msg) => {
                self.log_error(name, &msg);
                let shown = if inner.sanitize { "tool failed" } else { msg.trim_end_matches('\n') };
                (String::new(), format!("{name}: {shown}\n"), 1, Some(msg))
            }
            Ended::Failure(f) => {
                self.log_error(name, &f.message);
                let shown = if inner.sanitize && !f.public { "tool failed" } else { f.message.trim_end_matches('\n') };
                (String::new(), format!("{name}: {shown}\n"), f.exit_code, Some(f.message))
            }
            Ended::Panic(text) => {
                let msg = format!("panicked: {text}");
                self.log_error(name, &msg);
                let shown = if inner.sanitize { "tool failed" } else { "tool panicked" };
                (String::new(), format!("{name}: {shown}\n"), 1, Some(msg))
            }
            Ended::Stopped => (String::new(), String::new(), 130, Some("stopped".to_string())),
        };
        let mut status = status;
        if !stdout.is_empty() {
            if let Err(e) = ctx.stdout.write_all(stdout.as_bytes()).and_then(|_| ctx.stdout.flush()) {
                status = crate::builtins::args::write_failed(ctx, &e);
            }
        }
        if !stderr.is_empty() {
            let _ = ctx.stderr.write_all(stderr.as_bytes());
        }
        self.record(ToolCallRecord {
            tool: name.to_string(),
            args: params,
            exit_code: status,
            duration: started.elapsed(),
            stdout_bytes: stdout.len(),
            error,
            denied: false,
        });
        status
    }

    /// Run the callback: inline when it is synchronous, else awaited on the host's runtime
    /// (or a private one) while this thread waits, stopping it when the script is stopped.
    fn call(&self, cb: &Callback, args: ToolArgs, ctx: &mut Ctx<'_>) -> Ended {
        match cb {
            Callback::Sync(f) => match std::panic::catch_unwind(AssertUnwindSafe(|| f(&args))) {
                Ok(Ok(s)) => Ended::Out(s),
                Ok(Err(e)) => Ended::Err(e),
                Err(p) => Ended::Panic(panic_text(&p)),
            },
            Callback::Async(f) => {
                let fut = f(args);
                match self.wait(fut, ctx) {
                    Some(Ok(Ok(s))) => Ended::Out(s),
                    Some(Ok(Err(e))) => Ended::Err(e),
                    Some(Err(p)) => Ended::Panic(p),
                    None => Ended::Stopped,
                }
            }
            Callback::Full(f) => {
                let fut = f(args);
                match self.wait(fut, ctx) {
                    Some(Ok(Ok(o))) => Ended::Full(o),
                    Some(Ok(Err(e))) => Ended::Failure(e),
                    Some(Err(p)) => Ended::Panic(p),
                    None => Ended::Stopped,
                }
            }
        }
    }

    /// Await `fut` on a runtime from this (non-async) thread. `None` when the script was
    /// stopped first (the future is dropped); `Some(Err(text))` when it panicked.
    fn wait<T: Send + 'static>(&self, fut: Pin<Box<dyn Future<Output = T> + Send>>, ctx: &mut Ctx<'_>) -> Option<Result<T, String>> {
        let handle = match tokio::runtime::Handle::try_current().ok().or_else(|| self.handle.clone()) {
            Some(h) => h,
            None => match &self.inner.fallback_rt.get_or_init(fallback_runtime).0 {
                Some(rt) => rt.handle().clone(),
                None => return Some(Err("no async runtime".to_string())),
            },
        };
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let task = handle.spawn(async move {
            let r = CatchUnwind(fut).await;
            let _ = tx.send(r);
        });
        loop {
            match rx.recv_timeout(Duration::from_millis(5)) {
                Ok(r) => return Some(r),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return Some(Err("task ended without a result".to_string())),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if ctx.cancel.cancelled() {
                        task.abort();
                        return None;
                    }
                }
            }
        }
    }
}

impl CommandSet for Commands {
    fn find(&self, name: &str) -> Option<usize> {
        let id = *self.inner.index.get(name)?;
        (!self.discovery_only || id >= self.inner.defs.len()).then_some(id)
    }

    fn functions(&self) -> Vec<Function> {
        if self.discovery_only {
            return Vec::new();
        }
        self.inner
            .defs
            .iter()
            .map(|d| Function { name: d.name.clone(), description: d.description.lines().next().unwrap_or("").to_string(), input_schema: d.input_schema.to_string() })
            .collect()
    }

    fn call(&self, id: usize, ctx: &mut Ctx<'_>, params: &str) -> i32 {
        if id >= self.inner.defs.len() {
            return usage_error(ctx, ctx.name, "takes words, not JSON parameters");
        }
        self.call_tool(id, ctx, params)
    }

    fn run(&self, id: usize, ctx: &mut Ctx<'_>, args: &[String]) -> i32 {
        let defs = &self.inner.defs;
        let (out, err, status) = if id == defs.len() {
            help::help_command(defs, args)
        } else if id == defs.len() + 1 {
            help::discover_command(defs, args)
        } else {
            return self.run_tool(id, ctx, args);
        };
        let _ = ctx.stderr.write_all(err.as_bytes());
        write_out(ctx, out.as_bytes(), status)
    }
}

/// A runtime of our own for async callbacks when the host runs scripts without one.
fn fallback_runtime() -> super::builder::Fallback {
    super::builder::Fallback(tokio::runtime::Builder::new_multi_thread().worker_threads(1).thread_name("kitsh-tools").enable_all().build().ok())
}

/// All of a piped stdin as text (invalid UTF-8 replaced), bounded; `None` when nothing is
/// piped in.
fn tool_stdin(ctx: &mut Ctx<'_>) -> Result<Option<String>, String> {
    if !ctx.stdin_attached {
        return Ok(None);
    }
    let mut buf = Vec::new();
    let n = ctx.stdin.take(MAX_STDIN as u64 + 1).read_to_end(&mut buf).map_err(|e| format!("cannot read stdin: {e}"))?;
    if n > MAX_STDIN {
        return Err(format!("stdin too large (more than {MAX_STDIN} bytes)"));
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }))
}

/// `NAME: MESSAGE` on stderr, status 2 (our own errors: never sanitised).
fn usage_error(ctx: &mut Ctx<'_>, name: &str, msg: &str) -> i32 {
    let _ = writeln!(ctx.stderr, "{name}: {msg}");
    2
}

fn write_out(ctx: &mut Ctx<'_>, out: &[u8], status: i32) -> i32 {
    if out.is_empty() {
        return status;
    }
    match ctx.stdout.write_all(out).and_then(|_| ctx.stdout.flush()) {
        Ok(()) => status,
        Err(e) => crate::builtins::args::write_failed(ctx, &e),
    }
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// A future that turns a panic while polling into `Err(text)`.
struct CatchUnwind<T>(Pin<Box<dyn Future<Output = T> + Send>>);

impl<T> Future for CatchUnwind<T> {
    type Output = Result<T, String>;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let fut = self.0.as_mut();
        match std::panic::catch_unwind(AssertUnwindSafe(|| fut.poll(cx))) {
            Ok(Poll::Ready(v)) => Poll::Ready(Ok(v)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(p) => Poll::Ready(Err(panic_text(&p))),
        }
    }
}
