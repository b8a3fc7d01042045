//! Words as written: quoting and escapes rebuilt from the parts, `${...}` forms, substitutions
//! (their bodies printed from the parse tree), assignments and redirections.
//!
//! The AST drops a few details of the source, which are rebuilt as the most likely spelling:
//! `${x}` is printed as `$x` unless the braces are needed; inside double quotes and
//! here-documents, `\` is printed before `$`, `` ` ``, `"` and `\` only where the character
//! would otherwise have another meaning; a backquoted command substitution is printed as
//! `$(...)`; `$[...]` as `$((...))`.

use super::comsub_text;
use crate::parser::ast::*;

/// The text of a word as bash prints it (`for` lists, `case` words, arguments).
pub fn word_text(w: &Word) -> String {
    let mut s = String::new();
    word_into(&mut s, w);
    s
}

/// Append the text of a word.
pub(super) fn word_into(out: &mut String, w: &Word) {
    parts_into(out, &w.parts, Ctx::Plain);
}

/// Append the text of an arithmetic expression or subscript (the same rules as a word).
pub(super) fn raw_into(out: &mut String, w: &Word) {
    parts_into(out, &w.parts, Ctx::Plain);
}

/// `'s'`, with each `'` written `'\''`.
pub(super) fn single_quote_into(out: &mut String, s: &str) {
    out.push('\'');
    for c in s.chars() {
        if c == '\'' {
            out.push_str("'\\''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
}

/// The first character of the printed form of `p`.
fn first_char(p: &WordPart) -> Option<char> {
    match p {
        WordPart::Literal(s) => s.chars().next(),
        WordPart::Escaped(_) => Some('\\'),
        WordPart::SingleQuoted(_) => Some('\''),
        WordPart::DoubleQuoted(_) => Some('"'),
        WordPart::Tilde(_) => Some('~'),
        WordPart::Param(_) | WordPart::CommandSub(_) | WordPart::ArithSub(_) => Some('$'),
        WordPart::ProcessSub(out, _) => Some(if *out { '>' } else { '<' }),
        WordPart::ArrayLiteral(_) => Some('('),
        WordPart::BadCommandSub(_) => Some('`'),
    }
}

/// Where the parts of a word are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// Unquoted (also arithmetic text, subscripts, `${...}` words outside double quotes).
    Plain,
    /// The direct contents of `"..."`.
    Dq,
    /// The word of `${x:-word}` (and `=`, `?`, `+`) inside `"..."`: bash stores a `$'...'`
    /// there decoded and without quotes.
    DqValue,
}

/// Append parts.
fn parts_into(out: &mut String, parts: &[WordPart], ctx: Ctx) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        for (i, p) in parts.iter().enumerate() {
            let next = parts.get(i + 1).and_then(first_char);
            part_into(out, p, ctx, next);
        }
    });
}

/// Append one part; `next` is the first character printed after it (inside the same quotes).
fn part_into(out: &mut String, p: &WordPart, ctx: Ctx, next: Option<char>) {
    match p {
        WordPart::Literal(s) if ctx == Ctx::Dq => escaped_text_into(out, s, next, true),
        WordPart::Literal(s) => out.push_str(s),
        WordPart::SingleQuoted(s) if ctx == Ctx::DqValue => out.push_str(s),
        WordPart::Escaped(s) => {
            for c in s.chars() {
                out.push('\\');
                out.push(c);
            }
        }
        WordPart::SingleQuoted(s) => single_quote_into(out, s),
        WordPart::DoubleQuoted(ps) => {
            out.push('"');
            parts_into(out, ps, Ctx::Dq);
            out.push('"');
        }
        WordPart::Tilde(u) => {
            out.push('~');
            out.push_str(u);
        }
        WordPart::Param(pe) => param_into(out, pe, ctx != Ctx::Plain, next),
        WordPart::CommandSub(l) => subst_into(out, "$(", l),
        WordPart::BadCommandSub(b) => {
            out.push('`');
            out.push_str(&b.text);
            out.push('`');
        }
        WordPart::ArithSub(w) => {
            out.push_str("$((");
            raw_into(out, w);
            out.push_str("))");
        }
        WordPart::ProcessSub(o, l) => subst_into(out, if *o { ">(" } else { "<(" }, l),
        WordPart::ArrayLiteral(elems) => array_into(out, elems),
    }
}

/// `$(body)` / `<(body)`: the body printed from its tree, after a space when it starts with
/// `(` (so that `$( (` is not read as `$((`).
fn subst_into(out: &mut String, open: &str, l: &List) {
    let text = comsub_text(l);
    out.push_str(open);
    if text.starts_with('(') {
        out.push(' ');
    }
    out.push_str(&text);
    out.push(')');
}

/// True when `$c` would start an expansion inside double quotes or a here-document.
fn expands_after_dollar(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric() || matches!(c, '{' | '(' | '[' | '@' | '*' | '#' | '?' | '-' | '$' | '!')
}

