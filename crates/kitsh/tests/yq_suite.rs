//! yq's own documented behaviour run through kitsh's `yq` command. The corpus is data taken
//! from mikefarah/yq (MIT, `tests/yq/LICENSE-yq`) and kept beside this suite in `tests/yq/`:
//! `cases.txt` from its generated documentation, `cases-extra.txt` from its acceptance tests
//! (see their headers and `tests/yq/extract.py`).
//! Each case's files are written to the shell's working directory, its command line runs
//! there, and standard output must equal the recorded output byte for byte (an `@@ error` case
//! must exit non-zero instead). Cases named in `tests/yq/skip.txt` (with the reason beside
//! each) are run but not counted. The test fails when a corpus file is missing or the number
//! of passing cases drops below `conformance/yq-baseline.txt`.
//!
//! Run with `--nocapture` to see the failures; `YQ_SUITE_VERBOSE=1` prints each one in full,
//! `YQ_SUITE_FILTER=PREFIX` runs only the cases whose id starts with PREFIX, `YQ_SUITE_FILE=PATH`
//! only the cases of that file (a name in `tests/yq/`, or a path of its own).

#![allow(clippy::panic)] // tests report failures by panicking

use std::path::PathBuf;
use std::time::Duration;

use kitsh::alloc::MeteredAlloc;
use kitsh::fs::WriteMode;
use kitsh::{Bash, ExecutionLimits};

// A case that runs away with memory fails at the shell's heap limit instead of taking the
// whole test down.
#[global_allocator]
static ALLOC: MeteredAlloc = MeteredAlloc;

/// One case of the corpus.
struct Case {
    id: String,
    origin: String,
    files: Vec<(String, String)>,
    cmd: String,
    /// `None` when the command must fail.
    out: Option<String>,
}

/// `tests/yq/`: the corpus, its licence and `skip.txt`.
fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/yq")
}

/// Parse the `@@` format described at the top of `cases.txt`.
fn parse_cases(text: &str) -> Vec<Case> {
    enum Part {
        File,
        Cmd,
        Out,
        Err,
    }
    let mut cases = Vec::new();
    let mut cur: Option<Case> = None;
    let mut part = None;
    let mut buf = String::new();
    let flush = |cur: &mut Option<Case>, part: &Option<Part>, buf: &mut String| {
        if let (Some(c), Some(p)) = (cur.as_mut(), part) {
            let text = std::mem::take(buf);
            match p {
                Part::File => {
                    if let Some(f) = c.files.last_mut() {
                        f.1 = text;
                    }
                }
                Part::Cmd => c.cmd = text.trim_end_matches('\n').to_string(),
                Part::Out => c.out = Some(text),
                Part::Err => c.out = None,
            }
        }
        buf.clear();
    };
    for line in text.split_inclusive('\n') {
        let Some(marker) = line.strip_prefix("@@ ") else {
            if cur.is_some() && part.is_some() {
                buf.push_str(line);
            }
            continue;
        };
        let marker = marker.trim_end_matches('\n');
        flush(&mut cur, &part, &mut buf);
        let (word, rest) = marker.split_once(' ').unwrap_or((marker, ""));
        match word {
            "case" => {
                let (id, origin) = rest.split_once(' ').unwrap_or((rest, ""));
                cur = Some(Case {
                    id: id.to_string(),
                    origin: origin.to_string(),
                    files: Vec::new(),
                    cmd: String::new(),
                    out: Some(String::new()),
                });
                part = None;
            }
            "file" => {
                if let Some(c) = cur.as_mut() {
                    c.files.push((rest.to_string(), String::new()));
                }
                part = Some(Part::File);
            }
            "cmd" => part = Some(Part::Cmd),
            "out" => part = Some(Part::Out),
            "error" => part = Some(Part::Err),
            "end" => {
                cases.extend(cur.take());
                part = None;
            }
            other => panic!("unknown marker @@ {other}"),
        }
    }
    cases
}

/// `skip.txt`: `ID REASON` lines; an ID ending in `*` is a prefix.
fn parse_skips(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (id, why) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            (id.to_string(), why.trim().to_string())
        })
        .collect()
}

fn skip_reason<'a>(skips: &'a [(String, String)], id: &str) -> Option<&'a str> {
    skips
        .iter()
        .find(|(pat, _)| match pat.strip_suffix('*') {
            Some(prefix) => id.starts_with(prefix),
            None => pat == id,
        })
        .map(|(_, why)| why.as_str())
}

const CWD: &str = "/home/user/yq";

