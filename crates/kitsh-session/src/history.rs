//! [`History`]: a session's snapshots as commits in a store (SES-6…SES-8): `commit`, `log`,
//! `checkout`, `fork`, `diff`, `gc`, `export`/`import`.
//!
//! A commit is `{parents, index, time, label}` named by its SHA-256. The snapshot's manifest is
//! cut at content-defined boundaries (FastCDC) into small pieces; the list of their ids is an
//! index object, stored as the splices from the parent's list (see `index.rs`); file chunks are
//! objects of their own. Committing a session writes only the pieces, chunks and index the store
//! lacks: a call that changes one small file in a large session adds little.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use kitsh::{Snapshot, SnapshotError};
use serde::{Deserialize, Serialize};

use crate::store::{now_ms, Id, SessionStore, StoreError};
use crate::{check_name, hex, id_of, index, object, NameError};

/// The first bytes of a commit object.
const COMMIT_MAGIC: &[u8] = b"KITSH-COMMIT";
/// The commit format this kitsh writes.
const COMMIT_VERSION: u32 = 1;
/// Manifest pieces: FastCDC's minimum, average and maximum sizes (small: a call's change to the
/// manifest costs about one piece per place it touches; the index keeps the many ids cheap).
const PIECE: (u32, u32, u32) = (64, 256, 1024);

/// What a history operation could not do.
#[derive(Debug, thiserror::Error)]
pub enum HistoryError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A session name that is not one.
    #[error(transparent)]
    Name(#[from] NameError),
    /// A damaged commit, manifest or chunk.
    #[error(transparent)]
    Snapshot(#[from] SnapshotError),
    /// No session by that name.
    #[error("no session named '{0}'")]
    NoSession(String),
    /// A session by that name exists already.
    #[error("a session named '{0}' exists already")]
    Exists(String),
    /// No commit of the session matches.
    #[error("no commit '{commit}' in session '{session}'")]
    NoCommit {
        /// The session.
        session: String,
        /// The id (or prefix) asked for.
        commit: String,
    },
    /// Another writer moved the session's head since it was loaded (the caller reloads and
    /// runs again).
    #[error("session '{0}' was changed by another writer")]
    Conflict(String),
}

/// A commit as `log` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitInfo {
    /// Its id.
    pub id: Id,
    /// The commits it follows (none for a session's first).
    pub parents: Vec<Id>,
    /// When it was made (milliseconds since the Unix epoch).
    pub time_ms: i64,
    /// Its label.
    pub label: String,
}

/// What [`History::commit`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Committed {
    /// A new commit, with the bytes of the objects the store did not have.
    New {
        /// The commit.
        id: Id,
        /// Bytes written (chunks, manifest pieces, the index and the commit itself).
        written: u64,
    },
    /// The state is the parent's: no commit was added; the head stays.
    Unchanged(Id),
}

impl Committed {
    /// The session's head after the commit.
    pub fn id(&self) -> Id {
        match self {
            Committed::New { id, .. } | Committed::Unchanged(id) => *id,
        }
    }
}

/// What [`History::gc`] keeps: every head's commits (all of them by default), or only the last
/// `keep_last` of each, or only those newer than `newer_than_ms`, and objects stored less than
/// `grace_ms` before the collection started (a commit in progress elsewhere).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GcPolicy {
    /// Keep at most this many commits per session (the head counts).
    pub keep_last: Option<usize>,
    /// Keep only commits made at or after this time (the head is always kept).
    pub newer_than_ms: Option<i64>,
    /// Objects stored within this many milliseconds before the collection are kept.
    pub grace_ms: i64,
}

impl Default for GcPolicy {
    fn default() -> Self {
        GcPolicy { keep_last: None, newer_than_ms: None, grace_ms: 10 * 60 * 1000 }
    }
}

/// What [`History::gc`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GcReport {
    /// Objects still named by a kept commit.
    pub kept: u64,
    /// Objects deleted.
    pub deleted: u64,
}

/// A commit object.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct CommitRec {
    parents: Vec<Id>,
    /// The index object naming the manifest's pieces.
    index: Id,
    /// The id of the list of pieces ([`index::list_id`]): equal lists, equal states.
    list: Id,
    time_ms: i64,
    label: String,
}

