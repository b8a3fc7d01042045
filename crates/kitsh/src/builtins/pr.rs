//! `pr`: paginate files for printing, as GNU coreutils 9.1: 66-line pages with a five-line
//! header (`YYYY-MM-DD HH:MM  FILE  Page N`, the date from the file's mtime in the VFS) and a
//! five-line trailer, `-h HEADER`, `-l N`, `-w N`/`-W N`, `-t`/`-T`, `-n[SEP[DIGITS]]`, `-N N`,
//! `-d`, `-m` (files in parallel), `-COLUMN`/`--columns` (down, balanced), `-a` (across),
//! `-s[SEP]`/`-S[STRING]`, `-J`, `-o N`, `-f`/`-F`, `-e`/`-i` tab handling, `-c`/`-v`,
//! `+FIRST[:LAST]`/`--pages`, `-D FORMAT`, `-r`.
//!
//! A port of GNU pr's column machinery (the same state variables and the same order of
//! decisions), so the output matches byte for byte. Input is read as a stream; a page of
//! columns is held in memory when printing down columns.

use std::io::ErrorKind;

use super::args::{self, flush_out, open_src, quote, quote_name, read_some, ArgKind, Config, OptSpec, Src, CHUNK};
use super::{Builtin, Ctx};
use crate::util::bytes::encode;

/// The `pr` command.
pub struct Pr;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Digit(u8),
    Pages,
    Columns,
    Across,
    Balance,
    Cntrl,
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
    FirstLine,
    Indent,
    NoWarn,
    Sep,
    SepString,
    OmitHeader,
    OmitPagination,
    Escape,
    Width,
    PageWidth,
}

const fn digit(c: char, d: u8) -> OptSpec<O> {
    OptSpec { short: Some(c), long: None, arg: ArgKind::None, id: O::Digit(d) }
}
const fn opt(c: char, long: &'static str, arg: ArgKind, id: O) -> OptSpec<O> {
    OptSpec { short: Some(c), long: Some(long), arg, id }
}

