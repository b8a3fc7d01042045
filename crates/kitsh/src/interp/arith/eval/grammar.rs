//! The grammar levels, from `,` (lowest) to operands, evaluating as they parse.

use super::{ipow, ArithError, Ctx, Tok};

impl Ctx<'_, '_> {
    /// `expr , expr`
    pub(super) fn expcomma(&mut self) -> Result<i64, ArithError> {
        let mut value = self.expassign()?;
        while self.curtok == Tok::Comma {
            self.readtok()?;
            value = self.expassign()?;
        }
        Ok(value)
    }

    /// `name = expr`, `name op= expr` (right associative).
    fn expassign(&mut self) -> Result<i64, ArithError> {
        let mut value = self.expcond()?;
        let op = match self.curtok {
            Tok::Eq => None,
            Tok::OpAssign(c) => Some(Tok::from_assign_op(c)),
            _ => return Ok(value),
        };
        if self.lasttok != Tok::Str {
            return Err(self.error("attempted assignment to non-variable"));
        }
        let lhs = self.tok_span;
        let lind = self.take_lval(lhs.0);
        let lvalue = value;
        self.readtok()?;
        value = self.nested(Self::expassign)?;
        if let Some(op) = op {
            if matches!(op, Tok::Div | Tok::Mod) && value == 0 {
                if self.noeval == 0 {
                    return Err(self.error("division by 0"));
                }
                value = 1;
            }
            value = apply(op, lvalue, value);
        }
        if self.noeval == 0 {
            self.bind(lhs, lind, value)?;
        }
        Ok(value)
    }

    /// `expr ? expr : expr`
    fn expcond(&mut self) -> Result<i64, ArithError> {
        let cval = self.explor()?;
        if self.curtok != Tok::Ques {
            return Ok(cval);
        }
        let skip_true = u32::from(cval == 0);
        self.noeval += skip_true;
        self.readtok()?;
        if matches!(self.curtok, Tok::Eof | Tok::Col) {
            return Err(self.error("expression expected"));
        }
        let val1 = self.nested(Self::expcomma)?;
        self.noeval -= skip_true;
        if self.curtok != Tok::Col {
            return Err(self.error("`:' expected for conditional expression"));
        }
        let skip_false = u32::from(cval != 0);
        self.noeval += skip_false;
        self.readtok()?;
        if self.curtok == Tok::Eof {
            return Err(self.error("expression expected"));
        }
        let val2 = self.nested(Self::expcond)?;
        self.noeval -= skip_false;
        self.lasttok = Tok::Cond;
        Ok(if cval != 0 { val1 } else { val2 })
    }

    /// `expr || expr`
    fn explor(&mut self) -> Result<i64, ArithError> {
        let mut val1 = self.expland()?;
        while self.curtok == Tok::LOr {
            let skip = u32::from(val1 != 0);
            self.noeval += skip;
            self.readtok()?;
            let val2 = self.expland()?;
            self.noeval -= skip;
            val1 = i64::from(val1 != 0 || val2 != 0);
            self.lasttok = Tok::LOr;
        }
        Ok(val1)
    }

    /// `expr && expr`
    fn expland(&mut self) -> Result<i64, ArithError> {
        let mut val1 = self.binary(0)?;
        while self.curtok == Tok::LAnd {
            let skip = u32::from(val1 == 0);
            self.noeval += skip;
            self.readtok()?;
            let val2 = self.binary(0)?;
            self.noeval -= skip;
            val1 = i64::from(val1 != 0 && val2 != 0);
            self.lasttok = Tok::LAnd;
        }
        Ok(val1)
    }

    /// The left-associative binary levels `|` `^` `&` `== !=` `< > <= >=` `<< >>` `+ -`
    /// `* / %` from `min` up, then `**`: precedence climbing, so an operand costs one call
    /// rather than one per level (the order of evaluation and of errors is that of bash's
    /// level-per-function descent).
    fn binary(&mut self, min: u8) -> Result<i64, ArithError> {
        let mut val1 = self.exppower()?;
        while let Some(level) = self.curtok.binary_level().filter(|&l| l >= min) {
            let op = self.curtok;
            let stp = self.tp;
            self.readtok()?;
            let mut val2 = self.binary(level + 1)?;
            if matches!(op, Tok::Div | Tok::Mod) && val2 == 0 {
                if self.noeval == 0 {
                    let b = self.src.as_bytes();
                    let mut t = stp;
                    while t < b.len() && matches!(b[t], b' ' | b'\t') {
                        t += 1;
                    }
                    return Err(self.error_at("division by 0", t, b.len()));
                }
                val2 = 1;
            }
            val1 = apply(op, val1, val2);
            self.lasttok = Tok::Num;
        }
        Ok(val1)
    }