/// Literal text inside `"..."` (`dq`) or an unquoted here-document: `\` before the characters
/// that would otherwise be special there.
fn escaped_text_into(out: &mut String, s: &str, next: Option<char>, dq: bool) {
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        let after = it.peek().copied().or(next);
        let escape = match c {
            '"' => dq,
            '`' => true,
            '$' => after.is_some_and(expands_after_dollar),
            '\\' => match after {
                None => dq,
                Some(n) => matches!(n, '$' | '`' | '\\' | '\n') || (dq && n == '"'),
            },
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
    }
}

/// True for a valid variable name.
fn is_name(s: &str) -> bool {
    let mut b = s.bytes();
    matches!(b.next(), Some(c) if c == b'_' || c.is_ascii_alphabetic())
        && b.all(|c| c == b'_' || c.is_ascii_alphanumeric())
}

/// A parameter expansion (`dq`: inside double quotes); `next` is the character printed after
/// it.
fn param_into(out: &mut String, pe: &ParamExpr, dq: bool, next: Option<char>) {
    if matches!(pe.op, ParamOp::None) && !pe.indirect && !pe.braced {
        let continues = next.is_some_and(|c| c == '_' || c.is_ascii_alphanumeric());
        match &pe.param {
            Param::Var(n) if is_name(n) && !continues => {
                out.push('$');
                out.push_str(n);
                return;
            }
            Param::Positional(k) if *k < 10 => {
                out.push('$');
                out.push_str(&k.to_string());
                return;
            }
            Param::Special(c) => {
                out.push('$');
                out.push(*c);
                return;
            }
            _ => {}
        }
    }
    out.push_str("${");
    if matches!(pe.op, ParamOp::Length) {
        out.push('#');
    }
    if pe.indirect || matches!(pe.op, ParamOp::Keys | ParamOp::NamesWithPrefix(_)) {
        out.push('!');
    }
    match &pe.param {
        Param::Var(n) => out.push_str(n),
        Param::Positional(k) => out.push_str(&k.to_string()),
        Param::Special(c) => out.push(*c),
        Param::Indexed(n, idx) => {
            out.push_str(n);
            out.push('[');
            match idx {
                Index::At => out.push('@'),
                Index::Star => out.push('*'),
                Index::Expr(w) => raw_into(out, w),
            }
            out.push(']');
        }
    }
    param_op_into(out, &pe.op, if dq { Ctx::DqValue } else { Ctx::Plain });
    out.push('}');
}

/// The operator part of `${...}`; `value` is the context of `-`, `=`, `?` and `+` words.
fn param_op_into(out: &mut String, op: &ParamOp, value: Ctx) {
    let with_word = |out: &mut String, colon: bool, c: char, w: Option<&Word>| {
        if colon {
            out.push(':');
        }
        out.push(c);
        if let Some(w) = w {
            parts_into(out, &w.parts, value);
        }
    };
    match op {
        ParamOp::None | ParamOp::Length | ParamOp::Keys => {}
        ParamOp::Default { colon, word } => with_word(out, *colon, '-', Some(word)),
        ParamOp::Assign { colon, word } => with_word(out, *colon, '=', Some(word)),
        ParamOp::Error { colon, word } => with_word(out, *colon, '?', word.as_ref()),
        ParamOp::Alternative { colon, word } => with_word(out, *colon, '+', Some(word)),
        ParamOp::RemovePrefix { longest, pattern } => {
            out.push_str(if *longest { "##" } else { "#" });
            raw_into(out, pattern);
        }
        ParamOp::RemoveSuffix { longest, pattern } => {
            out.push_str(if *longest { "%%" } else { "%" });
            raw_into(out, pattern);
        }
        ParamOp::Replace { mode, pattern, replacement } => {
            out.push_str(match mode {
                ReplaceMode::First => "/",
                ReplaceMode::All => "//",
                ReplaceMode::Prefix => "/#",
                ReplaceMode::Suffix => "/%",
            });
            raw_into(out, pattern);
            if let Some(r) = replacement {
                out.push('/');
                raw_into(out, r);
            }
        }
        ParamOp::Substring { offset, length } => {
            out.push(':');
            raw_into(out, offset);
            if let Some(l) = length {
                out.push(':');
                raw_into(out, l);
            }
        }
        ParamOp::Case { op, all, pattern } => {
            let c = *op;
            out.push(c);
            if *all {
                out.push(c);
            }
            if let Some(p) = pattern {
                raw_into(out, p);
            }
        }
        ParamOp::Transform(c) => {
            out.push('@');
            out.push(*c);
        }
        ParamOp::NamesWithPrefix(star) => out.push(if *star { '*' } else { '@' }),
    }
}

/// `(elem ...)` of an array assignment.
fn array_into(out: &mut String, elems: &[ArrayElem]) {
    out.push('(');
    for (i, e) in elems.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match e {
            ArrayElem::Value(w) => word_into(out, w),
            ArrayElem::Keyed { key, value, append } => {
                out.push('[');
                raw_into(out, key);
                out.push_str(if *append { "]+=" } else { "]=" });
                word_into(out, value);
            }
        }
    }
    out.push(')');
}

