//! Here-documents.
//!
//! `<<WORD` registers a pending document and leaves a placeholder target in the AST; at the
//! next newline token the bodies are read line by line; when the top-level command is complete
//! the placeholders are replaced by the bodies ([`Core::fill_docs`]).

use std::collections::HashMap;
use std::sync::Arc;

use super::word::Buf;
use super::{Core, PResult};
use crate::parser::ast::*;

/// A document whose body has not been read yet.
#[derive(Debug)]
struct Pending {
    id: usize,
    delim: String,
    strip_tabs: bool,
    quoted: bool,
    line: u32,
}

/// Here-document bookkeeping.
#[derive(Debug, Default)]
pub(crate) struct Docs {
    pending: Vec<Pending>,
    bodies: HashMap<usize, HereDoc>,
    next_id: usize,
    /// An unquoted body is being parsed: there `$'...'` in the word of `${x-w}` (`+ = ?`)
    /// is literal text, as bash's `extquote` applies only inside double quotes.
    pub(crate) in_body: bool,
}

impl Docs {
    /// Forget documents not read yet (after a syntax error).
    pub(crate) fn clear_pending(&mut self) {
        self.pending.clear();
        self.bodies.clear();
    }
}

/// The outer pending documents (and whether a document body was being read), saved while a
/// command substitution is parsed.
pub(crate) struct SavedDocs(Vec<Pending>, bool);

impl Core<'_, '_, '_> {
    /// Enter a command substitution: only its own documents are read at its newlines, and
    /// its words are not part of a document body.
    pub(crate) fn docs_enter(&mut self) -> SavedDocs {
        let in_body = std::mem::replace(&mut self.docs.in_body, false);
        SavedDocs(std::mem::take(&mut self.docs.pending), in_body)
    }

    /// Leave a command substitution: documents it left unread are read after the outer ones.
    pub(crate) fn docs_leave(&mut self, saved: SavedDocs) {
        let inner = std::mem::replace(&mut self.docs.pending, saved.0);
        self.docs.pending.extend(inner);
        self.docs.in_body = saved.1;
    }
}

/// Prefix of placeholder bodies (a `Literal` part never appears in a real body).
const MARK: &str = "\u{0}heredoc";

/// The delimiter of `<<word` (quote removal on its raw text) and whether it was quoted.
pub(crate) fn delimiter(raw: &str) -> (String, bool) {
    let mut out = String::new();
    let mut quoted = false;
    let mut it = raw.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '\\' => {
                quoted = true;
                if let Some(n) = it.next() {
                    out.push(n);
                }
            }
            '\'' | '"' => {
                quoted = true;
                for n in it.by_ref() {
                    if n == c {
                        break;
                    }
                    out.push(n);
                }
            }
            '$' if matches!(it.peek(), Some('\'' | '"')) => {}
            _ => out.push(c),
        }
    }
    (out, quoted)
}

/// Number of backslashes at the end of `s`.
fn trailing_backslashes(s: &str) -> usize {
    s.bytes().rev().take_while(|&b| b == b'\\').count()
}

