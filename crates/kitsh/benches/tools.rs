//! Command benchmark: the pipelines agents run, over generated 100 000-line inputs (CSV, JSON
//! lines, logs) and a 10 MB file, timed in kitsh and with the GNU tools and jq on the host
//! (`bash -c`, in the same run). `cargo bench -p kitsh --bench tools`. Prints a Markdown table;
//! nothing is asserted.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use kitsh::Bash;

/// A deterministic generator (for repeatable inputs).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn write_inputs(dir: &Path) -> std::io::Result<()> {
    let mut rng = Lcg(42);
    let users = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"];
    let levels = ["info", "info", "info", "warn", "error"];
    let (mut csv, mut txt, mut jsonl, mut log) = (String::new(), String::new(), String::new(), String::new());
    for i in 0..100_000u64 {
        let u = users[(rng.next() % 8) as usize];
        let n = rng.next() % 10_000;
        let lvl = levels[(rng.next() % 5) as usize];
        let _ = writeln!(csv, "{i},{u},{n},{}", rng.next() % 100);
        let _ = writeln!(txt, "{u} {n} {i}");
        let _ = writeln!(jsonl, "{{\"id\":{i},\"user\":\"{u}\",\"level\":\"{lvl}\",\"ms\":{n}}}");
        let _ = writeln!(log, "2026-11-25T10:{:02}:{:02} {lvl} request {i} took {n}-{}ms", i % 60, n % 60, n % 7);
    }
    std::fs::write(dir.join("data.csv"), csv)?;
    std::fs::write(dir.join("data.txt"), txt)?;
    std::fs::write(dir.join("logs.jsonl"), jsonl)?;
    std::fs::write(dir.join("app.log"), log)?;
    let big: Vec<u8> = (0..10 << 20).map(|_| (rng.next() & 0xff) as u8).collect();
    std::fs::write(dir.join("big.bin"), big)
}

const CASES: &[(&str, &str)] = &[
    ("jq select", "jq -c 'select(.level==\"error\")' logs.jsonl"),
    ("jq -s group_by", "jq -s 'group_by(.user)|map({user:.[0].user,n:length})' logs.jsonl"),
    ("awk group sum", "awk -F, '{s[$2]+=$3} END {for (k in s) print k, s[k]}' data.csv"),
    ("sort -n -k2", "sort -n -k2 data.txt"),
    ("sort -t, -k3,3nr | head", "sort -t, -k3,3nr data.csv | head"),
    ("grep -c", "grep -c error app.log"),
    ("sed -E s///", "sed -E 's/([0-9]+)-([0-9]+)ms/\\2-\\1ms/' app.log"),
    ("cut | sort | uniq -c", "cut -d, -f2 data.csv | sort | uniq -c"),
    ("xargs -n 100 echo", "seq 100000 | xargs -n 100 echo"),
    ("tar -czf (10 MB)", "tar -czf /tmp/out.tgz big.bin"),
    ("sha256sum (10 MB)", "sha256sum big.bin"),
];

/// The best of a few runs (the machine is shared; the minimum is the steadiest figure).
fn best(runs: u32, mut f: impl FnMut() -> bool) -> Option<Duration> {
    let mut best: Option<Duration> = None;
    for _ in 0..runs {
        let t = Instant::now();
        if !f() {
            return None;
        }
        let e = t.elapsed();
        best = Some(best.map_or(e, |b| b.min(e)));
    }
    best
}

fn main() {
    let dir = std::env::temp_dir().join(format!("kitsh-tools-bench-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).and_then(|()| write_inputs(&dir)).is_err() {
        eprintln!("cannot write the inputs in {}", dir.display());
        return;
    }
    let vdir = "/data";
    let jq_version = Command::new("jq").arg("--version").output().ok().map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    // `-- WORD`: only the cases whose name contains WORD.
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    println!("| case | kitsh | GNU tools / jq | ratio (kitsh/GNU) |\n|---|---|---|---|");
    for (name, script) in CASES.iter().filter(|(n, _)| only.is_empty() || only.iter().any(|w| n.contains(w.as_str()))) {
        let full = format!("{script} > /dev/null");
        let k = best(3, || {
            let mut b = Bash::builder()
                .mount(dir.clone(), vdir, false)
                .cwd(vdir)
                .limits(kitsh::ExecutionLimits::default().max_fs_bytes(256 << 20))
                .build();
            match b.as_mut() {
                Ok(b) => {
                    let r = b.exec_sync(&full);
                    if r.exit_code != 0 {
                        eprintln!("{name}: kitsh exit {}: {}", r.exit_code, r.stderr.lines().next().unwrap_or(""));
                    }
                    r.exit_code == 0
                }
                Err(_) => false,
            }
        });
        let g = best(3, || {
            Command::new("bash").arg("-c").arg(format!("cd '{}' && {full}", dir.display())).status().is_ok_and(|s| s.success())
        });
        let fmt = |d: Option<Duration>| d.map_or("—".to_string(), |d| format!("{:.1} ms", d.as_secs_f64() * 1e3));
        let ratio = match (k, g) {
            (Some(k), Some(g)) => format!("{:.2}", k.as_secs_f64() / g.as_secs_f64()),
            _ => "—".into(),
        };
        println!("| `{}` | {} | {} | {ratio} |", name.replace('|', "\\|"), fmt(k), fmt(g));
    }
    if let Some(v) = jq_version {
        println!("\nhost jq: {v}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
