//! `xxd`: a hex dump as vim's xxd (2022-01-14) prints it (default layout, `-p`, `-i`, `-b`,
//! `-e`, `-c -g -l -s -o -d -u -a -C -n`), and the reverse (`-r`, `-r -p`). Options are parsed
//! as xxd does (single dash, long spellings such as `-cols`, options end at the first operand).

mod revert;

use super::args::{open_src, Src, CHUNK};
use super::byteread::{ByteReader, ReadFail};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, WriteMode};
use kitsh_core::util::bytes::encode;

/// The `xxd` command.
pub struct Xxd;

const USAGE: &str = "Usage:
       xxd [options] [infile [outfile]]
    or
       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]
Options:
    -a          toggle autoskip: A single '*' replaces nul-lines. Default off.
    -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.
    -C          capitalize variable names in C include file style (-i).
    -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).
    -E          show characters in EBCDIC. Default ASCII.
    -e          little-endian dump (incompatible with -ps,-i,-r).
    -g bytes    number of octets per group in normal output. Default 2 (-e: 4).
    -h          print this summary.
    -i          output in C include file style.
    -l len      stop after <len> octets.
    -n name     set the variable name used in C include output (-i).
    -o off      add <off> to the displayed file position.
    -ps         output in postscript plain hexdump style.
    -r          reverse operation: convert (or patch) hexdump into binary.
    -r -s off   revert with <off> added to file positions found in hexdump.
    -d          show offset in decimal instead of hex.
    -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.
    -u          use upper case hex letters.
    -v          show version: \"xxd 2022-01-14 by Juergen Weigert et al.\".
";

/// The dump styles.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Normal,
    Plain,
    Include,
    Bits,
    Little,
}

/// C's `strtol(s, NULL, 0)`: leading blanks, a sign, `0x` hex, `0` octal; 0 when no digits.
pub(crate) fn strtol(s: &str) -> i64 {
    let t = s.trim_start();
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (radix, digits) = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        if h.bytes().next().is_some_and(|b| b.is_ascii_hexdigit()) {
            (16, h)
        } else {
            (10, "0")
        }
    } else if t.starts_with('0') {
        (8, t)
    } else {
        (10, t)
    };
    let mut v: i64 = 0;
    for c in digits.chars() {
        match c.to_digit(radix) {
            Some(d) => v = v.saturating_mul(i64::from(radix)).saturating_add(i64::from(d)),
            None => break,
        }
    }
    if neg {
        -v
    } else {
        v
    }
}

/// Everything the command line set.
struct Opts {
    style: Style,
    autoskip: bool,
    capitalize: bool,
    decimal: bool,
    upper: bool,
    revert: bool,
    cols: i64,
    group: i64,
    length: Option<i64>,
    seek: i64,
    relseek: bool,
    negseek: bool,
    display_off: i64,
    name: Option<String>,
}

/// Where output goes: stdout, or the outfile operand (written in chunks).
pub(crate) struct Sink {
    path: Option<String>,
    buf: Vec<u8>,
}

impl Sink {
    /// Queue bytes; write once [`CHUNK`] is reached. `Err`: the exit status.
    pub(crate) fn put(&mut self, ctx: &mut Ctx<'_>, data: &[u8]) -> Result<(), i32> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= CHUNK {
            self.flush(ctx)?;
        }
        Ok(())
    }

    /// Write what is queued.
    pub(crate) fn flush(&mut self, ctx: &mut Ctx<'_>) -> Result<(), i32> {
        match &self.path {
            None => {
                let r = ctx.stdout.write_all(&self.buf).and_then(|()| ctx.stdout.flush());
                self.buf.clear();
                r.map_err(|e| crate::args::write_failed(ctx, &e))
            }
            Some(p) => {
                let r = ctx.fs.write_file(p, &self.buf, WriteMode::Append);
                self.buf.clear();
                r.map_err(|e| {
                    ctx.error(&format!("{}: {e}", p.rsplit('/').next().unwrap_or(p)));
                    3
                })
            }
        }
    }
}

