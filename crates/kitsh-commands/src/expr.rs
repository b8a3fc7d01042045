//! `expr`: evaluate an expression given as separate arguments, like GNU expr: `|` `&`,
//! comparisons (numeric when both sides are integers), `+ - * / %`, `STRING : REGEX` (a POSIX
//! basic regular expression anchored at the start, translated for the `regex` crate), `match`,
//! `substr`, `index`, `length` and `+ TOKEN`. Exit status: 0 for a non-null result, 1 for null or
//! zero, 2 for an invalid expression, 3 for an internal error. Integers are `i128` (GNU has
//! arbitrary precision): overflow is reported as `expr: integer is too large`.

mod bre;

use super::args::{quote, usage_error};
use super::{Builtin, Ctx};

/// The `expr` command.
pub struct Expr;

/// An expression value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Val {
    Int(i128),
    Str(String),
}

impl Val {
    fn text(&self) -> String {
        match self {
            Val::Int(i) => i.to_string(),
            Val::Str(s) => s.clone(),
        }
    }

    fn int(&self) -> Option<i128> {
        match self {
            Val::Int(i) => Some(*i),
            Val::Str(s) => {
                let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                s.parse().ok()
            }
        }
    }

    /// GNU `null`: empty, or an integer zero (`0`, `-0`, `00`).
    fn is_null(&self) -> bool {
        match self {
            Val::Int(i) => *i == 0,
            Val::Str(s) => {
                let d = s.strip_prefix('-').unwrap_or(s);
                s.is_empty() || (!d.is_empty() && d.bytes().all(|b| b == b'0'))
            }
        }
    }
}

/// An evaluation error: message and exit status.
type Err = (String, i32);

fn syntax(msg: String) -> Err {
    (format!("syntax error: {msg}"), 2)
}

const MAX_DEPTH: usize = 400;

/// A recursive-descent evaluator over the argument list.
struct Eval<'a> {
    toks: &'a [String],
    pos: usize,
    depth: usize,
}

impl<'a> Eval<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.toks.get(self.pos).map(String::as_str)
    }

    fn eat(&mut self, op: &str) -> bool {
        if self.peek() == Some(op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn enter(&mut self) -> Result<(), Err> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(("expression too deeply nested".into(), 2));
        }
        Ok(())
    }

    fn or(&mut self) -> Result<Val, Err> {
        self.enter()?;
        let mut l = self.and()?;
        while self.eat("|") {
            let r = self.and()?;
            l = if !l.is_null() {
                l
            } else if !r.is_null() {
                r
            } else {
                Val::Int(0)
            };
        }
        self.depth -= 1;
        Ok(l)
    }

    fn and(&mut self) -> Result<Val, Err> {
        let mut l = self.cmp()?;
        while self.eat("&") {
            let r = self.cmp()?;
            l = if l.is_null() || r.is_null() { Val::Int(0) } else { l };
        }
        Ok(l)
    }

    fn cmp(&mut self) -> Result<Val, Err> {
        let mut l = self.add()?;
        loop {
            let op = match self.peek() {
                Some(op @ ("<" | "<=" | "=" | "==" | "!=" | ">=" | ">")) => op,
                _ => return Ok(l),
            };
            self.pos += 1;
            let r = self.add()?;
            let ord = match (l.int(), r.int()) {
                (Some(a), Some(b)) => a.cmp(&b),
                _ => l.text().cmp(&r.text()),
            };
            let t = match op {
                "<" => ord.is_lt(),
                "<=" => ord.is_le(),
                "=" | "==" => ord.is_eq(),
                "!=" => ord.is_ne(),
                ">=" => ord.is_ge(),
                _ => ord.is_gt(),
            };
            l = Val::Int(t as i128);
        }
    }

    fn arith(l: &Val, r: &Val, op: &str) -> Result<Val, Err> {
        let (Some(a), Some(b)) = (l.int(), r.int()) else {
            return Err(("non-integer argument".into(), 2));
        };
        if (op == "/" || op == "%") && b == 0 {
            return Err(("division by zero".into(), 2));
        }
        let v = match op {
            "+" => a.checked_add(b),
            "-" => a.checked_sub(b),
            "*" => a.checked_mul(b),
            "/" => a.checked_div(b),
            _ => a.checked_rem(b),
        };
        v.map(Val::Int).ok_or(("integer is too large".into(), 2))
    }

    fn add(&mut self) -> Result<Val, Err> {
        let mut l = self.mul()?;
        while let Some(op @ ("+" | "-")) = self.peek() {
            self.pos += 1;
            let r = self.mul()?;
            l = Self::arith(&l, &r, op)?;
        }
        Ok(l)
    }

    fn mul(&mut self) -> Result<Val, Err> {
        let mut l = self.matching()?;
        while let Some(op @ ("*" | "/" | "%")) = self.peek() {
            self.pos += 1;
            let r = self.matching()?;
            l = Self::arith(&l, &r, op)?;
        }
        Ok(l)
    }

    fn matching(&mut self) -> Result<Val, Err> {
        let mut l = self.primary()?;
        while self.eat(":") {
            let r = self.primary()?;
            l = regex_match(&l.text(), &r.text())?;
        }
        Ok(l)
    }

    /// The next operand of a prefix operator, with the GNU "missing argument" error.
    fn operand(&mut self, after: &str) -> Result<Val, Err> {
        if self.peek().is_none() {
            return Err(syntax(format!("missing argument after {}", quote(after))));
        }
        self.primary()
    }
}

