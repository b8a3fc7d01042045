//! description(), system_prompt(), help() and the other texts (TC-12..17), asserted whole.

use std::sync::Arc;

use crate::builtins::{Builtin, Ctx};
use crate::tool::docs::{man_header, wrap, CORE_TOOLS};
use crate::tool::{BashTool, Tool};
use crate::ExecutionLimits;

struct Nop;
impl Builtin for Nop {
    fn run(&self, _ctx: &mut Ctx<'_>, _args: &[String]) -> i32 {
        0
    }
}

const CORE: &str = "echo cat grep sed awk jq curl head tail sort uniq cut tr wc date sleep mkdir rm cp mv touch chmod printf test [ true false exit cd pwd ls find xargs basename dirname env export read";

fn configured() -> BashTool {
    BashTool::builder()
        .username("agent")
        .hostname("sandbox")
        .limits(ExecutionLimits::new().max_commands(500).max_loop_iterations(10000).max_function_depth(100))
        .env("API_KEY", "s3cr3t-value")
        .env("OTHER", "hidden-too")
        .builtin("custom_cmd", Arc::new(Nop))
        .builtin("echo", Arc::new(Nop))
        .build()
}

const HELP_BODY: &str = r#"KITSH(1)                         User Commands                        KITSH(1)

NAME
       kitsh - virtual bash interpreter with virtual filesystem

SYNOPSIS
       {"commands": "<bash commands>"}

DESCRIPTION
       Commands run in-process, in a sandbox whose files live in a virtual
       filesystem. The host is reached only through directories mounted into
       it; nothing else of the host is visible.

       Full bash syntax is supported: variables, arrays, functions, pipelines,
       redirections, loops and conditionals.

BUILTINS
       echo, cat, grep, sed, awk, jq, curl, head, tail, sort, uniq, cut, tr,
       wc, date, sleep, mkdir, rm, cp, mv, touch, chmod, printf, test, [,
       true, false, exit, cd, pwd, ls, find, xargs, basename, dirname, env,
       export, read@CUSTOM@

INPUT
       commands    Bash commands to execute, like bash -c
       timeout_ms  Optional time limit for the whole call in milliseconds

OUTPUT
       stdout      Standard output of the commands
       stderr      Standard error of the commands
       exit_code   Exit status (0 = success)
       error       Failure category, if the run failed as a whole

EXAMPLES
       Simple echo:
           {"commands": "echo 'Hello, World!'"}

       Arithmetic:
           {"commands": "x=5; y=3; echo $((x + y))"}

       Pipeline:
           {"commands": "printf 'apple\\nbanana\\n' | grep an"}

       JSON processing:
           {"commands": "echo '{\"n\":1}' | jq '.n'"}

       File operations (virtual):
           {"commands": "echo data > /tmp/f.txt && cat /tmp/f.txt"}

EXIT STATUS
       0      Success
       1-125  Command-specific error
       124    Timed out
       126    Command not executable
       127    Command not found

SEE ALSO
       bash(1), sh(1)
"#;

#[test]
fn fixed_texts() {
    let t = BashTool::default();
    assert_eq!(t.name(), "kitsh");
    assert_eq!(t.display_name(), "kitsh");
    assert_eq!(t.locale(), "en-US");
    assert_eq!(t.short_description(), "Virtual bash interpreter with virtual filesystem");
    assert_eq!(t.version(), env!("CARGO_PKG_VERSION"));
    assert_eq!(CORE_TOOLS.join(" "), CORE);
    assert_eq!(BashTool::builder().name("bash").build().name(), "bash");
}

#[test]
fn description_lists_core_then_custom_names() {
    let plain = format!("Virtual bash interpreter with virtual filesystem. Supported tools: {CORE}");
    assert_eq!(BashTool::default().description(), plain);
    // `echo` is listed already: skipped.
    assert_eq!(configured().description(), format!("{plain} custom_cmd"));
}

#[test]
fn system_prompt_exactly() {
    assert_eq!(
        BashTool::default().system_prompt(),
        "# Bash Tool\n\nVirtual bash interpreter with virtual filesystem.\n\nInput: {\"commands\": \"<bash commands>\"}\nOutput: {stdout, stderr, exit_code}\n"
    );
    assert_eq!(
        configured().system_prompt(),
        "# Bash Tool\n\nVirtual bash interpreter with virtual filesystem.\nHome: /home/agent\n\nInput: {\"commands\": \"<bash commands>\"}\nOutput: {stdout, stderr, exit_code}\n"
    );
}

#[test]
fn help_without_configuration() {
    assert_eq!(BashTool::default().help(), HELP_BODY.replace("@CUSTOM@", ""));
}

#[test]
fn help_with_configuration() {
    let want = HELP_BODY.replace("@CUSTOM@", ", custom_cmd")
        + "\nCONFIGURATION\n       User: agent (whoami)\n       Host: sandbox (hostname)\n       Limits: 500 commands, 10000 iterations, 100 depth\n       Environment: API_KEY, OTHER\n";
    assert_eq!(configured().help(), want);
}

#[test]
fn configuration_lines_only_when_set() {
    let t = BashTool::builder().hostname("box").build();
    assert!(t.help().ends_with("SEE ALSO\n       bash(1), sh(1)\n\nCONFIGURATION\n       Host: box (hostname)\n"));
    let t = BashTool::builder().env("A", "1").env("A", "2").build();
    assert!(t.help().ends_with("CONFIGURATION\n       Environment: A\n"));
}

#[test]
fn no_environment_value_in_any_text() {
    let t = configured();
    for text in [t.description(), t.help(), t.system_prompt(), t.input_schema().to_string(), t.output_schema().to_string(), t.short_description().into(), t.name().into()] {
        assert!(!text.contains("s3cr3t-value") && !text.contains("hidden-too"), "{text}");
    }
}

#[test]
fn man_layout_rules() {
    assert_eq!(man_header("kitsh"), format!("KITSH(1){}User Commands{}KITSH(1)", " ".repeat(25), " ".repeat(24)));
    assert_eq!(man_header("bash"), format!("BASH(1){}User Commands{}BASH(1)", " ".repeat(26), " ".repeat(25)));
    for name in ["kitsh", "bash", "x"] {
        assert_eq!(man_header(name).len(), 78);
    }
    let many: String = (0..60).map(|i| format!("word{i} ")).collect();
    let w = wrap(&many, "       ");
    assert!(w.lines().all(|l| l.len() <= 78 && l.starts_with("       ") && !l.ends_with(' ')));
    let t = BashTool::builder().name("bash").builtin("a_rather_long_custom_command_name", Arc::new(Nop)).env("X", "1").build();
    let h = t.help();
    assert!(h.starts_with("BASH(1) "));
    assert!(h.contains("\nNAME\n       bash - virtual bash interpreter with virtual filesystem\n"));
    assert!(h.ends_with('\n') && !h.ends_with("\n\n"));
    assert!(h.lines().all(|l| l.chars().count() <= 78 && !l.ends_with(' ')), "{h}");
}
