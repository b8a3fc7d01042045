//! Test support for the commands: a populated [`MemoryFs`] (`fs_with`), an empty one (`NOFS`),
//! a runner with environment variables and a bare [`Ctx`].

use std::time::{Duration, Instant, UNIX_EPOCH};

use crate::command::{Builtin, Cancel, Ctx, Env};
use crate::fs::{FileSystem, FsLimits, MemoryFs, WriteMode};

/// An empty filesystem (only `/`).
pub static NOFS: std::sync::LazyLock<MemoryFs> = std::sync::LazyLock::new(|| *fs_with(&[]));

/// The modification time given to the files of [`fs_with`]: 2023-11-14 22:13:20 UTC.
pub const T0: u64 = 1_700_000_000;

/// A [`MemoryFs`] holding `files` (parents are created; a path ending in `/` is a directory),
/// every node with mtime [`T0`].
pub fn fs_with(files: &[(&str, &[u8])]) -> Box<MemoryFs> {
    let fs = MemoryFs::new(FsLimits::default());
    let t0 = UNIX_EPOCH + Duration::from_secs(T0);
    for (p, data) in files {
        let trimmed = p.trim_end_matches('/');
        let dir = &trimmed[..trimmed.rfind('/').unwrap_or(0)];
        if !dir.is_empty() {
            let _ = fs.mkdir(dir, true);
        }
        if p.ends_with('/') {
            let _ = fs.mkdir(trimmed, true);
        } else {
            let _ = fs.write_file(p, data, WriteMode::Truncate);
        }
        let mut d = trimmed.to_string();
        while !d.is_empty() {
            let _ = fs.set_mtime(&d, t0);
            d.truncate(d.rfind('/').unwrap_or(0));
        }
    }
    let _ = fs.set_mtime("/", t0);
    Box::new(fs)
}

struct MapEnv(Vec<(String, String)>);
impl Env for MapEnv {
    fn get(&self, name: &str) -> Option<String> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }
    fn exported(&self) -> Vec<(String, String)> {
        self.0.clone()
    }
}
struct Never;
impl Cancel for Never {
    fn cancelled(&self) -> bool {
        false
    }
    fn deadline(&self) -> Option<Instant> {
        None
    }
}

/// Run `cmd` like [`crate::command::testing::run`] with environment `env`; returns
/// `(stdout, stderr, status)`.
pub fn run_env(cmd: &dyn Builtin, name: &str, args: &[&str], env: &[(&str, &str)], fs: &dyn FileSystem) -> (String, String, i32) {
    let mut stdin: &[u8] = b"";
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let env = MapEnv(env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
    let status = {
        let mut ctx = Ctx {
            name,
            stdin: &mut stdin,
            stdout: &mut stdout,
            stderr: &mut stderr,
            fs,
            cwd: "/",
            env: &env,
            cancel: &Never,
            spawn: &crate::command::NoSpawn,
            net: &crate::command::net::NoNetwork,
            fds: &crate::command::NoDescriptors,
            functions: &crate::command::command_set::NoFunctions,
            stdin_attached: true,
            stdin_pipe: false,
        };
        cmd.run(&mut ctx, &args)
    };
    (String::from_utf8_lossy(&stdout).into_owned(), String::from_utf8_lossy(&stderr).into_owned(), status)
}

/// Call `f` with a [`Ctx`] on `fs` (cwd `/`, empty environment) reading `stdin` and writing
/// stdout to `stdout`; returns `f`'s result and stderr.
pub fn with_ctx<R>(fs: &dyn FileSystem, stdin: &mut dyn std::io::Read, stdout: &mut dyn std::io::Write, f: impl FnOnce(&mut Ctx<'_>) -> R) -> (R, String) {
    let mut stderr = Vec::new();
    let env = MapEnv(Vec::new());
    let r = {
        let mut ctx = Ctx { name: "test", stdin, stdout, stderr: &mut stderr, fs, cwd: "/", env: &env, cancel: &Never, spawn: &crate::command::NoSpawn, net: &crate::command::net::NoNetwork, fds: &crate::command::NoDescriptors, functions: &crate::command::command_set::NoFunctions, stdin_attached: true, stdin_pipe: false };
        f(&mut ctx)
    };
    (r, String::from_utf8_lossy(&stderr).into_owned())
}
