//! `ln`: make hard links (`fs.hard_link`) or symbolic links (`-s`), with `-f -n -v -r -t -T`.

use super::args::{self, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::basename::base_name;
use super::dirname::dir_name;
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError};

/// The `ln` command.
pub struct Ln;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Symbolic,
    Force,
    NoDeref,
    Verbose,
    Relative,
    TargetDir,
    NoTargetDir,
    Ignored,
    IgnoredArg,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('s', "symbolic", O::Symbolic),
    OptSpec::flag('f', "force", O::Force),
    OptSpec::flag('n', "no-dereference", O::NoDeref),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::flag('r', "relative", O::Relative),
    OptSpec::req('t', "target-directory", O::TargetDir),
    OptSpec::flag('T', "no-target-directory", O::NoTargetDir),
    OptSpec::flag('i', "interactive", O::Ignored),
    OptSpec::flag('L', "logical", O::Ignored),
    OptSpec::flag('P', "physical", O::Ignored),
    OptSpec::flag('d', "directory", O::Ignored),
    OptSpec { short: Some('F'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec { short: Some('b'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec::long("backup", ArgKind::Optional, O::Ignored),
    OptSpec::req('S', "suffix", O::IgnoredArg),
];
const USAGE: &str = "Usage: ln [OPTION]... [-T] TARGET LINK_NAME\n  or:  ln [OPTION]... TARGET\n  or:  ln [OPTION]... TARGET... DIRECTORY\n  or:  ln [OPTION]... -t DIRECTORY TARGET...\nCreate links to each TARGET.";

/// The path from directory `from` to `to` (both absolute and normalised).
fn relative(from: &str, to: &str) -> String {
    let f: Vec<&str> = from.split('/').filter(|s| !s.is_empty()).collect();
    let t: Vec<&str> = to.split('/').filter(|s| !s.is_empty()).collect();
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; f.len() - common];
    parts.extend(&t[common..]);
    if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    }
}

struct Run {
    symbolic: bool,
    force: bool,
    verbose: bool,
    relative: bool,
}

impl Run {
    fn link(&self, ctx: &mut Ctx<'_>, target: &str, dest: &str) -> bool {
        let t_abs = ctx.abs_path(target);
        let d_abs = ctx.abs_path(dest);
        if !self.symbolic {
            match ctx.fs.stat(&t_abs) {
                Err(e) => {
                    ctx.error(&format!("failed to access {}: {e}", quote_always(target)));
                    return false;
                }
                Ok(m) if m.file_type == FileType::Dir => {
                    ctx.error(&format!("{}: hard link not allowed for directory", args::quote_name(target)));
                    return false;
                }
                Ok(_) => {}
            }
        }
        if let Ok(m) = ctx.fs.lstat(&d_abs) {
            if self.force && m.file_type == FileType::Dir {
                ctx.error(&format!("cannot overwrite directory {}", quote_always(dest)));
                return false;
            }
            if self.force {
                let _ = ctx.fs.remove_file(&d_abs);
            }
        }
        let text = if self.relative && self.symbolic { relative(dir_name(&d_abs), &t_abs) } else { target.to_string() };
        let r = if self.symbolic { ctx.fs.symlink(&text, &d_abs) } else { ctx.fs.hard_link(&t_abs, &d_abs) };
        let (qd, qt) = (quote_always(dest), quote_always(&text));
        match r {
            Ok(()) => {
                if self.verbose {
                    let arrow = if self.symbolic { "->" } else { "=>" };
                    let _ = writeln!(ctx.stdout, "{qd} {arrow} {qt}");
                }
                true
            }
            Err(e) => {
                let short = self.symbolic || matches!(e, FsError::Exists | FsError::NoSpace | FsError::ReadOnly);
                let kind = if self.symbolic { "symbolic" } else { "hard" };
                let tail = if short { String::new() } else { format!(" => {qt}") };
                ctx.error(&format!("failed to create {kind} link {qd}{tail}: {e}"));
                false
            }
        }
    }
}

impl Builtin for Ln {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut r = Run { symbolic: false, force: false, verbose: false, relative: false };
        let (mut no_deref, mut tdir, mut no_tdir) = (false, None, false);
        for (o, v) in parsed.opts {
            match o {
                O::Symbolic => r.symbolic = true,
                O::Force => r.force = true,
                O::NoDeref => no_deref = true,
                O::Verbose => r.verbose = true,
                O::Relative => r.relative = true,
                O::TargetDir => tdir = v,
                O::NoTargetDir => no_tdir = true,
                O::Ignored | O::IgnoredArg => {}
            }
        }
        let ops = parsed.operands;
        if ops.is_empty() {
            usage_error(ctx, "missing file operand");
            return 1;
        }
        let is_dir = |ctx: &Ctx<'_>, p: &str| {
            let abs = ctx.abs_path(p);
            let m = if no_deref { ctx.fs.lstat(&abs) } else { ctx.fs.stat(&abs) };
            m.map(|m| m.file_type == FileType::Dir).unwrap_or(false)
        };
        let pairs: Vec<(String, String)> = if let Some(d) = tdir {
            if !is_dir(ctx, &d) {
                ctx.error(&format!("target directory {}: Not a directory", quote_always(&d)));
                return 1;
            }
            ops.iter().map(|t| (t.clone(), join_path_rel(&d, base_name(t, "")))).collect()
        } else if ops.len() == 1 {
            vec![(ops[0].clone(), format!("./{}", base_name(&ops[0], "")))]
        } else if no_tdir {
            if ops.len() > 2 {
                usage_error(ctx, &format!("extra operand {}", quote_always(&ops[2])));
                return 1;
            }
            vec![(ops[0].clone(), ops[1].clone())]
        } else {
            let last = &ops[ops.len() - 1];
            if is_dir(ctx, last) {
                ops[..ops.len() - 1].iter().map(|t| (t.clone(), join_path_rel(last, base_name(t, "")))).collect()
            } else if ops.len() > 2 {
                ctx.error(&format!("target {}: Not a directory", quote_always(last)));
                return 1;
            } else {
                vec![(ops[0].clone(), ops[1].clone())]
            }
        };
        let mut status = 0;
        for (t, d) in pairs {
            if !r.link(ctx, &t, &d) {
                status = 1;
            }
        }
        status
    }
}