const SPECS: &[OptSpec<O>] = &[
    digit('0', 0),
    digit('1', 1),
    digit('2', 2),
    digit('3', 3),
    digit('4', 4),
    digit('5', 5),
    digit('6', 6),
    digit('7', 7),
    digit('8', 8),
    digit('9', 9),
    OptSpec::long("pages", ArgKind::Required, O::Pages),
    OptSpec::long("columns", ArgKind::Required, O::Columns),
    opt('a', "across", ArgKind::None, O::Across),
    // Undocumented in GNU's help, but accepted: balance columns on the last page.
    OptSpec { short: Some('b'), long: None, arg: ArgKind::None, id: O::Balance },
    opt('c', "show-control-chars", ArgKind::None, O::Cntrl),
    opt('d', "double-space", ArgKind::None, O::Double),
    opt('D', "date-format", ArgKind::Required, O::DateFmt),
    opt('e', "expand-tabs", ArgKind::Optional, O::Expand),
    opt('f', "form-feed", ArgKind::None, O::FormFeed),
    OptSpec { short: Some('F'), long: None, arg: ArgKind::None, id: O::FormFeed },
    opt('h', "header", ArgKind::Required, O::Header),
    opt('i', "output-tabs", ArgKind::Optional, O::OutTabs),
    opt('J', "join-lines", ArgKind::None, O::Join),
    opt('l', "length", ArgKind::Required, O::Length),
    opt('m', "merge", ArgKind::None, O::Merge),
    opt('n', "number-lines", ArgKind::Optional, O::Number),
    opt('N', "first-line-number", ArgKind::Required, O::FirstLine),
    opt('o', "indent", ArgKind::Required, O::Indent),
    opt('r', "no-file-warnings", ArgKind::None, O::NoWarn),
    opt('s', "separator", ArgKind::Optional, O::Sep),
    opt('S', "sep-string", ArgKind::Optional, O::SepString),
    opt('t', "omit-header", ArgKind::None, O::OmitHeader),
    opt('T', "omit-pagination", ArgKind::None, O::OmitPagination),
    opt('v', "show-nonprinting", ArgKind::None, O::Escape),
    opt('w', "width", ArgKind::Required, O::Width),
    opt('W', "page-width", ArgKind::Required, O::PageWidth),
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
      --help     display this help and exit
      --version  output version information and exit";

/// Largest margin, width, page length or number width accepted (see `run`).
const MAX_DIM: i32 = 1 << 20;
const LINES_PER_HEADER: i32 = 5;
const LINES_PER_FOOTER: i32 = 5;
const ANYWHERE: i32 = 0;
const EOF: i32 = -1;

fn tab_width(c: i32, h: i32) -> i32 {
    c - h % c
}
fn pos_after_tab(c: i32, h: i32) -> i32 {
    h + tab_width(c, h)
}
/// C `isprint` in the C locale.
fn isprint(c: u8) -> bool {
    (0x20..0x7f).contains(&c)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
    Open,
    FfFound,
    OnHold,
    Closed,
}

/// One output column (GNU's `COLUMN`).
#[derive(Clone, Debug)]
struct Column {
    /// Index of its input in [`PrState::inputs`].
    fp: usize,
    name: String,
    status: Status,
    /// `char_func == store_char`.
    store: bool,
    /// `print_func == print_stored`.
    stored: bool,
    current_line: usize,
    lines_stored: i32,
    lines_to_print: i32,
    start_position: i32,
    numbered: bool,
    full_page_printed: bool,
}

/// A byte stream with one byte of push-back.
struct Input {
    src: Option<Src>,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    done: bool,
    back: Option<i32>,
    error: Option<String>,
}

/// A fatal condition that ends `pr` (GNU `die`).
struct Fatal(i32);

/// The options and the running state (GNU pr's globals).
struct PrState {
    // Options.
    parallel_files: bool,
    explicit_columns: bool,
    extremities: bool,
    keep_ff: bool,
    use_form_feed: bool,
    storing_columns: bool,
    balance_columns: bool,
    lines_per_page: i32,
    chars_per_line: i32,
    truncate_lines: bool,
    join_lines: bool,
    untabify_input: bool,
    input_tab_char: u8,
    chars_per_input_tab: i32,
    tabify_output: bool,
    output_tab_char: u8,
    chars_per_output_tab: i32,
    chars_per_margin: i32,
    columns: i32,
    first_page_number: u64,
    last_page_number: u64,
    numbered_lines: bool,
    number_separator: u8,
    skip_count: bool,
    start_line_num: i32,
    chars_per_number: i32,
    use_esc_sequence: bool,
    use_cntrl_prefix: bool,
    double_space: bool,
    ignore_failed_opens: bool,
    use_col_separator: bool,
    col_sep_string: Vec<u8>,
    custom_header: Option<Vec<u8>>,
    date_format: String,
    tz: Option<String>,
    // State.
    lines_per_body: i32,
    chars_per_column: i32,
    number_width: i32,
    line_count: i32,
    line_number: i32,
    page_number: u64,
    files_ready_to_read: i32,
    total_files: i32,
    spaces_not_printed: i32,
    output_position: i32,
    input_position: i32,
    separators_not_printed: i32,
    padding_not_printed: i32,
    pad_vertically: bool,
    align_empty_cols: bool,
    empty_line: bool,
    ff_only: bool,
    print_a_ff: bool,
    print_a_header: bool,
    last_line: bool,
    failed_opens: bool,
    buff: Vec<u8>,
    line_vector: Vec<usize>,
    end_vector: Vec<i32>,
    date_text: Vec<u8>,
    file_text: Vec<u8>,
    header_width_available: i32,
    clump: Vec<u8>,
    column_vector: Vec<Column>,
    inputs: Vec<Input>,
    out: Vec<u8>,
    fatal: Option<Fatal>,
    /// The message of a fatal read error, printed when `pr` stops.
    pending_error: Option<String>,
    now: Option<(i64, u32)>,
    print_across: bool,
}

impl PrState {
    fn getc(&mut self, ctx: &mut Ctx<'_>, fp: usize) -> i32 {
        let Some(inp) = self.inputs.get_mut(fp) else { return EOF };
        if let Some(c) = inp.back.take() {
            return c;
        }
        if inp.pos < inp.len {
            inp.pos += 1;
            return i32::from(inp.buf[inp.pos - 1]);
        }
        if inp.done || inp.src.is_none() || self.fatal.is_some() {
            return EOF;
        }
        if self.out.len() >= CHUNK {
            if let Err(st) = flush_out(ctx, &mut self.out, false) {
                self.fatal = Some(Fatal(st));
                return EOF;
            }
        }
        let inp = &mut self.inputs[fp];
        let Some(src) = inp.src.as_mut() else { return EOF };
        let r = read_some(ctx, src, &mut inp.buf);
        match r {
            Ok(0) => {
                inp.done = true;
                EOF
            }
            Ok(n) => {
                inp.len = n;
                inp.pos = 1;
                i32::from(inp.buf[0])
            }
            Err(e) => {
                inp.done = true;
                if e.kind() == ErrorKind::Interrupted {
                    self.fatal = Some(Fatal(1));
                } else {
                    self.inputs[fp].error = Some(super::rev::read_error_text(&e));
                }
                EOF
            }
        }
    }

    fn ungetc(&mut self, c: i32, fp: usize) {
        if c != EOF {
            if let Some(inp) = self.inputs.get_mut(fp) {
                inp.back = Some(c);
            }
        }
    }

    fn putchar(&mut self, c: u8) {
        self.out.push(c);
    }

    fn cols_ready_to_print(&self) -> i32 {
        self.column_vector
            .iter()
            .filter(|q| {
                q.status == Status::Open
                    || q.status == Status::FfFound
                    || (self.storing_columns && q.lines_stored > 0 && q.lines_to_print > 0)
            })
            .count() as i32
    }

    fn init_parameters(&mut self, number_of_files: usize) {
        let mut chars_used_by_number = 0;
        self.lines_per_body = self.lines_per_page - LINES_PER_HEADER - LINES_PER_FOOTER;
        if self.lines_per_body <= 0 {
            self.extremities = false;
            self.keep_ff = true;
        }
        if !self.extremities {
            self.lines_per_body = self.lines_per_page;
        }
        if self.double_space {
            self.lines_per_body /= 2;
        }
        if number_of_files == 0 {
            self.parallel_files = false;
        }
        if self.parallel_files {
            self.columns = number_of_files as i32;
        }
        if self.storing_columns {
            self.balance_columns = true;
        }
        if self.columns > 1 {
            if !self.use_col_separator {
                self.col_sep_string = if self.join_lines { b"\t".to_vec() } else { b" ".to_vec() };
                self.use_col_separator = true;
            } else if !self.join_lines && self.col_sep_string == b"\t" {
                self.col_sep_string = b" ".to_vec();
            }
            self.truncate_lines = true;
            if self.col_sep_string != b"\t" {
                self.untabify_input = true;
            }
            self.tabify_output = true;
        } else {
            self.storing_columns = false;
        }
        if self.join_lines {
            self.truncate_lines = false;
        }
        if self.numbered_lines {
            self.line_count = self.start_line_num;
            self.number_width = if self.number_separator == b'\t' {
                self.chars_per_number + tab_width(8, self.chars_per_number)
            } else {
                self.chars_per_number + 1
            };
            if self.parallel_files {
                chars_used_by_number = self.number_width;
            }
        }
        let sep_len = self.col_sep_string.len() as i64;
        let sep_chars = (i64::from(self.columns) - 1) * sep_len;
        let useful = (i64::from(self.chars_per_line) - i64::from(chars_used_by_number) - sep_chars).max(0);
        self.chars_per_column = (useful / i64::from(self.columns.max(1))) as i32;
    }

    fn open_file(&mut self, ctx: &mut Ctx<'_>, name: &str) -> Option<Column> {
        let (shown, src) = if name == "-" {
            ("standard input".to_string(), open_src(ctx, "-"))
        } else {
            (name.to_string(), open_src(ctx, name))
        };
        let src = match src {
            Ok(s) => Some(s),
            // A directory opens; reading it fails (GNU: `pr: DIR: Is a directory`).
            Err(crate::fs::FsError::IsDir) => None,
            Err(e) => {
                self.failed_opens = true;
                if !self.ignore_failed_opens {
                    let _ = flush_out(ctx, &mut self.out, true);
                    ctx.error(&format!("{}: {e}", quote_name(name)));
                }
                return None;
            }
        };
        let error = if src.is_none() { Some("Is a directory".to_string()) } else { None };
        self.inputs.push(Input { src, buf: vec![0; CHUNK], pos: 0, len: 0, done: error.is_some(), back: None, error });
        self.total_files += 1;
        Some(Column {
            fp: self.inputs.len() - 1,
            name: shown,
            status: Status::Open,
            store: false,
            stored: false,
            current_line: 0,
            lines_stored: 0,
            lines_to_print: 0,
            start_position: 0,
            numbered: false,
            full_page_printed: false,
        })
    }

    fn init_header(&mut self, ctx: &Ctx<'_>, filename: &str, file: bool) {
        let mut t = None;
        if file && filename != "-" {
            if let Ok(m) = ctx.fs.stat(&ctx.abs_path(filename)) {
                if let Ok(d) = m.mtime.duration_since(std::time::UNIX_EPOCH) {
                    t = Some((d.as_secs() as i64, d.subsec_nanos()));
                } else if let Ok(d) = std::time::UNIX_EPOCH.duration_since(m.mtime) {
                    t = Some((-(d.as_secs() as i64), 0));
                }
            }
        }
        let t = t.unwrap_or_else(|| {
            *self.now.get_or_insert_with(|| {
                let d = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
                (d.as_secs() as i64, d.subsec_nanos())
            })
        });
        let text = crate::util::time::strftime_ns(&self.date_format, t.0, t.1, self.tz.as_deref());
        self.date_text = encode(&text).into_owned();
        self.file_text = match &self.custom_header {
            Some(h) => h.clone(),
            None if file => encode(filename).into_owned(),
            None => Vec::new(),
        };
        self.header_width_available =
            self.chars_per_line - width(&self.date_text) - width(&self.file_text);
    }

    fn init_fps(&mut self, ctx: &mut Ctx<'_>, files: &[String]) -> bool {
        self.total_files = 0;
        self.column_vector.clear();
        self.inputs.clear();
        if self.parallel_files {
            for f in files {
                if let Some(c) = self.open_file(ctx, f) {
                    self.column_vector.push(c);
                }
            }
            self.columns = self.column_vector.len() as i32;
            if self.columns == 0 {
                return false;
            }
            self.init_header(ctx, "", false);
        } else {
            let first = if let Some(f) = files.first() {
                let Some(c) = self.open_file(ctx, f) else { return false };
                self.init_header(ctx, f, true);
                c
            } else {
                self.inputs.push(Input { src: Some(Src::Stdin), buf: vec![0; CHUNK], pos: 0, len: 0, done: false, back: None, error: None });
                self.total_files += 1;
                self.init_header(ctx, "", false);
                Column {
                    fp: 0,
                    name: "standard input".into(),
                    status: Status::Open,
                    store: false,
                    stored: false,
                    current_line: 0,
                    lines_stored: 0,
                    lines_to_print: 0,
                    start_position: 0,
                    numbered: false,
                    full_page_printed: false,
                }
            };
            for _ in 0..self.columns {
                self.column_vector.push(first.clone());
            }
        }
        self.files_ready_to_read = self.total_files;
        true
    }

    fn init_funcs(&mut self) {
        let mut h = self.chars_per_margin;
        let mut h_next = if !self.truncate_lines {
            ANYWHERE
        } else if self.parallel_files && self.numbered_lines {
            h + self.chars_per_column + self.number_width
        } else {
            h + self.chars_per_column
        };
        let sep_len = self.col_sep_string.len() as i32;
        h += sep_len;
        let n = self.column_vector.len();
        for (k, p) in self.column_vector.iter_mut().enumerate() {
            let i = k + 1;
            let last = i == n;
            if !last {
                p.store = self.storing_columns;
                p.stored = self.storing_columns;
            } else {
                p.store = self.storing_columns && self.balance_columns;
                p.stored = p.store;
            }
            p.numbered = self.numbered_lines && (!self.parallel_files || i == 1);
            p.start_position = h;
            if last {
                break;
            }
            if !self.truncate_lines {
                h = ANYWHERE;
                h_next = ANYWHERE;
            } else {
                h = h_next + sep_len;
                h_next = h + self.chars_per_column;
            }
        }
    }

    fn close_file(&mut self, i: usize) {
        if self.column_vector[i].status == Status::Closed {
            return;
        }
        let fp = self.column_vector[i].fp;
        if let Some(err) = self.inputs.get_mut(fp).and_then(|inp| inp.error.take()) {
            let name = self.column_vector[i].name.clone();
            self.fatal = Some(Fatal(1));
            self.pending_error = Some(format!("{}: {err}", quote_name(&name)));
        }
        if !self.parallel_files {
            for q in &mut self.column_vector {
                q.status = Status::Closed;
                if q.lines_stored == 0 {
                    q.lines_to_print = 0;
                }
            }
        } else {
            let p = &mut self.column_vector[i];
            p.status = Status::Closed;
            p.lines_to_print = 0;
        }
        self.files_ready_to_read -= 1;
    }

    fn hold_file(&mut self, i: usize) {
        if !self.parallel_files {
            let st = if self.storing_columns { Status::FfFound } else { Status::OnHold };
            for q in &mut self.column_vector {
                q.status = st;
            }
        } else {
            self.column_vector[i].status = Status::OnHold;
        }
        self.column_vector[i].lines_to_print = 0;
        self.files_ready_to_read -= 1;
    }

    fn reset_status(&mut self) {
        for p in &mut self.column_vector {
            if p.status == Status::OnHold {
                p.status = Status::Open;
                self.files_ready_to_read += 1;
            }
        }
        if self.storing_columns {
            self.files_ready_to_read = if self.column_vector.first().is_none_or(|c| c.status == Status::Closed) { 0 } else { 1 };
        }
    }

    fn print_files(&mut self, ctx: &mut Ctx<'_>, files: &[String]) -> Result<(), Fatal> {
        self.init_parameters(files.len());
        if self.chars_per_column < 1 {
            let _ = flush_out(ctx, &mut self.out, true);
            ctx.error("page width too narrow");
            return Err(Fatal(1));
        }
        if !self.init_fps(ctx, files) {
            return Ok(());
        }
        if self.first_page_number > 1 {
            if !self.skip_to_page(ctx, self.first_page_number) {
                return self.check_fatal(ctx);
            }
            self.page_number = self.first_page_number;
        } else {
            self.page_number = 1;
        }
        self.init_funcs();
        self.line_number = self.line_count;
        while self.print_page(ctx) {
            if self.fatal.is_some() {
                break;
            }
            if let Err(st) = flush_out(ctx, &mut self.out, false) {
                return Err(Fatal(st));
            }
        }
        self.check_fatal(ctx)
    }

    fn check_fatal(&mut self, ctx: &mut Ctx<'_>) -> Result<(), Fatal> {
        match self.fatal.take() {
            Some(f) => {
                let _ = flush_out(ctx, &mut self.out, true);
                if let Some(m) = self.pending_error.take() {
                    ctx.error(&m);
                }
                Err(f)
            }
            None => Ok(()),
        }
    }

    fn init_page(&mut self, ctx: &mut Ctx<'_>) {
        if self.storing_columns {
            self.store_columns(ctx);
            let n = self.column_vector.len();
            for p in self.column_vector.iter_mut().take(n.saturating_sub(1)) {
                p.lines_to_print = p.lines_stored;
            }
            if let Some(p) = self.column_vector.last_mut() {
                if self.balance_columns {
                    p.lines_to_print = p.lines_stored;
                } else if p.status == Status::Open {
                    p.lines_to_print = self.lines_per_body;
                } else {
                    p.lines_to_print = 0;
                }
            }
        } else {
            for p in &mut self.column_vector {
                p.lines_to_print = if p.status == Status::Open { self.lines_per_body } else { 0 };
            }
        }
    }

    fn align_column(&mut self, i: usize) {
        self.padding_not_printed = self.column_vector[i].start_position;
        let sep_len = self.col_sep_string.len() as i32;
        if sep_len < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - sep_len);
            self.padding_not_printed = ANYWHERE;
        }
        if self.use_col_separator {
            self.print_sep_string();
        }
        if self.column_vector[i].numbered {
            self.add_line_number(i);
        }
    }

    fn print_page(&mut self, ctx: &mut Ctx<'_>) -> bool {
        self.init_page(ctx);
        if self.fatal.is_some() || self.cols_ready_to_print() == 0 {
            return false;
        }
        if self.extremities {
            self.print_a_header = true;
        }
        self.pad_vertically = false;
        let mut pv = false;
        let mut lines_left_on_page = self.lines_per_body;
        if self.double_space {
            lines_left_on_page *= 2;
        }
        while lines_left_on_page > 0 && self.cols_ready_to_print() > 0 {
            if self.fatal.is_some() {
                return false;
            }
            self.output_position = 0;
            self.spaces_not_printed = 0;
            self.separators_not_printed = 0;
            self.pad_vertically = false;
            self.align_empty_cols = false;
            self.empty_line = true;
            for j in 0..self.column_vector.len() {
                self.input_position = 0;
                let p = &self.column_vector[j];
                if p.lines_to_print > 0 || p.status == Status::FfFound {
                    self.ff_only = false;
                    self.padding_not_printed = p.start_position;
                    let ok = if p.stored { self.print_stored(j) } else { self.read_line(ctx, j) };
                    if !ok {
                        self.read_rest_of_line(ctx, j);
                    }
                    pv |= self.pad_vertically;
                    self.column_vector[j].lines_to_print -= 1;
                    if self.column_vector[j].lines_to_print <= 0 && self.cols_ready_to_print() == 0 {
                        break;
                    }
                    let st = self.column_vector[j].status;
                    if self.parallel_files && st != Status::Open {
                        if self.empty_line {
                            self.align_empty_cols = true;
                        } else if st == Status::Closed || (st == Status::OnHold && self.ff_only) {
                            self.align_column(j);
                        }
                    }
                } else if self.parallel_files {
                    if self.empty_line {
                        self.align_empty_cols = true;
                    } else {
                        self.align_column(j);
                    }
                }
                if self.use_col_separator {
                    self.separators_not_printed += 1;
                }
            }
            if self.pad_vertically {
                self.putchar(b'\n');
                lines_left_on_page -= 1;
            }
            if self.cols_ready_to_print() == 0 && !self.extremities {
                break;
            }
            if self.double_space && pv {
                self.putchar(b'\n');
                lines_left_on_page -= 1;
            }
        }
        if lines_left_on_page == 0 {
            for p in &mut self.column_vector {
                if p.status == Status::Open {
                    p.full_page_printed = true;
                }
            }
        }
        self.pad_vertically = pv;
        if self.pad_vertically && self.extremities {
            self.pad_down(lines_left_on_page + LINES_PER_FOOTER);
        } else if self.keep_ff && self.print_a_ff {
            self.putchar(b'\x0c');
            self.print_a_ff = false;
        }
        self.page_number += 1;
        if self.last_page_number < self.page_number {
            return false;
        }
        self.reset_status();
        true
    }

    fn store_columns(&mut self, ctx: &mut Ctx<'_>) {
        let mut line = 0usize;
        self.buff.clear();
        self.line_vector.clear();
        self.end_vector.clear();
        let mut buff_start = 0usize;
        let last_col = if self.balance_columns { self.column_vector.len() } else { self.column_vector.len().saturating_sub(1) };
        for p in self.column_vector.iter_mut().take(last_col) {
            p.lines_stored = 0;
        }
        let mut i = 0;
        while i < last_col && self.files_ready_to_read > 0 {
            self.column_vector[i].current_line = line;
            let mut j = self.lines_per_body;
            while j > 0 && self.files_ready_to_read > 0 {
                if self.column_vector[i].status == Status::Open {
                    self.input_position = 0;
                    if !self.read_line(ctx, i) {
                        self.read_rest_of_line(ctx, i);
                    }
                    if self.fatal.is_some() {
                        return;
                    }
                    if self.column_vector[i].status == Status::Open || buff_start != self.buff.len() {
                        self.column_vector[i].lines_stored += 1;
                        self.line_vector.push(buff_start);
                        self.end_vector.push(self.input_position);
                        line += 1;
                        buff_start = self.buff.len();
                    }
                }
                j -= 1;
            }
            i += 1;
        }
        self.line_vector.push(buff_start);
        if self.balance_columns {
            self.balance(line);
        }
    }

    fn balance(&mut self, total_stored: usize) {
        let columns = self.column_vector.len().max(1);
        let mut first_line = 0;
        for (k, p) in self.column_vector.iter_mut().enumerate() {
            let mut lines = total_stored / columns;
            if k < total_stored % columns {
                lines += 1;
            }
            p.lines_stored = lines as i32;
            p.current_line = first_line;
            first_line += lines;
        }
    }

    fn char_func(&mut self, i: usize, c: u8) {
        if self.column_vector[i].store {
            self.buff.push(c);
        } else {
            self.print_char(c);
        }
    }

    fn add_line_number(&mut self, i: usize) {
        let num = format!("{:>w$}", self.line_number, w = self.chars_per_number as usize);
        self.line_number = self.line_number.wrapping_add(1);
        let cut = num.len() - self.chars_per_number as usize;
        for &b in &num.as_bytes()[cut..] {
            self.char_func(i, b);
        }
        if self.columns > 1 {
            if self.number_separator == b'\t' {
                for _ in 0..self.number_width - self.chars_per_number {
                    self.char_func(i, b' ');
                }
            } else {
                self.char_func(i, self.number_separator);
            }
        } else {
            self.char_func(i, self.number_separator);
            if self.number_separator == b'\t' {
                self.output_position = pos_after_tab(self.chars_per_output_tab, self.output_position);
            }
        }
        if self.truncate_lines && !self.parallel_files {
            self.input_position += self.number_width;
        }
    }

    fn pad_across_to(&mut self, position: i32) {
        if self.tabify_output {
            self.spaces_not_printed = position - self.output_position;
        } else {
            let mut h = self.output_position;
            while {
                h += 1;
                h <= position
            } {
                self.putchar(b' ');
            }
            self.output_position = position;
        }
    }

    fn pad_down(&mut self, lines: i32) {
        if self.use_form_feed {
            self.putchar(b'\x0c');
        } else {
            for _ in 0..lines.max(0) {
                self.putchar(b'\n');
            }
        }
    }

    fn read_rest_of_line(&mut self, ctx: &mut Ctx<'_>, i: usize) {
        let fp = self.column_vector[i].fp;
        loop {
            let c = self.getc(ctx, fp);
            if c == i32::from(b'\n') {
                break;
            }
            if c == 0x0c {
                let c2 = self.getc(ctx, fp);
                if c2 != i32::from(b'\n') {
                    self.ungetc(c2, fp);
                }
                if self.keep_ff {
                    self.print_a_ff = true;
                }
                self.hold_file(i);
                break;
            } else if c == EOF {
                self.close_file(i);
                break;
            }
        }
    }

    fn skip_read(&mut self, ctx: &mut Ctx<'_>, i: usize, column_number: usize) {
        let fp = self.column_vector[i].fp;
        let mut c = self.getc(ctx, fp);
        if c == 0x0c && self.column_vector[i].full_page_printed {
            c = self.getc(ctx, fp);
            if c == i32::from(b'\n') {
                c = self.getc(ctx, fp);
            }
        }
        self.column_vector[i].full_page_printed = false;
        let single_ff = c == 0x0c;
        if self.last_line {
            self.column_vector[i].full_page_printed = true;
        }
        while c != i32::from(b'\n') {
            if c == 0x0c {
                if self.last_line {
                    if !self.parallel_files {
                        for q in &mut self.column_vector {
                            q.full_page_printed = false;
                        }
                    } else {
                        self.column_vector[i].full_page_printed = false;
                    }
                }
                let c2 = self.getc(ctx, fp);
                if c2 != i32::from(b'\n') {
                    self.ungetc(c2, fp);
                }
                self.hold_file(i);
                break;
            } else if c == EOF {
                self.close_file(i);
                break;
            }
            c = self.getc(ctx, fp);
        }
        if self.skip_count && (!self.parallel_files || column_number == 1) && !single_ff {
            self.line_count = self.line_count.wrapping_add(1);
        }
    }

    fn print_white_space(&mut self) {
        let mut h_old = self.output_position;
        let goal = h_old + self.spaces_not_printed;
        while goal - h_old > 1 {
            let h_new = pos_after_tab(self.chars_per_output_tab, h_old);
            if h_new > goal {
                break;
            }
            self.putchar(self.output_tab_char);
            h_old = h_new;
        }
        while {
            h_old += 1;
            h_old <= goal
        } {
            self.putchar(b' ');
        }
        self.output_position = goal;
        self.spaces_not_printed = 0;
    }

    fn print_sep_string(&mut self) {
        let s = self.col_sep_string.clone();
        let mut l = s.len();
        let mut k = 0;
        if self.separators_not_printed <= 0 {
            if self.spaces_not_printed > 0 {
                self.print_white_space();
            }
        } else {
            while self.separators_not_printed > 0 {
                while l > 0 {
                    l -= 1;
                    if s[k] == b' ' {
                        k += 1;
                        self.spaces_not_printed += 1;
                    } else {
                        if self.spaces_not_printed > 0 {
                            self.print_white_space();
                        }
                        self.putchar(s[k]);
                        k += 1;
                        self.output_position += 1;
                    }
                }
                if self.spaces_not_printed > 0 {
                    self.print_white_space();
                }
                self.separators_not_printed -= 1;
            }
        }
    }

    fn print_char(&mut self, c: u8) {
        if self.tabify_output {
            if c == b' ' {
                self.spaces_not_printed += 1;
                return;
            } else if self.spaces_not_printed > 0 {
                self.print_white_space();
            }
            if !isprint(c) {
                if c == 8 {
                    self.output_position -= 1;
                }
            } else {
                self.output_position += 1;
            }
        }
        self.putchar(c);
    }

    fn skip_to_page(&mut self, ctx: &mut Ctx<'_>, page: u64) -> bool {
        let mut n = 1u64;
        while n < page {
            for _ in 1..self.lines_per_body {
                for j in 0..self.column_vector.len() {
                    if self.column_vector[j].status == Status::Open {
                        self.skip_read(ctx, j, j + 1);
                    }
                }
                if self.fatal.is_some() {
                    return false;
                }
            }
            self.last_line = true;
            for j in 0..self.column_vector.len() {
                if self.column_vector[j].status == Status::Open {
                    self.skip_read(ctx, j, j + 1);
                }
            }
            if self.storing_columns {
                for p in &mut self.column_vector {
                    if p.status != Status::Closed {
                        p.status = Status::OnHold;
                    }
                }
            }
            self.reset_status();
            self.last_line = false;
            if self.fatal.is_some() {
                return false;
            }
            if self.files_ready_to_read < 1 {
                let _ = flush_out(ctx, &mut self.out, true);
                ctx.error(&format!("starting page number {page} exceeds page count {n}"));
                break;
            }
            n += 1;
        }
        self.files_ready_to_read > 0
    }

    fn print_header(&mut self) {
        self.output_position = 0;
        self.pad_across_to(self.chars_per_margin);
        self.print_white_space();
        let page_text = format!("Page {}", self.page_number);
        let available = (self.header_width_available - page_text.len() as i32).max(0);
        let lhs = available >> 1;
        let rhs = available - lhs;
        let mut line = b"\n\n".to_vec();
        line.extend(std::iter::repeat_n(b' ', self.chars_per_margin.max(0) as usize));
        line.extend_from_slice(&self.date_text);
        line.extend(std::iter::repeat_n(b' ', lhs.max(1) as usize));
        line.extend_from_slice(&self.file_text);
        line.extend(std::iter::repeat_n(b' ', rhs.max(1) as usize));
        line.extend_from_slice(page_text.as_bytes());
        line.extend_from_slice(b"\n\n\n");
        self.out.extend_from_slice(&line);
        self.print_a_header = false;
        self.output_position = 0;
    }

    fn read_line(&mut self, ctx: &mut Ctx<'_>, i: usize) -> bool {
        let fp = self.column_vector[i].fp;
        let mut c = self.getc(ctx, fp);
        let mut last_input_position = self.input_position;
        if c == 0x0c && self.column_vector[i].full_page_printed {
            c = self.getc(ctx, fp);
            if c == i32::from(b'\n') {
                c = self.getc(ctx, fp);
            }
        }
        self.column_vector[i].full_page_printed = false;
        let mut chars = 0;
        match c {
            0x0c => {
                let c2 = self.getc(ctx, fp);
                if c2 != i32::from(b'\n') {
                    self.ungetc(c2, fp);
                }
                self.ff_only = true;
                if self.print_a_header && !self.storing_columns {
                    self.pad_vertically = true;
                    self.print_header();
                } else if self.keep_ff {
                    self.print_a_ff = true;
                }
                self.hold_file(i);
                return true;
            }
            EOF => {
                self.close_file(i);
                return true;
            }
            10 => {}
            _ => chars = self.char_to_clump(c as u8),
        }
        if self.truncate_lines && self.input_position > self.chars_per_column {
            self.input_position = last_input_position;
            return false;
        }
        if !self.column_vector[i].store {
            self.pad_vertically = true;
            if self.print_a_header && !self.storing_columns {
                self.print_header();
            }
            if self.parallel_files && self.align_empty_cols {
                let k = self.separators_not_printed;
                self.separators_not_printed = 0;
                for q in 0..k.max(0) as usize {
                    if q < self.column_vector.len() {
                        self.align_column(q);
                    }
                    self.separators_not_printed += 1;
                }
                self.padding_not_printed = self.column_vector[i].start_position;
                self.spaces_not_printed = if self.truncate_lines { self.chars_per_column } else { 0 };
                self.align_empty_cols = false;
            }
            let sep_len = self.col_sep_string.len() as i32;
            if sep_len < self.padding_not_printed {
                self.pad_across_to(self.padding_not_printed - sep_len);
                self.padding_not_printed = ANYWHERE;
            }
            if self.use_col_separator {
                self.print_sep_string();
            }
        }
        if self.column_vector[i].numbered {
            self.add_line_number(i);
        }
        self.empty_line = false;
        if c == i32::from(b'\n') {
            return true;
        }
        self.print_clump(i, chars);
        loop {
            let c = self.getc(ctx, fp);
            match c {
                10 => return true,
                0x0c => {
                    let c2 = self.getc(ctx, fp);
                    if c2 != i32::from(b'\n') {
                        self.ungetc(c2, fp);
                    }
                    if self.keep_ff {
                        self.print_a_ff = true;
                    }
                    self.hold_file(i);
                    return true;
                }
                EOF => {
                    self.close_file(i);
                    return true;
                }
                _ => {}
            }
            last_input_position = self.input_position;
            let chars = self.char_to_clump(c as u8);
            if self.truncate_lines && self.input_position > self.chars_per_column {
                self.input_position = last_input_position;
                return false;
            }
            self.print_clump(i, chars);
        }
    }

    fn print_clump(&mut self, i: usize, n: usize) {
        let clump = std::mem::take(&mut self.clump);
        for &b in &clump[..n.min(clump.len())] {
            self.char_func(i, b);
        }
        self.clump = clump;
    }

    fn print_stored(&mut self, i: usize) -> bool {
        let line = self.column_vector[i].current_line;
        self.column_vector[i].current_line += 1;
        let first = self.line_vector.get(line).copied().unwrap_or(0);
        let last = self.line_vector.get(line + 1).copied().unwrap_or(first);
        self.pad_vertically = true;
        if self.print_a_header {
            self.print_header();
        }
        if self.column_vector[i].status == Status::FfFound {
            for q in &mut self.column_vector {
                q.status = Status::OnHold;
            }
            if self.column_vector[0].lines_to_print <= 0 {
                if !self.extremities {
                    self.pad_vertically = false;
                }
                return true;
            }
        }
        let sep_len = self.col_sep_string.len() as i32;
        if sep_len < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - sep_len);
            self.padding_not_printed = ANYWHERE;
        }
        if self.use_col_separator {
            self.print_sep_string();
        }
        for k in first..last.min(self.buff.len()) {
            let b = self.buff[k];
            self.print_char(b);
        }
        if self.spaces_not_printed == 0 {
            let sp = self.column_vector[i].start_position;
            self.output_position = sp + self.end_vector.get(line).copied().unwrap_or(0);
            if sp - sep_len == self.chars_per_margin {
                self.output_position -= sep_len;
            }
        }
        true
    }

    fn char_to_clump(&mut self, c: u8) -> usize {
        self.clump.clear();
        let mut chars_per_c = 8;
        if c == self.input_tab_char {
            chars_per_c = self.chars_per_input_tab;
        }
        let width: i32;
        let chars: usize;
        if c == self.input_tab_char || c == b'\t' {
            width = tab_width(chars_per_c.max(1), self.input_position);
            if self.untabify_input {
                self.clump.extend(std::iter::repeat_n(b' ', width.max(0) as usize));
                chars = width.max(0) as usize;
            } else {
                self.clump.push(c);
                chars = 1;
            }
        } else if !isprint(c) {
            if self.use_esc_sequence || (self.use_cntrl_prefix && c >= 0o200) {
                width = 4;
                chars = 4;
                self.clump.extend_from_slice(format!("\\{c:03o}").as_bytes());
            } else if self.use_cntrl_prefix {
                width = 2;
                chars = 2;
                self.clump.push(b'^');
                self.clump.push(c ^ 0o100);
            } else if c == 8 {
                width = -1;
                chars = 1;
                self.clump.push(c);
            } else {
                width = 0;
                chars = 1;
                self.clump.push(c);
            }
        } else {
            width = 1;
            chars = 1;
            self.clump.push(c);
        }
        if width < 0 && self.input_position == 0 {
            self.input_position = 0;
            return 0;
        } else if width < 0 && self.input_position <= -width {
            self.input_position = 0;
        } else {
            self.input_position += width;
        }
        chars
    }
}

