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
fn a_script_file_names_itself_in_messages_and_the_shell_in_prompts() {
    // As `bash FILE`: errors say the file's name, the prompt's `\s` the shell's.
    let dir = std::env::temp_dir().join(format!("kitsh-cli-s-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("s.sh");
    std::fs::write(&file, "p='\\s'; echo \"${p@P}\"\nnosuch\n").expect("script");
    let o = kitsh(&[file.to_str().expect("utf-8 path")], b"");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("kitsh\n", Some(127)));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.ends_with("s.sh: line 2: nosuch: command not found\n"), "{err}");
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

#[test]
fn json_is_the_tool_response() {
    let o = kitsh(&["--json", "-c", "echo a; fi"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stdout(&o),
        "{\"stdout\":\"\",\"stderr\":\"kitsh: -c: line 1: syntax error near unexpected token `fi'\\nkitsh: -c: line 1: `echo a; fi'\\n\",\"exit_code\":2,\"error\":\"parse_error\"}\n"
    );
    let o = kitsh(&["--json", "--max-commands", "2", "-c", "echo 1; echo 2; echo 3"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "{\"stdout\":\"1\\n2\\n\",\"stderr\":\"kitsh: maximum command count exceeded (2)\\n\",\"exit_code\":1,\"error\":\"resource_limit\"}\n");
    let o = kitsh(&["--json", "--timeout", "0.2", "-c", "echo a; sleep 5"], b"");
    assert_eq!(o.status.code(), Some(124));
    assert_eq!(stdout(&o), "{\"stdout\":\"a\\n\",\"stderr\":\"kitsh: execution timed out after 0.2s\\n\",\"exit_code\":124,\"error\":\"timeout\"}\n");
}

#[test]
fn tool_texts() {
    let o = kitsh(&["tool", "prompt"], b"");
    assert_eq!(stdout(&o), "# Bash Tool\n\nVirtual bash interpreter with virtual filesystem.\n\nInput: {\"commands\": \"<bash commands>\"}\nOutput: {stdout, stderr, exit_code}\n");
    let o = kitsh(&["tool", "description"], b"");
    assert!(stdout(&o).starts_with("Virtual bash interpreter with virtual filesystem. Supported tools: echo cat grep "));
    let o = kitsh(&["tool", "help", "--env", "API_KEY=topsecret", "--max-commands", "50"], b"");
    let help = stdout(&o);
    assert!(help.starts_with("KITSH(1)                         User Commands                        KITSH(1)\n\nNAME\n"), "{help}");
    assert!(help.ends_with("CONFIGURATION\n       Limits: 50 commands, 1000000 iterations, 1000 depth\n       Environment: API_KEY\n"), "{help}");
    assert!(!help.contains("topsecret"));
    let o = kitsh(&["tool", "schema"], b"");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["input"]["required"][0], "commands");
    assert_eq!(v["output"]["required"][2], "exit_code");
    assert!(stdout(&o).starts_with("{\n  \"input\": {\n    \"type\": \"object\","));
    let o = kitsh(&["tool", "nonsense"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn tool_call_round_trip() {
    let o = kitsh(&["tool", "call", "--env", "WHO=model"], br#"{"commands": "echo hi $WHO; exit 3"}"#);
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("{\"stdout\":\"hi model\\n\",\"stderr\":\"\",\"exit_code\":3}\n", Some(0)));
    let o = kitsh(&["tool", "call"], br#"{"commands": "sleep 5", "timeout_ms": 100}"#);
    assert_eq!(stdout(&o), "{\"stdout\":\"\",\"stderr\":\"kitsh: execution timed out after 0.1s\\n\",\"exit_code\":124,\"error\":\"timeout\"}\n");
    let o = kitsh(&["tool", "call"], b"{\"cmd\": 1}");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(2)));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("kitsh: invalid request: missing field `commands`"));
}

/// Python's memory is metered by the CLI's allocator: a script that keeps growing is stopped
/// at `--max-memory` with the limit's message and status, and peak RSS stays near the limit.
#[cfg(feature = "python")]
#[test]
fn python_memory_is_bounded() {
    let grow = "python3 -c '\nl = []\nwhile True:\n    l.append(\"x\" * 10000)\n'";
    let o = kitsh(&["--max-memory", "67108864", "-c", grow], b"");
    assert_eq!(o.status.code(), Some(125), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("maximum memory exceeded (67108864 bytes)"));
    // A small script is untouched.
    let o = kitsh(&["--max-memory", "67108864", "-c", "python3 -c 'print(sum(range(1000)))'"], b"");
    assert_eq!(stdout(&o), "499500\n");
}

/// Growth inside one native call (`list()` of an endless iterator) never reaches a point where
/// the interpreter can be interrupted: the thread is left behind and stopped at its next
/// allocation, so memory stays bounded and the script ends at once.
#[test]
fn python_native_growth_is_bounded() {
    let script = "python3 -c 'import itertools; list(itertools.count())'; echo never";
    let t = std::time::Instant::now();
    let o = kitsh(&["--max-memory", "67108864", "--timeout", "20", "-c", script], b"");
    assert_eq!(o.status.code(), Some(125), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("maximum memory exceeded (67108864 bytes)"));
    assert_eq!(stdout(&o), "");
    assert!(t.elapsed() < std::time::Duration::from_secs(15), "{:?}", t.elapsed());
}

/// jq's values are metered the same way: a program that builds an ever larger value ends at
/// `--max-memory` with the limit's message; ordinary programs are untouched.
#[test]
fn jq_memory_is_bounded() {
    // 900 000 steps (under the loop limit) of 512 bytes each: the memory limit comes first.
    let o = kitsh(&["--max-memory", "33554432", "-c", "jq -n '[range(900000) | \"abcdefgh\" * 64] | length'; echo never"], b"");
    assert_eq!(o.status.code(), Some(125), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "kitsh: line 1: maximum memory exceeded (33554432 bytes)\n");
    assert_eq!(stdout(&o), "");
    let o = kitsh(&["--max-memory", "33554432", "-c", "jq -n '[range(1000)] | add'"], b"");
    assert_eq!(stdout(&o), "499500\n");
}

#[test]
fn running_kitsh_by_its_own_path_starts_a_nested_shell() {
    // The CLI's sandbox options are taken and ignored: the child shares the parent's
    // filesystem and limits. Nothing on the host runs (the path is not in the VFS).
    let exe = std::fs::canonicalize(env!("CARGO_BIN_EXE_kitsh")).expect("the binary exists");
    let exe = exe.to_string_lossy();
    let script = format!(
        "x=1; export y=2; '{exe}' --mount /nowhere --timeout 5 -c 'echo \"child $0 ${{x-unset}} $y\"; exit 4' zero; echo \"st=$?\"; \
         printf '#!/bin/sh\\nexec {exe} --no-cwd-mount -c \"echo via-exec\"\\n' > /tmp/w; chmod +x /tmp/w; /tmp/w"
    );
    let o = kitsh(&["-c", &script], b"");
    assert_eq!(stdout(&o), "child zero unset 2\nst=4\nvia-exec\n", "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(0));
}

/// `kitsh --session NAME --store URL` and `kitsh session ...` (sessions.md SES-11).
#[allow(clippy::unwrap_used)]
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// An empty temp directory for a test's session store, and the store's URL (a file in it).
fn session_store(tag: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("kitsh-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the store's directory");
    let url = format!("sqlite:{}", dir.join("s.db").display());
    (dir, url)
}

#[test]
#[allow(clippy::unwrap_used)]
fn a_session_outlives_the_process_and_has_a_history() {
    let (dir, url) = session_store("session");
    // `kitsh [--store URL] session ...` (the runner's own `--no-cwd-mount` is for scripts).
    let run = |args: &[String]| Command::new(env!("CARGO_BIN_EXE_kitsh")).args(args).env_clear().env("LANG", "C.UTF-8").output().expect("kitsh runs");
    let s = |args: &[&str]| {
        let all: Vec<String> = ["--store", url.as_str()].iter().chain(args).map(|a| a.to_string()).collect();
        if args[0] == "session" { run(&all) } else { kitsh(&all.iter().map(String::as_str).collect::<Vec<_>>(), b"") }
    };
    let o = s(&["--session", "work", "-c", "n=1; mkdir -p /tmp/w; cd /tmp/w; echo one > notes; f() { echo \"f $1\"; }"]);
    assert_eq!((stdout(&o), o.status.code()), (String::new(), Some(0)), "{}", stderr(&o));
    let o = s(&["--session", "work", "-c", "n=$((n + 1)); echo two >> notes; f $n; pwd"]);
    assert_eq!(stdout(&o), "f 2\n/tmp/w\n");
    // The same read-only call twice: the second leaves the state as it was and adds no commit.
    s(&["--session", "work", "-c", "cat notes >/dev/null"]);
    s(&["--session", "work", "-c", "cat notes >/dev/null"]);
    let log = stdout(&s(&["session", "log", "work"]));
    let ids: Vec<&str> = log.lines().map(|l| &l[..64]).collect();
    assert_eq!(ids.len(), 3, "{log}");
    assert!(log.lines().next().unwrap().ends_with(" cat notes >/dev/null"), "{log}");
    assert_eq!(stdout(&s(&["session", "diff", ids[2], ids[1]])), "M file /tmp/w/notes\nM variable n\n");
    // Fork at the first commit, rewind the session to it, list both.
    assert_eq!(s(&["session", "fork", "work", "copy", &ids[2][..8]]).status.code(), Some(0));
    assert_eq!(stdout(&s(&["--session", "copy", "-c", "cat notes; echo $n"])), "one\n1\n");
    assert_eq!(s(&["session", "checkout", "work", &ids[2][..6]]).status.code(), Some(0));
    assert_eq!(stdout(&s(&["--session", "work", "-c", "echo $n"])), "1\n");
    let list = stdout(&s(&["session", "list"]));
    assert_eq!(list.lines().map(|l| l.split(' ').next().unwrap()).collect::<Vec<_>>(), ["copy", "work"]);
    // Export to a file and import under another name, then remove and collect.
    let file = dir.join("work.snap");
    assert_eq!(s(&["session", "export", "work", file.to_str().unwrap()]).status.code(), Some(0));
    assert_eq!(s(&["session", "import", file.to_str().unwrap(), "again"]).status.code(), Some(0));
    assert_eq!(stdout(&s(&["--session", "again", "-c", "f x"])), "f x\n");
    assert_eq!(s(&["session", "rm", "copy"]).status.code(), Some(0));
    assert!(stdout(&s(&["session", "gc"])).starts_with("deleted "));
    // Errors: a missing session, a bad name, an unknown store.
    let o = s(&["session", "log", "copy"]);
    assert_eq!((stderr(&o), o.status.code()), ("kitsh: session: no session named 'copy'\n".to_string(), Some(1)));
    let o = s(&["--session", "a/b", "-c", "true"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("invalid session name 'a/b'"), "{}", stderr(&o));
    let o = run(&["--store".into(), "ftp://x".into(), "session".into(), "list".into()]);
    assert_eq!((stderr(&o), o.status.code()), ("kitsh: session: unknown session store 'ftp' (expected sqlite:, postgres://, memory:)\n".to_string(), Some(1)));
    let _ = std::fs::remove_dir_all(&dir);
}

/// SES-2 across a process boundary: A in one `kitsh --session` process, B in the next, gives
/// what A then B in one `kitsh -c` gives.
#[test]
#[allow(clippy::unwrap_used)]
fn a_then_b_in_two_processes_equals_one_run() {
    let (dir, url) = session_store("pairs");
    let pairs = [
        ("mkdir -p d/e; echo hi > d/e/f; ln -s d/e/f l; chmod 640 d/e/f; touch -d '2020-01-02 03:04:05' d/e/f; mkfifo p", "ls -l --time-style=+%F d/e | sed 1d; cat l; stat -c '%a %F' d/e/f p"),
        ("declare -i n=5; declare -A m=([z]=1 [a]=2); declare -n ref=n; f() { echo \"f $1\"; }; readonly -f f", "declare -p n m ref; n+=2; echo $ref; f x; declare -F"),
        ("shopt -s expand_aliases extglob; alias ll='echo LL'; set -o pipefail; cd /tmp; pushd / >/dev/null; umask 027", "ll; false | true; echo $?; echo @(a|b); dirs; umask; echo $OLDPWD"),
        ("trap 'echo usr1' USR1; set -- a 'b c'; RANDOM=7; hash cat", "trap -p; kill -USR1 $$; printf '[%s]' \"$@\"; echo $RANDOM; hash -t cat"),
    ];
    for (i, (a, b)) in pairs.iter().enumerate() {
        let name = format!("pair{i}");
        let first = kitsh(&["--store", &url, "--session", &name, "-c", a], b"");
        assert_eq!((stdout(&first), first.status.code()), (String::new(), Some(0)), "{a}: {}", stderr(&first));
        let second = kitsh(&["--store", &url, "--session", &name, "-c", b], b"");
        let one = kitsh(&["-c", &format!("{a}\n{b}")], b"");
        assert_eq!((stdout(&second), stderr(&second), second.status.code()), (stdout(&one), stderr(&one), one.status.code()), "A: {a}\nB: {b}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn username_and_hostname() {
    let o = kitsh(&["--username", "agent", "--hostname", "box", "-c", "whoami; hostname; echo $USER $HOSTNAME; pwd"], b"");
    assert_eq!((stdout(&o), o.status.code()), ("agent\nbox\nagent box\n/home/agent\n".to_string(), Some(0)));
}

#[test]
fn bash_execution_string_is_the_dash_c_string() {
    let script = "declare -p BASH_EXECUTION_STRING; echo \"[$BASH_EXECUTION_STRING]\"";
    let want = Command::new("bash").args(["-c", script]).output().expect("bash runs");
    let o = kitsh(&["-c", script], b"");
    assert_eq!(stdout(&o), String::from_utf8_lossy(&want.stdout));
}
