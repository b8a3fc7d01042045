//! Tool dependencies (KIT-20) for the native and sandbox executors: Python and Node packages
//! go into a cached environment per set of dependencies, created on first use (or by `kitsh kit
//! install`) outside the tool's timeout; shell and other tools name system commands, which are
//! checked, never installed.
//!
//! - python: `CACHE/envs/python-HASH12`, a virtualenv (`python3 -m venv`) with `pip install
//!   DEPS` and the tool's `requirements.txt` when it has one; the tool runs with its
//!   `bin/python`.
//! - node: `CACHE/envs/node-HASH12`, `npm install --omit=dev DEPS` into it; the tool runs with
//!   `NODE_PATH` at its `node_modules`.
//!
//! HASH is the SHA-256 of the type, the sorted deps and the requirements file, so tools with the
//! same dependencies share one environment. An environment is complete when its `.kitsh-ready`
//! marker exists; a failed install leaves nothing behind.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::spec::{Resolved, ToolSpec, ToolType};

/// The time an install may take (its own limit, outside the tool's timeout).
pub const INSTALL_TIMEOUT: Duration = Duration::from_secs(600);

/// The marker written last into a complete environment.
const READY: &str = ".kitsh-ready";

/// A tool's dependency environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepEnv {
    /// The environment folder.
    pub dir: PathBuf,
    /// Python or Node.
    pub kind: ToolType,
}

impl DepEnv {
    /// The interpreter to run the tool with (`bin/python` of a Python environment).
    pub fn python(&self) -> Option<PathBuf> {
        (self.kind == ToolType::Python).then(|| self.dir.join("bin").join("python"))
    }

    /// `NODE_PATH` for a Node environment.
    pub fn node_path(&self) -> Option<PathBuf> {
        (self.kind == ToolType::Node).then(|| self.dir.join("node_modules"))
    }

    /// Whether the environment was completely installed.
    pub fn is_ready(&self) -> bool {
        self.dir.join(READY).is_file()
    }
}

/// The environment `spec` needs (installed or not), `None` when it needs none: a Python tool
/// without deps or `requirements.txt`, a Node tool without deps, any other type.
pub fn planned(spec: &ToolSpec, resolved: &Resolved) -> Option<DepEnv> {
    let (prefix, requirements) = match resolved.kind {
        ToolType::Python => ("python", std::fs::read(resolved.dir.join("requirements.txt")).ok()),
        ToolType::Node => ("node", None),
        _ => return None,
    };
    if spec.deps.is_empty() && requirements.is_none() {
        return None;
    }
    let mut deps: Vec<&str> = spec.deps.iter().map(String::as_str).collect();
    deps.sort_unstable();
    let mut h = Sha256::new();
    h.update(prefix.as_bytes());
    for d in deps {
        h.update(b"\n");
        h.update(d.as_bytes());
    }
    h.update(b"\n\0");
    h.update(requirements.unwrap_or_default());
    let hex: String = h.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect();
    Some(DepEnv { dir: crate::git::cache_dir().join("envs").join(format!("{prefix}-{hex}")), kind: resolved.kind })
}

/// Make sure `spec`'s dependencies are there: install its environment when missing (progress
/// on stderr), or check that its system packages are commands on `PATH`. The environment, if
/// the tool has one.
pub fn ensure(spec: &ToolSpec, resolved: &Resolved) -> Result<Option<DepEnv>, String> {
    let Some(env) = planned(spec, resolved) else {
        check_system(spec, resolved)?;
        return Ok(None);
    };
    if env.is_ready() {
        return Ok(Some(env));
    }
    let _lock = crate::git::Lock::take(&env.dir)?;
    if env.is_ready() {
        return Ok(Some(env));
    }
    let _ = std::fs::remove_dir_all(&env.dir);
    let r = install(spec, resolved, &env);
    if r.is_err() {
        let _ = std::fs::remove_dir_all(&env.dir);
    }
    r.map(|()| Some(env))
}

/// What `kit validate` says about a tool's dependencies without installing anything:
/// `Err` for what will fail (system packages missing; no `python3` or `npm` to install the
/// environment with), `Ok(Some(note))` for an environment not created yet, `Ok(None)` when
/// nothing is needed or all is in place. Container tools get theirs in the image.
pub fn check(spec: &ToolSpec, resolved: &Resolved, in_container: bool) -> Result<Option<String>, String> {
    if in_container || spec.deps.is_empty() && planned(spec, resolved).is_none() {
        return Ok(None);
    }
    let Some(env) = planned(spec, resolved) else {
        return check_system(spec, resolved).map(|()| None);
    };
    if env.is_ready() {
        return Ok(None);
    }
    let installer = if env.kind == ToolType::Python { "python3" } else { "npm" };
    if !on_path(installer) {
        return Err(format!("cannot install dependencies: {installer} not found on PATH"));
    }
    Ok(Some(format!("dependencies not installed yet (`kitsh kit install {}`, or at the first call)", spec.name)))
}

/// Whether `name` is a file in one of `PATH`'s folders.
fn on_path(name: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| !dir.as_os_str().is_empty() && dir.join(name).is_file())
}

