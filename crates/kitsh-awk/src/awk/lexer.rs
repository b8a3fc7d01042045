//! The awk lexer: numbers, strings (escapes processed), names, keywords, built-in function
//! names, operators and newlines. A `/` in operand position is re-read as a regex literal on
//! the parser's request ([`Lexer::regex`]).

/// A token.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// A numeric constant.
    Num(f64),
    /// A string constant, escapes processed.
    Str(Vec<u8>),
    /// A regex literal's text (between the slashes, `\/` unescaped).
    Regex(Vec<u8>),
    /// A name.
    Name(String),
    /// A name directly followed by `(` (a user function call).
    FuncName(String),
    /// A built-in function name.
    Builtin(String),
    /// A keyword (`if`, `print`, `getline`, `BEGIN`...).
    Kw(&'static str),
    /// An operator or punctuation.
    Op(&'static str),
    /// A newline (statement terminator).
    Newline,
    /// The end of the program text.
    Eof,
}

const KEYWORDS: &[&str] = &[
    "BEGIN", "END", "BEGINFILE", "ENDFILE", "function", "func", "if", "else", "while", "for", "do", "break", "continue", "next",
    "nextfile", "exit", "return", "delete", "getline", "print", "printf", "in",
];

/// The built-in functions.
pub const BUILTINS: &[&str] = &[
    "length", "substr", "index", "split", "sub", "gsub", "match", "sprintf", "sin", "cos", "atan2", "exp", "log", "sqrt", "int",
    "rand", "srand", "tolower", "toupper", "system", "close", "fflush", "systime", "strftime", "gensub", "asort", "asorti",
    "mktime", "and", "or", "xor", "lshift", "rshift", "compl", "strtonum", "typeof", "isarray",
];

const OPS: &[&str] = &[
    "**=", "&&", "||", "==", "!=", "<=", ">=", "!~", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "**", ">>", "{", "}", "(", ")",
    "[", "]", ";", ",", "+", "-", "*", "/", "%", "^", "!", ">", "<", "|", "?", ":", "~", "$", "=",
];

/// A lexing error: message and byte offset.
#[derive(Debug, Clone, PartialEq)]
pub struct LexError {
    /// gawk's message (`unterminated string`...).
    pub msg: &'static str,
    /// Where.
    pub pos: usize,
}

/// The lexer state (cheap to copy, for look-ahead).
#[derive(Clone)]
pub struct Lexer<'s> {
    src: &'s [u8],
    /// The current offset.
    pub pos: usize,
    /// The offset of the start of the last token.
    pub tok_start: usize,
}

impl<'s> Lexer<'s> {
    /// A lexer over `src`.
    pub fn new(src: &'s [u8]) -> Self {
        Lexer { src, pos: 0, tok_start: 0 }
    }

