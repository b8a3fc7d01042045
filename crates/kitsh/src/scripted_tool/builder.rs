//! [`ScriptedToolBuilder`]: registering tools, environment, limits and hooks (ST-2, ST-3).

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, OnceLock};

use super::def::{AsyncToolCallback, Callback, FullToolCallback, ToolArgs, ToolCallback, ToolDef, ToolFailure, ToolOutcome};
use super::schema::Compiled;
use super::trace::{ErrorHook, ExecutionTrace, PolicyDecision, PolicyHook, ToolCall};
use super::ScriptedTool;
use crate::limits::ExecutionLimits;

/// Why [`ScriptedToolBuilder::try_build`] refused the configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A tool name (or the builder's name) that is not a valid command name.
    #[error("invalid tool name '{0}'")]
    InvalidName(String),
    /// Two tools with the same name.
    #[error("duplicate tool name '{0}'")]
    Duplicate(String),
    /// A name the shell needs for itself (`help`, `discover`, reserved words, special builtins).
    #[error("reserved tool name '{0}'")]
    Reserved(String),
}

/// A registered tool: its definition's compiled schema and its callback (the definition
/// itself is kept in [`Inner::defs`], so that `tool_defs()` is a slice).
pub(crate) struct Entry {
    pub compiled: Compiled,
    pub callback: Callback,
}

/// Everything a [`ScriptedTool`] and its clones share; built once.
pub(crate) struct Inner {
    pub name: String,
    pub short_description: String,
    pub defs: Vec<ToolDef>,
    pub entries: Vec<Entry>,
    /// Tool name → index; `help` and `discover` map to `defs.len()` and `defs.len() + 1`.
    pub index: HashMap<String, usize>,
    pub env: Vec<(String, String)>,
    pub limits: Option<ExecutionLimits>,
    pub compact: bool,
    pub sanitize: bool,
    pub on_error: Option<ErrorHook>,
    pub policy: Option<PolicyHook>,
    /// The trace of the last finished `execute` (or the open trace of a `Bash` session).
    pub last_trace: Mutex<Option<ExecutionTrace>>,
    /// The runtime async callbacks run on when the host has none (`exec_sync`).
    pub fallback_rt: OnceLock<Fallback>,
}

/// A private runtime, shut down without waiting when dropped (a tool may be dropped inside
/// the host's async context, where a blocking shutdown is not allowed).
pub(crate) struct Fallback(pub Option<tokio::runtime::Runtime>);

impl Drop for Fallback {
    fn drop(&mut self) {
        if let Some(rt) = self.0.take() {
            rt.shutdown_background();
        }
    }
}

/// Configures a [`ScriptedTool`].
pub struct ScriptedToolBuilder {
    name: String,
    short_description: Option<String>,
    tools: Vec<(ToolDef, Callback)>,
    env: Vec<(String, String)>,
    limits: Option<ExecutionLimits>,
    compact: bool,
    sanitize: bool,
    on_error: Option<ErrorHook>,
    policy: Option<PolicyHook>,
}

impl ScriptedToolBuilder {
    pub(crate) fn new(name: impl Into<String>) -> Self {
        ScriptedToolBuilder {
            name: name.into(),
            short_description: None,
            tools: Vec::new(),
            env: Vec::new(),
            limits: None,
            compact: false,
            sanitize: true,
            on_error: None,
            policy: None,
        }
    }

    /// The one-liner of tool listings (default `ScriptedTool: NAME`).
    pub fn short_description(mut self, d: impl Into<String>) -> Self {
        self.short_description = Some(d.into());
        self
    }

    /// Register a tool with a synchronous callback (seed 000's spelling of [`Self::tool_fn`]).
    pub fn tool(self, def: ToolDef, f: impl Fn(&ToolArgs) -> Result<String, String> + Send + Sync + 'static) -> Self {
        self.tool_fn(def, f)
    }

    /// Register a tool with a synchronous callback: it runs on the script's thread.
    pub fn tool_fn(mut self, def: ToolDef, f: impl Fn(&ToolArgs) -> Result<String, String> + Send + Sync + 'static) -> Self {
        let cb: ToolCallback = Arc::new(f);
        self.tools.push((def, Callback::Sync(cb)));
        self
    }

