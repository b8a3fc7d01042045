//! Character devices of `/dev`: what reading and writing them does.
//!
//! The nodes live in a [`MemoryFs`](super::MemoryFs) (see [`DEVICES`]); this module gives their
//! behaviour. `/dev/stdin`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` are intercepted by the
//! interpreter; when they reach the filesystem anyway they act like `/dev/null`. `/dev/tty` has no
//! terminal behind it: opening it fails like on a machine without a controlling terminal.

use std::io::Read;

use super::{FsError, FsResult};

/// A character device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DevKind {
    /// `/dev/null`: reads nothing, discards writes.
    Null,
    /// `/dev/zero`: endless zero bytes, discards writes.
    Zero,
    /// `/dev/full`: endless zero bytes, writes fail with [`FsError::NoSpace`].
    Full,
    /// `/dev/random`: endless pseudo-random bytes.
    Random,
    /// `/dev/urandom`: endless pseudo-random bytes.
    Urandom,
    /// `/dev/tty`: stat only; opening fails with [`FsError::Io`].
    Tty,
    /// `/dev/stdin` (served by the interpreter).
    Stdin,
    /// `/dev/stdout` (served by the interpreter).
    Stdout,
    /// `/dev/stderr` (served by the interpreter).
    Stderr,
    /// A named pipe made by `mkfifo`: opened through
    /// [`FileSystem::open_fifo`](super::FileSystem::open_fifo); reading or writing it as a
    /// file fails with [`FsError::Unsupported`].
    Fifo,
}

/// The standard device nodes created under `/dev`, by name.
pub const DEVICES: &[(&str, DevKind)] = &[
    ("full", DevKind::Full),
    ("null", DevKind::Null),
    ("random", DevKind::Random),
    ("stderr", DevKind::Stderr),
    ("stdin", DevKind::Stdin),
    ("stdout", DevKind::Stdout),
    ("tty", DevKind::Tty),
    ("urandom", DevKind::Urandom),
    ("zero", DevKind::Zero),
];

impl DevKind {
    /// The whole content, for [`FileSystem::read_file`](super::FileSystem::read_file): empty for
    /// the null-like devices, [`FsError::Invalid`] for endless ones.
    pub fn read_all(self) -> FsResult<Vec<u8>> {
        match self {
            DevKind::Null | DevKind::Stdin | DevKind::Stdout | DevKind::Stderr => Ok(Vec::new()),
            DevKind::Zero | DevKind::Full | DevKind::Random | DevKind::Urandom => {
                Err(FsError::Invalid)
            }
            DevKind::Tty => Err(FsError::Io),
            DevKind::Fifo => Err(FsError::Unsupported),
        }
    }

    /// A streaming reader.
    pub fn reader(self) -> FsResult<Box<dyn Read + Send>> {
        match self {
            DevKind::Null | DevKind::Stdin | DevKind::Stdout | DevKind::Stderr => {
                Ok(Box::new(std::io::empty()))
            }
            DevKind::Zero | DevKind::Full => Ok(Box::new(std::io::repeat(0))),
            DevKind::Random | DevKind::Urandom => Ok(Box::new(RandomReader::new())),
            DevKind::Tty => Err(FsError::Io),
            DevKind::Fifo => Err(FsError::Unsupported),
        }
    }

    /// Fill `buf` like a read at any offset; returns the byte count.
    pub fn read_at(self, buf: &mut [u8]) -> FsResult<usize> {
        match self {
            DevKind::Null | DevKind::Stdin | DevKind::Stdout | DevKind::Stderr => Ok(0),
            DevKind::Zero | DevKind::Full => {
                buf.fill(0);
                Ok(buf.len())
            }
            DevKind::Random | DevKind::Urandom => {
                secure_random(buf).map_err(|_| FsError::Io)?;
                Ok(buf.len())
            }
            DevKind::Tty => Err(FsError::Io),
            DevKind::Fifo => Err(FsError::Unsupported),
        }
    }

    /// What a write does: nothing (discarded) or an error.
    pub fn write(self) -> FsResult<()> {
        match self {
            DevKind::Full => Err(FsError::NoSpace),
            DevKind::Tty => Err(FsError::Io),
            DevKind::Fifo => Err(FsError::Unsupported),
            _ => Ok(()),
        }
    }
}

/// `/dev/random` and `/dev/urandom`: an endless stream of bytes from the operating system's
/// secure source (`getrandom(2)` on Linux), with no generator of kitsh's in between, so that no
/// bytes a script reads tell anything about the next ones (tokens, keys, temporary names).
#[derive(Debug, Default, Clone, Copy)]
pub struct RandomReader;

impl RandomReader {
    /// A reader (no state: every read asks the operating system).
    pub fn new() -> Self {
        RandomReader
    }

    /// Fill `buf` with secure random bytes.
    pub fn fill(&mut self, buf: &mut [u8]) -> std::io::Result<()> {
        secure_random(buf)
    }
}

/// Fill `buf` from the operating system's secure source.
pub fn secure_random(buf: &mut [u8]) -> std::io::Result<()> {
    getrandom::fill(buf).map_err(|e| std::io::Error::other(format!("no secure random source: {e}")))
}

impl Read for RandomReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // One system call serves at most this much; callers read in loops.
        let n = buf.len().min(1 << 20);
        self.fill(&mut buf[..n])?;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_reads_empty() {
        assert_eq!(DevKind::Null.read_all(), Ok(Vec::new()));
        let mut s = Vec::new();
        assert!(matches!(DevKind::Null.reader().map(|mut r| r.read_to_end(&mut s)), Ok(Ok(0))));
    }

    #[test]
    fn zero_streams_zeros() {
        let mut buf = [1u8; 100];
        assert!(matches!(DevKind::Zero.reader().map(|mut r| r.read(&mut buf)), Ok(Ok(100))));
        assert!(buf.iter().all(|&b| b == 0));
        assert_eq!(DevKind::Zero.read_all(), Err(FsError::Invalid));
    }

    #[test]
    fn random_differs() {
        let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
        assert!(RandomReader::new().fill(&mut a).is_ok());
        assert!(RandomReader::new().fill(&mut b).is_ok());
        assert_ne!(a, b);
        assert_ne!(a, [0u8; 32]);
    }

    #[test]
    fn random_has_no_generator_of_its_own() {
        // No state to predict: every byte comes from the operating system (getrandom).
        assert_eq!(std::mem::size_of::<RandomReader>(), 0);
        let mut r = RandomReader::new();
        let mut big = vec![0u8; 3 << 20];
        let mut got = 0;
        while got < big.len() {
            got += r.read(&mut big[got..]).unwrap_or(0);
        }
        assert!(big.chunks(1 << 20).all(|c| c.iter().any(|&b| b != 0)));
    }

    #[test]
    fn random_fills_odd_lengths() {
        let mut buf = [0u8; 13];
        assert_eq!(DevKind::Urandom.read_at(&mut buf), Ok(13));
    }

    #[test]
    fn writes() {
        assert_eq!(DevKind::Null.write(), Ok(()));
        assert_eq!(DevKind::Full.write(), Err(FsError::NoSpace));
        assert_eq!(DevKind::Tty.write(), Err(FsError::Io));
        assert!(DevKind::Tty.reader().is_err());
    }
}
