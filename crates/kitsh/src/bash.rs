//! The embedding API: [`Bash`], [`BashBuilder`], [`ExecResult`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::builtins::Builtin;
use crate::fs::FileSystem;
use crate::interp::io::{FdObj, Sink};
use crate::interp::shared::Shared;
use crate::interp::vars::attr;
use crate::interp::{Flow, Shell};
use crate::limits::ExecutionLimits;

/// The outcome of [`Bash::exec`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecResult {
    /// Standard output as text (invalid UTF-8 replaced).
    pub stdout: String,
    /// Standard error as text (invalid UTF-8 replaced).
    pub stderr: String,
    /// Exit status (0–255).
    pub exit_code: i32,
    /// Standard output, exact bytes.
    pub stdout_bytes: Vec<u8>,
    /// Standard error, exact bytes.
    pub stderr_bytes: Vec<u8>,
}

/// Errors of the embedding API (script failures are exit codes, not errors).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The filesystem could not be set up.
    #[error("filesystem setup: {0}")]
    Setup(String),
}

/// An in-process, sandboxed bash interpreter. State (variables, functions, cwd, files)
/// persists across [`Bash::exec`] calls.
pub struct Bash {
    shell: Shell,
    out: Arc<Mutex<Sink>>,
    err: Arc<Mutex<Sink>>,
    streaming: bool,
}

/// Configures a [`Bash`].
pub struct BashBuilder {
    env: Vec<(String, String)>,
    cwd: Option<String>,
    username: String,
    hostname: String,
    limits: ExecutionLimits,
    fs: Option<Arc<dyn FileSystem>>,
    mounts: Vec<(std::path::PathBuf, String, bool)>,
    custom: HashMap<String, Arc<dyn Builtin>>,
    name: String,
    stdout: Option<Box<dyn std::io::Write + Send>>,
    stderr: Option<Box<dyn std::io::Write + Send>>,
    stdin: Option<Vec<u8>>,
    stdin_reader: Option<Box<dyn std::io::Read + Send>>,
    allow_urls: Vec<String>,
    network: Option<Arc<dyn crate::builtins::net::Network>>,
}

impl Default for BashBuilder {
    fn default() -> Self {
        BashBuilder {
            env: Vec::new(),
            cwd: None,
            username: "user".to_string(),
            hostname: "kitsh".to_string(),
            limits: ExecutionLimits::default(),
            fs: None,
            mounts: Vec::new(),
            custom: HashMap::new(),
            name: "kitsh".to_string(),
            stdout: None,
            stderr: None,
            stdin: None,
            stdin_reader: None,
            allow_urls: Vec::new(),
            network: None,
        }
    }
}

impl BashBuilder {
    /// An exported environment variable.
    pub fn env(mut self, key: &str, value: &str) -> Self {
        self.env.push((key.to_string(), value.to_string()));
        self
    }
    /// The starting working directory (created if missing).
    pub fn cwd(mut self, cwd: &str) -> Self {
        self.cwd = Some(cwd.to_string());
        self
    }
    /// `$USER`.
    pub fn username(mut self, u: &str) -> Self {
        self.username = u.to_string();
        self
    }
    /// `$HOSTNAME`.
    pub fn hostname(mut self, h: &str) -> Self {
        self.hostname = h.to_string();
        self
    }
    /// Resource limits.
    pub fn limits(mut self, l: ExecutionLimits) -> Self {
        self.limits = l;
        self
    }
    /// Use this filesystem instead of a fresh in-memory one.
    pub fn filesystem(mut self, fs: Arc<dyn FileSystem>) -> Self {
        self.fs = Some(fs);
        self
    }
    /// Make host directory `host` visible at `vpath` (read-only, writes kept in memory; or
    /// read-write when `writable`).
    pub fn mount(mut self, host: impl Into<std::path::PathBuf>, vpath: &str, writable: bool) -> Self {
        self.mounts.push((host.into(), vpath.to_string(), writable));
        self
    }
    /// Add a command implemented by the embedder.
    pub fn builtin(mut self, name: &str, b: Arc<dyn Builtin>) -> Self {
        self.custom.insert(name.to_string(), b);
        self
    }
    /// The shell's name in error messages and `$0` (default `kitsh`).
    pub fn name(mut self, n: &str) -> Self {
        self.name = n.to_string();
        self
    }
    /// Stream stdout to a writer instead of collecting it.
    pub fn stdout(mut self, w: Box<dyn std::io::Write + Send>) -> Self {
        self.stdout = Some(w);
        self
    }
    /// Stream stderr to a writer instead of collecting it.
    pub fn stderr(mut self, w: Box<dyn std::io::Write + Send>) -> Self {
        self.stderr = Some(w);
        self
    }
    /// Standard input content for the scripts.
    pub fn stdin(mut self, data: Vec<u8>) -> Self {
        self.stdin = Some(data);
        self
    }

