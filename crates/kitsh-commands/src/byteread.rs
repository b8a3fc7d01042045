//! A buffered byte-at-a-time reader over an input operand, for the commands that work like C's
//! `getc` loops (`xxd`, `hexdump`, `strings`): reads in [`CHUNK`]s and stops when the script is
//! cancelled.


use super::args::{read_some, Src, CHUNK};
use super::rev::read_error_text;
use super::Ctx;

/// Why reading stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadFail {
    /// The script was cancelled (timeout).
    Cancelled,
    /// A read error, as `strerror` gives it.
    Error(String),
}

/// A buffered reader over one [`Src`].
pub struct ByteReader {
    src: Src,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
}

impl ByteReader {
    /// Wrap an opened operand.
    pub fn new(src: Src) -> Self {
        ByteReader { src, buf: vec![0; CHUNK], pos: 0, end: 0, eof: false }
    }

    /// Make bytes available; `Ok(false)` at end of input.
    fn fill(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, ReadFail> {
        if self.pos < self.end {
            return Ok(true);
        }
        if self.eof {
            return Ok(false);
        }
        match read_some(ctx, &mut self.src, &mut self.buf) {
            Ok(0) => {
                self.eof = true;
                Ok(false)
            }
            Ok(n) => {
                (self.pos, self.end) = (0, n);
                Ok(true)
            }
            Err(e) if kitsh_core::util::cancelled::is(&e) => Err(ReadFail::Cancelled),
            Err(e) => Err(ReadFail::Error(read_error_text(&e))),
        }
    }

    /// The next byte, or `None` at end of input.
    pub fn next(&mut self, ctx: &mut Ctx<'_>) -> Result<Option<u8>, ReadFail> {
        if !self.fill(ctx)? {
            return Ok(None);
        }
        let b = self.buf[self.pos];
        self.pos += 1;
        Ok(Some(b))
    }

    /// The buffered bytes (refilling first if none are); empty at end of input. Consume them
    /// with [`ByteReader::consume`].
    pub fn chunk(&mut self, ctx: &mut Ctx<'_>) -> Result<&[u8], ReadFail> {
        self.fill(ctx)?;
        Ok(&self.buf[self.pos..self.end])
    }

    /// Mark `n` bytes of [`ByteReader::chunk`] as read.
    pub fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.end);
    }

    /// Skip up to `n` bytes; returns how many were skipped (fewer at end of input).
    pub fn skip(&mut self, ctx: &mut Ctx<'_>, mut n: u64) -> Result<u64, ReadFail> {
        let mut done = 0;
        while n > 0 {
            if !self.fill(ctx)? {
                break;
            }
            let k = ((self.end - self.pos) as u64).min(n) as usize;
            self.pos += k;
            n -= k as u64;
            done += k as u64;
        }
        Ok(done)
    }
}
