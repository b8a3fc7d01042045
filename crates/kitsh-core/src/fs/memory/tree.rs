//! The inode table behind [`MemoryFs`](super::MemoryFs): nodes, path walking with symlink
//! resolution, and the primitive mutations (all quota-checked before anything changes).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;
use std::time::SystemTime;

use crate::fs::image::Charge;
use crate::fs::DevKind;
use crate::fs::Quota;
use crate::fs::{DirEntry, FileType, FsError, FsResult, Metadata};

/// An index into the node table.
pub type Ino = usize;
/// The root directory's index.
pub const ROOT: Ino = 0;
/// Most symlinks followed while resolving one path (Linux `MAXSYMLINKS`).
pub const MAX_LINKS: u32 = 40;
/// Longest accepted path (Linux `PATH_MAX`).
pub const PATH_MAX: usize = 4096;
/// Longest file name (Linux `NAME_MAX`).
pub const NAME_MAX: usize = 255;

/// One filesystem node.
#[derive(Debug)]
pub struct Node {
    pub kind: Kind,
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub mtime: SystemTime,
    pub nlink: u32,
}

/// What a node is.
#[derive(Debug)]
pub enum Kind {
    File(Arc<Vec<u8>>),
    Dir(Dir),
    Symlink(Box<str>),
    Device(DevKind),
}

/// An entry name; the standard layout's names are borrowed, costing no allocation.
pub type Name = Cow<'static, str>;

/// A directory: its sorted entries and its (physical) parent.
#[derive(Debug)]
pub struct Dir {
    pub entries: BTreeMap<Name, Ino>,
    pub parent: Ino,
}

impl Kind {
    /// Bytes this node costs against the quota.
    pub fn bytes(&self) -> u64 {
        match self {
            Kind::File(d) => d.len() as u64,
            Kind::Symlink(t) => t.len() as u64,
            _ => 0,
        }
    }

    fn file_type(&self) -> FileType {
        match self {
            Kind::File(_) => FileType::File,
            Kind::Dir(_) => FileType::Dir,
            Kind::Symlink(_) => FileType::Symlink,
            Kind::Device(DevKind::Fifo) => FileType::Fifo,
            Kind::Device(_) => FileType::CharDevice,
        }
    }
}

/// The result of walking a path: the parent directory, the final name and the node if any.
#[derive(Debug)]
pub struct Walk<'p> {
    buf: Cow<'p, str>,
    name: Range<usize>,
    /// The directory holding the final name.
    pub parent: Ino,
    /// The final node, if it exists.
    pub ino: Option<Ino>,
    /// The path ended with a slash.
    pub trailing: bool,
}

impl Walk<'_> {
    /// The final component (empty for `/`).
    pub fn name(&self) -> &str {
        self.buf.get(self.name.clone()).unwrap_or("")
    }

    /// The final component is `.`, `..` or the root itself: it names no entry of `parent`.
    pub fn is_special(&self) -> bool {
        matches!(self.name(), "" | "." | "..")
    }
}

/// The node table.
#[derive(Debug)]
pub struct Tree {
    nodes: Vec<Option<Node>>,
    free: Vec<Ino>,
}

impl Tree {
    /// A table holding only the root directory.
    pub fn new(mode: u32, uid: u32, gid: u32, now: SystemTime) -> Tree {
        let root = Node {
            kind: Kind::Dir(Dir { entries: BTreeMap::new(), parent: ROOT }),
            mode,
            uid,
            gid,
            mtime: now,
            nlink: 2,
        };
        let mut nodes = Vec::with_capacity(32);
        nodes.push(Some(root));
        Tree { nodes, free: Vec::new() }
    }

    /// A table of `nodes` (index [`ROOT`] the root directory), with no free slot.
    pub fn from_nodes(nodes: Vec<Option<Node>>) -> Tree {
        Tree { nodes, free: Vec::new() }
    }

    /// The number of slots (live or free nodes): every index is below it.
    pub fn slots(&self) -> usize {
        self.nodes.len()
    }

    /// What the tree costs against the quota: the bytes of every node once, a name per entry.
    pub fn charge(&self) -> Charge {
        let mut c = Charge::default();
        for n in self.nodes.iter().flatten() {
            let names = match &n.kind {
                Kind::Dir(d) => d.entries.len() as u64,
                _ => 0,
            };
            c.add(n.kind.bytes(), names);
        }
        c
    }

