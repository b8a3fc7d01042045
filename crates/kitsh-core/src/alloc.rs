//! [`MeteredAlloc`]: a global allocator that counts what metered threads hold, so that an
//! embedded interpreter whose allocations kitsh cannot see one by one (RustPython) is stopped
//! at [`crate::ExecutionLimits::max_heap_bytes`].
//!
//! A library cannot choose the process's allocator: the program does, with
//! `#[global_allocator] static A: kitsh::alloc::MeteredAlloc = kitsh::alloc::MeteredAlloc;`
//! (the `kitsh` CLI does). Without it nothing is metered and [`Meter::start`] gives `None`.
//!
//! A thread is metered while a [`Meter`] is attached to it: every allocation made on the thread
//! adds its size to the meter, every deallocation made on it subtracts it. Memory freed on
//! another thread is not subtracted (the count errs on the high side); Python's objects are
//! made and freed on the interpreter's own thread.
//!
//! A thread can also be given a [`Stopper`]: once it is triggered, the thread's next allocation
//! never returns (the thread sleeps for good). This is how a thread that ignores every request
//! to stop (a long native operation inside the embedded interpreter) is kept from growing or,
//! when it allocates as it computes, from spinning after its script was abandoned.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};

/// Meters that can be in use at once (more concurrent metered threads go unmetered).
const SLOTS: usize = 64;

/// `usize::MAX`: the thread is not metered.
const NONE: usize = usize::MAX;

static COUNTS: [AtomicI64; SLOTS] = [const { AtomicI64::new(0) }; SLOTS];

/// Bit `i` set: slot `i` is taken.
static TAKEN: AtomicU64 = AtomicU64::new(0);

/// Set by the first allocation through [`MeteredAlloc`]: it is the process's allocator.
static INSTALLED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// The slot of the meter attached to this thread.
    static SLOT: Cell<usize> = const { Cell::new(NONE) };
    /// The flag of the [`Stopper`] armed on this thread (null: none).
    static STOP: Cell<*const AtomicBool> = const { Cell::new(std::ptr::null()) };
}

/// The system allocator, counting the bytes of metered threads.
pub struct MeteredAlloc;

/// Note that this allocator is in use (a load first: a store on every allocation would make
/// all threads contend for the flag's cache line).
fn mark_installed() {
    if !INSTALLED.load(Ordering::Relaxed) {
        INSTALLED.store(true, Ordering::Relaxed);
    }
}

fn count(delta: i64) {
    // `try_with`: the thread-local may be gone while the thread ends (nothing to count then).
    let slot = SLOT.try_with(Cell::get).unwrap_or(NONE);
    if slot != NONE {
        COUNTS[slot].fetch_add(delta, Ordering::Relaxed);
    }
}

// SAFETY: every call is passed on unchanged to `System`, which upholds `GlobalAlloc`'s
// contract; the bookkeeping around it neither allocates nor touches the memory.
/// Sleep for good if this thread's [`Stopper`] was triggered (before any lock of the system
/// allocator is taken; sleeping allocates nothing).
fn stop_point() {
    let flag = STOP.try_with(Cell::get).unwrap_or(std::ptr::null());
    // SAFETY: a non-null pointer comes from `Stopper::arm`, whose caller keeps the flag alive
    // while it is armed on this thread.
    if !flag.is_null() && unsafe { (*flag).load(Ordering::Relaxed) } {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
}

unsafe impl GlobalAlloc for MeteredAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        mark_installed();
        stop_point();
        // SAFETY: the caller's layout is passed on as given.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as i64);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        mark_installed();
        stop_point();
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            count(layout.size() as i64);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (every path above uses it).
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as i64));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        stop_point();
        // SAFETY: as for `dealloc`; `new_size` is the caller's.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as i64 - layout.size() as i64);
        }
        p
    }
}

