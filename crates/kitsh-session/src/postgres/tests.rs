//! A throw-away PostgreSQL cluster for this test binary ([`Cluster`]: the shared behaviour
//! tests of src/store_tests.rs run on it too), and what only the PostgreSQL store has: its
//! URLs and errors, its schema, reconnecting after a restart, two stores racing.
//!
//! The cluster is started once, by the first test that needs it (about a second: `initdb`
//! and `pg_ctl start`), in a temporary directory, as an unprivileged user when the tests run
//! as root (the server refuses root). Each test gets a database of its own. Nothing in this
//! process stops it (statics are never dropped, and the last test to finish is not known when
//! a filter runs a few): a watchdog started with it does, a shell that reads a pipe only this
//! process writes to, so it reads the end of the pipe when this process exits, however it
//! exits (even killed); it then stops the server (`pg_ctl stop -m immediate`) and removes the
//! directory. Without PostgreSQL's programs the tests fail, saying how to install them,
//! unless `KITSH_SKIP_POSTGRES=1`.

use std::future::Future;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::pin::pin;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::task::{Context, Poll, Waker};

use tokio::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use super::*;
use crate::{id_of, SessionStore};

/// The cluster's superuser and password.
const USER: &str = "kitsh";
const PASSWORD: &str = "kitsh-test-Pa55word";

/// A PostgreSQL cluster of this test binary's own: a Unix socket in its directory, and
/// 127.0.0.1 on a free port.
pub(crate) struct Cluster {
    /// `pg_ctl`.
    pg_ctl: PathBuf,
    /// The temporary directory: the data directory `data`, the socket, the server's log.
    dir: PathBuf,
    /// The user and group the server runs as, when this process is root.
    owner: Option<(u32, u32)>,
    /// The TCP port (also the socket's name).
    pub(crate) port: u16,
    /// Tests use the cluster shared (a read lock); the one that restarts it, alone.
    turns: RwLock<()>,
    /// The number of the next test database.
    next: AtomicU32,
    /// The write end of the watchdog's pipe: open until this process exits.
    _watchdog: ChildStdin,
}

/// The test cluster, started on first use; `None` when `KITSH_SKIP_POSTGRES=1`.
#[allow(clippy::panic)]
fn cluster() -> Option<&'static Cluster> {
    static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
    if std::env::var_os("KITSH_SKIP_POSTGRES").is_some_and(|v| v == "1") {
        eprintln!("KITSH_SKIP_POSTGRES=1: the PostgreSQL store is not tested");
        return None;
    }
    match CLUSTER.get_or_init(Cluster::start) {
        Ok(cluster) => Some(cluster),
        Err(e) => panic!("no PostgreSQL test cluster: {e}"),
    }
}

/// A database of one test's own, with its turn on the cluster.
pub(crate) struct TestDb {
    pub(crate) pg: &'static Cluster,
    pub(crate) name: String,
    _turn: Turn,
}

