//! The native executor (KIT-17): the script runs as a plain child process under the common
//! rules of KIT-16.

use std::ffi::OsString;
use std::future::Future;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use rustix::process::Signal;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{message_tail, reaper, RunError, RunOutput, RunRequest, KILL_GRACE, STDERR_TAIL};
use crate::spec::{EnvEntry, Resolved, ToolSpec, ToolType};

/// The variables copied from kitsh's environment when set (KIT-16).
const INHERITED: [&str; 4] = ["PATH", "HOME", "LANG", "LC_ALL"];

/// How long an `on_stop` command may take.
const STOP_COMMAND_LIMIT: Duration = Duration::from_secs(15);

/// How long the output readers may take after every process of the run is gone.
const DRAIN_GRACE: Duration = Duration::from_secs(2);

/// Runs one call of a tool as a child process (KIT-12, KIT-16, KIT-17).
///
/// argv is `[INTERPRETER, ABS_ENTRYPOINT, ARGS...]` (`[ABS_ENTRYPOINT, ARGS...]` for type
/// `other`), cwd the tool dir, the environment cleared but for `PATH HOME LANG LC_ALL`,
/// `KITSH_TOOL=NAME` and the tool's `env`; stdin the adapter's bytes then EOF, or `/dev/null`.
/// The child leads its own process group. stdout is kept up to `max_output` bytes, stderr's
/// last 64 KiB. On timeout, too much output or cancellation the group gets SIGTERM, then SIGKILL
/// [`KILL_GRACE`] later. When the main process is gone, whatever is left of its group and any
/// descendant that left the group is killed and reaped (see the `reaper` module). Async
/// throughout: many runs may be awaited at once.
pub async fn run_native(req: RunRequest<'_>) -> Result<RunOutput, RunError> {
    let (program, mut argv) = command_line(req.spec, req.resolved)?;
    argv.extend(req.input.args.iter().map(OsString::from));
    let env = environment(req.spec, req.resolved);
    let cwd = req.resolved.dir.clone();
    let launch = Launch {
        program,
        argv,
        cwd,
        env,
        spawn_error: None,
        on_stop: None,
    };
    run_process(req, launch, |_| Ok(())).await
}

/// Maps a spawn error to the run's message.
pub(crate) type SpawnError = std::sync::Arc<dyn Fn(&std::io::Error) -> String + Send + Sync>;

/// What to start: the program, its arguments, its working directory and its whole environment.
pub(crate) struct Launch {
    /// The program (an absolute path).
    pub program: PathBuf,
    /// The arguments after argv[0].
    pub argv: Vec<OsString>,
    /// The working directory.
    pub cwd: PathBuf,
    /// The environment (nothing else is inherited).
    pub env: Vec<(OsString, OsString)>,
    /// The message for a failed spawn (default `cannot run PROGRAM: ERROR`).
    pub spawn_error: Option<SpawnError>,
    /// A command (program and arguments) run before the group is signalled when the run is
    /// stopped (timeout, too much output, cancellation), e.g. `podman kill NAME`; the main
    /// process then has [`KILL_GRACE`] to exit on its own before the SIGTERM.
    pub on_stop: Option<Vec<OsString>>,
}