    /// The node `i`.
    pub fn node(&self, i: Ino) -> FsResult<&Node> {
        self.nodes.get(i).and_then(Option::as_ref).ok_or(FsError::Io)
    }

    /// The node `i`, mutably.
    pub fn node_mut(&mut self, i: Ino) -> FsResult<&mut Node> {
        self.nodes.get_mut(i).and_then(Option::as_mut).ok_or(FsError::Io)
    }

    fn dir(&self, i: Ino) -> FsResult<&Dir> {
        match &self.node(i)?.kind {
            Kind::Dir(d) => Ok(d),
            _ => Err(FsError::NotDir),
        }
    }

    fn dir_mut(&mut self, i: Ino) -> FsResult<&mut Dir> {
        match &mut self.node_mut(i)?.kind {
            Kind::Dir(d) => Ok(d),
            _ => Err(FsError::NotDir),
        }
    }

    /// Whether `i` is a directory.
    pub fn is_dir(&self, i: Ino) -> bool {
        matches!(self.node(i).map(|n| &n.kind), Ok(Kind::Dir(_)))
    }

    /// Metadata of node `i`.
    pub fn meta(&self, i: Ino) -> FsResult<Metadata> {
        let n = self.node(i)?;
        let len = match &n.kind {
            Kind::Dir(_) => 4096,
            k => k.bytes(),
        };
        Ok(Metadata {
            file_type: n.kind.file_type(),
            len,
            mode: n.mode,
            mtime: n.mtime,
            uid: n.uid,
            gid: n.gid,
            nlink: u64::from(n.nlink),
            ino: i as u64 + 1,
        })
    }

