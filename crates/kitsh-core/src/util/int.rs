//! Integers written as text without allocating, for values stored in variables over and over
//! (an arithmetic loop's counter).

/// `v` in decimal, written into `buf`: the same text as `v.to_string()`.
pub fn format_i64(v: i64, buf: &mut [u8; 20]) -> &str {
    let mut n = v.unsigned_abs();
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if v < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    std::str::from_utf8(&buf[i..]).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_text_as_to_string() {
        for v in [0, 1, -1, 9, 10, -10, 12345, i64::MAX, i64::MIN, i64::MIN + 1] {
            assert_eq!(format_i64(v, &mut [0; 20]), v.to_string());
        }
    }
}
