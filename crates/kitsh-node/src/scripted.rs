//! `ScriptedTool` from Node: tools that are JavaScript functions (sync or `async`), called from
//! the script's logic-only shell as commands, through `bridge` (the event loop's thread runs
//! them; the script's thread waits). The policy and error hooks are JavaScript functions too.

use std::sync::Arc;

use kitsh::scripted_tool::{PolicyDecision, ScriptedTool as Inner, ToolArgs, ToolCall, ToolDef};
use kitsh::tool::{Tool, ToolRequest};
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::bridge::{self, Call, Dispatch, Kind};
use crate::exec;
use crate::status::Sink;
use crate::{ExecResult, Limits};

/// One tool as JavaScript describes it.
#[napi(object)]
pub struct ToolSpec {
    /// The command's name (`get_user`, `net.url_info`).
    pub name: String,
    /// What it does (its first line is the summary).
    pub description: String,
    /// Its input schema, as JSON text (none: no flags).
    pub schema: Option<String>,
    /// Tags for `discover --tag`.
    pub tags: Option<Vec<String>>,
    /// A category for `discover --category`.
    pub category: Option<String>,
}

/// How a `ScriptedTool` is configured besides its tools.
#[napi(object)]
#[derive(Default)]
pub struct ScriptedOptions {
    /// The one-liner of tool listings.
    pub short_description: Option<String>,
    /// Variables exported to every script.
    pub env: Option<std::collections::HashMap<String, String>>,
    /// Resource limits of every script.
    pub limits: Option<Limits>,
    /// Show `NAME: tool failed` instead of a tool's error text (default true).
    pub sanitize_errors: Option<bool>,
    /// List tools by name only in the system prompt (default false).
    pub compact_prompt: Option<bool>,
    /// JavaScript has a policy hook (asked through the dispatch function).
    pub policy: Option<bool>,
    /// JavaScript has an error hook (told through the dispatch function).
    pub on_tool_error: Option<bool>,
}

/// Call `name` on the JavaScript side and wait for its answer (or the script's stop).
fn call_js(dispatch: &Dispatch, name: &str, args: &ToolArgs) -> std::result::Result<String, String> {
    bridge::call(dispatch, Kind::Tool, name, args.params.to_string(), args.stdin.clone(), &|| args.stopped())
        .unwrap_or_else(|| Err(format!("{name}: stopped")))
}

/// A ScriptedTool whose tools are JavaScript functions.
#[napi]
pub struct ScriptedToolNative {
    inner: Inner,
}

#[napi]
impl ScriptedToolNative {
    /// `name`, its tools, its options, and the function every call goes through
    /// (`([ticket, kind, name, json, stdin]) => void`, settling the ticket).
    #[napi(constructor)]
    pub fn new(name: String, tools: Vec<ToolSpec>, options: Option<ScriptedOptions>, dispatch: Function<'_, Call, ()>) -> Result<Self> {
        let dispatch: Arc<Dispatch> = Arc::new(bridge::dispatcher(dispatch)?);
        let o = options.unwrap_or_default();
        let mut b = Inner::builder(name);
        if let Some(d) = o.short_description {
            b = b.short_description(d);
        }
        let mut env: Vec<_> = o.env.unwrap_or_default().into_iter().collect();
        env.sort();
        for (k, v) in env {
            b = b.env(k, v);
        }
        if let Some(l) = &o.limits {
            b = b.limits(crate::limits(l));
        }
        b = b.sanitize_errors(o.sanitize_errors.unwrap_or(true)).compact_prompt(o.compact_prompt.unwrap_or(false));
        if o.policy == Some(true) {
            let d = Arc::clone(&dispatch);
            b = b.policy(move |c: &ToolCall| {
                match bridge::call(&d, Kind::Policy, &c.tool, c.args.to_string(), None, &|| false) {
                    Some(Ok(_)) => PolicyDecision::Allow,
                    Some(Err(reason)) => PolicyDecision::Deny(reason),
                    None => PolicyDecision::Deny("stopped".into()),
                }
            });
        }
        if o.on_tool_error == Some(true) {
            let d = Arc::clone(&dispatch);
            b = b.on_tool_error(move |tool: &str, text: &str| {
                let _ = bridge::call(&d, Kind::ToolError, tool, serde_json::Value::from(text).to_string(), None, &|| false);
            });
        }
        for t in tools {
            let mut def = ToolDef::new(t.name.clone(), t.description);
            if let Some(s) = t.schema {
                let v: serde_json::Value = serde_json::from_str(&s).map_err(|e| Error::from_reason(format!("{}: schema: {e}", t.name)))?;
                def = def.with_schema(v);
            }
            if let Some(tags) = &t.tags {
                let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
                def = def.with_tags(&tags);
            }
            if let Some(c) = &t.category {
                def = def.with_category(c);
            }
            let d = Arc::clone(&dispatch);
            let name = t.name;
            b = b.tool_fn(def, move |a: &ToolArgs| call_js(&d, &name, a));
        }
        let inner = b.try_build().map_err(|e| Error::from_reason(e.to_string()))?;
        Ok(ScriptedToolNative { inner })
    }

    /// Run a script off the event loop (tools are called back on it), as `Bash.execNative`
    /// does: its result when it was done within a few microseconds, else `undefined` and
    /// `done(result)` later. `token` stops it (130); `onStatus` receives each status event as
    /// JSON text, then `""` when the run is over.
    #[napi(ts_return_type = "ExecResult | undefined")]
    pub fn execute_native(
        &self,
        commands: String,
        timeout_ms: Option<u32>,
        token: Option<&crate::CancelToken>,
        on_status: Option<Function<'_, String, ()>>,
        done: Function<'_, Option<ExecResult>, ()>,
    ) -> Result<Option<ExecResult>> {
        let mut req = ToolRequest::new(commands);
        req.timeout_ms = timeout_ms.map(u64::from);
        let sink = on_status.map(Sink::new).transpose()?;
        let tool = Inner::clone(&self.inner);
        let token = token.map(|t| t.inner.clone()).unwrap_or_default();
        let call: exec::Call = Box::pin(async move {
            let r = match &sink {
                Some(s) => tool.execute_with_status_cancellable(req, s.callback(), &token).await,
                None => tool.execute_cancellable(req, &token).await,
            };
            if let Some(s) = sink {
                s.end();
            }
            r
        });
        exec::start(call, done)
    }

    /// The tool's name.
    #[napi(getter)]
    pub fn tool_name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The tool's description.
    #[napi]
    pub fn description(&self) -> String {
        self.inner.description()
    }

    /// The system prompt (ST-25).
    #[napi]
    pub fn system_prompt(&self) -> String {
        self.inner.system_prompt()
    }

    /// The man page.
    #[napi]
    pub fn help(&self) -> String {
        self.inner.help()
    }

    /// The input schema as JSON text.
    #[napi]
    pub fn input_schema_json(&self) -> String {
        self.inner.input_schema().to_string()
    }

    /// The output schema as JSON text.
    #[napi]
    pub fn output_schema_json(&self) -> String {
        self.inner.output_schema().to_string()
    }

    /// The tool calls of the last run, as JSON text (`[{ tool, args, exit_code, duration_ms,
    /// stdout_bytes, error, denied }]`; `error` is the original text, never sanitised).
    #[napi]
    pub fn last_trace_json(&self) -> Option<String> {
        Some(self.inner.take_last_execution_trace()?.to_json().to_string())
    }
}
