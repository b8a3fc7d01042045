//! GNU diff's comparison: the identical prefix and suffix are set aside, lines that match
//! nothing in the other file are discarded (GNU's `discard_confusing_lines`), the rest is
//! compared with Myers' O(ND) algorithm searching from both ends for the middle snake (with
//! GNU's `too_expensive` cut-off), and runs of changes are shifted to merge and to end as late
//! as possible (`shift_boundaries`). Following the same steps as GNU diff gives the same
//! hunks, not just a minimal edit script.

/// One change: `deleted` lines of file 0 from `line0` replaced by `inserted` lines of file 1
/// from `line1` (0-based; when a count is 0 the line is the one before which it happens).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    /// First affected line of file 0.
    pub line0: usize,
    /// First affected line of file 1.
    pub line1: usize,
    /// Lines deleted from file 0.
    pub deleted: usize,
    /// Lines inserted from file 1.
    pub inserted: usize,
}

/// Compare the middle regions of two files (what is left once GNU's identical prefix and
/// suffix are set aside, see [`ends`]), given as equivalence-class numbers per line (equal
/// numbers: equal lines); `pre` is the length of the prefix. `minimal` (`-d`) finds a
/// minimal script whatever it costs.
pub fn diff(ma: &[u32], mb: &[u32], pre: usize, minimal: bool) -> Vec<Change> {
    let mut changed = [vec![false; ma.len() + 2], vec![false; mb.len() + 2]];
    if !ma.is_empty() || !mb.is_empty() {
        let (ua, ra, ub, rb) = discard(ma, mb, minimal, &mut changed);
        let mut ctx = Ctx::new(&ua, &ub, &ra, &rb);
        ctx.compare(0, ua.len(), 0, ub.len(), minimal, &mut changed);
        shift_boundaries(ma, mb, &mut changed);
    }
    build_script(&changed, ma.len(), mb.len(), pre)
}

/// The identical prefix and suffix GNU diff sets aside, in lines: `same(i, j)` says whether
/// line `i` of file 0 and line `j` of file 1 are byte-identical (newline included);
/// `horizon` lines of each are kept in the middle region (the context of `-u`/`-c`); the
/// suffix is taken only when both files end the same way (`ends_alike`).
pub fn ends(len0: usize, len1: usize, same: impl Fn(usize, usize) -> bool, ends_alike: bool, horizon: usize) -> (usize, usize) {
    let mut p = 0;
    while p < len0 && p < len1 && same(p, p) {
        p += 1;
    }
    let pre = p.saturating_sub(horizon);
    if !ends_alike {
        return (pre, 0);
    }
    let limit = (len0 - pre).min(len1 - pre);
    let mut s = 0;
    while s < limit && same(len0 - 1 - s, len1 - 1 - s) {
        s += 1;
    }
    (pre, s.saturating_sub(horizon))
}

/// `changed[f][i + 1]` says whether line `i` of file `f`'s middle region is changed (with a
/// `false` sentinel at each end).
type Changed = [Vec<bool>; 2];

/// `floor(log2(n))` for `n >= 1`.
fn floor_log2(n: usize) -> u32 {
    usize::BITS - 1 - n.max(1).leading_zeros()
}

/// Discard lines that match nothing in the other file (they are changes), and lines matching
/// very many when they sit inside a run of such lines. Returns the remaining lines of each
/// file and their real indexes.
fn discard(a: &[u32], b: &[u32], minimal: bool, changed: &mut Changed) -> (Vec<u32>, Vec<usize>, Vec<u32>, Vec<usize>) {
    let files = [a, b];
    let max_class = a.iter().chain(b).copied().max().unwrap_or(0) as usize + 1;
    let mut counts = [vec![0usize; max_class], vec![0usize; max_class]];
    for (f, lines) in files.iter().enumerate() {
        for &c in lines.iter() {
            counts[f][c as usize] += 1;
        }
    }
    let mut discards: [Vec<u8>; 2] = [vec![0; a.len()], vec![0; b.len()]];
    for f in 0..2 {
        let lines = files[f];
        let end = lines.len();
        let mut many = 5usize;
        if end >= 64 {
            many <<= (floor_log2(end) >> 1) - 3;
        }
        for (i, &c) in lines.iter().enumerate() {
            let n = counts[1 - f][c as usize];
            if n == 0 {
                discards[f][i] = 1;
            } else if n > many {
                discards[f][i] = 2;
            }
        }
    }
    for d in discards.iter_mut() {
        keep_provisional_in_runs(d);
    }
    let mut out: [(Vec<u32>, Vec<usize>); 2] = [(Vec::new(), Vec::new()), (Vec::new(), Vec::new())];
    for f in 0..2 {
        for (i, &c) in files[f].iter().enumerate() {
            if minimal || discards[f][i] == 0 {
                out[f].0.push(c);
                out[f].1.push(i);
            } else {
                changed[f][i + 1] = true;
            }
        }
    }
    let [(ua, ra), (ub, rb)] = out;
    (ua, ra, ub, rb)
}

