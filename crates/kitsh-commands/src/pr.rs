//! `pr`: paginate files for printing (headers with the file's date, name and page number,
//! `-l`, `-t`/`-T`, `-h`, `-n`, `-N`, `-d`, `-o`, `-w`, `-f`/`-F`, `+FIRST[:LAST]`, columns with
//! `-COLUMN`, `-a`, `-s`/`-S`, and `-m`).
//!
//! Input is pulled line by line from a [`Feed`] per file, one page at a time, so endless input
//! streams; a [`Page`] collects the page's lines and the [`Layout`] writes it out.

use std::time::{SystemTime, UNIX_EPOCH};

use super::args::{self, flush_out, open_src, quote, quote_always, read_some, usage_error, ArgKind, Config, OptSpec, Src, CHUNK};
use super::{Builtin, Ctx};
use kitsh_core::util::time::{format_tm, local_time, parse_tz};

/// The `pr` command.
pub struct Pr;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Pages,
    Columns,
    Across,
    Balance,
    Ctrl,
    Double,
    DateFmt,
    Expand,
    FormFeed,
    Header,
    OutTabs,
    Join,
    Length,
    Merge,
    Number,
    FirstNum,
    Indent,
    NoWarn,
    Sep,
    SepStr,
    OmitHeader,
    OmitPagination,
    NonPrinting,
    Width,
    PageWidth,
}

const fn opt(short: char, long: &'static str, arg: ArgKind, id: O) -> OptSpec<O> {
    OptSpec { short: Some(short), long: Some(long), arg, id }
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::long("pages", ArgKind::Required, O::Pages),
    OptSpec::long("columns", ArgKind::Required, O::Columns),
    OptSpec::flag('a', "across", O::Across),
    OptSpec::flag('b', "", O::Balance),
    OptSpec::flag('c', "show-control-chars", O::Ctrl),
    OptSpec::flag('d', "double-space", O::Double),
    OptSpec::req('D', "date-format", O::DateFmt),
    opt('e', "expand-tabs", ArgKind::Optional, O::Expand),
    OptSpec::flag('F', "form-feed", O::FormFeed),
    OptSpec::flag('f', "", O::FormFeed),
    OptSpec::req('h', "header", O::Header),
    opt('i', "output-tabs", ArgKind::Optional, O::OutTabs),
    OptSpec::flag('J', "join-lines", O::Join),
    OptSpec::req('l', "length", O::Length),
    OptSpec::flag('m', "merge", O::Merge),
    opt('n', "number-lines", ArgKind::Optional, O::Number),
    OptSpec::req('N', "first-line-number", O::FirstNum),
    OptSpec::req('o', "indent", O::Indent),
    OptSpec::flag('r', "no-file-warnings", O::NoWarn),
    opt('s', "separator", ArgKind::Optional, O::Sep),
    opt('S', "sep-string", ArgKind::Optional, O::SepStr),
    OptSpec::flag('t', "omit-header", O::OmitHeader),
    OptSpec::flag('T', "omit-pagination", O::OmitPagination),
    OptSpec::flag('v', "show-nonprinting", O::NonPrinting),
    OptSpec::req('w', "width", O::Width),
    OptSpec::req('W', "page-width", O::PageWidth),
];

