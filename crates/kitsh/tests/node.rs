//! `node` (feature `node`): the corpus of agents' JavaScript in tests/node run through kitsh and
//! compared with Node 20's recorded results, and end-to-end checks of the command: its forms and
//! options, `#!` scripts, streaming pipes, exit statuses and error reports, files shared with the
//! shell, the sandbox (no process, socket or host file), the limits (timeout, memory, recursion,
//! output), and the shell's tools as `require('kitsh_tools')`.
//!
//! `KITSH_NODE_FILTER=substring` runs only the corpus snippets whose name contains it;
//! `KITSH_NODE_VERBOSE=1` prints why each failing snippet failed.

#![allow(clippy::panic, clippy::unwrap_used)] // tests report failures by panicking

mod common;
#[path = "node_parts/tools.rs"]
mod tools;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::guest::{check, quote, run, snippet_shell, truncate};
use common::{assert_limit, assert_still_works, guarded, shell};
use kitsh::{Bash, ExecutionLimits};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/node")
}

fn sh_with_snippets() -> Bash {
    snippet_shell(&corpus_dir().join("snippets"), &[("KN_VAR", "kv")])
}

/// The kind of error Node reported (`TypeError`, `Error`, `Uncaught ...`): the first stderr line
/// that names one.
fn error_kind(err: &str) -> Option<String> {
    err.lines().find_map(|l| {
        let l = l.trim_start_matches('[');
        let name: String = l.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        (name.ends_with("Error") || name == "Uncaught").then_some(name)
    })
}

/// Run one snippet of the corpus; `Err(why)` when it does not match Node's recorded result.
fn run_snippet(sh: &mut Bash, name: &str) -> Result<(), String> {
    let snip = corpus_dir().join("snippets");
    let exp = corpus_dir().join("expected");
    let mut cmd = format!("node /snippets/{name}.js");
    if let Ok(args) = std::fs::read_to_string(snip.join(format!("{name}.args"))) {
        for a in args.lines() {
            cmd.push(' ');
            cmd.push_str(&quote(a));
        }
    }
    if snip.join(format!("{name}.stdin")).exists() {
        cmd.push_str(&format!(" < /snippets/{name}.stdin"));
    } else {
        cmd.push_str(" < /dev/null");
    }
    let r = sh.exec_sync(&cmd);
    let want_out = std::fs::read(exp.join(format!("{name}.out"))).unwrap();
    let want_err = std::fs::read_to_string(exp.join(format!("{name}.err"))).unwrap();
    let want_status: i32 = std::fs::read_to_string(exp.join(format!("{name}.status"))).unwrap().trim().parse().unwrap();
    let mut why = Vec::new();
    if r.stdout_bytes != want_out {
        why.push(format!("stdout {:?} != {:?}", truncate(&r.stdout), truncate(&String::from_utf8_lossy(&want_out))));
    }
    if r.exit_code != want_status {
        why.push(format!("status {} != {want_status}", r.exit_code));
    }
    if let Some(kind) = error_kind(&want_err) {
        if error_kind(&r.stderr).as_deref() != Some(kind.as_str()) {
            why.push(format!("no {kind} on stderr: {:?}", truncate(&r.stderr)));
        }
    }
    if why.is_empty() {
        Ok(())
    } else {
        Err(why.join("; "))
    }
}

