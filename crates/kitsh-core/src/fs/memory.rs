//! [`MemoryFs`]: a filesystem held entirely in memory.
//!
//! One `RwLock` guards an inode table (see `tree`); symlinks resolve like Linux (relative and
//! absolute targets, `..` after a symlink is physical, at most 40 links per path), hard links are
//! real (shared inode, `nlink` counted). Every byte and name stored is charged to a shared
//! [`Quota`]. The standard layout (`/tmp`, `/home/user`, `/dev`, `/etc/passwd`, ...) is built on
//! first use, so creating a `MemoryFs` costs one small allocation-free struct.

mod image;
mod tree;

use std::borrow::Cow;
use std::fmt;
use std::io::Read;
use std::sync::{Arc, OnceLock, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::SystemTime;

use self::tree::{Dir, Ino, Kind, Name, Tree, ROOT};
pub use self::tree::{MAX_LINKS, NAME_MAX, PATH_MAX};
use super::dev::{DevKind, DEVICES};
use super::image::{load_all, ImageError, VfsImage};
use super::limits::{FsLimits, Quota};
use super::{DirEntry, FileSystem, FsError, FsResult, Metadata, WriteMode, USER_GID, USER_UID};

/// `/etc/passwd` of the standard layout.
const PASSWD: &str = "root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n";
/// `/etc/group` of the standard layout.
const GROUP: &str = "root:x:0:\nuser:x:1000:\n";
/// The content of the files standing for the shell's own commands in `/usr/bin`.
pub const COMMAND_STUB: &str = "#!/bin/sh\n# A command built into kitsh.\n";
/// Owner of the system directories.
const ROOT_OWNER: (u32, u32) = (0, 0);
/// Owner of what the user creates.
const USER_OWNER: (u32, u32) = (USER_UID, USER_GID);

/// An in-memory filesystem; see the module docs.
pub struct MemoryFs {
    tree: OnceLock<RwLock<Tree>>,
    quota: Arc<Quota>,
    /// `Some(home)`: build the standard layout with this home directory on first use.
    layout: Option<Cow<'static, str>>,
    /// Names of commands to present as executable files in `/usr/bin` (standard layout only).
    commands: &'static [&'static str],
    /// The pipes of the FIFO nodes, by inode (created on first open).
    fifos: std::sync::Mutex<std::collections::HashMap<Ino, Arc<super::fifo::Fifo>>>,
}

impl fmt::Debug for MemoryFs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryFs")
            .field("used_bytes", &self.quota.used_bytes())
            .field("used_files", &self.quota.used_files())
            .finish()
    }
}

impl MemoryFs {
    /// An empty filesystem (only `/`) with its own budget.
    pub fn new(limits: FsLimits) -> Self {
        Self::with_quota(Quota::new(limits))
    }

    /// An empty filesystem (only `/`) charging `quota`.
    pub fn with_quota(quota: Arc<Quota>) -> Self {
        MemoryFs { tree: OnceLock::new(), quota, layout: None, commands: &[], fifos: Default::default() }
    }

    /// The standard layout: `/bin`, `/usr/bin`, `/etc/{passwd,group}`, `/dev` devices,
    /// `/tmp` (mode 1777) and `home` owned by the user (uid 1000). Built lazily on first use.
    pub fn standard(quota: Arc<Quota>, home: impl Into<Cow<'static, str>>) -> Self {
        MemoryFs { tree: OnceLock::new(), quota, layout: Some(home.into()), commands: &[], fifos: Default::default() }
    }

