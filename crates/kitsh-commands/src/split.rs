//! `split`: split a file into pieces, as GNU coreutils: `-l N`, `-b SIZE`, `-C SIZE`,
//! `-n N | K/N | l/N | l/K/N | r/N | r/K/N`, `-a N` (without it the suffix grows as GNU's
//! does: `xaa`..`xyz`, `xzaaa`...), `-d`/`-x`/`--numeric-suffixes=FROM`/`--hex-suffixes=FROM`,
//! `--additional-suffix`, `-e`, `-t SEP`, `--verbose`. Line and byte pieces are written as the
//! input streams in.


use super::args::{self, parse_size, quote, quote_always, usage_error, ArgKind, Config, OptSpec, ChunkBuf};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;

/// The `split` command.
pub struct Split;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Lines,
    Bytes,
    LineBytes,
    Number,
    SuffixLen,
    Numeric,
    NumericFrom,
    Hex,
    HexFrom,
    Additional,
    Elide,
    Sep,
    Verbose,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('l', "lines", O::Lines),
    OptSpec::req('b', "bytes", O::Bytes),
    OptSpec::req('C', "line-bytes", O::LineBytes),
    OptSpec::req('n', "number", O::Number),
    OptSpec::req('a', "suffix-length", O::SuffixLen),
    OptSpec::flag('d', "", O::Numeric),
    OptSpec::long("numeric-suffixes", ArgKind::Optional, O::NumericFrom),
    OptSpec::flag('x', "", O::Hex),
    OptSpec::long("hex-suffixes", ArgKind::Optional, O::HexFrom),
    OptSpec::long("additional-suffix", ArgKind::Required, O::Additional),
    OptSpec::flag('e', "elide-empty-files", O::Elide),
    OptSpec::req('t', "separator", O::Sep),
    OptSpec::long("verbose", ArgKind::None, O::Verbose),
];

const USAGE: &str = "Usage: split [OPTION]... [FILE [PREFIX]]
Output pieces of FILE to PREFIXaa, PREFIXab, ...;
default size is 1000 lines, and default PREFIX is 'x'.";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Lines(u64),
    Bytes(u64),
    LineBytes(u64),
    /// `-n`: chunks, the one to print (1-based), by lines, round robin.
    Chunks { n: u64, k: Option<u64>, lines: bool, rr: bool },
}

/// Output file names.
struct Names {
    prefix: String,
    extra: String,
    alphabet: &'static [u8],
    digits: Vec<usize>,
    /// The suffix length grows (no `-a`).
    auto: bool,
    first: bool,
}

impl Names {
    fn new(prefix: String, extra: String, alphabet: &'static [u8], len: usize, auto: bool, start: u64) -> Names {
        let mut digits = vec![0; len];
        let mut v = start;
        for d in digits.iter_mut().rev() {
            *d = (v % alphabet.len() as u64) as usize;
            v /= alphabet.len() as u64;
        }
        Names { prefix, extra, alphabet, digits, auto, first: true }
    }

    /// The next name, or `None` when the suffixes are exhausted.
    fn next(&mut self) -> Option<String> {
        if !self.first {
            let base = self.alphabet.len();
            let mut i = self.digits.len();
            loop {
                if i == 0 {
                    return None;
                }
                i -= 1;
                self.digits[i] += 1;
                if self.digits[i] < base {
                    break;
                }
                self.digits[i] = 0;
            }
            // GNU: once the first digit reaches the last letter, the suffix grows by two.
            if self.auto && self.digits[0] == base - 1 && self.digits[1..].iter().all(|&d| d == 0) {
                self.digits.push(0);
                self.digits.push(0);
                self.digits[1..].fill(0);
            }
        }
        self.first = false;
        let mut s = self.prefix.clone();
        s.extend(self.digits.iter().map(|&d| self.alphabet[d] as char));
        s.push_str(&self.extra);
        Some(s)
    }
}

/// The file being written.
struct Out<'n> {
    names: &'n mut Names,
    current: Option<String>,
    verbose: bool,
}

impl Out<'_> {
    fn open(&mut self, ctx: &mut Ctx<'_>) -> Result<(), i32> {
        let Some(name) = self.names.next() else {
            ctx.error("output file suffixes exhausted");
            return Err(1);
        };
        if self.verbose {
            let _ = writeln!(ctx.stdout, "creating file {}", quote_always(&name));
        }
        let abs = ctx.abs_path(&name);
        if let Err(e) = ctx.fs.write_file(&abs, b"", WriteMode::Truncate) {
            ctx.error(&format!("{}: {e}", quote_always(&name)));
            return Err(1);
        }
        self.current = Some(abs);
        Ok(())
    }

    fn write(&mut self, ctx: &mut Ctx<'_>, data: &[u8]) -> Result<(), i32> {
        if data.is_empty() {
            return Ok(());
        }
        let Some(path) = &self.current else { return Ok(()) };
        ctx.fs.write_file(path, data, WriteMode::Append).map_err(|e| {
            ctx.error(&format!("{}: {e}", quote_always(path)));
            1
        })
    }
}

