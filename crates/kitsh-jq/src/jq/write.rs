//! jq 1.8's output format: indentation, `-c`, `--tab`, `-S`, `-a`, colours (`-C`), numbers
//! (`1e+17`, `1.7976931348623157e+308` for infinities, `null` for NaN) and string escapes.

use super::json::{Num, Val};

/// How values are printed.
#[derive(Debug, Clone)]
pub struct Format {
    /// Indentation unit; empty means compact output.
    pub indent: String,
    /// `-S`: sort object keys.
    pub sort_keys: bool,
    /// `-a`: escape non-ASCII characters.
    pub ascii: bool,
    /// `-C`: colours.
    pub color: bool,
}

impl Default for Format {
    fn default() -> Self {
        Format { indent: "  ".into(), sort_keys: false, ascii: false, color: false }
    }
}

// jq 1.8's default colours (JQ_COLORS): null, false, true, numbers, strings, arrays, objects, keys.
const COL_NULL: &str = "\x1b[1;30m";
const COL_FALSE: &str = "\x1b[0;39m";
const COL_TRUE: &str = "\x1b[0;39m";
const COL_NUM: &str = "\x1b[0;39m";
const COL_STR: &str = "\x1b[0;32m";
const COL_ARR: &str = "\x1b[1;39m";
const COL_OBJ: &str = "\x1b[1;39m";
const COL_KEY: &str = "\x1b[34;1m";
const RESET: &str = "\x1b[0m";

/// Write a number as jq 1.8 prints it.
fn write_num(out: &mut Vec<u8>, n: &Num) {
    match n {
        Num::Int(i) => {
            // Digits from the end of a small buffer (an isize has at most 20 of them).
            let mut buf = [0u8; 20];
            let mut at = buf.len();
            let mut u = i.unsigned_abs();
            loop {
                at -= 1;
                buf[at] = b'0' + (u % 10) as u8;
                u /= 10;
                if u == 0 {
                    break;
                }
            }
            if *i < 0 {
                out.push(b'-');
            }
            out.extend_from_slice(&buf[at..]);
        }
        _ => out.extend_from_slice(fmt_num(n).as_bytes()),
    }
}

/// Format a number as jq 1.8 prints it.
pub fn fmt_num(n: &Num) -> String {
    match n {
        Num::Int(i) => i.to_string(),
        Num::BigInt(b) => b.to_string(),
        Num::Float(f) => fmt_f64(*f),
        Num::Dec(s) => dec_literal(s).unwrap_or_else(|| fmt_f64(s.parse::<f64>().unwrap_or(f64::NAN))),
    }
}

/// A number literal as jq 1.8 (built with decNumber) prints it: decNumber's scientific string
/// of the literal (`1.000` stays `1.000`, `1e2` is `1E+2`, `100e-2` is `1.00`).
fn dec_literal(s: &str) -> Option<String> {
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().ok()?),
        None => (s, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut coef: String = format!("{int}{frac}").trim_start_matches('0').to_string();
    if coef.is_empty() {
        coef.push('0');
    }
    let exp = exp.checked_sub(frac.len() as i64)?;
    let n = coef.len() as i64;
    let adjusted = exp + n - 1;
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if exp <= 0 && adjusted >= -6 {
        if exp == 0 {
            out.push_str(&coef);
        } else if -exp < n {
            let split = (n + exp) as usize;
            out.push_str(&coef[..split]);
            out.push('.');
            out.push_str(&coef[split..]);
        } else {
            out.push_str("0.");
            for _ in 0..(-exp - n) {
                out.push('0');
            }
            out.push_str(&coef);
        }
    } else {
        out.push_str(&coef[..1]);
        if n > 1 {
            out.push('.');
            out.push_str(&coef[1..]);
        }
        out.push('E');
        out.push(if adjusted < 0 { '-' } else { '+' });
        out.push_str(&adjusted.unsigned_abs().to_string());
    }
    Some(out)
}

