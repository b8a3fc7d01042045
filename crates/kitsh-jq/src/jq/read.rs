//! jq's JSON reader: values parsed one at a time as the bytes arrive, without recursion (deep
//! nesting cannot overflow the stack), with jq 1.8's literals (`nan`, `NaN`) and error messages
//! (`Unfinished JSON term at EOF at line 2, column 0`, `Exceeds depth limit for parsing`).

use std::io::Read;

use super::json::{Map, Num, Val};

/// The deepest nesting jq parses (`MAX_PARSING_DEPTH` in jq 1.8).
pub const MAX_DEPTH: usize = 10_000;

/// A parse error in jq's words, with the position where it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    /// What went wrong (`Invalid numeric literal`).
    pub msg: String,
    /// Line (1-based) and column where it was found.
    pub line: usize,
    /// Column of the error.
    pub col: usize,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at line {}, column {}", self.msg, self.line, self.col)
    }
}

/// Failure of [`Reader::next_value`].
#[derive(Debug)]
pub enum ReadError {
    /// The bytes are not JSON.
    Parse(ParseError),
    /// The underlying stream failed.
    Io(std::io::Error),
}

/// A stream of bytes with one byte of look-ahead, refilled on demand.
pub struct Reader<'r> {
    src: Src<'r>,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    /// Newlines consumed so far (jq's `input_line_number`).
    pub line: usize,
    col: usize,
    io_err: Option<std::io::Error>,
    /// A reused buffer for the token being read (strings, literals).
    scratch: Vec<u8>,
    /// Short strings read recently (object keys above all), shared rather than allocated again.
    recent: StrCache,
    /// Members of the last object closed: the capacity for the next one.
    obj_hint: usize,
    /// A reused stack for [`buffered_value`].
    frames: Vec<Frame>,
    /// Where the top-level text being read started (position, lines, column): a refill keeps
    /// its bytes (up to [`KEEP_MAX`]) so that a parse error can be worded again from its start.
    mark: Option<(usize, usize, usize)>,
}

/// The most bytes of one top-level text kept for wording its parse error as jq does.
const KEEP_MAX: usize = 1 << 20;

/// Where a [`Reader`]'s bytes come from. Borrowed streams are plain references so that a
/// reader has no drop glue tied to their lifetime.
pub enum Src<'r> {
    /// A borrowed stream (the command's stdin).
    Borrowed(&'r mut dyn Read),
    /// An opened file.
    Owned(Box<dyn Read + Send>),
    /// Nothing more (bytes given up front).
    Empty,
}

impl Read for Src<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Src::Borrowed(r) => r.read(buf),
            Src::Owned(r) => r.read(buf),
            Src::Empty => Ok(0),
        }
    }
}

const CHUNK: usize = 64 * 1024;

impl<'r> Reader<'r> {
    /// A reader over `src`.
    pub fn new(src: Src<'r>) -> Self {
        Reader { src, buf: Vec::new(), pos: 0, eof: false, line: 0, col: 0, io_err: None, scratch: Vec::new(), recent: StrCache::default(), obj_hint: 0, frames: Vec::new(), mark: None }
    }

    /// A reader over bytes already in memory.
    pub fn from_slice(bytes: &'r [u8]) -> Self {
        Reader { src: Src::Empty, buf: bytes.to_vec(), pos: 0, eof: false, line: 0, col: 0, io_err: None, scratch: Vec::new(), recent: StrCache::default(), obj_hint: 0, frames: Vec::new(), mark: None }
    }

    /// Whether a byte is buffered, reading more when none is.
    #[inline]
    fn fill(&mut self) -> bool {
        self.pos < self.buf.len() || self.refill()
    }

