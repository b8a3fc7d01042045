//! Running commands: lists, and-or lists, pipelines, compound commands, functions, and the
//! dispatch of simple commands to functions, builtins and commands.

mod compound;
mod ctx;
mod external;
mod jobs;
mod simple;
mod source;

use std::sync::Arc;

use crate::parser::ast::*;

use super::options::*;
use super::{Exec, Flow, Shell};

/// Attributes a temporary assignment (`x=v cmd`) does not apply: its value is stored as
/// written, as bash does.
const TEMP_DROPPED: u16 = super::vars::attr::INTEGER | super::vars::attr::LOWER | super::vars::attr::UPPER;

impl Shell {
    /// Run a list of commands.
    pub fn run_list(&mut self, list: &List) -> Exec {
        let mut status = self.status;
        for item in &list.items {
            status = self.run_item(item)?;
        }
        Ok(status)
    }

    fn run_item(&mut self, item: &ListItem) -> Exec {
        if item.background {
            return self.start_background(&item.and_or);
        }
        let st = self.run_and_or(&item.and_or)?;
        self.status = st;
        Ok(st)
    }

    fn run_and_or(&mut self, ao: &AndOr) -> Exec {
        let has_rest = !ao.rest.is_empty();
        let mut status = if has_rest {
            self.errexit_ignored += 1;
            let r = self.run_pipeline(&ao.first);
            self.errexit_ignored -= 1;
            r?
        } else {
            self.run_pipeline(&ao.first)?
        };
        self.emit_output();
        self.status = status;
        let mut last_negated = ao.first.negate;
        for (i, (op, p)) in ao.rest.iter().enumerate() {
            let run = match op {
                AndOrOp::And => status == 0,
                AndOrOp::Or => status != 0,
            };
            if !run {
                continue;
            }
            let is_last = i + 1 == ao.rest.len();
            if !is_last {
                self.errexit_ignored += 1;
            }
            let r = self.run_pipeline(p);
            if !is_last {
                self.errexit_ignored -= 1;
            }
            status = r?;
            self.emit_output();
            self.status = status;
            last_negated = p.negate;
            if is_last && status != 0 && !last_negated && errexit_checks(p) {
                self.check_errexit(status)?;
            }
            if is_last {
                return Ok(status);
            }
        }
        if !has_rest && status != 0 && !last_negated && errexit_checks(&ao.first) {
            self.check_errexit(status)?;
        }
        Ok(status)
    }

    /// `set -e`: exit when a command fails outside a condition.
    pub(crate) fn check_errexit(&mut self, status: i32) -> Exec<()> {
        if status != 0 && self.errexit_ignored == 0 {
            self.run_err_trap()?;
            if self.set_opt(ERREXIT) {
                return Err(Flow::Exit(status));
            }
        }
        Ok(())
    }

    fn run_pipeline(&mut self, p: &Pipeline) -> Exec {
        let start = p.time.map(|_| std::time::Instant::now());
        self.lineno = p.line;
        // bash ignores `set -e` inside `! PIPELINE` only when it is on as the pipeline starts:
        // a `set -e` run inside (a function's) makes a later failure there exit.
        let ignore = p.negate && self.set_opt(ERREXIT);
        if ignore {
            self.errexit_ignored += 1;
        }
        let r = if p.commands.len() == 1 {
            let cmd = &p.commands[0];
            self.run_command(cmd).inspect(|&s| {
                if sets_pipestatus(cmd) {
                    self.last.pipestatus.clear();
                    self.last.pipestatus.push(s);
                }
            })
        } else {
            let r = self.run_multi_pipeline(p);
            if !self.job_table.list.is_empty() {
                self.note_ended_jobs();
            }
            if r.is_ok() {
                self.handle_pending_signals()?;
            }
            r
        };
        if ignore {
            self.errexit_ignored -= 1;
        }
        let status = r?;
        if let Some(start) = start {
            let e = start.elapsed();
            let secs = e.as_secs();
            let ms = e.subsec_millis();
            let text = if p.time == Some(true) {
                format!("real {secs}.{ms:02}\nuser 0.00\nsys 0.00\n")
            } else {
                format!("\nreal\t{}m{}.{:03}s\nuser\t0m0.000s\nsys\t0m0.000s\n", secs / 60, secs % 60, ms)
            };
            self.write_fd(2, text.as_bytes());
        }
        let status = if p.negate { (status == 0) as i32 } else { status };
        self.status = status;
        Ok(status)
    }

