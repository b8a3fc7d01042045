//! `cmp`: compare two files byte by byte, streaming, like GNU diffutils' `cmp` (`-b -i -l -n -s`
//! and the optional SKIP1 SKIP2 operands). Exit status 0 when equal, 1 when different, 2 on
//! trouble.


use super::args::{self, open_src, parse_size, read_some, Config, OptSpec, Src, CHUNK};
use super::rev::read_error_text;
use super::{Builtin, Ctx};
use kitsh_core::fs::FileType;

/// The `cmp` command.
pub struct Cmp;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    PrintBytes,
    Ignore,
    Verbose,
    Bytes,
    Silent,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('b', "print-bytes", O::PrintBytes),
    OptSpec::req('i', "ignore-initial", O::Ignore),
    OptSpec::flag('l', "verbose", O::Verbose),
    OptSpec::req('n', "bytes", O::Bytes),
    OptSpec::flag('s', "quiet", O::Silent),
    OptSpec::flag('s', "silent", O::Silent),
];
const USAGE: &str = "Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]\nCompare two files byte by byte.\n\nThe optional SKIP1 and SKIP2 specify the number of bytes to skip\nat the beginning of each file (zero by default).";

/// Print a diffutils-style usage error and return status 2.
fn usage(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    ctx.error(msg);
    ctx.error(&format!("Try '{} --help' for more information.", ctx.name));
    2
}

/// A file being compared.
struct Input {
    name: String,
    src: Src,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
}

impl Input {
    /// Make sure some bytes are buffered unless at end of input. `Err` is the read error text.
    fn fill(&mut self, ctx: &mut Ctx<'_>) -> Result<(), String> {
        if self.pos < self.end || self.eof {
            return Ok(());
        }
        match read_some(ctx, &mut self.src, &mut self.buf) {
            Ok(0) => self.eof = true,
            Ok(n) => (self.pos, self.end) = (0, n),
            Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(String::new()),
            Err(e) => return Err(format!("{}: {}", self.name, read_error_text(&e))),
        }
        Ok(())
    }

    /// Skip `n` bytes.
    fn skip(&mut self, ctx: &mut Ctx<'_>, mut n: u64) -> Result<(), String> {
        while n > 0 {
            self.fill(ctx)?;
            if self.eof {
                return Ok(());
            }
            let k = ((self.end - self.pos) as u64).min(n) as usize;
            self.pos += k;
            n -= k as u64;
        }
        Ok(())
    }
}

/// `^A`, `M-^@`, `a`: a byte as `cmp -b` shows it.
fn show_byte(b: u8) -> String {
    let (meta, c) = if b >= 128 { ("M-", b - 128) } else { ("", b) };
    match c {
        0..=31 => format!("{meta}^{}", (c + 64) as char),
        127 => format!("{meta}^?"),
        _ => format!("{meta}{}", c as char),
    }
}

struct Opts {
    print_bytes: bool,
    verbose: bool,
    silent: bool,
    limit: Option<u64>,
}

/// Where comparing ended.
enum End {
    Same,
    Differ,
    /// The file `k` ended first after `bytes` equal bytes and `lines` newlines; `last_nl`: the
    /// last byte was a newline.
    Eof { k: usize, bytes: u64, lines: u64, last_nl: bool },
}

/// Why comparing failed.
enum Fail {
    /// A read error (its message), or cancellation (empty).
    Read(String),
    /// Writing stdout failed: exit with this status.
    Write(i32),
}

impl From<String> for Fail {
    fn from(s: String) -> Self {
        Fail::Read(s)
    }
}

/// The running position: bytes compared, newlines seen in the first file.
struct Pos {
    byte: u64,
    lines: u64,
    last_nl: bool,
}

impl Pos {
    fn pass(&mut self, data: &[u8]) {
        self.byte += data.len() as u64;
        self.lines += data.iter().filter(|&&b| b == b'\n').count() as u64;
        if let Some(&l) = data.last() {
            self.last_nl = l == b'\n';
        }
    }
}

