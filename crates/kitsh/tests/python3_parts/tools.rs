//! `import kitsh_tools`: the shell's tools called from Python, through the path a bash call
//! takes (schema checks with the flags' messages, the policy hook, the trace, sanitising).

use crate::common::guest::{crm, with_tools};
use kitsh::scripted_tool::ScriptedTool;
use kitsh::tool::ToolRequest;
use kitsh::Bash;
use serde_json::json;

fn py(tools: &ScriptedTool, code: &str) -> kitsh::ExecResult {
    with_tools(tools, &format!("python3 - <<'PY'\n{code}\nPY"))
}

#[test]
fn tools_are_functions_with_keyword_arguments() {
    let t = crm();
    let r = py(
        &t,
        r#"import kitsh_tools
from kitsh_tools import get_user
u = kitsh_tools.get_user(id=42)
print(type(u).__name__, u["id"], u["name"])
print(get_user(id=7) == {"id": 7, "name": "Ada"})
print(repr(kitsh_tools.net.url_info(url="https://example.com")))
print(kitsh_tools.count_lines(stdin="a\nb\nc\n"), getattr(kitsh_tools, "count-lines")(stdin=b"x\n"))
print(kitsh_tools.get_user.__doc__)
print(kitsh_tools.get_user(id="9")["id"])"#,
    );
    assert_eq!(
        r.stdout,
        "dict 42 Ada\nTrue\n'host of https://example.com\\n'\n3 1\nFetch a user by id\n9\n",
        "stderr: {}",
        r.stderr
    );
    assert_eq!(r.exit_code, 0);
    // The trace lists the calls Python made, with their arguments.
    let calls = t.take_last_execution_trace().expect("a trace").calls;
    let names: Vec<&str> = calls.iter().map(|c| c.tool.as_str()).collect();
    assert_eq!(
        names,
        [
            "get_user",
            "get_user",
            "net.url_info",
            "count-lines",
            "count-lines",
            "get_user"
        ]
    );
    assert_eq!(calls[0].args, json!({"id": 42}));
}

#[test]
fn failures_raise_tool_error() {
    let t = crm();
    let r = py(
        &t,
        r#"import kitsh_tools
for f, kw in ((kitsh_tools.fail, {}), (kitsh_tools.get_user, {"id": "x"}), (kitsh_tools.get_user, {}),
              (kitsh_tools.delete_all, {})):
    try:
        f(**kw)
    except kitsh_tools.ToolError as e:
        print(e.exit_code, e.tool, "|", e)
try:
    kitsh_tools.nope
except AttributeError as e:
    print("AttributeError:", e)"#,
    );
    let want = "1 fail | fail: tool failed\n\
                2 get_user | get_user: invalid value for --id: expected integer, got 'x'\n\
                2 get_user | get_user: missing required flag --id\n\
                1 delete_all | delete_all: denied by policy\n\
                AttributeError: module 'kitsh_tools' has no attribute 'nope'\n";
    // The same messages as bash's flags give.
    let bash = with_tools(&t, "get_user --id x; get_user");
    assert_eq!(bash.stderr, "get_user: invalid value for --id: expected integer, got 'x'\nget_user: missing required flag --id\n");
    assert_eq!(r.stdout, want, "stderr: {}", r.stderr);
    assert!(!r.stderr.contains("hunter2"));
}

#[test]
fn help_and_discover_as_the_builtins() {
    let t = crm();
    let r = py(
        &t,
        r#"import kitsh_tools
kitsh_tools.help("get_user")
print([t["name"] for t in kitsh_tools.help(json=True)])
kitsh_tools.discover(search="url")"#,
    );
    let bash = with_tools(&t, "help get_user; discover --search url");
    let (help, discover) = bash
        .stdout
        .split_at(bash.stdout.find("net.url_info").expect("discover's line"));
    assert_eq!(
        r.stdout,
        format!(
            "{help}['get_user', 'net.url_info', 'fail', 'count-lines', 'delete_all']\n{discover}"
        ),
        "stderr: {}",
        r.stderr
    );
}

#[test]
fn no_tools_no_module() {
    let mut sh = Bash::builder().build().expect("shell");
    let r = sh.exec_sync("python3 -c 'import kitsh_tools'");
    assert_eq!(r.exit_code, 1);
    assert!(
        r.stderr
            .contains("ModuleNotFoundError: No module named 'kitsh_tools'"),
        "{}",
        r.stderr
    );
}

#[test]
fn python_in_a_scripted_tool_without_files() {
    let t = crm();
    let run = |script: &str| t.execute_sync(ToolRequest::new(script));
    let r = run("python3 -c 'import kitsh_tools; print(kitsh_tools.get_user(id=5)[\"name\"])'");
    assert_eq!(
        (r.stdout.as_str(), r.exit_code),
        ("Ada\n", 0),
        "{}",
        r.stderr
    );
    // The same task in bash and in Python gives the same answer.
    let r = run("get_user --id 5 | jq -r .name");
    assert_eq!(r.stdout, "Ada\n");
    // Files stay out of reach, as for the stdin transforms.
    let r = run("python3 -c 'open(\"/etc/passwd\").read()'");
    assert_eq!(r.exit_code, 2, "{} {}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("filesystem access disabled"),
        "{}",
        r.stderr
    );
    let r = run("echo 'a b' | python3 -c 'import sys; print(sys.stdin.read().split())'");
    assert_eq!(r.stdout, "['a', 'b']\n", "{}", r.stderr);
}
