//! `nl`: number lines, streaming: numbering styles per section (`-b -h -f`: `a t n pBRE`),
//! section delimiters (`-d`, default `\:`), `-i -l -n -p -s -v -w`.


use regex::bytes::Regex;

use super::args::{self, file_error, flush_out, quote, usage_error, Config, OptSpec, CHUNK};
use super::rev::{read_error_text, LineReader};
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::encode;
use kitsh_core::util::posix_re::{build, Syntax};

/// The `nl` command.
pub struct Nl;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Body,
    Delim,
    Footer,
    Header,
    Incr,
    Join,
    Format,
    NoRenumber,
    Sep,
    Start,
    Width,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('b', "body-numbering", O::Body),
    OptSpec::req('d', "section-delimiter", O::Delim),
    OptSpec::req('f', "footer-numbering", O::Footer),
    OptSpec::req('h', "header-numbering", O::Header),
    OptSpec::req('i', "line-increment", O::Incr),
    OptSpec::req('l', "join-blank-lines", O::Join),
    OptSpec::req('n', "number-format", O::Format),
    OptSpec::flag('p', "no-renumber", O::NoRenumber),
    OptSpec::req('s', "number-separator", O::Sep),
    OptSpec::req('v', "starting-line-number", O::Start),
    OptSpec::req('w', "number-width", O::Width),
];
const USAGE: &str = "Usage: nl [OPTION]... [FILE]...\nWrite each FILE to standard output, with line numbers added.";

/// Which lines of a section are numbered.
enum Style {
    All,
    NonEmpty,
    None,
    Matching(Regex),
}

/// How numbers are laid out (`-n`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Left,
    Right,
    Zeros,
}

struct Numberer {
    styles: [Style; 3],
    section: usize,
    delim: Vec<u8>,
    format: Format,
    width: usize,
    sep: Vec<u8>,
    start: i64,
    incr: i64,
    join: u64,
    renumber: bool,
    line_no: Option<i64>,
    blanks: u64,
}

impl Numberer {
    /// The section a delimiter line starts (0 header, 1 body, 2 footer), if it is one.
    fn section_of(&self, line: &[u8]) -> Option<usize> {
        let d = self.delim.len();
        if d == 0 || line.is_empty() || !line.len().is_multiple_of(d) || line.len() / d > 3 {
            return None;
        }
        if line.chunks(d).all(|c| c == self.delim.as_slice()) {
            return Some(3 - line.len() / d);
        }
        None
    }

    fn number(&mut self, out: &mut Vec<u8>) -> Result<(), ()> {
        let n = self.line_no.ok_or(())?;
        let text = match self.format {
            Format::Left => format!("{n:<w$}", w = self.width),
            Format::Right => format!("{n:>w$}", w = self.width),
            Format::Zeros if n < 0 => format!("-{:0>w$}", n.unsigned_abs(), w = self.width.saturating_sub(1)),
            Format::Zeros => format!("{n:0>w$}", w = self.width),
        };
        out.extend_from_slice(text.as_bytes());
        out.extend_from_slice(&self.sep);
        self.line_no = n.checked_add(self.incr);
        Ok(())
    }

    fn no_number(&self, out: &mut Vec<u8>) {
        out.resize(out.len() + self.width + self.sep.len(), b' ');
    }

    /// Number one line (without its newline); `Err` on line number overflow.
    fn line(&mut self, body: &[u8], out: &mut Vec<u8>) -> Result<(), ()> {
        if let Some(s) = self.section_of(body) {
            self.section = s;
            if self.renumber {
                self.line_no = Some(self.start);
            }
            out.push(b'\n');
            return Ok(());
        }
        let numbered = match &self.styles[self.section] {
            Style::All if self.join > 1 => {
                if !body.is_empty() {
                    true
                } else {
                    self.blanks += 1;
                    self.blanks == self.join
                }
            }
            Style::All => true,
            Style::NonEmpty => !body.is_empty(),
            Style::None => false,
            Style::Matching(re) => re.is_match(body),
        };
        if numbered {
            self.blanks = 0;
            self.number(out)?;
        } else {
            self.no_number(out);
        }
        out.extend_from_slice(body);
        out.push(b'\n');
        Ok(())
    }
}

