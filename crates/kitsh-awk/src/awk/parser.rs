//! The awk parser: a hand-written recursive-descent parser for the POSIX grammar plus gawk's
//! additions (`BEGINFILE`, `nextfile`, `**`, `func`), resolving names to slots as it goes.

use std::collections::HashMap;
use std::rc::Rc;

use super::ast::*;
use super::lexer::{LexError, Lexer, Tok, BUILTINS};

/// A syntax error: message and byte offset of the caret.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    /// gawk's message (`syntax error`...).
    pub msg: String,
    /// The byte offset the caret points at.
    pub pos: usize,
    /// A message without a source line and caret (`function `f' not defined`).
    pub plain: bool,
}

impl From<LexError> for ParseError {
    fn from(e: LexError) -> Self {
        ParseError { msg: e.msg.to_string(), pos: e.pos, plain: false }
    }
}

type R<T> = Result<T, ParseError>;

/// The parser.
pub struct Parser<'s> {
    lex: Lexer<'s>,
    tok: Tok,
    tok_pos: usize,
    tok_end: usize,
    globals: HashMap<String, u32>,
    prog: Program,
    locals: Option<HashMap<String, u32>>,
    cur_func: Option<usize>,
    func_index: HashMap<String, usize>,
    defined: Vec<bool>,
    called_at: Vec<usize>,
    no_gt: bool,
    no_in: bool,
    loop_depth: usize,
    /// The program has several lines: statements are preceded by [`Stmt::Line`].
    multiline: bool,
    /// The line of the last [`Stmt::Line`].
    last_line: u32,
    /// Where [`Parser::line_of`] counted to last: (offset, line).
    line_memo: std::cell::Cell<(usize, u32)>,
}

fn builtin_name(s: &str) -> &'static str {
    BUILTINS.iter().find(|b| **b == s).copied().unwrap_or("length")
}

impl<'s> Parser<'s> {
    /// Parse a whole program.
    pub fn parse(src: &'s [u8]) -> R<Program> {
        let mut p = Parser {
            lex: Lexer::new(src),
            tok: Tok::Eof,
            tok_pos: 0,
            tok_end: 0,
            globals: HashMap::new(),
            prog: Program::default(),
            locals: None,
            cur_func: None,
            func_index: HashMap::new(),
            defined: Vec::new(),
            called_at: Vec::new(),
            no_gt: false,
            no_in: false,
            loop_depth: 0,
            multiline: src.contains(&b'\n'),
            last_line: 1,
            line_memo: std::cell::Cell::new((0, 1)),
        };
        for name in SPECIAL_NAMES {
            p.global(name);
        }
        p.advance()?;
        p.program()?;
        for (i, d) in p.defined.iter().enumerate() {
            if !d {
                let name = p.prog.funcs[i].name.clone();
                return Err(ParseError { msg: format!("function `{name}' not defined"), pos: p.called_at[i], plain: true });
            }
        }
        let mut names = vec![String::new(); p.globals.len()];
        for (k, v) in &p.globals {
            names[*v as usize] = k.clone();
        }
        p.prog.globals = names;
        Ok(p.prog)
    }

    fn global(&mut self, name: &str) -> u32 {
        let n = self.globals.len() as u32;
        *self.globals.entry(name.to_string()).or_insert(n)
    }

    fn var(&mut self, name: &str) -> Var {
        if let Some(l) = &self.locals {
            if let Some(&i) = l.get(name) {
                return Var::Local(i);
            }
        }
        Var::Global(self.global(name))
    }

    fn advance(&mut self) -> R<()> {
        self.tok = self.lex.next()?;
        self.tok_pos = self.lex.tok_start;
        self.tok_end = self.lex.pos;
        Ok(())
    }

    fn snapshot(&self) -> (Lexer<'s>, Tok, usize, usize) {
        (self.lex.clone(), self.tok.clone(), self.tok_pos, self.tok_end)
    }

