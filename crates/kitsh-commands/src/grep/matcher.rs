//! Building grep's one regex from its pattern list: `-G`/`-E` through [`kitsh_core::util::posix_re`],
//! `-F` escaped, `-P` given to the engine as is; `-i`, `-w` and `-x` as wrappers.

use kitsh_core::util::bytes::raw_byte;
use kitsh_core::util::posix_re::{self, Options, PosixReError, PosixRegex, Syntax};

/// The pattern syntax (`-G`, `-E`, `-F`, `-P`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Basic,
    Extended,
    Fixed,
    Perl,
}

/// How patterns must match.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct MatchOpts {
    /// `-i`
    pub icase: bool,
    /// `-w`
    pub word: bool,
    /// `-x`
    pub line: bool,
    /// `-z`: records may hold newlines.
    pub null_data: bool,
}

/// The compiled patterns; `None` when the list is empty (nothing matches).
pub(super) struct Matcher {
    re: Option<PosixRegex>,
    /// When the only pattern is a plain string matched anywhere in a line: a substring
    /// finder, so a search can skip over lines without it a buffer at a time.
    literal: Option<memchr::memmem::Finder<'static>>,
    /// A `-P` pattern the regex crate cannot take (look-around, back-references, atomic
    /// groups), compiled by the backtracking engine instead.
    fancy: Option<fancy_regex::Regex>,
}

/// Backtracking steps one `-P` search may take (PCRE's default match limit is 10 000 000).
const PERL_BACKTRACK_LIMIT: usize = 1_000_000;

/// A pattern error, with grep's warnings gathered so far.
pub(super) struct BuildError {
    /// GNU's message.
    pub message: String,
}

impl Matcher {
    /// A matcher that matches nothing (an empty pattern list).
    pub fn empty() -> Matcher {
        Matcher { re: None, literal: None, fancy: None }
    }

    /// Compile `patterns` (each one line of the pattern list). Warnings are pushed to `warnings`.
    pub fn new(patterns: &[String], mode: Mode, o: MatchOpts, warnings: &mut Vec<&'static str>) -> Result<Matcher, BuildError> {
        if patterns.is_empty() {
            return Ok(Matcher::empty());
        }
        let err = |e: PosixReError| BuildError {
            message: match e {
                PosixReError::Engine(m) if mode == Mode::Perl => m,
                e => e.to_string(),
            },
        };
        let mut bodies = Vec::with_capacity(patterns.len());
        let mut translated = Vec::new();
        for p in patterns {
            bodies.push(match mode {
                Mode::Basic | Mode::Extended => {
                    let syntax = if mode == Mode::Basic { Syntax::Basic } else { Syntax::Extended };
                    let opts = Options { icase: o.icase, ..Options::grep(syntax) };
                    let t = posix_re::translate_with(p, &opts).map_err(err)?;
                    warnings.extend(t.warnings.iter().copied());
                    let body = t.pattern.clone();
                    translated.push(t);
                    body
                }
                Mode::Fixed => fixed(p, o.icase),
                Mode::Perl => perl(p, o.icase),
            });
        }
        let (before, after) = match (o.line, o.word) {
            (true, _) => ("\\A", "\\z"),
            (false, true) => ("\\b{start-half}", "\\b{end-half}"),
            _ => ("", ""),
        };
        if translated.iter().any(|t| t.backrefs) {
            let list: Vec<&posix_re::Translated> = translated.iter().collect();
            let wrap = |a: &'static str| (!a.is_empty()).then_some(a);
            let re = PosixRegex::with_backrefs(&list, wrap(before), wrap(after)).map_err(err)?;
            return Ok(Matcher { re: Some(re), literal: None, fancy: None });
        }
        // POSIX leftmost-longest matters for `-o` with alternatives (not for -P's Perl rules).
        let longest = (patterns.len() > 1 || translated.iter().any(|t| t.alternation))
            && !translated.iter().any(|t| t.end_context)
            && before.is_empty()
            && mode != Mode::Perl;
        let full = format!("{before}(?:{})", bodies.join("|")) + after;
        let re = match PosixRegex::from_pattern(&full, longest) {
            Ok(re) => re,
            Err(PosixReError::Engine(_)) if mode == Mode::Perl => return perl_fallback(&bodies, o),
            Err(e) => return Err(err(e)),
        };
        let literal = match patterns {
            [p] if !o.icase && !o.word && !o.line && is_plain(p, mode) => Some(memchr::memmem::Finder::new(p.as_bytes()).into_owned()),
            _ => None,
        };
        Ok(Matcher { re: Some(re), literal, fancy: None })
    }

