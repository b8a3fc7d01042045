//! Parts of a shell's state that travel together: its identity as a process ([`Process`]), where
//! it is in its scripts ([`CallStack`]), its jobs ([`JobTable`]), the `$RANDOM` generator
//! ([`Random`]) and `getopts`'s position ([`Getopts`]).

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
}

impl Default for Process {
    fn default() -> Self {
        Process { pid: 4242, bashpid: 4242, pgid: 0, group_seen: 0, parent_pids: Vec::new(), killed_by: None, subshell: 0 }
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
