//! `install`: copy files and set their mode, as GNU coreutils: `install SRC DEST`,
//! `install SRC... DIR`, `-t DIR`, `-d DIR...` (create directories), `-D` (create the
//! destination's leading directories), `-m MODE` (default 0755), `-o`/`-g` (the ownership rules
//! of `chown` apply), `-v`, `-C`, `-p`, `-T`.

use super::args::{self, quote, quote_always, usage_error, Config, OptSpec};
use super::chmod::{apply, parse_mode};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, WriteMode};

/// The `install` command.
pub struct Install;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Dirs,
    Leading,
    Mode,
    Owner,
    Group,
    Verbose,
    Compare,
    Preserve,
    Target,
    NoTarget,
    Strip,
    Backup,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('d', "directory", O::Dirs),
    OptSpec::flag('D', "", O::Leading),
    OptSpec::req('m', "mode", O::Mode),
    OptSpec::req('o', "owner", O::Owner),
    OptSpec::req('g', "group", O::Group),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::flag('C', "compare", O::Compare),
    OptSpec::flag('p', "preserve-timestamps", O::Preserve),
    OptSpec::req('t', "target-directory", O::Target),
    OptSpec::flag('T', "no-target-directory", O::NoTarget),
    OptSpec::flag('s', "strip", O::Strip),
    OptSpec::flag('b', "", O::Backup),
];

const USAGE: &str = "Usage: install [OPTION]... [-T] SOURCE DEST
  or:  install [OPTION]... SOURCE... DIRECTORY
  or:  install [OPTION]... -t DIRECTORY SOURCE...
  or:  install [OPTION]... -d DIRECTORY...";

fn is_dir(ctx: &Ctx<'_>, p: &str) -> bool {
    ctx.fs.stat(&ctx.abs_path(p)).is_ok_and(|m| m.file_type == FileType::Dir)
}

/// Create `path` and its missing parents (`-v` reports each), with `mode` on the last.
fn make_dirs(ctx: &mut Ctx<'_>, path: &str, mode: Option<u32>, verbose: bool) -> bool {
    let mut prefix = String::new();
    let parts: Vec<&str> = path.split('/').collect();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            prefix.push('/');
        }
        prefix.push_str(part);
        if part.is_empty() || *part == "." {
            continue;
        }
        let abs = ctx.abs_path(&prefix);
        match ctx.fs.stat(&abs) {
            Ok(m) if m.file_type == FileType::Dir => continue,
            Ok(_) => {
                ctx.error(&format!("cannot create directory {}: File exists", quote_always(&prefix)));
                return false;
            }
            Err(_) => {
                if let Err(e) = ctx.fs.mkdir(&abs, false) {
                    ctx.error(&format!("cannot create directory {}: {e}", quote_always(&prefix)));
                    return false;
                }
                if verbose {
                    let _ = writeln!(ctx.stdout, "install: creating directory {}", quote_always(&prefix));
                }
            }
        }
    }
    if let Some(m) = mode {
        let _ = ctx.fs.set_mode(&ctx.abs_path(path), m);
    }
    true
}

struct Run {
    mode: u32,
    verbose: bool,
    compare: bool,
    preserve: bool,
    owner: bool,
}

impl Run {
    fn copy(&self, ctx: &mut Ctx<'_>, src: &str, dst: &str) -> bool {
        let sabs = ctx.abs_path(src);
        let smeta = match ctx.fs.stat(&sabs) {
            Ok(m) => m,
            Err(e) => {
                ctx.error(&format!("cannot stat {}: {e}", quote_always(src)));
                return false;
            }
        };
        if smeta.file_type == FileType::Dir {
            ctx.error(&format!("omitting directory {}", quote_always(src)));
            return false;
        }
        let dabs = ctx.abs_path(dst);
        if let Ok(dm) = ctx.fs.stat(&dabs) {
            if dm.ino == smeta.ino {
                ctx.error(&format!("{} and {} are the same file", quote_always(src), quote_always(dst)));
                return false;
            }
        }
        let data = match ctx.fs.read_file(&sabs) {
            Ok(d) => d,
            Err(e) => {
                ctx.error(&format!("cannot open {} for reading: {e}", quote_always(src)));
                return false;
            }
        };
        if self.compare && ctx.fs.read_file(&dabs).is_ok_and(|old| old == data) && ctx.fs.stat(&dabs).is_ok_and(|m| m.mode & 0o7777 == self.mode) {
            return true;
        }
        // install removes the destination first (it may be a symlink or read-only).
        if ctx.fs.lstat(&dabs).is_ok() {
            let _ = ctx.fs.remove_file(&dabs);
        }
        if let Err(e) = ctx.fs.write_file(&dabs, &data, WriteMode::Truncate) {
            ctx.error(&format!("cannot create regular file {}: {e}", quote_always(dst)));
            return false;
        }
        let _ = ctx.fs.set_mode(&dabs, self.mode);
        if self.preserve {
            let _ = ctx.fs.set_mtime(&dabs, smeta.mtime);
        }
        if self.owner {
            ctx.error(&format!("cannot change ownership of {}: Operation not permitted", quote_always(dst)));
            return false;
        }
        if self.verbose {
            let _ = writeln!(ctx.stdout, "{} -> {}", quote_always(src), quote_always(dst));
        }
        true
    }
}

