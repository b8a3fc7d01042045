//! A small backtracking matcher for patterns with back-references (`\(a*\)\1`), which the
//! `regex` crate cannot run. The translator records the pattern as [`Tok`]ens; atoms (characters,
//! bracket expressions, `\w`...) and word assertions are still matched by the `regex` crate,
//! one at a time. Matching is leftmost-first with greedy repetitions, bounded in steps and
//! depth (a pathological search gives up and reports no match); the stack grows on demand.

use regex::bytes::Regex;

use super::{compile, PosixReError};

/// One item of a translated pattern, as the translator saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// A literal character.
    Lit(char),
    /// Any other atom, in `regex` crate syntax (`.`, `[a-z]`, `\w`).
    Atom(String),
    /// An assertion in `regex` crate syntax (`^`, `$`, `\b`, `\b{start}`...).
    Assert(String),
    /// `(` of group N.
    Open(usize),
    /// `)`
    Close,
    /// `|`
    Alt,
    /// A repetition of the previous item.
    Repeat(u32, Option<u32>),
    /// `\N`
    Backref(usize),
}

/// A node of the pattern tree.
#[derive(Debug, Clone)]
enum Node {
    Empty,
    Lit(Vec<u8>),
    Atom(usize),
    Assert(Assertion),
    Group(usize, Box<Node>),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Node>, u32, Option<u32>),
    Backref(usize),
}

/// An assertion, native or through a regex looking at a small window.
#[derive(Debug, Clone)]
enum Assertion {
    Start,
    End,
    LineStart,
    LineEnd,
    Re(usize),
}

/// The most steps one search (over all start positions) may take.
pub const MAX_STEPS: u64 = 4_000_000;
/// The deepest the matcher may recurse.
const MAX_DEPTH: usize = 50_000;

/// A compiled back-reference pattern.
#[derive(Debug, Clone)]
pub struct Program {
    root: Node,
    atoms: Vec<Regex>,
    asserts: Vec<Regex>,
    groups: usize,
    icase: bool,
}

/// Pattern parts to combine into one program: tokens, group count.
pub struct Part<'a> {
    pub tokens: &'a [Tok],
    pub groups: usize,
}

impl Program {
    /// Build a program matching any of `parts` (group numbers of later parts are shifted);
    /// `before`/`after` are assertions around it (grep's `-x`, `-w`). `flags` is the inline
    /// flag group of the translation (`i`, `s`, `m`).
    pub fn new(parts: &[Part<'_>], flags: &str, before: Option<&str>, after: Option<&str>) -> Result<Program, PosixReError> {
        let mut b = Builder { flags, atoms: Vec::new(), asserts: Vec::new(), multiline: flags.contains('m'), icase: flags.contains('i') };
        let mut alts = Vec::with_capacity(parts.len());
        let mut offset = 0;
        for p in parts {
            alts.push(b.tree(p.tokens, offset)?);
            offset += p.groups;
        }
        let body = if alts.len() == 1 { alts.pop().unwrap_or(Node::Empty) } else { Node::Alt(alts) };
        let mut seq = Vec::with_capacity(3);
        if let Some(a) = before {
            seq.push(Node::Assert(b.assertion(a)?));
        }
        seq.push(body);
        if let Some(a) = after {
            seq.push(Node::Assert(b.assertion(a)?));
        }
        Ok(Program { root: Node::Concat(seq), atoms: b.atoms, asserts: b.asserts, groups: offset, icase: b.icase })
    }

    /// The match starting exactly at `start`: the group spans (index 0: the whole match).
    /// `budget` is the number of steps left for the search; it is used up across calls.
    pub fn match_at(&self, hay: &[u8], start: usize, budget: &mut u64) -> Option<Vec<Option<(usize, usize)>>> {
        let mut st = State { hay, caps: vec![None; self.groups + 1], steps: MAX_STEPS.saturating_sub(*budget), depth: 0, end: None };
        let found = m(&mut st, self, &self.root, start, &mut |st, e| {
            st.end = Some(e);
            true
        });
        *budget = MAX_STEPS.saturating_sub(st.steps);
        let end = st.end.filter(|_| found)?;
        st.caps[0] = Some((start, end));
        Some(st.caps)
    }
}

/// Builds the tree and compiles the atoms.
struct Builder<'f> {
    flags: &'f str,
    atoms: Vec<Regex>,
    asserts: Vec<Regex>,
    multiline: bool,
    icase: bool,
}

