//! The virtual filesystem: the [`FileSystem`] trait and its implementations.
//!
//! Every path given to a [`FileSystem`] is absolute (`/a/b`), already joined with the shell's
//! working directory by the caller; implementations resolve `.`, `..` and symlinks themselves and
//! can never reach a host path outside what they were given. Devices under `/dev` are served by
//! the implementations too (`/dev/null`, `/dev/zero`, ...); `/dev/stdin`, `/dev/fd/N` and friends
//! depend on the shell's descriptors and are handled by the interpreter before the filesystem is
//! asked.
//!
//! Implementations: [`MemoryFs`] (everything in memory, the standard layout), [`OverlayFs`] (a
//! host directory read-only, changes in memory), [`HostFs`] (a host directory, real writes when
//! allowed) and [`MountFs`] (a mount table joining them). [`VfsBuilder`] / [`default_fs`] assemble
//! the sandbox's filesystem; in-memory data is bounded by one shared [`Quota`] ([`FsLimits`]).
//! [`FileSystem::image`] and [`FileSystem::load_image`] turn the in-memory content into plain
//! data ([`VfsImage`]) and back, for session snapshots.

// Named pipes: the interpreter (crate kitsh) opens their ends; not part of the filesystem API
// embedders use, so hidden from the docs and from kitsh's public-API list.
#[doc(hidden)]
pub mod fifo;
mod dev;
mod disabled;
#[cfg(test)]
mod difftest;
mod host;
mod hostio;
mod image;
mod limits;
mod memory;
mod mount;
mod overlay;
#[cfg(test)]
mod testutil;
mod vfs;
mod walk;

pub use self::dev::{secure_random, DevKind};
pub use self::disabled::DisabledFs;
pub use self::limits::{FsLimits, Quota, HIT_BYTES, HIT_FILES};
pub use self::host::HostFs;
pub use self::image::{
    FsImage, ImageError, MountImage, NodeImage, NodeKind, OverlayDir, OverlayEntry, OverlayImage, OverlayKind, OverlayNode,
    VfsImage,
};
pub use self::memory::{MemoryFs, COMMAND_STUB};
pub use self::mount::{MountFs, MountableFs, MountedFs};
pub use self::overlay::OverlayFs;
pub use self::vfs::{default_fs, MountKind, VfsBuilder};

use std::fmt;
use std::io::Read;
use std::time::SystemTime;

/// The uid of the sandbox user (`user` in `/etc/passwd`); owner of what scripts create and of
/// host files seen through mounts.
pub const USER_UID: u32 = 1000;
/// The gid of the sandbox user.
pub const USER_GID: u32 = 1000;

/// The result of a filesystem operation.
pub type FsResult<T> = Result<T, FsError>;

/// A filesystem error; `Display` gives the `strerror` text bash prints
/// (`No such file or directory`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FsError {
    /// ENOENT
    #[error("No such file or directory")]
    NotFound,
    /// EEXIST
    #[error("File exists")]
    Exists,
    /// EISDIR
    #[error("Is a directory")]
    IsDir,
    /// ENOTDIR
    #[error("Not a directory")]
    NotDir,
    /// ENOTEMPTY
    #[error("Directory not empty")]
    NotEmpty,
    /// EACCES
    #[error("Permission denied")]
    PermissionDenied,
    /// EROFS
    #[error("Read-only file system")]
    ReadOnly,
    /// ENOSPC: a size or file-count limit was hit.
    #[error("No space left on device")]
    NoSpace,
    /// ELOOP
    #[error("Too many levels of symbolic links")]
    Loop,
    /// EINVAL
    #[error("Invalid argument")]
    Invalid,
    /// EXDEV (rename across mounts)
    #[error("Invalid cross-device link")]
    CrossDevice,
    /// ENAMETOOLONG
    #[error("File name too long")]
    NameTooLong,
    /// EIO: a host I/O error that has no better mapping.
    #[error("Input/output error")]
    Io,
    /// EOPNOTSUPP: an operation the sandbox does not provide (reading a named pipe as a file).
    #[error("Operation not supported")]
    Unsupported,
    /// EINTR: a blocking open (of a named pipe) was cancelled.
    #[error("Interrupted system call")]
    Interrupted,
}

