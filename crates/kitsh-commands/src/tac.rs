//! `tac`: files with their records in reverse order. Records end with a separator (`\n`, `-s
//! STRING`, or a regular expression with `-r`); `-b` attaches it to the start of the record
//! instead. Each file is read whole into memory.
//!
//! Separators are searched backwards from the end, as GNU does: with `-r` each match is the one
//! starting last before the previous one (`tac -r -s '[0-9]+'` splits `12` into two separators).

use regex::bytes::Regex;

use super::args::{self, flush_out, open_src, quote_always, read_some, Config, OptSpec, ChunkBuf};
use super::{Builtin, Ctx};
use kitsh_core::fs::FsError;
use kitsh_core::util::bytes::encode;
use kitsh_core::util::posix_re::{compile, translate_with, Options, Syntax};

/// The `tac` command.
pub struct Tac;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Before,
    Regex,
    Sep,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('b', "before", O::Before),
    OptSpec::flag('r', "regex", O::Regex),
    OptSpec::req('s', "separator", O::Sep),
];
const USAGE: &str = "Usage: tac [OPTION]... [FILE]...\nWrite each FILE to standard output, last line first.";

/// How records are separated.
enum Sep {
    Bytes(Vec<u8>),
    Re(Regex),
}

impl Sep {
    /// The separator starting last within `text[..limit]` (its start and end).
    fn find_before(&self, text: &[u8], limit: usize) -> Option<(usize, usize)> {
        match self {
            Sep::Bytes(s) if s.len() == 1 => text[..limit].iter().rposition(|&b| b == s[0]).map(|p| (p, p + 1)),
            Sep::Bytes(s) => text[..limit].windows(s.len()).rposition(|w| w == s.as_slice()).map(|p| (p, p + s.len())),
            Sep::Re(re) => (0..limit).rev().find_map(|st| re.find(&text[st..limit]).map(|m| (st, st + m.end()))),
        }
    }
}

/// Append the records of `text` to `out` in reverse order.
fn reverse(text: &[u8], sep: &Sep, before: bool, out: &mut Vec<u8>) {
    if matches!(sep, Sep::Bytes(s) if s.is_empty()) {
        out.extend_from_slice(text);
        return;
    }
    // `end` is where the record being emitted stops.
    let mut end = text.len();
    let mut limit = text.len();
    while let Some((s, e)) = sep.find_before(text, limit) {
        if before {
            out.extend_from_slice(&text[s..end]);
            end = s;
        } else {
            out.extend_from_slice(&text[e..end]);
            end = e;
        }
        limit = s;
    }
    out.extend_from_slice(&text[..end]);
}

/// Read all of `name`; `Err` after reporting the error.
fn slurp(ctx: &mut Ctx<'_>, name: &str) -> Result<Vec<u8>, ()> {
    let mut src = match open_src(ctx, name) {
        Ok(s) => s,
        Err(FsError::IsDir) => {
            ctx.error(&format!("{}: read error: Is a directory", args::quote_name(name)));
            return Err(());
        }
        Err(e) => {
            ctx.error(&format!("failed to open {} for reading: {e}", quote_always(name)));
            return Err(());
        }
    };
    let mut data = Vec::new();
    let mut buf = ChunkBuf::new();
    let limit = ctx.cancel.buffer_limit().unwrap_or(u64::MAX);
    loop {
        match read_some(ctx, &mut src, &mut buf) {
            Ok(0) => return Ok(data),
            Ok(n) if (data.len() + n) as u64 > limit => {
                ctx.cancel.hit(kitsh_core::limits::LimitExceeded::Buffered);
                return Err(());
            }
            Ok(n) => data.extend_from_slice(&buf[..n]),
            Err(e) => {
                if !kitsh_core::util::cancelled::is(&e) {
                    ctx.error(&format!("{}: read error: {e}", args::quote_name(name)));
                }
                return Err(());
            }
        }
    }
}

impl Builtin for Tac {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut before, mut regex, mut sep) = (false, false, "\n".to_string());
        for (o, v) in parsed.opts {
            match o {
                O::Before => before = true,
                O::Regex => regex = true,
                O::Sep => sep = v.unwrap_or_default(),
            }
        }
        let sep = if regex && !sep.is_empty() {
            let opts = Options::posix(Syntax::Extended);
            match translate_with(&sep, &opts).and_then(|t| compile(&format!("\\A(?:{})", t.pattern))) {
                Ok(re) => Sep::Re(re),
                Err(e) => {
                    ctx.error(&e.to_string());
                    return 1;
                }
            }
        } else {
            Sep::Bytes(encode(&sep).into_owned())
        };
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut status = 0;
        let mut out = Vec::new();
        for name in &files {
            match slurp(ctx, name) {
                Ok(text) => {
                    reverse(&text, &sep, before, &mut out);
                    if let Err(st) = flush_out(ctx, &mut out, false) {
                        return st;
                    }
                }
                Err(()) => status = 1,
            }
        }
        match flush_out(ctx, &mut out, true) {
            Ok(()) => status,
            Err(st) => st,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, NOFS};
    use crate::testing::run;

    fn tac(args: &[&str], input: &[u8]) -> String {
        let o = run(&Tac, "tac", args, input, &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn lines() {
        assert_eq!(tac(&[], b"a\nb\nc"), "cb\na\n");
        assert_eq!(tac(&[], b"a\nb\nc\n"), "c\nb\na\n");
        assert_eq!(tac(&[], b""), "");
        assert_eq!(tac(&["-b"], b"a\nb\nc\n"), "\n\nc\nba");
    }

    #[test]
    fn separators() {
        assert_eq!(tac(&["-s", ","], b"a,b,c,"), "c,b,a,");
        assert_eq!(tac(&["-s,"], b"a,b,c"), "cb,a,");
        assert_eq!(tac(&["-b", "-s", ","], b"a,b,c,"), ",,c,ba");
        assert_eq!(tac(&["-s", "--"], b"a--b--c"), "cb--a--");
        assert_eq!(tac(&["-s", "aa"], b"aaa"), "aaa");
        assert_eq!(tac(&["-s", ""], b"abc"), "abc");
    }

    #[test]
    fn regex_separators() {
        assert_eq!(tac(&["-r", "-s", "[0-9]+"], b"a12b3c"), "cb32a1");
        assert_eq!(tac(&["-r", "-s", "x*"], b"abc"), "cba");
        assert_eq!(tac(&["-r", "-s", "1+"], b"a1+b1"), "+b1a1");
        assert_eq!(tac(&["-r", "-s", "."], b"a.b.c"), "c.b.a");
    }

    #[test]
    fn files_and_errors() {
        let fs = fs_with(&[("/f", b"abc"), ("/g", b"a\nb\n"), ("/d/", b"")]);
        let o = run(&Tac, "tac", &["f", "g", "nosuch", "d"], b"", &*fs, "/");
        assert_eq!(o.out(), "abcb\na\n");
        assert_eq!(o.stderr, "tac: failed to open 'nosuch' for reading: No such file or directory\ntac: d: read error: Is a directory\n");
        assert_eq!(o.status, 1);
        assert_eq!(tac(&["-s"], b""), "tac: option requires an argument -- 's'\nTry 'tac --help' for more information.\n");
    }
}
