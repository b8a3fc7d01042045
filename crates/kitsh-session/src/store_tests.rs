//! The stores' behaviour (SES-9, SES-10), written once against `&dyn SessionStore` and run on
//! each store: [`MemoryStore`], [`SqliteStore`] in memory and in a file, `PostgresStore` (on a
//! throw-away cluster: src/postgres.rs, which also tests what only it has); then what only the
//! SQLite store has: its file, its schema, its locks, and two stores racing on one file.

use std::collections::HashSet;
use std::future::Future;
use std::path::PathBuf;
use std::pin::pin;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use crate::store::now_ms;
use crate::{hex, id_of, Id, MemoryStore, SessionStore, SqliteStore, StoreError};

/// An object: its id and bytes.
fn object(bytes: &[u8]) -> (Id, Arc<Vec<u8>>) {
    (id_of(bytes), Arc::new(bytes.to_vec()))
}

/// A private in-memory SQLite store.
fn sqlite_memory() -> SqliteStore {
    SqliteStore::open(":memory:").expect("open sqlite::memory:")
}

/// A unique path in the temp directory (with `suffix`).
fn temp_path(suffix: &str) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("kitsh-session-test-{}-{}-{n}{suffix}", std::process::id(), now_ms()))
}

/// A database file in the temp directory, removed (with its WAL files) when dropped.
struct TempDb(String);

impl TempDb {
    fn new() -> TempDb {
        TempDb(temp_path(".db").to_string_lossy().into_owned())
    }

    fn open(&self) -> SqliteStore {
        SqliteStore::open(&self.0).expect("open the store file")
    }

    /// A plain connection to the file, as another program would open it.
    fn raw(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(&self.0).expect("open the file with rusqlite")
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.0));
        }
    }
}

/// One `#[tokio::test]` per store for each behaviour (a module named after it).
macro_rules! on_every_store {
    ($($behaviour:ident),* $(,)?) => {$(
        mod $behaviour {
            #[tokio::test]
            async fn memory() {
                super::$behaviour(&crate::MemoryStore::new()).await
            }

            #[tokio::test]
            async fn sqlite_memory() {
                super::$behaviour(&super::sqlite_memory()).await
            }

            #[tokio::test]
            async fn sqlite_file() {
                let db = super::TempDb::new();
                super::$behaviour(&db.open()).await
            }

            /// On a database of its own in the test binary's PostgreSQL cluster.
            #[cfg(all(feature = "postgres", unix))]
            #[tokio::test]
            async fn postgres() {
                let Some(db) = crate::postgres::tests::test_db().await else { return };
                super::$behaviour(&db.store().await).await
            }
        }
    )*};
}

on_every_store!(objects_round_trip, advance_is_compare_and_swap, sessions_and_remove, sweep_spares_kept_and_recent, touch_saves_from_a_sweep, usage_counts, records_by_key);

async fn touch_saves_from_a_sweep(s: &dyn SessionStore) {
    let (a, b, c) = (object(b"touched"), object(b"untouched"), object(b"never stored"));
    s.put(&[a.clone(), b.clone()]).await.expect("put");
    tokio::time::sleep(Duration::from_millis(3)).await;
    let start = now_ms();
    tokio::time::sleep(Duration::from_millis(3)).await;
    assert_eq!(s.touch(&[a.0, c.0]).await, Ok(vec![c.0]), "c is not in the store");
    assert_eq!(s.touch(&[]).await, Ok(vec![]));
    assert_eq!(s.sweep(&HashSet::new(), start).await, Ok(1), "only b is older than the sweep");
    assert_eq!(s.missing(&[a.0, b.0]).await, Ok(vec![b.0]));
}

