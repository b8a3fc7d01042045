//! kitsh: a sandboxed, in-process bash interpreter for LLM agents.
//!
//! Scripts run in-process against a virtual filesystem, with every command reimplemented in
//! Rust and every resource bounded by [`ExecutionLimits`].

mod bash;
mod cancel;
pub mod builtins;
pub mod fs;
pub mod interp;
pub mod limits;
pub mod parser;
pub mod tool;
pub mod util;

pub use bash::{Bash, BashBuilder, Error, ExecResult, ShellGuard};
pub use cancel::CancellationToken;
pub use interp::stream::OutputCallback;
pub use builtins::Builtin;
pub use limits::ExecutionLimits;
