//! The docker executor (KIT-19): each call runs the tool in a fresh container of an image built
//! for it, through the `docker` or `podman` command line.
//!
//! * **CLI**: `$KITSH_CONTAINER_CLI`; else `docker` when `DOCKER_HOST` is set or
//!   `/var/run/docker.sock` exists, `podman` otherwise; whichever of the two is on `PATH` when
//!   the preferred one is not.
//! * **Image**: `kitsh/NAME:HASH12`, HASH = the SHA-256 of the build context (the tool dir minus
//!   `.git node_modules __pycache__ .venv`, plus the generated Dockerfile; see the `context`
//!   module), built on the first call of the tool in this process when the CLI does not have it
//!   yet (or always after [`refresh_image`], then with `--no-cache`). The build runs outside the
//!   tool's timeout, with its own [`BUILD_TIMEOUT`], its output shown on stderr.
//! * **Run**: `CLI run --rm -i --name kitsh-PID-N --network none --read-only --tmpfs /tmp
//!   --cap-drop ALL --security-opt no-new-privileges --ulimit nofile=1024:1024 --ulimit
//!   nproc=4096:4096 --memory M --pids-limit P [-e K=V]... IMAGE ARGS...` under the common
//!   rules of the native executor (its `run_process`: adapters' stdin, bounded stdout, stderr
//!   tail, timeout, cancellation). On a stop the container is killed through the CLI (`CLI kill
//!   NAME`) before the CLI process is, and removed (`CLI rm -f NAME`) if it is still there.
//!   The docker CLI talking to podman's Docker API service loses exit statuses with `--rm`
//!   (a podman bug): there containers run without `--rm` and are removed after the run.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};
use std::time::Duration;

use super::native::{run_process, Launch};
use super::{RunError, RunOutput, RunRequest};
use crate::spec::{EnvEntry, Resolved, ToolSpec};

mod context;

/// The time an image build may take (its own limit, outside the tool's timeout).
pub const BUILD_TIMEOUT: Duration = Duration::from_secs(600);

/// Default `--memory` (`limits.memory_mb` overrides).
const DEFAULT_MEMORY: &str = "1g";

/// Default `--pids-limit` (`limits.processes` overrides).
const DEFAULT_PIDS: u64 = 256;

/// The ulimits given to every container: podman's defaults are above the hard limits
/// of a root without CAP_SYS_RESOURCE, which runc then fails to set (executors.md §3).
const ULIMITS: [&str; 4] = ["--ulimit", "nofile=1024:1024", "--ulimit", "nproc=4096:4096"];

/// The container CLI to use (KIT-19), as an absolute path, or why there is none.
pub fn container_cli() -> Result<PathBuf, String> {
    if let Some(name) = std::env::var_os("KITSH_CONTAINER_CLI").filter(|n| !n.is_empty()) {
        let name = PathBuf::from(name);
        return on_path(&name).ok_or_else(|| {
            format!("executor 'docker' unavailable: KITSH_CONTAINER_CLI '{}' not found on PATH", name.display())
        });
    }
    let docker_first = std::env::var_os("DOCKER_HOST").is_some_and(|h| !h.is_empty())
        || Path::new("/var/run/docker.sock").exists();
    let order = if docker_first { ["docker", "podman"] } else { ["podman", "docker"] };
    order
        .iter()
        .find_map(|name| on_path(Path::new(name)))
        .ok_or_else(|| "executor 'docker' unavailable: neither docker nor podman found on PATH".to_string())
}

/// Whether the docker executor can run here (`kitsh kit doctor`): the CLI's name and version
/// (`podman 4.3.1`) when `CLI info` succeeds, else why not (`neither docker nor podman found
/// on PATH`, or the last line `CLI info` printed, e.g. docker without a daemon).
pub fn docker_status() -> Result<String, String> {
    let cli = container_cli().map_err(|m| m.trim_start_matches("executor 'docker' unavailable: ").to_string())?;
    let name = cli.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let info = Command::new(&cli).args(["info", "--format", "{{json .}}"]).stdin(Stdio::null()).output().map_err(|e| format!("cannot run {}: {e}", cli.display()))?;
    if !info.status.success() {
        let text = String::from_utf8_lossy(&info.stderr);
        let last = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
        return Err(format!("{name} info failed: {last}"));
    }
    let version = Command::new(&cli).arg("--version").stdin(Stdio::null()).output().ok().map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    // `podman version 4.3.1`, `Docker version 28.2.2, build e6534b4`.
    let number = version.split_whitespace().skip_while(|w| *w != "version").nth(1).map(|v| v.trim_end_matches(','));
    Ok(match number {
        Some(n) => format!("{name} {n}"),
        None => name,
    })
}

