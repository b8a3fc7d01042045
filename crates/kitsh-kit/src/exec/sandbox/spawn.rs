//! Starting P without copying kitsh: `clone(CLONE_VM)` on a stack of its own, as
//! `posix_spawn` does, instead of std's fork (see the sandbox's module docs for the layout).
//!
//! P, C1 and C2 then run in kitsh's own memory, on stacks and data kitsh prepared
//! ([`super::Plan`], [`Stacks`]), so three things need care:
//!
//! * **Their lifetime.** kitsh frees the plan and the stacks only once no process of the call
//!   can run on them: after P was reaped *and* the "life" pipe reached end of file. Its write
//!   end lives in the fd table P and C1 share (`CLONE_FILES`) and in C2's copy (close-on-exec),
//!   so end of file means all three ended or exec'd; the kernel releases a process's memory
//!   before its files. Normally that is already so when P is reaped (P waited for C1); when P
//!   was killed first, a thread waits for it ([`release`]).
//! * **Their thread pointer.** A `clone` without `CLONE_SETTLS` would keep the calling thread's
//!   TLS, and libc keeps `errno` there: P, C1 and C2 would write it under a running kitsh
//!   thread (a failed system call, an expected `EEXIST`, ...). They get the TLS of a thread
//!   that does nothing but sleep ([`Donor`]), one per call in flight, so their `errno` is the
//!   call's own, as it was in std's forked child.
//! * **kitsh's signal handlers**, which P inherits: signals are blocked around the `clone` and
//!   P resets every disposition before it unblocks them.
//! * **The scheduler.** As std's spawn does, the starting thread blocks until the tool has
//!   exec'd (the "started" pipe, closed by C1 then), so its CPU is free for P, C1 and C2.
//!
//! P is waited for through a pidfd (`CLONE_PIDFD`) registered with tokio, and the tool's
//! stdin, stdout and stderr are tokio pipes. P reports the tool's wait status through memory
//! ([`Exit`]) rather than by dying the same way, so no core dump of kitsh's memory is ever
//! attempted for a tool that dumped core.

use std::io;
use std::mem::ManuallyDrop;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::unix::AsyncFd;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::unix::pipe;

use super::tool_exec::{clone_on_stack, StackOf};
use super::{describe_failure, read_failure, Plan};
use crate::exec::native::RunChild;

/// The tool's wait status as P reports it: written by C1 when the tool ended, else by P with
/// C1's status; read by kitsh after reaping P.
#[derive(Default)]
pub(super) struct Exit {
    status: AtomicI32,
    set: AtomicBool,
}

impl Exit {
    /// Records `status` unless one was recorded already (C1's, the tool's, comes first).
    pub(super) fn record(&self, status: i32, first_only: bool) {
        if first_only && self.set.load(Ordering::SeqCst) {
            return;
        }
        self.status.store(status, Ordering::SeqCst);
        self.set.store(true, Ordering::SeqCst);
    }

    /// The recorded status.
    pub(super) fn get(&self) -> Option<i32> {
        self.set
            .load(Ordering::SeqCst)
            .then(|| self.status.load(Ordering::SeqCst))
    }
}

/// Whether P can be started in kitsh's memory on this architecture (the thread pointer of a
/// [`Donor`] must be readable).
pub(super) fn supported() -> bool {
    cfg!(any(target_arch = "x86_64", target_arch = "aarch64"))
}

/// A thread that only sleeps and lends its thread pointer (its TLS, where libc keeps `errno`)
/// to the processes of one call at a time.
struct Donor {
    tp: usize,
}

/// Donors not lent to a call.
static DONORS: Mutex<Vec<Donor>> = Mutex::new(Vec::new());

impl Donor {
    /// An idle donor, or a new one.
    fn take() -> io::Result<Donor> {
        if let Some(d) = DONORS.lock().unwrap_or_else(|p| p.into_inner()).pop() {
            return Ok(d);
        }
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("kitsh-sandbox-tls".into())
            .stack_size(64 * 1024)
            .spawn(move || {
                let _ = tx.send(thread_pointer());
                drop(tx);
                // From here on this thread never touches its TLS again: every signal that can
                // be is blocked, and it sleeps in a raw system call (no libc wrapper, no errno).
                // SAFETY: a full mask for this thread only.
                unsafe {
                    let mut all: libc::sigset_t = std::mem::zeroed();
                    libc::sigfillset(&mut all);
                    libc::pthread_sigmask(libc::SIG_SETMASK, &all, std::ptr::null_mut());
                }
                loop {
                    sleep_forever();
                }
            })?;
        let tp = rx
            .recv()
            .map_err(|_| io::Error::other("TLS donor thread failed"))?
            .ok_or_else(|| io::Error::other("no thread pointer"))?;
        Ok(Donor { tp })
    }

