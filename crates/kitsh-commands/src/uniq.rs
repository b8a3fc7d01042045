//! `uniq`: merge adjacent matching lines, streaming (`-c -d -D -u -i -f -s -w -z`,
//! `--all-repeated[=METHOD]`, `--group[=METHOD]`, the obsolete `-N` / `+N`, and the optional
//! OUTPUT operand, written to the virtual filesystem).


use super::args::{self, file_error, quote, quote_name, usage_error, ArgKind, Config, OptSpec, CHUNK};
use super::rev::{read_error_text, LineReader};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;

/// The `uniq` command.
pub struct Uniq;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Count,
    Repeated,
    AllRepeated,
    AllRepeatedLong,
    SkipFields,
    Group,
    IgnoreCase,
    SkipChars,
    Unique,
    Zero,
    CheckChars,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('c', "count", O::Count),
    OptSpec::flag('d', "repeated", O::Repeated),
    OptSpec { short: Some('D'), long: None, arg: ArgKind::None, id: O::AllRepeated },
    OptSpec::long("all-repeated", ArgKind::Optional, O::AllRepeatedLong),
    OptSpec::req('f', "skip-fields", O::SkipFields),
    OptSpec::long("group", ArgKind::Optional, O::Group),
    OptSpec::flag('i', "ignore-case", O::IgnoreCase),
    OptSpec::req('s', "skip-chars", O::SkipChars),
    OptSpec::flag('u', "unique", O::Unique),
    OptSpec::flag('z', "zero-terminated", O::Zero),
    OptSpec::req('w', "check-chars", O::CheckChars),
];
const USAGE: &str = "Usage: uniq [OPTION]... [INPUT [OUTPUT]]\nFilter adjacent matching lines from INPUT (or standard input),\nwriting to OUTPUT (or standard output).";

/// Where blank lines go between groups (`--all-repeated`, `--group`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Delim {
    None,
    Prepend,
    Append,
    Separate,
    Both,
}

const REPEATED_METHODS: &[(&str, Delim)] = &[("none", Delim::None), ("prepend", Delim::Prepend), ("separate", Delim::Separate)];
const GROUP_METHODS: &[(&str, Delim)] =
    &[("prepend", Delim::Prepend), ("append", Delim::Append), ("separate", Delim::Separate), ("both", Delim::Both)];

/// What is printed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One line per group, filtered by `-d` / `-u`.
    Merge,
    /// Every line of repeated groups (`-D`).
    AllRepeated(Delim),
    /// Every line, groups delimited (`--group`).
    Group(Delim),
}

struct Spec {
    mode: Mode,
    count: bool,
    repeated: bool,
    unique: bool,
    icase: bool,
    skip_fields: u64,
    skip_chars: u64,
    check: Option<u64>,
    eol: u8,
}

impl Spec {
    /// The part of `line` that is compared.
    fn key<'a>(&self, line: &'a [u8]) -> &'a [u8] {
        let blank = |b: &u8| *b == b' ' || *b == b'\t';
        let mut i = 0;
        for _ in 0..self.skip_fields {
            while i < line.len() && blank(&line[i]) {
                i += 1;
            }
            while i < line.len() && !blank(&line[i]) {
                i += 1;
            }
        }
        let i = (i as u64).saturating_add(self.skip_chars).min(line.len() as u64) as usize;
        let rest = &line[i..];
        match self.check {
            Some(w) => &rest[..(w.min(rest.len() as u64) as usize)],
            None => rest,
        }
    }

    fn same(&self, a: &[u8], b: &[u8]) -> bool {
        let (a, b) = (self.key(a), self.key(b));
        if self.icase {
            a.eq_ignore_ascii_case(b)
        } else {
            a == b
        }
    }
}

/// The output: standard output or the OUTPUT file, written in chunks.
struct Sink {
    buf: Vec<u8>,
    file: Option<String>,
}

impl Sink {
    fn flush(&mut self, ctx: &mut Ctx<'_>, force: bool) -> Result<(), i32> {
        if self.buf.len() < CHUNK && !force {
            return Ok(());
        }
        let r = match &self.file {
            Some(path) => ctx.fs.write_file(path, &self.buf, WriteMode::Append).map_err(|e| {
                ctx.error(&format!("{}: {e}", quote_name(path)));
                1
            }),
            None => ctx.stdout.write_all(&self.buf).and_then(|()| ctx.stdout.flush()).map_err(|e| crate::args::write_failed(ctx, &e)),
        };
        self.buf.clear();
        r
    }

