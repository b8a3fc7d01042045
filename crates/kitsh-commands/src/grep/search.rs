//! Searching one input: streamed line by line (a chunk at a time, never the whole input), with
//! context lines, `-m`, `-o`, `-c`/`-l`/`-q` short cuts and GNU's binary-file handling.

use std::collections::VecDeque;
use std::io::Write;

use super::{BinaryFiles, Cfg};
use crate::args::{flush_out, read_some, Src, CHUNK};
use crate::Ctx;

/// Why a search stopped early.
pub(super) enum Stop {
    /// Writing stdout failed: exit with this status.
    Write(i32),
    /// Reading the input failed.
    Read(std::io::Error),
    /// The script was cancelled.
    Cancelled,
    /// A search could not finish (`-P` past its backtracking limit): GNU's message after
    /// `grep: `, and exit status 2.
    Fatal(String),
}

/// State shared by the searches of all files.
pub(super) struct Shared {
    /// Buffered standard output.
    pub out: Vec<u8>,
    /// Something was printed (a group separator goes before the next context group).
    pub printed: bool,
}

/// What a search found.
pub(super) struct Found {
    /// Selected lines (up to `-m`).
    pub selected: u64,
    /// Output was suppressed because the file is binary (print the notice).
    pub binary_notice: bool,
}

/// What to do after a line.
#[derive(PartialEq, Eq)]
enum Flow {
    Go,
    /// Stop reading this input.
    Done,
}

/// The per-input scanning state.
struct Scan<'a> {
    cfg: &'a Cfg,
    name: &'a str,
    lineno: u64,
    offset: u64,
    selected: u64,
    /// The line number of the last printed line.
    last_printed: Option<u64>,
    after_left: u64,
    before: VecDeque<(u64, u64, Vec<u8>)>,
    /// `-m` reached: only trailing context remains.
    max_reached: bool,
    /// A NUL was seen: the input is binary.
    nul_binary: bool,
    binary_notice: bool,
    /// A match that could not be decided (see [`Stop::Fatal`]).
    fatal: Option<String>,
}

/// Search `src`, shown as `name`.
pub(super) fn search(ctx: &mut Ctx<'_>, cfg: &Cfg, src: &mut Src, name: &str, sh: &mut Shared) -> Result<Found, Stop> {
    let mut sc = Scan {
        cfg,
        name,
        lineno: 0,
        offset: 0,
        selected: 0,
        last_printed: None,
        after_left: 0,
        before: VecDeque::new(),
        max_reached: false,
        nul_binary: false,
        binary_notice: false,
        fatal: None,
    };
    if cfg.max == Some(0) {
        return Ok(Found { selected: 0, binary_notice: false });
    }
    let eol = cfg.eol();
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK);
    let mut done = false;
    while !done {
        let old = buf.len();
        buf.resize(old + CHUNK, 0);
        let got = match read_some(ctx, src, &mut buf[old..]) {
            Ok(n) => n,
            Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(Stop::Cancelled),
            Err(e) => return Err(Stop::Read(e)),
        };
        buf.truncate(old + got);
        let eof = got == 0;
        if !sc.nul_binary && cfg.binary != BinaryFiles::Text && !cfg.null_data && buf[old..].contains(&0) {
            sc.nul_binary = true;
            if cfg.binary == BinaryFiles::WithoutMatch {
                return Ok(Found { selected: 0, binary_notice: false });
            }
        }
        let mut pos = 0;
        loop {
            if let Some(finder) = cfg.matcher.literal().filter(|_| sc.skips_unselected()) {
                pos = sc.skip_to_candidate(&buf, pos, finder, eol);
            }
            let Some(k) = memchr::memchr(eol, &buf[pos..]) else { break };
            let flow = sc.line(&buf[pos..pos + k], cfg, sh);
            pos += k + 1;
            if flow == Flow::Done {
                done = true;
                break;
            }
        }
        if eof && !done && pos < buf.len() {
            let end = buf.len();
            sc.line(&buf[pos..end], cfg, sh);
            pos = end;
        }
        buf.drain(..pos);
        flush_out(ctx, &mut sh.out, cfg.line_buffered).map_err(Stop::Write)?;
        if let Some(m) = sc.fatal.take() {
            return Err(Stop::Fatal(m));
        }
        done |= eof;
    }
    Ok(Found { selected: sc.selected, binary_notice: sc.binary_notice })
}

