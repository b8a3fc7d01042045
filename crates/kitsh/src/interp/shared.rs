//! State shared by every subshell and pipeline stage of one `exec`: limits, counters, the stop
//! flag and the registry of host-provided builtins.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::builtins::Builtin;
use crate::limits::{ExecutionLimits, LimitExceeded};

/// Counters and limits of one interpreter, shared by its subshells and pipeline threads.
pub struct Shared {
    /// The limits in force.
    pub limits: ExecutionLimits,
    /// Simple commands run.
    pub commands: AtomicU64,
    /// Loop iterations run.
    pub loop_iterations: AtomicU64,
    /// Output bytes delivered to the caller.
    pub output_bytes: AtomicU64,
    /// Pipeline stage threads alive.
    pub threads: AtomicUsize,
    /// Set when a limit stops the script.
    stop: AtomicBool,
    /// Which limit (index into [`LIMITS`]), valid when `stop` is set.
    which: AtomicU8,
    /// The wall-clock deadline of the current `exec`.
    pub deadline: std::sync::Mutex<Option<Instant>>,
    /// Next fake process id for `$!` and `$BASHPID`.
    pub next_pid: AtomicU64,
    /// The commands found by name after functions, builtins and the embedder's commands
    /// (kitsh-commands' registry unless the program set another).
    pub registry: &'static dyn crate::builtins::CommandRegistry,
    /// Builtins added by the embedder, overriding shipped ones.
    pub custom: HashMap<String, Arc<dyn Builtin>>,
    /// Network access for `curl`/`wget` (none by default).
    pub network: Option<Arc<dyn crate::builtins::net::Network>>,
    /// Command groups of the embedder (ScriptedTool's tools), found before shell builtins.
    pub command_sets: Vec<Arc<dyn crate::builtins::command_set::CommandSet>>,
    /// Paths that name this shell itself ([`crate::BashBuilder::shell_path`]).
    pub shell_paths: Vec<String>,
    /// Logic-only mode (ScriptedTool, ST-8..ST-12): a short list of commands, no files, no
    /// redirections except `/dev/null`, no process substitution.
    pub logic: bool,
    /// The session's own standard input when the embedder gave none: a command reading from
    /// it has no input attached ([`crate::builtins::Ctx::stdin_attached`]).
    pub no_input: Option<super::io::Fd>,
    /// Bit 0: the caller's stdout was cut by the output limit; bit 1: its stderr.
    pub truncated: AtomicU8,
    /// The in-memory filesystem's quota, when the interpreter built the filesystem: a write it
    /// refused trips [`LimitExceeded::FsBytes`] or [`LimitExceeded::FsFiles`].
    pub fs_quota: Option<Arc<crate::fs::Quota>>,
    /// Set while `signals` is not empty (a cheap check after every command).
    signals_pending: AtomicBool,
    /// Signals sent by `kill` to a shell of this tree, as (`$BASHPID`, signal number).
    signals: std::sync::Mutex<Vec<(u64, i32)>>,
    /// Set while `group_signals` is not empty.
    group_pending: AtomicBool,
    /// Signals sent to a process group (`timeout`), as (group, signal, serial): every shell
    /// of the group sees each one once, until the sender clears the group.
    group_signals: std::sync::Mutex<Vec<(u64, i32, u64)>>,
    /// The serial of the last group signal sent.
    group_serial: AtomicU64,
    /// The cancellation check a command's named-pipe waits use ([`Shared::fifo_watch`]).
    fifo_watch: std::sync::OnceLock<crate::fs::fifo::Watch>,
}

const LIMITS: [LimitExceeded; 13] = [
    LimitExceeded::Commands,
    LimitExceeded::LoopIterations,
    LimitExceeded::FunctionDepth,
    LimitExceeded::Output,
    LimitExceeded::Expansion,
    LimitExceeded::Fields,
    LimitExceeded::FsBytes,
    LimitExceeded::FsFiles,
    LimitExceeded::Stages,
    LimitExceeded::Buffered,
    LimitExceeded::Heap,
    LimitExceeded::Timeout,
    LimitExceeded::Cancelled,
];

