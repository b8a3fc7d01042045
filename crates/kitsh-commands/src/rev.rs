//! `rev`: reverse the characters of each line (UTF-8 characters; invalid bytes reverse as
//! single bytes), streaming line by line.
//!
//! Also the home of [`LineReader`], the record reader shared by the line-oriented commands
//! (`cut`, `uniq`, `nl`, `fold`, `paste`, `comm`, ...): it holds only the current line in memory,
//! so those commands work on endless input.

use std::io::{self, ErrorKind};

use super::args::{self, flush_out, open_src, read_some, OptSpec, Src, CHUNK};
use super::{Builtin, Ctx};

/// The `rev` command.
pub struct Rev;

const SPECS: &[OptSpec<()>] = &[];
const USAGE: &str = "Usage: rev [options] [file ...]\n\nReverse lines characterwise.\n\nOptions:\n -h, --help     display this help\n -V, --version  display version";

/// The longest record a [`LineReader`] accepts (a guard against endless input without newlines).
const MAX_LINE: usize = 256 << 20;

/// Reads records ending with a delimiter byte from an input operand, one at a time.
pub(super) struct LineReader {
    src: Src,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    scanned: usize,
    eof: bool,
    delim: u8,
}

impl LineReader {
    /// A reader over `src` splitting after each `delim`.
    pub(super) fn new(src: Src, delim: u8) -> Self {
        LineReader { src, buf: vec![0; CHUNK], start: 0, end: 0, scanned: 0, eof: false, delim }
    }

    /// Open the operand `name` (`-`: standard input) like [`open_src`].
    pub(super) fn open(ctx: &Ctx<'_>, name: &str, delim: u8) -> Result<Self, kitsh_core::fs::FsError> {
        open_src(ctx, name).map(|s| Self::new(s, delim))
    }

    /// The next record with its delimiter (the last one may lack it); `None` at end of input.
    /// A cancelled script gives [`kitsh_core::util::cancelled::error`].
    pub(super) fn next_line(&mut self, ctx: &mut Ctx<'_>) -> io::Result<Option<&[u8]>> {
        let (s, e) = loop {
            if let Some(i) = self.buf[self.scanned..self.end].iter().position(|&b| b == self.delim) {
                let e = self.scanned + i + 1;
                let s = self.start;
                self.start = e;
                self.scanned = e;
                break (s, e);
            }
            self.scanned = self.end;
            if self.eof {
                if self.start == self.end {
                    return Ok(None);
                }
                let s = self.start;
                self.start = self.end;
                break (s, self.end);
            }
            self.fill(ctx)?;
        };
        Ok(Some(&self.buf[s..e]))
    }

    fn fill(&mut self, ctx: &mut Ctx<'_>) -> io::Result<()> {
        if self.start > 0 && (self.start == self.end || self.end == self.buf.len()) {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.scanned -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            if self.buf.len() >= MAX_LINE {
                return Err(io::Error::new(ErrorKind::OutOfMemory, "memory exhausted"));
            }
            self.buf.resize(self.buf.len() * 2, 0);
        }
        let n = read_some(ctx, &mut self.src, &mut self.buf[self.end..])?;
        if n == 0 {
            self.eof = true;
        }
        self.end += n;
        Ok(())
    }
}

/// The text of a read error, as `strerror` gives it.
pub(super) fn read_error_text(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(p) => s[..p].to_string(),
        None => s,
    }
}

/// Append `line` (without its newline) reversed character by character to `out`.
fn reverse_into(line: &[u8], out: &mut Vec<u8>) {
    let mut end = line.len();
    while end > 0 {
        let mut s = end - 1;
        while end - s < 4 && s > 0 && line[s] & 0xC0 == 0x80 {
            s -= 1;
        }
        if end - s > 1 && std::str::from_utf8(&line[s..end]).is_ok() {
            out.extend_from_slice(&line[s..end]);
            end = s;
        } else {
            out.push(line[end - 1]);
            end -= 1;
        }
    }
}

impl Builtin for Rev {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = args::Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut out = Vec::with_capacity(CHUNK);
        let mut status = 0;
        for name in &files {
            let mut lines = match LineReader::open(ctx, name, b'\n') {
                Ok(l) => l,
                Err(e) => {
                    ctx.error(&format!("cannot open {name}: {e}"));
                    status = 1;
                    continue;
                }
            };
            // In the C locale a byte from 0x80 up is no character: util-linux's rev stops
            // the file there, naming how many lines it reversed.
            let c_locale = args::c_locale();
            let mut done = 0usize;
            loop {
                match lines.next_line(ctx) {
                    Ok(Some(line)) => {
                        let (body, nl) = match line.split_last() {
                            Some((b'\n', body)) => (body, true),
                            _ => (line, false),
                        };
                        if c_locale && !body.is_ascii() {
                            let shown = if name == "-" { "stdin" } else { name.as_str() };
                            if let Err(st) = flush_out(ctx, &mut out, true) {
                                return st;
                            }
                            ctx.error(&format!("{shown}: {done}: Invalid or incomplete multibyte or wide character"));
                            status = 1;
                            break;
                        }
                        done += 1;
                        reverse_into(body, &mut out);
                        if nl {
                            out.push(b'\n');
                        }
                        if let Err(st) = flush_out(ctx, &mut out, false) {
                            return st;
                        }
                    }
                    Ok(None) => break,
                    Err(e) if kitsh_core::util::cancelled::is(&e) => return 1,
                    Err(e) => {
                        ctx.error(&format!("{name}: {}", read_error_text(&e)));
                        status = 1;
                        break;
                    }
                }
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
    use crate::args::testfs::{fs_with, with_ctx, NOFS};
    use crate::testing::run;

    fn rev(args: &[&str], input: &[u8]) -> String {
        let o = run(&Rev, "rev", args, input, &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn reverses_lines() {
        assert_eq!(rev(&[], b"abc\nxyz"), "cba\nzyx");
        assert_eq!(rev(&[], "héllo\n".as_bytes()), "olléh\n");
        assert_eq!(rev(&[], b"a\r\nb\n"), "\ra\nb\n");
        assert_eq!(rev(&[], b"\n\n"), "\n\n");
        assert_eq!(run(&Rev, "rev", &[], b"a\xffb\n", &*NOFS, "/").stdout, b"b\xffa\n");
    }

    #[test]
    fn files_and_errors() {
        let fs = fs_with(&[("/f", b"12\n34\n"), ("/d/", b"")]);
        let o = run(&Rev, "rev", &["f", "nosuch", "d", "f"], b"", &*fs, "/");
        assert_eq!(o.out(), "21\n43\n21\n43\n");
        assert_eq!(o.stderr, "rev: cannot open nosuch: No such file or directory\nrev: cannot open d: Is a directory\n");
        assert_eq!(o.status, 1);
        assert_eq!(rev(&["-x"], b""), "rev: invalid option -- 'x'\nTry 'rev --help' for more information.\n");
    }

    #[test]
    fn line_reader() {
        let long = vec![b'x'; CHUNK * 3];
        let mut input = long.clone();
        input.extend_from_slice(b"\nab\n\nc");
        let mut stdin: &[u8] = &input;
        let (got, _) = with_ctx(&*NOFS, &mut stdin, &mut Vec::new(), |ctx| {
            let mut r = LineReader::new(Src::Stdin, b'\n');
            let mut v = Vec::new();
            while let Ok(Some(l)) = r.next_line(ctx) {
                v.push(l.len());
            }
            v
        });
        assert_eq!(got, vec![CHUNK * 3 + 1, 3, 1, 1]);
    }
}
