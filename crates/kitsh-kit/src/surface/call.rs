//! One call of a kit tool, as every surface makes it (bash, Lua, `kitsh exec`): defaults,
//! input validation, the executor, the output adapter and the output schema.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::adapt::{input, output, validate};
use crate::exec::{self, RunError, RunRequest};
use crate::spec::{ExecutorKind, ToolSpec};

/// A finished run of a tool.
#[derive(Debug, Clone, PartialEq)]
pub struct Called {
    /// The KIT-14 value (`{output=..}`, the parsed JSON, `{lines=..}`).
    pub value: Value,
    /// The raw stdout.
    pub stdout: Vec<u8>,
    /// The tail of stderr.
    pub stderr: Vec<u8>,
    /// The exit status (0: a non-zero status is a [`CallError::Run`]).
    pub status: i32,
}

/// Why a call failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    /// The input does not fit the schema (KIT-15): status 2.
    Input(String),
    /// The tool ran and failed, or kitsh could not run it.
    Run {
        /// `exited with status N: TAIL`, `timed out after 120s`, ...
        message: String,
        /// The command's status (decision 1).
        status: i32,
        /// kitsh's own error (shown even when sanitising).
        public: bool,
        /// The script ended with its own non-zero status or signal (its output is below).
        tool_exit: bool,
        /// What the tool printed before failing.
        stdout: Vec<u8>,
        /// The tail of its stderr.
        stderr: Vec<u8>,
    },
}

impl CallError {
    /// The message (without `NAME: `).
    pub fn message(&self) -> &str {
        match self {
            CallError::Input(m) => m,
            CallError::Run { message, .. } => message,
        }
    }

    /// The exit status a command or `kitsh exec` reports.
    pub fn status(&self) -> i32 {
        match self {
            CallError::Input(_) => 2,
            CallError::Run { status, .. } => *status,
        }
    }
}

/// The executor a tool runs on, and whether it was chosen (by the tool or `KITSH_EXECUTOR`)
/// rather than defaulted: its own, else `KITSH_EXECUTOR`, else the sandbox (KIT-6).
pub fn executor_of(spec: &ToolSpec) -> (ExecutorKind, bool) {
    if let Some(e) = spec.executor {
        return (e, true);
    }
    match std::env::var("KITSH_EXECUTOR").ok().as_deref() {
        Some("docker") => (ExecutorKind::Docker, true),
        Some("sandbox") => (ExecutorKind::Sandbox, true),
        Some("native") => (ExecutorKind::Native, true),
        _ => (ExecutorKind::Sandbox, false),
    }
}

/// Run `spec` with `input` (the call's fields; defaults are merged under them here).
pub async fn call(spec: &Arc<ToolSpec>, input: Map<String, Value>) -> Result<Called, CallError> {
    let merged = input::merge_defaults(spec, input);
    validate::check_input(&spec.input_schema, &merged).map_err(CallError::Input)?;
    let fetched;
    let resolved = match &spec.resolved {
        Some(r) => r,
        None => {
            // A git source: checked out on the first call (outside the tool's timeout).
            let s = spec.clone();
            fetched = tokio::task::spawn_blocking(move || crate::git::resolve(&s, false))
                .await
                .map_err(|e| public(e.to_string(), 125))?
                .map_err(|m| public(m, 125))?;
            &fetched
        }
    };
    let (kind, chosen) = executor_of(spec);
    if kind != ExecutorKind::Docker {
        // Dependencies (KIT-20): installed on first use, outside the tool's timeout.
        let (s, r) = (spec.clone(), resolved.clone());
        tokio::task::spawn_blocking(move || crate::deps::ensure(&s, &r))
            .await
            .map_err(|e| public(e.to_string(), 125))?
            .map_err(|m| public(m, 125))?;
    }
    let process = input::to_process(spec, &merged);
    let request = RunRequest { spec, resolved, input: process, cancel: None };
    let run = match kind {
        ExecutorKind::Sandbox => exec::run_sandbox(request).await,
        ExecutorKind::Docker => exec::run_docker(request).await,
        ExecutorKind::Native => exec::run_native(request).await,
    };
    let out = match run {
        Ok(out) => out,
        Err(RunError::CouldNotRun(m)) if !chosen && m.starts_with("executor 'sandbox' unavailable") => {
            return Err(public(format!("{m}; set executor = \"native\" in the tool or KITSH_EXECUTOR=native to run unisolated"), 125));
        }
        Err(e) => return Err(run_error(e)),
    };
    let bad_output = |message: String| CallError::Run { message, status: 1, public: false, tool_exit: false, stdout: Vec::new(), stderr: Vec::new() };
    let value = output::to_value(spec.output_adapter, &out.stdout).map_err(bad_output)?;
    if let Some(schema) = &spec.output_schema {
        validate::check_output(schema, &value).map_err(bad_output)?;
    }
    Ok(Called { value, stdout: out.stdout, stderr: out.stderr, status: out.status })
}

fn public(message: String, status: i32) -> CallError {
    CallError::Run { message, status, public: true, tool_exit: false, stdout: Vec::new(), stderr: Vec::new() }
}

fn run_error(e: RunError) -> CallError {
    let (message, status, public) = (e.message(), e.exit_code(), e.is_public());
    match e {
        RunError::Exited { stdout, stderr, .. } => CallError::Run { message, status, public, tool_exit: true, stdout, stderr },
        RunError::Signaled(_) => CallError::Run { message, status, public, tool_exit: true, stdout: Vec::new(), stderr: Vec::new() },
        _ => CallError::Run { message, status, public, tool_exit: false, stdout: Vec::new(), stderr: Vec::new() },
    }
}
