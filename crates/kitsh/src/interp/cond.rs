//! `[[ ... ]]` evaluation.

use crate::parser::ast::{CondExpr, Word};
use crate::util::test_expr;

use super::options::*;
use super::{Exec, Flow, Shell};
use super::assign::ArrayItem;

impl Shell {
    /// Evaluate a `[[ ]]` expression. Errors give `Err(Flow::Exit(2))` after printing
    /// (the caller turns it into status 2).
    pub(crate) fn eval_cond(&mut self, e: &CondExpr) -> Exec<bool> {
        match e {
            CondExpr::Not(inner) if matches!(**inner, CondExpr::Unary(..) | CondExpr::Binary(..)) => Ok(!self.cond_primary(inner, true)?),
            CondExpr::Not(e) => Ok(!self.eval_cond(e)?),
            CondExpr::And(a, b) => Ok(self.eval_cond(a)? && self.eval_cond(b)?),
            CondExpr::Or(a, b) => Ok(self.eval_cond(a)? || self.eval_cond(b)?),
            CondExpr::Word(w) => Ok(!self.expand_word_str(w)?.is_empty()),
            e => self.cond_primary(e, false),
        }
    }

    /// A unary or binary test; `set -x` traces it with its operands expanded
    /// (`[[ ! -z a ]]` when `negated`).
    fn cond_primary(&mut self, e: &CondExpr, negated: bool) -> Exec<bool> {
        let bang = if negated { "! " } else { "" };
        match e {
            CondExpr::Unary(op, w) => {
                let arg = self.expand_word_str(w)?;
                if self.set_opt(XTRACE) {
                    let t = format!("[[ {bang}-{op} {arg} ]]");
                    self.xtrace_line(&t);
                }
                let mut env = TestEnvImpl(self);
                match test_expr::unary(op, &arg, &mut env) {
                    Ok(b) => Ok(b),
                    Err(m) => {
                        self.error(&m);
                        Err(Flow::Exit(2))
                    }
                }
            }
            CondExpr::Binary(op, l, r) => self.cond_binary(op, l, r, bang),
            e => self.eval_cond(e),
        }
    }

    fn cond_binary(&mut self, op: &str, l: &Word, r: &Word, bang: &str) -> Exec<bool> {
        let left = self.expand_word_str(l)?;
        let right = match op {
            "==" | "=" | "!=" => self.expand_pattern(r)?,
            "=~" => String::new(),
            _ => self.expand_word_str(r)?,
        };
        if self.set_opt(XTRACE) {
            // bash shows the operands expanded, unquoted (a pattern in its escaped form).
            let shown = if op == "=~" { self.expand_word_str(r)? } else { right.clone() };
            let t = format!("[[ {bang}{left} {op} {shown} ]]");
            self.xtrace_line(&t);
        }
        match op {
            "==" | "=" | "!=" => {
                let m = self.pattern_matches(&right, &left, self.shopt(NOCASEMATCH));
                Ok(if op == "!=" { !m } else { m })
            }
            "=~" => self.cond_regex(&left, r),
            "<" => Ok(left.as_bytes() < right.as_bytes()),
            ">" => Ok(left.as_bytes() > right.as_bytes()),
            "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" => {
                let a = self.arith_str(&left);
                let b = self.arith_str(&right);
                match (a, b) {
                    (Ok(a), Ok(b)) => Ok(match op {
                        "-eq" => a == b,
                        "-ne" => a != b,
                        "-lt" => a < b,
                        "-le" => a <= b,
                        "-gt" => a > b,
                        _ => a >= b,
                    }),
                    // bash reports `[[: ...` and the test is false (status 1); a bad array
                    // subscript abandons the command line.
                    (Err(m), _) | (_, Err(m)) => {
                        self.arith_command_error("[[: ", &m)?;
                        Ok(false)
                    }
                }
            }
            _ => {
                let mut env = TestEnvImpl(self);
                match test_expr::binary(op, &left, &right, &mut env) {
                    Ok(b) => Ok(b),
                    Err(m) => {
                        self.error(&m);
                        Err(Flow::Exit(2))
                    }
                }
            }
        }
    }

    fn cond_regex(&mut self, left: &str, r: &Word) -> Exec<bool> {
        // Quoted parts of the regex match literally: outside a bracket expression they are
        // escaped; inside one bash 5.2 puts their characters in bare (`[^\]]` is `[^]]`,
        // `[a\]]` is `[a]]`), so `scan` follows the brackets of the text built so far.
        let mut re = String::new();
        let mut scan = BracketScan::default();
        for p in &r.parts {
            let (text, quoted) = match p {
                crate::parser::ast::WordPart::Literal(s) => (s.clone(), false),
                crate::parser::ast::WordPart::Param(_) | crate::parser::ast::WordPart::CommandSub(_) | crate::parser::ast::WordPart::ArithSub(_) => {
                    let w = Word { parts: vec![p.clone()] };
                    (self.expand_word_str(&w)?, false)
                }
                other => {
                    let w = Word { parts: vec![other.clone()] };
                    (self.expand_word_str(&w)?, true)
                }
            };
            let text = if quoted && !scan.open { regex_escape(&text) } else { text };
            text.chars().for_each(|c| scan.feed(c));
            re.push_str(&text);
        }
        let Some(rx) = compiled_regex(re, self.shopt(NOCASEMATCH)) else {
            return Err(Flow::Exit(2));
        };
        match rx.captures(left) {
            Some(caps) => {
                let items = caps.iter().map(|m| ArrayItem::value(m.map(|m| m.as_str().to_string()).unwrap_or_default())).collect();
                let _ = self.assign_array("BASH_REMATCH", items, false, false);
                Ok(true)
            }
            None => {
                let _ = self.assign_array("BASH_REMATCH", Vec::new(), false, false);
                Ok(false)
            }
        }
    }
}

