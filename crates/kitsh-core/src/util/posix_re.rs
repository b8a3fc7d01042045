//! POSIX regular expressions (GNU flavour) translated to the syntax of the `regex` crate.
//!
//! Handles basic (BRE: `\( \) \{ \} \| \+ \?`) and extended (ERE) syntax, bracket expressions
//! (`[]a]`, `[^]a]`, `[[:alpha:]]`, `[[.x.]]`, `[[=x=]]`, backslash literal inside brackets),
//! GNU escapes (`\w \W \s \S \b \B \< \> \` \'`), GNU's context rules (`*` literal at the start
//! of a BRE, `^`/`$` anchors only at BRE ends and group edges, ERE `{` literal when not an
//! interval in grep) and GNU's error messages (`Unmatched ( or \(`, ...).
//!
//! Two dialects: [`Options::posix`] (glibc's `RE_SYNTAX_POSIX_*`, as `sed` and bash's `=~` use:
//! misplaced repetitions are errors) and [`Options::grep`] (grep's lenient syntax: a repetition
//! at the start of an ERE is ignored with a warning, an invalid ERE interval is literal).
//!
//! [`PosixRegex`] matches with POSIX leftmost-longest semantics where the `regex` crate's
//! leftmost-first could differ (alternations), and runs patterns with back-references (`\1`)
//! on a small backtracking matcher. The plain [`translate`] / [`build`] API reports
//! back-references as [`PosixReError::Backref`].

mod backtrack;
mod bracket;
mod compiled;
#[cfg(test)]
mod tests;

use regex::bytes::{Regex, RegexBuilder};

use backtrack::Tok;
pub use compiled::{Groups, Matches, PosixRegex};

/// The syntax family of a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// Basic regular expressions (`grep`, `sed` without `-E`).
    Basic,
    /// Extended regular expressions (`grep -E`, `sed -E`, `[[ =~ ]]`).
    Extended,
}

/// How to translate a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// BRE or ERE.
    pub syntax: Syntax,
    /// Case-insensitive matching.
    pub icase: bool,
    /// `^`/`$` also match at embedded newlines, and `.`/`[^x]` do not match a newline (sed's
    /// `M` flag). Off: `.` matches any character, `^`/`$` only the ends of the text.
    pub multiline: bool,
    /// grep's lenient syntax instead of glibc's POSIX syntax (see the module docs).
    pub lenient: bool,
    /// Raw-byte characters (`U+10FF80..=U+10FFFF`, see [`crate::util::bytes`]) match the bytes
    /// they stand for (for a [`regex::bytes::Regex`]); off: they match themselves (for a
    /// [`regex::Regex`] on shell strings).
    pub bytes: bool,
}

impl Options {
    /// glibc's POSIX syntax (sed, `[[ =~ ]]`), for a bytes regex.
    pub const fn posix(syntax: Syntax) -> Self {
        Self { syntax, icase: false, multiline: false, lenient: false, bytes: true }
    }

    /// grep's lenient syntax, for a bytes regex.
    pub const fn grep(syntax: Syntax) -> Self {
        Self { syntax, icase: false, multiline: false, lenient: true, bytes: true }
    }
}

/// A translated pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translated {
    /// The pattern in `regex` crate syntax, self-contained: flags are set in a non-capturing
    /// group around it, so it can be embedded in a larger pattern. With back-references it
    /// only matches a superset (each `\N` as "anything"): compile with [`PosixRegex::new`].
    pub pattern: String,
    /// The number of capture groups (`\(...\)` / `(...)`), numbered as in the original.
    pub groups: usize,
    /// grep's warnings (`* at start of expression`), to print as `grep: warning: ...`.
    pub warnings: Vec<&'static str>,
    /// The pattern has an alternation (leftmost-first may then differ from POSIX).
    pub alternation: bool,
    /// The pattern has an assertion that looks past a match's end (`$`, `\b`, `\>`, ...).
    pub end_context: bool,
    /// The pattern has back-references.
    pub backrefs: bool,
    /// The pattern as items, for the backtracking matcher.
    pub tokens: Vec<Tok>,
    /// The inline flags (`is`, `m`...).
    pub flags: String,
}