/// The kind of a filesystem node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link (only from [`FileSystem::lstat`] and [`FileSystem::read_dir`]).
    Symlink,
    /// A character device (`/dev/null`, ...).
    CharDevice,
    /// A named pipe.
    Fifo,
}

/// What `stat` reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Metadata {
    /// The node kind.
    pub file_type: FileType,
    /// Size in bytes (0 for devices; for a symlink, the target's length).
    pub len: u64,
    /// Permission bits (`0o644`), without the type bits.
    pub mode: u32,
    /// Last modification time.
    pub mtime: SystemTime,
    /// Owner user id.
    pub uid: u32,
    /// Owner group id.
    pub gid: u32,
    /// Number of hard links.
    pub nlink: u64,
    /// Inode number (unique per node within a filesystem; used by `-ef`).
    pub ino: u64,
}

/// An entry of [`FileSystem::read_dir`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The entry name (no slashes; never `.` or `..`).
    pub name: String,
    /// Its type, symlinks not followed.
    pub file_type: FileType,
}

/// How [`FileSystem::write_file`] treats an existing file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteMode {
    /// Create or truncate (`>`).
    Truncate,
    /// Create or append (`>>`).
    Append,
    /// Create; fail with [`FsError::Exists`] if it exists (`set -C` with `>`).
    CreateNew,
}

