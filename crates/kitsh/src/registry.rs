//! Which commands a new interpreter runs as programs: kitsh-commands' registry with the
//! `commands` feature (the default), or the one a program sets once with
//! [`set_default_commands`] (the CLI does, building this crate without the feature so that a
//! change to one command does not rebuild the interpreter).

use std::sync::OnceLock;

use crate::builtins::CommandRegistry;

static DEFAULT: OnceLock<&'static dyn CommandRegistry> = OnceLock::new();

/// Set the commands every interpreter built afterwards in this process runs (`cat`, `jq`, ...),
/// in place of kitsh's own (feature `commands`) or none (without it). Only the first call
/// counts: it returns `false` when a registry was set already.
///
/// ```
/// use kitsh::builtins::{Builtin, CommandRegistry, Ctx};
///
/// struct Hello;
/// impl Builtin for Hello {
///     fn run(&self, ctx: &mut Ctx<'_>, _args: &[String]) -> i32 {
///         let _ = ctx.stdout.write_all(b"hello\n");
///         0
///     }
/// }
/// struct Only;
/// impl CommandRegistry for Only {
///     fn lookup(&self, name: &str) -> Option<&'static dyn Builtin> {
///         (name == "hello").then_some(&Hello as &'static dyn Builtin)
///     }
///     fn program_names(&self) -> &[&'static str] {
///         &["hello"]
///     }
/// }
///
/// assert!(kitsh::set_default_commands(&Only));
/// let mut bash = kitsh::Bash::builder().build().unwrap();
/// assert_eq!(bash.exec_sync("hello; cat /dev/null").stdout, "hello\n");
/// assert_eq!(bash.exec_sync("cat /dev/null").exit_code, 127);
/// ```
pub fn set_default_commands(registry: &'static dyn CommandRegistry) -> bool {
    DEFAULT.set(registry).is_ok()
}

/// The registry a new interpreter takes.
pub(crate) fn default_commands() -> &'static dyn CommandRegistry {
    if let Some(r) = DEFAULT.get() {
        return *r;
    }
    #[cfg(feature = "commands")]
    return kitsh_commands::registry();
    #[cfg(not(feature = "commands"))]
    return &crate::builtins::NoCommands;
}