/// An assignment word: `name[index]+=value`, `name=(...)`.
pub(super) fn assign_into(out: &mut String, a: &Assign) {
    out.push_str(&a.name);
    if let Some(i) = &a.index {
        out.push('[');
        raw_into(out, i);
        out.push(']');
    }
    out.push_str(if a.append { "+=" } else { "=" });
    match &a.value {
        AssignValue::Scalar(w) => word_into(out, w),
        AssignValue::Array(elems) => array_into(out, elems),
    }
}

/// The body of a here-document as read (the delimiter line excluded).
pub(super) fn heredoc_body_into(out: &mut String, h: &HereDoc) {
    let parts = &h.body.parts;
    for (i, p) in parts.iter().enumerate() {
        match p {
            WordPart::SingleQuoted(s) if h.quoted => out.push_str(s),
            WordPart::SingleQuoted(s) | WordPart::Literal(s) => {
                let next = parts.get(i + 1).and_then(first_char);
                escaped_text_into(out, s, next, false);
            }
            p => part_into(out, p, Ctx::Plain, parts.get(i + 1).and_then(first_char)),
        }
    }
}

/// The descriptor before a redirection operator, unless it is `default` (`{name}` always).
pub(super) fn redir_fd_into(out: &mut String, fd: &RedirFd, default: i32) {
    match fd {
        RedirFd::Default => {}
        RedirFd::Number(n) if *n == default => {}
        RedirFd::Number(n) => out.push_str(&n.to_string()),
        RedirFd::Var(v) => {
            out.push('{');
            out.push_str(v);
            out.push('}');
        }
    }
}

/// The descriptor number of a redirection (`default` when none is given).
fn fd_number(fd: &RedirFd, default: i32) -> i32 {
    match fd {
        RedirFd::Number(n) => *n,
        _ => default,
    }
}

/// A redirection other than a here-document, as bash prints it (`> file`, `2>&1`, `0<&3-`).
pub(super) fn redirect_into(out: &mut String, r: &Redirect) {
    let RedirTarget::Word(w) = &r.target else { return };
    let (text, default) = match r.op {
        RedirOp::In => ("< ", 0),
        RedirOp::Out => ("> ", 1),
        RedirOp::Clobber => (">| ", 1),
        RedirOp::Append => (">> ", 1),
        RedirOp::HereString => ("<<< ", 0),
        RedirOp::OutErr => ("&> ", -1),
        RedirOp::AppendErr => ("&>> ", -1),
        RedirOp::ReadWrite => {
            // bash compares with 1 here, so a plain `<>` prints as `0<>`.
            match r.fd {
                RedirFd::Default => out.push('0'),
                ref fd => redir_fd_into(out, fd, 1),
            }
            out.push_str("<> ");
            word_into(out, w);
            return;
        }
        RedirOp::DupIn | RedirOp::DupOut | RedirOp::HereDoc => return dup_into(out, r, w),
    };
    if default >= 0 {
        redir_fd_into(out, &r.fd, default);
    }
    out.push_str(text);
    word_into(out, w);
}

/// `N<&M`, `N>&M`, `N>&-`, `N>&M-`, `>&word`.
fn dup_into(out: &mut String, r: &Redirect, w: &Word) {
    let input = r.op == RedirOp::DupIn;
    let default = if input { 0 } else { 1 };
    let op = if input { "<&" } else { ">&" };
    let fd_prefix = |out: &mut String| match &r.fd {
        RedirFd::Var(v) => {
            out.push('{');
            out.push_str(v);
            out.push('}');
        }
        fd => out.push_str(&fd_number(fd, default).to_string()),
    };
    let text = word_text(w);
    let lit = w.as_literal();
    if lit == Some("-") {
        fd_prefix(out);
        out.push_str(">&-");
        return;
    }
    if let Some(n) = lit.filter(|s| is_fd_number(s)).and_then(|s| s.parse::<i32>().ok()) {
        fd_prefix(out);
        out.push_str(op);
        out.push_str(&n.to_string());
        return;
    }
    if let Some(body) = text.strip_suffix('-').filter(|_| lit.is_none() || text.len() > 1) {
        fd_prefix(out);
        out.push_str(op);
        match lit.filter(|_| is_fd_number(body)).and_then(|_| body.parse::<i32>().ok()) {
            Some(n) => out.push_str(&n.to_string()),
            None => out.push_str(body),
        }
        out.push('-');
        return;
    }
    match &r.fd {
        RedirFd::Var(_) => fd_prefix(out),
        fd if fd_number(fd, default) == default => {}
        _ => fd_prefix(out),
    }
    out.push_str(op);
    out.push_str(&text);
}

/// All ASCII digits (and not empty).
fn is_fd_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}