    fn line(&mut self, line: &[u8], eol: u8) {
        self.buf.extend_from_slice(line);
        self.buf.push(eol);
    }
}

/// The state of the current group.
struct Group {
    first: Vec<u8>,
    count: u64,
    any: bool,
}

impl Spec {
    /// Handle one line (without its terminator).
    fn feed(&self, g: &mut Group, line: &[u8], out: &mut Sink) {
        let same = g.count > 0 && self.same(&g.first, line);
        match self.mode {
            Mode::Merge => {
                if !same {
                    self.end_group(g, out);
                    g.first.clear();
                    g.first.extend_from_slice(line);
                    g.count = 0;
                }
                g.count += 1;
            }
            Mode::AllRepeated(d) => {
                if same {
                    if g.count == 1 {
                        if d == Delim::Prepend || (d == Delim::Separate && g.any) {
                            out.buf.push(self.eol);
                        }
                        out.line(&g.first, self.eol);
                        g.any = true;
                    }
                    out.line(line, self.eol);
                    g.count += 1;
                } else {
                    g.first.clear();
                    g.first.extend_from_slice(line);
                    g.count = 1;
                }
            }
            Mode::Group(d) => {
                if !same {
                    let before = matches!(d, Delim::Prepend | Delim::Both) || (g.any && matches!(d, Delim::Separate | Delim::Append));
                    if before {
                        out.buf.push(self.eol);
                    }
                    g.first.clear();
                    g.first.extend_from_slice(line);
                    g.any = true;
                }
                g.count += 1;
                out.line(line, self.eol);
            }
        }
    }

    /// Print the finished group of [`Mode::Merge`] (or the end of `--group`).
    fn end_group(&self, g: &Group, out: &mut Sink) {
        match self.mode {
            Mode::Merge if g.count > 0 => {
                let repeated = g.count > 1;
                if (repeated && self.unique) || (!repeated && self.repeated) {
                    return;
                }
                if self.count {
                    out.buf.extend_from_slice(format!("{:7} ", g.count).as_bytes());
                }
                out.line(&g.first, self.eol);
            }
            Mode::Group(Delim::Append | Delim::Both) if g.any => out.buf.push(self.eol),
            _ => {}
        }
    }
}

/// A count option (`-f`, `-s`, `-w`): huge values saturate, like GNU.
fn count_arg(ctx: &mut Ctx<'_>, v: &str, what: &str) -> Result<u64, i32> {
    let t = v.trim_start();
    let digits = t.strip_prefix('+').unwrap_or(t);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(digits.parse().unwrap_or(u64::MAX));
    }
    ctx.error(&format!("{v}: invalid number of {what}"));
    Err(1)
}

/// Rewrite the obsolete `-N` (skip fields) and `+N` (skip chars) arguments.
fn obsolete(argv: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len());
    let mut operands = 0;
    let mut rest = false;
    let mut value_next = false;
    for a in argv {
        let num = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if rest || std::mem::take(&mut value_next) {
            out.push(a.clone());
        } else if a == "--" {
            rest = true;
            out.push(a.clone());
        } else if a.strip_prefix('-').is_some_and(num) {
            out.push(format!("-f{}", &a[1..]));
        } else if operands == 0 && a.strip_prefix('+').is_some_and(num) {
            out.push(format!("-s{}", &a[1..]));
        } else {
            if !a.starts_with('-') || a == "-" {
                operands += 1;
            }
            value_next = takes_value(a);
            out.push(a.clone());
        }
    }
    out
}

/// Whether the option argument `a` needs the next argument as its value (`-s`, `--skip-chars`).
fn takes_value(a: &str) -> bool {
    if let Some(long) = a.strip_prefix("--") {
        return !long.is_empty() && !long.contains('=') && ["skip-fields", "skip-chars", "check-chars"].iter().any(|l| l.starts_with(long));
    }
    match a.strip_prefix('-') {
        Some(cluster) => cluster.find(['f', 's', 'w']).is_some_and(|p| p + 1 == cluster.len()),
        None => false,
    }
}

