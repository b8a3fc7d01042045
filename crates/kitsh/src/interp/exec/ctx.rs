//! A command's view of the shell: the script's descriptors, starting other commands
//! (`xargs`, `find -exec`, awk's `system()`: each in a child shell, as a new process started
//! from this one), `timeout`'s watchdog and what interrupts a command.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use crate::interp::io::FdObj;
use crate::interp::{Flow, Shell};
use super::*;

/// A command's view of the script's descriptors above 2.
pub(super) struct ShellFds<'a>(pub(super) &'a crate::interp::io::Fds);

impl crate::builtins::Descriptors for ShellFds<'_> {
    fn reader(&self, fd: i32) -> Option<Box<dyn std::io::Read + Send>> {
        let fd = self.0.get(fd)?.clone();
        Some(Box::new(crate::interp::io::SharedFdReader(fd)))
    }

    fn file_path(&self, fd: i32) -> Option<String> {
        match &**self.0.get(fd)? {
            FdObj::File(f) => Some(f.lock().unwrap_or_else(std::sync::PoisonError::into_inner).path().to_string()),
            _ => None,
        }
    }
}

pub(super) struct ShellSpawn<'a>(pub(super) &'a Shell);

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
pub(super) struct StartedJob(pub(super) crate::pool::Joinable<i32>);

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
            child.proc.pgid = child.proc.pid;
            Watchdog::start(self.0.shared.clone(), child.proc.pgid, limit, signal, kill_after)
        });
        let r = child.run_in_subshell(|c| {
            let r = c.run_external(argv.to_vec(), None);
            c.handle_pending_signals()?;
            r
        });
        let pgid = child.proc.pgid;
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
pub(super) struct Watchdog {
    done: Arc<(std::sync::Mutex<bool>, std::sync::Condvar)>,
    fired: Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watchdog {
    fn start(
        shared: Arc<crate::interp::shared::Shared>,
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
pub(super) struct ShellCancel<'a>(pub(super) &'a Shell);

impl crate::builtins::Cancel for ShellCancel<'_> {
    fn cancelled(&self) -> bool {
        let sh = self.0;
        if sh.shared.cancelled() {
            return true;
        }
        let fatal = |sig: i32| sh.signal_ends_shell(sig);
        if sh.proc.pgid != 0 && sh.shared.group_signals_after(sh.proc.pgid, sh.proc.group_seen).iter().any(|(sig, _)| fatal(*sig)) {
            return true;
        }
        sh.shared.signal_queued_for(sh.proc.bashpid).is_some_and(fatal)
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

/// The tools of the shell's command sets, as functions for the command that runs (Python's
/// `kitsh_tools`). A call runs the tool as the script's own call would (flags or JSON
/// parameters checked against its schema, the policy hook, the trace, sanitised errors), its
/// output captured.
pub(super) struct ShellFunctions<'a>(pub(super) &'a Shell);

impl crate::builtins::command_set::Functions for ShellFunctions<'_> {
    fn list(&self) -> Vec<crate::builtins::command_set::Function> {
        self.0
            .shared
            .command_sets
            .iter()
            .flat_map(|s| s.functions())
            .collect()
    }

    fn call(
        &self,
        name: &str,
        args: crate::builtins::command_set::FunctionArgs<'_>,
        stdin: Option<&[u8]>,
    ) -> Option<crate::builtins::command_set::FunctionOutput> {
        use crate::builtins::command_set::{FunctionArgs, FunctionOutput};
        let sh = self.0;
        let (set, id) = sh
            .shared
            .command_sets
            .iter()
            .find_map(|s| s.find(name).map(|id| (s, id)))?;
        let mut input: &[u8] = stdin.unwrap_or(b"");
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let env = crate::interp::builtins::ShellEnv(&sh.vars, sh.random.current());
        let denied = crate::fs::DisabledFs::new();
        let logic = sh.shared.logic;
        let status = {
            let mut ctx = crate::builtins::Ctx {
                name,
                stdin: &mut input,
                stdout: &mut stdout,
                stderr: &mut stderr,
                fs: if logic { &denied } else { &*sh.fs },
                cwd: &sh.cwd,
                env: &env,
                cancel: &ShellCancel(sh),
                spawn: if logic { &denied } else { &ShellSpawn(sh) },
                net: sh
                    .shared
                    .network
                    .as_deref()
                    .unwrap_or(&crate::builtins::net::NoNetwork),
                fds: &crate::builtins::NoDescriptors,
                functions: self,
                stdin_attached: stdin.is_some(),
                stdin_pipe: stdin.is_some(),
            };
            match args {
                FunctionArgs::Json(params) => set.call(id, &mut ctx, params),
                FunctionArgs::Words(words) => set.run(id, &mut ctx, words),
            }
        };
        Some(FunctionOutput {
            status,
            stdout,
            stderr,
        })
    }
}
