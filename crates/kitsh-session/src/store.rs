//! [`SessionStore`]: where sessions live (SES-9): content-addressed objects (file chunks,
//! manifest pieces, commits) and named heads moved by compare-and-swap, so that two writers of
//! one session can never both win.

use std::sync::Arc;

use async_trait::async_trait;

/// An object's name: the SHA-256 of its bytes.
pub type Id = [u8; 32];

/// Why a store could not do what was asked (SES-10: a clear error, never a success it did not
/// commit).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The store's URL names no store kitsh has.
    #[error("unknown session store '{0}' (expected sqlite:, postgres://, memory:)")]
    UnknownScheme(String),
    /// The store cannot be reached or used (a file that cannot be opened, a database that is
    /// down, a full disk), with the underlying message.
    #[error("session store: {0}")]
    Unavailable(String),
    /// An object a commit names is not in the store (a damaged or half-collected store).
    #[error("session store: missing object {0}")]
    Missing(String),
    /// The store's schema was written by a newer kitsh.
    #[error("session store: schema version {found} is newer than this kitsh ({supported})")]
    NewerSchema {
        /// The store's version.
        found: i64,
        /// The newest this kitsh knows.
        supported: i64,
    },
}

/// A store of sessions: objects by id and a head per session name.
///
/// Objects are immutable and named by their SHA-256, so putting one twice is harmless and two
/// processes may put the same object at once. A session's head moves only by
/// [`SessionStore::advance`], a compare-and-swap.
#[async_trait]
pub trait SessionStore: Send + Sync {
    /// Of `ids`, those the store does not hold.
    async fn missing(&self, ids: &[Id]) -> Result<Vec<Id>, StoreError>;
    /// Store objects (each `(sha256(bytes), bytes)`); ones already there are left alone.
    async fn put(&self, objects: &[(Id, Arc<Vec<u8>>)]) -> Result<(), StoreError>;
    /// The objects `ids`, in order; [`StoreError::Missing`] names the first that is not there.
    async fn get(&self, ids: &[Id]) -> Result<Vec<Arc<Vec<u8>>>, StoreError>;
    /// The head of session `name`, if there is such a session.
    async fn head(&self, name: &str) -> Result<Option<Id>, StoreError>;
    /// Set `name`'s head to `new` if it is `expected` now (`None`: the session must not exist
    /// yet). `Ok(false)`: another writer moved it first; nothing changed.
    async fn advance(&self, name: &str, expected: Option<Id>, new: Id) -> Result<bool, StoreError>;
    /// Every session with its head, by name.
    async fn sessions(&self) -> Result<Vec<(String, Id)>, StoreError>;
    /// Remove session `name` (its objects stay until [`SessionStore::sweep`]); `false` when there
    /// was none.
    async fn remove(&self, name: &str) -> Result<bool, StoreError>;
    /// Mark the objects `ids` as stored now (a commit that names objects the store already had,
    /// but no live commit named, keeps them from a collection running meanwhile, as git
    /// freshens objects). Returns the ids that are not in the store.
    async fn touch(&self, ids: &[Id]) -> Result<Vec<Id>, StoreError>;
    /// Delete the objects not in `keep` that were stored before `before` (milliseconds since the
    /// Unix epoch: objects a writer put after the collection started are never swept, so a
    /// commit in progress cannot lose its objects). Returns how many were deleted.
    async fn sweep(&self, keep: &std::collections::HashSet<Id>, before: i64) -> Result<u64, StoreError>;
    /// The number of objects and their total bytes.
    async fn usage(&self) -> Result<(u64, u64), StoreError>;
    /// The record `key`, if there is one. Records are small named values kept beside the
    /// sessions, outside their history (`kitsh mcp --store` keeps each MCP session's handshake
    /// there, so any process can resume it); a key is any text.
    async fn get_record(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Set the record `key` to `value` (replacing the one there).
    async fn put_record(&self, key: &str, value: &[u8]) -> Result<(), StoreError>;
    /// Remove the record `key`; `false` when there was none.
    async fn remove_record(&self, key: &str) -> Result<bool, StoreError>;
}

/// Open the store a URL names (SES-9b): `sqlite:PATH` (a file, created if missing),
/// `sqlite::memory:` (a private in-memory database), `postgres://…` / `postgresql://…` (a
/// PostgreSQL database, connected to on first use), `memory:` (the in-memory store).
pub fn open(url: &str) -> Result<Arc<dyn SessionStore>, StoreError> {
    if url == "memory:" {
        return Ok(Arc::new(crate::MemoryStore::new()));
    }
    if let Some(path) = url.strip_prefix("sqlite:") {
        return Ok(Arc::new(crate::SqliteStore::open(path)?));
    }
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        // No connection is made here: this function is not async (the CLI calls it before it
        // enters its runtime), and the pool's connections are tasks of the runtime that uses the
        // store. The first call connects and brings the schema up to date, so a server that is
        // down is that call's `Unavailable` error. Plain connections (`NoTls`): a TLS connector
        // is future work.
        #[cfg(feature = "postgres")]
        return Ok(Arc::new(crate::PostgresStore::open(url)?));
        #[cfg(not(feature = "postgres"))]
        return Err(StoreError::Unavailable("the PostgreSQL store is not built into this kitsh (feature `postgres`)".into()));
    }
    let scheme = url.split_once(':').map_or(url, |(s, _)| s);
    Err(StoreError::UnknownScheme(scheme.to_string()))
}

/// Milliseconds since the Unix epoch, now.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}
