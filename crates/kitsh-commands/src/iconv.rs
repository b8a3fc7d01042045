//! `iconv`: convert text between character sets as glibc's `iconv` does (`-f -t -c -l -o`,
//! `//TRANSLIT` with the C locale's table, `//IGNORE`), streaming; errors as glibc prints them
//! (`illegal input sequence at position N`, `incomplete character or shift sequence at end of
//! buffer`), status 1.

mod charset;

use super::args::{self, open_src, read_some, ArgKind, Config, OptSpec, CHUNK};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;
use charset::{decode, encode, translit, Charset, Endian, Step};

/// The `iconv` command.
pub struct Iconv;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    From,
    To,
    List,
    Omit,
    Output,
    Silent,
    Verbose,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('f', "from-code", O::From),
    OptSpec::req('t', "to-code", O::To),
    OptSpec::flag('l', "list", O::List),
    OptSpec { short: Some('c'), long: None, arg: ArgKind::None, id: O::Omit },
    OptSpec::req('o', "output", O::Output),
    OptSpec::flag('s', "silent", O::Silent),
    OptSpec::long("verbose", ArgKind::None, O::Verbose),
];
const USAGE: &str = "Usage: iconv [OPTION...] [FILE...]\nConvert encoding of given files from one encoding to another.";

/// A parsed `-t` / `-f` value.
struct Code {
    cs: Charset,
    translit: bool,
    ignore: bool,
}