impl Builder<'_> {
    fn assertion(&mut self, a: &str) -> Result<Assertion, PosixReError> {
        Ok(match a {
            "\\A" => Assertion::Start,
            "\\z" => Assertion::End,
            "^" if self.multiline => Assertion::LineStart,
            "^" => Assertion::Start,
            "$" if self.multiline => Assertion::LineEnd,
            "$" => Assertion::End,
            _ => {
                self.asserts.push(compile(&format!("(?{}:{a})", self.flags))?);
                Assertion::Re(self.asserts.len() - 1)
            }
        })
    }

    fn atom(&mut self, t: &Tok) -> Result<Node, PosixReError> {
        let snippet = match t {
            Tok::Lit(c) if !self.icase && crate::util::bytes::raw_byte(*c).is_none() => {
                let mut buf = [0u8; 4];
                return Ok(Node::Lit(c.encode_utf8(&mut buf).as_bytes().to_vec()));
            }
            Tok::Lit(c) => {
                let mut s = String::new();
                super::push_literal(&mut s, *c, true);
                s
            }
            Tok::Atom(s) => s.clone(),
            _ => return Ok(Node::Empty),
        };
        self.atoms.push(compile(&format!("\\A(?{}:{snippet})", self.flags))?);
        Ok(Node::Atom(self.atoms.len() - 1))
    }

    /// The tree of one token stream (groups shifted by `offset`), built without recursion.
    fn tree(&mut self, toks: &[Tok], offset: usize) -> Result<Node, PosixReError> {
        // Open groups: (group number, finished alternatives, current sequence).
        let mut stack: Vec<(Option<usize>, Vec<Node>, Vec<Node>)> = vec![(None, Vec::new(), Vec::new())];
        for t in toks {
            let Some(top) = stack.last_mut() else { break };
            match t {
                Tok::Lit(_) | Tok::Atom(_) => {
                    let n = self.atom(t)?;
                    top.2.push(n);
                }
                Tok::Assert(a) => {
                    let n = Node::Assert(self.assertion(a)?);
                    top.2.push(n);
                }
                Tok::Backref(n) => top.2.push(Node::Backref(n + offset)),
                Tok::Repeat(min, max) => {
                    let last = top.2.pop().unwrap_or(Node::Empty);
                    top.2.push(Node::Repeat(Box::new(last), *min, *max));
                }
                Tok::Alt => {
                    let seq = std::mem::take(&mut top.2);
                    top.1.push(Node::Concat(seq));
                }
                Tok::Open(n) => stack.push((Some(n + offset), Vec::new(), Vec::new())),
                Tok::Close => {
                    if stack.len() > 1 {
                        if let Some((g, alts, seq)) = stack.pop() {
                            let node = Node::Group(g.unwrap_or(0), Box::new(join(alts, seq)));
                            if let Some(parent) = stack.last_mut() {
                                parent.2.push(node);
                            }
                        }
                    }
                }
            }
        }
        let (_, alts, seq) = stack.swap_remove(0);
        Ok(join(alts, seq))
    }
}

fn join(mut alts: Vec<Node>, seq: Vec<Node>) -> Node {
    if alts.is_empty() {
        return Node::Concat(seq);
    }
    alts.push(Node::Concat(seq));
    Node::Alt(alts)
}

/// The matching state.
struct State<'h> {
    hay: &'h [u8],
    caps: Vec<Option<(usize, usize)>>,
    steps: u64,
    depth: usize,
    end: Option<usize>,
}

