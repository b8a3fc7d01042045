//! Bracket expressions: `[abc]`, `[^a-z]`, `[]a]`, `[[:alpha:]]`, `[[.x.]]`, `[[=x=]]`, with a
//! backslash as an ordinary character, translated to a `regex` crate class.

use super::{is_meta, Options, PosixReError};
use crate::util::bytes::raw_byte;

/// One element of a bracket expression.
enum Elem {
    /// A character (also from `[.x.]` / `[=x=]`).
    Char(char),
    /// A character class (`[:alpha:]`), as `regex` class items.
    Class(&'static str),
}

/// The `regex` class items for the POSIX class `name` (in a UTF-8 locale).
fn class_items(name: &str) -> Option<&'static str> {
    Some(match name {
        "alpha" => r"\p{Alphabetic}",
        "alnum" => r"\p{Alphabetic}\p{Nd}",
        "digit" => "0-9",
        "xdigit" => "0-9A-Fa-f",
        "upper" => r"\p{Uppercase}",
        "lower" => r"\p{Lowercase}",
        "space" => r"\s",
        "blank" => r" \t",
        "punct" => r"\p{P}\p{S}",
        "cntrl" => r"\p{Cc}",
        "print" => r"[\P{C}&&[^\n\x{2028}\x{2029}]]",
        "graph" => r"[\P{C}&&\S]",
        _ => return None,
    })
}

/// Read the element at `c[j]`; returns it and the index after it.
fn element(c: &[char], j: usize) -> Result<(Elem, usize), PosixReError> {
    let ch = c.get(j).copied().ok_or(PosixReError::UnmatchedBracket)?;
    let kind = match (ch, c.get(j + 1)) {
        ('[', Some(&k @ (':' | '.' | '='))) => k,
        _ => return Ok((Elem::Char(ch), j + 1)),
    };
    let body = j + 2;
    let close = (body..c.len().saturating_sub(1))
        .find(|&k| c[k] == kind && c[k + 1] == ']')
        .ok_or(PosixReError::UnmatchedBracket)?;
    let inner = &c[body..close];
    let next = close + 2;
    if kind == ':' {
        let name: String = inner.iter().collect();
        return class_items(&name).map(|s| (Elem::Class(s), next)).ok_or(PosixReError::InvalidClass);
    }
    match inner {
        [one] => Ok((Elem::Char(*one), next)),
        _ => Err(PosixReError::InvalidCollation),
    }
}

/// The class being built.
#[derive(Default)]
struct Set {
    items: String,
    /// Raw bytes (bytes mode) as ranges.
    raw: Vec<(u8, u8)>,
}

impl Set {
    fn push_char(&mut self, ch: char, bytes: bool) {
        match raw_byte(ch) {
            Some(b) if bytes => self.raw.push((b, b)),
            _ => push_class_char(&mut self.items, ch),
        }
    }

    fn push_range(&mut self, lo: char, hi: char, bytes: bool) {
        match (raw_byte(lo), raw_byte(hi)) {
            (Some(a), Some(b)) if bytes => self.raw.push((a, b)),
            (Some(_), _) | (_, Some(_)) if bytes => {
                self.push_char(lo, bytes);
                self.push_char(hi, bytes);
            }
            _ => {
                push_class_char(&mut self.items, lo);
                self.items.push('-');
                push_class_char(&mut self.items, hi);
            }
        }
    }
}

fn push_class_char(out: &mut String, ch: char) {
    if is_meta(ch) {
        out.push('\\');
    }
    out.push(ch);
}

/// Parse the bracket expression whose `[` is just before `c[*i]`, append its translation to
/// `out` and move `*i` past the closing `]`.
pub(super) fn parse(c: &[char], i: &mut usize, o: &Options, out: &mut String) -> Result<(), PosixReError> {
    let mut j = *i;
    let negate = c.get(j) == Some(&'^');
    if negate {
        j += 1;
    }
    let first = j;
    let mut set = Set::default();
    // GNU's "[:space:]" check: starts and ends with ':', has another character, no class/range.
    let mut plain = true;
    loop {
        match c.get(j) {
            None => return Err(PosixReError::UnmatchedBracket),
            Some(']') if j > first => break,
            _ => {}
        }
        let (lo, next) = element(c, j)?;
        j = next;
        let range = c.get(j) == Some(&'-') && c.get(j + 1).is_some_and(|&n| n != ']');
        match lo {
            Elem::Class(items) => {
                if range {
                    return Err(PosixReError::InvalidRangeEnd);
                }
                plain = false;
                set.items.push_str(items);
            }
            Elem::Char(a) if range => {
                let (hi, next) = element(c, j + 1)?;
                j = next;
                let Elem::Char(b) = hi else { return Err(PosixReError::InvalidRangeEnd) };
                if b < a {
                    return Err(PosixReError::InvalidRangeEnd);
                }
                plain = false;
                set.push_range(a, b, o.bytes);
            }
            Elem::Char(a) => set.push_char(a, o.bytes),
        }
    }
    let body = &c[first..j];
    if plain && body.len() >= 2 && body[0] == ':' && body[body.len() - 1] == ':' && body.iter().any(|&x| x != ':') {
        return Err(PosixReError::ClassSyntax);
    }
    *i = j + 1;
    emit(&set, negate, o.multiline, out);
    Ok(())
}

/// Append the class for `set`.
fn emit(set: &Set, negate: bool, multiline: bool, out: &mut String) {
    let nl = if multiline { "\\n" } else { "" };
    if negate {
        if set.items.is_empty() {
            // Only raw bytes excluded: any character matches (invalid bytes never do).
            out.push_str(if multiline { "[^\\n]" } else { "[\\x{0}-\\x{10FFFF}]" });
        } else {
            out.push_str(&format!("[^{}{nl}]", set.items));
        }
        return;
    }
    let raw = raw_class(&set.raw);
    match (set.items.is_empty(), raw.is_empty()) {
        (false, true) => {
            out.push('[');
            out.push_str(&set.items);
            out.push(']');
        }
        (true, false) => out.push_str(&raw),
        _ => out.push_str(&format!("(?:[{}]|{raw})", set.items)),
    }
}

/// `(?-u:[\xNN-\xMM...])` for raw-byte ranges (empty string if none).
fn raw_class(raw: &[(u8, u8)]) -> String {
    if raw.is_empty() {
        return String::new();
    }
    let mut s = String::from("(?-u:[");
    for &(a, b) in raw {
        s.push_str(&format!("\\x{a:02X}"));
        if a != b {
            s.push_str(&format!("-\\x{b:02X}"));
        }
    }
    s.push_str("])");
    s
}
