//! File descriptors of the virtual shell: bounded in-memory pipes, output sinks, open files of
//! the virtual filesystem, and the per-shell descriptor table.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use crate::fs::{FileSystem, FsError};

use super::shared::Shared;
pub use super::host_input::HostInput;

pub(crate) const PIPE_CAPACITY: usize = 64 * 1024;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[derive(Default)]
struct PipeState {
    buf: VecDeque<u8>,
    writers: usize,
    readers: usize,
    /// The reader has taken data out at least once.
    was_read: bool,
}

/// A bounded pipe between two pipeline stages.
pub struct Pipe {
    state: Mutex<PipeState>,
    cond: Condvar,
    shared: Arc<Shared>,
}

impl Pipe {
    /// A new pipe with one reader and one writer end.
    pub fn new(shared: Arc<Shared>) -> (PipeReader, PipeWriter) {
        let p = Arc::new(Pipe {
            state: Mutex::new(PipeState { buf: VecDeque::new(), writers: 1, readers: 1, was_read: false }),
            cond: Condvar::new(),
            shared,
        });
        (PipeReader(p.clone()), PipeWriter(p))
    }

    fn read(&self, out: &mut [u8]) -> io::Result<usize> {
        self.read_until(out, None)
    }

    /// [`Pipe::read`] that stops after the first `delim` byte, leaving the rest in the pipe.
    fn read_upto(&self, out: &mut [u8], delim: u8) -> io::Result<usize> {
        self.read_until(out, Some(delim))
    }

    /// Wait for data (or end-of-file) and take up to `out.len()` bytes, ending after the first
    /// `delim` byte when one is given.
    fn read_until(&self, out: &mut [u8], delim: Option<u8>) -> io::Result<usize> {
        let mut st = lock(&self.state);
        loop {
            if !st.buf.is_empty() {
                let end = match delim {
                    None => st.buf.len(),
                    Some(d) => {
                        let (a, b) = st.buf.as_slices();
                        match a.iter().position(|&c| c == d) {
                            Some(i) => i + 1,
                            None => b.iter().position(|&c| c == d).map_or(a.len() + b.len(), |i| a.len() + i + 1),
                        }
                    }
                };
                let n = out.len().min(end);
                for (i, b) in st.buf.drain(..n).enumerate() {
                    out[i] = b;
                }
                st.was_read = true;
                self.cond.notify_all();
                return Ok(n);
            }
            if out.is_empty() {
                return Ok(0);
            }
            // Checked before end-of-file too: a writer stopped by the cancellation (a `sleep`
            // that reached the deadline) closes the pipe, and that end is not the input's.
            if self.shared.cancelled() {
                return Err(crate::util::cancelled::error());
            }
            if st.writers == 0 {
                return Ok(0);
            }
            st = self.cond.wait_timeout(st, Duration::from_millis(50)).map(|r| r.0).unwrap_or_else(|e| e.into_inner().0);
        }
    }

    fn write(&self, mut data: &[u8]) -> io::Result<()> {
        let mut st = lock(&self.state);
        while !data.is_empty() {
            if st.readers == 0 {
                // A reader that never reads (`{ echo hi; exit 55; } | false`) is usually still
                // starting when a short write lands in a kernel pipe's buffer, so bash sees no
                // SIGPIPE there (status 55); a writer that fills the buffer gets EPIPE. Accept
                // what fits, unread. A reader that did read and left (`head`) means EPIPE.
                if !st.was_read && st.buf.len() + data.len() <= PIPE_CAPACITY {
                    st.buf.extend(data);
                    return Ok(());
                }
                return Err(io::Error::from(io::ErrorKind::BrokenPipe));
            }
            let room = PIPE_CAPACITY.saturating_sub(st.buf.len());
            if room == 0 {
                if self.shared.cancelled() {
                    return Err(crate::util::cancelled::error());
                }
                st = self.cond.wait_timeout(st, Duration::from_millis(50)).map(|r| r.0).unwrap_or_else(|e| e.into_inner().0);
                continue;
            }
            let n = room.min(data.len());
            st.buf.extend(&data[..n]);
            data = &data[n..];
            self.cond.notify_all();
        }
        Ok(())
    }
}

/// The read end of a [`Pipe`]; dropping the last one makes writers fail with `BrokenPipe`.
pub struct PipeReader(Arc<Pipe>);
/// The write end of a [`Pipe`]; dropping the last one gives readers end-of-file.
pub struct PipeWriter(Arc<Pipe>);

impl Drop for PipeReader {
    fn drop(&mut self) {
        lock(&self.0.state).readers -= 1;
        self.0.cond.notify_all();
    }
}
impl Drop for PipeWriter {
    fn drop(&mut self) {
        lock(&self.0.state).writers -= 1;
        self.0.cond.notify_all();
    }
}

