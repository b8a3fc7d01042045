//! Replays every seed (`corpus/<target>/*`) and every fixed crash (`regressions/<target>/*`)
//! through its target: no panic, no hang. This is what CI runs (no instrumentation needed).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn files(target: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["corpus", "regressions"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir).join(target)) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn replay(name: &str) {
    let t = kitsh_fuzz::target(name).expect("known target");
    let paths = files(name);
    assert!(!paths.is_empty() || name == "none", "no seeds for {name}");
    let mut failures = Vec::new();
    for p in &paths {
        let data = std::fs::read(p).expect("readable seed");
        let started = Instant::now();
        let r = std::panic::catch_unwind(|| t(&data));
        if r.is_err() {
            failures.push(format!("{}: panicked", p.display()));
        } else if started.elapsed() > Duration::from_secs(8) {
            failures.push(format!("{}: took {:?}", p.display(), started.elapsed()));
        }
    }
    assert!(failures.is_empty(), "{name}: {} of {} inputs failed:\n{}", failures.len(), paths.len(), failures.join("\n"));
}

#[test]
fn parse() {
    replay("parse");
}

#[test]
fn script() {
    replay("script");
}

#[test]
fn arith() {
    replay("arith");
}

#[test]
fn printf_fmt() {
    replay("printf_fmt");
}

#[test]
fn glob_pattern() {
    replay("glob_pattern");
}

#[test]
fn jq_filter() {
    replay("jq_filter");
}

#[test]
fn awk_prog() {
    replay("awk_prog");
}

#[test]
fn sed_script() {
    replay("sed_script");
}

#[test]
fn scripted_flags() {
    replay("scripted_flags");
}

#[test]
fn every_target_has_a_test_and_seeds() {
    for (name, _) in kitsh_fuzz::TARGETS {
        assert!(!files(name).is_empty(), "no seeds for {name}");
    }
}

#[test]
fn kit_def() {
    replay("kit_def");
}

#[test]
fn snapshot() {
    replay("snapshot");
}
