//! Running commands: lists, and-or lists, pipelines, compound commands, functions, and the
//! dispatch of simple commands to functions, builtins and commands.

use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::parser::ast::*;
use crate::parser::{ParseError, ParseOptions, Parser};

use super::io::{FdObj, FdReader, FdWriter};
use super::redirect::RedirError;
use super::options::*;
use super::{Exec, Flow, Frame, Job, Shell};

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

    /// `list &`: run the list in a subshell on a thread of its own, as a new job whose
    /// `$BASHPID` is `$!`. When too many threads run already, or one cannot be started, the
    /// job runs to completion here first.
    fn start_background(&mut self, ao: &AndOr) -> Exec {
        let shared = self.shared.clone();
        let sub = self.job_subshell(ao);
        let pid = sub.bashpid;
        let text = crate::parser::print::and_or_text(ao);
        let slot = if shared.threads.load(Ordering::Relaxed) < shared.limits.max_concurrent_stages {
            let slot = Arc::new(super::job::JobSlot::default());
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
                super::job::JobSlot::finished(run_job(sub, ao))
            } else {
                slot
            }
        } else {
            super::job::JobSlot::finished(run_job(sub, ao))
        };
        self.last_bg = Some(pid);
        let id = self.jobs.iter().rev().find(|j| j.is_live()).map_or(1, |j| j.id + 1);
        // Keep the table bounded, as bash bounds its list of remembered processes: the
        // oldest entries go first (a running one is waited for).
        if self.jobs.len() >= MAX_JOBS {
            let old = self.jobs.remove(0);
            let _ = old.slot.wait(&self.shared, 0);
            self.own_jobs_from = self.own_jobs_from.saturating_sub(1);
        }
        let monitor = self.set_opt(super::options::MONITOR);
        self.jobs.push(Job { pid, id, text, reaped: false, slot, monitor });
        self.status = 0;
        Ok(0)
    }

    /// The subshell a background job runs in: it starts with no jobs.
    fn job_subshell(&mut self, ao: &AndOr) -> Shell {
        // Not copying the job table only to clear it.
        let jobs = std::mem::take(&mut self.jobs);
        let own = std::mem::replace(&mut self.own_jobs_from, 0);
        let mut sub = self.make_subshell();
        self.jobs = jobs;
        self.own_jobs_from = own;
        // Without job control, bash's asynchronous children ignore SIGINT and SIGQUIT.
        if !self.set_opt(super::options::MONITOR) {
            sub.traps.async_ignored = true;
        }
        sub.exec_in_place = lone_command(ao).is_some_and(|c| matches!(c, Command::Simple(_)));
        // A job that is more than one simple command runs as a subshell, whose `trap -p`
        // lists the ignored SIGINT.
        if sub.traps.async_ignored && !sub.exec_in_place {
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
        for j in &mut self.jobs {
            if !j.reaped && j.slot.end().is_some() {
                j.reaped = true;
            }
        }
    }

    /// Wait for the jobs this shell started that still run (a shell's output ends only
    /// when its background jobs are done with it, as a pipe's reader sees).
    pub(crate) fn wait_own_jobs(&mut self) {
        for j in self.jobs.iter().skip(self.own_jobs_from) {
            if j.slot.end().is_none() {
                let _ = j.slot.wait(&self.shared, 0);
            }
        }
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
                    self.pipestatus.clear();
                    self.pipestatus.push(s);
                }
            })
        } else {
            let r = self.run_multi_pipeline(p);
            if !self.jobs.is_empty() {
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

    /// A copy of this shell to run a subshell in.
    pub(crate) fn make_subshell(&self) -> Shell {
        let mut sub = self.clone();
        sub.stream = None;
        sub.own_jobs_from = sub.jobs.len();
        sub.rng_reseed = true;
        sub.subshell += 1;
        sub.exec_in_place = false;
        sub.subshell_ready = false;
        sub.bashpid = self.new_pid();
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
        self.discard = false;
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
        if !self.jobs.is_empty() {
            self.note_ended_jobs();
        }
        r
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
                if !self.func_attrs.is_empty() && self.func_attr(&f.name) & super::vars::attr::READONLY != 0 {
                    self.error(&format!("{}: readonly function", f.name));
                    return Ok(1);
                }
                self.funcs.insert(f.name.clone(), f.clone());
                if let Some(file) = self.sources.last() {
                    self.func_files.insert(f.name.clone(), Arc::from(file.as_str()));
                } else if !self.func_files.is_empty() {
                    self.func_files.remove(&f.name);
                }
                Ok(0)
            }
        }
    }

    fn loop_guard(&mut self, iters: &mut u64) -> Exec<()> {
        *iters += 1;
        self.shared.count_iteration(*iters).map_err(Flow::Limit)?;
        // A loop of compound commands only (`for ((;;)); do ((i++)); done`) still hears a
        // `timeout`'s signal to its process group.
        if self.pgid != 0 && self.shared.has_group_signals() {
            self.handle_pending_signals()?;
        }
        Ok(())
    }

    /// Handle `break`/`continue` arriving at a loop: `Ok(true)` to leave the loop.
    fn loop_flow(&mut self, r: Exec) -> Exec<Option<bool>> {
        match r {
            Ok(s) => {
                self.status = s;
                Ok(None)
            }
            // `break` and `continue` themselves succeed: the loop's status is then 0 (1 after
            // an out-of-range count, see `Shell::break_status`).
            Err(Flow::Break(n)) => {
                if n > 1 {
                    self.status = 0;
                    Err(Flow::Break(n - 1))
                } else {
                    self.status = std::mem::take(&mut self.break_status);
                    Ok(Some(true))
                }
            }
            Err(Flow::Continue(n)) => {
                if n > 1 {
                    self.status = 0;
                    Err(Flow::Continue(n - 1))
                } else {
                    self.status = std::mem::take(&mut self.break_status);
                    Ok(Some(false))
                }
            }
            Err(f) => Err(f),
        }
    }

    fn run_cond(&mut self, list: &List) -> Exec {
        self.errexit_ignored += 1;
        let r = self.run_list(list);
        self.errexit_ignored -= 1;
        r
    }

    fn run_compound(&mut self, cc: &CompoundCommand) -> Exec {
        match cc {
            CompoundCommand::Brace(list) => self.run_list(list),
            CompoundCommand::Subshell(list) => {
                // A subshell is outside any loop of its parent: `( continue )` is an error.
                // Nor does it list its parent's jobs (a pipeline stage or `$(jobs)` does).
                if std::mem::take(&mut self.subshell_ready) {
                    self.loop_depth = 0;
                    self.jobs.clear();
                    self.own_jobs_from = 0;
                    let st = self.run_list(list)?;
                    self.status = st;
                    return Ok(st);
                }
                let st = self.subshell(|s| {
                    s.loop_depth = 0;
                    s.jobs.clear();
                    s.own_jobs_from = 0;
                    s.run_list(list)
                })?;
                self.status = st;
                Ok(st)
            }
            CompoundCommand::If { branches, else_body } => {
                for (cond, body) in branches {
                    if self.run_cond(cond)? == 0 {
                        return self.run_list(body);
                    }
                }
                match else_body {
                    Some(b) => self.run_list(b),
                    None => Ok(0),
                }
            }
            CompoundCommand::While { until, cond, body } => {
                let mut status = 0;
                let mut iters = 0u64;
                self.loop_depth += 1;
                let r = (|| loop {
                    self.loop_guard(&mut iters)?;
                    let r = self.run_cond_ret(cond);
                    let c = match self.loop_flow(r)? {
                        Some(true) => break Ok(status),
                        Some(false) => continue,
                        None => self.status,
                    };
                    if (c == 0) == *until {
                        break Ok(status);
                    }
                    let r = self.run_list(body);
                    self.emit_output();
                    if self.loop_flow(r)? == Some(true) {
                        break Ok(self.status);
                    }
                    status = self.status;
                })();
                self.loop_depth -= 1;
                r
            }
            CompoundCommand::For { var, words, body } => {
                let line = self.lineno;
                self.check_loop_name(var)?;
                let items = match words {
                    Some(ws) => self.expand_words(ws)?,
                    None => self.positional.clone(),
                };
                let mut status = 0;
                let mut iters = 0u64;
                let header = self.set_opt(XTRACE).then(|| loop_header("for", var, words.as_deref()));
                self.loop_depth += 1;
                let r = (|| {
                    for it in items {
                        self.loop_guard(&mut iters)?;
                        self.lineno = line;
                        self.run_debug_trap()?;
                        if let Some(h) = &header {
                            self.xtrace_line(h);
                        }
                        if let Err(msg) = self.assign_scalar(var, it) {
                            self.error(&msg);
                            return self.discarding(Ok(1));
                        }
                        let r = self.run_list(body);
                        self.emit_output();
                        match self.loop_flow(r)? {
                            Some(true) => return Ok(self.status),
                            Some(false) => {}
                            None => {}
                        }
                        status = self.status;
                    }
                    Ok(status)
                })();
                self.loop_depth -= 1;
                r
            }
            CompoundCommand::ArithFor { init, cond, step, body } => {
                let line = self.lineno;
                self.run_debug_trap()?;
                self.trace_arith(init, "");
                if self.arith_for_part(init)?.is_none() {
                    return Ok(1);
                }
                let mut status = 0;
                let mut iters = 0u64;
                self.loop_depth += 1;
                let r = (|| loop {
                    self.loop_guard(&mut iters)?;
                    self.lineno = line;
                    self.run_debug_trap()?;
                    self.trace_arith(cond, "");
                    if !is_blank(cond) {
                        match self.arith_for_part(cond)? {
                            None => break Ok(1),
                            Some(0) => break Ok(status),
                            Some(_) => {}
                        }
                    }
                    let r = self.run_list(body);
                    self.emit_output();
                    match self.loop_flow(r)? {
                        Some(true) => break Ok(self.status),
                        _ => status = self.status,
                    }
                    self.lineno = line;
                    self.run_debug_trap()?;
                    self.trace_arith(step, "");
                    if self.arith_for_part(step)?.is_none() {
                        break Ok(1);
                    }
                })();
                self.loop_depth -= 1;
                r
            }
            CompoundCommand::Select { var, words, body } => {
                if self.set_opt(XTRACE) {
                    self.xtrace_line(&loop_header("select", var, words.as_deref()));
                }
                self.run_select(var, words.as_deref(), body)
            }
            CompoundCommand::Case { word, arms } => {
                self.run_debug_trap()?;
                if self.set_opt(XTRACE) {
                    let t = format!("case {} in", crate::parser::print::word_text(word));
                    self.xtrace_line(&t);
                }
                self.run_case(word, arms)
            }
            CompoundCommand::DBracket(e) => {
                self.shared.count_command().map_err(Flow::Limit)?;
                self.run_debug_trap()?;
                match self.eval_cond(e) {
                    Ok(b) => Ok((!b) as i32),
                    Err(Flow::Exit(2)) => Ok(2),
                    Err(f) => Err(f),
                }
            }
            CompoundCommand::Arith(w) => {
                self.shared.count_command().map_err(Flow::Limit)?;
                self.run_debug_trap()?;
                self.trace_arith(w, " ");
                match self.arith_word_status(w) {
                    Ok(v) => Ok((v == 0) as i32),
                    Err(f) => Err(f),
                }
            }
        }
    }

    /// `set -x` of an arithmetic command or `for ((...))` part: `(( text ))` (`pad`: the
    /// extra space bash puts inside a `(( ))` command).
    fn trace_arith(&mut self, w: &Word, pad: &str) {
        if self.set_opt(XTRACE) && !w.parts.is_empty() {
            let t = format!("(( {pad}{}{pad} ))", crate::parser::print::word_text(w).trim());
            self.xtrace_line(&t);
        }
    }

    fn run_cond_ret(&mut self, list: &List) -> Exec {
        let r = self.run_cond(list);
        if let Ok(s) = r {
            self.status = s;
        }
        r
    }

    fn run_case(&mut self, word: &Word, arms: &[CaseArm]) -> Exec {
        let subject = self.expand_word_str(word)?;
        let mut i = 0;
        let mut status = 0;
        while i < arms.len() {
            let mut matched = false;
            for p in &arms[i].patterns {
                let pat = self.expand_pattern(p)?;
                if self.pattern_matches(&pat, &subject, self.shopt(NOCASEMATCH)) {
                    matched = true;
                    break;
                }
            }
            if !matched {
                i += 1;
                continue;
            }
            loop {
                status = self.run_list(&arms[i].body)?;
                match arms[i].terminator {
                    CaseTerminator::Break => return Ok(status),
                    CaseTerminator::FallThrough => {
                        i += 1;
                        if i >= arms.len() {
                            return Ok(status);
                        }
                    }
                    CaseTerminator::Continue => break,
                }
            }
            i += 1;
        }
        Ok(status)
    }

    /// `for NAME` / `select NAME` need a valid variable name (checked when run, as bash does).
    fn check_loop_name(&mut self, var: &str) -> Exec<()> {
        if super::expand::is_name(var) {
            return Ok(());
        }
        self.error(&format!("`{var}': not a valid identifier"));
        Err(Flow::Abort(1))
    }

    fn run_select(&mut self, var: &str, words: Option<&[Word]>, body: &List) -> Exec {
        let line = self.lineno;
        self.check_loop_name(var)?;
        let items = match words {
            Some(ws) => self.expand_words(ws)?,
            None => self.positional.clone(),
        };
        if items.is_empty() {
            return Ok(0);
        }
        let mut iters = 0u64;
        loop {
            self.loop_guard(&mut iters)?;
            self.lineno = line;
            self.run_debug_trap()?;
            let mut menu = String::new();
            for (i, it) in items.iter().enumerate() {
                menu.push_str(&format!("{}) {}\n", i + 1, it));
            }
            let ps3 = self.vars.get_str("PS3").unwrap_or("#? ").to_string();
            menu.push_str(&ps3);
            self.write_fd(2, menu.as_bytes());
            let line = match self.read_line_fd(0) {
                Some(l) => l,
                None => {
                    self.write_fd(2, b"\n");
                    return Ok(1);
                }
            };
            let _ = self.assign_scalar("REPLY", line.clone());
            let choice = line.trim().parse::<usize>().ok().filter(|n| *n >= 1 && *n <= items.len());
            let val = choice.map(|n| items[n - 1].clone()).unwrap_or_default();
            if let Err(m) = self.assign_scalar(var, val) {
                self.error(&m);
                return Ok(1);
            }
            if line.trim().is_empty() {
                continue;
            }
            self.loop_depth += 1;
            let r = self.run_list(body);
            self.emit_output();
            self.loop_depth -= 1;
            if let Some(true) = self.loop_flow(r)? { return Ok(0) }
        }
    }

    /// Read one line (without the newline) from descriptor `fd`, byte by byte; `None` at EOF
    /// with nothing read.
    pub(crate) fn read_line_fd(&mut self, fd: i32) -> Option<String> {
        let f = self.fds.get(fd)?.clone();
        let mut bytes = Vec::new();
        let mut b = [0u8; 1];
        loop {
            match f.read(&mut b) {
                Ok(1) => {
                    if b[0] == b'\n' {
                        return Some(crate::util::bytes::decode_owned(bytes));
                    }
                    bytes.push(b[0]);
                }
                _ => {
                    if bytes.is_empty() {
                        return None;
                    }
                    return Some(crate::util::bytes::decode_owned(bytes));
                }
            }
        }
    }

    /// Call `f` with `args` (its name first): they become the positional parameters.
    pub fn call_function(&mut self, f: &Arc<FunctionDef>, mut args: Vec<String>) -> Exec {
        if self.depth >= self.shared.limits.max_function_depth {
            self.error(&format!("{}: maximum function nesting level exceeded ({})", f.name, self.shared.limits.max_function_depth));
            return Err(Flow::Limit(crate::limits::LimitExceeded::FunctionDepth));
        }
        // A function's commands are not the job's one command (see `exec_in_place`).
        self.exec_in_place = false;
        if !args.is_empty() {
            args.remove(0);
        }
        let saved_pos = std::mem::replace(&mut self.positional, args);
        let saved_loop = std::mem::replace(&mut self.loop_depth, 0);
        self.vars.push_scope(std::mem::take(&mut self.temp_for_call));
        let call_line = self.lineno;
        self.frames.push(Frame { func: Some(f.clone()), file: None, call_line });
        self.depth += 1;
        let saved_traps = self.trap_state.off;
        self.trap_state.off |= self.uninherited_traps();
        let r = stacker::maybe_grow(256 * 1024, 4 << 20, || self.run_command(&f.body));
        self.depth -= 1;
        // An abandoned command line passes the RETURN trap by (bash jumps past it).
        let rt = if matches!(r, Err(Flow::Abort(_))) { Ok(()) } else { self.run_return_trap() };
        self.trap_state.off = saved_traps;
        self.frames.pop();
        // Back in the caller, `$LINENO` (and an ERR trap) is the line of the call.
        self.lineno = call_line;
        self.vars.pop_scope();
        self.loop_depth = saved_loop;
        self.positional = saved_pos;
        rt?;
        match r {
            Ok(s) => Ok(s),
            Err(Flow::Return(s)) => Ok(s),
            Err(Flow::Break(_)) | Err(Flow::Continue(_)) => Ok(self.status),
            Err(f) => Err(f),
        }
    }

    /// Parse and run `src` line by line (top-level script, `eval`, `source`, traps).
    pub fn run_string(&mut self, src: &str, _name: &str) -> Exec {
        self.run_source(src, 1)
    }

    /// Run `src` as `eval`, `source` or a trap do: a syntax error is reported and gives
    /// status 2; an error that abandons a command line abandons only that line of the script, eval or sourced file.
    pub fn run_source(&mut self, src: &str, start_line: u32) -> Exec {
        self.run_lines(src, start_line, Level::Nested)
    }

    /// Run `src` as a whole script (`bash -c`, `bash FILE`): a syntax error ends it with
    /// status 2; an expansion error abandons only the current command line.
    pub fn run_script(&mut self, src: &str, start_line: u32) -> Exec {
        self.run_lines(src, start_line, Level::Script)
    }

    /// Parse all of `src` without running it (the tool layer's parse phase): on a syntax
    /// error, report it as running the script would and return `false`. Extended globs are
    /// accepted (a script may turn `extglob` on before using them).
    pub(crate) fn syntax_check(&mut self, src: &str) -> bool {
        let opts = ParseOptions { max_depth: self.shared.limits.max_parse_depth, max_input: self.shared.limits.max_input_bytes, start_line: 1 };
        let mut parser = Parser::new(src, opts);
        parser.set_extglob(true);
        loop {
            match parser.next_command(None) {
                None => return true,
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    self.report_parse_error(&e, Level::Script);
                    return false;
                }
            }
        }
    }

    fn run_lines(&mut self, src: &str, start_line: u32, level: Level) -> Exec {
        let opts = ParseOptions {
            max_depth: self.shared.limits.max_parse_depth,
            max_input: self.shared.limits.max_input_bytes,
            start_line,
        };
        let mut parser = Parser::new(src, opts);
        let mut status = 0;
        let prompts = level == Level::Script && self.opts.interactive && self.opts.invocation != 'c';
        loop {
            if prompts {
                self.run_prompt_command()?;
            }
            let start = parser.offset();
            parser.set_extglob(self.shopt(EXTGLOB));
            parser.set_c_locale(self.byte_locale());
            if level == Level::Script && self.opts.invocation != 'c' {
                self.command_number += 1;
            }
            let next = if self.shopt(EXPAND_ALIASES) && !self.aliases.is_empty() {
                let aliases = self.aliases.clone();
                let lookup = move |w: &str| aliases.get(w).cloned();
                parser.next_command(Some(&lookup))
            } else {
                parser.next_command(None)
            };
            match next {
                None => return Ok(status),
                Some(Err(e)) => {
                    self.report_parse_error(&e, level);
                    return match level {
                        Level::Script => Err(Flow::Exit(2)),
                        Level::Nested => {
                            self.status = 2;
                            Ok(2)
                        }
                    };
                }
                Some(Ok(list)) => {
                    if level == Level::Script && self.set_opt(HISTORY) {
                        let text = src.get(start..parser.offset().min(src.len())).unwrap_or("");
                        self.record_history(text);
                    }
                    if self.set_opt(VERBOSE) {
                        // `set -v`: the input as it is read.
                        let end = parser.offset().min(src.len());
                        if let Some(text) = src.get(start..end) {
                            let mut text = text.to_string();
                            if !text.ends_with('\n') {
                                text.push('\n');
                            }
                            self.write_fd(2, text.as_bytes());
                        }
                    }
                    if self.set_opt(NOEXEC) {
                        continue;
                    }
                    if level == Level::Script {
                        self.discard = false;
                        self.arith_abort = false;
                    }
                    status = match self.run_list(&list) {
                        // A jump to bash's top level (`Shell::discard`) leaves eval and
                        // source too, is no `set -e` failure, and ends a `-c` string.
                        Err(Flow::Abort(s)) if self.discard => {
                            self.status = s;
                            if level == Level::Nested {
                                return Err(Flow::Abort(s));
                            }
                            self.discard = false;
                            if self.opts.invocation == 'c' && !self.opts.interactive {
                                return Err(Flow::Exit(s));
                            }
                            s
                        }
                        // `set -e` (and POSIX mode's fatal special-builtin errors) end the
                        // script instead of just the line.
                        // eval and source abandon just their own line, like bash.
                        Err(Flow::Abort(s)) => {
                            self.status = s;
                            let errexit = self.set_opt(ERREXIT) && !std::mem::take(&mut self.arith_abort);
                            if errexit || self.set_opt(POSIX) {
                                return Err(Flow::Exit(s));
                            }
                            s
                        }
                        r => r?,
                    };
                }
            }
        }
    }

    /// Print a syntax error the way bash does.
    pub fn report_parse_error(&mut self, e: &ParseError, level: Level) {
        self.lineno = e.line;
        // bash names the context: `bash: -c: line 1: ...`, `bash: eval: line 1: ...`.
        let context = match level {
            Level::Nested if self.in_eval => "eval: ",
            Level::Script if self.sources.is_empty() && self.opts.invocation == 'c' => "-c: ",
            _ => "",
        };
        self.error_in(context, &e.message);
        if !e.source_line.is_empty() && !e.incomplete {
            let l = format!("`{}'", e.source_line);
            self.error_in(context, &l);
        }
    }

    /// Run a simple command.
    fn run_simple(&mut self, sc: &SimpleCommand) -> Exec {
        let mark = self.procsubs.len();
        match self.simple_argv(sc, mark)? {
            Ok(argv) => self.run_simple_argv(sc, mark, argv),
            Err(status) => Ok(status),
        }
    }

    /// The first half of a simple command: count it, run the DEBUG trap, expand its words.
    /// `Err(status)` when that ended it (a refused construct, words that expanded to nothing:
    /// the assignments alone); else the expanded words, for [`Shell::run_simple_argv`].
    pub(crate) fn simple_argv(&mut self, sc: &SimpleCommand, mark: usize) -> Exec<Result<Vec<String>, i32>> {
        self.lineno = sc.line;
        self.shared.count_command().map_err(Flow::Limit)?;
        // `$BASH_COMMAND` is the simple command started last; only an ERR or EXIT trap can
        // show it after the fact, so it is kept only when one is set (DEBUG sets it itself).
        // A trap's own commands leave it alone.
        if !self.traps.actions.is_empty()
            && self.trap_state.running == 0
            && (self.traps.actions.contains_key("ERR") || self.traps.actions.contains_key("EXIT"))
        {
            self.bash_command = crate::parser::print::simple_text(sc);
        }
        self.run_debug_trap_for(sc)?;
        let argv = if sc.words.is_empty() { Vec::new() } else { self.expand_command_words(&sc.words)? };
        if self.refused {
            // A construct a logic-only shell refuses (process substitution): not run.
            self.refused = false;
            self.finish_procsubs(mark)?;
            self.status = 1;
            return Ok(Err(1));
        }
        if argv.is_empty() {
            // Words that expanded to nothing (`$(false)`): the status is the last command
            // substitution's, unless the assignments give another.
            let words_status = if sc.words.is_empty() { None } else { self.cmdsub_status.take() };
            let r = self.run_assignments_only(sc, words_status);
            self.finish_procsubs(mark)?;
            return r.map(Err);
        }
        Ok(Ok(argv))
    }

    /// The second half of a simple command: trace it, perform its redirections and
    /// assignments and run the expanded words `argv` (not empty).
    pub(crate) fn run_simple_argv(&mut self, sc: &SimpleCommand, mark: usize, argv: Vec<String>) -> Exec {
        if self.set_opt(XTRACE) && sc.assigns.is_empty() {
            self.xtrace(&argv);
        }
        let saved = match self.apply_redirects(&sc.redirects) {
            Ok(s) if self.refused => {
                self.refused = false;
                return RedirError::Failed(s).into_status(self);
            }
            Ok(s) => s,
            Err(e) => {
                self.refused = false;
                return e.into_status(self);
            }
        };
        let r = self.run_with_temp_assigns(&sc.assigns, argv);
        if self.keep_redirects {
            self.keep_redirects = false;
        } else {
            self.restore_redirects(saved);
            self.finish_procsubs(mark)?;
        }
        self.decl_arrays.clear();
        let st = r?;
        self.status = st;
        self.take_sigpipe()?;
        self.handle_pending_signals()?;
        Ok(st)
    }

    /// A command of assignments only. Here-documents and here-strings are in place while the
    /// values are expanded (`x=`cmd` <<EOF` feeds cmd); the assignments are then made, and
    /// the other redirections performed (creating files) and undone afterwards: their
    /// failure gives status 1 but keeps the assignments, and a command substitution in a
    /// value writes to the shell's own descriptors (the bash behaviour the Oils suite records).
    /// `words_status`: the status of the last command substitution in words that expanded to
    /// nothing (`$(false)`), which counts unless a value has one of its own.
    fn run_assignments_only(&mut self, sc: &SimpleCommand, words_status: Option<i32>) -> Exec {
        self.last_arg.clear();
        let (docs, others): (Vec<Redirect>, Vec<Redirect>) =
            sc.redirects.iter().cloned().partition(|r| matches!(r.op, RedirOp::HereDoc | RedirOp::HereString));
        let saved_docs = if docs.is_empty() {
            None
        } else {
            match self.apply_redirects(&docs) {
                Ok(saved) => Some(saved),
                Err(e) => return e.into_status(self),
            }
        };
        let mut status = 0;
        let cs_before = self.cmdsub_status.take();
        let mut r = Ok(());
        for a in &sc.assigns {
            r = self.do_assign(a, false);
            if r.is_err() {
                break;
            }
        }
        if let Some(saved) = saved_docs {
            self.restore_redirects(saved);
        }
        r?;
        if let Some(s) = self.cmdsub_status.take().or(words_status) {
            if status == 0 {
                status = s;
            }
        }
        self.cmdsub_status = cs_before;
        if !others.is_empty() {
            match self.apply_redirects(&others) {
                Ok(saved) => self.restore_redirects(saved),
                Err(e) => return e.into_status(self),
            }
        }
        Ok(status)
    }

    /// `set -x`: one trace line, after the `PS4` prefix.
    pub(crate) fn xtrace_line(&mut self, text: &str) {
        let mut line = self.xtrace_prefix();
        line.push_str(text);
        line.push('\n');
        self.write_fd(2, line.as_bytes());
    }

    /// The expanded `PS4`, its first character repeated once per level of indirection.
    fn xtrace_prefix(&mut self) -> String {
        let raw = self.vars.get_str("PS4").unwrap_or("").to_string();
        let ps4 = if raw.contains(['$', '`', '\\']) {
            // No tracing of what PS4 itself runs.
            let saved = std::mem::replace(&mut self.opts.set[XTRACE], false);
            let r = self.expand_prompt(&raw).unwrap_or(raw);
            self.opts.set[XTRACE] = saved;
            r
        } else {
            raw
        };
        let mut out = String::with_capacity(ps4.len() + 4);
        if let Some(first) = ps4.chars().next() {
            for _ in 0..self.xtrace_depth {
                out.push(first);
            }
        }
        out.push_str(&ps4);
        out
    }

    fn xtrace(&mut self, argv: &[String]) {
        let bytes = self.byte_locale();
        let mut line = String::new();
        for (i, a) in argv.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(&xtrace_quote(a, bytes));
        }
        self.xtrace_line(&line);
    }

    fn run_with_temp_assigns(&mut self, assigns: &[Assign], argv: Vec<String>) -> Exec {
        if assigns.is_empty() {
            return self.dispatch(argv);
        }
        // Before a function, `eval` or `source`, the assignments live in a scope of their own
        // (which a function adopts as its own).
        let posix_special = self.set_opt(POSIX) && super::builtins::is_special(&argv[0]);
        let is_func = !posix_special && self.funcs.contains_key(&argv[0]);
        if is_func || (!posix_special && matches!(argv[0].as_str(), "eval" | "source" | ".")) {
            return self.run_with_temp_scope(assigns, argv, is_func);
        }
        // Temporary assignments: visible to the command, exported, then restored.
        let mut saved = Vec::with_capacity(assigns.len());
        for a in assigns {
            if self.refuse_temp_elem(a) {
                continue;
            }
            let old = self.vars.get_raw(&a.name).cloned();
            saved.push((a.name.clone(), old));
            if let Some(v) = self.vars.get_raw_mut(&a.name) {
                // The value is stored as given: `-i`, `-l`, `-u` do not apply (bash).
                v.attrs &= !TEMP_DROPPED;
            }
            self.do_assign(a, true)?;
            if let Some(v) = self.vars.get_raw_mut(&a.name) {
                v.attrs |= super::vars::attr::EXPORT;
            }
        }
        // bash traces the command after its temporary assignments.
        if self.set_opt(XTRACE) {
            self.xtrace(&argv);
        }
        // POSIX mode keeps a special builtin's temporary assignments, those still set.
        let keep = self.set_opt(POSIX) && super::builtins::is_special(&argv[0]);
        let r = self.dispatch(argv);
        for (name, old) in saved.into_iter().rev() {
            if keep && self.vars.get_raw(&name).is_some() {
                continue;
            }
            match old {
                Some(v) => *self.vars.entry(&name) = v,
                None => self.vars.unset(&name),
            }
        }
        r
    }

    /// bash refuses `name[i]=v` before a command (the command still runs).
    fn refuse_temp_elem(&mut self, a: &Assign) -> bool {
        let Some(idx) = &a.index else { return false };
        let idx = crate::parser::print::word_text(idx);
        self.error(&format!("`{}[{idx}]': not a valid identifier", a.name));
        true
    }

    /// Run `argv` with `assigns` in a temporary scope (see [`Shell::run_with_temp_assigns`]).
    fn run_with_temp_scope(&mut self, assigns: &[Assign], argv: Vec<String>, is_func: bool) -> Exec {
        self.vars.push_temp_scope();
        let depth = self.vars.scope_count();
        for a in assigns {
            if self.refuse_temp_elem(a) {
                continue;
            }
            self.vars.temp_entry(&a.name).attrs &= !TEMP_DROPPED;
            if let Err(e) = self.do_assign(a, true) {
                self.vars.pop_scope();
                return Err(e);
            }
            if let Some(v) = self.vars.get_raw_mut(&a.name) {
                v.attrs |= super::vars::attr::EXPORT;
            }
        }
        if self.set_opt(XTRACE) {
            self.xtrace(&argv);
        }
        self.temp_for_call = is_func;
        let r = self.dispatch(argv);
        self.temp_for_call = false;
        // A function adopted the scope and has removed it already.
        if self.vars.scope_count() == depth {
            self.vars.pop_scope();
        }
        r
    }

    /// `$_`: the last argument; for `declare a=(..)`, the array's name.
    fn set_last_arg(&mut self, argv: &[String]) {
        let last = argv.last().map(String::as_str).unwrap_or_default();
        // Only `declare`'s array operands hold a NUL: most arguments skip the substring search.
        let shown = match last.contains('\u{0}').then(|| last.find("=\u{0}ARR")).flatten() {
            Some(eq) => &last[..eq],
            None => last,
        };
        self.last_arg.clear();
        self.last_arg.push_str(shown);
    }

    /// Run an expanded command line: a function, a builtin, or a command.
    pub fn dispatch(&mut self, argv: Vec<String>) -> Exec {
        if self.set_opt(POSIX) && super::builtins::is_special(&argv[0]) {
            self.set_last_arg(&argv);
            return self.dispatch_no_func(argv);
        }
        if let Some(f) = self.funcs.get(&argv[0]).cloned() {
            // `$_` is the previous command's last argument in the body at first, and the
            // call's after it (bash).
            let last = argv.last().cloned().unwrap_or_default();
            let r = self.call_function(&f, argv);
            self.set_last_arg(std::slice::from_ref(&last));
            return r;
        }
        self.set_last_arg(&argv);
        self.dispatch_no_func(argv)
    }

    /// Like [`Shell::dispatch`] but skipping functions (`command`, `builtin`).
    pub fn dispatch_no_func(&mut self, argv: Vec<String>) -> Exec {
        if !self.shared.command_sets.is_empty() {
            let found = self.shared.command_sets.iter().find_map(|set| Some((set.clone(), set.find(&argv[0])?)));
            if let Some((set, id)) = found {
                let r = self.run_with_ctx(&argv, |ctx| set.run(id, ctx, &argv[1..]));
                return Ok(r);
            }
        }
        if self.shared.logic {
            return self.dispatch_logic(argv);
        }
        if let Some(b) = super::builtins::lookup(&argv[0]) {
            let r = b(self, &argv);
            return self.discarding(r);
        }
        let r = if let Some(b) = self.shared.custom.get(&argv[0]).cloned() {
            Ok(self.run_utility(&*b, &argv))
        } else {
            self.run_external(argv, None)
        };
        if !self.jobs.is_empty() {
            self.note_ended_jobs();
        }
        r
    }

    /// A builtin's result: when an assignment or subscript inside it failed as arithmetic
    /// (`read`, `printf -v`, `mapfile` into an integer variable), bash has abandoned the
    /// command line ([`Shell::discard`]).
    pub(crate) fn discarding(&mut self, r: Exec) -> Exec {
        match r {
            Ok(s) if self.discard => Err(Flow::Abort(s.max(1))),
            r => r,
        }
    }

    /// Run a [`crate::builtins::Builtin`] with this shell's descriptors.
    pub fn run_utility(&mut self, b: &dyn crate::builtins::Builtin, argv: &[String]) -> i32 {
        self.run_with_ctx(argv, |ctx| b.run(ctx, &argv[1..]))
    }

    /// Run `f` with a command context over this shell's descriptors. In a logic-only shell
    /// the command sees no files: its first refused access ends it with `NAME: PATH:
    /// filesystem access disabled`, status 2, replacing what it wrote on stderr (ST-12).
    fn run_with_ctx(&mut self, argv: &[String], f: impl FnOnce(&mut crate::builtins::Ctx<'_>) -> i32) -> i32 {
        let fd0 = self.fds.get(0).cloned();
        let fd1 = self.fds.get(1).cloned();
        let fd2 = self.fds.get(2).cloned();
        let stdin_attached = match (&fd0, &self.shared.no_input) {
            (None, _) => false,
            (Some(fd), Some(none)) => !Arc::ptr_eq(fd, none),
            (Some(_), None) => true,
        };
        let stdin_pipe = fd0.as_deref().is_some_and(|f| matches!(f, super::io::FdObj::PipeR(_) | super::io::FdObj::Bytes(_)));
        let mut stdin = FdReader(fd0.as_ref());
        let mut stdout = FdWriter { fd: fd1.as_ref(), shared: &self.shared };
        let mut stderr = FdWriter { fd: fd2.as_ref(), shared: &self.shared };
        let env = super::builtins::ShellEnv(&self.vars, (!self.rng_reseed).then_some(self.rng));
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
                super::lookup::Program::Utility(b) => Ok(self.run_utility(b, &argv)),
                super::lookup::Program::Shell(b) => b(self, &argv),
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
    fn run_interpreter(&mut self, name: &str, path: &str, interp: &str, arg: Option<&str>, argv: &[String]) -> Exec {
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
            super::lookup::Program::Utility(b) => Ok(self.run_utility(b, &args)),
            super::lookup::Program::Shell(b) => b(self, &args),
        }
    }

    /// Run script text as a child shell (a new process in bash): fresh functions-less copy
    /// with exported variables only.
    pub(crate) fn run_script_text(&mut self, text: &str, argv: &[String]) -> Exec {
        let mut child = self.exec_shell();
        child.arg0 = argv[0].clone();
        child.positional = argv[1..].to_vec();
        child.sources.push(argv[0].clone());
        child.run_in_subshell(|c| c.run_script(text, 1))
    }

    /// [`Shell::child_shell`] for a program this shell runs itself: when the shell is a
    /// background job of one simple command, the new shell takes its process id (bash execs
    /// the program in the job's process instead of forking again).
    pub(crate) fn exec_shell(&mut self) -> Shell {
        let mut child = self.child_shell();
        if std::mem::take(&mut self.exec_in_place) {
            child.traps.for_exec(&self.traps);
            child.parent_pids.pop();
            child.pid = self.bashpid;
            child.bashpid = self.bashpid;
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
        child.pid = self.new_pid();
        child.bashpid = child.pid;
        child.pgid = self.pgid;
        child.group_seen = self.group_seen;
        child.umask = self.umask;
        child.ulimits = self.ulimits;
        child.parent_pids = self.parent_pids.clone();
        child.parent_pids.push(self.bashpid);
        child.depth = self.depth + 1;
        for (k, v) in self.vars.visible() {
            if v.has(super::vars::attr::EXPORT) {
                let computed = match k.as_str() {
                    "SHELLOPTS" => Some(self.opts.shellopts()),
                    "BASHOPTS" => Some(self.opts.bashopts()),
                    _ => None,
                };
                if let Some(s) = computed.as_deref().or(v.scalar()) {
                    let e = child.vars.entry(k);
                    e.value = Some(super::vars::Value::Str(s.to_string()));
                    e.attrs = super::vars::attr::EXPORT;
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

/// Where source text runs: as the script itself, or inside `eval`/`source`/a trap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// The script (`bash -c`, `bash FILE`, the library's `exec`).
    Script,
    /// `eval`, `source`, trap actions.
    Nested,
}

/// Quote a word for `set -x` output as bash does.
/// The host's tokio runtime, to enter on a thread that runs part of the script, when the
/// embedder's commands may await on it (ScriptedTool's async callbacks).
pub(super) fn host_runtime(shared: &super::shared::Shared) -> Option<tokio::runtime::Handle> {
    if shared.command_sets.is_empty() {
        return None;
    }
    tokio::runtime::Handle::try_current().ok()
}

pub(crate) fn xtrace_quote(s: &str, bytes: bool) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "_-./=:,+@%^".contains(c)) {
        return s.to_string();
    }
    crate::util::quote::quote_at_q(s, bytes)
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
    sub.subshell_ready = lone.is_some_and(is_paren);
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
    let signal = sub.killed_by;
    drop(sub);
    super::job::JobEnd { status, signal }
}

/// Runs commands for a command (`xargs`, `find -exec`, awk's `system()`): each in a child
/// shell, as a new process started from this one.
/// A command's view of the script's descriptors above 2.
struct ShellFds<'a>(&'a super::io::Fds);

impl crate::builtins::Descriptors for ShellFds<'_> {
    fn reader(&self, fd: i32) -> Option<Box<dyn std::io::Read + Send>> {
        let fd = self.0.get(fd)?.clone();
        Some(Box::new(super::io::SharedFdReader(fd)))
    }
}

struct ShellSpawn<'a>(&'a Shell);

