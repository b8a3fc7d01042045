//! ScriptedTool speed (`cargo bench -p kitsh --bench scripted`): what registering tools adds
//! to a call, the cost of one tool call inside a script, and a tool's JSON through `jq`.
//! Not a test: nothing is asserted beyond the results being right.

use std::time::Duration;

use kitsh::scripted_tool::{ScriptedTool, ToolArgs, ToolDef};
use kitsh::tool::{Tool, ToolRequest};
use kitsh::Bash;
use serde_json::json;

mod common;
use common::{mean, us};

/// A tool with `n` registered tools (`t0`..), a no-op `noop` and `get_user`.
fn tool(n: usize) -> ScriptedTool {
    let mut b = ScriptedTool::builder("bench").tool_fn(ToolDef::new("noop", "Does nothing"), |_: &ToolArgs| Ok(String::new())).tool_fn(
        ToolDef::new("get_user", "Fetch user").with_schema(json!({"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]})),
        |a: &ToolArgs| Ok(format!("{{\"id\":{},\"name\":\"Ada\"}}\n", a.param_i64("id").unwrap_or(0))),
    );
    for i in 0..n {
        let schema = json!({"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}});
        b = b.tool_fn(ToolDef::new(format!("t{i}"), "Filler").with_schema(schema), |_: &ToolArgs| Ok(String::new()));
    }
    b.build()
}

fn main() {
    let budget = Duration::from_millis(700);
    let base = mean(budget, || {
        let mut b = Bash::builder().logic_mode().build().expect("bash");
        std::hint::black_box(b.exec_sync(":"));
    });
    println!("{:<52} {:>9.1} µs", "logic-mode Bash + `:` (the interpreter's own start)", us(base));
    let t50 = tool(48);
    let call = mean(budget, || {
        let r = t50.execute_sync(ToolRequest::new("noop"));
        debug_assert_eq!(r.exit_code, 0);
        std::hint::black_box(r);
    });
    println!("{:<52} {:>9.1} µs   (+{:.1} µs over the start)", "50 tools, execute_sync `noop`", us(call), us(call) - us(base));
    let t0 = tool(0);
    let call0 = mean(budget, || {
        std::hint::black_box(t0.execute_sync(ToolRequest::new("noop")));
    });
    println!("{:<52} {:>9.1} µs", "2 tools, execute_sync `noop`", us(call0));
    if let Ok(rt) = tokio::runtime::Builder::new_current_thread().build() {
        let a = mean(budget, || {
            let mut t = t50.clone();
            std::hint::black_box(rt.block_on(t.execute(ToolRequest::new("noop"))));
        });
        println!("{:<52} {:>9.1} µs", "50 tools, async execute `noop` (current-thread rt)", us(a));
    }
    let loop_script = "for ((i = 0; i < 1000; i++)); do noop; done";
    let l = mean(budget, || {
        let r = t50.execute_sync(ToolRequest::new(loop_script));
        assert_eq!(r.exit_code, 0);
    });
    println!("{:<52} {:>9.1} µs   ({:.2} µs per call)", "1 000 tool calls in a loop", us(l), (us(l) - us(call)) / 1000.0);
    let bare = mean(budget, || {
        let mut b = Bash::builder().logic_mode().build().expect("bash");
        std::hint::black_box(b.exec_sync("f() { :; }; for ((i = 0; i < 1000; i++)); do f; done"));
    });
    println!("{:<52} {:>9.1} µs", "  same loop calling a shell function instead", us(bare));
    // A kept shell (one `Bash` across many `exec`s) with and without tools registered through
    // `BashBuilder::tools` (issue 45, item 12: they should cost nothing until a tool is called).
    let mut plain = Bash::builder().build().expect("bash");
    let kept = mean(budget, || {
        std::hint::black_box(plain.exec_sync(":; echo ok"));
    });
    println!("{:<52} {:>9.1} µs", "kept Bash, exec_sync `:; echo ok`", us(kept));
    let mut with_tools = Bash::builder().tools(&t50).build().expect("bash");
    let kept_tools = mean(budget, || {
        std::hint::black_box(with_tools.exec_sync(":; echo ok"));
    });
    println!("{:<52} {:>9.1} µs   (+{:.1} µs)", "  same with 50 tools registered", us(kept_tools), us(kept_tools) - us(kept));
    if let Ok(rt) = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        let a = mean(budget, || {
            std::hint::black_box(rt.block_on(plain.exec(":; echo ok")).expect("exec"));
        });
        println!("{:<52} {:>9.1} µs", "kept Bash, async exec `:; echo ok` (tokio)", us(a));
        let b = mean(budget, || {
            std::hint::black_box(rt.block_on(with_tools.exec(":; echo ok")).expect("exec"));
        });
        println!("{:<52} {:>9.1} µs   (+{:.1} µs)", "  same with 50 tools registered", us(b), us(b) - us(a));
    }
    let jq = mean(budget, || {
        let r = t50.execute_sync(ToolRequest::new("get_user --id 1 | jq -r .name"));
        assert_eq!(r.stdout, "Ada\n");
    });
    println!("{:<52} {:>9.1} µs", "get_user --id 1 | jq -r .name", us(jq));
    #[cfg(feature = "python")]
    python_calls(&t50);
}

/// Tool calls from Python (issue 43): 1 000 `kitsh_tools` calls in one `python3` run, against
/// the same loop without the calls; the difference per call is what a call adds over its
/// callback. (`cargo bench -p kitsh --bench scripted --features python`)
#[cfg(feature = "python")]
fn python_calls(t: &ScriptedTool) {
    let budget = Duration::from_secs(3);
    // The WASI engine's first call on a machine compiles its module and makes its snapshots
    // (minutes): not timed.
    let r = t.execute_sync(ToolRequest::new("python3 -c pass").with_timeout_ms(900_000));
    assert_eq!(r.exit_code, 0, "{}", r.stderr);
    let run = |body: &str| {
        let script = format!("python3 -c 'import kitsh_tools\nfor i in range(1000):\n    {body}'");
        mean(budget, || {
            let r = t.execute_sync(ToolRequest::new(&script));
            assert_eq!(r.exit_code, 0, "{}", r.stderr);
        })
    };
    let empty = run("pass");
    for (label, body) in [("noop()", "kitsh_tools.noop()"), ("get_user(id=i)  (schema, JSON result)", "kitsh_tools.get_user(id=i)")] {
        let calls = run(body);
        println!(
            "{:<52} {:>9.1} µs   ({:.1} µs per call over the loop)",
            format!("python3: 1 000 × kitsh_tools.{label}"),
            us(calls),
            (us(calls) - us(empty)) / 1000.0
        );
    }
}
