//! The guest's file descriptors: kitsh's three pipes, the two preopened directories (the VFS
//! root and the folder of the standard library's zip), and what the guest opened below them.
//! A VFS file is a path and a position: every read and write goes to the VFS at once (no copy
//! kept here), so the shell sees what Python wrote as soon as it wrote it.

use std::collections::BTreeMap;

/// Where the guest finds its standard library (`sys.path` of the build names
/// `/usr/local/lib/python315.zip`).
pub const ZIP_DIR: &str = "/usr/local/lib";
/// The zip's name in [`ZIP_DIR`].
pub const ZIP_NAME: &str = "python315.zip";

/// The first descriptor the guest's own opens get (0–2 are the pipes, 3 and 4 the preopens).
const FIRST_FREE: u32 = 5;
/// The most descriptors a guest may hold open at once.
pub const MAX_OPEN: usize = 1024;

/// One open descriptor.
#[derive(Debug, Clone)]
pub enum Entry {
    /// kitsh's standard input (fd 0).
    Stdin,
    /// kitsh's standard output (1) or error (2).
    Out(u32),
    /// A VFS directory: its absolute path, whether it is a preopen (named by its path), and
    /// the listing a `fd_readdir` started (kept until it is read from the start again).
    Dir { path: String, preopen: bool, listing: Option<Vec<(String, u8, u64)>> },
    /// The folder of the standard library's zip (preopened at [`ZIP_DIR`]).
    ZipDir,
    /// The standard library's zip, read-only.
    Zip { pos: u64 },
    /// A VFS file.
    File(File),
}

/// An open VFS file.
#[derive(Debug, Clone)]
pub struct File {
    /// Absolute, normalised path.
    pub path: String,
    /// Position of the next read or write.
    pub pos: u64,
    /// Opened for reading / writing; writes go to the end (`O_APPEND`).
    pub read: bool,
    pub write: bool,
    pub append: bool,
}

/// The table of one guest.
#[derive(Debug)]
pub struct Fds {
    map: BTreeMap<u32, Entry>,
}

impl Fds {
    /// The pipes and the preopens: fd 3 is [`ZIP_DIR`], fd 4 the VFS root.
    pub fn new() -> Self {
        let mut map = BTreeMap::new();
        map.insert(0, Entry::Stdin);
        map.insert(1, Entry::Out(1));
        map.insert(2, Entry::Out(2));
        map.insert(3, Entry::ZipDir);
        map.insert(4, Entry::Dir { path: "/".to_string(), preopen: true, listing: None });
        Fds { map }
    }

    /// The entry of `fd`.
    pub fn get(&self, fd: u32) -> Option<&Entry> {
        self.map.get(&fd)
    }

    /// The entry of `fd`, to change.
    pub fn get_mut(&mut self, fd: u32) -> Option<&mut Entry> {
        self.map.get_mut(&fd)
    }

    /// Add `e` at the lowest free descriptor; `None` when [`MAX_OPEN`] are open.
    pub fn add(&mut self, e: Entry) -> Option<u32> {
        if self.map.len() >= MAX_OPEN {
            return None;
        }
        let mut fd = FIRST_FREE;
        while self.map.contains_key(&fd) {
            fd += 1;
        }
        self.map.insert(fd, e);
        Some(fd)
    }

    /// How many descriptors are open.
    pub fn count(&self) -> usize {
        self.map.len()
    }

    /// Close `fd`; false when it was not open.
    pub fn close(&mut self, fd: u32) -> bool {
        self.map.remove(&fd).is_some()
    }

    /// Move `from` onto `to` (closing what `to` was); false when either is not open.
    pub fn renumber(&mut self, from: u32, to: u32) -> bool {
        if !self.map.contains_key(&to) {
            return false;
        }
        match self.map.remove(&from) {
            Some(e) => {
                self.map.insert(to, e);
                true
            }
            None => false,
        }
    }
}

/// The absolute VFS path of `rel` below directory `base` (`..` cannot climb above `/`).
pub fn resolve(base: &str, rel: &str) -> String {
    kitsh_core::fs::join_path(base, rel)
}