/// The charset of the locale (`iconv` without `-f`/`-t`).
fn locale_charset(ctx: &Ctx<'_>) -> &'static str {
    let v = ["LC_ALL", "LC_CTYPE", "LANG"].iter().find_map(|k| ctx.env.get(k).filter(|v| !v.is_empty())).unwrap_or_default();
    let l = v.to_ascii_lowercase();
    if l.contains("utf-8") || l.contains("utf8") {
        "UTF-8"
    } else {
        "ASCII"
    }
}

fn parse_code(spec: &str) -> Option<Code> {
    let mut parts = spec.split("//");
    let name = parts.next().unwrap_or("");
    let mut c = Code { cs: Charset::by_name(name)?, translit: false, ignore: false };
    for p in parts {
        for flag in p.split(',') {
            match flag.to_ascii_uppercase().as_str() {
                "TRANSLIT" => c.translit = true,
                "IGNORE" => c.ignore = true,
                _ => {}
            }
        }
    }
    Some(c)
}

/// One conversion in progress.
struct Conv {
    from: Charset,
    to: Code,
    omit: bool,
    bom_written: bool,
    ignored: bool,
}

/// Why converting stopped.
enum Stop {
    /// Invalid or unconvertible input at this position.
    Illegal(u64),
    /// The input ended inside a character.
    Incomplete,
}

impl Conv {
    /// Put `c` in the target charset.
    fn emit(&mut self, c: u32, out: &mut Vec<u8>, pos: u64) -> Result<(), Stop> {
        if !self.bom_written {
            self.bom_written = true;
            match self.to.cs {
                Charset::Utf16(None) => out.extend_from_slice(&[0xff, 0xfe]),
                Charset::Utf32(None) => out.extend_from_slice(&[0xff, 0xfe, 0, 0]),
                _ => {}
            }
        }
        if encode(self.to.cs, c, out) {
            return Ok(());
        }
        if self.to.translit {
            let rep = translit(c).unwrap_or("?");
            for ch in rep.chars() {
                if !encode(self.to.cs, ch as u32, out) {
                    encode(self.to.cs, u32::from(b'?'), out);
                }
            }
            return Ok(());
        }
        if self.omit || self.to.ignore {
            self.ignored = true;
            return Ok(());
        }
        Err(Stop::Illegal(pos))
    }

    /// Convert what can be converted of `buf` (input position `base`); returns the bytes used.
    fn run(&mut self, buf: &[u8], base: u64, eof: bool, out: &mut Vec<u8>) -> Result<usize, Stop> {
        let mut i = 0;
        while i < buf.len() {
            match decode(self.from, &buf[i..]) {
                Step::Char(c, n) => {
                    self.emit(c, out, base + i as u64)?;
                    i += n;
                }
                Step::Invalid => {
                    if self.omit || self.to.ignore {
                        self.ignored = true;
                        i += 1;
                    } else {
                        return Err(Stop::Illegal(base + i as u64));
                    }
                }
                Step::Need if eof => return Err(Stop::Incomplete),
                Step::Need => break,
            }
        }
        Ok(i)
    }
}

impl Builtin for Iconv {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => {
                return match e {
                    args::ArgError::Help | args::ArgError::Version => e.report(ctx, &cfg),
                    e => {
                        let _ = writeln!(ctx.stderr, "iconv: {e}\nTry `iconv --help' or `iconv --usage' for more information.");
                        64
                    }
                }
            }
        };
        let (mut from, mut to, mut list, mut omit, mut output) = (None, None, false, false, None);
        for (o, v) in &parsed.opts {
            match o {
                O::From => from = v.clone(),
                O::To => to = v.clone(),
                O::List => list = true,
                O::Omit => omit = true,
                O::Output => output = v.clone(),
                O::Silent | O::Verbose => {}
            }
        }
        if list {
            let mut text = String::new();
            for n in charset::NAMES {
                text.push_str(n);
                text.push_str("//\n");
            }
            return match ctx.stdout.write_all(text.as_bytes()) {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            };
        }
        let loc = locale_charset(ctx);
        let from_s = from.filter(|s| !s.is_empty()).unwrap_or_else(|| loc.to_string());
        let to_s = to.filter(|s| !s.is_empty()).unwrap_or_else(|| loc.to_string());
        let (Some(f), Some(t)) = (parse_code(&from_s), parse_code(&to_s)) else {
            ctx.error("failed to start conversion processing");
            return 1;
        };
        let out_path = output.map(|p| ctx.abs_path(&p));
        if let Some(p) = &out_path {
            if let Err(e) = ctx.fs.write_file(p, b"", WriteMode::Truncate) {
                ctx.error(&format!("cannot open output file: {e}"));
                return 1;
            }
        }
        let mut conv = Conv { from: f.cs, to: t, omit, bom_written: false, ignored: false };
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands.clone() };
        let mut status = 0;
        let mut out = Vec::with_capacity(CHUNK * 2);
        for name in &files {
            let mut src = match open_src(ctx, name) {
                Ok(s) => s,
                Err(e) => {
                    ctx.error(&format!("cannot open input file `{name}': {e}"));
                    status = 1;
                    continue;
                }
            };
            conv.from = f.cs;
            let mut pending: Vec<u8> = Vec::new();
            let mut base = 0u64;
            let mut first = true;
            let mut buf = crate::args::ChunkBuf::new();
            loop {
                let n = match read_some(ctx, &mut src, &mut buf) {
                    Ok(n) => n,
                    Err(e) => {
                        if !kitsh_core::util::cancelled::is(&e) {
                            ctx.error(&format!("unable to read: {}", super::rev::read_error_text(&e)));
                        }
                        let _ = flush(ctx, &out_path, &mut out);
                        return 1;
                    }
                };
                let eof = n == 0;
                pending.extend_from_slice(&buf[..n]);
                if first {
                    let need = match f.cs {
                        Charset::Utf16(None) => 2,
                        Charset::Utf32(None) => 4,
                        _ => 0,
                    };
                    if need > 0 && pending.len() < need && !eof {
                        continue;
                    }
                    first = false;
                    let bom = resolve_bom(f.cs, &pending);
                    conv.from = bom.0;
                    if bom.1 > 0 {
                        pending.drain(..bom.1);
                        base += bom.1 as u64;
                    }
                }
                let r = conv.run(&pending, base, eof, &mut out);
                match r {
                    Ok(used) => {
                        pending.drain(..used);
                        base += used as u64;
                    }
                    Err(stop) => {
                        if let Err(st) = flush(ctx, &out_path, &mut out) {
                            return st;
                        }
                        match stop {
                            Stop::Illegal(p) => ctx.error(&format!("illegal input sequence at position {p}")),
                            Stop::Incomplete => ctx.error("incomplete character or shift sequence at end of buffer"),
                        }
                        return 1;
                    }
                }
                if out.len() >= CHUNK {
                    if let Err(st) = flush(ctx, &out_path, &mut out) {
                        return st;
                    }
                }
                if eof {
                    break;
                }
            }
            if conv.ignored && conv.to.ignore && !conv.omit {
                if let Err(st) = flush(ctx, &out_path, &mut out) {
                    return st;
                }
                ctx.error(&format!("illegal input sequence at position {base}"));
                return 1;
            }
        }
        match flush(ctx, &out_path, &mut out) {
            Ok(()) => status,
            Err(st) => st,
        }
    }
}

