//! Number parsing shared by the commands: C `strtod` (decimal, hexadecimal, `inf`, `nan`) and
//! GNU size suffixes (`1K`, `2MiB`, `3kB`, `1b`).

/// Parse a floating-point prefix of `s` like C `strtod` in the C locale: leading blanks, a sign,
/// decimal digits with an optional fraction and exponent, `0x` hexadecimal with a `p` exponent,
/// `inf`, `infinity`, `nan`. Returns the value and the number of bytes used (0: no number).
pub fn strtod(s: &str) -> (f64, usize) {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
        i += 1;
    }
    let neg = match b.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let rest = &s[i..];
    let lower: String = rest.chars().take(8).collect::<String>().to_ascii_lowercase();
    let (v, used) = if lower.starts_with("infinity") {
        (f64::INFINITY, 8)
    } else if lower.starts_with("inf") {
        (f64::INFINITY, 3)
    } else if lower.starts_with("nan") {
        (f64::NAN, 3)
    } else if (lower.starts_with("0x")) && hex_digits(&b[i + 2..]) > 0 {
        let (v, n) = hex_float(&b[i + 2..]);
        (v, n + 2)
    } else {
        dec_float(&b[i..])
    };
    if used == 0 {
        return (0.0, 0);
    }
    (if neg { -v } else { v }, i + used)
}

fn hex_digits(b: &[u8]) -> usize {
    let mut n = 0;
    let mut dot = false;
    for &c in b {
        if c.is_ascii_hexdigit() {
            n += 1;
        } else if c == b'.' && !dot {
            dot = true;
        } else {
            break;
        }
    }
    n
}

fn hex_float(b: &[u8]) -> (f64, usize) {
    let mut v = 0.0f64;
    let mut i = 0;
    let mut scale = 0i32;
    let mut dot = false;
    while i < b.len() {
        let c = b[i];
        if let Some(d) = (c as char).to_digit(16) {
            v = v * 16.0 + d as f64;
            if dot {
                scale -= 4;
            }
        } else if c == b'.' && !dot {
            dot = true;
        } else {
            break;
        }
        i += 1;
    }
    if matches!(b.get(i), Some(b'p' | b'P')) {
        let (e, n) = exponent(&b[i + 1..]);
        if n > 0 {
            scale = scale.saturating_add(e);
            i += n + 1;
        }
    }
    (v * 2f64.powi(scale), i)
}

/// A signed decimal exponent; returns `(value, bytes used)` (0 used: none).
fn exponent(b: &[u8]) -> (i32, usize) {
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let start = i;
    let mut e: i32 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        e = e.saturating_mul(10).saturating_add((b[i] - b'0') as i32);
        i += 1;
    }
    if i == start {
        return (0, 0);
    }
    (if neg { -e } else { e }, i)
}

fn dec_float(b: &[u8]) -> (f64, usize) {
    let mut i = 0;
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return (0.0, 0);
    }
    let mut end = i;
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let (_, n) = exponent(&b[i + 1..]);
        if n > 0 {
            end = i + 1 + n;
        }
    }
    let text = std::str::from_utf8(&b[..end]).unwrap_or("0");
    let text = text.strip_suffix('.').unwrap_or(text);
    let text = if text.starts_with('.') { format!("0{text}") } else { text.to_string() };
    (text.parse::<f64>().unwrap_or(0.0), end)
}

/// Parse a GNU size with an optional multiplier suffix (`b` 512, `kB` 1000, `K`/`KiB` 1024, `MB`,
/// `M`, ... up to `Y`/`R`/`Q` saturating). `None` if malformed; values saturate at `u64::MAX`.
pub fn parse_size(s: &str) -> Option<u64> {
    let digits = s.bytes().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let mut v: u64 = 0;
    for c in s[..digits].bytes() {
        v = v.saturating_mul(10).saturating_add((c - b'0') as u64);
    }
    let suffix = &s[digits..];
    let mult: u64 = match suffix {
        "" => 1,
        "b" => 512,
        "c" => 1,
        "w" => 2,
        _ => {
            // The suffix may start with a multi-byte character (never a valid letter).
            let first = suffix.chars().next().map_or(1, char::len_utf8);
            let (letter, rest) = suffix.split_at(first);
            let pow = match letter {
                "k" | "K" => 1,
                "M" => 2,
                "G" => 3,
                "T" => 4,
                "P" => 5,
                "E" => 6,
                "Z" | "Y" | "R" | "Q" => 7,
                _ => return None,
            };
            let base: u64 = match rest {
                "" | "iB" => 1024,
                "B" => 1000,
                _ => return None,
            };
            base.checked_pow(pow).unwrap_or(u64::MAX)
        }
    };
    Some(v.saturating_mul(mult))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strtod_forms() {
        assert_eq!(strtod("1.5s"), (1.5, 3));
        assert_eq!(strtod(" -2e3x"), (-2000.0, 5));
        assert_eq!(strtod(".5"), (0.5, 2));
        assert_eq!(strtod("5."), (5.0, 2));
        assert_eq!(strtod("1e"), (1.0, 1));
        assert_eq!(strtod("0x1p-3"), (0.125, 6));
        assert_eq!(strtod("0x"), (0.0, 1));
        assert_eq!(strtod("INF"), (f64::INFINITY, 3));
        assert_eq!(strtod("-infinity"), (f64::NEG_INFINITY, 9));
        assert_eq!(strtod("abc"), (0.0, 0));
        assert_eq!(strtod("."), (0.0, 0));
        assert!(strtod("nan").0.is_nan());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("10"), Some(10));
        assert_eq!(parse_size("1K"), Some(1024));
        assert_eq!(parse_size("1kB"), Some(1000));
        assert_eq!(parse_size("2MiB"), Some(2 << 20));
        assert_eq!(parse_size("1b"), Some(512));
        assert_eq!(parse_size("1x"), None);
        assert_eq!(parse_size("K"), None);
        assert_eq!(parse_size("99999999999999999999999"), Some(u64::MAX));
    }
}

/// GNU `human_readable` with ceiling rounding: `1023`, `1.0K`, `4.9K`, `13K`.
pub fn human(n: u64, base: u64) -> String {
    const UNITS: [char; 8] = ['K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'];
    if n < base {
        return n.to_string();
    }
    let mut v = n as f64 / base as f64;
    let mut u = 0;
    while v >= base as f64 && u < UNITS.len() - 1 {
        v /= base as f64;
        u += 1;
    }
    let unit = |u: usize| if base == 1000 && u == 0 { 'k' } else { UNITS[u] };
    if v < 10.0 {
        let t = (v * 10.0).ceil() / 10.0;
        if t < 10.0 {
            return format!("{t:.1}{}", unit(u));
        }
        return format!("{}{}", t.ceil() as u64, unit(u));
    }
    let c = v.ceil();
    if c >= base as f64 && u < UNITS.len() - 1 {
        return format!("1.0{}", unit(u + 1));
    }
    format!("{}{}", c as u64, unit(u))
}

