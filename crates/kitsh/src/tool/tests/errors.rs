//! The response to every row of the error table (TC-9), partial output kept.

use std::sync::Arc;

use super::{run, run1};
use crate::builtins::{Builtin, Ctx};
use crate::tool::{BashTool, ErrorCategory, ToolRequest, ToolResponse};
use crate::ExecutionLimits;

fn limited(l: ExecutionLimits, commands: &str) -> ToolResponse {
    run(&mut BashTool::builder().limits(l).build(), ToolRequest::new(commands))
}

fn assert_limit(r: &ToolResponse, stdout: &str, last_line: &str) {
    assert_eq!(r.error.as_deref(), Some("resource_limit"), "{r:?}");
    assert_eq!(r.exit_code, 1, "{r:?}");
    assert_eq!(r.stdout, stdout, "{r:?}");
    assert!(r.stderr.ends_with(&format!("{last_line}\n")), "{r:?}");
}

#[test]
fn a_script_that_ran_to_its_end_has_no_error() {
    let r = run1("echo out; echo err >&2; exit 3");
    assert_eq!(r, ToolResponse { stdout: "out\n".into(), stderr: "err\n".into(), exit_code: 3, ..Default::default() });
    let r = run1("nosuchcmd");
    assert_eq!((r.exit_code, r.error), (127, None));
}

#[test]
fn empty_commands() {
    for c in ["", "   \n\t "] {
        assert_eq!(run1(c), ToolResponse::default());
    }
}

#[test]
fn syntax_error_runs_nothing() {
    let r = run1("echo before\nif true; then echo x; fi; fi");
    assert_eq!(
        r,
        ToolResponse {
            stderr: "kitsh: -c: line 2: syntax error near unexpected token `fi'\nkitsh: -c: line 2: `if true; then echo x; fi; fi'\n".into(),
            exit_code: 2,
            error: Some("parse_error".into()),
            ..Default::default()
        }
    );
    assert_eq!(run1("echo 'unterminated").category(), Some(ErrorCategory::ParseError));
    // extended globs parse even before the script turns them on
    let r = run1("shopt -s extglob\ncase ab in @(ab|cd)) echo yes;; esac");
    assert_eq!((r.stdout.as_str(), r.error), ("yes\n", None));
}

#[test]
fn command_limit() {
    let r = limited(ExecutionLimits::new().max_commands(5), "for i in 1 2 3 4 5 6 7; do echo $i; done");
    assert_limit(&r, "1\n2\n3\n4\n5\n", "kitsh: maximum command count exceeded (5)");
}

#[test]
fn loop_limit() {
    let r = limited(ExecutionLimits::new().max_loop_iterations(3), "while true; do echo x; done");
    assert_limit(&r, "x\nx\nx\n", "kitsh: maximum loop iterations exceeded (3)");
}

#[test]
fn function_depth_limit() {
    let r = limited(ExecutionLimits::new().max_function_depth(10), "echo start; f() { f; }; f; echo never");
    assert_limit(&r, "start\n", "kitsh: maximum function nesting level exceeded (10)");
}

#[test]
fn output_limit_marks_the_cut_stream() {
    let r = limited(ExecutionLimits::new().max_output_bytes(10), "echo 0123456789abcdef; echo never");
    assert_limit(&r, "0123456789", "kitsh: maximum output size exceeded (10 bytes)");
    assert!(r.stdout_truncated && !r.stderr_truncated);
    let r = limited(ExecutionLimits::new().max_output_bytes(4), "echo 0123456789 >&2");
    assert!(!r.stdout_truncated && r.stderr_truncated, "{r:?}");
    assert!(r.stderr.starts_with("0123kitsh: maximum output size exceeded (4 bytes)\n"), "{r:?}");
}

#[test]
fn expansion_limit() {
    let r = limited(ExecutionLimits::new().max_string_bytes(1000), "echo a; x=$(printf '%5000s' y); echo never");
    assert_limit(&r, "a\n", "kitsh: maximum expansion size exceeded (1000 bytes)");
}

#[test]
fn limit_inside_a_subshell_or_pipeline_ends_the_run() {
    let r = limited(ExecutionLimits::new().max_loop_iterations(3), "echo a; (while :; do :; done); echo never");
    assert_limit(&r, "a\n", "kitsh: maximum loop iterations exceeded (3)");
    let r = limited(ExecutionLimits::new().max_loop_iterations(3), "echo a; while :; do :; done | cat; echo never");
    assert_limit(&r, "a\n", "kitsh: maximum loop iterations exceeded (3)");
    let r = limited(ExecutionLimits::new().max_function_depth(5), "echo a; f() { f; }; x=$(f); echo never");
    assert_limit(&r, "a\n", "kitsh: maximum function nesting level exceeded (5)");
    let r = limited(ExecutionLimits::new().max_function_depth(5), "echo a; f() { f; }; f & wait; echo never");
    assert_limit(&r, "a\n", "kitsh: maximum function nesting level exceeded (5)");
    let r = limited(ExecutionLimits::new().max_function_depth(5), "echo a; bash -c 'f() { f; }; f'; echo never");
    assert_limit(&r, "a\n", "kitsh: maximum function nesting level exceeded (5)");
}

#[test]
fn input_size_limit() {
    let r = limited(ExecutionLimits::new().max_input_bytes(10), "echo 0123456789");
    assert_eq!(r, ToolResponse::failure(ErrorCategory::ResourceLimit, "kitsh: maximum input size exceeded (10 bytes)\n"));
}

#[test]
fn timeout_ms_keeps_partial_output() {
    let r = run(&mut BashTool::default(), ToolRequest::new("echo a; sleep 5; echo never").with_timeout_ms(300));
    assert_eq!(r, ToolResponse { stdout: "a\n".into(), stderr: "kitsh: execution timed out after 0.3s\n".into(), exit_code: 124, error: Some("timeout".into()), ..Default::default() });
    let r = run(&mut BashTool::default(), ToolRequest::new("echo a").with_timeout_ms(0));
    assert_eq!(r, ToolResponse::failure(ErrorCategory::Timeout, "kitsh: execution timed out after 0.0s\n"));
    // the limits' own timeout is a timeout too
    let r = limited(ExecutionLimits::new().timeout(std::time::Duration::from_millis(200)), "echo a; while :; do :; done");
    assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.exit_code, r.error.as_deref()), ("a\n", "kitsh: execution timed out after 0.2s\n", 124, Some("timeout")));
    // a timeout longer than the run changes nothing
    let r = run(&mut BashTool::default(), ToolRequest::new("echo a").with_timeout_ms(60_000));
    assert_eq!((r.stdout.as_str(), r.error), ("a\n", None));
}

struct Boom;
impl Builtin for Boom {
    #[allow(clippy::panic)]
    fn run(&self, _ctx: &mut Ctx<'_>, _args: &[String]) -> i32 {
        panic!("a bug in a builtin")
    }
}

#[test]
fn a_panicking_builtin_is_an_internal_error_and_the_session_survives() {
    let mut t = BashTool::builder().builtin("boom", Arc::new(Boom)).build();
    let r = run(&mut t, ToolRequest::new("x=1; echo partial; boom; echo never"));
    assert_eq!(r, ToolResponse { stdout: "partial\n".into(), stderr: "kitsh: internal error\n".into(), exit_code: 1, error: Some("internal_error".into()), ..Default::default() });
    let r = run(&mut t, ToolRequest::new("echo $x"));
    assert_eq!((r.stdout.as_str(), r.error), ("1\n", None));
}
