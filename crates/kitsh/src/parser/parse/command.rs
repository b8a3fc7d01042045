//! Lists, and-or lists, pipelines, simple commands, redirections and function definitions.

use std::sync::Arc;

use super::{Core, Mode, Op, PResult, Tok, Token};
use crate::parser::ast::*;

/// Reserved words that end a compound list.
fn ends_list(w: &str) -> bool {
    matches!(w, "then" | "else" | "elif" | "fi" | "do" | "done" | "esac" | "}")
}

/// True when `t` starts a compound command (a function body).
fn starts_compound(t: &Token) -> bool {
    t.is_op(Op::LParen)
        || matches!(t.lit(), Some("{" | "if" | "while" | "until" | "for" | "select" | "case" | "[["))
}

/// The declaration builtins, whose `name=(...)` arguments are array literals; bash parses
/// them so for `let` and `eval` too (which get them back as text).
fn is_decl(w: &Word) -> bool {
    matches!(w.as_literal(), Some("declare" | "local" | "export" | "readonly" | "typeset" | "let" | "eval"))
}

impl Core<'_, '_, '_> {
    /// A compound list: and-or lists separated by `;`, `&` or newlines, up to a closing
    /// reserved word, `)`, a case terminator or end of input (not consumed).
    pub(crate) fn compound_list(&mut self, allow_empty: bool) -> PResult<List> {
        let mut items = Vec::new();
        self.skip_newlines(Mode::Cmd)?;
        loop {
            if self.at_list_end()? {
                break;
            }
            let and_or = self.and_or()?;
            let t = self.peek(Mode::Arg)?;
            let (sep, background) = match t.kind {
                Tok::Op(Op::Semi) => (true, false),
                Tok::Op(Op::Amp) => (true, true),
                Tok::Newline => (true, false),
                _ => (false, false),
            };
            items.push(ListItem { and_or, background });
            if !sep {
                break;
            }
            self.next(Mode::Arg)?;
            self.skip_newlines(Mode::Cmd)?;
        }
        if items.is_empty() && !allow_empty {
            return Err(self.err_next(Mode::Cmd));
        }
        Ok(List { items })
    }

    /// True when the next token ends a compound list.
    fn at_list_end(&mut self) -> PResult<bool> {
        let t = self.peek(Mode::Cmd)?;
        Ok(match &t.kind {
            Tok::Eof | Tok::Op(Op::RParen | Op::DSemi | Op::SemiAmp | Op::DSemiAmp) => true,
            Tok::Word(w) => w.as_literal().is_some_and(ends_list),
            _ => false,
        })
    }

    /// `pipeline (('&&' | '||') newlines pipeline)*`.
    pub(crate) fn and_or(&mut self) -> PResult<AndOr> {
        let first = self.pipeline()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek_op(Mode::Arg)? {
                Some(Op::AndAnd) => AndOrOp::And,
                Some(Op::OrOr) => AndOrOp::Or,
                _ => break,
            };
            self.next(Mode::Arg)?;
            self.skip_newlines(Mode::Cmd)?;
            rest.push((op, self.pipeline()?));
        }
        Ok(AndOr { first, rest })
    }

    /// `[time [-p]] [!] command (('|' | '|&') newlines command)*`.
    pub(crate) fn pipeline(&mut self) -> PResult<Pipeline> {
        let line = self.peek(Mode::Cmd)?.line;
        let mut negate = false;
        let mut time = None;
        let mut prefixed = false;
        loop {
            if self.split_bang_paren() {
                negate = !negate;
                prefixed = true;
                continue;
            }
            let t = self.peek(Mode::Cmd)?;
            if t.is_word("!") {
                negate = !negate;
            } else if t.is_word("time") {
                self.next(Mode::Cmd)?;
                let p = self.peek_word_is(Mode::Cmd, "-p")?;
                if p {
                    self.next(Mode::Cmd)?;
                }
                time = Some(p || time == Some(true));
                prefixed = true;
                continue;
            } else {
                break;
            }
            self.next(Mode::Cmd)?;
            prefixed = true;
        }
        if prefixed {
            let t = self.peek(Mode::Cmd)?;
            if matches!(t.kind, Tok::Newline | Tok::Eof | Tok::Op(Op::Semi | Op::Amp | Op::RParen)) {
                let empty = SimpleCommand { assigns: vec![], words: vec![], redirects: vec![], line };
                let commands = vec![Command::Simple(empty)];
                return Ok(Pipeline { negate, time, commands, pipe_stderr: vec![], line });
            }
        }
        let mut commands = vec![self.command()?];
        let mut pipe_stderr = Vec::new();
        loop {
            let amp = match self.peek_op(Mode::Arg)? {
                Some(Op::Pipe) => false,
                Some(Op::PipeAmp) => true,
                _ => break,
            };
            self.next(Mode::Arg)?;
            self.skip_newlines(Mode::Cmd)?;
            pipe_stderr.push(amp);
            commands.push(self.command()?);
        }
        Ok(Pipeline { negate, time, commands, pipe_stderr, line })
    }

    /// One command of a pipeline.
    pub(crate) fn command(&mut self) -> PResult<Command> {
        let t = self.peek(Mode::Cmd)?;
        match &t.kind {
            Tok::Op(Op::LParen) => return self.nested(|p| p.paren_command()),
            Tok::Word(w) => match w.as_literal() {
                Some("{" | "if" | "while" | "until" | "for" | "select" | "case" | "[[") => {
                    return self.nested(|p| p.compound_with_redirs());
                }
                Some("function") => return self.nested(|p| p.function_keyword()),
                Some(s) if ends_list(s) || s == "in" || s == "!" => return Err(self.err_next(Mode::Cmd)),
                _ => {}
            },
            Tok::Assign(_) | Tok::Redir(..) => {}
            _ => return Err(self.err_next(Mode::Cmd)),
        }
        self.simple_command()
    }

    /// `( list )` or `(( arith ))`, with trailing redirections.
    fn paren_command(&mut self) -> PResult<Command> {
        let open = self.next(Mode::Cmd)?;
        if self.inp.peek_raw() == Some('(') {
            let mark = self.inp.mark();
            self.inp.bump_raw();
            if let Some(mut w) = self.arith_parts(open.line, false)? {
                let redirs = self.trailing_redirects()?;
                let cc = CompoundCommand::Arith(w.pop().unwrap_or_default());
                return Ok(Command::Compound(cc, redirs));
            }
            self.inp.reset(mark);
        }
        let list = self.compound_list(false)?;
        self.expect_op(Op::RParen, Mode::Arg)?;
        let redirs = self.trailing_redirects()?;
        Ok(Command::Compound(CompoundCommand::Subshell(list), redirs))
    }

    /// A compound command starting with a reserved word, with trailing redirections.
    pub(crate) fn compound_with_redirs(&mut self) -> PResult<Command> {
        if self.peek(Mode::Cmd)?.is_op(Op::LParen) {
            return self.paren_command();
        }
        let cc = self.compound()?;
        let redirs = self.trailing_redirects()?;
        Ok(Command::Compound(cc, redirs))
    }

    /// Redirections after a compound command.
    fn trailing_redirects(&mut self) -> PResult<Vec<Redirect>> {
        let mut v = Vec::new();
        while matches!(self.peek(Mode::Arg)?.kind, Tok::Redir(..)) {
            let t = self.next(Mode::Arg)?;
            v.push(self.redirect(t)?);
        }
        Ok(v)
    }

    /// A simple command (or a `name()` function definition).
    fn simple_command(&mut self) -> PResult<Command> {
        let first = self.peek(Mode::Cmd)?;
        let (line, start) = (first.line, first.start);
        let mut sc = SimpleCommand { assigns: vec![], words: vec![], redirects: vec![], line };
        let mut decl = false;
        loop {
            let mode = if sc.words.is_empty() {
                Mode::Cmd
            } else if decl {
                Mode::Decl
            } else {
                Mode::Arg
            };
            let t = self.peek(mode)?;
            match t.kind {
                Tok::Assign(_) if sc.words.is_empty() => {
                    if let Tok::Assign(a) = self.next(mode)?.kind {
                        sc.assigns.push(a);
                    }
                }
                Tok::Redir(..) => {
                    let t = self.next(mode)?;
                    sc.redirects.push(self.redirect(t)?);
                }
                Tok::Word(_) => {
                    let t = self.next(mode)?;
                    let Tok::Word(w) = &t.kind else { break };
                    if sc.words.is_empty() {
                        if sc.assigns.is_empty()
                            && sc.redirects.is_empty()
                            && self.peek_op(Mode::Arg)? == Some(Op::LParen)
                        {
                            return self.function_def(&t, start, line);
                        }
                        decl = is_decl(w);
                    }
                    if let Tok::Word(w) = t.kind {
                        sc.words.push(w);
                    }
                }
                _ => break,
            }
        }
        Ok(Command::Simple(sc))
    }

    /// A redirection after its operator token.
    pub(crate) fn redirect(&mut self, op_tok: Token) -> PResult<Redirect> {
        let Tok::Redir(fd, op, strip) = op_tok.kind else {
            return Err(self.err_token(&op_tok));
        };
        let t = self.next(Mode::Arg)?;
        if !matches!(t.kind, Tok::Word(_)) {
            return Err(self.err_token(&t));
        }
        let target = if op == RedirOp::HereDoc {
            let raw = self.token_text(&t);
            self.register_doc(&raw, strip, op_tok.line)
        } else {
            match t.kind {
                Tok::Word(w) => RedirTarget::Word(w),
                _ => return Err(self.err_msg(t.line, "internal parser error")),
            }
        };
        Ok(Redirect { fd, op, target })
    }

    /// `name ( ) body` after the name; `start` is where the definition starts.
    fn function_def(&mut self, name: &Token, start: usize, line: u32) -> PResult<Command> {
        self.next(Mode::Arg)?;
        self.expect_op(Op::RParen, Mode::Arg)?;
        let name = match name.lit() {
            Some(s) => s.to_string(),
            None => self.token_text(name),
        };
        self.function_body(name, start, line)
    }

    /// `function name [()] body`.
    fn function_keyword(&mut self) -> PResult<Command> {
        let kw = self.next(Mode::Cmd)?;
        let t = self.next(Mode::Arg)?;
        let name = match &t.kind {
            Tok::Word(w) => match w.as_literal() {
                Some(s) => s.to_string(),
                None => self.token_text(&t),
            },
            _ => return Err(self.err_token(&t)),
        };
        if self.peek_op(Mode::Arg)? == Some(Op::LParen) {
            self.next(Mode::Arg)?;
            self.expect_op(Op::RParen, Mode::Arg)?;
        }
        self.function_body(name, kw.start, kw.line)
    }

    /// The body of a function definition and the definition node.
    fn function_body(&mut self, name: String, start: usize, line: u32) -> PResult<Command> {
        self.skip_newlines(Mode::Cmd)?;
        let t = self.peek(Mode::Cmd)?;
        if !starts_compound(t) {
            return Err(self.err_next(Mode::Cmd));
        }
        let body = self.nested(|p| p.compound_with_redirs())?;
        let end = self.last_token_end();
        let src = self.inp.src();
        let source = if end > start { src.get(start..end).unwrap_or_default().to_string() } else { String::new() };
        let def = FunctionDef { name, body: Box::new(body), source, line };
        Ok(Command::FunctionDef(Arc::new(def)))
    }
}
