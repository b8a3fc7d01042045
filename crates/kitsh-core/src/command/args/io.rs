//! Streaming helpers shared by the commands: opening input operands without borrowing the whole
//! [`Ctx`], cancellable reads, chunked writes to stdout and GNU-shaped file errors.

use std::io::{self, Read};

use crate::command::{status_for_write_error, Ctx};
use crate::fs::{FileType, FsError};

use super::quote_name;

/// The size of read buffers and of the output chunks written by [`flush_out`].
pub const CHUNK: usize = 64 * 1024;

thread_local! {
    /// Read buffers given back by [`ChunkBuf`]s dropped on this thread.
    static SPARE: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Most buffers kept for reuse per thread (a pipeline's commands each hold one at a time).
const SPARE_MAX: usize = 4;

/// A [`CHUNK`]-byte read buffer taken from a per-thread spare list and handed back when
/// dropped. A command that allocated and freed its 64 KiB buffer on each run made the C
/// allocator grow and trim the heap each time (a `brk` and a TLB shoot-down on every core):
/// most of the time of a short command in a loop (`echo $i | tr …`).
pub struct ChunkBuf(Vec<u8>);

impl ChunkBuf {
    /// A buffer of [`CHUNK`] bytes (their content is whatever the last user left).
    pub fn new() -> ChunkBuf {
        let spare = SPARE.try_with(|s| s.borrow_mut().pop()).ok().flatten();
        ChunkBuf(spare.unwrap_or_else(|| vec![0u8; CHUNK]))
    }
}

impl Default for ChunkBuf {
    fn default() -> Self {
        ChunkBuf::new()
    }
}

impl std::ops::Deref for ChunkBuf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl std::ops::DerefMut for ChunkBuf {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl Drop for ChunkBuf {
    fn drop(&mut self) {
        let buf = std::mem::take(&mut self.0);
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < SPARE_MAX && buf.len() == CHUNK {
                s.push(buf);
            }
        });
    }
}

/// An opened input operand; read it with [`Src::read`] passing `ctx.stdin`.
pub enum Src {
    /// Standard input (`-`, `/dev/stdin`).
    Stdin,
    /// A file or device of the virtual filesystem.
    File(Box<dyn Read + Send>),
}

impl Src {
    /// Read from the operand (`stdin` is used for [`Src::Stdin`]).
    pub fn read(&mut self, stdin: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Src::Stdin => stdin.read(buf),
            Src::File(f) => f.read(buf),
        }
    }
}

/// Open an input operand like [`Ctx::open_input`] (`-` and `/dev/stdin` are standard input;
/// directories fail with [`FsError::IsDir`]), without keeping `ctx` borrowed.
pub fn open_src(ctx: &Ctx<'_>, path: &str) -> Result<Src, FsError> {
    if path == "-" || path == "/dev/stdin" || path == "/dev/fd/0" {
        return Ok(Src::Stdin);
    }
    if let Some(fd) = crate::command::fd_path(path) {
        return ctx.fds.reader(fd).map(Src::File).ok_or(FsError::NotFound);
    }
    let abs = ctx.abs_path(path);
    match ctx.fs.stat(&abs)?.file_type {
        FileType::Dir => Err(FsError::IsDir),
        FileType::Fifo => match ctx.fs.open_fifo(&abs, false, ctx.cancel.watcher())? {
            crate::fs::fifo::FifoEnd::Reader(r) => Ok(Src::File(r)),
            crate::fs::fifo::FifoEnd::Writer(_) => Err(FsError::Invalid),
        },
        _ => Ok(Src::File(ctx.fs.open_read(&abs)?)),
    }
}

