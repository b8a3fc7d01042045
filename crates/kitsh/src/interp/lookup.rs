//! Finding commands: `$PATH` search as bash does it, the command hash table (`hash`), and
//! recognising the files in `/usr/bin` that stand for kitsh's own commands.
//!
//! kitsh's commands (`cat`, `sort`, ...) are programs of the virtual system: the standard
//! filesystem lists them as executable files in `/usr/bin` (and `/bin` links there), so
//! `type -P cat`, `command -v cat` and `PATH=` behave as on a GNU system. Running such a file
//! runs the built-in implementation.

use crate::fs::FileType;

use super::builtins::ShellBuiltin;
use super::Shell;

/// The default search path of `command -p` (bash uses `confstr(_CS_PATH)`).
pub(crate) const STANDARD_PATH: &str = "/usr/bin:/bin";

/// A command implemented inside kitsh that a file in `/usr/bin` stands for.
pub(crate) enum Program {
    /// A command of the registry (`cat`, `sort`, ...).
    Utility(&'static dyn crate::builtins::Builtin),
    /// A shell builtin that is also a program (`echo`, `test`, `kill`, ...).
    Shell(ShellBuiltin),
}

/// One entry of the command hash table.
#[derive(Debug, Clone)]
pub struct Hashed {
    /// The full path found.
    pub path: String,
    /// How many times it was used.
    pub hits: u32,
    /// When the name entered the table: bash lists a bucket newest first.
    pub seq: u64,
}

impl Shell {
    /// A function's definition as `declare -f` prints it.
    pub(crate) fn function_text(&self, f: &crate::parser::ast::FunctionDef) -> String {
        crate::parser::print::function_text(f)
    }

    /// Search `path_var` (or `$PATH`) for an executable regular file named `name`, like bash:
    /// the first executable one wins; failing that, the first existing non-executable file
    /// (so that running it reports "Permission denied").
    pub(crate) fn search_path(&self, name: &str, path_var: Option<&str>) -> Option<String> {
        self.search_path_exec(name, path_var).map(|(p, _)| p)
    }

    /// [`Shell::search_path`], also telling whether the file found is executable (else it is
    /// the first non-executable match).
    fn search_path_exec(&self, name: &str, path_var: Option<&str>) -> Option<(String, bool)> {
        let mut fallback = None;
        let owned;
        let path = match path_var {
            Some(p) => p,
            None => {
                owned = self.vars.get_str("PATH")?.to_string();
                &owned
            }
        };
        for dir in path.split(':') {
            let full = candidate(&self.cwd, dir, name);
            match self.fs.stat(&full) {
                Ok(m) if m.file_type == FileType::File && m.mode & 0o111 != 0 => return Some((display_path(dir, name, full), true)),
                Ok(m) if m.file_type == FileType::File && fallback.is_none() => fallback = Some((display_path(dir, name, full), false)),
                _ => {}
            }
        }
        fallback
    }

    /// Every executable regular file named `name` on `$PATH`, in order (`type -a`).
    pub(crate) fn search_path_all(&self, name: &str) -> Vec<String> {
        let Some(path) = self.vars.get_str("PATH") else { return Vec::new() };
        let mut found = Vec::new();
        for dir in path.split(':') {
            let full = candidate(&self.cwd, dir, name);
            if self.fs.stat(&full).is_ok_and(|m| m.file_type == FileType::File && m.mode & 0o111 != 0) {
                found.push(display_path(dir, name, full));
            }
        }
        found
    }

    /// Find the file `name` (no slash) runs: the hash table, else a `$PATH` search whose
    /// result is remembered. Counts a hit.
    pub(crate) fn find_command(&mut self, name: &str) -> Option<String> {
        if let Some(h) = self.defs.hashed.get_mut(name) {
            h.hits += 1;
            return Some(h.path.clone());
        }
        let (found, executable) = self.search_path_exec(name, None)?;
        if executable {
            self.hash_insert(name, found.clone(), 1);
        }
        Some(found)
    }

