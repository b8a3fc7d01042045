//! `wc`: count lines, words, characters, bytes and the maximum display width, streaming.
//! Column widths follow GNU: one count of one input is unpadded; otherwise every column is as
//! wide as the total size of the regular files, at least 7 when an input is not a regular file
//! (standard input always counts as one here, since its origin is unknown to commands).

use super::args::{self, file_error, flush_out, quote_always, read_some, usage_error, ArgKind, Config, OptSpec, ChunkBuf};
use super::{Builtin, Ctx};
use kitsh_core::fs::FileType;

/// The `wc` command.
pub struct Wc;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Bytes,
    Chars,
    Lines,
    Words,
    MaxLine,
    Files0,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('c', "bytes", O::Bytes),
    OptSpec::flag('m', "chars", O::Chars),
    OptSpec::flag('l', "lines", O::Lines),
    OptSpec::flag('w', "words", O::Words),
    OptSpec::flag('L', "max-line-length", O::MaxLine),
    OptSpec::long("files0-from", ArgKind::Required, O::Files0),
];
const USAGE: &str = "Usage: wc [OPTION]... [FILE]...\n  or:  wc [OPTION]... --files0-from=F\nPrint newline, word, and byte counts for each FILE, and a total line if\nmore than one FILE is specified.";

/// The counts of one input.
#[derive(Default, Clone, Copy)]
struct Counts {
    lines: u64,
    words: u64,
    chars: u64,
    bytes: u64,
    max: u64,
}

/// The streaming counter (keeps UTF-8 and word state across chunks).
#[derive(Default)]
struct Counter {
    c: Counts,
    in_word: bool,
    pos: u64,
    pending: Vec<u8>,
    need_chars: bool,
}

/// `iswspace` in a UTF-8 locale.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\u{1680}' | '\u{2000}'..='\u{2006}' | '\u{2008}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{205f}' | '\u{3000}')
}