/// The base image a docker tool of type `kind` builds from: its `image`, else
/// `$KITSH_DOCKER_BASE`, else the type's default (`python:3-slim`, `node:lts-slim`, `alpine:3`).
pub fn base_image(spec: &ToolSpec, kind: crate::spec::ToolType) -> String {
    context::base_image(spec, kind)
}

/// Whether the container CLI has `image` locally (never pulls).
pub fn image_present(cli: &Path, image: &str) -> bool {
    image_id(cli, image).is_some()
}

/// The id of the local `image`, if the CLI has it.
fn image_id(cli: &Path, image: &str) -> Option<String> {
    let out = Command::new(cli)
        .args(["image", "inspect", "--format", "{{.Id}}", image])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let id = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (out.status.success() && !id.is_empty()).then_some(id)
}

/// `name` itself when it has a slash (and is executable), else the first executable of that
/// name on kitsh's `PATH`.
fn on_path(name: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
    if name.components().count() > 1 {
        return executable(name).then(|| name.to_path_buf());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(name))
        .find(|candidate| executable(candidate))
}

/// The tools whose next image check rebuilds (`--refresh`).
static REFRESH: LazyLock<Mutex<HashSet<String>>> = LazyLock::new(Default::default);

/// The images checked or built in this process, by tool name, tool dir and Dockerfile; one
/// lock each, so concurrent first calls of a tool build once.
type ImageSlot = Arc<tokio::sync::Mutex<Option<String>>>;
type ImageKey = (String, PathBuf, String);
static IMAGES: LazyLock<Mutex<HashMap<ImageKey, ImageSlot>>> = LazyLock::new(Default::default);

/// One lock per image tag: tools of other dirs (or kits) with the same context wait for one
/// build instead of building the same image side by side.
static BUILDS: LazyLock<Mutex<HashMap<String, Arc<Mutex<()>>>>> = LazyLock::new(Default::default);

/// A mutex's data, even after a panic elsewhere.
fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Makes the next call of tool `name` in this process rebuild its image (`--no-cache`) even if
/// the CLI has it: `--refresh` of `kitsh exec`, `run` and `mcp`.
pub fn refresh_image(name: &str) {
    locked(&REFRESH).insert(name.to_string());
}

/// The repository part of the tag: the tool name lowercased, separators that an image name
/// does not allow replaced by `-` (`Net.URL_info` → `net.url_info`, `a._b` → `a-b`).
fn repository(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let mut out = String::new();
    let mut sep = String::new();
    for c in lower.chars() {
        if c.is_ascii_alphanumeric() {
            if !sep.is_empty() && !out.is_empty() {
                out.push_str(if matches!(sep.as_str(), "." | "_" | "__") { &sep } else { "-" });
            }
            sep.clear();
            out.push(c);
        } else {
            sep.push(if c == '.' || c == '_' { c } else { '-' });
        }
    }
    if out.is_empty() {
        out.push_str("tool");
    }
    format!("kitsh/{out}")
}

/// The image of a tool, built when needed: `kitsh/NAME:HASH12`.
async fn image(cli: &Path, spec: &ToolSpec, resolved: &Resolved) -> Result<String, RunError> {
    let base = context::base_image(spec, resolved.kind);
    let dockerfile = context::dockerfile(spec, resolved, &base).map_err(build_failed)?;
    let slot = locked(&IMAGES).entry((spec.name.clone(), resolved.dir.clone(), dockerfile.clone())).or_default().clone();
    let mut slot = slot.lock().await;
    let refresh = locked(&REFRESH).remove(&spec.name);
    if let (Some(tag), false) = (slot.as_ref(), refresh) {
        return Ok(tag.clone());
    }
    let (cli, name, dir) = (cli.to_path_buf(), spec.name.clone(), resolved.dir.clone());
    let tag = tokio::task::spawn_blocking(move || ensure_image(&cli, &name, &dir, &dockerfile, &base, refresh))
        .await
        .map_err(|e| build_failed(e.to_string()))??;
    *slot = Some(tag.clone());
    Ok(tag)
}

