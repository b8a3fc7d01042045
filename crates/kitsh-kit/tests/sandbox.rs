//! The sandbox executor (KIT-18) with real scripts written into temp dirs. Each guarantee is
//! shown failing inside the sandbox and, where that is safe and meaningful, the same script
//! succeeding natively (so the test could fail). A missing kernel feature fails the tests with
//! its reason (never a silent skip). Run: `cargo test -p kitsh-kit --test sandbox`.

#![allow(clippy::unwrap_used, clippy::panic)] // tests report failures by panicking

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use kitsh_kit::spec::{
    ExecutorKind, InputAdapter, OutputAdapter, Resolved, Source, ToolSpec, ToolType,
};
use kitsh_kit::{
    run_native, run_sandbox, sandbox_status, to_process, to_value, RunError, RunOutput, RunRequest,
};
use serde_json::{json, Map, Value};

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "kitsh-kit-sandbox-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir.canonicalize().unwrap())
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One tool: a script in its own dir.
struct Tool {
    dir: TempDir,
    spec: ToolSpec,
    resolved: Resolved,
}

fn tool(file: &str, text: &str, kind: ToolType, output: OutputAdapter) -> Tool {
    let dir = TempDir::new();
    let entry = dir.write(file, text);
    let spec = ToolSpec {
        name: "sbx".into(),
        file: "/kit/t.lua".into(),
        rel_file: "t.lua".into(),
        source: Source::Local("/kit".into()),
        subdir: None,
        entrypoint: None,
        kind: None,
        executor: Some(ExecutorKind::Sandbox),
        timeout: Duration::from_secs(30),
        input_adapter: InputAdapter::Args,
        output_adapter: output,
        input_schema: json!({"type": "object", "properties": {}}),
        output_schema: None,
        deps: vec![],
        env: vec![],
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
    };
    let resolved = Resolved {
        dir: dir.0.clone(),
        entrypoint: entry,
        kind,
    };
    Tool {
        dir,
        spec,
        resolved,
    }
}

fn py(text: &str) -> Tool {
    tool("main.py", text, ToolType::Python, OutputAdapter::Json)
}

/// Fails (never skips) when the host lacks a sandbox feature, naming it.
fn require_sandbox() {
    if let Err(reason) = sandbox_status() {
        panic!("sandbox unavailable on this host: {reason}");
    }
}

async fn call(t: &Tool, sandboxed: bool, args: Value) -> Result<RunOutput, RunError> {
    let input = to_process(&t.spec, args.as_object().unwrap());
    let req = RunRequest {
        spec: &t.spec,
        resolved: &t.resolved,
        input,
        cancel: None,
    };
    if sandboxed {
        require_sandbox();
        run_sandbox(req).await
    } else {
        run_native(req).await
    }
}

/// Runs and parses the JSON the script prints (panics with the error otherwise).
async fn json_of(t: &Tool, sandboxed: bool, args: Value) -> Value {
    match call(t, sandboxed, args).await {
        Ok(out) => to_value(OutputAdapter::Json, &out.stdout).unwrap(),
        Err(e) => panic!("sandboxed={sandboxed}: {}", e.message()),
    }
}

/// Python helper: `attempt(name, fn)` records "ok" or the exception.
const PY_HEAD: &str = r#"
import json, os, sys, socket
R = {}
def attempt(name, f):
    try:
        r = f()
        R[name] = "ok" if r is None else r
    except BaseException as e:
        R[name] = "error: %s: %s" % (type(e).__name__, e)
def done():
    print(json.dumps(R))
"#;

fn script(body: &str) -> String {
    format!("{PY_HEAD}\n{body}\ndone()\n")
}

fn is_error(v: &Value) -> bool {
    v.as_str().is_some_and(|s| s.starts_with("error"))
}

