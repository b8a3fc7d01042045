//! `tar` (GNU tar 1.34 behaviour): create (`-c`), list (`-t`, `-tv` in GNU's long format) and
//! extract (`-x`) ustar archives on the virtual filesystem, with `-f -z -C -v -O -h -k -m -P`,
//! `--strip-components`, `--exclude`/`-X`/`--exclude-vcs`, member operands with or without
//! `--wildcards` (see [`matching`]), `--transform` (see [`transform`]), `--owner`/`--group`,
//! `--numeric-owner`, `--sort=name`, old-style bundled options (`tar czf`), gzip detected
//! automatically when reading, and GNU's listings, messages and exit status 2.

mod create;
mod header;
mod matching;
mod names;
mod options;
mod read;
mod transform;

use super::{Builtin, Ctx};

/// The `tar` command.
pub struct Tar;

/// The operation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Create,
    Extract,
    List,
}

/// A member operand: as given, with the `-C` directory and the matching options in force.
struct Member {
    /// The operand as given.
    given: String,
    /// The directory (`-C`) in force when it was given.
    dir: Option<String>,
    /// How it selects members of an archive (`-t`, `-x`).
    matcher: matching::Matcher,
}

/// An `--owner` / `--group` value: a name and an id, each if given.
type Owner = (Option<String>, Option<u32>);

/// The parsed command line.
struct Opts {
    mode: Option<Mode>,
    file: Option<String>,
    gzip: bool,
    verbose: u8,
    to_stdout: bool,
    strip: usize,
    dereference: bool,
    keep_old: bool,
    touch: bool,
    /// `-a`: choose the compression from the archive's suffix.
    auto: bool,
    /// `-P`: keep leading `/` and `..` in member names.
    absolute: bool,
    /// `--numeric-owner`: list ids, not names.
    numeric_owner: bool,
    /// `--owner`, `--group`.
    owner: Option<Owner>,
    group: Option<Owner>,
    /// `--exclude`, `-X`, `--exclude-vcs`, `--exclude-backups` patterns.
    excludes: Vec<matching::Matcher>,
    /// The error of an `-X` file that cannot be read: GNU reads these files as it reads the
    /// operands, so it says so once the archive is open (`-c`) or before opening it (`-t -x`).
    unreadable_excludes: Option<String>,
    /// The matching options in force (at the end: for `--no-recursion` and the wildcard
    /// warning).
    flags: matching::Flags,
    /// `--transform` expressions.
    transforms: transform::Transforms,
    /// `--show-transformed-names`.
    show_transformed: bool,
    /// `--unquote` (the default) / `--no-unquote`: escapes in operands.
    unquote: bool,
    /// The operands.
    members: Vec<Member>,
    /// The last `-C` (extraction directory).
    dir: Option<String>,
}

/// Print `tar: MSG` and GNU's `Try` line; status 2.
fn usage_error(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    let _ = writeln!(ctx.stderr, "tar: {msg}\nTry 'tar --help' or 'tar --usage' for more information.");
    2
}

/// Print a fatal error (`tar: MSG` and `Error is not recoverable`); status 2.
fn fatal(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    let _ = writeln!(ctx.stderr, "tar: {msg}\ntar: Error is not recoverable: exiting now");
    2
}

/// An option-syntax error (argp): the message, the `Try` line and status 64 (`EX_USAGE`).
fn syntax_error(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    usage_error(ctx, msg);
    64
}

/// `drwxr-xr-x` for a member.
fn mode_string(kind: header::Kind, mode: u32) -> String {
    let t = match kind {
        header::Kind::Dir => 'd',
        header::Kind::Symlink => 'l',
        header::Kind::Hardlink => 'h',
        header::Kind::Other(b'3') => 'c',
        header::Kind::Other(b'4') => 'b',
        header::Kind::Other(b'6') => 'p',
        _ => '-',
    };
    let mut s = String::with_capacity(10);
    s.push(t);
    for (shift, special, ch) in [(6, 0o4000, 's'), (3, 0o2000, 's'), (0, 0o1000, 't')] {
        let bits = (mode >> shift) & 7;
        s.push(if bits & 4 != 0 { 'r' } else { '-' });
        s.push(if bits & 2 != 0 { 'w' } else { '-' });
        let x = bits & 1 != 0;
        s.push(match (mode & special != 0, x) {
            (true, true) => ch,
            (true, false) => ch.to_ascii_uppercase(),
            (false, true) => 'x',
            (false, false) => '-',
        });
    }
    s
}

/// The GNU listing of members: their names (`-t`, `-v`) or long lines (`-tv`, `-xvv`,
/// `-cvv`), names and link targets quoted as GNU does.
struct Lister {
    /// The width of `user/group size` so far (it only grows, as GNU's `ugswidth`).
    ugswidth: usize,
    tz: Option<String>,
    /// `--numeric-owner`.
    numeric: bool,
}

