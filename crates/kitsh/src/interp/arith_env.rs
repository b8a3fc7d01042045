//! The bridge between arithmetic evaluation and shell variables.

use crate::parser::ast::{Word, WordPart};

use super::arith::{self, ArithEnv, ArithIndex};
use super::options::NOUNSET;
use super::vars::Value;
use super::{Exec, Flow, Shell};

struct Env<'a>(&'a mut Shell);

impl ArithEnv for Env<'_> {
    fn get(&mut self, name: &str) -> Result<Option<String>, String> {
        let sh = &mut *self.0;
        if let Some(v) = sh.vars.get(name) {
            if let Some(s) = v.scalar() {
                return Ok(Some(s.to_string()));
            }
        } else {
            match sh.dynamic_var(name) {
                Some(super::expand::Val::Str(s)) => return Ok(s),
                Some(super::expand::Val::List(items, _)) => return Ok(items.into_iter().next()),
                None => {}
            }
        }
        if sh.set_opt(NOUNSET) {
            return Err(format!("{name}: unbound variable"));
        }
        Ok(None)
    }

    fn expand_subscript(&mut self, text: &str) -> Result<String, String> {
        self.0.expand_subscript_text(text)
    }

    fn subscript_failed(&mut self) {
        self.0.line.discard = true;
    }

    fn get_elem(&mut self, name: &str, index: &ArithIndex) -> Result<Option<String>, String> {
        let sh = &mut *self.0;
        let name = sh.vars.resolve_name(name).into_owned();
        let r = match (sh.vars.get(&name).and_then(|v| v.value.as_ref()), index) {
            (Some(Value::Indexed(m)), ArithIndex::Num(i)) => {
                let i = if *i < 0 { m.keys().next_back().copied().unwrap_or(-1) + 1 + i } else { *i };
                m.get(&i).cloned()
            }
            (Some(Value::Assoc(m)), ArithIndex::Key(k)) => m.get(k).cloned(),
            (Some(Value::Assoc(m)), ArithIndex::Num(i)) => m.get(&i.to_string()).cloned(),
            (Some(Value::Str(s)), ArithIndex::Num(0)) => Some(s.clone()),
            (None, ArithIndex::Num(i)) => sh.dynamic_array(&name).and_then(|v| usize::try_from(*i).ok().and_then(|i| v.get(i).cloned())),
            _ => None,
        };
        if r.is_none() && sh.set_opt(NOUNSET) {
            return Err(format!("{name}: unbound variable"));
        }
        Ok(r)
    }

    fn set(&mut self, name: &str, index: Option<&ArithIndex>, value: i64) -> Result<(), String> {
        let sh = &mut *self.0;
        match index {
            None => sh.assign_int(name, value),
            Some(ArithIndex::Num(i)) => sh.assign_elem(name, &i.to_string(), value.to_string(), false),
            Some(ArithIndex::Key(k)) => sh.assign_elem(name, k, value.to_string(), false),
        }
    }

    fn is_assoc(&self, name: &str) -> bool {
        self.0.vars.get(name).is_some_and(|v| v.is_assoc())
    }

    fn get_num(&mut self, name: &str) -> Option<i64> {
        arith::fast_decimal(self.0.vars.get(name)?.scalar()?.as_bytes())
    }
}

impl Shell {
    /// The text of an arithmetic expression: expanded, but single quotes are not removed
    /// (bash reports `'1' + 2` as a syntax error).
    pub(crate) fn expand_arith_text(&mut self, w: &Word) -> Exec<String> {
        if !w.parts.iter().any(|p| matches!(p, WordPart::SingleQuoted(_))) {
            return self.expand_word_str(w);
        }
        let parts = w
            .parts
            .iter()
            .map(|p| match p {
                WordPart::SingleQuoted(s) => WordPart::Literal(format!("'{s}'")),
                p => p.clone(),
            })
            .collect();
        self.expand_word_str(&Word { parts })
    }

    /// Evaluate arithmetic text.
    pub fn arith_str(&mut self, expr: &str) -> Result<i64, String> {
        arith::eval(expr, &mut Env(self)).map_err(|e| e.message)
    }

