//! Session snapshots (specs/sessions.md SES-1…SES-5): everything a [`Bash`] keeps between
//! calls — its in-memory files and its shell state — as deterministic, versioned bytes, and back.
//!
//! ```
//! use kitsh::{Bash, Snapshot};
//!
//! let mut bash = Bash::new();
//! bash.exec_sync("cd /tmp; echo hi > note; declare -A m=([k]=v); f() { echo \"f:$*\"; }");
//! let bytes = bash.snapshot().unwrap().to_bytes();
//!
//! // Later, in another process: the builder's limits, mounts and commands apply.
//! let snap = Snapshot::from_bytes(&bytes).unwrap();
//! let mut again = Bash::builder().restore(&snap).build().unwrap();
//! assert_eq!(again.exec_sync("f \"$(cat note)\" ${m[k]} $PWD").stdout, "f:hi v /tmp\n");
//! ```
//!
//! A snapshot holds the session's files as content-addressed chunks (SHA-256, at most
//! [`CHUNK_SIZE`] bytes each; small files stay inline) named by a manifest, with the shell's
//! state beside them. [`Snapshot::to_bytes`] writes `KITSH-SNAPSHOT`, the format version, the
//! body and a SHA-256 of all of it; [`Snapshot::from_bytes`] checks every part before anything
//! is built, and a restore checks the builder's limits before any file is assembled.

mod diff;
mod files;
mod format;
mod overlay;
mod shell;

pub use diff::{Change, ChangeKind};

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::bash::Session;
use crate::limits::ExecutionLimits;

pub(crate) use format::Hash;
use format::{FsRec, ShellRec};

/// The format version [`Snapshot::to_bytes`] writes; readers accept it and every earlier one.
pub const FORMAT_VERSION: u32 = 1;

/// The largest chunk a file's bytes are split into.
pub const CHUNK_SIZE: usize = 64 * 1024;

/// A session's state at one moment: its files and its shell state. Cheap to clone (shared).
#[derive(Clone)]
pub struct Snapshot {
    inner: Arc<Inner>,
}

struct Inner {
    shell: ShellRec,
    fs: FsRec,
    /// File bytes by their SHA-256.
    chunks: BTreeMap<Hash, Arc<Vec<u8>>>,
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("files", &self.inner.fs.root.len())
            .field("chunks", &self.inner.chunks.len())
            .field("variables", &self.inner.shell.vars.len())
            .finish()
    }
}

/// Why a snapshot could not be taken, read or restored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// The bytes are damaged or not a snapshot (a detail says where).
    #[error("snapshot is corrupt: {0}")]
    Corrupt(String),
    /// Restoring it would pass one of the builder's limits (`max_fs_bytes`, `max_fs_files`).
    #[error("snapshot exceeds {limit} ({value})")]
    Exceeds {
        /// The limit's name.
        limit: &'static str,
        /// The snapshot's figure.
        value: u64,
    },
    /// Written by a newer kitsh.
    #[error("snapshot format {found} is newer than this kitsh ({supported})")]
    NewerFormat {
        /// The snapshot's format version.
        found: u32,
        /// The newest this kitsh reads ([`FORMAT_VERSION`]).
        supported: u32,
    },
    /// Jobs started in the background are still running (a snapshot is taken between calls).
    #[error("cannot snapshot while jobs are running: {0}")]
    JobsRunning(String),
    /// A script is running in this session.
    #[error("cannot snapshot while a script is running")]
    Busy,
    /// The session's filesystem cannot be captured or restored (an embedder's own filesystem,
    /// or mounts that differ from the snapshot's).
    #[error("{0}")]
    Filesystem(String),
}

