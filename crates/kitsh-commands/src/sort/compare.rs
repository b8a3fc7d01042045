//! The orderings of `sort`: numeric (`-n`), general numeric (`-g`), human (`-h`), month (`-M`),
//! version (`-V`, GNU `filevercmp`) and text with `-d` / `-i` / `-f`. All work on bytes in the C
//! locale.

use std::cmp::Ordering;

use crate::args::strtod;

/// `isblank` in the C locale.
pub(super) fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn skip_blanks(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|&&b| is_blank(b) || b == b'\n').count();
    &s[n..]
}

/// The sign, integer digits (no leading zeros) and fraction digits (no trailing zeros) of the
/// number at the start of `s`, plus the bytes used.
fn split_number(s: &[u8]) -> (bool, &[u8], &[u8], usize) {
    let mut i = 0;
    let neg = s.first() == Some(&b'-');
    if neg {
        i = 1;
    }
    let int_start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let mut int = &s[int_start..i];
    let mut frac: &[u8] = &[];
    if s.get(i) == Some(&b'.') {
        let f_start = i + 1;
        let mut j = f_start;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        frac = &s[f_start..j];
        if !int.is_empty() || !frac.is_empty() {
            i = j;
        }
    }
    if int.is_empty() && frac.is_empty() {
        return (false, &[], &[], 0);
    }
    while int.first() == Some(&b'0') {
        int = &int[1..];
    }
    while frac.last() == Some(&b'0') {
        frac = &frac[..frac.len() - 1];
    }
    let zero = int.is_empty() && frac.is_empty();
    (neg && !zero, int, frac, i)
}

fn cmp_magnitude(ai: &[u8], af: &[u8], bi: &[u8], bf: &[u8]) -> Ordering {
    ai.len().cmp(&bi.len()).then_with(|| ai.cmp(bi)).then_with(|| af.cmp(bf))
}

/// `-n`: leading blanks, an optional `-`, digits and a fraction; anything else is zero.
pub(super) fn numeric(a: &[u8], b: &[u8]) -> Ordering {
    Number::parse(a).cmp(&Number::parse(b))
}

/// A `-n` key parsed once (sorting compares each line's key many times): its sign, integer
/// and fraction digits, and the integer's value when it fits in a `u64`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Number<'a> {
    neg: bool,
    int: &'a [u8],
    frac: &'a [u8],
    /// `int` as a number (it has no leading zeros, so 19 digits or fewer always fit).
    small: Option<u64>,
}

impl<'a> Number<'a> {
    /// The number at the start of `s` after blanks, as `-n` reads it.
    pub(super) fn parse(s: &'a [u8]) -> Number<'a> {
        let (neg, int, frac, _) = split_number(skip_blanks(s));
        let small = (int.len() <= 19).then(|| int.iter().fold(0u64, |v, d| v * 10 + u64::from(d - b'0')));
        Number { neg, int, frac, small }
    }

    fn magnitude_cmp(&self, other: &Number<'_>) -> Ordering {
        match (self.small, other.small) {
            // Integers mostly: no library call for two empty fractions.
            (Some(a), Some(b)) => a.cmp(&b).then_with(|| if self.frac.is_empty() && other.frac.is_empty() { Ordering::Equal } else { self.frac.cmp(other.frac) }),
            _ => cmp_magnitude(self.int, self.frac, other.int, other.frac),
        }
    }

    /// Numeric order (a negative zero is zero).
    pub(super) fn cmp(&self, other: &Number<'_>) -> Ordering {
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.magnitude_cmp(other),
            (true, true) => other.magnitude_cmp(self),
        }
    }
}

/// `-h`: like `-n` with an SI suffix (`K`/`k`, `M`, `G`, ...) compared first.
pub(super) fn human(a: &[u8], b: &[u8]) -> Ordering {
    let (sa, ua, ai, af) = human_parts(a);
    let (sb, ub, bi, bf) = human_parts(b);
    sa.cmp(&sb).then_with(|| {
        let o = ua.cmp(&ub).then_with(|| cmp_magnitude(ai, af, bi, bf));
        if sa < 0 {
            o.reverse()
        } else {
            o
        }
    })
}

