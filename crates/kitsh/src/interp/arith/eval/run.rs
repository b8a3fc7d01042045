//! Evaluating a compiled expression ([`super::compile`]): the same reads, assignments and
//! errors as the evaluating parser, in the same order. A skipped branch (`0 && x`, the other
//! side of `?:`) is still walked, reading and assigning nothing, because its values can still
//! make an error (`1 || 2 ** --x` reports a negative exponent, as bash does).

use super::super::number::fast_decimal;
use super::super::{ArithEnv, ArithError, ArithIndex, MAX_RECURSION};
use super::compile::{Compiled, Index, Node, Sub, Target};
use super::grammar::apply;
use super::{env_err, error_at, evaluate_at, ipow, Tok, MAX_NEST, RED_ZONE, STACK_GROW};

/// Evaluate `c` as an expression context at `depth`, `nest` recursion levels already used.
pub(in super::super) fn run(
    c: &Compiled,
    env: &mut dyn ArithEnv,
    depth: usize,
    nest: usize,
) -> Result<i64, ArithError> {
    if nest + c.max_nest >= MAX_NEST {
        // The parser's recursion bound is near: let it report it where it does.
        return evaluate_at(&c.src, env, depth, nest, false);
    }
    Run { c, env, depth, nest }.eval(&c.root, false)
}

/// One evaluation of a compiled context.
struct Run<'c, 'e> {
    c: &'c Compiled,
    env: &'e mut dyn ArithEnv,
    depth: usize,
    nest: usize,
}

