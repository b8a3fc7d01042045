//! The sandbox executor (KIT-18): the script runs under the common rules of KIT-16 (shared with
//! the native executor through `run_child`) inside a sandbox built in-process, by the processes
//! that start the tool, before its `exec` (no external binary).
//!
//! Layout of one run (P is the process kitsh starts and waits for):
//!
//! ```text
//! kitsh ─ P  (host namespaces; writes C1's id maps, waits, reports the tool's status)
//!         └ C1  pid 1 of new user, mount, ipc, pid [, net] ns: mounts, /proc; reaps
//!            └ C2  Landlock + seccomp + no caps, rlimits, chdir, exec the tool (pid 2); its
//!                  exit ends the namespace
//! ```
//!
//! None of them is a copy of kitsh: kitsh starts P with `clone(CLONE_VM)` on a stack of its
//! own, as `posix_spawn` does, and P starts C1 and C2 the same way, so the three run in kitsh's
//! memory (C2 until it execs) on data kitsh prepared ([`Plan`]): no page tables copied, no
//! copy-on-write faults, nothing to tear down when they exit. `spawn` has the kitsh side: the
//! TLS P, C1 and C2 run with (a sleeping thread's, so that `errno` is the call's own), the
//! pidfd and tokio pipes kitsh waits and reads on, and when the plan and stacks may be freed.
//! P reports the tool's wait status through that memory. C1 stays out of the tool's
//! confinement: the tool (C2) confines itself, so Landlock keeps it from C1, and so from
//! kitsh's memory (see [`Plan::sandboxed`]). C1's mount namespace is handed to kitsh on the way
//! (an fd over a socket) and torn down after the call, off the path from the tool's exit to
//! kitsh. Per-process work is done once: the seccomp programs are built and the Landlock rules'
//! paths opened on the first call.
//!
//! Weak runs keep std's fork for P (`pre_exec`): without Landlock, C1 is kept from the tool by
//! running in a non-dumpable copy of kitsh; without user namespaces there is no C1 (P confines
//! itself, drops every capability it has and std execs the tool, with a per-call home and temp
//! dir; run by root the tool keeps host uid 0, so RLIMIT_NPROC does not bind it there).
//!
//! * **User namespace**: C1 is cloned with `CLONE_NEWUSER|NEWNS|NEWIPC|NEWPID[|NEWNET]` and P,
//!   still outside, writes its maps (`setgroups` denied). Run by a normal user, the sandbox's
//!   root maps to the caller's uid and gid (a process may always map its own ids). Run by
//!   root, it maps to host uid and gid 65534 (only a privileged process outside the namespace
//!   may), because the kernel never applies RLIMIT_NPROC to host uid 0; paths under the homes
//!   are cloned before C1 becomes the namespace's root, while it still has the host uid for
//!   permission checks. The sandbox is root of its own namespace only: every capability is
//!   dropped by C2 before it execs the tool (bounding and ambient sets emptied, `SECBIT_NOROOT`
//!   locked, capset to zero, `no_new_privs`), so exec as uid 0 gains nothing.
//! * **Mounts**: `/` becomes a recursive slave (nothing propagates to the host); fresh tmpfs
//!   on `/tmp` (64 MiB) and `/dev/shm`, empty tmpfs over `/home`, the host `$HOME` and `/root`. Paths
//!   the tool needs under those (the tool dir, the interpreter's real prefix, e.g. pyenv's
//!   `sys.prefix`) are cloned with `open_tree` before they are hidden, made read-only with
//!   `mount_setattr`, and moved back with `move_mount`. A fresh `/proc` shows only the
//!   sandbox's processes.
//! * **Landlock** (`landlock` crate; ruleset built in kitsh, the tmpfs rules added by C1 and
//!   the ruleset enforced by C2 through raw system calls on its fd): read and execute
//!   everywhere, write only under the fresh `/tmp` and `/dev/shm` (plus `/dev/null`, `zero`,
//!   `full`, `random`, `urandom`); TCP bind/connect denied (ABI ≥ 4) and signals / abstract
//!   unix sockets scoped to the sandbox (ABI ≥ 6) unless `network = true`. The tool's domain
//!   also denies it every ptrace-type access to processes outside it: C1, P and kitsh.
//! * **seccomp** (one classic BPF program built by hand in kitsh, [`filter`]; a test checks it
//!   decides as the `seccompiler` programs it replaced): `EPERM` for mount,
//!   umount2, ptrace, bpf, keyctl, kexec, unshare, setns, pivot_root, chroot, the new mount
//!   API, module loading, `perf_event_open`, `userfaultfd`, process_vm_*, `clone` with a
//!   namespace flag and, unless `network = true`, `socket` for any family but `AF_UNIX`;
//!   `clone3` gets `ENOSYS` (its flags cannot be filtered; libc falls back to `clone`); x32
//!   system calls (x86_64) get `EPERM`; another architecture's kill the process.
//! * **Network**: an empty net namespace (no interface up) unless `network = true`: as root
//!   with Landlock's socket scoping, one that served an earlier call and was left empty by it
//!   (never two calls at once; see `netns` for why that is as isolated as a new one), else a
//!   new one.
//! * **rlimits**: address space 1 GiB (`limits.memory_mb`), processes 256
//!   (`limits.processes`), open files 1024, CPU seconds = the timeout (`limits.cpu_seconds`),
//!   no core files.
//!
//! Everything P, C1 and C2 run before the `exec` is a raw system call on data prepared
//! beforehand (paths, argv and environment as `CString`s, the BPF program, the Landlock
//! ruleset fd, the stacks): no allocation, no lock (kitsh's other threads share the memory).
//! Features are probed once per process ([`sandbox_status`]); a missing one fails the run
//! (fail-closed) unless the tool sets `sandbox_weak = true` or `KITSH_SANDBOX_WEAK=1`, which
//! runs with what is available. `KITSH_SANDBOX_DISABLE` makes features count as missing (to
//! exercise the weak paths on a complete host).

use std::collections::HashMap;
use std::ffi::{CString, OsString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use landlock::{
    Access, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset,
    RulesetAttr, RulesetCreated, RulesetCreatedAttr, Scope, ABI,
};

use super::native::{command_line, environment, run_child, run_process, Launch};
use spawn::Exit;
use tool_exec::{clone_on_stack, StackOf, Stacks, ToolExec};

mod netns;
mod spawn;
mod tool_exec;
use super::{RunError, RunOutput, RunRequest};
use crate::spec::ToolType;

/// Size of the private `/tmp` (and `/dev/shm`).
const TMP_SIZE: &str = "size=64m,mode=1777";

/// The private home, inside the private `/tmp` (writable, discarded with it).
const PRIVATE_HOME: &str = "/tmp/home";

/// Default address-space limit.
const DEFAULT_MEMORY_MB: u64 = 1024;

/// Default process limit.
const DEFAULT_PROCESSES: u64 = 256;

/// Open files.
const OPEN_FILES: u64 = 1024;

/// What the kernel offers, probed once per process.
#[derive(Debug, Clone)]
struct Features {
    /// `None`, or why user namespaces are unusable.
    userns: Option<String>,
    /// The Landlock ABI, or why Landlock is unusable.
    landlock: Result<i32, String>,
    /// `None`, or why seccomp filters are unusable.
    seccomp: Option<String>,
}

impl Features {
    /// The first missing feature's reason.
    fn missing(&self) -> Option<String> {
        self.userns
            .clone()
            .or_else(|| self.landlock.clone().err())
            .or_else(|| self.seccomp.clone())
    }
}

/// Whether the sandbox executor can run here: `Ok`, or the reason it is unavailable (KIT-18:
/// `cannot create user namespace (EPERM)`, `landlock not supported by this kernel`,
/// `requires Linux`). For `kitsh kit doctor` / `validate`: print `sandbox: ok` or
/// `sandbox: unavailable (REASON)`. Probed once per process.
pub fn sandbox_status() -> Result<(), String> {
    match features().missing() {
        None => Ok(()),
        Some(reason) => Err(reason),
    }
}

/// The probed features (cached).
fn features() -> &'static Features {
    static FEATURES: OnceLock<Features> = OnceLock::new();
    FEATURES.get_or_init(probe)
}

/// Probes user namespaces (in a forked child), the Landlock ABI and seccomp filter support,
/// then takes away what `KITSH_SANDBOX_DISABLE` names (see [`disabled`]).
fn probe() -> Features {
    let mut features = Features {
        userns: probe_userns(),
        landlock: probe_landlock(),
        seccomp: probe_seccomp(),
    };
    if let Ok(list) = std::env::var("KITSH_SANDBOX_DISABLE") {
        disable(&mut features, &list);
    }
    features
}