#[tokio::test]
async fn writes_outside_tmp_fail() {
    let marker = format!("kitsh-sbx-{}", std::process::id());
    let t = py(&script(&format!(
        r#"
def w(path):
    with open(path, "w") as f:
        f.write("x")
    os.unlink(path)
attempt("tool_dir", lambda: w(os.path.join(os.path.dirname(sys.argv[0]), "evil.txt")))
attempt("var_tmp", lambda: w("/var/tmp/{marker}"))
attempt("etc", lambda: w("/etc/{marker}"))
attempt("tmp", lambda: w("/tmp/{marker}"))
attempt("home", lambda: w(os.path.join(os.environ["HOME"], "x")))
"#
    )));
    let sandboxed = json_of(&t, true, json!({})).await;
    for key in ["tool_dir", "var_tmp", "etc"] {
        assert!(is_error(&sandboxed[key]), "{key}: {sandboxed}");
    }
    assert_eq!(sandboxed["tmp"], json!("ok"), "{sandboxed}");
    assert_eq!(sandboxed["home"], json!("ok"), "{sandboxed}");
    let native = json_of(&t, false, json!({})).await;
    for key in ["tool_dir", "var_tmp", "etc"] {
        assert_eq!(native[key], json!("ok"), "{key}: {native}");
    }
}

#[tokio::test]
async fn host_home_is_hidden() {
    let home = PathBuf::from(std::env::var("HOME").unwrap());
    let secret_dir = home.join(format!(".kitsh-sbx-secret-{}", std::process::id()));
    std::fs::create_dir_all(&secret_dir).unwrap();
    // Removed even when an assertion fails.
    struct Cleanup(PathBuf);
    impl Drop for Cleanup {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    let _cleanup = Cleanup(secret_dir.clone());
    let secret = secret_dir.join("secret");
    std::fs::write(&secret, "s3cret").unwrap();
    let t = py(&script(&format!(
        r#"
attempt("secret", lambda: open("{}").read())
attempt("ssh", lambda: os.listdir(os.path.expanduser("~/.ssh")))
attempt("root", lambda: os.listdir("/root"))
attempt("homes", lambda: os.listdir("/home") if os.path.isdir("/home") else [])
attempt("home_env", lambda: os.environ["HOME"])
"#,
        secret.display()
    )));
    let sandboxed = json_of(&t, true, json!({})).await;
    let native = json_of(&t, false, json!({})).await;
    assert!(is_error(&sandboxed["secret"]), "{sandboxed}");
    assert!(is_error(&sandboxed["ssh"]), "{sandboxed}");
    // /root is an empty private tmpfs (unless the interpreter lives there: then only its path).
    let listed = sandboxed["root"].as_array().cloned().unwrap_or_default();
    assert!(listed.iter().all(|n| n == ".pyenv"), "{sandboxed}");
    assert_eq!(sandboxed["homes"], json!([]), "{sandboxed}");
    assert_eq!(sandboxed["home_env"], json!("/tmp/home"));
    assert_eq!(native["secret"], json!("s3cret"), "{native}");
}

#[tokio::test]
async fn tcp_connect_to_a_host_listener_fails_unless_network() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let text = script(&format!(
        r#"
attempt("connect", lambda: socket.create_connection(("127.0.0.1", {port}), timeout=5).close())
"#
    ));
    let mut t = py(&text);
    let sandboxed = json_of(&t, true, json!({})).await;
    assert!(is_error(&sandboxed["connect"]), "{sandboxed}");
    let native = json_of(&t, false, json!({})).await;
    assert_eq!(native["connect"], json!("ok"), "{native}");
    t.spec.network = true;
    let open = json_of(&t, true, json!({})).await;
    assert_eq!(open["connect"], json!("ok"), "network = true: {open}");
}

#[tokio::test]
async fn dns_resolution_fails() {
    let t = py(&script(
        r#"
attempt("dns", lambda: socket.getaddrinfo("pypi.org", 443)[0][4][0])
attempt("udp", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).close())
attempt("unix", lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).close())
"#,
    ));
    let sandboxed = json_of(&t, true, json!({})).await;
    assert!(is_error(&sandboxed["dns"]), "{sandboxed}");
    assert!(is_error(&sandboxed["udp"]), "{sandboxed}");
    assert_eq!(sandboxed["unix"], json!("ok"), "{sandboxed}");
    let native = json_of(&t, false, json!({})).await;
    assert!(
        !is_error(&native["dns"]),
        "native DNS must work for this test to mean anything: {native}"
    );
}

