//! Pipelines of more than one command: each stage but the last runs in a subshell on a pooled
//! thread (see `crate::pool`), joined to the next by a pipe; the last runs on the caller's
//! thread (in a subshell, or in this shell under `lastpipe`).
//!
//! A first stage that is the `echo` builtin with words that run nothing (no command or
//! process substitution, no redirection or assignment) is run at once on the caller's thread
//! instead, into a buffer the next stage reads: `echo … | cmd` is the most common pipeline,
//! and a thread hand-over costs more than the `echo`. Nothing tells the two apart: the words
//! are expanded in the stage's own subshell, and when the output would not fit a pipe's
//! 64 KiB buffer (where bash's `echo` could block, or die of `SIGPIPE` when the reader leaves
//! early) the already expanded command runs on a thread behind a real pipe as before.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::parser::ast::*;

use super::exec::{host_runtime, is_paren};
use super::io::{FdObj, Pipe, PIPE_CAPACITY};
use super::options::*;
use super::{Exec, Flow, Shell};

/// What a stage thread runs in its subshell.
type StageJob = Box<dyn FnOnce(&mut Shell) -> Exec + Send>;

/// A stage other than the last: running on a thread, or already done (an inline `echo`).
enum Stage {
    Thread(Option<crate::pool::Joinable<Exec>>),
    Done(Exec),
}

/// How an inline `echo` stage went.
enum EchoStage {
    /// It ran: its status and its output.
    Done(Exec, Vec<u8>),
    /// Its words are expanded (procsub mark, words) but its output may not fit a pipe.
    Large(usize, Vec<String>),
}

impl Shell {
    pub(super) fn run_multi_pipeline(&mut self, p: &Pipeline) -> Exec {
        // Nothing is streamed from inside a pipeline (its last stage runs here under
        // `lastpipe`): its output is emitted when it ends.
        if self.stream.is_some() {
            let saved = self.stream.take();
            let r = self.run_multi_pipeline_inner(p);
            self.stream = saved;
            return r;
        }
        self.run_multi_pipeline_inner(p)
    }

