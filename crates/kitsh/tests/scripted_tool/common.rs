//! The e-commerce tools of the docs, with deterministic data, and helpers to run scripts.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use kitsh::scripted_tool::{ScriptedTool, ScriptedToolBuilder, ToolArgs, ToolDef};
use kitsh::tool::{ToolRequest, ToolResponse};
use serde_json::json;

/// `get_user --id N`, `list_orders --user_id N`, `get_inventory --sku S`, `create_discount`,
/// `upper` (stdin), `echo_args` (prints its params and positional words as JSON),
/// `fail_tool` (an error carrying a secret), `panic_tool`.
pub fn builder() -> ScriptedToolBuilder {
    ScriptedTool::builder("ecommerce_api")
        .short_description("User, order, and inventory tools")
        .tool_fn(
            ToolDef::new("get_user", "Fetch user by ID")
                .with_schema(json!({"type": "object", "properties": {"id": {"type": "integer", "description": "User ID"}}, "required": ["id"]}))
                .with_category("users")
                .with_tags(&["read"]),
            |a: &ToolArgs| {
                let id = a.param_i64("id").ok_or("missing --id")?;
                let name = match id {
                    1 => "Ada",
                    42 => "Alice",
                    _ => return Err(format!("user {id} not found (db password=hunter2)")),
                };
                Ok(format!("{{\"id\":{id},\"name\":\"{name}\",\"tier\":\"gold\"}}\n"))
            },
        )
        .tool_fn(
            ToolDef::new("list_orders", "List orders for a user")
                .with_schema(json!({"type": "object", "properties": {"user_id": {"type": "integer"}}, "required": ["user_id"]}))
                .with_category("orders"),
            |a: &ToolArgs| {
                let id = a.param_i64("user_id").ok_or("missing --user_id")?;
                Ok(format!("[{{\"order\":{},\"sku\":\"A1\",\"total\":30}},{{\"order\":{},\"sku\":\"B2\",\"total\":12.5}}]\n", id * 100 + 1, id * 100 + 2))
            },
        )
        .tool_fn(
            ToolDef::new("get_inventory", "Stock level of a SKU")
                .with_schema(json!({"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]}))
                .with_category("inventory"),
            |a: &ToolArgs| {
                let sku = a.param_str("sku").ok_or("missing --sku")?;
                let n = if sku == "A1" { 0 } else { 7 };
                Ok(format!("{{\"sku\":\"{sku}\",\"in_stock\":{n}}}\n"))
            },
        )
        .tool_fn(
            ToolDef::new("create_discount", "Create a discount code")
                .with_schema(json!({"type": "object", "properties": {"user_id": {"type": "integer"}, "pct": {"type": "number"}}, "required": ["user_id", "pct"]}))
                .with_category("orders")
                .with_tags(&["write"]),
            |a: &ToolArgs| Ok(format!("{{\"code\":\"SAVE{}-{}\"}}\n", a.param_f64("pct").unwrap_or(0.0), a.param_i64("user_id").unwrap_or(0))),
        )
        .tool_fn(ToolDef::new("upper", "Upper-case stdin"), |a: &ToolArgs| match &a.stdin {
            Some(s) => Ok(s.to_uppercase()),
            None => Ok("(no stdin)\n".to_string()),
        })
        .tool_fn(ToolDef::new("echo_args", "Print the parsed arguments"), |a: &ToolArgs| {
            Ok(format!("{}\n", json!({"params": a.params, "positional": a.positional, "stdin": a.stdin})))
        })
        .tool_fn(ToolDef::new("fail_tool", "Always fails"), |_: &ToolArgs| Err("connection to 10.0.0.7 refused: token=sk-SECRET".to_string()))
        .tool_fn(ToolDef::new("panic_tool", "Always panics"), |_: &ToolArgs| -> Result<String, String> {
            #[allow(clippy::panic)]
            {
                panic!("index out of bounds: SECRET-PANIC")
            }
        })
}

/// The default e-commerce tool.
pub fn tool() -> ScriptedTool {
    builder().build()
}

/// Run `script` on `tool` with the async API on a multi-thread runtime.
pub fn run(tool: &ScriptedTool, script: &str) -> ToolResponse {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    rt.block_on(async {
        let mut t = tool.clone();
        kitsh::tool::Tool::execute(&mut t, ToolRequest::new(script)).await
    })
}

/// `(stdout, stderr, exit_code)` of `script`.
pub fn out(tool: &ScriptedTool, script: &str) -> (String, String, i32) {
    let r = run(tool, script);
    (r.stdout, r.stderr, r.exit_code)
}

/// A tool counting its calls.
pub fn counting(name: &str, calls: Arc<AtomicUsize>) -> ScriptedTool {
    ScriptedTool::builder("counter")
        .tool_fn(ToolDef::new(name, "Count calls"), move |_: &ToolArgs| {
            let n = calls.fetch_add(1, Ordering::SeqCst) + 1;
            Ok(format!("{n}\n"))
        })
        .build()
}
