//! [`SqliteStore`]: a [`SessionStore`] in one SQLite file (SES-9), which several processes may
//! share: objects and heads in two tables, every write in an immediate transaction, a head moved
//! by a compare-and-swap that only one writer can win.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use async_trait::async_trait;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Transaction, TransactionBehavior};

use crate::store::{now_ms, Id, SessionStore, StoreError};

/// The schema, as the migrations that build it, in order; a store's `PRAGMA user_version` is how
/// many it has applied. Append only: never change one that has shipped.
const MIGRATIONS: &[&str] = &[
    // 1: objects by id (with when they were stored, for sweep) and a head per session.
    "CREATE TABLE objects (id BLOB PRIMARY KEY, bytes BLOB NOT NULL, stored_at INTEGER NOT NULL);
     CREATE TABLE heads (name TEXT PRIMARY KEY, id BLOB NOT NULL, updated_at INTEGER NOT NULL);",
    // 2: records by key (the MCP server's sessions).
    "CREATE TABLE records (key TEXT PRIMARY KEY, value BLOB NOT NULL, updated_at INTEGER NOT NULL);",
];

/// How long a write waits for another connection's write lock before failing with "database is
/// locked".
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// A [`SessionStore`] in one SQLite file (the URL `sqlite:PATH`; `sqlite::memory:` for a private
/// in-memory database).
///
/// Any number of stores, in this process or others, may open the same file: writes take SQLite's
/// write lock in turn (waiting up to 5 s for it) and readers never wait for writers (WAL).
#[derive(Debug)]
pub struct SqliteStore {
    /// The connection, shared with the blocking task that uses it.
    conn: Arc<Mutex<Connection>>,
}

impl SqliteStore {
    /// Open the store at `path` (what follows `sqlite:` in a store URL): a file, created if
    /// missing (its directory must exist), or `:memory:` for a private in-memory database. Brings
    /// the schema up to date; [`StoreError::NewerSchema`] when a newer kitsh wrote it.
    pub fn open(path: &str) -> Result<SqliteStore, StoreError> {
        let mut conn = if path == ":memory:" { Connection::open_in_memory().map_err(unavailable)? } else { open_file(path)? };
        migrate(&mut conn)?;
        Ok(SqliteStore { conn: Arc::new(Mutex::new(conn)) })
    }

    /// Run `work` on the connection on tokio's blocking pool (SQLite waits on the disk and on
    /// other processes' locks), or on this thread when there is no tokio runtime.
    async fn run<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> rusqlite::Result<T> + Send + 'static,
    {
        let conn = Arc::clone(&self.conn);
        let job = move || work(&mut conn.lock().unwrap_or_else(PoisonError::into_inner)).map_err(unavailable);
        match tokio::runtime::Handle::try_current() {
            Ok(rt) => rt.spawn_blocking(job).await.map_err(|e| StoreError::Unavailable(format!("database task failed: {e}")))?,
            Err(_) => job(),
        }
    }
}

/// Open (creating) the database file `path`, in WAL mode, with a busy timeout.
fn open_file(path: &str) -> Result<Connection, StoreError> {
    let failed = |e: &dyn std::fmt::Display| StoreError::Unavailable(format!("cannot open '{path}': {e}"));
    // Create the file first: SQLite says only "unable to open database file" where the OS says
    // why ("No such file or directory", "Permission denied").
    std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path).map_err(|e| failed(&e))?;
    // Not SQLITE_OPEN_URI: the path is a file's name, even one that starts with `file:`.
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| failed(&e))?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(|e| failed(&e))?;
    // The mode it answers is not checked: a file system without shared memory keeps the rollback
    // journal, which is slower but as safe.
    conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get::<_, String>(0)).map_err(|e| failed(&e))?;
    // In WAL mode, NORMAL syncs at checkpoints, not at every commit: a commit survives the
    // process dying (the scale-out tests kill processes), and only a power loss or OS crash may
    // lose the last commits, never corrupt the file. FULL costs two fsyncs a call.
    conn.pragma_update(None, "synchronous", "NORMAL").map_err(|e| failed(&e))?;
    Ok(conn)
}

