//! Sessions of kitsh that outlive the process (specs/sessions.md SES-6…SES-10): a session's
//! snapshots kept as a content-addressed history in a [`SessionStore`] — SQLite (one file, the
//! default), PostgreSQL (feature `postgres`) or in memory.

mod history;
mod index;
mod memory;
mod name;
mod object;
#[cfg(feature = "postgres")]
mod postgres;
mod sqlite;
pub mod store;
#[cfg(test)]
mod session_tests;
#[cfg(test)]
mod store_tests;

pub use history::{CommitInfo, Committed, GcPolicy, GcReport, History, HistoryError};
pub use memory::MemoryStore;
pub use name::{check_name, NameError};
#[cfg(feature = "postgres")]
pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;
pub use store::{open, Id, SessionStore, StoreError};

/// An id in lowercase hex (how the CLI and messages show commits and objects).
pub fn hex(id: &Id) -> String {
    let mut s = String::with_capacity(64);
    for b in id {
        s.push(char::from_digit((b >> 4) as u32, 16).unwrap_or('0'));
        s.push(char::from_digit((b & 15) as u32, 16).unwrap_or('0'));
    }
    s
}

/// The id that [`hex`] wrote: 64 hex digits (either case), or `None`.
///
/// ```
/// let id = kitsh_session::id_of(b"x");
/// assert_eq!(kitsh_session::from_hex(&kitsh_session::hex(&id)), Some(id));
/// assert_eq!(kitsh_session::from_hex("abc"), None);
/// ```
pub fn from_hex(s: &str) -> Option<Id> {
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    let mut id = [0u8; 32];
    for (i, b) in id.iter_mut().enumerate() {
        *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(id)
}

/// The SHA-256 of `bytes`: an object's id.
pub fn id_of(bytes: &[u8]) -> Id {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).into()
}
