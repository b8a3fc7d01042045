//! [`MountFs`]: a mount table joining several filesystems into one namespace.
//!
//! The mount with the longest matching prefix owns a path; it receives the rest as `/rest`.
//! Paths are resolved here, one component at a time against the owning filesystem, so a symlink
//! in one mount whose target is absolute lands wherever that path leads in the whole namespace
//! (another mount, or the root). Each filesystem then gets a canonical path. Mount points show as
//! directories in their parent's listing; they cannot be removed or renamed (the closest error to
//! Linux's `EBUSY` is [`FsError::Invalid`]), and renames or hard links across mounts fail with
//! [`FsError::CrossDevice`].

mod image;

use std::io::Read;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use super::image::{ImageError, VfsImage};
use super::memory::strip_slashes;
use super::walk::{is_under, resolve, NodeSource, Resolved};
use super::{join_path, DirEntry, FileSystem, FileType, FsError, FsResult, HostFs, MemoryFs, Metadata, OverlayFs, WriteMode};

/// A filesystem that can be mounted in a [`MountFs`].
pub trait MountableFs: FileSystem {
    /// `lstat` of a path whose directory components the caller already resolved (no symlinks,
    /// all directories); an implementation may skip checking them again. Defaults to `lstat`.
    fn lstat_resolved(&self, path: &str) -> FsResult<Metadata> {
        self.lstat(path)
    }
    /// What this filesystem is, for the [`FileSystem::image`] of a [`MountFs`] holding it.
    /// `None` (the default): it cannot be captured, and the image is refused.
    fn as_mounted(&self) -> Option<MountedFs<'_>> {
        None
    }
}

/// A filesystem whose content a [`MountFs`] can capture and restore
/// ([`MountableFs::as_mounted`]).
#[derive(Debug, Clone, Copy)]
pub enum MountedFs<'a> {
    /// The in-memory filesystem at `/`.
    Memory(&'a MemoryFs),
    /// A host directory with an in-memory copy-on-write layer.
    Overlay(&'a OverlayFs),
    /// A host directory mounted read-write or read-only (its content is never copied).
    Host(&'a HostFs),
}

impl MountableFs for MemoryFs {
    fn as_mounted(&self) -> Option<MountedFs<'_>> {
        Some(MountedFs::Memory(self))
    }
}

impl MountableFs for HostFs {
    fn as_mounted(&self) -> Option<MountedFs<'_>> {
        Some(MountedFs::Host(self))
    }
}

/// One entry of the mount table.
#[derive(Debug)]
struct Mount {
    /// The mount point, canonical, `""` for the root mount.
    path: String,
    fs: Arc<dyn MountableFs>,
    /// Mixed into inode numbers so they differ between mounts.
    tag: u64,
}

/// A mount table; see the module docs.
#[derive(Debug)]
pub struct MountFs {
    /// The filesystem at `/`.
    root: Mount,
    /// The other mounts, longest mount point first.
    mounts: Vec<Mount>,
    next_tag: u64,
}

impl MountFs {
    /// A namespace with `root` mounted at `/`.
    pub fn new(root: Arc<dyn MountableFs>) -> Self {
        MountFs { root: Mount { path: String::new(), fs: root, tag: 0 }, mounts: Vec::new(), next_tag: 1 }
    }

    /// Mount `fs` at `vpath` (normalised; replaces a mount at the same place). The mount point's
    /// directories are created in the filesystem that holds them when possible; otherwise they
    /// still appear, as empty directories.
    pub fn mount(&mut self, vpath: &str, fs: Arc<dyn MountableFs>) -> FsResult<()> {
        let path = join_path("/", vpath);
        if path == "/" {
            self.root.fs = fs;
            return Ok(());
        }
        let _ = self.mkdir(&path, true);
        let tag = self.next_tag;
        self.next_tag += 1;
        self.mounts.retain(|m| m.path != path);
        self.mounts.push(Mount { path, fs, tag });
        self.mounts.sort_by_key(|m| std::cmp::Reverse(m.path.len()));
        Ok(())
    }

    /// Mount any filesystem (its paths are resolved with plain `lstat` calls).
    pub fn mount_dyn(&mut self, vpath: &str, fs: Arc<dyn FileSystem>) -> FsResult<()> {
        self.mount(vpath, Arc::new(Plain(fs)))
    }

    /// The mount points other than `/`, longest first.
    pub fn mount_points(&self) -> impl Iterator<Item = &str> {
        self.mounts.iter().map(|m| m.path.as_str())
    }

    /// The only filesystem when nothing is mounted besides the root.
    fn single(&self) -> Option<&dyn MountableFs> {
        if self.mounts.is_empty() {
            Some(&*self.root.fs)
        } else {
            None
        }
    }

