//! kitsh's WASI preview-1 functions (`wasi_snapshot_preview1`), the only system interface the
//! guest has: files are the VFS (through the [`Link`] to the command's thread, so the shell sees
//! every write at once), standard streams are kitsh's pipes (streamed), the clock and the secure
//! random source are the host's, sleeping is cancellable, and there is nothing else — no
//! sockets, no host file, no process. The standard library's zip is the one host file the
//! guest reads, read-only, under [`fds::ZIP_DIR`].

use std::io::{ErrorKind, Write};
use std::os::unix::fs::FileExt;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use kitsh_core::fs::{FileSystem, FileType, FsError, Metadata, WriteMode};
use wasmtime::{Caller, Linker, Memory, StoreLimits};

use super::fds::{self, Entry, Fds, File};
use crate::guest::host::Link;

/// A WASI errno.
type Errno = u16;

const ESUCCESS: Errno = 0;
const EACCES: Errno = 2;
const EBADF: Errno = 8;
const EEXIST: Errno = 20;
const EFAULT: Errno = 21;
const EINTR: Errno = 27;
const EINVAL: Errno = 28;
const EIO: Errno = 29;
const EISDIR: Errno = 31;
const ELOOP: Errno = 32;
const EMFILE: Errno = 33;
const ENAMETOOLONG: Errno = 37;
const ENOENT: Errno = 44;
const ENOSPC: Errno = 51;
const ENOTDIR: Errno = 54;
const ENOTEMPTY: Errno = 55;
const ENOTSUP: Errno = 58;
const EPIPE: Errno = 64;
const EROFS: Errno = 69;
const ESPIPE: Errno = 70;
const EXDEV: Errno = 75;

// File types.
const FT_UNKNOWN: u8 = 0;
const FT_CHAR: u8 = 2;
const FT_DIR: u8 = 3;
const FT_FILE: u8 = 4;
const FT_SYMLINK: u8 = 7;

// Rights (all of them for what the guest may use; a pipe lacks seek and tell).
const RIGHT_FD_READ: u64 = 1 << 1;
const RIGHT_FD_SEEK: u64 = 1 << 2;
const RIGHT_FD_WRITE: u64 = 1 << 6;
const RIGHT_FD_TELL: u64 = 1 << 5;
const RIGHTS_ALL: u64 = (1 << 30) - 1;

// path_open's flags.
const O_CREAT: i32 = 1;
const O_DIRECTORY: i32 = 2;
const O_EXCL: i32 = 4;
const O_TRUNC: i32 = 8;
const FDFLAG_APPEND: i32 = 1;
const LOOKUP_SYMLINK_FOLLOW: i32 = 1;

/// The most bytes one read or write moves (a guest's iovecs may claim more).
const MAX_IO: usize = 16 << 20;

/// What a guest's functions reach: its descriptors, the command's side, its arguments.
pub struct State {
    /// The open descriptors.
    pub fds: Fds,
    /// The command's thread (VFS, pipes, cancellation).
    pub link: Link,
    /// `args_get`.
    pub argv: Vec<String>,
    /// `environ_get` (`NAME=value`).
    pub env: Vec<String>,
    /// The standard library's zip.
    pub zip: Arc<ZipFile>,
    /// The guest's memory, once instantiated.
    pub memory: Option<Memory>,
    /// The memory cap.
    pub limits: StoreLimits,
    /// What `host::call` answers (the driver's start and `kitsh_tools`; see `mod.rs`).
    pub door: fn(&mut State, &[u8]) -> Option<Vec<u8>>,
    /// The job (the door's `J` frame), encoded as the door encodes fields.
    pub job: Vec<u8>,
    /// The job was handed out: the script runs from now on.
    pub started: bool,
}

/// The standard library's zip, a host file opened once per process.
pub struct ZipFile {
    /// The open file.
    pub file: std::fs::File,
    /// Its length.
    pub len: u64,
}

/// `proc_exit`: the guest's exit status, carried out of the call as an error.
#[derive(Debug)]
pub struct Exit(pub i32);

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit status {}", self.0)
    }
}

impl std::error::Error for Exit {}

fn fs_errno(e: FsError) -> Errno {
    match e {
        FsError::NotFound => ENOENT,
        FsError::Exists => EEXIST,
        FsError::IsDir => EISDIR,
        FsError::NotDir => ENOTDIR,
        FsError::NotEmpty => ENOTEMPTY,
        FsError::PermissionDenied => EACCES,
        FsError::ReadOnly => EROFS,
        FsError::NoSpace => ENOSPC,
        FsError::Loop => ELOOP,
        FsError::Invalid => EINVAL,
        FsError::CrossDevice => EXDEV,
        FsError::NameTooLong => ENAMETOOLONG,
        FsError::Io => EIO,
        FsError::Unsupported => ENOTSUP,
        FsError::Interrupted => EINTR,
    }
}

fn io_errno(e: &std::io::Error) -> Errno {
    if e.kind() == ErrorKind::BrokenPipe {
        EPIPE
    } else {
        EIO
    }
}

