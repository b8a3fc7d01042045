//! The columnar modes (`column`, `box`, `markdown`, `table`): widths from the whole result,
//! values wrapped and split into display lines as the sqlite3 shell 3.40 does.

use super::output::{Mode, Settings};

/// Display width: characters (UTF-8 lead bytes).
fn width(z: &[u8]) -> usize {
    z.iter().filter(|&&c| c & 0xc0 != 0x80).count()
}

/// `translateForDisplayAndDup`: a value split into display lines: at newlines, and at `mx`
/// characters (0: no limit), backing up to a word boundary with `ww`; tabs expanded.
fn display_lines(z: &[u8], mx: usize, ww: bool) -> Vec<Vec<u8>> {
    let mx = if mx == 0 { 1_000_000 } else { mx };
    let alnum = |c: Option<&u8>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    let mut lines = Vec::new();
    let mut z = z;
    loop {
        let (mut i, mut n) = (0usize, 0usize);
        while n < mx && i < z.len() {
            let c = z[i];
            if c >= b' ' {
                n += 1;
                i += 1;
                while i < z.len() && z[i] & 0xc0 == 0x80 {
                    i += 1;
                }
            } else if c == b'\t' {
                loop {
                    n += 1;
                    if n.is_multiple_of(8) || n >= mx {
                        break;
                    }
                }
                i += 1;
            } else {
                break;
            }
        }
        let mut k = i;
        if n >= mx && ww {
            let mut kk = i;
            while kk > i / 2 && !z[kk - 1].is_ascii_whitespace() {
                kk -= 1;
            }
            if kk <= i / 2 {
                kk = i;
                while kk > i / 2 && !(alnum(z.get(kk - 1)) != alnum(z.get(kk)) && z.get(kk).is_some_and(|c| c & 0xc0 != 0x80)) {
                    kk -= 1;
                }
            }
            if kk > i / 2 {
                k = kk;
                i = kk;
                while i < z.len() && z[i] == b' ' {
                    i += 1;
                }
            }
        }
        let tail = if i >= z.len() {
            None
        } else if z[i] == b'\r' && z.get(i + 1) == Some(&b'\n') {
            Some(i + 2).filter(|&t| t < z.len())
        } else if z[i] == b'\n' {
            Some(i + 1).filter(|&t| t < z.len())
        } else if z[i] < b' ' && z[i] != b'\t' && n < mx {
            Some(i + 1).filter(|&t| t < z.len())
        } else {
            Some(i)
        };
        let mut out = Vec::new();
        let mut col = 0usize;
        for &c in &z[..k] {
            if c == b'\t' {
                loop {
                    out.push(b' ');
                    col += 1;
                    if col.is_multiple_of(8) || col >= mx {
                        break;
                    }
                }
            } else {
                if c & 0xc0 != 0x80 {
                    col += 1;
                }
                out.push(c);
            }
        }
        lines.push(out);
        match tail {
            Some(t) => z = &z[t..],
            None => break,
        }
    }
    lines
}

fn pad(out: &mut Vec<u8>, z: &[u8], w: usize, right: bool) {
    let n = width(z);
    let fill = w.saturating_sub(n);
    if right {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(z);
    } else {
        out.extend_from_slice(z);
        out.resize(out.len() + fill, b' ');
    }
}

fn centred(out: &mut Vec<u8>, z: &[u8], w: usize) {
    let n = width(z);
    let fill = w.saturating_sub(n);
    out.resize(out.len() + fill / 2, b' ');
    out.extend_from_slice(z);
    out.resize(out.len() + fill.div_ceil(2), b' ');
}

fn rule(out: &mut Vec<u8>, widths: &[usize], left: &str, mid: &str, right: &str, fill: &str) {
    out.extend_from_slice(left.as_bytes());
    for (i, w) in widths.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(mid.as_bytes());
        }
        out.extend_from_slice(fill.repeat(w + 2).as_bytes());
    }
    out.extend_from_slice(right.as_bytes());
    out.push(b'\n');
}