#[tokio::test]
async fn fork_bomb_is_limited() {
    let t = py(&script(
        r#"
import time
def bomb():
    n = 0
    for _ in range(10000):
        pid = os.fork()
        if pid == 0:
            time.sleep(30)
            os._exit(0)
        n += 1
    return n
attempt("fork", bomb)
"#,
    ));
    let started = Instant::now();
    let sandboxed = json_of(&t, true, json!({})).await;
    let msg = sandboxed["fork"].as_str().unwrap_or("").to_string();
    assert!(
        msg.contains("BlockingIOError") || msg.contains("Errno 11"),
        "{sandboxed}"
    );
    // The children die with the namespace when the main process exits.
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[tokio::test]
async fn allocating_10_gb_fails() {
    let t = py(&script(
        r#"
attempt("alloc", lambda: len(bytearray(10 * 1024 ** 3)))
"#,
    ));
    let sandboxed = json_of(&t, true, json!({})).await;
    assert!(
        sandboxed["alloc"]
            .as_str()
            .unwrap_or("")
            .contains("MemoryError"),
        "{sandboxed}"
    );
}

#[tokio::test]
async fn ptrace_is_denied() {
    let t = py(&script(
        r#"
import ctypes, subprocess, signal
libc = ctypes.CDLL(None, use_errno=True)
def trace():
    p = subprocess.Popen(["sleep", "5"])
    try:
        r = libc.ptrace(16, p.pid, None, None)  # PTRACE_ATTACH
        if r != 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
        libc.ptrace(17, p.pid, None, None)  # PTRACE_DETACH
    finally:
        p.kill()
        p.wait()
attempt("ptrace", trace)
"#,
    ));
    let sandboxed = json_of(&t, true, json!({})).await;
    assert!(is_error(&sandboxed["ptrace"]), "{sandboxed}");
    let native = json_of(&t, false, json!({})).await;
    assert_eq!(native["ptrace"], json!("ok"), "{native}");
}

/// The namespace's init (C1) shares kitsh's memory: the tool may not read it through /proc nor
/// take its fds, whatever uid the sandbox runs as (the errors are permission errors).
#[tokio::test]
async fn init_memory_is_not_readable() {
    let t = py(&script(
        r#"
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
def read(name):
    with open("/proc/1/" + name, "rb") as f:
        f.read(16)
def getfd():
    pidfd = os.pidfd_open(1)
    fd = libc.syscall(438, pidfd, 0, 0)  # pidfd_getfd(pidfd, 0, 0)
    if fd < 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
attempt("environ", lambda: read("environ"))
attempt("maps", lambda: read("maps"))
attempt("mem", lambda: open("/proc/1/mem", "rb").close())
attempt("getfd", getfd)
"#,
    ));
    let sandboxed = json_of(&t, true, json!({})).await;
    for what in ["environ", "maps", "mem", "getfd"] {
        let error = sandboxed[what].as_str().unwrap_or("");
        assert!(
            error.starts_with("error: PermissionError"),
            "{what}: {sandboxed}"
        );
    }
}

/// A call's network namespace may serve a later call (as root, see the sandbox's `netns`): a
/// listening abstract unix socket that the first call keeps in flight after its processes end
/// is out of the second call's reach, and each call sees its own net namespace inode only while
/// it runs (nothing is shared with a call running at the same time).
#[tokio::test]
async fn a_later_call_cannot_reach_an_earlier_calls_socket() {
    let leave = py(&script(
        r#"
import array
def leave():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind("\0kitsh-leftover")
    s.listen()
    a, b = socket.socketpair()
    fds = array.array("i", [s.fileno(), a.fileno(), b.fileno()])
    a.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
attempt("leave", leave)
"#,
    ));
    let left = json_of(&leave, true, json!({})).await;
    assert_eq!(left["leave"], json!("ok"), "{left}");
    let reach = py(&script(
        r#"
def reach():
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.connect("\0kitsh-leftover")
attempt("reach", reach)
"#,
    ));
    let reached = json_of(&reach, true, json!({})).await;
    assert!(is_error(&reached["reach"]), "{reached}");
}

#[tokio::test]
async fn mount_and_unshare_are_denied() {
    let t = tool(
        "main.sh",
        r#"
mkdir -p /tmp/m
if mount -t tmpfs none /tmp/m 2>/dev/null; then echo mount=ok; else echo mount=denied; fi
if unshare -Urm true 2>/dev/null; then echo unshare=ok; else echo unshare=denied; fi
"#,
        ToolType::Shell,
        OutputAdapter::Text,
    );
    let sandboxed = call(&t, true, json!({})).await.unwrap();
    let out = String::from_utf8_lossy(&sandboxed.stdout).to_string();
    assert!(
        out.contains("mount=denied") && out.contains("unshare=denied"),
        "{out}"
    );
    // Natively only the harmless half (a throwaway namespace) is tried.
    let native = tool(
        "main.sh",
        "if unshare -Urm true; then echo unshare=ok; else echo unshare=denied; fi\n",
        ToolType::Shell,
        OutputAdapter::Text,
    );
    let out = call(&native, false, json!({})).await.unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "unshare=ok\n");
}

