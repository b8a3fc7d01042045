//! `csplit`: cut a file into pieces at line numbers or regular-expression matches
//! (`N`, `/RE/[OFFSET]`, `%RE%[OFFSET]`, `{N}`, `{*}`; `-f -b -n -k -s -z --suppress-matched`).
//!
//! The input is read into memory as a list of lines; a cursor walks it pattern by pattern and
//! each piece is written to the virtual filesystem as it is closed, its size printed. On an
//! error the pieces written so far are removed unless `-k`.


use regex::bytes::Regex;

use super::args::{self, open_src, quote, quote_always, read_some, usage_error, ArgKind, Config, OptSpec, ChunkBuf};
use super::rev::read_error_text;
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;
use kitsh_core::util::posix_re::{build, Syntax};

/// The `csplit` command.
pub struct Csplit;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Suffix,
    Prefix,
    Keep,
    Suppress,
    Digits,
    Quiet,
    Elide,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('b', "suffix-format", O::Suffix),
    OptSpec::req('f', "prefix", O::Prefix),
    OptSpec::flag('k', "keep-files", O::Keep),
    OptSpec::long("suppress-matched", ArgKind::None, O::Suppress),
    OptSpec::req('n', "digits", O::Digits),
    OptSpec::flag('s', "quiet", O::Quiet),
    OptSpec::long("silent", ArgKind::None, O::Quiet),
    OptSpec::flag('z', "elide-empty-files", O::Elide),
];

const USAGE: &str = "Usage: csplit [OPTION]... FILE PATTERN...
Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ...,
and output byte counts of each piece to standard output.

Read standard input if FILE is -

Mandatory arguments to long options are mandatory for short options too.
  -b, --suffix-format=FORMAT  use sprintf FORMAT instead of %02d
  -f, --prefix=PREFIX        use PREFIX instead of 'xx'
  -k, --keep-files           do not remove output files on errors
      --suppress-matched     suppress the lines matching PATTERN
  -n, --digits=DIGITS        use specified number of digits instead of 2
  -s, --quiet, --silent      do not print counts of output file sizes
  -z, --elide-empty-files    remove empty output files
      --help        display this help and exit
      --version     output version information and exit

Each PATTERN may be:
  INTEGER            copy up to but not including specified line number
  /REGEXP/[OFFSET]   copy up to but not including a matching line
  %REGEXP%[OFFSET]   skip to, but not including a matching line
  {INTEGER}          repeat the previous pattern specified number of times
  {*}                repeat the previous pattern as many times as possible

A line OFFSET is an integer optionally preceded by '+' or '-'";

/// The widest field width or precision accepted in a suffix format or by `-n`.
const MAX_FIELD: usize = 4096;

/// How often a pattern applies.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Repeat {
    /// Once plus this many repetitions.
    Times(u64),
    /// Until it fails (`{*}`).
    Forever,
}

/// What a pattern looks for.
enum Target {
    /// Split before this line number (1-based).
    Line(u64),
    /// Split (or skip, `%`) at the line matching, moved by an offset.
    Match { re: Regex, skip: bool, offset: i64 },
}

/// One parsed pattern operand.
struct Pattern {
    text: String,
    target: Target,
    repeat: Repeat,
}

/// The piece-name format: `PREFIX` + a printf-like number conversion.
struct Namer {
    prefix: String,
    before: String,
    after: String,
    left: bool,
    zero: bool,
    alt: bool,
    sign: Option<char>,
    width: usize,
    precision: Option<usize>,
    conv: char,
}

impl Namer {
    /// The name of piece number `n`.
    fn name(&self, n: u64) -> String {
        let mut digits = match self.conv {
            'o' => format!("{n:o}"),
            'x' => format!("{n:x}"),
            'X' => format!("{n:X}"),
            _ => n.to_string(),
        };
        if let Some(p) = self.precision {
            if p == 0 && n == 0 {
                digits.clear();
            }
            while digits.len() < p {
                digits.insert(0, '0');
            }
        }
        let mut lead = String::new();
        if let Some(s) = self.sign {
            lead.push(s);
        }
        if self.alt {
            match self.conv {
                'o' if !digits.starts_with('0') => digits.insert(0, '0'),
                'x' if n != 0 => lead.push_str("0x"),
                'X' if n != 0 => lead.push_str("0X"),
                _ => {}
            }
        }
        let len = lead.len() + digits.len();
        let pad = self.width.saturating_sub(len);
        let body = if self.left {
            format!("{lead}{digits}{}", " ".repeat(pad))
        } else if self.zero && self.precision.is_none() {
            format!("{lead}{}{digits}", "0".repeat(pad))
        } else {
            format!("{}{lead}{digits}", " ".repeat(pad))
        };
        format!("{}{}{}{}", self.prefix, self.before, body, self.after)
    }
}