/// Run `f` against the VFS on the command's thread.
fn vfs<T: Send + 'static>(
    link: &Link,
    f: impl FnOnce(&dyn FileSystem) -> Result<T, FsError> + Send + 'static,
) -> Result<T, Errno> {
    link.call(move |ctx| f(ctx.fs).map_err(fs_errno)).unwrap_or(Err(EIO))
}

// --- guest memory -------------------------------------------------------------------------

fn range(mem: &[u8], ptr: u32, len: u32) -> Result<std::ops::Range<usize>, Errno> {
    let start = ptr as usize;
    let end = start.checked_add(len as usize).ok_or(EFAULT)?;
    if end > mem.len() {
        return Err(EFAULT);
    }
    Ok(start..end)
}

fn bytes(mem: &[u8], ptr: u32, len: u32) -> Result<&[u8], Errno> {
    Ok(&mem[range(mem, ptr, len)?])
}

fn put(mem: &mut [u8], ptr: u32, data: &[u8]) -> Result<(), Errno> {
    let r = range(mem, ptr, data.len() as u32)?;
    mem[r].copy_from_slice(data);
    Ok(())
}

fn get_u32(mem: &[u8], ptr: u32) -> Result<u32, Errno> {
    let b = bytes(mem, ptr, 4)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn put_u32(mem: &mut [u8], ptr: u32, v: u32) -> Result<(), Errno> {
    put(mem, ptr, &v.to_le_bytes())
}

fn put_u64(mem: &mut [u8], ptr: u32, v: u64) -> Result<(), Errno> {
    put(mem, ptr, &v.to_le_bytes())
}

fn path_arg(mem: &[u8], ptr: u32, len: u32) -> Result<String, Errno> {
    let b = bytes(mem, ptr, len)?;
    std::str::from_utf8(b).map(str::to_string).map_err(|_| EINVAL)
}

/// The guest's iovecs `(ptr, len)`.
fn iovecs(mem: &[u8], ptr: u32, n: u32) -> Result<Vec<(u32, u32)>, Errno> {
    (0..n)
        .map(|i| {
            let at = ptr.checked_add(i.checked_mul(8).ok_or(EFAULT)?).ok_or(EFAULT)?;
            Ok((get_u32(mem, at)?, get_u32(mem, at + 4)?))
        })
        .collect()
}

/// The bytes the guest's iovecs hold, in order (at most [`MAX_IO`]).
fn gather(mem: &[u8], iovs: &[(u32, u32)]) -> Result<Vec<u8>, Errno> {
    let mut out = Vec::new();
    for &(p, l) in iovs {
        let take = (l as usize).min(MAX_IO.saturating_sub(out.len()));
        out.extend_from_slice(bytes(mem, p, take as u32)?);
    }
    Ok(out)
}

/// Spread `data` over the guest's iovecs; the bytes placed.
fn scatter(mem: &mut [u8], iovs: &[(u32, u32)], data: &[u8]) -> Result<usize, Errno> {
    let mut done = 0;
    for &(p, l) in iovs {
        if done == data.len() {
            break;
        }
        let n = (l as usize).min(data.len() - done);
        put(mem, p, &data[done..done + n])?;
        done += n;
    }
    Ok(done)
}

fn total(iovs: &[(u32, u32)]) -> usize {
    iovs.iter().map(|&(_, l)| l as usize).sum::<usize>().min(MAX_IO)
}

// --- stat ---------------------------------------------------------------------------------

fn nanos(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX))
}

fn filetype(t: FileType) -> u8 {
    match t {
        FileType::File => FT_FILE,
        FileType::Dir => FT_DIR,
        FileType::Symlink => FT_SYMLINK,
        FileType::CharDevice => FT_CHAR,
        FileType::Fifo => FT_UNKNOWN,
    }
}

/// A `filestat` (64 bytes).
fn filestat(ino: u64, ft: u8, nlink: u64, size: u64, mtime: u64) -> [u8; 64] {
    let mut b = [0u8; 64];
    b[8..16].copy_from_slice(&ino.to_le_bytes());
    b[16] = ft;
    b[24..32].copy_from_slice(&nlink.to_le_bytes());
    b[32..40].copy_from_slice(&size.to_le_bytes());
    for at in [40, 48, 56] {
        b[at..at + 8].copy_from_slice(&mtime.to_le_bytes());
    }
    b
}

fn meta_stat(m: &Metadata) -> [u8; 64] {
    filestat(m.ino, filetype(m.file_type), m.nlink, m.len, nanos(m.mtime))
}

/// The `filestat` of an open descriptor.
fn fd_stat(st: &State, e: &Entry) -> Result<[u8; 64], Errno> {
    match e {
        Entry::Stdin | Entry::Out(_) => Ok(filestat(0, FT_UNKNOWN, 1, 0, 0)),
        Entry::ZipDir => Ok(filestat(1, FT_DIR, 2, 0, 0)),
        Entry::Zip { .. } => Ok(filestat(2, FT_FILE, 1, st.zip.len, 0)),
        Entry::Dir { path, .. } | Entry::File(File { path, .. }) => {
            let p = path.clone();
            vfs(&st.link, move |fs| fs.stat(&p)).map(|m| meta_stat(&m))
        }
    }
}

// --- path arguments -----------------------------------------------------------------------

