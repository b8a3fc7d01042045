//! kitsh used as a dependency, outside its workspace: the seeds' examples, the commands whose
//! engines were patched copies once (jq, sqlite3) and a kit whose Lua definition spins in C.

use std::path::PathBuf;

use kitsh::builtins::{Builtin, Ctx};
use kitsh::{Bash, BashTool, ExecutionLimits, ScriptedTool, Tool, ToolArgs, ToolDef, ToolRequest, ToolResponse, ToolStatus};

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime").block_on(f)
}

struct MyBuiltin;

impl Builtin for MyBuiltin {
    fn run(&self, ctx: &mut Ctx<'_>, args: &[String]) -> i32 {
        let _ = writeln!(ctx.stdout, "custom: {}", args.join(" "));
        0
    }
}
#[test]
fn seed_003_bash_tool_call() {
    let mut tool = BashTool::builder()
        .username("agent")
        .hostname("sandbox")
        .limits(ExecutionLimits::new().max_commands(1000))
        .env("API_KEY", "secret")
        .builtin_boxed("custom_cmd", Box::new(MyBuiltin))
        .build();
    let response: ToolResponse = block_on(tool.execute(ToolRequest {
        commands: "echo hello; custom_cmd a b; whoami; hostname; echo $API_KEY".to_string(),
        ..Default::default()
    }));
    assert_eq!(response.stdout, "hello\ncustom: a b\nagent\nsandbox\nsecret\n");
    assert_eq!(response.exit_code, 0);
    let status = ToolStatus::stdout("x");
    assert_eq!(status.phase, "output");
    // Errors are responses, in bash's words.
    let response = block_on(tool.execute(ToolRequest::new("nosuchcmd")));
    assert_eq!((response.exit_code, response.stderr.as_str()), (127, "kitsh: line 1: nosuchcmd: command not found\n"));
}

fn get_user(args: &ToolArgs) -> Result<String, String> {
    let id = args.param_i64("id").ok_or("missing --id")?;
    Ok(format!(r#"{{"id":{id},"name":"Ada","tier":"gold"}}"#))
}

#[test]
fn seeds_000_and_002_scripted_tool() {
    let def = ToolDef::new("get_user", "Fetch user by ID").with_schema(serde_json::json!({
        "type": "object",
        "properties": { "id": {"type": "integer", "description": "User ID"} },
        "required": ["id"],
    }));
    let tool = ScriptedTool::builder("ecommerce_api")
        .short_description("User, order, and inventory tools")
        .tool_fn(def, get_user)
        .tool(ToolDef::new("get_tier", "Tier of a user"), |args| {
            Ok(format!("{}\n", args.stdin.as_deref().unwrap_or("").contains("gold")))
        })
        .env("API_KEY", "...")
        .limits(ExecutionLimits::new().max_commands(500))
        .build();
    let out = block_on(async {
        tool.execution(serde_json::json!({ "commands": "get_user --id 1 | jq -r '.name'; get_user --id 2 | get_tier" }))
            .expect("a valid request")
            .execute()
            .await
            .expect("it runs")
    });
    assert_eq!(out.result["stdout"], "Ada\ntrue\n");
    assert!(tool.system_prompt().contains("get_user"));
}

#[test]
fn jq_has_jq_semantics() {
    // The forked jaq crates: fractional index floored, division by zero an error; a parse
    // error of the input ends jq 1.8 with status 5.
    let mut bash = Bash::new();
    let r = bash.exec_sync(r#"echo '[1,2,3]' | jq -c '.[1.5], (try (1/0) catch "div")'; echo '{"a":' | jq . ; echo "status $?""#);
    assert_eq!(r.stdout, "2\n\"div\"\nstatus 5\n");
    assert!(r.stderr.starts_with("jq: parse error: Unfinished JSON term at EOF"), "{}", r.stderr);
}

#[test]
fn sqlite3_is_inside() {
    let mut bash = Bash::new();
    let r = bash.exec_sync("sqlite3 :memory: 'select 1+1'");
    assert_eq!((r.stdout.as_str(), r.exit_code), ("2\n", 0));
}

struct Temp(PathBuf);

impl Temp {
    fn new(name: &str) -> Temp {
        let p = std::env::temp_dir().join(format!("kitsh-embed-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(p.join("kit")).expect("a temp folder");
        Temp(p)
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn kit_definition_spinning_in_c_ends_with_the_instruction_limit() {
    let t = Temp::new("spin");
    std::fs::write(t.0.join("kit/spin.lua"), "local r = ('a'):rep(1e5):find('.-.-.-b')\nreturn tools.define_tool{ source = '../tools/x' }\n")
        .expect("write");
    std::fs::create_dir_all(t.0.join("tools/ok")).expect("mkdir");
    std::fs::write(t.0.join("tools/ok/main.sh"), "#!/bin/sh\necho \"hello $1\"\n").expect("write");
    std::fs::write(
        t.0.join("kit/greet.lua"),
        "return tools.define_tool{ source = '../tools/ok', input_adapter = 'positional_args', args_order = {'name'},\n  \
         description = 'Greets', schema = { input = { name = { type = 'string' } } } }\n",
    )
    .expect("write");
    let kit = kitsh_kit::load::load(&t.0.join("kit")).expect("the kit folder loads");
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errs, ["kitsh: kit error: spin.lua: definition took too long (instruction limit)"]);
    assert_eq!(kit.tools.len(), 1);
}
