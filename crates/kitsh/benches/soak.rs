//! Soak: 100 000 short scripts in a row, memory must stay flat (RSS after all of them within
//! 5 % of RSS after the first 1 000). Two shapes: a fresh interpreter per script (the normal
//! case of a tool call) and one long session. Run: `cargo bench -p kitsh --bench soak`
//! (`-- N` for another count). Exits non-zero when memory grows.

use kitsh::Bash;

/// Resident set size of this process, in kB.
fn rss_kb() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.trim().trim_end_matches(" kB").parse().ok()).unwrap_or(0)
}

const SCRIPTS: [&str; 4] = [
    "x=1; for i in 1 2 3; do x=$((x*i)); done; echo $x",
    "echo '{\"a\":[1,2,3]}' | jq -c '.a | map(.*2)'",
    "f(){ echo \"$1\" | tr a-z A-Z; }; f hello > /tmp/o; cat /tmp/o",
    "declare -A m=([k]=v); printf '%s\\n' \"${m[k]}\" | sed 's/v/w/'",
];

fn soak(name: &str, n: usize, mut run: impl FnMut(usize)) -> bool {
    let t = std::time::Instant::now();
    let warm = 1000.min(n);
    for i in 0..warm {
        run(i);
    }
    let base = rss_kb();
    for i in warm..n {
        run(i);
    }
    let end = rss_kb();
    let growth = (end as f64 - base as f64) / base.max(1) as f64 * 100.0;
    let flat = growth <= 5.0;
    println!(
        "{name:<28} {n:>7} scripts in {:>6.2} s ({:>5.1} µs each): RSS {base} kB after {warm}, {end} kB after {n} ({growth:+.1} %) {}",
        t.elapsed().as_secs_f64(),
        t.elapsed().as_secs_f64() * 1e6 / n as f64,
        if flat { "flat" } else { "GROWS" }
    );
    flat
}

fn main() {
    let n: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(100_000);
    let fresh = soak("fresh interpreter per script", n, |i| {
        let mut sh = Bash::new();
        let r = sh.exec_sync(SCRIPTS[i % SCRIPTS.len()]);
        assert_eq!(r.exit_code, 0, "{r:?}");
    });
    let mut session = Bash::new();
    let one = soak("one session", n, |i| {
        let r = session.exec_sync(SCRIPTS[i % SCRIPTS.len()]);
        assert_eq!(r.exit_code, 0, "{r:?}");
    });
    if !(fresh && one) {
        std::process::exit(1);
    }
}
