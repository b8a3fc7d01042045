//! [`OverlayFs`]: a host directory seen read-only, with every change kept in memory.
//!
//! Reads go to the host; writes, deletions, renames, `chmod` and `touch` go to an in-memory upper
//! layer (whiteouts hide deleted host entries, files are copied up on partial writes) charged to a
//! [`Quota`]. The host is never written. Paths are relative to the overlay's root (`/` is the host
//! directory) and resolved component by component without letting the host follow any symlink: a
//! host symlink is interpreted inside the virtual namespace (an absolute target restarts at the
//! overlay root, or at the VFS root when mounted in a [`MountFs`](super::MountFs)), so nothing
//! outside the host directory is ever read or stat'ed.
//!
//! Named pipes (`mkfifo`) live in the upper layer and work as [`MemoryFs`](super::MemoryFs)'s
//! (one in-memory pipe per node, see [`fifo`](super::fifo)); a host FIFO opens the same way, never
//! on the host. Hard links are real in the upper layer: the names share one node (a host file is
//! copied up, metadata only, when first linked).

mod image;
mod layer;

use std::collections::HashMap;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::SystemTime;

use self::layer::{FileData, Loc, LowerLink, Shared, UMeta, UNode, Upper, View};
use super::fifo::{self, Fifo, FifoEnd};
use super::hostio;
use super::limits::{FsLimits, Quota};
use super::memory::{copy_at, strip_slashes, write_end, SharedReader};
use super::mount::MountableFs;
use super::walk::{resolve, NodeSource, Resolved};
use super::{DirEntry, FileSystem, FileType, FsError, FsResult, Metadata, WriteMode};

/// A copy-on-write view of a host directory; see the module docs.
#[derive(Debug)]
pub struct OverlayFs {
    root: PathBuf,
    upper: RwLock<Upper>,
    quota: Arc<Quota>,
    pipes: Pipes,
}

/// The pipes of the FIFO nodes, by inode number (created on first open, dropped with the node).
#[derive(Default)]
struct Pipes(Mutex<HashMap<u64, Arc<Fifo>>>);

impl Pipes {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Fifo>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl fmt::Debug for Pipes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pipes").field("open", &self.map().len()).finish()
    }
}

/// The bytes of a file, wherever they are.
enum Content {
    Mem(Arc<Vec<u8>>),
    Host(String, Metadata),
}

impl OverlayFs {
    /// Overlay the host directory `host_root` with its own budget. Fails when it is not a
    /// directory.
    pub fn new(host_root: PathBuf, limits: FsLimits) -> FsResult<Self> {
        Self::with_quota(host_root, Quota::new(limits))
    }

    /// Overlay `host_root`, charging the shared `quota`.
    pub fn with_quota(host_root: PathBuf, quota: Arc<Quota>) -> FsResult<Self> {
        let m = std::fs::metadata(&host_root).map_err(|e| hostio::io_error(&e))?;
        if !m.is_dir() {
            return Err(FsError::NotDir);
        }
        Ok(OverlayFs { root: host_root, upper: RwLock::new(Upper::new()), quota, pipes: Pipes::default() })
    }

    /// The host directory shown.
    pub fn host_root(&self) -> &Path {
        &self.root
    }

    fn read(&self) -> RwLockReadGuard<'_, Upper> {
        self.upper.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, Upper> {
        self.upper.write().unwrap_or_else(PoisonError::into_inner)
    }

    fn view<'a>(&'a self, up: &'a Upper) -> View<'a> {
        View { root: &self.root, up }
    }