/// A pattern that does not compile; `Display` gives GNU's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PosixReError {
    /// A `[` without its `]`.
    #[error("Unmatched [, [^, [:, [., or [=")]
    UnmatchedBracket,
    /// A `(` / `\(` without its close.
    #[error("Unmatched ( or \\(")]
    UnmatchedParen,
    /// A `)` / `\)` without its open.
    #[error("Unmatched ) or \\)")]
    UnmatchedRParen,
    /// An interval without its close.
    #[error("Unmatched \\{{")]
    UnmatchedBrace,
    /// A malformed interval (`{2,1}`, `{}`).
    #[error("Invalid content of \\{{\\}}")]
    BadInterval,
    /// A repetition with nothing to repeat.
    #[error("Invalid preceding regular expression")]
    InvalidPreceding,
    /// A range whose end sorts before its start, or a class as a range end.
    #[error("Invalid range end")]
    InvalidRangeEnd,
    /// `[[:foo:]]`
    #[error("Invalid character class name")]
    InvalidClass,
    /// `[[.ab.]]`
    #[error("Invalid collation character")]
    InvalidCollation,
    /// A pattern ending in `\`.
    #[error("Trailing backslash")]
    TrailingBackslash,
    /// A back-reference to a group that does not exist (yet).
    #[error("Invalid back reference")]
    InvalidBackref,
    /// A valid back-reference: the `regex` engine cannot match them.
    #[error("back-references are not supported")]
    Backref,
    /// A repetition count over 32767, or a pattern too large to compile.
    #[error("Regular expression too big")]
    TooBig,
    /// `[:alpha:]` used outside a bracket expression.
    #[error("character class syntax is [[:space:]], not [:space:]")]
    ClassSyntax,
    /// Any other error of the `regex` engine (its message).
    #[error("{0}")]
    Engine(String),
}

/// The largest repetition count (glibc's `RE_DUP_MAX`).
const DUP_MAX: u32 = 0x7fff;

/// The compiled-size limit given to the engine.
const SIZE_LIMIT: usize = 64 << 20;

/// Translate `pattern` (POSIX dialect) into `regex` crate syntax for a [`regex::Regex`] on shell
/// strings (raw-byte characters match themselves); flags included.
pub fn translate(pattern: &str, syntax: Syntax, icase: bool) -> Result<String, PosixReError> {
    let opts = Options { icase, bytes: false, ..Options::posix(syntax) };
    let t = translate_with(pattern, &opts)?;
    if t.backrefs {
        return Err(PosixReError::Backref);
    }
    Ok(t.pattern)
}

/// Translate `pattern` with full control over the dialect.
pub fn translate_with(pattern: &str, opts: &Options) -> Result<Translated, PosixReError> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut tr = Tr::new(&chars, opts);
    tr.run()?;
    let mut flags = String::with_capacity(2);
    if opts.icase {
        flags.push('i');
    }
    flags.push(if opts.multiline { 'm' } else { 's' });
    let pattern = format!("(?{flags}:{})", tr.out);
    Ok(Translated {
        pattern,
        groups: tr.groups,
        warnings: tr.warnings,
        alternation: tr.alternation,
        end_context: tr.end_context,
        backrefs: tr.backrefs,
        tokens: tr.toks,
        flags,
    })
}

/// Translate (POSIX dialect) and compile `pattern` into a bytes regex.
pub fn build(pattern: &str, syntax: Syntax, icase: bool) -> Result<Regex, PosixReError> {
    let opts = Options { icase, ..Options::posix(syntax) };
    let t = translate_with(pattern, &opts)?;
    if t.backrefs {
        return Err(PosixReError::Backref);
    }
    compile(&t.pattern)
}

/// Compile a pattern already in `regex` crate syntax (a [`Translated::pattern`] or a
/// combination of them), mapping engine errors to [`PosixReError`].
pub fn compile(pattern: &str) -> Result<Regex, PosixReError> {
    RegexBuilder::new(pattern).size_limit(SIZE_LIMIT).build().map_err(engine_error)
}

/// Map an error of the `regex` crate.
pub fn engine_error(e: regex::Error) -> PosixReError {
    match e {
        regex::Error::CompiledTooBig(_) => PosixReError::TooBig,
        regex::Error::Syntax(msg) => {
            let last = msg.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("invalid regular expression");
            PosixReError::Engine(last.trim_start_matches("error: ").to_string())
        }
        other => PosixReError::Engine(other.to_string()),
    }
}

/// Whether the `regex` crate treats `c` specially (it then needs a backslash to be literal).
pub fn is_meta(c: char) -> bool {
    matches!(c, '\\' | '.' | '+' | '*' | '?' | '(' | ')' | '|' | '[' | ']' | '{' | '}' | '^' | '$' | '#' | '&' | '-' | '~')
}