    /// Run one command.
    pub fn run_command(&mut self, cmd: &Command) -> Exec {
        match cmd {
            Command::Simple(sc) => self.run_simple(sc),
            Command::Compound(cc, redirs) => {
                if redirs.is_empty() {
                    return self.run_compound(cc);
                }
                let mark = self.procsubs.len();
                let saved = match self.apply_redirects(redirs) {
                    Ok(s) => s,
                    Err(e) => {
                        // A failed redirection of a compound command is its own failure,
                        // which `set -e` sees (unlike a failure inside it).
                        let status = e.into_status(self)?;
                        self.check_errexit(status)?;
                        return Ok(status);
                    }
                };
                let r = self.run_compound(cc);
                self.restore_redirects(saved);
                self.finish_procsubs(mark)?;
                r
            }
            Command::FunctionDef(f) => {
                self.shared.count_command().map_err(Flow::Limit)?;
                // bash takes almost any word as a function name, but not one with expansions.
                if f.name.contains(['$', '`']) {
                    self.error(&format!("`{}': not a valid identifier", f.name));
                    return Ok(1);
                }
                if self.set_opt(POSIX) && super::builtins::is_special(&f.name) {
                    self.error(&format!("`{}': is a special builtin", f.name));
                    return Err(Flow::Exit(2));
                }
                if !self.defs.func_attrs.is_empty() && self.func_attr(&f.name) & super::vars::attr::READONLY != 0 {
                    self.error(&format!("{}: readonly function", f.name));
                    return Ok(1);
                }
                self.defs.funcs.insert(f.name.clone(), f.clone());
                if let Some(file) = self.stack.sources.last() {
                    self.defs.func_files.insert(f.name.clone(), Arc::from(file.as_str()));
                } else if !self.defs.func_files.is_empty() {
                    self.defs.func_files.remove(&f.name);
                }
                Ok(0)
            }
        }
    }
}

/// Where source text runs: as the script itself, or inside `eval`/`source`/a trap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// The script (`bash -c`, `bash FILE`, the library's `exec`).
    Script,
    /// `eval`, `source`, trap actions.
    Nested,
}

/// The host's tokio runtime, to enter on a thread that runs part of the script, when the
/// embedder's commands may await on it (ScriptedTool's async callbacks).
pub(super) fn host_runtime(shared: &super::shared::Shared) -> Option<tokio::runtime::Handle> {
    if shared.command_sets.is_empty() {
        return None;
    }
    tokio::runtime::Handle::try_current().ok()
}

/// Quote a word for `set -x` output as bash does (`xtrace_print_word_list`): `''` for an empty
/// word, single quotes when it holds shell metacharacters (even a tab or a newline, shown as
/// they are), `$'...'` when it holds characters the locale cannot print (any non-ASCII byte in
/// the C locale), else the word itself (a UTF-8 word in a UTF-8 locale included).
pub(crate) fn xtrace_quote(s: &str, bytes: bool) -> String {
    use crate::util::quote::{ansi_c_quote, contains_shell_metas, needs_ansi_c, single_quote};
    if s.is_empty() {
        "''".to_string()
    } else if contains_shell_metas(s) {
        single_quote(s)
    } else if needs_ansi_c(s, bytes) {
        ansi_c_quote(s, bytes)
    } else {
        s.to_string()
    }
}

/// Most entries kept in the job table.
const MAX_JOBS: usize = 1024;

/// `for NAME in WORDS` / `select NAME in WORDS` as `set -x` shows a loop header.
fn loop_header(keyword: &str, var: &str, words: Option<&[Word]>) -> String {
    let list = match words {
        Some(ws) => ws.iter().map(crate::parser::print::word_text).collect::<Vec<_>>().join(" "),
        None => "\"$@\"".to_string(),
    };
    format!("{keyword} {var} in {list}")
}

