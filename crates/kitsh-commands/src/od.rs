//! `od`: dump bytes in octal, hex, decimal, float, character or named-character columns, with
//! GNU's column alignment across several `-t` types, `*` for repeated lines (unless `-v`),
//! `-A d|o|x|n`, `-j`, `-N`, `-w`, `--endian` and the traditional `-b -c -d -x ...` letters.

mod fields;

use super::args::{self, file_error, flush_out, parse_size, quote, ArgKind, Config, OptSpec, Src, CHUNK};
use super::{Builtin, Ctx};
use fields::Spec;

/// The `od` command.
pub struct Od;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Radix,
    Skip,
    Limit,
    Strings,
    Type,
    Verbose,
    Width,
    Endian,
    Trad(&'static str),
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('A', "address-radix", O::Radix),
    OptSpec::req('j', "skip-bytes", O::Skip),
    OptSpec::req('N', "read-bytes", O::Limit),
    OptSpec { short: Some('S'), long: Some("strings"), arg: ArgKind::Optional, id: O::Strings },
    OptSpec::req('t', "format", O::Type),
    OptSpec::flag('v', "output-duplicates", O::Verbose),
    OptSpec { short: Some('w'), long: Some("width"), arg: ArgKind::Optional, id: O::Width },
    OptSpec::long("endian", ArgKind::Required, O::Endian),
    OptSpec { short: Some('a'), long: None, arg: ArgKind::None, id: O::Trad("a") },
    OptSpec { short: Some('b'), long: None, arg: ArgKind::None, id: O::Trad("o1") },
    OptSpec { short: Some('B'), long: None, arg: ArgKind::None, id: O::Trad("o2") },
    OptSpec { short: Some('c'), long: None, arg: ArgKind::None, id: O::Trad("c") },
    OptSpec { short: Some('d'), long: None, arg: ArgKind::None, id: O::Trad("u2") },
    OptSpec { short: Some('D'), long: None, arg: ArgKind::None, id: O::Trad("u4") },
    OptSpec { short: Some('e'), long: None, arg: ArgKind::None, id: O::Trad("f8") },
    OptSpec { short: Some('f'), long: None, arg: ArgKind::None, id: O::Trad("f4") },
    OptSpec { short: Some('F'), long: None, arg: ArgKind::None, id: O::Trad("f8") },
    OptSpec { short: Some('h'), long: None, arg: ArgKind::None, id: O::Trad("x2") },
    OptSpec { short: Some('H'), long: None, arg: ArgKind::None, id: O::Trad("x4") },
    OptSpec { short: Some('i'), long: None, arg: ArgKind::None, id: O::Trad("d4") },
    OptSpec { short: Some('I'), long: None, arg: ArgKind::None, id: O::Trad("d8") },
    OptSpec { short: Some('l'), long: None, arg: ArgKind::None, id: O::Trad("d8") },
    OptSpec { short: Some('L'), long: None, arg: ArgKind::None, id: O::Trad("d8") },
    OptSpec { short: Some('o'), long: None, arg: ArgKind::None, id: O::Trad("o2") },
    OptSpec { short: Some('O'), long: None, arg: ArgKind::None, id: O::Trad("o4") },
    OptSpec { short: Some('s'), long: None, arg: ArgKind::None, id: O::Trad("d2") },
    OptSpec { short: Some('x'), long: None, arg: ArgKind::None, id: O::Trad("x2") },
    OptSpec { short: Some('X'), long: None, arg: ArgKind::None, id: O::Trad("x4") },
];
const USAGE: &str = "Usage: od [OPTION]... [FILE]...\nWrite an unambiguous representation, octal bytes by default,\nof FILE to standard output.";

/// The address column: radix and digits.
#[derive(Clone, Copy)]
enum Radix {
    Oct,
    Dec,
    Hex,
    None,
}

impl Radix {
    fn width(self) -> usize {
        match self {
            Radix::Oct | Radix::Dec => 7,
            Radix::Hex => 6,
            Radix::None => 0,
        }
    }
    fn show(self, off: u64) -> String {
        match self {
            Radix::Oct => format!("{off:07o}"),
            Radix::Dec => format!("{off:07}"),
            Radix::Hex => format!("{off:06x}"),
            Radix::None => String::new(),
        }
    }
}

/// Everything the dump needs.
struct Dump {
    specs: Vec<Spec>,
    radix: Radix,
    per_line: usize,
    verbose: bool,
    big: bool,
    skip: u64,
    limit: Option<u64>,
}

fn num_arg(v: &str) -> Option<u64> {
    let v = v.trim();
    if let Some(h) = v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if v.len() > 1 && v.starts_with('0') && v.bytes().all(|b| b.is_ascii_digit()) {
        return u64::from_str_radix(&v[1..], 8).ok();
    }
    parse_size(v)
}