/// Parse the command line into a [`Spec`]; `Err` carries the exit status (already reported).
fn parse(ctx: &mut Ctx<'_>, opts: Vec<(O, Option<String>)>) -> Result<Spec, i32> {
    let mut s = Spec {
        mode: Mode::Merge,
        count: false,
        repeated: false,
        unique: false,
        icase: false,
        skip_fields: 0,
        skip_chars: 0,
        check: None,
        eol: b'\n',
    };
    let mut group = None;
    for (o, v) in opts {
        let arg = v.as_deref();
        match o {
            O::Count => s.count = true,
            O::Repeated => s.repeated = true,
            O::AllRepeated => s.mode = Mode::AllRepeated(Delim::None),
            O::AllRepeatedLong | O::Group => {
                let (table, name) = if o == O::Group { (GROUP_METHODS, "--group") } else { (REPEATED_METHODS, "--all-repeated") };
                let d = match arg.map(|a| super::tee::argmatch(a, table)) {
                    None if o == O::Group => Delim::Separate,
                    None => Delim::None,
                    Some(Ok(d)) => d,
                    Some(Err(amb)) => {
                        let names: Vec<&str> = table.iter().map(|t| t.0).collect();
                        return Err(super::tee::bad_argument(ctx, name, arg.unwrap_or(""), amb, &names));
                    }
                };
                if o == O::Group {
                    group = Some(d);
                } else {
                    s.mode = Mode::AllRepeated(d);
                }
            }
            O::SkipFields => s.skip_fields = count_arg(ctx, arg.unwrap_or(""), "fields to skip")?,
            O::IgnoreCase => s.icase = true,
            O::SkipChars => s.skip_chars = count_arg(ctx, arg.unwrap_or(""), "bytes to skip")?,
            O::Unique => s.unique = true,
            O::Zero => s.eol = 0,
            O::CheckChars => s.check = Some(count_arg(ctx, arg.unwrap_or(""), "bytes to compare")?),
        }
    }
    let all_repeated = matches!(s.mode, Mode::AllRepeated(_));
    if let Some(d) = group {
        if s.count || s.repeated || s.unique || all_repeated {
            usage_error(ctx, "--group is mutually exclusive with -c/-d/-D/-u");
            return Err(1);
        }
        s.mode = Mode::Group(d);
    }
    if all_repeated && s.count {
        usage_error(ctx, "printing all duplicated lines and repeat counts is meaningless");
        return Err(1);
    }
    if all_repeated && s.unique {
        // `-D -u` prints nothing, as GNU does.
        s.mode = Mode::Merge;
        s.repeated = true;
    }
    Ok(s)
}