    /// Register a tool with an async callback: awaited on the host's runtime while the script
    /// waits; calls in background jobs and pipeline stages run concurrently.
    pub fn async_tool_fn<F, Fut>(mut self, def: ToolDef, f: F) -> Self
    where
        F: Fn(ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<String, String>> + Send + 'static,
    {
        let cb: AsyncToolCallback = Arc::new(move |args| Box::pin(f(args)));
        self.tools.push((def, Callback::Async(cb)));
        self
    }

    /// Register a tool with a full-result callback (ST-1c): its own stdout, stderr and exit
    /// status, as kit tools and imported MCP tools give them.
    pub fn tool_full<F, Fut>(mut self, def: ToolDef, f: F) -> Self
    where
        F: Fn(ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<ToolOutcome, ToolFailure>> + Send + 'static,
    {
        let cb: FullToolCallback = Arc::new(move |args| Box::pin(f(args)));
        self.tools.push((def, Callback::Full(cb)));
        self
    }

    /// Register a tool with a callback already in one of the three shapes.
    pub fn tool_callback(mut self, def: ToolDef, cb: Callback) -> Self {
        self.tools.push((def, cb));
        self
    }

    /// An environment variable exported to every script.
    pub fn env(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// Resource limits of every script.
    pub fn limits(mut self, l: ExecutionLimits) -> Self {
        self.limits = Some(l);
        self
    }

    /// List tools by name and one-liner only in `system_prompt()`, and tell the model to use
    /// `help`/`discover` (ST-26). Off by default.
    pub fn compact_prompt(mut self, on: bool) -> Self {
        self.compact = on;
        self
    }

    /// Replace callback error texts by `NAME: tool failed` in what the script sees (on by
    /// default); `false` passes them through.
    pub fn sanitize_errors(mut self, on: bool) -> Self {
        self.sanitize = on;
        self
    }

    /// A logging hook receiving `(tool, original error text)` for every failure.
    pub fn on_tool_error(mut self, f: impl Fn(&str, &str) + Send + Sync + 'static) -> Self {
        self.on_error = Some(Arc::new(f));
        self
    }

    /// A policy hook that sees each call (after flag parsing) and allows or denies it.
    pub fn policy(mut self, f: impl Fn(&ToolCall) -> PolicyDecision + Send + Sync + 'static) -> Self {
        self.policy = Some(Arc::new(f));
        self
    }

    /// The tool.
    ///
    /// # Panics
    /// When [`Self::try_build`] fails (an invalid, duplicate or reserved name), with its message.
    pub fn build(self) -> ScriptedTool {
        match self.try_build() {
            Ok(t) => t,
            #[allow(clippy::panic)]
            Err(e) => panic!("{e}"),
        }
    }

    /// The tool, or why the names are not acceptable.
    pub fn try_build(self) -> Result<ScriptedTool, BuildError> {
        if !valid_builder_name(&self.name) {
            return Err(BuildError::InvalidName(self.name));
        }
        let mut index = HashMap::with_capacity(self.tools.len() + 2);
        let mut defs = Vec::with_capacity(self.tools.len());
        let mut entries = Vec::with_capacity(self.tools.len());
        for (def, callback) in self.tools {
            if !valid_tool_name(&def.name) {
                return Err(BuildError::InvalidName(def.name));
            }
            if is_reserved(&def.name) {
                return Err(BuildError::Reserved(def.name));
            }
            if index.insert(def.name.clone(), defs.len()).is_some() {
                return Err(BuildError::Duplicate(def.name));
            }
            entries.push(Entry { compiled: Compiled::new(&def.input_schema), callback });
            defs.push(def);
        }
        index.insert("help".to_string(), defs.len());
        index.insert("discover".to_string(), defs.len() + 1);
        let short_description = self.short_description.unwrap_or_else(|| format!("ScriptedTool: {}", self.name));
        let inner = Inner {
            name: self.name,
            short_description,
            defs,
            entries,
            index,
            env: self.env,
            limits: self.limits,
            compact: self.compact,
            sanitize: self.sanitize,
            on_error: self.on_error,
            policy: self.policy,
            last_trace: Mutex::new(None),
            fallback_rt: OnceLock::new(),
        };
        Ok(ScriptedTool::from_inner(Arc::new(inner)))
    }
}

fn is_word(s: &str, dash: bool) -> bool {
    let mut bytes = s.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || (dash && b == b'-'))
}

/// `^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$`, at most 128 bytes (ST-3).
pub(crate) fn valid_tool_name(name: &str) -> bool {
    name.len() <= 128 && name.split('.').all(|part| is_word(part, true))
}

/// The builder's own name: `^[A-Za-z_][A-Za-z0-9_-]*$`.
fn valid_builder_name(name: &str) -> bool {
    name.len() <= 128 && is_word(name, true)
}

/// `help`, `discover`, bash's reserved words and the POSIX special builtins.
fn is_reserved(name: &str) -> bool {
    const RESERVED: &[&str] = &[
        "help", "discover", "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in", "function",
        "time", "coproc", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set", "shift", "source", "times", "trap",
        "unset",
    ];
    RESERVED.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_spec_pattern() {
        for ok in ["get_user", "crm.get_user", "get-user", "infra.analysis.ssl_check", "_x", "A9"] {
            assert!(valid_tool_name(ok), "{ok}");
        }
        for bad in ["", "9a", "a..b", ".a", "a.", "a b", "a/b", "-a", "a.-b", "é", &"x".repeat(129)] {
            assert!(!valid_tool_name(bad), "{bad}");
        }
        assert!(!valid_builder_name("a.b"));
        assert!(is_reserved("help") && is_reserved("exit") && is_reserved("done") && !is_reserved("sort"));
    }
}