/// Runs `launch` under the common rules of KIT-16 (process group, stdin bytes, bounded stdout,
/// stderr tail, timeout, cancellation, cleanup of every descendant). `prepare` may adjust the
/// command before it is spawned (the sandbox adds its `pre_exec` setup there).
pub(crate) async fn run_process(
    req: RunRequest<'_>,
    launch: Launch,
    prepare: impl FnOnce(&mut tokio::process::Command) -> Result<(), RunError>,
) -> Result<RunOutput, RunError> {
    let Launch {
        program,
        argv,
        cwd,
        env,
        spawn_error,
        on_stop,
    } = launch;

    let mut command = tokio::process::Command::new(&program);
    command
        .args(&argv)
        .current_dir(&cwd)
        .env_clear()
        .envs(env)
        .stdin(if req.input.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .kill_on_drop(true);
    prepare(&mut command)?;
    let tool = req.spec.name.clone();
    let program_name = program.clone();
    run_child(req, &program, on_stop, move |_| {
        reaper::spawn(&mut command, &tool).map_err(|e| {
            RunError::CouldNotRun(match &spawn_error {
                Some(describe) => describe(&e),
                None => format!("cannot run {}: {e}", program_name.display()),
            })
        })
    })
    .await
}

/// A run's main process as [`run_child`] drives it: std's child, or the sandbox's.
pub(crate) trait RunChild: Send {
    /// The write end of its stdin, when piped (once).
    fn stdin(&mut self) -> Option<Box<dyn AsyncWrite + Send + Unpin>>;
    /// The read end of its stdout (once).
    fn stdout(&mut self) -> Option<Box<dyn AsyncRead + Send + Unpin>>;
    /// The read end of its stderr (once).
    fn stderr(&mut self) -> Option<Box<dyn AsyncRead + Send + Unpin>>;
    /// Waits for it to end (again after it ended: the same status).
    fn wait(&mut self) -> impl Future<Output = std::io::Result<ExitStatus>> + Send;
    /// Why the program never started, known once the main process has ended (the sandbox's
    /// setup reports it so); `None` when it started.
    fn start_failure(&self) -> Option<String> {
        None
    }
}

impl RunChild for tokio::process::Child {
    fn stdin(&mut self) -> Option<Box<dyn AsyncWrite + Send + Unpin>> {
        self.stdin
            .take()
            .map(|p| Box::new(p) as Box<dyn AsyncWrite + Send + Unpin>)
    }

    fn stdout(&mut self) -> Option<Box<dyn AsyncRead + Send + Unpin>> {
        self.stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn AsyncRead + Send + Unpin>)
    }

    fn stderr(&mut self) -> Option<Box<dyn AsyncRead + Send + Unpin>> {
        self.stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn AsyncRead + Send + Unpin>)
    }

    fn wait(&mut self) -> impl Future<Output = std::io::Result<ExitStatus>> + Send {
        tokio::process::Child::wait(self)
    }
}