/// Bring the schema up to date: the migrations the store lacks, in order, in one immediate
/// transaction (a process opening the same new file at the same time waits, then finds nothing to
/// do). Returns how many it applied: none for a store that is up to date.
pub(crate) fn migrate(conn: &mut Connection) -> Result<usize, StoreError> {
    if check_version(conn)? == MIGRATIONS.len() {
        return Ok(0);
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(unavailable)?;
    let applied = check_version(&tx)?;
    for sql in &MIGRATIONS[applied..] {
        tx.execute_batch(sql).map_err(unavailable)?;
    }
    tx.pragma_update(None, "user_version", MIGRATIONS.len() as i64).map_err(unavailable)?;
    tx.commit().map_err(unavailable)?;
    Ok(MIGRATIONS.len() - applied)
}

/// How many migrations the store has applied; an error when a newer kitsh wrote it.
fn check_version(conn: &Connection) -> Result<usize, StoreError> {
    let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(unavailable)?;
    let supported = MIGRATIONS.len() as i64;
    if found > supported {
        return Err(StoreError::NewerSchema { found, supported });
    }
    usize::try_from(found).map_err(|_| StoreError::Unavailable(format!("invalid schema version {found}")))
}

/// Run `work` in an immediate transaction: it takes the write lock before it reads, so it sees
/// the latest state (no other writer can come between its read and its write), and it commits
/// as a whole or not at all.
fn write<T>(conn: &mut Connection, work: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>) -> rusqlite::Result<T> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let out = work(&tx)?;
    tx.commit()?;
    Ok(out)
}

/// A database error as the store's error, with SQLite's message ("database is locked").
fn unavailable(e: rusqlite::Error) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

#[async_trait]
impl SessionStore for SqliteStore {
    async fn missing(&self, ids: &[Id]) -> Result<Vec<Id>, StoreError> {
        let ids = ids.to_vec();
        self.run(move |c| {
            let mut has = c.prepare_cached("SELECT 1 FROM objects WHERE id = ?1")?;
            let mut missing = Vec::new();
            for id in ids {
                if !has.exists(params![id])? {
                    missing.push(id);
                }
            }
            Ok(missing)
        })
        .await
    }

    async fn put(&self, objects: &[(Id, Arc<Vec<u8>>)]) -> Result<(), StoreError> {
        if objects.is_empty() {
            return Ok(());
        }
        let objects = objects.to_vec();
        self.run(move |c| {
            write(c, |tx| {
                // The time is taken once the write lock is held: a sweep that started before
                // this commit sees a time after its own start, and spares these objects.
                let now = now_ms();
                let mut insert = tx.prepare_cached("INSERT OR IGNORE INTO objects (id, bytes, stored_at) VALUES (?1, ?2, ?3)")?;
                for (id, bytes) in &objects {
                    insert.execute(params![id, bytes.as_slice(), now])?;
                }
                Ok(())
            })
        })
        .await
    }

    async fn get(&self, ids: &[Id]) -> Result<Vec<Arc<Vec<u8>>>, StoreError> {
        let wanted = ids.to_vec();
        // Each object's bytes, up to and including the first that is not there (`None`).
        let found = self
            .run(move |c| {
                let mut select = c.prepare_cached("SELECT bytes FROM objects WHERE id = ?1")?;
                let mut found = Vec::with_capacity(wanted.len());
                for id in &wanted {
                    let bytes: Option<Vec<u8>> = select.query_row(params![id], |r| r.get(0)).optional()?;
                    let end = bytes.is_none();
                    found.push(bytes);
                    if end {
                        break;
                    }
                }
                Ok(found)
            })
            .await?;
        ids.iter().zip(found).map(|(id, b)| b.map(Arc::new).ok_or_else(|| StoreError::Missing(crate::hex(id)))).collect()
    }

