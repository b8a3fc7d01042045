//! The host's side of a tool command: its definition ([`ToolDef`]), the arguments a call
//! receives ([`ToolArgs`]) and the callback shapes (ST-1, ST-1c).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::Value;

/// A tool the script can call as a command: its name, description, JSON Schema of the flags
/// and the tags/category `discover` filters on.
///
/// ```
/// use kitsh::scripted_tool::ToolDef;
/// let def = ToolDef::new("get_user", "Fetch user by ID")
///     .with_schema(serde_json::json!({"type": "object", "properties": {"id": {"type": "integer"}}}))
///     .with_tags(&["read"])
///     .with_category("users");
/// assert_eq!(def.category.as_deref(), Some("users"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDef {
    /// The command name (`get_user`, `crm.get_user`, `get-user`).
    pub name: String,
    /// What it does; the first line is its one-liner in listings.
    pub description: String,
    /// JSON Schema of the input object (`{}` when unset).
    pub input_schema: Value,
    /// Tags for `discover --tag`.
    pub tags: Vec<String>,
    /// The category for `discover --category`.
    pub category: Option<String>,
    /// Piped stdin must be a JSON object, merged under the flags (ST-1c).
    pub stdin_json: bool,
}

impl ToolDef {
    /// A definition with an empty schema.
    pub fn new(name: impl Into<String>, description: impl Into<String>) -> Self {
        ToolDef {
            name: name.into(),
            description: description.into(),
            input_schema: Value::Object(Default::default()),
            tags: Vec::new(),
            category: None,
            stdin_json: false,
        }
    }

    /// With this input schema.
    pub fn with_schema(mut self, schema: Value) -> Self {
        self.input_schema = schema;
        self
    }

    /// With these tags.
    pub fn with_tags(mut self, tags: &[&str]) -> Self {
        self.tags = tags.iter().map(|t| t.to_string()).collect();
        self
    }

    /// In this category.
    pub fn with_category(mut self, category: &str) -> Self {
        self.category = Some(category.to_string());
        self
    }

    /// Take a JSON object on stdin as more input (merged under the flags before validation).
    pub fn with_stdin_json(mut self, on: bool) -> Self {
        self.stdin_json = on;
        self
    }

    /// The first line of the description (the one-liner of listings).
    pub fn summary(&self) -> &str {
        self.description.lines().next().unwrap_or("")
    }
}

/// What a callback receives: the flags as a JSON object typed by the schema, the piped
/// input, and the positional words (only for tools whose schema has no properties, ST-1b).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolArgs {
    /// The flags, always a JSON object.
    pub params: Value,
    /// Standard input when the command's stdin is a pipe, here-document, here-string or
    /// `/dev/null` (ST-6); `None` otherwise.
    pub stdin: Option<String>,
    /// Words that are not flags, in order.
    pub positional: Vec<String>,
    /// Whether the script was stopped (timeout, cancellation, a limit), for callbacks that wait.
    stop: StopCheck,
}

/// The script's stop check as a callback sees it (none outside a script).
#[derive(Clone, Default)]
struct StopCheck(Option<Arc<dyn Fn() -> bool + Send + Sync>>);

impl std::fmt::Debug for StopCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "StopCheck(Some)" } else { "StopCheck(None)" })
    }
}

// The check only reads the script's stop state: a panic cannot leave it half-updated.
impl std::panic::UnwindSafe for StopCheck {}
impl std::panic::RefUnwindSafe for StopCheck {}

impl PartialEq for StopCheck {
    /// Arguments compare by what they carry, not by the script they came from.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl ToolArgs {
    /// Arguments with these params (an object; anything else becomes `{}`) and stdin.
    pub fn new(params: Value, stdin: Option<String>) -> Self {
        let params = if params.is_object() { params } else { Value::Object(Default::default()) };
        ToolArgs { params, stdin, positional: Vec::new(), stop: StopCheck::default() }
    }

