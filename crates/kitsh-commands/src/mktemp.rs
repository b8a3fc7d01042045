//! `mktemp`: create a unique temporary file or directory from a template (`XXXXXX` replaced by
//! random letters and digits), `-d -u -q -p DIR -t --tmpdir --suffix`.


use super::args::{self, quote, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FsError, WriteMode};

/// The `mktemp` command.
pub struct Mktemp;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Dir,
    DryRun,
    Quiet,
    Suffix,
    Tmpdir,
    T,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('d', "directory", O::Dir),
    OptSpec::flag('u', "dry-run", O::DryRun),
    OptSpec::flag('q', "quiet", O::Quiet),
    OptSpec::long("suffix", ArgKind::Required, O::Suffix),
    OptSpec { short: Some('p'), long: None, arg: ArgKind::Required, id: O::Tmpdir },
    OptSpec::long("tmpdir", ArgKind::Optional, O::Tmpdir),
    OptSpec { short: Some('t'), long: None, arg: ArgKind::None, id: O::T },
];
const USAGE: &str = "Usage: mktemp [OPTION]... [TEMPLATE]\nCreate a temporary file or directory, safely, and print its name.\nTEMPLATE must contain at least 3 consecutive 'X's in last component.";

const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `n` characters of [`CHARS`] from the operating system's secure source (uniform: bytes past
/// the last whole multiple of the alphabet are drawn again), so that no name tells the next.
fn random_name(n: usize) -> Result<String, FsError> {
    let limit = (256 / CHARS.len() * CHARS.len()) as u8;
    let mut out = String::with_capacity(n);
    let mut buf = [0u8; 64];
    while out.len() < n {
        kitsh_core::fs::secure_random(&mut buf).map_err(|_| FsError::Io)?;
        for &b in buf.iter().filter(|&&b| b < limit) {
            if out.len() == n {
                break;
            }
            out.push(CHARS[b as usize % CHARS.len()] as char);
        }
    }
    Ok(out)
}

/// Split a template into (prefix, number of X's, suffix); `Err` when fewer than 3 X's.
fn split_template(t: &str, suffix: Option<&str>) -> Result<(String, usize, String), String> {
    let (body, suf) = match suffix {
        Some(s) => (t.to_string(), s.to_string()),
        None => match t.rfind('X') {
            Some(i) => (t[..=i].to_string(), t[i + 1..].to_string()),
            None => (t.to_string(), String::new()),
        },
    };
    let xs = body.len() - body.trim_end_matches('X').len();
    if xs < 3 {
        return Err(format!("too few X's in template {}", quote(&format!("{body}{suf}"))));
    }
    Ok((body[..body.len() - xs].to_string(), xs, suf))
}

