//! The sandbox's processes share memory instead of copying it: P (started by kitsh, see
//! `spawn`), C1 (pid 1, `clone(CLONE_VM|CLONE_FILES)`) and the tool's process C2
//! (`clone(CLONE_VM|CLONE_VFORK)`, then `execve` by our code rather than by std), each on a
//! stack of its own ([`Stacks`], [`clone_on_stack`]).
//!
//! Why: a fork copies the forking process's whole address space (page tables, then a
//! copy-on-write fault on every page written after) and tears the copy down again at the
//! `execve` or exit. Sharing the memory, as `posix_spawn` does, costs none of that; with
//! `CLONE_VFORK` C1 stays suspended until C2 has exec'd, so the two never run at the same time.
//! The stacks are mapped by kitsh beforehand (a process sharing kitsh's memory must not map or
//! unmap in it), and C2 cannot return into a caller to let std exec: the program, argv and
//! environment are prepared as C strings beforehand ([`ToolExec`]), and a failed `execve` is
//! reported through the setup pipe (step `exec`) like any other setup step.

use std::ffi::{c_char, c_int, c_void, CString, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Size of each stack (P, C1, C2): they only make system calls on prepared data.
const STACK_SIZE: usize = 256 * 1024;

/// Page size assumed for the guard page below the stack (the smallest Linux page size).
const GUARD: usize = 4096;

/// The tool's `execve` arguments, built before the fork (C2 must not allocate).
pub(super) struct ToolExec {
    program: CString,
    /// Owns the argv and environment strings the pointer arrays point into (a `CString`'s bytes
    /// live on the heap and do not move when the vector does).
    _strings: Vec<CString>,
    /// NULL-terminated.
    argv: Vec<*const c_char>,
    /// NULL-terminated.
    envp: Vec<*const c_char>,
}

// SAFETY: the raw pointers point into `_strings`, owned by the same value and never mutated;
// they are only read, by `execve` in the child.
unsafe impl Send for ToolExec {}
// SAFETY: as above: nothing is mutated through `&ToolExec`.
unsafe impl Sync for ToolExec {}

impl ToolExec {
    /// `argv[0]` is the program, as std passes it; `env` is the whole environment.
    pub(super) fn new(
        program: &Path,
        args: &[OsString],
        env: &[(OsString, OsString)],
    ) -> Result<ToolExec, String> {
        let c =
            |bytes: &[u8]| CString::new(bytes).map_err(|_| "argument has a NUL byte".to_string());
        let program = c(program.as_os_str().as_bytes())?;
        let mut strings = vec![program.clone()];
        for arg in args {
            strings.push(c(arg.as_bytes())?);
        }
        let argc = strings.len();
        for (key, value) in env {
            let mut entry = key.as_bytes().to_vec();
            entry.push(b'=');
            entry.extend_from_slice(value.as_bytes());
            strings.push(c(&entry)?);
        }
        let pointers = |s: &[CString]| {
            let mut v: Vec<*const c_char> = s.iter().map(|s| s.as_ptr()).collect();
            v.push(std::ptr::null());
            v
        };
        let argv = pointers(&strings[..argc]);
        let envp = pointers(&strings[argc..]);
        Ok(ToolExec {
            program,
            _strings: strings,
            argv,
            envp,
        })
    }

    /// `execve`; returns only on failure (errno set).
    pub(super) unsafe fn exec(&self) {
        libc::execve(
            self.program.as_ptr(),
            self.argv.as_ptr(),
            self.envp.as_ptr(),
        );
    }
}

/// The stacks of a call's processes (P, C1, C2; see the sandbox's module docs), mapped by kitsh
/// before any of them starts: each has an inaccessible page below it, so an overflow faults
/// instead of writing over other memory. Dropped only once none of the processes can run on
/// them any more; then kept for a later call (no new mapping, no page faults on fresh pages),
/// up to [`POOLED`] of them.
pub(super) struct Stacks {
    base: *mut c_void,
    len: usize,
}

// SAFETY: the mapping is owned by this value; the pointers are only handed to `clone`.
unsafe impl Send for Stacks {}
// SAFETY: as above: nothing is mutated through `&Stacks`.
unsafe impl Sync for Stacks {}

/// Which stack of [`Stacks`].
#[derive(Clone, Copy)]
pub(super) enum StackOf {
    /// P (started by kitsh with `clone(CLONE_VM)`).
    P = 0,
    /// C1, pid 1 of the namespaces.
    C1 = 1,
    /// C2, the tool's process until it execs.
    C2 = 2,
}

/// How many idle [`Stacks`] are kept (more are only needed while that many calls overlap).
const POOLED: usize = 8;

/// Idle stacks.
static POOL: std::sync::Mutex<Vec<Stacks>> = std::sync::Mutex::new(Vec::new());

impl Stacks {
    /// Idle stacks of an earlier call, or new ones.
    pub(super) fn new() -> std::io::Result<Stacks> {
        let idle = POOL.lock().unwrap_or_else(|p| p.into_inner()).pop();
        match idle {
            Some(stacks) => Ok(stacks),
            None => Stacks::map(),
        }
    }

    /// Maps the three stacks (`MAP_NORESERVE`: only the pages used are ever allocated).
    fn map() -> std::io::Result<Stacks> {
        let len = 3 * (STACK_SIZE + GUARD);
        // SAFETY: a fresh anonymous mapping, owned by the value returned.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(std::io::Error::last_os_error());
        }
        for i in 0..3 {
            // SAFETY: a page inside the mapping.
            let guard = unsafe { base.cast::<u8>().add(i * (STACK_SIZE + GUARD)) };
            // SAFETY: as above.
            if unsafe { libc::mprotect(guard.cast(), GUARD, libc::PROT_NONE) } != 0 {
                let e = std::io::Error::last_os_error();
                // SAFETY: our fresh mapping, used by nobody (never pooled without its guards).
                unsafe { libc::munmap(base, len) };
                return Err(e);
            }
        }
        Ok(Stacks { base, len })
    }

    /// The highest address of a stack (it grows down from there).
    pub(super) fn top(&self, which: StackOf) -> *mut u8 {
        let end = (which as usize + 1) * (STACK_SIZE + GUARD);
        // SAFETY: the end of one stack, inside (or one past) the mapping.
        unsafe { self.base.cast::<u8>().add(end) }
    }
}

