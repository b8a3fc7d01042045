//! Executing `s` (occurrence selection, `&`/`\N` references, `\U \L \u \l \E` case
//! conversion) and `y`.

use std::collections::HashMap;

use super::script::{Case, Piece, Subst};
use kitsh_core::util::posix_re::PosixRegex;
use kitsh_core::util::bytes::{decode, encode};

/// The pattern space after `s`, or `None` when nothing was replaced.
pub(super) fn substitute(re: &PosixRegex, ps: &[u8], s: &Subst) -> Option<Vec<u8>> {
    let needs_groups = s.repl.iter().any(|p| matches!(p, Piece::Group(n) if *n > 0));
    let mut out = Vec::with_capacity(ps.len() + 16);
    let mut last = 0;
    let mut count = 0;
    let mut done = false;
    for (start, end) in re.find_iter(ps) {
        count += 1;
        if count < s.nth {
            continue;
        }
        out.extend_from_slice(&ps[last..start]);
        if needs_groups {
            let caps = re.captures_for(ps, start, end);
            expand(&mut out, &s.repl, |n| match n {
                0 => Some(&ps[start..end]),
                _ => caps.as_ref().and_then(|c| c.get(n)),
            });
        } else {
            expand(&mut out, &s.repl, |_| Some(&ps[start..end]));
        }
        last = end;
        done = true;
        if !s.global {
            break;
        }
    }
    if !done {
        return None;
    }
    out.extend_from_slice(&ps[last..]);
    Some(out)
}

/// The case conversion in force while expanding a replacement.
#[derive(Default)]
struct CaseState {
    /// `\U` / `\L` (`None`: as is).
    all: Option<Case>,
    /// `\u` / `\l` for the next character.
    first: Option<Case>,
}

impl CaseState {
    fn set(&mut self, c: Case) {
        match c {
            Case::Upper | Case::Lower => (self.all, self.first) = (Some(c), None),
            Case::UpperFirst | Case::LowerFirst => self.first = Some(c),
            Case::End => (self.all, self.first) = (None, None),
        }
    }

    fn push(&mut self, out: &mut Vec<u8>, text: &[u8]) {
        if text.is_empty() {
            return;
        }
        if self.all.is_none() && self.first.is_none() {
            out.extend_from_slice(text);
            return;
        }
        let s = decode(text);
        let mut conv = String::with_capacity(s.len());
        for (k, ch) in s.chars().enumerate() {
            let mode = if k == 0 { self.first.take().or(self.all) } else { self.all };
            match mode {
                Some(Case::Upper | Case::UpperFirst) => conv.extend(ch.to_uppercase()),
                Some(Case::Lower | Case::LowerFirst) => conv.extend(ch.to_lowercase()),
                _ => conv.push(ch),
            }
        }
        out.extend_from_slice(&encode(&conv));
    }
}

/// Append the replacement `repl`, with `group(n)` giving the text of group `n`.
fn expand<'h>(out: &mut Vec<u8>, repl: &[Piece], group: impl Fn(usize) -> Option<&'h [u8]>) {
    let mut case = CaseState::default();
    for p in repl {
        match p {
            Piece::Lit(b) => case.push(out, b),
            Piece::Group(n) => {
                if let Some(t) = group(*n) {
                    case.push(out, t);
                }
            }
            Piece::Case(c) => case.set(*c),
        }
    }
}

/// `y`: map each character of the pattern space.
pub(super) fn translit(ps: &mut Vec<u8>, map: &HashMap<char, char>) {
    if map.iter().all(|(a, b)| a.is_ascii() && b.is_ascii()) {
        let mut table = [0u8; 128];
        for (k, t) in table.iter_mut().enumerate() {
            *t = k as u8;
        }
        for (a, b) in map {
            table[*a as usize] = *b as u8;
        }
        for b in ps.iter_mut() {
            if *b < 0x80 {
                *b = table[*b as usize];
            }
        }
        return;
    }
    let s = decode(ps);
    let mapped: String = s.chars().map(|c| *map.get(&c).unwrap_or(&c)).collect();
    *ps = encode(&mapped).into_owned();
}
