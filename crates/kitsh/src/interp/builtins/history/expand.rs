//! History expansion for `history -p`: events `!!`, `!N`, `!-N`, `!STRING`, `!?STRING?`,
//! `!#`; word designators (`:N`, `^`, `$`, `*`, `X-Y`, `X*`, `X-`); the modifiers `h`,
//! `t`, `r`, `e`, `p`, `q`, `x`, `s/OLD/NEW/`, `&` and `g`; and `^OLD^NEW^`. Single quotes
//! and a backslash keep a `!` as it is.

/// Expand the history references in `s` against `lines` (oldest first, the first one
/// numbered `base`). `None` when an event or a word is not found.
pub(super) fn expand(s: &str, lines: &[&str], base: usize) -> Option<String> {
    let chars: Vec<char> = s.chars().collect();
    if chars.first() == Some(&'^') {
        return quick_subst(&chars, lines);
    }
    let mut out = String::with_capacity(s.len());
    let (mut single, mut double) = (false, false);
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        match c {
            '\\' if i + 1 < chars.len() => {
                out.push(c);
                out.push(chars[i + 1]);
                i += 2;
                continue;
            }
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '!' if !single => {
                let literal = match chars.get(i + 1) {
                    None | Some(' ' | '\t' | '\n' | '=' | '(') => true,
                    Some('"') => double,
                    _ => false,
                };
                if !literal {
                    let (text, next) = reference(&chars, i + 1, lines, base, &out)?;
                    out.push_str(&text);
                    i = next;
                    continue;
                }
            }
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    Some(out)
}

/// `^OLD^NEW^REST`: the previous entry with OLD replaced by NEW.
fn quick_subst(chars: &[char], lines: &[&str]) -> Option<String> {
    let last = lines.last()?;
    let (old, i) = take_until(chars, 1, '^');
    let (new, i) = take_until(chars, i, '^');
    if old.is_empty() || !last.contains(old.as_str()) {
        return None;
    }
    let mut out = last.replacen(old.as_str(), &new, 1);
    out.extend(chars.get(i..).unwrap_or(&[]).iter());
    Some(out)
}

/// The characters from `i` up to `end` (or the end), and the index after the `end`.
fn take_until(chars: &[char], i: usize, end: char) -> (String, usize) {
    let mut s = String::new();
    let mut k = i;
    while let Some(&c) = chars.get(k) {
        k += 1;
        if c == end {
            return (s, k);
        }
        s.push(c);
    }
    (s, k)
}

fn number(chars: &[char], mut i: usize) -> (Option<usize>, usize) {
    let start = i;
    let mut n: usize = 0;
    while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d as usize);
        i += 1;
    }
    (if i > start { Some(n) } else { None }, i)
}

/// The event after a `!` at `chars[i..]`: its text and the index after it.
fn event(chars: &[char], i: usize, lines: &[&str], base: usize, current: &str) -> Option<(String, usize)> {
    let newest = |f: &dyn Fn(&str) -> bool| lines.iter().rev().find(|l| f(l)).map(|l| l.to_string());
    match chars.get(i)? {
        '!' => Some((lines.last()?.to_string(), i + 1)),
        '#' => Some((current.to_string(), i + 1)),
        '$' | '^' | '*' | '%' | ':' => Some((lines.last()?.to_string(), i)),
        '-' if chars.get(i + 1).is_some_and(char::is_ascii_digit) => {
            let (n, next) = number(chars, i + 1);
            let k = lines.len().checked_sub(n?)?;
            Some((lines.get(k)?.to_string(), next))
        }
        c if c.is_ascii_digit() => {
            let (n, next) = number(chars, i);
            Some((lines.get(n?.checked_sub(base)?)?.to_string(), next))
        }
        '?' => {
            let (pat, next) = take_until(chars, i + 1, '?');
            if pat.is_empty() {
                return None;
            }
            Some((newest(&|l| l.contains(pat.as_str()))?, next))
        }
        _ => {
            let mut k = i;
            while chars.get(k).is_some_and(|c| !c.is_whitespace() && *c != ':') {
                k += 1;
            }
            let pat: String = chars[i..k].iter().collect();
            Some((newest(&|l| l.starts_with(pat.as_str()))?, k))
        }
    }
}

/// A whole history reference after the `!` at `chars[i..]`: event, word designator and
/// modifiers. The text and the index after it.
fn reference(chars: &[char], i: usize, lines: &[&str], base: usize, current: &str) -> Option<(String, usize)> {
    let (mut text, mut i) = event(chars, i, lines, base, current)?;
    let designator = match chars.get(i) {
        Some(':') if chars.get(i + 1).is_some_and(|c| c.is_ascii_digit() || "^$*%-".contains(*c)) => {
            i += 1;
            true
        }
        Some('^' | '$' | '*' | '%') => true,
        _ => false,
    };
    if designator {
        let (w, next) = select_words(chars, i, &text)?;
        text = w;
        i = next;
    }
    let mut last_subst: Option<(String, String)> = None;
    while chars.get(i) == Some(&':') {
        let (t, next) = modifier(chars, i + 1, &text, &mut last_subst)?;
        text = t;
        i = next;
    }
    Some((text, i))
}

