//! [`OverlayFs`]'s upper layer as an [`OverlayImage`] and back (see [`crate::fs::image`]).
//!
//! Restored nodes get new inode numbers. Before a layer is loaded, every host path it would
//! read through (a host file's, a renamed or copied-up directory's) is checked to pass through
//! no host symlink, so an image made for another host directory cannot lead outside this one.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, RwLockWriteGuard};
use std::time::UNIX_EPOCH;

use super::layer::{lower_dir_by, FileData, LowerLink, Shared, Step, UMeta, UNode, Upper};
use super::OverlayFs;
use crate::fs::hostio;
use crate::fs::image::{
    corrupt, join_time, load_all, shown, split_time, valid_mode, valid_path, valid_target, Charge,
    ImageError, OverlayDir, OverlayEntry, OverlayImage, OverlayKind, OverlayNode, Recharge, Staged,
};
use crate::fs::walk::parent_of;
use crate::fs::FileType;

impl OverlayFs {
    /// The in-memory layer as data: what was written, created, changed or removed over the host
    /// directory (file bytes shared, not copied; the host's content is not read).
    pub fn overlay_image(&self) -> OverlayImage {
        self.read().image()
    }

    /// Replace the in-memory layer with `image` (checked first: nothing changes when it fails).
    pub fn load_overlay_image(&self, image: &OverlayImage) -> Result<(), ImageError> {
        load_all(vec![self.stage(image)?])
    }

    /// Check `image` for this overlay, then lock the layer it is to replace.
    pub(crate) fn stage<'a>(&'a self, image: &'a OverlayImage) -> Result<Box<dyn Staged + 'a>, ImageError> {
        let checked = check_layer(image)?;
        check_host(&self.root, image)?;
        let up = self.write();
        let old = up.charge();
        Ok(Box::new(LayerLoad { fs: self, image, checked, up, old }))
    }
}

/// A checked layer image and the locked layer it replaces.
struct LayerLoad<'a> {
    fs: &'a OverlayFs,
    image: &'a OverlayImage,
    checked: CheckedLayer,
    up: RwLockWriteGuard<'a, Upper>,
    old: Charge,
}

impl Staged for LayerLoad<'_> {
    fn recharge(&self) -> Recharge<'_> {
        Recharge { quota: &self.fs.quota, old: self.old, new: self.checked.charge }
    }

    fn commit(self: Box<Self>) {
        let LayerLoad { fs, image, checked, mut up, .. } = *self;
        *up = Upper::from_image(image, &checked.names);
        // The pipes were the old nodes'.
        fs.pipes.map().clear();
    }
}

impl Upper {
    /// The layer as data: entries by path, hard-linked nodes numbered by their first name.
    pub fn image(&self) -> OverlayImage {
        let mut linked = Vec::new();
        let mut index: BTreeMap<u64, u32> = BTreeMap::new();
        let mut entries = Vec::with_capacity(self.nodes.len());
        for (path, n) in &self.nodes {
            let entry = match n {
                UNode::Link(id) => match index.get(id) {
                    Some(&k) => OverlayEntry::Link(k),
                    None => match self.shared.get(id).and_then(|s| node_image(&s.node)) {
                        Some(node) => {
                            let k = u32::try_from(linked.len()).unwrap_or(u32::MAX);
                            linked.push(node);
                            index.insert(*id, k);
                            OverlayEntry::Link(k)
                        }
                        // A name of no node shows nothing.
                        None => OverlayEntry::Whiteout,
                    },
                },
                n => node_image(n).map_or(OverlayEntry::Whiteout, OverlayEntry::Node),
            };
            entries.push((path.clone(), entry));
        }
        OverlayImage { entries, linked }
    }

    /// What the layer costs against the quota: a name per entry but whiteouts, the bytes of
    /// each node once.
    pub fn charge(&self) -> Charge {
        let mut c = Charge::default();
        for n in self.nodes.values() {
            c.add(n.bytes(), n.counted());
        }
        for s in self.shared.values() {
            c.add(s.node.bytes(), 0);
        }
        c
    }

