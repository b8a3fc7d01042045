//! The recursive-descent parser: tokens, errors and the top-level loop.
//!
//! Lexing is context-sensitive (as in bash): the parser asks for the next token in a [`Mode`]
//! (command position: assignments, aliases and reserved words; argument position; declaration
//! arguments). Words are lexed directly into [`Word`] parts by `word.rs`; the grammar lives in
//! `command.rs`, `compound.rs` and `cond.rs`; here-documents in `heredoc.rs`.

mod ansi;
mod arith;
mod assign;
mod command;
mod compound;
mod cond;
mod heredoc;
mod param;
mod word;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_errors;
#[cfg(test)]
mod tests_show;
#[cfg(test)]
mod tests_words;

use std::ops::{Deref, DerefMut};

use super::ast::*;
use super::error::ParseError;
use super::lexer::{Input, Mark};

/// Result of a parse step.
pub(crate) type PResult<T> = Result<T, ParseError>;

/// The alias lookup callback.
pub(crate) type AliasFn<'f> = &'f dyn Fn(&str) -> Option<String>;

/// An operator token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Semi,
    Amp,
    AndAnd,
    OrOr,
    Pipe,
    PipeAmp,
    DSemi,
    SemiAmp,
    DSemiAmp,
    LParen,
    RParen,
}

impl Op {
    /// The operator text.
    fn text(self) -> &'static str {
        match self {
            Op::Semi => ";",
            Op::Amp => "&",
            Op::AndAnd => "&&",
            Op::OrOr => "||",
            Op::Pipe => "|",
            Op::PipeAmp => "|&",
            Op::DSemi => ";;",
            Op::SemiAmp => ";&",
            Op::DSemiAmp => ";;&",
            Op::LParen => "(",
            Op::RParen => ")",
        }
    }
}

/// A token kind.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Word(Word),
    Assign(Assign),
    /// A redirection operator with its descriptor; the bool is `<<-`.
    Redir(RedirFd, RedirOp, bool),
    Op(Op),
    Newline,
    Eof,
}

/// A token with its position.
#[derive(Debug, Clone)]
pub(crate) struct Token {
    /// What the token is.
    pub(crate) kind: Tok,
    /// Line of the first character.
    pub(crate) line: u32,
    /// Main-source byte range (meaningful when `main`).
    pub(crate) start: usize,
    /// End of the main-source byte range.
    pub(crate) end: usize,
    /// Read from the main source (not from an alias or a pushed text).
    pub(crate) main: bool,
}

impl Token {
    /// The literal text when the token is an unquoted literal word.
    pub(crate) fn lit(&self) -> Option<&str> {
        match &self.kind {
            Tok::Word(w) => w.as_literal(),
            _ => None,
        }
    }

    /// True when the token is the unquoted word `s`.
    pub(crate) fn is_word(&self, s: &str) -> bool {
        self.lit() == Some(s)
    }

    /// True when the token is the operator `op`.
    pub(crate) fn is_op(&self, op: Op) -> bool {
        self.kind == Tok::Op(op)
    }
}

/// How a word token is lexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Command position: assignments recognised, aliases expanded.
    Cmd,
    /// An argument.
    Arg,
    /// An argument of `declare` and friends: `name=(..)` and assignment tildes.
    Decl,
}

/// A peeked token and how to re-lex it in another mode.
#[derive(Debug)]
struct Peeked {
    tok: Token,
    mode: Mode,
    before: Mark,
    alias_next: bool,
}

