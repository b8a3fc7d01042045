//! Member names as GNU tar handles them: the escape quoting of names in listings and messages
//! (`quotearg`), the removal of leading `/` and `..` prefixes (`safer_name_suffix`, with its
//! `Removing leading ...` warnings once per prefix), the `..` check of extraction and
//! `--strip-components`.

use std::collections::HashSet;

use crate::Ctx;
use kitsh_core::util::bytes::raw_byte;

/// GNU `quotearg` in tar's escape style: `\` as `\\`, control characters as C escapes (`\n`,
/// `\t`, `\177`), and, in the C locale, every byte of a non-ASCII character in octal (`é` is
/// `\303\251`). `colon`: also `:` as `\:` (`quotearg_colon`, for messages).
fn quote_with(s: &str, colon: bool) -> String {
    let c_locale = crate::args::c_locale();
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ':' if colon => out.push_str("\\:"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            c => {
                if let Some(b) = raw_byte(c) {
                    out.push_str(&format!("\\{b:03o}"));
                } else if c.is_control() || (!c.is_ascii() && c_locale) {
                    let mut buf = [0u8; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        out.push_str(&format!("\\{b:03o}"));
                    }
                } else {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// A name as GNU tar lists it (`-t`, `-v`).
pub fn quote(s: &str) -> String {
    quote_with(s, false)
}

/// A name as GNU tar's messages show it (`tar: NAME: Not found in archive`).
pub fn quote_colon(s: &str) -> String {
    quote_with(s, true)
}

/// GNU's `safer_name_suffix`: names lose their leading `/` and everything up to their last
/// `..` component, with one warning per distinct prefix removed (members and hard link targets
/// counted apart); an empty result is `.`.
pub struct Safer {
    /// `-P`: keep names as they are.
    absolute: bool,
    warned: HashSet<(bool, String)>,
}

impl Safer {
    /// Names made safe, unless `absolute` (`-P`).
    pub fn new(absolute: bool) -> Safer {
        Safer { absolute, warned: HashSet::new() }
    }

    /// The safe form of `name` (`link`: a hard link target), warning on stderr.
    pub fn suffix(&mut self, ctx: &mut Ctx<'_>, name: &str, link: bool) -> String {
        if self.absolute {
            return name.to_string();
        }
        let b = name.as_bytes();
        let mut prefix = 0;
        let mut p = 0;
        while p < b.len() {
            if b[p] == b'.' && b.get(p + 1) == Some(&b'.') && matches!(b.get(p + 2), None | Some(b'/')) {
                prefix = p + 2;
            }
            // On to the start of the next component.
            loop {
                let c = b[p];
                p += 1;
                if c == b'/' || p >= b.len() {
                    break;
                }
            }
        }
        while prefix < b.len() && b[prefix] == b'/' {
            prefix += 1;
        }
        if prefix > 0 {
            let removed = &name[..prefix];
            if self.warned.insert((link, removed.to_string())) {
                let what = if link { "hard link targets" } else { "member names" };
                let _ = writeln!(ctx.stderr, "tar: Removing leading `{removed}' from {what}");
            }
        }
        let rest = &name[prefix..];
        if rest.is_empty() {
            if prefix == 0 {
                let what = if link { "hard link target" } else { "member name" };
                let _ = writeln!(ctx.stderr, "tar: Substituting `.' for empty {what}");
            }
            return ".".to_string();
        }
        rest.to_string()
    }
}

/// GNU tar's `unquote_string`, applied to operands unless `--no-unquote`: `\\`, `\a \b \f
/// \n \r \t \v`, `\?` (DEL) and up to 3 octal digits become the characters they stand for;
/// any other `\c` stays as it is. A NUL ends the name, as it ends GNU's C string.
pub fn unquote(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_string();
    }
    let b = kitsh_core::util::bytes::encode(s);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&c) = b.get(i) else {
            out.push(b'\\');
            break;
        };
        i += 1;
        let byte = match c {
            b'\\' => b'\\',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'v' => 11,
            b'?' => 0o177,
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                for _ in 0..2 {
                    match b.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            i += 1;
                        }
                        _ => break,
                    }
                }
                (v & 0xff) as u8
            }
            other => {
                out.push(b'\\');
                other
            }
        };
        out.push(byte);
    }
    if let Some(nul) = out.iter().position(|&c| c == 0) {
        out.truncate(nul);
    }
    kitsh_core::util::bytes::decode_owned(out)
}

/// Whether a component of `name` is `..` (GNU's `contains_dot_dot`).
pub fn contains_dot_dot(name: &str) -> bool {
    name.split('/').any(|c| c == "..")
}

/// GNU's `--strip-components=N`: `name` without its first `n` components (leading slashes and
/// repeated slashes do not count), empty when it has no more than `n`.
pub fn strip_components(name: &str, n: usize) -> &str {
    if n == 0 {
        return name;
    }
    let b = name.as_bytes();
    let mut p = 0;
    while p < b.len() && b[p] == b'/' {
        p += 1;
    }
    let mut left = n;
    while p < b.len() {
        let slash = b[p] == b'/';
        p += 1;
        if slash {
            left -= 1;
            if left == 0 {
                return &name[p..];
            }
            while p < b.len() && b[p] == b'/' {
                p += 1;
            }
        }
    }
    ""
}

/// `name` without its trailing slashes (`/` stays `/`), as GNU's `strip_trailing_slashes`.
pub fn trim_slashes(name: &str) -> &str {
    let t = name.trim_end_matches('/');
    if t.is_empty() && name.starts_with('/') {
        "/"
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripping() {
        assert_eq!(strip_components("a/b/c", 1), "b/c");
        assert_eq!(strip_components("./e/f", 1), "e/f");
        assert_eq!(strip_components("/a//b/c", 2), "c");
        assert_eq!(strip_components("a/b", 2), "");
        assert_eq!(strip_components("a", 1), "");
        assert_eq!(trim_slashes("d//"), "d");
        assert_eq!(trim_slashes("//"), "/");
    }

    #[test]
    fn dot_dot() {
        assert!(contains_dot_dot("../x"));
        assert!(contains_dot_dot("a/../b"));
        assert!(contains_dot_dot("a/.."));
        assert!(!contains_dot_dot("a/..b/c.."));
    }

    #[test]
    fn unquoting() {
        assert_eq!(unquote("d/a\\b"), "d/a\u{8}");
        assert_eq!(unquote("d/a\\\\b"), "d/a\\b");
        assert_eq!(unquote("d/a\\x"), "d/a\\x");
        assert_eq!(unquote("t\\101\\0x"), "tA");
        assert_eq!(unquote("end\\"), "end\\");
    }

    #[test]
    fn quoting() {
        assert_eq!(quote("a\tb\\c"), "a\\tb\\\\c");
        assert_eq!(quote_colon("a:b\n"), "a\\:b\\n");
    }
}