impl Builtin for Uniq {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, &obsolete(argv)) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let spec = match parse(ctx, parsed.opts) {
            Ok(s) => s,
            Err(st) => return st,
        };
        if let Some(extra) = parsed.operands.get(2) {
            usage_error(ctx, &format!("extra operand {}", quote(extra)));
            return 1;
        }
        let input = parsed.operands.first().map_or("-", String::as_str);
        let mut lines = match LineReader::open(ctx, input, spec.eol) {
            Ok(l) => l,
            Err(e) => {
                file_error(ctx, input, e);
                return 1;
            }
        };
        let mut out = Sink { buf: Vec::with_capacity(CHUNK), file: None };
        if let Some(path) = parsed.operands.get(1).filter(|p| p.as_str() != "-" && p.as_str() != "/dev/stdout") {
            let abs = ctx.abs_path(path);
            if let Err(e) = ctx.fs.write_file(&abs, b"", WriteMode::Truncate) {
                file_error(ctx, path, e);
                return 1;
            }
            out.file = Some(abs);
        }
        let mut g = Group { first: Vec::new(), count: 0, any: false };
        loop {
            match lines.next_line(ctx) {
                Ok(Some(line)) => {
                    let body = line.strip_suffix(&[spec.eol]).unwrap_or(line);
                    spec.feed(&mut g, body, &mut out);
                    if let Err(st) = out.flush(ctx, false) {
                        return st;
                    }
                }
                Ok(None) => break,
                Err(e) if kitsh_core::util::cancelled::is(&e) => return 1,
                Err(e) => {
                    let _ = out.flush(ctx, true);
                    ctx.error(&format!("{}: {}", quote_name(input), read_error_text(&e)));
                    return 1;
                }
            }
        }
        spec.end_group(&g, &mut out);
        match out.flush(ctx, true) {
            Ok(()) => 0,
            Err(st) => st,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, NOFS};
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    fn uniq(args: &[&str], input: &str) -> String {
        let o = run(&Uniq, "uniq", args, input.as_bytes(), &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }
    const U: &str = "a\na\nb\nc\nc\nc\n";

    #[test]
    fn merge() {
        assert_eq!(uniq(&[], U), "a\nb\nc\n");
        assert_eq!(uniq(&["-c"], U), "      2 a\n      1 b\n      3 c\n");
        assert_eq!(uniq(&["-d"], U), "a\nc\n");
        assert_eq!(uniq(&["-u"], U), "b\n");
        assert_eq!(uniq(&["-cd"], U), "      2 a\n      3 c\n");
        assert_eq!(uniq(&["-u", "-d"], U), "");
        assert_eq!(uniq(&[], "a\na"), "a\n");
        assert_eq!(uniq(&["-c"], "a\n\n\nb\n"), "      1 a\n      2 \n      1 b\n");
        assert_eq!(uniq(&["-z", "-c"], "a\0a\0"), "      2 a\0");
    }

    #[test]
    fn comparing() {
        assert_eq!(uniq(&["-f1"], "x a\ny a\nz b\n"), "x a\nz b\n");
        assert_eq!(uniq(&["-f1", "-c"], "a  b\n c b\n"), "      1 a  b\n      1  c b\n");
        assert_eq!(uniq(&["-f", "1"], "a\tb\nc  b\n"), "a\tb\nc  b\n");
        assert_eq!(uniq(&["-s1", "-c"], "xa\nya\n"), "      2 xa\n");
        assert_eq!(uniq(&["-s", "5"], "ab\nac\n"), "ab\n");
        assert_eq!(uniq(&["-i", "-w1"], "ab\naB\nAc\n"), "ab\n");
        assert_eq!(uniq(&["-D", "-i"], "a\nA\n"), "a\nA\n");
        assert_eq!(uniq(&["-1"], "x a\ny a\n"), "x a\n");
        assert_eq!(uniq(&["+1"], "xa\nya\n"), "xa\n");
        assert_eq!(uniq(&["-s", "99999999999999999999999"], "a\na\n"), "a\n");
    }

    #[test]
    fn all_repeated_and_group() {
        assert_eq!(uniq(&["-D"], U), "a\na\nc\nc\nc\n");
        assert_eq!(uniq(&["--all-repeated"], "a\na\n"), "a\na\n");
        assert_eq!(uniq(&["--all-repeated=separate"], U), "a\na\n\nc\nc\nc\n");
        assert_eq!(uniq(&["--all-repeated=prepend"], U), "\na\na\n\nc\nc\nc\n");
        assert_eq!(uniq(&["--group"], U), "a\na\n\nb\n\nc\nc\nc\n");
        assert_eq!(uniq(&["--group=prepend"], U), "\na\na\n\nb\n\nc\nc\nc\n");
        assert_eq!(uniq(&["--group=append"], U), "a\na\n\nb\n\nc\nc\nc\n\n");
        assert_eq!(uniq(&["--group=both"], U), "\na\na\n\nb\n\nc\nc\nc\n\n");
        assert_eq!(uniq(&["--group"], ""), "");
    }

    #[test]
    fn errors() {
        assert_eq!(uniq(&["-cD"], ""), "uniq: printing all duplicated lines and repeat counts is meaningless\nTry 'uniq --help' for more information.\n");
        assert_eq!(uniq(&["--group", "-c"], ""), "uniq: --group is mutually exclusive with -c/-d/-D/-u\nTry 'uniq --help' for more information.\n");
        assert_eq!(uniq(&["-f", "x"], ""), "uniq: x: invalid number of fields to skip\n");
        assert_eq!(uniq(&["-s", "-1"], ""), "uniq: -1: invalid number of bytes to skip\n");
        assert_eq!(uniq(&["-w", "x"], ""), "uniq: x: invalid number of bytes to compare\n");
        assert!(uniq(&["--all-repeated=foo"], "").starts_with("uniq: invalid argument ‘foo’ for ‘--all-repeated’\nValid arguments are:\n  - ‘none’\n"));
        assert_eq!(uniq(&["a", "b", "extra"], ""), "uniq: extra operand ‘extra’\nTry 'uniq --help' for more information.\n");
        assert_eq!(uniq(&["nosuch"], ""), "uniq: nosuch: No such file or directory\n");
    }

    #[test]
    fn output_file() {
        let fs = fs_with(&[("/u", U.as_bytes())]);
        let o = run(&Uniq, "uniq", &["u", "out"], b"", &*fs, "/");
        assert_eq!((o.out(), o.status), (String::new(), 0));
        assert_eq!(fs.read_file("/out").unwrap_or_default(), b"a\nb\nc\n");
    }
}
