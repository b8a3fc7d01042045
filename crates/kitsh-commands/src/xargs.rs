//! `xargs`: build and run command lines from standard input, as GNU findutils' xargs: items
//! split at blanks and newlines with quotes and backslashes (or at `-0`/`-d` delimiters),
//! `-n -L -I -s -x -r -t -E -a -P -p`, the GNU exit statuses (123, 124, 125, 126, 127).
//!
//! Commands run as programs through [`Ctx::spawn`] (shell functions are not visible, as with
//! GNU xargs). Input is read as it is needed, so `yes | xargs -n1 echo | head -1` ends at once.
//! `-P N` runs up to N commands at once (each on a thread of its own, within the script's
//! concurrent-stage limit; past it a command runs in place).

use std::io::Read;

use super::args::{self, quote_name, Config, OptSpec};
use super::{Builtin, Ctx, SpawnIn, SpawnOut};

/// The `xargs` command.
pub struct Xargs;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Null,
    ArgFile,
    Delim,
    EofUpper,
    EofLower,
    ReplaceUpper,
    ReplaceLower,
    LinesUpper,
    LinesLower,
    MaxArgs,
    Procs,
    Interactive,
    NoRunEmpty,
    MaxChars,
    Verbose,
    Exit,
    OpenTty,
    SlotVar,
    ShowLimits,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('0', "null", O::Null),
    OptSpec::req('a', "arg-file", O::ArgFile),
    OptSpec::req('d', "delimiter", O::Delim),
    OptSpec::req('E', "", O::EofUpper),
    OptSpec { short: Some('e'), long: Some("eof"), arg: args::ArgKind::Optional, id: O::EofLower },
    OptSpec::req('I', "", O::ReplaceUpper),
    OptSpec { short: Some('i'), long: Some("replace"), arg: args::ArgKind::Optional, id: O::ReplaceLower },
    OptSpec::req('L', "", O::LinesUpper),
    OptSpec { short: Some('l'), long: Some("max-lines"), arg: args::ArgKind::Optional, id: O::LinesLower },
    OptSpec::req('n', "max-args", O::MaxArgs),
    OptSpec::req('P', "max-procs", O::Procs),
    OptSpec::flag('p', "interactive", O::Interactive),
    OptSpec::flag('r', "no-run-if-empty", O::NoRunEmpty),
    OptSpec::req('s', "max-chars", O::MaxChars),
    OptSpec::flag('t', "verbose", O::Verbose),
    OptSpec::flag('x', "exit", O::Exit),
    OptSpec::flag('o', "open-tty", O::OpenTty),
    OptSpec::long("process-slot-var", args::ArgKind::Required, O::SlotVar),
    OptSpec::long("show-limits", args::ArgKind::None, O::ShowLimits),
];

const USAGE: &str = "Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...
Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.

  -0, --null                   items are separated by a null, not whitespace
  -a, --arg-file=FILE          read arguments from FILE, not standard input
  -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER
  -E END                       set logical EOF string
  -I R                         same as --replace=R
  -i, --replace[=R]            replace R in INITIAL-ARGS with names read from input
  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per command line
  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
  -P, --max-procs=MAX-PROCS    run at most MAX-PROCS processes at a time
  -p, --interactive            prompt before running commands
  -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND
  -s, --max-chars=MAX-CHARS    limit length of command line to MAX-CHARS
  -t, --verbose                print commands before executing them
  -x, --exit                   exit if the size (see -s) is exceeded
      --help                   display this help and exit
      --version                output version information and exit";

/// The command-line buffer GNU xargs uses by default (`--show-limits`).
const DEFAULT_MAX_CHARS: usize = 131_072;

/// How input is split into items.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Split {
    /// Blanks and newlines, with quotes and backslashes (the default).
    Blanks,
    /// Newlines only, leading blanks dropped, quotes still special (`-I`).
    Lines,
    /// A delimiter byte; nothing else is special (`-0`, `-d`).
    Delim(u8),
}

struct Opts {
    split: Split,
    eof: Option<String>,
    replace: Option<String>,
    max_lines: Option<usize>,
    max_args: Option<usize>,
    max_chars: usize,
    no_run_empty: bool,
    verbose: bool,
    exit_on_size: bool,
    arg_file: Option<String>,
    /// `-P`: commands at once (0: as many as the concurrent-stage limit allows).
    procs: usize,
}

