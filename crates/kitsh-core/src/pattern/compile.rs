//! Parsing pattern text into [`Node`]s: wildcards, bracket expressions, extglob groups.

use std::cell::Cell;

use super::bracket::{parse_bracket, Bracket};

/// Maximum nesting of extglob groups; deeper `(` are taken literally.
const MAX_GROUP_DEPTH: usize = 64;
/// Bound on the characters scanned looking for the end of brackets and groups (unterminated
/// ones are rescanned from each `[` or `(`); past it, `[` and groups are literal.
pub(super) const SCAN_BUDGET: usize = 1 << 22;

/// The kind of an extglob group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ExtKind {
    /// `?(...)`: zero or one.
    Opt,
    /// `*(...)`: zero or more.
    Star,
    /// `+(...)`: one or more.
    Plus,
    /// `@(...)`: exactly one.
    One,
    /// `!(...)`: anything except.
    Not,
}

/// One element of a compiled pattern.
#[derive(Clone, Debug)]
pub(super) enum Node {
    /// A literal character (lowercased when matching without case).
    Lit(char),
    /// `?`
    Any,
    /// `*`
    Star,
    /// `[...]`
    Set(Box<Bracket>),
    /// An extglob group with its alternatives and a unique id (for memoization).
    Group {
        kind: ExtKind,
        alts: Vec<Vec<Node>>,
        id: usize,
    },
}

/// Lowercase a character for case-insensitive matching (single-char mappings only).
pub(super) fn fold(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let mut it = c.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// Pattern compiler state.
pub(super) struct Compiler {
    pub(super) nocase: bool,
    pub(super) extglob: bool,
    /// Number of groups created so far.
    pub(super) groups: usize,
    /// Characters that may still be scanned for closing `]` and `)`.
    pub(super) budget: Cell<usize>,
}

impl Compiler {
    /// Compile `p[..end]` into a node list.
    pub(super) fn compile(&mut self, p: &[char], depth: usize) -> Vec<Node> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < p.len() {
            let c = p[i];
            if self.extglob
                && depth < MAX_GROUP_DEPTH
                && matches!(c, '?' | '*' | '+' | '@' | '!')
                && p.get(i + 1) == Some(&'(')
            {
                if let Some(close) = self.group_end(p, i + 2) {
                    let alts = self
                        .split_alts(&p[i + 2..close])
                        .into_iter()
                        .map(|alt| self.compile(alt, depth + 1))
                        .collect();
                    let kind = match c {
                        '?' => ExtKind::Opt,
                        '*' => ExtKind::Star,
                        '+' => ExtKind::Plus,
                        '@' => ExtKind::One,
                        _ => ExtKind::Not,
                    };
                    out.push(Node::Group {
                        kind,
                        alts,
                        id: self.groups,
                    });
                    self.groups += 1;
                    i = close + 1;
                    continue;
                }
            }
            match c {
                '\\' => {
                    let lit = p.get(i + 1).copied().unwrap_or('\\');
                    out.push(self.lit(lit));
                    i += 2;
                }
                '*' => {
                    if !matches!(out.last(), Some(Node::Star)) {
                        out.push(Node::Star);
                    }
                    i += 1;
                }
                '?' => {
                    out.push(Node::Any);
                    i += 1;
                }
                '[' => match self.bracket(p, i + 1, self.nocase) {
                    Some((set, next)) => {
                        out.push(Node::Set(Box::new(set)));
                        i = next;
                    }
                    None => {
                        out.push(Node::Lit('['));
                        i += 1;
                    }
                },
                _ => {
                    out.push(self.lit(c));
                    i += 1;
                }
            }
        }
        out
    }

    /// A literal node, folded when matching without case.
    fn lit(&self, c: char) -> Node {
        Node::Lit(if self.nocase { fold(c) } else { c })
    }
}

impl Compiler {
    /// Take `cost` from the scan budget; `None` when it is exhausted.
    fn charge(&self, cost: usize) -> Option<()> {
        let left = self.budget.get();
        if left == 0 {
            return None;
        }
        self.budget.set(left.saturating_sub(cost.max(1)));
        Some(())
    }

    /// [`parse_bracket`], charged to the scan budget.
    fn bracket(&self, p: &[char], start: usize, nocase: bool) -> Option<(Bracket, usize)> {
        self.charge(0)?;
        let r = parse_bracket(p, start, nocase);
        let cost = r
            .as_ref()
            .map_or(p.len().saturating_sub(start), |(_, next)| next - start);
        self.charge(cost)?;
        r
    }

    /// Index of the `)` closing a group whose alternatives start at `start`, skipping escapes,
    /// bracket expressions and nested parentheses; `None` if unterminated.
    fn group_end(&self, p: &[char], start: usize) -> Option<usize> {
        self.charge(p.len().saturating_sub(start))?;
        let mut depth = 0usize;
        let mut i = start;
        while i < p.len() {
            match p[i] {
                '\\' => i += 1,
                '[' => {
                    if let Some((_, next)) = self.bracket(p, i + 1, false) {
                        i = next;
                        continue;
                    }
                }
                '(' => depth += 1,
                ')' => {
                    if depth == 0 {
                        return Some(i);
                    }
                    depth -= 1;
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// Split a group's body at its top-level `|`s.
    fn split_alts<'a>(&self, body: &'a [char]) -> Vec<&'a [char]> {
        let mut alts = Vec::new();
        let mut depth = 0usize;
        let mut start = 0;
        let mut i = 0;
        while i < body.len() {
            match body[i] {
                '\\' => i += 1,
                '[' => {
                    if let Some((_, next)) = self.bracket(body, i + 1, false) {
                        i = next;
                        continue;
                    }
                }
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                '|' if depth == 0 => {
                    alts.push(&body[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        alts.push(&body[start.min(body.len())..]);
        alts
    }
}
