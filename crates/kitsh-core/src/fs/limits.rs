//! Space limits of the in-memory filesystems and the shared usage counter that enforces them.
//!
//! One [`Quota`] is shared by every layer that keeps data in memory (the root [`MemoryFs`] and the
//! upper layers of every [`OverlayFs`]), so a script cannot escape the budget by spreading its
//! files over mounts. A write that would exceed a limit fails with [`FsError::NoSpace`] before
//! anything is changed.
//!
//! [`MemoryFs`]: super::MemoryFs
//! [`OverlayFs`]: super::OverlayFs

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;

use super::{FsError, FsResult};

/// Limits on what may be stored in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FsLimits {
    /// Total bytes of file content and symlink targets (default 64 MiB).
    pub max_bytes: u64,
    /// Total number of names (files, directories, symlinks, hard links; default 10 000).
    pub max_files: u64,
    /// Largest single file, in memory or written to a host mount (default 64 MiB).
    pub max_file_size: u64,
}

impl Default for FsLimits {
    fn default() -> Self {
        FsLimits { max_bytes: 64 << 20, max_files: 10_000, max_file_size: 64 << 20 }
    }
}

/// The usage counters checked against one [`FsLimits`]; shared through an `Arc`.
#[derive(Debug)]
pub struct Quota {
    limits: FsLimits,
    bytes: AtomicU64,
    files: AtomicU64,
    /// Which limit refused a request since [`Quota::clear_hit`]: [`HIT_BYTES`] | [`HIT_FILES`].
    hit: AtomicU8,
}

/// [`Quota::hit`] bit: a write was refused by [`FsLimits::max_bytes`] or `max_file_size`.
pub const HIT_BYTES: u8 = 1;
/// [`Quota::hit`] bit: a new name was refused by [`FsLimits::max_files`].
pub const HIT_FILES: u8 = 2;

impl Quota {
    /// A fresh, empty budget.
    pub fn new(limits: FsLimits) -> Arc<Quota> {
        Arc::new(Quota { limits, bytes: AtomicU64::new(0), files: AtomicU64::new(0), hit: AtomicU8::new(0) })
    }

    /// The limits enforced.
    pub fn limits(&self) -> FsLimits {
        self.limits
    }

    /// Bytes currently accounted.
    pub fn used_bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Names currently accounted.
    pub fn used_files(&self) -> u64 {
        self.files.load(Ordering::Relaxed)
    }

    /// Fails with [`FsError::NoSpace`] when one file of `len` bytes is too large.
    pub fn check_file_size(&self, len: u64) -> FsResult<()> {
        if len > self.limits.max_file_size {
            self.hit.fetch_or(HIT_BYTES, Ordering::Relaxed);
            Err(FsError::NoSpace)
        } else {
            Ok(())
        }
    }

    /// Reserve `bytes` and `files` more; all or nothing.
    pub fn reserve(&self, bytes: u64, files: u64) -> FsResult<()> {
        if let Err(e) = add_bounded(&self.bytes, bytes, self.limits.max_bytes) {
            self.hit.fetch_or(HIT_BYTES, Ordering::Relaxed);
            return Err(e);
        }
        if let Err(e) = add_bounded(&self.files, files, self.limits.max_files) {
            sub_saturating(&self.bytes, bytes);
            self.hit.fetch_or(HIT_FILES, Ordering::Relaxed);
            return Err(e);
        }
        Ok(())
    }

    /// Which limits refused a request since the last [`Quota::clear_hit`] (a mask of
    /// [`HIT_BYTES`] and [`HIT_FILES`]; 0 when none did). The interpreter turns a hit into
    /// a limit that stops the script.
    pub fn hit(&self) -> u8 {
        self.hit.load(Ordering::Relaxed)
    }

    /// Forget earlier hits (a new run starts).
    pub fn clear_hit(&self) {
        self.hit.store(0, Ordering::Relaxed);
    }

    /// Give back what [`Quota::reserve`] took.
    pub fn release(&self, bytes: u64, files: u64) {
        sub_saturating(&self.bytes, bytes);
        sub_saturating(&self.files, files);
    }

    /// Apply a signed change: reserve the growth, release the shrinkage.
    pub fn adjust(&self, bytes: i64, files: i64) -> FsResult<()> {
        let (grow_b, shrink_b) = split(bytes);
        let (grow_f, shrink_f) = split(files);
        self.reserve(grow_b, grow_f)?;
        self.release(shrink_b, shrink_f);
        Ok(())
    }
}

fn split(v: i64) -> (u64, u64) {
    if v >= 0 {
        (v.unsigned_abs(), 0)
    } else {
        (0, v.unsigned_abs())
    }
}

fn add_bounded(counter: &AtomicU64, n: u64, max: u64) -> FsResult<()> {
    if n == 0 {
        return Ok(());
    }
    let mut cur = counter.load(Ordering::Relaxed);
    loop {
        let next = cur.checked_add(n).filter(|&v| v <= max).ok_or(FsError::NoSpace)?;
        match counter.compare_exchange_weak(cur, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return Ok(()),
            Err(actual) => cur = actual,
        }
    }
}

fn sub_saturating(counter: &AtomicU64, n: u64) {
    if n == 0 {
        return;
    }
    let mut cur = counter.load(Ordering::Relaxed);
    loop {
        let next = cur.saturating_sub(n);
        match counter.compare_exchange_weak(cur, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return,
            Err(actual) => cur = actual,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Arc<Quota> {
        Quota::new(FsLimits { max_bytes: 100, max_files: 2, max_file_size: 50 })
    }

    #[test]
    fn reserve_within_limits() {
        let q = small();
        assert_eq!(q.reserve(60, 1), Ok(()));
        assert_eq!((q.used_bytes(), q.used_files()), (60, 1));
    }

    #[test]
    fn reserve_is_all_or_nothing() {
        let q = small();
        assert_eq!(q.reserve(10, 2), Ok(()));
        assert_eq!(q.reserve(10, 1), Err(FsError::NoSpace));
        assert_eq!((q.used_bytes(), q.used_files()), (10, 2));
        assert_eq!(q.reserve(91, 0), Err(FsError::NoSpace));
        assert_eq!(q.used_bytes(), 10);
    }

    #[test]
    fn release_and_adjust() {
        let q = small();
        assert_eq!(q.adjust(40, 1), Ok(()));
        assert_eq!(q.adjust(-30, -1), Ok(()));
        assert_eq!((q.used_bytes(), q.used_files()), (10, 0));
        q.release(1000, 1000);
        assert_eq!((q.used_bytes(), q.used_files()), (0, 0));
    }

    #[test]
    fn file_size_limit() {
        let q = small();
        assert_eq!(q.check_file_size(50), Ok(()));
        assert_eq!(q.check_file_size(51), Err(FsError::NoSpace));
    }

    #[test]
    fn overflow_is_no_space() {
        let q = small();
        assert_eq!(q.reserve(u64::MAX, 0), Err(FsError::NoSpace));
    }
}
