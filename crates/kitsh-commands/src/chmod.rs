//! `chmod`: change permission bits, with octal and symbolic modes (`u+x,go-w`, `a=r`, `g=u`,
//! `+X`, `-w`), `-R`, `-v`, `-c`, `-f` and `--reference`. The umask is taken as 022 (for clauses
//! without `ugoa`, as GNU does with the process umask).

use super::args::{self, quote, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{join_path, FileType};

/// The `chmod` command.
pub struct Chmod;

/// The umask assumed for who-less clauses.
pub const UMASK: u32 = 0o022;

/// The permission operand of one `who op perms` action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perm {
    /// Literal bits, and whether `X` (execute if a directory or already executable) was given.
    Bits(u32, bool),
    /// Copy the `u`/`g`/`o` bits (the shift of that class).
    Copy(u32),
}

/// A compiled mode: absolute (octal) or symbolic actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// An octal mode.
    Octal(u32),
    /// Symbolic clauses: (who mask, explicit who, op, perm).
    Symbolic(Vec<(u32, bool, u8, Perm)>),
}

/// Parse an octal or symbolic mode (`None`: invalid, report `invalid mode`).
pub fn parse_mode(s: &str) -> Option<Mode> {
    if !s.is_empty() && s.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        let v = u32::from_str_radix(s, 8).ok()?;
        return (v <= 0o7777).then_some(Mode::Octal(v));
    }
    let mut acts = Vec::new();
    for clause in s.split(',') {
        let b = clause.as_bytes();
        let mut i = 0;
        let mut who = 0;
        while i < b.len() && b"ugoa".contains(&b[i]) {
            who |= match b[i] {
                b'u' => 0o4700,
                b'g' => 0o2070,
                b'o' => 0o1007,
                _ => 0o7777,
            };
            i += 1;
        }
        let explicit = who != 0;
        if !explicit {
            who = 0o7777;
        }
        if i >= b.len() {
            return None;
        }
        while i < b.len() {
            let op = b[i];
            if !matches!(op, b'+' | b'-' | b'=') {
                return None;
            }
            i += 1;
            if i < b.len() && b"ugo".contains(&b[i]) {
                let src = match b[i] {
                    b'u' => 6,
                    b'g' => 3,
                    _ => 0,
                };
                acts.push((who, explicit, op, Perm::Copy(src)));
                i += 1;
                continue;
            }
            let (mut bits, mut cond_x) = (0, false);
            while i < b.len() && b"rwxXst".contains(&b[i]) {
                match b[i] {
                    b'r' => bits |= 0o444,
                    b'w' => bits |= 0o222,
                    b'x' => bits |= 0o111,
                    b'X' => cond_x = true,
                    b's' => bits |= 0o6000,
                    _ => bits |= 0o1000,
                }
                i += 1;
            }
            acts.push((who, explicit, op, Perm::Bits(bits, cond_x)));
        }
    }
    Some(Mode::Symbolic(acts))
}

/// Apply a mode to `old` (permission bits of a file; `dir`: it is a directory), with `umask`
/// masking who-less clauses.
pub fn apply(mode: &Mode, old: u32, dir: bool, umask: u32) -> u32 {
    let acts = match mode {
        Mode::Octal(v) => return *v,
        Mode::Symbolic(a) => a,
    };
    let mut m = old & 0o7777;
    for &(who, explicit, op, perm) in acts {
        let value = match perm {
            Perm::Bits(bits, cond_x) => bits | if cond_x && (dir || m & 0o111 != 0) { 0o111 } else { 0 },
            Perm::Copy(shift) => ((m >> shift) & 7) * 0o111,
        };
        let omit = if explicit { 0 } else { umask };
        let value = value & who & !omit;
        m = match op {
            b'+' => m | value,
            b'-' => m & !value,
            _ => (m & (!who | omit)) | value,
        };
    }
    m
}

/// `rwxr-xr-x` with `s`/`S`/`t`/`T`, as `ls -l` and `chmod -v` show permission bits.
pub fn mode_string(m: u32) -> String {
    let mut s = String::with_capacity(9);
    for (shift, special, ch) in [(6, 0o4000, 's'), (3, 0o2000, 's'), (0, 0o1000, 't')] {
        let bits = (m >> shift) & 7;
        s.push(if bits & 4 != 0 { 'r' } else { '-' });
        s.push(if bits & 2 != 0 { 'w' } else { '-' });
        let x = bits & 1 != 0;
        s.push(match (m & special != 0, x) {
            (true, true) => ch,
            (true, false) => ch.to_ascii_uppercase(),
            (false, true) => 'x',
            (false, false) => '-',
        });
    }
    s
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Recursive,
    Changes,
    Silent,
    Verbose,
    Reference,
    Ignored,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('R', "recursive", O::Recursive),
    OptSpec::flag('c', "changes", O::Changes),
    OptSpec::flag('f', "silent", O::Silent),
    OptSpec::long("quiet", ArgKind::None, O::Silent),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::long("reference", ArgKind::Required, O::Reference),
    OptSpec::long("preserve-root", ArgKind::None, O::Ignored),
    OptSpec::long("no-preserve-root", ArgKind::None, O::Ignored),
];
const USAGE: &str = "Usage: chmod [OPTION]... MODE[,MODE]... FILE...\n  or:  chmod [OPTION]... OCTAL-MODE FILE...\n  or:  chmod [OPTION]... --reference=RFILE FILE...\nChange the mode of each FILE to MODE.";

