//! `tools/call` round trips over stdio, measured from a client (`cargo build --release -p
//! kitsh-cli && cargo bench -p kitsh-mcp`; `KITSH_BIN` overrides the binary). The client
//! writes one JSON-RPC request and waits for its response line, as an MCP client does.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    let bin = std::env::var_os("KITSH_BIN").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/release/kitsh"));
    let kit = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/kit");
    let mut child = Command::new(&bin).arg("--kit").arg(&kit).arg("mcp").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().expect("kitsh mcp");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    let send = |stdin: &mut std::process::ChildStdin, text: &str| {
        stdin.write_all(text.as_bytes()).expect("write");
        stdin.write_all(b"\n").expect("write");
        stdin.flush().expect("flush");
    };
    send(&mut stdin, r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}"#);
    out.read_line(&mut line).expect("initialize");
    send(&mut stdin, r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    let mut id = 1u64;
    let mut call = |stdin: &mut std::process::ChildStdin, out: &mut BufReader<std::process::ChildStdout>, tool: &str, commands: &str| {
        id += 1;
        let req = serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": {"commands": commands}}});
        send(stdin, &req.to_string());
        let mut l = String::new();
        out.read_line(&mut l).expect("response");
        assert!(l.contains("\"result\""), "{l}");
        l
    };
    for _ in 0..50 {
        call(&mut stdin, &mut out, "bash", "echo hi");
    }
    let n = 2000u32;
    let start = Instant::now();
    for _ in 0..n {
        call(&mut stdin, &mut out, "bash", "echo hi");
    }
    let per = start.elapsed() / n;
    println!("{:<52} {:>8.1} µs", "tools/call bash `echo hi`, round trip", per.as_secs_f64() * 1e6);
    let start = Instant::now();
    let m = 5u32;
    for _ in 0..m {
        let l = call(&mut stdin, &mut out, "kit", "for i in $(seq 100); do text.wordcount --text x >/dev/null; done; echo done");
        assert!(l.contains("done"));
    }
    let per: Duration = start.elapsed() / m;
    println!("{:<52} {:>8.1} ms", "tools/call kit: a script calling a kit tool 100×", per.as_secs_f64() * 1e3);
    drop(stdin);
    let _ = child.wait();
    imported(&bin);
}

/// A script making 100 calls to an imported server's tool (the SDK's demo server over stdio,
/// started with the Python that has the `mcp` package: `$KITSH_BENCH_PYTHON`, else the CI venv).
fn imported(bin: &std::path::Path) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let python = std::env::var_os("KITSH_BENCH_PYTHON").map(PathBuf::from).unwrap_or_else(|| root.join("../../target/py-venv/bin/python"));
    if !python.exists() {
        println!("(imported-server bench skipped: no Python with the mcp package at {})", python.display());
        return;
    }
    let demo = format!("demo={} {}", python.display(), root.join("tests/demo_server.py").display());
    // Timed inside the script, so the server's start-up (a Python process) is left out.
    let script = "s=$EPOCHREALTIME; for i in $(seq 100); do demo.get_city --name Paris >/dev/null; done; echo \"$s $EPOCHREALTIME\"";
    let mut best = f64::MAX;
    for _ in 0..3 {
        let out = Command::new(bin).args(["run", "--mcp-server", &demo, "-c", script]).env("HOME", "/nonexistent").output().expect("kitsh run");
        let text = String::from_utf8_lossy(&out.stdout);
        let t: Vec<f64> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
        assert_eq!(t.len(), 2, "{text} {}", String::from_utf8_lossy(&out.stderr));
        best = best.min(t[1] - t[0]);
    }
    let best = Duration::from_secs_f64(best);
    println!("{:<52} {:>8.1} ms", "a script calling an imported tool 100× (no start-up)", best.as_secs_f64() * 1e3);
    println!("{:<52} {:>8.1} µs", "  per call", best.as_secs_f64() * 1e6 / 100.0);
}