/// A double as jq 1.8's `jvp_dtoa_fmt` prints it: shortest round-trip digits, exponent form
/// when the decimal point is far away (`1e+17`, `1e-05`), infinities as ±DBL_MAX, NaN as null.
pub fn fmt_f64(f: f64) -> String {
    if f.is_nan() {
        return "null".into();
    }
    let f = if f.is_infinite() { f64::MAX.copysign(f) } else { f };
    if f == 0.0 {
        return if f.is_sign_negative() { "-0".into() } else { "0".into() };
    }
    // Shortest round-trip digits from Rust's formatter, in scientific form: d.ddde±x.
    let sci = format!("{:e}", f.abs());
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    let nd = digits.len() as i32;
    let decpt = exp + 1;
    let mut out = String::new();
    if f < 0.0 {
        out.push('-');
    }
    if decpt <= -4 || decpt > 17 {
        out.push_str(&digits[..1]);
        if nd > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        let e = decpt - 1;
        out.push(if e < 0 { '-' } else { '+' });
        let ea = e.unsigned_abs();
        if ea < 10 {
            out.push('0');
        }
        out.push_str(&ea.to_string());
    } else if decpt <= 0 {
        out.push_str("0.");
        for _ in 0..-decpt {
            out.push('0');
        }
        out.push_str(&digits);
    } else if decpt >= nd {
        out.push_str(&digits);
        for _ in 0..decpt - nd {
            out.push('0');
        }
    } else {
        out.push_str(&digits[..decpt as usize]);
        out.push('.');
        out.push_str(&digits[decpt as usize..]);
    }
    out
}

/// Write a string as a JSON string literal with jq's escapes.
pub fn write_str(out: &mut Vec<u8>, s: &[u8], ascii: bool) {
    if !ascii && std::str::from_utf8(s).is_ok() {
        write_utf8_str(out, s);
    } else {
        write_str_chars(out, s, ascii);
    }
}

/// [`write_str`] for valid UTF-8 (as strings read from JSON are) without `-a`: runs of bytes
/// that need no escape are copied at once.
fn write_utf8_str(out: &mut Vec<u8>, s: &[u8]) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' && b != 0x7f {
            continue;
        }
        out.extend_from_slice(&s[start..i]);
        start = i + 1;
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\r' => out.extend_from_slice(b"\\r"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            _ => out.extend_from_slice(format!("\\u{:04x}", b).as_bytes()),
        }
    }
    out.extend_from_slice(&s[start..]);
    out.push(b'"');
}

/// [`write_str`] a character at a time (invalid UTF-8 replaced, `-a`).
fn write_str_chars(out: &mut Vec<u8>, s: &[u8], ascii: bool) {
    out.push(b'"');
    let text = String::from_utf8_lossy(s);
    for c in text.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\t' => out.extend_from_slice(b"\\t"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes());
            }
            c if ascii && !c.is_ascii() => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.extend_from_slice(format!("\\u{:04x}", u).as_bytes());
                }
            }
            c => {
                let mut b = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            }
        }
    }
    out.push(b'"');
}

fn newline(out: &mut Vec<u8>, fmt: &Format, level: usize) {
    if !fmt.indent.is_empty() {
        out.push(b'\n');
        for _ in 0..level {
            out.extend_from_slice(fmt.indent.as_bytes());
        }
    }
}