/// Runs the main process `spawn` starts (given whether its stdin is piped; it registers the run
/// with the reaper and returns its id) under the common rules of KIT-16, as [`run_process`]
/// describes. `program` names it in messages; `on_stop` as in [`Launch`].
pub(crate) async fn run_child<C: RunChild>(
    req: RunRequest<'_>,
    program: &Path,
    on_stop: Option<Vec<OsString>>,
    spawn: impl FnOnce(bool) -> Result<(C, u64), RunError>,
) -> Result<RunOutput, RunError> {
    let RunRequest {
        spec,
        resolved: _,
        input,
        cancel,
    } = req;

    reaper::init();
    let (mut child, id) = spawn(input.stdin.is_some())?;
    let mut guard = Guard { id, armed: true };

    if let (Some(bytes), Some(mut pipe)) = (input.stdin, child.stdin()) {
        tokio::spawn(async move {
            // A script that exits without reading its stdin closes the pipe: not an error.
            let _ = pipe.write_all(&bytes).await;
            let _ = pipe.shutdown().await;
        });
    }
    let (overflow_tx, mut overflow_rx) = watch::channel(false);
    let stdout: Option<JoinHandle<Vec<u8>>> = child
        .stdout()
        .map(|pipe| tokio::spawn(read_capped(pipe, spec.max_output, overflow_tx)));
    let stderr: Option<JoinHandle<Vec<u8>>> =
        child.stderr().map(|pipe| tokio::spawn(read_tail(pipe)));

    let cancelled = async {
        match &cancel {
            Some(token) => token.cancelled().await,
            None => std::future::pending().await,
        }
    };
    let overflowed = async {
        // The `Ref` the wait returns is not `Send`: drop it here. The reader finishing without
        // an overflow closes the channel; that is no reason to stop the run.
        if overflow_rx.wait_for(|over| *over).await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    let timeout = tokio::time::sleep(spec.timeout);
    let (status, stopped) = tokio::select! {
        status = child.wait() => (status, None),
        _ = timeout => (stop(&mut child, id, on_stop.as_deref()).await, Some(RunError::TimedOut(spec.timeout))),
        _ = overflowed => (stop(&mut child, id, on_stop.as_deref()).await, Some(RunError::OutputTooLarge(spec.max_output))),
        _ = cancelled => (stop(&mut child, id, on_stop.as_deref()).await, Some(RunError::Cancelled)),
    };

    clean_up(id).await;
    guard.armed = false;

    let stdout = join_reader(stdout).await;
    let stderr = join_reader(stderr).await;
    if let Some(error) = stopped {
        return Err(error);
    }
    let overflowed = *overflow_rx.borrow();
    if overflowed {
        return Err(RunError::OutputTooLarge(spec.max_output));
    }
    let status = status.map_err(|e| {
        RunError::CouldNotRun(format!("cannot wait for {}: {e}", program.display()))
    })?;
    if let Some(message) = child.start_failure() {
        return Err(RunError::CouldNotRun(message));
    }
    classify(status, stdout, stderr)
}

/// The run's result from the main process's exit status.
fn classify(status: ExitStatus, stdout: Vec<u8>, stderr: Vec<u8>) -> Result<RunOutput, RunError> {
    match (status.code(), status.signal()) {
        (Some(0), _) => Ok(RunOutput {
            stdout,
            stderr,
            status: 0,
        }),
        (Some(code), _) => Err(RunError::Exited {
            status: code,
            stderr_tail: message_tail(&stderr),
            stdout,
            stderr,
        }),
        (None, Some(signal)) => Err(RunError::Signaled(signal)),
        (None, None) => Err(RunError::CouldNotRun("exited without a status".into())),
    }
}

/// SIGTERM to the group, SIGKILL [`KILL_GRACE`] later if the main process still lives; returns
/// its exit status. With an `on_stop` command, that command runs first (at most
/// [`STOP_COMMAND_LIMIT`]) and the main process gets [`KILL_GRACE`] to end by itself.
async fn stop(
    child: &mut impl RunChild,
    id: u64,
    on_stop: Option<&[OsString]>,
) -> std::io::Result<ExitStatus> {
    if let Some((program, args)) = on_stop.and_then(|argv| argv.split_first()) {
        let mut command = tokio::process::Command::new(program);
        command
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        if let Ok(mut helper) = command.spawn() {
            let _ = tokio::time::timeout(STOP_COMMAND_LIMIT, helper.wait()).await;
        }
        if let Ok(status) = tokio::time::timeout(KILL_GRACE, child.wait()).await {
            return status;
        }
    }
    reaper::signal_group(id, Signal::TERM);
    tokio::select! {
        status = child.wait() => status,
        _ = tokio::time::sleep(KILL_GRACE) => {
            reaper::signal_group(id, Signal::KILL);
            child.wait().await
        }
    }
}

/// Kills and reaps what is left of a finished run, sweeping until nothing is (at most a few
/// seconds: a process in uninterruptible sleep may outlast SIGKILL for a while).
async fn clean_up(id: u64) {
    for _ in 0..600 {
        if reaper::sweep(id) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    reaper::forget(id);
}

/// The output of a reader task, or what it has once the run is over and [`DRAIN_GRACE`] passed
/// (a pipe still held open by a process we could not find).
async fn join_reader(handle: Option<JoinHandle<Vec<u8>>>) -> Vec<u8> {
    let Some(mut handle) = handle else {
        return Vec::new();
    };
    match tokio::time::timeout(DRAIN_GRACE, &mut handle).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => Vec::new(),
        Err(_) => {
            handle.abort();
            Vec::new()
        }
    }
}

/// Reads stdout up to `max` bytes; past that, flags the overflow and keeps draining (so the
/// writer is not blocked on a full pipe while it is being stopped).
async fn read_capped(
    mut pipe: impl AsyncRead + Unpin,
    max: u64,
    overflow: watch::Sender<bool>,
) -> Vec<u8> {
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        match pipe.read(&mut chunk).await {
            Ok(0) | Err(_) => return out,
            Ok(n) => {
                if out.len() + n > max {
                    let room = max - out.len();
                    out.extend_from_slice(&chunk[..room]);
                    overflow.send_replace(true);
                } else if !*overflow.borrow() {
                    out.extend_from_slice(&chunk[..n]);
                }
            }
        }
    }
}

