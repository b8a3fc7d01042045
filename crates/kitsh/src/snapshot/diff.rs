//! What changed between two snapshots (SES-7's `diff`): files by path, and the parts of the
//! shell's state a person reads (variables, functions, aliases, the working directory).

use std::collections::BTreeMap;
use std::fmt;

use super::format::{FsRec, KindRec, NodeRec, ShellRec};

/// How an entry changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    /// Only in the second snapshot.
    Added,
    /// Only in the first.
    Removed,
    /// In both, different.
    Changed,
}

/// One difference between two snapshots. `Display` gives one line: `A file /tmp/new`,
/// `M variable count`, `D function greet`, `M cwd /tmp -> /home/user`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Change {
    /// What it is: `file`, `variable`, `function`, `alias`, `cwd` or `options`.
    pub what: &'static str,
    /// Its path or name (for `cwd`, `OLD -> NEW`).
    pub name: String,
    /// How it changed.
    pub kind: ChangeKind,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = match self.kind {
            ChangeKind::Added => 'A',
            ChangeKind::Removed => 'D',
            ChangeKind::Changed => 'M',
        };
        write!(f, "{k} {} {}", self.what, self.name)
    }
}

/// The changes from (`sa`, `fa`) to (`sb`, `fb`), files first (by path), then the shell's.
pub(super) fn changes(sa: &ShellRec, fa: &FsRec, sb: &ShellRec, fb: &FsRec) -> Vec<Change> {
    let mut out = Vec::new();
    compare("file", &paths(fa), &paths(fb), |a, b| !same_node(a, b), &mut out);
    compare("variable", &by_name(&sa.vars, |v| &v.name), &by_name(&sb.vars, |v| &v.name), |a, b| a != b, &mut out);
    compare("function", &by_name(&sa.funcs, |f| &f.name), &by_name(&sb.funcs, |f| &f.name), |a, b| a != b, &mut out);
    compare("alias", &by_name(&sa.aliases, |a| &a.0), &by_name(&sb.aliases, |a| &a.0), |a, b| a != b, &mut out);
    if sa.cwd != sb.cwd {
        out.push(Change { what: "cwd", name: format!("{} -> {}", sa.cwd, sb.cwd), kind: ChangeKind::Changed });
    }
    if sa.set_on != sb.set_on || sa.shopt_on != sb.shopt_on {
        out.push(Change { what: "options", name: "set/shopt".into(), kind: ChangeKind::Changed });
    }
    out
}

fn by_name<'a, T>(items: &'a [T], name: impl Fn(&'a T) -> &'a String) -> BTreeMap<String, &'a T> {
    items.iter().map(|t| (name(t).clone(), t)).collect()
}

fn compare<T>(what: &'static str, a: &BTreeMap<String, T>, b: &BTreeMap<String, T>, differ: impl Fn(&T, &T) -> bool, out: &mut Vec<Change>) {
    for (name, x) in a {
        match b.get(name) {
            None => out.push(Change { what, name: name.clone(), kind: ChangeKind::Removed }),
            Some(y) if differ(x, y) => out.push(Change { what, name: name.clone(), kind: ChangeKind::Changed }),
            Some(_) => {}
        }
    }
    for name in b.keys().filter(|n| !a.contains_key(*n)) {
        out.push(Change { what, name: name.clone(), kind: ChangeKind::Added });
    }
}

/// Two nodes at one path are the same for a diff: same kind and content, mode and owners; a
/// directory's time (which moves with its entries) does not count, a file's does.
fn same_node(a: &NodeRec, b: &NodeRec) -> bool {
    let meta = a.mode == b.mode && a.uid == b.uid && a.gid == b.gid;
    match (&a.kind, &b.kind) {
        (KindRec::Dir(_), KindRec::Dir(_)) => meta,
        (x, y) => meta && x == y && a.mtime == b.mtime,
    }
}

/// Every path of the in-memory tree with its node (hard links under each of their names).
fn paths(fs: &FsRec) -> BTreeMap<String, &NodeRec> {
    let mut out = BTreeMap::new();
    let mut queue: Vec<(String, u32)> = vec![(String::new(), 0)];
    let mut seen_dirs = vec![false; fs.root.len()];
    while let Some((path, i)) = queue.pop() {
        let Some(node) = fs.root.get(i as usize) else { continue };
        if let KindRec::Dir(entries) = &node.kind {
            // A well-formed tree reaches each directory once; a damaged one cannot loop here.
            if std::mem::replace(&mut seen_dirs[i as usize], true) {
                continue;
            }
            for (name, child) in entries {
                queue.push((format!("{path}/{name}"), *child));
            }
        }
        if !path.is_empty() {
            out.insert(path, node);
        }
    }
    out
}
