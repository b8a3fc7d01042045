//! `cut`: print selected bytes (`-b`, and `-c`, which GNU treats as bytes too) or fields (`-f`
//! with `-d`, `-s`) of each line, streaming line by line; `--complement`,
//! `--output-delimiter`, `-z`.


use super::args::{self, file_error, flush_out, quote, usage_error, ArgKind, Config, OptSpec, CHUNK};
use super::rev::{read_error_text, LineReader};
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::encode;

/// The `cut` command.
pub struct Cut;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Bytes,
    Chars,
    Delim,
    Fields,
    Ignored,
    Complement,
    OnlyDelimited,
    OutDelim,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('b', "bytes", O::Bytes),
    OptSpec::req('c', "characters", O::Chars),
    OptSpec::req('d', "delimiter", O::Delim),
    OptSpec::req('f', "fields", O::Fields),
    OptSpec { short: Some('n'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec::long("complement", ArgKind::None, O::Complement),
    OptSpec::flag('s', "only-delimited", O::OnlyDelimited),
    OptSpec::long("output-delimiter", ArgKind::Required, O::OutDelim),
    OptSpec::flag('z', "zero-terminated", O::Zero),
];
const USAGE: &str = "Usage: cut OPTION... [FILE]...\nPrint selected parts of lines from each FILE to standard output.";

/// Parse a GNU list (`1,3-5,7-`, `-2`) into sorted, merged, 1-based inclusive ranges.
/// `Err` is the message of the usage error.
fn parse_list(list: &str, fields: bool) -> Result<Vec<(u64, u64)>, String> {
    let what = if fields { "field value" } else { "byte/character position" };
    let from1 = if fields { "fields are numbered from 1" } else { "byte/character positions are numbered from 1" };
    let mut ranges = Vec::new();
    for (start, item) in split_items(list) {
        let (lo, hi) = match item.split_once('-') {
            None => {
                let v = number(item, list, start, fields, what)?.unwrap_or(0);
                if v == 0 {
                    return Err(from1.into());
                }
                (v, v)
            }
            Some((a, b)) => {
                if b.contains('-') {
                    return Err(if fields { "invalid field range" } else { "invalid byte or character range" }.into());
                }
                let lo = number(a, list, start, fields, what)?;
                let hi = number(b, list, start + a.len() + 1, fields, what)?;
                if lo.is_none() && hi.is_none() {
                    return Err("invalid range with no endpoint: -".into());
                }
                let lo = lo.unwrap_or(1);
                if lo == 0 {
                    return Err(from1.into());
                }
                let hi = hi.unwrap_or(u64::MAX);
                if hi < lo {
                    return Err("invalid decreasing range".into());
                }
                (lo, hi)
            }
        };
        ranges.push((lo, hi));
    }
    ranges.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
    for (lo, hi) in ranges {
        match merged.last_mut() {
            Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    Ok(merged)
}

/// The items of a list separated by commas or blanks, with their byte offsets.
fn split_items(list: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut pos = 0;
    list.split([',', ' ', '\t']).map(move |s| {
        let start = pos;
        pos += s.len() + 1;
        (start, s)
    })
}

/// A number of a list item (`None` when empty).
fn number(s: &str, list: &str, at: usize, fields: bool, what: &str) -> Result<Option<u64>, String> {
    if s.is_empty() {
        return Ok(None);
    }
    if let Some(bad) = s.find(|c: char| !c.is_ascii_digit()) {
        return Err(format!("invalid {what} {}", quote(&list[at + bad..])));
    }
    s.parse().map(Some).map_err(|_| {
        let kind = if fields { "field number" } else { "byte/character offset" };
        format!("{kind} {} is too large", quote(s))
    })
}

/// The gaps of `ranges` over `1..`.
fn complement(ranges: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut next = 1u64;
    for &(lo, hi) in ranges {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = hi.saturating_add(1);
        if hi == u64::MAX {
            return out;
        }
    }
    out.push((next, u64::MAX));
    out
}

/// What to select and how to print it.
struct Spec {
    ranges: Vec<(u64, u64)>,
    fields: bool,
    delim: u8,
    out_delim: Option<Vec<u8>>,
    only_delimited: bool,
    eol: u8,
}

impl Spec {
    fn cut_bytes(&self, line: &[u8], out: &mut Vec<u8>) {
        let len = line.len() as u64;
        for (k, &(lo, hi)) in self.ranges.iter().enumerate() {
            if lo > len {
                break;
            }
            if k > 0 {
                if let Some(d) = &self.out_delim {
                    out.extend_from_slice(d);
                }
            }
            out.extend_from_slice(&line[(lo - 1) as usize..hi.min(len) as usize]);
        }
        out.push(self.eol);
    }

    fn cut_fields(&self, line: &[u8], out: &mut Vec<u8>) {
        if !line.contains(&self.delim) {
            if !self.only_delimited {
                out.extend_from_slice(line);
                out.push(self.eol);
            }
            return;
        }
        let mut first = true;
        let mut r = 0;
        for (n, field) in line.split(|&b| b == self.delim).enumerate() {
            let n = n as u64 + 1;
            while r < self.ranges.len() && self.ranges[r].1 < n {
                r += 1;
            }
            let Some(&(lo, _)) = self.ranges.get(r) else { break };
            if n < lo {
                continue;
            }
            if !first {
                match &self.out_delim {
                    Some(d) => out.extend_from_slice(d),
                    None => out.push(self.delim),
                }
            }
            first = false;
            out.extend_from_slice(field);
        }
        out.push(self.eol);
    }
}

/// Options gathered from the command line.
#[derive(Default)]
struct Args {
    list: Option<(String, bool)>,
    lists: usize,
    delim: Option<String>,
    complement: bool,
    only_delimited: bool,
    out_delim: Option<String>,
    zero: bool,
}

fn build(a: Args) -> Result<Spec, String> {
    if a.lists > 1 {
        return Err("only one list may be specified".into());
    }
    let Some((list, fields)) = a.list else { return Err("you must specify a list of bytes, characters, or fields".into()) };
    if a.delim.is_some() && !fields {
        return Err("an input delimiter may be specified only when operating on fields".into());
    }
    if a.only_delimited && !fields {
        return Err("suppressing non-delimited lines makes sense\n\tonly when operating on fields".into());
    }
    let delim = match a.delim.as_deref().map(encode) {
        None => b'\t',
        Some(d) if d.is_empty() => 0,
        Some(d) if d.len() == 1 => d[0],
        Some(_) => return Err("the delimiter must be a single character".into()),
    };
    let mut ranges = parse_list(&list, fields)?;
    if a.complement {
        ranges = complement(&ranges);
    }
    let out_delim = a.out_delim.map(|d| if d.is_empty() { vec![0] } else { encode(&d).into_owned() });
    Ok(Spec { ranges, fields, delim, out_delim, only_delimited: a.only_delimited, eol: if a.zero { 0 } else { b'\n' } })
}

impl Builtin for Cut {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut a = Args::default();
        for (o, v) in parsed.opts {
            match o {
                O::Bytes | O::Chars | O::Fields => {
                    a.lists += 1;
                    a.list = Some((v.unwrap_or_default(), o == O::Fields));
                }
                O::Delim => a.delim = v,
                O::Ignored => {}
                O::Complement => a.complement = true,
                O::OnlyDelimited => a.only_delimited = true,
                O::OutDelim => a.out_delim = v,
                O::Zero => a.zero = true,
            }
        }
        let spec = match build(a) {
            Ok(s) => s,
            Err(msg) => {
                usage_error(ctx, &msg);
                return 1;
            }
        };
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut out = Vec::with_capacity(CHUNK);
        let mut status = 0;
        for name in &files {
            match cut_file(ctx, &spec, name, &mut out) {
                Ok(true) => {}
                Ok(false) => status = 1,
                Err(st) => return st,
            }
        }
        match flush_out(ctx, &mut out, true) {
            Ok(()) => status,
            Err(st) => st,
        }
    }
}

/// Cut one operand; `Ok(false)` after reporting an error, `Err` with the status to exit with.
fn cut_file(ctx: &mut Ctx<'_>, spec: &Spec, name: &str, out: &mut Vec<u8>) -> Result<bool, i32> {
    let mut lines = match LineReader::open(ctx, name, spec.eol) {
        Ok(l) => l,
        Err(e) => {
            flush_out(ctx, out, true)?;
            file_error(ctx, name, e);
            return Ok(false);
        }
    };
    loop {
        match lines.next_line(ctx) {
            Ok(Some(line)) => {
                let body = line.strip_suffix(&[spec.eol]).unwrap_or(line);
                if spec.fields {
                    spec.cut_fields(body, out);
                } else {
                    spec.cut_bytes(body, out);
                }
                flush_out(ctx, out, false)?;
            }
            Ok(None) => return Ok(true),
            Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(1),
            Err(e) => {
                flush_out(ctx, out, true)?;
                ctx.error(&format!("{}: {}", args::quote_name(name), read_error_text(&e)));
                return Ok(false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, NOFS};
    use crate::testing::run;

    fn cut(args: &[&str], input: &str) -> String {
        let o = run(&Cut, "cut", args, input.as_bytes(), &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }
    fn err(args: &[&str]) -> String {
        let o = run(&Cut, "cut", args, b"", &*NOFS, "/");
        assert_eq!(o.status, 1);
        o.stderr.trim_end_matches("Try 'cut --help' for more information.\n").to_string()
    }

    #[test]
    fn bytes() {
        assert_eq!(cut(&["-b", "1,3-4,6-"], "abcdef\n"), "acdf\n");
        assert_eq!(cut(&["-b", "-2,5-"], "abcdef\n"), "abef\n");
        assert_eq!(cut(&["-b", "2-", "--complement"], "abcdef\n"), "a\n");
        assert_eq!(cut(&["-b", "1,3", "--output-delimiter=:"], "abcdef\n"), "a:c\n");
        assert_eq!(cut(&["-b", "1-3,2-4", "--output-delimiter=:"], "abcdef\n"), "abcd\n");
        assert_eq!(cut(&["-b", "1-2,3-4", "--output-delimiter=:"], "abcdef\n"), "ab:cd\n");
        assert_eq!(cut(&["-b", "5-,1-2", "--complement", "--output-delimiter=:"], "abcdef\n"), "cd\n");
        assert_eq!(cut(&["-b", "2,4", "--complement", "--output-delimiter=:"], "abcdef\n"), "a:c:ef\n");
        assert_eq!(cut(&["-b", "1 3"], "abc\n"), "ac\n");
        assert_eq!(cut(&["-c", "3-,-1"], "abcdef\n"), "acdef\n");
        assert_eq!(cut(&["-nb", "2"], "a\nxyz"), "\ny\n");
        assert_eq!(run(&Cut, "cut", &["-c2"], "héllo\n".as_bytes(), &*NOFS, "/").stdout, b"\xc3\n");
    }

    #[test]
    fn fields() {
        assert_eq!(cut(&["-d:", "-f2"], "a:b:c\n"), "b\n");
        assert_eq!(cut(&["-d:", "-f3,1"], "a:b:c\n"), "a:c\n");
        assert_eq!(cut(&["-d:", "-f2"], "abc\n"), "abc\n");
        assert_eq!(cut(&["-d:", "-s", "-f2"], "abc\na:b\nc"), "b\n");
        assert_eq!(cut(&["-d:", "-f1,3", "--output-delimiter=XY"], "a:b:c\n"), "aXYc\n");
        assert_eq!(cut(&["-d:", "-f2", "--complement"], "a:b:c\n"), "a:c\n");
        assert_eq!(cut(&["-d:", "-f1,2", "--complement"], "a:b:c:d\n"), "c:d\n");
        assert_eq!(cut(&["-f2"], "a\tb\n"), "b\n");
        assert_eq!(cut(&["-d", "", "-f1"], "a:b\n"), "a:b\n");
        assert_eq!(cut(&["-d:", "-f1"], "a:b"), "a\n");
        assert_eq!(cut(&["-z", "-d:", "-f2"], "a:b\0c:d\0"), "b\0d\0");
        assert_eq!(cut(&["-d:", "-f2,3"], "a::b\n"), ":b\n");
        assert_eq!(cut(&["-d:", "-f3-"], "a:b\n"), "\n");
        assert_eq!(cut(&["-d:", "-f1,2", "--output-delimiter="], "a:b\n"), "a\0b\n");
    }

    #[test]
    fn list_errors() {
        assert_eq!(err(&[]), "cut: you must specify a list of bytes, characters, or fields\n");
        assert_eq!(err(&["-b1", "-c1"]), "cut: only one list may be specified\n");
        assert_eq!(err(&["-b1", "-d:"]), "cut: an input delimiter may be specified only when operating on fields\n");
        assert_eq!(err(&["-b", "0"]), "cut: byte/character positions are numbered from 1\n");
        assert_eq!(err(&["-b", "3-1"]), "cut: invalid decreasing range\n");
        assert_eq!(err(&["-b", "-0"]), "cut: invalid decreasing range\n");
        assert_eq!(err(&["-b", "x"]), "cut: invalid byte/character position ‘x’\n");
        assert_eq!(err(&["-b", "1x2"]), "cut: invalid byte/character position ‘x2’\n");
        assert_eq!(err(&["-b", "1-3x"]), "cut: invalid byte/character position ‘x’\n");
        assert_eq!(err(&["-b", "1-2-3"]), "cut: invalid byte or character range\n");
        assert_eq!(err(&["-f", ""]), "cut: fields are numbered from 1\n");
        assert_eq!(err(&["-f", ",1"]), "cut: fields are numbered from 1\n");
        assert_eq!(err(&["-f", "x"]), "cut: invalid field value ‘x’\n");
        assert_eq!(err(&["-f", "1-2-3"]), "cut: invalid field range\n");
        assert_eq!(err(&["-d", "ab", "-f1"]), "cut: the delimiter must be a single character\n");
        assert_eq!(err(&["-b", "1,-"]), "cut: invalid range with no endpoint: -\n");
        assert_eq!(err(&["-f", "99999999999999999999"]), "cut: field number ‘99999999999999999999’ is too large\n");
        assert_eq!(err(&["-s", "-b1"]), "cut: suppressing non-delimited lines makes sense\n\tonly when operating on fields\n");
    }

    #[test]
    fn files() {
        let fs = fs_with(&[("/f", b"a:b\n"), ("/d/", b"")]);
        let o = run(&Cut, "cut", &["-d:", "-f2", "f", "nosuch", "d", "-"], b"x:y\n", &*fs, "/");
        assert_eq!(o.out(), "b\ny\n");
        assert_eq!(o.stderr, "cut: nosuch: No such file or directory\ncut: d: Is a directory\n");
        assert_eq!(o.status, 1);
    }
}