impl crate::builtins::Spawn for ShellSpawn<'_> {
    fn command_in(
        &self,
        cwd: Option<&str>,
        argv: &[String],
        stdin: crate::builtins::SpawnIn<'_>,
        stdout: crate::builtins::SpawnOut<'_>,
    ) -> Result<i32, crate::builtins::SpawnError> {
        self.spawn(cwd, argv, stdin, stdout, None).map(|t| t.status)
    }

    fn start(&self, argv: &[String], null_stdin: bool) -> Option<Result<Box<dyn crate::builtins::Started>, crate::builtins::SpawnError>> {
        let shared = self.0.shared.clone();
        if shared.threads.load(Ordering::Relaxed) + 1 > shared.limits.max_concurrent_stages {
            return None;
        }
        let mut child = self.0.child_shell();
        if let Err(e) = self.resolve(&mut child, argv) {
            return Some(Err(e));
        }
        if null_stdin {
            child.fds.set(0, Some(Arc::new(FdObj::Null)));
        }
        shared.threads.fetch_add(1, Ordering::Relaxed);
        let argv = argv.to_vec();
        let sh2 = shared.clone();
        let rt = host_runtime(&shared);
        let spawned = crate::pool::run(move || {
            let _rt = rt.as_ref().map(|h| h.enter());
            let r = child.run_in_subshell(|c| {
                let r = c.run_external(argv, None);
                c.handle_pending_signals()?;
                r
            });
            drop(child);
            sh2.threads.fetch_sub(1, Ordering::Relaxed);
            match r {
                Ok(s) => s,
                Err(Flow::Limit(l)) => l.exit_status(),
                Err(_) => 1,
            }
        });
        match spawned {
            Some(h) => Some(Ok(Box::new(StartedJob(h)))),
            None => {
                shared.threads.fetch_sub(1, Ordering::Relaxed);
                None
            }
        }
    }

    fn command_timeout(
        &self,
        argv: &[String],
        limit: std::time::Duration,
        signal: i32,
        kill_after: Option<std::time::Duration>,
    ) -> Result<crate::builtins::Timed, crate::builtins::SpawnError> {
        use crate::builtins::{SpawnIn, SpawnOut};
        self.spawn(None, argv, SpawnIn::Inherit, SpawnOut::Inherit, Some((limit, signal, kill_after)))
    }
}