impl Shared {
    /// The check that a named-pipe open or read waiting for its other side uses to notice
    /// that the script was stopped: made once per interpreter (each command used to allocate
    /// one), holding the counters weakly so that they do not hold themselves.
    pub(crate) fn fifo_watch(self: &Arc<Self>) -> crate::fs::fifo::Watch {
        let watch = self.fifo_watch.get_or_init(|| {
            let weak = Arc::downgrade(self);
            Arc::new(move || weak.upgrade().is_some_and(|s| s.cancelled()))
        });
        Arc::clone(watch)
    }

    /// New counters for `limits`.
    pub fn new(limits: ExecutionLimits, custom: HashMap<String, Arc<dyn Builtin>>) -> Shared {
        Shared {
            limits,
            commands: AtomicU64::new(0),
            loop_iterations: AtomicU64::new(0),
            output_bytes: AtomicU64::new(0),
            threads: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            which: AtomicU8::new(0),
            deadline: std::sync::Mutex::new(None),
            next_pid: AtomicU64::new(1000),
            registry: crate::registry::default_commands(),
            custom,
            network: None,
            shell_paths: Vec::new(),
            command_sets: Vec::new(),
            logic: false,
            no_input: None,
            signals_pending: AtomicBool::new(false),
            fifo_watch: std::sync::OnceLock::new(),
            signals: std::sync::Mutex::new(Vec::new()),
            group_pending: AtomicBool::new(false),
            group_signals: std::sync::Mutex::new(Vec::new()),
            group_serial: AtomicU64::new(0),
            truncated: AtomicU8::new(0),
            fs_quota: None,
        }
    }

    /// Send `sig` to every shell of process group `pgid` (each sees it once).
    pub fn send_group_signal(&self, pgid: u64, sig: i32) {
        let serial = self.group_serial.fetch_add(1, Ordering::SeqCst) + 1;
        self.group_signals.lock().unwrap_or_else(|e| e.into_inner()).push((pgid, sig, serial));
        self.group_pending.store(true, Ordering::SeqCst);
    }

    /// Forget the signals sent to group `pgid` (its leader has ended).
    pub fn clear_group(&self, pgid: u64) {
        let mut q = self.group_signals.lock().unwrap_or_else(|e| e.into_inner());
        q.retain(|(g, _, _)| *g != pgid);
        if q.is_empty() {
            self.group_pending.store(false, Ordering::SeqCst);
        }
    }

    /// The group signals for `pgid` newer than serial `seen`, as (signal, serial).
    pub fn group_signals_after(&self, pgid: u64, seen: u64) -> Vec<(i32, u64)> {
        if !self.group_pending.load(Ordering::Relaxed) {
            return Vec::new();
        }
        let q = self.group_signals.lock().unwrap_or_else(|e| e.into_inner());
        q.iter().filter(|(g, _, n)| *g == pgid && *n > seen).map(|(_, s, n)| (*s, *n)).collect()
    }

    /// Are any group signals outstanding?
    pub fn has_group_signals(&self) -> bool {
        self.group_pending.load(Ordering::Relaxed)
    }

    /// Queue signal `sig` for the shell whose `$BASHPID` is `pid`.
    pub fn send_signal(&self, pid: u64, sig: i32) {
        self.signals.lock().unwrap_or_else(|e| e.into_inner()).push((pid, sig));
        self.signals_pending.store(true, Ordering::SeqCst);
    }

    /// Are any signals queued?
    pub fn has_signals(&self) -> bool {
        self.signals_pending.load(Ordering::Relaxed)
    }

    /// The first signal queued for `pid`, if any (left in the queue).
    pub fn signal_queued_for(&self, pid: u64) -> Option<i32> {
        if !self.has_signals() {
            return None;
        }
        let q = self.signals.lock().unwrap_or_else(|e| e.into_inner());
        q.iter().find(|(p, _)| *p == pid).map(|(_, s)| *s)
    }

    /// Take the signals queued for `pid`, oldest first.
    pub fn take_signals(&self, pid: u64) -> Vec<i32> {
        let mut q = self.signals.lock().unwrap_or_else(|e| e.into_inner());
        let mine = q.iter().filter(|(p, _)| *p == pid).map(|(_, s)| *s).collect();
        q.retain(|(p, _)| *p != pid);
        if q.is_empty() {
            self.signals_pending.store(false, Ordering::SeqCst);
        }
        mine
    }

