//! `for (k in a)` against gawk itself: random sets of subscripts added and deleted (strings,
//! small and large integers, negative ones, numbers gawk does not take for integers, SUBSEP
//! keys), the order compared with `/usr/bin/gawk`'s. Skipped where gawk is not installed.

use std::io::Write;
use std::process::{Command, Stdio};

use super::Awk;
use crate::builtins::args::testfs::fs_with;
use crate::builtins::testing::run;

/// Lines `+<TAB>key` add `a[key]`, `-<TAB>key` delete it; the keys are printed at the end.
const PROG: &str = "BEGIN { FS = \"\\t\" } $1 == \"+\" { a[$2]; next } { delete a[$2] } END { for (k in a) print k }";

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// A key of the kind `kind` for a set of about `n` keys.
fn key(r: &mut Rng, kind: &str, n: u64) -> String {
    let kind = if kind == "mixed" { r.pick(&["str", "small", "neg", "big", "sparse", "odd"]) } else { kind };
    match kind {
        "str" => {
            let len = r.below(7);
            (0..len).map(|_| r.pick(&["a", "b", "x", "z", "_", "0", "1", "\x1c", "é"])).collect()
        }
        "neg" => (r.below(6001) as i64 - 3000).to_string(),
        "big" => match r.below(3) {
            0 => r.below(1 << 33).to_string(),
            1 => r.below(1 << 31).to_string(),
            _ => format!("-{}", r.below(1 << 32)),
        },
        "sparse" => r.below(1_000_000).to_string(),
        "odd" => r.pick(&["01", "1.0", "+1", "-0", "1e2", " 1", "0x1", "", "2147483648", "-2147483648"]).to_string(),
        _ => r.below(2 * n + 1).to_string(),
    }
}

/// A random list of additions and deletions.
fn ops(r: &mut Rng) -> Vec<(bool, String)> {
    let kind = r.pick(&["str", "small", "mixed", "neg", "big", "sparse", "seq"]);
    let n = [1, 3, 10, 40, 100, 300, 1000, 3000][r.below(8) as usize];
    if kind == "seq" {
        let desc = r.below(2) == 0;
        return (1..=n).map(|i| (true, if desc { n + 1 - i } else { i }.to_string())).collect();
    }
    let mut out: Vec<(bool, String)> = Vec::new();
    let deletes = r.below(3);
    for _ in 0..n {
        out.push((true, key(r, kind, n)));
        if r.below(10) < deletes * 2 {
            let k = if r.below(2) == 0 { out[r.below(out.len() as u64) as usize].1.clone() } else { key(r, kind, n) };
            out.push((false, k));
        }
    }
    out
}

fn input(ops: &[(bool, String)]) -> String {
    ops.iter().map(|(add, k)| format!("{}\t{k}\n", if *add { '+' } else { '-' })).collect()
}

/// gawk's output, `None` when gawk cannot be run.
fn gawk(input: &str) -> Option<Vec<u8>> {
    let mut child = Command::new("/usr/bin/gawk").arg(PROG).env("LC_ALL", "C").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().ok()?;
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status.success().then_some(out.stdout)
}

#[test]
fn for_in_order_matches_gawk() {
    if gawk("").is_none() {
        eprintln!("for_in_order_matches_gawk: /usr/bin/gawk not found, skipping");
        return;
    }
    let fs = fs_with(&[]);
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for case in 0..60 {
        let ops = ops(&mut r);
        let text = input(&ops);
        let want = gawk(&text).unwrap_or_default();
        let got = run(&Awk, "awk", &[PROG], text.as_bytes(), &*fs, "/");
        assert!(got.stdout == want, "case {case}: {} operations, first {:?}\ngawk: {:?}\nkitsh: {:?}", ops.len(), &ops[..ops.len().min(8)], String::from_utf8_lossy(&want[..want.len().min(300)]), got.out().chars().take(300).collect::<String>());
    }
}
