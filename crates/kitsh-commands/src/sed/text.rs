//! Reading the pieces of a sed script: a character cursor with GNU's rules for labels, file
//! names, `a`/`i`/`c` texts and delimited strings (`match_slash`), and the escape sequences
//! (`\t`, `\n`, `\dNNN`, `\oNNN`, `\xHH`, `\cX`) GNU sed converts in regexes and texts.

use super::script::ParseError;
use kitsh_core::util::bytes::raw_char;

/// A position in the script text.
pub(super) struct Cursor {
    c: Vec<char>,
    i: usize,
}

impl Cursor {
    /// A cursor at the start of `text`.
    pub fn new(text: &str) -> Self {
        Cursor { c: text.chars().collect(), i: 0 }
    }

    /// The next character, not consumed.
    pub fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }

    /// The character `k` places ahead, not consumed.
    pub fn peek_at(&self, k: usize) -> Option<char> {
        self.c.get(self.i + k).copied()
    }

    /// Consume one character.
    pub fn bump(&mut self) {
        if self.i < self.c.len() {
            self.i += 1;
        }
    }

    /// Consume and return the next character.
    pub fn next(&mut self) -> Option<char> {
        let ch = self.peek()?;
        self.i += 1;
        Some(ch)
    }

    /// How many characters were consumed.
    pub fn pos(&self) -> usize {
        self.i
    }

    /// Skip spaces and tabs.
    pub fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.i += 1;
        }
    }

    /// Skip the rest of the line, newline included.
    pub fn skip_line(&mut self) {
        while let Some(ch) = self.next() {
            if ch == '\n' {
                break;
            }
        }
    }

    /// A decimal number, if digits follow (after blanks).
    pub fn number(&mut self) -> Option<u64> {
        let save = self.i;
        self.skip_blanks();
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i = save;
            return None;
        }
        let mut n: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            self.i += 1;
        }
        Some(n)
    }

    /// A label (`:a`, `b a`): blanks skipped, up to `;`, a blank, a newline or `}`.
    pub fn label(&mut self) -> String {
        self.skip_blanks();
        let mut s = String::new();
        while let Some(ch) = self.peek() {
            if ch == '}' {
                break;
            }
            self.i += 1;
            if ch == ';' || ch.is_whitespace() {
                break;
            }
            s.push(ch);
        }
        s
    }

    /// A file name (`r`, `w`, `s///w`): blanks skipped, up to the end of the line.
    pub fn filename(&mut self) -> Result<String, ParseError> {
        self.skip_blanks();
        let mut s = String::new();
        while let Some(ch) = self.next() {
            if ch == '\n' {
                break;
            }
            s.push(ch);
        }
        if s.is_empty() {
            return Err(ParseError::at(self.i, "missing filename in r/R/w/W commands"));
        }
        Ok(s)
    }

    /// After a command: blanks, then the end of the script, a newline, `;`, `}` or `#`.
    pub fn end_of_cmd(&mut self) -> Result<(), ParseError> {
        self.skip_blanks();
        match self.peek() {
            None | Some('}' | '#') => Ok(()),
            Some('\n' | ';') => {
                self.i += 1;
                Ok(())
            }
            Some(_) => {
                self.i += 1;
                Err(ParseError::at(self.i, "extra characters after command"))
            }
        }
    }

    /// The text of `a`, `i`, `c` (GNU one-line form `a text` or classic `a\` + lines), with its
    /// final newline (none if the text is empty).
    pub fn text(&mut self) -> Result<Vec<u8>, ParseError> {
        self.skip_blanks();
        match self.peek() {
            None | Some('\n') => return Err(ParseError::at(self.i, "expected \\ after `a', `c' or `i'")),
            Some('\\') => {
                self.i += 1;
                if self.peek() == Some('\n') {
                    self.i += 1;
                }
            }
            Some(_) => {}
        }
        let mut out = Vec::new();
        while let Some(ch) = self.next() {
            match ch {
                '\n' => break,
                '\\' => match self.next() {
                    None => break,
                    Some(e) => push_escape(&mut out, e, &self.c, &mut self.i),
                },
                _ => push_char(&mut out, ch),
            }
        }
        if !out.is_empty() {
            out.push(b'\n');
        }
        Ok(out)
    }

    /// A string up to the unescaped delimiter `delim` (GNU `match_slash`): `\delim` gives the
    /// delimiter, `\` + newline a newline, and in a regex `\n` a newline; a bracket expression
    /// in a regex may hold the delimiter. `None` if a newline or the end comes first.
    pub fn slash(&mut self, delim: char, regex: bool) -> Option<String> {
        let mut out = String::new();
        loop {
            let ch = self.next()?;
            if ch == delim {
                return Some(out);
            }
            match ch {
                '\n' => return None,
                '\\' => {
                    let n = self.next()?;
                    if n == 'n' && regex {
                        out.push('\n');
                    } else if n == '\n' || (n == delim && (regex || n != '&')) {
                        out.push(n);
                    } else {
                        out.push('\\');
                        out.push(n);
                    }
                }
                '[' if regex => match bracket_end(&self.c, self.i - 1) {
                    Some(end) => {
                        let mut k = self.i - 1;
                        while k < end {
                            if self.c[k] == '\\' && self.c.get(k + 1) == Some(&'n') {
                                out.push('\n');
                                k += 2;
                            } else {
                                out.push(self.c[k]);
                                k += 1;
                            }
                        }
                        self.i = end;
                    }
                    None => out.push('['),
                },
                _ => out.push(ch),
            }
        }
    }
}

