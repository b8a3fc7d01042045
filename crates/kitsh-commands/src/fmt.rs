//! `fmt`: fill and join paragraphs (`-w`, `-g`, `-s`, `-u`, `-p`, `-t`, `-c`, obsolete `-N`).
//!
//! The input is cut into lines; consecutive lines form a [`Para`] while their indentation and
//! prefix fit the mode. Each paragraph is a list of [`Word`]s broken into lines by a
//! dynamic-programming [`Breaker`] that minimises the documented cost model (lines near the goal
//! width, even right margin, breaks after sentences and punctuation, no widows or orphans).
//! Paragraphs are buffered up to [`MAX_WORDS`] words / [`MAX_CHARS`] bytes; a longer paragraph is
//! partly written out, so endless input streams.


use super::args::{self, flush_out, open_src, quote, read_some, Config, OptSpec, CHUNK};
use super::rev::read_error_text;
use super::{Builtin, Ctx};

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
      --help        display this help and exit
      --version     output version information and exit";

/// The widest line `fmt` accepts.
const MAX_WIDTH: u64 = 2500;
/// The most words held: a paragraph's next word first writes part of it out (GNU's limit,
/// found by comparing outputs).
const MAX_WORDS: usize = 998;
/// Word bytes held before a paragraph is partly written out.
const MAX_CHARS: usize = 5000;
/// An input line longer than this is handled as if it ended there (memory bound).
const MAX_LINE: usize = 1 << 20;

/// A cost in the line-breaking model (squared "badness" units).
type Cost = i64;

/// Squares a distance into cost units.
const fn sq(n: Cost) -> Cost {
    n * n
}
/// The price of any line break.
const BREAK: Cost = sq(70);
/// Bonus for breaking after a sentence end.
const AFTER_SENTENCE: Cost = sq(50);
/// Penalty for breaking after a period that does not end a sentence (`Mr. Smith`).
const INSIDE_SENTENCE: Cost = sq(600);
/// Bonus for breaking before an opening parenthesis or quote.
const BEFORE_PAREN: Cost = sq(40);
/// Bonus for breaking after punctuation.
const AFTER_PUNCT: Cost = sq(40);

/// Cost of a line `n` columns away from the goal.
const fn short_cost(n: Cost) -> Cost {
    sq(n * 10)
}
/// Cost of a line `n` columns longer or shorter than the next one.
const fn ragged_cost(n: Cost) -> Cost {
    short_cost(n) / 2
}
/// Cost of leaving a sentence's first word (of width `n`) alone at the end of a line.
const fn widow_cost(n: Cost) -> Cost {
    sq(200) / (n + 2)
}
/// Cost of starting a line with a sentence's last word (of width `n`).
const fn orphan_cost(n: Cost) -> Cost {
    sq(150) / (n + 2)
}

/// The settings.
struct Settings {
    width: usize,
    goal: usize,
    crown: bool,
    tagged: bool,
    split: bool,
    uniform: bool,
    /// The prefix with its leading and trailing blanks removed.
    prefix: Vec<u8>,
    /// The columns of blanks the prefix argument started with (a line needs at least as many).
    prefix_lead: usize,
}

/// One word of a paragraph with the facts the breaker needs.
#[derive(Clone)]
struct Word {
    text: Vec<u8>,
    /// The columns up to the next word on the same output line.
    gap: usize,
    /// Ends with `.`, `?` or `!` (before closing brackets and quotes).
    period: bool,
    /// A period that ends a sentence (followed by two blanks or the end of a line).
    sentence_end: bool,
    /// Ends with a punctuation character.
    punct: bool,
    /// Starts with an opening parenthesis or quote.
    opens: bool,
}

impl Word {
    fn width(&self) -> Cost {
        self.text.len() as Cost
    }
}

/// A paragraph being collected.
struct Para {
    words: Vec<Word>,
    chars: usize,
    /// The column the prefix starts at.
    prefix_col: usize,
    first_indent: usize,
    rest_indent: Option<usize>,
    lines: usize,
    /// The length of the last line written for this paragraph (after a partial flush).
    carry: usize,
}

/// The breaker's result for a word starting a line.
#[derive(Clone, Copy)]
struct Choice {
    /// The word that starts the next line.
    next: usize,
    /// The length of the line in columns (indentation included).
    len: Cost,
    /// The total cost from this word to the end.
    total: Cost,
}

