//! Lossless conversion between shell strings and bytes.
//!
//! Shell values are Rust `String`s. Bytes that are not valid UTF-8 (from `$'\xff'`, `printf
//! '\xff'`, binary files read into variables) are kept as the characters `U+10FF00 + byte` (the
//! last 256 code points of a private-use plane), so that `decode` then `encode` gives back the
//! same bytes, as bash keeps arbitrary bytes in its variables.

use std::borrow::Cow;

const BASE: u32 = 0x10FF00;

/// Bytes to a shell string: valid UTF-8 as is, each invalid byte as `U+10FF00 + byte`.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) if !has_reserved(bytes) => Cow::Borrowed(s),
        Ok(s) => Cow::Owned(escape_reserved(s)),
        Err(_) => Cow::Owned(decode_lossless(bytes)),
    }
}

/// Whether valid UTF-8 holds one of the characters that stand for raw bytes (U+10FF80 and
/// up: `F4 8F BE xx` / `F4 8F BF xx`). Text that really holds one must keep it as its four
/// bytes, or encoding would turn it into the single byte it stands for.
fn has_reserved(bytes: &[u8]) -> bool {
    memchr::memchr_iter(0xF4, bytes).any(|i| bytes.get(i + 1) == Some(&0x8F) && matches!(bytes.get(i + 2), Some(0xBE | 0xBF)))
}

/// `s` with each character that stands for a raw byte replaced by the raw bytes of its
/// UTF-8 encoding.
fn escape_reserved(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    let mut buf = [0u8; 4];
    for c in s.chars() {
        if raw_byte(c).is_some() {
            c.encode_utf8(&mut buf).bytes().for_each(|b| out.push(raw_char(b)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether a script file is binary the way bash decides it: a NUL byte in its first line,
/// within the first 80 bytes.
pub fn looks_binary(bytes: &[u8]) -> bool {
    bytes.iter().take(80).take_while(|&&c| c != b'\n').any(|&c| c == 0)
}

/// Owned form of [`decode`].
pub fn decode_owned(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) if !has_reserved(s.as_bytes()) => s,
        Ok(s) => escape_reserved(&s),
        Err(e) => decode_lossless(e.as_bytes()),
    }
}

fn decode_lossless(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(&decode(s.as_bytes()));
                return out;
            }
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                // SAFETY-free: `good` is valid UTF-8 by construction of `valid_up_to`.
                out.push_str(&decode(good));
                let bad = e.error_len().unwrap_or(rest.len()).max(1);
                for &b in &rest[..bad] {
                    out.push(raw_char(b));
                }
                bytes = &rest[bad..];
            }
        }
    }
}

/// The character that stands for the raw byte `b` (only meaningful for `b >= 0x80`).
pub fn raw_char(b: u8) -> char {
    char::from_u32(BASE + b as u32).unwrap_or('\u{FFFD}')
}

/// If `c` stands for a raw byte, that byte.
pub fn raw_byte(c: char) -> Option<u8> {
    let v = c as u32;
    if (BASE + 0x80..=BASE + 0xFF).contains(&v) {
        Some((v - BASE) as u8)
    } else {
        None
    }
}

/// A shell string to bytes, turning raw-byte characters back into their bytes.
pub fn encode(s: &str) -> Cow<'_, [u8]> {
    // Raw-byte characters encode as F4 8F BE/BF xx; a quick scan for 0xF4 decides.
    if !s.as_bytes().contains(&0xF4) {
        return Cow::Borrowed(s.as_bytes());
    }
    let mut out = Vec::with_capacity(s.len());
    let mut buf = [0u8; 4];
    for c in s.chars() {
        match raw_byte(c) {
            Some(b) => out.push(b),
            None => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let cases: [&[u8]; 7] = [
            b"plain",
            b"\xff\xfe",
            "h\u{e9}llo".as_bytes(),
            b"a\xc3(b",
            b"\xf4\x8f\xbf",
            // U+10FFFF and U+10FF80 themselves, valid and invalid text around them.
            b"a\xf4\x8f\xbf\xbf\xf4\x8f\xbe\x80b",
            b"\xff\xf4\x8f\xbf\xbfz",
        ];
        for c in cases {
            assert_eq!(encode(&decode(c)).as_ref(), c);
        }
    }

    #[test]
    fn invalid_bytes_are_one_char_each() {
        assert_eq!(decode(b"a\xffb").chars().count(), 3);
    }
}

/// Read up to `max` more digits in `radix` from `chars` onto `value` (the digits of an escape
/// like `\101` or `\x41`, after its first character). Returns the value and how many digits
/// were read.
pub fn take_digits(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, radix: u32, max: usize, mut value: u32) -> (u32, usize) {
    let mut n = 0;
    while n < max {
        match chars.peek().and_then(|d| d.to_digit(radix)) {
            Some(d) => {
                value = value.wrapping_mul(radix).wrapping_add(d);
                chars.next();
                n += 1;
            }
            None => break,
        }
    }
    (value, n)
}