impl CommitRec {
    fn encode(&self) -> Vec<u8> {
        object::encode(COMMIT_MAGIC, COMMIT_VERSION, self)
    }

    fn decode(id: &Id, bytes: &[u8]) -> Result<CommitRec, SnapshotError> {
        object::decode("commit", COMMIT_MAGIC, COMMIT_VERSION, id, bytes)
    }

    fn info(&self, id: Id) -> CommitInfo {
        CommitInfo { id, parents: self.parents.clone(), time_ms: self.time_ms, label: self.label.clone() }
    }
}

/// How many commits a [`History`] remembers what they name ([`Known`]).
const KNOWN_COMMITS: usize = 64;

/// What a commit names, remembered for the commits a [`History`] made or loaded last: the next
/// commit on top of one of them (a session's next call) needs no reads to find its parent's
/// pieces, and does not ask the store about the objects the parent names (a head names them:
/// they are there).
struct Known {
    rec: CommitRec,
    /// The manifest's pieces, in order.
    list: Vec<Id>,
    /// The index's depth (deltas from a full list).
    depth: u32,
    /// The index objects the list is rebuilt from.
    index_objects: Vec<Id>,
    /// Every object the commit names but itself: index objects, pieces, chunks.
    refs: HashSet<Id>,
}

/// The remembered commits, the least recently used forgotten first.
#[derive(Default)]
struct KnownCache {
    tick: u64,
    map: HashMap<Id, (Arc<Known>, u64)>,
}

impl KnownCache {
    fn get(&mut self, id: &Id) -> Option<Arc<Known>> {
        self.tick += 1;
        let tick = self.tick;
        self.map.get_mut(id).map(|(k, t)| {
            *t = tick;
            Arc::clone(k)
        })
    }

    fn put(&mut self, id: Id, known: Arc<Known>) {
        self.tick += 1;
        self.map.insert(id, (known, self.tick));
        if self.map.len() > KNOWN_COMMITS {
            if let Some(oldest) = self.map.iter().min_by_key(|(_, (_, t))| *t).map(|(id, _)| *id) {
                self.map.remove(&oldest);
            }
        }
    }
}

/// Sessions with their history, over one store. Clones share the store and what they remember
/// of recent commits.
#[derive(Clone)]
pub struct History {
    store: Arc<dyn SessionStore>,
    known: Arc<Mutex<KnownCache>>,
}

impl History {
    /// Sessions kept in `store`.
    pub fn new(store: Arc<dyn SessionStore>) -> History {
        History { store, known: Arc::default() }
    }

    fn known_cache(&self) -> std::sync::MutexGuard<'_, KnownCache> {
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What commit `id` names, remembered or read from the store (its commit, index and pieces).
    async fn known(&self, id: &Id) -> Result<Arc<Known>, HistoryError> {
        if let Some(k) = self.known_cache().get(id) {
            return Ok(k);
        }
        let rec = self.commit_rec(id).await?;
        let (list, depth, index_objects) = self.pieces(&rec).await?;
        let refs = self.refs(&list, &index_objects).await?;
        let known = Arc::new(Known { rec, list, depth, index_objects, refs });
        self.known_cache().put(*id, Arc::clone(&known));
        Ok(known)
    }

    /// The store.
    pub fn store(&self) -> &Arc<dyn SessionStore> {
        &self.store
    }

    /// The head of session `name`.
    pub async fn head(&self, name: &str) -> Result<Option<Id>, HistoryError> {
        check_name(name)?;
        Ok(self.store.head(name).await?)
    }

    /// Session `name`'s head and its snapshot; `None` when there is no such session.
    pub async fn load(&self, name: &str) -> Result<Option<(Id, Snapshot)>, HistoryError> {
        let Some(id) = self.head(name).await? else { return Ok(None) };
        Ok(Some((id, self.snapshot_at(&id).await?)))
    }