/// Parse a numbering style; `Err` after reporting.
fn style(ctx: &mut Ctx<'_>, v: &str, which: &str) -> Result<Style, i32> {
    match v {
        "a" => Ok(Style::All),
        "t" => Ok(Style::NonEmpty),
        "n" => Ok(Style::None),
        _ if v.starts_with('p') => build(&v[1..], Syntax::Basic, false).map(Style::Matching).map_err(|e| {
            ctx.error(&e.to_string());
            1
        }),
        _ => {
            usage_error(ctx, &format!("invalid {which} numbering style: {}", quote(v)));
            Err(1)
        }
    }
}

/// Parse a numeric option within `lo..=hi`; `Err` after reporting.
fn num(ctx: &mut Ctx<'_>, v: &str, what: &str, lo: i64, hi: i64) -> Result<i64, i32> {
    let t = v.trim_start();
    match t.parse::<i64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        Ok(n) => {
            let why = if n < lo { "Numerical result out of range" } else { "Value too large for defined data type" };
            ctx.error(&format!("invalid {what}: {}: {why}", quote(v)));
            Err(1)
        }
        Err(_) if !t.is_empty() && t.trim_start_matches(['-', '+']).bytes().all(|b| b.is_ascii_digit()) => {
            ctx.error(&format!("invalid {what}: {}: Value too large for defined data type", quote(v)));
            Err(1)
        }
        Err(_) => {
            ctx.error(&format!("invalid {what}: {}", quote(v)));
            Err(1)
        }
    }
}

fn parse(ctx: &mut Ctx<'_>, opts: Vec<(O, Option<String>)>) -> Result<Numberer, i32> {
    let mut n = Numberer {
        styles: [Style::None, Style::NonEmpty, Style::None],
        section: 1,
        delim: b"\\:".to_vec(),
        format: Format::Right,
        width: 6,
        sep: b"\t".to_vec(),
        start: 1,
        incr: 1,
        join: 1,
        renumber: true,
        line_no: Some(1),
        blanks: 0,
    };
    for (o, v) in opts {
        let v = v.unwrap_or_default();
        match o {
            O::Body => n.styles[1] = style(ctx, &v, "body")?,
            O::Header => n.styles[0] = style(ctx, &v, "header")?,
            O::Footer => n.styles[2] = style(ctx, &v, "footer")?,
            O::Delim => {
                n.delim = encode(&v).into_owned();
                if n.delim.len() == 1 {
                    n.delim.push(b':');
                }
            }
            O::Incr => n.incr = num(ctx, &v, "line number increment", i64::MIN, i64::MAX)?,
            O::Join => n.join = num(ctx, &v, "line number of blank lines", 1, i64::MAX)? as u64,
            O::Format => {
                n.format = match v.as_str() {
                    "ln" => Format::Left,
                    "rn" => Format::Right,
                    "rz" => Format::Zeros,
                    _ => {
                        usage_error(ctx, &format!("invalid line numbering format: {}", quote(&v)));
                        return Err(1);
                    }
                }
            }
            O::NoRenumber => n.renumber = false,
            O::Sep => n.sep = encode(&v).into_owned(),
            O::Start => n.start = num(ctx, &v, "starting line number", i64::MIN, i64::MAX)?,
            O::Width => n.width = num(ctx, &v, "line number field width", 1, i32::MAX as i64)? as usize,
        }
    }
    n.line_no = Some(n.start);
    Ok(n)
}

