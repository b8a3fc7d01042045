//! awk's input side: record readers over stdin, files and captured command output (newline,
//! single-character, paragraph and regex `RS`), and field splitting (`FS`).

use std::borrow::Cow;
use std::io::{self, Read};
use std::rc::Rc;

use crate::util::posix_re::PosixRegex;

/// How records are separated.
#[derive(Clone)]
pub enum RsMode {
    /// A single byte (`RS="\n"`, `RS=";"`).
    Char(u8),
    /// `RS=""`: blank lines separate records.
    Para,
    /// A regex (`RS` longer than one character).
    Regex(Rc<PosixRegex>),
}

/// Where a reader's bytes come from.
pub enum Src {
    /// The command's standard input (read through the caller).
    Stdin,
    /// A file of the virtual filesystem.
    File(Box<dyn Read + Send>),
    /// Bytes already in the buffer (captured command output).
    Mem,
}

/// A record and its terminator (`RT`).
pub type Rec = (Rc<[u8]>, Cow<'static, [u8]>);

/// Every byte, for one-byte terminators without allocating.
static BYTES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// The size of one read.
const CHUNK: usize = 64 * 1024;

/// The longest record accepted.
pub const MAX_RECORD: usize = 256 << 20;

/// A record reader.
pub struct Reader {
    src: Src,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
}

/// Why reading failed.
pub enum ReadErr {
    /// An I/O error.
    Io(io::Error),
    /// A record longer than [`MAX_RECORD`].
    TooLong,
}

impl Reader {
    /// A reader over `src`.
    pub fn new(src: Src) -> Reader {
        Reader { src, buf: Vec::new(), pos: 0, eof: false }
    }

    /// A reader over bytes in memory.
    pub fn from_bytes(b: Vec<u8>) -> Reader {
        Reader { src: Src::Mem, buf: b, pos: 0, eof: true }
    }

    /// Read more data; `false` at end of input.
    fn fill(&mut self, stdin: &mut dyn Read) -> Result<bool, ReadErr> {
        if self.eof {
            return Ok(false);
        }
        if self.pos > 0 && self.pos >= self.buf.len() / 2 {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        if self.buf.len() - self.pos > MAX_RECORD {
            return Err(ReadErr::TooLong);
        }
        let old = self.buf.len();
        self.buf.resize(old + CHUNK, 0);
        let r = loop {
            let r = match &mut self.src {
                Src::Stdin => stdin.read(&mut self.buf[old..]),
                Src::File(f) => f.read(&mut self.buf[old..]),
                Src::Mem => Ok(0),
            };
            match r {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        match r {
            Ok(n) => {
                self.buf.truncate(old + n);
                if n == 0 {
                    self.eof = true;
                }
                Ok(n > 0)
            }
            Err(e) => {
                self.buf.truncate(old);
                self.eof = true;
                Err(ReadErr::Io(e))
            }
        }
    }

    /// The next record and its terminator (`RT`), or `None` at the end.
    pub fn next_record(&mut self, stdin: &mut dyn Read, mode: &RsMode) -> Result<Option<Rec>, ReadErr> {
        match mode {
            RsMode::Char(c) => {
                let mut from = self.pos;
                loop {
                    if let Some(i) = memchr(*c, &self.buf[from..]) {
                        let end = from + i;
                        let rec: Rc<[u8]> = Rc::from(&self.buf[self.pos..end]);
                        self.pos = end + 1;
                        let c = *c as usize;
                        return Ok(Some((rec, Cow::Borrowed(&BYTES[c..c + 1]))));
                    }
                    from = self.buf.len();
                    let consumed = self.pos;
                    if !self.fill(stdin)? {
                        return Ok(self.rest());
                    }
                    from -= consumed - self.pos;
                }
            }
            RsMode::Para => {
                // skip leading newlines
                loop {
                    while self.pos < self.buf.len() && self.buf[self.pos] == b'\n' {
                        self.pos += 1;
                    }
                    if self.pos < self.buf.len() || !self.fill(stdin)? {
                        break;
                    }
                }
                loop {
                    let hay = &self.buf[self.pos..];
                    if let Some(i) = find_sub(hay, b"\n\n") {
                        let mut j = i + 2;
                        while j < hay.len() && hay[j] == b'\n' {
                            j += 1;
                        }
                        if j < hay.len() || self.eof {
                            let rec: Rc<[u8]> = Rc::from(&hay[..i]);
                            let rt = hay[i..j].to_vec();
                            self.pos += j;
                            if self.eof && self.pos >= self.buf.len() {
                                return Ok(Some((rec, Cow::Borrowed(b"\n"))));
                            }
                            return Ok(Some((rec, Cow::Owned(rt))));
                        }
                    }
                    if !self.fill(stdin)? {
                        let hay = &self.buf[self.pos..];
                        if hay.is_empty() {
                            return Ok(None);
                        }
                        let mut end = hay.len();
                        while end > 0 && hay[end - 1] == b'\n' {
                            end -= 1;
                        }
                        let rec: Rc<[u8]> = Rc::from(&hay[..end]);
                        let rt = hay[end..].to_vec();
                        self.pos = self.buf.len();
                        return Ok(Some((rec, Cow::Owned(rt))));
                    }
                }
            }
            RsMode::Regex(re) => loop {
                let hay = &self.buf[self.pos..];
                let m = re.find_iter(hay).find(|(s, e)| e > s);
                if let Some((s, e)) = m {
                    if e < hay.len() || self.eof {
                        let rec: Rc<[u8]> = Rc::from(&hay[..s]);
                        let rt = hay[s..e].to_vec();
                        self.pos += e;
                        return Ok(Some((rec, Cow::Owned(rt))));
                    }
                }
                if !self.fill(stdin)? {
                    if let Some((s, e)) = re.find_iter(&self.buf[self.pos..]).find(|(s, e)| e > s) {
                        let hay = &self.buf[self.pos..];
                        let rec: Rc<[u8]> = Rc::from(&hay[..s]);
                        let rt = hay[s..e].to_vec();
                        self.pos += e;
                        return Ok(Some((rec, Cow::Owned(rt))));
                    }
                    return Ok(self.rest());
                }
            },
        }
    }

    fn rest(&mut self) -> Option<Rec> {
        if self.pos >= self.buf.len() {
            return None;
        }
        let rec: Rc<[u8]> = Rc::from(&self.buf[self.pos..]);
        self.pos = self.buf.len();
        Some((rec, Cow::Borrowed(b"")))
    }
}

/// The first `c` in `hay`.
pub fn memchr(c: u8, hay: &[u8]) -> Option<usize> {
    hay.iter().position(|&b| b == c)
}

/// The first occurrence of `needle` in `hay`.
pub fn find_sub(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    if needle.len() > hay.len() {
        return None;
    }
    let first = needle[0];
    let mut i = 0;
    while i + needle.len() <= hay.len() {
        match memchr(first, &hay[i..=hay.len() - needle.len()]) {
            Some(k) => {
                let at = i + k;
                if &hay[at..at + needle.len()] == needle {
                    return Some(at);
                }
                i = at + 1;
            }
            None => return None,
        }
    }
    None
}

/// How a record is split into fields.
pub enum Splitter {
    /// `FS=" "`: runs of blanks and newlines, leading and trailing ones ignored.
    Space,
    /// A single literal byte.
    Char(u8),
    /// `FS=""`: one field per character.
    Chars,
    /// A regex.
    Regex(Rc<PosixRegex>),
    /// gawk's `FPAT`: the fields are the regex's matches.
    Pattern(Rc<PosixRegex>),
}

impl Splitter {
    /// Split `s`, calling `f` with each field.
    pub fn split<'b>(&self, s: &'b [u8], utf8: bool, mut f: impl FnMut(&'b [u8])) {
        match self {
            Splitter::Space => {
                let mut i = 0;
                let n = s.len();
                loop {
                    while i < n && matches!(s[i], b' ' | b'\t' | b'\n') {
                        i += 1;
                    }
                    if i >= n {
                        return;
                    }
                    let st = i;
                    while i < n && !matches!(s[i], b' ' | b'\t' | b'\n') {
                        i += 1;
                    }
                    f(&s[st..i]);
                }
            }
            Splitter::Char(c) => {
                if s.is_empty() {
                    return;
                }
                let mut st = 0;
                for (i, &b) in s.iter().enumerate() {
                    if b == *c {
                        f(&s[st..i]);
                        st = i + 1;
                    }
                }
                f(&s[st..]);
            }
            Splitter::Chars => {
                if utf8 {
                    if let Ok(t) = std::str::from_utf8(s) {
                        for (i, ch) in t.char_indices() {
                            f(&s[i..i + ch.len_utf8()]);
                        }
                        return;
                    }
                }
                for i in 0..s.len() {
                    f(&s[i..i + 1]);
                }
            }
            Splitter::Pattern(re) => {
                if s.is_empty() {
                    return;
                }
                for (ms, me) in re.find_iter(s) {
                    f(&s[ms..me]);
                }
            }
            Splitter::Regex(re) => {
                if s.is_empty() {
                    return;
                }
                let mut st = 0;
                for (ms, me) in re.find_iter(s) {
                    if me == ms {
                        continue;
                    }
                    f(&s[st..ms]);
                    st = me;
                }
                f(&s[st..]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recs(input: &[u8], mode: &RsMode) -> Vec<(String, String)> {
        let mut r = Reader::new(Src::Stdin);
        let mut inp: &[u8] = input;
        let mut v = Vec::new();
        while let Ok(Some((a, b))) = r.next_record(&mut inp, mode) {
            v.push((String::from_utf8_lossy(&a).into_owned(), String::from_utf8_lossy(&b).into_owned()));
        }
        v
    }

    #[test]
    fn newline_records() {
        let v = recs(b"a\nb\n\nc", &RsMode::Char(b'\n'));
        let got: Vec<&str> = v.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(got, ["a", "b", "", "c"]);
    }

    #[test]
    fn paragraphs() {
        let v = recs(b"\n\na\nb\n\n\nc\n", &RsMode::Para);
        let got: Vec<&str> = v.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(got, ["a\nb", "c"]);
    }

    #[test]
    fn space_split() {
        let mut v = Vec::new();
        Splitter::Space.split(b"  a b\t c  ", false, |f| v.push(f.to_vec()));
        assert_eq!(v, [b"a".to_vec(), b"b".to_vec(), b"c".to_vec()]);
        let mut v = Vec::new();
        Splitter::Char(b',').split(b",a,", false, |f| v.push(f.to_vec()));
        assert_eq!(v.len(), 3);
    }
}