fn build_failed(line: String) -> RunError {
    RunError::CouldNotRun(format!("image build failed: {line}"))
}

/// Builds the context, and the image when the CLI lacks it (or `refresh`).
fn ensure_image(cli: &Path, name: &str, dir: &Path, dockerfile: &str, base: &str, refresh: bool) -> Result<String, RunError> {
    let (tar, hash) = context::archive(dir, dockerfile).map_err(build_failed)?;
    let tag = format!("{}:{}", repository(name), &hash[..12]);
    let build_lock = locked(&BUILDS).entry(tag.clone()).or_default().clone();
    let _building = locked(&build_lock);
    let old = image_id(cli, &tag);
    if !refresh && old.is_some() {
        return Ok(tag);
    }
    eprintln!("kitsh: {name}: building image {tag} from {base}");
    let mut build = Command::new(cli);
    // No --ulimit here: builds do not need it, and podman's Docker API refuses it (400).
    build.arg("build").args(["--file", context::DOCKERFILE, "--tag", &tag]);
    if refresh {
        build.arg("--no-cache");
    }
    build.arg("-");
    crate::deps::run_logged(build, Some(tar), BUILD_TIMEOUT).map_err(|line| build_failed(with_hint(&line, Some(base))))?;
    // A rebuild leaves the old image without this tag: drop it unless something else still
    // uses it (another tag, a container); `rmi` without force refuses those.
    if let Some(old) = old.filter(|old| image_id(cli, &tag).as_ref() != Some(old)) {
        let _ = Command::new(cli).args(["rmi", &old]).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).status();
    }
    remove_stale(cli, &repository(name), &hash[..12]);
    Ok(tag)
}

/// Drop the images of the tool's earlier versions (`kitsh/NAME:OTHERHASH`, built before its
/// files or definition changed) once the new one is built, so they do not pile up. `rmi`
/// without force leaves an image that something still uses (a running container).
fn remove_stale(cli: &Path, repo: &str, keep: &str) {
    // podman lists every name of an image that matches the filter (tools built from the same
    // files share one image), so the repository is checked name by name.
    let listed = Command::new(cli)
        .args(["images", "--format", "{{.Repository}} {{.Tag}}", "--filter", &format!("reference={repo}")])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output();
    let Ok(listed) = listed else { return };
    let text = String::from_utf8_lossy(&listed.stdout);
    for line in text.lines() {
        let Some((r, tag)) = line.trim().split_once(' ') else { continue };
        let r = r.strip_prefix("localhost/").or_else(|| r.strip_prefix("docker.io/")).unwrap_or(r);
        if r != repo || tag == keep || tag == "<none>" {
            continue;
        }
        let old = format!("{repo}:{tag}");
        let _ = Command::new(cli).args(["rmi", &old]).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).status();
    }
}

/// `line` with a hint for the container errors executors.md §3 met on hosts like CI's, and
/// for a base image that is neither local nor pullable (`base`, during a build).
fn with_hint(line: &str, base: Option<&str>) -> String {
    const NOT_PULLABLE: [&str; 5] =
        ["pinging container registry", "no such host", "pull access denied", "manifest unknown", "repository does not exist"];
    let hint = if line.contains("error setting rlimit") {
        "hint: set default_ulimits = [\"nofile=1024:1024\", \"nproc=4096:4096\"] in containers.conf".to_string()
    } else if line.contains("hybrid mode not supported") {
        "hint: use runc (runtime = \"runc\" in containers.conf)".to_string()
    } else if let Some(base) = base.filter(|_| NOT_PULLABLE.iter().any(|s| line.contains(s))) {
        format!("hint: base image '{base}' is not available locally and could not be pulled; set `image` or KITSH_DOCKER_BASE to a local image")
    } else {
        return line.to_string();
    };
    format!("{line}; {hint}")
}

