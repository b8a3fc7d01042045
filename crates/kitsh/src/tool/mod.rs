//! The LLM tool contract: the [`Tool`] trait, its serde request/response/status types, and
//! [`BashTool`], a bash interpreter handed to a model as one tool.
//!
//! ```
//! use kitsh::tool::{BashTool, Tool, ToolRequest};
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let mut tool = BashTool::builder().username("agent").build();
//! let req: ToolRequest = serde_json::from_str(r#"{"commands": "cd /tmp && echo hi > f && cat f"}"#).unwrap();
//! let resp = tool.execute(req).await;
//! assert_eq!((resp.stdout.as_str(), resp.exit_code, resp.error), ("hi\n", 0, None));
//! assert!(tool.system_prompt().contains("Home: /home/agent"));
//! # });
//! ```

pub(crate) mod bash_tool;
pub mod docs;
mod execution;
pub mod schema;
mod types;

pub use async_trait::async_trait;
pub use bash_tool::{execute_on, BashTool, BashToolBuilder};
pub use execution::{ToolError, ToolExecution, ToolOutput};
pub use types::{ErrorCategory, ToolRequest, ToolResponse, ToolStatus};

/// The callback of [`Tool::execute_with_status`].
pub type StatusCallback = Box<dyn FnMut(ToolStatus) + Send>;

/// A tool a model can call. Object-safe (`Box<dyn Tool>`), `Send + Sync`. Implement it with
/// `#[kitsh::tool::async_trait]`.
#[async_trait]
pub trait Tool: Send + Sync {
    /// The registry id (`kitsh` for [`BashTool`] unless renamed).
    fn name(&self) -> &str;
    /// A one-liner for tool listings.
    fn short_description(&self) -> &str;
    /// The full description, computed from the configuration.
    fn description(&self) -> String;
    /// Man-page text for discovery.
    fn help(&self) -> String;
    /// The minimal text to put in a model's system prompt.
    fn system_prompt(&self) -> String;
    /// JSON Schema of the request.
    fn input_schema(&self) -> serde_json::Value;
    /// JSON Schema of the response.
    fn output_schema(&self) -> serde_json::Value;
    /// The version of the implementation (the `kitsh` crate version).
    fn version(&self) -> &str;
    /// Run a request. Never fails and never panics on script input: every failure is a
    /// [`ToolResponse`] with an [`ErrorCategory`].
    async fn execute(&mut self, req: ToolRequest) -> ToolResponse;
    /// Run a request, reporting phases and output chunks to `status` as it goes.
    async fn execute_with_status(&mut self, req: ToolRequest, status: StatusCallback) -> ToolResponse;

    /// The name shown to people (default: [`Tool::name`]).
    fn display_name(&self) -> &str {
        self.name()
    }
    /// The locale of the texts (default `en-US`).
    fn locale(&self) -> &str {
        "en-US"
    }
    /// Seed 002's call style (ST-34): validate tool-call arguments (`{"commands": ...}`) now
    /// and get a [`ToolExecution`] to run later. Tools that can run detached from `&self`
    /// override it ([`BashTool`] does); this default validates the arguments, then says the
    /// tool does not support it.
    fn execution(&self, input: serde_json::Value) -> Result<ToolExecution, ToolError> {
        ToolRequest::from_arguments(input)?;
        Err(ToolError::Unsupported(self.name().to_string()))
    }
}

#[cfg(test)]
mod tests;