    /// The content of the regular file at canonical `path`.
    fn content(&self, v: View<'_>, path: &str) -> FsResult<Content> {
        match v.locate(path)? {
            Loc::Upper(UNode::File { data: FileData::Mem(d), .. }) => Ok(Content::Mem(Arc::clone(d))),
            Loc::Upper(UNode::File { data: FileData::Lower(rel), .. }) => {
                let m = hostio::lstat(&self.root, rel)?;
                Ok(Content::Host(rel.clone(), m))
            }
            Loc::Upper(UNode::Dir { .. }) => Err(FsError::IsDir),
            Loc::Upper(UNode::Fifo { .. }) => Err(FsError::Unsupported),
            Loc::Upper(_) => Err(FsError::Invalid),
            Loc::Lower(_, m) if m.file_type == FileType::Fifo => Err(FsError::Unsupported),
            Loc::Lower(rel, m) => Ok(Content::Host(rel, m)),
            Loc::Missing => Err(FsError::NotFound),
        }
    }

    /// Insert `node` at `key`, charging the difference with what it replaces. A hard link at
    /// `key` keeps its name: the node all its names share is replaced.
    fn put(&self, up: &mut Upper, key: &str, node: UNode) -> FsResult<()> {
        if let UNode::File { data: FileData::Mem(d), .. } = &node {
            self.quota.check_file_size(d.len() as u64)?;
        }
        if let Some(UNode::Link(id)) = up.nodes.get(key) {
            if let Some(s) = up.shared.get_mut(id) {
                self.quota.adjust(node.bytes() as i64 - s.node.bytes() as i64, 0)?;
                s.node = node;
                return Ok(());
            }
        }
        let (ob, of) = up.nodes.get(key).map_or((0, 0), |n| (n.bytes(), n.counted()));
        self.quota.adjust(node.bytes() as i64 - ob as i64, node.counted() as i64 - of as i64)?;
        up.nodes.insert(key.to_string(), node);
        Ok(())
    }

    /// Remove `key` from the upper layer, leaving a whiteout when a host node sits there.
    fn delete(&self, up: &mut Upper, key: &str) {
        let hide = self.view(up).lower_exists(key);
        let (bytes, names) = up.freed_by(key);
        let old = if hide { up.nodes.insert(key.to_string(), UNode::Whiteout) } else { up.nodes.remove(key) };
        if let Some(n) = old {
            self.forget(up, n);
        }
        self.quota.release(bytes, names);
    }

    /// Drop every upper key below `dir`.
    fn clear_under(&self, up: &mut Upper, dir: &str) {
        for k in up.keys_under(dir) {
            let (bytes, names) = up.freed_by(&k);
            if let Some(n) = up.nodes.remove(&k) {
                self.forget(up, n);
                self.quota.release(bytes, names);
            }
        }
    }

    /// Let go of the entry `old`, taken out of the layer (its quota is the caller's): a hard
    /// link drops a name, and a FIFO's pipe goes with its node.
    fn forget(&self, up: &mut Upper, old: UNode) {
        if let Some(UNode::Fifo { meta }) = up.unname(old) {
            self.pipes.map().remove(&meta.ino);
        }
    }

    /// Change the file at canonical `path` in memory (copying it up from the host first):
    /// `new_len` gives the final length from the current one, `f` edits the bytes.
    fn modify(&self, up: &mut Upper, path: &str, new_len: impl FnOnce(u64) -> FsResult<u64>, f: impl FnOnce(&mut Vec<u8>)) -> FsResult<()> {
        let v = self.view(up);
        let content = self.content(v, path)?;
        let old_meta = v.meta(&v.locate(path)?)?;
        match content {
            Content::Mem(d) => {
                let old = d.len() as u64;
                drop(d);
                let len = new_len(old)?;
                self.quota.check_file_size(len)?;
                self.quota.adjust(len as i64 - old as i64, 0)?;
                if let Some(UNode::File { data: FileData::Mem(d), meta }) = up.get_mut(path) {
                    f(Arc::make_mut(d));
                    meta.mtime = SystemTime::now();
                }
                Ok(())
            }
            Content::Host(rel, m) => {
                let len = new_len(m.len)?;
                self.quota.check_file_size(len)?;
                let mut bytes = hostio::read_prefix(&self.root, &rel, &m, len)?;
                f(&mut bytes);
                let meta = UMeta { mode: old_meta.mode, mtime: SystemTime::now(), ino: old_meta.ino };
                self.put(up, path, UNode::File { data: FileData::Mem(Arc::new(bytes)), meta })
            }
        }
    }