fn usage(ctx: &mut Ctx<'_>) -> i32 {
    let _ = ctx.stderr.write_all(USAGE.as_bytes());
    1
}

/// The value of an option taking a number: attached (`-c8`) unless the rest spells the long
/// name (`-cols 8`), else the next argument. `None`: missing.
fn value<'a>(arg: &'a str, long: &str, args: &'a [String], i: &mut usize) -> Option<&'a str> {
    let rest = &arg[2..];
    if !rest.is_empty() && !rest.starts_with(long) {
        return Some(rest);
    }
    *i += 1;
    args.get(*i).map(String::as_str)
}

fn parse(ctx: &mut Ctx<'_>, argv: &[String]) -> Result<(Opts, Vec<String>), i32> {
    let mut o = Opts {
        style: Style::Normal,
        autoskip: false,
        capitalize: false,
        decimal: false,
        upper: false,
        revert: false,
        cols: 0,
        group: -1,
        length: None,
        seek: 0,
        relseek: false,
        negseek: false,
        display_off: 0,
        name: None,
    };
    let mut i = 0;
    while i < argv.len() {
        let full = argv[i].as_str();
        let a = if full.starts_with("--") && full.len() > 2 { &full[1..] } else { full };
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') || a.len() < 2 {
            break;
        }
        // `-` followed by a multi-byte character is no option.
        let Some(head) = a.get(..2) else {
            return Err(usage(ctx));
        };
        match head {
            "-a" => o.autoskip = !o.autoskip,
            "-b" => o.style = Style::Bits,
            "-e" => o.style = Style::Little,
            "-u" => o.upper = true,
            "-p" => o.style = Style::Plain,
            "-i" => o.style = Style::Include,
            "-C" => o.capitalize = true,
            "-d" => o.decimal = true,
            "-r" => o.revert = true,
            "-E" => {}
            "-v" => {
                let _ = ctx.stderr.write_all(b"xxd 2022-01-14 by Juergen Weigert et al.\n");
                return Err(0);
            }
            "-c" if a[2..].starts_with("apitalize") => o.capitalize = true,
            "-c" => o.cols = strtol(value(a, "ols", argv, &mut i).ok_or_else(|| usage(ctx))?),
            "-g" => o.group = strtol(value(a, "roup", argv, &mut i).ok_or_else(|| usage(ctx))?),
            "-o" => o.display_off = strtol(value(a, "ffset", argv, &mut i).ok_or_else(|| usage(ctx))?),
            "-l" => o.length = Some(strtol(value(a, "en", argv, &mut i).ok_or_else(|| usage(ctx))?)),
            "-n" => o.name = Some(value(a, "ame", argv, &mut i).ok_or_else(|| usage(ctx))?.to_string()),
            "-s" => {
                let rest = &a[2..];
                let v = if !rest.is_empty() && !rest.starts_with("kip") && !rest.starts_with("eek") {
                    rest
                } else {
                    i += 1;
                    argv.get(i).map(String::as_str).ok_or_else(|| usage(ctx))?
                };
                o.relseek = v.starts_with('+');
                let v = v.strip_prefix('+').unwrap_or(v);
                o.negseek = v.starts_with('-');
                o.seek = strtol(v.strip_prefix('-').unwrap_or(v));
            }
            _ => return Err(usage(ctx)),
        }
        i += 1;
    }
    let rest: Vec<String> = argv[i.min(argv.len())..].to_vec();
    if rest.len() > 2 {
        return Err(usage(ctx));
    }
    Ok((o, rest))
}

