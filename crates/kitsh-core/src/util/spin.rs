//! Waiting awake for an answer that usually comes within microseconds (a tool's callback on
//! another thread, a guest interpreter's next request): a thread put to sleep costs a wake-up
//! of tens of microseconds on a small VM, more than the answer itself.

use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The next message of `rx` if it comes within `spin`, yielding the core meanwhile; `None`
/// when it did not (or the sender is gone): the caller then blocks as it would have.
pub fn spin_recv<T>(rx: &mpsc::Receiver<T>, spin: Duration) -> Option<T> {
    let start = Instant::now();
    loop {
        match rx.try_recv() {
            Ok(m) => return Some(m),
            Err(mpsc::TryRecvError::Empty) if start.elapsed() < spin => std::thread::yield_now(),
            Err(_) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_what_comes_in_time_and_gives_up_after() {
        let (tx, rx) = mpsc::channel();
        tx.send(1).ok();
        assert_eq!(spin_recv(&rx, Duration::from_micros(50)), Some(1));
        assert_eq!(spin_recv(&rx, Duration::from_micros(50)), None);
        drop(tx);
        assert_eq!(spin_recv::<i32>(&rx, Duration::from_secs(5)), None);
    }
}