    fn resolve_in(&self, up: &Upper, path: &str, follow: bool) -> FsResult<Resolved> {
        resolve(&self.view(up), path, follow)
    }
}

impl FileSystem for OverlayFs {
    fn space(&self) -> Option<super::Space> {
        Some(super::Space::of(&self.quota))
    }

    fn stat(&self, path: &str) -> FsResult<Metadata> {
        let up = self.read();
        self.resolve_in(&up, path, true)?.existing().cloned()
    }

    fn lstat(&self, path: &str) -> FsResult<Metadata> {
        let up = self.read();
        self.resolve_in(&up, path, false)?.existing().cloned()
    }

    fn read_file(&self, path: &str) -> FsResult<Vec<u8>> {
        let up = self.read();
        let r = self.resolve_in(&up, path, true)?;
        r.existing()?;
        match self.content(self.view(&up), &r.path)? {
            Content::Mem(d) => Ok(d.to_vec()),
            Content::Host(rel, m) => hostio::read_all(&self.root, &rel, &m),
        }
    }

    fn open_read(&self, path: &str) -> FsResult<Box<dyn Read + Send>> {
        if self.stat(path).is_ok_and(|m| m.file_type == FileType::Fifo) {
            return match self.open_fifo(path, false, fifo::current_watch())? {
                FifoEnd::Reader(r) => Ok(r),
                FifoEnd::Writer(_) => Err(FsError::Invalid),
            };
        }
        let up = self.read();
        let r = self.resolve_in(&up, path, true)?;
        r.existing()?;
        match self.content(self.view(&up), &r.path)? {
            Content::Mem(data) => Ok(Box::new(SharedReader { data, pos: 0 })),
            Content::Host(rel, m) => Ok(Box::new(hostio::open_file(&self.root, &rel, &m)?)),
        }
    }

    fn read_at(&self, path: &str, offset: u64, buf: &mut [u8]) -> FsResult<usize> {
        let up = self.read();
        let r = self.resolve_in(&up, path, true)?;
        r.existing()?;
        match self.content(self.view(&up), &r.path)? {
            Content::Mem(d) => Ok(copy_at(&d, offset, buf)),
            Content::Host(rel, m) => hostio::read_at(&self.root, &rel, &m, offset, buf),
        }
    }

    fn write_file(&self, path: &str, data: &[u8], mode: WriteMode) -> FsResult<()> {
        let mut up = self.write();
        if mode == WriteMode::CreateNew {
            if let Some(m) = self.resolve_in(&up, path, false)?.meta {
                return Err(if m.file_type == FileType::Dir { FsError::IsDir } else { FsError::Exists });
            }
        }
        let r = self.resolve_in(&up, path, true)?;
        let Some(m) = &r.meta else {
            if r.trailing || r.special {
                return Err(FsError::IsDir);
            }
            let meta = up.new_meta(0o644);
            let node = UNode::File { data: FileData::Mem(Arc::new(data.to_vec())), meta };
            return self.put(&mut up, &r.path, node);
        };
        match m.file_type {
            FileType::Dir => return Err(FsError::IsDir),
            _ if r.trailing => return Err(FsError::NotDir),
            FileType::File => {}
            _ => return Err(FsError::PermissionDenied),
        }
        if mode == WriteMode::Append {
            let extra = data.len() as u64;
            return self.modify(&mut up, &r.path, |old| Ok(old.saturating_add(extra)), |v| v.extend_from_slice(data));
        }
        let meta = UMeta { mode: m.mode, mtime: SystemTime::now(), ino: m.ino };
        self.put(&mut up, &r.path, UNode::File { data: FileData::Mem(Arc::new(data.to_vec())), meta })
    }

    fn write_at(&self, path: &str, offset: u64, data: &[u8]) -> FsResult<()> {
        let mut up = self.write();
        let r = self.resolve_in(&up, path, true)?;
        r.existing()?;
        let (off, end) = write_end(offset, data.len())?;
        self.modify(&mut up, &r.path, |old| Ok(old.max(end as u64)), |v| {
            if v.len() < end {
                v.resize(end, 0);
            }
            v[off..end].copy_from_slice(data);
        })
    }

