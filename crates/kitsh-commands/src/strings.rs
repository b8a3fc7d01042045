//! `strings` (GNU binutils 2.40): print the runs of at least 4 (`-n N`, `-N`) printable
//! characters of each input, scanning the whole file, with `-t d|o|x` / `-o` offsets, `-f` file
//! names, `-w` (whitespace counts), `-s SEP` and `-e s|S|l|b|L|B` (7- or 8-bit characters, 16-
//! or 32-bit little- or big-endian ones).

use super::args::{self, open_src, ArgKind, Config, OptSpec, CHUNK};
use super::byteread::{ByteReader, ReadFail};
use super::{Builtin, Ctx};
use kitsh_core::fs::FsError;
use kitsh_core::util::bytes::encode;

/// The `strings` command.
pub struct Strings;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    All,
    File,
    Min,
    Radix,
    Octal,
    White,
    Sep,
    Enc,
    Target,
    Unicode,
    Help,
    Version,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('a', "all", O::All),
    OptSpec::flag('d', "data", O::All),
    OptSpec::flag('f', "print-file-name", O::File),
    OptSpec::req('n', "bytes", O::Min),
    OptSpec::req('t', "radix", O::Radix),
    OptSpec::flag('o', "", O::Octal),
    OptSpec::flag('w', "include-all-whitespace", O::White),
    OptSpec::req('s', "output-separator", O::Sep),
    OptSpec::req('e', "encoding", O::Enc),
    OptSpec::req('T', "target", O::Target),
    OptSpec { short: Some('U'), long: Some("unicode"), arg: ArgKind::Required, id: O::Unicode },
    OptSpec::flag('h', "help", O::Help),
    OptSpec::flag('v', "version", O::Version),
    OptSpec::flag('V', "", O::Version),
];

const USAGE: &str = "Usage: strings [option(s)] [file(s)]
 Display printable strings in [file(s)] (stdin by default)
 The options are:
  -a - --all                Scan the entire file, not just the data section [default]
  -d --data                 Only scan the data sections in the file
  -f --print-file-name      Print the name of the file before each string
  -n <number>               Locate & print any sequence of at least <number>
    --bytes=<number>         displayable characters.  (The default is 4).
  -t --radix={o,d,x}        Print the location of the string in base 8, 10 or 16
  -w --include-all-whitespace Include all whitespace as valid string characters
  -o                        An alias for --radix=o
  -T --target=<BFDNAME>     Specify the binary file format
  -e --encoding={s,S,b,l,B,L} Select character size and endianness:
                            s = 7-bit, S = 8-bit, {b,l} = 16-bit, {B,L} = 32-bit
  --unicode={default|show|invalid|hex|escape|highlight}
  -U {d|s|i|x|e|h}          Specify how to treat UTF-8 encoded unicode characters
  -s --output-separator=<string> String used to separate strings in output.
  @<file>                   Read options from <file>
  -h --help                 Display this information
  -v -V --version           Print the program's version number
strings: supported targets: elf64-x86-64 elf32-i386 elf32-iamcu elf32-x86-64 pei-i386 pe-x86-64 pei-x86-64 elf64-little elf64-big elf32-little elf32-big pe-bigobj-x86-64 pe-i386 pdb srec symbolsrec verilog tekhex binary ihex plugin
";

struct Opts {
    min: usize,
    radix: Option<u8>,
    names: bool,
    white: bool,
    eight_bit: bool,
    /// `-e l|b|L|B`: character width (2 or 4) and big-endian order; `None` for bytes.
    wide: Option<(usize, bool)>,
    sep: Vec<u8>,
}

/// Print the usage on stdout (`--help`, status 0) or stderr (errors, status 1).
fn usage(ctx: &mut Ctx<'_>, ok: bool) -> i32 {
    if ok {
        match ctx.stdout.write_all(USAGE.as_bytes()) {
            Ok(()) => 0,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    } else {
        let _ = ctx.stderr.write_all(USAGE.as_bytes());
        1
    }
}

/// `-3` means `-n 3`: rewrite digit options for the table parser.
fn digit_options(argv: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len());
    for (i, a) in argv.iter().enumerate() {
        if a == "--" {
            out.extend(argv[i..].iter().cloned());
            break;
        }
        if a.len() > 1 && a.starts_with('-') && a[1..].bytes().all(|b| b.is_ascii_digit()) {
            out.push("-n".to_string());
            out.push(a[1..].to_string());
        } else {
            out.push(a.clone());
        }
    }
    out
}

