//! `head`: the first lines or bytes of files. Stops reading as soon as it has printed enough, so
//! `seq 1 1000000000 | head -3` ends early; `-n -N` / `-c -N` keep only `N` lines/bytes buffered.

use std::collections::VecDeque;

use super::args::{self, flush_out, parse_size, quote, quote_always, read_some, Config, OptSpec, Src, CHUNK};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError};

/// The `head` command.
pub struct Head;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Bytes,
    Lines,
    Quiet,
    Verbose,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('c', "bytes", O::Bytes),
    OptSpec::req('n', "lines", O::Lines),
    OptSpec::flag('q', "quiet", O::Quiet),
    OptSpec::flag('q', "silent", O::Quiet),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::flag('z', "zero-terminated", O::Zero),
];
const USAGE: &str = "Usage: head [OPTION]... [FILE]...\nPrint the first 10 lines of each FILE to standard output.\nWith more than one FILE, precede each with a header giving the file name.";

/// A count given to `-n` / `-c`: its value and whether it had the `special` sign (`-N` for
/// head, `+N` for tail; the other sign is accepted and means nothing).
pub(super) fn parse_count(s: &str, special: char) -> Option<(u64, bool)> {
    let t = s.trim_start();
    let (signed, rest) = match t.chars().next() {
        Some(c @ ('+' | '-')) => (c == special, &t[1..]),
        _ => (false, t),
    };
    parse_size(rest).map(|v| (v, signed))
}

/// Rewrite an obsolete first argument (`-5`, `-5c`, `-2v`) into modern options.
fn obsolete(argv: &[String]) -> Vec<String> {
    let Some(first) = argv.first() else { return Vec::new() };
    let b = first.as_bytes();
    if b.len() < 2 || b[0] != b'-' || !b[1].is_ascii_digit() {
        return argv.to_vec();
    }
    let digits = 1 + b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut num = first[1..digits].to_string();
    let mut out = Vec::new();
    let mut unit = "-n";
    for c in first[digits..].chars() {
        match c {
            'b' | 'k' | 'm' => num.push(if c == 'm' { 'M' } else { c }),
            'c' => unit = "-c",
            'l' => unit = "-n",
            'q' | 'v' | 'z' => out.push(format!("-{c}")),
            _ => return argv.to_vec(),
        }
    }
    out.push(format!("{unit}{num}"));
    out.extend(argv[1..].iter().cloned());
    out
}

/// Header and error handling shared by `head` and `tail`.
pub(super) struct Files {
    pub(super) headers: bool,
    pub(super) printed: bool,
}

impl Files {
    /// Open `name` (`-`: stdin), printing the `==> name <==` header; `None` after reporting an
    /// error (status 1).
    pub(super) fn open(&mut self, ctx: &mut Ctx<'_>, buf: &mut Vec<u8>, name: &str) -> Option<Src> {
        let stdin = name == "-";
        // `/dev/stdin` and `/dev/fd/0` are standard input too (their header keeps the name).
        let src = if stdin || name == "/dev/stdin" || name == "/dev/fd/0" {
            Ok(Src::Stdin)
        } else if let Some(fd) = crate::fd_path(name) {
            ctx.fds.reader(fd).map(Src::File).ok_or(false)
        } else {
            let abs = ctx.abs_path(name);
            match ctx.fs.stat(&abs) {
                Ok(m) if m.file_type == FileType::Dir => Err(true),
                Ok(_) => ctx.fs.open_read(&abs).map(Src::File).map_err(|_| false),
                Err(_) => Err(false),
            }
        };
        if let Err(false) = src {
            let err = ctx.fs.stat(&ctx.abs_path(name)).err().unwrap_or(FsError::Io);
            let _ = flush_out(ctx, buf, true);
            ctx.error(&format!("cannot open {} for reading: {}", quote_always(name), err));
            return None;
        }
        if self.headers {
            let shown = if stdin { "standard input" } else { name };
            let sep = if self.printed { "\n" } else { "" };
            buf.extend_from_slice(format!("{sep}==> {} <==\n", shown).as_bytes());
            self.printed = true;
        }
        match src {
            Ok(s) => Some(s),
            Err(_) => {
                let _ = flush_out(ctx, buf, true);
                ctx.error(&format!("error reading {}: Is a directory", quote_always(name)));
                None
            }
        }
    }
}

/// What to print.
#[derive(Clone, Copy)]
enum Mode {
    Lines(u64),
    Bytes(u64),
    AllButLines(u64),
    AllButBytes(u64),
}

