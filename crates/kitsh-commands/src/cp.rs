//! `cp`: copy files and directory trees (`-r`/`-R`, `-a`, `-p`, `-f`, `-n`, `-v`, `-L`/`-P`,
//! `-t DIR`, `-T`).

use super::args::{self, quote_always, ArgKind, Config, OptSpec};
use super::copy_move::{is_within, plan};
use super::{Builtin, Ctx};
use kitsh_core::fs::{join_path, FileType, WriteMode};

/// The `cp` command.
pub struct Cp;

/// Deepest directory level copied.
const MAX_DEPTH: usize = 256;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Recursive,
    Archive,
    Preserve,
    Force,
    NoClobber,
    Verbose,
    Dereference,
    NoDereference,
    TargetDir,
    NoTargetDir,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('r', "recursive", O::Recursive),
    OptSpec::flag('R', "", O::Recursive),
    OptSpec::flag('a', "archive", O::Archive),
    OptSpec::flag('p', "", O::Preserve),
    OptSpec::long("preserve", ArgKind::Optional, O::Preserve),
    OptSpec::flag('f', "force", O::Force),
    OptSpec::flag('i', "interactive", O::Force),
    OptSpec::flag('n', "no-clobber", O::NoClobber),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::flag('L', "dereference", O::Dereference),
    OptSpec::flag('P', "no-dereference", O::NoDereference),
    OptSpec::req('t', "target-directory", O::TargetDir),
    OptSpec::flag('T', "no-target-directory", O::NoTargetDir),
];
const USAGE: &str = "Usage: cp [OPTION]... [-T] SOURCE DEST\n  or:  cp [OPTION]... SOURCE... DIRECTORY\n  or:  cp [OPTION]... -t DIRECTORY SOURCE...\nCopy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.";

#[derive(Default)]
struct Opts {
    recursive: bool,
    preserve: bool,
    no_clobber: bool,
    verbose: bool,
    /// Copy symlinks as links (`-P`, the default with `-r`/`-a`).
    links_as_links: Option<bool>,
}

impl Builtin for Cp {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts::default();
        let (mut target, mut no_target) = (None, false);
        for (opt, val) in parsed.opts {
            match opt {
                O::Recursive => o.recursive = true,
                O::Archive => {
                    o.recursive = true;
                    o.preserve = true;
                    o.links_as_links = Some(true);
                }
                O::Preserve => o.preserve = true,
                O::Force => o.no_clobber = false,
                O::NoClobber => o.no_clobber = true,
                O::Verbose => o.verbose = true,
                O::Dereference => o.links_as_links = Some(false),
                O::NoDereference => o.links_as_links = Some(true),
                O::TargetDir => target = val,
                O::NoTargetDir => no_target = true,
            }
        }
        let Some(pairs) = plan(ctx, &parsed.operands, target.as_deref(), no_target) else { return 1 };
        let mut status = 0;
        for (src, dest) in pairs {
            if !o.copy_top(ctx, &src, &dest) {
                status = 1;
            }
        }
        status
    }
}

impl Opts {
    /// Copy one operand; `false` when an error was reported.
    fn copy_top(&self, ctx: &mut Ctx<'_>, src: &str, dest: &str) -> bool {
        let (from, to) = (ctx.abs_path(src), ctx.abs_path(dest));
        // `-r` copies symbolic links as links unless `-L` is given.
        let links = self.links_as_links.unwrap_or(self.recursive);
        let meta = if links { ctx.fs.lstat(&from) } else { ctx.fs.stat(&from) };
        let meta = match meta {
            Ok(m) => m,
            Err(e) => {
                ctx.error(&format!("cannot stat {}: {e}", quote_always(src)));
                return false;
            }
        };
        if meta.file_type == FileType::Dir {
            if !self.recursive {
                ctx.error(&format!("-r not specified; omitting directory {}", quote_always(src)));
                return false;
            }
            if is_within(&to, &from) {
                // GNU cp creates the destination before it notices.
                let _ = ctx.fs.mkdir(&to, false);
                ctx.error(&format!("cannot copy a directory, {}, into itself, {}", quote_always(src), quote_always(dest)));
                return false;
            }
        } else if ctx.fs.canonicalize(&from).ok().is_some_and(|c| ctx.fs.canonicalize(&to).ok() == Some(c)) {
            ctx.error(&format!("{} and {} are the same file", quote_always(src), quote_always(dest)));
            return false;
        }
        self.copy(ctx, src, dest, &from, &to, links, 0)
    }