fn compare(ctx: &mut Ctx<'_>, o: &Opts, f: &mut [Input; 2], width: usize, out: &mut Vec<u8>) -> Result<End, Fail> {
    let mut at = Pos { byte: 0, lines: 0, last_nl: false };
    let mut differ = false;
    loop {
        let left = o.limit.map_or(u64::MAX, |l| l.saturating_sub(at.byte));
        if left == 0 {
            break;
        }
        f[0].fill(ctx)?;
        f[1].fill(ctx)?;
        match (f[0].eof, f[1].eof) {
            (true, true) => break,
            (true, false) | (false, true) => {
                let k = usize::from(f[1].eof);
                return Ok(End::Eof { k, bytes: at.byte, lines: at.lines, last_nl: at.last_nl });
            }
            _ => {}
        }
        let n = (f[0].end - f[0].pos).min(f[1].end - f[1].pos).min(left.min(usize::MAX as u64) as usize);
        let (s0, s1) = (&f[0].buf[f[0].pos..f[0].pos + n], &f[1].buf[f[1].pos..f[1].pos + n]);
        let mut i = 0;
        while i < n {
            let Some(p) = s0[i..].iter().zip(&s1[i..]).position(|(a, b)| a != b) else {
                at.pass(&s0[i..]);
                break;
            };
            at.pass(&s0[i..i + p]);
            let (a, b) = (s0[i + p], s1[i + p]);
            let line = at.lines + 1;
            at.pass(&s0[i + p..=i + p]);
            i += p + 1;
            differ = true;
            if o.silent {
                return Ok(End::Differ);
            }
            let byte = at.byte;
            if !o.verbose {
                let mut msg = format!("{} {} differ: byte {byte}, line {line}", f[0].name, f[1].name);
                if o.print_bytes {
                    msg.push_str(&format!(" is {a:3o} {} {b:3o} {}", show_byte(a), show_byte(b)));
                }
                out.extend_from_slice(msg.as_bytes());
                out.push(b'\n');
                return Ok(End::Differ);
            }
            let text = if o.print_bytes {
                format!("{byte:>width$} {a:3o} {:<4} {b:3o} {}\n", show_byte(a), show_byte(b))
            } else {
                format!("{byte:>width$} {a:3o} {b:3o}\n")
            };
            out.extend_from_slice(text.as_bytes());
        }
        f[0].pos += n;
        f[1].pos += n;
        if out.len() >= CHUNK {
            ctx.stdout.write_all(out).map_err(|e| Fail::Write(crate::args::write_failed(ctx, &e)))?;
            out.clear();
        }
    }
    Ok(if differ { End::Differ } else { End::Same })
}

/// A skip or limit value (`10`, `1k`, `2MB`).
fn size(ctx: &mut Ctx<'_>, v: &str, option: &str) -> Result<u64, i32> {
    parse_size(v).ok_or_else(|| usage(ctx, &format!("invalid --{option} value '{v}'")))
}

/// Parse `-i SKIP1[:SKIP2]`.
fn skips(ctx: &mut Ctx<'_>, v: &str) -> Result<[u64; 2], i32> {
    match v.split_once(':') {
        Some((a, b)) => Ok([size(ctx, a, "ignore-initial")?, size(ctx, b, "ignore-initial")?]),
        None => {
            let n = size(ctx, v, "ignore-initial")?;
            Ok([n, n])
        }
    }
}

fn open(ctx: &mut Ctx<'_>, name: &str) -> Result<Input, i32> {
    match open_src(ctx, name) {
        Ok(src) => Ok(Input { name: name.to_string(), src, buf: vec![0; CHUNK], pos: 0, end: 0, eof: false }),
        Err(e) => {
            ctx.error(&format!("{name}: {e}"));
            Err(2)
        }
    }
}

/// The width of the offset column of `-l`: digits of the largest offset that can be printed.
fn offset_width(ctx: &Ctx<'_>, names: [&str; 2], skip: [u64; 2], limit: Option<u64>) -> usize {
    let mut max = limit.unwrap_or(u64::MAX);
    for (name, sk) in names.iter().zip(skip) {
        if *name == "-" {
            continue;
        }
        if let Ok(m) = ctx.fs.stat(&ctx.abs_path(name)) {
            if m.file_type == FileType::File {
                max = max.min(m.len.saturating_sub(sk));
            }
        }
    }
    max.to_string().len()
}