/// Read once from `src`, retrying on `Interrupted`; fails with [`crate::util::cancelled::error`]
/// when the script is cancelled (timeouts), so endless inputs never hang a command.
pub fn read_some(ctx: &mut Ctx<'_>, src: &mut Src, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        if ctx.cancel.cancelled() {
            return Err(crate::util::cancelled::error());
        }
        match src.read(ctx.stdin, buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

/// Write `buf` to stdout once it holds [`CHUNK`] bytes, or now when `force` (then flush stdout
/// too). `Err` carries the exit status for the write error.
pub fn flush_out(ctx: &mut Ctx<'_>, buf: &mut Vec<u8>, force: bool) -> Result<(), i32> {
    if buf.len() < CHUNK && !force {
        return Ok(());
    }
    let r = ctx.stdout.write_all(buf).and_then(|()| if force { ctx.stdout.flush() } else { Ok(()) });
    buf.clear();
    r.map_err(|e| write_failed(ctx, &e))
}

/// A write to stdout failed: GNU's `NAME: write error: ERROR` (nothing for a closed pipe, which
/// ends the command quietly as SIGPIPE would, or once the script is cancelled), and the status.
pub fn write_failed(ctx: &mut Ctx<'_>, e: &std::io::Error) -> i32 {
    // A limit that ended the script (the output size, the timeout, ...) is reported by the
    // shell; a full filesystem refused this very write, which GNU reports.
    use crate::limits::LimitExceeded::{FsBytes, FsFiles};
    let quiet = ctx.cancel.cancelled() && !matches!(ctx.cancel.cause(), Some(FsBytes | FsFiles));
    if e.kind() != std::io::ErrorKind::BrokenPipe && !crate::util::cancelled::is(e) && !quiet {
        ctx.error(&format!("write error: {e}"));
    }
    status_for_write_error(e)
}

/// Print `NAME: PATH: ERROR` with the path quoted as GNU `quotef` does.
pub fn file_error(ctx: &mut Ctx<'_>, path: &str, err: FsError) {
    ctx.error(&format!("{}: {}", quote_name(path), err));
}

/// What to do when an operand cannot be opened (see [`stream_files`]).
pub type OpenFailed<'a> = &'a mut dyn FnMut(&mut Ctx<'_>, &str, FsError, &mut Vec<u8>) -> bool;
/// What to do with each chunk of an operand (see [`stream_files`]): `(file, chunk, out)`.
pub type EachChunk<'a> = &'a mut dyn FnMut(&str, &[u8], &mut Vec<u8>);

/// Stream each operand (`-` is stdin) chunk by chunk through `each(file, chunk, out)`, writing
/// `out` to stdout as it fills; `opened(file, out)` runs when an operand is opened. An operand
/// that cannot be opened goes to `open_failed` (which may add to `out`; it says whether the
/// status becomes 1); a read error is reported as `NAME: FILE: ERROR` and makes the status 1.
/// Returns the status (or a write error's).
pub fn stream_files(
    ctx: &mut Ctx<'_>,
    files: &[String],
    out: &mut Vec<u8>,
    open_failed: OpenFailed<'_>,
    opened: &mut dyn FnMut(&str, &mut Vec<u8>),
    each: EachChunk<'_>,
) -> i32 {
    let mut status = 0;
    let mut buf = crate::command::args::ChunkBuf::new();
    for f in files {
        let mut src = match open_src(ctx, f) {
            Ok(s) => s,
            Err(e) => {
                if let Err(st) = flush_out(ctx, out, true) {
                    return st;
                }
                if open_failed(ctx, f, e, out) {
                    status = 1;
                }
                continue;
            }
        };
        opened(f, out);
        loop {
            let n = match read_some(ctx, &mut src, &mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if crate::util::cancelled::is(&e) => return 1,
                Err(e) => {
                    let _ = flush_out(ctx, out, true);
                    ctx.error(&format!("{}: {e}", quote_name(f)));
                    status = 1;
                    break;
                }
            };
            each(f, &buf[..n], out);
            if let Err(st) = flush_out(ctx, out, false) {
                return st;
            }
        }
    }
    status
}
