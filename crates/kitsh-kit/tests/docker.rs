//! The docker executor (KIT-19) end to end against the real container CLI of this machine
//! (podman on CI): tools are defined in Lua, loaded as a kit and called through the path every
//! surface uses. Images are built from `$KITSH_DOCKER_BASE` (CI: `localhost/kitsh-base:bookworm`,
//! imported from a debootstrap by `.ci/containers`; no registry is reachable). When the CLI or
//! the base image is missing every test fails, naming what is missing (never a silent skip).
//! Built images are kept (tagged by content), so a second run builds nothing.
//! Run: `cargo test -p kitsh-kit --test docker`.

#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)] // tests report failures by panicking

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};

use kitsh_kit::load;
use kitsh_kit::surface::call::call;
use serde_json::{json, Map, Value};

mod common;
use common::make_wheel;

/// The base image CI prepares, used when `KITSH_DOCKER_BASE` is not set.
const CI_BASE: &str = "localhost/kitsh-base:bookworm";

/// Environment variable that makes this binary's `child_call` test run one call (see there).
const CHILD: &str = "KITSH_DOCKER_TEST_CHILD";

/// Checks, once, that a container CLI and the base image are there; panics naming what is
/// missing. Returns the CLI.
fn preflight() -> PathBuf {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        if std::env::var_os("KITSH_DOCKER_BASE").is_none() {
            // Set before any test thread reads the environment (they all come through here).
            std::env::set_var("KITSH_DOCKER_BASE", CI_BASE);
        }
    });
    let cli = kitsh_kit::exec::container_cli()
        .unwrap_or_else(|m| panic!("{m}: install podman (see .ci/containers and shared/specs/executors.md §3)"));
    let base = std::env::var("KITSH_DOCKER_BASE").unwrap();
    let present = Command::new(&cli).args(["image", "inspect", "--format", "{{.Id}}", &base]).output().expect("run the container CLI");
    assert!(
        present.status.success(),
        "base image '{base}' missing from {}: run .ci/containers (debootstrap + import, executors.md §3): {}",
        cli.display(),
        String::from_utf8_lossy(&present.stderr).trim()
    );
    cli
}

/// A kit in a fresh temp folder; removed on drop.
struct Kit(PathBuf);