    /// The substring every selected line contains and that selects it, when there is one
    /// (see [`Matcher::literal`]'s field).
    pub fn literal(&self) -> Option<&memchr::memmem::Finder<'static>> {
        self.literal.as_ref()
    }

    /// Whether `line` contains a match. A `-P` search that exceeds the backtracking limit
    /// is an error (GNU grep stops there too).
    pub fn is_match(&self, line: &[u8]) -> Result<bool, String> {
        if let Some(f) = &self.fancy {
            return f.is_match(line).map_err(perl_runtime);
        }
        Ok(self.re.as_ref().is_some_and(|r| r.is_match(line)))
    }

    /// The non-empty matches of `line` (`-o`), as byte ranges.
    pub fn matches(&self, line: &[u8]) -> Result<Vec<(usize, usize)>, String> {
        if let Some(f) = &self.fancy {
            let mut v = Vec::new();
            for m in f.find_iter(line) {
                let m = m.map_err(perl_runtime)?;
                if m.end() > m.start() {
                    v.push((m.start(), m.end()));
                }
            }
            return Ok(v);
        }
        Ok(self.re.iter().flat_map(move |r| r.find_iter(line)).filter(|(s, e)| e > s).collect())
    }
}

/// `-P` patterns through the backtracking engine, with `-w`/`-x` as look-arounds and anchors.
fn perl_fallback(bodies: &[String], o: MatchOpts) -> Result<Matcher, BuildError> {
    let alts = bodies.join("|");
    let full = if o.line {
        format!("\\A(?:{alts})\\z")
    } else if o.word {
        format!("(?<![\\w])(?:{alts})(?![\\w])")
    } else {
        alts
    };
    let re = fancy_regex::RegexBuilder::new(&full).backtrack_limit(PERL_BACKTRACK_LIMIT).build().map_err(|e| BuildError { message: perl_message(e) })?;
    Ok(Matcher { re: None, literal: None, fancy: Some(re) })
}

/// A `-P` compile error in PCRE2's words where GNU grep users know them.
fn perl_message(e: fancy_regex::Error) -> String {
    use fancy_regex::{CompileError as C, Error as E, ParseError as P};
    match e {
        E::ParseError(_, P::UnclosedOpenParen) => "missing closing parenthesis".into(),
        E::ParseError(_, P::TrailingBackslash) => "\\ at end of pattern".into(),
        E::ParseError(_, P::TargetNotRepeatable) => "quantifier does not follow a repeatable item".into(),
        E::ParseError(_, P::InvalidBackref) => "reference to non-existent subpattern".into(),
        E::CompileError(c) if matches!(*c, C::LookBehindNotConst | C::VariableLookBehindRequiresFeature) => "lookbehind assertion is not fixed length".into(),
        E::CompileError(c) if matches!(*c, C::InvalidBackref(_)) => "reference to non-existent subpattern".into(),
        e => e.to_string(),
    }
}

/// A `-P` search that could not finish.
fn perl_runtime(e: fancy_regex::Error) -> String {
    match e {
        fancy_regex::Error::RuntimeError(fancy_regex::RuntimeError::BacktrackLimitExceeded) => "exceeded PCRE's backtracking limit".to_string(),
        e => e.to_string(),
    }
}

/// Whether `p` matches exactly its own text in `mode` (no special character, no raw byte).
fn is_plain(p: &str, mode: Mode) -> bool {
    let special: &[char] = match mode {
        Mode::Fixed => &[],
        Mode::Basic => &['\\', '.', '[', ']', '*', '^', '$'],
        Mode::Extended | Mode::Perl => &['\\', '.', '[', ']', '*', '^', '$', '+', '?', '(', ')', '{', '}', '|'],
    };
    !p.is_empty() && p.chars().all(|c| !special.contains(&c) && raw_byte(c).is_none())
}

/// A `-F` string as a regex.
fn fixed(p: &str, icase: bool) -> String {
    let mut s = String::with_capacity(p.len() + 8);
    s.push_str(if icase { "(?i:" } else { "(?:" });
    for c in p.chars() {
        posix_re::push_literal(&mut s, c, true);
    }
    s.push(')');
    s
}

/// A `-P` pattern: the engine's own syntax; raw bytes become byte escapes.
fn perl(p: &str, icase: bool) -> String {
    let mut s = String::with_capacity(p.len() + 8);
    s.push_str(if icase { "(?i:" } else { "(?:" });
    for c in p.chars() {
        match raw_byte(c) {
            Some(b) => s.push_str(&format!("(?-u:\\x{b:02X})")),
            None => s.push(c),
        }
    }
    s.push(')');
    s
}
