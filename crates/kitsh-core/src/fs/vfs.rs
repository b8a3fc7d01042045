//! Assembling the sandbox's filesystem: [`VfsBuilder`] and [`default_fs`].
//!
//! The root is a [`MemoryFs`] with the standard layout (`/tmp`, `/home/user`, `/dev`, `/etc`,
//! `/bin`, `/usr/bin`); host directories are mounted over it as [`OverlayFs`] (read-only host,
//! changes in memory), [`HostFs`] read-write or read-only. All in-memory data shares one
//! [`Quota`]. Without mounts the root filesystem is returned directly (no mount table cost).

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::Arc;

use super::limits::{FsLimits, Quota};
use super::mount::{MountFs, MountableFs};
use super::{join_path, FileSystem, FsResult, HostFs, MemoryFs, OverlayFs};

/// How a host directory is mounted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MountKind {
    /// Host read-only, changes kept in memory ([`OverlayFs`]).
    Overlay,
    /// Real reads and writes ([`HostFs`], `--mount-rw`).
    ReadWrite,
    /// Real reads, writes fail with `ReadOnly` ([`HostFs`]).
    ReadOnly,
}

/// Builds the sandbox filesystem; see the module docs.
#[derive(Debug, Clone)]
pub struct VfsBuilder {
    limits: FsLimits,
    home: Cow<'static, str>,
    mounts: Vec<(String, PathBuf, MountKind)>,
    commands: &'static [&'static str],
}

impl Default for VfsBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl VfsBuilder {
    /// Default limits, home `/home/user`, no mounts.
    pub fn new() -> Self {
        VfsBuilder { limits: FsLimits::default(), home: Cow::Borrowed("/home/user"), mounts: Vec::new(), commands: &[] }
    }

    /// Set the limits of in-memory data.
    pub fn limits(mut self, limits: FsLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Set the home directory created for the user (owned by uid 1000).
    pub fn home(mut self, home: &str) -> Self {
        let home = join_path("/", home);
        self.home = if home == "/home/user" { Cow::Borrowed("/home/user") } else { Cow::Owned(home) };
        self
    }

    /// Mount host directory `host` at `vpath` as a copy-on-write overlay.
    pub fn mount_overlay(self, host: impl Into<PathBuf>, vpath: &str) -> Self {
        self.mount(host, vpath, MountKind::Overlay)
    }

    /// Mount host directory `host` at `vpath` read-write.
    pub fn mount_rw(self, host: impl Into<PathBuf>, vpath: &str) -> Self {
        self.mount(host, vpath, MountKind::ReadWrite)
    }

    /// Mount host directory `host` at `vpath` read-only.
    pub fn mount_ro(self, host: impl Into<PathBuf>, vpath: &str) -> Self {
        self.mount(host, vpath, MountKind::ReadOnly)
    }

    /// Mount host directory `host` at `vpath` as `kind`.
    pub fn mount(mut self, host: impl Into<PathBuf>, vpath: &str, kind: MountKind) -> Self {
        self.mounts.push((join_path("/", vpath), host.into(), kind));
        self
    }

    /// Present `names` as executable files in `/usr/bin` (see [`MemoryFs::with_commands`]).
    pub fn commands(mut self, names: &'static [&'static str]) -> Self {
        self.commands = names;
        self
    }

    /// Build it. Fails when a host directory is missing or not a directory.
    pub fn build(self) -> FsResult<Arc<dyn FileSystem>> {
        self.build_with_quota().map(|(fs, _)| fs)
    }

