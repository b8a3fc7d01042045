//! Path resolution shared by the path-based filesystems ([`OverlayFs`](super::OverlayFs),
//! [`HostFs`](super::HostFs), [`MountFs`](super::MountFs)).
//!
//! The walk asks a [`NodeSource`] about one component at a time, always with a canonical path
//! (no symlinks, no `.`/`..`, every directory component already checked to be a directory), so a
//! source backed by the host never lets the kernel follow a symlink in the middle of a path.
//! Symlink targets are interpreted in the source's own namespace: an absolute target restarts at
//! its root and `..` never climbs above it.

use std::borrow::Cow;

use super::memory::{MAX_LINKS, NAME_MAX, PATH_MAX};
use super::{FileType, FsError, FsResult, Metadata};

/// Per-component access used by [`resolve`].
pub trait NodeSource {
    /// `lstat` of a canonical path whose directory components are known directories.
    fn node_lstat(&self, path: &str) -> FsResult<Metadata>;
    /// The target of the symlink at a canonical path.
    fn node_readlink(&self, path: &str) -> FsResult<String>;
}

/// Where a path leads.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// The canonical path (`/` for the root); when the final node is missing, the path it would
    /// have (its parent exists and is a directory).
    pub path: String,
    /// The final node's metadata (not following a final symlink unless asked), if it exists.
    pub meta: Option<Metadata>,
    /// The path ended with a slash.
    pub trailing: bool,
    /// The final component was `.`, `..` or the root itself.
    pub special: bool,
}

impl Resolved {
    /// The metadata, requiring the node to exist (and to be a directory after a trailing slash).
    pub fn existing(&self) -> FsResult<&Metadata> {
        let m = self.meta.as_ref().ok_or(FsError::NotFound)?;
        if self.trailing && m.file_type != FileType::Dir {
            return Err(FsError::NotDir);
        }
        Ok(m)
    }

    /// Whether the final node exists and is a directory.
    pub fn is_dir(&self) -> bool {
        matches!(&self.meta, Some(m) if m.file_type == FileType::Dir)
    }
}

/// The parent of a canonical path (`/` for top-level names and the root).
pub fn parent_of(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) | None => "/",
        Some(i) => &path[..i],
    }
}

/// The last component of a canonical path (empty for `/`).
pub fn name_of(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or("")
}

/// Whether canonical `path` is `dir` or lies below it.
pub fn is_under(path: &str, dir: &str) -> bool {
    dir == "/" || path == dir || (path.starts_with(dir) && path.as_bytes().get(dir.len()) == Some(&b'/'))
}

/// Resolve `path` against `src`; see the module docs. A final symlink is followed when
/// `follow_last` or when the path ends with a slash.
pub fn resolve<S: NodeSource + ?Sized>(src: &S, path: &str, follow_last: bool) -> FsResult<Resolved> {
    if path.len() > PATH_MAX {
        return Err(FsError::NameTooLong);
    }
    // No Linux path holds a NUL byte (a system call would see the path end there).
    if path.as_bytes().contains(&0) {
        return Err(FsError::Invalid);
    }
    let mut buf = Cow::Borrowed(path);
    let mut pos = 0usize;
    let mut canon = String::with_capacity(path.len() + 1);
    let mut links = 0u32;
    loop {
        let bytes = buf.as_bytes();
        let len = bytes.len();
        while pos < len && bytes[pos] == b'/' {
            pos += 1;
        }
        if pos >= len {
            return here(src, canon, false);
        }
        let end = bytes[pos..].iter().position(|&b| b == b'/').map_or(len, |i| pos + i);
        let mut after = end;
        while after < len && bytes[after] == b'/' {
            after += 1;
        }
        let is_last = after >= len;
        let trailing = is_last && end < len;
        let comp = &buf[pos..end];
        if comp.len() > NAME_MAX {
            return Err(FsError::NameTooLong);
        }
        if comp == "." || comp == ".." {
            if comp == ".." {
                let cut = canon.rfind('/').unwrap_or(0);
                canon.truncate(cut);
            }
            if is_last {
                return here(src, canon, trailing);
            }
            pos = end;
            continue;
        }
        let base = canon.len();
        canon.push('/');
        canon.push_str(comp);
        let meta = match src.node_lstat(&canon) {
            Ok(m) => m,
            Err(FsError::NotFound) if is_last => {
                return Ok(Resolved { path: canon, meta: None, trailing, special: false });
            }
            Err(e) => return Err(e),
        };
        if meta.file_type == FileType::Symlink && (!is_last || follow_last || trailing) {
            links += 1;
            if links > MAX_LINKS {
                return Err(FsError::Loop);
            }
            let target = src.node_readlink(&canon)?;
            canon.truncate(base);
            if target.is_empty() {
                return Err(FsError::NotFound);
            }
            if target.starts_with('/') {
                canon.clear();
            }
            let mut next = String::with_capacity(target.len() + len - end);
            next.push_str(&target);
            next.push_str(&buf[end..]);
            if next.len() > PATH_MAX {
                return Err(FsError::NameTooLong);
            }
            buf = Cow::Owned(next);
            pos = 0;
            continue;
        }
        if is_last {
            return Ok(Resolved { path: canon, meta: Some(meta), trailing, special: false });
        }
        if meta.file_type != FileType::Dir {
            return Err(FsError::NotDir);
        }
        pos = end;
    }
}

