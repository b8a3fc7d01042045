//! The in-memory upper layer of [`OverlayFs`](super::OverlayFs) and the merged view of it over
//! the read-only host directory.
//!
//! The upper layer maps canonical paths to nodes. A [`UNode::Whiteout`] hides a host entry; a
//! directory's [`LowerLink`] says where its host content comes from (the same path, nowhere after
//! `mkdir`, or another host directory after a rename), so renaming a host directory copies
//! nothing. A hard-linked node is kept once in [`Upper::shared`]; each of its names holds a
//! [`UNode::Link`] to it, so every name sees the same content, metadata and inode number.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Bound;
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use crate::fs::hostio;
use crate::fs::walk::{parent_of, NodeSource};
use crate::fs::{DirEntry, FileType, FsError, FsResult, Metadata, USER_GID, USER_UID};

/// Metadata kept for an upper node.
#[derive(Debug, Clone, Copy)]
pub struct UMeta {
    pub mode: u32,
    pub mtime: SystemTime,
    pub ino: u64,
}

/// Where a file's bytes are.
#[derive(Debug, Clone)]
pub enum FileData {
    /// Unchanged content of this host file (canonical path under the root): metadata-only
    /// copy-up, or a renamed host file.
    Lower(String),
    /// Content in memory.
    Mem(Arc<Vec<u8>>),
}

/// Where an upper directory's host entries come from.
#[derive(Debug, Clone)]
pub enum LowerLink {
    /// The host directory under the same name (copy-up of a host directory).
    Inherit,
    /// None (created by `mkdir`).
    Opaque,
    /// This host directory (a renamed one).
    Redirect(String),
}

/// A node of the upper layer.
#[derive(Debug, Clone)]
pub enum UNode {
    File { data: FileData, meta: UMeta },
    Dir { lower: LowerLink, meta: UMeta },
    Symlink { target: Box<str>, meta: UMeta },
    /// A named pipe (`mkfifo`); its pipe is kept by the filesystem, by inode number.
    Fifo { meta: UMeta },
    /// One name of the hard-linked node [`Upper::shared`] keeps under this key.
    Link(u64),
    /// Hides the host entry of the same path.
    Whiteout,
}

impl UNode {
    /// Bytes charged to the quota.
    pub fn bytes(&self) -> u64 {
        match self {
            UNode::File { data: FileData::Mem(d), .. } => d.len() as u64,
            UNode::Symlink { target, .. } => target.len() as u64,
            _ => 0,
        }
    }

    /// Names charged to the quota (whiteouts are free; a link's node is charged its bytes once,
    /// each name one name).
    pub fn counted(&self) -> u64 {
        u64::from(!matches!(self, UNode::Whiteout))
    }

    /// The kept metadata (none for whiteouts).
    pub fn meta_mut(&mut self) -> Option<&mut UMeta> {
        match self {
            UNode::File { meta, .. } | UNode::Dir { meta, .. } | UNode::Symlink { meta, .. } | UNode::Fifo { meta } => {
                Some(meta)
            }
            UNode::Link(_) | UNode::Whiteout => None,
        }
    }
}

/// A node with several names (hard links).
#[derive(Debug)]
pub struct Shared {
    /// The node (never a directory, link or whiteout).
    pub node: UNode,
    /// How many [`UNode::Link`]s name it.
    pub names: u64,
}

/// The upper layer.
#[derive(Debug)]
pub struct Upper {
    pub nodes: BTreeMap<String, UNode>,
    /// Hard-linked nodes, by their inode number.
    pub shared: BTreeMap<u64, Shared>,
    next_ino: u64,
}

impl Upper {
    /// An empty layer.
    pub fn new() -> Self {
        Upper { nodes: BTreeMap::new(), shared: BTreeMap::new(), next_ino: 1 << 40 }
    }

    /// The node a name's entry stands for: a link's shared node, or the entry itself.
    pub fn resolve<'u>(&'u self, n: &'u UNode) -> &'u UNode {
        match n {
            UNode::Link(id) => self.shared.get(id).map_or(n, |s| &s.node),
            _ => n,
        }
    }

    /// The node at `key` (through a link).
    pub fn get(&self, key: &str) -> Option<&UNode> {
        self.nodes.get(key).map(|n| self.resolve(n))
    }

