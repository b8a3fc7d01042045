//! `csplit`: split a file into sections by line numbers (`N`), regular expressions (`/RE/[OFFSET]`
//! writes up to the matching line, `%RE%[OFFSET]` skips to it) and repeat counts (`{N}`, `{*}`),
//! as GNU coreutils 9.1: `-f PREFIX`, `-b FORMAT`, `-n DIGITS`, `-k`, `-s`/`-q`, `-z`,
//! `--suppress-matched`, each output file's size printed on stdout, and on an error the files
//! created so far removed (unless `-k`) with exit status 1.
//!
//! The input is read into memory, bounded by the buffer limit (negative offsets need lines
//! already read, as GNU buffers them).

use regex::bytes::Regex;

use super::args::{self, quote, quote_name, Config, OptSpec};
use super::{Builtin, Ctx};
use crate::fs::WriteMode;
use crate::util::posix_re::{build, Syntax};

/// The `csplit` command.
pub struct Csplit;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Prefix,
    Suffix,
    Keep,
    Digits,
    Silent,
    Elide,
    SuppressMatched,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('f', "prefix", O::Prefix),
    OptSpec::req('b', "suffix-format", O::Suffix),
    OptSpec::flag('k', "keep-files", O::Keep),
    OptSpec::req('n', "digits", O::Digits),
    OptSpec::flag('s', "silent", O::Silent),
    OptSpec::flag('q', "quiet", O::Silent),
    OptSpec::flag('z', "elide-empty-files", O::Elide),
    OptSpec::long("suppress-matched", args::ArgKind::None, O::SuppressMatched),
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
      --help     display this help and exit
      --version  output version information and exit

Each PATTERN may be:
  INTEGER            copy up to but not including specified line number
  /REGEXP/[OFFSET]   copy up to but not including a matching line
  %REGEXP%[OFFSET]   skip to, but not including a matching line
  {INTEGER}          repeat the previous pattern specified number of times
  {*}                repeat the previous pattern as many times as possible

A line OFFSET is an integer optionally preceded by '+' or '-'";

/// One pattern of the command line.
struct Control {
    regex: Option<Regex>,
    ignore: bool,
    offset: i64,
    lines_required: i64,
    repeat: i64,
    repeat_forever: bool,
    /// The pattern as given, for messages.
    arg: String,
}

/// A `-b` suffix format: text around one integer conversion.
struct Suffix {
    before: String,
    after: String,
    left: bool,
    zero: bool,
    alt: bool,
    width: usize,
    precision: Option<usize>,
    conv: u8,
}

impl Suffix {
    fn format(&self, n: i64) -> String {
        let mut digits = match self.conv {
            b'o' => format!("{n:o}"),
            b'x' => format!("{n:x}"),
            b'X' => format!("{n:X}"),
            _ => n.to_string(),
        };
        if let Some(p) = self.precision {
            while digits.len() < p {
                digits.insert(0, '0');
            }
        }
        let prefix = match self.conv {
            b'o' if self.alt && !digits.starts_with('0') => "0",
            b'x' if self.alt && n != 0 => "0x",
            b'X' if self.alt && n != 0 => "0X",
            _ => "",
        };
        let len = prefix.len() + digits.len();
        let pad = self.width.saturating_sub(len);
        let body = if self.left {
            format!("{prefix}{digits}{}", " ".repeat(pad))
        } else if self.zero && self.precision.is_none() {
            format!("{prefix}{}{digits}", "0".repeat(pad))
        } else {
            format!("{}{prefix}{digits}", " ".repeat(pad))
        };
        format!("{}{body}{}", self.before, self.after)
    }
}

