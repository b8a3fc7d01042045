//! `comm`: compare two sorted files line by line, in three columns (`-1 -2 -3` hide them),
//! streaming; `--check-order` / `--nocheck-order`, `--output-delimiter`, `--total`, `-z`.
//! Lines compare as bytes (the C locale's order).


use super::args::{self, file_error, flush_out, quote, usage_error, ArgKind, Config, OptSpec, CHUNK};
use super::rev::{read_error_text, LineReader};
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::encode;

/// The `comm` command.
pub struct Comm;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    One,
    Two,
    Three,
    Check,
    NoCheck,
    OutDelim,
    Total,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec { short: Some('1'), long: None, arg: ArgKind::None, id: O::One },
    OptSpec { short: Some('2'), long: None, arg: ArgKind::None, id: O::Two },
    OptSpec { short: Some('3'), long: None, arg: ArgKind::None, id: O::Three },
    OptSpec::long("check-order", ArgKind::None, O::Check),
    OptSpec::long("nocheck-order", ArgKind::None, O::NoCheck),
    OptSpec::long("output-delimiter", ArgKind::Required, O::OutDelim),
    OptSpec::long("total", ArgKind::None, O::Total),
    OptSpec::flag('z', "zero-terminated", O::Zero),
];
const USAGE: &str = "Usage: comm [OPTION]... FILE1 FILE2\nCompare sorted files FILE1 and FILE2 line by line.";

/// How input order is checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// Warn once per file after an unpairable line was seen; status 1 at the end.
    Default,
    /// Fail at the first disorder.
    Enabled,
    Disabled,
}

/// One input: its reader, current and previous line.
struct Side {
    reader: LineReader,
    name: String,
    line: Option<Vec<u8>>,
    prev: Vec<u8>,
    warned: bool,
}

struct Comparer {
    show: [bool; 3],
    delim: Vec<u8>,
    eol: u8,
    check: Check,
    seen_unpairable: bool,
    disorder: bool,
    counts: [u64; 3],
    out: Vec<u8>,
}

impl Comparer {
    /// Read the next line of side `k` (the current one becomes the previous one).
    fn advance(&mut self, ctx: &mut Ctx<'_>, sides: &mut [Side; 2], k: usize) -> Result<(), i32> {
        let s = &mut sides[k];
        let mut spare = Vec::new();
        if let Some(old) = s.line.take() {
            spare = std::mem::replace(&mut s.prev, old);
        }
        match s.reader.next_line(ctx) {
            Ok(Some(l)) => {
                spare.clear();
                spare.extend_from_slice(l.strip_suffix(&[self.eol]).unwrap_or(l));
                s.line = Some(spare);
            }
            Ok(None) => return Ok(()),
            Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(1),
            Err(e) => {
                let _ = flush_out(ctx, &mut self.out, true);
                ctx.error(&format!("{}: {}", args::quote_name(&s.name), read_error_text(&e)));
                return Err(1);
            }
        }
        Ok(())
    }

    /// Check that the current line of side `k`, about to be consumed, is not below the previous.
    fn check(&mut self, ctx: &mut Ctx<'_>, s: &mut Side, k: usize) -> Result<(), i32> {
        let checking = self.check == Check::Enabled || (self.check == Check::Default && self.seen_unpairable);
        if checking && !s.warned && s.line.as_deref().is_some_and(|l| l < s.prev.as_slice()) {
            flush_out(ctx, &mut self.out, true)?;
            ctx.error(&format!("file {} is not in sorted order", k + 1));
            if self.check == Check::Enabled {
                return Err(1);
            }
            s.warned = true;
            self.disorder = true;
        }
        Ok(())
    }

    fn emit(&mut self, col: usize, line: &[u8]) {
        self.counts[col] += 1;
        if !self.show[col] {
            return;
        }
        for shown in &self.show[..col] {
            if *shown {
                self.out.extend_from_slice(&self.delim);
            }
        }
        self.out.extend_from_slice(line);
        self.out.push(self.eol);
    }

    fn merge(&mut self, ctx: &mut Ctx<'_>, sides: &mut [Side; 2]) -> Result<(), i32> {
        self.advance(ctx, sides, 0)?;
        self.advance(ctx, sides, 1)?;
        loop {
            let order = match (&sides[0].line, &sides[1].line) {
                (None, None) => return Ok(()),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (Some(a), Some(b)) => a.cmp(b),
            };
            let (col, step): (usize, &[usize]) = match order {
                std::cmp::Ordering::Less => (0, &[0]),
                std::cmp::Ordering::Greater => (1, &[1]),
                std::cmp::Ordering::Equal => (2, &[0, 1]),
            };
            if col < 2 {
                self.seen_unpairable = true;
            }
            for &k in step {
                self.check(ctx, &mut sides[k], k)?;
            }
            let from = usize::from(col == 1);
            let line = sides[from].line.take().unwrap_or_default();
            self.emit(col, &line);
            sides[from].line = Some(line);
            for &k in step {
                self.advance(ctx, sides, k)?;
            }
            flush_out(ctx, &mut self.out, false)?;
        }
    }
}

