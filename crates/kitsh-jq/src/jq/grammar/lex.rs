//! jq 1.8.1's lexer (src/lexer.l), for wording syntax errors: the same tokens, start
//! conditions and locations (a location is a byte range; every rule, whitespace and comments
//! included, moves it, so the end of input is located at the last thing read).

use super::tables::{self as t, symbol};

/// One token: its terminal symbol and byte range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Token {
    /// Bison's symbol number (an index of [`t::TNAME`]); 0 is the end of input.
    pub sym: u8,
    /// Byte range in the program.
    pub start: usize,
    /// End of the range (exclusive).
    pub end: usize,
}

/// flex's start conditions of jq's lexer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Paren,
    Bracket,
    Brace,
    QqInterp,
    QqString,
    Comment,
}

/// The lexer over one program.
pub(super) struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    stack: Vec<State>,
    /// The last location set (jq's `yylloc`).
    last: (usize, usize),
    /// Reports of invalid literals (`"\x"`): message and location, in the order met.
    pub errors: Vec<(String, usize, usize)>,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The end of `[a-zA-Z_][a-zA-Z_0-9]*` starting at `i`, if one starts there.
fn word_end(s: &[u8], i: usize) -> Option<usize> {
    if !s.get(i).copied().is_some_and(is_ident_start) {
        return None;
    }
    let mut j = i + 1;
    while s.get(j).copied().is_some_and(is_ident) {
        j += 1;
    }
    Some(j)
}

/// The end of `([a-zA-Z_][a-zA-Z_0-9]*::)*[a-zA-Z_][a-zA-Z_0-9]*` starting at `i`.
fn ident_end(s: &[u8], i: usize) -> Option<usize> {
    let mut end = word_end(s, i)?;
    while s.get(end..end + 2) == Some(b"::") {
        match word_end(s, end + 2) {
            Some(e) => end = e,
            None => break,
        }
    }
    Some(end)
}

/// The end of a number `([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?` starting at `i`.
fn number_end(s: &[u8], i: usize) -> Option<usize> {
    let digits = |mut j: usize| {
        while s.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        j
    };
    let mut j = digits(i);
    if j > i {
        if s.get(j) == Some(&b'.') {
            j = digits(j + 1);
        }
    } else if s.get(i) == Some(&b'.') && s.get(i + 1).is_some_and(u8::is_ascii_digit) {
        j = digits(i + 1);
    } else {
        return None;
    }
    if matches!(s.get(j), Some(b'e' | b'E')) {
        let k = if matches!(s.get(j + 1), Some(b'+' | b'-')) { j + 2 } else { j + 1 };
        let e = digits(k);
        if e > k {
            j = e;
        }
    }
    Some(j)
}

/// The end of `(\\[^u(]|\\u[a-zA-Z0-9]{0,4})+` starting at `i`.
fn escapes_end(s: &[u8], i: usize) -> usize {
    let mut j = i;
    while s.get(j) == Some(&b'\\') {
        match s.get(j + 1) {
            Some(b'u') => {
                j += 2;
                let stop = (j + 4).min(s.len());
                while j < stop && s[j].is_ascii_alphanumeric() {
                    j += 1;
                }
            }
            Some(b'(') | None => break,
            Some(_) => j += 2,
        }
    }
    j
}

