//! A kit as commands of bash (KIT-21): tool failures keep their own status and output, kitsh's
//! own errors are always shown, sanitising hides the rest, piped JSON merges under flags.

use std::path::PathBuf;

use kitsh::tool::ToolRequest;
use kitsh_kit::load;
use kitsh_kit::surface::bash::{scripted_tool, KitToolOptions};

/// A temp kit with `fail` (prints, then exits 3 with a secret on stderr), `slow` (sleeps past a
/// 1 s timeout), `bad_json` and `echo_json` (json in/out).
fn kit() -> PathBuf {
    let root = std::env::temp_dir().join(format!("kitsh-surface-{}-{:?}", std::process::id(), std::thread::current().id()));
    let _ = std::fs::remove_dir_all(&root);
    let t = root.join("t");
    for (name, script, def) in [
        ("fail", "echo partial; echo 'db password hunter2' >&2; exit 3\n", "description = \"Fails\""),
        ("slow", "sleep 30\n", "timeout = 1, description = \"Sleeps\""),
        ("bad_json", "echo 'Traceback (most recent call last)'\n", "output_adapter = \"json\", description = \"Bad\""),
        ("echo_json", "cat\n", "input_adapter = \"json\", output_adapter = \"json\", schema = { input = { url = \"string\", n = \"integer?\" } }"),
    ] {
        std::fs::create_dir_all(t.join(name)).expect("dir");
        std::fs::write(t.join(name).join("main.sh"), script).expect("script");
        std::fs::write(t.join(format!("{name}.lua")), format!("return tools.define_tool{{ source = \"./{name}\", executor = \"native\", {def} }}\n")).expect("def");
    }
    root
}

fn run(show_errors: bool, script: &str) -> (String, String, i32) {
    let dir = kit();
    let kit = load(&dir).expect("kit");
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    let tool = scripted_tool(&kit, &KitToolOptions { show_errors, ..Default::default() });
    let r = tool.execute_sync(ToolRequest::new(script));
    let _ = std::fs::remove_dir_all(&dir);
    (r.stdout, r.stderr, r.exit_code)
}

#[test]
fn a_failing_tool_keeps_its_status_and_output() {
    assert_eq!(run(false, "t.fail; echo \"status=$?\""), ("partial\nstatus=3\n".into(), "t.fail: tool failed\n".into(), 0));
    assert_eq!(run(true, "t.fail; echo \"status=$?\""), ("partial\nstatus=3\n".into(), "db password hunter2\n".into(), 0));
}

#[test]
fn kitsh_errors_are_always_shown() {
    let (o, e, _) = run(false, "t.slow; echo \"status=$?\"");
    assert_eq!((o.as_str(), e.as_str()), ("status=124\n", "t.slow: timed out after 1s\n"));
}

#[test]
fn bad_output_is_a_failure() {
    let (o, e, _) = run(true, "t.bad_json; echo \"status=$?\"");
    assert_eq!(o, "status=1\n");
    assert!(e.starts_with("t.bad_json: output is not valid JSON: "), "{e}");
    assert_eq!(run(false, "t.bad_json").1, "t.bad_json: tool failed\n");
}

#[test]
fn piped_json_merges_under_flags_and_json_prints_compact() {
    assert_eq!(run(true, r#"echo '{"url":"a","n":1}' | t.echo_json --n 2"#).0, "{\"n\":2,\"url\":\"a\"}\n");
    assert_eq!(run(true, "t.echo_json; echo $?"), ("2\n".into(), "t.echo_json: missing required flag --url\n".into(), 0));
    assert_eq!(run(true, "t.echo_json --url x --dry-run").0, "{\n  \"url\": \"x\"\n}\n");
    assert_eq!(run(true, "discover --category t | wc -l").0, "4\n");
}
