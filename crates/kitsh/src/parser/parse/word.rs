//! Words: quoting, escapes, `$` expansions, backquotes, tildes, extglob groups.

use std::sync::Arc;

use super::{is_meta, Core, Mode, PResult, Tok};
use crate::parser::ast::*;

/// How an unquoted word is lexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A command word or argument.
    Normal,
    /// An assignment value: a tilde is also recognised after each unquoted `:`.
    Assign,
    /// The right side of `=~` in `[[ ]]`: unquoted `(`, `)` and `|` belong to the word.
    Regex,
    /// An argument: like `Normal`, but after the `=` of a leading `name=` (`echo a=~/b`)
    /// it continues as an assignment value, tildes included, as bash does.
    Arg,
}

/// Builder of word parts that merges adjacent literal text and escapes.
#[derive(Debug, Default)]
pub(crate) struct Buf {
    parts: Vec<WordPart>,
    lit: String,
}

impl Buf {
    /// Append a literal character.
    #[inline]
    pub(crate) fn push(&mut self, c: char) {
        self.lit.push(c);
    }

    /// Append literal text.
    pub(crate) fn push_str(&mut self, s: &str) {
        self.lit.push_str(s);
    }

    fn flush(&mut self) {
        if !self.lit.is_empty() {
            self.parts.push(WordPart::Literal(std::mem::take(&mut self.lit)));
        }
    }

    /// Append a part.
    pub(crate) fn part(&mut self, p: WordPart) {
        self.flush();
        match (self.parts.last_mut(), p) {
            (Some(WordPart::Escaped(a)), WordPart::Escaped(b)) => a.push_str(&b),
            (_, p) => self.parts.push(p),
        }
    }

    /// The last literal character, if the buffer ends with literal text.
    pub(crate) fn last_lit(&self) -> Option<char> {
        self.lit.chars().next_back()
    }

    /// True when nothing was added.
    pub(crate) fn is_empty(&self) -> bool {
        self.parts.is_empty() && self.lit.is_empty()
    }

    /// The parts.
    pub(crate) fn finish(mut self) -> Vec<WordPart> {
        self.flush();
        self.parts
    }

    /// The parts as a word.
    pub(crate) fn word(self) -> Word {
        Word { parts: self.finish() }
    }

    /// Take the parts so far as a word, leaving the buffer empty.
    pub(crate) fn take_word(&mut self) -> Word {
        std::mem::take(self).word()
    }
}

/// `name`, `name+`, `name[...]` or `name[...]+`: what may stand before the `=` of an
/// assignment.
fn is_assign_lhs(s: &str) -> bool {
    let s = s.strip_suffix('+').unwrap_or(s);
    match s.find('[') {
        Some(open) => s.ends_with(']') && is_name(&s[..open]),
        None => is_name(s),
    }
}

/// True for a valid variable name.
pub(crate) fn is_name(s: &str) -> bool {
    let mut b = s.bytes();
    matches!(b.next(), Some(c) if c == b'_' || c.is_ascii_alphabetic())
        && b.all(|c| c == b'_' || c.is_ascii_alphanumeric())
}

/// True for a character that may start a name.
#[inline]
pub(crate) fn is_name_start(c: char) -> bool {
    c == '_' || c.is_ascii_alphabetic()
}

/// True for a character that may continue a name.
#[inline]
pub(crate) fn is_name_char(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric()
}

/// Whether `text` starts `name[` and an unquoted blank comes before the `]` that closes it,
/// or nothing closes it.
fn subscript_has_blank(mut text: impl Iterator<Item = char>) -> bool {
    match text.next() {
        Some(c) if is_name_start(c) => {}
        _ => return false,
    }
    let mut depth = 0usize;
    let mut in_sub = false;
    while let Some(c) = text.next() {
        if !in_sub {
            match c {
                '[' => in_sub = true,
                c if is_name_char(c) => {}
                _ => return false,
            }
            continue;
        }
        match c {
            ' ' | '\t' | '\n' => return true,
            '[' => depth += 1,
            ']' if depth == 0 => return false,
            ']' => depth -= 1,
            '\\' => {
                text.next();
            }
            // A quoted part: the word is read as an assignment, as before.
            '\'' | '"' | '$' | '`' => return false,
            _ => {}
        }
    }
    // Not closed: an ordinary word too (`declare a[`).
    in_sub
}

/// A parameter expansion part without operator.
pub(crate) fn param_part(param: Param, braced: bool) -> WordPart {
    WordPart::Param(Box::new(ParamExpr { param, indirect: false, op: ParamOp::None, braced }))
}

