//! Backslash escapes: printf's format and `%b` rules (bash `tescape`), and the ANSI-C rules of
//! `echo -e`, `$'...'` and `${x@E}` (bash `ansicstr`).

/// Append the encoding of code point `v` as bash's `u32cconv` does in a UTF-8 locale: plain
/// UTF-8 extended to 5 and 6 bytes, nothing for values of 2^31 and above.
pub fn push_u32_utf8(v: u32, out: &mut Vec<u8>) {
    let cont = |shift: u32| ((v >> shift) & 0x3f) as u8 | 0x80;
    match v {
        0..=0x7f => out.push(v as u8),
        0x80..=0x7ff => out.extend_from_slice(&[(v >> 6) as u8 | 0xc0, cont(0)]),
        0x800..=0xffff => out.extend_from_slice(&[(v >> 12) as u8 | 0xe0, cont(6), cont(0)]),
        0x1_0000..=0x1f_ffff => {
            out.extend_from_slice(&[(v >> 18) as u8 | 0xf0, cont(12), cont(6), cont(0)])
        }
        0x20_0000..=0x3ff_ffff => out.extend_from_slice(&[
            (v >> 24) as u8 | 0xf8,
            cont(18),
            cont(12),
            cont(6),
            cont(0),
        ]),
        0x400_0000..=0x7fff_ffff => out.extend_from_slice(&[
            (v >> 30) as u8 | 0xfc,
            cont(24),
            cont(18),
            cont(12),
            cont(6),
            cont(0),
        ]),
        _ => {}
    }
}

/// A `\u`/`\U` escape's code point as bash writes it: encoded in a UTF-8 locale; in the C
/// locale a non-ASCII one stays an escape (`\u00E9`, `\U0001F600`).
pub fn push_code_point(v: u32, c_locale: bool, out: &mut Vec<u8>) {
    if c_locale && v > 0x7f {
        let text = if v > 0xffff { format!("\\U{v:08X}") } else { format!("\\u{v:04X}") };
        out.extend_from_slice(text.as_bytes());
    } else {
        push_u32_utf8(v, out);
    }
}

fn hexval(c: u8) -> Option<u32> {
    (c as char).to_digit(16)
}

fn is_octal(c: u8) -> bool {
    (b'0'..=b'7').contains(&c)
}

/// Read up to `max` hex digits from `s`: (value, digits read).
fn read_hex(s: &[u8], max: usize) -> (u32, usize) {
    let mut v = 0u32;
    let mut n = 0;
    while n < max && n < s.len() {
        let Some(d) = hexval(s[n]) else { break };
        v = v.wrapping_mul(16).wrapping_add(d);
        n += 1;
    }
    (v, n)
}

/// Read octal digits: `first` already seen, then up to `more` digits from `s`.
fn read_octal(first: u8, s: &[u8], more: usize) -> (u8, usize) {
    let mut v = (first - b'0') as u32;
    let mut n = 0;
    while n < more && n < s.len() && is_octal(s[n]) {
        v = v * 8 + (s[n] - b'0') as u32;
        n += 1;
    }
    ((v & 0xff) as u8, n)
}

/// The single-letter escapes shared by every dialect.
fn simple(c: u8) -> Option<u8> {
    Some(match c {
        b'a' => 0x07,
        b'b' => 0x08,
        b'e' | b'E' => 0x1b,
        b'f' => 0x0c,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'v' => 0x0b,
        b'\\' => b'\\',
        _ => return None,
    })
}

/// One escape of printf (`s` starts after the backslash). `bmode` selects the `%b` rules
/// (`\0NNN`, `\c` stops, `\'` `\"` `\?` kept). Returns the bytes consumed after the backslash,
/// or `None` when `\c` stops the output in `%b` mode. An unknown escape appends the backslash
/// and consumes nothing.
pub(super) fn tescape(s: &[u8], bmode: bool, out: &mut Vec<u8>, errors: &mut Vec<String>) -> Option<usize> {
    let Some(&c) = s.first() else {
        out.push(b'\\');
        return Some(0);
    };
    if let Some(b) = simple(c) {
        out.push(b);
        return Some(1);
    }
    match c {
        b'0'..=b'7' => {
            let more = if c == b'0' && bmode { 3 } else { 2 };
            let (v, n) = read_octal(c, &s[1..], more);
            out.push(v);
            Some(1 + n)
        }
        b'x' => {
            let (v, n) = read_hex(&s[1..], 2);
            if n == 0 {
                errors.push("printf: missing hex digit for \\x".to_string());
                out.push(b'\\');
                return Some(0);
            }
            out.push(v as u8);
            Some(1 + n)
        }
        b'u' | b'U' => {
            let (v, n) = read_hex(&s[1..], if c == b'u' { 4 } else { 8 });
            if n == 0 {
                errors.push(format!("printf: missing unicode digit for \\{}", c as char));
                out.push(b'\\');
                return Some(0);
            }
            push_code_point(v, crate::util::locale::c_locale(), out);
            Some(1 + n)
        }
        b'\'' | b'"' | b'?' if !bmode => {
            out.push(c);
            Some(1)
        }
        b'c' if bmode => None,
        _ => {
            out.push(b'\\');
            Some(0)
        }
    }
}

/// Expand a `%b` argument: the bytes and whether `\c` was seen.
pub(super) fn bexpand(s: &[u8], errors: &mut Vec<String>) -> (Vec<u8>, bool) {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        i += 1;
        if c != b'\\' || i == s.len() {
            out.push(c);
            continue;
        }
        match tescape(&s[i..], true, &mut out, errors) {
            Some(n) => i += n,
            None => return (out, true),
        }
    }
    (out, false)
}