    /// Present `names` as executable files `/usr/bin/NAME` (with `/bin` a symlink to
    /// `usr/bin`, as on current GNU/Linux systems) in the standard layout. Their content is
    /// [`COMMAND_STUB`]; the shell runs its own implementation for them.
    pub fn with_commands(mut self, names: &'static [&'static str]) -> Self {
        self.commands = names;
        self
    }

    /// The budget this filesystem charges.
    pub fn quota(&self) -> &Arc<Quota> {
        &self.quota
    }

    /// Create the device node `path` (its parent must exist).
    pub fn mknod(&self, path: &str, kind: DevKind) -> FsResult<()> {
        let mut t = self.write();
        let w = t.walk(path, false)?;
        if w.ino.is_some() {
            return Err(FsError::Exists);
        }
        t.create(&self.quota, w.parent, w.name(), Kind::Device(kind), 0o666, ROOT_OWNER).map(drop)
    }

    fn lock(&self) -> &RwLock<Tree> {
        self.tree.get_or_init(|| {
            let now = SystemTime::now();
            let tree = match &self.layout {
                Some(Cow::Borrowed(home)) => build_layout(Some(home), home, self.commands, now),
                Some(Cow::Owned(home)) => build_layout(None, home, self.commands, now),
                None => Tree::new(0o755, ROOT_OWNER.0, ROOT_OWNER.1, now),
            };
            RwLock::new(tree)
        })
    }

    fn read(&self) -> RwLockReadGuard<'_, Tree> {
        self.lock().read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, Tree> {
        self.lock().write().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Build the standard tree. It is not charged to the quota, so even tiny limits leave room for
/// the user's files. Names are borrowed and file contents shared, so this costs few allocations.
/// `home` is also given as `static_home` when it is a static string (then borrowed, not copied).
fn build_layout(static_home: Option<&'static str>, home: &str, commands: &'static [&'static str], now: SystemTime) -> Tree {
    type Shared = Arc<Vec<u8>>;
    static CONTENT: OnceLock<(Shared, Shared, Shared)> = OnceLock::new();
    let (passwd, group, stub) = CONTENT.get_or_init(|| {
        (Arc::new(PASSWD.as_bytes().to_vec()), Arc::new(GROUP.as_bytes().to_vec()), Arc::new(COMMAND_STUB.as_bytes().to_vec()))
    });
    let mut t = Tree::new(0o755, ROOT_OWNER.0, ROOT_OWNER.1, now);
    let add = |t: &mut Tree, parent, name: Name, kind, mode, owner| t.add(parent, name, kind, mode, owner, now).unwrap_or(ROOT);
    let dir = || Kind::Dir(Dir { entries: Default::default(), parent: ROOT });
    let b = Cow::Borrowed;
    if commands.is_empty() {
        add(&mut t, ROOT, b("bin"), dir(), 0o755, ROOT_OWNER);
    } else {
        add(&mut t, ROOT, b("bin"), Kind::Symlink("usr/bin".into()), 0o777, ROOT_OWNER);
    }
    let dev = add(&mut t, ROOT, b("dev"), dir(), 0o755, ROOT_OWNER);
    for &(name, kind) in DEVICES {
        add(&mut t, dev, b(name), Kind::Device(kind), 0o666, ROOT_OWNER);
    }
    add(&mut t, dev, b("fd"), dir(), 0o755, ROOT_OWNER);
    let etc = add(&mut t, ROOT, b("etc"), dir(), 0o755, ROOT_OWNER);
    add(&mut t, etc, b("group"), Kind::File(Arc::clone(group)), 0o644, ROOT_OWNER);
    add(&mut t, etc, b("passwd"), Kind::File(Arc::clone(passwd)), 0o644, ROOT_OWNER);
    add(&mut t, ROOT, b("tmp"), dir(), 0o1777, ROOT_OWNER);
    let usr = add(&mut t, ROOT, b("usr"), dir(), 0o755, ROOT_OWNER);
    let usr_bin = add(&mut t, usr, b("bin"), dir(), 0o755, ROOT_OWNER);
    for &name in commands {
        add(&mut t, usr_bin, b(name), Kind::File(Arc::clone(stub)), 0o755, ROOT_OWNER);
    }
    let comps = |h: &str| h.split('/').filter(|c| !c.is_empty() && *c != "." && *c != "..").count();
    let count = comps(home);
    let mut cur = ROOT;
    let mut k = 0;
    let mut step = |t: &mut Tree, c: Name| {
        k += 1;
        let owner = if k == count { USER_OWNER } else { ROOT_OWNER };
        cur = match dir_child(t, cur, &c) {
            Some(existing) => existing,
            None => add(t, cur, c, dir(), 0o755, owner),
        };
    };
    let keep = |c: &&str| !c.is_empty() && *c != "." && *c != "..";
    match static_home {
        Some(h) => h.split('/').filter(keep).for_each(|c| step(&mut t, Cow::Borrowed(c))),
        None => home.split('/').filter(keep).for_each(|c| step(&mut t, Cow::Owned(c.to_string()))),
    }
    t
}

fn dir_child(t: &Tree, dir: tree::Ino, name: &str) -> Option<tree::Ino> {
    match &t.node(dir).ok()?.kind {
        Kind::Dir(d) => d.entries.get(name).copied().filter(|&i| t.is_dir(i)),
        _ => None,
    }
}

/// A reader over a snapshot of a file's content (shared, no copy).
pub struct SharedReader {
    /// The content.
    pub data: Arc<Vec<u8>>,
    /// The read position.
    pub pos: usize,
}

impl Read for SharedReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let rest = self.data.get(self.pos..).unwrap_or(&[]);
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.pos += n;
        Ok(n)
    }
}

