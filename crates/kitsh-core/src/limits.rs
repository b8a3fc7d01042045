//! [`ExecutionLimits`]: every resource a script controls is bounded.

use std::time::Duration;

/// Hard limits on one script run. Hitting one stops the script with a message on stderr and
/// exit status [`LIMIT_EXIT_STATUS`] (timeouts: [`TIMEOUT_EXIT_STATUS`]).
///
/// ```
/// use kitsh_core::limits::ExecutionLimits;
/// let limits = ExecutionLimits::new().max_commands(10_000).timeout(std::time::Duration::from_secs(5));
/// assert_eq!(limits.max_commands, 10_000);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecutionLimits {
    /// Simple commands executed in one `exec` (across all subshells and pipeline stages).
    pub max_commands: u64,
    /// Iterations of any single loop.
    pub max_loop_iterations: u64,
    /// Iterations of all loops together.
    pub max_total_loop_iterations: u64,
    /// Nested function calls (bash's `FUNCNEST`), also `source`/`eval` nesting.
    pub max_function_depth: usize,
    /// Bytes of stdout plus stderr the caller receives; also the cap of one command
    /// substitution's captured output.
    pub max_output_bytes: u64,
    /// Bytes one string value may hold (variables, expansions).
    pub max_string_bytes: usize,
    /// Fields one word expansion may produce (brace expansion, globbing, `"${a[@]}"`).
    pub max_fields: usize,
    /// Bytes held by the in-memory filesystem layer.
    pub max_fs_bytes: u64,
    /// Files and directories held by the in-memory filesystem layer.
    pub max_fs_files: u64,
    /// Bytes of script text accepted by the parser.
    pub max_input_bytes: usize,
    /// Nesting depth of the parser.
    pub max_parse_depth: usize,
    /// Pipeline stages running at once (threads).
    pub max_concurrent_stages: usize,
    /// Bytes an embedded interpreter (`python3`), or the values of a `jq` program, may hold
    /// at once. Enforced only where the program's allocator is [`crate::alloc::MeteredAlloc`]
    /// (the CLI's and the Python extension's are).
    pub max_heap_bytes: u64,
    /// Wall-clock time for one `exec`.
    pub timeout: Option<Duration>,
}

/// Exit status when a limit stops the script.
pub const LIMIT_EXIT_STATUS: i32 = 125;
/// Exit status when the wall-clock timeout stops the script (as `timeout(1)`).
pub const TIMEOUT_EXIT_STATUS: i32 = 124;
/// Exit status when the host cancels the script (as a shell killed by SIGINT).
pub const CANCELLED_EXIT_STATUS: i32 = 130;

impl Default for ExecutionLimits {
    fn default() -> Self {
        ExecutionLimits {
            max_commands: 1_000_000,
            max_loop_iterations: 1_000_000,
            max_total_loop_iterations: 5_000_000,
            max_function_depth: 1000,
            max_output_bytes: 16 << 20,
            max_string_bytes: 32 << 20,
            max_fields: 1_000_000,
            max_fs_bytes: 64 << 20,
            max_fs_files: 10_000,
            max_input_bytes: 16 << 20,
            max_parse_depth: 1000,
            max_concurrent_stages: 64,
            max_heap_bytes: 256 << 20,
            timeout: Some(Duration::from_secs(30)),
        }
    }
}

