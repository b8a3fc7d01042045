//! bash 5.2's `printf` format language (the `printf` builtin, also `echo -e` escapes).
//!
//! Output is bytes: shell strings holding raw-byte characters (see [`crate::util::bytes`]) are
//! encoded back to their bytes, and escapes such as `\xff` produce single bytes. Floating
//! conversions use x87 80-bit `long double` arithmetic exactly as bash does (`printf '%.20f'
//! 0.1` prints `0.10000000000000000000`), with glibc's rounding and formatting.

mod bignum;
mod escape;
mod fmtfloat;
mod ldouble;
#[cfg(test)]
mod tests;

use crate::util::bytes::{encode, raw_byte};
use ldouble::LDouble;
use std::borrow::Cow;

pub use escape::{ansicstr, push_code_point};

/// Largest output (and so field width or precision) of [`format`]; the interpreter passes its
/// string limit to [`format_bounded`] instead. Bash allows widths up to `INT_MAX`.
const MAX_FIELD: usize = 1 << 24;

/// What one `printf` invocation produced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrintfOutput {
    /// The bytes written.
    pub out: Vec<u8>,
    /// Diagnostics in order, without the shell prefix (`printf: abc: invalid number`).
    pub errors: Vec<String>,
    /// The exit status (0 or 1).
    pub status: i32,
    /// Whether `\c` in a `%b` argument stopped the output.
    pub stop: bool,
    /// `%n` requests: variable name and the number of bytes written before it, to be assigned
    /// by the caller in order.
    pub assignments: Vec<(String, i64)>,
    /// A width, a precision or the output itself went past the size limit: nothing more was
    /// produced, and the caller reports the limit.
    pub over_limit: bool,
}

/// A parsed conversion specification.
#[derive(Debug, Clone, Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    hash: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
    /// The precision came from a `*` argument (ignored by `%Q`, as bash does).
    star_prec: bool,
    conv: u8,
}

/// Whether the pass over the format should go on.
enum Flow {
    Continue,
    /// Stop everything with this status.
    Return(i32),
}

/// The state of one `printf` run.
struct Run<'a> {
    args: &'a [String],
    next: usize,
    out: Vec<u8>,
    errors: Vec<String>,
    assignments: Vec<(String, i64)>,
    conversion_error: bool,
    stop: bool,
    now: i64,
    tz: Option<&'a str>,
    /// The output size limit.
    max: usize,
    over_limit: bool,
}

/// Run `printf fmt args...` as bash 5.2 does. The format is reused while arguments remain and
/// the previous pass consumed at least one. `now_epoch` serves `%(fmt)T` with `-1`/`-2` or no
/// argument; `tz` is the `TZ` variable.
pub fn format(fmt: &str, args: &[String], now_epoch: i64, tz: Option<&str>) -> PrintfOutput {
    format_bounded(fmt, args, now_epoch, tz, MAX_FIELD)
}

/// [`format`] whose output, field widths and precisions may not exceed `max` bytes: past it
/// the run stops with [`PrintfOutput::over_limit`] set (checked before anything is allocated).
pub fn format_bounded(fmt: &str, args: &[String], now_epoch: i64, tz: Option<&str>, max: usize) -> PrintfOutput {
    let f = encode(fmt);
    let mut run = Run {
        args,
        next: 0,
        out: Vec::with_capacity(f.len() + 16),
        errors: Vec::new(),
        assignments: Vec::new(),
        conversion_error: false,
        stop: false,
        now: now_epoch,
        tz,
        max,
        over_limit: false,
    };
    let status = loop {
        let before = run.next;
        if let Flow::Return(st) = run.pass(&f) {
            break st;
        }
        if run.next >= args.len() || run.next == before {
            break i32::from(run.conversion_error);
        }
    };
    if run.out.len() > max {
        run.over_limit = true;
    }
    PrintfOutput {
        out: run.out,
        errors: run.errors,
        status,
        stop: run.stop,
        assignments: run.assignments,
        over_limit: run.over_limit,
    }
}

/// `echo -e` escape processing of one argument: the bytes and whether `\c` was seen (which
/// suppresses the rest of the output, including the newline).
pub fn echo_escapes(s: &str) -> (Vec<u8>, bool) {
    ansicstr(&encode(s), true)
}

