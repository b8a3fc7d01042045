//! The embedding API: [`Bash`], [`BashBuilder`], [`ExecResult`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::builtins::Builtin;
use crate::fs::FileSystem;
use crate::interp::io::{FdObj, Sink};
use crate::interp::shared::Shared;
use crate::interp::vars::attr;
use crate::interp::{Flow, Shell};
use crate::cancel::CancellationToken;
use crate::interp::stream::{OutputCallback, Streamer};
use crate::limits::{ExecutionLimits, LimitExceeded};

/// The outcome of [`Bash::exec`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecResult {
    /// Standard output as text (invalid UTF-8 replaced).
    pub stdout: String,
    /// Standard error as text (invalid UTF-8 replaced).
    pub stderr: String,
    /// Exit status (0–255).
    pub exit_code: i32,
    /// Standard output, exact bytes.
    pub stdout_bytes: Vec<u8>,
    /// Standard error, exact bytes.
    pub stderr_bytes: Vec<u8>,
}

/// Errors of the embedding API (script failures are exit codes, not errors).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The filesystem could not be set up.
    #[error("filesystem setup: {0}")]
    Setup(String),
    /// The blocking task running the script could not finish (the runtime shut down).
    #[error("internal error: {0}")]
    Internal(String),
    /// The snapshot given to [`BashBuilder::restore`] could not be restored.
    #[error(transparent)]
    Snapshot(#[from] crate::SnapshotError),
}

/// An in-process, sandboxed bash interpreter. State (variables, functions, cwd, files)
/// persists across [`Bash::exec`] calls.
///
/// The async methods ([`Bash::exec`], [`Bash::exec_streaming`], [`Bash::exec_cancellable`])
/// run the interpreter on a thread of kitsh's script pool and await it, so a long script never
/// blocks the host's executor (any executor: tokio is not required); dropping their future stops the script at its next command
/// boundary. [`Bash::exec_sync`] runs on the caller's thread, for hosts without a runtime.
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let mut bash = kitsh::Bash::new();
/// let r = bash.exec("x=41; echo $((x + 1))").await.unwrap();
/// assert_eq!(r.stdout, "42\n");
/// # });
/// ```
pub struct Bash {
    session: Arc<Mutex<Session>>,
    shared: Arc<Shared>,
}

/// The interpreter state a [`Bash`] owns; moved to a blocking thread for each async run.
pub(crate) struct Session {
    pub(crate) shell: Shell,
    out: Arc<Mutex<Sink>>,
    err: Arc<Mutex<Sink>>,
    /// The session's own descriptors 0, 1 and 2, which every call starts with (SES-12b).
    std_fds: [Option<crate::interp::io::Fd>; 3],
}

/// How one run is made (internal to the crate: the public methods fill it in).
#[derive(Default)]
pub(crate) struct RunOptions {
    /// `$0` and the shell's name in messages.
    pub name: Option<String>,
    /// Positional parameters.
    pub args: Vec<String>,
    /// A time limit for this run only (the earlier of it and `ExecutionLimits::timeout` holds).
    pub timeout: Option<Duration>,
    /// The host's cancellation token.
    pub token: Option<CancellationToken>,
    /// The token cancelled when the future of an async run is dropped.
    pub drop_token: Option<CancellationToken>,
    /// Streaming callback.
    pub on_output: Option<crate::interp::stream::ChunkCallback>,
    /// Do not print the interpreter's own message when a limit stops the run (the tool
    /// layer prints its own).
    pub quiet_stop: bool,
    /// Keep the descriptors the run leaves for the next one (`$BASH_ENV` before the script, as
    /// in one bash process); otherwise the next run starts with the session's own 0, 1 and 2
    /// and none above them (SES-12b).
    pub keep_descriptors: bool,
}

