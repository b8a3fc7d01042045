//! kitsh's core layer: what the interpreter and the commands share.
//!
//! - [`fs`]: the [`fs::FileSystem`] trait and its implementations (memory, overlay, host, mounts).
//! - [`command`]: the command interface, [`command::Builtin`] and [`command::Ctx`], and option parsing.
//! - [`limits`]: [`limits::ExecutionLimits`] and the exit statuses of limits.
//! - [`alloc`]: [`alloc::MeteredAlloc`], the global allocator that meters an engine's heap.
//! - [`pattern`]: bash's glob patterns (`*`, `?`, brackets, extglob), compiled once.
//! - [`util`]: POSIX regular expressions, printf, quoting, test expressions, time, locale.
//!
//! The `kitsh` crate re-exports these modules at their old paths (`kitsh::fs`, ...).

pub mod alloc;
pub mod command;
pub mod fs;
pub mod limits;
pub mod pattern;
pub mod util;
