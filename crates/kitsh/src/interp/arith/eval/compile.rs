//! Compiling an expression once into a tree, for text evaluated again and again (a loop's
//! `(( i < n ))`, `$((i + 1))`, a subscript).
//!
//! The compiler walks the grammar exactly as the evaluating parser does (same scanner, same
//! token bookkeeping), and records what evaluation depends on: where a run-time error's token
//! starts (`lasttp` at that point of the parse) and the recursion level at which each variable
//! is read. Evaluating the tree ([`super::run`]) then reads variables, assigns, and fails in
//! the same order and with the same messages as the evaluating parser. Any parse error makes
//! the text uncompilable: it is then always evaluated by the parser, which reports the error
//! after the side effects bash makes first.

use super::super::number::fast_decimal;
use super::{scan, Span, Tok, MAX_NEST};

/// Longest text compiled: longer ones are rare, and the bound keeps the tree shallow.
pub(super) const MAX_LEN: usize = 256;
/// Deepest parenthesis/unary nesting compiled (the compiler recurses without growing the stack).
const MAX_LOCAL_NEST: usize = 32;
/// Deepest tree compiled (evaluation recurses once per level).
const MAX_DEPTH: usize = 128;

/// A compiled expression context.
#[derive(Debug)]
pub(in super::super) struct Compiled {
    /// The text, for error messages and names.
    pub(super) src: Box<str>,
    pub(super) root: Node,
    /// The deepest level (relative to the context's start) at which the parser checks the
    /// recursion bound: a context starting deeper than `MAX_NEST - max_nest` is left to it.
    pub(super) max_nest: usize,
}

/// A variable operand or assignment target: `name` or `name[sub]`.
#[derive(Debug)]
pub(super) struct Target {
    /// Start of the token (its error position when read), end of the name.
    pub(super) start: usize,
    pub(super) name_end: usize,
    /// The subscript, for an array element.
    pub(super) sub: Option<Sub>,
    /// The recursion level at which the parser reads the token.
    pub(super) nest: usize,
}

/// An array subscript: its text (an associative array's key) and its value as an index.
#[derive(Debug)]
pub(super) struct Sub {
    /// Range of the text between the brackets.
    pub(super) range: (usize, usize),
    pub(super) index: Index,
}

/// How an indexed array's subscript is evaluated.
#[derive(Debug)]
pub(super) enum Index {
    /// A plain decimal number.
    Num(i64),
    /// A nested context, compiled.
    Tree(Box<Compiled>),
    /// A nested context the compiler does not take: the parser evaluates it.
    Text,
}

/// An expression tree node. Positions (`err`, `at`) are the `lasttp` the parser has when it
/// reports the error of that node.
#[derive(Debug)]
pub(super) enum Node {
    Num(i64),
    /// An identifier the parser does not evaluate (the target of a plain `=`): 0.
    Unread,
    /// A variable's value.
    Read(Target),
    Unary(Tok, Box<Node>),
    Binary { op: Tok, lhs: Box<Node>, rhs: Box<Node>, err: usize },
    Power { base: Box<Node>, exp: Box<Node>, err: usize },
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Cond(Box<Node>, Box<Node>, Box<Node>),
    /// `target = rhs` (`op` `None`) or `target op= rhs` (the target is read first). `at`,
    /// `nest`: where an element's subscript is evaluated when the target was not read.
    Assign { target: Target, op: Option<Tok>, rhs: Box<Node>, err: usize, nest: usize },
    /// `++x` / `--x` (`post` false) or `x++` / `x--`.
    Step { target: Target, delta: i64, post: bool },
    Comma(Box<Node>, Box<Node>),
}

/// Compile `src` as an expression context (not blank: the caller gives 0 for those), or `None`
/// when the parser must evaluate it.
pub(in super::super) fn compile(src: &str) -> Option<Compiled> {
    if src.len() > MAX_LEN {
        return None;
    }
    let mut c = Compiler {
        src,
        tp: 0,
        lasttp: 0,
        curtok: Tok::Eof,
        lasttok: Tok::Eof,
        tokval: 0,
        tok_span: (0, 0, 0),
        tok_read: false,
        tok_nest: 0,
        nest: 0,
        max_nest: 0,
    };
    c.readtok().ok()?;
    let root = c.expcomma().ok()?;
    if c.curtok != Tok::Eof || depth(&root) > MAX_DEPTH {
        return None;
    }
    Some(Compiled { src: src.into(), root, max_nest: c.max_nest })
}

