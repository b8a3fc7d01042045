//! `rm`: remove files and directories (`-f -r -R -d -v -i -I`), refusing `/` (unless
//! `--no-preserve-root`) and `.`/`..` like GNU. Prompts of `-i` are answered from standard input.

use super::args::{self, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{join_path, FileType, FsError, Metadata};

/// The `rm` command.
pub struct Rm;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Force,
    Interactive,
    Once,
    When,
    Recursive,
    Dir,
    Verbose,
    PreserveRoot,
    NoPreserveRoot,
    Ignored,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('f', "force", O::Force),
    OptSpec { short: Some('i'), long: None, arg: ArgKind::None, id: O::Interactive },
    OptSpec { short: Some('I'), long: None, arg: ArgKind::None, id: O::Once },
    OptSpec::long("interactive", ArgKind::Optional, O::When),
    OptSpec::long("one-file-system", ArgKind::None, O::Ignored),
    OptSpec::long("no-preserve-root", ArgKind::None, O::NoPreserveRoot),
    OptSpec::long("preserve-root", ArgKind::Optional, O::PreserveRoot),
    OptSpec::flag('r', "recursive", O::Recursive),
    OptSpec { short: Some('R'), long: None, arg: ArgKind::None, id: O::Recursive },
    OptSpec::flag('d', "dir", O::Dir),
    OptSpec::flag('v', "verbose", O::Verbose),
];
const USAGE: &str = "Usage: rm [OPTION]... [FILE]...\nRemove (unlink) the FILE(s).";

/// When to prompt.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prompt {
    Never,
    Once,
    Always,
}

struct Run {
    force: bool,
    prompt: Prompt,
    recursive: bool,
    dir: bool,
    verbose: bool,
    preserve_root: bool,
    status: i32,
}

/// Read one answer line from stdin: `true` for yes.
fn answer(ctx: &mut Ctx<'_>) -> bool {
    let mut line = Vec::new();
    let mut b = [0u8; 1];
    while let Ok(1) = ctx.stdin.read(&mut b) {
        if b[0] == b'\n' {
            break;
        }
        line.push(b[0]);
    }
    matches!(line.first(), Some(b'y' | b'Y'))
}

fn ask(ctx: &mut Ctx<'_>, question: &str) -> bool {
    let _ = write!(ctx.stderr, "{}: {question}? ", ctx.name);
    answer(ctx)
}

fn kind_name(m: &Metadata) -> &'static str {
    match m.file_type {
        FileType::File if m.len == 0 => "regular empty file",
        FileType::File => "regular file",
        FileType::Dir => "directory",
        FileType::Symlink => "symbolic link",
        FileType::CharDevice => "character special file",
        FileType::Fifo => "fifo",
    }
}

impl Run {
    fn fail(&mut self, ctx: &mut Ctx<'_>, shown: &str, e: FsError) {
        if !(self.force && e == FsError::NotFound) {
            ctx.error(&format!("cannot remove {}: {e}", quote_always(shown)));
            self.status = 1;
        }
    }

    fn removed(&self, ctx: &mut Ctx<'_>, shown: &str, dir: bool) {
        if self.verbose {
            let what = if dir { "removed directory" } else { "removed" };
            let _ = writeln!(ctx.stdout, "{what} {}", quote_always(shown));
        }
    }

    /// Remove `shown` (at `abs`); `depth` bounds the recursion.
    fn remove(&mut self, ctx: &mut Ctx<'_>, shown: &str, abs: &str, depth: usize) {
        let meta = match ctx.fs.lstat(abs) {
            Ok(m) => m,
            Err(e) => return self.fail(ctx, shown, e),
        };
        if meta.file_type != FileType::Dir {
            if self.prompt == Prompt::Always && !ask(ctx, &format!("remove {} {}", kind_name(&meta), quote_always(shown))) {
                return;
            }
            match ctx.fs.remove_file(abs) {
                Ok(()) => self.removed(ctx, shown, false),
                Err(e) => self.fail(ctx, shown, e),
            }
            return;
        }
        if !self.recursive {
            if !self.dir {
                return self.fail(ctx, shown, FsError::IsDir);
            }
            if self.prompt == Prompt::Always && !ask(ctx, &format!("remove directory {}", quote_always(shown))) {
                return;
            }
            match ctx.fs.remove_dir(abs) {
                Ok(()) => self.removed(ctx, shown, true),
                Err(e) => self.fail(ctx, shown, e),
            }
            return;
        }
        let entries = match ctx.fs.read_dir(abs) {
            Ok(e) => e,
            Err(e) => return self.fail(ctx, shown, e),
        };
        if !entries.is_empty() && self.prompt == Prompt::Always && !ask(ctx, &format!("descend into directory {}", quote_always(shown))) {
            return;
        }
        if depth > 4096 {
            return self.fail(ctx, shown, FsError::NameTooLong);
        }
        for ent in entries {
            let child = if shown.ends_with('/') { format!("{shown}{}", ent.name) } else { format!("{shown}/{}", ent.name) };
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.remove(ctx, &child, &join_path(abs, &ent.name), depth + 1));
            if ctx.cancel.cancelled() {
                return;
            }
        }
        if self.prompt == Prompt::Always && !ask(ctx, &format!("remove directory {}", quote_always(shown))) {
            return;
        }
        match ctx.fs.remove_dir(abs) {
            Ok(()) => self.removed(ctx, shown, true),
            Err(e) => self.fail(ctx, shown, e),
        }
    }
}

