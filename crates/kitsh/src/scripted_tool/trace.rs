//! What the host learns about the tool calls of a script: the policy hook's view of a call
//! ([`ToolCall`], [`PolicyDecision`]) and the execution trace ([`ExecutionTrace`], ST-32, ST-33).

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

/// A tool call as the policy hook sees it: after flag mapping and validation.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// The tool's name.
    pub tool: String,
    /// The parsed arguments (a JSON object).
    pub args: Value,
}

/// The policy hook's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PolicyDecision {
    /// Run the call.
    Allow,
    /// Do not run it; the reason reaches the trace and the logging hook only.
    Deny(String),
}

/// The policy hook: sees each call before it runs.
pub type PolicyHook = Arc<dyn Fn(&ToolCall) -> PolicyDecision + Send + Sync>;

/// The logging hook: `(tool, original error text)` for every failure, sanitised or not.
pub type ErrorHook = Arc<dyn Fn(&str, &str) + Send + Sync>;

/// One tool call of a script.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCallRecord {
    /// The tool's name.
    pub tool: String,
    /// The parsed arguments (`{}` when the flags could not be parsed).
    pub args: Value,
    /// The command's exit status.
    pub exit_code: i32,
    /// How long the call took.
    pub duration: Duration,
    /// Bytes it wrote to stdout.
    pub stdout_bytes: usize,
    /// The original error text (never sanitised), if it failed.
    pub error: Option<String>,
    /// The policy hook denied it.
    pub denied: bool,
}

/// The tool calls of one `execute`, in the order they started.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ExecutionTrace {
    /// The calls.
    pub calls: Vec<ToolCallRecord>,
}

impl ExecutionTrace {
    /// The calls as JSON, as the Python and Node packages hand them over: `[{ "tool", "args",
    /// "exit_code", "duration_ms", "stdout_bytes", "error", "denied" }]` (`error` is the
    /// original text, never sanitised).
    ///
    /// ```
    /// use kitsh::scripted_tool::ExecutionTrace;
    /// assert_eq!(ExecutionTrace::default().to_json(), serde_json::json!([]));
    /// ```
    pub fn to_json(&self) -> Value {
        let calls = self.calls.iter().map(|c| {
            serde_json::json!({
                "tool": c.tool,
                "args": c.args,
                "exit_code": c.exit_code,
                "duration_ms": c.duration.as_secs_f64() * 1000.0,
                "stdout_bytes": c.stdout_bytes,
                "error": c.error,
                "denied": c.denied,
            })
        });
        Value::Array(calls.collect())
    }
}