/// `KITSH_SANDBOX_DISABLE=userns,landlock,seccomp` (any of them, comma-separated): the sandbox
/// behaves as on a kernel without those features: a run fails closed naming them, unless the
/// tool is `sandbox_weak`, which then runs without them. For checking the weak paths on a host
/// that has everything (the tests do), and for seeing what a kit would do on one that has less.
/// It can only take isolation away where weakness is allowed anyway; unknown names are ignored.
fn disable(features: &mut Features, list: &str) {
    const WHY: &str = "disabled by KITSH_SANDBOX_DISABLE";
    for name in list.split(',').map(str::trim) {
        match name {
            "userns" => features.userns = Some(format!("cannot create user namespace ({WHY})")),
            "landlock" => features.landlock = Err(format!("landlock unavailable ({WHY})")),
            "seccomp" => features.seccomp = Some(format!("seccomp filters unavailable ({WHY})")),
            _ => {}
        }
    }
}

/// Forks a child that only calls `unshare` (async-signal-safe) and reports its errno.
fn probe_userns() -> Option<String> {
    let flags = libc::CLONE_NEWUSER
        | libc::CLONE_NEWNS
        | libc::CLONE_NEWNET
        | libc::CLONE_NEWIPC
        | libc::CLONE_NEWPID;
    // SAFETY: the child makes two raw system calls and `_exit`s; nothing else runs after fork.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Some(format!(
            "cannot create user namespace (fork: {})",
            io::Error::last_os_error()
        ));
    }
    if pid == 0 {
        // SAFETY: raw system calls in the forked child.
        unsafe {
            let code = if libc::unshare(flags) == 0 {
                0
            } else {
                *libc::__errno_location()
            };
            libc::_exit(code);
        }
    }
    let mut status = 0;
    loop {
        // SAFETY: waiting for our own child.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            break;
        }
        if io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return Some("cannot create user namespace (wait failed)".into());
        }
    }
    if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0 {
        return None;
    }
    let errno = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        0
    };
    Some(format!(
        "cannot create user namespace ({})",
        errno_name(errno)
    ))
}

/// `EPERM`, `ENOSPC`, ... for the probe messages.
fn errno_name(errno: i32) -> String {
    match errno {
        libc::EPERM => "EPERM".into(),
        libc::EACCES => "EACCES".into(),
        libc::ENOSPC => "ENOSPC".into(),
        libc::EINVAL => "EINVAL".into(),
        libc::ENOSYS => "ENOSYS".into(),
        libc::EUSERS => "EUSERS".into(),
        0 => "killed".into(),
        n => format!("errno {n}"),
    }
}

/// `landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)`.
fn probe_landlock() -> Result<i32, String> {
    // SAFETY: the documented version query; no memory is passed.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32,
        )
    };
    if abi >= 1 {
        Ok(i32::try_from(abi).unwrap_or(i32::MAX))
    } else {
        Err("landlock not supported by this kernel".into())
    }
}

/// `seccomp(SECCOMP_GET_ACTION_AVAIL, 0, &SECCOMP_RET_ERRNO)`.
fn probe_seccomp() -> Option<String> {
    let action: u32 = libc::SECCOMP_RET_ERRNO;
    // SAFETY: the kernel reads one u32.
    let r = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_GET_ACTION_AVAIL,
            0u32,
            &action as *const u32,
        )
    };
    if r == 0 {
        None
    } else {
        Some("seccomp filters not supported by this kernel".into())
    }
}

/// Whether `KITSH_SANDBOX_WEAK=1`.
fn weak_from_env() -> bool {
    std::env::var("KITSH_SANDBOX_WEAK").is_ok_and(|v| v == "1")
}

/// Runs one call of a tool in the sandbox (KIT-18); see the module docs. Same argv, stdin,
/// output, timeout and failure rules as [`super::run_native`], plus `TMPDIR=/tmp` and
/// `HOME=/tmp/home` (an empty private home).
pub async fn run_sandbox(req: RunRequest<'_>) -> Result<RunOutput, RunError> {
    let spec = req.spec;
    let features = features().clone();
    let weak = spec.sandbox_weak || weak_from_env();
    if let Some(reason) = features.missing() {
        if !weak {
            return Err(RunError::CouldNotRun(format!(
                "executor 'sandbox' unavailable: {reason}"
            )));
        }
    }
    let (program, mut argv) = command_line(spec, req.resolved)?;
    let (program, needed) = real_interpreter(program, req.resolved.kind).await;
    let program_name = program.display().to_string();
    argv.extend(req.input.args.iter().map(OsString::from));
    let mut env = environment(spec, req.resolved);
    env.retain(|(k, _)| k != "HOME" && k != "TMPDIR");
    let userns = features.userns.is_none();
    let scratch = if userns { None } else { Some(Scratch::new()?) };
    let (home, tmp) = match &scratch {
        Some(s) => (s.0.clone(), s.0.clone()),
        None => (PathBuf::from(PRIVATE_HOME), PathBuf::from("/tmp")),
    };
    env.push(("HOME".into(), home.into_os_string()));
    env.push(("TMPDIR".into(), tmp.into_os_string()));
    let mut needed_dirs = vec![req.resolved.dir.clone()];
    // The dependency environment is bound read-only too (it may live under a hidden home).
    if let Some(deps) = super::native::ready_env(spec, req.resolved) {
        needed_dirs.push(deps.dir);
    }
    needed_dirs.extend(needed);
    // Landlock scopes abstract unix sockets to the call (ABI ≥ 6): a reused network namespace
    // carries nothing from one call to the next (see `netns`).
    let scoped = matches!(features.landlock, Ok(abi) if abi >= 6);
    let net = if userns && !spec.network {
        netns::take(scoped)
    } else {
        None
    };
    let tool = if userns {
        Some(ToolExec::new(&program, &argv, &env).map_err(RunError::CouldNotRun)?)
    } else {
        None
    };
    let plan = Plan::build(
        spec,
        &features,
        &needed_dirs,
        &req.resolved.dir,
        scratch.as_ref(),
        tool,
        net.as_ref().map(netns::NetNs::fd),
    )?;
    // P in kitsh's own memory where the tool's confinement keeps it from C1's (Landlock, see
    // `Plan::sandboxed`) and the architecture allows it (`spawn`); otherwise std's fork.
    let result = if userns && plan.ruleset.is_some() && spawn::supported() {
        let mut plan = Box::new(plan);
        plan.shared_vm = true;
        let tool = spec.name.clone();
        run_child(req, &program, None, move |stdin_piped| {
            super::reaper::start(&tool, || {
                spawn::start(plan, stdin_piped, program_name.clone())
            })
            .map_err(|e| RunError::CouldNotRun(format!("cannot run {program_name}: {e}")))
        })
        .await
    } else {
        let cwd = req.resolved.dir.clone();
        run_process(
            req,
            Launch {
                program,
                argv,
                cwd,
                env,
                spawn_error: Some(plan.report.describer(&program_name)),
                on_stop: None,
            },
            move |command| {
                let mut plan = plan;
                // SAFETY: `enter` makes only raw system calls on data prepared before the fork.
                unsafe {
                    command.pre_exec(move || plan.enter());
                }
                Ok(())
            },
        )
        .await
    };
    drop(scratch);
    // Given back only after a normal end: P relayed the tool's exit once C1 had ended, so no
    // process of the call is left in the namespace.
    if let Some(net) = net {
        if matches!(result, Ok(_) | Err(RunError::Exited { .. })) {
            netns::give_back(net);
        }
    }
    result
}

/// A per-call writable dir for weak runs without namespaces (no private `/tmp` there).
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Self, RunError> {
        use std::sync::atomic::AtomicU64;
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "kitsh-sandbox-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)
            .map_err(|e| RunError::CouldNotRun(format!("cannot create {}: {e}", dir.display())))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The interpreter's real executable and the dirs it needs (through shims such as pyenv's):
