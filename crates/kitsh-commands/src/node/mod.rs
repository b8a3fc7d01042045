//! `node`: JavaScript on an embedded QuickJS (QuickJS-ng through `rquickjs`, feature `node`),
//! following Node 20's behaviour for what agents' scripts use.
//!
//! Every run gets a fresh runtime and context on an interpreter thread ([`crate::guest`]): the
//! script sees kitsh's pipes as `process.stdin/stdout/stderr` (standard input streamed as it
//! reads), the exported variables as `process.env`, and kitsh's virtual filesystem through
//! `fs` (synchronous, callback and promise forms) and CommonJS `require` of files. `console`
//! and `util.inspect` format values as Node does. `child_process`, `net`, `http(s)`,
//! `worker_threads` and the like throw `Error: <module> is disabled in the kitsh sandbox`
//! (code `ERR_KITSH_SANDBOX`). The shell's tools are `require('kitsh_tools')`.
//!
//! Bounds: the JavaScript heap is limited to `ExecutionLimits::max_heap_bytes` (a script that
//! reaches it ends with the limit's message), the native stack to about Node's recursion depth,
//! and an interrupt handler stops the script at once when it is cancelled or its timeout
//! passes (also inside a long regular expression or a callback).

mod args;
mod bytecode;
mod codec;
mod engine;
mod esm;
mod natives;

use crate::guest::{host, pool, STACK_SIZE};
use crate::{Builtin, Ctx};
use args::{Exit, Script};
use kitsh_core::fs::{FileType, FsError};

pub use args::NODE_VERSION;

/// The `node` command.
pub struct Node;

impl Builtin for Node {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let opts = match args::parse(argv) {
            Ok(o) => o,
            Err(Exit::Print(s)) => {
                return match ctx.stdout.write_all(s.as_bytes()) {
                    Ok(()) => 0,
                    Err(e) => crate::args::write_failed(ctx, &e),
                }
            }
            Err(Exit::Usage(s, status)) => {
                let _ = ctx.stderr.write_all(s.as_bytes());
                return status;
            }
        };
        let exec_path = "/usr/bin/node".to_string();
        let (kind, code, print, filename, mut argv_js) = match &opts.script {
            Script::Eval { code, print } => ("eval", code.clone(), *print, "[eval]".to_string(), vec![exec_path]),
            Script::Stdin => {
                let mut buf = Vec::new();
                if let Err(e) = ctx.read_stdin_all(&mut buf) {
                    ctx.error(&format!("can't read the script from standard input: {e}"));
                    return 1;
                }
                ("stdin", String::from_utf8_lossy(&buf).into_owned(), false, "[stdin]".to_string(), vec![exec_path])
            }
            Script::File(f) => {
                let abs = ctx.abs_path(f);
                match read_script(ctx, &abs) {
                    Ok(src) => ("file", src, false, abs.clone(), vec![exec_path, abs]),
                    Err(status) => return status,
                }
            }
        };
        argv_js.extend(opts.args.iter().cloned());
        let job = engine::Job {
            code,
            kind,
            print,
            check: opts.check,
            filename,
            argv: argv_js,
            env: ctx.env.exported(),
            cwd: ctx.cwd.to_string(),
            preload: opts.preload.clone(),
            module: opts.module,
            deadline: ctx.cancel.deadline(),
            watcher: ctx.cancel.watcher(),
            heap_limit: ctx.cancel.heap_limit().unwrap_or(kitsh_core::limits::ExecutionLimits::default().max_heap_bytes),
        };
        run_job(ctx, job)
    }
}

/// Read the script file `abs` from the VFS; on failure Node's message and status.
fn read_script(ctx: &mut Ctx<'_>, abs: &str) -> Result<String, i32> {
    let r = match ctx.fs.stat(abs) {
        Ok(m) if m.file_type == FileType::Dir => Err(FsError::IsDir),
        Ok(_) => ctx.read_input(abs),
        Err(e) => Err(e),
    };
    match r {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(FsError::NotFound) => {
            let _ = write!(
                ctx.stderr,
                "node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module '{abs}'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)\n    at node:internal/main/run_main_module:28:49 {{\n  code: 'MODULE_NOT_FOUND',\n  requireStack: []\n}}\n\nNode.js {NODE_VERSION}\n"
            );
            Err(1)
        }
        Err(e) => {
            let _ = writeln!(ctx.stderr, "node: {abs}: {e}");
            Err(1)
        }
    }
}

/// Run `job` on an interpreter thread while this thread serves its I/O. The interpreter stops
/// itself through its interrupt handler once the script is cancelled; one that does not stop
/// within [`host::GRACE`] is left behind (its thread ends when it next checks).
fn run_job(ctx: &mut Ctx<'_>, job: engine::Job) -> i32 {
    let (link, rx) = host::channel();
    let vm_link = link.clone();
    let handle = match pool::spawn("kitsh-node", STACK_SIZE, move || engine::run(job, vm_link)) {
        Ok(h) => h,
        Err(e) => {
            ctx.error(&format!("cannot start the interpreter thread: {e}"));
            return 1;
        }
    };
    // The interpreter watches the shared cancellation flag itself (`serve` sets it).
    let interrupt = || {};
    let status = match host::serve(ctx, rx, &link, &interrupt, None) {
        host::Served::Abandoned => return 1,
        host::Served::Status(status) => Ok(status),
        host::Served::Gone => handle.join(),
    };
    // The interpreter may have seen the deadline pass before this side did: asking records it.
    if link.cancelled() || ctx.cancel.cancelled() {
        return 1;
    }
    status.unwrap_or_else(|()| {
        ctx.error("internal error: the interpreter thread panicked");
        70
    })
}