#[test]
fn corpus_matches_node() {
    let filter = std::env::var("KITSH_NODE_FILTER").unwrap_or_default();
    let mut names: Vec<String> = std::fs::read_dir(corpus_dir().join("snippets"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok()?.strip_suffix(".js").map(str::to_string))
        .filter(|n| n.contains(&filter))
        .collect();
    names.sort();
    let start = Instant::now();
    let mut sh = sh_with_snippets();
    let results: Vec<(String, Result<(), String>)> = names
        .into_iter()
        .map(|n| {
            let r = run_snippet(&mut sh, &n);
            (n, r)
        })
        .collect();
    let failed: Vec<_> = results.iter().filter(|(_, r)| r.is_err()).collect();
    let passed = results.len() - failed.len();
    eprintln!("node corpus: {passed}/{} passed in {:?}", results.len(), start.elapsed());
    for (n, r) in &failed {
        if std::env::var_os("KITSH_NODE_VERBOSE").is_some() {
            eprintln!("FAIL {n}: {}", r.as_ref().err().map_or("", |s| s.as_str()));
        } else {
            eprintln!("FAIL {n}");
        }
    }
    assert!(failed.is_empty(), "{} snippets differ from Node 20", failed.len());
}

#[test]
fn forms_and_argv() {
    check("node -e 'console.log(process.argv)' a 'b c' --x", "[ '/usr/bin/node', 'a', 'b c', '--x' ]\n", "", 0);
    check("node -p '6*7'; node --print '\"s\"'; node -pe '[1]'", "42\ns\n[ 1 ]\n", "", 0);
    check("echo 'console.log(process.argv.slice(1))' > s.js; node s.js x -u", "[ '/home/user/s.js', 'x', '-u' ]\n", "", 0);
    check("echo 'console.log(process.argv.length, __filename)' | node", "1 [stdin]\n", "", 0);
    check("echo 'console.log(process.argv.slice(1))' | node - a b", "[ '-', 'a', 'b' ]\n", "", 0);
    check("node <<'EOF'\nfor (let i = 0; i < 3; i++) console.log(i)\nEOF", "0\n1\n2\n", "", 0);
    check("node --version; node -v; nodejs --version", "v20.20.2\nv20.20.2\nv20.20.2\n", "", 0);
    check("node --no-warnings --max-old-space-size=100 -e 'console.log(1)'", "1\n", "", 0);
    check("node --bogus", "", "node: bad option: --bogus", 9);
    check("node -e", "", "node: -e requires an argument", 9);
    let r = run("node --help");
    assert!(r.stdout.starts_with("Usage: node [options]"), "{}", r.stdout);
    check("echo 'function f( {' > bad.js; node -c bad.js", "", "SyntaxError", 1);
    check("echo 'console.log(1)' > ok.js; node -c ok.js; node --check ok.js", "", "", 0);
    check("node missing.js", "", "Error: Cannot find module '/home/user/missing.js'", 1);
    check("echo 'module.exports = 5' > m.js; node -r ./m.js -e 'console.log(require(\"./m\"))'", "5\n", "", 0);
}

#[test]
fn shebang_scripts() {
    check(
        "printf '#!/usr/bin/env node\\nconsole.log(\"hi\", process.argv.slice(2))\\n' > t.js; chmod +x t.js; ./t.js a b",
        "hi [ 'a', 'b' ]\n",
        "",
        0,
    );
    check("printf '#!/usr/bin/node\\nprocess.exit(4)\\n' > u; chmod +x u; ./u; echo $?", "4\n", "", 0);
}

#[test]
fn exit_statuses_and_error_reports() {
    check("node -e 'process.exit(3)'; echo $?", "3\n", "", 0);
    check("node -e 'process.exitCode = 4; console.log(\"x\")'; echo $?", "x\n4\n", "", 0);
    let r = run("node -e 'function f() { null.x } f()'");
    assert_eq!(r.exit_code, 1);
    assert!(r.stderr.starts_with("[eval]:1\nfunction f() { null.x } f()\n"), "{}", r.stderr);
    assert!(r.stderr.contains("TypeError: Cannot read properties of null (reading 'x')\n    at f ([eval]:1:"), "{}", r.stderr);
    assert!(r.stderr.ends_with("\n\nNode.js v20.20.2\n"), "{}", r.stderr);
    check("node -e 'throw 42'", "", "Uncaught 42", 1);
    check("node -e 'Promise.reject(new RangeError(\"r\"))'", "", "RangeError: r", 1);
    check("node -e 'Promise.reject(7)'", "", "The promise rejected with the reason \"7\".", 1);
    check("node -e 'process.on(\"exit\", c => console.log(\"bye\", c)); throw new Error(\"e\")' 2>/dev/null", "bye 1\n", "", 1);
    check("node -e 'process.on(\"uncaughtException\", e => console.log(\"caught\", e.message)); setTimeout(() => { throw new Error(\"t\") }, 1)'", "caught t\n", "", 0);
    check("node -e 'try { process.exit(2) } finally { console.log(\"no\") }'; echo $?", "2\n", "", 0);
}

#[test]
fn stdout_streams_into_a_pipe() {
    // `head` ends the pipe: the endless writer stops (as Node does on EPIPE) instead of running on.
    let r = run("node -e 'for (;;) console.log(\"y\")' | head -n 2; echo done");
    assert_eq!(r.stdout, "y\ny\ndone\n", "{}", r.stderr);
    // Output interleaves with the shell's in order.
    check("echo a; node -e 'console.log(\"b\"); console.error(\"c\")' 2>&1; echo d", "a\nb\nc\nd\n", "", 0);
}

#[test]
fn stdin_is_read_as_the_script_asks() {
    check("seq 1 50000 | node -e 'let n = 0; require(\"readline\").createInterface({ input: process.stdin }).on(\"line\", () => n++).on(\"close\", () => console.log(n))'", "50000\n", "", 0);
    check("yes | head -n 3 | node -e 'process.stdin.on(\"data\", d => process.stdout.write(d.toString().toUpperCase()))'", "Y\nY\nY\n", "", 0);
    // A script that never reads leaves the input alone (the writer is not blocked for ever).
    check("yes | node -e 'console.log(\"no read\")'", "no read\n", "", 0);
}

#[test]
fn files_are_shared_with_the_shell() {
    check(
        "echo '{\"n\": 1}' > in.json; node -e 'const fs = require(\"fs\"); const o = JSON.parse(fs.readFileSync(\"in.json\", \"utf8\")); o.n++; fs.writeFileSync(\"out.json\", JSON.stringify(o))'; cat out.json",
        "{\"n\":2}",
        "",
        0,
    );
    check("mkdir -p lib; echo 'exports.twice = x => 2 * x' > lib/m.js; node -e 'console.log(require(\"./lib/m\").twice(21))'", "42\n", "", 0);
    check("node -e 'process.chdir(\"/tmp\"); require(\"fs\").writeFileSync(\"rel.txt\", \"r\")'; cat /tmp/rel.txt", "r", "", 0);
    check("node -e 'console.log(process.env.FOO, process.env.NOPE)'", "undefined undefined\n", "", 0);
    check("export FOO=bar; node -e 'console.log(process.env.FOO)'", "bar\n", "", 0);
}

#[test]
fn processes_sockets_and_host_files_are_refused() {
    let msg = "Error: child_process is disabled in the kitsh sandbox";
    check("node -e 'require(\"child_process\").execSync(\"ls\")'", "", msg, 1);
    check("node -e 'require(\"node:child_process\").spawn(\"ls\")'", "", msg, 1);
    check("node -e 'try { require(\"child_process\").exec(\"ls\") } catch (e) { console.log(e.code) }'", "ERR_KITSH_SANDBOX\n", "", 0);
    check("node -e 'require(\"http\").createServer()'", "", "Error: http is disabled in the kitsh sandbox", 1);
    check("node -e 'require(\"https\").get(\"https://example.com\")'", "", "Error: https is disabled in the kitsh sandbox", 1);
    check("node -e 'require(\"net\").connect(80, \"example.com\")'", "", "Error: net is disabled in the kitsh sandbox", 1);
    check("node -e 'new (require(\"worker_threads\").Worker)(\"x\")'", "", "Error: worker_threads is disabled in the kitsh sandbox", 1);
    check("node -e 'process.binding(\"fs\")'", "", "Error: process.binding is disabled in the kitsh sandbox", 1);
    check("node -e 'process.kill(1)'", "", "Error: process.kill is disabled in the kitsh sandbox", 1);
    // A host file is not there: the script sees the virtual filesystem only.
    let host = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    check(
        &format!("node -e 'try {{ require(\"fs\").readFileSync(\"{host}\") }} catch (e) {{ console.log(e.code) }}'"),
        "ENOENT\n",
        "",
        0,
    );
    check("node -e 'require(\"fs\").writeFileSync(\"/proc/x\", \"\")'", "", "Error: E", 1);
}

#[test]
fn calls_share_no_state() {
    check("node -e 'globalThis.leak = 1; Array.prototype.evil = 2'; node -e 'console.log(typeof leak, [].evil)'", "undefined undefined\n", "", 0);
}

#[test]
fn endless_loops_stop_at_the_timeout() {
    let l = ExecutionLimits::new().timeout(Duration::from_millis(1500));
    let max = Duration::from_secs(6);
    assert_limit(l.clone(), "node -e 'for (;;) {}'", 124, "execution timed out", max);
    // Catching the interruption does not keep a script alive.
    assert_limit(l.clone(), "node -e 'for (;;) { try { for (;;) {} } catch (e) {} }'", 124, "execution timed out", max);
    assert_limit(l.clone(), "node -e 'setTimeout(() => {}, 1e9)'", 124, "execution timed out", max);
    assert_limit(l.clone(), "node -e 'setInterval(() => {}, 1)'", 124, "execution timed out", max);
    assert_limit(l.clone(), "node -e '(async () => { for (;;) await null })()'", 124, "execution timed out", max);
    // A regular expression that backtracks for ever is stopped inside the match.
    assert_limit(l, "node -e '/(a+)+b/.test(\"a\".repeat(50))'", 124, "execution timed out", max);
}

#[test]
fn memory_is_bounded() {
    let l = ExecutionLimits::new().timeout(Duration::from_secs(10)).max_heap_bytes(64 << 20);
    assert_limit(
        l,
        "node -e 'const a = []; for (;;) a.push(\"x\".repeat(1000) + a.length)'",
        125,
        "maximum memory exceeded",
        Duration::from_secs(8),
    );
    // Deep recursion is Node's catchable RangeError.
    check(
        "node -e 'function f(n) { return f(n + 1) + 1 } try { f(0) } catch (e) { console.log(e.name, e.message) }'",
        "RangeError Maximum call stack size exceeded\n",
        "",
        0,
    );
    check("node -e 'function d(n) { return n ? 1 + d(n - 1) : 0 } console.log(d(8000))'", "8000\n", "", 0);
}

#[test]
fn output_is_bounded_by_the_output_limit() {
    guarded(|| {
        let limits = ExecutionLimits::new().timeout(Duration::from_secs(10)).max_output_bytes(1 << 16);
        let mut sh = shell(limits);
        let t = Instant::now();
        let r = sh.exec_sync("node -e 'for (;;) console.log(\"x\".repeat(100))'");
        assert!(t.elapsed() < Duration::from_secs(8), "took {:?}", t.elapsed());
        assert_ne!(r.exit_code, 0);
        assert!(r.stdout.len() <= 1 << 16);
        assert_still_works(&mut sh);
    });
}

#[test]
fn cancellation_stops_a_long_script() {
    guarded(|| {
        let mut sh = shell(ExecutionLimits::new().timeout(Duration::from_secs(30)));
        let token = kitsh::CancellationToken::new();
        let canceller = token.clone();
        let t = Instant::now();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            canceller.cancel();
        });
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        let r = rt.block_on(sh.exec_cancellable("node -e 'for (;;) {}'; echo after", &token)).unwrap();
        assert!(t.elapsed() < Duration::from_secs(3), "took {:?}", t.elapsed());
        assert_eq!(r.exit_code, 130, "{}", r.stderr);
        assert_eq!(r.stdout, "");
    });
}

