//! Named pipes (`mkfifo`) of the memory filesystem: an in-memory pipe shared by everyone who
//! opens the node. As on Linux, opening for reading waits for a writer and opening for writing
//! waits for a reader; a reader sees end of file once every writer has closed; writing with no
//! reader left fails with `EPIPE`. Every wait polls the caller's cancellation (script timeout),
//! so a FIFO nobody opens from the other side blocks only until the script is cancelled; a
//! caller with no cancellation check does not wait at all ([`FsError::Unsupported`] when the
//! other side is not open).

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::{FsError, FsResult};

/// Says whether the waiting command was cancelled.
pub type Watch = Arc<dyn Fn() -> bool + Send + Sync>;

/// Bytes a FIFO holds before writers wait (Linux's default pipe size).
const CAPACITY: usize = 64 * 1024;
/// How often a blocked open, read or write checks for cancellation.
const POLL: Duration = Duration::from_millis(20);

#[derive(Default)]
struct State {
    buf: VecDeque<u8>,
    readers: usize,
    writers: usize,
    /// Opens so far on each side, so an open that raced with a whole open-write-close of the
    /// other side still completes.
    reader_opens: u64,
    writer_opens: u64,
}

/// The shared state of one FIFO node.
#[derive(Default)]
pub struct Fifo {
    state: Mutex<State>,
    cv: Condvar,
}

/// One end of an opened FIFO.
pub enum FifoEnd {
    /// Opened for reading.
    Reader(Box<dyn Read + Send>),
    /// Opened for writing.
    Writer(Box<dyn Write + Send>),
}

thread_local! {
    /// The cancellation of the command running on this thread (see [`set_current_watch`]).
    static CURRENT: std::cell::RefCell<Option<Watch>> = const { std::cell::RefCell::new(None) };
}

/// Record the cancellation check of the command about to run on this thread: a FIFO opened
/// through the plain [`FileSystem::open_read`](super::FileSystem::open_read) waits under it.
pub fn set_current_watch(w: Option<Watch>) {
    CURRENT.with(|c| *c.borrow_mut() = w);
}

/// The cancellation check recorded for this thread.
pub fn current_watch() -> Option<Watch> {
    CURRENT.with(|c| c.borrow().clone())
}

fn cancelled(w: &Option<Watch>) -> bool {
    w.as_ref().is_some_and(|f| f())
}

impl Fifo {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(&self, g: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        match self.cv.wait_timeout(g, POLL) {
            Ok((g, _)) => g,
            Err(e) => e.into_inner().0,
        }
    }

    /// Open for reading (`write == false`) or writing, waiting for the other side.
    pub fn open(self: &Arc<Self>, write: bool, watch: Option<Watch>) -> FsResult<FifoEnd> {
        let mut g = self.lock();
        let other_opens = if write {
            g.writers += 1;
            g.writer_opens += 1;
            g.reader_opens
        } else {
            g.readers += 1;
            g.reader_opens += 1;
            g.writer_opens
        };
        self.cv.notify_all();
        loop {
            let (others, opens) = if write { (g.readers, g.reader_opens) } else { (g.writers, g.writer_opens) };
            if others > 0 || opens != other_opens {
                break;
            }
            // Without a way to be cancelled, never wait: the other side must be open already.
            if watch.is_none() || cancelled(&watch) {
                if write {
                    g.writers -= 1;
                } else {
                    g.readers -= 1;
                }
                self.cv.notify_all();
                return Err(if watch.is_none() { FsError::Unsupported } else { FsError::Interrupted });
            }
            g = self.wait(g);
        }
        drop(g);
        let fifo = Arc::clone(self);
        Ok(if write { FifoEnd::Writer(Box::new(Writer { fifo, watch })) } else { FifoEnd::Reader(Box::new(Reader { fifo, watch })) })
    }
}

/// The read end.
struct Reader {
    fifo: Arc<Fifo>,
    watch: Option<Watch>,
}

impl Read for Reader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let f = &self.fifo;
        let mut g = f.lock();
        loop {
            if !g.buf.is_empty() {
                let n = buf.len().min(g.buf.len());
                for (d, s) in buf.iter_mut().zip(g.buf.drain(..n)) {
                    *d = s;
                }
                f.cv.notify_all();
                return Ok(n);
            }
            if g.writers == 0 {
                return Ok(0);
            }
            if cancelled(&self.watch) {
                return Err(crate::util::cancelled::error());
            }
            g = f.wait(g);
        }
    }
}

impl Drop for Reader {
    fn drop(&mut self) {
        let mut g = self.fifo.lock();
        g.readers = g.readers.saturating_sub(1);
        self.fifo.cv.notify_all();
    }
}

/// The write end.
struct Writer {
    fifo: Arc<Fifo>,
    watch: Option<Watch>,
}

impl Write for Writer {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if data.is_empty() {
            return Ok(0);
        }
        let f = &self.fifo;
        let mut g = f.lock();
        loop {
            if g.readers == 0 {
                return Err(io::Error::from(io::ErrorKind::BrokenPipe));
            }
            let room = CAPACITY.saturating_sub(g.buf.len());
            if room > 0 {
                let n = room.min(data.len());
                g.buf.extend(&data[..n]);
                f.cv.notify_all();
                return Ok(n);
            }
            if cancelled(&self.watch) {
                return Err(crate::util::cancelled::error());
            }
            g = f.wait(g);
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        let mut g = self.fifo.lock();
        g.writers = g.writers.saturating_sub(1);
        self.fifo.cv.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendezvous_and_eof() {
        let f = Arc::new(Fifo::default());
        let f2 = Arc::clone(&f);
        let never: Watch = Arc::new(|| false);
        let w2 = Arc::clone(&never);
        let t = std::thread::spawn(move || {
            if let Ok(FifoEnd::Writer(mut w)) = f2.open(true, Some(w2)) {
                let _ = w.write_all(b"hi\n");
            }
        });
        let mut got = Vec::new();
        if let Ok(FifoEnd::Reader(mut r)) = f.open(false, Some(never)) {
            let _ = r.read_to_end(&mut got);
        }
        let _ = t.join();
        assert_eq!(got, b"hi\n");
    }

    #[test]
    fn cancelled_open_returns() {
        let f = Arc::new(Fifo::default());
        let watch: Watch = Arc::new(|| true);
        assert!(matches!(f.open(false, Some(watch)), Err(FsError::Interrupted)));
    }
}