impl Scan<'_> {
    /// Whether lines that are not selected need no handling (no context to print or keep,
    /// no `-v`), so they can be skipped unseen.
    fn skips_unselected(&self) -> bool {
        !self.cfg.invert && self.cfg.before == 0 && self.after_left == 0 && !self.max_reached
    }

    /// Skip, from `pos`, the complete lines of `buf` that do not contain `finder`'s string
    /// (counting them for `-n`/`-b`); returns the start of the next line to look at.
    fn skip_to_candidate(&mut self, buf: &[u8], pos: usize, finder: &memchr::memmem::Finder<'_>, eol: u8) -> usize {
        let Some(last_eol) = memchr::memrchr(eol, &buf[pos..]).map(|i| pos + i) else { return pos };
        let to = match finder.find(&buf[pos..=last_eol]) {
            // The start of the line holding the match.
            Some(m) => memchr::memrchr(eol, &buf[pos..pos + m]).map_or(pos, |i| pos + i + 1),
            None => last_eol + 1,
        };
        self.lineno += memchr::memchr_iter(eol, &buf[pos..to]).count() as u64;
        self.offset += (to - pos) as u64;
        to
    }

    fn line(&mut self, line: &[u8], cfg: &Cfg, sh: &mut Shared) -> Flow {
        self.lineno += 1;
        let offset = self.offset;
        self.offset += line.len() as u64 + 1;
        let matched = match cfg.matcher.is_match(line) {
            Ok(m) => m,
            Err(e) => return self.fail(e),
        };
        let selected = !self.max_reached && matched != cfg.invert;
        if !selected {
            return self.other_line(line, offset, sh);
        }
        self.selected += 1;
        let last = cfg.max == Some(self.selected);
        if cfg.quiet || cfg.list.is_some() {
            return Flow::Done;
        }
        if cfg.count {
            return if last { Flow::Done } else { Flow::Go };
        }
        if self.nul_binary {
            self.binary_notice = true;
            return Flow::Done;
        }
        while let Some((n, off, l)) = self.before.pop_front() {
            self.print(sh, &l, n, off, b'-');
        }
        if cfg.only {
            if let Err(e) = self.print_matches(sh, line, offset) {
                return self.fail(e);
            }
        } else {
            self.print(sh, line, self.lineno, offset, b':');
        }
        self.after_left = cfg.after;
        if last {
            self.max_reached = true;
            if self.after_left == 0 {
                return Flow::Done;
            }
        }
        Flow::Go
    }

    /// A line that is not selected: trailing or leading context.
    fn other_line(&mut self, line: &[u8], offset: u64, sh: &mut Shared) -> Flow {
        let cfg = self.cfg;
        if cfg.only || cfg.count || cfg.quiet || cfg.list.is_some() {
            return Flow::Go;
        }
        if self.after_left > 0 {
            self.after_left -= 1;
            self.print(sh, line, self.lineno, offset, b'-');
            if self.max_reached && self.after_left == 0 {
                return Flow::Done;
            }
        } else if cfg.before > 0 {
            let mut v = if self.before.len() as u64 >= cfg.before {
                self.before.pop_front().map(|b| b.2).unwrap_or_default()
            } else {
                Vec::new()
            };
            v.clear();
            v.extend_from_slice(line);
            self.before.push_back((self.lineno, offset, v));
        }
        Flow::Go
    }

    /// Print a whole line with its prefix (`sep`: `:` selected, `-` context).
    fn print(&mut self, sh: &mut Shared, line: &[u8], lineno: u64, offset: u64, sep: u8) {
        let cfg = self.cfg;
        if cfg.binary == BinaryFiles::Binary && std::str::from_utf8(line).is_err() {
            self.binary_notice = true;
            return;
        }
        if cfg.context() {
            let gap = match self.last_printed {
                Some(l) => lineno > l + 1,
                None => sh.printed,
            };
            if gap {
                if let Some(s) = &cfg.group_sep {
                    sh.out.extend_from_slice(s.as_bytes());
                    sh.out.push(b'\n');
                }
            }
        }
        self.last_printed = Some(lineno);
        sh.printed = true;
        self.prefix(sh, lineno, offset, sep);
        sh.out.extend_from_slice(line);
        sh.out.push(cfg.eol());
    }

    /// Stop this search with `message` (about this input).
    fn fail(&mut self, message: String) -> Flow {
        self.fatal = Some(format!("{}: {message}", self.name));
        Flow::Done
    }

    /// `-o`: each non-empty match on its own line.
    fn print_matches(&mut self, sh: &mut Shared, line: &[u8], offset: u64) -> Result<(), String> {
        let cfg = self.cfg;
        if cfg.invert {
            return Ok(());
        }
        for (s, e) in cfg.matcher.matches(line)? {
            let part = &line[s..e];
            if cfg.binary == BinaryFiles::Binary && std::str::from_utf8(part).is_err() {
                self.binary_notice = true;
                continue;
            }
            sh.printed = true;
            self.prefix(sh, self.lineno, offset + s as u64, b':');
            sh.out.extend_from_slice(part);
            sh.out.push(cfg.eol());
        }
        Ok(())
    }

    fn prefix(&self, sh: &mut Shared, lineno: u64, offset: u64, sep: u8) {
        let cfg = self.cfg;
        if cfg.with_name {
            sh.out.extend_from_slice(kitsh_core::util::bytes::encode(self.name).as_ref());
            sh.out.push(if cfg.null { 0 } else { sep });
        }
        if cfg.line_number {
            let _ = write!(sh.out, "{lineno}");
            sh.out.push(sep);
        }
        if cfg.byte_offset {
            let _ = write!(sh.out, "{offset}");
            sh.out.push(sep);
        }
        if cfg.initial_tab && (cfg.with_name || cfg.line_number || cfg.byte_offset) {
            sh.out.push(b'\t');
        }
    }
}

impl Cfg {
    /// The line terminator.
    pub(super) fn eol(&self) -> u8 {
        if self.null_data {
            0
        } else {
            b'\n'
        }
    }

    /// Whether context lines are requested.
    pub(super) fn context(&self) -> bool {
        self.before > 0 || self.after > 0
    }
}
