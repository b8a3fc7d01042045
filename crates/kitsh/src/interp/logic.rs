//! Logic-only mode (ScriptedTool, ST-8..ST-12): which commands exist, and how the stdin
//! transforms are kept away from files.

use super::{Exec, Shell};

/// Shell builtins a logic-only shell keeps (ST-8), sorted.
pub(crate) const SHELL: &[&str] = &[
    ":", "[", "break", "continue", "declare", "echo", "eval", "exit", "export", "false", "getopts", "let", "local", "mapfile", "printf", "read",
    "readarray", "readonly", "return", "set", "shift", "test", "trap", "true", "type", "typeset", "unset", "wait",
];

/// Commands a logic-only shell keeps, all reading standard input only (ST-8), sorted;
/// `python3` and `node` too (their files refused the same way), where the build has them.
pub(crate) const TRANSFORMS: &[&str] = &[
    "awk", "base64", "cat", "cut", "date", "expr", "fold", "grep", "head", "jq", "nl", "node", "paste", "python", "python3", "rev", "sed", "seq", "sleep",
    "sort", "tac", "tail", "tr", "uniq", "wc",
];

impl Shell {
    /// Run `argv` in a logic-only shell, after functions and registered tools: a kept shell
    /// builtin, a stdin transform, or `command not found` (also for any path: no `$PATH`
    /// lookup ever happens).
    pub(crate) fn dispatch_logic(&mut self, argv: Vec<String>) -> Exec {
        let name = argv[0].as_str();
        if SHELL.binary_search(&name).is_ok() {
            if let Some(b) = super::builtins::lookup(name) {
                let r = b(self, &argv);
                return self.discarding(r);
            }
        }
        if TRANSFORMS.binary_search(&name).is_ok() {
            if let Some(b) = self.shared.registry.lookup(name) {
                return Ok(self.run_utility(b, &argv));
            }
        }
        self.error(&format!("{name}: command not found"));
        Ok(127)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_are_sorted_and_name_real_commands() {
        assert!(SHELL.windows(2).all(|w| w[0] < w[1]));
        assert!(TRANSFORMS.windows(2).all(|w| w[0] < w[1]));
        for n in SHELL {
            assert!(super::super::builtins::lookup(n).is_some(), "{n}");
        }
        for n in TRANSFORMS {
            assert!(crate::registry::default_commands().lookup(n).is_some(), "{n}");
        }
    }
}
