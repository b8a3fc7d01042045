//! `_kitsh`: the native primitives the Python side of the sandbox (`posix.py`, `prelude.py`)
//! is built on. Each one runs on the command's thread through the [`Link`]: the standard
//! streams of the command and kitsh's virtual filesystem — nothing else is reachable.
//!
//! Conventions: paths arrive absolute (the Python side joins them with its working directory)
//! and are normalised here; every filesystem and stream primitive returns a tuple
//! `(errno, value)`, `errno` 0 on success, and the Python side raises the matching `OSError`.

use std::io::{ErrorKind, Read, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rustpython_vm::builtins::{PyBytesRef, PyModule, PyStrRef};
use rustpython_vm::{AsObject, PyObjectRef, PyRef, VirtualMachine};

use crate::guest::host::Link;
use kitsh_core::fs::{join_path, FileType, FsError, Metadata, WriteMode};

/// The errno of a filesystem error (what CPython's OSError would carry).
fn errno(e: FsError) -> i32 {
    match e {
        FsError::NotFound => 2,
        FsError::Exists => 17,
        FsError::IsDir => 21,
        FsError::NotDir => 20,
        FsError::NotEmpty => 39,
        FsError::PermissionDenied => 13,
        FsError::ReadOnly => 30,
        FsError::NoSpace => 28,
        FsError::Loop => 40,
        FsError::Invalid => 22,
        FsError::CrossDevice => 18,
        FsError::NameTooLong => 36,
        FsError::Io => 5,
        FsError::Unsupported => 95,
        FsError::Interrupted => 4,
    }
}

/// The errno of a stream error: EPIPE for a closed pipe, else the OS code or EIO.
fn io_errno(e: &std::io::Error) -> i32 {
    if e.kind() == ErrorKind::BrokenPipe {
        32
    } else {
        e.raw_os_error().unwrap_or(5)
    }
}

/// A value crossing back into Python.
enum Val {
    None,
    Int(i64),
    Str(String),
    Bytes(Vec<u8>),
    Stat(Metadata),
    Entries(Vec<(String, char)>),
}

/// `(errno, value)` as a Python tuple.
fn ret(vm: &VirtualMachine, r: Result<Val, i32>) -> PyObjectRef {
    let (code, val) = match r {
        Ok(v) => (0, v),
        Err(c) => (c, Val::None),
    };
    let obj: PyObjectRef = match val {
        Val::None => vm.ctx.none(),
        Val::Int(n) => vm.ctx.new_int(n).into(),
        Val::Str(s) => vm.ctx.new_str(s).into(),
        Val::Bytes(b) => vm.ctx.new_bytes(b).into(),
        Val::Stat(m) => {
            let kind = match m.file_type {
                FileType::File => 0o100000,
                FileType::Dir => 0o040000,
                FileType::Symlink => 0o120000,
                FileType::CharDevice => 0o020000,
                FileType::Fifo => 0o010000,
            };
            let mtime = m.mtime.duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
            vm.new_tuple((
                kind | m.mode,
                m.ino,
                m.nlink,
                m.uid,
                m.gid,
                m.len,
                mtime,
            ))
            .into()
        }
        Val::Entries(es) => {
            let items = es
                .into_iter()
                .map(|(n, k)| vm.new_tuple((vm.ctx.new_str(n), vm.ctx.new_str(k.to_string()))).into())
                .collect();
            vm.ctx.new_list(items).into()
        }
    };
    vm.new_tuple((code, obj)).into()
}

/// The normalised absolute path of a Python string (`EINVAL` for lone surrogates).
fn path_of(s: &PyStrRef) -> Result<String, i32> {
    s.to_str().map(|p| join_path("/", p)).ok_or(22)
}

/// Run `f` on the command's thread; EIO when the command side is gone.
fn on_host(link: &Link, f: impl FnOnce(&mut crate::Ctx<'_>) -> Result<Val, i32> + Send + 'static) -> Result<Val, i32> {
    link.call(f).unwrap_or(Err(5))
}

/// One read of up to `n` bytes, as `os.read` does; an interrupted read is retried unless the
/// script was cancelled.
fn read_once(src: &mut dyn Read, n: usize, cancel: &dyn crate::Cancel) -> Result<Val, i32> {
    let mut buf = vec![0u8; n];
    loop {
        match src.read(&mut buf) {
            Ok(k) => {
                buf.truncate(k);
                return Ok(Val::Bytes(buf));
            }
            Err(e) if e.kind() == ErrorKind::Interrupted && !cancel.cancelled() => continue,
            Err(e) => return Err(io_errno(&e)),
        }
    }
}

/// One filesystem primitive taking one path.
fn fs1(
    link: &Link,
    path: &PyStrRef,
    f: impl FnOnce(&dyn kitsh_core::fs::FileSystem, &str) -> Result<Val, FsError> + Send + 'static,
) -> Result<Val, i32> {
    let p = path_of(path)?;
    on_host(link, move |ctx| f(ctx.fs, &p).map_err(errno))
}

/// One filesystem primitive taking two paths.
fn fs2(
    link: &Link,
    a: &PyStrRef,
    b: &PyStrRef,
    f: impl FnOnce(&dyn kitsh_core::fs::FileSystem, &str, &str) -> Result<(), FsError> + Send + 'static,
) -> Result<Val, i32> {
    let (a, b) = (path_of(a)?, path_of(b)?);
    on_host(link, move |ctx| f(ctx.fs, &a, &b).map(|()| Val::None).map_err(errno))
}

/// Create the `_kitsh` module for one interpreter.
pub fn module(vm: &VirtualMachine, link: &Link) -> PyRef<PyModule> {
    let dict = vm.ctx.new_dict();
    let m = vm.new_module("_kitsh", dict, None);
    macro_rules! add {
        ($name:literal, $f:expr) => {
            let _ = m.as_object().set_attr($name, vm.new_function($name, $f), vm);
        };
    }

    let l = link.clone();
    add!("write", move |fd: i32, data: PyBytesRef, vm: &VirtualMachine| {
        let bytes = data.as_bytes().to_vec();
        let n = bytes.len() as i64;
        let r = on_host(&l, move |ctx| {
            let w: &mut dyn Write = if fd == 2 { &mut *ctx.stderr } else { &mut *ctx.stdout };
            w.write_all(&bytes).and_then(|()| w.flush()).map(|()| Val::Int(n)).map_err(|e| io_errno(&e))
        });
        ret(vm, r)
    });
    let l = link.clone();
    add!("read", move |n: usize, vm: &VirtualMachine| {
        let n = n.clamp(1, 1 << 20);
        let r = on_host(&l, move |ctx| read_once(&mut *ctx.stdin, n, ctx.cancel));
        ret(vm, r)
    });
    let l = link.clone();
    // A descriptor of the script (`3<<EOF`): one read, as `os.read` does.
    add!("read_fd", move |fd: i32, n: usize, vm: &VirtualMachine| {
        let n = n.clamp(1, 1 << 20);
        let r = on_host(&l, move |ctx| {
            let Some(mut src) = ctx.fds.reader(fd) else { return Err(9) };
            read_once(&mut src, n, ctx.cancel)
        });
        ret(vm, r)
    });
    let l = link.clone();
    add!("sleep", move |secs: f64| {
        let d = Duration::try_from_secs_f64(secs.max(0.0)).unwrap_or(Duration::MAX);
        l.sleep(d)
    });
    let l = link.clone();
    add!("cancelled", move || l.cancelled());
    let l = link.clone();
    // The shell's tools (`kitsh_tools`): `[(name, first description line, schema JSON)]`.
    add!("tools", move |vm: &VirtualMachine| -> PyObjectRef {
        let list = l.call(|ctx| ctx.functions.list()).unwrap_or_default();
        let items = list
            .into_iter()
            .map(|f| vm.new_tuple((vm.ctx.new_str(f.name), vm.ctx.new_str(f.description), vm.ctx.new_str(f.input_schema))).into())
            .collect();
        vm.ctx.new_list(items).into()
    });
    let l = link.clone();
    // Call tool `name` with `params` (a JSON object's text), or with the words `args` (joined
    // by NUL; `help`, `discover`) when `params` is None; `stdin` None or bytes. `(status,
    // stdout, stderr)`, or None when the shell has no such tool.
    add!("call_tool", move |name: PyStrRef, params: Option<PyStrRef>, args: PyStrRef, stdin: Option<PyBytesRef>, vm: &VirtualMachine| -> PyObjectRef {
        let text = |s: &PyStrRef| s.to_str().unwrap_or_default().to_string();
        let name = text(&name);
        let params = params.as_ref().map(text);
        let args = text(&args);
        let words: Vec<String> = if args.is_empty() { Vec::new() } else { args.split('\0').map(str::to_string).collect() };
        let stdin = stdin.map(|b| b.as_bytes().to_vec());
        let out = crate::guest::host::call_tool(&l, name, params, words, stdin);
        match out {
            Some(o) => vm.new_tuple((o.status, vm.ctx.new_bytes(o.stdout), vm.ctx.new_bytes(o.stderr))).into(),
            None => vm.ctx.none(),
        }
    });
    // `os.urandom`: the operating system's secure source (bounded like a read).
    add!("urandom", move |n: usize, vm: &VirtualMachine| -> PyObjectRef {
        let mut buf = vec![0u8; n.min(1 << 24)];
        match kitsh_core::fs::secure_random(&mut buf) {
            Ok(()) => vm.ctx.new_bytes(buf).into(),
            Err(_) => vm.ctx.none(),
        }
    });
    let l = link.clone();
    add!("stat", move |path: PyStrRef, follow: bool, vm: &VirtualMachine| {
        let r = fs1(&l, &path, move |fs, p| if follow { fs.stat(p) } else { fs.lstat(p) }.map(Val::Stat));
        ret(vm, r)
    });
    let l = link.clone();
    add!("listdir", move |path: PyStrRef, vm: &VirtualMachine| {
        let r = fs1(&l, &path, |fs, p| {
            if fs.stat(p)?.file_type != FileType::Dir {
                return Err(FsError::NotDir);
            }
            let entries = fs.read_dir(p)?;
            Ok(Val::Entries(
                entries
                    .into_iter()
                    .map(|e| {
                        let k = crate::guest::kind_char(e.file_type);
                        (e.name, k)
                    })
                    .collect(),
            ))
        });
        ret(vm, r)
    });
    let l = link.clone();
    add!("read_file", move |path: PyStrRef, vm: &VirtualMachine| {
        let r = fs1(&l, &path, |fs, p| {
            if fs.stat(p)?.file_type == FileType::Dir {
                return Err(FsError::IsDir);
            }
            fs.read_file(p).map(Val::Bytes)
        });
        ret(vm, r)
    });
    let l = link.clone();
    add!("write_file", move |path: PyStrRef, data: PyBytesRef, mode: i32, vm: &VirtualMachine| {
        let bytes = data.as_bytes().to_vec();
        let mode = match mode {
            1 => WriteMode::Append,
            2 => WriteMode::CreateNew,
            _ => WriteMode::Truncate,
        };
        let r = fs1(&l, &path, move |fs, p| fs.write_file(p, &bytes, mode).map(|()| Val::None));
        ret(vm, r)
    });
    let l = link.clone();
    add!("mkdir", move |path: PyStrRef, vm: &VirtualMachine| {
        ret(vm, fs1(&l, &path, |fs, p| fs.mkdir(p, false).map(|()| Val::None)))
    });
    let l = link.clone();
    add!("rmdir", move |path: PyStrRef, vm: &VirtualMachine| {
        ret(vm, fs1(&l, &path, |fs, p| fs.remove_dir(p).map(|()| Val::None)))
    });
    let l = link.clone();
    add!("unlink", move |path: PyStrRef, vm: &VirtualMachine| {
        let r = fs1(&l, &path, |fs, p| {
            if fs.lstat(p)?.file_type == FileType::Dir {
                return Err(FsError::IsDir);
            }
            fs.remove_file(p).map(|()| Val::None)
        });
        ret(vm, r)
    });
    let l = link.clone();
    add!("rename", move |a: PyStrRef, b: PyStrRef, vm: &VirtualMachine| {
        ret(vm, fs2(&l, &a, &b, |fs, a, b| fs.rename(a, b)))
    });
    let l = link.clone();
    add!("link", move |a: PyStrRef, b: PyStrRef, vm: &VirtualMachine| {
        ret(vm, fs2(&l, &a, &b, |fs, a, b| fs.hard_link(a, b)))
    });
    let l = link.clone();
    add!("symlink", move |target: PyStrRef, link_path: PyStrRef, vm: &VirtualMachine| {
        // The target is stored as given (relative targets stay relative).
        let r = match (target.to_str().map(str::to_string), path_of(&link_path)) {
            (Some(t), Ok(p)) => on_host(&l, move |ctx| ctx.fs.symlink(&t, &p).map(|()| Val::None).map_err(errno)),
            _ => Err(22),
        };
        ret(vm, r)
    });
    let l = link.clone();
    add!("readlink", move |path: PyStrRef, vm: &VirtualMachine| {
        ret(vm, fs1(&l, &path, |fs, p| fs.read_link(p).map(Val::Str)))
    });
    let l = link.clone();
    add!("realpath", move |path: PyStrRef, vm: &VirtualMachine| {
        ret(vm, fs1(&l, &path, |fs, p| fs.canonicalize(p).map(Val::Str)))
    });
    let l = link.clone();
    add!("chmod", move |path: PyStrRef, mode: u32, vm: &VirtualMachine| {
        ret(vm, fs1(&l, &path, move |fs, p| fs.set_mode(p, mode & 0o7777).map(|()| Val::None)))
    });
    let l = link.clone();
    add!("utime", move |path: PyStrRef, mtime: f64, vm: &VirtualMachine| {
        let t = if mtime < 0.0 {
            SystemTime::now()
        } else {
            Duration::try_from_secs_f64(mtime).ok().and_then(|d| UNIX_EPOCH.checked_add(d)).unwrap_or(UNIX_EPOCH)
        };
        ret(vm, fs1(&l, &path, move |fs, p| fs.set_mtime(p, t).map(|()| Val::None)))
    });
    m
}
