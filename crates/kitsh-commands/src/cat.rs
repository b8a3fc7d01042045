//! `cat`: concatenate files to standard output, streaming in chunks (`cat /dev/zero | head -c 9`
//! works), with GNU's `-n -b -s -v -E -T -A -e -t -u`.

use super::args::{self, file_error, flush_out, open_src, read_some, ArgKind, Config, OptSpec, CHUNK};
use super::{Builtin, Ctx};

/// The `cat` command.
pub struct Cat;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    ShowAll,
    NumberNonblank,
    E,
    ShowEnds,
    Number,
    Squeeze,
    T,
    ShowTabs,
    U,
    ShowNonprinting,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('A', "show-all", O::ShowAll),
    OptSpec::flag('b', "number-nonblank", O::NumberNonblank),
    OptSpec { short: Some('e'), long: None, arg: ArgKind::None, id: O::E },
    OptSpec::flag('E', "show-ends", O::ShowEnds),
    OptSpec::flag('n', "number", O::Number),
    OptSpec::flag('s', "squeeze-blank", O::Squeeze),
    OptSpec { short: Some('t'), long: None, arg: ArgKind::None, id: O::T },
    OptSpec::flag('T', "show-tabs", O::ShowTabs),
    OptSpec { short: Some('u'), long: None, arg: ArgKind::None, id: O::U },
    OptSpec::flag('v', "show-nonprinting", O::ShowNonprinting),
];

const USAGE: &str = "Usage: cat [OPTION]... [FILE]...\nConcatenate FILE(s) to standard output.";

/// Formatting options and the line state carried across files.
#[derive(Default)]
struct Fmt {
    number: bool,
    nonblank: bool,
    squeeze: bool,
    ends: bool,
    tabs: bool,
    nonprinting: bool,
    line: u64,
    at_start: bool,
    blank_seen: bool,
}

impl Fmt {
    fn plain(&self) -> bool {
        !(self.number || self.nonblank || self.squeeze || self.ends || self.tabs || self.nonprinting)
    }

    fn push_number(&mut self, out: &mut Vec<u8>) {
        self.line += 1;
        out.extend_from_slice(format!("{:6}\t", self.line).as_bytes());
    }

    fn push_byte(&self, b: u8, out: &mut Vec<u8>) {
        match b {
            b'\t' if self.tabs => out.extend_from_slice(b"^I"),
            b'\t' => out.push(b),
            _ if !self.nonprinting => out.push(b),
            _ => {
                let low = if b >= 128 {
                    out.extend_from_slice(b"M-");
                    b - 128
                } else {
                    b
                };
                match low {
                    0..=31 => out.extend_from_slice(&[b'^', low + 64]),
                    127 => out.extend_from_slice(b"^?"),
                    _ => out.push(low),
                }
            }
        }
    }

    fn format(&mut self, data: &[u8], out: &mut Vec<u8>) {
        for &b in data {
            if self.at_start {
                if b == b'\n' {
                    if self.squeeze && self.blank_seen {
                        continue;
                    }
                    self.blank_seen = true;
                    if self.number && !self.nonblank {
                        self.push_number(out);
                    }
                    if self.ends {
                        out.push(b'$');
                    }
                    out.push(b'\n');
                    continue;
                }
                self.blank_seen = false;
                if self.number || self.nonblank {
                    self.push_number(out);
                }
                self.at_start = false;
            }
            if b == b'\n' {
                if self.ends {
                    out.push(b'$');
                }
                out.push(b'\n');
                self.at_start = true;
            } else {
                self.push_byte(b, out);
            }
        }
    }
}