/// Keep a provisional discard (2) only inside a run of discards whose ends are definite (1),
/// as GNU does; cancel the others.
fn keep_provisional_in_runs(d: &mut [u8]) {
    let end = d.len();
    let mut i = 0;
    while i < end {
        if d[i] == 2 {
            d[i] = 0;
        } else if d[i] != 0 {
            let mut provisional = 0usize;
            let mut j = i;
            while j < end && d[j] != 0 {
                if d[j] == 2 {
                    provisional += 1;
                }
                j += 1;
            }
            while j > i && d[j - 1] == 2 {
                j -= 1;
                d[j] = 0;
                provisional -= 1;
            }
            let length = j - i;
            if length >> 2 < provisional {
                for x in d[i..j].iter_mut().filter(|x| **x == 2) {
                    *x = 0;
                }
            } else {
                let minimum = if length < 4 { 2 } else { (1usize << ((floor_log2(length) >> 1) - 1)) + 1 };
                // Cancel any subrun of `minimum` or more provisionals.
                let mut consec = 0usize;
                let mut k = 0usize;
                while k < length {
                    if d[i + k] != 2 {
                        consec = 0;
                    } else {
                        consec += 1;
                        if consec == minimum {
                            k -= consec;
                        } else if consec > minimum {
                            d[i + k] = 0;
                        }
                    }
                    k += 1;
                }
                // From the start: cancel provisionals until 3 definite discards in a row, or a
                // definite one at least 8 lines in.
                let mut consec = 0;
                for k in 0..length {
                    if k >= 8 && d[i + k] == 1 {
                        break;
                    }
                    if d[i + k] == 2 {
                        consec = 0;
                        d[i + k] = 0;
                    } else if d[i + k] == 0 {
                        consec = 0;
                    } else {
                        consec += 1;
                    }
                    if consec == 3 {
                        break;
                    }
                }
                // The same from the end.
                let last = i + length - 1;
                let mut consec = 0;
                for k in 0..length {
                    if k >= 8 && d[last - k] == 1 {
                        break;
                    }
                    if d[last - k] == 2 {
                        consec = 0;
                        d[last - k] = 0;
                    } else if d[last - k] == 0 {
                        consec = 0;
                    } else {
                        consec += 1;
                    }
                    if consec == 3 {
                        break;
                    }
                }
                i = last;
            }
        }
        i += 1;
    }
}

/// The search state of the middle-snake algorithm.
struct Ctx<'a> {
    x: &'a [u32],
    y: &'a [u32],
    /// Real indexes of `x` and `y` lines in the middle region.
    rx: &'a [usize],
    ry: &'a [usize],
    /// Forward and backward furthest-reaching x per diagonal, offset by `off`.
    fd: Vec<isize>,
    bd: Vec<isize>,
    off: isize,
    too_expensive: isize,
}

/// Where a partition splits the problem, and whether each half must be minimal.
struct Part {
    xmid: isize,
    ymid: isize,
    lo_minimal: bool,
    hi_minimal: bool,
}

impl<'a> Ctx<'a> {
    fn new(x: &'a [u32], y: &'a [u32], rx: &'a [usize], ry: &'a [usize]) -> Self {
        let diags = x.len() + y.len() + 3;
        let te = 1isize << ((floor_log2(diags) >> 1) + 1);
        Ctx {
            x,
            y,
            rx,
            ry,
            fd: vec![0; diags],
            bd: vec![0; diags],
            off: y.len() as isize + 1,
            too_expensive: te.max(4096),
        }
    }

    fn eq(&self, i: isize, j: isize) -> bool {
        self.x[i as usize] == self.y[j as usize]
    }

