//! A top-level command's source text as history entries, joined the way bash's `cmdhist`
//! joins the lines of a multi-line command: `; ` between commands, ` ` after a keyword or
//! operator that needs more (`then`, `do`, `{`, `|`, `&&`, ...), a newline inside quotes,
//! command substitutions and here-documents, nothing at a backslash-newline. Comment lines
//! before the command are entries of their own; blank lines are skipped.

/// Something open at the end of a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ctx {
    Single,
    Ansi,
    Double,
    Back,
    /// `$(` with its parenthesis depth.
    Subst(u32),
    Brace,
    /// `name=(` compound assignment.
    Compound,
}

/// The last tokens read outside any [`Ctx`], as far as joining cares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    /// A newline or nothing yet.
    Nl,
    /// A keyword or operator after which bash adds no `;` (`then`, `do`, `|`, `;;`, ...).
    NoSemi,
    Open,
    Close,
    Word,
    For,
    Case,
    Function,
    Other,
}

/// What a quoting character (or `$'`, `$(`, `${`, a backslash) at a word's byte `c` opens,
/// and its length; `None` for other bytes.
fn opener(c: u8, next: Option<u8>) -> Option<(Option<Ctx>, usize)> {
    Some(match (c, next) {
        (b'\\', _) => (None, 2),
        (b'\'', _) => (Some(Ctx::Single), 1),
        (b'"', _) => (Some(Ctx::Double), 1),
        (b'`', _) => (Some(Ctx::Back), 1),
        (b'$', Some(b'\'')) => (Some(Ctx::Ansi), 2),
        (b'$', Some(b'(')) => (Some(Ctx::Subst(1)), 2),
        (b'$', Some(b'{')) => (Some(Ctx::Brace), 2),
        _ => return None,
    })
}

/// The scanner's state between lines.
struct Joiner {
    ctx: Vec<Ctx>,
    /// Here-document delimiters waiting for their bodies, and whether tabs are stripped.
    heredocs: Vec<(String, bool)>,
    /// Reading here-document body lines.
    body: bool,
    last: Tok,
    prev: Tok,
    cmd_start: bool,
    case_depth: u32,
    /// The line ended in a comment.
    comment: bool,
    /// The line ended with a backslash-newline.
    cont: bool,
}

fn is_blank(line: &str) -> bool {
    line.bytes().all(|b| b == b' ' || b == b'\t')
}

/// The entries bash's history gets for the source text of one top-level command.
pub(super) fn entries(text: &str) -> Vec<String> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    if !text.contains('\n') {
        return if is_blank(text) { Vec::new() } else { vec![text.to_string()] };
    }
    let mut out = Vec::new();
    let mut j = Joiner {
        ctx: Vec::new(),
        heredocs: Vec::new(),
        body: false,
        last: Tok::Nl,
        prev: Tok::Nl,
        cmd_start: true,
        case_depth: 0,
        comment: false,
        cont: false,
    };
    let mut entry: Option<String> = None;
    let mut sep = "";
    for line in text.split('\n') {
        let Some(e) = entry.as_mut() else {
            if is_blank(line) {
                continue;
            }
            if line.trim_start().starts_with('#') {
                out.push(line.to_string());
                continue;
            }
            let mut e = line.to_string();
            sep = j.line(line);
            if j.cont {
                e.pop();
            }
            entry = Some(e);
            continue;
        };
        if j.body {
            e.push('\n');
            // bash keeps `<<-` body lines without their leading tabs.
            let strip = j.heredocs.first().is_some_and(|h| h.1);
            e.push_str(if strip { line.trim_start_matches('\t') } else { line });
            if j.body_line(line) {
                e.push('\n');
                sep = " ";
            }
            continue;
        }
        if j.ctx.is_empty() && !j.cont {
            if is_blank(line) {
                if sep == "; " {
                    e.push_str(sep);
                    e.push_str(line);
                }
                sep = " ";
                continue;
            }
            if line.trim_start().starts_with('#') {
                sep = "\n";
                continue;
            }
        }
        // A line starting a here-document goes on a line of its own.
        let sep_now = if matches!(sep, " " | "; " | ";") && line.contains("<<") { "\n" } else { sep };
        e.push_str(sep_now);
        e.push_str(line);
        sep = j.line(line);
        if j.cont {
            e.pop();
        }
    }
    out.extend(entry);
    out
}

