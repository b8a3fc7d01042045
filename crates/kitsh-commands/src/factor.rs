//! `factor`: print the prime factors of numbers up to 2^128 - 1 (operands, or whitespace-
//! separated words on stdin), as GNU coreutils 9.1: `N: p1 p2 ...`. Miller-Rabin and
//! Pollard's rho (Brent) over 128-bit integers; larger numbers (which GNU factors with GMP)
//! are reported as too large.


use super::args::{self, quote, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `factor` command.
pub struct Factor;

const SPECS: &[OptSpec<bool>] = &[];
const USAGE: &str = "Usage: factor [OPTION] [NUMBER]...\nPrint the prime factors of each specified integer NUMBER.  If none\nare specified on the command line, read them from standard input.";

fn mul_mod(a: u128, b: u128, m: u128) -> u128 {
    if let (Ok(a64), Ok(b64)) = (u64::try_from(a), u64::try_from(b)) {
        return u128::from(a64) * u128::from(b64) % m;
    }
    // Double-and-add: no overflow for any m < 2^128.
    let (mut a, mut b, mut r) = (a % m, b % m, 0u128);
    while b > 0 {
        if b & 1 == 1 {
            r = add_mod(r, a, m);
        }
        a = add_mod(a, a, m);
        b >>= 1;
    }
    r
}

fn add_mod(a: u128, b: u128, m: u128) -> u128 {
    let (s, over) = a.overflowing_add(b);
    if over || s >= m {
        s.wrapping_sub(m)
    } else {
        s
    }
}

fn pow_mod(mut b: u128, mut e: u128, m: u128) -> u128 {
    let mut r = 1 % m;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, m);
        }
        b = mul_mod(b, b, m);
        e >>= 1;
    }
    r
}

fn is_prime(n: u128) -> bool {
    if n < 2 {
        return false;
    }
    const SMALL: [u128; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for p in SMALL {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    // These bases are deterministic below 3.3e24; more bases make a false prime below 2^128
    // astronomically unlikely.
    const BASES: [u128; 20] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71];
    'next: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'next;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the composite `n` (Pollard's rho, Brent's variant).
fn rho(n: u128) -> u128 {
    if n.is_multiple_of(2) {
        return 2;
    }
    let mut c = 1u128;
    loop {
        let f = |x: u128| add_mod(mul_mod(x, x, n), c, n);
        let (mut x, mut y, mut g) = (2u128, 2u128, 1u128);
        let mut q = 1u128;
        let mut r = 1u64;
        let mut ys = 2u128;
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..(128.min(r - k)) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            loop {
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
        c += 1;
    }
}

/// The prime factors of `n`, ascending.
pub(crate) fn factorize(mut n: u128, cancelled: &dyn Fn() -> bool) -> Option<Vec<u128>> {
    let mut out = Vec::new();
    if n < 2 {
        return Some(out);
    }
    for p in [2u128, 3, 5] {
        while n.is_multiple_of(p) && n > 1 {
            out.push(p);
            n /= p;
        }
    }
    let mut p = 7u128;
    while p * p <= n && p < 10_000 {
        while n.is_multiple_of(p) {
            out.push(p);
            n /= p;
        }
        p += 2;
    }
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if cancelled() {
            return None;
        }
        if is_prime(m) {
            out.push(m);
        } else {
            let d = rho(m);
            stack.push(d);
            stack.push(m / d);
        }
    }
    out.sort_unstable();
    Some(out)
}

fn parse(word: &str) -> Result<u128, String> {
    let t = word.trim_start();
    let w = t.strip_prefix('+').unwrap_or(t);
    if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{} is not a valid positive integer", quote(word)));
    }
    w.parse::<u128>().map_err(|_| format!("{} is too large", quote(word)))
}

fn line(n: u128, factors: &[u128], exponents: bool) -> String {
    let mut s = format!("{n}:");
    let mut i = 0;
    while i < factors.len() {
        let p = factors[i];
        let mut e = 1;
        while exponents && i + e < factors.len() && factors[i + e] == p {
            e += 1;
        }
        if e > 1 {
            s.push_str(&format!(" {p}^{e}"));
        } else {
            s.push_str(&format!(" {p}"));
        }
        i += e;
    }
    s.push('\n');
    s
}

impl Builtin for Factor {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("factor", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let exponents = false;
        let words: Vec<String> = if p.operands.is_empty() {
            let mut data = Vec::new();
            if ctx.read_stdin_all(&mut data).is_err() {
                return 1;
            }
            kitsh_core::util::bytes::decode(&data).split_ascii_whitespace().map(str::to_string).collect()
        } else {
            p.operands
        };
        let mut status = 0;
        for w in &words {
            match parse(w) {
                Err(msg) => {
                    ctx.error(&msg);
                    status = 1;
                }
                Ok(n) => {
                    let cancel = ctx.cancel;
                    let Some(f) = factorize(n, &|| cancel.cancelled()) else { return 1 };
                    if let Err(e) = ctx.stdout.write_all(line(n, &f, exponents).as_bytes()) {
                        return crate::args::write_failed(ctx, &e);
                    }
                }
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factors() {
        let f = |n| factorize(n, &|| false).unwrap_or_default();
        assert_eq!(f(12), [2, 2, 3]);
        assert_eq!(f(1), Vec::<u128>::new());
        assert_eq!(f(97), [97]);
        assert_eq!(f(600851475143), [71, 839, 1471, 6857]);
        assert_eq!(f(18446744073709551617), [274177, 67280421310721]);
        assert_eq!(f(u128::MAX), [3, 5, 17, 257, 641, 65537, 274177, 6700417, 67280421310721]);
        assert_eq!(line(72, &f(72), true), "72: 2^3 3^2\n");
    }
}
