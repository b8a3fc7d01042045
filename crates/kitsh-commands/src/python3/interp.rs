//! One run of the embedded interpreter, on the interpreter thread: build a fresh RustPython
//! interpreter (no host modules, the standard library frozen in), install the sandbox
//! (`prelude.py` over the `_kitsh` primitives) and run the script.

use std::sync::OnceLock;

use rustpython_vm::builtins::{PyBytes, PyCode};
use rustpython_vm::compiler::Mode;
use rustpython_vm::signal::UserSignalReceiver;
use rustpython_vm::{AsObject, Interpreter, PyRef, PyResult, Settings, VirtualMachine};

use crate::guest::host::Link;
use super::natives;

/// The sandbox's refusals, the same on both engines (definitions only).
#[cfg(feature = "python-wasi")]
pub(super) const REFUSALS_PY: &str = include_str!("refusals.py");
/// The sandbox's `posix` module (Python over `_kitsh`), after the refusals.
const POSIX_PY: &str = concat!(include_str!("refusals.py"), "\n", include_str!("posix.py"));
/// The sandbox set-up and the script runner (the refusals first, the patches last).
const PRELUDE_PY: &str = concat!(include_str!("refusals.py"), "\n", include_str!("prelude.py"), "\n", include_str!("compat.py"));
/// The standard modules' patches both engines apply (RustPython's prelude has them appended).
#[cfg(feature = "python-wasi")]
pub(super) const COMPAT_PY: &str = include_str!("compat.py");
/// `kitsh_tools`, compiled when a script imports it.
pub(super) const TOOLS_PY: &str = include_str!("kitsh_tools.py");

/// `posix.py` and `prelude.py` compiled once per process and kept marshalled: loading the
/// bytecode in each new interpreter is cheaper than compiling the source again.
static POSIX_CODE: OnceLock<Vec<u8>> = OnceLock::new();
static PRELUDE_CODE: OnceLock<Vec<u8>> = OnceLock::new();

/// The code object of `src` (named `name`), from `cache` when another run compiled it.
fn cached_code(vm: &VirtualMachine, cache: &OnceLock<Vec<u8>>, src: &str, name: &str) -> PyResult<PyRef<PyCode>> {
    let marshal = vm.import("marshal", 0)?;
    if let Some(bytes) = cache.get() {
        let obj = marshal.get_attr("loads", vm)?.call((vm.ctx.new_bytes(bytes.clone()),), vm)?;
        if let Ok(code) = obj.downcast::<PyCode>() {
            return Ok(code);
        }
    }
    let code = vm.compile(src, Mode::Exec, name).map_err(|e| e.into_pyexception(vm, Some(src)))?;
    let dumped = marshal.get_attr("dumps", vm)?.call((code.clone(),), vm)?;
    if let Ok(b) = dumped.downcast::<PyBytes>() {
        let _ = cache.set(b.as_bytes().to_vec());
    }
    Ok(code)
}

/// What the interpreter thread runs.
#[derive(Default)]
pub struct Job {
    /// `sys.argv`.
    pub argv: Vec<String>,
    /// The exported environment (`os.environ`).
    pub env: Vec<(String, String)>,
    /// The working directory (absolute).
    pub cwd: String,
    /// `-u`.
    pub unbuffered: bool,
    /// `-I`: no script directory on `sys.path`.
    pub isolated: bool,
    /// `"source"`, `"file"` or `"module"`.
    pub kind: &'static str,
    /// The source code, or the module name for `"module"`.
    pub payload: String,
    /// The file name in tracebacks (`<string>`, `<stdin>`, the script's path).
    pub filename: String,
}

