//! The store's own objects (commits, indexes): a magic word, a format version (u32,
//! little-endian) and a postcard body, named by the SHA-256 of the whole.

use kitsh::SnapshotError;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::{hex, id_of, Id};

/// The bytes of `rec` as an object of kind `magic`, format `version`.
pub(crate) fn encode<T: Serialize>(magic: &[u8], version: u32, rec: &T) -> Vec<u8> {
    let mut out = magic.to_vec();
    out.extend_from_slice(&version.to_le_bytes());
    postcard::to_extend(rec, out).unwrap_or_default()
}

/// Read object `id` of kind `what` (`commit`, `index`): its bytes must match its id, start with
/// `magic` and be of format `version` or an earlier one.
pub(crate) fn decode<T: DeserializeOwned>(what: &str, magic: &[u8], version: u32, id: &Id, bytes: &[u8]) -> Result<T, SnapshotError> {
    let corrupt = |d: String| SnapshotError::Corrupt(format!("{what} {}: {d}", hex(id)));
    if id_of(bytes) != *id {
        return Err(corrupt("does not match its id".into()));
    }
    let rest = bytes.strip_prefix(magic).ok_or_else(|| corrupt(format!("not a{} {what}", if what.starts_with(['a', 'e', 'i', 'o', 'u']) { "n" } else { "" })))?;
    let found = rest.get(..4).map(|v| u32::from_le_bytes([v[0], v[1], v[2], v[3]])).ok_or_else(|| corrupt("truncated".into()))?;
    if found > version {
        return Err(SnapshotError::NewerFormat { found, supported: version });
    }
    postcard::from_bytes(&rest[4..]).map_err(|e| corrupt(e.to_string()))
}