/// The continuation: what must match after a node, given where the node ended.
type Cont<'k, 'h> = dyn FnMut(&mut State<'h>, usize) -> bool + 'k;

/// Match `node` at `pos`, then the continuation `k`.
fn m<'h>(st: &mut State<'h>, p: &Program, node: &Node, pos: usize, k: &mut Cont<'_, 'h>) -> bool {
    st.steps += 1;
    if st.steps > MAX_STEPS || st.depth > MAX_DEPTH {
        return false;
    }
    st.depth += 1;
    let r = stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || step(st, p, node, pos, k));
    st.depth -= 1;
    r
}

fn step<'h>(st: &mut State<'h>, p: &Program, node: &Node, pos: usize, k: &mut Cont<'_, 'h>) -> bool {
    let hay = st.hay;
    match node {
        Node::Empty => k(st, pos),
        Node::Lit(b) => hay[pos..].starts_with(b) && k(st, pos + b.len()),
        Node::Atom(i) => match p.atoms[*i].find(&hay[pos..]) {
            Some(mt) => k(st, pos + mt.end()),
            None => false,
        },
        Node::Assert(a) => assert_at(p, a, hay, pos) && k(st, pos),
        Node::Backref(n) => {
            let Some(Some((a, b))) = st.caps.get(*n).copied() else { return false };
            let len = b - a;
            let ok = match hay.get(pos..pos + len) {
                Some(here) if p.icase => lower(here) == lower(&hay[a..b]),
                Some(here) => here == &hay[a..b],
                None => false,
            };
            ok && k(st, pos + len)
        }
        Node::Group(n, inner) => {
            let n = *n;
            let saved = st.caps.get(n).copied().flatten();
            let ok = m(st, p, inner, pos, &mut |st, e| {
                let prev = st.caps[n];
                st.caps[n] = Some((pos, e));
                if k(st, e) {
                    return true;
                }
                st.caps[n] = prev;
                false
            });
            if !ok {
                st.caps[n] = saved;
            }
            ok
        }
        Node::Concat(v) => seq(st, p, v, pos, k),
        Node::Alt(v) => v.iter().any(|alt| m(st, p, alt, pos, k)),
        Node::Repeat(inner, min, max) => rep(st, p, inner, (*min, *max), 0, pos, k),
    }
}

fn seq<'h>(st: &mut State<'h>, p: &Program, v: &[Node], pos: usize, k: &mut Cont<'_, 'h>) -> bool {
    match v.split_first() {
        None => k(st, pos),
        Some((first, rest)) => m(st, p, first, pos, &mut |st, e| seq(st, p, rest, e, k)),
    }
}

/// Greedy repetition: one more iteration first, then what follows.
fn rep<'h>(st: &mut State<'h>, p: &Program, inner: &Node, bounds: (u32, Option<u32>), count: u32, pos: usize, k: &mut Cont<'_, 'h>) -> bool {
    let (min, max) = bounds;
    if !matches!(max, Some(mx) if count >= mx) {
        let more = m(st, p, inner, pos, &mut |st, e| {
            if e == pos && count >= min {
                return false;
            }
            rep(st, p, inner, bounds, count + 1, e, k)
        });
        if more {
            return true;
        }
    }
    count >= min && k(st, pos)
}

fn lower(b: &[u8]) -> String {
    String::from_utf8_lossy(b).to_lowercase()
}

fn assert_at(p: &Program, a: &Assertion, hay: &[u8], pos: usize) -> bool {
    match a {
        Assertion::Start => pos == 0,
        Assertion::End => pos == hay.len(),
        Assertion::LineStart => pos == 0 || hay.get(pos - 1) == Some(&b'\n'),
        Assertion::LineEnd => pos == hay.len() || hay.get(pos) == Some(&b'\n'),
        Assertion::Re(i) => {
            // Word assertions look at one character on each side: a small window suffices.
            let window = &hay[..hay.len().min(pos + 4)];
            p.asserts[*i].find_at(window, pos).is_some_and(|mt| mt.start() == pos)
        }
    }
}