/// A `timeout`: the limit, the signal, and when to follow with SIGKILL.
type TimeLimit = (std::time::Duration, i32, Option<std::time::Duration>);

/// A command started by [`ShellSpawn`]'s `start`.
struct StartedJob(crate::pool::Joinable<i32>);

impl crate::builtins::Started for StartedJob {
    fn wait(self: Box<Self>) -> i32 {
        self.0.join().unwrap_or(1)
    }
}

impl ShellSpawn<'_> {
    /// Find `argv[0]` as `execvp` would, in `child`'s working directory.
    fn resolve(&self, child: &mut Shell, argv: &[String]) -> Result<(), crate::builtins::SpawnError> {
        use crate::builtins::SpawnError;
        let Some(name) = argv.first() else { return Err(SpawnError::NotFound) };
        let path = if name.contains('/') { Some(name.clone()) } else { child.find_command(name) };
        let Some(path) = path else { return Err(SpawnError::NotFound) };
        if child.program_at(&path).is_none() {
            match self.0.fs.stat(&crate::fs::join_path(&child.cwd, &path)) {
                Err(_) => return Err(SpawnError::NotFound),
                Ok(m) if m.file_type == crate::fs::FileType::Dir || m.mode & 0o111 == 0 => return Err(SpawnError::PermissionDenied),
                Ok(_) => {}
            }
        }
        Ok(())
    }

    fn spawn(
        &self,
        cwd: Option<&str>,
        argv: &[String],
        stdin: crate::builtins::SpawnIn<'_>,
        stdout: crate::builtins::SpawnOut<'_>,
        limit: Option<TimeLimit>,
    ) -> Result<crate::builtins::Timed, crate::builtins::SpawnError> {
        use crate::builtins::{SpawnIn, SpawnOut, Timed};
        if argv.is_empty() {
            return Ok(Timed { status: 0, timed_out: false });
        }
        if self.0.shared.cancelled() {
            return Ok(Timed { status: 130, timed_out: false });
        }
        let mut child = self.0.child_shell();
        if let Some(dir) = cwd {
            child.cwd = crate::fs::join_path(&self.0.cwd, dir);
            let _ = child.assign("PWD", child.cwd.clone(), false);
        }
        // Find the program first, as execvp does, so the caller can report a failure itself.
        self.resolve(&mut child, argv)?;
        match stdin {
            SpawnIn::Inherit => {}
            SpawnIn::Null => {
                child.fds.set(0, Some(Arc::new(FdObj::Null)));
            }
            SpawnIn::Bytes(b) => {
                child.fds.set(0, Some(Arc::new(FdObj::bytes(b.to_vec()))));
            }
        }
        let (capture, buf) = match stdout {
            SpawnOut::Inherit => (None, None),
            SpawnOut::Capture(buf) => {
                let fd = Arc::new(FdObj::Capture(std::sync::Mutex::new(Vec::new())));
                child.fds.set(1, Some(fd.clone()));
                (Some(fd), Some(buf))
            }
        };
        let watch = limit.map(|(limit, signal, kill_after)| {
            child.pgid = child.pid;
            Watchdog::start(self.0.shared.clone(), child.pgid, limit, signal, kill_after)
        });
        let r = child.run_in_subshell(|c| {
            let r = c.run_external(argv.to_vec(), None);
            c.handle_pending_signals()?;
            r
        });
        let pgid = child.pgid;
        drop(child);
        let timed_out = match watch {
            Some(w) => {
                let t = w.stop();
                self.0.shared.clear_group(pgid);
                t
            }
            None => false,
        };
        if let (Some(fd), Some(buf)) = (capture, buf) {
            buf.extend(fd.is_capture().unwrap_or_default());
        }
        let status = match r {
            Ok(s) => s,
            Err(Flow::Limit(l)) => l.exit_status(),
            Err(_) => 1,
        };
        Ok(Timed { status, timed_out })
    }
}

