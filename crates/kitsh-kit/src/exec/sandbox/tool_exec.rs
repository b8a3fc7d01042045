//! Processes of the sandbox that share P's memory: C1 (pid 1, `clone(CLONE_VM|CLONE_FILES)`)
//! and the tool's process C2 (`clone(CLONE_VM|CLONE_VFORK)`, then `execve` by our code rather
//! than by std), each on a stack of its own ([`clone_on_stack`]).
//!
//! Why: P is std's fork of kitsh, a copy of kitsh's whole address space. Forking C1 and C2
//! from it would copy those page tables twice more (and fault on every page written after),
//! and tear the copies down again, C2's at the `execve` a moment later. Sharing P's memory, as
//! `posix_spawn` does, costs none of that; with `CLONE_VFORK` C1 stays suspended until C2 has
//! exec'd, so the two never run at the same time. C2 runs on a fresh stack, so it cannot
//! return into std's `pre_exec` caller to let std exec: the program, argv and environment are
//! prepared here as C strings before the fork ([`ToolExec`]), and a failed `execve` is
//! reported through the setup pipe (step `exec`) like any other setup step.

use std::ffi::{c_char, c_int, c_void, CString, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Size of C2's stack: it only sets rlimits, changes directory and execs.
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

/// Runs `body` in a new process created with `clone(flags)` on a stack of its own; returns
/// its pid, or -1 (errno set). With `CLONE_VFORK` the call returns once the new process has
/// exec'd or exited. `body` must end in `execve` or `_exit`, may only make raw system calls,
/// and with `CLONE_VM` must stay valid while the new process runs.
pub(super) unsafe fn clone_on_stack(body: &mut dyn FnMut(), flags: c_int) -> i32 {
    // The stack is mapped in the calling child (a raw system call, no allocator), with an
    // inaccessible page below it so an overflow faults instead of writing over other memory.
    let size = STACK_SIZE + GUARD;
    let base = libc::mmap(
        std::ptr::null_mut(),
        size,
        libc::PROT_READ | libc::PROT_WRITE,
        libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_STACK,
        -1,
        0,
    );
    if base == libc::MAP_FAILED {
        return -1;
    }
    if libc::mprotect(base, GUARD, libc::PROT_NONE) != 0 {
        return -1;
    }
    // The reference to `body` is kept at the very top of the new stack, which lives as long
    // as the child (a local of this function would not: without CLONE_VFORK this returns
    // while the child runs); the stack grows down from just below it, 16-byte aligned.
    let slot = base.cast::<u8>().add(size - 16).cast::<&mut dyn FnMut()>();
    slot.write(body);
    let pid = libc::clone(
        trampoline,
        slot.cast::<c_void>(),
        flags,
        slot.cast::<c_void>(),
    );
    if flags & libc::CLONE_VFORK != 0 {
        // The child has exec'd or exited: its stack is no longer in use. (Without
        // CLONE_VFORK it is, until the child ends; the mapping goes with the process.)
        libc::munmap(base, size);
    }
    pid
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
