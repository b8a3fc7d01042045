//! Differential tests: every script under `tests/diff/<topic>/<name>.sh` (workspace root) runs
//! in `/bin/bash -c` and in kitsh; stdout bytes and exit status must match exactly, stderr must
//! match in shape (same lines, or at least the same `line N:` and final message part).
//!
//! `tests/diff/known-failures.txt` lists scripts expected to differ (`topic/name.sh # reason`);
//! a listed script that now passes fails the run, so the list stays honest.
//!
//! Set `KITSH_DIFF_FILTER=substring` to run only the scripts whose path contains it, and
//! `KITSH_DIFF_VERBOSE=1` to print both shells' full outcomes for every mismatch.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Wall-clock limit of one script in either shell.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(10);

/// What one shell produced for a script.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

/// The corpus root: `<workspace>/tests/diff`.
fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/diff")
}

/// All `.sh` files below `dir`, as paths relative to `root`, sorted.
fn collect_scripts(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_scripts(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "sh") {
            if let Ok(rel) = p.strip_prefix(root) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
}

/// `known-failures.txt`: relative path -> reason.
fn known_failures(root: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root.join("known-failures.txt")).unwrap_or_default();
    let mut map = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (path, reason) = match line.split_once('#') {
            Some((p, r)) => (p.trim(), r.trim()),
            None => (line, ""),
        };
        map.insert(path.to_string(), reason.to_string());
    }
    map
}

/// A fresh working directory path, used by both shells for one script.
fn fresh_dir() -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("kitsh-diff-{}-{}", std::process::id(), n));
    dir.to_string_lossy().into_owned()
}

/// Read a pipe to the end on a thread.
fn reader<R: Read + Send + 'static>(r: Option<R>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut r) = r {
            let _ = r.read_to_end(&mut buf);
        }
        buf
    })
}

/// The folder of jq 1.8.1 (`scripts/jq-oracle` builds it), the oracle of `jq/`.
fn jq_oracle() -> Option<PathBuf> {
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/tools/jq-1.8.1/bin");
    let out = Command::new(bin.join("jq")).arg("--version").output().ok()?;
    (out.stdout == b"jq-1.8.1\n").then_some(bin)
}

/// Run the script in `/bin/bash -c` in the fresh host directory `dir`; `jq/` scripts find jq
/// 1.8.1 first on `PATH`.
fn run_bash(script: &str, dir: &str, rel: &str) -> Result<Outcome, String> {
    let path = match jq_oracle().filter(|_| rel.starts_with("jq/")) {
        Some(bin) => format!("{}:/usr/bin:/bin", bin.display()),
        None => "/usr/bin:/bin".to_string(),
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("mkdir {dir}: {e}"))?;
    // Through `env --default-signal`: a harness started under `nohup` or in the background
    // has SIGHUP/SIGINT/SIGQUIT ignored, bash would inherit that and `trap -p` would show it.
    // (`env` finds `bash` on PATH, so its `$0` is `bash` as before.)
    let spawned = Command::new("/usr/bin/env")
        .arg("--default-signal")
        .arg("bash")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env_clear()
        .env("PATH", path)
        .env("HOME", dir)
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            let _ = std::fs::remove_dir_all(dir);
            return Err(format!("spawn /bin/bash: {e}"));
        }
    };
    let out = reader(child.stdout.take());
    let err = reader(child.stderr.take());
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > SCRIPT_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                let _ = std::fs::remove_dir_all(dir);
                return Err("/bin/bash timed out".to_string());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("wait: {e}")),
        }
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    let _ = std::fs::remove_dir_all(dir);
    let status = status.code().unwrap_or_else(|| {
        use std::os::unix::process::ExitStatusExt;
        128 + status.signal().unwrap_or(0)
    });
    Ok(Outcome { stdout, stderr, status })
}

/// Run the script in kitsh, in VFS directory `dir` (the same path bash used).
fn run_kitsh(script: &str, dir: &str) -> Result<Outcome, String> {
    let limits = kitsh::ExecutionLimits::new().timeout(SCRIPT_TIMEOUT);
    let built = kitsh::Bash::builder()
        .name("bash")
        .cwd(dir)
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", dir)
        .env("LC_ALL", "C")
        .limits(limits)
        .build();
    let mut sh = built.map_err(|e| format!("build: {e}"))?;
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| sh.exec_sync(script)));
    match r {
        Ok(r) => Ok(Outcome {
            stdout: r.stdout_bytes,
            stderr: r.stderr_bytes,
            status: r.exit_code,
        }),
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("kitsh panicked: {msg}"))
        }
    }
}

/// The `line N:` token of an error line, if any.
fn line_token(line: &str) -> Option<&str> {
    let i = line.find("line ")?;
    let rest = &line[i..];
    let end = rest.find(':')?;
    Some(&rest[..end])
}

/// The text after the last `: ` of a line (the message proper).
fn last_part(line: &str) -> &str {
    line.rsplit_once(": ").map_or(line, |(_, t)| t)
}

/// Stderr shape comparison: same number of lines, each identical or at least with the same
/// `line N:` token and final message part.
fn stderr_matches(a: &[u8], b: &[u8]) -> bool {
    let a = String::from_utf8_lossy(a);
    let b = String::from_utf8_lossy(b);
    let la: Vec<&str> = a.lines().collect();
    let lb: Vec<&str> = b.lines().collect();
    la.len() == lb.len()
        && la
            .iter()
            .zip(&lb)
            .all(|(x, y)| x == y || (line_token(x) == line_token(y) && last_part(x) == last_part(y)))
}

