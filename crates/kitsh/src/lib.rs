//! kitsh: a sandboxed, in-process bash interpreter for LLM agents.
//!
//! Scripts run in-process against a virtual filesystem, with every command reimplemented in
//! Rust and every resource bounded by [`ExecutionLimits`].

mod bash;
pub mod builtins;
pub mod fs;
pub mod interp;
pub mod limits;
#[cfg(feature = "net")]
pub mod net;
pub mod parser;
pub mod util;

pub use bash::{Bash, BashBuilder, Error, ExecResult};
pub use builtins::Builtin;
pub use limits::ExecutionLimits;
