//! [`CommandRegistry`]: the table of commands an interpreter runs as programs (`cat`, `jq`,
//! `sort`, ...). The interpreter does not name the crate that implements them: it is given a
//! registry (kitsh-commands' by default), so the two layers build side by side.

use super::Builtin;

/// The commands an interpreter finds by name after its functions, its shell builtins and the
/// embedder's own commands, each also a file in `/usr/bin` of the standard layout.
pub trait CommandRegistry: Send + Sync {
    /// The command called `name`, if the registry has one.
    fn lookup(&self, name: &str) -> Option<&'static dyn Builtin>;
    /// The names that appear as programs in `/usr/bin`, sorted: the registry's commands and the
    /// shell builtins that are programs too (`echo`, `test`, `env`, ...).
    fn program_names(&self) -> &[&'static str];
}

/// A registry without commands: only the shell's builtins and the embedder's commands run.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoCommands;

impl CommandRegistry for NoCommands {
    fn lookup(&self, _name: &str) -> Option<&'static dyn Builtin> {
        None
    }

    fn program_names(&self) -> &[&'static str] {
        &[]
    }
}
