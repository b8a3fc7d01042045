//! Compound commands introduced by reserved words: `{ }`, `if`, `while`, `until`, `for`,
//! `select`, `case` (`[[ ]]` is in `cond.rs`, `( )` and `(( ))` in `command.rs`).

use super::{Core, Mode, Op, PResult, Tok};
use crate::parser::ast::*;

impl Core<'_, '_, '_> {
    /// The compound command at the next token (a reserved word).
    pub(crate) fn compound(&mut self) -> PResult<CompoundCommand> {
        let t = self.peek(Mode::Cmd)?;
        match t.lit() {
            Some("{") => {
                self.next(Mode::Cmd)?;
                let body = self.compound_list(false)?;
                self.expect_word("}")?;
                Ok(CompoundCommand::Brace(body))
            }
            Some("if") => self.if_command(),
            Some(w @ ("while" | "until")) => {
                let until = w == "until";
                self.next(Mode::Cmd)?;
                let cond = self.compound_list(false)?;
                self.expect_word("do")?;
                let body = self.compound_list(false)?;
                self.expect_word("done")?;
                Ok(CompoundCommand::While { until, cond, body })
            }
            Some(w @ ("for" | "select")) => {
                let select = w == "select";
                self.for_command(select)
            }
            Some("case") => self.case_command(),
            Some("[[") => self.dbracket(),
            _ => Err(self.err_next(Mode::Cmd)),
        }
    }

    /// `if c; then b; [elif c; then b;]... [else b;] fi`.
    fn if_command(&mut self) -> PResult<CompoundCommand> {
        self.next(Mode::Cmd)?;
        let mut branches = Vec::new();
        let mut else_body = None;
        loop {
            let cond = self.compound_list(false)?;
            self.expect_word("then")?;
            let body = self.compound_list(false)?;
            branches.push((cond, body));
            let t = self.next(Mode::Cmd)?;
            match t.lit() {
                Some("elif") => continue,
                Some("else") => {
                    else_body = Some(self.compound_list(false)?);
                    self.expect_word("fi")?;
                    break;
                }
                Some("fi") => break,
                _ => return Err(self.err_token(&t)),
            }
        }
        Ok(CompoundCommand::If { branches, else_body })
    }

    /// `for`/`select` after the reserved word.
    fn for_command(&mut self, select: bool) -> PResult<CompoundCommand> {
        let kw = self.next(Mode::Cmd)?;
        if !select {
            self.skip_blanks();
            if self.nothing_peeked() && self.inp.looking_at("((") {
                return self.arith_for(kw.line);
            }
        }
        let t = self.next(Mode::Arg)?;
        let var = match &t.kind {
            Tok::Word(w) => match w.as_literal() {
                Some(s) => s.to_string(),
                None => self.token_text(&t),
            },
            _ => return Err(self.err_token(&t)),
        };
        let words = if self.peek_op(Mode::Arg)? == Some(Op::Semi) {
            self.next(Mode::Arg)?;
            None
        } else {
            self.skip_newlines(Mode::Arg)?;
            if self.peek_word_is(Mode::Arg, "in")? {
                self.next(Mode::Arg)?;
                Some(self.word_list()?)
            } else {
                None
            }
        };
        let body = self.do_group()?;
        Ok(if select {
            CompoundCommand::Select { var, words, body }
        } else {
            CompoundCommand::For { var, words, body }
        })
    }

    /// The words after `in`, through the `;` or newline that ends them.
    fn word_list(&mut self) -> PResult<Vec<Word>> {
        let mut words = Vec::new();
        loop {
            let t = self.next(Mode::Arg)?;
            match t.kind {
                Tok::Word(w) => words.push(w),
                Tok::Op(Op::Semi) | Tok::Newline => return Ok(words),
                _ => return Err(self.err_token(&t)),
            }
        }
    }

    /// `do list done` or `{ list }` (newlines before allowed).
    fn do_group(&mut self) -> PResult<List> {
        self.skip_newlines(Mode::Cmd)?;
        let t = self.next(Mode::Cmd)?;
        let close = match t.lit() {
            Some("do") => "done",
            Some("{") => "}",
            _ => return Err(self.err_token(&t)),
        };
        let body = self.compound_list(false)?;
        self.expect_word(close)?;
        Ok(body)
    }

    /// `for (( init; cond; step )) do-group`, at the `((`.
    fn arith_for(&mut self, line: u32) -> PResult<CompoundCommand> {
        self.inp.bump_raw();
        self.inp.bump_raw();
        let Some(parts) = self.arith_parts(line, true)? else {
            return Err(self.err_msg(line, "syntax error: arithmetic expression required"));
        };
        let [init, cond, step]: [Word; 3] = match parts.try_into() {
            Ok(a) => a,
            Err(v) => {
                let v: Vec<Word> = v;
                let msg = if v.len() < 3 {
                    "syntax error: arithmetic expression required"
                } else {
                    "syntax error: `;' unexpected"
                };
                return Err(self.err_msg(line, msg));
            }
        };
        if self.peek_op(Mode::Cmd)? == Some(Op::Semi) {
            self.next(Mode::Cmd)?;
        }
        let body = self.do_group()?;
        Ok(CompoundCommand::ArithFor { init, cond, step, body })
    }

    /// `case word in [(]pat[|pat]...) list ;; ... esac`.
    fn case_command(&mut self) -> PResult<CompoundCommand> {
        self.next(Mode::Cmd)?;
        let t = self.next(Mode::Arg)?;
        let word = match t.kind {
            Tok::Word(w) => w,
            _ => return Err(self.err_token(&t)),
        };
        self.skip_newlines(Mode::Arg)?;
        let t = self.next(Mode::Arg)?;
        if !t.is_word("in") {
            return Err(self.err_token(&t));
        }
        let mut arms = Vec::new();
        loop {
            self.skip_newlines(Mode::Arg)?;
            let t = self.peek(Mode::Arg)?;
            if t.is_word("esac") {
                self.next(Mode::Arg)?;
                break;
            }
            if t.is_op(Op::LParen) {
                self.next(Mode::Arg)?;
            }
            let patterns = self.case_patterns()?;
            let body = self.compound_list(true)?;
            let terminator = match self.peek_op(Mode::Arg)? {
                Some(Op::DSemi) => CaseTerminator::Break,
                Some(Op::SemiAmp) => CaseTerminator::FallThrough,
                Some(Op::DSemiAmp) => CaseTerminator::Continue,
                _ => {
                    arms.push(CaseArm { patterns, body, terminator: CaseTerminator::Break });
                    self.expect_word("esac")?;
                    break;
                }
            };
            self.next(Mode::Arg)?;
            arms.push(CaseArm { patterns, body, terminator });
        }
        Ok(CompoundCommand::Case { word, arms })
    }

    /// `pat | pat )`.
    fn case_patterns(&mut self) -> PResult<Vec<Word>> {
        let mut patterns = Vec::new();
        loop {
            let t = self.next(Mode::Arg)?;
            match t.kind {
                Tok::Word(w) => patterns.push(w),
                _ => return Err(self.err_token(&t)),
            }
            let t = self.next(Mode::Arg)?;
            match t.kind {
                Tok::Op(Op::Pipe) => continue,
                Tok::Op(Op::RParen) => return Ok(patterns),
                _ => return Err(self.err_token(&t)),
            }
        }
    }
}