/// Reads stderr, keeping the last [`STDERR_TAIL`] bytes.
async fn read_tail(mut pipe: impl AsyncRead + Unpin) -> Vec<u8> {
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        match pipe.read(&mut chunk).await {
            Ok(0) | Err(_) => {
                if out.len() > STDERR_TAIL {
                    out.drain(..out.len() - STDERR_TAIL);
                }
                return out;
            }
            Ok(n) => {
                out.extend_from_slice(&chunk[..n]);
                if out.len() > 2 * STDERR_TAIL {
                    out.drain(..out.len() - STDERR_TAIL);
                }
            }
        }
    }
}

/// The program and the words before the adapter's (KIT-12): the interpreter and the absolute
/// entrypoint, or the entrypoint alone for type `other`.
pub(crate) fn command_line(
    spec: &ToolSpec,
    resolved: &Resolved,
) -> Result<(PathBuf, Vec<OsString>), RunError> {
    let entry = if resolved.entrypoint.is_absolute() {
        resolved.entrypoint.clone()
    } else {
        resolved.dir.join(&resolved.entrypoint)
    };
    let metadata = std::fs::metadata(&entry)
        .map_err(|_| RunError::CouldNotRun(format!("entrypoint not found: {}", entry.display())))?;
    let interpreter = match resolved.kind {
        ToolType::Python => {
            let venv = resolved.dir.join(".venv/bin/python");
            if let Some(python) = ready_env(spec, resolved).and_then(|e| e.python()) {
                python
            } else if is_executable(&venv) {
                venv
            } else {
                on_path("python3")?
            }
        }
        ToolType::Node => on_path("node")?,
        ToolType::Shell => on_path("bash")?,
        ToolType::Other => {
            if !metadata.is_file() || metadata.permissions().mode() & 0o111 == 0 {
                return Err(RunError::CouldNotRun(format!(
                    "entrypoint is not executable: {}",
                    entry.display()
                )));
            }
            return Ok((entry, Vec::new()));
        }
    };
    Ok((interpreter, vec![entry.into_os_string()]))
}

/// `name` found on kitsh's `PATH`, or `interpreter 'NAME' not found on PATH`.
fn on_path(name: &str) -> Result<PathBuf, RunError> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
        .ok_or_else(|| RunError::CouldNotRun(format!("interpreter '{name}' not found on PATH")))
}

/// A regular file (after symlinks) with an execute bit.
fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The tool's installed dependency environment (KIT-20), if it has one.
pub(crate) fn ready_env(spec: &ToolSpec, resolved: &Resolved) -> Option<crate::deps::DepEnv> {
    crate::deps::planned(spec, resolved).filter(crate::deps::DepEnv::is_ready)
}

/// The child's environment (KIT-16), later entries winning; `NODE_PATH` at the tool's Node
/// dependency environment when it has one.
pub(crate) fn environment(spec: &ToolSpec, resolved: &Resolved) -> Vec<(OsString, OsString)> {
    let mut env = base_environment(spec);
    if let Some(node_path) = ready_env(spec, resolved).and_then(|e| e.node_path()) {
        env.push(("NODE_PATH".into(), node_path.into_os_string()));
    }
    env
}

fn base_environment(spec: &ToolSpec) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = INHERITED
        .iter()
        .filter_map(|name| std::env::var_os(name).map(|value| (OsString::from(name), value)))
        .collect();
    env.push(("KITSH_TOOL".into(), spec.name.clone().into()));
    for entry in &spec.env {
        match entry {
            EnvEntry::Copy(name) => {
                if let Some(value) = std::env::var_os(name) {
                    env.push((name.into(), value));
                }
            }
            EnvEntry::Set(name, value) => env.push((name.into(), value.into())),
        }
    }
    env
}

/// Kills the run if `run_native`'s future is dropped before it finished (the caller gave up):
/// SIGKILL to the group, then a sweep on a thread of its own.
struct Guard {
    /// The run's registry id.
    id: u64,
    /// Cleared once the run was cleaned up normally.
    armed: bool,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let id = self.id;
        reaper::signal_group(id, Signal::KILL);
        let _ = std::thread::Builder::new()
            .name("kitsh-kit-sweep".into())
            .spawn(move || {
                for _ in 0..600 {
                    if reaper::sweep(id) {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                reaper::forget(id);
            });
    }
}