enum Turn {
    Shared(#[allow(dead_code)] RwLockReadGuard<'static, ()>),
    Alone(#[allow(dead_code)] RwLockWriteGuard<'static, ()>),
}

/// A new database for a test, on the cluster shared with other tests; `None` when the
/// PostgreSQL tests are skipped.
pub(crate) async fn test_db() -> Option<TestDb> {
    let pg = cluster()?;
    let turn = Turn::Shared(pg.turns.read().await);
    Some(TestDb { pg, name: pg.database().await, _turn: turn })
}

/// A new database for a test that stops the cluster: no other test uses it meanwhile.
async fn test_db_alone() -> Option<TestDb> {
    let pg = cluster()?;
    let turn = Turn::Alone(pg.turns.write().await);
    Some(TestDb { pg, name: pg.database().await, _turn: turn })
}

impl TestDb {
    /// Its URL over TCP, with the password.
    pub(crate) fn url(&self) -> String {
        self.pg.url(&self.name)
    }

    /// How messages name it.
    fn shown(&self) -> String {
        format!("postgres://127.0.0.1:{}/{}", self.pg.port, self.name)
    }

    /// A store on it, connected.
    pub(crate) async fn store(&self) -> PostgresStore {
        PostgresStore::connect(&self.url()).await.expect("connect to the test database")
    }

    /// A plain connection to it as the superuser.
    async fn raw(&self) -> tokio_postgres::Client {
        self.pg.raw(&self.name).await
    }
}

/// Run `program` (with `args`) as the cluster's owner in `dir`; its output when it fails.
fn run(owner: Option<(u32, u32)>, dir: &Path, program: &Path, args: &[&str]) -> Result<(), String> {
    let mut command = Command::new(program);
    command.args(args).current_dir(dir).stdin(Stdio::null());
    if let Some((uid, gid)) = owner {
        command.uid(uid).gid(gid);
    }
    let out = command.output().map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "{} {} failed ({}):\n{}{}",
        program.display(),
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

/// The directory of PostgreSQL's server programs: Debian's newest /usr/lib/postgresql/*/bin,
/// or the one on PATH that holds `initdb`.
fn server_programs() -> Option<PathBuf> {
    let mut debian: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .filter(|(_, bin)| bin.join("initdb").is_file())
        .collect();
    debian.sort();
    let on_path = || std::env::split_paths(&std::env::var_os("PATH")?).find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file());
    debian.pop().map(|(_, bin)| bin).or_else(on_path)
}

/// The uid and gid of the first of `names` in /etc/passwd.
fn unprivileged_user(names: &[&str]) -> Option<(u32, u32)> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    names.iter().find_map(|name| {
        passwd.lines().find_map(|line| {
            let fields: Vec<&str> = line.split(':').collect();
            (fields.len() > 3 && fields[0] == *name).then(|| Some((fields[2].parse().ok()?, fields[3].parse().ok()?))).flatten()
        })
    })
}

impl Cluster {
    /// Make and start the cluster.
    fn start() -> Result<Cluster, String> {
        let Some(bin) = server_programs() else {
            return Err("PostgreSQL's server programs (initdb, pg_ctl) are not installed: none under \
                        /usr/lib/postgresql/*/bin nor on PATH. Install them (Debian: `apt-get install \
                        postgresql`, as .ci/run does), or set KITSH_SKIP_POSTGRES=1 to skip these tests."
                .into());
        };
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("kitsh-pg-{}-{stamp}", std::process::id()));
        let io = |what: &str, e: std::io::Error| format!("{what} {}: {e}", dir.display());
        std::fs::create_dir(&dir).map_err(|e| io("cannot create", e))?;
        // The directory's owner is who this process is: root must hand the cluster to
        // another user.
        let owner = if std::fs::metadata(&dir).map_err(|e| io("cannot read", e))?.uid() == 0 {
            let user = unprivileged_user(&["postgres", "nobody"]).ok_or("running as root, and no user postgres or nobody to run the server as")?;
            std::os::unix::fs::chown(&dir, Some(user.0), Some(user.1)).map_err(|e| io("cannot chown", e))?;
            Some(user)
        } else {
            None
        };
        let pg_ctl = bin.join("pg_ctl");
        let data = dir.join("data");
        // The watchdog first, so that whatever happens next is cleaned up.
        let mut watchdog = Command::new("sh");
        watchdog
            .args(["-c", r#"read _; "$0" -D "$1" stop -m immediate >/dev/null 2>&1; rm -rf "$2""#])
            .args([&pg_ctl, &data, &dir])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0);
        if let Some((uid, gid)) = owner {
            watchdog.uid(uid).gid(gid);
        }
        let watchdog = watchdog.spawn().map_err(|e| format!("cannot start the watchdog: {e}"))?.stdin.ok_or("the watchdog has no stdin")?;

        let pwfile = dir.join("password");
        std::fs::write(&pwfile, format!("{PASSWORD}\n")).map_err(|e| io("cannot write in", e))?;
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(&pwfile, Some(uid), Some(gid)).map_err(|e| io("cannot chown in", e))?;
        }
        let (data_arg, pw_arg) = (data.to_string_lossy().into_owned(), format!("--pwfile={}", pwfile.display()));
        let initdb = bin.join("initdb");
        let args = ["-D", &data_arg, "-U", USER, &pw_arg, "--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync"];
        // An ICU collation (PostgreSQL 15) where "a" sorts before "A": a store that lists
        // sessions in the database's order, not bytes', fails the shared tests. Without ICU,
        // the C locale.
        let icu = ["--locale-provider=icu", "--icu-locale=en-US"];
        if run(owner, &dir, &initdb, &[&args[..], &icu[..]].concat()).is_err() {
            let _ = std::fs::remove_dir_all(&data);
            run(owner, &dir, &initdb, &args)?;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map_err(|e| format!("no free port: {e}"))?.port();
        let cluster = Cluster {
            pg_ctl,
            dir,
            owner,
            port,
            turns: RwLock::new(()),
            next: AtomicU32::new(0),
            _watchdog: watchdog,
        };
        cluster.start_server()?;
        Ok(cluster)
    }