/// The byte order of a generic UTF-16/32 input from its BOM: the resolved charset and the BOM
/// length to skip.
fn resolve_bom(cs: Charset, b: &[u8]) -> (Charset, usize) {
    match cs {
        Charset::Utf16(None) => match b {
            [0xfe, 0xff, ..] => (Charset::Utf16(Some(Endian::Big)), 2),
            [0xff, 0xfe, ..] => (Charset::Utf16(Some(Endian::Little)), 2),
            _ => (Charset::Utf16(Some(Endian::Little)), 0),
        },
        Charset::Utf32(None) => match b {
            [0, 0, 0xfe, 0xff, ..] => (Charset::Utf32(Some(Endian::Big)), 4),
            [0xff, 0xfe, 0, 0, ..] => (Charset::Utf32(Some(Endian::Little)), 4),
            _ => (Charset::Utf32(Some(Endian::Little)), 0),
        },
        c => (c, 0),
    }
}

/// Write the converted bytes to stdout or the `-o` file.
fn flush(ctx: &mut Ctx<'_>, path: &Option<String>, out: &mut Vec<u8>) -> Result<(), i32> {
    let r = match path {
        None => ctx.stdout.write_all(out).and_then(|()| ctx.stdout.flush()).map_err(|e| crate::args::write_failed(ctx, &e)),
        Some(p) => ctx.fs.write_file(p, out, WriteMode::Append).map_err(|e| {
            ctx.error(&format!("{p}: {e}"));
            1
        }),
    };
    out.clear();
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn ic(args: &[&str], input: &[u8]) -> (Vec<u8>, String, i32) {
        let fs = fs_with(&[]);
        let o = run(&Iconv, "iconv", args, input, &*fs, "/");
        (o.stdout, o.stderr, o.status)
    }

    #[test]
    fn conversions() {
        assert_eq!(ic(&["-f", "UTF-8", "-t", "UTF-16"], "hé!".as_bytes()).0, b"\xff\xfeh\x00\xe9\x00!\x00");
        assert_eq!(ic(&["-f", "UTF-16", "-t", "UTF-8"], b"\xfe\xff\x00h").0, b"h");
        assert_eq!(ic(&["-f", "UTF-16", "-t", "UTF-8"], b"h\x00i\x00").0, b"hi");
        assert_eq!(ic(&["-f", "latin1", "-t", "utf-8"], b"\xe9").0, "é".as_bytes());
        assert_eq!(ic(&["-f", "UTF-8", "-t", "ASCII//TRANSLIT"], "hé “q” «€".as_bytes()).0, b"h? \"q\" <<EUR");
        assert_eq!(ic(&["-c", "-f", "UTF-8", "-t", "ASCII"], "hé!".as_bytes()), (b"h!".to_vec(), String::new(), 0));
    }

    #[test]
    fn errors() {
        assert_eq!(ic(&["-f", "UTF-8", "-t", "ASCII"], "hé!".as_bytes()), (b"h".to_vec(), "iconv: illegal input sequence at position 1\n".into(), 1));
        assert_eq!(
            ic(&["-f", "UTF-8", "-t", "LATIN1"], b"ab\xc3"),
            (b"ab".to_vec(), "iconv: incomplete character or shift sequence at end of buffer\n".into(), 1)
        );
        assert_eq!(ic(&["-f", "UTF-8", "-t", "ASCII//IGNORE"], "hé!".as_bytes()).1, "iconv: illegal input sequence at position 4\n");
        assert_eq!(ic(&["-f", "FOO", "-t", "UTF-8"], b"").1, "iconv: failed to start conversion processing\n");
    }
}
