//! A compiled POSIX pattern: the `regex` crate's leftmost-first matches made POSIX
//! leftmost-longest where they can differ, or the backtracking [`Program`] for patterns with
//! back-references.
//!
//! Both semantics find the same leftmost start; only alternations can make the crate stop
//! early (`a|ab` on `abc` gives `a`, POSIX gives `ab`). For such patterns the end is extended:
//! the longest end `e'` for which `(?:R)\z` matches `hay[s..e']` from the same start. Patterns
//! whose assertions look past the end of the match (`$`, `\b`, `\>`...) are left as they are,
//! and the extra work per search is bounded.

use regex::bytes::Regex;

use super::backtrack::{Part, Program, MAX_STEPS};
use super::{compile, PosixReError, Translated};

/// The total haystack bytes the end extension may scan for one match.
const BUDGET: usize = 1 << 20;

/// A compiled pattern with POSIX matching.
#[derive(Debug, Clone)]
pub struct PosixRegex {
    /// The leftmost-first regex (for back-references: a prefilter matching a superset).
    re: Regex,
    /// `(?:R)\z`, when matches may need extending.
    tail: Option<Regex>,
    /// The matcher of a pattern with back-references.
    back: Option<Program>,
}

/// The capture groups of one match.
pub struct Groups<'h> {
    hay: &'h [u8],
    spans: Vec<Option<(usize, usize)>>,
}

impl<'h> Groups<'h> {
    /// The text of group `n` (0: the whole match), if it took part in the match.
    pub fn get(&self, n: usize) -> Option<&'h [u8]> {
        let (s, e) = self.spans.get(n).copied().flatten()?;
        self.hay.get(s..e)
    }
}

impl PosixRegex {
    /// Compile a translated pattern.
    pub fn new(t: &Translated) -> Result<PosixRegex, PosixReError> {
        if t.backrefs {
            return PosixRegex::with_backrefs(&[t], None, None);
        }
        PosixRegex::from_pattern(&t.pattern, t.alternation && !t.end_context)
    }

    /// Compile `pattern` (regex crate syntax); `longest`: extend matches (see the module docs).
    pub fn from_pattern(pattern: &str, longest: bool) -> Result<PosixRegex, PosixReError> {
        let re = compile(pattern)?;
        let tail = if longest { Some(compile(&format!("(?:{pattern})\\z"))?) } else { None };
        Ok(PosixRegex { re, tail, back: None })
    }

    /// A pattern matching any of `list` (some with back-references), between the assertions
    /// `before` and `after` (`regex` crate syntax, e.g. grep's `-x`: `\A`, `\z`).
    pub fn with_backrefs(list: &[&Translated], before: Option<&str>, after: Option<&str>) -> Result<PosixRegex, PosixReError> {
        let parts: Vec<Part<'_>> = list.iter().map(|t| Part { tokens: &t.tokens, groups: t.groups }).collect();
        let flags = list.first().map_or("s", |t| t.flags.as_str());
        let back = Program::new(&parts, flags, before, after)?;
        let alts: Vec<&str> = list.iter().map(|t| t.pattern.as_str()).collect();
        let re = compile(&alts.join("|"))?;
        Ok(PosixRegex { re, tail: None, back: Some(back) })
    }

    /// Whether `hay` contains a match.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        match &self.back {
            None => self.re.is_match(hay),
            Some(_) => self.find_at(hay, 0).is_some(),
        }
    }

    /// The leftmost match at or after `at`.
    fn find_at(&self, hay: &[u8], at: usize) -> Option<(usize, usize)> {
        let Some(back) = &self.back else {
            let m = self.re.find_at(hay, at)?;
            return Some((m.start(), self.extend(hay, m.start(), m.end())));
        };
        let mut from = at;
        let mut budget = MAX_STEPS;
        while from <= hay.len() && budget > 0 {
            // The prefilter's leftmost start is never after the real one.
            let s = self.re.find_at(hay, from)?.start();
            if let Some(spans) = back.match_at(hay, s, &mut budget) {
                return spans.first().copied().flatten();
            }
            from = s + char_len(hay, s);
        }
        None
    }

    /// The longest end of a match starting at `s`, given the leftmost-first end `e`.
    fn extend(&self, hay: &[u8], s: usize, e: usize) -> usize {
        let Some(tail) = &self.tail else { return e };
        let mut budget = BUDGET;
        let mut end = hay.len();
        while end > e {
            let cost = end - s + 1;
            if cost > budget {
                break;
            }
            budget -= cost;
            if tail.find_at(&hay[..end], s).is_some_and(|m| m.start() == s) {
                return end;
            }
            end -= 1;
        }
        e
    }

    /// The matches of `hay` as byte ranges, like [`Regex::find_iter`] (an empty match right
    /// after a match is skipped) but with POSIX semantics.
    pub fn find_iter<'a>(&'a self, hay: &'a [u8]) -> Matches<'a> {
        Matches { re: self, hay, at: 0, last_end: None }
    }

    /// The capture groups of the match `[s, e)` found by [`PosixRegex::find_iter`].
    pub fn captures_for<'h>(&self, hay: &'h [u8], s: usize, e: usize) -> Option<Groups<'h>> {
        if let Some(back) = &self.back {
            let mut budget = MAX_STEPS;
            return back.match_at(hay, s, &mut budget).map(|spans| Groups { hay, spans });
        }
        let caps = match self.re.captures_at(hay, s) {
            Some(c) if c.get(0).is_some_and(|m| m.start() == s && m.end() == e) => c,
            _ => self.tail.as_ref()?.captures_at(&hay[..e], s)?,
        };
        let spans = caps.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect();
        Some(Groups { hay, spans })
    }
}

/// The iterator of [`PosixRegex::find_iter`].
pub struct Matches<'a> {
    re: &'a PosixRegex,
    hay: &'a [u8],
    at: usize,
    last_end: Option<usize>,
}

/// The length of the character starting at `hay[i]` (1 for an invalid byte).
fn char_len(hay: &[u8], i: usize) -> usize {
    let n = match hay.get(i) {
        Some(&b) if b >= 0xF0 => 4,
        Some(&b) if b >= 0xE0 => 3,
        Some(&b) if b >= 0xC0 => 2,
        _ => 1,
    };
    if i + n <= hay.len() && std::str::from_utf8(&hay[i..i + n]).is_ok() {
        n
    } else {
        1
    }
}

impl Iterator for Matches<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        loop {
            if self.at > self.hay.len() {
                return None;
            }
            let (s, e) = self.re.find_at(self.hay, self.at)?;
            if s == e {
                self.at = e + char_len(self.hay, e);
                if self.last_end == Some(e) {
                    continue;
                }
            } else {
                self.at = e;
            }
            self.last_end = Some(e);
            return Some((s, e));
        }
    }
}