/// for Python `sys.executable`, `sys.prefix` and `sys.base_prefix` (asked once per
/// interpreter), otherwise the canonical program and its prefix (`PREFIX/bin/PROG`).
async fn real_interpreter(program: PathBuf, kind: ToolType) -> (PathBuf, Vec<PathBuf>) {
    type Cache = Mutex<HashMap<PathBuf, (PathBuf, Vec<PathBuf>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(hit) = cache
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(&program)
    {
        return hit.clone();
    }
    if kind == ToolType::Other {
        // The entrypoint itself, inside the tool dir (which is bound on its own).
        return (program, Vec::new());
    }
    let canonical = std::fs::canonicalize(&program).unwrap_or_else(|_| program.clone());
    let prefix = |p: &Path| {
        p.parent()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or_else(|| p.to_path_buf())
    };
    let mut found = (canonical.clone(), vec![prefix(&canonical)]);
    if kind == ToolType::Python {
        let out = tokio::process::Command::new(&program)
            .args([
                "-I",
                "-c",
                "import sys;print(sys.executable);print(sys.prefix);print(sys.base_prefix)",
            ])
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()
            .await;
        if let Ok(out) = out {
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let lines: Vec<&str> = text.lines().collect();
            if out.status.success() && lines.len() == 3 && !lines[0].is_empty() {
                let exe = PathBuf::from(lines[0]);
                let exe = std::fs::canonicalize(&exe).unwrap_or(exe);
                let mut dirs = vec![prefix(&exe), PathBuf::from(lines[1])];
                dirs.push(PathBuf::from(lines[2]));
                // A venv's `python` is a symlink to its base: keep the venv's path so that
                // `sys.prefix` stays the venv; otherwise run the real executable (no shim).
                let venv = lines[1] != lines[2];
                if venv {
                    dirs.push(prefix(&canonical));
                }
                found = (if venv { program.clone() } else { exe }, dirs);
            }
        }
    }
    cache
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(program, found.clone());
    found
}

/// A failure of the child's setup: which step, reported through a pipe (one byte) so the
/// spawn error names it.
struct Report {
    /// Read end (kitsh).
    read: Arc<OwnedFd>,
    /// Write end (child; close-on-exec).
    write: OwnedFd,
}

/// The steps of the child's setup, for messages.
const STEPS: [&str; 17] = [
    "create namespaces (clone)",
    "write uid/gid map",
    "make / a slave mount",
    "clone a bind mount (open_tree)",
    "mount a tmpfs",
    "create a mount point",
    "move a bind mount (move_mount)",
    "mount /proc",
    "landlock",
    "seccomp",
    "drop capabilities",
    "fork",
    "set rlimits",
    "chdir",
    "exec",
    "join a network namespace (setns)",
    "set up stdin, stdout and stderr",
];

/// The step of [`STEPS`] whose failure is reported as std reports a failed exec.
const STEP_EXEC: usize = 14;

impl Report {
    fn new() -> io::Result<Self> {
        let mut fds = [0; 2];
        // SAFETY: pipe2 fills two fds we then own.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } != 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fresh fds from pipe2.
        let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        Ok(Report {
            read: Arc::new(read),
            write,
        })
    }

    /// Maps a spawn error (a step failed in P or C1, which std reports) to `sandbox setup
    /// failed (STEP): ERROR`.
    fn describer(&self, program: &str) -> Arc<dyn Fn(&io::Error) -> String + Send + Sync> {
        let read = Arc::clone(&self.read);
        let program = program.to_string();
        Arc::new(move |e: &io::Error| match read_failure(&read) {
            Some((step, _)) => describe_failure(step, e, &program),
            None => format!("cannot run {program}: {e}"),
        })
    }

    /// In the child: records `step` and the current errno (one atomic 5-byte write) and
    /// returns the errno as an error.
    fn fail(&self, step: usize) -> io::Error {
        let err = io::Error::last_os_error();
        let errno = err.raw_os_error().unwrap_or(0).to_ne_bytes();
        let record = [
            u8::try_from(step).unwrap_or(u8::MAX),
            errno[0],
            errno[1],
            errno[2],
            errno[3],
        ];
        // SAFETY: one write on an fd we hold.
        unsafe {
            libc::write(self.write.as_raw_fd(), record.as_ptr().cast(), record.len());
        }
        err
    }
}

/// The failure a child recorded, if any: (step, errno).
fn read_failure(read: &OwnedFd) -> Option<(usize, i32)> {
    let mut record = [0u8; 5];
    // SAFETY: reading from our non-blocking pipe into a local buffer.
    let n = unsafe { libc::read(read.as_raw_fd(), record.as_mut_ptr().cast(), record.len()) };
    if n < 1 {
        return None;
    }
    let errno = if n == 5 {
        i32::from_ne_bytes([record[1], record[2], record[3], record[4]])
    } else {
        0
    };
    Some((usize::from(record[0]), errno))
}

/// `executor 'sandbox' setup failed (STEP): ERROR`, or std's `cannot run PROGRAM: ERROR` for a
/// failed exec.
fn describe_failure(step: usize, e: &io::Error, program: &str) -> String {
    if step == STEP_EXEC {
        return format!("cannot run {program}: {e}");
    }
    let step = STEPS.get(step).copied().unwrap_or("setup");
    format!("executor 'sandbox' setup failed ({step}): {e}")
}

/// A path the tool needs that a hidden tree covers: cloned before hiding, moved back after.
struct Bind {
    /// The path (source and target are the same).
    path: CString,
    /// Dirs to create (outermost first) inside the covering tmpfs before moving it back.
    mkdirs: Vec<CString>,
    /// The detached clone, during setup.
    tree: i32,
}

/// Everything the child needs, prepared before the fork.
struct Plan {
    report: Report,
    /// Namespaces on (else a weak run: no namespaces).
    userns: bool,
    /// The namespaces C1 is created in (`CLONE_NEW*`).
    ns_flags: i32,
    /// A reused network namespace P joins before creating C1 (see `netns`), or -1.
    join_net: i32,
    /// C1's id maps, written by P (`0 ID 1`).
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
    /// Paths made private tmpfs: homes, `/tmp`, `/dev/shm` (writable ones flagged).
    tmpfs: Vec<(CString, &'static str, bool)>,
    binds: Vec<Bind>,
    private_home: CString,
    cwd: CString,
    /// The Landlock ruleset (kitsh's fd: the children only use its number, so it is closed
    /// with the plan whatever they did).
    ruleset: Option<OwnedFd>,
    /// The access rights of the rules added for the writable tmpfs trees.
    fs_access: u64,
    /// Set once Landlock, seccomp and the capability drop are in place.
    confined: bool,
    /// With namespaces: the tool's exec, done by C2 itself (see `tool_exec`).
    tool: Option<ToolExec>,
    /// The main filter (EPERM) and the clone3 one (ENOSYS).
    /// The seccomp program (empty without seccomp).
    filter: &'static [libc::sock_filter],
    rlimits: Vec<(libc::__rlimit_resource_t, u64)>,
    /// The highest capability number the kernel knows (the bounding set is emptied up to it).
    cap_last: i32,
    /// The stacks of P (when kitsh starts it, see `spawn`), C1 and C2.
    stacks: Stacks,
    /// The tool's wait status, recorded by C1 (or C2's, P's failures; see `spawn`).
    exit: Arc<Exit>,
    /// P started by kitsh in kitsh's own memory (`spawn`) rather than by std's fork.
    shared_vm: bool,
    /// With `shared_vm`: the fds P makes its stdin, stdout and stderr.
    stdio: [i32; 3],
    /// With `shared_vm`: the write end of the life pipe C1 keeps open (see `spawn`), else -1.
    life: i32,
    /// With `shared_vm`: a socket P sends an fd of C1's mount namespace through (see `spawn`),
    /// else -1.
    keep: i32,
}

/// `/proc/self/...` and fixed strings, built once.
struct Fixed {
    root: CString,
    proc_: CString,
    tmpfs: CString,
    empty: CString,
}

fn fixed() -> &'static Fixed {
    static FIXED: OnceLock<Fixed> = OnceLock::new();
    FIXED.get_or_init(|| Fixed {
        root: c"/".into(),
        proc_: c"proc".into(),
        tmpfs: c"tmpfs".into(),
        empty: c"".into(),
    })
}

/// A path as a C string.
fn cpath(path: &Path) -> Result<CString, RunError> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| RunError::CouldNotRun(format!("path has a NUL byte: {}", path.display())))
}

fn setup_error(what: &str, e: impl std::fmt::Display) -> RunError {
    RunError::CouldNotRun(format!("executor 'sandbox' setup failed ({what}): {e}"))
}

