//! Interpreter-bound scripts, kitsh against GNU bash 5.2 on the same script
//! (`cargo bench -p kitsh --bench interp`; `-- NAME` runs the cases whose name contains NAME,
//! `-- --kitsh-only` skips bash, `-- --profile NAME` loops one case in kitsh for `perf`, `-- --once NAME` runs it once, for
//! `valgrind --tool=callgrind`, whose instruction counts do not move with the machine's load).
//!
//! kitsh runs each script in a fresh `Bash` in this process; bash runs it as a `bash -c`
//! process, so its start-up is part of its time, as when an agent's tool call starts a shell.
//! The ratio is bash's time over kitsh's (above 1: kitsh is faster). Nothing is asserted.
//!
//! With `KITSH_BENCH_BASHKIT=/path/to/bashkit` (bashkit's CLI, built from its repository; it is
//! not a dependency; options may follow the path, e.g. its `--max-commands N`) a third column times `bashkit -c SCRIPT` as a process too, with the ratio
//! of its time over kitsh's in-process one and over kitsh's CLI (`KITSH_BENCH_CLI`, default
//! `target/release/kitsh`) run the same way, which is the like-for-like comparison.

mod common;

use std::time::Duration;

use common::{bash_process, median, shell_process, us};
use kitsh::Bash;

/// What a case feeds the script on stdin.
#[derive(Clone, Copy)]
enum Input {
    None,
    /// `1` to `n`, one per line.
    Numbers(usize),
    /// `n` lines `NUMBER WORD` in a scrambled order.
    Pairs(usize),
}

impl Input {
    fn bytes(self) -> Vec<u8> {
        let mut out = String::new();
        match self {
            Input::None => {}
            Input::Numbers(n) => (1..=n).for_each(|i| out.push_str(&format!("{i}\n"))),
            Input::Pairs(n) => {
                let mut x: u64 = 0x2545_F491;
                for _ in 0..n {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    let v = (x >> 33) % 1_000_000;
                    out.push_str(&format!("{v} w{}\n", (x >> 13) % 5000));
                }
            }
        }
        out.into_bytes()
    }
}

/// The cases: name, script, input. Each script ends with status 0 in both shells.
const CASES: &[(&str, &str, Input)] = &[
    ("for ((…)) 100 000 iterations", "for ((i = 0; i < 100000; i++)); do :; done", Input::None),
    ("while (( )) 10 000, i=$((i+1))", "i=0; while (( i < 10000 )); do i=$((i + 1)); done", Input::None),
    ("while read 10 000 lines", "n=0; while read -r l; do n=$((n + l)); done; echo $n", Input::Numbers(10_000)),
    ("10 000 calls with local", "f() { local a=$1 b; b=$((a * 2)); r=$b; }; for ((i = 0; i < 10000; i++)); do f $i; done", Input::None),
    ("string += 10 000", "s=; for ((i = 0; i < 10000; i++)); do s+=x$i; done; echo ${#s}", Input::None),
    ("${x//a/b} ${x:1:3} 10 000", "x=abcabcabcabc; for ((i = 0; i < 10000; i++)); do y=${x//a/b}; z=${x:1:3}; done", Input::None),
    ("[[ =~ ]] 10 000", "s=abc123; for ((i = 0; i < 10000; i++)); do [[ $s =~ ^[a-z]+([0-9]+)$ ]]; done", Input::None),
    ("[[ == glob ]] 10 000", "s=abc123; for ((i = 0; i < 10000; i++)); do [[ $s == a*[0-9] ]]; done", Input::None),
    ("indexed array fill+read 10 000", "for ((i = 0; i < 10000; i++)); do a[i]=$i; done; for ((i = 0; i < 10000; i++)); do s=${a[i]}; done", Input::None),
    ("assoc array fill+read 10 000", "declare -A m; for ((i = 0; i < 10000; i++)); do m[k$i]=$i; done; for k in \"${!m[@]}\"; do s=${m[$k]}; done", Input::None),
    ("$(…) 1 000", "for ((i = 0; i < 1000; i++)); do x=$(echo $i); done", Input::None),
    ("case dispatch 10 000", "for ((i = 0; i < 10000; i++)); do case $((i % 4)) in 0) a=1 ;; 1) a=2 ;; 2) a=3 ;; *) a=4 ;; esac; done", Input::None),
    ("printf -v 10 000", "for ((i = 0; i < 10000; i++)); do printf -v s '%05d' $i; done", Input::None),
    ("sort -n, 100 lines", "sort -n", Input::Pairs(100)),
    ("sort -k2, 100 lines", "sort -k2", Input::Pairs(100)),
    ("sort -n, 100 000 lines", "sort -n", Input::Pairs(100_000)),
    ("sort -k2, 100 000 lines", "sort -k2", Input::Pairs(100_000)),
    ("yes | head -n 1000 | wc -l", "yes | head -n 1000 | wc -l", Input::None),
    ("seq | head | tail", "seq 1 5000 | head -n 200 | tail -n 3", Input::None),
    ("echo … | cmd, 200 times", "for ((i = 0; i < 200; i++)); do echo $i | tr 0-9 a-j >/dev/null; done", Input::None),
];