/// The result naming the directory `canon` itself (after `.`, `..` or a bare `/`).
fn here<S: NodeSource + ?Sized>(src: &S, mut canon: String, trailing: bool) -> FsResult<Resolved> {
    if canon.is_empty() {
        canon.push('/');
    }
    let meta = src.node_lstat(&canon)?;
    Ok(Resolved { path: canon, meta: Some(meta), trailing, special: true })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::time::UNIX_EPOCH;

    /// A tiny map-backed source: `name -> Some(target)` for symlinks, `None` for directories,
    /// `Some("")` marks a regular file.
    struct Map(HashMap<&'static str, Option<&'static str>>);

    impl NodeSource for Map {
        fn node_lstat(&self, path: &str) -> FsResult<Metadata> {
            let file_type = match self.0.get(path) {
                _ if path == "/" => FileType::Dir,
                None => return Err(FsError::NotFound),
                Some(None) => FileType::Dir,
                Some(Some("")) => FileType::File,
                Some(Some(_)) => FileType::Symlink,
            };
            Ok(Metadata { file_type, len: 0, mode: 0, mtime: UNIX_EPOCH, uid: 0, gid: 0, nlink: 1, ino: 1 })
        }
        fn node_readlink(&self, path: &str) -> FsResult<String> {
            match self.0.get(path) {
                Some(Some(t)) => Ok((*t).to_string()),
                _ => Err(FsError::Invalid),
            }
        }
    }

    fn src() -> Map {
        Map(HashMap::from([
            ("/a", None),
            ("/a/b", None),
            ("/a/f", Some("")),
            ("/l", Some("a/b")),
            ("/abs", Some("/a")),
            ("/up", Some("../../../a")),
            ("/a/b/back", Some("../f")),
            ("/loop", Some("loop")),
        ]))
    }

    fn canon(p: &str) -> FsResult<String> {
        resolve(&src(), p, true).map(|r| r.path)
    }

    #[test]
    fn plain_paths() {
        assert_eq!(canon("/a/b"), Ok("/a/b".into()));
        assert_eq!(canon("//a/./b/"), Ok("/a/b".into()));
        assert_eq!(canon("/"), Ok("/".into()));
        assert_eq!(canon("/a/.."), Ok("/".into()));
        assert_eq!(canon("/../../a"), Ok("/a".into()));
    }

    #[test]
    fn symlinks() {
        assert_eq!(canon("/l"), Ok("/a/b".into()));
        assert_eq!(canon("/abs/b"), Ok("/a/b".into()));
        assert_eq!(canon("/up/f"), Ok("/a/f".into()));
        assert_eq!(canon("/l/back"), Ok("/a/f".into()));
        assert_eq!(canon("/l/.."), Ok("/a".into()));
        assert_eq!(canon("/loop"), Err(FsError::Loop));
    }

    #[test]
    fn missing_and_errors() {
        let r = resolve(&src(), "/a/new", true);
        assert!(matches!(r, Ok(Resolved { meta: None, .. })));
        assert_eq!(canon("/x/y").map(drop), Err(FsError::NotFound));
        assert_eq!(canon("/a/f/x").map(drop), Err(FsError::NotDir));
        assert_eq!(resolve(&src(), "/a/f/", true).and_then(|r| r.existing().map(drop)), Err(FsError::NotDir));
    }

    #[test]
    fn nofollow_last() {
        let r = resolve(&src(), "/l", false);
        assert_eq!(r.map(|r| r.meta.map(|m| m.file_type)), Ok(Some(FileType::Symlink)));
        assert_eq!(resolve(&src(), "/l/", false).map(|r| r.path), Ok("/a/b".into()));
    }

    #[test]
    fn helpers() {
        assert_eq!(parent_of("/a/b"), "/a");
        assert_eq!(parent_of("/a"), "/");
        assert_eq!(name_of("/a/b"), "b");
        assert!(is_under("/a/b", "/a"));
        assert!(!is_under("/ab", "/a"));
        assert!(is_under("/x", "/"));
    }
}