    /// Find the midpoint of the shortest edit script of `x[xoff..xlim]` / `y[yoff..ylim]`.
    fn diag(&mut self, xoff: isize, xlim: isize, yoff: isize, ylim: isize, find_minimal: bool) -> Part {
        let o = self.off;
        let dmin = xoff - ylim;
        let dmax = xlim - yoff;
        let fmid = xoff - yoff;
        let bmid = xlim - ylim;
        let (mut fmin, mut fmax, mut bmin, mut bmax) = (fmid, fmid, bmid, bmid);
        let odd = (fmid - bmid) & 1 != 0;
        self.fd[(fmid + o) as usize] = xoff;
        self.bd[(bmid + o) as usize] = xlim;
        let mut c: isize = 1;
        loop {
            // Extend the forward search by one edit on each diagonal.
            if fmin > dmin {
                fmin -= 1;
                self.fd[(fmin - 1 + o) as usize] = -1;
            } else {
                fmin += 1;
            }
            if fmax < dmax {
                fmax += 1;
                self.fd[(fmax + 1 + o) as usize] = -1;
            } else {
                fmax -= 1;
            }
            let mut d = fmax;
            while d >= fmin {
                let tlo = self.fd[(d - 1 + o) as usize];
                let thi = self.fd[(d + 1 + o) as usize];
                let x0 = if tlo < thi { thi } else { tlo + 1 };
                let (mut x, mut y) = (x0, x0 - d);
                while x < xlim && y < ylim && self.eq(x, y) {
                    x += 1;
                    y += 1;
                }
                self.fd[(d + o) as usize] = x;
                if odd && bmin <= d && d <= bmax && self.bd[(d + o) as usize] <= x {
                    return Part { xmid: x, ymid: y, lo_minimal: true, hi_minimal: true };
                }
                d -= 2;
            }
            // And the backward search.
            if bmin > dmin {
                bmin -= 1;
                self.bd[(bmin - 1 + o) as usize] = isize::MAX;
            } else {
                bmin += 1;
            }
            if bmax < dmax {
                bmax += 1;
                self.bd[(bmax + 1 + o) as usize] = isize::MAX;
            } else {
                bmax -= 1;
            }
            let mut d = bmax;
            while d >= bmin {
                let tlo = self.bd[(d - 1 + o) as usize];
                let thi = self.bd[(d + 1 + o) as usize];
                let x0 = if tlo < thi { tlo } else { thi - 1 };
                let (mut x, mut y) = (x0, x0 - d);
                while xoff < x && yoff < y && self.eq(x - 1, y - 1) {
                    x -= 1;
                    y -= 1;
                }
                self.bd[(d + o) as usize] = x;
                if !odd && fmin <= d && d <= fmax && x <= self.fd[(d + o) as usize] {
                    return Part { xmid: x, ymid: y, lo_minimal: true, hi_minimal: true };
                }
                d -= 2;
            }
            if !find_minimal && c >= self.too_expensive {
                return self.give_up(xoff, xlim, yoff, ylim, (fmin, fmax, bmin, bmax));
            }
            c += 1;
        }
    }

    /// The search went too far: report the better of the furthest forward and backward
    /// points as the midpoint.
    fn give_up(&self, xoff: isize, xlim: isize, yoff: isize, ylim: isize, (fmin, fmax, bmin, bmax): (isize, isize, isize, isize)) -> Part {
        let o = self.off;
        let (mut fxybest, mut fxbest) = (-1isize, 0isize);
        let mut d = fmax;
        while d >= fmin {
            let mut x = self.fd[(d + o) as usize].min(xlim);
            let mut y = x - d;
            if ylim < y {
                x = ylim + d;
                y = ylim;
            }
            if fxybest < x + y {
                fxybest = x + y;
                fxbest = x;
            }
            d -= 2;
        }
        let (mut bxybest, mut bxbest) = (isize::MAX, 0isize);
        let mut d = bmax;
        while d >= bmin {
            let mut x = xoff.max(self.bd[(d + o) as usize]);
            let mut y = x - d;
            if y < yoff {
                x = yoff + d;
                y = yoff;
            }
            if x + y < bxybest {
                bxybest = x + y;
                bxbest = x;
            }
            d -= 2;
        }
        if (xlim + ylim) - bxybest < fxybest - (xoff + yoff) {
            Part { xmid: fxbest, ymid: fxybest - fxbest, lo_minimal: true, hi_minimal: false }
        } else {
            Part { xmid: bxbest, ymid: bxybest - bxbest, lo_minimal: false, hi_minimal: true }
        }
    }

    /// Compare `x[xoff..xlim]` with `y[yoff..ylim]`, marking changed lines.
    fn compare(&mut self, xoff: usize, xlim: usize, yoff: usize, ylim: usize, minimal: bool, changed: &mut Changed) {
        let (mut xoff, mut xlim, mut yoff, mut ylim) = (xoff as isize, xlim as isize, yoff as isize, ylim as isize);
        while xoff < xlim && yoff < ylim && self.eq(xoff, yoff) {
            xoff += 1;
            yoff += 1;
        }
        while xoff < xlim && yoff < ylim && self.eq(xlim - 1, ylim - 1) {
            xlim -= 1;
            ylim -= 1;
        }
        if xoff == xlim {
            for j in yoff..ylim {
                changed[1][self.ry[j as usize] + 1] = true;
            }
        } else if yoff == ylim {
            for i in xoff..xlim {
                changed[0][self.rx[i as usize] + 1] = true;
            }
        } else {
            let p = self.diag(xoff, xlim, yoff, ylim, minimal);
            let (xm, ym) = (p.xmid as usize, p.ymid as usize);
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
                self.compare(xoff as usize, xm, yoff as usize, ym, p.lo_minimal, changed);
                self.compare(xm, xlim as usize, ym, ylim as usize, p.hi_minimal, changed);
            });
        }
    }
}