/// Line breaking by dynamic programming over the words, from the last to the first.
struct Breaker<'a> {
    words: &'a [Word],
    first_indent: Cost,
    rest_indent: Cost,
    carry: Cost,
    goal: Cost,
    width: Cost,
}

impl Breaker<'_> {
    /// The cost of a line of length `len` followed by the line starting at `next`.
    fn line_cost(&self, choices: &[Choice], next: usize, len: Cost) -> Cost {
        let end = self.words.len();
        if next == end {
            return 0;
        }
        let mut c = short_cost(self.goal - len);
        if choices[next].next != end {
            c += ragged_cost(len - choices[next].len);
        }
        c
    }

    /// The cost of starting a line at word `i`, from the words around the break.
    fn break_cost(&self, i: usize) -> Cost {
        let w = self.words;
        let mut c = BREAK;
        if i > 0 {
            let before = &w[i - 1];
            if before.period {
                if before.sentence_end {
                    c -= AFTER_SENTENCE;
                } else {
                    c += INSIDE_SENTENCE;
                }
            } else if before.punct {
                c -= AFTER_PUNCT;
            } else if i > 1 && w[i - 2].sentence_end {
                c += widow_cost(before.width());
            }
        }
        if w[i].opens {
            c -= BEFORE_PAREN;
        } else if w[i].sentence_end {
            c += orphan_cost(w[i].width());
        }
        c
    }

    /// The best choice for every word (index `words.len()` is the end sentinel).
    fn solve(&self) -> Vec<Choice> {
        let end = self.words.len();
        let mut choices = vec![Choice { next: end, len: 0, total: 0 }; end + 1];
        for start in (0..end).rev() {
            let mut len = if start == 0 { self.first_indent } else { self.rest_indent };
            len += self.words[start].width();
            let mut best = Choice { next: end, len, total: Cost::MAX };
            let mut next = start;
            loop {
                next += 1;
                let mut c = self.line_cost(&choices, next, len).saturating_add(choices[next].total);
                if start == 0 && self.carry > 0 {
                    c = c.saturating_add(ragged_cost(len - self.carry));
                }
                if c < best.total {
                    best = Choice { next, len, total: c };
                }
                if next == end {
                    break;
                }
                len += (self.words[next - 1].gap as Cost) + self.words[next].width();
                if len >= self.width {
                    break;
                }
            }
            best.total = best.total.saturating_add(self.break_cost(start));
            choices[start] = best;
        }
        choices
    }
}

/// The output side: tab use and the written text.
struct Writer {
    /// A tab was seen in the input: indentation and gaps may use tabs.
    tabs: bool,
    out: Vec<u8>,
    col: usize,
}

impl Writer {
    /// Advance `n` columns with blanks.
    fn space(&mut self, n: usize) {
        let target = self.col + n;
        if self.tabs {
            let tab_target = target / 8 * 8;
            if self.col + 1 < tab_target {
                while self.col < tab_target {
                    self.out.push(b'\t');
                    self.col = (self.col / 8 + 1) * 8;
                }
            }
        }
        while self.col < target {
            self.out.push(b' ');
            self.col += 1;
        }
    }

    /// Write one output line of `words` with `indent`; returns its length in columns.
    fn line(&mut self, st: &Settings, prefix_col: usize, indent: usize, words: &[Word]) -> usize {
        self.col = 0;
        if !st.prefix.is_empty() {
            self.space(prefix_col);
            self.out.extend_from_slice(&st.prefix);
            self.col += st.prefix.len();
        }
        self.space(indent.saturating_sub(self.col));
        for (k, w) in words.iter().enumerate() {
            if k > 0 {
                self.space(words[k - 1].gap);
            }
            self.out.extend_from_slice(&w.text);
            self.col += w.text.len();
        }
        let len = self.col;
        self.out.push(b'\n');
        len
    }
}

/// Whether `c` separates words.
fn blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n')
}

/// The column after `c` at column `col`.
fn advance(col: usize, c: u8) -> usize {
    if c == b'\t' {
        col / 8 * 8 + 8
    } else {
        col + 1
    }
}

/// The formatter state across lines and files.
struct Fmt1<'s> {
    st: &'s Settings,
    para: Option<Para>,
    w: Writer,
    /// The indentation of the last paragraph's lines after the first.
    last_rest: usize,
}