/// Parse a `-b` format as GNU `max_out` checks it; the error message on failure.
fn parse_suffix(f: &str) -> Result<Suffix, String> {
    let b = f.as_bytes();
    let mut s = Suffix { before: String::new(), after: String::new(), left: false, zero: false, alt: false, width: 0, precision: None, conv: 0 };
    let mut seen = false;
    let mut i = 0;
    let mut text = String::new();
    while i < b.len() {
        if b[i] != b'%' {
            let ch = f[i..].chars().next().unwrap_or('?');
            text.push(ch);
            i += ch.len_utf8();
            continue;
        }
        if b.get(i + 1) == Some(&b'%') {
            text.push('%');
            i += 2;
            continue;
        }
        if seen {
            return Err("too many % conversion specifications in suffix".into());
        }
        seen = true;
        s.before = std::mem::take(&mut text);
        i += 1;
        let (mut thousands, mut alt) = (false, false);
        while let Some(&c) = b.get(i) {
            match c {
                b'-' => s.left = true,
                b'0' => s.zero = true,
                b'\'' => thousands = true,
                b'#' => alt = true,
                _ => break,
            }
            i += 1;
        }
        let ws = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        s.width = f[ws..i].parse().unwrap_or(0);
        if b.get(i) == Some(&b'.') {
            i += 1;
            let ps = i;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            s.precision = Some(f[ps..i].parse().unwrap_or(0));
        }
        let ch = b.get(i).copied().unwrap_or(0);
        let alt_ok = match ch {
            b'd' | b'i' | b'u' => false,
            b'o' | b'x' | b'X' => true,
            0 => return Err("missing conversion specifier in suffix".into()),
            c if c.is_ascii_graphic() || c == b' ' => {
                return Err(format!("invalid conversion specifier in suffix: {}", c as char));
            }
            c => return Err(format!("invalid conversion specifier in suffix: \\{c:03o}")),
        };
        if (alt && !alt_ok) || (thousands && alt_ok) {
            let flag = if alt && !alt_ok { '#' } else { '\'' };
            return Err(format!("invalid flags in conversion specification: %{flag}{}", ch as char));
        }
        s.alt = alt;
        s.conv = ch;
        i += 1;
    }
    if !seen {
        return Err("missing % conversion specification in suffix".into());
    }
    s.after = text;
    Ok(s)
}

/// Parse an unsigned decimal as `xstrtoumax` does (leading blanks, optional `+`).
fn parse_uint(s: &str) -> Option<u64> {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let d = t.strip_prefix('+').unwrap_or(t);
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    d.parse::<u64>().ok().filter(|&v| v <= i64::MAX as u64)
}

/// Parse a signed decimal as `xstrtoimax` does.
fn parse_int(s: &str) -> Option<i64> {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (neg, d) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: i64 = d.parse().ok()?;
    Some(if neg { -v } else { v })
}

/// Parse the patterns; `Err` carries the message (GNU `die`, exit 1), and warnings go to stderr.
fn parse_patterns(ctx: &mut Ctx<'_>, pats: &[String]) -> Result<Vec<Control>, String> {
    let mut out: Vec<Control> = Vec::new();
    let mut last_val = 0i64;
    let mut i = 0;
    while i < pats.len() {
        let a = &pats[i];
        let mut c = Control { regex: None, ignore: false, offset: 0, lines_required: 0, repeat: 0, repeat_forever: false, arg: a.clone() };
        if a.starts_with('/') || a.starts_with('%') {
            let delim = &a[..1];
            let Some(close) = a[1..].rfind(delim).map(|p| p + 1) else {
                return Err(format!("{a}: closing delimiter '{delim}' missing"));
            };
            let re = build(&a[1..close], Syntax::Basic, false).map_err(|e| format!("{}: invalid regular expression: {e}", quote(a)))?;
            c.regex = Some(re);
            c.ignore = delim == "%";
            let rest = &a[close + 1..];
            if !rest.is_empty() {
                c.offset = parse_int(rest).ok_or_else(|| format!("{}: integer expected after delimiter", quote(a)))?;
            }
        } else {
            let val = parse_uint(a).ok_or_else(|| format!("{}: invalid pattern", quote(a)))? as i64;
            if val == 0 {
                return Err(format!("{a}: line number must be greater than zero"));
            }
            if val < last_val {
                return Err(format!("line number {} is smaller than preceding line number, {last_val}", quote(a)));
            }
            if val == last_val {
                ctx.error(&format!("warning: line number {} is the same as preceding line number", quote(a)));
            }
            last_val = val;
            c.lines_required = val;
        }
        if let Some(r) = pats.get(i + 1).filter(|r| r.starts_with('{')) {
            i += 1;
            let Some(inner) = r.strip_suffix('}') else {
                return Err(format!("{}: '}}' is required in repeat count", quote(r)));
            };
            if &inner[1..] == "*" {
                c.repeat_forever = true;
            } else {
                c.repeat = parse_uint(&inner[1..]).ok_or_else(|| format!("{}}}: integer required between '{{' and '}}'", quote(inner)))? as i64;
            }
        }
        out.push(c);
        i += 1;
    }
    Ok(out)
}