    /// The layer of a checked image (`names`: each linked node's name count), with new inode
    /// numbers.
    pub fn from_image(image: &OverlayImage, names: &[u64]) -> Upper {
        let mut up = Upper::new();
        let mut ids = Vec::with_capacity(image.linked.len());
        for (k, n) in image.linked.iter().enumerate() {
            let id = up.alloc_ino();
            ids.push(id);
            up.shared.insert(id, Shared { node: unode(n, id), names: names.get(k).copied().unwrap_or(1) });
        }
        for (path, entry) in &image.entries {
            let node = match entry {
                OverlayEntry::Node(n) => {
                    let ino = up.alloc_ino();
                    unode(n, ino)
                }
                OverlayEntry::Link(k) => ids.get(*k as usize).map_or(UNode::Whiteout, |&id| UNode::Link(id)),
                OverlayEntry::Whiteout => UNode::Whiteout,
            };
            up.nodes.insert(path.clone(), node);
        }
        up
    }
}

/// An upper node (not a link or whiteout) as data.
fn node_image(n: &UNode) -> Option<OverlayNode> {
    let (kind, meta) = match n {
        UNode::File { data: FileData::Mem(d), meta } => (OverlayKind::File(Arc::clone(d)), meta),
        UNode::File { data: FileData::Lower(rel), meta } => (OverlayKind::HostFile(rel.clone()), meta),
        UNode::Dir { lower, meta } => {
            let dir = match lower {
                LowerLink::Inherit => OverlayDir::Inherit,
                LowerLink::Opaque => OverlayDir::Opaque,
                LowerLink::Redirect(r) => OverlayDir::Redirect(r.clone()),
            };
            (OverlayKind::Dir(dir), meta)
        }
        UNode::Symlink { target, meta } => (OverlayKind::Symlink(target.to_string()), meta),
        UNode::Fifo { meta } => (OverlayKind::Fifo, meta),
        UNode::Link(_) | UNode::Whiteout => return None,
    };
    let (mtime_secs, mtime_nanos) = split_time(meta.mtime);
    Some(OverlayNode { kind, mode: meta.mode, mtime_secs, mtime_nanos })
}

/// The upper node of a checked image node, numbered `ino`.
fn unode(n: &OverlayNode, ino: u64) -> UNode {
    let meta = UMeta { mode: n.mode, mtime: join_time(n.mtime_secs, n.mtime_nanos).unwrap_or(UNIX_EPOCH), ino };
    match &n.kind {
        OverlayKind::File(d) => UNode::File { data: FileData::Mem(Arc::clone(d)), meta },
        OverlayKind::HostFile(rel) => UNode::File { data: FileData::Lower(rel.clone()), meta },
        OverlayKind::Dir(dir) => {
            let lower = match dir {
                OverlayDir::Inherit => LowerLink::Inherit,
                OverlayDir::Opaque => LowerLink::Opaque,
                OverlayDir::Redirect(r) => LowerLink::Redirect(r.clone()),
            };
            UNode::Dir { lower, meta }
        }
        OverlayKind::Symlink(t) => UNode::Symlink { target: t.as_str().into(), meta },
        OverlayKind::Fifo => UNode::Fifo { meta },
    }
}

/// What checking an [`OverlayImage`] found.
struct CheckedLayer {
    /// How many entries name each linked node.
    names: Vec<u64>,
    /// What the layer costs.
    charge: Charge,
}

/// Check `image` by itself: paths, order, links, nodes.
fn check_layer(image: &OverlayImage) -> Result<CheckedLayer, ImageError> {
    let mut c = CheckedLayer { names: vec![0; image.linked.len()], charge: Charge::default() };
    for (i, (path, entry)) in image.entries.iter().enumerate() {
        check_place(image, i, path, entry)?;
        match entry {
            OverlayEntry::Node(n) => {
                check_node(n).map_err(|why| corrupt(format!("entry {i}: {why}")))?;
                c.charge.add(node_bytes(n), 1);
            }
            OverlayEntry::Link(k) => {
                let names = c.names.get_mut(*k as usize).ok_or_else(|| corrupt(format!("entry {i}: link {k} out of range")))?;
                *names += 1;
                c.charge.add(0, 1);
            }
            OverlayEntry::Whiteout => {}
        }
    }
    for (k, n) in image.linked.iter().enumerate() {
        if c.names.get(k) == Some(&0) {
            return Err(corrupt(format!("linked node {k}: no name")));
        }
        if matches!(n.kind, OverlayKind::Dir(_)) {
            return Err(corrupt(format!("linked node {k}: a directory")));
        }
        check_node(n).map_err(|why| corrupt(format!("linked node {k}: {why}")))?;
        c.charge.add(node_bytes(n), 0);
    }
    Ok(c)
}

