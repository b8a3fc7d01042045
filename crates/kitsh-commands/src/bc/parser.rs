//! bc's grammar (GNU bc 1.07, with its extensions): one [`Item`] at a time — a line of
//! statements or a function definition — so that each line runs as soon as it is read.
//! Precedence, lowest first: `||`, `&&`, `!`, relations, assignment (right), `+ -`, `* / %`,
//! `^` (right), unary `-`, `++ --`.

use std::rc::Rc;

use super::ast::{Arg, Arith, Expr, Func, Item, Local, Place, PrintItem, Rel, Stmt};
use super::lexer::{Lexer, Tok};

/// How deeply expressions and statements may nest.
const MAX_DEPTH: usize = 500;

/// A syntax error (the message is printed as `FILE LINE: MSG`).
#[derive(Debug)]
pub struct Syntax;

type P<T> = Result<T, Syntax>;

/// The parser over one input.
pub struct Parser<'a> {
    /// The token source (the interpreter's `read()` takes lines from it too).
    pub lx: Lexer<'a>,
    peeked: Vec<Tok>,
    /// Messages to print on stderr, as `(line, text)` (line 0: the text alone).
    pub messages: Vec<(usize, String)>,
    /// An illegal character was seen in the current item (bc then does not run it).
    illegal: bool,
    /// `quit` was read.
    quit: bool,
    /// Inside `{ }`, after a syntax error: tokens consumed since (bison reports a new error
    /// only after three).
    since_error: Option<usize>,
    depth: usize,
    in_function: bool,
    loops: usize,
}

