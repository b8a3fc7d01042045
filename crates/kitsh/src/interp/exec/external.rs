//! Running a command: a registered command with its [`Ctx`](crate::builtins::Ctx), a script file
//! of the virtual filesystem (its `#!` line), or `command not found`.

use std::io::Write;
use std::sync::Arc;
use crate::interp::io::{FdReader, FdWriter};
use crate::interp::{Exec, Shell};
use super::*;
use super::ctx::*;

impl Shell {
    /// Run a [`crate::builtins::Builtin`] with this shell's descriptors.
    pub fn run_utility(&mut self, b: &dyn crate::builtins::Builtin, argv: &[String]) -> i32 {
        self.run_with_ctx(argv, |ctx| b.run(ctx, &argv[1..]))
    }

    /// Run `f` with a command context over this shell's descriptors. In a logic-only shell
    /// the command sees no files: its first refused access ends it with `NAME: PATH:
    /// filesystem access disabled`, status 2, replacing what it wrote on stderr (ST-12).
    pub(super) fn run_with_ctx(&mut self, argv: &[String], f: impl FnOnce(&mut crate::builtins::Ctx<'_>) -> i32) -> i32 {
        let fd0 = self.fds.get(0).cloned();
        let fd1 = self.fds.get(1).cloned();
        let fd2 = self.fds.get(2).cloned();
        let stdin_attached = match (&fd0, &self.shared.no_input) {
            (None, _) => false,
            (Some(fd), Some(none)) => !Arc::ptr_eq(fd, none),
            (Some(_), None) => true,
        };
        let stdin_pipe = fd0.as_deref().is_some_and(|f| matches!(f, crate::interp::io::FdObj::PipeR(_) | crate::interp::io::FdObj::Bytes(_)));
        let mut stdin = FdReader(fd0.as_ref());
        let mut stdout = FdWriter { fd: fd1.as_ref(), shared: &self.shared };
        let mut stderr = FdWriter { fd: fd2.as_ref(), shared: &self.shared };
        let env = crate::interp::builtins::ShellEnv(&self.vars, self.random.current());
        crate::builtins::args::set_c_locale(self.byte_locale());
        crate::fs::fifo::set_current_watch(Some(self.shared.fifo_watch()));
        let logic = self.shared.logic;
        let denied_fs = crate::fs::DisabledFs::new();
        let mut err_buf = Vec::new();
        let status = {
            let mut ctx = crate::builtins::Ctx {
                name: &argv[0],
                stdin: &mut stdin,
                stdout: &mut stdout,
                stderr: if logic { &mut err_buf } else { &mut stderr },
                fs: if logic { &denied_fs } else { &*self.fs },
                cwd: &self.cwd,
                env: &env,
                cancel: &ShellCancel(self),
                spawn: if logic { &denied_fs } else { &ShellSpawn(self) },
                net: self.shared.network.as_deref().unwrap_or(&crate::builtins::net::NoNetwork),
                fds: if logic { &crate::builtins::NoDescriptors } else { &ShellFds(&self.fds) },
                functions: &ShellFunctions(self),
                stdin_attached,
                stdin_pipe,
            };
            f(&mut ctx)
        };
        crate::fs::fifo::set_current_watch(None);
        if !logic {
            return status;
        }
        if let Some(path) = denied_fs.denied() {
            // Name the operand as the script wrote it when one resolves to the path.
            let shown = argv[1..].iter().find(|a| !a.is_empty() && crate::fs::join_path(&self.cwd, a) == path).map_or(path.as_str(), String::as_str);
            let _ = writeln!(stderr, "{}: {shown}: filesystem access disabled", argv[0]);
            return 2;
        }
        let _ = stderr.write_all(&err_buf);
        status
    }

    /// Run a command that is not a function or builtin: a file found on `$PATH` (or
    /// `search_path`, for `command -p`), or the path given. Files standing for kitsh's own
    /// commands run those.
    pub(crate) fn run_external(&mut self, argv: Vec<String>, search_path: Option<&str>) -> Exec {
        let name = argv[0].clone();
        self.run_external_as(&name, argv, search_path)
    }

    /// [`Shell::run_external`] finding the command by `name` while passing `argv` (whose
    /// first element may differ: `exec -a NAME`).
    pub(crate) fn run_external_as(&mut self, name: &str, argv: Vec<String>, search_path: Option<&str>) -> Exec {
        // A path component longer than NAME_MAX cannot name a file (ENAMETOOLONG).
        if name.contains('/') && name.split('/').any(|c| c.len() > 255) {
            self.error(&format!("{name}: File name too long"));
            return Ok(126);
        }
        let path = if name.contains('/') {
            Some(name.to_string())
        } else if let Some(p) = search_path {
            self.search_path(name, Some(p))
        } else {
            self.find_command(name)
        };
        let Some(path) = path else {
            self.error(&format!("{name}: command not found"));
            return Ok(127);
        };
        if let Some(program) = self.program_at(&path) {
            return match program {
                crate::interp::lookup::Program::Utility(b) => Ok(self.run_utility(b, &argv)),
                crate::interp::lookup::Program::Shell(b) => b(self, &argv),
            };
        }
        let abs = crate::fs::join_path(&self.cwd, &path);
        match self.fs.stat(&abs) {
            Err(e) => {
                self.error(&format!("{name}: {e}"));
                Ok(127)
            }
            Ok(m) if m.file_type == crate::fs::FileType::Dir => {
                self.error(&format!("{name}: Is a directory"));
                Ok(126)
            }
            Ok(m) if m.mode & 0o111 == 0 => {
                self.error(&format!("{name}: Permission denied"));
                Ok(126)
            }
            Ok(_) => {
                let Ok(bytes) = self.fs.read_file(&abs) else {
                    self.error(&format!("{name}: Permission denied"));
                    return Ok(126);
                };
                if crate::util::bytes::looks_binary(&bytes) {
                    self.error(&format!("{name}: cannot execute binary file: Exec format error"));
                    return Ok(126);
                }
                let text = crate::util::bytes::decode_owned(bytes);
                match shebang(&text) {
                    Some((interp, arg)) if !is_shell_interpreter(interp, arg) => {
                        self.run_interpreter(name, &path, interp, arg, &argv)
                    }
                    _ => self.run_script_text(&text, &argv),
                }
            }
        }
    }

    /// Run the script at `path` through the interpreter its `#!` line names, as the kernel
    /// does: `INTERP [ARG] PATH ARGS...`. The interpreter must be one of kitsh's own
    /// commands (`/usr/bin/env python3`, `/usr/bin/awk -f`, ...); no host program runs.
    pub(super) fn run_interpreter(&mut self, name: &str, path: &str, interp: &str, arg: Option<&str>, argv: &[String]) -> Exec {
        let Some(program) = self.program_at(interp) else {
            self.error(&format!("{name}: cannot execute: required file not found"));
            return Ok(127);
        };
        let mut args = Vec::with_capacity(argv.len() + 2);
        args.push(interp.to_string());
        args.extend(arg.map(str::to_string));
        args.push(path.to_string());
        args.extend(argv[1..].iter().cloned());
        match program {
            crate::interp::lookup::Program::Utility(b) => Ok(self.run_utility(b, &args)),
            crate::interp::lookup::Program::Shell(b) => b(self, &args),
        }
    }

    /// Run script text as a child shell (a new process in bash): fresh functions-less copy
    /// with exported variables only.
    pub(crate) fn run_script_text(&mut self, text: &str, argv: &[String]) -> Exec {
        let mut child = self.exec_shell();
        child.arg0 = argv[0].clone();
        child.positional = argv[1..].to_vec();
        child.stack.sources.push(argv[0].clone());
        child.run_in_subshell(|c| c.run_script(text, 1))
    }
}
