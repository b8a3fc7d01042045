//! `SessionStore`: sessions kept in a store with their history (sessions.md SES-13), the
//! Node face of the crate kitsh-session's `History` (SQLite, memory, PostgreSQL; store URLs as
//! in the CLI). Every operation runs on libuv's thread pool (a store may wait on a lock held by
//! another process, or on the network) and resolves a promise. A failure rejects with an
//! `Error` whose `code` is `ERR_KITSH_SESSION_CONFLICT` (another writer moved the session's
//! head), `ERR_KITSH_SNAPSHOT` or `ERR_KITSH_SESSION`.

use std::future::Future;
use std::sync::Arc;

use kitsh::Snapshot;
use kitsh_session::{hex, GcPolicy, History, HistoryError, Id};
use napi::bindgen_prelude::*;
use napi::{Env, Task};
use napi_derive::napi;

/// What an operation failed with, as the JavaScript side's error codes.
fn failure(code: &str, msg: impl std::fmt::Display) -> Error {
    Error::new(Status::GenericFailure, format!("{code}\u{0}{msg}"))
}

fn error(e: HistoryError) -> Error {
    match e {
        HistoryError::Conflict(_) => failure("ERR_KITSH_SESSION_CONFLICT", e),
        HistoryError::Snapshot(s) => failure("ERR_KITSH_SNAPSHOT", s),
        e => failure("ERR_KITSH_SESSION", e),
    }
}

fn parse_id(s: &str) -> Result<Id> {
    kitsh_session::from_hex(s).ok_or_else(|| failure("ERR_KITSH_SESSION", format!("not a commit id: {s:?}")))
}

/// The store and the runtime its futures run on.
struct Shared {
    history: History,
    rt: tokio::runtime::Runtime,
}

/// One operation, run on libuv's thread pool.
pub struct Op<T: Send + 'static> {
    run: Option<Box<dyn FnOnce() -> Result<T> + Send>>,
}

impl<T: ToNapiValue + TypeName + Send + 'static> Task for Op<T> {
    type Output = T;
    type JsValue = T;

    fn compute(&mut self) -> Result<T> {
        match self.run.take() {
            Some(f) => f(),
            None => Err(failure("ERR_KITSH_SESSION", "the operation ran twice")),
        }
    }

    fn resolve(&mut self, _env: Env, output: T) -> Result<T> {
        Ok(output)
    }
}

/// A session's head and its snapshot bytes.
#[napi(object)]
pub struct Loaded {
    /// The head commit's id (hex).
    pub head: String,
    /// The snapshot at the head.
    pub snapshot: Buffer,
}

/// One commit of a session's log.
#[napi(object)]
pub struct LogEntry {
    /// Its id (hex).
    pub id: String,
    /// When it was made (milliseconds since the Unix epoch).
    pub time_ms: i64,
    /// Its label.
    pub label: String,
}

/// A session and its head.
#[napi(object)]
pub struct SessionHead {
    /// The session's name.
    pub name: String,
    /// Its head commit's id (hex).
    pub head: String,
}

/// What a collection did.
#[napi(object)]
pub struct GcResult {
    /// Objects deleted.
    pub deleted: i64,
    /// Objects kept.
    pub kept: i64,
}

/// A store of sessions with their history, opened from a URL.
#[napi]
pub struct StoreNative {
    shared: Arc<Shared>,
}

impl StoreNative {
    fn op<T, F, Fut>(&self, f: F) -> AsyncTask<Op<T>>
    where
        T: ToNapiValue + TypeName + Send + 'static,
        F: FnOnce(Arc<Shared>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T>>,
    {
        let shared = Arc::clone(&self.shared);
        AsyncTask::new(Op { run: Some(Box::new(move || shared.rt.block_on(f(Arc::clone(&shared))))) })
    }
}

#[napi]
impl StoreNative {
    /// Open the store at `url` (`sqlite:PATH`, `sqlite::memory:`, `memory:`, `postgres://...`).
    #[napi(constructor)]
    pub fn new(url: String) -> Result<Self> {
        let store = kitsh_session::open(&url).map_err(|e| failure("ERR_KITSH_SESSION", e))?;
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| failure("ERR_KITSH_SESSION", e))?;
        Ok(StoreNative { shared: Arc::new(Shared { history: History::new(store), rt }) })
    }

