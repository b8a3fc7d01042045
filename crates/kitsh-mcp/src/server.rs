//! The MCP server: tool listing, calls mapped as TC-24/TC-25, progress (TC-26), cancellation.

use std::sync::Arc;

use kitsh::scripted_tool::{DiscoverTool, ScriptedTool};
use kitsh::tool::{BashTool, Tool, ToolRequest, ToolResponse, ToolStatus};
use kitsh::CancellationToken;
use kitsh_kit::surface::bash::{builder, tool_def, KitToolOptions};
use kitsh_kit::surface::call::call;
use kitsh_kit::{Kit, ToolSpec};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation, InitializeResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam,
    ServerCapabilities, Tool as McpTool,
};
use rmcp::service::{Peer, RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler, ServiceExt};
use serde_json::{Map, Value};

use crate::records;
use crate::stored::{session_name, Stored};

/// How the server is set up. A clone serves another connection: its `bash` tool starts a
/// session of its own.
#[derive(Default, Clone)]
pub struct McpOptions {
    /// The kit whose tools the `kit` tool runs (none: only `bash`).
    pub kit: Option<Arc<Kit>>,
    /// Pass kit tool errors through instead of sanitising them (KIT-21).
    pub show_tool_errors: bool,
    /// Serve every kit tool also as an MCP tool of its own.
    pub expose_each: bool,
    /// Force the compact prompt for `kit` (and so `kit_discover`).
    pub compact: bool,
    /// The bash tool (mounts, limits, ...); default: `BashTool::default()`.
    pub bash: Option<BashTool>,
    /// Other MCP servers whose tools become commands of `kit`.
    pub imports: Vec<Arc<crate::import::Imported>>,
}

/// The server state of one connection.
pub struct Server {
    /// What every connection shares.
    shared: Arc<Shared>,
    /// This connection's `bash` session (unused when sessions are kept in a store).
    bash: tokio::sync::Mutex<BashTool>,
}

/// The tools and their descriptions, built once for every connection.
struct Shared {
    /// The configured bash tool: each connection's session starts as a clone of it.
    bash_template: BashTool,
    bash_prompt: String,
    bash_schema: Value,
    kit: Option<ScriptedTool>,
    discover: Option<DiscoverTool>,
    each: Vec<Arc<ToolSpec>>,
    /// Sessions kept in a store (`--store`): `bash` runs there instead.
    stored: Option<Arc<Stored>>,
}

