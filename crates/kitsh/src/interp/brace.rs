//! Brace expansion (`a{b,c}d`, `{1..10..2}`, `{a..z}`), done on the word's structure before any
//! other expansion. Only unquoted literal text takes part; other parts are opaque.

use crate::parser::ast::{Param, Word, WordPart};

#[derive(Clone, PartialEq)]
enum Tok {
    Ch(char),
    Part(WordPart),
}

fn to_toks(w: &Word) -> Vec<Tok> {
    let mut v = Vec::new();
    for p in &w.parts {
        match p {
            WordPart::Literal(s) => v.extend(s.chars().map(Tok::Ch)),
            other => v.push(Tok::Part(other.clone())),
        }
    }
    v
}

fn to_word(toks: &[Tok]) -> Word {
    let mut parts = Vec::new();
    let mut lit = String::new();
    for t in toks {
        match t {
            Tok::Ch(c) => lit.push(*c),
            Tok::Part(p) => {
                if !lit.is_empty() {
                    parts.push(WordPart::Literal(std::mem::take(&mut lit)));
                }
                parts.push(p.clone());
            }
        }
    }
    if !lit.is_empty() {
        parts.push(WordPart::Literal(lit));
    }
    Word { parts }
}

/// Expand braces in `w`, producing at most about `max` words; `None` when a sequence
/// (`{1..100000000}`) alone would give more than `max`.
pub fn expand(w: &Word, max: usize) -> Option<Vec<Word>> {
    let toks = to_toks(w);
    let mut out = Vec::new();
    let mut overflow = false;
    expand_toks(&toks, &mut out, max, 0, &mut overflow);
    if overflow {
        return None;
    }
    let words: Vec<Word> = out.iter().map(|t| to_word(t)).collect();
    if words.len() == 1 && words[0] == *w {
        return Some(words);
    }
    Some(words.into_iter().map(rescan).collect())
}

/// Bash expands braces on the word's text, before it finds tildes and names, so a word that
/// brace expansion made is looked at again: a leading `~` becomes a tilde prefix
/// (`{a,~}/x`), and `$name` absorbs the name characters that now follow it (`$a{1,2}` is
/// `$a1 $a2`).
fn rescan(mut w: Word) -> Word {
    if let Some(WordPart::Literal(s)) = w.parts.first() {
        if let Some(rest) = s.strip_prefix('~') {
            let end = rest.find('/');
            let valid = end.is_some() || w.parts.len() == 1;
            let name = &rest[..end.unwrap_or(rest.len())];
            if valid && !name.contains(['{', '}', '*', '?', '[']) {
                let tail = rest[name.len()..].to_string();
                let name = name.to_string();
                w.parts.splice(0..1, [WordPart::Tilde(name)].into_iter().chain((!tail.is_empty()).then_some(WordPart::Literal(tail))));
            }
        }
    }
    let mut i = 0;
    while i + 1 < w.parts.len() {
        let more = match (&w.parts[i], &w.parts[i + 1]) {
            (WordPart::Param(pe), WordPart::Literal(s)) if !pe.braced && !pe.indirect && matches!(pe.param, Param::Var(_)) => {
                s.bytes().take_while(|&b| b == b'_' || b.is_ascii_alphanumeric()).count()
            }
            _ => 0,
        };
        if more > 0 {
            let WordPart::Literal(s) = &mut w.parts[i + 1] else { unreachable!() };
            let head: String = s.drain(..more).collect();
            if s.is_empty() {
                w.parts.remove(i + 1);
            }
            if let WordPart::Param(pe) = &mut w.parts[i] {
                if let Param::Var(n) = &mut pe.param {
                    n.push_str(&head);
                }
            }
            continue;
        }
        i += 1;
    }
    w
}

fn expand_toks(toks: &[Tok], out: &mut Vec<Vec<Tok>>, max: usize, depth: usize, overflow: &mut bool) {
    if *overflow {
        return;
    }
    if out.len() > max || depth > 64 {
        out.push(toks.to_vec());
        return;
    }
    // find the first brace group with a comma or a valid sequence
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == Tok::Ch('{') {
            if let Some((close, commas)) = find_close(toks, i) {
                let pre = &toks[..i];
                let post = &toks[close + 1..];
                let inner = &toks[i + 1..close];
                let alts: Vec<Vec<Tok>> = if commas.is_empty() {
                    if sequence_len(inner).is_some_and(|n| n > max as u128) {
                        *overflow = true;
                        return;
                    }
                    match sequence(inner) {
                        Some(items) => items.into_iter().map(|s| s.chars().map(Tok::Ch).collect()).collect(),
                        None => {
                            i += 1;
                            continue;
                        }
                    }
                } else {
                    let mut alts = Vec::new();
                    let mut start = i + 1;
                    for &c in &commas {
                        alts.push(toks[start..c].to_vec());
                        start = c + 1;
                    }
                    alts.push(toks[start..close].to_vec());
                    alts
                };
                for alt in alts {
                    let mut t = pre.to_vec();
                    // expand inside the alternative first, then the rest
                    let mut inner_out = Vec::new();
                    expand_toks(&alt, &mut inner_out, max, depth + 1, overflow);
                    for a in inner_out {
                        let mut tt = t.clone();
                        tt.extend(a);
                        let prefix_len = tt.len();
                        tt.extend_from_slice(post);
                        let mut rest_out = Vec::new();
                        expand_toks(&tt[prefix_len..], &mut rest_out, max, depth + 1, overflow);
                        for r in rest_out {
                            let mut full = tt[..prefix_len].to_vec();
                            full.extend(r);
                            out.push(full);
                            if out.len() > max {
                                return;
                            }
                        }
                    }
                    t.clear();
                }
                return;
            }
        }
        i += 1;
    }
    out.push(toks.to_vec());
}

