//! Host access shared by [`OverlayFs`](super::OverlayFs) and [`HostFs`](super::HostFs).
//!
//! Every function takes the host root and a canonical path relative to it (`/` = the root) that
//! the caller resolved component by component, so no symlink is ever followed implicitly. Files
//! are opened with `O_NOFOLLOW` where its value is known, so even a final component swapped for
//! a symlink behind our back is not followed.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::{DirEntry, FileType, FsError, FsResult, Metadata, USER_GID, USER_UID};

#[cfg(all(
    any(target_os = "linux", target_os = "android"),
    any(target_arch = "aarch64", target_arch = "arm", target_arch = "powerpc", target_arch = "powerpc64")
))]
const O_NOFOLLOW: i32 = 0o100_000;
#[cfg(all(
    any(target_os = "linux", target_os = "android"),
    not(any(target_arch = "aarch64", target_arch = "arm", target_arch = "powerpc", target_arch = "powerpc64"))
))]
const O_NOFOLLOW: i32 = 0o400_000;
#[cfg(any(target_os = "macos", target_os = "ios", target_os = "freebsd", target_os = "netbsd", target_os = "openbsd"))]
const O_NOFOLLOW: i32 = 0x100;
#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios",
    target_os = "freebsd",
    target_os = "netbsd",
    target_os = "openbsd"
)))]
const O_NOFOLLOW: i32 = 0;

/// Map a host error to the closest [`FsError`].
pub fn io_error(e: &io::Error) -> FsError {
    match e.raw_os_error() {
        Some(2) => FsError::NotFound,
        Some(1 | 13) => FsError::PermissionDenied,
        Some(17) => FsError::Exists,
        Some(18) => FsError::CrossDevice,
        Some(20) => FsError::NotDir,
        Some(21) => FsError::IsDir,
        Some(22) => FsError::Invalid,
        Some(28 | 27 | 122) => FsError::NoSpace,
        Some(30) => FsError::ReadOnly,
        Some(36) => FsError::NameTooLong,
        Some(39) => FsError::NotEmpty,
        Some(40) => FsError::Loop,
        _ => match e.kind() {
            io::ErrorKind::NotFound => FsError::NotFound,
            io::ErrorKind::PermissionDenied => FsError::PermissionDenied,
            io::ErrorKind::AlreadyExists => FsError::Exists,
            io::ErrorKind::InvalidInput => FsError::Invalid,
            _ => FsError::Io,
        },
    }
}

/// The host path of canonical `rel` under `root`.
pub fn host_path(root: &Path, rel: &str) -> PathBuf {
    let rel = rel.trim_start_matches('/');
    if rel.is_empty() {
        root.to_path_buf()
    } else {
        root.join(rel)
    }
}

/// Convert host metadata; host files appear owned by the sandbox user.
pub fn convert(m: &std::fs::Metadata) -> Metadata {
    let ft = m.file_type();
    let file_type = if ft.is_symlink() {
        FileType::Symlink
    } else if ft.is_dir() {
        FileType::Dir
    } else if ft.is_file() {
        FileType::File
    } else if ft.is_char_device() || ft.is_block_device() {
        FileType::CharDevice
    } else {
        FileType::Fifo
    };
    Metadata {
        file_type,
        len: m.len(),
        mode: m.mode() & 0o7777,
        mtime: m.modified().unwrap_or(UNIX_EPOCH),
        uid: USER_UID,
        gid: USER_GID,
        nlink: m.nlink(),
        ino: m.ino(),
    }
}

/// `lstat` of `rel` (never follows a final symlink).
pub fn lstat(root: &Path, rel: &str) -> FsResult<Metadata> {
    std::fs::symlink_metadata(host_path(root, rel)).map(|m| convert(&m)).map_err(|e| io_error(&e))
}

/// The target of the host symlink `rel`.
pub fn read_link(root: &Path, rel: &str) -> FsResult<String> {
    let t = std::fs::read_link(host_path(root, rel)).map_err(|e| io_error(&e))?;
    Ok(t.to_string_lossy().into_owned())
}