    #[cold]
    #[inline(never)]
    fn refill(&mut self) -> bool {
        if self.pos < self.buf.len() {
            return true;
        }
        if self.eof {
            return false;
        }
        // The text being read stays in the buffer, unless it is long.
        let kept = match self.mark {
            Some((m, ..)) if self.buf.len() - m <= KEEP_MAX => {
                self.buf.drain(..m);
                self.mark = self.mark.map(|(_, l, c)| (0, l, c));
                self.buf.len()
            }
            _ => {
                self.mark = None;
                self.buf.clear();
                0
            }
        };
        self.pos = kept;
        self.buf.resize(kept + CHUNK, 0);
        loop {
            match self.src.read(&mut self.buf[kept..]) {
                Ok(0) => {
                    self.buf.truncate(kept);
                    self.eof = true;
                    return false;
                }
                Ok(n) => {
                    self.buf.truncate(kept + n);
                    return true;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buf.truncate(kept);
                    self.eof = true;
                    self.io_err = Some(e);
                    return false;
                }
            }
        }
    }

    /// Lines jq 1.8 has fetched when it is here: it reads line by line, so the line holding
    /// the position counts once its newline is in (jq's `input_line_number` and the `N` of
    /// `(at <stdin>:N)`).
    pub fn fetched_lines(&self) -> usize {
        // A newline just read ended the line that was being fetched; otherwise the line being
        // read counts once its newline is in the buffer.
        let just_ended = self.pos > 0 && self.buf.get(self.pos - 1) == Some(&b'\n');
        self.line + usize::from(!just_ended && self.buf.get(self.pos..).is_some_and(|rest| rest.contains(&b'\n')))
    }

    /// Bytes consumed so far (for a reader made by [`Reader::from_slice`]).
    pub fn consumed(&self) -> usize {
        self.pos
    }

    /// The next byte without consuming it.
    #[inline]
    pub fn peek(&mut self) -> Option<u8> {
        if self.fill() {
            Some(self.buf[self.pos])
        } else {
            None
        }
    }