    /// `expr ** expr` (right associative; a negative exponent is an error).
    fn exppower(&mut self) -> Result<i64, ArithError> {
        let mut val1 = self.exp1()?;
        while self.curtok == Tok::Power {
            self.readtok()?;
            let val2 = self.nested(Self::exppower)?;
            self.lasttok = Tok::Num;
            if val2 == 0 {
                return Ok(1);
            }
            if val2 < 0 {
                return Err(self.error("exponent less than 0"));
            }
            val1 = ipow(val1, val2);
        }
        Ok(val1)
    }

    /// Unary `! ~ - +`.
    fn exp1(&mut self) -> Result<i64, ArithError> {
        let op = self.curtok;
        if !matches!(op, Tok::Not | Tok::BNot | Tok::Minus | Tok::Plus) {
            return self.exp0();
        }
        self.readtok()?;
        let v = self.nested(Self::exp1)?;
        self.lasttok = Tok::Num;
        Ok(match op {
            Tok::Not => i64::from(v == 0),
            Tok::BNot => !v,
            Tok::Minus => v.wrapping_neg(),
            _ => v,
        })
    }

    /// Operands: `++x`, `--x`, `( expr )`, numbers, `x`, `x++`, `x--`.
    fn exp0(&mut self) -> Result<i64, ArithError> {
        match self.curtok {
            Tok::PreInc | Tok::PreDec => {
                let stok = self.curtok;
                self.lasttok = stok;
                self.readtok()?;
                if self.curtok != Tok::Str {
                    return Err(
                        self.error("identifier expected after pre-increment or pre-decrement")
                    );
                }
                let delta = if stok == Tok::PreInc { 1 } else { -1 };
                let v2 = self.tokval.wrapping_add(delta);
                if self.noeval == 0 {
                    let span = self.tok_span;
                    let lind = self.take_lval(span.0);
                    self.bind(span, lind, v2)?;
                }
                self.curtok = Tok::Num;
                self.readtok()?;
                Ok(v2)
            }
            Tok::LPar => {
                self.readtok()?;
                let val = self.nested(Self::expcomma)?;
                if self.curtok != Tok::RPar {
                    return Err(self.error("missing `)'"));
                }
                self.readtok()?;
                Ok(val)
            }
            Tok::Num => {
                let val = self.tokval;
                self.readtok()?;
                Ok(val)
            }
            Tok::Str => self.operand_var(),
            _ => Err(self.error("syntax error: operand expected")),
        }
    }

    /// A variable operand, possibly followed by `++` or `--`.
    fn operand_var(&mut self) -> Result<i64, ArithError> {
        let val = self.tokval;
        let peek = self.scan(self.tp, Tok::Str, self.lasttok)?;
        if matches!(peek.tok, Tok::PostInc | Tok::PostDec) {
            self.tp = peek.end;
            self.lasttp = peek.start;
            self.lasttok = Tok::Str;
            let delta = if peek.tok == Tok::PostInc { 1 } else { -1 };
            if self.noeval == 0 {
                let span = self.tok_span;
                let lind = self.take_lval(span.0);
                self.bind(span, lind, val.wrapping_add(delta))?;
            }
            self.curtok = Tok::Num;
        }
        self.readtok()?;
        Ok(val)
    }
}

/// Apply a binary operator (division by zero already excluded).
pub(super) fn apply(op: Tok, a: i64, b: i64) -> i64 {
    match op {
        Tok::Mul => a.wrapping_mul(b),
        Tok::Div if b == 0 => 0,
        Tok::Div => a.wrapping_div(b),
        Tok::Mod if b == 0 => 0,
        Tok::Mod => a.wrapping_rem(b),
        Tok::Plus => a.wrapping_add(b),
        Tok::Minus => a.wrapping_sub(b),
        Tok::Lsh => a.wrapping_shl(b as u32),
        Tok::Rsh => a.wrapping_shr(b as u32),
        Tok::BAnd => a & b,
        Tok::BOr => a | b,
        Tok::BXor => a ^ b,
        Tok::EqEq => i64::from(a == b),
        Tok::Neq => i64::from(a != b),
        Tok::Lt => i64::from(a < b),
        Tok::Gt => i64::from(a > b),
        Tok::Leq => i64::from(a <= b),
        Tok::Geq => i64::from(a >= b),
        _ => b,
    }
}