/// Copy from `data` at `offset` into `buf`.
pub fn copy_at(data: &[u8], offset: u64, buf: &mut [u8]) -> usize {
    let Ok(off) = usize::try_from(offset) else { return 0 };
    let rest = data.get(off..).unwrap_or(&[]);
    let n = rest.len().min(buf.len());
    buf[..n].copy_from_slice(&rest[..n]);
    n
}

/// The end offset of a write of `len` bytes at `offset`, as a `usize`.
pub fn write_end(offset: u64, len: usize) -> FsResult<(usize, usize)> {
    let off = usize::try_from(offset).map_err(|_| FsError::NoSpace)?;
    let end = off.checked_add(len).ok_or(FsError::NoSpace)?;
    Ok((off, end))
}

impl FileSystem for MemoryFs {
    fn space(&self) -> Option<super::Space> {
        Some(super::Space::of(&self.quota))
    }

    fn image(&self) -> Result<VfsImage, ImageError> {
        Ok(VfsImage { root: self.tree_image(), mounts: Vec::new() })
    }

    fn load_image(&self, image: &VfsImage) -> Result<(), ImageError> {
        if let Some(m) = image.mounts.first() {
            return Err(ImageError::Mounts(format!("nothing is mounted at {}", m.path)));
        }
        load_all(vec![self.stage(&image.root)?])
    }

    fn stat(&self, path: &str) -> FsResult<Metadata> {
        let t = self.read();
        t.meta(t.lookup(path, true)?)
    }

    fn lstat(&self, path: &str) -> FsResult<Metadata> {
        let t = self.read();
        t.meta(t.lookup(path, false)?)
    }

    fn read_file(&self, path: &str) -> FsResult<Vec<u8>> {
        let t = self.read();
        match &t.node(t.lookup(path, true)?)?.kind {
            Kind::File(d) => Ok(d.to_vec()),
            Kind::Dir(_) => Err(FsError::IsDir),
            Kind::Device(d) => d.read_all(),
            Kind::Symlink(_) => Err(FsError::Loop),
        }
    }

    fn open_read(&self, path: &str) -> FsResult<Box<dyn Read + Send>> {
        if self.stat(path).is_ok_and(|m| m.file_type == super::FileType::Fifo) {
            return match self.open_fifo(path, false, super::fifo::current_watch())? {
                super::fifo::FifoEnd::Reader(r) => Ok(r),
                super::fifo::FifoEnd::Writer(_) => Err(FsError::Invalid),
            };
        }
        let t = self.read();
        match &t.node(t.lookup(path, true)?)?.kind {
            Kind::File(d) => Ok(Box::new(SharedReader { data: Arc::clone(d), pos: 0 })),
            Kind::Dir(_) => Err(FsError::IsDir),
            Kind::Device(d) => d.reader(),
            Kind::Symlink(_) => Err(FsError::Loop),
        }
    }

    fn read_at(&self, path: &str, offset: u64, buf: &mut [u8]) -> FsResult<usize> {
        let t = self.read();
        match &t.node(t.lookup(path, true)?)?.kind {
            Kind::File(d) => Ok(copy_at(d, offset, buf)),
            Kind::Dir(_) => Err(FsError::IsDir),
            Kind::Device(d) => d.read_at(buf),
            Kind::Symlink(_) => Err(FsError::Loop),
        }
    }