impl Builtin for Strings {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let argv = digit_options(argv);
        let parsed = match args::parse_with(&cfg, SPECS, &argv) {
            Ok(p) => p,
            Err(args::ArgError::Help) => return usage(ctx, true),
            Err(args::ArgError::Version) => {
                return match ctx.stdout.write_all(b"GNU strings (GNU Binutils for Debian) 2.40\n") {
                    Ok(()) => 0,
                    Err(e) => crate::args::write_failed(ctx, &e),
                }
            }
            Err(e) => {
                ctx.error(&e.to_string());
                return usage(ctx, false);
            }
        };
        let mut o = Opts { min: 4, radix: None, names: false, white: false, eight_bit: false, wide: None, sep: b"\n".to_vec() };
        for (opt, v) in &parsed.opts {
            let v = v.as_deref().unwrap_or("");
            match opt {
                O::All | O::Target | O::Unicode => {}
                O::File => o.names = true,
                O::Min => match parse_num(v) {
                    Some(0) => {
                        ctx.error("invalid minimum string length 0");
                        return 1;
                    }
                    Some(n) => o.min = n as usize,
                    None => {
                        ctx.error(&format!("invalid integer argument {v}"));
                        return 1;
                    }
                },
                O::Radix => match v.as_bytes() {
                    [c @ (b'o' | b'd' | b'x')] => o.radix = Some(*c),
                    _ => return usage(ctx, false),
                },
                O::Octal => o.radix = Some(b'o'),
                O::White => o.white = true,
                O::Sep => o.sep = encode(v).into_owned(),
                O::Enc => match v {
                    "s" => o.eight_bit = false,
                    "S" => o.eight_bit = true,
                    "l" => o.wide = Some((2, false)),
                    "b" => o.wide = Some((2, true)),
                    "L" => o.wide = Some((4, false)),
                    "B" => o.wide = Some((4, true)),
                    _ => return usage(ctx, false),
                },
                O::Help => return usage(ctx, true),
                O::Version => {
                    return match ctx.stdout.write_all(b"GNU strings (GNU Binutils for Debian) 2.40\n") {
                        Ok(()) => 0,
                        Err(e) => crate::args::write_failed(ctx, &e),
                    }
                }
            }
        }
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands.clone() };
        let mut status = 0;
        for f in &files {
            let shown = if f == "-" { "{standard input}".to_string() } else { f.clone() };
            let src = match open_src(ctx, f) {
                Ok(s) => s,
                Err(FsError::IsDir) => {
                    ctx.error(&format!("Warning: '{f}' is a directory"));
                    status = 1;
                    continue;
                }
                Err(FsError::NotFound) => {
                    ctx.error(&format!("'{f}': No such file"));
                    status = 1;
                    continue;
                }
                Err(e) => {
                    ctx.error(&format!("{f}: {e}"));
                    status = 1;
                    continue;
                }
            };
            let r = if o.wide.is_some() { scan_wide(ctx, &o, &shown, ByteReader::new(src)) } else { scan(ctx, &o, &shown, ByteReader::new(src)) };
            match r {
                Ok(()) => {}
                Err(st) => return st,
            }
        }
        status
    }
}

/// `strtoul(v, &end, 0)` that must use the whole argument: decimal, `0x` hex or `0` octal.
fn parse_num(v: &str) -> Option<u64> {
    let t = v.trim_start();
    let t = t.strip_prefix('+').unwrap_or(t);
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if t.len() > 1 && t.starts_with('0') {
        return u64::from_str_radix(&t[1..], 8).ok();
    }
    t.parse().ok()
}

/// Whether `b` belongs to a string.
fn printable(o: &Opts, b: u8) -> bool {
    (32..127).contains(&b) || b == b'\t' || (o.white && matches!(b, b'\n' | b'\r' | 11 | 12)) || (o.eight_bit && b >= 128)
}

fn scan(ctx: &mut Ctx<'_>, o: &Opts, name: &str, mut r: ByteReader) -> Result<(), i32> {
    let mut out = Vec::new();
    let mut run: Vec<u8> = Vec::new();
    let mut start = 0u64;
    let mut off = 0u64;
    let emit = |out: &mut Vec<u8>, run: &[u8], start: u64| {
        if o.names {
            out.extend_from_slice(&encode(name));
            out.extend_from_slice(b": ");
        }
        match o.radix {
            Some(b'o') => out.extend_from_slice(format!("{start:7o} ").as_bytes()),
            Some(b'd') => out.extend_from_slice(format!("{start:7} ").as_bytes()),
            Some(_) => out.extend_from_slice(format!("{start:7x} ").as_bytes()),
            None => {}
        }
        out.extend_from_slice(run);
        out.extend_from_slice(&o.sep);
    };
    // Runs longer than the minimum are written as they grow, so a 10 MB line stays bounded.
    let mut streaming = false;
    loop {
        let chunk = match r.chunk(ctx) {
            Ok(c) => c,
            Err(ReadFail::Cancelled) => return Err(1),
            Err(ReadFail::Error(e)) => {
                ctx.error(&format!("{name}: {e}"));
                return Err(1);
            }
        };
        if chunk.is_empty() {
            break;
        }
        let n = chunk.len();
        for &b in chunk {
            if printable(o, b) {
                if run.is_empty() && !streaming {
                    start = off;
                }
                run.push(b);
                if !streaming && run.len() >= o.min && run.len() >= CHUNK {
                    // Start of a long string: write the prefix now, the rest as it comes.
                    let mut head = Vec::new();
                    emit(&mut head, &run, start);
                    head.truncate(head.len() - o.sep.len());
                    out.extend_from_slice(&head);
                    run.clear();
                    streaming = true;
                } else if streaming && run.len() >= CHUNK {
                    out.extend_from_slice(&run);
                    run.clear();
                }
            } else {
                if streaming {
                    out.extend_from_slice(&run);
                    out.extend_from_slice(&o.sep);
                    streaming = false;
                } else if run.len() >= o.min {
                    emit(&mut out, &run, start);
                }
                run.clear();
            }
            off += 1;
        }
        r.consume(n);
        if out.len() >= CHUNK {
            ctx.stdout.write_all(&out).map_err(|e| crate::args::write_failed(ctx, &e))?;
            out.clear();
        }
    }
    if streaming {
        out.extend_from_slice(&run);
        out.extend_from_slice(&o.sep);
    } else if run.len() >= o.min {
        emit(&mut out, &run, start);
    }
    ctx.stdout.write_all(&out).and_then(|()| ctx.stdout.flush()).map_err(|e| crate::args::write_failed(ctx, &e))
}