impl<'c> Run<'c, '_> {
    fn error(&self, msg: &str, at: usize) -> ArithError {
        error_at(&self.c.src, msg, at, self.c.src.len())
    }

    fn name(&self, t: &Target) -> &'c str {
        &self.c.src[t.start..t.name_end]
    }

    /// The value of `n`; `skip` in a branch that is not evaluated.
    fn eval(&mut self, n: &Node, skip: bool) -> Result<i64, ArithError> {
        Ok(match n {
            Node::Num(v) => *v,
            Node::Unread => 0,
            Node::Read(t) => self.read(t, skip)?.0,
            Node::Unary(op, a) => {
                let v = self.eval(a, skip)?;
                match op {
                    Tok::Not => i64::from(v == 0),
                    Tok::BNot => !v,
                    Tok::Minus => v.wrapping_neg(),
                    _ => v,
                }
            }
            Node::Binary { op, lhs, rhs, err } => {
                let a = self.eval(lhs, skip)?;
                let mut b = self.eval(rhs, skip)?;
                if matches!(op, Tok::Div | Tok::Mod) && b == 0 {
                    if !skip {
                        return Err(self.error("division by 0", *err));
                    }
                    b = 1;
                }
                apply(*op, a, b)
            }
            Node::Power { base, exp, err } => {
                let a = self.eval(base, skip)?;
                let b = self.eval(exp, skip)?;
                if b == 0 {
                    1
                } else if b < 0 {
                    return Err(self.error("exponent less than 0", *err));
                } else {
                    ipow(a, b)
                }
            }
            Node::And(a, b) => {
                let v1 = self.eval(a, skip)?;
                let v2 = self.eval(b, skip || v1 == 0)?;
                i64::from(v1 != 0 && v2 != 0)
            }
            Node::Or(a, b) => {
                let v1 = self.eval(a, skip)?;
                let v2 = self.eval(b, skip || v1 != 0)?;
                i64::from(v1 != 0 || v2 != 0)
            }
            Node::Cond(c, yes, no) => {
                let cv = self.eval(c, skip)?;
                let v1 = self.eval(yes, skip || cv == 0)?;
                let v2 = self.eval(no, skip || cv != 0)?;
                if cv != 0 {
                    v1
                } else {
                    v2
                }
            }
            Node::Assign { target, op, rhs, err, nest } => {
                let (lvalue, lind) = if op.is_some() { self.read(target, skip)? } else { (0, None) };
                let mut value = self.eval(rhs, skip)?;
                if let Some(op) = op {
                    if matches!(op, Tok::Div | Tok::Mod) && value == 0 {
                        if !skip {
                            return Err(self.error("division by 0", *err));
                        }
                        value = 1;
                    }
                    value = apply(*op, lvalue, value);
                }
                if !skip {
                    self.bind(target, lind, value, *err, *nest)?;
                }
                value
            }
            Node::Step { target, delta, post } => {
                let (v, lind) = self.read(target, skip)?;
                let stepped = v.wrapping_add(*delta);
                if !skip {
                    self.bind(target, lind, stepped, target.start, target.nest)?;
                }
                if *post {
                    v
                } else {
                    stepped
                }
            }
            Node::Comma(a, b) => {
                self.eval(a, skip)?;
                self.eval(b, skip)?
            }
        })
    }

    /// A variable's value, with an element's evaluated subscript (reused when it is assigned).
    fn read(&mut self, t: &Target, skip: bool) -> Result<(i64, Option<ArithIndex>), ArithError> {
        if skip {
            return Ok((0, None));
        }
        let name = self.name(t);
        match &t.sub {
            None => {
                if let Some(v) = self.env.get_num(name) {
                    return Ok((v, None));
                }
                let value = self.env.get(name).map_err(env_err)?;
                Ok((self.value(value.as_deref(), t.start, t.nest)?, None))
            }
            Some(sub) => {
                let idx = self.index(t, sub, t.start, t.nest)?;
                let value = self.env.get_elem(name, &idx).map_err(env_err)?;
                Ok((self.value(value.as_deref(), t.start, t.nest)?, Some(idx)))
            }
        }
    }

    /// Assign `value` to the target; an element's subscript is evaluated now unless given.
    fn bind(
        &mut self,
        t: &Target,
        lind: Option<ArithIndex>,
        value: i64,
        at: usize,
        nest: usize,
    ) -> Result<(), ArithError> {
        let name = self.name(t);
        match &t.sub {
            Some(sub) => {
                let idx = match lind {
                    Some(i) => i,
                    None => self.index(t, sub, at, nest)?,
                };
                self.env.set(name, Some(&idx), value).map_err(env_err)
            }
            None => self.env.set(name, None, value).map_err(env_err),
        }
    }

    /// The subscript of an element: a key for associative arrays, else evaluated as a nested
    /// context (`at`, `nest`: the parser's error position and recursion level there).
    fn index(&mut self, t: &Target, sub: &Sub, at: usize, nest: usize) -> Result<ArithIndex, ArithError> {
        let text = &self.c.src[sub.range.0..sub.range.1];
        if self.env.is_assoc(self.name(t)) {
            return Ok(ArithIndex::Key(text.to_string()));
        }
        match &sub.index {
            Index::Num(v) => Ok(ArithIndex::Num(*v)),
            Index::Tree(c) => {
                let (depth, nest) = self.nested(at, nest)?;
                let env = &mut *self.env;
                stacker::maybe_grow(RED_ZONE, STACK_GROW, || run(c, env, depth, nest)).map(ArithIndex::Num)
            }
            Index::Text => self.subexpr(text, at, nest, false).map(ArithIndex::Num),
        }
    }

    /// The numeric value of a variable's text (empty or unset: 0).
    fn value(&mut self, text: Option<&str>, at: usize, nest: usize) -> Result<i64, ArithError> {
        match text {
            // A variable's value: array subscripts in it are expanded (see `Ctx::in_value`).
            Some(v) if !v.is_empty() => self.subexpr(v, at, nest, true),
            _ => Ok(0),
        }
    }

    /// Evaluate `text` as a nested context, as the parser's `subexpr` does.
    fn subexpr(&mut self, text: &str, at: usize, nest: usize, in_value: bool) -> Result<i64, ArithError> {
        if let Some(v) = fast_decimal(text.as_bytes()) {
            return Ok(v);
        }
        let (depth, nest) = self.nested(at, nest)?;
        let env = &mut *self.env;
        stacker::maybe_grow(RED_ZONE, STACK_GROW, || evaluate_at(text, env, depth, nest, in_value))
    }

    /// The depth and recursion level of a nested context opened at local level `nest`, or the
    /// parser's error when that is past its bounds.
    fn nested(&self, at: usize, nest: usize) -> Result<(usize, usize), ArithError> {
        let nest = self.nest + nest;
        if self.depth + 1 >= MAX_RECURSION || nest >= MAX_NEST {
            return Err(self.error("expression recursion level exceeded", at));
        }
        Ok((self.depth + 1, nest + 1))
    }
}
