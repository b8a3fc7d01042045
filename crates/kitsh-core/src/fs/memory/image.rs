//! [`MemoryFs`]'s tree as an [`FsImage`] and back (see [`crate::fs::image`]).

use std::borrow::Cow;
use std::sync::{Arc, PoisonError, RwLockWriteGuard};
use std::time::UNIX_EPOCH;

use super::tree::{Dir, Ino, Kind, Node, Tree, ROOT};
use super::MemoryFs;
use crate::fs::dev::DevKind;
use crate::fs::image::{
    corrupt, device_kind, device_name, join_time, shown, split_time, valid_mode, valid_name, valid_target, Charge, FsImage,
    ImageError, NodeImage, NodeKind, Recharge, Staged,
};

/// A node not listed (or reached) yet.
const UNSEEN: u32 = u32::MAX;

impl Tree {
    /// The tree as data: nodes breadth-first from the root, each directory's entries by name, a
    /// node with several names listed once. File bytes are shared, not copied.
    pub fn image(&self) -> FsImage {
        let mut index = vec![UNSEEN; self.slots()];
        if let Some(i) = index.get_mut(ROOT) {
            *i = 0;
        }
        let mut order: Vec<Ino> = vec![ROOT];
        let mut nodes = Vec::new();
        let mut k = 0;
        while let Some(&ino) = order.get(k) {
            k += 1;
            let Ok(node) = self.node(ino) else {
                // Only live nodes are queued; keep the indices aligned all the same.
                nodes.push(NodeImage { kind: NodeKind::Dir(Vec::new()), mode: 0, uid: 0, gid: 0, mtime_secs: 0, mtime_nanos: 0 });
                continue;
            };
            let kind = match &node.kind {
                Kind::Dir(d) => NodeKind::Dir(self.list(d, &mut index, &mut order)),
                other => leaf_image(other),
            };
            let (mtime_secs, mtime_nanos) = split_time(node.mtime);
            nodes.push(NodeImage { kind, mode: node.mode, uid: node.uid, gid: node.gid, mtime_secs, mtime_nanos });
        }
        FsImage { nodes }
    }

    /// The entries of `d` as names and image indices, numbering (and queuing) the nodes not
    /// seen yet.
    fn list(&self, d: &Dir, index: &mut [u32], order: &mut Vec<Ino>) -> Vec<(String, u32)> {
        let mut out = Vec::with_capacity(d.entries.len());
        for (name, &c) in &d.entries {
            let Some(slot) = index.get_mut(c) else { continue };
            if self.node(c).is_err() {
                continue;
            }
            if *slot == UNSEEN {
                *slot = u32::try_from(order.len()).unwrap_or(UNSEEN);
                order.push(c);
            }
            out.push((name.to_string(), *slot));
        }
        out
    }

    /// The tree of a checked image: node `i` of the image is node `i` of the table.
    fn from_image(image: &FsImage, checked: &CheckedTree) -> Tree {
        Tree::from_nodes(image.nodes.iter().enumerate().map(|(i, n)| Some(node_of(n, i, checked))).collect())
    }
}

/// A non-directory node as data.
fn leaf_image(kind: &Kind) -> NodeKind {
    match kind {
        Kind::File(d) => NodeKind::File(Arc::clone(d)),
        Kind::Symlink(t) => NodeKind::Symlink(t.to_string()),
        Kind::Device(DevKind::Fifo) => NodeKind::Fifo,
        Kind::Device(dev) => NodeKind::Device(device_name(*dev).unwrap_or("null").to_string()),
        Kind::Dir(_) => NodeKind::Dir(Vec::new()),
    }
}

/// Node `i` of a checked image.
fn node_of(n: &NodeImage, i: usize, checked: &CheckedTree) -> Node {
    let kind = match &n.kind {
        NodeKind::File(d) => Kind::File(Arc::clone(d)),
        NodeKind::Dir(entries) => Kind::Dir(Dir {
            entries: entries.iter().map(|(name, c)| (Cow::Owned(name.clone()), *c as Ino)).collect(),
            parent: checked.parent(i),
        }),
        NodeKind::Symlink(t) => Kind::Symlink(t.as_str().into()),
        NodeKind::Fifo => Kind::Device(DevKind::Fifo),
        NodeKind::Device(name) => Kind::Device(device_kind(name).unwrap_or(DevKind::Null)),
    };
    let mtime = join_time(n.mtime_secs, n.mtime_nanos).unwrap_or(UNIX_EPOCH);
    Node { kind, mode: n.mode, uid: n.uid, gid: n.gid, mtime, nlink: checked.nlink(i) }
}

/// What [`check_tree`] learnt of a valid [`FsImage`].
#[derive(Debug)]
struct CheckedTree {
    /// Each node's link count (a directory: 2 and one per subdirectory).
    nlink: Vec<u32>,
    /// Each directory's parent (the root's is itself).
    parent: Vec<u32>,
    /// What the tree costs.
    charge: Charge,
}

impl CheckedTree {
    /// The link count of node `i`.
    fn nlink(&self, i: usize) -> u32 {
        self.nlink.get(i).copied().unwrap_or(1)
    }

    /// The parent of directory `i`.
    fn parent(&self, i: usize) -> usize {
        self.parent.get(i).map_or(0, |&p| p as usize)
    }
}

