//! Printing of compound commands, `[[ ]]` expressions and function definitions.

use super::word::{raw_into, word_into};
use super::{Printer, INDENT};
use crate::parser::ast::*;

/// The reserved words: a function with such a name is printed as `function NAME () `.
fn is_reserved(name: &str) -> bool {
    matches!(
        name,
        "if" | "then"
            | "else"
            | "elif"
            | "fi"
            | "case"
            | "esac"
            | "for"
            | "select"
            | "while"
            | "until"
            | "do"
            | "done"
            | "in"
            | "function"
            | "time"
            | "{"
            | "}"
            | "!"
            | "[["
            | "]]"
            | "coproc"
    )
}

/// Split a function body into the command printed inside `{ }` and the redirections printed
/// after `}`: a `{ }` body gives its list and its redirections.
enum FnBody<'a> {
    /// `{ list } redirs`.
    Group(&'a List, &'a [Redirect]),
    /// Any other compound command (printed inside `{ }` with its own redirections).
    Other(&'a Command),
}

fn fn_body(c: &Command) -> FnBody<'_> {
    match c {
        Command::Compound(CompoundCommand::Brace(l), r) => FnBody::Group(l, r),
        c => FnBody::Other(c),
    }
}

impl<'a> Printer<'a> {
    /// `declare -f` output for `f` (bash's `named_function_string`).
    pub(super) fn named_function(&mut self, f: &'a FunctionDef) {
        if is_reserved(&f.name) {
            self.put("function ");
        }
        self.put(&f.name);
        self.put(" () \n");
        self.indentation += INDENT;
        self.inside_fn += 1;
        self.put("{ \n");
        let redirs = self.fn_body_text(&f.body);
        self.indentation -= INDENT;
        self.inside_fn -= 1;
        self.fn_close(redirs);
    }

    /// A function definition nested in a command (bash's `print_function_def`).
    pub(super) fn function_def(&mut self, f: &'a FunctionDef) {
        self.put("function ");
        self.put(&f.name);
        self.put(" () \n");
        self.indent(self.indentation);
        self.put("{ \n");
        self.inside_fn += 1;
        self.indentation += INDENT;
        let redirs = self.fn_body_text(&f.body);
        self.indentation -= INDENT;
        self.inside_fn -= 1;
        self.fn_close(redirs);
    }

    /// The commands of a function body; returns the redirections to print after `}`.
    fn fn_body_text(&mut self, body: &'a Command) -> &'a [Redirect] {
        let redirs = match fn_body(body) {
            FnBody::Group(l, r) => {
                self.list(l);
                r
            }
            FnBody::Other(c) => {
                self.begin();
                self.command_body(c, false);
                &[]
            }
        };
        self.flush_deferred("");
        redirs
    }

    /// The closing `}` of a function, with the body's redirections.
    fn fn_close(&mut self, redirs: &'a [Redirect]) {
        if redirs.is_empty() {
            self.newline("}");
        } else {
            self.newline("} ");
            self.redirect_list(redirs, false);
        }
    }

    /// A compound command (without its redirections).
    pub(super) fn compound(&mut self, cc: &'a CompoundCommand) {
        match cc {
            CompoundCommand::Brace(l) => self.group(l),
            CompoundCommand::Subshell(l) => {
                self.put("( ");
                self.skip_indent += 1;
                self.list(l);
                self.flush_deferred("");
                self.put(" )");
            }
            CompoundCommand::If { branches, else_body } => self.if_command(branches, else_body.as_ref()),
            CompoundCommand::While { until, cond, body } => self.while_command(*until, cond, body),
            CompoundCommand::For { var, words, body } => self.for_command("for", var, words.as_deref(), body),
            CompoundCommand::Select { var, words, body } => {
                self.for_command("select", var, words.as_deref(), body)
            }
            CompoundCommand::ArithFor { init, cond, step, body } => {
                self.put("for ((");
                arith_section(&mut self.out, init);
                self.put("; ");
                arith_section(&mut self.out, cond);
                self.put("; ");
                arith_section(&mut self.out, step);
                self.put("))");
                self.loop_body(body);
            }
            CompoundCommand::Case { word, arms } => self.case_command(word, arms),
            CompoundCommand::DBracket(e) => {
                self.put("[[ ");
                cond_into(&mut self.out, e, false, 0);
                self.put(" ]]");
            }
            CompoundCommand::Arith(w) => {
                self.put("((");
                raw_into(&mut self.out, w);
                self.put("))");
            }
        }
    }

    /// `{ list; }` (multi-line inside a function).
    fn group(&mut self, l: &'a List) {
        self.put("{ ");
        if self.inside_fn == 0 {
            self.skip_indent += 1;
        } else {
            self.put("\n");
            self.indentation += INDENT;
        }
        self.list(l);
        self.flush_deferred("");
        if self.inside_fn > 0 {
            self.put("\n");
            self.indentation -= INDENT;
            self.indent(self.indentation);
        } else {
            self.semicolon();
            self.put(" ");
        }
        self.put("}");
    }

    /// `if`, with `elif` printed as a nested `if` in the `else` part (as bash does).
    fn if_command(&mut self, branches: &'a [(List, List)], else_body: Option<&'a List>) {
        let Some(((cond, body), rest)) = branches.split_first() else { return };
        self.put("if ");
        self.skip_indent += 1;
        self.list(cond);
        self.semicolon();
        self.put(" then\n");
        self.indentation += INDENT;
        self.list(body);
        self.flush_deferred("");
        self.indentation -= INDENT;
        if !rest.is_empty() || else_body.is_some() {
            self.semicolon();
            self.newline("else\n");
            self.indentation += INDENT;
            if rest.is_empty() {
                if let Some(e) = else_body {
                    self.list(e);
                }
            } else {
                self.begin();
                stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.if_command(rest, else_body));
            }
            self.flush_deferred("");
            self.indentation -= INDENT;
        }
        self.semicolon();
        self.newline("fi");
    }