/// A virtual filesystem. Paths are absolute; see the module docs.
///
/// Implementations are shared between pipeline stages running on different threads, so they
/// use interior mutability and are `Send + Sync`.
pub trait FileSystem: Send + Sync + fmt::Debug {
    /// Whether every access is refused (a logic-only shell's filesystem): commands skip the
    /// optional lookups they would make on their own (jq's `~/.jq`), which would otherwise
    /// count as a refused access.
    fn refuses_all(&self) -> bool {
        false
    }
    /// Metadata, following symlinks.
    fn stat(&self, path: &str) -> FsResult<Metadata>;
    /// Metadata of the node itself (a symlink is reported as such).
    fn lstat(&self, path: &str) -> FsResult<Metadata>;
    /// The whole content of a regular file (following symlinks). Devices with endless content
    /// (`/dev/zero`) return [`FsError::Invalid`]; use [`FileSystem::open_read`] for them.
    fn read_file(&self, path: &str) -> FsResult<Vec<u8>>;
    /// A streaming reader over a file or device (`/dev/zero` never ends, `/dev/null` is empty).
    fn open_read(&self, path: &str) -> FsResult<Box<dyn Read + Send>>;
    /// Read up to `buf.len()` bytes at `offset`; 0 at end of file.
    fn read_at(&self, path: &str, offset: u64, buf: &mut [u8]) -> FsResult<usize>;
    /// Write a whole file (create/truncate, append, or create-new). Writing to `/dev/null`
    /// discards. Fails with [`FsError::NoSpace`] when a limit would be exceeded.
    fn write_file(&self, path: &str, data: &[u8], mode: WriteMode) -> FsResult<()>;
    /// Write `data` at `offset` of an existing file, extending it with zeros if needed.
    fn write_at(&self, path: &str, offset: u64, data: &[u8]) -> FsResult<()>;
    /// Truncate or extend a file to `len` bytes.
    fn set_len(&self, path: &str, len: u64) -> FsResult<()>;
    /// The entries of a directory, sorted by name.
    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>>;
    /// Create a directory (`parents`: like `mkdir -p`, no error if it exists).
    fn mkdir(&self, path: &str, parents: bool) -> FsResult<()>;
    /// Remove a file or symlink (not a directory).
    fn remove_file(&self, path: &str) -> FsResult<()>;
    /// Remove an empty directory.
    fn remove_dir(&self, path: &str) -> FsResult<()>;
    /// Rename (move) a node; replaces an existing file at `to`.
    fn rename(&self, from: &str, to: &str) -> FsResult<()>;
    /// Create a symlink at `link` pointing to `target` (stored as given, not resolved).
    fn symlink(&self, target: &str, link: &str) -> FsResult<()>;
    /// Create a hard link `link` to the file `target` (may copy where links are unsupported).
    fn hard_link(&self, target: &str, link: &str) -> FsResult<()>;
    /// The target of a symlink, as stored.
    fn read_link(&self, path: &str) -> FsResult<String>;
    /// Set permission bits.
    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()>;
    /// Set the modification time.
    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()>;
    /// The canonical absolute path: every symlink resolved, no `.`/`..` (the path must exist).
    fn canonicalize(&self, path: &str) -> FsResult<String>;
    /// Create the named pipe `path` with permission bits `mode` (`mkfifo`); open it with
    /// [`FileSystem::open_fifo`]. Filesystems without the node type refuse with
    /// [`FsError::Unsupported`].
    fn mkfifo(&self, path: &str, mode: u32) -> FsResult<()> {
        let _ = (path, mode);
        Err(FsError::Unsupported)
    }
    /// Open the named pipe `path` for reading or writing (`write`), waiting until the other side
    /// is opened too, or until `watch` says the caller was cancelled ([`FsError::Interrupted`]).
    /// The whole-file calls (`read_file`, `read_at`, `write_file`, ...) refuse a FIFO.
    fn open_fifo(&self, path: &str, write: bool, watch: Option<fifo::Watch>) -> FsResult<fifo::FifoEnd> {
        let _ = (path, write, watch);
        Err(FsError::Unsupported)
    }
    /// Change the owner and/or group (`chown` as root); the default refuses (`EPERM`-like).
    fn set_owner(&self, path: &str, uid: Option<u32>, gid: Option<u32>) -> FsResult<()> {
        let _ = (path, uid, gid);
        Err(FsError::PermissionDenied)
    }
    /// The space budget and its use, for `df` (`None`: not limited by kitsh).
    fn space(&self) -> Option<Space> {
        None
    }
    /// This filesystem's content as data, for a session snapshot: the in-memory tree and, for
    /// each mount, how it is mounted and an overlay's in-memory layer (host content is never
    /// copied). The default refuses with [`ImageError::Unsupported`].
    fn image(&self) -> Result<VfsImage, ImageError> {
        Err(ImageError::unsupported())
    }
    /// Replace this filesystem's content with `image`, checked first: nothing changes when it
    /// fails. The mounts must be the image's (same paths and kinds; the host directories may
    /// differ). The default refuses with [`ImageError::Unsupported`].
    fn load_image(&self, image: &VfsImage) -> Result<(), ImageError> {
        let _ = image;
        Err(ImageError::unsupported())
    }
}

/// A filesystem's size and use (what `df` shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Space {
    /// Bytes that may be stored.
    pub total_bytes: u64,
    /// Bytes stored.
    pub used_bytes: u64,
    /// Names that may exist.
    pub total_files: u64,
    /// Names that exist.
    pub used_files: u64,
}

impl Space {
    /// The budget and use of `quota`.
    pub fn of(quota: &limits::Quota) -> Space {
        let l = quota.limits();
        Space { total_bytes: l.max_bytes, used_bytes: quota.used_bytes(), total_files: l.max_files, used_files: quota.used_files() }
    }
}

