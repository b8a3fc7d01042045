//! `tail`: the last lines or bytes of files, with bounded memory on streams (a ring of the last
//! `N` lines), `+N` to start at line/byte `N`, and the obsolete `tail -3` / `tail +2` forms.
//! `-f`/`-F` are accepted but do not follow: the output so far is printed and `tail` exits (a
//! sandboxed script could never be woken by another writer).

use std::collections::VecDeque;

use super::args::{self, quote, ArgKind, Config, OptSpec, Src, CHUNK};
use super::head::{each_file, fill, parse_count, put, Stop};
use super::{Builtin, Ctx};

/// The `tail` command.
pub struct Tail;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Bytes,
    Lines,
    Quiet,
    Verbose,
    Zero,
    Ignored,
    IgnoredArg,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('c', "bytes", O::Bytes),
    OptSpec::req('n', "lines", O::Lines),
    OptSpec::flag('q', "quiet", O::Quiet),
    OptSpec::flag('q', "silent", O::Quiet),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::flag('z', "zero-terminated", O::Zero),
    OptSpec { short: Some('f'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec::long("follow", ArgKind::Optional, O::Ignored),
    OptSpec { short: Some('F'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec::long("retry", ArgKind::None, O::Ignored),
    OptSpec::req('s', "sleep-interval", O::IgnoredArg),
    OptSpec::long("pid", ArgKind::Required, O::IgnoredArg),
    OptSpec::long("max-unchanged-stats", ArgKind::Required, O::IgnoredArg),
];
const USAGE: &str = "Usage: tail [OPTION]... [FILE]...\nPrint the last 10 lines of each FILE to standard output.\nWith more than one FILE, precede each with a header giving the file name.";

/// Rewrite an obsolete first argument (`-3`, `+2`, `-3c`, `+5l`, `-2f`) into modern options;
/// only with at most one file operand, as GNU.
fn obsolete(argv: &[String]) -> Vec<String> {
    let Some(first) = argv.first() else { return Vec::new() };
    let b = first.as_bytes();
    let plus = b.first() == Some(&b'+');
    let files = argv.len() - 1 - usize::from(argv.get(1).is_some_and(|a| a == "--"));
    if files > 1 || b.len() < 2 || !(plus || b[0] == b'-') || !b[1].is_ascii_digit() {
        return argv.to_vec();
    }
    let digits: String = first[1..].chars().take_while(|c| c.is_ascii_digit()).collect();
    let mut unit = "-n";
    let mut out = Vec::new();
    for c in first[1 + digits.len()..].chars() {
        match c {
            'b' => return argv.to_vec(),
            'c' => unit = "-c",
            'l' => unit = "-n",
            'f' => out.push("-f".to_string()),
            _ => return argv.to_vec(),
        }
    }
    out.push(format!("{unit}{}{digits}", if plus { "+" } else { "" }));
    out.extend(argv[1..].iter().cloned());
    out
}

#[derive(Clone, Copy)]
enum Mode {
    LastLines(u64),
    LastBytes(u64),
    FromLine(u64),
    FromByte(u64),
}

impl Builtin for Tail {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        // An obsolete `-N` first argument with more arguments after its file (GNU).
        let files = argv.len().saturating_sub(1) - usize::from(argv.get(1).is_some_and(|a| a == "--"));
        if files > 1 && argv[0].len() > 1 && argv[0].starts_with('-') && argv[0].as_bytes()[1].is_ascii_digit() {
            ctx.error(&format!("option used in invalid context -- {}", &argv[0][1..2]));
            return 1;
        }
        let parsed = match args::parse_with(&cfg, SPECS, &obsolete(argv)) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut mode, mut verbose, mut quiet, mut delim) = (Mode::LastLines(10), false, false, b'\n');
        for (o, v) in &parsed.opts {
            let v = v.as_deref().unwrap_or("");
            match o {
                O::Lines | O::Bytes => {
                    let lines = *o == O::Lines;
                    let Some((n, plus)) = parse_count(v, '+') else {
                        let what = if lines { "lines" } else { "bytes" };
                        ctx.error(&format!("invalid number of {what}: {}", quote(v)));
                        return 1;
                    };
                    mode = match (lines, plus) {
                        (true, false) => Mode::LastLines(n),
                        (true, true) => Mode::FromLine(n),
                        (false, false) => Mode::LastBytes(n),
                        (false, true) => Mode::FromByte(n),
                    };
                }
                O::Quiet => (quiet, verbose) = (true, false),
                O::Verbose => (quiet, verbose) = (false, true),
                O::Zero => delim = 0,
                O::Ignored | O::IgnoredArg => {}
            }
        }
        let copy = |ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>| match mode {
            Mode::LastLines(n) => last_lines(ctx, src, out, n, delim),
            Mode::LastBytes(n) => last_bytes(ctx, src, out, n),
            Mode::FromLine(n) => from(ctx, src, out, n.max(1) - 1, Some(delim)),
            Mode::FromByte(n) => from(ctx, src, out, n.max(1) - 1, None),
        };
        each_file(ctx, parsed.operands, verbose, quiet, copy)
    }
}

/// Skip `skip` lines (or bytes when `delim` is `None`), then copy the rest.
fn from(ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>, mut skip: u64, delim: Option<u8>) -> Result<(), Stop> {
    let mut buf = crate::args::ChunkBuf::new();
    loop {
        let got = fill(ctx, src, &mut buf)?;
        if got == 0 {
            return Ok(());
        }
        let mut start = 0;
        if skip > 0 {
            match delim {
                None => {
                    let n = skip.min(got as u64) as usize;
                    skip -= n as u64;
                    start = n;
                }
                Some(d) => {
                    start = got;
                    for (i, _) in buf[..got].iter().enumerate().filter(|(_, &b)| b == d) {
                        skip -= 1;
                        if skip == 0 {
                            start = i + 1;
                            break;
                        }
                    }
                }
            }
        }
        put(ctx, out, &buf[start..got])?;
    }
}

fn last_bytes(ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>, n: u64) -> Result<(), Stop> {
    let mut buf = crate::args::ChunkBuf::new();
    let mut ring: Vec<u8> = Vec::new();
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    loop {
        let got = fill(ctx, src, &mut buf)?;
        if got == 0 {
            break;
        }
        ring.extend_from_slice(&buf[..got]);
        if ring.len() > n.saturating_mul(2).max(CHUNK) {
            ring.drain(..ring.len() - n);
        }
    }
    let start = ring.len().saturating_sub(n);
    put(ctx, out, &ring[start..])
}

fn last_lines(ctx: &mut Ctx<'_>, src: &mut Src, out: &mut Vec<u8>, n: u64, delim: u8) -> Result<(), Stop> {
    let mut buf = crate::args::ChunkBuf::new();
    let mut lines: VecDeque<Vec<u8>> = VecDeque::new();
    let mut partial: Vec<u8> = Vec::new();
    loop {
        let got = fill(ctx, src, &mut buf)?;
        if got == 0 {
            break;
        }
        for piece in buf[..got].split_inclusive(|&b| b == delim) {
            partial.extend_from_slice(piece);
            if piece.last() == Some(&delim) {
                lines.push_back(std::mem::take(&mut partial));
                if lines.len() as u64 > n {
                    lines.pop_front();
                }
            }
        }
    }
    if !partial.is_empty() {
        lines.push_back(partial);
        if lines.len() as u64 > n {
            lines.pop_front();
        }
    }
    for l in &lines {
        put(ctx, out, l)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, NOFS};
    use crate::testing::run;

    fn t(args: &[&str], input: &[u8]) -> String {
        let o = run(&Tail, "tail", args, input, &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }
    const F5: &[u8] = b"1\n2\n3\n4\n5";

    #[test]
    fn lines_and_bytes() {
        assert_eq!(t(&["-n", "2"], F5), "4\n5");
        assert_eq!(t(&["-n", "-2"], F5), "4\n5");
        assert_eq!(t(&["-n", "+4"], F5), "4\n5");
        assert_eq!(t(&["-n", "+0"], F5), "1\n2\n3\n4\n5");
        assert_eq!(t(&["-n", "0"], F5), "");
        assert_eq!(t(&["-c", "3"], F5), "4\n5");
        assert_eq!(t(&["-c", "+3"], F5), "2\n3\n4\n5");
        assert_eq!(t(&["-c", "2K"], F5), "1\n2\n3\n4\n5");
        assert_eq!(t(&["+3"], F5), "3\n4\n5");
        assert_eq!(t(&["-3"], F5), "3\n4\n5");
        assert_eq!(t(&["-2c"], F5), "\n5");
        assert_eq!(t(&["-3l"], F5), "3\n4\n5");
        assert_eq!(t(&["-fn1"], F5), "5");
        assert_eq!(t(&["-z", "-n1"], b"a\0b\0"), "b\0");
        assert_eq!(t(&[], b"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n"), "2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n");
    }

    #[test]
    fn long_stream_bounded() {
        let data: Vec<u8> = (0..200_000).flat_map(|i: u32| format!("{i}\n").into_bytes()).collect();
        assert_eq!(t(&["-n", "2"], &data), "199998\n199999\n");
        assert_eq!(t(&["-c", "4"], &data), "999\n");
    }

    #[test]
    fn headers_and_errors() {
        let fs = fs_with(&[("/f5", F5), ("/dd/", b"")]);
        let o = run(&Tail, "tail", &["nosuch", "dd", "-n1", "f5"], b"", &*fs, "/");
        assert_eq!(o.out(), "==> dd <==\n\n==> f5 <==\n5");
        assert_eq!(o.stderr, "tail: cannot open 'nosuch' for reading: No such file or directory\ntail: error reading 'dd': Is a directory\n");
        assert_eq!(t(&["-n", "x"], F5), "tail: invalid number of lines: ‘x’\n");
        assert_eq!(t(&["-v", "-n1"], b"3\n"), "==> standard input <==\n3\n");
    }
}
