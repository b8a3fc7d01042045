//! x87 80-bit extended precision (`long double`), which bash's `printf` uses for its floating
//! conversions: `strtold` parsing with correct rounding, and exact decimal digits.

use super::bignum::Big;

/// Exponent of the smallest (subnormal) unit: values are `mant * 2^exp`, `exp >= MIN_EXP`.
const MIN_EXP: i64 = -16445;
/// Largest `exp` of a finite value (`mant` has its top bit set there).
const MAX_EXP: i64 = 16320;
/// Decimal digits kept when parsing; later ones only count as a sticky "non-zero" bit.
const MAX_DIGITS: usize = 1200;

/// A `long double` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LDouble {
    /// `(-1)^neg * mant * 2^exp`; `mant` has its top bit set unless the value is zero or
    /// subnormal (`exp == MIN_EXP`).
    Finite { neg: bool, mant: u64, exp: i32 },
    /// Infinity.
    Inf { neg: bool },
    /// Not a number.
    Nan { neg: bool },
}

impl LDouble {
    /// Zero with the given sign.
    pub(super) const fn zero(neg: bool) -> LDouble {
        LDouble::Finite { neg, mant: 0, exp: 0 }
    }

    /// The exact value of an integer (rounded if it needs more than 64 bits).
    pub(super) fn from_i128(v: i128) -> LDouble {
        round_to_ld(v < 0, &Big::from_u128(v.unsigned_abs()), 0, false).0
    }

    /// Exact decimal digits and exponent: `value = digits * 10^exp10` (digits `"0"` for zero,
    /// otherwise without leading zeros). Only for finite values.
    pub(super) fn decimal(self) -> (Vec<u8>, i64) {
        let LDouble::Finite { mant, exp, .. } = self else { return (vec![b'0'], 0) };
        if mant == 0 {
            return (vec![b'0'], 0);
        }
        let tz = mant.trailing_zeros();
        let (mant, exp) = (mant >> tz, exp as i64 + tz as i64);
        let mut n = Big::from_u64(mant);
        if exp >= 0 {
            n.shl(exp as usize);
            (n.to_decimal(), 0)
        } else {
            n.mul_pow5((-exp) as u32);
            (n.to_decimal(), exp)
        }
    }
}

/// Round `n * 2^e0` (plus a sticky non-zero tail) to a `long double`; also reports ERANGE.
fn round_to_ld(neg: bool, n: &Big, e0: i64, sticky: bool) -> (LDouble, bool) {
    let bl = n.bit_len() as i64;
    if bl == 0 {
        return (LDouble::zero(neg), false);
    }
    let top = e0 + bl - 1;
    let e = (top - 63).max(MIN_EXP);
    let shift = e - e0;
    let (mant, e, inexact) = if shift <= 0 {
        // Exact: fits after shifting left.
        let m = n.bits64(0) << ((-shift) as u32).min(63);
        (m, e, sticky)
    } else {
        let s = shift as usize;
        let m = n.bits64(s);
        let round = n.bit(s - 1);
        let rest = sticky || n.any_below(s - 1);
        let mut m = m;
        let mut e2 = e;
        if round && (rest || m & 1 == 1) {
            m = m.wrapping_add(1);
            if m == 0 {
                m = 1 << 63;
                e2 += 1;
            }
        }
        (m, e2, round || rest)
    };
    if mant == 0 {
        return (LDouble::zero(neg), true);
    }
    if e > MAX_EXP {
        return (LDouble::Inf { neg }, true);
    }
    let tiny = mant >> 63 == 0;
    (LDouble::Finite { neg, mant, exp: e as i32 }, tiny && inexact)
}

/// `strtold`: parse the longest valid prefix of `s` (after leading white space). Returns the
/// value, the number of bytes consumed (0 when nothing was converted) and whether the result
/// overflowed or underflowed (ERANGE).
pub(super) fn strtold(s: &[u8]) -> (LDouble, usize, bool) {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        i += 1;
    }
    let mut neg = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        neg = s[i] == b'-';
        i += 1;
    }
    let rest = &s[i..];
    if let Some((v, n)) = parse_special(rest, neg) {
        return (v, i + n, false);
    }
    if rest.len() >= 2 && rest[0] == b'0' && (rest[1] | 0x20) == b'x' {
        if let Some((v, n, erange)) = parse_hex(&rest[2..], neg) {
            return (v, i + 2 + n, erange);
        }
        return (LDouble::zero(neg), i + 1, false);
    }
    match parse_decimal(rest, neg) {
        Some((v, n, erange)) => (v, i + n, erange),
        None => (LDouble::zero(false), 0, false),
    }
}

/// `inf`, `infinity`, `nan`, `nan(chars)` (case-insensitive).
fn parse_special(s: &[u8], neg: bool) -> Option<(LDouble, usize)> {
    let starts = |p: &[u8]| s.len() >= p.len() && s[..p.len()].eq_ignore_ascii_case(p);
    if starts(b"infinity") {
        return Some((LDouble::Inf { neg }, 8));
    }
    if starts(b"inf") {
        return Some((LDouble::Inf { neg }, 3));
    }
    if starts(b"nan") {
        let mut n = 3;
        if s.get(3) == Some(&b'(') {
            let mut j = 4;
            while j < s.len() && (s[j].is_ascii_alphanumeric() || s[j] == b'_') {
                j += 1;
            }
            if s.get(j) == Some(&b')') {
                n = j + 1;
            }
        }
        return Some((LDouble::Nan { neg }, n));
    }
    None
}