    async fn head(&self, name: &str) -> Result<Option<Id>, StoreError> {
        let name = name.to_string();
        self.run(move |c| c.query_row("SELECT id FROM heads WHERE name = ?1", params![name], |r| r.get(0)).optional()).await
    }

    async fn advance(&self, name: &str, expected: Option<Id>, new: Id) -> Result<bool, StoreError> {
        let name = name.to_string();
        self.run(move |c| {
            write(c, |tx| {
                let now = now_ms();
                let changed = match expected {
                    None => tx.execute("INSERT OR IGNORE INTO heads (name, id, updated_at) VALUES (?1, ?2, ?3)", params![name, new, now])?,
                    Some(old) => tx.execute(
                        "UPDATE heads SET id = ?2, updated_at = ?3 WHERE name = ?1 AND id = ?4",
                        params![name, new, now, old],
                    )?,
                };
                Ok(changed == 1)
            })
        })
        .await
    }

    async fn sessions(&self) -> Result<Vec<(String, Id)>, StoreError> {
        self.run(|c| {
            let mut select = c.prepare_cached("SELECT name, id FROM heads ORDER BY name")?;
            let rows = select.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect()
        })
        .await
    }

    async fn remove(&self, name: &str) -> Result<bool, StoreError> {
        let name = name.to_string();
        self.run(move |c| write(c, |tx| Ok(tx.execute("DELETE FROM heads WHERE name = ?1", params![name])? == 1))).await
    }

    async fn touch(&self, ids: &[Id]) -> Result<Vec<Id>, StoreError> {
        let ids = ids.to_vec();
        self.run(move |c| {
            write(c, |tx| {
                let now = now_ms();
                let mut update = tx.prepare("UPDATE objects SET stored_at = MAX(stored_at, ?2) WHERE id = ?1")?;
                let mut absent = Vec::new();
                for id in &ids {
                    if update.execute(params![id, now])? == 0 {
                        absent.push(*id);
                    }
                }
                Ok(absent)
            })
        })
        .await
    }

    async fn sweep(&self, keep: &HashSet<Id>, before: i64) -> Result<u64, StoreError> {
        let keep = keep.clone();
        self.run(move |c| {
            write(c, |tx| {
                let mut select = tx.prepare("SELECT id FROM objects WHERE stored_at < ?1")?;
                let old = select.query_map(params![before], |r| r.get::<_, Id>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
                let mut delete = tx.prepare("DELETE FROM objects WHERE id = ?1")?;
                let mut deleted = 0;
                for id in old.iter().filter(|id| !keep.contains(*id)) {
                    deleted += delete.execute(params![id])? as u64;
                }
                Ok(deleted)
            })
        })
        .await
    }

    async fn usage(&self) -> Result<(u64, u64), StoreError> {
        self.run(|c| {
            c.query_row("SELECT COUNT(*), COALESCE(SUM(LENGTH(bytes)), 0) FROM objects", [], |r| Ok((r.get(0)?, r.get(1)?)))
        })
        .await
    }

    async fn get_record(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let key = key.to_string();
        self.run(move |c| c.query_row("SELECT value FROM records WHERE key = ?1", params![key], |r| r.get(0)).optional()).await
    }

    async fn put_record(&self, key: &str, value: &[u8]) -> Result<(), StoreError> {
        let (key, value) = (key.to_string(), value.to_vec());
        self.run(move |c| {
            write(c, |tx| {
                tx.execute(
                    "INSERT INTO records (key, value, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO UPDATE SET value = ?2, updated_at = ?3",
                    params![key, value, now_ms()],
                )
                .map(drop)
            })
        })
        .await
    }

    async fn remove_record(&self, key: &str) -> Result<bool, StoreError> {
        let key = key.to_string();
        self.run(move |c| write(c, |tx| Ok(tx.execute("DELETE FROM records WHERE key = ?1", params![key])? == 1))).await
    }
}