    /// The snapshot of commit `id`.
    pub async fn snapshot_at(&self, id: &Id) -> Result<Snapshot, HistoryError> {
        let remembered = self.known_cache().get(id);
        let (list, index) = match &remembered {
            Some(k) => (k.list.clone(), None),
            None => {
                let commit = self.commit_rec(id).await?;
                let (list, depth, index_objects) = self.pieces(&commit).await?;
                (list, Some((commit, depth, index_objects)))
            }
        };
        let pieces = self.store.get(&list).await?;
        let mut manifest = Vec::with_capacity(pieces.iter().map(|p| p.len()).sum());
        for (want, piece) in list.iter().zip(&pieces) {
            if id_of(piece) != *want {
                return Err(SnapshotError::Corrupt(format!("manifest piece {} does not match its id", hex(want))).into());
            }
            manifest.extend_from_slice(piece);
        }
        let chunk_ids = Snapshot::manifest_chunks(&manifest)?;
        let chunks = self.store.get(&chunk_ids).await?;
        let snapshot = Snapshot::from_manifest(&manifest, chunks)?;
        if let Some((rec, depth, index_objects)) = index {
            // Checked and whole: remembered, so a commit on top of it reads nothing more.
            let refs = index_objects.iter().chain(&list).chain(&chunk_ids).copied().collect();
            self.known_cache().put(*id, Arc::new(Known { rec, list, depth, index_objects, refs }));
        }
        Ok(snapshot)
    }

    /// The ids of a commit's manifest pieces (checked against the commit), the index's depth and
    /// the index objects read.
    async fn pieces(&self, commit: &CommitRec) -> Result<(Vec<Id>, u32, Vec<Id>), HistoryError> {
        let (list, depth, objects) = index::load(self.store.as_ref(), &commit.index).await?;
        if index::list_id(&list) != commit.list {
            return Err(SnapshotError::Corrupt(format!("index {} does not give its commit's pieces", hex(&commit.index))).into());
        }
        Ok((list, depth, objects))
    }

    /// Every object a commit with these pieces and index objects names: the index objects, the
    /// pieces and the chunks its manifest names.
    async fn refs(&self, list: &[Id], index_objects: &[Id]) -> Result<HashSet<Id>, HistoryError> {
        let pieces = self.store.get(list).await?;
        let manifest: Vec<u8> = pieces.iter().flat_map(|p| p.iter().copied()).collect();
        let mut refs: HashSet<Id> = index_objects.iter().chain(list).copied().collect();
        refs.extend(Snapshot::manifest_chunks(&manifest)?);
        Ok(refs)
    }

    async fn commit_rec(&self, id: &Id) -> Result<CommitRec, HistoryError> {
        let bytes = self.store.get(std::slice::from_ref(id)).await?;
        let bytes = bytes.first().ok_or_else(|| StoreError::Missing(hex(id)))?;
        Ok(CommitRec::decode(id, bytes)?)
    }