/// `-e l|b|L|B`: binutils' `print_strings` over 16- or 32-bit characters, trying every byte
/// offset (a non-graphic character moves the start one byte on). The input is read whole.
fn scan_wide(ctx: &mut Ctx<'_>, o: &Opts, name: &str, mut r: ByteReader) -> Result<(), i32> {
    let Some((w, big)) = o.wide else { return Ok(()) };
    let mut data = Vec::new();
    loop {
        match r.chunk(ctx) {
            Ok([]) => break,
            Ok(c) => {
                let n = c.len();
                data.extend_from_slice(c);
                r.consume(n);
            }
            Err(ReadFail::Cancelled) => return Err(1),
            Err(ReadFail::Error(e)) => {
                ctx.error(&format!("{name}: {e}"));
                return Err(1);
            }
        }
    }
    let unit = |at: usize| -> Option<u32> {
        let b = data.get(at..at + w)?;
        let mut v: u32 = 0;
        for k in 0..w {
            let byte = if big { b[k] } else { b[w - 1 - k] };
            v = (v << 8) | u32::from(byte);
        }
        Some(v)
    };
    let graphic = |v: u32| v <= 255 && printable(o, v as u8) && (v < 128 || o.eight_bit);
    let mut out = Vec::new();
    let mut at = 0usize;
    'outer: while at < data.len() {
        let start = at;
        let mut run = Vec::new();
        for _ in 0..o.min {
            match unit(at) {
                None => break 'outer,
                Some(v) if graphic(v) => {
                    run.push(v as u8);
                    at += w;
                }
                Some(_) => {
                    at = at + w - (w - 1);
                    continue 'outer;
                }
            }
        }
        while let Some(v) = unit(at) {
            if !graphic(v) {
                break;
            }
            run.push(v as u8);
            at += w;
        }
        if o.names {
            out.extend_from_slice(&encode(name));
            out.extend_from_slice(b": ");
        }
        match o.radix {
            Some(b'o') => out.extend_from_slice(format!("{start:7o} ").as_bytes()),
            Some(b'd') => out.extend_from_slice(format!("{start:7} ").as_bytes()),
            Some(_) => out.extend_from_slice(format!("{start:7x} ").as_bytes()),
            None => {}
        }
        out.extend_from_slice(&run);
        out.extend_from_slice(&o.sep);
        // The non-graphic character that ended the run is retried one byte on.
        if unit(at).is_some() {
            at += 1;
        }
    }
    ctx.stdout.write_all(&out).and_then(|()| ctx.stdout.flush()).map_err(|e| crate::args::write_failed(ctx, &e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn st(args: &[&str], input: &[u8]) -> (String, String, i32) {
        let fs = fs_with(&[("/s.bin", b"ab\0hello\tworld\x01xyz12\nlongline\r\n"), ("/d/", b"")]);
        let o = run(&Strings, "strings", args, input, &*fs, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn basics() {
        assert_eq!(st(&["s.bin"], b"").0, "hello\tworld\nxyz12\nlongline\n");
        assert_eq!(st(&["-t", "x", "s.bin"], b"").0, "      3 hello\tworld\n      f xyz12\n     15 longline\n");
        assert_eq!(st(&["-10", "s.bin"], b"").0, "hello\tworld\n");
        assert_eq!(st(&["-f"], b"abcd").0, "{standard input}: abcd\n");
        assert_eq!(st(&["-w", "-n", "3"], b"abc\n").0, "abc\n\n");
        let big = vec![b'a'; 200_000];
        assert_eq!(st(&[], &big).0.len(), 200_001);
    }

    #[test]
    fn errors() {
        assert_eq!(st(&["nosuch"], b"").1, "strings: 'nosuch': No such file\n");
        assert_eq!(st(&["d"], b"").1, "strings: Warning: 'd' is a directory\n");
        assert_eq!(st(&["-n", "0"], b"").1, "strings: invalid minimum string length 0\n");
    }
}
