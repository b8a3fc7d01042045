//! `id`: user and group ids, from the virtual system's `/etc/passwd` and `/etc/group`. The
//! current user is `SystemInfo::User` (`user`, uid 1000, when unknown); `-u -g -G -n -r -z`.

use super::args::{self, quote, ArgKind, Config, OptSpec};
use super::whoami::user_name;
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileSystem, USER_GID, USER_UID};

/// The `id` command.
pub struct Id;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Ignore,
    Context,
    Group,
    Groups,
    Name,
    Real,
    User,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec { short: Some('a'), long: None, arg: ArgKind::None, id: O::Ignore },
    OptSpec::flag('Z', "context", O::Context),
    OptSpec::flag('g', "group", O::Group),
    OptSpec::flag('G', "groups", O::Groups),
    OptSpec::flag('n', "name", O::Name),
    OptSpec::flag('r', "real", O::Real),
    OptSpec::flag('u', "user", O::User),
    OptSpec::flag('z', "zero", O::Zero),
];
const USAGE: &str = "Usage: id [OPTION]... [USER]...\nPrint user and group information for each specified USER,\nor (when USER omitted) for the current process.";

/// The entries of a colon-separated database (`/etc/passwd`, `/etc/group`): fields per line.
fn table(fs: &dyn FileSystem, path: &str) -> Vec<Vec<String>> {
    let data = fs.read_file(path).unwrap_or_default();
    String::from_utf8_lossy(&data).lines().filter(|l| !l.is_empty()).map(|l| l.split(':').map(String::from).collect()).collect()
}

/// One user: name, uid, primary gid.
pub(crate) struct User {
    /// The login name.
    pub name: String,
    /// The user id.
    pub uid: u32,
    /// The primary group id.
    pub gid: u32,
}

/// The user and group databases of the virtual system.
pub(crate) struct Db {
    passwd: Vec<Vec<String>>,
    group: Vec<Vec<String>>,
}

fn field_id(f: &[String], k: usize) -> Option<u32> {
    f.get(k)?.parse().ok()
}

impl Db {
    /// A group id by name, or the number itself.
    pub(crate) fn group_id(&self, key: &str) -> Option<u32> {
        self.group.iter().find(|f| f.first().map(String::as_str) == Some(key)).and_then(|f| field_id(f, 2)).or_else(|| key.parse().ok())
    }

    /// The user running the script.
    pub(crate) fn current(&self, ctx: &Ctx<'_>) -> User {
        let name = user_name(ctx);
        self.user(&name).unwrap_or(User { name, uid: USER_UID, gid: USER_GID })
    }

    /// Read `/etc/passwd` and `/etc/group`.
    pub(crate) fn load(fs: &dyn FileSystem) -> Db {
        Db { passwd: table(fs, "/etc/passwd"), group: table(fs, "/etc/group") }
    }

    /// A user by name, or by number when no name matches.
    pub(crate) fn user(&self, key: &str) -> Option<User> {
        let by = |f: &&Vec<String>| f.first().map(String::as_str) == Some(key);
        let f = self.passwd.iter().find(by).or_else(|| {
            let n: u32 = key.parse().ok()?;
            self.passwd.iter().find(|f| field_id(f, 2) == Some(n))
        })?;
        Some(User { name: f.first()?.clone(), uid: field_id(f, 2)?, gid: field_id(f, 3)? })
    }

    /// The name of `uid`, if it has one.
    pub(crate) fn user_name(&self, uid: u32) -> Option<&str> {
        self.passwd.iter().find(|f| field_id(f, 2) == Some(uid)).and_then(|f| f.first()).map(String::as_str)
    }

    /// The name of `gid`, if it has one.
    pub(crate) fn group_name(&self, gid: u32) -> Option<&str> {
        self.group.iter().find(|f| field_id(f, 2) == Some(gid)).and_then(|f| f.first()).map(String::as_str)
    }

    /// The primary group, then the groups listing the user as a member, in file order.
    pub(crate) fn groups(&self, u: &User) -> Vec<u32> {
        let mut v = vec![u.gid];
        for f in &self.group {
            let member = f.get(3).is_some_and(|m| m.split(',').any(|n| n == u.name));
            if let Some(g) = field_id(f, 2).filter(|g| member && !v.contains(g)) {
                v.push(g);
            }
        }
        v
    }
}

/// What to print.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    All,
    Uid,
    Gid,
    Groups,
}

fn with_name(id: u32, name: Option<&str>) -> String {
    match name {
        Some(n) => format!("{id}({n})"),
        None => id.to_string(),
    }
}