    /// Remember `name` at `path` with `hits`; a name already there keeps its place in the table
    /// (bash updates the entry in place).
    pub(crate) fn hash_insert(&mut self, name: &str, path: String, hits: u32) {
        if let Some(h) = self.defs.hashed.get_mut(name) {
            h.path = path;
            h.hits = hits;
            return;
        }
        let seq = self.defs.hashed.values().map(|h| h.seq + 1).max().unwrap_or(0);
        self.defs.hashed.insert(name.to_string(), Hashed { path, hits, seq });
    }

    /// The built-in implementation the file at `path` stands for, if it is one of the
    /// `/usr/bin` command files of the standard layout.
    pub(crate) fn program_at(&self, path: &str) -> Option<Program> {
        let abs = crate::fs::join_path(&self.cwd, path);
        if self.shared.shell_paths.iter().any(|p| *p == abs) {
            return Some(Program::Shell(super::builtins::bash::kitsh_self));
        }
        let name = match abs.strip_prefix("/usr/bin/").or_else(|| abs.strip_prefix("/bin/")) {
            Some(n) if !n.contains('/') => n.to_string(),
            _ => {
                let canon = self.fs.canonicalize(&abs).ok()?;
                canon.strip_prefix("/usr/bin/").filter(|n| !n.contains('/'))?.to_string()
            }
        };
        let program = match self.shared.registry.lookup(&name) {
            Some(b) => Program::Utility(b),
            None => Program::Shell(super::builtins::lookup(&name)?),
        };
        // The stub's bytes and no more (read into a small buffer, not the whole file).
        let stub = crate::fs::COMMAND_STUB.as_bytes();
        const _: () = assert!(crate::fs::COMMAND_STUB.len() < 64);
        let mut buf = [0u8; 64];
        let want = stub.len() + 1;
        let mut got = 0;
        while got < want {
            match self.fs.read_at(&abs, got as u64, &mut buf[got..want]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(_) => return None,
            }
        }
        (&buf[..got] == stub).then_some(program)
    }
}

/// `DIR/NAME` resolved against the working directory (an empty `DIR` is `.`).
fn candidate(cwd: &str, dir: &str, name: &str) -> String {
    let dir = if dir.is_empty() { "." } else { dir };
    let mut rel = String::with_capacity(dir.len() + 1 + name.len());
    rel.push_str(dir);
    rel.push('/');
    rel.push_str(name);
    if crate::fs::is_normal_absolute(&rel) {
        // A normal absolute directory (the usual `$PATH` entry) and a plain name: `rel` is
        // the path already.
        return rel;
    }
    crate::fs::join_path(cwd, &rel)
}

/// The path as bash shows it: `DIR/NAME` as written in `$PATH` (relative stays relative).
fn display_path(dir: &str, name: &str, full: String) -> String {
    if dir.starts_with('/') {
        return full;
    }
    let dir = if dir.is_empty() { "." } else { dir.trim_end_matches('/') };
    format!("{dir}/{name}")
}

#[cfg(test)]
mod tests {
    use crate::interp::builtins::run_for_test as out;

    #[test]
    fn command_files_run_the_builtin_only_while_they_are_the_stub() {
        // `/usr/bin/tr` runs kitsh's command while it holds the stub; a copy elsewhere, the
        // stub with one more line, a prefix of it or other content run as scripts.
        let s = "echo ab | tr a x
cp /usr/bin/tr /tmp/tr2; echo ab | /tmp/tr2 b y
{ cat /usr/bin/cut; echo 'echo extra'; } > /tmp/x; cat /tmp/x > /usr/bin/cut; echo ab | cut -c1
head -c 39 /usr/bin/wc > /tmp/y; cat /tmp/y > /usr/bin/wc; wc; echo \"prefix: $?\"
printf '#!/bin/sh\\necho mine\\n' > /usr/bin/tr; echo ab | tr a x";
        assert_eq!(out(s), "xb\nextra\nprefix: 0\nmine\n0");
    }
}
