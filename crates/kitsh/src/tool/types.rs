//! The serde types of the tool contract: [`ToolRequest`], [`ToolResponse`], [`ToolStatus`]
//! and the failure categories of [`ToolResponse::error`] ([`ErrorCategory`]).

use serde::{Deserialize, Serialize};

/// A call of the tool, as a model writes it: `{"commands": "...", "timeout_ms": 5000}`.
///
/// ```
/// let req: kitsh::tool::ToolRequest = serde_json::from_str(r#"{"commands":"echo hi"}"#).unwrap();
/// assert_eq!(req, kitsh::tool::ToolRequest::new("echo hi"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolRequest {
    /// Bash commands, run like `bash -c "commands"`.
    pub commands: String,
    /// A time limit for the whole call, in milliseconds (`Some(0)` times out at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
}

impl ToolRequest {
    /// A request running `commands`, with no time limit of its own.
    pub fn new(commands: impl Into<String>) -> Self {
        ToolRequest { commands: commands.into(), timeout_ms: None }
    }

    /// The same request with a time limit in milliseconds.
    pub fn with_timeout_ms(mut self, ms: u64) -> Self {
        self.timeout_ms = Some(ms);
        self
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The result of a call: complete, buffered output (streaming never changes it).
///
/// ```
/// let r = kitsh::tool::ToolResponse { stdout: "hi\n".into(), ..Default::default() };
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"stdout":"hi\n","stderr":"","exit_code":0}"#);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolResponse {
    /// Standard output (invalid UTF-8 replaced by U+FFFD).
    pub stdout: String,
    /// Standard error (invalid UTF-8 replaced by U+FFFD).
    pub stderr: String,
    /// Exit status of the script, or of the failure (see [`ErrorCategory::exit_code`]).
    pub exit_code: i32,
    /// `None` when the script ran to its end, whatever its status; otherwise the failure
    /// category ([`ErrorCategory::as_str`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Standard output was cut by the output limit.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stdout_truncated: bool,
    /// Standard error was cut by the output limit.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stderr_truncated: bool,
}

impl ToolResponse {
    /// The failure category, when `error` names a known one.
    pub fn category(&self) -> Option<ErrorCategory> {
        self.error.as_deref().and_then(ErrorCategory::parse)
    }

    /// A response for a run that failed as a whole: `category`'s exit code, `stderr` as given.
    pub fn failure(category: ErrorCategory, stderr: impl Into<String>) -> Self {
        ToolResponse {
            stderr: stderr.into(),
            exit_code: category.exit_code(),
            error: Some(category.as_str().to_string()),
            ..Default::default()
        }
    }
}

/// Why a run failed as a whole (the value of [`ToolResponse::error`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCategory {
    /// The script has a syntax error; nothing ran. Exit code 2.
    ParseError,
    /// A limit of [`crate::ExecutionLimits`] was exceeded. Exit code 1.
    ResourceLimit,
    /// The call's time limit elapsed. Exit code 124.
    Timeout,
    /// The host cancelled the call. Exit code 130.
    Cancelled,
    /// A bug in kitsh was caught. Exit code 1.
    InternalError,
}

impl ErrorCategory {
    /// The text in [`ToolResponse::error`]: `parse_error`, `resource_limit`, `timeout`,
    /// `cancelled`, `internal_error`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCategory::ParseError => "parse_error",
            ErrorCategory::ResourceLimit => "resource_limit",
            ErrorCategory::Timeout => "timeout",
            ErrorCategory::Cancelled => "cancelled",
            ErrorCategory::InternalError => "internal_error",
        }
    }

    /// The category named `s`.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "parse_error" => ErrorCategory::ParseError,
            "resource_limit" => ErrorCategory::ResourceLimit,
            "timeout" => ErrorCategory::Timeout,
            "cancelled" => ErrorCategory::Cancelled,
            "internal_error" => ErrorCategory::InternalError,
            _ => return None,
        })
    }

    /// The response's exit code for this category.
    pub fn exit_code(self) -> i32 {
        match self {
            ErrorCategory::ParseError => 2,
            ErrorCategory::ResourceLimit | ErrorCategory::InternalError => 1,
            ErrorCategory::Timeout => 124,
            ErrorCategory::Cancelled => 130,
        }
    }
}

impl std::fmt::Display for ErrorCategory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A progress event of [`crate::tool::Tool::execute_with_status`]: a phase
/// (`validate`, `parse`, `execute`, `output`, `complete`) or an output chunk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolStatus {
    /// `validate` | `parse` | `execute` | `output` | `tool_call` | `complete`.
    pub phase: String,
    /// A human-readable note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Progress, 0–100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent_complete: Option<f32>,
    /// Estimated time left, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eta_ms: Option<u64>,
    /// The output chunk (only when `phase == "output"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// `stdout` or `stderr` (only when `phase == "output"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<String>,
}

impl ToolStatus {
    /// An event of `phase` with nothing else set.
    pub fn new(phase: impl Into<String>) -> Self {
        ToolStatus { phase: phase.into(), message: None, percent_complete: None, eta_ms: None, output: None, stream: None }
    }

    /// An output event carrying a chunk of standard output.
    pub fn stdout(chunk: impl Into<String>) -> Self {
        ToolStatus { output: Some(chunk.into()), stream: Some("stdout".into()), ..ToolStatus::new("output") }
    }

    /// An output event carrying a chunk of standard error.
    pub fn stderr(chunk: impl Into<String>) -> Self {
        ToolStatus { output: Some(chunk.into()), stream: Some("stderr".into()), ..ToolStatus::new("output") }
    }

    /// With a message.
    pub fn with_message(mut self, m: impl Into<String>) -> Self {
        self.message = Some(m.into());
        self
    }

    /// With a percentage.
    pub fn with_percent(mut self, p: f32) -> Self {
        self.percent_complete = Some(p);
        self
    }

    /// With an estimated time left.
    pub fn with_eta(mut self, ms: u64) -> Self {
        self.eta_ms = Some(ms);
        self
    }
}