/// A readable description of how the two outcomes differ; `None` when they match.
fn compare(bash: &Outcome, kit: &Outcome) -> Option<String> {
    let mut d = String::new();
    if bash.status != kit.status {
        d.push_str(&format!("  exit status: bash {} / kitsh {}\n", bash.status, kit.status));
    }
    if bash.stdout != kit.stdout {
        d.push_str(&format!(
            "  stdout differs:\n{}",
            line_diff(
                &String::from_utf8_lossy(&bash.stdout),
                &String::from_utf8_lossy(&kit.stdout)
            )
        ));
    }
    if !stderr_matches(&bash.stderr, &kit.stderr) {
        d.push_str(&format!(
            "  stderr differs:\n{}",
            line_diff(
                &String::from_utf8_lossy(&bash.stderr),
                &String::from_utf8_lossy(&kit.stderr)
            )
        ));
    }
    (!d.is_empty()).then_some(d)
}

/// A simple line-by-line diff (`-` bash, `+` kitsh), at most 40 lines shown.
fn line_diff(a: &str, b: &str) -> String {
    let la: Vec<&str> = a.split_inclusive('\n').collect();
    let lb: Vec<&str> = b.split_inclusive('\n').collect();
    let mut s = String::new();
    let mut shown = 0;
    for i in 0..la.len().max(lb.len()) {
        let x = la.get(i).copied();
        let y = lb.get(i).copied();
        if x == y {
            continue;
        }
        if shown >= 40 {
            s.push_str("    ...\n");
            break;
        }
        shown += 1;
        if let Some(x) = x {
            s.push_str(&format!("    - {x:?}\n"));
        }
        if let Some(y) = y {
            s.push_str(&format!("    + {y:?}\n"));
        }
    }
    s
}

/// One outcome, readable.
fn show(o: &Outcome) -> String {
    format!(
        "status {} stdout {:?} stderr {:?}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Run one script in both shells; `Ok(None)` when they agree.
fn check_script(root: &Path, rel: &str) -> Result<Option<String>, String> {
    let script = std::fs::read_to_string(root.join(rel)).map_err(|e| format!("read: {e}"))?;
    let dir = fresh_dir();
    let bash = run_bash(&script, &dir, rel)?;
    let kit = run_kitsh(&script, &dir)?;
    let diff = compare(&bash, &kit);
    if diff.is_some() && std::env::var_os("KITSH_DIFF_VERBOSE").is_some() {
        return Ok(diff.map(|d| format!("{d}  bash:  {}\n  kitsh: {}\n", show(&bash), show(&kit))));
    }
    Ok(diff)
}

/// Whether `awk` on the host's `PATH=/usr/bin:/bin` is GNU awk (the oracle of `awk/`).
fn awk_is_gawk() -> bool {
    Command::new("/usr/bin/awk")
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).starts_with("GNU Awk"))
}

#[test]
fn differential_corpus() {
    if !Path::new("/bin/bash").exists() {
        eprintln!("differential: /bin/bash not found, skipping");
        return;
    }
    let root = corpus_root();
    let mut scripts = Vec::new();
    collect_scripts(&root, &root, &mut scripts);
    scripts.sort();
    let filter = std::env::var("KITSH_DIFF_FILTER").unwrap_or_default();
    scripts.retain(|s| s.contains(&filter));
    if !awk_is_gawk() {
        // The awk corpus is checked against GNU awk: skip it where `awk` is another awk (mawk).
        eprintln!("differential: /usr/bin/awk is not GNU awk (apt-get install gawk), skipping awk/");
        scripts.retain(|s| !s.starts_with("awk/"));
    }
    if jq_oracle().is_none() {
        // jq's errors are checked against jq 1.8.1, which Debian lacks (it ships 1.6).
        eprintln!("differential: jq 1.8.1 not built (scripts/jq-oracle), skipping jq/");
        scripts.retain(|s| !s.starts_with("jq/"));
    }
    let known = known_failures(&root);
    let mut problems = Vec::new();
    for k in known.keys() {
        if !root.join(k).is_file() {
            problems.push(format!("known-failures.txt lists {k}, which does not exist"));
        }
    }
    let queue = Arc::new(Mutex::new(scripts.clone()));
    let results = Arc::new(Mutex::new(BTreeMap::new()));
    let workers: Vec<_> = (0..2)
        .map(|_| {
            let (queue, results, root) = (queue.clone(), results.clone(), root.clone());
            std::thread::spawn(move || loop {
                let next = queue.lock().ok().and_then(|mut q| q.pop());
                let Some(rel) = next else { break };
                let r = check_script(&root, &rel).unwrap_or_else(|e| Some(format!("  harness: {e}\n")));
                if let Ok(mut m) = results.lock() {
                    m.insert(rel, r);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    let results = results.lock().map(|m| m.clone()).unwrap_or_default();
    let (mut passed, mut expected_fail) = (0, 0);
    for rel in &scripts {
        let diff = results
            .get(rel)
            .cloned()
            .unwrap_or_else(|| Some("  harness: no result\n".to_string()));
        match (diff, known.get(rel)) {
            (None, None) => passed += 1,
            (None, Some(_)) => problems.push(format!("{rel}: listed in known-failures.txt but now passes; remove it")),
            (Some(_), Some(reason)) => {
                expected_fail += 1;
                println!("known failure: {rel} ({reason})");
            }
            (Some(d), None) => problems.push(format!("{rel}: MISMATCH\n{d}")),
        }
    }
    println!(
        "differential: {} scripts, {passed} pass, {expected_fail} known failures",
        scripts.len()
    );
    for p in &problems {
        println!("{p}");
    }
    assert!(
        problems.is_empty(),
        "differential: {} problem(s), see above",
        problems.len()
    );
}
