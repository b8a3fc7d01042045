//! Character devices of `/dev`: what reading and writing them does.
//!
//! The nodes live in a [`MemoryFs`](super::MemoryFs) (see [`DEVICES`]); this module gives their
//! behaviour. `/dev/stdin`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` are intercepted by the
//! interpreter; when they reach the filesystem anyway they act like `/dev/null`. `/dev/tty` has no
//! terminal behind it: opening it fails like on a machine without a controlling terminal.

use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

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
                RandomReader::new().fill(buf);
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

/// An endless stream of pseudo-random bytes (xorshift64*, seeded from the clock and a counter).
#[derive(Debug)]
pub struct RandomReader {
    state: u64,
}

impl RandomReader {
    /// A new generator with a fresh seed.
    pub fn new() -> Self {
        static COUNTER: AtomicU64 = AtomicU64::new(0x9E37_79B9_7F4A_7C15);
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        let n = COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
        let mut state = splitmix(nanos ^ n);
        if state == 0 {
            state = 0x2545_F491_4F6C_DD1D;
        }
        RandomReader { state }
    }

    fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Fill `buf` with random bytes.
    pub fn fill(&mut self, buf: &mut [u8]) {
        for chunk in buf.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

impl Default for RandomReader {
    fn default() -> Self {
        Self::new()
    }
}

impl Read for RandomReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.fill(buf);
        Ok(buf.len())
    }
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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
        RandomReader::new().fill(&mut a);
        RandomReader::new().fill(&mut b);
        assert_ne!(a, b);
        assert_ne!(a, [0u8; 32]);
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