    /// `pg_ctl start`, waiting until the server accepts connections.
    fn start_server(&self) -> Result<(), String> {
        // No fsync (a throw-away cluster), but commits are written out before they return
        // (not `synchronous_commit=off`): the restart test stops it as a crash would.
        let options = format!(
            "-k '{}' -p {} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off \
             -c full_page_writes=off",
            self.dir.display(),
            self.port
        );
        let (data, log) = (self.dir.join("data"), self.dir.join("server.log"));
        let args = ["-D", &data.to_string_lossy(), "-l", &log.to_string_lossy(), "-w", "-t", "60", "-o", &options, "start"].map(String::from);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run(self.owner, &self.dir, &self.pg_ctl, &args)
            .map_err(|e| format!("{e}\nserver log:\n{}", std::fs::read_to_string(&log).unwrap_or_default()))
    }

    /// Start the server again after [`Cluster::stop`].
    fn start_again(&self) {
        self.start_server().expect("start the server again");
    }

    /// Stop the server at once, as a crash or a kill would.
    fn stop(&self) {
        let data = self.dir.join("data").to_string_lossy().into_owned();
        run(self.owner, &self.dir, &self.pg_ctl, &["-D", &data, "-w", "stop", "-m", "immediate"]).expect("stop the server");
    }

    /// The URL of database `db` over TCP, with the password.
    fn url(&self, db: &str) -> String {
        format!("postgres://{USER}:{PASSWORD}@127.0.0.1:{}/{db}", self.port)
    }

    /// The URL of database `db` through the Unix socket, without a password.
    fn socket_url(&self, db: &str) -> String {
        let dir: String = self
            .dir
            .to_string_lossy()
            .bytes()
            .map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { char::from(b).to_string() } else { format!("%{b:02X}") })
            .collect();
        format!("postgresql://{USER}@{dir}:{}/{db}", self.port)
    }

    /// A plain connection to database `db` as the superuser (through the socket).
    async fn raw(&self, db: &str) -> tokio_postgres::Client {
        let (client, connection) = Config::new()
            .host_path(&self.dir)
            .port(self.port)
            .user(USER)
            .password(PASSWORD)
            .dbname(db)
            .connect(NoTls)
            .await
            .expect("connect to the test cluster");
        tokio::spawn(connection);
        client
    }

    /// A new, empty database's name.
    async fn database(&self) -> String {
        let name = format!("kitsh_test_{}", self.next.fetch_add(1, Ordering::Relaxed));
        self.raw("postgres").await.batch_execute(&format!("CREATE DATABASE {name}")).await.expect("create a database");
        name
    }
}

/// An object: its id and bytes.
fn object(bytes: &[u8]) -> (Id, Arc<Vec<u8>>) {
    (id_of(bytes), Arc::new(bytes.to_vec()))
}

/// The message of an [`StoreError::Unavailable`].
fn unavailable<T: std::fmt::Debug>(r: Result<T, StoreError>) -> String {
    match r {
        Err(StoreError::Unavailable(message)) => message,
        other => unreachable!("expected Unavailable, got {other:?}"),
    }
}

/// A port on 127.0.0.1 where nothing listens.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a port");
    listener.local_addr().expect("its address").port()
}

/// The applied migrations' rows: (version, applied_at).
async fn schema_rows(client: &tokio_postgres::Client) -> Vec<(i64, i64)> {
    let rows = client.query("SELECT version, applied_at FROM kitsh_schema ORDER BY version", &[]).await.expect("read kitsh_schema");
    rows.iter().map(|r| (r.get(0), r.get(1))).collect()
}

