//! What the tests of the embedded interpreters (`python3`, `node`) share: a shell over a snippet
//! corpus, a fresh shell per check, and the `crm` tools their `kitsh_tools` modules call.

use std::path::Path;
use std::time::Duration;

use kitsh::scripted_tool::{PolicyDecision, ScriptedTool, ToolArgs, ToolDef};
use kitsh::{Bash, ExecResult, ExecutionLimits};
use serde_json::json;

use super::{guarded, shell};

/// A shell named `bash` with the corpus directory `snippets` mounted read-only at `/snippets`
/// (the working directory), the variables `env`, and a 60 s timeout.
pub fn snippet_shell(snippets: &Path, env: &[(&str, &str)]) -> Bash {
    let mut b = Bash::builder().name("bash").mount(snippets, "/snippets", false).cwd("/snippets");
    for (k, v) in env {
        b = b.env(*k, *v);
    }
    b.limits(ExecutionLimits::new().timeout(Duration::from_secs(60))).build().unwrap_or_else(|e| panic!("shell: {e}"))
}

/// `s` in single quotes for a shell word.
pub fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// The first 300 characters of `s`, for failure reports.
pub fn truncate(s: &str) -> String {
    s.chars().take(300).collect()
}

/// Run `script` in a fresh shell (cwd /home/user, 15 s timeout, under the test guard).
pub fn run(script: &str) -> ExecResult {
    let script = script.to_string();
    guarded(move || {
        let mut sh = shell(ExecutionLimits::new().timeout(Duration::from_secs(15)));
        sh.exec_sync(&format!("cd /home/user; {script}"))
    })
}

/// `script` gives `stdout`, a stderr containing `stderr_contains` (empty: no stderr at all),
/// and `status`.
pub fn check(script: &str, stdout: &str, stderr_contains: &str, status: i32) {
    let r = run(script);
    assert_eq!(r.stdout, stdout, "stdout of {script:?}; stderr {:?}", r.stderr);
    assert!(r.stderr.contains(stderr_contains), "stderr of {script:?}: {:?}", r.stderr);
    if stderr_contains.is_empty() {
        assert_eq!(r.stderr, "", "stderr of {script:?}");
    }
    assert_eq!(r.exit_code, status, "status of {script:?}; stderr {:?}", r.stderr);
}

/// The tools the guests' `kitsh_tools` tests call: a schema'd `get_user`, a dotted name, a
/// failing tool (its text must be sanitised), one reading stdin, and one the policy denies.
pub fn crm() -> ScriptedTool {
    ScriptedTool::builder("crm")
        .tool_fn(
            ToolDef::new("get_user", "Fetch a user by id\nMore text.")
                .with_schema(json!({"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]})),
            |a: &ToolArgs| Ok(format!("{{\"id\": {}, \"name\": \"Ada\"}}\n", a.params["id"])),
        )
        .tool_fn(ToolDef::new("net.url_info", "Describe a URL"), |a: &ToolArgs| {
            Ok(format!("host of {}\n", a.param_str("url").unwrap_or("?")))
        })
        .tool_fn(ToolDef::new("fail", "Always fails"), |_: &ToolArgs| Err("db password is hunter2".into()))
        .tool_fn(ToolDef::new("count-lines", "Count the lines of stdin"), |a: &ToolArgs| {
            Ok(format!("{}\n", a.stdin.as_deref().map_or(0, |s| s.lines().count())))
        })
        .tool_fn(ToolDef::new("delete_all", "Dangerous"), |_: &ToolArgs| Ok("deleted\n".into()))
        .policy(|call| if call.tool == "delete_all" { PolicyDecision::Deny("not allowed".into()) } else { PolicyDecision::Allow })
        .build()
}

/// Run `script` in a filesystem-backed `Bash` that has `tools`' commands.
pub fn with_tools(tools: &ScriptedTool, script: &str) -> ExecResult {
    let mut sh = Bash::builder()
        .limits(ExecutionLimits::new().timeout(Duration::from_secs(20)))
        .tools(tools)
        .build()
        .unwrap_or_else(|e| panic!("shell: {e}"));
    sh.exec_sync(script)
}