fn parse_number(s: &str) -> Option<Mode> {
    let (lines, rr, rest) = if let Some(r) = s.strip_prefix("l/") {
        (true, false, r)
    } else if let Some(r) = s.strip_prefix("r/") {
        (false, true, r)
    } else {
        (false, false, s)
    };
    let (k, n) = match rest.split_once('/') {
        Some((k, n)) => (Some(k.parse().ok()?), n.parse().ok()?),
        None => (None, parse_size(rest)?),
    };
    if n == 0 || k.is_some_and(|k| k == 0 || k > n) {
        return None;
    }
    Some(Mode::Chunks { n, k, lines, rr })
}

impl Builtin for Split {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("split", USAGE);
        // `-N` means `-l N`.
        let argv: Vec<String> = argv.iter().map(|a| if a.len() > 1 && a.starts_with('-') && a[1..].bytes().all(|c| c.is_ascii_digit()) { format!("-l{}", &a[1..]) } else { a.clone() }).collect();
        let p = match args::parse_with(&cfg, SPECS, &argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut mode = Mode::Lines(1000);
        let (mut suffix_len, mut alphabet, mut start, mut extra, mut elide, mut sep, mut verbose) =
            (None, &b"abcdefghijklmnopqrstuvwxyz"[..], 0u64, String::new(), false, b'\n', false);
        let mut modes = 0;
        for (id, v) in p.opts {
            let v = v.unwrap_or_default();
            let size = |what: &str| -> Result<u64, String> {
                match parse_size(&v) {
                    Some(n) if n > 0 => Ok(n),
                    Some(_) => Err(format!("invalid number of {what}: {}: Numerical result out of range", quote(&v))),
                    None => Err(format!("invalid number of {what}: {}", quote(&v))),
                }
            };
            let r = match id {
                O::Lines => size("lines").map(|n| {
                    modes += 1;
                    mode = Mode::Lines(n)
                }),
                O::Bytes => size("bytes").map(|n| {
                    modes += 1;
                    mode = Mode::Bytes(n)
                }),
                O::LineBytes => size("bytes").map(|n| {
                    modes += 1;
                    mode = Mode::LineBytes(n)
                }),
                O::Number => match parse_number(&v) {
                    Some(m) => {
                        modes += 1;
                        mode = m;
                        Ok(())
                    }
                    None if v.trim_start_matches(['l', 'r', '/']).parse::<u64>() == Ok(0) => {
                        Err(format!("invalid number of chunks: {}: Numerical result out of range", quote(&v)))
                    }
                    None => Err(format!("invalid number of chunks: {}", quote(&v))),
                },
                O::SuffixLen => match v.parse::<usize>() {
                    // `-a 0` keeps the growing default.
                    Ok(n) => {
                        suffix_len = (n > 0).then_some(n);
                        Ok(())
                    }
                    Err(_) => Err(format!("invalid suffix length: {}", quote(&v))),
                },
                O::Numeric | O::NumericFrom | O::Hex | O::HexFrom => {
                    alphabet = if matches!(id, O::Numeric | O::NumericFrom) { b"0123456789" } else { b"0123456789abcdef" };
                    if matches!(id, O::NumericFrom | O::HexFrom) && !v.is_empty() {
                        let radix = if id == O::HexFrom { 16 } else { 10 };
                        match u64::from_str_radix(&v, radix) {
                            Ok(n) => {
                                start = n;
                                Ok(())
                            }
                            Err(_) => Err(format!("invalid start value for numerical suffix: {}", quote(&v))),
                        }
                    } else {
                        Ok(())
                    }
                }
                O::Additional => {
                    if v.contains('/') {
                        Err(format!("invalid suffix {}, contains directory separator", quote(&v)))
                    } else {
                        extra = v.clone();
                        Ok(())
                    }
                }
                O::Elide => {
                    elide = true;
                    Ok(())
                }
                O::Sep => {
                    let b = v.as_bytes();
                    match (b.len(), v.as_str()) {
                        (1, _) => {
                            sep = b[0];
                            Ok(())
                        }
                        (_, "\\0") => {
                            sep = 0;
                            Ok(())
                        }
                        (0, _) => Err("empty record separator".to_string()),
                        _ => Err(format!("multi-character separator {}", quote(&v))),
                    }
                }
                O::Verbose => {
                    verbose = true;
                    Ok(())
                }
            };
            if let Err(msg) = r {
                ctx.error(&msg);
                return 1;
            }
        }
        if modes > 1 {
            usage_error(ctx, "cannot split in more than one way");
            return 1;
        }
        if p.operands.len() > 2 {
            usage_error(ctx, &format!("extra operand {}", quote(&p.operands[2])));
            return 1;
        }
        let input = p.operands.first().cloned().unwrap_or_else(|| "-".into());
        let prefix = p.operands.get(1).cloned().unwrap_or_else(|| "x".into());
        let len = suffix_len.unwrap_or(2);
        let mut names = Names::new(prefix, extra, alphabet, len, suffix_len.is_none() && start == 0, start);
        let mut src = match args::open_src(ctx, &input) {
            Ok(s) => s,
            Err(e) => {
                ctx.error(&format!("cannot open {} for reading: {e}", quote_always(&input)));
                return 1;
            }
        };
        let mut out = Out { names: &mut names, current: None, verbose };
        let r = match mode {
            Mode::Chunks { n, k, lines, rr } => {
                let mut data = Vec::new();
                let mut buf = ChunkBuf::new();
                loop {
                    match args::read_some(ctx, &mut src, &mut buf) {
                        Ok(0) => break,
                        Ok(m) => data.extend_from_slice(&buf[..m]),
                        Err(e) => {
                            ctx.error(&format!("{}: {e}", quote_always(&input)));
                            return 1;
                        }
                    }
                }
                chunks(ctx, &mut out, &data, n, k, lines, rr, sep, elide)
            }
            _ => stream(ctx, &mut out, &mut src, mode, sep),
        };
        match r {
            Ok(()) => 0,
            Err(st) => st,
        }
    }
}

