//! Integer constants: bash's `strlong` (`017`, `0x1f`, `base#digits`) and helpers.

/// The value of one digit character in `base`, bash style: `0-9`, `a-z` (10..35), `A-Z`
/// (10..35 when `base <= 36`, else 36..61), `@` (62), `_` (63). `None` if not a digit char.
fn digit_value(c: u8, base: i64) -> Option<i64> {
    let d = match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'z' => c - b'a' + 10,
        b'A'..=b'Z' if base <= 36 => c - b'A' + 10,
        b'A'..=b'Z' => c - b'A' + 36,
        b'@' => 62,
        b'_' => 63,
        _ => return None,
    };
    Some(i64::from(d))
}

/// Whether `c` may continue a number token (`ISALNUM || # || @ || _`).
pub(super) fn is_number_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'#' || c == b'@' || c == b'_'
}

/// Convert a number token (bytes matching [`is_number_char`], starting with a digit) to its
/// value, wrapping on overflow like bash; `Err` is the bash error message.
pub(super) fn strlong(s: &[u8]) -> Result<i64, &'static str> {
    let mut i = 0;
    let mut base: i64 = 10;
    let mut foundbase = false;
    if s.first() == Some(&b'0') {
        if s.len() == 1 {
            return Ok(0);
        }
        if matches!(s[1], b'x' | b'X') {
            base = 16;
            i = 2;
        } else {
            base = 8;
            i = 1;
        }
        foundbase = true;
    }
    let mut val: i64 = 0;
    while i < s.len() {
        let c = s[i];
        i += 1;
        if c == b'#' {
            if foundbase {
                return Err("invalid number");
            }
            if !(2..=64).contains(&val) {
                return Err("invalid arithmetic base");
            }
            base = val;
            val = 0;
            foundbase = true;
            match s.get(i) {
                Some(&n) if n.is_ascii_alphanumeric() || n == b'_' || n == b'@' => {}
                _ => return Err("invalid integer constant"),
            }
        } else if let Some(d) = digit_value(c, base) {
            if d >= base {
                return Err("value too great for base");
            }
            val = val.wrapping_mul(base).wrapping_add(d);
        } else {
            break;
        }
    }
    Ok(val)
}

/// Fast path for text that is a plain decimal integer (`[-]` then digits, no leading zero,
/// no whitespace, small enough not to overflow): its value, which is what evaluating it gives.
pub(crate) fn fast_decimal(b: &[u8]) -> Option<i64> {
    let (neg, digits) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        _ => (false, b),
    };
    if digits.is_empty() || digits.len() > 18 || (digits[0] == b'0' && digits.len() > 1) {
        return None;
    }
    let mut v: i64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + i64::from(c - b'0');
    }
    Some(if neg { -v } else { v })
}

#[cfg(test)]
/// Parse an integer the way bash's `legal_number` does for `test -eq`, `exit`, `shift`, ...:
/// optional blanks (space/tab), optional sign, decimal digits, optional blanks. `None` if the
/// text is not such a number or does not fit in an `i64`.
pub fn parse_number(s: &str) -> Option<i64> {
    let t = s.trim_matches([' ', '\t']);
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: i64 = 0;
    for c in digits.bytes() {
        if !c.is_ascii_digit() {
            return None;
        }
        let d = i64::from(c - b'0');
        v = v.checked_mul(10)?;
        v = if neg {
            v.checked_sub(d)?
        } else {
            v.checked_add(d)?
        };
    }
    Some(v)
}
