//! The parts of a completion that run shell code: `-W` word lists (split at `$IFS`, then each
//! word expanded), `-F` functions, `-C` commands; and the `-X` filter.

use crate::interp::options::{EXTGLOB, NOCASEMATCH, NOGLOB};
use crate::interp::pattern::{MatchOpts, Pattern};
use crate::interp::vars::{attr, Value};
use crate::interp::{Exec, Flow, Shell};
use crate::parser::ast::{Command, Word};
use crate::parser::ParseOptions;

use super::store::single_quote;

/// Nesting bound of quotes and substitutions the word-list scanner follows.
const MAX_DEPTH: u32 = 64;

/// If a quoted or substituted construct starts at `i`, the index just past its end (the end of
/// `s` when it is not closed): `\x`, `'..'`, `".."`, `` `..` ``, `$(..)`, `${..}`, `$[..]`,
/// `<(..)`, `>(..)`. (`$'..'` is a `$` and a quoted string here, as in bash's word lists.)
fn construct_end(s: &[u8], i: usize, depth: u32) -> Option<usize> {
    let next = s.get(i + 1).copied();
    let end = match s.get(i)? {
        b'\\' => (i + 2).min(s.len()),
        b'\'' => quote_end(s, i + 1, b'\'', false),
        b'`' => quote_end(s, i + 1, b'`', true),
        b'"' => double_end(s, i + 1, depth),
        b'$' => match next {
            Some(b'(') => balanced(s, i + 2, b'(', b')', depth),
            Some(b'{') => balanced(s, i + 2, b'{', b'}', depth),
            Some(b'[') => balanced(s, i + 2, b'[', b']', depth),
            _ => return None,
        },
        b'<' | b'>' if next == Some(b'(') => balanced(s, i + 2, b'(', b')', depth),
        _ => return None,
    };
    Some(end.min(s.len()))
}

/// Past the closing `q` from `i` (backslash escapes when `escapes`).
fn quote_end(s: &[u8], mut i: usize, q: u8, escapes: bool) -> usize {
    while i < s.len() {
        if s[i] == q {
            return i + 1;
        }
        i += if escapes && s[i] == b'\\' { 2 } else { 1 };
    }
    s.len()
}

/// Past the closing `"` from `i`; substitutions inside are skipped whole.
fn double_end(s: &[u8], i: usize, depth: u32) -> usize {
    double_scan(s, i, depth).0
}

/// [`double_end`], and whether the closing `"` was found.
fn double_scan(s: &[u8], mut i: usize, depth: u32) -> (usize, bool) {
    while i < s.len() {
        match s[i] {
            b'"' => return (i + 1, true),
            b'\\' => i += 2,
            b'`' | b'$' if depth < MAX_DEPTH && (s[i] == b'`' || matches!(s.get(i + 1), Some(b'(' | b'{' | b'['))) => {
                i = construct_end(s, i, depth + 1).unwrap_or(i + 1);
            }
            _ => i += 1,
        }
    }
    (s.len(), false)
}

/// Past the `close` that balances an `open` before `i`.
fn balanced(s: &[u8], mut i: usize, open: u8, close: u8, depth: u32) -> usize {
    let mut level = 1u32;
    while i < s.len() {
        if depth < MAX_DEPTH {
            if let Some(e) = construct_end(s, i, depth + 1) {
                i = e.max(i + 1);
                continue;
            }
        }
        if s[i] == open {
            level += 1;
        } else if s[i] == close {
            level -= 1;
            if level == 0 {
                return i + 1;
            }
        }
        i += 1;
    }
    s.len()
}

/// Split `text` at the characters of `ifs` and at newlines, outside quotes and substitutions
/// (bash's `split_at_delims`); empty pieces are dropped.
pub(super) fn split_at_delims<'a>(text: &'a str, ifs: &str) -> Vec<&'a str> {
    let s = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < s.len() {
        if let Some(e) = construct_end(s, i, 0) {
            i = e.max(i + 1);
            while i < s.len() && !text.is_char_boundary(i) {
                i += 1;
            }
            continue;
        }
        let c = text[i..].chars().next().unwrap_or('\0');
        if c == '\n' || ifs.contains(c) {
            if i > start {
                out.push(&text[start..i]);
            }
            start = i + c.len_utf8();
        }
        i += c.len_utf8();
    }
    if start < s.len() {
        out.push(&text[start..]);
    }
    out
}