async fn objects_round_trip(s: &dyn SessionStore) {
    let (a, b, c, d) = (object(b"alpha"), object(&(0..=255).collect::<Vec<u8>>()), object(b""), object(b"delta"));
    assert_eq!(s.missing(&[a.0, b.0]).await, Ok(vec![a.0, b.0]));
    assert_eq!(s.missing(&[]).await, Ok(vec![]));
    s.put(&[a.clone(), b.clone()]).await.expect("put a, b");
    assert_eq!(s.missing(&[a.0, c.0, b.0, d.0]).await, Ok(vec![c.0, d.0]));
    // Again, with c: a and b are left alone (even if the bytes given differ), c is added.
    s.put(&[(a.0, Arc::new(b"not alpha".to_vec())), b.clone(), c.clone()]).await.expect("put again");
    s.put(&[]).await.expect("put nothing");
    assert_eq!(s.get(&[b.0, a.0, c.0, a.0]).await, Ok(vec![b.1.clone(), a.1.clone(), c.1.clone(), a.1.clone()]));
    assert_eq!(s.get(&[]).await, Ok(vec![]));
    // The first absent object is the one named.
    let e = object(b"epsilon");
    assert_eq!(s.get(&[a.0, d.0, e.0]).await, Err(StoreError::Missing(hex(&d.0))));
    assert_eq!(s.get(&[e.0]).await.map_err(|e| e.to_string()), Err(format!("session store: missing object {}", hex(&e.0))));
    assert_eq!(s.missing(&[a.0, b.0, c.0, d.0]).await, Ok(vec![d.0]));
}

async fn advance_is_compare_and_swap(s: &dyn SessionStore) {
    let (a, b, c) = (id_of(b"a"), id_of(b"b"), id_of(b"c"));
    assert_eq!(s.head("s").await, Ok(None));
    assert_eq!(s.advance("s", Some(a), b).await, Ok(false), "no session yet: nothing to swap");
    assert_eq!(s.head("s").await, Ok(None));
    assert_eq!(s.advance("s", None, a).await, Ok(true), "create");
    assert_eq!(s.head("s").await, Ok(Some(a)));
    assert_eq!(s.advance("s", None, b).await, Ok(false), "None on an existing session");
    assert_eq!(s.advance("s", Some(c), b).await, Ok(false), "stale expected head");
    assert_eq!(s.head("s").await, Ok(Some(a)));
    assert_eq!(s.advance("s", Some(a), b).await, Ok(true));
    assert_eq!(s.head("s").await, Ok(Some(b)));
    assert_eq!(s.advance("s", Some(a), c).await, Ok(false), "a is no longer the head");
    assert_eq!(s.advance("s", Some(b), b).await, Ok(true), "to the head it has");
    assert_eq!(s.head("s").await, Ok(Some(b)));
    assert_eq!(s.head("other").await, Ok(None), "one session's head is not another's");
}

async fn sessions_and_remove(s: &dyn SessionStore) {
    assert_eq!(s.sessions().await, Ok(vec![]));
    let o = object(b"commit");
    s.put(std::slice::from_ref(&o)).await.expect("put");
    for name in ["b", "a", "c-1", "A", "a.b"] {
        assert_eq!(s.advance(name, None, id_of(name.as_bytes())).await, Ok(true));
    }
    assert_eq!(s.advance("a", Some(id_of(b"a")), o.0).await, Ok(true));
    let listed = |names: &[&str]| -> Vec<(String, Id)> {
        names.iter().map(|n| (n.to_string(), if *n == "a" { o.0 } else { id_of(n.as_bytes()) })).collect()
    };
    assert_eq!(s.sessions().await, Ok(listed(&["A", "a", "a.b", "b", "c-1"])));
    assert_eq!(s.remove("a").await, Ok(true));
    assert_eq!(s.remove("a").await, Ok(false));
    assert_eq!(s.remove("never").await, Ok(false));
    assert_eq!(s.head("a").await, Ok(None));
    assert_eq!(s.sessions().await, Ok(listed(&["A", "a.b", "b", "c-1"])));
    assert_eq!(s.missing(&[o.0]).await, Ok(vec![]), "a removed session's objects stay until a sweep");
    assert_eq!(s.advance("a", None, o.0).await, Ok(true), "a removed name can be used again");
}