impl Core<'_, '_, '_> {
    /// Register `<<raw` and return the placeholder target.
    pub(crate) fn register_doc(&mut self, raw: &str, strip_tabs: bool, line: u32) -> RedirTarget {
        let (delim, quoted) = delimiter(raw);
        let id = self.docs.next_id;
        self.docs.next_id += 1;
        self.docs.pending.push(Pending { id, delim, strip_tabs, quoted, line });
        let body = Word { parts: vec![WordPart::Literal(format!("{MARK}{id}"))] };
        RedirTarget::HereDoc(HereDoc { body, quoted })
    }

    /// Read the bodies of the pending documents (at a newline or end of input).
    pub(crate) fn read_pending_docs(&mut self) -> PResult<()> {
        if self.docs.pending.is_empty() {
            return Ok(());
        }
        let pending = std::mem::take(&mut self.docs.pending);
        for p in pending {
            let first_line = self.inp.line;
            let text = self.read_doc_text(&p);
            let body = if p.quoted {
                Word { parts: vec![WordPart::SingleQuoted(text)] }
            } else {
                self.doc_body_word(text, first_line)?
            };
            self.docs.bodies.insert(p.id, HereDoc { body, quoted: p.quoted });
        }
        Ok(())
    }

    /// The raw text of one body, up to its delimiter line.
    fn read_doc_text(&mut self, p: &Pending) -> String {
        let mut body = String::new();
        loop {
            let Some((mut line, mut nl)) = self.inp.read_line() else {
                self.warn_doc_eof(p);
                break;
            };
            if !p.quoted {
                while nl && trailing_backslashes(&line) % 2 == 1 {
                    line.pop();
                    match self.inp.read_line() {
                        Some((more, more_nl)) => {
                            line.push_str(&more);
                            nl = more_nl;
                        }
                        None => nl = false,
                    }
                }
            }
            let text = if p.strip_tabs { line.trim_start_matches('\t') } else { &line };
            if text == p.delim {
                break;
            }
            body.push_str(text);
            body.push('\n');
            if !nl {
                self.warn_doc_eof(p);
                break;
            }
        }
        body
    }

    fn warn_doc_eof(&mut self, p: &Pending) {
        let msg = format!(
            "warning: here-document at line {} delimited by end-of-file (wanted `{}')",
            p.line, p.delim
        );
        // bash reports the line of the last line read.
        let pos = self.inp.main_pos();
        let after_newline = pos > 0 && self.inp.src().as_bytes().get(pos - 1) == Some(&b'\n');
        let mut line = self.inp.line;
        if !self.inp.in_frame() && (self.eof_newline || after_newline) {
            line = line.saturating_sub(1).max(p.line);
        }
        self.warnings.push((line, msg));
    }

    /// The parts of an unquoted body: `$` expansions and backquotes; `\` escapes only
    /// `$`, `` ` `` and `\`; literal text as `SingleQuoted`.
    pub(crate) fn doc_body_word(&mut self, text: String, first_line: u32) -> PResult<Word> {
        if !text.contains(['$', '`', '\\']) {
            return Ok(Word { parts: vec![WordPart::SingleQuoted(text)] });
        }
        let saved = (self.alias_next, self.inp.line);
        self.inp.push_barrier(text);
        self.inp.line = first_line;
        let in_body = std::mem::replace(&mut self.docs.in_body, true);
        let r = self.doc_body_parts();
        self.docs.in_body = in_body;
        let text = self.inp.pop_barrier();
        (self.alias_next, self.inp.line) = saved;
        // bash expands bodies at run time: a syntax error there is not a parse error; the
        // body is then kept as literal text.
        let Ok(parts) = r else {
            self.clear_peeked();
            return Ok(Word { parts: vec![WordPart::SingleQuoted(text.unwrap_or_default())] });
        };
        let parts = parts
            .into_iter()
            .map(|p| match p {
                WordPart::Literal(s) => WordPart::SingleQuoted(s),
                p => p,
            })
            .collect();
        Ok(Word { parts })
    }

    fn doc_body_parts(&mut self) -> PResult<Vec<WordPart>> {
        let mut b = Buf::default();
        while let Some(c) = self.inp.peek_raw() {
            match c {
                '\\' => {
                    self.inp.bump_raw();
                    match self.inp.peek_raw() {
                        Some(n @ ('$' | '`' | '\\')) => {
                            self.inp.bump_raw();
                            b.push(n);
                        }
                        _ => b.push('\\'),
                    }
                }
                '$' => self.dollar(&mut b, true)?,
                '`' => self.backtick(&mut b, false)?,
                _ => {
                    self.inp.bump_raw();
                    b.push(c);
                }
            }
        }
        Ok(b.finish())
    }

    /// Replace the placeholders in `list` by the bodies read.
    pub(crate) fn fill_docs(&mut self, list: &mut List) {
        if self.docs.bodies.is_empty() {
            return;
        }
        let mut bodies = std::mem::take(&mut self.docs.bodies);
        fill_list(list, &mut bodies);
        // Bodies of documents registered in this command but not read remain for later.
        self.docs.bodies = bodies;
    }
}

type Bodies = HashMap<usize, HereDoc>;

fn fill_list(l: &mut List, b: &mut Bodies) {
    for item in &mut l.items {
        fill_pipeline(&mut item.and_or.first, b);
        for (_, p) in &mut item.and_or.rest {
            fill_pipeline(p, b);
        }
    }
}

fn fill_pipeline(p: &mut Pipeline, b: &mut Bodies) {
    for c in &mut p.commands {
        fill_command(c, b);
    }
}

fn fill_command(c: &mut Command, b: &mut Bodies) {
    match c {
        Command::Simple(sc) => {
            for a in &mut sc.assigns {
                fill_assign(a, b);
            }
            for w in &mut sc.words {
                fill_word(w, b);
            }
            fill_redirs(&mut sc.redirects, b);
        }
        Command::Compound(cc, redirs) => {
            fill_compound(cc, b);
            fill_redirs(redirs, b);
        }
        Command::FunctionDef(f) => fill_command(&mut Arc::make_mut(f).body, b),
    }
}

fn fill_assign(a: &mut Assign, b: &mut Bodies) {
    if let Some(w) = &mut a.index {
        fill_word(w, b);
    }
    match &mut a.value {
        AssignValue::Scalar(w) => fill_word(w, b),
        AssignValue::Array(es) => fill_elems(es, b),
    }
}

fn fill_elems(es: &mut [ArrayElem], b: &mut Bodies) {
    for e in es {
        match e {
            ArrayElem::Value(w) => fill_word(w, b),
            ArrayElem::Keyed { key, value, .. } => {
                fill_word(key, b);
                fill_word(value, b);
            }
        }
    }
}