    /// Consume and return the next byte.
    #[inline]
    pub fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        if b == b'\n' {
            self.line += 1;
            self.col = 0;
        } else {
            self.col += 1;
        }
        Some(b)
    }

    /// Read one line for `-R` (without its newline); `None` at the end.
    pub fn raw_line(&mut self, max: usize) -> Result<Option<Vec<u8>>, ReadError> {
        let mut out = Vec::new();
        loop {
            if !self.fill() {
                if let Some(e) = self.io_err.take() {
                    return Err(ReadError::Io(e));
                }
                return Ok(if out.is_empty() { None } else { Some(out) });
            }
            let avail = &self.buf[self.pos..];
            if let Some(i) = avail.iter().position(|&b| b == b'\n') {
                out.extend_from_slice(&avail[..i]);
                self.pos += i + 1;
                self.line += 1;
                self.col = 0;
                return Ok(Some(out));
            }
            out.extend_from_slice(avail);
            self.pos = self.buf.len();
            if out.len() > max {
                return Err(ReadError::Io(std::io::Error::other("input exceeds the string size limit")));
            }
        }
    }

    /// All remaining bytes (`-Rs`, `--rawfile`), up to `max` bytes.
    pub fn rest(&mut self, max: usize) -> Result<Vec<u8>, ReadError> {
        let mut out = Vec::new();
        while self.fill() {
            let avail = &self.buf[self.pos..];
            self.line += avail.iter().filter(|&&b| b == b'\n').count();
            out.extend_from_slice(avail);
            self.pos = self.buf.len();
            if out.len() > max {
                return Err(ReadError::Io(std::io::Error::other("input exceeds the string size limit")));
            }
        }
        match self.io_err.take() {
            Some(e) => Err(ReadError::Io(e)),
            None => Ok(out),
        }
    }

    fn err(&self, msg: impl Into<String>) -> ReadError {
        ReadError::Parse(ParseError { msg: msg.into(), line: self.line + 1, col: self.col })
    }

    fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                self.bump();
            } else {
                break;
            }
        }
    }

    /// Skip whitespace already buffered (never blocks for more input), so that the line count
    /// includes the newline after a value as jq's does.
    fn skip_buffered_ws(&mut self) {
        while self.pos < self.buf.len() && matches!(self.buf[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.bump();
        }
    }

    fn io_or(&mut self, e: ReadError) -> ReadError {
        match self.io_err.take() {
            Some(io) => ReadError::Io(io),
            None => e,
        }
    }

    /// Parse the next JSON value; `Ok(None)` at the end of the input.
    pub fn next_value(&mut self) -> Result<Option<Val>, ReadError> {
        if self.line == 0 && self.col == 0 && self.peek() == Some(0xEF) {
            // A UTF-8 byte order mark at the start of the input is skipped.
            if self.buf.get(self.pos..self.pos + 3) == Some(&[0xEF, 0xBB, 0xBF][..]) {
                self.pos += 3;
            }
        }
        self.skip_ws();
        if self.peek().is_none() {
            return match self.io_err.take() {
                Some(e) => Err(ReadError::Io(e)),
                None => Ok(None),
            };
        }
        self.mark = Some((self.pos, self.line, self.col));
        let v = match self.value() {
            Ok(v) => v,
            Err(ReadError::Parse(fast)) => {
                let e = self.jq_error().unwrap_or(fast);
                return Err(self.io_or(ReadError::Parse(e)));
            }
            Err(e) => {
                self.mark = None;
                return Err(self.io_or(e));
            }
        };
        self.mark = None;
        self.skip_buffered_ws();
        Ok(Some(v))
    }

    /// jq 1.8.1's wording of the error in the top-level text being read (from the mark), by its
    /// own scanner ([`super::scan`]); `None` when the text was too long to keep or jq's scanner
    /// finds no error.
    #[cold]
    fn jq_error(&mut self) -> Option<ParseError> {
        use super::scan::{Found, Scan};
        let (mut from, line, col) = self.mark.take()?;
        let mut scan = Scan::new(line + 1, col);
        let found = loop {
            if let Some(f) = scan.feed(self.buf.get(from..).unwrap_or(&[])) {
                break f;
            }
            self.pos = self.buf.len();
            if !self.refill() {
                break scan.eof();
            }
            from = self.pos;
        };
        match found {
            Found::Error(msg, line, col) => Some(ParseError { msg, line, col }),
            Found::Value => None,
        }
    }

    /// Parse exactly one value and nothing after it (`fromjson`, `--argjson`).
    pub fn single(&mut self) -> Result<Val, ReadError> {
        self.skip_ws();
        if self.peek().is_none() {
            return Err(self.err("Expected JSON value"));
        }
        let v = self.value()?;
        self.skip_ws();
        if self.peek().is_some() {
            return Err(self.err("Unexpected extra JSON values"));
        }
        Ok(v)
    }

    /// The next value (the reader is at its first byte).
    fn value(&mut self) -> Result<Val, ReadError> {
        match self.buffered_value() {
            Some(v) => Ok(v),
            None => self.parse_value(),
        }
    }

    /// The next value parsed straight from the buffered bytes when they hold all of it and it
    /// is plain JSON (strings without escapes or newlines, numbers, `true`, `false`, `null`,
    /// nesting up to [`FAST_DEPTH`]); `None` otherwise, with nothing consumed, for
    /// [`Reader::parse_value`] to read it (and to report any error) byte by byte.
    fn buffered_value(&mut self) -> Option<Val> {
        let mut stack = std::mem::take(&mut self.frames);
        let read = buffered_value(&self.buf[self.pos..], &mut self.recent, &mut self.obj_hint, &mut stack);
        stack.clear();
        self.frames = stack;
        let (v, used, newlines) = read?;
        match newlines {
            Some((n, last)) => {
                self.line += n;
                self.col = used - last - 1;
            }
            None => self.col += used,
        }
        self.pos += used;
        Some(v)
    }

    fn parse_value(&mut self) -> Result<Val, ReadError> {
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            // Read one scalar or open a container.
            self.skip_ws();
            let b = match self.peek() {
                Some(b) => b,
                None => return Err(self.err("Unfinished JSON term at EOF")),
            };
            let mut val = match b {
                b'[' | b'{' => {
                    self.bump();
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.err("Exceeds depth limit for parsing"));
                    }
                    self.skip_ws();
                    let close = if b == b'[' { b']' } else { b'}' };
                    if self.peek() == Some(close) {
                        self.bump();
                        if b == b'[' { Val::Arr(Vec::new().into()) } else { Val::obj(Map::default()) }
                    } else {
                        stack.push(if b == b'[' { Frame::Arr(Vec::new()) } else { Frame::Obj(Map::with_capacity_and_hasher(self.obj_hint, Default::default()), None) });
                        if b == b'{' {
                            self.skip_ws();
                            if !matches!(self.peek(), Some(b'"' | b'\'')) {
                                if self.peek().is_none() {
                                    return Err(self.err("Unfinished JSON term at EOF"));
                                }
                                return Err(self.err("Object keys must be strings"));
                            }
                        }
                        continue;
                    }
                }
                b'"' => {
                    self.bump();
                    let mut text = std::mem::take(&mut self.scratch);
                    text.clear();
                    let read = self.string(&mut text);
                    let v = read.map(|()| self.recent.get(&text));
                    self.scratch = text;
                    v?
                }
                b']' | b'}' => {
                    self.bump();
                    return Err(self.err(format!("Unmatched '{}'", b as char)));
                }
                b',' => {
                    self.bump();
                    return Err(self.err("Expected value before ','"));
                }
                b':' => {
                    self.bump();
                    return Err(self.err("':' not as part of an object"));
                }
                _ => self.literal()?,
            };
            // Close containers as far as the input says.
            loop {
                let Some(top) = stack.last_mut() else { return Ok(val) };
                self.skip_ws();
                match top {
                    Frame::Arr(items) => {
                        items.push(val);
                        match self.bump() {
                            Some(b',') => break,
                            Some(b']') => {
                                let Some(Frame::Arr(items)) = stack.pop() else { return Err(internal()) };
                                val = Val::Arr(items.into());
                            }
                            None => return Err(self.err("Unfinished JSON term at EOF")),
                            Some(b'}') => return Err(self.err("Unmatched '}'")),
                            Some(_) => return Err(self.err("Expected separator between values")),
                        }
                    }
                    Frame::Obj(map, key) => match key.take() {
                        None => {
                            if !matches!(val, Val::TStr(_)) {
                                return Err(self.err("Object keys must be strings"));
                            }
                            match self.bump() {
                                Some(b':') => {
                                    *key = Some(val);
                                    break;
                                }
                                None => return Err(self.err("Unfinished JSON term at EOF")),
                                Some(_) => return Err(self.err("Objects must consist of key:value pairs")),
                            }
                        }
                        Some(k) => {
                            map.insert(k, val);
                            match self.bump() {
                                Some(b',') => {
                                    self.skip_ws();
                                    match self.peek() {
                                        Some(b'"' | b'\'') => break,
                                        None => return Err(self.err("Unfinished JSON term at EOF")),
                                        Some(_) => return Err(self.err("Object keys must be strings")),
                                    }
                                }
                                Some(b'}') => {
                                    let Some(Frame::Obj(map, _)) = stack.pop() else { return Err(internal()) };
                                    self.obj_hint = map.len().min(64);
                                    val = Val::obj(map);
                                }
                                None => return Err(self.err("Unfinished JSON term at EOF")),
                                Some(b']') => return Err(self.err("Unmatched ']'")),
                                Some(_) => return Err(self.err("Expected separator between values")),
                            }
                        }
                    },
                }
            }
        }
    }

    /// The rest of a string after its opening quote, appended to `out` (invalid UTF-8 is left
    /// for [`StrCache::get`] to replace).
    fn string(&mut self, out: &mut Vec<u8>) -> Result<(), ReadError> {
        loop {
            // Fast path: copy the run of plain bytes.
            if self.fill() {
                let avail = &self.buf[self.pos..];
                let n = avail.iter().position(|&b| b == b'"' || b == b'\\' || b == b'\n').unwrap_or(avail.len());
                if n > 0 {
                    out.extend_from_slice(&avail[..n]);
                    self.pos += n;
                    self.col += n;
                    continue;
                }
            }
            match self.bump() {
                None => return Err(self.err("Unfinished JSON term at EOF")),
                Some(b'"') => return Ok(()),
                Some(b'\\') => {
                    let c = self.bump().ok_or_else(|| self.err("Unfinished JSON term at EOF"))?;
                    let ch = match c {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            if (0xD800..0xDC00).contains(&hi) {
                                // A high surrogate: a low one must follow (jq refuses the text).
                                let pair = "Invalid \\uXXXX\\uXXXX surrogate pair escape";
                                if self.peek() != Some(b'\\') {
                                    return Err(self.err(pair));
                                }
                                self.bump();
                                if self.peek() != Some(b'u') {
                                    return Err(self.err(pair));
                                }
                                self.bump();
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.err(pair));
                                }
                                char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)).unwrap_or('\u{FFFD}')
                            } else {
                                char::from_u32(hi).unwrap_or('\u{FFFD}')
                            }
                        }
                        _ => return Err(self.err("Invalid escape")),
                    };
                    push_char(out, ch);
                }
                Some(b) => out.push(b),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, ReadError> {
        let mut v = 0u32;
        for _ in 0..4 {
            let b = self.bump().ok_or_else(|| self.err("Unfinished JSON term at EOF"))?;
            let d = (b as char).to_digit(16).ok_or_else(|| self.err("Invalid characters in \\u escape"))?;
            v = v * 16 + d;
        }
        Ok(v)
    }

    /// A literal token: number, `true`, `false`, `null`, `nan`.
    fn literal(&mut self) -> Result<Val, ReadError> {
        let mut tok = std::mem::take(&mut self.scratch);
        tok.clear();
        let r = self.literal_in(&mut tok);
        self.scratch = tok;
        r
    }

    fn literal_in(&mut self, tok: &mut Vec<u8>) -> Result<Val, ReadError> {
        while let Some(b) = self.peek() {
            if matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'[' | b']' | b'{' | b'}' | b',' | b':' | b'"') {
                break;
            }
            self.bump();
            tok.push(b);
            if tok.len() > MAX_LITERAL {
                return Err(self.err("Invalid literal"));
            }
        }
        match &tok[..] {
            b"true" => return Ok(Val::Bool(true)),
            b"false" => return Ok(Val::Bool(false)),
            b"null" => return Ok(Val::Null),
            b"nan" | b"NaN" | b"-nan" | b"-NaN" => return Ok(Val::Num(Num::Float(f64::NAN))),
            b"Infinity" | b"infinity" => return Ok(Val::Num(Num::Float(f64::INFINITY))),
            b"-Infinity" | b"-infinity" => return Ok(Val::Num(Num::Float(f64::NEG_INFINITY))),
            _ => {}
        }
        if tok.first() == Some(&b'\'') {
            // jq reads a single-quoted string as a literal, and refuses it once the character
            // after it arrives.
            let mut e = self.err("Invalid string literal; expected \", but got '");
            if let ReadError::Parse(p) = &mut e {
                p.col += usize::from(self.peek().is_some());
            }
            return Err(e);
        }
        let is_word = matches!(tok.first(), Some(b't' | b'f' | b'n'));
        let next = self.peek();
        match std::str::from_utf8(tok).ok().and_then(parse_number) {
            Some(n) => Ok(Val::Num(n)),
            None => {
                let at_eof = if next.is_none() { " at EOF" } else { "" };
                // jq checks a literal when the character after it arrives: its position counts.
                if matches!(next, Some(b' ' | b'\t' | b'\n' | b'\r')) {
                    self.bump();
                }
                let kind = if is_word { "Invalid literal" } else { "Invalid numeric literal" };
                Err(self.err(format!("{kind}{at_eof}")))
            }
        }
    }
}