/// The tool's variables (KIT-16 without the host's `PATH`, `HOME` and locale, which are the
/// image's): passed as `-e NAME`, the values in the CLI's environment (decision 23).
fn container_env(spec: &ToolSpec) -> Vec<(OsString, OsString)> {
    let mut env = Vec::with_capacity(spec.env.len());
    for entry in &spec.env {
        match entry {
            EnvEntry::Copy(name) => {
                if let Some(value) = std::env::var_os(name) {
                    env.push((name.into(), value));
                }
            }
            EnvEntry::Set(name, value) => env.push((name.into(), value.into())),
        }
    }
    env
}

/// Whether `CLI run --rm` reports the container's exit status. It does but for the docker CLI
/// talking to podman's Docker API service, which answers 0 for any container run with `--rm`
/// (podman issues 16056, 18889; podman 4.3 here): there the container is run without `--rm`
/// and removed after it ended. Asked once per CLI and process (`CLI version`).
fn rm_keeps_status(cli: &Path) -> bool {
    static KNOWN: LazyLock<Mutex<HashMap<PathBuf, bool>>> = LazyLock::new(Default::default);
    if is_podman(cli) {
        return true;
    }
    if let Some(known) = locked(&KNOWN).get(cli) {
        return *known;
    }
    let server = Command::new(cli)
        .args(["version", "--format", "{{json .Server}}"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let keeps = !server.contains("Podman");
    locked(&KNOWN).insert(cli.to_path_buf(), keeps);
    keeps
}

/// Whether `cli` is podman (which starts the container's monitor, conmon, as its own child).
fn is_podman(cli: &Path) -> bool {
    cli.file_name().is_some_and(|n| n.to_string_lossy().starts_with("podman"))
}

/// The `run` arguments after the CLI (KIT-19), up to and including the image; without `--rm`
/// when `rm` is false (see [`rm_keeps_status`]); with `--conmon-pidfile` when `conmon` is given.
fn run_args(spec: &ToolSpec, env: &[(OsString, OsString)], container: &str, image: &str, rm: bool, conmon: Option<&Path>) -> Vec<String> {
    let mut args: Vec<String> = vec!["run".into()];
    if rm {
        args.push("--rm".into());
    }
    args.extend(["-i", "--name", container].map(String::from));
    if let Some(pidfile) = conmon {
        args.extend(["--conmon-pidfile".to_string(), pidfile.display().to_string()]);
    }
    if !spec.network {
        args.extend(["--network", "none"].map(String::from));
    }
    args.extend(["--read-only", "--tmpfs", "/tmp", "--cap-drop", "ALL", "--security-opt", "no-new-privileges"].map(String::from));
    args.extend(ULIMITS.map(String::from));
    if let Some(cpu) = spec.limits.cpu_seconds {
        args.extend(["--ulimit".to_string(), format!("cpu={cpu}:{cpu}")]);
    }
    let memory = spec.limits.memory_mb.map_or_else(|| DEFAULT_MEMORY.to_string(), |mb| format!("{mb}m"));
    let pids = spec.limits.processes.unwrap_or(DEFAULT_PIDS);
    args.extend(["--memory".to_string(), memory, "--pids-limit".to_string(), pids.to_string()]);
    // `KITSH_TOOL=NAME` (the tool's name, on the command line anyway in the image's), kept out
    // of the CLI's environment: the reaper knows a run's escaped processes by it, and podman's
    // conmon, which outlives the run, inherits that environment.
    args.extend(["-e".to_string(), format!("KITSH_TOOL={}", spec.name)]);
    // The tool's variables by name only (decision 23): the values are in the CLI's environment,
    // which only its user can read, never on its command line, which every local user can read
    // (/proc/PID/cmdline).
    for (name, _) in env {
        args.extend(["-e".to_string(), name.to_string_lossy().into_owned()]);
    }
    args.push(image.to_string());
    args
}

/// Runs one call of a tool in a container (KIT-19): the image is built first when needed
/// (outside the timeout), then `CLI run ... IMAGE ARGS...` runs under the native executor's
/// common rules. A container exit status 128+N (N a signal number) is reported as `killed by
/// signal N`: the CLI turns a signal into that status. A failure of the CLI itself (status
/// 125–127 with its `Error:` line) is `executor 'docker' unavailable: LINE`, with a hint for
/// the known host problems.
pub async fn run_docker(req: RunRequest<'_>) -> Result<RunOutput, RunError> {
    let cli = container_cli().map_err(RunError::CouldNotRun)?;
    let image = image(&cli, req.spec, req.resolved).await?;
    let rm = {
        let cli = cli.clone();
        tokio::task::spawn_blocking(move || rm_keeps_status(&cli)).await.unwrap_or(true)
    };
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let container = format!("kitsh-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed) + 1);
    // podman's conmon leaves podman's process tree (double fork): kitsh, a child subreaper
    // (KIT-16), inherits it and must collect it once it exits. Its pid comes from this file.
    let conmon = is_podman(&cli).then(|| std::env::temp_dir().join(format!("{container}.conmon.pid")));
    let tool_env = container_env(req.spec);
    let mut argv: Vec<OsString> =
        run_args(req.spec, &tool_env, &container, &image, rm, conmon.as_deref()).into_iter().map(OsString::from).collect();
    argv.extend(req.input.args.iter().map(OsString::from));
    // The CLI gets kitsh's environment (DOCKER_HOST, CONTAINERS_CONF, XDG_RUNTIME_DIR...), and
    // the tool's variables, which its `-e NAME` arguments pass on to the container.
    let mut env: Vec<(OsString, OsString)> =
        std::env::vars_os().filter(|(k, _)| k != "KITSH_TOOL" && !tool_env.iter().any(|(name, _)| name == k)).collect();
    env.extend(tool_env);
    let on_stop = vec![cli.clone().into_os_string(), "kill".into(), container.clone().into()];
    let cli_name = cli.display().to_string();
    let launch = Launch {
        program: cli.clone(),
        argv,
        cwd: std::env::temp_dir(),
        env,
        spawn_error: Some(Arc::new(move |e| format!("executor 'docker' unavailable: cannot run {cli_name}: {e}"))),
        on_stop: Some(on_stop),
    };
    let mut guard = Remover { cli: cli.clone(), container: container.clone(), conmon: conmon.clone(), armed: true };
    let result = run_process(req, launch, |_| Ok(())).await;
    if !rm || matches!(result, Err(RunError::TimedOut(_) | RunError::Cancelled | RunError::OutputTooLarge(_))) {
        remove(&cli, &container).await;
    }
    if let Some(pidfile) = conmon {
        let _ = tokio::task::spawn_blocking(move || collect_conmon(&pidfile)).await;
    }
    guard.armed = false;
    match result {
        Err(RunError::Exited { status, stderr_tail, stdout, stderr }) => Err(exited(status, stderr_tail, stdout, stderr)),
        other => other,
    }
}

/// A non-zero exit of the CLI: the CLI's own failure, a signal, or the tool's status.
fn exited(status: i32, stderr_tail: String, stdout: Vec<u8>, stderr: Vec<u8>) -> RunError {
    let last = stderr_tail.lines().last().unwrap_or("").trim();
    if (125..=127).contains(&status) && (last.starts_with("Error: ") || last.starts_with("docker: ")) {
        return RunError::CouldNotRun(format!("executor 'docker' unavailable: {}", with_hint(last, None)));
    }
    if (129..=128 + 64).contains(&status) {
        return RunError::Signaled(status - 128);
    }
    RunError::Exited { status, stderr_tail, stdout, stderr }
}

/// `rm -f NAME`, with `--time 0` for podman (which otherwise gives a running container 10 s
/// after a SIGTERM that a PID 1 without handlers ignores; docker's `rm -f` kills at once).
fn rm_args(cli: &Path, container: &str) -> Vec<String> {
    let mut args = vec!["rm".to_string(), "-f".to_string()];
    if is_podman(cli) {
        args.extend(["--time".to_string(), "0".to_string()]);
    }
    args.push(container.to_string());
    args
}

/// `CLI rm -f NAME` (at most 30 s), for a container that a stop may have left.
async fn remove(cli: &Path, container: &str) {
    let mut command = tokio::process::Command::new(cli);
    command
        .args(rm_args(cli, container))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true);
    if let Ok(mut child) = command.spawn() {
        let _ = tokio::time::timeout(Duration::from_secs(30), child.wait()).await;
    }
}

/// How long conmon may take to exit after the CLI did before it is killed.
const CONMON_GRACE: Duration = Duration::from_secs(10);

/// Waits for the run's conmon (pid in `pidfile`) when it is a child of kitsh, and collects its
/// exit status, so no zombie is left; kills it after [`CONMON_GRACE`]. Removes the file.
fn collect_conmon(pidfile: &Path) {
    use rustix::process::{kill_process, waitpid, Pid, Signal, WaitOptions};
    let text = std::fs::read_to_string(pidfile).unwrap_or_default();
    let _ = std::fs::remove_file(pidfile);
    let Some(pid) = text.trim().parse::<i32>().ok().and_then(Pid::from_raw) else { return };
    let me = rustix::process::getpid().as_raw_pid();
    // Only our own child, and only conmon: its pid cannot be reused before we collect it.
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.as_raw_pid())).unwrap_or_default();
    let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else { return };
    let ppid = stat[close + 1..].split_whitespace().nth(1).and_then(|p| p.parse::<i32>().ok());
    if &stat[open + 1..close] != "conmon" || ppid != Some(me) {
        return;
    }
    let start = std::time::Instant::now();
    loop {
        match waitpid(Some(pid), WaitOptions::NOHANG) {
            Ok(None) if start.elapsed() < CONMON_GRACE => std::thread::sleep(Duration::from_millis(10)),
            Ok(None) => {
                let _ = kill_process(pid, Signal::KILL);
                let _ = waitpid(Some(pid), WaitOptions::empty());
                return;
            }
            _ => return,
        }
    }
}