impl Plan {
    fn build(
        spec: &crate::spec::ToolSpec,
        features: &Features,
        needed: &[PathBuf],
        tool_dir: &Path,
        scratch: Option<&Scratch>,
        tool: Option<ToolExec>,
        join_net: Option<i32>,
    ) -> Result<Plan, RunError> {
        let report = Report::new().map_err(|e| setup_error("pipe", e))?;
        let userns = features.userns.is_none();
        let mut ns_flags =
            libc::CLONE_NEWUSER | libc::CLONE_NEWNS | libc::CLONE_NEWIPC | libc::CLONE_NEWPID;
        if !spec.network && join_net.is_none() {
            ns_flags |= libc::CLONE_NEWNET;
        }
        // SAFETY: plain getters.
        let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
        // RLIMIT_NPROC never binds host uid 0 (the kernel exempts INIT_USER), so as root the
        // sandbox's root is mapped to an unprivileged host uid; P, still root outside the new
        // user namespace, may write that map. Others map the sandbox's root to themselves.
        let (uid, gid) = if uid == 0 {
            (UNPRIVILEGED_ID, UNPRIVILEGED_ID)
        } else {
            (uid, gid)
        };

        // Hidden trees: the homes (empty, read-only by Landlock), /tmp and /dev/shm (writable).
        let mut hidden: Vec<(PathBuf, &'static str, bool)> = Vec::new();
        // Every home: /home, the invoking user's $HOME and /root (a home inside another one
        // is covered by it; one inside /tmp by the private /tmp).
        let mut homes: Vec<PathBuf> = vec![PathBuf::from("/home")];
        if let Some(home) = std::env::var_os("HOME").map(PathBuf::from) {
            homes.push(home);
        }
        homes.push(PathBuf::from("/root"));
        let mut homes: Vec<PathBuf> = homes
            .into_iter()
            .map(|h| std::fs::canonicalize(&h).unwrap_or(h))
            .filter(|h| h.is_absolute() && h != Path::new("/") && h.is_dir())
            .filter(|h| !h.starts_with("/tmp") && !h.starts_with("/dev/shm"))
            .collect();
        homes.sort();
        homes.dedup();
        for home in &homes {
            if !homes
                .iter()
                .any(|other| other != home && home.starts_with(other))
            {
                hidden.push((home.clone(), "size=1m,mode=0755", false));
            }
        }
        hidden.push((PathBuf::from("/tmp"), TMP_SIZE, true));
        if Path::new("/dev/shm").is_dir() {
            hidden.push((PathBuf::from("/dev/shm"), TMP_SIZE, true));
        }
        // Needed paths under a hidden tree, outermost first, without ones inside another.
        let mut wanted: Vec<PathBuf> = needed
            .iter()
            .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()))
            .filter(|p| p.is_dir())
            .filter(|p| hidden.iter().any(|(h, _, _)| p.starts_with(h) && p != h))
            .collect();
        wanted.sort();
        wanted.dedup();
        let mut kept: Vec<PathBuf> = Vec::new();
        for p in wanted {
            if !kept.iter().any(|k| p.starts_with(k)) {
                kept.push(p);
            }
        }
        let mut binds = Vec::new();
        for path in kept {
            let Some((root, _, _)) = hidden.iter().find(|(h, _, _)| path.starts_with(h)) else {
                continue;
            };
            let mut mkdirs = Vec::new();
            let mut cur = root.clone();
            for part in path
                .strip_prefix(root)
                .unwrap_or(Path::new(""))
                .components()
            {
                cur.push(part);
                mkdirs.push(cpath(&cur)?);
            }
            binds.push(Bind {
                path: cpath(&path)?,
                mkdirs,
                tree: -1,
            });
        }
        let tmpfs = hidden
            .iter()
            .map(|(p, opts, w)| Ok((cpath(p)?, *opts, *w)))
            .collect::<Result<Vec<_>, RunError>>()?;

        // Landlock.
        let (ruleset, fs_access) = match &features.landlock {
            Ok(abi) => {
                let abi = ABI::from(*abi);
                let created = ruleset(abi, spec.network, scratch)
                    .map_err(|e| setup_error("landlock ruleset", e))?;
                (
                    Option::<OwnedFd>::from(created),
                    AccessFs::from_all(abi).bits(),
                )
            }
            Err(_) => (None, 0),
        };

        // seccomp.
        let filter = if features.seccomp.is_none() {
            compiled_filter(spec.network).map_err(|e| setup_error("seccomp filter", e))?
        } else {
            &[]
        };

        // rlimits, lowered only (no CAP_SYS_RESOURCE needed).
        let limits = spec.limits;
        let memory = limits
            .memory_mb
            .unwrap_or(DEFAULT_MEMORY_MB)
            .saturating_mul(1 << 20);
        let cpu = limits
            .cpu_seconds
            .unwrap_or_else(|| spec.timeout.as_secs_f64().ceil().max(1.0) as u64);
        let rlimits = vec![
            (libc::RLIMIT_AS, memory),
            (
                libc::RLIMIT_NPROC,
                limits.processes.unwrap_or(DEFAULT_PROCESSES),
            ),
            (libc::RLIMIT_NOFILE, OPEN_FILES),
            (libc::RLIMIT_CPU, cpu),
            (libc::RLIMIT_CORE, 0),
        ];

