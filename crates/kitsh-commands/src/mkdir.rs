//! `mkdir`: create directories (`-p` parents, `-m MODE`, `-v`).

use super::args::{self, quote, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::chmod::{apply, parse_mode, Mode, UMASK};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError};

/// The `mkdir` command.
pub struct Mkdir;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Mode,
    Parents,
    Verbose,
    Ignored,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('m', "mode", O::Mode),
    OptSpec::flag('p', "parents", O::Parents),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec { short: Some('Z'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec::long("context", ArgKind::Optional, O::Ignored),
];
const USAGE: &str = "Usage: mkdir [OPTION]... DIRECTORY...\nCreate the DIRECTORY(ies), if they do not already exist.";

struct Run {
    mode: Option<u32>,
    parents: bool,
    verbose: bool,
}

impl Run {
    fn created(&self, ctx: &mut Ctx<'_>, shown: &str) {
        if self.verbose {
            let _ = writeln!(ctx.stdout, "{}: created directory {}", ctx.name, quote_always(shown));
        }
    }

    /// Create one directory; `Err` carries the path shown in the message and the error.
    fn make(&self, ctx: &mut Ctx<'_>, dir: &str) -> Result<(), (String, FsError)> {
        if !self.parents {
            ctx.fs.mkdir(&ctx.abs_path(dir), false).map_err(|e| (dir.to_string(), e))?;
            self.created(ctx, dir);
            return self.set_mode(ctx, dir);
        }
        let comps: Vec<&str> = dir.split('/').collect();
        let mut prefix = String::new();
        for (k, c) in comps.iter().enumerate() {
            if k > 0 {
                prefix.push('/');
            }
            prefix.push_str(c);
            if c.is_empty() || *c == "." || *c == ".." {
                continue;
            }
            let abs = ctx.abs_path(&prefix);
            match ctx.fs.stat(&abs) {
                Ok(m) if m.file_type == FileType::Dir => continue,
                Ok(_) => return Err((prefix, if comps[k + 1..].iter().all(|c| c.is_empty()) { FsError::Exists } else { FsError::NotDir })),
                Err(_) => {}
            }
            ctx.fs.mkdir(&abs, false).map_err(|e| (prefix.clone(), e))?;
            self.created(ctx, &prefix);
        }
        self.set_mode(ctx, dir)
    }

    fn set_mode(&self, ctx: &mut Ctx<'_>, dir: &str) -> Result<(), (String, FsError)> {
        match self.mode {
            Some(m) => ctx.fs.set_mode(&ctx.abs_path(dir), m).map_err(|e| (dir.to_string(), e)),
            None => Ok(()),
        }
    }
}

impl Builtin for Mkdir {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut run = Run { mode: None, parents: false, verbose: false };
        for (o, v) in parsed.opts {
            match o {
                O::Mode => {
                    let text = v.unwrap_or_default();
                    match parse_mode(&text) {
                        Some(Mode::Octal(m)) => run.mode = Some(m),
                        Some(m) => run.mode = Some(apply(&m, 0o777, true, UMASK)),
                        None => {
                            ctx.error(&format!("invalid mode {}", quote(&text)));
                            return 1;
                        }
                    }
                }
                O::Parents => run.parents = true,
                O::Verbose => run.verbose = true,
                O::Ignored => {}
            }
        }
        if parsed.operands.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        let mut status = 0;
        for d in &parsed.operands {
            let r = if d.is_empty() { Err((String::new(), FsError::NotFound)) } else { run.make(ctx, d) };
            if let Err((shown, e)) = r {
                ctx.error(&format!("cannot create directory {}: {e}", quote(&shown)));
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
    use kitsh_core::fs::FileSystem;

    #[test]
    fn creates() {
        let fs = fs_with(&[("/w/file", b"")]);
        let mk = |args: &[&str]| {
            let o = run(&Mkdir, "mkdir", args, b"", &*fs, "/w");
            (o.out(), o.stderr, o.status)
        };
        let mode = |p: &str| fs.stat(p).map(|m| (m.file_type == FileType::Dir, m.mode & 0o7777)).ok();
        assert_eq!(mk(&["a"]), (String::new(), String::new(), 0));
        assert_eq!(mk(&["a"]).1, "mkdir: cannot create directory ‘a’: File exists\n");
        assert_eq!(mk(&["-v", "b", "c/d"]), ("mkdir: created directory 'b'\n".into(), "mkdir: cannot create directory ‘c/d’: No such file or directory\n".into(), 1));
        assert_eq!(mk(&["-pv", "e/f/g"]).0, "mkdir: created directory 'e'\nmkdir: created directory 'e/f'\nmkdir: created directory 'e/f/g'\n");
        assert_eq!(mk(&["-p", "e/f/g", "m7/", "/w/./e//f/../x"]).2, 0);
        assert_eq!(mode("/w/e/x"), Some((true, 0o755)));
        assert_eq!(mk(&["-p", "file/x"]).1, "mkdir: cannot create directory ‘file’: Not a directory\n");
        assert_eq!(mk(&["file"]).1, "mkdir: cannot create directory ‘file’: File exists\n");
        assert_eq!(mk(&["-m", "700", "m1"]).2, 0);
        assert_eq!(mode("/w/m1"), Some((true, 0o700)));
        assert_eq!(mk(&["-m", "u-w", "m2"]).2, 0);
        assert_eq!(mode("/w/m2"), Some((true, 0o577)));
        assert_eq!(mk(&["-pm", "700", "n/o"]).2, 0);
        assert_eq!((mode("/w/n"), mode("/w/n/o")), (Some((true, 0o755)), Some((true, 0o700))));
        assert_eq!(mk(&["-m", "x", "m4"]).1, "mkdir: invalid mode ‘x’\n");
        assert_eq!(mk(&[""]).1, "mkdir: cannot create directory ‘’: No such file or directory\n");
        assert_eq!(mk(&[]).1, "mkdir: missing operand\nTry 'mkdir --help' for more information.\n");
    }
}