    /// Lends the donor to later calls (all processes of this one have ended).
    fn give_back(self) {
        DONORS.lock().unwrap_or_else(|p| p.into_inner()).push(self);
    }
}

/// The calling thread's thread pointer (what `CLONE_SETTLS` sets).
fn thread_pointer() -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        let mut fs: usize = 0;
        // SAFETY: ARCH_GET_FS writes the fs base into `fs`.
        let r = unsafe { libc::syscall(libc::SYS_arch_prctl, 0x1003, &mut fs as *mut usize) };
        (r == 0 && fs != 0).then_some(fs)
    }
    #[cfg(target_arch = "aarch64")]
    {
        let tp: usize;
        // SAFETY: reads the thread pointer register.
        unsafe { std::arch::asm!("mrs {}, tpidr_el0", out(reg) tp, options(nomem, nostack)) };
        (tp != 0).then_some(tp)
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        None
    }
}

/// Blocks in `ppoll(NULL, 0, NULL, NULL)` until a signal handler runs, by a raw system call so
/// that not even `errno` is written when it returns.
fn sleep_forever() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: ppoll with no fds, no timeout and no mask only sleeps.
    unsafe {
        std::arch::asm!(
            "syscall",
            inlateout("rax") libc::SYS_ppoll => _,
            in("rdi") 0usize,
            in("rsi") 0usize,
            in("rdx") 0usize,
            in("r10") 0usize,
            lateout("rcx") _,
            lateout("r11") _,
            options(nostack),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as above.
    unsafe {
        std::arch::asm!(
            "svc 0",
            in("x8") libc::SYS_ppoll,
            inlateout("x0") 0usize => _,
            in("x1") 0usize,
            in("x2") 0usize,
            in("x3") 0usize,
            options(nostack),
        );
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    std::thread::park();
}

/// What kitsh keeps for the processes of a call while they may run in its memory.
struct Shared {
    /// The plan (`Box::into_raw`): P, C1 and C2 use it through `&mut`; kitsh does not touch
    /// it until it is dropped here.
    plan: *mut Plan,
    /// P's entry (a closure over `plan`), which P runs from its stack.
    entry: *mut (dyn FnMut() + 'static),
    /// The life pipe's read end (see the module docs).
    life: OwnedFd,
    /// The socket in which P left an fd of C1's mount namespace (see the module docs).
    keep: Option<OwnedFd>,
    /// The TLS the processes use, given back once they have ended.
    donor: Option<Donor>,
}

// SAFETY: the raw pointers are owned allocations, handed over to whichever thread releases them.
unsafe impl Send for Shared {}

impl Drop for Shared {
    /// Only once no process of the call can run any more (see [`release`]).
    fn drop(&mut self) {
        // SAFETY: the allocations made in `start`, each freed once, here.
        unsafe {
            drop(Box::from_raw(self.entry));
            drop(Box::from_raw(self.plan));
        }
        if let Some(donor) = self.donor.take() {
            donor.give_back();
        }
        if let Some(keep) = self.keep.take() {
            close_later(keep);
        }
    }
}

/// Closes `fd` on a thread of its own: closing the socket that holds C1's mount namespace
/// tears the namespace down, which waits for an RCU grace period (`synchronize_rcu_expedited`,
/// a few hundred microseconds), so that happens after the call rather than in C1's exit.
fn close_later(fd: OwnedFd) {
    static CLOSER: Mutex<Option<std::sync::mpsc::Sender<OwnedFd>>> = Mutex::new(None);
    let mut closer = CLOSER.lock().unwrap_or_else(|p| p.into_inner());
    if closer.is_none() {
        let (tx, rx) = std::sync::mpsc::channel::<OwnedFd>();
        let started = std::thread::Builder::new()
            .name("kitsh-sandbox-close".into())
            .spawn(move || {
                for fd in rx {
                    drop(fd);
                }
            });
        if started.is_ok() {
            *closer = Some(tx);
        }
    }
    match closer.as_ref() {
        Some(tx) => {
            if let Err(e) = tx.send(fd) {
                drop(e.0);
            }
        }
        None => drop(fd),
    }
}

/// Frees what the call's processes shared with kitsh once none of them can run any more: at
/// once when the life pipe is at end of file (the usual case), else from a thread that waits
/// for it.
fn release(shared: Shared) {
    let mut fd = libc::pollfd {
        fd: shared.life.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one pollfd on our fd, no timeout.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) } == 1;
    if ready && fd.revents & libc::POLLHUP != 0 {
        drop(shared);
        return;
    }
    // Not dropped if the thread cannot start: leaked rather than freed under a process.
    let shared = ManuallyDrop::new(shared);
    let _ = std::thread::Builder::new()
        .name("kitsh-sandbox-release".into())
        .spawn(move || {
            let shared = ManuallyDrop::into_inner(shared);
            let mut byte = [0u8; 1];
            loop {
                // SAFETY: a blocking read on our pipe (nothing is ever written to it).
                let n = unsafe { libc::read(shared.life.as_raw_fd(), byte.as_mut_ptr().cast(), 1) };
                if n >= 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                    break;
                }
            }
            drop(shared);
        });
}

/// P, started in kitsh's memory: its pid, a pidfd to wait on, the tool's pipes.
pub(crate) struct SandboxChild {
    pid: i32,
    pidfd: AsyncFd<OwnedFd>,
    stdin: Option<pipe::Sender>,
    stdout: Option<pipe::Receiver>,
    stderr: Option<pipe::Receiver>,
    /// The read end of the plan's report pipe (setup failures).
    report: Arc<OwnedFd>,
    /// The program, for messages.
    program: String,
    /// The tool's status as P reports it.
    exit: Arc<Exit>,
    /// The wait status once P was reaped.
    status: Option<ExitStatus>,
    /// Until released.
    shared: Option<Shared>,
}

impl SandboxChild {
    /// The wait status P reports: the tool's (or C1's), else P's own (killed).
    fn exit_status(&self, own: i32) -> ExitStatus {
        ExitStatus::from_raw(self.exit.get().unwrap_or(own))
    }
}

impl RunChild for SandboxChild {
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

    async fn wait(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.status {
            return Ok(status);
        }
        loop {
            let mut ready = self.pidfd.readable().await?;
            let mut raw = 0;
            // SAFETY: our unreaped child; WNOHANG.
            let r = unsafe { libc::waitpid(self.pid, &mut raw, libc::WNOHANG) };
            if r == self.pid {
                let status = self.exit_status(raw);
                self.status = Some(status);
                if let Some(shared) = self.shared.take() {
                    release(shared);
                }
                return Ok(status);
            }
            if r < 0 {
                let e = io::Error::last_os_error();
                if e.kind() != io::ErrorKind::Interrupted {
                    return Err(e);
                }
                continue;
            }
            ready.clear_ready();
        }
    }

    fn start_failure(&self) -> Option<String> {
        let (step, errno) = read_failure(&self.report)?;
        Some(describe_failure(
            step,
            &io::Error::from_raw_os_error(errno),
            &self.program,
        ))
    }
}

impl Drop for SandboxChild {
    fn drop(&mut self) {
        if self.status.is_some() {
            return;
        }
        // SAFETY: our unreaped child (its pid cannot have been reused).
        unsafe {
            libc::kill(self.pid, libc::SIGKILL);
        }
        if let Some(shared) = self.shared.take() {
            reap_later(self.pid, shared);
        }
    }
}

/// A pipe (close-on-exec both ends).
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills two fds we then own.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fresh fds.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A unix datagram socket pair (close-on-exec).
fn socketpair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: socketpair fills two fds we then own.
    if unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_DGRAM | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    } != 0
    {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fresh fds.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// `fd` moved above the standard streams (P `dup2`s the child ends onto 0, 1 and 2: none may
/// already be one of them).
fn above_stdio(fd: OwnedFd) -> io::Result<OwnedFd> {
    if fd.as_raw_fd() > 2 {
        return Ok(fd);
    }
    // SAFETY: duplicates our fd to a new one we own.
    let new = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 3) };
    if new < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fresh fd.
    Ok(unsafe { OwnedFd::from_raw_fd(new) })
}

