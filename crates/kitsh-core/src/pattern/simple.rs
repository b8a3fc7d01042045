//! Matching of patterns without extglob groups: a linear-ish star-backtracking matcher for
//! whole-string matches and an O(pattern × text) table of match spans for the rest.

use super::compile::Node;
use super::Pattern;

/// Merge two optional `(min, max)` spans.
fn merge(a: Option<(u32, u32)>, b: Option<(u32, u32)>) -> Option<(u32, u32)> {
    match (a, b) {
        (Some((a0, a1)), Some((b0, b1))) => Some((a0.min(b0), a1.max(b1))),
        (x, None) | (None, x) => x,
    }
}

impl Pattern {
    /// Whole-string match by the classic algorithm: on a mismatch, let the last `*` absorb one
    /// more character and retry. No allocation; O(text × pattern) at worst.
    pub(super) fn classic(&self, text: &str) -> bool {
        let nodes = &self.nodes;
        let bytes = text.as_bytes();
        let at_start = |t: usize| t == 0 || (self.opts.pathname && bytes[t - 1] == b'/');
        let (mut i, mut t) = (0usize, 0usize);
        let mut back: Option<(usize, usize)> = None;
        loop {
            if let Some(node) = nodes.get(i) {
                if let Node::Star = node {
                    back = Some((i + 1, t));
                    i += 1;
                    continue;
                }
                if let Some(c) = text[t..].chars().next() {
                    if self.single(node, c, at_start(t)) {
                        i += 1;
                        t += c.len_utf8();
                        continue;
                    }
                }
            } else if t == text.len() {
                return true;
            }
            let Some((bi, bt)) = back else {
                return false;
            };
            let Some(c) = text[bt..].chars().next() else {
                return false;
            };
            if !self.wild_ok(c, at_start(bt)) {
                return false;
            }
            let nt = bt + c.len_utf8();
            back = Some((bi, nt));
            i = bi;
            t = nt;
        }
    }

    /// For every start position `p` in `0..=chars.len()`, the smallest and largest end position
    /// of a match of the whole pattern beginning at `p` (positions are char indices).
    pub(super) fn span_table(&self, chars: &[char]) -> Vec<Option<(u32, u32)>> {
        let nodes = &self.nodes;
        let m = nodes.len();
        let n = chars.len();
        let mut out = vec![None; n + 1];
        let mut next: Vec<Option<(u32, u32)>> = vec![None; m + 1];
        let mut cur: Vec<Option<(u32, u32)>> = vec![None; m + 1];
        for p in (0..=n).rev() {
            let at_start = p == 0 || (self.opts.pathname && chars[p - 1] == '/');
            let pu = u32::try_from(p).unwrap_or(u32::MAX);
            cur[m] = Some((pu, pu));
            for i in (0..m).rev() {
                let c = chars.get(p).copied();
                cur[i] = match &nodes[i] {
                    Node::Star => {
                        let more = match c {
                            Some(c) if self.wild_ok(c, at_start) => next[i],
                            _ => None,
                        };
                        merge(cur[i + 1], more)
                    }
                    node => match c {
                        Some(c) if self.single(node, c, at_start) => next[i + 1],
                        _ => None,
                    },
                };
            }
            out[p] = cur[0];
            std::mem::swap(&mut cur, &mut next);
        }
        out
    }
}
