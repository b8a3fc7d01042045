//! `ScriptedTool` from Node: tools that are JavaScript functions (sync or `async`), called from
//! the script's logic-only shell as commands. A call reaches the event loop's thread through a
//! thread-safe function with a ticket; the interpreter's thread waits on the ticket until the
//! JavaScript side settles it (`settle`), so an `async` tool is awaited there.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use kitsh::scripted_tool::{ScriptedTool as Inner, ToolArgs, ToolDef};
use kitsh::tool::{Tool, ToolRequest, ToolResponse};
use napi::bindgen_prelude::*;
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi::{Env, Task};
use napi_derive::napi;

use crate::ExecResult;

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

/// What the thread-safe function carries to JavaScript: the ticket, the tool's name, its
/// parameters as JSON text, and its piped input.
type Call = (u32, String, String, Option<String>);
type Dispatch = ThreadsafeFunction<Call, (), Call, Status, false, true>;

/// A tool's answer: its output, or its error message.
type Answer = std::result::Result<String, String>;

/// The tickets waiting for JavaScript's answer.
static PENDING: Mutex<Option<HashMap<u32, mpsc::Sender<Answer>>>> = Mutex::new(None);
static NEXT: AtomicU32 = AtomicU32::new(1);

/// Settle the call `ticket` (called by the JavaScript side when a tool's function returned or
/// threw).
#[napi]
pub fn settle(ticket: u32, ok: bool, text: String) {
    let tx = PENDING.lock().unwrap_or_else(|e| e.into_inner()).as_mut().and_then(|m| m.remove(&ticket));
    if let Some(tx) = tx {
        let _ = tx.send(if ok { Ok(text) } else { Err(text) });
    }
}

/// Call `name` on the JavaScript side and wait for its answer.
fn call_js(dispatch: &Dispatch, name: &str, args: &ToolArgs) -> Answer {
    let ticket = NEXT.fetch_add(1, Ordering::Relaxed);
    let (tx, rx) = mpsc::channel();
    PENDING.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashMap::new).insert(ticket, tx);
    let status = dispatch.call((ticket, name.to_string(), args.params.to_string(), args.stdin.clone()), ThreadsafeFunctionCallMode::Blocking);
    if status != Status::Ok {
        settle(ticket, false, format!("{name}: the JavaScript side is gone"));
    }
    rx.recv().unwrap_or_else(|_| Err(format!("{name}: no answer from JavaScript")))
}

/// A ScriptedTool whose tools are JavaScript functions.
#[napi]
pub struct ScriptedToolNative {
    inner: Arc<Inner>,
}

#[napi]
impl ScriptedToolNative {
    /// `name`, its tools, and the function every call goes through
    /// (`(ticket, name, paramsJson, stdin) => void`, settling the ticket).
    #[napi(constructor)]
    pub fn new(name: String, short_description: Option<String>, tools: Vec<ToolSpec>, dispatch: Function<'_, Call, ()>) -> Result<Self> {
        let dispatch: Arc<Dispatch> = Arc::new(dispatch.build_threadsafe_function::<Call>().callee_handled::<false>().weak::<true>().build()?);
        let mut b = Inner::builder(name);
        if let Some(d) = short_description {
            b = b.short_description(d);
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
        Ok(ScriptedToolNative { inner: Arc::new(inner) })
    }

    /// Run a script off the event loop (tools are called back on it).
    #[napi(ts_return_type = "Promise<ExecResult>")]
    pub fn execute_native(&self, commands: String, timeout_ms: Option<u32>) -> AsyncTask<ScriptedTask> {
        let mut req = ToolRequest::new(commands);
        req.timeout_ms = timeout_ms.map(u64::from);
        AsyncTask::new(ScriptedTask { tool: Arc::clone(&self.inner), request: req })
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

    /// The tool calls of the last run, as JSON text (`[{ tool, args, exit_code, ... }]`).
    #[napi]
    pub fn last_trace_json(&self) -> Option<String> {
        let t = self.inner.take_last_execution_trace()?;
        let calls: Vec<serde_json::Value> = t
            .calls
            .iter()
            .map(|c| serde_json::json!({ "tool": c.tool, "args": c.args, "exit_code": c.exit_code }))
            .collect();
        Some(serde_json::Value::Array(calls).to_string())
    }
}

/// One `execute`, run on libuv's thread pool.
pub struct ScriptedTask {
    tool: Arc<Inner>,
    request: ToolRequest,
}

impl Task for ScriptedTask {
    type Output = ToolResponse;
    type JsValue = ExecResult;

    fn compute(&mut self) -> Result<Self::Output> {
        Ok(self.tool.execute_sync(std::mem::take(&mut self.request)))
    }

    fn resolve(&mut self, _env: Env, output: Self::Output) -> Result<Self::JsValue> {
        Ok(output.into())
    }
}
