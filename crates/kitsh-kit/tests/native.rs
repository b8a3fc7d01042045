//! The native executor (KIT-12..17) with real Python, shell and Node scripts written into temp
//! dirs at test time.

#![allow(clippy::unwrap_used, clippy::panic)] // tests report failures by panicking

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use kitsh_kit::spec::{
    EnvEntry, InputAdapter, OutputAdapter, Resolved, Source, ToolSpec, ToolType,
};
use kitsh_kit::{
    merge_defaults, run_native, to_process, to_value, CancelToken, RunError, RunOutput, RunRequest,
};
use serde_json::{json, Map, Value};

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "kitsh-kit-native-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir.canonicalize().unwrap())
    }

    fn write(&self, name: &str, text: &str, executable: bool) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        if executable {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn spec(name: &str, input: InputAdapter, output: OutputAdapter) -> ToolSpec {
    ToolSpec {
        name: name.into(),
        file: "/kit/t.lua".into(),
        rel_file: "t.lua".into(),
        source: Source::Local("/kit".into()),
        subdir: None,
        entrypoint: None,
        kind: None,
        executor: None,
        timeout: Duration::from_secs(30),
        input_adapter: input,
        output_adapter: output,
        input_schema: json!({"type": "object", "properties": {}}),
        output_schema: None,
        deps: vec![],
        env: vec![
            EnvEntry::Copy("CARGO_MANIFEST_DIR".into()),
            EnvEntry::Copy("KITSH_TEST_SURELY_UNSET".into()),
            EnvEntry::Set("LIT".into(), "a b=c".into()),
        ],
        defaults: Map::new(),
        description: String::new(),
        tags: vec![],
        category: None,
        network: false,
        image: None,
        max_output: 16 * 1024 * 1024,
        limits: Default::default(),
        sandbox_weak: false,
        resolved: None,
    }
}

fn resolved(dir: &TempDir, entry: &Path, kind: ToolType) -> Resolved {
    Resolved {
        dir: dir.0.clone(),
        entrypoint: entry.to_path_buf(),
        kind,
    }
}

async fn run(spec: &ToolSpec, resolved: &Resolved, input: Value) -> Result<RunOutput, RunError> {
    let input = merge_defaults(spec, input.as_object().unwrap().clone());
    kitsh_kit::check_input(&spec.input_schema, &input).unwrap();
    let input = to_process(spec, &input);
    run_native(RunRequest {
        spec,
        resolved,
        input,
        cancel: None,
    })
    .await
}

const PY_PROBE: &str = r#"
import json, os, sys
data = sys.stdin.read()
names = ["KITSH_TOOL", "PATH", "HOME", "LIT", "CARGO_MANIFEST_DIR", "KITSH_TEST_SURELY_UNSET"]
print(json.dumps({"script": sys.argv[0], "argv": sys.argv[1:], "stdin": data, "cwd": os.getcwd(),
                  "exe": sys.executable, "env": {k: os.environ.get(k) for k in names}}))
"#;

const NODE_PROBE: &str = r#"
const fs = require("fs");
const data = fs.readFileSync(0, "utf8");
console.log(JSON.stringify({script: process.argv[1], argv: process.argv.slice(2), stdin: data,
  cwd: process.cwd(), env: process.env, keys: Object.keys(process.env).sort()}));
"#;

const SH_PROBE: &str = r#"
echo "script:$0"
for a in "$@"; do echo "arg:$a"; done
echo "stdin:$(cat)"
echo "tool:$KITSH_TOOL"
echo "lit:$LIT"
echo "cwd:$PWD"
printf 'crlf\r\n'
"#;

fn expected_env(dir_name: &str) -> Value {
    json!({
        "KITSH_TOOL": dir_name,
        "PATH": std::env::var("PATH").ok(),
        "HOME": std::env::var("HOME").ok(),
        "LIT": "a b=c",
        "CARGO_MANIFEST_DIR": env!("CARGO_MANIFEST_DIR"),
        "KITSH_TEST_SURELY_UNSET": null,
    })
}

#[tokio::test]
async fn python_args_adapter() {
    let dir = TempDir::new();
    let entry = dir.write("probe.py", PY_PROBE, false);
    let s = spec("infra.probe", InputAdapter::Args, OutputAdapter::Json);
    let r = resolved(&dir, &entry, ToolType::Python);
    let out = run(&s, &r, json!({"name": "wo rld", "count": 3.0, "v": true, "q": false, "ids": [1, "x"], "o": {"k": [1]}}))
        .await
        .unwrap();
    let v = to_value(OutputAdapter::Json, &out.stdout).unwrap();
    assert_eq!(v["script"], json!(entry.to_str().unwrap()));
    assert_eq!(
        v["argv"],
        json!([
            "--count",
            "3",
            "--ids",
            "1",
            "--ids",
            "x",
            "--name",
            "wo rld",
            "--o",
            "{\"k\":[1]}",
            "--v"
        ])
    );
    assert_eq!(v["stdin"], json!(""));
    assert_eq!(v["cwd"], json!(dir.0.to_str().unwrap()));
    // The pyenv shim in front of python3 may prepend to PATH; the rest is exact.
    let mut env = v["env"].clone();
    let path = env["PATH"].as_str().unwrap().to_string();
    assert!(path.ends_with(&std::env::var("PATH").unwrap()), "{path}");
    env["PATH"] = json!(std::env::var("PATH").unwrap());
    assert_eq!(env, expected_env("infra.probe"));
    assert_eq!(out.status, 0);
}

#[tokio::test]
async fn python_json_adapter_and_venv() {
    let dir = TempDir::new();
    let entry = dir.write("probe.py", PY_PROBE, false);
    // A `.venv` interpreter in the tool dir wins over `python3` on PATH.
    let real = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .unwrap();
    let real = String::from_utf8(real.stdout).unwrap().trim().to_string();
    std::fs::create_dir_all(dir.0.join(".venv/bin")).unwrap();
    std::os::unix::fs::symlink(&real, dir.0.join(".venv/bin/python")).unwrap();
    let s = spec("probe", InputAdapter::Json, OutputAdapter::Json);
    let r = resolved(&dir, &entry, ToolType::Python);
    let out = run(&s, &r, json!({"b": 1.5, "a": [1, {"x": null}], "s": "é\n"}))
        .await
        .unwrap();
    let v = to_value(OutputAdapter::Json, &out.stdout).unwrap();
    assert_eq!(v["argv"], json!([]));
    assert_eq!(
        v["stdin"],
        json!(r#"{"a":[1,{"x":null}],"b":1.5,"s":"é\n"}"#)
    );
    assert_eq!(
        v["exe"],
        json!(dir.0.join(".venv/bin/python").to_str().unwrap())
    );
}

#[tokio::test]
async fn shell_positional_adapter_with_lines_output() {
    let dir = TempDir::new();
    let entry = dir.write("lookup.sh", SH_PROBE, false);
    let order = vec!["tenant_name".to_string(), "region".to_string()];
    let s = spec(
        "lookup",
        InputAdapter::PositionalArgs(order),
        OutputAdapter::Lines,
    );
    let r = resolved(&dir, &entry, ToolType::Shell);
    let out = run(
        &s,
        &r,
        json!({"tenant_name": "acme", "region": "us-east-1", "verbose": true}),
    )
    .await
    .unwrap();
    let v = to_value(OutputAdapter::Lines, &out.stdout).unwrap();
    let script = format!("script:{}", entry.display());
    let cwd = format!("cwd:{}", dir.0.display());
    assert_eq!(
        v,
        json!({"lines": [script, "arg:acme", "arg:us-east-1", "arg:--verbose", "stdin:", "tool:lookup", "lit:a b=c", cwd, "crlf"]})
    );
    // What the bash command prints: the raw stdout.
    assert_eq!(
        kitsh_kit::bash_stdout(OutputAdapter::Lines, &v, &out.stdout),
        out.stdout
    );
}

#[tokio::test]
async fn node_mixed_adapter_and_exact_environment() {
    let dir = TempDir::new();
    let entry = dir.write("index.js", NODE_PROBE, false);
    let s = spec(
        "n.probe",
        InputAdapter::Mixed(vec!["body".into(), "meta".into()]),
        OutputAdapter::Json,
    );
    let r = resolved(&dir, &entry, ToolType::Node);
    let out = run(&s, &r, json!({"body": {"a": 1}, "url": "http://x", "n": 7}))
        .await
        .unwrap();
    let v = to_value(OutputAdapter::Json, &out.stdout).unwrap();
    assert_eq!(v["script"], json!(entry.to_str().unwrap()));
    assert_eq!(v["argv"], json!(["--n", "7", "--url", "http://x"]));
    assert_eq!(v["stdin"], json!(r#"{"body":{"a":1}}"#));
    let mut keys = vec!["CARGO_MANIFEST_DIR", "KITSH_TOOL", "LIT"];
    for k in ["PATH", "HOME", "LANG", "LC_ALL"] {
        if std::env::var_os(k).is_some() {
            keys.push(k);
        }
    }
    keys.sort();
    assert_eq!(v["keys"], json!(keys));
    assert_eq!(v["env"]["KITSH_TOOL"], json!("n.probe"));
    // json output adapter: the bash command prints compact JSON and a newline.
    let printed = kitsh_kit::bash_stdout(OutputAdapter::Json, &json!({"a": [1, 2]}), b"ignored");
    assert_eq!(printed, b"{\"a\":[1,2]}\n");
}

#[tokio::test]
async fn text_output_and_executable_other() {
    let dir = TempDir::new();
    let entry = dir.write("tool", "#!/bin/sh\nprintf 'hi %s\\n' \"$1$2\"\n", true);
    let s = spec(
        "t",
        InputAdapter::PositionalArgs(vec!["a".into()]),
        OutputAdapter::Text,
    );
    let r = resolved(&dir, &entry, ToolType::Other);
    let out = run(&s, &r, json!({"a": "x"})).await.unwrap();
    assert_eq!(
        to_value(OutputAdapter::Text, &out.stdout).unwrap(),
        json!({"output": "hi x\n"})
    );

    let plain = dir.write("plain", "#!/bin/sh\necho no\n", false);
    let r = resolved(&dir, &plain, ToolType::Other);
    let err = run(&s, &r, json!({})).await.unwrap_err();
    assert_eq!(
        err.message(),
        format!("entrypoint is not executable: {}", plain.display())
    );
    assert_eq!((err.exit_code(), err.is_public()), (125, true));
}

#[tokio::test]
async fn nonzero_exit_carries_the_stderr_tail() {
    let dir = TempDir::new();
    let entry = dir.write(
        "fail.sh",
        "echo out\nhead -c 5000 /dev/zero | tr '\\0' x >&2\necho ' boom ' >&2\nexit 3\n",
        false,
    );
    let s = spec("f", InputAdapter::Args, OutputAdapter::Text);
    let r = resolved(&dir, &entry, ToolType::Shell);
    let err = run(&s, &r, json!({})).await.unwrap_err();
    let RunError::Exited {
        status,
        stderr_tail,
        ..
    } = &err
    else {
        panic!("{err:?}")
    };
    assert_eq!(*status, 3);
    assert!(
        stderr_tail.ends_with("xxx boom") && stderr_tail.len() <= 1000,
        "{stderr_tail}"
    );
    assert!(err.message().starts_with("exited with status 3: xxx"));
    assert_eq!((err.exit_code(), err.is_public()), (3, false));

    let entry = dir.write("sig.sh", "kill -9 $$\n", false);
    let r = resolved(&dir, &entry, ToolType::Shell);
    let err = run(&s, &r, json!({})).await.unwrap_err();
    assert_eq!(
        (err.message(), err.exit_code()),
        ("killed by signal 9".to_string(), 137)
    );
}

#[tokio::test]
async fn invalid_json_output() {
    let dir = TempDir::new();
    let entry = dir.write(
        "bad.py",
        "import sys\nprint('Traceback (most recent call last):')\n",
        false,
    );
    let s = spec("bad", InputAdapter::Args, OutputAdapter::Json);
    let r = resolved(&dir, &entry, ToolType::Python);
    let out = run(&s, &r, json!({})).await.unwrap();
    assert_eq!(
        to_value(OutputAdapter::Json, &out.stdout).unwrap_err(),
        "output is not valid JSON: expected value at line 1 column 1 (stdout starts with \"Traceback (most…\")"
    );
}

#[tokio::test]
async fn output_past_max_output_fails_fast() {
    let dir = TempDir::new();
    let entry = dir.write(
        "flood.py",
        "import sys\nchunk = b'x' * 1048576\nfor _ in range(100):\n    sys.stdout.buffer.write(chunk)\n",
        false,
    );
    let mut s = spec("flood", InputAdapter::Args, OutputAdapter::Text);
    s.max_output = 1024 * 1024;
    let r = resolved(&dir, &entry, ToolType::Python);
    let started = Instant::now();
    let err = run(&s, &r, json!({})).await.unwrap_err();
    assert_eq!(err, RunError::OutputTooLarge(1048576));
    assert_eq!(err.message(), "output exceeded 1048576 bytes");
    assert_eq!(err.exit_code(), 125);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

fn pids_in(path: &Path) -> Vec<i32> {
    let text = std::fs::read_to_string(path).unwrap();
    text.split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect()
}

fn alive(pid: i32) -> bool {
    // Zombies count as alive here: kill(pid, 0) succeeds on them.
    rustix::process::test_kill_process(rustix::process::Pid::from_raw(pid).unwrap()).is_ok()
}

/// Waits until `path` holds `n` pids (the script writes them before sleeping).
async fn wait_for_pids(path: &Path, n: usize) -> Vec<i32> {
    for _ in 0..200 {
        if let Ok(text) = std::fs::read_to_string(path) {
            if text.split_whitespace().count() >= n && text.ends_with('\n') {
                return pids_in(path);
            }
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no pids in {}", path.display());
}

#[tokio::test]
async fn timeout_kills_the_whole_group() {
    let dir = TempDir::new();
    let pids = dir.0.join("pids");
    let entry = dir.write(
        "slow.sh",
        "sleep 60 &\nb=$!\nsleep 60 &\necho $$ $b $! > pids\nwait\n",
        false,
    );
    let mut s = spec("slow", InputAdapter::Args, OutputAdapter::Text);
    s.timeout = Duration::from_secs(1);
    let r = resolved(&dir, &entry, ToolType::Shell);
    let started = Instant::now();
    let err = run(&s, &r, json!({})).await.unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(err, RunError::TimedOut(Duration::from_secs(1)));
    assert_eq!(
        (err.message(), err.exit_code(), err.is_public()),
        ("timed out after 1s".to_string(), 124, true)
    );
    let pids = pids_in(&pids);
    assert_eq!(pids.len(), 3);
    for pid in pids {
        assert!(!alive(pid), "pid {pid} survived");
    }
}

#[tokio::test]
async fn sigterm_ignored_means_sigkill() {
    let dir = TempDir::new();
    let entry = dir.write(
        "stubborn.sh",
        "trap '' TERM\nsleep 60 &\necho $$ $! > pids\nwhile :; do sleep 0.1; done\n",
        false,
    );
    let mut s = spec("stubborn", InputAdapter::Args, OutputAdapter::Text);
    s.timeout = Duration::from_millis(1000);
    let r = resolved(&dir, &entry, ToolType::Shell);
    let started = Instant::now();
    let err = run(&s, &r, json!({})).await.unwrap_err();
    let elapsed = started.elapsed();
    assert!(
        elapsed >= Duration::from_millis(2900) && elapsed < Duration::from_secs(5),
        "{elapsed:?}"
    );
    assert_eq!(err.message(), "timed out after 1s");
    for pid in pids_in(&dir.0.join("pids")) {
        assert!(!alive(pid), "pid {pid} survived");
    }
}

#[tokio::test]
async fn escaped_setsid_children_are_killed() {
    let dir = TempDir::new();
    // One escapes while its parent lives on for a while, one through a subshell that exits at
    // once (a double fork), one that escapes and then forks a child of its own.
    let entry = dir.write(
        "escape.sh",
        "setsid sleep 300 &\na=$!\n( setsid sleep 301 & echo $! > pid2 )\nsetsid bash -c 'sleep 302 & echo $! > pid4; wait' &\nc=$!\n\
         echo $a $c > pid1\nwhile [ ! -s pid4 ]; do sleep 0.01; done\nsleep 0.2\necho done\n",
        false,
    );
    let s = spec("escape", InputAdapter::Args, OutputAdapter::Text);
    let r = resolved(&dir, &entry, ToolType::Shell);
    let out = run(&s, &r, json!({})).await.unwrap();
    assert_eq!(out.stdout, b"done\n");
    let mut pids = pids_in(&dir.0.join("pid1"));
    pids.extend(pids_in(&dir.0.join("pid2")));
    pids.extend(pids_in(&dir.0.join("pid4")));
    assert_eq!(pids.len(), 4);
    for pid in pids {
        assert!(!alive(pid), "pid {pid} survived");
    }
}

#[tokio::test]
async fn escaped_child_of_a_quick_script_is_killed() {
    let dir = TempDir::new();
    let entry = dir.write("quick.sh", "( setsid sleep 303 & echo $! > pid )\n", false);
    let s = spec("quick", InputAdapter::Args, OutputAdapter::Text);
    let r = resolved(&dir, &entry, ToolType::Shell);
    run(&s, &r, json!({})).await.unwrap();
    let pid = wait_for_pids(&dir.0.join("pid"), 1).await[0];
    assert!(!alive(pid), "pid {pid} survived");
}

#[tokio::test]
async fn stdin_is_empty_with_the_args_adapter() {
    let dir = TempDir::new();
    let entry = dir.write(
        "reader.py",
        "import sys\nwhile sys.stdin.read(1):\n    pass\nprint('eof')\n",
        false,
    );
    let mut s = spec("reader", InputAdapter::Args, OutputAdapter::Lines);
    s.timeout = Duration::from_secs(10);
    let r = resolved(&dir, &entry, ToolType::Python);
    let started = Instant::now();
    let out = run(&s, &r, json!({"x": 1})).await.unwrap();
    assert_eq!(
        to_value(OutputAdapter::Lines, &out.stdout).unwrap(),
        json!({"lines": ["eof"]})
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn cancellation_stops_the_run() {
    let dir = TempDir::new();
    let entry = dir.write("wait.sh", "echo $$ > pids\nsleep 60\n", false);
    let s = spec("wait", InputAdapter::Args, OutputAdapter::Text);
    let r = resolved(&dir, &entry, ToolType::Shell);
    let token = CancelToken::new();
    let trigger = token.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        trigger.cancel();
    });
    let started = Instant::now();
    let input = to_process(&s, &Map::new());
    let err = run_native(RunRequest {
        spec: &s,
        resolved: &r,
        input,
        cancel: Some(token),
    })
    .await
    .unwrap_err();
    assert_eq!(err, RunError::Cancelled);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    for pid in pids_in(&dir.0.join("pids")) {
        assert!(!alive(pid));
    }
}

#[tokio::test]
async fn missing_entrypoint_could_not_run() {
    let dir = TempDir::new();
    let s = spec("gone", InputAdapter::Args, OutputAdapter::Text);
    let r = resolved(&dir, &dir.0.join("gone.py"), ToolType::Python);
    let err = run(&s, &r, json!({})).await.unwrap_err();
    assert_eq!(
        err.message(),
        format!("entrypoint not found: {}", dir.0.join("gone.py").display())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_concurrent_calls() {
    let dir = Arc::new(TempDir::new());
    let entry = dir.write("probe.py", PY_PROBE, false);
    let s = Arc::new(spec("many", InputAdapter::Json, OutputAdapter::Json));
    let r = Arc::new(resolved(&dir, &entry, ToolType::Python));
    let started = Instant::now();
    let mut set = tokio::task::JoinSet::new();
    for i in 0..20 {
        let (s, r) = (s.clone(), r.clone());
        set.spawn(async move {
            let out = run(&s, &r, json!({"i": i})).await.unwrap();
            let v = to_value(OutputAdapter::Json, &out.stdout).unwrap();
            assert_eq!(v["stdin"], json!(format!("{{\"i\":{i}}}")));
            i
        });
    }
    let mut seen = Vec::new();
    while let Some(done) = set.join_next().await {
        seen.push(done.unwrap());
    }
    seen.sort();
    assert_eq!(seen, (0..20).collect::<Vec<_>>());
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[tokio::test]
async fn dropping_the_call_kills_the_run() {
    let dir = TempDir::new();
    let entry = dir.write(
        "abandoned.sh",
        "setsid sleep 304 &\nsleep 60 &\necho $$ $! > pids\nwait\n",
        false,
    );
    let s = spec("abandoned", InputAdapter::Args, OutputAdapter::Text);
    let r = resolved(&dir, &entry, ToolType::Shell);
    let input = to_process(&s, &Map::new());
    let call = run_native(RunRequest {
        spec: &s,
        resolved: &r,
        input,
        cancel: None,
    });
    assert!(tokio::time::timeout(Duration::from_millis(500), call)
        .await
        .is_err());
    let pids = wait_for_pids(&dir.0.join("pids"), 2).await;
    let deadline = Instant::now() + Duration::from_secs(3);
    while pids.iter().any(|p| alive(*p)) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for pid in pids {
        assert!(!alive(pid), "pid {pid} survived");
    }
}
