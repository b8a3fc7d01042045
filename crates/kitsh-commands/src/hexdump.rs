//! `hexdump` (util-linux) and `hd` (`hexdump -C`): the built-in display formats (default 16-bit
//! hex words, `-C` canonical, `-b -c -d -o -x`), several at once, `-n`, `-s`, `-v` and `*` for
//! repeated blocks, over the concatenation of the file operands, and `-e FORMAT` strings
//! (`custom`); `-f FILE` is not supported.

mod custom;

use super::args::{self, open_src, parse_size, quote, ArgKind, Config, OptSpec, CHUNK};
use super::byteread::{ByteReader, ReadFail};
use super::{Builtin, Ctx};

/// The `hexdump` command.
pub struct Hexdump;

/// The `hd` command: `hexdump -C`.
pub struct Hd;

/// How one field shows its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Conv {
    /// `%0Nx`
    Hex(usize),
    /// `%0No`
    Oct(usize),
    /// `%0Nu`
    Dec(usize),
    /// `%3_c`
    Char,
    /// `%_p`
    Print,
    /// Text only.
    Text,
    /// Start again at the first byte of the block (the next format of a `-C` line).
    Rewind,
}

/// A format unit: `reps` fields of `bytes` bytes each, printed as `pre` CONV `post`.
#[derive(Clone, Copy)]
struct Unit {
    reps: usize,
    bytes: usize,
    pre: &'static str,
    conv: Conv,
    post: &'static str,
}

const fn unit(reps: usize, bytes: usize, pre: &'static str, conv: Conv, post: &'static str) -> Unit {
    Unit { reps, bytes, pre, conv, post }
}
const fn text(s: &'static str) -> Unit {
    Unit { reps: 1, bytes: 0, pre: s, conv: Conv::Text, post: "" }
}

/// A display format: its address width and units.
struct Format {
    addr: usize,
    units: &'static [Unit],
}

const DEFAULT: Format = Format { addr: 7, units: &[text(" "), unit(8, 2, "", Conv::Hex(4), " ")] };
const CANON: Format = Format {
    addr: 8,
    units: &[
        text("  "),
        unit(8, 1, "", Conv::Hex(2), " "),
        text("  "),
        unit(8, 1, "", Conv::Hex(2), " "),
        text("  |"),
        Unit { reps: 0, bytes: 0, pre: "", conv: Conv::Rewind, post: "" },
        unit(16, 1, "", Conv::Print, ""),
        text("|"),
    ],
};
const HEX2: Format = Format { addr: 7, units: &[text(" "), unit(8, 2, "   ", Conv::Hex(4), " ")] };
const OCT1: Format = Format { addr: 7, units: &[text(" "), unit(16, 1, "", Conv::Oct(3), " ")] };
const CHAR1: Format = Format { addr: 7, units: &[text(" "), unit(16, 1, "", Conv::Char, " ")] };
const DEC2: Format = Format { addr: 7, units: &[text(" "), unit(8, 2, "  ", Conv::Dec(5), " ")] };
const OCT2: Format = Format { addr: 7, units: &[text(" "), unit(8, 2, " ", Conv::Oct(6), " ")] };

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Fmt(u8),
    Length,
    Skip,
    Verbose,
    Custom,
    FormatFile,
    Color,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('b', "one-byte-octal", O::Fmt(b'b')),
    OptSpec::flag('c', "one-byte-char", O::Fmt(b'c')),
    OptSpec::flag('C', "canonical", O::Fmt(b'C')),
    OptSpec::flag('d', "two-bytes-decimal", O::Fmt(b'd')),
    OptSpec::flag('o', "two-bytes-octal", O::Fmt(b'o')),
    OptSpec::flag('x', "two-bytes-hex", O::Fmt(b'x')),
    OptSpec::req('e', "format", O::Custom),
    OptSpec::req('f', "format-file", O::FormatFile),
    OptSpec::flag('L', "", O::Color),
    OptSpec { short: None, long: Some("color"), arg: ArgKind::Optional, id: O::Color },
    OptSpec::req('n', "length", O::Length),
    OptSpec::req('s', "skip", O::Skip),
    OptSpec::flag('v', "no-squeezing", O::Verbose),
];
const USAGE: &str = "\nUsage:\n hexdump [options] <file>...\n\nDisplay file contents in hexadecimal, decimal, octal, or ascii.";

/// `%_c`: C escapes, printable characters, else three octal digits.
fn show_char(b: u8) -> String {
    let s = match b {
        0 => "\\0".to_string(),
        7 => "\\a".to_string(),
        8 => "\\b".to_string(),
        9 => "\\t".to_string(),
        10 => "\\n".to_string(),
        11 => "\\v".to_string(),
        12 => "\\f".to_string(),
        13 => "\\r".to_string(),
        32..=126 => (b as char).to_string(),
        _ => return format!("{b:03o}"),
    };
    format!("{s:>3}")
}

