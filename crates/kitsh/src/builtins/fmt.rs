//! `fmt`: refill paragraphs (`-w`, `-g`, `-s`, `-u`, `-p`, `-t`, `-c`, obsolete `-N`), choosing
//! line breaks with GNU fmt's cost model (goal width 93% of the maximum, sentence, widow and
//! orphan costs), so its output matches GNU coreutils 9.1 byte for byte.
//!
//! Streams: like GNU, a paragraph is held in a buffer of at most 5000 bytes and 1000 words;
//! longer paragraphs are flushed a few lines at a time at a low-cost break, so `yes | fmt | head
//! -1` ends at once and memory stays bounded.

use std::io::ErrorKind;

use super::args::{self, flush_out, open_src, quote, quote_name, read_some, Config, OptSpec, Src, CHUNK};
use super::{Builtin, Ctx};
use crate::util::bytes::encode;

/// The `fmt` command.
pub struct Fmt;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Crown,
    Prefix,
    Split,
    Tagged,
    Uniform,
    Width,
    Goal,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('c', "crown-margin", O::Crown),
    OptSpec::req('p', "prefix", O::Prefix),
    OptSpec::flag('s', "split-only", O::Split),
    OptSpec::flag('t', "tagged-paragraph", O::Tagged),
    OptSpec::flag('u', "uniform-spacing", O::Uniform),
    OptSpec::req('w', "width", O::Width),
    OptSpec::req('g', "goal", O::Goal),
];

const USAGE: &str = "Usage: fmt [-WIDTH] [OPTION]... [FILE]...
Reformat each paragraph in the FILE(s), writing to standard output.
The option -WIDTH is an abbreviated form of --width=DIGITS.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -c, --crown-margin        preserve indentation of first two lines
  -p, --prefix=STRING       reformat only lines beginning with STRING,
                              reattaching the prefix to reformatted lines
  -s, --split-only          split long lines, but do not refill
  -t, --tagged-paragraph    indentation of first line different from second
  -u, --uniform-spacing     one space between words, two after sentences
  -w, --width=WIDTH         maximum line width (default of 75 columns)
  -g, --goal=WIDTH          goal width (default of 93% of width)
      --help     display this help and exit
      --version  output version information and exit";

/// Default maximum line width.
const WIDTH: i64 = 75;
/// Lines aim to be this many percent shorter than the maximum.
const LEEWAY: i64 = 7;
/// Secondary indent of tagged one-line paragraphs with no earlier multi-line paragraph.
const DEF_INDENT: i64 = 3;
/// Paragraph buffer sizes: longer paragraphs are flushed in parts, as GNU does.
const MAXWORDS: usize = 1000;
const MAXCHARS: usize = 5000;
const TABWIDTH: i64 = 8;
const EOF: i32 = -1;

type Cost = i64;
const MAXCOST: Cost = i64::MAX;

const fn equiv(n: i64) -> Cost {
    n * n
}
fn short_cost(n: i64) -> Cost {
    let t = n.wrapping_mul(10);
    t.wrapping_mul(t)
}
fn ragged_cost(n: i64) -> Cost {
    short_cost(n) / 2
}
const LINE_COST: Cost = equiv(70);
fn widow_cost(n: i64) -> Cost {
    equiv(200) / (n + 2)
}
fn orphan_cost(n: i64) -> Cost {
    equiv(150) / (n + 2)
}
const SENTENCE_BONUS: Cost = equiv(50);
const NOBREAK_COST: Cost = equiv(600);
const PAREN_BONUS: Cost = equiv(40);
const PUNCT_BONUS: Cost = equiv(40);
const LINE_CREDIT: Cost = equiv(3);

fn isopen(c: u8) -> bool {
    b"(['`\"".contains(&c)
}
fn isclose(c: u8) -> bool {
    b")]'\"".contains(&c)
}
fn isperiod(c: u8) -> bool {
    b".?!".contains(&c)
}
/// C `isspace` in the C locale.
fn c_isspace(c: i32) -> bool {
    matches!(c, 9..=13 | 32)
}

