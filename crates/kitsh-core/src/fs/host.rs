//! [`HostFs`]: a host directory with real reads and (optionally) real writes (`--mount-rw`).
//!
//! Paths are relative to the host root (`/` is the root) and resolved component by component
//! like [`OverlayFs`](super::OverlayFs): host symlinks are interpreted inside the virtual
//! namespace, so nothing outside the root is ever touched, and files are opened without following
//! a final symlink. Every operation holds a lock across resolution and action, so one sandbox
//! cannot race itself (swapping a checked directory for a symlink between the check and the use);
//! processes outside the sandbox changing the host directory concurrently are not guarded against.

use std::fs::OpenOptions;
use std::io::{Read, Write};
use std::os::unix::fs::{FileExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::SystemTime;

use super::hostio::{self, host_path, io_error};
use super::limits::FsLimits;
use super::memory::strip_slashes;
use super::walk::{resolve, NodeSource, Resolved};
use super::{DirEntry, FileSystem, FileType, FsError, FsResult, Metadata, WriteMode};

/// A host directory; see the module docs.
#[derive(Debug)]
pub struct HostFs {
    root: PathBuf,
    writable: bool,
    max_file_size: u64,
    lock: RwLock<()>,
}

/// Per-component host access for the walk.
struct HostView<'a>(&'a Path);

impl NodeSource for HostView<'_> {
    fn node_lstat(&self, path: &str) -> FsResult<Metadata> {
        hostio::lstat(self.0, path)
    }

    fn node_readlink(&self, path: &str) -> FsResult<String> {
        hostio::read_link(self.0, path)
    }
}

impl HostFs {
    /// Show `host_root`; writes are allowed when `writable` (else they fail with
    /// [`FsError::ReadOnly`]). Fails when `host_root` is not a directory.
    pub fn new(host_root: PathBuf, writable: bool) -> FsResult<Self> {
        Self::with_limits(host_root, writable, FsLimits::default())
    }

    /// Like [`HostFs::new`]; files written may not grow beyond `limits.max_file_size`.
    pub fn with_limits(host_root: PathBuf, writable: bool, limits: FsLimits) -> FsResult<Self> {
        let m = std::fs::metadata(&host_root).map_err(|e| io_error(&e))?;
        if !m.is_dir() {
            return Err(FsError::NotDir);
        }
        Ok(HostFs { root: host_root, writable, max_file_size: limits.max_file_size, lock: RwLock::new(()) })
    }

    /// The host directory shown.
    pub fn host_root(&self) -> &Path {
        &self.root
    }

    /// Whether writes are allowed (mounted read-write).
    pub fn is_writable(&self) -> bool {
        self.writable
    }

    fn read(&self) -> RwLockReadGuard<'_, ()> {
        self.lock.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> FsResult<RwLockWriteGuard<'_, ()>> {
        if !self.writable {
            return Err(FsError::ReadOnly);
        }
        Ok(self.lock.write().unwrap_or_else(PoisonError::into_inner))
    }

    fn resolve(&self, path: &str, follow: bool) -> FsResult<Resolved> {
        resolve(&HostView(&self.root), path, follow)
    }

    fn path(&self, rel: &str) -> PathBuf {
        host_path(&self.root, rel)
    }

    /// Resolve to an existing regular file (following symlinks).
    fn regular(&self, path: &str) -> FsResult<(String, Metadata)> {
        let r = self.resolve(path, true)?;
        let m = r.existing()?.clone();
        match m.file_type {
            FileType::File => Ok((r.path, m)),
            FileType::Dir => Err(FsError::IsDir),
            _ => Err(FsError::PermissionDenied),
        }
    }

    fn check_size(&self, len: u64) -> FsResult<()> {
        if len > self.max_file_size {
            Err(FsError::NoSpace)
        } else {
            Ok(())
        }
    }

    fn open_for_meta(&self, rel: &str) -> FsResult<std::fs::File> {
        hostio::open_write(&self.root, rel, OpenOptions::new().read(true))
    }
}

impl FileSystem for HostFs {
    fn stat(&self, path: &str) -> FsResult<Metadata> {
        let _g = self.read();
        self.resolve(path, true)?.existing().cloned()
    }