const USAGE: &str = "Usage: pr [OPTION]... [FILE]...
Paginate or columnate FILE(s) for printing.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  +FIRST_PAGE[:LAST_PAGE], --pages=FIRST_PAGE[:LAST_PAGE]
                    begin [stop] printing with page FIRST_[LAST_]PAGE
  -COLUMN, --columns=COLUMN
                    output COLUMN columns and print columns down,
                    unless -a is used. Balance number of lines in the
                    columns on each page
  -a, --across      print columns across rather than down, used together
                    with -COLUMN
  -c, --show-control-chars
                    use hat notation (^G) and octal backslash notation
  -d, --double-space
                    double space the output
  -D, --date-format=FORMAT
                    use FORMAT for the header date
  -e[CHAR[WIDTH]], --expand-tabs[=CHAR[WIDTH]]
                    expand input CHARs (TABs) to tab WIDTH (8)
  -F, -f, --form-feed
                    use form feeds instead of newlines to separate pages
                    (by a 3-line page header with -F or a 5-line header
                    and trailer without -F)
  -h, --header=HEADER
                    use a centered HEADER instead of filename in page header,
                    -h \"\" prints a blank line, don't use -h\"\"
  -i[CHAR[WIDTH]], --output-tabs[=CHAR[WIDTH]]
                    replace spaces with CHARs (TABs) to tab WIDTH (8)
  -J, --join-lines  merge full lines, turns off -W line truncation, no column
                    alignment, --sep-string[=STRING] sets separators
  -l, --length=PAGE_LENGTH
                    set the page length to PAGE_LENGTH (66) lines
                    (default number of lines of text 56, and with -F 63).
                    implies -t if PAGE_LENGTH <= 10
  -m, --merge       print all files in parallel, one in each column,
                    truncate lines, but join lines of full length with -J
  -n[SEP[DIGITS]], --number-lines[=SEP[DIGITS]]
                    number lines, use DIGITS (5) digits, then SEP (TAB),
                    default counting starts with 1st line of input file
  -N, --first-line-number=NUMBER
                    start counting with NUMBER at 1st line of first
                    page printed (see +FIRST_PAGE)
  -o, --indent=MARGIN
                    offset each line with MARGIN (zero) spaces, do not
                    affect -w or -W, MARGIN will be added to PAGE_WIDTH
  -r, --no-file-warnings
                    omit warning when a file cannot be opened
  -s[CHAR], --separator[=CHAR]
                    separate columns by a single character, default for CHAR
                    is the <TAB> character without -w and 'no char' with -w.
                    -s[CHAR] turns off line truncation of all 3 column
                    options (-COLUMN|-a -COLUMN|-m) except -w is set
  -S[STRING], --sep-string[=STRING]
                    separate columns by STRING,
                    without -S: Default separator <TAB> with -J and <space>
                    otherwise (same as -S\" \"), no effect on column options
  -t, --omit-header  omit page headers and trailers;
                     implied if PAGE_LENGTH <= 10
  -T, --omit-pagination
                    omit page headers and trailers, eliminate any pagination
                    by form feeds set in input files
  -v, --show-nonprinting
                    use octal backslash notation
  -w, --width=PAGE_WIDTH
                    set page width to PAGE_WIDTH (72) characters for
                    multiple text-column output only, -s[char] turns off (72)
  -W, --page-width=PAGE_WIDTH
                    set page width to PAGE_WIDTH (72) characters always,
                    truncate lines, except -J option is set, no interference
                    with -S or -s
      --help        display this help and exit
      --version     output version information and exit";

/// The longest page accepted (lines): a memory bound.
const MAX_LENGTH: u64 = 1 << 20;
/// The widest page accepted (columns): a memory bound.
const MAX_WIDTH: u64 = 1 << 16;
/// The most lines one page may hold (page length times columns): a memory bound.
const MAX_PAGE_LINES: usize = 1 << 18;
/// An input line longer than this is cut (memory bound).
const MAX_LINE: usize = 1 << 20;

/// The settings.
struct Settings {
    length: usize,
    width: usize,
    truncate_width: Option<usize>,
    columns: usize,
    across: bool,
    merge: bool,
    double: bool,
    omit_header: bool,
    omit_pagination: bool,
    form_feed: bool,
    header: Option<String>,
    number: Option<(u8, usize)>,
    first_number: u64,
    indent: usize,
    /// `-e` (and several columns): input tabs become spaces.
    expand: bool,
    /// `-i`: runs of spaces reaching tab stops become tabs on output.
    out_tabs: bool,
    /// 0: bytes as they are; 1: `-c` (hat notation); 2: `-v` (octal escapes).
    show: u8,
    /// The column separator.
    sep: Vec<u8>,
    /// Columns are padded to their width and truncated (off with `-s` and `-J`).
    pad: bool,
    first_page: u64,
    last_page: u64,
    no_warn: bool,
    date_fmt: String,
}

/// What a [`Feed`] yields.
enum Item {
    Line(Vec<u8>),
    /// A form feed: the page ends here.
    PageEnd,
}

/// The line reader of one input.
struct Feed {
    src: Src,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
}

impl Feed {
    fn new(src: Src) -> Self {
        Self { src, buf: Vec::new(), pos: 0, eof: false }
    }

    /// The next line or form feed; `None` at the end.
    fn next(&mut self, ctx: &mut Ctx<'_>) -> Option<Item> {
        let mut line = Vec::new();
        loop {
            if self.pos == self.buf.len() {
                if self.eof {
                    return if line.is_empty() { None } else { Some(Item::Line(line)) };
                }
                self.buf.resize(CHUNK, 0);
                self.pos = 0;
                match read_some(ctx, &mut self.src, &mut self.buf) {
                    Ok(n) => {
                        self.buf.truncate(n);
                        if n == 0 {
                            self.eof = true;
                        }
                    }
                    Err(_) => {
                        self.buf.clear();
                        self.eof = true;
                    }
                }
                continue;
            }
            let c = self.buf[self.pos];
            self.pos += 1;
            match c {
                b'\n' => return Some(Item::Line(line)),
                0x0c => {
                    if line.is_empty() {
                        return Some(Item::PageEnd);
                    }
                    self.pos -= 1;
                    return Some(Item::Line(line));
                }
                _ if line.len() < MAX_LINE => line.push(c),
                _ => {}
            }
        }
    }
}

/// The lines of one page, per column.
struct Page {
    cols: Vec<Vec<Vec<u8>>>,
    /// The page ended at a form feed.
    form_feed: bool,
}

/// The writer of pages.
struct Layout<'s> {
    st: &'s Settings,
    out: Vec<u8>,
    page_no: u64,
    line_no: u64,
    date: String,
    name: String,
}