/// Why splitting stopped early.
enum Stop {
    /// Success with no further output file (`{*}` reached the end of a regexp's input).
    Done,
    /// An error already reported: clean up and exit 1.
    Fatal,
    /// Writing stdout failed.
    Write(i32),
    /// GNU `die`: exit 1 at once, keeping the files made so far.
    Die,
}

/// The splitting state (GNU's line buffer, current line and output file).
struct Splitter<'a> {
    lines: Vec<&'a [u8]>,
    /// The number (1-based) of the first line not yet removed.
    next: i64,
    current_line: i64,
    prefix: String,
    suffix: Option<Suffix>,
    digits: usize,
    suppress_count: bool,
    elide: bool,
    suppress_matched: bool,
    files_created: i64,
    output: Option<(String, Vec<u8>)>,
}

impl<'a> Splitter<'a> {
    fn find_line(&self, n: i64) -> Option<&'a [u8]> {
        (n >= 1 && n <= self.lines.len() as i64).then(|| self.lines[(n - 1) as usize])
    }

    fn no_more_lines(&self) -> bool {
        self.find_line(self.current_line + 1).is_none()
    }

    fn remove_line(&mut self) -> Option<&'a [u8]> {
        let l = self.find_line(self.next)?;
        if self.current_line < self.next {
            self.current_line = self.next;
        }
        self.next += 1;
        Some(l)
    }

    fn filename(&self, n: i64) -> String {
        match &self.suffix {
            Some(s) => format!("{}{}", self.prefix, s.format(n)),
            None => format!("{}{:0w$}", self.prefix, n, w = self.digits),
        }
    }

    fn create(&mut self, ctx: &mut Ctx<'_>) -> Result<(), Stop> {
        let name = self.filename(self.files_created);
        if let Err(e) = ctx.fs.write_file(&ctx.abs_path(&name), b"", WriteMode::Truncate) {
            ctx.error(&format!("{}: {e}", quote_name(&name)));
            return Err(Stop::Fatal);
        }
        self.files_created += 1;
        self.output = Some((name, Vec::new()));
        Ok(())
    }

    fn save(&mut self, line: &[u8]) {
        if let Some((_, data)) = &mut self.output {
            data.extend_from_slice(line);
        }
    }

    fn close(&mut self, ctx: &mut Ctx<'_>) -> Result<(), Stop> {
        let Some((name, data)) = self.output.take() else {
            return Ok(());
        };
        let path = ctx.abs_path(&name);
        if let Err(e) = ctx.fs.write_file(&path, &data, WriteMode::Truncate) {
            ctx.error(&format!("{}: {e}", quote_name(&name)));
            return Err(Stop::Fatal);
        }
        if data.is_empty() && self.elide {
            let _ = ctx.fs.remove_file(&path);
            self.files_created -= 1;
        } else if !self.suppress_count {
            if let Err(e) = writeln!(ctx.stdout, "{}", data.len()) {
                return Err(Stop::Write(super::status_for_write_error(&e)));
            }
        }
        Ok(())
    }

    fn dump_rest(&mut self) {
        while let Some(l) = self.remove_line() {
            self.save(l);
        }
    }

    fn line_error(&self, ctx: &mut Ctx<'_>, c: &Control, rep: i64) -> Stop {
        let mut m = format!("{}: line number out of range", quote(&c.lines_required.to_string()));
        if rep != 0 {
            m.push_str(&format!(" on repetition {rep}"));
        }
        ctx.error(&m);
        Stop::Fatal
    }

    fn process_line_count(&mut self, ctx: &mut Ctx<'_>, c: &Control, rep: i64) -> Result<(), Stop> {
        let last = c.lines_required.saturating_mul(rep + 1);
        self.create(ctx)?;
        if self.no_more_lines() && self.suppress_matched {
            return Err(self.line_error(ctx, c, rep));
        }
        if self.lines.is_empty() {
            // GNU finds no line buffer to start from on an empty input.
            ctx.error("input disappeared");
            return Err(Stop::Die);
        }
        let mut linenum = self.next;
        while linenum < last {
            linenum += 1;
            let Some(l) = self.remove_line() else {
                return Err(self.line_error(ctx, c, rep));
            };
            self.save(l);
            if ctx.cancel.cancelled() {
                return Err(Stop::Fatal);
            }
        }
        self.close(ctx)?;
        if self.suppress_matched {
            self.remove_line();
        }
        if self.no_more_lines() && !self.suppress_matched {
            return Err(self.line_error(ctx, c, rep));
        }
        Ok(())
    }

    fn regexp_error(&mut self, ctx: &mut Ctx<'_>, c: &Control, rep: i64) -> Stop {
        let mut m = format!("{}: match not found", quote(&c.arg));
        if rep != 0 {
            m.push_str(&format!(" on repetition {rep}"));
        }
        ctx.error(&m);
        if !c.ignore {
            self.dump_rest();
            if let Err(s) = self.close(ctx) {
                return s;
            }
        }
        Stop::Fatal
    }

    fn process_regexp(&mut self, ctx: &mut Ctx<'_>, c: &Control, rep: i64) -> Result<(), Stop> {
        let Some(re) = &c.regex else { return Ok(()) };
        if !c.ignore {
            self.create(ctx)?;
        }
        loop {
            self.current_line += 1;
            let Some(line) = self.find_line(self.current_line) else {
                if c.repeat_forever {
                    if !c.ignore {
                        self.dump_rest();
                        self.close(ctx)?;
                    }
                    return Err(Stop::Done);
                }
                return Err(self.regexp_error(ctx, c, rep));
            };
            let body = line.strip_suffix(b"\n").unwrap_or(line);
            if re.is_match(body) {
                break;
            }
            if c.offset >= 0 {
                if let Some(l) = self.remove_line() {
                    if !c.ignore {
                        self.save(l);
                    }
                }
            }
        }
        let break_line = self.current_line + c.offset;
        // write_to_file
        let first = self.next;
        if first > break_line {
            ctx.error(&format!("{}: line number out of range", quote(&c.arg)));
            return Err(Stop::Fatal);
        }
        for _ in 0..break_line - first {
            let Some(l) = self.remove_line() else {
                ctx.error(&format!("{}: line number out of range", quote(&c.arg)));
                return Err(Stop::Fatal);
            };
            if !c.ignore {
                self.save(l);
            }
        }
        if !c.ignore {
            self.close(ctx)?;
        }
        if c.offset > 0 {
            self.current_line = break_line;
        }
        if self.suppress_matched {
            self.remove_line();
        }
        Ok(())
    }

    fn split(&mut self, ctx: &mut Ctx<'_>, controls: &[Control]) -> Result<(), Stop> {
        for c in controls {
            let mut j = 0;
            while c.repeat_forever || j <= c.repeat {
                if c.regex.is_some() {
                    self.process_regexp(ctx, c, j)?;
                } else {
                    self.process_line_count(ctx, c, j)?;
                }
                j += 1;
            }
        }
        self.create(ctx)?;
        self.dump_rest();
        self.close(ctx)
    }

    /// Remove every file created (GNU `delete_all_files`).
    fn delete_all(&mut self, ctx: &mut Ctx<'_>) {
        for i in (0..self.files_created).rev() {
            let _ = ctx.fs.remove_file(&ctx.abs_path(&self.filename(i)));
        }
        self.files_created = 0;
    }
}

