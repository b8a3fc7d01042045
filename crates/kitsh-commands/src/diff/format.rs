//! GNU diff's line formats and line group formats (`--old-line-format`, `--line-format`,
//! `--changed-group-format`, ..., and `-D NAME`, which is made of them), as GNU diff 3.8's
//! `ifdef.c` prints them: the whole of both files, group by group (unchanged lines, lines only
//! in the old file, only in the new one, or changed), each group through its group format and
//! each of its lines through its line format.
//!
//! Group formats know `%<` `%>` `%=` (the group's old / new / common lines), `%%`, `%c'C'`,
//! `%c'\OOO'`, printf-style numbers of the groups (`%dn`, `%5df`, `%-3xL`, ... with the letters
//! `e f l m n` for the old lines and `E F L M N` for the new ones) and conditionals
//! `%(A=B?THEN:ELSE)`. Line formats know `%l` (the line without its newline), `%L` (with it),
//! `%%`, `%c'C'`, `%c'\OOO'` and `%dn` (the line's number). A directive GNU does not recognise
//! is printed as it is.

use super::analyze::Change;
use super::output::Files;

/// The kinds of line groups (and of lines), in GNU's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Lines common to both files.
    Unchanged = 0,
    /// Lines only in the old file.
    Old = 1,
    /// Lines only in the new file.
    New = 2,
    /// Old lines replaced by new ones (groups only).
    Changed = 3,
}

/// The formats of one run, with GNU's defaults filled in.
#[derive(Debug, Clone)]
pub struct Formats {
    /// Line formats: unchanged, old, new.
    line: [Vec<u8>; 3],
    /// Group formats: unchanged, old, new, changed.
    group: [Vec<u8>; 4],
}

/// The formats given on the command line (`None`: not given).
#[derive(Debug, Clone, Default)]
pub struct Given {
    /// `--unchanged-line-format`, `--old-line-format`, `--new-line-format`.
    pub line: [Option<Vec<u8>>; 3],
    /// `--unchanged-group-format`, `--old-group-format`, `--new-group-format`,
    /// `--changed-group-format`.
    pub group: [Option<Vec<u8>>; 4],
}

/// The option names GNU's messages use for the line formats and the group formats.
pub const LINE_OPTIONS: [&str; 3] = ["--unchanged-line-format", "--old-line-format", "--new-line-format"];
/// See [`LINE_OPTIONS`].
pub const GROUP_OPTIONS: [&str; 4] = ["--unchanged-group-format", "--old-group-format", "--new-group-format", "--changed-group-format"];

impl Given {
    /// Set a format once; a second, different value is GNU's `conflicting OPTION option value
    /// 'VALUE'` error (returned as the message).
    fn set(slot: &mut Option<Vec<u8>>, value: &[u8], option: &str) -> Result<(), String> {
        if slot.as_deref().is_some_and(|v| v != value) {
            return Err(format!("conflicting {option} option value '{}'", String::from_utf8_lossy(value)));
        }
        *slot = Some(value.to_vec());
        Ok(())
    }

    /// One line format (`kind` is not [`Kind::Changed`]).
    pub fn set_line(&mut self, kind: Kind, value: &[u8]) -> Result<(), String> {
        let k = (kind as usize).min(2);
        Self::set(&mut self.line[k], value, LINE_OPTIONS[k])
    }

    /// `--line-format`: all three line formats.
    pub fn set_all_lines(&mut self, value: &[u8]) -> Result<(), String> {
        for slot in &mut self.line {
            Self::set(slot, value, "--line-format")?;
        }
        Ok(())
    }

    /// One group format.
    pub fn set_group(&mut self, kind: Kind, value: &[u8]) -> Result<(), String> {
        let k = kind as usize;
        Self::set(&mut self.group[k], value, GROUP_OPTIONS[k])
    }

