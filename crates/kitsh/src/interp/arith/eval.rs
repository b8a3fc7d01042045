//! The evaluating recursive-descent parser, structured like bash's `expr.c` so that the order
//! of side effects, the skipped (no-evaluation) branches and the error tokens match bash.

use super::number::{fast_decimal, is_number_char, strlong};
use super::{ArithEnv, ArithError, ArithIndex, MAX_RECURSION};

/// Bound on the total nesting of recursive constructs (parentheses, unary operators,
/// right-associative chains, nested contexts) in one evaluation.
const MAX_NEST: usize = 10_000;
/// Stack space kept free before recursing; more is allocated on the heap when short.
const RED_ZONE: usize = 64 * 1024;
/// Size of each extra stack segment.
const STACK_GROW: usize = 1024 * 1024;

/// A token, as bash's `curtok`/`lasttok`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    Eof,
    Num,
    Str,
    EqEq,
    Neq,
    Leq,
    Geq,
    LAnd,
    LOr,
    Lsh,
    Rsh,
    /// `op=`: the operator character (`<` for `<<=`, `>` for `>>=`).
    OpAssign(u8),
    Cond,
    Power,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
    Eq,
    Gt,
    Lt,
    Plus,
    Minus,
    Mul,
    Div,
    Mod,
    Not,
    LPar,
    RPar,
    BAnd,
    BOr,
    BXor,
    BNot,
    Ques,
    Col,
    Comma,
}

impl Tok {
    /// A one-character operator token.
    fn single(c: u8) -> Option<Tok> {
        Some(match c {
            b'=' => Tok::Eq,
            b'>' => Tok::Gt,
            b'<' => Tok::Lt,
            b'+' => Tok::Plus,
            b'-' => Tok::Minus,
            b'*' => Tok::Mul,
            b'/' => Tok::Div,
            b'%' => Tok::Mod,
            b'!' => Tok::Not,
            b'(' => Tok::LPar,
            b')' => Tok::RPar,
            b'&' => Tok::BAnd,
            b'|' => Tok::BOr,
            b'^' => Tok::BXor,
            b'~' => Tok::BNot,
            b'?' => Tok::Ques,
            b':' => Tok::Col,
            b',' => Tok::Comma,
            _ => return None,
        })
    }

    /// Whether this is an operator token (after which an operand is expected).
    fn is_operator(self) -> bool {
        !matches!(self, Tok::Eof | Tok::Num | Tok::Str)
    }

    /// The binary precedence level (0 = `|` ... 7 = `* / %`), if a binary operator.
    fn binary_level(self) -> Option<u8> {
        Some(match self {
            Tok::BOr => 0,
            Tok::BXor => 1,
            Tok::BAnd => 2,
            Tok::EqEq | Tok::Neq => 3,
            Tok::Leq | Tok::Geq | Tok::Lt | Tok::Gt => 4,
            Tok::Lsh | Tok::Rsh => 5,
            Tok::Plus | Tok::Minus => 6,
            Tok::Mul | Tok::Div | Tok::Mod => 7,
            _ => return None,
        })
    }

    /// The binary operator of an `op=` character.
    fn from_assign_op(c: u8) -> Tok {
        match c {
            b'*' => Tok::Mul,
            b'/' => Tok::Div,
            b'%' => Tok::Mod,
            b'+' => Tok::Plus,
            b'-' => Tok::Minus,
            b'<' => Tok::Lsh,
            b'>' => Tok::Rsh,
            b'&' => Tok::BAnd,
            b'^' => Tok::BXor,
            _ => Tok::BOr,
        }
    }
}

/// A scanned token: kind, byte range, number value, end of the name for identifiers.
#[derive(Clone, Copy, Debug)]
struct Scanned {
    tok: Tok,
    start: usize,
    end: usize,
    val: i64,
    name_end: usize,
}

/// An identifier token: start, end of the name, end (after `[...]` if subscripted).
type Span = (usize, usize, usize);

/// Whether `c` is arithmetic whitespace (bash's `cr_whitespace`).
fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n')
}

