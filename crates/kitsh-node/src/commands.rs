//! Commands of a plain `Bash` that are JavaScript functions (`registerCommand`), through
//! `bridge`: `fn(args, { stdin })` returns the command's output (text), or
//! `{ stdout, stderr, exitCode }`; a throw fails it with its message (a `ToolError`'s
//! `exitCode` is the status).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use kitsh::builtins::{Builtin, Ctx};

use crate::bridge::{self, Dispatch, Kind};

/// What the JavaScript side answers for a command (index.js writes it as JSON text:
/// `{ "stdout", "stderr", "exitCode" }`).
#[derive(Default)]
struct Reply {
    stdout: String,
    stderr: String,
    exit_code: i32,
}

impl Reply {
    fn parse(json: &str) -> Option<Reply> {
        let v: serde_json::Value = serde_json::from_str(json).ok()?;
        let text = |k: &str| v.get(k).and_then(|s| s.as_str()).unwrap_or_default().to_string();
        let exit_code = v.get("exitCode").and_then(serde_json::Value::as_i64).unwrap_or(0);
        Some(Reply { stdout: text("stdout"), stderr: text("stderr"), exit_code: exit_code.clamp(0, 255) as i32 })
    }
}

/// One registered JavaScript command.
pub struct JsCommand {
    /// The session's dispatch function.
    pub dispatch: Arc<Dispatch>,
    /// How many `execSync` calls of the session hold the event loop (JavaScript cannot run).
    pub blocked: Arc<AtomicUsize>,
}

impl Builtin for JsCommand {
    fn run(&self, ctx: &mut Ctx<'_>, args: &[String]) -> i32 {
        let name = ctx.name.to_string();
        if self.blocked.load(Ordering::Acquire) > 0 {
            let _ = writeln!(ctx.stderr, "{name}: a JavaScript command cannot run under execSync (the event loop is blocked): use exec");
            return 1;
        }
        let mut input = Vec::new();
        if ctx.stdin_attached {
            if let Err(e) = ctx.read_stdin_all(&mut input) {
                let _ = writeln!(ctx.stderr, "{name}: {e}");
                return 1;
            }
        }
        let stdin = ctx.stdin_attached.then(|| String::from_utf8_lossy(&input).into_owned());
        let watcher = ctx.cancel.watcher();
        let stopped = || watcher.as_ref().is_some_and(|f| f());
        let words = serde_json::Value::from(args.to_vec()).to_string();
        let reply = match bridge::call(&self.dispatch, Kind::Command, &name, words, stdin, &stopped) {
            None => return 130,
            Some(Err(msg)) => Reply { stderr: format!("{name}: {msg}\n"), exit_code: 1, ..Reply::default() },
            Some(Ok(json)) => match Reply::parse(&json) {
                Some(r) => r,
                None => Reply { stderr: format!("{name}: bad reply from JavaScript\n"), exit_code: 1, ..Reply::default() },
            },
        };
        let mut status = reply.exit_code;
        if !reply.stdout.is_empty() {
            if let Err(e) = ctx.stdout.write_all(reply.stdout.as_bytes()).and_then(|_| ctx.stdout.flush()) {
                status = kitsh::builtins::status_for_write_error(&e);
            }
        }
        if !reply.stderr.is_empty() {
            let _ = ctx.stderr.write_all(reply.stderr.as_bytes());
        }
        status
    }
}