/// What a path argument below directory descriptor `fd` names.
enum Target {
    /// A VFS path (absolute, normalised).
    Vfs(String),
    /// The zip's folder itself.
    ZipDir,
    /// The zip.
    Zip,
    /// Something else in the zip's folder (there is nothing else).
    Absent,
}

fn target(st: &State, fd: u32, rel: &str) -> Result<Target, Errno> {
    match st.fds.get(fd) {
        Some(Entry::Dir { path, .. }) if st.started => Ok(Target::Vfs(fds::resolve(path, rel))),
        // Before the job is handed out (the driver's start, the warm-up turn that a snapshot is
        // taken after) the guest sees no file of the VFS: nothing a script put there can end
        // up in what later calls start from.
        Some(Entry::Dir { .. }) => Ok(Target::Absent),
        Some(Entry::ZipDir) => Ok(match rel.trim_matches('/') {
            "" | "." => Target::ZipDir,
            fds::ZIP_NAME => Target::Zip,
            _ => Target::Absent,
        }),
        Some(_) => Err(ENOTDIR),
        None => Err(EBADF),
    }
}

fn vfs_path(st: &State, fd: u32, rel: &str) -> Result<String, Errno> {
    match target(st, fd, rel)? {
        Target::Vfs(p) => Ok(p),
        Target::Absent => Err(ENOENT),
        Target::Zip | Target::ZipDir => Err(EROFS),
    }
}

// --- the functions ------------------------------------------------------------------------

type C<'a> = Caller<'a, State>;

/// The guest's memory and the state, together.
fn parts<'a>(c: &'a mut C<'_>) -> Result<(&'a mut [u8], &'a mut State), Errno> {
    let mem = c.data().memory.ok_or(EFAULT)?;
    Ok(mem.data_and_store_mut(c))
}

fn code(r: Result<(), Errno>) -> i32 {
    i32::from(r.err().unwrap_or(ESUCCESS))
}

/// Write `list` (NUL-terminated strings) as `args_get`/`environ_get` do.
fn strings(c: &mut C<'_>, list: fn(&State) -> &Vec<String>, ptrs: u32, buf: u32) -> Result<(), Errno> {
    let (mem, st) = parts(c)?;
    let mut at = buf;
    for (i, s) in list(st).iter().enumerate() {
        put_u32(mem, ptrs + 4 * i as u32, at)?;
        put(mem, at, s.as_bytes())?;
        put(mem, at + s.len() as u32, &[0])?;
        at += s.len() as u32 + 1;
    }
    Ok(())
}

fn sizes(c: &mut C<'_>, list: fn(&State) -> &Vec<String>, count: u32, size: u32) -> Result<(), Errno> {
    let (mem, st) = parts(c)?;
    let l = list(st);
    put_u32(mem, count, l.len() as u32)?;
    put_u32(mem, size, l.iter().map(|s| s.len() as u32 + 1).sum())
}

/// One read of up to `n` bytes of kitsh's stdin (retried when interrupted, unless cancelled).
fn read_stdin(link: &Link, n: usize) -> Result<Vec<u8>, Errno> {
    link.call(move |ctx| {
        let mut buf = vec![0u8; n];
        loop {
            match ctx.stdin.read(&mut buf) {
                Ok(k) => {
                    buf.truncate(k);
                    return Ok(buf);
                }
                Err(e) if e.kind() == ErrorKind::Interrupted && !ctx.cancel.cancelled() => {}
                Err(e) => return Err(io_errno(&e)),
            }
        }
    })
    .unwrap_or(Err(EIO))
}

/// Read up to `n` bytes of descriptor `fd` at `at` (its position when `None`); advances the
/// position when reading at it.
fn read_fd(st: &mut State, fd: u32, n: usize, at: Option<u64>) -> Result<Vec<u8>, Errno> {
    match st.fds.get_mut(fd).ok_or(EBADF)? {
        Entry::Stdin => read_stdin(&st.link, n.clamp(1, 1 << 20)),
        Entry::Out(_) => Err(EBADF),
        Entry::Dir { .. } | Entry::ZipDir => Err(EISDIR),
        Entry::Zip { pos } => {
            let off = at.unwrap_or(*pos);
            let mut buf = vec![0u8; n];
            let k = st.zip.file.read_at(&mut buf, off).map_err(|e| io_errno(&e))?;
            buf.truncate(k);
            if at.is_none() {
                *pos = off + k as u64;
            }
            Ok(buf)
        }
        Entry::File(f) => {
            if !f.read {
                return Err(EBADF);
            }
            let off = at.unwrap_or(f.pos);
            let path = f.path.clone();
            let buf = vfs(&st.link, move |fs| {
                let mut buf = vec![0u8; n];
                let k = fs.read_at(&path, off, &mut buf)?;
                buf.truncate(k);
                Ok(buf)
            })?;
            if at.is_none() {
                f.pos = off + buf.len() as u64;
            }
            Ok(buf)
        }
    }
}

