//! The mutation driver: `cargo run -p kitsh-fuzz --bin fuzz -- TARGET [--minutes N] [--seed S]`.
//!
//! Loads `fuzz/corpus/TARGET/*` (and `fuzz/regressions/TARGET/*`), then until the time is up:
//! picks an entry, mutates it (bit flips, random bytes, dictionary tokens, deletions,
//! duplications, splices, truncation), runs the target on a worker thread under
//! `catch_unwind` with a watchdog (10 s of CPU time, 120 s blocked). A panic or a hang writes the input to
//! `fuzz/crashes/TARGET/<hash>` and prints it. Without coverage instrumentation (stable
//! toolchain), an input joins the in-memory corpus when it produces a new signature
//! (exit status, normalised first line of stderr).
//!
//! Before every run the input is also written to `fuzz/crashes/TARGET/.last-input`, so a crash
//! that kills the process (stack overflow, abort on OOM) still leaves its input behind.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use kitsh_fuzz::{dictionary, target, Outcome, Rng, Target, TARGETS};

/// Inputs longer than this are cut.
const MAX_LEN: usize = 4096;
/// The in-memory corpus stops growing here.
const MAX_CORPUS: usize = 20_000;
/// A run that uses more CPU time than this (the whole process's, so pipeline stages count) is a
/// hang. CPU time, not wall time: a driver that is stopped or starved by a build beside it must
/// not report the input of that moment.
const HANG_CPU: Duration = Duration::from_secs(10);
/// A run blocked this long on the wall clock without using CPU (a deadlock) is a hang too.
const HANG_WALL: Duration = Duration::from_secs(120);


/// FNV-1a, for crash file names.
fn hash(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in data {
        h ^= *b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

const INTERESTING: &[u8] = b" \t\n\\'\"$`(){}[]<>|&;*?!@#%^~-+=/:,.0123456789abcxyzEOF\x00\xff\xc3";

fn mutate(rng: &mut Rng, corpus: &[Vec<u8>], dict: &[&str], input: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let pos = rng.below(v.len() + 1);
        match rng.below(10) {
            0 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            1 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] = INTERESTING[rng.below(INTERESTING.len())];
            }
            2 | 3 | 4 if !dict.is_empty() => {
                let tok = dict[rng.below(dict.len())].as_bytes();
                v.splice(pos..pos, tok.iter().copied());
            }
            5 if !v.is_empty() => {
                let end = (pos + 1 + rng.below(8)).min(v.len());
                let start = pos.min(end);
                v.drain(start..end);
            }
            6 if !v.is_empty() => {
                let start = rng.below(v.len());
                let end = (start + 1 + rng.below(16)).min(v.len());
                let chunk = v[start..end].to_vec();
                let at = rng.below(v.len() + 1);
                v.splice(at..at, chunk);
            }
            7 if !corpus.is_empty() => {
                let other = &corpus[rng.below(corpus.len())];
                let cut_a = rng.below(v.len() + 1);
                let cut_b = rng.below(other.len() + 1);
                v.truncate(cut_a);
                v.extend_from_slice(&other[cut_b..]);
            }
            8 if !v.is_empty() => {
                v.truncate(rng.below(v.len()));
            }
            _ => {
                v.insert(pos, INTERESTING[rng.below(INTERESTING.len())]);
            }
        }
    }
    v.truncate(MAX_LEN);
    v
}

/// The stderr lines of an outcome with the parts that echo the input removed: only plain words
/// (letters, with `:`/`,`/`.`/`(`/`)` around them) that do not occur in the input, at most 12.
fn normalise(lines: &str, input: &[u8]) -> String {
    lines.split('\n').map(|l| normalise_line(l, input)).collect::<Vec<_>>().join("| ")
}

