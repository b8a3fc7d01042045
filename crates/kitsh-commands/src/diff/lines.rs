//! Splitting files into lines and numbering them by equivalence class: two lines get the same
//! number when they are equal under the `-i -b -w -Z -E --strip-trailing-cr` options.

use std::collections::HashMap;

/// How lines are compared.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ignore {
    /// `-i`: case.
    pub case: bool,
    /// `-b`: changes in the amount of white space.
    pub space_change: bool,
    /// `-w`: all white space.
    pub all_space: bool,
    /// `-Z`: white space at line end.
    pub trailing_space: bool,
    /// `-E`: tab expansion.
    pub tab_expansion: bool,
}

impl Ignore {
    fn any(&self) -> bool {
        self.case || self.space_change || self.all_space || self.trailing_space || self.tab_expansion
    }
}

/// A file split into lines.
pub struct Lines<'a> {
    /// Each line without its newline.
    pub lines: Vec<&'a [u8]>,
    /// The last line has no newline.
    pub missing_newline: bool,
}

/// Split `data` at newlines (`--strip-trailing-cr` drops a CR before each newline).
pub fn split(data: &[u8], strip_cr: bool) -> Lines<'_> {
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    let missing_newline = match lines.last() {
        Some([]) => {
            lines.pop();
            false
        }
        Some(_) => true,
        None => false,
    };
    if strip_cr {
        for l in lines.iter_mut() {
            if let Some(s) = l.strip_suffix(b"\r") {
                *l = s;
            }
        }
    }
    Lines { lines, missing_newline }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r')
}

/// The comparison key of a line under `ig`.
fn key(line: &[u8], ig: &Ignore, out: &mut Vec<u8>) {
    out.clear();
    let mut src: std::borrow::Cow<'_, [u8]> = std::borrow::Cow::Borrowed(line);
    if ig.tab_expansion {
        let mut v = Vec::with_capacity(line.len());
        for &b in line {
            if b == b'\t' {
                let n = 8 - v.len() % 8;
                v.extend(std::iter::repeat_n(b' ', n));
            } else {
                v.push(b);
            }
        }
        src = std::borrow::Cow::Owned(v);
    }
    let s: &[u8] = &src;
    if ig.all_space {
        out.extend(s.iter().copied().filter(|&b| !is_space(b)));
    } else if ig.space_change {
        let mut i = 0;
        while i < s.len() {
            if is_space(s[i]) {
                while i < s.len() && is_space(s[i]) {
                    i += 1;
                }
                if i < s.len() {
                    out.push(b' ');
                }
            } else {
                out.push(s[i]);
                i += 1;
            }
        }
    } else if ig.trailing_space {
        let end = s.iter().rposition(|&b| !is_space(b)).map_or(0, |p| p + 1);
        out.extend_from_slice(&s[..end]);
    } else {
        out.extend_from_slice(s);
    }
    if ig.case {
        out.make_ascii_lowercase();
    }
}

/// Class numbers (from 1) for the lines of both files between the identical prefix (`pre`
/// lines) and suffix (`suf` lines); an incomplete last line only equals the other file's
/// incomplete last line unless white space at line end is ignored.
pub fn classes(a: &Lines<'_>, b: &Lines<'_>, pre: usize, suf: usize, ig: &Ignore) -> (Vec<u32>, Vec<u32>) {
    let mut table: HashMap<(Vec<u8>, bool), u32> = HashMap::new();
    let mut k = Vec::new();
    let loose_end = ig.trailing_space || ig.space_change || ig.all_space;
    let mut number = |lines: &Lines<'_>| -> Vec<u32> {
        let n = lines.lines.len();
        let mut out = Vec::with_capacity(n - pre - suf);
        for (i, l) in lines.lines.iter().enumerate().take(n - suf).skip(pre) {
            let incomplete = lines.missing_newline && i + 1 == n && !loose_end;
            if ig.any() {
                key(l, ig, &mut k);
            } else {
                k.clear();
                k.extend_from_slice(l);
            }
            let next = table.len() as u32 + 1;
            let id = *table.entry((k.clone(), incomplete)).or_insert(next);
            out.push(id);
        }
        out
    };
    let ca = number(a);
    let cb = number(b);
    (ca, cb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys() {
        let mut k = Vec::new();
        key(b"A  b\t c ", &Ignore { space_change: true, ..Default::default() }, &mut k);
        assert_eq!(k, b"A b c");
        key(b"A  b\t c ", &Ignore { all_space: true, case: true, ..Default::default() }, &mut k);
        assert_eq!(k, b"abc");
    }

    #[test]
    fn incomplete_lines_differ() {
        let a = split(b"x\ny", false);
        let b = split(b"x\ny\n", false);
        let (ca, cb) = classes(&a, &b, 0, 0, &Ignore::default());
        assert_eq!(ca[0], cb[0]);
        assert_ne!(ca[1], cb[1]);
    }
}