    fn lstat(&self, path: &str) -> FsResult<Metadata> {
        let _g = self.read();
        self.resolve(path, false)?.existing().cloned()
    }

    fn read_file(&self, path: &str) -> FsResult<Vec<u8>> {
        let _g = self.read();
        let (rel, m) = self.regular(path)?;
        hostio::read_all(&self.root, &rel, &m)
    }

    fn open_read(&self, path: &str) -> FsResult<Box<dyn Read + Send>> {
        let _g = self.read();
        let (rel, m) = self.regular(path)?;
        Ok(Box::new(hostio::open_file(&self.root, &rel, &m)?))
    }

    fn read_at(&self, path: &str, offset: u64, buf: &mut [u8]) -> FsResult<usize> {
        let _g = self.read();
        let (rel, m) = self.regular(path)?;
        hostio::read_at(&self.root, &rel, &m, offset, buf)
    }

    fn write_file(&self, path: &str, data: &[u8], mode: WriteMode) -> FsResult<()> {
        let _g = self.write()?;
        if mode == WriteMode::CreateNew {
            if let Some(m) = self.resolve(path, false)?.meta {
                return Err(if m.file_type == FileType::Dir { FsError::IsDir } else { FsError::Exists });
            }
        }
        let r = self.resolve(path, true)?;
        let mut opts = OpenOptions::new();
        opts.write(true);
        match &r.meta {
            None if r.trailing || r.special => return Err(FsError::IsDir),
            None => {
                self.check_size(data.len() as u64)?;
                opts.create_new(true);
            }
            Some(m) if m.file_type == FileType::Dir => return Err(FsError::IsDir),
            Some(_) if r.trailing => return Err(FsError::NotDir),
            Some(m) if m.file_type != FileType::File => return Err(FsError::PermissionDenied),
            Some(m) if mode == WriteMode::Append => {
                self.check_size(m.len.saturating_add(data.len() as u64))?;
                opts.append(true);
            }
            Some(_) => {
                self.check_size(data.len() as u64)?;
                opts.truncate(true);
            }
        }
        let mut f = hostio::open_write(&self.root, &r.path, &mut opts)?;
        f.write_all(data).map_err(|e| io_error(&e))
    }

    fn write_at(&self, path: &str, offset: u64, data: &[u8]) -> FsResult<()> {
        let _g = self.write()?;
        let (rel, _) = self.regular(path)?;
        self.check_size(offset.checked_add(data.len() as u64).ok_or(FsError::NoSpace)?)?;
        let f = hostio::open_write(&self.root, &rel, OpenOptions::new().write(true))?;
        f.write_all_at(data, offset).map_err(|e| io_error(&e))
    }

    fn set_len(&self, path: &str, len: u64) -> FsResult<()> {
        let _g = self.write()?;
        let (rel, _) = self.regular(path)?;
        self.check_size(len)?;
        let f = hostio::open_write(&self.root, &rel, OpenOptions::new().write(true))?;
        f.set_len(len).map_err(|e| io_error(&e))
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        let _g = self.read();
        let r = self.resolve(path, true)?;
        if !r.is_dir() {
            r.existing()?;
            return Err(FsError::NotDir);
        }
        hostio::read_dir(&self.root, &r.path)
    }

    fn mkdir(&self, path: &str, parents: bool) -> FsResult<()> {
        if parents {
            return super::mkdir_all(self, path);
        }
        let _g = self.write()?;
        let r = self.resolve(path, false)?;
        if r.meta.is_some() {
            return Err(FsError::Exists);
        }
        std::fs::create_dir(self.path(&r.path)).map_err(|e| io_error(&e))
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        let _g = self.write()?;
        let r = self.resolve(path, false)?;
        let m = r.meta.as_ref().ok_or(FsError::NotFound)?;
        if m.file_type == FileType::Dir || r.special {
            return Err(FsError::IsDir);
        }
        if r.trailing {
            return Err(FsError::NotDir);
        }
        std::fs::remove_file(self.path(&r.path)).map_err(|e| io_error(&e))
    }

