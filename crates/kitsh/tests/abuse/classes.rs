//! The abuse classes of the hardening issue, each a tested property: whenever a limit stops
//! work the run ends with a non-zero status, stderr's last line names the limit and its value,
//! the tool contract reports `resource_limit`, and peak memory stays within a small multiple of
//! the configured limits.
//!
//! Peak RSS is measured in a child process: the test binary runs itself with
//! [`CHILD_ENV`] set to the script, the child runs it through [`BashTool`] and prints the
//! response and its own `VmHWM` from `/proc/self/status`, and the parent checks both.

use std::process::Command;

use kitsh::tool::{BashTool, ToolRequest};
use kitsh::ExecutionLimits;

/// Set in the child: the script to run.
const CHILD_ENV: &str = "KITSH_ABUSE_CLASS_SCRIPT";

/// Limits of the child: small, so that "a small multiple" is a tight bound.
fn child_limits() -> ExecutionLimits {
    ExecutionLimits::new()
        .max_string_bytes(4 << 20)
        .max_output_bytes(2 << 20)
        .max_fs_bytes(8 << 20)
        .max_fields(100_000)
        .timeout(std::time::Duration::from_secs(20))
}

/// Peak RSS allowed: the test binary itself plus a small multiple of the limits above.
const MAX_PEAK_KB: u64 = 96 * 1024;

/// The child's half: runs only when [`CHILD_ENV`] is set.
#[test]
fn child() {
    let Ok(script) = std::env::var(CHILD_ENV) else { return };
    let mut tool = BashTool::builder().limits(child_limits()).build();
    let r = tool.execute_sync(ToolRequest::new(script));
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let hwm = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).map_or("0", |v| v.trim().trim_end_matches(" kB"));
    let last = r.stderr.lines().last().unwrap_or("");
    println!("\n@@exit={}\n@@error={}\n@@last={last}\n@@hwm={hwm}", r.exit_code, r.error.as_deref().unwrap_or(""));
}

struct Outcome {
    exit: i32,
    error: String,
    last: String,
    peak_kb: u64,
}