impl Layout<'_> {
    fn body_height(&self) -> usize {
        if self.headers() {
            self.st.length - 10
        } else {
            self.st.length
        }
    }

    fn headers(&self) -> bool {
        !self.st.omit_header && !self.st.omit_pagination && self.st.length > 10
    }

    fn printing(&self) -> bool {
        self.page_no >= self.st.first_page && self.page_no <= self.st.last_page
    }

    fn margin(&mut self) {
        self.out.extend(std::iter::repeat_n(b' ', self.st.indent));
    }

    fn header(&mut self) {
        let title = self.st.header.clone().unwrap_or_else(|| self.name.clone());
        let page = format!("Page {}", self.page_no);
        let used = self.date.len() + title.chars().count() + page.len();
        let pad = self.st.width.saturating_sub(used);
        let (l, r) = if pad < 2 { (1, 1) } else { (pad / 2, pad - pad / 2) };
        self.margin();
        self.out.extend_from_slice(b"\n\n");
        self.margin();
        let line = format!("{}{}{}{}{}\n\n\n", self.date, " ".repeat(l), title, " ".repeat(r), page);
        self.out.extend_from_slice(line.as_bytes());
    }

    /// The text of one cell: numbered, truncated.
    fn cell(&mut self, text: &[u8], width: Option<usize>) -> Vec<u8> {
        let mut v = Vec::new();
        if self.st.expand || self.st.columns > 1 {
            let mut col = v.len();
            for &c in text {
                if c == b'\t' {
                    let next = col / 8 * 8 + 8;
                    v.extend(std::iter::repeat_n(b' ', next - col));
                    col = next;
                } else {
                    visible(self.st.show, &[c], &mut v);
                    col += 1;
                }
            }
        } else {
            visible(self.st.show, text, &mut v);
        }
        if let Some(w) = width {
            v.truncate(w);
        }
        v
    }

    /// Write one page.
    fn page(&mut self, page: &Page) {
        let print = self.printing();
        let mut out = std::mem::take(&mut self.out);
        if print && self.headers() {
            self.out = out;
            self.header();
            out = std::mem::take(&mut self.out);
        }
        let rows = page.cols.iter().map(Vec::len).max().unwrap_or(0);
        let ncols = page.cols.len();
        let col_width = if ncols > 1 {
            let sep_len = self.st.sep.len();
            Some((self.st.width.saturating_sub(sep_len * (ncols - 1))) / ncols)
        } else {
            self.st.truncate_width
        };
        let mut written = 0;
        for r in 0..rows {
            let mut line: Vec<u8> = Vec::new();
            let last = if self.st.merge { ncols } else { page.cols.iter().filter(|c| c.len() > r).count() };
            let mut lead = 0;
            if let (true, Some((sep, digits))) = (self.st.merge, self.st.number) {
                let n = self.line_no.to_string();
                let n = if n.len() > digits { n[n.len() - digits..].to_string() } else { n };
                line.extend_from_slice(format!("{n:>digits$}").as_bytes());
                line.push(sep);
                self.line_no += 1;
                lead = if sep == b'\t' { (digits / 8 + 1) * 8 } else { digits + 1 };
            }
            for c in 0..last {
                let text = page.cols[c].get(r).map_or(&[][..], Vec::as_slice);
                if c > 0 {
                    self.pad_to(&mut line, c, col_width.map(|w| w.saturating_sub(lead / ncols.max(1))), lead);
                }
                let keep = if ncols > 1 && self.st.pad { col_width.map(|w| w.saturating_sub(1)) } else { col_width.filter(|_| ncols == 1) };
                let mut cell = self.cell(text, keep);
                if self.st.out_tabs || ncols > 1 {
                    let col = line.iter().fold(0, |k, &b| if b == b'\t' { k / 8 * 8 + 8 } else { k + 1 });
                    cell = tabify(&cell, col);
                }
                line.extend_from_slice(&cell);
            }
            if print {
                out.extend(std::iter::repeat_n(b' ', self.st.indent));
                out.extend_from_slice(&line);
                out.push(b'\n');
                // A short page of several columns ends without the last row's blank line.
                let short_end = ncols > 1 && r + 1 == rows && rows < self.body_height().div_ceil(2);
                if self.st.double && !short_end {
                    out.push(b'\n');
                }
            }
            written += if self.st.double { 2 } else { 1 };
        }
        if print {
            if self.st.form_feed && self.headers() {
                out.push(0x0c);
            } else if self.headers() {
                let height = self.body_height();
                out.extend(std::iter::repeat_n(b'\n', height.saturating_sub(written) + 5));
            } else if page.form_feed && !self.st.omit_pagination {
                out.push(0x0c);
            }
        }
        self.out = out;
    }

    /// Pad `line` (holding columns before `c`) to the end of column `c - 1` and add the
    /// separator.
    fn pad_to(&self, line: &mut Vec<u8>, c: usize, width: Option<usize>, lead: usize) {
        if self.st.pad {
            let target = lead + c * width.unwrap_or(0) + (c - 1) * self.st.sep.len();
            let mut col = 0;
            for &b in line.iter() {
                col = if b == b'\t' { col / 8 * 8 + 8 } else { col + 1 };
            }
            while (col / 8 + 1) * 8 <= target {
                line.push(b'\t');
                col = (col / 8 + 1) * 8;
            }
            while col < target {
                line.push(b' ');
                col += 1;
            }
        }
        line.extend_from_slice(&self.st.sep);
    }
}