/// An empty `for ((...))` part (nothing or only blanks): the condition is then true.
fn is_blank(w: &Word) -> bool {
    w.parts.iter().all(|p| matches!(p, WordPart::Literal(t) if t.trim().is_empty()))
}

/// Whether `set -e` looks at this pipeline's status. A compound command other than a
/// subshell, `[[ ]]` or `(( ))` is not checked itself: a failure inside it that `set -e`
/// did not ignore has already ended the shell (`{ false && x; }` does not exit).
fn errexit_checks(p: &Pipeline) -> bool {
    match p.commands.as_slice() {
        [Command::Compound(cc, _)] => {
            matches!(cc, CompoundCommand::Subshell(_) | CompoundCommand::DBracket(_) | CompoundCommand::Arith(_))
        }
        _ => true,
    }
}

/// The one command a list is made of (no `&&`/`||`, no pipe, no `!` or `time`), if it is.
fn lone_command(ao: &AndOr) -> Option<&Command> {
    let p = &ao.first;
    match p.commands.as_slice() {
        [c] if ao.rest.is_empty() && !p.negate && p.time.is_none() => Some(c),
        _ => None,
    }
}

/// Is `cmd` a `( list )` subshell (with or without redirections)?
pub(super) fn is_paren(cmd: &Command) -> bool {
    matches!(cmd, Command::Compound(CompoundCommand::Subshell(_), _))
}

/// Run a background job's list in its subshell `sub` (a lone simple command without the ERR
/// trap's check: bash just executes it in the child) and say how it ended.

fn run_job(mut sub: Shell, ao: &AndOr) -> super::job::JobEnd {
    let lone = lone_command(ao);
    let simple = lone.is_some_and(|c| matches!(c, Command::Simple(_)));
    sub.next.subshell_ready = lone.is_some_and(is_paren);
    let r = sub.run_in_subshell(|sh| if simple { sh.run_pipeline(&ao.first) } else { sh.run_and_or(ao) });
    let status = match r {
        Ok(s) => s,
        Err(Flow::Limit(l)) => {
            // A limit hit in a job ends the whole run, as anywhere else (limits that stop by
            // `Flow` alone, function depth and expansion size, set the flag here).
            sub.shared.trip(l);
            l.exit_status()
        }
        Err(_) => sub.status,
    };
    let signal = sub.proc.killed_by;
    drop(sub);
    super::job::JobEnd { status, signal }
}

/// The interpreter and its one optional argument on a script's `#!` line, split as Linux
/// does: the interpreter ends at the first blank, and the rest of the line (trimmed) is a
/// single argument.
fn shebang(text: &str) -> Option<(&str, Option<&str>)> {
    let line = text.strip_prefix("#!")?.lines().next().unwrap_or("");
    let line = line.trim_matches([' ', '\t', '\r']);
    if line.is_empty() {
        return None;
    }
    match line.split_once([' ', '\t']) {
        Some((interp, rest)) => {
            let rest = rest.trim_matches([' ', '\t']);
            Some((interp, (!rest.is_empty()).then_some(rest)))
        }
        None => Some((line, None)),
    }
}

/// Whether a `#!` line names a shell (`/bin/sh`, `/usr/bin/env bash`, ...): such scripts
/// run in a child of this interpreter directly.
fn is_shell_interpreter(interp: &str, arg: Option<&str>) -> bool {
    let base = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
    let mut prog = base(interp);
    if prog == "env" {
        match arg {
            Some(a) if !a.starts_with('-') => prog = base(a),
            _ => return false,
        }
    }
    matches!(prog.as_str(), "sh" | "bash" | "dash" | "ksh" | "zsh" | "kitsh")
}

/// Whether a command alone sets `PIPESTATUS`, as in bash: simple commands, `[[ ]]`, `(( ))`
/// and subshells do; other compound commands and function definitions leave what the
/// last command run inside them set.
fn sets_pipestatus(cmd: &Command) -> bool {
    match cmd {
        Command::Simple(_) => true,
        Command::Compound(c, _) => {
            matches!(c, CompoundCommand::Subshell(_) | CompoundCommand::DBracket(_) | CompoundCommand::Arith(_))
        }
        Command::FunctionDef(_) => false,
    }
}