/// Parse a `-b` format; `Err` carries the message.
fn parse_suffix(prefix: &str, fmt: &str) -> Result<Namer, String> {
    let mut n = Namer {
        prefix: prefix.to_string(),
        before: String::new(),
        after: String::new(),
        left: false,
        zero: false,
        alt: false,
        sign: None,
        width: 0,
        precision: None,
        conv: 'd',
    };
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    let mut seen = false;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c != '%' {
            if seen { n.after.push(c) } else { n.before.push(c) }
            continue;
        }
        if chars.get(i) == Some(&'%') {
            i += 1;
            if seen { n.after.push('%') } else { n.before.push('%') }
            continue;
        }
        if seen {
            return Err("too many % conversion specifications in suffix".into());
        }
        seen = true;
        let start = i - 1;
        let mut flags = String::new();
        while let Some(&f) = chars.get(i) {
            if !matches!(f, '-' | '0' | '#' | ' ' | '\'') {
                break;
            }
            flags.push(f);
            i += 1;
        }
        let mut width = String::new();
        while let Some(&d) = chars.get(i).filter(|d| d.is_ascii_digit()) {
            width.push(d);
            i += 1;
        }
        let mut precision = None;
        if chars.get(i) == Some(&'.') {
            i += 1;
            let mut p = String::new();
            while let Some(&d) = chars.get(i).filter(|d| d.is_ascii_digit()) {
                p.push(d);
                i += 1;
            }
            precision = Some(p.parse::<usize>().unwrap_or(0));
        }
        let Some(&conv) = chars.get(i) else {
            return Err("missing conversion specifier in suffix".into());
        };
        i += 1;
        if !matches!(conv, 'd' | 'i' | 'u' | 'o' | 'x' | 'X') {
            return Err(format!("invalid conversion specifier in suffix: {conv}"));
        }
        let bad = if matches!(conv, 'd' | 'i') {
            flags.contains('#')
        } else {
            flags.contains(['+', ' ', '\'']) || (conv == 'u' && flags.contains('#'))
        };
        if bad {
            let spec: String = chars[start..i].iter().collect();
            return Err(format!("invalid flags in conversion specification: {spec}"));
        }
        n.left = flags.contains('-');
        n.zero = flags.contains('0');
        n.alt = flags.contains('#');
        n.sign = if flags.contains('+') {
            Some('+')
        } else if flags.contains(' ') {
            Some(' ')
        } else {
            None
        };
        n.width = if width.is_empty() { 0 } else { width.parse::<usize>().unwrap_or(usize::MAX).min(MAX_FIELD) };
        n.precision = precision.map(|p| p.min(MAX_FIELD));
        n.conv = conv;
    }
    if !seen {
        return Err("missing % conversion specification in suffix".into());
    }
    Ok(n)
}