fn run_child(script: &str) -> Outcome {
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("current_exe: {e}"));
    let out = Command::new(exe)
        .args(["classes::child", "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, script)
        .output()
        .unwrap_or_else(|e| panic!("spawn: {e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |k: &str| text.lines().find_map(|l| l.strip_prefix(&format!("@@{k}="))).unwrap_or_else(|| panic!("no {k} in child output: {text}")).to_string();
    Outcome {
        exit: field("exit").parse().unwrap_or(-1),
        error: field("error"),
        last: field("last"),
        peak_kb: field("hwm").parse().unwrap_or(u64::MAX),
    }
}

/// `script` must end as a limit: `resource_limit`, exit 1 (TC-9), the message `msg` with the
/// limit's value, and peak RSS under [`MAX_PEAK_KB`].
fn assert_class(script: &str, msg: &str) {
    let o = run_child(script);
    eprintln!("peak RSS {:>7} kB: {script}", o.peak_kb);
    assert_eq!((o.exit, o.error.as_str()), (1, "resource_limit"), "{script}: last stderr line {:?}", o.last);
    assert!(o.last.starts_with(&format!("kitsh: {msg} (")) && o.last.ends_with(')'), "{script}: last stderr line {:?}", o.last);
    assert!(o.peak_kb < MAX_PEAK_KB, "{script}: peak RSS {} kB", o.peak_kb);
}

// ---------------------------------------------------------------- silent truncation or success

#[test]
fn printf_huge_width_into_a_pipe() {
    assert_class("printf '%2000000000d' 1 | wc -c", "maximum expansion size exceeded");
}

#[test]
fn printf_huge_precision() {
    assert_class("printf '%.2000000000f' 1 >/dev/null; echo after", "maximum expansion size exceeded");
}

#[test]
fn printf_star_width_into_a_variable() {
    assert_class("printf -v x '%*s' 2000000000 a; echo ${#x}", "maximum expansion size exceeded");
}

#[test]
fn recursion_through_command_substitution_and_pipes() {
    assert_class("f(){ echo \"$(f | cat)\"; }; f; echo after", "maximum concurrent pipeline stages exceeded");
}

#[test]
fn waited_fork_bomb() {
    assert_class(":(){ :|:& };:; wait; echo after", "maximum concurrent pipeline stages exceeded");
}

#[test]
fn limit_in_a_background_job_ends_the_run() {
    assert_class("{ while :; do echo yyyyyyyyyyyyyyyy; done; } & wait; echo after", "maximum output size exceeded");
}

#[test]
fn limit_in_a_subshell_ends_the_run() {
    assert_class("( x=aaaaaaaa; while :; do x=$x$x; done ); echo after", "maximum expansion size exceeded");
}

#[test]
fn limit_in_a_nested_shell_ends_the_run() {
    assert_class("bash -c 'printf \"%2000000000d\" 1'; echo after", "maximum expansion size exceeded");
}

// ---------------------------------------------------------------- memory a script controls

#[test]
fn brace_product_is_refused_before_it_is_built() {
    assert_class("echo {1..10}{1..10}{1..10}{1..10}{1..10}{1..10}{1..10}{1..10}{1..10} | wc -c", "maximum expansion size exceeded");
}

#[test]
fn pattern_substitution_growth() {
    assert_class("x=$(printf %01000d 0); while :; do x=${x//0/00}; done", "maximum expansion size exceeded");
}

#[test]
fn array_growth() {
    assert_class("a=(); while :; do a+=({1..5000}); done", "maximum field count exceeded");
}

#[test]
fn array_element_by_element() {
    assert_class("i=0; while :; do a[i++]=x; done", "maximum field count exceeded");
}

#[test]
fn mapfile_of_an_endless_stream() {
    assert_class("yes | mapfile a", "maximum field count exceeded");
}

#[test]
fn awk_strings_and_arrays_stop_at_the_script_limits() {
    assert_class("awk 'BEGIN { s = \"x\"; while (1) s = s s }'; echo after", "maximum expansion size exceeded");
    assert_class("awk 'BEGIN { while (1) a[i++] = i }'; echo after", "maximum field count exceeded");
}

#[test]
fn jq_loops_count_against_the_loop_limit() {
    // Without a metering allocator (this test binary has none) this is what bounds a jq
    // program's values: `[range(1e8)]` held 1.5 GB before.
    assert_class("jq -n '[range(100000000)] | length'; echo after", "maximum loop iterations exceeded");
    assert_class("jq -n '[repeat(\"xxxxxxxx\")] | length'; echo after", "maximum loop iterations exceeded");
}

#[test]
fn sed_pattern_and_hold_space_growth() {
    assert_class("echo a | sed ':a;s/.*/&&/;ta' | wc -c; echo after", "maximum expansion size exceeded");
    assert_class("echo a | sed ':a;G;H;ba' | wc -c; echo after", "maximum expansion size exceeded");
}

#[test]
fn here_document_of_a_huge_expansion() {
    assert_class("x=$(printf %01500000d 0); cat <<EOF | wc -c\n$x$x$x\nEOF", "maximum expansion size exceeded");
}

// ---------------------------------------------------------------- reads that never end

#[test]
fn read_from_dev_zero() {
    assert_class("read -r x < /dev/zero; echo after", "maximum expansion size exceeded");
}

#[test]
fn mapfile_from_dev_zero() {
    assert_class("mapfile a < /dev/zero; echo after", "maximum expansion size exceeded");
}

#[test]
fn commands_that_buffer_their_input_stop_at_the_buffer_limit() {
    for script in ["sort /dev/zero; echo after", "yes | sort | head -1", "tac /dev/zero", "diff x /dev/zero", "yes | numfmt | head -1"] {
        assert_class(script, "maximum buffered input exceeded");
    }
}

// ---------------------------------------------------------------- work only the clock stopped

#[test]
fn doubling_a_file_stops_at_the_filesystem_limit() {
    assert_class("echo a > /f; while :; do cat /f /f > /g; mv /g /f; done", "maximum filesystem size exceeded");
}

#[test]
fn appending_forever_stops_at_the_filesystem_limit() {
    assert_class("while :; do echo 0123456789abcdef >> /f; done", "maximum filesystem size exceeded");
}

#[test]
fn creating_files_forever_stops_at_the_file_count_limit() {
    assert_class("i=0; while :; do : > /f$((i++)); done", "maximum file count exceeded");
}