/// What the last emitted item is, for a following repetition operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Nothing to repeat: start of the pattern, of a group or of an alternative.
    Nothing,
    /// An anchor or word-boundary assertion.
    Anchor,
    /// An ordinary atom (character, class, group).
    Atom,
}

/// An interval `{m,n}` as read, or why it is not one.
enum Interval {
    /// A valid interval: minimum, maximum (`None`: unbounded), and the index after it.
    Valid(u32, Option<u32>, usize),
    /// Not a number where one is expected: an error, but a literal `{` in grep's ERE.
    Malformed(PosixReError),
    /// An error in every dialect (`{}`, `{2,1}`, too big).
    Bad(PosixReError),
}

/// The translation state.
struct Tr<'a> {
    c: &'a [char],
    i: usize,
    out: String,
    o: &'a Options,
    /// Where the last atom starts in `out`.
    atom: usize,
    last: Last,
    /// The last atom already carries a repetition operator.
    repeated: bool,
    /// BRE: at the start of the pattern, a group or an alternative (`^` is an anchor).
    branch_start: bool,
    /// Open groups: (position in `out`, group number).
    open: Vec<(usize, usize)>,
    groups: usize,
    /// Numbers of the groups closed so far (back-references may only name those).
    closed: Vec<usize>,
    warnings: Vec<&'static str>,
    alternation: bool,
    end_context: bool,
    backrefs: bool,
    /// The pattern as items (for back-references).
    toks: Vec<Tok>,
}

impl<'a> Tr<'a> {
    fn new(c: &'a [char], o: &'a Options) -> Self {
        Tr {
            c,
            i: 0,
            out: String::with_capacity(c.len() * 2 + 8),
            o,
            atom: 0,
            last: Last::Nothing,
            repeated: false,
            branch_start: true,
            open: Vec::new(),
            groups: 0,
            closed: Vec::new(),
            warnings: Vec::new(),
            alternation: false,
            end_context: false,
            backrefs: false,
            toks: Vec::new(),
        }
    }

    fn ere(&self) -> bool {
        self.o.syntax == Syntax::Extended
    }

    fn run(&mut self) -> Result<(), PosixReError> {
        while let Some(&ch) = self.c.get(self.i) {
            self.i += 1;
            match ch {
                '\\' => self.escape()?,
                '[' => {
                    let start = self.out.len();
                    bracket::parse(self.c, &mut self.i, self.o, &mut self.out)?;
                    self.toks.push(Tok::Atom(self.out[start..].to_string()));
                    self.mark(start, Last::Atom);
                }
                '.' => self.emit(".", Last::Atom),
                '*' => self.repeat("*", '*')?,
                '^' => self.caret(),
                '$' => self.dollar(),
                '(' if self.ere() => self.open_group(),
                ')' if self.ere() => self.close_group()?,
                '|' if self.ere() => self.alternate(),
                '+' | '?' if self.ere() => self.repeat(if ch == '+' { "+" } else { "?" }, ch)?,
                '{' if self.ere() => self.interval()?,
                _ => self.literal(ch),
            }
        }
        if !self.open.is_empty() {
            return Err(PosixReError::UnmatchedParen);
        }
        Ok(())
    }

    /// Record that an item of kind `last` starts at `start` in `out`.
    fn mark(&mut self, start: usize, last: Last) {
        self.atom = start;
        self.last = last;
        self.repeated = false;
        self.branch_start = false;
    }

    fn emit(&mut self, s: &str, last: Last) {
        self.toks.push(if last == Last::Atom { Tok::Atom(s.to_string()) } else { Tok::Assert(s.to_string()) });
        let start = self.out.len();
        self.out.push_str(s);
        self.mark(start, last);
    }

    fn literal(&mut self, ch: char) {
        self.toks.push(Tok::Lit(ch));
        let start = self.out.len();
        push_literal(&mut self.out, ch, self.o.bytes);
        self.mark(start, Last::Atom);
    }

    fn caret(&mut self) {
        if self.ere() || self.branch_start {
            self.toks.push(Tok::Assert("^".to_string()));
            let start = self.out.len();
            self.out.push('^');
            self.mark(start, if self.ere() { Last::Anchor } else { Last::Nothing });
        } else {
            self.literal('^');
        }
    }