/// Where the caller's stdout or stderr goes: a memory buffer or a host writer, bounded.
pub struct Sink {
    buf: Vec<u8>,
    writer: Option<Box<dyn Write + Send>>,
}

impl Sink {
    /// A sink collecting into memory.
    pub fn memory() -> Sink {
        Sink { buf: Vec::new(), writer: None }
    }
    /// A sink writing through to `w` (the CLI's real stdout).
    pub fn writer(w: Box<dyn Write + Send>) -> Sink {
        Sink { buf: Vec::new(), writer: Some(w) }
    }
    /// Take what was collected.
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.buf)
    }
    /// What was collected so far (left in place).
    pub fn buffer(&self) -> &[u8] {
        &self.buf
    }

    /// Write `data`, not counted toward the output limit (the limit's own message).
    pub fn push(&mut self, data: &[u8]) -> io::Result<()> {
        match self.writer.as_mut() {
            Some(w) => {
                let r = w.write_all(data);
                let _ = w.flush();
                r
            }
            None => {
                self.buf.extend_from_slice(data);
                Ok(())
            }
        }
    }
}

/// An open file of the virtual filesystem.
pub struct OpenFile {
    path: String,
    pos: u64,
    append: bool,
    fs: Arc<dyn FileSystem>,
    reader: Option<Box<dyn Read + Send>>,
    /// The write end of a named pipe (writes go here instead of the filesystem).
    writer: Option<Box<dyn Write + Send>>,
    /// Bytes read from `reader` past a `read` builtin's delimiter, for the next read.
    pending: Vec<u8>,
}

/// One open file description. Descriptors in several tables may share it (`Arc`).
pub enum FdObj {
    /// The caller's stdout (`true`) or stderr sink.
    Sink(Arc<Mutex<Sink>>, bool),
    /// A pipe's read end.
    PipeR(PipeReader),
    /// A pipe's write end.
    PipeW(PipeWriter),
    /// A file; reads and writes go through the filesystem at the current offset.
    File(Mutex<OpenFile>),
    /// In-memory input (here-documents, here-strings).
    Bytes(Mutex<(Vec<u8>, usize)>),
    /// Captured output of a command substitution.
    Capture(Mutex<Vec<u8>>),
    /// `/dev/null`-like: reads give EOF, writes vanish.
    Null,
    /// Input from the host, read on demand (the CLI's standard input).
    Host(HostInput),
}

/// A shared handle to an [`FdObj`].
pub type Fd = Arc<FdObj>;

impl OpenFile {
    /// The path it was opened by.
    pub fn path(&self) -> &str {
        &self.path
    }
}

impl FdObj {
    /// Open `path` on `fs` as a file description.
    pub fn open_file(fs: &Arc<dyn FileSystem>, path: &str, append: bool, pos: u64) -> FdObj {
        FdObj::File(Mutex::new(OpenFile { path: path.to_string(), pos, append, fs: fs.clone(), reader: None, writer: None, pending: Vec::new() }))
    }

    /// Open the named pipe `path` for reading or writing, waiting for the other side (or until
    /// `watch` says the script was cancelled).
    pub fn open_fifo(fs: &Arc<dyn FileSystem>, path: &str, write: bool, watch: Option<crate::fs::fifo::Watch>) -> Result<FdObj, FsError> {
        let (reader, writer) = match fs.open_fifo(path, write, watch)? {
            crate::fs::fifo::FifoEnd::Reader(r) => (Some(r), None),
            crate::fs::fifo::FifoEnd::Writer(w) => (None, Some(w)),
        };
        Ok(FdObj::File(Mutex::new(OpenFile { path: path.to_string(), pos: 0, append: false, fs: fs.clone(), reader, writer, pending: Vec::new() })))
    }

    /// Open the named pipe `path` for reading and writing (`<>`), which, as on Linux, waits
    /// for no one: both ends are opened at once (the read end on a short-lived thread, so that
    /// each open sees the other).
    pub fn open_fifo_rw(fs: &Arc<dyn FileSystem>, path: &str, watch: crate::fs::fifo::Watch) -> Result<FdObj, FsError> {
        let (r, w) = std::thread::scope(|s| {
            let reader = s.spawn(|| fs.open_fifo(path, false, Some(Arc::clone(&watch))));
            let writer = fs.open_fifo(path, true, Some(Arc::clone(&watch)));
            (reader.join().unwrap_or(Err(FsError::Interrupted)), writer)
        });
        let (crate::fs::fifo::FifoEnd::Reader(reader), crate::fs::fifo::FifoEnd::Writer(writer)) = (r?, w?) else {
            return Err(FsError::Invalid);
        };
        Ok(FdObj::File(Mutex::new(OpenFile {
            path: path.to_string(),
            pos: 0,
            append: false,
            fs: fs.clone(),
            reader: Some(reader),
            writer: Some(writer),
            pending: Vec::new(),
        })))
    }