/// Digits of a mantissa: the kept significant digits, a decimal/binary exponent adjustment
/// and whether non-zero digits were dropped.
struct Digits {
    kept: Vec<u8>,
    adj: i64,
    sticky: bool,
    any: bool,
}

/// Scan `int[.frac]` digits valid for `radix` (10 or 16), returning the digit values and the
/// number of bytes consumed.
fn scan_digits(s: &[u8], radix: u32, max: usize) -> (Digits, usize) {
    let mut d = Digits { kept: Vec::new(), adj: 0, sticky: false, any: false };
    let mut i = 0;
    let mut frac = false;
    while i < s.len() {
        let c = s[i];
        if c == b'.' && !frac {
            frac = true;
            i += 1;
            continue;
        }
        let Some(v) = (c as char).to_digit(radix) else { break };
        d.any = true;
        if d.kept.is_empty() && v == 0 {
            if frac {
                d.adj -= 1;
            }
        } else if d.kept.len() < max {
            d.kept.push(v as u8);
            if frac {
                d.adj -= 1;
            }
        } else {
            d.sticky |= v != 0;
            if !frac {
                d.adj += 1;
            }
        }
        i += 1;
    }
    (d, i)
}

/// An exponent `[+-]digits` at the start of `s`: its value (saturated) and length, if valid.
fn scan_exponent(s: &[u8]) -> Option<(i64, usize)> {
    let mut i = 0;
    let mut neg = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        neg = s[i] == b'-';
        i += 1;
    }
    let start = i;
    let mut v: i64 = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        v = (v * 10 + (s[i] - b'0') as i64).min(1_000_000_000);
        i += 1;
    }
    if i == start {
        return None;
    }
    Some((if neg { -v } else { v }, i))
}

fn parse_decimal(s: &[u8], neg: bool) -> Option<(LDouble, usize, bool)> {
    let (d, mut n) = scan_digits(s, 10, MAX_DIGITS);
    if !d.any {
        return None;
    }
    let mut exp10 = d.adj;
    if n < s.len() && (s[n] | 0x20) == b'e' {
        if let Some((e, len)) = scan_exponent(&s[n + 1..]) {
            exp10 += e;
            n += 1 + len;
        }
    }
    if d.kept.is_empty() {
        return Some((LDouble::zero(neg), n, false));
    }
    let magnitude = d.kept.len() as i64 + exp10;
    if magnitude > 4934 {
        return Some((LDouble::Inf { neg }, n, true));
    }
    if magnitude < -4953 {
        return Some((LDouble::zero(neg), n, true));
    }
    let mut big = Big::default();
    for &v in &d.kept {
        big.mul_add_small(10, v as u32);
    }
    let (v, erange) = if exp10 >= 0 {
        big.mul_pow5(exp10 as u32);
        round_to_ld(neg, &big, exp10, d.sticky)
    } else {
        let k = (-exp10) as u32;
        let mut div = Big::from_u64(1);
        div.mul_pow5(k);
        // Scale so that the quotient has at least 66 significant bits.
        let s = (66 + div.bit_len() as i64 - big.bit_len() as i64).max(0);
        big.shl(s as usize);
        let q = big.div_small_quotient(&div);
        round_to_ld(neg, &Big::from_u128(q), -(k as i64) - s, d.sticky || !big.is_zero())
    };
    Some((v, n, erange))
}

fn parse_hex(s: &[u8], neg: bool) -> Option<(LDouble, usize, bool)> {
    let (d, mut n) = scan_digits(s, 16, MAX_DIGITS);
    if !d.any {
        return None;
    }
    let mut exp2 = d.adj * 4;
    if n < s.len() && (s[n] | 0x20) == b'p' {
        if let Some((e, len)) = scan_exponent(&s[n + 1..]) {
            exp2 += e;
            n += 1 + len;
        }
    }
    let mut big = Big::default();
    for &v in &d.kept {
        big.mul_add_small(16, v as u32);
    }
    let (v, erange) = round_to_ld(neg, &big, exp2, d.sticky);
    Some((v, n, erange))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str) -> String {
        let (v, _, _) = strtold(s.as_bytes());
        let (d, e) = v.decimal();
        format!("{}e{}", String::from_utf8_lossy(&d), e)
    }

    #[test]
    fn exact_values() {
        assert_eq!(dec("1"), "1e0");
        assert_eq!(dec("0.5"), "5e-1");
        assert_eq!(dec("1.5e3"), "1500e0");
        assert_eq!(dec("0x1p-2"), "25e-2");
        assert_eq!(dec("0"), "0e0");
    }

    #[test]
    fn tenth_is_rounded_to_64_bits() {
        let (v, _, _) = strtold(b"0.1");
        assert_eq!(v, LDouble::Finite { neg: false, mant: 0xCCCC_CCCC_CCCC_CCCD, exp: -67 });
    }

    #[test]
    fn prefixes_and_specials() {
        assert_eq!(strtold(b"1e").1, 1);
        assert_eq!(strtold(b"1.5e+").1, 3);
        assert_eq!(strtold(b"0x").1, 1);
        assert_eq!(strtold(b"abc").1, 0);
        assert_eq!(strtold(b" -inf").0, LDouble::Inf { neg: true });
        assert_eq!(strtold(b"nan(12)x").1, 7);
        assert_eq!(strtold(b"nan(12").1, 3);
        assert!(strtold(b"1e5000").2);
        assert!(strtold(b"1e-4940").2);
        assert!(!strtold(b"1e-4000").2);
    }

    #[test]
    fn from_integers() {
        assert_eq!(LDouble::from_i128(65).decimal(), (b"65".to_vec(), 0));
        assert_eq!(LDouble::from_i128(-3).decimal(), (b"3".to_vec(), 0));
    }
}
