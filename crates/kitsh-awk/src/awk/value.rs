//! awk values and the number ↔ string rules: numbers, strings and "strnums" (input that looks
//! numeric compares as a number), uninitialised values, and the output of numbers (integers
//! as integers, others through `CONVFMT`/`OFMT`).

use std::rc::Rc;

use super::format::format_float;

/// An immutable byte string shared between values.
pub type Str = Rc<[u8]>;

/// A scalar awk value.
#[derive(Clone, Debug, Default)]
pub enum Value {
    /// Never assigned: "" as a string, 0 as a number, compares as both.
    #[default]
    Uninit,
    /// A number.
    Num(f64),
    /// A string constant or the result of a string operation.
    Str(Str),
    /// Input text (fields, `getline`, `split` pieces, `ARGV`, `ENVIRON`, `-v`): a number when it
    /// looks like one.
    StrNum(Str),
}

/// The empty string.
pub fn empty() -> Str {
    Rc::from(&b""[..])
}

/// Whether `c` is a blank awk skips around numbers.
fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The leading number of `s` as awk reads it (decimal only, `+inf`/`-nan` with a sign) and the
/// number of bytes it took (0: none).
pub fn scan_number(s: &[u8]) -> (f64, usize) {
    let mut i = 0;
    while i < s.len() && is_blank(s[i]) {
        i += 1;
    }
    let start = i;
    let mut signed = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        signed = true;
        i += 1;
    }
    if signed && s.len() >= i + 3 {
        let w = s[i..i + 3].to_ascii_lowercase();
        if w == b"inf" || w == b"nan" {
            let neg = s[start] == b'-';
            let v = if w == b"inf" { f64::INFINITY } else { f64::NAN };
            let mut end = i + 3;
            if w == b"inf" && s.len() >= i + 8 && s[i..i + 8].eq_ignore_ascii_case(b"infinity") {
                end = i + 8;
            }
            return (if neg { -v } else { v }, end);
        }
    }
    let ds = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - ds;
    if i < s.len() && s[i] == b'.' {
        i += 1;
        let fs = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        digits += i - fs;
    }
    if digits == 0 {
        return (0.0, 0);
    }
    if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
        let mut j = i + 1;
        if j < s.len() && (s[j] == b'+' || s[j] == b'-') {
            j += 1;
        }
        if j < s.len() && s[j].is_ascii_digit() {
            while j < s.len() && s[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    let text = std::str::from_utf8(&s[start..i]).unwrap_or("0");
    (text.parse::<f64>().unwrap_or(0.0), i)
}

/// The numeric value of a string (its leading number, else 0).
pub fn str_to_num(s: &[u8]) -> f64 {
    scan_number(s).0
}

/// The number a string stands for when all of it (blanks aside) is a number.
pub fn looks_numeric(s: &[u8]) -> Option<f64> {
    let (v, n) = scan_number(s);
    if n == 0 {
        return None;
    }
    if s[n..].iter().all(|&c| is_blank(c)) {
        Some(v)
    } else {
        None
    }
}

/// A number as awk writes it: integral values as integers, others through `fmt`.
pub fn num_to_bytes(x: f64, fmt: &[u8]) -> Vec<u8> {
    if x.is_nan() {
        return if x.is_sign_negative() { b"-nan".to_vec() } else { b"+nan".to_vec() };
    }
    if x.is_infinite() {
        return if x < 0.0 { b"-inf".to_vec() } else { b"+inf".to_vec() };
    }
    if x == x.trunc() {
        if x.abs() < 1e18 {
            return (x as i64).to_string().into_bytes();
        }
        return format!("{x:.0}").into_bytes();
    }
    format_float(fmt, x)
}

impl Value {
    /// A string value from bytes.
    pub fn str(b: &[u8]) -> Value {
        Value::Str(Rc::from(b))
    }

    /// A strnum value from bytes.
    pub fn strnum(b: &[u8]) -> Value {
        Value::StrNum(Rc::from(b))
    }

    /// The numeric value.
    pub fn num(&self) -> f64 {
        match self {
            Value::Uninit => 0.0,
            Value::Num(n) => *n,
            Value::Str(s) | Value::StrNum(s) => str_to_num(s),
        }
    }

    /// The truth of a value: numbers (and numeric-looking input) are true when non-zero,
    /// strings when non-empty.
    pub fn truth(&self) -> bool {
        match self {
            Value::Uninit => false,
            Value::Num(n) => *n != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::StrNum(s) => match looks_numeric(s) {
                Some(n) => n != 0.0,
                None => !s.is_empty(),
            },
        }
    }

    /// The string value, numbers converted with `convfmt`.
    pub fn to_str(&self, convfmt: &[u8]) -> Str {
        match self {
            Value::Uninit => empty(),
            Value::Num(n) => Rc::from(num_to_bytes(*n, convfmt)),
            Value::Str(s) | Value::StrNum(s) => s.clone(),
        }
    }

    /// Append the string value to `out`.
    pub fn push_to(&self, out: &mut Vec<u8>, fmt: &[u8]) {
        match self {
            Value::Uninit => {}
            Value::Num(n) => out.extend_from_slice(&num_to_bytes(*n, fmt)),
            Value::Str(s) | Value::StrNum(s) => out.extend_from_slice(s),
        }
    }

    /// The number this value compares as, when it compares as a number.
    fn cmp_num(&self) -> Option<f64> {
        match self {
            Value::Uninit => Some(0.0),
            Value::Num(n) => Some(*n),
            Value::Str(_) => None,
            Value::StrNum(s) => looks_numeric(s),
        }
    }
}

/// Compare two values by awk's rules: numerically when both are numbers (or numeric input or
/// uninitialised), else as strings.
pub fn compare(a: &Value, b: &Value, convfmt: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    if let (Some(x), Some(y)) = (a.cmp_num(), b.cmp_num()) {
        return x.partial_cmp(&y).unwrap_or(if x.is_nan() && y.is_nan() { Ordering::Equal } else if x.is_nan() { Ordering::Greater } else { Ordering::Less });
    }
    let sa = a.to_str(convfmt);
    let sb = b.to_str(convfmt);
    sa.as_ref().cmp(sb.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_from_strings() {
        assert_eq!(str_to_num(b" 12abc"), 12.0);
        assert_eq!(str_to_num(b"1e3"), 1000.0);
        assert_eq!(str_to_num(b".5"), 0.5);
        assert_eq!(str_to_num(b"0x1A"), 0.0);
        assert_eq!(str_to_num(b"inf"), 0.0);
        assert!(str_to_num(b"-inf").is_infinite());
        assert_eq!(str_to_num(b"1e"), 1.0);
        assert_eq!(looks_numeric(b" 3.5 "), Some(3.5));
        assert_eq!(looks_numeric(b"3x"), None);
        assert_eq!(looks_numeric(b""), None);
    }

    #[test]
    fn numbers_to_strings() {
        assert_eq!(num_to_bytes(1e6, b"%.6g"), b"1000000");
        assert_eq!(num_to_bytes(0.1 + 0.2, b"%.6g"), b"0.3");
        assert_eq!(num_to_bytes(-0.0, b"%.6g"), b"0");
        assert_eq!(num_to_bytes(f64::INFINITY, b"%.6g"), b"+inf");
        assert_eq!(num_to_bytes(3.14159, b"%.2f"), b"3.14");
    }

    #[test]
    fn comparisons() {
        use std::cmp::Ordering::*;
        let f = b"%.6g";
        assert_eq!(compare(&Value::strnum(b"10"), &Value::strnum(b"9"), f), Greater);
        assert_eq!(compare(&Value::str(b"10"), &Value::strnum(b"9"), f), Less);
        assert_eq!(compare(&Value::Uninit, &Value::Num(0.0), f), Equal);
        assert_eq!(compare(&Value::Uninit, &Value::str(b""), f), Equal);
        assert_eq!(compare(&Value::strnum(b"abc"), &Value::Num(1.0), f), Greater);
    }
}