/// Write `v` at nesting `level`. Deep values are written without recursion.
pub fn write_val(out: &mut Vec<u8>, fmt: &Format, v: &Val) {
    enum Task<'v> {
        Val(&'v Val, usize),
        Key(&'v Val, usize),
        Close(u8, usize, bool),
        Sep(usize, bool),
    }
    let mut tasks = vec![Task::Val(v, 0)];
    let col = |out: &mut Vec<u8>, c: &str| {
        if fmt.color {
            out.extend_from_slice(c.as_bytes());
        }
    };
    while let Some(t) = tasks.pop() {
        match t {
            Task::Sep(level, obj) => {
                if obj {
                    col(out, COL_OBJ);
                } else {
                    col(out, COL_ARR);
                }
                out.push(b',');
                if fmt.color {
                    out.extend_from_slice(RESET.as_bytes());
                }
                newline(out, fmt, level);
            }
            Task::Close(c, level, obj) => {
                newline(out, fmt, level);
                col(out, if obj { COL_OBJ } else { COL_ARR });
                out.push(c);
                col(out, RESET);
            }
            Task::Key(k, _level) => {
                if fmt.color {
                    out.extend_from_slice(COL_KEY.as_bytes());
                }
                match k {
                    Val::TStr(s) | Val::BStr(s) => write_str(out, s, fmt.ascii),
                    other => write_str(out, other.to_string().as_bytes(), fmt.ascii),
                }
                if fmt.color {
                    out.extend_from_slice(RESET.as_bytes());
                    out.extend_from_slice(COL_OBJ.as_bytes());
                    out.push(b':');
                    out.extend_from_slice(RESET.as_bytes());
                } else {
                    out.push(b':');
                }
                if !fmt.indent.is_empty() {
                    out.push(b' ');
                }
            }
            // jq prints nothing deeper than MAX_PRINT_DEPTH.
            Task::Val(_, level) if level > 10_000 => out.extend_from_slice(b"<skipped: too deep>"),
            Task::Val(v, level) => match v {
                Val::Null => {
                    col(out, COL_NULL);
                    out.extend_from_slice(b"null");
                    col(out, RESET);
                }
                Val::Bool(b) => {
                    col(out, if *b { COL_TRUE } else { COL_FALSE });
                    out.extend_from_slice(if *b { b"true" } else { b"false" });
                    col(out, RESET);
                }
                Val::Num(n) => {
                    col(out, COL_NUM);
                    write_num(out, n);
                    col(out, RESET);
                }
                Val::TStr(s) | Val::BStr(s) => {
                    col(out, COL_STR);
                    write_str(out, s, fmt.ascii);
                    col(out, RESET);
                }
                Val::Arr(a) => {
                    col(out, COL_ARR);
                    out.push(b'[');
                    if a.is_empty() {
                        out.push(b']');
                        col(out, RESET);
                        continue;
                    }
                    col(out, RESET);
                    newline(out, fmt, level + 1);
                    tasks.push(Task::Close(b']', level, false));
                    for (i, x) in a.iter().enumerate().rev() {
                        tasks.push(Task::Val(x, level + 1));
                        if i > 0 {
                            tasks.push(Task::Sep(level + 1, false));
                        }
                    }
                }
                Val::Obj(o) => {
                    col(out, COL_OBJ);
                    out.push(b'{');
                    if o.is_empty() {
                        out.push(b'}');
                        col(out, RESET);
                        continue;
                    }
                    col(out, RESET);
                    newline(out, fmt, level + 1);
                    tasks.push(Task::Close(b'}', level, true));
                    let mut push = |i: usize, (k, x)| {
                        tasks.push(Task::Val(x, level + 1));
                        tasks.push(Task::Key(k, level + 1));
                        if i > 0 {
                            tasks.push(Task::Sep(level + 1, true));
                        }
                    };
                    if fmt.sort_keys {
                        let mut kvs: Vec<(&Val, &Val)> = o.iter().collect();
                        kvs.sort_by(|a, b| a.0.cmp(b.0));
                        kvs.into_iter().enumerate().rev().for_each(|(i, kv)| push(i, kv));
                    } else {
                        o.iter().enumerate().rev().for_each(|(i, kv)| push(i, kv));
                    }
                }
            },
        }
    }
}

/// `tojson`: compact JSON text of a value.
pub fn to_json(v: &Val) -> Vec<u8> {
    let mut out = Vec::new();
    let fmt = Format { indent: String::new(), ..Format::default() };
    write_val(&mut out, &fmt, v);
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(fmt_f64(3.0), "3");
        assert_eq!(fmt_f64(1e17), "1e+17");
        assert_eq!(fmt_f64(1e16), "10000000000000000");
        assert_eq!(fmt_f64(0.00001), "1e-05");
        assert_eq!(fmt_f64(0.0001), "0.0001");
        assert_eq!(fmt_f64(f64::INFINITY), "1.7976931348623157e+308");
        assert_eq!(fmt_f64(-1.5e300), "-1.5e+300");
        assert_eq!(fmt_f64(2.71), "2.71");
        assert_eq!(fmt_f64(123456789012.5), "123456789012.5");
        assert_eq!(dec_literal("1.000").unwrap(), "1.000");
        assert_eq!(dec_literal("1e2").unwrap(), "1E+2");
        assert_eq!(dec_literal("100e-2").unwrap(), "1.00");
        assert_eq!(dec_literal("1E+1000").unwrap(), "1E+1000");
        assert_eq!(dec_literal("-0.125").unwrap(), "-0.125");
        assert_eq!(dec_literal("1e-1").unwrap(), "0.1");
    }

    #[test]
    fn utf8_strings_as_char_by_char() {
        let all: String = (0u32..0x800).filter_map(char::from_u32).collect();
        for s in ["", "plain", "a\"b\\c\nd\te\r\u{8}\u{c}\u{1}\u{1f}\u{7f} é😀", &all] {
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            write_utf8_str(&mut fast, s.as_bytes());
            write_str_chars(&mut slow, s.as_bytes(), false);
            assert_eq!(fast, slow, "{s:?}");
        }
    }

    #[test]
    fn integers() {
        for n in [0, 7, -7, 10, 1234567890, isize::MAX, isize::MIN] {
            let mut out = Vec::new();
            write_num(&mut out, &Num::Int(n));
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }

    #[test]
    fn strings() {
        let mut out = Vec::new();
        write_str(&mut out, "a\"\\\n\u{7f}\u{1}é😀".as_bytes(), true);
        assert_eq!(String::from_utf8(out).unwrap(), r#""a\"\\\n\u007f\u0001\u00e9\ud83d\ude00""#);
    }
}