/// Append `text` with non-printing bytes shown as `-c` (`^X`) or `-v` (`\ooo`) ask.
fn visible(show: u8, text: &[u8], v: &mut Vec<u8>) {
    for &c in text {
        let special = (c < 32 && c != b'\t') || c >= 127;
        if show == 0 || !special {
            v.push(c);
        } else if show == 1 && c < 32 {
            v.extend_from_slice(&[b'^', c + 64]);
        } else if show == 1 && c == 127 {
            v.extend_from_slice(b"^?");
        } else {
            v.extend_from_slice(format!("\\{c:03o}").as_bytes());
        }
    }
}

/// Turn runs of two or more spaces that reach a tab stop (every 8 columns) into tabs; `line`
/// starts at column `start`.
fn tabify(line: &[u8], start: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(line.len());
    let mut col = start;
    let mut i = 0;
    while i < line.len() {
        if line[i] == b' ' {
            let start = col;
            let mut j = i;
            while j < line.len() && line[j] == b' ' {
                j += 1;
            }
            let end = start + (j - i);
            let mut c = start;
            if end - start >= 2 {
                while (c / 8 + 1) * 8 <= end {
                    out.push(b'\t');
                    c = (c / 8 + 1) * 8;
                }
            }
            out.extend(std::iter::repeat_n(b' ', end - c));
            col = end;
            i = j;
            continue;
        }
        col = if line[i] == b'\t' { col / 8 * 8 + 8 } else { col + 1 };
        out.push(line[i]);
        i += 1;
    }
    out
}

/// Parse a positive number option; `Err` after reporting.
fn number(ctx: &mut Ctx<'_>, v: &str, what: &str, min: u64, max: u64) -> Result<u64, i32> {
    match v.parse::<u64>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        Ok(_) => {
            ctx.error(&format!("{what}: {}: Numerical result out of range", quote(v)));
            Err(1)
        }
        Err(_) if v.starts_with('-') && v[1..].bytes().all(|b| b.is_ascii_digit()) && v.len() > 1 => {
            ctx.error(&format!("{what}: {}: Numerical result out of range", quote(v)));
            Err(1)
        }
        Err(_) => {
            ctx.error(&format!("{what}: {}", quote(v)));
            Err(1)
        }
    }
}

