//! Test support for the commands: a small in-memory [`FileSystem`] (`fs_with`) and an empty one
//! (`NOFS`), plus a runner with environment variables.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::builtins::{Builtin, Cancel, Ctx, Env};
use crate::fs::{DirEntry, FileSystem, FileType, FsError, FsResult, Metadata, WriteMode};

#[derive(Debug, Clone)]
enum Kind {
    File(Vec<u8>),
    Dir,
    Link(String),
}

#[derive(Debug, Clone)]
struct Node {
    kind: Kind,
    mode: u32,
    mtime: SystemTime,
    ino: u64,
}

/// A minimal mock filesystem for command tests.
#[derive(Debug, Default)]
pub struct MockFs {
    nodes: Mutex<BTreeMap<String, Node>>,
}

/// An empty filesystem (only `/`).
pub static NOFS: std::sync::LazyLock<MockFs> = std::sync::LazyLock::new(|| *fs_with(&[]));

/// A filesystem holding `files` (parents are created; a path ending in `/` is a directory).
pub fn fs_with(files: &[(&str, &[u8])]) -> Box<MockFs> {
    let fs = MockFs::default();
    let _ = fs.mkdir("/", true);
    for (p, data) in files {
        let (dir, _) = split(p.trim_end_matches('/'));
        let _ = fs.mkdir(dir, true);
        if p.ends_with('/') {
            let _ = fs.mkdir(p.trim_end_matches('/'), true);
        } else {
            let _ = fs.write_file(p, data, WriteMode::Truncate);
        }
    }
    Box::new(fs)
}

fn split(p: &str) -> (&str, &str) {
    match p.rfind('/') {
        Some(0) => ("/", &p[1..]),
        Some(i) => (&p[..i], &p[i + 1..]),
        None => ("/", p),
    }
}

fn t0() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_700_000_000)
}

impl MockFs {
    /// Resolve symlinks in every component (the last one only when `follow`).
    fn resolve(&self, path: &str, follow: bool) -> FsResult<String> {
        let nodes = self.nodes.lock().map_err(|_| FsError::Io)?;
        let mut cur = String::new();
        let comps: Vec<&str> = path.split('/').filter(|c| !c.is_empty()).collect();
        let mut hops = 0;
        let mut queue: Vec<String> = comps.iter().rev().map(|s| s.to_string()).collect();
        while let Some(c) = queue.pop() {
            if c == "." {
                continue;
            }
            if c == ".." {
                let (d, _) = split(&cur);
                cur = if d == "/" { String::new() } else { d.to_string() };
                continue;
            }
            let next = format!("{cur}/{c}");
            match nodes.get(&next).map(|n| &n.kind) {
                Some(Kind::Link(t)) if follow || !queue.is_empty() => {
                    hops += 1;
                    if hops > 40 {
                        return Err(FsError::Loop);
                    }
                    if t.starts_with('/') {
                        cur.clear();
                    }
                    queue.extend(t.split('/').filter(|s| !s.is_empty()).rev().map(String::from));
                }
                Some(Kind::File(_)) if !queue.is_empty() => return Err(FsError::NotDir),
                None if !queue.is_empty() => return Err(FsError::NotFound),
                _ => cur = next,
            }
        }
        Ok(if cur.is_empty() { "/".into() } else { cur })
    }

    fn meta(&self, p: &str) -> FsResult<Metadata> {
        let nodes = self.nodes.lock().map_err(|_| FsError::Io)?;
        let n = nodes.get(p).ok_or(FsError::NotFound)?;
        let (file_type, len) = match &n.kind {
            Kind::File(d) => (FileType::File, d.len() as u64),
            Kind::Dir => (FileType::Dir, 4096),
            Kind::Link(t) => (FileType::Symlink, t.len() as u64),
        };
        Ok(Metadata { file_type, len, mode: n.mode, mtime: n.mtime, uid: 1000, gid: 1000, nlink: 1, ino: n.ino })
    }

    fn with<T>(&self, f: impl FnOnce(&mut BTreeMap<String, Node>) -> FsResult<T>) -> FsResult<T> {
        let mut nodes = self.nodes.lock().map_err(|_| FsError::Io)?;
        f(&mut nodes)
    }

