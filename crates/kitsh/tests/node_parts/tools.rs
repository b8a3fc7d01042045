//! `require('kitsh_tools')`: the shell's tools called from JavaScript, through the path a bash
//! call takes (schema checks with the flags' messages, the policy hook, the trace, sanitising),
//! and `node` in a ScriptedTool's logic mode (no file access).

use crate::common::guest::{crm, with_tools};
use kitsh::scripted_tool::ScriptedTool;
use kitsh::tool::ToolRequest;
use kitsh::Bash;
use serde_json::json;

fn js(tools: &ScriptedTool, code: &str) -> kitsh::ExecResult {
    with_tools(tools, &format!("node - <<'JS'\n{code}\nJS"))
}

#[test]
fn tools_are_synchronous_functions() {
    let t = crm();
    let r = js(
        &t,
        r#"const tools = require('kitsh_tools');
const { get_user } = require('kitsh_tools');
const u = tools.get_user({ id: 42 });
console.log(typeof u, u.id, u.name);
console.log(JSON.stringify(get_user({ id: 7 })) === JSON.stringify({ id: 7, name: 'Ada' }));
console.log(JSON.stringify(tools.net.url_info({ url: 'https://example.com' })));
console.log(tools.count_lines({}, { stdin: 'a\nb\nc\n' }), tools['count-lines']({}, { stdin: Buffer.from('x\n') }));
console.log(tools.get_user.description, tools.get_user.inputSchema.required);
console.log(tools.get_user({ id: '9' }).id);"#,
    );
    assert_eq!(
        r.stdout,
        "object 42 Ada\ntrue\n\"host of https://example.com\\n\"\n3 1\nFetch a user by id [ 'id' ]\n9\n",
        "stderr: {}",
        r.stderr
    );
    assert_eq!(r.exit_code, 0);
    // The trace lists the calls JavaScript made, with their arguments.
    let calls = t.take_last_execution_trace().expect("a trace").calls;
    let names: Vec<&str> = calls.iter().map(|c| c.tool.as_str()).collect();
    assert_eq!(names, ["get_user", "get_user", "net.url_info", "count-lines", "count-lines", "get_user"]);
    assert_eq!(calls[0].args, json!({"id": 42}));
}

#[test]
fn failures_throw_tool_error() {
    let t = crm();
    let r = js(
        &t,
        r#"const tools = require('kitsh_tools');
for (const [f, p] of [[tools.fail, {}], [tools.get_user, { id: 'x' }], [tools.get_user, {}], [tools.delete_all, {}]]) {
  try { f(p); } catch (e) { console.log(e instanceof tools.ToolError, e.name, e.exitCode, e.tool, '|', e.message); }
}
try { tools.nope({}); } catch (e) { console.log(e.name + ': ' + e.message); }
try { tools.get_user(5); } catch (e) { console.log(e.name); }"#,
    );
    let want = "true ToolError 1 fail | fail: tool failed\n\
                true ToolError 2 get_user | get_user: invalid value for --id: expected integer, got 'x'\n\
                true ToolError 2 get_user | get_user: missing required flag --id\n\
                true ToolError 1 delete_all | delete_all: denied by policy\n\
                TypeError: kitsh_tools has no tool 'nope'\n\
                TypeError\n";
    assert_eq!(r.stdout, want, "stderr: {}", r.stderr);
    assert!(!r.stderr.contains("hunter2"));
}

#[test]
fn help_and_discover_as_the_builtins() {
    let t = crm();
    let r = js(
        &t,
        r#"const tools = require('kitsh_tools');
tools.help('get_user');
console.log(tools.help({ json: true }).map(t => t.name));
tools.discover({ search: 'url' });"#,
    );
    let bash = with_tools(&t, "help get_user; discover --search url");
    let (help, discover) = bash.stdout.split_at(bash.stdout.find("net.url_info").expect("discover's line"));
    assert_eq!(
        r.stdout,
        format!("{help}[ 'get_user', 'net.url_info', 'fail', 'count-lines', 'delete_all' ]\n{discover}"),
        "stderr: {}",
        r.stderr
    );
}

#[test]
fn no_tools_no_module() {
    let mut sh = Bash::builder().build().expect("shell");
    let r = sh.exec_sync("node -e 'require(\"kitsh_tools\")'");
    assert_eq!(r.exit_code, 1);
    assert!(r.stderr.contains("Error: Cannot find module 'kitsh_tools'"), "{}", r.stderr);
}

#[test]
fn node_in_a_scripted_tool_without_files() {
    let t = crm();
    let run = |script: &str| t.execute_sync(ToolRequest::new(script));
    let r = run("node -e 'console.log(require(\"kitsh_tools\").get_user({ id: 5 }).name)'");
    assert_eq!((r.stdout.as_str(), r.exit_code), ("Ada\n", 0), "{}", r.stderr);
    // The same task in bash and in JavaScript gives the same answer.
    let r = run("get_user --id 5 | jq -r .name");
    assert_eq!(r.stdout, "Ada\n");
    // Files stay out of reach, as for the stdin transforms.
    let r = run("node -e 'require(\"fs\").readFileSync(\"/etc/passwd\")'");
    assert_eq!(r.exit_code, 2, "{} {}", r.stdout, r.stderr);
    assert!(r.stderr.contains("filesystem access disabled"), "{}", r.stderr);
    let r = run("echo 'a b' | node -e 'process.stdin.on(\"data\", d => console.log(d.toString().split(/\\s+/).filter(Boolean)))'");
    assert_eq!(r.stdout, "[ 'a', 'b' ]\n", "{}", r.stderr);
}