    /// `while`/`until`.
    fn while_command(&mut self, until: bool, cond: &'a List, body: &'a List) {
        self.put(if until { "until " } else { "while " });
        self.skip_indent += 1;
        self.list(cond);
        self.flush_deferred("");
        self.semicolon();
        self.put(" do\n");
        self.indentation += INDENT;
        self.list(body);
        self.flush_deferred("");
        self.indentation -= INDENT;
        self.semicolon();
        self.newline("done");
    }

    /// `for`/`select NAME in WORDS;` (no `in`: `"$@"`), then the body.
    fn for_command(&mut self, kw: &str, var: &str, words: Option<&'a [Word]>, body: &'a List) {
        self.put(kw);
        self.put(" ");
        self.put(var);
        self.put(" in ");
        match words {
            None => self.put("\"$@\""),
            Some(ws) => {
                for (i, w) in ws.iter().enumerate() {
                    if i > 0 {
                        self.put(" ");
                    }
                    word_into(&mut self.out, w);
                }
            }
        }
        self.put(";");
        self.loop_body(body);
    }

    /// `\ndo\n BODY\ndone` of `for`, `select` and arithmetic `for`.
    fn loop_body(&mut self, body: &'a List) {
        self.newline("do\n");
        self.indentation += INDENT;
        self.list(body);
        self.flush_deferred("");
        self.semicolon();
        self.indentation -= INDENT;
        self.newline("done");
    }

    /// `case WORD in` and the arms.
    fn case_command(&mut self, word: &'a Word, arms: &'a [CaseArm]) {
        self.put("case ");
        word_into(&mut self.out, word);
        self.put(" in ");
        self.indentation += INDENT;
        for arm in arms {
            self.newline("");
            for (i, p) in arm.patterns.iter().enumerate() {
                if i > 0 {
                    self.put(" | ");
                }
                word_into(&mut self.out, p);
            }
            self.put(")\n");
            self.indentation += INDENT;
            self.list(&arm.body);
            self.indentation -= INDENT;
            self.flush_deferred("");
            self.newline(match arm.terminator {
                CaseTerminator::Break => ";;",
                CaseTerminator::FallThrough => ";&",
                CaseTerminator::Continue => ";;&",
            });
        }
        self.indentation -= INDENT;
        self.newline("esac");
    }
}

/// One section of `for (( ; ; ))`: leading blanks dropped, `1` when empty.
fn arith_section(out: &mut String, w: &Word) {
    let mut s = String::new();
    raw_into(&mut s, w);
    let t = s.trim_start_matches([' ', '\t', '\n']);
    out.push_str(if t.is_empty() { "1" } else { t });
}

/// A `[[ ]]` expression. `negate`: an odd number of `!` applies. A lone word is printed as
/// `-n WORD` (bash turns it into that test). Parentheses are not in the AST: they are printed
/// where the structure needs them.
fn cond_into(out: &mut String, e: &CondExpr, negate: bool, depth: usize) {
    if depth > 100_000 {
        return;
    }
    if let CondExpr::Not(inner) = e {
        return stacker::maybe_grow(64 * 1024, 1024 * 1024, || cond_into(out, inner, !negate, depth + 1));
    }
    if negate {
        if matches!(e, CondExpr::And(..) | CondExpr::Or(..)) {
            out.push_str("! ( ");
            cond_into(out, e, false, depth + 1);
            out.push_str(" )");
            return;
        }
        out.push_str("! ");
    }
    match e {
        CondExpr::Not(_) => {}
        CondExpr::And(l, r) => {
            cond_operand(out, l, matches!(**l, CondExpr::And(..) | CondExpr::Or(..)), depth);
            out.push_str(" && ");
            cond_operand(out, r, matches!(**r, CondExpr::Or(..)), depth);
        }
        CondExpr::Or(l, r) => {
            cond_operand(out, l, matches!(**l, CondExpr::Or(..)), depth);
            out.push_str(" || ");
            cond_operand(out, r, false, depth);
        }
        CondExpr::Unary(op, w) => {
            out.push('-');
            out.push_str(op);
            out.push(' ');
            word_into(out, w);
        }
        CondExpr::Binary(op, l, r) => {
            word_into(out, l);
            out.push(' ');
            out.push_str(op);
            out.push(' ');
            word_into(out, r);
        }
        CondExpr::Word(w) => {
            out.push_str("-n ");
            word_into(out, w);
        }
    }
}

/// An operand of `&&`/`||`, in `( )` when `paren`.
fn cond_operand(out: &mut String, e: &CondExpr, paren: bool, depth: usize) {
    if paren {
        out.push_str("( ");
    }
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || cond_into(out, e, false, depth + 1));
    if paren {
        out.push_str(" )");
    }
}