    fn add(&self, p: &str, kind: Kind, mode: u32) -> FsResult<()> {
        let (dir, _) = split(p);
        if p != "/" && !matches!(self.meta(dir).map(|m| m.file_type), Ok(FileType::Dir)) {
            return Err(FsError::NotFound);
        }
        self.with(|n| {
            let ino = n.len() as u64 + 2;
            n.insert(p.to_string(), Node { kind, mode, mtime: t0(), ino });
            Ok(())
        })
    }

    fn parent_resolved(&self, path: &str) -> FsResult<String> {
        let (dir, name) = split(path);
        let d = self.resolve(dir, true)?;
        Ok(if d == "/" { format!("/{name}") } else { format!("{d}/{name}") })
    }
}

impl FileSystem for MockFs {
    fn stat(&self, path: &str) -> FsResult<Metadata> {
        self.meta(&self.resolve(path, true)?)
    }
    fn lstat(&self, path: &str) -> FsResult<Metadata> {
        self.meta(&self.resolve(path, false)?)
    }
    fn read_file(&self, path: &str) -> FsResult<Vec<u8>> {
        let p = self.resolve(path, true)?;
        self.with(|n| match n.get(&p).map(|n| &n.kind) {
            Some(Kind::File(d)) => Ok(d.clone()),
            Some(_) => Err(FsError::IsDir),
            None => Err(FsError::NotFound),
        })
    }
    fn open_read(&self, path: &str) -> FsResult<Box<dyn Read + Send>> {
        if path == "/dev/zero" {
            return Ok(Box::new(std::io::repeat(0)));
        }
        Ok(Box::new(Cursor::new(self.read_file(path)?)))
    }
    fn read_at(&self, path: &str, offset: u64, buf: &mut [u8]) -> FsResult<usize> {
        let d = self.read_file(path)?;
        let start = (offset as usize).min(d.len());
        let n = buf.len().min(d.len() - start);
        buf[..n].copy_from_slice(&d[start..start + n]);
        Ok(n)
    }
    fn write_file(&self, path: &str, data: &[u8], mode: WriteMode) -> FsResult<()> {
        let p = self.resolve(path, true).or_else(|_| self.parent_resolved(path))?;
        let exists = self.with(|n| Ok(n.contains_key(&p)))?;
        if !exists {
            return self.add(&p, Kind::File(data.to_vec()), 0o644);
        }
        self.with(|n| match n.get_mut(&p) {
            Some(Node { kind: Kind::File(d), mtime, .. }) => {
                match mode {
                    WriteMode::CreateNew => return Err(FsError::Exists),
                    WriteMode::Truncate => *d = data.to_vec(),
                    WriteMode::Append => d.extend_from_slice(data),
                }
                *mtime = SystemTime::now();
                Ok(())
            }
            _ => Err(FsError::IsDir),
        })
    }
    fn write_at(&self, _: &str, _: u64, _: &[u8]) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn set_len(&self, _: &str, _: u64) -> FsResult<()> {
        Err(FsError::Invalid)
    }
    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        let p = self.resolve(path, true)?;
        if self.meta(&p)?.file_type != FileType::Dir {
            return Err(FsError::NotDir);
        }
        let prefix = if p == "/" { "/".to_string() } else { format!("{p}/") };
        self.with(|n| {
            Ok(n.iter()
                .filter_map(|(k, v)| {
                    let name = k.strip_prefix(&prefix)?;
                    if name.is_empty() || name.contains('/') {
                        return None;
                    }
                    let file_type = match v.kind {
                        Kind::File(_) => FileType::File,
                        Kind::Dir => FileType::Dir,
                        Kind::Link(_) => FileType::Symlink,
                    };
                    Some(DirEntry { name: name.to_string(), file_type })
                })
                .collect())
        })
    }
    fn mkdir(&self, path: &str, parents: bool) -> FsResult<()> {
        if parents {
            let mut cur = String::new();
            for c in path.split('/').filter(|c| !c.is_empty()) {
                cur.push('/');
                cur.push_str(c);
                match self.stat(&cur) {
                    Ok(m) if m.file_type == FileType::Dir => {}
                    Ok(_) => return Err(FsError::Exists),
                    Err(_) => self.add(&cur, Kind::Dir, 0o755)?,
                }
            }
            if path == "/" {
                let _ = self.add("/", Kind::Dir, 0o755);
            }
            return Ok(());
        }
        let p = self.parent_resolved(path)?;
        if self.lstat(&p).is_ok() {
            return Err(FsError::Exists);
        }
        self.add(&p, Kind::Dir, 0o755)
    }
    fn remove_file(&self, path: &str) -> FsResult<()> {
        let p = self.parent_resolved(path)?;
        if self.meta(&p)?.file_type == FileType::Dir {
            return Err(FsError::IsDir);
        }
        self.with(|n| n.remove(&p).map(|_| ()).ok_or(FsError::NotFound))
    }
    fn remove_dir(&self, path: &str) -> FsResult<()> {
        let p = self.parent_resolved(path)?;
        if self.meta(&p)?.file_type != FileType::Dir {
            return Err(FsError::NotDir);
        }
        if !self.read_dir(&p)?.is_empty() {
            return Err(FsError::NotEmpty);
        }
        self.with(|n| n.remove(&p).map(|_| ()).ok_or(FsError::NotFound))
    }
    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let f = self.parent_resolved(from)?;
        let t = self.parent_resolved(to)?;
        self.with(|n| {
            let keys: Vec<String> = n.keys().filter(|k| *k == &f || k.starts_with(&format!("{f}/"))).cloned().collect();
            for k in keys {
                if let Some(v) = n.remove(&k) {
                    n.insert(format!("{t}{}", &k[f.len()..]), v);
                }
            }
            Ok(())
        })
    }
    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        let p = self.parent_resolved(link)?;
        if self.lstat(&p).is_ok() {
            return Err(FsError::Exists);
        }
        self.add(&p, Kind::Link(target.to_string()), 0o777)
    }
    fn hard_link(&self, target: &str, link: &str) -> FsResult<()> {
        let d = self.read_file(target)?;
        let p = self.parent_resolved(link)?;
        if self.lstat(&p).is_ok() {
            return Err(FsError::Exists);
        }
        self.add(&p, Kind::File(d), 0o644)
    }
    fn read_link(&self, path: &str) -> FsResult<String> {
        let p = self.parent_resolved(path)?;
        self.with(|n| match n.get(&p).map(|n| &n.kind) {
            Some(Kind::Link(t)) => Ok(t.clone()),
            Some(_) => Err(FsError::Invalid),
            None => Err(FsError::NotFound),
        })
    }
    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        let p = self.resolve(path, true)?;
        self.with(|n| n.get_mut(&p).map(|x| x.mode = mode).ok_or(FsError::NotFound))
    }
    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        let p = self.resolve(path, true)?;
        self.with(|n| n.get_mut(&p).map(|x| x.mtime = mtime).ok_or(FsError::NotFound))
    }
    fn canonicalize(&self, path: &str) -> FsResult<String> {
        let p = self.resolve(path, true)?;
        self.meta(&p).map(|_| p)
    }
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

/// Run `cmd` like [`crate::builtins::testing::run`] with environment `env`; returns
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
        };
        cmd.run(&mut ctx, &args)
    };
    (String::from_utf8_lossy(&stdout).into_owned(), String::from_utf8_lossy(&stderr).into_owned(), status)
}

/// Call `f` with a [`Ctx`] on `fs` (cwd `/`, empty stdin and environment) writing stdout to
/// `stdout`; returns `f`'s result and stderr.
pub fn with_ctx<R>(fs: &dyn FileSystem, stdout: &mut dyn std::io::Write, f: impl FnOnce(&mut Ctx<'_>) -> R) -> (R, String) {
    let mut stdin: &[u8] = b"";
    let mut stderr = Vec::new();
    let env = MapEnv(Vec::new());
    let r = {
        let mut ctx = Ctx { name: "test", stdin: &mut stdin, stdout, stderr: &mut stderr, fs, cwd: "/", env: &env, cancel: &Never };
        f(&mut ctx)
    };
    (r, String::from_utf8_lossy(&stderr).into_owned())
}
