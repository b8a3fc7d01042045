//! [`DisabledFs`]: the filesystem of a logic-only shell (ScriptedTool, ST-8..ST-12). There are
//! no files: `/` is an empty directory and every other access fails. Each refused access is
//! remembered, so a command that tried one can be reported as `CMD: PATH: filesystem access
//! disabled`.

use std::io::Read;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use super::{DirEntry, FileSystem, FileType, FsError, FsResult, Metadata, WriteMode};

/// A filesystem with nothing in it that refuses every access but a look at `/`.
#[derive(Debug, Default)]
pub struct DisabledFs {
    denied: Mutex<Option<String>>,
}

impl DisabledFs {
    /// A new one, with no access refused yet.
    pub fn new() -> Self {
        DisabledFs::default()
    }

    /// The first path whose access was refused, if any.
    pub fn denied(&self) -> Option<String> {
        self.denied.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Remember a refused access to `what` (the first one counts) and refuse it.
    pub fn deny<T>(&self, what: &str) -> FsResult<T> {
        let mut d = self.denied.lock().unwrap_or_else(|e| e.into_inner());
        if d.is_none() {
            *d = Some(what.to_string());
        }
        Err(FsError::PermissionDenied)
    }

    fn root() -> Metadata {
        Metadata { file_type: FileType::Dir, len: 0, mode: 0o555, mtime: UNIX_EPOCH, uid: 0, gid: 0, nlink: 2, ino: 1 }
    }
}

impl FileSystem for DisabledFs {
    fn refuses_all(&self) -> bool {
        true
    }

    fn stat(&self, path: &str) -> FsResult<Metadata> {
        if path == "/" {
            return Ok(Self::root());
        }
        self.deny(path)
    }
    fn lstat(&self, path: &str) -> FsResult<Metadata> {
        self.stat(path)
    }
    fn read_file(&self, path: &str) -> FsResult<Vec<u8>> {
        self.deny(path)
    }
    fn open_read(&self, path: &str) -> FsResult<Box<dyn Read + Send>> {
        self.deny(path)
    }
    fn read_at(&self, path: &str, _: u64, _: &mut [u8]) -> FsResult<usize> {
        self.deny(path)
    }
    fn write_file(&self, path: &str, _: &[u8], _: WriteMode) -> FsResult<()> {
        self.deny(path)
    }
    fn write_at(&self, path: &str, _: u64, _: &[u8]) -> FsResult<()> {
        self.deny(path)
    }
    fn set_len(&self, path: &str, _: u64) -> FsResult<()> {
        self.deny(path)
    }
    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        if path == "/" {
            return Ok(Vec::new());
        }
        self.deny(path)
    }
    fn mkdir(&self, path: &str, _: bool) -> FsResult<()> {
        self.deny(path)
    }
    fn remove_file(&self, path: &str) -> FsResult<()> {
        self.deny(path)
    }
    fn remove_dir(&self, path: &str) -> FsResult<()> {
        self.deny(path)
    }
    fn rename(&self, from: &str, _: &str) -> FsResult<()> {
        self.deny(from)
    }
    fn symlink(&self, _: &str, link: &str) -> FsResult<()> {
        self.deny(link)
    }
    fn hard_link(&self, _: &str, link: &str) -> FsResult<()> {
        self.deny(link)
    }
    fn read_link(&self, path: &str) -> FsResult<String> {
        self.deny(path)
    }
    fn set_mode(&self, path: &str, _: u32) -> FsResult<()> {
        self.deny(path)
    }
    fn set_mtime(&self, path: &str, _: SystemTime) -> FsResult<()> {
        self.deny(path)
    }
    fn canonicalize(&self, path: &str) -> FsResult<String> {
        if path == "/" {
            return Ok("/".to_string());
        }
        self.deny(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_root_is_visible_and_the_first_refusal_is_kept() {
        let fs = DisabledFs::new();
        assert!(fs.stat("/").is_ok());
        assert_eq!(fs.read_dir("/").map(|d| d.len()), Ok(0));
        assert!(fs.denied().is_none());
        assert_eq!(fs.read_file("/etc/passwd"), Err(FsError::PermissionDenied));
        assert_eq!(fs.write_file("/tmp/x", b"", WriteMode::Truncate), Err(FsError::PermissionDenied));
        assert_eq!(fs.denied().as_deref(), Some("/etc/passwd"));
    }
}
