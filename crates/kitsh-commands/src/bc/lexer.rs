//! bc's tokens, read on demand from a byte stream one line at a time (so `yes 1 | bc` runs
//! as it reads, and `read()` takes the next line of the same input).

use std::io::Read;

/// One token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// A numeric constant as written (`1.50`, `FF`, `.5`), converted with `ibase` at run time.
    Num(String),
    /// A name (`x`, `my_var2`).
    Name(String),
    /// A string constant without its quotes.
    Str(String),
    /// A keyword (`define`, `if`, `scale`, ...).
    Kw(&'static str),
    /// An operator or punctuation (`+`, `+=`, `==`, `(`, `;`, ...).
    Op(&'static str),
    /// An end of line (also `;`-free statement separator).
    Newline,
    /// A character bc does not know (`@`).
    Illegal(char),
    /// A comment left open at the end of the input.
    Unterminated(&'static str),
    /// The end of the input.
    Eof,
}

const KEYWORDS: &[&str] = &[
    "auto", "break", "continue", "define", "else", "for", "halt", "ibase", "if", "last", "length", "limits",
    "obase", "print", "quit", "read", "return", "scale", "sqrt", "warranty", "while", "void",
];

const OPS: &[&str] = &[
    "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "==", "<=", ">=", "!=", "&&", "||", "+", "-", "*", "/", "%",
    "^", "=", "<", ">", "!", "(", ")", "[", "]", "{", "}", ",", ";",
];

/// A source of input lines, for `read()`.
pub trait Lines {
    /// The next line without its newline; `None` at the end of the input.
    fn read_line(&mut self) -> Option<String>;
}

impl Lines for Lexer<'_> {
    fn read_line(&mut self) -> Option<String> {
        Lexer::read_line(self)
    }
}

/// A byte source read line by line.
pub struct Lexer<'a> {
    input: &'a mut dyn Read,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    /// Interactive mode without a terminal (`-i`): each line read is echoed into
    /// [`Lexer::echoed`], as GNU bc echoes its input.
    pub echo: bool,
    /// Lines to echo (see [`Lexer::echo`]).
    pub echoed: Vec<u8>,
    echo_pos: usize,
    /// The current line number (1-based; counts the newlines consumed so far).
    pub line: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer over `input`.
    pub fn new(input: &'a mut dyn Read) -> Lexer<'a> {
        Lexer { input, buf: Vec::new(), pos: 0, eof: false, echo: false, echoed: Vec::new(), echo_pos: 0, line: 1 }
    }

    /// Appends at least one more line (or the rest of the input) to the buffer; `false` at the
    /// end of the input.
    fn refill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        if self.pos > 0 && self.pos == self.buf.len() {
            self.buf.clear();
            self.pos = 0;
            self.echo_pos = 0;
        }
        let mut chunk = [0u8; 4096];
        loop {
            match self.input.read(&mut chunk) {
                Ok(0) => {
                    self.eof = true;
                    return false;
                }
                Ok(n) => {
                    self.buf.extend_from_slice(&chunk[..n]);
                    return true;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => {
                    self.eof = true;
                    return false;
                }
            }
        }
    }

    /// The byte `k` places ahead, reading more input if needed.
    fn peek_at(&mut self, k: usize) -> Option<u8> {
        while self.pos + k >= self.buf.len() {
            if !self.refill() {
                return None;
            }
        }
        if self.echo && self.pos + k >= self.echo_pos {
            // Echo the whole line holding this byte.
            let end = self.buf[self.pos + k..].iter().position(|&b| b == b'\n').map_or(self.buf.len(), |p| self.pos + k + p + 1);
            let start = self.echo_pos.max(self.pos);
            self.echoed.extend_from_slice(&self.buf[start..end]);
            self.echo_pos = end;
        }
        Some(self.buf[self.pos + k])
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek_at(0)?;
        self.pos += 1;
        if c == b'\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// The rest of the current line (without its newline), for `read()`; `None` at the end of
    /// the input.
    pub fn read_line(&mut self) -> Option<String> {
        let mut line = Vec::new();
        loop {
            match self.bump() {
                None if line.is_empty() => return None,
                None | Some(b'\n') => return Some(String::from_utf8_lossy(&line).into_owned()),
                Some(c) => line.push(c),
            }
        }
    }

    /// The next token.
    pub fn next_token(&mut self) -> Tok {
        loop {
            let Some(c) = self.peek_at(0) else { return Tok::Eof };
            match c {
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    self.pos += 1;
                }
                b'\\' if self.peek_at(1) == Some(b'\n') => {
                    self.bump();
                    self.bump();
                }
                b'#' => {
                    while let Some(c) = self.peek_at(0) {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                b'/' if self.peek_at(1) == Some(b'*') => {
                    self.pos += 2;
                    loop {
                        match self.bump() {
                            None => return Tok::Unterminated("comment"),
                            Some(b'*') if self.peek_at(0) == Some(b'/') => {
                                self.pos += 1;
                                break;
                            }
                            Some(_) => {}
                        }
                    }
                }
                b'\n' => {
                    self.bump();
                    return Tok::Newline;
                }
                b'"' => {
                    self.pos += 1;
                    // Look for the closing quote without consuming: an unterminated string is
                    // just an illegal `"`, and lexing goes on after it.
                    let mut k = 0;
                    loop {
                        match self.peek_at(k) {
                            None => return Tok::Illegal('"'),
                            Some(b'"') => break,
                            Some(_) => k += 1,
                        }
                    }
                    let s = self.buf[self.pos..self.pos + k].to_vec();
                    self.line += s.iter().filter(|&&b| b == b'\n').count();
                    self.pos += k + 1;
                    return Tok::Str(String::from_utf8_lossy(&s).into_owned());
                }
                b'0'..=b'9' | b'A'..=b'Z' => return self.number(),
                b'.' => {
                    if matches!(self.peek_at(1), Some(b'0'..=b'9' | b'A'..=b'Z')) {
                        return self.number();
                    }
                    self.pos += 1;
                    return Tok::Kw("last");
                }
                b'a'..=b'z' => {
                    let mut s = String::new();
                    while let Some(c @ (b'a'..=b'z' | b'0'..=b'9' | b'_')) = self.peek_at(0) {
                        s.push(char::from(c));
                        self.pos += 1;
                    }
                    return match KEYWORDS.iter().find(|k| **k == s) {
                        Some(k) => Tok::Kw(k),
                        None => Tok::Name(s),
                    };
                }
                _ => {
                    for op in OPS {
                        let ob = op.as_bytes();
                        if (0..ob.len()).all(|k| self.peek_at(k) == Some(ob[k])) {
                            self.pos += ob.len();
                            return Tok::Op(op);
                        }
                    }
                    // One (possibly multi-byte) character.
                    let len = match c {
                        0xf0..=0xff => 4,
                        0xe0..=0xef => 3,
                        0xc0..=0xdf => 2,
                        _ => 1,
                    };
                    let mut bytes = Vec::new();
                    for _ in 0..len {
                        if let Some(b) = self.peek_at(0) {
                            bytes.push(b);
                            self.pos += 1;
                        }
                    }
                    let ch = String::from_utf8_lossy(&bytes).chars().next().unwrap_or('?');
                    return Tok::Illegal(ch);
                }
            }
        }
    }

    /// A constant: digits `0-9A-Z`, at most one `.`, and `\` line continuations inside.
    fn number(&mut self) -> Tok {
        let mut s = String::new();
        let mut dot = false;
        loop {
            match self.peek_at(0) {
                Some(c @ (b'0'..=b'9' | b'A'..=b'Z')) => {
                    s.push(char::from(c));
                    self.pos += 1;
                }
                Some(b'.') if !dot => {
                    dot = true;
                    s.push('.');
                    self.pos += 1;
                }
                Some(b'\\') if self.peek_at(1) == Some(b'\n') => {
                    self.bump();
                    self.bump();
                }
                _ => break,
            }
        }
        Tok::Num(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        let mut r: &[u8] = s.as_bytes();
        let mut lx = Lexer::new(&mut r);
        let mut v = Vec::new();
        loop {
            let t = lx.next_token();
            if t == Tok::Eof {
                return v;
            }
            v.push(t);
        }
    }

    #[test]
    fn tokens() {
        assert_eq!(
            toks("x+=1.5 /* c\n */ # x\n\"s\"."),
            vec![
                Tok::Name("x".into()),
                Tok::Op("+="),
                Tok::Num("1.5".into()),
                Tok::Newline,
                Tok::Str("s".into()),
                Tok::Kw("last")
            ]
        );
        assert_eq!(toks("12\\\n34"), vec![Tok::Num("1234".into())]);
        assert_eq!(toks("@"), vec![Tok::Illegal('@')]);
    }
}
