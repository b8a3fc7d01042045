//! The escape suite: a script must not reach a host file, host process, host variable or the
//! network unless the embedder allowed it, whatever path, link, command or trick it uses; and
//! regexes shaped for catastrophic backtracking end in bounded time everywhere.
//!
//! Host effects are checked on the host itself: a marker path under the host's temp directory
//! must not appear, a host file outside a mount must not be read, a mounted directory must be
//! unchanged afterwards.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::{guarded, limits};
use kitsh::{Bash, ExecResult};

/// A fresh host directory for one test, removed at the end.
struct HostDir(PathBuf);

impl HostDir {
    fn new(tag: &str) -> HostDir {
        let p = std::env::temp_dir().join(format!("kitsh-escape-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap_or_else(|e| panic!("mkdir {p:?}: {e}"));
        HostDir(p)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for HostDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(sh: &mut Bash, script: &str) -> ExecResult {
    sh.exec_sync(script)
}

fn sandbox() -> Bash {
    Bash::builder().limits(limits()).build().unwrap_or_else(|e| panic!("build: {e}"))
}

/// Every command that could start a process or write a file, aimed at one host path: none may
/// create it.
#[test]
fn no_command_reaches_a_host_path() {
    guarded(|| {
        let host = HostDir::new("marker");
        let marker = host.path().join("pwned");
        let m = marker.display().to_string();
        let mut sh = sandbox();
        let scripts = [
            format!("touch {m}"),
            format!("echo x > {m}"),
            format!("exec /bin/sh -c 'touch {m}'"),
            format!("/bin/sh -c 'touch {m}'"),
            format!("bash -c 'touch {m}'"),
            format!("eval 'touch {m}'"),
            format!("awk 'BEGIN {{ system(\"touch {m}\") }}'"),
            format!("awk 'BEGIN {{ print \"x\" > \"{m}\" }}'"),
            format!("awk 'BEGIN {{ print \"x\" | \"cat > {m}\" }}'"),
            format!("echo {m} | xargs touch"),
            format!("echo {m} | xargs -I{{}} sh -c 'touch {{}}'"),
            format!("find / -maxdepth 0 -exec touch {m} \\;"),
            format!("timeout 1 touch {m}"),
            format!("env touch {m}"),
            format!("command touch {m}"),
            format!("nohup touch {m}"),
            format!("sed -n 'w {m}' <<< x"),
            format!("sed 's/x/y/e' <<< 'touch {m}'"),
            format!("tee {m} <<< x"),
            format!("cp /etc/passwd {m}"),
            format!("BASH_ENV=<(echo 'touch {m}') bash -c true"),
            format!("enable -f /lib/x86_64-linux-gnu/libc.so.6 touch; touch {m}"),
            format!("trap 'touch {m}' EXIT"),
            format!("PROMPT_COMMAND='touch {m}' bash -i <<< true"),
        ];
        for s in &scripts {
            let _ = run(&mut sh, s);
            assert!(!marker.exists(), "{s:?} created a host file");
        }
    });
}

/// No host file outside a mount is readable, by path, by `..`, through `/proc`, or by a
/// symlink a script makes.
#[test]
fn host_files_are_not_readable() {
    guarded(|| {
        let host = HostDir::new("secret");
        let secret = host.path().join("secret.txt");
        std::fs::write(&secret, "TOPSECRET-4711\n").unwrap_or_else(|e| panic!("{e}"));
        let s = secret.display().to_string();
        let mut sh = sandbox();
        let scripts = [
            format!("cat {s}"),
            format!("cat ../../../../../../..{s}"),
            format!("cd /; cat .{s}"),
            format!("cat /proc/self/root{s}"),
            format!("cat /proc/1/root{s}"),
            format!("ln -s {s} /tmp/l; cat /tmp/l"),
            format!("ln {s} /tmp/h; cat /tmp/h"),
            format!("source {s}"),
            format!("mapfile a < {s}; echo \"${{a[@]}}\""),
            format!("grep -r TOPSECRET / 2>/dev/null"),
            format!("find / -name secret.txt 2>/dev/null"),
            format!("tar cf - {s} 2>/dev/null | tar tvf -"),
            format!("jq -R . {s}"),
            format!("awk '{{print}}' {s}"),
            format!("while read l; do echo $l; done < {s}"),
            "cat /proc/self/environ /proc/self/cmdline /proc/self/maps 2>/dev/null".to_string(),
        ];
        for sc in &scripts {
            let r = run(&mut sh, sc);
            assert!(!r.stdout.contains("TOPSECRET") && !r.stderr.contains("TOPSECRET"), "{sc:?} read a host file: {r:?}");
            assert!(!r.stdout.contains("secret.txt"), "{sc:?} listed a host file: {r:?}");
        }
    });
}

/// A symlink inside a mounted host directory that points out of it is not followed to the host.
#[test]
fn symlinks_out_of_a_mount_stay_inside() {
    guarded(|| {
        let outside = HostDir::new("outside");
        std::fs::write(outside.path().join("secret.txt"), "TOPSECRET-4712\n").unwrap_or_else(|e| panic!("{e}"));
        let mounted = HostDir::new("mounted");
        std::fs::write(mounted.path().join("ok.txt"), "visible\n").unwrap_or_else(|e| panic!("{e}"));
        #[cfg(unix)]
        {
            let _ = std::os::unix::fs::symlink(outside.path().join("secret.txt"), mounted.path().join("abs"));
            let _ = std::os::unix::fs::symlink("../", mounted.path().join("up"));
            let _ = std::os::unix::fs::symlink("/", mounted.path().join("root"));
        }
        let name = outside.path().file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for writable in [false, true] {
            let mut sh = Bash::builder().limits(limits()).mount(mounted.path(), "/mnt", writable).build().unwrap_or_else(|e| panic!("build: {e}"));
            let r = run(&mut sh, "cat /mnt/ok.txt");
            assert_eq!(r.stdout, "visible\n", "{r:?}");
            for sc in [
                "cat /mnt/abs".to_string(),
                format!("cat /mnt/up/{name}/secret.txt"),
                format!("cat /mnt/root/{}", outside.path().join("secret.txt").display()),
                format!("cat /mnt/../{name}/secret.txt"),
                "ls -la /mnt/up/ /mnt/root/ 2>&1".to_string(),
                "cd /mnt/up && cat */secret.txt".to_string(),
            ] {
                let r = run(&mut sh, &sc);
                assert!(!r.stdout.contains("TOPSECRET") && !r.stdout.contains(&name), "{sc:?} (writable {writable}) left the mount: {r:?}");
            }
        }
    });
}

/// Writes under a read-only (overlay) mount stay in memory; the host directory is unchanged.
#[test]
fn writes_through_a_read_only_mount_stay_in_memory() {
    guarded(|| {
        let mounted = HostDir::new("ro");
        std::fs::write(mounted.path().join("f.txt"), "original\n").unwrap_or_else(|e| panic!("{e}"));
        let mut sh = Bash::builder().limits(limits()).mount(mounted.path(), "/ro", false).build().unwrap_or_else(|e| panic!("build: {e}"));
        let r = run(&mut sh, "echo changed > /ro/f.txt; echo new > /ro/g.txt; mkdir /ro/d; rm -f /ro/f.txt; ln -s /etc/passwd /ro/l; chmod 777 /ro; cat /ro/g.txt");
        assert_eq!(r.stdout, "new\n", "{r:?}");
        assert_eq!(std::fs::read_to_string(mounted.path().join("f.txt")).unwrap_or_default(), "original\n");
        let names: Vec<_> = std::fs::read_dir(mounted.path()).map(|d| d.flatten().map(|e| e.file_name()).collect()).unwrap_or_default();
        assert_eq!(names, ["f.txt"], "the host directory changed");
    });
}

/// Host environment variables are never visible unless passed with `env`.
#[test]
fn host_environment_does_not_leak() {
    guarded(|| {
        std::env::set_var("KITSH_ESCAPE_SECRET", "leaked-4713");
        let mut sh = Bash::builder().limits(limits()).env("PASSED", "given").build().unwrap_or_else(|e| panic!("build: {e}"));
        let r = run(&mut sh, "echo \"[$KITSH_ESCAPE_SECRET]\"; env; printenv; set; declare -p; export -p; cat /proc/self/environ 2>/dev/null; echo $PASSED");
        assert!(!r.stdout.contains("leaked-4713"), "{r:?}");
        assert!(r.stdout.contains("[]\n") && r.stdout.ends_with("given\n"), "{r:?}");
        for var in ["HOME", "PATH", "USER"] {
            let host = std::env::var(var).unwrap_or_default();
            if host.len() > 6 && !["/root", "/usr/local/bin:/usr/bin:/bin"].contains(&host.as_str()) {
                let r = run(&mut sh, &format!("echo ${var}"));
                assert_ne!(r.stdout.trim_end(), host, "{var} is the host's");
            }
        }
    });
}

/// The network is off by default for every command that could reach it.
#[test]
fn network_is_unreachable_by_default() {
    guarded(|| {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("{e}"));
        listener.set_nonblocking(true).unwrap_or_else(|e| panic!("{e}"));
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
        let mut sh = sandbox();
        for sc in [
            format!("curl -s http://127.0.0.1:{port}/"),
            format!("wget -q -O- http://127.0.0.1:{port}/"),
            format!("exec 3<>/dev/tcp/127.0.0.1/{port}; echo hi >&3"),
            format!("echo hi > /dev/tcp/127.0.0.1/{port}"),
            format!("cat < /dev/udp/127.0.0.1/{port}"),
            format!("awk 'BEGIN {{ print \"x\" |& \"/inet/tcp/0/127.0.0.1/{port}\" }}'"),
            format!("nc 127.0.0.1 {port} <<< hi"),
        ] {
            let _ = run(&mut sh, &sc);
            assert!(listener.accept().is_err(), "{sc:?} connected to the host");
        }
    });
}

/// Regexes shaped for catastrophic backtracking end quickly in every engine a script reaches.
#[test]
fn redos_shaped_regexes_are_bounded() {
    guarded(|| {
        let mut sh = sandbox();
        run(&mut sh, "s=$(printf 'a%.0s' {1..30000})b; printf '%s\\n' \"$s\" > /tmp/s");
        for sc in [
            "s=$(</tmp/s); [[ $s =~ ^(a+)+$ ]]; echo $?",
            "s=$(</tmp/s); [[ $s =~ ^(a|a)*$ ]]; echo $?",
            "grep -cE '^(a+)+$' /tmp/s",
            "grep -c '^\\(a*\\)*$' /tmp/s",
            "sed -nE '/^(a+)+$/p' /tmp/s | wc -l",
            "awk '/^(a+)+$/ {n++} END {print n+0}' /tmp/s",
            "jq -R 'test(\"^(a+)+$\")' /tmp/s",
            "s=$(</tmp/s); x=${s//+(a)b/}; echo ${#x}",
            "s=$(</tmp/s); [[ $s == *a*a*a*a*a*a*c ]]; echo $?",
        ] {
            let t = Instant::now();
            let r = run(&mut sh, sc);
            assert!(t.elapsed() < Duration::from_secs(10), "{sc:?} took {:?}: {r:?}", t.elapsed());
        }
    });
}
