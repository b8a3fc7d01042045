//! [`ScriptingToolSet`]: the tools a host hands a model, with or without a companion discover
//! tool (ST-29), and [`DiscoverTool`] (ST-30).

use std::future::Future;
use std::sync::Arc;

use super::builder::{BuildError, Inner, ScriptedToolBuilder};
use super::commands::Commands;
use super::def::{Callback, ToolArgs, ToolDef, ToolFailure, ToolOutcome};
use super::trace::{PolicyDecision, ToolCall};
use super::ScriptedTool;
use crate::limits::ExecutionLimits;
use crate::tool::bash_tool::{internal, run_on};
use crate::tool::{async_trait, schema, ErrorCategory, StatusCallback, Tool, ToolRequest, ToolResponse};
use crate::Bash;

/// How a [`ScriptingToolSet`] presents its tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiscoveryMode {
    /// The script tool alone, with the full prompt.
    #[default]
    Exclusive,
    /// A compact script tool plus a `<name>_discover` tool to browse the commands first.
    WithDiscovery,
}

/// Configures a [`ScriptingToolSet`]: the same registration, environment, limits and
/// sanitising options as [`ScriptedToolBuilder`], plus the discovery mode.
pub struct ScriptingToolSetBuilder {
    tool: ScriptedToolBuilder,
    mode: DiscoveryMode,
}

/// A set of LLM tools over one group of registered tools (ST-29).
///
/// ```
/// use kitsh::scripted_tool::{ScriptingToolSet, ToolDef, ToolArgs};
/// let set = ScriptingToolSet::builder("crm")
///     .tool_fn(ToolDef::new("ping", "Check the service"), |_: &ToolArgs| Ok("pong\n".into()))
///     .with_discovery()
///     .build();
/// let names: Vec<String> = set.tools().iter().map(|t| t.name().to_string()).collect();
/// assert_eq!(names, ["crm", "crm_discover"]);
/// ```
#[derive(Clone)]
pub struct ScriptingToolSet {
    tool: ScriptedTool,
    mode: DiscoveryMode,
}

impl ScriptingToolSet {
    /// A builder for a set called `name`.
    pub fn builder(name: impl Into<String>) -> ScriptingToolSetBuilder {
        ScriptingToolSetBuilder { tool: ScriptedTool::builder(name), mode: DiscoveryMode::Exclusive }
    }

    /// The discovery mode.
    pub fn mode(&self) -> DiscoveryMode {
        self.mode
    }

    /// The script tool (compact prompt in [`DiscoveryMode::WithDiscovery`]).
    pub fn scripted_tool(&self) -> &ScriptedTool {
        &self.tool
    }

    /// The tools to hand a model: `[script tool]`, or `[compact script tool, discover tool]`;
    /// they share the callbacks.
    pub fn tools(&self) -> Vec<Box<dyn Tool>> {
        let mut v: Vec<Box<dyn Tool>> = vec![Box::new(self.tool.clone())];
        if self.mode == DiscoveryMode::WithDiscovery {
            v.push(Box::new(DiscoverTool::new(&self.tool)));
        }
        v
    }
}