/// Parse `FIRST[:LAST]`.
fn pages(v: &str) -> Option<(u64, u64)> {
    let (a, b) = match v.split_once(':') {
        Some((a, b)) => (a, Some(b)),
        None => (v, None),
    };
    let first = a.parse::<u64>().ok().filter(|&n| n > 0)?;
    let last = match b {
        Some(b) => b.parse::<u64>().ok().filter(|&n| n >= first)?,
        None => u64::MAX,
    };
    Some((first, last))
}

impl Builtin for Pr {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let mut rest = Vec::new();
        let mut cols_arg: Option<String> = None;
        let mut pages_arg: Option<String> = None;
        let mut dashdash = false;
        let mut takes_arg = false;
        for a in argv {
            if std::mem::take(&mut takes_arg) {
                rest.push(a.clone());
                continue;
            }
            if !dashdash && matches!(a.as_str(), "-o" | "-l" | "-w" | "-W" | "-h" | "-N" | "-D") {
                takes_arg = true;
            }
            if !dashdash {
                if a == "--" {
                    dashdash = true;
                } else if let Some(d) = a.strip_prefix('-').filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) {
                    cols_arg = Some(d.to_string());
                    continue;
                } else if let Some(p) = a.strip_prefix('+') {
                    pages_arg = Some(p.to_string());
                    continue;
                }
            }
            rest.push(a.clone());
        }
        let parsed = match args::parse_with(&cfg, SPECS, &rest) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut st = Settings {
            length: 66,
            width: 72,
            truncate_width: None,
            columns: 1,
            across: false,
            merge: false,
            double: false,
            omit_header: false,
            omit_pagination: false,
            form_feed: false,
            header: None,
            number: None,
            first_number: 1,
            indent: 0,
            sep: Vec::new(),
            pad: true,
            show: 0,
            expand: false,
            out_tabs: false,
            first_page: 1,
            last_page: u64::MAX,
            no_warn: false,
            date_fmt: "%Y-%m-%d %H:%M".to_string(),
        };
        let mut sep_set = false;
        for (o, v) in parsed.opts {
            let v = v.unwrap_or_default();
            let r: Result<(), i32> = (|| {
                match o {
                    O::Pages => pages_arg = Some(v.clone()),
                    O::Columns => cols_arg = Some(v.clone()),
                    O::Across => st.across = true,
                    O::Balance => {}
                    O::OutTabs => st.out_tabs = true,
                    O::Expand => st.expand = true,
                    O::Ctrl => st.show = st.show.max(1),
                    O::NonPrinting => st.show = 2,
                    O::Join => {
                        if !sep_set {
                            st.sep = b"\t".to_vec();
                        }
                        st.pad = false;
                    }
                    O::Double => st.double = true,
                    O::DateFmt => st.date_fmt = v.clone(),
                    O::FormFeed => st.form_feed = true,
                    O::Header => st.header = Some(v.clone()),
                    O::Length => st.length = number(ctx, &v, "'-l PAGE_LENGTH' invalid number of lines", 1, MAX_LENGTH)? as usize,
                    O::Merge => st.merge = true,
                    O::Number => {
                        let (sep, digits) = match v.chars().next() {
                            Some(c) if !c.is_ascii_digit() => (v.as_bytes()[0], &v[c.len_utf8()..]),
                            _ => (b'\t', v.as_str()),
                        };
                        let d = if digits.is_empty() {
                            5
                        } else if let Ok(d) = digits.parse::<usize>() {
                            d.min(64)
                        } else {
                            usage_error(ctx, &format!("'-n' extra characters or invalid number in the argument: {}", quote(digits)));
                            return Err(1);
                        };
                        st.number = Some((sep, d));
                    }
                    O::FirstNum => {
                        st.first_number = number(ctx, &v, "'-N NUMBER' invalid starting line number", 0, u64::MAX)?;
                    }
                    O::Indent => st.indent = number(ctx, &v, "'-o MARGIN' invalid line offset", 0, MAX_WIDTH)? as usize,
                    O::NoWarn => st.no_warn = true,
                    O::Sep => {
                        st.sep = if v.is_empty() { b"\t".to_vec() } else { v.as_bytes()[..1].to_vec() };
                        st.pad = false;
                        sep_set = true;
                    }
                    O::SepStr => {
                        st.sep = v.as_bytes().to_vec();
                        sep_set = true;
                    }
                    O::OmitHeader => st.omit_header = true,
                    O::OmitPagination => st.omit_pagination = true,
                    O::Width => {
                        st.width = number(ctx, &v, "'-w PAGE_WIDTH' invalid number of characters", 1, MAX_WIDTH)? as usize;
                    }
                    O::PageWidth => {
                        let w = number(ctx, &v, "'-W PAGE_WIDTH' invalid number of characters", 1, MAX_WIDTH)? as usize;
                        st.width = w;
                        st.truncate_width = Some(w);
                    }
                }
                Ok(())
            })();
            if let Err(s) = r {
                return s;
            }
        }
        if let Some(p) = &pages_arg {
            match pages(p) {
                Some((a, b)) => {
                    st.first_page = a;
                    st.last_page = b;
                }
                None => {
                    ctx.error(&format!("invalid --pages argument {}", quote_always(p)));
                    return 1;
                }
            }
        }
        if let Some(c) = &cols_arg {
            match c.parse::<usize>() {
                Ok(n) if (1..=1 << 12).contains(&n) => st.columns = n,
                _ => {
                    ctx.error(&format!("invalid number of columns: {}", quote(c)));
                    return 1;
                }
            }
        }
        if st.merge && cols_arg.is_some() {
            ctx.error("cannot specify number of columns when printing in parallel");
            return 1;
        }
        if st.merge && st.across {
            ctx.error("cannot specify both printing across and printing in parallel");
            return 1;
        }
        let files = if parsed.operands.is_empty() { vec!["-".to_string()] } else { parsed.operands };
        let ncols = if st.merge { files.len() } else { st.columns };
        if ncols > 1 {
            let sep_len = st.sep.len();
            let per = st.width.saturating_sub(sep_len * (ncols - 1)) / ncols;
            if per < 1 || (st.number.is_some() && per <= st.number.map_or(0, |n| n.1 + 1)) {
                ctx.error("page width too narrow");
                return 1;
            }
        }
        if st.length <= 10 {
            st.omit_header = true;
        }
        if st.length.saturating_mul(ncols) > MAX_PAGE_LINES {
            ctx.error("page too large: lower -l or the number of columns");
            return 1;
        }
        let tz = parse_tz(ctx.env.get("TZ").as_deref());
        let now = SystemTime::now();
        let fmt_time = |t: SystemTime| -> String {
            let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
            format_tm(&st.date_fmt, &local_time(secs, &tz), 0)
        };
        let mut status = 0;
        let mut lay = Layout { st: &st, out: Vec::with_capacity(CHUNK), page_no: 0, line_no: st.first_number, date: String::new(), name: String::new() };
        let mut feeds: Vec<(String, Feed)> = Vec::new();
        let groups: Vec<Vec<String>> = if st.merge { vec![files.clone()] } else { files.iter().map(|f| vec![f.clone()]).collect() };
        for group in groups {
            feeds.clear();
            let mut mtime = now;
            for name in &group {
                match open_src(ctx, name) {
                    Ok(src) => {
                        if name != "-" {
                            if let Ok(m) = ctx.fs.stat(&ctx.abs_path(name)) {
                                mtime = m.mtime;
                            }
                        }
                        feeds.push((name.clone(), Feed::new(src)));
                    }
                    Err(e) => {
                        if !st.no_warn {
                            let _ = flush_out(ctx, &mut lay.out, true);
                            ctx.error(&format!("{name}: {e}"));
                        }
                        status = 1;
                    }
                }
            }
            if feeds.is_empty() {
                continue;
            }
            lay.page_no = 0;
            lay.name = if st.merge || group[0] == "-" { String::new() } else { group[0].clone() };
            lay.date = fmt_time(if st.merge { now } else { mtime });
            loop {
                if ctx.cancel.cancelled() {
                    return 1;
                }
                let Some(page) = collect(ctx, &mut lay, &mut feeds) else { break };
                lay.page_no += 1;
                if lay.page_no > st.last_page {
                    break;
                }
                lay.page(&page);
                if let Err(s) = flush_out(ctx, &mut lay.out, false) {
                    return s;
                }
            }
            if lay.page_no < st.first_page && st.first_page > 1 {
                let _ = flush_out(ctx, &mut lay.out, true);
                ctx.error(&format!("starting page number {} exceeds page count {}", st.first_page, lay.page_no));
            }
        }
        match flush_out(ctx, &mut lay.out, true) {
            Ok(()) => status,
            Err(s) => s,
        }
    }
}