/// One item read, and whether it ended an input line (for `-L`).
struct Item {
    text: Vec<u8>,
    ends_line: bool,
}

/// Why reading items stopped early.
enum ReadError {
    /// `unmatched single quote` / `unmatched double quote`.
    Unmatched(&'static str),
    /// The input could not be read.
    Io(std::io::Error),
}

/// Reads items from the input as they are needed.
struct Items<R: Read> {
    input: R,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    split: Split,
    /// The logical end-of-file string was seen.
    done: bool,
    eof_str: Option<Vec<u8>>,
    /// An item read past a batch's size limit, waiting for the next batch.
    pending: Option<Vec<u8>>,
}

impl<R: Read> Items<R> {
    fn new(input: R, split: Split, eof_str: Option<&str>) -> Self {
        Items {
            input,
            buf: Vec::new(),
            pos: 0,
            eof: false,
            split,
            done: false,
            eof_str: eof_str.filter(|s| !s.is_empty()).map(|s| s.as_bytes().to_vec()),
            pending: None,
        }
    }

    /// The next byte of input, if any.
    fn byte(&mut self) -> Result<Option<u8>, ReadError> {
        if self.pos == self.buf.len() {
            if self.eof {
                return Ok(None);
            }
            self.buf.clear();
            self.pos = 0;
            self.buf.resize(args::CHUNK, 0);
            let n = match self.input.read(&mut self.buf) {
                Ok(n) => n,
                Err(e) => {
                    self.buf.clear();
                    return Err(ReadError::Io(e));
                }
            };
            self.buf.truncate(n);
            if n == 0 {
                self.eof = true;
                return Ok(None);
            }
        }
        let b = self.buf[self.pos];
        self.pos += 1;
        Ok(Some(b))
    }

    fn peek(&mut self) -> Result<Option<u8>, ReadError> {
        let b = self.byte()?;
        if b.is_some() {
            self.pos -= 1;
        }
        Ok(b)
    }

    /// The next item, or `None` at the end of input.
    fn next_item(&mut self) -> Result<Option<Item>, ReadError> {
        if self.done {
            return Ok(None);
        }
        match self.split {
            Split::Delim(d) => {
                let mut text = Vec::new();
                loop {
                    match self.byte()? {
                        None if text.is_empty() => return Ok(None),
                        None => return Ok(Some(Item { text, ends_line: true })),
                        Some(b) if b == d => return Ok(Some(Item { text, ends_line: true })),
                        Some(b) => text.push(b),
                    }
                }
            }
            Split::Blanks | Split::Lines => self.next_quoted(),
        }
    }