/// An argument like `-w`, `-x,g+r` or `-755` that is a mode, not options.
fn looks_like_mode(a: &str) -> bool {
    let Some(rest) = a.strip_prefix('-') else { return false };
    !rest.is_empty() && !rest.starts_with(['R', 'c', 'f', 'v', '-']) && rest.bytes().all(|b| b"rwxXstugoa,+-=01234567".contains(&b))
}

/// Settings for one run.
struct Run {
    mode: Mode,
    recursive: bool,
    changes: bool,
    silent: bool,
    verbose: bool,
    status: i32,
}

impl Run {
    fn one(&mut self, ctx: &mut Ctx<'_>, shown: &str, abs: &str, top: bool) {
        let meta = if top { ctx.fs.stat(abs) } else { ctx.fs.lstat(abs) };
        let meta = match meta {
            Ok(m) => m,
            Err(e) => {
                if !self.silent {
                    ctx.error(&format!("cannot access {}: {e}", quote_always(shown)));
                }
                self.status = 1;
                return;
            }
        };
        if meta.file_type == FileType::Symlink {
            return;
        }
        let dir = meta.file_type == FileType::Dir;
        let old = meta.mode & 0o7777;
        let new = apply(&self.mode, old, dir, UMASK);
        if let Err(e) = ctx.fs.set_mode(abs, new) {
            if !self.silent {
                ctx.error(&format!("changing permissions of {}: {e}", quote_always(shown)));
            }
            self.status = 1;
        } else {
            self.report(ctx, shown, old, new, dir);
        }
        if self.recursive && dir {
            let entries = match ctx.fs.read_dir(abs) {
                Ok(e) => e,
                Err(e) => {
                    ctx.error(&format!("cannot read directory {}: {e}", quote_always(shown)));
                    self.status = 1;
                    return;
                }
            };
            for ent in entries {
                let child = if shown.ends_with('/') { format!("{shown}{}", ent.name) } else { format!("{shown}/{}", ent.name) };
                stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.one(ctx, &child, &join_path(abs, &ent.name), false));
            }
        }
    }

    fn report(&mut self, ctx: &mut Ctx<'_>, shown: &str, old: u32, new: u32, dir: bool) {
        let changed = old != new;
        if self.verbose || (self.changes && changed) {
            let q = quote_always(shown);
            let line = if changed {
                format!("mode of {q} changed from {old:04o} ({}) to {new:04o} ({})\n", mode_string(old), mode_string(new))
            } else {
                format!("mode of {q} retained as {old:04o} ({})\n", mode_string(old))
            };
            let _ = ctx.stdout.write_all(line.as_bytes());
        }
        if !self.silent {
            if let Mode::Symbolic(acts) = &self.mode {
                if acts.iter().any(|a| !a.1) {
                    let naive = apply(&self.mode, old, dir, 0);
                    if new & !naive != 0 {
                        ctx.error(&format!("{}: new permissions are {}, not {}", args::quote_name(shown), mode_string(new), mode_string(naive)));
                        self.status = 1;
                    }
                }
            }
        }
    }
}