impl Lister {
    fn new(ctx: &Ctx<'_>, o: &Opts) -> Lister {
        Lister { ugswidth: 19, tz: ctx.env.get("TZ"), numeric: o.numeric_owner }
    }

    /// The listing of `e` shown as `name` with the link target `link`: its name alone, or
    /// with `long` GNU's `print_header` line.
    fn show(&mut self, e: &header::Entry, name: &str, link: &str, long: bool) -> String {
        if !long {
            return names::quote(name);
        }
        let user = if e.uname.is_empty() || self.numeric { e.uid.to_string() } else { e.uname.clone() };
        let group = if e.gname.is_empty() || self.numeric { e.gid.to_string() } else { e.gname.clone() };
        let ug = format!("{user}/{group}");
        let size = if matches!(e.kind, header::Kind::File) { e.size.to_string() } else { "0".to_string() };
        let pad = ug.len() + 1 + size.len();
        if pad > self.ugswidth {
            self.ugswidth = pad;
        }
        let w = self.ugswidth - ug.len() - 1;
        let when = kitsh_core::util::time::strftime("%Y-%m-%d %H:%M", e.mtime, self.tz.as_deref());
        let mut line = format!("{} {ug} {size:>w$} {when} {}", mode_string(e.kind, e.mode), names::quote(name));
        match e.kind {
            header::Kind::Symlink => line.push_str(&format!(" -> {}", names::quote(link))),
            header::Kind::Hardlink => line.push_str(&format!(" link to {}", names::quote(link))),
            _ => {}
        }
        line
    }
}

/// Whether an `--exclude` pattern (or `-X`, `--exclude-vcs` ...) matches `name` (a name
/// without its trailing slash).
fn excluded(o: &Opts, name: &str) -> bool {
    o.excludes.iter().any(|m| m.matches(name))
}

/// `tar --help`.
const HELP: &str = "Usage: tar [OPTION...] [FILE]...
GNU 'tar' saves many files together into a single tape or disk archive, and can
restore individual files from the archive.

Examples:
  tar -cf archive.tar foo bar  # Create archive.tar from files foo and bar.
  tar -tvf archive.tar         # List all files in archive.tar verbosely.
  tar -xf archive.tar          # Extract all files from archive.tar.

 Main operation mode:
  -c, --create               create a new archive
  -t, --list                 list the contents of an archive
  -x, --extract, --get       extract files from an archive

 Options kitsh implements:
  -a, --auto-compress        use archive suffix to determine the compression
  -C, --directory=DIR        change to directory DIR
  -f, --file=ARCHIVE         use archive file or device ARCHIVE
  -h, --dereference          follow symlinks; archive the files they point to
  -k, --keep-old-files       don't replace existing files when extracting
  -m, --touch                don't extract file modified time
  -O, --to-stdout            extract files to standard output
  -P, --absolute-names       don't strip leading '/'s or '..'s from file names
  -v, --verbose              verbosely list files processed
  -z, --gzip                 filter the archive through gzip
      --strip-components=NUMBER   strip NUMBER leading components from file
                             names on extraction
      --exclude=PATTERN      exclude files, given as a PATTERN
  -X, --exclude-from=FILE    exclude patterns listed in FILE
      --exclude-vcs          exclude version control system directories
      --exclude-backups      exclude backup and lock files
      --anchored             patterns match file name start
      --no-anchored          patterns match after any '/' (default for
                             exclusion)
      --ignore-case          ignore case
      --no-ignore-case       case sensitive matching (default)
      --wildcards            use wildcards (default for exclusion)
      --no-wildcards         verbatim string matching
      --wildcards-match-slash   wildcards match '/' (default for exclusion)
      --no-wildcards-match-slash   wildcards do not match '/'
      --no-recursion         avoid descending automatically in directories
      --transform=EXPRESSION, --xform=EXPRESSION
                             use sed replace EXPRESSION to transform file
                             names
      --show-transformed-names   show file or archive names after
                             transformation
      --owner=NAME           force NAME as owner for added files
      --group=NAME           force NAME as group for added files
      --numeric-owner        always use numbers for user/group names
      --sort=ORDER           directory sorting order: none (default), name
";