impl Builtin for Csplit {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut prefix, mut suffix, mut keep, mut digits, mut silent, mut elide, mut suppress) =
            ("xx".to_string(), None, false, 2usize, false, false, false);
        for (o, v) in parsed.opts {
            let v = v.unwrap_or_default();
            match o {
                O::Prefix => prefix = v,
                O::Suffix => suffix = Some(v),
                O::Keep => keep = true,
                O::Digits => match parse_uint(&v).filter(|&n| n <= i32::MAX as u64) {
                    Some(n) => digits = n as usize,
                    None => {
                        let range = parse_uint(&v).is_some();
                        let tail = if range { ": Value too large for defined data type" } else { "" };
                        ctx.error(&format!("invalid number: {}{tail}", quote(&v)));
                        return 1;
                    }
                },
                O::Silent => silent = true,
                O::Elide => elide = true,
                O::SuppressMatched => suppress = true,
            }
        }
        let ops = parsed.operands;
        if ops.len() < 2 {
            match ops.last() {
                None => args::usage_error(ctx, "missing operand"),
                Some(l) => args::usage_error(ctx, &format!("missing operand after {}", quote(l))),
            }
            return 1;
        }
        let suffix = match suffix.map(|s| parse_suffix(&s)).transpose() {
            Ok(s) => s,
            Err(m) => {
                ctx.error(&m);
                return 1;
            }
        };
        // Digits beyond any sensible file name length cannot be honoured.
        let digits = digits.min(4096);
        let data = match ctx.read_input(&ops[0]) {
            Ok(d) => d,
            Err(crate::fs::FsError::IsDir) => {
                ctx.error("read error: Is a directory");
                return 1;
            }
            Err(e) => {
                ctx.error(&format!("cannot open {} for reading: {e}", quote_name(&ops[0])));
                return 1;
            }
        };
        let controls = match parse_patterns(ctx, &ops[1..]) {
            Ok(c) => c,
            Err(m) => {
                ctx.error(&m);
                return 1;
            }
        };
        let mut sp = Splitter {
            lines: data.split_inclusive(|&b| b == b'\n').collect(),
            next: 1,
            current_line: 0,
            prefix,
            suffix,
            digits,
            suppress_count: silent,
            elide,
            suppress_matched: suppress,
            files_created: 0,
            output: None,
        };
        match sp.split(ctx, &controls) {
            Ok(()) | Err(Stop::Done) => 0,
            Err(Stop::Write(st)) => st,
            Err(Stop::Die) => 1,
            Err(Stop::Fatal) => {
                let _ = sp.close(ctx);
                if !keep {
                    sp.delete_all(ctx);
                }
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffix_formats() {
        assert_eq!(parse_suffix("%03d.txt").map(|s| s.format(7)).as_deref(), Ok("007.txt"));
        assert_eq!(parse_suffix("%#x").map(|s| s.format(10)).as_deref(), Ok("0xa"));
        assert_eq!(parse_suffix("_%-3d|").map(|s| s.format(4)).as_deref(), Ok("_4  |"));
        assert!(parse_suffix("%d%d").is_err());
        assert!(parse_suffix("x").is_err());
        assert_eq!(parse_suffix("%s").err().as_deref(), Some("invalid conversion specifier in suffix: s"));
    }
}