/// The thread that signals a `timeout`'s process group when its time is up.
struct Watchdog {
    done: Arc<(std::sync::Mutex<bool>, std::sync::Condvar)>,
    fired: Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watchdog {
    fn start(
        shared: Arc<super::shared::Shared>,
        pgid: u64,
        limit: std::time::Duration,
        signal: i32,
        kill_after: Option<std::time::Duration>,
    ) -> Watchdog {
        let done = Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
        let fired = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (d, f) = (done.clone(), fired.clone());
        let thread = std::thread::Builder::new()
            .name("kitsh-timeout".into())
            .spawn(move || {
                // Wait until `dur` passes (true) or the command ends (false).
                let wait = |dur: std::time::Duration| -> bool {
                    let end = std::time::Instant::now() + dur;
                    let mut g = d.0.lock().unwrap_or_else(|e| e.into_inner());
                    loop {
                        if *g {
                            return false;
                        }
                        let now = std::time::Instant::now();
                        if now >= end {
                            return true;
                        }
                        g = d.1.wait_timeout(g, end - now).map(|r| r.0).unwrap_or_else(|e| e.into_inner().0);
                    }
                };
                if !wait(limit) {
                    return;
                }
                f.store(true, Ordering::SeqCst);
                shared.send_group_signal(pgid, signal);
                if let Some(k) = kill_after {
                    if wait(k) {
                        shared.send_group_signal(pgid, 9);
                    }
                }
            })
            .ok();
        Watchdog { done, fired, thread }
    }

    /// The command has ended: stop the thread; whether the time limit had passed.
    fn stop(mut self) -> bool {
        *self.done.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.done.1.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.fired.load(Ordering::SeqCst)
    }
}

/// What interrupts a command (`sleep`, a blocked read): the script's limits, or a signal
/// queued for this shell that would end it (neither trapped nor ignored).
struct ShellCancel<'a>(&'a Shell);