impl Builtin for Comm {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut c = Comparer {
            show: [true; 3],
            delim: b"\t".to_vec(),
            eol: b'\n',
            check: Check::Default,
            seen_unpairable: false,
            disorder: false,
            counts: [0; 3],
            out: Vec::with_capacity(CHUNK),
        };
        let mut total = false;
        for (o, v) in parsed.opts {
            match o {
                O::One => c.show[0] = false,
                O::Two => c.show[1] = false,
                O::Three => c.show[2] = false,
                O::Check => c.check = Check::Enabled,
                O::NoCheck => c.check = Check::Disabled,
                O::OutDelim => {
                    let d = v.unwrap_or_default();
                    c.delim = if d.is_empty() { vec![0] } else { encode(&d).into_owned() };
                }
                O::Total => total = true,
                O::Zero => c.eol = 0,
            }
        }
        let ops = &parsed.operands;
        if ops.len() < 2 {
            let msg = match ops.first() {
                None => "missing operand".to_string(),
                Some(a) => format!("missing operand after {}", quote(a)),
            };
            usage_error(ctx, &msg);
            return 1;
        }
        if let Some(extra) = ops.get(2) {
            usage_error(ctx, &format!("extra operand {}", quote(extra)));
            return 1;
        }
        let open = |name: &String| match LineReader::open(ctx, name, c.eol) {
            Ok(reader) => Ok(Side { reader, name: name.clone(), line: None, prev: Vec::new(), warned: false }),
            Err(e) => Err((name.clone(), e)),
        };
        let sides = open(&ops[0]).and_then(|a| open(&ops[1]).map(|b| [a, b]));
        let mut sides = match sides {
            Ok(s) => s,
            Err((name, e)) => {
                file_error(ctx, &name, e);
                return 1;
            }
        };
        if let Err(st) = c.merge(ctx, &mut sides) {
            let _ = flush_out(ctx, &mut c.out, true);
            return st;
        }
        if total {
            let d = String::from_utf8_lossy(&c.delim).into_owned();
            let line = format!("{}{d}{}{d}{}{d}total", c.counts[0], c.counts[1], c.counts[2]);
            c.out.extend_from_slice(line.as_bytes());
            c.out.push(c.eol);
        }
        if let Err(st) = flush_out(ctx, &mut c.out, true) {
            return st;
        }
        if c.disorder {
            ctx.error("input is not in sorted order");
            return 1;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn comm(args: &[&str], input: &str) -> (String, String, i32) {
        let fs = fs_with(&[
            ("/c1", b"a\nb\nd\n"),
            ("/c2", b"b\nc\nd\ne\n"),
            ("/c3", b"b\na\n"),
            ("/c4", b"a\nc\nb\n"),
            ("/c6", b"x\nb\na\n"),
        ]);
        let o = run(&Comm, "comm", args, input.as_bytes(), &*fs, "/");
        (o.out(), o.stderr, o.status)
    }
    fn out(args: &[&str]) -> String {
        comm(args, "").0
    }

    #[test]
    fn columns() {
        assert_eq!(out(&["c1", "c2"]), "a\n\t\tb\n\tc\n\t\td\n\te\n");
        assert_eq!(out(&["-12", "c1", "c2"]), "b\nd\n");
        assert_eq!(out(&["-3", "c1", "c2"]), "a\n\tc\n\te\n");
        assert_eq!(out(&["-1", "c1", "c2"]), "\tb\nc\n\td\ne\n");
        assert_eq!(out(&["--output-delimiter=:", "c1", "c2"]), "a\n::b\n:c\n::d\n:e\n");
        assert_eq!(out(&["--output-delimiter=", "-3", "c1", "c2"]), "a\n\0c\n\0e\n");
        assert_eq!(out(&["--total", "c1", "c2"]), "a\n\t\tb\n\tc\n\t\td\n\te\n1\t2\t2\ttotal\n");
        assert_eq!(out(&["-123", "--total", "c1", "c2"]), "1\t2\t2\ttotal\n");
        assert_eq!(comm(&["-", "c1"], "b\nc\n").0, "\ta\n\t\tb\nc\n\td\n");
    }

    #[test]
    fn order_checks() {
        assert_eq!(comm(&["c3", "c2"], ""), ("\t\tb\na\n\tc\n\td\n\te\n".into(), "comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n".into(), 1));
        assert_eq!(comm(&["--check-order", "c3", "c2"], ""), ("\t\tb\n".into(), "comm: file 1 is not in sorted order\n".into(), 1));
        assert_eq!(comm(&["--nocheck-order", "c3", "c2"], "").2, 0);
        assert_eq!(comm(&["c4", "c4"], ""), ("\t\ta\n\t\tc\n\t\tb\n".into(), String::new(), 0));
        let (o, e, st) = comm(&["c6", "c3"], "");
        assert_eq!((o.as_str(), st), ("\tb\n\ta\nx\nb\na\n", 1));
        assert_eq!(e, "comm: file 2 is not in sorted order\ncomm: file 1 is not in sorted order\ncomm: input is not in sorted order\n");
    }

    #[test]
    fn errors() {
        assert_eq!(comm(&[], "").1, "comm: missing operand\nTry 'comm --help' for more information.\n");
        assert_eq!(comm(&["c1"], "").1, "comm: missing operand after ‘c1’\nTry 'comm --help' for more information.\n");
        assert_eq!(comm(&["c1", "c2", "c3"], "").1, "comm: extra operand ‘c3’\nTry 'comm --help' for more information.\n");
        assert_eq!(comm(&["nosuch", "c1"], ""), (String::new(), "comm: nosuch: No such file or directory\n".into(), 1));
    }
}
