//! End-to-end tests of the `kitsh` binary: how the script, its arguments and the standard
//! streams reach it, and its exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `kitsh ARGS` with `input` on its standard input.
fn kitsh(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kitsh"))
        .arg("--no-cwd-mount")
        .args(args)
        .env_clear()
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kitsh runs");
    if let Some(mut s) = child.stdin.take() {
        let _ = s.write_all(input);
    }
    child.wait_with_output().expect("kitsh ends")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn dash_c_reads_standard_input() {
    let o = kitsh(&["-c", "read a b; echo \"$b $a\"; cat"], b"one two\nrest\n");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("two one\nrest\n", Some(0)));
}

#[test]
fn script_on_standard_input() {
    let o = kitsh(&[], b"echo $((6 * 7)); exit 3\n");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("42\n", Some(3)));
}

#[test]
fn arguments_and_errors() {
    let o = kitsh(&["-c", "echo \"$0:$1:$#\"; nosuch", "name", "a", "b"], b"");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("name:a:2\n", Some(127)));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "name: line 1: nosuch: command not found\n");
}

#[test]
fn a_script_that_does_not_read_input_ends_at_once() {
    // The input is never read, so an open, silent standard input does not hold it up.
    let child = Command::new(env!("CARGO_BIN_EXE_kitsh"))
        .args(["--no-cwd-mount", "-c", "echo done"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("kitsh runs");
    let o = child.wait_with_output().expect("kitsh ends");
    assert_eq!(stdout(&o), "done\n");
}

#[test]
fn json_result() {
    let o = kitsh(&["--json", "-c", "echo out; echo err >&2; exit 4"], b"");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!((v["stdout"].as_str(), v["stderr"].as_str(), v["exit_code"].as_i64()), (Some("out\n"), Some("err\n"), Some(4)));
}