/// The parser state kept between calls of `next_command`.
#[derive(Debug, Default)]
pub(crate) struct State<'a> {
    /// The character input.
    pub(crate) inp: Input<'a>,
    /// Current nesting depth.
    pub(crate) depth: usize,
    /// Maximum nesting depth.
    pub(crate) max_depth: usize,
    /// The token looked at but not consumed yet.
    peeked: Option<Peeked>,
    /// Here-documents pending or read.
    pub(crate) docs: heredoc::Docs,
    /// The text of an alias ending in a blank was just read: check the next word too.
    pub(crate) alias_next: bool,
    /// Warnings (line, message) for the caller to print.
    pub(crate) warnings: Vec<(u32, String)>,
    /// The implicit newline at the end of the source was produced.
    pub(crate) eof_newline: bool,
    /// `shopt -s extglob` is on: `!(` is a pattern group, not `!` before a subshell.
    pub(crate) extglob: bool,
    /// The locale is C: `$'\u...'` escapes of non-ASCII characters stay as text.
    pub(crate) c_locale: bool,
    /// Whether the character being read belongs to an assignment's value (outside quotes).
    pub(crate) assign_value: AssignCtx,
}

/// Tildes in the words of `${x-w}`, `${x+w}` and `${x=w}` inside an assignment's value.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AssignCtx {
    /// Not in an assignment: only a leading tilde prefix, ended by `/`.
    #[default]
    No,
    /// The word of `${x=w}` there: only the leading one, ended by `/` or `:`.
    Lead,
    /// A tilde prefix also after each unquoted `:` (`a=${x-b:~}`).
    Full,
}

/// The parser proper: the state plus the alias callback of the current call.
pub(crate) struct Core<'s, 'a, 'f> {
    /// The state.
    pub(crate) st: &'s mut State<'a>,
    /// The alias lookup of this call, if aliases are expanded.
    pub(crate) aliases: Option<AliasFn<'f>>,
}

impl<'a> Deref for Core<'_, 'a, '_> {
    type Target = State<'a>;
    fn deref(&self) -> &State<'a> {
        self.st
    }
}

impl<'a> DerefMut for Core<'_, 'a, '_> {
    fn deref_mut(&mut self) -> &mut State<'a> {
        self.st
    }
}

/// True for the characters that end an unquoted word.
pub(crate) fn is_meta(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')')
}

impl<'a> State<'a> {
    /// A fresh state over `src`.
    pub(crate) fn new(src: &'a str, start_line: u32, max_depth: usize) -> Self {
        State { inp: Input::new(src, start_line), max_depth, ..Default::default() }
    }
}