impl Snapshot {
    /// The deterministic bytes of this snapshot: the same state always gives the same bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        format::encode(&self.inner.shell, &self.inner.fs, &self.inner.chunks)
    }

    /// Read bytes written by [`Snapshot::to_bytes`] (of this or an earlier format version).
    /// Damaged or hostile input gives [`SnapshotError`], never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Snapshot, SnapshotError> {
        let body = format::decode(bytes)?;
        let mut chunks = BTreeMap::new();
        for (hash, data) in body.chunks {
            let data = data.into_vec();
            if format::sha256(&data) != hash {
                return Err(SnapshotError::Corrupt(format!("chunk {} does not match its hash", format::hex(&hash))));
            }
            if data.len() > CHUNK_SIZE {
                return Err(SnapshotError::Corrupt(format!("chunk {} is larger than {CHUNK_SIZE} bytes", format::hex(&hash))));
            }
            chunks.insert(hash, Arc::new(data));
        }
        files::check_references(&body.fs, &chunks)?;
        Ok(Snapshot { inner: Arc::new(Inner { shell: body.shell, fs: body.fs, chunks }) })
    }

    /// The chunks this snapshot's files are made of, by their SHA-256 (for a content-addressed
    /// store: two snapshots share the chunks of the files they share).
    pub fn chunk_hashes(&self) -> impl Iterator<Item = &[u8; 32]> {
        self.inner.chunks.keys()
    }

    /// The chunks with their bytes, by hash.
    pub fn chunks(&self) -> impl Iterator<Item = (&[u8; 32], &Arc<Vec<u8>>)> {
        self.inner.chunks.iter()
    }

    /// The snapshot without its chunks: the shell state and the file tree, naming each chunk by
    /// its SHA-256 (`KITSH-MANIFEST`, the format version, the records; deterministic). With the
    /// chunks it names, [`Snapshot::from_manifest`] gives the snapshot back.
    pub fn manifest(&self) -> Vec<u8> {
        format::encode_manifest(&self.inner.shell, &self.inner.fs)
    }

    /// The chunks `manifest` names (sorted, each once): what to fetch from a store.
    pub fn manifest_chunks(manifest: &[u8]) -> Result<Vec<[u8; 32]>, SnapshotError> {
        let m = format::decode_manifest(manifest)?;
        Ok(files::chunk_refs(&m.fs))
    }

    /// The snapshot of `manifest` with its `chunks` (each checked against its hash; every chunk
    /// the manifest names must be there).
    pub fn from_manifest(manifest: &[u8], chunks: impl IntoIterator<Item = Arc<Vec<u8>>>) -> Result<Snapshot, SnapshotError> {
        let m = format::decode_manifest(manifest)?;
        let mut table = BTreeMap::new();
        for data in chunks {
            if data.len() > CHUNK_SIZE {
                return Err(SnapshotError::Corrupt(format!("a chunk is larger than {CHUNK_SIZE} bytes")));
            }
            table.insert(format::sha256(&data), data);
        }
        files::check_references(&m.fs, &table)?;
        let wanted = files::chunk_refs(&m.fs);
        table.retain(|h, _| wanted.binary_search(h).is_ok());
        Ok(Snapshot { inner: Arc::new(Inner { shell: m.shell, fs: m.fs, chunks: table }) })
    }

    /// What changed from `self` to `other`: files added, removed or changed (content, mode,
    /// time, kind), and the variables, functions, aliases and working directory that differ.
    pub fn diff(&self, other: &Snapshot) -> Vec<Change> {
        diff::changes(&self.inner.shell, &self.inner.fs, &other.inner.shell, &other.inner.fs)
    }

    /// The total size of the files' bytes (each hard-linked file once).
    pub fn file_bytes(&self) -> u64 {
        files::total_bytes(&self.inner.fs)
    }

    /// Check the snapshot against `limits` (before anything is built) and rebuild the files.
    pub(crate) fn fs_image(&self, limits: &ExecutionLimits) -> Result<crate::fs::VfsImage, SnapshotError> {
        files::to_image(&self.inner.fs, &self.inner.chunks, limits)
    }

    /// Take a snapshot of `session` (between calls).
    pub(crate) fn take(session: &Session) -> Result<Snapshot, SnapshotError> {
        let sh = &session.shell;
        let running = shell::running_jobs(sh);
        if !running.is_empty() {
            return Err(SnapshotError::JobsRunning(running));
        }
        let image = sh.fs.image().map_err(|e| SnapshotError::Filesystem(format!("cannot snapshot the filesystem: {e}")))?;
        let mut chunks = BTreeMap::new();
        let fs = files::from_image(&image, &mut chunks);
        let shell = shell::capture(sh);
        Ok(Snapshot { inner: Arc::new(Inner { shell, fs, chunks }) })
    }

    /// Put the shell state back into a freshly built session (its files are loaded already).
    pub(crate) fn apply_shell(&self, sh: &mut crate::interp::Shell) -> Result<(), SnapshotError> {
        shell::apply(&self.inner.shell, sh)
    }
}

/// A filesystem's refusal to load a snapshot's image, as a [`SnapshotError`].
pub(crate) fn restore_error(e: &crate::fs::ImageError) -> SnapshotError {
    match e {
        crate::fs::ImageError::Corrupt(d) => SnapshotError::Corrupt(d.clone()),
        crate::fs::ImageError::Exceeds { limit, value } => SnapshotError::Exceeds { limit, value: *value },
        e => SnapshotError::Filesystem(format!("cannot restore the filesystem: {e}")),
    }
}

#[cfg(test)]
mod tests;
