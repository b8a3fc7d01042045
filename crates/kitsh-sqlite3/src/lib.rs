//! kitsh's `sqlite3`: the SQLite shell over a bundled SQLite, with databases on kitsh's virtual
//! filesystem (moved in and out as bytes, never a host file); the `kitsh` crate registers it
//! under its `sqlite` feature.

pub mod sqlite3;

// The paths this command was written against when it was a module of `kitsh` (`crate::fs`,
// `crate::builtins::args`, `super::Ctx`), kept so the move changed no code.
use kitsh_core::command::{Builtin, Ctx};
use kitsh_core::fs;
mod builtins {
    pub use kitsh_core::command::*;
}