/// `piece` as one shell word: operators and blanks outside quotes escaped, so that the parser
/// reads it as a single argument. As bash does with word lists, a quote left open is closed
/// at the end and a final lone backslash is dropped.
fn escape_piece(piece: &str) -> String {
    let s = piece.as_bytes();
    let mut out = Vec::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < s.len() {
        if let Some(e) = construct_end(s, i, 0) {
            let e = e.max(i + 1);
            if s[i] == b'\\' && e == i + 1 {
                break;
            }
            out.extend_from_slice(&s[i..e]);
            let open = match s[i] {
                b'\'' => !s[i + 1..].contains(&b'\''),
                b'"' => !double_scan(s, i + 1, 0).1,
                _ => false,
            };
            if open {
                let trailing = s[i + 1..e].iter().rev().take_while(|&&b| b == b'\\').count();
                if s[i] == b'"' && trailing % 2 == 1 {
                    out.push(b'\\');
                }
                out.push(s[i]);
            }
            i = e;
            continue;
        }
        match s[i] {
            b'\n' => out.extend_from_slice(b"'\n'"),
            b' ' | b'\t' | b'|' | b'&' | b';' | b'(' | b')' | b'<' | b'>' => {
                out.push(b'\\');
                out.push(s[i]);
            }
            b'#' if i == 0 => out.extend_from_slice(b"\\#"),
            // `$'..'` and `$"..."` are not special here: a literal `$`, then quotes.
            b'$' if matches!(s.get(i + 1), Some(b'\'' | b'"')) => out.extend_from_slice(b"\\$"),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Parse `escaped` (an [`escape_piece`] result) as one word, or `None`.
fn parse_piece(escaped: &str) -> Option<Word> {
    let src = format!(": {escaped}");
    let list = crate::parser::parse(&src, &ParseOptions { max_depth: 200, ..ParseOptions::default() }).ok()?;
    let [item] = list.items.as_slice() else { return None };
    if !item.and_or.rest.is_empty() || item.and_or.first.commands.len() != 1 {
        return None;
    }
    match &item.and_or.first.commands[0] {
        Command::Simple(sc) if sc.assigns.is_empty() && sc.redirects.is_empty() && sc.words.len() == 2 => Some(sc.words[1].clone()),
        _ => None,
    }
}

/// Report a word-list piece that does not parse, as bash words it.
fn report_bad_piece(sh: &Shell, piece: &str) {
    if piece.bytes().filter(|&b| b == b'`').count() % 2 == 1 {
        sh.error(&format!("bad substitution: no closing \"`\" in {piece}"));
    } else if piece.contains("$((") {
        sh.error(&format!("bad substitution: no closing `)' in {piece}"));
    } else if piece.contains("${") {
        sh.error(&format!("{piece}: bad substitution"));
    } else if piece.contains("$(") || !(piece.contains("<(") || piece.contains(">(")) {
        sh.error_in("command substitution: ", "unexpected EOF while looking for matching `)'");
    }
}

/// Expand one piece of a word list into words: brace, tilde, parameter, arithmetic and command
/// expansion, word splitting and quote removal, but no pathname expansion.
fn expand_piece(sh: &mut Shell, piece: &str, out: &mut Vec<String>) -> Exec<()> {
    if !piece.bytes().any(|b| matches!(b, b'$' | b'`' | b'\'' | b'"' | b'\\' | b'~' | b'{' | b'<' | b'>')) {
        out.push(piece.to_string());
        return Ok(());
    }
    let escaped = escape_piece(piece);
    if escaped.is_empty() {
        out.push(String::new());
        return Ok(());
    }
    let Some(word) = parse_piece(&escaped) else {
        report_bad_piece(sh, piece);
        return Err(Flow::Abort(1));
    };
    let (saved, status) = (sh.opts.set[NOGLOB], sh.last.cmdsub_status);
    sh.opts.set[NOGLOB] = true;
    let r = sh.expand_word_fields(&word);
    sh.opts.set[NOGLOB] = saved;
    sh.last.cmdsub_status = status;
    out.extend(r?);
    Ok(())
}

/// The words of `-W text` that start with `word`.
pub(super) fn wordlist(sh: &mut Shell, text: &str, word: &str, out: &mut Vec<String>) -> Exec<()> {
    let ifs = sh.vars.get_str("IFS").unwrap_or(" \t\n").to_string();
    let mut words = Vec::new();
    for piece in split_at_delims(text, &ifs) {
        expand_piece(sh, piece, &mut words)?;
    }
    out.extend(words.into_iter().filter(|w| w.starts_with(word)));
    Ok(())
}

/// Set `name` to `value` for a completion function or command (not when readonly).
fn bind(sh: &mut Shell, name: &str, value: &str, export: bool) {
    if sh.vars.get_raw(name).is_some_and(|v| v.has(attr::READONLY)) {
        sh.error(&format!("{name}: readonly variable"));
        return;
    }
    let v = sh.vars.entry(name);
    v.value = Some(Value::Str(value.to_string()));
    if export {
        v.attrs |= attr::EXPORT;
    }
}

/// The scalar `COMP_*` variables bash sets when no command line is being completed.
const COMP_SCALARS: [(&str, &str); 4] = [("COMP_LINE", ""), ("COMP_POINT", "0"), ("COMP_KEY", "0"), ("COMP_TYPE", "0")];

/// Unset the completion variables again (bash removes them after the call).
fn unbind(sh: &mut Shell, names: &[&str]) {
    for n in names {
        if !sh.vars.get_raw(n).is_some_and(|v| v.has(attr::READONLY)) {
            sh.vars.unset(n);
        }
    }
}

/// Make `COMP_WORDS` an array (an existing array keeps its elements, as bash assigns it an
/// empty word list) and set `COMP_CWORD` to -1.
fn bind_words(sh: &mut Shell) {
    if sh.vars.get_raw("COMP_WORDS").is_some_and(|v| v.has(attr::READONLY)) {
        sh.error("COMP_WORDS: readonly variable");
    } else {
        let v = sh.vars.entry("COMP_WORDS");
        let value = match v.value.take() {
            Some(Value::Str(s)) => Value::Indexed([(0, s)].into_iter().collect()),
            Some(other) => other,
            None => Value::Indexed(Default::default()),
        };
        v.value = Some(value);
        v.attrs &= !attr::NO_VALUE;
    }
    bind(sh, "COMP_CWORD", "-1", false);
}

/// `-F name`: call the function as `name compgen WORD ''` and take `COMPREPLY`.
pub(super) fn function_matches(sh: &mut Shell, name: &str, word: &str, out: &mut Vec<String>) -> Exec<()> {
    let Some(f) = sh.defs.funcs.get(name).cloned() else {
        sh.error(&format!("completion: function `{name}' not found"));
        return Ok(());
    };
    for (n, v) in COMP_SCALARS {
        bind(sh, n, v, false);
    }
    bind_words(sh);
    let args = [name.to_string(), "compgen".to_string(), word.to_string(), String::new()];
    let r = sh.call_function(&f, args.to_vec());
    let reply: Vec<String> = match sh.vars.get("COMPREPLY").and_then(|v| v.value.as_ref()) {
        Some(Value::Str(s)) => vec![s.clone()],
        Some(Value::Indexed(m)) => m.values().cloned().collect(),
        Some(Value::Assoc(m)) => m.iter().into_iter().map(|(_, v)| v.clone()).collect(),
        None => Vec::new(),
    };
    unbind(sh, &["COMP_LINE", "COMP_POINT", "COMP_KEY", "COMP_TYPE", "COMP_WORDS", "COMP_CWORD", "COMPREPLY"]);
    r?;
    out.extend(reply);
    Ok(())
}

/// `-C command`: run `command compgen WORD ''` in a command substitution; its output lines.
pub(super) fn command_matches(sh: &mut Shell, cmd: &str, word: &str, out: &mut Vec<String>) -> Exec<()> {
    let text = format!("{cmd} compgen {} ''", single_quote(word));
    let list = match crate::parser::parse(&text, &ParseOptions::default()) {
        Ok(l) => l,
        Err(e) => {
            sh.error_in("command substitution: ", &e.message);
            return Ok(());
        }
    };
    for (n, v) in COMP_SCALARS {
        bind(sh, n, v, true);
    }
    let status = sh.last.cmdsub_status;
    let r = sh.command_sub(&list);
    sh.last.cmdsub_status = status;
    unbind(sh, &["COMP_LINE", "COMP_POINT", "COMP_KEY", "COMP_TYPE"]);
    let text = r?;
    out.extend(text.split('\n').filter(|l| !l.is_empty()).map(str::to_string));
    Ok(())
}

/// `-X pattern`: remove the matches that match `pattern` (with a leading `!`, those that do
/// not). An unescaped `&` in the pattern stands for `word`.
pub(super) fn filter(sh: &Shell, pattern: &str, word: &str, out: &mut Vec<String>) {
    let (negate, pat) = match pattern.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, pattern),
    };
    let mut p = String::with_capacity(pat.len() + word.len());
    let mut chars = pat.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                p.push(c);
                if let Some(n) = chars.next() {
                    p.push(n);
                }
            }
            '&' => p.push_str(word),
            c => p.push(c),
        }
    }
    let m = Pattern::new(&p, MatchOpts { extglob: sh.shopt(EXTGLOB), nocase: sh.shopt(NOCASEMATCH), pathname: false, dotglob: true });
    out.retain(|s| m.matches(s) == negate);
}