impl Core<'_, '_, '_> {
    // ----- errors -------------------------------------------------------------------------

    /// The line number bash reports for an error at end of input.
    pub(crate) fn eof_line(&self) -> u32 {
        if self.eof_newline || self.inp.ends_with_newline() || self.inp.in_frame() {
            self.inp.line
        } else {
            self.inp.line + 1
        }
    }

    /// At the end of a source that does not end with a newline, bash reads one anyway: true
    /// (once) when that implicit newline is due.
    pub(crate) fn virtual_newline(&mut self) -> bool {
        if self.eof_newline || self.inp.in_frame() || self.inp.ends_with_newline() {
            return false;
        }
        self.eof_newline = true;
        self.inp.line += 1;
        true
    }

    /// `syntax error: unexpected end of file`.
    pub(crate) fn err_eof(&self) -> ParseError {
        ParseError {
            line: self.eof_line(),
            message: "syntax error: unexpected end of file".into(),
            source_line: String::new(),
            incomplete: true,
            discard: false,
        }
    }

    /// ``unexpected EOF while looking for matching `c'`` at `line`.
    pub(crate) fn err_matching(&self, c: char, line: u32) -> ParseError {
        ParseError {
            line,
            message: format!("unexpected EOF while looking for matching `{c}'"),
            source_line: String::new(),
            incomplete: true,
            discard: false,
        }
    }

    /// An error with a message and no source line.
    pub(crate) fn err_msg(&self, line: u32, msg: impl Into<String>) -> ParseError {
        ParseError { line, message: msg.into(), source_line: String::new(), incomplete: false, discard: false }
    }

    /// The text bash shows for a token in error messages.
    pub(crate) fn token_text(&self, t: &Token) -> String {
        match &t.kind {
            Tok::Op(op) => op.text().to_string(),
            Tok::Newline => "newline".into(),
            Tok::Eof => "EOF".into(),
            Tok::Redir(_, op, dash) => redir_text(*op, *dash).into(),
            Tok::Word(_) | Tok::Assign(_) => {
                if t.main && t.end <= self.inp.src().len() && t.start <= t.end {
                    self.inp.src().get(t.start..t.end).unwrap_or_default().to_string()
                } else if let Tok::Word(w) = &t.kind {
                    approx_source(&w.parts)
                } else {
                    String::new()
                }
            }
        }
    }

    /// ``syntax error near unexpected token `X'`` for `t` (or end of file).
    pub(crate) fn err_token(&self, t: &Token) -> ParseError {
        if t.kind == Tok::Eof {
            return self.err_eof();
        }
        ParseError {
            line: t.line,
            message: format!("syntax error near unexpected token `{}'", self.token_text(t)),
            source_line: self.inp.line_text(t.start).to_string(),
            incomplete: false,
            discard: false,
        }
    }

    /// The error for whatever token comes next.
    pub(crate) fn err_next(&mut self, mode: Mode) -> ParseError {
        match self.next(mode) {
            Ok(t) => self.err_token(&t),
            Err(e) => e,
        }
    }

    // ----- nesting --------------------------------------------------------------------------

    /// Run `f` one nesting level deeper (bounded depth, growing the stack as needed).
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= self.max_depth {
            return Err(self.err_msg(self.inp.line, "maximum nesting depth exceeded"));
        }
        self.depth += 1;
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || f(self));
        self.depth -= 1;
        r
    }

    // ----- tokens ---------------------------------------------------------------------------

    /// Skip blanks and a comment before a token.
    pub(crate) fn skip_blanks(&mut self) {
        loop {
            if self.inp.pop_exhausted() {
                self.alias_next = true;
            }
            match self.inp.peek() {
                Some(' ' | '\t') => {
                    self.inp.bump_raw();
                }
                Some('#') => {
                    self.inp.skip_to_newline();
                }
                _ => return,
            }
        }
    }

    /// Lex a token in `mode` (aliases expanded in command position).
    fn lex(&mut self, mode: Mode) -> PResult<Token> {
        loop {
            self.skip_blanks();
            let line = self.inp.line;
            let start = self.inp.main_pos();
            let main = !self.inp.in_frame();
            let check_alias = self.alias_next;
            self.alias_next = false;
            let kind = self.lex_kind(mode)?;
            let tok = Token { kind, line, start, end: self.inp.main_pos(), main };
            if let Tok::Word(w) = &tok.kind {
                if (mode == Mode::Cmd || check_alias) && self.try_alias(w) {
                    // The first word of the expansion is checked too.
                    self.alias_next |= check_alias;
                    continue;
                }
            }
            return Ok(tok);
        }
    }

    /// Expand `w` as an alias if it is one: push its text and return true.
    fn try_alias(&mut self, w: &Word) -> bool {
        let Some(f) = self.aliases else { return false };
        let Some(name) = w.as_literal() else { return false };
        if self.inp.alias_active(name) {
            return false;
        }
        let Some(text) = f(name) else { return false };
        let name = name.to_string();
        self.inp.push_alias(&name, text);
        true
    }

    /// Lex the token kind at the current position (blanks skipped).
    fn lex_kind(&mut self, mode: Mode) -> PResult<Tok> {
        let Some(c) = self.inp.peek() else {
            let nl = self.virtual_newline();
            self.read_pending_docs()?;
            return Ok(if nl { Tok::Newline } else { Tok::Eof });
        };
        let op = |p: &mut Self, n: usize, op: Op| {
            for _ in 0..n {
                p.inp.bump();
            }
            Ok(Tok::Op(op))
        };
        match c {
            '\n' => {
                self.inp.bump_raw();
                self.read_pending_docs()?;
                Ok(Tok::Newline)
            }
            ';' => match (self.inp.peek2(), self.inp.peek_nth(2)) {
                (Some(';'), Some('&')) => op(self, 3, Op::DSemiAmp),
                (Some(';'), _) => op(self, 2, Op::DSemi),
                (Some('&'), _) => op(self, 2, Op::SemiAmp),
                _ => op(self, 1, Op::Semi),
            },
            '&' => match (self.inp.peek2(), self.inp.peek_nth(2)) {
                (Some('&'), _) => op(self, 2, Op::AndAnd),
                (Some('>'), Some('>')) => self.redir_op(RedirFd::Default, RedirOp::AppendErr, 3),
                (Some('>'), _) => self.redir_op(RedirFd::Default, RedirOp::OutErr, 2),
                _ => op(self, 1, Op::Amp),
            },
            '|' => match self.inp.peek2() {
                Some('|') => op(self, 2, Op::OrOr),
                Some('&') => op(self, 2, Op::PipeAmp),
                _ => op(self, 1, Op::Pipe),
            },
            '(' => op(self, 1, Op::LParen),
            ')' => op(self, 1, Op::RParen),
            '<' | '>' if self.inp.peek2() != Some('(') => self.lex_redir(RedirFd::Default),
            _ => self.lex_word_token(mode),
        }
    }

    /// Consume `n` characters and return the redirection token.
    fn redir_op(&mut self, fd: RedirFd, op: RedirOp, n: usize) -> PResult<Tok> {
        for _ in 0..n {
            self.inp.bump();
        }
        Ok(Tok::Redir(fd, op, false))
    }

    /// Lex a redirection operator starting with `<` or `>`.
    fn lex_redir(&mut self, fd: RedirFd) -> PResult<Tok> {
        let c = self.inp.peek();
        let (a, b) = (self.inp.peek2(), self.inp.peek_nth(2));
        match (c, a, b) {
            (Some('<'), Some('<'), Some('<')) => self.redir_op(fd, RedirOp::HereString, 3),
            (Some('<'), Some('<'), Some('-')) => {
                for _ in 0..3 {
                    self.inp.bump();
                }
                Ok(Tok::Redir(fd, RedirOp::HereDoc, true))
            }
            (Some('<'), Some('<'), _) => self.redir_op(fd, RedirOp::HereDoc, 2),
            (Some('<'), Some('&'), _) => self.redir_op(fd, RedirOp::DupIn, 2),
            (Some('<'), Some('>'), _) => self.redir_op(fd, RedirOp::ReadWrite, 2),
            (Some('<'), _, _) => self.redir_op(fd, RedirOp::In, 1),
            (Some('>'), Some('>'), _) => self.redir_op(fd, RedirOp::Append, 2),
            (Some('>'), Some('&'), _) => self.redir_op(fd, RedirOp::DupOut, 2),
            (Some('>'), Some('|'), _) => self.redir_op(fd, RedirOp::Clobber, 2),
            _ => self.redir_op(fd, RedirOp::Out, 1),
        }
    }

    /// Lex a word (or assignment, or `N>` redirection).
    fn lex_word_token(&mut self, mode: Mode) -> PResult<Tok> {
        let w = match mode {
            Mode::Cmd => match self.try_assignment()? {
                Ok(a) => return Ok(Tok::Assign(a)),
                Err(b) => self.finish_word(b)?,
            },
            Mode::Decl => self.read_decl_word()?,
            Mode::Arg => self.read_word(word::Kind::Arg)?,
        };
        if matches!(self.inp.peek(), Some('<' | '>')) && self.inp.peek2() != Some('(') {
            if let Some(fd) = io_number(&w) {
                return self.lex_redir(fd);
            }
        }
        Ok(Tok::Word(w))
    }

    /// Peek at the next token, lexed in `mode`.
    pub(crate) fn peek(&mut self, mode: Mode) -> PResult<&Token> {
        if let Some(p) = &self.peeked {
            let sensitive = matches!(p.tok.kind, Tok::Word(_) | Tok::Assign(_) | Tok::Redir(..));
            if p.mode != mode && sensitive {
                if let Some(p) = self.st.peeked.take() {
                    self.inp.reset(p.before);
                    self.alias_next = p.alias_next;
                }
            }
        }
        if self.peeked.is_none() {
            let before = self.inp.mark();
            let alias_next = self.alias_next;
            let tok = self.lex(mode)?;
            self.peeked = Some(Peeked { tok, mode, before, alias_next });
        }
        match &self.st.peeked {
            Some(p) => Ok(&p.tok),
            None => Err(self.err_msg(self.inp.line, "internal parser error")),
        }
    }

    /// With extglob off, a command starting `!(` is `!` before a subshell (bash reads no
    /// pattern group then). When the peeked command word starts so, consume just the `!`.
    pub(crate) fn split_bang_paren(&mut self) -> bool {
        if self.extglob {
            return false;
        }
        let starts_bang_group = match &self.peeked {
            Some(p) => match &p.tok.kind {
                Tok::Word(w) => matches!(w.parts.first(), Some(WordPart::Literal(s)) if s.starts_with("!(")),
                _ => false,
            },
            None => false,
        };
        if !starts_bang_group {
            return false;
        }
        if let Some(p) = self.st.peeked.take() {
            self.inp.reset(p.before);
            self.alias_next = p.alias_next;
        }
        while matches!(self.inp.peek(), Some(' ' | '\t')) {
            self.inp.bump_raw();
        }
        self.inp.bump_raw();
        true
    }

    /// Consume the next token, lexed in `mode`.
    pub(crate) fn next(&mut self, mode: Mode) -> PResult<Token> {
        self.peek(mode)?;
        match self.peeked.take() {
            Some(p) => Ok(p.tok),
            None => Err(self.err_msg(self.inp.line, "internal parser error")),
        }
    }

    /// True when the next token (in `mode`) is the unquoted word `s`.
    pub(crate) fn peek_word_is(&mut self, mode: Mode, s: &str) -> PResult<bool> {
        Ok(self.peek(mode)?.is_word(s))
    }

    /// The next token's operator, if it is one.
    pub(crate) fn peek_op(&mut self, mode: Mode) -> PResult<Option<Op>> {
        Ok(match self.peek(mode)?.kind {
            Tok::Op(op) => Some(op),
            _ => None,
        })
    }

    /// Skip newline tokens; the token after them is peeked in `mode`.
    pub(crate) fn skip_newlines(&mut self, mode: Mode) -> PResult<()> {
        while self.peek(mode)?.kind == Tok::Newline {
            self.peeked = None;
        }
        Ok(())
    }

    /// Consume the reserved word `s` or fail on the token found.
    pub(crate) fn expect_word(&mut self, s: &str) -> PResult<Token> {
        let t = self.next(Mode::Cmd)?;
        if t.is_word(s) {
            Ok(t)
        } else {
            Err(self.err_token(&t))
        }
    }

    /// Consume operator `op` or fail on the token found.
    pub(crate) fn expect_op(&mut self, op: Op, mode: Mode) -> PResult<Token> {
        let t = self.next(mode)?;
        if t.is_op(op) {
            Ok(t)
        } else {
            Err(self.err_token(&t))
        }
    }

    /// Main-source offset just after the last consumed token.
    pub(crate) fn last_token_end(&self) -> usize {
        match &self.peeked {
            Some(p) => p.before.main_pos(),
            None => self.inp.main_pos(),
        }
    }

    /// Drop the peeked token (after abandoning a nested parse).
    pub(crate) fn clear_peeked(&mut self) {
        self.peeked = None;
    }

    /// True when no token is waiting in the peek buffer.
    pub(crate) fn nothing_peeked(&self) -> bool {
        self.peeked.is_none()
    }

    // ----- top level ------------------------------------------------------------------------

    /// Parse the next top-level command line; `None` at end of input.
    pub(crate) fn top(&mut self) -> Option<PResult<List>> {
        loop {
            match self.peek(Mode::Cmd) {
                Err(e) => return Some(Err(e)),
                Ok(t) if t.kind == Tok::Newline => self.peeked = None,
                Ok(t) if t.kind == Tok::Eof => {
                    self.peeked = None;
                    return None;
                }
                Ok(_) => break,
            }
        }
        Some(self.top_line().map(|mut l| {
            self.fill_docs(&mut l);
            l
        }))
    }

    /// `and_or ((';' | '&') and_or)*` up to a newline or end of input.
    fn top_line(&mut self) -> PResult<List> {
        let mut items = Vec::new();
        loop {
            let and_or = self.and_or()?;
            let t = self.next(Mode::Arg)?;
            let background = t.is_op(Op::Amp);
            items.push(ListItem { and_or, background });
            match t.kind {
                Tok::Op(Op::Semi | Op::Amp) => {
                    let t = self.peek(Mode::Cmd)?;
                    match t.kind {
                        Tok::Newline => {
                            self.peeked = None;
                            return Ok(List { items });
                        }
                        Tok::Eof => return Ok(List { items }),
                        _ => {}
                    }
                }
                Tok::Newline | Tok::Eof => return Ok(List { items }),
                _ => return Err(self.err_token(&t)),
            }
        }
    }

    /// After an error: drop the rest of the line and any pending state.
    pub(crate) fn recover(&mut self) {
        self.peeked = None;
        self.docs.clear_pending();
        self.inp.clear_frames();
        self.depth = 0;
        self.alias_next = false;
        let pos = self.inp.main_pos();
        if pos > 0 && self.inp.src().as_bytes().get(pos - 1) != Some(&b'\n') {
            self.inp.skip_to_newline();
            self.inp.bump_raw();
        }
    }
}