impl Drop for Stacks {
    fn drop(&mut self) {
        let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
        if pool.len() < POOLED && !self.base.is_null() {
            // Moved into the pool: this value no longer owns the mapping.
            pool.push(Stacks {
                base: std::mem::replace(&mut self.base, std::ptr::null_mut()),
                len: self.len,
            });
            return;
        }
        drop(pool);
        if !self.base.is_null() {
            // SAFETY: our own mapping, no longer used by any process (see the type's docs).
            unsafe {
                libc::munmap(self.base, self.len);
            }
        }
    }
}

/// Runs `body` in a new process created with `clone(flags)` on the stack whose top is `top`
/// (see [`Stacks::top`]); returns its pid, or -1 (errno set). With `CLONE_VFORK` the call returns once the new process
/// has exec'd or exited. `body` must end in `execve` or `_exit`, may only make raw system calls,
/// and with `CLONE_VM` must stay valid (and the stack in use) while the new process runs.
/// `pidfd` receives a pidfd with `CLONE_PIDFD`; `tls` is the thread pointer with
/// `CLONE_SETTLS`.
pub(super) unsafe fn clone_on_stack(
    body: &mut dyn FnMut(),
    flags: c_int,
    top: *mut u8,
    pidfd: *mut c_int,
    tls: usize,
) -> i32 {
    // The reference to `body` is kept at the very top of the new stack, which lives as long
    // as the child (a local of this function would not: without CLONE_VFORK this returns
    // while the child runs); the stack grows down from just below it, 16-byte aligned.
    let slot = top.sub(16).cast::<&mut dyn FnMut()>();
    slot.write(body);
    libc::clone(
        trampoline,
        slot.cast::<c_void>(),
        flags,
        slot.cast::<c_void>(),
        pidfd,
        tls as *mut c_void,
        std::ptr::null_mut::<c_int>(),
    )
}

/// The new process's entry point: runs the body, which never returns in practice.
extern "C" fn trampoline(arg: *mut c_void) -> c_int {
    // SAFETY: `arg` points at the `&mut dyn FnMut()` `clone_on_stack` stored on this stack;
    // the caller keeps the closure alive while this process runs (CLONE_VFORK, or by waiting
    // for it).
    let body = unsafe { &mut *arg.cast::<&mut dyn FnMut()>() };
    body();
    // SAFETY: leaving the shared memory without running any exit handler.
    unsafe { libc::_exit(127) }
}
