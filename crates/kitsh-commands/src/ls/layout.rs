//! Name display for `ls`: quoting styles, type indicators, `-C`/`-x` columns (with GNU's tab
//! padding), `-m` comma lists and the glob match of `-I`/`--hide`.

use crate::wc::char_width;
use kitsh_core::fs::{FileType, Metadata};

use super::{Indicator, Quoting};

/// The name as shown with the quoting style.
pub(super) fn show_name(name: &str, q: Quoting) -> String {
    match q {
        Quoting::Literal => name.to_string(),
        Quoting::Hide => name.chars().map(|c| if c.is_control() { '?' } else { c }).collect(),
        Quoting::Double | Quoting::Escape => {
            let mut s = String::with_capacity(name.len() + 2);
            if q == Quoting::Double {
                s.push('"');
            }
            for c in name.chars() {
                match c {
                    '\\' => s.push_str("\\\\"),
                    '"' if q == Quoting::Double => s.push_str("\\\""),
                    ' ' if q == Quoting::Escape => s.push_str("\\ "),
                    '\n' => s.push_str("\\n"),
                    '\t' => s.push_str("\\t"),
                    c if (c as u32) < 0x20 || c == '\x7f' => s.push_str(&format!("\\{:03o}", c as u32)),
                    c => match kitsh_core::util::bytes::raw_byte(c) {
                        Some(b) => s.push_str(&format!("\\{b:03o}")),
                        None => s.push(c),
                    },
                }
            }
            if q == Quoting::Double {
                s.push('"');
            }
            s
        }
    }
}

/// The indicator appended after a name (`/`, `*`, `@`, `|`).
pub(super) fn indicator(m: &Metadata, style: Indicator) -> &'static str {
    match (style, m.file_type) {
        (Indicator::None, _) => "",
        (_, FileType::Dir) => "/",
        (Indicator::Slash, _) => "",
        (_, FileType::Symlink) => "@",
        (_, FileType::Fifo) => "|",
        (Indicator::Classify, FileType::File) if m.mode & 0o111 != 0 => "*",
        _ => "",
    }
}

/// Display width of a name.
pub(super) fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_control() { 0 } else { char_width(c) as usize }).sum()
}

/// Pad from column `from` to `to` with tabs (tab stops of 8) and spaces, as GNU ls does.
fn indent(out: &mut String, mut from: usize, to: usize) {
    while from < to {
        if to / 8 > (from + 1) / 8 {
            out.push('\t');
            from += 8 - from % 8;
        } else {
            out.push(' ');
            from += 1;
        }
    }
}

/// `-C` (down columns) or `-x` (`across`) layout within `line_width`.
pub(super) fn columns(items: &[String], line_width: usize, across: bool) -> String {
    let n = items.len();
    if n == 0 {
        return String::new();
    }
    let widths: Vec<usize> = items.iter().map(|s| width(s)).collect();
    let max_cols = (line_width / 3).max(1).min(n);
    let mut best = (1, vec![widths.iter().copied().max().unwrap_or(0)]);
    for cols in (2..=max_cols).rev() {
        let rows = n.div_ceil(cols);
        let mut col_w = vec![0usize; cols];
        for (i, w) in widths.iter().enumerate() {
            let c = if across { i % cols } else { i / rows };
            if c >= cols {
                continue;
            }
            col_w[c] = col_w[c].max(*w + if c + 1 < cols { 2 } else { 0 });
        }
        if col_w.iter().sum::<usize>() < line_width {
            best = (cols, col_w);
            break;
        }
    }
    let (cols, col_w) = best;
    let rows = n.div_ceil(cols);
    let mut out = String::new();
    for r in 0..rows {
        let mut pos = 0;
        for (c, cw) in col_w.iter().enumerate() {
            let i = if across { r * cols + c } else { c * rows + r };
            let Some(item) = items.get(i) else { break };
            let next = if across { r * cols + c + 1 } else { (c + 1) * rows + r };
            out.push_str(item);
            let end = pos + widths[i];
            if c + 1 < cols && next < n && (!across || next < (r + 1) * cols) {
                let target = pos + cw;
                indent(&mut out, end, target);
                pos = target;
            }
        }
        out.push('\n');
    }
    out
}

