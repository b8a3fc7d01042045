//! The command interface: what a command sees ([`Ctx`]) and implements ([`Builtin`]).
//!
//! A command is a type implementing [`Builtin`]. It sees only a [`Ctx`]: its standard streams as
//! byte streams, the virtual filesystem, the working directory, the exported environment, a
//! cancellation check, a way to start other commands ([`Spawn`]), the network the embedder
//! allowed ([`net::Network`]) and the script's open descriptors.

use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

use crate::fs::{join_path, FileSystem, FsError};

pub mod args;
pub mod command_set;
pub mod net;
mod registry;

pub use registry::{CommandRegistry, NoCommands};

/// A command implemented in Rust.
pub trait Builtin: Send + Sync {
    /// Run the command. `args` are the arguments after the command name (`ctx.name`).
    /// Returns the exit status (0–255). Write errors on stdout (a closed pipe) should end the
    /// command with [`status_for_write_error`].
    fn run(&self, ctx: &mut Ctx<'_>, args: &[String]) -> i32;
}

/// Read access to the shell's environment, as a command sees it.
pub trait Env {
    /// The value of a variable (exported or not: bash passes only exported ones to programs,
    /// so implementations return only exported variables).
    fn get(&self, name: &str) -> Option<String>;
    /// All exported variables, sorted by name.
    fn exported(&self) -> Vec<(String, String)>;
    /// Facts about the virtual system (`hostname`, `whoami`), as the embedder configured them.
    fn system(&self, key: SystemInfo) -> Option<String> {
        let _ = key;
        None
    }
}

/// Facts about the virtual system a command may ask for through [`Env::system`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SystemInfo {
    /// The host name (`hostname`, `uname -n`).
    Hostname,
    /// The user name (`whoami`, `id -un`).
    User,
    /// The state of the shell's `$RANDOM` generator once the script has seeded or used it
    /// (`RANDOM=7`), so that `shuf` can be repeatable in tests.
    RandomSeed,
}

/// A cooperative cancellation check: the wall-clock deadline and a shared stop flag.
pub trait Cancel {
    /// `true` when the script must stop now (timeout or another limit hit).
    fn cancelled(&self) -> bool;
    /// The wall-clock deadline, if any.
    fn deadline(&self) -> Option<Instant>;
    /// A `'static` check answering like [`Cancel::cancelled`] (the script's limits, timeout and
    /// the host's cancellation), for callbacks that outlive the borrow of the [`Ctx`] (SQLite's
    /// progress handler). `None` when there is none: callers fall back on [`Cancel::deadline`].
    fn watcher(&self) -> Option<std::sync::Arc<dyn Fn() -> bool + Send + Sync>> {
        None
    }
    /// Bytes a command may hold of its input at once ([`Ctx::read_input`],
    /// [`Ctx::read_stdin_all`]); `None`: unbounded.
    fn buffer_limit(&self) -> Option<u64> {
        None
    }
    /// Record that a command hit `limit`: the script stops at its next check and the run ends
    /// with the limit's message.
    fn hit(&self, _limit: crate::limits::LimitExceeded) {}
    /// The limit that stopped the script, once [`Cancel::cancelled`] says so (`None`: none, or
    /// another cause such as a signal). A command keeps its own error message when the cause
    /// is a refused write of its own (a full filesystem), and drops it otherwise.
    fn cause(&self) -> Option<crate::limits::LimitExceeded> {
        None
    }
    /// Bytes an embedded interpreter may hold ([`crate::ExecutionLimits::max_heap_bytes`]);
    /// `None`: unbounded.
    fn heap_limit(&self) -> Option<u64> {
        None
    }
    /// The longest string a command's own language may build
    /// ([`crate::ExecutionLimits::max_string_bytes`]); `None`: the command's own bound.
    fn string_limit(&self) -> Option<usize> {
        None
    }
    /// The steps one loop may take ([`crate::ExecutionLimits::max_loop_iterations`]): a
    /// command's own loops (jq's `range`, `repeat`, `recurse`...) count against it; `None`:
    /// unbounded.
    fn loop_limit(&self) -> Option<u64> {
        None
    }
    /// The most elements a command's arrays may hold ([`crate::ExecutionLimits::max_fields`]);
    /// `None`: the command's own bound.
    fn field_limit(&self) -> Option<usize> {
        None
    }
}