/// What a run ended with (internal).
pub(crate) struct Outcome {
    /// The output and status.
    pub result: ExecResult,
    /// The limit (or timeout, or cancellation) that stopped it, if one did.
    pub stop: Option<LimitExceeded>,
    /// A panic inside the interpreter was caught.
    pub panicked: bool,
    /// The time limit that was in force.
    pub timeout: Option<Duration>,
    /// The caller's stdout was cut by the output limit.
    pub stdout_truncated: bool,
    /// The caller's stderr was cut by the output limit.
    pub stderr_truncated: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Configures a [`Bash`].
pub struct BashBuilder {
    env: Vec<(String, String)>,
    cwd: Option<String>,
    username: String,
    hostname: String,
    limits: ExecutionLimits,
    fs: Option<Arc<dyn FileSystem>>,
    mounts: Vec<(std::path::PathBuf, String, bool)>,
    custom: HashMap<String, Arc<dyn Builtin>>,
    name: String,
    stdout: Option<Box<dyn std::io::Write + Send>>,
    stderr: Option<Box<dyn std::io::Write + Send>>,
    stdin: Option<Vec<u8>>,
    stdin_reader: Option<Box<dyn std::io::Read + Send>>,
    #[cfg_attr(not(feature = "net"), allow(dead_code))] // without `net`, no URL is reachable
    allow_urls: Vec<String>,
    shell_paths: Vec<String>,
    network: Option<Arc<dyn crate::builtins::net::Network>>,
    command_sets: Vec<Arc<dyn crate::builtins::command_set::CommandSet>>,
    logic: bool,
    invocation: Invocation,
    restore: Option<crate::Snapshot>,
}

/// How the script reached the shell, as bash's invocation flags tell it (`$-` has `c` or `s`,
/// and error messages of a `-c` string have no script name). [`BashBuilder::invocation`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Invocation {
    /// `bash -c 'STRING'`: the default for [`Bash::exec`] and its friends.
    #[default]
    CommandString,
    /// `bash FILE`: a script file.
    File,
    /// `bash < FILE` or `bash -s`: commands read from standard input.
    Stdin,
}

impl Default for BashBuilder {
    fn default() -> Self {
        BashBuilder {
            env: Vec::new(),
            cwd: None,
            username: "user".to_string(),
            hostname: "kitsh".to_string(),
            limits: ExecutionLimits::default(),
            fs: None,
            mounts: Vec::new(),
            custom: HashMap::new(),
            name: "kitsh".to_string(),
            stdout: None,
            stderr: None,
            stdin: None,
            stdin_reader: None,
            allow_urls: Vec::new(),
            shell_paths: Vec::new(),
            network: None,
            command_sets: Vec::new(),
            logic: false,
            invocation: Invocation::CommandString,
            restore: None,
        }
    }
}

impl BashBuilder {
    /// An exported environment variable.
    pub fn env(mut self, key: &str, value: &str) -> Self {
        self.env.push((key.to_string(), value.to_string()));
        self
    }
    /// The starting working directory (created if missing).
    pub fn cwd(mut self, cwd: &str) -> Self {
        self.cwd = Some(cwd.to_string());
        self
    }
    /// `$USER`.
    pub fn username(mut self, u: &str) -> Self {
        self.username = u.to_string();
        self
    }
    /// `$HOSTNAME`.
    pub fn hostname(mut self, h: &str) -> Self {
        self.hostname = h.to_string();
        self
    }
    /// Resource limits.
    pub fn limits(mut self, l: ExecutionLimits) -> Self {
        self.limits = l;
        self
    }
    /// Use this filesystem instead of a fresh in-memory one.
    pub fn filesystem(mut self, fs: Arc<dyn FileSystem>) -> Self {
        self.fs = Some(fs);
        self
    }
    /// Make host directory `host` visible at `vpath` (read-only, writes kept in memory; or
    /// read-write when `writable`).
    pub fn mount(mut self, host: impl Into<std::path::PathBuf>, vpath: &str, writable: bool) -> Self {
        self.mounts.push((host.into(), vpath.to_string(), writable));
        self
    }
    /// Add a command implemented by the embedder.
    pub fn builtin(mut self, name: &str, b: Arc<dyn Builtin>) -> Self {
        self.custom.insert(name.to_string(), b);
        self
    }
    /// The shell's name in error messages and `$0` (default `kitsh`).
    pub fn name(mut self, n: &str) -> Self {
        self.name = n.to_string();
        self
    }
    /// Stream stdout to a writer instead of collecting it.
    pub fn stdout(mut self, w: Box<dyn std::io::Write + Send>) -> Self {
        self.stdout = Some(w);
        self
    }
    /// Stream stderr to a writer instead of collecting it.
    pub fn stderr(mut self, w: Box<dyn std::io::Write + Send>) -> Self {
        self.stderr = Some(w);
        self
    }
    /// Standard input content for the scripts.
    pub fn stdin(mut self, data: Vec<u8>) -> Self {
        self.stdin = Some(data);
        self
    }

