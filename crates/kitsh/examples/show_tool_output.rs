//! Prints the output of every method of a `BashTool`, plain and configured (the seed's
//! verification command: `cargo run -p kitsh --example show_tool_output`).

use std::sync::{Arc, Mutex};

use kitsh::builtins::{Builtin, Ctx};
use kitsh::tool::{BashTool, Tool, ToolRequest, ToolStatus};
use kitsh::ExecutionLimits;

/// A custom command: prints its arguments in upper case.
struct Shout;

impl Builtin for Shout {
    fn run(&self, ctx: &mut Ctx<'_>, args: &[String]) -> i32 {
        let _ = writeln!(ctx.stdout, "{}", args.join(" ").to_uppercase());
        0
    }
}

fn show(title: &str, text: &str) {
    println!("#### {title}\n{text}");
    if !text.ends_with('\n') {
        println!();
    }
}

fn print_tool(label: &str, tool: &BashTool) {
    println!("=================== {label} ===================");
    show("name()", tool.name());
    show("display_name()", tool.display_name());
    show("short_description()", tool.short_description());
    show("description()", &tool.description());
    show("system_prompt()", &tool.system_prompt());
    show("help()", &tool.help());
    show("input_schema()", &serde_json::to_string_pretty(&tool.input_schema()).unwrap_or_default());
    show("output_schema()", &serde_json::to_string_pretty(&tool.output_schema()).unwrap_or_default());
    show("version()", tool.version());
    show("locale()", tool.locale());
}

fn main() {
    let plain = BashTool::default();
    print_tool("default", &plain);
    let mut configured = BashTool::builder()
        .username("agent")
        .hostname("sandbox")
        .limits(ExecutionLimits::new().max_commands(500).max_loop_iterations(10000).max_function_depth(100))
        .env("API_KEY", "secret")
        .builtin("shout", Arc::new(Shout))
        .build();
    print_tool("configured", &configured);

    let rt = match tokio::runtime::Builder::new_current_thread().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("no runtime: {e}");
            return;
        }
    };
    rt.block_on(async {
        let req = ToolRequest::new("for i in 1 2; do shout item $i; done; whoami; echo $API_KEY | wc -c");
        let resp = configured.execute(req.clone()).await;
        show("execute()", &serde_json::to_string(&resp).unwrap_or_default());
        let statuses = Arc::new(Mutex::new(Vec::<ToolStatus>::new()));
        let s2 = statuses.clone();
        let resp = configured.execute_with_status(req, Box::new(move |st| s2.lock().unwrap_or_else(|e| e.into_inner()).push(st))).await;
        let events: Vec<String> = statuses.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|s| serde_json::to_string(s).unwrap_or_default()).collect();
        show("execute_with_status() events", &events.join("\n"));
        show("execute_with_status() response", &serde_json::to_string(&resp).unwrap_or_default());
        match configured.execution(serde_json::json!({"commands": "echo from execution"})) {
            Ok(ex) => match ex.execute().await {
                Ok(out) => show("execution()", &out.result.to_string()),
                Err(e) => show("execution()", &e.to_string()),
            },
            Err(e) => show("execution()", &e.to_string()),
        }
    });
}
