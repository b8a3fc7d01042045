//! `[[ ... ]]` conditional expressions, with bash's own error messages.

use super::word::Kind;
use super::{Core, Mode, PResult};
use crate::parser::ast::*;
use crate::parser::error::ParseError;

/// A token inside `[[ ]]`.
#[derive(Debug, Clone, PartialEq)]
enum CTok {
    Word(Word),
    End,
    And,
    Or,
    LParen,
    RParen,
    Less,
    Greater,
    Newline,
    Eof,
    Other(&'static str),
}

impl CTok {
    /// The text bash shows for the token, `None` for words.
    fn text(&self) -> Option<&'static str> {
        Some(match self {
            CTok::Word(_) => return None,
            CTok::End => "]]",
            CTok::And => "&&",
            CTok::Or => "||",
            CTok::LParen => "(",
            CTok::RParen => ")",
            CTok::Less => "<",
            CTok::Greater => ">",
            CTok::Newline => "newline",
            CTok::Eof => "EOF",
            CTok::Other(s) => s,
        })
    }
}

/// Parser state inside one `[[ ]]`.
struct Cs {
    /// The token after the last term (bash's `cond_token`).
    tok: CTok,
    /// Line of the `[[`.
    line: u32,
    /// Line of the last token read.
    last_line: u32,
    /// The next token starts a term (where `!(` may be `!` and a group).
    term_start: bool,
}

/// Unary test operators (`-f` ...).
fn is_unop(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0] == b'-' && b"abcdefghknoprstuvwxzGLNORS".contains(&b[1])
}

/// Binary operators written as words.
fn is_binop(s: &str) -> bool {
    matches!(
        s,
        "=" | "==" | "!=" | "-nt" | "-ot" | "-ef" | "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge"
    )
}