    /// Standard input read from `r` when (and only as far as) the script reads it, as the
    /// CLI passes its own standard input on. A wait for input ends when the script is
    /// stopped (timeout, limits).
    pub fn stdin_reader(mut self, r: Box<dyn std::io::Read + Send>) -> Self {
        self.stdin_reader = Some(r);
        self
    }

    /// Let `curl` and `wget` reach URLs starting with `prefix` (repeatable). Without any,
    /// scripts have no network access.
    #[cfg(feature = "net")]
    pub fn allow_url(mut self, prefix: &str) -> Self {
        self.allow_urls.push(prefix.to_string());
        self
    }

    /// A path that names this shell (the CLI passes its own executable's path): a script
    /// that runs it, directly or through `exec`, gets a nested kitsh as for `bash`, in the
    /// same sandbox. The path is matched as written; nothing on the host is opened.
    pub fn shell_path(mut self, path: &str) -> Self {
        self.shell_paths.push(path.to_string());
        self
    }

    /// Serve `curl`/`wget` requests with the embedder's own [`crate::builtins::net::Network`]
    /// (a proxy, a mock, a cache); it replaces [`BashBuilder::allow_url`].
    pub fn network(mut self, net: Arc<dyn crate::builtins::net::Network>) -> Self {
        self.network = Some(net);
        self
    }

    /// Add a group of commands (found before the shell's builtins).
    pub fn command_set(mut self, set: Arc<dyn crate::builtins::command_set::CommandSet>) -> Self {
        self.command_sets.push(set);
        self
    }

    /// A logic-only shell (ScriptedTool, ST-8..ST-12): no filesystem at all, a short list of
    /// shell builtins and stdin transforms, redirections only to `/dev/null`, `/dev/stdout`
    /// and `/dev/stderr`, no process substitution. Mounts and a given filesystem are ignored.
    pub fn logic_mode(mut self) -> Self {
        self.logic = true;
        self.fs = Some(Arc::new(crate::fs::DisabledFs::new()));
        self.mounts.clear();
        self.cwd = Some("/".to_string());
        self
    }

    /// How the script reaches the shell (the `kitsh` CLI sets this from its arguments, as bash
    /// does): `$-` then has `c` (a command string, the default), nothing (a file) or `s`
    /// (standard input).
    pub fn invocation(mut self, how: Invocation) -> Self {
        self.invocation = how;
        self
    }

    /// Start from `snapshot` (a session's files and shell state, [`Bash::snapshot`]) instead of
    /// a fresh session. This builder's limits, mounts, commands and tools apply: the snapshot is
    /// checked against the limits before anything is built, and its mounts must be the
    /// builder's (their host directories may differ). `build` fails with [`Error::Snapshot`].
    pub fn restore(mut self, snapshot: &crate::Snapshot) -> Self {
        self.restore = Some(snapshot.clone());
        self
    }

