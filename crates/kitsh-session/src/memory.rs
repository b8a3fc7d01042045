//! [`MemoryStore`]: a store in this process's memory, for tests and short-lived hosts.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use async_trait::async_trait;

use crate::store::{now_ms, Id, SessionStore, StoreError};

/// A [`SessionStore`] in memory (the URL `memory:`).
#[derive(Debug, Default)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// Objects with the time they were stored.
    objects: HashMap<Id, (Arc<Vec<u8>>, i64)>,
    heads: BTreeMap<String, Id>,
    records: HashMap<String, Vec<u8>>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[async_trait]
impl SessionStore for MemoryStore {
    async fn missing(&self, ids: &[Id]) -> Result<Vec<Id>, StoreError> {
        let g = self.lock();
        Ok(ids.iter().filter(|i| !g.objects.contains_key(*i)).copied().collect())
    }

    async fn put(&self, objects: &[(Id, Arc<Vec<u8>>)]) -> Result<(), StoreError> {
        let now = now_ms();
        let mut g = self.lock();
        for (id, bytes) in objects {
            g.objects.entry(*id).or_insert_with(|| (Arc::clone(bytes), now));
        }
        Ok(())
    }

    async fn get(&self, ids: &[Id]) -> Result<Vec<Arc<Vec<u8>>>, StoreError> {
        let g = self.lock();
        ids.iter().map(|i| g.objects.get(i).map(|(b, _)| Arc::clone(b)).ok_or_else(|| StoreError::Missing(crate::hex(i)))).collect()
    }

    async fn head(&self, name: &str) -> Result<Option<Id>, StoreError> {
        Ok(self.lock().heads.get(name).copied())
    }

    async fn advance(&self, name: &str, expected: Option<Id>, new: Id) -> Result<bool, StoreError> {
        let mut g = self.lock();
        if g.heads.get(name).copied() != expected {
            return Ok(false);
        }
        g.heads.insert(name.to_string(), new);
        Ok(true)
    }

    async fn sessions(&self) -> Result<Vec<(String, Id)>, StoreError> {
        Ok(self.lock().heads.iter().map(|(k, v)| (k.clone(), *v)).collect())
    }

    async fn remove(&self, name: &str) -> Result<bool, StoreError> {
        Ok(self.lock().heads.remove(name).is_some())
    }

    async fn touch(&self, ids: &[Id]) -> Result<Vec<Id>, StoreError> {
        let now = now_ms();
        let mut g = self.lock();
        let mut absent = Vec::new();
        for id in ids {
            match g.objects.get_mut(id) {
                Some((_, at)) => *at = (*at).max(now),
                None => absent.push(*id),
            }
        }
        Ok(absent)
    }

    async fn sweep(&self, keep: &HashSet<Id>, before: i64) -> Result<u64, StoreError> {
        let mut g = self.lock();
        let n = g.objects.len();
        g.objects.retain(|id, (_, at)| keep.contains(id) || *at >= before);
        Ok((n - g.objects.len()) as u64)
    }

    async fn usage(&self) -> Result<(u64, u64), StoreError> {
        let g = self.lock();
        Ok((g.objects.len() as u64, g.objects.values().map(|(b, _)| b.len() as u64).sum()))
    }

    async fn get_record(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.lock().records.get(key).cloned())
    }

    async fn put_record(&self, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.lock().records.insert(key.to_string(), value.to_vec());
        Ok(())
    }

    async fn remove_record(&self, key: &str) -> Result<bool, StoreError> {
        Ok(self.lock().records.remove(key).is_some())
    }
}