/// The output for one user.
fn describe(db: &Db, u: &User, only: Only, names: bool, zero: bool) -> String {
    let show = |id: u32, name: Option<&str>| if names { name.map_or_else(|| id.to_string(), String::from) } else { id.to_string() };
    let end = if zero { '\0' } else { '\n' };
    match only {
        Only::Uid => format!("{}{end}", show(u.uid, db.user_name(u.uid))),
        Only::Gid => format!("{}{end}", show(u.gid, db.group_name(u.gid))),
        Only::Groups => {
            let gs: Vec<String> = db.groups(u).iter().map(|&g| show(g, db.group_name(g))).collect();
            if zero {
                gs.iter().map(|g| format!("{g}\0")).collect()
            } else {
                format!("{}\n", gs.join(" "))
            }
        }
        Only::All => {
            let gs: Vec<String> = db.groups(u).iter().map(|&g| with_name(g, db.group_name(g))).collect();
            format!(
                "uid={} gid={} groups={}\n",
                with_name(u.uid, db.user_name(u.uid)),
                with_name(u.gid, db.group_name(u.gid)),
                gs.join(",")
            )
        }
    }
}

impl Builtin for Id {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut only, mut count, mut names, mut real, mut zero) = (Only::All, 0, false, false, false);
        for (o, _) in &parsed.opts {
            match o {
                O::Ignore => {}
                O::Context => {
                    ctx.error("--context (-Z) works only on an SELinux-enabled kernel");
                    return 1;
                }
                O::Group | O::Groups | O::User => {
                    let new = match o {
                        O::Group => Only::Gid,
                        O::Groups => Only::Groups,
                        _ => Only::Uid,
                    };
                    if only != new {
                        count += 1;
                    }
                    only = new;
                }
                O::Name => names = true,
                O::Real => real = true,
                O::Zero => zero = true,
            }
        }
        let err = if count > 1 {
            Some("cannot print \"only\" of more than one choice")
        } else if only == Only::All && (names || real) {
            Some("cannot print only names or real IDs in default format")
        } else if only == Only::All && zero {
            Some("option --zero not permitted in default format")
        } else {
            None
        };
        if let Some(msg) = err {
            ctx.error(msg);
            return 1;
        }
        let db = Db::load(ctx.fs);
        let mut out = String::new();
        let mut status = 0;
        if parsed.operands.is_empty() {
            let name = user_name(ctx);
            let u = db.user(&name).unwrap_or(User { name, uid: USER_UID, gid: USER_GID });
            out.push_str(&describe(&db, &u, only, names, zero));
        }
        for key in &parsed.operands {
            match db.user(key) {
                Some(u) => out.push_str(&describe(&db, &u, only, names, zero)),
                None => {
                    ctx.error(&format!("{}: no such user", quote(key)));
                    status = 1;
                }
            }
        }
        match ctx.stdout.write_all(out.as_bytes()) {
            Ok(()) => status,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;
    use kitsh_core::fs::{FsLimits, MemoryFs, Quota, WriteMode};

    fn fs() -> MemoryFs {
        let fs = MemoryFs::standard(Quota::new(FsLimits::default()), "/home/user");
        let _ = fs.write_file("/etc/passwd", b"root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000::/home/user:/bin/bash\npg:x:101:104::/:/bin/false\n", WriteMode::Truncate);
        let _ = fs.write_file("/etc/group", b"root:x:0:\nssl:x:103:pg,user\nuser:x:1000:\npg:x:104:\n", WriteMode::Truncate);
        fs
    }
    fn id(args: &[&str]) -> (String, String, i32) {
        let o = run(&Id, "id", args, b"", &fs(), "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn default_format() {
        assert_eq!(id(&[]).0, "uid=1000(user) gid=1000(user) groups=1000(user),103(ssl)\n");
        assert_eq!(id(&["pg"]).0, "uid=101(pg) gid=104(pg) groups=104(pg),103(ssl)\n");
        assert_eq!(id(&["0"]).0, "uid=0(root) gid=0(root) groups=0(root)\n");
        assert_eq!(run(&Id, "id", &[], b"", &*NOFS, "/").out(), "uid=1000 gid=1000 groups=1000\n");
    }

    #[test]
    fn only() {
        assert_eq!(id(&["-u"]).0, "1000\n");
        assert_eq!(id(&["-un"]).0, "user\n");
        assert_eq!(id(&["-g", "-n", "root"]).0, "root\n");
        assert_eq!(id(&["-G", "pg"]).0, "104 103\n");
        assert_eq!(id(&["-Gn", "pg"]).0, "pg ssl\n");
        assert_eq!(id(&["-Gnz", "pg"]).0, "pg\0ssl\0");
        assert_eq!(id(&["-uz"]).0, "1000\0");
        assert_eq!(id(&["-ur"]).0, "1000\n");
        assert_eq!(id(&["-u", "0", "root"]).0, "0\n0\n");
        assert_eq!(id(&["-uu"]).0, "1000\n");
    }

    #[test]
    fn errors() {
        assert_eq!(id(&["nosuch", "root"]), ("uid=0(root) gid=0(root) groups=0(root)\n".into(), "id: ‘nosuch’: no such user\n".into(), 1));
        assert_eq!(id(&["-ug"]).1, "id: cannot print \"only\" of more than one choice\n");
        assert_eq!(id(&["-n"]).1, "id: cannot print only names or real IDs in default format\n");
        assert_eq!(id(&["-z"]).1, "id: option --zero not permitted in default format\n");
        assert_eq!(id(&["-Z"]), (String::new(), "id: --context (-Z) works only on an SELinux-enabled kernel\n".into(), 1));
    }
}