/// Parse the pattern operands; `Err` after reporting.
fn parse_patterns(ctx: &mut Ctx<'_>, ops: &[String]) -> Result<Vec<Pattern>, i32> {
    let mut pats: Vec<Pattern> = Vec::new();
    let mut last_line: Option<u64> = None;
    for op in ops {
        if let (Some(inner), Some(prev)) = (op.strip_prefix('{'), pats.last_mut()) {
            let Some(inner) = inner.strip_suffix('}') else {
                ctx.error(&format!("{}: '}}' is required in repeat count", quote(op)));
                return Err(1);
            };
            prev.repeat = if inner == "*" {
                Repeat::Forever
            } else if let Some(n) = inner.parse::<u64>().ok().filter(|_| inner.bytes().all(|b| b.is_ascii_digit())) {
                Repeat::Times(n)
            } else {
                ctx.error(&format!("{}}}: integer required between '{{' and '}}'", quote(&op[..op.len() - 1])));
                return Err(1);
            };
            continue;
        }
        let b = op.as_bytes();
        if !b.is_empty() && (b[0] == b'/' || b[0] == b'%') {
            let delim = b[0];
            let body = &op[1..];
            let Some(close) = find_close(body.as_bytes(), delim) else {
                ctx.error(&format!("{op}: closing delimiter '{}' missing", delim as char));
                return Err(1);
            };
            let re_text = &body[..close];
            let tail = &body[close + 1..];
            let offset = if tail.is_empty() {
                0
            } else {
                let digits = tail.strip_prefix(['+', '-']).unwrap_or(tail);
                match tail.parse::<i64>() {
                    Ok(v) if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) => v,
                    _ => {
                        ctx.error(&format!("{}: integer expected after delimiter", quote(op)));
                        return Err(1);
                    }
                }
            };
            let re = match build(re_text, Syntax::Basic, false) {
                Ok(r) => r,
                Err(e) => {
                    ctx.error(&format!("{}: invalid regular expression: {e}", quote(op)));
                    return Err(1);
                }
            };
            pats.push(Pattern { text: op.clone(), target: Target::Match { re, skip: delim == b'%', offset }, repeat: Repeat::Times(0) });
            continue;
        }
        if !op.is_empty() && op.bytes().all(|c| c.is_ascii_digit()) {
            let n = op.parse::<u64>().unwrap_or(u64::MAX);
            if n == 0 {
                ctx.error(&format!("{op}: line number must be greater than zero"));
                return Err(1);
            }
            if let Some(prev) = last_line {
                if n < prev {
                    ctx.error(&format!("line number {} is smaller than preceding line number, {prev}", quote(op)));
                    return Err(1);
                }
                if n == prev {
                    ctx.error(&format!("warning: line number {} is the same as preceding line number", quote(op)));
                }
            }
            last_line = Some(n);
            pats.push(Pattern { text: op.clone(), target: Target::Line(n), repeat: Repeat::Times(0) });
            continue;
        }
        ctx.error(&format!("{}: invalid pattern", quote(op)));
        return Err(1);
    }
    Ok(pats)
}

/// The index of the closing delimiter in a pattern body (a backslash escapes it).
fn find_close(body: &[u8], delim: u8) -> Option<usize> {
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\\' {
            i += 2;
            continue;
        }
        if body[i] == delim {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Why the splitting stopped early.
enum Stop {
    /// An error was reported: close the open piece, clean up, status 1.
    Error,
    /// A write failed or the input vanished: status 1, nothing more.
    Abort,
}

/// The splitting state.
struct Splitter<'a> {
    data: &'a [u8],
    /// Byte ranges of the lines (newline included).
    lines: Vec<(usize, usize)>,
    cur: usize,
    search_from: usize,
    namer: Namer,
    quiet: bool,
    elide: bool,
    suppress: bool,
    /// The piece being collected.
    open: Option<Vec<u8>>,
    /// A failed `%RE%{*}` consumed the rest: no last piece.
    drained: bool,
    next_number: u64,
    written: Vec<String>,
    /// Output to print (sizes).
    out: Vec<u8>,
}