    /// Build the interpreter.
    pub fn build(self) -> Result<Bash, Error> {
        let image = match &self.restore {
            Some(s) => Some(s.fs_image(&self.limits)?),
            None => None,
        };
        let home = format!("/home/{}", self.username);
        // Our own filesystem has `home` already; only a given one or another cwd is checked
        // (checking would build the standard layout now instead of on first use).
        let own_fs = self.fs.is_none();
        let mut quota = None;
        let fs = match self.fs {
            Some(fs) => fs,
            None => {
                let mut b = crate::fs::VfsBuilder::new()
                    .limits(crate::fs::FsLimits { max_bytes: self.limits.max_fs_bytes, max_files: self.limits.max_fs_files, ..Default::default() })
                    .home(&home)
                    .commands(crate::registry::default_commands().program_names());
                for (host, vpath, rw) in &self.mounts {
                    b = if *rw { b.mount_rw(host.clone(), vpath) } else { b.mount_overlay(host.clone(), vpath) };
                }
                let (fs, q) = b.build_with_quota().map_err(|e| Error::Setup(e.to_string()))?;
                quota = Some(q);
                fs
            }
        };
        if let Some(image) = &image {
            fs.load_image(image).map_err(|e| crate::snapshot::restore_error(&e))?;
        }
        let cwd = self.cwd.clone().unwrap_or_else(|| home.clone());
        // A restored session's files are the snapshot's, as they were (its cwd comes with it).
        if image.is_none() && !(own_fs && cwd == home) && fs.stat(&cwd).is_err() {
            let _ = fs.mkdir(&cwd, true);
        }
        let mut shared = Shared::new(self.limits, self.custom);
        shared.network = self.network;
        shared.command_sets = self.command_sets;
        shared.logic = self.logic;
        shared.shell_paths = self.shell_paths;
        shared.fs_quota = quota;
        let no_input = (self.stdin.is_none() && self.stdin_reader.is_none()).then(|| Arc::new(FdObj::Null));
        shared.no_input = no_input.clone();
        #[cfg(feature = "net")]
        if shared.network.is_none() && !self.allow_urls.is_empty() {
            shared.network = Some(Arc::new(crate::net::HttpNetwork::new(self.allow_urls)));
        }
        let shared = Arc::new(shared);
        let mut shell = Shell::new(fs, shared, cwd);
        shell.shell_name = self.name.clone();
        shell.arg0 = self.name.clone();
        shell.opts.invocation = match self.invocation {
            Invocation::CommandString => 'c',
            Invocation::File => '\0',
            Invocation::Stdin => 's',
        };
        let out = Arc::new(Mutex::new(match self.stdout {
            Some(w) => Sink::writer(w),
            None => Sink::memory(),
        }));
        let err = Arc::new(Mutex::new(match self.stderr {
            Some(w) => Sink::writer(w),
            None => Sink::memory(),
        }));
        shell.fds.set(0, Some(match (self.stdin, self.stdin_reader, no_input) {
            (Some(d), _, _) => Arc::new(FdObj::bytes(d)),
            (None, Some(r), _) => Arc::new(FdObj::Host(crate::interp::io::HostInput::new(r, shell.shared.clone()))),
            (None, None, Some(none)) => none,
            (None, None, None) => Arc::new(FdObj::Null),
        }));
        shell.fds.set(1, Some(Arc::new(FdObj::Sink(out.clone(), true))));
        shell.fds.set(2, Some(Arc::new(FdObj::Sink(err.clone(), false))));
        let defaults = [("HOME", home.as_str()), ("USER", &self.username), ("HOSTNAME", &self.hostname), ("PATH", "/usr/local/bin:/usr/bin:/bin"), ("SHELL", "/bin/bash"), ("TMPDIR", "/tmp")];
        for (k, v) in defaults {
            let var = shell.vars.entry(k);
            var.value = Some(crate::interp::vars::Value::Str(v.to_string()));
            var.attrs |= if k == "HOSTNAME" { 0 } else { attr::EXPORT };
        }
        for (k, v) in self.env {
            let var = shell.vars.entry(&k);
            var.value = Some(crate::interp::vars::Value::Str(v));
            var.attrs |= attr::EXPORT;
        }
        shell.init_default_vars();
        if let Some(snapshot) = &self.restore {
            snapshot.apply_shell(&mut shell)?;
        }
        let shared = shell.shared.clone();
        let std_fds = [shell.fds.get(0).cloned(), shell.fds.get(1).cloned(), shell.fds.get(2).cloned()];
        Ok(Bash { session: Arc::new(Mutex::new(Session { shell, out, err, std_fds })), shared })
    }
}

impl Bash {
    /// A default interpreter: in-memory filesystem, default limits.
    pub fn new() -> Bash {
        // The default build cannot fail: no host mounts are involved.
        match BashBuilder::default().build() {
            Ok(b) => b,
            Err(_) => unreachable_default(),
        }
    }

    /// A builder.
    pub fn builder() -> BashBuilder {
        BashBuilder::default()
    }

    /// Run a script on a thread of the script pool; state persists for the next call. Dropping
    /// the future stops the script at its next command boundary (the state is kept). Outside
    /// a tokio runtime the script runs on the calling thread.
    pub async fn exec(&mut self, script: &str) -> Result<ExecResult, Error> {
        Ok(self.exec_with(script, RunOptions::default()).await?.result)
    }

    /// [`Bash::exec`] that `token` can stop: the script ends at its next command boundary
    /// with exit status 130, `execution cancelled` on stderr and the output so far.
    pub async fn exec_cancellable(&mut self, script: &str, token: &CancellationToken) -> Result<ExecResult, Error> {
        let opts = RunOptions { token: Some(token.clone()), ..Default::default() };
        Ok(self.exec_with(script, opts).await?.result)
    }

