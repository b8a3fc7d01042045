//! `base64` and `base32`: encode or decode (`-d`) standard input or one file, streaming, as GNU
//! coreutils 9.1 does: output wrapped at 76 columns (`-w COLS`, 0 for none), newlines ignored
//! when decoding, other bytes outside the alphabet ignored only with `-i`; on invalid input the
//! bytes decoded so far are written, then `base64: invalid input` and status 1.


use super::args::{self, file_error, flush_out, open_src, quote, read_some, Config, OptSpec, Src, CHUNK};
use super::rev::read_error_text;
use super::{Builtin, Ctx};
use kitsh_core::fs::FsError;

/// The `base64` command (RFC 4648 alphabet).
pub struct Base64;

/// The `base32` command (RFC 4648 alphabet).
pub struct Base32;

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// One of the two encodings.
#[derive(Clone, Copy)]
struct Alphabet {
    /// The 64 or 32 digits.
    digits: &'static [u8],
    /// Input bytes per encoded group (3 or 5).
    raw: usize,
    /// Encoded characters per group (4 or 8).
    enc: usize,
    /// Bits per digit (6 or 5).
    bits: u32,
}

const BASE64: Alphabet = Alphabet { digits: B64, raw: 3, enc: 4, bits: 6 };
const BASE32: Alphabet = Alphabet { digits: B32, raw: 5, enc: 8, bits: 5 };

/// Standard base64 of `data`, padded and unwrapped (for other commands: `curl -u`).
pub(crate) fn encode(data: &[u8]) -> String {
    let mut out = Vec::with_capacity(data.len().div_ceil(3) * 4);
    for group in data.chunks(BASE64.raw) {
        BASE64.encode_group(group, &mut out);
    }
    out.into_iter().map(char::from).collect()
}

impl Alphabet {
    /// The value of digit `c`, if it is one.
    fn value(&self, c: u8) -> Option<u8> {
        self.digits.iter().position(|&d| d == c).map(|p| p as u8)
    }

    /// Encode one group of 1..=raw bytes into `out`, padded with `=`.
    fn encode_group(&self, group: &[u8], out: &mut Vec<u8>) {
        let mut acc: u64 = 0;
        for k in 0..self.raw {
            acc = (acc << 8) | u64::from(group.get(k).copied().unwrap_or(0));
        }
        let total = (self.raw * 8) as u32;
        let used = (group.len() * 8).div_ceil(self.bits as usize);
        for k in 0..self.enc {
            if k < used {
                let shift = total - self.bits * (k as u32 + 1);
                out.push(self.digits[((acc >> shift) & ((1 << self.bits) - 1)) as usize]);
            } else {
                out.push(b'=');
            }
        }
    }

    /// Decode one group of up to `enc` characters as gnulib's `decode_4` / `decode_8` do:
    /// bytes are produced as soon as enough digits are valid, so a bad group still yields its
    /// leading bytes. Returns `false` when the group is invalid or incomplete.
    fn decode_group(&self, g: &[u8], out: &mut Vec<u8>) -> bool {
        if self.enc == 4 {
            decode4(self, g, out)
        } else {
            decode8(self, g, out)
        }
    }
}

fn decode4(a: &Alphabet, g: &[u8], out: &mut Vec<u8>) -> bool {
    let v = |k: usize| g.get(k).and_then(|&c| a.value(c));
    if g.len() < 2 {
        return false;
    }
    let (Some(v0), Some(v1)) = (v(0), v(1)) else { return false };
    out.push((v0 << 2) | (v1 >> 4));
    if g.len() == 2 {
        return false;
    }
    if g[2] == b'=' {
        return g.len() == 4 && g[3] == b'=';
    }
    let Some(v2) = v(2) else { return false };
    out.push(((v1 << 4) & 0xf0) | (v2 >> 2));
    if g.len() == 3 {
        return false;
    }
    if g[3] == b'=' {
        return g.len() == 4;
    }
    let Some(v3) = v(3) else { return false };
    out.push(((v2 << 6) & 0xc0) | v3);
    true
}