fn normalise_line(line: &str, input: &[u8]) -> String {
    let input = String::from_utf8_lossy(input).replace('\0', "");
    let mut out = String::new();
    for w in line.split_whitespace() {
        let core = w.trim_matches(|c: char| ":,.()".contains(c));
        if core.is_empty() || !core.chars().all(|c| c.is_ascii_alphabetic() || c == '-') || input.contains(core) {
            continue;
        }
        out.push_str(core);
        out.push(' ');
        if out.len() > 200 {
            break;
        }
    }
    out
}

fn load_dir(dir: &Path, out: &mut Vec<Vec<u8>>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = rd.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
    paths.sort();
    for p in paths {
        if p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
            continue;
        }
        if let Ok(b) = std::fs::read(&p) {
            out.push(b);
        }
    }
}

/// Every panic in the process (kitsh swallows some, e.g. in pipeline stage threads): the hook
/// records the first one since the last run.
static PANICKED: Mutex<Option<String>> = Mutex::new(None);

fn install_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(mut g) = PANICKED.lock() {
            if g.is_none() {
                *g = Some(info.to_string());
            }
        }
        default(info);
    }));
}

fn take_panic() -> Option<String> {
    PANICKED.lock().ok().and_then(|mut g| g.take())
}

enum Verdict {
    Done(Outcome),
    Panic(String),
}

fn run_one(t: Target, input: Vec<u8>) -> Option<Verdict> {
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new().name("fuzz-target".into()).spawn(move || {
        let r = std::panic::catch_unwind(move || t(&input));
        let v = match r {
            Ok(o) => Verdict::Done(o),
            Err(e) => Verdict::Panic(
                e.downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| e.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "non-string panic".into()),
            ),
        };
        let _ = tx.send(v);
    });
    if spawned.is_err() {
        return Some(Verdict::Panic("could not spawn worker thread".into()));
    }
    let started = Instant::now();
    let cpu0 = cpu_time();
    let v = loop {
        match rx.recv_timeout(Duration::from_millis(500)) {
            Ok(v) => break Some(v),
            Err(mpsc::RecvTimeoutError::Disconnected) => break None,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let cpu = cpu_time().saturating_sub(cpu0);
                if cpu > HANG_CPU || started.elapsed() > HANG_WALL {
                    break None;
                }
            }
        }
    };
    match (v, take_panic()) {
        (Some(Verdict::Done(_)), Some(msg)) => Some(Verdict::Panic(msg)),
        (v, _) => v,
    }
}

