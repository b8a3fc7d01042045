//! [`CommandSet`]: commands an embedder provides as one group (the tool commands of a
//! ScriptedTool with its `help` and `discover`), found by name before the shell's builtins.

use super::Ctx;

/// A group of embedder commands. Registering one costs a single `Arc` clone per interpreter,
/// however many commands it has: the set resolves names itself.
pub trait CommandSet: Send + Sync {
    /// The id of the command called `name`, if the set has one.
    fn find(&self, name: &str) -> Option<usize>;
    /// Run command `id` (found by [`CommandSet::find`]) with the words after its name;
    /// returns its exit status. `ctx.stdin_attached` tells whether the script gave it input.
    fn run(&self, id: usize, ctx: &mut Ctx<'_>, args: &[String]) -> i32;
}