    /// In-memory input.
    pub fn bytes(data: Vec<u8>) -> FdObj {
        FdObj::Bytes(Mutex::new((data, 0)))
    }

    /// Read into `buf`.
    pub fn read(&self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            FdObj::PipeR(p) => p.0.read(buf),
            FdObj::Bytes(m) => {
                let mut g = lock(m);
                let (data, pos) = &mut *g;
                let n = buf.len().min(data.len() - *pos);
                buf[..n].copy_from_slice(&data[*pos..*pos + n]);
                *pos += n;
                Ok(n)
            }
            FdObj::File(m) => {
                let mut f = lock(m);
                if !f.pending.is_empty() {
                    let n = buf.len().min(f.pending.len());
                    buf[..n].copy_from_slice(&f.pending[..n]);
                    f.pending.drain(..n);
                    return Ok(n);
                }
                if let Some(r) = f.reader.as_mut() {
                    return r.read(buf);
                }
                match f.fs.read_at(&f.path, f.pos, buf) {
                    Ok(n) => {
                        f.pos += n as u64;
                        Ok(n)
                    }
                    Err(FsError::Invalid) => {
                        // an endless device: switch to streaming
                        let r = f.fs.open_read(&f.path).map_err(fs_io)?;
                        f.reader = Some(r);
                        f.reader.as_mut().map_or(Ok(0), |r| r.read(buf))
                    }
                    Err(e) => Err(fs_io(e)),
                }
            }
            FdObj::Null => Ok(0),
            FdObj::Host(h) => h.read(buf),
            FdObj::Sink(..) | FdObj::PipeW(_) | FdObj::Capture(_) => Err(io::Error::from_raw_os_error(9)),
        }
    }

    /// Read into `buf`, but never past the first `delim` byte (it is included): what follows
    /// stays for the next reader, as bash's `read` leaves it. Files and in-memory input are
    /// read a block at a time (the offset is set back after the delimiter, as bash seeks back);
    /// a pipe gives what it holds up to the delimiter; host input goes byte by byte.
    pub fn read_upto(&self, buf: &mut [u8], delim: u8) -> io::Result<usize> {
        match self {
            FdObj::PipeR(p) => p.0.read_upto(buf, delim),
            FdObj::Bytes(m) => {
                let mut g = lock(m);
                let (data, pos) = &mut *g;
                let rest = &data[*pos..];
                let end = rest.iter().position(|&c| c == delim).map_or(rest.len(), |i| i + 1);
                let n = buf.len().min(end);
                buf[..n].copy_from_slice(&rest[..n]);
                *pos += n;
                Ok(n)
            }
            FdObj::File(m) => {
                let mut f = lock(m);
                if f.reader.is_some() {
                    // Streams (named pipes, endless devices): keep what follows the delimiter.
                    if f.pending.is_empty() {
                        let mut tmp = vec![0u8; buf.len().max(1)];
                        let n = f.reader.as_mut().map_or(Ok(0), |r| r.read(&mut tmp))?;
                        tmp.truncate(n);
                        f.pending = tmp;
                    }
                    let end = f.pending.iter().position(|&c| c == delim).map_or(f.pending.len(), |i| i + 1);
                    let n = buf.len().min(end);
                    buf[..n].copy_from_slice(&f.pending[..n]);
                    f.pending.drain(..n);
                    return Ok(n);
                }
                match f.fs.read_at(&f.path, f.pos, buf) {
                    Ok(n) => {
                        let n = buf[..n].iter().position(|&c| c == delim).map_or(n, |i| i + 1);
                        f.pos += n as u64;
                        Ok(n)
                    }
                    Err(FsError::Invalid) => {
                        drop(f);
                        self.read(buf)
                    }
                    Err(e) => Err(fs_io(e)),
                }
            }
            FdObj::Host(h) => {
                let n = buf.len().min(1);
                h.read(&mut buf[..n])
            }
            _ => self.read(buf),
        }
    }

    /// Write all of `data`.
    pub fn write(&self, data: &[u8], shared: &Shared) -> io::Result<()> {
        match self {
            FdObj::Sink(s, is_out) => shared.write_sink(s, *is_out, data),
            FdObj::PipeW(p) => p.0.write(data),
            FdObj::Capture(m) => {
                let mut g = lock(m);
                if g.len() + data.len() > shared.limits.max_output_bytes as usize {
                    shared.trip(crate::limits::LimitExceeded::Output);
                    return Err(io::Error::other("output limit"));
                }
                g.extend_from_slice(data);
                Ok(())
            }
            FdObj::File(m) => {
                let mut f = lock(m);
                if let Some(w) = f.writer.as_mut() {
                    return w.write_all(data);
                }
                let path = f.path.clone();
                if f.append {
                    let r = f.fs.write_file(&path, data, crate::fs::WriteMode::Append);
                    r.map_err(fs_io)
                } else {
                    let pos = f.pos;
                    f.fs.write_at(&path, pos, data).map_err(fs_io)?;
                    f.pos += data.len() as u64;
                    Ok(())
                }
            }
            FdObj::Null => Ok(()),
            FdObj::PipeR(_) | FdObj::Bytes(_) | FdObj::Host(_) => Err(io::Error::from_raw_os_error(9)),
        }
    }

    /// Is this a pipe or in-memory input (no seeking)?
    pub fn is_capture(&self) -> Option<Vec<u8>> {
        match self {
            FdObj::Capture(m) => Some(std::mem::take(&mut *lock(m))),
            _ => None,
        }
    }
}

