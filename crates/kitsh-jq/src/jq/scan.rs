//! jq 1.8.1's JSON scanner (src/jv_parse.c) reduced to what its errors depend on: the kinds of
//! the values, not the values. The fast reader ([`super::read`]) parses; when it finds the input
//! malformed, this scanner is run over the same top-level text so that the message and the
//! place are jq's (`{"a":1,}` is "Expected another key-value pair at line 1, column 8", `{a:1}`
//! "Invalid numeric literal at line 1, column 3", an escape error is found at the closing quote).

/// What is open on jq's parser stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// An array; whether it has elements.
    Arr(bool),
    /// An object; whether it has members.
    Obj(bool),
    /// An object key waiting for its value.
    Key,
}

/// jq's `p->next`: the value just completed, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    None,
    Str,
    Other,
}

/// The scanner's state (`p->st`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum St {
    Normal,
    Str,
    Esc,
}

/// jq's parser over one top-level text.
pub(crate) struct Scan {
    line: usize,
    col: usize,
    stack: Vec<Frame>,
    next: Next,
    st: St,
    token: Vec<u8>,
}

/// What the scanner found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// An error: jq's message and its line and column.
    Error(String, usize, usize),
    /// A whole value without error.
    Value,
}

/// Whether decNumber (jq 1.8.1's number parser) takes `s` as a number.
fn number_ok(s: &[u8]) -> bool {
    let t = match s.first() {
        Some(b'+' | b'-') => &s[1..],
        _ => s,
    };
    let lower = t.to_ascii_lowercase();
    if matches!(&lower[..], b"inf" | b"infinity" | b"nan" | b"snan") {
        return true;
    }
    let digits = |mut i: usize| {
        while t.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let mut i = digits(0);
    let int_digits = i;
    let mut frac_digits = 0;
    if t.get(i) == Some(&b'.') {
        let j = digits(i + 1);
        frac_digits = j - i - 1;
        i = j;
    }
    if int_digits + frac_digits == 0 {
        return false;
    }
    if matches!(t.get(i), Some(b'e' | b'E')) {
        let k = if matches!(t.get(i + 1), Some(b'+' | b'-')) { i + 2 } else { i + 1 };
        let e = digits(k);
        if e == k {
            return false;
        }
        i = e;
    }
    i == t.len()
}

/// `found_string`'s checks of a string's bytes (between the quotes).
fn string_error(b: &[u8]) -> Option<&'static str> {
    let hex4 = |h: &[u8]| -> Option<u32> {
        let s = std::str::from_utf8(h.get(..4)?).ok()?;
        if !s.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(s, 16).ok()
    };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if c == b'\\' {
            let Some(&e) = b.get(i) else {
                return Some("Expected escape character at end of string");
            };
            i += 1;
            match e {
                b'\\' | b'"' | b'/' | b'b' | b'f' | b't' | b'n' | b'r' => {}
                b'u' => {
                    if i + 4 > b.len() {
                        return Some("Invalid \\uXXXX escape");
                    }
                    let Some(cp) = hex4(&b[i..]) else {
                        return Some("Invalid characters in \\uXXXX escape");
                    };
                    i += 4;
                    if (0xD800..=0xDBFF).contains(&cp) {
                        if i + 6 > b.len() || b[i] != b'\\' || b[i + 1] != b'u' {
                            return Some("Invalid \\uXXXX\\uXXXX surrogate pair escape");
                        }
                        if !hex4(&b[i + 2..]).is_some_and(|s| (0xDC00..=0xDFFF).contains(&s)) {
                            return Some("Invalid \\uXXXX\\uXXXX surrogate pair escape");
                        }
                        i += 6;
                    }
                }
                _ => return Some("Invalid escape"),
            }
        } else if c < 0x20 {
            return Some("Invalid string: control characters from U+0000 through U+001F must be escaped");
        }
    }
    None
}

impl Scan {
    /// A scanner at the start of a top-level text, at jq's `line` (from 1) and `col`.
    pub fn new(line: usize, col: usize) -> Scan {
        Scan { line, col, stack: Vec::new(), next: Next::None, st: St::Normal, token: Vec::new() }
    }