impl Builtin for Head {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, &obsolete(argv)) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut mode, mut verbose, mut quiet, mut delim) = (Mode::Lines(10), false, false, b'\n');
        for (o, v) in &parsed.opts {
            let v = v.as_deref().unwrap_or("");
            match o {
                O::Lines | O::Bytes => {
                    let what = if *o == O::Lines { "lines" } else { "bytes" };
                    let Some((n, minus)) = parse_count(v, '-') else {
                        ctx.error(&format!("invalid number of {what}: {}", quote(v)));
                        return 1;
                    };
                    mode = match (*o == O::Lines, minus) {
                        (true, false) => Mode::Lines(n),
                        (true, true) => Mode::AllButLines(n),
                        (false, false) => Mode::Bytes(n),
                        (false, true) => Mode::AllButBytes(n),
                    };
                }
                O::Quiet => (quiet, verbose) = (true, false),
                O::Verbose => (quiet, verbose) = (false, true),
                O::Zero => delim = 0,
            }
        }
        let copy = |ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>| match mode {
            Mode::Lines(n) => first_lines(ctx, src, out, n, delim),
            Mode::Bytes(n) => first_bytes(ctx, src, out, n),
            Mode::AllButLines(n) => all_but_lines(ctx, src, out, n, delim),
            Mode::AllButBytes(n) => all_but_bytes(ctx, src, out, n),
        };
        each_file(ctx, parsed.operands, verbose, quiet, copy)
    }
}

