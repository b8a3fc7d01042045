//! `paste`: merge lines of files side by side (or each file into one line with `-s`), with a
//! cyclic delimiter list (`-d`, escapes `\n \t \\ \0 ...`) and `-z`. Streams line by line;
//! several `-` operands take turns reading lines from standard input.


use super::args::{self, file_error, flush_out, Config, OptSpec, CHUNK};
use super::rev::{read_error_text, LineReader};
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::encode;

/// The `paste` command.
pub struct Paste;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Delims,
    Serial,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('d', "delimiters", O::Delims),
    OptSpec::flag('s', "serial", O::Serial),
    OptSpec::flag('z', "zero-terminated", O::Zero),
];
const USAGE: &str = "Usage: paste [OPTION]... [FILE]...\nWrite lines consisting of the sequentially corresponding lines from\neach FILE, separated by TABs, to standard output.";

/// The delimiters of a `-d` list: each is one byte, or nothing (`\0`).
fn parse_delims(list: &[u8]) -> Result<Vec<Option<u8>>, ()> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let b = list[i];
        i += 1;
        if b != b'\\' {
            out.push(Some(b));
            continue;
        }
        let Some(&e) = list.get(i) else { return Err(()) };
        i += 1;
        out.push(match e {
            b'0' => None,
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(11),
            other => Some(other),
        });
    }
    if out.is_empty() {
        out.push(None);
    }
    Ok(out)
}

/// Why pasting stopped early.
enum Stop {
    /// Exit now with this status.
    Exit(i32),
    /// A read error was reported; the status is 1.
    Failed,
}

struct Paster {
    delims: Vec<Option<u8>>,
    eol: u8,
    out: Vec<u8>,
}

impl Paster {
    fn delim(&mut self, k: usize) {
        if let Some(d) = self.delims[k % self.delims.len()] {
            self.out.push(d);
        }
    }

    /// Append the next line of `r` (without its terminator); `Ok(false)` at end of input.
    fn take(&mut self, ctx: &mut Ctx<'_>, r: &mut LineReader, name: &str) -> Result<bool, Stop> {
        match r.next_line(ctx) {
            Ok(Some(line)) => {
                let body = line.strip_suffix(&[self.eol]).unwrap_or(line);
                self.out.extend_from_slice(body);
                Ok(true)
            }
            Ok(None) => Ok(false),
            Err(e) if kitsh_core::util::cancelled::is(&e) => Err(Stop::Exit(1)),
            Err(e) => {
                flush_out(ctx, &mut self.out, true).map_err(Stop::Exit)?;
                ctx.error(&format!("{}: {}", args::quote_name(name), read_error_text(&e)));
                Err(Stop::Failed)
            }
        }
    }

    fn flush(&mut self, ctx: &mut Ctx<'_>) -> Result<(), Stop> {
        flush_out(ctx, &mut self.out, false).map_err(Stop::Exit)
    }

    /// `-s`: each file's lines joined into one line.
    fn serial(&mut self, ctx: &mut Ctx<'_>, readers: &mut [LineReader], slots: &[usize], names: &[String]) -> Result<(), Stop> {
        for (k, &slot) in slots.iter().enumerate() {
            let mut n = 0;
            loop {
                let mark = self.out.len();
                if n > 0 {
                    self.delim(n - 1);
                }
                if !self.take(ctx, &mut readers[slot], &names[k])? {
                    self.out.truncate(mark);
                    break;
                }
                n += 1;
                self.flush(ctx)?;
            }
            self.out.push(self.eol);
        }
        Ok(())
    }

    /// The default: one line from each file per output line, until all are exhausted.
    fn parallel(&mut self, ctx: &mut Ctx<'_>, readers: &mut [LineReader], slots: &[usize], names: &[String]) -> Result<(), Stop> {
        let mut done = vec![false; readers.len()];
        loop {
            let mark = self.out.len();
            let mut any = false;
            for (k, &slot) in slots.iter().enumerate() {
                if k > 0 {
                    self.delim(k - 1);
                }
                if !done[slot] {
                    if self.take(ctx, &mut readers[slot], &names[k])? {
                        any = true;
                    } else {
                        done[slot] = true;
                    }
                }
            }
            if !any {
                self.out.truncate(mark);
                return Ok(());
            }
            self.out.push(self.eol);
            self.flush(ctx)?;
        }
    }
}