/// A container being read: an array's items so far, or an object's members and the key
/// whose value comes next.
enum Frame {
    Arr(Vec<Val>),
    Obj(Map, Option<Val>),
}

/// The longest literal (number, `true`, ...) read; a longer one is invalid.
const MAX_LITERAL: usize = 4096;

/// The deepest nesting [`buffered_value`] reads (deeper values are read byte by byte).
const FAST_DEPTH: usize = 512;

/// An integer of at most 15 digits (so exact as a double), as [`parse_number`] reads it.
fn small_int(tok: &[u8]) -> Option<Num> {
    let (neg, digits) = match tok.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, tok),
    };
    if digits.is_empty() || digits.len() > 15 {
        return None;
    }
    let mut n: isize = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n * 10 + isize::from(d - b'0');
    }
    Some(Num::Int(if neg { -n } else { n }))
}

/// Whether `b` ends a literal (`true`, a number).
fn ends_literal(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'[' | b']' | b'{' | b'}' | b',' | b':' | b'"')
}

/// A value read by [`buffered_value`], the bytes it took, and the newlines among them (their
/// count and the position of the last).
type Buffered = (Val, usize, Option<(usize, usize)>);

/// The value at the start of `buf` when `buf` holds all of it and it is plain JSON (see
/// [`Reader::buffered_value`]). `stack` is a reused buffer.
fn buffered_value(buf: &[u8], recent: &mut StrCache, obj_hint: &mut usize, stack: &mut Vec<Frame>) -> Option<Buffered> {
    let mut i = 0;
    let mut newlines: Option<(usize, usize)> = None;
    let mut skip_ws = |i: &mut usize| {
        while let Some(&b) = buf.get(*i) {
            match b {
                b' ' | b'\t' | b'\r' => {}
                b'\n' => newlines = Some((newlines.map_or(1, |(n, _)| n + 1), *i)),
                _ => return,
            }
            *i += 1;
        }
    };
    loop {
        // One scalar, or open a container.
        skip_ws(&mut i);
        let mut val = match *buf.get(i)? {
            b @ (b'[' | b'{') => {
                i += 1;
                if stack.len() >= FAST_DEPTH {
                    return None;
                }
                skip_ws(&mut i);
                let close = if b == b'[' { b']' } else { b'}' };
                let next = *buf.get(i)?;
                if next == close {
                    i += 1;
                    if b == b'[' { Val::Arr(Vec::new().into()) } else { Val::obj(Map::default()) }
                } else if b == b'[' {
                    stack.push(Frame::Arr(Vec::new()));
                    continue;
                } else if next == b'"' {
                    stack.push(Frame::Obj(Map::with_capacity_and_hasher(*obj_hint, Default::default()), None));
                    continue;
                } else {
                    return None;
                }
            }
            b'"' => {
                let start = i + 1;
                // Most strings (keys above all) are short: a plain loop finds their end
                // sooner than a vectorised search would.
                let rest = &buf[start..];
                let special = |b: &u8| matches!(b, b'"' | b'\\' | b'\n');
                let len = match rest.iter().take(16).position(special) {
                    Some(n) => n,
                    None => 16 + memchr::memchr3(b'"', b'\\', b'\n', rest.get(16..)?)?,
                };
                if buf[start + len] != b'"' {
                    return None;
                }
                i = start + len + 1;
                recent.get(&buf[start..start + len])
            }
            b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => {
                let start = i;
                while !ends_literal(*buf.get(i)?) {
                    i += 1;
                }
                if i - start > MAX_LITERAL {
                    return None;
                }
                match &buf[start..i] {
                    b"true" => Val::Bool(true),
                    b"false" => Val::Bool(false),
                    b"null" => Val::Null,
                    tok => Val::Num(small_int(tok).map_or_else(|| parse_number(std::str::from_utf8(tok).ok()?), Some)?),
                }
            }
            _ => return None,
        };
        // Close containers as far as the bytes say.
        loop {
            let Some(top) = stack.last_mut() else { return Some((val, i, newlines)) };
            skip_ws(&mut i);
            match top {
                Frame::Arr(items) => {
                    items.push(val);
                    match *buf.get(i)? {
                        b',' => {
                            i += 1;
                            break;
                        }
                        b']' => {
                            i += 1;
                            let Some(Frame::Arr(items)) = stack.pop() else { return None };
                            val = Val::Arr(items.into());
                        }
                        _ => return None,
                    }
                }
                Frame::Obj(map, key) => match key.take() {
                    None => match *buf.get(i)? {
                        b':' => {
                            i += 1;
                            *key = Some(val);
                            break;
                        }
                        _ => return None,
                    },
                    Some(k) => {
                        map.insert(k, val);
                        match *buf.get(i)? {
                            b',' => {
                                i += 1;
                                skip_ws(&mut i);
                                if *buf.get(i)? != b'"' {
                                    return None;
                                }
                                break;
                            }
                            b'}' => {
                                i += 1;
                                let Some(Frame::Obj(map, _)) = stack.pop() else { return None };
                                *obj_hint = map.len().min(64);
                                val = Val::obj(map);
                            }
                            _ => return None,
                        }
                    }
                },
            }
        }
    }
}