/// User plus system CPU time of the whole process so far (`/proc/self/stat`, clock ticks of
/// 1/100 s on Linux); zero where that file is missing, which leaves only the wall-clock bound.
fn cpu_time() -> Duration {
    let Ok(s) = std::fs::read_to_string("/proc/self/stat") else { return Duration::ZERO };
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = s.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    // utime and stime are fields 14 and 15 of the line: 12 and 13 after the name.
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

/// Peak RSS above which the run that raised it is recorded as a finding.
const MEMORY_FINDING_KIB: u64 = 512 * 1024;

fn peak_rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn usage() -> ! {
    let names: Vec<&str> = TARGETS.iter().map(|(n, _)| *n).collect();
    eprintln!("usage: fuzz TARGET [--minutes N] [--seed S] [--verbose]\ntargets: {}", names.join(" "));
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first().cloned() else { usage() };
    let Some(t) = target(&name) else { usage() };
    let mut minutes = 1.0f64;
    let mut verbose = false;
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ std::process::id() as u64;
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--minutes" => minutes = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or_else(|| usage()),
            "--verbose" => {
                verbose = true;
                i -= 1;
            }
            "--seed" => seed = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or_else(|| usage()),
            _ => usage(),
        }
        i += 2;
    }
    if seed == 0 {
        seed = 1;
    }
    install_hook();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut corpus = Vec::new();
    load_dir(&root.join("corpus").join(&name), &mut corpus);
    load_dir(&root.join("regressions").join(&name), &mut corpus);
    if corpus.is_empty() {
        corpus.push(Vec::new());
    }
    let seeds = corpus.len();
    let crash_dir = root.join("crashes").join(&name);
    let _ = std::fs::create_dir_all(&crash_dir);
    let last = crash_dir.join(".last-input");
    let dict = dictionary(&name);
    let mut rng = Rng(seed);
    eprintln!("fuzz {name}: {seeds} seeds, {minutes} min, seed {seed}");

    // Baseline signatures of the seeds.
    let mut sigs: HashSet<(i32, String)> = HashSet::new();
    let mut findings = 0u64;
    let mut seen_crashes: HashMap<u64, ()> = HashMap::new();
    let mut record = |input: &[u8], what: &str, findings: &mut u64| {
        let h = hash(input);
        if seen_crashes.insert(h, ()).is_some() {
            return;
        }
        *findings += 1;
        let p = crash_dir.join(format!("{h:016x}"));
        let _ = std::fs::write(&p, input);
        eprintln!("\n=== {what}: {} ===\n{}\n=== ({} bytes) ===", p.display(), String::from_utf8_lossy(input), input.len());
    };
    for s in corpus.clone() {
        let _ = std::fs::write(&last, &s);
        match run_one(t, s.clone()) {
            Some(Verdict::Done(o)) => {
                sigs.insert((o.status, normalise(&o.stderr_head, &s)));
            }
            Some(Verdict::Panic(msg)) => record(&s, &format!("PANIC (seed) {msg}"), &mut findings),
            None => {
                record(&s, "HANG (seed)", &mut findings);
                std::process::exit(1);
            }
        }
    }

    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(minutes * 60.0);
    let mut execs = 0u64;
    // The process's peak RSS so far: a run that raises it past MEMORY_FINDING_KIB is a finding
    // (memory a script controls must stay near the targets' small limits).
    let mut peak = peak_rss_kib().unwrap_or(0);
    let mut last_report = Instant::now();
    while Instant::now() < deadline {
        let base = corpus[rng.below(corpus.len())].clone();
        let input = mutate(&mut rng, &corpus, dict, &base);
        let _ = std::fs::write(&last, &input);
        execs += 1;
        match run_one(t, input.clone()) {
            Some(Verdict::Done(o)) => {
                let sig = (o.status, normalise(&o.stderr_head, &input));
                if verbose && !sigs.contains(&sig) {
                    eprintln!("new signature {sig:?} from {:?}", String::from_utf8_lossy(&input));
                }
                if sigs.insert(sig) && corpus.len() < MAX_CORPUS {
                    corpus.push(input.clone());
                }
            }
            Some(Verdict::Panic(msg)) => record(&input, &format!("PANIC {msg}"), &mut findings),
            None => {
                // The worker cannot be killed: record the hang and stop.
                record(&input, "HANG (> 10 s of CPU or 120 s blocked)", &mut findings);
                break;
            }
        }
        if let Some(now) = peak_rss_kib().filter(|&k| k > peak) {
            if now > MEMORY_FINDING_KIB {
                record(&input, &format!("MEMORY (peak RSS {now} KiB)"), &mut findings);
            }
            peak = now;
        }
        if last_report.elapsed() > Duration::from_secs(30) {
            last_report = Instant::now();
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "[{:>5.0}s] execs {execs} ({:.1}/s) corpus {} signatures {} findings {findings}",
                secs,
                execs as f64 / secs,
                corpus.len(),
                sigs.len()
            );
        }
    }
    let _ = std::fs::remove_file(&last);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "target {name}: {execs} executions in {secs:.0} s ({:.1}/s), corpus {} (seeds {seeds}), signatures {}, findings {findings}, peak RSS {} KiB",
        execs as f64 / secs.max(0.001),
        corpus.len(),
        sigs.len(),
        peak_rss_kib().map(|k| k.to_string()).unwrap_or_else(|| "?".into())
    );
}
