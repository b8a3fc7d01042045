//! [`PostgresStore`]: a [`SessionStore`] in a PostgreSQL database (SES-9), for many processes on
//! many hosts: objects and heads in two tables, a head moved by one compare-and-swap statement
//! that only one writer can win, the schema brought up to date by versioned migrations.
//!
//! The semantics are the SQLite store's (src/sqlite.rs), statement for statement: `put` inserts
//! and leaves existing objects alone, `advance` is a conditional `UPDATE` (or an `INSERT … ON
//! CONFLICT DO NOTHING` for a new session), `sweep` deletes in one transaction.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, PoolError, RecyclingMethod};
use tokio::sync::OnceCell;
use tokio_postgres::config::Host;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Config, GenericClient, NoTls, Row};

use crate::store::{Id, SessionStore, StoreError};

/// The schema, as the migrations that build it, in order; the `kitsh_schema` table has a row per
/// migration applied (its number, from 1). Append only: never change one that has shipped. The
/// tables are the SQLite store's.
const MIGRATIONS: &[&str] = &[
    // 1: objects by id (with when they were stored, for sweep) and a head per session.
    "CREATE TABLE objects (id bytea PRIMARY KEY, bytes bytea NOT NULL, stored_at bigint NOT NULL);
     CREATE TABLE heads (name text PRIMARY KEY, id bytea NOT NULL, updated_at bigint NOT NULL);",
    // 2: records by key (the MCP server's sessions).
    "CREATE TABLE records (key text PRIMARY KEY, value bytea NOT NULL, updated_at bigint NOT NULL);",
];

/// The table of applied migrations. Created (if missing) under the migration lock, so that two
/// processes creating it at once do not collide in PostgreSQL's catalog.
const SCHEMA_TABLE: &str = "CREATE TABLE IF NOT EXISTS kitsh_schema (version bigint PRIMARY KEY, applied_at bigint NOT NULL)";

/// The advisory lock a migration holds until its transaction ends ("kitsh" in ASCII); advisory
/// locks are per database, so stores in different databases do not wait for each other.
const MIGRATION_LOCK: i64 = 0x6b_6974_7368;

/// The server's clock in milliseconds since the Unix epoch (the unit of `now_ms()`), for
/// `stored_at` and `updated_at`: see [`PostgresStore`] on why the server's.
macro_rules! server_now_ms {
    () => {
        "floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint"
    };
}

/// Connections a store keeps at most (each is a server process): enough for the concurrent calls
/// of an MCP server, few enough for many of them to share one database server.
const POOL_SIZE: usize = 8;

/// How long connecting to a server may take when the URL sets no `connect_timeout` (a host that
/// drops packets would otherwise hold the caller for the operating system's TCP timeout).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How many bytes of objects one `INSERT` carries at most (a put of more is several statements in
/// one transaction): far below PostgreSQL's 1 GiB message limit, and memory the server can spare.
const PUT_BATCH_BYTES: usize = 16 << 20;

/// How many objects one `DELETE` of a sweep names at most.
const SWEEP_BATCH: usize = 10_000;

/// A [`SessionStore`] in a PostgreSQL database (the URLs `postgres://…` and `postgresql://…`),
/// which any number of processes and hosts may share.
///
/// Connections come from a small pool (at most 8), made when a call needs one and checked on the
/// way out of the pool: one the server has closed (it restarted) is replaced, so the store
/// reconnects by itself. While the server is down, calls fail with [`StoreError::Unavailable`]
/// (SES-10) and succeed again once it is back.
///
/// **No TLS**: connections are plain (tokio-postgres's `NoTls`), which suits a server on the same
/// host or a private network; a URL with `sslmode=require` fails to connect. A TLS connector is
/// future work.
///
/// Times (`stored_at`, `updated_at`) are the database server's clock: every writer's objects are
/// then stamped by one clock, and a sweep's `before` (the collector's clock) is compared with it,
/// so only the collector's skew from the server matters, which the collection's grace period
/// (10 minutes by default) covers. An object put after the collection started is stamped later
/// than its start, and PostgreSQL's MVCC hides from a sweep's `DELETE` the objects whose put has
/// not committed when it runs: a sweep never deletes what a concurrent put just stored.
///
/// Calls must run inside a tokio runtime with I/O and time enabled (the connections are tasks of
/// the runtime that makes them); outside any runtime a call is an error.
pub struct PostgresStore {
    pool: Pool,
    /// `postgres://HOST:PORT/DB` for messages: never the user's password.
    shown: String,
    /// Set once the schema has been checked (and brought up to date) on this store's first
    /// connection; a failure leaves it unset, so the next call tries again.
    ready: OnceCell<()>,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresStore").field("url", &self.shown).finish_non_exhaustive()
    }
}