#[test]
fn concurrent_runs() {
    check(
        "for i in 1 2 3 4; do node -e \"setTimeout(() => console.log($i), 1000 - $i * 200)\" & done; wait",
        "4\n3\n2\n1\n",
        "",
        0,
    );
}

/// The host's network (a mock here) answers `fetch` as it answers curl: method, URL, headers and
/// body reach it; the response's status, headers and body come back.
struct Echo;

impl kitsh::builtins::net::Network for Echo {
    fn request(&self, req: &kitsh::builtins::net::HttpRequest) -> Result<kitsh::builtins::net::HttpResponse, kitsh::builtins::net::NetError> {
        let body = serde_json::json!({
            "method": req.method,
            "url": req.url,
            "headers": req.headers,
            "body": req.body.as_deref().map(String::from_utf8_lossy),
        });
        Ok(kitsh::builtins::net::HttpResponse {
            status: if req.url.ends_with("/missing") { 404 } else { 200 },
            version: "HTTP/1.1".into(),
            reason: "OK".into(),
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: body.to_string().into_bytes(),
            url: req.url.clone(),
            ..Default::default()
        })
    }
}

#[test]
fn fetch_goes_through_the_shells_network() {
    guarded(|| {
        let mut sh = Bash::builder().network(std::sync::Arc::new(Echo)).build().unwrap();
        let r = sh.exec_sync(
            "node -e '(async () => {
  const r = await fetch(\"http://api.test/v1/items?q=1\", { method: \"POST\", headers: { \"X-Key\": \"k\" }, body: JSON.stringify({ a: 1 }) });
  const j = await r.json();
  console.log(r.status, r.ok, r.headers.get(\"content-type\"), j.method, j.url, j.headers, j.body);
  const m = await fetch(\"http://api.test/missing\");
  console.log(m.status, m.ok);
})()'",
        );
        assert_eq!(
            r.stdout,
            "200 true application/json POST http://api.test/v1/items?q=1 [ [ 'x-key', 'k' ], [ 'content-type', 'text/plain;charset=UTF-8' ] ] {\"a\":1}\n404 false\n",
            "{}",
            r.stderr
        );
    });
    // Only the allowed prefixes are reachable, as for curl.
    guarded(|| {
        let mut sh = Bash::builder().allow_url("http://127.0.0.1:9/ok/").build().unwrap();
        let r = sh.exec_sync("node -e 'fetch(\"http://example.com/\").catch(e => console.log(e.message, \"|\", e.cause.message))'");
        assert_eq!(r.stdout, "fetch failed | access to http://example.com/ is not allowed\n", "{}", r.stderr);
    });
    // No network at all: refused in the sandbox's words.
    check("node -e 'fetch(\"https://example.com\").catch(e => console.log(e.message))'", "fetch is disabled in the kitsh sandbox\n", "", 0);
}

#[test]
fn es_modules() {
    let setup = "mkdir -p lib node_modules/pkg; \
        printf 'export const double = (x) => x * 2;\\nexport default function greet(n) { return `hello ${n}`; }\\n' > lib/util.mjs; \
        echo 'module.exports = { triple: (x) => x * 3, name: \"cjs\" };' > lib/cjs.js; \
        echo '{\"main\": \"index.js\"}' > node_modules/pkg/package.json; echo 'exports.pkgfn = () => \"from pkg\";' > node_modules/pkg/index.js; \
        echo '{\"k\": 1}' > data.json; ";
    let main = "import fs, { existsSync } from 'fs';\n\
        import * as path from 'node:path';\n\
        import greet, { double } from './lib/util.mjs';\n\
        import cjs from './lib/cjs.js';\n\
        import { pkgfn } from 'pkg';\n\
        import data from './data.json' with { type: 'json' };\n\
        console.log(greet('x'), double(2), cjs.triple(3), cjs.name, pkgfn(), data.k);\n\
        console.log(typeof fs.readFileSync, existsSync('/tmp'), path.basename(import.meta.url), import.meta.dirname);\n\
        const { default: g2 } = await import('./lib/util.mjs');\n\
        await new Promise((r) => setTimeout(r, 5));\n\
        console.log(g2('dyn'));\n";
    check(
        &format!("{setup}cat > main.mjs <<'EOF'\n{main}EOF\nnode main.mjs"),
        "hello x 4 9 cjs from pkg 1\nfunction true main.mjs /home/user\nhello dyn\n",
        "",
        0,
    );
    // A package.json with "type": "module" makes its .js files ES modules.
    check("echo '{\"type\": \"module\"}' > package.json; echo 'import os from \"os\"; console.log(os.EOL.length)' > m.js; node m.js", "1\n", "", 0);
    check("node --input-type=module -e 'import { sep } from \"path\"; console.log(sep)'", "/\n", "", 0);
    check("echo 'import x from \"./nope.mjs\"' > bad.mjs; node bad.mjs", "", "Cannot find module '/home/user/nope.mjs' imported from /home/user/bad.mjs", 1);
    check("echo 'throw new RangeError(\"top\")' > t.mjs; node t.mjs", "", "RangeError: top", 1);
    check("echo 'export const a = 1' > e.mjs; node -e 'require(\"./e.mjs\")'", "", "require() of ES Module /home/user/e.mjs not supported", 1);
    check("echo 'export const a = 1' > e.mjs; node -e 'import(\"./e.mjs\").then(m => console.log(m.a))'", "1\n", "", 0);
    // createRequire(import.meta.url): CommonJS files and JSON from an ES module.
    check(
        "echo '{\"n\": 42}' > data.json; cat > cr.mjs <<'EOF'\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconsole.log(require('./data.json').n, require.resolve('./data.json'));\nEOF\nnode cr.mjs",
        "42 /home/user/data.json\n",
        "",
        0,
    );
}