async fn sweep_spares_kept_and_recent(s: &dyn SessionStore) {
    let (a, b, c, d) = (object(b"a"), object(b"b"), object(b"c"), object(b"d"));
    s.put(&[a.clone(), b.clone(), c.clone()]).await.expect("put the old objects");
    tokio::time::sleep(Duration::from_millis(3)).await;
    let start = now_ms();
    tokio::time::sleep(Duration::from_millis(3)).await;
    s.put(std::slice::from_ref(&d)).await.expect("put a recent object");
    let all = [a.0, b.0, c.0, d.0];

    assert_eq!(s.sweep(&HashSet::new(), now_ms() - 60_000).await, Ok(0), "everything is newer");
    assert_eq!(s.missing(&all).await, Ok(vec![]));
    let keep: HashSet<Id> = [a.0, id_of(b"not stored")].into();
    assert_eq!(s.sweep(&keep, start).await, Ok(2), "b and c: old and not kept");
    assert_eq!(s.missing(&all).await, Ok(vec![b.0, c.0]));
    assert_eq!(s.sweep(&keep, now_ms() + 1000).await, Ok(1), "d");
    assert_eq!(s.missing(&all).await, Ok(vec![b.0, c.0, d.0]));
    assert_eq!(s.get(&[a.0]).await, Ok(vec![a.1.clone()]));
    assert_eq!(s.sweep(&HashSet::new(), now_ms() + 1000).await, Ok(1), "a");
    assert_eq!(s.usage().await, Ok((0, 0)));
    assert_eq!(s.sweep(&HashSet::new(), now_ms() + 1000).await, Ok(0), "an empty store");
}

async fn usage_counts(s: &dyn SessionStore) {
    assert_eq!(s.usage().await, Ok((0, 0)));
    let objects = [object(b"1"), object(&[7; 10]), object(&[9; 100]), object(b"")];
    s.put(&objects).await.expect("put");
    assert_eq!(s.usage().await, Ok((4, 111)));
    s.put(&objects[..2]).await.expect("put again");
    assert_eq!(s.usage().await, Ok((4, 111)), "an object put twice is stored once");
}

async fn records_by_key(s: &dyn SessionStore) {
    assert_eq!(s.get_record("mcp/a").await, Ok(None));
    s.put_record("mcp/a", b"one").await.expect("put a");
    s.put_record("mcp/b", &[0, 255, 7]).await.expect("put b");
    s.put_record("", b"").await.expect("an empty key and value");
    assert_eq!(s.get_record("mcp/a").await, Ok(Some(b"one".to_vec())));
    assert_eq!(s.get_record("mcp/b").await, Ok(Some(vec![0, 255, 7])));
    assert_eq!(s.get_record("").await, Ok(Some(vec![])));
    s.put_record("mcp/a", b"two").await.expect("replace a");
    assert_eq!(s.get_record("mcp/a").await, Ok(Some(b"two".to_vec())));
    assert_eq!(s.remove_record("mcp/a").await, Ok(true));
    assert_eq!(s.remove_record("mcp/a").await, Ok(false));
    assert_eq!(s.get_record("mcp/a").await, Ok(None));
    assert_eq!(s.get_record("mcp/b").await, Ok(Some(vec![0, 255, 7])), "only a was removed");
    assert_eq!(s.sessions().await, Ok(vec![]), "records are not sessions");
    assert_eq!(s.usage().await, Ok((0, 0)), "nor objects");
}

#[tokio::test]
async fn store_urls_open_sqlite_stores() {
    let db = TempDb::new();
    let s = crate::open(&format!("sqlite:{}", db.0)).expect("open sqlite:PATH");
    assert_eq!(s.advance("s", None, id_of(b"x")).await, Ok(true));
    assert!(std::path::Path::new(&db.0).is_file(), "the file is created");
    let m = crate::open("sqlite::memory:").expect("open sqlite::memory:");
    assert_eq!(m.sessions().await, Ok(vec![]), "a private database: not the file's");
}

#[tokio::test]
async fn reopening_a_file_keeps_its_data_and_runs_no_migration() {
    let db = TempDb::new();
    let o = object(b"kept");
    {
        let s = db.open();
        s.put(std::slice::from_ref(&o)).await.expect("put");
        assert_eq!(s.advance("s", None, o.0).await, Ok(true));
    }
    let s = db.open();
    assert_eq!(s.head("s").await, Ok(Some(o.0)));
    assert_eq!(s.get(&[o.0]).await, Ok(vec![o.1]));
    let mut raw = db.raw();
    assert_eq!(raw.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0)), Ok(2));
    assert_eq!(crate::sqlite::migrate(&mut raw), Ok(0), "an up-to-date store: nothing to run");
    let mut fresh = rusqlite::Connection::open_in_memory().expect("open a database");
    assert_eq!(crate::sqlite::migrate(&mut fresh), Ok(2));
    assert_eq!(crate::sqlite::migrate(&mut fresh), Ok(0));
}