    fn dollar(&mut self) {
        let at_end = match self.c.get(self.i) {
            None => true,
            Some('\\') => matches!(self.c.get(self.i + 1), Some(')' | '|')),
            _ => false,
        };
        if self.ere() || at_end {
            self.end_context = true;
            self.emit("$", Last::Anchor);
        } else {
            self.literal('$');
        }
    }

    fn open_group(&mut self) {
        self.groups += 1;
        self.toks.push(Tok::Open(self.groups));
        self.open.push((self.out.len(), self.groups));
        self.out.push('(');
        self.last = Last::Nothing;
        self.repeated = false;
        self.branch_start = true;
    }

    fn close_group(&mut self) -> Result<(), PosixReError> {
        let Some((start, n)) = self.open.pop() else {
            if self.ere() && self.o.lenient {
                self.literal(')');
                return Ok(());
            }
            return Err(PosixReError::UnmatchedRParen);
        };
        self.out.push(')');
        self.toks.push(Tok::Close);
        self.closed.push(n);
        self.mark(start, Last::Atom);
        Ok(())
    }

    fn alternate(&mut self) {
        self.alternation = true;
        self.toks.push(Tok::Alt);
        self.out.push('|');
        self.last = Last::Nothing;
        self.repeated = false;
        self.branch_start = true;
    }

    /// A backslash escape; `self.i` is just past the backslash.
    fn escape(&mut self) -> Result<(), PosixReError> {
        let Some(&d) = self.c.get(self.i) else { return Err(PosixReError::TrailingBackslash) };
        self.i += 1;
        let bre = !self.ere();
        match d {
            '(' if bre => self.open_group(),
            ')' if bre => self.close_group()?,
            '|' if bre => self.alternate(),
            '{' if bre => self.interval()?,
            '+' | '?' if bre => self.repeat(if d == '+' { "+" } else { "?" }, d)?,
            '1'..='9' => {
                let n = d as usize - '0' as usize;
                if !self.closed.contains(&n) {
                    return Err(PosixReError::InvalidBackref);
                }
                // The regex gets "any bytes" (a superset); the backtracker does the real work.
                self.backrefs = true;
                let start = self.out.len();
                self.out.push_str("(?s-u:.*)");
                self.toks.push(Tok::Backref(n));
                self.mark(start, Last::Atom);
            }
            'w' => self.emit("\\w", Last::Atom),
            'W' => self.emit("\\W", Last::Atom),
            's' => self.emit("\\s", Last::Atom),
            'S' => self.emit("\\S", Last::Atom),
            'b' | 'B' | '<' | '>' | '\'' => {
                self.end_context = true;
                let s = match d {
                    'b' => "\\b",
                    'B' => "\\B",
                    '<' => "\\b{start}",
                    '>' => "\\b{end}",
                    _ => "\\z",
                };
                self.emit(s, Last::Anchor);
            }
            '`' => self.emit("\\A", Last::Anchor),
            _ => self.literal(d),
        }
        Ok(())
    }

    /// A repetition operator `op` (source character `ch`).
    fn repeat(&mut self, op: &str, ch: char) -> Result<(), PosixReError> {
        match self.last {
            Last::Nothing if !self.ere() => {
                // BRE: a leading `*`, `\+`, `\?` is an ordinary character.
                self.literal(ch);
                return Ok(());
            }
            Last::Nothing | Last::Anchor if self.ere() && !self.o.lenient => return Err(PosixReError::InvalidPreceding),
            Last::Nothing => {
                self.warnings.push(match ch {
                    '*' => "* at start of expression",
                    '+' => "+ at start of expression",
                    _ => "? at start of expression",
                });
                return Ok(());
            }
            Last::Anchor if self.ere() && self.o.lenient => {
                self.warnings.push(match ch {
                    '*' => "* at start of expression",
                    '+' => "+ at start of expression",
                    _ => "? at start of expression",
                });
            }
            _ => {}
        }
        let bounds = match ch {
            '*' => (0, None),
            '+' => (1, None),
            _ => (0, Some(1)),
        };
        self.apply(op, bounds)
    }

    /// Append the repetition `op` to the last atom, grouping it first if it already has one.
    fn apply(&mut self, op: &str, bounds: (u32, Option<u32>)) -> Result<(), PosixReError> {
        if self.repeated || self.last == Last::Anchor {
            if self.repeated && !self.ere() && !self.o.lenient {
                return Err(PosixReError::InvalidPreceding);
            }
            self.out.insert_str(self.atom, "(?:");
            self.out.push(')');
        }
        self.out.push_str(op);
        self.toks.push(Tok::Repeat(bounds.0, bounds.1));
        self.repeated = true;
        self.last = Last::Atom;
        Ok(())
    }