impl Builtin for Paste {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut list, mut serial, mut eol) = ("\\t".to_string(), false, b'\n');
        for (o, v) in parsed.opts {
            match o {
                O::Delims => list = v.unwrap_or_default(),
                O::Serial => serial = true,
                O::Zero => eol = 0,
            }
        }
        let Ok(delims) = parse_delims(&encode(&list)) else {
            ctx.error(&format!("delimiter list ends with an unescaped backslash: {list}"));
            return 1;
        };
        let names = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        // Every `-` shares one reader of standard input.
        let mut readers = Vec::new();
        let mut slots = Vec::with_capacity(names.len());
        let mut stdin_slot = None;
        for name in &names {
            if name == "-" {
                if let Some(s) = stdin_slot {
                    slots.push(s);
                    continue;
                }
                stdin_slot = Some(readers.len());
            }
            match LineReader::open(ctx, name, eol) {
                Ok(r) => {
                    slots.push(readers.len());
                    readers.push(r);
                }
                Err(e) => {
                    file_error(ctx, name, e);
                    return 1;
                }
            }
        }
        let mut p = Paster { delims, eol, out: Vec::with_capacity(CHUNK) };
        let r = if serial { p.serial(ctx, &mut readers, &slots, &names) } else { p.parallel(ctx, &mut readers, &slots, &names) };
        let status = match r {
            Ok(()) => 0,
            Err(Stop::Exit(st)) => return st,
            Err(Stop::Failed) => 1,
        };
        match flush_out(ctx, &mut p.out, true) {
            Ok(()) => status,
            Err(st) => st,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn paste(args: &[&str], input: &str) -> String {
        let fs = fs_with(&[("/p1", b"1\n2\n3\n"), ("/p2", b"a\nb\n"), ("/e", b"")]);
        let o = run(&Paste, "paste", args, input.as_bytes(), &*fs, "/");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn parallel() {
        assert_eq!(paste(&["p1", "p2"], ""), "1\ta\n2\tb\n3\t\n");
        assert_eq!(paste(&["-d,", "p1", "p2", "p1"], ""), "1,a,1\n2,b,2\n3,,3\n");
        assert_eq!(paste(&["-d", ",;", "p1", "p2", "p1"], ""), "1,a;1\n2,b;2\n3,;3\n");
        assert_eq!(paste(&["-", "-"], "a\nb\nc\nd\n"), "a\tb\nc\td\n");
        assert_eq!(paste(&["-d", "\\n", "p1", "p2"], ""), "1\na\n2\nb\n3\n\n");
        assert_eq!(paste(&["-d", "\\0", "p1", "p2"], ""), "1a\n2b\n3\n");
        assert_eq!(paste(&["-d", "", "p1", "p2"], ""), "1a\n2b\n3\n");
        assert_eq!(paste(&["-", "p1"], "x\ny"), "x\t1\ny\t2\n\t3\n");
        assert_eq!(paste(&["-d", "\\t\\\\", "p1", "p2", "p1"], ""), "1\ta\\1\n2\tb\\2\n3\t\\3\n");
        assert_eq!(paste(&["e", "e"], ""), "");
        assert_eq!(paste(&["-z", "-", "-"], "a\0b\0c"), "a\tb\0c\t\0");
    }

    #[test]
    fn serial() {
        assert_eq!(paste(&["-s", "p1", "p2"], ""), "1\t2\t3\na\tb\n");
        assert_eq!(paste(&["-s", "-d,", "p1"], ""), "1,2,3\n");
        assert_eq!(paste(&["-sd", ",;", "p1"], ""), "1,2;3\n");
        assert_eq!(paste(&["-s"], "x"), "x\n");
        assert_eq!(paste(&["-s", "e"], ""), "\n");
        assert_eq!(paste(&["-s", "-", "-"], "a\nb\n"), "a\tb\n\n");
    }

    #[test]
    fn errors() {
        assert_eq!(paste(&["-d", "a\\", "p1"], ""), "paste: delimiter list ends with an unescaped backslash: a\\\n");
        assert_eq!(paste(&["p1", "nosuch"], ""), "paste: nosuch: No such file or directory\n");
    }
}