/// Apply the modifier at `chars[i..]` to `text`.
fn modifier(chars: &[char], i: usize, text: &str, last: &mut Option<(String, String)>) -> Option<(String, usize)> {
    let (global, i) = match chars.get(i)? {
        'g' | 'a' => (true, i + 1),
        _ => (false, i),
    };
    let out = match chars.get(i)? {
        'h' => text.rfind('/').map_or(text, |k| &text[..k]).to_string(),
        't' => text.rfind('/').map_or(text, |k| &text[k + 1..]).to_string(),
        'r' => text.rfind('.').filter(|k| !text[*k..].contains('/')).map_or(text, |k| &text[..k]).to_string(),
        'e' => text.rfind('.').filter(|k| !text[*k..].contains('/')).map_or("", |k| &text[k..]).to_string(),
        'p' => text.to_string(),
        'q' | 'x' => format!("'{}'", text.replace('\'', "'\\''")),
        's' => {
            let delim = *chars.get(i + 1)?;
            let (old, k) = take_until(chars, i + 2, delim);
            let (new, k) = take_until(chars, k, delim);
            let old = if old.is_empty() { last.as_ref()?.0.clone() } else { old };
            *last = Some((old, new));
            return Some((substitute(text, last.as_ref()?, global)?, k));
        }
        '&' => substitute(text, last.as_ref()?, global)?,
        _ => return None,
    };
    Some((out, i + 1))
}

/// `s/OLD/NEW/` on `text` (`&` in NEW is OLD); `None` when OLD is not there.
fn substitute(text: &str, (old, new): &(String, String), global: bool) -> Option<String> {
    if old.is_empty() || !text.contains(old.as_str()) {
        return None;
    }
    let new = new.replace('&', old);
    Some(if global { text.replace(old.as_str(), &new) } else { text.replacen(old.as_str(), &new, 1) })
}

/// The word designator at `chars[i..]` applied to the event `text`.
fn select_words(chars: &[char], i: usize, text: &str) -> Option<(String, usize)> {
    let words = tokenize(text);
    let last = words.len().checked_sub(1)?;
    let (from, to, next) = match chars.get(i)? {
        '^' => (1, 1, i + 1),
        '$' => (last, last, i + 1),
        '*' => (1, last, i + 1),
        '-' => {
            let (to, next) = range_end(chars, i + 1, last);
            (0, to?, next)
        }
        c if c.is_ascii_digit() => {
            let (n, k) = number(chars, i);
            let n = n?;
            match chars.get(k) {
                Some('*') => (n, last, k + 1),
                Some('-') => {
                    let (to, next) = range_end(chars, k + 1, last);
                    (n, to?, next)
                }
                _ => (n, n, k),
            }
        }
        _ => return None,
    };
    if from > to {
        // `!!:*` of a one-word event, `X*` past the last word: nothing.
        return (from == to + 1).then(|| (String::new(), next));
    }
    Some((words.get(from..=to)?.join(" "), next))
}

/// The end of an `X-Y` range: a number, `$`, or nothing (the word before the last).
fn range_end(chars: &[char], i: usize, last: usize) -> (Option<usize>, usize) {
    match chars.get(i) {
        Some('$') => (Some(last), i + 1),
        Some(c) if c.is_ascii_digit() => number(chars, i),
        _ => (last.checked_sub(1), i),
    }
}

/// readline's `history_tokenize`: words split at blanks, quotes kept together, shell
/// operators (`;`, `&&`, `>>`, ...) words of their own.
fn tokenize(line: &str) -> Vec<&str> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let meta = |c: u8| matches!(c, b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>');
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let start = i;
        if meta(b[i]) {
            i += 1;
            if i < b.len() && (b[i] == b[start] || matches!((b[start], b[i]), (b'>' | b'<' | b'|', b'&') | (b'&' | b'<', b'>') | (b'>', b'|'))) {
                i += 1;
            }
        } else {
            while i < b.len() && !b[i].is_ascii_whitespace() && !meta(b[i]) {
                match b[i] {
                    b'\\' => i += 1,
                    q @ (b'\'' | b'"' | b'`') => {
                        i += 1;
                        while i < b.len() && b[i] != q {
                            i += usize::from(b[i] == b'\\' && q != b'\'');
                            i += 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        let end = i.min(b.len());
        if let Some(w) = line.get(start..end) {
            out.push(w);
        }
    }
    out
}