        Ok(Plan {
            report,
            userns,
            ns_flags,
            join_net: join_net.unwrap_or(-1),
            uid_map: format!("0 {uid} 1\n").into_bytes(),
            gid_map: format!("0 {gid} 1\n").into_bytes(),
            tmpfs,
            binds,
            private_home: CString::new(PRIVATE_HOME).map_err(|e| setup_error("home", e))?,
            cwd: cpath(tool_dir)?,
            ruleset,
            fs_access,
            confined: false,
            tool,
            filter,
            rlimits,
            cap_last: cap_last(),
            stacks: Stacks::new().map_err(|e| setup_error("stacks", e))?,
            exit: Arc::default(),
            shared_vm: false,
            stdio: [-1; 3],
            life: -1,
            keep: -1,
        })
    }

    /// The child's setup (runs in `pre_exec`): see the module docs. Only raw system calls.
    fn enter(&mut self) -> io::Result<()> {
        // SAFETY: every call below is a raw system call on memory prepared before the fork.
        unsafe {
            if self.userns {
                // Returns only with an error: P, C1 and C2 never come back here.
                match self.sandboxed()? {}
            }
            self.confine()?;
            self.finish()
        }
    }

    /// In C1, once P has written its id maps: the binds, the mounts and the Landlock rules
    /// for the new tmpfs.
    unsafe fn namespaces(&mut self) -> io::Result<()> {
        let f = fixed();
        // Before becoming the namespace's root: still the host uid for permission checks, so
        // paths under a private home (mode 0700) can be cloned.
        self.clone_binds()?;
        // Become the namespace's root: the credentials now hold the mapped host ids.
        if libc::syscall(libc::SYS_setresgid, 0, 0, 0) != 0
            || libc::syscall(libc::SYS_setresuid, 0, 0, 0) != 0
        {
            return Err(self.report.fail(1));
        }
        if libc::mount(
            std::ptr::null(),
            f.root.as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_SLAVE,
            std::ptr::null(),
        ) != 0
        {
            return Err(self.report.fail(2));
        }
        for (path, opts, _) in &self.tmpfs {
            let opts = opts.as_bytes();
            // The options are short constants: copy them NUL-terminated onto the stack.
            let mut data = [0u8; 64];
            data[..opts.len()].copy_from_slice(opts);
            if libc::mount(
                f.tmpfs.as_ptr(),
                path.as_ptr(),
                f.tmpfs.as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                data.as_ptr().cast(),
            ) != 0
            {
                return Err(self.report.fail(4));
            }
        }
        if libc::mkdir(self.private_home.as_ptr(), 0o700) != 0 {
            return Err(self.report.fail(5));
        }
        for bind in &self.binds {
            for dir in &bind.mkdirs {
                if libc::mkdir(dir.as_ptr(), 0o755) != 0
                    && *libc::__errno_location() != libc::EEXIST
                {
                    return Err(self.report.fail(5));
                }
            }
            if libc::syscall(
                libc::SYS_move_mount,
                bind.tree,
                f.empty.as_ptr(),
                libc::AT_FDCWD,
                bind.path.as_ptr(),
                MOVE_MOUNT_F_EMPTY_PATH,
            ) != 0
            {
                return Err(self.report.fail(6));
            }
            libc::close(bind.tree);
        }
        // Landlock: writes under the fresh writable tmpfs trees (the rules go into the
        // ruleset kitsh created; C2 enforces it).
        if let Some(ruleset) = &self.ruleset {
            for (path, _, writable) in &self.tmpfs {
                if !writable {
                    continue;
                }
                let fd = libc::open(path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
                if fd < 0 {
                    return Err(self.report.fail(8));
                }
                let rule = PathBeneathAttr {
                    allowed_access: self.fs_access,
                    parent_fd: fd,
                };
                let added = libc::syscall(
                    libc::SYS_landlock_add_rule,
                    ruleset.as_raw_fd(),
                    LANDLOCK_RULE_PATH_BENEATH,
                    &rule as *const PathBeneathAttr,
                    0u32,
                );
                if added != 0 {
                    let e = self.report.fail(8);
                    libc::close(fd);
                    return Err(e);
                }
                libc::close(fd);
            }
        }
        Ok(())
    }

    /// Clones the paths to bring back under the hidden trees (read-only, detached).
    unsafe fn clone_binds(&mut self) -> io::Result<()> {
        let f = fixed();
        for bind in &mut self.binds {
            let fd = libc::syscall(
                libc::SYS_open_tree,
                libc::AT_FDCWD,
                bind.path.as_ptr(),
                OPEN_TREE_CLONE | libc::O_CLOEXEC as u32 | AT_RECURSIVE,
            );
            if fd < 0 {
                return Err(self.report.fail(3));
            }
            bind.tree = fd as i32;
            let attr = MountAttr {
                attr_set: MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                attr_clr: 0,
                propagation: 0,
                userns_fd: 0,
            };
            if libc::syscall(
                libc::SYS_mount_setattr,
                bind.tree,
                f.empty.as_ptr(),
                libc::AT_EMPTY_PATH | AT_RECURSIVE as i32,
                &attr as *const MountAttr,
                std::mem::size_of::<MountAttr>(),
            ) != 0
            {
                return Err(self.report.fail(3));
            }
        }
        Ok(())
    }

    /// P when kitsh starts it in its own memory (`spawn`): what std does in a child before
    /// `pre_exec` (process group, stdin, stdout, stderr), then [`Plan::sandboxed`]. Never
    /// returns: a failure is in the report pipe for kitsh, which reaps P.
    unsafe fn run_p(&mut self) -> ! {
        libc::setpgid(0, 0);
        for (target, fd) in self.stdio.into_iter().enumerate() {
            if libc::dup2(fd, target as i32) < 0 {
                self.report.fail(16);
                libc::_exit(127);
            }
        }
        let _ = self.sandboxed();
        libc::_exit(127)
    }

    /// P: starts C1 in new user, mount, ipc, pid [and net] namespaces, where it is pid 1,
    /// writes its id maps, waits for it and reports how the tool ended. C1 sets up the mounts
    /// and starts the tool (C2), which confines itself and execs. Returns only with an error,
    /// in P: a step that failed in C1 or C2 is handed back to P, which returns it (to std, so
    /// the spawn fails as it would have had P failed itself; or to `run_p`).
    ///
    /// C1 and C2 share P's memory (`CLONE_VM`; see `tool_exec` for why), which is kitsh's own
    /// when kitsh started P (`shared_vm`, see `spawn`), else a copy made by std's fork. C1
    /// also shares P's fd table (`CLONE_FILES`) so that closing everything in C1 once the tool
    /// has exec'd also closes P's copies (std's exec-error pipe, which releases std's spawn;
    /// the tool's stdio, which must reach end of file when it ends). P and C1 run side by
    /// side, so neither may depend on what the other writes meanwhile: C1 waits on a pipe
    /// while P writes the maps (the only step of P that may fail and set the shared `errno`);
    /// then P only waits, with no signal handler installed (no `EINTR`), and reads the failure
    /// C1 or C2 recorded once C1 has exited.
    ///
    /// The tool may not read this memory (kitsh's, or the copy) through C1, its pid 1, although
    /// both may run as the same uid: the tool is in a Landlock domain and C1 is not, and
    /// Landlock denies every ptrace-type access (`/proc/1/mem`, `environ`, `pidfd_getfd`, ...)
    /// from inside a domain to a process outside it. The copy of std's fork is also made
    /// non-dumpable (Landlock may be missing in weak runs, which always take that path).
    unsafe fn sandboxed(&mut self) -> io::Result<std::convert::Infallible> {
        // Signals: no handler anywhere in the chain (kitsh's would run in P or C1); P ignores
        // the group's SIGTERM, SIGINT and SIGHUP (the tool gets them and P follows when it
        // ends); C2 restores them before exec. Only then are signals unblocked (kitsh blocked
        // them all around the `clone` of a shared-memory P; std already did this).
        for sig in 1..libc::SIGRTMIN() {
            if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                libc::signal(sig, libc::SIG_DFL);
            }
        }
        for sig in GROUP_SIGNALS {
            libc::signal(sig, libc::SIG_IGN);
        }
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        let mut fds = [0; 2];
        if libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
            return Err(self.report.fail(11));
        }
        let [go_r, go_w] = fds;
        // C1 inherits the reused network namespace P joins (see `netns`).
        if self.join_net >= 0 && libc::setns(self.join_net, libc::CLONE_NEWNET) != 0 {
            return Err(self.report.fail(15));
        }
        // 0: none yet; else the errno of the step C1 or C2 recorded in the report pipe.
        let failure = AtomicI32::new(0);
        let flags = libc::CLONE_VM | libc::CLONE_FILES | libc::SIGCHLD | self.ns_flags;
        let top = self.stacks.top(StackOf::C1);
        let mut pid1 = || {
            let mut go = [0u8; 1];
            if libc::read(go_r, go.as_mut_ptr().cast(), 1) != 1 {
                // P could not write the maps and reports it.
                libc::_exit(1);
            }
            if let Err(e) = self.pid1(&failure) {
                let errno = e.raw_os_error().filter(|n| *n != 0).unwrap_or(libc::EIO);
                failure.store(errno, Ordering::SeqCst);
                libc::_exit(1);
            }
        };
        let c1 = clone_on_stack(&mut pid1, flags, top, std::ptr::null_mut(), 0);
        if c1 < 0 {
            return Err(self.report.fail(0));
        }
        if self.keep >= 0 {
            // kitsh keeps C1's mount namespace alive past C1 (see `spawn`), so that tearing it
            // down is not part of the call (best effort: without it C1's exit does it).
            send_ns(c1, self.keep);
        }
        // setgroups is denied first (required before an unprivileged gid map, and no use to
        // the tool).
        let mapped = write_proc(c1, b"setgroups", b"deny")
            && write_proc(c1, b"uid_map", &self.uid_map)
            && write_proc(c1, b"gid_map", &self.gid_map);
        let mapping_error = if mapped {
            if !self.shared_vm {
                // No /proc/PID/mem or ptrace access to this copy of kitsh's memory for the
                // tool even without Landlock (C1 is visible to it as pid 1). Only now: /proc/C1's
                // files belong to root while it is not dumpable, and an unprivileged P must open
                // its maps.
                libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
            }
            // C1 goes on (and starts the tool) after this.
            libc::write(go_w, [1u8].as_ptr().cast(), 1);
            None
        } else {
            let e = self.report.fail(1);
            // C1 reads end of file and exits.
            libc::close(go_w);
            Some(e)
        };
        let mut st = 0;
        // No handler is installed, so a failure is ECHILD, never EINTR.
        while libc::waitpid(c1, &mut st, 0) != c1 {
            if libc::kill(c1, 0) != 0 {
                break;
            }
        }
        if let Some(e) = mapping_error {
            return Err(e);
        }
        let errno = failure.load(Ordering::SeqCst);
        if errno != 0 {
            // The step and errno are in the report pipe; std reports the errno.
            return Err(io::Error::from_raw_os_error(errno));
        }
        // C1 recorded the tool's status; if it ended first (killed), its own stands for it.
        self.exit.record(st, true);
        if self.shared_vm {
            // kitsh reads the status from `exit`.
            libc::_exit(0);
        }
        relay_exit(self.exit.get().unwrap_or(st))
    }

    /// C1, pid 1 of the new pid namespace, once its id maps are written: mounts, `/proc`, then
    /// starts the tool and reaps until it ends (never returns then). C1 itself stays out of
    /// the tool's confinement (see [`Plan::sandboxed`]); it only reaps.
    unsafe fn pid1(&mut self, failure: &AtomicI32) -> io::Result<()> {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        self.namespaces()?;
        let f = fixed();
        if libc::mount(
            f.proc_.as_ptr(),
            c"/proc".as_ptr(),
            f.proc_.as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
            std::ptr::null(),
        ) != 0
        {
            return Err(self.report.fail(7));
        }
        // C2: confinement, rlimits, chdir and exec; a failure is recorded for P.
        let top = self.stacks.top(StackOf::C2);
        let mut tool = || {
            for sig in GROUP_SIGNALS {
                libc::signal(sig, libc::SIG_DFL);
            }
            let e = match self.confine().and_then(|()| self.finish()) {
                Ok(()) => {
                    if let Some(tool) = &self.tool {
                        tool.exec();
                    }
                    self.report.fail(STEP_EXEC)
                }
                Err(e) => e,
            };
            failure.store(
                e.raw_os_error().filter(|n| *n != 0).unwrap_or(libc::EIO),
                Ordering::SeqCst,
            );
            libc::_exit(127);
        };
        let c2 = clone_on_stack(
            &mut tool,
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            top,
            std::ptr::null_mut(),
            0,
        );
        if c2 < 0 {
            return Err(self.report.fail(11));
        }
        if failure.load(Ordering::SeqCst) != 0 {
            // C2 failed before exec; let P report it (std's pipe is still open).
            libc::_exit(1);
        }
        // The tool has exec'd. Nothing stays open in the fd table C1 shares with P but the
        // life pipe (see `spawn`): std's exec-error pipe must close (the spawn completes) and
        // the tool's stdio must reach end of file when it ends.
        close_all_except(self.life);
        init_loop(c2, &self.exit);
    }

    /// Landlock, seccomp and capabilities (idempotent: the second call does nothing).
    unsafe fn confine(&mut self) -> io::Result<()> {
        if self.confined {
            return Ok(());
        }
        self.confined = true;
        if let Some(ruleset) = &self.ruleset {
            if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
                || libc::syscall(libc::SYS_landlock_restrict_self, ruleset.as_raw_fd(), 0u32) != 0
            {
                return Err(self.report.fail(8));
            }
        }
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
            return Err(self.report.fail(9));
        }
        if !self.filter.is_empty() {
            let program = libc::sock_fprog {
                len: self.filter.len() as u16,
                filter: self.filter.as_ptr().cast_mut(),
            };
            if libc::syscall(
                libc::SYS_seccomp,
                libc::SECCOMP_SET_MODE_FILTER,
                0u32,
                &program as *const libc::sock_fprog,
            ) != 0
            {
                return Err(self.report.fail(9));
            }
        }
        // Also in a weak run without namespaces, where they are the host's own capabilities
        // (as root: all of them). SECBIT_NOROOT|NOROOT_LOCKED|NO_SETUID_FIXUP|
        // NO_SETUID_FIXUP_LOCKED|KEEP_CAPS_LOCKED (needs CAP_SETPCAP, held here if anywhere:
        // without it there is nothing to drop), then empty bounding, ambient, capset.
        let _ = libc::prctl(libc::PR_SET_SECUREBITS, 0x2f);
        for cap in 0..=self.cap_last {
            libc::prctl(libc::PR_CAPBSET_DROP, cap);
        }
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        );
        let header = CapHeader {
            version: 0x2008_0522,
            pid: 0,
        };
        let data = [CapData::default(); 2];
        if libc::syscall(libc::SYS_capset, &header as *const CapHeader, data.as_ptr()) != 0 {
            return Err(self.report.fail(10));
        }
        Ok(())
    }

    /// In the tool's process: rlimits and the working dir (through the new mounts).
    unsafe fn finish(&mut self) -> io::Result<()> {
        for (resource, value) in &self.rlimits {
            let mut cur = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            if libc::getrlimit(*resource, &mut cur) != 0 {
                return Err(self.report.fail(12));
            }
            let v = (*value).min(cur.rlim_max);
            let new = libc::rlimit {
                rlim_cur: v,
                rlim_max: v,
            };
            if libc::setrlimit(*resource, &new) != 0 {
                return Err(self.report.fail(12));
            }
        }
        if libc::chdir(self.cwd.as_ptr()) != 0 {
            return Err(self.report.fail(13));
        }
        Ok(())
    }
}