macro_rules! setter {
    ($($(#[$m:meta])* $name:ident: $t:ty;)*) => {
        $( $(#[$m])* pub fn $name(mut self, v: $t) -> Self { self.$name = v; self } )*
    };
}

impl ExecutionLimits {
    /// The defaults: generous for real scripts, small enough to stop runaway ones in seconds.
    pub fn new() -> Self {
        Self::default()
    }

    setter! {
        /// Set [`ExecutionLimits::max_commands`].
        max_commands: u64;
        /// Set [`ExecutionLimits::max_loop_iterations`].
        max_loop_iterations: u64;
        /// Set [`ExecutionLimits::max_total_loop_iterations`].
        max_total_loop_iterations: u64;
        /// Set [`ExecutionLimits::max_function_depth`].
        max_function_depth: usize;
        /// Set [`ExecutionLimits::max_output_bytes`].
        max_output_bytes: u64;
        /// Set [`ExecutionLimits::max_string_bytes`].
        max_string_bytes: usize;
        /// Set [`ExecutionLimits::max_fields`].
        max_fields: usize;
        /// Set [`ExecutionLimits::max_fs_bytes`].
        max_fs_bytes: u64;
        /// Set [`ExecutionLimits::max_fs_files`].
        max_fs_files: u64;
        /// Set [`ExecutionLimits::max_input_bytes`].
        max_input_bytes: usize;
        /// Set [`ExecutionLimits::max_parse_depth`].
        max_parse_depth: usize;
        /// Set [`ExecutionLimits::max_concurrent_stages`].
        max_concurrent_stages: usize;
        /// Set [`ExecutionLimits::max_heap_bytes`].
        max_heap_bytes: u64;
    }

    /// Set the wall-clock timeout.
    pub fn timeout(mut self, d: Duration) -> Self {
        self.timeout = Some(d);
        self
    }

    /// Bytes one command may hold of its input at once (see [`LimitExceeded::Buffered`]).
    pub fn buffer_limit(&self) -> u64 {
        self.max_fs_bytes.max(self.max_string_bytes as u64)
    }

    /// No wall-clock timeout.
    pub fn no_timeout(mut self) -> Self {
        self.timeout = None;
        self
    }
}

/// Which limit stopped a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LimitExceeded {
    /// [`ExecutionLimits::max_commands`]
    #[error("maximum command count exceeded")]
    Commands,
    /// [`ExecutionLimits::max_loop_iterations`] or the total
    #[error("maximum loop iterations exceeded")]
    LoopIterations,
    /// [`ExecutionLimits::max_function_depth`]
    #[error("maximum function nesting level exceeded")]
    FunctionDepth,
    /// [`ExecutionLimits::max_output_bytes`]
    #[error("maximum output size exceeded")]
    Output,
    /// [`ExecutionLimits::max_string_bytes`]: a string, an expansion, a line read or a
    /// formatted value
    #[error("maximum expansion size exceeded")]
    Expansion,
    /// [`ExecutionLimits::max_fields`]
    #[error("maximum field count exceeded")]
    Fields,
    /// [`ExecutionLimits::max_fs_bytes`]: a write would grow the in-memory filesystem past it
    #[error("maximum filesystem size exceeded")]
    FsBytes,
    /// [`ExecutionLimits::max_fs_files`]
    #[error("maximum file count exceeded")]
    FsFiles,
    /// [`ExecutionLimits::max_concurrent_stages`]: a pipeline (or a job) needs more threads
    /// than the limit allows, as runaway recursion through pipes and `&` does
    #[error("maximum concurrent pipeline stages exceeded")]
    Stages,
    /// What one command holds of its input at once (`sort`, `tac`, `diff`... read all of it):
    /// the larger of [`ExecutionLimits::max_fs_bytes`] and [`ExecutionLimits::max_string_bytes`]
    #[error("maximum buffered input exceeded")]
    Buffered,
    /// [`ExecutionLimits::max_heap_bytes`]: an embedded interpreter holds more memory
    #[error("maximum memory exceeded")]
    Heap,
    /// [`ExecutionLimits::timeout`], or the per-call timeout of the async API
    #[error("execution timed out")]
    Timeout,
    /// Not a limit: the host cancelled the run (a [`crate::CancellationToken`], or the future
    /// of an async call was dropped). It stops the script the same way, at the next command
    /// boundary.
    #[error("execution cancelled")]
    Cancelled,
}

impl LimitExceeded {
    /// The exit status a script stopped by this limit ends with.
    pub fn exit_status(self) -> i32 {
        match self {
            LimitExceeded::Timeout => TIMEOUT_EXIT_STATUS,
            LimitExceeded::Cancelled => CANCELLED_EXIT_STATUS,
            _ => LIMIT_EXIT_STATUS,
        }
    }

    /// The configured value of this limit, as a model should be told it
    /// (`1000`, `16777216 bytes`); `None` for the timeout and cancellation.
    pub fn value(self, limits: &ExecutionLimits) -> Option<String> {
        Some(match self {
            LimitExceeded::Commands => limits.max_commands.to_string(),
            LimitExceeded::LoopIterations => limits.max_loop_iterations.to_string(),
            LimitExceeded::FunctionDepth => limits.max_function_depth.to_string(),
            LimitExceeded::Output => format!("{} bytes", limits.max_output_bytes),
            LimitExceeded::Expansion => format!("{} bytes", limits.max_string_bytes),
            LimitExceeded::Fields => limits.max_fields.to_string(),
            LimitExceeded::FsBytes => format!("{} bytes", limits.max_fs_bytes),
            LimitExceeded::FsFiles => limits.max_fs_files.to_string(),
            LimitExceeded::Stages => limits.max_concurrent_stages.to_string(),
            LimitExceeded::Buffered => format!("{} bytes", limits.buffer_limit()),
            LimitExceeded::Heap => format!("{} bytes", limits.max_heap_bytes),
            LimitExceeded::Timeout | LimitExceeded::Cancelled => return None,
        })
    }
}
