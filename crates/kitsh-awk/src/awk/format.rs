//! awk's `printf`/`sprintf`: the C conversions `%c %d %i %o %x %X %u %e %E %f %F %g %G %a %s %%`
//! with flags, widths, precisions and `*`, over awk values.

use super::value::Value;
use crate::builtins::args::FloatSpec;

/// A parsed directive's flags and sizes.
#[derive(Default, Clone)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

/// The largest width or precision honoured (bounds memory).
const MAX_WIDTH: usize = 1 << 20;

/// Format one float with a `%...` format (`OFMT`/`CONVFMT`): a single float directive, else
/// `%.6g`.
pub fn format_float(fmt: &[u8], x: f64) -> Vec<u8> {
    if let Some(rest) = fmt.strip_prefix(b"%") {
        if let Ok(s) = std::str::from_utf8(rest) {
            if let Some((sp, n)) = FloatSpec::parse(s) {
                if n == s.len() {
                    return sp.format(x).into_bytes();
                }
            }
        }
        let mut out = Vec::new();
        if sprintf(fmt, &[Value::Num(x)], b"%.6g", false, &mut out).is_ok() {
            return out;
        }
    }
    let sp = FloatSpec { prec: Some(6), conv: 'g', ..FloatSpec::default() };
    sp.format(x).into_bytes()
}

/// Pad `body` (sign/prefix already in it) to the spec's width.
fn pad(out: &mut Vec<u8>, sp: &Spec, body: &[u8], zero_ok: bool) {
    let len = body.len();
    if len >= sp.width {
        out.extend_from_slice(body);
        return;
    }
    let fill = sp.width - len;
    if sp.left {
        out.extend_from_slice(body);
        out.extend(std::iter::repeat_n(b' ', fill));
    } else if sp.zero && zero_ok {
        // zeros go after the sign / 0x prefix
        let mut k = 0;
        if matches!(body.first(), Some(b'-' | b'+' | b' ')) {
            k = 1;
        }
        if body.len() >= k + 2 && body[k] == b'0' && matches!(body[k + 1], b'x' | b'X') {
            k += 2;
        }
        out.extend_from_slice(&body[..k]);
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend_from_slice(&body[k..]);
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(body);
    }
}

/// The error of a format with too few arguments.
pub const TOO_FEW: &str = "not enough arguments to satisfy format string";

/// A format ran out of arguments at the directive starting at this byte offset.
#[derive(Debug, PartialEq, Eq)]
pub struct TooFew(pub usize);