    /// Resolve `path` (absolute; `.`, `..` and symlinks handled, `..` physical). The final
    /// component may be missing; a symlink there is followed when `follow_last` or when the path
    /// ends with a slash.
    pub fn walk<'p>(&self, path: &'p str, follow_last: bool) -> FsResult<Walk<'p>> {
        if path.len() > PATH_MAX {
            return Err(FsError::NameTooLong);
        }
        // No Linux path holds a NUL byte (a system call would see the path end there).
        if path.as_bytes().contains(&0) {
            return Err(FsError::Invalid);
        }
        let mut buf = Cow::Borrowed(path);
        let mut pos = 0usize;
        let mut cur = ROOT;
        let mut links = 0u32;
        loop {
            let bytes = buf.as_bytes();
            let len = bytes.len();
            while pos < len && bytes[pos] == b'/' {
                pos += 1;
            }
            if pos >= len {
                let parent = self.dir(cur)?.parent;
                return Ok(Walk { buf, name: pos..pos, parent, ino: Some(cur), trailing: false });
            }
            let end = bytes[pos..].iter().position(|&b| b == b'/').map_or(len, |i| pos + i);
            let mut after = end;
            while after < len && bytes[after] == b'/' {
                after += 1;
            }
            let is_last = after >= len;
            let trailing = is_last && end < len;
            let dir = self.dir(cur)?;
            let comp = &buf[pos..end];
            if comp.len() > NAME_MAX {
                return Err(FsError::NameTooLong);
            }
            let child = match comp {
                "." => Some(cur),
                ".." => Some(dir.parent),
                n => dir.entries.get(n).copied(),
            };
            let Some(child) = child else {
                if is_last {
                    return Ok(Walk { buf, name: pos..end, parent: cur, ino: None, trailing });
                }
                return Err(FsError::NotFound);
            };
            if let Kind::Symlink(target) = &self.node(child)?.kind {
                if !is_last || follow_last || trailing {
                    links += 1;
                    if links > MAX_LINKS {
                        return Err(FsError::Loop);
                    }
                    if target.is_empty() {
                        return Err(FsError::NotFound);
                    }
                    let mut next = String::with_capacity(target.len() + len - end);
                    next.push_str(target);
                    next.push_str(&buf[end..]);
                    if next.len() > PATH_MAX {
                        return Err(FsError::NameTooLong);
                    }
                    if target.starts_with('/') {
                        cur = ROOT;
                    }
                    buf = Cow::Owned(next);
                    pos = 0;
                    continue;
                }
            }
            if is_last {
                return Ok(Walk { buf, name: pos..end, parent: cur, ino: Some(child), trailing });
            }
            cur = child;
            pos = end;
        }
    }

    /// Walk and require the final node to exist (a trailing slash requires a directory).
    pub fn lookup(&self, path: &str, follow_last: bool) -> FsResult<Ino> {
        let w = self.walk(path, follow_last)?;
        let i = w.ino.ok_or(FsError::NotFound)?;
        if w.trailing && !self.is_dir(i) {
            return Err(FsError::NotDir);
        }
        Ok(i)
    }

    fn alloc(&mut self, node: Node) -> Ino {
        if let Some(i) = self.free.pop() {
            if let Some(slot) = self.nodes.get_mut(i) {
                *slot = Some(node);
                return i;
            }
        }
        self.nodes.push(Some(node));
        self.nodes.len() - 1
    }

    /// Add a node named `name` in directory `parent` without any quota check.
    pub fn add(&mut self, parent: Ino, name: Name, kind: Kind, mode: u32, owner: (u32, u32), now: SystemTime) -> FsResult<Ino> {
        if name.len() > NAME_MAX {
            return Err(FsError::NameTooLong);
        }
        let dir = self.dir(parent)?;
        if dir.entries.contains_key(&*name) {
            return Err(FsError::Exists);
        }
        let is_dir = matches!(kind, Kind::Dir(_));
        let nlink = if is_dir { 2 } else { 1 };
        let i = self.alloc(Node { kind, mode, uid: owner.0, gid: owner.1, mtime: now, nlink });
        if let Kind::Dir(d) = &mut self.node_mut(i)?.kind {
            d.parent = parent;
        }
        let p = self.node_mut(parent)?;
        p.mtime = now;
        if is_dir {
            p.nlink += 1;
        }
        if let Kind::Dir(d) = &mut p.kind {
            d.entries.insert(name, i);
        }
        Ok(i)
    }

    /// Add a node after reserving its space and one name against `quota`.
    pub fn create(&mut self, quota: &Quota, parent: Ino, name: &str, kind: Kind, mode: u32, owner: (u32, u32)) -> FsResult<Ino> {
        let bytes = kind.bytes();
        quota.reserve(bytes, 1)?;
        let r = self.add(parent, Cow::Owned(name.to_string()), kind, mode, owner, SystemTime::now());
        if r.is_err() {
            quota.release(bytes, 1);
        }
        r
    }

    /// Remove the entry `name` of `parent` (a non-directory, or an empty directory), freeing the
    /// node when its last name goes.
    pub fn unlink(&mut self, quota: &Quota, parent: Ino, name: &str) -> FsResult<()> {
        let now = SystemTime::now();
        let i = self.dir_mut(parent)?.entries.remove(name).ok_or(FsError::NotFound)?;
        let was_dir = self.is_dir(i);
        let p = self.node_mut(parent)?;
        p.mtime = now;
        if was_dir {
            p.nlink = p.nlink.saturating_sub(1);
        }
        let n = self.node_mut(i)?;
        n.nlink = if was_dir { 0 } else { n.nlink.saturating_sub(1) };
        let mut bytes = 0;
        if n.nlink == 0 {
            if let Some(node) = self.nodes.get_mut(i).and_then(Option::take) {
                bytes = node.kind.bytes();
            }
            self.free.push(i);
        }
        quota.release(bytes, 1);
        Ok(())
    }

    /// Add another name for the non-directory node `i`.
    pub fn link(&mut self, quota: &Quota, i: Ino, parent: Ino, name: &str) -> FsResult<()> {
        if name.len() > NAME_MAX {
            return Err(FsError::NameTooLong);
        }
        if self.dir(parent)?.entries.contains_key(name) {
            return Err(FsError::Exists);
        }
        quota.reserve(0, 1)?;
        let now = SystemTime::now();
        let n = self.node_mut(i)?;
        n.nlink = n.nlink.saturating_add(1);
        let p = self.node_mut(parent)?;
        p.mtime = now;
        if let Kind::Dir(d) = &mut p.kind {
            d.entries.insert(Cow::Owned(name.to_string()), i);
        }
        Ok(())
    }

    /// Move entry `from_name` of `from_dir` to `to_name` of `to_dir`; the target must not exist.
    pub fn move_entry(&mut self, from_dir: Ino, from_name: &str, to_dir: Ino, to_name: &str) -> FsResult<()> {
        if to_name.len() > NAME_MAX {
            return Err(FsError::NameTooLong);
        }
        let now = SystemTime::now();
        let i = self.dir_mut(from_dir)?.entries.remove(from_name).ok_or(FsError::NotFound)?;
        let is_dir = self.is_dir(i);
        self.dir_mut(to_dir)?.entries.insert(Cow::Owned(to_name.to_string()), i);
        if let Kind::Dir(d) = &mut self.node_mut(i)?.kind {
            d.parent = to_dir;
        }
        let fd = self.node_mut(from_dir)?;
        fd.mtime = now;
        if is_dir {
            fd.nlink = fd.nlink.saturating_sub(1);
        }
        let td = self.node_mut(to_dir)?;
        td.mtime = now;
        if is_dir {
            td.nlink += 1;
        }
        Ok(())
    }

    /// Whether `dir` is `anc` or lies below it.
    pub fn is_within(&self, mut dir: Ino, anc: Ino) -> bool {
        for _ in 0..self.nodes.len() {
            if dir == anc {
                return true;
            }
            match self.dir(dir) {
                Ok(d) if d.parent != dir => dir = d.parent,
                _ => return false,
            }
        }
        false
    }

    /// The sorted entries of directory `i`.
    pub fn entries(&self, i: Ino) -> FsResult<Vec<DirEntry>> {
        let dir = self.dir(i)?;
        let mut out = Vec::with_capacity(dir.entries.len());
        for (name, &c) in &dir.entries {
            out.push(DirEntry { name: name.to_string(), file_type: self.node(c)?.kind.file_type() });
        }
        Ok(out)
    }

    /// Whether directory `i` has no entries.
    pub fn is_empty_dir(&self, i: Ino) -> FsResult<bool> {
        Ok(self.dir(i)?.entries.is_empty())
    }

    /// The absolute path of directory `i` (physical: through parent links).
    pub fn dir_path(&self, i: Ino) -> FsResult<String> {
        let mut names: Vec<&str> = Vec::new();
        let mut cur = i;
        while cur != ROOT {
            let parent = self.dir(cur)?.parent;
            let name = self.dir(parent)?.entries.iter().find(|(_, &v)| v == cur).map(|(k, _)| &**k);
            names.push(name.ok_or(FsError::NotFound)?);
            if names.len() > self.nodes.len() {
                return Err(FsError::Loop);
            }
            cur = parent;
        }
        if names.is_empty() {
            return Ok("/".to_string());
        }
        let mut s = String::new();
        for n in names.iter().rev() {
            s.push('/');
            s.push_str(n);
        }
        Ok(s)
    }

    /// Replace, extend or shrink the content of file `i` after checking the quota.
    pub fn update_file(&mut self, quota: &Quota, i: Ino, new_len: u64, f: impl FnOnce(&mut Vec<u8>)) -> FsResult<()> {
        quota.check_file_size(new_len)?;
        let n = self.node_mut(i)?;
        let Kind::File(data) = &mut n.kind else {
            return Err(FsError::Invalid);
        };
        let old = data.len() as u64;
        let delta = i64::try_from(new_len).map_err(|_| FsError::NoSpace)? - i64::try_from(old).map_err(|_| FsError::NoSpace)?;
        quota.adjust(delta, 0)?;
        f(Arc::make_mut(data));
        n.mtime = SystemTime::now();
        Ok(())
    }

    /// Set the content of file `i` to `bytes`, reusing its buffer when nobody reads it.
    pub fn replace_file(&mut self, quota: &Quota, i: Ino, bytes: &[u8]) -> FsResult<()> {
        quota.check_file_size(bytes.len() as u64)?;
        let n = self.node_mut(i)?;
        let Kind::File(data) = &mut n.kind else {
            return Err(FsError::Invalid);
        };
        let delta = bytes.len() as i64 - data.len() as i64;
        quota.adjust(delta, 0)?;
        match Arc::get_mut(data) {
            Some(v) => {
                v.clear();
                v.extend_from_slice(bytes);
            }
            None => *data = Arc::new(bytes.to_vec()),
        }
        n.mtime = SystemTime::now();
        Ok(())
    }
}