/// Everything a [`Builtin`] may touch.
pub struct Ctx<'a> {
    /// The command name as invoked (`argv[0]`), for messages: `cat: x: No such file or directory`.
    pub name: &'a str,
    /// Standard input.
    pub stdin: &'a mut dyn Read,
    /// Standard output.
    pub stdout: &'a mut dyn Write,
    /// Standard error.
    pub stderr: &'a mut dyn Write,
    /// The virtual filesystem.
    pub fs: &'a dyn FileSystem,
    /// The working directory (absolute).
    pub cwd: &'a str,
    /// The exported environment.
    pub env: &'a dyn Env,
    /// Cancellation (timeouts).
    pub cancel: &'a dyn Cancel,
    /// Running other commands (`xargs`, `find -exec`, `timeout`, awk's `system()`).
    pub spawn: &'a dyn Spawn,
    /// Network access (`curl`, `wget`): none unless the embedder allowed some.
    pub net: &'a dyn net::Network,
    /// The script's descriptors above 2 (`3<file`, `4<<EOF`), for `/dev/fd/N` and Python's
    /// `os.read(N, ...)`.
    pub fds: &'a dyn Descriptors,
    /// The shell's tools, callable as functions (Python's `kitsh_tools`).
    pub functions: &'a dyn command_set::Functions,
    /// Standard input is something the script gave the command (a pipe, here-document,
    /// here-string or redirection, also inherited from an enclosing command); `false` when it
    /// is the session's own absent input.
    pub stdin_attached: bool,
    /// Standard input is a pipe, here-document or here-string: nothing after what a command
    /// reads can be left for the next one (GNU tools read such input in blocks; `head -n 1`
    /// then consumes more than its line, as in bash). `false` for files (left at the offset
    /// a command stops at) and the host's input.
    pub stdin_pipe: bool,
}

/// Where the standard input of a command run through [`Spawn`] comes from.
pub enum SpawnIn<'a> {
    /// The calling command's own standard input.
    Inherit,
    /// Empty (`/dev/null`).
    Null,
    /// These bytes.
    Bytes(&'a [u8]),
}

/// Where the standard output of a command run through [`Spawn`] goes.
pub enum SpawnOut<'a> {
    /// The calling command's own standard output. Flush anything the caller buffered first.
    Inherit,
    /// Appended to this buffer (bounded by the output limit).
    Capture(&'a mut Vec<u8>),
}

/// Runs other commands on behalf of a command, as a program runs others with `fork`/`exec`:
/// in a new process of the virtual system that sees the exported environment, the working
/// directory and the filesystem, but no shell functions. Standard error is inherited.
pub trait Spawn {
    /// Run `argv` as `execvp` would: `argv[0]` is searched on `$PATH` (or is a path).
    /// Returns its exit status, or why it could not be started (the caller prints the message,
    /// as `xargs: foo: No such file or directory`).
    fn command(&self, argv: &[String], stdin: SpawnIn<'_>, stdout: SpawnOut<'_>) -> Result<i32, SpawnError> {
        self.command_in(None, argv, stdin, stdout)
    }

    /// [`Spawn::command`] in the working directory `cwd` (absolute, or relative to the
    /// caller's), as `find -execdir` runs commands.
    fn command_in(
        &self,
        cwd: Option<&str>,
        argv: &[String],
        stdin: SpawnIn<'_>,
        stdout: SpawnOut<'_>,
    ) -> Result<i32, SpawnError>;

    /// Run `argv` as [`Spawn::command`] does, with standard streams inherited, in a process
    /// group of its own (`timeout`): when `limit` passes, every shell of the group is sent
    /// `signal`, and `SIGKILL` `kill_after` later if it has not ended by then.
    fn command_timeout(
        &self,
        argv: &[String],
        limit: Duration,
        signal: i32,
        kill_after: Option<Duration>,
    ) -> Result<Timed, SpawnError> {
        let _ = (limit, signal, kill_after);
        self.command(argv, SpawnIn::Inherit, SpawnOut::Inherit).map(|status| Timed { status, timed_out: false })
    }

    /// Start `argv` without waiting for it (`xargs -P`): standard output and error inherited,
    /// standard input empty when `null_stdin`. `None` when no more commands may run at once
    /// (the concurrent-stage limit); the caller then waits for one, or runs it with
    /// [`Spawn::command`].
    fn start(&self, argv: &[String], null_stdin: bool) -> Option<Result<Box<dyn Started>, SpawnError>> {
        let _ = (argv, null_stdin);
        None
    }

    /// Run `script` with `sh -c SCRIPT` (awk's `system()`, `cmd | getline`); its exit status.
    fn shell(&self, script: &str, stdin: SpawnIn<'_>, stdout: SpawnOut<'_>) -> i32 {
        let argv = ["sh".to_string(), "-c".to_string(), script.to_string()];
        self.command(&argv, stdin, stdout).unwrap_or_else(|e| e.status())
    }
}

/// A command started by [`Spawn::start`], running on a thread of its own.
pub trait Started: Send {
    /// Wait for it to end; its exit status.
    fn wait(self: Box<Self>) -> i32;
}

/// How a command run by [`Spawn::command_timeout`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed {
    /// Its exit status (128+N when a signal ended it).
    pub status: i32,
    /// The time limit passed and the signal was sent.
    pub timed_out: bool,
}

