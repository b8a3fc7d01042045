//! jq's regular expressions (`test`, `match`, `capture`, `scan`, `sub`, `gsub`) with jq 1.8's
//! results, on the `regex` crate (Unicode-aware: `\b`, `\w` and `.` work on characters):
//! offsets and lengths in characters, every group in `captures` (one that did not take part
//! is `{"offset": -1, "string": null, "length": 0, "name": ...}`), `name` always present,
//! and a global search that, like Oniguruma's loop in jq, also finds an empty match right
//! after a non-empty one (`"ab" | [match("b*"; "g")]` has three). Flags: `g` global, `i`
//! case-insensitive, `x` extended, `n` no empty matches, `p` dot matches newline, `s` and `l`
//! accepted (Rust's `$` already matches only at the end; leftmost-longest is not available).
//! A pattern the `regex` crate refuses for what it lacks (look-around, back-references, atomic
//! groups, as Oniguruma has them) goes to `fancy-regex` instead, with a backtracking limit.

use std::cell::RefCell;

use super::json::{Map, Val};
use regex::bytes::{Regex, RegexBuilder};

/// The parsed flags.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Flags {
    global: bool,
    icase: bool,
    extended: bool,
    no_empty: bool,
    dotall: bool,
}

fn flags(s: &str) -> Result<Flags, String> {
    let mut f = Flags::default();
    for c in s.chars() {
        match c {
            'g' => f.global = true,
            'i' => f.icase = true,
            'x' => f.extended = true,
            'n' => f.no_empty = true,
            'p' => f.dotall = true,
            's' | 'l' => {}
            _ => return Err(format!("{s} is not a valid modifier string")),
        }
    }
    Ok(f)
}

/// Compiled regexes of recent calls (a filter usually applies one regex to many inputs).
const CACHE: usize = 16;

/// Backtracking steps a `fancy-regex` search may take before it fails (a runaway pattern
/// must not hold the script; PCRE's own default limit is 10 million).
const BACKTRACK_LIMIT: usize = 1_000_000;

/// A compiled pattern: the `regex` crate's automata, or `fancy-regex`'s backtracker for the
/// constructs only it has.
#[derive(Clone)]
enum Engine {
    Fast(Regex),
    Fancy(fancy_regex::Regex),
}

impl Engine {
    /// Group names, group 0 excluded.
    fn names(&self) -> Vec<Option<&str>> {
        match self {
            Engine::Fast(x) => x.capture_names().skip(1).collect(),
            Engine::Fancy(x) => x.capture_names().skip(1).collect(),
        }
    }
}

thread_local! {
    static COMPILED: RefCell<Vec<(String, Flags, Engine)>> = const { RefCell::new(Vec::new()) };
}

fn compile(re: &str, f: Flags) -> Result<Engine, String> {
    let hit = COMPILED.with(|c| c.borrow().iter().find(|(r, g, _)| r == re && *g == f).map(|(_, _, x)| x.clone()));
    if let Some(x) = hit {
        return Ok(x);
    }
    let x = RegexBuilder::new(re)
        .case_insensitive(f.icase)
        .ignore_whitespace(f.extended)
        .dot_matches_new_line(f.dotall)
        .size_limit(1 << 22)
        .build()
        .map(Engine::Fast)
        .or_else(|e| fancy(re, f).ok_or(e))
        .map_err(|e| {
            let why = e.to_string();
            let last = why.lines().filter(|l| !l.trim().is_empty()).last().unwrap_or("").trim().to_string();
            format!("{re} (at offset 0) is not a valid regex: {last}")
        })?;
    COMPILED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE {
            c.remove(0);
        }
        c.push((re.to_string(), f, x.clone()));
    });
    Ok(x)
}