    /// Standard input read from `r` when (and only as far as) the script reads it, as the
    /// CLI passes its own standard input on. A wait for input ends when the script is
    /// stopped (timeout, limits).
    pub fn stdin_reader(mut self, r: Box<dyn std::io::Read + Send>) -> Self {
        self.stdin_reader = Some(r);
        self
    }

    /// Let `curl` and `wget` reach URLs starting with `prefix` (repeatable). Without any,
    /// scripts have no network access.
    #[cfg(feature = "net")]
    pub fn allow_url(mut self, prefix: &str) -> Self {
        self.allow_urls.push(prefix.to_string());
        self
    }

    /// Serve `curl`/`wget` requests with the embedder's own [`crate::builtins::net::Network`]
    /// (a proxy, a mock, a cache); it replaces [`BashBuilder::allow_url`].
    pub fn network(mut self, net: Arc<dyn crate::builtins::net::Network>) -> Self {
        self.network = Some(net);
        self
    }

    /// Build the interpreter.
    pub fn build(self) -> Result<Bash, Error> {
        let home = format!("/home/{}", self.username);
        // Our own filesystem has `home` already; only a given one or another cwd is checked
        // (checking would build the standard layout now instead of on first use).
        let own_fs = self.fs.is_none();
        let fs = match self.fs {
            Some(fs) => fs,
            None => {
                let mut b = crate::fs::VfsBuilder::new()
                    .limits(crate::fs::FsLimits { max_bytes: self.limits.max_fs_bytes, max_files: self.limits.max_fs_files, ..Default::default() })
                    .home(&home)
                    .commands(crate::builtins::program_names());
                for (host, vpath, rw) in &self.mounts {
                    b = if *rw { b.mount_rw(host.clone(), vpath) } else { b.mount_overlay(host.clone(), vpath) };
                }
                b.build().map_err(|e| Error::Setup(e.to_string()))?
            }
        };
        let cwd = self.cwd.clone().unwrap_or_else(|| home.clone());
        if !(own_fs && cwd == home) && fs.stat(&cwd).is_err() {
            let _ = fs.mkdir(&cwd, true);
        }
        let mut shared = Shared::new(self.limits, self.custom);
        shared.network = self.network;
        #[cfg(feature = "net")]
        if shared.network.is_none() && !self.allow_urls.is_empty() {
            shared.network = Some(Arc::new(crate::net::HttpNetwork::new(self.allow_urls)));
        }
        let shared = Arc::new(shared);
        let mut shell = Shell::new(fs, shared, cwd);
        shell.shell_name = self.name.clone();
        shell.arg0 = self.name.clone();
        let streaming = self.stdout.is_some();
        let out = Arc::new(Mutex::new(match self.stdout {
            Some(w) => Sink::writer(w),
            None => Sink::memory(),
        }));
        let err = Arc::new(Mutex::new(match self.stderr {
            Some(w) => Sink::writer(w),
            None => Sink::memory(),
        }));
        shell.fds.set(0, Some(Arc::new(match (self.stdin, self.stdin_reader) {
            (Some(d), _) => FdObj::bytes(d),
            (None, Some(r)) => FdObj::Host(crate::interp::io::HostInput::new(r, shell.shared.clone())),
            (None, None) => FdObj::Null,
        })));
        shell.fds.set(1, Some(Arc::new(FdObj::Sink(out.clone(), true))));
        shell.fds.set(2, Some(Arc::new(FdObj::Sink(err.clone(), false))));
        let defaults = [("HOME", home.as_str()), ("USER", &self.username), ("HOSTNAME", &self.hostname), ("PATH", "/usr/local/bin:/usr/bin:/bin"), ("SHELL", "/bin/bash"), ("TMPDIR", "/tmp")];
        for (k, v) in defaults {
            let var = shell.vars.entry(k);
            var.value = Some(crate::interp::vars::Value::Str(v.to_string()));
            var.attrs |= if k == "HOSTNAME" { 0 } else { attr::EXPORT };
        }
        for (k, v) in self.env {
            let var = shell.vars.entry(&k);
            var.value = Some(crate::interp::vars::Value::Str(v));
            var.attrs |= attr::EXPORT;
        }
        shell.init_default_vars();
        Ok(Bash { shell, out, err, streaming })
    }
}

