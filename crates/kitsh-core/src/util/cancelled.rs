//! The I/O error of a cancelled script (a timeout, a limit, the host's token).
//!
//! Reads and writes of a cancelled script fail with [`error`]. Its kind is not `Interrupted`:
//! std's helpers (`read_to_end`, `io::copy`, `write_all`) and third-party readers (flate2, ...)
//! retry that kind, so they would spin for ever on a source that stays cancelled. Commands
//! that stop quietly when cancelled test for it with [`is`].

use std::io;

/// The payload that marks the error.
#[derive(Debug)]
struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// The error a read or write gets once the script is cancelled.
pub fn error() -> io::Error {
    io::Error::other(Cancelled)
}

/// Is `e` a cancellation (or a host read interrupted by a signal, which a command treats the
/// same way: it stops quietly)?
pub fn is(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::Interrupted || e.get_ref().is_some_and(|inner| inner.is::<Cancelled>())
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    /// The reason for the type: `read_to_end` gives the error back instead of retrying.
    #[test]
    fn std_helpers_do_not_retry_it() {
        struct Stuck(u32);
        impl Read for Stuck {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                self.0 += 1;
                assert!(self.0 < 10, "retried");
                Err(super::error())
            }
        }
        let mut out = Vec::new();
        let e = Stuck(0).read_to_end(&mut out).unwrap_err();
        assert!(super::is(&e));
        assert_eq!(e.to_string(), "cancelled");
        assert!(!super::is(&std::io::Error::other("other")));
    }
}