    /// Store `snapshot` as the next commit of session `name`, whose head was `parent` when the
    /// session was loaded (`None`: a new session). Only the objects the store lacks are written;
    /// a state equal to the parent's adds no commit. [`HistoryError::Conflict`] when another
    /// writer moved the head meanwhile (nothing of this commit is named by any head then).
    pub async fn commit(&self, name: &str, parent: Option<Id>, snapshot: &Snapshot, label: &str) -> Result<Committed, HistoryError> {
        check_name(name)?;
        let manifest = snapshot.manifest();
        let pieces: Vec<(Id, Arc<Vec<u8>>)> = fastcdc::v2020::FastCDC::new(&manifest, PIECE.0, PIECE.1, PIECE.2)
            .map(|c| {
                let bytes = manifest[c.offset..c.offset + c.length].to_vec();
                (id_of(&bytes), Arc::new(bytes))
            })
            .collect();
        let piece_ids: Vec<Id> = pieces.iter().map(|(i, _)| *i).collect();
        let list = index::list_id(&piece_ids);
        let parent_known = match &parent {
            Some(p) => Some(self.known(p).await?),
            None => None,
        };
        if let (Some(p), Some(k)) = (&parent, &parent_known) {
            if k.rec.list == list {
                return Ok(Committed::Unchanged(*p));
            }
        }
        let (index_id, index_bytes, depth) = index::make(&piece_ids, parent_known.as_ref().map(|k| (k.rec.index, k.depth, k.list.as_slice())));
        let rec = CommitRec { parents: parent.into_iter().collect(), index: index_id, list, time_ms: now_ms(), label: label.to_string() };
        let bytes = rec.encode();
        let id = id_of(&bytes);
        let mut objects: Vec<(Id, Arc<Vec<u8>>)> = snapshot.chunks().map(|(h, c)| (*h, Arc::clone(c))).collect();
        objects.extend(pieces);
        objects.push((index_id, index_bytes));
        // What the parent names is in the store (its head names it, so a collection keeps it);
        // of the rest, what the store has it may hold as garbage a collection is about to
        // sweep: freshened below.
        let empty = HashSet::new();
        let parent_refs = parent_known.as_ref().map_or(&empty, |k| &k.refs);
        let mut asked: Vec<Id> = objects.iter().map(|(i, _)| *i).filter(|i| !parent_refs.contains(i)).collect();
        asked.sort_unstable();
        asked.dedup();
        let missing: HashSet<Id> = self.store.missing(&asked).await?.into_iter().collect();
        let reused: Vec<Id> = asked.iter().filter(|i| !missing.contains(*i)).copied().collect();
        // A reused object swept between `missing` and `touch` is put again.
        let swept: HashSet<Id> = self.store.touch(&reused).await?.into_iter().collect();
        let mut refs: HashSet<Id> = objects.iter().map(|(i, _)| *i).collect();
        objects.retain(|(i, _)| missing.contains(i) || swept.contains(i));
        objects.push((id, Arc::new(bytes)));
        let written = objects.iter().map(|(_, b)| b.len() as u64).sum();
        self.store.put(&objects).await?;
        if !self.store.advance(name, parent, id).await? {
            return Err(HistoryError::Conflict(name.to_string()));
        }
        let mut index_objects = vec![index_id];
        if depth > 0 {
            if let Some(k) = &parent_known {
                index_objects.extend_from_slice(&k.index_objects);
            }
        }
        refs.extend(&index_objects);
        self.known_cache().put(id, Arc::new(Known { rec, list: piece_ids, depth, index_objects, refs }));
        Ok(Committed::New { id, written })
    }

    /// Session `name`'s commits, newest first, following first parents (a pruned history ends
    /// where its commits were collected).
    pub async fn log(&self, name: &str) -> Result<Vec<CommitInfo>, HistoryError> {
        let head = self.head(name).await?.ok_or_else(|| HistoryError::NoSession(name.to_string()))?;
        self.walk(head, usize::MAX, None).await
    }

    async fn walk(&self, head: Id, max: usize, newer_than: Option<i64>) -> Result<Vec<CommitInfo>, HistoryError> {
        let mut out: Vec<CommitInfo> = Vec::new();
        let mut next = Some(head);
        while let Some(id) = next.take() {
            if out.len() >= max || out.iter().any(|c| c.id == id) {
                break;
            }
            let rec = match self.commit_rec(&id).await {
                Ok(r) => r,
                // A parent collected by `gc` with a pruning policy: the history ends here.
                Err(HistoryError::Store(StoreError::Missing(_))) if !out.is_empty() => break,
                Err(e) => return Err(e),
            };
            if !out.is_empty() && newer_than.is_some_and(|t| rec.time_ms < t) {
                break;
            }
            next = rec.parents.first().copied();
            out.push(rec.info(id));
        }
        Ok(out)
    }

    /// The commit of `name`'s log whose id is `id` or starts with the hex prefix `id` (at least
    /// 4 digits, and only one match).
    pub async fn resolve(&self, name: &str, id: &str) -> Result<Id, HistoryError> {
        let no = || HistoryError::NoCommit { session: name.to_string(), commit: id.to_string() };
        let prefix = id.to_ascii_lowercase();
        if prefix.len() < 4 {
            return Err(no());
        }
        let found: Vec<Id> = self.log(name).await?.into_iter().map(|c| c.id).filter(|c| hex(c).starts_with(&prefix)).collect();
        match found.as_slice() {
            [one] => Ok(*one),
            _ => Err(no()),
        }
    }