impl Core<'_, '_, '_> {
    /// `[[ expr ]]` at the `[[` token.
    pub(crate) fn dbracket(&mut self) -> PResult<CompoundCommand> {
        let open = self.next(Mode::Cmd)?;
        let mut cs = Cs { tok: CTok::End, line: open.line, last_line: open.line, term_start: false };
        let e = self.cond_or(&mut cs)?;
        match cs.tok {
            CTok::End => Ok(CompoundCommand::DBracket(e)),
            CTok::Eof => Err(ParseError {
                line: cs.line,
                message: "unexpected EOF while looking for `]]'".into(),
                source_line: String::new(),
                incomplete: true,
                discard: false,
            }),
            ref t => {
                let msg = match t.text() {
                    Some(s) => format!("syntax error in conditional expression: unexpected token `{s}'"),
                    None => "syntax error in conditional expression".into(),
                };
                Err(self.err_msg(cs.last_line, msg))
            }
        }
    }

    /// Lex one token inside `[[ ]]` (`regex`: the right side of `=~`).
    fn cond_lex(&mut self, cs: &mut Cs, regex: bool) -> PResult<CTok> {
        self.skip_blanks();
        cs.last_line = self.inp.line;
        let Some(c) = self.inp.peek() else {
            return Ok(if self.virtual_newline() { CTok::Newline } else { CTok::Eof });
        };
        let two = |p: &mut Self, t: CTok| {
            p.inp.bump_raw();
            p.inp.bump_raw();
            Ok(t)
        };
        let one = |p: &mut Self, t: CTok| {
            p.inp.bump_raw();
            Ok(t)
        };
        match c {
            // With extglob off, `!(` starting a term is `!` and a group.
            '!' if cs.term_start && !regex && !self.extglob && self.inp.peek2() == Some('(') => one(self, CTok::Word(Word::literal("!"))),
            '\n' => one(self, CTok::Newline),
            '&' if self.inp.peek2() == Some('&') => two(self, CTok::And),
            '|' if self.inp.peek2() == Some('|') => two(self, CTok::Or),
            '(' if !regex => one(self, CTok::LParen),
            ')' => one(self, CTok::RParen),
            '<' if self.inp.peek2() != Some('(') => one(self, CTok::Less),
            '>' if self.inp.peek2() != Some('(') => one(self, CTok::Greater),
            '&' => one(self, CTok::Other("&")),
            // In a regex a lone `|` is an (empty) alternation, as bash's regcomp takes it.
            '|' if !regex => one(self, CTok::Other("|")),
            ';' => one(self, CTok::Other(";")),
            _ => {
                // Inside `[[ ]]` bash reads extended patterns whatever the shopt says.
                let extglob = std::mem::replace(&mut self.extglob, true);
                let w = self.read_word(if regex { Kind::Regex } else { Kind::Normal });
                self.extglob = extglob;
                let w = w?;
                if w.parts.is_empty() {
                    self.inp.bump_raw();
                    return Ok(CTok::Other("("));
                }
                Ok(if w.as_literal() == Some("]]") { CTok::End } else { CTok::Word(w) })
            }
        }
    }

    /// Lex a token, skipping newlines.
    fn cond_skip_newlines(&mut self, cs: &mut Cs) -> PResult<CTok> {
        loop {
            let t = self.cond_lex(cs, false)?;
            if t != CTok::Newline {
                return Ok(t);
            }
        }
    }

    /// An error of the `[[ ]]` parser at the line of the last token.
    fn cond_err(&self, cs: &Cs, msg: String) -> ParseError {
        self.err_msg(cs.last_line, msg)
    }

    /// A silent syntax error (bash prints nothing for `[[ ]]`, `[[ ! ]]`, `[[ a && ]]`).
    fn cond_silent(&self) -> ParseError {
        self.err_msg(self.inp.line, String::new())
    }

    /// A chain of `n` terms becomes `n` levels of the tree: bound it like nesting.
    fn check_chain(&self, n: usize) -> PResult<()> {
        if self.depth + n >= self.max_depth {
            return Err(self.err_msg(self.inp.line, "maximum nesting depth exceeded"));
        }
        Ok(())
    }

    /// `and ('||' and)*`, nested to the right as bash does (iteratively: long chains are fine).
    fn cond_or(&mut self, cs: &mut Cs) -> PResult<CondExpr> {
        let mut terms = vec![self.cond_and(cs)?];
        while cs.tok == CTok::Or {
            self.check_chain(terms.len())?;
            terms.push(self.cond_and(cs)?);
        }
        Ok(fold_right(terms, CondExpr::Or))
    }

    /// `term ('&&' term)*`.
    fn cond_and(&mut self, cs: &mut Cs) -> PResult<CondExpr> {
        let mut terms = vec![self.cond_term(cs)?];
        while cs.tok == CTok::And {
            self.check_chain(terms.len())?;
            terms.push(self.cond_term(cs)?);
        }
        Ok(fold_right(terms, CondExpr::And))
    }

    fn cond_term(&mut self, cs: &mut Cs) -> PResult<CondExpr> {
        cs.term_start = true;
        let t = self.cond_skip_newlines(cs);
        cs.term_start = false;
        let t = t?;
        match t {
            CTok::End => Err(self.cond_silent()),
            CTok::LParen => {
                let e = match self.nested(|p| p.cond_or(cs)) {
                    Err(e) if e.message.is_empty() => return Err(self.cond_err(cs, "expected `)'".into())),
                    r => r?,
                };
                if cs.tok != CTok::RParen {
                    let msg = match cs.tok.text() {
                        Some(s) => format!("unexpected token `{s}', expected `)'"),
                        None => "expected `)'".into(),
                    };
                    return Err(self.cond_err(cs, msg));
                }
                cs.tok = self.cond_skip_newlines(cs)?;
                Ok(e)
            }
            CTok::Word(w) if w.as_literal() == Some("!") => {
                let e = self.nested(|p| p.cond_term(cs))?;
                Ok(CondExpr::Not(Box::new(e)))
            }
            CTok::Word(w) if w.as_literal().is_some_and(is_unop) => {
                let op = w.as_literal().unwrap_or_default()[1..].to_string();
                match self.cond_lex(cs, false)? {
                    CTok::Word(arg) => {
                        cs.tok = self.cond_skip_newlines(cs)?;
                        Ok(CondExpr::Unary(op, arg))
                    }
                    t => Err(self.cond_err(cs, match t.text() {
                        Some(s) => format!("unexpected argument `{s}' to conditional unary operator"),
                        None => "unexpected argument to conditional unary operator".into(),
                    })),
                }
            }
            CTok::Word(w) => self.cond_binary(cs, w),
            t => Err(self.cond_err(cs, match t {
                CTok::Eof => {
                    return Err(ParseError {
                        line: self.eof_line(),
                        message: "unexpected token `EOF' in conditional command".into(),
                        source_line: String::new(),
                        incomplete: true,
                        discard: false,
                    })
                }
                t => format!("unexpected token `{}' in conditional command", t.text().unwrap_or_default()),
            })),
        }
    }

    /// `word`, or `word op word`, after the first word.
    fn cond_binary(&mut self, cs: &mut Cs, left: Word) -> PResult<CondExpr> {
        let t = self.cond_lex(cs, false)?;
        let op = match &t {
            CTok::Word(w) => match w.as_literal() {
                Some(s) if is_binop(s) || s == "=~" => s.to_string(),
                _ => return Err(self.cond_err(cs, "conditional binary operator expected".into())),
            },
            CTok::Less => "<".into(),
            CTok::Greater => ">".into(),
            CTok::End | CTok::And | CTok::Or | CTok::RParen => {
                cs.tok = t;
                return Ok(CondExpr::Word(left));
            }
            t => {
                return Err(self.cond_err(cs, match t.text() {
                    Some(s) => format!("unexpected token `{s}', conditional binary operator expected"),
                    None => "conditional binary operator expected".into(),
                }))
            }
        };
        match self.cond_lex(cs, op == "=~")? {
            CTok::Word(right) => {
                cs.tok = self.cond_skip_newlines(cs)?;
                Ok(CondExpr::Binary(op, left, right))
            }
            t => Err(self.cond_err(cs, match t.text() {
                Some(s) => format!("unexpected argument `{s}' to conditional binary operator"),
                None => "unexpected argument to conditional binary operator".into(),
            })),
        }
    }
}

/// `[a, b, c]` to `f(a, f(b, c))`.
fn fold_right(terms: Vec<CondExpr>, f: fn(Box<CondExpr>, Box<CondExpr>) -> CondExpr) -> CondExpr {
    let mut it = terms.into_iter().rev();
    let mut acc = it.next().unwrap_or(CondExpr::Word(Word::default()));
    for t in it {
        acc = f(Box::new(t), Box::new(acc));
    }
    acc
}