impl Builtin for Install {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("install", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut dirs, mut leading, mut mode, mut verbose, mut compare, mut preserve, mut target, mut no_target, mut owner) =
            (false, false, None, false, false, false, None, false, None::<String>);
        for (id, v) in p.opts {
            match id {
                O::Dirs => dirs = true,
                O::Leading => leading = true,
                O::Mode => {
                    let v = v.unwrap_or_default();
                    match parse_mode(&v) {
                        Some(m) => mode = Some(apply(&m, 0o755, false, 0o022) & 0o7777),
                        None => {
                            ctx.error(&format!("invalid mode {}", quote(&v)));
                            return 1;
                        }
                    }
                }
                O::Owner | O::Group => owner = v,
                O::Verbose => verbose = true,
                O::Compare => compare = true,
                O::Preserve => preserve = true,
                O::Target => target = v,
                O::NoTarget => no_target = true,
                O::Strip | O::Backup => {}
            }
        }
        // Ownership changes follow chown's rules: only to the user itself.
        let me = super::id::Db::load(ctx.fs);
        let current = me.current(ctx);
        let owner_change = owner.as_deref().is_some_and(|o| o != current.name && o != current.uid.to_string() && me.group_id(o) != Some(current.gid));
        if dirs {
            if p.operands.is_empty() {
                usage_error(ctx, "missing file operand");
                return 1;
            }
            let mut status = 0;
            for d in &p.operands {
                if !make_dirs(ctx, d, Some(mode.unwrap_or(0o755)), verbose) {
                    status = 1;
                }
            }
            return status;
        }
        let run = Run { mode: mode.unwrap_or(0o755), verbose, compare, preserve, owner: owner_change };
        let ops = &p.operands;
        if let Some(t) = target {
            if ops.is_empty() {
                usage_error(ctx, "missing file operand");
                return 1;
            }
            if leading && !make_dirs(ctx, &t, None, verbose) {
                return 1;
            }
            if !is_dir(ctx, &t) {
                ctx.error(&format!("target {} is not a directory", quote_always(&t)));
                return 1;
            }
            let mut status = 0;
            for s in ops {
                let dst = format!("{}/{}", t.trim_end_matches('/'), s.rsplit('/').next().unwrap_or(s));
                if !run.copy(ctx, s, &dst) {
                    status = 1;
                }
            }
            return status;
        }
        match ops.len() {
            0 => {
                usage_error(ctx, "missing file operand");
                1
            }
            1 => {
                usage_error(ctx, &format!("missing destination file operand after {}", quote_always(&ops[0])));
                1
            }
            2 if no_target || !is_dir(ctx, &ops[1]) => {
                if leading {
                    if let Some((dir, _)) = ops[1].rsplit_once('/') {
                        if !dir.is_empty() && !make_dirs(ctx, dir, None, verbose) {
                            return 1;
                        }
                    }
                }
                i32::from(!run.copy(ctx, &ops[0], &ops[1]))
            }
            _ => {
                let dir = &ops[ops.len() - 1];
                match ctx.fs.stat(&ctx.abs_path(dir)) {
                    Ok(m) if m.file_type == FileType::Dir => {}
                    Ok(_) => {
                        ctx.error(&format!("target {} is not a directory", quote_always(dir)));
                        return 1;
                    }
                    Err(e) => {
                        ctx.error(&format!("target {}: {e}", quote_always(dir)));
                        return 1;
                    }
                }
                let mut status = 0;
                for s in &ops[..ops.len() - 1] {
                    let dst = format!("{}/{}", dir.trim_end_matches('/'), s.rsplit('/').next().unwrap_or(s));
                    if !run.copy(ctx, s, &dst) {
                        status = 1;
                    }
                }
                status
            }
        }
    }
}
