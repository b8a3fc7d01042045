//! [`ScriptedTool`]: each call runs the script in a fresh logic-only interpreter whose extra
//! commands are the registered tools (ST-4), as a [`Tool`].

use std::sync::{Arc, Mutex};

use super::builder::{Inner, ScriptedToolBuilder};
use super::commands::Commands;
use super::def::ToolDef;
use super::docs;
use super::trace::ExecutionTrace;
use crate::cancel::CancellationToken;
use crate::tool::bash_tool::{internal, run_on, run_request};
use crate::tool::{async_trait, schema, BashToolBuilder, StatusCallback, Tool, ToolError, ToolExecution, ToolRequest, ToolResponse, ToolStatus};
use crate::{Bash, BashBuilder};

/// Many host tools as commands of one logic-only bash tool. Cloning is cheap (the tools,
/// schemas and hooks are shared); no script state survives a call.
///
/// ```
/// use kitsh::scripted_tool::{ScriptedTool, ToolArgs, ToolDef};
/// use kitsh::tool::Tool;
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let def = ToolDef::new("get_user", "Fetch user by ID").with_schema(serde_json::json!({
///     "type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}));
/// let tool = ScriptedTool::builder("ecommerce_api")
///     .tool_fn(def, |args: &ToolArgs| {
///         let id = args.param_i64("id").ok_or("missing --id")?;
///         Ok(format!(r#"{{"id":{id},"name":"Ada"}}"#))
///     })
///     .build();
/// let out = tool.execution(serde_json::json!({"commands": "get_user --id 1 | jq -r .name"})).unwrap().execute().await.unwrap();
/// assert_eq!(out.result["stdout"], "Ada\n");
/// # });
/// ```
#[derive(Clone)]
pub struct ScriptedTool {
    pub(crate) inner: Arc<Inner>,
}

impl std::fmt::Debug for ScriptedTool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptedTool").field("name", &self.inner.name).field("tools", &self.inner.defs.len()).finish()
    }
}

impl ScriptedTool {
    /// A builder for a tool called `name`.
    pub fn builder(name: impl Into<String>) -> ScriptedToolBuilder {
        ScriptedToolBuilder::new(name)
    }

    pub(crate) fn from_inner(inner: Arc<Inner>) -> Self {
        ScriptedTool { inner }
    }

    /// The registered definitions, in registration order.
    pub fn tool_defs(&self) -> &[ToolDef] {
        &self.inner.defs
    }

    /// The tool calls of the last finished `execute` (taken: a second call returns `None`).
    /// For tools registered in a [`Bash`] session ([`BashBuilder::tools`]), every call since
    /// the last take.
    pub fn take_last_execution_trace(&self) -> Option<ExecutionTrace> {
        self.inner.last_trace.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// A fresh logic-only interpreter with the tools registered.
    fn new_bash(&self, commands: Arc<Commands>) -> Result<Bash, crate::Error> {
        let mut b = Bash::builder().logic_mode().command_set(commands);
        for (k, v) in &self.inner.env {
            b = b.env(k, v);
        }
        if let Some(l) = &self.inner.limits {
            b = b.limits(l.clone());
        }
        b.build()
    }

    fn finish(&self, commands: &Commands) {
        let calls = commands.take_trace();
        *self.inner.last_trace.lock().unwrap_or_else(|e| e.into_inner()) = Some(ExecutionTrace { calls });
    }

    /// Run a request: a fresh interpreter, the script, the response (ST-4).
    pub(crate) async fn run(&self, req: ToolRequest, status: Option<StatusCallback>, token: Option<CancellationToken>) -> ToolResponse {
        let (commands, mut bash, forward) = match self.prepare(status) {
            Ok(p) => p,
            Err(e) => return internal(&e.to_string()),
        };
        let resp = run_on(&mut bash, req, forward, token).await;
        self.finish(&commands);
        resp
    }

    /// The commands (sharing `status` for their `tool_call` events), a fresh interpreter, and
    /// the callback its run reports to.
    fn prepare(&self, status: Option<StatusCallback>) -> Result<(Arc<Commands>, Bash, Option<StatusCallback>), crate::Error> {
        let status = status.map(|s| Arc::new(Mutex::new(s)));
        let mut commands = Commands::new(self.inner.clone());
        commands.status = status.clone();
        let commands = Arc::new(commands);
        let bash = self.new_bash(commands.clone())?;
        let forward: Option<StatusCallback> = status.map(|s| Box::new(move |st: ToolStatus| (s.lock().unwrap_or_else(|e| e.into_inner()))(st)) as StatusCallback);
        Ok((commands, bash, forward))
    }

    /// [`Tool::execute`] that `token` can stop (exit 130, `error: "cancelled"`).
    pub async fn execute_cancellable(&self, req: ToolRequest, token: &CancellationToken) -> ToolResponse {
        self.run(req, None, Some(token.clone())).await
    }

    /// [`Tool::execute_with_status`] that `token` can also stop.
    pub async fn execute_with_status_cancellable(&self, req: ToolRequest, status: StatusCallback, token: &CancellationToken) -> ToolResponse {
        self.run(req, Some(status), Some(token.clone())).await
    }

    /// [`Tool::execute`] on the calling thread, for hosts without an async runtime (async
    /// callbacks then run on a private runtime).
    pub fn execute_sync(&self, req: ToolRequest) -> ToolResponse {
        self.execute_sync_with_status(req, None, None)
    }

    /// [`ScriptedTool::execute_sync`] reporting progress, output chunks and `tool_call` events
    /// to `status`, that `token` (if any) can stop (exit 130, `error: "cancelled"`).
    pub fn execute_sync_with_status(&self, req: ToolRequest, status: Option<StatusCallback>, token: Option<&CancellationToken>) -> ToolResponse {
        let (commands, mut bash, forward) = match self.prepare(status) {
            Ok(p) => p,
            Err(e) => return internal(&e.to_string()),
        };
        let mut out = None;
        bash.with_session(|s| out = Some(run_request(s, req, forward, token.cloned(), None)));
        self.finish(&commands);
        out.unwrap_or_else(|| internal("no result"))
    }

    /// Seed 002's call style (ST-34): validate tool-call arguments now; run them later on a
    /// fresh interpreter with [`ToolExecution::execute`].
    pub fn execution(&self, input: serde_json::Value) -> Result<ToolExecution, ToolError> {
        let req = ToolRequest::from_arguments(input)?;
        let tool = self.clone();
        Ok(ToolExecution::new(req, Box::new(move |req| Box::pin(async move { tool.run(req, None, None).await }))))
    }
}

#[async_trait]
impl Tool for ScriptedTool {
    fn name(&self) -> &str {
        &self.inner.name
    }
    fn short_description(&self) -> &str {
        &self.inner.short_description
    }
    fn description(&self) -> String {
        docs::description(&self.inner)
    }
    fn help(&self) -> String {
        docs::man(&self.inner)
    }
    fn system_prompt(&self) -> String {
        docs::system_prompt(&self.inner)
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
        ScriptedTool::execution(self, input)
    }
}

impl BashToolBuilder {
    /// Register the tools of `tools` in the tool's sessions, as [`BashBuilder::tools`] does;
    /// their names are listed in `description()` and `help()`.
    pub fn tools(self, tools: &ScriptedTool) -> Self {
        let mut commands = Commands::new(tools.inner.clone());
        commands.trace = None;
        commands.handle = None;
        let mut names: Vec<String> = tools.inner.defs.iter().map(|d| d.name.clone()).collect();
        names.extend(["help".to_string(), "discover".to_string()]);
        self.command_set(names, Arc::new(commands))
    }
}

impl BashBuilder {
    /// Register the tools of `tools` (with `help` and `discover`) as commands of this
    /// filesystem-backed shell, with the same flag parsing, sanitising, hooks and trace
    /// (ST-35). Their calls are appended to `tools`' trace until it is taken.
    pub fn tools(self, tools: &ScriptedTool) -> Self {
        let mut commands = Commands::new(tools.inner.clone());
        commands.trace = None;
        commands.handle = None;
        self.command_set(Arc::new(commands))
    }
}
