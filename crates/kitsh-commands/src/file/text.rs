//! Text detection as `file`'s ascmagic does: ASCII / UTF-8 / ISO-8859 text, line terminators,
//! very long lines, escape sequences and overstriking, `#!` scripts, JSON, HTML and XML.

/// The encoding of a text buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enc {
    /// 7-bit text.
    Ascii,
    /// Valid UTF-8 with non-ASCII characters (`bom`: starts with EF BB BF).
    Utf8 { bom: bool },
    /// 8-bit text in the ISO-8859 range.
    Iso8859,
    /// 8-bit text with bytes 0x80–0x9F.
    ExtAscii,
}

fn text_byte(b: u8) -> bool {
    matches!(b, 7..=13 | 27 | 0x20..=0x7e)
}

/// The encoding if `data` is text.
pub fn encoding(data: &[u8]) -> Option<Enc> {
    if data.iter().all(|&b| text_byte(b)) {
        return Some(Enc::Ascii);
    }
    if let Ok(s) = std::str::from_utf8(data) {
        if s.chars().all(|c| (c as u32) >= 0x80 || text_byte(c as u8)) {
            return Some(Enc::Utf8 { bom: data.starts_with(b"\xef\xbb\xbf") });
        }
    }
    if data.iter().all(|&b| text_byte(b) || b >= 0xa0) {
        return Some(Enc::Iso8859);
    }
    if data.iter().all(|&b| text_byte(b) || b >= 0x80) {
        return Some(Enc::ExtAscii);
    }
    None
}

/// `ASCII text`, `Unicode text, UTF-8 text`, ...
pub fn enc_name(e: Enc) -> &'static str {
    match e {
        Enc::Ascii => "ASCII text",
        Enc::Utf8 { bom: false } => "Unicode text, UTF-8 text",
        Enc::Utf8 { bom: true } => "Unicode text, UTF-8 (with BOM) text",
        Enc::Iso8859 => "ISO-8859 text",
        Enc::ExtAscii => "Non-ISO extended-ASCII text",
    }
}

/// The MIME charset of an encoding.
pub fn charset(e: Enc) -> &'static str {
    match e {
        Enc::Ascii => "us-ascii",
        Enc::Utf8 { .. } => "utf-8",
        Enc::Iso8859 => "iso-8859-1",
        Enc::ExtAscii => "unknown-8bit",
    }
}

/// The `, with ...` qualifiers: long lines, line terminators, escapes, overstriking.
pub fn qualifiers(data: &[u8]) -> String {
    let (mut crlf, mut cr, mut lf) = (0, 0, 0);
    let (mut longest, mut cur) = (0usize, 0usize);
    let mut i = 0;
    while i < data.len() {
        match data[i] {
            b'\r' if data.get(i + 1) == Some(&b'\n') => {
                crlf += 1;
                longest = longest.max(cur);
                cur = 0;
                i += 1;
            }
            b'\r' => {
                cr += 1;
                longest = longest.max(cur);
                cur = 0;
            }
            b'\n' => {
                lf += 1;
                longest = longest.max(cur);
                cur = 0;
            }
            _ => cur += 1,
        }
        i += 1;
    }
    longest = longest.max(cur);
    let mut q = String::new();
    if longest > 300 {
        q.push_str(&format!(", with very long lines ({longest})"));
    }
    if crlf + cr + lf == 0 {
        q.push_str(", with no line terminators");
    } else if crlf + cr > 0 {
        let mut kinds = Vec::new();
        if crlf > 0 {
            kinds.push("CRLF");
        }
        if cr > 0 {
            kinds.push("CR");
        }
        if lf > 0 {
            kinds.push("LF");
        }
        q.push_str(&format!(", with {} line terminators", kinds.join(", ")));
    }
    if data.contains(&27) {
        q.push_str(", with escape sequences");
    }
    if data.contains(&8) {
        q.push_str(", with overstriking");
    }
    q
}

/// The script kind named by a `#!` line, and whether its description is in the `X script
/// executable, TEXT` shape (Node.js) or `X script text executable` (Perl).
pub fn script_kind(data: &[u8]) -> Option<(String, u8)> {
    let line = data.strip_prefix(b"#!")?;
    let end = line.iter().position(|&b| b == b'\n').unwrap_or(line.len());
    let line = std::str::from_utf8(&line[..end]).ok()?.trim();
    let mut words = line.split_whitespace();
    let prog = words.next()?;
    let (interp, via_env) = if prog.ends_with("/env") {
        (words.find(|w| !w.starts_with('-'))?.to_string(), true)
    } else {
        (prog.to_string(), false)
    };
    let base = interp.rsplit('/').next().unwrap_or(&interp).to_string();
    let kind = match base.as_str() {
        "sh" => "POSIX shell script",
        "bash" => "Bourne-Again shell script",
        "zsh" => "Paul Falstad's zsh script",
        "ksh" => "Korn shell script",
        "csh" => "C shell script",
        "tcsh" => "Tenex C shell script",
        "ruby" => "Ruby script",
        "node" | "nodejs" => return Some(("Node.js script".into(), 1)),
        "perl" => return Some(("Perl script".into(), 2)),
        b if b.starts_with("python") => "Python script",
        _ => {
            let shown = if via_env { base } else { interp };
            return Some((format!("a {shown} script"), 0));
        }
    };
    Some((kind.to_string(), 0))
}

/// A strict JSON value check (objects and arrays at the top, as `file` reports them).
pub fn is_json(data: &[u8]) -> bool {
    let mut p = Json { b: data, i: 0, depth: 0 };
    p.ws();
    if !matches!(p.peek(), Some(b'{' | b'[')) {
        return false;
    }
    if !p.value() {
        return false;
    }
    p.ws();
    p.i == data.len()
}

struct Json<'a> {
    b: &'a [u8],
    i: usize,
    depth: usize,
}

impl Json<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }
    fn lit(&mut self, s: &[u8]) -> bool {
        if self.b.get(self.i..).is_some_and(|rest| rest.starts_with(s)) {
            self.i += s.len();
            true
        } else {
            false
        }
    }
    fn value(&mut self) -> bool {
        self.depth += 1;
        if self.depth > 500 {
            return false;
        }
        self.ws();
        let ok = match self.peek() {
            Some(b'{') => self.seq(b'}', true),
            Some(b'[') => self.seq(b']', false),
            Some(b'"') => self.string(),
            Some(b't') => self.lit(b"true"),
            Some(b'f') => self.lit(b"false"),
            Some(b'n') => self.lit(b"null"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => false,
        };
        self.depth -= 1;
        ok
    }
    fn seq(&mut self, close: u8, object: bool) -> bool {
        self.i += 1;
        self.ws();
        if self.peek() == Some(close) {
            self.i += 1;
            return true;
        }
        loop {
            if object {
                self.ws();
                if !self.string() {
                    return false;
                }
                self.ws();
                if !self.lit(b":") {
                    return false;
                }
            }
            if !self.value() {
                return false;
            }
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(c) if c == close => {
                    self.i += 1;
                    return true;
                }
                _ => return false,
            }
        }
    }
    fn string(&mut self) -> bool {
        if self.peek() != Some(b'"') {
            return false;
        }
        self.i += 1;
        while let Some(c) = self.peek() {
            self.i += 1;
            match c {
                b'"' => return true,
                b'\\' => self.i += 1,
                0..=0x1f => return false,
                _ => {}
            }
        }
        false
    }
    fn number(&mut self) -> bool {
        let start = self.i;
        while matches!(self.peek(), Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')) {
            self.i += 1;
        }
        self.i > start
    }
}