    fn set_len(&self, path: &str, len: u64) -> FsResult<()> {
        let mut up = self.write();
        let r = self.resolve_in(&up, path, true)?;
        r.existing()?;
        let (_, new) = write_end(len, 0)?;
        self.modify(&mut up, &r.path, |_| Ok(len), |v| v.resize(new, 0))
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        let up = self.read();
        let r = self.resolve_in(&up, path, true)?;
        if !r.is_dir() {
            r.existing()?;
            return Err(FsError::NotDir);
        }
        self.view(&up).read_dir(&r.path)
    }

    fn mkdir(&self, path: &str, parents: bool) -> FsResult<()> {
        if parents {
            return super::mkdir_all(self, path);
        }
        let mut up = self.write();
        let r = self.resolve_in(&up, path, false)?;
        if r.meta.is_some() {
            return Err(FsError::Exists);
        }
        self.clear_under(&mut up, &r.path);
        let meta = up.new_meta(0o755);
        self.put(&mut up, &r.path, UNode::Dir { lower: LowerLink::Opaque, meta })
    }

    fn mkfifo(&self, path: &str, mode: u32) -> FsResult<()> {
        let mut up = self.write();
        let r = self.resolve_in(&up, path, false)?;
        if r.meta.is_some() {
            return Err(FsError::Exists);
        }
        if r.trailing {
            return Err(FsError::NotFound);
        }
        let meta = up.new_meta(mode & 0o7777);
        self.put(&mut up, &r.path, UNode::Fifo { meta })
    }

    fn open_fifo(&self, path: &str, write: bool, watch: Option<fifo::Watch>) -> FsResult<FifoEnd> {
        let pipe = {
            let up = self.read();
            let r = self.resolve_in(&up, path, true)?;
            let m = r.existing()?;
            match m.file_type {
                FileType::Fifo => {}
                FileType::Dir => return Err(FsError::IsDir),
                _ => return Err(FsError::Invalid),
            }
            Arc::clone(self.pipes.map().entry(m.ino).or_default())
        };
        // The layer lock is released: the open may wait for the other side.
        pipe.open(write, watch)
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        let mut up = self.write();
        let r = self.resolve_in(&up, path, false)?;
        let m = r.meta.as_ref().ok_or(FsError::NotFound)?;
        if m.file_type == FileType::Dir || r.special {
            return Err(FsError::IsDir);
        }
        if r.trailing {
            return Err(FsError::NotDir);
        }
        self.delete(&mut up, &r.path);
        Ok(())
    }