/// Sign (-1, 0, 1), unit power, integer and fraction digits of a human-readable number.
fn human_parts(s: &[u8]) -> (i8, u8, &[u8], &[u8]) {
    let s = skip_blanks(s);
    let (neg, int, frac, used) = split_number(s);
    let unit = match s.get(used).copied() {
        Some(b'k' | b'K') => 1,
        Some(b'M') => 2,
        Some(b'G') => 3,
        Some(b'T') => 4,
        Some(b'P') => 5,
        Some(b'E') => 6,
        Some(b'Z') => 7,
        Some(b'Y') => 8,
        Some(b'R') => 9,
        Some(b'Q') => 10,
        _ => 0,
    };
    let zero = int.is_empty() && frac.is_empty();
    (if neg { -1 } else if zero { 0 } else { 1 }, unit, int, frac)
}

/// `-g`: C `strtod`; unparsable keys first, then NaN, then numbers in order.
pub(super) fn general(a: &[u8], b: &[u8]) -> Ordering {
    let parse = |s: &[u8]| {
        let text = String::from_utf8_lossy(s);
        let (v, n) = strtod(&text);
        if n == 0 {
            (0, 0.0)
        } else if v.is_nan() {
            // GNU orders NaNs by their bits: `nan` before `-nan`.
            (1, if v.is_sign_negative() { 1.0 } else { 0.0 })
        } else {
            (2, v)
        }
    };
    let (ca, va) = parse(a);
    let (cb, vb) = parse(b);
    ca.cmp(&cb).then_with(|| va.partial_cmp(&vb).unwrap_or(Ordering::Equal))
}

/// `-M`: `JAN` < ... < `DEC`, case-insensitive after blanks; anything else first.
pub(super) fn month(a: &[u8], b: &[u8]) -> Ordering {
    const MONTHS: [&[u8]; 12] = [b"JAN", b"FEB", b"MAR", b"APR", b"MAY", b"JUN", b"JUL", b"AUG", b"SEP", b"OCT", b"NOV", b"DEC"];
    let m = |s: &[u8]| {
        let s = skip_blanks(s);
        s.get(..3).and_then(|p| MONTHS.iter().position(|m| p.eq_ignore_ascii_case(m))).map_or(0, |i| i + 1)
    };
    m(a).cmp(&m(b))
}

/// Text comparison with `-d` (only blanks and alphanumerics), `-i` (only printable) and `-f`
/// (fold to upper case).
pub(super) fn text(a: &[u8], b: &[u8], dict: bool, printable: bool, fold: bool) -> Ordering {
    let keep = |c: &u8| (!dict || is_blank(*c) || c.is_ascii_alphanumeric()) && (!printable || (32..127).contains(c));
    let tr = |c: &u8| if fold { c.to_ascii_uppercase() } else { *c };
    a.iter().filter(|c| keep(c)).map(tr).cmp(b.iter().filter(|c| keep(c)).map(tr))
}

/// The weight of a byte in Debian version comparison.
fn order(c: Option<u8>) -> i32 {
    match c {
        None => 0,
        Some(c) if c.is_ascii_digit() => 0,
        Some(c) if c.is_ascii_alphabetic() => c as i32,
        Some(b'~') => -1,
        Some(c) => c as i32 + 256,
    }
}

