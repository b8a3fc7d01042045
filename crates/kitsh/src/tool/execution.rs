//! Seed 002's call style (ST-34): `tool.execution(input)?.execute().await?.result`.

use std::future::Future;
use std::pin::Pin;

use super::types::{ToolRequest, ToolResponse};

/// Why [`super::Tool::execution`] or [`ToolExecution::execute`] failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToolError {
    /// The arguments are not an object with a string `commands`.
    #[error("invalid arguments: \"commands\" must be a string")]
    InvalidCommands,
    /// `timeout_ms` is present but not a non-negative integer.
    #[error("invalid arguments: \"timeout_ms\" must be a non-negative integer")]
    InvalidTimeout,
    /// The tool does not implement deferred execution.
    #[error("{0}: execution() is not supported")]
    Unsupported(String),
    /// kitsh itself failed (the session could not be set up).
    #[error("internal error: {0}")]
    Internal(String),
}

/// The result of [`ToolExecution::execute`].
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    /// The serialized [`ToolResponse`]: `result["stdout"]` is the script's stdout.
    pub result: serde_json::Value,
}

type Runner = Box<dyn FnOnce(ToolRequest) -> Pin<Box<dyn Future<Output = ToolResponse> + Send>> + Send>;

/// A validated call, ready to run.
///
/// ```
/// use kitsh::tool::BashTool;
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let tool = BashTool::default();
/// let out = tool.execution(serde_json::json!({"commands": "echo hi"})).unwrap().execute().await.unwrap();
/// assert_eq!(out.result["stdout"], "hi\n");
/// assert_eq!(tool.execution(serde_json::json!({"commands": 1})).err().map(|e| e.to_string()).as_deref(),
///            Some("invalid arguments: \"commands\" must be a string"));
/// # });
/// ```
pub struct ToolExecution {
    req: ToolRequest,
    runner: Runner,
}

impl std::fmt::Debug for ToolExecution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolExecution").field("req", &self.req).finish()
    }
}

impl ToolExecution {
    /// A call of `req` that `runner` will run.
    pub fn new(req: ToolRequest, runner: Runner) -> Self {
        ToolExecution { req, runner }
    }

    /// The validated request.
    pub fn request(&self) -> &ToolRequest {
        &self.req
    }

    /// Run it.
    pub async fn execute(self) -> Result<ToolOutput, ToolError> {
        let resp = (self.runner)(self.req).await;
        let result = serde_json::to_value(&resp).map_err(|e| ToolError::Internal(e.to_string()))?;
        Ok(ToolOutput { result })
    }
}

impl ToolRequest {
    /// The request in tool-call arguments: an object with a string `commands` and an optional
    /// non-negative integer `timeout_ms` (other keys are ignored).
    pub fn from_arguments(input: serde_json::Value) -> Result<ToolRequest, ToolError> {
        let commands = input.get("commands").and_then(|c| c.as_str()).ok_or(ToolError::InvalidCommands)?;
        let timeout_ms = match input.get("timeout_ms") {
            None | Some(serde_json::Value::Null) => None,
            Some(t) => Some(t.as_u64().ok_or(ToolError::InvalidTimeout)?),
        };
        Ok(ToolRequest { commands: commands.to_string(), timeout_ms })
    }
}