/// Display width of a printable character (`wcwidth`): 2 for East Asian wide, 0 for combining.
pub(crate) fn char_width(c: char) -> u64 {
    let v = c as u32;
    match v {
        0x0300..=0x036F | 0x200B..=0x200F | 0x20D0..=0x20FF | 0xFE20..=0xFE2F => 0,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF => 2,
        0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 => 2,
        0xFFE0..=0xFFE6 | 0x1F300..=0x1F64F | 0x1F900..=0x1F9FF | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}

impl Counter {
    fn feed(&mut self, data: &[u8]) {
        self.c.bytes += data.len() as u64;
        if !self.need_chars {
            self.c.lines += data.iter().filter(|&&b| b == b'\n').count() as u64;
            return;
        }
        let mut buf;
        let data = if self.pending.is_empty() {
            data
        } else {
            buf = std::mem::take(&mut self.pending);
            buf.extend_from_slice(data);
            &buf[..]
        };
        let mut rest = data;
        while !rest.is_empty() {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    self.text(s);
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    self.text(std::str::from_utf8(good).unwrap_or(""));
                    match e.error_len() {
                        Some(n) => {
                            self.invalid(&bad[..n]);
                            rest = &bad[n..];
                        }
                        None => {
                            self.pending = bad.to_vec();
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Bytes that are not valid UTF-8: neither characters, spaces nor printable.
    fn invalid(&mut self, bad: &[u8]) {
        self.c.lines += bad.iter().filter(|&&b| b == b'\n').count() as u64;
    }

    fn text(&mut self, s: &str) {
        for ch in s.chars() {
            self.c.chars += 1;
            match ch {
                '\n' | '\r' | '\x0c' => {
                    if ch == '\n' {
                        self.c.lines += 1;
                    }
                    self.c.max = self.c.max.max(self.pos);
                    self.pos = 0;
                    self.in_word = false;
                }
                '\t' => {
                    self.pos = (self.pos / 8 + 1) * 8;
                    self.in_word = false;
                }
                c if is_space(c) => {
                    self.pos += 1;
                    self.in_word = false;
                }
                c if c.is_control() => {}
                c => {
                    self.pos += char_width(c);
                    if !self.in_word {
                        self.c.words += 1;
                        self.in_word = true;
                    }
                }
            }
        }
    }

    fn finish(mut self) -> Counts {
        let p = std::mem::take(&mut self.pending);
        self.invalid(&p);
        self.c.max = self.c.max.max(self.pos);
        self.c
    }
}

/// Which columns to print.
#[derive(Clone, Copy)]
struct Cols {
    lines: bool,
    words: bool,
    chars: bool,
    bytes: bool,
    max: bool,
}

impl Cols {
    fn line(&self, c: &Counts, width: usize, name: Option<&str>) -> String {
        let mut s = String::new();
        let vals = [(self.lines, c.lines), (self.words, c.words), (self.chars, c.chars), (self.bytes, c.bytes), (self.max, c.max)];
        for (on, v) in vals {
            if on {
                if !s.is_empty() {
                    s.push(' ');
                }
                s.push_str(&format!("{v:>width$}"));
            }
        }
        if let Some(n) = name {
            s.push(' ');
            s.push_str(n);
        }
        s.push('\n');
        s
    }
}

/// The file names read from a `--files0-from` file (NUL-separated).
fn files0(ctx: &mut Ctx<'_>, from: &str) -> Result<Vec<String>, i32> {
    match ctx.read_input(from) {
        Ok(data) => Ok(data
            .split(|&b| b == 0)
            .filter(|s| !s.is_empty())
            .map(|s| kitsh_core::util::bytes::decode(s).into_owned())
            .collect()),
        Err(e) => {
            ctx.error(&format!("cannot open {} for reading: {e}", quote_always(from)));
            Err(1)
        }
    }
}

/// The column width: the digits of the regular files' total size, at least 7 when an input is
/// not a regular file.
fn number_width(ctx: &Ctx<'_>, files: &[String]) -> usize {
    let mut min = 1;
    let mut total: u64 = 0;
    for f in files {
        if f == "-" {
            min = 7;
            continue;
        }
        match ctx.fs.stat(&ctx.abs_path(f)) {
            Ok(m) if m.file_type == FileType::File => total = total.saturating_add(m.len),
            Ok(_) => min = 7,
            Err(_) => {}
        }
    }
    total.to_string().len().max(min)
}

/// Count one input. `Err(Some((counts so far, print them)))` after reporting an error;
/// `Err(None)`: the script was cancelled (nothing more is printed).
fn count(ctx: &mut Ctx<'_>, name: &str, need_chars: bool) -> Result<Counts, Option<(Counts, bool)>> {
    let mut src = match args::open_src(ctx, name) {
        Ok(s) => s,
        Err(kitsh_core::fs::FsError::Interrupted) => return Err(None),
        Err(e) => {
            file_error(ctx, name, e);
            return Err(Some((Counts::default(), e == kitsh_core::fs::FsError::IsDir)));
        }
    };
    let mut counter = Counter { need_chars, ..Counter::default() };
    let mut buf = ChunkBuf::new();
    loop {
        match read_some(ctx, &mut src, &mut buf) {
            Ok(0) => return Ok(counter.finish()),
            Ok(n) => counter.feed(&buf[..n]),
            Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(None),
            Err(e) => {
                ctx.error(&format!("{}: {e}", args::quote_name(name)));
                return Err(Some((counter.finish(), true)));
            }
        }
    }
}

impl Builtin for Wc {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut cols = Cols { lines: false, words: false, chars: false, bytes: false, max: false };
        let mut from = None;
        for (o, v) in parsed.opts {
            match o {
                O::Bytes => cols.bytes = true,
                O::Chars => cols.chars = true,
                O::Lines => cols.lines = true,
                O::Words => cols.words = true,
                O::MaxLine => cols.max = true,
                O::Files0 => from = v,
            }
        }
        if !(cols.bytes || cols.chars || cols.lines || cols.words || cols.max) {
            (cols.lines, cols.words, cols.bytes) = (true, true, true);
        }
        let no_operands = parsed.operands.is_empty();
        let files = match from {
            Some(_) if !parsed.operands.is_empty() => {
                let msg = format!("extra operand {}\nfile operands cannot be combined with --files0-from", quote_always(&parsed.operands[0]));
                usage_error(ctx, &msg);
                return 1;
            }
            Some(f) => match files0(ctx, &f) {
                Ok(v) => v,
                Err(st) => return st,
            },
            None if parsed.operands.is_empty() => vec!["-".to_string()],
            None => parsed.operands,
        };
        let ncols = [cols.lines, cols.words, cols.chars, cols.bytes, cols.max].iter().filter(|b| **b).count();
        let width = if ncols == 1 && files.len() == 1 { 1 } else { number_width(ctx, &files) };
        let need_chars = cols.words || cols.chars || cols.max;
        let named = !(no_operands && files.len() == 1 && files[0] == "-");
        let mut total = Counts::default();
        let mut status = 0;
        let mut out = Vec::new();
        for f in &files {
            let c = match count(ctx, f, need_chars) {
                Ok(c) => c,
                // Cancelled (timeout, a limit): partial counts would be wrong answers.
                Err(None) => return 1,
                Err(Some((c, show))) => {
                    status = 1;
                    if !show {
                        continue;
                    }
                    c
                }
            };
            total.lines += c.lines;
            total.words += c.words;
            total.chars += c.chars;
            total.bytes += c.bytes;
            total.max = total.max.max(c.max);
            out.extend_from_slice(cols.line(&c, width, named.then_some(f.as_str())).as_bytes());
            if let Err(st) = flush_out(ctx, &mut out, true) {
                return st;
            }
        }
        if files.len() > 1 {
            out.extend_from_slice(cols.line(&total, width, Some("total")).as_bytes());
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

    fn w(args: &[&str], input: &[u8]) -> String {
        let o = run(&Wc, "wc", args, input, &*NOFS, "/");
        o.out()
    }

    #[test]
    fn stdin_counts() {
        assert_eq!(w(&["-l"], b"hi\n"), "1\n");
        assert_eq!(w(&[], b"hi\n"), "      1       1       3\n");
        assert_eq!(w(&["-l", "-w"], b"hello world\nfoo\n"), "      2       3\n");
        assert_eq!(w(&["-m", "-c"], "héllo\n".as_bytes()), "      6       7\n");
        assert_eq!(w(&["-m"], b"h\xff\xc3\xa9"), "2\n");
        assert_eq!(w(&["-L"], b"a\tb\n"), "9\n");
        assert_eq!(w(&["-L"], "日本\n".as_bytes()), "4\n");
        assert_eq!(w(&["-L"], b"ab\rc\n"), "2\n");
        assert_eq!(w(&["-L"], b"\x01\n\x7f"), "0\n");
    }

    #[test]
    fn words() {
        assert_eq!(w(&["-w"], b"a\x01b"), "1\n");
        assert_eq!(w(&["-w"], b"\x01"), "0\n");
        assert_eq!(w(&["-w"], b"a \x01 b"), "2\n");
        assert_eq!(w(&["-w"], b"\xff"), "0\n");
        assert_eq!(w(&["-w"], b"x\xffy z"), "2\n");
        assert_eq!(w(&["-w"], b"a b\xa0c\n"), "2\n");
        assert_eq!(w(&["-w"], "\u{2003}x y".as_bytes()), "2\n");
        assert_eq!(w(&["-w"], b"a\x0bb\x0cc"), "3\n");
    }

    #[test]
    fn files_and_widths() {
        let b: Vec<u8> = (1..=1000).flat_map(|i| format!("{i}\n").into_bytes()).collect();
        let fs = fs_with(&[("/a", b"hello world\nfoo\n"), ("/b", &b), ("/dd/", b"")]);
        let r = |args: &[&str]| {
            let o = run(&Wc, "wc", args, b"x\n", &*fs, "/");
            (o.out(), o.stderr, o.status)
        };
        assert_eq!(r(&["a"]).0, " 2  3 16 a\n");
        assert_eq!(r(&["-c", "a"]).0, "16 a\n");
        assert_eq!(r(&["-lc", "a"]).0, " 2 16 a\n");
        assert_eq!(r(&["-l", "a", "b"]).0, "   2 a\n1000 b\n1002 total\n");
        assert_eq!(r(&["a", "b"]).0, "   2    3   16 a\n1000 1000 3893 b\n1002 1003 3909 total\n");
        assert_eq!(r(&["-c", "a", "-"]).0, "     16 a\n      2 -\n     18 total\n");
        assert_eq!(r(&["a", "nosuch"]), (" 2  3 16 a\n 2  3 16 total\n".into(), "wc: nosuch: No such file or directory\n".into(), 1));
        assert_eq!(r(&["dd"]), ("      0       0       0 dd\n".into(), "wc: dd: Is a directory\n".into(), 1));
        assert_eq!(r(&["nosuch"]).0, "");
    }
}