/// One word of the paragraph buffer.
#[derive(Clone, Copy, Default)]
struct Word {
    text: usize,
    length: i64,
    space: i64,
    paren: bool,
    period: bool,
    punct: bool,
    is_final: bool,
    line_length: i64,
    best_cost: Cost,
    next_break: usize,
}

/// The options.
struct Opts {
    crown: bool,
    tagged: bool,
    split: bool,
    uniform: bool,
    max_width: i64,
    goal_width: i64,
    prefix: Vec<u8>,
    prefix_full_length: i64,
    prefix_length: i64,
    prefix_lead_space: i64,
}

/// A byte-at-a-time reader over an input operand.
struct Reader {
    src: Src,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    done: bool,
    /// A read failed (not cancellation).
    failed: bool,
    /// The script was cancelled or stdout failed: stop at once.
    stop: bool,
}

/// The formatter, a port of GNU fmt's state machine.
struct Fmter<'o> {
    o: &'o Opts,
    out: Vec<u8>,
    write_status: Option<i32>,
    in_column: i64,
    out_column: i64,
    parabuf: Vec<u8>,
    word: Vec<Word>,
    word_limit: usize,
    tabs: bool,
    prefix_indent: i64,
    first_indent: i64,
    other_indent: i64,
    next_char: i32,
    next_prefix_indent: i64,
    last_line_length: i64,
}

