//! sed's outputs: standard output, the in-place file being written, `w` files, with GNU's
//! "missing newline" rule (a last line without newline is printed without one, and the
//! newline is added back if anything follows); `l` formatting; `R` line readers.

use std::io::Read;

use super::input::Fatal;
use crate::args::{flush_out, CHUNK};
use crate::Ctx;
use kitsh_core::fs::WriteMode;

/// Where a sink's data goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Target {
    Stdout,
    Stderr,
    /// A file of the virtual filesystem (absolute path), appended to in chunks.
    File(String),
    /// The in-place output of the file being edited (written by the driver).
    Memory,
}

/// One output stream.
pub(super) struct Sink {
    /// Where the data goes.
    pub target: Target,
    /// Data not yet sent on.
    pub data: Vec<u8>,
    /// The last thing written was a line without its delimiter.
    pub missing_nl: bool,
}

/// The index of the standard-output sink.
pub(super) const STDOUT: usize = 0;
/// The index of the standard-error sink.
pub(super) const STDERR: usize = 1;

impl Sink {
    /// A sink writing to `target`.
    pub fn new(target: Target) -> Self {
        Sink { target, data: Vec::new(), missing_nl: false }
    }

    /// Write a line: `data`, then the delimiter if `nl` (else remember it is missing).
    pub fn line(&mut self, data: &[u8], nl: bool, delim: u8) {
        self.raw(data, delim);
        if nl {
            self.data.push(delim);
        } else {
            self.missing_nl = true;
        }
    }

    /// Write text as is (after a missing delimiter, if any).
    pub fn raw(&mut self, data: &[u8], delim: u8) {
        if self.missing_nl {
            self.data.push(delim);
            self.missing_nl = false;
        }
        self.data.extend_from_slice(data);
    }

    /// Send the buffered data on when it is large or `force`.
    pub fn flush(&mut self, ctx: &mut Ctx<'_>, force: bool) -> Result<(), Fatal> {
        if self.data.is_empty() || (self.data.len() < CHUNK && !force) {
            return Ok(());
        }
        match &self.target {
            Target::Stdout => flush_out(ctx, &mut self.data, force).map_err(|st| Fatal { msg: String::new(), status: st }),
            Target::Stderr => {
                let _ = ctx.stderr.write_all(&self.data);
                self.data.clear();
                Ok(())
            }
            Target::File(path) => {
                let r = ctx.fs.write_file(path, &self.data, WriteMode::Append);
                self.data.clear();
                r.map_err(|e| Fatal::new(format!("couldn't write to {path}: {e}")))
            }
            Target::Memory => Ok(()),
        }
    }
}

/// The `l` representation of `ps`, wrapped at `width` (0: never), ending in `$` and newline.
pub(super) fn list(ps: &[u8], width: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(ps.len() * 2 + 2);
    let mut col = 0;
    let mut repr = String::with_capacity(4);
    for &b in ps {
        repr.clear();
        match b {
            b'\\' => repr.push_str("\\\\"),
            7 => repr.push_str("\\a"),
            8 => repr.push_str("\\b"),
            12 => repr.push_str("\\f"),
            b'\n' => repr.push_str("\\n"),
            b'\r' => repr.push_str("\\r"),
            b'\t' => repr.push_str("\\t"),
            11 => repr.push_str("\\v"),
            0x20..=0x7e => repr.push(b as char),
            _ => repr.push_str(&format!("\\{b:03o}")),
        }
        if width > 0 && col + repr.len() > width - 1 {
            out.extend_from_slice(b"\\\n");
            col = 0;
        }
        out.extend_from_slice(repr.as_bytes());
        col += repr.len();
    }
    out.extend_from_slice(b"$\n");
    out
}

/// A file read one line at a time by `R`.
pub(super) struct LineReader {
    src: Option<Box<dyn Read + Send>>,
    buf: Vec<u8>,
    eof: bool,
}

impl LineReader {
    /// Open `path` (absolute); a missing file reads as empty.
    pub fn open(ctx: &Ctx<'_>, path: &str) -> Self {
        LineReader { src: ctx.fs.open_read(path).ok(), buf: Vec::new(), eof: false }
    }

    /// The next line with its newline (added if the file lacks one), or `None`.
    pub fn next_line(&mut self) -> Option<Vec<u8>> {
        loop {
            if let Some(k) = self.buf.iter().position(|&b| b == b'\n') {
                return Some(self.buf.drain(..=k).collect());
            }
            if self.eof {
                if self.buf.is_empty() {
                    return None;
                }
                let mut line = std::mem::take(&mut self.buf);
                line.push(b'\n');
                return Some(line);
            }
            let mut chunk = [0u8; 4096];
            match self.src.as_mut().map(|s| s.read(&mut chunk)) {
                Some(Ok(n)) if n > 0 => self.buf.extend_from_slice(&chunk[..n]),
                Some(Err(e)) if e.kind() == std::io::ErrorKind::Interrupted => {}
                _ => self.eof = true,
            }
        }
    }
}