/// Why [`Spawn::command`] could not start a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpawnError {
    /// No such command (ENOENT): status 127.
    NotFound,
    /// Found but not executable, or a directory (EACCES): status 126.
    PermissionDenied,
}

impl SpawnError {
    /// The exit status a shell or `xargs` reports: 127 or 126.
    pub fn status(self) -> i32 {
        match self {
            SpawnError::NotFound => 127,
            SpawnError::PermissionDenied => 126,
        }
    }
}

impl std::fmt::Display for SpawnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SpawnError::NotFound => "No such file or directory",
            SpawnError::PermissionDenied => "Permission denied",
        })
    }
}

/// The descriptors of the script a command runs in, beyond its standard streams.
pub trait Descriptors {
    /// A reader of descriptor `fd` (sharing its offset with the script), if it is open.
    fn reader(&self, fd: i32) -> Option<Box<dyn Read + Send>>;

    /// The path of the file descriptor `fd` (standard output: 1) is open to, when it is a file
    /// of the filesystem (not a pipe, the caller's stream or `/dev/null`): `cat f >> f` asks.
    fn file_path(&self, _fd: i32) -> Option<String> {
        None
    }
}

/// No descriptors beyond the standard streams (unit tests, logic-only shells).
pub struct NoDescriptors;

impl Descriptors for NoDescriptors {
    fn reader(&self, _: i32) -> Option<Box<dyn Read + Send>> {
        None
    }
}

/// The descriptor a `/dev/fd/N` or `/proc/self/fd/N` path names, if it is one above 2.
pub fn fd_path(path: &str) -> Option<i32> {
    let n = path.strip_prefix("/dev/fd/").or_else(|| path.strip_prefix("/proc/self/fd/"))?;
    n.parse().ok().filter(|&n| n > 2)
}

/// A [`Spawn`] that runs nothing: every command is "not found" (unit tests of commands).
pub struct NoSpawn;

impl Spawn for NoSpawn {
    fn command_in(&self, _: Option<&str>, _: &[String], _: SpawnIn<'_>, _: SpawnOut<'_>) -> Result<i32, SpawnError> {
        Err(SpawnError::NotFound)
    }
}

/// Read `r` to its end into `buf`, chunk by chunk: an endless input (`/dev/zero`, `yes`) stops
/// at the buffer limit (which is then hit) or when the script is cancelled.
fn read_bounded(cancel: &dyn Cancel, r: &mut dyn Read, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    let limit = cancel.buffer_limit().and_then(|l| usize::try_from(l).ok()).unwrap_or(usize::MAX);
    let start = buf.len();
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        if cancel.cancelled() {
            return Err(crate::util::cancelled::error());
        }
        match r.read(&mut chunk) {
            Ok(0) => return Ok(buf.len() - start),
            Ok(n) => {
                if buf.len() - start + n > limit {
                    cancel.hit(crate::limits::LimitExceeded::Buffered);
                    return Err(std::io::Error::from_raw_os_error(27)); // EFBIG: File too large
                }
                buf.extend_from_slice(&chunk[..n]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
}

impl Ctx<'_> {
    /// The absolute, lexically normalised path of `path` relative to the working directory.
    pub fn abs_path(&self, path: &str) -> String {
        join_path(self.cwd, path)
    }

    /// Print `NAME: MSG` on stderr (errors writing stderr are ignored).
    pub fn error(&mut self, msg: &str) {
        let _ = writeln!(self.stderr, "{}: {}", self.name, msg);
    }

    /// Print `NAME: PATH: ERROR` on stderr, the usual shape of a file error; nothing for a read
    /// that the script's cancellation interrupted (the shell reports the cause itself).
    pub fn file_error(&mut self, path: &str, err: FsError) {
        if matches!(err, FsError::Interrupted) {
            return;
        }
        let _ = writeln!(self.stderr, "{}: {}: {}", self.name, path, err);
    }

    /// Open a file operand for reading: `-` is standard input; otherwise the path is resolved
    /// against the working directory. `/dev/stdin` and `/dev/fd/0` also mean standard input.
    pub fn open_input(&mut self, path: &str) -> Result<Input<'_>, FsError> {
        if path == "-" || path == "/dev/stdin" || path == "/dev/fd/0" {
            return Ok(Input::Stdin(&mut *self.stdin));
        }
        if let Some(fd) = fd_path(path) {
            return self.fds.reader(fd).map(Input::File).ok_or(FsError::NotFound);
        }
        let abs = self.abs_path(path);
        let meta = self.fs.stat(&abs)?;
        match meta.file_type {
            crate::fs::FileType::Dir => Err(FsError::IsDir),
            crate::fs::FileType::Fifo => match self.fs.open_fifo(&abs, false, self.cancel.watcher())? {
                crate::fs::fifo::FifoEnd::Reader(r) => Ok(Input::File(r)),
                crate::fs::fifo::FifoEnd::Writer(_) => Err(FsError::Invalid),
            },
            _ => Ok(Input::File(self.fs.open_read(&abs)?)),
        }
    }

    /// Read all of an input operand (see [`Ctx::open_input`]) into memory, at most
    /// [`Cancel::buffer_limit`] bytes: past it the limit is hit and the read fails.
    pub fn read_input(&mut self, path: &str) -> Result<Vec<u8>, FsError> {
        let cancel = self.cancel;
        let mut input = self.open_input(path)?;
        let mut buf = Vec::new();
        read_bounded(cancel, &mut input, &mut buf)
            .map_err(|e| if crate::util::cancelled::is(&e) { FsError::Interrupted } else { FsError::Io })?;
        Ok(buf)
    }

    /// Append all of standard input to `buf`, bounded as [`Ctx::read_input`] is.
    pub fn read_stdin_all(&mut self, buf: &mut Vec<u8>) -> std::io::Result<usize> {
        read_bounded(self.cancel, &mut *self.stdin, buf)
    }

    /// Sleep for `dur`, waking early (returning `false`) if the script is cancelled.
    pub fn sleep(&self, dur: Duration) -> bool {
        let end = Instant::now() + dur;
        loop {
            if self.cancel.cancelled() {
                return false;
            }
            let now = Instant::now();
            if now >= end {
                return true;
            }
            if let Some(d) = self.cancel.deadline() {
                if now >= d {
                    return false;
                }
            }
            std::thread::sleep((end - now).min(Duration::from_millis(20)));
        }
    }
}

/// An opened input operand.
pub enum Input<'a> {
    /// The command's standard input.
    Stdin(&'a mut dyn Read),
    /// A file or device of the virtual filesystem.
    File(Box<dyn Read + Send>),
}

impl Read for Input<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Input::Stdin(r) => r.read(buf),
            Input::File(r) => r.read(buf),
        }
    }
}