impl Builtin for Xxd {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let (mut o, files) = match parse(ctx, argv) {
            Ok(x) => x,
            Err(st) => return st,
        };
        if o.cols == 0 {
            o.cols = match o.style {
                Style::Plain => 30,
                Style::Include => 12,
                Style::Bits => 6,
                _ => 16,
            };
        }
        if o.group < 0 {
            o.group = match o.style {
                Style::Bits => 1,
                Style::Normal => 2,
                Style::Little => 4,
                _ => 0,
            };
        }
        if (o.style == Style::Plain && o.cols < 0) || (o.style != Style::Plain && !(1..=256).contains(&o.cols)) {
            ctx.error("invalid number of columns (max. 256).");
            return 1;
        }
        if o.group < 1 || o.group > o.cols {
            o.group = o.cols;
        } else if o.style == Style::Little && (o.group & (o.group - 1)) != 0 {
            ctx.error("number of octets per group must be a power of 2 with -e.");
            return 1;
        }
        let infile = files.first().filter(|f| f.as_str() != "-").cloned();
        let src = match &infile {
            None => Src::Stdin,
            Some(f) => match open_src(ctx, f) {
                Ok(s) => s,
                Err(e) => {
                    ctx.error(&format!("{f}: {e}"));
                    return 2;
                }
            },
        };
        let mut sink = Sink { path: None, buf: Vec::new() };
        if let Some(out) = files.get(1).filter(|f| f.as_str() != "-") {
            let p = ctx.abs_path(out);
            if let Err(e) = ctx.fs.write_file(&p, b"", WriteMode::Truncate) {
                ctx.error(&format!("{out}: {e}"));
                return 3;
            }
            sink.path = Some(p);
        }
        let mut input = ByteReader::new(src);
        let r = if o.revert {
            if !matches!(o.style, Style::Normal | Style::Plain) {
                ctx.error("Sorry, cannot revert this type of hexdump");
                return 255;
            }
            let base = if o.negseek { -o.seek } else { o.seek };
            revert::revert(ctx, &mut input, &mut sink, o.cols, o.style == Style::Plain, base)
        } else {
            dump(ctx, &o, infile.as_deref(), &mut input, &mut sink)
        };
        let st = match r {
            Ok(()) => 0,
            Err(st) => st,
        };
        match sink.flush(ctx) {
            Ok(()) => st,
            Err(s) => s,
        }
    }
}

/// Map a read failure to an exit status (after the message).
pub(crate) fn read_fail(ctx: &mut Ctx<'_>, f: ReadFail) -> i32 {
    if let ReadFail::Error(e) = f {
        ctx.error(&e);
    }
    2
}

/// Apply `-s`: returns the offset reached. `Err`: the exit status.
fn seek(ctx: &mut Ctx<'_>, o: &Opts, infile: Option<&str>, input: &mut ByteReader) -> Result<i64, i32> {
    if o.seek == 0 && !o.negseek {
        return Ok(0);
    }
    let size = infile.and_then(|f| ctx.fs.stat(&ctx.abs_path(f)).ok()).filter(|m| m.file_type == FileType::File).map(|m| m.len as i64);
    let target = match (size, o.negseek) {
        (Some(sz), true) => sz - o.seek,
        (_, false) => o.seek,
        (None, true) => -1,
    };
    if target < 0 {
        ctx.error("Sorry, cannot seek.");
        return Err(4);
    }
    let got = input.skip(ctx, target as u64).map_err(|f| read_fail(ctx, f))? as i64;
    if got < target && size.is_none() {
        ctx.error("Sorry, cannot seek.");
        return Err(4);
    }
    Ok(target)
}