impl Splitter<'_> {
    fn line(&self, i: usize) -> &[u8] {
        let (s, e) = self.lines[i];
        &self.data[s..e]
    }

    /// Move the cursor to `to`, copying the lines into the open piece.
    fn take_until(&mut self, to: usize) {
        let to = to.min(self.lines.len());
        while self.cur < to {
            let (s, e) = self.lines[self.cur];
            if let Some(p) = &mut self.open {
                p.extend_from_slice(&self.data[s..e]);
            }
            self.cur += 1;
        }
    }

    /// Write the open piece out (unless empty with `-z`).
    fn close(&mut self, ctx: &mut Ctx<'_>) -> Result<(), Stop> {
        let Some(piece) = self.open.take() else { return Ok(()) };
        if self.elide && piece.is_empty() {
            return Ok(());
        }
        let name = self.namer.name(self.next_number);
        self.next_number += 1;
        let abs = ctx.abs_path(&name);
        if let Err(e) = ctx.fs.write_file(&abs, &piece, WriteMode::Truncate) {
            ctx.error(&format!("{}: {e}", quote_always(&name)));
            return Err(Stop::Abort);
        }
        self.written.push(abs);
        if !self.quiet {
            self.out.extend_from_slice(format!("{}\n", piece.len()).as_bytes());
        }
        Ok(())
    }

    fn suppress_line(&mut self) {
        if self.suppress && self.cur < self.lines.len() {
            self.cur += 1;
            self.search_from = self.search_from.max(self.cur);
        }
    }

    /// Apply one pattern at repetition `rep`; `Ok(false)` when a `{*}` repetition ends.
    fn apply(&mut self, ctx: &mut Ctx<'_>, p: &Pattern, rep: u64) -> Result<bool, Stop> {
        let on_rep = if rep > 0 { format!(" on repetition {rep}") } else { String::new() };
        let total = self.lines.len();
        match &p.target {
            Target::Line(n) => {
                if total == 0 {
                    self.open = Some(Vec::new());
                    let name = self.namer.name(self.next_number);
                    let abs = ctx.abs_path(&name);
                    let _ = ctx.fs.write_file(&abs, b"", WriteMode::Truncate);
                    ctx.error("input disappeared");
                    return Err(Stop::Abort);
                }
                let target = n.saturating_mul(rep + 1);
                self.open = Some(Vec::new());
                if target > total as u64 || ((target - 1) as usize) < self.cur {
                    self.take_until(total);
                    ctx.error(&format!("{}: line number out of range{on_rep}", quote(&p.text)));
                    return Err(Stop::Error);
                }
                self.take_until((target - 1) as usize);
                self.close(ctx)?;
                self.search_from = self.cur;
                self.suppress_line();
                Ok(true)
            }
            Target::Match { re, skip, offset } => {
                if !skip {
                    self.open = Some(Vec::new());
                }
                let found = (self.search_from..total).find(|&i| {
                    let l = self.line(i);
                    re.is_match(l.strip_suffix(b"\n").unwrap_or(l))
                });
                let Some(m) = found else {
                    if p.repeat == Repeat::Forever {
                        if *skip {
                            self.cur = total;
                            self.drained = true;
                        }
                        return Ok(false);
                    }
                    if !skip {
                        self.take_until(total);
                    }
                    ctx.error(&format!("{}: match not found{on_rep}", quote(&p.text)));
                    return Err(Stop::Error);
                };
                let target = m as i64 + offset;
                if target < self.cur as i64 || target > total as i64 {
                    if target > total as i64 && !skip {
                        self.take_until(total);
                    }
                    ctx.error(&format!("{}: line number out of range{on_rep}", quote(&p.text)));
                    return Err(Stop::Error);
                }
                self.take_until(target as usize);
                self.close(ctx)?;
                // The next search starts after both the match and the new piece's first line.
                self.search_from = self.cur.max(m) + 1;
                self.suppress_line();
                Ok(true)
            }
        }
    }
}