    /// The mount owning canonical `path` and the path inside it.
    fn owner<'p>(&self, path: &'p str) -> (&Mount, &'p str) {
        for m in &self.mounts {
            if is_under(path, &m.path) {
                let rest = &path[m.path.len()..];
                return (m, if rest.is_empty() { "/" } else { rest });
            }
        }
        (&self.root, path)
    }

    fn is_mount_point(&self, path: &str) -> bool {
        self.mounts.iter().any(|m| m.path == path)
    }

    /// Whether a mount point lies strictly below `path`.
    fn holds_mount(&self, path: &str) -> bool {
        self.mounts.iter().any(|m| m.path != path && is_under(&m.path, path))
    }

    fn resolve(&self, path: &str, follow: bool) -> FsResult<Resolved> {
        resolve(self, path, follow)
    }

    /// Resolve following symlinks; the owning filesystem and the path inside it.
    fn target(&self, path: &str) -> FsResult<(&dyn MountableFs, String)> {
        let r = self.resolve(path, true)?;
        r.existing()?;
        let (m, rel) = self.owner(&r.path);
        Ok((&*m.fs, rel.to_string()))
    }
}

/// Any [`FileSystem`] made mountable with the default [`MountableFs::lstat_resolved`].
#[derive(Debug)]
struct Plain(Arc<dyn FileSystem>);

impl MountableFs for Plain {}

impl FileSystem for Plain {
    fn space(&self) -> Option<super::Space> {
        self.0.space()
    }
    fn stat(&self, path: &str) -> FsResult<Metadata> {
        self.0.stat(path)
    }
    fn lstat(&self, path: &str) -> FsResult<Metadata> {
        self.0.lstat(path)
    }
    fn read_file(&self, path: &str) -> FsResult<Vec<u8>> {
        self.0.read_file(path)
    }
    fn open_read(&self, path: &str) -> FsResult<Box<dyn Read + Send>> {
        self.0.open_read(path)
    }
    fn read_at(&self, path: &str, offset: u64, buf: &mut [u8]) -> FsResult<usize> {
        self.0.read_at(path, offset, buf)
    }
    fn write_file(&self, path: &str, data: &[u8], mode: WriteMode) -> FsResult<()> {
        self.0.write_file(path, data, mode)
    }
    fn write_at(&self, path: &str, offset: u64, data: &[u8]) -> FsResult<()> {
        self.0.write_at(path, offset, data)
    }
    fn set_len(&self, path: &str, len: u64) -> FsResult<()> {
        self.0.set_len(path, len)
    }
    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        self.0.read_dir(path)
    }
    fn mkdir(&self, path: &str, parents: bool) -> FsResult<()> {
        self.0.mkdir(path, parents)
    }
    fn mkfifo(&self, path: &str, mode: u32) -> FsResult<()> {
        self.0.mkfifo(path, mode)
    }
    fn open_fifo(&self, path: &str, write: bool, watch: Option<super::fifo::Watch>) -> FsResult<super::fifo::FifoEnd> {
        self.0.open_fifo(path, write, watch)
    }
    fn remove_file(&self, path: &str) -> FsResult<()> {
        self.0.remove_file(path)
    }
    fn remove_dir(&self, path: &str) -> FsResult<()> {
        self.0.remove_dir(path)
    }
    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        self.0.rename(from, to)
    }
    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        self.0.symlink(target, link)
    }
    fn hard_link(&self, target: &str, link: &str) -> FsResult<()> {
        self.0.hard_link(target, link)
    }
    fn read_link(&self, path: &str) -> FsResult<String> {
        self.0.read_link(path)
    }
    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        self.0.set_mode(path, mode)
    }
    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        self.0.set_mtime(path, mtime)
    }
    fn set_owner(&self, path: &str, uid: Option<u32>, gid: Option<u32>) -> FsResult<()> {
        self.0.set_owner(path, uid, gid)
    }
    fn canonicalize(&self, path: &str) -> FsResult<String> {
        self.0.canonicalize(path)
    }
    fn image(&self) -> Result<VfsImage, ImageError> {
        self.0.image()
    }
    fn load_image(&self, image: &VfsImage) -> Result<(), ImageError> {
        self.0.load_image(image)
    }
}

/// Metadata of a directory that only exists because a mount point lies below it.
fn synthetic_dir(path: &str) -> Metadata {
    let ino = path.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    Metadata { file_type: FileType::Dir, len: 4096, mode: 0o755, mtime: UNIX_EPOCH, uid: 0, gid: 0, nlink: 2, ino }
}