/// A store written by a kitsh with only the first migration (objects and heads) gets the
/// second (records) when opened, and keeps its sessions.
#[tokio::test]
async fn a_version_1_file_is_brought_up_to_date() {
    let db = TempDb::new();
    let o = object(b"from version 1");
    {
        let raw = db.raw();
        raw.execute_batch(
            "CREATE TABLE objects (id BLOB PRIMARY KEY, bytes BLOB NOT NULL, stored_at INTEGER NOT NULL);
             CREATE TABLE heads (name TEXT PRIMARY KEY, id BLOB NOT NULL, updated_at INTEGER NOT NULL);
             PRAGMA user_version = 1;",
        )
        .expect("a version 1 schema");
        raw.execute("INSERT INTO objects VALUES (?1, ?2, 0)", rusqlite::params![o.0, o.1.as_slice()]).expect("an object");
        raw.execute("INSERT INTO heads VALUES ('old', ?1, 0)", rusqlite::params![o.0]).expect("a head");
    }
    let s = db.open();
    assert_eq!(db.raw().pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0)), Ok(2));
    assert_eq!(s.head("old").await, Ok(Some(o.0)));
    assert_eq!(s.get(&[o.0]).await, Ok(vec![o.1]));
    s.put_record("k", b"v").await.expect("records work");
    assert_eq!(s.get_record("k").await, Ok(Some(b"v".to_vec())));
}

#[test]
fn a_newer_schema_is_refused() {
    let db = TempDb::new();
    drop(db.open());
    db.raw().pragma_update(None, "user_version", 99).expect("set user_version");
    let err = SqliteStore::open(&db.0).expect_err("a newer schema");
    assert_eq!(err, StoreError::NewerSchema { found: 99, supported: 2 });
    assert_eq!(err.to_string(), "session store: schema version 99 is newer than this kitsh (2)");
    assert_eq!(crate::open(&format!("sqlite:{}", db.0)).err(), Some(err));
    assert_eq!(db.raw().pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0)), Ok(99), "left as it was");
}

#[test]
fn a_missing_directory_is_unavailable_and_named() {
    let dir = temp_path("-no-such-dir");
    let path = dir.join("sessions.db").to_string_lossy().into_owned();
    let err = SqliteStore::open(&path).expect_err("no directory");
    let StoreError::Unavailable(message) = &err else { unreachable!("{err:?}") };
    assert!(message.contains(&path) && message.contains("os error"), "{message}");
    assert!(!dir.exists(), "no directory is created");
}

#[test]
fn a_file_that_is_not_a_database_is_unavailable() {
    let db = TempDb::new();
    std::fs::write(&db.0, "not a database, but long enough to have been one: 0123456789abcdef".repeat(4)).expect("write");
    let err = SqliteStore::open(&db.0).expect_err("not a database");
    assert!(matches!(&err, StoreError::Unavailable(m) if m.contains(&db.0) && m.contains("not a database")), "{err}");
}

/// A lock another process holds briefly is waited for.
#[tokio::test]
async fn a_brief_lock_is_waited_for() {
    let db = TempDb::new();
    let s = db.open();
    let (locked, wait) = std::sync::mpsc::channel();
    let raw = db.raw();
    let holder = std::thread::spawn(move || {
        raw.execute_batch("BEGIN IMMEDIATE").expect("take the write lock");
        locked.send(()).expect("say so");
        std::thread::sleep(Duration::from_millis(300));
        raw.execute_batch("COMMIT").expect("release it");
    });
    wait.recv().expect("the lock is held");
    let started = Instant::now();
    assert_eq!(s.advance("s", None, id_of(b"x")).await, Ok(true));
    assert!(started.elapsed() >= Duration::from_millis(200), "it waited for the lock");
    holder.join().expect("the lock holder");
}