    /// `-D NAME`: the group formats of a merged file with `#ifdef NAME` around the changes.
    pub fn set_ifdef(&mut self, name: &str) -> Result<(), String> {
        let formats = [
            "%=".to_string(),
            format!("#ifndef {name}\n%<#endif /* ! {name} */\n"),
            format!("#ifdef {name}\n%>#endif /* {name} */\n"),
            format!("#ifndef {name}\n%<#else /* {name} */\n%>#endif /* {name} */\n"),
        ];
        for (slot, f) in self.group.iter_mut().zip(formats) {
            Self::set(slot, f.as_bytes(), "-D")?;
        }
        Ok(())
    }

    /// The formats in force: lines `%l\n`; groups `%=`, `%<`, `%>`, the changed one the old
    /// one followed by the new one (a changed format given alone serves for all three).
    pub fn resolve(&self) -> Formats {
        let line = self.line.clone().map(|l| l.unwrap_or_else(|| b"%l\n".to_vec()));
        let [unchanged, old, new, changed] = self.group.clone();
        let old = old.or_else(|| changed.clone()).unwrap_or_else(|| b"%<".to_vec());
        let new = new.or_else(|| changed.clone()).unwrap_or_else(|| b"%>".to_vec());
        let unchanged = unchanged.unwrap_or_else(|| b"%=".to_vec());
        let changed = changed.unwrap_or_else(|| [old.as_slice(), new.as_slice()].concat());
        Formats { line, group: [unchanged, old, new, changed] }
    }
}

impl Formats {
    /// Whether identical files print nothing (GNU's `no_diff_means_no_output`): the unchanged
    /// groups print nothing, or only their lines through an empty line format.
    pub fn silent_when_same(&self) -> bool {
        let g = &self.group[Kind::Unchanged as usize];
        g.is_empty() || (g == b"%=" && self.line[Kind::Unchanged as usize].is_empty())
    }
}

/// A run of lines of one file: `from..upto` (0-based, half-open).
#[derive(Clone, Copy)]
struct Group {
    file: usize,
    from: usize,
    upto: usize,
}

/// The files, the formats and the output of one comparison.
struct Printer<'a> {
    files: &'a Files<'a>,
    formats: &'a Formats,
}

/// Print the whole comparison of `files`: the changes not marked `ignorable` (`-B`, `-I`) as
/// groups of their kind, the lines between them (ignored changes included, as the old file has
/// them) as unchanged groups.
pub fn ifdef(files: &Files<'_>, changes: &[Change], ignorable: &[bool], formats: &Formats, out: &mut Vec<u8>) {
    let p = Printer { files, formats };
    let (n0, n1) = (files.a.lines.len(), files.b.lines.len());
    let (mut next0, mut next1) = (0, 0);
    for (k, c) in changes.iter().enumerate() {
        if ignorable.get(k).copied().unwrap_or(false) {
            continue;
        }
        let (end0, end1) = (c.line0 + c.deleted, c.line1 + c.inserted);
        if next0 < c.line0 || next1 < c.line1 {
            p.groups(Kind::Unchanged, (next0, c.line0), (next1, c.line1), out);
        }
        let kind = match (c.deleted, c.inserted) {
            (0, _) => Kind::New,
            (_, 0) => Kind::Old,
            _ => Kind::Changed,
        };
        p.groups(kind, (c.line0, end0), (c.line1, end1), out);
        next0 = end0;
        next1 = end1;
    }
    if next0 < n0 || next1 < n1 {
        p.groups(Kind::Unchanged, (next0, n0), (next1, n1), out);
    }
}

/// How deep conditionals may nest.
const MAX_NESTING: usize = 256;

/// The byte at `i`, or NUL past the end (as GNU reads its C strings).
fn at(s: &[u8], i: usize) -> u8 {
    s.get(i).copied().unwrap_or(0)
}