/// `-l`, `-b`, `-C`: write pieces as the input arrives.
fn stream(ctx: &mut Ctx<'_>, out: &mut Out<'_>, src: &mut args::Src, mode: Mode, sep: u8) -> Result<(), i32> {
    let mut buf = ChunkBuf::new();
    let mut used = 0u64; // lines or bytes in the current piece
    let mut pending: Vec<u8> = Vec::new(); // -C: the current piece, not yet written
    loop {
        let n = match args::read_some(ctx, src, &mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                ctx.error(&format!("read error: {e}"));
                return Err(1);
            }
        };
        let mut data = &buf[..n];
        match mode {
            Mode::Lines(limit) => {
                while !data.is_empty() {
                    if out.current.is_none() || used == limit {
                        out.open(ctx)?;
                        used = 0;
                    }
                    let mut end = 0;
                    while end < data.len() && used < limit {
                        match data[end..].iter().position(|&b| b == sep) {
                            Some(p) => {
                                end += p + 1;
                                used += 1;
                            }
                            None => end = data.len(),
                        }
                    }
                    out.write(ctx, &data[..end])?;
                    data = &data[end..];
                }
            }
            Mode::Bytes(limit) => {
                while !data.is_empty() {
                    if out.current.is_none() || used == limit {
                        out.open(ctx)?;
                        used = 0;
                    }
                    let take = ((limit - used) as usize).min(data.len());
                    out.write(ctx, &data[..take])?;
                    used += take as u64;
                    data = &data[take..];
                }
            }
            Mode::LineBytes(limit) => {
                // Pieces of at most `limit` bytes ending at a line end where one fits.
                pending.extend_from_slice(data);
                while pending.len() as u64 > limit {
                    let window = &pending[..limit as usize];
                    let cut = window.iter().rposition(|&b| b == sep).map_or(limit as usize, |p| p + 1);
                    out.open(ctx)?;
                    out.write(ctx, &pending[..cut])?;
                    pending.drain(..cut);
                }
            }
            Mode::Chunks { .. } => {}
        }
    }
    if !pending.is_empty() {
        out.open(ctx)?;
        out.write(ctx, &pending)?;
    }
    Ok(())
}

/// `-n`: N chunks of the whole input.
#[allow(clippy::too_many_arguments)]
fn chunks(ctx: &mut Ctx<'_>, out: &mut Out<'_>, data: &[u8], n: u64, k: Option<u64>, lines: bool, rr: bool, sep: u8, elide: bool) -> Result<(), i32> {
    let total = data.len() as u64;
    let mut pieces: Vec<Vec<u8>> = vec![Vec::new(); n as usize];
    if rr {
        for (i, line) in data.split_inclusive(|&b| b == sep).enumerate() {
            pieces[i % n as usize].extend_from_slice(line);
        }
    } else {
        let size = total / n;
        let mut start = 0u64;
        for (i, piece) in pieces.iter_mut().enumerate() {
            let i = i as u64;
            let mut end = if i + 1 == n { total } else { (i + 1) * size };
            if lines && i + 1 < n && end > start {
                // End at the line end containing byte end-1.
                end = match data[(end - 1) as usize..].iter().position(|&b| b == sep) {
                    Some(p) => end + p as u64,
                    None => total,
                };
            }
            let end = end.max(start).min(total);
            piece.extend_from_slice(&data[start as usize..end as usize]);
            start = end;
        }
    }
    if let Some(k) = k {
        return ctx.stdout.write_all(&pieces[(k - 1) as usize]).map_err(|e| crate::args::write_failed(ctx, &e));
    }
    for piece in &pieces {
        if elide && piece.is_empty() {
            continue;
        }
        out.open(ctx)?;
        out.write(ctx, piece)?;
    }
    Ok(())
}