impl Eval<'_> {
    fn primary(&mut self) -> Result<Val, Err> {
        self.enter()?;
        let Some(t) = self.peek() else {
            let prev = self.pos.checked_sub(1).and_then(|p| self.toks.get(p)).map_or(String::new(), |s| quote(s));
            return Err(syntax(format!("missing argument after {prev}")));
        };
        self.pos += 1;
        let v = match t {
            "(" => {
                let v = self.or()?;
                if !self.eat(")") {
                    return Err(syntax(match self.peek() {
                        Some(x) => format!("expecting ')' instead of {}", quote(x)),
                        None => format!("expecting ')' after {}", quote(&self.toks[self.pos - 1])),
                    }));
                }
                v
            }
            ")" => return Err(syntax("unexpected ')'".into())),
            "+" => match self.peek() {
                Some(x) => {
                    self.pos += 1;
                    Val::Str(x.to_string())
                }
                None => return Err(syntax("missing argument after ‘+’".into())),
            },
            "length" => Val::Int(self.operand(t)?.text().chars().count() as i128),
            "match" => {
                let s = self.operand(t)?;
                let r = self.operand(t)?;
                regex_match(&s.text(), &r.text())?
            }
            "index" => {
                let s = self.operand(t)?.text();
                let set = self.operand(t)?.text();
                let pos = s.chars().position(|c| set.contains(c)).map_or(0, |p| p + 1);
                Val::Int(pos as i128)
            }
            "substr" => {
                let s = self.operand(t)?.text();
                let p = self.operand(t)?.int();
                let l = self.operand(t)?.int();
                match (p, l) {
                    (Some(p), Some(l)) if p >= 1 && l >= 1 => {
                        let skip = usize::try_from(p - 1).unwrap_or(usize::MAX);
                        let take = usize::try_from(l).unwrap_or(usize::MAX);
                        Val::Str(s.chars().skip(skip).take(take).collect())
                    }
                    _ => Val::Str(String::new()),
                }
            }
            t => Val::Str(t.to_string()),
        };
        self.depth -= 1;
        Ok(v)
    }
}

/// `STRING : REGEX`: the first group's text if the regex has one, else the matched length.
fn regex_match(s: &str, re: &str) -> Result<Val, Err> {
    let (translated, groups) = bre::translate(re).map_err(|m| (m, 2))?;
    let rx = regex::Regex::new(&format!("\\A(?s:{translated})")).map_err(|_| ("Invalid regular expression".to_string(), 2))?;
    match rx.captures(s) {
        Some(c) if groups > 0 => Ok(Val::Str(c.get(1).map_or("", |m| m.as_str()).to_string())),
        Some(c) => Ok(Val::Int(c.get(0).map_or(0, |m| m.as_str().chars().count()) as i128)),
        None if groups > 0 => Ok(Val::Str(String::new())),
        None => Ok(Val::Int(0)),
    }
}