/// Whether any host process has `needle` in its command line.
fn host_has_process(needle: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .map(|c| String::from_utf8_lossy(&c).contains(needle))
            .unwrap_or(false)
    })
}

#[tokio::test]
async fn background_process_dies_after_the_timeout() {
    let marker = format!("{}.{}", 900 + std::process::id() % 97, std::process::id());
    let mut t = py(&format!(
        r#"
import subprocess, time
subprocess.Popen(["sleep", "{marker}"], start_new_session=True)
subprocess.Popen(["sleep", "{marker}"])
print("started", flush=True)
time.sleep(100)
"#
    ));
    t.spec.timeout = Duration::from_millis(1500);
    let started = Instant::now();
    let err = call(&t, true, json!({})).await.unwrap_err();
    assert_eq!(err, RunError::TimedOut(Duration::from_millis(1500)));
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );
    let deadline = Instant::now() + Duration::from_secs(3);
    while host_has_process(&marker) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        !host_has_process(&marker),
        "a sandboxed `sleep {marker}` survived"
    );
}

#[tokio::test]
async fn tmp_is_private_and_identity_is_unprivileged() {
    let name = format!("kitsh-sbx-private-{}", std::process::id());
    let t = py(&script(&format!(
        r#"
def status():
    d = dict(l.split(":\t", 1) for l in open("/proc/self/status").read().splitlines() if ":\t" in l)
    return {{k: d[k].strip() for k in ["CapEff", "CapPrm", "CapBnd", "NoNewPrivs", "Seccomp"]}}
attempt("write", lambda: open("/tmp/{name}", "w").write("x"))
attempt("tmpdir", lambda: os.environ.get("TMPDIR"))
attempt("status", status)
attempt("procs", lambda: len([p for p in os.listdir("/proc") if p.isdigit()]))
attempt("devnull", lambda: open("/dev/null", "w").write("x"))
attempt("urandom", lambda: len(open("/dev/urandom", "rb").read(8)))
attempt("zero", lambda: len(open("/dev/zero", "rb").read(8)))
"#
    )));
    let v = json_of(&t, true, json!({})).await;
    assert_eq!(v["write"], json!(1), "{v}");
    assert!(
        !Path::new("/tmp").join(&name).exists(),
        "/tmp/{name} leaked to the host"
    );
    assert_eq!(v["tmpdir"], json!("/tmp"));
    assert_eq!(v["status"]["CapEff"], json!("0000000000000000"), "{v}");
    assert_eq!(v["status"]["CapPrm"], json!("0000000000000000"), "{v}");
    assert_eq!(v["status"]["CapBnd"], json!("0000000000000000"), "{v}");
    assert_eq!(v["status"]["NoNewPrivs"], json!("1"), "{v}");
    assert_eq!(v["status"]["Seccomp"], json!("2"), "{v}");
    // Host processes are invisible: the namespace's init and the tool.
    assert!(v["procs"].as_u64().unwrap() <= 3, "{v}");
    assert_eq!(
        (
            v["devnull"].clone(),
            v["urandom"].clone(),
            v["zero"].clone()
        ),
        (json!(1), json!(8), json!(8))
    );
}