/// Format `fmt` with `args` into `out`. `utf8`: `%c` of a number above 127 writes its UTF-8
/// encoding and `%c`/`%.Ns` count characters. Errors: [`TooFew`].
pub fn sprintf(fmt: &[u8], args: &[Value], convfmt: &[u8], utf8: bool, out: &mut Vec<u8>) -> Result<(), TooFew> {
    let mut ai = 0;
    let mut i = 0;
    let mut start;
    let next_arg = |ai: &mut usize, start: usize| -> Result<Value, TooFew> {
        let v = args.get(*ai).cloned().ok_or(TooFew(start))?;
        *ai += 1;
        Ok(v)
    };
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            let j = fmt[i..].iter().position(|&b| b == b'%').map_or(fmt.len(), |p| i + p);
            out.extend_from_slice(&fmt[i..j]);
            i = j;
            continue;
        }
        start = i;
        i += 1;
        let mut sp = Spec::default();
        while i < fmt.len() {
            match fmt[i] {
                b'-' => sp.left = true,
                b'+' => sp.plus = true,
                b' ' => sp.space = true,
                b'#' => sp.alt = true,
                b'0' => sp.zero = true,
                b'\'' => {}
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            let w = next_arg(&mut ai, start)?.num();
            if w < 0.0 {
                sp.left = true;
            }
            sp.width = (w.abs() as usize).min(MAX_WIDTH);
        } else {
            while let Some(d) = fmt.get(i).filter(|c| c.is_ascii_digit()) {
                sp.width = (sp.width * 10 + (d - b'0') as usize).min(MAX_WIDTH);
                i += 1;
            }
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            let mut p = 0usize;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                let v = next_arg(&mut ai, start)?.num();
                sp.prec = if v < 0.0 { None } else { Some((v as usize).min(MAX_WIDTH)) };
            } else {
                while let Some(d) = fmt.get(i).filter(|c| c.is_ascii_digit()) {
                    p = (p * 10 + (d - b'0') as usize).min(MAX_WIDTH);
                    i += 1;
                }
                sp.prec = Some(p);
            }
        }
        while matches!(fmt.get(i), Some(b'h' | b'l' | b'L' | b'q' | b'j' | b'z' | b't')) {
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        match conv {
            b'%' => out.push(b'%'),
            b'c' => {
                let v = next_arg(&mut ai, start)?;
                let mut body = Vec::new();
                match &v {
                    Value::Num(n) => {
                        let code = *n as i64;
                        if utf8 && code >= 128 {
                            if let Some(ch) = u32::try_from(code).ok().and_then(char::from_u32) {
                                let mut b = [0u8; 4];
                                body.extend_from_slice(ch.encode_utf8(&mut b).as_bytes());
                            }
                        } else {
                            body.push(code as u8);
                        }
                    }
                    other => {
                        let s = other.to_str(convfmt);
                        if s.is_empty() {
                            body.push(0);
                        } else if utf8 {
                            if let Some(ch) = String::from_utf8_lossy(&s).chars().next().filter(|_| std::str::from_utf8(&s).is_ok()) {
                                let mut b = [0u8; 4];
                                body.extend_from_slice(ch.encode_utf8(&mut b).as_bytes());
                            } else if let Some(&b) = s.first() {
                                body.push(b);
                            }
                        } else if let Some(&b) = s.first() {
                            body.push(b);
                        } else {
                            body.push(0);
                        }
                    }
                }
                pad(out, &sp, &body, false);
            }
            b's' => {
                let v = next_arg(&mut ai, start)?;
                let s = v.to_str(convfmt);
                let mut body: &[u8] = &s;
                if let Some(p) = sp.prec {
                    body = if utf8 { truncate_chars(body, p) } else { &body[..p.min(body.len())] };
                }
                if utf8 && sp.width > 0 {
                    let chars = std::str::from_utf8(body).map(|t| t.chars().count()).unwrap_or(body.len());
                    let extra = body.len() - chars;
                    let sp2 = Spec { width: sp.width + extra, ..sp.clone() };
                    pad(out, &sp2, body, false);
                } else {
                    pad(out, &sp, body, false);
                }
            }
            b'd' | b'i' => {
                let x = next_arg(&mut ai, start)?.num();
                if !x.is_finite() {
                    out.extend_from_slice(special_body(x, false).as_bytes());
                    continue;
                }
                let body = int_body(x, &sp);
                pad(out, &sp, body.as_bytes(), sp.prec.is_none());
            }
            b'o' | b'x' | b'X' | b'u' => {
                let x = next_arg(&mut ai, start)?.num();
                if !x.is_finite() {
                    out.extend_from_slice(special_body(x, conv == b'X').as_bytes());
                    continue;
                }
                let t = x.trunc();
                let u: u64 = if t < 0.0 {
                    if t >= i64::MIN as f64 {
                        (t as i64) as u64
                    } else {
                        0
                    }
                } else if t >= 18446744073709551615.0 {
                    // too big for the conversion: gawk falls back to %g-like integer output
                    let body = format!("{t:.0}");
                    pad(out, &sp, body.as_bytes(), true);
                    continue;
                } else {
                    t as u64
                };
                let mut digits = match conv {
                    b'o' => format!("{u:o}"),
                    b'x' => format!("{u:x}"),
                    b'X' => format!("{u:X}"),
                    _ => u.to_string(),
                };
                if let Some(p) = sp.prec {
                    if p == 0 && u == 0 {
                        digits.clear();
                    }
                    while digits.len() < p {
                        digits.insert(0, '0');
                    }
                }
                if sp.alt {
                    match conv {
                        b'o' if !digits.starts_with('0') => digits.insert(0, '0'),
                        b'x' if u != 0 => digits.insert_str(0, "0x"),
                        b'X' if u != 0 => digits.insert_str(0, "0X"),
                        _ => {}
                    }
                }
                pad(out, &sp, digits.as_bytes(), sp.prec.is_none());
            }
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' | b'a' | b'A' => {
                let x = next_arg(&mut ai, start)?.num();
                if !x.is_finite() {
                    // gawk writes these without width or precision
                    out.extend_from_slice(special_body(x, conv.is_ascii_uppercase()).as_bytes());
                    continue;
                }
                let fs = FloatSpec {
                    left: sp.left,
                    plus: sp.plus,
                    space: sp.space,
                    alt: sp.alt,
                    zero: sp.zero,
                    width: sp.width,
                    prec: sp.prec,
                    conv: conv as char,
                };
                out.extend_from_slice(fs.format(x).as_bytes());
            }
            _ => {
                // unknown conversion: copied as is
                out.extend_from_slice(&fmt[start..i]);
            }
        }
    }
    Ok(())
}