/// Create the file or directory (or just pick a free name with `dry`), trying up to 100 names.
fn create(ctx: &mut Ctx<'_>, (prefix, xs, suf): (&str, usize, &str), dir: bool, dry: bool) -> Result<String, FsError> {
    for _ in 0..100 {
        let rand = random_name(xs)?;
        let name = format!("{prefix}{rand}{suf}");
        let abs = ctx.abs_path(&name);
        let r = if dry {
            match ctx.fs.lstat(&abs) {
                Ok(_) => Err(FsError::Exists),
                Err(_) => Ok(()),
            }
        } else if dir {
            ctx.fs.mkdir(&abs, false).and_then(|()| ctx.fs.set_mode(&abs, 0o700))
        } else {
            ctx.fs.write_file(&abs, b"", WriteMode::CreateNew).and_then(|()| ctx.fs.set_mode(&abs, 0o600))
        };
        match r {
            Ok(()) => return Ok(name),
            Err(FsError::Exists) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(FsError::Exists)
}

impl Builtin for Mktemp {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut dir, mut dry, mut quiet, mut suffix, mut tmpdir, mut t) = (false, false, false, None, None, false);
        for (o, v) in parsed.opts {
            match o {
                O::Dir => dir = true,
                O::DryRun => dry = true,
                O::Quiet => quiet = true,
                O::Suffix => suffix = v,
                O::Tmpdir => tmpdir = Some(v.unwrap_or_default()),
                O::T => t = true,
            }
        }
        if parsed.operands.len() > 1 {
            usage_error(ctx, "too many templates");
            return 1;
        }
        let default_dir = || ctx.env.get("TMPDIR").filter(|d| !d.is_empty()).unwrap_or_else(|| "/tmp".into());
        let (template, in_dir) = match parsed.operands.first() {
            None => ("tmp.XXXXXXXXXX".to_string(), Some(tmpdir.filter(|d| !d.is_empty()).unwrap_or_else(default_dir))),
            Some(tpl) if t || tmpdir.is_some() => {
                if tpl.contains('/') {
                    ctx.error(&format!("invalid template, {}, contains directory separator", quote(tpl)));
                    return 1;
                }
                (tpl.clone(), Some(tmpdir.filter(|d| !d.is_empty()).unwrap_or_else(default_dir)))
            }
            Some(tpl) => (tpl.clone(), None),
        };
        let full = match in_dir {
            Some(d) => format!("{}/{template}", d.trim_end_matches('/')),
            None => template,
        };
        if let Some(s) = &suffix {
            if s.contains('/') {
                ctx.error(&format!("invalid suffix {}, contains directory separator", quote(s)));
                return 1;
            }
        }
        let (prefix, xs, suf) = match split_template(&full, suffix.as_deref()) {
            Ok(p) => p,
            Err(m) => {
                if !quiet {
                    ctx.error(&m);
                }
                return 1;
            }
        };
        let last_err = match create(ctx, (&prefix, xs, &suf), dir, dry) {
            Ok(name) => {
                return match writeln!(ctx.stdout, "{name}") {
                    Ok(()) => 0,
                    Err(e) => crate::args::write_failed(ctx, &e),
                }
            }
            Err(e) => e,
        };
        if !quiet {
            let what = if dir { "directory" } else { "file" };
            ctx.error(&format!("failed to create {what} via template {}: {last_err}", quote(&full)));
        }
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, run_env};
    use crate::testing::run;
    use kitsh_core::fs::{FileSystem, FileType};

    #[test]
    fn templates() {
        assert_eq!(split_template("fooXXX", None), Ok(("foo".into(), 3, String::new())));
        assert_eq!(split_template("fooXXXbar", None), Ok(("foo".into(), 3, "bar".into())));
        assert_eq!(split_template("aXXXX", Some(".t")), Ok(("a".into(), 4, ".t".into())));
        assert_eq!(split_template("abc", None), Err("too few X's in template ‘abc’".into()));
    }

    #[test]
    fn creates() {
        let fs = fs_with(&[("/tmp/", b""), ("/w/", b"")]);
        let mk = |args: &[&str]| {
            let o = run(&Mktemp, "mktemp", args, b"", &*fs, "/w");
            (o.out().trim_end().to_string(), o.stderr, o.status)
        };
        let (p, _, st) = mk(&[]);
        assert_eq!((p.len(), p.starts_with("/tmp/tmp."), st), (19, true, 0));
        assert_eq!(fs.stat(&p).map(|m| (m.file_type, m.mode & 0o777)), Ok((FileType::File, 0o600)));
        let (p, _, _) = mk(&["-d"]);
        assert_eq!(fs.stat(&p).map(|m| (m.file_type, m.mode & 0o777)), Ok((FileType::Dir, 0o700)));
        let (p, _, _) = mk(&["fooXXX"]);
        assert!(p.starts_with("foo") && p.len() == 6 && fs.stat(&format!("/w/{p}")).is_ok());
        let (p, _, _) = mk(&["--suffix=.txt", "-p", "/w"]);
        assert!(p.starts_with("/w/tmp.") && p.ends_with(".txt"));
        let (p, _, _) = mk(&["-u"]);
        assert!(fs.stat(&p).is_err());
        assert_eq!(mk(&["abc"]).1, "mktemp: too few X's in template ‘abc’\n");
        assert_eq!(mk(&["-p", "/nonexist"]).1, "mktemp: failed to create file via template ‘/nonexist/tmp.XXXXXXXXXX’: No such file or directory\n");
        assert_eq!(mk(&["-q", "/nonexist/XXXX"]), (String::new(), String::new(), 1));
        assert_eq!(mk(&["a", "b"]).1, "mktemp: too many templates\nTry 'mktemp --help' for more information.\n");
        assert_eq!(mk(&["-t", "/abs/XXX"]).1, "mktemp: invalid template, ‘/abs/XXX’, contains directory separator\n");
        let (o, _, _) = run_env(&Mktemp, "mktemp", &["-t", "barXXXX"], &[("TMPDIR", "/w")], &*fs);
        assert!(o.starts_with("/w/bar"));
    }
}
