//! MCP sessions kept in a session store (SES-12, `kitsh mcp --http ADDR --store URL`): each MCP
//! session's `bash` session is the store's session `mcp-ID`. Every call runs on its latest
//! committed head and commits what it leaves; a call whose compare-and-swap fails (another
//! process committed first) reloads the new head and runs again, until its timeout. A bounded
//! cache keeps the last state this process committed for the most recently used sessions, so a
//! session served by one process again and again is not restored on every call; idle sessions
//! beyond the cache hold no memory here.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use kitsh::tool::{BashTool, StatusCallback, ToolRequest, ToolResponse, ToolStatus};
use kitsh::CancellationToken;
use kitsh_session::{History, HistoryError, Id, SessionStore};

/// How long a call that sets no `timeout_ms` goes on retrying when other calls keep changing
/// its session.
pub const RETRY_FOR: Duration = Duration::from_secs(30);

/// How many sessions a process keeps in memory by default ([`StoreOptions::cache`]).
pub const DEFAULT_CACHE: usize = 64;

/// The prefix of the store's session names for MCP sessions (`mcp-` + the MCP session id).
pub const SESSION_PREFIX: &str = "mcp-";

/// Where `kitsh mcp --http` keeps its sessions, and how many it keeps in memory.
#[derive(Clone)]
pub struct StoreOptions {
    /// The store (`kitsh_session::open(URL)`); several processes may share it.
    pub store: Arc<dyn SessionStore>,
    /// How many sessions' last committed state this process keeps in memory, least recently
    /// used dropped first (0: none; every call restores from the store).
    pub cache: usize,
}

impl StoreOptions {
    /// Sessions in `store`, with the default cache.
    pub fn new(store: Arc<dyn SessionStore>) -> Self {
        StoreOptions { store, cache: DEFAULT_CACHE }
    }
}

impl std::fmt::Debug for StoreOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoreOptions").field("cache", &self.cache).finish_non_exhaustive()
    }
}

/// The store's name of an MCP session's bash session.
pub fn session_name(mcp_id: &str) -> String {
    let mut name = String::with_capacity(SESSION_PREFIX.len() + mcp_id.len());
    name.push_str(SESSION_PREFIX);
    name.push_str(mcp_id);
    name
}

/// The sessions of one process: the store's history, the cache, a lock per session.
pub(crate) struct Stored {
    history: History,
    cache: Mutex<Cache>,
    /// One lock per session being called here, so that this process's calls on one session
    /// run one after the other (without losing compare-and-swaps to each other).
    locks: Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>,
}

/// The last committed state of recently used sessions: the head and the tool at it.
struct Cache {
    capacity: usize,
    tick: u64,
    entries: HashMap<String, (Id, BashTool, u64)>,
}

impl Cache {
    fn take(&mut self, name: &str) -> Option<(Id, BashTool)> {
        self.entries.remove(name).map(|(id, tool, _)| (id, tool))
    }

    fn put(&mut self, name: String, id: Id, tool: BashTool) {
        if self.capacity == 0 {
            return;
        }
        self.tick += 1;
        self.entries.insert(name, (id, tool, self.tick));
        if self.entries.len() > self.capacity {
            // The least recently used (the cache is small: a scan is cheaper than a list).
            if let Some(oldest) = self.entries.iter().min_by_key(|(_, e)| e.2).map(|(k, _)| k.clone()) {
                self.entries.remove(&oldest);
            }
        }
    }
}

/// Why a stored call did not run or commit.
#[derive(Debug)]
pub(crate) enum CallError {
    /// The store failed (down, full, damaged): nothing was committed.
    Store(String),
    /// Other calls kept changing the session until this call's timeout.
    Busy(String),
    /// The MCP session was ended (an HTTP DELETE, perhaps served by another process): its
    /// handshake and its bash session are gone from the store.
    Ended(String),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Store(m) => write!(f, "kitsh: {m}; the call was not run or not kept"),
            CallError::Busy(name) => write!(f, "kitsh: session busy: other calls kept changing session '{name}' until this call's timeout"),
            CallError::Ended(name) => write!(f, "kitsh: session '{name}' has ended (its MCP session was closed); start a new MCP session"),
        }
    }
}

