//! `realpath`: print resolved absolute names (`-e` all components must exist, `-m` none need,
//! `-s` no symlink expansion, `-L` `..` before symlinks, `--relative-to`, `--relative-base`,
//! `-q`, `-z`).

use super::args::{self, quote_name, usage_error, ArgKind, Config, OptSpec};
use super::readlink::{canonicalize, Canon};
use super::{Builtin, Ctx};
use kitsh_core::fs::{join_path, FileType, FsError};
use kitsh_core::util::bytes::encode;

/// The `realpath` command.
pub struct Realpath;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Existing,
    Missing,
    Logical,
    Physical,
    Quiet,
    RelTo,
    RelBase,
    Strip,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('e', "canonicalize-existing", O::Existing),
    OptSpec::flag('m', "canonicalize-missing", O::Missing),
    OptSpec::flag('L', "logical", O::Logical),
    OptSpec::flag('P', "physical", O::Physical),
    OptSpec::flag('q', "quiet", O::Quiet),
    OptSpec::long("relative-to", ArgKind::Required, O::RelTo),
    OptSpec::long("relative-base", ArgKind::Required, O::RelBase),
    OptSpec::flag('s', "strip", O::Strip),
    OptSpec::flag('s', "no-symlinks", O::Strip),
    OptSpec::flag('z', "zero", O::Zero),
];
const USAGE: &str = "Usage: realpath [OPTION]... FILE...\nPrint the resolved absolute file name;\nall but the last component must exist";

struct Opts {
    mode: Canon,
    logical: bool,
    strip: bool,
}

/// Lexical resolution (`-s`): no symlink is expanded, but components must exist as `mode` says.
fn strip_canon(ctx: &Ctx<'_>, path: &str, mode: Canon) -> Result<String, FsError> {
    let full = if path.starts_with('/') { path.to_string() } else { format!("{}/{path}", ctx.cwd) };
    let comps: Vec<&str> = full.split('/').filter(|c| !c.is_empty() && *c != ".").collect();
    let mut out = String::new();
    for (k, c) in comps.iter().enumerate() {
        if *c == ".." {
            out.truncate(out.rfind('/').unwrap_or(0));
            continue;
        }
        out.push('/');
        out.push_str(c);
        let last = k + 1 == comps.len();
        if mode == Canon::Existing || (mode == Canon::AllButLast && !last) {
            let m = ctx.fs.stat(&out)?;
            if !last && m.file_type != FileType::Dir {
                return Err(FsError::NotDir);
            }
        }
    }
    Ok(if out.is_empty() { "/".into() } else { out })
}

impl Opts {
    /// The resolved absolute name of `path`.
    fn resolve(&self, ctx: &Ctx<'_>, path: &str) -> Result<String, FsError> {
        if path.is_empty() {
            return Err(FsError::NotFound);
        }
        let out = if self.strip {
            strip_canon(ctx, path, self.mode)?
        } else if self.logical {
            canonicalize(ctx, &join_path(ctx.cwd, path), self.mode)?
        } else {
            canonicalize(ctx, path, self.mode)?
        };
        if path.ends_with('/') && self.mode != Canon::Missing {
            if let Ok(m) = ctx.fs.stat(&out) {
                if m.file_type != FileType::Dir {
                    return Err(FsError::NotDir);
                }
            }
        }
        Ok(out)
    }
}

/// Whether canonical `path` is `dir` or below it.
fn under(path: &str, dir: &str) -> bool {
    dir == "/" || path == dir || (path.starts_with(dir) && path.as_bytes().get(dir.len()) == Some(&b'/'))
}

/// `to` relative to the directory `from` (both canonical).
fn relative(to: &str, from: &str) -> String {
    let a: Vec<&str> = from.split('/').filter(|c| !c.is_empty()).collect();
    let b: Vec<&str> = to.split('/').filter(|c| !c.is_empty()).collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<&str> = vec![".."; a.len() - common];
    parts.extend(&b[common..]);
    if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    }
}

