//! The e-commerce tools of the ScriptedTool docs: four host callbacks (get_user, list_orders,
//! get_inventory, create_discount) registered as commands of one logic-only bash tool, and a
//! multi-step script a model would send as a single tool call.
//! Run: `cargo run -p kitsh --example scripted_tool`.

use kitsh::scripted_tool::{ScriptedTool, ToolArgs, ToolDef};
use kitsh::tool::{Tool, ToolRequest};
use serde_json::json;

fn get_user(args: &ToolArgs) -> Result<String, String> {
    let id = args.param_i64("id").ok_or("missing --id")?;
    match id {
        1 => Ok(r#"{"id":1,"name":"Ada","tier":"gold","email":"ada@example.com"}"#.to_string() + "\n"),
        2 => Ok(r#"{"id":2,"name":"Bob","tier":"silver","email":"bob@example.com"}"#.to_string() + "\n"),
        _ => Err(format!("no user {id} in table users (replica db-3.internal)")),
    }
}

fn list_orders(args: &ToolArgs) -> Result<String, String> {
    let id = args.param_i64("user_id").ok_or("missing --user_id")?;
    Ok(json!([
        {"order_id": id * 100 + 1, "sku": "LAMP-01", "qty": 1, "total": 49.9},
        {"order_id": id * 100 + 2, "sku": "DESK-07", "qty": 1, "total": 320.0},
    ])
    .to_string()
        + "\n")
}

fn get_inventory(args: &ToolArgs) -> Result<String, String> {
    let sku = args.param_str("sku").ok_or("missing --sku")?;
    let stock = if sku == "DESK-07" { 0 } else { 12 };
    Ok(json!({"sku": sku, "in_stock": stock, "warehouse": "EU-1"}).to_string() + "\n")
}

fn create_discount(args: &ToolArgs) -> Result<String, String> {
    let user = args.param_i64("user_id").ok_or("missing --user_id")?;
    let pct = args.param_f64("pct").ok_or("missing --pct")?;
    Ok(json!({"code": format!("SORRY{pct}-{user}"), "pct": pct}).to_string() + "\n")
}

/// The tool, as a host would build it.
fn ecommerce() -> ScriptedTool {
    let int = |d: &str| json!({"type": "integer", "description": d});
    ScriptedTool::builder("ecommerce_api")
        .short_description("User, order, and inventory tools")
        .tool_fn(
            ToolDef::new("get_user", "Fetch user by ID")
                .with_schema(json!({"type": "object", "properties": {"id": int("User ID")}, "required": ["id"]}))
                .with_category("users"),
            get_user,
        )
        .tool_fn(
            ToolDef::new("list_orders", "List orders for a user")
                .with_schema(json!({"type": "object", "properties": {"user_id": int("User ID")}, "required": ["user_id"]}))
                .with_category("orders"),
            list_orders,
        )
        .tool_fn(
            ToolDef::new("get_inventory", "Stock level of a SKU")
                .with_schema(json!({"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]}))
                .with_category("inventory"),
            get_inventory,
        )
        .tool_fn(
            ToolDef::new("create_discount", "Create a discount code for a user")
                .with_schema(json!({"type": "object", "properties": {"user_id": int("User ID"), "pct": {"type": "number"}}, "required": ["user_id", "pct"]}))
                .with_category("orders")
                .with_tags(&["write"]),
            create_discount,
        )
        .build()
}

/// What a model sends: one script doing the whole task.
const SCRIPT: &str = r#"
user=$(get_user --id 1)
name=$(jq -r .name <<< "$user")
missing=()
for sku in $(list_orders --user_id 1 | jq -r '.[].sku'); do
  if [ "$(get_inventory --sku "$sku" | jq .in_stock)" -eq 0 ]; then missing+=("$sku"); fi
done
if (( ${#missing[@]} > 0 )); then
  code=$(create_discount --user_id 1 --pct 15 | jq -r .code)
  echo "$name: ${missing[*]} out of stock, discount $code"
else
  echo "$name: all items in stock"
fi
get_user --id 9 || echo "user 9: lookup failed (details stay on the host)"
"#;

/// The same task in Python (`import kitsh_tools`), for a build with `python3` (feature
/// `python`: `cargo run -p kitsh --features python --example scripted_tool`).
const PYTHON: &str = r#"python3 - <<'PY'
import kitsh_tools as t
name = t.get_user(id=1)["name"]
missing = [o["sku"] for o in t.list_orders(user_id=1) if t.get_inventory(sku=o["sku"])["in_stock"] == 0]
if missing:
    code = t.create_discount(user_id=1, pct=15)["code"]
    print(f"{name}: {' '.join(missing)} out of stock, discount {code}")
else:
    print(f"{name}: all items in stock")
try:
    t.get_user(id=9)
except t.ToolError:
    print("user 9: lookup failed (details stay on the host)")
PY"#;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut tool = ecommerce();
    println!("--- system prompt ---\n{}", tool.system_prompt());
    let resp = tool.execute(ToolRequest::new(SCRIPT)).await;
    println!("--- one tool call ---\nstdout:\n{}stderr:\n{}exit code: {}", resp.stdout, resp.stderr, resp.exit_code);
    if let Some(trace) = tool.take_last_execution_trace() {
        println!("--- host-side trace ---");
        for c in trace.calls {
            println!("{:<16} {:<28} exit {}  {:>4} bytes  {:?}", c.tool, c.args.to_string(), c.exit_code, c.stdout_bytes, c.error);
        }
    }
    let py = tool.execute(ToolRequest::new(PYTHON)).await;
    println!("--- the same task in Python ---\nstdout:\n{}stderr:\n{}exit code: {}", py.stdout, py.stderr, py.exit_code);
}
