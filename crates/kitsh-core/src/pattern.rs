//! Bash pattern matching (`fnmatch` with bash's extensions), used by `case`, `[[ == ]]`,
//! `${x#pat}`, `${x/pat/rep}` and pathname expansion.
//!
//! Syntax: `*`, `?`, bracket expressions (`[abc]`, `[a-z]`, `[!x]`, `[^x]`, `[[:alpha:]]`,
//! `[[=a=]]`, `[[.hyphen.]]`), `\x` for a literal `x` (callers escape quoted text this way),
//! and with `extglob` the groups `?(a|b)` `*(..)` `+(..)` `@(..)` `!(..)`, nested. An
//! unterminated `[` or group is literal text, as in bash. Matching is per Unicode character.
//!
//! A pattern is compiled once ([`Pattern::new`]) and can be matched many times. Patterns
//! without groups match in O(pattern × text); groups use memoized position sets, so no
//! pattern is exponential.

mod bracket;
mod cache;
mod compile;
mod ext;
mod simple;

#[cfg(test)]
mod tests;

pub use cache::compiled;
use compile::{fold, Compiler, Node};
use ext::Ext;

/// Matching options.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct MatchOpts {
    /// Recognise the extglob groups `?(..)` `*(..)` `+(..)` `@(..)` `!(..)`.
    pub extglob: bool,
    /// Case-insensitive matching (`nocasematch`, `nocaseglob`).
    pub nocase: bool,
    /// Pathname matching: `*`, `?` and `[...]` never match `/`, and a `.` at the start of the
    /// text or after a `/` must be matched by a literal `.` (unless `dotglob`).
    pub pathname: bool,
    /// With `pathname`: wildcards may match a leading `.`.
    pub dotglob: bool,
}

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Pattern {
    nodes: Vec<Node>,
    opts: MatchOpts,
    /// Number of extglob groups (0: the simple matchers apply).
    groups: usize,
    /// The text to compare when the pattern has no special characters (case-sensitive only).
    literal: Option<String>,
    /// Compiled for the C locale: pattern and text are matched byte by byte (`?` is one
    /// byte of a multibyte character), as [`byte_chars`] shows them.
    bytes: bool,
    /// Fixed-length, but bash measures its text as another length (see [`bash_match_len`]):
    /// bash's `${x/pat/rep}` never finds it.
    mismeasured: bool,
}

/// The match length bash's `${x/pat/rep}` assumes for the pattern text `pat` (its `MATCHLEN`,
/// lib/glob/gm_loop.c): `None` when it varies (`*`, or `?(`, `+(`, `@(`, `!(` whatever
/// `extglob` says). bash tries only substrings of that length, and its scan ends a bracket
/// expression at the first `]` after the opening one, so `[^]]` counts as two characters
/// and never matches there (while `${x#[^]]}` and `[[ ]]` match it).
pub fn bash_match_len(pat: &str) -> Option<usize> {
    let c: Vec<char> = pat.chars().collect();
    let (mut i, mut len) = (0, 0usize);
    while i < c.len() {
        let ch = c[i];
        i += 1;
        match ch {
            '\\' => {
                len += 1;
                i += 1;
            }
            '*' => return None,
            '?' | '+' | '!' | '@' if c.get(i) == Some(&'(') => return None,
            '[' => {
                // The first character after `[` belongs to the expression; the scan stops at
                // the next `]` outside `[:…:]`, `[.….]`, `[=…=]`.
                let start = i;
                // `[:`, `[.` or `[=` opened inside: its closing `:]`, `.]` or `=]` is skipped.
                let mut inner: Option<char> = None;
                let mut closed = false;
                let mut first = true;
                while i < c.len() {
                    let x = c[i];
                    i += 1;
                    if x == ']' && !first {
                        closed = true;
                        break;
                    }
                    first = false;
                    match x {
                        '\\' => i += 1,
                        '[' if matches!(c.get(i), Some(':' | '.' | '=')) => {
                            let d = c[i];
                            i += 1;
                            // `]` may be the symbol of `[.].]` and `[=]=]`.
                            if d != ':' && c.get(i) == Some(&']') {
                                i += 1;
                            }
                            inner = Some(d);
                        }
                        x if inner == Some(x) && c.get(i) == Some(&']') => {
                            i += 1;
                            inner = None;
                        }
                        _ => {}
                    }
                }
                if closed {
                    len += 1;
                } else {
                    // No `]`: bash counts the `[` and what it scanned as literal characters.
                    len += 1 + (i.min(c.len()) - start);
                }
            }
            _ => len += 1,
        }
    }
    Some(len)
}

/// `text` as the C locale sees it: each byte of its encoding one char, ASCII as itself and
/// every byte from 0x80 up as its raw-byte char (`util::bytes::raw_char`), which no class,
/// case mapping or range of ASCII chars takes for a letter. Idempotent.
pub fn byte_chars(text: &str) -> String {
    use crate::util::bytes::{encode, raw_char};
    encode(text).iter().map(|&b| if b < 0x80 { char::from(b) } else { raw_char(b) }).collect()
}

