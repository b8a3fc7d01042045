//! The native primitives the JavaScript side of the sandbox (`js/`) is built on, as one object
//! handed to the bootstrap (never reachable from a script). Each one that touches the world
//! runs on the command's thread through the [`Link`]: the command's standard streams, kitsh's
//! virtual filesystem and the shell's tools — nothing else.
//!
//! Conventions: paths arrive absolute (the JavaScript side resolves them against its working
//! directory) and are normalised here; a filesystem error is thrown as an `Error` whose
//! message is the errno's name (`ENOENT`), which the JavaScript side turns into Node's error.

use std::io::ErrorKind;
use std::rc::Rc;
use std::time::{Duration, UNIX_EPOCH};

use rquickjs::context::EvalOptions;
use rquickjs::function::Opt;
use rquickjs::{Array, Ctx, Exception, Function, Object, Persistent, TypedArray, Value};

use super::engine::{Job, State, Stop};
use crate::guest::host::Link;
use kitsh_core::fs::{join_path, FileSystem, FileType, FsError, Metadata, WriteMode};

type Res<T> = rquickjs::Result<T>;

/// The errno name of a filesystem error, as Node's `err.code`.
fn code(e: FsError) -> &'static str {
    match e {
        FsError::NotFound => "ENOENT",
        FsError::Exists => "EEXIST",
        FsError::IsDir => "EISDIR",
        FsError::NotDir => "ENOTDIR",
        FsError::NotEmpty => "ENOTEMPTY",
        FsError::PermissionDenied => "EACCES",
        FsError::ReadOnly => "EROFS",
        FsError::NoSpace => "ENOSPC",
        FsError::Loop => "ELOOP",
        FsError::Invalid => "EINVAL",
        FsError::CrossDevice => "EXDEV",
        FsError::NameTooLong => "ENAMETOOLONG",
        FsError::Io => "EIO",
        FsError::Unsupported => "ENOTSUP",
        FsError::Interrupted => "EINTR",
    }
}

/// Throw `code` for the JavaScript side to turn into Node's error.
fn throw(ctx: &Ctx<'_>, code: &str) -> rquickjs::Error {
    Exception::throw_message(ctx, code)
}

/// Run a filesystem primitive on the command's thread; `EIO` when its side is gone.
fn on_fs<T: Send + 'static>(
    ctx: &Ctx<'_>,
    link: &Link,
    f: impl FnOnce(&mut crate::Ctx<'_>) -> Result<T, FsError> + Send + 'static,
) -> Res<T> {
    match link.call(f) {
        Some(Ok(v)) => Ok(v),
        Some(Err(e)) => Err(throw(ctx, code(e))),
        None => Err(throw(ctx, "EIO")),
    }
}

/// The bytes of a string (UTF-8) or of a typed array / `Buffer` (copied).
fn bytes_of(v: &Value<'_>) -> Option<Vec<u8>> {
    if let Some(s) = v.as_string() {
        return s.to_string().ok().map(String::into_bytes);
    }
    let ta = TypedArray::<u8>::from_value(v.clone()).ok()?;
    // SAFETY: the bytes are copied before any JavaScript runs again.
    unsafe { ta.as_bytes() }.map(<[u8]>::to_vec)
}

/// A new `Uint8Array` holding `data`.
fn u8array<'js>(ctx: &Ctx<'js>, data: Vec<u8>) -> Res<Value<'js>> {
    Ok(TypedArray::<u8>::new(ctx.clone(), data)?.into_value())
}

/// `[type, mode, size, mtimeMs, ino, nlink, uid, gid]`; type is `f`, `d`, `l`, `c` or `p`.
fn stat_array<'js>(ctx: &Ctx<'js>, m: &Metadata) -> Res<Array<'js>> {
    let kind = crate::guest::kind_char(m.file_type).to_string();
    let mtime = m.mtime.duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    let a = Array::new(ctx.clone())?;
    a.set(0, kind.as_str())?;
    a.set(1, m.mode)?;
    a.set(2, m.len as f64)?;
    a.set(3, mtime)?;
    a.set(4, m.ino as f64)?;
    a.set(5, m.nlink as f64)?;
    a.set(6, m.uid)?;
    a.set(7, m.gid)?;
    Ok(a)
}