fn decode8(a: &Alphabet, g: &[u8], out: &mut Vec<u8>) -> bool {
    if g.len() < 8 {
        return false;
    }
    let v = |k: usize| a.value(g[k]);
    let pad = |from: usize| g[from..8].iter().all(|&c| c == b'=');
    let (Some(v0), Some(v1)) = (v(0), v(1)) else { return false };
    out.push((v0 << 3) | (v1 >> 2));
    if g[2] == b'=' {
        return pad(2);
    }
    let (Some(v2), Some(v3)) = (v(2), v(3)) else { return false };
    out.push((v1 << 6) | (v2 << 1) | (v3 >> 4));
    if g[4] == b'=' {
        return pad(4);
    }
    let Some(v4) = v(4) else { return false };
    out.push((v3 << 4) | (v4 >> 1));
    if g[5] == b'=' {
        return pad(5);
    }
    let (Some(v5), Some(v6)) = (v(5), v(6)) else { return false };
    out.push((v4 << 7) | (v5 << 2) | (v6 >> 3));
    if g[7] == b'=' {
        return true;
    }
    let Some(v7) = v(7) else { return false };
    out.push((v6 << 5) | v7);
    true
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Decode,
    Ignore,
    Wrap,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('d', "decode", O::Decode),
    OptSpec::flag('i', "ignore-garbage", O::Ignore),
    OptSpec::req('w', "wrap", O::Wrap),
];

const USAGE64: &str = "Usage: base64 [OPTION]... [FILE]\nBase64 encode or decode FILE, or standard input, to standard output.\n\nWith no FILE, or when FILE is -, read standard input.\n\nMandatory arguments to long options are mandatory for short options too.\n  -d, --decode          decode data\n  -i, --ignore-garbage  when decoding, ignore non-alphabet characters\n  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).\n                          Use 0 to disable line wrapping\n      --help        display this help and exit\n      --version     output version information and exit";
const USAGE32: &str = "Usage: base32 [OPTION]... [FILE]\nBase32 encode or decode FILE, or standard input, to standard output.\n\nWith no FILE, or when FILE is -, read standard input.\n\nMandatory arguments to long options are mandatory for short options too.\n  -d, --decode          decode data\n  -i, --ignore-garbage  when decoding, ignore non-alphabet characters\n  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).\n                          Use 0 to disable line wrapping\n      --help        display this help and exit\n      --version     output version information and exit";

impl Builtin for Base64 {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, BASE64, USAGE64)
    }
}

impl Builtin for Base32 {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, BASE32, USAGE32)
    }
}

/// Parse a `-w` value as GNU does (a non-negative integer).
fn parse_wrap(v: &str) -> Option<usize> {
    let t = v.trim_start();
    let t = t.strip_prefix('+').unwrap_or(t);
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(t.parse::<usize>().unwrap_or(usize::MAX))
}

fn run(ctx: &mut Ctx<'_>, argv: &[String], alpha: Alphabet, usage: &str) -> i32 {
    let cfg = Config::new(ctx.name, usage);
    let parsed = match args::parse_with(&cfg, SPECS, argv) {
        Ok(p) => p,
        Err(e) => return e.report(ctx, &cfg),
    };
    let (mut decode, mut ignore, mut wrap) = (false, false, 76usize);
    for (o, v) in &parsed.opts {
        match o {
            O::Decode => decode = true,
            O::Ignore => ignore = true,
            O::Wrap => {
                let v = v.as_deref().unwrap_or("");
                match parse_wrap(v) {
                    Some(n) => wrap = n,
                    None => {
                        ctx.error(&format!("invalid wrap size: {}", quote(v)));
                        return 1;
                    }
                }
            }
        }
    }
    if parsed.operands.len() > 1 {
        args::usage_error(ctx, &format!("extra operand {}", quote(&parsed.operands[1])));
        return 1;
    }
    let name = parsed.operands.first().map_or("-", String::as_str).to_string();
    let mut src = match open_src(ctx, &name) {
        Ok(s) => s,
        Err(FsError::IsDir) => {
            ctx.error("read error: Is a directory");
            return 1;
        }
        Err(e) => {
            file_error(ctx, &name, e);
            return 1;
        }
    };
    if decode {
        decode_stream(ctx, &mut src, alpha, ignore)
    } else {
        encode_stream(ctx, &mut src, alpha, wrap)
    }
}