/// C `strtoimax`/`strtoumax` with base 0 on `s`: magnitude (saturated), negative sign, bytes
/// consumed (0 if no conversion) and overflow of the magnitude.
fn strtol_parts(s: &[u8]) -> (u64, bool, usize, bool) {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        i += 1;
    }
    let mut neg = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        neg = s[i] == b'-';
        i += 1;
    }
    let mut radix = 10;
    if s.get(i) == Some(&b'0') {
        if s.get(i + 1).is_some_and(|&c| c | 0x20 == b'x')
            && s.get(i + 2).is_some_and(|c| c.is_ascii_hexdigit())
        {
            radix = 16;
            i += 2;
        } else {
            radix = 8;
        }
    }
    let start = i;
    let mut v: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(i).and_then(|&c| (c as char).to_digit(radix)) {
        match v.checked_mul(radix as u64).and_then(|x| x.checked_add(d as u64)) {
            Some(x) => v = x,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start {
        return (0, false, 0, false);
    }
    (if overflow { u64::MAX } else { v }, neg, i, overflow)
}

/// `strtoimax(s, &end, 0)`: value, bytes consumed, ERANGE.
fn strtoimax(s: &[u8]) -> (i64, usize, bool) {
    let (mag, neg, n, mut erange) = strtol_parts(s);
    let v = if neg {
        if mag > 1u64 << 63 {
            erange = true;
            i64::MIN
        } else {
            (mag as i64).wrapping_neg()
        }
    } else if mag > i64::MAX as u64 {
        erange = true;
        i64::MAX
    } else {
        mag as i64
    };
    (v, n, erange)
}

/// `strtoumax(s, &end, 0)`: value, bytes consumed, ERANGE.
fn strtoumax(s: &[u8]) -> (u64, usize, bool) {
    let (mag, neg, n, erange) = strtol_parts(s);
    let v = if erange { u64::MAX } else if neg { mag.wrapping_neg() } else { mag };
    (v, n, erange)
}

/// bash's `sh_invalidnum` message.
fn invalid_number(word: &str) -> String {
    let b = word.as_bytes();
    let what = if b.first() == Some(&b'0') && b.get(1).is_some_and(|c| c.is_ascii_digit()) {
        "invalid octal number"
    } else if b.first() == Some(&b'0') && b.get(1) == Some(&b'x') {
        "invalid hex number"
    } else {
        "invalid number"
    };
    format!("printf: {word}: {what}")
}

fn erange_message(word: &str) -> String {
    format!("printf: warning: {word}: Numerical result out of range")
}

/// Append `body` padded to the spec's width with spaces (`%s`, `%b`, `%q`, `%c`), after
/// applying the precision as a byte count.
fn pad_str(spec: &Spec, body: &[u8], out: &mut Vec<u8>) {
    let body = match spec.prec {
        Some(p) if p < body.len() => &body[..p],
        _ => body,
    };
    let pad = spec.width.saturating_sub(body.len());
    if !spec.minus {
        out.resize(out.len() + pad, b' ');
    }
    out.extend_from_slice(body);
    if spec.minus {
        out.resize(out.len() + pad, b' ');
    }
}

/// Append an integer conversion: `sign` (maybe empty), `prefix` (`0x`), and the magnitude's
/// `digits`, honouring precision, zero padding and width as C's printf does.
fn pad_int(spec: &Spec, sign: &[u8], prefix: &[u8], digits: &[u8], out: &mut Vec<u8>) {
    let is_zero = digits == b"0";
    let mut body: Cow<[u8]> = Cow::Borrowed(digits);
    if let Some(p) = spec.prec {
        if p == 0 && is_zero {
            body = Cow::Borrowed(b"");
        } else if body.len() < p {
            let mut v = vec![b'0'; p - body.len()];
            v.extend_from_slice(digits);
            body = Cow::Owned(v);
        }
    }
    if spec.hash && spec.conv == b'o' && body.first() != Some(&b'0') {
        let mut v = vec![b'0'];
        v.extend_from_slice(&body);
        body = Cow::Owned(v);
    }
    let len = sign.len() + prefix.len() + body.len();
    let pad = spec.width.saturating_sub(len);
    if spec.minus {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(&body);
        out.resize(out.len() + pad, b' ');
    } else if spec.zero && spec.prec.is_none() {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.resize(out.len() + pad, b'0');
        out.extend_from_slice(&body);
    } else {
        out.resize(out.len() + pad, b' ');
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(&body);
    }
}

/// Whether `s` is a valid shell identifier.
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

impl<'a> Run<'a> {
    /// The next argument, consuming it.
    fn take(&mut self) -> Option<&'a str> {
        let a = self.args.get(self.next)?;
        self.next += 1;
        Some(a.as_str())
    }

    /// The character code after a leading quote (`'A` is 65; in the C locale the first byte).
    /// Bytes that are not UTF-8 (kept
    /// as raw bytes) are decoded as bash decodes them: a whole lead-and-continuation sequence
    /// beyond U+10FFFF still gives its code (`\xF4\x91\x84\x91` is 0x111111); anything
    /// else gives the first byte.
    fn ascii_code(word: &str) -> i64 {
        let mut chars = word[1..].chars();
        match chars.next() {
            None => 0,
            // The C locale: the first byte.
            Some(c) if crate::util::locale::c_locale() => match raw_byte(c) {
                Some(b) => i64::from(b),
                None => i64::from(c.to_string().as_bytes()[0]),
            },
            Some(c) => match raw_byte(c) {
                None => c as i64,
                Some(lead) => {
                    let (len, mut cp, min) = match lead {
                        0xC0..=0xDF => (2, u32::from(lead & 0x1F), 0x80),
                        0xE0..=0xEF => (3, u32::from(lead & 0x0F), 0x800),
                        0xF0..=0xF7 => (4, u32::from(lead & 0x07), 0x1_0000),
                        0xF8..=0xFB => (5, u32::from(lead & 0x03), 0x20_0000),
                        0xFC..=0xFD => (6, u32::from(lead & 0x01), 0x400_0000),
                        _ => return i64::from(lead),
                    };
                    for _ in 1..len {
                        match chars.next().and_then(raw_byte) {
                            Some(b @ 0x80..=0xBF) => cp = (cp << 6) | u32::from(b & 0x3F),
                            _ => return i64::from(lead),
                        }
                    }
                    if cp < min || (0xD800..=0xDFFF).contains(&cp) {
                        return i64::from(lead);
                    }
                    i64::from(cp)
                }
            },
        }
    }

    fn starts_quoted(word: &str) -> bool {
        word.starts_with('\'') || word.starts_with('"')
    }

    /// bash `getintmax`.
    fn get_intmax(&mut self) -> i64 {
        let Some(word) = self.take() else { return 0 };
        if Self::starts_quoted(word) {
            return Self::ascii_code(word);
        }
        let b = encode(word);
        let (v, n, erange) = strtoimax(&b);
        if n != b.len() {
            self.errors.push(invalid_number(word));
            self.conversion_error = true;
        } else if erange {
            self.errors.push(erange_message(word));
        }
        v
    }

    /// bash `getuintmax`.
    fn get_uintmax(&mut self) -> u64 {
        let Some(word) = self.take() else { return 0 };
        if Self::starts_quoted(word) {
            return Self::ascii_code(word) as u64;
        }
        let b = encode(word);
        let (v, n, erange) = strtoumax(&b);
        if n != b.len() {
            self.errors.push(invalid_number(word));
            self.conversion_error = true;
        } else if erange {
            self.errors.push(erange_message(word));
        }
        v
    }

    /// bash `getfloatmax`.
    fn get_float(&mut self) -> LDouble {
        let Some(word) = self.take() else { return LDouble::zero(false) };
        if Self::starts_quoted(word) {
            return LDouble::from_i128(Self::ascii_code(word) as i128);
        }
        let b = encode(word);
        let (v, n, erange) = ldouble::strtold(&b);
        if n != b.len() {
            self.errors.push(invalid_number(word));
            self.conversion_error = true;
        } else if erange {
            self.errors.push(erange_message(word));
        }
        v
    }

    /// bash `getint` (for `*`): clamped to `int`; the warning names the following argument,
    /// as bash's does.
    fn get_int(&mut self) -> i64 {
        let v = self.get_intmax();
        if v > i32::MAX as i64 || v < i32::MIN as i64 {
            if let Some(next) = self.args.get(self.next) {
                self.errors.push(erange_message(next));
            }
            return v.clamp(i32::MIN as i64, i32::MAX as i64);
        }
        v
    }

    /// One pass over the format.
    fn pass(&mut self, f: &[u8]) -> Flow {
        let mut i = 0;
        while i < f.len() {
            if self.out.len() > self.max {
                self.over_limit = true;
                return Flow::Return(1);
            }
            match f[i] {
                b'\\' => {
                    i += 1;
                    i += escape::tescape(&f[i..], false, &mut self.out, &mut self.errors).unwrap_or(0);
                }
                b'%' if f.get(i + 1) == Some(&b'%') => {
                    self.out.push(b'%');
                    i += 2;
                }
                b'%' => match self.conversion(f, i) {
                    Ok(next) => i = next,
                    Err(flow) => return flow,
                },
                _ => {
                    let end = f[i..].iter().position(|&c| c == b'\\' || c == b'%').map_or(f.len(), |p| i + p);
                    self.out.extend_from_slice(&f[i..end]);
                    i = end;
                }
            }
        }
        Flow::Continue
    }

    /// Parse flags, width, precision and length modifiers of the conversion at `start` (the
    /// `%`); returns the spec (without `conv`) and the index of the conversion character.
    fn parse_spec(&mut self, f: &[u8], start: usize) -> (Spec, usize) {
        let mut spec = Spec::default();
        let mut i = start + 1;
        while let Some(&c) = f.get(i) {
            match c {
                b'#' => spec.hash = true,
                b'-' => spec.minus = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'0' => spec.zero = true,
                b'\'' => {}
                _ => break,
            }
            i += 1;
        }
        if f.get(i) == Some(&b'*') {
            i += 1;
            let w = self.get_int();
            if w < 0 {
                spec.minus = true;
            }
            spec.width = usize::try_from(w.unsigned_abs()).unwrap_or(usize::MAX);
        } else {
            let (v, n) = parse_digits(&f[i..]);
            spec.width = v;
            i += n;
        }
        if f.get(i) == Some(&b'.') {
            i += 1;
            if f.get(i) == Some(&b'*') {
                i += 1;
                let p = self.get_int();
                spec.star_prec = true;
                spec.prec = usize::try_from(p).ok();
            } else {
                let negative = f.get(i) == Some(&b'-');
                if negative {
                    i += 1;
                }
                let (v, n) = parse_digits(&f[i..]);
                i += n;
                spec.prec = if negative { None } else { Some(v) };
            }
        }
        while f.get(i).is_some_and(|c| b"hjlLtz".contains(c)) {
            i += 1;
        }
        (spec, i)
    }

    /// Handle the conversion starting at `start`; returns the index after it.
    fn conversion(&mut self, f: &[u8], start: usize) -> Result<usize, Flow> {
        let (mut spec, i) = self.parse_spec(f, start);
        if spec.width > self.max || spec.prec.is_some_and(|p| p > self.max) {
            self.over_limit = true;
            return Err(Flow::Return(1));
        }
        let Some(&conv) = f.get(i) else {
            let text = crate::util::bytes::decode(&f[start..]).into_owned();
            self.errors.push(format!("printf: `{text}': missing format character"));
            return Err(Flow::Return(1));
        };
        spec.conv = conv;
        match conv {
            b'c' => {
                let b = self.take().and_then(|w| encode(w).first().copied()).unwrap_or(0);
                pad_str(&Spec { prec: None, ..spec }, &[b], &mut self.out);
            }
            b's' => {
                let w = self.take().unwrap_or("");
                pad_str(&spec, &encode(w), &mut self.out);
            }
            b'b' => {
                let w = self.take().unwrap_or("");
                let (bytes, stop) = escape::bexpand(&encode(w), &mut self.errors);
                pad_str(&spec, &bytes, &mut self.out);
                if stop {
                    self.stop = true;
                    return Err(Flow::Return(0));
                }
            }
            b'q' | b'Q' => self.quoted(&spec),
            b'n' => {
                let w = self.take().unwrap_or("");
                if !w.is_empty() {
                    if !is_identifier(w) {
                        self.errors.push(format!("printf: `{w}': not a valid identifier"));
                        return Err(Flow::Return(1));
                    }
                    self.assignments.push((w.to_string(), self.out.len() as i64));
                }
            }
            b'd' | b'i' | b'o' | b'u' | b'x' | b'X' => self.integer(&spec),
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' | b'a' | b'A' => {
                let v = self.get_float();
                fmtfloat::format_float(v, &spec, &mut self.out);
            }
            b'(' => return self.time(f, start, i, &spec),
            _ => {
                let c = crate::util::bytes::decode(&f[i..]).chars().next().unwrap_or('?');
                self.errors.push(format!("printf: `{c}': invalid format character"));
                return Err(Flow::Return(1));
            }
        }
        Ok(i + 1)
    }

    /// `%d %i %o %u %x %X`.
    fn integer(&mut self, spec: &Spec) {
        if matches!(spec.conv, b'd' | b'i') {
            let v = self.get_intmax();
            let sign: &[u8] = if v < 0 {
                b"-"
            } else if spec.plus {
                b"+"
            } else if spec.space {
                b" "
            } else {
                b""
            };
            let digits = v.unsigned_abs().to_string();
            pad_int(spec, sign, b"", digits.as_bytes(), &mut self.out);
            return;
        }
        let v = self.get_uintmax();
        let digits = match spec.conv {
            b'o' => format!("{v:o}"),
            b'u' => v.to_string(),
            b'x' => format!("{v:x}"),
            _ => format!("{v:X}"),
        };
        let prefix: &[u8] = match spec.conv {
            b'x' if spec.hash && v != 0 => b"0x",
            b'X' if spec.hash && v != 0 => b"0X",
            _ => b"",
        };
        pad_int(spec, b"", prefix, digits.as_bytes(), &mut self.out);
    }

    /// `%q` and `%Q`.
    fn quoted(&mut self, spec: &Spec) {
        let w = self.take().unwrap_or("");
        if spec.conv == b'Q' {
            let b = encode(w);
            let cut = match spec.prec {
                Some(p) if p < b.len() && !spec.star_prec => crate::util::bytes::decode_owned(b[..p].to_vec()),
                _ => w.to_string(),
            };
            let q = crate::util::quote::quote_q(&cut, crate::util::locale::c_locale());
            pad_str(&Spec { prec: None, ..spec.clone() }, &encode(&q), &mut self.out);
        } else {
            let q = crate::util::quote::quote_q(w, crate::util::locale::c_locale());
            pad_str(spec, &encode(&q), &mut self.out);
        }
    }

    /// `%(fmt)T`: `paren` is the index of the `(`.
    fn time(&mut self, f: &[u8], start: usize, paren: usize, spec: &Spec) -> Result<usize, Flow> {
        let mut depth = 1;
        let mut j = paren + 1;
        while j < f.len() {
            match f[j] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                break;
            }
            j += 1;
        }
        let after = if depth == 0 { f.get(j + 1).copied() } else { None };
        if after != Some(b'T') {
            let c = after.map_or('\0', char::from);
            self.errors.push(format!("printf: warning: `{c}': invalid time format specification"));
            self.out.push(b'%');
            return Ok(start + 1);
        }
        let raw = crate::util::bytes::decode(&f[paren + 1..j]);
        let tfmt = if raw.is_empty() { "%X" } else { &raw };
        let arg = if self.next < self.args.len() { self.get_intmax() } else { -1 };
        let secs = if arg == -1 || arg == -2 { self.now } else { arg };
        let s = crate::util::time::strftime(tfmt, secs, self.tz);
        let b = encode(&s);
        let body: &[u8] = if b.len() >= 128 { b"" } else { &b };
        pad_str(spec, body, &mut self.out);
        Ok(j + 2)
    }
}

/// Decimal digits at the start of `s`: value (saturating) and count.
fn parse_digits(s: &[u8]) -> (usize, usize) {
    let n = s.iter().take_while(|c| c.is_ascii_digit()).count();
    let v = s[..n].iter().fold(0usize, |v, &c| v.saturating_mul(10).saturating_add((c - b'0') as usize));
    (v, n)
}