/// SES-10: a write that cannot get the lock in time fails with SQLite's reason; reads go on.
#[tokio::test]
async fn a_lock_held_too_long_is_an_error_not_a_success() {
    let db = TempDb::new();
    let s = db.open();
    let (a, b) = (id_of(b"a"), id_of(b"b"));
    assert_eq!(s.advance("s", None, a).await, Ok(true));
    let raw = db.raw();
    raw.execute_batch("BEGIN IMMEDIATE").expect("take the write lock");
    assert_eq!(s.head("s").await, Ok(Some(a)), "readers do not wait for a writer");
    let started = Instant::now();
    // A second store (another process) puts meanwhile: both wait, and both fail.
    let other = db.open();
    let o = [object(b"o")];
    let (advanced, put) = tokio::join!(s.advance("s", Some(a), b), other.put(&o));
    assert!(started.elapsed() >= Duration::from_secs(4), "they waited for the busy timeout");
    assert_eq!(advanced, Err(StoreError::Unavailable("database is locked".into())));
    assert_eq!(put.map_err(|e| e.to_string()), Err("session store: database is locked".into()));
    raw.execute_batch("ROLLBACK").expect("release the lock");
    assert_eq!(s.head("s").await, Ok(Some(a)), "nothing changed");
    assert_eq!(s.usage().await, Ok((0, 0)), "nothing stored");
    assert_eq!(s.advance("s", Some(a), b).await, Ok(true));
}

/// Contenders per round and rounds, in the races below.
const CONTENDERS: usize = 8;
const ROUNDS: usize = 20;

/// The new head contender `i` proposes in `round`.
fn proposal(round: usize, i: usize) -> Id {
    id_of(format!("{round}/{i}").as_bytes())
}

/// Two stores on one file (as two processes would open it), racing `advance` from the same
/// expected head on tokio's worker threads: exactly one wins each round.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_stores_on_one_file_never_both_win() {
    let db = TempDb::new();
    let stores = [Arc::new(db.open()), Arc::new(db.open())];
    let mut head = None;
    for round in 0..ROUNDS {
        let start = Arc::new(tokio::sync::Barrier::new(CONTENDERS));
        let tasks: Vec<_> = (0..CONTENDERS)
            .map(|i| {
                let (store, start) = (Arc::clone(&stores[i % 2]), Arc::clone(&start));
                tokio::spawn(async move {
                    start.wait().await;
                    store.advance("raced", head, proposal(round, i)).await
                })
            })
            .collect();
        let mut winners = Vec::new();
        for (i, task) in tasks.into_iter().enumerate() {
            if task.await.expect("contender").expect("advance") {
                winners.push(proposal(round, i));
            }
        }
        assert_eq!(winners.len(), 1, "round {round}");
        for store in &stores {
            assert_eq!(store.head("raced").await, Ok(Some(winners[0])), "round {round}");
        }
        head = Some(winners[0]);
    }
}

/// Poll a store's future once: without a tokio runtime the store does its work on the caller's
/// thread, so it is ready at once.
fn without_runtime<F: Future>(f: F) -> F::Output {
    match pin!(f).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(out) => out,
        Poll::Pending => unreachable!("a store without a runtime answers on the first poll"),
    }
}

/// The same race on plain threads, with no tokio runtime at all.
#[test]
fn two_stores_on_one_file_race_on_threads_without_a_runtime() {
    let db = TempDb::new();
    let stores = [db.open(), db.open()];
    let mut head = None;
    for round in 0..ROUNDS {
        let start = std::sync::Barrier::new(CONTENDERS);
        let wins: Vec<bool> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..CONTENDERS)
                .map(|i| {
                    let (store, start) = (&stores[i % 2], &start);
                    scope.spawn(move || {
                        start.wait();
                        without_runtime(store.advance("raced", head, proposal(round, i))).expect("advance")
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().expect("contender")).collect()
        });
        let winners: Vec<usize> = (0..CONTENDERS).filter(|i| wins[*i]).collect();
        assert_eq!(winners.len(), 1, "round {round}: {wins:?}");
        head = Some(proposal(round, winners[0]));
        assert_eq!(without_runtime(stores[1 - winners[0] % 2].head("raced")), Ok(head), "round {round}");
    }
}

/// The in-memory store needs no runtime either, and a store is usable as `Arc<dyn SessionStore>`.
#[test]
fn stores_work_without_a_runtime() {
    let stores: [Arc<dyn SessionStore>; 2] = [Arc::new(MemoryStore::new()), Arc::new(sqlite_memory())];
    for s in stores {
        assert_eq!(without_runtime(s.advance("s", None, id_of(b"x"))), Ok(true));
        assert_eq!(without_runtime(s.sessions()), Ok(vec![("s".to_string(), id_of(b"x"))]));
    }
}