impl Fmt1<'_> {
    /// Handle one input line (without its newline).
    fn line(&mut self, line: &[u8]) {
        if line.contains(&b'\t') {
            self.w.tabs = true;
        }
        // Find the prefix.
        let mut i = 0;
        let mut col = 0;
        let mut prefix_col = 0;
        if !self.st.prefix.is_empty() {
            while i < line.len() && (line[i] == b' ' || line[i] == b'\t') {
                col = advance(col, line[i]);
                i += 1;
            }
            if col < self.st.prefix_lead || !line[i..].starts_with(&self.st.prefix) {
                self.raw(line);
                return;
            }
            prefix_col = col;
            i += self.st.prefix.len();
            col += self.st.prefix.len();
        }
        while i < line.len() && blank(line[i]) {
            col = advance(col, line[i]);
            i += 1;
        }
        if i == line.len() {
            // A blank line: written without its trailing blanks.
            let keep = line.iter().rposition(|&c| !blank(c)).map_or(0, |k| k + 1);
            self.raw(&line[..keep]);
            return;
        }
        let indent = col;
        let joins = match &mut self.para {
            Some(p) if p.prefix_col == prefix_col && !self.st.split => {
                if p.lines == 1 && (self.st.crown || self.st.tagged) {
                    if self.st.tagged && indent == p.first_indent {
                        false
                    } else {
                        p.rest_indent = Some(indent);
                        true
                    }
                } else {
                    Some(indent) == p.rest_indent || (p.lines == 1 && indent == p.first_indent)
                }
            }
            _ => false,
        };
        if !joins {
            self.end_para();
            let rest = if self.st.crown || self.st.tagged { None } else { Some(indent) };
            self.para = Some(Para {
                words: Vec::new(),
                chars: 0,
                prefix_col,
                first_indent: indent,
                rest_indent: rest,
                lines: 0,
                carry: 0,
            });
        }
        if let Some(p) = &mut self.para {
            p.lines += 1;
        }
        // Cut the words.
        while i < line.len() {
            let start = i;
            while i < line.len() && !blank(line[i]) {
                i += 1;
            }
            let text = &line[start..i];
            col += i - start;
            let word_end_col = col;
            while i < line.len() && blank(line[i]) {
                col = advance(col, line[i]);
                i += 1;
            }
            let at_eol = i == line.len();
            let core = {
                let mut e = text.len();
                while e > 0 && matches!(text[e - 1], b')' | b']' | b'\'' | b'"') {
                    e -= 1;
                }
                &text[..e]
            };
            let period = core.last().is_some_and(|c| matches!(c, b'.' | b'?' | b'!'));
            let input_gap = col - word_end_col;
            let sentence_end = period && (at_eol || input_gap > 1);
            let gap = if at_eol || self.st.uniform { 1 + usize::from(sentence_end) } else { input_gap };
            let word = Word {
                text: text.to_vec(),
                gap,
                period,
                sentence_end,
                punct: text.last().is_some_and(|c| c.is_ascii_punctuation()),
                opens: text.first().is_some_and(|c| matches!(c, b'(' | b'[' | b'`' | b'\'' | b'"')),
            };
            self.push(word);
        }
    }

    /// Add a word to the paragraph, writing part of it first if the buffer is full.
    fn push(&mut self, mut word: Word) {
        if self.para.as_ref().is_some_and(|p| p.words.len() >= MAX_WORDS) {
            self.partial();
        }
        loop {
            let Some(p) = &mut self.para else { return };
            if p.chars + word.text.len() <= MAX_CHARS {
                break;
            }
            if p.words.is_empty() {
                // Only this word: its head is written as it is.
                let room = MAX_CHARS - p.chars;
                self.w.out.extend_from_slice(&word.text[..room]);
                word.text.drain(..room);
                continue;
            }
            let before = p.words.len();
            self.partial();
            if self.para.as_ref().is_some_and(|p| p.words.len() == before) {
                break;
            }
        }
        if let Some(p) = &mut self.para {
            p.chars += word.text.len();
            p.words.push(word);
        }
    }

    /// The indentation of lines after the first.
    fn rest_indent(&self, p: &Para) -> usize {
        match p.rest_indent {
            Some(r) => r,
            // A tagged paragraph of one line keeps the previous paragraph's indentation unless
            // that equals its first line's.
            None if self.st.tagged => {
                if self.last_rest != p.first_indent {
                    self.last_rest
                } else if p.first_indent == 0 {
                    3
                } else {
                    0
                }
            }
            None => p.first_indent,
        }
    }

    fn breaker<'a>(&self, p: &'a Para) -> Breaker<'a> {
        Breaker {
            words: &p.words,
            first_indent: p.first_indent as Cost,
            rest_indent: self.rest_indent(p) as Cost,
            carry: p.carry as Cost,
            goal: self.st.goal as Cost,
            width: self.st.width as Cost,
        }
    }

    /// Write the lines of the paragraph from word `from` up to word `to` (a line start).
    fn write_lines(&mut self, p: &Para, choices: &[Choice], to: usize) -> usize {
        let rest = self.rest_indent(p);
        let mut i = 0;
        let mut last = 0;
        while i < to {
            let next = choices[i].next;
            let indent = if i == 0 { p.first_indent } else { rest };
            last = self.w.line(self.st, p.prefix_col, indent, &p.words[i..next]);
            i = next;
        }
        last
    }

    /// Write the paragraph's first lines up to a good break, keeping the rest.
    fn partial(&mut self) {
        let Some(mut p) = self.para.take() else { return };
        let choices = self.breaker(&p).solve();
        let end = p.words.len();
        let mut split = end;
        let mut best = Cost::MAX;
        let mut i = choices[0].next;
        while i != end {
            let here = choices[i].total.saturating_sub(choices[choices[i].next].total);
            if here < best {
                split = i;
                best = here;
            }
            best = best.saturating_add(BREAK);
            i = choices[i].next;
        }
        let last = self.write_lines(&p, &choices, split);
        p.words.drain(..split);
        p.chars = p.words.iter().map(|w| w.text.len()).sum();
        p.carry = last;
        p.first_indent = self.rest_indent(&p);
        p.rest_indent = Some(p.first_indent);
        self.para = Some(p);
    }

    /// Write the whole paragraph out.
    fn end_para(&mut self) {
        let Some(mut p) = self.para.take() else { return };
        if p.rest_indent.is_none() {
            p.rest_indent = Some(self.rest_indent(&p));
        }
        self.last_rest = p.rest_indent.unwrap_or(0);
        // The end of a paragraph counts as the end of a sentence.
        let Some(last) = p.words.last_mut() else { return };
        last.sentence_end = true;
        let choices = self.breaker(&p).solve();
        self.write_lines(&p, &choices, p.words.len());
    }

    /// A line copied as it is (blank or without the prefix).
    fn raw(&mut self, line: &[u8]) {
        self.end_para();
        self.w.out.extend_from_slice(line);
        self.w.out.push(b'\n');
    }
}