    /// [`Bash::exec`] handing output to `callback` while the script runs: after each command
    /// of a list (also in function bodies and `if` branches), each loop iteration and each
    /// top-level command, as `(stdout_chunk, "")` or `("", stderr_chunk)`. Output of a
    /// pipeline, subshell or command substitution is handed over when it ends. The chunks
    /// concatenate to the returned output, which is complete.
    ///
    /// ```
    /// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
    /// use std::sync::{Arc, Mutex};
    /// let chunks = Arc::new(Mutex::new(Vec::new()));
    /// let c2 = chunks.clone();
    /// let mut bash = kitsh::Bash::new();
    /// let r = bash
    ///     .exec_streaming("for i in 1 2 3; do echo $i; done", Box::new(move |out, _err| c2.lock().unwrap().push(out.to_string())))
    ///     .await
    ///     .unwrap();
    /// assert_eq!(r.stdout, "1\n2\n3\n");
    /// assert_eq!(*chunks.lock().unwrap(), ["1\n", "2\n", "3\n"]);
    /// # });
    /// ```
    pub async fn exec_streaming(&mut self, script: &str, callback: OutputCallback) -> Result<ExecResult, Error> {
        let opts = RunOptions { on_output: Some(callback), ..Default::default() };
        Ok(self.exec_with(script, opts).await?.result)
    }

    /// Run with `opts` on the script pool.
    pub(crate) async fn exec_with(&mut self, script: &str, opts: RunOptions) -> Result<Outcome, Error> {
        let script = script.to_string();
        self.run_blocking(move |s, drop_token| {
            let opts = RunOptions { drop_token, ..opts };
            s.run(&script, opts)
        })
        .await
    }

    /// Run `f` on the session on a thread of the script pool ([`crate::pool`]) and await it.
    /// If the future is dropped, the token given to `f` is cancelled.
    pub(crate) async fn run_blocking<R: Send + 'static>(
        &mut self,
        f: impl FnOnce(&mut Session, Option<CancellationToken>) -> R + Send + 'static,
    ) -> Result<R, Error> {
        let session = self.session.clone();
        let guard = CancelOnDrop(Some(CancellationToken::new()));
        let token = guard.0.clone();
        let r = crate::pool::spawn(move || f(&mut lock(&session), token)).await;
        guard.disarm();
        r.map_err(Error::Internal)
    }

    /// Run a script synchronously, on the calling thread.
    pub fn exec_sync(&mut self, script: &str) -> ExecResult {
        lock(&self.session).run(script, RunOptions::default()).result
    }

    /// Set `$0` and the positional parameters, then run `script` (as `bash -c SCRIPT NAME ARGS`).
    pub fn exec_with_args(&mut self, script: &str, name: Option<&str>, args: &[String]) -> ExecResult {
        let opts = RunOptions { name: name.map(str::to_string), args: args.to_vec(), ..Default::default() };
        lock(&self.session).run(script, opts).result
    }

    /// Another handle to this session (the tool layer's deferred executions).
    pub(crate) fn handle(&self) -> Bash {
        Bash { session: self.session.clone(), shared: self.shared.clone() }
    }

    /// Call `f` with the session, on this thread.
    pub(crate) fn with_session(&mut self, f: impl FnOnce(&mut Session)) {
        f(&mut lock(&self.session))
    }

    /// Source a file of the virtual filesystem (as `$BASH_ENV` is sourced).
    pub fn source_file(&mut self, path: &str) -> ExecResult {
        let script = format!(". {}", crate::util::quote::quote_q(path, false));
        let r = lock(&self.session).run(&script, RunOptions { keep_descriptors: true, ..Default::default() }).result;
        // bash sources it without a command of the script's: `PIPESTATUS` is what the file's
        // own commands left.
        let mut sh = self.shell();
        sh.last.pipestatus = std::mem::take(&mut sh.last.sourced_pipestatus);
        r
    }

    /// The interpreter state (locked while the guard lives); only with the feature
    /// `unstable-internals`, no stability promise.
    #[cfg(feature = "unstable-internals")]
    pub fn shell(&mut self) -> ShellGuard<'_> {
        ShellGuard(lock(&self.session))
    }

    /// The interpreter state (locked while the guard lives).
    #[cfg(not(feature = "unstable-internals"))]
    pub(crate) fn shell(&mut self) -> ShellGuard<'_> {
        ShellGuard(lock(&self.session))
    }

    /// The filesystem the scripts see.
    pub fn filesystem(&self) -> Arc<dyn FileSystem> {
        lock(&self.session).shell.fs.clone()
    }

    /// The limits in force.
    pub fn limits(&self) -> &ExecutionLimits {
        &self.shared.limits
    }

    /// A snapshot of this session between calls: its in-memory files (mounts as their
    /// configuration and an overlay's writes) and its shell state (variables with their
    /// attributes, functions, aliases, options, the working directory and directory stack,
    /// `umask`, traps, positional parameters, `$RANDOM`'s state, the `hash` table, history).
    /// Fails while a script or a background job of this session runs.
    pub fn snapshot(&self) -> Result<crate::Snapshot, crate::SnapshotError> {
        match self.session.try_lock() {
            Ok(session) => crate::Snapshot::take(&session),
            Err(std::sync::TryLockError::WouldBlock) => Err(crate::SnapshotError::Busy),
            Err(std::sync::TryLockError::Poisoned(p)) => crate::Snapshot::take(&p.into_inner()),
        }
    }

    /// Is a script of this session still running (one whose async call was dropped or
    /// cancelled and has not reached its next command boundary yet)?
    pub fn is_running(&self) -> bool {
        matches!(self.session.try_lock(), Err(std::sync::TryLockError::WouldBlock))
    }

    /// Pipeline stages and background jobs of this session running on threads now.
    pub fn running_threads(&self) -> usize {
        self.shared.threads.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Exclusive access to a [`Bash`]'s interpreter state, from [`Bash::shell`].
pub struct ShellGuard<'a>(MutexGuard<'a, Session>);