    fn run_multi_pipeline_inner(&mut self, p: &Pipeline) -> Exec {
        let n = p.commands.len();
        let shared = self.shared.clone();
        if shared.threads.load(Ordering::Relaxed) + n > shared.limits.max_concurrent_stages {
            // bash would retry `fork` and fail; here it is a limit, reported as such
            return self.limit_hit(crate::limits::LimitExceeded::Stages);
        }
        let lastpipe = self.shopt(LASTPIPE) && !self.set_opt(MONITOR);
        self.last.last_arg.clear();
        // The DEBUG trap runs in this shell before each simple-command stage starts (the
        // stages' subshells do not inherit it).
        for (i, cmd) in p.commands.iter().enumerate() {
            if let Command::Simple(sc) = cmd {
                if !(lastpipe && i + 1 == n) {
                    self.lineno = sc.line;
                    self.run_debug_trap_for(sc)?;
                }
            }
        }
        let mut statuses: Vec<Exec> = Vec::with_capacity(n);
        {
            let mut handles = Vec::with_capacity(n - 1);
            let mut prev_reader: Option<Arc<FdObj>> = None;
            for (i, cmd) in p.commands.iter().enumerate().take(n - 1) {
                let to_stderr = p.pipe_stderr.get(i).copied().unwrap_or(false);
                let mut sub = self.make_subshell();
                let mut job = None;
                if i == 0 && !to_stderr {
                    if let Some(sc) = self.inline_echo(cmd) {
                        match echo_stage(&mut sub, sc) {
                            EchoStage::Done(status, out) => {
                                handles.push(Stage::Done(status));
                                prev_reader = Some(Arc::new(FdObj::bytes(out)));
                                continue;
                            }
                            EchoStage::Large(mark, argv) => {
                                let sc = sc.clone();
                                job = Some(Box::new(move |s: &mut Shell| s.run_simple_argv(&sc, mark, argv)) as StageJob);
                            }
                        }
                    }
                }
                let (r, w) = Pipe::new(shared.clone());
                let w = Arc::new(FdObj::PipeW(w));
                if let Some(pr) = prev_reader.take() {
                    sub.fds.set(0, Some(pr));
                }
                if to_stderr {
                    sub.fds.set(2, Some(w.clone()));
                }
                sub.fds.set(1, Some(w));
                prev_reader = Some(Arc::new(FdObj::PipeR(r)));
                // A stage runs on a pooled thread (see `crate::pool`), with its own copy of
                // the command: the job must own what it uses.
                sub.next.subshell_ready = is_paren(cmd);
                let job = job.unwrap_or_else(|| {
                    let cmd = cmd.clone();
                    Box::new(move |s: &mut Shell| s.run_command(&cmd))
                });
                handles.push(Stage::Thread(spawn_stage(&shared, sub, job)));
            }
            let last = &p.commands[n - 1];
            let last_status = if lastpipe {
                let saved = self.fds.set(0, prev_reader.take());
                let r = self.run_command(last);
                self.fds.set(0, saved);
                r
            } else {
                let mut sub = self.make_subshell();
                if let Some(pr) = prev_reader.take() {
                    sub.fds.set(0, Some(pr));
                }
                sub.next.subshell_ready = is_paren(last);
                // bash runs the ERR trap in a failing last-stage `( list )` as well as for the
                // pipeline (the trap that would fire here fires there too).
                let err_in_stage = sub.next.subshell_ready && self.errexit_ignored == 0 && self.err_trap_armed();
                let r = sub.run_in_subshell(|s| {
                    let r = s.run_command(last);
                    if let (true, Ok(st) | Err(Flow::Exit(st))) = (err_in_stage, &r) {
                        if *st != 0 {
                            s.status = *st;
                            s.trap_state.off &= !super::trap::bit::ERR;
                            s.run_err_trap()?;
                        }
                    }
                    r
                });
                drop(sub);
                r
            };
            for h in handles {
                statuses.push(match h {
                    Stage::Done(r) => r,
                    Stage::Thread(Some(h)) => h.join().unwrap_or(Ok(1)),
                    Stage::Thread(None) => Ok(254),
                });
            }
            statuses.push(last_status);
        }
        let mut codes = Vec::with_capacity(n);
        for s in statuses {
            match s {
                Ok(c) => codes.push(c),
                Err(Flow::Limit(l)) => return Err(Flow::Limit(l)),
                Err(Flow::Exit(c)) | Err(Flow::Return(c)) | Err(Flow::Abort(c)) => codes.push(c),
                Err(_) => codes.push(self.status),
            }
        }
        let status = if self.set_opt(PIPEFAIL) {
            codes.iter().rev().find(|c| **c != 0).copied().unwrap_or(0)
        } else {
            codes.last().copied().unwrap_or(0)
        };
        self.last.pipestatus = codes;
        Ok(status)
    }

    /// The simple command `cmd` when it is an `echo` that may run inline as a first stage:
    /// the `echo` builtin (no function or tool of that name), no redirections or assignments,
    /// and words whose expansion runs no command ([`quiet_word`]).
    fn inline_echo<'c>(&self, cmd: &'c Command) -> Option<&'c SimpleCommand> {
        let Command::Simple(sc) = cmd else { return None };
        if !sc.assigns.is_empty() || !sc.redirects.is_empty() || sc.words.first()?.as_literal()? != "echo" {
            return None;
        }
        if self.defs.funcs.contains_key("echo") || self.shared.command_sets.iter().any(|set| set.find("echo").is_some()) {
            return None;
        }
        sc.words[1..].iter().all(quiet_word).then_some(sc)
    }
}