fn setup(parsed: &args::Parsed<O>) -> Result<Dump, String> {
    let mut d = Dump { specs: Vec::new(), radix: Radix::Oct, per_line: 16, verbose: false, big: false, skip: 0, limit: None };
    let mut width = None;
    for (o, v) in &parsed.opts {
        let v = v.as_deref().unwrap_or("");
        match o {
            O::Radix => {
                d.radix = match v {
                    "o" => Radix::Oct,
                    "d" => Radix::Dec,
                    "x" => Radix::Hex,
                    "n" => Radix::None,
                    _ => {
                        let c = v.chars().next().map(String::from).unwrap_or_default();
                        return Err(format!("invalid output address radix '{c}'; it must be one character from [doxn]"));
                    }
                }
            }
            O::Skip => d.skip = num_arg(v).ok_or_else(|| format!("invalid -j argument {}", quote(v)))?,
            O::Limit => d.limit = Some(num_arg(v).ok_or_else(|| format!("invalid -N argument {}", quote(v)))?),
            O::Type => d.specs.extend(fields::parse_types(v)?),
            O::Trad(t) => d.specs.extend(fields::parse_types(t)?),
            O::Verbose => d.verbose = true,
            O::Width => {
                let w = if v.is_empty() { Some(32) } else { num_arg(v).filter(|w| *w <= 1 << 20) };
                width = Some(w.ok_or_else(|| format!("invalid -w argument {}", quote(v)))? as usize);
            }
            O::Endian => {
                d.big = match v {
                    "big" => true,
                    "little" => false,
                    _ => return Err(format!("invalid argument {} for ‘--endian’", quote(v))),
                }
            }
            O::Strings => return Err("-S is not supported".into()),
        }
    }
    if d.specs.is_empty() {
        d.specs = fields::parse_types("o2")?;
    }
    let unit = d.specs.iter().fold(1, |l, s| lcm(l, s.size));
    d.per_line = match width {
        Some(w) if w > 0 && w % unit == 0 => w,
        Some(_) => unit,
        None => lcm(16, unit),
    };
    fields::align(&mut d.specs, d.per_line);
    Ok(d)
}

fn lcm(a: usize, b: usize) -> usize {
    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    a / gcd(a, b) * b
}

/// Reads the concatenation of the input operands.
struct Inputs {
    files: Vec<String>,
    next: usize,
    cur: Option<Src>,
    status: i32,
}

impl Inputs {
    /// Fill `buf` as far as possible; returns the bytes read (short only at the end of input).
    fn fill(&mut self, ctx: &mut Ctx<'_>, buf: &mut [u8]) -> Result<usize, i32> {
        let mut got = 0;
        while got < buf.len() {
            let Some(src) = self.cur.as_mut() else {
                let Some(name) = self.files.get(self.next).cloned() else { return Ok(got) };
                self.next += 1;
                match args::open_src(ctx, &name) {
                    Ok(s) => self.cur = Some(s),
                    Err(e) => {
                        file_error(ctx, &name, e);
                        self.status = 1;
                    }
                }
                continue;
            };
            match args::read_some(ctx, src, &mut buf[got..]) {
                Ok(0) => self.cur = None,
                Ok(n) => got += n,
                Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(1),
                Err(e) => {
                    ctx.error(&format!("{}: {e}", args::quote_name(&self.files[self.next - 1])));
                    self.status = 1;
                    self.cur = None;
                }
            }
        }
        Ok(got)
    }
}

impl Dump {
    fn line(&self, out: &mut Vec<u8>, off: u64, block: &[u8]) {
        for (k, spec) in self.specs.iter().enumerate() {
            let mut line = if k == 0 { self.radix.show(off) } else { " ".repeat(self.radix.width()) };
            let mut n = 0;
            for chunk in block.chunks(spec.size) {
                let mut field_bytes = [0u8; 8];
                field_bytes[..chunk.len()].copy_from_slice(chunk);
                let text = fields::field(spec, &field_bytes[..spec.size], self.big);
                line.push_str(&format!("{text:>w$}", w = spec.width));
                n += 1;
            }
            if spec.z {
                let missing = self.per_line / spec.size - n;
                line.push_str(&" ".repeat(missing * spec.width));
                line.push_str("  >");
                line.extend(block.iter().map(|&b| if (32..127).contains(&b) { b as char } else { '.' }));
                line.push('<');
            }
            line.push('\n');
            out.extend_from_slice(line.as_bytes());
        }
    }
}