/// Display width of header text (bytes; multibyte text counts its characters).
fn width(b: &[u8]) -> i32 {
    match std::str::from_utf8(b) {
        Ok(s) => s.chars().count() as i32,
        Err(_) => b.len() as i32,
    }
}

/// Parse a number as GNU `xdectoimax(s, min, INT_MAX)`; the error text on failure.
fn getoptnum(s: &str, min: i64, err: &str) -> Result<i32, String> {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (neg, d) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{err}: {}", quote(s)));
    }
    let v: Option<i64> = d.parse::<i64>().ok().map(|v| if neg { -v } else { v });
    match v {
        Some(v) if v >= min && v <= i64::from(i32::MAX) => Ok(v as i32),
        _ => Err(format!("{err}: {}: Numerical result out of range", quote(s))),
    }
}

/// Parse `-eCHAR WIDTH`-style arguments (GNU `getoptarg`); `Err` is the message.
fn getoptarg(arg: &str, switch: char, ch: &mut u8, number: &mut i32) -> Result<(), String> {
    let b = encode(arg).into_owned();
    let mut rest = &b[..];
    if let Some(&f) = rest.first() {
        if !f.is_ascii_digit() {
            *ch = f;
            rest = &rest[1..];
        }
    }
    if !rest.is_empty() {
        let text = String::from_utf8_lossy(rest).into_owned();
        match text.parse::<i64>() {
            Ok(v) if v > 0 && v <= i64::from(i32::MAX) => *number = v as i32,
            _ => return Err(format!("'-{switch}' extra characters or invalid number in the argument: {}", quote(&text))),
        }
    }
    Ok(())
}