/// The sorted entries of host directory `rel`, symlinks not followed.
pub fn read_dir(root: &Path, rel: &str) -> FsResult<Vec<DirEntry>> {
    let rd = std::fs::read_dir(host_path(root, rel)).map_err(|e| io_error(&e))?;
    let mut out = Vec::new();
    for entry in rd {
        let entry = entry.map_err(|e| io_error(&e))?;
        let Ok(ft) = entry.file_type() else { continue };
        let file_type = if ft.is_symlink() {
            FileType::Symlink
        } else if ft.is_dir() {
            FileType::Dir
        } else if ft.is_file() {
            FileType::File
        } else if ft.is_char_device() || ft.is_block_device() {
            FileType::CharDevice
        } else {
            FileType::Fifo
        };
        out.push(DirEntry { name: entry.file_name().to_string_lossy().into_owned(), file_type });
    }
    out.sort_unstable_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// Open `rel` for reading without following a final symlink; it must be a regular file
/// (a FIFO or device on the host is refused rather than risk blocking).
pub fn open_file(root: &Path, rel: &str, meta: &Metadata) -> FsResult<File> {
    match meta.file_type {
        FileType::File => {}
        FileType::Dir => return Err(FsError::IsDir),
        _ => return Err(FsError::PermissionDenied),
    }
    let f = OpenOptions::new()
        .read(true)
        .custom_flags(O_NOFOLLOW)
        .open(host_path(root, rel))
        .map_err(|e| io_error(&e))?;
    let m = f.metadata().map_err(|e| io_error(&e))?;
    if !m.is_file() {
        return Err(FsError::PermissionDenied);
    }
    Ok(f)
}

/// Open `rel` for writing (no final symlink followed).
pub fn open_write(root: &Path, rel: &str, opts: &mut OpenOptions) -> FsResult<File> {
    opts.custom_flags(O_NOFOLLOW).open(host_path(root, rel)).map_err(|e| io_error(&e))
}

/// The whole content of regular file `rel`.
pub fn read_all(root: &Path, rel: &str, meta: &Metadata) -> FsResult<Vec<u8>> {
    read_prefix(root, rel, meta, u64::MAX)
}

/// At most the first `limit` bytes of regular file `rel`.
pub fn read_prefix(root: &Path, rel: &str, meta: &Metadata, limit: u64) -> FsResult<Vec<u8>> {
    let f = open_file(root, rel, meta)?;
    let mut v = Vec::with_capacity(usize::try_from(meta.len.min(limit)).unwrap_or(0).min(1 << 24));
    f.take(limit).read_to_end(&mut v).map_err(|e| io_error(&e))?;
    Ok(v)
}

/// Read at `offset` of regular file `rel`.
pub fn read_at(root: &Path, rel: &str, meta: &Metadata, offset: u64, buf: &mut [u8]) -> FsResult<usize> {
    use std::os::unix::fs::FileExt;
    let f = open_file(root, rel, meta)?;
    f.read_at(buf, offset).map_err(|e| io_error(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_map() {
        assert_eq!(io_error(&io::Error::from_raw_os_error(2)), FsError::NotFound);
        assert_eq!(io_error(&io::Error::from_raw_os_error(13)), FsError::PermissionDenied);
        assert_eq!(io_error(&io::Error::from_raw_os_error(39)), FsError::NotEmpty);
        assert_eq!(io_error(&io::Error::other("x")), FsError::Io);
    }

    #[test]
    fn paths_stay_under_root() {
        assert_eq!(host_path(Path::new("/r"), "/"), PathBuf::from("/r"));
        assert_eq!(host_path(Path::new("/r"), "/a/b"), PathBuf::from("/r/a/b"));
    }

    #[test]
    fn nofollow_refuses_symlink() {
        let dir = std::env::temp_dir().join(format!("kitsh-hostio-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join("f"), b"x");
        let _ = std::os::unix::fs::symlink("f", dir.join("l"));
        let fake = Metadata { file_type: FileType::File, len: 0, mode: 0, mtime: UNIX_EPOCH, uid: 0, gid: 0, nlink: 1, ino: 0 };
        assert!(open_file(&dir, "/f", &fake).is_ok());
        assert!(open_file(&dir, "/l", &fake).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The checks `rename(2)` makes before touching anything, for filesystems that resolve both
/// paths first (host and overlay): `Ok(true)` when the rename is a no-op (same path).
/// `special` marks a path the filesystem cannot rename (its root, a mount point).
pub fn rename_checks(from: &str, to: &str, src: (&str, bool, bool), dst: (&str, bool)) -> FsResult<bool> {
    let (src_path, src_special, src_dir) = src;
    let (dst_path, dst_special) = dst;
    if src_special || dst_special {
        return Err(FsError::Invalid);
    }
    if (from.ends_with('/') || to.ends_with('/')) && !src_dir {
        return Err(FsError::NotDir);
    }
    if src_path == dst_path {
        return Ok(true);
    }
    if src_dir && super::walk::is_under(dst_path, src_path) {
        return Err(FsError::Invalid);
    }
    if super::walk::is_under(src_path, dst_path) {
        return Err(FsError::NotEmpty);
    }
    Ok(false)
}