/// The index just past the `]` closing the bracket expression that opens at `c[start]`, if it
/// closes on the same line.
pub(super) fn bracket_end(c: &[char], start: usize) -> Option<usize> {
    let mut j = start + 1;
    if c.get(j) == Some(&'^') {
        j += 1;
    }
    if c.get(j) == Some(&']') {
        j += 1;
    }
    loop {
        match *c.get(j)? {
            '\n' => return None,
            ']' => return Some(j + 1),
            '[' if matches!(c.get(j + 1), Some(':' | '.' | '=')) => {
                let kind = c[j + 1];
                let close = (j + 2..c.len().saturating_sub(1)).find(|&k| c[k] == kind && c[k + 1] == ']')?;
                j = close + 2;
            }
            _ => j += 1,
        }
    }
}

/// Append `ch` as bytes (raw-byte characters as their byte).
pub(super) fn push_char(out: &mut Vec<u8>, ch: char) {
    match kitsh_core::util::bytes::raw_byte(ch) {
        Some(b) => out.push(b),
        None => {
            let mut buf = [0u8; 4];
            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
        }
    }
}

/// The byte of a numeric or control escape (`\dNNN`, `\oNNN`, `\xHH`, `\cX`, `\t`, ...) whose
/// letter `e` was just read; `c[*i]` follows it. `None` if `e` is not such an escape.
pub(super) fn escape_byte(e: char, c: &[char], i: &mut usize) -> Option<u8> {
    let num = |i: &mut usize, radix: u32, max: usize| -> Option<u8> {
        let mut v: u32 = 0;
        let mut n = 0;
        while n < max {
            let Some(d) = c.get(*i).and_then(|ch| ch.to_digit(radix)) else { break };
            v = v * radix + d;
            *i += 1;
            n += 1;
        }
        (n > 0).then_some((v & 0xff) as u8)
    };
    match e {
        'a' => Some(7),
        'f' => Some(12),
        'v' => Some(11),
        'r' => Some(b'\r'),
        't' => Some(b'\t'),
        'n' => Some(b'\n'),
        'd' => num(i, 10, 3),
        'o' => num(i, 8, 3),
        'x' => num(i, 16, 2),
        'c' => {
            let x = c.get(*i)?;
            *i += 1;
            Some((x.to_ascii_uppercase() as u32 as u8) ^ 0x40)
        }
        _ => None,
    }
}

/// Append the escape `\e` of a text or replacement: a converted escape, else `e` itself.
pub(super) fn push_escape(out: &mut Vec<u8>, e: char, c: &[char], i: &mut usize) {
    let save = *i;
    match escape_byte(e, c, i) {
        Some(b) => out.push(b),
        None => {
            *i = save;
            push_char(out, e);
        }
    }
}

/// The character standing for byte `b` in a pattern (ASCII as is, others as raw bytes).
pub(super) fn byte_char(b: u8) -> char {
    if b < 0x80 {
        b as char
    } else {
        raw_char(b)
    }
}

/// Convert GNU sed's escapes in a regex (`\t`, `\dNNN`, ...) into characters (inside bracket
/// expressions too, as GNU does); other escapes are kept for the regex translator.
pub(super) fn regex_escapes(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_string();
    }
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        i += 1;
        if ch != '\\' || i >= c.len() {
            out.push(ch);
            continue;
        }
        let e = c[i];
        i += 1;
        let mut j = i;
        match escape_byte(e, &c, &mut j) {
            Some(b) if e != 'n' => {
                out.push(byte_char(b));
                i = j;
            }
            _ => {
                out.push('\\');
                out.push(e);
            }
        }
    }
    out
}