const OPEN_TREE_CLONE: u32 = 1;
const AT_RECURSIVE: u32 = 0x8000;
const MOVE_MOUNT_F_EMPTY_PATH: u32 = 4;
const MOUNT_ATTR_RDONLY: u64 = 1;
const MOUNT_ATTR_NOSUID: u64 = 2;
const MOUNT_ATTR_NODEV: u64 = 4;

/// `struct mount_attr`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

/// `LANDLOCK_RULE_PATH_BENEATH`.
const LANDLOCK_RULE_PATH_BENEATH: u32 = 1;

/// `struct landlock_path_beneath_attr` (packed).
#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// `/proc/sys/kernel/cap_last_cap` (read once; 63 when unreadable).
fn cap_last() -> i32 {
    static LAST: OnceLock<i32> = OnceLock::new();
    *LAST.get_or_init(|| {
        std::fs::read_to_string("/proc/sys/kernel/cap_last_cap")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .filter(|n| (0..64).contains(n))
            .unwrap_or(63)
    })
}

/// `struct __user_cap_header_struct`.
#[repr(C)]
struct CapHeader {
    version: u32,
    pid: i32,
}

/// `struct __user_cap_data_struct`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
struct CapData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
}

/// The host uid/gid the sandbox's root maps to when kitsh runs as root (`nobody`).
const UNPRIVILEGED_ID: u32 = 65534;

/// Writes `bytes` to `/proc/PID/NAME` (raw open/write/close).
unsafe fn write_proc(pid: i32, name: &[u8], bytes: &[u8]) -> bool {
    let fd = open_proc(pid, name, libc::O_WRONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return false;
    }
    let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
    libc::close(fd);
    n == bytes.len() as isize
}

/// Opens `/proc/PID/NAME` (a raw open; the path is built on the stack; `NAME` is short).
unsafe fn open_proc(pid: i32, name: &[u8], flags: i32) -> i32 {
    let mut path = [0u8; 64];
    let mut len = 0;
    let mut push = |part: &[u8]| {
        let end = (len + part.len()).min(path.len() - 1);
        path[len..end].copy_from_slice(&part[..end - len]);
        len = end;
    };
    push(b"/proc/");
    let mut digits = [0u8; 10];
    let mut n = pid.unsigned_abs();
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    push(&digits[start..]);
    push(b"/");
    push(name);
    libc::open(path.as_ptr().cast(), flags)
}

/// Sends an fd of `/proc/PID/ns/mnt` over the socket `sock` (`SCM_RIGHTS`; raw calls, the
/// message is built on the stack). Failures are ignored.
unsafe fn send_ns(pid: i32, sock: i32) {
    let fd = open_proc(pid, b"ns/mnt", libc::O_RDONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return;
    }
    let mut byte = [0u8; 1];
    let mut iov = libc::iovec {
        iov_base: byte.as_mut_ptr().cast(),
        iov_len: 1,
    };
    // Room for one `cmsghdr` and one fd, aligned as `cmsghdr` needs.
    let mut control = [0u64; 4];
    let mut msg: libc::msghdr = std::mem::zeroed();
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    msg.msg_controllen = libc::CMSG_SPACE(4) as usize;
    let cmsg = libc::CMSG_FIRSTHDR(&msg);
    if !cmsg.is_null() && libc::CMSG_SPACE(4) as usize <= std::mem::size_of_val(&control) {
        (*cmsg).cmsg_level = libc::SOL_SOCKET;
        (*cmsg).cmsg_type = libc::SCM_RIGHTS;
        (*cmsg).cmsg_len = libc::CMSG_LEN(4) as usize;
        libc::CMSG_DATA(cmsg).cast::<i32>().write_unaligned(fd);
        libc::sendmsg(sock, &msg, libc::MSG_DONTWAIT | libc::MSG_NOSIGNAL);
    }
    libc::close(fd);
}

/// Closes every fd but `keep` (none when negative).
unsafe fn close_all_except(keep: i32) {
    let ranges = if keep < 0 {
        [(0, i32::MAX), (1, 0)]
    } else {
        [(0, keep - 1), (keep + 1, i32::MAX)]
    };
    for (from, to) in ranges {
        if from > to {
            continue;
        }
        let last = u32::try_from(to).unwrap_or(u32::MAX);
        if libc::syscall(libc::SYS_close_range, from as u32, last, 0) != 0 {
            for fd in from..to.min(4095) + 1 {
                libc::close(fd);
            }
        }
    }
}

/// The signals sent to the run's process group that P ignores and the tool gets.
const GROUP_SIGNALS: [i32; 3] = [libc::SIGTERM, libc::SIGINT, libc::SIGHUP];

/// P forked by std, once C1 has ended: ends the way the tool did (`status`, its wait status,
/// or C1's when C1 ended first); never returns. (A P in kitsh's own memory reports the status
/// through memory instead: dying of the tool's signal could dump kitsh's memory.)
unsafe fn relay_exit(status: i32) -> ! {
    if libc::WIFSIGNALED(status) {
        let sig = libc::WTERMSIG(status);
        let core = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        libc::setrlimit(libc::RLIMIT_CORE, &core);
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::kill(libc::getpid(), sig);
        libc::_exit(128 + sig);
    }
    libc::_exit(if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        1
    })
}

/// C1 (pid 1): reaps orphans until the tool (C2) ends, records its wait status for P and
/// exits, which kills whatever is left in the namespace. Never returns.
unsafe fn init_loop(c2: i32, exit: &Exit) -> ! {
    loop {
        let mut st = 0;
        let r = libc::waitpid(-1, &mut st, 0);
        if r == c2 {
            exit.record(st, false);
            break;
        }
        if r < 0 && *libc::__errno_location() != libc::EINTR {
            break;
        }
    }
    libc::_exit(0)
}