fn internal() -> ReadError {
    ReadError::Parse(ParseError { msg: "internal parser error".into(), line: 0, col: 0 })
}

fn push_char(out: &mut Vec<u8>, c: char) {
    let mut b = [0; 4];
    out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
}

/// Replace invalid UTF-8 by U+FFFD, as jq does when it reads strings.
pub fn sanitize_utf8(bytes: Vec<u8>) -> Vec<u8> {
    match String::from_utf8(bytes) {
        Ok(s) => s.into_bytes(),
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned().into_bytes(),
    }
}

/// The last short strings read, in a small table indexed by a hash of their bytes (each in one
/// of two slots): JSON lines repeat their keys (and often short values), and a repeat then
/// costs no new allocation of its text.
#[derive(Default)]
struct StrCache {
    slots: Vec<Option<(Box<[u8]>, Val)>>,
}

impl StrCache {
    const SLOTS: usize = 256;
    /// Longer strings are not kept (rarely repeated, and the table stays small).
    const MAX_LEN: usize = 32;

    /// The two slots where `text` may be.
    fn slots_of(text: &[u8]) -> (usize, usize) {
        let h = text.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193)) as usize;
        (h % Self::SLOTS, (h >> 8) % Self::SLOTS)
    }

    /// The string value of `text` (invalid UTF-8 replaced).
    fn get(&mut self, text: &[u8]) -> Val {
        if text.len() > Self::MAX_LEN {
            return Val::utf8_str(sanitize_utf8(text.to_vec()));
        }
        if self.slots.is_empty() {
            self.slots.resize(Self::SLOTS, None);
        }
        // FNV-1a: short keys, a cheap hash. A string may be in either of two slots (so that
        // two strings whose first slots collide can both stay); a new one takes the first and
        // moves what was there to its second.
        let (first, second) = Self::slots_of(text);
        for i in [first, second] {
            if let Some((k, v)) = &self.slots[i] {
                if **k == *text {
                    return v.clone();
                }
            }
        }
        let v = Val::utf8_str(sanitize_utf8(text.to_vec()));
        let old = self.slots[first].replace((text.into(), v.clone()));
        if let Some((k, old)) = old {
            let (a, b) = Self::slots_of(&k);
            let other = if a == first { b } else { a };
            if other != first {
                self.slots[other] = Some((k, old));
            }
        }
        v
    }
}

