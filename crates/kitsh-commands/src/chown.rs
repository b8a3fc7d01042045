//! `chown` and `chgrp`, as GNU coreutils, with the kernel's rules for who may change what:
//! the script runs as the sandbox user (uid 1000 unless the embedder made it root), which may
//! only set a file it owns to one of its own groups; anything else is `Operation not
//! permitted`. Root may set any owner, recorded in the virtual filesystem.
//! `-R -h -v -c -f --reference=RFILE --from=OWNER:GROUP`, `OWNER`, `OWNER:GROUP`, `OWNER:`,
//! `:GROUP`, names or numbers.

use super::args::{self, quote, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::id::Db;
use super::{Builtin, Ctx};
use kitsh_core::fs::{join_path, FileType, FsError};

/// The `chown` command.
pub struct Chown;
/// The `chgrp` command.
pub struct Chgrp;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Recursive,
    NoDeref,
    Deref,
    Verbose,
    Changes,
    Silent,
    Reference,
    From,
    PreserveRoot,
    NoPreserveRoot,
    H,
    L,
    P,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('R', "recursive", O::Recursive),
    OptSpec::flag('h', "no-dereference", O::NoDeref),
    OptSpec::long("dereference", ArgKind::None, O::Deref),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::flag('c', "changes", O::Changes),
    OptSpec::flag('f', "silent", O::Silent),
    OptSpec::long("quiet", ArgKind::None, O::Silent),
    OptSpec::long("reference", ArgKind::Required, O::Reference),
    OptSpec::long("from", ArgKind::Required, O::From),
    OptSpec::long("preserve-root", ArgKind::None, O::PreserveRoot),
    OptSpec::long("no-preserve-root", ArgKind::None, O::NoPreserveRoot),
    OptSpec::flag('H', "", O::H),
    OptSpec::flag('L', "", O::L),
    OptSpec::flag('P', "", O::P),
];

const CHOWN_USAGE: &str = "Usage: chown [OPTION]... [OWNER][:[GROUP]] FILE...\n  or:  chown [OPTION]... --reference=RFILE FILE...\nChange the owner and/or group of each FILE to OWNER and/or GROUP.";
const CHGRP_USAGE: &str = "Usage: chgrp [OPTION]... GROUP FILE...\n  or:  chgrp [OPTION]... --reference=RFILE FILE...\nChange the group of each FILE to GROUP.";

/// What to set (`None`: leave as is).
#[derive(Clone, Copy)]
struct Target {
    uid: Option<u32>,
    gid: Option<u32>,
}

struct Run<'d> {
    db: &'d Db,
    me: u32,
    my_groups: Vec<u32>,
    verbose: bool,
    changes: bool,
    silent: bool,
    recursive: bool,
    from: Option<Target>,
    group_only: bool,
}

/// Parse `OWNER[:[GROUP]]` (also `OWNER.GROUP`).
fn parse_spec(db: &Db, spec: &str) -> Result<Target, String> {
    let (user, group) = match spec.find(':').or_else(|| spec.find('.').filter(|_| db.user(spec).is_none())) {
        Some(i) => (&spec[..i], Some(&spec[i + 1..])),
        None => (spec, None),
    };
    let mut t = Target { uid: None, gid: None };
    if !user.is_empty() {
        let u = db.user(user).ok_or_else(|| format!("invalid user: {}", quote(spec)))?;
        t.uid = Some(u.uid);
        if group == Some("") {
            // `OWNER:` means the owner's login group.
            t.gid = Some(u.gid);
        }
    }
    if let Some(g) = group.filter(|g| !g.is_empty()) {
        t.gid = Some(db.group_id(g).ok_or_else(|| format!("invalid group: {}", quote(spec)))?);
    }
    Ok(t)
}