impl crate::builtins::Cancel for ShellCancel<'_> {
    fn cancelled(&self) -> bool {
        let sh = self.0;
        if sh.shared.cancelled() {
            return true;
        }
        let fatal = |sig: i32| sh.signal_ends_shell(sig);
        if sh.pgid != 0 && sh.shared.group_signals_after(sh.pgid, sh.group_seen).iter().any(|(sig, _)| fatal(*sig)) {
            return true;
        }
        sh.shared.signal_queued_for(sh.bashpid).is_some_and(fatal)
    }
    fn deadline(&self) -> Option<std::time::Instant> {
        self.0.shared.deadline()
    }
    fn watcher(&self) -> Option<Arc<dyn Fn() -> bool + Send + Sync>> {
        let shared = Arc::clone(&self.0.shared);
        Some(Arc::new(move || shared.cancelled()))
    }
    fn buffer_limit(&self) -> Option<u64> {
        Some(self.0.shared.limits.buffer_limit())
    }
    fn hit(&self, limit: crate::limits::LimitExceeded) {
        self.0.shared.trip(limit);
    }
    fn cause(&self) -> Option<crate::limits::LimitExceeded> {
        self.0.shared.tripped()
    }
    fn heap_limit(&self) -> Option<u64> {
        Some(self.0.shared.limits.max_heap_bytes)
    }
    fn string_limit(&self) -> Option<usize> {
        Some(self.0.shared.limits.max_string_bytes)
    }
    fn field_limit(&self) -> Option<usize> {
        Some(self.0.shared.limits.max_fields)
    }
    fn loop_limit(&self) -> Option<u64> {
        Some(self.0.shared.limits.max_loop_iterations)
    }
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