impl Core<'_, '_, '_> {
    /// Read an unquoted word up to a metacharacter.
    pub(crate) fn read_word(&mut self, kind: Kind) -> PResult<Word> {
        let mut b = Buf::default();
        self.tilde(&mut b, kind == Kind::Assign, None);
        self.word_into(&mut b, kind)?;
        Ok(b.word())
    }

    /// Continue reading an unquoted word into `b`.
    pub(crate) fn word_into(&mut self, b: &mut Buf, mut kind: Kind) -> PResult<()> {
        loop {
            let arg = kind == Kind::Arg;
            let run = self.inp.take_run(|c| {
                !(arg && c == b'=')
                    && !matches!(
                    c,
                    b' ' | b'\t'
                        | b'\n'
                        | b';'
                        | b'&'
                        | b'|'
                        | b'<'
                        | b'>'
                        | b'('
                        | b')'
                        | b'\\'
                        | b'\''
                        | b'"'
                        | b'$'
                        | b'`'
                        | b':'
                )
            });
            b.push_str(run);
            let Some(c) = self.inp.peek() else { break };
            if is_meta(c) {
                match c {
                    '<' | '>' if self.inp.peek2() == Some('(') => self.process_sub(b)?,
                    '(' if kind == Kind::Regex => {
                        self.group(b, true)?;
                    }
                    // With extglob off, bash's lexer ends the word here and `(` is an operator
                    // (`echo @(a)`: syntax error near unexpected token `(`).
                    '(' if self.extglob && matches!(b.last_lit(), Some('@' | '!' | '+' | '*' | '?')) => {
                        if !self.group(b, false)? {
                            break;
                        }
                    }
                    '|' if kind == Kind::Regex => {
                        self.inp.bump_raw();
                        b.push('|');
                    }
                    _ => break,
                }
                continue;
            }
            match c {
                ':' if kind == Kind::Assign => {
                    self.inp.bump_raw();
                    b.push(':');
                    self.tilde(b, true, None);
                }
                '=' if kind == Kind::Arg => {
                    self.inp.bump_raw();
                    let lhs = b.parts.is_empty() && is_assign_lhs(&b.lit);
                    b.push('=');
                    kind = Kind::Normal;
                    if lhs {
                        self.tilde(b, true, None);
                        kind = Kind::Assign;
                    }
                }
                _ => {
                    let ctx = if kind == Kind::Assign { super::AssignCtx::Full } else { super::AssignCtx::No };
                    let saved = std::mem::replace(&mut self.assign_value, ctx);
                    let r = self.word_char(b, c, false);
                    self.assign_value = saved;
                    r?
                }
            }
        }
        Ok(())
    }

    /// Handle one character `c` (peeked) of an unquoted word: quotes, escapes, expansions,
    /// or a literal character.
    pub(crate) fn word_char(&mut self, b: &mut Buf, c: char, in_dq: bool) -> PResult<()> {
        match c {
            '\\' => self.escape(b),
            '\'' => self.single_quote(b)?,
            '"' => self.double_quote(b)?,
            '$' => self.dollar(b, in_dq)?,
            '`' => self.backtick(b, in_dq)?,
            _ => {
                self.inp.bump_raw();
                b.push(c);
            }
        }
        Ok(())
    }

    /// A parenthesized group inside a word (extglob pattern or regex group), read up to its
    /// matching `)` with blanks and operators included. Returns false (input unchanged) when
    /// an extglob group is not closed.
    fn group(&mut self, b: &mut Buf, regex: bool) -> PResult<bool> {
        let mark = self.inp.mark();
        let line = self.inp.line;
        let mut inner = Buf::default();
        self.inp.bump_raw();
        inner.push('(');
        let mut depth = 1usize;
        loop {
            let Some(c) = self.inp.peek() else {
                if regex {
                    return Err(self.err_matching(')', line));
                }
                self.inp.reset(mark);
                return Ok(false);
            };
            match c {
                '(' | ')' => {
                    self.inp.bump_raw();
                    inner.push(c);
                    if c == '(' {
                        depth += 1;
                    } else {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                }
                _ if is_meta(c) => {
                    self.inp.bump_raw();
                    inner.push(c);
                }
                _ => self.word_char(&mut inner, c, false)?,
            }
        }
        for p in inner.finish() {
            match p {
                WordPart::Literal(s) => b.push_str(&s),
                p => b.part(p),
            }
        }
        Ok(true)
    }

    /// A tilde prefix at the current position, if any (`assign`: `:` also ends it; `stop`: an
    /// extra terminator such as `}`).
    pub(crate) fn tilde(&mut self, b: &mut Buf, assign: bool, stop: Option<char>) {
        if self.inp.peek() != Some('~') {
            return;
        }
        let mut name = String::new();
        let mut i = 1;
        loop {
            match self.inp.peek_nth(i) {
                None => break,
                Some(c) if is_meta(c) || c == '/' || Some(c) == stop => break,
                Some(':') if assign => break,
                Some('\'' | '"' | '\\' | '$' | '`' | '{') => return,
                Some(c) => {
                    name.push(c);
                    i += 1;
                }
            }
        }
        for _ in 0..i {
            self.inp.bump_raw();
        }
        b.part(WordPart::Tilde(name));
    }

    /// `\c` outside quotes.
    pub(crate) fn escape(&mut self, b: &mut Buf) {
        self.inp.bump_raw();
        match self.inp.bump_raw() {
            None => b.push('\\'),
            Some(c) => {
                let mut s = String::new();
                s.push(c);
                b.part(WordPart::Escaped(s));
            }
        }
    }

    /// `'...'`.
    pub(crate) fn single_quote(&mut self, b: &mut Buf) -> PResult<()> {
        let line = self.inp.line;
        self.inp.bump_raw();
        let mut s = String::from(self.inp.take_run(|c| c != b'\''));
        loop {
            match self.inp.bump_raw() {
                None => return Err(self.err_matching('\'', line)),
                Some('\'') => break,
                Some(c) => s.push(c),
            }
        }
        b.part(WordPart::SingleQuoted(s));
        Ok(())
    }

    /// `"..."`.
    pub(crate) fn double_quote(&mut self, b: &mut Buf) -> PResult<()> {
        let line = self.inp.line;
        self.inp.bump_raw();
        let mut q = Buf::default();
        loop {
            q.push_str(self.inp.take_run(|c| !matches!(c, b'"' | b'\\' | b'$' | b'`')));
            let Some(c) = self.inp.peek() else {
                return Err(self.err_matching('"', line));
            };
            match c {
                '"' => {
                    self.inp.bump_raw();
                    break;
                }
                '\\' => {
                    self.inp.bump_raw();
                    match self.inp.peek_raw() {
                        Some(n @ ('$' | '`' | '"' | '\\')) => {
                            self.inp.bump_raw();
                            q.push(n);
                        }
                        _ => q.push('\\'),
                    }
                }
                '$' => self.dollar(&mut q, true)?,
                '`' => self.backtick(&mut q, true)?,
                _ => {
                    self.inp.bump_raw();
                    q.push(c);
                }
            }
        }
        b.part(WordPart::DoubleQuoted(q.finish()));
        Ok(())
    }

    /// A `$` expansion (or a literal `$`).
    pub(crate) fn dollar(&mut self, b: &mut Buf, in_dq: bool) -> PResult<()> {
        let line = self.inp.line;
        self.inp.bump_raw();
        let Some(c) = self.inp.peek() else {
            b.push('$');
            return Ok(());
        };
        match c {
            '(' if self.inp.peek2() == Some('(') => self.arith_or_comsub(b, line)?,
            '(' => {
                self.inp.bump_raw();
                let list = self.nested(|p| p.subst_body())?;
                b.part(WordPart::CommandSub(Arc::new(list)));
            }
            '{' => {
                self.inp.bump_raw();
                let p = self.param_brace(in_dq, line)?;
                b.part(p);
            }
            '[' => {
                self.inp.bump_raw();
                let w = self.nested(|p| p.bracket_word(line, ']'))?;
                b.part(WordPart::ArithSub(w));
            }
            '\'' if !in_dq => {
                let s = self.ansi_quote(line)?;
                b.part(WordPart::SingleQuoted(s));
            }
            '"' if !in_dq => self.double_quote(b)?,
            c if is_name_start(c) => {
                let mut name = String::new();
                while let Some(c) = self.inp.peek() {
                    if !is_name_char(c) {
                        break;
                    }
                    self.inp.bump_raw();
                    name.push(c);
                }
                b.part(param_part(Param::Var(name), false));
            }
            '0'..='9' => {
                self.inp.bump_raw();
                let p = if c == '0' { Param::Special('0') } else { Param::Positional(c as usize - '0' as usize) };
                b.part(param_part(p, false));
            }
            '@' | '*' | '#' | '?' | '-' | '$' | '!' => {
                self.inp.bump_raw();
                b.part(param_part(Param::Special(c), false));
            }
            _ => b.push('$'),
        }
        Ok(())
    }

    /// The body of `$(...)`, `<(...)`: a list up to the closing `)` (consumed).
    pub(crate) fn subst_body(&mut self) -> PResult<List> {
        let saved = self.docs_enter();
        let r = self.subst_list();
        self.docs_leave(saved);
        r
    }

    fn subst_list(&mut self) -> PResult<List> {
        let list = self.compound_list(true).map_err(|mut e| {
            if e.message == "syntax error: unexpected end of file" {
                e.message = "unexpected EOF while looking for matching `)'".into();
            }
            e
        })?;
        let t = self.next(Mode::Arg)?;
        match t.kind {
            Tok::Op(super::Op::RParen) => Ok(list),
            Tok::Eof => Err(self.err_matching(')', self.eof_line())),
            _ => Err(self.err_token(&t)),
        }
    }

    /// `<(...)` or `>(...)`.
    fn process_sub(&mut self, b: &mut Buf) -> PResult<()> {
        let out = self.inp.bump_raw() == Some('>');
        self.inp.bump_raw();
        let list = self.nested(|p| p.subst_body())?;
        b.part(WordPart::ProcessSub(out, Arc::new(list)));
        Ok(())
    }

    /// `` `...` ``: backslash processing, then the text is parsed as a list.
    pub(crate) fn backtick(&mut self, b: &mut Buf, in_dq: bool) -> PResult<()> {
        let line = self.inp.line;
        self.inp.bump_raw();
        let mut s = String::new();
        loop {
            match self.inp.bump_raw() {
                None => return Err(self.err_matching('`', line)),
                Some('`') => break,
                Some('\\') => match self.inp.bump_raw() {
                    Some(c @ ('$' | '`' | '\\')) => s.push(c),
                    Some('"') if in_dq => s.push('"'),
                    Some(c) => {
                        s.push('\\');
                        s.push(c);
                    }
                    None => s.push('\\'),
                },
                Some(c) => s.push(c),
            }
        }
        match self.nested(|p| p.parse_text(s.clone(), line)) {
            Ok(list) => b.part(WordPart::CommandSub(Arc::new(list))),
            // Too deep a nesting stays an error of the whole script.
            Err(e) if e.message == "maximum nesting depth exceeded" => return Err(e),
            Err(error) => b.part(WordPart::BadCommandSub(Arc::new(BadSubst { text: s, error }))),
        }
        Ok(())
    }

    /// Parse `text` as a separate list (a backquote body), numbering its lines from `line`.
    pub(crate) fn parse_text(&mut self, text: String, line: u32) -> PResult<List> {
        let saved_line = self.inp.line;
        let saved_alias = self.alias_next;
        let saved_docs = self.docs_enter();
        self.inp.push_barrier(text);
        self.inp.line = line;
        let r = self.compound_list(true).and_then(|l| {
            let t = self.next(Mode::Arg)?;
            if t.kind == Tok::Eof {
                Ok(l)
            } else {
                Err(self.err_token(&t))
            }
        });
        self.inp.pop_barrier();
        self.docs_leave(saved_docs);
        self.inp.line = saved_line;
        self.alias_next = saved_alias;
        r
    }

    /// A word in argument position of a declaration command (`declare a=(1 2)`, `local x=~`).
    pub(crate) fn read_decl_word(&mut self) -> PResult<Word> {
        // Here bash reads the word as any other: `declare a[ 1 ]=x` is three words.
        if subscript_has_blank(self.inp.ahead()) {
            return self.finish_word(Buf::default());
        }
        match self.assign_prefix()? {
            Ok(mut b) => {
                if self.inp.peek() == Some('(') {
                    self.inp.bump_raw();
                    let elems = self.array_literal()?;
                    b.part(WordPart::ArrayLiteral(elems));
                    self.word_into(&mut b, Kind::Normal)?;
                } else {
                    self.tilde(&mut b, true, None);
                    self.word_into(&mut b, Kind::Assign)?;
                }
                Ok(b.word())
            }
            Err(b) => self.finish_word(b),
        }
    }

    /// Finish an ordinary word whose start is in `b`.
    pub(crate) fn finish_word(&mut self, mut b: Buf) -> PResult<Word> {
        if b.is_empty() {
            self.tilde(&mut b, false, None);
        }
        self.word_into(&mut b, Kind::Normal)?;
        Ok(b.word())
    }
}