/// The index of the matching `}` and the top-level commas, if the group is well formed.
fn find_close(toks: &[Tok], open: usize) -> Option<(usize, Vec<usize>)> {
    let mut depth = 0;
    let mut commas = Vec::new();
    let mut i = open + 1;
    while i < toks.len() {
        match toks[i] {
            Tok::Ch('{') => depth += 1,
            Tok::Ch('}') => {
                if depth == 0 {
                    return Some((i, commas));
                }
                depth -= 1;
            }
            Tok::Ch(',') if depth == 0 => commas.push(i),
            Tok::Ch('$') if matches!(toks.get(i + 1), Some(Tok::Ch('{'))) => {
                // ${ is not a brace group: skip to its close
                depth += 1;
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// How many items the numeric sequence `inner` (`1..100`, `1..100..3`) has, if it is one.
fn sequence_len(inner: &[Tok]) -> Option<u128> {
    let s = literal_text(inner)?;
    let parts = range_parts(&s)?;
    let (x, y) = (parts[0].parse::<i64>().ok()?, parts[1].parse::<i64>().ok()?);
    let step = match parts.get(2) {
        Some(p) => p.parse::<i64>().ok()?.unsigned_abs().max(1),
        None => 1,
    };
    Some((i128::from(x) - i128::from(y)).unsigned_abs() / u128::from(step) + 1)
}

/// The text of `toks` when they are all plain characters.
fn literal_text(toks: &[Tok]) -> Option<String> {
    toks.iter()
        .map(|t| match t {
            Tok::Ch(c) => Some(*c),
            Tok::Part(_) => None,
        })
        .collect()
}

/// `x..y` or `x..y..step`, split.
fn range_parts(s: &str) -> Option<Vec<&str>> {
    let parts: Vec<&str> = s.split("..").collect();
    matches!(parts.len(), 2 | 3).then_some(parts)
}

fn sequence(inner: &[Tok]) -> Option<Vec<String>> {
    let s = literal_text(inner)?;
    let parts = range_parts(&s)?;
    let step: i64 = match parts.get(2) {
        Some(x) => x.parse().ok()?,
        None => 1,
    };
    let (a, b) = (parts[0], parts[1]);
    if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
        let width = {
            let pad = |t: &str| {
                let t2 = t.trim_start_matches('-');
                if t2.len() > 1 && t2.starts_with('0') {
                    t.len()
                } else {
                    0
                }
            };
            pad(a).max(pad(b))
        };
        let step = if step == 0 { 1 } else { step.abs() };
        let mut v = Vec::new();
        let mut i = x;
        loop {
            if (x <= y && i > y) || (x > y && i < y) {
                break;
            }
            if width > 0 {
                if i < 0 {
                    v.push(format!("-{:0w$}", -i, w = width - 1));
                } else {
                    v.push(format!("{:0w$}", i, w = width));
                }
            } else {
                v.push(i.to_string());
            }
            if v.len() > 10_000_000 {
                return None;
            }
            i = if x <= y { i.checked_add(step)? } else { i.checked_sub(step)? };
        }
        return Some(v);
    }
    let (ca, cb) = (single_char(a)?, single_char(b)?);
    if !ca.is_ascii_alphabetic() || !cb.is_ascii_alphabetic() {
        return None;
    }
    let step = if step == 0 { 1 } else { step.unsigned_abs() as u32 };
    let (x, y) = (ca as u32, cb as u32);
    let mut v = Vec::new();
    let mut i = x;
    loop {
        if (x <= y && i > y) || (x > y && i < y) {
            break;
        }
        if let Some(c) = char::from_u32(i) {
            v.push(c.to_string());
        }
        if x <= y {
            i += step;
        } else if i < step {
            break;
        } else {
            i -= step;
        }
    }
    Some(v)
}

fn single_char(s: &str) -> Option<char> {
    let mut cs = s.chars();
    let c = cs.next()?;
    cs.next().is_none().then_some(c)
}
