//! The list of a commit's manifest pieces, stored as an object of its own: in full, or as the
//! changes from an earlier list (its base), at most [`MAX_DEPTH`] deltas from a full list. A call
//! that changes one file changes a few pieces of a large manifest; storing only those splices
//! keeps a commit small however many pieces the manifest has.

use std::collections::HashMap;
use std::sync::Arc;

use kitsh::SnapshotError;
use serde::{Deserialize, Serialize};

use crate::store::{Id, SessionStore};
use crate::{hex, id_of, HistoryError};

/// The first bytes of an index object.
const MAGIC: &[u8] = b"KITSH-INDEX";
/// The index format this kitsh writes.
const VERSION: u32 = 1;
/// Deltas in a row before a full list is written again (what loading a commit may replay).
pub(crate) const MAX_DEPTH: u32 = 16;

/// An index object.
#[derive(Debug, Clone, Serialize, Deserialize)]
enum IndexRec {
    /// Every piece's id, in order.
    Full(Vec<Id>),
    /// The list of index `base` (at `depth` − 1 deltas from a full list) with `splices` applied.
    Delta { base: Id, depth: u32, splices: Vec<Splice> },
}

/// Replace `remove` ids at position `at` of the base list (positions of the base, in order)
/// with `insert`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Splice {
    at: u32,
    remove: u32,
    insert: Vec<Id>,
}

/// The id of a list of piece ids (what a commit records to check a rebuilt list and to tell an
/// unchanged state).
pub(crate) fn list_id(ids: &[Id]) -> Id {
    id_of(&ids.concat())
}

fn encode(rec: &IndexRec) -> Vec<u8> {
    crate::object::encode(MAGIC, VERSION, rec)
}

fn decode(id: &Id, bytes: &[u8]) -> Result<IndexRec, SnapshotError> {
    crate::object::decode("index", MAGIC, VERSION, id, bytes)
}

/// The index object for `new`, as a delta from `base` (the parent's index id, its depth and its
/// list) when that is smaller and the chain is short enough, else in full: its id and bytes.
pub(crate) fn make(new: &[Id], base: Option<(Id, u32, &[Id])>) -> (Id, Arc<Vec<u8>>, u32) {
    if let Some((base_id, depth, old)) = base {
        if depth < MAX_DEPTH {
            let splices = diff(old, new);
            let inserted: usize = splices.iter().map(|s| s.insert.len()).sum();
            if inserted * 2 < new.len() {
                let bytes = encode(&IndexRec::Delta { base: base_id, depth: depth + 1, splices });
                return (id_of(&bytes), Arc::new(bytes), depth + 1);
            }
        }
    }
    let bytes = encode(&IndexRec::Full(new.to_vec()));
    (id_of(&bytes), Arc::new(bytes), 0)
}

/// The list index `id` stands for, with its depth and the ids of the index objects it was
/// rebuilt from (for garbage collection).
pub(crate) async fn load(store: &dyn SessionStore, id: &Id) -> Result<(Vec<Id>, u32, Vec<Id>), HistoryError> {
    let mut chain: Vec<(Id, IndexRec)> = Vec::new();
    let mut next = *id;
    loop {
        let bytes = store.get(std::slice::from_ref(&next)).await?;
        let rec = decode(&next, bytes.first().map_or(&[][..], |b| b.as_slice()))?;
        let base = match &rec {
            IndexRec::Full(_) => None,
            IndexRec::Delta { base, depth, .. } => {
                if *depth == 0 || *depth > MAX_DEPTH || chain.len() as u32 >= MAX_DEPTH {
                    return Err(SnapshotError::Corrupt(format!("index {}: a delta chain longer than {MAX_DEPTH}", hex(id))).into());
                }
                Some(*base)
            }
        };
        chain.push((next, rec));
        match base {
            Some(b) => next = b,
            None => break,
        }
    }
    let ids: Vec<Id> = chain.iter().map(|(i, _)| *i).collect();
    let depth = match chain.first().map(|(_, r)| r) {
        Some(IndexRec::Delta { depth, .. }) => *depth,
        _ => 0,
    };
    let mut list: Vec<Id> = Vec::new();
    for (_, rec) in chain.into_iter().rev() {
        list = match rec {
            IndexRec::Full(l) => l,
            IndexRec::Delta { splices, .. } => apply(&list, &splices).ok_or_else(|| SnapshotError::Corrupt(format!("index {}: a splice out of range", hex(id))))?,
        };
    }
    Ok((list, depth, ids))
}