/// Back from [`byte_chars`]: bytes that form UTF-8 characters again become those characters.
pub fn from_byte_chars(text: &str) -> String {
    use crate::util::bytes::{decode_owned, encode};
    decode_owned(encode(text).into_owned())
}

/// Character positions of a text: its chars and the byte offset of each (plus the length).
struct Chars {
    chars: Vec<char>,
    offs: Vec<usize>,
}

impl Chars {
    fn new(text: &str) -> Chars {
        let mut chars = Vec::with_capacity(text.len());
        let mut offs = Vec::with_capacity(text.len() + 1);
        for (i, c) in text.char_indices() {
            chars.push(c);
            offs.push(i);
        }
        offs.push(text.len());
        Chars { chars, offs }
    }

    /// The char index of byte offset `b` (rounded up to a char boundary).
    fn index_of(&self, b: usize) -> usize {
        self.offs.partition_point(|&o| o < b)
    }
}

impl Pattern {
    /// Compile `pat`. Never fails: invalid brackets or groups are literal text, as in bash.
    pub fn new(pat: &str, opts: MatchOpts) -> Pattern {
        let chars: Vec<char> = pat.chars().collect();
        let mut c = Compiler {
            nocase: opts.nocase,
            extglob: opts.extglob,
            groups: 0,
            budget: std::cell::Cell::new(compile::SCAN_BUDGET),
        };
        let nodes = c.compile(&chars, 0);
        let literal = if opts.nocase {
            None
        } else {
            nodes
                .iter()
                .map(|n| match n {
                    Node::Lit(c) => Some(*c),
                    _ => None,
                })
                .collect::<Option<String>>()
        };
        let fixed = nodes.iter().all(|n| matches!(n, Node::Lit(_) | Node::Any | Node::Set(_))).then_some(nodes.len());
        let mismeasured = fixed.is_some_and(|n| bash_match_len(pat).is_some_and(|m| m != n));
        Pattern {
            nodes,
            opts,
            groups: c.groups,
            literal,
            bytes: false,
            mismeasured,
        }
    }

    /// Does bash's `${x/pat/rep}` measure this fixed-length pattern as another length, and
    /// so never find it (see [`bash_match_len`])?
    pub fn mismeasured(&self) -> bool {
        self.mismeasured
    }

    /// Compile `pat` for the C locale (see the `bytes` field): whole-text matches of
    /// non-ASCII text then go byte by byte.
    pub fn new_bytes(pat: &str, opts: MatchOpts) -> Pattern {
        let mut p = if pat.is_ascii() { Pattern::new(pat, opts) } else { Pattern::new(&byte_chars(pat), opts) };
        p.bytes = true;
        p
    }

    /// The options the pattern was compiled with.
    pub fn opts(&self) -> MatchOpts {
        self.opts
    }

    /// Whether the pattern is plain text (no wildcard, bracket or group).
    pub fn is_literal(&self) -> bool {
        self.nodes.iter().all(|n| matches!(n, Node::Lit(_)))
    }

    /// Whether the whole of `text` matches.
    pub fn matches(&self, text: &str) -> bool {
        if self.bytes && !text.is_ascii() {
            return self.matches_chars(&byte_chars(text));
        }
        self.matches_chars(text)
    }

    fn matches_chars(&self, text: &str) -> bool {
        if let Some(lit) = &self.literal {
            return text == lit;
        }
        if self.groups == 0 {
            return self.classic(text);
        }
        let cs = Chars::new(text);
        Ext::new(self, &cs.chars).whole()
    }

    /// For `${x#p}` (`longest` false) and `${x##p}` (true): the byte length of the shortest or
    /// longest prefix of `text` that matches, if any.
    pub fn match_prefix(&self, text: &str, longest: bool) -> Option<usize> {
        if let Some(lit) = &self.literal {
            return text.starts_with(lit.as_str()).then_some(lit.len());
        }
        let cs = Chars::new(text);
        let end = if self.groups == 0 {
            let (lo, hi) = self.span_table(&cs.chars)[0]?;
            (if longest { hi } else { lo }) as usize
        } else {
            let ends = Ext::new(self, &cs.chars).ends(0);
            if longest { ends.max() } else { ends.min() }?
        };
        Some(cs.offs[end])
    }

    /// For `${x%p}` (`longest` false) and `${x%%p}` (true): the start byte index of the
    /// shortest or longest suffix of `text` that matches, if any.
    pub fn match_suffix(&self, text: &str, longest: bool) -> Option<usize> {
        if let Some(lit) = &self.literal {
            return text.ends_with(lit.as_str()).then(|| text.len() - lit.len());
        }
        let cs = Chars::new(text);
        let n = cs.chars.len();
        let start = if self.groups == 0 {
            let table = self.span_table(&cs.chars);
            let full = |s: &usize| table[*s].is_some_and(|(_, hi)| hi as usize == n);
            if longest {
                (0..=n).find(full)
            } else {
                (0..=n).rev().find(full)
            }
        } else {
            let mut ext = Ext::new(self, &cs.chars);
            let mut full = |s: &usize| ext.ends(*s).contains(n);
            if longest {
                (0..=n).find(&mut full)
            } else {
                (0..=n).rev().find(&mut full)
            }
        }?;
        Some(cs.offs[start])
    }