impl NodeSource for MountFs {
    fn node_lstat(&self, path: &str) -> FsResult<Metadata> {
        let (m, rel) = self.owner(path);
        match m.fs.lstat_resolved(rel) {
            Ok(mut meta) => {
                meta.ino ^= m.tag << 48;
                Ok(meta)
            }
            Err(FsError::NotFound | FsError::NotDir) if self.holds_mount(path) => Ok(synthetic_dir(path)),
            Err(e) => Err(e),
        }
    }

    fn node_readlink(&self, path: &str) -> FsResult<String> {
        let (m, rel) = self.owner(path);
        m.fs.read_link(rel)
    }
}

impl MountableFs for MountFs {
    fn lstat_resolved(&self, path: &str) -> FsResult<Metadata> {
        self.node_lstat(path)
    }
}

impl FileSystem for MountFs {
    fn space(&self) -> Option<super::Space> {
        self.root.fs.space()
    }

    fn image(&self) -> Result<VfsImage, ImageError> {
        self.vfs_image()
    }

    fn load_image(&self, image: &VfsImage) -> Result<(), ImageError> {
        self.load_vfs_image(image)
    }

    fn stat(&self, path: &str) -> FsResult<Metadata> {
        if let Some(fs) = self.single() {
            return fs.stat(path);
        }
        self.resolve(path, true)?.existing().cloned()
    }

    fn lstat(&self, path: &str) -> FsResult<Metadata> {
        if let Some(fs) = self.single() {
            return fs.lstat(path);
        }
        self.resolve(path, false)?.existing().cloned()
    }

    fn read_file(&self, path: &str) -> FsResult<Vec<u8>> {
        if let Some(fs) = self.single() {
            return fs.read_file(path);
        }
        let (fs, rel) = self.target(path)?;
        fs.read_file(&rel)
    }

    fn open_read(&self, path: &str) -> FsResult<Box<dyn Read + Send>> {
        if let Some(fs) = self.single() {
            return fs.open_read(path);
        }
        let (fs, rel) = self.target(path)?;
        fs.open_read(&rel)
    }

    fn read_at(&self, path: &str, offset: u64, buf: &mut [u8]) -> FsResult<usize> {
        if let Some(fs) = self.single() {
            return fs.read_at(path, offset, buf);
        }
        let (fs, rel) = self.target(path)?;
        fs.read_at(&rel, offset, buf)
    }

