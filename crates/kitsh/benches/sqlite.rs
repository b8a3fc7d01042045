//! `sqlite3` benchmark (feature `sqlite`): importing a 100 000-row CSV and a GROUP BY, kitsh's
//! sqlite3 against the real sqlite3 CLI on the host (`bash -c`, same run).
//! `cargo bench -p kitsh --features sqlite --bench sqlite`. Prints a Markdown table; nothing
//! is asserted.

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
    let mut csv = String::from("id,user,n,pct\n");
    for i in 0..100_000u64 {
        let u = users[(rng.next() % 8) as usize];
        let _ = writeln!(csv, "{i},{u},{},{}", rng.next() % 10_000, rng.next() % 100);
    }
    std::fs::write(dir.join("data.csv"), csv)
}

const GROUP: &str = "'select user, count(*), sum(n), round(avg(pct), 2) from t group by user order by user'";

fn cases() -> Vec<(&'static str, String)> {
    vec![
        ("import 100k CSV + GROUP BY (:memory:)", format!("sqlite3 :memory: '.import --csv data.csv t' {GROUP}")),
        ("import 100k CSV into a db file", "rm -f out.db; sqlite3 out.db '.import --csv data.csv t'".to_string()),
        (
            "import to a db file, then GROUP BY in a 2nd call",
            format!("rm -f out.db; sqlite3 out.db '.import --csv data.csv t' && sqlite3 -csv out.db {GROUP}"),
        ),
        ("GROUP BY over a 100k-row CTE", "sqlite3 :memory: 'with recursive c(x) as (select 1 union all select x+1 from c where x < 100000) select x % 8, count(*), sum(x) from c group by 1'".to_string()),
    ]
}

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
    let dir = std::env::temp_dir().join(format!("kitsh-sqlite-bench-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).and_then(|()| write_inputs(&dir)).is_err() {
        eprintln!("cannot write the inputs in {}", dir.display());
        return;
    }
    let vdir = "/data";
    let version = Command::new("sqlite3").arg("-version").output().ok().map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    println!("| case | kitsh | sqlite3 | ratio (kitsh/sqlite3) |\n|---|---|---|---|");
    for (name, script) in cases() {
        let full = format!("{script} > /dev/null");
        let k = best(5, || {
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
        let g = best(5, || {
            Command::new("bash").arg("-c").arg(format!("cd '{}' && {full}", dir.display())).status().is_ok_and(|s| s.success())
        });
        let fmt = |d: Option<Duration>| d.map_or("—".to_string(), |d| format!("{:.1} ms", d.as_secs_f64() * 1e3));
        let ratio = match (k, g) {
            (Some(k), Some(g)) => format!("{:.2}", k.as_secs_f64() / g.as_secs_f64()),
            _ => "—".into(),
        };
        println!("| {name} | {} | {} | {ratio} |", fmt(k), fmt(g));
    }
    if let Some(v) = version {
        println!("\nhost sqlite3: {v}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