/// Sets `O_NONBLOCK` (for tokio).
fn nonblocking(fd: &OwnedFd) -> io::Result<()> {
    // SAFETY: file status flags of our fd.
    unsafe {
        let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Starts P for `plan` (see the module docs): stdin piped or `/dev/null`, stdout and stderr
/// piped, P leading a new process group. Returns the child and P's pid. Must run inside the
/// tokio runtime.
pub(super) fn start(
    mut plan: Box<Plan>,
    stdin_piped: bool,
    program: String,
) -> io::Result<(SandboxChild, i32)> {
    let (child_in, parent_in) = if stdin_piped {
        let (r, w) = pipe()?;
        (r, Some(w))
    } else {
        let fd = std::fs::File::open("/dev/null")?;
        (OwnedFd::from(fd), None)
    };
    let (parent_out, child_out) = pipe()?;
    let (parent_err, child_err) = pipe()?;
    let (life_r, life_w) = pipe()?;
    let (keep_r, keep_w) = socketpair()?;
    // The started pipe: its write end is closed in P, C1 and C2 once the tool has exec'd (C1
    // closes everything then, C2's copy is close-on-exec) or the setup failed.
    let (started_r, started_w) = pipe()?;
    let child_in = above_stdio(child_in)?;
    let child_out = above_stdio(child_out)?;
    let child_err = above_stdio(child_err)?;
    plan.stdio = [
        child_in.as_raw_fd(),
        child_out.as_raw_fd(),
        child_err.as_raw_fd(),
    ];
    plan.life = life_w.as_raw_fd();
    plan.keep = keep_w.as_raw_fd();
    let report = Arc::clone(&plan.report.read);
    let exit = Arc::clone(&plan.exit);
    let donor = Donor::take()?;
    let tp = donor.tp;
    let plan: *mut Plan = Box::into_raw(plan);
    let entry: *mut (dyn FnMut() + 'static) = Box::into_raw(Box::new(move || {
        // SAFETY: P's body; the plan outlives P (see `release`).
        unsafe { (*plan).run_p() }
    }));
    let shared = Shared {
        plan,
        entry,
        life: life_r,
        keep: Some(keep_r),
        donor: Some(donor),
    };
    let mut pidfd: libc::c_int = -1;
    // SAFETY: signals are blocked for this thread around the clone (P must not run a handler of
    // kitsh's before it resets them) and restored after; the plan, P's entry and the stacks stay
    // allocated until `release`.
    let pid = unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
        let pid = clone_on_stack(
            &mut *entry,
            libc::CLONE_VM | libc::CLONE_SETTLS | libc::CLONE_PIDFD | libc::SIGCHLD,
            (*plan).stacks.top(StackOf::P),
            &mut pidfd,
            tp,
        );
        let e = io::Error::last_os_error();
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        if pid < 0 {
            drop(shared);
            return Err(e);
        }
        // As std does: also from this side, so the group exists as soon as this returns.
        libc::setpgid(pid, pid);
        pid
    };
    drop((child_in, child_out, child_err, life_w, keep_w, started_w));
    // Wait until the tool has exec'd (or the setup ended), as std's spawn does: this thread's
    // CPU is then free for P, C1 and C2. Running on instead leaves each of them queued behind
    // whatever else that CPU or the other runs, for up to a scheduler tick (~4 ms) each on a
    // busy machine.
    let mut byte = [0u8; 1];
    loop {
        // SAFETY: a blocking read on our pipe (nothing is ever written to it).
        let n = unsafe { libc::read(started_r.as_raw_fd(), byte.as_mut_ptr().cast(), 1) };
        if n >= 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break;
        }
    }
    drop(started_r);
    // SAFETY: the pidfd CLONE_PIDFD returned is ours.
    let pidfd = unsafe { OwnedFd::from_raw_fd(pidfd as RawFd) };
    let mut child = SandboxChild {
        pid,
        // SAFETY: the `OwnedFd` keeps the pidfd open, unchanged, for the `AsyncFd`'s lifetime.
        pidfd: match unsafe {
            AsyncFd::register_with_interest(pidfd, tokio::io::Interest::READABLE)
        } {
            Ok(fd) => fd,
            Err(e) => {
                // Cannot wait for P: kill it and let a thread reap it.
                // SAFETY: our unreaped child.
                unsafe { libc::kill(pid, libc::SIGKILL) };
                reap_later(pid, shared);
                return Err(e.into());
            }
        },
        stdin: None,
        stdout: None,
        stderr: None,
        report,
        program,
        exit,
        status: None,
        shared: Some(shared),
    };
    let wrap = || -> io::Result<()> {
        if let Some(w) = parent_in {
            nonblocking(&w)?;
            child.stdin = Some(pipe::Sender::from_owned_fd_unchecked(w)?);
        }
        nonblocking(&parent_out)?;
        child.stdout = Some(pipe::Receiver::from_owned_fd_unchecked(parent_out)?);
        nonblocking(&parent_err)?;
        child.stderr = Some(pipe::Receiver::from_owned_fd_unchecked(parent_err)?);
        Ok(())
    };
    // On an error `child` is dropped: P is killed and reaped.
    wrap()?;
    Ok((child, pid))
}

/// Reaps `pid` (killed) on a thread, then releases `shared`.
fn reap_later(pid: i32, shared: Shared) {
    // Not dropped if the thread cannot start: leaked rather than freed under a process.
    let shared = ManuallyDrop::new(shared);
    let _ = std::thread::Builder::new()
        .name("kitsh-sandbox-reap".into())
        .spawn(move || {
            let shared = ManuallyDrop::into_inner(shared);
            let mut raw = 0;
            // SAFETY: waiting for our own child.
            while unsafe { libc::waitpid(pid, &mut raw, 0) } < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
            release(shared);
        });
}
