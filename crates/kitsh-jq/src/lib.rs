//! kitsh's `jq` and `yq` commands: jq 1.8's language on the jaq engine (the fork
//! `kitsh-jaq-core`), kitsh's own JSON value type, and yq v4's YAML front end over the same
//! evaluator. Both are [`kitsh_core::command::Builtin`]s; the `kitsh` crate registers them.

pub mod jq;
pub mod yq;

// The paths these commands were written against when they were modules of `kitsh`
// (`crate::fs`, `crate::builtins::args`, `super::Ctx`, ...), kept so the move changed no code.
use kitsh_core::command::{Builtin, Cancel, Ctx};
use kitsh_core::{alloc, fs, limits, util};
mod builtins {
    pub use crate::jq;
    pub use kitsh_core::command::*;
}