/// The exit status for a failed write to stdout: 141 (SIGPIPE) for a closed pipe, else 1.
pub fn status_for_write_error(err: &io::Error) -> i32 {
    if err.kind() == io::ErrorKind::BrokenPipe {
        141
    } else {
        1
    }
}

/// Test support: run a command against a filesystem with the given stdin.
/// In a logic-only shell a command cannot run others (awk's `system()`, `cmd | getline`):
/// the attempt is refused like a file access.
impl Spawn for crate::fs::DisabledFs {
    fn command_in(
        &self,
        _: Option<&str>,
        argv: &[String],
        _: SpawnIn<'_>,
        _: SpawnOut<'_>,
    ) -> Result<i32, SpawnError> {
        let _ = self.deny::<()>(&argv.join(" "));
        Err(SpawnError::NotFound)
    }

    fn shell(&self, script: &str, _: SpawnIn<'_>, _: SpawnOut<'_>) -> i32 {
        let _ = self.deny::<()>(script);
        127
    }
}

#[cfg(any(test, feature = "test-support"))]
#[doc(hidden)]
pub mod testing {
    use super::*;

    struct NoEnv;
    impl Env for NoEnv {
        fn get(&self, _: &str) -> Option<String> {
            None
        }
        fn exported(&self) -> Vec<(String, String)> {
            Vec::new()
        }
    }
    struct Never;
    impl Cancel for Never {
        fn cancelled(&self) -> bool {
            false
        }
        fn deadline(&self) -> Option<Instant> {
            None
        }
    }

    /// The output of [`run`].
    pub struct Out {
        /// stdout bytes
        pub stdout: Vec<u8>,
        /// stderr as text
        pub stderr: String,
        /// exit status
        pub status: i32,
    }

    impl Out {
        /// stdout as text.
        pub fn out(&self) -> String {
            String::from_utf8_lossy(&self.stdout).into_owned()
        }
    }

    /// Run `cmd` named `name` with `args` in `cwd` on `fs`, stdin from `input`.
    pub fn run(cmd: &dyn Builtin, name: &str, args: &[&str], input: &[u8], fs: &dyn FileSystem, cwd: &str) -> Out {
        let mut stdin: &[u8] = input;
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let status = {
            let mut ctx = Ctx {
                name,
                stdin: &mut stdin,
                stdout: &mut stdout,
                stderr: &mut stderr,
                fs,
                cwd,
                env: &NoEnv,
                cancel: &Never,
                spawn: &NoSpawn,
                net: &net::NoNetwork,
                fds: &NoDescriptors,
                functions: &command_set::NoFunctions,
                stdin_attached: true,
                stdin_pipe: false,
            };
            cmd.run(&mut ctx, &args)
        };
        Out { stdout, stderr: String::from_utf8_lossy(&stderr).into_owned(), status }
    }
}