impl Builtin for Nl {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut nl = match parse(ctx, parsed.opts) {
            Ok(n) => n,
            Err(st) => return st,
        };
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut out = Vec::with_capacity(CHUNK);
        let mut status = 0;
        for name in &files {
            let mut lines = match LineReader::open(ctx, name, b'\n') {
                Ok(l) => l,
                Err(e) => {
                    if let Err(st) = flush_out(ctx, &mut out, true) {
                        return st;
                    }
                    file_error(ctx, name, e);
                    status = 1;
                    continue;
                }
            };
            loop {
                match lines.next_line(ctx) {
                    Ok(Some(line)) => {
                        let body = line.strip_suffix(b"\n").unwrap_or(line);
                        if nl.line(body, &mut out).is_err() {
                            let _ = flush_out(ctx, &mut out, true);
                            ctx.error("line number overflow");
                            return 1;
                        }
                        if let Err(st) = flush_out(ctx, &mut out, false) {
                            return st;
                        }
                    }
                    Ok(None) => break,
                    Err(e) if kitsh_core::util::cancelled::is(&e) => return 1,
                    Err(e) => {
                        ctx.error(&format!("{}: {}", args::quote_name(name), read_error_text(&e)));
                        status = 1;
                        break;
                    }
                }
            }
        }
        match flush_out(ctx, &mut out, true) {
            Ok(()) => status,
            Err(st) => st,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn nl(args: &[&str], input: &str) -> String {
        let o = run(&Nl, "nl", args, input.as_bytes(), &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn styles() {
        assert_eq!(nl(&[], "a\n\nb\n"), "     1\ta\n       \n     2\tb\n");
        assert_eq!(nl(&["-ba"], "a\n\nb\n"), "     1\ta\n     2\t\n     3\tb\n");
        assert_eq!(nl(&["-bn"], "a\n"), "       a\n");
        assert_eq!(nl(&["-bpfo"], "foo\nbar\n"), "     1\tfoo\n       bar\n");
        assert_eq!(nl(&["-ba", "-l", "2"], "a\n\n\n\nb\n"), "     1\ta\n       \n     2\t\n       \n     3\tb\n");
        assert_eq!(nl(&[], "a"), "     1\ta\n");
    }

    #[test]
    fn formats() {
        assert_eq!(nl(&["-n", "ln", "-w", "3", "-s:"], "a\n\nb\n"), "1  :a\n    \n2  :b\n");
        assert_eq!(nl(&["-n", "rz", "-v", "5", "-i", "10"], "a\nb\n"), "000005\ta\n000015\tb\n");
        assert_eq!(nl(&["-v", "-3", "-i", "-2"], "a\nb\n"), "    -3\ta\n    -5\tb\n");
        assert_eq!(nl(&["-w", "10", "-s", ""], "a\n"), "         1a\n");
        assert_eq!(nl(&["-n", "ln", "-w1", "-s|"], "ab\n"), "1|ab\n");
    }

    #[test]
    fn sections() {
        let text = "x\n\\:\\:\\:\nh\n\\:\\:\nb\n\\:\nf\n\\:\\:\nb2\n";
        assert_eq!(nl(&["-ha", "-fa"], text), "     1\tx\n\n     1\th\n\n     1\tb\n\n     1\tf\n\n     1\tb2\n");
        assert_eq!(nl(&["-p"], "x\n\\:\\:\nb\n"), "     1\tx\n\n     2\tb\n");
        assert_eq!(nl(&["-d", "@"], "a\n@@\nb\n"), "     1\ta\n     2\t@@\n     3\tb\n");
        assert_eq!(nl(&["-d", "@x"], "a\n@x@x\nb\n"), "     1\ta\n\n     1\tb\n");
        assert_eq!(nl(&[], "a\n\\:\\:x\n"), "     1\ta\n     2\t\\:\\:x\n");
    }

    #[test]
    fn errors() {
        let t = "\nTry 'nl --help' for more information.\n";
        assert_eq!(nl(&["-b", "x"], ""), format!("nl: invalid body numbering style: ‘x’{t}"));
        assert_eq!(nl(&["-h", "x"], ""), format!("nl: invalid header numbering style: ‘x’{t}"));
        assert_eq!(nl(&["-n", "x"], ""), format!("nl: invalid line numbering format: ‘x’{t}"));
        assert_eq!(nl(&["-w", "0"], ""), "nl: invalid line number field width: ‘0’: Numerical result out of range\n");
        assert_eq!(nl(&["-i", "x"], ""), "nl: invalid line number increment: ‘x’\n");
        assert_eq!(nl(&["-v", "x"], ""), "nl: invalid starting line number: ‘x’\n");
        assert_eq!(nl(&["-l", "0"], ""), "nl: invalid line number of blank lines: ‘0’: Numerical result out of range\n");
        assert_eq!(nl(&["-w", "99999999999999999"], ""), "nl: invalid line number field width: ‘99999999999999999’: Value too large for defined data type\n");
        assert_eq!(nl(&["-v", "9223372036854775807"], "a\nb\n"), "9223372036854775807\ta\nnl: line number overflow\n");
    }
}