impl Builtin for Cat {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut f = Fmt { at_start: true, ..Fmt::default() };
        for (o, _) in &parsed.opts {
            match o {
                O::ShowAll => (f.nonprinting, f.ends, f.tabs) = (true, true, true),
                O::NumberNonblank => (f.number, f.nonblank) = (true, true),
                O::E => (f.nonprinting, f.ends) = (true, true),
                O::ShowEnds => f.ends = true,
                O::Number => f.number = true,
                O::Squeeze => f.squeeze = true,
                O::T => (f.nonprinting, f.tabs) = (true, true),
                O::ShowTabs => f.tabs = true,
                O::U => {}
                O::ShowNonprinting => f.nonprinting = true,
            }
        }
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut status = 0;
        let mut inbuf = crate::args::ChunkBuf::new();
        let mut out = Vec::with_capacity(CHUNK * 2);
        let output = ctx.fds.file_path(1).and_then(|p| ctx.fs.canonicalize(&p).ok());
        for file in &files {
            if file != "-" && output.is_some() && same_nonempty_file(ctx, file, output.as_deref()) {
                if let Err(st) = flush_out(ctx, &mut out, true) {
                    return st;
                }
                ctx.error(&format!("{}: input file is output file", args::quote_name(file)));
                status = 1;
                continue;
            }
            let mut src = match open_src(ctx, file) {
                Ok(s) => s,
                Err(e) => {
                    if let Err(st) = flush_out(ctx, &mut out, true) {
                        return st;
                    }
                    file_error(ctx, file, e);
                    status = 1;
                    continue;
                }
            };
            loop {
                let n = match read_some(ctx, &mut src, &mut inbuf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if kitsh_core::util::cancelled::is(&e) => return 1,
                    Err(e) => {
                        let _ = flush_out(ctx, &mut out, true);
                        ctx.error(&format!("{}: {}", args::quote_name(file), e));
                        status = 1;
                        break;
                    }
                };
                if f.plain() {
                    out.extend_from_slice(&inbuf[..n]);
                } else {
                    f.format(&inbuf[..n], &mut out);
                }
                if let Err(st) = flush_out(ctx, &mut out, false) {
                    return st;
                }
            }
        }
        match flush_out(ctx, &mut out, true) {
            Ok(()) => status,
            Err(st) => st,
        }
    }
}

/// Whether `file` is the non-empty regular file standard output writes to (`output`, its
/// canonical path): GNU cat refuses to copy it onto itself, which would never end.
fn same_nonempty_file(ctx: &Ctx<'_>, file: &str, output: Option<&str>) -> bool {
    let path = kitsh_core::fs::join_path(ctx.cwd, file);
    let Ok(real) = ctx.fs.canonicalize(&path) else { return false };
    Some(real.as_str()) == output && ctx.fs.stat(&real).is_ok_and(|m| m.file_type == kitsh_core::fs::FileType::File && m.len > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::run;
    use crate::args::testfs::{fs_with, NOFS};

    fn cat(args: &[&str], input: &[u8]) -> String {
        run(&Cat, "cat", args, input, &*NOFS, "/").out()
    }
    const T1: &[u8] = b"a\tb\x01\x7f\xff\xe9\n\n\n\nc";

    #[test]
    fn plain_and_stdin() {
        assert_eq!(cat(&[], b"hello\n"), "hello\n");
        assert_eq!(cat(&["-"], b"x"), "x");
    }

    #[test]
    fn numbering_and_squeeze() {
        assert_eq!(cat(&["-n"], b"a\n\nb"), "     1\ta\n     2\t\n     3\tb");
        assert_eq!(cat(&["-b"], b"a\n\nb\n"), "     1\ta\n\n     2\tb\n");
        assert_eq!(cat(&["-s"], T1), "a\tb\x01\x7f\u{FFFD}\u{FFFD}\n\nc");
        assert_eq!(cat(&["-sn"], b"\n\n\nx\n"), "     1\t\n     2\tx\n");
    }

    #[test]
    fn show_nonprinting() {
        assert_eq!(cat(&["-A"], T1), "a^Ib^A^?M-^?M-i$\n$\n$\n$\nc");
        assert_eq!(cat(&["-e"], b"\x80\t\n"), "M-^@\t$\n");
        assert_eq!(cat(&["-t"], b"\xa0\t\n"), "M- ^I\n");
        assert_eq!(cat(&["-vET"], b"\x1b\t\n"), "^[^I$\n");
    }

    #[test]
    fn files_and_errors() {
        let fs = fs_with(&[("/d/t1", b"x\n\n"), ("/d/t2", b"\n\ny")]);
        let o = run(&Cat, "cat", &["-n", "t1", "nosuch", "t2", "/d"], b"", &*fs, "/d");
        assert_eq!(o.out(), "     1\tx\n     2\t\n     3\t\n     4\t\n     5\ty");
        assert_eq!(o.stderr, "cat: nosuch: No such file or directory\ncat: /d: Is a directory\n");
        assert_eq!(o.status, 1);
        let o = run(&Cat, "cat", &["-z"], b"", &*NOFS, "/");
        assert_eq!((o.stderr.as_str(), o.status), ("cat: invalid option -- 'z'\nTry 'cat --help' for more information.\n", 1));
    }
}