/// Slide runs of changes over identical lines so that they merge with neighbouring runs and,
/// failing that, end as late as possible (or line up with a change in the other file).
fn shift_boundaries(a: &[u32], b: &[u32], changed: &mut Changed) {
    for (f, equivs) in [a, b].into_iter().enumerate() {
        let (this, other) = if f == 0 {
            let (x, y) = changed.split_at_mut(1);
            (&mut x[0], &y[0])
        } else {
            let (x, y) = changed.split_at_mut(1);
            (&mut y[0], &x[0])
        };
        // `ch(i)` is `this[i + 1]`: index -1 and len are sentinels.
        let i_end = equivs.len() as isize;
        let ch = |v: &Vec<bool>, i: isize| v[(i + 1) as usize];
        let mut i: isize = 0;
        let mut j: isize = 0;
        loop {
            while i < i_end && !ch(this, i) {
                while ch(other, j) {
                    j += 1;
                }
                j += 1;
                i += 1;
            }
            if i == i_end {
                break;
            }
            let mut start = i;
            i += 1;
            while ch(this, i) {
                i += 1;
            }
            while ch(other, j) {
                j += 1;
            }
            let mut corresponding;
            loop {
                let runlength = i - start;
                while start > 0 && equivs[(start - 1) as usize] == equivs[(i - 1) as usize] {
                    start -= 1;
                    this[(start + 1) as usize] = true;
                    i -= 1;
                    this[(i + 1) as usize] = false;
                    while ch(this, start - 1) {
                        start -= 1;
                    }
                    j -= 1;
                    while ch(other, j) {
                        j -= 1;
                    }
                }
                corresponding = if ch(other, j - 1) { i } else { i_end };
                while i != i_end && equivs[start as usize] == equivs[i as usize] {
                    this[(start + 1) as usize] = false;
                    start += 1;
                    this[(i + 1) as usize] = true;
                    i += 1;
                    while ch(this, i) {
                        i += 1;
                    }
                    j += 1;
                    while ch(other, j) {
                        j += 1;
                        corresponding = i;
                    }
                }
                if runlength == i - start {
                    break;
                }
            }
            while corresponding < i {
                start -= 1;
                this[(start + 1) as usize] = true;
                i -= 1;
                this[(i + 1) as usize] = false;
                j -= 1;
                while ch(other, j) {
                    j -= 1;
                }
            }
        }
    }
}

/// The changes in file order, with line numbers counting the prefix `pre`.
fn build_script(changed: &Changed, len0: usize, len1: usize, pre: usize) -> Vec<Change> {
    let mut out = Vec::new();
    let (mut i0, mut i1) = (0usize, 0usize);
    let c0 = |i: usize| changed[0][i + 1];
    let c1 = |i: usize| changed[1][i + 1];
    while i0 < len0 || i1 < len1 {
        if c0(i0) || c1(i1) {
            let (l0, l1) = (i0, i1);
            while i0 < len0 && c0(i0) {
                i0 += 1;
            }
            while i1 < len1 && c1(i1) {
                i1 += 1;
            }
            out.push(Change { line0: l0 + pre, line1: l1 + pre, deleted: i0 - l0, inserted: i1 - l1 });
        }
        i0 += 1;
        i1 += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(a: &str, b: &str) -> Vec<(usize, usize, usize, usize)> {
        let a: Vec<u32> = a.bytes().map(u32::from).collect();
        let b: Vec<u32> = b.bytes().map(u32::from).collect();
        let (pre, suf) = ends(a.len(), b.len(), |i, j| a[i] == b[j], true, 0);
        diff(&a[pre..a.len() - suf], &b[pre..b.len() - suf], pre, false).into_iter().map(|c| (c.line0, c.deleted, c.line1, c.inserted)).collect()
    }

    #[test]
    fn simple_scripts() {
        assert_eq!(d("abc", "abc"), []);
        assert_eq!(d("aba", "a"), [(1, 2, 1, 0)]);
        assert_eq!(d("", "ab"), [(0, 0, 0, 2)]);
        assert_eq!(d("abcd", "axcd"), [(1, 1, 1, 1)]);
    }
}