    fn remove_dir(&self, path: &str) -> FsResult<()> {
        let mut up = self.write();
        let stripped = strip_slashes(path);
        let r = self.resolve_in(&up, stripped, false)?;
        let m = r.meta.as_ref().ok_or(FsError::NotFound)?;
        match stripped.rsplit('/').next() {
            Some(".") => return Err(FsError::Invalid),
            Some("..") => return Err(FsError::NotEmpty),
            _ => {}
        }
        if r.path == "/" {
            return Err(FsError::Invalid);
        }
        if m.file_type != FileType::Dir {
            return Err(FsError::NotDir);
        }
        if !self.view(&up).read_dir(&r.path)?.is_empty() {
            return Err(FsError::NotEmpty);
        }
        self.clear_under(&mut up, &r.path);
        self.delete(&mut up, &r.path);
        Ok(())
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let mut up = self.write();
        let src = self.resolve_in(&up, strip_slashes(from), false)?;
        let sm = src.meta.clone().ok_or(FsError::NotFound)?;
        let dst = self.resolve_in(&up, strip_slashes(to), false)?;
        let src_dir = sm.file_type == FileType::Dir;
        if hostio::rename_checks(from, to, (&src.path, src.special, src_dir), (&dst.path, dst.special))? {
            return Ok(());
        }
        if let (Some(UNode::Link(a)), Some(UNode::Link(b))) = (up.nodes.get(&src.path), up.nodes.get(&dst.path)) {
            if a == b {
                // Two names of one node: nothing to do, as on Linux.
                return Ok(());
            }
        }
        if let Some(dm) = &dst.meta {
            match (src_dir, dm.file_type == FileType::Dir) {
                (true, false) => return Err(FsError::NotDir),
                (false, true) => return Err(FsError::IsDir),
                (true, true) if !self.view(&up).read_dir(&dst.path)?.is_empty() => return Err(FsError::NotEmpty),
                _ => {}
            }
        }
        let node = self.moved_node(&up, &src.path, &sm)?;
        rename_commit(self, &mut up, &src.path, &dst.path, node)
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        let mut up = self.write();
        let r = self.resolve_in(&up, link, false)?;
        if r.meta.is_some() {
            return Err(FsError::Exists);
        }
        if target.is_empty() || r.trailing {
            return Err(FsError::NotFound);
        }
        if target.as_bytes().contains(&0) {
            return Err(FsError::Invalid);
        }
        let meta = up.new_meta(0o777);
        self.put(&mut up, &r.path, UNode::Symlink { target: target.into(), meta })
    }

    fn hard_link(&self, target: &str, link: &str) -> FsResult<()> {
        let mut up = self.write();
        let t = self.resolve_in(&up, target, false)?;
        let tm = t.existing()?.clone();
        let l = self.resolve_in(&up, link, false)?;
        if l.meta.is_some() {
            return Err(FsError::Exists);
        }
        if l.trailing {
            return Err(FsError::NotFound);
        }
        if tm.file_type == FileType::Dir {
            return Err(FsError::PermissionDenied);
        }
        let id = match up.nodes.get(&t.path) {
            Some(UNode::Link(id)) => *id,
            upper => {
                // The first link: the node (copied up, metadata only, when only the host has
                // it) moves into the shared table under its inode number, both names link it.
                let mut node = self.moved_node(&up, &t.path, &tm)?;
                let (bytes, names) = if upper.is_none() { (node.bytes(), 2) } else { (0, 1) };
                self.quota.adjust(bytes as i64, names)?;
                let mut id = tm.ino;
                while up.shared.contains_key(&id) {
                    // Another node with this number (host hard links copied up apart).
                    id = up.alloc_ino();
                }
                if let Some(m) = node.meta_mut() {
                    m.ino = id;
                }
                up.shared.insert(id, Shared { node, names: 2 });
                up.nodes.insert(t.path.clone(), UNode::Link(id));
                up.nodes.insert(l.path.clone(), UNode::Link(id));
                return Ok(());
            }
        };
        self.quota.adjust(0, 1)?;
        if let Some(s) = up.shared.get_mut(&id) {
            s.names += 1;
        }
        up.nodes.insert(l.path.clone(), UNode::Link(id));
        Ok(())
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        let up = self.read();
        let v = self.view(&up);
        let r = resolve(&v, path, false)?;
        r.existing()?;
        match v.locate(&r.path)? {
            Loc::Upper(UNode::Symlink { target, .. }) => Ok(target.to_string()),
            Loc::Lower(rel, m) if m.file_type == FileType::Symlink => hostio::read_link(&self.root, &rel),
            _ => Err(FsError::Invalid),
        }
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        self.set_meta(path, |m| m.mode = mode & 0o7777)
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        self.set_meta(path, |m| m.mtime = mtime)
    }

    fn canonicalize(&self, path: &str) -> FsResult<String> {
        let up = self.read();
        let r = self.resolve_in(&up, path, true)?;
        r.existing()?;
        Ok(r.path)
    }
}