impl Kit {
    fn new(label: &str) -> Kit {
        let root = std::env::temp_dir().join(format!("kitsh-docker-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("t")).unwrap();
        Kit(root.canonicalize().unwrap())
    }

    /// Writes `tools/REL` (creating folders).
    fn file(&self, rel: &str, text: &str) -> &Kit {
        let path = self.0.join("tools").join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        self
    }

    /// Defines tool `t.NAME` with these fields (Lua), executor docker.
    fn tool(&self, name: &str, fields: &str) -> &Kit {
        let def = format!("return tools.define_tool{{ executor = 'docker', {fields} }}\n");
        std::fs::write(self.0.join(format!("t/{name}.lua")), def).unwrap();
        self
    }

    /// Calls `t.NAME` with `input`: the KIT-14 value, or the error message.
    fn call(&self, name: &str, input: Value) -> Result<Value, String> {
        let kit = load(&self.0).expect("kit");
        assert!(kit.errors.is_empty(), "{:?}", kit.errors);
        let spec = std::sync::Arc::new(kit.tools.iter().find(|t| t.name == format!("t.{name}")).expect("tool").clone());
        let input: Map<String, Value> = serde_json::from_value(input).unwrap();
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(call(&spec, input)).map(|c| c.value).map_err(|e| e.message().to_string())
    }

    /// The tags of `kitsh/NAME` (podman lists every name of a matching image: filter them).
    fn image_tags(cli: &Path, tool: &str) -> Vec<String> {
        let out = Command::new(cli).args(["images", "--format", "{{.Repository}}:{{.Tag}}"]).output().unwrap();
        let repo = format!("kitsh/{tool}:");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.strip_prefix("localhost/").unwrap_or(l).starts_with(&repo))
            .map(str::to_string)
            .collect()
    }

    /// The image tag of `t.NAME` as the first call built it (from the CLI's image list).
    fn image_id(cli: &Path, tool: &str) -> Vec<String> {
        let out = Command::new(cli)
            .args(["images", "--format", "{{.ID}}", "--filter", &format!("reference=kitsh/{tool}")])
            .output()
            .unwrap();
        // podman prints a matching image once per name it has: two probe kits built at the
        // same time can share one image (same content), which then has two names.
        let mut ids: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect();
        ids.dedup();
        ids
    }
}

impl Drop for Kit {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The python tool used by several tests: `--mode M` picks what it does; prints JSON.
const PROBE: &str = r#"
import json, os, socket, sys
mode = sys.argv[sys.argv.index("--mode") + 1]
out = {"mode": mode}
if mode == "hello":
    out.update(argv=sys.argv[1:], cwd=os.getcwd(), tool=os.environ.get("KITSH_TOOL"),
               greeting=os.environ.get("GREETING"), uid=os.getuid(),
               stdin=sys.stdin.read())
elif mode == "isolation":
    for name, path in [("root", "/app/x"), ("etc", "/etc/x"), ("tmp", "/tmp/x")]:
        try:
            open(path, "w").write("x")
            out[name] = "written"
        except OSError as e:
            out[name] = "errno %d" % e.errno
    status = open("/proc/self/status").read()
    out["capeff"] = [l.split()[1] for l in status.splitlines() if l.startswith("CapEff")][0]
    out["nonewprivs"] = [l.split()[1] for l in status.splitlines() if l.startswith("NoNewPrivs")][0]
    try:
        socket.create_connection(("deb.debian.org", 80), timeout=10).close()
        out["net"] = "connected"
    except OSError as e:
        out["net"] = type(e).__name__
    try:
        socket.create_connection(("1.1.1.1", 53), timeout=10).close()
        out["ip"] = "connected"
    except OSError as e:
        out["ip"] = "errno %s" % e.errno
elif mode == "memory":
    block = bytearray(300 * 1024 * 1024)
    for i in range(0, len(block), 4096):
        block[i] = 1
    out["allocated"] = True
elif mode == "pids":
    made = 0
    try:
        for _ in range(64):
            if os.fork() == 0:
                import time; time.sleep(5); os._exit(0)
            made += 1
    except OSError as e:
        out["error"] = e.errno
    out["forked"] = made
elif mode == "sleep":
    import time; time.sleep(120)
elif mode == "hold":
    import time; time.sleep(4)
    out.update(token=os.environ.get("TOKEN"), tool=os.environ.get("KITSH_TOOL"))
elif mode == "flood":
    sys.stdout.write("x" * 10_000_000)
elif mode == "fail":
    print("partial")
    print("something broke", file=sys.stderr)
    sys.exit(3)
print(json.dumps(out))
"#;

/// A kit whose `t.probe` is [`PROBE`] (json output), plus variants with other settings.
fn probe_kit(label: &str, extra: &[(&str, &str)]) -> Kit {
    let kit = Kit::new(label);
    kit.file("probe/main.py", PROBE);
    kit.tool("probe", "source = '../tools/probe', output_adapter = 'json', env = { 'GREETING=hi there' }");
    for (name, fields) in extra {
        kit.tool(name, &format!("source = '../tools/probe', output_adapter = 'json', {fields}"));
    }
    kit
}

#[test]
fn python_tool_runs_in_a_container() {
    preflight();
    let kit = probe_kit("python", &[]);
    let v = kit.call("probe", json!({"mode": "hello", "n": 3})).unwrap();
    assert_eq!(
        v,
        json!({"mode": "hello", "argv": ["--mode", "hello", "--n", "3"], "cwd": "/app", "tool": "t.probe",
               "greeting": "hi there", "uid": 0, "stdin": ""})
    );
    // A failing script: its status and stderr tail, as with the other executors.
    assert_eq!(kit.call("probe", json!({"mode": "fail"})), Err("exited with status 3: something broke".into()));
}

#[test]
fn shell_tool_with_positional_args_and_lines() {
    preflight();
    let kit = Kit::new("shell");
    kit.file("lookup/lookup.sh", "echo \"tenant=$1\"\necho \"region=$2\"\n[ \"$3\" = --verbose ] && echo verbose\necho \"bash=${BASH_VERSION%%.*}\"\n");
    kit.tool("lookup", "source = '../tools/lookup', input_adapter = 'positional_args', args_order = { 'tenant', 'region' }, output_adapter = 'lines'");
    let v = kit.call("lookup", json!({"tenant": "acme", "region": "us-east-1", "verbose": true})).unwrap();
    assert_eq!(v, json!({"lines": ["tenant=acme", "region=us-east-1", "verbose", "bash=5"]}));
    // Shell deps are system packages, installed into the image (apt-get from the Debian mirror).
    kit.file("pretty/main.sh", "echo '{\"a\":[1,2]}' | jq -c '.a | length'\n");
    kit.tool("pretty", "source = '../tools/pretty', deps = { 'jq' }");
    assert_eq!(kit.call("pretty", json!({})).unwrap(), json!({"output": "2\n"}));
    // Type `other`: the entrypoint runs itself.
    kit.file("raw/run", "#!/bin/sh\necho \"raw $1 $2\"\n");
    std::fs::set_permissions(kit.0.join("tools/raw/run"), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    kit.tool("raw", "source = '../tools/raw', entrypoint = 'run', type = 'other'");
    assert_eq!(kit.call("raw", json!({"k": "v"})).unwrap(), json!({"output": "raw --k v\n"}));
}

#[test]
fn node_tool_with_npm_deps() {
    preflight();
    let kit = Kit::new("node");
    // The dependency is a local package inside the build context (no npm registry needed).
    kit.file("greet/nodepkg/package.json", "{\"name\":\"nodepkg\",\"version\":\"1.0.0\",\"main\":\"index.js\"}\n");
    kit.file("greet/nodepkg/index.js", "exports.hello = (n) => 'hello ' + n;\n");
    kit.file("greet/main.js", "let s = ''; process.stdin.on('data', d => s += d).on('end', () => {\n  const input = JSON.parse(s);\n  console.log(JSON.stringify({ msg: require('nodepkg').hello(input.name), node: process.version.startsWith('v') }));\n});\n");
    kit.tool("greet", "source = '../tools/greet', entrypoint = 'main.js', input_adapter = 'json', output_adapter = 'json', deps = { '/app/nodepkg' }");
    assert_eq!(kit.call("greet", json!({"name": "node"})).unwrap(), json!({"msg": "hello node", "node": true}));
}

#[test]
fn python_deps_are_installed_into_the_image() {
    preflight();
    let kit = Kit::new("pydeps");
    // requirements.txt and `deps`, both from a wheel inside the build context (no PyPI needed).
    make_wheel(&kit.0.join("tools/req/wheels"));
    kit.file("req/requirements.txt", "--no-index\n--find-links /app/wheels\ngreet\n");
    kit.file("req/main.py", "import greet, sys\nprint(greet.hello(sys.argv[2]))\n");
    kit.tool("req", "source = '../tools/req'");
    assert_eq!(kit.call("req", json!({"who": "req"})).unwrap(), json!({"output": "hello req\n"}));
    make_wheel(&kit.0.join("tools/dep/wheels"));
    kit.file("dep/main.py", "import greet, sys\nprint(greet.hello(sys.argv[2]))\n");
    kit.tool("dep", "source = '../tools/dep', deps = { '/app/wheels/greet-1.0-py3-none-any.whl' }");
    assert_eq!(kit.call("dep", json!({"who": "dep"})).unwrap(), json!({"output": "hello dep\n"}));
    // A package pip cannot find fails the build, naming the step.
    kit.file("bad/main.py", "print(1)\n");
    kit.tool("bad", "source = '../tools/bad', deps = { '/app/no-such-wheel-1.0-py3-none-any.whl' }");
    let err = kit.call("bad", json!({})).unwrap_err();
    eprintln!("{err}");
    assert!(err.starts_with("image build failed: "), "{err}");
}

#[test]
fn network_root_filesystem_and_privileges_are_locked_down() {
    preflight();
    let kit = probe_kit("isolation", &[("online", "executor = 'docker', network = true")]);
    let v = kit.call("probe", json!({"mode": "isolation"})).unwrap();
    assert_eq!(v["root"], "errno 30", "{v}");
    assert_eq!(v["etc"], "errno 30", "{v}");
    assert_eq!(v["tmp"], "written", "{v}");
    assert_eq!((v["capeff"].as_str(), v["nonewprivs"].as_str()), (Some("0000000000000000"), Some("1")), "{v}");
    assert_eq!(v["net"], "gaierror", "{v}"); // no DNS
    assert_eq!(v["ip"], "errno 101", "{v}"); // network unreachable: no interface but lo
    // `network = true` drops `--network none`: the same script reaches the Debian mirror.
    let v = kit.call("online", json!({"mode": "isolation"})).unwrap();
    assert_eq!(v["net"], "connected", "{v}");
    assert_eq!(v["root"], "errno 30", "{v}");
}

#[test]
fn memory_and_process_limits() {
    preflight();
    let kit = probe_kit(
        "limits",
        &[("small", "executor = 'docker', limits = { memory_mb = 64, processes = 16 }")],
    );
    // The defaults (1g, 256 processes) let the script do both.
    assert_eq!(kit.call("probe", json!({"mode": "memory"})).unwrap()["allocated"], true);
    let v = kit.call("probe", json!({"mode": "pids"})).unwrap();
    assert_eq!(v["forked"], 64, "{v}");
    assert_eq!(kit.call("small", json!({"mode": "memory"})), Err("killed by signal 9".into()));
    let v = kit.call("small", json!({"mode": "pids"})).unwrap();
    assert_eq!(v["error"], 11, "{v}"); // EAGAIN
    assert!(v["forked"].as_u64().unwrap() < 16, "{v}");
}

/// Processes whose environment holds `KITSH_TOOL=NAME` (the container's, conmon...).
fn processes_of(tool: &str) -> Vec<String> {
    let needle = format!("KITSH_TOOL={tool}\0");
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) || name == std::process::id().to_string() {
            continue;
        }
        if let Ok(env) = std::fs::read(entry.path().join("environ")) {
            if env.windows(needle.len()).any(|w| w == needle.as_bytes()) {
                let cmd = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
                found.push(format!("{name}: {}", String::from_utf8_lossy(&cmd).replace('\0', " ")));
            }
        }
    }
    found
}

/// Containers (running or not) from images of `t.NAME` (`NAME IMAGE`).
fn containers_of(cli: &Path, tool: &str) -> Vec<String> {
    let out = Command::new(cli).args(["ps", "-a", "--format", "{{.Names}} {{.Image}}"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let image = format!("kitsh/{tool}:");
    String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.contains(&image)).map(str::to_string).collect()
}

/// Every process's command line (`PID: ARGS`) that holds `needle`.
fn command_lines_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let cmd = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if cmd.windows(needle.len()).any(|w| w == needle.as_bytes()) {
            found.push(format!("{name}: {}", String::from_utf8_lossy(&cmd).replace('\0', " ")));
        }
    }
    found
}