/// Evaluate `code` as a global script named `filename` (sloppy mode, as Node runs scripts);
/// its completion value.
fn eval<'js>(ctx: &Ctx<'js>, code: String, filename: String) -> Res<Value<'js>> {
    let mut opts = EvalOptions::default();
    opts.strict = false;
    opts.backtrace_barrier = true;
    opts.filename = Some(filename);
    ctx.eval_with_options(code, opts)
}

/// The JavaScript source of the built-in module `name` (`js/NAME.js`).
fn source(name: &str) -> Option<&'static str> {
    Some(match name {
        "assert" => include_str!("js/assert.js"),
        "buffer" => include_str!("js/buffer.js"),
        "errors" => include_str!("js/errors.js"),
        "events" => include_str!("js/events.js"),
        "crypto" => include_str!("js/crypto.js"),
        "fetch" => include_str!("js/fetch.js"),
        "fs" => include_str!("js/fs.js"),
        "inspect" => include_str!("js/inspect.js"),
        "intl" => include_str!("js/intl.js"),
        "kitsh_tools" => include_str!("js/kitsh_tools.js"),
        "modules" => include_str!("js/modules.js"),
        "os" => include_str!("js/os.js"),
        "path" => include_str!("js/path.js"),
        "querystring" => include_str!("js/querystring.js"),
        "readline" => include_str!("js/readline.js"),
        "stdin" => include_str!("js/stdin.js"),
        "stream" => include_str!("js/stream.js"),
        "string_decoder" => include_str!("js/string_decoder.js"),
        "table" => include_str!("js/table.js"),
        "timers" => include_str!("js/timers.js"),
        "url" => include_str!("js/url.js"),
        "util" => include_str!("js/util.js"),
        "zlib" => include_str!("js/zlib.js"),
        _ => return None,
    })
}