/// Removes the container (and collects its conmon) when `run_docker`'s future is dropped
/// before the run ended (the caller gave up), on a thread of its own.
struct Remover {
    cli: PathBuf,
    container: String,
    conmon: Option<PathBuf>,
    armed: bool,
}

impl Drop for Remover {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let (cli, container, conmon) = (self.cli.clone(), std::mem::take(&mut self.container), self.conmon.take());
        let _ = std::thread::Builder::new().name("kitsh-kit-docker-rm".into()).spawn(move || {
            let _ = Command::new(&cli)
                .args(rm_args(&cli, &container))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            if let Some(pidfile) = conmon {
                collect_conmon(&pidfile);
            }
        });
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;

    #[test]
    fn repository_names() {
        assert_eq!(repository("infra.analysis.ssl_check"), "kitsh/infra.analysis.ssl_check");
        assert_eq!(repository("Net.URL_info"), "kitsh/net.url_info");
        assert_eq!(repository("_a.__b___c"), "kitsh/a-b-c");
        assert_eq!(repository("a._b"), "kitsh/a-b");
        assert_eq!(repository("a__b"), "kitsh/a__b");
        assert_eq!(repository("_"), "kitsh/tool");
    }

    #[test]
    fn hints() {
        assert!(with_hint("Error: runc: error setting rlimit type 7: operation not permitted", None).contains("default_ulimits"));
        assert!(with_hint("Error: x: pinging container registry registry-1.docker.io: no such host", Some("alpine:3"))
            .contains("base image 'alpine:3'"));
        assert_eq!(with_hint("Error: other", Some("b")), "Error: other");
    }

    #[test]
    fn cli_errors_and_signals() {
        let e = exited(126, "Error: runc: error setting rlimit type 7: OCI permission denied".into(), vec![], vec![]);
        assert!(e.message().starts_with("executor 'docker' unavailable: Error: runc"), "{}", e.message());
        assert_eq!(exited(137, String::new(), vec![], vec![]), RunError::Signaled(9));
        assert!(matches!(exited(125, "my own failure".into(), vec![], vec![]), RunError::Exited { status: 125, .. }));
    }
}