/// Entry `i`'s path: canonical, after the previous one, under a directory (when its parent is
/// in the layer); the root, if there, a directory.
fn check_place(image: &OverlayImage, i: usize, path: &str, entry: &OverlayEntry) -> Result<(), ImageError> {
    if !valid_path(path) {
        return Err(corrupt(format!("entry {i}: invalid path {}", shown(path))));
    }
    if let Some((prev, _)) = i.checked_sub(1).and_then(|j| image.entries.get(j)) {
        if prev.as_str() >= path {
            let why = if prev == path { "duplicate path" } else { "paths not sorted at" };
            return Err(corrupt(format!("entry {i}: {why} {}", shown(path))));
        }
    }
    if path == "/" {
        return match entry {
            OverlayEntry::Node(OverlayNode { kind: OverlayKind::Dir(_), .. }) => Ok(()),
            _ => Err(corrupt(format!("entry {i}: the root is not a directory"))),
        };
    }
    match find(image, parent_of(path)) {
        None | Some(OverlayEntry::Node(OverlayNode { kind: OverlayKind::Dir(_), .. })) => Ok(()),
        Some(_) => Err(corrupt(format!("entry {i}: under a non-directory"))),
    }
}

/// What is wrong with node `n` by itself, if anything.
fn check_node(n: &OverlayNode) -> Result<(), &'static str> {
    if !valid_mode(n.mode) {
        return Err("invalid mode");
    }
    if join_time(n.mtime_secs, n.mtime_nanos).is_none() {
        return Err("invalid mtime");
    }
    match &n.kind {
        OverlayKind::HostFile(p) | OverlayKind::Dir(OverlayDir::Redirect(p)) if !valid_path(p) => Err("invalid host path"),
        OverlayKind::Symlink(t) if !valid_target(t) => Err("invalid symlink target"),
        _ => Ok(()),
    }
}

fn node_bytes(n: &OverlayNode) -> u64 {
    match &n.kind {
        OverlayKind::File(d) => d.len() as u64,
        OverlayKind::Symlink(t) => t.len() as u64,
        _ => 0,
    }
}

/// The entry at `path`.
fn find<'i>(image: &'i OverlayImage, path: &str) -> Option<&'i OverlayEntry> {
    let i = image.entries.binary_search_by(|(p, _)| p.as_str().cmp(path)).ok()?;
    image.entries.get(i).map(|(_, e)| e)
}

/// Every host path the layer would read through passes through no host symlink.
fn check_host(root: &Path, image: &OverlayImage) -> Result<(), ImageError> {
    for (i, (path, entry)) in image.entries.iter().enumerate() {
        let node = match entry {
            OverlayEntry::Node(n) => n,
            OverlayEntry::Link(k) => match image.linked.get(*k as usize) {
                Some(n) => n,
                None => continue,
            },
            OverlayEntry::Whiteout => continue,
        };
        let host: Option<Cow<'_, str>> = match &node.kind {
            OverlayKind::HostFile(rel) => Some(Cow::Borrowed(parent_of(rel))),
            OverlayKind::Dir(OverlayDir::Redirect(r)) => Some(Cow::Borrowed(r)),
            OverlayKind::Dir(OverlayDir::Inherit) => lower_dir_by(path, |k| step(image, k)),
            _ => None,
        };
        if let Some(h) = host.filter(|h| through_symlink(root, h)) {
            return Err(corrupt(format!("entry {i}: host path {} passes through a symlink", shown(&h))));
        }
    }
    Ok(())
}

/// What the image's entry at `path` does to the host directories below it.
fn step<'i>(image: &'i OverlayImage, path: &str) -> Step<'i> {
    match find(image, path) {
        None | Some(OverlayEntry::Node(OverlayNode { kind: OverlayKind::Dir(OverlayDir::Inherit), .. })) => Step::Through,
        Some(OverlayEntry::Node(OverlayNode { kind: OverlayKind::Dir(OverlayDir::Redirect(r)), .. })) => Step::Redirect(r),
        Some(_) => Step::Hide,
    }
}

/// Whether host directory path `rel` (canonical) or one of its prefixes is a host symlink.
fn through_symlink(root: &Path, rel: &str) -> bool {
    let mut end = 0;
    while end < rel.len() {
        end = rel.get(end + 1..).and_then(|r| r.find('/')).map_or(rel.len(), |i| end + 1 + i);
        match hostio::lstat(root, rel.get(..end).unwrap_or(rel)) {
            Ok(m) if m.file_type == FileType::Symlink => return true,
            Ok(m) if m.file_type == FileType::Dir => {}
            // Missing or not a directory: nothing below it can be reached.
            _ => return false,
        }
    }
    false
}
