//! `-c`: read checksum lines (GNU or BSD `--tag` format) from a file and verify each listed
//! file, with GNU 9.1's line grammar (`split_3`), messages and summary warnings.


use super::algo::{hex, Kind};
use super::{escape_name, hash_input, open_failed, Opts};
use crate::args::{open_src, quote_name, read_some, Src, CHUNK};
use crate::rev::read_error_text;
use crate::{Ctx};
use kitsh_core::fs::FsError;
use kitsh_core::util::bytes::decode_owned;

/// State kept across the lines of all checksum files, as GNU's static `bsd_reversed`.
#[derive(Default)]
pub struct State {
    /// `None`: not known yet; `Some(true)`: lines are `HASH NAME` with a single space.
    bsd_reversed: Option<bool>,
}

/// One parsed checksum line.
struct Entry {
    kind: Kind,
    bits: usize,
    hex: Vec<u8>,
    name: Vec<u8>,
}

fn white(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Undo the escaping of a name (`\\` and `\n`); `None` for any other escape.
fn unescape(s: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut it = s.iter();
    while let Some(&b) = it.next() {
        if b == b'\\' {
            match it.next() {
                Some(b'\\') => out.push(b'\\'),
                Some(b'n') => out.push(b'\n'),
                _ => return None,
            }
        } else {
            out.push(b);
        }
    }
    Some(out)
}

fn all_hex(s: &[u8]) -> bool {
    s.iter().all(u8::is_ascii_hexdigit)
}

/// `NAME) = HASH` after a BSD tag.
fn bsd_split(s: &[u8], escaped: bool, kind: Kind, bits: usize) -> Option<Entry> {
    let close = s.iter().rposition(|&b| b == b')')?;
    let name = if escaped { unescape(&s[..close])? } else { s[..close].to_vec() };
    let mut i = close + 1;
    while i < s.len() && white(s[i]) {
        i += 1;
    }
    if s.get(i) != Some(&b'=') {
        return None;
    }
    i += 1;
    while i < s.len() && white(s[i]) {
        i += 1;
    }
    let h = &s[i..];
    (h.len() == bits / 4 && all_hex(h)).then(|| Entry { kind, bits, hex: h.to_vec(), name })
}

/// The BSD tag at the start of `s` (`SHA256`, `BLAKE2b-256`): its kind, bits and length.
fn tag_at(s: &[u8], o: &Opts) -> Option<(Kind, usize, usize)> {
    let end = s.iter().position(|&b| b == b' ' || b == b'(').unwrap_or(s.len());
    let word = std::str::from_utf8(&s[..end]).ok()?;
    let (kind, bits) = if o.cksum {
        Kind::from_tag(word)?
    } else {
        let k = o.kind?;
        let rest = word.strip_prefix(k.tag())?;
        if rest.is_empty() {
            (k, if k == Kind::Blake2b { o.bits.unwrap_or(512) } else { k.bits() })
        } else if k == Kind::Blake2b {
            Kind::from_tag(word)?
        } else {
            return None;
        }
    };
    if o.cksum && o.kind.is_some_and(|k| k != kind) {
        return None;
    }
    Some((kind, bits, end))
}

/// Parse one line (without its newline or CR), as GNU's `split_3`.
fn parse(line: &[u8], o: &Opts, st: &mut State) -> Option<Entry> {
    let mut i = 0;
    while i < line.len() && white(line[i]) {
        i += 1;
    }
    let escaped = line.get(i) == Some(&b'\\');
    if escaped {
        i += 1;
    }
    if let Some((kind, bits, len)) = tag_at(&line[i..], o) {
        i += len;
        if line.get(i) == Some(&b' ') {
            i += 1;
        }
        if line.get(i) == Some(&b'(') {
            return bsd_split(&line[i + 1..], escaped, kind, bits);
        }
        return None;
    }
    let kind = o.kind?;
    let rest = &line[i..];
    let bits = match o.bits {
        Some(b) => b,
        None if kind == Kind::Blake2b => {
            let n = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
            if n < 2 || n % 2 != 0 || n > 128 {
                return None;
            }
            n * 4
        }
        None => kind.bits(),
    };
    let hexlen = bits / 4;
    if rest.len() < hexlen + 2 || !white(rest[hexlen]) || !all_hex(&rest[..hexlen]) {
        return None;
    }
    let mut j = hexlen + 1;
    if rest.len() - j == 1 || (rest[j] != b' ' && rest[j] != b'*') {
        if st.bsd_reversed == Some(false) {
            return None;
        }
        st.bsd_reversed = Some(true);
    } else if st.bsd_reversed != Some(true) {
        st.bsd_reversed = Some(false);
        j += 1;
    }
    let name = if escaped { unescape(&rest[j..])? } else { rest[j..].to_vec() };
    Some(Entry { kind, bits, hex: rest[..hexlen].to_vec(), name })
}

/// The counts GNU keeps for one checksum file.
#[derive(Default)]
struct Counts {
    formatted: u64,
    misformatted: u64,
    unreadable: u64,
    mismatched: u64,
    matched: u64,
}

/// `NAME: RESULT` as GNU prints it (names with a newline escaped, with a leading `\`).
fn result_line(name: &[u8], result: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len() + 16);
    if name.contains(&b'\n') {
        out.push(b'\\');
        out.extend_from_slice(&escape_name(name));
    } else {
        out.extend_from_slice(name);
    }
    out.extend_from_slice(b": ");
    out.extend_from_slice(result.as_bytes());
    out.push(b'\n');
    out
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("WARNING: {n} {}", if n == 1 { one } else { many })
}