impl Builtin for Csplit {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut prefix, mut suffix, mut digits) = ("xx".to_string(), None, 2usize);
        let (mut keep, mut quiet, mut elide, mut suppress) = (false, false, false, false);
        for (o, v) in parsed.opts {
            let v = v.unwrap_or_default();
            match o {
                O::Suffix => suffix = Some(v),
                O::Prefix => prefix = v,
                O::Keep => keep = true,
                O::Suppress => suppress = true,
                O::Quiet => quiet = true,
                O::Elide => elide = true,
                O::Digits => match v.parse::<usize>() {
                    Ok(n) if n <= MAX_FIELD && v.bytes().all(|b| b.is_ascii_digit()) => digits = n,
                    _ => {
                        ctx.error(&format!("invalid number: {}", quote(&v)));
                        return 1;
                    }
                },
            }
        }
        let fmt = suffix.unwrap_or_else(|| format!("%0{digits}d"));
        let namer = match parse_suffix(&prefix, &fmt) {
            Ok(n) => n,
            Err(m) => {
                ctx.error(&m);
                return 1;
            }
        };
        let ops = parsed.operands;
        if ops.len() < 2 {
            match ops.first() {
                None => usage_error(ctx, "missing operand"),
                Some(f) => usage_error(ctx, &format!("missing operand after {}", quote(f))),
            }
            return 1;
        }
        let pats = match parse_patterns(ctx, &ops[1..]) {
            Ok(p) => p,
            Err(st) => return st,
        };
        let name = &ops[0];
        let mut src = match open_src(ctx, name) {
            Ok(s) => s,
            Err(e) => {
                ctx.error(&format!("cannot open {} for reading: {e}", quote_always(name)));
                return 1;
            }
        };
        let mut data = Vec::new();
        let mut buf = ChunkBuf::new();
        loop {
            match read_some(ctx, &mut src, &mut buf) {
                Ok(0) => break,
                Ok(n) => data.extend_from_slice(&buf[..n]),
                Err(e) if kitsh_core::util::cancelled::is(&e) => return 1,
                Err(e) => {
                    ctx.error(&format!("read error: {}", read_error_text(&e)));
                    return 1;
                }
            }
        }
        let mut lines = Vec::new();
        let mut start = 0;
        for (i, &c) in data.iter().enumerate() {
            if c == b'\n' {
                lines.push((start, i + 1));
                start = i + 1;
            }
        }
        if start < data.len() {
            lines.push((start, data.len()));
        }
        let mut sp = Splitter {
            data: &data,
            lines,
            cur: 0,
            search_from: 0,
            namer,
            quiet,
            elide,
            suppress,
            open: None,
            drained: false,
            next_number: 0,
            written: Vec::new(),
            out: Vec::new(),
        };
        let result = run_patterns(ctx, &mut sp, &pats);
        let status = match result {
            Ok(()) => 0,
            Err(Stop::Abort) => 1,
            Err(Stop::Error) => {
                let _ = sp.close(ctx);
                if !keep {
                    for f in &sp.written {
                        let _ = ctx.fs.remove_file(f);
                    }
                }
                1
            }
        };
        if ctx.stdout.write_all(&sp.out).and_then(|()| ctx.stdout.flush()).is_err() {
            return 1;
        }
        status
    }
}

/// Apply every pattern with its repetitions, then write the last piece.
fn run_patterns(ctx: &mut Ctx<'_>, sp: &mut Splitter<'_>, pats: &[Pattern]) -> Result<(), Stop> {
    for p in pats {
        let mut rep = 0u64;
        loop {
            if ctx.cancel.cancelled() {
                return Err(Stop::Abort);
            }
            if !sp.apply(ctx, p, rep)? {
                break;
            }
            match p.repeat {
                Repeat::Times(n) if rep >= n => break,
                _ => rep += 1,
            }
        }
    }
    if !sp.drained {
        sp.open = Some(Vec::new());
        let total = sp.lines.len();
        sp.take_until(total);
        sp.close(ctx)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffix_formats() {
        assert_eq!(parse_suffix("xx", "%02d").map(|n| n.name(3)).ok(), Some("xx03".into()));
        assert_eq!(parse_suffix("q", "%-3d|").map(|n| n.name(1)).ok(), Some("q1  |".into()));
        assert_eq!(parse_suffix("o", "%#o").map(|n| n.name(0)).ok(), Some("o0".into()));
        assert_eq!(parse_suffix("o", "%#o").map(|n| n.name(2)).ok(), Some("o02".into()));
        assert_eq!(parse_suffix("p", "_%x_").map(|n| n.name(11)).ok(), Some("p_b_".into()));
    }

    #[test]
    fn suffix_errors() {
        assert_eq!(parse_suffix("", "%d%d").err().as_deref(), Some("too many % conversion specifications in suffix"));
        assert_eq!(parse_suffix("", "x").err().as_deref(), Some("missing % conversion specification in suffix"));
        assert_eq!(parse_suffix("", "%s").err().as_deref(), Some("invalid conversion specifier in suffix: s"));
        assert_eq!(parse_suffix("", "%#d").err().as_deref(), Some("invalid flags in conversion specification: %#d"));
        assert_eq!(parse_suffix("", "a%").err().as_deref(), Some("missing conversion specifier in suffix"));
    }

    #[test]
    fn closing_delimiter() {
        assert_eq!(find_close(b"a\\/b/+1", b'/'), Some(4));
        assert_eq!(find_close(b"abc", b'/'), None);
    }
}
