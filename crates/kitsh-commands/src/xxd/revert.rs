//! `xxd -r`: turn a hex dump back into bytes, line by line.
//!
//! Normal layout: a line is `OFFSET: HEX HEX ...  TEXT`. Anything before the first hex digit
//! is ignored, the offset is read up to the first non-hex character, and output is padded with
//! zero bytes up to it (an offset behind what was written is an error, as output cannot seek).
//! Then bytes are read as pairs of adjacent hex digits: a lone digit is dropped, at most `cols`
//! bytes are taken, and the line ends once three characters in a row carry no digit (the gap
//! before the text column), so the text is never read as data.
//!
//! Plain layout (`-p`): blanks are skipped, every pair of hex digits is a byte, and three
//! non-digits in a row end the line.

use super::{read_fail, Sink};
use crate::byteread::ByteReader;
use crate::Ctx;

fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// The output so far and where it stands.
struct Out<'s> {
    sink: &'s mut Sink,
    buf: Vec<u8>,
    /// Bytes written so far.
    written: i64,
}

impl Out<'_> {
    fn byte(&mut self, ctx: &mut Ctx<'_>, b: u8) -> Result<(), i32> {
        self.buf.push(b);
        self.written += 1;
        if self.buf.len() >= crate::args::CHUNK {
            self.sink.put(ctx, &self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Pad with zeros up to `target`; an earlier target cannot be reached.
    fn seek(&mut self, ctx: &mut Ctx<'_>, target: i64) -> Result<(), i32> {
        if target < self.written {
            self.sink.put(ctx, &self.buf)?;
            self.buf.clear();
            ctx.error("Sorry, cannot seek backwards.");
            return Err(5);
        }
        while self.written < target {
            self.byte(ctx, 0)?;
        }
        Ok(())
    }
}

/// Where the reader is within a line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before the first hex digit: everything is ignored.
    Garbage,
    /// Reading the offset (normal layout).
    Offset,
    /// Reading byte pairs.
    Data,
    /// The rest of the line is text: ignored up to the newline.
    SkipLine,
}

/// Revert the dump read from `input` into `sink`. `Err`: the exit status.
pub(super) fn revert(ctx: &mut Ctx<'_>, input: &mut ByteReader, sink: &mut Sink, cols: i64, plain: bool, base: i64) -> Result<(), i32> {
    let mut out = Out { sink, buf: Vec::new(), written: 0 };
    let mut phase = Phase::Garbage;
    // The last three characters of the data area: a digit not yet used, or nothing.
    let mut recent: [Option<u8>; 3] = [None; 3];
    let mut offset = 0i64;
    let mut seek_to: Option<i64> = None;
    let mut taken = 0i64;
    while let Some(c) = input.next(ctx).map_err(|f| read_fail(ctx, f))? {
        if c == b'\r' {
            continue;
        }
        if plain && matches!(c, b' ' | b'\t' | b'\n') {
            // Plain dumps are one stream: blanks and newlines only end a skipped line.
            if c == b'\n' && phase == Phase::SkipLine {
                phase = Phase::Garbage;
            }
            continue;
        }
        let digit = hex_value(c);
        match phase {
            Phase::SkipLine | Phase::Garbage if c == b'\n' => {
                phase = Phase::Garbage;
                continue;
            }
            Phase::SkipLine => continue,
            Phase::Garbage => {
                let Some(d) = digit else { continue };
                if plain {
                    phase = Phase::Data;
                    recent = [Some(d), None, None];
                } else {
                    phase = Phase::Offset;
                    offset = i64::from(d);
                }
                continue;
            }
            Phase::Offset => {
                match digit {
                    Some(d) => offset = offset.wrapping_shl(4) | i64::from(d),
                    None if c == b'\n' => phase = Phase::Garbage,
                    None => {
                        // The offset's terminator (`:`) is not data; the last offset digit still
                        // counts as a digit seen, so the gap after `:` does not end the line.
                        phase = Phase::Data;
                        recent = [None, Some(0), None];
                        seek_to = Some(base + offset);
                        taken = 0;
                    }
                }
                continue;
            }
            Phase::Data => {}
        }
        if let Some(target) = seek_to.take() {
            out.seek(ctx, target)?;
        }
        if c == b'\n' {
            phase = Phase::Garbage;
            continue;
        }
        recent = [digit, recent[0], recent[1]];
        match recent {
            [Some(lo), Some(hi), _] => {
                out.byte(ctx, (hi << 4) | lo)?;
                // Both digits are used up.
                recent[0] = None;
                taken += 1;
                if !plain && taken >= cols {
                    phase = Phase::SkipLine;
                }
            }
            [None, None, None] => phase = Phase::SkipLine,
            _ => {}
        }
    }
    out.sink.put(ctx, &out.buf)
}
