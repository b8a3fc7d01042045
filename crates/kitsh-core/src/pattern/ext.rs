//! Matching of patterns with extglob groups: sets of reachable text positions, with the end
//! positions of each group from each start memoized (polynomial, never exponential).

use std::collections::HashMap;
use std::rc::Rc;

use super::compile::{ExtKind, Node};
use super::Pattern;

/// Memo size (in 64-bit words) above which the memo is dropped to bound memory.
const MEMO_LIMIT_WORDS: usize = 4 << 20;

/// A set of text positions, all `>= base`.
#[derive(Clone, Debug, Default)]
pub(super) struct PosSet {
    base: usize,
    words: Vec<u64>,
}

impl PosSet {
    /// An empty set for positions `>= base`.
    fn new(base: usize) -> PosSet {
        PosSet {
            base,
            words: Vec::new(),
        }
    }

    /// Add `p` (must be `>= base`).
    fn insert(&mut self, p: usize) {
        let Some(k) = p.checked_sub(self.base) else {
            return;
        };
        let w = k / 64;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (k % 64);
    }

    /// Remove `p`.
    fn remove(&mut self, p: usize) {
        if p >= self.base {
            let k = p - self.base;
            if let Some(w) = self.words.get_mut(k / 64) {
                *w &= !(1 << (k % 64));
            }
        }
    }

    /// Whether `p` is in the set.
    pub(super) fn contains(&self, p: usize) -> bool {
        p >= self.base && {
            let k = p - self.base;
            self.words
                .get(k / 64)
                .is_some_and(|w| w & (1 << (k % 64)) != 0)
        }
    }

    /// Add every member of `other`.
    fn union(&mut self, other: &PosSet) {
        for p in other.iter() {
            self.insert(p);
        }
    }

    /// The members in increasing order.
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(move |(w, &bits)| {
            let base = self.base + w * 64;
            let mut rest = bits;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(base + b)
            })
        })
    }

    /// The smallest member.
    pub(super) fn min(&self) -> Option<usize> {
        self.iter().next()
    }

    /// The largest member.
    pub(super) fn max(&self) -> Option<usize> {
        let (w, bits) = self.words.iter().enumerate().rev().find(|(_, &b)| b != 0)?;
        Some(self.base + w * 64 + 63 - bits.leading_zeros() as usize)
    }

    /// Whether the set is empty.
    pub(super) fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
}

/// The matcher state for one text.
pub(super) struct Ext<'p, 't> {
    pat: &'p Pattern,
    chars: &'t [char],
    memo: HashMap<(usize, usize), Rc<PosSet>>,
    memo_words: usize,
}

impl<'p, 't> Ext<'p, 't> {
    /// A matcher of `pat` over `chars`.
    pub(super) fn new(pat: &'p Pattern, chars: &'t [char]) -> Self {
        Ext {
            pat,
            chars,
            memo: HashMap::new(),
            memo_words: 0,
        }
    }

    /// Whether the whole text matches. Emulates a bash quirk: a top-level `*` followed by a
    /// group never extends to the end of the text, unless it starts there and the group is
    /// `!(..)` or `?(..)` (so `*!(x)` does not match `x`, as in bash).
    pub(super) fn whole(&mut self) -> bool {
        let pat: &'p Pattern = self.pat;
        let n = self.chars.len();
        let mut cur = PosSet::new(0);
        cur.insert(0);
        for (k, node) in pat.nodes.iter().enumerate() {
            let mut next = self.step(node, &cur);
            if let (Node::Star, Some(Node::Group { kind, .. })) = (node, pat.nodes.get(k + 1)) {
                let keep = cur.contains(n) && matches!(kind, ExtKind::Not | ExtKind::Opt);
                next.remove(n);
                if keep {
                    next.insert(n);
                }
            }
            cur = next;
            if cur.is_empty() {
                break;
            }
        }
        cur.contains(n)
    }

    /// End positions of matches of the whole pattern starting at `start`.
    pub(super) fn ends(&mut self, start: usize) -> PosSet {
        let pat: &'p Pattern = self.pat;
        self.seq_ends(&pat.nodes, start)
    }