impl Printer<'_> {
    fn groups(&self, kind: Kind, old: (usize, usize), new: (usize, usize), out: &mut Vec<u8>) {
        let groups = [Group { file: 0, from: old.0, upto: old.1 }, Group { file: 1, from: new.0, upto: new.1 }];
        let fmt = &self.formats.group[kind as usize];
        self.group_format(fmt, 0, None, &groups, Some(out), 0);
    }

    /// GNU's `format_group`: interpret `fmt` from `i` up to the first free `end` byte (or its
    /// end), writing to `out` when there is one (else only scanning); returns where it stopped.
    /// `depth` counts the conditionals it is in (bounded, where GNU would exhaust its stack).
    fn group_format(&self, fmt: &[u8], mut i: usize, end: Option<u8>, groups: &[Group; 2], mut out: Option<&mut Vec<u8>>, depth: usize) -> usize {
        if depth > MAX_NESTING {
            return fmt.len();
        }
        while i < fmt.len() && Some(fmt[i]) != end {
            let mut c = fmt[i];
            i += 1;
            let after_percent = i;
            if c == b'%' {
                let d = at(fmt, i);
                i += 1;
                match d {
                    b'%' => c = b'%',
                    b'(' => match self.condition(fmt, i, groups) {
                        Some((equal, then_at)) => {
                            let mut j = self.group_format(fmt, then_at, Some(b':'), groups, if equal { out.as_deref_mut() } else { None }, depth + 1);
                            if j < fmt.len() {
                                j = self.group_format(fmt, j + 1, Some(b')'), groups, if equal { None } else { out.as_deref_mut() }, depth + 1);
                                if j < fmt.len() {
                                    j += 1;
                                }
                            }
                            i = j;
                            continue;
                        }
                        None => i = after_percent,
                    },
                    b'<' => {
                        self.lines(Kind::Old, &groups[0], out.as_deref_mut());
                        continue;
                    }
                    b'=' => {
                        self.lines(Kind::Unchanged, &groups[0], out.as_deref_mut());
                        continue;
                    }
                    b'>' => {
                        self.lines(Kind::New, &groups[1], out.as_deref_mut());
                        continue;
                    }
                    _ => match printf_spec(fmt, after_percent - 1, &|letter| letter_value(groups, letter), out.as_deref_mut()) {
                        Some(j) => {
                            i = j;
                            continue;
                        }
                        None => i = after_percent,
                    },
                }
            }
            if let Some(o) = out.as_deref_mut() {
                o.push(c);
            }
        }
        i
    }

    /// The `A=B?` of a conditional starting at `i`: whether A equals B and where THEN starts.
    fn condition(&self, fmt: &[u8], mut i: usize, groups: &[Group; 2]) -> Option<(bool, usize)> {
        let mut values = [0u64; 2];
        for (k, sep) in [b'=', b'?'].into_iter().enumerate() {
            if at(fmt, i).is_ascii_digit() {
                let mut v: u64 = 0;
                while at(fmt, i).is_ascii_digit() {
                    v = v.checked_mul(10)?.checked_add(u64::from(at(fmt, i) - b'0'))?;
                    i += 1;
                }
                values[k] = v;
            } else {
                values[k] = letter_value(groups, at(fmt, i))?;
                i += 1;
            }
            if at(fmt, i) != sep {
                return None;
            }
            i += 1;
        }
        Some((values[0] == values[1], i))
    }

    /// GNU's `print_ifdef_lines`: each line of `g` through the line format of `kind`.
    fn lines(&self, kind: Kind, g: &Group, out: Option<&mut Vec<u8>>) {
        let Some(out) = out else { return };
        let fmt = &self.formats.line[kind as usize];
        let file = if g.file == 0 { self.files.a } else { self.files.b };
        for n in g.from..g.upto {
            let text = file.lines[n];
            let newline = !(file.missing_newline && n + 1 == file.lines.len());
            let mut i = 0;
            while i < fmt.len() {
                let mut c = fmt[i];
                i += 1;
                let after_percent = i;
                if c == b'%' {
                    let d = at(fmt, i);
                    i += 1;
                    match d {
                        b'%' => c = b'%',
                        b'l' => {
                            out.extend_from_slice(text);
                            continue;
                        }
                        b'L' => {
                            out.extend_from_slice(text);
                            if newline {
                                out.push(b'\n');
                            }
                            continue;
                        }
                        _ => {
                            let value = |letter: u8| (letter == b'n').then_some(n as u64 + 1);
                            match printf_spec(fmt, after_percent - 1, &value, Some(out)) {
                                Some(j) => {
                                    i = j;
                                    continue;
                                }
                                None => i = after_percent,
                            }
                        }
                    }
                }
                out.push(c);
            }
        }
    }
}