/// The depth of a tree.
fn depth(n: &Node) -> usize {
    1 + match n {
        Node::Num(_) | Node::Unread | Node::Read(_) | Node::Step { .. } => 0,
        Node::Unary(_, a) | Node::Assign { rhs: a, .. } => depth(a),
        Node::Binary { lhs: a, rhs: b, .. }
        | Node::Power { base: a, exp: b, .. }
        | Node::And(a, b)
        | Node::Or(a, b)
        | Node::Comma(a, b) => depth(a).max(depth(b)),
        Node::Cond(a, b, c) => depth(a).max(depth(b)).max(depth(c)),
    }
}

/// Not compilable (the parser would report an error, or a bound is passed).
struct Reject;

type R = Result<Node, Reject>;

/// The parser's state, without the evaluation.
struct Compiler<'s> {
    src: &'s str,
    tp: usize,
    lasttp: usize,
    curtok: Tok,
    lasttok: Tok,
    tokval: i64,
    tok_span: Span,
    /// Whether the parser evaluates the identifier token just read.
    tok_read: bool,
    /// The recursion level at which it was read.
    tok_nest: usize,
    nest: usize,
    max_nest: usize,
}

impl Compiler<'_> {
    /// As the parser's `nested`: one recursion level deeper.
    fn nested(&mut self, f: fn(&mut Self) -> R) -> R {
        if self.nest >= MAX_LOCAL_NEST || self.nest >= MAX_NEST {
            return Err(Reject);
        }
        self.max_nest = self.max_nest.max(self.nest);
        self.nest += 1;
        let r = f(self);
        self.nest -= 1;
        r
    }

    /// As the parser's `readtok`, noting whether an identifier would be evaluated.
    fn readtok(&mut self) -> Result<(), Reject> {
        let s = scan(self.src, self.tp, self.curtok, self.lasttok).map_err(|_| Reject)?;
        self.tp = s.end;
        if s.tok == Tok::Eof {
            self.lasttok = self.curtok;
            self.curtok = Tok::Eof;
            return Ok(());
        }
        self.lasttp = s.start;
        if s.tok == Tok::Str {
            self.tok_span = (s.start, s.name_end, s.end);
            let peek = scan(self.src, s.end, Tok::Str, self.lasttok).map_err(|_| Reject)?;
            self.tok_read = matches!(self.lasttok, Tok::PreInc | Tok::PreDec) || peek.tok != Tok::Eq;
            self.tok_nest = self.nest;
            self.tokval = 0;
        } else {
            self.tokval = s.val;
        }
        self.lasttok = self.curtok;
        self.curtok = s.tok;
        Ok(())
    }

    /// The identifier token just read, as a target.
    fn target(&self) -> Result<Target, Reject> {
        let (start, name_end, end) = self.tok_span;
        let sub = if name_end < end {
            let range = (name_end + 1, end - 1);
            let text = &self.src[range.0..range.1];
            if text.is_empty() {
                // `x[]`: the parser's error.
                return Err(Reject);
            }
            let index = match fast_decimal(text.as_bytes()) {
                Some(v) => Index::Num(v),
                None => compile(text).map_or(Index::Text, |c| Index::Tree(Box::new(c))),
            };
            Some(Sub { range, index })
        } else {
            None
        };
        Ok(Target { start, name_end, sub, nest: self.tok_nest })
    }

    fn expcomma(&mut self) -> R {
        let mut node = self.expassign()?;
        while self.curtok == Tok::Comma {
            self.readtok()?;
            let next = self.expassign()?;
            node = Node::Comma(Box::new(node), Box::new(next));
        }
        Ok(node)
    }

    fn expassign(&mut self) -> R {
        let lhs = self.expcond()?;
        let op = match self.curtok {
            Tok::Eq => None,
            Tok::OpAssign(c) => Some(Tok::from_assign_op(c)),
            _ => return Ok(lhs),
        };
        if self.lasttok != Tok::Str {
            return Err(Reject);
        }
        // The left side is the operand the identifier token made: read for `op=` (its value
        // is the left operand), not for `=`.
        let target = match (lhs, op) {
            (Node::Read(t), Some(_)) if t.start == self.tok_span.0 => t,
            (Node::Unread, None) => self.target()?,
            _ => return Err(Reject),
        };
        self.readtok()?;
        let rhs = self.nested(Self::expassign)?;
        Ok(Node::Assign { target, op, rhs: Box::new(rhs), err: self.lasttp, nest: self.nest })
    }

    fn expcond(&mut self) -> R {
        let cond = self.explor()?;
        if self.curtok != Tok::Ques {
            return Ok(cond);
        }
        self.readtok()?;
        if matches!(self.curtok, Tok::Eof | Tok::Col) {
            return Err(Reject);
        }
        let yes = self.nested(Self::expcomma)?;
        if self.curtok != Tok::Col {
            return Err(Reject);
        }
        self.readtok()?;
        if self.curtok == Tok::Eof {
            return Err(Reject);
        }
        let no = self.nested(Self::expcond)?;
        self.lasttok = Tok::Cond;
        Ok(Node::Cond(Box::new(cond), Box::new(yes), Box::new(no)))
    }

    fn explor(&mut self) -> R {
        let mut node = self.expland()?;
        while self.curtok == Tok::LOr {
            self.readtok()?;
            let rhs = self.expland()?;
            node = Node::Or(Box::new(node), Box::new(rhs));
            self.lasttok = Tok::LOr;
        }
        Ok(node)
    }

    fn expland(&mut self) -> R {
        let mut node = self.binary(0)?;
        while self.curtok == Tok::LAnd {
            self.readtok()?;
            let rhs = self.binary(0)?;
            node = Node::And(Box::new(node), Box::new(rhs));
            self.lasttok = Tok::LAnd;
        }
        Ok(node)
    }

    fn binary(&mut self, min: u8) -> R {
        let mut node = self.exppower()?;
        while let Some(level) = self.curtok.binary_level().filter(|&l| l >= min) {
            let op = self.curtok;
            let b = self.src.as_bytes();
            let mut err = self.tp;
            while err < b.len() && matches!(b[err], b' ' | b'\t') {
                err += 1;
            }
            self.readtok()?;
            let rhs = self.binary(level + 1)?;
            node = Node::Binary { op, lhs: Box::new(node), rhs: Box::new(rhs), err };
            self.lasttok = Tok::Num;
        }
        Ok(node)
    }

    fn exppower(&mut self) -> R {
        let mut node = self.exp1()?;
        while self.curtok == Tok::Power {
            self.readtok()?;
            let exp = self.nested(Self::exppower)?;
            self.lasttok = Tok::Num;
            node = Node::Power { base: Box::new(node), exp: Box::new(exp), err: self.lasttp };
        }
        Ok(node)
    }

    fn exp1(&mut self) -> R {
        let op = self.curtok;
        if !matches!(op, Tok::Not | Tok::BNot | Tok::Minus | Tok::Plus) {
            return self.exp0();
        }
        self.readtok()?;
        let v = self.nested(Self::exp1)?;
        self.lasttok = Tok::Num;
        Ok(Node::Unary(op, Box::new(v)))
    }

    fn exp0(&mut self) -> R {
        match self.curtok {
            Tok::PreInc | Tok::PreDec => {
                let stok = self.curtok;
                self.lasttok = stok;
                self.readtok()?;
                if self.curtok != Tok::Str {
                    return Err(Reject);
                }
                let target = self.target()?;
                self.curtok = Tok::Num;
                self.readtok()?;
                let delta = if stok == Tok::PreInc { 1 } else { -1 };
                Ok(Node::Step { target, delta, post: false })
            }
            Tok::LPar => {
                self.readtok()?;
                let node = self.nested(Self::expcomma)?;
                if self.curtok != Tok::RPar {
                    return Err(Reject);
                }
                self.readtok()?;
                Ok(node)
            }
            Tok::Num => {
                let val = self.tokval;
                self.readtok()?;
                Ok(Node::Num(val))
            }
            Tok::Str => self.operand_var(),
            _ => Err(Reject),
        }
    }

    fn operand_var(&mut self) -> R {
        let peek = scan(self.src, self.tp, Tok::Str, self.lasttok).map_err(|_| Reject)?;
        let node = if matches!(peek.tok, Tok::PostInc | Tok::PostDec) {
            self.tp = peek.end;
            self.lasttp = peek.start;
            self.lasttok = Tok::Str;
            self.curtok = Tok::Num;
            let delta = if peek.tok == Tok::PostInc { 1 } else { -1 };
            Node::Step { target: self.target()?, delta, post: true }
        } else if self.tok_read {
            Node::Read(self.target()?)
        } else {
            Node::Unread
        };
        self.readtok()?;
        Ok(node)
    }
}
