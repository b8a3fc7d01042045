//! sed's input: the lines of its file operands in turn, read a chunk at a time, with the
//! one-line look-ahead that `$` needs. Unreadable files are reported and skipped.

use crate::args::{open_src, read_some, Src, CHUNK};
use crate::Ctx;
use kitsh_core::fs::FsError;

/// An error that ends sed (status 4, or 130 when cancelled).
#[derive(Debug)]
pub(super) struct Fatal {
    /// The message (printed as `sed: MSG`), empty for none.
    pub msg: String,
    /// The exit status.
    pub status: i32,
}

impl Fatal {
    /// A fatal error with GNU's "panic" status 4.
    pub fn new(msg: impl Into<String>) -> Self {
        Fatal { msg: msg.into(), status: 4 }
    }
}

/// The lines of a list of operands.
pub(super) struct Input {
    files: Vec<String>,
    /// The next operand to open.
    next: usize,
    cur: Option<Src>,
    /// The operand `cur` belongs to.
    cur_idx: usize,
    /// The operand the last line read came from.
    line_idx: usize,
    buf: Vec<u8>,
    pos: usize,
    /// `cur` has no more data.
    eof: bool,
    delim: u8,
    /// Some operand could not be read (exit status 2).
    pub failed: bool,
}

impl Input {
    /// The lines of `files` (`-` is standard input), split at `delim`.
    pub fn new(files: Vec<String>, delim: u8) -> Self {
        Input { files, next: 0, cur: None, cur_idx: 0, line_idx: 0, buf: Vec::new(), pos: 0, eof: true, delim, failed: false }
    }

    /// The operand of the last line read (`-` for standard input), for `F`.
    pub fn name(&self) -> &str {
        self.files.get(self.line_idx).map_or("-", |s| s.as_str())
    }

    /// Read the next line into `ps` (replacing it); `Some(true)` if it ended with the
    /// delimiter, `Some(false)` for a last line without one, `None` at the end of input.
    pub fn read(&mut self, ctx: &mut Ctx<'_>, ps: &mut Vec<u8>) -> Result<Option<bool>, Fatal> {
        ps.clear();
        if !self.available(ctx)? {
            return Ok(None);
        }
        self.line_idx = self.cur_idx;
        loop {
            let rest = &self.buf[self.pos..];
            if let Some(k) = rest.iter().position(|&b| b == self.delim) {
                ps.extend_from_slice(&rest[..k]);
                self.pos += k + 1;
                return Ok(Some(true));
            }
            ps.extend_from_slice(rest);
            self.pos = self.buf.len();
            if self.eof || !self.refill(ctx)? {
                return Ok(Some(false));
            }
        }
    }

    /// Whether no line follows the last one read.
    pub fn at_end(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Fatal> {
        Ok(!self.available(ctx)?)
    }

    /// Make sure unread data exists, opening further operands as needed.
    fn available(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Fatal> {
        loop {
            if self.pos < self.buf.len() {
                return Ok(true);
            }
            if !self.eof {
                self.refill(ctx)?;
                continue;
            }
            let Some(name) = self.files.get(self.next) else { return Ok(false) };
            let idx = self.next;
            self.next += 1;
            match open_src(ctx, name) {
                Ok(src) => {
                    self.cur = Some(src);
                    self.cur_idx = idx;
                    self.eof = false;
                }
                Err(FsError::IsDir) => return Err(Fatal::new(format!("read error on {name}: Is a directory"))),
                Err(e) => {
                    let _ = writeln!(ctx.stderr, "sed: can't read {name}: {e}");
                    self.failed = true;
                }
            }
        }
    }

    /// Read another chunk of the current operand; `false` at its end.
    fn refill(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Fatal> {
        let Some(src) = self.cur.as_mut() else {
            self.eof = true;
            return Ok(false);
        };
        self.buf.clear();
        self.pos = 0;
        self.buf.resize(CHUNK, 0);
        let got = match read_some(ctx, src, &mut self.buf) {
            Ok(n) => n,
            Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(Fatal { msg: String::new(), status: 130 }),
            Err(e) => {
                let name = self.files.get(self.cur_idx).map_or("-", |s| s.as_str());
                return Err(Fatal::new(format!("read error on {name}: {e}")));
            }
        };
        self.buf.truncate(got);
        if got == 0 {
            self.eof = true;
            self.cur = None;
        }
        Ok(got > 0)
    }
}
