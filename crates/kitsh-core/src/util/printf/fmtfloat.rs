//! glibc-exact `%f %e %g %a` (and upper-case forms) of `long double` values.

use super::ldouble::LDouble;
use super::Spec;

/// Append the conversion of `v` per `spec` (conversion one of `eEfFgGaA`).
pub(super) fn format_float(v: LDouble, spec: &Spec, out: &mut Vec<u8>) {
    let upper = spec.conv.is_ascii_uppercase();
    let neg = match v {
        LDouble::Finite { neg, .. } | LDouble::Inf { neg } | LDouble::Nan { neg } => neg,
    };
    let sign: &[u8] = if neg {
        b"-"
    } else if spec.plus {
        b"+"
    } else if spec.space {
        b" "
    } else {
        b""
    };
    let (prefix, body, numeric): (&[u8], Vec<u8>, bool) = match v {
        LDouble::Inf { .. } => (b"", if upper { b"INF".to_vec() } else { b"inf".to_vec() }, false),
        LDouble::Nan { .. } => (b"", if upper { b"NAN".to_vec() } else { b"nan".to_vec() }, false),
        LDouble::Finite { mant, exp, .. } => match spec.conv.to_ascii_lowercase() {
            b'a' => (if upper { b"0X" } else { b"0x" }, hex(mant, exp, spec), true),
            c => {
                let (d, x) = v.decimal();
                let p = spec.prec.unwrap_or(6);
                let body = match c {
                    b'f' => fixed(&d, x, p, spec.hash),
                    b'e' => sci(&d, x, p, spec.hash, upper),
                    _ => general(&d, x, p, spec.hash, upper),
                };
                (b"", body, true)
            }
        },
    };
    let len = sign.len() + prefix.len() + body.len();
    let pad = spec.width.saturating_sub(len);
    if spec.minus {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(&body);
        out.resize(out.len() + pad, b' ');
    } else if spec.zero && numeric {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.resize(out.len() + pad, b'0');
        out.extend_from_slice(&body);
    } else {
        out.resize(out.len() + pad, b' ');
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(&body);
    }
}

/// The decimal digits of `round(D * 10^(keep - len(D)))` (round half to even), without leading
/// zeros (`"0"` for zero).
fn round_to(d: &[u8], keep: i64) -> Vec<u8> {
    let len = d.len() as i64;
    if keep >= len {
        let mut r = d.to_vec();
        r.resize(keep as usize, b'0');
        return strip_leading(r);
    }
    if keep < 0 {
        return vec![b'0'];
    }
    let k = keep as usize;
    let mut r = d[..k].to_vec();
    let first = d[k];
    let rest_nonzero = d[k + 1..].iter().any(|&c| c != b'0');
    let odd = r.last().is_some_and(|&c| (c - b'0') % 2 == 1);
    let up = first > b'5' || (first == b'5' && (rest_nonzero || odd));
    if up {
        let mut i = r.len();
        loop {
            if i == 0 {
                r.insert(0, b'1');
                break;
            }
            i -= 1;
            if r[i] == b'9' {
                r[i] = b'0';
            } else {
                r[i] += 1;
                break;
            }
        }
    }
    if r.is_empty() {
        r.push(b'0');
    }
    strip_leading(r)
}

fn strip_leading(mut r: Vec<u8>) -> Vec<u8> {
    let nz = r.iter().position(|&c| c != b'0').unwrap_or(r.len().saturating_sub(1));
    r.drain(..nz);
    if r.is_empty() {
        r.push(b'0');
    }
    r
}

/// `%f`: `value = d * 10^x` with `p` decimals.
fn fixed(d: &[u8], x: i64, p: usize, hash: bool) -> Vec<u8> {
    let keep = d.len() as i64 + x + p as i64;
    let mut r = round_to(d, keep);
    if r.len() <= p {
        let mut z = vec![b'0'; p + 1 - r.len()];
        z.extend_from_slice(&r);
        r = z;
    }
    let int_len = r.len() - p;
    if p > 0 || hash {
        r.insert(int_len, b'.');
    }
    r
}