impl Server {
    /// A server as `opts` describe it.
    pub fn new(opts: McpOptions) -> Self {
        let bash = opts.bash.unwrap_or_default();
        let kit_tools = opts.kit.as_ref().map_or(0, |k| k.tools.len());
        let imported: usize = opts.imports.iter().map(|i| i.tools.len()).sum();
        let (kit, discover, each) = if kit_tools + imported > 0 {
            let empty = Kit { dir: Default::default(), tools: Vec::new(), errors: Vec::new(), warnings: Vec::new() };
            let k = opts.kit.as_deref().unwrap_or(&empty);
            let compact = opts.compact || kit_tools + imported > kitsh_kit::surface::bash::COMPACT_ABOVE;
            let b = builder(k, &KitToolOptions { show_errors: opts.show_tool_errors, compact, limits: None });
            let tool = match crate::import::register(b, &opts.imports).try_build() {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("kitsh: mcp: {e}; the imported tools are left out");
                    builder(k, &KitToolOptions { show_errors: opts.show_tool_errors, compact, limits: None }).build()
                }
            };
            let discover = compact.then(|| DiscoverTool::new(&tool));
            let each = if opts.expose_each { k.tools.iter().map(|t| Arc::new(t.clone())).collect() } else { Vec::new() };
            (Some(tool), discover, each)
        } else {
            (None, None, Vec::new())
        };
        let shared = Shared {
            bash_prompt: bash.system_prompt(),
            bash_schema: bash.input_schema(),
            bash_template: bash.clone(),
            kit,
            discover,
            each,
            stored: None,
        };
        Server { shared: Arc::new(shared), bash: tokio::sync::Mutex::new(bash) }
    }

    /// This server with its `bash` sessions kept in a store (one per MCP session id).
    pub(crate) fn with_store(mut self, stored: Arc<Stored>) -> Self {
        if let Some(shared) = Arc::get_mut(&mut self.shared) {
            shared.stored = Some(stored);
        }
        self
    }

    /// A server for another connection: the same tools, a `bash` session of its own.
    pub fn connection(&self) -> Server {
        Server { shared: Arc::clone(&self.shared), bash: tokio::sync::Mutex::new(self.shared.bash_template.clone()) }
    }

    /// The `tools/list` entries (TC-23).
    pub fn tools(&self) -> Vec<McpTool> {
        let sh = &self.shared;
        let mut v = vec![entry("bash", &sh.bash_prompt, &sh.bash_schema)];
        if let Some(k) = &sh.kit {
            v.push(entry("kit", &k.system_prompt(), &k.input_schema()));
        }
        if let Some(d) = &sh.discover {
            v.push(entry("kit_discover", &d.system_prompt(), &d.input_schema()));
        }
        for spec in &sh.each {
            v.push(entry(&spec.name, &spec.description, &tool_def(spec).input_schema));
        }
        v
    }

    async fn call(&self, name: &str, args: Map<String, Value>, ctx: &RequestContext<RoleServer>) -> Result<CallToolResult, McpError> {
        let sh = &self.shared;
        if let Some(spec) = sh.each.iter().find(|s| s.name == name) {
            return Ok(call_each(spec, args).await);
        }
        if !matches!(name, "bash" | "kit" | "kit_discover") || (name == "kit" && sh.kit.is_none()) || (name == "kit_discover" && sh.discover.is_none()) {
            return Err(McpError::invalid_params(format!("unknown tool '{name}'"), None));
        }
        let req = match ToolRequest::from_arguments(Value::Object(args)) {
            Ok(r) => r,
            Err(e) => return Ok(CallToolResult::error(vec![ContentBlock::text(e.to_string())])),
        };
        let token = CancellationToken::new();
        let ct = ctx.ct.clone();
        let t2 = token.clone();
        let watcher = tokio::spawn(async move {
            ct.cancelled().await;
            t2.cancel();
        });
        let (status, forwarder) = progress(ctx);
        let resp = match (name, &sh.stored) {
            ("bash", Some(stored)) => {
                let Some(id) = mcp_session_id(ctx) else {
                    return Err(McpError::invalid_request("sessions are kept in a store: the request has no Mcp-Session-Id", None));
                };
                match stored.call(&session_name(id), Some(&records::key(id)), &sh.bash_template, req, status, &token).await {
                    Ok(r) => r,
                    Err(e) => {
                        watcher.abort();
                        return Ok(CallToolResult::error(vec![ContentBlock::text(e.to_string())]));
                    }
                }
            }
            ("bash", None) => self.bash.lock().await.execute_with_status_cancellable(req, status, &token).await,
            ("kit", _) => match &sh.kit {
                Some(k) => k.execute_with_status_cancellable(req, status, &token).await,
                None => ToolResponse::default(),
            },
            _ => match &sh.discover {
                Some(d) => d.clone().execute_with_status(req, status).await,
                None => ToolResponse::default(),
            },
        };
        watcher.abort();
        if let Some(f) = forwarder {
            let _ = f.await;
        }
        Ok(result(&resp))
    }
}

/// The MCP session id of the HTTP request being served (`Mcp-Session-Id`).
fn mcp_session_id(ctx: &RequestContext<RoleServer>) -> Option<&str> {
    let parts = ctx.extensions.get::<hyper::http::request::Parts>()?;
    parts.headers.get("mcp-session-id")?.to_str().ok()
}

/// A `tools/list` entry.
fn entry(name: &str, description: &str, schema: &Value) -> McpTool {
    let schema = match schema {
        Value::Object(m) => m.clone(),
        _ => Map::new(),
    };
    McpTool::new(name.to_string(), description.to_string(), Arc::new(schema))
}