impl Joiner {
    /// A here-document body line: true when it ended the last pending body.
    fn body_line(&mut self, line: &str) -> bool {
        let Some((delim, strip)) = self.heredocs.first() else {
            self.body = false;
            return true;
        };
        let l = if *strip { line.trim_start_matches('\t') } else { line };
        if l == delim {
            self.heredocs.remove(0);
        }
        if self.heredocs.is_empty() {
            self.body = false;
            self.last = Tok::Nl;
            self.cmd_start = true;
            return true;
        }
        false
    }

    /// Scan one line; the separator to put before the next.
    fn line(&mut self, line: &str) -> &'static str {
        self.comment = false;
        self.cont = false;
        self.scan(line.as_bytes());
        if self.cont {
            return "";
        }
        if let Some(top) = self.ctx.last() {
            return if matches!(top, Ctx::Compound | Ctx::Brace) { " " } else { "\n" };
        }
        if !self.heredocs.is_empty() {
            self.body = true;
            return "\n";
        }
        let sep = if self.comment { "\n" } else { self.separator() };
        self.cmd_start = true;
        sep
    }

    /// bash's `history_delimiting_chars` from the last two tokens.
    fn separator(&self) -> &'static str {
        match (self.prev, self.last) {
            (Tok::Open, Tok::Close) => " ",
            (_, Tok::Close) if self.case_depth > 0 => " ",
            (_, Tok::Close) => "; ",
            (Tok::Function, Tok::Word) | (Tok::Case, Tok::Word) => " ",
            (Tok::For, Tok::Word) => ";",
            (_, Tok::Nl | Tok::NoSemi | Tok::Open) => " ",
            _ => "; ",
        }
    }

    fn token(&mut self, t: Tok) {
        self.prev = self.last;
        self.last = t;
    }

    /// A word ended (outside any context): keywords in command position count.
    fn word(&mut self, w: &[u8], quoted: bool) {
        if w.is_empty() {
            return;
        }
        let key = !quoted && self.cmd_start;
        let t = match w {
            b"if" | b"then" | b"else" | b"do" | b"while" | b"until" | b"{" if key => Tok::NoSemi,
            b"elif" | b"!" if key => Tok::Other,
            b"case" if key => {
                self.case_depth += 1;
                self.cmd_start = false;
                self.token(Tok::Case);
                return;
            }
            b"for" | b"select" if key => {
                self.cmd_start = false;
                self.token(Tok::For);
                return;
            }
            b"function" if key => {
                self.cmd_start = false;
                self.token(Tok::Function);
                return;
            }
            b"in" if !quoted && self.last == Tok::Word && matches!(self.prev, Tok::For | Tok::Case) => {
                self.cmd_start = self.prev == Tok::Case;
                self.token(Tok::NoSemi);
                return;
            }
            _ => {
                if key && w == b"esac" {
                    self.case_depth = self.case_depth.saturating_sub(1);
                }
                self.cmd_start = false;
                Tok::Word
            }
        };
        self.token(t);
    }

    /// Scan a line's bytes, updating contexts, tokens and pending here-documents.
    fn scan(&mut self, b: &[u8]) {
        let mut i = 0;
        let mut word_start: Option<usize> = None;
        let mut quoted = false;
        while i < b.len() {
            let c = b[i];
            let next = b.get(i + 1).copied();
            if let Some(n) = self.quoted_step(c, next) {
                i += n;
                continue;
            }
            if c == b'\\' && next.is_none() {
                self.cont = true;
                break;
            }
            if let Some((ctx, len)) = opener(c, next) {
                word_start.get_or_insert(i);
                quoted = true;
                self.ctx.extend(ctx);
                i += len;
                continue;
            }
            let top = self.ctx.is_empty();
            match c {
                b'#' if word_start.is_none() => {
                    self.comment = top;
                    break;
                }
                b'(' if !top => {
                    if let Some(Ctx::Subst(d)) = self.ctx.last_mut() {
                        *d += 1;
                    }
                }
                b')' if !top => {
                    match self.ctx.last_mut() {
                        Some(Ctx::Subst(d)) if *d > 1 => *d -= 1,
                        Some(Ctx::Subst(_) | Ctx::Compound) => {
                            self.ctx.pop();
                        }
                        _ => {}
                    }
                }
                b'}' if self.ctx.last() == Some(&Ctx::Brace) => {
                    self.ctx.pop();
                }
                b' ' | b'\t' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>' if top => {
                    if c == b'(' && word_start.is_some() && i > 0 && b[i - 1] == b'=' {
                        self.ctx.push(Ctx::Compound);
                        i += 1;
                        continue;
                    }
                    if let Some(s) = word_start.take() {
                        self.word(&b[s..i], quoted);
                        quoted = false;
                    }
                    i = self.operator(b, i);
                    continue;
                }
                b' ' | b'\t' => {}
                _ => {
                    word_start.get_or_insert(i);
                }
            }
            i += 1;
        }
        if self.ctx.is_empty() {
            if let Some(s) = word_start {
                let end = if self.cont { b.len() - 1 } else { b.len() };
                self.word(&b[s..end.max(s)], quoted);
            }
        }
    }

    /// One step inside quotes (`'`, `$'`, `"`, `` ` ``): the bytes consumed, or `None`
    /// outside them.
    fn quoted_step(&mut self, c: u8, next: Option<u8>) -> Option<usize> {
        match self.ctx.last().copied()? {
            Ctx::Single => {
                if c == b'\'' {
                    self.ctx.pop();
                }
                Some(1)
            }
            t @ (Ctx::Ansi | Ctx::Back) => {
                let close = if t == Ctx::Ansi { b'\'' } else { b'`' };
                if c == b'\\' {
                    return Some(2);
                }
                if c == close {
                    self.ctx.pop();
                }
                Some(1)
            }
            Ctx::Double => Some(match (c, next) {
                (b'\\', None) => {
                    self.cont = true;
                    1
                }
                (b'\\', _) => 2,
                (b'"', _) => {
                    self.ctx.pop();
                    1
                }
                (b'$', Some(b'(')) => {
                    self.ctx.push(Ctx::Subst(1));
                    2
                }
                (b'$', Some(b'{')) => {
                    self.ctx.push(Ctx::Brace);
                    2
                }
                (b'`', _) => {
                    self.ctx.push(Ctx::Back);
                    1
                }
                _ => 1,
            }),
            _ => None,
        }
    }

    /// An operator (or a blank) at `b[i]`, outside any context; the index after it.
    fn operator(&mut self, b: &[u8], i: usize) -> usize {
        let rest = &b[i..];
        let (len, tok, start) = match rest {
            [b' ' | b'\t', ..] => return i + 1,
            [b';', b';', b'&', ..] => (3, Tok::NoSemi, true),
            [b'&', b'>', b'>', ..] => (3, Tok::Other, false),
            [b'&', b'>', ..] => (2, Tok::Other, false),
            [b';', b';' | b'&', ..] | [b'&', b'&', ..] | [b'|', b'|' | b'&', ..] => (2, Tok::NoSemi, true),
            [b';' | b'&' | b'|', ..] => (1, Tok::NoSemi, true),
            [b'(', ..] => (1, Tok::Open, true),
            [b')', ..] => (1, Tok::Close, true),
            [b'<', b'<', b'<', ..] => (3, Tok::Other, false),
            [b'<', b'<', b'-', ..] => return self.heredoc(b, i + 3, true),
            [b'<', b'<', ..] => return self.heredoc(b, i + 2, false),
            [b'<' | b'>', b'>' | b'&' | b'|', ..] => (2, Tok::Other, false),
            _ => (1, Tok::Other, false),
        };
        self.token(tok);
        self.cmd_start = start;
        i + len
    }

    /// A here-document operator: read its delimiter word (quotes removed) from `b[i..]`.
    fn heredoc(&mut self, b: &[u8], mut i: usize, strip: bool) -> usize {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        let mut delim = Vec::new();
        let mut quote = 0u8;
        while let Some(&c) = b.get(i) {
            if quote != 0 {
                if c == quote {
                    quote = 0;
                } else {
                    delim.push(c);
                }
            } else if c == b'\'' || c == b'"' {
                quote = c;
            } else if c == b'\\' {
                if let Some(&n) = b.get(i + 1) {
                    delim.push(n);
                }
                i += 1;
            } else if matches!(c, b' ' | b'\t' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>') {
                break;
            } else {
                delim.push(c);
            }
            i += 1;
        }
        self.heredocs.push((String::from_utf8_lossy(&delim).into_owned(), strip));
        self.token(Tok::Word);
        self.cmd_start = false;
        i
    }
}