/// The `p + 1` significant digits of `d * 10^x` and the decimal exponent of the first one.
fn significant(d: &[u8], x: i64, p: usize) -> (Vec<u8>, i64) {
    if d == b"0" {
        return (vec![b'0'; p + 1], 0);
    }
    let mut r = round_to(d, p as i64 + 1);
    let mut e = d.len() as i64 - 1 + x;
    if r.len() > p + 1 {
        r.truncate(p + 1);
        e += 1;
    }
    (r, e)
}

/// `%e`.
fn sci(d: &[u8], x: i64, p: usize, hash: bool, upper: bool) -> Vec<u8> {
    let (r, e) = significant(d, x, p);
    let mut out = Vec::with_capacity(p + 8);
    out.push(r[0]);
    if p > 0 || hash {
        out.push(b'.');
    }
    out.extend_from_slice(&r[1..]);
    out.push(if upper { b'E' } else { b'e' });
    out.push(if e < 0 { b'-' } else { b'+' });
    let ed = e.unsigned_abs().to_string();
    if ed.len() < 2 {
        out.push(b'0');
    }
    out.extend_from_slice(ed.as_bytes());
    out
}

/// `%g`.
fn general(d: &[u8], x: i64, p: usize, hash: bool, upper: bool) -> Vec<u8> {
    let p = p.max(1);
    let (_, e) = significant(d, x, p - 1);
    let mut s = if e < p as i64 && e >= -4 {
        fixed(d, x, (p as i64 - 1 - e) as usize, hash)
    } else {
        sci(d, x, p - 1, hash, upper)
    };
    if !hash {
        let epos = s.iter().position(|&c| c == b'e' || c == b'E').unwrap_or(s.len());
        if s[..epos].contains(&b'.') {
            let mut end = epos;
            while s[end - 1] == b'0' {
                end -= 1;
            }
            if s[end - 1] == b'.' {
                end -= 1;
            }
            s.drain(end..epos);
        }
    }
    s
}