#[test]
fn messages_name_the_server_and_database_not_the_password() {
    let shown_of = |url: &str| shown(&url.parse::<Config>().expect("a valid URL"));
    assert_eq!(shown_of("postgres://u:secret@db.example:5433/kit"), "postgres://db.example:5433/kit");
    assert_eq!(shown_of("postgresql://u@h1,h2:6000/kit"), "postgres://h1:5432,h2:6000/kit");
    assert_eq!(shown_of("postgres://u@h1:1,h2:2/kit"), "postgres://h1:1,h2:2/kit");
    assert_eq!(shown_of("postgres://u@%2Fvar%2Frun%2Fpostgresql/kit"), "postgres:///var/run/postgresql:5432/kit");
    assert_eq!(shown_of("postgres://u@[::1]/kit"), "postgres://[::1]:5432/kit");
    assert_eq!(shown_of("postgres://me@h"), "postgres://h:5432/me", "the database defaults to the user's name");
    let store = PostgresStore::open("postgres://me:secret@/kit").expect("open");
    assert_eq!(store.shown, "postgres://localhost:5432/kit", "no host: localhost");
    assert!(!format!("{store:?}").contains("secret"), "{store:?}");

    let message = unavailable(PostgresStore::open("postgres://me:hunter2@host:port/kit"));
    assert!(message.starts_with("invalid PostgreSQL URL: invalid connection string"), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
    assert!(matches!(crate::open("postgres://me:hunter2@host:port/kit"), Err(StoreError::Unavailable(m)) if m == message));
}

/// `open` makes no connection: the first call does, and says why it cannot.
#[tokio::test]
async fn open_connects_on_first_use() {
    let port = closed_port();
    let url = format!("postgres://kitsh:secret@127.0.0.1:{port}/nowhere");
    let store = crate::open(&url).expect("open makes no connection");
    let message = unavailable(store.head("s").await);
    let expected = format!("cannot connect to postgres://127.0.0.1:{port}/nowhere: error connecting to server: ");
    assert!(message.starts_with(&expected) && message.contains("refused"), "{message}");
    assert_eq!(store.sessions().await.map_err(|e| e.to_string()), Err(format!("session store: {message}")), "and again");
    assert_eq!(PostgresStore::connect(&url).await.err(), Some(StoreError::Unavailable(message)), "connect fails at once");
}

/// A call outside any tokio runtime is an error, not a panic.
#[test]
fn a_call_outside_a_runtime_is_an_error() {
    let store = PostgresStore::open("postgres://kitsh@127.0.0.1:1/nowhere").expect("open");
    let Poll::Ready(result) = pin!(store.head("s")).poll(&mut Context::from_waker(Waker::noop())) else {
        unreachable!("answered at once")
    };
    assert_eq!(unavailable(result), "postgres://127.0.0.1:1/nowhere: the PostgreSQL store is used outside a tokio runtime");
}

#[tokio::test]
async fn store_urls_open_postgres_stores() {
    let Some(db) = test_db().await else { return };
    let s = crate::open(&db.url()).expect("open postgres://…");
    assert_eq!(s.advance("s", None, id_of(b"x")).await, Ok(true));
    // postgresql://, through the Unix socket, the password from $PGPASSWORD.
    let url = db.pg.socket_url(&db.name);
    assert!(url.starts_with("postgresql://kitsh@%2F"), "{url}");
    let by_socket = PostgresStore::open_with(&url, Some(PASSWORD.into())).expect("open");
    assert_eq!(by_socket.sessions().await, Ok(vec![("s".to_string(), id_of(b"x"))]), "the same database");
    // A password in the URL wins over $PGPASSWORD.
    let with_password = db.url();
    assert_eq!(PostgresStore::open_with(&with_password, Some("wrong".into())).expect("open").head("s").await, Ok(Some(id_of(b"x"))));
    let message = unavailable(PostgresStore::open_with(&url, None).expect("open").head("s").await);
    assert!(message.ends_with("invalid configuration: password missing"), "{message}");
}

#[tokio::test]
async fn bad_credentials_and_unknown_databases_are_unavailable() {
    let Some(db) = test_db().await else { return };
    let port = db.pg.port;
    let wrong = "not-the-Pa55word";
    let url = format!("postgres://{USER}:{wrong}@127.0.0.1:{port}/{}", db.name);
    let message = unavailable(PostgresStore::connect(&url).await);
    assert_eq!(message, format!("cannot connect to {}: FATAL: password authentication failed for user \"kitsh\"", db.shown()));
    let by_env = format!("postgres://{USER}@127.0.0.1:{port}/{}", db.name);
    let store = PostgresStore::open_with(&by_env, Some(wrong.into())).expect("open");
    assert_eq!(unavailable(store.usage().await), message, "a wrong $PGPASSWORD");
    let unknown = unavailable(PostgresStore::connect(&db.pg.url("no_such_db")).await);
    assert_eq!(unknown, format!("cannot connect to postgres://127.0.0.1:{port}/no_such_db: FATAL: database \"no_such_db\" does not exist"));
    for m in [&message, &unknown] {
        assert!(!m.contains(wrong) && !m.contains(PASSWORD), "{m}");
    }
}

#[tokio::test]
async fn migrations_run_once() {
    let Some(db) = test_db().await else { return };
    let mut raw = db.raw().await;
    let shown = db.shown();
    assert_eq!(migrate(&mut raw, &shown).await, Ok(2), "a new database");
    assert_eq!(migrate(&mut raw, &shown).await, Ok(0), "an up-to-date one");
    let applied = schema_rows(&raw).await;
    assert_eq!(applied.iter().map(|r| r.0).collect::<Vec<_>>(), [1, 2]);
    let o = object(b"kept");
    {
        let s = db.store().await;
        s.put(std::slice::from_ref(&o)).await.expect("put");
        assert_eq!(s.advance("s", None, o.0).await, Ok(true));
    }
    let s = db.store().await;
    assert_eq!(s.head("s").await, Ok(Some(o.0)));
    assert_eq!(s.get(&[o.0]).await, Ok(vec![o.1]));
    assert_eq!(schema_rows(&raw).await, applied, "connecting ran nothing");
}

/// A database a kitsh with only the first migration wrote (objects and heads) gets the second
/// (records) on the first call, and keeps its sessions.
#[tokio::test]
async fn a_version_1_database_is_brought_up_to_date() {
    let Some(db) = test_db().await else { return };
    let raw = db.raw().await;
    let o = object(b"from version 1");
    raw.batch_execute(
        "CREATE TABLE kitsh_schema (version bigint PRIMARY KEY, applied_at bigint NOT NULL);
         INSERT INTO kitsh_schema VALUES (1, 0);
         CREATE TABLE objects (id bytea PRIMARY KEY, bytes bytea NOT NULL, stored_at bigint NOT NULL);
         CREATE TABLE heads (name text PRIMARY KEY, id bytea NOT NULL, updated_at bigint NOT NULL);",
    )
    .await
    .expect("a version 1 schema");
    raw.execute("INSERT INTO objects VALUES ($1, $2, 0)", &[&&o.0[..], &o.1.as_slice()]).await.expect("an object");
    raw.execute("INSERT INTO heads VALUES ('old', $1, 0)", &[&&o.0[..]]).await.expect("a head");
    let s = db.store().await;
    assert_eq!(s.head("old").await, Ok(Some(o.0)));
    assert_eq!(schema_rows(&raw).await.iter().map(|r| r.0).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(s.get(&[o.0]).await, Ok(vec![o.1]));
    s.put_record("k", b"v").await.expect("records work");
    assert_eq!(s.get_record("k").await, Ok(Some(b"v".to_vec())));
}

/// Stores connecting at once to a new database (processes starting together): one creates
/// the schema, the others wait for it and find nothing to do.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn stores_migrating_at_once_all_succeed() {
    let Some(db) = test_db().await else { return };
    let url = Arc::new(db.url());
    let connects: Vec<_> = (0..8)
        .map(|_| {
            let url = Arc::clone(&url);
            tokio::spawn(async move { PostgresStore::connect(&url).await.map(drop) })
        })
        .collect();
    for c in connects {
        assert_eq!(c.await.expect("task"), Ok(()));
    }
    assert_eq!(schema_rows(&db.raw().await).await.len(), 2);
}

#[tokio::test]
async fn a_newer_schema_is_refused() {
    let Some(db) = test_db().await else { return };
    drop(db.store().await);
    let raw = db.raw().await;
    raw.execute("INSERT INTO kitsh_schema (version, applied_at) VALUES (99, 0)", &[]).await.expect("a newer version");
    let err = PostgresStore::connect(&db.url()).await.expect_err("a newer schema");
    assert_eq!(err, StoreError::NewerSchema { found: 99, supported: 2 });
    assert_eq!(err.to_string(), "session store: schema version 99 is newer than this kitsh (2)");
    let lazily = crate::open(&db.url()).expect("open");
    assert_eq!(lazily.sessions().await, Err(err.clone()), "the first call checks");
    assert_eq!(lazily.sessions().await, Err(err), "and every call until it is fixed");
    assert_eq!(schema_rows(&raw).await.iter().map(|r| r.0).collect::<Vec<_>>(), [1, 2, 99], "left as it was");
}

/// SES-10: while the server is down calls fail with a clear error, and they succeed again
/// once it is back (the pool drops the connections the server closed).
#[tokio::test]
async fn calls_fail_while_the_server_is_down_and_succeed_once_it_is_back() {
    let Some(db) = test_db_alone().await else { return };
    let s = db.store().await;
    let (a, b) = (object(b"a"), id_of(b"b"));
    s.put(std::slice::from_ref(&a)).await.expect("put");
    assert_eq!(s.advance("s", None, a.0).await, Ok(true));
    // Calls at once: the pool holds several connections.
    let (head, usage, sessions) = tokio::join!(s.head("s"), s.usage(), s.sessions());
    assert_eq!((head, usage.map(|u| u.0), sessions.map(|s| s.len())), (Ok(Some(a.0)), Ok(1), Ok(1)));

    db.pg.stop();
    let message = unavailable(s.head("s").await);
    assert!(message.contains(&db.shown()), "{message}");
    let message = unavailable(s.advance("s", Some(a.0), b).await);
    assert!(message.starts_with(&format!("cannot connect to {}: error connecting to server: ", db.shown())), "{message}");
    let message = unavailable(PostgresStore::connect(&db.url()).await);
    assert!(message.starts_with("cannot connect to"), "{message}");

    db.pg.start_again();
    assert_eq!(s.head("s").await, Ok(Some(a.0)), "nothing changed while it was down");
    assert_eq!(s.advance("s", Some(a.0), b).await, Ok(true));
    assert_eq!(s.get(&[a.0]).await, Ok(vec![a.1]));
    assert_eq!(db.store().await.head("s").await, Ok(Some(b)));
}

/// Contenders per round and rounds, in the race below.
const CONTENDERS: usize = 8;
const ROUNDS: usize = 20;

/// Two stores on one database (two processes), racing `advance` from the same expected head
/// on tokio's worker threads: exactly one wins each round.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_stores_on_one_database_never_both_win() {
    let Some(db) = test_db().await else { return };
    let stores = [Arc::new(db.store().await), Arc::new(db.store().await)];
    let proposal = |round: usize, i: usize| id_of(format!("{round}/{i}").as_bytes());
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

/// A put larger than one statement carries (one transaction), and a sweep of more objects
/// than one `DELETE` names.
#[tokio::test]
async fn large_puts_and_sweeps_go_in_batches() {
    let Some(db) = test_db().await else { return };
    let s = db.store().await;
    let big: Vec<_> = (0..3u8).map(|i| object(&vec![i; 7 << 20])).collect();
    assert_eq!(batches(&big).len(), 2);
    s.put(&big).await.expect("put 21 MiB");
    assert_eq!(s.usage().await, Ok((3, 21 << 20)));
    assert_eq!(s.get(&[big[2].0, big[0].0]).await, Ok(vec![big[2].1.clone(), big[0].1.clone()]));
    let small: Vec<_> = (0..SWEEP_BATCH + 5).map(|i| object(format!("{i}").as_bytes())).collect();
    s.put(&small).await.expect("put many");
    let keep: HashSet<Id> = [big[1].0, small[7].0].into();
    assert_eq!(s.sweep(&keep, crate::store::now_ms() + 60_000).await, Ok((SWEEP_BATCH + 5 + 3 - 2) as u64));
    assert_eq!(s.usage().await, Ok((2, (7 << 20) + 1)));
}
