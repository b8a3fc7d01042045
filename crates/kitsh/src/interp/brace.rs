//! Brace expansion (`a{b,c}d`, `{1..10..2}`, `{a..z}`), done on the word's structure before any
//! other expansion. Only unquoted literal text takes part; other parts are opaque.

use crate::parser::ast::{Param, Word, WordPart};

/// One character of unquoted literal text, or the index of an opaque part of the word.
/// Kept at 8 bytes: a brace product holds many of these at once.
#[derive(Clone, Copy, PartialEq)]
enum Tok {
    Ch(char),
    Part(u32),
}

fn to_toks(w: &Word) -> Vec<Tok> {
    let mut v = Vec::new();
    for (i, p) in w.parts.iter().enumerate() {
        match p {
            WordPart::Literal(s) => v.extend(s.chars().map(Tok::Ch)),
            _ => v.push(Tok::Part(i as u32)),
        }
    }
    v
}

fn to_word(toks: &[Tok], w: &Word) -> Word {
    let mut parts = Vec::new();
    let mut lit = String::new();
    for t in toks {
        match t {
            Tok::Ch(c) => lit.push(*c),
            Tok::Part(i) => {
                if !lit.is_empty() {
                    parts.push(WordPart::Literal(std::mem::take(&mut lit)));
                }
                parts.push(w.parts[*i as usize].clone());
            }
        }
    }
    if !lit.is_empty() {
        parts.push(WordPart::Literal(lit));
    }
    Word { parts }
}

/// Expand braces in `w` into at most `max` words of at most `max_bytes` characters in all;
/// `None` when the product would be larger. The size is computed before anything is
/// generated, so a product such as `{1..10}{1..10}...` is refused without allocating it.
pub fn expand(w: &Word, max: usize, max_bytes: usize) -> Option<Vec<Word>> {
    if w.parts.len() > u32::MAX as usize {
        return None;
    }
    let toks = to_toks(w);
    let n = count(&toks, 0);
    // Every word of the product is at most as long as the source: a brace group's alternatives
    // and sequence items are no longer than the group's own text.
    if n > max as u128 || n.saturating_mul(toks.len() as u128) > max_bytes.max(toks.len()) as u128 {
        return None;
    }
    let mut out = Vec::with_capacity(n as usize);
    expand_toks(&toks, &mut out, 0);
    let words: Vec<Word> = out.iter().map(|t| to_word(t, w)).collect();
    if words.len() == 1 && words[0] == *w {
        return Some(words);
    }
    Some(words.into_iter().map(rescan).collect())
}

/// Deepest nesting of brace groups expanded; deeper groups stay as they are.
const MAX_DEPTH: usize = 64;

/// The first brace group that expands, at or after `from`: its `{`, `}` and the alternatives'
/// bounds, or the items of a sequence.
enum Group {
    Alts { open: usize, close: usize, commas: Vec<usize> },
    Seq { open: usize, close: usize, len: u128 },
}

fn first_group(toks: &[Tok]) -> Option<Group> {
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == Tok::Ch('{') {
            if let Some((close, commas)) = find_close(toks, i) {
                if !commas.is_empty() {
                    return Some(Group::Alts { open: i, close, commas });
                }
                if let Some(len) = sequence_count(&toks[i + 1..close]) {
                    return Some(Group::Seq { open: i, close, len });
                }
            }
        }
        i += 1;
    }
    None
}

/// How many words [`expand_toks`] makes of `toks` (saturating).
fn count(toks: &[Tok], depth: usize) -> u128 {
    if depth > MAX_DEPTH {
        return 1;
    }
    match first_group(toks) {
        None => 1,
        Some(Group::Seq { close, len, .. }) => len.saturating_mul(count(&toks[close + 1..], depth + 1)),
        Some(Group::Alts { open, close, commas }) => {
            let mut alts: u128 = 0;
            let mut start = open + 1;
            for end in commas.iter().copied().chain(std::iter::once(close)) {
                alts = alts.saturating_add(count(&toks[start..end], depth + 1));
                start = end + 1;
            }
            alts.saturating_mul(count(&toks[close + 1..], depth + 1))
        }
    }
}

fn expand_toks(toks: &[Tok], out: &mut Vec<Vec<Tok>>, depth: usize) {
    if depth > MAX_DEPTH {
        out.push(toks.to_vec());
        return;
    }
    let Some(group) = first_group(toks) else {
        out.push(toks.to_vec());
        return;
    };
    let (open, close, alts): (usize, usize, Vec<Vec<Tok>>) = match group {
        Group::Seq { open, close, .. } => {
            let items = sequence(&toks[open + 1..close]).unwrap_or_default();
            (open, close, items.into_iter().map(|s| s.chars().map(Tok::Ch).collect()).collect())
        }
        Group::Alts { open, close, commas } => {
            let mut alts = Vec::new();
            let mut start = open + 1;
            for end in commas.iter().copied().chain(std::iter::once(close)) {
                // expand inside the alternative first
                expand_toks(&toks[start..end], &mut alts, depth + 1);
                start = end + 1;
            }
            (open, close, alts)
        }
    };
    let pre = &toks[..open];
    let mut rest = Vec::new();
    expand_toks(&toks[close + 1..], &mut rest, depth + 1);
    for a in &alts {
        for r in &rest {
            let mut full = Vec::with_capacity(pre.len() + a.len() + r.len());
            full.extend_from_slice(pre);
            full.extend_from_slice(a);
            full.extend_from_slice(r);
            out.push(full);
        }
    }
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

/// How many items the sequence `inner` (`1..100`, `1..100..3`, `a..z`) has, if it is one.
fn sequence_count(inner: &[Tok]) -> Option<u128> {
    match sequence_len(inner) {
        Some(n) => Some(n),
        None => sequence(inner).map(|v| v.len() as u128),
    }
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
            // past the end of i64 the sequence is over (its size was checked before)
            match if x <= y { i.checked_add(step) } else { i.checked_sub(step) } {
                Some(n) => i = n,
                None => break,
            }
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