impl<'a> Parser<'a> {
    /// A parser reading `lx`.
    pub fn new(lx: Lexer<'a>) -> Parser<'a> {
        Parser { lx, peeked: Vec::new(), messages: Vec::new(), illegal: false, quit: false, since_error: None, depth: 0, in_function: false, loops: 0 }
    }

    fn peek(&mut self) -> &Tok {
        if self.peeked.is_empty() {
            let t = loop {
                match self.lx.next_token() {
                    Tok::Illegal(c) => {
                        let line = self.lx.line;
                        self.messages.push((line, format!("illegal character: {c}")));
                        self.illegal = true;
                    }
                    Tok::Unterminated(_) => {
                        self.messages.push((0, "EOF encountered in a comment.".to_string()));
                        break Tok::Eof;
                    }
                    t => break t,
                }
            };
            self.peeked.push(t);
        }
        self.peeked.last().unwrap_or(&Tok::Eof)
    }

    fn next(&mut self) -> Tok {
        self.peek();
        if let Some(n) = self.since_error.as_mut() {
            *n += 1;
        }
        self.peeked.pop().unwrap_or(Tok::Eof)
    }

    fn is_op(&mut self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }

    fn is_kw(&mut self, kw: &str) -> bool {
        matches!(self.peek(), Tok::Kw(k) if *k == kw)
    }

    fn expect_op(&mut self, op: &str) -> P<()> {
        if self.is_op(op) {
            self.next();
            Ok(())
        } else {
            Err(self.error())
        }
    }

    /// Records a syntax error at the current line.
    fn error(&mut self) -> Syntax {
        self.peek();
        if !matches!(self.since_error, Some(n) if n < 3) {
            let line = self.lx.line;
            self.messages.push((line, "syntax error".to_string()));
        }
        Syntax
    }

    fn skip_newlines(&mut self) {
        while *self.peek() == Tok::Newline {
            self.next();
        }
    }

    /// The next item. After a syntax error the rest of the line is skipped.
    pub fn item(&mut self) -> Item {
        self.depth = 0;
        self.loops = 0;
        self.in_function = false;
        self.illegal = false;
        self.since_error = None;
        let r = if self.is_kw("define") { self.define().map(Item::Define) } else { self.line() };
        let failed = self.illegal || self.since_error.is_some();
        self.since_error = None;
        if self.quit {
            return Item::Quit;
        }
        match r {
            Ok(Item::Quit) => Item::Quit,
            Ok(_) if failed => Item::Error,
            Ok(item) => item,
            Err(Syntax) => {
                loop {
                    match self.next() {
                        Tok::Newline | Tok::Eof | Tok::Unterminated(_) => break,
                        _ => {}
                    }
                }
                Item::Error
            }
        }
    }

    /// `stmt ; stmt ; ... NEWLINE`
    fn line(&mut self) -> P<Item> {
        if *self.peek() == Tok::Eof {
            return Ok(Item::Eof);
        }
        let mut list = Vec::new();
        loop {
            match self.peek() {
                Tok::Newline => {
                    self.next();
                    return Ok(Item::Stmts(list));
                }
                Tok::Eof => return Ok(Item::Stmts(list)),
                Tok::Op(";") => {
                    self.next();
                    continue;
                }
                _ => {}
            }
            if let Some(s) = self.statement()? {
                list.push(s);
            }
            match self.peek() {
                Tok::Newline | Tok::Eof | Tok::Op(";") => {}
                _ => return Err(self.error()),
            }
        }
    }

    /// `define [void] NAME ( params ) { auto ...; body }`
    fn define(&mut self) -> P<Rc<Func>> {
        self.next();
        let mut void = false;
        if self.is_kw("void") {
            self.next();
            void = true;
        }
        let name = match self.next() {
            Tok::Name(n) => n,
            _ => return Err(self.error()),
        };
        self.expect_op("(")?;
        let params = if self.is_op(")") { Vec::new() } else { self.locals(true)? };
        self.expect_op(")")?;
        self.skip_newlines();
        self.expect_op("{")?;
        self.skip_newlines();
        let mut autos = Vec::new();
        self.in_function = true;
        if self.is_kw("auto") {
            self.next();
            autos = self.locals(false)?;
            match self.peek() {
                Tok::Newline | Tok::Op(";") => {
                    self.next();
                }
                _ => return Err(self.error()),
            }
        }
        let body = self.statements_until_brace()?;
        self.in_function = false;
        Ok(Rc::new(Func { name, void, params, autos, body }))
    }

    /// `a, b[], *c[]` (`*`: an array passed by reference, in parameters only).
    fn locals(&mut self, params: bool) -> P<Vec<Local>> {
        let mut v = Vec::new();
        loop {
            let mut by_ref = false;
            if params && self.is_op("*") {
                self.next();
                by_ref = true;
            }
            let name = match self.next() {
                Tok::Name(n) => n,
                _ => return Err(self.error()),
            };
            let mut array = false;
            if self.is_op("[") {
                self.next();
                self.expect_op("]")?;
                array = true;
            }
            if by_ref && !array {
                return Err(self.error());
            }
            v.push(Local { name, array, by_ref });
            if self.is_op(",") {
                self.next();
            } else {
                return Ok(v);
            }
        }
    }

    /// Statements up to and including the closing `}`.
    fn statements_until_brace(&mut self) -> P<Vec<Stmt>> {
        let mut list = Vec::new();
        loop {
            match self.peek() {
                Tok::Newline | Tok::Op(";") => {
                    self.next();
                    continue;
                }
                Tok::Op("}") => {
                    self.next();
                    return Ok(list);
                }
                _ => {}
            }
            let r = match self.statement() {
                Ok(s) => match self.peek() {
                    Tok::Newline | Tok::Op(";") | Tok::Op("}") => Ok(s),
                    _ => Err(self.error()),
                },
                Err(e) => Err(e),
            };
            match r {
                Ok(Some(s)) => list.push(s),
                Ok(None) => {}
                Err(Syntax) => self.recover_in_block()?,
            }
        }
    }

    /// bison's `error statement` inside `{ }`: tokens that cannot start a statement (newlines,
    /// `;`, `}` ...) are dropped, and the list goes on with the next statement. The item is
    /// not run. At the end of the input the error is final.
    fn recover_in_block(&mut self) -> P<()> {
        // Too deep a nesting is final; and a second error before any token was consumed drops
        // a token, so that recovery always moves on.
        if self.depth + 1 >= MAX_DEPTH {
            return Err(Syntax);
        }
        if self.since_error == Some(0) {
            if *self.peek() == Tok::Eof {
                return Err(Syntax);
            }
            self.peeked.pop();
        }
        self.since_error = Some(0);
        loop {
            match self.peek() {
                Tok::Eof => return Err(Syntax),
                Tok::Num(_) | Tok::Name(_) | Tok::Str(_) | Tok::Op("(" | "-" | "!" | "++" | "--" | "{") => {
                    return Ok(());
                }
                Tok::Kw(k) if !matches!(*k, "else" | "auto" | "define") => return Ok(()),
                _ => {
                    self.peeked.pop();
                }
            }
        }
    }

    fn enter(&mut self) -> P<()> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error());
        }
        self.depth += 1;
        Ok(())
    }

    /// One statement; `None` for an empty one.
    fn statement(&mut self) -> P<Option<Stmt>> {
        self.enter()?;
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.statement_inner());
        self.depth -= 1;
        r
    }

    fn statement_inner(&mut self) -> P<Option<Stmt>> {
        let tok = self.peek().clone();
        let s = match tok {
            Tok::Str(s) => {
                self.next();
                Stmt::Str(s)
            }
            Tok::Op("{") => {
                self.next();
                Stmt::Block(self.statements_until_brace()?)
            }
            Tok::Kw("break") | Tok::Kw("continue") => {
                self.next();
                if self.loops == 0 {
                    return Err(self.error());
                }
                if tok == Tok::Kw("break") {
                    Stmt::Break
                } else {
                    Stmt::Continue
                }
            }
            Tok::Kw("quit") => {
                // quit ends bc as soon as it is read, wherever it is (even in a branch or a
                // function body that never runs).
                self.next();
                self.quit = true;
                return Err(Syntax);
            }
            Tok::Kw("halt") => {
                self.next();
                Stmt::Halt
            }
            Tok::Kw("limits") => {
                self.next();
                Stmt::Limits
            }
            Tok::Kw("warranty") => {
                self.next();
                Stmt::Warranty
            }
            Tok::Kw("return") => {
                self.next();
                if !self.in_function {
                    return Err(self.error());
                }
                match self.peek() {
                    Tok::Newline | Tok::Eof | Tok::Op(";") | Tok::Op("}") => Stmt::Return(None),
                    _ => Stmt::Return(Some(self.expr()?)),
                }
            }
            Tok::Kw("print") => {
                self.next();
                let mut items = Vec::new();
                loop {
                    if let Tok::Str(s) = self.peek().clone() {
                        self.next();
                        items.push(PrintItem::Str(s));
                    } else {
                        items.push(PrintItem::Value(self.expr()?));
                    }
                    if self.is_op(",") {
                        self.next();
                    } else {
                        break;
                    }
                }
                Stmt::Print(items)
            }
            Tok::Kw("if") => {
                self.next();
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                let then = self.body()?;
                let els = if self.is_kw("else") {
                    self.next();
                    Some(self.body()?)
                } else {
                    None
                };
                Stmt::If(c, then, els)
            }
            Tok::Kw("while") => {
                self.next();
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                self.loops += 1;
                let body = self.body();
                self.loops -= 1;
                Stmt::While(c, body?)
            }
            Tok::Kw("for") => {
                self.next();
                self.expect_op("(")?;
                let init = if self.is_op(";") { None } else { Some(self.expr()?) };
                self.expect_op(";")?;
                let cond = if self.is_op(";") { None } else { Some(self.expr()?) };
                self.expect_op(";")?;
                let step = if self.is_op(")") { None } else { Some(self.expr()?) };
                self.expect_op(")")?;
                self.loops += 1;
                let body = self.body();
                self.loops -= 1;
                Stmt::For(init, cond, step, body?)
            }
            Tok::Newline | Tok::Eof | Tok::Op(";") | Tok::Op("}") => return Ok(None),
            _ => Stmt::Expr(self.expr()?),
        };
        Ok(Some(s))
    }

    /// The body of `if`/`while`/`for`: newlines may come first; an empty body is allowed.
    fn body(&mut self) -> P<Box<Stmt>> {
        self.skip_newlines();
        if self.is_op(";") {
            return Ok(Box::new(Stmt::Block(Vec::new())));
        }
        match self.statement()? {
            Some(s) => Ok(Box::new(s)),
            None => Err(self.error()),
        }
    }

    /// A full expression.
    pub fn expr(&mut self) -> P<Expr> {
        self.binary(1)
    }

    fn binary(&mut self, min: u8) -> P<Expr> {
        self.enter()?;
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.binary_inner(min));
        self.depth -= 1;
        r
    }

    fn binary_inner(&mut self, min: u8) -> P<Expr> {
        let mut lhs = if self.is_op("!") && min <= 3 {
            self.next();
            Expr::Not(Box::new(self.binary(4)?))
        } else {
            self.unary()?
        };
        loop {
            let op = match self.peek() {
                Tok::Op(o) => *o,
                _ => return Ok(lhs),
            };
            let (prec, right) = match op {
                "||" => (1, false),
                "&&" => (2, false),
                "==" | "!=" | "<" | "<=" | ">" | ">=" => (4, false),
                "+" | "-" => (6, false),
                "*" | "/" | "%" => (7, false),
                "^" => (8, true),
                _ => return Ok(lhs),
            };
            if prec < min {
                return Ok(lhs);
            }
            self.next();
            let rhs = self.binary(if right { prec } else { prec + 1 })?;
            let (l, r) = (Box::new(lhs), Box::new(rhs));
            lhs = match op {
                "||" => Expr::Or(l, r),
                "&&" => Expr::And(l, r),
                "==" => Expr::Cmp(Rel::Eq, l, r),
                "!=" => Expr::Cmp(Rel::Ne, l, r),
                "<" => Expr::Cmp(Rel::Lt, l, r),
                "<=" => Expr::Cmp(Rel::Le, l, r),
                ">" => Expr::Cmp(Rel::Gt, l, r),
                ">=" => Expr::Cmp(Rel::Ge, l, r),
                "+" => Expr::Bin(Arith::Add, l, r),
                "-" => Expr::Bin(Arith::Sub, l, r),
                "*" => Expr::Bin(Arith::Mul, l, r),
                "/" => Expr::Bin(Arith::Div, l, r),
                "%" => Expr::Bin(Arith::Rem, l, r),
                _ => Expr::Bin(Arith::Pow, l, r),
            };
        }
    }

    /// Unary minus, `!` in operand position, `++`/`--` and primaries.
    fn unary(&mut self) -> P<Expr> {
        self.enter()?;
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.unary_inner());
        self.depth -= 1;
        r
    }

    fn unary_inner(&mut self) -> P<Expr> {
        if self.is_op("-") {
            self.next();
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        if self.is_op("!") {
            self.next();
            return Ok(Expr::Not(Box::new(self.binary(4)?)));
        }
        if self.is_op("++") || self.is_op("--") {
            let inc = self.is_op("++");
            self.next();
            let place = self.place()?;
            return Ok(Expr::Step { place, inc, pre: true });
        }
        let tok = self.next();
        match tok {
            Tok::Num(s) => Ok(Expr::Num(s)),
            Tok::Op("(") => {
                let e = self.expr()?;
                self.expect_op(")")?;
                Ok(Expr::Paren(Box::new(e)))
            }
            Tok::Kw(k @ ("length" | "sqrt" | "scale")) if self.is_op("(") => {
                self.next();
                let e = Box::new(self.expr()?);
                self.expect_op(")")?;
                Ok(match k {
                    "length" => Expr::Length(e),
                    "sqrt" => Expr::Sqrt(e),
                    _ => Expr::ScaleOf(e),
                })
            }
            Tok::Kw("read") => {
                self.expect_op("(")?;
                self.expect_op(")")?;
                Ok(Expr::Read)
            }
            Tok::Name(n) if self.is_op("(") => {
                self.next();
                let mut args = Vec::new();
                if !self.is_op(")") {
                    loop {
                        args.push(self.arg()?);
                        if self.is_op(",") {
                            self.next();
                        } else {
                            break;
                        }
                    }
                }
                self.expect_op(")")?;
                Ok(Expr::Call(n, args))
            }
            Tok::Name(_) | Tok::Kw("scale" | "ibase" | "obase" | "last") => {
                self.peeked_back(tok);
                let place = self.place()?;
                self.after_place(place)
            }
            other => {
                self.peeked_back(other);
                Err(self.error())
            }
        }
    }

    /// Puts a token back in front of the lookahead.
    fn peeked_back(&mut self, t: Tok) {
        self.peeked.push(t);
    }

    /// A call argument: `a[]` passes an array.
    fn arg(&mut self) -> P<Arg> {
        if let Tok::Name(n) = self.peek().clone() {
            self.next();
            if self.is_op("[") {
                self.next();
                if self.is_op("]") {
                    self.next();
                    return Ok(Arg::Array(n));
                }
                let idx = self.expr()?;
                self.expect_op("]")?;
                let e = self.after_place(Place::Elem(n, Box::new(idx)))?;
                return self.continue_expr(e).map(Arg::Value);
            }
            let e = if self.is_op("(") {
                self.call_rest(n)?
            } else {
                self.after_place(Place::Var(n))?
            };
            return self.continue_expr(e).map(Arg::Value);
        }
        Ok(Arg::Value(self.expr()?))
    }

    fn call_rest(&mut self, n: String) -> P<Expr> {
        self.next();
        let mut args = Vec::new();
        if !self.is_op(")") {
            loop {
                args.push(self.arg()?);
                if self.is_op(",") {
                    self.next();
                } else {
                    break;
                }
            }
        }
        self.expect_op(")")?;
        Ok(Expr::Call(n, args))
    }

    /// Continues a binary expression whose first operand is already parsed.
    fn continue_expr(&mut self, first: Expr) -> P<Expr> {
        // Re-enter the precedence loop with `first` as the left operand.
        let mut lhs = first;
        loop {
            let op = match self.peek() {
                Tok::Op(o) => *o,
                _ => return Ok(lhs),
            };
            let (prec, right) = match op {
                "||" => (1, false),
                "&&" => (2, false),
                "==" | "!=" | "<" | "<=" | ">" | ">=" => (4, false),
                "+" | "-" => (6, false),
                "*" | "/" | "%" => (7, false),
                "^" => (8, true),
                _ => return Ok(lhs),
            };
            self.next();
            let rhs = self.binary(if right { prec } else { prec + 1 })?;
            let (l, r) = (Box::new(lhs), Box::new(rhs));
            lhs = match op {
                "||" => Expr::Or(l, r),
                "&&" => Expr::And(l, r),
                "==" => Expr::Cmp(Rel::Eq, l, r),
                "!=" => Expr::Cmp(Rel::Ne, l, r),
                "<" => Expr::Cmp(Rel::Lt, l, r),
                "<=" => Expr::Cmp(Rel::Le, l, r),
                ">" => Expr::Cmp(Rel::Gt, l, r),
                ">=" => Expr::Cmp(Rel::Ge, l, r),
                "+" => Expr::Bin(Arith::Add, l, r),
                "-" => Expr::Bin(Arith::Sub, l, r),
                "*" => Expr::Bin(Arith::Mul, l, r),
                "/" => Expr::Bin(Arith::Div, l, r),
                "%" => Expr::Bin(Arith::Rem, l, r),
                _ => Expr::Bin(Arith::Pow, l, r),
            };
            // Lower-precedence operators after a higher one bind correctly because `binary`
            // consumed everything of higher precedence on the right.
            let _ = prec;
        }
    }

    /// A variable, element or special variable.
    fn place(&mut self) -> P<Place> {
        match self.next() {
            Tok::Name(n) => {
                if self.is_op("[") {
                    self.next();
                    let idx = self.expr()?;
                    self.expect_op("]")?;
                    Ok(Place::Elem(n, Box::new(idx)))
                } else {
                    Ok(Place::Var(n))
                }
            }
            Tok::Kw("scale") => Ok(Place::Scale),
            Tok::Kw("ibase") => Ok(Place::Ibase),
            Tok::Kw("obase") => Ok(Place::Obase),
            Tok::Kw("last") => Ok(Place::Last),
            other => {
                self.peeked_back(other);
                Err(self.error())
            }
        }
    }

    /// After a place: an assignment, a post-increment, or its value.
    fn after_place(&mut self, place: Place) -> P<Expr> {
        let op = match self.peek() {
            Tok::Op(o) => *o,
            _ => return Ok(Expr::Load(place)),
        };
        let arith = match op {
            "=" => None,
            "+=" => Some(Arith::Add),
            "-=" => Some(Arith::Sub),
            "*=" => Some(Arith::Mul),
            "/=" => Some(Arith::Div),
            "%=" => Some(Arith::Rem),
            "^=" => Some(Arith::Pow),
            "++" | "--" => {
                self.next();
                return Ok(Expr::Step { place, inc: op == "++", pre: false });
            }
            _ => return Ok(Expr::Load(place)),
        };
        self.next();
        let rhs = self.binary(5)?;
        Ok(Expr::Assign(place, arith, Box::new(rhs)))
    }
}