impl Builtin for Expr {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let toks = match argv.first().map(String::as_str) {
            Some("--") => &argv[1..],
            Some("--help") if argv.len() == 1 => {
                let _ = writeln!(ctx.stdout, "Usage: expr EXPRESSION\n  or:  expr OPTION\nPrint the value of EXPRESSION to standard output.");
                return 0;
            }
            Some("--version") if argv.len() == 1 => {
                let _ = writeln!(ctx.stdout, "expr (GNU coreutils) 9.1");
                return 0;
            }
            _ => argv,
        };
        if toks.is_empty() {
            usage_error(ctx, "missing operand");
            return 2;
        }
        let mut ev = Eval { toks, pos: 0, depth: 0 };
        let r = ev.or().and_then(|v| match ev.peek() {
            None => Ok(v),
            Some(")") => Err(syntax("unexpected ')'".into())),
            Some(x) => Err(syntax(format!("unexpected argument {}", quote(x)))),
        });
        match r {
            Ok(v) => match writeln!(ctx.stdout, "{}", v.text()) {
                Ok(()) => i32::from(v.is_null()),
                Err(e) => crate::args::write_failed(ctx, &e),
            },
            Err((msg, code)) => {
                ctx.error(&msg);
                code
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn e(args: &[&str]) -> (String, i32) {
        let o = run(&Expr, "expr", args, b"", &*NOFS, "/");
        (format!("{}{}", o.out(), o.stderr), o.status)
    }
    fn ok(args: &[&str], out: &str, st: i32) {
        assert_eq!(e(args), (format!("{out}\n"), st), "{args:?}");
    }

    #[test]
    fn arithmetic_and_logic() {
        ok(&["1", "+", "2"], "3", 0);
        ok(&["3", "*", "4", "-", "1"], "11", 0);
        ok(&["7", "%", "3"], "1", 0);
        ok(&["-7", "/", "2"], "-3", 0);
        ok(&["+1", "+", "1"], "2", 0);
        ok(&["--", "1", "+", "1"], "2", 0);
        ok(&["1"], "1", 0);
        ok(&["0", "|", ""], "0", 1);
        ok(&["", "|", "0"], "0", 1);
        ok(&["a", "|", "b"], "a", 0);
        ok(&["a", "&", "0"], "0", 1);
        ok(&["1", "<", "2"], "1", 0);
        ok(&["10", "<", "9"], "0", 1);
        ok(&["10", "<", "9a"], "1", 0);
        ok(&["a", "=", "a"], "1", 0);
        ok(&["01", "=", "1"], "1", 0);
        ok(&["+", "length"], "length", 0);
        ok(&["99999999999999999999", "+", "1"], "100000000000000000000", 0);
        ok(&["(", "1", "+", "2", ")", "*", "3"], "9", 0);
        ok(&["1+2"], "1+2", 0);
    }

    #[test]
    fn strings_and_regex() {
        ok(&["abc", ":", "a\\(.\\)"], "b", 0);
        ok(&["abc", ":", "a."], "2", 0);
        ok(&["abc", ":", "x"], "0", 1);
        ok(&["abc", ":", "x\\(.\\)"], "", 1);
        ok(&["length", "abc"], "3", 0);
        ok(&["length", "é"], "1", 0);
        ok(&["substr", "hello", "2", "3"], "ell", 0);
        ok(&["substr", "hello", "0", "2"], "", 1);
        ok(&["index", "hello", "lo"], "3", 0);
        ok(&["match", "abc", "b"], "0", 1);
        ok(&["abc", ":", ".*"], "3", 0);
        ok(&["a b", ":", "a\\ b"], "3", 0);
        ok(&["x", ":", "\\(x\\)*"], "x", 0);
        ok(&["ab", ":", "a\\{2\\}"], "0", 1);
        ok(&["aab", ":", "a\\{2\\}"], "2", 0);
        ok(&["a.c", ":", "a\\.c"], "3", 0);
        ok(&["a+", ":", "a+"], "2", 0);
        ok(&["aa", ":", "a\\+"], "2", 0);
        ok(&["a*b", ":", "*"], "0", 1);
        ok(&["*b", ":", "*b"], "2", 0);
        ok(&["x]", ":", "[]x]*"], "2", 0);
        ok(&["a1", ":", "[[:alpha:]]*"], "1", 0);
    }

    #[test]
    fn errors() {
        assert_eq!(e(&["5", "/", "0"]), ("expr: division by zero\n".into(), 2));
        assert_eq!(e(&["a", "+", "1"]), ("expr: non-integer argument\n".into(), 2));
        assert_eq!(e(&[]), ("expr: missing operand\nTry 'expr --help' for more information.\n".into(), 2));
        assert_eq!(e(&["1", "+"]), ("expr: syntax error: missing argument after ‘+’\n".into(), 2));
        assert_eq!(e(&["1", "2"]), ("expr: syntax error: unexpected argument ‘2’\n".into(), 2));
        assert_eq!(e(&["(", "1"]), ("expr: syntax error: expecting ')' after ‘1’\n".into(), 2));
        assert_eq!(e(&["(", ")"]), ("expr: syntax error: unexpected ')'\n".into(), 2));
        assert_eq!(e(&["length"]), ("expr: syntax error: missing argument after ‘length’\n".into(), 2));
        let deep: Vec<&str> = std::iter::repeat("(").take(100_000).collect();
        assert_eq!(e(&deep).1, 2);
    }
}
