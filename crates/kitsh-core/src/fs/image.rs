//! Filesystem images: the content of the in-memory filesystems as plain data, and back (for
//! session snapshots).
//!
//! [`FileSystem::image`](super::FileSystem::image) gives a [`VfsImage`]: the root
//! [`MemoryFs`](super::MemoryFs)'s tree as an [`FsImage`] and one [`MountImage`] per mount, with
//! an overlay's in-memory layer as an [`OverlayImage`] (host content is never copied). Images are
//! canonical (nodes breadth-first from the root, entries and paths sorted), so the same content
//! gives equal images whatever the inode numbers or the history. File bytes are shared with the
//! filesystem (`Arc`): taking or loading an image copies none.
//!
//! [`FileSystem::load_image`](super::FileSystem::load_image) checks the whole image first
//! (indices, the tree's shape, names, paths, times, host paths, the quota's limits), so a damaged
//! or hostile image changes nothing and never panics. Then every layer is replaced at once and
//! each [`Quota`] moves by the difference between the old content and the new: the standard
//! layout, never charged, stays uncharged when the image keeps it.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::dev::{DevKind, DEVICES};
use super::limits::Quota;
use super::memory::{NAME_MAX, PATH_MAX};
use super::MountKind;

/// A filesystem tree as data. `nodes[0]` is the root directory; a node index appearing in
/// several directories' entries is a hard link (the same inode).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FsImage {
    /// The nodes; breadth-first from the root, each directory's entries by name, when taken.
    pub nodes: Vec<NodeImage>,
}

/// One node (inode) of an [`FsImage`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeImage {
    /// What the node is.
    pub kind: NodeKind,
    /// Permission bits with setuid, setgid and sticky (`0o1777`); no type bits.
    pub mode: u32,
    /// Owner user id.
    pub uid: u32,
    /// Owner group id.
    pub gid: u32,
    /// Modification time: seconds since the Unix epoch (negative before it), floored.
    pub mtime_secs: i64,
    /// Modification time: nanoseconds after `mtime_secs` (below 1 000 000 000).
    pub mtime_nanos: u32,
}

/// What a [`NodeImage`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeKind {
    /// A regular file and its bytes (shared with the filesystem, not copied).
    File(Arc<Vec<u8>>),
    /// A directory: its entries sorted by name (byte order), each with a node index; no `.` or
    /// `..`.
    Dir(Vec<(String, u32)>),
    /// A symbolic link and its target, as stored.
    Symlink(String),
    /// A named pipe (restored empty).
    Fifo,
    /// A device node of `/dev`, by the name of its kind there: `null`, `zero`, `full`, `random`,
    /// `urandom`, `tty`, `stdin`, `stdout` or `stderr`.
    Device(String),
}

/// An overlay mount's in-memory layer: what the script wrote or removed over the host directory.
/// Paths are canonical and relative to the overlay's root (`/` is the host directory itself).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OverlayImage {
    /// The layer's entries, sorted by path (byte order), each path once.
    pub entries: Vec<(String, OverlayEntry)>,
    /// The nodes with several names (hard links), in the order of their first name in `entries`.
    pub linked: Vec<OverlayNode>,
}

/// One path of an [`OverlayImage`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OverlayEntry {
    /// A node kept in memory: new, or a host node changed (content, mode, time, place).
    Node(OverlayNode),
    /// One name of the hard-linked node `linked[i]`.
    Link(u32),
    /// A removed host entry (a whiteout): the host node at this path is hidden.
    Whiteout,
}

/// A node of an [`OverlayImage`] (owned by the sandbox user, like every node of an overlay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverlayNode {
    /// What the node is.
    pub kind: OverlayKind,
    /// Permission bits with setuid, setgid and sticky; no type bits.
    pub mode: u32,
    /// Modification time: seconds since the Unix epoch (negative before it), floored.
    pub mtime_secs: i64,
    /// Modification time: nanoseconds after `mtime_secs` (below 1 000 000 000).
    pub mtime_nanos: u32,
}

/// What an [`OverlayNode`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OverlayKind {
    /// A file whose bytes are in memory (shared, not copied).
    File(Arc<Vec<u8>>),
    /// A file whose bytes are those of this host file (canonical path in the host directory),
    /// unchanged: a renamed or `chmod`ed host file.
    HostFile(String),
    /// A directory, and where its host entries come from.
    Dir(OverlayDir),
    /// A symbolic link and its target.
    Symlink(String),
    /// A named pipe (restored empty).
    Fifo,
}