    /// [`VfsBuilder::build`], also handing back the quota every in-memory layer shares (the
    /// interpreter watches it to stop a script that fills the filesystem).
    pub fn build_with_quota(self) -> FsResult<(Arc<dyn FileSystem>, Arc<Quota>)> {
        let quota = Quota::new(self.limits);
        let mem = Arc::new(MemoryFs::standard(Arc::clone(&quota), self.home).with_commands(self.commands));
        if self.mounts.is_empty() {
            return Ok((mem, quota));
        }
        let mut mounts = self.mounts;
        mounts.sort_by_key(|(v, _, _)| v.matches('/').count());
        let mut table = MountFs::new(mem);
        for (vpath, host, kind) in mounts {
            let fs: Arc<dyn MountableFs> = match kind {
                MountKind::Overlay => Arc::new(OverlayFs::with_quota(host, Arc::clone(&quota))?),
                MountKind::ReadWrite => Arc::new(HostFs::with_limits(host, true, self.limits)?),
                MountKind::ReadOnly => Arc::new(HostFs::with_limits(host, false, self.limits)?),
            };
            table.mount(&vpath, fs)?;
        }
        Ok((Arc::new(table), quota))
    }
}

/// The standard in-memory filesystem with `limits` and no mounts (cheap: nothing is built
/// before first use).
pub fn default_fs(limits: FsLimits) -> Arc<dyn FileSystem> {
    Arc::new(MemoryFs::standard(Quota::new(limits), "/home/user"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fs::testutil::{ok, TempDir};
    use crate::fs::{FileType, FsError, WriteMode};
    use std::time::{Duration, Instant};

    #[test]
    fn default_layout() {
        let fs = default_fs(FsLimits::default());
        assert_eq!(fs.stat("/tmp").map(|m| m.mode), Ok(0o1777));
        assert_eq!(fs.stat("/home/user").map(|m| m.file_type), Ok(FileType::Dir));
        assert_eq!(fs.stat("/dev/null").map(|m| m.file_type), Ok(FileType::CharDevice));
    }

    #[test]
    fn default_fs_is_cheap() {
        let start = Instant::now();
        for _ in 0..10_000 {
            std::hint::black_box(default_fs(FsLimits::default()));
        }
        assert!(start.elapsed() < Duration::from_millis(100), "{:?}", start.elapsed());
    }

    #[test]
    fn builder_with_mounts_and_home() {
        let ovl = TempDir::new("vfs-ovl");
        ovl.write("readme", "hi");
        let rw = TempDir::new("vfs-rw");
        let fs = ok(VfsBuilder::new()
            .home("/home/alice")
            .mount_overlay(ovl.buf(), "/home/alice/proj")
            .mount_rw(rw.buf(), "/out")
            .build());
        assert_eq!(fs.read_file("/home/alice/proj/readme"), Ok(b"hi".to_vec()));
        assert_eq!(fs.write_file("/home/alice/proj/readme", b"x", WriteMode::Truncate), Ok(()));
        assert_eq!(ovl.read("readme"), Some("hi".into()));
        assert_eq!(fs.write_file("/out/result", b"r", WriteMode::Truncate), Ok(()));
        assert_eq!(rw.read("result"), Some("r".into()));
        assert_eq!(fs.rename("/out/result", "/tmp/result"), Err(FsError::CrossDevice));
        assert_eq!(fs.stat("/home/alice").map(|m| m.uid), Ok(1000));
    }

    #[test]
    fn builder_shares_quota() {
        let ovl = TempDir::new("vfs-quota");
        let limits = FsLimits { max_bytes: 10, ..FsLimits::default() };
        let fs = ok(VfsBuilder::new().limits(limits).mount_overlay(ovl.buf(), "/p").build());
        assert_eq!(fs.write_file("/tmp/a", &[0; 6], WriteMode::Truncate), Ok(()));
        assert_eq!(fs.write_file("/p/b", &[0; 6], WriteMode::Truncate), Err(FsError::NoSpace));
    }

    #[test]
    fn missing_host_dir_fails() {
        let t = TempDir::new("vfs-missing");
        let r = VfsBuilder::new().mount_overlay(t.path().join("nope"), "/p").build();
        assert_eq!(r.map(drop), Err(FsError::NotFound));
    }
}