/// Join `path` to the directory `cwd` (when relative) and normalise `.`, `..` and repeated
/// slashes lexically. The result is absolute and never escapes `/`.
pub fn join_path(cwd: &str, path: &str) -> String {
    // Already normal (the common case: `/usr/bin/tr`, or `name` under a normal cwd): copied
    // as it is, without splitting it into components.
    if is_normal_absolute(path) {
        return path.to_string();
    }
    if !path.starts_with('/') && is_normal_absolute(cwd) && is_normal_relative(path) {
        let mut s = String::with_capacity(cwd.len() + 1 + path.len());
        s.push_str(cwd);
        if cwd.len() > 1 {
            s.push('/');
        }
        s.push_str(path);
        return s;
    }
    let mut out: Vec<&str> = Vec::new();
    let full_iter = if path.starts_with('/') { "".split('/') } else { cwd.split('/') };
    for comp in full_iter.chain(path.split('/')) {
        match comp {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    if out.is_empty() {
        return "/".to_string();
    }
    let mut s = String::with_capacity(path.len() + cwd.len() + 1);
    for c in out {
        s.push('/');
        s.push_str(c);
    }
    s
}

/// Is `path` absolute with no empty, `.` or `..` component and no trailing slash (`/` itself
/// is)? [`join_path`] gives such a path back unchanged.
pub fn is_normal_absolute(path: &str) -> bool {
    match path.as_bytes() {
        [b'/'] => true,
        [b'/', rest @ ..] => is_normal_relative_bytes(rest),
        _ => false,
    }
}

/// Is `path` relative, not empty, with no empty, `.` or `..` component and no trailing slash?
fn is_normal_relative(path: &str) -> bool {
    !path.starts_with('/') && is_normal_relative_bytes(path.as_bytes())
}

fn is_normal_relative_bytes(b: &[u8]) -> bool {
    !b.is_empty() && b.split(|&c| c == b'/').all(|comp| !matches!(comp, b"" | b"." | b".."))
}

/// `mkdir -p` on any filesystem: create each missing component in turn. A non-directory in the
/// way gives [`FsError::NotDir`] (or [`FsError::Exists`] when it is the last component).
pub fn mkdir_all(fs: &dyn FileSystem, path: &str) -> FsResult<()> {
    let bytes = path.as_bytes();
    let mut pos = 0;
    while pos < bytes.len() {
        while pos < bytes.len() && bytes[pos] == b'/' {
            pos += 1;
        }
        if pos >= bytes.len() {
            break;
        }
        let end = bytes[pos..].iter().position(|&b| b == b'/').map_or(bytes.len(), |i| pos + i);
        let prefix = &path[..end];
        let last = path[end..].bytes().all(|b| b == b'/');
        match fs.mkdir(prefix, false) {
            Ok(()) => {}
            Err(FsError::Exists) => match fs.stat(prefix) {
                Ok(m) if m.file_type == FileType::Dir => {}
                _ if last => return Err(FsError::Exists),
                _ => return Err(FsError::NotDir),
            },
            Err(e) => return Err(e),
        }
        pos = end;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_normalises() {
        assert_eq!(join_path("/a/b", "c"), "/a/b/c");
        assert_eq!(join_path("/a/b", "../c"), "/a/c");
        assert_eq!(join_path("/a/b", "/x/./y//z/.."), "/x/y");
        assert_eq!(join_path("/", "../../.."), "/");
        assert_eq!(join_path("/a", ""), "/a");
        // The paths the fast path gives back as they are, and near misses it must not.
        assert_eq!(join_path("/cwd", "/usr/bin/tr"), "/usr/bin/tr");
        assert_eq!(join_path("/", "x"), "/x");
        assert_eq!(join_path("/", "/"), "/");
        assert_eq!(join_path("/a", "b/.c/d"), "/a/b/.c/d");
        assert_eq!(join_path("/a", "b/"), "/a/b");
        assert_eq!(join_path("/a", "b/."), "/a/b");
        assert_eq!(join_path("/a/", "b"), "/a/b");
        assert_eq!(join_path("/a/./", "b"), "/a/b");
        assert_eq!(join_path("/a", "/b//c"), "/b/c");
        assert_eq!(join_path("/a", "/b/.."), "/");
        assert_eq!(join_path("/a", ".."), "/");
        assert_eq!(join_path("relative", "x"), "/relative/x");
    }
}
