//! awk regular expressions: gawk's ERE (its escapes, `\y`, and GNU awk's syntax rules)
//! rewritten as the POSIX ERE [`posix_re`] compiles.
//!
//! gawk reads a regex like glibc with `RE_SYNTAX_GNU_AWK` and its DFA matcher: a repetition
//! operator (`*`, `+`, `?`, `{`) where nothing precedes it (at the start, after `(` or `|`,
//! after a word anchor) is a literal character; a `{` that does not start a valid interval
//! (`a{`, `{x}`, `a{1,2`) is literal; `^`/`$` followed by repetitions repeat the anchor.

use crate::util::bytes;
use crate::util::posix_re::{self, PosixRegex};

/// The largest repetition count (`RE_DUP_MAX`).
const DUP_MAX: i64 = 0x7fff;

/// What a `{` starts.
enum Brace {
    /// An interval, minimum and the index after its `}`.
    Interval(i64, usize),
    /// Not an interval: a literal `{`.
    Literal,
    /// A malformed interval that is an error (`{}`, `{2,1}`, too big): left to the compiler.
    Bad,
}

/// One number of an interval as glibc's `fetch_number` reads it: (value: -1 none, -2 not a
/// number; the terminator `}`, `,` or none at the end; the index after it).
fn fetch_number(c: &[char], mut i: usize) -> (i64, Option<char>, usize) {
    let mut num = -1i64;
    loop {
        let Some(&ch) = c.get(i) else { return (-2, None, i) };
        if ch == '\\' {
            i += 2;
            num = -2;
            continue;
        }
        i += 1;
        if ch == '}' || ch == ',' {
            return (num, Some(ch), i);
        }
        num = match ch.to_digit(10) {
            Some(d) if num != -2 => (if num < 0 { 0 } else { num * 10 }.saturating_add(i64::from(d))).min(DUP_MAX + 1),
            _ => -2,
        };
    }
}

/// What the `{` at `c[i]` starts (glibc's `parse_dup_op` with `RE_INVALID_INTERVAL_ORD`).
fn brace(c: &[char], i: usize) -> Brace {
    let (mut min, term, next) = fetch_number(c, i + 1);
    if min == -1 {
        if term == Some(',') {
            min = 0;
        } else {
            return Brace::Bad;
        }
    }
    let (max, term, next) = match (min, term) {
        (-2, _) => return Brace::Literal,
        (_, Some(',')) => fetch_number(c, next),
        _ => (min, term, next),
    };
    if max == -2 {
        return Brace::Literal;
    }
    if term != Some('}') || (max != -1 && min > max) || min.max(max) > DUP_MAX {
        return Brace::Bad;
    }
    Brace::Interval(min, next)
}

/// A character as ERE text matching itself.
fn lit(c: char) -> String {
    if "\\^$.[]|()*+?{}".contains(c) {
        format!("\\{c}")
    } else {
        c.to_string()
    }
}

/// The character an awk escape stands for (`\n`, `\/`, ...), if it is one.
fn escape(n: char, in_bracket: bool) -> Option<char> {
    Some(match n {
        'n' => '\n',
        't' => '\t',
        'r' => '\r',
        'f' => '\x0c',
        'v' => '\x0b',
        'a' => '\x07',
        'b' => '\x08',
        '/' => '/',
        '"' => '"',
        '&' if !in_bracket => '&',
        _ => return None,
    })
}

/// Compile an awk regex (`literal`: from a `/re/` constant).
pub fn compile_re(pat: &[u8], literal: bool) -> Result<PosixRegex, posix_re::PosixReError> {
    let _ = literal;
    let chars: Vec<char> = bytes::decode(pat).chars().collect();
    let p = rewrite(&chars);
    let opts = posix_re::Options { syntax: posix_re::Syntax::Extended, ..posix_re::Options::posix(posix_re::Syntax::Extended) };
    let t = posix_re::translate_with(&p, &opts)?;
    PosixRegex::new(&t)
}

/// The repetitions after an anchor at `c[i]`: whether they allow none of it, and the index
/// after them (`i` when there are none).
fn anchor_repeats(c: &[char], mut i: usize) -> (bool, usize) {
    let mut zero = false;
    loop {
        match c.get(i) {
            Some('*' | '?') => zero = true,
            Some('+') => {}
            Some('{') => match brace(c, i) {
                Brace::Interval(min, next) => {
                    zero |= min == 0;
                    i = next;
                    continue;
                }
                _ => return (zero, i),
            },
            _ => return (zero, i),
        }
        i += 1;
    }
}