/// `/` and the devices tools may write, opened (`O_PATH`) once per process: the rules name
/// them by these fds, which only kitsh holds.
fn ruled_paths() -> Result<&'static (PathFd, Vec<PathFd>), String> {
    static PATHS: OnceLock<Result<(PathFd, Vec<PathFd>), String>> = OnceLock::new();
    PATHS
        .get_or_init(|| {
            let root = PathFd::new("/").map_err(|e| e.to_string())?;
            let devices = [
                "/dev/null",
                "/dev/zero",
                "/dev/full",
                "/dev/random",
                "/dev/urandom",
                "/dev/tty",
            ]
            .into_iter()
            .filter_map(|dev| PathFd::new(dev).ok())
            .collect();
            Ok((root, devices))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The Landlock ruleset (before the fork): read+execute everywhere, write only in the devices
/// tools need and (added in the child) the private tmpfs trees; no TCP unless `network`;
/// signals and abstract sockets scoped.
fn ruleset(
    abi: ABI,
    network: bool,
    scratch: Option<&Scratch>,
) -> Result<RulesetCreated, Box<dyn std::error::Error>> {
    let mut rs = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))?;
    if !network && abi >= ABI::V4 {
        rs = rs.handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp)?;
    }
    if abi >= ABI::V6 {
        rs = rs.scope(Scope::from_all(abi))?;
    }
    let (root, devices) = ruled_paths()?;
    let mut created = rs
        .create()?
        .add_rule(PathBeneath::new(root, AccessFs::from_read(abi)))?;
    for fd in devices {
        created = created.add_rule(PathBeneath::new(fd, AccessFs::from_file(abi)))?;
    }
    if let Some(scratch) = scratch {
        created = created.add_rule(PathBeneath::new(
            PathFd::new(&scratch.0)?,
            AccessFs::from_all(abi),
        ))?;
    }
    Ok(created)
}

/// The seccomp program for `network`, built once per process.
fn compiled_filter(network: bool) -> Result<&'static [libc::sock_filter], String> {
    type Built = Result<Vec<libc::sock_filter>, String>;
    static BUILT: [OnceLock<Built>; 2] = [OnceLock::new(), OnceLock::new()];
    BUILT[usize::from(network)]
        .get_or_init(|| filter(network))
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// The system calls the tool gets `EPERM` for, whatever their arguments.
const DENIED: [libc::c_long; 33] = [
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_ptrace,
    libc::SYS_bpf,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_open_tree,
    libc::SYS_move_mount,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_reboot,
    // io_uring can open sockets and files without the filtered system calls.
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_swapon,
    libc::SYS_swapoff,
];

/// The namespace flags `clone` is refused with.
const CLONE_NS_FLAGS: i32 = libc::CLONE_NEWUSER
    | libc::CLONE_NEWNS
    | libc::CLONE_NEWNET
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWCGROUP;

/// `AUDIT_ARCH_*` of this architecture (the value `seccomp_data.arch` holds).
fn audit_arch() -> Result<u32, String> {
    match std::env::consts::ARCH {
        "x86_64" => Ok(0xC000_003E),
        "aarch64" => Ok(0xC000_00B7),
        "riscv64" => Ok(0xC000_00F3),
        other => Err(format!("no seccomp filter for {other}")),
    }
}