/// `%a` body after the `0x` prefix: glibc's long double style (`8p-3` for 1).
fn hex(mant: u64, exp: i32, spec: &Spec) -> Vec<u8> {
    let digits: &[u8; 16] = if spec.conv == b'A' { b"0123456789ABCDEF" } else { b"0123456789abcdef" };
    let mut lead = mant >> 60;
    let mut frac = mant & ((1 << 60) - 1);
    let mut e = if mant == 0 { 0 } else { exp as i64 + 60 };
    let nfrac = match spec.prec {
        Some(p) if p < 15 => {
            let drop = 60 - 4 * p as u32;
            let kept = frac >> drop;
            let rem = frac & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let mut v = ((lead as u128) << (4 * p)) | kept as u128;
            if rem > half || (rem == half && v & 1 == 1) {
                v += 1;
            }
            if v >> (4 * p) >= 16 {
                lead = 1;
                frac = 0;
                e += 4;
            } else {
                lead = (v >> (4 * p)) as u64;
                frac = ((v & ((1u128 << (4 * p)) - 1)) as u64) << drop;
            }
            p
        }
        Some(p) => p,
        None => {
            let mut n = 15;
            while n > 0 && (frac >> (60 - 4 * n)) & 0xf == 0 {
                n -= 1;
            }
            n
        }
    };
    let mut out = vec![digits[lead as usize]];
    if nfrac > 0 || spec.hash {
        out.push(b'.');
    }
    for i in 0..nfrac.min(15) {
        out.push(digits[((frac >> (56 - 4 * i)) & 0xf) as usize]);
    }
    out.resize(out.len() + nfrac.saturating_sub(15), b'0');
    out.push(if spec.conv == b'A' { b'P' } else { b'p' });
    out.push(if e < 0 { b'-' } else { b'+' });
    out.extend_from_slice(e.unsigned_abs().to_string().as_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::super::ldouble::strtold;
    use super::*;

    fn f(conv: u8, prec: Option<usize>, hash: bool, s: &str) -> String {
        let spec = Spec { conv, prec, hash, ..Spec::default() };
        let mut out = Vec::new();
        format_float(strtold(s.as_bytes()).0, &spec, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn fixed_values() {
        assert_eq!(f(b'f', None, false, "1.5"), "1.500000");
        assert_eq!(f(b'f', Some(0), false, "0.5"), "0");
        assert_eq!(f(b'f', Some(0), false, "2.5"), "2");
        assert_eq!(f(b'f', Some(0), false, "1.5"), "2");
        assert_eq!(f(b'f', Some(2), false, "2.675"), "2.67");
        assert_eq!(f(b'f', Some(20), false, "0.1"), "0.10000000000000000000");
        assert_eq!(f(b'f', Some(30), false, "0.1"), "0.100000000000000000001355252716");
        assert_eq!(f(b'f', Some(0), true, "5"), "5.");
        assert_eq!(f(b'f', None, false, "-0"), "-0.000000");
    }

    #[test]
    fn sci_and_general() {
        assert_eq!(f(b'e', None, false, "12345.6789"), "1.234568e+04");
        assert_eq!(f(b'e', Some(10), false, "1e-300"), "1.0000000000e-300");
        assert_eq!(f(b'e', Some(0), false, "9.5"), "1e+01");
        assert_eq!(f(b'e', Some(0), true, "5"), "5.e+00");
        assert_eq!(f(b'e', None, false, "0"), "0.000000e+00");
        assert_eq!(f(b'E', Some(25), false, "0.1"), "1.0000000000000000000135525E-01");
        assert_eq!(f(b'g', None, false, "100000"), "100000");
        assert_eq!(f(b'g', None, false, "1000000"), "1e+06");
        assert_eq!(f(b'g', None, false, "0.0001"), "0.0001");
        assert_eq!(f(b'g', None, false, "0.00001"), "1e-05");
        assert_eq!(f(b'g', None, false, "123456789"), "1.23457e+08");
        assert_eq!(f(b'g', None, true, "1.5"), "1.50000");
        assert_eq!(f(b'g', Some(3), false, "0.0001234567"), "0.000123");
        assert_eq!(f(b'g', None, false, "0"), "0");
        assert_eq!(f(b'g', None, false, "999999.5"), "1e+06");
        assert_eq!(f(b'g', None, false, "0.00009999995"), "9.99999e-05");
        assert_eq!(f(b'g', Some(20), false, "1e23"), "1e+23");
    }

    #[test]
    fn hex_values() {
        assert_eq!(f(b'a', None, false, "0.1"), "0xc.ccccccccccccccdp-7");
        assert_eq!(f(b'a', None, false, "0"), "0x0p+0");
        assert_eq!(f(b'a', None, false, "-2.5"), "-0xap-2");
        assert_eq!(f(b'a', Some(2), false, "0.1"), "0xc.cdp-7");
        assert_eq!(f(b'A', None, false, "255"), "0XF.FP+4");
        assert_eq!(f(b'a', Some(0), false, "15.5"), "0x1p+4");
        assert_eq!(f(b'a', Some(0), false, "8.5"), "0x8p+0");
        assert_eq!(f(b'a', Some(0), false, "9.5"), "0xap+0");
        assert_eq!(f(b'a', Some(1), false, "15.97"), "0x1.0p+4");
        assert_eq!(f(b'a', None, true, "1"), "0x8.p-3");
        assert_eq!(f(b'a', Some(20), false, "1"), "0x8.00000000000000000000p-3");
        assert_eq!(f(b'a', Some(3), false, "0"), "0x0.000p+0");
        assert_eq!(f(b'a', None, false, "1e-4940"), "0x0.000000663278e62p-16385");
    }

    #[test]
    fn specials() {
        assert_eq!(f(b'f', None, false, "inf"), "inf");
        assert_eq!(f(b'G', None, false, "-nan"), "-NAN");
        assert_eq!(f(b'E', None, false, "1e5000"), "INF");
    }
}
