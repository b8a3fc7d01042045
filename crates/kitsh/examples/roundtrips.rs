//! The point of ScriptedTool, measured: one 5-tool task done the usual way (one tool call
//! per model turn, the model reading every raw JSON result) and as one script (one tool call,
//! the model reading only the composed answer). Deterministic mock tools with API-sized
//! responses; prints model turns and the bytes of tool output the model reads each way.
//! Run: `cargo run -p kitsh --example roundtrips`.

use kitsh::scripted_tool::{ScriptedTool, ToolArgs, ToolDef};
use kitsh::tool::{Tool, ToolRequest};
use serde_json::{json, Value};

/// A user record with the fields a real API returns (most of them useless for the task).
fn user(id: i64) -> Value {
    json!({
        "id": id, "name": "Ada Lovelace", "email": "ada@example.com", "tier": "gold",
        "created_at": "2021-03-04T10:22:31Z", "last_login": "2026-11-20T08:01:12Z",
        "address": {"street": "12 Analytical Row", "city": "London", "zip": "N1 9GU", "country": "GB"},
        "preferences": {"newsletter": true, "language": "en-GB", "currency": "GBP", "theme": "dark"},
        "flags": ["verified", "beta", "support_priority"], "lifetime_value": 12890.55
    })
}

fn order(n: i64, sku: &str, total: f64) -> Value {
    json!({
        "order_id": n, "sku": sku, "qty": 1, "total": total, "currency": "GBP", "status": "shipped",
        "placed_at": "2026-10-0".to_string() + &(n % 9 + 1).to_string() + "T12:00:00Z",
        "shipping": {"carrier": "DHL", "tracking": format!("JD0146000{n}"), "eta_days": 2},
        "items": [{"sku": sku, "name": format!("{sku} (standard)"), "unit_price": total, "tax": total * 0.2}]
    })
}

fn tools() -> ScriptedTool {
    let obj = |props: Value, req: &[&str]| json!({"type": "object", "properties": props, "required": req});
    ScriptedTool::builder("shop")
        .tool_fn(ToolDef::new("get_user", "Fetch a user").with_schema(obj(json!({"id": {"type": "integer"}}), &["id"])), |a: &ToolArgs| {
            Ok(user(a.param_i64("id").unwrap_or(0)).to_string() + "\n")
        })
        .tool_fn(ToolDef::new("list_orders", "Orders of a user").with_schema(obj(json!({"user_id": {"type": "integer"}}), &["user_id"])), |_: &ToolArgs| {
            Ok(json!([order(101, "LAMP-01", 49.9), order(102, "DESK-07", 320.0)]).to_string() + "\n")
        })
        .tool_fn(ToolDef::new("get_inventory", "Stock of a SKU").with_schema(obj(json!({"sku": {"type": "string"}}), &["sku"])), |a: &ToolArgs| {
            let sku = a.param_str("sku").unwrap_or("");
            let stock = if sku == "DESK-07" { 0 } else { 12 };
            Ok(json!({"sku": sku, "in_stock": stock, "reserved": 3, "warehouse": {"id": "EU-1", "city": "Leipzig"}, "restock_eta": "2026-12-02", "supplier": "Acme GmbH"}).to_string() + "\n")
        })
        .tool_fn(
            ToolDef::new("create_discount", "Create a discount").with_schema(obj(json!({"user_id": {"type": "integer"}, "pct": {"type": "number"}}), &["user_id", "pct"])),
            |a: &ToolArgs| {
                Ok(json!({"code": "SORRY15-1", "pct": a.param_f64("pct"), "user_id": a.param_i64("user_id"), "expires": "2027-01-01", "single_use": true, "created_by": "agent"}).to_string() + "\n")
            },
        )
        .build()
}

/// One tool call: the model sends `commands`; returns what it reads back.
async fn call(tool: &mut ScriptedTool, commands: &str) -> String {
    let r = tool.execute(ToolRequest::new(commands)).await;
    serde_json::to_string(&r).unwrap_or_default()
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut tool = tools();
    // The usual way: the model calls one tool per turn and reads each raw result; its
    // context grows with every result, and each turn re-reads the context so far.
    let steps = ["get_user --id 1", "list_orders --user_id 1", "get_inventory --sku LAMP-01", "get_inventory --sku DESK-07", "create_discount --user_id 1 --pct 15"];
    let (mut read, mut context, mut reread) = (0usize, 0usize, 0usize);
    for s in steps {
        let result = call(&mut tool, s).await;
        read += result.len();
        context += result.len();
        reread += context;
    }
    let per_step = (steps.len() + 1, read, reread);
    // ScriptedTool: one script, one tool call, one composed answer.
    let script = r#"name=$(get_user --id 1 | jq -r .name)
out=()
for sku in $(list_orders --user_id 1 | jq -r '.[].sku'); do
  [ "$(get_inventory --sku "$sku" | jq .in_stock)" -eq 0 ] && out+=("$sku")
done
code=$(create_discount --user_id 1 --pct 15 | jq -r .code)
echo "$name: out of stock: ${out[*]}; discount $code""#;
    let result = call(&mut tool, script).await;
    let calls = tool.take_last_execution_trace().map_or(0, |t| t.calls.len());
    let one_script = (2, result.len(), result.len());
    println!("answer: {}", serde_json::from_str::<Value>(&result).map(|v| v["stdout"].as_str().unwrap_or("").trim().to_string()).unwrap_or_default());
    println!("tool calls made by the script: {calls}\n");
    println!("| way | model turns | tool-output bytes read | bytes re-read over the turns |");
    println!("|---|---:|---:|---:|");
    println!("| one tool call per step | {} | {} | {} |", per_step.0, per_step.1, per_step.2);
    println!("| one ScriptedTool script | {} | {} | {} |", one_script.0, one_script.1, one_script.2);
    println!("\nturns: {:.1}× fewer; bytes read: {:.1}× fewer", per_step.0 as f64 / one_script.0 as f64, per_step.1 as f64 / one_script.1 as f64);
}
