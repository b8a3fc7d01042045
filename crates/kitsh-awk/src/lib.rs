//! kitsh's `awk` (also `gawk`): the awk language as GNU awk 5 runs it, over kitsh's virtual
//! filesystem through the command interface of `kitsh-core`; the `kitsh` crate registers it.

pub mod awk;

// The paths this command was written against when it was a module of `kitsh` (`crate::fs`,
// `crate::builtins::args`, `super::Ctx`, ...), kept so the move changed no code.
use kitsh_core::command::{Builtin, Ctx};
use kitsh_core::{fs, limits, util};
mod builtins {
    pub use kitsh_core::command::*;
}