/// GNU's `groups_letter_value`: the line numbers of a pair of groups (1-based): `f`/`l` the
/// first/last line, `e`/`m` the lines just before/after, `n` the count; lower case for the old
/// file's group, upper case for the new file's.
fn letter_value(groups: &[Group; 2], letter: u8) -> Option<u64> {
    let g = if letter.is_ascii_uppercase() { &groups[1] } else { &groups[0] };
    let (from, upto) = (g.from as u64, g.upto as u64);
    match letter.to_ascii_lowercase() {
        b'e' => Some(from),
        b'f' => Some(from + 1),
        b'l' => Some(upto),
        b'm' => Some(upto + 1),
        b'n' => Some(upto - from),
        _ => None,
    }
}

/// GNU's `do_printf_spec` for the directive at `start` (its `%`):
/// `%[-'0]*[0-9]*(.[0-9]*)?` then `c'C'` / `c'\OOO'` or one of `d o x X` and a letter whose
/// value `value` gives. Writes it to `out` when there is one; returns where it ends, or `None`
/// when it is not such a directive.
fn printf_spec(fmt: &[u8], start: usize, value: &dyn Fn(u8) -> Option<u64>, out: Option<&mut Vec<u8>>) -> Option<usize> {
    let mut j = start + 1;
    let mut next = || {
        let c = at(fmt, j);
        j += 1;
        c
    };
    let mut c = next();
    while matches!(c, b'-' | b'\'' | b'0') {
        c = next();
    }
    while c.is_ascii_digit() {
        c = next();
    }
    if c == b'.' {
        c = next();
        while c.is_ascii_digit() {
            c = next();
        }
    }
    let c1 = next();
    match c {
        b'c' => {
            if c1 != b'\'' {
                return None;
            }
            let (byte, end) = char_literal(fmt, j)?;
            if let Some(o) = out {
                o.push(byte);
            }
            Some(end)
        }
        b'd' | b'o' | b'x' | b'X' => {
            let v = value(c1)?;
            if let Some(o) = out {
                // The spec without its conversion and letter: `%5.3` of `%5.3dn`.
                o.extend_from_slice(int_printf(&fmt[start + 1..j - 2], c, v).as_bytes());
            }
            Some(j)
        }
        _ => None,
    }
}

/// GNU's `scan_char_literal` after `%c'`: one character or `\` and 1 to 3 octal digits, then
/// `'`; the byte and where the literal ends.
fn char_literal(fmt: &[u8], i: usize) -> Option<(u8, usize)> {
    match at(fmt, i) {
        0 | b'\'' => None,
        b'\\' => {
            let mut k = i + 1;
            let mut v: u32 = 0;
            while at(fmt, k) != b'\'' {
                let d = at(fmt, k).wrapping_sub(b'0');
                if d >= 8 {
                    return None;
                }
                v = v * 8 + u32::from(d);
                k += 1;
                if k - i > 4 {
                    return None;
                }
            }
            let digits = k - i - 1;
            if !(1..=3).contains(&digits) {
                return None;
            }
            Some(((v & 0xff) as u8, k + 1))
        }
        c => (at(fmt, i + 1) == b'\'').then_some((c, i + 2)),
    }
}