/// Verify the lines of one checksum file. `Ok(all good)`, or `Err(status)` to stop at once.
pub fn check_file(ctx: &mut Ctx<'_>, o: &Opts, file: &str, st: &mut State) -> Result<bool, i32> {
    let shown = if file == "-" { "standard input".to_string() } else { file.to_string() };
    let mut src = match open_src(ctx, file) {
        Ok(s) => s,
        Err(e) => return Err(open_failed(ctx, file, e)),
    };
    let mut c = Counts::default();
    let mut lines = LineReader { buf: Vec::new(), pos: 0, eof: false };
    let mut lineno = 0u64;
    loop {
        let line = match lines.next(ctx, &mut src) {
            Ok(Some(l)) => l,
            Ok(None) => break,
            Err(e) => {
                if !e.is_empty() {
                    ctx.error(&format!("{}: read error: {e}", quote_name(&shown)));
                }
                return Ok(false);
            }
        };
        lineno += 1;
        let mut l: &[u8] = &line;
        if l.first() == Some(&b'#') {
            continue;
        }
        if l.last() == Some(&b'\r') {
            l = &l[..l.len() - 1];
        }
        if l.is_empty() {
            continue;
        }
        let Some(e) = parse(l, o, st) else {
            c.misformatted += 1;
            if o.warn {
                let algo = if o.cksum { String::new() } else { format!("{} ", o.kind.map_or("", Kind::tag)) };
                ctx.error(&format!("{}: {lineno}: improperly formatted {algo}checksum line", quote_name(&shown)));
            }
            continue;
        };
        c.formatted += 1;
        let name = decode_owned(e.name.clone());
        let result = match hash_input(ctx, &name, e.kind, e.bits) {
            Ok(d) => Ok(hex(&d).as_bytes().eq_ignore_ascii_case(&e.hex)),
            Err(msg) if msg.is_empty() => return Err(1),
            Err(msg) => Err(msg),
        };
        let out = match result {
            Ok(true) => {
                c.matched += 1;
                (!o.quiet && !o.status).then(|| result_line(&e.name, "OK"))
            }
            Ok(false) => {
                c.mismatched += 1;
                (!o.status).then(|| result_line(&e.name, "FAILED"))
            }
            Err(msg) => {
                if o.ignore_missing && msg == FsError::NotFound.to_string() {
                    None
                } else {
                    c.unreadable += 1;
                    if !o.status {
                        let _ = ctx.stdout.flush();
                        ctx.error(&format!("{}: {msg}", quote_name(&name)));
                    }
                    (!o.status).then(|| result_line(&e.name, "FAILED open or read"))
                }
            }
        };
        if let Some(out) = out {
            if let Err(err) = ctx.stdout.write_all(&out) {
                return Err(crate::args::write_failed(ctx, &err));
            }
        }
    }
    if let Err(err) = ctx.stdout.flush() {
        return Err(crate::args::write_failed(ctx, &err));
    }
    if c.formatted == 0 {
        ctx.error(&format!("{}: no properly formatted checksum lines found", quote_name(&shown)));
        return Ok(false);
    }
    if !o.status {
        if c.misformatted > 0 {
            ctx.error(&plural(c.misformatted, "line is improperly formatted", "lines are improperly formatted"));
        }
        if c.unreadable > 0 {
            ctx.error(&plural(c.unreadable, "listed file could not be read", "listed files could not be read"));
        }
        if c.mismatched > 0 {
            ctx.error(&plural(c.mismatched, "computed checksum did NOT match", "computed checksums did NOT match"));
        }
        if o.ignore_missing && c.matched == 0 && c.mismatched == 0 && c.unreadable == 0 {
            ctx.error(&format!("{}: no file was verified", quote_name(&shown)));
        }
    }
    Ok(c.mismatched == 0
        && c.unreadable == 0
        && (!o.strict || c.misformatted == 0)
        && (!o.ignore_missing || c.matched + c.mismatched + c.unreadable > 0))
}

/// Splits an input into lines (without the newline), reading in chunks.
struct LineReader {
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
}

impl LineReader {
    /// The next line; `Err` is a read error text (empty when cancelled).
    fn next(&mut self, ctx: &mut Ctx<'_>, src: &mut Src) -> Result<Option<Vec<u8>>, String> {
        loop {
            if let Some(p) = self.buf[self.pos..].iter().position(|&b| b == b'\n') {
                let line = self.buf[self.pos..self.pos + p].to_vec();
                self.pos += p + 1;
                return Ok(Some(line));
            }
            if self.eof {
                if self.pos < self.buf.len() {
                    let line = self.buf[self.pos..].to_vec();
                    self.pos = self.buf.len();
                    return Ok(Some(line));
                }
                return Ok(None);
            }
            self.buf.drain(..self.pos);
            self.pos = 0;
            let start = self.buf.len();
            self.buf.resize(start + CHUNK, 0);
            match read_some(ctx, src, &mut self.buf[start..]) {
                Ok(n) => {
                    self.buf.truncate(start + n);
                    self.eof = n == 0;
                }
                Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(String::new()),
                Err(e) => {
                    self.buf.truncate(start);
                    return Err(read_error_text(&e));
                }
            }
        }
    }
}