/// Run `job`; its exit status. Reports the end to the command's thread through `link` as soon
/// as the script has ended, then frees the interpreter (the command does not wait for that).
pub fn run(job: Job, link: Link, signals: UserSignalReceiver) -> i32 {
    let interp = build(&job, signals);
    let status = interp.enter(|vm| run_script(vm, &job, &link));
    link.done(status);
    // Free what the run made: its modules and the reference cycles among them stay allocated
    // otherwise, since only the collector finds them. (Not `finalize`: atexit handlers have
    // run already, or must not, after `os._exit`; and the script's output has been flushed,
    // or must be lost.)
    interp.enter(|vm| vm.finalize_modules());
    status
}

/// A fresh interpreter for `job`: no host modules, the standard library frozen in.
fn build(job: &Job, signals: UserSignalReceiver) -> Interpreter {
    let mut settings = Settings::default();
    settings.argv = job.argv.clone();
    settings.import_site = false;
    settings.install_signal_handlers = false;
    settings.ignore_environment = true;
    settings.user_site_directory = false;
    settings.safe_path = true;
    settings.write_bytecode = false;
    settings.path_list = Vec::new();
    settings.buffered_stdio = !job.unbuffered;
    let builder = Interpreter::builder(settings);
    let defs = rustpython_stdlib::stdlib_module_defs(&builder.ctx);
    builder
        .add_native_modules(&defs)
        .add_frozen_modules(rustpython_pylib::FROZEN_STDLIB)
        .init_hook(move |vm| vm.set_user_signal_channel(signals))
        .build()
}

/// Run the script in `vm`; its exit status.
fn run_script(vm: &VirtualMachine, job: &Job, link: &Link) -> i32 {
    match start(vm, job, link) {
        Ok(status) => status,
        Err(_) if link.cancelled() => 1, // interrupted: kitsh reports the limit
        Err(exc) => {
            // The sandbox itself failed to start: say why on the command's stderr.
            let msg = exc.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
            let name = exc.class().name().to_string();
            let line = format!("python3: kitsh could not start the interpreter: {name}: {msg}\n");
            let _ = link.call(move |ctx| ctx.stderr.write_all(line.as_bytes()));
            70
        }
    }
}

/// Install the sandbox and run the script; its exit status.
fn start(vm: &VirtualMachine, job: &Job, link: &Link) -> PyResult<i32> {
    let scope = vm.new_scope_with_builtins();
    let g = &scope.globals;
    g.set_item("_kitsh", natives::module(vm, link).into(), vm)?;
    let argv: Vec<_> = job.argv.iter().map(|a| vm.ctx.new_str(a.as_str()).into()).collect();
    g.set_item("_argv", vm.ctx.new_list(argv).into(), vm)?;
    let env: Vec<_> = job
        .env
        .iter()
        .map(|(k, v)| vm.new_tuple((vm.ctx.new_str(k.as_str()), vm.ctx.new_str(v.as_str()))).into())
        .collect();
    g.set_item("_env", vm.ctx.new_list(env).into(), vm)?;
    g.set_item("_cwd", vm.ctx.new_str(job.cwd.as_str()).into(), vm)?;
    g.set_item("_unbuffered", vm.ctx.new_bool(job.unbuffered).into(), vm)?;
    g.set_item("_isolated", vm.ctx.new_bool(job.isolated).into(), vm)?;
    let posix = cached_code(vm, &POSIX_CODE, POSIX_PY, "<kitsh posix>")?;
    g.set_item("_posix_code", posix.into(), vm)?;
    g.set_item("_tools_py", vm.ctx.new_str(TOOLS_PY).into(), vm)?;
    let prelude = cached_code(vm, &PRELUDE_CODE, PRELUDE_PY, "<kitsh prelude>")?;
    vm.run_code_obj(prelude, scope.clone())?;
    let run = g.get_item("_run", vm)?;
    let status = run.call(
        (
            vm.ctx.new_str(job.kind),
            vm.ctx.new_str(job.payload.as_str()),
            vm.ctx.new_str(job.filename.as_str()),
            vm.ctx.new_bool(job.isolated),
        ),
        vm,
    )?;
    status.try_into_value::<i32>(vm)
}