/// Stops a thread at its next allocation, for good, once triggered (see the module docs; only
/// where [`MeteredAlloc`] is the process's allocator). Cheap to clone: clones share the flag.
#[derive(Debug, Clone, Default)]
pub struct Stopper {
    flag: std::sync::Arc<AtomicBool>,
}

impl Stopper {
    /// A stopper not triggered.
    pub fn new() -> Stopper {
        Stopper::default()
    }

    /// Make the current thread stop at its next allocation once [`Stopper::trigger`] is
    /// called. `self` must stay alive (not dropped) while it is armed: keep it until the end of
    /// the thread's work, then [`Stopper::disarm`].
    pub fn arm(&self) {
        STOP.with(|s| s.set(std::sync::Arc::as_ptr(&self.flag)));
    }

    /// No stopper on the current thread any more.
    pub fn disarm() {
        STOP.with(|s| s.set(std::ptr::null()));
    }

    /// Stop the thread it is armed on at that thread's next allocation.
    pub fn trigger(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }
}

/// The bytes held by the threads it is attached to. Dropping it frees its slot.
#[derive(Debug)]
pub struct Meter {
    slot: usize,
}

impl Meter {
    /// A new meter at zero, or `None` when [`MeteredAlloc`] is not the process's allocator (or
    /// every slot is in use).
    pub fn start() -> Option<Meter> {
        if !INSTALLED.load(Ordering::Relaxed) {
            return None;
        }
        let mut taken = TAKEN.load(Ordering::Relaxed);
        loop {
            let slot = (!taken).trailing_zeros() as usize;
            if slot >= SLOTS {
                return None;
            }
            match TAKEN.compare_exchange_weak(taken, taken | 1 << slot, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => {
                    COUNTS[slot].store(0, Ordering::Relaxed);
                    return Some(Meter { slot });
                }
                Err(now) => taken = now,
            }
        }
    }

    /// Count what the current thread allocates and frees from now on (until
    /// [`Meter::detach`] or the thread ends).
    pub fn attach(&self) {
        SLOT.with(|s| s.set(self.slot));
    }

    /// Stop counting the current thread.
    pub fn detach() {
        SLOT.with(|s| s.set(NONE));
    }

    /// Bytes held now (allocated minus freed by the attached threads; never below 0).
    pub fn bytes(&self) -> u64 {
        COUNTS[self.slot].load(Ordering::Relaxed).max(0) as u64
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        TAKEN.fetch_and(!(1 << self.slot), Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meters_only_with_the_allocator_and_only_attached_threads() {
        // The test binary's allocator is the system's: nothing is metered.
        let _v = vec![0u8; 1000];
        assert!(Meter::start().is_none());
        // Exercise the bookkeeping directly, as the allocator would.
        INSTALLED.store(true, Ordering::Relaxed);
        let m = Meter::start().expect("a free slot");
        m.attach();
        count(4096);
        count(-1000);
        Meter::detach();
        count(1 << 20);
        assert_eq!(m.bytes(), 3096);
        let slot = m.slot;
        drop(m);
        assert_eq!(TAKEN.load(Ordering::Relaxed) & (1 << slot), 0);
        INSTALLED.store(false, Ordering::Relaxed);
    }

    #[test]
    fn a_triggered_stopper_only_stops_its_own_thread() {
        let stop = Stopper::new();
        let armed = stop.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            armed.arm();
            stop_point();
            tx.send("passed the first stop point").ok();
            // Stays here for good once triggered (the thread is left behind by the test).
            loop {
                stop_point();
                std::thread::sleep(std::time::Duration::from_millis(1));
                tx.send("running").ok();
            }
        });
        assert_eq!(rx.recv().ok(), Some("passed the first stop point"));
        // Not armed on this thread: triggering does not stop it.
        stop.trigger();
        stop_point();
        // The armed thread sends at most one more message, then nothing.
        std::thread::sleep(std::time::Duration::from_millis(50));
        while rx.try_recv().is_ok() {}
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert!(rx.try_recv().is_err(), "the stopped thread went on");
    }
}