/// The first `n` characters of UTF-8 text (bytes when it is not UTF-8).
fn truncate_chars(b: &[u8], n: usize) -> &[u8] {
    match std::str::from_utf8(b) {
        Ok(s) => match s.char_indices().nth(n) {
            Some((i, _)) => &b[..i],
            None => b,
        },
        Err(_) => &b[..n.min(b.len())],
    }
}

/// gawk's text for infinities and NaNs in any numeric conversion: always signed.
fn special_body(x: f64, upper: bool) -> String {
    let s = if x.is_nan() { "nan" } else { "inf" };
    let sign = if x.is_sign_negative() { "-" } else { "+" };
    let t = format!("{sign}{s}");
    if upper {
        t.to_uppercase()
    } else {
        t
    }
}

/// The text of `%d` for `x` (sign, precision zeros).
fn int_body(x: f64, sp: &Spec) -> String {
    if !x.is_finite() {
        return special_body(x, false);
    }
    let t = x.trunc();
    let neg = t < 0.0;
    let mut digits = if t.abs() < 9.2e18 { (t.abs() as u64).to_string() } else { format!("{:.0}", t.abs()) };
    if let Some(p) = sp.prec {
        if p == 0 && t == 0.0 {
            digits.clear();
        }
        while digits.len() < p {
            digits.insert(0, '0');
        }
    }
    let sign = if neg { "-" } else if sp.plus { "+" } else if sp.space { " " } else { "" };
    format!("{sign}{digits}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Value]) -> String {
        let mut out = Vec::new();
        sprintf(fmt.as_bytes(), args, b"%.6g", false, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn formats() {
        let n = Value::Num;
        assert_eq!(f("%*d|%-*d|", &[n(5.0), n(42.0), n(4.0), n(7.0)]), "   42|7   |");
        assert_eq!(f("%.3e %G %E", &[n(12345.678), n(0.00001234), n(1.0)]), "1.235e+04 1.234E-05 1.000000E+00");
        assert_eq!(f("%#o %#x %+d % d %05d", &[n(8.0), n(255.0), n(5.0), n(5.0), n(42.0)]), "010 0xff +5  5 00042");
        assert_eq!(f("%c%c", &[n(65.0), Value::str(b"hello")]), "Ah");
        assert_eq!(f("%5.2s|", &[Value::str(b"abc")]), "   ab|");
        assert_eq!(f("%i %5x %o %u", &[n(3.9), n(255.0), n(8.0), n(-1.0)]), "3    ff 10 18446744073709551615");
        assert_eq!(f("%d %d", &[n(1e19), n(-1e19)]), "10000000000000000000 -10000000000000000000");
        assert_eq!(f("%5.1f%%", &[n(3.14159)]), "  3.1%");
        assert_eq!(f("%-5s|%5s", &[Value::str(b"ab"), n(1.5)]), "ab   |  1.5");
    }

    #[test]
    fn too_few() {
        let mut out = Vec::new();
        assert_eq!(sprintf(b"%d %s", &[Value::Num(1.0)], b"%.6g", false, &mut out), Err(TooFew(3)));
    }

    #[test]
    fn ofmt() {
        assert_eq!(format_float(b"%.2f", 3.14159), b"3.14");
        assert_eq!(format_float(b"%.6g", 0.1 + 0.2), b"0.3");
    }
}