    fn restore(&mut self, s: (Lexer<'s>, Tok, usize, usize)) {
        self.lex = s.0;
        self.tok = s.1;
        self.tok_pos = s.2;
        self.tok_end = s.3;
    }

    fn err<T>(&self) -> R<T> {
        let (msg, pos) = match self.tok {
            Tok::Eof | Tok::Newline => ("unexpected newline or end of string", self.tok_pos),
            _ => ("syntax error", self.tok_pos),
        };
        Err(ParseError { msg: msg.to_string(), pos, plain: false })
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(&self.tok, Tok::Op(o) if *o == op)
    }

    fn is_kw(&self, kw: &str) -> bool {
        matches!(&self.tok, Tok::Kw(k) if *k == kw)
    }

    fn expect_op(&mut self, op: &str) -> R<()> {
        if self.is_op(op) {
            self.advance()
        } else {
            self.err()
        }
    }

    fn skip_nl(&mut self) -> R<()> {
        while self.tok == Tok::Newline {
            self.advance()?;
        }
        Ok(())
    }

    fn skip_terms(&mut self) -> R<()> {
        while self.tok == Tok::Newline || self.is_op(";") {
            self.advance()?;
        }
        Ok(())
    }

    fn line_of(&self, pos: usize) -> u32 {
        let src = self.lex.src();
        let pos = pos.min(src.len());
        let (mut from, mut line) = self.line_memo.get();
        if pos < from {
            (from, line) = (0, 1);
        }
        line += src[from..pos].iter().filter(|&&c| c == b'\n').count() as u32;
        self.line_memo.set((pos, line));
        line
    }

    /// A [`Stmt::Line`] for the statement at the current token, in a program of several lines.
    fn line_mark(&mut self) -> Option<Stmt> {
        if !self.multiline {
            return None;
        }
        let l = self.line_of(self.tok_pos);
        self.last_line = l;
        Some(Stmt::Line(l))
    }

    fn program(&mut self) -> R<()> {
        loop {
            self.skip_terms()?;
            match self.tok.clone() {
                Tok::Eof => return Ok(()),
                Tok::Kw("function") => self.function()?,
                Tok::Kw(k @ ("BEGIN" | "END" | "BEGINFILE" | "ENDFILE")) => {
                    self.advance()?;
                    if !self.is_op("{") {
                        return self.err();
                    }
                    let b = self.block()?;
                    match k {
                        "BEGIN" => self.prog.begin.push(b),
                        "END" => self.prog.end.push(b),
                        "BEGINFILE" => self.prog.beginfile.push(b),
                        _ => self.prog.endfile.push(b),
                    }
                }
                Tok::Op("{") => {
                    let b = self.block()?;
                    self.prog.rules.push((Pattern::All, Some(b)));
                }
                _ => {
                    let e = self.expr()?;
                    let pat = if self.is_op(",") {
                        self.advance()?;
                        self.skip_nl()?;
                        let e2 = self.expr()?;
                        let id = self.prog.ranges;
                        self.prog.ranges += 1;
                        Pattern::Range(e, e2, id)
                    } else {
                        Pattern::Expr(e)
                    };
                    if self.is_op("{") {
                        let b = self.block()?;
                        self.prog.rules.push((pat, Some(b)));
                    } else if self.tok == Tok::Newline || self.tok == Tok::Eof || self.is_op(";") {
                        self.prog.rules.push((pat, None));
                    } else {
                        return self.err();
                    }
                }
            }
        }
    }

    fn func_slot(&mut self, name: &str, pos: usize) -> usize {
        if let Some(&i) = self.func_index.get(name) {
            return i;
        }
        let i = self.prog.funcs.len();
        self.prog.funcs.push(Func { name: name.to_string(), nparams: 0, params: Vec::new(), body: Vec::new() });
        self.defined.push(false);
        self.called_at.push(pos);
        self.func_index.insert(name.to_string(), i);
        i
    }

    fn function(&mut self) -> R<()> {
        self.advance()?;
        let name = match &self.tok {
            Tok::Name(n) | Tok::FuncName(n) => n.clone(),
            _ => return self.err(),
        };
        let idx = self.func_slot(&name, self.tok_pos);
        if self.defined[idx] {
            return Err(ParseError { msg: format!("function name `{name}' previously defined"), pos: self.tok_pos, plain: false });
        }
        self.defined[idx] = true;
        self.advance()?;
        self.expect_op("(")?;
        let mut params = HashMap::new();
        self.skip_nl()?;
        while let Tok::Name(p) = &self.tok {
            let n = params.len() as u32;
            params.insert(p.clone(), n);
            self.advance()?;
            self.skip_nl()?;
            if self.is_op(",") {
                self.advance()?;
                self.skip_nl()?;
            } else {
                break;
            }
        }
        self.expect_op(")")?;
        self.skip_nl()?;
        let n = params.len();
        self.prog.funcs[idx].nparams = n;
        let mut names = vec![String::new(); n];
        for (k, v) in &params {
            names[*v as usize] = k.clone();
        }
        self.prog.funcs[idx].params = names;
        self.locals = Some(params);
        self.cur_func = Some(idx);
        if !self.is_op("{") {
            return self.err();
        }
        let body = self.block()?;
        self.prog.funcs[idx].body = body;
        self.locals = None;
        self.cur_func = None;
        Ok(())
    }

    fn block(&mut self) -> R<Vec<Stmt>> {
        self.expect_op("{")?;
        let mut v = Vec::new();
        loop {
            self.skip_terms()?;
            if self.is_op("}") {
                self.advance()?;
                return Ok(v);
            }
            if self.tok == Tok::Eof {
                return self.err();
            }
            if let Some(l) = self.line_mark() {
                v.push(l);
            }
            v.push(self.stmt()?);
        }
    }

    /// A simple statement's end: `;`, a newline, or (not consumed) `}` / end of text.
    fn end_simple(&mut self) -> R<()> {
        if self.is_op(";") || self.tok == Tok::Newline {
            self.advance()
        } else if self.is_op("}") || self.tok == Tok::Eof {
            Ok(())
        } else {
            self.err()
        }
    }

    fn body_stmt(&mut self) -> R<Stmt> {
        self.skip_nl()?;
        if self.is_op(";") {
            self.advance()?;
            return Ok(Stmt::Block(Vec::new()));
        }
        if self.multiline && !self.is_op("{") && self.line_of(self.tok_pos) != self.last_line {
            // a statement on a line of its own: it says so
            let mark = self.line_mark();
            let s = self.stmt()?;
            return Ok(Stmt::Block(mark.into_iter().chain([s]).collect()));
        }
        self.stmt()
    }

    fn stmt(&mut self) -> R<Stmt> {
        match self.tok.clone() {
            Tok::Op("{") => Ok(Stmt::Block(self.block()?)),
            Tok::Op(";") => {
                self.advance()?;
                Ok(Stmt::Block(Vec::new()))
            }
            Tok::Kw("if") => {
                self.advance()?;
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                let then = self.body_stmt()?;
                let snap = self.snapshot();
                self.skip_terms()?;
                if self.is_kw("else") {
                    self.advance()?;
                    let els = self.body_stmt()?;
                    Ok(Stmt::If(c, Box::new(then), Some(Box::new(els))))
                } else {
                    self.restore(snap);
                    Ok(Stmt::If(c, Box::new(then), None))
                }
            }
            Tok::Kw("while") => {
                self.advance()?;
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                if self.is_op(";") {
                    self.advance()?;
                    return Ok(Stmt::While(c, Box::new(Stmt::Block(Vec::new()))));
                }
                self.loop_depth += 1;
                let b = self.body_stmt();
                self.loop_depth -= 1;
                Ok(Stmt::While(c, Box::new(b?)))
            }
            Tok::Kw("do") => {
                self.advance()?;
                self.loop_depth += 1;
                let b = self.body_stmt();
                self.loop_depth -= 1;
                let b = b?;
                self.skip_terms()?;
                if !self.is_kw("while") {
                    return self.err();
                }
                self.advance()?;
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                self.end_simple()?;
                Ok(Stmt::Do(Box::new(b), c))
            }
            Tok::Kw("for") => self.for_stmt(),
            Tok::Name(n) | Tok::FuncName(n) if n == "switch" => self.switch_stmt(),
            _ => {
                let s = self.simple_stmt()?;
                self.end_simple()?;
                Ok(s)
            }
        }
    }

    fn is_name(&self, w: &str) -> bool {
        matches!(&self.tok, Tok::Name(n) | Tok::FuncName(n) if n == w)
    }

    /// gawk's `switch`: case labels are constants or regex literals.
    fn switch_stmt(&mut self) -> R<Stmt> {
        self.advance()?;
        self.expect_op("(")?;
        let e = self.expr()?;
        self.expect_op(")")?;
        self.skip_nl()?;
        self.expect_op("{")?;
        let mut cases = Vec::new();
        loop {
            self.skip_terms()?;
            if self.is_op("}") {
                self.advance()?;
                break;
            }
            let label = if self.is_name("case") {
                self.advance()?;
                let l = match self.tok.clone() {
                    Tok::Num(n) => {
                        self.advance()?;
                        Expr::Num(n)
                    }
                    Tok::Str(s) => {
                        self.advance()?;
                        Expr::Str(Rc::from(s))
                    }
                    Tok::Op("-") => {
                        self.advance()?;
                        let Tok::Num(n) = self.tok.clone() else { return self.err() };
                        self.advance()?;
                        Expr::Num(-n)
                    }
                    Tok::Op("/") | Tok::Op("/=") => {
                        let t = self.lex.regex(self.tok_pos)?;
                        let Tok::Regex(text) = t else { return self.err() };
                        self.advance()?;
                        self.regex_const(text)
                    }
                    _ => return self.err(),
                };
                Some(l)
            } else if self.is_name("default") {
                self.advance()?;
                None
            } else {
                return self.err();
            };
            self.expect_op(":")?;
            let mut body = Vec::new();
            loop {
                self.skip_terms()?;
                if self.is_op("}") || self.is_name("case") || self.is_name("default") || self.tok == Tok::Eof {
                    break;
                }
                if let Some(l) = self.line_mark() {
                    body.push(l);
                }
                body.push(self.stmt()?);
            }
            cases.push((label, body));
        }
        Ok(Stmt::Switch(e, cases))
    }

    fn for_stmt(&mut self) -> R<Stmt> {
        self.advance()?;
        self.expect_op("(")?;
        // for (name in array)
        let snap = self.snapshot();
        let paren = self.is_op("(");
        if paren {
            self.advance()?;
        }
        if let Tok::Name(n) = self.tok.clone() {
            self.advance()?;
            if self.is_kw("in") {
                self.advance()?;
                if let Tok::Name(a) = self.tok.clone() {
                    self.advance()?;
                    let subs = self.levels()?;
                    if paren && self.is_op(")") {
                        self.advance()?;
                    }
                    if self.is_op(")") {
                        self.advance()?;
                        let v = self.var(&n);
                        let arr = ArrPath { var: self.var(&a), subs };
                        self.loop_depth += 1;
                        let body = self.body_stmt();
                        self.loop_depth -= 1;
                        return Ok(Stmt::ForIn(LValue::Var(v), arr, Box::new(body?)));
                    }
                }
            }
        }
        self.restore(snap);
        let init = if self.is_op(";") { None } else { Some(Box::new(self.simple_stmt()?)) };
        self.expect_op(";")?;
        self.skip_nl()?;
        let cond = if self.is_op(";") { None } else { Some(self.expr()?) };
        self.expect_op(";")?;
        self.skip_nl()?;
        let step = if self.is_op(")") { None } else { Some(Box::new(self.simple_stmt()?)) };
        self.expect_op(")")?;
        if self.is_op(";") {
            self.advance()?;
            return Ok(Stmt::For(init, cond, step, Box::new(Stmt::Block(Vec::new()))));
        }
        self.loop_depth += 1;
        let body = self.body_stmt();
        self.loop_depth -= 1;
        Ok(Stmt::For(init, cond, step, Box::new(body?)))
    }

    fn simple_stmt(&mut self) -> R<Stmt> {
        match self.tok.clone() {
            Tok::Kw(k @ ("print" | "printf")) => {
                self.advance()?;
                let mut args = Vec::new();
                let ends = |p: &Self| {
                    p.tok == Tok::Newline || p.tok == Tok::Eof || p.is_op(";") || p.is_op("}") || p.is_op(">") || p.is_op(">>") || p.is_op("|")
                };
                if !ends(self) {
                    let saved = self.no_gt;
                    self.no_gt = true;
                    let r = self.expr_list();
                    self.no_gt = saved;
                    args = r?;
                    if args.len() == 1 {
                        if let Expr::Group(_) = &args[0] {
                            if let Some(Expr::Group(inner)) = args.pop() {
                                match *inner {
                                    Expr::Builtin("\0list", items) => args = items,
                                    e => args.push(Expr::Group(Box::new(e))),
                                }
                            }
                        }
                    }
                }
                let redir = if self.is_op(">") || self.is_op(">>") || self.is_op("|") {
                    let op = self.tok.clone();
                    self.advance()?;
                    let saved = self.no_gt;
                    self.no_gt = true;
                    let target = self.concat_expr(false);
                    self.no_gt = saved;
                    let target = target?;
                    Some(match op {
                        Tok::Op(">") => Redirect::File(target),
                        Tok::Op(">>") => Redirect::Append(target),
                        _ => Redirect::Pipe(target),
                    })
                } else {
                    None
                };
                if k == "printf" && args.is_empty() {
                    return self.err();
                }
                Ok(if k == "print" { Stmt::Print(args, redir) } else { Stmt::Printf(args, redir) })
            }
            Tok::Kw("next") => {
                self.advance()?;
                Ok(Stmt::Next)
            }
            Tok::Kw("nextfile") => {
                self.advance()?;
                Ok(Stmt::NextFile)
            }
            Tok::Kw(k @ ("exit" | "return")) => {
                self.advance()?;
                let e = if self.tok == Tok::Newline || self.tok == Tok::Eof || self.is_op(";") || self.is_op("}") {
                    None
                } else {
                    Some(self.expr()?)
                };
                Ok(if k == "exit" { Stmt::Exit(e) } else { Stmt::Return(e) })
            }
            Tok::Kw("break") => {
                self.advance()?;
                Ok(Stmt::Break)
            }
            Tok::Kw("continue") => {
                self.advance()?;
                Ok(Stmt::Continue)
            }
            Tok::Kw("delete") => {
                self.advance()?;
                let paren = self.is_op("(");
                if paren {
                    self.advance()?;
                }
                let Tok::Name(n) = self.tok.clone() else { return self.err() };
                self.advance()?;
                let var = self.var(&n);
                let (subs, last) = if paren {
                    // `delete (a)` only: no subscripts in parentheses
                    self.expect_op(")")?;
                    (Vec::new(), None)
                } else {
                    let mut subs = self.levels()?;
                    let last = subs.pop();
                    (subs, last)
                };
                Ok(Stmt::Delete(ArrPath { var, subs }, last))
            }
            _ => Ok(Stmt::Expr(self.expr()?)),
        }
    }

    /// The `[...]` lists after an array's name (none when no `[` follows).
    fn levels(&mut self) -> R<Vec<Vec<Expr>>> {
        let mut v = Vec::new();
        while self.is_op("[") {
            self.advance()?;
            v.push(self.subscripts()?);
        }
        Ok(v)
    }

    fn subscripts(&mut self) -> R<Vec<Expr>> {
        let saved = (self.no_gt, self.no_in);
        self.no_gt = false;
        self.no_in = false;
        let r = self.expr_list();
        (self.no_gt, self.no_in) = saved;
        let v = r?;
        self.expect_op("]")?;
        Ok(v)
    }

    fn expr_list(&mut self) -> R<Vec<Expr>> {
        let mut v = vec![self.expr()?];
        while self.is_op(",") {
            self.advance()?;
            self.skip_nl()?;
            v.push(self.expr()?);
        }
        Ok(v)
    }

    /// An expression (assignment level).
    pub fn expr(&mut self) -> R<Expr> {
        self.ternary()
    }

    fn to_lvalue(e: Expr) -> Option<LValue> {
        match e {
            Expr::Var(v) => Some(LValue::Var(v)),
            Expr::Nf => Some(LValue::Var(Var::Global(Special::Nf as u32))),
            Expr::Field(i) => Some(LValue::Field(i)),
            Expr::Index(v, s) => Some(LValue::Index(v, s)),
            Expr::Group(e) => Self::to_lvalue(*e),
            _ => None,
        }
    }

    fn ternary(&mut self) -> R<Expr> {
        let c = self.or()?;
        if self.is_op("?") {
            self.advance()?;
            self.skip_nl()?;
            let a = self.ternary()?;
            self.skip_nl()?;
            self.expect_op(":")?;
            self.skip_nl()?;
            let b = self.ternary()?;
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        let op = match &self.tok {
            Tok::Op(o @ ("=" | "+=" | "-=" | "*=" | "/=" | "%=" | "^=")) => *o,
            _ => return Ok(c),
        };
        let is_lv = matches!(c, Expr::Var(_) | Expr::Nf | Expr::Field(_) | Expr::Index(..));
        if !is_lv {
            return Ok(c);
        }
        let line = self.line_of(self.tok_pos);
        self.advance()?;
        self.skip_nl()?;
        let rhs = self.ternary()?;
        let Some(lv) = Self::to_lvalue(c) else { return self.err() };
        let lv = Box::new(lv);
        let rhs = Box::new(rhs);
        Ok(match op {
            "=" => Expr::Assign(lv, rhs),
            "+=" => Expr::AugAssign(Arith::Add, lv, rhs, line),
            "-=" => Expr::AugAssign(Arith::Sub, lv, rhs, line),
            "*=" => Expr::AugAssign(Arith::Mul, lv, rhs, line),
            "/=" => Expr::AugAssign(Arith::Div, lv, rhs, line),
            "%=" => Expr::AugAssign(Arith::Mod, lv, rhs, line),
            _ => Expr::AugAssign(Arith::Pow, lv, rhs, line),
        })
    }

    fn or(&mut self) -> R<Expr> {
        let mut l = self.and()?;
        while self.is_op("||") {
            self.advance()?;
            self.skip_nl()?;
            let r = self.and()?;
            l = Expr::Or(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn and(&mut self) -> R<Expr> {
        let mut l = self.in_expr()?;
        while self.is_op("&&") {
            self.advance()?;
            self.skip_nl()?;
            let r = self.in_expr()?;
            l = Expr::And(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn in_expr(&mut self) -> R<Expr> {
        let mut l = self.match_expr()?;
        while self.is_kw("in") && !self.no_in {
            self.advance()?;
            let Tok::Name(a) = self.tok.clone() else { return self.err() };
            self.advance()?;
            let var = self.var(&a);
            let subs = self.levels()?;
            l = Expr::In(vec![l], Box::new(ArrPath { var, subs }));
        }
        Ok(l)
    }

    fn match_expr(&mut self) -> R<Expr> {
        let mut l = self.cmp_expr()?;
        loop {
            let neg = if self.is_op("~") {
                false
            } else if self.is_op("!~") {
                true
            } else {
                return Ok(l);
            };
            self.advance()?;
            let r = self.cmp_expr()?;
            l = Expr::Match(neg, Box::new(l), Box::new(r));
        }
    }

    fn cmp_expr(&mut self) -> R<Expr> {
        let l = self.pipe_getline()?;
        let op = match &self.tok {
            Tok::Op("<") => Cmp::Lt,
            Tok::Op("<=") => Cmp::Le,
            Tok::Op("==") => Cmp::Eq,
            Tok::Op("!=") => Cmp::Ne,
            Tok::Op(">") if !self.no_gt => Cmp::Gt,
            Tok::Op(">=") => Cmp::Ge,
            _ => return Ok(l),
        };
        self.advance()?;
        let r = self.pipe_getline()?;
        Ok(Expr::Cmp(op, Box::new(l), Box::new(r)))
    }

    fn pipe_getline(&mut self) -> R<Expr> {
        let mut l = self.concat_expr(false)?;
        while self.is_op("|") {
            let snap = self.snapshot();
            self.advance()?;
            if !self.is_kw("getline") {
                self.restore(snap);
                break;
            }
            self.advance()?;
            let lv = self.getline_target()?;
            l = Expr::Getline(GetSrc::Cmd(Box::new(l)), lv);
        }
        Ok(l)
    }

    fn getline_target(&mut self) -> R<Option<Box<LValue>>> {
        if matches!(self.tok, Tok::Name(_)) || self.is_op("$") {
            let e = self.primary()?;
            match Self::to_lvalue(e) {
                Some(lv) => Ok(Some(Box::new(lv))),
                None => self.err(),
            }
        } else {
            Ok(None)
        }
    }

    fn starts_operand(&self) -> bool {
        match &self.tok {
            Tok::Num(_) | Tok::Str(_) | Tok::Name(_) | Tok::FuncName(_) | Tok::Builtin(_) => true,
            Tok::Op(o) => matches!(*o, "$" | "(" | "!" | "++" | "--" | "-" | "+"),
            Tok::Kw("getline") => false,
            _ => false,
        }
    }

    /// Concatenation; `redirect`: the target of `>`/`|` in print (no concatenation with `-`).
    fn concat_expr(&mut self, redirect: bool) -> R<Expr> {
        let mut l = self.additive()?;
        if redirect {
            return Ok(l);
        }
        while self.starts_operand() && !self.is_op("-") && !self.is_op("+") {
            if self.is_kw("in") {
                break;
            }
            let r = self.additive()?;
            l = Expr::Concat(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn additive(&mut self) -> R<Expr> {
        let mut l = self.multiplicative()?;
        loop {
            let op = if self.is_op("+") {
                Arith::Add
            } else if self.is_op("-") {
                Arith::Sub
            } else {
                return Ok(l);
            };
            let line = self.line_of(self.tok_pos);
            self.advance()?;
            let r = self.multiplicative()?;
            l = Expr::Arith(op, Box::new(l), Box::new(r), line);
        }
    }

    fn multiplicative(&mut self) -> R<Expr> {
        let mut l = self.unary()?;
        loop {
            let op = if self.is_op("*") {
                Arith::Mul
            } else if self.is_op("/") {
                Arith::Div
            } else if self.is_op("%") {
                Arith::Mod
            } else {
                return Ok(l);
            };
            let line = self.line_of(self.tok_pos);
            let pos = self.tok_pos;
            self.advance()?;
            let r = self.unary()?;
            if matches!(op, Arith::Div | Arith::Mod) && matches!(r, Expr::Num(z) if z == 0.0) {
                let msg = if op == Arith::Mod { "error: division by zero attempted in `%'" } else { "error: division by zero attempted" };
                return Err(ParseError { msg: msg.to_string(), pos, plain: true });
            }
            l = Expr::Arith(op, Box::new(l), Box::new(r), line);
        }
    }

    fn unary(&mut self) -> R<Expr> {
        if self.is_op("!") {
            self.advance()?;
            return Ok(Expr::Not(Box::new(self.unary()?)));
        }
        if self.is_op("-") {
            self.advance()?;
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        if self.is_op("+") {
            self.advance()?;
            return Ok(Expr::Plus(Box::new(self.unary()?)));
        }
        self.power()
    }

    fn power(&mut self) -> R<Expr> {
        let base = self.postfix()?;
        if self.is_op("^") {
            let line = self.line_of(self.tok_pos);
            self.advance()?;
            // right associative; the exponent may carry a sign
            let exp = if self.is_op("-") {
                self.advance()?;
                Expr::Neg(Box::new(self.power()?))
            } else if self.is_op("+") {
                self.advance()?;
                self.power()?
            } else if self.is_op("!") {
                self.advance()?;
                Expr::Not(Box::new(self.power()?))
            } else {
                self.power()?
            };
            return Ok(Expr::Arith(Arith::Pow, Box::new(base), Box::new(exp), line));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> R<Expr> {
        let e = self.primary()?;
        if (self.is_op("++") || self.is_op("--")) && matches!(e, Expr::Var(_) | Expr::Nf | Expr::Field(_) | Expr::Index(..)) {
            let d = if self.is_op("++") { 1.0 } else { -1.0 };
            self.advance()?;
            let Some(lv) = Self::to_lvalue(e) else { return self.err() };
            return Ok(Expr::PostIncr(Box::new(lv), d));
        }
        Ok(e)
    }

    fn regex_const(&mut self, text: Vec<u8>) -> Expr {
        self.prog.regexes.push(text);
        Expr::Regex(self.prog.regexes.len() - 1)
    }

    fn primary(&mut self) -> R<Expr> {
        match self.tok.clone() {
            Tok::Num(n) => {
                self.advance()?;
                Ok(Expr::Num(n))
            }
            Tok::Str(s) => {
                self.advance()?;
                Ok(Expr::Str(Rc::from(s)))
            }
            Tok::Op("/") | Tok::Op("/=") => {
                let t = self.lex.regex(self.tok_pos)?;
                let Tok::Regex(text) = t else { return self.err() };
                self.advance()?;
                Ok(self.regex_const(text))
            }
            Tok::Op("(") => {
                self.advance()?;
                let saved = (self.no_gt, self.no_in);
                self.no_gt = false;
                self.no_in = false;
                let r = self.expr_list();
                (self.no_gt, self.no_in) = saved;
                let mut list = r?;
                self.skip_nl()?;
                self.expect_op(")")?;
                if list.len() > 1 {
                    if self.is_kw("in") {
                        self.advance()?;
                        let Tok::Name(a) = self.tok.clone() else { return self.err() };
                        self.advance()?;
                        let var = self.var(&a);
                        let subs = self.levels()?;
                        return Ok(Expr::In(list, Box::new(ArrPath { var, subs })));
                    }
                    return Ok(Expr::Group(Box::new(Expr::Builtin("\0list", list))));
                }
                let e = list.pop().unwrap_or(Expr::Num(0.0));
                Ok(Expr::Group(Box::new(e)))
            }
            Tok::Op("$") => {
                self.advance()?;
                let e = if self.is_op("++") || self.is_op("--") {
                    let d = if self.is_op("++") { 1.0 } else { -1.0 };
                    self.advance()?;
                    let p = self.primary()?;
                    let Some(lv) = Self::to_lvalue(p) else { return self.err() };
                    Expr::PreIncr(Box::new(lv), d)
                } else if self.is_op("-") {
                    self.advance()?;
                    Expr::Neg(Box::new(self.primary()?))
                } else if self.is_op("+") {
                    self.advance()?;
                    Expr::Plus(Box::new(self.primary()?))
                } else if self.is_op("!") {
                    self.advance()?;
                    Expr::Not(Box::new(self.primary()?))
                } else {
                    self.primary()?
                };
                Ok(Expr::Field(Box::new(e)))
            }
            Tok::Op(o @ ("++" | "--")) => {
                self.advance()?;
                let p = self.primary()?;
                let Some(lv) = Self::to_lvalue(p) else { return self.err() };
                Ok(Expr::PreIncr(Box::new(lv), if o == "++" { 1.0 } else { -1.0 }))
            }
            Tok::Op("-") => {
                self.advance()?;
                Ok(Expr::Neg(Box::new(self.unary()?)))
            }
            Tok::Op("+") => {
                self.advance()?;
                Ok(Expr::Plus(Box::new(self.unary()?)))
            }
            Tok::Op("!") => {
                self.advance()?;
                Ok(Expr::Not(Box::new(self.unary()?)))
            }
            Tok::Name(n) => {
                self.advance()?;
                if self.is_op("[") {
                    let subs = self.levels()?;
                    let v = self.var(&n);
                    return Ok(Expr::Index(v, subs));
                }
                let v = self.var(&n);
                if v == Var::Global(Special::Nf as u32) {
                    return Ok(Expr::Nf);
                }
                Ok(Expr::Var(v))
            }
            Tok::FuncName(n) => {
                let pos = self.tok_pos;
                self.advance()?;
                let idx = self.func_slot(&n, pos);
                let args = self.call_args()?;
                Ok(Expr::Call(idx, args))
            }
            Tok::Builtin(b) => {
                let name = builtin_name(&b);
                self.advance()?;
                let args = if self.is_op("(") {
                    self.call_args()?
                } else if name == "length" {
                    Vec::new()
                } else {
                    return self.err();
                };
                Ok(Expr::Builtin(name, args))
            }
            Tok::Kw("getline") => {
                self.advance()?;
                let lv = self.getline_target()?;
                if self.is_op("<") {
                    self.advance()?;
                    let f = self.primary()?;
                    return Ok(Expr::Getline(GetSrc::File(Box::new(f)), lv));
                }
                Ok(Expr::Getline(GetSrc::Main, lv))
            }
            _ => self.err(),
        }
    }

    fn call_args(&mut self) -> R<Vec<Expr>> {
        self.expect_op("(")?;
        let saved = (self.no_gt, self.no_in);
        self.no_gt = false;
        self.no_in = false;
        let r = (|| {
            self.skip_nl()?;
            if self.is_op(")") {
                self.advance()?;
                return Ok(Vec::new());
            }
            let v = self.expr_list()?;
            self.skip_nl()?;
            self.expect_op(")")?;
            Ok(v)
        })();
        (self.no_gt, self.no_in) = saved;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Program {
        Parser::parse(s.as_bytes()).unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    fn bad(s: &str) -> ParseError {
        Parser::parse(s.as_bytes()).unwrap_err()
    }

    #[test]
    fn parses_common_programs() {
        ok("{ s[$2] += $3 } END { for (k in s) print k, s[k] }");
        ok("NR==FNR { a[$1]=$2; next } $1 in a { print $0, a[$1] }");
        ok("BEGIN { printf \"%s %d\\n\", \"a\", 1 > \"/dev/stderr\" }");
        ok("/start/,/end/");
        ok("function f(n) { return n < 2 ? n : f(n-1) + f(n-2) }\nBEGIN { print f(10) }");
        ok("{ while ((getline line < \"f\") > 0) n++ }");
        ok("BEGIN { \"date\" | getline d; close(\"date\") }");
        ok("{ print $1, $2 > \"out\" }");
        ok("BEGIN { if (x) print 1; else print 2 }");
        ok("BEGIN { for (i = 0; i < 3; i++) ; }");
        ok("{ $3 = \"\"; print }");
        ok("BEGIN { a[1,2] = 3; if ((1,2) in a) print \"y\" }");
        ok("BEGIN { x = length; y = length($0) }");
        ok("BEGIN { print -2^2, 2^-1, 1 - -1 }");
        ok("{ n = split($0, parts, /,/) }");
        ok("BEGIN { do x++; while (x < 3) }");
        ok("{ switch ($1) { case 1: print \"one\"; break\n case /x/: case \"y\": print; default: print \"d\" } }");
    }

    #[test]
    fn errors() {
        let e = bad("BEGIN { print 1 +* 2 }");
        assert_eq!(e.msg, "syntax error");
        assert_eq!(e.pos, 17);
        let e = bad("BEGIN{");
        assert_eq!(e.msg, "unexpected newline or end of string");
        assert_eq!(bad("BEGIN { f(1) }").msg, "function `f' not defined");
    }

    #[test]
    fn arrays_of_arrays() {
        let p = ok("BEGIN { a[1][2] = 3; delete a[1][2]; for (k in a[1]) print k; if ((1, 2) in a[3]) print }");
        let b = &p.begin[0];
        assert!(matches!(&b[0], Stmt::Expr(Expr::Assign(lv, _)) if matches!(&**lv, LValue::Index(_, l) if l.len() == 2)));
        assert!(matches!(&b[1], Stmt::Delete(p, Some(_)) if p.subs.len() == 1));
        assert!(matches!(&b[2], Stmt::ForIn(_, p, _) if p.subs.len() == 1));
    }

    #[test]
    fn line_marks() {
        let p = ok("BEGIN {\n x = 1\n if (x)\n  y = 2 }");
        let b = &p.begin[0];
        assert!(matches!(b[0], Stmt::Line(2)));
        assert!(matches!(&b[3], Stmt::If(_, t, _) if matches!(&**t, Stmt::Block(v) if matches!(v[0], Stmt::Line(4)))));
        assert!(!ok("BEGIN { x = 1; y = 2 }").begin[0].iter().any(|s| matches!(s, Stmt::Line(_))));
    }
}
