//! `rmdir`: remove empty directories (`-p` parents too, `-v`, `--ignore-fail-on-non-empty`).

use super::args::{self, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError};

/// The `rmdir` command.
pub struct Rmdir;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    IgnoreNonEmpty,
    Parents,
    Verbose,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::long("ignore-fail-on-non-empty", ArgKind::None, O::IgnoreNonEmpty),
    OptSpec::flag('p', "parents", O::Parents),
    OptSpec::flag('v', "verbose", O::Verbose),
];
const USAGE: &str = "Usage: rmdir [OPTION]... DIRECTORY...\nRemove the DIRECTORY(ies), if they are empty.";

/// Remove the directory `dir` as given on the command line; `Err` is the message text.
fn remove(ctx: &Ctx<'_>, dir: &str) -> Result<(), String> {
    let last = dir.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let abs = ctx.abs_path(dir);
    if last == "." {
        return Err(FsError::Invalid.to_string());
    }
    if last == ".." {
        return Err(FsError::NotEmpty.to_string());
    }
    if abs == "/" {
        return Err("Device or resource busy".into());
    }
    let meta = ctx.fs.lstat(&abs).map_err(|e| e.to_string())?;
    match meta.file_type {
        FileType::Dir => ctx.fs.remove_dir(&abs).map_err(|e| e.to_string()),
        FileType::Symlink if dir.ends_with('/') => match ctx.fs.stat(&abs) {
            Ok(m) if m.file_type == FileType::Dir => Err("Symbolic link not followed".into()),
            _ => Err(FsError::NotDir.to_string()),
        },
        _ => Err(FsError::NotDir.to_string()),
    }
}

struct Opts {
    ignore: bool,
    parents: bool,
    verbose: bool,
}

impl Opts {
    /// Remove `dir` (and its parents with `-p`); `false` when an error was reported.
    fn run_one(&self, ctx: &mut Ctx<'_>, dir: &str) -> bool {
        let mut path = dir.to_string();
        let mut first = true;
        loop {
            if self.verbose {
                let _ = writeln!(ctx.stdout, "{}: removing directory, {}", ctx.name, quote_always(&path));
            }
            if let Err(msg) = remove(ctx, &path) {
                if self.ignore && msg == FsError::NotEmpty.to_string() {
                    return true;
                }
                let what = if first { "" } else { "directory " };
                ctx.error(&format!("failed to remove {what}{}: {msg}", quote_always(&path)));
                return false;
            }
            if !self.parents {
                return true;
            }
            let trimmed = path.trim_end_matches('/');
            let Some(slash) = trimmed.rfind('/') else { return true };
            let parent = trimmed[..slash].trim_end_matches('/');
            path = if parent.is_empty() { "/".to_string() } else { parent.to_string() };
            first = false;
        }
    }
}

impl Builtin for Rmdir {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts { ignore: false, parents: false, verbose: false };
        for (opt, _) in parsed.opts {
            match opt {
                O::IgnoreNonEmpty => o.ignore = true,
                O::Parents => o.parents = true,
                O::Verbose => o.verbose = true,
            }
        }
        if parsed.operands.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        let mut status = 0;
        for d in &parsed.operands {
            if !o.run_one(ctx, d) {
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;
    use kitsh_core::fs::{FileSystem, MemoryFs};

    fn rmdir(fs: &MemoryFs, args: &[&str]) -> (String, String, i32) {
        let o = run(&Rmdir, "rmdir", args, b"", fs, "/t");
        (o.out(), o.stderr, o.status)
    }
    fn tree() -> Box<MemoryFs> {
        let fs = fs_with(&[("/t/a/b/c/", b""), ("/t/e/f", b""), ("/t/f", b""), ("/t/x/y/", b""), ("/t/x/z", b"")]);
        let _ = fs.symlink("e", "/t/l");
        fs
    }

    #[test]
    fn removes() {
        let fs = tree();
        assert_eq!(rmdir(&fs, &["-v", "-p", "a/b/c"]).0, "rmdir: removing directory, 'a/b/c'\nrmdir: removing directory, 'a/b'\nrmdir: removing directory, 'a'\n");
        assert!(fs.stat("/t/a").is_err());
        assert_eq!(rmdir(&fs, &["-p", "x/y"]), (String::new(), "rmdir: failed to remove directory 'x': Directory not empty\n".into(), 1));
        assert!(fs.stat("/t/x/y").is_err());
        let fs = tree();
        assert_eq!(rmdir(&fs, &["-p", "--ignore-fail-on-non-empty", "x//y//"]).2, 0);
        assert_eq!(rmdir(&fs, &["--ignore-fail-on-non-empty", "e"]).2, 0);
    }

    #[test]
    fn errors() {
        let fs = tree();
        let e = |a: &[&str]| rmdir(&fs, a).1;
        assert_eq!(e(&["nosuch"]), "rmdir: failed to remove 'nosuch': No such file or directory\n");
        assert_eq!(e(&["e"]), "rmdir: failed to remove 'e': Directory not empty\n");
        assert_eq!(e(&["f"]), "rmdir: failed to remove 'f': Not a directory\n");
        assert_eq!(e(&["l"]), "rmdir: failed to remove 'l': Not a directory\n");
        assert_eq!(e(&["l/"]), "rmdir: failed to remove 'l/': Symbolic link not followed\n");
        assert_eq!(e(&["."]), "rmdir: failed to remove '.': Invalid argument\n");
        assert_eq!(e(&[".."]), "rmdir: failed to remove '..': Directory not empty\n");
        assert_eq!(e(&["/"]), "rmdir: failed to remove '/': Device or resource busy\n");
        assert_eq!(e(&[]), "rmdir: missing operand\nTry 'rmdir --help' for more information.\n");
        assert_eq!(rmdir(&fs, &["-pv", "x/"]), ("rmdir: removing directory, 'x/'\n".into(), "rmdir: failed to remove 'x/': Directory not empty\n".into(), 1));
    }
}