impl PostgresStore {
    /// Connect to the database a URL names (`postgres://USER:PASSWORD@HOST:PORT/DB?…`, libpq
    /// style: see [`PostgresStore::open`]) and bring its schema up to date:
    /// [`StoreError::Unavailable`] when the server cannot be reached or refuses the user,
    /// [`StoreError::NewerSchema`] when a newer kitsh wrote the schema.
    pub async fn connect(url: &str) -> Result<PostgresStore, StoreError> {
        let store = PostgresStore::open(url)?;
        drop(store.client().await?);
        Ok(store)
    }

    /// The store a URL names, without connecting: the first call connects (and brings the schema
    /// up to date), so a server that is down or a wrong password is that call's error. This is
    /// how [`crate::open`], which is not async, opens it.
    ///
    /// The URL is libpq's (`postgres://` or `postgresql://`, or `key=value` pairs), as
    /// tokio-postgres reads it: several hosts, a Unix socket's directory as the host
    /// (`%2Fvar%2Frun%2Fpostgresql`), `?connect_timeout=…&options=-csearch_path%3Dkitsh`. With no
    /// password in it, `$PGPASSWORD` gives one; with no host, `localhost`; with no user, the
    /// user running kitsh; with no `connect_timeout`, 10 s.
    pub fn open(url: &str) -> Result<PostgresStore, StoreError> {
        PostgresStore::open_with(url, std::env::var_os("PGPASSWORD"))
    }