    fn remove_dir(&self, path: &str) -> FsResult<()> {
        let _g = self.write()?;
        let stripped = strip_slashes(path);
        let r = self.resolve(stripped, false)?;
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
        std::fs::remove_dir(self.path(&r.path)).map_err(|e| io_error(&e))
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let _g = self.write()?;
        let src = self.resolve(strip_slashes(from), false)?;
        let sm = src.meta.as_ref().ok_or(FsError::NotFound)?;
        let dst = self.resolve(strip_slashes(to), false)?;
        let src_dir = sm.file_type == FileType::Dir;
        if hostio::rename_checks(from, to, (&src.path, src.special, src_dir), (&dst.path, dst.special))? {
            return Ok(());
        }
        std::fs::rename(self.path(&src.path), self.path(&dst.path)).map_err(|e| io_error(&e))
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        let _g = self.write()?;
        let r = self.resolve(link, false)?;
        if r.meta.is_some() {
            return Err(FsError::Exists);
        }
        if target.is_empty() || r.trailing {
            return Err(FsError::NotFound);
        }
        std::os::unix::fs::symlink(target, self.path(&r.path)).map_err(|e| io_error(&e))
    }

    fn hard_link(&self, target: &str, link: &str) -> FsResult<()> {
        let _g = self.write()?;
        let t = self.resolve(target, false)?;
        let is_dir = t.existing()?.file_type == FileType::Dir;
        let l = self.resolve(link, false)?;
        if l.meta.is_some() {
            return Err(FsError::Exists);
        }
        if l.trailing {
            return Err(FsError::NotFound);
        }
        if is_dir {
            return Err(FsError::PermissionDenied);
        }
        std::fs::hard_link(self.path(&t.path), self.path(&l.path)).map_err(|e| io_error(&e))
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        let _g = self.read();
        let r = self.resolve(path, false)?;
        if r.existing()?.file_type != FileType::Symlink {
            return Err(FsError::Invalid);
        }
        hostio::read_link(&self.root, &r.path)
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        let _g = self.write()?;
        let r = self.resolve(path, true)?;
        r.existing()?;
        let perms = std::fs::Permissions::from_mode(mode & 0o7777);
        match self.open_for_meta(&r.path) {
            Ok(f) => f.set_permissions(perms).map_err(|e| io_error(&e)),
            Err(FsError::PermissionDenied) => std::fs::set_permissions(self.path(&r.path), perms).map_err(|e| io_error(&e)),
            Err(e) => Err(e),
        }
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        let _g = self.write()?;
        let r = self.resolve(path, true)?;
        r.existing()?;
        let f = self.open_for_meta(&r.path)?;
        f.set_modified(mtime).map_err(|e| io_error(&e))
    }

