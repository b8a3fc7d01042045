//! `$'...'` quoting: reading and decoding the escape sequences.

use super::{Core, PResult};
use crate::util::bytes::decode_owned;

impl Core<'_, '_, '_> {
    /// Read `$'...'` (the `$` consumed, at the `'`) and decode it.
    pub(crate) fn ansi_quote(&mut self, line: u32) -> PResult<String> {
        self.inp.bump_raw();
        let mut raw = String::new();
        loop {
            match self.inp.bump_raw() {
                None => return Err(self.err_matching('\'', line)),
                Some('\'') => break,
                Some('\\') => {
                    raw.push('\\');
                    match self.inp.bump_raw() {
                        Some(c) => raw.push(c),
                        None => return Err(self.err_matching('\'', line)),
                    }
                }
                Some(c) => raw.push(c),
            }
        }
        Ok(decode_ansi(&raw, self.c_locale))
    }
}

/// Up to `max` digits of `radix` from the start of `s`: the value and the digit count.
fn digits(s: &[char], radix: u32, max: usize) -> (u32, usize) {
    let mut v = 0u32;
    let mut n = 0;
    while n < max {
        match s.get(n).and_then(|c| c.to_digit(radix)) {
            Some(d) => {
                v = v.wrapping_mul(radix).wrapping_add(d);
                n += 1;
            }
            None => break,
        }
    }
    (v, n)
}

/// What one escape sequence produces.
enum Esc {
    /// A byte (from `\n`, `\xHH`, octal, `\cX`...).
    Byte(u8),
    /// A character (a non-ASCII `\cX`).
    Char(char),
    /// A code point from `\u`, `\U` (any value below 2^32).
    CodePoint(u32),
    /// Text kept as is (unknown escapes).
    Keep(&'static str, Option<char>),
    /// End of the string (a NUL).
    End,
}

/// Decode the escape after a backslash at `cs[*i]`, advancing `*i` past it.
fn escape(cs: &[char], i: &mut usize) -> Esc {
    let e = cs[*i];
    *i += 1;
    let byte = match e {
        'a' => 7u8,
        'b' => 8,
        'e' | 'E' => 0x1b,
        'f' => 0x0c,
        'n' => b'\n',
        'r' => b'\r',
        't' => b'\t',
        'v' => 0x0b,
        '\\' | '\'' | '"' | '?' => e as u8,
        '0'..='7' => {
            let (v, n) = digits(&cs[*i - 1..], 8, 3);
            *i += n - 1;
            (v & 0xff) as u8
        }
        'x' => {
            let (v, n) = digits(&cs[*i..], 16, 2);
            if n == 0 {
                return Esc::Keep("\\x", None);
            }
            *i += n;
            v as u8
        }
        'u' | 'U' => {
            let (v, n) = digits(&cs[*i..], 16, if e == 'u' { 4 } else { 8 });
            if n == 0 {
                return Esc::Keep("\\", Some(e));
            }
            *i += n;
            if v == 0 {
                return Esc::End;
            }
            // Encoded as bash does, past U+10FFFF and for surrogates too.
            return Esc::CodePoint(v);
        }
        'c' => {
            let Some(&n) = cs.get(*i) else { return Esc::Keep("\\c", None) };
            *i += 1;
            if n == '\\' && cs.get(*i) == Some(&'\\') {
                *i += 1;
            }
            if n == '?' {
                0x7f
            } else if n.is_ascii() {
                (n.to_ascii_uppercase() as u8) & 0x1f
            } else {
                return Esc::Char(n);
            }
        }
        _ => return Esc::Keep("\\", Some(e)),
    };
    if byte == 0 {
        Esc::End
    } else {
        Esc::Byte(byte)
    }
}

/// Decode the escapes of a `$'...'` body. Bytes from `\xHH` / octal escapes that are not valid
/// UTF-8 become raw-byte characters; a NUL ends the string (as in bash).
pub(crate) fn decode_ansi(s: &str, c_locale: bool) -> String {
    if !s.contains('\\') {
        return s.to_string();
    }
    let cs: Vec<char> = s.chars().collect();
    let mut out: Vec<u8> = Vec::with_capacity(s.len());
    let mut buf = [0u8; 4];
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        i += 1;
        if c != '\\' || i >= cs.len() {
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        match escape(&cs, &mut i) {
            Esc::Byte(b) => out.push(b),
            Esc::Char(c) => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
            Esc::CodePoint(v) => crate::util::printf::push_code_point(v, c_locale, &mut out),
            Esc::Keep(k, c) => {
                out.extend_from_slice(k.as_bytes());
                if let Some(c) = c {
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
            Esc::End => break,
        }
    }
    decode_owned(out)
}

#[cfg(test)]
mod tests {
    use super::decode_ansi;

    fn decode_ansi_utf8(s: &str) -> String {
        decode_ansi(s, false)
    }

    #[test]
    fn c_locale_keeps_non_ascii_escapes() {
        assert_eq!(decode_ansi(r"\u00e9\u41\U0001f600", true), r"\u00E9A\U0001F600");
    }
    use crate::util::bytes::raw_char;

    #[test]
    fn simple_escapes() {
        assert_eq!(decode_ansi_utf8(r#"a\tb\nc\\d\'e\""#), "a\tb\nc\\d'e\"");
        assert_eq!(decode_ansi_utf8(r"\e\E\a\b\f\v\r\?"), "\x1b\x1b\x07\x08\x0c\x0b\r?");
    }

    #[test]
    fn numeric_escapes() {
        assert_eq!(decode_ansi_utf8(r"\x41\101\u00e9\U0001F600"), "AAé😀");
        assert_eq!(decode_ansi_utf8(r"\xc3\xa9"), "é");
        assert_eq!(decode_ansi_utf8(r"\xff"), raw_char(0xff).to_string());
        assert_eq!(decode_ansi_utf8(r"\x4g"), "\x04g");
        assert_eq!(decode_ansi_utf8(r"\xg"), "\\xg");
        assert_eq!(decode_ansi_utf8(r"\1234"), "S4");
    }

    #[test]
    fn nul_truncates() {
        assert_eq!(decode_ansi_utf8(r"a\0b"), "a");
        assert_eq!(decode_ansi_utf8(r"a\x00b"), "a");
        assert_eq!(decode_ansi_utf8(r"a\c@b"), "a");
    }

    #[test]
    fn control_chars() {
        assert_eq!(decode_ansi_utf8(r"\ca\cA\c[\c?"), "\x01\x01\x1b\x7f");
    }

    #[test]
    fn unknown_kept() {
        assert_eq!(decode_ansi_utf8(r"\q\
x"), "\\q\\\nx");
    }
}