impl Bash {
    /// A default interpreter: in-memory filesystem, default limits.
    pub fn new() -> Bash {
        // The default build cannot fail: no host mounts are involved.
        match BashBuilder::default().build() {
            Ok(b) => b,
            Err(_) => unreachable_default(),
        }
    }

    /// A builder.
    pub fn builder() -> BashBuilder {
        BashBuilder::default()
    }

    /// Run a script; state persists for the next call.
    pub async fn exec(&mut self, script: &str) -> Result<ExecResult, Error> {
        Ok(self.exec_sync(script))
    }

    /// Run a script synchronously.
    pub fn exec_sync(&mut self, script: &str) -> ExecResult {
        self.exec_with_args(script, None, &[])
    }

    /// Set `$0` and the positional parameters, then run `script` (as `bash -c SCRIPT NAME ARGS`).
    pub fn exec_with_args(&mut self, script: &str, name: Option<&str>, args: &[String]) -> ExecResult {
        if let Some(n) = name {
            self.shell.arg0 = n.to_string();
            // bash names itself by `$0` in its messages (`NAME: line 1: ...`).
            self.shell.shell_name = n.to_string();
        }
        if !args.is_empty() || name.is_some() {
            self.shell.positional = args.to_vec();
        }
        self.shell.shared.begin();
        let sh = &mut self.shell;
        let r = stacker::maybe_grow(256 * 1024, 8 << 20, || sh.run_script(script, 1));
        let mut status = match r {
            Ok(s) => s,
            Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Abort(s)) => s,
            Err(Flow::Break(_)) | Err(Flow::Continue(_)) => self.shell.status,
            Err(Flow::Limit(l)) => {
                self.limit_message(&l);
                l.exit_status()
            }
        };
        self.shell.status = status;
        // The EXIT trap leaves the status as it found it, unless it calls `exit`.
        if self.shell.run_exit_trap().is_ok() {
            status = self.shell.status;
        }
        // Background jobs still running finish their output before the result is handed back.
        self.shell.wait_own_jobs();
        if let Some(l) = self.shell.shared.tripped() {
            if status != l.exit_status() {
                self.limit_message(&l);
                status = l.exit_status();
            }
        }
        let status = status & 0xff;
        self.shell.status = status;
        let take = |s: &Arc<Mutex<Sink>>| s.lock().map(|mut g| g.take()).unwrap_or_default();
        let stdout_bytes = take(&self.out);
        let stderr_bytes = take(&self.err);
        let _ = self.streaming;
        ExecResult {
            stdout: String::from_utf8_lossy(&stdout_bytes).into_owned(),
            stderr: String::from_utf8_lossy(&stderr_bytes).into_owned(),
            exit_code: status,
            stdout_bytes,
            stderr_bytes,
        }
    }

    /// Print why a limit stopped the script, past the output limit itself.
    fn limit_message(&self, l: &crate::limits::LimitExceeded) {
        let msg = format!("{}: line {}: {l}\n", self.shell.shell_name, self.shell.lineno);
        if let Ok(mut s) = self.err.lock() {
            let _ = s.push(msg.as_bytes());
        }
    }

    /// Source a file of the virtual filesystem (as `$BASH_ENV` is sourced).
    pub fn source_file(&mut self, path: &str) -> ExecResult {
        let script = format!(". {}", crate::util::quote::quote_q(path));
        self.exec_sync(&script)
    }

    /// The interpreter state.
    pub fn shell(&mut self) -> &mut Shell {
        &mut self.shell
    }
}

impl Default for Bash {
    fn default() -> Self {
        Bash::new()
    }
}

#[allow(clippy::panic)]
fn unreachable_default() -> Bash {
    panic!("building the default in-memory Bash cannot fail")
}
