//! `kitsh.SessionStore`: sessions kept in a store (sessions.md SES-13): the Python face of the
//! crate kitsh-session's `History` (SQLite, memory; store URLs as in the CLI).

use kitsh::Snapshot;
use kitsh_session::{hex, GcPolicy, History, HistoryError, Id};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

pyo3::create_exception!(kitsh, SessionError, PyValueError, "A session store could not do what was asked.");
pyo3::create_exception!(kitsh, SessionConflict, SessionError, "Another writer moved the session's head since it was loaded.");

/// A store of sessions with their history, opened from a URL.
#[pyclass(module = "kitsh")]
pub struct Store {
    history: History,
    rt: tokio::runtime::Runtime,
}

fn error(e: HistoryError) -> PyErr {
    match e {
        HistoryError::Conflict(_) => SessionConflict::new_err(e.to_string()),
        HistoryError::Snapshot(s) => crate::SnapshotError::new_err(s.to_string()),
        e => SessionError::new_err(e.to_string()),
    }
}

fn parse_id(s: &str) -> PyResult<Id> {
    kitsh_session::from_hex(s).ok_or_else(|| SessionError::new_err(format!("not a commit id: {s:?}")))
}

impl Store {
    fn block<T>(&self, py: Python<'_>, f: impl std::future::Future<Output = Result<T, HistoryError>> + Send) -> PyResult<T>
    where
        T: Send,
    {
        py.detach(|| self.rt.block_on(f)).map_err(error)
    }

    /// A commit id or prefix of session `name` as a full id.
    fn commit_of(&self, py: Python<'_>, name: &str, id: &str) -> PyResult<Id> {
        self.block(py, self.history.resolve(name, id))
    }
}

#[pymethods]
impl Store {
    /// Open the store at `url` (`sqlite:PATH`, `sqlite::memory:`, `memory:`).
    #[new]
    fn new(url: &str) -> PyResult<Self> {
        let store = kitsh_session::open(url).map_err(|e| SessionError::new_err(e.to_string()))?;
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| SessionError::new_err(e.to_string()))?;
        Ok(Store { history: History::new(store), rt })
    }

    /// The head of session `name` (hex) and its snapshot bytes, or None.
    fn load<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Option<(String, Bound<'py, PyBytes>)>> {
        let loaded = self.block(py, self.history.load(name))?;
        Ok(loaded.map(|(id, snap)| (hex(&id), PyBytes::new(py, &snap.to_bytes()))))
    }

    /// Commit snapshot bytes as the next state of `name`, whose head was `parent` (hex; None for
    /// a new session). Returns the new head (the parent's when the state did not change).
    #[pyo3(signature = (name, parent, snapshot, label=""))]
    fn commit(&self, py: Python<'_>, name: &str, parent: Option<&str>, snapshot: &[u8], label: &str) -> PyResult<String> {
        let parent = parent.map(parse_id).transpose()?;
        let snap = Snapshot::from_bytes(snapshot).map_err(|e| crate::SnapshotError::new_err(e.to_string()))?;
        Ok(hex(&self.block(py, self.history.commit(name, parent, &snap, label))?.id()))
    }

    /// Every session and its head: [(name, head)].
    fn sessions(&self, py: Python<'_>) -> PyResult<Vec<(String, String)>> {
        let list = self.block(py, async { Ok(self.history.store().sessions().await?) })?;
        Ok(list.into_iter().map(|(n, id)| (n, hex(&id))).collect())
    }

    /// Session `name`'s commits, newest first: [(id, time_ms, label)].
    fn log(&self, py: Python<'_>, name: &str) -> PyResult<Vec<(String, i64, String)>> {
        let log = self.block(py, self.history.log(name))?;
        Ok(log.into_iter().map(|c| (hex(&c.id), c.time_ms, c.label)).collect())
    }

    /// Rewind `name` to one of its commits (an id or a prefix of at least 4 hex digits).
    fn checkout(&self, py: Python<'_>, name: &str, commit: &str) -> PyResult<()> {
        let id = self.commit_of(py, name, commit)?;
        self.block(py, self.history.checkout(name, &id))
    }

    /// A new session `new` at `name`'s head or at one of its commits.
    #[pyo3(signature = (name, new, commit=None))]
    fn fork(&self, py: Python<'_>, name: &str, new: &str, commit: Option<&str>) -> PyResult<String> {
        let at = commit.map(|c| self.commit_of(py, name, c)).transpose()?;
        Ok(hex(&self.block(py, self.history.fork(name, new, at.as_ref()))?))
    }

    /// What changed between two commits (full ids): lines like `M file /tmp/x`.
    fn diff(&self, py: Python<'_>, a: &str, b: &str) -> PyResult<Vec<String>> {
        let (a, b) = (parse_id(a)?, parse_id(b)?);
        Ok(self.block(py, self.history.diff(&a, &b))?.iter().map(ToString::to_string).collect())
    }

    /// Remove session `name`.
    fn remove(&self, py: Python<'_>, name: &str) -> PyResult<()> {
        self.block(py, self.history.remove(name))
    }

    /// Delete what no kept commit names; returns (deleted, kept) object counts.
    #[pyo3(signature = (keep_last=None))]
    fn gc(&self, py: Python<'_>, keep_last: Option<usize>) -> PyResult<(u64, u64)> {
        let r = self.block(py, self.history.gc(&GcPolicy { keep_last, ..GcPolicy::default() }))?;
        Ok((r.deleted, r.kept))
    }
}

/// Register the store's class and errors.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Store>()?;
    m.add("SessionError", m.py().get_type::<SessionError>())?;
    m.add("SessionConflict", m.py().get_type::<SessionConflict>())?;
    Ok(())
}