fn kitsh_once(script: &str, input: &[u8]) {
    let mut b = Bash::builder().stdin(input.to_vec()).build().expect("default builder");
    let r = b.exec_sync(script);
    assert_eq!(r.exit_code, 0, "{script}: {}", r.stderr);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if let Some(i) = args.iter().position(|a| a == "--profile") {
        let want = args.get(i + 1).map(String::as_str).unwrap_or("");
        let (_, script, input) = CASES.iter().find(|c| c.0.contains(want)).expect("a case of that name");
        let data = input.bytes();
        median(Duration::from_secs(5), || kitsh_once(script, &data));
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--once") {
        let want = args.get(i + 1).map(String::as_str).unwrap_or("");
        let (_, script, input) = CASES.iter().find(|c| c.0.contains(want)).expect("a case of that name");
        kitsh_once(script, &input.bytes());
        return;
    }
    let kitsh_only = args.iter().any(|a| a == "--kitsh-only");
    let filter = args.iter().find(|a| !a.starts_with("--")).map(String::as_str).unwrap_or("");
    let budget = Duration::from_millis(600);
    let bashkit = std::env::var("KITSH_BENCH_BASHKIT").ok().filter(|_| !kitsh_only);
    let cli = std::env::var("KITSH_BENCH_CLI").unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/kitsh").to_string());
    if let Some(bk) = &bashkit {
        // Each CLI's own start-up, to read the process columns net of it.
        let kt = shell_process(&cli, "true", b"", budget);
        let bt = shell_process(bk, "true", b"", budget);
        println!("start-up (-c true): kitsh CLI {:.0} µs, bashkit CLI {:.0} µs", kt.map_or(f64::NAN, us), bt.map_or(f64::NAN, us));
        println!(
            "{:<34} {:>12} {:>12} {:>8} {:>12} {:>12} {:>8}",
            "case", "kitsh", "bash -c", "ratio", "kitsh -c", "bashkit -c", "ratio"
        );
    } else {
        println!("{:<34} {:>12} {:>12} {:>8}", "case", "kitsh", "bash -c", "ratio");
    }
    for (name, script, input) in CASES.iter().filter(|c| c.0.contains(filter)) {
        let data = input.bytes();
        let k = median(budget, || kitsh_once(script, &data));
        let b = if kitsh_only { None } else { bash_process(script, &data, budget) };
        let line = match b {
            Some(b) => format!("{name:<34} {:>9.0} µs {:>9.0} µs {:>7.1}×", us(k), us(b), us(b) / us(k)),
            None => format!("{name:<34} {:>9.0} µs", us(k)),
        };
        match &bashkit {
            Some(bk) => {
                let kc = shell_process(&cli, script, &data, budget);
                let bkt = shell_process(bk, script, &data, budget);
                match (kc, bkt) {
                    (Some(kc), Some(t)) => println!("{line} {:>9.0} µs {:>9.0} µs {:>7.1}×", us(kc), us(t), us(t) / us(kc)),
                    _ => println!("{line}  (kitsh or bashkit CLI did not run)"),
                }
            }
            None => println!("{line}"),
        }
    }
}
