//! The database's bytes between the virtual filesystem and SQLite, and the sandbox around the
//! connection: no host file is ever opened.
//!
//! How that is guaranteed:
//! * the connection is opened on SQLite's `memdb` VFS, without `SQLITE_OPEN_URI`: the main
//!   database is memory, and every file name SQLite derives from the connection (an `ATTACH`
//!   without a `vfs=` URI parameter, `VACUUM INTO`) also goes to `memdb`;
//! * an authorizer refuses every `ATTACH` whose file name is not literally `:memory:` or `''`
//!   (the bundled SQLite parses URIs everywhere, so `file:x?vfs=unix` must never reach it);
//!   `VACUUM INTO` runs an `ATTACH` internally and is refused the same way;
//! * `temp_store` is MEMORY and the pragmas that would move temporary files to disk
//!   (`temp_store`, `temp_store_directory`, `data_store_directory`) are refused, so temporary
//!   tables, sorts and statement journals stay in memory; `memdb` keeps its journal in memory;
//! * `load_extension()` is refused by the authorizer (and extension loading is never enabled).
//!
//! Nothing here changes SQLite's process-wide state: an embedder's own use of SQLite is not
//! affected.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::limits::Limit;
use rusqlite::{Connection, OpenFlags};

use crate::builtins::Ctx;
use crate::fs::{FileType, FsError, WriteMode};

/// Longest string or blob SQLite may build (`SQLITE_LIMIT_LENGTH`): kitsh's default
/// `max_string_bytes`, so one value can never outgrow what a shell variable may hold.
pub const MAX_LENGTH: i32 = 32 << 20;

/// The most bytes one database of a session may hold (the main one, `temp`, each attached
/// `:memory:`) when the filesystem reports no budget; with one, its total size.
pub const DEFAULT_DB_CAP: u64 = 1 << 30;

/// Rows kept by the columnar modes (which size columns on the whole result) stop here.
pub const MAX_KEPT_BYTES: usize = 64 << 20;

/// Why the last statement was refused, for a clearer message than SQLite's "not authorized".
pub type Refusal = Arc<Mutex<Option<String>>>;

/// The authorizer's shared state.
#[derive(Clone, Default)]
pub struct Guard {
    /// Why the last statement was refused.
    pub refusal: Refusal,
    /// An `ATTACH` was allowed (the caller then caps the new database's size).
    pub attached: Arc<AtomicBool>,
    /// kitsh's own statements run (`max_page_count` may be set).
    pub internal: Arc<AtomicBool>,
}

/// The database file named on the command line, as loaded from the virtual filesystem.
pub struct DbFile {
    /// Absolute VFS path; `None` for `:memory:` (or no name).
    pub path: Option<String>,
    /// The file existed.
    pub existed: bool,
    /// Its bytes when loaded.
    pub original: Vec<u8>,
}

/// Load `name` (relative to the working directory) from the VFS.
pub fn load(ctx: &mut Ctx<'_>, name: Option<&str>) -> Result<DbFile, String> {
    let Some(name) = name.filter(|n| !n.is_empty() && *n != ":memory:") else {
        return Ok(DbFile { path: None, existed: false, original: Vec::new() });
    };
    let path = ctx.abs_path(name);
    let unable = || format!("Error: unable to open database \"{name}\": unable to open database file");
    match ctx.fs.stat(&path) {
        Ok(m) if m.file_type == FileType::Dir => Err(unable()),
        Ok(_) => {
            let bytes = ctx.fs.read_file(&path).map_err(|_| unable())?;
            Ok(DbFile { path: Some(path), existed: true, original: bytes })
        }
        Err(FsError::NotFound) => {
            let dir = crate::fs::join_path(&path, "..");
            match ctx.fs.stat(&dir) {
                Ok(m) if m.file_type == FileType::Dir => Ok(DbFile { path: Some(path), existed: false, original: Vec::new() }),
                _ => Err(unable()),
            }
        }
        Err(_) => Err(unable()),
    }
}

/// The size cap of each database: the filesystem budget (a database that could not be saved
/// need not grow further), else [`DEFAULT_DB_CAP`].
pub fn db_cap(ctx: &Ctx<'_>) -> u64 {
    ctx.fs.space().map_or(DEFAULT_DB_CAP, |s| s.total_bytes).clamp(1 << 20, 1 << 40)
}

/// Cap every database of the connection at `cap` bytes (`max_page_count`): memory stays
/// bounded even for `:memory:` databases, whose growth no file limit would stop.
pub fn bound_sizes(conn: &Connection, cap: u64, guard: &Guard) {
    guard.internal.store(true, Ordering::SeqCst);
    let names: Vec<String> = conn
        .prepare("PRAGMA database_list")
        .and_then(|mut s| s.query_map([], |r| r.get::<_, String>(1))?.collect())
        .unwrap_or_default();
    for name in names {
        let q = name.replace('"', "\"\"");
        let page: i64 = conn.query_row(&format!("PRAGMA \"{q}\".page_size"), [], |r| r.get(0)).unwrap_or(4096);
        let pages = (cap / page.max(512) as u64).max(1);
        let _ = conn.query_row(&format!("PRAGMA \"{q}\".max_page_count = {pages}"), [], |_| Ok(()));
    }
    guard.internal.store(false, Ordering::SeqCst);
}