    /// The node at `key` (through a link), to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut UNode> {
        match self.nodes.get_mut(key)? {
            UNode::Link(id) => self.shared.get_mut(id).map(|s| &mut s.node),
            n => Some(n),
        }
    }

    /// What removing the entry at `key` frees: its bytes (a link's node only with its last
    /// name) and names.
    pub fn freed_by(&self, key: &str) -> (u64, u64) {
        match self.nodes.get(key) {
            Some(UNode::Link(id)) => match self.shared.get(id) {
                Some(s) if s.names <= 1 => (s.node.bytes(), 1),
                _ => (0, 1),
            },
            Some(n) => (n.bytes(), n.counted()),
            None => (0, 0),
        }
    }

    /// Account for the entry `old` taken out of `nodes`: a link drops a name and its node goes
    /// with the last one. Returns the node gone for good, if any.
    pub fn unname(&mut self, old: UNode) -> Option<UNode> {
        let UNode::Link(id) = old else { return Some(old) };
        let s = self.shared.get_mut(&id)?;
        s.names = s.names.saturating_sub(1);
        if s.names > 0 {
            return None;
        }
        self.shared.remove(&id).map(|s| s.node)
    }

    /// A fresh inode number.
    pub fn alloc_ino(&mut self) -> u64 {
        self.next_ino += 1;
        self.next_ino
    }

    /// Fresh metadata with `mode`, the current time and a new inode number.
    pub fn new_meta(&mut self, mode: u32) -> UMeta {
        UMeta { mode, mtime: SystemTime::now(), ino: self.alloc_ino() }
    }

    /// Every key strictly below `dir`, any depth.
    pub fn keys_under(&self, dir: &str) -> Vec<String> {
        let prefix = child_prefix(dir);
        self.nodes
            .range::<str, _>((Bound::Included(prefix.as_ref()), Bound::Unbounded))
            .take_while(|(k, _)| k.starts_with(prefix.as_ref()))
            .filter(|(k, _)| k.len() > prefix.len())
            .map(|(k, _)| k.clone())
            .collect()
    }
}

/// `dir` followed by a slash (`/` for the root).
fn child_prefix(dir: &str) -> Cow<'_, str> {
    if dir == "/" {
        Cow::Borrowed("/")
    } else {
        Cow::Owned(format!("{dir}/"))
    }
}

/// Append a component to a canonical path.
pub fn push_comp(s: &mut String, comp: &str) {
    if !s.ends_with('/') {
        s.push('/');
    }
    s.push_str(comp);
}

/// What the upper entry at one prefix of a merged path does to where its host entries come from.
#[derive(Debug, Clone, Copy)]
pub enum Step<'u> {
    /// Nothing (no entry, or a directory over the host one of the same name): one name deeper.
    Through,
    /// A renamed host directory: its entries come from this host directory.
    Redirect(&'u str),
    /// Nothing of the host shows below (a whiteout, a new directory, a non-directory).
    Hide,
}

/// The host directory whose entries show in merged directory `p` (canonical), `step` telling
/// what the upper entry at each prefix of `p` does.
pub fn lower_dir_by<'p, 'u>(p: &'p str, step: impl Fn(&str) -> Step<'u>) -> Option<Cow<'p, str>> {
    // `None`: no host directory so far; `Some(None)`: the same path; `Some(Some(d))`: `d`.
    let mut state: Option<Option<String>> = Some(None);
    let mut start = 1;
    while start < p.len() {
        let end = p[start..].find('/').map_or(p.len(), |i| start + i);
        let comp = &p[start..end];
        match step(&p[..end]) {
            Step::Hide => state = None,
            Step::Redirect(r) => state = Some(Some(r.to_string())),
            Step::Through => {
                if let Some(Some(m)) = &mut state {
                    push_comp(m, comp);
                }
            }
        }
        start = end + 1;
    }
    state.map(|s| s.map_or(Cow::Borrowed(p), Cow::Owned))
}

/// What a merged path is.
#[derive(Debug)]
pub enum Loc<'u> {
    /// A node of the upper layer.
    Upper(&'u UNode),
    /// A host node: its canonical host path and metadata.
    Lower(String, Metadata),
    /// Nothing.
    Missing,
}

/// The merged view: the upper layer over the host root.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    pub root: &'a Path,
    pub up: &'a Upper,
}