/// The splices that turn `old` into `new`: a walk that keeps every run of `old` that `new`
/// repeats in order (the pieces a call did not touch) and replaces what lies between.
fn diff(old: &[Id], new: &[Id]) -> Vec<Splice> {
    let mut at: HashMap<&Id, Vec<usize>> = HashMap::new();
    for (i, id) in old.iter().enumerate() {
        at.entry(id).or_default().push(i);
    }
    let next_at = |id: &Id, from: usize| at.get(id).and_then(|v| v.iter().copied().find(|&p| p >= from));
    let (mut i, mut j) = (0usize, 0usize);
    let mut out = Vec::new();
    while j < new.len() {
        if i < old.len() && old[i] == new[j] {
            i += 1;
            j += 1;
            continue;
        }
        // The next piece of `new` that `old` has at or after `i` anchors the rest.
        let anchor = (j..new.len()).find_map(|k| next_at(&new[k], i).map(|p| (k, p)));
        let (k, p) = anchor.unwrap_or((new.len(), old.len()));
        out.push(Splice { at: i as u32, remove: (p - i) as u32, insert: new[j..k].to_vec() });
        i = p;
        j = k;
    }
    if i < old.len() {
        out.push(Splice { at: i as u32, remove: (old.len() - i) as u32, insert: Vec::new() });
    }
    out
}

/// `old` with `splices` applied (`None` when one does not fit: a damaged index).
fn apply(old: &[Id], splices: &[Splice]) -> Option<Vec<Id>> {
    let mut out = Vec::with_capacity(old.len());
    let mut i = 0usize;
    for s in splices {
        let at = s.at as usize;
        let end = at.checked_add(s.remove as usize)?;
        if at < i || end > old.len() {
            return None;
        }
        out.extend_from_slice(&old[i..at]);
        out.extend_from_slice(&s.insert);
        i = end;
    }
    out.extend_from_slice(&old[i..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(xs: &[u8]) -> Vec<Id> {
        xs.iter().map(|&x| [x; 32]).collect()
    }

    #[test]
    fn diff_then_apply_gives_the_new_list() {
        let cases: &[(&[u8], &[u8])] = &[
            (&[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]),
            (&[1, 2, 3, 4, 5], &[1, 9, 3, 4, 8]),
            (&[1, 2, 3, 4, 5], &[0, 1, 2, 3, 4, 5, 6]),
            (&[1, 2, 3, 4, 5], &[]),
            (&[], &[1, 2]),
            (&[1, 2, 1, 2, 3], &[1, 2, 3]),
            (&[5, 4, 3, 2, 1], &[1, 2, 3, 4, 5]),
            (&[1, 1, 1, 2], &[1, 2, 2, 1]),
        ];
        for (old, new) in cases {
            let (old, new) = (ids(old), ids(new));
            let splices = diff(&old, &new);
            assert_eq!(apply(&old, &splices), Some(new.clone()), "{old:?} -> {new:?}: {splices:?}");
        }
    }

    #[test]
    fn a_local_change_is_a_small_splice() {
        let old: Vec<Id> = (0..200u8).map(|x| [x; 32]).collect();
        let mut new = old.clone();
        new[3] = [250; 32];
        new[120] = [251; 32];
        new.insert(150, [252; 32]);
        let s = diff(&old, &new);
        assert_eq!(s.iter().map(|s| s.insert.len()).sum::<usize>(), 3, "{s:?}");
    }

    #[test]
    fn damaged_splices_are_refused() {
        let old = ids(&[1, 2, 3]);
        assert_eq!(apply(&old, &[Splice { at: 2, remove: 5, insert: vec![] }]), None);
        assert_eq!(apply(&old, &[Splice { at: 2, remove: 0, insert: vec![] }, Splice { at: 1, remove: 0, insert: vec![] }]), None);
        assert_eq!(apply(&old, &[Splice { at: u32::MAX, remove: u32::MAX, insert: vec![] }]), None);
    }
}