/// `re` through `fancy-regex`, the flags as inline flags; `None` if it refuses it too.
fn fancy(re: &str, f: Flags) -> Option<Engine> {
    let mut full = String::with_capacity(re.len() + 8);
    if f.icase || f.extended || f.dotall {
        full.push_str("(?");
        for (on, c) in [(f.icase, 'i'), (f.extended, 'x'), (f.dotall, 's')] {
            if on {
                full.push(c);
            }
        }
        full.push(')');
    }
    full.push_str(re);
    fancy_regex::RegexBuilder::new(&full).backtrack_limit(BACKTRACK_LIMIT).build().ok().map(Engine::Fancy)
}

/// Whether `re` matches `s` somewhere (`test`).
pub fn test(s: &[u8], re: &str, flag_text: &str) -> Result<bool, String> {
    let f = flags(flag_text)?;
    let x = compile(re, f)?;
    if let (Engine::Fast(x), false) = (&x, f.no_empty) {
        return Ok(x.is_match(s));
    }
    Ok(!matches(s, &x, Flags { global: f.no_empty, ..f })?.is_empty())
}

/// The matches of `re` in `s` as jq's `match` gives them (an array of match objects).
pub fn match_all(s: &[u8], re: &str, flag_text: &str) -> Result<Val, String> {
    let f = flags(flag_text)?;
    let x = compile(re, f)?;
    let names = x.names();
    // fancy-regex searches text: bytes that are not UTF-8 become U+FFFD first.
    let lossy;
    let s = match (&x, std::str::from_utf8(s)) {
        (Engine::Fancy(_), Err(_)) => {
            lossy = String::from_utf8_lossy(s).into_owned();
            lossy.as_bytes()
        }
        _ => s,
    };
    let mut chars = CharIndex::new(s);
    let mut out = Vec::new();
    for caps in matches(s, &x, f)? {
        let whole = caps[0].expect("group 0 always takes part");
        let mut groups = Vec::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            let name = name.map_or(Val::Null, |n| Val::from(n.to_string()));
            groups.push(match caps[i + 1] {
                Some((a, b)) => object([
                    ("offset", Val::from(chars.at(a) as isize)),
                    ("length", Val::from(chars.count(a, b) as isize)),
                    ("string", text(&s[a..b])),
                    ("name", name),
                ]),
                None => object([("offset", Val::from(-1isize)), ("string", Val::Null), ("length", Val::from(0isize)), ("name", name)]),
            });
        }
        out.push(object([
            ("offset", Val::from(chars.at(whole.0) as isize)),
            ("length", Val::from(chars.count(whole.0, whole.1) as isize)),
            ("string", text(&s[whole.0..whole.1])),
            ("captures", Val::Arr(groups.into())),
        ]));
    }
    Ok(Val::Arr(out.into()))
}

fn object<const N: usize>(fields: [(&str, Val); N]) -> Val {
    let mut m = Map::default();
    for (k, v) in fields {
        m.insert(Val::from(k.to_string()), v);
    }
    Val::obj(m)
}

fn text(b: &[u8]) -> Val {
    Val::utf8_str(super::read::sanitize_utf8(b.to_vec()))
}

/// Byte spans of each match and its groups (`None`: the group did not take part).
type Spans = Vec<Option<(usize, usize)>>;

/// The matches, first only unless global, searched the way jq's loop searches.
fn matches(s: &[u8], x: &Engine, f: Flags) -> Result<Vec<Spans>, String> {
    match x {
        Engine::Fast(x) => {
            let mut locs = x.capture_locations();
            Ok(search(s, f, |start| {
                x.captures_read_at(&mut locs, s, start)?;
                Some((0..locs.len()).map(|i| locs.get(i)).collect())
            }))
        }
        Engine::Fancy(x) => {
            let text = std::str::from_utf8(s).map_err(|e| e.to_string())?;
            let mut failed = None;
            let out = search(s, f, |start| match x.captures_from_pos(text, start) {
                Ok(c) => c.map(|c| (0..c.len()).map(|i| c.get(i).map(|m| (m.start(), m.end()))).collect()),
                Err(e) => {
                    failed = Some(e.to_string());
                    None
                }
            });
            failed.map_or(Ok(out), Err)
        }
    }
}

