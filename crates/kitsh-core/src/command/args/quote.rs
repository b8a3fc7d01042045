//! GNU quoting of names in messages: `quote` (locale style, `‘x’` in a UTF-8 locale) and the
//! shell-escape style of `quotef` / `quoteaf` (`'a b'`, `"c'd"`, `'e'$'\n''f'`).

use crate::util::bytes::raw_byte;

pub use crate::util::locale::{c_locale, set_c_locale};

/// Locale-style quoting as GNU `quote()`: `‘x’` in a UTF-8 locale, `'x'` in the C locale,
/// with `\` and control characters written as C escapes.
pub fn quote(s: &str) -> String {
    let (open, close) = if c_locale() { ('\'', '\'') } else { ('‘', '’') };
    let mut out = String::with_capacity(s.len() + 6);
    out.push(open);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => match raw_byte(c) {
                Some(b) => out.push_str(&format!("\\{b:03o}")),
                None if (c as u32) < 0x20 || c == '\x7f' => out.push_str(&c_escape(c as u8)),
                None => out.push(c),
            },
        }
    }
    out.push(close);
    out
}

fn c_escape(b: u8) -> String {
    match b {
        7 => "\\a".into(),
        8 => "\\b".into(),
        9 => "\\t".into(),
        10 => "\\n".into(),
        11 => "\\v".into(),
        12 => "\\f".into(),
        13 => "\\r".into(),
        _ => format!("\\{b:03o}"),
    }
}

/// The byte a character stands for when it must be `$'..'`-escaped (controls, raw bytes).
fn escaped_byte(c: char) -> Option<u8> {
    if (c as u32) < 0x20 || c == '\x7f' {
        Some(c as u8)
    } else {
        raw_byte(c)
    }
}

fn needs_quoting(s: &str) -> bool {
    s.is_empty()
        || s.starts_with(['#', '~'])
        || s.chars().any(|c| {
            escaped_byte(c).is_some()
                || matches!(
                    c,
                    ' ' | '!'
                        | '"'
                        | '$'
                        | '&'
                        | '\''
                        | '('
                        | ')'
                        | '*'
                        | ':'
                        | ';'
                        | '<'
                        | '='
                        | '>'
                        | '?'
                        | '['
                        | '\\'
                        | '^'
                        | '`'
                        | '|'
                )
        })
}

/// Shell-escape quoting, only when needed (GNU `quotef`): `a.txt`, `'a b'`, `"c'd"`.
pub fn quote_name(s: &str) -> String {
    if needs_quoting(s) {
        quote_always(s)
    } else {
        s.to_string()
    }
}

/// Shell-escape quoting, always (GNU `quoteaf`): `'a.txt'`, `'a b'`, `"c'd"`, `'e'$'\n''f'`.
pub fn quote_always(s: &str) -> String {
    let has_escapes = s.chars().any(|c| escaped_byte(c).is_some());
    if s.contains('\'') && !has_escapes && !s.contains(['$', '`', '\\', '"', '!']) {
        return format!("\"{s}\"");
    }
    let mut out = String::with_capacity(s.len() + 4);
    out.push('\'');
    let mut last_escape = false;
    for c in s.chars() {
        last_escape = false;
        if c == '\'' {
            out.push_str("'\\''");
        } else if let Some(b) = escaped_byte(c) {
            out.push_str("'$'");
            out.push_str(&c_escape(b));
            out.push_str("''");
            last_escape = true;
        } else {
            out.push(c);
        }
    }
    if last_escape {
        out.pop();
    } else {
        out.push('\'');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_style() {
        assert_eq!(quote("x"), "‘x’");
        assert_eq!(quote("a\\b"), "‘a\\\\b’");
        assert_eq!(quote("a\nb"), "‘a\\nb’");
        assert_eq!(quote("\u{10FFFF}"), "‘\\377’");
    }

    #[test]
    fn shell_style() {
        assert_eq!(quote_name("a.b"), "a.b");
        assert_eq!(quote_name("ü{x}~"), "ü{x}~");
        assert_eq!(quote_name("~b"), "'~b'");
        assert_eq!(quote_name("a:b"), "'a:b'");
        assert_eq!(quote_name("a b"), "'a b'");
        assert_eq!(quote_name("c'd"), "\"c'd\"");
        assert_eq!(quote_name("a'b$c"), "'a'\\''b$c'");
        assert_eq!(quote_name("e\nf"), "'e'$'\\n''f'");
        assert_eq!(quote_name("\tb"), "''$'\\t''b'");
        assert_eq!(quote_name("a\t"), "'a'$'\\t'");
        assert_eq!(quote_name("a\x01"), "'a'$'\\001'");
        assert_eq!(quote_name(""), "''");
        assert_eq!(quote_always("x"), "'x'");
    }
}