/// The file loop `head` and `tail` share: open each operand (standard input when there are
/// none), print `==> NAME <==` headers when several are given (or `-v`, never with `-q`),
/// run `copy` on it, report read errors and go on, stop at a write error. The exit status.
pub(super) fn each_file(
    ctx: &mut Ctx<'_>,
    operands: Vec<String>,
    verbose: bool,
    quiet: bool,
    mut copy: impl FnMut(&mut Ctx<'_>, &mut Src, &mut Vec<u8>) -> Result<(), Stop>,
) -> i32 {
    let files = if operands.is_empty() { vec!["-".to_string()] } else { operands };
    let mut f = Files { headers: verbose || (!quiet && files.len() > 1), printed: false };
    let mut out = Vec::with_capacity(CHUNK);
    let mut status = 0;
    for name in &files {
        let Some(mut src) = f.open(ctx, &mut out, name) else {
            status = 1;
            continue;
        };
        match copy(ctx, &mut src, &mut out) {
            Ok(()) => {}
            Err(Stop::Write(st)) => return st,
            Err(Stop::Read(e)) => {
                let _ = flush_out(ctx, &mut out, true);
                ctx.error(&format!("error reading {}: {e}", quote_always(name)));
                status = 1;
            }
        }
    }
    match flush_out(ctx, &mut out, true) {
        Ok(()) => status,
        Err(st) => st,
    }
}

/// Why a copy loop stopped early.
pub(super) enum Stop {
    /// Writing stdout failed: exit with this status.
    Write(i32),
    /// Reading the input failed.
    Read(std::io::Error),
}

/// Read one chunk into `buf`; `Ok(0)` at end of input.
pub(super) fn fill(ctx: &mut Ctx<'_>, src: &mut Src, buf: &mut [u8]) -> Result<usize, Stop> {
    read_some(ctx, src, buf).map_err(|e| if kitsh_core::util::cancelled::is(&e) { Stop::Write(1) } else { Stop::Read(e) })
}

/// Append to the output buffer, writing it out in chunks.
pub(super) fn put(ctx: &mut Ctx<'_>, out: &mut Vec<u8>, data: &[u8]) -> Result<(), Stop> {
    out.extend_from_slice(data);
    flush_out(ctx, out, false).map_err(Stop::Write)
}

/// At most this many lines are read from a standard input that is a file one byte at a time,
/// so that the rest of the file is left for the next command (`(head -n 1; sort) < file` works
/// as with GNU head, which seeks back); larger counts, and pipes (where GNU head reads blocks
/// and the rest is lost, as in bash), read in chunks.
const EXACT_STDIN_LINES: u64 = 1000;

fn first_lines(ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>, mut n: u64, delim: u8) -> Result<(), Stop> {
    let exact = matches!(src, Src::Stdin) && !ctx.stdin_pipe && n <= EXACT_STDIN_LINES;
    // Chunks come from the per-thread reusable buffer (a 64 KiB allocation per `… | head`
    // made the C allocator grow and trim its heap on every run).
    let mut one = [0u8; 1];
    let mut chunk = (!exact).then(crate::args::ChunkBuf::new);
    let buf: &mut [u8] = match &mut chunk {
        Some(c) => c,
        None => &mut one,
    };
    while n > 0 {
        let got = fill(ctx, src, buf)?;
        if got == 0 {
            break;
        }
        let data = &buf[..got];
        let mut end = got;
        for (i, _) in data.iter().enumerate().filter(|(_, &b)| b == delim) {
            n -= 1;
            if n == 0 {
                end = i + 1;
                break;
            }
        }
        put(ctx, out, &data[..end])?;
    }
    Ok(())
}

fn first_bytes(ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>, mut n: u64) -> Result<(), Stop> {
    let mut buf = crate::args::ChunkBuf::new();
    while n > 0 {
        let want = (n.min(CHUNK as u64)) as usize;
        let got = fill(ctx, src, &mut buf[..want])?;
        if got == 0 {
            break;
        }
        put(ctx, out, &buf[..got])?;
        n -= got as u64;
    }
    Ok(())
}

fn all_but_bytes(ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>, n: u64) -> Result<(), Stop> {
    let mut buf = crate::args::ChunkBuf::new();
    let mut keep: Vec<u8> = Vec::new();
    loop {
        let got = fill(ctx, src, &mut buf)?;
        if got == 0 {
            return Ok(());
        }
        keep.extend_from_slice(&buf[..got]);
        if keep.len() as u64 > n {
            let emit = keep.len() - n as usize;
            put(ctx, out, &keep[..emit])?;
            keep.drain(..emit);
        }
    }
}

fn all_but_lines(ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>, n: u64, delim: u8) -> Result<(), Stop> {
    let mut buf = crate::args::ChunkBuf::new();
    let mut lines: VecDeque<Vec<u8>> = VecDeque::new();
    let mut partial: Vec<u8> = Vec::new();
    loop {
        let got = fill(ctx, src, &mut buf)?;
        if got == 0 && partial.is_empty() {
            return Ok(());
        }
        let eof = got == 0;
        for piece in buf[..got].split_inclusive(|&b| b == delim).chain(eof.then_some(&[][..])) {
            partial.extend_from_slice(piece);
            if piece.last() == Some(&delim) || eof {
                lines.push_back(std::mem::take(&mut partial));
                if lines.len() as u64 > n {
                    if let Some(l) = lines.pop_front() {
                        put(ctx, out, &l)?;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, with_ctx, NOFS};
    use crate::testing::run;

    fn h(args: &[&str], input: &[u8]) -> String {
        let o = run(&Head, "head", args, input, &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }
    const F5: &[u8] = b"1\n2\n3\n4\n5";

    #[test]
    fn lines_and_bytes() {
        assert_eq!(h(&[], b"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n"), "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n");
        assert_eq!(h(&["-2"], F5), "1\n2\n");
        assert_eq!(h(&["-2c"], F5), "1\n");
        assert_eq!(h(&["-n", "-2"], F5), "1\n2\n3\n");
        assert_eq!(h(&["-c", "-2"], F5), "1\n2\n3\n4");
        assert_eq!(h(&["-n", "-0"], F5), "1\n2\n3\n4\n5");
        assert_eq!(h(&["-n", "+2"], F5), "1\n2\n");
        assert_eq!(h(&["-n", " 2"], F5), "1\n2\n");
        assert_eq!(h(&["-c", "1kB"], F5), "1\n2\n3\n4\n5");
        assert_eq!(h(&["-n", "0"], F5), "");
        assert_eq!(h(&["-5", "-n", "1"], F5), "1\n");
        assert_eq!(h(&["-z", "-n1"], b"a\0b\0c"), "a\0");
    }

    #[test]
    fn headers_and_errors() {
        let fs = fs_with(&[("/f5", F5), ("/dd/", b"")]);
        let o = run(&Head, "head", &["f5", "nosuch", "dd", "f5"], b"", &*fs, "/");
        assert_eq!(o.out(), "==> f5 <==\n1\n2\n3\n4\n5\n==> dd <==\n\n==> f5 <==\n1\n2\n3\n4\n5");
        assert_eq!(o.stderr, "head: cannot open 'nosuch' for reading: No such file or directory\nhead: error reading 'dd': Is a directory\n");
        assert_eq!(o.status, 1);
        assert_eq!(h(&["-v", "-n1", "-"], F5), "==> standard input <==\n1\n");
        assert_eq!(h(&["-n", "x"], F5), "head: invalid number of lines: ‘x’\n");
        assert_eq!(h(&["-c", "2x"], F5), "head: invalid number of bytes: ‘2x’\n");
    }

    #[test]
    fn leaves_the_rest_of_stdin() {
        let mut stdin: &[u8] = b"1\n2\n3\n";
        let mut out = Vec::new();
        let (r, _) = with_ctx(&*NOFS, &mut stdin, &mut Vec::new(), |ctx| first_lines(ctx, &mut Src::Stdin, &mut out, 1, b'\n').is_ok());
        assert!(r);
        assert_eq!((out.as_slice(), stdin), (&b"1\n"[..], &b"2\n3\n"[..]));
    }

    #[test]
    fn stops_reading_early() {
        struct Endless(u64);
        impl std::io::Read for Endless {
            fn read(&mut self, b: &mut [u8]) -> std::io::Result<usize> {
                self.0 += 1;
                let line = format!("{}\n", self.0);
                let n = line.len().min(b.len());
                b[..n].copy_from_slice(&line.as_bytes()[..n]);
                Ok(n)
            }
        }
        let mut src = Src::File(Box::new(Endless(0)));
        let mut out = Vec::new();
        let (r, _) = with_ctx(&*NOFS, &mut &b""[..], &mut Vec::new(), |ctx| first_lines(ctx, &mut src, &mut out, 3, b'\n').is_ok());
        assert!(r);
        assert_eq!(out, b"1\n2\n3\n");
    }
}