/// `dir/name` without doubling a trailing slash.
fn join_path_rel(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    #[test]
    fn links() {
        let fs = fs_with(&[("/w/a", b"data"), ("/w/d/", b"")]);
        let ln = |args: &[&str]| {
            let o = run(&Ln, "ln", args, b"", &*fs, "/w");
            (o.out(), o.stderr, o.status)
        };
        assert_eq!(ln(&["-s", "a", "b"]).2, 0);
        assert_eq!(fs.read_link("/w/b").ok().as_deref(), Some("a"));
        assert_eq!(ln(&["-s", "a", "b"]).1, "ln: failed to create symbolic link 'b': File exists\n");
        assert_eq!(ln(&["a", "h"]).2, 0);
        assert_eq!(fs.read_file("/w/h").ok(), Some(b"data".to_vec()));
        assert_eq!(ln(&["a", "h"]).1, "ln: failed to create hard link 'h': File exists\n");
        assert_eq!(ln(&["nosuch", "h2"]).1, "ln: failed to access 'nosuch': No such file or directory\n");
        assert_eq!(ln(&["-sv", "a", "c"]).0, "'c' -> 'a'\n");
        assert_eq!(ln(&["-v", "a", "h3"]).0, "'h3' => 'a'\n");
        assert_eq!(ln(&["-sf", "x", "b"]).2, 0);
        assert_eq!(fs.read_link("/w/b").ok().as_deref(), Some("x"));
        assert_eq!(ln(&["-s", "a", "d"]).2, 0);
        assert_eq!(fs.read_link("/w/d/a").ok().as_deref(), Some("a"));
        assert_eq!(ln(&["-s", "a", "d"]).1, "ln: failed to create symbolic link 'd/a': File exists\n");
        assert_eq!(ln(&[]).1, "ln: missing file operand\nTry 'ln --help' for more information.\n");
        assert_eq!(ln(&["-s", "a", "b", "c"]).1, "ln: target 'c': Not a directory\n");
        assert_eq!(ln(&["d", "d2"]).1, "ln: d: hard link not allowed for directory\n");
        assert_eq!(ln(&["-s", "d", "dlnk"]).2, 0);
        assert_eq!(ln(&["-sfn", "a", "dlnk"]).2, 0);
        assert_eq!(fs.read_link("/w/dlnk").ok().as_deref(), Some("a"));
        assert_eq!(ln(&["-sr", "a", "d/rel"]).2, 0);
        assert_eq!(fs.read_link("/w/d/rel").ok().as_deref(), Some("../a"));
        assert_eq!(ln(&["-t", "d", "-s", "/x/y"]).2, 0);
        assert_eq!(fs.read_link("/w/d/y").ok().as_deref(), Some("/x/y"));
        assert_eq!(ln(&["-T", "-s", "a", "d"]).1, "ln: failed to create symbolic link 'd': File exists\n");
        assert_eq!(ln(&["-s", "a", "nodir/x"]).1, "ln: failed to create symbolic link 'nodir/x': No such file or directory\n");
        assert_eq!(ln(&["-s", "../a"]).1, "ln: failed to create symbolic link './a': File exists\n");
        assert_eq!(relative("/w/d", "/w/a"), "../a");
        assert_eq!(relative("/w", "/w"), ".");
    }
}
