//! Empty network namespaces for sandboxed calls, reused from one call to the next (as root).
//!
//! Creating a network namespace is the costliest step of a sandboxed call: about 0.5 ms of the
//! kernel's per-namespace setup, and as much again in a kernel worker tearing it down after
//! the call. As root, kitsh keeps the namespace of a finished call and hands it to a later
//! call instead: P joins it with `setns` before it creates C1, which then needs no
//! `CLONE_NEWNET`. The tool sees what a fresh namespace would show it:
//!
//! * a namespace serves one call at a time: taken from the pool for the call, given back after;
//! * it is given back only when the call ended normally: P relayed the tool's exit after C1,
//!   pid 1 of the call's pid namespace, had ended, and pid 1 ends only once every other process
//!   of that namespace has been reaped, so no process of the call is left in it (P, the only
//!   other member, has been reaped too). A call stopped any other way (timeout, cancellation,
//!   setup failure, killed by a signal) drops its namespace;
//! * it is owned by the host's user namespace, where the sandbox holds no capability: a tool
//!   cannot bring the loopback interface up or change a sysctl, and seccomp leaves it only
//!   `AF_UNIX` sockets, whose abstract names go with the sockets;
//! * a socket kept alive past its processes (passed over itself and not yet collected by the
//!   kernel) is out of reach of later calls because Landlock (ABI ≥ 6) scopes abstract unix
//!   sockets to the call's own domain: without that scope namespaces are never reused.
//!
//! Elsewhere (not root, no Landlock scoping, or creating one fails) C1 gets a new network
//! namespace of its own, as before.

use std::os::fd::{FromRawFd, OwnedFd};
use std::sync::{Mutex, OnceLock};

/// How many idle namespaces are kept (more are only needed while that many calls overlap).
const KEEP: usize = 8;

/// An empty network namespace (an fd of `/proc/…/ns/net`) that no call is using.
pub(super) struct NetNs(OwnedFd);

impl NetNs {
    /// The fd P passes to `setns`.
    pub(super) fn fd(&self) -> i32 {
        std::os::fd::AsRawFd::as_raw_fd(&self.0)
    }
}

/// The idle namespaces, or `None` where they are not reused.
fn pool(scoped: bool) -> Option<&'static Mutex<Vec<NetNs>>> {
    static POOL: OnceLock<Option<Mutex<Vec<NetNs>>>> = OnceLock::new();
    POOL.get_or_init(|| {
        // SAFETY: a plain getter.
        let root = unsafe { libc::geteuid() } == 0;
        // The first namespace proves that they can be created here.
        let first = (root && scoped).then(create).flatten()?;
        Some(Mutex::new(vec![first]))
    })
    .as_ref()
}

/// A namespace for one call: an idle one, or a new one; `None` where they are not reused
/// (`scoped`: Landlock scopes abstract unix sockets here).
pub(super) fn take(scoped: bool) -> Option<NetNs> {
    let pool = pool(scoped)?;
    let idle = pool.lock().unwrap_or_else(|p| p.into_inner()).pop();
    idle.or_else(create)
}

/// Gives back the namespace of a call that ended normally (see the module docs).
pub(super) fn give_back(ns: NetNs) {
    if let Some(pool) = pool(true) {
        let mut idle = pool.lock().unwrap_or_else(|p| p.into_inner());
        if idle.len() < KEEP {
            idle.push(ns);
        }
    }
}

/// A new, empty network namespace: a short-lived thread moves itself into one (a thread may
/// unshare its own network namespace) and opens it; the fd keeps it alive.
fn create() -> Option<NetNs> {
    std::thread::Builder::new()
        .name("kitsh-sandbox-netns".into())
        .spawn(|| {
            // SAFETY: raw system calls affecting only this thread; the fd returned is ours.
            unsafe {
                if libc::unshare(libc::CLONE_NEWNET) != 0 {
                    return None;
                }
                let fd = libc::open(
                    c"/proc/thread-self/ns/net".as_ptr(),
                    libc::O_RDONLY | libc::O_CLOEXEC,
                );
                (fd >= 0).then(|| NetNs(OwnedFd::from_raw_fd(fd)))
            }
        })
        .ok()?
        .join()
        .ok()
        .flatten()
}