/// The seccomp program (classic BPF, `seccomp(2)`): another architecture's system calls kill
/// the process; on x86_64, x32 system calls (numbers from `0x4000_0000`) get `EPERM`;
/// [`DENIED`] get `EPERM`; `clone` with a namespace flag gets `EPERM`; `clone3` gets `ENOSYS`
/// (its flags cannot be filtered; libc falls back to `clone`); unless `network`, `socket` for
/// any family but `AF_UNIX` gets `EPERM`; everything else is allowed.
///
/// The numbers are found by a binary search (a tree of `jge`), not a chain of `jeq`: the kernel
/// runs the program once per system call number when it installs it (to cache which ones are
/// always allowed), on every call of the tool, so the search's length matters.
fn filter(network: bool) -> Result<Vec<libc::sock_filter>, String> {
    // Classic BPF (linux/filter.h): BPF_LD|BPF_W|BPF_ABS, BPF_JMP|BPF_J*|BPF_K, BPF_RET|BPF_K.
    const LD_W_ABS: u16 = 0x20;
    const JEQ_K: u16 = 0x05 | 0x10;
    const JGE_K: u16 = 0x05 | 0x30;
    const JSET_K: u16 = 0x05 | 0x40;
    const RET_K: u16 = 0x06;
    // `struct seccomp_data`: nr, arch, then the arguments (the low half of `args[0]` on
    // these little-endian architectures).
    const NR: u32 = 0;
    const ARCH: u32 = 4;
    const ARG0_LOW: u32 = 16;
    // Labels of the shared tails.
    const ALLOW: usize = 0;
    const EPERM: usize = 1;
    const ENOSYS: usize = 2;
    const CLONE: usize = 3;
    const SOCKET: usize = 4;
    const KILL: usize = 5;
    /// An instruction whose jumps name labels (`None`: the next instruction).
    struct Ins {
        code: u16,
        k: u32,
        jt: Option<usize>,
        jf: Option<usize>,
    }
    struct Prog {
        code: Vec<Ins>,
        labels: Vec<usize>,
    }
    impl Prog {
        fn stmt(&mut self, code: u16, k: u32) {
            self.code.push(Ins {
                code,
                k,
                jt: None,
                jf: None,
            });
        }
        fn jump(&mut self, code: u16, k: u32, jt: Option<usize>, jf: Option<usize>) {
            self.code.push(Ins { code, k, jt, jf });
        }
        fn label(&mut self) -> usize {
            self.labels.push(usize::MAX);
            self.labels.len() - 1
        }
        fn here(&mut self, label: usize) {
            self.labels[label] = self.code.len();
        }
        /// Finds the number (in A) among `calls` (sorted), jumping to its label, else allows.
        fn search(&mut self, calls: &[(u32, usize)]) {
            if calls.len() <= 3 {
                for (nr, to) in calls {
                    self.jump(JEQ_K, *nr, Some(*to), None);
                }
                self.stmt(RET_K, libc::SECCOMP_RET_ALLOW);
                return;
            }
            let (low, high) = calls.split_at(calls.len() / 2);
            let upper = self.label();
            self.jump(JGE_K, high[0].0, Some(upper), None);
            self.search(low);
            self.here(upper);
            self.search(high);
        }
    }
    let mut calls: Vec<(u32, usize)> = DENIED.iter().map(|nr| (*nr as u32, EPERM)).collect();
    calls.push((libc::SYS_clone3 as u32, ENOSYS));
    calls.push((libc::SYS_clone as u32, CLONE));
    if !network {
        calls.push((libc::SYS_socket as u32, SOCKET));
    }
    calls.sort_unstable();
    calls.dedup_by_key(|c| c.0);
    let mut p = Prog {
        code: Vec::new(),
        labels: vec![usize::MAX; 6],
    };
    p.stmt(LD_W_ABS, ARCH);
    p.jump(JEQ_K, audit_arch()?, None, Some(KILL));
    p.stmt(LD_W_ABS, NR);
    if std::env::consts::ARCH == "x86_64" {
        p.jump(JGE_K, 0x4000_0000, Some(EPERM), None);
    }
    p.search(&calls);
    // The argument checks and the returns follow (jumps only go forward).
    p.here(CLONE);
    p.stmt(LD_W_ABS, ARG0_LOW);
    p.jump(JSET_K, CLONE_NS_FLAGS as u32, Some(EPERM), Some(ALLOW));
    p.here(SOCKET);
    p.stmt(LD_W_ABS, ARG0_LOW);
    p.jump(JEQ_K, libc::AF_UNIX as u32, Some(ALLOW), Some(EPERM));
    p.here(ALLOW);
    p.stmt(RET_K, libc::SECCOMP_RET_ALLOW);
    p.here(EPERM);
    p.stmt(RET_K, libc::SECCOMP_RET_ERRNO | libc::EPERM as u32);
    p.here(ENOSYS);
    p.stmt(RET_K, libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32);
    p.here(KILL);
    p.stmt(RET_K, libc::SECCOMP_RET_KILL_PROCESS);
    let offset = |at: usize, to: Option<usize>| -> Result<u8, String> {
        let Some(label) = to else { return Ok(0) };
        let target = p.labels[label];
        target
            .checked_sub(at + 1)
            .and_then(|d| u8::try_from(d).ok())
            .ok_or_else(|| "seccomp jump out of range".to_string())
    };
    p.code
        .iter()
        .enumerate()
        .map(|(at, i)| {
            Ok(libc::sock_filter {
                code: i.code,
                jt: offset(at, i.jt)?,
                jf: offset(at, i.jf)?,
                k: i.k,
            })
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)] // tests report failures by panicking
mod tests {
    use super::*;

    #[test]
    fn the_first_missing_feature_is_the_reason() {
        let f = Features {
            userns: None,
            landlock: Err("landlock not supported by this kernel".into()),
            seccomp: Some("seccomp filters not supported by this kernel".into()),
        };
        assert_eq!(
            f.missing().as_deref(),
            Some("landlock not supported by this kernel")
        );
        let f = Features {
            userns: Some("cannot create user namespace (EPERM)".into()),
            landlock: Ok(7),
            seccomp: None,
        };
        assert_eq!(
            f.missing().as_deref(),
            Some("cannot create user namespace (EPERM)")
        );
        assert_eq!(errno_name(libc::EPERM), "EPERM");
    }

    #[test]
    fn kitsh_sandbox_disable_takes_features_away() {
        let mut f = Features {
            userns: None,
            landlock: Ok(7),
            seccomp: None,
        };
        disable(&mut f, "bogus");
        assert_eq!(f.missing(), None);
        disable(&mut f, "seccomp, landlock");
        assert_eq!(
            f.missing().as_deref(),
            Some("landlock unavailable (disabled by KITSH_SANDBOX_DISABLE)")
        );
        assert_eq!(
            f.seccomp.as_deref(),
            Some("seccomp filters unavailable (disabled by KITSH_SANDBOX_DISABLE)")
        );
        disable(&mut f, "userns");
        assert_eq!(
            f.missing().as_deref(),
            Some("cannot create user namespace (disabled by KITSH_SANDBOX_DISABLE)")
        );
    }

    /// The behaviour of the seccomp filter before it was written by hand: two programs built
    /// by `seccompiler` (the denials → EPERM; `clone3` → ENOSYS), kept as the oracle.
    fn seccompiler_programs(network: bool) -> Vec<seccompiler::BpfProgram> {
        use std::collections::BTreeMap;

        use seccompiler::{
            SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
            SeccompRule, TargetArch,
        };
        let arch = TargetArch::try_from(std::env::consts::ARCH).unwrap();
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
            DENIED.iter().map(|nr| (*nr, Vec::new())).collect();
        if !network {
            rules.insert(
                libc::SYS_socket,
                vec![SeccompRule::new(vec![SeccompCondition::new(
                    0,
                    SeccompCmpArgLen::Dword,
                    SeccompCmpOp::Ne,
                    libc::AF_UNIX as u64,
                )
                .unwrap()])
                .unwrap()],
            );
        }
        let ns_flags = [
            libc::CLONE_NEWUSER,
            libc::CLONE_NEWNS,
            libc::CLONE_NEWNET,
            libc::CLONE_NEWPID,
            libc::CLONE_NEWIPC,
            libc::CLONE_NEWUTS,
            libc::CLONE_NEWCGROUP,
        ];
        let clone_rules = ns_flags
            .iter()
            .map(|flag| {
                let flag = *flag as u64;
                SeccompRule::new(vec![SeccompCondition::new(
                    0,
                    SeccompCmpArgLen::Qword,
                    SeccompCmpOp::MaskedEq(flag),
                    flag,
                )
                .unwrap()])
                .unwrap()
            })
            .collect();
        rules.insert(libc::SYS_clone, clone_rules);
        let main = SeccompFilter::new(
            rules,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::EPERM as u32),
            arch,
        )
        .unwrap();
        let clone3 = SeccompFilter::new(
            [(libc::SYS_clone3, Vec::new())].into_iter().collect(),
            SeccompAction::Allow,
            SeccompAction::Errno(libc::ENOSYS as u32),
            arch,
        )
        .unwrap();
        vec![main.try_into().unwrap(), clone3.try_into().unwrap()]
    }

    /// Runs a classic BPF program (the instructions both generators use) on `seccomp_data`.
    fn run(program: &[(u16, u8, u8, u32)], data: &[u8; 64]) -> u32 {
        let mut a: u32 = 0;
        let mut pc = 0;
        loop {
            let (code, jt, jf, k) = program[pc];
            pc += 1;
            match code {
                0x20 => {
                    let at = k as usize;
                    a = u32::from_ne_bytes(data[at..at + 4].try_into().unwrap());
                }
                0x54 => a &= k,
                0x06 => return k,
                0x05 => pc += k as usize,
                0x15 | 0x25 | 0x35 | 0x45 => {
                    let taken = match code {
                        0x15 => a == k,
                        0x25 => a > k,
                        0x35 => a >= k,
                        _ => a & k != 0,
                    };
                    pc += usize::from(if taken { jt } else { jf });
                }
                other => panic!("instruction {other:#x} not emulated"),
            }
        }
    }

    /// What the kernel does with several filters: the most restrictive action wins, and among
    /// `ERRNO` results the last installed filter's.
    fn combined(results: &[u32]) -> u32 {
        let rank = |r: u32| match r & 0xffff_0000 {
            0x8000_0000 => 0,
            0x0000_0000 => 1,
            0x0003_0000 => 2,
            0x0005_0000 => 3,
            _ => 4,
        };
        let mut best = results[0];
        for r in &results[1..] {
            if rank(*r) <= rank(best) {
                best = *r;
            }
        }
        best
    }

    fn data(nr: u32, arch: u32, arg0: u64) -> [u8; 64] {
        let mut d = [0u8; 64];
        d[0..4].copy_from_slice(&nr.to_ne_bytes());
        d[4..8].copy_from_slice(&arch.to_ne_bytes());
        d[16..24].copy_from_slice(&arg0.to_ne_bytes());
        d
    }

    #[test]
    fn the_seccomp_filter_decides_as_seccompiler_did() {
        let arch = audit_arch().unwrap();
        let args = [
            0u64,
            1,
            2,
            10,
            0x1_0000_0001,
            (libc::CLONE_VM | libc::SIGCHLD) as u64,
            libc::CLONE_NEWUSER as u64,
            libc::CLONE_NEWNET as u64,
            libc::CLONE_NEWCGROUP as u64 | libc::CLONE_VM as u64,
            libc::CLONE_NEWTIME as u64,
            u64::MAX,
        ];
        for network in [false, true] {
            let ours: Vec<_> = filter(network)
                .unwrap()
                .iter()
                .map(|i| (i.code, i.jt, i.jf, i.k))
                .collect();
            assert!(ours.len() < 100, "{}", ours.len());
            let theirs: Vec<Vec<_>> = seccompiler_programs(network)
                .iter()
                .map(|p| p.iter().map(|i| (i.code, i.jt, i.jf, i.k)).collect())
                .collect();
            // Every number a system call has, and a sample above (x32 numbers excepted: see
            // below).
            let numbers = (0..=2048u32).chain((1..0x400).map(|i| i * 0x10_0000 - 1));
            for nr in numbers {
                for arg0 in args {
                    for a in [arch, 0x4000_0003] {
                        let d = data(nr, a, arg0);
                        let expected =
                            combined(&theirs.iter().map(|p| run(p, &d)).collect::<Vec<_>>());
                        assert_eq!(
                            run(&ours, &d),
                            expected,
                            "nr {nr} arch {a:#x} arg0 {arg0:#x} network {network}"
                        );
                    }
                }
            }
            let eperm = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
            let call = |nr: libc::c_long, arg0: u64| run(&ours, &data(nr as u32, arch, arg0));
            assert_eq!(call(libc::SYS_mount, 0), eperm);
            assert_eq!(call(libc::SYS_ptrace, 0), eperm);
            assert_eq!(
                call(libc::SYS_clone3, 0),
                libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32
            );
            assert_eq!(call(libc::SYS_clone, libc::CLONE_NEWUSER as u64), eperm);
            assert_eq!(
                call(libc::SYS_clone, (libc::CLONE_VM | libc::SIGCHLD) as u64),
                libc::SECCOMP_RET_ALLOW
            );
            assert_eq!(
                call(libc::SYS_socket, libc::AF_UNIX as u64),
                libc::SECCOMP_RET_ALLOW
            );
            let inet = if network {
                libc::SECCOMP_RET_ALLOW
            } else {
                eperm
            };
            assert_eq!(call(libc::SYS_socket, libc::AF_INET as u64), inet);
            assert_eq!(call(libc::SYS_read, 0), libc::SECCOMP_RET_ALLOW);
            assert_eq!(
                run(&ours, &data(0, 0x4000_0003, 0)),
                libc::SECCOMP_RET_KILL_PROCESS
            );
            // x32 system calls (x86_64) are refused outright; seccompiler let them through.
            if std::env::consts::ARCH == "x86_64" {
                let mount_x32 = 0x4000_0000 + libc::SYS_mount as u32;
                let refused = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
                assert_eq!(run(&ours, &data(mount_x32, arch, 0)), refused);
            }
        }
    }
}