    /// Start a new `exec`: reset the counters and set the deadline.
    pub fn begin(&self) {
        self.commands.store(0, Ordering::Relaxed);
        self.loop_iterations.store(0, Ordering::Relaxed);
        self.output_bytes.store(0, Ordering::Relaxed);
        self.stop.store(false, Ordering::Relaxed);
        self.truncated.store(0, Ordering::Relaxed);
        if let Some(q) = &self.fs_quota {
            q.clear_hit();
        }
        let d = self.limits.timeout.map(|t| Instant::now() + t);
        *self.deadline.lock().unwrap_or_else(|e| e.into_inner()) = d;
    }

    /// Bring the deadline of the current `exec` forward to `now + t` (a per-call timeout).
    pub fn shorten_deadline(&self, t: std::time::Duration) {
        let mut d = self.deadline.lock().unwrap_or_else(|e| e.into_inner());
        let new = Instant::now() + t;
        if d.is_none_or(|old| new < old) {
            *d = Some(new);
        }
    }

    /// Record that `limit` was hit; every stage stops at its next check.
    pub fn trip(&self, limit: LimitExceeded) {
        if !self.stop.swap(true, Ordering::SeqCst) {
            let i = LIMITS.iter().position(|l| *l == limit).unwrap_or(0);
            self.which.store(i as u8, Ordering::SeqCst);
        }
    }

    /// The limit that was hit, if any.
    pub fn tripped(&self) -> Option<LimitExceeded> {
        if self.stop.load(Ordering::Relaxed) {
            Some(LIMITS[self.which.load(Ordering::SeqCst) as usize % LIMITS.len()])
        } else {
            None
        }
    }

    /// Trip the filesystem limit when the quota refused a write since the run began.
    pub fn check_fs_quota(&self) -> bool {
        let Some(q) = &self.fs_quota else { return false };
        match q.hit() {
            0 => false,
            h => {
                self.trip(if h & crate::fs::HIT_BYTES != 0 { LimitExceeded::FsBytes } else { LimitExceeded::FsFiles });
                true
            }
        }
    }

    /// True once a limit was hit (including the deadline passing).
    pub fn cancelled(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) || self.check_fs_quota() {
            return true;
        }
        if let Some(d) = self.deadline() {
            if Instant::now() >= d {
                self.trip(LimitExceeded::Timeout);
                return true;
            }
        }
        false
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        *self.deadline.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Count one command; `Err` when a limit is hit.
    pub fn count_command(&self) -> Result<(), LimitExceeded> {
        let n = self.commands.fetch_add(1, Ordering::Relaxed);
        if n >= self.limits.max_commands {
            self.trip(LimitExceeded::Commands);
        }
        self.check_fs_quota();
        // the clock is read every 64 commands: Instant::now() is not free
        if n & 63 == 0 {
            self.cancelled();
        }
        match self.tripped() {
            Some(l) => Err(l),
            None => Ok(()),
        }
    }

    /// Count one loop iteration (`this_loop` is the loop's own count so far).
    pub fn count_iteration(&self, this_loop: u64) -> Result<(), LimitExceeded> {
        let n = self.loop_iterations.fetch_add(1, Ordering::Relaxed);
        if this_loop > self.limits.max_loop_iterations || n >= self.limits.max_total_loop_iterations {
            self.trip(LimitExceeded::LoopIterations);
        }
        if n & 63 == 0 {
            self.cancelled();
        }
        match self.tripped() {
            Some(l) => Err(l),
            None => Ok(()),
        }
    }
}

impl crate::builtins::Cancel for Shared {
    fn cancelled(&self) -> bool {
        Shared::cancelled(self)
    }
    fn buffer_limit(&self) -> Option<u64> {
        Some(self.limits.buffer_limit())
    }
    fn hit(&self, limit: LimitExceeded) {
        self.trip(limit);
    }
    fn deadline(&self) -> Option<Instant> {
        Shared::deadline(self)
    }
}