    fn write_file(&self, path: &str, data: &[u8], mode: WriteMode) -> FsResult<()> {
        let mut t = self.write();
        if mode == WriteMode::CreateNew {
            let w = t.walk(path, false)?;
            if let Some(i) = w.ino {
                if matches!(t.node(i)?.kind, Kind::File(_) | Kind::Symlink(_)) {
                    if let Ok(Kind::Device(d)) = t.lookup(path, true).and_then(|j| t.node(j)).map(|n| &n.kind) {
                        return d.write();
                    }
                    return Err(FsError::Exists);
                }
            }
        }
        let w = t.walk(path, true)?;
        let Some(i) = w.ino else {
            if w.trailing || w.is_special() {
                return Err(FsError::IsDir);
            }
            self.quota.check_file_size(data.len() as u64)?;
            let kind = Kind::File(Arc::new(data.to_vec()));
            return t.create(&self.quota, w.parent, w.name(), kind, 0o644, USER_OWNER).map(drop);
        };
        match &t.node(i)?.kind {
            Kind::Dir(_) => return Err(FsError::IsDir),
            Kind::Device(d) => return d.write(),
            _ if w.trailing => return Err(FsError::NotDir),
            Kind::File(old) => {
                if mode == WriteMode::Append {
                    let new_len = (old.len() as u64).saturating_add(data.len() as u64);
                    return t.update_file(&self.quota, i, new_len, |v| v.extend_from_slice(data));
                }
            }
            Kind::Symlink(_) => return Err(FsError::Loop),
        }
        t.replace_file(&self.quota, i, data)
    }

    fn write_at(&self, path: &str, offset: u64, data: &[u8]) -> FsResult<()> {
        let mut t = self.write();
        let i = t.lookup(path, true)?;
        let old_len = match &t.node(i)?.kind {
            Kind::File(d) => d.len(),
            Kind::Dir(_) => return Err(FsError::IsDir),
            Kind::Device(d) => return d.write(),
            Kind::Symlink(_) => return Err(FsError::Loop),
        };
        let (off, end) = write_end(offset, data.len())?;
        t.update_file(&self.quota, i, end.max(old_len) as u64, |v| {
            if v.len() < end {
                v.resize(end, 0);
            }
            v[off..end].copy_from_slice(data);
        })
    }

    fn set_len(&self, path: &str, len: u64) -> FsResult<()> {
        let mut t = self.write();
        let i = t.lookup(path, true)?;
        match &t.node(i)?.kind {
            Kind::File(_) => {}
            Kind::Dir(_) => return Err(FsError::IsDir),
            Kind::Device(_) => return Ok(()),
            Kind::Symlink(_) => return Err(FsError::Loop),
        }
        let (_, new) = write_end(len, 0)?;
        t.update_file(&self.quota, i, len, |v| v.resize(new, 0))
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        let t = self.read();
        t.entries(t.lookup(path, true)?)
    }

    fn mkdir(&self, path: &str, parents: bool) -> FsResult<()> {
        if parents {
            return super::mkdir_all(self, path);
        }
        let mut t = self.write();
        let w = t.walk(path, false)?;
        if w.ino.is_some() {
            return Err(FsError::Exists);
        }
        let kind = Kind::Dir(Dir { entries: Default::default(), parent: w.parent });
        t.create(&self.quota, w.parent, w.name(), kind, 0o755, USER_OWNER).map(drop)
    }

    fn mkfifo(&self, path: &str, mode: u32) -> FsResult<()> {
        let mut t = self.write();
        let w = t.walk(path, false)?;
        if w.ino.is_some() {
            return Err(FsError::Exists);
        }
        let ino = t.create(&self.quota, w.parent, w.name(), Kind::Device(DevKind::Fifo), mode & 0o7777, USER_OWNER)?;
        // A reused inode gets a fresh pipe.
        self.fifos.lock().unwrap_or_else(|e| e.into_inner()).remove(&ino);
        Ok(())
    }

    fn open_fifo(&self, path: &str, write: bool, watch: Option<super::fifo::Watch>) -> FsResult<super::fifo::FifoEnd> {
        let pipe = {
            let t = self.read();
            let ino = t.lookup(path, true)?;
            match &t.node(ino)?.kind {
                Kind::Device(DevKind::Fifo) => {}
                Kind::Dir(_) => return Err(FsError::IsDir),
                _ => return Err(FsError::Invalid),
            }
            let mut map = self.fifos.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(map.entry(ino).or_default())
        };
        // The tree lock is released: the open may wait for the other side.
        pipe.open(write, watch)
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        let mut t = self.write();
        let w = t.walk(path, false)?;
        let i = w.ino.ok_or(FsError::NotFound)?;
        if t.is_dir(i) || w.is_special() {
            return Err(FsError::IsDir);
        }
        if w.trailing {
            return Err(FsError::NotDir);
        }
        t.unlink(&self.quota, w.parent, w.name())
    }

