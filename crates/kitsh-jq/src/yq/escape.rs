//! YAML's double-quoted scalars as yq (yaml.v3) writes them: the characters YAML cannot hold
//! printed are escaped with YAML's short forms (`\0`, `\a`, `\e`, `\N`, ...), others as `\xXX`,
//! `\uXXXX` or `\UXXXXXXXX` in upper-case hex (so characters past U+FFFF too, as yaml.v3
//! does). Printable text stays as it is.

use std::fmt::Write as _;

/// `s` as a YAML double-quoted scalar.
pub(super) fn double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        let short = match c {
            '\0' => Some('0'),
            '\x07' => Some('a'),
            '\x08' => Some('b'),
            '\t' => Some('t'),
            '\n' => Some('n'),
            '\x0b' => Some('v'),
            '\x0c' => Some('f'),
            '\r' => Some('r'),
            '\x1b' => Some('e'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            '\u{85}' => Some('N'),
            '\u{2028}' => Some('L'),
            '\u{2029}' => Some('P'),
            _ => None,
        };
        if let Some(e) = short {
            out.push('\\');
            out.push(e);
        } else if printable(c) {
            out.push(c);
        } else {
            let n = c as u32;
            let _ = match n {
                0..=0xff => write!(out, "\\x{n:02X}"),
                0x100..=0xffff => write!(out, "\\u{n:04X}"),
                _ => write!(out, "\\U{n:08X}"),
            };
        }
    }
    out.push('"');
    out
}

/// yaml.v3's printable characters: YAML 1.1's set without the byte order mark and, as its
/// check reads at most three bytes of UTF-8, without the characters past U+FFFF.
fn printable(c: char) -> bool {
    matches!(c, '\x20'..='\x7e' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fefe}' | '\u{ff00}'..='\u{fffd}')
}

#[cfg(test)]
mod tests {
    use super::double_quoted;

    #[test]
    fn escapes_as_yaml_v3() {
        assert_eq!(double_quoted("foo\0bar"), r#""foo\0bar""#);
        assert_eq!(double_quoted("a\"b\\c\td\n"), r#""a\"b\\c\td\n""#);
        assert_eq!(
            double_quoted("\x01\x7f\u{feff}\u{85}"),
            r#""\x01\x7F\uFEFF\N""#
        );
        assert_eq!(double_quoted("héllo 🙂"), r#""héllo \U0001F642""#);
    }
}