/// Where an overlay directory's host entries come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OverlayDir {
    /// The host directory under the same path (a host directory whose metadata changed).
    Inherit,
    /// Nowhere: made by `mkdir`, it shows only what the layer holds below it.
    Opaque,
    /// This host directory (canonical path in the host directory): a renamed host directory.
    Redirect(String),
}

/// A mount of a [`VfsImage`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MountImage {
    /// The mount point in the virtual tree (canonical).
    pub path: String,
    /// The host directory mounted there when the image was taken (a restore may mount the same
    /// project from another directory).
    pub host: PathBuf,
    /// How it is mounted.
    pub kind: MountKind,
    /// The in-memory layer, for overlay mounts only (host directories mounted read-write or
    /// read-only are never copied).
    pub overlay: Option<OverlayImage>,
}

/// A whole virtual filesystem as data: the root tree and the mounts over it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VfsImage {
    /// The in-memory root filesystem.
    pub root: FsImage,
    /// The mounts, sorted by path.
    pub mounts: Vec<MountImage>,
}

/// Why an image could not be taken or loaded. The texts are lowercase details for the caller to
/// put in context.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    /// The filesystem (or one of its mounts) cannot be captured or restored.
    #[error("{0}")]
    Unsupported(String),
    /// A structural problem, with a short detail (`node 7: index 9 out of range`).
    #[error("{0}")]
    Corrupt(String),
    /// Loading would pass a limit of the quota: its name (`max_fs_bytes`, `max_fs_files`) and
    /// the total the quota would hold (the image's own total when the quota is the
    /// filesystem's alone).
    #[error("{limit} ({value})")]
    Exceeds {
        /// The limit's name.
        limit: &'static str,
        /// The figure that passes it.
        value: u64,
    },
    /// The image's mounts differ from the filesystem's (`no overlay mounted at /proj`).
    #[error("{0}")]
    Mounts(String),
}

impl ImageError {
    /// The error of a filesystem that cannot be captured or restored.
    pub(crate) fn unsupported() -> ImageError {
        ImageError::Unsupported("filesystem does not support snapshots".into())
    }
}

/// A [`ImageError::Corrupt`] with `detail`.
pub fn corrupt(detail: String) -> ImageError {
    ImageError::Corrupt(detail)
}

/// `s` quoted for an error message, cut after 64 characters.
pub fn shown(s: &str) -> String {
    let cut: String = s.chars().take(64).collect();
    if cut.len() < s.len() {
        format!("{cut:?}...")
    } else {
        format!("{cut:?}")
    }
}

/// The name of device kind `kind` in `/dev` (`None` for a FIFO, which has none).
pub fn device_name(kind: DevKind) -> Option<&'static str> {
    DEVICES.iter().find(|(_, k)| *k == kind).map(|(name, _)| *name)
}

/// The device kind named `name` in `/dev`.
pub fn device_kind(name: &str) -> Option<DevKind> {
    DEVICES.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// `t` as floored seconds and nanoseconds since the Unix epoch.
pub fn split_time(t: SystemTime) -> (i64, u32) {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (i64::try_from(d.as_secs()).unwrap_or(i64::MAX), d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            let mut secs = -i128::from(d.as_secs());
            let mut nanos = d.subsec_nanos();
            if nanos > 0 {
                secs -= 1;
                nanos = 1_000_000_000 - nanos;
            }
            (i64::try_from(secs).unwrap_or(i64::MIN), nanos)
        }
    }
}

/// The time `secs` and `nanos` after the Unix epoch (see [`split_time`]), when valid.
pub fn join_time(secs: i64, nanos: u32) -> Option<SystemTime> {
    if nanos >= 1_000_000_000 {
        return None;
    }
    let base = if secs >= 0 {
        UNIX_EPOCH.checked_add(Duration::from_secs(secs.unsigned_abs()))
    } else {
        UNIX_EPOCH.checked_sub(Duration::from_secs(secs.unsigned_abs()))
    };
    base?.checked_add(Duration::from_nanos(u64::from(nanos)))
}

/// Whether `name` can be a directory entry: not empty, `.` or `..`, no `/` or NUL, at most
/// [`NAME_MAX`] bytes.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= NAME_MAX && name != "." && name != ".." && !name.contains(['/', '\0'])
}