/// Parse a width argument against `max`; `Err` after reporting.
fn width_arg(ctx: &mut Ctx<'_>, v: &str, max: u64) -> Result<usize, i32> {
    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
        match v.parse::<u64>() {
            Ok(n) if n <= max => return usize::try_from(n).map_err(|_| 1),
            _ => {
                ctx.error(&format!("invalid width: {}: Numerical result out of range", quote(v)));
                return Err(1);
            }
        }
    }
    ctx.error(&format!("invalid width: {}", quote(v)));
    Err(1)
}

impl Builtin for Fmt {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let mut argv = argv.to_vec();
        let mut width_str = None;
        if let Some(d) = argv.first().and_then(|a| a.strip_prefix('-')) {
            if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) {
                width_str = Some(d.to_string());
                argv.remove(0);
            }
        }
        let mut takes_arg = false;
        for a in &argv {
            if a == "--" {
                break;
            }
            if takes_arg {
                takes_arg = false;
                continue;
            }
            let b = a.as_bytes();
            if b.len() > 1 && b[0] == b'-' && b[1] != b'-' {
                for (k, &c) in b[1..].iter().enumerate() {
                    if c.is_ascii_digit() {
                        args::usage_error(
                            ctx,
                            &format!(
                                "invalid option -- {}; -WIDTH is recognized only when it is the first\noption; use -w N instead",
                                c as char
                            ),
                        );
                        return 1;
                    }
                    if matches!(c, b'w' | b'g' | b'p') {
                        takes_arg = k + 2 == b.len();
                        break;
                    }
                }
            } else if matches!(a.as_str(), "--width" | "--goal" | "--prefix") {
                takes_arg = true;
            }
        }
        let parsed = match args::parse_with(&cfg, SPECS, &argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut st = Settings {
            width: 75,
            goal: 0,
            crown: false,
            tagged: false,
            split: false,
            uniform: false,
            prefix: Vec::new(),
            prefix_lead: 0,
        };
        let mut goal_str = None;
        for (o, v) in parsed.opts {
            let v = v.unwrap_or_default();
            match o {
                O::Crown => st.crown = true,
                O::Tagged => st.tagged = true,
                O::Split => st.split = true,
                O::Uniform => st.uniform = true,
                O::Width => width_str = Some(v),
                O::Goal => goal_str = Some(v),
                O::Prefix => {
                    let b = v.as_bytes();
                    let lead = b.iter().take_while(|&&c| c == b' ' || c == b'\t').count();
                    let mut p = b[lead..].to_vec();
                    while p.last().is_some_and(|&c| c == b' ' || c == b'\t') {
                        p.pop();
                    }
                    st.prefix_lead = b[..lead].iter().fold(0, |c, &x| advance(c, x));
                    st.prefix = p;
                }
            }
        }
        if let Some(w) = &width_str {
            match width_arg(ctx, w, MAX_WIDTH) {
                Ok(n) => st.width = n,
                Err(s) => return s,
            }
        }
        match &goal_str {
            Some(g) => match width_arg(ctx, g, st.width as u64) {
                Ok(n) => {
                    st.goal = n;
                    if width_str.is_none() {
                        st.width = n + 10;
                    }
                }
                Err(s) => return s,
            },
            None => st.goal = st.width * 187 / 200,
        }
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let mut f = Fmt1 { st: &st, para: None, last_rest: 0, w: Writer { tabs: false, out: Vec::with_capacity(CHUNK), col: 0 } };
        let mut buf = crate::args::ChunkBuf::new();
        let mut line = Vec::new();
        let mut status = 0;
        for name in &files {
            let mut src = match open_src(ctx, name) {
                Ok(s) => s,
                Err(e) => {
                    if let Err(st) = flush_out(ctx, &mut f.w.out, true) {
                        return st;
                    }
                    ctx.error(&format!("cannot open {} for reading: {e}", args::quote_always(name)));
                    status = 1;
                    continue;
                }
            };
            loop {
                match read_some(ctx, &mut src, &mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        for &c in &buf[..n] {
                            if c == b'\n' || line.len() >= MAX_LINE {
                                f.line(&line);
                                line.clear();
                                if c == b'\n' {
                                    continue;
                                }
                            }
                            line.push(c);
                        }
                        if let Err(st) = flush_out(ctx, &mut f.w.out, false) {
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
            if !line.is_empty() {
                f.line(&line);
                line.clear();
            }
            f.end_para();
        }
        match flush_out(ctx, &mut f.w.out, true) {
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

    fn fmt(args: &[&str], input: &[u8]) -> String {
        let o = run(&Fmt, "fmt", args, input, &*NOFS, "/");
        format!("{}{}", String::from_utf8_lossy(&o.stdout), o.stderr)
    }

    #[test]
    fn joins_and_breaks() {
        assert_eq!(fmt(&[], b"a b\nc\n"), "a b c\n");
        assert_eq!(fmt(&["-w", "9"], b"aaaa bbbb\n"), "aaaa\nbbbb\n");
        assert_eq!(fmt(&["-w", "10"], b"aaaa bbbb\n"), "aaaa bbbb\n");
        assert_eq!(fmt(&[], b"a.  b\n\nc\n"), "a.  b\n\nc\n");
    }

    #[test]
    fn modes() {
        assert_eq!(fmt(&["-u"], b"a   b.  c\n"), "a b.  c\n");
        assert_eq!(fmt(&["-s"], b"a\nb\n"), "a\nb\n");
        assert_eq!(fmt(&["-c"], b"  x y\n    z w\n    q\n  r\n"), "  x y z w q\n  r\n");
        assert_eq!(fmt(&["-p", "#"], b"# a\n# b\nc\n"), "# a b\nc\n");
    }

    #[test]
    fn errors() {
        assert_eq!(fmt(&["-w", "x"], b""), "fmt: invalid width: ‘x’\n");
        assert_eq!(fmt(&["-g", "80"], b""), "fmt: invalid width: ‘80’: Numerical result out of range\n");
        assert!(fmt(&["-u", "-5"], b"").starts_with("fmt: invalid option -- 5;"));
    }
}
