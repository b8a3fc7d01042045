//! `tar` (GNU tar 1.34 behaviour): create (`-c`), list (`-t`, `-tv` in GNU's long format) and
//! extract (`-x`) ustar archives on the virtual filesystem, with `-f -z -C -v -O -h -k -m`,
//! `--strip-components`, `--exclude`, `--sort=name`, old-style bundled options (`tar czf`),
//! gzip detected automatically when reading, and GNU's messages and exit status 2.

mod create;
mod header;
mod read;


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
    excludes: Vec<String>,
    /// Operands with the directory (`-C`) in force when they were given.
    members: Vec<(String, Option<String>)>,
    /// The last `-C` (extraction directory).
    dir: Option<String>,
}

/// Print `tar: MSG` and GNU's `Try` line; status 2.
fn usage_error(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    let _ = writeln!(ctx.stderr, "tar: {msg}\nTry 'tar --help' or 'tar --usage' for more information.");
    2
}

/// An option-syntax error (argp): the message, the `Try` line and status 64 (`EX_USAGE`).
fn syntax_error(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    usage_error(ctx, msg);
    64
}

const LONGS: &[(&str, bool)] = &[
    ("create", false),
    ("extract", false),
    ("get", false),
    ("list", false),
    ("file", true),
    ("gzip", false),
    ("gunzip", false),
    ("ungzip", false),
    ("directory", true),
    ("verbose", false),
    ("to-stdout", false),
    ("strip-components", true),
    ("dereference", false),
    ("keep-old-files", false),
    ("overwrite", false),
    ("exclude", true),
    ("sort", true),
    ("touch", false),
    ("preserve-permissions", false),
    ("same-permissions", false),
    ("no-same-owner", false),
    ("same-owner", false),
    ("no-same-permissions", false),
    ("numeric-owner", false),
    ("auto-compress", false),
    ("bzip2", false),
    ("xz", false),
    ("help", false),
    ("version", false),
];

/// Apply one option (by short letter or long name) with its value.
fn apply(ctx: &mut Ctx<'_>, o: &mut Opts, opt: &str, val: Option<String>) -> Result<(), i32> {
    let set_mode = |ctx: &mut Ctx<'_>, o: &mut Opts, m: Mode| {
        if o.mode.is_some_and(|x| x != m) {
            return Err(usage_error(ctx, "You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option"));
        }
        o.mode = Some(m);
        Ok(())
    };
    match opt {
        "c" | "create" => set_mode(ctx, o, Mode::Create)?,
        "x" | "extract" | "get" => set_mode(ctx, o, Mode::Extract)?,
        "t" | "list" => set_mode(ctx, o, Mode::List)?,
        "f" | "file" => o.file = val,
        "z" | "gzip" | "gunzip" | "ungzip" => o.gzip = true,
        "C" | "directory" => {
            o.dir = val;
        }
        "v" | "verbose" => o.verbose = o.verbose.saturating_add(1),
        "O" | "to-stdout" => o.to_stdout = true,
        "strip-components" => {
            let v = val.unwrap_or_default();
            match v.parse::<usize>() {
                Ok(n) => o.strip = n,
                Err(_) => {
                    let _ = writeln!(ctx.stderr, "tar: Invalid number of elements: '{v}'");
                    let _ = writeln!(ctx.stderr, "Try 'tar --help' or 'tar --usage' for more information.");
                    return Err(2);
                }
            }
        }
        "h" | "dereference" => o.dereference = true,
        "k" | "keep-old-files" => o.keep_old = true,
        "a" | "auto-compress" => o.auto = true,
        "m" | "touch" => o.touch = true,
        "exclude" => o.excludes.push(val.unwrap_or_default()),
        "j" | "J" | "bzip2" | "xz" => {
            let _ = writeln!(ctx.stderr, "tar: only gzip compression (-z) is supported by kitsh");
            return Err(2);
        }
        "help" => {
            let text = "Usage: tar [OPTION...] [FILE]...\nGNU 'tar' saves many files together into a single tape or disk archive, and can\nrestore individual files from the archive.\n";
            return Err(match ctx.stdout.write_all(text.as_bytes()) {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            });
        }
        "version" => {
            return Err(match ctx.stdout.write_all(b"tar (GNU tar) 1.34\n") {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            });
        }
        _ => {}
    }
    Ok(())
}

/// Short letters taking an argument.
fn short_takes_arg(c: char) -> bool {
    matches!(c, 'f' | 'C' | 'T' | 'X' | 'b' | 'N' | 'K' | 'L' | 'V' | 'g' | 'H')
}

/// Short letters known to GNU tar that kitsh accepts (some are ignored).
fn short_known(c: char) -> bool {
    "cxtfzCvOhkmjJpPsoaw".contains(c) || short_takes_arg(c)
}