/// A JSON number (`-12`, `1.5e3`): machine integers stay integers, large integers are kept
/// exact, other numbers keep their literal (jq 1.8 preserves number literals).
pub fn parse_number(s: &str) -> Option<Num> {
    let b = s.as_bytes();
    let mut i = 0;
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    let int_start = i;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    if i == int_start {
        return None;
    }
    let mut is_int = true;
    if b.get(i) == Some(&b'.') {
        is_int = false;
        i += 1;
        let s = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == s {
            return None;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        is_int = false;
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let s = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == s {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    if is_int {
        // Integers a double holds exactly are machine integers; larger ones keep their literal
        // (printed as written, computed with as doubles, as jq 1.8 does).
        if let Ok(n) = s.parse::<i64>() {
            if n.unsigned_abs() <= 1 << 53 {
                if let Ok(n) = isize::try_from(n) {
                    return Some(Num::Int(n));
                }
            }
        }
    }
    Some(Num::Dec(std::rc::Rc::new(s.to_string())))
}

/// Parse a whole text as exactly one JSON value (`fromjson`, `--argjson`).
pub fn parse_single(bytes: &[u8]) -> Result<Val, ParseError> {
    let mut r = Reader::from_slice(bytes);
    match r.single() {
        Ok(v) => Ok(v),
        Err(ReadError::Parse(e)) => {
            let mut again = Reader::from_slice(bytes);
            again.mark = Some((0, 0, 0));
            Err(again.jq_error().unwrap_or(e))
        }
        Err(ReadError::Io(e)) => Err(ParseError { msg: e.to_string(), line: 0, col: 0 }),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;

    fn all(s: &str) -> Result<Vec<String>, String> {
        let mut r = Reader::from_slice(s.as_bytes());
        let mut out = Vec::new();
        loop {
            match r.next_value() {
                Ok(Some(v)) => out.push(v.to_string()),
                Ok(None) => return Ok(out),
                Err(ReadError::Parse(e)) => return Err(e.to_string()),
                Err(ReadError::Io(e)) => return Err(e.to_string()),
            }
        }
    }

    /// A stream that gives one byte per read (the reader never holds a whole value).
    struct Trickle(Vec<u8>, usize);

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match (self.0.get(self.1), buf.first_mut()) {
                (Some(&b), Some(out)) => {
                    *out = b;
                    self.1 += 1;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    /// The values, then the error if any (with its position: the lines and columns counted
    /// over all the values before it).
    fn read_all(mut r: Reader<'_>) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            match r.next_value() {
                Ok(Some(v)) => out.push(v.to_string()),
                Ok(None) => return out,
                Err(ReadError::Parse(e)) => return [out, vec![e.to_string()]].concat(),
                Err(ReadError::Io(e)) => return [out, vec![e.to_string()]].concat(),
            }
        }
    }

    #[test]
    fn buffered_values_read_as_byte_by_byte() {
        let cases = [
            "{\"a\":1,\"b\":[true,false,null],\"c\":{}}\n{\"a\":-0,\"b\":[]}\n",
            "[1, 2.5, -3e2, 0012, \"x\\ny\", \"\\u00e9\", {\"k\" : \"v\"}]",
            "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n\n[3]",
            "\"long string that is longer than the sixteen bytes scanned first\" 7 8",
            "{\"a\":1,\"a\":2} [nan] {\"x\":\"\\\"\"}",
            "123456789012345678901234567890 -9007199254740993 1.000",
            "{\"a\":1,} [1,] {\"a\" 1}",
            "[1 2]",
            "\"line\nbreak\" 1",
            &format!("[{}]", "9".repeat(5000)),
            &format!("{}1{}", "[".repeat(600), "]".repeat(600)),
        ];
        let mut cases: Vec<Vec<u8>> = cases.iter().map(|c| c.as_bytes().to_vec()).collect();
        cases.push(b"{\"\xff\":\"a\xfe\"}".to_vec());
        // The same followed by an error, whose position counts every byte before it.
        let with_error: Vec<Vec<u8>> = cases.iter().map(|c| [&c[..], b"\n  }"].concat()).collect();
        for text in cases.into_iter().chain(with_error) {
            let buffered = read_all(Reader::from_slice(&text));
            let trickled = read_all(Reader::new(Src::Owned(Box::new(Trickle(text.clone(), 0)))));
            assert_eq!(buffered, trickled, "{:?}", String::from_utf8_lossy(&text));
        }
    }

    #[test]
    fn values_and_errors() {
        assert_eq!(all("1 [2,{\"a\":null}] \"x\"").unwrap(), ["1", "[2,{\"a\":null}]", "\"x\""]);
        assert_eq!(all("{\"a\":1").unwrap_err(), "Unfinished JSON term at EOF at line 1, column 6");
        assert!(all("[1 2]").unwrap_err().starts_with("Expected separator between values"));
        assert!(all("tru").unwrap_err().starts_with("Invalid literal"));
        assert!(all("1x").unwrap_err().starts_with("Invalid numeric literal"));
        assert!(all(&"[".repeat(1 << 20)).unwrap_err().starts_with("Exceeds depth limit for parsing"));
        assert_eq!(all("nan").unwrap().len(), 1);
    }
}