    fn write_file(&self, path: &str, data: &[u8], mode: WriteMode) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.write_file(path, data, mode);
        }
        if mode == WriteMode::CreateNew {
            let own = self.resolve(path, false)?;
            if let Some(m) = &own.meta {
                let device = || self.stat(path).is_ok_and(|t| t.file_type == FileType::CharDevice);
                if m.file_type == FileType::File || (m.file_type == FileType::Symlink && !device()) {
                    return Err(FsError::Exists);
                }
            }
        }
        let r = self.resolve(path, true)?;
        if r.meta.is_none() && (r.trailing || r.special) {
            return Err(FsError::IsDir);
        }
        if r.meta.is_some() {
            r.existing()?;
        }
        let (m, rel) = self.owner(&r.path);
        m.fs.write_file(rel, data, mode)
    }

    fn write_at(&self, path: &str, offset: u64, data: &[u8]) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.write_at(path, offset, data);
        }
        let (fs, rel) = self.target(path)?;
        fs.write_at(&rel, offset, data)
    }

    fn set_len(&self, path: &str, len: u64) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.set_len(path, len);
        }
        let (fs, rel) = self.target(path)?;
        fs.set_len(&rel, len)
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        if let Some(fs) = self.single() {
            return fs.read_dir(path);
        }
        let r = self.resolve(path, true)?;
        if !r.is_dir() {
            r.existing()?;
            return Err(FsError::NotDir);
        }
        let (m, rel) = self.owner(&r.path);
        let mut entries = match m.fs.read_dir(rel) {
            Ok(v) => v,
            Err(FsError::NotFound | FsError::NotDir) if self.holds_mount(&r.path) => Vec::new(),
            Err(e) => return Err(e),
        };
        let mut added = false;
        for mp in &self.mounts {
            if mp.path == r.path || !is_under(&mp.path, &r.path) {
                continue;
            }
            let below = mp.path[if r.path == "/" { 1 } else { r.path.len() + 1 }..].split('/').next().unwrap_or("");
            if !below.is_empty() && !entries.iter().any(|e| e.name == below) {
                entries.push(DirEntry { name: below.to_string(), file_type: FileType::Dir });
                added = true;
            }
        }
        if added {
            entries.sort_unstable_by(|a, b| a.name.cmp(&b.name));
        }
        Ok(entries)
    }

    fn open_fifo(&self, path: &str, write: bool, watch: Option<super::fifo::Watch>) -> FsResult<super::fifo::FifoEnd> {
        if let Some(fs) = self.single() {
            return fs.open_fifo(path, write, watch);
        }
        let (fs, rel) = self.target(path)?;
        fs.open_fifo(&rel, write, watch)
    }

    fn mkfifo(&self, path: &str, mode: u32) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.mkfifo(path, mode);
        }
        let r = self.resolve(path, false)?;
        if r.meta.is_some() {
            return Err(FsError::Exists);
        }
        let (m, rel) = self.owner(&r.path);
        m.fs.mkfifo(rel, mode)
    }

    fn mkdir(&self, path: &str, parents: bool) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.mkdir(path, parents);
        }
        if parents {
            return super::mkdir_all(self, path);
        }
        let r = self.resolve(path, false)?;
        if r.meta.is_some() {
            return Err(FsError::Exists);
        }
        let (m, rel) = self.owner(&r.path);
        m.fs.mkdir(rel, false)
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.remove_file(path);
        }
        let r = self.resolve(path, false)?;
        let meta = r.existing()?;
        if meta.file_type == FileType::Dir || r.special {
            return Err(FsError::IsDir);
        }
        let (m, rel) = self.owner(&r.path);
        m.fs.remove_file(rel)
    }

    fn remove_dir(&self, path: &str) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.remove_dir(path);
        }
        let stripped = strip_slashes(path);
        let r = self.resolve(stripped, false)?;
        r.existing()?;
        match stripped.rsplit('/').next() {
            Some(".") => return Err(FsError::Invalid),
            Some("..") => return Err(FsError::NotEmpty),
            _ => {}
        }
        if r.path == "/" || self.is_mount_point(&r.path) {
            return Err(FsError::Invalid);
        }
        if self.holds_mount(&r.path) {
            return Err(FsError::NotEmpty);
        }
        let (m, rel) = self.owner(&r.path);
        m.fs.remove_dir(rel)
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.rename(from, to);
        }
        let src = self.resolve(strip_slashes(from), false)?;
        src.existing()?;
        let dst = self.resolve(strip_slashes(to), false)?;
        if src.special || dst.special {
            return Err(FsError::Invalid);
        }
        for p in [&src.path, &dst.path] {
            if self.is_mount_point(p) || self.holds_mount(p) {
                return Err(FsError::Invalid);
            }
        }
        let (sm, srel) = self.owner(&src.path);
        let (dm, drel) = self.owner(&dst.path);
        if sm.tag != dm.tag {
            return Err(FsError::CrossDevice);
        }
        let slash = |orig: &str, rel: &str| if orig.ends_with('/') { format!("{rel}/") } else { rel.to_string() };
        sm.fs.rename(&slash(from, srel), &slash(to, drel))
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.symlink(target, link);
        }
        let r = self.resolve(link, false)?;
        if r.meta.is_some() {
            return Err(FsError::Exists);
        }
        if target.is_empty() || r.trailing {
            return Err(FsError::NotFound);
        }
        let (m, rel) = self.owner(&r.path);
        m.fs.symlink(target, rel)
    }

    fn hard_link(&self, target: &str, link: &str) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.hard_link(target, link);
        }
        let t = self.resolve(target, false)?;
        t.existing()?;
        let l = self.resolve(link, false)?;
        if l.meta.is_some() {
            return Err(FsError::Exists);
        }
        if l.trailing {
            return Err(FsError::NotFound);
        }
        let (tm, trel) = self.owner(&t.path);
        let (lm, lrel) = self.owner(&l.path);
        if tm.tag != lm.tag {
            return Err(FsError::CrossDevice);
        }
        tm.fs.hard_link(trel, lrel)
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        if let Some(fs) = self.single() {
            return fs.read_link(path);
        }
        let r = self.resolve(path, false)?;
        r.existing()?;
        let (m, rel) = self.owner(&r.path);
        m.fs.read_link(rel)
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.set_mode(path, mode);
        }
        let (fs, rel) = self.target(path)?;
        fs.set_mode(&rel, mode)
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.set_mtime(path, mtime);
        }
        let (fs, rel) = self.target(path)?;
        fs.set_mtime(&rel, mtime)
    }

    fn set_owner(&self, path: &str, uid: Option<u32>, gid: Option<u32>) -> FsResult<()> {
        if let Some(fs) = self.single() {
            return fs.set_owner(path, uid, gid);
        }
        let (fs, rel) = self.target(path)?;
        fs.set_owner(&rel, uid, gid)
    }

    fn canonicalize(&self, path: &str) -> FsResult<String> {
        if let Some(fs) = self.single() {
            return fs.canonicalize(path);
        }
        let r = self.resolve(path, true)?;
        r.existing()?;
        Ok(r.path)
    }
}

#[cfg(test)]
mod tests;