/// Shell and other tools: every dep must be a command on `PATH`.
fn check_system(spec: &ToolSpec, resolved: &Resolved) -> Result<(), String> {
    if matches!(resolved.kind, ToolType::Python | ToolType::Node) || spec.deps.is_empty() {
        return Ok(());
    }
    let missing: Vec<&str> = spec.deps.iter().map(String::as_str).filter(|d| !on_path(d)).collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("missing system packages: {}; install them or use executor \"docker\"", missing.join(", ")))
    }
}

fn install(spec: &ToolSpec, resolved: &Resolved, env: &DepEnv) -> Result<(), String> {
    std::fs::create_dir_all(&env.dir).map_err(|e| format!("cannot create {}: {e}", env.dir.display()))?;
    let deps = spec.deps.join(", ");
    match env.kind {
        ToolType::Python => {
            eprintln!("kitsh: {}: creating a Python environment ({})", spec.name, if deps.is_empty() { "requirements.txt" } else { &deps });
            let mut venv = Command::new("python3");
            venv.args(["-m", "venv"]).arg(&env.dir);
            run_step(venv, "venv")?;
            let mut pip = Command::new(env.dir.join("bin").join("python"));
            pip.args(["-m", "pip", "install", "--disable-pip-version-check", "--no-input"]).args(&spec.deps);
            let req = resolved.dir.join("requirements.txt");
            if req.is_file() {
                pip.arg("-r").arg(req);
            }
            run_step(pip, "pip")?;
        }
        ToolType::Node => {
            eprintln!("kitsh: {}: installing Node packages ({deps})", spec.name);
            let mut npm = Command::new("npm");
            npm.args(["install", "--omit=dev", "--no-audit", "--no-fund", "--prefix"]).arg(&env.dir).args(&spec.deps);
            run_step(npm, "npm")?;
        }
        _ => return Ok(()),
    }
    std::fs::write(env.dir.join(READY), b"").map_err(|e| format!("cannot write {}: {e}", env.dir.join(READY).display()))
}

/// Run one install step with its output going to stderr and its last line kept for the
/// message: `dependency install failed (TOOL): LAST_LINE`.
fn run_step(cmd: Command, tool: &str) -> Result<(), String> {
    run_logged(cmd, None, INSTALL_TIMEOUT).map_err(|reason| format!("dependency install failed ({tool}): {reason}"))
}

/// Runs a long set-up command (a dependency install, an image build) outside any tool timeout:
/// `stdin` fed to it (else `/dev/null`), its stdout and stderr shown on kitsh's stderr line by
/// line, indented, as they come; killed after `limit`. `Err` holds the last non-blank line it
/// printed when it failed, or why it could not run or was stopped.
pub(crate) fn run_logged(mut cmd: Command, stdin: Option<Vec<u8>>, limit: Duration) -> Result<(), String> {
    let mut child = cmd
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let feeder = match (stdin, child.stdin.take()) {
        (Some(bytes), Some(mut pipe)) => Some(std::thread::spawn(move || {
            // A command that stops reading (it failed early) closes the pipe: its status says why.
            let _ = std::io::Write::write_all(&mut pipe, &bytes);
        })),
        _ => None,
    };
    let mut pipes: Vec<Box<dyn Read + Send>> = Vec::new();
    if let Some(o) = child.stdout.take() {
        pipes.push(Box::new(o));
    }
    if let Some(e) = child.stderr.take() {
        pipes.push(Box::new(e));
    }
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let readers: Vec<_> = pipes
        .into_iter()
        .map(|mut p| {
            let tx = tx.clone();
            std::thread::spawn(move || {
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                while let Ok(n) = p.read(&mut chunk) {
                    if n == 0 {
                        break;
                    }
                    buf.extend_from_slice(&chunk[..n]);
                    while let Some(i) = buf.iter().position(|&b| b == b'\n') {
                        let line: Vec<u8> = buf.drain(..=i).collect();
                        let _ = tx.send(String::from_utf8_lossy(&line).trim_end().to_string());
                    }
                }
                if !buf.is_empty() {
                    let _ = tx.send(String::from_utf8_lossy(&buf).trim_end().to_string());
                }
            })
        })
        .collect();
    drop(tx);
    let start = Instant::now();
    let mut last = String::new();
    let status = loop {
        while let Ok(line) = rx.try_recv() {
            eprintln!("  {line}");
            if !line.trim().is_empty() {
                last = line;
            }
        }
        match child.try_wait() {
            Ok(Some(s)) => break Ok(s),
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                break Err(format!("timed out after {} s", limit.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => break Err(e.to_string()),
        }
    };
    for r in readers {
        let _ = r.join();
    }
    if let Some(f) = feeder {
        let _ = f.join();
    }
    while let Ok(line) = rx.try_recv() {
        eprintln!("  {line}");
        if !line.trim().is_empty() {
            last = line;
        }
    }
    match status {
        Ok(s) if s.success() => Ok(()),
        Ok(s) if last.trim().is_empty() => Err(format!("exited with {s}")),
        Ok(_) => Err(last.trim().to_string()),
        Err(e) => Err(e),
    }
}
