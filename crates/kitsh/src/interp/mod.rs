//! The interpreter: walks the AST, expands words, runs commands.
//! [`Shell`] is the state of one shell (variables, functions, options, descriptors, working
//! directory). A subshell is a clone of it; pipeline stages run as clones on their own threads.
//! Control flow (`break`, `return`, `exit`, limits) travels as a [`Flow`] value in `Err`.

pub mod arith;
pub mod glob;
pub use kitsh_core::pattern;
pub(crate) mod assign;
mod brace;
pub(crate) mod cond;
mod param;
mod arith_env;
pub mod builtins;
mod exec;
mod pipeline;
mod expand;
pub mod io;
mod host_input;
pub mod job;
pub mod options;
pub(crate) mod logic;
pub(crate) mod lookup;
pub(crate) mod state;
mod prompt;
mod redirect;
pub mod trap;
pub mod shared;
pub mod stream;
pub mod vars;

use std::collections::HashMap;
use std::sync::Arc;

use crate::fs::FileSystem;
use crate::limits::LimitExceeded;
use crate::parser::ast::FunctionDef;

use self::io::Fds;
pub use self::job::Job;
use self::options::Options;
use self::shared::Shared;
use self::vars::Vars;

/// Non-local control flow, carried in `Err` up the interpreter's call stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// `break N` (levels left).
    Break(usize),
    /// `continue N`.
    Continue(usize),
    /// `return N`.
    Return(i32),
    /// `exit N`, or a fatal error (the message is already printed).
    Exit(i32),
    /// A limit was hit: stop everything.
    Limit(LimitExceeded),
    /// An expansion or assignment error (`$((1/0))`, assigning a readonly variable, `failglob`):
    /// bash abandons the rest of the current top-level command line and goes on with the next,
    /// with `$?` set to the status. A subshell ends with it.
    Abort(i32),
}

/// The result of running something: its exit status, or non-local control flow.
pub type Exec<T = i32> = Result<T, Flow>;

/// A trap's action.
#[derive(Debug, Clone, Default)]
pub struct Traps {
    /// Signal or pseudo-signal name (`EXIT`, `ERR`, `DEBUG`, `RETURN`, `INT`, ...) to command text.
    pub actions: HashMap<String, String>,
    /// In a subshell that has not changed any trap yet: the traps of the shell it came from,
    /// which `trap -p` still lists there (as bash does), although they do not fire.
    pub inherited: Option<HashMap<String, String>>,
    /// Signals (bit N for signal N) that were ignored when this shell started: a
    /// non-interactive shell can neither trap nor reset them, and `trap -p` lists them with
    /// an empty action (POSIX; bash's `SIG_HARD_IGNORE`).
    pub hard_ignored: u64,
    /// A background job without job control: `SIGINT` and `SIGQUIT` are ignored unless
    /// trapped, and any shell it starts has them hard-ignored.
    pub async_ignored: bool,
}

impl Traps {
    /// The traps `trap -p` lists.
    pub fn shown(&self) -> &HashMap<String, String> {
        self.inherited.as_ref().unwrap_or(&self.actions)
    }

    /// Was signal `sig` ignored when this shell started?
    pub fn is_hard_ignored(&self, sig: i32) -> bool {
        (0..64).contains(&sig) && self.hard_ignored & (1 << sig) != 0
    }

    /// The traps a new shell started from one with these traps begins with: the signals
    /// ignored here stay ignored there (and cannot be trapped); caught signals go back to
    /// their default action. A background job's own `SIGINT`/`SIGQUIT` ignoring is undone
    /// for the programs it runs (bash's `restore_original_signals`), except for the one it
    /// execs in place (see [`Traps::for_exec`]).
    pub fn for_new_shell(&self) -> Traps {
        let mut t = Traps::default();
        for (k, a) in &self.actions {
            let job_own = self.async_ignored && matches!(k.as_str(), "INT" | "QUIT");
            if a.is_empty() && !job_own && !matches!(k.as_str(), "EXIT" | "DEBUG" | "ERR" | "RETURN") {
                t.hard_ignore(k);
            }
        }
        t
    }

    /// A new shell that replaces a background job of one simple command: `SIGINT` and
    /// `SIGQUIT` were ignored when it started.
    pub(crate) fn for_exec(&mut self, job: &Traps) {
        if job.async_ignored {
            for k in ["INT", "QUIT"] {
                if !job.actions.get(k).is_some_and(|a| !a.is_empty()) {
                    self.hard_ignore(k);
                }
            }
        }
    }

    /// Mark signal `name` ignored since start.
    fn hard_ignore(&mut self, name: &str) {
        if let Some(n) = crate::util::signals::number(name).filter(|n| (1..64).contains(n)) {
            self.hard_ignored |= 1 << n;
            self.actions.insert(name.to_string(), String::new());
        }
    }
}