    /// The leftmost-longest match starting at or after byte `from`, as a byte range
    /// `(start, end)` (possibly empty). For `${x/p/r}`.
    pub fn find(&self, text: &str, from: usize) -> Option<(usize, usize)> {
        if let Some(lit) = &self.literal {
            let rest = text.get(from..)?;
            return rest
                .find(lit.as_str())
                .map(|i| (from + i, from + i + lit.len()));
        }
        let cs = Chars::new(text);
        let from = cs.index_of(from);
        let (s, e) = if self.groups == 0 {
            let table = self.span_table(&cs.chars);
            (from..table.len()).find_map(|s| table[s].map(|(_, hi)| (s, hi as usize)))?
        } else {
            let mut ext = Ext::new(self, &cs.chars);
            (from..=cs.chars.len()).find_map(|s| ext.ends(s).max().map(|e| (s, e)))?
        };
        Some((cs.offs[s], cs.offs[e]))
    }

    /// All matches for `${x//p/r}`, as byte ranges, the way bash scans: the leftmost-longest
    /// match from the current position; after an empty match one character is skipped; the
    /// scan stops at the end of the text (no empty match there).
    /// An empty pattern matches nothing here (bash leaves the text unchanged).
    pub fn find_all(&self, text: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        self.for_each_match(text, |a, b| {
            out.push((a, b));
            true
        });
        out
    }

    /// [`Pattern::find_all`] without collecting: `f` gets each match until it returns `false`
    /// (so a caller can stop at a size limit).
    pub fn for_each_match(&self, text: &str, mut f: impl FnMut(usize, usize) -> bool) {
        if let Some(lit) = &self.literal {
            if lit.is_empty() {
                return;
            }
            for (i, m) in text.match_indices(lit.as_str()) {
                if !f(i, i + m.len()) {
                    return;
                }
            }
            return;
        }
        let cs = Chars::new(text);
        let n = cs.chars.len();
        let table = if self.groups == 0 {
            self.span_table(&cs.chars)
        } else {
            Vec::new()
        };
        let mut ext = Ext::new(self, &cs.chars);
        let mut pos = 0;
        while pos < n {
            let found = if self.groups == 0 {
                (pos..=n).find_map(|s| table[s].map(|(_, hi)| (s, hi as usize)))
            } else {
                (pos..=n).find_map(|s| ext.ends(s).max().map(|e| (s, e)))
            };
            let Some((s, e)) = found else { break };
            if s >= n && e == s {
                break;
            }
            if !f(cs.offs[s], cs.offs[e]) {
                return;
            }
            pos = if e == s { s + 1 } else { e };
        }
    }

    /// Whether `pat` contains an unescaped `*`, `?` or `[` (with a later `]`), or with
    /// `extglob` one of `+(`, `@(`, `!(`: i.e. whether it is a pattern rather than text.
    pub fn has_glob_chars(pat: &str, extglob: bool) -> bool {
        let b = pat.as_bytes();
        let last_close = b.iter().rposition(|&c| c == b']');
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'\\' => i += 1,
                b'*' | b'?' => return true,
                b'[' if last_close.is_some_and(|k| k > i) => return true,
                b'+' | b'@' | b'!' if extglob && b.get(i + 1) == Some(&b'(') => return true,
                _ => {}
            }
            i += 1;
        }
        false
    }

    /// Whether a wildcard may consume `c` (`at_start`: at the start of a component).
    fn wild_ok(&self, c: char, at_start: bool) -> bool {
        !(self.opts.pathname && c == '/') && !(at_start && c == '.' && self.dot_rule())
    }

    /// Whether a leading `.` must be matched literally.
    fn dot_rule(&self) -> bool {
        self.opts.pathname && !self.opts.dotglob
    }

    /// Whether the one-character node `node` matches `c`.
    fn single(&self, node: &Node, c: char, at_start: bool) -> bool {
        match node {
            Node::Lit(x) => *x == if self.opts.nocase { fold(c) } else { c },
            Node::Any => self.wild_ok(c, at_start),
            Node::Set(b) => self.wild_ok(c, at_start) && b.matches(c, self.opts.nocase),
            _ => false,
        }
    }
}

/// Backslash-escape every character special in patterns (`\ * ? [ ] ( ) | + @ !`), so the
/// result matches `s` literally (for quoted text).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_special(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Is `c` one of the characters [`escape`] protects?
pub fn is_special(c: char) -> bool {
    matches!(c, '\\' | '*' | '?' | '[' | ']' | '(' | ')' | '|' | '+' | '@' | '!' | '^' | '-')
}

/// Remove backslash escapes (`\x` → `x`; a trailing `\` stays): the literal text of a
/// pattern that has no glob characters.
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            out.push(it.next().unwrap_or('\\'));
        } else {
            out.push(c);
        }
    }
    out
}
