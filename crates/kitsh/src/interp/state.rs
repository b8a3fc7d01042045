//! Parts of a shell's state that travel together, as fields of [`super::Shell`]: its identity
//! as a process ([`Process`]), where it is in its scripts ([`CallStack`]), its jobs
//! ([`JobTable`]), what it knows by name ([`Definitions`]), what the last commands left
//! ([`LastCommand`]), how the current line is being abandoned ([`LineState`]), how the next
//! call runs ([`NextRun`]), the `$RANDOM` generator ([`Random`]) and `getopts`'s position
//! ([`Getopts`]).

/// The shell as a process: its ids, its process group and how it ended.
#[derive(Clone, Debug)]
pub(crate) struct Process {
    /// `$$`.
    pub(crate) pid: u64,
    /// `$BASHPID`.
    pub(crate) bashpid: u64,
    /// The process group (`timeout` starts its command in a new one); 0: the script's own.
    pub(crate) pgid: u64,
    /// The serial of the last group signal this shell has handled.
    pub(crate) group_seen: u64,
    /// `$BASHPID` of the shells this one was started from (`bash -c` inside a script).
    pub(crate) parent_pids: Vec<u64>,
    /// The signal that ended this shell, if one did (for `wait`'s message in the parent).
    pub(crate) killed_by: Option<i32>,
    /// `$BASH_SUBSHELL`.
    pub(crate) subshell: u32,
    /// `umask`.
    pub(crate) umask: u32,
    /// `ulimit` values.
    pub(crate) ulimits: super::builtins::Ulimits,
}

impl Default for Process {
    fn default() -> Self {
        Process { pid: 4242, bashpid: 4242, pgid: 0, group_seen: 0, parent_pids: Vec::new(), killed_by: None, subshell: 0, umask: 0o022, ulimits: Default::default() }
    }
}

impl Process {
    /// Is `pid` the `$BASHPID` of a shell that started this one?
    pub(crate) fn is_enclosing(&self, pid: u64) -> bool {
        self.parent_pids.contains(&pid)
    }
}

/// `$RANDOM`: bash's generator (Park–Miller "minimal standard") and whether the name is still
/// special.
#[derive(Clone, Debug)]
pub(crate) struct Random {
    /// The generator's state.
    state: u32,
    /// Seed afresh before the next use (a new shell or subshell not seeded yet).
    pub(crate) reseed: bool,
    /// `$RANDOM` still has its special meaning (until `unset RANDOM`).
    pub(crate) special: bool,
}

impl Default for Random {
    fn default() -> Self {
        Random { state: 0, reseed: true, special: true }
    }
}

impl Random {
    /// Next value (0..32767), computed as bash 5.2 does, so that a seeded sequence
    /// (`RANDOM=5`) gives bash's numbers; `bashpid` mixes into a fresh seed.
    pub(crate) fn next(&mut self, bashpid: u64) -> u32 {
        if self.reseed {
            self.reseed = false;
            let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
            self.state = nanos ^ (bashpid as u32).wrapping_mul(2654435761);
        }
        self.state = park_miller(self.state);
        ((self.state >> 16) ^ (self.state & 0xffff)) & 0x7fff
    }

    /// `RANDOM=N`: seed the sequence (bash keeps the low 32 bits).
    pub(crate) fn seed(&mut self, seed: i64) {
        self.state = seed as u32;
        self.reseed = false;
    }

    /// The generator's state, whatever it is (a snapshot's view).
    pub(crate) fn raw_state(&self) -> u32 {
        self.state
    }

    /// The generator as a snapshot recorded it.
    pub(crate) fn from_parts(state: u32, reseed: bool, special: bool) -> Random {
        Random { state, reseed, special }
    }

    /// The state to hand to a command's environment view, unless it is to be reseeded.
    pub(crate) fn current(&self) -> Option<u32> {
        (!self.reseed).then_some(self.state)
    }
}

/// bash's `brand()` step.
fn park_miller(last: u32) -> u32 {
    let x = if last == 0 { 123_459_876 } else { last };
    let h = (x / 127_773) as i64;
    let l = (x - 127_773 * (x / 127_773)) as i64;
    let t = 16_807 * l - 2_836 * h;
    (if t < 0 { t + 0x7fff_ffff } else { t }) as u32
}

/// `getopts`'s position inside a cluster of options.
#[derive(Clone, Debug)]
pub(crate) struct Getopts {
    /// The next character of the current cluster (0: start a new argument).
    pub(crate) char: usize,
    /// `OPTIND` after the last call.
    pub(crate) last_optind: usize,
}

impl Default for Getopts {
    fn default() -> Self {
        Getopts { char: 0, last_optind: 1 }
    }
}