#[test]
fn env_values_are_on_no_command_line() {
    let cli = preflight();
    let secret = format!("s3cret-{}-value", std::process::id());
    let kit = probe_kit("envleak", &[("holder", &format!("env = {{ 'TOKEN={secret}' }}"))]);
    // Build first, so that the scan below covers the run.
    assert_eq!(kit.call("holder", json!({"mode": "hello"})).unwrap()["mode"], "hello");
    let (done, scans, running) = (AtomicBool::new(false), AtomicUsize::new(0), AtomicUsize::new(0));
    let (result, leaks) = std::thread::scope(|s| {
        let scanner = s.spawn(|| {
            let mut leaks = std::collections::BTreeSet::new();
            while !done.load(Ordering::SeqCst) {
                leaks.extend(command_lines_with(&secret));
                scans.fetch_add(1, Ordering::SeqCst);
                if !containers_of(&cli, "t.holder").is_empty() {
                    running.fetch_add(1, Ordering::SeqCst);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            leaks
        });
        let result = kit.call("holder", json!({"mode": "hold"}));
        done.store(true, Ordering::SeqCst);
        (result, scanner.join().unwrap())
    });
    let v = result.unwrap();
    // The value reached the tool, under its name, and no process showed it in its arguments.
    assert_eq!((v["token"].as_str(), v["tool"].as_str()), (Some(secret.as_str()), Some("t.holder")));
    assert_eq!(leaks, std::collections::BTreeSet::<String>::new());
    assert!(running.load(Ordering::SeqCst) >= 3, "the scan saw the container run {} times", running.load(Ordering::SeqCst));
    assert!(scans.load(Ordering::SeqCst) >= 10);
}

#[test]
fn timeout_and_too_much_output_stop_the_container() {
    let cli = preflight();
    let kit = probe_kit(
        "timeout",
        &[("sleeper", "executor = 'docker', timeout = 3"), ("flood", "executor = 'docker', max_output = 1000")],
    );
    // Build first (outside the timeout anyway), so the timing below is the run's.
    assert_eq!(kit.call("sleeper", json!({"mode": "hello"})).unwrap()["mode"], "hello");
    assert_eq!(containers_of(&cli, "t.sleeper"), Vec::<String>::new());
    let start = Instant::now();
    assert_eq!(kit.call("sleeper", json!({"mode": "sleep"})), Err("timed out after 3s".into()));
    let took = start.elapsed();
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert_eq!(containers_of(&cli, "t.sleeper"), Vec::<String>::new());
    assert_eq!(processes_of("t.sleeper"), Vec::<String>::new());
    // A caller that gives up (drops the call) leaves nothing either.
    let kit_dir = load(&kit.0).expect("kit");
    let spec = std::sync::Arc::new(kit_dir.tools.iter().find(|t| t.name == "t.sleeper").unwrap().clone());
    let input: Map<String, Value> = serde_json::from_value(json!({"mode": "sleep"})).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let gave_up = rt.block_on(async { tokio::time::timeout(Duration::from_secs(2), call(&spec, input)).await });
    assert!(gave_up.is_err(), "the call should still run after 2s");
    drop(rt);
    let deadline = Instant::now() + Duration::from_secs(8);
    while !(containers_of(&cli, "t.sleeper").is_empty() && processes_of("t.sleeper").is_empty()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(containers_of(&cli, "t.sleeper"), Vec::<String>::new());
    assert_eq!(processes_of("t.sleeper"), Vec::<String>::new());
    assert_eq!(kit.call("flood", json!({"mode": "flood"})), Err("output exceeded 1000 bytes".into()));
    assert_eq!(containers_of(&cli, "t.flood"), Vec::<String>::new());
    assert_eq!(processes_of("t.flood"), Vec::<String>::new());
}

/// Runs the `child_call` test of this binary in a new process with `env`: its stderr and
/// stdout.
fn child(env: &[(&str, &str)]) -> (String, String) {
    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new(exe);
    cmd.args(["--exact", "child_call", "--nocapture", "--test-threads", "1"]);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    (String::from_utf8_lossy(&out.stderr).into_owned(), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Not a test of its own: when `KITSH_DOCKER_TEST_CHILD=KIT_DIR:TOOL` is set (by [`child`]),
/// calls that tool once and prints `RESULT: ...`; otherwise does nothing.
#[test]
fn child_call() {
    let Some(spec) = std::env::var_os(CHILD) else { return };
    let spec = spec.to_string_lossy().into_owned();
    let (dir, tool) = spec.rsplit_once(':').unwrap();
    let kit = Kit(PathBuf::from(dir));
    let r = kit.call(tool, json!({"mode": "hello"}));
    std::mem::forget(kit); // the parent owns the folder
    println!("RESULT: {r:?}");
    println!("ZOMBIES: {:?}", zombie_children());
}

/// This process's children that are zombies (`PID COMM`): a helper (conmon) nobody collected.
fn zombie_children() -> Vec<String> {
    let me = std::process::id().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else { continue };
        let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        if fields.first() == Some(&"Z") && fields.get(1) == Some(&me.as_str()) {
            found.push(format!("{} {}", &stat[..open].trim(), &stat[open + 1..close]));
        }
    }
    found
}

#[test]
fn image_is_cached_across_processes_and_refresh_rebuilds() {
    let cli = preflight();
    let kit = probe_kit("cache", &[("cached", "executor = 'docker'")]);
    assert_eq!(kit.call("cached", json!({"mode": "hello"})).unwrap()["mode"], "hello");
    let before = Kit::image_id(&cli, "t.cached");
    assert_eq!(before.len(), 1, "{before:?}");
    // A new process finds the image: no build.
    let target = format!("{}:cached", kit.0.display());
    let (stderr, stdout) = child(&[(CHILD, &target)]);
    assert!(stdout.contains("RESULT: Ok("), "{stdout}\n{stderr}");
    assert!(!stderr.contains("building image"), "{stderr}");
    // kitsh is a child subreaper: podman's conmon, which leaves podman's tree, was collected.
    assert!(stdout.contains("ZOMBIES: []"), "{stdout}");
    // `--refresh`: the next call rebuilds (without the layer cache): a new image.
    kitsh_kit::exec::refresh_image("t.cached");
    let start = Instant::now();
    assert_eq!(kit.call("cached", json!({"mode": "hello"})).unwrap()["mode"], "hello");
    let after = Kit::image_id(&cli, "t.cached");
    assert_eq!(after.len(), 1, "{after:?}");
    assert_ne!(before, after, "rebuilt in {:?}", start.elapsed());
}

#[test]
fn a_changed_tool_replaces_its_old_image() {
    let cli = preflight();
    let kit = probe_kit("stale", &[("stale", "executor = 'docker'")]);
    assert_eq!(kit.call("stale", json!({"mode": "hello"})).unwrap()["mode"], "hello");
    let first = Kit::image_tags(&cli, "t.stale");
    assert_eq!(first.len(), 1, "{first:?}");
    // A changed source file is a new image (a new hash) in the next process that calls the
    // tool; the old image is removed.
    kit.file("probe/extra.txt", "changed\n");
    let (stderr, stdout) = child(&[(CHILD, &format!("{}:stale", kit.0.display()))]);
    assert!(stdout.contains("RESULT: Ok("), "{stdout}\n{stderr}");
    assert!(stderr.contains("building image"), "{stderr}");
    let second = Kit::image_tags(&cli, "t.stale");
    assert_eq!(second.len(), 1, "old image left behind: {second:?}");
    assert_ne!(first, second);
}

#[test]
fn no_container_cli_is_named() {
    preflight();
    let kit = probe_kit("nocli", &[]);
    let empty = kit.0.join("empty-path");
    std::fs::create_dir_all(&empty).unwrap();
    let target = format!("{}:probe", kit.0.display());
    let (stderr, stdout) = child(&[(CHILD, &target), ("PATH", &empty.display().to_string()), ("DOCKER_HOST", "")]);
    assert!(
        stdout.contains("RESULT: Err(\"executor 'docker' unavailable: neither docker nor podman found on PATH\")"),
        "{stdout}\n{stderr}"
    );
}

#[test]
fn doctor_status_names_the_cli() {
    let cli = preflight();
    let status = kitsh_kit::exec::docker_status().unwrap();
    let name = cli.file_name().unwrap().to_string_lossy().into_owned();
    assert!(status.starts_with(&format!("{name} ")) && status.chars().any(|c| c.is_ascii_digit()), "{status}");
}

#[test]
fn a_missing_base_image_fails_the_build() {
    preflight();
    let kit = probe_kit("badbase", &[("nobase", "executor = 'docker', image = 'localhost/kitsh-no-such-base:none'")]);
    let err = kit.call("nobase", json!({"mode": "hello"})).unwrap_err();
    eprintln!("{err}");
    assert!(err.starts_with("image build failed: "), "{err}");
    assert!(err.contains("kitsh-no-such-base"), "{err}");
}