    /// Copy the node at absolute `from` to absolute `to` (`src`/`dest` as shown in messages),
    /// `depth` directories down.
    #[allow(clippy::too_many_arguments)]
    fn copy(&self, ctx: &mut Ctx<'_>, src: &str, dest: &str, from: &str, to: &str, links: bool, depth: usize) -> bool {
        // `-L` through a link to an ancestor would recurse for ever.
        if depth > MAX_DEPTH {
            ctx.error(&format!("cannot copy {}: Too many levels of symbolic links", quote_always(src)));
            return false;
        }
        let meta = match if links { ctx.fs.lstat(from) } else { ctx.fs.stat(from) } {
            Ok(m) => m,
            Err(e) => {
                ctx.error(&format!("cannot stat {}: {e}", quote_always(src)));
                return false;
            }
        };
        let existing = ctx.fs.lstat(to).ok();
        if self.no_clobber && existing.is_some() && meta.file_type != FileType::Dir {
            return true;
        }
        let r = match meta.file_type {
            FileType::Dir => {
                if let Some(e) = &existing {
                    if e.file_type != FileType::Dir {
                        ctx.error(&format!("cannot overwrite non-directory {} with directory {}", quote_always(dest), quote_always(src)));
                        return false;
                    }
                } else if let Err(e) = ctx.fs.mkdir(to, false) {
                    ctx.error(&format!("cannot create directory {}: {e}", quote_always(dest)));
                    return false;
                }
                self.report(ctx, src, dest);
                let entries = match ctx.fs.read_dir(from) {
                    Ok(v) => v,
                    Err(e) => {
                        ctx.error(&format!("cannot access {}: {e}", quote_always(src)));
                        return false;
                    }
                };
                let mut ok = true;
                for e in entries {
                    let (s, d) = (join_path(src, &e.name), join_path(dest, &e.name));
                    let (f, t) = (join_path(from, &e.name), join_path(to, &e.name));
                    ok &= self.copy(ctx, &s, &d, &f, &t, links, depth + 1);
                }
                if self.preserve {
                    let _ = ctx.fs.set_mode(to, meta.mode & 0o7777);
                    let _ = ctx.fs.set_mtime(to, meta.mtime);
                }
                return ok;
            }
            FileType::Symlink => {
                if existing.is_some() {
                    let _ = ctx.fs.remove_file(to);
                }
                ctx.fs.read_link(from).and_then(|target| ctx.fs.symlink(&target, to))
            }
            _ => {
                if existing.as_ref().is_some_and(|e| e.file_type == FileType::Dir) {
                    ctx.error(&format!("cannot overwrite directory {} with non-directory", quote_always(dest)));
                    return false;
                }
                let data = match ctx.fs.read_file(from) {
                    Ok(d) => d,
                    Err(e) => {
                        ctx.error(&format!("cannot open {} for reading: {e}", quote_always(src)));
                        return false;
                    }
                };
                ctx.fs.write_file(to, &data, WriteMode::Truncate).map(|()| {
                    // A new file gets the source's permissions (less the usual umask 022).
                    let mode = if self.preserve { meta.mode & 0o7777 } else { meta.mode & 0o755 };
                    if self.preserve || existing.is_none() {
                        let _ = ctx.fs.set_mode(to, mode);
                    }
                    if self.preserve {
                        let _ = ctx.fs.set_mtime(to, meta.mtime);
                    }
                })
            }
        };
        match r {
            Ok(()) => {
                self.report(ctx, src, dest);
                true
            }
            Err(e) => {
                ctx.error(&format!("cannot create regular file {}: {e}", quote_always(dest)));
                false
            }
        }
    }

    fn report(&self, ctx: &mut Ctx<'_>, src: &str, dest: &str) {
        if self.verbose {
            let _ = writeln!(ctx.stdout, "{} -> {}", quote_always(src), quote_always(dest));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;
    use kitsh_core::fs::{FileSystem, MemoryFs};

    fn cp(fs: &MemoryFs, args: &[&str]) -> (String, String, i32) {
        let o = run(&Cp, "cp", args, b"", fs, "/t");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn copies_files_and_trees() {
        let fs = fs_with(&[("/t/a", b"A"), ("/t/d/x", b"X"), ("/t/d/s/y", b"Y"), ("/t/o/", b"")]);
        assert_eq!(cp(&fs, &["-v", "a", "b"]), ("'a' -> 'b'\n".into(), String::new(), 0));
        assert_eq!(fs.read_file("/t/b").unwrap(), b"A");
        assert_eq!(cp(&fs, &["a", "b", "o"]).2, 0);
        assert_eq!(fs.read_file("/t/o/b").unwrap(), b"A");
        assert_eq!(cp(&fs, &["-r", "d", "e"]).2, 0);
        assert_eq!(fs.read_file("/t/e/s/y").unwrap(), b"Y");
        assert_eq!(cp(&fs, &["-r", "d", "e"]).2, 0);
        assert_eq!(fs.read_file("/t/e/d/x").unwrap(), b"X");
        assert_eq!(cp(&fs, &["-n", "o/b", "d/x"]).2, 0);
        assert_eq!(fs.read_file("/t/d/x").unwrap(), b"X");
    }

    #[test]
    fn a_link_cycle_followed_with_dash_l_ends() {
        let fs = fs_with(&[("/t/d/x", b"X")]);
        let _ = fs.symlink("..", "/t/d/up");
        let (_, err, status) = cp(&fs, &["-rL", "d", "/e"]);
        assert_eq!(status, 1);
        assert!(err.contains("Too many levels of symbolic links"), "{err}");
    }

    #[test]
    fn errors() {
        let fs = fs_with(&[("/t/a", b"A"), ("/t/d/x", b"X")]);
        assert_eq!(cp(&fs, &["d", "e"]), (String::new(), "cp: -r not specified; omitting directory 'd'\n".into(), 1));
        assert_eq!(cp(&fs, &["nope", "e"]).1, "cp: cannot stat 'nope': No such file or directory\n");
        assert_eq!(cp(&fs, &["a", "a"]).1, "cp: 'a' and 'a' are the same file\n");
        assert_eq!(cp(&fs, &["-r", "d", "d/sub"]).1, "cp: cannot copy a directory, 'd', into itself, 'd/sub'\n");
        assert_eq!(cp(&fs, &[]).1, "cp: missing file operand\nTry 'cp --help' for more information.\n");
    }
}