/// Render one block (up to 16 bytes at `addr`) in `f`.
fn render(f: &Format, addr: u64, block: &[u8], out: &mut Vec<u8>) {
    let mut line = format!("{addr:0w$x}", w = f.addr);
    let mut pos = 0usize;
    for u in f.units {
        if u.conv == Conv::Text {
            line.push_str(u.pre);
            continue;
        }
        if u.conv == Conv::Rewind {
            pos = 0;
            continue;
        }
        for r in 0..u.reps {
            let last = u.reps > 1 && r + 1 == u.reps;
            let post = if last { u.post.trim_end() } else { u.post };
            let have = block.len().saturating_sub(pos);
            if have == 0 {
                if u.conv != Conv::Print {
                    let width = match u.conv {
                        Conv::Hex(w) | Conv::Oct(w) | Conv::Dec(w) => w,
                        _ => 3,
                    };
                    line.push_str(u.pre);
                    line.push_str(&" ".repeat(width));
                    line.push_str(post);
                }
                pos += u.bytes;
                continue;
            }
            let mut v: u64 = 0;
            for k in (0..u.bytes).rev() {
                v = (v << 8) | u64::from(block.get(pos + k).copied().unwrap_or(0));
            }
            line.push_str(u.pre);
            match u.conv {
                Conv::Hex(w) => line.push_str(&format!("{v:0w$x}")),
                Conv::Oct(w) => line.push_str(&format!("{v:0w$o}")),
                Conv::Dec(w) => line.push_str(&format!("{v:0w$}")),
                Conv::Char => line.push_str(&show_char(v as u8)),
                Conv::Print => line.push(if (32..127).contains(&v) { v as u8 as char } else { '.' }),
                Conv::Text | Conv::Rewind => {}
            }
            line.push_str(post);
            pos += u.bytes;
        }
    }
    line.push('\n');
    out.extend_from_slice(line.as_bytes());
}

/// The concatenated input operands.
struct Inputs {
    names: Vec<String>,
    next: usize,
    cur: Option<ByteReader>,
    failed: usize,
}

impl Inputs {
    /// Fill `buf` with up to `buf.len()` bytes; fewer only at the end of all inputs.
    fn fill(&mut self, ctx: &mut Ctx<'_>, buf: &mut Vec<u8>, want: usize) -> Result<(), i32> {
        while buf.len() < want {
            if self.cur.is_none() {
                if self.next >= self.names.len() {
                    return Ok(());
                }
                let name = self.names[self.next].clone();
                self.next += 1;
                match open_src(ctx, &name) {
                    Ok(s) => self.cur = Some(ByteReader::new(s)),
                    Err(e) => {
                        ctx.error(&format!("{name}: {e}"));
                        self.failed += 1;
                        continue;
                    }
                }
            }
            let Some(r) = self.cur.as_mut() else { continue };
            match r.chunk(ctx) {
                Ok([]) => self.cur = None,
                Ok(c) => {
                    let k = c.len().min(want - buf.len());
                    buf.extend_from_slice(&c[..k]);
                    r.consume(k);
                }
                Err(ReadFail::Cancelled) => return Err(1),
                Err(ReadFail::Error(e)) => {
                    ctx.error(&e);
                    self.failed += 1;
                    self.cur = None;
                }
            }
        }
        Ok(())
    }
}

/// Parse `-n`/`-s` values: decimal, `0x` hex or `0` octal, with size suffixes.
fn number(v: &str) -> Option<u64> {
    if let Some(h) = v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if v.len() > 1 && v.starts_with('0') && v.bytes().all(|b| b.is_ascii_digit()) {
        return u64::from_str_radix(&v[1..], 8).ok();
    }
    parse_size(v)
}