impl Builtin for Realpath {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts { mode: Canon::AllButLast, logical: false, strip: false };
        let (mut quiet, mut zero, mut rel_to, mut rel_base) = (false, false, None, None);
        for (opt, v) in parsed.opts {
            match opt {
                O::Existing => o.mode = Canon::Existing,
                O::Missing => o.mode = Canon::Missing,
                O::Logical => (o.logical, o.strip) = (true, false),
                O::Physical => (o.logical, o.strip) = (false, false),
                O::Quiet => quiet = true,
                O::RelTo => rel_to = v,
                O::RelBase => rel_base = v,
                O::Strip => o.strip = true,
                O::Zero => zero = true,
            }
        }
        if parsed.operands.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        let mut dirs = [None, None];
        for (k, d) in [rel_to.or_else(|| rel_base.clone()), rel_base].into_iter().enumerate() {
            let Some(d) = d else { continue };
            match o.resolve(ctx, &d) {
                Ok(c) => dirs[k] = Some(c),
                Err(e) => {
                    ctx.error(&format!("{}: {e}", quote_name(&d)));
                    return 1;
                }
            }
        }
        let [mut to, mut base] = dirs;
        if let (Some(t), Some(b)) = (&to, &base) {
            if !under(t, b) {
                (to, base) = (None, None);
            }
        }
        let mut out = Vec::new();
        let mut status = 0;
        for p in &parsed.operands {
            match o.resolve(ctx, p) {
                Ok(abs) => {
                    let shown = match (&to, &base) {
                        (Some(t), Some(b)) if under(&abs, b) => relative(&abs, t),
                        (Some(t), None) => relative(&abs, t),
                        _ => abs,
                    };
                    out.extend_from_slice(&encode(&shown));
                    out.push(if zero { 0 } else { b'\n' });
                }
                Err(e) => {
                    if !quiet {
                        ctx.error(&format!("{}: {e}", quote_name(p)));
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
    use kitsh_core::fs::{FileSystem, MemoryFs};

    fn tree() -> Box<MemoryFs> {
        let fs = fs_with(&[("/t/d/e/", b""), ("/t/d/f", b"")]);
        let _ = fs.symlink("d/e", "/t/l");
        fs
    }
    fn rp(args: &[&str]) -> (String, String, i32) {
        let o = run(&Realpath, "realpath", args, b"", &*tree(), "/t");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn physical() {
        assert_eq!(rp(&[".", "l", "l/../f", "nosuch"]).0, "/t\n/t/d/e\n/t/d/f\n/t/nosuch\n");
        assert_eq!(rp(&["d/x/y"]), (String::new(), "realpath: d/x/y: No such file or directory\n".into(), 1));
        assert_eq!(rp(&["-e", "nosuch"]).1, "realpath: nosuch: No such file or directory\n");
        assert_eq!(rp(&["-m", "nosuch/../a", "d/f/", "d/f/x"]).0, "/t/a\n/t/d/f\n/t/d/f/x\n");
        assert_eq!(rp(&["d/f/"]).1, "realpath: d/f/: Not a directory\n");
        assert_eq!(rp(&["-e", "d/", "l/"]).0, "/t/d\n/t/d/e\n");
        assert_eq!(rp(&[""]).1, "realpath: '': No such file or directory\n");
        assert_eq!(rp(&["-q", "a/b"]), (String::new(), String::new(), 1));
        assert_eq!(rp(&["-z", "a", "b"]).0, "/t/a\0/t/b\0");
    }

    #[test]
    fn logical_and_strip() {
        assert_eq!(rp(&["-L", "l/.."]).0, "/t\n");
        assert_eq!(rp(&["-s", "l/..", "l", "/t/l/../x"]).0, "/t\n/t/l\n/t/x\n");
        assert_eq!(rp(&["-sm", "l/../x", "nosuch/.."]).0, "/t/x\n/t\n");
        assert_eq!(rp(&["-s", "nosuch/.."]).1, "realpath: nosuch/..: No such file or directory\n");
    }

    #[test]
    fn relative_output() {
        assert_eq!(rp(&["--relative-to=d", "l", "d/f", ".", "/"]).0, "e\nf\n..\n../..\n");
        assert_eq!(rp(&["--relative-to=/t/d", "--relative-base=/t", "/t/d/f", "/usr", "/t"]).0, "f\n/usr\n..\n");
        assert_eq!(rp(&["--relative-to=/usr", "--relative-base=/t", "/t/d", "/x"]).0, "/t/d\n/x\n");
        assert_eq!(rp(&["--relative-base=/t", "/", "/t/d", "/t"]).0, "/\nd\n.\n");
        assert_eq!(rp(&["--relative-to=/", "--relative-base=/", "/usr", "/"]).0, "usr\n.\n");
        assert_eq!(rp(&["--relative-to=d/e", "d/f"]).0, "../f\n");
        assert_eq!(rp(&["--relative-to=nosuch/x", "f"]), (String::new(), "realpath: nosuch/x: No such file or directory\n".into(), 1));
        assert_eq!(rp(&[]).1, "realpath: missing operand\nTry 'realpath --help' for more information.\n");
    }
}