    /// [`PostgresStore::open`] with `$PGPASSWORD`'s value given.
    fn open_with(url: &str, pgpassword: Option<OsString>) -> Result<PostgresStore, StoreError> {
        // The URL is not repeated: it may hold a password.
        let mut config: Config =
            url.parse().map_err(|e| StoreError::Unavailable(format!("invalid PostgreSQL URL: {}", describe(&e))))?;
        if config.get_password().is_none() {
            if let Some(password) = pgpassword {
                config.password(password.into_encoded_bytes());
            }
        }
        if config.get_hosts().is_empty() && config.get_hostaddrs().is_empty() {
            config.host("localhost");
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("kitsh");
        }
        let shown = shown(&config);
        let manager = Manager::from_config(config, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .build()
            .map_err(|e| StoreError::Unavailable(format!("cannot connect to {shown}: {e}")))?;
        Ok(PostgresStore { pool, shown, ready: OnceCell::new() })
    }

    /// A connection from the pool (a new one when none is idle), on a schema that is up to date.
    async fn client(&self) -> Result<Object, StoreError> {
        // The pool spawns each connection's task on the caller's runtime: without one, say so
        // rather than panic.
        if tokio::runtime::Handle::try_current().is_err() {
            return Err(StoreError::Unavailable(format!("{}: the PostgreSQL store is used outside a tokio runtime", self.shown)));
        }
        let mut client = self.pool.get().await.map_err(|e| {
            let why = match &e {
                PoolError::Backend(e) => describe(e),
                e => e.to_string(),
            };
            StoreError::Unavailable(format!("cannot connect to {}: {why}", self.shown))
        })?;
        let (conn, shown): (&mut tokio_postgres::Client, _) = (&mut client, &self.shown);
        self.ready.get_or_try_init(|| async move { migrate(conn, shown).await.map(drop) }).await?;
        Ok(client)
    }

    /// A database error as the store's error, naming the database.
    fn failed(&self, e: &tokio_postgres::Error) -> StoreError {
        failed(&self.shown, e)
    }

    /// Run one statement (prepared once per connection) and return its rows.
    async fn query(&self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<Vec<Row>, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(sql).await.map_err(|e| self.failed(&e))?;
        client.query(&statement, params).await.map_err(|e| self.failed(&e))
    }

    /// Run one statement (prepared once per connection) and return how many rows it changed.
    async fn execute(&self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(sql).await.map_err(|e| self.failed(&e))?;
        client.execute(&statement, params).await.map_err(|e| self.failed(&e))
    }
}

/// `postgres://HOST:PORT,…/DB` for messages (no user, no password).
fn shown(config: &Config) -> String {
    let ports = config.get_ports();
    let hosts: Vec<String> = if config.get_hosts().is_empty() {
        config.get_hostaddrs().iter().map(|a| if a.is_ipv6() { format!("[{a}]") } else { a.to_string() }).collect()
    } else {
        config
            .get_hosts()
            .iter()
            .map(|h| match h {
                Host::Tcp(h) if h.contains(':') => format!("[{h}]"),
                Host::Tcp(h) => h.clone(),
                #[cfg(unix)]
                Host::Unix(dir) => dir.display().to_string(),
            })
            .collect()
    };
    let hosts: Vec<String> =
        hosts.iter().enumerate().map(|(i, h)| format!("{h}:{}", ports.get(i).or(ports.first()).copied().unwrap_or(5432))).collect();
    // The server's default database is the user's name.
    let db = config.get_dbname().or(config.get_user()).unwrap_or_default();
    format!("postgres://{}/{db}", hosts.join(","))
}

/// tokio-postgres's error with its causes ("error connecting to server: Connection refused (os
/// error 111)"), or the server's message ("FATAL: database \"x\" does not exist").
fn describe(e: &tokio_postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return format!("{}: {}", db.severity(), db.message());
    }
    let mut message = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        message.push_str(": ");
        message.push_str(&c.to_string());
        cause = c.source();
    }
    message
}

/// A database error as the store's error, naming the database (`shown`).
fn failed(shown: &str, e: &tokio_postgres::Error) -> StoreError {
    StoreError::Unavailable(format!("{shown}: {}", describe(e)))
}

/// An id the store holds as an [`Id`].
fn to_id(bytes: &[u8]) -> Result<Id, StoreError> {
    bytes.try_into().map_err(|_| StoreError::Unavailable(format!("invalid id in the store ({} bytes, not 32)", bytes.len())))
}

/// Bring the schema up to date: the migrations the database lacks, in order, in one transaction
/// that holds the migration lock (a process migrating the same database at the same time waits,
/// then finds nothing to do). Returns how many it applied: none for a store that is up to date,
/// which costs one query and no lock.
pub(crate) async fn migrate(client: &mut tokio_postgres::Client, shown: &str) -> Result<usize, StoreError> {
    if check_version(client, shown).await? == MIGRATIONS.len() {
        return Ok(0);
    }
    let fail = |e: tokio_postgres::Error| failed(shown, &e);
    let tx = client.transaction().await.map_err(fail)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await.map_err(fail)?;
    tx.batch_execute(SCHEMA_TABLE).await.map_err(fail)?;
    let applied = check_version(&tx, shown).await?;
    for (n, sql) in MIGRATIONS.iter().enumerate().skip(applied) {
        tx.batch_execute(sql).await.map_err(fail)?;
        let version = n as i64 + 1;
        tx.execute(concat!("INSERT INTO kitsh_schema (version, applied_at) VALUES ($1, ", server_now_ms!(), ")"), &[&version])
            .await
            .map_err(fail)?;
    }
    tx.commit().await.map_err(fail)?;
    Ok(MIGRATIONS.len() - applied)
}