/// `-m`: `a, b, c` wrapped at `line_width`.
pub(super) fn commas(items: &[String], line_width: usize) -> String {
    let mut out = String::new();
    let mut pos = 0;
    for (i, it) in items.iter().enumerate() {
        let w = width(it);
        let last = i + 1 == items.len();
        if i > 0 {
            if pos + 1 + w + usize::from(!last) >= line_width {
                out.push('\n');
                pos = 0;
            } else {
                out.push(' ');
                pos += 1;
            }
        }
        out.push_str(it);
        pos += w;
        if !last {
            out.push(',');
            pos += 1;
        }
    }
    if !items.is_empty() {
        out.push('\n');
    }
    out
}

/// Shell glob match of a whole name (`*`, `?`, `[...]`, `\\x`); leading dots are not special.
pub(super) fn glob(pat: &[char], name: &[char]) -> bool {
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        let step = match pat.get(p) {
            Some('*') => {
                star = Some((p, n));
                p += 1;
                continue;
            }
            Some('?') => Some(1),
            Some('[') => class(&pat[p..], name[n]),
            Some('\\') if p + 1 < pat.len() => (pat[p + 1] == name[n]).then_some(2),
            Some(&c) => (c == name[n]).then_some(1),
            None => None,
        };
        match step {
            Some(len) => {
                p += len;
                n += 1;
            }
            None => match star {
                Some((sp, sn)) => {
                    p = sp + 1;
                    n = sn + 1;
                    star = Some((sp, sn + 1));
                }
                None => return false,
            },
        }
    }
    pat[p..].iter().all(|&c| c == '*')
}

/// Match `c` against the bracket expression at the start of `pat`; the pattern length used.
fn class(pat: &[char], c: char) -> Option<usize> {
    let mut i = 1;
    let neg = matches!(pat.get(1), Some('!' | '^'));
    if neg {
        i += 1;
    }
    let mut hit = false;
    let mut first = true;
    while i < pat.len() {
        if pat[i] == ']' && !first {
            return (hit != neg).then_some(i + 1);
        }
        first = false;
        if pat.get(i + 1) == Some(&'-') && pat.get(i + 2).is_some_and(|&e| e != ']') {
            hit |= pat[i] <= c && c <= pat[i + 2];
            i += 3;
        } else {
            hit |= pat[i] == c;
            i += 1;
        }
    }
    (pat.first() == Some(&c)).then_some(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(p: &str, n: &str) -> bool {
        glob(&p.chars().collect::<Vec<_>>(), &n.chars().collect::<Vec<_>>())
    }

    #[test]
    fn globbing() {
        assert!(g("*.txt", "a.txt"));
        assert!(!g("*.txt", "a.txc"));
        assert!(g("a?c", "abc"));
        assert!(g("[a-c]x", "bx"));
        assert!(!g("[!a-c]x", "bx"));
        assert!(g("*", ".hidden"));
        assert!(g("\\*", "*"));
    }

    #[test]
    fn layouts() {
        let items: Vec<String> = ["big", "d", "dlnk", "f", "fut", "hs", "lnk", "old"].iter().map(|s| s.to_string()).collect();
        assert_eq!(columns(&items, 80, false), "big  d\tdlnk  f  fut  hs  lnk  old\n");
        assert_eq!(columns(&items, 20, false), "big  dlnk  fut\tlnk\nd    f\t   hs\told\n");
        assert_eq!(commas(&items, 80), "big, d, dlnk, f, fut, hs, lnk, old\n");
        assert_eq!(show_name("a\"b c\n", Quoting::Double), "\"a\\\"b c\\n\"");
        assert_eq!(show_name("a b", Quoting::Escape), "a\\ b");
    }
}