    /// The text of an arithmetic word: borrowed when it is one literal (the common case of
    /// `(( i < n ))`, `$((i + 1))`), so evaluating it copies nothing.
    fn arith_source<'w>(&mut self, w: &'w Word) -> Exec<std::borrow::Cow<'w, str>> {
        if let [WordPart::Literal(s)] = w.parts.as_slice() {
            return Ok(std::borrow::Cow::Borrowed(s));
        }
        self.expand_word_str(w).map(std::borrow::Cow::Owned)
    }

    /// Expand a word and evaluate it as arithmetic; errors are fatal like bash's.
    pub(crate) fn arith_word(&mut self, w: &Word) -> Exec<i64> {
        let text = self.arith_source(w)?;
        self.arith_text(&text)
    }

    /// The offset or length of `${x:offset:length}`: like [`Shell::arith_word`], but an
    /// error names the parameter (`who`), as bash reports it (`y: 1 +: syntax error ...`).
    pub(crate) fn arith_word_of(&mut self, w: &Word, who: &crate::parser::ast::Param) -> Exec<i64> {
        let text = self.arith_source(w)?;
        match self.arith_str(&text) {
            Ok(v) => Ok(v),
            Err(msg) if msg.ends_with(": unbound variable") => {
                self.error(&msg);
                Err(self.fatal_expansion())
            }
            Err(msg) => {
                if self.line.discard {
                    self.error(&msg);
                } else {
                    self.error(&format!("{}: {msg}", Self::substring_name(who)));
                    self.line.arith_abort = true;
                }
                Err(Flow::Abort(1))
            }
        }
    }

    /// `$(( ... ))`: like [`Shell::arith_word`], but single quotes stay in the text, so
    /// `$(( '1' + 2 ))` is a syntax error as in bash (`(( ))` and `for ((` take them).
    pub(crate) fn arith_sub(&mut self, w: &Word) -> Exec<i64> {
        if let [WordPart::Literal(s)] = w.parts.as_slice() {
            return self.arith_text(s);
        }
        let text = self.expand_arith_text(w)?;
        self.arith_text(&text)
    }

    fn arith_text(&mut self, text: &str) -> Exec<i64> {
        match self.arith_str(text) {
            Ok(v) => Ok(v),
            Err(msg) => {
                self.error(&msg);
                // `set -u` makes an unset variable in arithmetic fatal.
                if msg.ends_with(": unbound variable") {
                    return Err(self.fatal_expansion());
                }
                self.line.arith_abort = true;
                Err(Flow::Abort(1))
            }
        }
    }

    /// Report an error of `(( ))`, `for ((` or `let` with `prefix`; one from an array
    /// subscript (see [`Shell::discard`]) is reported bare and abandons the command line.
    pub(crate) fn arith_command_error(&mut self, prefix: &str, msg: &str) -> Exec<()> {
        // `set -u`: bash names the variable alone (`a: unbound variable`), whatever the command,
        // and a non-interactive shell ends.
        if msg.ends_with(": unbound variable") {
            self.error(msg);
            return Err(self.fatal_expansion());
        }
        if self.line.discard {
            self.error(msg);
            return Err(Flow::Abort(1));
        }
        let mut line = String::with_capacity(prefix.len() + msg.len());
        line.push_str(prefix);
        line.push_str(msg);
        self.error(&line);
        Ok(())
    }

    /// A part of `for ((...))`: like `(( ))`, an error is reported (`((: ...`) and ends the
    /// loop with status 1 (`None`) instead of abandoning the command line.
    pub(crate) fn arith_for_part(&mut self, w: &Word) -> Exec<Option<i64>> {
        let text = self.arith_source(w)?;
        match self.arith_str(&text) {
            Ok(v) => Ok(Some(v)),
            Err(msg) => {
                self.arith_command_error("((: ", &msg)?;
                if msg.ends_with(": unbound variable") {
                    return Err(self.fatal_expansion());
                }
                Ok(None)
            }
        }
    }

    /// `(( ))`: an error gives status 1 and the script goes on.
    pub(crate) fn arith_word_status(&mut self, w: &Word) -> Exec<i64> {
        let text = self.arith_source(w)?;
        match self.arith_str(&text) {
            Ok(v) => Ok(v),
            Err(msg) => {
                self.arith_command_error("((: ", &msg)?;
                if msg.ends_with(": unbound variable") {
                    return Err(self.fatal_expansion());
                }
                Ok(0)
            }
        }
    }
}