/// Run the `echo` stage `sc` in its subshell `sub` into a buffer, unless its output may not
/// fit a pipe (then its expanded words are handed back to run behind one).
fn echo_stage(sub: &mut Shell, sc: &SimpleCommand) -> EchoStage {
    let mark = sub.procsubs.len();
    let argv = match sub.simple_argv(sc, mark) {
        Ok(Ok(argv)) => argv,
        Ok(Err(status)) => return EchoStage::Done(sub.run_in_subshell(|_| Ok(status)), Vec::new()),
        Err(flow) => return EchoStage::Done(sub.run_in_subshell(|_| Err(flow)), Vec::new()),
    };
    // `echo` writes its operands, a separator after each but the last, and a newline (escapes
    // under `-e` only shorten them). A capture refuses more than the output limit, a pipe does
    // not: stay under both.
    let most = argv[1..].iter().map(|a| a.len() + 1).sum::<usize>();
    if most > PIPE_CAPACITY.min(sub.shared.limits.max_output_bytes as usize) {
        return EchoStage::Large(mark, argv);
    }
    let out = Arc::new(FdObj::Capture(std::sync::Mutex::new(Vec::with_capacity(most))));
    sub.fds.set(1, Some(out.clone()));
    let r = sub.run_in_subshell(|s| s.run_simple_argv(sc, mark, argv));
    sub.fds.set(1, None);
    EchoStage::Done(r, out.is_capture().unwrap_or_default())
}

/// Start `job` in the subshell `sub` on a pooled thread, counted in the script's stages.
fn spawn_stage(shared: &Arc<super::shared::Shared>, mut sub: Shell, job: StageJob) -> Option<crate::pool::Joinable<Exec>> {
    shared.threads.fetch_add(1, Ordering::Relaxed);
    let sh2 = shared.clone();
    let rt = host_runtime(shared);
    let h = crate::pool::run(move || {
        let _rt = rt.as_ref().map(|h| h.enter());
        let r = sub.run_in_subshell(job);
        drop(sub);
        sh2.threads.fetch_sub(1, Ordering::Relaxed);
        r
    });
    if h.is_none() {
        shared.threads.fetch_sub(1, Ordering::Relaxed);
    }
    h
}

/// Does expanding `w` run nothing (no command or process substitution, no prompt or
/// indirect expansion, no assignment) and stop nothing (no `${x?}`)?
fn quiet_word(w: &Word) -> bool {
    w.parts.iter().all(quiet_part)
}

fn quiet_part(p: &WordPart) -> bool {
    match p {
        WordPart::Literal(_) | WordPart::Escaped(_) | WordPart::SingleQuoted(_) | WordPart::Tilde(_) => true,
        WordPart::DoubleQuoted(parts) => parts.iter().all(quiet_part),
        WordPart::ArithSub(w) => quiet_word(w),
        WordPart::Param(pe) => {
            let param = match &pe.param {
                Param::Var(_) | Param::Positional(_) | Param::Special(_) => true,
                Param::Indexed(_, Index::At | Index::Star) => true,
                Param::Indexed(_, Index::Expr(w)) => quiet_word(w),
            };
            let op = match &pe.op {
                ParamOp::None | ParamOp::Length => true,
                ParamOp::Default { word, .. } | ParamOp::Alternative { word, .. } => quiet_word(word),
                ParamOp::RemovePrefix { pattern, .. } | ParamOp::RemoveSuffix { pattern, .. } => quiet_word(pattern),
                _ => false,
            };
            !pe.indirect && param && op
        }
        WordPart::CommandSub(_) | WordPart::BadCommandSub(_) | WordPart::ProcessSub(..) | WordPart::ArrayLiteral(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::interp::builtins::run_for_test as out;
    use crate::{Bash, ExecutionLimits};

    #[test]
    fn an_inline_echo_never_trips_a_small_output_limit() {
        // The stage's output goes to the next stage, not to the caller: only what `wc` prints
        // counts against the output limit, whether the `echo` ran inline or behind a pipe.
        let mut b = Bash::builder().limits(ExecutionLimits::new().max_output_bytes(100)).build().expect("builds");
        let r = b.exec_sync("printf -v x %0300d 0; echo \"$x\" | wc -c; echo ab | wc -c");
        assert_eq!((r.stdout.as_str(), r.exit_code), ("301\n3\n", 0));
    }

    #[test]
    fn what_runs_inline_and_what_does_not() {
        // A function named echo, `|&`, a command substitution and a redirection all keep the
        // stage on a thread; the results are the same either way.
        let s = "echo() { builtin echo \"f:$*\"; }; echo a | cat; unset -f echo
echo b |& cat; echo $(echo c) | cat; echo d 2>/dev/null | cat; v=e; echo ${v}${v#x} | cat";
        assert_eq!(out(s), "f:a\nb\nc\nd\nee\n0");
    }
}