/// C's `printf` of an unsigned value with the flags, width and precision `spec` (`-`, `0`,
/// `'` (no grouping in the C locale), digits, `.digits`) and the conversion `conv`.
fn int_printf(spec: &[u8], conv: u8, v: u64) -> String {
    let mut left = false;
    let mut zero = false;
    let mut i = 0;
    while i < spec.len() && matches!(spec[i], b'-' | b'\'' | b'0') {
        match spec[i] {
            b'-' => left = true,
            b'0' => zero = true,
            _ => {}
        }
        i += 1;
    }
    let mut width = 0usize;
    while i < spec.len() && spec[i].is_ascii_digit() {
        width = width.saturating_mul(10).saturating_add(usize::from(spec[i] - b'0'));
        i += 1;
    }
    let mut precision = None;
    if i < spec.len() && spec[i] == b'.' {
        i += 1;
        let mut p = 0usize;
        while i < spec.len() && spec[i].is_ascii_digit() {
            p = p.saturating_mul(10).saturating_add(usize::from(spec[i] - b'0'));
            i += 1;
        }
        precision = Some(p);
    }
    // Widths beyond any sensible line are clamped rather than allocated.
    let width = width.min(1 << 16);
    let mut digits = match conv {
        b'o' => format!("{v:o}"),
        b'x' => format!("{v:x}"),
        b'X' => format!("{v:X}"),
        _ => v.to_string(),
    };
    if let Some(p) = precision {
        let p = p.min(1 << 16);
        if p == 0 && v == 0 {
            digits.clear();
        } else if digits.len() < p {
            digits = format!("{}{digits}", "0".repeat(p - digits.len()));
        }
    }
    let pad = width.saturating_sub(digits.len());
    if left {
        format!("{digits}{}", " ".repeat(pad))
    } else if zero && precision.is_none() {
        format!("{}{digits}", "0".repeat(pad))
    } else {
        format!("{}{digits}", " ".repeat(pad))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::lines::split;

    fn run(given: &Given, a: &[u8], b: &[u8], changes: &[Change]) -> String {
        let (la, lb) = (split(a, false), split(b, false));
        let files = Files { a: &la, b: &lb };
        let mut out = Vec::new();
        ifdef(&files, changes, &[], &given.resolve(), &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn printf_specs() {
        assert_eq!(int_printf(b"5.3", b'd', 2), "  002");
        assert_eq!(int_printf(b"-3", b'd', 2), "2  ");
        assert_eq!(int_printf(b"03", b'x', 255), "0ff");
        assert_eq!(int_printf(b".0", b'd', 0), "");
        assert_eq!(char_literal(b"\\101'", 0), Some((b'A', 5)));
        assert_eq!(char_literal(b"\\1234'", 0), None);
        assert_eq!(char_literal(b"''", 0), None);
    }

    #[test]
    fn ifdef_and_groups() {
        // a b c -> a B c d: line 2 changed, line 4 added.
        let changes = [Change { line0: 1, line1: 1, deleted: 1, inserted: 1 }, Change { line0: 3, line1: 3, deleted: 0, inserted: 1 }];
        let mut g = Given::default();
        assert!(g.set_ifdef("X").is_ok());
        assert_eq!(
            run(&g, b"a\nb\nc\n", b"a\nB\nc\nd", &changes),
            "a\n#ifndef X\nb\n#else /* X */\nB\n#endif /* X */\nc\n#ifdef X\nd\n#endif /* X */\n"
        );
        let mut g = Given::default();
        assert!(g.set_group(Kind::Changed, b"[%df,%dl>%dF,%dL %(n=1?one:many)]").is_ok());
        assert!(g.set_group(Kind::Unchanged, b"").is_ok());
        assert_eq!(run(&g, b"a\nb\nc\n", b"a\nB\nc\nd", &changes), "[2,2>2,2 one][4,3>4,4 many]");
        let mut g = Given::default();
        assert!(g.set_all_lines(b"%dn:%L").is_ok());
        assert!(g.set_all_lines(b"%l").is_err());
        assert_eq!(run(&g, b"a\nb\n", b"a\nb\n", &[]), "1:a\n2:b\n");
        assert!(!g.resolve().silent_when_same());
    }

    #[test]
    fn odd_directives_are_literal() {
        let mut g = Given::default();
        assert!(g.set_line(Kind::Old, b"%c%q%").is_ok());
        assert!(g.set_group(Kind::Old, b"%(0=0?A:B%<").is_ok());
        let changes = [Change { line0: 0, line1: 0, deleted: 1, inserted: 0 }];
        assert_eq!(run(&g, b"x\n", b"", &changes), "A");
        let mut g = Given::default();
        assert!(g.set_line(Kind::Old, b"%c%q%").is_ok());
        assert_eq!(run(&g, b"x\n", b"", &changes), "%c%q%");
    }
}
