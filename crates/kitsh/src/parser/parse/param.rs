//! `${...}` parameter expansions.
//!
//! A syntactically invalid expansion (`${%}`, `${x!}`) is not a parse error in bash but a
//! run-time "bad substitution": it is returned as `Param::Var(text)` (op `None`) where `text`
//! is everything between the braces, which is never a valid name.

use super::word::{is_name_char, is_name_start, Buf};
use super::{Core, PResult};
use crate::parser::ast::*;

/// How the word of an operator is lexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pw {
    /// `${x:-word}` and the other value words: single quotes are literal inside `"..."`.
    Value,
    /// Patterns, replacements and arithmetic: single quotes quote even inside `"..."`.
    Pattern,
}

use super::AssignCtx;

impl Core<'_, '_, '_> {
    /// `${...}` after the `{`.
    pub(crate) fn param_brace(&mut self, in_dq: bool, line: u32) -> PResult<WordPart> {
        let start = self.inp.mark();
        match self.nested(|p| p.param_body(in_dq, line))? {
            Some(pe) => Ok(WordPart::Param(Box::new(pe))),
            None => {
                self.inp.reset(start);
                let text = self.bad_subst_text(line)?;
                Ok(super::word::param_part(Param::Var(text), true))
            }
        }
    }

    /// The next character, or the "unexpected EOF" error of `${`.
    fn brace_peek(&mut self, line: u32) -> PResult<char> {
        match self.inp.peek() {
            Some(c) => Ok(c),
            None => Err(self.err_matching('}', line)),
        }
    }

    /// The inside of `${...}`; `None` when it is not valid syntax.
    fn param_body(&mut self, in_dq: bool, line: u32) -> PResult<Option<ParamExpr>> {
        let c = self.brace_peek(line)?;
        if c == '#' {
            if let Some(pe) = self.param_length(line)? {
                return Ok(Some(pe));
            }
        }
        if c == '!' && self.inp.peek2() != Some('}') {
            self.inp.bump_raw();
            return self.param_indirect(in_dq, line);
        }
        let Some(param) = self.param_name(line)? else { return Ok(None) };
        let op = self.param_op(in_dq, line)?;
        Ok(op.map(|op| ParamExpr { param, indirect: false, op, braced: true }))
    }

    /// `${#}`, `${#x}`, `${#a[@]}`, `${##}`; `None` (nothing consumed) for `${#-w}` and such.
    fn param_length(&mut self, line: u32) -> PResult<Option<ParamExpr>> {
        if self.inp.peek2() == Some('}') {
            self.inp.bump_raw();
            self.inp.bump_raw();
            return Ok(Some(ParamExpr { param: Param::Special('#'), indirect: false, op: ParamOp::None, braced: true }));
        }
        let mark = self.inp.mark();
        self.inp.bump_raw();
        if let Some(param) = self.param_name(line)? {
            if self.inp.peek() == Some('}') {
                self.inp.bump_raw();
                return Ok(Some(ParamExpr { param, indirect: false, op: ParamOp::Length, braced: true }));
            }
        }
        self.inp.reset(mark);
        Ok(None)
    }

    /// After `${!`: indirection, name prefixes or array keys.
    fn param_indirect(&mut self, in_dq: bool, line: u32) -> PResult<Option<ParamExpr>> {
        let Some(param) = self.param_name(line)? else { return Ok(None) };
        let c = self.brace_peek(line)?;
        if matches!(c, '*' | '@') && self.inp.peek2() == Some('}') && matches!(param, Param::Var(_)) {
            self.inp.bump_raw();
            self.inp.bump_raw();
            return Ok(Some(ParamExpr { param, indirect: false, op: ParamOp::NamesWithPrefix(c == '*'), braced: true }));
        }
        if c == '}' && matches!(param, Param::Indexed(_, Index::At | Index::Star)) {
            self.inp.bump_raw();
            return Ok(Some(ParamExpr { param, indirect: false, op: ParamOp::Keys, braced: true }));
        }
        let op = self.param_op(in_dq, line)?;
        Ok(op.map(|op| ParamExpr { param, indirect: true, op, braced: true }))
    }

    /// A parameter name: variable (with optional subscript), positional or special.
    fn param_name(&mut self, line: u32) -> PResult<Option<Param>> {
        let c = self.brace_peek(line)?;
        if is_name_start(c) {
            let mut name = String::new();
            while let Some(c) = self.inp.peek() {
                if !is_name_char(c) {
                    break;
                }
                self.inp.bump_raw();
                name.push(c);
            }
            if self.inp.peek() == Some('[') {
                self.inp.bump_raw();
                let w = self.bracket_word(line, '}')?;
                let index = match w.as_literal() {
                    Some("@") => Index::At,
                    Some("*") => Index::Star,
                    _ => Index::Expr(w),
                };
                return Ok(Some(Param::Indexed(name, index)));
            }
            return Ok(Some(Param::Var(name)));
        }
        if c.is_ascii_digit() {
            let mut n = String::new();
            while let Some(c) = self.inp.peek() {
                if !c.is_ascii_digit() {
                    break;
                }
                self.inp.bump_raw();
                n.push(c);
            }
            if n == "0" {
                return Ok(Some(Param::Special('0')));
            }
            return Ok(n.parse::<usize>().ok().map(Param::Positional));
        }
        if matches!(c, '@' | '*' | '#' | '?' | '-' | '$' | '!') {
            self.inp.bump_raw();
            return Ok(Some(Param::Special(c)));
        }
        Ok(None)
    }

    /// The operator after the parameter, through the closing `}`.
    fn param_op(&mut self, in_dq: bool, line: u32) -> PResult<Option<ParamOp>> {
        let c = self.brace_peek(line)?;
        let mut colon = false;
        self.inp.bump_raw();
        if c == '}' {
            return Ok(Some(ParamOp::None));
        }
        let c = if c == ':' {
            match self.brace_peek(line)? {
                n @ ('-' | '=' | '?' | '+') => {
                    colon = true;
                    self.inp.bump_raw();
                    n
                }
                _ => ':',
            }
        } else {
            c
        };
        let op = match c {
            '-' => ParamOp::Default { colon, word: self.pword(in_dq, Pw::Value, false, line)? },
            '=' => {
                // bash expands only the leading tilde of the word it assigns (`a=${x=~:~}`).
                let saved = self.assign_value;
                if saved == AssignCtx::Full {
                    self.assign_value = AssignCtx::Lead;
                }
                let word = self.pword(in_dq, Pw::Value, false, line);
                self.assign_value = saved;
                ParamOp::Assign { colon, word: word? }
            }
            '+' => ParamOp::Alternative { colon, word: self.pword(in_dq, Pw::Value, false, line)? },
            '?' => {
                let w = self.pword(in_dq, Pw::Value, false, line)?;
                ParamOp::Error { colon, word: if w.parts.is_empty() { None } else { Some(w) } }
            }
            ':' => {
                let offset = self.pword(in_dq, Pw::Pattern, true, line)?;
                if offset.parts.is_empty() && self.inp.peek() == Some('}') {
                    return Ok(None);
                }
                let length = if self.inp.peek() == Some(':') {
                    self.inp.bump_raw();
                    Some(self.pword(in_dq, Pw::Pattern, false, line)?)
                } else {
                    None
                };
                ParamOp::Substring { offset, length }
            }
            '#' | '%' => {
                let longest = self.inp.eat(c);
                let pattern = self.pattern_word(in_dq, '}', line)?;
                if c == '#' {
                    ParamOp::RemovePrefix { longest, pattern }
                } else {
                    ParamOp::RemoveSuffix { longest, pattern }
                }
            }
            '/' => self.param_replace(in_dq, line)?,
            '^' | ',' | '~' => {
                let all = self.inp.eat(c);
                let w = self.pword(in_dq, Pw::Pattern, false, line)?;
                ParamOp::Case { op: c, all, pattern: if w.parts.is_empty() { None } else { Some(w) } }
            }
            '@' => {
                let t = self.brace_peek(line)?;
                if !matches!(t, 'Q' | 'E' | 'P' | 'A' | 'K' | 'a' | 'k' | 'U' | 'u' | 'L') || self.inp.peek2() != Some('}')
                {
                    return Ok(None);
                }
                self.inp.bump_raw();
                ParamOp::Transform(t)
            }
            _ => return Ok(None),
        };
        if self.inp.peek() != Some('}') {
            return Ok(None);
        }
        self.inp.bump_raw();
        Ok(Some(op))
    }

    /// `${x/p/r}` after the first `/`.
    fn param_replace(&mut self, in_dq: bool, line: u32) -> PResult<ParamOp> {
        let mode = match self.brace_peek(line)? {
            '/' => ReplaceMode::All,
            '#' => ReplaceMode::Prefix,
            '%' => ReplaceMode::Suffix,
            _ => ReplaceMode::First,
        };
        if mode != ReplaceMode::First {
            self.inp.bump_raw();
        }
        // After `//` a pattern that starts with `/` keeps it (bash skips it looking for the
        // delimiter): `${y////}` deletes every `/`, `${y///}` too; `${y/#//x}` prefixes `/x`.
        let mut pattern = Word { parts: Vec::new() };
        if mode == ReplaceMode::All && self.inp.peek() == Some('/') {
            self.inp.bump_raw();
            pattern.parts.push(WordPart::Literal("/".to_string()));
        }
        // `${x/#~/r}` and `${x/%~/r}`: the `~` no longer starts the pattern (bash).
        let rest = self.pword_until(in_dq, Pw::Pattern, '/', line, mode != ReplaceMode::Prefix && mode != ReplaceMode::Suffix)?;
        if pattern.parts.is_empty() {
            pattern = rest;
        } else {
            match (pattern.parts.last_mut(), rest.parts.first()) {
                (Some(WordPart::Literal(a)), Some(WordPart::Literal(b))) => {
                    a.push_str(b);
                    pattern.parts.extend(rest.parts.into_iter().skip(1));
                }
                _ => pattern.parts.extend(rest.parts),
            }
        }
        let replacement = if self.inp.peek() == Some('/') {
            self.inp.bump_raw();
            Some(self.pattern_word(in_dq, '}', line)?)
        } else {
            None
        };
        Ok(ParamOp::Replace { mode, pattern, replacement })
    }

    /// The word of an operator, up to `}` (or also `:` with `colon_stops`), not consumed.
    fn pword(&mut self, in_dq: bool, pw: Pw, colon_stops: bool, line: u32) -> PResult<Word> {
        self.pword_until(in_dq, pw, if colon_stops { ':' } else { '}' }, line, false)
    }

    /// The pattern of `${x#p}`, `${x%p}`, `${x/p/r}` or its replacement, up to `stop` or `}`:
    /// bash expands a tilde prefix at its start, even inside double quotes.
    fn pattern_word(&mut self, in_dq: bool, stop: char, line: u32) -> PResult<Word> {
        self.pword_until(in_dq, Pw::Pattern, stop, line, true)
    }

    /// The word of an operator, up to `}` or `stop` at top level, not consumed. `lead_tilde`:
    /// a tilde prefix at the start is expanded whatever the quoting (patterns); an unquoted
    /// value (`${x-~}`) gets one anyway, and in an assignment's value (`a=${x-b:~}`) also
    /// after each unquoted `:`, as bash does.
    fn pword_until(&mut self, in_dq: bool, pw: Pw, stop: char, line: u32, lead_tilde: bool) -> PResult<Word> {
        let mut b = Buf::default();
        let value = !in_dq && pw == Pw::Value;
        let assign_tildes = value && self.assign_value == AssignCtx::Full;
        if lead_tilde || value {
            self.tilde(&mut b, value && self.assign_value != AssignCtx::No, Some('}'));
        }
        // In `${s:off:len}` a `?` of a conditional expression in `off` pairs with a `:`.
        let mut open_ternaries = 0usize;
        // Between single quotes of a double-quoted value word (see below).
        let mut in_squote = false;
        loop {
            let c = self.brace_peek(line)?;
            if c == ':' && stop == ':' && open_ternaries > 0 {
                open_ternaries -= 1;
                self.inp.bump_raw();
                b.push(':');
                continue;
            }
            if (c == '}' || c == stop) && !in_squote {
                break;
            }
            if c == '?' && stop == ':' {
                open_ternaries += 1;
            }
            match c {
                '\\' if in_dq => {
                    self.inp.bump_raw();
                    match self.inp.peek_raw() {
                        Some(n @ ('$' | '`' | '"' | '\\' | '}')) => {
                            self.inp.bump_raw();
                            b.part(WordPart::Escaped(n.to_string()));
                        }
                        // In the pattern and replacement of `${x/p/r}`, `${x#p}`... inside
                        // double quotes a backslash quotes any character, as it does outside
                        // them: `"${x/\//_}"` replaces a `/`, `"${x//b/\x}"` inserts `x`.
                        Some(n) if pw == Pw::Pattern && n != '\n' => {
                            self.inp.bump_raw();
                            b.part(WordPart::Escaped(n.to_string()));
                        }
                        // `\'` pairs with nothing (see the single quotes below).
                        Some('\'') => {
                            self.inp.bump_raw();
                            b.push_str("\\'");
                        }
                        _ => b.push('\\'),
                    }
                }
                // Inside `"${x-...}"` a single quote is literal, but bash still pairs quotes
                // when it looks for the closing brace: `"${x-'}'}"` gives `'}'`; a double
                // quote between them is removed (`"${x-'a"b'}"` gives `'ab'`).
                '\'' if in_dq && pw == Pw::Value => {
                    self.inp.bump_raw();
                    b.push('\'');
                    in_squote = !in_squote;
                }
                '"' | '}' if in_squote => {
                    self.inp.bump_raw();
                    if c == '}' {
                        b.push('}');
                    }
                }
                _ if in_squote && c == stop => {
                    self.inp.bump_raw();
                    b.push(c);
                }
                ':' if assign_tildes => {
                    self.inp.bump_raw();
                    b.push(':');
                    self.tilde(&mut b, true, Some('}'));
                }
                // In a here-document `${x-$'a'}` keeps `$'a'` as it is (no `extquote`).
                '$' if in_dq && pw == Pw::Value && self.docs.in_body && self.inp.peek2() == Some('\'') => {
                    self.inp.bump_raw();
                    b.push('$');
                }
                '$' => self.dollar(&mut b, false)?,
                '`' => self.backtick(&mut b, in_dq)?,
                _ => self.word_char(&mut b, c, in_dq)?,
            }
        }
        Ok(b.word())
    }

    /// The raw text of an invalid `${...}`, up to the matching `}` (consumed).
    fn bad_subst_text(&mut self, line: u32) -> PResult<String> {
        let mut s = String::new();
        let mut depth = 0usize;
        loop {
            let Some(c) = self.inp.bump() else { return Err(self.err_matching('}', line)) };
            match c {
                '}' if depth == 0 => return Ok(s),
                '}' => depth -= 1,
                '{' if s.ends_with('$') => depth += 1,
                '\\' => {
                    s.push(c);
                    match self.inp.bump_raw() {
                        Some(n) => s.push(n),
                        None => return Err(self.err_matching('}', line)),
                    }
                    continue;
                }
                '\'' | '"' => {
                    s.push(c);
                    loop {
                        match self.inp.bump_raw() {
                            None => return Err(self.err_matching(c, line)),
                            Some(n) => {
                                s.push(n);
                                if n == c {
                                    break;
                                }
                            }
                        }
                    }
                    continue;
                }
                _ => {}
            }
            s.push(c);
        }
    }
}