impl Builtin for Tar {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let o = match options::parse(ctx, argv) {
            Ok(o) => o,
            Err(st) => return st,
        };
        let Some(mode) = o.mode else {
            return usage_error(ctx, "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options");
        };
        match mode {
            Mode::Create => create::create(ctx, &o),
            Mode::Extract | Mode::List => read::read(ctx, &o, mode),
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
    fn create_list_extract() {
        let fs = fs_with(&[("/w/d/f", b"hello\n"), ("/w/d/g", b"x"), ("/w/out/", b"")]);
        let o = run(&Tar, "tar", &["-czf", "a.tgz", "d"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (0, ""));
        let o = run(&Tar, "tar", &["tzf", "a.tgz"], b"", &*fs, "/w");
        assert_eq!(o.out(), "d/\nd/f\nd/g\n");
        let o = run(&Tar, "tar", &["-xf", "a.tgz", "-C", "out", "--strip-components=1"], b"", &*fs, "/w");
        assert_eq!(o.status, 0);
        assert_eq!(fs.read_file("/w/out/f").ok(), Some(b"hello\n".to_vec()));
        let o = run(&Tar, "tar", &["-xOf", "a.tgz", "d/g"], b"", &*fs, "/w");
        assert_eq!(o.out(), "x");
        let o = run(&Tar, "tar", &["-tvf", "a.tgz", "d/f"], b"", &*fs, "/w");
        assert_eq!(o.out(), "-rw-r--r-- 1000/1000         6 2023-11-14 22:13 d/f\n");
    }

    #[test]
    fn names_patterns_and_transforms() {
        let fs = fs_with(&[("/w/d/a.txt", b"1"), ("/w/d/s/b.txt", b"2"), ("/w/d/s/c.log", b"3"), ("/w/out/", b"")]);
        let o = run(&Tar, "tar", &["--sort=name", "-cvf", "a.tar", "--exclude=*.log", "--transform=s,^d,top,", "d"], b"", &*fs, "/w");
        assert_eq!((o.status, o.out().as_str()), (0, "d/\nd/a.txt\nd/s/\nd/s/b.txt\n"));
        let o = run(&Tar, "tar", &["-tf", "a.tar", "top/*.txt"], b"", &*fs, "/w");
        assert_eq!(o.status, 2);
        assert!(o.stderr.starts_with("tar: Pattern matching characters used in file names\n"));
        let o = run(&Tar, "tar", &["-tf", "a.tar", "--wildcards", "top/*.txt"], b"", &*fs, "/w");
        assert_eq!(o.out(), "top/a.txt\ntop/s/b.txt\n");
        let o = run(&Tar, "tar", &["-xvf", "a.tar", "-C", "out", "--strip-components=1"], b"", &*fs, "/w");
        assert_eq!(o.out(), "top/a.txt\ntop/s/\ntop/s/b.txt\n");
        assert_eq!(fs.read_file("/w/out/s/b.txt").ok(), Some(b"2".to_vec()));
        let o = run(&Tar, "tar", &["-tf", "a.tar", "--transform=s/a/\\1/"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (2, "tar: Invalid transform replacement: back reference out of range\nTry 'tar --help' or 'tar --usage' for more information.\n"));
    }

    #[test]
    fn errors() {
        let fs = fs_with(&[("/w/g.tar", &[b'x'; 2000][..]), ("/w/e.tar", b"")]);
        let o = run(&Tar, "tar", &["-tf", "e.tar"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (2, "tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n"));
        let o = run(&Tar, "tar", &["-tf", "g.tar"], b"", &*fs, "/w");
        assert_eq!(o.status, 2);
        let o = run(&Tar, "tar", &["-cf", "x.tar"], b"", &*fs, "/w");
        assert_eq!(o.stderr, "tar: Cowardly refusing to create an empty archive\nTry 'tar --help' or 'tar --usage' for more information.\n");
        let o = run(&Tar, "tar", &["-cf", "x.tar", "nosuch"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (2, "tar: nosuch: Cannot stat: No such file or directory\ntar: Exiting with failure status due to previous errors\n"));
    }

    /// GNU tar must read kitsh's archives, long names included (skipped without a host tar).
    #[test]
    fn gnu_tar_reads_kitsh_archives() {
        use std::io::Write as _;
        use std::process::{Command, Stdio};
        let long = format!("/w/d/{}/{}", "n".repeat(120), "f".repeat(30));
        let fs = fs_with(&[("/w/d/f", b"hello\n"), (long.as_str(), b"deep")]);
        let o = run(&Tar, "tar", &["-czf", "a.tgz", "d"], b"", &*fs, "/w");
        assert_eq!(o.status, 0);
        let Ok(bytes) = fs.read_file("/w/a.tgz") else { return };
        let Ok(mut child) = Command::new("tar").args(["-tzf", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn() else {
            return;
        };
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(&bytes);
        }
        let Ok(out) = child.wait_with_output() else { return };
        assert!(out.status.success());
        let names = String::from_utf8_lossy(&out.stdout).into_owned();
        let deep = &long["/w/".len()..];
        assert_eq!(names, format!("d/\nd/f\nd/{}/\n{deep}\n", "n".repeat(120)));
    }
}