macro_rules! delegate {
    ($($(#[$m:meta])* fn $name:ident(self $(, $arg:ident: $ty:ty)*);)*) => {$(
        $(#[$m])*
        pub fn $name(mut self $(, $arg: $ty)*) -> Self {
            self.tool = self.tool.$name($($arg),*);
            self
        }
    )*};
}

impl ScriptingToolSetBuilder {
    delegate! {
        /// See [`ScriptedToolBuilder::short_description`].
        fn short_description(self, d: impl Into<String>);
        /// See [`ScriptedToolBuilder::env`].
        fn env(self, k: impl Into<String>, v: impl Into<String>);
        /// See [`ScriptedToolBuilder::limits`].
        fn limits(self, l: ExecutionLimits);
        /// See [`ScriptedToolBuilder::sanitize_errors`].
        fn sanitize_errors(self, on: bool);
        /// See [`ScriptedToolBuilder::tool_callback`].
        fn tool_callback(self, def: ToolDef, cb: Callback);
    }

    /// See [`ScriptedToolBuilder::tool_fn`].
    pub fn tool_fn(mut self, def: ToolDef, f: impl Fn(&ToolArgs) -> Result<String, String> + Send + Sync + 'static) -> Self {
        self.tool = self.tool.tool_fn(def, f);
        self
    }

    /// See [`ScriptedToolBuilder::tool`].
    pub fn tool(self, def: ToolDef, f: impl Fn(&ToolArgs) -> Result<String, String> + Send + Sync + 'static) -> Self {
        self.tool_fn(def, f)
    }

    /// See [`ScriptedToolBuilder::async_tool_fn`].
    pub fn async_tool_fn<F, Fut>(mut self, def: ToolDef, f: F) -> Self
    where
        F: Fn(ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<String, String>> + Send + 'static,
    {
        self.tool = self.tool.async_tool_fn(def, f);
        self
    }

    /// See [`ScriptedToolBuilder::tool_full`].
    pub fn tool_full<F, Fut>(mut self, def: ToolDef, f: F) -> Self
    where
        F: Fn(ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<ToolOutcome, ToolFailure>> + Send + 'static,
    {
        self.tool = self.tool.tool_full(def, f);
        self
    }

    /// See [`ScriptedToolBuilder::on_tool_error`].
    pub fn on_tool_error(mut self, f: impl Fn(&str, &str) + Send + Sync + 'static) -> Self {
        self.tool = self.tool.on_tool_error(f);
        self
    }

    /// See [`ScriptedToolBuilder::policy`].
    pub fn policy(mut self, f: impl Fn(&ToolCall) -> PolicyDecision + Send + Sync + 'static) -> Self {
        self.tool = self.tool.policy(f);
        self
    }

    /// Present a compact script tool plus a discover tool ([`DiscoveryMode::WithDiscovery`]).
    pub fn with_discovery(mut self) -> Self {
        self.mode = DiscoveryMode::WithDiscovery;
        self
    }

    /// Set the discovery mode.
    pub fn mode(mut self, mode: DiscoveryMode) -> Self {
        self.mode = mode;
        self
    }

    /// The set.
    ///
    /// # Panics
    /// As [`ScriptedToolBuilder::build`].
    pub fn build(self) -> ScriptingToolSet {
        match self.try_build() {
            Ok(s) => s,
            #[allow(clippy::panic)]
            Err(e) => panic!("{e}"),
        }
    }

    /// The set, or why the names are not acceptable.
    pub fn try_build(self) -> Result<ScriptingToolSet, BuildError> {
        let compact = self.mode == DiscoveryMode::WithDiscovery;
        let tool = self.tool.compact_prompt(compact).try_build()?;
        Ok(ScriptingToolSet { tool, mode: self.mode })
    }
}

/// The companion tool of [`DiscoveryMode::WithDiscovery`]: runs one `discover` or `help`
/// command over the tool set; no callback ever runs (ST-30).
#[derive(Clone)]
pub struct DiscoverTool {
    inner: Arc<Inner>,
    name: String,
    short_description: String,
}

impl DiscoverTool {
    /// The discover tool of `tool`.
    pub fn new(tool: &ScriptedTool) -> Self {
        let base = &tool.inner.name;
        DiscoverTool { inner: tool.inner.clone(), name: format!("{base}_discover"), short_description: format!("Browse the {base} tool commands") }
    }

    async fn run(&self, req: ToolRequest, status: Option<StatusCallback>) -> ToolResponse {
        let text = req.commands.trim();
        let first = text.split_whitespace().next().unwrap_or("");
        let forbidden = |c: char| matches!(c, ';' | '&' | '|' | '$' | '(' | ')' | '<' | '>' | '`' | '\n');
        if !matches!(first, "discover" | "help") || text.contains(forbidden) {
            return ToolResponse::failure(ErrorCategory::ParseError, "only a single discover or help command is accepted\n").invalid_request();
        }
        let mut commands = Commands::new(self.inner.clone());
        commands.discovery_only = true;
        commands.trace = None;
        let bash = Bash::builder().logic_mode().command_set(Arc::new(commands)).build();
        let mut bash = match bash {
            Ok(b) => b,
            Err(e) => return internal(&e.to_string()),
        };
        run_on(&mut bash, req, status, None).await
    }
}

impl ToolResponse {
    /// The same failure reported as `invalid_request` (the discover tool's refusal).
    fn invalid_request(mut self) -> Self {
        self.error = Some("invalid_request".to_string());
        self.exit_code = 2;
        self
    }
}

#[async_trait]
impl Tool for DiscoverTool {
    fn name(&self) -> &str {
        &self.name
    }
    fn short_description(&self) -> &str {
        &self.short_description
    }
    fn description(&self) -> String {
        format!("{}: discover and help commands over its tool commands", self.short_description)
    }
    fn help(&self) -> String {
        self.system_prompt()
    }
    fn system_prompt(&self) -> String {
        let base = &self.inner.name;
        format!(
            "# {base}_discover\n\nBrowse the commands of the {base} tool before writing a script.\n\nInput: {{\"commands\": \"discover ... | help ...\"}}\nOutput: {{stdout, stderr, exit_code}}\n"
        )
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
        self.run(req, None).await
    }
    async fn execute_with_status(&mut self, req: ToolRequest, status: StatusCallback) -> ToolResponse {
        self.run(req, Some(status)).await
    }
}