    /// These arguments with the positional words `words`.
    pub fn with_positional(mut self, words: Vec<String>) -> Self {
        self.positional = words;
        self
    }

    /// `true` once the script that made this call must stop (its timeout, the host's
    /// cancellation, a limit): a synchronous callback that waits on something slow (another
    /// thread, a host event loop) polls it and gives up, as async callbacks are dropped.
    ///
    /// ```
    /// use kitsh::scripted_tool::ToolArgs;
    /// assert!(!ToolArgs::new(serde_json::json!({}), None).stopped());
    /// ```
    pub fn stopped(&self) -> bool {
        self.stop.0.as_ref().is_some_and(|f| f())
    }

    /// These arguments with the script's stop check.
    pub(crate) fn with_stop(mut self, stop: Option<Arc<dyn Fn() -> bool + Send + Sync>>) -> Self {
        self.stop = StopCheck(stop);
        self
    }

    /// A string param.
    pub fn param_str(&self, key: &str) -> Option<&str> {
        self.params.get(key)?.as_str()
    }

    /// An integer param (`None` for `3.5` or `"3"`: no conversion).
    pub fn param_i64(&self, key: &str) -> Option<i64> {
        self.params.get(key)?.as_i64()
    }

    /// A number param (any JSON number).
    pub fn param_f64(&self, key: &str) -> Option<f64> {
        self.params.get(key)?.as_f64()
    }

    /// A boolean param.
    pub fn param_bool(&self, key: &str) -> Option<bool> {
        self.params.get(key)?.as_bool()
    }

    /// An array param.
    pub fn param_array(&self, key: &str) -> Option<&Vec<Value>> {
        self.params.get(key)?.as_array()
    }

    /// An object param.
    pub fn param_object(&self, key: &str) -> Option<&serde_json::Map<String, Value>> {
        self.params.get(key)?.as_object()
    }
}

/// A synchronous callback: `Ok(stdout)` or `Err(message)` (exit 1, sanitised by default).
pub type ToolCallback = Arc<dyn Fn(&ToolArgs) -> Result<String, String> + Send + Sync>;

/// The future an async callback returns.
pub type ToolFuture = Pin<Box<dyn Future<Output = Result<String, String>> + Send>>;

/// An async callback, awaited on the host's runtime while the script waits.
pub type AsyncToolCallback = Arc<dyn Fn(ToolArgs) -> ToolFuture + Send + Sync>;

/// The result of a full-result callback (ST-1c): its own stdout, stderr and exit status.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ToolOutcome {
    /// Written to the command's stdout as it is.
    pub stdout: String,
    /// Written to stderr as it is when sanitising is off.
    pub stderr: String,
    /// The command's `$?`.
    pub exit_code: i32,
}

/// A full-result callback that could not run the tool (ST-1c).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolFailure {
    /// What went wrong.
    pub message: String,
    /// The command's `$?`.
    pub exit_code: i32,
    /// kitsh's own error (timeout, executor unavailable): shown even when sanitising.
    pub public: bool,
}

/// The future a full-result callback returns.
pub type FullToolFuture = Pin<Box<dyn Future<Output = Result<ToolOutcome, ToolFailure>> + Send>>;

/// A full-result callback (kit tools, imported MCP tools).
pub type FullToolCallback = Arc<dyn Fn(ToolArgs) -> FullToolFuture + Send + Sync>;

/// The three callback shapes a tool may have.
#[derive(Clone)]
pub enum Callback {
    /// Runs inline on the script's thread.
    Sync(ToolCallback),
    /// Awaited on the host's runtime.
    Async(AsyncToolCallback),
    /// Awaited on the host's runtime; gives its own stdout, stderr and status.
    Full(FullToolCallback),
}

impl std::fmt::Debug for Callback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Callback::Sync(_) => "Callback::Sync",
            Callback::Async(_) => "Callback::Async",
            Callback::Full(_) => "Callback::Full",
        })
    }
}