/// How many migrations the database has applied (none without a `kitsh_schema` table); an error
/// when a newer kitsh wrote it.
async fn check_version(client: &impl GenericClient, shown: &str) -> Result<usize, StoreError> {
    let found: i64 = match client.query_one("SELECT COALESCE(MAX(version), 0) FROM kitsh_schema", &[]).await {
        Ok(row) => row.try_get(0).map_err(|e| failed(shown, &e))?,
        Err(e) if e.code() == Some(&SqlState::UNDEFINED_TABLE) => 0,
        Err(e) => return Err(failed(shown, &e)),
    };
    let supported = MIGRATIONS.len() as i64;
    if found > supported {
        return Err(StoreError::NewerSchema { found, supported });
    }
    usize::try_from(found).map_err(|_| StoreError::Unavailable(format!("{shown}: invalid schema version {found}")))
}

/// An object as [`SessionStore::put`] takes it: its id and bytes.
type Put = (Id, Arc<Vec<u8>>);

/// `objects` cut into runs of at most [`PUT_BATCH_BYTES`] (one object each at least).
fn batches(objects: &[Put]) -> Vec<&[Put]> {
    let mut out = Vec::new();
    let (mut start, mut size) = (0, 0);
    for (i, (_, bytes)) in objects.iter().enumerate() {
        if i > start && size + bytes.len() > PUT_BATCH_BYTES {
            out.push(&objects[start..i]);
            (start, size) = (i, 0);
        }
        size += bytes.len();
    }
    out.push(&objects[start..]);
    out
}

/// A batch of objects as `INSERT_OBJECTS`'s parameters: their ids and their bytes.
fn params(batch: &[Put]) -> (Vec<&[u8]>, Vec<&[u8]>) {
    batch.iter().map(|(id, bytes)| (&id[..], bytes.as_slice())).unzip()
}

/// Insert objects, leaving those already there alone (and duplicates within the batch).
const INSERT_OBJECTS: &str = concat!(
    "INSERT INTO objects (id, bytes, stored_at) SELECT id, bytes, ",
    server_now_ms!(),
    " FROM unnest($1::bytea[], $2::bytea[]) AS o (id, bytes) ORDER BY id ON CONFLICT (id) DO NOTHING"
);

/// How many times a statement that PostgreSQL ended as a deadlock's victim is run again.
const DEADLOCK_RETRIES: usize = 3;

/// Whether PostgreSQL ended the statement to break a deadlock (it can be run again).
fn is_deadlock(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&tokio_postgres::error::SqlState::T_R_DEADLOCK_DETECTED)
}