/// Index of the `]` matching the `[` at `open`, counting nested brackets.
fn skip_subscript(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `base ** exp` with wrapping multiplication (exp >= 0).
fn ipow(mut base: i64, mut exp: i64) -> i64 {
    let mut result: i64 = 1;
    while exp != 0 {
        if exp & 1 != 0 {
            result = result.wrapping_mul(base);
        }
        exp >>= 1;
        base = base.wrapping_mul(base);
    }
    result
}

/// Turn an environment error text into an [`ArithError`].
fn env_err(message: String) -> ArithError {
    ArithError { message }
}

/// Evaluate `expr` as a new expression context at nesting `depth`.
pub(super) fn evaluate(
    expr: &str,
    env: &mut dyn ArithEnv,
    depth: usize,
) -> Result<i64, ArithError> {
    if expr.bytes().all(is_ws) {
        return Ok(0);
    }
    if let Some(c) = cache::lookup(expr) {
        return run::run(&c, env, depth, 0);
    }
    evaluate_at(expr, env, depth, 0, false)
}

/// Evaluate `expr` in a new context, `nest` recursion levels already used, by parsing it.
fn evaluate_at(
    expr: &str,
    env: &mut dyn ArithEnv,
    depth: usize,
    nest: usize,
    in_value: bool,
) -> Result<i64, ArithError> {
    if expr.bytes().all(is_ws) {
        return Ok(0);
    }
    let mut ctx = Ctx {
        src: expr,
        tp: 0,
        lasttp: 0,
        curtok: Tok::Eof,
        lasttok: Tok::Eof,
        tokval: 0,
        tok_span: (0, 0, 0),
        lval: None,
        noeval: 0,
        depth,
        nest,
        in_value,
        env,
    };
    ctx.readtok()?;
    let v = ctx.expcomma()?;
    if ctx.curtok != Tok::Eof {
        return Err(ctx.error("syntax error in expression"));
    }
    Ok(v)
}

/// The state of one expression context (bash's globals saved by `pushexp`).
struct Ctx<'s, 'e> {
    /// The expression text.
    src: &'s str,
    /// Position after the current token.
    tp: usize,
    /// Start of the last non-EOF token read (the "error token").
    lasttp: usize,
    curtok: Tok,
    lasttok: Tok,
    /// Value of the current number, or of the current identifier's variable.
    tokval: i64,
    /// The last identifier token.
    tok_span: Span,
    /// The evaluated subscript of the last evaluated array element, with its token start.
    lval: Option<(usize, ArithIndex)>,
    /// Greater than 0 while parsing a branch that must not be evaluated.
    noeval: u32,
    /// Nesting of expression contexts.
    depth: usize,
    /// Recursion levels used.
    nest: usize,
    /// The text is (inside) a variable's value: array subscripts in it are expanded first.
    in_value: bool,
    env: &'e mut dyn ArithEnv,
}

impl Ctx<'_, '_> {
    /// An error with the current error token.
    fn error(&self, msg: &str) -> ArithError {
        self.error_at(msg, self.lasttp, self.src.len())
    }

    /// An error whose token starts at `tok` and whose expression text ends at `end`.
    fn error_at(&self, msg: &str, tok: usize, end: usize) -> ArithError {
        error_at(self.src, msg, tok, end)
    }

    /// Run `f` one recursion level deeper, growing the stack if needed.
    fn nested(&mut self, f: fn(&mut Self) -> Result<i64, ArithError>) -> Result<i64, ArithError> {
        if self.nest >= MAX_NEST {
            return Err(self.error("expression recursion level exceeded"));
        }
        self.nest += 1;
        let r = stacker::maybe_grow(RED_ZONE, STACK_GROW, || f(self));
        self.nest -= 1;
        r
    }

    /// Scan the token at `pos` (see [`scan`]).
    fn scan(&self, pos: usize, curtok: Tok, lasttok: Tok) -> Result<Scanned, ArithError> {
        scan(self.src, pos, curtok, lasttok)
    }

    /// Read the next token into `curtok`; an identifier's variable is evaluated now (unless it
    /// is the target of a plain `=`), as bash does.
    fn readtok(&mut self) -> Result<(), ArithError> {
        let s = self.scan(self.tp, self.curtok, self.lasttok)?;
        self.tp = s.end;
        if s.tok == Tok::Eof {
            self.lasttok = self.curtok;
            self.curtok = Tok::Eof;
            return Ok(());
        }
        self.lasttp = s.start;
        if s.tok == Tok::Str {
            self.tok_span = (s.start, s.name_end, s.end);
            let peek = self.scan(s.end, Tok::Str, self.lasttok)?;
            self.tokval =
                if matches!(self.lasttok, Tok::PreInc | Tok::PreDec) || peek.tok != Tok::Eq {
                    self.streval()?
                } else {
                    0
                };
        } else {
            self.tokval = s.val;
        }
        self.lasttok = self.curtok;
        self.curtok = s.tok;
        Ok(())
    }

    /// The value of the identifier token `tok_span` (0 when not evaluating).
    fn streval(&mut self) -> Result<i64, ArithError> {
        if self.noeval > 0 {
            return Ok(0);
        }
        let src = self.src;
        let (start, name_end, end) = self.tok_span;
        let name = &src[start..name_end];
        let value = if name_end < end {
            let idx = self.index(name, &src[name_end + 1..end - 1])?;
            let v = self.env.get_elem(name, &idx).map_err(env_err)?;
            self.lval = Some((start, idx));
            v
        } else {
            if let Some(v) = self.env.get_num(name) {
                return Ok(v);
            }
            self.env.get(name).map_err(env_err)?
        };
        match value {
            Some(v) if !v.is_empty() => self.subexpr(&v, true),
            _ => Ok(0),
        }
    }

    /// The subscript of `name[sub]`: a key for associative arrays, else evaluated.
    fn index(&mut self, name: &str, sub: &str) -> Result<ArithIndex, ArithError> {
        if sub.is_empty() {
            self.env.subscript_failed();
            return Err(ArithError {
                message: format!("{name}[]: bad array subscript"),
            });
        }
        let expanded;
        let sub = if self.in_value && sub.contains(['$', '`']) {
            expanded = self.env.expand_subscript(sub).map_err(env_err)?;
            expanded.as_str()
        } else {
            sub
        };
        if self.env.is_assoc(name) {
            return Ok(ArithIndex::Key(sub.to_string()));
        }
        self.subexpr(sub, self.in_value).map(ArithIndex::Num).inspect_err(|_| self.env.subscript_failed())
    }

    /// Evaluate `text` (a variable's value or a subscript) as a nested expression context.
    fn subexpr(&mut self, text: &str, in_value: bool) -> Result<i64, ArithError> {
        if let Some(v) = fast_decimal(text.as_bytes()) {
            return Ok(v);
        }
        if self.depth + 1 >= MAX_RECURSION || self.nest >= MAX_NEST {
            return Err(self.error("expression recursion level exceeded"));
        }
        let (depth, nest) = (self.depth + 1, self.nest + 1);
        let env = &mut *self.env;
        stacker::maybe_grow(RED_ZONE, STACK_GROW, || evaluate_at(text, env, depth, nest, in_value))
    }

    /// The evaluated subscript of the array element at token `start`, if `streval` computed it.
    fn take_lval(&mut self, start: usize) -> Option<ArithIndex> {
        match self.lval.take() {
            Some((s, idx)) if s == start => Some(idx),
            _ => None,
        }
    }

    /// Assign `value` to the identifier `span` (subscript evaluated now unless `lind`).
    fn bind(&mut self, span: Span, lind: Option<ArithIndex>, value: i64) -> Result<(), ArithError> {
        let src = self.src;
        let (start, name_end, end) = span;
        let name = &src[start..name_end];
        if name_end < end {
            let idx = match lind {
                Some(i) => i,
                None => self.index(name, &src[name_end + 1..end - 1])?,
            };
            self.env.set(name, Some(&idx), value).map_err(env_err)
        } else {
            self.env.set(name, None, value).map_err(env_err)
        }
    }
}


/// An error whose token starts at `tok` and whose expression text ends at `end`.
fn error_at(src: &str, msg: &str, tok: usize, end: usize) -> ArithError {
    let end = end.min(src.len());
    let expr = src[..end].trim_start_matches([' ', '\t']);
    let token = src.get(tok.min(end)..end).unwrap_or("");
    ArithError {
        message: format!("{expr}: {msg} (error token is \"{token}\")"),
    }
}

/// Scan the token at `pos` without changing state; `curtok`/`lasttok` give the context
/// that decides between `x++` and `++x`.
fn scan(src: &str, pos: usize, curtok: Tok, lasttok: Tok) -> Result<Scanned, ArithError> {
    let b = src.as_bytes();
    let mut p = pos;
    while p < b.len() && is_ws(b[p]) {
        p += 1;
    }
    let mut s = Scanned {
        tok: Tok::Eof,
        start: p,
        end: p,
        val: 0,
        name_end: p,
    };
    let Some(&c) = b.get(p) else {
        return Ok(s);
    };
    if c.is_ascii_alphabetic() || c == b'_' {
        let mut e = p + 1;
        while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_') {
            e += 1;
        }
        s.name_end = e;
        if b.get(e) == Some(&b'[') {
            match skip_subscript(b, e) {
                Some(close) => e = close + 1,
                None => return Err(error_at(src, "bad array subscript", p, b.len())),
            }
        }
        s.tok = Tok::Str;
        s.end = e;
        return Ok(s);
    }
    if c.is_ascii_digit() {
        let mut e = p + 1;
        while e < b.len() && is_number_char(b[e]) {
            e += 1;
        }
        s.val = strlong(&b[p..e]).map_err(|m| error_at(src, m, p, e))?;
        s.tok = Tok::Num;
        s.end = e;
        return Ok(s);
    }
    let (tok, len) = scan_operator(src, p, curtok, lasttok)?;
    s.tok = tok;
    s.end = p + len;
    Ok(s)
}