impl Run<'_> {
    fn names(&self, uid: u32, gid: u32) -> (String, String) {
        (
            self.db.user_name(uid).map_or_else(|| uid.to_string(), str::to_string),
            self.db.group_name(gid).map_or_else(|| gid.to_string(), str::to_string),
        )
    }

    /// Change one file (and below it with `-R`); false on failure.
    fn change(&self, ctx: &mut Ctx<'_>, path: &str, t: Target) -> bool {
        let abs = ctx.abs_path(path);
        let meta = match ctx.fs.stat(&abs) {
            Ok(m) => m,
            Err(e) => {
                if !self.silent {
                    ctx.error(&format!("cannot access {}: {e}", quote_always(path)));
                }
                return false;
            }
        };
        let mut ok = true;
        let skip = self.from.is_some_and(|f| f.uid.is_some_and(|u| u != meta.uid) || f.gid.is_some_and(|g| g != meta.gid));
        if !skip {
            let new_uid = t.uid.unwrap_or(meta.uid);
            let new_gid = t.gid.unwrap_or(meta.gid);
            let changed = new_uid != meta.uid || new_gid != meta.gid;
            let allowed = self.me == 0 || (meta.uid == self.me && new_uid == meta.uid && (new_gid == meta.gid || self.my_groups.contains(&new_gid)));
            let r = if !allowed {
                Err(FsError::PermissionDenied)
            } else if changed {
                ctx.fs.set_owner(&abs, t.uid, t.gid)
            } else {
                Ok(())
            };
            let (old_u, old_g) = self.names(meta.uid, meta.gid);
            let (new_u, new_g) = self.names(new_uid, new_gid);
            let q = quote_always(path);
            match r {
                Err(_) => {
                    if !self.silent {
                        let what = if self.group_only { "group" } else { "ownership" };
                        ctx.error(&format!("changing {what} of {q}: Operation not permitted"));
                    }
                    if self.verbose {
                        let msg = if self.group_only {
                            format!("failed to change group of {q} from {old_g} to {new_g}")
                        } else {
                            format!("failed to change ownership of {q} from {old_u}:{old_g} to {new_u}:{new_g}")
                        };
                        let _ = writeln!(ctx.stdout, "{msg}");
                    }
                    ok = false;
                }
                Ok(()) if self.verbose || (self.changes && changed) => {
                    let msg = match (self.group_only, changed) {
                        (true, true) => format!("changed group of {q} from {old_g} to {new_g}"),
                        (true, false) => format!("group of {q} retained as {new_g}"),
                        (false, true) => format!("changed ownership of {q} from {old_u}:{old_g} to {new_u}:{new_g}"),
                        (false, false) => format!("ownership of {q} retained as {new_u}:{new_g}"),
                    };
                    let _ = writeln!(ctx.stdout, "{msg}");
                }
                Ok(()) => {}
            }
        }
        if self.recursive && meta.file_type == FileType::Dir {
            let entries = match ctx.fs.read_dir(&abs) {
                Ok(e) => e,
                Err(e) => {
                    if !self.silent {
                        ctx.error(&format!("cannot read directory {}: {e}", quote_always(path)));
                    }
                    return false;
                }
            };
            for e in entries {
                if ctx.cancel.cancelled() {
                    return false;
                }
                let child = if path.ends_with('/') { format!("{path}{}", e.name) } else { format!("{path}/{}", e.name) };
                if e.file_type == FileType::Symlink {
                    continue;
                }
                ok &= self.change(ctx, &child, t);
            }
        }
        ok
    }
}