impl<'a> View<'a> {
    /// The host directory whose entries show in merged directory `p`, if any.
    pub fn lower_dir<'p>(&self, p: &'p str) -> Option<Cow<'p, str>> {
        if self.up.nodes.is_empty() {
            return Some(Cow::Borrowed(p));
        }
        lower_dir_by(p, |k| match self.up.nodes.get(k) {
            Some(UNode::Whiteout | UNode::Dir { lower: LowerLink::Opaque, .. }) => Step::Hide,
            Some(UNode::Dir { lower: LowerLink::Redirect(r), .. }) => Step::Redirect(r),
            Some(UNode::File { .. } | UNode::Symlink { .. } | UNode::Fifo { .. } | UNode::Link(_)) => Step::Hide,
            Some(UNode::Dir { lower: LowerLink::Inherit, .. }) | None => Step::Through,
        })
    }

    /// The host path that sits under merged path `p`'s name, ignoring `p`'s own upper node.
    pub fn lower_slot<'p>(&self, p: &'p str) -> Option<Cow<'p, str>> {
        if p == "/" {
            return Some(Cow::Borrowed(p));
        }
        let parent = parent_of(p);
        match self.lower_dir(parent)? {
            Cow::Borrowed(_) => Some(Cow::Borrowed(p)),
            Cow::Owned(mut d) => {
                push_comp(&mut d, crate::fs::walk::name_of(p));
                Some(Cow::Owned(d))
            }
        }
    }

    /// Whether a host node sits under `p`'s name.
    pub fn lower_exists(&self, p: &str) -> bool {
        self.lower_slot(p).is_some_and(|s| hostio::lstat(self.root, &s).is_ok())
    }

    /// What merged path `p` is.
    pub fn locate(&self, p: &str) -> FsResult<Loc<'a>> {
        if let Some(n) = self.up.get(p) {
            return Ok(if matches!(n, UNode::Whiteout) { Loc::Missing } else { Loc::Upper(n) });
        }
        let Some(slot) = self.lower_slot(p) else { return Ok(Loc::Missing) };
        match hostio::lstat(self.root, &slot) {
            Ok(m) => Ok(Loc::Lower(slot.into_owned(), m)),
            Err(FsError::NotFound | FsError::NotDir) => Ok(Loc::Missing),
            Err(e) => Err(e),
        }
    }

    /// Metadata of a located node.
    pub fn meta(&self, loc: &Loc<'_>) -> FsResult<Metadata> {
        let (file_type, len, m) = match loc {
            Loc::Missing => return Err(FsError::NotFound),
            Loc::Lower(_, m) => return Ok(m.clone()),
            Loc::Upper(UNode::Whiteout | UNode::Link(_)) => return Err(FsError::NotFound),
            Loc::Upper(UNode::File { data, meta }) => {
                let len = match data {
                    FileData::Mem(d) => d.len() as u64,
                    FileData::Lower(rel) => hostio::lstat(self.root, rel).map_or(0, |m| m.len),
                };
                (FileType::File, len, meta)
            }
            Loc::Upper(UNode::Dir { meta, .. }) => (FileType::Dir, 4096, meta),
            Loc::Upper(UNode::Symlink { target, meta }) => (FileType::Symlink, target.len() as u64, meta),
            Loc::Upper(UNode::Fifo { meta }) => (FileType::Fifo, 0, meta),
        };
        let nlink = match loc {
            Loc::Upper(UNode::Dir { .. }) => 2,
            // A shared node: as many links as names hold it.
            Loc::Upper(n) => self.up.shared.get(&m.ino).filter(|s| std::ptr::eq(&s.node, *n)).map_or(1, |s| s.names),
            _ => 1,
        };
        Ok(Metadata { file_type, len, mode: m.mode, mtime: m.mtime, uid: USER_UID, gid: USER_GID, nlink, ino: m.ino })
    }

    /// The sorted entries of merged directory `p`.
    pub fn read_dir(&self, p: &str) -> FsResult<Vec<DirEntry>> {
        let lower = match self.lower_dir(p) {
            Some(lp) => match hostio::read_dir(self.root, &lp) {
                Ok(v) => v,
                Err(FsError::NotFound | FsError::NotDir) => Vec::new(),
                Err(e) => return Err(e),
            },
            None => Vec::new(),
        };
        let prefix = child_prefix(p);
        let upper: Vec<(&str, &UNode)> = self
            .up
            .nodes
            .range::<str, _>((Bound::Included(prefix.as_ref()), Bound::Unbounded))
            .take_while(|(k, _)| k.starts_with(prefix.as_ref()))
            .map(|(k, n)| (&k[prefix.len()..], n))
            .filter(|(name, _)| !name.is_empty() && !name.contains('/'))
            .collect();
        if upper.is_empty() {
            return Ok(lower);
        }
        let mut merged: BTreeMap<String, FileType> = lower.into_iter().map(|e| (e.name, e.file_type)).collect();
        for (name, node) in upper {
            let ft = match self.up.resolve(node) {
                UNode::Whiteout | UNode::Link(_) => {
                    merged.remove(name);
                    continue;
                }
                UNode::File { .. } => FileType::File,
                UNode::Dir { .. } => FileType::Dir,
                UNode::Symlink { .. } => FileType::Symlink,
                UNode::Fifo { .. } => FileType::Fifo,
            };
            merged.insert(name.to_string(), ft);
        }
        Ok(merged.into_iter().map(|(name, file_type)| DirEntry { name, file_type }).collect())
    }
}

impl NodeSource for View<'_> {
    fn node_lstat(&self, path: &str) -> FsResult<Metadata> {
        let loc = self.locate(path)?;
        self.meta(&loc)
    }

    fn node_readlink(&self, path: &str) -> FsResult<String> {
        match self.locate(path)? {
            Loc::Upper(UNode::Symlink { target, .. }) => Ok(target.to_string()),
            Loc::Lower(rel, m) if m.file_type == FileType::Symlink => hostio::read_link(self.root, &rel),
            Loc::Missing => Err(FsError::NotFound),
            _ => Err(FsError::Invalid),
        }
    }
}