/// Write `data` to descriptor `fd` at `at` (its position, or the end when appending, when
/// `None`); the bytes written.
fn write_fd(st: &mut State, fd: u32, data: Vec<u8>, at: Option<u64>) -> Result<usize, Errno> {
    let n = data.len();
    match st.fds.get_mut(fd).ok_or(EBADF)? {
        Entry::Out(which) => {
            let which = *which;
            st.link
                .call(move |ctx| {
                    let w: &mut dyn Write = if which == 2 { &mut *ctx.stderr } else { &mut *ctx.stdout };
                    w.write_all(&data).and_then(|()| w.flush()).map_err(|e| io_errno(&e))
                })
                .unwrap_or(Err(EIO))?;
            Ok(n)
        }
        Entry::Stdin | Entry::Zip { .. } => Err(EBADF),
        Entry::Dir { .. } | Entry::ZipDir => Err(EISDIR),
        Entry::File(f) => {
            if !f.write {
                return Err(EBADF);
            }
            let path = f.path.clone();
            let (append, pos) = (f.append && at.is_none(), at.unwrap_or(f.pos));
            let end = vfs(&st.link, move |fs| {
                if append {
                    fs.write_file(&path, &data, WriteMode::Append)?;
                    Ok(fs.stat(&path)?.len)
                } else {
                    fs.write_at(&path, pos, &data)?;
                    Ok(pos + data.len() as u64)
                }
            })?;
            if at.is_none() {
                f.pos = end;
            }
            Ok(n)
        }
    }
}

/// `fd_readdir`'s entries of a directory: `.`, `..` and the listing.
fn listing(st: &State, e: &Entry) -> Result<Vec<(String, u8, u64)>, Errno> {
    let mut out = vec![(".".to_string(), FT_DIR, 0), ("..".to_string(), FT_DIR, 0)];
    match e {
        Entry::ZipDir => out.push((fds::ZIP_NAME.to_string(), FT_FILE, 2)),
        Entry::Dir { path, .. } => {
            let p = path.clone();
            let entries = vfs(&st.link, move |fs| fs.read_dir(&p))?;
            out.extend(entries.into_iter().enumerate().map(|(i, d)| (d.name, filetype(d.file_type), i as u64 + 3)));
        }
        _ => return Err(ENOTDIR),
    }
    Ok(out)
}

/// Sleep `d`, cancellably; false when the script was cancelled.
fn sleep(st: &State, d: Duration) -> bool {
    st.link.sleep(d)
}