fn run(ctx: &mut Ctx<'_>, argv: &[String], canonical: bool) -> i32 {
    let cfg = Config::new(ctx.name, USAGE);
    let parsed = match args::parse_with(&cfg, SPECS, argv) {
        Ok(p) => p,
        Err(args::ArgError::Version) => {
            return match ctx.stdout.write_all(format!("{} from util-linux 2.38.1\n", ctx.name).as_bytes()) {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            }
        }
        Err(e) => return e.report(ctx, &cfg),
    };
    let mut formats: Vec<&Format> = Vec::new();
    if canonical {
        formats.push(&CANON);
    }
    let (mut length, mut skip, mut verbose) = (None, 0u64, false);
    let mut customs: Vec<custom::Custom> = Vec::new();
    for (o, v) in &parsed.opts {
        let v = v.as_deref().unwrap_or("");
        match o {
            O::Fmt(c) => formats.push(match c {
                b'b' => &OCT1,
                b'c' => &CHAR1,
                b'C' => &CANON,
                b'd' => &DEC2,
                b'o' => &OCT2,
                _ => &HEX2,
            }),
            O::Length => match number(v) {
                Some(n) => length = Some(n),
                None => {
                    ctx.error(&format!("failed to parse length: {}", quote(v)));
                    return 1;
                }
            },
            O::Skip => match number(v) {
                Some(n) => skip = n,
                None => {
                    ctx.error(&format!("failed to parse offset: {}", quote(v)));
                    return 1;
                }
            },
            O::Verbose => verbose = true,
            O::Color => {}
            O::Custom => match custom::parse(v) {
                Ok(c) => customs.push(c),
                Err(msg) => {
                    ctx.error(&msg);
                    return 1;
                }
            },
            O::FormatFile => {
                ctx.error("-f format files are not supported by kitsh");
                return 1;
            }
        }
    }
    if formats.is_empty() {
        formats.push(&DEFAULT);
    }
    let names = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands.clone() };
    let total = names.len();
    let mut inputs = Inputs { names, next: 0, cur: None, failed: 0 };
    // Skip.
    let mut left = skip;
    let mut scratch = Vec::new();
    while left > 0 {
        scratch.clear();
        let want = left.min(CHUNK as u64) as usize;
        if let Err(st) = inputs.fill(ctx, &mut scratch, want) {
            return st;
        }
        if scratch.is_empty() {
            break;
        }
        left -= scratch.len() as u64;
    }
    let mut addr = skip - left;
    let mut remaining = length.unwrap_or(u64::MAX);
    let mut out = Vec::new();
    let mut prev: Option<Vec<u8>> = None;
    let mut starred = false;
    let bsize = if customs.is_empty() { 16 } else { customs.iter().map(custom::Custom::block_size).max().unwrap_or(1).max(1) };
    let mut block = Vec::with_capacity(bsize);
    let mut any = false;
    while remaining > 0 {
        block.clear();
        if let Err(st) = inputs.fill(ctx, &mut block, remaining.min(bsize as u64) as usize) {
            return st;
        }
        if block.is_empty() {
            break;
        }
        any = true;
        remaining -= block.len() as u64;
        if !verbose && block.len() == bsize && prev.as_deref() == Some(&block[..]) {
            if !starred {
                out.extend_from_slice(b"*\n");
                starred = true;
            }
        } else {
            starred = false;
            if customs.is_empty() {
                for f in &formats {
                    render(f, addr, &block, &mut out);
                }
            } else {
                for c in &customs {
                    c.render(addr, &block, &mut out);
                }
            }
            prev = Some(block.clone());
        }
        addr += block.len() as u64;
        if out.len() >= CHUNK {
            if let Err(e) = ctx.stdout.write_all(&out) {
                return crate::args::write_failed(ctx, &e);
            }
            out.clear();
        }
    }
    if (any || skip > 0) && customs.is_empty() {
        let w = formats.last().map_or(7, |f| f.addr);
        out.extend_from_slice(format!("{addr:0w$x}\n").as_bytes());
    }
    if let Err(e) = ctx.stdout.write_all(&out).and_then(|()| ctx.stdout.flush()) {
        return crate::args::write_failed(ctx, &e);
    }
    if inputs.failed > 0 {
        if inputs.failed == total {
            ctx.error("all input file arguments failed");
        }
        return 1;
    }
    0
}

impl Builtin for Hexdump {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, false)
    }
}

impl Builtin for Hd {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run as run_cmd;

    fn hx(args: &[&str], input: &[u8]) -> (String, String, i32) {
        let fs = fs_with(&[("/h.txt", b"hello world, this is xxd!\n")]);
        let o = run_cmd(&Hexdump, "hexdump", args, input, &*fs, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn formats() {
        assert_eq!(
            hx(&["h.txt"], b"").0,
            "0000000 6568 6c6c 206f 6f77 6c72 2c64 7420 6968\n0000010 2073 7369 7820 6478 0a21               \n000001a\n"
        );
        assert_eq!(
            hx(&["-C", "h.txt"], b"").0,
            "00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 2c 20 74 68 69  |hello world, thi|\n00000010  73 20 69 73 20 78 78 64  21 0a                    |s is xxd!.|\n0000001a\n"
        );
        assert_eq!(hx(&["-C"], b"").0, "");
        assert_eq!(hx(&["-C"], &[0u8; 64]).0, "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n00000040\n");
        assert_eq!(hx(&["-c"], b"a\tc\x01\xff").0.lines().next(), Some("0000000   a  \\t   c 001 377                                            "));
    }

    #[test]
    fn errors() {
        let (_, e, s) = hx(&["nosuch"], b"");
        assert_eq!((e.as_str(), s), ("hexdump: nosuch: No such file or directory\nhexdump: all input file arguments failed\n", 1));
    }
}