    /// Whether position `p` starts a pathname component (for the leading-dot rule).
    fn at_start(&self, p: usize) -> bool {
        p == 0 || (self.pat.opts.pathname && self.chars[p - 1] == '/')
    }

    /// End positions of `nodes` matched from `start`.
    fn seq_ends(&mut self, nodes: &'p [Node], start: usize) -> PosSet {
        let mut cur = PosSet::new(start);
        cur.insert(start);
        for node in nodes {
            cur = self.step(node, &cur);
            if cur.is_empty() {
                break;
            }
        }
        cur
    }

    /// Advance every position of `cur` over one node.
    fn step(&mut self, node: &'p Node, cur: &PosSet) -> PosSet {
        let n = self.chars.len();
        let mut next = PosSet::new(cur.base);
        match node {
            Node::Star => {
                let Some(lo) = cur.min() else { return next };
                let mut active = false;
                for p in lo..=n {
                    active |= cur.contains(p);
                    if active {
                        next.insert(p);
                        if p < n && !self.pat.wild_ok(self.chars[p], self.at_start(p)) {
                            active = false;
                        }
                    }
                }
            }
            Node::Group { .. } => {
                for p in cur.iter() {
                    let ends = self.group_ends(node, p);
                    next.union(&ends);
                }
            }
            _ => {
                for p in cur.iter().filter(|&p| p < n) {
                    if self.pat.single(node, self.chars[p], self.at_start(p)) {
                        next.insert(p + 1);
                    }
                }
            }
        }
        next
    }

    /// End positions of a group matched from `p` (memoized).
    fn group_ends(&mut self, node: &'p Node, p: usize) -> Rc<PosSet> {
        let Node::Group { kind, alts, id } = node else {
            return Rc::new(PosSet::new(p));
        };
        if let Some(r) = self.memo.get(&(*id, p)) {
            return Rc::clone(r);
        }
        let set = match kind {
            ExtKind::One => self.alts_ends(alts, p),
            ExtKind::Opt => {
                let mut s = self.alts_ends(alts, p);
                s.insert(p);
                s
            }
            ExtKind::Plus | ExtKind::Star => self.repeat_ends(alts, p, *kind == ExtKind::Star),
            ExtKind::Not => self.not_ends(alts, p),
        };
        if self.memo_words > MEMO_LIMIT_WORDS {
            self.memo.clear();
            self.memo_words = 0;
        }
        self.memo_words += set.words.len() + 4;
        let rc = Rc::new(set);
        self.memo.insert((*id, p), Rc::clone(&rc));
        rc
    }

    /// Union of the alternatives' end positions from `p`.
    fn alts_ends(&mut self, alts: &'p [Vec<Node>], p: usize) -> PosSet {
        let mut out = PosSet::new(p);
        for alt in alts {
            let e = self.seq_ends(alt, p);
            out.union(&e);
        }
        out
    }

    /// End positions of one or more (zero or more if `star`) repetitions from `p`.
    fn repeat_ends(&mut self, alts: &'p [Vec<Node>], p: usize, star: bool) -> PosSet {
        let mut out = PosSet::new(p);
        if star {
            out.insert(p);
        }
        let mut seen = PosSet::new(p);
        seen.insert(p);
        let mut todo = vec![p];
        while let Some(q) = todo.pop() {
            let ends = self.alts_ends(alts, q);
            for e in ends.iter() {
                out.insert(e);
                if !seen.contains(e) {
                    seen.insert(e);
                    todo.push(e);
                }
            }
        }
        out
    }

    /// End positions `e` such that the text from `p` to `e` matches none of the alternatives.
    fn not_ends(&mut self, alts: &'p [Vec<Node>], p: usize) -> PosSet {
        let n = self.chars.len();
        let mut out = PosSet::new(p);
        if self.chars.get(p) == Some(&'.') && self.at_start(p) && self.pat.dot_rule() {
            return out;
        }
        let excluded = self.alts_ends(alts, p);
        for e in p..=n {
            if !excluded.contains(e) {
                out.insert(e);
            }
            if e < n && self.pat.opts.pathname && self.chars[e] == '/' {
                break;
            }
        }
        out
    }
}
