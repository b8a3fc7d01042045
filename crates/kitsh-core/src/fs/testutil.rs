//! Test helpers: unique host temp directories that clean up after themselves.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The value of a result the test requires to be `Ok`.
pub fn ok<T, E: std::fmt::Debug>(r: Result<T, E>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => unreachable!("unexpected error: {e:?}"),
    }
}

/// A unique directory under the system temp dir, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    /// Create a fresh directory tagged `tag`.
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let p = std::env::temp_dir().join(format!("kitsh-{tag}-{}-{n}-{nanos}", std::process::id()));
        let _ = std::fs::create_dir_all(&p);
        TempDir(p)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Its path as an owned buffer.
    pub fn buf(&self) -> PathBuf {
        self.0.clone()
    }

    /// Write a host file (parents created).
    pub fn write(&self, rel: &str, content: &str) {
        let p = self.0.join(rel);
        if let Some(parent) = p.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        let _ = std::fs::write(p, content);
    }

    /// Create a host directory (parents created).
    pub fn mkdir(&self, rel: &str) {
        let _ = std::fs::create_dir_all(self.0.join(rel));
    }

    /// Create a host symlink.
    pub fn symlink(&self, target: &str, rel: &str) {
        let _ = std::os::unix::fs::symlink(target, self.0.join(rel));
    }

    /// Read a host file.
    pub fn read(&self, rel: &str) -> Option<String> {
        std::fs::read_to_string(self.0.join(rel)).ok()
    }

    /// Every host node below the root: path, kind, mode and content or target.
    pub fn snapshot(&self) -> Vec<String> {
        let mut out = Vec::new();
        snap(&self.0, "", &mut out, 0);
        out.sort();
        out
    }
}

fn snap(dir: &Path, rel: &str, out: &mut Vec<String>, depth: usize) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        let r = format!("{rel}/{name}");
        let Ok(m) = std::fs::symlink_metadata(&path) else { continue };
        let mode = m.permissions().mode();
        if m.file_type().is_symlink() {
            let t = std::fs::read_link(&path).map(|t| t.display().to_string()).unwrap_or_default();
            out.push(format!("{r} L {mode:o} {t}"));
        } else if m.is_dir() {
            out.push(format!("{r} D {mode:o} {:?}", m.modified().ok()));
            if depth < 20 {
                snap(&path, &r, out, depth + 1);
            }
        } else {
            let c = std::fs::read(&path).unwrap_or_default();
            out.push(format!("{r} F {mode:o} {:?} {:?}", m.modified().ok(), String::from_utf8_lossy(&c)));
        }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