impl Stored {
    pub(crate) fn new(opts: &StoreOptions) -> Stored {
        Stored {
            history: History::new(Arc::clone(&opts.store)),
            cache: Mutex::new(Cache { capacity: opts.cache, tick: 0, entries: HashMap::new() }),
            locks: Mutex::new(HashMap::new()),
        }
    }

    pub(crate) fn store(&self) -> &Arc<dyn SessionStore> {
        self.history.store()
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forget what this process holds of session `name` (it was removed).
    pub(crate) fn forget(&self, name: &str) {
        self.cache().take(name);
    }

    /// How many sessions the cache holds.
    #[cfg(test)]
    pub(crate) fn cached(&self) -> usize {
        self.cache().entries.len()
    }

    /// This process's lock of session `name`.
    fn lock_of(&self, name: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.locks.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(l) = locks.get(name).and_then(Weak::upgrade) {
            return l;
        }
        if locks.len() >= 64 {
            locks.retain(|_, l| l.strong_count() > 0);
        }
        let l = Arc::new(tokio::sync::Mutex::new(()));
        locks.insert(name.to_string(), Arc::downgrade(&l));
        l
    }

    /// Run `req` in session `name`, a new session (from `template`) when the store has none, and
    /// commit what it leaves; the response of the run that was committed. `record`: the store
    /// record that must exist for the session to be new (the MCP handshake's): without it, a
    /// session the store does not have was ended, not yet begun.
    pub(crate) async fn call(
        &self,
        name: &str,
        record: Option<&str>,
        template: &BashTool,
        req: ToolRequest,
        status: StatusCallback,
        token: &CancellationToken,
    ) -> Result<ToolResponse, CallError> {
        let deadline = Instant::now() + req.timeout_ms.map_or(RETRY_FOR, Duration::from_millis);
        let label = label(&req.commands);
        let status = Arc::new(Mutex::new(status));
        let lock = self.lock_of(name);
        let _serial = lock.lock().await;
        let store_error = |e: HistoryError| CallError::Store(e.to_string());
        loop {
            let head = self.history.head(name).await.map_err(store_error)?;
            let cached = self.cache().take(name);
            let mut tool = match (cached, head) {
                (Some((at, tool)), Some(h)) if at == h => tool,
                (_, Some(h)) => {
                    let snap = self.history.snapshot_at(&h).await.map_err(store_error)?;
                    let mut tool = template.clone();
                    tool.restore(&snap).map_err(|e| CallError::Store(format!("session '{name}': {e}")))?;
                    tool
                }
                (_, None) => {
                    if let Some(key) = record {
                        if self.store().get_record(key).await.map_err(|e| CallError::Store(e.to_string()))?.is_none() {
                            return Err(CallError::Ended(name.to_string()));
                        }
                    }
                    template.clone()
                }
            };
            let shared = Arc::clone(&status);
            let each: StatusCallback = Box::new(move |st: ToolStatus| (shared.lock().unwrap_or_else(PoisonError::into_inner))(st));
            let resp = tool.execute_with_status_cancellable(req.clone(), each, token).await;
            let snap = tool.snapshot().map_err(|e| CallError::Store(format!("session '{name}': {e}")))?;
            match self.history.commit(name, head, &snap, &label).await {
                Ok(c) => {
                    self.cache().put(name.to_string(), c.id(), tool);
                    return Ok(resp);
                }
                Err(HistoryError::Conflict(_)) if Instant::now() < deadline && !token.is_cancelled() => {
                    // Another process committed first: run again on its state, after a pause
                    // that grows a little with contention.
                    tokio::time::sleep(Duration::from_millis(2)).await;
                }
                Err(HistoryError::Conflict(_)) => return Err(CallError::Busy(name.to_string())),
                Err(e) => return Err(store_error(e)),
            }
        }
    }
}

/// A commit's label: the script's first line, at most 200 characters.
fn label(script: &str) -> String {
    let first = script.trim_start().lines().next().unwrap_or("");
    let mut label: String = first.chars().take(200).collect();
    if label.len() < first.len() || script.trim().lines().nth(1).is_some() {
        label.push_str(" …");
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(cache: usize) -> StoreOptions {
        StoreOptions { store: Arc::new(kitsh_session::MemoryStore::new()), cache }
    }

    async fn run(s: &Stored, name: &str, script: &str) -> Result<ToolResponse, CallError> {
        s.call(name, None, &BashTool::default(), ToolRequest::new(script), Box::new(|_| {}), &CancellationToken::new()).await
    }

    #[tokio::test]
    async fn calls_keep_state_across_processes_sharing_a_store() {
        let o = opts(4);
        let (a, b) = (Stored::new(&o), Stored::new(&o));
        let r = run(&a, "mcp-1", "x=41; echo hi > /tmp/f").await.expect("call on a");
        assert_eq!(r.exit_code, 0);
        let r = run(&b, "mcp-1", "x=$((x + 1)); echo $x $(cat /tmp/f)").await.expect("call on b");
        assert_eq!(r.stdout, "42 hi\n");
        // Back on a: its cached state is stale (b committed), so it loads b's.
        let r = run(&a, "mcp-1", "echo $x >> /tmp/f; cat /tmp/f").await.expect("call on a again");
        assert_eq!(r.stdout, "hi\n42\n");
        // A call that changes nothing adds no commit.
        assert_eq!(run(&b, "mcp-1", "cat /tmp/f >/dev/null").await.expect("a reading call").exit_code, 0);
        let r = run(&b, "mcp-2", "echo ${x-unset}; ls /tmp").await.expect("another session");
        assert_eq!(r.stdout, "unset\n");
        let log = a.history.log("mcp-1").await.expect("log");
        assert_eq!(log.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["echo $x >> /tmp/f; cat /tmp/f", "x=$((x + 1)); echo $x $(cat /tmp/f)", "x=41; echo hi > /tmp/f"]);
    }

    #[tokio::test]
    async fn a_session_whose_record_is_gone_has_ended() {
        let o = opts(4);
        let (a, b) = (Stored::new(&o), Stored::new(&o));
        async fn call(s: &Stored, script: &str) -> Result<ToolResponse, CallError> {
            s.call("mcp-7", Some("mcp/7"), &BashTool::default(), ToolRequest::new(script), Box::new(|_| {}), &CancellationToken::new()).await
        }
        // No handshake record: the session is not new but ended, and nothing is created.
        let e = call(&a, "echo hi").await.expect_err("no record");
        assert_eq!(e.to_string(), "kitsh: session 'mcp-7' has ended (its MCP session was closed); start a new MCP session");
        assert_eq!(o.store.head("mcp-7").await.expect("head"), None);
        o.store.put_record("mcp/7", b"{}").await.expect("record");
        assert_eq!(call(&a, "x=1; echo hi").await.expect("a new session").stdout, "hi\n");
        // Ended through b (what records.rs does on an HTTP DELETE): a, which holds it in its
        // cache, refuses the next call instead of starting an empty session of the same name.
        b.forget("mcp-7");
        o.store.remove("mcp-7").await.expect("remove");
        o.store.remove_record("mcp/7").await.expect("remove record");
        let e = call(&a, "echo ${x-unset}").await.expect_err("ended");
        assert!(matches!(e, CallError::Ended(_)), "{e}");
        assert_eq!(o.store.head("mcp-7").await.expect("head"), None);
    }

    #[tokio::test]
    async fn the_cache_is_bounded() {
        let s = Stored::new(&opts(3));
        for i in 0..10 {
            run(&s, &format!("mcp-{i}"), "echo x > /f").await.expect("call");
        }
        assert_eq!(s.cached(), 3);
        let none = Stored::new(&opts(0));
        run(&none, "mcp-x", "v=1").await.expect("call");
        assert_eq!(none.cached(), 0);
        assert_eq!(run(&none, "mcp-x", "echo $v").await.expect("call").stdout, "1\n", "restored from the store");
    }

    /// Calls at once on one session, from two "processes": every call is applied once, one
    /// after the other, and the log shows each.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_calls_are_serialised_by_compare_and_swap() {
        let o = opts(4);
        let (a, b) = (Arc::new(Stored::new(&o)), Arc::new(Stored::new(&o)));
        let mut tasks = Vec::new();
        for i in 0..8 {
            let s = if i % 2 == 0 { Arc::clone(&a) } else { Arc::clone(&b) };
            tasks.push(tokio::spawn(async move { run(&s, "mcp-c", &format!("echo {i} >> /log; n=$((n + 1))")).await.map(|r| r.exit_code) }));
        }
        for t in tasks {
            assert_eq!(t.await.expect("task").expect("call"), 0);
        }
        let r = run(&a, "mcp-c", "sort -n /log | tr '\\n' ' '; echo $n").await.expect("read");
        assert_eq!(r.stdout, "0 1 2 3 4 5 6 7 8\n");
        assert_eq!(a.history.log("mcp-c").await.expect("log").len(), 9);
    }

    #[tokio::test]
    async fn a_session_changed_past_the_timeout_is_busy() {
        let o = opts(0);
        let s = Stored::new(&o);
        run(&s, "mcp-b", "true; x=0").await.expect("create");
        // A writer that always wins: it moves the head while the call runs.
        let history = History::new(Arc::clone(&o.store));
        let mut other = BashTool::default();
        let req = ToolRequest::new("sleep 0.05; echo ran").with_timeout_ms(300);
        let racer = async {
            for i in 0..40 {
                tokio::time::sleep(Duration::from_millis(20)).await;
                let head = history.head("mcp-b").await.expect("head");
                other.execute(ToolRequest::new(format!("x={i}"))).await;
                let snap = other.snapshot().expect("snapshot");
                let _ = history.commit("mcp-b", head, &snap, "racer").await;
            }
        };
        use kitsh::tool::Tool;
        let (template, token) = (BashTool::default(), CancellationToken::new());
        let (r, ()) = tokio::join!(s.call("mcp-b", None, &template, req, Box::new(|_| {}), &token), racer);
        let e = r.expect_err("busy");
        assert!(matches!(e, CallError::Busy(_)), "{e}");
        assert_eq!(e.to_string(), "kitsh: session busy: other calls kept changing session 'mcp-b' until this call's timeout");
    }

    #[tokio::test]
    async fn a_store_that_fails_is_an_error_not_a_success() {
        let s = Stored::new(&StoreOptions::new(Arc::new(Failing)));
        let e = run(&s, "mcp-f", "echo hi").await.expect_err("the store fails");
        assert_eq!(e.to_string(), "kitsh: session store: the database is down; the call was not run or not kept");
    }

    /// A store whose every call fails.
    struct Failing;

    #[async_trait::async_trait]
    impl SessionStore for Failing {
        async fn missing(&self, _: &[Id]) -> Result<Vec<Id>, kitsh_session::StoreError> {
            Err(down())
        }
        async fn put(&self, _: &[(Id, Arc<Vec<u8>>)]) -> Result<(), kitsh_session::StoreError> {
            Err(down())
        }
        async fn get(&self, _: &[Id]) -> Result<Vec<Arc<Vec<u8>>>, kitsh_session::StoreError> {
            Err(down())
        }
        async fn head(&self, _: &str) -> Result<Option<Id>, kitsh_session::StoreError> {
            Err(down())
        }
        async fn advance(&self, _: &str, _: Option<Id>, _: Id) -> Result<bool, kitsh_session::StoreError> {
            Err(down())
        }
        async fn sessions(&self) -> Result<Vec<(String, Id)>, kitsh_session::StoreError> {
            Err(down())
        }
        async fn remove(&self, _: &str) -> Result<bool, kitsh_session::StoreError> {
            Err(down())
        }
        async fn touch(&self, _: &[Id]) -> Result<Vec<Id>, kitsh_session::StoreError> {
            Err(down())
        }
        async fn sweep(&self, _: &std::collections::HashSet<Id>, _: i64) -> Result<u64, kitsh_session::StoreError> {
            Err(down())
        }
        async fn usage(&self) -> Result<(u64, u64), kitsh_session::StoreError> {
            Err(down())
        }
        async fn get_record(&self, _: &str) -> Result<Option<Vec<u8>>, kitsh_session::StoreError> {
            Err(down())
        }
        async fn put_record(&self, _: &str, _: &[u8]) -> Result<(), kitsh_session::StoreError> {
            Err(down())
        }
        async fn remove_record(&self, _: &str) -> Result<bool, kitsh_session::StoreError> {
            Err(down())
        }
    }

    fn down() -> kitsh_session::StoreError {
        kitsh_session::StoreError::Unavailable("the database is down".into())
    }
}