/// Append `enc` to `out`, inserting a newline every `wrap` columns (`col` is the current one).
fn push_wrapped(out: &mut Vec<u8>, enc: &[u8], wrap: usize, col: &mut usize) {
    if wrap == 0 {
        out.extend_from_slice(enc);
        return;
    }
    let mut rest = enc;
    while !rest.is_empty() {
        let n = (wrap - *col).min(rest.len());
        out.extend_from_slice(&rest[..n]);
        *col += n;
        rest = &rest[n..];
        if *col == wrap {
            out.push(b'\n');
            *col = 0;
        }
    }
}

/// Read once; `Err(status)` after printing a read error (or when cancelled).
fn read_chunk(ctx: &mut Ctx<'_>, src: &mut Src, buf: &mut [u8]) -> Result<usize, i32> {
    match read_some(ctx, src, buf) {
        Ok(n) => Ok(n),
        Err(e) if kitsh_core::util::cancelled::is(&e) => Err(1),
        Err(e) => {
            ctx.error(&format!("read error: {}", read_error_text(&e)));
            Err(1)
        }
    }
}

fn encode_stream(ctx: &mut Ctx<'_>, src: &mut Src, alpha: Alphabet, wrap: usize) -> i32 {
    let mut buf = crate::args::ChunkBuf::new();
    let mut carry: Vec<u8> = Vec::with_capacity(alpha.raw);
    let mut out = Vec::with_capacity(CHUNK * 2);
    let mut enc = Vec::with_capacity(CHUNK * 2);
    let mut col = 0usize;
    loop {
        let n = match read_chunk(ctx, src, &mut buf) {
            Ok(n) => n,
            Err(st) => {
                let _ = flush_out(ctx, &mut out, true);
                return st;
            }
        };
        if n == 0 {
            break;
        }
        let mut data = &buf[..n];
        enc.clear();
        if !carry.is_empty() {
            let need = (alpha.raw - carry.len()).min(data.len());
            carry.extend_from_slice(&data[..need]);
            data = &data[need..];
            if carry.len() == alpha.raw {
                alpha.encode_group(&carry, &mut enc);
                carry.clear();
            }
        }
        let whole = data.len() - data.len() % alpha.raw;
        for g in data[..whole].chunks(alpha.raw) {
            alpha.encode_group(g, &mut enc);
        }
        carry.extend_from_slice(&data[whole..]);
        push_wrapped(&mut out, &enc, wrap, &mut col);
        if let Err(st) = flush_out(ctx, &mut out, false) {
            return st;
        }
    }
    if !carry.is_empty() {
        enc.clear();
        alpha.encode_group(&carry, &mut enc);
        push_wrapped(&mut out, &enc, wrap, &mut col);
    }
    if wrap > 0 && col > 0 {
        out.push(b'\n');
    }
    match flush_out(ctx, &mut out, true) {
        Ok(()) => 0,
        Err(st) => st,
    }
}