/// What jq's JSON parser says of a string literal's escapes, or `None` when they are valid.
fn escape_error(text: &[u8]) -> Option<String> {
    let quoted = format!("\"{}\"", String::from_utf8_lossy(text));
    crate::jq::read::parse_single(quoted.as_bytes()).err().map(|e| format!("{e} (while parsing '{quoted}')"))
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer { src: src.as_bytes(), pos: 0, stack: Vec::new(), last: (0, 0), errors: Vec::new() }
    }

    fn state(&self) -> Option<State> {
        self.stack.last().copied()
    }

    /// Move past `len` bytes, setting the location (flex's `YY_USER_ACTION`).
    fn take(&mut self, len: usize) -> (usize, usize) {
        self.last = (self.pos, self.pos + len);
        self.pos += len;
        self.last
    }

    fn tok(&mut self, sym: u8, len: usize) -> Token {
        let (start, end) = self.take(len);
        Token { sym, start, end }
    }

    /// The next token; the end of input is symbol 0 at the last location.
    pub fn next(&mut self) -> Token {
        loop {
            let s = self.src;
            let i = self.pos;
            let Some(&c) = s.get(i) else {
                if self.state() == Some(State::Comment) {
                    self.stack.pop();
                }
                return Token { sym: 0, start: self.last.0, end: self.last.1 };
            };
            match self.state() {
                Some(State::Comment) => {
                    let len = match (c, s.get(i + 1)) {
                        (b'\\', Some(b'\\' | b'\n')) => 2,
                        (b'\\', Some(b'\r')) if s.get(i + 2) == Some(&b'\n') => 3,
                        (b'\r', Some(b'\n')) | (b'\n', _) => {
                            let len = if c == b'\r' { 2 } else { 1 };
                            self.take(len);
                            self.stack.pop();
                            continue;
                        }
                        _ => 1,
                    };
                    self.take(len);
                    continue;
                }
                Some(State::QqString) => return self.in_string(c),
                _ => {}
            }
            if matches!(c, b' ' | b'\r' | b'\n' | b'\t') {
                let mut j = i;
                while matches!(s.get(j), Some(b' ' | b'\r' | b'\n' | b'\t')) {
                    j += 1;
                }
                self.take(j - i);
                continue;
            }
            if c == b'#' {
                self.take(1);
                self.stack.push(State::Comment);
                continue;
            }
            return self.in_code(c);
        }
    }

    /// A token in code (not inside a string's text).
    fn in_code(&mut self, c: u8) -> Token {
        let (s, i) = (self.src, self.pos);
        // Candidates by length, longest wins; at equal length the rule written first.
        let mut best: (usize, u8) = (1, t::INVALID_CHARACTER);
        let mut offer = |len: usize, sym: u8| {
            if len > best.0 || (len == best.0 && best.1 == t::INVALID_CHARACTER) {
                best = (len, sym);
            }
        };
        for op in ["?//", "//=", "!=", "==", "//", "|=", "+=", "-=", "*=", "/=", "%=", "<=", ">=", ".."] {
            if s[i..].starts_with(op.as_bytes()) {
                offer(op.len(), symbol(op).unwrap_or(t::INVALID_CHARACTER));
                break;
            }
        }
        if let Some(e) = ident_end(s, i) {
            let word = std::str::from_utf8(&s[i..e]).unwrap_or("");
            let kw = matches!(
                word,
                "as" | "import" | "include" | "module" | "def" | "if" | "then" | "else" | "elif" | "and" | "or" | "end" | "reduce" | "foreach" | "try" | "catch" | "label" | "break"
            );
            let sym = if kw { symbol(word) } else { None };
            offer(e - i, sym.unwrap_or(t::IDENT));
        }
        if c == b'.' {
            if let Some(e) = word_end(s, i + 1) {
                offer(e - i, t::FIELD);
            }
        }
        if c == b'$' {
            if s[i..].starts_with(b"$__loc__") {
                offer(8, symbol("$__loc__").unwrap_or(t::INVALID_CHARACTER));
            }
            if let Some(e) = ident_end(s, i + 1) {
                // `$__loc__` itself is the keyword (written first); longer names are bindings.
                if e - i > 8 || !s[i..].starts_with(b"$__loc__") {
                    offer(e - i, t::BINDING);
                }
            }
        }
        if c == b'@' {
            let mut j = i + 1;
            while s.get(j).copied().is_some_and(is_ident) {
                j += 1;
            }
            if j > i + 1 {
                offer(j - i, t::FORMAT);
            }
        }
        if let Some(e) = number_end(s, i) {
            offer(e - i, t::LITERAL);
        }
        if best.0 == 1 && best.1 == t::INVALID_CHARACTER {
            match c {
                b'"' => {
                    self.stack.push(State::QqString);
                    return self.tok(t::QQSTRING_START, 1);
                }
                b'[' | b'{' | b'(' => {
                    self.stack.push(match c {
                        b'(' => State::Paren,
                        b'[' => State::Bracket,
                        _ => State::Brace,
                    });
                    return self.tok(symbol(&(c as char).to_string()).unwrap_or(t::INVALID_CHARACTER), 1);
                }
                b']' | b'}' | b')' => {
                    let (want, sym) = match self.state() {
                        Some(State::Paren) => (b')', symbol(")")),
                        Some(State::Bracket) => (b']', symbol("]")),
                        Some(State::Brace) => (b'}', symbol("}")),
                        Some(State::QqInterp) => (b')', Some(t::QQSTRING_INTERP_END)),
                        _ => (0, None),
                    };
                    if want == c {
                        self.stack.pop();
                        return self.tok(sym.unwrap_or(t::INVALID_CHARACTER), 1);
                    }
                    return self.tok(t::INVALID_CHARACTER, 1);
                }
                b'.' | b'?' | b'=' | b';' | b',' | b':' | b'|' | b'+' | b'-' | b'*' | b'/' | b'%' | b'$' | b'<' | b'>' => {
                    best = (1, symbol(&(c as char).to_string()).unwrap_or(t::INVALID_CHARACTER));
                }
                _ => {}
            }
        }
        self.tok(best.1, best.0)
    }

    /// A token inside a string's text.
    fn in_string(&mut self, c: u8) -> Token {
        let (s, i) = (self.src, self.pos);
        match c {
            b'\\' if s.get(i + 1) == Some(&b'(') => {
                self.stack.push(State::QqInterp);
                self.tok(t::QQSTRING_INTERP_START, 2)
            }
            b'"' => {
                self.stack.pop();
                self.tok(t::QQSTRING_END, 1)
            }
            b'\\' => {
                let e = escapes_end(s, i);
                if e == i {
                    return self.tok(t::INVALID_CHARACTER, 1);
                }
                let tok = self.tok(t::QQSTRING_TEXT, e - i);
                if let Some(msg) = escape_error(&s[i..e]) {
                    self.errors.push((msg, tok.start, tok.end));
                }
                tok
            }
            _ => {
                let mut j = i;
                while j < s.len() && !matches!(s[j], b'\\' | b'"') {
                    j += 1;
                }
                self.tok(t::QQSTRING_TEXT, j - i)
            }
        }
    }
}
