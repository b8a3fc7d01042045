//! The output formats: normal (`2,3c2`), unified (`-u`) and context (`-c`), each with GNU's
//! ranges, hunk grouping and `\ No newline at end of file` markers.

use super::analyze::Change;
use super::lines::Lines;

/// What the formats need to know about the two files.
pub struct Files<'a> {
    /// File 0's lines.
    pub a: &'a Lines<'a>,
    /// File 1's lines.
    pub b: &'a Lines<'a>,
}

const NO_NEWLINE: &[u8] = b"\\ No newline at end of file\n";

impl Files<'_> {
    fn line(&self, out: &mut Vec<u8>, marker: &[u8], file: usize, i: usize) {
        let f = if file == 0 { self.a } else { self.b };
        let l = f.lines[i];
        out.extend_from_slice(marker);
        out.extend_from_slice(l);
        out.push(b'\n');
        if f.missing_newline && i + 1 == f.lines.len() {
            out.extend_from_slice(NO_NEWLINE);
        }
    }
}

/// The normal format.
pub fn normal(f: &Files<'_>, changes: &[Change], out: &mut Vec<u8>) {
    for c in changes {
        let r0 = context_range(c.line0, c.line0 + c.deleted);
        let r1 = context_range(c.line1, c.line1 + c.inserted);
        let op = match (c.deleted, c.inserted) {
            (0, _) => 'a',
            (_, 0) => 'd',
            _ => 'c',
        };
        out.extend_from_slice(format!("{r0}{op}{r1}\n").as_bytes());
        for i in c.line0..c.line0 + c.deleted {
            f.line(out, b"< ", 0, i);
        }
        if op == 'c' {
            out.extend_from_slice(b"---\n");
        }
        for i in c.line1..c.line1 + c.inserted {
            f.line(out, b"> ", 1, i);
        }
    }
}

/// Group changes into hunks as GNU's `find_hunk`: a change joins the previous one's hunk when
/// fewer than `2 * context + 1` unchanged lines separate them (fewer than `context` when it is
/// ignorable, `-B`/`-I`). Hunks made only of ignorable changes are dropped.
pub fn hunks<'c>(changes: &'c [Change], ignorable: &[bool], context: usize) -> Vec<&'c [Change]> {
    let mut out = Vec::new();
    let mut start = 0;
    for k in 1..=changes.len() {
        let split = k == changes.len() || {
            let prev = &changes[k - 1];
            let thresh = if ignorable.get(k).copied().unwrap_or(false) { context } else { 2 * context + 1 };
            changes[k].line0 - (prev.line0 + prev.deleted) >= thresh
        };
        if split {
            if ignorable.is_empty() || (start..k).any(|i| !ignorable[i]) {
                out.push(&changes[start..k]);
            }
            start = k;
        }
    }
    out
}

/// The lines a hunk covers in each file: `(first0, last0, first1, last1)`, half-open.
fn hunk_bounds(f: &Files<'_>, h: &[Change], context: usize) -> (usize, usize, usize, usize) {
    let (first, last) = (h[0], h[h.len() - 1]);
    let before = first.line0.min(context).min(first.line1);
    let end0 = last.line0 + last.deleted;
    let end1 = last.line1 + last.inserted;
    let after = (f.a.lines.len() - end0).min(f.b.lines.len() - end1).min(context);
    (first.line0 - before, end0 + after, first.line1 - before, end1 + after)
}

/// `start,count` of a unified range (`start` alone when the count is 1).
fn unified_range(from: usize, to: usize) -> String {
    match to - from {
        0 => format!("{from},0"),
        1 => (from + 1).to_string(),
        n => format!("{},{n}", from + 1),
    }
}

/// The unified format's hunks (after the `---`/`+++` header).
pub fn unified(f: &Files<'_>, changes: &[Change], ignorable: &[bool], context: usize, out: &mut Vec<u8>) {
    for h in hunks(changes, ignorable, context) {
        let (f0, l0, f1, l1) = hunk_bounds(f, h, context);
        out.extend_from_slice(format!("@@ -{} +{} @@\n", unified_range(f0, l0), unified_range(f1, l1)).as_bytes());
        let mut i0 = f0;
        for c in h {
            while i0 < c.line0 {
                f.line(out, b" ", 0, i0);
                i0 += 1;
            }
            for i in c.line0..c.line0 + c.deleted {
                f.line(out, b"-", 0, i);
            }
            for i in c.line1..c.line1 + c.inserted {
                f.line(out, b"+", 1, i);
            }
            i0 = c.line0 + c.deleted;
        }
        while i0 < l0 {
            f.line(out, b" ", 0, i0);
            i0 += 1;
        }
    }
}

/// `N` or `N,M` of a normal or context-format range (an empty range is the line before).
fn context_range(from: usize, to: usize) -> String {
    match to - from {
        0 => from.to_string(),
        1 => to.to_string(),
        _ => format!("{},{}", from + 1, to),
    }
}

/// One side of a context-format hunk: file `side`'s lines `first..last`, each change's own
/// lines marked `! ` when the other side changed too, else `only` (`- ` or `+ `).
fn context_side(f: &Files<'_>, h: &[Change], side: usize, (first, last): (usize, usize), only: &[u8], out: &mut Vec<u8>) {
    // (start, count) of a change on this side and on the other.
    let span = |c: &Change| if side == 0 { ((c.line0, c.deleted), c.inserted) } else { ((c.line1, c.inserted), c.deleted) };
    if h.iter().all(|c| span(c).0 .1 == 0) {
        return;
    }
    let mut i = first;
    for c in h {
        let ((start, count), other) = span(c);
        while i < start {
            f.line(out, b"  ", side, i);
            i += 1;
        }
        let mark: &[u8] = if other > 0 { b"! " } else { only };
        for k in start..start + count {
            f.line(out, mark, side, k);
        }
        i = start + count;
    }
    while i < last {
        f.line(out, b"  ", side, i);
        i += 1;
    }
}

/// The context format's hunks (after the `***`/`---` header).
pub fn context(f: &Files<'_>, changes: &[Change], ignorable: &[bool], context: usize, out: &mut Vec<u8>) {
    for h in hunks(changes, ignorable, context) {
        let (f0, l0, f1, l1) = hunk_bounds(f, h, context);
        out.extend_from_slice(b"***************\n");
        out.extend_from_slice(format!("*** {} ****\n", context_range(f0, l0)).as_bytes());
        context_side(f, h, 0, (f0, l0), b"- ", out);
        out.extend_from_slice(format!("--- {} ----\n", context_range(f1, l1)).as_bytes());
        context_side(f, h, 1, (f1, l1), b"+ ", out);
    }
}