    fn value(&mut self, kind: Next) -> Result<(), &'static str> {
        if self.next != Next::None {
            return Err("Expected separator between values");
        }
        self.next = kind;
        Ok(())
    }

    /// `check_literal`: the token being read, now ended.
    fn literal(&mut self) -> Result<(), &'static str> {
        if self.token.is_empty() {
            return Ok(());
        }
        let pattern: Option<&[u8]> = match self.token[0] {
            b't' => Some(b"true"),
            b'f' => Some(b"false"),
            b'\'' => return Err("Invalid string literal; expected \", but got '"),
            b'n' if self.token.get(1) == Some(&b'u') => Some(b"null"),
            _ => None,
        };
        match pattern {
            Some(p) if self.token != p => return Err("Invalid literal"),
            Some(_) => {}
            None if !number_ok(&self.token) => return Err("Invalid numeric literal"),
            None => {}
        }
        self.value(Next::Other)?;
        self.token.clear();
        Ok(())
    }

    /// `parse_token` for a structural character.
    fn token(&mut self, c: u8) -> Result<(), &'static str> {
        match c {
            b'[' | b'{' => {
                if self.stack.len() >= super::read::MAX_DEPTH {
                    return Err("Exceeds depth limit for parsing");
                }
                if self.next != Next::None {
                    return Err("Expected separator between values");
                }
                self.stack.push(if c == b'[' { Frame::Arr(false) } else { Frame::Obj(false) });
            }
            b':' => {
                if self.next == Next::None {
                    return Err("Expected string key before ':'");
                }
                if !matches!(self.stack.last(), Some(Frame::Obj(_))) {
                    return Err("':' not as part of an object");
                }
                if self.next != Next::Str {
                    return Err("Object keys must be strings");
                }
                self.stack.push(Frame::Key);
                self.next = Next::None;
            }
            b',' => {
                if self.next == Next::None {
                    return Err("Expected value before ','");
                }
                match self.stack.last().copied() {
                    None => return Err("',' not as part of an object or array"),
                    Some(Frame::Arr(_)) => {
                        self.stack.pop();
                        self.stack.push(Frame::Arr(true));
                    }
                    Some(Frame::Key) => {
                        self.stack.pop();
                        self.stack.pop();
                        self.stack.push(Frame::Obj(true));
                    }
                    Some(Frame::Obj(_)) => return Err("Objects must consist of key:value pairs"),
                }
                self.next = Next::None;
            }
            b']' => {
                let Some(Frame::Arr(nonempty)) = self.stack.last().copied() else {
                    return Err("Unmatched ']'");
                };
                if self.next == Next::None && nonempty {
                    return Err("Expected another array element");
                }
                self.stack.pop();
                self.next = Next::Other;
            }
            _ => {
                // '}'
                let Some(top) = self.stack.last().copied() else {
                    return Err("Unmatched '}'");
                };
                if self.next != Next::None {
                    if top != Frame::Key {
                        return Err("Objects must consist of key:value pairs");
                    }
                    self.stack.pop();
                } else {
                    match top {
                        Frame::Obj(true) => return Err("Expected another key-value pair"),
                        Frame::Obj(false) => {}
                        _ => return Err("Unmatched '}'"),
                    }
                }
                self.stack.pop();
                self.next = Next::Other;
            }
        }
        Ok(())
    }

    /// A value is complete at the top level (`parse_check_done`).
    fn done(&self) -> bool {
        self.stack.is_empty() && self.next != Next::None
    }

    fn step(&mut self, c: u8) -> Result<bool, &'static str> {
        self.col += 1;
        if c == b'\n' {
            self.line += 1;
            self.col = 0;
        }
        if self.st != St::Normal {
            if c == b'"' && self.st == St::Str {
                if let Some(e) = string_error(&self.token) {
                    return Err(e);
                }
                self.token.clear();
                self.value(Next::Str)?;
                self.st = St::Normal;
                return Ok(self.done());
            }
            self.token.push(c);
            self.st = if c == b'\\' && self.st == St::Str { St::Esc } else { St::Str };
            return Ok(false);
        }
        let mut done = false;
        let literal = !matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'"' | b'[' | b',' | b']' | b'{' | b':' | b'}');
        if !literal {
            self.literal()?;
            done = self.done();
        }
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => {}
            b'"' => self.st = St::Str,
            b'[' | b',' | b']' | b'{' | b':' | b'}' => {
                // A value completed by this character's check is output before the token.
                if done {
                    return Ok(true);
                }
                self.token(c)?;
            }
            _ => self.token.push(c),
        }
        Ok(done || self.done())
    }

    /// Feed bytes; what was found, or `None` when more input is needed.
    pub fn feed(&mut self, bytes: &[u8]) -> Option<Found> {
        for &c in bytes {
            match self.step(c) {
                Err(msg) => return Some(Found::Error(msg.to_string(), self.line, self.col)),
                Ok(true) => return Some(Found::Value),
                Ok(false) => {}
            }
        }
        None
    }

    /// The end of the input.
    pub fn eof(&mut self) -> Found {
        let at = |m: &str, s: &Scan| Found::Error(m.to_string(), s.line, s.col);
        if self.st != St::Normal {
            return at("Unfinished string at EOF", self);
        }
        if let Err(m) = self.literal() {
            return at(&format!("{m} at EOF"), self);
        }
        if !self.stack.is_empty() {
            return at("Unfinished JSON term at EOF", self);
        }
        Found::Value
    }
}

#[cfg(test)]
mod tests {
    use super::{Found, Scan};

    /// jq 1.8.1's message for a whole input (`printf '%s\n' INPUT | jq .`).
    fn error(input: &str) -> String {
        let mut s = Scan::new(1, 0);
        let bytes = format!("{input}\n");
        let found = match s.feed(bytes.as_bytes()) {
            Some(f) => f,
            None => s.eof(),
        };
        match found {
            Found::Error(m, l, c) => format!("{m} at line {l}, column {c}"),
            Found::Value => "value".into(),
        }
    }

    #[test]
    fn jq_181_messages() {
        for (input, want) in [
            ("{\"a\":1,}", "Expected another key-value pair at line 1, column 8"),
            ("{a:1}", "Invalid numeric literal at line 1, column 3"),
            ("[1 2]", "Expected separator between values at line 1, column 5"),
            ("{\"a\" 1}", "Expected separator between values at line 1, column 7"),
            ("\"abc", "Unfinished string at EOF at line 2, column 0"),
            ("[1,]", "Expected another array element at line 1, column 4"),
            ("\"\\x\"", "Invalid escape at line 1, column 4"),
            ("\"ab\\x\"", "Invalid escape at line 1, column 6"),
            ("\"\\u12\"", "Invalid \\uXXXX escape at line 1, column 6"),
            ("\"\\ud800\"", "Invalid \\uXXXX\\uXXXX surrogate pair escape at line 1, column 8"),
            ("{'a':1}", "Invalid string literal; expected \", but got ' at line 1, column 5"),
            ("tru", "Invalid literal at line 2, column 0"),
            ("]", "Unmatched ']' at line 1, column 1"),
            ("{\"a\":1", "Unfinished JSON term at EOF at line 2, column 0"),
            ("[1,2]", "value"),
            ("01", "value"),
            ("NaN", "value"),
        ] {
            assert_eq!(error(input), want, "{input}");
        }
    }
}