/// Map a filesystem error to an `io::Error` carrying its message.
pub fn fs_io(e: FsError) -> io::Error {
    io::Error::other(e.to_string())
}

/// The descriptor table of one shell (or subshell).
#[derive(Clone, Default)]
pub struct Fds {
    slots: Vec<Option<Fd>>,
}

impl Fds {
    /// The descriptor `n`.
    pub fn get(&self, n: i32) -> Option<&Fd> {
        if n < 0 {
            return None;
        }
        self.slots.get(n as usize).and_then(Option::as_ref)
    }

    /// Close every descriptor from `n` up.
    pub fn truncate(&mut self, n: usize) {
        self.slots.truncate(n);
    }

    /// Set (or close, with `None`) descriptor `n`, returning what it was.
    pub fn set(&mut self, n: i32, fd: Option<Fd>) -> Option<Fd> {
        if n < 0 {
            return None;
        }
        let n = n as usize;
        if self.slots.len() <= n {
            fd.as_ref()?;
            self.slots.resize(n + 1, None);
        }
        let old = std::mem::replace(&mut self.slots[n], fd);
        // Closing the highest descriptor gives its room back (`exec 1000>&-`).
        while self.slots.len() > 3 && self.slots.last().is_some_and(Option::is_none) {
            self.slots.pop();
        }
        old
    }

    /// The lowest free descriptor at or above `from`.
    pub fn free_from(&self, from: i32) -> i32 {
        let mut n = from.max(0);
        while self.get(n).is_some() {
            n += 1;
        }
        n
    }

}

/// `Read` over a descriptor of the table (used as a command's stdin).
pub struct FdReader<'a>(pub Option<&'a Fd>);

impl Read for FdReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.0 {
            Some(fd) => fd.read(buf),
            None => Err(io::Error::from_raw_os_error(9)),
        }
    }
}

/// `Read` over a descriptor that it keeps open (a command's `/dev/fd/N`).
pub struct SharedFdReader(pub Fd);

impl Read for SharedFdReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

/// `Write` over a descriptor of the table (a command's stdout or stderr).
pub struct FdWriter<'a> {
    /// The descriptor (None: closed).
    pub fd: Option<&'a Fd>,
    /// Limits and counters.
    pub shared: &'a Shared,
}

impl Write for FdWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self.fd {
            Some(fd) => fd.write(buf, self.shared),
            None => Err(io::Error::from_raw_os_error(9)),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Shared {
    /// Write to the caller's stdout/stderr sink, counting toward the output limit.
    pub fn write_sink(&self, sink: &Mutex<Sink>, is_out: bool, data: &[u8]) -> io::Result<()> {
        let len = data.len() as u64;
        let before = self.output_bytes.fetch_add(len, std::sync::atomic::Ordering::Relaxed);
        let max = self.limits.max_output_bytes;
        // Deliver what still fits, then stop the script.
        let room = max.saturating_sub(before).min(len) as usize;
        let r = lock(sink).push(&data[..room]);
        if before + len > max {
            self.truncated.fetch_or(if is_out { 1 } else { 2 }, std::sync::atomic::Ordering::Relaxed);
            self.trip(crate::limits::LimitExceeded::Output);
            return Err(io::Error::other("output limit"));
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use crate::interp::builtins::run_for_test as out;

    /// bash usually shows 55 here: the short write lands in the pipe before `false` exits.
    #[test]
    fn short_write_to_a_reader_that_never_reads_succeeds() {
        assert_eq!(out("{ echo hi; exit 55; } | false; echo ${PIPESTATUS[@]}"), "55 1\n0");
        assert_eq!(out("echo hello | true; echo ${PIPESTATUS[@]}"), "0 0\n0");
        assert_eq!(out("set -o pipefail; printf 'a\\nb\\n' | grep -q a; echo $?"), "0\n0");
        assert_eq!(out("yes | head -n 1; echo ${PIPESTATUS[@]}"), "y\n141 0\n0");
    }
}