    /// Rewind session `name` to `id`, one of its own commits (the later ones stay until `gc`).
    pub async fn checkout(&self, name: &str, id: &Id) -> Result<(), HistoryError> {
        let head = self.head(name).await?.ok_or_else(|| HistoryError::NoSession(name.to_string()))?;
        if !self.log(name).await?.iter().any(|c| c.id == *id) {
            return Err(HistoryError::NoCommit { session: name.to_string(), commit: hex(id) });
        }
        if !self.store.advance(name, Some(head), *id).await? {
            return Err(HistoryError::Conflict(name.to_string()));
        }
        Ok(())
    }

    /// A new session `new` starting at `at` (a commit of `name`'s log) or at `name`'s head: a
    /// new name on an existing commit, nothing copied.
    pub async fn fork(&self, name: &str, new: &str, at: Option<&Id>) -> Result<Id, HistoryError> {
        check_name(new)?;
        let head = self.head(name).await?.ok_or_else(|| HistoryError::NoSession(name.to_string()))?;
        let id = match at {
            Some(id) if *id != head => {
                if !self.log(name).await?.iter().any(|c| c.id == *id) {
                    return Err(HistoryError::NoCommit { session: name.to_string(), commit: hex(id) });
                }
                *id
            }
            _ => head,
        };
        if !self.store.advance(new, None, id).await? {
            return Err(HistoryError::Exists(new.to_string()));
        }
        Ok(id)
    }

    /// What changed from commit `a` to commit `b`.
    pub async fn diff(&self, a: &Id, b: &Id) -> Result<Vec<kitsh::Change>, HistoryError> {
        Ok(self.snapshot_at(a).await?.diff(&self.snapshot_at(b).await?))
    }

    /// Remove session `name` (its objects go at the next `gc` unless other sessions name them).
    pub async fn remove(&self, name: &str) -> Result<(), HistoryError> {
        check_name(name)?;
        if !self.store.remove(name).await? {
            return Err(HistoryError::NoSession(name.to_string()));
        }
        Ok(())
    }

    /// The snapshot bytes of `name`'s head ([`Snapshot::to_bytes`]).
    pub async fn export(&self, name: &str) -> Result<Vec<u8>, HistoryError> {
        let (_, snap) = self.load(name).await?.ok_or_else(|| HistoryError::NoSession(name.to_string()))?;
        Ok(snap.to_bytes())
    }

    /// A new session `name` from snapshot bytes (its first commit).
    pub async fn import(&self, bytes: &[u8], name: &str) -> Result<Id, HistoryError> {
        check_name(name)?;
        if self.store.head(name).await?.is_some() {
            return Err(HistoryError::Exists(name.to_string()));
        }
        let snap = Snapshot::from_bytes(bytes)?;
        match self.commit(name, None, &snap, "import").await {
            Err(HistoryError::Conflict(n)) => Err(HistoryError::Exists(n)),
            r => Ok(r?.id()),
        }
    }

    /// Delete the objects no kept commit names (SES-8): the commits `policy` keeps of every
    /// session, their manifest pieces and chunks. Objects stored during the collection, or
    /// within `policy.grace_ms` before it, are kept; readers are never blocked.
    pub async fn gc(&self, policy: &GcPolicy) -> Result<GcReport, HistoryError> {
        let started = now_ms();
        let mut keep: HashSet<Id> = HashSet::new();
        for (_, head) in self.store.sessions().await? {
            for c in self.walk(head, policy.keep_last.unwrap_or(usize::MAX).max(1), policy.newer_than_ms).await? {
                if !keep.insert(c.id) {
                    continue;
                }
                let rec = self.commit_rec(&c.id).await?;
                let (list, _, index_objects) = self.pieces(&rec).await?;
                keep.extend(self.refs(&list, &index_objects).await?);
            }
        }
        let deleted = self.store.sweep(&keep, started - policy.grace_ms).await?;
        Ok(GcReport { kept: keep.len() as u64, deleted })
    }
}