#[tokio::test]
async fn stdout_status_and_timeouts_behave_as_native() {
    // Same stdout, argv and cwd.
    let t = py(r#"
import json, os, sys
print(json.dumps({"argv": sys.argv[1:], "cwd": os.getcwd(), "tool": os.environ.get("KITSH_TOOL")}))
"#);
    let args = json!({"name": "wo rld", "n": 3});
    let sandboxed = call(&t, true, args.clone()).await.unwrap();
    let native = call(&t, false, args).await.unwrap();
    assert_eq!(sandboxed, native);
    // Exit status with the stderr tail.
    let t = tool(
        "main.sh",
        "echo out; echo boom >&2; exit 3\n",
        ToolType::Shell,
        OutputAdapter::Text,
    );
    let e = call(&t, true, json!({})).await.unwrap_err();
    assert_eq!(
        (e.message(), e.exit_code()),
        ("exited with status 3: boom".to_string(), 3)
    );
    assert_eq!(e, call(&t, false, json!({})).await.unwrap_err());
    // Killed by a signal.
    let t = tool(
        "main.sh",
        "kill -9 $$\n",
        ToolType::Shell,
        OutputAdapter::Text,
    );
    assert_eq!(
        call(&t, true, json!({})).await.unwrap_err(),
        RunError::Signaled(9)
    );
    // Timeout: SIGTERM reaches the tool (it is not the namespace's init).
    let mut t = tool(
        "main.sh",
        "sleep 30\n",
        ToolType::Shell,
        OutputAdapter::Text,
    );
    t.spec.timeout = Duration::from_millis(500);
    let started = Instant::now();
    assert_eq!(
        call(&t, true, json!({})).await.unwrap_err(),
        RunError::TimedOut(Duration::from_millis(500))
    );
    assert!(
        started.elapsed() < Duration::from_millis(2000),
        "{:?}",
        started.elapsed()
    );
    // Output cap.
    let mut t = tool("main.sh", "yes\n", ToolType::Shell, OutputAdapter::Text);
    t.spec.max_output = 1000;
    assert_eq!(
        call(&t, true, json!({})).await.unwrap_err(),
        RunError::OutputTooLarge(1000)
    );
    // stdin (json adapter).
    let mut t = tool("main.sh", "cat\n", ToolType::Shell, OutputAdapter::Text);
    t.spec.input_adapter = InputAdapter::Json;
    let out = call(&t, true, json!({"a": 1})).await.unwrap();
    assert_eq!(out.stdout, b"{\"a\":1}");
    let _ = &t.dir;
}

#[tokio::test]
async fn surface_call_runs_executor_sandbox() {
    let t = py("import os, json; print(json.dumps({'tmp': os.environ.get('TMPDIR'), 'pid': os.getpid()}))\n");
    let mut spec = t.spec.clone();
    spec.resolved = Some(t.resolved.clone());
    require_sandbox();
    let called = kitsh_kit::surface::call::call(&std::sync::Arc::new(spec.clone()), Map::new())
        .await
        .unwrap();
    // TMPDIR=/tmp and pid 2 (after the namespace's init) only happen in the sandbox.
    assert_eq!(called.value, json!({"tmp": "/tmp", "pid": 2}));
    spec.executor = Some(ExecutorKind::Native);
    let native = kitsh_kit::surface::call::call(&std::sync::Arc::new(spec), Map::new())
        .await
        .unwrap();
    assert_ne!(native.value["tmp"], json!("/tmp"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_concurrent_sandboxed_calls() {
    let t = std::sync::Arc::new(py("import sys, json; print(json.dumps(sys.argv[1:]))\n"));
    let mut handles = Vec::new();
    for i in 0..20 {
        let t = std::sync::Arc::clone(&t);
        handles.push(tokio::spawn(async move {
            let out = call(&t, true, json!({"i": i})).await.unwrap();
            to_value(OutputAdapter::Json, &out.stdout).unwrap()
        }));
    }
    for (i, h) in handles.into_iter().enumerate() {
        assert_eq!(h.await.unwrap(), json!(["--i", i.to_string()]));
    }
}

#[tokio::test]
async fn benchmark_trivial_python_call() {
    // The tool's `.venv/bin/python` (a symlink to the real interpreter) is used by both
    // executors, so neither pays for a shim such as pyenv's.
    let t = py("print('{}')\n");
    let real = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .unwrap();
    let real = String::from_utf8(real.stdout).unwrap().trim().to_string();
    std::fs::create_dir_all(t.dir.0.join(".venv/bin")).unwrap();
    std::os::unix::fs::symlink(&real, t.dir.0.join(".venv/bin/python")).unwrap();
    std::fs::write(
        t.dir.0.join(".venv/pyvenv.cfg"),
        format!("home = {}\n", Path::new(&real).parent().unwrap().display()),
    )
    .unwrap();
    let n = 10;
    let sh = tool("main.sh", "exit 0\n", ToolType::Shell, OutputAdapter::Text);
    // Warm both paths (interpreter resolution is cached per process).
    call(&t, false, json!({})).await.unwrap();
    call(&t, true, json!({})).await.unwrap();
    let mut times = [Duration::ZERO; 2];
    for _ in 0..n {
        for (i, sandboxed) in [false, true].into_iter().enumerate() {
            let start = Instant::now();
            call(&t, sandboxed, json!({})).await.unwrap();
            times[i] += start.elapsed();
        }
    }
    // The setup alone: an empty bash script.
    let mut setup = [Duration::ZERO; 2];
    for _ in 0..n {
        for (i, sandboxed) in [false, true].into_iter().enumerate() {
            let start = Instant::now();
            call(&sh, sandboxed, json!({})).await.unwrap();
            setup[i] += start.elapsed();
        }
    }
    println!(
        "bench: empty bash script: native {:.1} ms, sandbox {:.1} ms",
        (setup[0] / n).as_secs_f64() * 1e3,
        (setup[1] / n).as_secs_f64() * 1e3
    );
    let native = times[0] / n;
    let sandbox = times[1] / n;
    println!(
        "bench: trivial python call: native {:.1} ms, sandbox {:.1} ms ({:.2}x)",
        native.as_secs_f64() * 1e3,
        sandbox.as_secs_f64() * 1e3,
        sandbox.as_secs_f64() / native.as_secs_f64()
    );
}

#[tokio::test]
async fn node_and_bash_tools_run() {
    let t = tool(
        "main.js",
        "console.log(JSON.stringify({argv: process.argv.slice(2), home: process.env.HOME}));\n",
        ToolType::Node,
        OutputAdapter::Json,
    );
    let v = json_of(&t, true, json!({"x": "y"})).await;
    assert_eq!(v, json!({"argv": ["--x", "y"], "home": "/tmp/home"}));
    let t = tool(
        "main.sh",
        "echo \"$HOME $TMPDIR $(id -u)\"; ls /proc | grep -c '^[0-9]'\n",
        ToolType::Shell,
        OutputAdapter::Text,
    );
    let out = call(&t, true, json!({})).await.unwrap();
    // bash, ls, grep and the namespace's init: 4 processes at most.
    let text = String::from_utf8(out.stdout).unwrap();
    let (first, count) = text.split_once('\n').unwrap();
    assert_eq!(first, "/tmp/home /tmp 0");
    assert!(count.trim().parse::<u32>().unwrap() <= 4, "{text}");
}

/// The sandbox execs the tool itself (not through std): a program the kernel refuses to exec
/// fails with the native executor's message, and a shebang-less script behaves as natively.
#[tokio::test]
async fn exec_failures_match_native() {
    use std::os::unix::fs::PermissionsExt;
    for (text, what) in [
        ("\u{1}\u{2}\u{3}garbage\n", "garbage"),
        ("echo plain\n", "no shebang"),
    ] {
        let t = tool("run", text, ToolType::Other, OutputAdapter::Text);
        let entry = t.resolved.entrypoint.clone();
        std::fs::set_permissions(&entry, std::fs::Permissions::from_mode(0o755)).unwrap();
        let native = call(&t, false, json!({})).await;
        let sandboxed = call(&t, true, json!({})).await;
        match (native, sandboxed) {
            (Ok(n), Ok(s)) => assert_eq!(n.stdout, s.stdout, "{what}"),
            (Err(n), Err(s)) => assert_eq!(n.message(), s.message(), "{what}"),
            (n, s) => panic!(
                "{what}: native {:?} vs sandbox {:?}",
                n.map(|o| o.stdout).map_err(|e| e.message()),
                s.map(|o| o.stdout).map_err(|e| e.message())
            ),
        }
    }
}

/// Runs [`weak_mode_child`] in a copy of this test binary with `KITSH_SANDBOX_DISABLE=disable`
/// (the kernel features are probed once per process, so the missing ones need a process of
/// their own) and fails with its output unless that one test ran and passed.
fn run_weak_mode_child(disable: &str) {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["weak_mode_child", "--exact", "--nocapture", "--test-threads=1"])
        .env("KITSH_SANDBOX_DISABLE", disable)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "KITSH_SANDBOX_DISABLE={disable}: {}\n{stdout}\n{stderr}",
        out.status
    );
}

/// Without Landlock (namespaces and seccomp present): the run fails naming it; a weak tool runs
/// through std's fork, still in the namespaces, with a private home, no network, seccomp, and
/// the namespace's init (a copy of kitsh's memory) unreadable.
#[test]
fn missing_landlock_fails_closed_and_a_weak_tool_runs_in_namespaces() {
    require_sandbox();
    run_weak_mode_child("landlock");
}

/// Without user namespaces: the run fails naming them; a weak tool runs without namespaces,
/// confined by Landlock and seccomp, with a per-call home and temp dir removed afterwards.
#[test]
fn missing_user_namespaces_fail_closed_and_a_weak_tool_runs_confined() {
    require_sandbox();
    run_weak_mode_child("userns");
}

/// One sandboxed call with no arguments, whatever the probe said.
async fn run_sandboxed(t: &Tool) -> Result<RunOutput, RunError> {
    let input = to_process(&t.spec, json!({}).as_object().unwrap());
    let req = RunRequest {
        spec: &t.spec,
        resolved: &t.resolved,
        input,
        cancel: None,
    };
    run_sandbox(req).await
}

/// The body of the two tests above, in a process where `KITSH_SANDBOX_DISABLE` is set. Without
/// it (a normal `cargo test`) there is nothing to check here and it returns at once.
#[tokio::test]
async fn weak_mode_child() {
    let Ok(disabled) = std::env::var("KITSH_SANDBOX_DISABLE") else {
        return;
    };
    let reason = sandbox_status().unwrap_err();
    assert!(reason.contains("disabled by KITSH_SANDBOX_DISABLE"), "{reason}");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let mut t = py(&script(&format!(
        r#"
def status():
    d = dict(l.split(":\t", 1) for l in open("/proc/self/status").read().splitlines() if ":\t" in l)
    return {{k: d[k].strip() for k in ["CapEff", "NoNewPrivs", "Seccomp"]}}
attempt("home", lambda: os.environ["HOME"])
attempt("home_entries", lambda: os.listdir(os.environ["HOME"]))
attempt("home_write", lambda: open(os.path.join(os.environ["HOME"], "f"), "w").write("xy"))
attempt("tool_dir_write", lambda: open("written-by-tool", "w").write("x"))
attempt("connect", lambda: socket.create_connection(("127.0.0.1", {port}), timeout=5).close())
attempt("status", status)
attempt("init_mem", lambda: open("/proc/1/mem", "rb").close())
attempt("init_environ", lambda: open("/proc/1/environ", "rb").read(16))
"#
    )));
    // Fail-closed, naming what is missing.
    let err = run_sandboxed(&t).await.unwrap_err();
    assert_eq!(
        err,
        RunError::CouldNotRun(format!("executor 'sandbox' unavailable: {reason}"))
    );
    // Weak: runs with what is there.
    t.spec.sandbox_weak = true;
    let out = match run_sandboxed(&t).await {
        Ok(out) => out,
        Err(e) => panic!("weak run: {}", e.message()),
    };
    let v = to_value(OutputAdapter::Json, &out.stdout).unwrap();
    assert_eq!(v["home_entries"], json!([]), "{v}");
    assert_eq!(v["home_write"], json!(2), "{v}");
    assert!(is_error(&v["tool_dir_write"]), "{v}");
    assert!(!t.dir.0.join("written-by-tool").exists());
    assert!(is_error(&v["connect"]), "{v}");
    assert_eq!(v["status"]["CapEff"], json!("0000000000000000"), "{v}");
    assert_eq!(v["status"]["NoNewPrivs"], json!("1"), "{v}");
    assert_eq!(v["status"]["Seccomp"], json!("2"), "{v}");
    match disabled.as_str() {
        "landlock" => {
            assert_eq!(v["home"], json!("/tmp/home"), "{v}");
            // pid 1 is the namespace's init, std's copy of kitsh: made non-dumpable.
            for what in ["init_mem", "init_environ"] {
                let error = v[what].as_str().unwrap_or("");
                assert!(error.starts_with("error: PermissionError"), "{what}: {v}");
            }
        }
        "userns" => {
            // No namespaces: a per-call dir of the host's temp dir, gone after the call.
            let home = PathBuf::from(v["home"].as_str().unwrap());
            assert!(home.starts_with(std::env::temp_dir()), "{v}");
            assert!(!home.exists(), "{} left behind", home.display());
        }
        other => panic!("no checks for KITSH_SANDBOX_DISABLE={other}"),
    }
}