fn fill_redirs(rs: &mut [Redirect], b: &mut Bodies) {
    for r in rs {
        match &mut r.target {
            RedirTarget::Word(w) => fill_word(w, b),
            RedirTarget::HereDoc(h) => {
                let id = match h.body.parts.as_slice() {
                    [WordPart::Literal(s)] => s.strip_prefix(MARK).and_then(|n| n.parse::<usize>().ok()),
                    _ => None,
                };
                if let Some(doc) = id.and_then(|id| b.remove(&id)) {
                    *h = doc;
                }
                fill_word(&mut h.body, b);
            }
        }
    }
}

fn fill_compound(cc: &mut CompoundCommand, b: &mut Bodies) {
    match cc {
        CompoundCommand::Brace(l) | CompoundCommand::Subshell(l) => fill_list(l, b),
        CompoundCommand::If { branches, else_body } => {
            for (c, body) in branches {
                fill_list(c, b);
                fill_list(body, b);
            }
            if let Some(e) = else_body {
                fill_list(e, b);
            }
        }
        CompoundCommand::While { cond, body, .. } => {
            fill_list(cond, b);
            fill_list(body, b);
        }
        CompoundCommand::For { words, body, .. } | CompoundCommand::Select { words, body, .. } => {
            for w in words.iter_mut().flatten() {
                fill_word(w, b);
            }
            fill_list(body, b);
        }
        CompoundCommand::ArithFor { init, cond, step, body } => {
            fill_word(init, b);
            fill_word(cond, b);
            fill_word(step, b);
            fill_list(body, b);
        }
        CompoundCommand::Case { word, arms } => {
            fill_word(word, b);
            for arm in arms {
                for p in &mut arm.patterns {
                    fill_word(p, b);
                }
                fill_list(&mut arm.body, b);
            }
        }
        CompoundCommand::DBracket(e) => fill_cond(e, b),
        CompoundCommand::Arith(w) => fill_word(w, b),
    }
}

fn fill_cond(e: &mut CondExpr, b: &mut Bodies) {
    match e {
        CondExpr::Not(x) => fill_cond(x, b),
        CondExpr::And(x, y) | CondExpr::Or(x, y) => {
            fill_cond(x, b);
            fill_cond(y, b);
        }
        CondExpr::Unary(_, w) | CondExpr::Word(w) => fill_word(w, b),
        CondExpr::Binary(_, x, y) => {
            fill_word(x, b);
            fill_word(y, b);
        }
    }
}

fn fill_word(w: &mut Word, b: &mut Bodies) {
    fill_parts(&mut w.parts, b);
}

fn fill_parts(parts: &mut [WordPart], b: &mut Bodies) {
    for p in parts {
        match p {
            WordPart::DoubleQuoted(ps) => fill_parts(ps, b),
            WordPart::Param(pe) => fill_param(pe, b),
            WordPart::CommandSub(l) | WordPart::ProcessSub(_, l) => fill_list(Arc::make_mut(l), b),
            WordPart::ArithSub(w) => fill_word(w, b),
            WordPart::ArrayLiteral(es) => fill_elems(es, b),
            WordPart::Literal(_)
            | WordPart::Escaped(_)
            | WordPart::SingleQuoted(_)
            | WordPart::Tilde(_)
            | WordPart::BadCommandSub(_) => {}
        }
    }
}

fn fill_param(pe: &mut ParamExpr, b: &mut Bodies) {
    if let Param::Indexed(_, Index::Expr(w)) = &mut pe.param {
        fill_word(w, b);
    }
    match &mut pe.op {
        ParamOp::Default { word, .. } | ParamOp::Assign { word, .. } | ParamOp::Alternative { word, .. } => {
            fill_word(word, b)
        }
        ParamOp::Error { word: Some(word), .. } => fill_word(word, b),
        ParamOp::RemovePrefix { pattern, .. } | ParamOp::RemoveSuffix { pattern, .. } => fill_word(pattern, b),
        ParamOp::Replace { pattern, replacement, .. } => {
            fill_word(pattern, b);
            if let Some(r) = replacement {
                fill_word(r, b);
            }
        }
        ParamOp::Substring { offset, length } => {
            fill_word(offset, b);
            if let Some(l) = length {
                fill_word(l, b);
            }
        }
        ParamOp::Case { pattern: Some(p), .. } => fill_word(p, b),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::delimiter;

    #[test]
    fn delimiters() {
        assert_eq!(delimiter("EOF"), ("EOF".to_string(), false));
        assert_eq!(delimiter("'EOF'"), ("EOF".to_string(), true));
        assert_eq!(delimiter("\"E\"OF"), ("EOF".to_string(), true));
        assert_eq!(delimiter("\\EOF"), ("EOF".to_string(), true));
        assert_eq!(delimiter("$x"), ("$x".to_string(), false));
    }
}