fn run(ctx: &mut Ctx<'_>, argv: &[String], group_only: bool) -> i32 {
    let cfg = Config::new(ctx.name, if group_only { CHGRP_USAGE } else { CHOWN_USAGE });
    let p = match args::parse_with(&cfg, SPECS, argv) {
        Ok(p) => p,
        Err(e) => return e.report(ctx, &cfg),
    };
    let db = Db::load(ctx.fs);
    let me = db.current(ctx);
    let mut r = Run {
        my_groups: db.groups(&me),
        me: me.uid,
        db: &db,
        verbose: false,
        changes: false,
        silent: false,
        recursive: false,
        from: None,
        group_only,
    };
    let mut reference = None;
    for (id, v) in &p.opts {
        match id {
            O::Recursive => r.recursive = true,
            O::Verbose => r.verbose = true,
            O::Changes => r.changes = true,
            O::Silent => r.silent = true,
            O::Reference => reference = v.clone(),
            O::From => match parse_spec(&db, v.as_deref().unwrap_or_default()) {
                Ok(t) => r.from = Some(t),
                Err(msg) => {
                    ctx.error(&msg);
                    return 1;
                }
            },
            _ => {}
        }
    }
    let mut ops = p.operands.as_slice();
    let target = if let Some(rf) = reference {
        match ctx.fs.stat(&join_path(ctx.cwd, &rf)) {
            Ok(m) => Target { uid: (!group_only).then_some(m.uid), gid: Some(m.gid) },
            Err(e) => {
                ctx.error(&format!("failed to get attributes of {}: {e}", quote_always(&rf)));
                return 1;
            }
        }
    } else {
        let Some((spec, rest)) = ops.split_first() else {
            usage_error(ctx, "missing operand");
            return 1;
        };
        ops = rest;
        if ops.is_empty() {
            usage_error(ctx, &format!("missing operand after {}", quote(spec)));
            return 1;
        }
        if group_only {
            match db.group_id(spec) {
                Some(g) => Target { uid: None, gid: Some(g) },
                None => {
                    ctx.error(&format!("invalid group: {}", quote(spec)));
                    return 1;
                }
            }
        } else {
            match parse_spec(&db, spec) {
                Ok(t) => t,
                Err(msg) => {
                    ctx.error(&msg);
                    return 1;
                }
            }
        }
    };
    if ops.is_empty() {
        usage_error(ctx, "missing operand");
        return 1;
    }
    let mut status = 0;
    for f in ops {
        if !r.change(ctx, f, target) {
            status = 1;
        }
    }
    status
}

impl Builtin for Chown {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, false)
    }
}

impl Builtin for Chgrp {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    const PASSWD: &[u8] = b"root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n";
    const GROUP: &[u8] = b"root:x:0:\nuser:x:1000:\nstaff:x:50:user\n";

    #[test]
    fn a_user_may_only_keep_or_regroup_its_own_files() {
        let fs = fs_with(&[("/etc/passwd", PASSWD), ("/etc/group", GROUP), ("/w/f", b"x")]);
        kitsh_core::fs::FileSystem::set_owner(&*fs, "/w/f", Some(1000), Some(1000)).ok();
        let o = run(&Chown, "chown", &["root", "f"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (1, "chown: changing ownership of 'f': Operation not permitted\n"));
        let o = run(&Chown, "chown", &["-v", "user:user", "f"], b"", &*fs, "/w");
        assert_eq!((o.status, o.out()), (0, "ownership of 'f' retained as user:user\n".to_string()));
        let o = run(&Chgrp, "chgrp", &["-c", "staff", "f"], b"", &*fs, "/w");
        assert_eq!((o.status, o.out()), (0, "changed group of 'f' from user to staff\n".to_string()));
        assert_eq!(kitsh_core::fs::FileSystem::stat(&*fs, "/w/f").map(|m| m.gid), Ok(50));
        let o = run(&Chgrp, "chgrp", &["root", "f"], b"", &*fs, "/w");
        assert_eq!(o.status, 1);
    }

    #[test]
    fn bad_specs() {
        let fs = fs_with(&[("/etc/passwd", PASSWD), ("/etc/group", GROUP), ("/w/f", b"x")]);
        let o = run(&Chown, "chown", &["nosuch", "f"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (1, "chown: invalid user: ‘nosuch’\n"));
        let o = run(&Chown, "chown", &["user:nog", "f"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (1, "chown: invalid group: ‘user:nog’\n"));
        let o = run(&Chown, "chown", &["user"], b"", &*fs, "/w");
        assert_eq!(o.status, 1);
        let o = run(&Chown, "chown", &["user", "nosuch"], b"", &*fs, "/w");
        assert_eq!(o.stderr, "chown: cannot access 'nosuch': No such file or directory\n");
    }
}