/// Whether `path` is canonical and absolute (`/`, or `/a/b` of valid names, at most
/// [`PATH_MAX`] bytes).
pub fn valid_path(path: &str) -> bool {
    match path.strip_prefix('/') {
        Some("") => true,
        Some(rest) => path.len() <= PATH_MAX && rest.split('/').all(valid_name),
        None => false,
    }
}

/// Whether `target` can be a symlink's target: not empty, no NUL, at most [`PATH_MAX`] bytes.
pub fn valid_target(target: &str) -> bool {
    !target.is_empty() && target.len() <= PATH_MAX && !target.contains('\0')
}

/// Whether `mode` has permission bits only.
pub fn valid_mode(mode: u32) -> bool {
    mode & !0o7777 == 0
}

/// What content costs against a [`Quota`]: bytes of files and symlink targets, and names.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Charge {
    /// File bytes (each node once, however many names it has) and symlink targets.
    pub bytes: u64,
    /// Names (every entry but the root; a hard link's names each count).
    pub files: u64,
}

impl Charge {
    /// Add `bytes` and `files`.
    pub fn add(&mut self, bytes: u64, files: u64) {
        self.bytes = self.bytes.saturating_add(bytes);
        self.files = self.files.saturating_add(files);
    }
}

/// One layer's quota and its charge before and after a load.
#[derive(Debug)]
pub struct Recharge<'a> {
    /// The quota the layer charges.
    pub quota: &'a Quota,
    /// What its content costs now.
    pub old: Charge,
    /// What the image will cost.
    pub new: Charge,
}

/// A checked image with its layer locked, ready to replace the layer's content.
pub trait Staged {
    /// The layer's quota and charges.
    fn recharge(&self) -> Recharge<'_>;
    /// Replace the layer's content (everything was checked: this cannot fail).
    fn commit(self: Box<Self>);
}

/// Load checked, locked layers: move the quotas (all or nothing), then replace every layer.
pub fn load_all(staged: Vec<Box<dyn Staged + '_>>) -> Result<(), ImageError> {
    {
        let list: Vec<Recharge<'_>> = staged.iter().map(|s| s.recharge()).collect();
        recharge(&list)?;
    }
    for s in staged {
        s.commit();
    }
    Ok(())
}

/// The net change of one quota.
struct Move<'a> {
    quota: &'a Quota,
    bytes: i128,
    files: i128,
}

impl Move<'_> {
    /// [`ImageError::Exceeds`] when the quota cannot take the change.
    fn check(&self) -> Result<(), ImageError> {
        let limits = self.quota.limits();
        let bytes = i128::from(self.quota.used_bytes()) + self.bytes;
        if bytes > i128::from(limits.max_bytes) {
            return Err(ImageError::Exceeds { limit: "max_fs_bytes", value: clamp(bytes) });
        }
        let files = i128::from(self.quota.used_files()) + self.files;
        if files > i128::from(limits.max_files) {
            return Err(ImageError::Exceeds { limit: "max_fs_files", value: clamp(files) });
        }
        Ok(())
    }
}

fn clamp(v: i128) -> u64 {
    u64::try_from(v.max(0)).unwrap_or(u64::MAX)
}

/// Move every quota by its layers' net change: checked first, growth reserved before any
/// shrinkage is released, so a failure leaves every counter as it was.
fn recharge(list: &[Recharge<'_>]) -> Result<(), ImageError> {
    let mut moves: Vec<Move<'_>> = Vec::with_capacity(list.len());
    for r in list {
        let bytes = i128::from(r.new.bytes) - i128::from(r.old.bytes);
        let files = i128::from(r.new.files) - i128::from(r.old.files);
        match moves.iter_mut().find(|m| std::ptr::eq(m.quota, r.quota)) {
            Some(m) => {
                m.bytes += bytes;
                m.files += files;
            }
            None => moves.push(Move { quota: r.quota, bytes, files }),
        }
    }
    for m in &moves {
        m.check()?;
    }
    for (i, m) in moves.iter().enumerate() {
        if m.quota.reserve(clamp(m.bytes), clamp(m.files)).is_err() {
            for done in moves.iter().take(i) {
                done.quota.release(clamp(done.bytes), clamp(done.files));
            }
            // Another writer took the room meanwhile.
            return Err(m.check().err().unwrap_or(ImageError::Exceeds { limit: "max_fs_bytes", value: clamp(m.bytes) }));
        }
    }
    for m in &moves {
        m.quota.release(clamp(-m.bytes), clamp(-m.files));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