/// Where the shell is in its scripts: the call stack of functions and sourced files, and the
/// nesting that limits and `break`/`return` check.
#[derive(Clone, Debug, Default)]
pub(crate) struct CallStack {
    /// Function calls and sourced files (`FUNCNAME`, `BASH_SOURCE`, `BASH_LINENO`).
    pub(crate) frames: Vec<super::Frame>,
    /// Source file stack (`BASH_SOURCE` at top level).
    pub(crate) sources: Vec<String>,
    /// Depth of `source`/`eval`/function nesting for the depth limit.
    pub(crate) depth: usize,
    /// Nesting of loops (for `break`/`continue` validity).
    pub(crate) loop_depth: usize,
    /// Inside `source`: `return` is allowed.
    pub(crate) in_source: bool,
    /// Inside `eval` (syntax errors say `eval: line N`).
    pub(crate) in_eval: bool,
}

/// The job table: background jobs this shell started (subshells start with none) and `$!`.
#[derive(Clone, Debug, Default)]
pub(crate) struct JobTable {
    /// The jobs, oldest first.
    pub(crate) list: Vec<super::job::Job>,
    /// `list[own_from..]` were started by this shell; the others are its parent's, listed by
    /// `jobs` in a pipeline stage or command substitution but not waited for.
    pub(crate) own_from: usize,
    /// `$!`.
    pub(crate) last_bg: Option<u64>,
}

/// What the shell knows by name besides its variables: functions (with their attributes and
/// files), aliases and the `hash` table.
#[derive(Clone, Default)]
pub(crate) struct Definitions {
    /// Functions by name.
    pub(crate) funcs: crate::util::fxhash::FxHashMap<String, std::sync::Arc<crate::parser::ast::FunctionDef>>,
    /// Functions made readonly (`readonly -f`) or exported (`export -f`): name and
    /// attribute bits (`attr::READONLY`, `attr::EXPORT`).
    pub(crate) func_attrs: Vec<(String, u16)>,
    /// The file each function was defined in, for functions defined in a script file or a
    /// sourced one (others: `main`, or `environment` under `-c`, as bash names them).
    pub(crate) func_files: crate::util::fxhash::FxHashMap<String, std::sync::Arc<str>>,
    /// Aliases.
    pub(crate) aliases: std::collections::HashMap<String, String>,
    /// Hashed command names (`hash`).
    pub(crate) hashed: std::collections::HashMap<String, super::lookup::Hashed>,
}

/// How the current command line is being abandoned or ended: bash's `DISCARD` jumps, an
/// arithmetic error, a refused construct, the status `break`/`continue` leave.
#[derive(Clone, Default)]
pub(crate) struct LineState {
    /// An error bash handles by jumping to its top level (`DISCARD`) is being reported: a
    /// value for an integer variable or an indexed array's subscript failed as arithmetic.
    /// It abandons the command line through functions, `eval` and `source`, does not
    /// trigger `set -e`, and ends a `-c` string (status 1); a script file goes on with its
    /// next line. Cleared at each top-level command.
    pub(crate) discard: bool,
    /// The command line was abandoned by an error of `$(( ))` (or another arithmetic
    /// expansion): bash's `set -e` does not end the script for it. Cleared at each
    /// top-level command.
    pub(crate) arith_abort: bool,
    /// The status the loops left by `break`/`continue` end with: 0, or 1 after an out-of-range
    /// count (`break 0` leaves every loop, failing).
    pub(crate) break_status: i32,
    /// A logic-only shell refused a construct while expanding the current command (process
    /// substitution): the command is not run and its status is 1.
    pub(crate) refused: bool,
}

/// What the last commands left behind: `PIPESTATUS`, `$_`, the last command substitution's
/// status, `$BASH_COMMAND` and the command count of the prompt.
#[derive(Clone, Default)]
pub(crate) struct LastCommand {
    /// `$PIPESTATUS`.
    pub(crate) pipestatus: Vec<i32>,
    /// `PIPESTATUS` as the last `.`/`source` left it before its own command set it (so that
    /// sourcing `$BASH_ENV`, which bash does without a command, can restore it).
    pub(crate) sourced_pipestatus: Vec<i32>,
    /// Last argument of the previous command (`$_`).
    pub(crate) last_arg: String,
    /// Status of the last command substitution (for assignment-only commands).
    pub(crate) cmdsub_status: Option<i32>,
    /// `$BASH_COMMAND`: the simple command the `DEBUG` trap runs before, or that last failed
    /// with an `ERR` trap set (kept only when a trap can show it).
    pub(crate) bash_command: String,
    /// Top-level commands read from a script file or stdin (the prompt's `\#`; 0 under `-c`).
    pub(crate) command_number: u32,
}

/// How the next function call or new shell runs: flags set just before it.
#[derive(Clone, Default)]
pub(crate) struct NextRun {
    /// The next function call adopts the temporary-assignment scope on top (`v=x f`).
    pub(crate) temp_for_call: bool,
    /// The next new shell this one starts replaces it, keeping its process id: bash's
    /// "no fork" of the one simple command of a background job (`bash -c '…' &`, where `$!`
    /// is the new shell and a signal sent to it reaches that shell's traps).
    pub(crate) exec_in_place: bool,
    /// This shell is a fresh subshell made for a `( list )` that is a whole background job or
    /// pipeline stage: the list runs here, without a second subshell (bash does not fork
    /// twice: `$BASH_SUBSHELL` and `$BASHPID` as there).
    pub(crate) subshell_ready: bool,
}