fn parse(ctx: &mut Ctx<'_>, argv: &[String]) -> Result<Opts, i32> {
    let mut o = Opts {
        mode: None,
        file: None,
        gzip: false,
        verbose: 0,
        to_stdout: false,
        strip: 0,
        dereference: false,
        keep_old: false,
        touch: false,
        auto: false,
        excludes: Vec::new(),
        members: Vec::new(),
        dir: None,
    };
    let mut i = 0;
    // Old style: `tar czf ARCHIVE ...`.
    if let Some(first) = argv.first() {
        if !first.starts_with('-') && !first.is_empty() {
            i = 1;
            for c in first.chars() {
                if !short_known(c) {
                    return Err(syntax_error(ctx, &format!("invalid option -- '{c}'")));
                }
                let val = if short_takes_arg(c) {
                    let v = argv.get(i).cloned();
                    if v.is_none() {
                        return Err(syntax_error(ctx, &format!("option requires an argument -- '{c}'")));
                    }
                    i += 1;
                    v
                } else {
                    None
                };
                apply(ctx, &mut o, &c.to_string(), val)?;
            }
        }
    }
    while i < argv.len() {
        let a = &argv[i];
        i += 1;
        if a == "--" {
            for m in &argv[i..] {
                o.members.push((m.clone(), o.dir.clone()));
            }
            break;
        }
        if let Some(body) = a.strip_prefix("--") {
            let (name, val) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let hits: Vec<&(&str, bool)> = LONGS.iter().filter(|(l, _)| l.starts_with(name)).collect();
            let exact = LONGS.iter().find(|(l, _)| *l == name);
            let (long, takes) = match (exact, hits.as_slice()) {
                (Some(e), _) => *e,
                (None, [one]) => **one,
                (None, []) => return Err(syntax_error(ctx, &format!("unrecognized option '{a}'"))),
                (None, _) => return Err(syntax_error(ctx, &format!("option '{a}' is ambiguous"))),
            };
            let val = if takes {
                match val {
                    Some(v) => Some(v),
                    None => match argv.get(i) {
                        Some(v) => {
                            i += 1;
                            Some(v.clone())
                        }
                        None => return Err(syntax_error(ctx, &format!("option '--{long}' requires an argument"))),
                    },
                }
            } else if val.is_some() {
                return Err(syntax_error(ctx, &format!("option '--{long}' doesn't allow an argument")));
            } else {
                None
            };
            apply(ctx, &mut o, long, val)?;
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            let chars: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                k += 1;
                if !short_known(c) {
                    return Err(syntax_error(ctx, &format!("invalid option -- '{c}'")));
                }
                let val = if short_takes_arg(c) {
                    let rest: String = chars[k..].iter().collect();
                    k = chars.len();
                    if !rest.is_empty() {
                        Some(rest)
                    } else if let Some(v) = argv.get(i) {
                        i += 1;
                        Some(v.clone())
                    } else {
                        return Err(syntax_error(ctx, &format!("option requires an argument -- '{c}'")));
                    }
                } else {
                    None
                };
                apply(ctx, &mut o, &c.to_string(), val)?;
            }
            continue;
        }
        o.members.push((a.clone(), o.dir.clone()));
    }
    Ok(o)
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

/// The GNU long listing line of a member (`-tv`, `-cvv`).
struct Lister {
    ugswidth: usize,
    tz: Option<String>,
}

impl Lister {
    fn line(&mut self, e: &header::Entry) -> String {
        let user = if e.uname.is_empty() { e.uid.to_string() } else { e.uname.clone() };
        let group = if e.gname.is_empty() { e.gid.to_string() } else { e.gname.clone() };
        let ug = format!("{user}/{group}");
        let size = if matches!(e.kind, header::Kind::File) { e.size.to_string() } else { "0".to_string() };
        let pad = ug.len() + 1 + size.len();
        if pad > self.ugswidth {
            self.ugswidth = pad;
        }
        let w = self.ugswidth - ug.len() - 1;
        let when = kitsh_core::util::time::strftime("%Y-%m-%d %H:%M", e.mtime, self.tz.as_deref());
        let mut line = format!("{} {ug} {size:>w$} {when} {}", mode_string(e.kind, e.mode), e.name);
        match e.kind {
            header::Kind::Symlink => line.push_str(&format!(" -> {}", e.link)),
            header::Kind::Hardlink => line.push_str(&format!(" link to {}", e.link)),
            _ => {}
        }
        line
    }
}

/// Shell-style pattern match for `--exclude` (on the whole name or any of its last components).
fn excluded(o: &Opts, name: &str) -> bool {
    let trimmed = name.trim_end_matches('/');
    o.excludes.iter().any(|p| {
        let parts: Vec<&str> = trimmed.split('/').collect();
        {
            let pat = kitsh_core::pattern::Pattern::new(p, kitsh_core::pattern::MatchOpts::default());
            (0..parts.len()).any(|k| pat.matches(&parts[k..].join("/")))
        }
    })
}

impl Builtin for Tar {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let o = match parse(ctx, argv) {
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
