//! Arithmetic text: `$(( ))`, `(( ))` and `for (( ; ; ))`.
//!
//! The text is kept as a [`Word`] (expanded at run time, then evaluated). `$((` / `((` without
//! a matching `))` is a command substitution / subshell of a subshell, as in bash.

use std::sync::Arc;

use super::word::Buf;
use super::{Core, PResult};
use crate::parser::ast::*;

impl Core<'_, '_, '_> {
    /// `$((...))` or, when there is no matching `))`, `$( (...) )`. At the first `(`.
    pub(crate) fn arith_or_comsub(&mut self, b: &mut Buf, line: u32) -> PResult<()> {
        let mark = self.inp.mark();
        self.inp.bump_raw();
        self.inp.bump_raw();
        if let Some(mut words) = self.nested(|p| p.arith_parts(line, false))? {
            b.part(WordPart::ArithSub(words.pop().unwrap_or_default()));
            return Ok(());
        }
        self.inp.reset(mark);
        self.inp.bump_raw();
        let list = self.nested(|p| p.subst_body()).map_err(|mut e| {
            if e.incomplete {
                e.line = line;
            }
            e
        })?;
        b.part(WordPart::CommandSub(Arc::new(list)));
        Ok(())
    }

    /// Arithmetic text after `((`, through the closing `))`. `None` when a single `)` closes
    /// the outer parenthesis first. With `split`, top-level `;` separate several texts.
    pub(crate) fn arith_parts(&mut self, line: u32, split: bool) -> PResult<Option<Vec<Word>>> {
        let mut words = Vec::new();
        let mut b = Buf::default();
        let mut depth = 0usize;
        loop {
            let Some(c) = self.inp.peek() else {
                return Err(self.err_matching(')', line));
            };
            match c {
                '(' => {
                    depth += 1;
                    self.inp.bump_raw();
                    b.push(c);
                }
                ')' => {
                    self.inp.bump_raw();
                    if depth == 0 {
                        if self.inp.peek() == Some(')') {
                            self.inp.bump_raw();
                            break;
                        }
                        return Ok(None);
                    }
                    depth -= 1;
                    b.push(c);
                }
                ';' if split && depth == 0 => {
                    self.inp.bump_raw();
                    words.push(b.take_word());
                }
                '\\' | '\'' | '"' | '$' | '`' => self.word_char(&mut b, c, false)?,
                _ => {
                    self.inp.bump_raw();
                    b.push(c);
                }
            }
        }
        words.push(b.word());
        Ok(Some(words))
    }
}