    fn remove_dir(&self, path: &str) -> FsResult<()> {
        let mut t = self.write();
        let w = t.walk(strip_slashes(path), false)?;
        let i = w.ino.ok_or(FsError::NotFound)?;
        match w.name() {
            "" => return Err(FsError::Invalid),
            "." => return Err(FsError::Invalid),
            ".." => return Err(FsError::NotEmpty),
            _ => {}
        }
        if !t.is_dir(i) {
            return Err(FsError::NotDir);
        }
        if !t.is_empty_dir(i)? {
            return Err(FsError::NotEmpty);
        }
        t.unlink(&self.quota, w.parent, w.name())
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let mut t = self.write();
        let src = t.walk(strip_slashes(from), false)?;
        let s = src.ino.ok_or(FsError::NotFound)?;
        let dst = t.walk(strip_slashes(to), false)?;
        if src.is_special() || dst.is_special() {
            return Err(FsError::Invalid);
        }
        let src_dir = t.is_dir(s);
        if (from.ends_with('/') || to.ends_with('/')) && !src_dir {
            return Err(FsError::NotDir);
        }
        if dst.ino == Some(s) {
            return Ok(());
        }
        if src_dir && t.is_within(dst.parent, s) {
            return Err(FsError::Invalid);
        }
        if dst.ino.is_some_and(|d| t.is_dir(d) && t.is_within(src.parent, d)) {
            return Err(FsError::NotEmpty);
        }
        if let Some(d) = dst.ino {
            match (src_dir, t.is_dir(d)) {
                (true, false) => return Err(FsError::NotDir),
                (false, true) => return Err(FsError::IsDir),
                (true, true) if !t.is_empty_dir(d)? => return Err(FsError::NotEmpty),
                _ => {}
            }
            t.unlink(&self.quota, dst.parent, dst.name())?;
        }
        t.move_entry(src.parent, src.name(), dst.parent, dst.name())
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        let mut t = self.write();
        let w = t.walk(link, false)?;
        if w.ino.is_some() {
            return Err(FsError::Exists);
        }
        if target.is_empty() || w.trailing {
            return Err(FsError::NotFound);
        }
        if target.as_bytes().contains(&0) {
            return Err(FsError::Invalid);
        }
        t.create(&self.quota, w.parent, w.name(), Kind::Symlink(target.into()), 0o777, USER_OWNER).map(drop)
    }

    fn hard_link(&self, target: &str, link: &str) -> FsResult<()> {
        let mut t = self.write();
        let i = t.lookup(target, false)?;
        let w = t.walk(link, false)?;
        if w.ino.is_some() {
            return Err(FsError::Exists);
        }
        if w.trailing {
            return Err(FsError::NotFound);
        }
        if t.is_dir(i) {
            return Err(FsError::PermissionDenied);
        }
        t.link(&self.quota, i, w.parent, w.name())
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        let t = self.read();
        match &t.node(t.lookup(path, false)?)?.kind {
            Kind::Symlink(target) => Ok(target.to_string()),
            _ => Err(FsError::Invalid),
        }
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        let mut t = self.write();
        let i = t.lookup(path, true)?;
        t.node_mut(i)?.mode = mode & 0o7777;
        Ok(())
    }

    fn set_owner(&self, path: &str, uid: Option<u32>, gid: Option<u32>) -> FsResult<()> {
        let mut t = self.write();
        let i = t.lookup(path, true)?;
        let n = t.node_mut(i)?;
        if let Some(u) = uid {
            n.uid = u;
        }
        if let Some(g) = gid {
            n.gid = g;
        }
        Ok(())
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        let mut t = self.write();
        let i = t.lookup(path, true)?;
        t.node_mut(i)?.mtime = mtime;
        Ok(())
    }

    fn canonicalize(&self, path: &str) -> FsResult<String> {
        let t = self.read();
        let w = t.walk(path, true)?;
        let i = w.ino.ok_or(FsError::NotFound)?;
        if t.is_dir(i) {
            return t.dir_path(i);
        }
        if w.trailing {
            return Err(FsError::NotDir);
        }
        let mut p = t.dir_path(w.parent)?;
        if p.len() > 1 {
            p.push('/');
        }
        p.push_str(w.name());
        Ok(p)
    }
}

/// `path` without its trailing slashes (`/` stays `/`).
pub fn strip_slashes(path: &str) -> &str {
    let s = path.trim_end_matches('/');
    if s.is_empty() && path.starts_with('/') {
        "/"
    } else {
        s
    }
}

#[cfg(test)]
mod tests;
