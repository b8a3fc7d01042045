//! Background jobs and subshells: starting a job, the job table, the copies of the shell that
//! subshells, command substitutions and child shells run in.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use crate::parser::ast::*;
use crate::interp::{Exec, Flow, Job, Shell};
use super::*;

impl Shell {
    /// `list &`: run the list in a subshell on a thread of its own, as a new job whose
    /// `$BASHPID` is `$!`. When too many threads run already, or one cannot be started, the
    /// job runs to completion here first.
    pub(super) fn start_background(&mut self, ao: &AndOr) -> Exec {
        let shared = self.shared.clone();
        let sub = self.job_subshell(ao);
        let pid = sub.proc.bashpid;
        let text = crate::parser::print::and_or_text(ao);
        let slot = if shared.threads.load(Ordering::Relaxed) < shared.limits.max_concurrent_stages {
            let slot = Arc::new(crate::interp::job::JobSlot::default());
            let (slot2, ao2, shared2) = (slot.clone(), ao.clone(), shared.clone());
            shared.threads.fetch_add(1, Ordering::Relaxed);
            let rt = host_runtime(&shared);
            // The job's slot reports its end; the pool's handle is not needed.
            let started = crate::pool::run(move || {
                let _rt = rt.as_ref().map(|h| h.enter());
                let end = run_job(sub, &ao2);
                shared2.threads.fetch_sub(1, Ordering::Relaxed);
                slot2.finish(end);
            });
            if started.is_none() {
                shared.threads.fetch_sub(1, Ordering::Relaxed);
                let sub = self.job_subshell(ao);
                crate::interp::job::JobSlot::finished(run_job(sub, ao))
            } else {
                slot
            }
        } else {
            crate::interp::job::JobSlot::finished(run_job(sub, ao))
        };
        self.job_table.last_bg = Some(pid);
        let id = self.job_table.list.iter().rev().find(|j| j.is_live()).map_or(1, |j| j.id + 1);
        // Keep the table bounded, as bash bounds its list of remembered processes: the
        // oldest entries go first (a running one is waited for).
        if self.job_table.list.len() >= MAX_JOBS {
            let old = self.job_table.list.remove(0);
            let _ = old.slot.wait(&self.shared, 0);
            self.job_table.own_from = self.job_table.own_from.saturating_sub(1);
        }
        let monitor = self.set_opt(crate::interp::options::MONITOR);
        self.job_table.list.push(Job { pid, id, text, reaped: false, slot, monitor });
        self.status = 0;
        Ok(0)
    }

    /// The subshell a background job runs in: it starts with no jobs.
    pub(super) fn job_subshell(&mut self, ao: &AndOr) -> Shell {
        // Not copying the job table only to clear it.
        let jobs = std::mem::take(&mut self.job_table.list);
        let own = std::mem::replace(&mut self.job_table.own_from, 0);
        let mut sub = self.make_subshell();
        self.job_table.list = jobs;
        self.job_table.own_from = own;
        // Without job control, bash's asynchronous children ignore SIGINT and SIGQUIT.
        if !self.set_opt(crate::interp::options::MONITOR) {
            sub.traps.async_ignored = true;
        }
        sub.next.exec_in_place = lone_command(ao).is_some_and(|c| matches!(c, Command::Simple(_)));
        // A job that is more than one simple command runs as a subshell, whose `trap -p`
        // lists the ignored SIGINT.
        if sub.traps.async_ignored && !sub.next.exec_in_place {
            let none = String::new();
            sub.traps.actions.entry("INT".into()).or_insert_with(|| none.clone());
            if let Some(m) = &mut sub.traps.inherited {
                m.entry("INT".into()).or_insert(none);
            }
        }
        sub
    }

    /// bash notices that background jobs ended when it waits for a foreground process (a
    /// command that is not a builtin, a subshell, a pipeline) and, job control being off,
    /// drops them from its job table then: `%N` no longer names them, `wait PID` still works.
    pub(crate) fn note_ended_jobs(&mut self) {
        for j in &mut self.job_table.list {
            if !j.reaped && j.slot.end().is_some() {
                j.reaped = true;
            }
        }
    }

    /// Wait for the jobs this shell started that still run (a shell's output ends only
    /// when its background jobs are done with it, as a pipe's reader sees).
    pub(crate) fn wait_own_jobs(&mut self) {
        for j in self.job_table.list.iter().skip(self.job_table.own_from) {
            if j.slot.end().is_none() {
                let _ = j.slot.wait(&self.shared, 0);
            }
        }
    }