/// `.` or `..` as the last component (`.`, `./`, `d/..`).
fn is_dot(path: &str) -> bool {
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    last == "." || last == ".."
}

impl Builtin for Rm {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut r = Run { force: false, prompt: Prompt::Never, recursive: false, dir: false, verbose: false, preserve_root: true, status: 0 };
        for (o, v) in parsed.opts {
            match o {
                O::Force => (r.force, r.prompt) = (true, Prompt::Never),
                O::Interactive => (r.force, r.prompt) = (false, Prompt::Always),
                O::Once => (r.force, r.prompt) = (false, Prompt::Once),
                O::When => {
                    r.prompt = match v.as_deref() {
                        Some("never" | "no" | "none") => Prompt::Never,
                        Some("once") => Prompt::Once,
                        Some("always" | "yes") | None => Prompt::Always,
                        Some(other) => {
                            usage_error(ctx, &format!("invalid argument {} for ‘--interactive’", args::quote(other)));
                            return 1;
                        }
                    };
                    if r.prompt != Prompt::Never {
                        r.force = false;
                    }
                }
                O::Recursive => r.recursive = true,
                O::Dir => r.dir = true,
                O::Verbose => r.verbose = true,
                O::PreserveRoot => r.preserve_root = true,
                O::NoPreserveRoot => r.preserve_root = false,
                O::Ignored => {}
            }
        }
        let ops = &parsed.operands;
        if ops.is_empty() {
            if r.force {
                return 0;
            }
            usage_error(ctx, "missing operand");
            return 1;
        }
        if r.prompt == Prompt::Once && (r.recursive || ops.len() > 3) {
            let n = ops.len();
            let q = format!("remove {n} argument{}{}", if n == 1 { "" } else { "s" }, if r.recursive { " recursively" } else { "" });
            if !ask(ctx, &q) {
                return 0;
            }
        }
        for op in ops {
            let abs = ctx.abs_path(op);
            if r.recursive && is_dot(op) {
                ctx.error(&format!("refusing to remove '.' or '..' directory: skipping {}", quote_always(op)));
                r.status = 1;
                continue;
            }
            if r.recursive && r.preserve_root && abs == "/" {
                ctx.error("it is dangerous to operate recursively on '/'");
                ctx.error("use --no-preserve-root to override this failsafe");
                r.status = 1;
                continue;
            }
            r.remove(ctx, op, &abs, 0);
        }
        r.status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    #[test]
    fn removes() {
        let fs = fs_with(&[("/w/f", b"x"), ("/w/g", b""), ("/w/d/e/x", b""), ("/w/dd/", b""), ("/w/q/r/", b"")]);
        let _ = fs.symlink("/w/d", "/w/lnk");
        let rm = |args: &[&str], input: &[u8]| {
            let o = run(&Rm, "rm", args, input, &*fs, "/w");
            (o.out(), o.stderr, o.status)
        };
        let t = "Try 'rm --help' for more information.\n";
        assert_eq!(rm(&[], b""), (String::new(), format!("rm: missing operand\n{t}"), 1));
        assert_eq!(rm(&["-f"], b"").2, 0);
        assert_eq!(rm(&["nosuch"], b""), (String::new(), "rm: cannot remove 'nosuch': No such file or directory\n".into(), 1));
        assert_eq!(rm(&["-f", "nosuch"], b"").2, 0);
        assert_eq!(rm(&["d"], b"").1, "rm: cannot remove 'd': Is a directory\n");
        assert_eq!(rm(&["-d", "d"], b"").1, "rm: cannot remove 'd': Directory not empty\n");
        assert_eq!(rm(&["-dv", "dd"], b"").0, "removed directory 'dd'\n");
        assert_eq!(rm(&["-v", "lnk"], b"").0, "removed 'lnk'\n");
        assert!(fs.stat("/w/d/e/x").is_ok());
        assert_eq!(rm(&["-rv", "d"], b"").0, "removed 'd/e/x'\nremoved directory 'd/e'\nremoved directory 'd'\n");
        assert_eq!(rm(&["-r", ".", "./", "q/.."], b"").1, "rm: refusing to remove '.' or '..' directory: skipping '.'\nrm: refusing to remove '.' or '..' directory: skipping './'\nrm: refusing to remove '.' or '..' directory: skipping 'q/..'\n");
        assert_eq!(rm(&["-rf", "/"], b""), (String::new(), "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n".into(), 1));
        assert_eq!(rm(&["-i", "g"], b"n\n"), (String::new(), "rm: remove regular empty file 'g'? ".into(), 0));
        assert!(fs.stat("/w/g").is_ok());
        assert_eq!(rm(&["-i", "f", "g"], b"y\ny\n").1, "rm: remove regular file 'f'? rm: remove regular empty file 'g'? ");
        assert!(fs.stat("/w/g").is_err());
        assert_eq!(rm(&["-ri", "q"], b"y\ny\ny\n").1, "rm: descend into directory 'q'? rm: remove directory 'q/r'? rm: remove directory 'q'? ");
        assert!(fs.stat("/w/q").is_err());
    }
}