impl std::ops::Deref for ShellGuard<'_> {
    type Target = Shell;
    fn deref(&self) -> &Shell {
        &self.0.shell
    }
}

impl std::ops::DerefMut for ShellGuard<'_> {
    fn deref_mut(&mut self) -> &mut Shell {
        &mut self.0.shell
    }
}

/// Cancels its token when dropped armed: the future of an async run was dropped.
struct CancelOnDrop(Option<CancellationToken>);

impl CancelOnDrop {
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(t) = self.0.take() {
            t.cancel();
        }
    }
}

impl Session {
    /// SES-12b: the next call starts with the session's own standard descriptors, whatever
    /// `exec >FILE` or `exec 2>&1` did in this one; the descriptors from 3 up that `exec` opened
    /// close (a file's writes are in the filesystem already).
    fn reset_descriptors(&mut self) {
        self.shell.fds.truncate(3);
        for (n, fd) in self.std_fds.iter().enumerate() {
            self.shell.fds.set(n as i32, fd.clone());
        }
    }

    /// Run `script` with `opts` on this thread.
    pub(crate) fn run(&mut self, script: &str, opts: RunOptions) -> Outcome {
        if let Some(n) = &opts.name {
            self.shell.arg0 = n.clone();
            // bash names itself by `$0` in its messages (`NAME: line 1: ...`).
            self.shell.shell_name = n.clone();
        }
        if !opts.args.is_empty() || opts.name.is_some() {
            self.shell.positional = opts.args;
        }
        // Each call is a `bash -c` string (`$BASH_ENV`, sourced before it, is not).
        if self.shell.opts.invocation == 'c' && !opts.keep_descriptors {
            self.shell.set_execution_string(script);
        }
        let shared = self.shell.shared.clone();
        let tokens = [opts.token.as_ref(), opts.drop_token.as_ref()];
        for t in tokens.iter().flatten() {
            t.attach(&shared);
        }
        shared.begin();
        if let Some(t) = opts.timeout {
            shared.shorten_deadline(t);
        }
        let timeout = match (opts.timeout, shared.limits.timeout) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        // A cancellation that came before `begin` reset the stop flag.
        if tokens.iter().flatten().any(|t| t.is_cancelled()) {
            shared.trip(LimitExceeded::Cancelled);
        }
        if let Some(cb) = opts.on_output {
            self.shell.stream = Some(Arc::new(Streamer::new(self.out.clone(), self.err.clone(), cb)));
        }
        let sh = &mut self.shell;
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| stacker::maybe_grow(256 * 1024, 8 << 20, || sh.run_script(script, 1))));
        let mut panicked = false;
        let mut status = match r {
            Ok(Ok(s)) => s,
            Ok(Err(Flow::Exit(s))) | Ok(Err(Flow::Return(s))) | Ok(Err(Flow::Abort(s))) => s,
            Ok(Err(Flow::Break(_))) | Ok(Err(Flow::Continue(_))) => self.shell.status,
            Ok(Err(Flow::Limit(l))) => {
                // Some limits (function depth, expansion size) stop by `Flow` alone.
                shared.trip(l);
                if !opts.quiet_stop {
                    self.limit_message(&l);
                }
                l.exit_status()
            }
            Err(_) => {
                panicked = true;
                self.recover_after_panic();
                if let Ok(mut s) = self.err.lock() {
                    let _ = s.push(b"kitsh: internal error\n");
                }
                1
            }
        };
        self.shell.status = status;
        // The EXIT trap leaves the status as it found it, unless it calls `exit`.
        if !panicked && self.shell.run_exit_trap().is_ok() {
            status = self.shell.status;
        }
        // Background jobs still running finish their output before the result is handed back.
        self.shell.wait_own_jobs();
        // A write the filesystem limit refused in the last command stops the run too.
        shared.check_fs_quota();
        let stop = shared.tripped();
        if stop.is_some() {
            // Jobs started by subshells are nobody's to wait for; the stop flag ends each at
            // its next check. Let them end before the next run clears the flag, so nothing of
            // this run goes on into the next.
            let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
            while shared.threads.load(std::sync::atomic::Ordering::Relaxed) > 0 && std::time::Instant::now() < until {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        if let Some(l) = stop {
            if status != l.exit_status() {
                if !opts.quiet_stop {
                    self.limit_message(&l);
                }
                status = l.exit_status();
            }
        }
        for t in tokens.iter().flatten() {
            t.detach(&shared);
        }
        if !opts.keep_descriptors {
            self.reset_descriptors();
        }
        if let Some(s) = self.shell.stream.take() {
            s.emit(true);
        }
        let status = status & 0xff;
        self.shell.status = status;
        let stdout_bytes = lock(&self.out).take();
        let stderr_bytes = lock(&self.err).take();
        let result = ExecResult {
            stdout: String::from_utf8_lossy(&stdout_bytes).into_owned(),
            stderr: String::from_utf8_lossy(&stderr_bytes).into_owned(),
            exit_code: status,
            stdout_bytes,
            stderr_bytes,
        };
        let cut = shared.truncated.load(std::sync::atomic::Ordering::Relaxed);
        Outcome { result, stop, panicked, timeout, stdout_truncated: cut & 1 != 0, stderr_truncated: cut & 2 != 0 }
    }

    /// After a panic the interpreter's nesting counters may be mid-way: reset them.
    fn recover_after_panic(&mut self) {
        let sh = &mut self.shell;
        sh.stack.depth = 0;
        sh.stack.loop_depth = 0;
        sh.errexit_ignored = 0;
        sh.stack.frames.clear();
        sh.stack.in_eval = false;
        sh.stack.in_source = false;
    }

    /// Print why a limit stopped the script, past the output limit itself.
    fn limit_message(&self, l: &LimitExceeded) {
        let msg = match l.value(&self.shell.shared.limits) {
            Some(v) => format!("{}: line {}: {l} ({v})\n", self.shell.shell_name, self.shell.lineno),
            None => format!("{}: line {}: {l}\n", self.shell.shell_name, self.shell.lineno),
        };
        lock(&self.err).push(msg.as_bytes()).ok();
    }

    /// Parse `script` without running it; on a syntax error, the message the shell prints
    /// for it (bash's shape), or `None` when it parses.
    pub(crate) fn syntax_error(&mut self, script: &str) -> Option<String> {
        if self.shell.syntax_check(script) {
            return None;
        }
        Some(String::from_utf8_lossy(&lock(&self.err).take()).into_owned())
    }

    /// The limits in force.
    pub(crate) fn limits(&self) -> &ExecutionLimits {
        &self.shell.shared.limits
    }
}

impl Default for Bash {
    fn default() -> Self {
        Bash::new()
    }
}

#[allow(clippy::panic)]
fn unreachable_default() -> Bash {
    panic!("building the default in-memory Bash cannot fail")
}