    /// The head of session `name` and its snapshot, or null.
    #[napi(ts_return_type = "Promise<Loaded | null>")]
    pub fn load(&self, name: String) -> AsyncTask<Op<Option<Loaded>>> {
        self.op(move |s| async move {
            let loaded = s.history.load(&name).await.map_err(error)?;
            Ok(loaded.map(|(id, snap)| Loaded { head: hex(&id), snapshot: snap.to_bytes().into() }))
        })
    }

    /// Commit snapshot bytes as the next state of `name`, whose head was `parent` (null for a
    /// new session); the new head (the parent when the state did not change).
    #[napi(ts_return_type = "Promise<string>")]
    pub fn commit(&self, name: String, parent: Option<String>, snapshot: Buffer, label: Option<String>) -> Result<AsyncTask<Op<String>>> {
        let parent = parent.as_deref().map(parse_id).transpose()?;
        let snap = Snapshot::from_bytes(&snapshot).map_err(|e| failure("ERR_KITSH_SNAPSHOT", e))?;
        let label = label.unwrap_or_default();
        Ok(self.op(move |s| async move { Ok(hex(&s.history.commit(&name, parent, &snap, &label).await.map_err(error)?.id())) }))
    }

    /// Every session and its head.
    #[napi(ts_return_type = "Promise<SessionHead[]>")]
    pub fn sessions(&self) -> AsyncTask<Op<Vec<SessionHead>>> {
        self.op(move |s| async move {
            let list = s.history.store().sessions().await.map_err(|e| error(e.into()))?;
            Ok(list.into_iter().map(|(name, id)| SessionHead { name, head: hex(&id) }).collect())
        })
    }

    /// Session `name`'s commits, newest first.
    #[napi(ts_return_type = "Promise<LogEntry[]>")]
    pub fn log(&self, name: String) -> AsyncTask<Op<Vec<LogEntry>>> {
        self.op(move |s| async move {
            let log = s.history.log(&name).await.map_err(error)?;
            Ok(log.into_iter().map(|c| LogEntry { id: hex(&c.id), time_ms: c.time_ms, label: c.label }).collect())
        })
    }

    /// Rewind `name` to one of its commits (an id, or a prefix of at least 4 hex digits).
    #[napi(ts_return_type = "Promise<void>")]
    pub fn checkout(&self, name: String, commit: String) -> AsyncTask<Op<()>> {
        self.op(move |s| async move {
            let id = s.history.resolve(&name, &commit).await.map_err(error)?;
            s.history.checkout(&name, &id).await.map_err(error)
        })
    }

    /// A new session `new` at `name`'s head or at one of its commits; its head.
    #[napi(ts_return_type = "Promise<string>")]
    pub fn fork(&self, name: String, new: String, commit: Option<String>) -> AsyncTask<Op<String>> {
        self.op(move |s| async move {
            let at = match commit {
                Some(c) => Some(s.history.resolve(&name, &c).await.map_err(error)?),
                None => None,
            };
            Ok(hex(&s.history.fork(&name, &new, at.as_ref()).await.map_err(error)?))
        })
    }

    /// What changed between two commits (full ids): lines like `M file /tmp/x`.
    #[napi(ts_return_type = "Promise<string[]>")]
    pub fn diff(&self, a: String, b: String) -> Result<AsyncTask<Op<Vec<String>>>> {
        let (a, b) = (parse_id(&a)?, parse_id(&b)?);
        Ok(self.op(move |s| async move { Ok(s.history.diff(&a, &b).await.map_err(error)?.iter().map(ToString::to_string).collect()) }))
    }

    /// Remove session `name` (its data goes at the next `gc`).
    #[napi(ts_return_type = "Promise<void>")]
    pub fn remove(&self, name: String) -> AsyncTask<Op<()>> {
        self.op(move |s| async move { s.history.remove(&name).await.map_err(error) })
    }

    /// Delete what no kept commit names.
    #[napi(ts_return_type = "Promise<GcResult>")]
    pub fn gc(&self, keep_last: Option<u32>) -> AsyncTask<Op<GcResult>> {
        self.op(move |s| async move {
            let policy = GcPolicy { keep_last: keep_last.map(|n| n as usize), ..GcPolicy::default() };
            let r = s.history.gc(&policy).await.map_err(error)?;
            Ok(GcResult { deleted: r.deleted as i64, kept: r.kept as i64 })
        })
    }
}