/// Add kitsh's preview-1 functions to `linker`.
#[allow(clippy::too_many_lines)] // one registration per function of the interface
pub fn add_to_linker(linker: &mut Linker<State>) -> wasmtime::Result<()> {
    const M: &str = "wasi_snapshot_preview1";
    linker.func_wrap(M, "args_get", |mut c: C<'_>, ptrs: u32, buf: u32| code(strings(&mut c, |s| &s.argv, ptrs, buf)))?;
    linker.func_wrap(M, "args_sizes_get", |mut c: C<'_>, n: u32, size: u32| code(sizes(&mut c, |s| &s.argv, n, size)))?;
    linker.func_wrap(M, "environ_get", |mut c: C<'_>, ptrs: u32, buf: u32| code(strings(&mut c, |s| &s.env, ptrs, buf)))?;
    linker.func_wrap(M, "environ_sizes_get", |mut c: C<'_>, n: u32, size: u32| code(sizes(&mut c, |s| &s.env, n, size)))?;
    linker.func_wrap(M, "clock_res_get", |mut c: C<'_>, _id: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, _)| put_u64(mem, out, 1000)))
    })?;
    linker.func_wrap(M, "clock_time_get", |mut c: C<'_>, id: u32, _precision: u64, out: u32| {
        let now = match id {
            0 => nanos(SystemTime::now()),
            _ => u64::try_from(monotonic_origin().elapsed().as_nanos()).unwrap_or(u64::MAX),
        };
        code(parts(&mut c).and_then(|(mem, _)| put_u64(mem, out, now)))
    })?;
    linker.func_wrap(M, "fd_advise", |c: C<'_>, fd: u32, _off: u64, _len: u64, _advice: u32| {
        i32::from(if c.data().fds.get(fd).is_some() { ESUCCESS } else { EBADF })
    })?;
    linker.func_wrap(M, "fd_close", |mut c: C<'_>, fd: u32| i32::from(if c.data_mut().fds.close(fd) { ESUCCESS } else { EBADF }))?;
    for name in ["fd_datasync", "fd_sync"] {
        linker.func_wrap(M, name, |c: C<'_>, fd: u32| i32::from(if c.data().fds.get(fd).is_some() { ESUCCESS } else { EBADF }))?;
    }
    linker.func_wrap(M, "fd_fdstat_get", |mut c: C<'_>, fd: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let (ft, flags, rights) = match st.fds.get(fd).ok_or(EBADF)? {
                Entry::Stdin => (FT_UNKNOWN, 0u16, RIGHT_FD_READ),
                Entry::Out(_) => (FT_UNKNOWN, 0, RIGHT_FD_WRITE),
                Entry::Dir { .. } | Entry::ZipDir => (FT_DIR, 0, RIGHTS_ALL),
                Entry::Zip { .. } => (FT_FILE, 0, RIGHT_FD_READ | RIGHT_FD_SEEK | RIGHT_FD_TELL),
                Entry::File(f) => {
                    let mut r = RIGHTS_ALL & !(RIGHT_FD_READ | RIGHT_FD_WRITE);
                    if f.read {
                        r |= RIGHT_FD_READ;
                    }
                    if f.write {
                        r |= RIGHT_FD_WRITE;
                    }
                    (FT_FILE, if f.append { 1 } else { 0 }, r)
                }
            };
            let mut b = [0u8; 24];
            b[0] = ft;
            b[2..4].copy_from_slice(&flags.to_le_bytes());
            b[8..16].copy_from_slice(&rights.to_le_bytes());
            b[16..24].copy_from_slice(&RIGHTS_ALL.to_le_bytes());
            put(mem, out, &b)
        }))
    })?;
    linker.func_wrap(M, "fd_fdstat_set_flags", |mut c: C<'_>, fd: u32, flags: u32| {
        i32::from(match c.data_mut().fds.get_mut(fd) {
            Some(Entry::File(f)) => {
                f.append = flags & 1 != 0;
                ESUCCESS
            }
            Some(_) => ESUCCESS,
            None => EBADF,
        })
    })?;
    linker.func_wrap(M, "fd_filestat_get", |mut c: C<'_>, fd: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let e = st.fds.get(fd).ok_or(EBADF)?;
            let b = fd_stat(st, e)?;
            put(mem, out, &b)
        }))
    })?;
    linker.func_wrap(M, "fd_filestat_set_size", |c: C<'_>, fd: u32, size: u64| {
        let st = c.data();
        code(match st.fds.get(fd) {
            Some(Entry::File(f)) if f.write => {
                let p = f.path.clone();
                vfs(&st.link, move |fs| fs.set_len(&p, size))
            }
            Some(_) => Err(EINVAL),
            None => Err(EBADF),
        })
    })?;
    linker.func_wrap(M, "fd_filestat_set_times", |c: C<'_>, fd: u32, _atim: u64, mtim: u64, flags: u32| {
        let st = c.data();
        code(match st.fds.get(fd) {
            Some(Entry::File(File { path, .. }) | Entry::Dir { path, .. }) => set_mtime(st, path.clone(), mtim, flags),
            Some(_) => Ok(()),
            None => Err(EBADF),
        })
    })?;
    linker.func_wrap(M, "fd_pread", |mut c: C<'_>, fd: u32, iovs: u32, n: u32, off: u64, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let v = iovecs(mem, iovs, n)?;
            let data = read_fd(st, fd, total(&v), Some(off))?;
            let k = scatter(mem, &v, &data)?;
            put_u32(mem, out, k as u32)
        }))
    })?;
    linker.func_wrap(M, "fd_pwrite", |mut c: C<'_>, fd: u32, iovs: u32, n: u32, off: u64, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let v = iovecs(mem, iovs, n)?;
            let data = gather(mem, &v)?;
            let k = write_fd(st, fd, data, Some(off))?;
            put_u32(mem, out, k as u32)
        }))
    })?;
    linker.func_wrap(M, "fd_prestat_get", |mut c: C<'_>, fd: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let len = match st.fds.get(fd) {
                Some(Entry::ZipDir) => fds::ZIP_DIR.len(),
                Some(Entry::Dir { preopen: true, path, .. }) => path.len(),
                _ => return Err(EBADF),
            };
            let mut b = [0u8; 8];
            b[4..8].copy_from_slice(&(len as u32).to_le_bytes());
            put(mem, out, &b)
        }))
    })?;
    linker.func_wrap(M, "fd_prestat_dir_name", |mut c: C<'_>, fd: u32, out: u32, len: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let name = match st.fds.get(fd) {
                Some(Entry::ZipDir) => fds::ZIP_DIR.to_string(),
                Some(Entry::Dir { preopen: true, path, .. }) => path.clone(),
                _ => return Err(EBADF),
            };
            let n = name.len().min(len as usize);
            put(mem, out, &name.as_bytes()[..n])
        }))
    })?;
    linker.func_wrap(M, "fd_read", |mut c: C<'_>, fd: u32, iovs: u32, n: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let v = iovecs(mem, iovs, n)?;
            let data = read_fd(st, fd, total(&v), None)?;
            let k = scatter(mem, &v, &data)?;
            put_u32(mem, out, k as u32)
        }))
    })?;
    linker.func_wrap(M, "fd_write", |mut c: C<'_>, fd: u32, iovs: u32, n: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let v = iovecs(mem, iovs, n)?;
            let data = gather(mem, &v)?;
            let k = write_fd(st, fd, data, None)?;
            put_u32(mem, out, k as u32)
        }))
    })?;
    linker.func_wrap(M, "fd_readdir", |mut c: C<'_>, fd: u32, buf: u32, len: u32, cookie: u64, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let entry = st.fds.get(fd).ok_or(EBADF)?;
            let list = match entry {
                Entry::Dir { listing: Some(l), .. } if cookie != 0 => l.clone(),
                _ => listing(st, entry)?,
            };
            if let Some(Entry::Dir { listing: kept, .. }) = st.fds.get_mut(fd) {
                *kept = Some(list.clone());
            }
            let mut bytes_out = Vec::new();
            for (i, (name, ft, ino)) in list.iter().enumerate().skip(usize::try_from(cookie).unwrap_or(usize::MAX)) {
                let mut h = [0u8; 24];
                h[0..8].copy_from_slice(&(i as u64 + 1).to_le_bytes());
                h[8..16].copy_from_slice(&ino.to_le_bytes());
                h[16..20].copy_from_slice(&(name.len() as u32).to_le_bytes());
                h[20] = *ft;
                bytes_out.extend_from_slice(&h);
                bytes_out.extend_from_slice(name.as_bytes());
                if bytes_out.len() >= len as usize {
                    break;
                }
            }
            let n = bytes_out.len().min(len as usize);
            put(mem, buf, &bytes_out[..n])?;
            put_u32(mem, out, n as u32)
        }))
    })?;
    linker.func_wrap(M, "fd_renumber", |mut c: C<'_>, from: u32, to: u32| {
        i32::from(if c.data_mut().fds.renumber(from, to) { ESUCCESS } else { EBADF })
    })?;
    linker.func_wrap(M, "fd_seek", |mut c: C<'_>, fd: u32, off: i64, whence: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let zip_len = st.zip.len;
            let link = st.link.clone();
            let (pos, len) = match st.fds.get_mut(fd).ok_or(EBADF)? {
                Entry::Zip { pos } => (pos, zip_len),
                Entry::File(f) => {
                    let len = if whence == 2 {
                        let p = f.path.clone();
                        vfs(&link, move |fs| fs.stat(&p))?.len
                    } else {
                        0
                    };
                    (&mut f.pos, len)
                }
                Entry::Dir { .. } | Entry::ZipDir => return Err(EISDIR),
                Entry::Stdin | Entry::Out(_) => return Err(ESPIPE),
            };
            let base = match whence {
                0 => 0i128,
                1 => i128::from(*pos),
                2 => i128::from(len),
                _ => return Err(EINVAL),
            };
            let new = base + i128::from(off);
            let new = u64::try_from(new).map_err(|_| EINVAL)?;
            *pos = new;
            put_u64(mem, out, new)
        }))
    })?;
    linker.func_wrap(M, "fd_tell", |mut c: C<'_>, fd: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let pos = match st.fds.get(fd).ok_or(EBADF)? {
                Entry::Zip { pos } => *pos,
                Entry::File(f) => f.pos,
                _ => return Err(ESPIPE),
            };
            put_u64(mem, out, pos)
        }))
    })?;
    linker.func_wrap(M, "path_create_directory", |mut c: C<'_>, fd: u32, p: u32, l: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let path = vfs_path(st, fd, &path_arg(mem, p, l)?)?;
            vfs(&st.link, move |fs| fs.mkdir(&path, false))
        }))
    })?;
    linker.func_wrap(M, "path_filestat_get", |mut c: C<'_>, fd: u32, flags: u32, p: u32, l: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let rel = path_arg(mem, p, l)?;
            let b = match target(st, fd, &rel)? {
                Target::Vfs(path) => {
                    let follow = flags as i32 & LOOKUP_SYMLINK_FOLLOW != 0;
                    let m = vfs(&st.link, move |fs| if follow { fs.stat(&path) } else { fs.lstat(&path) })?;
                    meta_stat(&m)
                }
                Target::ZipDir => filestat(1, FT_DIR, 2, 0, 0),
                Target::Zip => filestat(2, FT_FILE, 1, st.zip.len, 0),
                Target::Absent => return Err(ENOENT),
            };
            put(mem, out, &b)
        }))
    })?;
    linker.func_wrap(M, "path_filestat_set_times", |mut c: C<'_>, fd: u32, _fl: u32, p: u32, l: u32, _atim: u64, mtim: u64, flags: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let path = vfs_path(st, fd, &path_arg(mem, p, l)?)?;
            set_mtime(st, path, mtim, flags)
        }))
    })?;
    linker.func_wrap(M, "path_link", |mut c: C<'_>, ofd: u32, _fl: u32, op: u32, ol: u32, nfd: u32, np: u32, nl: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let from = vfs_path(st, ofd, &path_arg(mem, op, ol)?)?;
            let to = vfs_path(st, nfd, &path_arg(mem, np, nl)?)?;
            vfs(&st.link, move |fs| fs.hard_link(&from, &to))
        }))
    })?;
    linker.func_wrap(
        M,
        "path_open",
        |mut c: C<'_>, fd: u32, _dirflags: u32, p: u32, l: u32, oflags: u32, rights: u64, _inh: u64, fdflags: u32, out: u32| {
            code(parts(&mut c).and_then(|(mem, st)| {
                let rel = path_arg(mem, p, l)?;
                let oflags = oflags as i32;
                let entry = match target(st, fd, &rel)? {
                    Target::Absent => return Err(ENOENT),
                    Target::ZipDir => Entry::ZipDir,
                    Target::Zip if oflags & O_DIRECTORY != 0 => return Err(ENOTDIR),
                    Target::Zip if rights & RIGHT_FD_WRITE != 0 || oflags & (O_CREAT | O_TRUNC) != 0 => return Err(EROFS),
                    Target::Zip => Entry::Zip { pos: 0 },
                    Target::Vfs(path) => match path.as_str() {
                        // kitsh's pipes by name, as the shell has them.
                        "/dev/stdin" | "/dev/fd/0" => Entry::Stdin,
                        "/dev/stdout" | "/dev/fd/1" => Entry::Out(1),
                        "/dev/stderr" | "/dev/fd/2" => Entry::Out(2),
                        _ => open_vfs(st, path, oflags, rights, fdflags as i32)?,
                    },
                };
                let new = st.fds.add(entry).ok_or(EMFILE)?;
                put_u32(mem, out, new)
            }))
        },
    )?;
    linker.func_wrap(M, "path_readlink", |mut c: C<'_>, fd: u32, p: u32, l: u32, buf: u32, len: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let path = vfs_path(st, fd, &path_arg(mem, p, l)?)?;
            let target = vfs(&st.link, move |fs| fs.read_link(&path))?;
            let n = target.len().min(len as usize);
            put(mem, buf, &target.as_bytes()[..n])?;
            put_u32(mem, out, n as u32)
        }))
    })?;
    linker.func_wrap(M, "path_remove_directory", |mut c: C<'_>, fd: u32, p: u32, l: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let path = vfs_path(st, fd, &path_arg(mem, p, l)?)?;
            vfs(&st.link, move |fs| fs.remove_dir(&path))
        }))
    })?;
    linker.func_wrap(M, "path_rename", |mut c: C<'_>, ofd: u32, op: u32, ol: u32, nfd: u32, np: u32, nl: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let from = vfs_path(st, ofd, &path_arg(mem, op, ol)?)?;
            let to = vfs_path(st, nfd, &path_arg(mem, np, nl)?)?;
            vfs(&st.link, move |fs| fs.rename(&from, &to))
        }))
    })?;
    linker.func_wrap(M, "path_symlink", |mut c: C<'_>, tp: u32, tl: u32, fd: u32, np: u32, nl: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let target = path_arg(mem, tp, tl)?;
            let link = vfs_path(st, fd, &path_arg(mem, np, nl)?)?;
            vfs(&st.link, move |fs| fs.symlink(&target, &link))
        }))
    })?;
    linker.func_wrap(M, "path_unlink_file", |mut c: C<'_>, fd: u32, p: u32, l: u32| {
        code(parts(&mut c).and_then(|(mem, st)| {
            let path = vfs_path(st, fd, &path_arg(mem, p, l)?)?;
            vfs(&st.link, move |fs| {
                if fs.lstat(&path)?.file_type == FileType::Dir {
                    return Err(FsError::IsDir);
                }
                fs.remove_file(&path)
            })
        }))
    })?;
    linker.func_wrap(M, "poll_oneoff", |mut c: C<'_>, subs: u32, events: u32, n: u32, out: u32| {
        code(parts(&mut c).and_then(|(mem, st)| poll(mem, st, subs, events, n, out)))
    })?;
    linker.func_wrap(M, "proc_exit", |_c: C<'_>, status: u32| -> wasmtime::Result<()> {
        Err(wasmtime::Error::new(Exit(status as i32)))
    })?;
    linker.func_wrap(M, "sched_yield", || 0i32)?;
    linker.func_wrap(M, "random_get", |mut c: C<'_>, buf: u32, len: u32| {
        code(parts(&mut c).and_then(|(mem, _)| {
            let r = range(mem, buf, len)?;
            kitsh_core::fs::secure_random(&mut mem[r]).map_err(|_| EIO)
        }))
    })?;
    // No sockets in the sandbox.
    linker.func_wrap(M, "sock_accept", |_: C<'_>, _: u32, _: u32, _: u32| i32::from(ENOTSUP))?;
    linker.func_wrap(M, "sock_recv", |_: C<'_>, _: u32, _: u32, _: u32, _: u32, _: u32, _: u32| i32::from(ENOTSUP))?;
    linker.func_wrap(M, "sock_send", |_: C<'_>, _: u32, _: u32, _: u32, _: u32, _: u32| i32::from(ENOTSUP))?;
    linker.func_wrap(M, "sock_shutdown", |_: C<'_>, _: u32, _: u32| i32::from(ENOTSUP))?;
    // The door: `_host.call(frame) -> bytes` in the guest.
    linker.func_wrap("host", "call", |mut c: C<'_>, p: u32, l: u32, out_ptr: u32, out_len: u32| -> wasmtime::Result<i32> {
        door(&mut c, p, l, out_ptr, out_len)
    })?;
    Ok(())
}

/// `fd_filestat_set_times`' and `path_filestat_set_times`' modification time.
fn set_mtime(st: &State, path: String, mtim: u64, flags: u32) -> Result<(), Errno> {
    const MTIM: u32 = 4;
    const MTIM_NOW: u32 = 8;
    let t = if flags & MTIM_NOW != 0 {
        SystemTime::now()
    } else if flags & MTIM != 0 {
        UNIX_EPOCH + Duration::from_nanos(mtim)
    } else {
        return Ok(());
    };
    vfs(&st.link, move |fs| fs.set_mtime(&path, t))
}

/// `path_open` of a VFS path.
fn open_vfs(st: &State, path: String, oflags: i32, rights: u64, fdflags: i32) -> Result<Entry, Errno> {
    let read = rights & RIGHT_FD_READ != 0;
    let write = rights & RIGHT_FD_WRITE != 0;
    let p = path.clone();
    let kind = vfs(&st.link, move |fs| {
        let found = fs.stat(&p);
        match found {
            Ok(_) if oflags & O_CREAT != 0 && oflags & O_EXCL != 0 => Err(FsError::Exists),
            Ok(m) if m.file_type == FileType::Dir => {
                if write || oflags & O_TRUNC != 0 {
                    Err(FsError::IsDir)
                } else {
                    Ok(FT_DIR)
                }
            }
            Ok(_) if oflags & O_DIRECTORY != 0 => Err(FsError::NotDir),
            Ok(_) => {
                if oflags & O_TRUNC != 0 {
                    fs.set_len(&p, 0)?;
                }
                Ok(FT_FILE)
            }
            Err(FsError::NotFound) if oflags & O_CREAT != 0 => {
                fs.write_file(&p, b"", WriteMode::CreateNew)?;
                Ok(FT_FILE)
            }
            Err(e) => Err(e),
        }
    })?;
    Ok(if kind == FT_DIR {
        Entry::Dir { path, preopen: false, listing: None }
    } else {
        Entry::File(File { path, pos: 0, read, write, append: fdflags & FDFLAG_APPEND != 0 })
    })
}

/// `poll_oneoff`: descriptors are always ready; clocks are waited for (cancellably).
fn poll(mem: &mut [u8], st: &State, subs: u32, events: u32, n: u32, out: u32) -> Result<(), Errno> {
    if n == 0 {
        // Waiting on nothing, for ever (a `select` with no descriptors and no timeout): until
        // the script is cancelled.
        while sleep(st, Duration::from_secs(3600)) {}
        return Err(EINTR);
    }
    let mut ready: Vec<[u8; 32]> = Vec::new();
    let mut soonest: Option<(Duration, u64)> = None;
    for i in 0..n {
        let at = subs.checked_add(i.checked_mul(48).ok_or(EFAULT)?).ok_or(EFAULT)?;
        let s = bytes(mem, at, 48)?;
        let userdata = u64::from_le_bytes(s[0..8].try_into().map_err(|_| EFAULT)?);
        let tag = s[8];
        let mut ev = [0u8; 32];
        ev[0..8].copy_from_slice(&userdata.to_le_bytes());
        ev[10] = tag;
        if tag == 0 {
            let timeout = u64::from_le_bytes(s[24..32].try_into().map_err(|_| EFAULT)?);
            let abs = u16::from_le_bytes([s[40], s[41]]) & 1 != 0;
            let clock = u32::from_le_bytes(s[16..20].try_into().map_err(|_| EFAULT)?);
            let wait = if abs {
                let now = if clock == 0 {
                    nanos(SystemTime::now())
                } else {
                    u64::try_from(monotonic_origin().elapsed().as_nanos()).unwrap_or(u64::MAX)
                };
                Duration::from_nanos(timeout.saturating_sub(now))
            } else {
                Duration::from_nanos(timeout)
            };
            if soonest.is_none_or(|(d, _)| wait < d) {
                soonest = Some((wait, userdata));
            }
        } else {
            let fd = u32::from_le_bytes(s[16..20].try_into().map_err(|_| EFAULT)?);
            if st.fds.get(fd).is_some() {
                ev[16..24].copy_from_slice(&1u64.to_le_bytes());
            } else {
                ev[8..10].copy_from_slice(&EBADF.to_le_bytes());
            }
            ready.push(ev);
        }
    }
    if ready.is_empty() {
        if let Some((wait, userdata)) = soonest {
            if !sleep(st, wait) {
                return Err(EINTR);
            }
            let mut ev = [0u8; 32];
            ev[0..8].copy_from_slice(&userdata.to_le_bytes());
            ready.push(ev);
        }
    }
    for (i, ev) in ready.iter().enumerate() {
        put(mem, events + 32 * i as u32, ev)?;
    }
    put_u32(mem, out, ready.len() as u32)
}

/// The origin of the monotonic clock (the process's first use of it).
fn monotonic_origin() -> Instant {
    static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

/// `host::call(ptr, len, out_ptr_ptr, out_len_ptr)`: 0 with the answer placed in guest memory
/// (allocated by the guest's `host_alloc`), -1 when there is no answer.
fn door(c: &mut C<'_>, p: u32, l: u32, out_ptr: u32, out_len: u32) -> wasmtime::Result<i32> {
    let answer = {
        let Ok((mem, st)) = parts(c) else { return Ok(-1) };
        let Ok(frame) = bytes(mem, p, l) else { return Ok(-1) };
        let frame = frame.to_vec();
        match (st.door)(st, &frame) {
            Some(a) => a,
            None => return Ok(-1),
        }
    };
    let Some(alloc) = c.get_export("host_alloc").and_then(|e| e.into_func()) else { return Ok(-1) };
    let alloc = alloc.typed::<i32, i32>(&*c)?;
    let at = alloc.call(&mut *c, i32::try_from(answer.len()).unwrap_or(i32::MAX))? as u32;
    let Ok((mem, _)) = parts(c) else { return Ok(-1) };
    if put(mem, at, &answer).is_err() || put_u32(mem, out_ptr, at).is_err() || put_u32(mem, out_len, answer.len() as u32).is_err() {
        return Ok(-1);
    }
    Ok(0)
}