/// The status callback sending `notifications/progress` when the request has a progress
/// token (TC-26), and the task forwarding them.
fn progress(ctx: &RequestContext<RoleServer>) -> (kitsh::tool::StatusCallback, Option<tokio::task::JoinHandle<()>>) {
    let Some(token) = ctx.meta.get_progress_token() else {
        return (Box::new(|_| {}), None);
    };
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<ToolStatus>();
    let peer: Peer<RoleServer> = ctx.peer.clone();
    let task = tokio::spawn(async move {
        while let Some(st) = rx.recv().await {
            let p = ProgressNotificationParam::new(token.clone(), f64::from(st.percent_complete.unwrap_or(0.0))).with_total(100.0).with_message(st.phase);
            let _ = peer.notify_progress(p).await;
        }
    });
    let cb = Box::new(move |st: ToolStatus| {
        if st.phase != "output" && st.percent_complete.is_some() {
            let _ = tx.send(st);
        }
    });
    (cb, Some(task))
}

/// A run's result as TC-25 maps it.
fn result(resp: &ToolResponse) -> CallToolResult {
    let mut content = vec![ContentBlock::text(resp.stdout.clone())];
    if !resp.stderr.is_empty() {
        content.push(ContentBlock::text(format!("stderr:\n{}", resp.stderr)));
    }
    if resp.exit_code != 0 {
        content.push(ContentBlock::text(format!("exit_code: {}", resp.exit_code)));
    }
    let mut r = if resp.exit_code != 0 || resp.error.is_some() { CallToolResult::error(content) } else { CallToolResult::success(content) };
    r.structured_content = serde_json::to_value(resp).ok();
    r
}

/// A kit tool called as an MCP tool of its own (`--expose-each`): its value as JSON text.
async fn call_each(spec: &Arc<ToolSpec>, args: Map<String, Value>) -> CallToolResult {
    match call(spec, args).await {
        Ok(c) => {
            let text = match c.value.get("output").and_then(Value::as_str) {
                Some(t) if c.value.as_object().is_some_and(|m| m.len() == 1) => t.to_string(),
                _ => c.value.to_string(),
            };
            let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
            r.structured_content = Some(c.value);
            r
        }
        Err(e) => CallToolResult::error(vec![ContentBlock::text(format!("{}: {}", spec.name, e.message()))]),
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("kitsh", env!("CARGO_PKG_VERSION")))
            .with_instructions("kitsh: `bash` runs bash scripts in a sandbox with a virtual filesystem; `kit` runs a logic-only bash script over the operator's kit tools.")
    }

    async fn list_tools(&self, _request: Option<PaginatedRequestParams>, _context: RequestContext<RoleServer>) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.tools()))
    }

    async fn call_tool(&self, request: CallToolRequestParams, context: RequestContext<RoleServer>) -> Result<CallToolResponse, McpError> {
        let args = request.arguments.unwrap_or_default();
        self.call(&request.name, args, &context).await.map(CallToolResponse::Complete)
    }
}

/// The largest JSON-RPC message read; longer lines are dropped (and logged) by rmcp.
pub const MAX_REQUEST_BYTES: usize = 64 << 20;

/// Serve on stdin/stdout until the client disconnects.
pub async fn serve_stdio(opts: McpOptions) -> Result<(), String> {
    let server = Server::new(opts);
    // Requests up to 64 MiB reach the tools, so an oversized script gets the tool contract's
    // `resource_limit` answer (its input limit is far lower) instead of being dropped unanswered.
    let (stdin, stdout) = rmcp::transport::stdio();
    let transport = rmcp::transport::async_rw::AsyncRwTransport::<RoleServer, _, _>::new(stdin, stdout).with_max_line_length(MAX_REQUEST_BYTES);
    let running = server.serve(transport).await.map_err(|e| e.to_string())?;
    running.waiting().await.map_err(|e| e.to_string())?;
    Ok(())
}