fn decode_stream(ctx: &mut Ctx<'_>, src: &mut Src, alpha: Alphabet, ignore: bool) -> i32 {
    let mut buf = crate::args::ChunkBuf::new();
    let mut group: Vec<u8> = Vec::with_capacity(alpha.enc);
    let mut out = Vec::with_capacity(CHUNK);
    let mut ok = true;
    'read: loop {
        let n = match read_chunk(ctx, src, &mut buf) {
            Ok(n) => n,
            Err(st) => {
                let _ = flush_out(ctx, &mut out, true);
                return st;
            }
        };
        if n == 0 {
            break;
        }
        for &c in &buf[..n] {
            if c == b'\n' || (ignore && c != b'=' && alpha.value(c).is_none()) {
                continue;
            }
            group.push(c);
            if group.len() == alpha.enc {
                if !alpha.decode_group(&group, &mut out) {
                    ok = false;
                    group.clear();
                    break 'read;
                }
                group.clear();
            }
        }
        if let Err(st) = flush_out(ctx, &mut out, false) {
            return st;
        }
    }
    if ok && !group.is_empty() {
        ok = alpha.decode_group(&group, &mut out);
    }
    if let Err(st) = flush_out(ctx, &mut out, true) {
        return st;
    }
    if ok {
        0
    } else {
        ctx.error("invalid input");
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run as run_cmd;

    fn b64(args: &[&str], input: &[u8]) -> (Vec<u8>, String, i32) {
        let fs = fs_with(&[("/f", b"hello"), ("/d/", b"")]);
        let o = run_cmd(&Base64, "base64", args, input, &*fs, "/");
        (o.stdout, o.stderr, o.status)
    }
    fn b32(args: &[&str], input: &[u8]) -> (Vec<u8>, String, i32) {
        let fs = fs_with(&[]);
        let o = run_cmd(&Base32, "base32", args, input, &*fs, "/");
        (o.stdout, o.stderr, o.status)
    }

    #[test]
    fn encode() {
        assert_eq!(b64(&[], b"abc").0, b"YWJj\n");
        assert_eq!(b64(&[], b"").0, b"");
        assert_eq!(b64(&["-w0"], b"ab").0, b"YWI=");
        assert_eq!(b64(&["-w", "3"], b"abcd").0, b"YWJ\njZA\n==\n");
        assert_eq!(b64(&["f"], b"").0, b"aGVsbG8=\n");
        let long = vec![b'x'; 100];
        let (o, _, _) = b64(&[], &long);
        assert_eq!(o.iter().position(|&c| c == b'\n'), Some(76));
        assert_eq!(b32(&[], b"abc").0, b"MFRGG===\n");
        assert_eq!(b32(&["-w", "7"], b"abcdefghijk").0, b"MFRGGZD\nFMZTWQ2\nLKNM===\n===\n");
    }

    #[test]
    fn decode() {
        assert_eq!(b64(&["-d"], b"YWJj\nZGVm\n"), (b"abcdef".to_vec(), String::new(), 0));
        assert_eq!(b64(&["-d"], b"YQ=\n="), (b"a".to_vec(), String::new(), 0));
        assert_eq!(b64(&["-d"], b"YQ==YQ=="), (b"aa".to_vec(), String::new(), 0));
        assert_eq!(b64(&["-d"], b"YW Jj"), (b"a".to_vec(), "base64: invalid input\n".into(), 1));
        assert_eq!(b64(&["-d"], b"YWJjZA"), (b"abcd".to_vec(), "base64: invalid input\n".into(), 1));
        assert_eq!(b64(&["-d"], b"=YQ"), (b"".to_vec(), "base64: invalid input\n".into(), 1));
        assert_eq!(b64(&["-di"], b"YW*Jj"), (b"abc".to_vec(), String::new(), 0));
        assert_eq!(b32(&["-d"], b"MFRGGZDF\nMZTQ===="), (b"abcdefg".to_vec(), String::new(), 0));
        assert_eq!(b32(&["-d"], b"MFRGG"), (b"".to_vec(), "base32: invalid input\n".into(), 1));
        assert_eq!(b32(&["-d"], b"MFRGG===\n"), (b"abc".to_vec(), String::new(), 0));
    }

    #[test]
    fn errors() {
        assert_eq!(b64(&["-w", "x"], b"").1, "base64: invalid wrap size: ‘x’\n");
        assert_eq!(b64(&["a", "b"], b"").2, 1);
        assert_eq!(b64(&["nosuch"], b"").1, "base64: nosuch: No such file or directory\n");
        assert_eq!(b64(&["d"], b"").1, "base64: read error: Is a directory\n");
    }
}