    /// A copy of this shell to run a subshell in.
    pub(crate) fn make_subshell(&self) -> Shell {
        let mut sub = self.clone();
        sub.stream = None;
        sub.job_table.own_from = sub.job_table.list.len();
        sub.random.reseed = true;
        sub.proc.subshell += 1;
        sub.next.exec_in_place = false;
        sub.next.subshell_ready = false;
        sub.proc.bashpid = self.new_pid();
        if !self.traps.shown().is_empty() {
            // A background job's own ignored SIGINT is not listed in its subshells.
            let job_int = |k: &str, a: &str| self.traps.async_ignored && k == "INT" && a.is_empty();
            sub.traps.inherited =
                Some(self.listed_traps().filter(|(k, a)| !job_int(k, a)).map(|(k, a)| (k.clone(), a.clone())).collect());
        }
        // Caught signals go back to their default action (ignored ones stay ignored); EXIT is
        // not inherited; ERR, DEBUG and RETURN follow `set -E`/`-T` (below).
        if !sub.traps.actions.is_empty() {
            sub.traps.actions.retain(|k, a| matches!(k.as_str(), "ERR" | "DEBUG" | "RETURN") || (a.is_empty() && k != "EXIT"));
        }
        sub.trap_state.off |= self.uninherited_traps();
        sub
    }

    /// Run `f` as the body of this (already cloned) subshell: `exit` ends it, the EXIT trap
    /// runs, and its status is returned.
    pub(crate) fn run_in_subshell(&mut self, f: impl FnOnce(&mut Shell) -> Exec) -> Exec {
        let r = f(self);
        let status = match r {
            Ok(s) => s,
            Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Abort(s)) => s,
            Err(Flow::Break(_)) | Err(Flow::Continue(_)) => self.status,
            Err(Flow::Limit(l)) => return Err(Flow::Limit(l)),
        };
        // A jump to the top level ends here: the EXIT trap runs normally.
        self.line.discard = false;
        self.status = status;
        self.run_exit_trap()?;
        self.wait_own_jobs();
        Ok(self.status)
    }

    /// Run `f` in a subshell copy of this shell.
    pub(crate) fn subshell(&mut self, f: impl FnOnce(&mut Shell) -> Exec) -> Exec {
        let mut sub = self.make_subshell();
        let r = sub.run_in_subshell(f);
        drop(sub);
        if !self.job_table.list.is_empty() {
            self.note_ended_jobs();
        }
        r
    }

    /// [`Shell::child_shell`] for a program this shell runs itself: when the shell is a
    /// background job of one simple command, the new shell takes its process id (bash execs
    /// the program in the job's process instead of forking again).
    pub(crate) fn exec_shell(&mut self) -> Shell {
        let mut child = self.child_shell();
        if std::mem::take(&mut self.next.exec_in_place) {
            child.traps.for_exec(&self.traps);
            child.proc.parent_pids.pop();
            child.proc.pid = self.proc.bashpid;
            child.proc.bashpid = self.proc.bashpid;
        }
        child
    }

    /// A new shell process as `bash` would start it from this one: exported variables,
    /// no functions (except exported ones), default options.
    pub(crate) fn child_shell(&self) -> Shell {
        let mut child = Shell::new(self.fs.clone(), self.shared.clone(), self.cwd.clone());
        child.fds = self.fds.clone();
        child.traps = self.traps.for_new_shell();
        child.shell_name = self.shell_name.clone();
        child.proc.pid = self.new_pid();
        child.proc.bashpid = child.proc.pid;
        child.proc.pgid = self.proc.pgid;
        child.proc.group_seen = self.proc.group_seen;
        child.proc.umask = self.proc.umask;
        child.proc.ulimits = self.proc.ulimits;
        child.proc.parent_pids = self.proc.parent_pids.clone();
        child.proc.parent_pids.push(self.proc.bashpid);
        child.stack.depth = self.stack.depth + 1;
        for (k, v) in self.vars.visible() {
            if v.has(crate::interp::vars::attr::EXPORT) {
                let computed = match k.as_str() {
                    "SHELLOPTS" => Some(self.opts.shellopts()),
                    "BASHOPTS" => Some(self.opts.bashopts()),
                    _ => None,
                };
                if let Some(s) = computed.as_deref().or(v.scalar()) {
                    let e = child.vars.entry(k);
                    e.value = Some(crate::interp::vars::Value::Str(s.to_string()));
                    e.attrs = crate::interp::vars::attr::EXPORT;
                }
            }
        }
        // A new bash keeps an inherited `$PWD` naming its directory (symbolic links and all);
        // without one it starts in the physical path.
        let inherited = child.vars.get_str("PWD");
        let same = inherited.is_some_and(|p| {
            p == self.cwd || (p.starts_with('/') && self.fs.canonicalize(p).ok() == self.fs.canonicalize(&self.cwd).ok())
        });
        if same {
            child.cwd = inherited.unwrap_or_default().to_string();
        } else if let Ok(physical) = self.fs.canonicalize(&self.cwd) {
            child.cwd = physical;
        }
        child.init_default_vars();
        child
    }
}