/// Check `image` completely but for the quota (see [`crate::fs::image`]), building nothing.
fn check_tree(image: &FsImage) -> Result<CheckedTree, ImageError> {
    if !matches!(image.nodes.first(), Some(NodeImage { kind: NodeKind::Dir(_), .. })) {
        return Err(corrupt("node 0: not a directory".into()));
    }
    let n = image.nodes.len();
    let mut c = CheckedTree { nlink: vec![0; n], parent: vec![UNSEEN; n], charge: Charge::default() };
    c.parent[0] = 0;
    let mut queue: Vec<u32> = vec![0];
    let mut k = 0;
    while let Some(&d) = queue.get(k) {
        k += 1;
        if let Some(NodeImage { kind: NodeKind::Dir(entries), .. }) = image.nodes.get(d as usize) {
            check_names(d, entries)?;
            visit_dir(image, &mut c, d, entries, &mut queue)?;
        }
    }
    for (i, node) in image.nodes.iter().enumerate() {
        let reached = match node.kind {
            NodeKind::Dir(_) => c.parent.get(i) != Some(&UNSEEN),
            _ => c.nlink.get(i) != Some(&0),
        };
        if !reached {
            return Err(corrupt(format!("node {i}: unreachable")));
        }
        check_node(node).map_err(|why| corrupt(format!("node {i}: {why}")))?;
        c.charge.add(node_bytes(&node.kind), 0);
    }
    Ok(c)
}

/// Count the entries of directory `d`: link counts, parents, names; queue its subdirectories.
fn visit_dir(image: &FsImage, c: &mut CheckedTree, d: u32, entries: &[(String, u32)], queue: &mut Vec<u32>) -> Result<(), ImageError> {
    let mut links = 2u32;
    for &(_, child) in entries {
        let ci = child as usize;
        let node = image.nodes.get(ci).ok_or_else(|| corrupt(format!("node {d}: index {child} out of range")))?;
        c.charge.add(0, 1);
        if !matches!(node.kind, NodeKind::Dir(_)) {
            if let Some(l) = c.nlink.get_mut(ci) {
                *l = l.saturating_add(1);
            }
            continue;
        }
        if c.parent.get(ci) != Some(&UNSEEN) {
            return Err(if is_ancestor(&c.parent, child, d) {
                corrupt(format!("directory cycle at node {child}"))
            } else {
                corrupt(format!("node {child}: directory with several names"))
            });
        }
        if let Some(p) = c.parent.get_mut(ci) {
            *p = d;
        }
        links = links.saturating_add(1);
        queue.push(child);
    }
    if let Some(l) = c.nlink.get_mut(d as usize) {
        *l = links;
    }
    Ok(())
}

/// Whether directory `a` is `d` or one of its ancestors.
fn is_ancestor(parent: &[u32], a: u32, mut d: u32) -> bool {
    for _ in 0..=parent.len() {
        if d == a {
            return true;
        }
        match parent.get(d as usize) {
            Some(&p) if p != d && p != UNSEEN => d = p,
            _ => return false,
        }
    }
    false
}

/// The names of directory `d`: valid and strictly sorted.
fn check_names(d: u32, entries: &[(String, u32)]) -> Result<(), ImageError> {
    let mut prev: Option<&str> = None;
    for (name, _) in entries {
        if !valid_name(name) {
            return Err(corrupt(format!("node {d}: invalid name {}", shown(name))));
        }
        match prev.map(|p| p.cmp(name.as_str())) {
            Some(std::cmp::Ordering::Equal) => return Err(corrupt(format!("node {d}: duplicate name {}", shown(name)))),
            Some(std::cmp::Ordering::Greater) => return Err(corrupt(format!("node {d}: names not sorted at {}", shown(name)))),
            _ => {}
        }
        prev = Some(name);
    }
    Ok(())
}

/// What is wrong with `node` by itself, if anything.
fn check_node(node: &NodeImage) -> Result<(), &'static str> {
    if !valid_mode(node.mode) {
        return Err("invalid mode");
    }
    if join_time(node.mtime_secs, node.mtime_nanos).is_none() {
        return Err("invalid mtime");
    }
    match &node.kind {
        NodeKind::Symlink(t) if !valid_target(t) => Err("invalid symlink target"),
        NodeKind::Device(name) if device_kind(name).is_none() => Err("unknown device"),
        _ => Ok(()),
    }
}

/// Bytes a node costs against the quota.
fn node_bytes(kind: &NodeKind) -> u64 {
    match kind {
        NodeKind::File(d) => d.len() as u64,
        NodeKind::Symlink(t) => t.len() as u64,
        _ => 0,
    }
}

impl MemoryFs {
    /// The tree as data (the standard layout is built first when it was not yet).
    pub(crate) fn tree_image(&self) -> FsImage {
        self.read().image()
    }

    /// Check `image` for this filesystem, then lock the tree it is to replace.
    pub(crate) fn stage<'a>(&'a self, image: &'a FsImage) -> Result<Box<dyn Staged + 'a>, ImageError> {
        let checked = check_tree(image)?;
        let tree = self.write();
        let old = tree.charge();
        Ok(Box::new(TreeLoad { fs: self, image, checked, tree, old }))
    }
}

/// A checked tree image and the locked tree it replaces.
struct TreeLoad<'a> {
    fs: &'a MemoryFs,
    image: &'a FsImage,
    checked: CheckedTree,
    tree: RwLockWriteGuard<'a, Tree>,
    old: Charge,
}

impl Staged for TreeLoad<'_> {
    fn recharge(&self) -> Recharge<'_> {
        Recharge { quota: &self.fs.quota, old: self.old, new: self.checked.charge }
    }

    fn commit(self: Box<Self>) {
        let TreeLoad { fs, image, checked, mut tree, .. } = *self;
        *tree = Tree::from_image(image, &checked);
        // The pipes were the old nodes'.
        fs.fifos.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }
}