fn dump(ctx: &mut Ctx<'_>, o: &Opts, infile: Option<&str>, input: &mut ByteReader, sink: &mut Sink) -> Result<(), i32> {
    let seekoff = seek(ctx, o, infile, input)?;
    let hexx: &[u8; 16] = if o.upper { b"0123456789ABCDEF" } else { b"0123456789abcdef" };
    let limit = o.length.map_or(u64::MAX, |l| l.max(0) as u64);
    let mut n: u64 = 0;
    let mut next = |ctx: &mut Ctx<'_>, n: &mut u64| -> Result<Option<u8>, i32> {
        if *n >= limit {
            return Ok(None);
        }
        let b = input.next(ctx).map_err(|f| read_fail(ctx, f))?;
        if b.is_some() {
            *n += 1;
        }
        Ok(b)
    };
    match o.style {
        Style::Plain => {
            let cols = o.cols;
            let mut p = cols;
            let mut line = Vec::new();
            while let Some(e) = next(ctx, &mut n)? {
                line.push(hexx[(e >> 4) as usize]);
                line.push(hexx[(e & 15) as usize]);
                if cols > 0 {
                    p -= 1;
                    if p == 0 {
                        line.push(b'\n');
                        p = cols;
                    }
                }
                if line.len() >= CHUNK {
                    sink.put(ctx, &line)?;
                    line.clear();
                }
            }
            if cols == 0 || p < cols {
                line.push(b'\n');
            }
            sink.put(ctx, &line)
        }
        Style::Include => {
            let var = o.name.clone().or_else(|| infile.map(str::to_string));
            let mut out = Vec::new();
            let cname = |s: &str| -> Vec<u8> {
                let raw = encode(s);
                let mut v = Vec::new();
                if raw.first().is_some_and(u8::is_ascii_digit) {
                    v.extend_from_slice(b"__");
                }
                for &c in raw.iter() {
                    v.push(if c.is_ascii_alphanumeric() {
                        if o.capitalize {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    } else {
                        b'_'
                    });
                }
                v
            };
            if let Some(v) = &var {
                out.extend_from_slice(b"unsigned char ");
                out.extend_from_slice(&cname(v));
                out.extend_from_slice(b"[] = {\n");
            }
            let mut p: u64 = 0;
            let cols = o.cols as u64;
            while let Some(c) = next(ctx, &mut n)? {
                let sep = if p % cols != 0 {
                    ", "
                } else if p == 0 {
                    "  "
                } else {
                    ",\n  "
                };
                out.extend_from_slice(sep.as_bytes());
                out.extend_from_slice(if o.upper { format!("0X{c:02X}") } else { format!("0x{c:02x}") }.as_bytes());
                p += 1;
                if out.len() >= CHUNK {
                    sink.put(ctx, &out)?;
                    out.clear();
                }
            }
            if p > 0 {
                out.push(b'\n');
            }
            if let Some(v) = &var {
                out.extend_from_slice(b"};\nunsigned int ");
                out.extend_from_slice(&cname(v));
                out.extend_from_slice(format!("_{} = {p};\n", if o.capitalize { "LEN" } else { "len" }).as_bytes());
            }
            sink.put(ctx, &out)
        }
        _ => {
            let cols = o.cols as usize;
            let grp = o.group as usize;
            let grplen = if o.style == Style::Bits { 8 * grp + 1 } else { 2 * grp + 1 };
            let mut l: Vec<u8> = Vec::new();
            let mut skip = Autoskip::default();
            let (mut p, mut c, mut nonzero, mut addrlen) = (0usize, 0usize, 0usize, 0usize);
            let mut out = Vec::new();
            while let Some(e) = next(ctx, &mut n)? {
                if p == 0 {
                    let off = (n - 1) as i64 + seekoff + o.display_off;
                    let addr = if o.decimal { format!("{off:08}:") } else { format!("{:08x}:", off as u64) };
                    addrlen = addr.len();
                    l.clear();
                    l.extend_from_slice(addr.as_bytes());
                    l.resize(addrlen + 3 + (grplen * cols) / grp + cols + 2 + 8 * grp, b' ');
                }
                let x = if o.style == Style::Little { p ^ (grp - 1) } else { p };
                let mut at = addrlen + 1 + (grplen * x) / grp;
                if at + 8 >= l.len() {
                    l.resize(at + 9, b' ');
                }
                if o.style == Style::Bits {
                    for i in (0..8).rev() {
                        l[at] = if e & (1 << i) != 0 { b'1' } else { b'0' };
                        at += 1;
                    }
                } else {
                    l[at] = hexx[(e >> 4) as usize];
                    l[at + 1] = hexx[(e & 15) as usize];
                }
                if e != 0 {
                    nonzero += 1;
                }
                c = addrlen + 3 + (grplen * cols - 1) / grp + p;
                l[c] = if (32..127).contains(&e) { e } else { b'.' };
                c += 1;
                p += 1;
                if p == cols {
                    let mut line = l[..c].to_vec();
                    line.push(b'\n');
                    skip.line(&mut out, &line, if o.autoskip { nonzero as i32 } else { 1 });
                    nonzero = 0;
                    p = 0;
                }
                if out.len() >= CHUNK {
                    sink.put(ctx, &out)?;
                    out.clear();
                }
            }
            if p > 0 {
                let mut line = l[..c].to_vec();
                line.push(b'\n');
                skip.line(&mut out, &line, 1);
            } else if o.autoskip {
                let line = l.get(..c).map(<[u8]>::to_vec).unwrap_or_default();
                let mut line = line;
                line.push(b'\n');
                skip.line(&mut out, &line, -1);
            }
            sink.put(ctx, &out)
        }
    }
}