/// Build the natives object for one run.
pub fn install<'js>(ctx: &Ctx<'js>, state: &Rc<State>, job: &Job) -> Res<Object<'js>> {
    let k = Object::new(ctx.clone())?;
    macro_rules! add {
        ($name:literal, $f:expr) => {
            k.set($name, Function::new(ctx.clone(), $f)?.with_name($name)?)?;
        };
    }

    // What the run starts with.
    let init = Object::new(ctx.clone())?;
    init.set("kind", job.kind)?;
    init.set("code", job.code.as_str())?;
    init.set("print", job.print)?;
    init.set("check", job.check)?;
    init.set("filename", job.filename.as_str())?;
    init.set("argv", job.argv.clone())?;
    init.set("cwd", job.cwd.as_str())?;
    init.set("preload", job.preload.clone())?;
    init.set("module", job.module)?;
    init.set("version", super::args::NODE_VERSION)?;
    let env = Object::new(ctx.clone())?;
    for (name, value) in &job.env {
        env.set(name.as_str(), value.as_str())?;
    }
    init.set("env", env)?;
    k.set("init", init)?;

    // A built-in module's function `(exports, require, module, internals) => ...`, from bytecode
    // compiled once per process.
    add!("internal", |ctx: Ctx<'js>, name: String| -> Res<Value<'js>> {
        let Some(src) = source(&name) else { return Ok(Value::new_undefined(ctx)) };
        let filename = format!("node:{name}");
        super::bytecode::eval(&ctx, &filename, || {
            format!("(function (exports, require, module, internals) {{'use strict';{src}\n}})")
        })
    });
    let s = Rc::clone(state);
    add!("write", move |ctx: Ctx<'js>, fd: i32, data: Value<'js>| -> Res<()> {
        let Some(bytes) = bytes_of(&data) else {
            return Err(Exception::throw_type(&ctx, "write: a string or a Uint8Array is expected"));
        };
        if fd == 2 {
            s.flush();
            let r = s.link.call(move |c| c.stderr.write_all(&bytes).and_then(|()| c.stderr.flush()).is_ok());
            if r != Some(true) && s.stop.get() == Stop::No {
                s.stop.set(Stop::Exit(1));
            }
        } else {
            s.write_out(&bytes);
        }
        Ok(())
    });
    let s = Rc::clone(state);
    add!("flush", move || s.flush());
    let s = Rc::clone(state);
    add!("readStdin", move |ctx: Ctx<'js>| -> Res<Value<'js>> {
        s.flush();
        let r = s.link.call(|c| {
            let mut buf = vec![0u8; 64 << 10];
            loop {
                match c.stdin.read(&mut buf) {
                    Ok(n) => {
                        buf.truncate(n);
                        return Ok(buf);
                    }
                    Err(e) if e.kind() == ErrorKind::Interrupted && !c.cancel.cancelled() => continue,
                    Err(e) => return Err(e.kind()),
                }
            }
        });
        match r {
            Some(Ok(b)) if b.is_empty() => Ok(Value::new_null(ctx)),
            Some(Ok(b)) => u8array(&ctx, b),
            Some(Err(_)) | None => Err(throw(&ctx, "EIO")),
        }
    });
    let s = Rc::clone(state);
    add!("exit", move |code: i32| {
        if s.stop.get() == Stop::No {
            s.stop.set(Stop::Exit(code));
        }
    });
    let s = Rc::clone(state);
    add!("hrtime", move || s.started.elapsed().as_secs_f64() * 1000.0);
    let s = Rc::clone(state);
    add!("sleep", move |ms: f64| {
        s.flush();
        let ok = s.link.sleep(Duration::try_from_secs_f64(ms.max(0.0) / 1000.0).unwrap_or(Duration::MAX));
        if !ok {
            s.stop.set(Stop::Cancelled);
        }
    });
    add!("evalScript", |ctx: Ctx<'js>, code: String, filename: String| eval(&ctx, code, filename));
    add!("randomBytes", |ctx: Ctx<'js>, n: usize| -> Res<Value<'js>> {
        let mut buf = vec![0u8; n.min(1 << 24)];
        kitsh_core::fs::secure_random(&mut buf).map_err(|_| throw(&ctx, "EIO"))?;
        u8array(&ctx, buf)
    });
    add!("digest", |ctx: Ctx<'js>, alg: String, data: Value<'js>| -> Res<Value<'js>> {
        let bytes = bytes_of(&data).ok_or_else(|| Exception::throw_type(&ctx, "digest: a Uint8Array is expected"))?;
        let out = super::codec::digest(&alg, &bytes).ok_or_else(|| Exception::throw_message(&ctx, "Digest method not supported"))?;
        u8array(&ctx, out)
    });
    add!("zlib", |ctx: Ctx<'js>, op: String, data: Value<'js>, level: i32| -> Res<Value<'js>> {
        let bytes = bytes_of(&data).ok_or_else(|| Exception::throw_type(&ctx, "zlib: a Uint8Array is expected"))?;
        let out = super::codec::zlib(&op, &bytes, level).map_err(|e| Exception::throw_message(&ctx, &e.to_string()))?;
        u8array(&ctx, out)
    });
    add!("encode", |ctx: Ctx<'js>, s: rquickjs::Coerced<String>| u8array(&ctx, s.0.into_bytes()));
    add!("decode", |ctx: Ctx<'js>, v: Value<'js>, latin1: Opt<bool>| -> Res<String> {
        let Some(b) = bytes_of(&v) else {
            return Err(Exception::throw_type(&ctx, "decode: a Uint8Array is expected"));
        };
        if latin1.0 == Some(true) {
            return Ok(b.iter().map(|&c| char::from(c)).collect());
        }
        Ok(String::from_utf8(b).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    });
    add!("promiseState", |ctx: Ctx<'js>, p: Value<'js>| -> Res<Array<'js>> {
        let a = Array::new(ctx.clone())?;
        if let Some(p) = p.into_promise() {
            let (state, value) = match p.state() {
                rquickjs::promise::PromiseState::Pending => ("pending", Value::new_undefined(ctx.clone())),
                rquickjs::promise::PromiseState::Resolved => {
                    ("fulfilled", p.result::<Value<'js>>().and_then(Result::ok).unwrap_or_else(|| Value::new_undefined(ctx.clone())))
                }
                rquickjs::promise::PromiseState::Rejected => {
                    let v = match p.result::<Value<'js>>() {
                        Some(Err(rquickjs::Error::Exception)) => ctx.catch(),
                        Some(Ok(v)) => v,
                        _ => Value::new_undefined(ctx.clone()),
                    };
                    ("rejected", v)
                }
            };
            a.set(0, state)?;
            a.set(1, value)?;
        }
        Ok(a)
    });
    let s = Rc::clone(state);
    add!("setModuleHooks", move |ctx: Ctx<'js>, hooks: Object<'js>| {
        *s.esm.borrow_mut() = Some(Persistent::save(&ctx, hooks));
    });
    add!("evalModule", |ctx: Ctx<'js>, name: String, source: String| super::esm::evaluate(&ctx, name, source));
    let s = Rc::clone(state);
    add!("setRejectionHook", move |ctx: Ctx<'js>, f: Function<'js>| {
        *s.on_rejection.borrow_mut() = Some(Persistent::save(&ctx, f));
    });

    // The filesystem.
    let l = state.link.clone();
    add!("readFile", move |ctx: Ctx<'js>, path: String| -> Res<Value<'js>> {
        let p = join_path("/", &path);
        let data = on_fs(&ctx, &l, move |c| {
            if c.fs.stat(&p)?.file_type == FileType::Dir {
                return Err(FsError::IsDir);
            }
            c.read_input(&p)
        })?;
        u8array(&ctx, data)
    });
    let l = state.link.clone();
    add!("writeFile", move |ctx: Ctx<'js>, path: String, data: Value<'js>, mode: i32| -> Res<()> {
        let p = join_path("/", &path);
        let bytes = bytes_of(&data).ok_or_else(|| Exception::throw_type(&ctx, "writeFile: a string or a Uint8Array is expected"))?;
        let mode = match mode {
            1 => WriteMode::Append,
            2 => WriteMode::CreateNew,
            _ => WriteMode::Truncate,
        };
        on_fs(&ctx, &l, move |c| {
            if matches!(c.fs.stat(&p), Ok(m) if m.file_type == FileType::Dir) {
                return Err(FsError::IsDir);
            }
            c.fs.write_file(&p, &bytes, mode)
        })
    });
    let l = state.link.clone();
    add!("stat", move |ctx: Ctx<'js>, path: String, follow: bool| -> Res<Value<'js>> {
        let p = join_path("/", &path);
        let r = l.call(move |c| if follow { c.fs.stat(&p) } else { c.fs.lstat(&p) });
        match r {
            Some(Ok(m)) => Ok(stat_array(&ctx, &m)?.into_value()),
            // `existsSync` and the like ask often about missing files: no exception for them.
            Some(Err(FsError::NotFound)) => Ok(Value::new_null(ctx)),
            Some(Err(e)) => Err(throw(&ctx, code(e))),
            None => Err(throw(&ctx, "EIO")),
        }
    });
    let l = state.link.clone();
    add!("readdir", move |ctx: Ctx<'js>, path: String| -> Res<Vec<String>> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| {
            if c.fs.stat(&p)?.file_type != FileType::Dir {
                return Err(FsError::NotDir);
            }
            let mut out: Vec<String> = c
                .fs
                .read_dir(&p)?
                .into_iter()
                .map(|e| {
                    let k = crate::guest::kind_char(e.file_type);
                    let mut s = String::with_capacity(e.name.len() + 1);
                    s.push(k);
                    s.push_str(&e.name);
                    s
                })
                .collect();
            out.sort_by(|a, b| a[1..].cmp(&b[1..]));
            Ok(out)
        })
    });
    let l = state.link.clone();
    add!("mkdir", move |ctx: Ctx<'js>, path: String, recursive: bool| -> Res<()> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| c.fs.mkdir(&p, recursive))
    });
    let l = state.link.clone();
    add!("unlink", move |ctx: Ctx<'js>, path: String| -> Res<()> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| {
            if c.fs.lstat(&p)?.file_type == FileType::Dir {
                return Err(FsError::IsDir);
            }
            c.fs.remove_file(&p)
        })
    });
    let l = state.link.clone();
    add!("rmdir", move |ctx: Ctx<'js>, path: String| -> Res<()> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| c.fs.remove_dir(&p))
    });
    let l = state.link.clone();
    add!("rmTree", move |ctx: Ctx<'js>, path: String| -> Res<()> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| remove_tree(c.fs, &p))
    });
    let l = state.link.clone();
    add!("rename", move |ctx: Ctx<'js>, a: String, b: String| -> Res<()> {
        let (a, b) = (join_path("/", &a), join_path("/", &b));
        on_fs(&ctx, &l, move |c| c.fs.rename(&a, &b))
    });
    let l = state.link.clone();
    add!("link", move |ctx: Ctx<'js>, a: String, b: String| -> Res<()> {
        let (a, b) = (join_path("/", &a), join_path("/", &b));
        on_fs(&ctx, &l, move |c| c.fs.hard_link(&a, &b))
    });
    let l = state.link.clone();
    add!("symlink", move |ctx: Ctx<'js>, target: String, path: String| -> Res<()> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| c.fs.symlink(&target, &p))
    });
    let l = state.link.clone();
    add!("readlink", move |ctx: Ctx<'js>, path: String| -> Res<String> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| c.fs.read_link(&p))
    });
    let l = state.link.clone();
    add!("realpath", move |ctx: Ctx<'js>, path: String| -> Res<String> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| c.fs.canonicalize(&p))
    });
    let l = state.link.clone();
    add!("chmod", move |ctx: Ctx<'js>, path: String, mode: u32| -> Res<()> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| c.fs.set_mode(&p, mode & 0o7777))
    });
    let l = state.link.clone();
    add!("utimes", move |ctx: Ctx<'js>, path: String, mtime_ms: f64| -> Res<()> {
        let p = join_path("/", &path);
        let t = UNIX_EPOCH + Duration::try_from_secs_f64(mtime_ms.max(0.0) / 1000.0).unwrap_or_default();
        on_fs(&ctx, &l, move |c| c.fs.set_mtime(&p, t))
    });
    let l = state.link.clone();
    add!("truncate", move |ctx: Ctx<'js>, path: String, len: f64| -> Res<()> {
        let p = join_path("/", &path);
        on_fs(&ctx, &l, move |c| c.fs.set_len(&p, len.max(0.0) as u64))
    });

    // HTTP through the shell's network (`fetch`): what `curl` may reach, nothing else.
    let s = Rc::clone(state);
    add!(
        "http",
        move |ctx: Ctx<'js>, method: String, url: String, headers: Vec<Vec<String>>, body: Opt<Value<'js>>, follow: bool| -> Res<Array<'js>> {
            let body = body.0.filter(|v| !v.is_null() && !v.is_undefined()).and_then(|v| bytes_of(&v));
            let req = kitsh_core::command::net::HttpRequest {
                method,
                url,
                headers: headers.into_iter().filter_map(|h| Some((h.first()?.clone(), h.get(1)?.clone()))).collect(),
                body,
                follow_redirects: follow,
                max_redirects: 20,
                timeout: s.deadline.map(|d| d.saturating_duration_since(std::time::Instant::now())),
                max_bytes: 256 << 20,
            };
            s.flush();
            let r = s.link.call(move |c| c.net.request(&req)).unwrap_or(Err(kitsh_core::command::net::NetError::Disabled));
            let resp = r.map_err(|e| Exception::throw_message(&ctx, &e.to_string()))?;
            let a = Array::new(ctx.clone())?;
            a.set(0, resp.status)?;
            a.set(1, resp.reason)?;
            a.set(2, resp.headers.into_iter().map(|(k, v)| vec![k, v]).collect::<Vec<_>>())?;
            a.set(3, u8array(&ctx, resp.body)?)?;
            a.set(4, resp.url)?;
            a.set(5, resp.redirects)?;
            Ok(a)
        }
    );

    // The shell's tools (`require('kitsh_tools')`).
    let l = state.link.clone();
    add!("tools", move |ctx: Ctx<'js>| -> Res<Array<'js>> {
        let list = l.call(|c| c.functions.list()).unwrap_or_default();
        let a = Array::new(ctx.clone())?;
        for (i, f) in list.into_iter().enumerate() {
            a.set(i, vec![f.name, f.description, f.input_schema])?;
        }
        Ok(a)
    });
    let s = Rc::clone(state);
    add!(
        "callTool",
        move |ctx: Ctx<'js>, name: String, params: Opt<Option<String>>, words: Opt<Vec<String>>, stdin: Opt<Value<'js>>| -> Res<Value<'js>> {
            s.flush();
            let stdin = stdin.0.filter(|v| !v.is_undefined() && !v.is_null()).and_then(|v| bytes_of(&v));
            let out = crate::guest::host::call_tool(&s.link, name, params.0.flatten(), words.0.unwrap_or_default(), stdin);
            let Some(o) = out else { return Ok(Value::new_null(ctx)) };
            let a = Array::new(ctx.clone())?;
            a.set(0, o.status)?;
            a.set(1, String::from_utf8_lossy(&o.stdout).into_owned())?;
            a.set(2, String::from_utf8_lossy(&o.stderr).into_owned())?;
            Ok(a.into_value())
        }
    );
    Ok(k)
}

/// `rm -r`: `path` and, for a directory, everything under it (symbolic links not followed).
fn remove_tree(fs: &dyn FileSystem, path: &str) -> Result<(), FsError> {
    if fs.lstat(path)?.file_type != FileType::Dir {
        return fs.remove_file(path);
    }
    for e in fs.read_dir(path)? {
        remove_tree(fs, &join_path(path, &e.name))?;
    }
    fs.remove_dir(path)
}