/// The operator text of a redirection token.
fn redir_text(op: RedirOp, dash: bool) -> &'static str {
    match op {
        RedirOp::In => "<",
        RedirOp::Out => ">",
        RedirOp::Clobber => ">|",
        RedirOp::Append => ">>",
        RedirOp::ReadWrite => "<>",
        RedirOp::DupIn => "<&",
        RedirOp::DupOut => ">&",
        RedirOp::OutErr => "&>",
        RedirOp::AppendErr => "&>>",
        RedirOp::HereDoc if dash => "<<-",
        RedirOp::HereDoc => "<<",
        RedirOp::HereString => "<<<",
    }
}

/// Approximate source text of word parts (for tokens read from pushed texts).
fn approx_source(parts: &[WordPart]) -> String {
    let mut s = String::new();
    for p in parts {
        match p {
            WordPart::Literal(t) => s.push_str(t),
            WordPart::Escaped(t) => t.chars().for_each(|c| {
                s.push('\\');
                s.push(c);
            }),
            WordPart::SingleQuoted(t) => {
                s.push('\'');
                s.push_str(t);
                s.push('\'');
            }
            WordPart::DoubleQuoted(ps) => {
                s.push('"');
                s.push_str(&approx_source(ps));
                s.push('"');
            }
            WordPart::Tilde(u) => {
                s.push('~');
                s.push_str(u);
            }
            WordPart::Param(pe) => match &pe.param {
                Param::Var(n) | Param::Indexed(n, _) => {
                    s.push('$');
                    s.push_str(n);
                }
                Param::Positional(n) => s.push_str(&format!("${n}")),
                Param::Special(c) => {
                    s.push('$');
                    s.push(*c);
                }
            },
            _ => {}
        }
    }
    s
}

/// `N` or `{name}` directly before a redirection operator.
fn io_number(w: &Word) -> Option<RedirFd> {
    let s = w.as_literal()?;
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        return s.parse::<i32>().ok().map(RedirFd::Number);
    }
    let name = s.strip_prefix('{')?.strip_suffix('}')?;
    if word::is_name(name) {
        return Some(RedirFd::Var(name.to_string()));
    }
    None
}