/// Parse `FIRST[:LAST]` (GNU `first_last_page`); `None` when invalid.
fn first_last_page(s: &str) -> Option<(u64, u64)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let first: u64 = s[..end].parse().ok()?;
    if first == 0 {
        return None;
    }
    let rest = &s[end..];
    if rest.is_empty() {
        return Some((first, u64::MAX));
    }
    let l = rest.strip_prefix(':')?;
    if l.is_empty() || !l.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let last: u64 = l.parse().ok()?;
    (last >= first).then_some((first, last))
}

impl Builtin for Pr {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut s = PrState {
            parallel_files: false,
            explicit_columns: false,
            extremities: true,
            keep_ff: false,
            use_form_feed: false,
            storing_columns: true,
            balance_columns: false,
            lines_per_page: 66,
            chars_per_line: 72,
            truncate_lines: false,
            join_lines: false,
            untabify_input: false,
            input_tab_char: b'\t',
            chars_per_input_tab: 8,
            tabify_output: false,
            output_tab_char: b'\t',
            chars_per_output_tab: 8,
            chars_per_margin: 0,
            columns: 1,
            first_page_number: 0,
            last_page_number: u64::MAX,
            numbered_lines: false,
            number_separator: b'\t',
            skip_count: true,
            start_line_num: 1,
            chars_per_number: 5,
            use_esc_sequence: false,
            use_cntrl_prefix: false,
            double_space: false,
            ignore_failed_opens: false,
            use_col_separator: false,
            col_sep_string: Vec::new(),
            custom_header: None,
            date_format: "%Y-%m-%d %H:%M".into(),
            tz: ctx.env.get("TZ"),
            lines_per_body: 0,
            chars_per_column: 0,
            number_width: 0,
            line_count: 1,
            line_number: 0,
            page_number: 0,
            files_ready_to_read: 0,
            total_files: 0,
            spaces_not_printed: 0,
            output_position: 0,
            input_position: 0,
            separators_not_printed: 0,
            padding_not_printed: 0,
            pad_vertically: false,
            align_empty_cols: false,
            empty_line: false,
            ff_only: false,
            print_a_ff: false,
            print_a_header: false,
            last_line: false,
            failed_opens: false,
            buff: Vec::new(),
            line_vector: Vec::new(),
            end_vector: Vec::new(),
            date_text: Vec::new(),
            file_text: Vec::new(),
            header_width_available: 0,
            clump: Vec::new(),
            column_vector: Vec::new(),
            inputs: Vec::new(),
            out: Vec::with_capacity(CHUNK),
            fatal: None,
            pending_error: None,
            now: None,
            print_across: false,
        };
        let (mut old_options, mut old_w, mut old_s) = (false, false, false);
        let mut column_count: Option<String> = None;
        let mut digits_run = false;
        let fail = |ctx: &mut Ctx<'_>, m: &str| {
            ctx.error(m);
            1
        };
        for (o, v) in parsed.opts {
            if let O::Digit(d) = o {
                let cc = column_count.get_or_insert_with(String::new);
                if !digits_run {
                    cc.clear();
                }
                cc.push(char::from(b'0' + d));
                digits_run = true;
                continue;
            }
            digits_run = false;
            match o {
                O::Digit(_) => {}
                O::Pages => {
                    let v = v.unwrap_or_default();
                    match first_last_page(&v) {
                        Some((f, l)) => {
                            s.first_page_number = f;
                            s.last_page_number = l;
                        }
                        None if v.bytes().next().is_some_and(|b| b.is_ascii_digit()) => {
                            return fail(ctx, &format!("invalid page range {}", quote(&v)));
                        }
                        None => return fail(ctx, &format!("invalid --pages argument '{v}'")),
                    }
                }
                O::Columns => {
                    match getoptnum(&v.unwrap_or_default(), 1, "invalid number of columns") {
                        Ok(n) => s.columns = n,
                        Err(m) => return fail(ctx, &m),
                    }
                    s.explicit_columns = true;
                    column_count = None;
                }
                O::Across => {
                    s.print_across = true;
                    s.storing_columns = false;
                }
                O::Balance => s.balance_columns = true,
                O::Cntrl => s.use_cntrl_prefix = true,
                O::Double => s.double_space = true,
                O::DateFmt => s.date_format = v.unwrap_or_default(),
                O::Expand => {
                    if let Some(a) = v {
                        if let Err(m) = getoptarg(&a, 'e', &mut s.input_tab_char, &mut s.chars_per_input_tab) {
                            args::usage_error(ctx, &m);
                            return 1;
                        }
                    }
                    s.untabify_input = true;
                }
                O::FormFeed => s.use_form_feed = true,
                O::Header => s.custom_header = Some(encode(&v.unwrap_or_default()).into_owned()),
                O::OutTabs => {
                    if let Some(a) = v {
                        if let Err(m) = getoptarg(&a, 'i', &mut s.output_tab_char, &mut s.chars_per_output_tab) {
                            args::usage_error(ctx, &m);
                            return 1;
                        }
                    }
                    s.tabify_output = true;
                }
                O::Join => s.join_lines = true,
                O::Length => match getoptnum(&v.unwrap_or_default(), 1, "'-l PAGE_LENGTH' invalid number of lines") {
                    Ok(n) => s.lines_per_page = n,
                    Err(m) => return fail(ctx, &m),
                },
                O::Merge => {
                    s.parallel_files = true;
                    s.storing_columns = false;
                }
                O::Number => {
                    s.numbered_lines = true;
                    if let Some(a) = v {
                        if let Err(m) = getoptarg(&a, 'n', &mut s.number_separator, &mut s.chars_per_number) {
                            args::usage_error(ctx, &m);
                            return 1;
                        }
                    }
                }
                O::FirstLine => {
                    s.skip_count = false;
                    match getoptnum(&v.unwrap_or_default(), i64::from(i32::MIN), "'-N NUMBER' invalid starting line number") {
                        Ok(n) => s.start_line_num = n,
                        Err(m) => return fail(ctx, &m),
                    }
                }
                O::Indent => match getoptnum(&v.unwrap_or_default(), 0, "'-o MARGIN' invalid line offset") {
                    Ok(n) => s.chars_per_margin = n,
                    Err(m) => return fail(ctx, &m),
                },
                O::NoWarn => s.ignore_failed_opens = true,
                O::Sep => {
                    old_options = true;
                    old_s = true;
                    if !s.use_col_separator {
                        if let Some(a) = v {
                            s.col_sep_string = encode(&a).into_owned();
                        }
                    }
                }
                O::SepString => {
                    old_s = false;
                    s.col_sep_string.clear();
                    s.use_col_separator = true;
                    if let Some(a) = v {
                        s.col_sep_string = encode(&a).into_owned();
                    }
                }
                O::OmitHeader => {
                    s.extremities = false;
                    s.keep_ff = true;
                }
                O::OmitPagination => {
                    s.extremities = false;
                    s.keep_ff = false;
                }
                O::Escape => s.use_esc_sequence = true,
                O::Width => {
                    old_options = true;
                    old_w = true;
                    match getoptnum(&v.unwrap_or_default(), 1, "'-w PAGE_WIDTH' invalid number of characters") {
                        Ok(n) if !s.truncate_lines => s.chars_per_line = n,
                        Ok(_) => {}
                        Err(m) => return fail(ctx, &m),
                    }
                }
                O::PageWidth => {
                    old_w = false;
                    s.truncate_lines = true;
                    match getoptnum(&v.unwrap_or_default(), 1, "'-W PAGE_WIDTH' invalid number of characters") {
                        Ok(n) => s.chars_per_line = n,
                        Err(m) => return fail(ctx, &m),
                    }
                }
            }
        }
        if let Some(cc) = column_count {
            match getoptnum(&cc, 1, "invalid number of columns") {
                Ok(n) => s.columns = n,
                Err(m) => return fail(ctx, &m),
            }
            s.explicit_columns = true;
        }
        // `+FIRST[:LAST]` operands, when --pages did not set the range.
        let mut files = Vec::new();
        for f in parsed.operands {
            if s.first_page_number == 0 {
                if let Some(r) = f.strip_prefix('+') {
                    if let Some((a, b)) = first_last_page(r) {
                        s.first_page_number = a;
                        s.last_page_number = b;
                        continue;
                    }
                }
            }
            files.push(f);
        }
        if s.first_page_number == 0 {
            s.first_page_number = 1;
        }
        // GNU pads with as many blanks as asked; the sandbox bounds the sizes that make pr
        // produce padding without input (margins, widths, page lengths, number widths).
        for (v, what) in [
            (s.chars_per_margin, "'-o MARGIN' invalid line offset"),
            (s.chars_per_line, "'-w PAGE_WIDTH' invalid number of characters"),
            (s.lines_per_page, "'-l PAGE_LENGTH' invalid number of lines"),
            (s.chars_per_number, "'-n' invalid number width"),
            (s.chars_per_input_tab, "'-e' invalid tab width"),
            (s.chars_per_output_tab, "'-i' invalid tab width"),
        ] {
            if v > MAX_DIM {
                return fail(ctx, &format!("{what}: {v}: larger than {MAX_DIM} (sandbox limit)"));
            }
        }
        if s.parallel_files && s.explicit_columns {
            return fail(ctx, "cannot specify number of columns when printing in parallel");
        }
        if s.parallel_files && s.print_across {
            return fail(ctx, "cannot specify both printing across and printing in parallel");
        }
        if old_options {
            if old_w {
                if s.parallel_files || s.explicit_columns {
                    s.truncate_lines = true;
                    if old_s {
                        s.use_col_separator = true;
                    }
                } else {
                    s.join_lines = true;
                }
            } else if !s.use_col_separator && old_s && (s.parallel_files || s.explicit_columns) {
                if !s.truncate_lines {
                    s.join_lines = true;
                    if !s.col_sep_string.is_empty() {
                        s.use_col_separator = true;
                    }
                } else {
                    s.use_col_separator = true;
                }
            }
        }
        let result = if files.is_empty() {
            s.print_files(ctx, &[])
        } else if s.parallel_files {
            s.print_files(ctx, &files)
        } else {
            let mut r = Ok(());
            for f in &files {
                r = s.print_files(ctx, std::slice::from_ref(f));
                if r.is_err() {
                    break;
                }
            }
            r
        };
        if let Err(Fatal(st)) = result {
            let _ = flush_out(ctx, &mut s.out, true);
            return st;
        }
        if let Err(st) = flush_out(ctx, &mut s.out, true) {
            return st;
        }
        i32::from(s.failed_opens)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::args::testfs::NOFS;
    use crate::builtins::testing::run;

    fn pr(args: &[&str], input: &str) -> String {
        let o = run(&Pr, "pr", args, input.as_bytes(), &*NOFS, "/");
        format!("{}{}", String::from_utf8_lossy(&o.stdout), o.stderr)
    }

    #[test]
    fn columns_and_numbers() {
        assert_eq!(pr(&["-t"], "a\nb\n"), "a\nb\n");
        assert_eq!(pr(&["-t", "-2"], "1\n2\n3\n4\n"), "1\t\t\t\t    3\n2\t\t\t\t    4\n");
        assert_eq!(pr(&["-t", "-n:3"], "x\ny\n"), "  1:x\n  2:y\n");
        assert_eq!(pr(&["-t", "-3", "-a", "-s,"], "1\n2\n3\n4\n"), "1,2,3\n4\n");
    }

    #[test]
    fn page_ranges_and_errors() {
        assert_eq!(first_last_page("2:5"), Some((2, 5)));
        assert_eq!(first_last_page("3"), Some((3, u64::MAX)));
        assert_eq!(first_last_page("5:2"), None);
        assert_eq!(first_last_page("0"), None);
        assert!(pr(&["-l", "x"], "").contains("invalid number of lines"));
        assert!(pr(&["-o", "9999999"], "").contains("sandbox limit"));
        assert!(pr(&["-m", "-a"], "").contains("cannot specify both"));
    }
}