impl Builtin for Od {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let d = match setup(&parsed) {
            Ok(d) => d,
            Err(m) => {
                ctx.error(&m);
                return 1;
            }
        };
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut inp = Inputs { files, next: 0, cur: None, status: 0 };
        let mut skip = d.skip;
        let mut scratch = crate::args::ChunkBuf::new();
        while skip > 0 {
            let want = skip.min(CHUNK as u64) as usize;
            match inp.fill(ctx, &mut scratch[..want]) {
                Ok(n) if n == want => skip -= n as u64,
                Ok(_) => {
                    ctx.error("cannot skip past end of combined input");
                    return 1;
                }
                Err(st) => return st,
            }
        }
        let mut off = d.skip;
        let mut left = d.limit.unwrap_or(u64::MAX);
        let mut block = vec![0u8; d.per_line];
        let mut prev: Option<Vec<u8>> = None;
        let mut star = false;
        let mut out = Vec::with_capacity(CHUNK);
        while left > 0 {
            let want = (d.per_line as u64).min(left) as usize;
            let n = match inp.fill(ctx, &mut block[..want]) {
                Ok(n) => n,
                Err(st) => return st,
            };
            if n == 0 {
                break;
            }
            left -= n as u64;
            let cur = &block[..n];
            if !d.verbose && n == d.per_line && prev.as_deref() == Some(cur) {
                if !star {
                    out.extend_from_slice(b"*\n");
                    star = true;
                }
            } else {
                star = false;
                d.line(&mut out, off, cur);
                prev = Some(cur.to_vec());
            }
            off += n as u64;
            if let Err(st) = flush_out(ctx, &mut out, false) {
                return st;
            }
            if n < want {
                break;
            }
        }
        if !matches!(d.radix, Radix::None) {
            out.extend_from_slice(format!("{}\n", d.radix.show(off)).as_bytes());
        }
        match flush_out(ctx, &mut out, true) {
            Ok(()) => inp.status,
            Err(st) => st,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, NOFS};
    use crate::testing::run;

    const O1: &[u8] = b"hello world\n\x01\xffabcdefghijklmnopqrstuvwxyz";

    fn od(args: &[&str], input: &[u8]) -> String {
        let o = run(&Od, "od", args, input, &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn default_and_chars() {
        assert_eq!(
            od(&[], O1),
            "0000000 062550 066154 020157 067567 066162 005144 177401 061141\n0000020 062143 063145 064147 065151 066153 067155 070157 071161\n0000040 072163 073165 074167 075171\n0000050\n"
        );
        assert_eq!(
            od(&["-c"], &O1[..18]),
            "0000000   h   e   l   l   o       w   o   r   l   d  \\n 001 377   a   b\n0000020   c   d\n0000022\n"
        );
        assert_eq!(od(&["-An", "-tx1"], b"hi\n"), " 68 69 0a\n");
        assert_eq!(od(&["-ta", "-N", "4"], b"h \x01\xff"), "0000000   h  sp soh del\n0000004\n");
        assert_eq!(od(&[], b""), "0000000\n");
    }

    #[test]
    fn alignment_and_z() {
        assert_eq!(
            od(&["-tx2", "-tc", "-N", "4"], O1),
            "0000000    6568    6c6c\n          h   e   l   l\n0000004\n"
        );
        assert_eq!(od(&["-tx1z", "-N", "3"], O1), "0000000 68 65 6c                                         >hel<\n0000003\n");
        assert_eq!(od(&["-tx2z", "-N", "3"], O1), "0000000 6568 006c                                >hel<\n0000003\n");
        assert_eq!(od(&["-Ad", "-tx1", "-N", "2"], O1), "0000000 68 65\n0000002\n");
        assert_eq!(od(&["-Ax", "-to1", "-j", "16", "-N", "1"], O1), "000010 143\n000011\n");
        assert_eq!(od(&["-td2", "-j", "3", "-N", "5"], O1), "0000003  28524  30496    111\n0000010\n");
        assert_eq!(od(&["-w4", "-tx1", "-N", "6"], O1), "0000000 68 65 6c 6c\n0000004 6f 20\n0000006\n");
        assert_eq!(od(&["-i", "-N", "4"], O1), "0000000  1819043176\n0000004\n");
        assert_eq!(od(&["-tf4", "-N", "4"], O1), "0000000   1.1431415e+27\n0000004\n");
        assert_eq!(od(&["-tx2", "--endian=big", "-N", "2"], O1), "0000000 6865\n0000002\n");
    }

    #[test]
    fn duplicates() {
        let z = [b'0'; 32];
        assert_eq!(od(&["-tx1"], &z), "0000000 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30\n*\n0000040\n");
        let v = od(&["-v", "-tx1"], &z);
        assert_eq!(v.lines().count(), 3);
        let a = b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab";
        assert!(od(&["-c"], a).ends_with("*\n0000040   a   b\n0000042\n"));
    }

    #[test]
    fn errors() {
        assert_eq!(od(&["-t", "x3"], b""), "od: invalid type string ‘x3’;\nthis system doesn't provide a 3-byte integral type\n");
        assert_eq!(od(&["-A", "q"], b""), "od: invalid output address radix 'q'; it must be one character from [doxn]\n");
        assert_eq!(od(&["-j", "100"], b"abc"), "od: cannot skip past end of combined input\n");
        let fs = fs_with(&[("/a", b"ab")]);
        let o = run(&Od, "od", &["-c", "nosuch", "a"], b"", &*fs, "/");
        assert_eq!((o.out(), o.stderr, o.status), ("0000000   a   b\n0000002\n".into(), "od: nosuch: No such file or directory\n".into(), 1));
    }
}