impl Fmter<'_> {
    fn getc(&mut self, ctx: &mut Ctx<'_>, r: &mut Reader) -> i32 {
        if r.pos < r.len {
            r.pos += 1;
            return i32::from(r.buf[r.pos - 1]);
        }
        if r.done || r.stop {
            return EOF;
        }
        if self.out.len() >= CHUNK && !self.flush(ctx, false) {
            r.stop = true;
            return EOF;
        }
        match read_some(ctx, &mut r.src, &mut r.buf) {
            Ok(0) => {
                r.done = true;
                EOF
            }
            Ok(n) => {
                r.len = n;
                r.pos = 1;
                i32::from(r.buf[0])
            }
            Err(e) => {
                if e.kind() == ErrorKind::Interrupted {
                    r.stop = true;
                } else {
                    r.failed = true;
                }
                r.done = true;
                EOF
            }
        }
    }

    /// Write the output buffer; `false` (and the status kept) when stdout failed.
    fn flush(&mut self, ctx: &mut Ctx<'_>, force: bool) -> bool {
        if self.write_status.is_some() {
            self.out.clear();
            return false;
        }
        match flush_out(ctx, &mut self.out, force) {
            Ok(()) => true,
            Err(st) => {
                self.write_status = Some(st);
                false
            }
        }
    }

    fn putchar(&mut self, c: u8) {
        self.out.push(c);
    }

    /// Format one input operand.
    fn file(&mut self, ctx: &mut Ctx<'_>, r: &mut Reader) {
        self.tabs = false;
        self.other_indent = 0;
        self.next_char = self.get_prefix(ctx, r);
        while self.get_paragraph(ctx, r) {
            self.fmt_paragraph();
            self.put_paragraph(self.word_limit);
            if r.stop {
                return;
            }
        }
    }

    fn set_other_indent(&mut self, same_paragraph: bool) {
        if self.o.split {
            self.other_indent = self.first_indent;
        } else if self.o.crown {
            self.other_indent = if same_paragraph { self.in_column } else { self.first_indent };
        } else if self.o.tagged {
            if same_paragraph && self.in_column != self.first_indent {
                self.other_indent = self.in_column;
            } else if self.other_indent == self.first_indent {
                self.other_indent = if self.first_indent == 0 { DEF_INDENT } else { 0 };
            }
        } else {
            self.other_indent = self.first_indent;
        }
    }

    fn get_paragraph(&mut self, ctx: &mut Ctx<'_>, r: &mut Reader) -> bool {
        self.last_line_length = 0;
        let mut c = self.next_char;
        let o = self.o;
        while c == i32::from(b'\n')
            || c == EOF
            || self.next_prefix_indent < o.prefix_lead_space
            || self.in_column < self.next_prefix_indent + o.prefix_full_length
        {
            c = self.copy_rest(ctx, r, c);
            if c == EOF || r.stop {
                self.next_char = EOF;
                return false;
            }
            self.putchar(b'\n');
            c = self.get_prefix(ctx, r);
        }
        self.prefix_indent = self.next_prefix_indent;
        self.first_indent = self.in_column;
        self.parabuf.clear();
        self.word_limit = 0;
        c = self.get_line(ctx, r, c);
        let same = self.same_para(c);
        self.set_other_indent(same);
        if o.split {
        } else if o.crown {
            if self.same_para(c) {
                loop {
                    c = self.get_line(ctx, r, c);
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else if o.tagged {
            if self.same_para(c) && self.in_column != self.first_indent {
                loop {
                    c = self.get_line(ctx, r, c);
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else {
            while self.same_para(c) && self.in_column == self.other_indent {
                c = self.get_line(ctx, r, c);
            }
        }
        if self.word_limit > 0 {
            let w = &mut self.word[self.word_limit - 1];
            w.period = true;
            w.is_final = true;
        }
        self.next_char = c;
        true
    }

    fn copy_rest(&mut self, ctx: &mut Ctx<'_>, r: &mut Reader, mut c: i32) -> i32 {
        let o = self.o;
        self.out_column = 0;
        if self.in_column > self.next_prefix_indent || (c != i32::from(b'\n') && c != EOF) {
            self.put_space(self.next_prefix_indent);
            let mut i = 0;
            while self.out_column != self.in_column && i < o.prefix.len() {
                self.putchar(o.prefix[i]);
                i += 1;
                self.out_column += 1;
            }
            if c != EOF && c != i32::from(b'\n') {
                self.put_space(self.in_column - self.out_column);
            }
            if c == EOF && self.in_column >= self.next_prefix_indent + o.prefix_length {
                self.putchar(b'\n');
            }
        }
        while c != i32::from(b'\n') && c != EOF {
            self.putchar(c as u8);
            c = self.getc(ctx, r);
        }
        c
    }

    fn same_para(&self, c: i32) -> bool {
        self.next_prefix_indent == self.prefix_indent
            && self.in_column >= self.next_prefix_indent + self.o.prefix_full_length
            && c != i32::from(b'\n')
            && c != EOF
    }

    fn get_line(&mut self, ctx: &mut Ctx<'_>, r: &mut Reader, mut c: i32) -> i32 {
        loop {
            let wl = self.word_limit;
            self.word[wl].text = self.parabuf.len();
            loop {
                if self.parabuf.len() == MAXCHARS {
                    self.set_other_indent(true);
                    self.flush_paragraph();
                }
                self.parabuf.push(c as u8);
                c = self.getc(ctx, r);
                if c == EOF || c_isspace(c) {
                    break;
                }
            }
            let wl = self.word_limit;
            let length = (self.parabuf.len() - self.word[wl].text) as i64;
            self.word[wl].length = length;
            self.in_column += length;
            self.check_punctuation(wl);
            let start = self.in_column;
            c = self.get_space(ctx, r, c);
            let w = &mut self.word[wl];
            w.space = self.in_column - start;
            w.is_final = c == EOF || (w.period && (c == i32::from(b'\n') || w.space > 1));
            if c == i32::from(b'\n') || c == EOF || self.o.uniform {
                w.space = if w.is_final { 2 } else { 1 };
            }
            if wl == MAXWORDS - 2 {
                self.set_other_indent(true);
                self.flush_paragraph();
            }
            self.word_limit += 1;
            if c == i32::from(b'\n') || c == EOF {
                break;
            }
        }
        self.get_prefix(ctx, r)
    }

    fn get_prefix(&mut self, ctx: &mut Ctx<'_>, r: &mut Reader) -> i32 {
        let o = self.o;
        self.in_column = 0;
        let first = self.getc(ctx, r);
        let mut c = self.get_space(ctx, r, first);
        if o.prefix_length == 0 {
            self.next_prefix_indent = o.prefix_lead_space.min(self.in_column);
        } else {
            self.next_prefix_indent = self.in_column;
            for &pc in &o.prefix {
                if c != i32::from(pc) {
                    return c;
                }
                self.in_column += 1;
                c = self.getc(ctx, r);
            }
            c = self.get_space(ctx, r, c);
        }
        c
    }

    fn get_space(&mut self, ctx: &mut Ctx<'_>, r: &mut Reader, mut c: i32) -> i32 {
        loop {
            if c == i32::from(b' ') {
                self.in_column += 1;
            } else if c == i32::from(b'\t') {
                self.tabs = true;
                self.in_column = (self.in_column / TABWIDTH + 1) * TABWIDTH;
            } else {
                return c;
            }
            c = self.getc(ctx, r);
        }
    }

    fn check_punctuation(&mut self, wi: usize) {
        let w = self.word[wi];
        let Some(text) = self.parabuf.get(w.text..w.text + w.length as usize).filter(|t| !t.is_empty()) else { return };
        let mut finish = text.len() - 1;
        let fin = text[finish];
        let paren = isopen(text[0]);
        let punct = fin.is_ascii_punctuation();
        while finish > 0 && isclose(text[finish]) {
            finish -= 1;
        }
        let period = isperiod(text[finish]);
        let w = &mut self.word[wi];
        w.paren = paren;
        w.punct = punct;
        w.period = period;
    }

    fn flush_paragraph(&mut self) {
        if self.word_limit == 0 {
            self.out.extend_from_slice(&self.parabuf);
            self.parabuf.clear();
            return;
        }
        self.fmt_paragraph();
        let mut split_point = self.word_limit;
        let mut best_break = MAXCOST;
        let mut w = self.word[0].next_break;
        while w != self.word_limit {
            let nb = self.word[w].next_break;
            let d = self.word[w].best_cost.wrapping_sub(self.word[nb].best_cost);
            if d < best_break {
                split_point = w;
                best_break = d;
            }
            if best_break <= MAXCOST - LINE_CREDIT {
                best_break += LINE_CREDIT;
            }
            w = nb;
        }
        self.put_paragraph(split_point);
        let shift = self.word[split_point].text;
        self.parabuf.drain(..shift);
        let limit = self.word_limit.min(self.word.len() - 1);
        for w in split_point..=limit {
            self.word[w].text = self.word[w].text.saturating_sub(shift);
        }
        self.word.copy_within(split_point..=limit, 0);
        self.word_limit -= split_point;
    }

    fn fmt_paragraph(&mut self) {
        let wl = self.word_limit;
        self.word[wl].best_cost = 0;
        let saved_length = self.word[wl].length;
        self.word[wl].length = self.o.max_width;
        for start in (0..wl).rev() {
            let mut best = MAXCOST;
            let mut len = if start == 0 { self.first_indent } else { self.other_indent };
            let mut w = start;
            len += self.word[w].length;
            loop {
                w += 1;
                let mut wcost = self.line_cost(w, len).wrapping_add(self.word[w].best_cost);
                if start == 0 && self.last_line_length > 0 {
                    wcost = wcost.wrapping_add(ragged_cost(len - self.last_line_length));
                }
                if wcost < best {
                    best = wcost;
                    self.word[start].next_break = w;
                    self.word[start].line_length = len;
                }
                if w == wl {
                    break;
                }
                len += self.word[w - 1].space + self.word[w].length;
                if len >= self.o.max_width {
                    break;
                }
            }
            self.word[start].best_cost = best.wrapping_add(self.base_cost(start));
        }
        self.word[wl].length = saved_length;
    }

    fn base_cost(&self, this: usize) -> Cost {
        let mut cost = LINE_COST;
        if this > 0 {
            let prev = &self.word[this - 1];
            if prev.period {
                if prev.is_final {
                    cost -= SENTENCE_BONUS;
                } else {
                    cost += NOBREAK_COST;
                }
            } else if prev.punct {
                cost -= PUNCT_BONUS;
            } else if this > 1 && self.word[this - 2].is_final {
                cost += widow_cost(prev.length);
            }
        }
        let w = &self.word[this];
        if w.paren {
            cost -= PAREN_BONUS;
        } else if w.is_final {
            cost += orphan_cost(w.length);
        }
        cost
    }

    fn line_cost(&self, next: usize, len: i64) -> Cost {
        if next == self.word_limit {
            return 0;
        }
        let mut cost = short_cost(self.o.goal_width - len);
        if self.word[next].next_break != self.word_limit {
            cost = cost.wrapping_add(ragged_cost(len - self.word[next].line_length));
        }
        cost
    }

    fn put_paragraph(&mut self, finish: usize) {
        self.put_line(0, self.first_indent);
        let mut w = self.word[0].next_break;
        while w != finish {
            self.put_line(w, self.other_indent);
            w = self.word[w].next_break;
        }
    }

    fn put_line(&mut self, mut w: usize, indent: i64) {
        let o = self.o;
        self.out_column = 0;
        self.put_space(self.prefix_indent);
        self.out.extend_from_slice(&o.prefix);
        self.out_column += o.prefix_length;
        self.put_space(indent - self.out_column);
        let endline = self.word[w].next_break.saturating_sub(1);
        while w < endline {
            self.put_word(w);
            self.put_space(self.word[w].space);
            w += 1;
        }
        self.put_word(w);
        self.last_line_length = self.out_column;
        self.putchar(b'\n');
    }

    fn put_word(&mut self, w: usize) {
        let word = self.word[w];
        if let Some(text) = self.parabuf.get(word.text..word.text + word.length as usize) {
            self.out.extend_from_slice(text);
        }
        self.out_column += word.length;
    }

    fn put_space(&mut self, space: i64) {
        let space_target = self.out_column + space;
        if self.tabs {
            let tab_target = space_target / TABWIDTH * TABWIDTH;
            if self.out_column + 1 < tab_target {
                while self.out_column < tab_target {
                    self.putchar(b'\t');
                    self.out_column = (self.out_column / TABWIDTH + 1) * TABWIDTH;
                }
            }
        }
        while self.out_column < space_target {
            self.putchar(b' ');
            self.out_column += 1;
        }
    }
}

/// Parse a width as GNU `xdectoumax(s, 0, max)`; the error text on failure.
fn parse_width(s: &str, max: i64) -> Result<i64, String> {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let digits = t.strip_prefix('+').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("invalid width: {}", quote(s)));
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= max as u64 => Ok(n as i64),
        _ => Err(format!("invalid width: {}: Numerical result out of range", quote(s))),
    }
}

/// Strip the prefix's leading and trailing spaces as GNU `set_prefix` does.
fn set_prefix(o: &mut Opts, p: &str) {
    let bytes = encode(p).into_owned();
    let lead = bytes.iter().take_while(|&&b| b == b' ').count();
    let rest = bytes[lead..].to_vec();
    let trimmed = rest.len() - rest.iter().rev().take_while(|&&b| b == b' ').count();
    o.prefix_lead_space = lead as i64;
    o.prefix_full_length = rest.len() as i64;
    o.prefix_length = trimmed as i64;
    o.prefix = rest[..trimmed].to_vec();
}

impl Builtin for Fmt {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let mut argv = argv.to_vec();
        let mut max_opt: Option<String> = None;
        if argv.first().is_some_and(|a| a.len() > 1 && a.starts_with('-') && a.as_bytes()[1].is_ascii_digit()) {
            max_opt = Some(argv.remove(0)[1..].to_string());
        }
        let parsed = match args::parse_with(&cfg, SPECS, &argv) {
            Ok(p) => p,
            Err(args::ArgError::Invalid(c)) if c.is_ascii_digit() => {
                args::usage_error(
                    ctx,
                    &format!("invalid option -- {c}; -WIDTH is recognized only when it is the first\noption; use -w N instead"),
                );
                return 1;
            }
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts {
            crown: false,
            tagged: false,
            split: false,
            uniform: false,
            max_width: WIDTH,
            goal_width: 0,
            prefix: Vec::new(),
            prefix_full_length: 0,
            prefix_length: 0,
            prefix_lead_space: 0,
        };
        let mut goal_opt = None;
        for (opt, v) in parsed.opts {
            let v = v.unwrap_or_default();
            match opt {
                O::Crown => o.crown = true,
                O::Split => o.split = true,
                O::Tagged => o.tagged = true,
                O::Uniform => o.uniform = true,
                O::Width => max_opt = Some(v),
                O::Goal => goal_opt = Some(v),
                O::Prefix => set_prefix(&mut o, &v),
            }
        }
        if let Some(m) = &max_opt {
            match parse_width(m, (MAXCHARS / 2) as i64) {
                Ok(n) => o.max_width = n,
                Err(msg) => {
                    ctx.error(&msg);
                    return 1;
                }
            }
        }
        if let Some(g) = &goal_opt {
            match parse_width(g, o.max_width) {
                Ok(n) => o.goal_width = n,
                Err(msg) => {
                    ctx.error(&msg);
                    return 1;
                }
            }
            if max_opt.is_none() {
                o.max_width = o.goal_width + 10;
            }
        } else {
            o.goal_width = o.max_width * (2 * (100 - LEEWAY) + 1) / 200;
        }
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut f = Fmter {
            o: &o,
            out: Vec::with_capacity(CHUNK),
            write_status: None,
            in_column: 0,
            out_column: 0,
            parabuf: Vec::with_capacity(MAXCHARS),
            word: vec![Word::default(); MAXWORDS],
            word_limit: 0,
            tabs: false,
            prefix_indent: 0,
            first_indent: 0,
            other_indent: 0,
            next_char: EOF,
            next_prefix_indent: 0,
            last_line_length: 0,
        };
        let mut status = 0;
        for name in &files {
            let src = match open_src(ctx, name) {
                Ok(s) => s,
                Err(crate::fs::FsError::IsDir) => {
                    if !f.flush(ctx, true) {
                        break;
                    }
                    ctx.error("read error");
                    status = 1;
                    continue;
                }
                Err(e) => {
                    if !f.flush(ctx, true) {
                        break;
                    }
                    ctx.error(&format!("cannot open {} for reading: {e}", quote_name(name)));
                    status = 1;
                    continue;
                }
            };
            let mut r = Reader { src, buf: vec![0; CHUNK], pos: 0, len: 0, done: false, failed: false, stop: false };
            f.file(ctx, &mut r);
            if r.stop {
                if let Some(st) = f.write_status {
                    return st;
                }
                let _ = f.flush(ctx, true);
                return 1;
            }
            if r.failed {
                if !f.flush(ctx, true) {
                    break;
                }
                ctx.error("read error");
                status = 1;
            }
        }
        f.flush(ctx, true);
        f.write_status.unwrap_or(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::args::testfs::NOFS;
    use crate::builtins::testing::run;

    fn fmt(args: &[&str], input: &str) -> String {
        let o = run(&Fmt, "fmt", args, input.as_bytes(), &*NOFS, "/");
        format!("{}{}", String::from_utf8_lossy(&o.stdout), o.stderr)
    }

    #[test]
    fn refills() {
        assert_eq!(fmt(&[], "a b\nc\n\nd\n"), "a b c\n\nd\n");
        assert_eq!(fmt(&["-w", "5"], "aaa bbb ccc\n"), "aaa\nbbb\nccc\n");
        assert_eq!(fmt(&["-u"], "a   b.  c\n"), "a b.  c\n");
        assert_eq!(fmt(&["-s", "-w", "6"], "a b c d e f\nx\n"), "a b c\nd e f\nx\n");
    }

    #[test]
    fn prefix_and_errors() {
        assert_eq!(fmt(&["-p", "#"], "# a\n# b\nc\n"), "# a b\nc\n");
        assert!(fmt(&["-w", "x"], "").contains("invalid width"));
        assert!(fmt(&["-w", "5", "-7"], "").contains("-WIDTH is recognized"));
    }
}