impl Builtin for Cmp {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { status: 2, ..Config::new(ctx.name, USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e @ (args::ArgError::Help | args::ArgError::Version)) => return e.report(ctx, &cfg),
            Err(e) => return usage(ctx, &e.to_string()),
        };
        let mut o = Opts { print_bytes: false, verbose: false, silent: false, limit: None };
        let mut skip = [0u64; 2];
        for (opt, v) in &parsed.opts {
            let v = v.as_deref().unwrap_or("");
            let r = match opt {
                O::PrintBytes => {
                    o.print_bytes = true;
                    Ok(())
                }
                O::Ignore => skips(ctx, v).map(|s| skip = s),
                O::Verbose => {
                    o.verbose = true;
                    Ok(())
                }
                O::Bytes => size(ctx, v, "bytes").map(|n| o.limit = Some(n)),
                O::Silent => {
                    o.silent = true;
                    Ok(())
                }
            };
            if let Err(st) = r {
                return st;
            }
        }
        if o.verbose && o.silent {
            return usage(ctx, "options -l and -s are incompatible");
        }
        let ops = &parsed.operands;
        match ops.len() {
            0 => return usage(ctx, &format!("missing operand after '{}'", ctx.name)),
            5.. => return usage(ctx, &format!("extra operand '{}'", ops[4])),
            _ => {}
        }
        for k in 0..2 {
            if let Some(v) = ops.get(k + 2) {
                match size(ctx, v, "ignore-initial") {
                    Ok(n) => skip[k] = n,
                    Err(st) => return st,
                }
            }
        }
        let names = [ops[0].as_str(), ops.get(1).map_or("-", String::as_str)];
        let mut files = match open(ctx, names[0]).and_then(|a| open(ctx, names[1]).map(|b| [a, b])) {
            Ok(f) => f,
            Err(st) => return st,
        };
        let width = if o.verbose { offset_width(ctx, names, skip, o.limit) } else { 1 };
        let mut out = Vec::new();
        let r = files[0].skip(ctx, skip[0]).and_then(|()| files[1].skip(ctx, skip[1])).map_err(Fail::Read);
        let end = r.and_then(|()| compare(ctx, &o, &mut files, width, &mut out));
        if let Err(e) = ctx.stdout.write_all(&out) {
            return crate::args::write_failed(ctx, &e);
        }
        match end {
            Ok(End::Same) => 0,
            Ok(End::Differ) => 1,
            Ok(End::Eof { k, bytes, lines, last_nl }) => {
                if !o.silent {
                    let name = &files[k].name;
                    let msg = if bytes == 0 {
                        format!("EOF on {name} which is empty")
                    } else if o.verbose {
                        format!("EOF on {name} after byte {bytes}")
                    } else if last_nl {
                        format!("EOF on {name} after byte {bytes}, line {lines}")
                    } else {
                        format!("EOF on {name} after byte {bytes}, in line {}", lines + 1)
                    };
                    ctx.error(&msg);
                }
                1
            }
            Err(Fail::Write(st)) => st,
            Err(Fail::Read(msg)) => {
                if !msg.is_empty() {
                    ctx.error(&msg);
                }
                2
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn cmp(args: &[&str]) -> (String, String, i32) {
        let z1 = vec![0u8; 20000];
        let mut z2 = vec![0u8; 20001];
        z2[5] = 1;
        let fs = fs_with(&[
            ("/m1", b"abc\ndef\n"),
            ("/m2", b"abc\ndxf\n"),
            ("/m3", b"abc\n"),
            ("/m4", b""),
            ("/m5", b"abc"),
            ("/m6", b"abcd"),
            ("/h1", b"\x01\x80\xff"),
            ("/h2", b"abc"),
            ("/z1", &z1),
            ("/z2", &z2),
            ("/d/", b""),
        ]);
        let o = run(&Cmp, "cmp", args, b"abc\ndef\n", &*fs, "/");
        (o.out(), o.stderr, o.status)
    }
    fn st(args: &[&str]) -> String {
        let (o, e, s) = cmp(args);
        format!("{o}{e}{s}")
    }

    #[test]
    fn differences() {
        assert_eq!(st(&["m1", "m2"]), "m1 m2 differ: byte 6, line 2\n1");
        assert_eq!(st(&["m1", "m1"]), "0");
        assert_eq!(st(&["-", "m1"]), "0");
        assert_eq!(st(&["m1"]), "0");
        assert_eq!(st(&["-s", "m1", "m2"]), "1");
        assert_eq!(st(&["-l", "m1", "m2"]), "6 145 170\n1");
        assert_eq!(st(&["-b", "m1", "m2"]), "m1 m2 differ: byte 6, line 2 is 145 e 170 x\n1");
        assert_eq!(st(&["-bl", "m1", "m2"]), "6 145 e    170 x\n1");
        assert_eq!(st(&["-bl", "h1", "h2"]), "1   1 ^A   141 a\n2 200 M-^@ 142 b\n3 377 M-^? 143 c\n1");
        assert_eq!(st(&["-b", "h1", "h2"]), "h1 h2 differ: byte 1, line 1 is   1 ^A 141 a\n1");
        assert_eq!(st(&["-l", "z1", "z2"]), "    6   0   1\ncmp: EOF on z1 after byte 20000\n1");
    }

    #[test]
    fn skips_and_limits() {
        assert_eq!(st(&["-n", "5", "m1", "m2"]), "0");
        assert_eq!(st(&["-n", "1k", "m1", "m2"]), "m1 m2 differ: byte 6, line 2\n1");
        assert_eq!(st(&["-i", "6", "m1", "m2"]), "0");
        assert_eq!(st(&["m1", "m2", "5", "5"]), "m1 m2 differ: byte 1, line 1\n1");
        assert_eq!(st(&["-i", "1:2", "m1", "m2"]), "m1 m2 differ: byte 1, line 1\n1");
        assert_eq!(st(&["-i", "3", "m1", "m3"]), "cmp: EOF on m3 after byte 1, line 1\n1");
        assert_eq!(st(&["--bytes=3", "m1", "m3"]), "0");
        assert_eq!(st(&["-i", "4:0", "m6", "m1"]), "cmp: EOF on m6 which is empty\n1");
    }

    #[test]
    fn eof() {
        assert_eq!(st(&["m1", "m3"]), "cmp: EOF on m3 after byte 4, line 1\n1");
        assert_eq!(st(&["m3", "m1"]), "cmp: EOF on m3 after byte 4, line 1\n1");
        assert_eq!(st(&["m4", "m1"]), "cmp: EOF on m4 which is empty\n1");
        assert_eq!(st(&["m5", "m1"]), "cmp: EOF on m5 after byte 3, in line 1\n1");
        assert_eq!(st(&["-l", "m1", "m3"]), "cmp: EOF on m3 after byte 4\n1");
        assert_eq!(st(&["-s", "m5", "m1"]), "1");
    }

    #[test]
    fn errors() {
        let t = "cmp: Try 'cmp --help' for more information.\n2";
        assert_eq!(st(&[]), format!("cmp: missing operand after 'cmp'\n{t}"));
        assert_eq!(st(&["-x", "m1"]), format!("cmp: invalid option -- 'x'\n{t}"));
        assert_eq!(st(&["-l", "-s", "m1", "m2"]), format!("cmp: options -l and -s are incompatible\n{t}"));
        assert_eq!(st(&["m1", "m2", "m3"]), format!("cmp: invalid --ignore-initial value 'm3'\n{t}"));
        assert_eq!(st(&["m1", "m2", "0", "0", "1"]), format!("cmp: extra operand '1'\n{t}"));
        assert_eq!(st(&["-i", "2:x", "m1", "m2"]), format!("cmp: invalid --ignore-initial value 'x'\n{t}"));
        assert_eq!(st(&["-n", "x", "m1", "m2"]), format!("cmp: invalid --bytes value 'x'\n{t}"));
        assert_eq!(st(&["nosuch", "m1"]), "cmp: nosuch: No such file or directory\n2");
        assert_eq!(st(&["m1", "d"]), "cmp: d: Is a directory\n2");
    }
}