impl OverlayFs {
    /// The upper node that carries the node at `path` to a new name (no content copied).
    fn moved_node(&self, up: &Upper, path: &str, m: &Metadata) -> FsResult<UNode> {
        if let Some(UNode::Link(id)) = up.nodes.get(path) {
            return Ok(UNode::Link(*id));
        }
        let v = self.view(up);
        let meta = UMeta { mode: m.mode, mtime: m.mtime, ino: m.ino };
        Ok(match v.locate(path)? {
            Loc::Upper(UNode::Dir { lower: LowerLink::Inherit, meta }) => {
                let lower = match v.lower_dir(path) {
                    Some(l) => LowerLink::Redirect(l.into_owned()),
                    None => LowerLink::Opaque,
                };
                UNode::Dir { lower, meta: *meta }
            }
            Loc::Upper(n) => n.clone(),
            Loc::Lower(rel, lm) => match lm.file_type {
                FileType::Dir => UNode::Dir { lower: LowerLink::Redirect(rel), meta },
                FileType::Symlink => UNode::Symlink { target: hostio::read_link(&self.root, &rel)?.into(), meta },
                FileType::Fifo => UNode::Fifo { meta },
                _ => UNode::File { data: FileData::Lower(rel), meta },
            },
            Loc::Missing => return Err(FsError::NotFound),
        })
    }

    /// Change the kept metadata of the node at `path` (following symlinks), copying a host node
    /// up without its content.
    fn set_meta(&self, path: &str, f: impl FnOnce(&mut UMeta)) -> FsResult<()> {
        let mut up = self.write();
        let r = self.resolve_in(&up, path, true)?;
        r.existing()?;
        if let Some(node) = up.get_mut(&r.path) {
            if let Some(meta) = node.meta_mut() {
                f(meta);
                return Ok(());
            }
        }
        let mut node = match self.view(&up).locate(&r.path)? {
            Loc::Lower(rel, lm) => {
                let meta = UMeta { mode: lm.mode, mtime: lm.mtime, ino: lm.ino };
                match lm.file_type {
                    FileType::Dir => UNode::Dir { lower: LowerLink::Inherit, meta },
                    FileType::File => UNode::File { data: FileData::Lower(rel), meta },
                    FileType::Fifo => UNode::Fifo { meta },
                    _ => return Err(FsError::PermissionDenied),
                }
            }
            _ => return Err(FsError::NotFound),
        };
        if let Some(meta) = node.meta_mut() {
            f(meta);
        }
        self.put(&mut up, &r.path, node)
    }
}

impl MountableFs for OverlayFs {
    fn lstat_resolved(&self, path: &str) -> FsResult<Metadata> {
        let up = self.read();
        self.view(&up).node_lstat(path)
    }

    fn as_mounted(&self) -> Option<super::MountedFs<'_>> {
        Some(super::MountedFs::Overlay(self))
    }
}

/// Finish a rename: put `node` at `dst`, move the upper entries below `src` along, and remove
/// `src` (whiteout if a host node sits there). Charged as one net change.
fn rename_commit(fs: &OverlayFs, up: &mut Upper, src: &str, dst: &str, node: UNode) -> FsResult<()> {
    let v = fs.view(up);
    let src_hide = v.lower_exists(src);
    // The source's entry moves (a link keeps its name count); the destination's is dropped.
    let (sb, sf) = up.nodes.get(src).map_or((0, 0), |n| (n.bytes(), n.counted()));
    let (db, df) = up.freed_by(dst);
    let bytes = node.bytes() as i64 - db as i64 - sb as i64;
    let files = node.counted() as i64 - df as i64 - sf as i64;
    fs.quota.adjust(bytes, files)?;
    fs.clear_under(up, dst);
    let moved: Vec<(String, UNode)> =
        up.keys_under(src).into_iter().filter_map(|k| up.nodes.remove(&k).map(|n| (k, n))).collect();
    if src_hide {
        up.nodes.insert(src.to_string(), UNode::Whiteout);
    } else {
        up.nodes.remove(src);
    }
    if let Some(old) = up.nodes.insert(dst.to_string(), node) {
        fs.forget(up, old);
    }
    for (k, n) in moved {
        up.nodes.insert(format!("{dst}{}", &k[src.len()..]), n);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
