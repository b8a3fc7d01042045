//! bash's quoting styles (`printf %q`, `${x@Q}`, `declare -p`, `set`) and the ANSI-C escape
//! decoder of `$'...'` and `${x@E}`.
//!
//! Strings containing characters that are not printable (control characters, unassigned code
//! points, line/paragraph separators, or raw bytes that are not valid UTF-8) are quoted in the
//! `$'...'` style by every function here, with `\NNN` octal escapes for the bytes, as bash does.
//! The `bytes` argument is the C locale (see `Shell::byte_locale`): there every byte from 0x80
//! up is unprintable, so any non-ASCII text takes the `$'...'` style with its bytes in octal.

use crate::util::bytes::{decode_owned, encode, raw_byte};
use std::sync::OnceLock;

/// Characters bash's `iswprint` rejects in `C.UTF-8`, plus raw bytes.
fn unprintable() -> Option<&'static regex::Regex> {
    static RE: OnceLock<Option<regex::Regex>> = OnceLock::new();
    RE.get_or_init(|| regex::Regex::new(r"[\p{Cc}\p{Cn}\p{Zl}\p{Zp}\x{10FF80}-\x{10FFFF}]").ok())
        .as_ref()
}

/// Whether a non-ASCII character is printable.
fn printable_non_ascii(c: char) -> bool {
    if raw_byte(c).is_some() {
        return false;
    }
    let mut buf = [0u8; 4];
    unprintable().is_none_or(|re| !re.is_match(c.encode_utf8(&mut buf)))
}

/// bash `ansic_shouldquote`: whether `s` needs the `$'...'` style.
pub fn needs_ansi_c(s: &str, bytes: bool) -> bool {
    if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return false;
    }
    if s.is_ascii() || bytes {
        return true;
    }
    unprintable().is_none_or(|re| re.is_match(s))
}

fn push_octal(out: &mut String, b: u8) {
    out.push('\\');
    out.push((b'0' + (b >> 6)) as char);
    out.push((b'0' + ((b >> 3) & 7)) as char);
    out.push((b'0' + (b & 7)) as char);
}

/// bash `ansic_quote`: `$'...'` with `\n`-style escapes and `\NNN` for other unprintable bytes.
pub fn ansi_c_quote(s: &str, bytes: bool) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str("$'");
    for c in s.chars() {
        let esc = match c {
            '\x1b' => Some('E'),
            '\x07' => Some('a'),
            '\x0b' => Some('v'),
            '\x08' => Some('b'),
            '\x0c' => Some('f'),
            '\n' => Some('n'),
            '\r' => Some('r'),
            '\t' => Some('t'),
            '\\' | '\'' => Some(c),
            _ => None,
        };
        if let Some(e) = esc {
            out.push('\\');
            out.push(e);
        } else if c.is_ascii() {
            if c.is_ascii_graphic() || c == ' ' {
                out.push(c);
            } else {
                push_octal(&mut out, c as u8);
            }
        } else if let Some(b) = raw_byte(c) {
            push_octal(&mut out, b);
        } else if !bytes && printable_non_ascii(c) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for &b in c.encode_utf8(&mut buf).as_bytes() {
                push_octal(&mut out, b);
            }
        }
    }
    out.push('\'');
    out
}

/// Whether `printf %q` escapes the ASCII character `c` with a backslash anywhere in a word.
fn backslash_special(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n'
            | ' '
            | '!'
            | '"'
            | '$'
            | '&'
            | '\''
            | '('
            | ')'
            | '*'
            | ','
            | ';'
            | '<'
            | '>'
            | '?'
            | '['
            | '\\'
            | ']'
            | '^'
            | '`'
            | '{'
            | '|'
            | '}'
    )
}

/// `printf %q`: `''` for the empty string, `$'...'` when unprintable characters are present,
/// otherwise backslashes before special characters (`a\ b`, `\~x`, `\#a`).
pub fn quote_q(s: &str, bytes: bool) -> String {
    if s.is_empty() {
        return "''".to_string();
    }
    if needs_ansi_c(s, bytes) {
        return ansi_c_quote(s, bytes);
    }
    let mut out = String::with_capacity(s.len() + 4);
    let mut prev: Option<char> = None;
    for c in s.chars() {
        let special = backslash_special(c)
            || (c == '#' && prev.is_none())
            || (c == '~' && matches!(prev, None | Some(':') | Some('=')));
        if special {
            out.push('\\');
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// bash `sh_single_quote`: `'a b'`, with `'\''` for embedded quotes (a lone `'` is `\'`).
pub fn single_quote(s: &str) -> String {
    if s == "'" {
        return "\\'".to_string();
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        out.push(c);
        if c == '\'' {
            out.push_str("\\''");
        }
    }
    out.push('\'');
    out
}

/// `${x@Q}`: single quotes (`''` for empty), or `$'...'` when unprintable characters are present.
pub fn quote_at_q(s: &str, bytes: bool) -> String {
    if needs_ansi_c(s, bytes) {
        ansi_c_quote(s, bytes)
    } else {
        single_quote(s)
    }
}

/// A value as `declare -p` prints it: `"..."` with `\" \\ \$ \`` escaped, or `$'...'` when
/// unprintable characters are present.
pub fn quote_declare(s: &str, bytes: bool) -> String {
    if needs_ansi_c(s, bytes) {
        return ansi_c_quote(s, bytes);
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// bash `sh_contains_shell_metas`.
pub fn contains_shell_metas(s: &str) -> bool {
    let mut prev: Option<char> = None;
    for c in s.chars() {
        match c {
            ' ' | '\t' | '\n' | '\'' | '"' | '\\' | '|' | '&' | ';' | '(' | ')' | '<' | '>' | '!'
            | '{' | '}' | '*' | '[' | '?' | ']' | '^' | '$' | '`' => return true,
            '~' if matches!(prev, None | Some('=') | Some(':')) => return true,
            '#' if prev.is_none() => return true,
            _ => {}
        }
        prev = Some(c);
    }
    false
}

/// A value as `set` prints it: plain when safe, `'...'` when it has shell metacharacters,
/// `$'...'` when unprintable characters are present.
pub fn quote_for_set(s: &str, bytes: bool) -> String {
    if needs_ansi_c(s, bytes) {
        ansi_c_quote(s, bytes)
    } else if contains_shell_metas(s) {
        single_quote(s)
    } else {
        s.to_string()
    }
}

/// Decode ANSI-C escapes as `$'...'` does (`\n`, `\t`, `\NNN`, `\xHH`, `\x{H..}`, `\uHHHH`,
/// `\UHHHHHHHH`, `\cX`, `\e`, `\'`, `\"`, `\?`, `\\`); the text stops at a NUL byte, as in bash.
/// Invalid UTF-8 results are kept as raw-byte characters.
pub fn ansi_c_decode(s: &str) -> String {
    let (mut bytes, _) = crate::util::printf::ansicstr(&encode(s), false);
    if let Some(nul) = bytes.iter().position(|&b| b == 0) {
        bytes.truncate(nul);
    }
    decode_owned(bytes)
}

/// `${x@E}`: the value with backslash escapes expanded as in `$'...'`.
pub fn quote_escape_e(s: &str) -> String {
    ansi_c_decode(s)
}

#[cfg(test)]
mod tests;