/// Collect the next page from the feeds; `None` when all are exhausted.
fn collect(ctx: &mut Ctx<'_>, lay: &mut Layout<'_>, feeds: &mut [(String, Feed)]) -> Option<Page> {
    let st = lay.st;
    let height = {
        let h = lay.body_height().max(1);
        if st.double {
            h.div_ceil(2)
        } else {
            h
        }
    };
    if st.merge {
        let mut cols = vec![Vec::new(); feeds.len()];
        let mut any = false;
        let mut ff = false;
        for (i, (_, f)) in feeds.iter_mut().enumerate() {
            while cols[i].len() < height {
                match f.next(ctx) {
                    Some(Item::Line(l)) => {
                        cols[i].push(l);
                        any = true;
                    }
                    Some(Item::PageEnd) => {
                        ff = true;
                        any = true;
                        break;
                    }
                    None => break,
                }
            }
        }
        return any.then_some(Page { cols, form_feed: ff });
    }
    let f = &mut feeds[0].1;
    let want = height * st.columns;
    let mut lines = Vec::new();
    let mut ff = false;
    while lines.len() < want {
        match f.next(ctx) {
            Some(Item::Line(l)) => match st.number {
                Some((sep, digits)) => {
                    let n = lay.line_no.to_string();
                    let n = if n.len() > digits { n[n.len() - digits..].to_string() } else { n };
                    let mut v = format!("{n:>digits$}").into_bytes();
                    v.push(sep);
                    v.extend_from_slice(&l);
                    lay.line_no += 1;
                    lines.push(v);
                }
                None => lines.push(l),
            },
            Some(Item::PageEnd) => {
                ff = true;
                break;
            }
            None => break,
        }
    }
    if lines.is_empty() && !ff {
        return None;
    }
    let n = st.columns;
    let mut cols = vec![Vec::new(); n];
    if st.across {
        for (i, l) in lines.into_iter().enumerate() {
            cols[i % n].push(l);
        }
    } else {
        let mut it = lines.into_iter();
        if cols.len() * height == want && it.len() == want {
            for col in &mut cols {
                col.extend(it.by_ref().take(height));
            }
        } else {
            let (base, extra) = (it.len() / n, it.len() % n);
            for (k, col) in cols.iter_mut().enumerate() {
                col.extend(it.by_ref().take(base + usize::from(k < extra)));
            }
        }
    }
    Some(Page { cols, form_feed: ff })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn pr(args: &[&str], input: &[u8]) -> String {
        let o = run(&Pr, "pr", args, input, &*NOFS, "/");
        format!("{}{}", String::from_utf8_lossy(&o.stdout), o.stderr)
    }

    #[test]
    fn plain_and_numbered() {
        assert_eq!(pr(&["-t"], b"a\nb\n"), "a\nb\n");
        assert_eq!(pr(&["-t", "-n"], b"a\n"), "    1\ta\n");
        assert_eq!(pr(&["-t", "-d"], b"a\n"), "a\n\n");
        assert_eq!(pr(&["-t", "-o", "2"], b"a\n"), "  a\n");
    }

    #[test]
    fn columns() {
        assert_eq!(pr(&["-t", "-3", "-s,"], b"1\n2\n3\n"), "1,2,3\n");
        assert_eq!(pr(&["-t", "-2", "-a", "-s|"], b"1\n2\n3\n"), "1|2\n3\n");
        assert_eq!(pr(&["-l", "5"], b"1\n2\n3\n4\n5\n6\n"), "1\n2\n3\n4\n5\n6\n");
    }

    #[test]
    fn helpers() {
        assert_eq!(tabify(b"a       b", 0), b"a\tb".to_vec());
        assert_eq!(pages("2:3"), Some((2, 3)));
        assert_eq!(pages("x"), None);
        let mut v = Vec::new();
        visible(2, b"a\x00", &mut v);
        assert_eq!(v, b"a\\000".to_vec());
    }

    #[test]
    fn errors() {
        assert_eq!(pr(&["-l", "x"], b""), "pr: '-l PAGE_LENGTH' invalid number of lines: ‘x’\n");
        assert_eq!(pr(&["-a", "-m"], b""), "pr: cannot specify both printing across and printing in parallel\n");
        assert!(pr(&["-t", "-né5"], b"a\n").ends_with("a\n"));
    }
}