    /// The program text.
    pub fn src(&self) -> &'s [u8] {
        self.src
    }

    fn peekc(&self, k: usize) -> Option<u8> {
        self.src.get(self.pos + k).copied()
    }

    /// The next token.
    pub fn next(&mut self) -> Result<Tok, LexError> {
        loop {
            match self.peekc(0) {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'\\') if self.peekc(1) == Some(b'\n') => self.pos += 2,
                Some(b'\\') if self.peekc(1) == Some(b'\r') && self.peekc(2) == Some(b'\n') => self.pos += 3,
                Some(b'#') => {
                    while let Some(c) = self.peekc(0) {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
        self.tok_start = self.pos;
        let Some(c) = self.peekc(0) else { return Ok(Tok::Eof) };
        if c == b'\n' {
            self.pos += 1;
            return Ok(Tok::Newline);
        }
        if c.is_ascii_digit() || (c == b'.' && self.peekc(1).is_some_and(|d| d.is_ascii_digit())) {
            return Ok(self.number());
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let s = self.pos;
            while self.peekc(0).is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
                self.pos += 1;
            }
            let word = String::from_utf8_lossy(&self.src[s..self.pos]).into_owned();
            if let Some(k) = KEYWORDS.iter().find(|k| **k == word) {
                return Ok(Tok::Kw(if *k == "func" { "function" } else { k }));
            }
            if BUILTINS.contains(&word.as_str()) {
                return Ok(Tok::Builtin(word));
            }
            if self.peekc(0) == Some(b'(') {
                return Ok(Tok::FuncName(word));
            }
            return Ok(Tok::Name(word));
        }
        if c == b'"' {
            return self.string();
        }
        for op in OPS {
            if self.src[self.pos..].starts_with(op.as_bytes()) {
                self.pos += op.len();
                let op = match *op {
                    "**" => "^",
                    "**=" => "^=",
                    o => o,
                };
                return Ok(Tok::Op(op));
            }
        }
        self.pos += 1;
        Err(LexError { msg: "invalid char", pos: self.tok_start })
    }

    fn number(&mut self) -> Tok {
        let s = self.pos;
        let b = self.src;
        if b[s] == b'0' && matches!(b.get(s + 1), Some(b'x' | b'X')) && b.get(s + 2).is_some_and(|c| c.is_ascii_hexdigit()) {
            let mut i = s + 2;
            let mut v = 0f64;
            while let Some(d) = b.get(i).and_then(|c| (*c as char).to_digit(16)) {
                v = v * 16.0 + d as f64;
                i += 1;
            }
            self.pos = i;
            return Tok::Num(v);
        }
        if b[s] == b'0' {
            // gawk reads a leading-zero integer constant as octal (when all digits are octal)
            let mut i = s + 1;
            while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
                i += 1;
            }
            let digits = &b[s..i];
            let more = matches!(b.get(i), Some(b'.' | b'e' | b'E'));
            if i > s + 1 && !more && digits.iter().all(|c| (b'0'..=b'7').contains(c)) {
                let v = digits.iter().fold(0f64, |acc, c| acc * 8.0 + (c - b'0') as f64);
                self.pos = i;
                return Tok::Num(v);
            }
        }
        let (v, n) = super::value::scan_number(&b[s..]);
        self.pos = s + n.max(1);
        Tok::Num(v)
    }

    fn string(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let Some(c) = self.peekc(0) else {
                return Err(LexError { msg: "unterminated string", pos: start });
            };
            self.pos += 1;
            match c {
                b'"' => return Ok(Tok::Str(out)),
                b'\n' => return Err(LexError { msg: "unterminated string", pos: start }),
                b'\\' => {
                    let Some(e) = self.peekc(0) else {
                        return Err(LexError { msg: "unterminated string", pos: start });
                    };
                    self.pos += 1;
                    match e {
                        b'\n' => {}
                        b'"' => out.push(b'"'),
                        b'/' => out.push(b'/'),
                        b'\\' => out.push(b'\\'),
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'a' => out.push(7),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'v' => out.push(11),
                        b'0'..=b'7' => {
                            let mut v = (e - b'0') as u32;
                            for _ in 0..2 {
                                match self.peekc(0) {
                                    Some(d @ b'0'..=b'7') => {
                                        v = v * 8 + (d - b'0') as u32;
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push(v as u8);
                        }
                        b'x' if self.peekc(0).is_some_and(|c| c.is_ascii_hexdigit()) => {
                            let mut v = 0u32;
                            for _ in 0..2 {
                                match self.peekc(0).and_then(|c| (c as char).to_digit(16)) {
                                    Some(d) => {
                                        v = v * 16 + d;
                                        self.pos += 1;
                                    }
                                    None => break,
                                }
                            }
                            out.push(v as u8);
                        }
                        other => {
                            // gawk keeps the backslash of an unknown escape (with a warning)
                            out.push(b'\\');
                            out.push(other);
                        }
                    }
                }
                _ => out.push(c),
            }
        }
    }

    /// Read a regex literal whose opening `/` starts at `start` (the parser saw `/` or `/=`).
    pub fn regex(&mut self, start: usize) -> Result<Tok, LexError> {
        self.pos = start + 1;
        let mut out = Vec::new();
        let mut in_bracket = false;
        loop {
            let Some(c) = self.peekc(0) else {
                return Err(LexError { msg: "unterminated regexp", pos: start + 1 });
            };
            self.pos += 1;
            match c {
                b'\n' => return Err(LexError { msg: "unterminated regexp", pos: start + 1 }),
                b'/' if !in_bracket => return Ok(Tok::Regex(out)),
                b'[' if !in_bracket => {
                    in_bracket = true;
                    out.push(c);
                    if self.peekc(0) == Some(b'^') {
                        out.push(b'^');
                        self.pos += 1;
                    }
                    if self.peekc(0) == Some(b']') {
                        out.push(b']');
                        self.pos += 1;
                    }
                }
                b'[' if in_bracket && self.peekc(0) == Some(b':') => {
                    out.push(c);
                    while let Some(d) = self.peekc(0) {
                        out.push(d);
                        self.pos += 1;
                        if d == b']' || d == b'\n' {
                            break;
                        }
                    }
                }
                b']' if in_bracket => {
                    in_bracket = false;
                    out.push(c);
                }
                b'\\' => match self.peekc(0) {
                    Some(b'/') => {
                        out.push(b'/');
                        self.pos += 1;
                    }
                    Some(b'\n') => self.pos += 1,
                    Some(d) => {
                        out.push(b'\\');
                        out.push(d);
                        self.pos += 1;
                    }
                    None => return Err(LexError { msg: "unterminated regexp", pos: start + 1 }),
                },
                _ => out.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        let mut l = Lexer::new(s.as_bytes());
        let mut v = Vec::new();
        loop {
            let t = l.next().unwrap();
            if t == Tok::Eof {
                return v;
            }
            v.push(t);
        }
    }

    #[test]
    fn basic_tokens() {
        assert_eq!(
            toks("x += 1.5e2 # c\n\"a\\tb\" f( length"),
            vec![
                Tok::Name("x".into()),
                Tok::Op("+="),
                Tok::Num(150.0),
                Tok::Newline,
                Tok::Str(b"a\tb".to_vec()),
                Tok::FuncName("f".into()),
                Tok::Op("("),
                Tok::Builtin("length".into())
            ]
        );
        assert_eq!(toks("a**=2"), vec![Tok::Name("a".into()), Tok::Op("^="), Tok::Num(2.0)]);
        assert_eq!(toks("0x1F"), vec![Tok::Num(31.0)]);
        assert_eq!(toks("011 018 0.5"), vec![Tok::Num(9.0), Tok::Num(18.0), Tok::Num(0.5)]);
    }

    #[test]
    fn regex_literal() {
        let mut l = Lexer::new(b"/a\\/b[/]c/ x");
        assert_eq!(l.next().unwrap(), Tok::Op("/"));
        assert_eq!(l.regex(0).unwrap(), Tok::Regex(b"a/b[/]c".to_vec()));
        assert_eq!(l.next().unwrap(), Tok::Name("x".into()));
    }

    #[test]
    fn unterminated() {
        let mut l = Lexer::new(b"\"abc");
        assert_eq!(l.next().unwrap_err().msg, "unterminated string");
    }
}
