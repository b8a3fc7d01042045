//! `fold`: wrap input lines to a width (`-w`, obsolete `-N`), counting columns (tabs, backspace,
//! carriage return) or bytes (`-b`), breaking at blanks with `-s`. Streams: only the current
//! output line is held in memory.


use super::args::{self, file_error, flush_out, open_src, quote, read_some, Config, OptSpec, CHUNK};
use super::rev::read_error_text;
use super::{Builtin, Ctx};

/// The `fold` command.
pub struct Fold;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Bytes,
    Spaces,
    Width,
}

const SPECS: &[OptSpec<O>] =
    &[OptSpec::flag('b', "bytes", O::Bytes), OptSpec::flag('s', "spaces", O::Spaces), OptSpec::req('w', "width", O::Width)];
const USAGE: &str = "Usage: fold [OPTION]... [FILE]...\nWrap input lines in each FILE, writing to standard output.";

/// The folding state carried across input chunks and files.
struct Folder {
    width: u64,
    bytes: bool,
    spaces: bool,
    line: Vec<u8>,
    column: u64,
}

impl Folder {
    fn adjust(&self, column: u64, c: u8) -> u64 {
        if self.bytes {
            return column + 1;
        }
        match c {
            8 => column.saturating_sub(1),
            b'\r' => 0,
            b'\t' => column + 8 - column % 8,
            _ => column + 1,
        }
    }

    fn byte(&mut self, c: u8, out: &mut Vec<u8>) {
        if c == b'\n' {
            out.extend_from_slice(&self.line);
            out.push(b'\n');
            self.line.clear();
            self.column = 0;
            return;
        }
        loop {
            self.column = self.adjust(self.column, c);
            if self.column <= self.width {
                break;
            }
            if self.spaces {
                if let Some(p) = self.line.iter().rposition(|&b| b == b' ' || b == b'\t') {
                    out.extend_from_slice(&self.line[..=p]);
                    out.push(b'\n');
                    self.line.drain(..=p);
                    self.column = self.line.iter().fold(0, |col, &b| self.adjust(col, b));
                    continue;
                }
            }
            if self.line.is_empty() {
                break;
            }
            out.extend_from_slice(&self.line);
            out.push(b'\n');
            self.line.clear();
            self.column = 0;
        }
        self.line.push(c);
    }
}

/// Parse the width; `Err` after reporting.
fn width(ctx: &mut Ctx<'_>, v: &str) -> Result<u64, i32> {
    let t = v.trim_start();
    let digits = t.strip_prefix('+').unwrap_or(t);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        match digits.parse::<u64>() {
            Ok(0) => {}
            Ok(n) => return Ok(n),
            Err(_) => return Ok(u64::MAX),
        }
        ctx.error(&format!("invalid number of columns: {}: Numerical result out of range", quote(v)));
        return Err(1);
    }
    ctx.error(&format!("invalid number of columns: {}", quote(v)));
    Err(1)
}

/// Rewrite obsolete `-N` arguments into `-wN`.
fn obsolete(argv: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len());
    let mut rest = false;
    for a in argv {
        rest |= a == "--";
        let num = a.strip_prefix('-').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
        if !rest && num {
            out.push(format!("-w{}", &a[1..]));
        } else {
            out.push(a.clone());
        }
    }
    out
}

impl Builtin for Fold {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, &obsolete(argv)) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut f = Folder { width: 80, bytes: false, spaces: false, line: Vec::new(), column: 0 };
        for (o, v) in parsed.opts {
            match o {
                O::Bytes => f.bytes = true,
                O::Spaces => f.spaces = true,
                O::Width => match width(ctx, v.as_deref().unwrap_or("")) {
                    Ok(w) => f.width = w,
                    Err(st) => return st,
                },
            }
        }
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut out = Vec::with_capacity(CHUNK);
        let mut buf = crate::args::ChunkBuf::new();
        let mut status = 0;
        for name in &files {
            let mut src = match open_src(ctx, name) {
                Ok(s) => s,
                Err(e) => {
                    if let Err(st) = flush_out(ctx, &mut out, true) {
                        return st;
                    }
                    file_error(ctx, name, e);
                    status = 1;
                    continue;
                }
            };
            loop {
                match read_some(ctx, &mut src, &mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        for &c in &buf[..n] {
                            f.byte(c, &mut out);
                        }
                        if let Err(st) = flush_out(ctx, &mut out, false) {
                            return st;
                        }
                    }
                    Err(e) if kitsh_core::util::cancelled::is(&e) => return 1,
                    Err(e) => {
                        ctx.error(&format!("{}: {}", args::quote_name(name), read_error_text(&e)));
                        status = 1;
                        break;
                    }
                }
            }
        }
        out.append(&mut f.line);
        match flush_out(ctx, &mut out, true) {
            Ok(()) => status,
            Err(st) => st,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn fold(args: &[&str], input: &[u8]) -> String {
        let o = run(&Fold, "fold", args, input, &*NOFS, "/");
        format!("{}{}", String::from_utf8_lossy(&o.stdout), o.stderr)
    }

    #[test]
    fn widths() {
        assert_eq!(fold(&["-w", "3"], b"abcdefghij\n"), "abc\ndef\nghi\nj\n");
        assert_eq!(fold(&["-3"], b"abcdef\n"), "abc\ndef\n");
        assert_eq!(fold(&["-bw", "4"], b"abcdefgh\n"), "abcd\nefgh\n");
        assert_eq!(fold(&["-w", "2"], b"abcd"), "ab\ncd");
        assert_eq!(fold(&[], &[b'x'; 81]), format!("{}\nx", "x".repeat(80)));
        assert_eq!(run(&Fold, "fold", &["-w", "2"], "héllo\n".as_bytes(), &*NOFS, "/").stdout, b"h\xc3\n\xa9l\nlo\n");
    }

    #[test]
    fn columns() {
        assert_eq!(fold(&["-w", "10"], b"a\tbcdefghijkl\n"), "a\tbc\ndefghijkl\n");
        assert_eq!(fold(&["-w", "3"], b"abc\x08def\n"), "abc\x08d\nef\n");
        assert_eq!(fold(&["-w", "2"], b"ab\r\ncdef\n"), "ab\r\ncd\nef\n");
        assert_eq!(fold(&["-w", "4"], b"\tab\n"), "\t\nab\n");
        assert_eq!(fold(&["-b", "-w", "4"], b"\tab\n"), "\tab\n");
    }

    #[test]
    fn spaces() {
        assert_eq!(fold(&["-s", "-w", "5"], b"ab cd ef gh\n"), "ab \ncd \nef gh\n");
        assert_eq!(fold(&["-s", "-w", "4"], b"aaaaaa bb\n"), "aaaa\naa \nbb\n");
    }

    #[test]
    fn errors() {
        assert_eq!(fold(&["-w", "0"], b""), "fold: invalid number of columns: ‘0’: Numerical result out of range\n");
        assert_eq!(fold(&["-w", "x"], b""), "fold: invalid number of columns: ‘x’\n");
    }
}