/// One frame of the function call stack (`FUNCNAME`, `BASH_SOURCE`, `BASH_LINENO`).
#[derive(Debug, Clone)]
pub struct Frame {
    /// The function called, or `None` for a `source`/`.` frame (named `source`).
    pub func: Option<Arc<FunctionDef>>,
    /// The sourced file, for a `source` frame.
    pub file: Option<Arc<str>>,
    /// Line the call was made from.
    pub call_line: u32,
}

impl Shell {
    /// The `readonly -f` / `export -f` bits of function `name`.
    pub fn func_attr(&self, name: &str) -> u16 {
        self.defs.func_attrs.iter().find(|(n, _)| n == name).map_or(0, |(_, a)| *a)
    }
}

impl Frame {
    /// A `source`/`.` frame, not a function call.
    pub fn is_source(&self) -> bool {
        self.func.is_none()
    }

    /// Its `FUNCNAME` entry.
    pub fn name(&self) -> &str {
        self.func.as_ref().map_or("source", |f| f.name.as_str())
    }
}

/// The state of one shell.
#[derive(Clone)]
pub struct Shell {
    /// Variables.
    pub(crate) vars: Vars,
    /// Options.
    pub(crate) opts: Options,
    /// `$1`, `$2`, ...
    pub(crate) positional: Vec<String>,
    /// `$0`.
    pub(crate) arg0: String,
    /// The name used in error messages (`kitsh: line 1: ...`).
    pub(crate) shell_name: String,
    /// Descriptor table.
    pub(crate) fds: Fds,
    /// The filesystem.
    pub(crate) fs: Arc<dyn FileSystem>,
    /// Working directory (logical, like `$PWD`).
    pub(crate) cwd: String,
    /// `$?`.
    pub(crate) status: i32,
    /// Limits and counters shared with subshells.
    pub(crate) shared: Arc<Shared>,
    /// Traps.
    pub(crate) traps: Traps,
    /// `pushd`/`popd` stack (without the current directory).
    pub(crate) dir_stack: Vec<String>,
    /// Process substitutions of the running command (see [`expand::ProcSub`]).
    pub(crate) procsubs: Vec<expand::ProcSub>,
    /// readline's tables as `bind` changed them (`None`: the defaults).
    pub(crate) readline: Option<Box<builtins::bind::Readline>>,
    /// Levels of indirection (`$(...)`, `eval`) for `set -x`: the first character of `PS4`
    /// is repeated once more per level.
    pub(crate) xtrace_depth: u16,
    /// Current line (`$LINENO`).
    pub(crate) lineno: u32,
    /// >0 while running a condition (`if`, `while`, `&&` left side, `!`): `set -e` is ignored.
    pub(crate) errexit_ignored: usize,
    /// The call stack of functions and sourced files, and the nesting of loops.
    pub(crate) stack: state::CallStack,
    /// Background jobs and `$!`.
    pub(crate) job_table: state::JobTable,
    /// What the shell knows by name besides its variables: functions (with their attributes and
    pub(crate) defs: state::Definitions,
    /// How the current command line is being abandoned or ended: bash's `DISCARD` jumps, an
    pub(crate) line: state::LineState,
    /// What the last commands left behind: `PIPESTATUS`, `$_`, the last command substitution's
    pub(crate) last: state::LastCommand,
    /// How the next function call or new shell runs: flags set just before it.
    pub(crate) next: state::NextRun,
    /// `$$`, `$BASHPID`, the process group, `$BASH_SUBSHELL`, ...
    pub(crate) proc: state::Process,
    /// `$RANDOM`.
    pub(crate) random: state::Random,
    /// `getopts`'s position.
    pub(crate) getopts: state::Getopts,
    /// `$SECONDS` base.
    pub(crate) start: std::time::Instant,
    /// Which traps are running or not inherited here.
    pub(crate) trap_state: trap::TrapState,
    /// A builtin wrote to a pipe with no reader (SIGPIPE).
    pub(crate) sigpipe: std::cell::Cell<bool>,
    /// Array literals of declaration builtin arguments (`declare a=(..)`), referenced from argv.
    pub(crate) decl_arrays: Vec<Vec<assign::ArrayItem>>,
    /// `exec` with only redirections: keep them after the command.
    pub(crate) keep_redirects: bool,
    /// Programmable completion specifications (`complete`), shared with subshells until changed.
    pub(crate) completions: Arc<builtins::complete::Completions>,
    /// The command history list (`history`, `set -o history`).
    pub(crate) history: builtins::history::History,
    /// Streaming output callback of the main shell (`Bash::exec_streaming`); subshells and
    /// pipelines run without it, so their output is emitted when they end.
    pub(crate) stream: Option<Arc<stream::Streamer>>,
}