impl Builtin for Chmod {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let mut dash_mode = None;
        let mut rest = Vec::with_capacity(argv.len());
        for (i, a) in argv.iter().enumerate() {
            if a == "--" {
                rest.extend(argv[i..].iter().cloned());
                break;
            }
            if dash_mode.is_none() && looks_like_mode(a) {
                dash_mode = Some(a.clone());
            } else {
                rest.push(a.clone());
            }
        }
        let parsed = match args::parse_with(&cfg, SPECS, &rest) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut run = Run { mode: Mode::Octal(0), recursive: false, changes: false, silent: false, verbose: false, status: 0 };
        let mut reference = None;
        for (o, v) in parsed.opts {
            match o {
                O::Recursive => run.recursive = true,
                O::Changes => run.changes = true,
                O::Silent => run.silent = true,
                O::Verbose => run.verbose = true,
                O::Reference => reference = v,
                O::Ignored => {}
            }
        }
        let mut ops = parsed.operands.into_iter();
        let mode_text = match (reference.is_some(), dash_mode) {
            (true, _) => None,
            (false, Some(m)) => Some(m),
            (false, None) => ops.next(),
        };
        let files: Vec<String> = ops.collect();
        if files.is_empty() {
            match &mode_text {
                Some(m) => usage_error(ctx, &format!("missing operand after {}", quote(m))),
                None => usage_error(ctx, "missing operand"),
            }
            return 1;
        }
        run.mode = match (reference, mode_text) {
            (Some(r), _) => match ctx.fs.stat(&ctx.abs_path(&r)) {
                Ok(m) => Mode::Octal(m.mode & 0o7777),
                Err(e) => {
                    ctx.error(&format!("failed to get attributes of {}: {e}", quote_always(&r)));
                    return 1;
                }
            },
            (None, Some(t)) => match parse_mode(&t) {
                Some(m) => m,
                None => {
                    usage_error(ctx, &format!("invalid mode: {}", quote(&t)));
                    return 1;
                }
            },
            (None, None) => return 1,
        };
        for f in &files {
            let abs = ctx.abs_path(f);
            run.one(ctx, f, &abs, true);
        }
        run.status
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    fn m(mode: &str, old: u32) -> String {
        parse_mode(mode).map_or("invalid".into(), |md| format!("{:o}", apply(&md, old, false, UMASK)))
    }

    #[test]
    fn modes() {
        assert_eq!(m("u+x,go-w", 0o644), "744");
        assert_eq!(m("a=r", 0o644), "444");
        assert_eq!(m("+x", 0o444), "555");
        assert_eq!(m("o+X", 0o644), "644");
        assert_eq!(m("o+X", 0o744), "745");
        assert_eq!(m("u=rwx,g=u,o=", 0o644), "770");
        assert_eq!(m("u+s,g+s,+t", 0o755), "7755");
        assert_eq!(m("=rw", 0), "644");
        assert_eq!(m("-w", 0o1777), "1577");
        assert_eq!(m("g-x+w", 0o755), "765");
        assert_eq!(m("u+rw-x", 0o765), "665");
        assert_eq!(m("a-st", 0o7777), "777");
        assert_eq!(m("4755", 0), "4755");
        assert_eq!(m("10000", 0), "invalid");
        assert_eq!(m("x", 0), "invalid");
        assert_eq!(m("u", 0), "invalid");
        assert_eq!(mode_string(0o7777), "rwsrwsrwt");
        assert_eq!(mode_string(0o1644), "rw-r--r-T");
    }

    #[test]
    fn command() {
        let fs = fs_with(&[("/f", b""), ("/e/f/g", b"")]);
        let c = |args: &[&str]| {
            let o = run(&Chmod, "chmod", args, b"", &*fs, "/");
            (o.out(), o.stderr, o.status)
        };
        let mode = |p: &str| fs.stat(p).map(|m| m.mode & 0o7777).unwrap_or(0);
        assert_eq!(c(&["-v", "755", "f"]).0, "mode of 'f' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)\n");
        assert_eq!(c(&["-v", "755", "f"]).0, "mode of 'f' retained as 0755 (rwxr-xr-x)\n");
        assert_eq!(c(&["-c", "755", "f"]).0, "");
        assert_eq!(c(&["-x", "f"]), (String::new(), String::new(), 0));
        assert_eq!(mode("/f"), 0o644);
        assert_eq!(c(&["1777", "f"]).2, 0);
        assert_eq!(c(&["-w", "f"]), (String::new(), "chmod: f: new permissions are r-xrwxrwt, not r-xr-xr-t\n".into(), 1));
        assert_eq!(c(&["-R", "700", "e"]).2, 0);
        assert_eq!((mode("/e"), mode("/e/f"), mode("/e/f/g")), (0o700, 0o700, 0o700));
        assert_eq!(c(&["--reference=f", "e"]).2, 0);
        assert_eq!(mode("/e"), 0o1577);
        assert_eq!(c(&["644", "nosuch"]), (String::new(), "chmod: cannot access 'nosuch': No such file or directory\n".into(), 1));
        assert_eq!(c(&["-f", "644", "nosuch"]), (String::new(), String::new(), 1));
        let t = "Try 'chmod --help' for more information.\n";
        assert_eq!(c(&[]).1, format!("chmod: missing operand\n{t}"));
        assert_eq!(c(&["644"]).1, format!("chmod: missing operand after ‘644’\n{t}"));
        assert_eq!(c(&["x", "f"]).1, format!("chmod: invalid mode: ‘x’\n{t}"));
    }
}