/// Open the sandboxed in-memory connection holding `bytes`.
pub fn open(bytes: &[u8], readonly: bool, guard: Guard) -> rusqlite::Result<Connection> {
    // No SQLITE_OPEN_URI: the name is not parsed; `memdb` keeps the database in memory.
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut conn = Connection::open_with_flags_and_vfs("kitsh-sqlite3", flags, "memdb")?;
    if !bytes.is_empty() {
        // Before the authorizer: sqlite3_deserialize re-opens "main" through an internal ATTACH.
        conn.deserialize_read_exact("main", bytes, bytes.len(), readonly)?;
    }
    // The bundled SQLite turns foreign keys on by default; the sqlite3 shell has them off.
    conn.execute_batch("PRAGMA foreign_keys=OFF; PRAGMA temp_store=MEMORY;")?;
    // Creates the temp database now, so that its size is capped with the others (a file that
    // is not a database fails here; every statement will say so).
    let _ = conn.execute_batch("CREATE TEMP TABLE kitsh_sqlite3_init(x); DROP TABLE temp.kitsh_sqlite3_init;");
    if readonly && bytes.is_empty() {
        conn.execute_batch("PRAGMA query_only=ON;")?;
    }
    conn.set_limit(Limit::SQLITE_LIMIT_LENGTH, MAX_LENGTH)?;
    conn.set_limit(Limit::SQLITE_LIMIT_SQL_LENGTH, MAX_LENGTH)?;
    conn.set_limit(Limit::SQLITE_LIMIT_ATTACHED, 10)?;
    conn.authorizer(Some(move |a: AuthContext<'_>| authorize(&a, readonly, &guard)));
    Ok(conn)
}

fn authorize(a: &AuthContext<'_>, readonly: bool, guard: &Guard) -> Authorization {
    let refuse = |why: String| {
        if let Ok(mut r) = guard.refusal.lock() {
            *r = Some(why);
        }
        Authorization::Deny
    };
    match a.action {
        AuthAction::Attach { filename } if filename == ":memory:" || filename.is_empty() => {
            guard.attached.store(true, Ordering::SeqCst);
            Authorization::Allow
        }
        AuthAction::Attach { filename } => refuse(format!(
            "cannot attach \"{filename}\": kitsh's sqlite3 keeps databases in memory; only ATTACH ':memory:' is supported (load a file with .read or .import)"
        )),
        AuthAction::Unknown { code: rusqlite::ffi::SQLITE_ATTACH, .. } => {
            refuse("ATTACH needs a literal ':memory:' file name in kitsh's sqlite3".into())
        }
        AuthAction::Pragma { pragma_name, pragma_value } => {
            let name = pragma_name.to_ascii_lowercase();
            let sets = pragma_value.is_some();
            if sets && matches!(name.as_str(), "temp_store" | "temp_store_directory" | "data_store_directory") {
                refuse(format!("PRAGMA {name} cannot be changed in kitsh's sqlite3 (temporary data stays in memory)"))
            } else if sets && name == "max_page_count" && !guard.internal.load(Ordering::SeqCst) {
                refuse("PRAGMA max_page_count cannot be changed in kitsh's sqlite3 (it bounds the database size)".into())
            } else if sets && readonly && name == "query_only" {
                refuse("PRAGMA query_only cannot be changed with -readonly".into())
            } else {
                Authorization::Allow
            }
        }
        AuthAction::Function { function_name } if function_name.eq_ignore_ascii_case("load_extension") => {
            refuse("load_extension() is not available in kitsh's sqlite3".into())
        }
        _ => Authorization::Allow,
    }
}

/// Note in `dirty` that a write transaction committed (only then is the file written back).
pub fn track_writes(conn: &Connection, dirty: Arc<AtomicBool>) {
    conn.commit_hook(Some(move || {
        dirty.store(true, Ordering::SeqCst);
        false
    }));
}

/// Stop long statements when the script is cancelled or its deadline passes: SQLite checks
/// every 1000 virtual-machine instructions. `stopped` is set when it did.
pub fn watch(conn: &Connection, ctx: &Ctx<'_>, stopped: Arc<AtomicBool>) {
    let watcher = ctx.cancel.watcher();
    let deadline: Option<Instant> = ctx.cancel.deadline();
    conn.progress_handler(
        1000,
        Some(move || {
            let stop = match &watcher {
                Some(w) => w(),
                None => deadline.is_some_and(|d| Instant::now() >= d),
            };
            if stop {
                stopped.store(true, Ordering::SeqCst);
            }
            stop
        }),
    );
}

/// Write the database back to its VFS file if a write transaction committed and its bytes
/// changed; create the (empty) file when SQL ran on a new path, as sqlite3 does.
pub fn save(ctx: &mut Ctx<'_>, db: &DbFile, conn: &Connection, touched: bool, dirty: bool) -> Result<(), String> {
    let Some(path) = &db.path else { return Ok(()) };
    if !touched || (db.existed && !dirty) {
        return Ok(());
    }
    if !conn.is_autocommit() {
        let _ = conn.execute_batch("ROLLBACK");
    }
    let pages: i64 = conn.query_row("PRAGMA main.page_count", [], |r| r.get(0)).unwrap_or(0);
    let data = if pages == 0 {
        None
    } else {
        Some(conn.serialize("main").map_err(|e| format!("Error: cannot save \"{path}\": {e}"))?)
    };
    let bytes: &[u8] = data.as_deref().unwrap_or(&[]);
    if db.existed && bytes == db.original.as_slice() {
        return Ok(());
    }
    if !db.existed && bytes.is_empty() && ctx.fs.stat(path).is_ok() {
        return Ok(());
    }
    ctx.fs
        .write_file(path, bytes, WriteMode::Truncate)
        .map_err(|e| format!("Error: cannot save \"{path}\": {e}"))
}
