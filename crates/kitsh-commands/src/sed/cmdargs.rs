//! The arguments of `s` (regex, replacement, flags) and `y`, and compiling sed's regexes.

use std::rc::Rc;

use super::script::{Case, Op, ParseError, Parser, Piece, Re, Subst};
use super::text::{push_char, push_escape, regex_escapes};
use kitsh_core::util::posix_re::{self, Options, PosixReError, PosixRegex, Syntax};

/// Compile a script regex (already through `match_slash`); `pos` locates errors.
pub(super) fn compile_regex(text: &str, ere: bool, icase: bool, multi: bool, pos: usize) -> Result<(Re, usize), ParseError> {
    let syntax = if ere { Syntax::Extended } else { Syntax::Basic };
    let opts = Options { icase, multiline: multi, ..Options::posix(syntax) };
    let converted = regex_escapes(text);
    let t = posix_re::translate_with(&converted, &opts).map_err(|e| re_error(e, pos))?;
    let re = PosixRegex::new(&t).map_err(|e| re_error(e, pos))?;
    Ok((Some(Rc::new(re)), t.groups))
}

fn re_error(e: PosixReError, pos: usize) -> ParseError {
    match e {
        // GNU's dfa reports this one with `panic` (no location, status 4).
        PosixReError::ClassSyntax => ParseError { msg: e.to_string(), pos: None, status: 4 },
        e => ParseError::at(pos, e.to_string()),
    }
}

/// The `s` command, after the `s`.
pub(super) fn subst(p: &mut Parser) -> Result<Op, ParseError> {
    let unterminated = |p: &Parser| ParseError::at(p.cur.pos(), "unterminated `s' command");
    let delim = match p.cur.next() {
        None | Some('\n' | '\\') => return Err(unterminated(p)),
        Some(d) => d,
    };
    let re_text = p.cur.slash(delim, true).ok_or_else(|| unterminated(p))?;
    let repl_text = p.cur.slash(delim, false).ok_or_else(|| unterminated(p))?;
    let mut s = Subst { re: None, repl: Vec::new(), global: false, nth: 1, print: false, write: None };
    let (mut icase, mut multi, mut nth_seen) = (false, false, false);
    while let Some(ch) = p.cur.peek() {
        match ch {
            'g' | 'p' => {
                p.cur.bump();
                let flag = if ch == 'g' { &mut s.global } else { &mut s.print };
                if *flag {
                    return Err(ParseError::at(p.cur.pos(), format!("multiple `{ch}' options to `s' command")));
                }
                *flag = true;
            }
            'i' | 'I' => {
                p.cur.bump();
                icase = true;
            }
            'm' | 'M' => {
                p.cur.bump();
                multi = true;
            }
            '0'..='9' => {
                let n = p.cur.number().unwrap_or(0);
                if nth_seen {
                    return Err(ParseError::at(p.cur.pos(), "multiple number options to `s' command"));
                }
                if n == 0 {
                    return Err(ParseError::at(p.cur.pos(), "number option to `s' command may not be zero"));
                }
                nth_seen = true;
                s.nth = usize::try_from(n).unwrap_or(usize::MAX);
            }
            'w' => {
                p.cur.bump();
                let f = p.cur.filename()?;
                s.write = Some(p.wfile(f));
                break;
            }
            'e' => {
                p.cur.bump();
                return Err(ParseError::at(p.cur.pos(), "the `e' flag of `s' is not supported"));
            }
            ' ' | '\t' => p.cur.bump(),
            '}' | '#' => break,
            ';' | '\n' => {
                p.cur.bump();
                break;
            }
            _ => {
                p.cur.bump();
                return Err(ParseError::at(p.cur.pos(), "unknown option to `s'"));
            }
        }
    }
    let (re, groups) = p.regex(&re_text, icase, multi)?;
    s.re = re;
    s.repl = replacement(&repl_text);
    if s.re.is_some() {
        if let Some(bad) = s.repl.iter().find_map(|pc| match pc {
            Piece::Group(n) if *n > groups => Some(*n),
            _ => None,
        }) {
            return Err(ParseError::at(p.cur.pos(), format!("invalid reference \\{bad} on `s' command's RHS")));
        }
    }
    Ok(Op::Subst(Box::new(s)))
}

/// Parse a replacement (after `match_slash`) into pieces.
pub(super) fn replacement(text: &str) -> Vec<Piece> {
    let c: Vec<char> = text.chars().collect();
    let mut pieces = Vec::new();
    let mut lit = Vec::new();
    let mut i = 0;
    let flush = |lit: &mut Vec<u8>, pieces: &mut Vec<Piece>| {
        if !lit.is_empty() {
            pieces.push(Piece::Lit(std::mem::take(lit)));
        }
    };
    while i < c.len() {
        let ch = c[i];
        i += 1;
        if ch == '&' {
            flush(&mut lit, &mut pieces);
            pieces.push(Piece::Group(0));
            continue;
        }
        if ch != '\\' {
            push_char(&mut lit, ch);
            continue;
        }
        let Some(&e) = c.get(i) else {
            lit.push(b'\\');
            break;
        };
        i += 1;
        let case = match e {
            'U' => Some(Case::Upper),
            'L' => Some(Case::Lower),
            'u' => Some(Case::UpperFirst),
            'l' => Some(Case::LowerFirst),
            'E' => Some(Case::End),
            _ => None,
        };
        if let Some(cs) = case {
            flush(&mut lit, &mut pieces);
            pieces.push(Piece::Case(cs));
        } else if let Some(d) = e.to_digit(10) {
            flush(&mut lit, &mut pieces);
            pieces.push(Piece::Group(d as usize));
        } else {
            push_escape(&mut lit, e, &c, &mut i);
        }
    }
    flush(&mut lit, &mut pieces);
    pieces
}

/// The `y` command, after the `y`.
pub(super) fn translit(p: &mut Parser) -> Result<Op, ParseError> {
    let unterminated = |p: &Parser| ParseError::at(p.cur.pos(), "unterminated `y' command");
    let delim = match p.cur.next() {
        None | Some('\n' | '\\') => return Err(unterminated(p)),
        Some(d) => d,
    };
    let src = y_part(p, delim).ok_or_else(|| unterminated(p))?;
    let dst = y_part(p, delim).ok_or_else(|| unterminated(p))?;
    if src.len() != dst.len() {
        return Err(ParseError::at(p.cur.pos(), "strings for `y' command are different lengths"));
    }
    Ok(Op::Trans(src.into_iter().zip(dst).collect()))
}

/// One half of `y`: `\\`, `\delim`, `\n` and the usual escapes converted.
fn y_part(p: &mut Parser, delim: char) -> Option<Vec<char>> {
    let mut out = Vec::new();
    loop {
        let ch = p.cur.next()?;
        if ch == delim {
            return Some(out);
        }
        match ch {
            '\n' => return None,
            '\\' => {
                let e = p.cur.next()?;
                if e == delim || e == '\\' {
                    out.push(e);
                    continue;
                }
                let mut bytes = Vec::new();
                let rest: Vec<char> = (0..4).filter_map(|k| p.cur.peek_at(k)).collect();
                let mut k = 0;
                push_escape(&mut bytes, e, &rest, &mut k);
                for _ in 0..k {
                    p.cur.bump();
                }
                let s = kitsh_core::util::bytes::decode_owned(bytes);
                out.extend(s.chars());
            }
            _ => out.push(ch),
        }
    }
}
