//! Assignment words (`a=1`, `a[i]+=x`, `a=(1 [k]=v)`) and subscripts.

use super::word::{is_name_char, is_name_start, Buf, Kind};
use super::{is_meta, Core, PResult};
use crate::parser::ast::*;
use crate::parser::error::ParseError;

/// The left side of an assignment.
pub(crate) struct Lhs {
    /// The variable name.
    pub(crate) name: String,
    /// `name[index]`.
    pub(crate) index: Option<Word>,
    /// `+=`.
    pub(crate) append: bool,
}

/// What was found at the start of a word in assignment position.
pub(crate) enum Start {
    /// Not an assignment; nothing consumed.
    No,
    /// `name[sub]` not followed by `=`: consumed, the start of an ordinary word.
    Word(Buf),
    /// `name=`, `name+=`, `name[sub]=`: consumed.
    Lhs(Lhs),
}

impl Core<'_, '_, '_> {
    /// Recognise the left side of an assignment at the current position.
    pub(crate) fn assign_start(&mut self) -> PResult<Start> {
        match self.inp.peek() {
            Some(c) if is_name_start(c) => {}
            _ => return Ok(Start::No),
        }
        let mark = self.inp.mark();
        let mut name = String::new();
        while let Some(c) = self.inp.peek() {
            if !is_name_char(c) {
                break;
            }
            self.inp.bump_raw();
            name.push(c);
        }
        let mut index = None;
        if self.inp.peek() == Some('[') {
            let line = self.inp.line;
            self.inp.bump_raw();
            index = Some(self.bracket_word(line, ']')?);
        }
        let append = match (self.inp.peek(), self.inp.peek2()) {
            (Some('='), _) => false,
            (Some('+'), Some('=')) => {
                self.inp.bump_raw();
                true
            }
            _ => {
                return Ok(match index {
                    None => {
                        self.inp.reset(mark);
                        Start::No
                    }
                    Some(w) => {
                        let mut b = Buf::default();
                        b.push_str(&name);
                        b.push('[');
                        push_parts(&mut b, w.parts);
                        b.push(']');
                        Start::Word(b)
                    }
                });
            }
        };
        self.inp.bump_raw();
        Ok(Start::Lhs(Lhs { name, index, append }))
    }

    /// In command position: an assignment word, or the start of an ordinary word.
    pub(crate) fn try_assignment(&mut self) -> PResult<Result<Assign, Buf>> {
        let line = self.inp.line;
        let lhs = match self.assign_start()? {
            Start::No => return Ok(Err(Buf::default())),
            Start::Word(b) => return Ok(Err(b)),
            Start::Lhs(l) => l,
        };
        let value = if self.inp.peek() == Some('(') {
            self.inp.bump_raw();
            AssignValue::Array(self.array_literal()?)
        } else {
            AssignValue::Scalar(self.read_word(Kind::Assign)?)
        };
        Ok(Ok(Assign { name: lhs.name, index: lhs.index, append: lhs.append, value, line }))
    }

    /// The prefix `name=` (as literal parts) of a declaration argument, if it has one.
    pub(crate) fn assign_prefix(&mut self) -> PResult<Result<Buf, Buf>> {
        let lhs = match self.assign_start()? {
            Start::No => return Ok(Err(Buf::default())),
            Start::Word(b) => return Ok(Err(b)),
            Start::Lhs(l) => l,
        };
        let mut b = Buf::default();
        b.push_str(&lhs.name);
        if let Some(w) = lhs.index {
            b.push('[');
            push_parts(&mut b, w.parts);
            b.push(']');
        }
        b.push_str(if lhs.append { "+=" } else { "=" });
        Ok(Ok(b))
    }

    /// The text of a subscript after `[`, up to the matching `]` (consumed); at end of input,
    /// the error names `eof_char`.
    pub(crate) fn bracket_word(&mut self, line: u32, eof_char: char) -> PResult<Word> {
        let mut b = Buf::default();
        let mut depth = 0usize;
        loop {
            let Some(c) = self.inp.peek() else {
                return Err(self.err_matching(eof_char, line));
            };
            match c {
                '[' | ']' => {
                    self.inp.bump_raw();
                    if c == '[' {
                        depth += 1;
                    } else if depth == 0 {
                        break;
                    } else {
                        depth -= 1;
                    }
                    b.push(c);
                }
                '\\' | '\'' | '"' | '$' | '`' => self.word_char(&mut b, c, false)?,
                _ => {
                    self.inp.bump_raw();
                    b.push(c);
                }
            }
        }
        Ok(b.word())
    }

    /// The elements of an array literal, after `(`, up to `)` (consumed).
    pub(crate) fn array_literal(&mut self) -> PResult<Vec<ArrayElem>> {
        let line = self.inp.line;
        let mut elems = Vec::new();
        loop {
            match self.inp.peek() {
                Some(' ' | '\t' | '\n') => {
                    self.inp.bump_raw();
                    continue;
                }
                Some('#') => {
                    self.inp.skip_to_newline();
                    continue;
                }
                None => return Err(self.err_matching(')', line)),
                Some(')') => {
                    self.inp.bump_raw();
                    return Ok(elems);
                }
                Some(c) if is_meta(c) && !(matches!(c, '<' | '>') && self.inp.peek2() == Some('(')) => {
                    let mut e = self.err_char(c);
                    e.discard = true;
                    return Err(e);
                }
                _ => {}
            }
            elems.push(self.array_elem()?);
        }
    }

    /// One element of an array literal.
    fn array_elem(&mut self) -> PResult<ArrayElem> {
        if self.inp.peek() == Some('[') {
            let mark = self.inp.mark();
            let line = self.inp.line;
            self.inp.bump_raw();
            if let Ok(key) = self.bracket_word(line, ']') {
                let append = self.inp.peek() == Some('+') && self.inp.peek2() == Some('=');
                if append {
                    self.inp.bump_raw();
                }
                if self.inp.peek() == Some('=') {
                    self.inp.bump_raw();
                    let value = self.read_word(Kind::Assign)?;
                    return Ok(ArrayElem::Keyed { key, value, append });
                }
            }
            self.inp.reset(mark);
        }
        Ok(ArrayElem::Value(self.read_word(Kind::Normal)?))
    }

    /// ``syntax error near unexpected token `c'`` for an operator character at the current
    /// position.
    pub(crate) fn err_char(&self, c: char) -> ParseError {
        let at = self.inp.main_pos();
        ParseError {
            line: self.inp.line,
            message: format!("syntax error near unexpected token `{}'", if c == '\n' { "newline".to_string() } else { c.to_string() }),
            source_line: self.inp.line_text(at).to_string(),
            incomplete: false,
            discard: false,
        }
    }
}

/// Append parts to a buffer, literal text merged.
pub(crate) fn push_parts(b: &mut Buf, parts: Vec<WordPart>) {
    for p in parts {
        match p {
            WordPart::Literal(s) => b.push_str(&s),
            p => b.part(p),
        }
    }
}
