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

/// The SHA-256 of `bytes`: an object's id.
pub fn id_of(bytes: &[u8]) -> Id {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).into()
}