/// bash's `ansicstr`: `echo` selects `echo -e` rules (`\0NNN` only, `\c` stops, `\'` `\"` `\?`
/// kept), otherwise the `$'...'` rules (`\NNN`, `\x{H...}`, `\cX` control characters). Returns
/// the bytes and whether `\c` stopped the output (echo only).
pub fn ansicstr(s: &[u8], echo: bool) -> (Vec<u8>, bool) {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        i += 1;
        if c != b'\\' || i == s.len() {
            out.push(c);
            continue;
        }
        let c = s[i];
        i += 1;
        if let Some(b) = simple(c) {
            out.push(b);
            continue;
        }
        match c {
            b'1'..=b'7' if echo => out.extend_from_slice(&[b'\\', c]),
            b'0'..=b'7' => {
                let (v, n) = read_octal(c, &s[i..], if echo && c == b'0' { 3 } else { 2 });
                out.push(v);
                i += n;
            }
            b'x' if !echo && s.get(i) == Some(&b'{') => {
                i += 1;
                let mut v = 0u32;
                while let Some(d) = s.get(i).and_then(|&c| hexval(c)) {
                    v = v.wrapping_mul(16).wrapping_add(d);
                    i += 1;
                }
                if s.get(i) == Some(&b'}') {
                    i += 1;
                }
                out.push(v as u8);
            }
            b'x' => {
                let (v, n) = read_hex(&s[i..], 2);
                if n == 0 {
                    out.extend_from_slice(b"\\x");
                } else {
                    out.push(v as u8);
                    i += n;
                }
            }
            b'u' | b'U' => {
                let (v, n) = read_hex(&s[i..], if c == b'u' { 4 } else { 8 });
                if n == 0 {
                    out.extend_from_slice(&[b'\\', c]);
                } else {
                    push_code_point(v, crate::util::locale::c_locale(), &mut out);
                    i += n;
                }
            }
            b'\'' | b'"' | b'?' => {
                if echo {
                    out.push(b'\\');
                }
                out.push(c);
            }
            b'c' if echo => return (out, true),
            b'c' if i < s.len() => {
                let mut x = s[i];
                i += 1;
                if x == b'\\' && s.get(i) == Some(&b'\\') {
                    i += 1;
                }
                if x == b'?' {
                    x = 0x7f;
                } else {
                    x = x.to_ascii_uppercase() & 0x1f;
                }
                out.push(x);
            }
            _ => out.extend_from_slice(&[b'\\', c]),
        }
    }
    (out, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt_esc(s: &str) -> (Vec<u8>, usize) {
        let mut out = Vec::new();
        let mut errs = Vec::new();
        let mut i = 0;
        let b = s.as_bytes();
        while i < b.len() {
            if b[i] == b'\\' {
                i += 1 + tescape(&b[i + 1..], false, &mut out, &mut errs).unwrap_or(0);
            } else {
                out.push(b[i]);
                i += 1;
            }
        }
        (out, errs.len())
    }

    #[test]
    fn format_escapes() {
        assert_eq!(fmt_esc(r"\0101|\101|\1011|\x41|\x411"), (b"\x081|A|A1|A|A1".to_vec(), 0));
        assert_eq!(fmt_esc(r"\x|\xg|\u"), (b"\\x|\\xg|\\u".to_vec(), 3));
        let uni = fmt_esc(r"\u00e9|\U0001F600|\UFFFFFFFF|\ud800|\u41");
        assert_eq!(uni, (b"\xc3\xa9|\xf0\x9f\x98\x80||\xed\xa0\x80|A".to_vec(), 0));
        assert_eq!(fmt_esc(r#"\q|\"|\?|\'|\E|\c|\"#), (b"\\q|\"|?|'|\x1b|\\c|\\".to_vec(), 0));
    }

    #[test]
    fn b_escapes() {
        let mut e = Vec::new();
        assert_eq!(bexpand(br"\0101|\101|\1011|\01011", &mut e), (b"A|A|A1|A1".to_vec(), false));
        assert_eq!(bexpand(br#"\q|\"|\?|\'|a\"#, &mut e), (b"\\q|\\\"|\\?|\\'|a\\".to_vec(), false));
        assert_eq!(bexpand(br"a\cb", &mut e), (b"a".to_vec(), true));
        assert_eq!(bexpand(br"\U110000", &mut e), (b"\xf4\x90\x80\x80".to_vec(), false));
    }

    #[test]
    fn echo_and_dollar_quotes() {
        assert_eq!(ansicstr(br"\0101|\101|\01011|\x41|\x|\u|a\0b", true), (b"A|\\101|A1|A|\\x|\\u|a\0b".to_vec(), false));
        assert_eq!(ansicstr(br#"\q|\"|\?|\'|x\cy"#, true), (b"\\q|\\\"|\\?|\\'|x".to_vec(), true));
        assert_eq!(ansicstr(br"\0101|\101|\1011|\x{41}|\x{0041}z|\u", false), (b"\x081|A|A1|A|Az|\\u".to_vec(), false));
        assert_eq!(ansicstr(br#"\"|\?|\'|\ca|\cA|\c?|\c[|\c\\|\c1|\c"#, false), (b"\"|?|'|\x01|\x01|\x7f|\x1b|\x1c|\x11|\\c".to_vec(), false));
        assert_eq!(ansicstr(b"\\c\xc3\xa9", false), (b"\x03\xa9".to_vec(), false));
    }
}
