#![no_std]

extern crate alloc;

pub mod constants;
pub mod engine;
pub mod string;

pub use constants::{SRE_MAGIC, SreAtCode, SreCatCode, SreFlag, SreInfo, SreOpcode};
pub use engine::{Request, SearchIter, State};
pub use string::{StrDrive, StringCursor};

pub const CODESIZE: usize = 4;

/// kitsh: the embedder's "stop now" check (see [`set_interrupt_hook`]); null when none.
static INTERRUPT_HOOK: core::sync::atomic::AtomicPtr<()> = core::sync::atomic::AtomicPtr::new(core::ptr::null_mut());

/// kitsh: install `hook`, asked now and then while a match runs (and when one starts); when
/// it answers `true` the match gives up as if nothing matched, so that a runaway pattern
/// (catastrophic backtracking) ends once the embedder wants the interpreter stopped.
pub fn set_interrupt_hook(hook: fn() -> bool) {
    INTERRUPT_HOOK.store(hook as *mut (), core::sync::atomic::Ordering::Release);
}

/// kitsh: whether the installed hook asks to stop.
#[inline]
pub(crate) fn interrupted() -> bool {
    let p = INTERRUPT_HOOK.load(core::sync::atomic::Ordering::Acquire);
    if p.is_null() {
        return false;
    }
    // SAFETY: only `set_interrupt_hook` stores here, always a `fn() -> bool`.
    let hook: fn() -> bool = unsafe { core::mem::transmute::<*mut (), fn() -> bool>(p) };
    hook()
}

#[cfg(target_pointer_width = "32")]
pub const MAXREPEAT: usize = usize::MAX - 1;
#[cfg(target_pointer_width = "64")]
pub const MAXREPEAT: usize = u32::MAX as usize;

#[cfg(target_pointer_width = "32")]
pub const MAXGROUPS: usize = MAXREPEAT / 4 / 2;
#[cfg(target_pointer_width = "64")]
pub const MAXGROUPS: usize = MAXREPEAT / 2;