/// Regexes of `[[ =~ ]]` compiled before on this thread, by their POSIX text and case rule: a
/// loop that tests the same regex compiles it once (`Regex` clones share the program).
const CACHED_REGEXES: usize = 32;

thread_local! {
    static REGEXES: std::cell::RefCell<Vec<(String, bool, regex::Regex)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The compiled form of the POSIX ERE `re`; `None` when it is invalid (status 2).
fn compiled_regex(re: String, nocase: bool) -> Option<regex::Regex> {
    let hit = REGEXES.with(|c| c.borrow().iter().find(|(t, n, _)| *t == re && *n == nocase).map(|(_, _, rx)| rx.clone()));
    if hit.is_some() {
        return hit;
    }
    let syntax = crate::util::posix_re::Syntax::Extended;
    let rx = regex::Regex::new(&crate::util::posix_re::translate(&re, syntax, nocase).ok()?).ok()?;
    REGEXES.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHED_REGEXES {
            c.remove(0);
        }
        c.push((re, nocase, rx.clone()));
    });
    Some(rx)
}

/// Whether the regex text read so far ends inside a bracket expression (POSIX: `]` right after
/// `[` or `[^` is a member, `[:class:]`, `[=e=]` and `[.c.]` hold their own `]`; outside
/// brackets a backslash quotes the next character).
#[derive(Default)]
struct BracketScan {
    open: bool,
    members: usize,
    caret: bool,
    class: Option<char>,
    prev: char,
    escape: bool,
}

impl BracketScan {
    fn feed(&mut self, c: char) {
        if !self.open {
            if self.escape {
                self.escape = false;
            } else if c == '\\' {
                self.escape = true;
            } else if c == '[' {
                *self = BracketScan { open: true, prev: '[', ..Default::default() };
            }
            return;
        }
        if let Some(k) = self.class {
            if self.prev == k && c == ']' {
                self.class = None;
            }
        } else if c == '^' && self.members == 0 && !self.caret {
            self.caret = true;
            return;
        } else if c == ']' && self.members > 0 {
            self.open = false;
            return;
        } else if self.prev == '[' && matches!(c, ':' | '=' | '.') {
            self.class = Some(c);
        }
        self.prev = c;
        self.members += 1;
    }
}

fn regex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "\\.+*?()|[]{}^$".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// [`test_expr::TestEnv`] over a shell.
pub(crate) struct TestEnvImpl<'a>(pub &'a mut Shell);

impl test_expr::TestEnv for TestEnvImpl<'_> {
    fn fs(&self) -> &dyn crate::fs::FileSystem {
        &*self.0.fs
    }
    fn cwd(&self) -> &str {
        &self.0.cwd
    }
    fn var_is_set(&mut self, name: &str) -> bool {
        let sh = &mut *self.0;
        let Some(open) = name.find('[').filter(|_| name.ends_with(']')) else {
            // An array name alone stands for its element 0.
            let name = sh.vars.resolve_name(name).into_owned();
            return match sh.vars.get(&name) {
                Some(v) => match &v.value {
                    Some(super::vars::Value::Indexed(m)) => m.contains_key(&0),
                    Some(super::vars::Value::Assoc(m)) => m.get("0").is_some(),
                    Some(super::vars::Value::Str(_)) => true,
                    None => false,
                },
                // A computed variable (`RANDOM`, `LINENO`, `FUNCNAME` in a function, ...); an
                // array one is set when it has an element 0 (`BASH_SOURCE` is empty under -c).
                None => {
                    // bash computes the value to test it: `[[ -v RANDOM ]]` uses up a number.
                    if name == "RANDOM" && sh.random.special {
                        sh.next_random();
                    }
                    sh.dynamic_names().contains(&name.as_str()) && sh.dynamic_array(&name).is_none_or(|v| !v.is_empty())
                }
            };
        };
        let base = sh.vars.resolve_name(&name[..open]).into_owned();
        let key = &name[open + 1..name.len() - 1];
        let expanded;
        let key = if key == "@" || key == "*" {
            key
        } else {
            match sh.expand_subscript_text(key) {
                Ok(k) => {
                    expanded = k;
                    expanded.as_str()
                }
                Err(_) => return false,
            }
        };
        if key == "@" || key == "*" {
            return sh.vars.get(&base).is_some_and(|v| match &v.value {
                Some(super::vars::Value::Indexed(m)) => !m.is_empty(),
                Some(super::vars::Value::Assoc(m)) => !m.is_empty(),
                Some(super::vars::Value::Str(_)) => true,
                None => false,
            });
        }
        if sh.vars.get(&base).is_some_and(|v| v.is_assoc()) {
            return matches!(sh.vars.get(&base).and_then(|v| v.value.as_ref()),
                Some(super::vars::Value::Assoc(m)) if m.get(key).is_some());
        }
        // An indexed subscript is arithmetic; a negative one counts from the end.
        let i = match sh.arith_str(key) {
            Ok(i) => i,
            Err(m) => {
                sh.error(&m);
                return false;
            }
        };
        match sh.vars.get(&base).and_then(|v| v.value.as_ref()) {
            Some(super::vars::Value::Indexed(m)) => {
                let i = if i < 0 { m.keys().next_back().copied().unwrap_or(-1) + 1 + i } else { i };
                if i < 0 {
                    sh.error(&format!("{base}: bad array subscript"));
                    return false;
                }
                m.contains_key(&i)
            }
            Some(super::vars::Value::Str(_)) => i == 0 || i == -1,
            _ => false,
        }
    }
    fn option_is_set(&self, name: &str) -> Option<bool> {
        super::options::Options::set_index_of(name).map(|i| self.0.opts.set[i])
    }
}
