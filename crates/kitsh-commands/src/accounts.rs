//! Facts of the virtual system that several commands show: user and group names from
//! `/etc/passwd` and `/etc/group`, and the device numbers of the `/dev` nodes.

use kitsh_core::fs::FileSystem;

/// uid → name and gid → name tables read from `/etc/passwd` and `/etc/group`.
pub struct Names {
    users: Vec<(u32, String)>,
    groups: Vec<(u32, String)>,
}

/// `name:x:id:...` lines of a passwd-style file.
fn table(fs: &dyn FileSystem, path: &str) -> Vec<(u32, String)> {
    let data = fs.read_file(path).unwrap_or_default();
    String::from_utf8_lossy(&data)
        .lines()
        .filter_map(|l| {
            let mut f = l.split(':');
            let name = f.next()?;
            let id = f.nth(1)?.parse().ok()?;
            Some((id, name.to_string()))
        })
        .collect()
}

impl Names {
    /// Read both tables from `fs`.
    pub fn load(fs: &dyn FileSystem) -> Names {
        Names { users: table(fs, "/etc/passwd"), groups: table(fs, "/etc/group") }
    }

    /// The user name of `uid` (the number when unknown).
    pub fn user(&self, uid: u32) -> String {
        lookup(&self.users, uid)
    }

    /// The group name of `gid` (the number when unknown).
    pub fn group(&self, gid: u32) -> String {
        lookup(&self.groups, gid)
    }

    /// Whether `uid` has a name.
    pub fn has_user(&self, uid: u32) -> bool {
        self.users.iter().any(|(i, _)| *i == uid)
    }

    /// Whether `gid` has a name.
    pub fn has_group(&self, gid: u32) -> bool {
        self.groups.iter().any(|(i, _)| *i == gid)
    }

    /// The uid of the user `name`, if there is one.
    pub fn uid_of(&self, name: &str) -> Option<u32> {
        self.users.iter().find(|(_, n)| n == name).map(|(i, _)| *i)
    }

    /// The gid of the group `name`, if there is one.
    pub fn gid_of(&self, name: &str) -> Option<u32> {
        self.groups.iter().find(|(_, n)| n == name).map(|(i, _)| *i)
    }
}

fn lookup(t: &[(u32, String)], id: u32) -> String {
    t.iter().find(|(i, _)| *i == id).map_or_else(|| id.to_string(), |(_, n)| n.clone())
}

/// Major and minor numbers of the usual character devices.
pub fn device_numbers(name: &str) -> (u32, u32) {
    match name.rsplit('/').next().unwrap_or(name) {
        "null" => (1, 3),
        "zero" => (1, 5),
        "full" => (1, 7),
        "random" => (1, 8),
        "urandom" => (1, 9),
        "tty" => (5, 0),
        _ => (0, 0),
    }
}