impl Shell {
    /// A shell over `fs` with counters `shared`, working directory `cwd`.
    pub fn new(fs: Arc<dyn FileSystem>, shared: Arc<Shared>, cwd: String) -> Shell {
        Shell {
            vars: Vars::new(),
            opts: Options::default(),
            positional: Vec::new(),
            arg0: "kitsh".to_string(),
            shell_name: "kitsh".to_string(),
            fds: Fds::default(),
            fs,
            cwd,
            status: 0,
            shared,
            traps: Traps::default(),
            dir_stack: Vec::new(),
            xtrace_depth: 0,
            procsubs: Vec::new(),
            readline: None,
            lineno: 0,
            errexit_ignored: 0,
            stack: Default::default(),
            job_table: Default::default(),
            defs: Default::default(),
            line: Default::default(),
            last: Default::default(),
            next: Default::default(),
            proc: Default::default(),
            random: Default::default(),
            getopts: Default::default(),
            start: std::time::Instant::now(),
            trap_state: trap::TrapState::default(),
            sigpipe: std::cell::Cell::new(false),
            decl_arrays: Vec::new(),
            keep_redirects: false,
            completions: Arc::default(),
            history: Default::default(),
            stream: None,
        }
    }

    /// Is `set -o`/`set -X` option `i` on?
    pub fn set_opt(&self, i: usize) -> bool {
        self.opts.set[i]
    }

    /// Is `shopt` option `i` on?
    pub fn shopt(&self, i: usize) -> bool {
        self.opts.shopt[i]
    }

    /// Print `NAME: line N: MSG` on the shell's stderr, bash's error shape.
    pub fn error(&self, msg: &str) {
        // An empty message: the error was reported where it happened.
        if !msg.is_empty() {
            self.error_in("", msg);
        }
    }

    /// Print bash's warning shape: `NAME: line N: warning: MSG`.
    pub fn warning(&self, msg: &str) {
        self.error(&format!("warning: {msg}"));
    }

    /// Print `NAME: CONTEXTline N: MSG` (context is `-c: ` or `eval: ` for syntax errors).
    pub fn error_in(&self, context: &str, msg: &str) {
        let mut s = String::with_capacity(msg.len() + 32);
        s.push_str(self.stack.sources.last().unwrap_or(&self.shell_name));
        s.push_str(": ");
        s.push_str(context);
        s.push_str("line ");
        s.push_str(&self.lineno.to_string());
        s.push_str(": ");
        s.push_str(msg);
        s.push('\n');
        self.write_fd(2, s.as_bytes());
    }

    /// Write bytes to descriptor `n`, ignoring errors.
    pub fn write_fd(&self, n: i32, data: &[u8]) {
        let _ = self.try_write_fd(n, data);
    }

    /// Write bytes to descriptor `n`. Writing to a pipe nobody reads marks this shell as
    /// hit by SIGPIPE (see [`Shell::take_sigpipe`]).
    pub fn try_write_fd(&self, n: i32, data: &[u8]) -> std::io::Result<()> {
        let r = match self.fds.get(n) {
            Some(fd) => fd.write(data, &self.shared),
            None => Err(std::io::Error::from_raw_os_error(9)),
        };
        if let Err(e) = &r {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                self.sigpipe.set(true);
            }
        }
        r
    }

    /// A builtin of this shell wrote to a closed pipe: like a process killed by SIGPIPE, a
    /// subshell ends with status 141 (the main shell ignores it, as bash's does not die).
    pub(crate) fn take_sigpipe(&self) -> Exec<()> {
        if self.sigpipe.replace(false) && self.proc.subshell > 0 {
            return Err(Flow::Exit(141));
        }
        Ok(())
    }

    /// Hand the output so far to the streaming callback, if there is one.
    #[inline]
    pub(crate) fn emit_output(&self) {
        if let Some(s) = &self.stream {
            s.emit(false);
        }
    }

    /// Record that limit `l` was hit and stop: every shell of this run stops at its next
    /// check, and the run ends with the limit's message and status.
    pub fn limit_hit<T>(&self, l: crate::limits::LimitExceeded) -> Exec<T> {
        self.shared.trip(l);
        Err(Flow::Limit(l))
    }

    /// Check for a limit hit (also the deadline): the `Flow` to stop with.
    pub fn check_limits(&self) -> Exec<()> {
        if self.shared.cancelled() {
            if let Some(l) = self.shared.tripped() {
                return Err(Flow::Limit(l));
            }
        }
        Ok(())
    }

    /// Next `$RANDOM` value (0..32767), as bash 5.2 computes it.
    pub fn next_random(&mut self) -> u32 {
        self.random.next(self.proc.bashpid)
    }

    /// `RANDOM=N`: seed the sequence.
    pub fn seed_random(&mut self, seed: i64) {
        self.random.seed(seed)
    }

    /// Is the character type locale the C one (bytes, not UTF-8 characters)? The first
    /// non-empty of `LC_ALL`, `LC_CTYPE` and `LANG` decides; none set is the C locale, as in
    /// bash.
    pub fn byte_locale(&self) -> bool {
        self.vars.byte_locale()
    }

    /// Is `pid` the `$BASHPID` of a shell that started this one?
    pub fn is_enclosing_shell(&self, pid: u64) -> bool {
        self.proc.is_enclosing(pid)
    }

    /// A fresh fake process id.
    pub fn new_pid(&self) -> u64 {
        self.shared.next_pid.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }
}