/// gawk's regex text as POSIX ERE text.
fn rewrite(chars: &[char]) -> String {
    let mut p = String::with_capacity(chars.len() + 8);
    let mut i = 0;
    // nothing a repetition could apply to yet (dfa.c's `laststart`)
    let mut lead = true;
    // a word anchor just before: a repetition is literal (glibc)
    let mut word_anchor = false;
    while i < chars.len() {
        let c = chars[i];
        let after_anchor = std::mem::take(&mut word_anchor);
        match c {
            '[' => {
                i = bracket(chars, i, &mut p);
                lead = false;
            }
            '\\' => {
                let Some(&n) = chars.get(i + 1) else {
                    p.push_str("\\\\");
                    i += 1;
                    lead = false;
                    continue;
                };
                i += 2;
                if let Some(l) = escape(n, false) {
                    p.push_str(&lit(l));
                    lead = false;
                    continue;
                }
                match n {
                    'y' | '<' | '>' | 'B' | '`' | '\'' => {
                        p.push('\\');
                        p.push(if n == 'y' { 'b' } else { n });
                        word_anchor = true;
                        continue;
                    }
                    '0'..='7' => {
                        let mut v = n.to_digit(8).unwrap_or(0);
                        for _ in 0..2 {
                            match chars.get(i).and_then(|d| d.to_digit(8)) {
                                Some(d) => {
                                    v = v * 8 + d;
                                    i += 1;
                                }
                                None => break,
                            }
                        }
                        let ch = if v < 128 { char::from(v as u8) } else { bytes::raw_char(v as u8) };
                        p.push_str(&lit(ch));
                    }
                    _ => {
                        p.push('\\');
                        p.push(n);
                    }
                }
                lead = false;
            }
            '(' | '|' => {
                p.push(c);
                i += 1;
                lead = true;
            }
            '^' | '$' if !lead => {
                let (zero, next) = anchor_repeats(chars, i + 1);
                if next == i + 1 || !zero {
                    p.push(c);
                }
                i = next;
            }
            '^' | '$' => {
                p.push(c);
                i += 1;
            }
            '*' | '+' | '?' if lead || after_anchor => {
                p.push_str(&lit(c));
                i += 1;
                lead = false;
            }
            '{' if lead || after_anchor => {
                p.push_str("\\{");
                i += 1;
                lead = false;
            }
            '{' => {
                match brace(chars, i) {
                    Brace::Interval(_, next) => {
                        p.extend(&chars[i..next]);
                        i = next;
                    }
                    Brace::Literal => {
                        p.push_str("\\{");
                        i += 1;
                    }
                    Brace::Bad => {
                        p.push('{');
                        i += 1;
                    }
                }
                lead = false;
            }
            _ => {
                p.push(c);
                i += 1;
                lead = false;
            }
        }
    }
    p
}

/// Copy the bracket expression at `c[i]` (awk's escapes replaced), returning the index after it.
fn bracket(c: &[char], mut i: usize, p: &mut String) -> usize {
    p.push('[');
    i += 1;
    if c.get(i) == Some(&'^') {
        p.push('^');
        i += 1;
    }
    if c.get(i) == Some(&']') {
        p.push(']');
        i += 1;
    }
    while i < c.len() {
        let ch = c[i];
        if ch == ']' {
            p.push(']');
            return i + 1;
        }
        if ch == '[' && matches!(c.get(i + 1), Some(':' | '.' | '=')) {
            let close = c.get(i + 1).copied().unwrap_or(':');
            p.push(ch);
            i += 1;
            while i < c.len() {
                p.push(c[i]);
                if c[i] == ']' && c[i - 1] == close {
                    break;
                }
                i += 1;
            }
            i += 1;
            continue;
        }
        if ch == '\\' {
            if let Some(&n) = c.get(i + 1) {
                match escape(n, true) {
                    Some(l) => p.push(l),
                    None => {
                        p.push('\\');
                        p.push(n);
                    }
                }
                i += 2;
                continue;
            }
        }
        p.push(ch);
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rw(s: &str) -> String {
        rewrite(&s.chars().collect::<Vec<_>>())
    }

    fn matches(re: &str, s: &str) -> bool {
        let r = compile_re(re.as_bytes(), true);
        assert!(r.is_ok(), "{re}: {:?}", r.as_ref().err());
        r.is_ok_and(|r| r.is_match(s.as_bytes()))
    }

    #[test]
    fn braces_that_are_not_intervals() {
        assert_eq!(rw("^{"), "^\\{");
        assert_eq!(rw("{"), "\\{");
        assert_eq!(rw("a{"), "a\\{");
        assert_eq!(rw("a{x}"), "a\\{x}");
        assert_eq!(rw("a{1,2"), "a\\{1,2");
        assert_eq!(rw("a{ 1}"), "a\\{ 1}");
        assert_eq!(rw("a{1,2}"), "a{1,2}");
        assert_eq!(rw("a{,}"), "a{,}");
        assert!(matches("^{", "{x"));
        assert!(matches("a{", "a{b"));
        assert!(matches("}", "}"));
        assert!(matches("a{1,2}b", "aab"));
        assert!(!matches("a{2}", "a"));
    }

    #[test]
    fn interval_errors() {
        for re in ["a{}", "a{2,1}", "a{1,2,3}", "a{99999}"] {
            assert!(compile_re(re.as_bytes(), true).is_err(), "{re}");
        }
    }

    #[test]
    fn repetitions_with_nothing_before() {
        assert_eq!(rw("*a"), "\\*a");
        assert_eq!(rw("(+a|?b)"), "(\\+a|\\?b)");
        assert_eq!(rw("^*"), "^\\*");
        assert!(matches("x|*b", "*b"));
        assert!(!matches("x|*b", "b"));
        assert!(matches("a\\y*", "a*"));
        assert!(!matches("a\\y*", "ab"));
    }

    #[test]
    fn repeated_anchors() {
        assert_eq!(rw("a$*"), "a");
        assert_eq!(rw("a$+"), "a$");
        assert!(matches("a$*", "ab"));
        assert!(!matches("a$+", "ab"));
    }

    #[test]
    fn escapes() {
        assert!(matches("[/]", "a/b"));
        assert!(matches("\\/", "a/b"));
        assert!(matches("a\\.b", "a.b"));
        assert!(!matches("a\\.b", "axb"));
        assert!(matches("\\101", "A"));
        assert!(matches("[\\t]", "\t"));
        assert!(matches("a|", "b"));
        assert!(matches("(|a)", "b"));
    }
}