    /// An interval; `self.i` is just past `{` (ERE) or `\{` (BRE).
    fn interval(&mut self) -> Result<(), PosixReError> {
        let lenient = self.o.lenient;
        if self.last == Last::Nothing || (self.last == Last::Anchor && self.ere() && !lenient) {
            if !lenient {
                return Err(PosixReError::InvalidPreceding);
            }
            if self.ere() {
                // grep: the `{` is dropped, what follows is read as ordinary text.
                if matches!(read_interval(self.c, self.i, false), Interval::Valid(..)) {
                    self.warnings.push("{...} at start of expression");
                }
                return Ok(());
            }
            self.literal('{');
            return Ok(());
        }
        match read_interval(self.c, self.i, !self.ere()) {
            Interval::Valid(min, max, next) => {
                self.i = next;
                let op = match max {
                    None => format!("{{{min},}}"),
                    Some(m) if m == min => format!("{{{min}}}"),
                    Some(m) => format!("{{{min},{m}}}"),
                };
                if self.last == Last::Anchor {
                    self.warnings.push("{...} at start of expression");
                }
                self.apply(&op, (min, max))
            }
            Interval::Malformed(_) if self.ere() && lenient => {
                self.literal('{');
                Ok(())
            }
            Interval::Malformed(e) | Interval::Bad(e) => Err(e),
        }
    }
}

/// One number of an interval, read like glibc's `fetch_number`: characters up to `,` or the
/// close. Returns the value (`None` if empty, `Some(Err)` if malformed or at the end of the
/// pattern), the terminator (`None`: end of pattern) and the index after it.
fn fetch_number(c: &[char], mut i: usize, bre: bool) -> (Option<Result<u32, ()>>, Option<char>, usize) {
    let mut num: Option<Result<u32, ()>> = None;
    loop {
        let Some(&ch) = c.get(i) else { return (Some(Err(())), None, i) };
        if bre && ch == '\\' && c.get(i + 1) == Some(&'}') {
            return (num, Some('}'), i + 2);
        }
        if (!bre && ch == '}') || ch == ',' {
            return (num, Some(ch), i + 1);
        }
        i += 1;
        num = match (num, ch.to_digit(10)) {
            (Some(Err(())), _) | (_, None) => Some(Err(())),
            (None, Some(d)) => Some(Ok(d)),
            (Some(Ok(n)), Some(d)) => Some(Ok((n * 10 + d).min(DUP_MAX + 1))),
        };
    }
}

/// Read an interval body starting at `i` (just past the opening brace), like glibc's
/// `parse_dup_op`.
fn read_interval(c: &[char], i: usize, bre: bool) -> Interval {
    let (start, term, next) = fetch_number(c, i, bre);
    let min = match start {
        None if term == Some(',') => Ok(0),
        None => return Interval::Bad(PosixReError::BadInterval),
        Some(v) => v,
    };
    let (max, term, next) = match (min, term) {
        (Ok(_), Some(',')) => {
            let (m, t, n) = fetch_number(c, next, bre);
            (m.map_or(Ok(None), |v| v.map(Some)), t, n)
        }
        _ => (min.map(Some), term, next),
    };
    let (Ok(min), Ok(max)) = (min, max) else {
        return Interval::Malformed(if term.is_none() { PosixReError::UnmatchedBrace } else { PosixReError::BadInterval });
    };
    if term != Some('}') || max.is_some_and(|m| m < min) {
        return Interval::Bad(PosixReError::BadInterval);
    }
    if min > DUP_MAX || max.is_some_and(|m| m > DUP_MAX) {
        return Interval::Bad(PosixReError::TooBig);
    }
    Interval::Valid(min, max, next)
}

/// Append `ch` as a literal: escaped if the `regex` crate treats it specially; a raw byte as a
/// byte match in bytes mode (see [`Options::bytes`]).
pub fn push_literal(out: &mut String, ch: char, bytes: bool) {
    if bytes {
        if let Some(b) = crate::util::bytes::raw_byte(ch) {
            out.push_str(&format!("(?-u:\\x{b:02X})"));
            return;
        }
    }
    if is_meta(ch) {
        out.push('\\');
    }
    out.push(ch);
}