/// Scan an operator token at `p` (not whitespace, not a name or number).
fn scan_operator(
    src: &str,
    p: usize,
    curtok: Tok,
    lasttok: Tok,
) -> Result<(Tok, usize), ArithError> {
    let b = src.as_bytes();
    let c = b[p];
    let c1 = b.get(p + 1).copied().unwrap_or(0);
    let c2 = b.get(p + 2).copied().unwrap_or(0);
    Ok(match (c, c1) {
        (b'=', b'=') => (Tok::EqEq, 2),
        (b'!', b'=') => (Tok::Neq, 2),
        (b'>', b'=') => (Tok::Geq, 2),
        (b'<', b'=') => (Tok::Leq, 2),
        (b'<', b'<') if c2 == b'=' => (Tok::OpAssign(b'<'), 3),
        (b'<', b'<') => (Tok::Lsh, 2),
        (b'>', b'>') if c2 == b'=' => (Tok::OpAssign(b'>'), 3),
        (b'>', b'>') => (Tok::Rsh, 2),
        (b'&', b'&') => (Tok::LAnd, 2),
        (b'|', b'|') => (Tok::LOr, 2),
        (b'*', b'*') => (Tok::Power, 2),
        (b'+' | b'-', _) if c1 == c => {
            let inc = c == b'+';
            if curtok == Tok::Str {
                (if inc { Tok::PostInc } else { Tok::PostDec }, 2)
            } else if curtok == Tok::Num && matches!(lasttok, Tok::PreInc | Tok::PreDec) {
                let msg = if inc {
                    "++: assignment requires lvalue"
                } else {
                    "--: assignment requires lvalue"
                };
                return Err(error_at(src, msg, p, b.len()));
            } else {
                let mut x = p + 2;
                while x < b.len() && is_ws(b[x]) {
                    x += 1;
                }
                match b.get(x) {
                    Some(&n) if n.is_ascii_alphabetic() || n == b'_' => {
                        (if inc { Tok::PreInc } else { Tok::PreDec }, 2)
                    }
                    _ => (if inc { Tok::Plus } else { Tok::Minus }, 1),
                }
            }
        }
        (_, b'=') if b"*/%+-&^|".contains(&c) => (Tok::OpAssign(c), 2),
        _ => match Tok::single(c) {
            Some(t) => (t, 1),
            None => {
                let msg = if curtok == Tok::Eof || curtok.is_operator() {
                    "syntax error: operand expected"
                } else {
                    "syntax error: invalid arithmetic operator"
                };
                return Err(error_at(src, msg, p, b.len()));
            }
        },
    })
}

mod cache;
mod compile;
mod grammar;
mod run;

/// The parser's evaluation of `expr` in `a`, and the compiled tree's in `b` (`None`: not
/// compilable), for tests comparing the two.
#[cfg(test)]
pub(super) fn parsed_and_compiled(
    expr: &str,
    a: &mut dyn ArithEnv,
    b: &mut dyn ArithEnv,
) -> (Result<i64, ArithError>, Option<Result<i64, ArithError>>) {
    let parsed = evaluate_at(expr, a, 0, 0, false);
    let compiled = compile::compile(expr).map(|c| run::run(&c, b, 0, 0));
    (parsed, compiled)
}