/// Print the kept rows of a statement in `column`, `box`, `markdown` or `table` mode.
pub fn render(s: &Settings, cols: &[String], rows: &[Vec<Option<Vec<u8>>>], out: &mut Vec<u8>) {
    let n = cols.len();
    let null = s.null.as_bytes();
    // A `.width` wraps its column; other columns wrap at `--wrap`.
    let wrap = |i: usize| match s.widths.get(i).copied().unwrap_or(0) {
        0 => s.wrap,
        w => w.unsigned_abs() as usize,
    };
    let cells: Vec<Vec<Vec<Vec<u8>>>> = rows
        .iter()
        .map(|r| r.iter().enumerate().map(|(i, v)| display_lines(v.as_deref().unwrap_or(null), wrap(i), s.wordwrap)).collect())
        .collect();
    let heads: Vec<Vec<Vec<u8>>> =
        cols.iter().enumerate().map(|(i, c)| display_lines(c.as_bytes(), wrap(i), s.wordwrap)).collect();
    let mut widths = vec![0usize; n];
    for i in 0..n {
        let set = s.widths.get(i).copied().unwrap_or(0);
        widths[i] = set.unsigned_abs() as usize;
        for l in &heads[i] {
            widths[i] = widths[i].max(width(l));
        }
        for r in &cells {
            for l in &r[i] {
                widths[i] = widths[i].max(width(l));
            }
        }
    }
    let right = |i: usize| s.widths.get(i).is_some_and(|&w| w < 0);
    let (col_sep, row_end, row_start): (&str, &str, &str) = match s.mode {
        Mode::Column => ("  ", "\n", ""),
        Mode::Box => (" \u{2502} ", " \u{2502}\n", "\u{2502} "),
        _ => (" | ", " |\n", "| "),
    };
    let h = "\u{2500}";
    match s.mode {
        Mode::Column if s.headers => {
            for (i, head) in heads.iter().enumerate() {
                let head = head.first().map(Vec::as_slice).unwrap_or(b"");
                pad(out, head, widths[i], right(i));
                out.extend_from_slice(if i == n - 1 { b"\n" } else { b"  " });
            }
            for (i, w) in widths.iter().enumerate() {
                out.extend_from_slice("-".repeat(*w).as_bytes());
                out.extend_from_slice(if i == n - 1 { b"\n" } else { b"  " });
            }
        }
        Mode::Table | Mode::Markdown | Mode::Box => {
            match s.mode {
                Mode::Table => rule(out, &widths, "+", "+", "+", "-"),
                Mode::Box => rule(out, &widths, "\u{250c}", "\u{252c}", "\u{2510}", h),
                _ => {}
            }
            out.extend_from_slice(row_start.as_bytes());
            for i in 0..n {
                let head = heads[i].first().map(Vec::as_slice).unwrap_or(b"");
                centred(out, head, widths[i]);
                out.extend_from_slice(if i == n - 1 { row_end.as_bytes() } else { col_sep.as_bytes() });
            }
            match s.mode {
                Mode::Table => rule(out, &widths, "+", "+", "+", "-"),
                Mode::Box => rule(out, &widths, "\u{251c}", "\u{253c}", "\u{2524}", h),
                _ => rule(out, &widths, "|", "|", "|", "-"),
            }
        }
        _ => {}
    }
    let nrows = cells.len();
    for (ri, r) in cells.iter().enumerate() {
        let lines = r.iter().map(Vec::len).max().unwrap_or(1);
        for li in 0..lines {
            out.extend_from_slice(row_start.as_bytes());
            for i in 0..n {
                let z = r[i].get(li).map(Vec::as_slice).unwrap_or(b"");
                pad(out, z, widths[i], right(i));
                out.extend_from_slice(if i == n - 1 { row_end.as_bytes() } else { col_sep.as_bytes() });
            }
        }
        if lines > 1 && ri + 1 < nrows {
            match s.mode {
                Mode::Table => rule(out, &widths, "+", "+", "+", "-"),
                Mode::Box => rule(out, &widths, "\u{251c}", "\u{253c}", "\u{2524}", h),
                Mode::Column => out.push(b'\n'),
                _ => {}
            }
        }
    }
    match s.mode {
        Mode::Table => rule(out, &widths, "+", "+", "+", "-"),
        Mode::Box => rule(out, &widths, "\u{2514}", "\u{2534}", "\u{2518}", h),
        _ => {}
    }
}