/// Run one case; `Err` says why it failed.
fn run_case(c: &Case) -> Result<(), String> {
    let limits = ExecutionLimits::new().timeout(Duration::from_secs(15));
    let mut sh = Bash::builder()
        .limits(limits)
        .cwd(CWD)
        .build()
        .map_err(|e| e.to_string())?;
    let fs = sh.filesystem();
    let _ = fs.mkdir(CWD, true);
    for (name, text) in &c.files {
        // A file may sit in a folder (`examples/order.yaml`).
        if let Some((parent, _)) = name.rsplit_once('/') {
            let _ = fs.mkdir(&format!("{CWD}/{parent}"), true);
        }
        fs.write_file(
            &format!("{CWD}/{name}"),
            text.as_bytes(),
            WriteMode::Truncate,
        )
        .map_err(|e| format!("writing {name}: {e}"))?;
    }
    let r = sh.exec_sync(&format!("cd {CWD} && {}", c.cmd));
    match &c.out {
        None if r.exit_code != 0 => Ok(()),
        None => Err(format!(
            "expected an error, got status 0 and {:?}",
            r.stdout
        )),
        Some(exp) if *exp == r.stdout => Ok(()),
        Some(exp) => {
            let err = r.stderr.lines().next().unwrap_or("").to_string();
            Err(format!(
                "expected {exp:?}\n     got {:?} [status {}{}{}]",
                r.stdout,
                r.exit_code,
                if err.is_empty() { "" } else { ", " },
                err
            ))
        }
    }
}

#[test]
fn yq_corpus() {
    let corpus = dir();
    let mut cases = Vec::new();
    let whole = std::env::var("YQ_SUITE_FILE").is_err();
    // Both files are in the repository: one missing is an error, never a quiet pass.
    let files = match std::env::var("YQ_SUITE_FILE") {
        Ok(f) => vec![f],
        Err(_) => vec!["cases.txt".to_string(), "cases-extra.txt".to_string()],
    };
    for name in &files {
        let path = corpus.join(name);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("yq corpus {}: {e}", path.display()));
        cases.extend(parse_cases(&text));
    }
    let skip_file = corpus.join("skip.txt");
    let skips = parse_skips(
        &std::fs::read_to_string(&skip_file)
            .unwrap_or_else(|e| panic!("{}: {e}", skip_file.display())),
    );
    let verbose = std::env::var("YQ_SUITE_VERBOSE").is_ok();
    let filter = std::env::var("YQ_SUITE_FILTER").unwrap_or_default();
    let (mut passed, mut total, mut skipped) = (0, 0, 0);
    let mut skipped_passing = Vec::new();
    let mut failures = Vec::new();
    for c in cases.iter().filter(|c| c.id.starts_with(&filter)) {
        // A panic inside one case must not hide the others' results.
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_case(c)))
            .unwrap_or_else(|_| Err("PANIC".to_string()));
        if skip_reason(&skips, &c.id).is_some() {
            skipped += 1;
            if r.is_ok() {
                skipped_passing.push(c.id.clone());
            }
            continue;
        }
        total += 1;
        match r {
            Ok(()) => passed += 1,
            Err(why) => failures.push(format!(
                "{} ({}): {}\n     {}",
                c.id,
                c.origin,
                c.cmd.replace('\n', "\\n"),
                why
            )),
        }
    }
    for f in &failures {
        if verbose {
            println!("{f}\n");
        } else {
            println!(
                "{}",
                f.lines()
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(200)
                    .collect::<String>()
            );
        }
    }
    if !skipped_passing.is_empty() {
        println!("skipped but passing: {}", skipped_passing.join(" "));
    }
    println!(
        "yq corpus: {passed}/{total} passed ({:.1} %), {skipped} skipped",
        100.0 * passed as f64 / total.max(1) as f64
    );
    if filter.is_empty() && whole {
        let baseline_file =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../conformance/yq-baseline.txt");
        let baseline: usize = std::fs::read_to_string(baseline_file)
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(0);
        assert!(
            passed >= baseline,
            "yq corpus regression: {passed} passed, baseline {baseline}"
        );
    }
}

#[test]
fn corpus_format_parses() {
    let cases = parse_cases("junk\n@@ case a:1 here\n@@ file x.yml\na: 1\n\n@@ cmd\nyq .a x.yml\n@@ out\n1\n@@ end\n\n@@ case a:2 there\n@@ cmd\nyq -n bad\n@@ error\nError: x\n@@ end\n");
    assert_eq!(cases.len(), 2);
    assert_eq!(
        cases[0].files,
        vec![("x.yml".to_string(), "a: 1\n\n".to_string())]
    );
    assert_eq!(cases[0].cmd, "yq .a x.yml");
    assert_eq!(cases[0].out.as_deref(), Some("1\n"));
    assert_eq!(
        (
            cases[1].id.as_str(),
            cases[1].origin.as_str(),
            cases[1].out.is_none()
        ),
        ("a:2", "there", true)
    );
    let skips = parse_skips("# c\nfoo:* why not\nbar:1 because\n");
    assert_eq!(skip_reason(&skips, "foo:3"), Some("why not"));
    assert_eq!(skip_reason(&skips, "bar:1"), Some("because"));
    assert_eq!(skip_reason(&skips, "bar:10"), None);
}