#[async_trait]
impl SessionStore for PostgresStore {
    async fn missing(&self, ids: &[Id]) -> Result<Vec<Id>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let wanted: Vec<&[u8]> = ids.iter().map(|id| &id[..]).collect();
        let rows = self.query("SELECT id FROM objects WHERE id = ANY($1)", &[&wanted]).await?;
        let held = rows.iter().map(|r| r.try_get::<_, &[u8]>(0)).collect::<Result<HashSet<_>, _>>().map_err(|e| self.failed(&e))?;
        Ok(ids.iter().filter(|id| !held.contains(&id[..])).copied().collect())
    }

    async fn put(&self, objects: &[(Id, Arc<Vec<u8>>)]) -> Result<(), StoreError> {
        if objects.is_empty() {
            return Ok(());
        }
        // In id order, as every writer: two commits that put the same new objects (sessions
        // share chunks) then wait for each other's rows in one order, never in a cycle.
        let mut objects = objects.to_vec();
        objects.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        objects.dedup_by(|a, b| a.0 == b.0);
        let batches = batches(&objects);
        let mut client = self.client().await?;
        let fail = |e: &tokio_postgres::Error| self.failed(e);
        let mut attempt = 0;
        if let [batch] = batches[..] {
            // One statement: atomic by itself.
            let (ids, bytes) = params(batch);
            let insert = client.prepare_cached(INSERT_OBJECTS).await.map_err(|e| fail(&e))?;
            loop {
                attempt += 1;
                match client.execute(&insert, &[&ids, &bytes]).await {
                    Ok(_) => return Ok(()),
                    Err(e) if is_deadlock(&e) && attempt < DEADLOCK_RETRIES => continue,
                    Err(e) => return Err(fail(&e)),
                }
            }
        }
        loop {
            attempt += 1;
            let run = async {
                let tx = client.transaction().await?;
                let insert = tx.prepare_cached(INSERT_OBJECTS).await?;
                for batch in &batches {
                    let (ids, bytes) = params(batch);
                    tx.execute(&insert, &[&ids, &bytes]).await?;
                }
                tx.commit().await
            };
            match run.await {
                Ok(()) => return Ok(()),
                Err(e) if is_deadlock(&e) && attempt < DEADLOCK_RETRIES => continue,
                Err(e) => return Err(fail(&e)),
            }
        }
    }

    async fn get(&self, ids: &[Id]) -> Result<Vec<Arc<Vec<u8>>>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let wanted: Vec<&[u8]> = ids.iter().map(|id| &id[..]).collect();
        let rows = self.query("SELECT id, bytes FROM objects WHERE id = ANY($1)", &[&wanted]).await?;
        let mut found: HashMap<&[u8], Arc<Vec<u8>>> = HashMap::with_capacity(rows.len());
        for row in &rows {
            let (id, bytes) = row.try_get(0).and_then(|id| Ok((id, row.try_get(1)?))).map_err(|e| self.failed(&e))?;
            found.insert(id, Arc::new(bytes));
        }
        ids.iter().map(|id| found.get(&id[..]).cloned().ok_or_else(|| StoreError::Missing(crate::hex(id)))).collect()
    }

    async fn head(&self, name: &str) -> Result<Option<Id>, StoreError> {
        let rows = self.query("SELECT id FROM heads WHERE name = $1", &[&name]).await?;
        match rows.first() {
            None => Ok(None),
            Some(row) => to_id(row.try_get(0).map_err(|e| self.failed(&e))?).map(Some),
        }
    }

    async fn advance(&self, name: &str, expected: Option<Id>, new: Id) -> Result<bool, StoreError> {
        // One statement each: PostgreSQL runs it atomically, and a second writer's `UPDATE` waits
        // for the first to commit, then checks its `WHERE` against the head the first wrote (and
        // changes nothing); a second `INSERT` of the same name waits likewise and does nothing.
        let changed = match expected {
            None => {
                self.execute(
                    concat!(
                        "INSERT INTO heads (name, id, updated_at) VALUES ($1, $2, ",
                        server_now_ms!(),
                        ") ON CONFLICT (name) DO NOTHING"
                    ),
                    &[&name, &&new[..]],
                )
                .await?
            }
            Some(old) => {
                self.execute(
                    concat!("UPDATE heads SET id = $2, updated_at = ", server_now_ms!(), " WHERE name = $1 AND id = $3"),
                    &[&name, &&new[..], &&old[..]],
                )
                .await?
            }
        };
        Ok(changed == 1)
    }

    async fn sessions(&self) -> Result<Vec<(String, Id)>, StoreError> {
        // By name in byte order (as the other stores), whatever the database's collation.
        let rows = self.query(r#"SELECT name, id FROM heads ORDER BY name COLLATE "C""#, &[]).await?;
        rows.iter()
            .map(|row| {
                let (name, id): (String, &[u8]) = row.try_get(0).and_then(|n| Ok((n, row.try_get(1)?))).map_err(|e| self.failed(&e))?;
                Ok((name, to_id(id)?))
            })
            .collect()
    }

    async fn remove(&self, name: &str) -> Result<bool, StoreError> {
        Ok(self.execute("DELETE FROM heads WHERE name = $1", &[&name]).await? == 1)
    }

    async fn touch(&self, ids: &[Id]) -> Result<Vec<Id>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let client = self.client().await?;
        let fail = |e: tokio_postgres::Error| self.failed(&e);
        let keys: Vec<&[u8]> = ids.iter().map(|i| i.as_slice()).collect();
        // The rows are locked in id order (as `put` inserts them), so that concurrent commits
        // sharing objects never wait for each other in a cycle.
        let sql = concat!(
            "UPDATE objects SET stored_at = GREATEST(stored_at, ",
            server_now_ms!(),
            ") WHERE id IN (SELECT id FROM objects WHERE id = ANY($1) ORDER BY id FOR UPDATE) RETURNING id"
        );
        let mut attempt = 0;
        let rows = loop {
            attempt += 1;
            match client.query(sql, &[&keys]).await {
                Ok(rows) => break rows,
                Err(e) if is_deadlock(&e) && attempt < DEADLOCK_RETRIES => continue,
                Err(e) => return Err(fail(e)),
            }
        };
        let mut found = HashSet::new();
        for row in &rows {
            let id: &[u8] = row.try_get(0).map_err(fail)?;
            found.insert(to_id(id)?);
        }
        Ok(ids.iter().filter(|i| !found.contains(*i)).copied().collect())
    }

    async fn sweep(&self, keep: &HashSet<Id>, before: i64) -> Result<u64, StoreError> {
        let mut client = self.client().await?;
        let fail = |e: tokio_postgres::Error| self.failed(&e);
        let tx = client.transaction().await.map_err(fail)?;
        // The old objects, then those not kept, by id: `keep` is matched here, not in SQL (it may
        // hold millions of ids).
        let rows = tx.query("SELECT id FROM objects WHERE stored_at < $1", &[&before]).await.map_err(fail)?;
        let mut doomed: Vec<&[u8]> = Vec::new();
        for row in &rows {
            let id: &[u8] = row.try_get(0).map_err(fail)?;
            if !keep.contains(&to_id(id)?) {
                doomed.push(id);
            }
        }
        let mut deleted = 0;
        for batch in doomed.chunks(SWEEP_BATCH) {
            // `stored_at` again: an object another sweep deleted meanwhile and a writer then put
            // again is recent, and stays.
            deleted += tx
                .execute("DELETE FROM objects WHERE id = ANY($1) AND stored_at < $2", &[&batch, &before])
                .await
                .map_err(fail)?;
        }
        tx.commit().await.map_err(fail)?;
        Ok(deleted)
    }

    async fn usage(&self) -> Result<(u64, u64), StoreError> {
        let rows = self.query("SELECT COUNT(*), COALESCE(SUM(octet_length(bytes)), 0)::bigint FROM objects", &[]).await?;
        let row = rows.first().ok_or_else(|| StoreError::Unavailable(format!("{}: no row for usage", self.shown)))?;
        let (count, bytes): (i64, i64) = row.try_get(0).and_then(|c| Ok((c, row.try_get(1)?))).map_err(|e| self.failed(&e))?;
        Ok((count.max(0) as u64, bytes.max(0) as u64))
    }

    async fn get_record(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let rows = self.query("SELECT value FROM records WHERE key = $1", &[&key]).await?;
        rows.first().map(|row| row.try_get(0).map_err(|e| self.failed(&e))).transpose()
    }

    async fn put_record(&self, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.execute(
            concat!(
                "INSERT INTO records (key, value, updated_at) VALUES ($1, $2, ",
                server_now_ms!(),
                ") ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at"
            ),
            &[&key, &value],
        )
        .await
        .map(drop)
    }

    async fn remove_record(&self, key: &str) -> Result<bool, StoreError> {
        Ok(self.execute("DELETE FROM records WHERE key = $1", &[&key]).await? == 1)
    }
}

#[cfg(all(test, unix))]
pub(crate) mod tests;
