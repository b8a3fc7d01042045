//! `xxd -r`: turn a hex dump back into bytes, a port of xxd's `huntype`: in the normal layout
//! each line's offset is read first and gaps are filled with zero bytes; with `-p` every pair of
//! hex digits is a byte and all else is skipped.

use super::{read_fail, Sink};
use crate::builtins::byteread::ByteReader;
use crate::builtins::Ctx;

fn hex_digit(c: u8) -> i64 {
    match c {
        b'0'..=b'9' => i64::from(c - b'0'),
        b'a'..=b'f' => i64::from(c - b'a' + 10),
        b'A'..=b'F' => i64::from(c - b'A' + 10),
        _ => -1,
    }
}

/// Revert the dump read from `input` into `sink`. `Err`: the exit status.
pub(super) fn revert(ctx: &mut Ctx<'_>, input: &mut ByteReader, sink: &mut Sink, cols: i64, plain: bool, base: i64) -> Result<(), i32> {
    let (mut n1, mut n2): (i64, i64) = (-1, 0);
    let mut ign_garb = true;
    let mut p = cols;
    let (mut have_off, mut want_off): (i64, i64) = (0, 0);
    let mut out: Vec<u8> = Vec::new();
    let mut next = |ctx: &mut Ctx<'_>| input.next(ctx).map_err(|f| read_fail(ctx, f));
    while let Some(mut c) = next(ctx)? {
        if c == b'\r' {
            continue;
        }
        if plain && (c == b' ' || c == b'\n' || c == b'\t') {
            continue;
        }
        let n3 = n2;
        n2 = n1;
        n1 = hex_digit(c);
        if n1 == -1 && ign_garb {
            continue;
        }
        ign_garb = false;
        if !plain && p >= cols {
            if n1 < 0 {
                p = 0;
                continue;
            }
            want_off = (want_off << 4) | n1;
            continue;
        }
        if base + want_off != have_off {
            if base + want_off < have_off {
                sink.put(ctx, &out)?;
                ctx.error("Sorry, cannot seek backwards.");
                return Err(5);
            }
            while have_off < base + want_off {
                out.push(0);
                have_off += 1;
            }
        }
        let mut skip_line = false;
        if n2 >= 0 && n1 >= 0 {
            out.push(((n2 << 4) | n1) as u8);
            have_off += 1;
            want_off += 1;
            n1 = -1;
            if !plain {
                p += 1;
                if p >= cols {
                    skip_line = true;
                }
            }
        } else if n1 < 0 && n2 < 0 && n3 < 0 {
            skip_line = true;
        }
        if skip_line && c != b'\n' {
            // skip_to_eol: read up to and including the newline.
            loop {
                match next(ctx)? {
                    Some(b'\n') => {
                        c = b'\n';
                        break;
                    }
                    Some(_) => {}
                    None => {
                        c = 0;
                        break;
                    }
                }
            }
        }
        if c == b'\n' {
            if !plain {
                want_off = 0;
            }
            p = cols;
            ign_garb = true;
        }
        if out.len() >= crate::builtins::args::CHUNK {
            sink.put(ctx, &out)?;
            out.clear();
        }
    }
    sink.put(ctx, &out)
}