/// jq's search loop over `find(start)`, the spans of the next match at or after `start`.
fn search(s: &[u8], f: Flags, mut find: impl FnMut(usize) -> Option<Spans>) -> Vec<Spans> {
    let mut out = Vec::new();
    let mut start = 0;
    while start <= s.len() {
        let Some(spans) = find(start) else { break };
        let (a, b) = spans[0].expect("group 0 always takes part");
        let empty = a == b;
        if !(empty && f.no_empty) {
            out.push(spans);
            if !f.global {
                break;
            }
        }
        start = if empty { b + char_len(s, b).max(1) } else { b };
    }
    out
}

/// Length in bytes of the UTF-8 character at `i` (1 for a stray byte, 0 at the end).
fn char_len(s: &[u8], i: usize) -> usize {
    let Some(&c) = s.get(i) else { return 0 };
    let n = match c {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    if n > 1 && s.get(i..i + n).is_some_and(|t| std::str::from_utf8(t).is_ok()) {
        n
    } else {
        1
    }
}

/// Byte offsets to character offsets, walking forward (matches come in order).
struct CharIndex<'a> {
    s: &'a [u8],
    byte: usize,
    chars: usize,
}

impl<'a> CharIndex<'a> {
    fn new(s: &'a [u8]) -> Self {
        CharIndex { s, byte: 0, chars: 0 }
    }

    /// The character offset of byte `i`.
    fn at(&mut self, i: usize) -> usize {
        if i < self.byte {
            self.byte = 0;
            self.chars = 0;
        }
        while self.byte < i {
            self.byte += char_len(self.s, self.byte).max(1);
            self.chars += 1;
        }
        self.chars
    }

    /// Characters in `a..b`.
    fn count(&mut self, a: usize, b: usize) -> usize {
        let mut n = 0;
        let mut i = a;
        while i < b {
            i += char_len(self.s, i).max(1);
            n += 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str, re: &str, f: &str) -> String {
        String::from_utf8(super::super::write::to_json(&match_all(s.as_bytes(), re, f).unwrap())).unwrap()
    }

    #[test]
    fn unmatched_groups_keep_their_place() {
        assert_eq!(
            m("ab", "(x)?(a)", ""),
            r#"[{"offset":0,"length":1,"string":"a","captures":[{"offset":-1,"string":null,"length":0,"name":null},{"offset":0,"length":1,"string":"a","name":null}]}]"#
        );
    }

    #[test]
    fn global_search_finds_empty_matches_after_others() {
        assert_eq!(m("ab", "b*", "g").matches("\"offset\"").count(), 3);
        assert_eq!(m("aé b", "\\w+", "g"), r#"[{"offset":0,"length":2,"string":"aé","captures":[]},{"offset":3,"length":1,"string":"b","captures":[]}]"#);
        assert_eq!(m("abc", "", "gn"), "[]");
    }

    #[test]
    fn bad_flags_and_regexes() {
        assert_eq!(flags("gq").err().unwrap(), "gq is not a valid modifier string");
        assert!(match_all(b"a", "(", "").unwrap_err().starts_with("( (at offset 0) is not a valid regex: "));
        assert!(test(b"A", "a", "i").unwrap());
    }

    #[test]
    fn look_around_and_back_references() {
        assert_eq!(m("foobar foobaz", "foo(?=baz)", "g"), r#"[{"offset":7,"length":3,"string":"foo","captures":[]}]"#);
        assert_eq!(m("abab", "(?<x>ab)\\k<x>", ""), r#"[{"offset":0,"length":4,"string":"abab","captures":[{"offset":0,"length":2,"string":"ab","name":"x"}]}]"#);
        assert!(test(b"XA", "(?<=x)a", "i").unwrap());
        assert!(!test(b"ba", "(?<!b)a", "").unwrap());
        assert!(match_all(b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", "(a*)*\\1b", "").unwrap_err().contains("backtrack"));
    }
}