    /// An item of the default syntax: quotes and backslashes, blanks (or only newlines for
    /// `-I`) separate; a line whose last item is followed by a blank continues (for `-L`).
    fn next_quoted(&mut self) -> Result<Option<Item>, ReadError> {
        let lines = self.split == Split::Lines;
        // Skip separators before the item.
        loop {
            match self.peek()? {
                None => return Ok(None),
                Some(b'\n') => {
                    self.byte()?;
                }
                Some(b' ' | b'\t') => {
                    self.byte()?;
                }
                Some(_) => break,
            }
        }
        let mut text = Vec::new();
        let ends_line;
        loop {
            let Some(b) = self.byte()? else {
                ends_line = true;
                break;
            };
            match b {
                b'\n' => {
                    ends_line = true;
                    break;
                }
                b' ' | b'\t' if !lines => {
                    // Blanks end the item; blanks at the end of a line continue that line
                    // on the next one (for -L), only the end of input ends it.
                    loop {
                        match self.peek()? {
                            Some(b' ' | b'\t') => {
                                self.byte()?;
                            }
                            Some(b'\n') => {
                                self.byte()?;
                                ends_line = false;
                                break;
                            }
                            None => {
                                ends_line = true;
                                break;
                            }
                            Some(_) => {
                                ends_line = false;
                                break;
                            }
                        }
                    }
                    break;
                }
                b'\\' => match self.byte()? {
                    Some(c) => text.push(c),
                    None => {
                        ends_line = true;
                        break;
                    }
                },
                b'\'' | b'"' => {
                    loop {
                        match self.byte()? {
                            Some(c) if c == b => break,
                            Some(b'\n') | None => {
                                return Err(ReadError::Unmatched(if b == b'\'' { "single" } else { "double" }));
                            }
                            Some(c) => text.push(c),
                        }
                    }
                }
                _ => text.push(b),
            }
        }
        // GNU compares the item after quote removal.
        if self.eof_str.as_ref() == Some(&text) {
            self.done = true;
            return Ok(None);
        }
        Ok(Some(Item { text, ends_line }))
    }
}

impl Builtin for Xargs {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { permute: false, status: 1, ..Config::new("xargs", USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(args::ArgError::Version) => {
                return match writeln!(ctx.stdout, "xargs (GNU findutils) 4.9.0") {
                    Ok(()) => 0,
                    Err(e) => crate::args::write_failed(ctx, &e),
                };
            }
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts {
            split: Split::Blanks,
            eof: None,
            replace: None,
            max_lines: None,
            max_args: None,
            max_chars: DEFAULT_MAX_CHARS,
            no_run_empty: false,
            verbose: false,
            exit_on_size: false,
            arg_file: None,
            procs: 1,
        };
        for (id, val) in parsed.opts {
            let val = val.unwrap_or_default();
            match id {
                O::Null => o.split = Split::Delim(0),
                O::ArgFile => o.arg_file = Some(val),
                O::Delim => match parse_delim(&val) {
                    Ok(d) => o.split = Split::Delim(d),
                    Err(msg) => {
                        ctx.error(&msg);
                        return 1;
                    }
                },
                O::EofUpper | O::EofLower => o.eof = Some(val),
                O::ReplaceUpper | O::ReplaceLower => {
                    if o.max_args.take().is_some() {
                        ctx.error("warning: options --max-args and --replace/-I/-i are mutually exclusive, ignoring previous --max-args value");
                    }
                    o.max_lines = None;
                    o.replace = Some(if val.is_empty() && id == O::ReplaceLower { "{}".into() } else { val });
                    o.exit_on_size = true;
                }
                O::LinesUpper | O::LinesLower => {
                    let n = if val.is_empty() && id == O::LinesLower {
                        1
                    } else {
                        match parse_count(ctx, &val, id == O::LinesUpper, 'L') {
                            Some(n) => n,
                            None => return 1,
                        }
                    };
                    if o.replace.take().is_some() {
                        ctx.error("warning: options --replace and -L are mutually exclusive, ignoring previous --replace value");
                    }
                    o.max_args = None;
                    o.max_lines = Some(n);
                }
                O::MaxArgs => {
                    let Some(n) = parse_count(ctx, &val, false, 'n') else { return 1 };
                    if o.replace.take().is_some() {
                        ctx.error("warning: options --replace and --max-args/-n are mutually exclusive, ignoring previous --replace value");
                    }
                    o.max_lines = None;
                    o.max_args = Some(n);
                }
                O::Procs => match val.parse::<usize>() {
                    Ok(n) => o.procs = if n == 0 { usize::MAX } else { n },
                    Err(_) => {
                        args::usage_error(ctx, &format!("invalid number \"{val}\" for -P option"));
                        return 1;
                    }
                },
                O::Interactive => {
                    ctx.error("failed to open /dev/tty for reading: No such device or address");
                    return 1;
                }
                O::NoRunEmpty => o.no_run_empty = true,
                O::MaxChars => {
                    let Some(n) = parse_count(ctx, &val, false, 's') else { return 1 };
                    o.max_chars = n.min(DEFAULT_MAX_CHARS * 16);
                }
                O::Verbose => o.verbose = true,
                O::Exit => o.exit_on_size = true,
                O::OpenTty | O::SlotVar => {}
                O::ShowLimits => {
                    let _ = writeln!(
                        ctx.stderr,
                        "Your environment variables take up 0 bytes\n\
                         POSIX upper limit on argument length (this system): {DEFAULT_MAX_CHARS}\n\
                         POSIX smallest allowable upper limit on argument length (all systems): 4096\n\
                         Maximum length of command we could actually use: {DEFAULT_MAX_CHARS}\n\
                         Size of command buffer we are actually using: {}\n\
                         Maximum parallelism (--max-procs must be no greater): 2147483647",
                        o.max_chars
                    );
                }
            }
        }
        if o.replace.is_some() {
            if o.split == Split::Blanks {
                o.split = Split::Lines;
            }
            o.max_lines = None;
        }
        let mut command: Vec<String> = parsed.operands;
        if command.is_empty() {
            command.push("echo".into());
        }
        match o.arg_file.clone() {
            Some(path) => {
                let input = match ctx.open_input(&path) {
                    Ok(super::Input::File(f)) => f,
                    Ok(super::Input::Stdin(_)) => {
                        let mut data = Vec::new();
                        if let Err(e) = ctx.read_stdin_all(&mut data) {
                            ctx.error(&format!("{}: {e}", quote_name(&path)));
                            return 1;
                        }
                        Box::new(std::io::Cursor::new(data))
                    }
                    Err(e) => {
                        ctx.error(&format!("cannot open {}: {e}", quote_name(&path)));
                        return 1;
                    }
                };
                let items = Items::new(input, o.split, o.eof.as_deref());
                run_all(ctx, &o, &command, items, true)
            }
            None => {
                // Read our own stdin through a local handle; commands get /dev/null.
                // (`io::Empty` is zero-sized: leaking a box of it allocates nothing.)
                let mut stdin = std::mem::replace(&mut ctx.stdin, Box::leak(Box::new(std::io::empty())));
                let items = Items::new(&mut stdin, o.split, o.eof.as_deref());
                let r = run_all(ctx, &o, &command, items, false);
                ctx.stdin = stdin;
                r
            }
        }
    }
}

/// `-d` argument: one character or a C escape (`\n`, `\t`, `\0`, `\x41`, `\101`).
fn parse_delim(s: &str) -> Result<u8, String> {
    let b = s.as_bytes();
    if b.len() == 1 {
        return Ok(b[0]);
    }
    if b.first() == Some(&b'\\') && b.len() >= 2 {
        let simple = match b[1] {
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(11),
            b'\\' => Some(b'\\'),
            _ => None,
        };
        if let (Some(c), 2) = (simple, b.len()) {
            return Ok(c);
        }
        let num = if b[1] == b'x' {
            u32::from_str_radix(&s[2..], 16).ok()
        } else if b[1..].iter().all(|c| (b'0'..=b'7').contains(c)) {
            u32::from_str_radix(&s[1..], 8).ok()
        } else {
            None
        };
        return match num {
            Some(n) if n <= 255 => Ok(n as u8),
            Some(_) => Err(format!("invalid escape sequence {s} in input delimiter specification; character values must not exceed {}.", if b[1] == b'x' { "0xff" } else { "0377" })),
            None => Err(format!("invalid escape sequence {s} in input delimiter specification.")),
        };
    }
    // A multibyte character cannot be a delimiter.
    Err(format!("invalid input delimiter specification {s}: the delimiter must be either a single character or an escape sequence starting with \\."))
}

/// A positive count for `-n`, `-L`, `-s`; GNU's messages when it is not.
fn parse_count(ctx: &mut Ctx<'_>, val: &str, _upper: bool, opt: char) -> Option<usize> {
    match val.trim_start().parse::<i64>() {
        Ok(n) if n >= 1 => Some(n as usize),
        Ok(_) => {
            args::usage_error(ctx, &format!("value {val} for -{opt} option should be >= 1"));
            None
        }
        Err(_) => {
            args::usage_error(ctx, &format!("invalid number \"{val}\" for -{opt} option"));
            None
        }
    }
}

/// The length a command line takes in the argument buffer (each word and its NUL).
fn line_len(words: &[Vec<u8>]) -> usize {
    words.iter().map(|w| w.len() + 1).sum()
}

/// Read all items and run the command on batches of them; the xargs exit status.
fn run_all<R: Read>(ctx: &mut Ctx<'_>, o: &Opts, command: &[String], items: Items<R>, inherit_stdin: bool) -> i32 {
    let mut running: Vec<(String, Box<dyn super::Started>)> = Vec::new();
    let st = run_batches(ctx, o, command, items, inherit_stdin, &mut running);
    // Wait for the commands still running (`-P`); their failures count too.
    let mut failed = false;
    let mut stop = None;
    for (name, job) in running {
        match classify(ctx, &name, job.wait()) {
            Outcome::Ok => {}
            Outcome::Failed => failed = true,
            Outcome::Stop(s) => stop = stop.or(Some(s)),
        }
    }
    match (stop, st) {
        (Some(s), _) => s,
        (None, 0) if failed => 123,
        (None, st) => st,
    }
}

/// The status of one command as xargs counts it.
fn classify(ctx: &mut Ctx<'_>, name: &str, status: i32) -> Outcome {
    match status {
        0 => Outcome::Ok,
        255 => {
            ctx.error(&format!("{name}: exited with status 255; aborting"));
            Outcome::Stop(124)
        }
        141 => {
            ctx.error(&format!("{name}: terminated by signal 13"));
            Outcome::Stop(125)
        }
        _ => Outcome::Failed,
    }
}

fn run_batches<R: Read>(
    ctx: &mut Ctx<'_>,
    o: &Opts,
    command: &[String],
    mut items: Items<R>,
    inherit_stdin: bool,
    running: &mut Vec<(String, Box<dyn super::Started>)>,
) -> i32 {
    let base: Vec<Vec<u8>> = command.iter().map(|s| s.as_bytes().to_vec()).collect();
    let base_len = line_len(&base);
    let mut failed = false;
    let mut ran = false;
    if o.replace.is_none() && base_len > o.max_chars {
        ctx.error("cannot fit single argument within argument list size limit");
        return 1;
    }
    loop {
        if ctx.cancel.cancelled() {
            return 130;
        }
        // Collect one batch.
        let mut batch: Vec<Vec<u8>> = Vec::new();
        let mut len = base_len;
        let mut lines = 0usize;
        let mut at_end = false;
        loop {
            let item = if let Some(t) = items.pending.take() {
                Item { text: t, ends_line: false }
            } else {
                match items.next_item() {
                    Ok(Some(i)) => i,
                    Ok(None) => {
                        at_end = true;
                        break;
                    }
                    Err(ReadError::Unmatched(kind)) => {
                        ctx.error(&format!("unmatched {kind} quote; by default quotes are special to xargs unless you use the -0 option"));
                        // GNU runs what it has collected so far before giving up.
                        if !batch.is_empty() {
                            let _ = run_one(ctx, o, &base, &batch, inherit_stdin);
                        }
                        return 1;
                    }
                    Err(ReadError::Io(e)) => {
                        ctx.error(&format!("read error: {e}"));
                        return 1;
                    }
                }
            };
            if o.replace.is_some() {
                batch.push(item.text);
                break;
            }
            let add = item.text.len() + 1;
            if len + add > o.max_chars {
                if batch.is_empty() {
                    ctx.error("argument line too long");
                    return 1;
                }
                if o.exit_on_size {
                    ctx.error("argument line too long");
                    return 1;
                }
                items.pending = Some(item.text);
                break;
            }
            len += add;
            let ends_line = item.ends_line;
            batch.push(item.text);
            if let Some(n) = o.max_args {
                if batch.len() >= n {
                    break;
                }
            }
            if let Some(l) = o.max_lines {
                if ends_line {
                    lines += 1;
                    if lines >= l {
                        break;
                    }
                }
            }
        }
        if batch.is_empty() {
            if !ran && !o.no_run_empty && o.replace.is_none() {
                let r = run_one(ctx, o, &base, &batch, inherit_stdin);
                return finish(r, failed);
            }
            return if failed { 123 } else { 0 };
        }
        ran = true;
        let outcome = if o.procs > 1 { run_parallel(ctx, o, &base, &batch, inherit_stdin, running) } else { run_one(ctx, o, &base, &batch, inherit_stdin) };
        match outcome {
            Outcome::Ok => {}
            Outcome::Failed => failed = true,
            Outcome::Stop(s) => return s,
        }
        if at_end {
            return if failed { 123 } else { 0 };
        }
    }
}

fn finish(r: Outcome, failed: bool) -> i32 {
    match r {
        Outcome::Stop(s) => s,
        Outcome::Failed => 123,
        Outcome::Ok if failed => 123,
        Outcome::Ok => 0,
    }
}

/// How one command run went.
enum Outcome {
    Ok,
    /// Exited with a status other than 0 and 255.
    Failed,
    /// xargs must stop now with this status.
    Stop(i32),
}

/// `-P N`: start the command for a batch once fewer than N run (waiting for the oldest); when
/// the concurrent-stage limit allows no more threads, run it here and now.
fn run_parallel(
    ctx: &mut Ctx<'_>,
    o: &Opts,
    base: &[Vec<u8>],
    batch: &[Vec<u8>],
    inherit_stdin: bool,
    running: &mut Vec<(String, Box<dyn super::Started>)>,
) -> Outcome {
    let mut failed = false;
    while running.len() >= o.procs {
        let (name, job) = running.remove(0);
        match classify(ctx, &name, job.wait()) {
            Outcome::Ok => {}
            Outcome::Failed => failed = true,
            stop => return stop,
        }
    }
    let words = command_words(ctx, o, base, batch);
    let _ = ctx.stdout.flush();
    let started = ctx.spawn.start(&words, !inherit_stdin);
    let r = match started {
        Some(Ok(job)) => {
            running.push((words[0].clone(), job));
            Outcome::Ok
        }
        Some(Err(e)) => {
            ctx.error(&format!("{}: {e}", words[0]));
            Outcome::Stop(e.status())
        }
        None => {
            let stdin = if inherit_stdin { SpawnIn::Inherit } else { SpawnIn::Null };
            match ctx.spawn.command(&words, stdin, SpawnOut::Inherit) {
                Ok(st) => classify(ctx, &words[0], st),
                Err(e) => {
                    ctx.error(&format!("{}: {e}", words[0]));
                    Outcome::Stop(e.status())
                }
            }
        }
    };
    match r {
        Outcome::Ok if failed => Outcome::Failed,
        r => r,
    }
}

/// The command line for one batch (`-t` prints it on stderr).
fn command_words(ctx: &mut Ctx<'_>, o: &Opts, base: &[Vec<u8>], batch: &[Vec<u8>]) -> Vec<String> {
    let words: Vec<String> = match &o.replace {
        Some(r) => {
            let item = kitsh_core::util::bytes::decode(batch.first().map(Vec::as_slice).unwrap_or_default());
            base.iter()
                .map(|w| {
                    let w = kitsh_core::util::bytes::decode(w);
                    if r.is_empty() { w.into_owned() } else { w.replace(r.as_str(), &item) }
                })
                .collect()
        }
        None => base.iter().chain(batch.iter()).map(|w| kitsh_core::util::bytes::decode(w).into_owned()).collect(),
    };
    if o.verbose {
        let mut line = String::new();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(&quote_name(w));
        }
        let _ = writeln!(ctx.stderr, "{line}");
    }
    words
}

/// Run the command for one batch of items.
fn run_one(ctx: &mut Ctx<'_>, o: &Opts, base: &[Vec<u8>], batch: &[Vec<u8>], inherit_stdin: bool) -> Outcome {
    let words = command_words(ctx, o, base, batch);
    let _ = ctx.stdout.flush();
    let stdin = if inherit_stdin { SpawnIn::Inherit } else { SpawnIn::Null };
    match ctx.spawn.command(&words, stdin, SpawnOut::Inherit) {
        Ok(st) => classify(ctx, &words[0], st),
        Err(e) => {
            ctx.error(&format!("{}: {e}", words[0]));
            Outcome::Stop(e.status())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(input: &str, split: Split) -> Vec<(String, bool)> {
        let mut it = Items::new(input.as_bytes(), split, None);
        let mut out = Vec::new();
        while let Ok(Some(i)) = it.next_item() {
            out.push((String::from_utf8_lossy(&i.text).into_owned(), i.ends_line));
        }
        out
    }

    #[test]
    fn default_items_honour_quotes_and_backslashes() {
        let got: Vec<String> = items("a b\n\"c d\" e\\ f\n'g'h", Split::Blanks).into_iter().map(|x| x.0).collect();
        assert_eq!(got, ["a", "b", "c d", "e f", "gh"]);
    }

    #[test]
    fn delimiter_items_keep_empty_ones() {
        let got: Vec<String> = items("a\0\0b\0", Split::Delim(0)).into_iter().map(|x| x.0).collect();
        assert_eq!(got, ["a", "", "b"]);
    }

    #[test]
    fn delimiter_escapes() {
        assert_eq!(parse_delim("\\n"), Ok(b'\n'));
        assert_eq!(parse_delim("\\x41"), Ok(b'A'));
        assert_eq!(parse_delim("\\101"), Ok(b'A'));
        assert_eq!(parse_delim(","), Ok(b','));
        assert!(parse_delim("ab").is_err());
    }

    #[test]
    fn unmatched_quote_is_an_error() {
        let mut it = Items::new(&b"'abc\n"[..], Split::Blanks, None);
        assert!(matches!(it.next_item(), Err(ReadError::Unmatched("single"))));
    }
}