/// xxd's `xxdline`: with `-a`, runs of all-zero lines become one `*` line.
#[derive(Default)]
struct Autoskip {
    saved: Vec<u8>,
    zero_seen: i32,
}

impl Autoskip {
    fn line(&mut self, out: &mut Vec<u8>, l: &[u8], nz: i32) {
        if nz == 0 && self.zero_seen == 1 {
            self.saved = l.to_vec();
        }
        let show = nz != 0 || {
            let was = self.zero_seen;
            self.zero_seen += 1;
            was == 0
        };
        if show {
            if nz != 0 {
                if nz < 0 {
                    self.zero_seen -= 1;
                }
                if self.zero_seen == 2 {
                    out.extend_from_slice(&self.saved);
                }
                if self.zero_seen > 2 {
                    out.extend_from_slice(b"*\n");
                }
            }
            if nz >= 0 || self.zero_seen > 0 {
                out.extend_from_slice(l);
            }
            if nz != 0 {
                self.zero_seen = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn xxd(args: &[&str], input: &[u8]) -> (String, String, i32) {
        let fs = fs_with(&[("/h.txt", b"hello world, this is xxd!\n")]);
        let o = run(&Xxd, "xxd", args, input, &*fs, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn layouts() {
        assert_eq!(
            xxd(&["h.txt"], b"").0,
            "00000000: 6865 6c6c 6f20 776f 726c 642c 2074 6869  hello world, thi\n00000010: 7320 6973 2078 7864 210a                 s is xxd!.\n"
        );
        assert_eq!(xxd(&["-p", "h.txt"], b"").0, "68656c6c6f20776f726c642c207468697320697320787864210a\n");
        assert_eq!(xxd(&["-e"], b"abc").0, "00000000:   636261                             abc\n");
        assert_eq!(xxd(&["-i"], b"ab").0, "  0x61, 0x62\n");
        assert_eq!(xxd(&["-u", "-l", "5", "-s", "2", "h.txt"], b"").0, "00000002: 6C6C 6F20 77                             llo w\n");
        assert_eq!(xxd(&["-b", "-c", "4", "-l", "6", "h.txt"], b"").0.lines().nth(1), Some("00000004: 01101111 00100000                    o "));
    }

    #[test]
    fn errors() {
        assert_eq!(xxd(&["nosuch"], b""), (String::new(), "xxd: nosuch: No such file or directory\n".into(), 2));
        assert_eq!(xxd(&["-c", "300"], b"").2, 1);
        assert_eq!(xxd(&["-s", "5"], b"abc"), (String::new(), "xxd: Sorry, cannot seek.\n".into(), 4));
        assert_eq!(xxd(&["-Z"], b"").2, 1);
    }

    #[test]
    fn strtol_forms() {
        assert_eq!(strtol("0x10"), 16);
        assert_eq!(strtol("010"), 8);
        assert_eq!(strtol("12abc"), 12);
        assert_eq!(strtol("x"), 0);
    }
}
