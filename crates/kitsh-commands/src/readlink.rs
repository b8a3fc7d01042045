//! `readlink`: print symlink targets, or canonical names with `-f` (all but the last component
//! must exist), `-e` (all must exist) and `-m` (no requirement); `-n -z -q -s -v`.

use super::args::{self, usage_error, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError};

/// The `readlink` command.
pub struct Readlink;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    F,
    E,
    M,
    NoNewline,
    Quiet,
    Verbose,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('f', "canonicalize", O::F),
    OptSpec::flag('e', "canonicalize-existing", O::E),
    OptSpec::flag('m', "canonicalize-missing", O::M),
    OptSpec::flag('n', "no-newline", O::NoNewline),
    OptSpec::flag('q', "quiet", O::Quiet),
    OptSpec::flag('s', "silent", O::Quiet),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::flag('z', "zero", O::Zero),
];
const USAGE: &str = "Usage: readlink [OPTION]... FILE...\nPrint value of a symbolic link or canonical file name";

/// How much of a path must exist for [`canonicalize`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Canon {
    /// Every component (`-e`).
    Existing,
    /// All but the last (`-f`).
    AllButLast,
    /// None (`-m`).
    Missing,
}

/// Resolve `path` (absolute, or relative to `cwd`) following every symlink, like GNU
/// `canonicalize_filename_mode`.
pub fn canonicalize(ctx: &Ctx<'_>, path: &str, mode: Canon) -> Result<String, FsError> {
    if path.is_empty() {
        return Err(FsError::NotFound);
    }
    let mut pending: Vec<String> = Vec::new();
    let full = if path.starts_with('/') { path.to_string() } else { format!("{}/{path}", ctx.cwd) };
    pending.extend(full.split('/').filter(|c| !c.is_empty()).rev().map(String::from));
    let mut out = String::new();
    let mut hops = 0;
    let mut missing = false;
    while let Some(c) = pending.pop() {
        match c.as_str() {
            "." => continue,
            ".." => {
                out.truncate(out.rfind('/').unwrap_or(0));
                continue;
            }
            _ => {}
        }
        let cand = format!("{out}/{c}");
        let last = pending.iter().all(|p| p == ".");
        if missing {
            out = cand;
            continue;
        }
        match ctx.fs.lstat(&cand) {
            Ok(m) if m.file_type == FileType::Symlink => {
                hops += 1;
                if hops > 40 {
                    return Err(FsError::Loop);
                }
                let target = ctx.fs.read_link(&cand)?;
                if target.starts_with('/') {
                    out.clear();
                }
                pending.extend(target.split('/').filter(|c| !c.is_empty()).rev().map(String::from));
            }
            Ok(m) => {
                if m.file_type != FileType::Dir && !last && mode != Canon::Missing {
                    return Err(FsError::NotDir);
                }
                if m.file_type != FileType::Dir && !last {
                    missing = true;
                }
                out = cand;
            }
            Err(e) => {
                if mode == Canon::Existing || (mode == Canon::AllButLast && !last) {
                    return Err(e);
                }
                missing = true;
                out = cand;
            }
        }
    }
    Ok(if out.is_empty() { "/".into() } else { out })
}

impl Builtin for Readlink {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut mode, mut newline, mut verbose, mut end) = (None, true, false, b'\n');
        for (o, _) in parsed.opts {
            match o {
                O::F => mode = Some(Canon::AllButLast),
                O::E => mode = Some(Canon::Existing),
                O::M => mode = Some(Canon::Missing),
                O::NoNewline => newline = false,
                O::Quiet => verbose = false,
                O::Verbose => verbose = true,
                O::Zero => end = 0,
            }
        }
        let ops = &parsed.operands;
        if ops.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        if ops.len() > 1 && !newline {
            ctx.error("ignoring --no-newline with multiple arguments");
            newline = true;
        }
        let mut status = 0;
        let mut out = Vec::new();
        for p in ops {
            let r = match mode {
                Some(m) => canonicalize(ctx, p, m),
                None => ctx.fs.read_link(&ctx.abs_path(p)),
            };
            match r {
                Ok(t) => {
                    out.extend_from_slice(&kitsh_core::util::bytes::encode(&t));
                    if newline {
                        out.push(end);
                    }
                }
                Err(e) => {
                    if verbose {
                        ctx.error(&format!("{}: {e}", args::quote_name(p)));
                    }
                    status = 1;
                }
            }
        }
        match ctx.stdout.write_all(&out) {
            Ok(()) => status,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    #[test]
    fn resolves() {
        let fs = fs_with(&[("/w/a", b""), ("/w/d/", b"")]);
        let _ = fs.symlink("a", "/w/b");
        let _ = fs.symlink("d", "/w/dl");
        let _ = fs.symlink("loop", "/w/loop2");
        let _ = fs.symlink("loop2", "/w/loop");
        let rl = |args: &[&str]| {
            let o = run(&Readlink, "readlink", args, b"", &*fs, "/w");
            (o.out(), o.stderr, o.status)
        };
        let ok = |s: &str| (s.to_string(), String::new(), 0);
        assert_eq!(rl(&["b"]), ok("a\n"));
        assert_eq!(rl(&["a"]), (String::new(), String::new(), 1));
        assert_eq!(rl(&["-v", "a"]).1, "readlink: a: Invalid argument\n");
        assert_eq!(rl(&["-f", "b"]), ok("/w/a\n"));
        assert_eq!(rl(&["-f", "dl/x"]), ok("/w/d/x\n"));
        assert_eq!(rl(&["-f", "dl/x/y"]).2, 1);
        assert_eq!(rl(&["-e", "dl/x"]).2, 1);
        assert_eq!(rl(&["-m", "dl/x/y"]), ok("/w/d/x/y\n"));
        assert_eq!(rl(&["-m", "a/x"]), ok("/w/a/x\n"));
        assert_eq!(rl(&["-ev", "loop"]).1, "readlink: loop: Too many levels of symbolic links\n");
        assert_eq!(rl(&["-fv", "a/x"]).1, "readlink: a/x: Not a directory\n");
        assert_eq!(rl(&["-ev", "nosuch"]).1, "readlink: nosuch: No such file or directory\n");
        assert_eq!(rl(&["-n", "b"]), ok("a"));
        assert_eq!(rl(&["-z", "b"]), ok("a\0"));
        assert_eq!(rl(&["-f", ".", "..", "/"]), ok("/w\n/\n/\n"));
        assert_eq!(rl(&["-f", "dl/../b"]), ok("/w/a\n"));
        assert_eq!(rl(&["-f", ""]).2, 1);
        assert_eq!(rl(&[]).1, "readlink: missing operand\nTry 'readlink --help' for more information.\n");
    }
}
