//! `mv`: move (rename) files and directories (`-f`, `-i`, `-n`, `-v`, `-t DIR`, `-T`).

use super::args::{self, quote_always, ArgKind, Config, OptSpec};
use super::copy_move::{is_within, plan};
use super::{Builtin, Ctx};
use kitsh_core::fs::FileType;

/// The `mv` command.
pub struct Mv;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Force,
    Interactive,
    NoClobber,
    Verbose,
    TargetDir,
    NoTargetDir,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('f', "force", O::Force),
    OptSpec::flag('i', "interactive", O::Interactive),
    OptSpec::flag('n', "no-clobber", O::NoClobber),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::req('t', "target-directory", O::TargetDir),
    OptSpec::flag('T', "no-target-directory", O::NoTargetDir),
    OptSpec::long("update", ArgKind::None, O::Force),
];
const USAGE: &str = "Usage: mv [OPTION]... [-T] SOURCE DEST\n  or:  mv [OPTION]... SOURCE... DIRECTORY\n  or:  mv [OPTION]... -t DIRECTORY SOURCE...\nRename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.";

impl Builtin for Mv {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut no_clobber, mut verbose, mut target, mut no_target) = (false, false, None, false);
        for (opt, val) in parsed.opts {
            match opt {
                O::Force | O::Interactive => no_clobber = false,
                O::NoClobber => no_clobber = true,
                O::Verbose => verbose = true,
                O::TargetDir => target = val,
                O::NoTargetDir => no_target = true,
            }
        }
        let Some(pairs) = plan(ctx, &parsed.operands, target.as_deref(), no_target) else { return 1 };
        let mut status = 0;
        for (src, dest) in pairs {
            if let Err(msg) = move_one(ctx, &src, &dest, no_clobber) {
                ctx.error(&msg);
                status = 1;
            } else if verbose {
                let _ = writeln!(ctx.stdout, "renamed {} -> {}", quote_always(&src), quote_always(&dest));
            }
        }
        status
    }
}

/// Move `src` to `dest` (both as given); `Err` is the message.
fn move_one(ctx: &Ctx<'_>, src: &str, dest: &str, no_clobber: bool) -> Result<(), String> {
    let (from, to) = (ctx.abs_path(src), ctx.abs_path(dest));
    let meta = ctx.fs.lstat(&from).map_err(|e| format!("cannot stat {}: {e}", quote_always(src)))?;
    let existing = ctx.fs.lstat(&to).ok();
    if existing.is_some() && from == to {
        return Err(format!("{} and {} are the same file", quote_always(src), quote_always(dest)));
    }
    if no_clobber && existing.is_some() {
        return Ok(());
    }
    if meta.file_type == FileType::Dir && is_within(&to, &from) {
        return Err(format!("cannot move {} to a subdirectory of itself, {}", quote_always(src), quote_always(dest)));
    }
    match existing.map(|m| m.file_type) {
        Some(FileType::Dir) if meta.file_type != FileType::Dir => {
            return Err(format!("cannot overwrite directory {} with non-directory", quote_always(dest)));
        }
        Some(t) if t != FileType::Dir && meta.file_type == FileType::Dir => {
            return Err(format!("cannot overwrite non-directory {} with directory {}", quote_always(dest), quote_always(src)));
        }
        _ => {}
    }
    ctx.fs.rename(&from, &to).map_err(|e| format!("cannot move {} to {}: {e}", quote_always(src), quote_always(dest)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;
    use kitsh_core::fs::{FileSystem, MemoryFs};

    fn mv(fs: &MemoryFs, args: &[&str]) -> (String, String, i32) {
        let o = run(&Mv, "mv", args, b"", fs, "/t");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn renames_and_moves_into_directories() {
        let fs = fs_with(&[("/t/a", b"A"), ("/t/b", b"B"), ("/t/d/", b""), ("/t/e/x", b"X")]);
        assert_eq!(mv(&fs, &["-v", "a", "c"]), ("renamed 'a' -> 'c'\n".into(), String::new(), 0));
        assert_eq!(fs.read_file("/t/c").unwrap(), b"A");
        assert_eq!(mv(&fs, &["b", "c", "d"]).2, 0);
        assert_eq!(fs.read_file("/t/d/b").unwrap(), b"B");
        assert_eq!(mv(&fs, &["e", "d/"]).2, 0);
        assert_eq!(fs.read_file("/t/d/e/x").unwrap(), b"X");
        assert_eq!(mv(&fs, &["-t", "/t", "d/c"]).2, 0);
        assert!(fs.stat("/t/c").is_ok());
    }

    #[test]
    fn errors() {
        let fs = fs_with(&[("/t/a", b"A"), ("/t/b", b"B"), ("/t/d/", b"")]);
        assert_eq!(mv(&fs, &["nope", "x"]), (String::new(), "mv: cannot stat 'nope': No such file or directory\n".into(), 1));
        assert_eq!(mv(&fs, &["a"]).1, "mv: missing destination file operand after 'a'\nTry 'mv --help' for more information.\n");
        assert_eq!(mv(&fs, &["a", "b", "c"]).1, "mv: target 'c': No such file or directory\n");
        assert_eq!(mv(&fs, &["d", "a", "b"]).1, "mv: target 'b': Not a directory\n");
        assert_eq!(mv(&fs, &["d", "d/sub"]).1, "mv: cannot move 'd' to a subdirectory of itself, 'd/sub'\n");
        assert_eq!(mv(&fs, &["a", "d"]).2, 0);
        assert_eq!(mv(&fs, &["-n", "b", "d/a"]).2, 0);
        assert_eq!(fs.read_file("/t/d/a").unwrap(), b"A");
        assert_eq!(mv(&fs, &["b", "d"]).2, 0);
        assert_eq!(mv(&fs, &["d/b", "/t/d"]).1, "mv: 'd/b' and '/t/d/b' are the same file\n");
    }
}
