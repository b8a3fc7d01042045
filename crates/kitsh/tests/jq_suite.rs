//! jq 1.8.1's own test files (`tests/jq/jq.test`, `onig.test`, `base64.test`, `uri.test`, and
//! the manual's examples `man.test`, `manonig.test`; jq's MIT licence in `tests/jq/COPYING`)
//! run through kitsh's `jq` command, the way
//! a script calls it: `jq -L /jq/tests/modules -c -- 'PROGRAM' <<'EOF' INPUT EOF`, with jq's test
//! modules (`tests/jq_modules`) mounted there as jq's harness passes `-L tests/modules`. Outputs are compared as JSON values,
//! as jq's own harness does; `%%FAIL` cases pass when the program fails to compile (exit 3).
//! A test fails when the number of passing cases drops below its baseline in `conformance/`
//! (`jq-baseline.txt` for jq.test, `jq-onig-baseline.txt`, `jq-base64-baseline.txt`,
//! `jq-uri-baseline.txt`, `jq-man-baseline.txt`, `jq-manonig-baseline.txt`).
//!
//! Run with `--nocapture` to see the failures; `JQ_SUITE_VERBOSE=1` prints each one in full.

#![allow(clippy::panic)] // tests report failures by panicking

use std::path::PathBuf;
use std::time::Duration;

use kitsh_jq::jq::read::parse_single;
use kitsh::{Bash, ExecutionLimits};

/// One case of jq.test.
struct Case {
    line: usize,
    program: String,
    /// `None` for a `%%FAIL` case.
    input: Option<String>,
    expected: Vec<String>,
}

/// A test file of jq 1.8.1 (`tests/jq/`, copied from jq's release tarball with its COPYING).
fn find_testfile(name: &str) -> Option<PathBuf> {
    Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/jq").join(name)).filter(|p| p.is_file())
}

fn parse_cases(text: &str) -> Vec<Case> {
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let mut cases = Vec::new();
    let skip = |l: &str| l.trim().is_empty() || l.starts_with('#');
    while i < lines.len() {
        if skip(lines[i]) {
            i += 1;
            continue;
        }
        let fail = lines[i].starts_with("%%FAIL");
        if fail {
            i += 1;
        }
        let Some(program) = lines.get(i) else { break };
        let line = i + 1;
        i += 1;
        let input = if fail {
            None
        } else {
            let l = lines.get(i).copied().unwrap_or("");
            i += 1;
            Some(l.to_string())
        };
        let mut expected = Vec::new();
        while i < lines.len() && !lines[i].trim().is_empty() {
            // As in jq's harness, comment lines among the expected outputs are skipped (jq.test
            // writes `# Runtime error: ...` where a case expects an error and no output).
            if !lines[i].starts_with('#') {
                expected.push(lines[i].to_string());
            }
            i += 1;
        }
        cases.push(Case { line, program: program.to_string(), input, expected });
    }
    cases
}

/// Where jq's test modules (`tests/jq_modules`, jq's `tests/modules`) are on the VFS.
const MODULES: &str = "/jq/tests/modules";

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Run one case; `Err` says why it failed.
fn run_case(c: &Case) -> Result<(), String> {
    let limits = ExecutionLimits::new().timeout(Duration::from_secs(15));
    // As jq's harness (`jq -L tests/modules --run-tests`): jq's test modules on the VFS.
    let mods = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/jq_modules");
    let mut sh = Bash::builder().limits(limits).mount(mods, MODULES, false).build().map_err(|e| e.to_string())?;
    match &c.input {
        None => {
            let r = sh.exec_sync(&format!("jq -L {MODULES} -n -- {} </dev/null", quote(&c.program)));
            if r.exit_code == 3 {
                Ok(())
            } else {
                Err(format!("expected a compile error, got status {}: {}", r.exit_code, r.stdout.trim()))
            }
        }
        Some(input) => {
            let script = format!("jq -L {MODULES} -c -- {} <<'JQ_SUITE_EOF'\n{}\nJQ_SUITE_EOF", quote(&c.program), input);
            let r = sh.exec_sync(&script);
            let got: Vec<&str> = r.stdout.lines().collect();
            let mut why = Vec::new();
            for (k, exp) in c.expected.iter().enumerate() {
                let Some(g) = got.get(k) else {
                    why.push(format!("missing output {exp}"));
                    break;
                };
                match (parse_single(exp.as_bytes()), parse_single(g.as_bytes())) {
                    (Ok(e), Ok(v)) if e == v => {}
                    (Err(_), _) => why.push(format!("unparsable expectation {exp}")),
                    _ => why.push(format!("expected {exp}, got {g}")),
                }
            }
            if got.len() > c.expected.len() {
                why.push(format!("extra output {}", got[c.expected.len()]));
            }
            if why.is_empty() {
                Ok(())
            } else {
                let err = r.stderr.lines().next().unwrap_or("").to_string();
                Err(format!("{} [status {}{}{}]", why.join("; "), r.exit_code, if err.is_empty() { "" } else { ", " }, err))
            }
        }
    }
}

/// Runs every case of `name` and fails when fewer pass than `conformance/BASELINE`.
fn run_file(name: &str, baseline: &str) {
    let Some(path) = find_testfile(name) else {
        panic!("tests/jq/{name} not found");
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let cases = parse_cases(&text);
    let verbose = std::env::var("JQ_SUITE_VERBOSE").is_ok();
    let mut passed = 0;
    let mut failures = Vec::new();
    let trace = std::env::var("JQ_SUITE_TRACE").is_ok();
    for c in &cases {
        if trace {
            eprintln!("case {name}:{}", c.line);
        }
        // A panic inside one case must not hide the others' results.
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_case(c)))
            .unwrap_or_else(|_| Err("PANIC".to_string()));
        match r {
            Ok(()) => passed += 1,
            Err(why) => failures.push(format!("{name}:{}: {}  =>  {}", c.line, c.program, why)),
        }
    }
    for f in &failures {
        if verbose {
            println!("{f}");
        } else {
            println!("{}", f.chars().take(200).collect::<String>());
        }
    }
    let total = cases.len();
    println!("{name}: {passed}/{total} passed ({:.1} %)", 100.0 * passed as f64 / total.max(1) as f64);
    let baseline_file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../conformance").join(baseline);
    let baseline: usize = std::fs::read_to_string(baseline_file).ok().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
    assert!(passed >= baseline, "{name} regression: {passed} passed, baseline {baseline}");
}

#[test]
fn jq_test_file() {
    run_file("jq.test", "jq-baseline.txt");
}

/// jq's regular-expression cases (`test`, `match`, `capture`, `sub`, `gsub`, `scan`, `splits`).
#[test]
fn onig_test_file() {
    run_file("onig.test", "jq-onig-baseline.txt");
}

/// `@base64` / `@base64d`.
#[test]
fn base64_test_file() {
    run_file("base64.test", "jq-base64-baseline.txt");
}

/// `@uri` / `@urid`.
#[test]
fn uri_test_file() {
    run_file("uri.test", "jq-uri-baseline.txt");
}

/// The examples of jq's manual.
#[test]
fn man_test_file() {
    run_file("man.test", "jq-man-baseline.txt");
}

/// The manual's regular-expression examples.
#[test]
fn manonig_test_file() {
    run_file("manonig.test", "jq-manonig-baseline.txt");
}