/// Debian `verrevcmp`.
fn verrevcmp(a: &[u8], b: &[u8]) -> Ordering {
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let mut first_diff = 0;
        while (i < a.len() && !a[i].is_ascii_digit()) || (j < b.len() && !b[j].is_ascii_digit()) {
            let ac = order(a.get(i).copied());
            let bc = order(b.get(j).copied());
            if ac != bc {
                return ac.cmp(&bc);
            }
            i += 1;
            j += 1;
        }
        while a.get(i) == Some(&b'0') {
            i += 1;
        }
        while b.get(j) == Some(&b'0') {
            j += 1;
        }
        while i < a.len() && a[i].is_ascii_digit() && j < b.len() && b[j].is_ascii_digit() {
            if first_diff == 0 {
                first_diff = a[i] as i32 - b[j] as i32;
            }
            i += 1;
            j += 1;
        }
        if i < a.len() && a[i].is_ascii_digit() {
            return Ordering::Greater;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            return Ordering::Less;
        }
        if first_diff != 0 {
            return first_diff.cmp(&0);
        }
    }
    Ordering::Equal
}

/// The length of `s` without its file suffix (`(\.[A-Za-z~][A-Za-z0-9~]*)*$`).
fn suffix_start(s: &[u8]) -> usize {
    let mut end = s.len();
    let mut i = s.len();
    // Scan backwards for a run of suffixes.
    loop {
        let mut k = i;
        while k > 0 && (s[k - 1].is_ascii_alphanumeric() || s[k - 1] == b'~') {
            k -= 1;
        }
        if k == 0 || s[k - 1] != b'.' || k == i || !(s[k].is_ascii_alphabetic() || s[k] == b'~') {
            return end;
        }
        end = k - 1;
        i = k - 1;
    }
}

/// GNU `filevercmp` (`sort -V`, `ls -v`).
pub(super) fn version(a: &[u8], b: &[u8]) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    for (x, y, o) in [(a, b, Ordering::Less), (b, a, Ordering::Greater)] {
        if x.is_empty() {
            return o;
        }
        if x == b"." {
            return o;
        }
        if x == b".." && y != b"." {
            return o;
        }
    }
    match (a[0] == b'.', b[0] == b'.') {
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        (true, true) => return version_body(&a[1..], &b[1..]),
        _ => {}
    }
    version_body(a, b)
}

fn version_body(a: &[u8], b: &[u8]) -> Ordering {
    let (pa, pb) = (&a[..suffix_start(a)], &b[..suffix_start(b)]);
    let r = if pa == pb { Ordering::Equal } else { verrevcmp(pa, pb) };
    if r == Ordering::Equal {
        verrevcmp(a, b)
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<&str>, f: fn(&[u8], &[u8]) -> Ordering) -> String {
        v.sort_by(|a, b| f(a.as_bytes(), b.as_bytes()).then_with(|| a.cmp(b)));
        v.join(" ")
    }

    #[test]
    fn orderings() {
        let n = vec!["10", "9", "-1", "1e2", "abc", "", " 5", "-0", "0", "+3", "1.5", ".5"];
        assert_eq!(sorted(n, numeric), "-1  +3 -0 0 abc .5 1e2 1.5  5 9 10");
        let g = vec!["10", "9", "-1", "1e2", "abc", "nan", "-inf", "inf", " 5", "0x10"];
        assert_eq!(sorted(g, general), "abc nan -inf -1  5 9 10 0x10 1e2 inf");
        let h = vec!["1K", "2M", "1G", "500", "-1K", "1k", "3"];
        assert_eq!(sorted(h, human), "-1K 3 500 1K 1k 2M 1G");
        let v = vec!["a-1.10", "a-1.9", "a-1.1~rc", "a-1.1", ".hidden", "b", "1.2.3", "1.10"];
        assert_eq!(sorted(v, version), ".hidden 1.2.3 1.10 a-1.1~rc a-1.1 a-1.9 a-1.10 b");
        let m = vec!["FEB", "jan", " mar", "foo", "Dec"];
        assert_eq!(sorted(m, month), "foo jan FEB  mar Dec");
        assert_eq!(numeric(b"-5", b"-10"), Ordering::Greater);
        assert_eq!(numeric(b"007", b"7.0"), Ordering::Equal);
        assert_eq!(version(b"file.tar.gz", b"file2.tar.gz"), Ordering::Less);
    }
}