    fn canonicalize(&self, path: &str) -> FsResult<String> {
        let _g = self.read();
        let r = self.resolve(path, true)?;
        r.existing()?;
        Ok(r.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fs::testutil::{ok, TempDir};
    use std::time::{Duration, UNIX_EPOCH};

    fn setup(writable: bool) -> (TempDir, HostFs) {
        let t = TempDir::new("host");
        t.write("a.txt", "alpha");
        t.write("d/b.txt", "beta");
        let fs = ok(HostFs::new(t.buf(), writable));
        (t, fs)
    }

    fn r(fs: &HostFs, p: &str) -> FsResult<String> {
        fs.read_file(p).map(|v| String::from_utf8_lossy(&v).into_owned())
    }

    #[test]
    fn reads() {
        let (_t, fs) = setup(false);
        assert_eq!(r(&fs, "/a.txt"), Ok("alpha".into()));
        assert_eq!(r(&fs, "/d/../d/b.txt"), Ok("beta".into()));
        assert_eq!(fs.read_dir("/").map(|v| v.len()), Ok(2));
        assert_eq!(r(&fs, "/d"), Err(FsError::IsDir));
    }

    #[test]
    fn read_only_refuses_writes() {
        let (t, fs) = setup(false);
        assert_eq!(fs.write_file("/a.txt", b"x", WriteMode::Truncate), Err(FsError::ReadOnly));
        assert_eq!(fs.remove_file("/a.txt"), Err(FsError::ReadOnly));
        assert_eq!(fs.mkdir("/n", false), Err(FsError::ReadOnly));
        assert_eq!(t.read("a.txt"), Some("alpha".into()));
    }

    #[test]
    fn writes_reach_host() {
        let (t, fs) = setup(true);
        assert_eq!(fs.write_file("/a.txt", b"X", WriteMode::Truncate), Ok(()));
        assert_eq!(fs.write_file("/a.txt", b"Y", WriteMode::Append), Ok(()));
        assert_eq!(fs.write_file("/a.txt", b"Z", WriteMode::CreateNew), Err(FsError::Exists));
        assert_eq!(t.read("a.txt"), Some("XY".into()));
        assert_eq!(fs.write_at("/a.txt", 3, b"!"), Ok(()));
        assert_eq!(fs.read_file("/a.txt"), Ok(b"XY\0!".to_vec()));
        assert_eq!(fs.set_len("/a.txt", 1), Ok(()));
        assert_eq!(fs.mkdir("/n/m", true), Ok(()));
        assert_eq!(fs.rename("/a.txt", "/n/m/a"), Ok(()));
        assert_eq!(t.read("n/m/a"), Some("X".into()));
        assert_eq!(fs.symlink("m/a", "/n/l"), Ok(()));
        assert_eq!(r(&fs, "/n/l"), Ok("X".into()));
        assert_eq!(fs.hard_link("/n/m/a", "/h"), Ok(()));
        assert_eq!(fs.stat("/h").map(|m| m.nlink), Ok(2));
        assert_eq!(fs.set_mode("/h", 0o600), Ok(()));
        assert_eq!(fs.stat("/n/m/a").map(|m| m.mode), Ok(0o600));
        let when = UNIX_EPOCH + Duration::from_secs(1000);
        assert_eq!(fs.set_mtime("/h", when), Ok(()));
        assert_eq!(fs.stat("/h").map(|m| m.mtime), Ok(when));
        assert_eq!(fs.remove_dir("/n"), Err(FsError::NotEmpty));
        assert_eq!(fs.remove_file("/n/l"), Ok(()));
        assert_eq!(fs.remove_file("/n/m/a"), Ok(()));
        assert_eq!(fs.remove_dir("/n/m"), Ok(()));
        assert_eq!(fs.rename("/d", "/d/x"), Err(FsError::Invalid));
    }

    #[test]
    fn escapes_stay_inside() {
        let (t, fs) = setup(true);
        t.symlink("/etc/passwd", "esc");
        t.symlink("../../../../../../etc", "esc_dir");
        assert_eq!(fs.read_file("/esc"), Err(FsError::NotFound));
        assert_eq!(fs.read_dir("/esc_dir"), Err(FsError::NotFound));
        assert_eq!(fs.write_file("/esc", b"pwned", WriteMode::Truncate), Err(FsError::NotFound));
        assert_eq!(fs.write_file("/esc_dir/x", b"pwned", WriteMode::Truncate), Err(FsError::NotFound));
        t.mkdir("etc");
        assert_eq!(fs.write_file("/esc", b"inside", WriteMode::Truncate), Ok(()));
        assert_eq!(t.read("etc/passwd"), Some("inside".into()));
        assert_eq!(r(&fs, "/esc_dir/passwd"), Ok("inside".into()));
        assert_eq!(fs.set_mode("/esc", 0o600), Ok(()));
    }

    #[test]
    fn file_size_limit() {
        let t = TempDir::new("host-lim");
        let fs = ok(HostFs::with_limits(t.buf(), true, FsLimits { max_file_size: 4, ..FsLimits::default() }));
        assert_eq!(fs.write_file("/f", b"12345", WriteMode::Truncate), Err(FsError::NoSpace));
        assert_eq!(fs.write_file("/f", b"1234", WriteMode::Truncate), Ok(()));
        assert_eq!(fs.write_file("/f", b"5", WriteMode::Append), Err(FsError::NoSpace));
        assert_eq!(fs.write_at("/f", 4, b"5"), Err(FsError::NoSpace));
        assert_eq!(t.read("f"), Some("1234".into()));
    }
}
